#!/usr/bin/env python3
"""Write Web/land.geojson: the land outlines `tourist serve` draws under its map.

Why: the map must work offline (no tile server unless the user configures one), so the app ships
its own small base layer. Source: Natural Earth's 1:110m admin-0 countries (public domain), as
bundled in the geopandas 0.14.4 wheel (geopandas/datasets/naturalearth_lowres); the wheel is read
as a zip, nothing is extracted.

Output: a GeoJSON FeatureCollection of one MultiPolygon feature (every country's polygons, no
attributes), coordinates rounded to 2 decimals, consecutive duplicate points dropped, then
simplified (Douglas-Peucker, 0.02 degrees): under 150 KB. Deterministic: the same wheel gives the
same bytes.

Usage: make-land.py WHEEL OUT.geojson   (make-land.sh downloads the wheel and runs this)
Needs pyshp (`import shapefile`).
"""

import io
import json
import sys
import zipfile

import shapefile  # pyshp

BASE = "geopandas/datasets/naturalearth_lowres/naturalearth_lowres"
# Douglas-Peucker tolerance in degrees (about 2 km): below what 1:110m resolves (0.1 mm at
# 1:110,000,000 is 11 km), and it keeps the file under 150 KB. Neighbouring countries are
# simplified separately, so their shared borders may differ by up to this much: invisible at
# the zoom levels where 1:110m data makes sense.
TOLERANCE = 0.02


def rounded_ring(points):
    """Round a ring's points to 2 decimals, drop repeats; None when too few points remain."""
    ring = []
    for x, y in points:
        p = [round(x, 2), round(y, 2)]
        # -0.0 would print as "-0.0"; normalise so the output is stable and tidy.
        p = [0.0 if v == 0 else v for v in p]
        if not ring or ring[-1] != p:
            ring.append(p)
    if ring[0] != ring[-1]:
        ring.append(ring[0])
    ring = simplified(ring) if len(ring) >= 4 else ring
    return ring if len(ring) >= 4 else None


def simplified(ring, tolerance=TOLERANCE):
    """Douglas-Peucker: drop the points of a closed ring closer than tolerance degrees to the
    line through their neighbours that remain. Iterative, so deep rings cannot hit recursion
    limits."""
    keep = [False] * len(ring)
    keep[0] = keep[-1] = True
    # A closed ring starts and ends at the same point; split it at its farthest point first.
    x0, y0 = ring[0]
    far = max(range(len(ring)), key=lambda i: (ring[i][0] - x0) ** 2 + (ring[i][1] - y0) ** 2)
    keep[far] = True
    stack = [(0, far), (far, len(ring) - 1)]
    while stack:
        a, b = stack.pop()
        (ax, ay), (bx, by) = ring[a], ring[b]
        dx, dy = bx - ax, by - ay
        length = (dx * dx + dy * dy) ** 0.5
        best, best_i = 0.0, None
        for i in range(a + 1, b):
            px, py = ring[i]
            if length == 0:
                d = ((px - ax) ** 2 + (py - ay) ** 2) ** 0.5
            else:
                d = abs(dy * (px - ax) - dx * (py - ay)) / length
            if d > best:
                best, best_i = d, i
        if best_i is not None and best > tolerance:
            keep[best_i] = True
            stack += [(a, best_i), (best_i, b)]
    return [p for p, k in zip(ring, keep) if k]


def signed_area(ring):
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:])) / 2


def polygons(shape):
    """Split a shapefile polygon's parts into GeoJSON polygons.

    In a shapefile, outer rings run clockwise and holes counter-clockwise; each hole follows its
    outer ring. GeoJSON (RFC 7946) wants outer rings counter-clockwise, holes clockwise."""
    parts = list(shape.parts) + [len(shape.points)]
    result = []
    for start, end in zip(parts, parts[1:]):
        ring = rounded_ring(shape.points[start:end])
        if ring is None:
            continue
        area = signed_area(ring)
        if area == 0:
            continue
        if area < 0:  # clockwise: a new outer ring
            result.append([ring[::-1]])
        elif result:  # counter-clockwise: a hole of the last outer ring
            result[-1].append(ring[::-1])
    return result


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    wheel, out = sys.argv[1], sys.argv[2]
    with zipfile.ZipFile(wheel) as z:
        files = {ext: io.BytesIO(z.read(f"{BASE}.{ext}")) for ext in ("shp", "shx", "dbf")}
    # The .dbf's text is ISO-8859-1 (its .cpg says so; e.g. "C\xf4te d'Ivoire").
    reader = shapefile.Reader(
        shp=files["shp"], shx=files["shx"], dbf=files["dbf"], encoding="latin-1"
    )
    # One MultiPolygon of every country's polygons: the map only needs the land, and one feature
    # instead of 177 keeps the file small (names and per-feature overhead were ~20 KB).
    land = []
    for shape in reader.iterShapes():
        land += polygons(shape)
    collection = {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "properties": {
                    "name": "land",
                    "source": "Natural Earth 1:110m admin-0 countries (public domain), "
                    "via the geopandas 0.14.4 wheel",
                },
                "geometry": {"type": "MultiPolygon", "coordinates": land},
            }
        ],
    }
    with open(out, "w", encoding="utf-8") as f:
        json.dump(collection, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {out}: {len(land)} polygons", file=sys.stderr)


if __name__ == "__main__":
    main()
