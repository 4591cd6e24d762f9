#!/usr/bin/env bash
# Thumbnails (issue 37): tourist's thumbnail path (`tourist-bench thumbnails`: ImageDecoder's
# header and limits check, a decode fitted within 480 pixels that shrinks while it loads, upright,
# 8-bit sRGB, then a JPEG of quality 80, progressive, optimized, no metadata) against `vipsthumbnail`
# on the same files with the same output (`-s 480 --export-profile srgb`, `[Q=80,strip,
# optimize_coding,interlace]`; target: tourist <= 1.1x) and against ImageMagick's
# `convert FILE -thumbnail 480x480 -quality 80` (one process a file, as it is used; target: tourist
# >= 5x faster), on two folders made in $BENCH_DIR/thumbnails at benchmark time:
#   - real: every JPEG, HEIC and TIFF of the shared corpus ($EXIF_SAMPLES, default
#     ../shared/corpus/exif-samples) that libvips decodes whole (vipsheader and `vips avg`);
#   - camera: the JPEGs among them of 3 megapixels or more (a camera's or a phone's photo, where a
#     decode can shrink while it loads; HEIC cannot, and small files leave it nothing to shrink);
#   - 50mp: four 50-megapixel JPEGs (8,160 × 6,120, a 50-megapixel phone's size; baseline, quality
#     90), four corpus photos enlarged with `vips resize`.
# hyperfine, one warm-up, then 5 runs (3 for convert) each; all three write their thumbnails into
# a fresh folder. Then the peak RSS (GNU time's maximum resident set size, the whole process) of
# tourist-bench and of vipsthumbnail over the 50mp folder (target: tourist under 200 MB), and of
# both over one progressive 50-megapixel JPEG (libjpeg keeps all of a progressive
# image's coefficients, whatever the scale). libvips-tools and imagemagick are installed when
# missing.
#
#   bash Benchmarks/thumbnails.sh
# Results: a Markdown table on stdout, hyperfine's JSON in $BENCH_DIR/thumbnails.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/require.sh
require hyperfine:hyperfine vipsthumbnail:libvips-tools vips:libvips-tools /usr/bin/time:time
if ! convert -version 2>/dev/null | grep -q ImageMagick; then
    echo "installing imagemagick (Debian package)" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq imagemagick >/dev/null
fi

samples=${EXIF_SAMPLES:-../shared/corpus/exif-samples}
work=${BENCH_DIR:-/tmp/tourist-bench}/thumbnails
scratch=${BENCH_SCRATCH:-.build}
swift build --scratch-path "$scratch" -c release --static-swift-stdlib --product tourist-bench >&2
bin=$(swift build --scratch-path "$scratch" -c release --static-swift-stdlib --show-bin-path)
mkdir -p "$work/real" "$work/camera" "$work/50mp" "$work/progressive"

# --- the folders -------------------------------------------------------------------------------
if [[ -z $(ls "$work/real") ]]; then
    for file in "$samples"/*.jpg "$samples"/*.jpeg "$samples"/*.HEIC "$samples"/*.heif "$samples"/*.tiff; do
        if vipsheader "$file" >/dev/null 2>&1 && vips avg "$file" >/dev/null 2>&1; then cp "$file" "$work/real/"; fi
    done
fi
if [[ -z $(ls "$work/camera") ]]; then
    for file in "$work/real"/*.jpg "$work/real"/*.jpeg; do
        if (($(vipsheader -f width "$file") * $(vipsheader -f height "$file") >= 3000000)); then cp "$file" "$work/camera/"; fi
    done
fi
if [[ -z $(ls "$work/50mp") ]]; then
    index=0
    for name in ies__jpg__hdr__iphone_hdr_NO.jpg ies__jpg__mobile__HMD_Nokia_8.3_5G.jpg ies__jpg__mobile__jolla.jpg ies__jpg__Canon_40D.jpg; do
        width=$(vipsheader -f width "$samples/$name")
        # Enlarged to a little over 8,160 × 6,120, then cropped to it.
        vips resize "$samples/$name" "$work/enlarged.v" "$(python3 -c "print(8160 / $width * 1.0001)")" --vscale \
            "$(python3 -c "print(6120 / $(vipsheader -f height "$samples/$name") * 1.0001)")"
        vips crop "$work/enlarged.v" "$work/50mp/photo-$index.jpg[Q=90]" 0 0 8160 6120
        index=$((index + 1))
    done
    rm -f "$work/enlarged.v"
    vips copy "$work/50mp/photo-0.jpg" "$work/progressive/progressive.jpg[Q=90,interlace]"
fi
real_count=$(ls "$work/real" | wc -l)
camera_count=$(ls "$work/camera" | wc -l)
echo "real: $real_count files, $(du -sh "$work/real" | cut -f1); camera: $camera_count files; 50mp: $(ls "$work/50mp" | wc -l) files, $(du -sh "$work/50mp" | cut -f1)" >&2

# --- the times ---------------------------------------------------------------------------------
out=$work/out
for set in real camera 50mp; do
    files=$(printf "'%s' " "$work/$set"/*)
    hyperfine --style basic --warmup 1 --runs 5 --prepare "rm -rf '$out' && mkdir -p '$out'" --export-json "$work/$set.json" \
        -n tourist "'$bin/tourist-bench' thumbnails '$out' 480 $files" \
        -n vipsthumbnail "vipsthumbnail -s 480 --export-profile srgb -o '$out/%s.jpg[Q=80,strip,optimize_coding,interlace]' $files" >&2
    hyperfine --style basic --warmup 1 --runs 3 --prepare "rm -rf '$out' && mkdir -p '$out'" --export-json "$work/$set-convert.json" \
        -n convert "for file in $files; do convert \"\$file\" -thumbnail 480x480 -quality 80 '$out'/\"\$(basename \"\$file\")\".jpg; done" >&2
done

# --- peak memory -------------------------------------------------------------------------------
peak() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1; }
rm -rf "$out" && mkdir -p "$out"
tourist_peak=$(peak "$bin/tourist-bench" thumbnails "$out" 480 "$work/50mp"/*)
vips_peak=$(peak vipsthumbnail -s 480 --export-profile srgb -o "$out/%s.jpg[Q=80,strip,optimize_coding,interlace]" "$work/50mp"/*)
progressive_peak=$(peak "$bin/tourist-bench" thumbnails "$out" 480 "$work/progressive/progressive.jpg")
vips_progressive_peak=$(peak vipsthumbnail -s 480 --export-profile srgb -o "$out/%s.jpg[Q=80,strip,optimize_coding,interlace]" \
    "$work/progressive/progressive.jpg")

python3 - "$work" "$real_count" "$camera_count" "$tourist_peak" "$vips_peak" "$progressive_peak" "$vips_progressive_peak" <<'PY'
import json, sys
work, real_count, camera_count, tourist_peak, vips_peak, progressive_peak, vips_progressive_peak = *sys.argv[1:4], *map(int, sys.argv[4:])
print("| thumbnails within 480 px, JPEG q80 (median) | tourist | vipsthumbnail | ratio (target <= 1.1x) | convert -thumbnail | convert / tourist (target >= 5x) |")
print("|---|---|---|---|---|---|")
for name, label in (("real", f"{real_count} corpus photos (JPEG, HEIC, TIFF)"), ("camera", f"its {camera_count} JPEGs of 3 megapixels or more"),
                    ("50mp", "4 JPEGs of 50 megapixels")):
    times = {r["command"]: r["median"] for r in json.load(open(f"{work}/{name}.json"))["results"]}
    convert = json.load(open(f"{work}/{name}-convert.json"))["results"][0]["median"]
    tourist, vips = times["tourist"], times["vipsthumbnail"]
    print(f"| {label} | {tourist:.2f} s | {vips:.2f} s | {tourist / vips:.2f}x | {convert:.2f} s | {convert / tourist:.1f}x |")
print()
print("| peak RSS, whole process (GNU time) | tourist-bench thumbnails | vipsthumbnail |")
print("|---|---|---|")
print(f"| 4 JPEGs of 50 megapixels, baseline (target < 200 MB) | {tourist_peak / 1024:.0f} MB | {vips_peak / 1024:.0f} MB |")
print(f"| 1 JPEG of 50 megapixels, progressive | {progressive_peak / 1024:.0f} MB | {vips_progressive_peak / 1024:.0f} MB |")
PY
