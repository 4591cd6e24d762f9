#!/usr/bin/env bash
# Fuzzes PhotoFileReader (the JPEG/PNG/WebP/HEIF/TIFF container walkers and libexif) with
# libFuzzer + AddressSanitizer for a bounded time: Fuzz/run.sh [SECONDS, default 60].
# Exits non-zero and names the crashing input when it finds a crash, hang or sanitizer report.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
scratch=.build-fuzz
binary=$scratch/photo-reader-fuzz

# SwiftPM cannot link a libFuzzer binary itself (its entry point collides with libFuzzer's main):
# build the objects with the sanitizers, then link them ourselves (see ../shared/PITFALLS.md).
swift build --scratch-path "$scratch" --target PhotoReaderFuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
mapfile -t objects < <(find "$bin" -path '*.build/*' -name '*.o')
swiftc -sanitize=fuzzer,address "${objects[@]}" -lexif -o "$binary" 2>&1 | { grep -v 'Cannot export local symbol' || true; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/corpus" "$work/artifacts"
python3 Fuzz/seeds.py "$work/corpus"
cp Tests/DirectoryTests/FuzzRegressions/* "$work/corpus/" 2>/dev/null || true
if [ -d ../shared/corpus/exif-samples ]; then
    cp ../shared/corpus/exif-samples/* "$work/corpus/"
fi

status=0
SWIFT_BACKTRACE=enable=no TMPDIR="$work" "$binary" "$work/corpus" \
    -max_total_time="$seconds" -timeout=10 -max_len=65536 -rss_limit_mb=2048 \
    -artifact_prefix="$work/artifacts/" -print_final_stats=1 || status=$?
if [ "$status" -ne 0 ]; then
    found=$scratch/findings-$(date +%Y%m%d-%H%M%S)
    mkdir -p "$found"
    cp "$work"/artifacts/* "$found/" 2>/dev/null || true
    echo "fuzzer failed (exit $status); crashing inputs kept in $found:" >&2
    ls -l "$found" >&2
    exit "$status"
fi
