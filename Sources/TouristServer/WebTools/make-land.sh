#!/bin/sh
# Regenerate ../Web/land.geojson, the offline base layer of `tourist serve`'s maps: the land of
# Natural Earth's 1:110m countries (public domain), taken from the geopandas 0.14.4 wheel on PyPI
# (it bundles them as naturalearth_lowres) and converted by make-land.py (see its header).
# Why a wheel: it is a fixed, immutable, checksummed copy of the data that pip can fetch anywhere.
# Needs python3 and pip; installs pyshp into the temp dir if python3 cannot import it. Writes
# nothing but Web/land.geojson (and a temp dir it removes).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$(cd "$here/../Web" && pwd)/land.geojson"
wheel_sha256=3bb6473cb59d51e1a7fe2dbc24a1a063fb0ebdeddf3ce08ddbf8c7ddc99689aa
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

python3 -m pip download --quiet --no-deps --dest "$tmp" geopandas==0.14.4
wheel="$tmp/geopandas-0.14.4-py3-none-any.whl"
echo "$wheel_sha256  $wheel" | sha256sum -c --quiet -

if ! python3 -c 'import shapefile' 2>/dev/null; then
    python3 -m pip install --quiet --target "$tmp/pylib" pyshp
    PYTHONPATH="$tmp/pylib${PYTHONPATH:+:$PYTHONPATH}"
    export PYTHONPATH
fi
python3 "$here/make-land.py" "$wheel" "$out"
