// Leaflet and its marker clustering, loaded the first time a page needs a map (the map page and
// the photo page), not by every page: an album opens without parsing 175 KB of map code.
// The scripts are the bundled copies under /vendor/leaflet (the CSP allows same-origin scripts).

let loading = null;

function script(src) {
  return new Promise((resolve, reject) => {
    const element = document.createElement('script');
    element.src = src;
    element.onload = resolve;
    element.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.appendChild(element);
  });
}

/** Resolves once `L` and `L.markerClusterGroup` exist; loads them on the first call. */
export function loadLeaflet() {
  if (!loading) {
    loading = script('/vendor/leaflet/leaflet.min.js')
      .then(() => script('/vendor/leaflet/leaflet.markercluster.min.js'))
      .catch((error) => {
        loading = null; // a later page may try again
        throw error;
      });
  }
  return loading;
}
