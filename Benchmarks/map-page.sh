#!/usr/bin/env bash
# The map page's time to interactive with 10,000 pins, its search box and its city labels, in
# headless chromium (the map half of Benchmarks/serve.sh, alone: no nginx, no wrk). On the store
# of serve-store.sh (10,000 pins over the world + Paris), `tourist serve` with the built-in config
# (offline land outlines, no tiles); `tourist-bench page-timings --pages map`: window 1280×800,
# from navigation start until the page is ready, its `tourist-map-interactive` performance mark
# is set (pins, city labels and search box in), a cluster marker, a city label and the search box
# are in the DOM, plus one animation frame; measured in the page by a poller installed before
# the page's scripts; 10 runs, each a fresh navigation from about:blank, after one uncounted
# first visit that leaves the HTTP cache warm. Target: < 1 s. Only tourist serve runs meanwhile.
#
#   bash Benchmarks/map-page.sh      (also item 16 of Benchmarks/run.sh)
# Results: a Markdown table row on stdout, JSON in $BENCH_DIR/map-page.json.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/require.sh
require chromium:chromium chromedriver:chromium-driver jq:jq curl:curl

source Benchmarks/serve-store.sh
server=""; browser_session=""
trap 'stop_browser; [[ -z $server ]] || { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }; rm -rf "$work/browser"' EXIT
start_serve
pin_count=$(tourist pin list --json | jq ".pins | length")

mkdir -p "$work/browser"
TMPDIR=$work/browser setsid "$bin/tourist-bench" page-timings --base "$base" --pin "$paris" --pages map --runs 10 --json "$bench/map-page.json" &
browser_session=$!
wait "$browser_session"
stop_browser

jq -r --argjson pins "$pin_count" '.map as $m | $m.visits[1] as $v
  | "| map page, \($pins) pins, with search box and city labels: interactive (window \($m.window[0])×\($m.window[1]), viewport \($v.innerWidth)×\($v.innerHeight)), headless chromium, warm HTTP cache, median / max of \($m.runs) | \($m.median_ms | round) ms / \($m.max_ms | round) ms | first visit: \($m.first_visit_ms | round) ms | target < 1 s\(if $m.max_ms < 1000 then "" elif $m.median_ms < 1000 then ": max over" else ": median missed" end) |"' "$bench/map-page.json"
