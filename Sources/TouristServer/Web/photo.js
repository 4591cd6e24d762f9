// The photo page (/pins/ID/photos/PHOTO): one photo larger, with its title, owner, license and
// attribution, when it was taken, where (a small map) and a link to its page at the provider. Your
// own photo (the server sends its `file`) shows that file's path and the camera instead.
//
// The photo's preview shows at once (made on first request for a photo stored before previews
// existed), with its size and format and a link to the stored original. When the album keeps a
// size smaller than the page shows (`larger`), the larger size is asked for (the server downloads
// it on demand) and swapped in when it has loaded; if that fails, the preview stays with the error.
// A photo that cannot be decoded shows a placeholder saying why, never a broken image.
//
// Previous and Next step through the album in its order (ArrowLeft and ArrowRight too); Delete
// (the button or the Delete key) asks first, then removes the photo from the album for good, as
// `tourist photo rm` does, and goes on to the next photo, or back to the album when none is left.
// The keys act unless the focus is in a form field, the map or a dialog.

import * as api from './api.js';
import { createMap } from './basemap.js';
import {
  h, showError, safeHref, sameOriginPath, providerName, coordinates, stateLabel, confirmDialog, photoDeletion,
  keyBelongsElsewhere,
} from './ui.js';

/** Render photo `photoID` of pin `pinID` into `container`; returns the teardown function. */
export function mountPhoto(container, pinID, photoID, context) {
  let map = null;
  let steps = null; // the photo's neighbours and Delete, once loaded
  const albumPath = `/pins/${encodeURIComponent(pinID)}`;
  const back = h('a', { class: 'back-link', href: albumPath }, h('span', { 'aria-hidden': 'true' }, '← '), 'Album');
  const header = h('div', { class: 'page-header photo-header' }, back);
  const body = h('div', { class: 'photo-page' }, header);
  container.append(body);
  document.title = 'Photo — tourist';
  const onKey = (event) => steps?.key(event);
  document.addEventListener('keydown', onKey);

  (async () => {
    let data;
    let settings = null;
    try {
      [data, settings] = await Promise.all([
        api.getPhoto(pinID, photoID, { signal: context.signal }),
        api.getSettings({ signal: context.signal }).catch(() => null), // tiles are optional
      ]);
    } catch (error) {
      if (context.signal.aborted) return;
      if (error.status === 404) {
        body.append(h('div', { class: 'notice' },
          h('h1', {}, 'No such photo'),
          h('p', { class: 'muted' }, error.message),
          h('p', {}, h('a', { href: albumPath }, 'Back to the album'))));
      } else {
        showError(error.message);
      }
      context.ready();
      return;
    }
    if (context.signal.aborted) return;
    const { pin, photo } = data;
    back.replaceChildren(h('span', { 'aria-hidden': 'true' }, '← '), pin.name);
    document.title = `${photo.title || 'Untitled photo'} — tourist`;
    steps = new PhotoSteps(pin, photo, data, context);
    header.append(steps.element);
    const mapElement = render(body, data, settings);
    if (mapElement) map = showMap(mapElement, pin, photo, settings?.tiles);
    context.ready();
    if (data.larger) loadLarge(pinID, photoID, photo, context.signal);
    else document.getElementById('photo-large-status').hidden = true;
  })();

  return () => {
    document.removeEventListener('keydown', onKey);
    map?.remove();
    map = null;
  };
}

/** Previous, Next and Delete of one photo page, by button and by key. */
class PhotoSteps {
  constructor(pin, photo, { previous, next }, context) {
    this.pin = pin;
    this.photo = photo;
    this.context = context;
    const path = (id) => `/pins/${encodeURIComponent(pin.id)}/photos/${encodeURIComponent(id)}`;
    this.previousPath = typeof previous === 'string' ? path(previous) : null;
    this.nextPath = typeof next === 'string' ? path(next) : null;
    this.albumPath = `/pins/${encodeURIComponent(pin.id)}`;
    const step = (id, href, label, arrow, key, rel) => {
      const sign = h('span', { 'aria-hidden': 'true' }, arrow);
      const content = rel === 'prev' ? [sign, label] : [label, sign];
      return href
        ? h('a', { id, class: 'button photo-step', href, rel, 'aria-keyshortcuts': key, title: `${label} photo (${arrow} key)` }, content)
        : h('button', { id, type: 'button', class: 'button photo-step', disabled: true }, content);
    };
    this.deleteButton = h('button', {
      type: 'button', id: 'delete-photo', class: 'button button-danger-outline', 'aria-keyshortcuts': 'Delete',
      title: 'Delete this photo (Delete key)', on: { click: () => this.remove() },
    }, 'Delete');
    this.element = h('nav', { class: 'photo-steps', 'aria-label': 'This photo' },
      step('photo-previous', this.previousPath, 'Previous', '←', 'ArrowLeft', 'prev'),
      step('photo-next', this.nextPath, 'Next', '→', 'ArrowRight', 'next'),
      this.deleteButton);
  }

  /** The page's keys: ArrowLeft, ArrowRight and Delete. */
  key(event) {
    if (keyBelongsElsewhere(event) || event.shiftKey) return;
    const go = { ArrowLeft: this.previousPath, ArrowRight: this.nextPath }[event.key];
    if (go) {
      event.preventDefault();
      this.context.navigate(go);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      this.remove();
    }
  }

  /** Asks, deletes the photo, and goes on to the next one (or the previous, or the album). */
  async remove() {
    if (this.deleting) return;
    this.deleting = true;
    try {
      const ok = await confirmDialog(photoDeletion(1, this.pin.name));
      if (!ok || this.context.signal.aborted) return;
      this.deleteButton.disabled = true;
      await api.deletePhotos(this.pin.id, [this.photo.id]);
      if (!this.context.signal.aborted) this.context.navigate(this.nextPath || this.previousPath || this.albumPath, { replace: true });
    } catch (error) {
      if (!this.context.signal.aborted) showError(error.message, { signal: this.context.signal });
      this.deleteButton.disabled = false;
    } finally {
      this.deleting = false;
    }
  }
}

/** The page's content; returns the map's element when the photo has a location. */
function render(body, { pin, photo, distanceText }, settings) {
  const title = photo.title || 'Untitled photo';
  const preview = photo.imageError ? null : api.imageURL(pin.id, photo, 'preview');
  const img = h('img', { id: 'photo-large', class: 'photo-large', alt: title, hidden: !preview });
  const placeholder = h('div', { id: 'photo-placeholder', class: 'photo-frame-placeholder', hidden: !photo.imageError },
    h('strong', {}, 'This photo cannot be shown'),
    h('span', { id: 'photo-placeholder-reason' }, photo.imageError || ''));
  const frame = h('div', { class: preview ? 'photo-frame' : 'photo-frame photo-frame-empty' }, img, placeholder,
    preview || photo.imageError ? null : h('span', { class: 'spinner', 'aria-hidden': 'true' }));
  if (preview) {
    img.addEventListener('error', () => {
      // Found out on first request: the photo cannot be decoded. The album now says why.
      img.hidden = true;
      frame.classList.add('photo-frame-empty');
      placeholder.hidden = false;
      api.getPhoto(pin.id, photo.id).then((data) => {
        document.getElementById('photo-placeholder-reason').textContent = data.photo.imageError || '';
      }, () => {});
    }, { once: true });
    img.src = preview;
  }
  const status = h('p', { id: 'photo-large-status', class: 'photo-large-status muted' }, 'Loading larger size…');

  const hasLocation = Number.isFinite(photo.latitude) && Number.isFinite(photo.longitude);
  const mapElement = hasLocation
    ? h('div', { id: 'photo-map', class: 'photo-map', role: 'region', 'aria-label': 'Where the photo was taken' })
    : h('p', { id: 'photo-map', class: 'photo-map photo-map-unknown muted' }, 'Location unknown');

  const own = typeof photo.file === 'string';
  const facts = h('dl', { class: 'photo-facts' },
    own ? fact('File', h('dd', { id: 'photo-file', class: 'photo-file' }, breakable(photo.file))) : null,
    own || photo.camera ? fact('Camera', h('dd', { id: 'photo-camera' }, photo.camera || 'Unknown')) : null,
    own ? null : fact('Owner', h('dd', { id: 'photo-owner' }, photo.owner || 'Unknown')),
    own ? null : fact('License', h('dd', {}, licenseElement(photo),
      photo.attribution ? h('div', { id: 'photo-attribution', class: 'photo-attribution' }, photo.attribution) : null)),
    fact('Taken', h('dd', { id: 'photo-taken' }, takenElement(photo.takenAt, photo.takenAtKind))),
    photo.state === 'stored' ? fact('Image', h('dd', { id: 'photo-image' }, imageFacts(photo))) : null,
    fact('Where', h('dd', { id: 'photo-where' }, whereText(pin, photo, distanceText))),
    photo.state !== 'stored'
      ? fact('State', h('dd', { id: 'photo-state', class: 'photo-state-problem' },
        stateLabel(photo.state), photo.error ? `: ${photo.error}` : ''))
      : null);

  const pageURL = safeHref(photo.pageURL);
  let source = null;
  if (pageURL) {
    source = h('a', { id: 'photo-source', class: 'button', href: pageURL, target: '_blank', rel: 'noopener noreferrer' },
      `View on ${providerName(photo.provider, settings)}`);
  } else if (!own) {
    source = h('p', { id: 'photo-source', class: 'muted' }, `No page on ${providerName(photo.provider, settings)}`);
  }

  body.append(h('div', { class: 'photo-layout' },
    h('figure', { class: 'photo-figure' }, frame, status),
    h('section', { class: 'photo-info', 'aria-label': 'About this photo' },
      h('h1', { id: 'photo-title', class: 'photo-title' }, breakable(title)),
      facts,
      mapElement,
      source ? h('p', { class: 'photo-links' }, source) : null)));
  return hasLocation ? mapElement : null;
}

/** The stored original: its size in pixels and format, as the server read them, and a link to it. */
function imageFacts(photo) {
  const pixels = Number.isInteger(photo.width) && Number.isInteger(photo.height) ? `${photo.width} × ${photo.height} px` : null;
  const format = typeof photo.mime === 'string' ? photo.mime.replace(/^image\//, '').toUpperCase() : null;
  const bytes = !Number.isFinite(photo.bytes) ? null
    : photo.bytes < 1e6 ? `${Math.max(1, Math.round(photo.bytes / 1e3))} KB` : `${(photo.bytes / 1e6).toFixed(1)} MB`;
  const original = api.blobURL(photo.sha256);
  return [
    h('span', { id: 'photo-dimensions' }, [pixels, format, bytes].filter(Boolean).join(', ') || 'Unknown'),
    original ? h('div', {}, h('a', { id: 'photo-original', href: original, target: '_blank', rel: 'noopener' }, 'Open the original')) : null,
  ];
}

function fact(label, dd) {
  return [h('dt', {}, label), dd];
}

function licenseElement(photo) {
  const name = photo.license || (photo.licenseID ? `License ${photo.licenseID}` : 'Unknown');
  const url = safeHref(photo.licenseURL);
  return url
    ? h('a', { id: 'photo-license', href: url, target: '_blank', rel: 'noopener noreferrer license' }, name)
    : h('span', { id: 'photo-license' }, name);
}

/**
 * `text` (a title, a file's path) with a line break allowed after each `/`, `_` and `-`, so a long
 * file name wraps between its parts rather than in the middle of one (or of `name.jpg`).
 */
function breakable(text) {
  return text.split(/(?<=[/_-])/).flatMap((part, index) => (index === 0 ? [part] : [h('wbr'), part]));
}

/**
 * When the photo was taken, as its camera recorded it. The server sends the camera's clock as if
 * it were UTC (cameras record no time zone), so it is shown in UTC: the viewer's own time zone
 * would move a photo taken at 17:00 to 7 PM in Rome. With `takenAtKind` "uploaded" the date is
 * the upload's, no date taken being known, and it says so.
 */
function takenElement(takenAt, takenAtKind) {
  const date = takenAt ? new Date(takenAt) : null;
  if (!date || Number.isNaN(date.getTime())) return 'Unknown';
  const time = h('time', { datetime: takenAt }, date.toLocaleString(undefined, { timeZone: 'UTC' }));
  return takenAtKind === 'uploaded' ? ['Unknown (uploaded ', time, ')'] : time;
}

/** Where the photo was taken, and how far from the pin in the server's words (`distanceText`). */
function whereText(pin, photo, distanceText) {
  if (!Number.isFinite(photo.latitude) || !Number.isFinite(photo.longitude)) return 'Unknown';
  return `${coordinates(photo.latitude, photo.longitude)}${distanceText ? `, ${distanceText} from ${pin.name}` : ''}`;
}

/** A small map: the photo's spot (red), and the pin (blue) with its search circle. */
function showMap(element, pin, photo, tiles) {
  const { map } = createMap(element, tiles, { scrollWheelZoom: false });
  const spot = L.latLng(photo.latitude, photo.longitude);
  const hasPin = Number.isFinite(pin.latitude) && Number.isFinite(pin.longitude);
  if (tiles) {
    // With tiles the neighbourhood shows: fit the pin's search circle and the spot.
    map.setView(spot, 14); // a circle's bounds need a map with a view
    if (hasPin && pin.radiusKm > 0) {
      const circle = L.circle([pin.latitude, pin.longitude], {
        radius: pin.radiusKm * 1000, color: '#2563eb', weight: 1.5, dashArray: '4 4', fillOpacity: 0.06, interactive: false,
      }).addTo(map);
      map.fitBounds(circle.getBounds().extend(spot), { padding: [16, 16], maxZoom: 15 });
    }
  } else {
    // The offline land outlines are coarse (1:110m): zoom out far enough for them to say where.
    map.setView(spot, 5);
  }
  if (hasPin) {
    L.circleMarker([pin.latitude, pin.longitude], {
      radius: 5, color: '#2563eb', weight: 2, fillColor: '#ffffff', fillOpacity: 1, interactive: false,
    }).addTo(map);
  }
  L.circleMarker(spot, {
    radius: 7, color: '#ffffff', weight: 2, fillColor: '#dc2626', fillOpacity: 1, interactive: false,
  }).addTo(map);
  return map;
}

/** Ask for the larger size and swap it in once it has loaded. */
async function loadLarge(pinID, photoID, photo, signal) {
  const img = document.getElementById('photo-large');
  const status = document.getElementById('photo-large-status');
  const fail = (text) => {
    if (signal.aborted) return;
    status.textContent = text;
    status.classList.add('photo-large-error');
    status.classList.remove('muted');
    if (img.hidden) img.closest('.photo-frame')?.querySelector('.spinner')?.remove();
  };
  if (photo.state === 'rejected') {
    fail('This photo was rejected; there is no larger size.');
    return;
  }
  let large;
  try {
    large = await api.getLarge(pinID, photoID);
  } catch (error) {
    fail(`Could not load the larger size: ${error.message}`);
    return;
  }
  const url = sameOriginPath(large?.url);
  if (signal.aborted) return;
  if (!url) {
    fail('The server sent no usable address for the larger size.');
    return;
  }
  // Load it off-screen first, so the thumbnail stays until the larger image can replace it.
  const loader = new Image();
  loader.addEventListener('load', () => {
    if (signal.aborted) return;
    img.src = url;
    img.hidden = false;
    img.closest('.photo-frame')?.classList.remove('photo-frame-empty');
    img.closest('.photo-frame')?.querySelector('.spinner')?.remove();
    img.dataset.size = large.size || '';
    status.textContent = '';
    status.hidden = true;
  });
  loader.addEventListener('error', () => fail('The larger size could not be shown.'));
  loader.src = url;
}
