#!/bin/sh
# Re-copy the Leaflet files `tourist serve` bundles into ../Web/vendor/leaflet/ from Debian's
# packages libjs-leaflet and libjs-leaflet.markercluster (installed with apt-get only if missing).
# Why vendored: the web app must work offline and its Content-Security-Policy allows scripts and
# styles from 'self' only, so no CDN. Why Debian's copies: packaged, versioned, license-documented.
# Copies the minified scripts (without their sourceMappingURL comment, since the .map files are
# not shipped), the CSS, the images leaflet.css references and both copyright files; no
# .map/.gz/.brotli files.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dest="$here/../Web/vendor/leaflet"
src=/usr/share/javascript/leaflet

missing=""
for pkg in libjs-leaflet libjs-leaflet.markercluster; do
    dpkg-query -W -f '${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' || missing="$missing $pkg"
done
if [ -n "$missing" ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update
    # shellcheck disable=SC2086
    $sudo apt-get install -y --no-install-recommends $missing
fi

rm -rf "$dest"
mkdir -p "$dest/images"
for f in leaflet.min.js leaflet.markercluster.min.js; do
    sed '/^\/\/# sourceMappingURL=/d' "$src/$f" > "$dest/$f"
done
cp "$src/leaflet.css" "$src/MarkerCluster.css" "$src/MarkerCluster.Default.css" "$dest/"
cp "$src"/images/*.png "$dest/images/"
cp /usr/share/doc/libjs-leaflet/copyright "$dest/COPYRIGHT-leaflet"
cp /usr/share/doc/libjs-leaflet.markercluster/copyright "$dest/COPYRIGHT-markercluster"
echo "copied Leaflet $(dpkg-query -W -f '${Version}' libjs-leaflet)" \
    "and Leaflet.markercluster $(dpkg-query -W -f '${Version}' libjs-leaflet.markercluster) to $(cd "$dest" && pwd)"
