#!/usr/bin/env bash
# Wikimedia Commons benchmark, in one run, against a fake Commons on 127.0.0.1 (tourist-bench
# serve-commons) that adds 50 ms to every request, API and images alike:
#   1. API requests per album of 21 and of 100 photos (`tourist fetch`, fresh store each), counted
#      by the fake. The fewest the API allows: image info with a thumbnail URL covers at most 50
#      files per request, so N photos need at least ceil(N / 50) requests (1 and 2).
#   2. Wall time of `tourist fetch` of a 21-photo album (its search and 21 thumbnails, stored
#      durably), against `curl --parallel --parallel-max 3` downloading the same 21 thumbnails
#      (hyperfine, warm-up run first, fresh store and folder before every run; target <= 1.1x).
#      3 is what Wikimedia asks of a client, and tourist's default `concurrency` for Commons.
#
#   bash Benchmarks/commons.sh        (also run by Benchmarks/run.sh)
# Results: a Markdown table on stdout, hyperfine's JSON in $BENCH_DIR/commons.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/require.sh
source Benchmarks/fake-commons.sh
require hyperfine:hyperfine curl:curl jq:jq

work=${BENCH_DIR:-/tmp/tourist-bench}/commons
rm -rf "$work" && mkdir -p "$work"

swift build -c release --static-swift-stdlib --product tourist >&2
swift build -c release --static-swift-stdlib --product tourist-bench >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)

start_fake_commons "$work" 400 50
tourist="TOURIST_STORE='$work/store' TOURIST_CONFIG='$work/config.json' '$bin/tourist'"

# --- 1. requests per album ----------------------------------------------------------------------
declare -A requests
for count in 21 100; do
    rm -rf "$work/store"
    eval "$tourist pin add 48.8584 2.2945 --name bench" >/dev/null
    before=$(api_requests "$work")
    eval "$tourist fetch bench --count $count --quiet" >/dev/null
    requests[$count]=$(( $(api_requests "$work") - before ))
done

# --- 2. a 21-photo album against curl -----------------------------------------------------------
agent="tourist-bench/1.0 (bench@example.org)"
hyperfine --style basic --warmup 1 --runs 10 \
    --prepare "rm -rf '$work/store' '$work/curl'; mkdir -p '$work/curl'; sync; $tourist pin add 48.8584 2.2945 --name bench >/dev/null" \
    --export-json "$work/fetch.json" \
    -n "tourist fetch (21 photos)" "$tourist fetch bench --quiet" \
    -n "curl --parallel-max 3" "cd '$work/curl' && curl --silent --fail --parallel --parallel-max 3 -A '$agent' -K '$work/server/curl.cfg'" >&2

median() { jq -r ".results[] | select(.command == \"$1\") | .median" "$work/fetch.json"; }
tourist_s=$(median "tourist fetch (21 photos)")
curl_s=$(median "curl --parallel-max 3")
echo "| Commons, fake on loopback, +50 ms per request | tourist | reference | ratio |"
echo "|---|---|---|---|"
echo "| API requests, 21-photo album | ${requests[21]} | 1 (fewest possible: 50 files per image-info request) | |"
echo "| API requests, 100-photo album | ${requests[100]} | 2 (fewest possible) | |"
awk -v t="$tourist_s" -v c="$curl_s" 'BEGIN { printf "| fetch of a 21-photo album, median of 10 | %.3f s | %.3f s (curl --parallel-max 3, same thumbnails) | %.2fx |\n", t, c, t / c }' 
