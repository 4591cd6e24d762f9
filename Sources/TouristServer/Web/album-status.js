// The album page's status card: what stands in for the grid, or above it, when the album has
// something to say (a new collection searching, a failed or empty fetch, one that was
// interrupted, a pin never fetched, an empty album).
//
// `albumStatus` is a pure function of the album JSON (its pin, its `report`, whether a fetch runs):
// it says which card shows and what it holds, in the server's words, and touches no page.
// `renderStatus` puts a card into the page's element; the album page wires its buttons.

import { h, plural, capitalized } from './ui.js';

/**
 * The card for `album` (the album JSON, with `photos` the ones shown: not rejected), or null for
 * none. `busy`: a fetch runs or the pin says one does; `searchingNew`: a new collection searches
 * and the photos listed are those it replaces.
 *
 * A card is {kind, title, failure?, parts}; each part is one of {text, id?, muted?} (a line),
 * {notes} (the report's lines, one per provider), {spinner: true} and {button: {id, label, action}}
 * with `action` "fetch" (fetch the album, again), "widen-radius" (open Edit pin on the radius) or
 * "widen-window" (open Edit pin on the time window).
 */
export function albumStatus(album, { photos, busy, searchingNew }) {
  const { pin, report, fetching } = album;
  const retry = (label) => ({ button: { id: 'album-retry', label, action: 'fetch' } });
  // The providers that explain the ending, one plain line each, and what else helps meanwhile
  // (the demo set's places): the same on the failure and the empty card.
  const notes = report?.notes?.length ? { notes: report.notes.map((note) => note.text) } : null;
  const alternative = report?.alternative ? { text: report.alternative.page, id: 'album-alternative', muted: true } : null;
  const card = (kind, title, ...parts) => ({ kind, title, parts: parts.filter(Boolean) });

  if (searchingNew) {
    const replaced = photos.length === 0 ? 'Searching for photos this pin has not shown.'
      : `The ${plural(photos.length, 'photo')} shown before ${photos.length === 1 ? 'is' : 'are'} being replaced by photos this pin has not shown.`;
    return card('replacing', 'Looking for a new collection…', { text: replaced, muted: true }, { spinner: true });
  }
  if (pin.state === 'failed' && !fetching) {
    // The report's headline, one plain line per provider, its advice and, when running again
    // helps, the button that does it.
    const advice = report?.advice;
    return {
      ...card('failed', capitalized(report ? report.headline : (pin.error || 'the last fetch did not bring every photo')),
        notes,
        advice ? { text: advice.page, id: 'album-advice', muted: true } : null,
        alternative,
        !advice || advice.button ? retry(advice?.button || 'Try again') : null),
      failure: pin.failure || 'failed',
    };
  }
  if (pin.state === 'empty' && !fetching) {
    return card('empty', 'No photos here',
      { text: report ? `${capitalized(report.headline)}.` : `No photos within ${pin.radiusText} of ${pin.name}.` },
      notes,
      {
        text: report?.advice ? report.advice.page : 'Widen the pin\'s radius with Edit pin, or try again later: New Collection searches again.',
        id: 'album-advice',
        muted: true,
      },
      !report?.advice || report.advice.action === 'widen-radius'
        ? { button: { id: 'album-widen', label: 'Widen the radius', action: 'widen-radius' } }
        : report.advice.action === 'widen-window'
          ? { button: { id: 'album-widen', label: 'Widen the time window', action: 'widen-window' } }
          : null);
  }
  if ((pin.state === 'interrupted' || pin.state === 'fetching') && !fetching) {
    // No process fetches it now (a fetch anywhere holds the pin's lease): it was interrupted.
    return card('interrupted', 'The last fetch did not finish',
      { text: 'It stopped before the album was full. Resume it to fetch the rest.', muted: true }, retry('Resume'));
  }
  if (busy && photos.length === 0) return card('searching', 'Looking for photos…', { spinner: true });
  if (pin.state === 'new' && !busy) return card('new', 'Not fetched yet', retry('Fetch photos'));
  if (photos.length === 0) return card('no-photos', 'This album is empty', { text: 'New Collection fetches a fresh set of photos.', muted: true });
  return null;
}

/**
 * Shows `status` (an `albumStatus` card, or null for none) in `element`; a button's click calls
 * `onAction(action)`.
 */
export function renderStatus(element, status, onAction) {
  delete element.dataset.failure;
  if (!status) {
    element.hidden = true;
    element.dataset.kind = 'none';
    element.replaceChildren();
    return;
  }
  element.hidden = false;
  element.className = `album-status album-status-${status.kind}`;
  element.dataset.kind = status.kind;
  if (status.failure) element.dataset.failure = status.failure;
  element.replaceChildren(h('h2', { class: 'album-status-title' }, status.title), ...status.parts.map((part) => partElement(part, onAction)));
}

function partElement(part, onAction) {
  if (part.notes) return h('ul', { class: 'album-status-notes', id: 'album-notes' }, ...part.notes.map((note) => h('li', {}, note)));
  if (part.spinner) return h('span', { class: 'spinner', 'aria-hidden': 'true' });
  if (part.button) {
    const { id, label, action } = part.button;
    return h('p', {}, h('button', { type: 'button', id, class: 'button button-primary', on: { click: () => onAction(action) } }, label));
  }
  return h('p', { class: part.muted ? 'muted' : null, id: part.id }, part.text);
}

/** What each kind of set-aside photo is called (the server's `setAside.kind`). */
const SET_ASIDE_LABELS = {
  lookalike: 'Looks like a photo in this album',
  'removed-lookalike': 'Looks like a photo you removed',
  identical: 'The same file as a photo in this album',
  unusable: 'Unusable',
};

/**
 * The photos of `album` that were set aside (rejected), each as {id, kind, label, title, reason, of}:
 * `kind` as the server sent it, `label` what the page calls that kind, `reason` the server's
 * words for this photo ("looks like #3, from flickr"), and `of` the album photo it looks like or
 * repeats as {id, title}, when the album still holds it (null otherwise).
 */
export function setAsidePhotos(album) {
  const photos = (album.photos || []).filter((photo) => photo);
  const held = new Map(photos.filter((photo) => photo.state !== 'rejected').map((photo) => [photo.id, photo.title || photo.id]));
  return photos
    .filter((photo) => photo.state === 'rejected')
    .map((photo) => {
      const kind = photo.setAside?.kind || 'unusable';
      const of = held.has(photo.setAside?.of) ? { id: photo.setAside.of, title: held.get(photo.setAside.of) } : null;
      return { id: photo.id, kind, label: SET_ASIDE_LABELS[kind] || SET_ASIDE_LABELS.unusable, title: photo.title, reason: photo.error || '', of };
    });
}

/**
 * Shows `items` (from `setAsidePhotos`) in `element`, a <details>; hidden when there are none.
 * An item whose `of` the album holds links that photo's page (under `pinPath`).
 */
export function renderSetAside(element, items, pinPath) {
  element.hidden = items.length === 0;
  const summary = h('summary', {}, `${plural(items.length, 'photo')} set aside`);
  const list = h('ul', { class: 'album-set-aside-list' }, ...items.map((item) => h('li', { 'data-kind': item.kind, 'data-photo': item.id },
    h('span', { class: 'album-set-aside-label' }, item.label), ` — ${item.title}: ${item.reason}`,
    item.of ? [' ', h('a', { class: 'album-set-aside-of', href: `${pinPath}/photos/${encodeURIComponent(item.of.id)}` }, `See ${item.of.title}`)] : [])));
  element.replaceChildren(summary, list);
}
