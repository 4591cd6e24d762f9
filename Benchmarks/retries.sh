#!/usr/bin/env bash
# Retries that fit the failure, in one run; nothing leaves 127.0.0.1 (no DNS query either):
#   1. An offline `tourist fetch` with the starter config of `tourist config init` (Flickr without a
#      key, Commons unreachable, the demo set) against the same fetch with the demo set alone
#      (hyperfine, median of 10, warm-up first, fresh store before every run; target: within 1.2x
#      of the demo set alone plus 0.3 s). Commons is made unreachable on loopback only: its endpoint
#      is a port on 127.0.0.1 that is bound and never listens, so the connection is refused.
#   2. A 30 km Commons search (`tourist search --radius 30 --count 500`: one page of many API
#      requests: image info in parts, geosearches of several 10 km tiles, image info by page id)
#      against a fake Commons on 127.0.0.1 adding 50 ms per request, 1,000 photos 30 m apart out to
#      30 km, once calm and once answering every third API request with `maxlag` and
#      `Retry-After: 1` (median of 5 and of 3; target: the lagging search completes within 2x the
#      calm one plus the waits it was asked for, counted by the fake). API requests per search are
#      counted by the fake too.
#
#   bash Benchmarks/retries.sh        (also run by Benchmarks/run.sh)
# Results: a Markdown table on stdout, hyperfine's JSON in $BENCH_DIR/retries.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/require.sh
require hyperfine:hyperfine jq:jq python3:python3

work=${BENCH_DIR:-/tmp/tourist-bench}/retries
rm -rf "$work" && mkdir -p "$work"

swift build -c release --static-swift-stdlib --product tourist >&2
swift build -c release --static-swift-stdlib --product tourist-bench >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)

pids=()
trap 'for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done' EXIT
wait_for() { for _ in $(seq 100); do [[ -s $1 ]] && return; sleep 0.1; done; echo "$2 did not start" >&2; exit 1; }

# --- 1. offline fetch with the starter config --------------------------------------------------
# A port that refuses connections: bound, never listening, held until the script ends.
python3 -c '
import socket, sys, time
held = socket.socket()
held.bind(("127.0.0.1", 0))
open(sys.argv[1], "w").write(str(held.getsockname()[1]))
time.sleep(86400)' "$work/refused-port" &
pids+=($!)
wait_for "$work/refused-port" "the refusing port"
port=$(cat "$work/refused-port")

"$bin/tourist" config init --config "$work/starter.json" >/dev/null
jq --arg endpoint "http://127.0.0.1:$port/w/api.php" \
    '(.providers[] | select(.type == "commons") | .endpoint) = $endpoint' "$work/starter.json" > "$work/offline.json"
jq '.providers |= map(select(.type == "fixture"))' "$work/starter.json" > "$work/demo-alone.json"
offline() { echo "env -u FLICKR_API_KEY TOURIST_STORE='$work/store' '$bin/tourist' --config '$work/$1.json'"; }
fresh() { echo "rm -rf '$work/store'; sync; $(offline "$1") pin add 48.8584 2.2945 --name 'Eiffel Tower' >/dev/null"; }
hyperfine --style basic --warmup 1 --runs 10 --export-json "$work/offline-times.json" \
    --prepare "$(fresh offline)" -n "starter config, offline" "$(offline offline) fetch 'Eiffel Tower' --quiet" \
    --prepare "$(fresh demo-alone)" -n "demo set alone" "$(offline demo-alone) fetch 'Eiffel Tower' --quiet" >&2
# What --verbose says of Commons in one more run.
eval "$(fresh offline)"
eval "$(offline offline) fetch 'Eiffel Tower' --verbose" 2> "$work/offline-verbose.txt" >/dev/null || true
commons_lines=$(grep -c '^tourist: debug: commons: ' "$work/offline-verbose.txt" || true)
commons_requests=$(grep -c '^tourist: debug: commons: http://' "$work/offline-verbose.txt" || true)

# --- 2. a 30 km Commons search, calm and lagging -----------------------------------------------
"$bin/tourist-bench" serve-commons "$work/calm" 1000 50 30 &
pids+=($!)
"$bin/tourist-bench" serve-commons "$work/lagging" 1000 50 30 3 1 &
pids+=($!)
wait_for "$work/calm/endpoint" "the calm fake Commons"
wait_for "$work/lagging/endpoint" "the lagging fake Commons"
for fake in calm lagging; do
    cat > "$work/$fake.json" <<JSON
{ "providers": [{ "name": "commons", "type": "commons", "endpoint": "$(cat "$work/$fake/endpoint")", "contact": "bench@example.org" }] }
JSON
done
search() { echo "TOURIST_STORE='$work/search-store' '$bin/tourist' search 48.8584 2.2945 --radius 30 --count 500 --config '$work/$1.json' --quiet"; }
counters() { sleep 0.1; cat "$work/$1/requests"; }
# One search each, checked and counted: 500 photos, and the requests the fake saw.
for fake in calm lagging; do
    read -r before _ lagged_before < <(counters "$fake")
    found=$(eval "$(search "$fake") --json" | jq '.photos | length')
    [[ $found -eq 500 ]] || { echo "the $fake search found $found photos, not 500" >&2; exit 1; }
    read -r after _ lagged_after < <(counters "$fake")
    declare "requests_$fake=$((after - before))" "told_$fake=$((lagged_after - lagged_before))"
done
read -r _ _ lagged_before < <(counters lagging)
hyperfine --style basic --warmup 1 --runs 5 --export-json "$work/calm-times.json" -n "calm" "$(search calm)" >&2
hyperfine --style basic --warmup 1 --runs 3 --export-json "$work/lagging-times.json" -n "lagging" "$(search lagging)" >&2
read -r _ _ lagged_after < <(counters lagging)
waits=$(awk -v told=$((lagged_after - lagged_before)) 'BEGIN { printf "%.2f", told / 4 * 1 }')

median() { jq -r ".results[] | select(.command == \"$2\") | .median" "$work/$1-times.json"; }
starter=$(median offline "starter config, offline")
alone=$(median offline "demo set alone")
calm=$(median calm calm)
lagging=$(median lagging lagging)
echo "| retries benchmark | measured | reference | ratio / target |"
echo "|---|---|---|---|"
awk -v s="$starter" -v a="$alone" 'BEGIN { printf "| offline `fetch` of a 21-photo album, starter config (Flickr without a key, Commons refused on loopback, the demo set), median of 10 | %.3f s | the demo set alone: %.3f s | %.2fx, +%.3f s (target <= 1.2x + 0.3 s: bound %.3f s) |\n", s, a, s / a, s - a, 1.2 * a + 0.3 }'
echo "| the same fetch's \`--verbose\`: Commons requests / lines about Commons | $commons_requests / $commons_lines | 1 request, the URL and one line saying why it is left alone | |"
echo "| API requests of a 30 km search for 500 photos, calm / every third told to wait | $requests_calm / $requests_lagging | lagging: calm + one repeat per request told to wait ($told_lagging) | |"
awk -v c="$calm" -v l="$lagging" -v w="$waits" 'BEGIN { printf "| 30 km search, every third API request answered `maxlag` with Retry-After: 1 (median of 3) | %.2f s | calm (median of 5): %.2f s, + %.2f s of waits asked for | %.2fx of calm + waits (target <= 2x) |\n", l, c, w, l / (c + w) }'
