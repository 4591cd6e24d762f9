#!/usr/bin/env python3
"""Generates the bundled demo photo set (Providers/Fixture/DemoSet).

What it makes: 6 places on 6 continents, 64 photos each, scattered uniformly within 2.9 km of the
place (so every place has at least 60 photos within 3 km). Each photo is a small real JPEG in two
sizes, "m" (240x180) and "z" (640x480): a gradient in colours drawn from a seeded RNG, a few shapes,
and a label with the place, the photo number and its coordinates, so every photo looks different.
manifest.json lists id, title, owner, license, takenAt, latitude, longitude and the file per size.

Why: tourist must work offline on a fresh clone; the fixture provider serves this set by default.
Everything is seeded, so running the script again gives the same manifest.

How: python3 Providers/Fixture/generate-demo-set.py [OUTPUT_DIR]
Needs ImageMagick's `convert` (apt-get install imagemagick) and DejaVu fonts (fonts-dejavu-core).
"""
import concurrent.futures
import json
import math
import os
import random
import shutil
import subprocess
import sys
import time

PLACES = [
    ("paris", "Eiffel Tower", 48.8584, 2.2945),
    ("sydney", "Sydney Opera House", -33.8568, 151.2153),
    ("newyork", "Statue of Liberty", 40.6892, -74.0445),
    ("machupicchu", "Machu Picchu", -13.1631, -72.5450),
    ("capetown", "Table Mountain", -33.9628, 18.4098),
    ("kyoto", "Fushimi Inari Shrine", 34.9671, 135.7727),
]
PHOTOS_PER_PLACE = 64
RADIUS_KM = 2.9
EARTH_RADIUS_KM = 6371.0088
OWNERS = ["Ana Souza", "Kenji Watanabe", "Amara Okafor", "Liam O'Brien", "Sofia Rossi", "Mateo Fernández",
          "Chloé Martin", "Noah Williams", "Priya Natarajan", "Olivia Chen", "Lukas Becker", "Zanele Dlamini"]
LICENSES = ["CC BY 4.0", "CC BY-SA 4.0", "CC0 1.0", "CC BY-NC 4.0"]
SIZES = {"m": (240, 180, 14), "z": (640, 480, 34)}
FONT = "DejaVu-Sans-Bold"


def destination(lat, lon, bearing_deg, distance_km):
    """The point distance_km from (lat, lon) along bearing_deg, on a sphere."""
    phi1, lambda1 = math.radians(lat), math.radians(lon)
    theta, delta = math.radians(bearing_deg), distance_km / EARTH_RADIUS_KM
    phi2 = math.asin(math.sin(phi1) * math.cos(delta) + math.cos(phi1) * math.sin(delta) * math.cos(theta))
    lambda2 = lambda1 + math.atan2(math.sin(theta) * math.sin(delta) * math.cos(phi1),
                                   math.cos(delta) - math.sin(phi1) * math.sin(phi2))
    return math.degrees(phi2), (math.degrees(lambda2) + 540) % 360 - 180


def hex_colour(rng):
    return "#%02x%02x%02x" % tuple(rng.randrange(30, 230) for _ in range(3))


def plan(slug, title, lat, lon):
    rng = random.Random(f"tourist-demo-{slug}")
    photos = []
    for number in range(1, PHOTOS_PER_PLACE + 1):
        bearing, distance = rng.uniform(0, 360), RADIUS_KM * math.sqrt(rng.random())
        plat, plon = destination(lat, lon, bearing, distance)
        seconds = rng.randrange(0, 10 * 365 * 24 * 3600)
        year_start = 1420070400  # 2015-01-01T00:00:00Z
        taken = year_start + seconds
        shapes = [(rng.choice(["circle", "rectangle"]), rng.random(), rng.random(), rng.uniform(0.05, 0.2), hex_colour(rng))
                  for _ in range(rng.randrange(2, 5))]
        photos.append({
            "id": f"{slug}-{number:02d}",
            "title": f"{title} #{number:02d}",
            "owner": rng.choice(OWNERS),
            "license": rng.choice(LICENSES),
            "takenAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(taken)),
            "latitude": round(plat, 6),
            "longitude": round(plon, 6),
            "files": {size: f"{slug}/{slug}-{number:02d}-{size}.jpg" for size in SIZES},
            "_draw": (hex_colour(rng), hex_colour(rng), shapes, title, number),
        })
    return photos


def render(job):
    path, size, draw, lat, lon = job
    width, height, point = SIZES[size]
    top, bottom, shapes, title, number = draw
    args = ["convert", "-size", f"{width}x{height}", f"gradient:{top}-{bottom}"]
    for kind, x, y, r, colour in shapes:
        cx, cy, radius = int(x * width), int(y * height), int(r * width)
        shape = f"circle {cx},{cy} {cx + radius},{cy}" if kind == "circle" else f"rectangle {cx},{cy} {cx + radius * 2},{cy + radius}"
        args += ["-fill", colour, "-draw", shape]
    label = f"{title}\n#{number:02d}  {lat:.4f}, {lon:.4f}"
    args += ["-font", FONT, "-pointsize", str(point), "-fill", "white", "-stroke", "black", "-strokewidth", "1",
             "-gravity", "center", "-annotate", "+0+0", label,
             "-strip", "-sampling-factor", "4:2:0", "-quality", "70", path]
    subprocess.run(args, check=True)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(here, "DemoSet")
    version = subprocess.run(["convert", "-version"], capture_output=True, text=True)
    if "ImageMagick" not in version.stdout:
        sys.exit("ImageMagick's convert is needed: apt-get install imagemagick fonts-dejavu-core")
    shutil.rmtree(out, ignore_errors=True)
    jobs, manifest = [], []
    for slug, title, lat, lon in PLACES:
        os.makedirs(os.path.join(out, slug))
        for photo in plan(slug, title, lat, lon):
            draw = photo.pop("_draw")
            for size, relative in photo["files"].items():
                jobs.append((os.path.join(out, relative), size, draw, photo["latitude"], photo["longitude"]))
            manifest.append(photo)
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        list(pool.map(render, jobs))
    with open(os.path.join(out, "manifest.json"), "w", encoding="utf-8") as handle:
        json.dump({"version": 1, "name": "demo", "photos": manifest}, handle, indent=2, sort_keys=True, ensure_ascii=False)
        handle.write("\n")
    print(f"wrote {len(manifest)} photos ({len(jobs)} files) to {out}")


if __name__ == "__main__":
    main()
