// City labels on the map page: the largest cities in view, from /api/places/labels (the bundled
// GeoNames gazetteer), more as the map zooms in, each name on the side of its dot the server
// placed it, where it meets no other name nor a large city's dot: under the point (centred, or
// beside it), or centred beside it clear of a cluster's disc. Never above: pins and clusters
// stand above the point they mark (map.js), so no marker at a city hides its name. They sit in their own pane under the pins and take no clicks, so a pin is
// never hidden behind a name and a click on a name drops a pin there.

import * as api from './api.js';
import { h } from './ui.js';

// A label: a dot at the city and its name beside it, as text nodes (no HTML strings).
const LabelIcon = L.DivIcon.extend({
  createIcon(oldIcon) {
    const div = L.DivIcon.prototype.createIcon.call(this, oldIcon);
    div.replaceChildren(h('span', { class: 'city-label-name' }, this.options.name));
    return div;
  },
});

/** The sides of its dot a name can go (the server's `placement`; app.css .city-label-SIDE). */
const PLACEMENTS = ['below', 'below-right', 'below-left', 'right', 'left'];

/**
 * Adds the labels to `map` and keeps them current as it moves. `onDrawn(count)` is called after
 * each drawing. Returns a promise of the first drawing (it settles even when the request fails).
 */
export function addCityLabels(map, onDrawn) {
  const pane = map.createPane('labels');
  pane.style.zIndex = 450; // above the land and tiles (200), under the pins (600)
  pane.setAttribute('aria-hidden', 'true'); // the names are the map's picture; the search box reads them
  const layer = L.layerGroup([], { pane: 'labels' }).addTo(map);
  // The names' licence (CC BY 4.0) asks for this credit wherever they are shown.
  map.attributionControl?.addAttribution('Places: <a href="https://www.geonames.org/">GeoNames</a> (CC BY 4.0)');
  let controller = null;

  async function refresh() {
    controller?.abort();
    controller = new AbortController();
    const zoom = Math.round(map.getZoom());
    const view = viewBox(map.getBounds());
    try {
      const { labels } = await api.getLabels(view.box, zoom, { signal: controller.signal });
      layer.clearLayers();
      for (const label of labels) {
        if (typeof label.name !== 'string' || !Number.isFinite(label.latitude) || !Number.isFinite(label.longitude)) continue;
        const placement = PLACEMENTS.includes(label.placement) ? label.placement : 'below';
        layer.addLayer(L.marker([label.latitude, view.shift(label.longitude)], {
          pane: 'labels',
          interactive: false,
          keyboard: false,
          icon: new LabelIcon({
            html: false,
            name: label.name,
            className: `city-label city-label-${placement}${label.major === true ? ' city-label-major' : ''}`,
            iconSize: null,
          }),
        }));
      }
      onDrawn(layer.getLayers().length);
    } catch (error) {
      if (error.name !== 'AbortError') console.warn('tourist: no city labels', error);
    }
  }

  map.on('moveend', refresh);
  return refresh();
}

/**
 * The view as the API takes it: longitudes within -180...180, west past east when the view
 * crosses the antimeridian, the whole world when it is wider than one; and `shift`, which moves a
 * longitude by whole turns into the view (the map repeats east and west).
 */
function viewBox(bounds) {
  const round = (x) => Math.round(x * 1e4) / 1e4;
  const clampLatitude = (x) => round(Math.max(-90, Math.min(90, x)));
  const west = bounds.getWest();
  const east = bounds.getEast();
  const shift = (longitude) => {
    let x = longitude;
    while (x < west) x += 360;
    while (x > east) x -= 360;
    return x;
  };
  const south = clampLatitude(bounds.getSouth());
  const north = clampLatitude(bounds.getNorth());
  if (east - west >= 360) return { box: { west: -180, south, east: 180, north }, shift };
  const wrappedWest = ((((west + 180) % 360) + 360) % 360) - 180;
  let wrappedEast = wrappedWest + (east - west);
  if (wrappedEast > 180) wrappedEast -= 360;
  return { box: { west: round(wrappedWest), south, east: round(wrappedEast), north }, shift };
}
