#!/usr/bin/env bash
# `pin import` benchmark, one run: 25,000 places from a CSV file into a fresh store (target: under
# 3 s, and at least 10x what importing one pin at a time did), then the same places from a GeoJSON
# file, each with its peak resident memory (`/usr/bin/time`). With BEFORE=PATH (a `tourist`
# binary built from an earlier commit) the same file is imported by it too, into a store of its
# own, and the ratio is printed; an earlier tourist takes minutes, so it is given the first
# $BEFORE_PLACES places (default 2,500) and its time is scaled by pins per second.
#
#   bash Benchmarks/pin-import.sh
#   BEFORE=/tmp/tourist-main bash Benchmarks/pin-import.sh
# Results: a Markdown table on stdout; the CSV and the stores in $BENCH_DIR/pin-import.
#
# The stores of earlier runs are moved aside before the timing and removed after it, never just
# before it: on a file system that frees inodes lazily for reuse (ext4 without a journal, as on
# the machine docs/benchmarks.md's numbers come from), every new file made within about 5 minutes of a
# large removal nearby is allocated past each inode that removal freed, one by one, so removing
# the last run's 50,000 files right before the import made the import pay for the removal (in
# `perf`, over 70% of the run in the kernel's `recently_deleted`). A run within 5 minutes of the
# previous one still meets the files the previous one removed.
set -euo pipefail
cd "$(dirname "$0")/.."

work=${BENCH_DIR:-/tmp/tourist-bench}/pin-import
places=25000
before_places=${BEFORE_PLACES:-2500}
mkdir -p "$work"
trap 'rm -rf "$work"/store*.old-*' EXIT  # earlier runs' stores, once the timing is done

swift build -c release --static-swift-stdlib --product tourist >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)

python3 - "$work/places" "$places" <<'PY'
import json, sys
path, count = sys.argv[1], int(sys.argv[2])
places = [("Place %05d" % index, (index % 1700) / 20 - 42, (index // 1700) / 10 + 1) for index in range(count)]
with open(path + ".csv", "w") as out:
    out.write("name,latitude,longitude,radius_km\n")
    for name, latitude, longitude in places:
        out.write("%s,%.4f,%.4f,5\n" % (name, latitude, longitude))
with open(path + ".geojson", "w") as out:
    features = [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [round(longitude, 4), round(latitude, 4)]},
                 "properties": {"name": name, "radiusKm": 5}} for name, latitude, longitude in places]
    json.dump({"type": "FeatureCollection", "features": features}, out, indent=1)
PY
head -n $((before_places + 1)) "$work/places.csv" > "$work/before.csv"

# Seconds one `pin import` of FILE takes into a fresh STORE (an earlier one is moved aside, see
# above), with the disk synced first, and its peak resident memory in KiB.
timed_import() {
    local tourist=$1 store=$2 file=$3
    if [[ -e $store ]]; then mv "$store" "$store.old-$$"; fi
    sync
    local start end
    start=$(date +%s.%N)
    TOURIST_STORE=$store /usr/bin/time -f %M -o "$work/peak" "$tourist" pin import "$file" > /dev/null
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" -v peak="$(cat "$work/peak")" 'BEGIN { print b - a, peak }'
}

# Checks that STORE lists all the places.
check_listed() {
    local listed
    listed=$(TOURIST_STORE=$1 "$bin/tourist" pin list --json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["pins"]))')
    [[ $listed -eq $places ]] || { echo "the store lists $listed pins, not $places" >&2; exit 1; }
}

read -r now now_peak < <(timed_import "$bin/tourist" "$work/store" "$work/places.csv")
check_listed "$work/store"
read -r geojson geojson_peak < <(timed_import "$bin/tourist" "$work/store-geojson" "$work/places.geojson")
check_listed "$work/store-geojson"

echo "| pin import, one run | places | time | pins/s | peak memory |"
echo "|---|---|---|---|---|"
row() { awk -v who="$1" -v n="$2" -v t="$3" -v peak="$4" 'BEGIN { printf "| %s | %d | %.2f s | %.0f | %.0f MiB |\n", who, n, t, n / t, peak / 1024 }'; }
row "tourist (this build), CSV" "$places" "$now" "$now_peak"
row "tourist (this build), GeoJSON" "$places" "$geojson" "$geojson_peak"
if [[ -n ${BEFORE:-} ]]; then
    read -r then then_peak < <(timed_import "$BEFORE" "$work/store-before" "$work/before.csv")
    row "tourist (BEFORE), CSV" "$before_places" "$then" "$then_peak"
    awk -v t="$then" -v n="$before_places" -v now="$now" -v all="$places" 'BEGIN {
        printf "\nthis build imports %.0fx as many pins per second\n", (all / now) / (n / t)
    }'
fi
