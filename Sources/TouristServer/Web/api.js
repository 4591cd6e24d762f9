// The HTTP API of `tourist serve`: one function per endpoint, JSON in and out.
//
// Every state-changing request (POST, PUT, PATCH, DELETE) carries the CSRF token the server wrote into
// <meta name="tourist-csrf"> and a JSON body (`{}` when there is nothing to say); so does a GET that
// works beyond the machine (an online place lookup), which the server answers only for its page. Failures throw
// an ApiError whose message is the server's `{"error": "..."}` text when it sent one.

const csrfToken = document.querySelector('meta[name="tourist-csrf"]')?.content || '';

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.name = 'ApiError';
    this.status = status; // 0 when the server could not be reached
  }
}

async function request(method, path, body, { signal, fromThePage = false } = {}) {
  const options = { method, credentials: 'same-origin', headers: { Accept: 'application/json' }, signal };
  if (method !== 'GET' || fromThePage) options.headers['X-Tourist-CSRF'] = csrfToken;
  if (method !== 'GET') {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body ?? {});
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    if (error.name === 'AbortError') throw error;
    throw new ApiError('Could not reach tourist serve. Is it still running?', 0);
  }
  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const message = data && typeof data.error === 'string' ? data.error : `${method} ${path} failed: HTTP ${response.status}`;
    throw new ApiError(message, response.status);
  }
  return data;
}

const pinPath = (pinID) => `/api/pins/${encodeURIComponent(pinID)}`;
const photoPath = (pinID, photoID) => `${pinPath(pinID)}/photos/${encodeURIComponent(photoID)}`;

/** {tiles, view, version} */
export const getSettings = (opts) => request('GET', '/api/settings', null, opts);
/** Remember the map's view: {latitude, longitude, zoom}. */
export const putView = (view) => request('PUT', '/api/view', view);
/** [PIN] */
export const getPins = async (opts) => (await request('GET', '/api/pins', null, opts)).pins || [];
/** PIN (201 new, 200 when that exact pin existed) */
export const addPin = (pin) => request('POST', '/api/pins', pin);
export const deletePin = (pinID) => request('DELETE', pinPath(pinID), {});
/** {pin, next}: a new name and/or radius ({name, radiusKm}); `next` ("new-collection", "fetch")
 * says what fills the album within a new radius, absent when the radius stayed. */
export const editPin = (pinID, changes) => request('PATCH', pinPath(pinID), changes);
/** {pin, target, fetching, replacing, report, photos: [PHOTO]} */
export const getAlbum = (pinID, opts) => request('GET', `${pinPath(pinID)}/album`, null, opts);
/** A route pin's line: {points: [[lat, lon], ...], lengthKm, lengthText}. */
export const getRoute = (pinID, opts) => request('GET', `${pinPath(pinID)}/route`, null, opts);
export const startFetch = (pinID) => request('POST', `${pinPath(pinID)}/fetch`, {});
/** `allowFewer`: replace the album even when fewer unseen photos are left than it holds (asked first). */
export const newCollection = (pinID, { allowFewer = false } = {}) =>
  request('POST', `${pinPath(pinID)}/new-collection`, allowFewer ? { allowFewer: true } : {});
/** {removed: [photo id]} */
export const deletePhotos = (pinID, photoIDs) => request('POST', `${pinPath(pinID)}/photos/delete`, { photos: photoIDs });
/** {pin, photo, previous, next}: previous and next are the neighbours' ids, absent at either end. */
export const getPhoto = (pinID, photoID, opts) => request('GET', photoPath(pinID, photoID), null, opts);
/** {url, size, mime, bytes}: the photo in a larger size, stored on demand. */
export const getLarge = (pinID, photoID) => request('POST', `${photoPath(pinID, photoID)}/large`, {});

/**
 * {query, candidates: [{name, displayName, country, region, population, latitude, longitude, source, attribution}], geocoder}:
 * the gazetteer's places; with `online`, the online geocoder's when the gazetteer has none (`geocoder`: whether it is on).
 */
export const searchPlaces = (text, { online = false, ...opts } = {}) =>
  request('GET', `/api/places?q=${encodeURIComponent(text)}${online ? '&online=1' : ''}`, null, { ...opts, fromThePage: online });
/** {labels: [{name, latitude, longitude, population, placement, major}], attribution}: the cities to label in a view. */
export const getLabels = ({ west, south, east, north }, zoom, opts) =>
  request('GET', `/api/places/labels?bbox=${[west, south, east, north].join(',')}&zoom=${zoom}`, null, opts);

/** The URL of a stored blob, or null for a photo without one. */
export function blobURL(sha256) {
  return typeof sha256 === 'string' && /^[0-9a-f]{64}$/i.test(sha256) ? `/blobs/${sha256}` : null;
}

/**
 * The URL of a stored photo's derived image (`kind`: 'thumbnail' or 'preview'): its blob when the
 * album records one, else the address that makes it on first request and redirects to it. Null for
 * a photo without a stored original.
 */
export function imageURL(pinID, photo, kind) {
  if (!blobURL(photo.sha256)) return null;
  return blobURL(photo[kind]?.sha256) || makeImageURL(pinID, photo, kind);
}

/** The address that makes a photo's derived image (again, when its file was lost) and redirects to it. */
export function makeImageURL(pinID, photo, kind) {
  return `/api/pins/${encodeURIComponent(pinID)}/photos/${encodeURIComponent(photo.id)}/images/${kind}`;
}
