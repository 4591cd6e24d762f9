#!/usr/bin/env bash
# Fuzzes tourist's doors (every parser of outside input, Fuzz/Doors/FuzzDoor.swift) with libFuzzer +
# AddressSanitizer, each for a bounded time: Fuzz/run.sh [SECONDS, default 60] [DOOR ...]
# (default: every door; Fuzz/run.sh 0 lists them). Each door starts from its seeds
# (Fuzz/Seeds/DOOR) and its kept crashes (Fuzz/Regressions/DOOR). Exits non-zero naming the doors
# that crashed, hung or tripped a sanitizer, with the crashing inputs kept under .build-fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
scratch=.build-fuzz
binary=$scratch/tourist-fuzz
doors=("$@")
if ((${#doors[@]} == 0)); then
    mapfile -t doors < <(ls Fuzz/Seeds)  # one folder of seeds per door (a test checks it)
fi
if [ "$seconds" = 0 ]; then printf '%s\n' "${doors[@]}"; exit 0; fi

# SwiftPM cannot link a libFuzzer binary itself (its entry point collides with libFuzzer's main):
# build the objects with the sanitizers, then link them ourselves (see ../shared/PITFALLS.md).
swift build --scratch-path "$scratch" --target TouristFuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
# Every object but those of an older fuzz entry point (each defines LLVMFuzzerTestOneInput).
mapfile -t objects < <(find "$bin" -path '*.build/*' -name '*.o' ! \( -path '*Fuzz.build/*' ! -path '*/TouristFuzz.build/*' \))
swiftc -sanitize=fuzzer,address "${objects[@]}" -lexif -o "$binary" 2>&1 | { grep -v 'Cannot export local symbol' || true; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=()
for door in "${doors[@]}"; do
    corpus=$work/$door/corpus artifacts=$work/$door/artifacts
    mkdir -p "$corpus" "$artifacts"
    cp Fuzz/Seeds/"$door"/* Fuzz/Regressions/"$door"/* "$corpus/" 2>/dev/null || true
    if [ "$door" = photo-reader ]; then
        cp Tests/DirectoryTests/FuzzRegressions/* "$corpus/"
        if [ -d ../shared/corpus/exif-samples ]; then cp ../shared/corpus/exif-samples/* "$corpus/"; fi
    fi
    echo "== $door: $seconds s"
    status=0
    SWIFT_BACKTRACE=enable=no TMPDIR="$work/$door" TOURIST_FUZZ_DOOR="$door" "$binary" "$corpus" \
        -max_total_time="$seconds" -timeout=10 -max_len=65536 -rss_limit_mb=2048 \
        -artifact_prefix="$artifacts/" -print_final_stats=1 2>&1 | grep -v -E '^(#[0-9]|"|###### )' \
        | tee "$work/$door/log" || status=${PIPESTATUS[0]}
    if [ "$status" -ne 0 ]; then
        found=$scratch/findings/$door-$(date +%Y%m%d-%H%M%S)
        mkdir -p "$found"
        cp "$artifacts"/* "$found/" 2>/dev/null || true
        cp "$work/$door/log" "$found/log"
        failed+=("$door")
    fi
done
# What broke, last, where a log's tail shows it (CI keeps only the end of a long log): each failed
# door's broken contract or sanitizer report, and its inputs whole (base64) to keep as regressions.
for door in "${failed[@]}"; do
    found=$(ls -d "$scratch"/findings/"$door"-* | tail -n 1)
    echo "== $door failed; its inputs and log are kept in $found" >&2
    grep -E -A3 'contract broken|Fatal error|ERROR: (AddressSanitizer|libFuzzer)|SUMMARY' "$found/log" | head -n 20 >&2 || true
    for input in "$found"/*; do
        [ "$(basename "$input")" = log ] && continue
        echo "-- $(basename "$input") ($(wc -c < "$input") bytes), base64:" >&2
        head -c 4096 "$input" | base64 -w 0 >&2
        echo >&2
    done
done
if ((${#failed[@]})); then
    echo "doors that failed: ${failed[*]} (keep each crash in Fuzz/Regressions/DOOR/ with its fix)" >&2
    exit 1
fi
