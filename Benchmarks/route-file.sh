#!/usr/bin/env bash
# Route file benchmark (issue 38), one run: a GPX track of 100,000 points as a Garmin watch writes
# it (time, elevation, heart rate and cadence in a TrackPointExtension on every point; 33 MB),
# 600 km along the Camino Francés, read by `RouteFile` and simplified at 0.1 km (targets: under
# 1 s for both, peak resident memory under 100 MB, measured around the whole process by
# /usr/bin/time).
#
#   bash Benchmarks/route-file.sh
# Results: one line on stdout; the GPX in $BENCH_DIR/route-file.
set -euo pipefail
cd "$(dirname "$0")/.."

work=${BENCH_DIR:-/tmp/tourist-bench}/route-file
mkdir -p "$work"
swift build -c release --static-swift-stdlib --product tourist-bench >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)

python3 - "$work/track.gpx" 100000 <<'PY'
import datetime, math, sys
path, count = sys.argv[1], int(sys.argv[2])
start, end = (43.1631, -1.2376), (42.8806, -8.5446)   # Saint-Jean-Pied-de-Port to Santiago
t0 = datetime.datetime(2026, 5, 1, 6, 0, 0)
with open(path, "w") as out:
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx creator="Garmin Connect" version="1.1" '
              'xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" xmlns="http://www.topografix.com/GPX/1/1">\n'
              '  <trk>\n    <name>Camino</name>\n    <trkseg>\n')
    for i in range(count):
        f = i / (count - 1)
        lat = start[0] + (end[0] - start[0]) * f + 0.15 * math.sin(f * 37) + 0.00003 * math.sin(i / 3)
        lon = start[1] + (end[1] - start[1]) * f + 0.05 * math.sin(f * 91) + 0.00003 * math.cos(i / 5)
        t = (t0 + datetime.timedelta(seconds=20 * i)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
        out.write(f'      <trkpt lat="{lat:.15f}" lon="{lon:.15f}">\n        <ele>{400 + 300 * math.sin(f * 13):.1f}</ele>\n'
                  f'        <time>{t}</time>\n        <extensions>\n          <ns3:TrackPointExtension>\n'
                  f'            <ns3:hr>{110 + i % 30}</ns3:hr>\n            <ns3:cad>{80 + i % 7}</ns3:cad>\n'
                  '          </ns3:TrackPointExtension>\n        </extensions>\n      </trkpt>\n')
    out.write('    </trkseg>\n  </trk>\n</gpx>\n')
PY

/usr/bin/time -f %M -o "$work/peak" "$bin/tourist-bench" route-file "$work/track.gpx" 0.1 > "$work/result"
awk -v peak="$(cat "$work/peak")" -v bytes="$(stat -c %s "$work/track.gpx")" \
    '{ printf "%s; file of %.1f MB; peak memory %.1f MiB\n", $0, bytes / 1e6, peak / 1024 }' "$work/result"
