// The base layer of every map: land outlines from /land.geojson (Natural Earth 1:110m, shipped
// with the app so maps work offline) on a pale-blue sea, and, when the user configured a tile
// server (`/api/settings` "tiles"), its tiles above the land.

import { escapeHTML } from './ui.js';

let landRequest = null;

/** The land GeoJSON, fetched once per page load. */
export function loadLand() {
  if (!landRequest) {
    landRequest = fetch('/land.geojson', { credentials: 'same-origin' }).then((response) => {
      if (!response.ok) throw new Error(`land.geojson: HTTP ${response.status}`);
      return response.json();
    });
    landRequest.catch(() => {
      landRequest = null; // try again on the next map
    });
  }
  return landRequest;
}

/** Tile settings worth using: an http(s) URL template; else null. */
function usableTiles(tiles) {
  if (!tiles || typeof tiles.url !== 'string' || !/^https?:\/\//i.test(tiles.url)) return null;
  return tiles;
}

/**
 * A Leaflet map in `element` with the base layers; `tiles` is settings.tiles (or null).
 * Returns {map, landDrawn}: landDrawn resolves once the land is in (a map without land still
 * works: only the sea shows). The caller sets the view.
 */
export function createMap(element, tiles, options = {}) {
  const usable = usableTiles(tiles);
  const map = L.map(element, {
    worldCopyJump: true, // markers follow when panning across the antimeridian
    minZoom: 1,
    maxZoom: usable ? Number(usable.maxZoom) || 19 : 18,
    ...options,
  });
  element.classList.add('basemap');
  // The land goes in its own pane under the tile pane (z-index 200), so tiles cover it when they
  // load and it shows through when they cannot (offline).
  map.createPane('land').style.zIndex = 150;
  if (usable) {
    L.tileLayer(usable.url, {
      maxZoom: Number(usable.maxZoom) || 19,
      // Leaflet puts attributions in as HTML: escape the configured text.
      attribution: usable.attribution ? escapeHTML(usable.attribution) : '',
    }).addTo(map);
  }
  let removed = false;
  map.on('unload', () => {
    removed = true;
  });
  const landDrawn = loadLand()
    .then((land) => removed || addLand(map, land))
    .catch((error) => console.warn('tourist: no land outlines', error));
  return { map, landDrawn };
}

function addLand(map, land) {
  const renderer = L.canvas({ pane: 'land', padding: 0.5 });
  // Three copies of the world side by side, so the land continues when the map is panned past
  // the antimeridian or zoomed out wider than one world.
  for (const offset of [-360, 0, 360]) {
    L.geoJSON(land, {
      renderer,
      pane: 'land',
      interactive: false,
      attribution: offset === 0 ? 'Land: Natural Earth' : undefined,
      style: { color: '#cfc6b2', weight: 0.7, fillColor: '#f6f3ec', fillOpacity: 1 },
      coordsToLatLng: (c) => L.latLng(c[1], c[0] + offset),
    }).addTo(map);
  }
}
