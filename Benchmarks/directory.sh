#!/usr/bin/env bash
# Directory provider benchmark, in one run:
#   a tree of real photos (every image of $EXIF_SAMPLES, a folder holding the images of the public
#   github.com/ianare/exif-samples repository, copied COPIES times, in
#   folders of its own per copy) plus GENERATED photos written by `tourist-bench write-photos`
#   (JPEG, PNG, WebP, HEIF and TIFF, geotagged); indexed by
#     - `exiftool -n -json -GPSLatitude -GPSLongitude -r TREE` (the reference),
#     - `tourist search` with a directory provider and a fresh store: the first scan,
#     - the same command on the store it left: a rescan of the unchanged tree,
#   with hyperfine (warm-up run first, so the page cache is warm for every command). Each tourist
#   run also logs (--verbose) how long its scan took inside the process, without start-up; the
#   table shows both. Targets: first scan >= 20x faster than exiftool; rescan >= 20x faster than
#   the first scan.
#
#   bash Benchmarks/directory.sh                 (also run by Benchmarks/run.sh)
#   COPIES=10 GENERATED=200 bash Benchmarks/directory.sh   (smaller, for a smoke test)
# Results: a Markdown table on stdout, hyperfine's JSON in $BENCH_DIR/directory.
set -euo pipefail
cd "$(dirname "$0")/.."

corpus=${EXIF_SAMPLES:-../shared/corpus/exif-samples}
[[ -d $corpus ]] || { echo "no photos at $corpus: set EXIF_SAMPLES to a folder of real camera photos (the images of github.com/ianare/exif-samples)" >&2; exit 1; }
source Benchmarks/require.sh
require exiftool:libimage-exiftool-perl hyperfine:hyperfine

copies=${COPIES:-50}
generated=${GENERATED:-1000}
work=${BENCH_DIR:-/tmp/tourist-bench}/directory
tree=$work/tree
mkdir -p "$work"

swift build -c release --static-swift-stdlib --product tourist >&2
swift build -c release --static-swift-stdlib --product tourist-bench >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)

images=("$corpus"/*.{jpg,jpeg,JPG,heic,HEIC,heif,png,webp,tif,tiff})
images=($(for image in "${images[@]}"; do [[ -f $image ]] && echo "$image"; done))
expected=$((copies * ${#images[@]} + generated))
if [[ $(find "$tree" -type f 2>/dev/null | wc -l) -ne $expected ]]; then
    rm -rf "$tree" && mkdir -p "$tree/corpus"
    for copy in $(seq -w 1 "$copies"); do
        mkdir -p "$tree/corpus/copy-$copy" && cp "${images[@]}" "$tree/corpus/copy-$copy/"
    done
    "$bin/tourist-bench" write-photos "$tree/generated" "$generated"
fi
files=$(find "$tree" -type f | wc -l)
echo "tree: $files files ($copies copies of ${#images[@]} corpus photos, $generated generated), $(du -sh "$tree" | cut -f1)" >&2

cat > "$work/config.json" <<JSON
{ "providers": [ { "name": "pictures", "type": "directory", "path": "$tree" } ] }
JSON
search=("$bin/tourist" search 43.46 11.88 --radius 20000 --count 1 --config "$work/config.json" --json)

hyperfine --style basic --warmup 1 --runs 5 \
    --export-json "$work/exiftool.json" \
    -n "exiftool" "exiftool -n -json -GPSLatitude -GPSLongitude -r '$tree' > /dev/null" >&2
hyperfine --style basic --warmup 1 --runs 10 \
    --prepare "rm -rf '$work/store'" \
    --export-json "$work/first.json" \
    -n "tourist first scan" "${search[*]} --store '$work/store' > /dev/null 2>&1" >&2
"${search[@]}" --store "$work/store" > /dev/null 2>&1
hyperfine --style basic --warmup 3 --runs 30 \
    --export-json "$work/rescan.json" \
    -n "tourist rescan" "${search[*]} --store '$work/store' > /dev/null 2>&1" >&2

# The scan's own time (inside the process, without start-up), from --verbose: median of 10 each.
inside() {
    for _ in $(seq 10); do
        [[ $1 == first ]] && rm -rf "$work/store"
        "${search[@]}" --store "$work/store" --verbose 2>&1 >/dev/null | sed -n 's/.*scanned [0-9]* files in \([0-9.]*\) ms.*/\1/p'
    done | sort -n | sed -n 5p
}
first_inside=$(inside first)
rescan_inside=$(inside rescan)

# Both read the same positions: tourist's located photos equal exiftool's files with GPS.
located=$("$bin/tourist" providers --check --json --config "$work/config.json" --store "$work/store" 2>/dev/null |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["providers"][0]["health"]["inventory"]["located"])')
exif_located=$(exiftool -n -json -GPSLatitude -GPSLongitude -r "$tree" 2>/dev/null |
    python3 -c 'import json,sys; print(sum(1 for r in json.load(sys.stdin) if "GPSLatitude" in r and "GPSLongitude" in r and not (r["GPSLatitude"] == 0 and r["GPSLongitude"] == 0)))')

python3 - "$work" "$files" "$first_inside" "$rescan_inside" "$located" "$exif_located" <<'PY'
import json, sys
work, files, first_inside, rescan_inside, located, exif_located = sys.argv[1:]
median = lambda name: json.load(open(f"{work}/{name}.json"))["results"][0]["median"]
exif, first, rescan = median("exiftool"), median("first"), median("rescan")
first_inside, rescan_inside = float(first_inside) / 1000, float(rescan_inside) / 1000
print(f"| index {int(files):,} photos (median) | time | ratio |")
print("|---|---|---|")
print(f"| exiftool -n -json -GPSLatitude -GPSLongitude -r | {exif:.2f} s | |")
print(f"| tourist first scan (`tourist search`, fresh store) | {first * 1000:.0f} ms | {exif / first:.1f}x faster than exiftool |")
print(f"| tourist rescan, unchanged tree (same command) | {rescan * 1000:.1f} ms | {first / rescan:.1f}x faster than the first scan |")
print(f"| first scan inside the process (--verbose) | {first_inside * 1000:.1f} ms | {exif / first_inside:.0f}x faster than exiftool |")
print(f"| rescan inside the process (--verbose) | {rescan_inside * 1000:.2f} ms | {first_inside / rescan_inside:.1f}x faster than the first scan |")
print(f"| photos with a position | tourist {int(located):,} | exiftool {int(exif_located):,} |")
PY
