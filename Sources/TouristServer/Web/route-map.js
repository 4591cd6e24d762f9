// A route pin's line on a map: the line the pin searches along (`GET /api/pins/ID/route`, or the
// album's `route`), drawn on the map page and, with the photos' positions, as the album's small
// map. Needs Leaflet (leaflet.js) loaded first.

import { createMap } from './basemap.js';

/** The look of a route's line. */
const LINE = { color: '#7c3aed', weight: 4, opacity: 0.85, lineCap: 'round', lineJoin: 'round' };

/**
 * The points of `route` ({points: [[lat, lon], ...]}) as Leaflet positions, each longitude moved by
 * whole turns to within 180° of the one before, so a line across the antimeridian crosses it
 * rather than the whole world.
 */
export function routeLatLngs(route) {
  const points = Array.isArray(route?.points) ? route.points : [];
  const out = [];
  for (const point of points) {
    const [lat, lon] = Array.isArray(point) ? point : [];
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    let lng = lon;
    const before = out[out.length - 1];
    if (before) lng += 360 * Math.round((before[1] - lng) / 360);
    out.push([lat, lng]);
  }
  return out;
}

/** A polyline of `route` with the class `className`, or null when it has fewer than two points. */
export function routeLine(route, className, options = {}) {
  const latlngs = routeLatLngs(route);
  if (latlngs.length < 2) return null;
  return L.polyline(latlngs, { ...LINE, className, ...options });
}

/**
 * The album's small map in `element`: the route's line, its start (a white dot), and a red dot
 * where each photo with a position was taken. Returns the map, or null when the route has no line.
 */
export function showRouteMap(element, route, photos, tiles) {
  const line = routeLine(route, 'route-line album-route-line', { interactive: false });
  if (!line) return null;
  const { map } = createMap(element, tiles, { scrollWheelZoom: false, minZoom: 1 });
  line.addTo(map);
  const start = routeLatLngs(route)[0];
  L.circleMarker(start, {
    radius: 5, color: LINE.color, weight: 2, fillColor: '#ffffff', fillOpacity: 1, interactive: false, className: 'route-start',
  }).addTo(map);
  let shown = 0;
  for (const photo of photos) {
    if (!Number.isFinite(photo.latitude) || !Number.isFinite(photo.longitude)) continue;
    shown += 1;
    // On the same side of the antimeridian as the line.
    const lng = photo.longitude + 360 * Math.round((start[1] - photo.longitude) / 360);
    L.circleMarker([photo.latitude, lng], {
      radius: 4, color: '#ffffff', weight: 1.5, fillColor: '#dc2626', fillOpacity: 1, interactive: false, className: 'route-photo',
    }).addTo(map);
  }
  map.fitBounds(line.getBounds(), { padding: [14, 14] });
  element.dataset.photos = String(shown);
  return map;
}
