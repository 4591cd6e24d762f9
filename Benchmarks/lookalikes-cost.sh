#!/usr/bin/env bash
# What the perceptual hash adds to `tourist fetch --all` at its bound, in one run:
#   PINS pins (default 50) × 21 photos from the fixture provider with `latencyMs` 50 and
#   downloads.concurrency 8 (as Benchmarks/fetch-all.sh), every photo a distinct real JPEG of
#   640 × 480 (three bands of Perlin noise drawn by `vips perlin`: smooth blobs of colour, so each
#   has a layout to hash, where white noise shrinks to a flat grey that is compared with none),
#   fetched with `album.lookalikes` off and on in turn; median of 5 each, fresh store each time. Prints the
#   photos each run stored: a noise photo set aside as looking like another is counted, not an error.
#   Target: on adds at most 5 %.
#
#   bash Benchmarks/lookalikes-cost.sh        (BENCH_BIN=.build/debug to use a debug build)
# Results: a Markdown table on stdout, the raw timings in $BENCH_DIR/lookalikes-cost.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/require.sh
require /usr/bin/time:time python3:python3 vips:libvips-tools

work=${BENCH_DIR:-/tmp/tourist-bench}/lookalikes-cost
pins=${BENCH_LOOKALIKES_PINS:-50}
photos=21
rm -rf "$work" && mkdir -p "$work"

if [ -z "${BENCH_BIN:-}" ]; then
    swift build -c release --static-swift-stdlib --product tourist >&2
fi
bin=${BENCH_BIN:-$(swift build -c release --static-swift-stdlib --show-bin-path)}

python3 Benchmarks/fixture-set.py "$work" "$pins" "$photos" 1024
# Seeds far apart: libvips' noise for nearby seeds is the same field shifted by a few cells, which
# the hash rightly finds to be crops of one picture.
python3 -c "
import random
generator = random.Random(37)
for _ in range(3 * $pins * $photos): print(generator.randrange(1, 2**31 - 1))
" > "$work/seeds"
exec 3< "$work/seeds"
for file in "$work"/set/files/*.jpg; do
    for band in red green blue; do
        read -r seed <&3
        vips perlin "$work/$band.v" 640 480 --cell-size 80 --uchar --seed "$seed"
    done
    vips bandjoin "$work/red.v $work/green.v $work/blue.v" "$file[Q=85]"
done
exec 3<&-
rm -f "$work"/*.v

export TOURIST_STORE="$work/store"
for setting in false true; do
    cat > "$work/config-$setting.json" <<JSON
{
  "album": { "photos": $photos, "size": "m", "lookalikes": { "enabled": $setting } },
  "downloads": { "concurrency": 8 },
  "providers": [{ "name": "bench", "type": "fixture", "path": "$work/set", "latencyMs": 50 }]
}
JSON
done
# Off and on take turns, so a machine growing busier or quieter weighs on both alike.
for run in 1 2 3 4 5; do
    for setting in false true; do
        rm -rf "$work/store"
        TOURIST_CONFIG="$work/config-$setting.json" "$bin/tourist" pin import "$work/pins.csv" --quiet >/dev/null
        TOURIST_CONFIG="$work/config-$setting.json" /usr/bin/time -f "%e %U %S" -o "$work/$setting-$run.time" "$bin/tourist" fetch --all --quiet >/dev/null
        TOURIST_CONFIG="$work/config-$setting.json" "$bin/tourist" pin list --json | python3 -c "
import json, sys
print(sum(pin['photos'] for pin in json.load(sys.stdin)['pins']))
" > "$work/$setting-$run.stored"
    done
done
python3 - "$work" "$pins" "$photos" <<'PY'
import glob, statistics, sys
work, pins, photos = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def runs(setting):
    times = [list(map(float, open(f).read().split())) for f in sorted(glob.glob(f"{work}/{setting}-*.time"))]
    return [t[0] for t in times], [t[1] + t[2] for t in times]
(off, off_cpu), (on, on_cpu) = runs("false"), runs("true")
median = statistics.median
stored = lambda setting: " ".join(open(f).read().strip() for f in sorted(glob.glob(f"{work}/{setting}-*.stored")))
print(f"| fetch --all, {pins} pins × {photos} photos of 640 × 480, +50 ms per request (median of {len(off)}, off and on in turn) | wall time | CPU time (user + system) |")
print("|---|---|---|")
print(f"| the bound: requests ÷ 8 × 50 ms | {(pins + pins * photos) / 8 * 0.05:.2f} s | |")
print(f"| lookalikes off | {median(off):.2f} s | {median(off_cpu):.1f} s |")
print(f"| lookalikes on (the hash of every photo, from its thumbnail) | {median(on):.2f} s ({(median(on) / median(off) - 1) * 100:+.1f} %) "
      f"| {median(on_cpu):.1f} s ({(median(on_cpu) / median(off_cpu) - 1) * 100:+.1f} %) |")
print()
print("runs, wall time: off " + " ".join(f"{t:.2f}" for t in off) + "; on " + " ".join(f"{t:.2f}" for t in on))
print(f"photos stored (of {pins * photos}), off: {stored('false')}; on: {stored('true')} (a photo set aside as looking like")
print("another: two noise fields can share their coarse layout, see docs/benchmarks.md)")
PY
