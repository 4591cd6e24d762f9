#!/usr/bin/env bash
# A time window on Commons, in one run, against a fake Commons on 127.0.0.1 (tourist-bench
# serve-commons; 400 files around the Eiffel Tower, file i taken in month i % 12 + 1): API requests
# of `tourist fetch` of a 21-photo album of a pin with `--months 4` (one month of any year: a
# twelfth of the files), against the same album without a window (fresh store each). Target: <= 3x.
# The fewest possible without a window is 1 request (image info with thumbnails covers 50 files);
# a window needs the files' dates before choosing, so at least one more.
#
#   bash Benchmarks/time-window.sh        (also run by Benchmarks/run.sh)
# Results: a Markdown table on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/require.sh
source Benchmarks/fake-commons.sh
require jq:jq

work=${BENCH_DIR:-/tmp/tourist-bench}/time-window
rm -rf "$work" && mkdir -p "$work"

swift build -c release --static-swift-stdlib --product tourist >&2
swift build -c release --static-swift-stdlib --product tourist-bench >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)

start_fake_commons "$work" 400 0
tourist="TOURIST_STORE='$work/store' TOURIST_CONFIG='$work/config.json' '$bin/tourist'"

declare -A requests photos
for window in none months-4; do
    rm -rf "$work/store"
    if [[ $window == none ]]; then args=""; else args="--months 4"; fi
    eval "$tourist pin add 48.8584 2.2945 --name bench $args" >/dev/null
    before=$(api_requests "$work")
    eval "$tourist fetch bench --quiet" >/dev/null
    requests[$window]=$(( $(api_requests "$work") - before ))
    photos[$window]=$(eval "$tourist album bench --json" | jq '[.photos[] | select(.state == "stored")] | length')
done
echo "| Commons, fake on loopback, 400 files | API requests | photos stored | ratio |"
echo "|---|---|---|---|"
echo "| 21-photo album, no window | ${requests[none]} | ${photos[none]} | |"
awk -v w="${requests[months-4]}" -v n="${requests[none]}" -v p="${photos[months-4]}" \
    'BEGIN { printf "| 21-photo album, --months 4 (one month, any year) | %d | %d | %.1fx (target <= 3x) |\n", w, p, w / n }'
