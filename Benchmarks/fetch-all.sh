#!/usr/bin/env bash
# `tourist fetch --all` benchmark, in one run:
#   200 pins (imported from a CSV) × 21 photos from the fixture provider with `latencyMs` 50 (every
#   search and every download waits 50 ms) and its default limits: no provider `concurrency`, so
#   downloads.concurrency (8) bounds the downloads. Every photo is a distinct 16 KB file.
#   - `fetch --all` wall time (median of 3, fresh store each time) against the bound those limits
#     set: requests (200 searches + 4,200 downloads) ÷ 8 × 50 ms = 27.5 s (target <= 1.2x);
#   - against the same pins fetched one `tourist fetch PIN` at a time (one run; report the ratio);
#   - peak RSS of `fetch --all` (GNU time; target < 100 MB).
#
#   bash Benchmarks/fetch-all.sh        (also run by Benchmarks/run.sh)
# Results: a Markdown table on stdout, the raw timings in $BENCH_DIR/fetch-all.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/require.sh
require /usr/bin/time:time python3:python3

work=${BENCH_DIR:-/tmp/tourist-bench}/fetch-all
pins=${BENCH_FETCH_ALL_PINS:-200}
photos=21
latency=50
concurrency=8
rm -rf "$work" && mkdir -p "$work"

swift build -c release --static-swift-stdlib --product tourist >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)

# The fixture set: $photos photos of 16 KB within 0.5 km of each of $pins places spread over the
# globe, and the places as a pin file.
python3 Benchmarks/fixture-set.py "$work" "$pins" "$photos" 16384

cat > "$work/config.json" <<JSON
{
  "album": { "photos": $photos, "size": "m" },
  "downloads": { "concurrency": $concurrency },
  "providers": [{ "name": "bench", "type": "fixture", "path": "$work/set", "latencyMs": $latency }]
}
JSON
export TOURIST_STORE="$work/store" TOURIST_CONFIG="$work/config.json"

fresh_store() {
    rm -rf "$work/store"
    sync
    "$bin/tourist" pin import "$work/pins.csv" --quiet >/dev/null
}

# Every pin's album holds $photos stored photos, or the run does not count.
check_complete() {
    "$bin/tourist" pin list --json | python3 -c "
import json, sys
pins = json.load(sys.stdin)['pins']
assert len(pins) == $pins and all(p['state'] == 'ready' and p['photos'] == $photos for p in pins), 'not every album is complete'
"
}

for run in 1 2 3; do
    fresh_store
    /usr/bin/time -f "%e %M" -o "$work/all-$run" "$bin/tourist" fetch --all --quiet >/dev/null
    check_complete
done

fresh_store
ids=$("$bin/tourist" pin list --json | python3 -c "import json, sys; print(' '.join(p['id'] for p in json.load(sys.stdin)['pins']))")
/usr/bin/time -f "%e %M" -o "$work/one-by-one" bash -c "for id in $ids; do '$bin/tourist' fetch \$id --quiet >/dev/null; done"
check_complete

python3 - "$work" "$pins" "$photos" "$latency" "$concurrency" <<'PY'
import statistics, sys
work, pins, photos, latency, concurrency = sys.argv[1], *map(int, sys.argv[2:])
runs = [tuple(map(float, open(f"{work}/all-{run}").read().split())) for run in (1, 2, 3)]
wall = statistics.median(r[0] for r in runs)
rss = max(r[1] for r in runs) / 1024
one_by_one = float(open(f"{work}/one-by-one").read().split()[0])
requests = pins * (1 + photos)
bound = requests / concurrency * latency / 1000
print(f"| {pins} pins × {photos} photos, fixture +{latency} ms per request | fetch --all | reference | ratio |")
print("|---|---|---|---|")
print(f"| wall time (median of 3) vs the bound ({requests:,} requests ÷ {concurrency} × {latency} ms) | {wall:.2f} s | bound: {bound:.2f} s | {wall / bound:.2f}x |")
print(f"| wall time vs one `tourist fetch PIN` at a time | {wall:.2f} s | {one_by_one:.2f} s | {wall / one_by_one:.2f}x ({one_by_one / wall:.1f}x faster) |")
print(f"| peak RSS (max of 3) | {rss:.0f} MB | target: < 100 MB | |")
PY
