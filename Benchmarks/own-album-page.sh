#!/usr/bin/env bash
# The album page of your own photos (issue 37), first visit: a directory provider over 21 JPEGs of
# 12 megapixels (4,000 × 3,000, quality 95: about 5 MB each, as a phone writes them), made at
# benchmark time from 21 photos of the shared corpus ($EXIF_SAMPLES, default
# ../shared/corpus/exif-samples: its JPEGs, TIFFs and HEICs that libvips decodes, the largest
# first), enlarged and cropped with `vips`, and geotagged 50 m apart north of the Eiffel Tower (an
# EXIF block from Tests/ImageSamples/make-samples.py); a pin there, fetched, and `tourist serve` on
# that store with that config. `tourist-bench page-timings --pages album --cache cold`: the album
# page /pins/ID in headless chromium (window 1280×2400, so all 21 tiles are in view) until it is
# ready and its 21 tiles are drawn (`complete && naturalWidth > 0`), from navigation start, the
# HTTP cache emptied before each of 10 runs (each a first visit), after one uncounted run. The
# bytes the page loaded for its tiles (the /blobs/ responses' transfer sizes) are reported beside.
# Target, once thumbnails exist: every tile drawn in under 300 ms.
#
#   bash Benchmarks/own-album-page.sh
# Results: a Markdown table on stdout, the browser's figures in $BENCH_DIR/own-album-page.json.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/require.sh
require chromium:chromium chromedriver:chromium-driver jq:jq vips:libvips-tools

samples=${EXIF_SAMPLES:-../shared/corpus/exif-samples}
bench=${BENCH_DIR:-/tmp/tourist-bench}
work=$bench/own-album-page
build=(swift build -c release --static-swift-stdlib ${BENCH_SCRATCH:+--scratch-path "$BENCH_SCRATCH"})
"${build[@]}" --product tourist >&2
"${build[@]}" --product tourist-bench >&2
bin=$("${build[@]}" --show-bin-path)
mkdir -p "$work/photos" "$work/xdg"

if [[ $(ls "$work/photos" | wc -l) -ne 21 ]]; then
    rm -rf "$work/photos" && mkdir -p "$work/photos"
    mapfile -t sources < <(for file in "$samples"/*.{jpg,tiff,HEIC,heif}; do
        if vipsheader "$file" >/dev/null 2>&1 && vips avg "$file" >/dev/null 2>&1; then echo "$(stat -c %s "$file") $file"; fi
    done | sort -rn | head -21 | cut -d' ' -f2-)
    ((${#sources[@]} == 21)) || { echo "only ${#sources[@]} decodable photos in $samples" >&2; exit 1; }
    for index in "${!sources[@]}"; do
        vips thumbnail "${sources[$index]}" "$work/photo.v" 4000 --height 3000 --size force
        python3 - "$work/photo.v" "$work/photos/own-$(printf %02d "$index").jpg" "$index" <<'PY'
import ctypes, importlib.util, sys
spec = importlib.util.spec_from_file_location("samples", "Tests/ImageSamples/make-samples.py")
samples = importlib.util.module_from_spec(spec)
spec.loader.exec_module(samples)
vips = samples.vips
vips.vips_image_new_from_file.restype = ctypes.c_void_p
image = vips.vips_image_new_from_file(sys.argv[1].encode(), None)
vips.vips_image_set_int(ctypes.c_void_p(image), b"orientation", 1)
block = samples.exif_block(orientation=1, latitude=48.8584 + int(sys.argv[3]) * 0.00045, longitude=2.2945)
samples.save(samples.with_exif(image, block), sys.argv[2], b"Q", ctypes.c_int(95))
PY
    done
    rm -f "$work/photo.v"
fi
echo "photos: $(ls "$work/photos" | wc -l), $(du -sh "$work/photos" | cut -f1)" >&2

cat > "$work/config.json" <<JSON
{ "providers": [ { "name": "own", "type": "directory", "path": "$work/photos" } ] }
JSON
store=$work/store
tourist() { env TOURIST_CONFIG="$work/config.json" XDG_CONFIG_HOME="$work/xdg" TOURIST_STORE="$store" "$bin/tourist" "$@"; }
rm -rf "$store"
tourist pin add 48.8629 2.2945 --name "Own photos" --radius 2 >/dev/null
tourist fetch "Own photos" --quiet >/dev/null
pin=$(tourist album "Own photos" --json | jq -r .pin.id)
stored=$(tourist album "Own photos" --json | jq '[.photos[] | select(.state == "stored")] | length')
((stored == 21)) || { echo "the album holds $stored stored photos, not 21" >&2; exit 1; }

server=""; browser_session=""
finish() {
    if [[ -n $browser_session ]]; then
        left=$(ps -o pid=,stat= -s "$browser_session" 2>/dev/null | awk '$2 !~ /^Z/ { print $1 }' || true)
        [[ -z $left ]] || kill -KILL $left 2>/dev/null || true
    fi
    [[ -z $server ]] || { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
    rm -rf "$work/browser"
}
trap finish EXIT
env TOURIST_CONFIG="$work/config.json" XDG_CONFIG_HOME="$work/xdg" TOURIST_STORE="$store" "$bin/tourist" serve --port 0 \
    > "$work/serve.out" 2> "$work/serve.err" &
server=$!
for _ in $(seq 100); do grep -q '^tourist serve: ' "$work/serve.out" 2>/dev/null && break; sleep 0.1; done
base=$(sed -n '1s/^tourist serve: \(http[^ ]*\)$/\1/p' "$work/serve.out")
[[ -n $base ]] || { echo "tourist serve did not start:" >&2; cat "$work/serve.err" >&2; exit 1; }
mkdir -p "$work/browser"
TMPDIR=$work/browser setsid "$bin/tourist-bench" page-timings --base "${base%/}" --pin "$pin" --pages album --cache cold --runs 10 \
    --photos 21 --json "$bench/own-album-page.json" &
browser_session=$!
wait "$browser_session"
browser_session=""

python3 - "$bench/own-album-page.json" "$work/photos" <<'PY'
import json, os, sys
album = json.load(open(sys.argv[1]))["album"]
folder = sys.argv[2]
originals = sum(os.path.getsize(os.path.join(folder, name)) for name in os.listdir(folder))
tiles = [sum(r["transferSize"] for r in visit["resources"] if r["name"] == "/blobs/…") for visit in album["visits"][1:]]
print("| album page of 21 own photos of 12 megapixels, first visit (10 runs) | median | max | bytes loaded for the tiles |")
print("|---|---|---|---|")
print(f"| every tile drawn (target < 300 ms) | {album['median_ms']:.0f} ms | {album['max_ms']:.0f} ms | {max(tiles) / 1e6:.1f} MB (originals: {originals / 1e6:.1f} MB) |")
PY
