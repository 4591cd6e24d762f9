// Small DOM helpers shared by the pages: element building, the message bar, the confirmation
// dialog and text formatting.
//
// Every string from the server (pin names, photo titles, owners, error texts) is untrusted: it
// only ever reaches the DOM as a text node or an attribute value, never as HTML. `h` below is the
// one way the pages build elements, and it has no way to set innerHTML.

/**
 * Build an element: h('a', {class: 'x', href: '/'}, 'text', otherNode).
 * Attributes: `class`, `dataset` (an object), `on` (an object of event listeners), boolean
 * attributes as true/false, everything else with setAttribute. Children: strings and numbers
 * become text nodes; null, undefined and false are skipped; arrays are flattened.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'on') for (const [type, fn] of Object.entries(value)) el.addEventListener(type, fn);
    else if (value === true) el.setAttribute(key, '');
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/** A URL from a provider, usable as a link only when it is http(s); else null. */
export function safeHref(url) {
  if (typeof url !== 'string') return null;
  return /^https?:\/\//i.test(url) ? url : null;
}

/** A URL the server returned for one of its own files (`/blobs/…`); else null. */
export function sameOriginPath(url) {
  if (typeof url !== 'string') return null;
  return url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : null;
}

/** Escape text for the few Leaflet APIs that only take HTML (the tile layer's attribution). */
export function escapeHTML(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** "1 photo", "3 photos". */
export function plural(n, one, many = `${one}s`) {
  return `${Number(n).toLocaleString()} ${n === 1 ? one : many}`;
}

/** A sentence from a headline: its first letter in capitals. */
export const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** A pin's coordinates as the CLI writes them: "48.8584,2.2945". */
export function coordinates(latitude, longitude) {
  const f = (x) => String(Number(x.toFixed(4)));
  return `${f(latitude)},${f(longitude)}`;
}

/**
 * Where a pin is, as the server words it (`place`: "near Kyoto, JP", "89 km from Hilo, US");
 * '' when the pin has no nearest city.
 */
export function placeText(pin) {
  return typeof pin.place === 'string' ? pin.place : '';
}

/**
 * The name a provider goes by in text ("View on Flickr"): the server's (`/api/settings`
 * names.providers), else its own name.
 */
export function providerName(provider, settings) {
  return settings?.names?.providers?.[provider] || String(provider || 'the provider');
}

/**
 * Sets a radius field's range to the radii the server says a form offers (`/api/settings` radius),
 * and returns the check a typed value must pass: null when it is in range, else what to type.
 */
export function radiusRange(input, settings) {
  const radius = settings?.radius;
  if (!radius) return () => null; // the server checks it anyway
  input.min = String(radius.minimumKm);
  input.max = String(radius.maximumKm);
  return (value) => (Number.isFinite(value) && value >= radius.minimumKm && value <= radius.maximumKm ? null
    : `Type the radius in kilometres, from ${radius.minimumKm} to ${radius.maximumKm.toLocaleString('en')}, such as ${radius.defaultKm}.`);
}

/** Human labels of the pin states, in legend order. */
export const PIN_STATES = [
  ['new', 'New'],
  ['fetching', 'Fetching'],
  ['interrupted', 'Interrupted'],
  ['ready', 'Ready'],
  ['empty', 'Empty'],
  ['failed', 'Failed'],
];

export function stateLabel(state) {
  const found = PIN_STATES.find(([s]) => s === state);
  return found ? found[1] : String(state);
}

/** A class-safe version of a state for `pin-STATE` / `state-STATE` classes. */
export function stateClass(state) {
  return String(state).toLowerCase().replace(/[^a-z0-9-]/g, '') || 'unknown';
}

// ---- The message bar -------------------------------------------------------------------------

/**
 * Show an error in the message bar until dismissed; the same text is shown once. With `signal`
 * (a page's), it goes away with the page.
 */
export function showError(text, { signal } = {}) {
  showMessage(text, 'error', { signal });
}

/** How long an info message stays, in milliseconds; errors stay until dismissed. */
const infoLifetime = 12000;

/**
 * Show a message at the foot of the window (never over a page's header). An info message goes
 * after a while; any message goes when `signal` (its page's) aborts.
 */
export function showMessage(text, kind = 'info', { signal } = {}) {
  const bar = document.getElementById('messages');
  const message = String(text);
  for (const existing of bar.querySelectorAll('.message')) {
    if (existing.dataset.text === message) return;
  }
  if (signal?.aborted) return;
  const item = h(
    'div',
    { class: `message message-${kind}`, role: kind === 'error' ? 'alert' : 'status', dataset: { text: message } },
    h('span', { class: 'message-text' }, message),
    h('button', {
      type: 'button',
      class: 'message-close',
      'aria-label': 'Dismiss',
      title: 'Dismiss',
      on: { click: () => item.remove() },
    }, '×'),
  );
  bar.appendChild(item);
  signal?.addEventListener('abort', () => item.remove(), { once: true });
  if (kind !== 'error') setTimeout(() => item.remove(), infoLifetime);
}

/** Remove every message (pages do not clear errors on their own; the user dismisses them). */
export function clearMessages() {
  document.getElementById('messages').replaceChildren();
}

// ---- The confirmation dialog ------------------------------------------------------------------

/**
 * Ask in the page's <dialog id="confirm-dialog">; resolves true for OK, false for Cancel or Esc.
 * title, message, ok and cancel (the buttons' labels) are plain text.
 */
export function confirmDialog({ title, message, ok = 'Delete', cancel = 'Cancel' }) {
  const dialog = document.getElementById('confirm-dialog');
  const okButton = document.getElementById('confirm-ok');
  const cancelButton = document.getElementById('confirm-cancel');
  document.getElementById('confirm-title').textContent = title;
  document.getElementById('confirm-message').textContent = message;
  okButton.textContent = ok;
  cancelButton.textContent = cancel;
  return new Promise((resolve) => {
    const finish = (answer) => {
      okButton.removeEventListener('click', onOK);
      cancelButton.removeEventListener('click', onCancel);
      dialog.removeEventListener('close', onClose);
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    const onOK = () => finish(true);
    const onCancel = () => finish(false);
    const onClose = () => finish(false); // Esc
    okButton.addEventListener('click', onOK);
    cancelButton.addEventListener('click', onCancel);
    dialog.addEventListener('close', onClose);
    dialog.showModal();
    cancelButton.focus(); // the safe choice is the default
  });
}

/**
 * The confirmation of deleting `n` photos from the album of `name`, saying what `tourist photo rm`
 * says: they never come back in later collections.
 */
export function photoDeletion(n, name) {
  const what = plural(n, 'photo');
  return {
    title: `Delete ${n === 1 ? 'this photo' : what}?`,
    message: n === 1
      ? `It is removed from the album of ${name} and never comes back in later collections.`
      : `They are removed from the album of ${name} and never come back in later collections.`,
    ok: `Delete ${what}`,
  };
}

/** Close the dialog if a page is left while it is open (its promise resolves false). */
export function closeDialog() {
  const dialog = document.getElementById('confirm-dialog');
  if (dialog.open) dialog.close();
}

/**
 * Whether a key press belongs to what has the focus rather than to the page's shortcuts: typing in
 * a form field, a key with a modifier, a key inside an open dialog or a map (whose arrows pan).
 */
export function keyBelongsElsewhere(event) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return true;
  const target = event.target;
  if (!(target instanceof Element)) return false;
  return target.isContentEditable || Boolean(target.closest('input, textarea, select, dialog[open], .leaflet-container'));
}

/** Call fn `ms` after the last call, with its arguments; `.flush()` runs a pending call now. */
export function debounce(fn, ms) {
  let timer = null;
  let pending = null;
  const debounced = (...args) => {
    pending = args;
    clearTimeout(timer);
    timer = setTimeout(() => debounced.flush(), ms);
  };
  debounced.flush = () => {
    clearTimeout(timer);
    timer = null;
    if (pending) {
      const args = pending;
      pending = null;
      fn(...args);
    }
  };
  debounced.cancel = () => {
    clearTimeout(timer);
    pending = null;
  };
  return debounced;
}
