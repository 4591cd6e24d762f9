"""A fixture set for the benchmarks, in WORK/set: PHOTOS photos (distinct files of BYTES bytes, a JPEG
signature then random bytes) within 0.5 km of each of PINS places spread over the globe, and the
places as a pin file, WORK/pins.csv.

    python3 Benchmarks/fixture-set.py WORK PINS PHOTOS BYTES
"""
import json, math, os, sys
work, pins, photos, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
os.makedirs(f"{work}/set/files")
entries, rows = [], ["name,latitude,longitude,radius_km"]
for pin in range(pins):
    latitude = -60 + (pin // 20) * 12.0
    longitude = -170 + (pin % 20) * 17.0
    rows.append(f"Place {pin},{latitude},{longitude},1")
    for index in range(photos):
        angle = index * 2.399963
        distance = 0.5 * (index + 1) / photos
        dlat = distance / 111.2 * math.cos(angle)
        dlon = distance / (111.2 * math.cos(math.radians(latitude))) * math.sin(angle)
        name = f"p{pin:03d}-{index:03d}"
        # A JPEG signature, then bytes unique to the photo.
        head = bytes([0xFF, 0xD8, 0xFF, 0xE0]) + name.encode()
        with open(f"{work}/set/files/{name}.jpg", "wb") as out:
            out.write(head)
            left = size - len(head)
            while left > 0:
                out.write(os.urandom(min(left, 1 << 20)))
                left -= min(left, 1 << 20)
        entries.append({"id": name, "title": f"Photo {index} of place {pin}", "latitude": latitude + dlat,
                        "longitude": longitude + dlon, "files": {"m": f"files/{name}.jpg"}})
json.dump({"version": 1, "name": "bench", "photos": entries}, open(f"{work}/set/manifest.json", "w"))
open(f"{work}/pins.csv", "w").write("\n".join(rows) + "\n")
