#!/usr/bin/env bash
# Lookalikes benchmark: how well the perceptual hash finds the same photo, in one run.
#   A duplicate set is built here, at benchmark time, from the real photos of
#   /work/shared/corpus/exif-samples (or $LOOKALIKES_CORPUS; never copied into the project): each
#   photo decoded upright and saved as a JPEG (its "original"), then copies of it: resized to 50 %
#   and to 800 px, recompressed at quality 40, re-saved as WebP and as PNG, and cropped by 3 % of
#   each side, by 5 % of the right and bottom, and by 6 % of the left and top. Beside them, the
#   distinct photos of the same places (the corpus's DSCN00xx series, taken around one town).
#   `tourist-bench lookalikes` then hashes every file and reports precision and recall over pairs
#   at each maxDistance, and how many distinct pairs were merged (target: recall >= 95 % and none
#   at the default, 10).
#   The two HDR pairs (one scene taken with HDR off and on) count as two photos each.
#
#   bash Benchmarks/lookalikes.sh        (BENCH_BIN=.build/debug to use a debug build)
# Results: the table on stdout; the set in $BENCH_DIR/lookalikes.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/require.sh
require vips:libvips-tools vipsheader:libvips-tools

corpus=${LOOKALIKES_CORPUS:-/work/shared/corpus/exif-samples}
work=${BENCH_DIR:-/tmp/tourist-bench}/lookalikes
rm -rf "$work" && mkdir -p "$work/set"

# Precision and recall do not depend on the build: BENCH_BIN names a built one's folder to skip building.
if [ -z "${BENCH_BIN:-}" ]; then
    swift build -c release --static-swift-stdlib --product tourist-bench >&2
fi
bin=${BENCH_BIN:-$(swift build -c release --static-swift-stdlib --show-bin-path)}

for file in "$corpus"/*; do
    case "$file" in *.txt | *.json) continue ;; esac
    name=$(basename "$file")
    group=${name%.*}
    # Upright, as tourist sees it; a file libvips cannot read is no photo of the set.
    vips thumbnail "$file" "$work/upright.v" 4000 --size down 2>/dev/null || continue
    # Saved without metadata, so no copy carries an orientation that would turn it a second time.
    vips jpegsave "$work/upright.v" "$work/upright.jpg" --Q 95 --strip
    vips copy "$work/upright.jpg" "$work/full.v"
    vips jpegsave "$work/full.v" "$work/set/$group~$name.jpg" --Q 92 --strip
    width=$(vipsheader -f width "$work/full.v") height=$(vipsheader -f height "$work/full.v")
    scale() { awk -v side="$1" -v width="$width" -v height="$height" 'BEGIN { long = width > height ? width : height; print side / long }'; }
    vips resize "$work/full.v" "$work/set/$group~$name-half.jpg[Q=85,strip]" 0.5
    vips resize "$work/full.v" "$work/set/$group~$name-800.jpg[Q=75,strip]" "$(scale 800)"
    vips jpegsave "$work/full.v" "$work/set/$group~$name-q40.jpg" --Q 40 --strip
    vips resize "$work/full.v" "$work/set/$group~$name.webp[Q=70,strip]" "$(scale 1200)"
    vips resize "$work/full.v" "$work/set/$group~$name.png[strip]" "$(scale 640)"
    crop() { # name left top right bottom, in per cent of each side
        local left=$((width * $2 / 100)) top=$((height * $3 / 100))
        vips crop "$work/full.v" "$work/set/$group~$name-$1.jpg[Q=85,strip]" "$left" "$top" \
            $((width - left - width * $4 / 100)) $((height - top - height * $5 / 100))
    }
    crop crop3 3 3 3 3
    crop crop5rb 0 0 5 5
    crop crop6lt 6 6 0 0
done
rm -f "$work/full.v" "$work/upright.v" "$work/upright.jpg"
"$bin/tourist-bench" lookalikes "$work/set"
