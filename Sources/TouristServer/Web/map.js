// The map page (/): every pin as a marker coloured by its state and showing its photo count, its
// name shown on hover and focus, clustered so thousands stay fast (a cluster says in words how
// many of its pins failed or are fetching); a click on the map opens the form that drops a pin
// there; a click on a marker opens its album. The view (center, zoom) is saved on the server as
// it moves, and the map opens there next time when, on this screen, that view shows something: a
// pin, a city's name or online tiles (see load and openAtSavedView).
// The largest cities are labelled (labels.js); a search box finds a place by name or "lat, lon"
// and flies there with the pin form open, and "Drop a pin here" drops one at the centre
// (search.js): the keyboard's ways to drop a pin.
// A route pin (one with a `routeKm`) also has its line drawn (route-map.js), under the markers;
// a click on the line opens its album, as its marker does.
//
// The map is built once and kept (hidden) while other pages show, so coming back from an album
// is instant and keeps the view; live events keep its markers current meanwhile.

import * as api from './api.js';
import { on } from './events.js';
import { createMap } from './basemap.js';
import { addCityLabels } from './labels.js';
import { searchControl } from './search.js';
import { routeLine } from './route-map.js';
import {
  h, showError, debounce, plural, coordinates, placeText, radiusRange, stateClass, stateLabel, PIN_STATES,
} from './ui.js';

let page = null; // built on the first visit: see build()
let context = null; // the current visit's {signal, navigate, ready}

/** Show the map page (building it on the first visit). */
export function showMapPage(app, ctx) {
  context = ctx;
  document.title = 'tourist';
  if (!page) page = build(app);
  page.section.hidden = false;
  renderTopbar();
  page.loaded.then(() => {
    if (ctx !== context || ctx.signal.aborted) return;
    page.map.invalidateSize(); // it may have been hidden while the window changed size
    updateCounts();
    ctx.ready();
  });
}

/** Hide the map page when another page shows; the pending view save is sent now. */
export function hideMapPage() {
  if (!page) return;
  page.saveView.flush();
  page.map?.closePopup();
  page.section.hidden = true;
}

// ---- Building the page ------------------------------------------------------------------------

function build(app) {
  const mapElement = h('div', { id: 'map', class: 'map', role: 'region', 'aria-label': 'Map of pins' });
  // "Tap" where the pointer is a finger, "Click" where it is a mouse (app.css, pointer: coarse).
  const empty = h('div', { id: 'map-empty', class: 'map-empty', hidden: true },
    h('div', { class: 'map-empty-card' },
      h('h2', {}, 'No pins yet'),
      h('p', { id: 'map-empty-hint' },
        h('span', { class: 'hint-click' }, 'Click'), h('span', { class: 'hint-tap' }, 'Tap'),
        ' anywhere on the map to drop a pin, or search for a place.'),
      h('p', { class: 'muted' }, 'tourist then fills an album with photos taken around it.')));
  const crosshair = h('div', { class: 'map-crosshair', 'aria-hidden': 'true' });
  const section = h('section', { id: 'map-page', class: 'map-page', 'aria-labelledby': 'map-title' },
    h('h1', { id: 'map-title', class: 'visually-hidden' }, 'Map of your pins'),
    mapElement, crosshair, empty);
  app.appendChild(section);

  const state = {
    section,
    mapElement,
    empty,
    map: null,
    cluster: null,
    markers: new Map(), // pin id -> L.Marker
    routes: new Map(), // route pin id -> L.Polyline (null while its line loads)
    pins: new Map(), // pin id -> PIN
    saveView: debounce(() => {}, 500),
    loaded: null,
  };
  state.loaded = load(state).catch((error) => {
    console.error('tourist: the map failed', error);
    showError(`The map failed: ${error.message}`);
  });
  return state;
}

async function load(state) {
  // Events that arrive while the pins load are applied after them, so none is lost.
  let queue = [];
  const apply = (fn) => (data) => (queue ? queue.push(() => fn(data)) : fn(data));
  on('pin', apply((pin) => upsertPin(pin)));
  on('pin-removed', apply((data) => removePin(data?.id)));
  on('resync', apply(() => resync()));

  let settings = { tiles: null, view: null };
  let pins = [];
  try {
    [settings, pins] = await Promise.all([api.getSettings(), api.getPins()]);
  } catch (error) {
    showError(error.message);
  }

  const { map, landDrawn } = createMap(state.mapElement, settings?.tiles, {
    minZoom: worldZoom(state.mapElement),
    maxBounds: WORLD, // no blank band above or below the world
    maxBoundsViscosity: 1,
  });
  state.map = map;
  const valid = pins.filter(validPin);
  state.settings = settings; // the radii and names the pin form uses
  const saved = openAtSavedView(map, settings?.view);
  if (!saved) openAtPins(map, valid);
  window.addEventListener('resize', () => map.setMinZoom(worldZoom(state.mapElement)));
  addControls(map, settings);
  // The controls (the search box first) come before the markers in the page, so Tab reaches the
  // search box before the pins; they are positioned on their own, so the picture is the same.
  map.getContainer().prepend(map.getContainer().querySelector('.leaflet-control-container'));
  let labelCount = 0;
  const labelsDrawn = addCityLabels(map, (count) => {
    labelCount = count;
    state.mapElement.dataset.labels = String(count);
  });

  let chunksDone = null;
  state.cluster = L.markerClusterGroup({
    chunkedLoading: true,
    chunkProgress: (processed, total) => {
      if (processed === total && chunksDone) chunksDone();
    },
    maxClusterRadius: 60,
    showCoverageOnHover: false,
    spiderfyOnMaxZoom: true,
    iconCreateFunction: clusterIcon,
  });
  map.addLayer(state.cluster);
  state.routeLayer = L.layerGroup().addTo(map);

  const markers = [];
  for (const pin of pins) {
    if (!validPin(pin)) continue;
    state.pins.set(pin.id, pin);
    const marker = makeMarker(pin);
    state.markers.set(pin.id, marker);
    markers.push(marker);
  }
  const routesDrawn = Promise.all(pins.filter((pin) => validPin(pin) && isRoute(pin)).map((pin) => drawRoute(state, pin.id)));
  const markersAdded = new Promise((resolve) => {
    chunksDone = resolve;
    if (markers.length) state.cluster.addLayers(markers);
    else resolve();
  });

  map.on('click', (event) => openPinForm(event.latlng));
  // Enter or Space on a focused marker opens its album, and on a cluster zooms into it, as a click does.
  state.mapElement.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const marker = event.target.closest?.('.pin-marker');
    const cluster = event.target.closest?.('.pin-cluster');
    if (marker) openAlbum(marker.dataset.pinId);
    else if (cluster) cluster.click();
    else return;
    event.preventDefault();
  });
  // A focused marker shows its name, as a hovered one does.
  state.mapElement.addEventListener('focusin', (event) => markerOf(event.target)?.openTooltip());
  state.mapElement.addEventListener('focusout', (event) => markerOf(event.target)?.closeTooltip());

  state.saveView = debounce(() => {
    const center = map.getCenter().wrap();
    api.putView({ latitude: round(center.lat, 5), longitude: round(center.lng, 5), zoom: map.getZoom() })
      .catch((error) => showError(`Could not save the map's view: ${error.message}`));
  }, 500);
  map.on('moveend', () => {
    state.saveView();
    showView(map, state.mapElement);
  });
  showView(map, state.mapElement);

  await Promise.all([landDrawn, markersAdded, labelsDrawn, routesDrawn]);
  // A saved view that shows nothing here, neither a pin nor a city's name nor online tiles (a
  // desktop's street-level view of an empty spot, on a phone or offline), is left for the pins.
  if (saved && !settings?.tiles?.url && labelCount === 0 && !valid.some((pin) => inView(map, pin))) openAtPins(map, valid);
  const pending = queue;
  queue = null;
  for (const fn of pending) fn();
  updateCounts();
  performance.mark('tourist-map-interactive'); // pins, labels and the search box are in (Benchmarks/map-page.sh)
}

/** The view on the map element, for tests: data-zoom, data-north, data-south. */
function showView(map, element) {
  const bounds = map.getBounds();
  Object.assign(element.dataset, { zoom: map.getZoom(), north: round(bounds.getNorth(), 4), south: round(bounds.getSouth(), 4) });
}

/** The world's latitudes on the map (Web Mercator ends at 85.05°), over its three copies. */
const WORLD = [[-85.0511, -540], [85.0511, 540]];

/**
 * The smallest zoom at which the world fills the map: its height, and its width with the three
 * copies of the land side by side (basemap.js). Tiles are 256 px; zoom z is 256 * 2^z px.
 */
function worldZoom(element) {
  const height = element.clientHeight || window.innerHeight;
  const width = element.clientWidth || window.innerWidth;
  return Math.max(1, Math.ceil(Math.log2(Math.max(height, width / 3) / 256)));
}

/** The search box with "Drop a pin here" at the top left, and the note on online tiles. */
function addControls(map, settings) {
  const tiles = settings?.tiles;
  const search = searchControl({
    geocoderAdvice: settings?.names?.geocoderAdvice,
    onPick: (candidate) => {
      const at = L.latLng(candidate.latitude, candidate.longitude);
      map.setView(at, candidate.source === 'coordinates' ? 15 : 12, { animate: false });
      openPinForm(at, candidate.source === 'coordinates' ? null : candidate.name);
    },
    onDropHere: () => openPinForm(map.getCenter()),
  });
  const SearchControl = L.Control.extend({ onAdd: () => search });
  map.zoomControl.remove();
  new SearchControl({ position: 'topleft' }).addTo(map);
  L.control.zoom({ position: 'topleft' }).addTo(map);
  L.DomEvent.disableClickPropagation(search);
  L.DomEvent.disableScrollPropagation(search);
  if (!tiles) {
    const note = tilesNote();
    const NoteControl = L.Control.extend({ onAdd: () => note });
    new NoteControl({ position: 'bottomleft' }).addTo(map);
    L.DomEvent.disableClickPropagation(note);
  }
}

/** How to turn on online tiles, for a map that shows the offline outlines alone. */
function tilesNote() {
  return h('details', { id: 'tiles-note', class: 'tiles-note' },
    h('summary', {}, 'Offline map: how to add street tiles'),
    h('p', {}, 'Add a tile server to the config file (tourist config init writes one), then restart tourist serve:'),
    h('code', { class: 'tiles-note-config' },
      '"serve": { "tiles": { "url": "https://tile.openstreetmap.org/{z}/{x}/{y}.png", "attribution": "© OpenStreetMap contributors" } }'),
    h('p', {}, 'Tiles then load from that server as you move the map; follow its usage policy.'));
}

/**
 * Opens the map at the view saved last (from any browser), if there is one; returns whether it
 * did. load() then keeps it only when, on this screen, it shows a pin, a city's name or online
 * tiles: a view of blank land or sea is not one to come back to.
 */
function openAtSavedView(map, view) {
  if (!view || !Number.isFinite(view.latitude) || !Number.isFinite(view.longitude) || !Number.isFinite(view.zoom)) return false;
  // A view saved on a larger screen may be too far out for this one: Leaflet keeps the zoom
  // at minZoom or more; the view is then kept inside the world, without blank bands.
  map.setView([view.latitude, view.longitude], view.zoom, { animate: false });
  map.panInsideBounds(WORLD, { animate: false });
  return true;
}

/** Opens the map showing every pin, or the world when there is none. */
function openAtPins(map, pins) {
  if (pins.length) {
    map.fitBounds(pinBounds(pins), { padding: [60, 60], maxZoom: 9, animate: false });
  } else {
    map.setView([25, 10], 2, { animate: false }); // the world
  }
}

/** Whether `pin` shows in the map's view (in any of the world's copies side by side). */
function inView(map, pin) {
  const bounds = map.getBounds();
  return [0, -360, 360].some((turn) => bounds.contains([pin.latitude, pin.longitude + turn]));
}

function pinBounds(pins) {
  return L.latLngBounds(pins.map((pin) => [pin.latitude, pin.longitude]));
}

function validPin(pin) {
  return pin && typeof pin.id === 'string' && Number.isFinite(pin.latitude) && Number.isFinite(pin.longitude);
}

// ---- Markers ----------------------------------------------------------------------------------

// A marker's icon: <div class="pin-marker pin-STATE" data-pin-id="ID"> with a pin shape and the
// photo count inside, built as DOM nodes (no HTML strings: the count is text).
const PinIcon = L.DivIcon.extend({
  createIcon(oldIcon) {
    const div = L.DivIcon.prototype.createIcon.call(this, oldIcon); // html: false -> empty div
    const { pin } = this.options;
    div.dataset.pinId = pin.id;
    div.dataset.state = pin.state;
    div.setAttribute('role', 'link');
    div.setAttribute('aria-label', markerTitle(pin));
    div.replaceChildren(
      h('span', { class: 'pin-shape' }),
      h('span', { class: 'pin-count' }, photoCount(pin)),
    );
    return div;
  },
});

// A cluster's icon: a disc with the number of pins in it and, on its shoulder, in words, how
// many of them need a look (failed, then fetching); a button whose name lists its pins by state.
// It stands above the point it marks, as a pin does, so it never hides the name of the city
// there (labels.js puts names below or beside their dots).
const ClusterIcon = L.DivIcon.extend({
  createIcon(oldIcon) {
    const div = L.DivIcon.prototype.createIcon.call(this, oldIcon);
    const { count, states } = this.options;
    const flagged = CLUSTER_FLAGS.find((state) => states.get(state));
    const title = clusterTitle(count, states);
    div.setAttribute('role', 'button');
    div.setAttribute('aria-label', title);
    div.title = title;
    if (flagged) div.dataset.flag = flagged;
    div.replaceChildren(
      h('span', { class: 'pin-cluster-count' }, count),
      ...(flagged ? [h('span', { class: `pin-cluster-flag pin-${stateClass(flagged)}` }, `${states.get(flagged)} ${stateLabel(flagged).toLowerCase()}`)] : []),
    );
    return div;
  },
});

/** The states a cluster names on its disc's shoulder, the first one it holds: what needs a look. */
const CLUSTER_FLAGS = ['failed', 'fetching'];

function clusterIcon(cluster) {
  const count = cluster.getChildCount();
  const states = new Map();
  for (const marker of cluster.getAllChildMarkers()) {
    const state = marker.options.icon?.options?.pin?.state;
    states.set(state, (states.get(state) || 0) + 1);
  }
  const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
  const diameter = { small: 34, medium: 40, large: 48 }[size];
  return new ClusterIcon({
    html: false,
    count,
    states,
    className: `pin-cluster pin-cluster-${size}`,
    iconSize: [diameter, diameter],
    iconAnchor: [diameter / 2, diameter],
  });
}

/** "12 pins: 9 ready, 2 failed, 1 new. Zoom in to see them", in the legend's order. */
function clusterTitle(count, states) {
  const known = PIN_STATES.map(([state]) => state);
  const parts = [...known, ...[...states.keys()].filter((state) => !known.includes(state))]
    .filter((state) => states.get(state))
    .map((state) => `${states.get(state)} ${stateLabel(state).toLowerCase()}`);
  return `${plural(count, 'pin')}: ${parts.join(', ')}. Zoom in to see them`;
}

function photoCount(pin) {
  const n = Number(pin.photos);
  return Number.isFinite(n) && n >= 0 ? String(Math.floor(n)) : '0';
}

function markerTitle(pin) {
  const place = placeText(pin);
  return `${pin.name}${place ? ` (${place})` : ''} — ${stateLabel(pin.state)}, ${plural(Number(photoCount(pin)), 'photo')}`;
}

function pinIcon(pin) {
  return new PinIcon({
    html: false,
    pin,
    className: `pin-marker pin-${stateClass(pin.state)}`,
    iconSize: [30, 36],
    iconAnchor: [15, 35], // the tip of the teardrop (app.css .pin-shape)
  });
}

function makeMarker(pin) {
  const marker = L.marker([pin.latitude, pin.longitude], {
    icon: pinIcon(pin),
    riseOnHover: true,
    keyboard: true,
  });
  marker.bindTooltip(markerName(pin), { direction: 'top', offset: [0, -34], className: 'pin-name', opacity: 1 });
  marker.on('click', () => openAlbum(pin.id));
  return marker;
}

/** What a marker shows on hover and focus: its pin's name and, under it, state and photos (as text nodes). */
function markerName(pin) {
  return h('span', { class: 'pin-name-text' },
    h('strong', {}, pin.name),
    h('span', { class: 'pin-name-detail' }, `${stateLabel(pin.state)}, ${plural(Number(photoCount(pin)), 'photo')}`));
}

/** The marker whose icon is `element` (or holds it); null for anything else. */
function markerOf(element) {
  const id = element?.closest?.('.pin-marker')?.dataset.pinId;
  return id ? page?.markers.get(id) ?? null : null;
}

/** Whether `pin` follows a route, whose line the map draws. */
function isRoute(pin) {
  return Number.isFinite(pin.routeKm);
}

/** Draw the line of route pin `id` (once); a line that cannot be had leaves the marker alone. */
async function drawRoute(state, id) {
  if (state.routes.has(id)) return;
  state.routes.set(id, null);
  try {
    const line = routeLine(await api.getRoute(id), 'route-line');
    if (!line || !state.routes.has(id)) return; // removed while it loaded
    line.on('click', () => openAlbum(id));
    state.routes.set(id, line);
    state.routeLayer.addLayer(line);
    line.getElement()?.setAttribute('data-pin-id', id);
    state.mapElement.dataset.routes = String([...state.routes.values()].filter(Boolean).length);
  } catch (error) {
    console.warn(`tourist: no line for route pin ${id}`, error);
  }
}

function upsertPin(pin) {
  if (!page?.cluster || !validPin(pin)) return;
  if (isRoute(pin)) drawRoute(page, pin.id);
  page.pins.set(pin.id, pin);
  const marker = page.markers.get(pin.id);
  if (marker) {
    marker.setIcon(pinIcon(pin));
    marker.setTooltipContent(markerName(pin));
    const at = marker.getLatLng();
    if (at.lat !== pin.latitude || at.lng !== pin.longitude) marker.setLatLng([pin.latitude, pin.longitude]);
    page.cluster.refreshClusters(marker); // a cluster holding it says its new state
  } else {
    const created = makeMarker(pin);
    page.markers.set(pin.id, created);
    page.cluster.addLayer(created);
  }
  updateCounts();
}

// Drop a pin's marker as soon as its album deletes it (the pin-removed event may come later).
document.addEventListener('tourist:pin-deleted', (event) => removePin(event.detail));

function removePin(id) {
  if (!page?.cluster || typeof id !== 'string') return;
  const marker = page.markers.get(id);
  if (marker) page.cluster.removeLayer(marker);
  page.markers.delete(id);
  const line = page.routes.get(id);
  if (line) page.routeLayer.removeLayer(line);
  page.routes.delete(id);
  page.mapElement.dataset.routes = String([...page.routes.values()].filter(Boolean).length);
  page.pins.delete(id);
  updateCounts();
}

/** After a lost connection: reload the pins and apply what changed. */
async function resync() {
  try {
    const pins = await api.getPins();
    const seen = new Set();
    for (const pin of pins) {
      if (!validPin(pin)) continue;
      seen.add(pin.id);
      const known = page.pins.get(pin.id);
      if (!known || JSON.stringify(known) !== JSON.stringify(pin)) upsertPin(pin);
    }
    for (const id of [...page.pins.keys()]) if (!seen.has(id)) removePin(id);
  } catch (error) {
    showError(error.message);
  }
}

function openAlbum(id) {
  if (!id) return;
  const path = `/pins/${encodeURIComponent(id)}`;
  if (location.pathname !== path) context.navigate(path);
}

// ---- The header: pin count and legend ---------------------------------------------------------

let countElement = null;

function renderTopbar() {
  countElement = h('span', { id: 'pin-count', class: 'pin-count-label' });
  const legend = h('ul', { id: 'legend', class: 'legend', 'aria-label': 'Pin states' },
    PIN_STATES.map(([state, label]) =>
      h('li', { class: 'legend-item', dataset: { state } },
        h('span', { class: `legend-swatch pin-${state}`, 'aria-hidden': 'true' }),
        label)));
  const fit = h('button', {
    type: 'button',
    id: 'fit-pins',
    class: 'button button-small',
    title: 'Zoom to show every pin',
    on: { click: fitAllPins },
  }, 'Show all pins');
  document.getElementById('topbar-content').replaceChildren(countElement, legend, fit);
  updateCounts();
}

function updateCounts() {
  if (!page || !page.map) return;
  const n = page.pins.size;
  if (countElement) countElement.textContent = plural(n, 'pin');
  const fit = document.getElementById('fit-pins');
  if (fit) fit.disabled = n === 0;
  page.empty.hidden = n !== 0;
}

function fitAllPins() {
  if (!page?.map || page.pins.size === 0) return;
  page.map.fitBounds(pinBounds([...page.pins.values()]), { padding: [60, 60], maxZoom: 9 });
}

// ---- Dropping a pin ---------------------------------------------------------------------------

/** Opens the form that drops a pin at `latlng`, named `placeName` (else by its coordinates). */
function openPinForm(latlng, placeName = null) {
  const at = latlng.wrap(); // the map repeats east and west; pins live in -180...180
  const latitude = round(at.lat, 5);
  const longitude = round(at.lng, 5);
  const settings = page.settings;
  // Left empty, the server names the pin by its coordinates (the placeholder says so).
  const name = h('input', {
    id: 'pin-name', name: 'name', type: 'text', maxlength: 200, autocomplete: 'off',
    spellcheck: 'false', placeholder: settings?.names?.unnamedPin,
  });
  name.value = placeName || coordinates(latitude, longitude);
  const radius = h('input', {
    id: 'pin-radius', name: 'radius', type: 'number', required: true, step: 'any', inputmode: 'decimal',
  });
  const radiusProblem = radiusRange(radius, settings);
  radius.value = String(settings?.radius?.defaultKm ?? '');
  const add = h('button', { type: 'submit', id: 'pin-add', class: 'button button-primary' }, 'Add pin');
  const cancel = h('button', { type: 'button', id: 'pin-cancel', class: 'button' }, 'Cancel');
  const form = h('form', { id: 'pin-form', class: 'pin-form', 'aria-label': 'Drop a pin' },
    h('h2', { class: 'pin-form-title' }, 'Drop a pin here'),
    h('p', { class: 'pin-form-where muted' }, coordinates(latitude, longitude)),
    h('label', { class: 'field' }, h('span', { class: 'field-label' }, 'Name'), name),
    h('label', { class: 'field' }, h('span', { class: 'field-label' }, 'Radius (km)'), radius),
    h('div', { class: 'form-buttons' }, cancel, add));

  const popup = L.popup({ className: 'pin-popup', minWidth: 250, maxWidth: 300, autoPanPadding: [24, 24] })
    .setLatLng(latlng)
    .setContent(form)
    .openOn(page.map);

  // Keys typed in the form are the form's: Leaflet would pan on arrows and zoom on + and -.
  form.addEventListener('keydown', (event) => {
    event.stopPropagation();
    if (event.key === 'Escape') page.map.closePopup(popup);
  });
  cancel.addEventListener('click', () => page.map.closePopup(popup));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const radiusKm = Number(radius.value);
    const problem = radiusProblem(radiusKm);
    if (problem) {
      radius.setCustomValidity(problem);
      radius.reportValidity();
      return;
    }
    radius.setCustomValidity('');
    const pinName = name.value.trim() || undefined;
    add.disabled = true;
    add.textContent = 'Adding…';
    try {
      const pin = await api.addPin({ name: pinName, latitude, longitude, radiusKm });
      upsertPin(pin);
      page.map.closePopup(popup);
      openAlbum(pin.id);
    } catch (error) {
      showError(error.message);
      add.disabled = false;
      add.textContent = 'Add pin';
    }
  });
  radius.addEventListener('input', () => radius.setCustomValidity(''));
  setTimeout(() => {
    name.focus();
    name.select();
  }, 0);
}

function round(x, digits) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
