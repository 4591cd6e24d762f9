// The album page (/pins/ID): a pin's photos as a grid of square thumbnails, with New Collection,
// deleting selected photos, editing the pin's name and radius (pin-edit.js) and deleting the pin.
// Every action is a button, a link or a checkbox, so the keyboard reaches each one.
//
// A tile's link opens the photo's page; the checkbox in its corner selects it for deletion.
// The album stays live: `pin` events for this pin reload the album JSON and update the tiles in
// place (a tile whose photo did not change keeps its <img>, so thumbnails never flicker), and
// `progress` events move the progress bar. A pin that was never fetched is fetched on first open,
// as the iOS app did.
//
// How the last fetch ended comes from the server's report (`album.report`, and the `fetch-ended`
// event): the page switches on its kind and shows its headline, its notes and its advice's button,
// in the words every front end shares; it never reads a message to guess the cause. A fetch that
// runs anywhere (here, or `tourist fetch` in a terminal) shows as fetching, never as interrupted.
// While a new collection searches, the photos it replaces are not shown: a searching card stands
// in the grid's place until the new photos arrive (or the search finds none and they stay).
// When it finds fewer unseen photos than the album holds, the album stays, and the page that
// started it asks (the report's question) whether to replace it anyway: Replace or Keep.
// A route pin's album (the server sends its `route`) shows a small map of the line with a dot
// where each photo was taken, and each tile its kilometre along the route ("km 132"); Leaflet is
// loaded for it only then.

import * as api from './api.js';
import { albumStatus, renderSetAside, renderStatus, setAsidePhotos } from './album-status.js';
import { on } from './events.js';
import { loadLeaflet } from './leaflet.js';
import { PinEditForm } from './pin-edit.js';
import {
  h, showError, showMessage, confirmDialog, photoDeletion, plural, capitalized, coordinates, placeText, stateClass, stateLabel,
} from './ui.js';

/** Render the album of pin `pinID` into `container`; returns the function that tears it down. */
export function mountAlbum(container, pinID, context) {
  const album = new AlbumPage(container, pinID, context);
  return () => album.unmount();
}

class AlbumPage {
  constructor(container, pinID, context) {
    this.pinID = pinID;
    this.context = context;
    this.signal = context.signal;
    this.album = null; // the last album JSON
    this.removed = false; // the pin was deleted while shown
    this.progress = null; // the last progress event: {done, total}
    this.selected = new Set(); // ids of the selected photos
    this.tiles = new Map(); // photo id -> {element, checkbox, img, key}
    this.autoFetched = false;
    this.startedNewCollection = false; // this page started the running new collection (it asks what to do)
    this.action = Promise.resolve(); // the last action (`act`), once it has ended
    this.loading = false;
    this.reloadAgain = false;
    this.build(container);
    this.unsubscribe = [
      on('pin', (pin) => this.onPin(pin)),
      on('pin-removed', (data) => this.onPinRemoved(data)),
      on('progress', (data) => this.onProgress(data)),
      on('fetch-ended', (data) => this.onFetchEnded(data)),
      on('resync', () => this.reload()),
    ];
    document.title = 'Album — tourist';
    this.reload().then(() => context.ready());
  }

  unmount() {
    for (const off of this.unsubscribe) off();
  }

  get pinPath() {
    return `/pins/${encodeURIComponent(this.pinID)}`;
  }

  // ---- The page's fixed parts -----------------------------------------------------------------

  build(container) {
    this.nameElement = h('h1', { id: 'album-name', class: 'album-name' }, '…');
    this.stateElement = h('span', { id: 'album-state', class: 'state-badge' });
    this.countElement = h('span', { id: 'album-count', class: 'album-count' });
    this.placeElement = h('span', { id: 'album-place', class: 'album-place muted' });
    // The pin's time window in the server's words ("in April, any year"), when it has one.
    this.windowElement = h('span', { id: 'album-window', class: 'album-window muted', hidden: true });
    this.progressElement = h('progress', { id: 'album-progress', class: 'album-progress', hidden: true });
    this.progressLabel = h('span', { id: 'album-progress-label', class: 'album-progress-label muted', hidden: true });
    this.newCollectionButton = h('button', {
      type: 'button', id: 'new-collection', class: 'button', disabled: true,
      title: 'Replace these photos with a new set from around the pin',
      on: { click: () => this.newCollection() },
    }, 'New Collection');
    this.deletePhotosButton = h('button', {
      type: 'button', id: 'delete-photos', class: 'button button-danger-outline', disabled: true,
      on: { click: () => this.deleteSelected() },
    }, 'Delete photos');
    this.clearSelectionButton = h('button', {
      type: 'button', id: 'clear-selection', class: 'button button-quiet', hidden: true,
      on: { click: () => this.clearSelection() },
    }, 'Clear selection');
    this.editButton = h('button', {
      type: 'button', id: 'edit-pin', class: 'button', disabled: true, 'aria-expanded': 'false', 'aria-controls': 'pin-edit-form',
      on: { click: () => this.editForm.open(this.album.pin) },
    }, 'Edit pin');
    this.settings = api.getSettings({ signal: this.signal }).catch(() => null);
    this.editForm = new PinEditForm({ opener: this.editButton, onSaved: (result) => this.onEdited(result), settings: this.settings });
    this.nextElement = h('div', { id: 'album-next', class: 'album-next', role: 'status', hidden: true });
    this.deletePinButton = h('button', {
      type: 'button', id: 'delete-pin', class: 'button button-danger-quiet', disabled: true,
      on: { click: () => this.deletePin() },
    }, 'Delete pin');
    this.routeMapElement = h('div', {
      id: 'album-route-map', class: 'album-route-map', role: 'region', 'aria-label': 'Map of the route and where its photos were taken', hidden: true,
    });
    this.routeMap = null; // {map, key}: the small map of a route pin, and what it shows
    this.statusElement = h('div', { id: 'album-status', class: 'album-status', hidden: true, 'aria-live': 'polite' });
    this.noteElement = h('p', { id: 'album-note', class: 'album-note muted', hidden: true });
    // A list only while it has items (an empty list is an error to a screen reader).
    this.grid = h('div', { id: 'album-grid', class: 'album-grid', 'aria-label': 'Photos', hidden: true });
    // The photos set aside (lookalikes, unusable ones), and why: shut until opened.
    this.setAsideElement = h('details', { id: 'album-set-aside', class: 'album-set-aside muted', hidden: true });

    container.append(h('div', { class: 'album' },
      h('div', { class: 'page-header album-header' },
        h('a', { class: 'back-link', href: '/' }, h('span', { 'aria-hidden': 'true' }, '← '), 'Map'),
        h('div', { class: 'album-heading' },
          h('div', { class: 'album-title-row' }, this.nameElement, this.stateElement),
          h('p', { class: 'album-meta' }, this.countElement, this.placeElement, this.windowElement),
          this.noteElement,
          h('div', { class: 'album-progress-row' }, this.progressElement, this.progressLabel)),
        this.actionsElement = h('div', { class: 'album-actions' },
          this.newCollectionButton, this.clearSelectionButton, this.deletePhotosButton, this.editButton, this.deletePinButton)),
      this.editForm.element,
      this.routeMapElement,
      this.nextElement,
      this.statusElement,
      this.grid,
      this.setAsideElement));
  }

  // ---- Loading ------------------------------------------------------------------------------

  /** Load the album JSON and render it; calls made while a load runs coalesce into one more. */
  async reload() {
    if (this.loading) {
      this.reloadAgain = true;
      return;
    }
    this.loading = true;
    try {
      do {
        this.reloadAgain = false;
        const album = await api.getAlbum(this.pinID, { signal: this.signal });
        if (this.signal.aborted) return;
        this.render(album);
      } while (this.reloadAgain && !this.signal.aborted);
    } catch (error) {
      if (this.signal.aborted || error.name === 'AbortError') return;
      if (error.status === 404) this.renderGone('There is no such pin.', error.message);
      else showError(error.message, { signal: this.signal });
    } finally {
      this.loading = false;
    }
    this.maybeStartFetch();
  }

  /** The app loads a new pin's photos on first open. */
  maybeStartFetch() {
    const album = this.album;
    if (!album || this.autoFetched || this.removed || this.signal.aborted) return;
    if (album.pin.state === 'new' && !album.fetching) {
      this.autoFetched = true;
      this.fetchPhotos({ quietConflict: true });
    }
  }

  get busy() {
    return Boolean(this.album && (this.album.fetching || this.album.pin.state === 'fetching'));
  }

  /** A new collection is searching: the album still lists the photos it is about to replace. */
  get searchingNew() {
    return Boolean(this.album && this.album.replacing && this.album.pin.state !== 'fetching');
  }

  // ---- Rendering ----------------------------------------------------------------------------

  render(album) {
    this.album = album;
    const pin = album.pin;
    if (pin.id && pin.id !== this.pinID) {
      // Opened by name: the address names the pin by its id from now on, which a rename keeps.
      this.pinID = pin.id;
      history.replaceState(history.state, '', this.pinPath);
    }
    const photos = (album.photos || []).filter((photo) => photo && photo.state !== 'rejected');
    const stored = photos.filter((photo) => photo.state === 'stored').length;

    document.title = `${pin.name} — tourist`;
    this.nameElement.textContent = pin.name;
    const state = album.fetching ? 'fetching' : pin.state; // this server's fetch may not be saved yet
    this.stateElement.textContent = stateLabel(state);
    this.stateElement.className = `state-badge state-${stateClass(state)}`;
    this.countElement.textContent = Number.isFinite(album.target) ? `${stored} of ${album.target}` : plural(stored, 'photo');
    this.countElement.title = Number.isFinite(album.target)
      ? `${plural(stored, 'photo')} stored of the ${album.target} this album holds`
      : '';
    const place = placeText(pin);
    this.placeElement.textContent = pin.routeText
      ? `${pin.routeText}, within ${pin.radiusText} of its line${place ? `, from ${place}` : ''}`
      : `within ${pin.radiusText} of ${coordinates(pin.latitude, pin.longitude)}${place ? `, ${place}` : ''}`;
    this.windowElement.hidden = !pin.windowText;
    this.windowElement.textContent = pin.windowText ? `Photos ${pin.windowText}` : '';

    this.renderProgress(photos);
    this.renderRouteMap(album.route, photos);
    this.renderTiles(photos);
    this.grid.hidden = this.grid.children.length === 0 || this.searchingNew;
    if (this.grid.children.length > 0) this.grid.setAttribute('role', 'list');
    else this.grid.removeAttribute('role');
    this.renderNote(album);
    this.renderStatus(photos);
    renderSetAside(this.setAsideElement, setAsidePhotos(album), this.pinPath);
    this.renderButtons();
  }

  /** A route pin's small map, drawn again only when the line or the photos' positions changed. */
  async renderRouteMap(route, photos) {
    const key = route ? JSON.stringify([route.points, photos.map((photo) => [photo.latitude, photo.longitude])]) : null;
    if (this.routeMap?.key === key) return;
    this.routeMap?.map?.remove();
    this.routeMap = { map: null, key };
    this.routeMapElement.hidden = !route;
    if (!route) return;
    try {
      const [, settings, { showRouteMap }] = await Promise.all([loadLeaflet(), this.settings, import('./route-map.js')]);
      if (this.signal.aborted || this.routeMap?.key !== key) return;
      this.routeMap.map = showRouteMap(this.routeMapElement, route, photos, settings?.tiles);
    } catch (error) {
      showError(`The route's map failed: ${error.message}`, { signal: this.signal });
    }
  }

  renderProgress(photos) {
    const busy = this.busy;
    const shown = busy && !this.searchingNew; // the searching card says it then
    this.progressElement.hidden = !shown;
    this.progressLabel.hidden = !shown;
    if (!busy) {
      this.progress = null;
      return;
    }
    // Until a progress event says otherwise, count the album's own photos once they are the ones
    // being fetched (the pin's state says so); before that it is still searching.
    const counted = this.album.pin.state === 'fetching'
      ? { done: photos.filter((photo) => photo.state !== 'pending').length, total: photos.length }
      : { done: 0, total: 0 };
    const { done, total } = this.progress && this.progress.total > 0 ? this.progress : counted;
    if (total > 0) {
      this.progressElement.max = total;
      this.progressElement.value = Math.min(done, total);
      this.progressLabel.textContent = `Downloading ${done} of ${total}`;
    } else {
      this.progressElement.removeAttribute('value'); // indeterminate: still searching
      this.progressLabel.textContent = 'Searching…';
    }
  }

  renderButtons() {
    const pinThere = this.album && !this.removed;
    this.newCollectionButton.disabled = !pinThere || this.busy || this.actionRunning;
    this.deletePinButton.disabled = !pinThere || this.actionRunning;
    this.editButton.disabled = !pinThere || this.actionRunning;
    const n = this.selected.size;
    this.deletePhotosButton.disabled = !pinThere || n === 0 || this.actionRunning;
    this.deletePhotosButton.textContent = n === 0 ? 'Delete photos' : `Delete ${plural(n, 'photo')}`;
    this.clearSelectionButton.hidden = n === 0;
  }

  /** A ready album short of photos says why under its heading: that is all there is, and who could not answer. */
  renderNote(album) {
    const report = album.report;
    const show = !this.busy && album.pin.state === 'ready' && report && report.kind === 'short';
    this.noteElement.hidden = !show;
    this.noteElement.textContent = show ? [report.headline, ...(report.notes || []).map((note) => note.text)].map(capitalized).join(' · ') : '';
  }

  renderStatus(photos) {
    const status = albumStatus(this.album, { photos, busy: this.busy, searchingNew: this.searchingNew });
    renderStatus(this.statusElement, status, (action) => {
      if (action === 'widen-radius') this.editForm.open(this.album.pin, { focus: 'radius' });
      else if (action === 'widen-window') this.editForm.open(this.album.pin, { focus: 'taken' });
      else this.fetchPhotos({});
    });
  }

  // ---- Tiles --------------------------------------------------------------------------------

  renderTiles(photos) {
    const keep = new Set(photos.map((photo) => photo.id));
    for (const [id, tile] of this.tiles) {
      if (!keep.has(id)) {
        tile.element.remove();
        this.tiles.delete(id);
        this.selected.delete(id);
      }
    }
    // Put the tiles in the album's order, moving only those out of place.
    let position = 0;
    for (const photo of photos) {
      let tile = this.tiles.get(photo.id);
      if (!tile) {
        tile = this.createTile(photo);
        this.tiles.set(photo.id, tile);
      }
      this.updateTile(tile, photo);
      const there = this.grid.children[position];
      if (there !== tile.element) this.grid.insertBefore(tile.element, there || null);
      position += 1;
    }
  }

  createTile(photo) {
    const element = h('div', { class: 'photo-tile', role: 'listitem', dataset: { photoId: photo.id } });
    const checkbox = h('input', { type: 'checkbox', class: 'photo-select' });
    checkbox.addEventListener('change', () => {
      if (checkbox.checked) this.selected.add(photo.id);
      else this.selected.delete(photo.id);
      element.classList.toggle('selected', checkbox.checked);
      this.renderButtons();
    });
    const selectBox = h('label', { class: 'photo-select-box', title: 'Select' }, checkbox);
    return { element, checkbox, selectBox, img: null, key: null };
  }

  /** Rebuild a tile's content only when its photo changed; a stored photo keeps its <img>. */
  updateTile(tile, photo) {
    const title = photo.title || 'Untitled photo';
    // A pending photo downloads only while a fetch runs; after an interrupted one it waits.
    const downloading = photo.state === 'pending' && this.busy;
    const key = JSON.stringify([
      photo.state, photo.sha256, photo.thumbnail?.sha256, photo.imageError, title, photo.error, downloading, photo.routeKmText,
    ]);
    if (tile.key === key) return;
    tile.key = key;
    const { element, checkbox, selectBox } = tile;
    element.dataset.state = photo.state;
    element.classList.remove('broken');
    checkbox.setAttribute('aria-label', `Select “${title}”`);
    const href = `${this.pinPath}/photos/${encodeURIComponent(photo.id)}`;
    // The grid shows each photo's thumbnail (made on first request for a photo stored before
    // thumbnails existed), never the original.
    const thumbnail = api.imageURL(this.pinID, photo, 'thumbnail');

    let content;
    if (photo.state === 'stored' && thumbnail && !photo.imageError) {
      if (!tile.img || tile.img.dataset.shown !== thumbnail) {
        tile.img = h('img', { class: 'photo-thumb', src: thumbnail, loading: 'lazy', decoding: 'async', alt: title });
        tile.img.dataset.shown = thumbnail;
        tile.img.dataset.src = thumbnail;
        // A photo that cannot be decoded is found out here when its thumbnail is first asked for:
        // the album then says why (`imageError`), and the tile shows it.
        const img = tile.img;
        img.addEventListener('error', () => {
          // A thumbnail whose file was lost is made again once; after that the tile says it failed.
          const again = api.makeImageURL(this.pinID, photo, 'thumbnail');
          if (img.dataset.src !== again) {
            img.dataset.src = again;
            img.src = again;
            return;
          }
          element.classList.add('broken');
          this.reload();
        });
      }
      tile.img.alt = title;
      content = h('a', { class: 'photo-open', href, title }, tile.img);
    } else if (photo.state === 'stored' && photo.imageError) {
      content = h('a', { class: 'photo-open photo-problem photo-undecodable', href, title },
        h('span', { class: 'photo-problem-label' }, 'Cannot be shown'),
        h('span', { class: 'photo-problem-title' }, title),
        h('span', { class: 'photo-problem-error' }, photo.imageError));
    } else if (downloading) {
      content = h('div', { class: 'photo-placeholder', title: `${title}: downloading…` },
        h('span', { class: 'spinner', 'aria-hidden': 'true' }),
        h('span', { class: 'visually-hidden' }, `${title}: downloading`));
    } else if (photo.state === 'pending') {
      content = h('div', { class: 'photo-placeholder waiting', title: `${title}: not downloaded yet` },
        h('span', { class: 'photo-waiting-label' }, 'Not downloaded yet'),
        h('span', { class: 'visually-hidden' }, `${title}: not downloaded yet`));
    } else {
      // failed, missing, or a stored photo without a blob
      const label = photo.state === 'missing' ? 'Missing' : photo.state === 'failed' ? 'Failed' : stateLabel(photo.state);
      content = h('a', { class: 'photo-open photo-problem', href, title },
        h('span', { class: 'photo-problem-label' }, label),
        h('span', { class: 'photo-problem-title' }, title),
        photo.error ? h('span', { class: 'photo-problem-error' }, photo.error) : null);
    }
    const selectable = photo.state !== 'pending';
    if (!selectable && checkbox.checked) {
      checkbox.checked = false;
      this.selected.delete(photo.id);
    }
    checkbox.checked = this.selected.has(photo.id);
    element.classList.toggle('selected', checkbox.checked);
    const along = photo.routeKmText ? h('span', { class: 'photo-route-km' }, photo.routeKmText) : null;
    element.replaceChildren(content, along, selectable ? selectBox : null);
  }

  clearSelection() {
    this.selected.clear();
    for (const tile of this.tiles.values()) {
      tile.checkbox.checked = false;
      tile.element.classList.remove('selected');
    }
    this.renderButtons();
  }

  // ---- Live events --------------------------------------------------------------------------

  onPin(pin) {
    if (!pin || pin.id !== this.pinID || this.removed) return;
    this.reload();
  }

  onPinRemoved(data) {
    if (!data || data.id !== this.pinID || this.actionRunning) return;
    this.renderGone('This pin was deleted.', 'Another window or the command line removed it.');
  }

  onProgress(data) {
    if (!data || data.pin !== this.pinID || !this.album) return;
    const done = Number(data.done);
    const total = Number(data.total);
    if (!Number.isFinite(done) || !Number.isFinite(total)) return;
    this.progress = { done, total };
    if (!this.busy) {
      // The fetch started elsewhere (the command line): the pin event may still be on its way.
      this.album = { ...this.album, fetching: true };
    }
    this.renderProgress([]);
    // Photos on their way that the grid does not show yet (the search saved them after the last
    // reload, and a pin event need not follow): reload for their placeholders.
    const shown = (this.album.photos || []).filter((photo) => photo && photo.state !== 'rejected').length;
    if (total > shown) this.reload();
  }

  onFetchEnded(data) {
    if (!data || data.pin !== this.pinID) return;
    this.progress = null;
    // A failure or an empty album is shown in the album's place; a message says only what the
    // page shows nowhere else: a collection smaller than the album, or none new, or an error.
    const askedHere = this.startedNewCollection;
    this.startedNewCollection = false;
    if (data.kind === 'error') {
      showError(data.error || 'The fetch stopped with an error.', { signal: this.signal });
    } else if (data.kind === 'few-unseen' && askedHere && data.report?.advice?.question) {
      this.askToReplace(data.report);
    } else if (['short', 'no-new-photos', 'few-unseen'].includes(data.kind) && data.report) {
      // Another page's question is not this one's to answer: it says only what happened.
      const advice = data.report.advice && data.kind !== 'few-unseen' ? ` ${data.report.advice.page}` : '';
      showMessage(`${capitalized(data.report.headline)}.${advice}`, 'info', { signal: this.signal });
    }
    this.reload();
  }

  renderGone(title, detail) {
    this.removed = true;
    this.editForm.close();
    this.hideNext();
    this.grid.hidden = true;
    this.grid.replaceChildren();
    this.tiles.clear();
    this.selected.clear();
    this.progressElement.hidden = true;
    this.progressLabel.hidden = true;
    this.statusElement.hidden = false;
    this.statusElement.className = 'album-status album-status-gone';
    this.statusElement.dataset.kind = 'gone';
    this.statusElement.replaceChildren(
      h('h2', { class: 'album-status-title' }, title),
      h('p', { class: 'muted' }, detail),
      h('p', {}, h('a', { href: '/' }, 'Back to the map')));
    if (!this.album) {
      this.nameElement.textContent = 'No such pin';
      this.actionsElement.hidden = true;
    }
    this.renderButtons();
  }

  // ---- Actions ------------------------------------------------------------------------------

  /** Run an action with the buttons disabled; errors go to the message bar. */
  act(fn) {
    if (this.actionRunning) return this.action;
    this.actionRunning = true;
    this.renderButtons();
    this.action = (async () => {
      try {
        await fn();
      } catch (error) {
        if (!this.signal.aborted) showError(error.message, { signal: this.signal });
      } finally {
        this.actionRunning = false;
        if (!this.signal.aborted) this.renderButtons();
      }
    })();
    return this.action;
  }

  fetchPhotos({ quietConflict = false }) {
    this.hideNext();
    return this.act(async () => {
      try {
        await api.startFetch(this.pinID);
        if (this.album) this.album = { ...this.album, fetching: true };
      } catch (error) {
        if (!(quietConflict && error.status === 409)) throw error;
      } finally {
        this.reload();
      }
    });
  }

  /**
   * A new collection this page started found fewer unseen photos than the album holds, and left
   * the album: the report's question, Replace or Keep. Replace starts it again, allowed fewer.
   */
  async askToReplace(report) {
    const { advice } = report;
    const replace = await confirmDialog({ title: advice.question, message: advice.page, ok: advice.button || 'Replace', cancel: 'Keep' });
    if (this.signal.aborted) return;
    await this.action; // the action that started the new collection may still be reloading
    if (replace) await this.newCollection({ allowFewer: true });
    else showMessage(`${capitalized(report.headline)}.`, 'info', { signal: this.signal });
  }

  newCollection({ allowFewer = false } = {}) {
    this.hideNext();
    return this.act(async () => {
      // Before the answer: the search may end (and say so) before the request returns.
      this.startedNewCollection = true;
      try {
        await api.newCollection(this.pinID, { allowFewer });
      } catch (error) {
        this.startedNewCollection = false;
        throw error;
      }
      this.progress = null;
      this.clearSelection();
      if (this.album) this.album = { ...this.album, fetching: true, replacing: true };
      this.render(this.album);
      await this.reload();
    });
  }

  /** After the Edit pin form saved: the new name and radius, and what fills the album within a new radius. */
  onEdited({ pin, next }) {
    const radiusChanged = !this.album || pin?.radiusKm !== this.album.pin.radiusKm;
    // A pin without a window sends no windowText: the edited pin replaces it whole.
    if (pin && this.album) this.render({ ...this.album, pin });
    this.showNext(pin, next, radiusChanged);
    this.reload();
  }

  /** Offers the step that fills the album within the pin's new radius, as `tourist pin edit` names it. */
  showNext(pin, next, radiusChanged = true) {
    if (!pin || !['new-collection', 'fetch'].includes(next)) {
      this.hideNext();
      return;
    }
    const within = pin.radiusText;
    const now = radiusChanged ? `The radius is now ${within}.` : `The album now keeps photos ${pin.windowText || 'taken at any time'}.`;
    const [text, label, action] = next === 'new-collection'
      ? [`${now} The photos here stay; New Collection brings photos within ${within} that this pin has not shown.`,
        'New Collection', () => this.newCollection()]
      : [`${now} Fetch photos to fill the album within it.`, 'Fetch photos', () => this.fetchPhotos({})];
    this.nextElement.replaceChildren(
      h('p', { class: 'album-next-text' }, text),
      h('div', { class: 'album-next-buttons' },
        h('button', { type: 'button', id: 'album-next-action', class: 'button button-primary', on: { click: action } }, label),
        h('button', { type: 'button', id: 'album-next-dismiss', class: 'button button-quiet', on: { click: () => this.hideNext() } }, 'Not now')));
    this.nextElement.dataset.next = next;
    this.nextElement.hidden = false;
  }

  hideNext() {
    const hadFocus = this.nextElement.contains(document.activeElement);
    this.nextElement.hidden = true;
    this.nextElement.replaceChildren();
    delete this.nextElement.dataset.next;
    if (hadFocus) this.editButton.focus();
  }

  async deleteSelected() {
    const ids = [...this.selected];
    if (ids.length === 0) return;
    const ok = await confirmDialog(photoDeletion(ids.length, this.album?.pin.name || 'this pin'));
    if (!ok || this.signal.aborted) return;
    await this.act(async () => {
      const result = await api.deletePhotos(this.pinID, ids);
      const removed = Array.isArray(result?.removed) ? result.removed : ids;
      for (const id of removed) {
        this.tiles.get(id)?.element.remove();
        this.tiles.delete(id);
        this.selected.delete(id);
      }
      await this.reload();
    });
  }

  async deletePin() {
    const name = this.album?.pin.name || this.pinID;
    const ok = await confirmDialog({
      title: `Delete the pin “${name}”?`,
      message: 'Its album is deleted with it.',
      ok: 'Delete pin',
    });
    if (!ok || this.signal.aborted) return;
    await this.act(async () => {
      await api.deletePin(this.pinID);
      // The map (if it was loaded) drops the marker now; the pin-removed event may come later.
      document.dispatchEvent(new CustomEvent('tourist:pin-deleted', { detail: this.pinID }));
      this.context.navigate('/', { replace: true });
    });
  }
}
