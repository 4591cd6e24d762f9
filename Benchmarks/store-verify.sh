#!/usr/bin/env bash
# Store check and repair benchmark, in one run, on a store of 10,000 pins × 21 Flickr photos of 10 KB
# of their own (210,000 blobs, about 2.1 GB; written once by `tourist-bench seed-unique` and kept in
# $BENCH_DIR/store-verify for later runs):
#   `tourist store verify` (re-hashes every blob on both cores and checks every index file) against
#   `sha256sum -c` over the same blob files (target: <= 1.1x); `tourist store repair` on the healthy
#   store (the same checks, under the lock, changing nothing); `tourist store verify --quick`
#   (what links the store only, no re-hash; target: under 1 s). hyperfine, a warm-up run first, so
#   the page cache holds the blobs for every tool. Then one album read by tourist and by JSONDecoder.
#
#   bash Benchmarks/store-verify.sh        (also run by Benchmarks/run.sh)
# Results: a Markdown table on stdout, hyperfine's JSON in $BENCH_DIR/store-verify.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/require.sh
require hyperfine:hyperfine jq:jq

work=${BENCH_DIR:-/tmp/tourist-bench}/store-verify
pins=10000
mkdir -p "$work"

swift build -c release --static-swift-stdlib --product tourist >&2
swift build -c release --static-swift-stdlib --product tourist-bench >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)

# Written again when it is not a store of this size with Flickr photos (an older seed had demo ones).
if [[ $(find "$work/store/index/albums" -name '*.json' 2>/dev/null | wc -l) -ne $pins ]] ||
    ! grep -q '"key":"flickr:' "$work/store/index/albums/00000000.json"; then
    rm -rf "$work/store"
    "$bin/tourist-bench" seed-unique "$work/store" "$pins" 10000 >&2
fi
# sha256sum's input: every blob file with the hash it is named by.
(cd "$work" && find store/blobs/sha256 -type f | awk -F/ '{print $NF"  "$0}' > sums.txt)
tourist="TOURIST_STORE='$work/store' '$bin/tourist'"

hyperfine --style basic --warmup 1 --runs 3 --export-json "$work/verify.json" \
    -n "sha256sum -c" "cd '$work' && sha256sum -c --quiet sums.txt" \
    -n "tourist store verify" "$tourist store verify > /dev/null" \
    -n "tourist store repair" "$tourist store repair > /dev/null" \
    -n "tourist store verify --quick" "$tourist store verify --quick > /dev/null" >&2

median() { jq -r ".results[] | select(.command == \"$1\") | .median" "$work/verify.json"; }
reference=$(median "sha256sum -c")
echo "| $pins pins × 21 photos (210,000 blobs, 2.1 GB), median of 3 | time | ratio to sha256sum -c |"
echo "|---|---|---|"
for command in "sha256sum -c" "tourist store verify" "tourist store repair" "tourist store verify --quick"; do
    awk -v name="$command" -v t="$(median "$command")" -v r="$reference" 'BEGIN { printf "| %s | %.2f s | %.2fx |\n", name, t, t / r }'
done
echo
# What reading one album costs (the file read included), tourist's reader against JSONDecoder.
"$bin/tourist-bench" decode-album "$work/store" 00000000 2000
