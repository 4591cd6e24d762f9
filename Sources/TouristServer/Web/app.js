// The app's entry point and router. The server returns the same index.html for every page; this
// renders the page location.pathname names:
//   /                          the map of pins          (map.js)
//   /pins/ID                   a pin's album            (album.js)
//   /pins/ID/photos/PHOTO      one photo                (photo.js; PHOTO is provider:id, encoded)
// In-app links are ordinary <a href> links; clicks on them go through history.pushState, so the
// browser's back and forward buttons work and every page has a URL to share or reload.
//
// For tests: document.body.dataset.page is "map", "album", "photo" or "not-found", and
// document.body.dataset.ready is "1" once the page's data is loaded and rendered.

import { mountAlbum } from './album.js';
import { loadLeaflet } from './leaflet.js';
import { h, closeDialog, showError } from './ui.js';

// The map and photo pages need Leaflet: they are loaded with it, on first use (leaflet.js).
let mapModule = null;
const mapPage = () => loadLeaflet().then(() => import('./map.js')).then((module) => (mapModule = module));
const photoPage = () => loadLeaflet().then(() => import('./photo.js'));

const app = document.getElementById('app');
let current = null; // {unmount, controller} of the page on screen

const routes = [
  { pattern: /^\/$/, page: 'map' },
  { pattern: /^\/pins\/([^/]+)\/?$/, page: 'album' },
  { pattern: /^\/pins\/([^/]+)\/photos\/([^/]+)\/?$/, page: 'photo' },
];

function match(pathname) {
  for (const route of routes) {
    const m = pathname.match(route.pattern);
    if (m) {
      try {
        return { page: route.page, params: m.slice(1).map(decodeURIComponent) };
      } catch {
        return null; // a malformed %-escape
      }
    }
  }
  return null;
}

/** Go to an in-app path: a new history entry, or the current one replaced. */
export function navigate(path, { replace = false } = {}) {
  rememberScroll();
  if (replace) history.replaceState({}, '', path);
  else history.pushState({}, '', path);
  render({ restoreScroll: false });
}

// The browser's own scroll restoration runs before an album has loaded; do it after instead.
history.scrollRestoration = 'manual';

function rememberScroll() {
  history.replaceState({ ...(history.state || {}), scrollY: window.scrollY }, '');
}

function render({ restoreScroll }) {
  if (current) {
    current.controller.abort();
    current.unmount?.();
    current = null;
  }
  closeDialog();
  delete document.body.dataset.ready;
  document.getElementById('topbar-content').replaceChildren();
  for (const page of app.querySelectorAll('.page')) page.remove();

  const route = match(location.pathname);
  const controller = new AbortController();
  const scrollY = restoreScroll ? history.state?.scrollY || 0 : 0;
  const context = {
    signal: controller.signal,
    navigate,
    // Pages call ready() once their data is on screen.
    ready: () => {
      if (controller.signal.aborted) return;
      document.body.dataset.ready = '1';
      window.scrollTo(0, scrollY);
    },
  };
  document.body.dataset.page = route ? route.page : 'not-found';
  window.scrollTo(0, 0);

  const failed = (error) => showError(`This page could not load: ${error.message}`);
  if (route?.page === 'map') {
    current = { controller, unmount: () => mapModule?.hideMapPage() };
    mapPage().then((module) => {
      if (!controller.signal.aborted) module.showMapPage(app, context);
    }, failed);
    return;
  }
  mapModule?.hideMapPage();
  const container = h('section', { class: 'page' });
  app.appendChild(container);
  let unmount = null;
  current = { controller, unmount: () => unmount?.() };
  if (route?.page === 'album') {
    unmount = mountAlbum(container, route.params[0], context);
  } else if (route?.page === 'photo') {
    photoPage().then((module) => {
      if (!controller.signal.aborted) unmount = module.mountPhoto(container, route.params[0], route.params[1], context);
    }, failed);
  } else {
    renderNotFound(container, context);
  }
}

function renderNotFound(container, context) {
  document.title = 'Not found — tourist';
  container.append(
    h('div', { class: 'notice' },
      h('h1', {}, 'Nothing here'),
      h('p', {}, 'This address is not a page of tourist.'),
      h('p', {}, h('a', { href: '/' }, 'Back to the map'))),
  );
  context.ready();
}

// Same-origin links to app pages navigate in place; everything else (new tabs, other sites,
// blobs, modified clicks) is left to the browser.
document.addEventListener('click', (event) => {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target.closest?.('a[href]');
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || !match(url.pathname)) return;
  event.preventDefault();
  if (url.pathname === location.pathname && url.search === location.search) return;
  navigate(url.pathname + url.search);
});

window.addEventListener('popstate', () => render({ restoreScroll: true }));

render({ restoreScroll: true });
