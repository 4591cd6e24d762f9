#!/usr/bin/env bash
# `pin import` benchmark, one run: 25,000 places from a CSV file into a fresh store (target: under
# 3 s, and at least 10x what importing one pin at a time did). With BEFORE=PATH (a `tourist`
# binary built from an earlier commit) the same file is imported by it too, into a store of its
# own, and the ratio is printed; an earlier tourist takes minutes, so it is given the first
# $BEFORE_PLACES places (default 2,500) and its time is scaled by pins per second.
#
#   bash Benchmarks/pin-import.sh
#   BEFORE=/tmp/tourist-main bash Benchmarks/pin-import.sh
# Results: a Markdown table on stdout; the CSV and the stores in $BENCH_DIR/pin-import.
#
# The stores of earlier runs are moved aside before the timing and removed after it, never just
# before it: on a file system that frees inodes lazily for reuse (ext4 without a journal, as on
# the machine the README's numbers come from), every new file made within about 5 minutes of a
# large removal nearby is allocated past each inode that removal freed, one by one, so removing
# the last run's 50,000 files right before the import made the import pay for the removal (in
# `perf`, over 70% of the run in the kernel's `recently_deleted`). A run within 5 minutes of the
# previous one still meets the files the previous one removed.
set -euo pipefail
cd "$(dirname "$0")/.."

work=${BENCH_DIR:-/tmp/tourist-bench}/pin-import
places=25000
before_places=${BEFORE_PLACES:-2500}
mkdir -p "$work"
trap 'rm -rf "$work"/store*.old-*' EXIT  # earlier runs' stores, once the timing is done

swift build -c release --static-swift-stdlib --product tourist >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)

python3 - "$work/places.csv" "$places" <<'PY'
import sys
path, count = sys.argv[1], int(sys.argv[2])
with open(path, "w") as out:
    out.write("name,latitude,longitude,radius_km\n")
    for index in range(count):
        out.write("Place %05d,%.4f,%.4f,5\n" % (index, (index % 1700) / 20 - 42, (index // 1700) / 10 + 1))
PY
head -n $((before_places + 1)) "$work/places.csv" > "$work/before.csv"

# Seconds one `pin import` of FILE takes into a fresh STORE (an earlier one is moved aside, see
# above), with the disk synced first.
timed_import() {
    local tourist=$1 store=$2 file=$3
    if [[ -e $store ]]; then mv "$store" "$store.old-$$"; fi
    sync
    local start end
    start=$(date +%s.%N)
    TOURIST_STORE=$store "$tourist" pin import "$file" > /dev/null
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { print b - a }'
}

now=$(timed_import "$bin/tourist" "$work/store" "$work/places.csv")
listed=$(TOURIST_STORE=$work/store "$bin/tourist" pin list --json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["pins"]))')
[[ $listed -eq $places ]] || { echo "the store lists $listed pins, not $places" >&2; exit 1; }

echo "| pin import, one run | places | time | pins/s |"
echo "|---|---|---|---|"
awk -v t="$now" -v n="$places" 'BEGIN { printf "| tourist (this build) | %d | %.2f s | %.0f |\n", n, t, n / t }'
if [[ -n ${BEFORE:-} ]]; then
    then=$(timed_import "$BEFORE" "$work/store-before" "$work/before.csv")
    awk -v t="$then" -v n="$before_places" -v now="$now" -v all="$places" 'BEGIN {
        printf "| %s | %d | %.2f s | %.0f |\n", "tourist (BEFORE)", n, t, n / t
        printf "\nthis build imports %.0fx as many pins per second\n", (all / now) / (n / t)
    }'
fi
