#!/usr/bin/env bash
# What the perceptual hash adds to `tourist fetch --all` at its bound, in one run:
#   PINS pins (default 50) × 21 photos from the fixture provider with `latencyMs` 50 and
#   downloads.concurrency 8 (as Benchmarks/fetch-all.sh), every photo a distinct real JPEG of
#   640 × 480 (three bands of Perlin noise drawn by `vips perlin`: smooth blobs of colour, so each
#   has a layout to hash, where white noise shrinks to a flat grey that is compared with none),
#   fetched with `album.lookalikes` off and on; median of 3 each, fresh store each time. Prints the
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
    for run in 1 2 3; do
        rm -rf "$work/store"
        TOURIST_CONFIG="$work/config-$setting.json" "$bin/tourist" pin import "$work/pins.csv" --quiet >/dev/null
        TOURIST_CONFIG="$work/config-$setting.json" /usr/bin/time -f "%e" -o "$work/$setting-$run.time" "$bin/tourist" fetch --all --quiet >/dev/null
        TOURIST_CONFIG="$work/config-$setting.json" "$bin/tourist" pin list --json | python3 -c "
import json, sys
print(sum(pin['photos'] for pin in json.load(sys.stdin)['pins']))
" > "$work/$setting-$run.stored"
    done
done
off=$(cat "$work"/false-*.time | sort -n | sed -n 2p) on=$(cat "$work"/true-*.time | sort -n | sed -n 2p)
bound=$(python3 -c "print(round(($pins + $pins * $photos) / 8 * 0.05, 2))")
echo "| fetch --all, $pins pins × $photos photos of 640 × 480, +50 ms per request (median of 3) | time |"
echo "|---|---|"
echo "| the bound: requests ÷ 8 × 50 ms | $bound s |"
echo "| lookalikes off | $off s |"
echo "| lookalikes on (the hash of every photo, from its thumbnail) | $on s ($(python3 -c "print(f'{($on / $off - 1) * 100:+.1f} %')")) |"
echo
echo "photos stored (of $((pins * photos))), off: $(cat "$work"/false-*.stored | tr '\n' ' ')on: $(cat "$work"/true-*.stored | tr '\n' ' ')(a photo set aside as"
echo "looking like another: two noise fields can share their coarse layout, see docs/benchmarks.md)"
