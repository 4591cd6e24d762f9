#!/usr/bin/env bash
# Benchmarks for the store and the single-pin commands, each against its reference, in one run.
#
#   bash Benchmarks/run.sh            # full run: 1 GiB ingest; 100, 1,000 and 10,000 pins
#   BENCH_QUICK=1 bash Benchmarks/run.sh   # smaller and faster, for a smoke test
#
# 1. Store ingest: 4,096 photo-sized files (256 KiB each, 1 GiB) streamed into a fresh store
#    (hash while writing, fsync, link) by tourist-bench, against `sha256sum` over the same files,
#    page cache warm for both (hyperfine, warm-up run first; before every run the last run's
#    store is deleted and the disk synced, so no run pays for another's writeback). Once with the store on the same disk
#    as the files, once on tmpfs (/dev/shm), which separates the store's own cost from the disk's
#    write speed; `dd conv=fsync` of 1 GiB shows that speed.
# 2. `tourist pin list` and `tourist album PIN` wall time on stores of 100, 1,000 and 10,000 pins
#    of 21 photos each (target: under 50 ms at 10,000 pins, and flat).
# 3. Downloads (Benchmarks/downloads.sh): `tourist fetch` of 500 photos of 200 KB from a fake Flickr
#    on loopback adding 50 ms per request, against `curl --parallel --parallel-max 8` on the same
#    URLs (target: within 1.15x of curl), and tourist's peak RSS (target: under 64 MB).
# 4. Directory provider (Benchmarks/directory.sh): indexing a tree of 3,050 photos (the
#    exif-samples photos, $EXIF_SAMPLES, copied 50 times, plus 1,000 generated ones) against `exiftool -n -json
#    -GPSLatitude -GPSLongitude -r` (target: first scan >= 20x faster), and a rescan of the
#    unchanged tree against the first scan (target: >= 20x faster).
# 5. Provider plugins (Benchmarks/plugins.sh): the protocol's overhead per search against the fixture
#    provider in process (target: under 1 ms), the start-up a Python plugin adds to one command, and
#    500 photos given by a plugin as loopback URLs against curl --parallel (target: <= 1.05x).
# 6. Wikimedia Commons (Benchmarks/commons.sh): API requests per 21- and 100-photo album (target:
#    the fewest the API allows), and `tourist fetch` of a 21-photo album from a fake Commons adding
#    50 ms per request against `curl --parallel --parallel-max 3` on the same thumbnails (<= 1.1x).
# 7. Store check and repair (Benchmarks/store-verify.sh): `store verify` on 10,000 pins × 21 photos
#    (2.1 GB) against `sha256sum -c` on the same blobs (target <= 1.1x), `store repair`, and
#    `store verify --quick` (target under 1 s).
# 8. tourist serve (Benchmarks/serve.sh): photo blobs served to wrk on loopback, the 21 thumbnails of
#    an album in turn, against nginx serving the same blob files (target: >= 0.5x nginx's requests
#    per second, latency p50/p99 beside), and the album page (21 thumbnails loaded; target < 300 ms)
#    and the map page with 10,000 pins (clusters drawn, one frame; target < 1.5 s) in headless
#    chromium, median and max of 10 runs from navigation start.
# 9. fetch --all (Benchmarks/fetch-all.sh): 200 pins × 21 photos from the fixture provider with 50 ms
#    per request, against the bound its limits set (requests ÷ downloads.concurrency × latency;
#    target <= 1.2x) and against one `tourist fetch PIN` at a time; peak RSS (target < 100 MB).
# 10. S3 store (Benchmarks/s3.sh), on a throwaway Ceph RGW on loopback: `fetch --all` into S3 against
#    into a local store (target <= 1.2x), `store copy` local → S3 against `aws s3 sync` (<= 1.0x), two
#    machines' `fetch --all` on one S3 store against one machine (<= 0.6x), `album PIN` with the cache
#    warm against a local store (<= 1.3x), `pin list` of 10,000 pins (< 1 s), and the peak RSS of
#    `store copy` of 2 GB (< 100 MB).
# 11. Retries (Benchmarks/retries.sh): an offline `fetch` with the starter config (Flickr without a
#    key, Commons refused on loopback, the demo set) against the demo set alone (target: <= 1.2x +
#    0.3 s), and a 30 km Commons search from a fake Commons answering every third API request with
#    `maxlag` and Retry-After: 1 against the calm search plus the waits asked for (target <= 2x).
# 12. tourist serve under pressure (Benchmarks/serve-pressure.sh), under `ulimit -n 1024`:
#    `GET /api/settings` p99 while 2,000 idle connections are held (target < 100 ms, server alive)
#    and while another process holds the store lock (< 50 ms); RSS with 30 slow readers of a 50 MB
#    blob (< 150 MB).
# 13. pin import (Benchmarks/pin-import.sh): 25,000 places from a CSV file into a fresh store, one
#    run (target: under 3 s, and 10x an earlier tourist given as BEFORE=PATH).
# 14. Command start-up (Benchmarks/cli-startup.sh): album, a fetch with nothing to do (target:
#    <= 1.3x album), pin list, --help and no arguments, under hyperfine.
# 15. Gazetteer (Benchmarks/gazetteer.sh): the bundled gazetteer's cold load, and a warm lookup by
#    name (target: under 5 ms) and of the nearest city, medians of 20,000.
# 16. The map page (Benchmarks/map-page.sh): time to interactive with 10,000 pins, the search box
#    and city labels, in headless chromium, median and max of 10 runs (target < 1 s).
# 17. store copy (Benchmarks/store-copy.sh), on a throwaway Ceph RGW on loopback: 20,000 pins with
#    empty albums from a local store into a fresh bucket (target < 60 s), and the same copy again of
#    the unchanged library, as a resumed copy runs (target: no write).
# 18. Thumbnails (Benchmarks/thumbnails.sh): tourist's thumbnail path over the corpus photos and over
#    50-megapixel JPEGs against vipsthumbnail (target <= 1.1x) and ImageMagick's convert -thumbnail
#    (target >= 5x faster), and the peak RSS on the 50-megapixel ones (target < 200 MB).
# 19. The album page of 21 own photos of 12 megapixels (Benchmarks/own-album-page.sh), first visit,
#    until every tile is drawn, in headless chromium (target, once thumbnails exist: < 300 ms).
# 20. Route files (Benchmarks/route-file.sh): a 100,000-point GPX track of a Garmin watch read and
#    simplified, one run (target: under 1 s, peak memory under 100 MB).
# 21. Route search (Benchmarks/route-search.sh): a 594 km route with a 5 km corridor against the
#    Flickr and Commons fakes, API requests against one search every 10 km (target <= 0.5x) and the
#    album spread along the line (target: no 50 km stretch over 3x its share).
# 22. A time window on Commons (Benchmarks/time-window.sh): API requests of a 21-photo album with
#    `--months 4` against the same album without a window, on the fake Commons (target <= 3x).
# Results: a Markdown table on stdout and JSON in $BENCH_DIR (default /tmp/tourist-bench).
set -euo pipefail
cd "$(dirname "$0")/.."

source Benchmarks/require.sh
require hyperfine:hyperfine

work=${BENCH_DIR:-/tmp/tourist-bench}
files=4096
pin_counts=(100 1000 10000)
if [[ -n ${BENCH_QUICK:-} ]]; then files=512; pin_counts=(100 1000); fi
mkdir -p "$work"

# Measured as shipped: a release build with the Swift runtime linked in (as `make install` builds it).
swift build -c release --static-swift-stdlib --product tourist >&2
swift build -c release --static-swift-stdlib --product tourist-bench >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)

# --- 1. ingest -------------------------------------------------------------------------------
if [[ $(find "$work/photos" -type f 2>/dev/null | wc -l) -ne $files ]]; then
    rm -rf "$work/photos" && mkdir -p "$work/photos"
    python3 - "$work/photos" "$files" <<'PY'
import os, sys
folder, count = sys.argv[1], int(sys.argv[2])
for index in range(count):
    with open(os.path.join(folder, "photo-%05d.jpg" % index), "wb") as handle:
        handle.write(b"\xff\xd8\xff\xe0" + os.urandom(256 * 1024 - 4))
PY
fi
shm=/dev/shm/tourist-bench-store
hyperfine --style basic --warmup 1 --runs 5 \
    --prepare "rm -rf '$work/store' '$shm' '$work/dd'; sync" \
    --export-json "$work/ingest.json" \
    -n "tourist store ingest" "'$bin/tourist-bench' ingest '$work/store' '$work'/photos/*" \
    -n "tourist store ingest (store on tmpfs)" "'$bin/tourist-bench' ingest '$shm' '$work'/photos/*" \
    -n "sha256sum" "sha256sum '$work'/photos/* > /dev/null" \
    -n "dd conv=fsync" "dd if=/dev/zero of='$work/dd' bs=1M count=$((files / 4)) conv=fsync status=none" >&2
rm -rf "$shm" "$work/dd"

# --- 2. pin list and album -------------------------------------------------------------------
jpegs=(Providers/Fixture/DemoSet/paris/paris-*-m.jpg)
for count in "${pin_counts[@]}"; do
    store="$work/pins-$count"
    if [[ ! -f $store/index/pins.json ]]; then
        rm -rf "$store"
        "$bin/tourist-bench" seed "$store" "$count" "${jpegs[@]:0:21}"
    fi
    [[ $count -ne 100 ]] || "$bin/tourist" store verify --store "$store" >&2
    hyperfine --style basic --warmup 3 --runs 30 -N \
        --export-json "$work/pins-$count.json" \
        -n "pin list ($count pins)" "$bin/tourist pin list --store $store" \
        -n "album PIN ($count pins)" "$bin/tourist album 00000000 --store $store" \
        -n "album NAME ($count pins)" "$bin/tourist album 'Bench pin 0' --store $store" >&2
done

python3 - "$work" "${pin_counts[@]}" <<'PY'
import json, sys
work, counts = sys.argv[1], sys.argv[2:]
ingest = {r["command"]: r["median"] for r in json.load(open(f"{work}/ingest.json"))["results"]}
ref = ingest["sha256sum"]
print("| benchmark (median of 5) | tourist | sha256sum, same files | ratio (tourist / sha256sum) |")
print("|---|---|---|---|")
print(f"| store ingest, 1 GiB in 256 KiB files, store on disk | {ingest['tourist store ingest']:.2f} s | {ref:.2f} s | {ingest['tourist store ingest'] / ref:.2f}x |")
print(f"| store ingest, same, store on tmpfs | {ingest['tourist store ingest (store on tmpfs)']:.2f} s | {ref:.2f} s | {ingest['tourist store ingest (store on tmpfs)'] / ref:.2f}x |")
print(f"| (disk write speed: dd 1 GiB conv=fsync) | {ingest['dd conv=fsync']:.2f} s | | |")
print()
print("| pins (median of 30) | pin list | album PIN (id) | album PIN (name) |")
print("|---|---|---|---|")
for count in counts:
    rows = {r["command"].split(" (")[0]: r["median"] * 1000 for r in json.load(open(f"{work}/pins-{count}.json"))["results"]}
    print(f"| {int(count):,} | {rows['pin list']:.1f} ms | {rows['album PIN']:.1f} ms | {rows['album NAME']:.1f} ms |")
PY

echo
bash Benchmarks/downloads.sh

echo
bash Benchmarks/directory.sh

echo
bash Benchmarks/plugins.sh

echo
bash Benchmarks/commons.sh

echo
bash Benchmarks/store-verify.sh

echo
bash Benchmarks/serve.sh

echo
bash Benchmarks/fetch-all.sh

echo
bash Benchmarks/s3.sh

echo
bash Benchmarks/retries.sh

echo
bash Benchmarks/serve-pressure.sh

echo
bash Benchmarks/pin-import.sh

echo
bash Benchmarks/cli-startup.sh

echo
bash Benchmarks/gazetteer.sh

echo
bash Benchmarks/map-page.sh

echo
bash Benchmarks/store-copy.sh

echo
bash Benchmarks/thumbnails.sh

echo
bash Benchmarks/own-album-page.sh

echo
bash Benchmarks/route-file.sh

echo
bash Benchmarks/route-search.sh

echo
bash Benchmarks/time-window.sh
