#!/usr/bin/env bash
# `tourist serve` benchmark, in one run, on one store (kept in $BENCH_DIR/serve/store for later
# runs): 10,000 pins spread over the world (`tourist-bench add-pins`, through TouristCore's
# `addPin`: new pins, empty albums) plus "Paris" with its 21-photo album fetched from the offline
# demo set (`tourist pin add`, `tourist fetch`; thumbnails of size m, a few KB each). Built-in
# config (no config file is read).
#   1. Blob serving: wrk on loopback cycling through the 21 thumbnails of the Paris album
#      (`GET /blobs/SHA256`) against nginx serving the same blob files from the same disk (its own
#      config in a temp folder: daemon off, master process, worker_processes auto, access_log off,
#      sendfile, open_file_cache; root = the store's blobs/sha256, so /ab/SHA256; `etag on`,
#      `expires max`, `default_type image/jpeg`, and the same five security headers tourist sends,
#      copied from its answer, so both answers carry a comparable header block; run as root, also
#      `user root`, so its workers read the store wherever it is). Every thumbnail is checked byte
#      for byte on both servers first. wrk -t2 -c64 -d10s --latency, after a 3 s warm-up of each;
#      three rounds, alternating, the median round reported (target: tourist >= 0.5x nginx's
#      requests per second), with latency p50/p99 and the server's CPU time per request (user +
#      system, from /proc). The machine's 2 cores are shared by wrk and the server under test, the
#      same for both: the figures are what one loaded 2-core machine gives, not a server's ceiling.
#   2. Page timings in headless chromium (`tourist-bench page-timings`, the tests' WebDriver
#      client; one store for both pages): the album page /pins/PARIS until it is ready and its 21
#      lazy thumbnails are loaded (window 1280×2400, so all 21 are in view; target < 300 ms), and
#      the map page / with the 10,001 pins until it is interactive with its search box and city
#      labels (its `tourist-map-interactive` mark, cluster markers and labels drawn), plus one
#      animation frame (window 1280×800; target < 1 s; `Benchmarks/map-page.sh` times it alone); from navigation start, measured in the
#      page by a poller installed before the page's scripts; 10 runs each, each a fresh navigation
#      from about:blank, after one uncounted first visit that leaves the HTTP cache warm (a
#      returning user: blobs are `immutable`, scripts revalidated, the API not cached). Only
#      tourist serve runs meanwhile.
#
#   bash Benchmarks/serve.sh        (also run by Benchmarks/run.sh)
#   BENCH_SCRATCH=.build-bench bash Benchmarks/serve.sh   # build in another scratch folder
# Results: a Markdown table on stdout, JSON in $BENCH_DIR/serve.json (wrk's and the browser's raw
# figures in $BENCH_DIR/serve).
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/require.sh
require wrk:wrk nginx:nginx chromium:chromium chromedriver:chromium-driver jq:jq curl:curl

source Benchmarks/serve-store.sh  # the build, the store of 10,000 pins + Paris, start_serve
wrk_settings=(-t2 -c64 -d10s --latency)
rounds=3

jq -r '.photos[] | select(.state == "stored") | .sha256' "$work/paris.json" > "$work/blobs.txt"
photos=$(wc -l < "$work/blobs.txt")
[[ $photos -eq 21 ]] || { echo "the Paris album has $photos stored photos, not 21" >&2; exit 1; }
pin_count=$(tourist pin list --json | jq ".pins | length")
thumb_bytes=$(while read -r sha; do stat -c %s "$store/blobs/sha256/${sha:0:2}/$sha"; done < "$work/blobs.txt" | awk '{ s += $1 } END { printf "%.0f", s / NR }')

# --- the two servers ---------------------------------------------------------------------------
server=""; nginx_pid=""; browser_session=""; nginx_dir=""
stop_servers() {
    [[ -z $nginx_pid ]] || { kill -QUIT "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true; }
    [[ -z $server ]] || { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
    nginx_pid=""; server=""
}
# The browser's throw-away profile goes under $work/browser (TMPDIR), removed here with nginx's folder.
trap 'stop_browser; stop_servers; rm -rf "$work/browser" ${nginx_dir:+"$nginx_dir"}' EXIT

start_serve
first=$(head -1 "$work/blobs.txt")
curl -sS -o /dev/null -D "$work/tourist.headers" "$base/blobs/$first"

nginx_dir=$(mktemp -d "${TMPDIR:-/tmp}/tourist-bench-nginx.XXXXXX")
nginx_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 - "$nginx_dir" "$nginx_port" "$store/blobs/sha256" "$work/tourist.headers" "$EUID" <<'PY'
import sys
folder, port, root, headers, uid = sys.argv[1:]
# tourist's security headers, sent by nginx too so both header blocks are alike.
copied = []
for line in open(headers, encoding="latin-1"):
    name, _, value = line.partition(":")
    if name.lower() in ("content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy", "cross-origin-resource-policy"):
        value = value.strip()
        assert '"' not in value and "$" not in value, value
        copied.append(f'        add_header {name} "{value}";')
temp = "\n".join(f"    {kind}_temp_path {folder}/{kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
open(f"{folder}/nginx.conf", "w").write(f"""{"user root;" if uid == "0" else ""}
daemon off;
master_process on;
worker_processes auto;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    sendfile on;
    tcp_nopush on;
    open_file_cache max=1000 inactive=60s;
    open_file_cache_valid 60s;
    default_type image/jpeg;
{temp}
    server {{
        listen 127.0.0.1:{port};
        root {root};
        etag on;
        expires max;
        location / {{
{chr(10).join(copied)}
        }}
    }}
}}
""")
PY
nginx -e "$nginx_dir/error.log" -p "$nginx_dir" -c "$nginx_dir/nginx.conf" &
nginx_pid=$!
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$nginx_port/" && break; sleep 0.1; done
curl -sS -o /dev/null -D "$work/nginx.headers" "http://127.0.0.1:$nginx_port/${first:0:2}/$first"

# Both servers must answer every thumbnail with its very bytes.
while read -r sha; do
    for url in "$base/blobs/$sha" "http://127.0.0.1:$nginx_port/${sha:0:2}/$sha"; do
        got=$(curl -sS --fail "$url" | sha256sum | cut -d' ' -f1)
        [[ $got == "$sha" ]] || { echo "$url answered other bytes ($got)" >&2; exit 1; }
    done
done < "$work/blobs.txt"

# --- 1. blob throughput ------------------------------------------------------------------------
# CPU time (user + system, clock ticks) of a server's processes: tourist's one, nginx's master and workers.
cpu_ticks() {
    local pids=("$1") pid total=0
    [[ $1 != "$nginx_pid" ]] || mapfile -t -O 1 pids < <(ps --ppid "$1" -o pid= | tr -d ' ')
    for pid in "${pids[@]}"; do
        total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat")))
    done
    echo "$total"
}
# wrk's Lua: each thread cycles through the 21 paths; `done` prints the run's totals as JSON.
for name in tourist nginx; do
    {
        echo "local paths = {"
        if [[ $name == tourist ]]; then sed 's|.*|  "/blobs/&",|' "$work/blobs.txt"; else sed 's|^\(..\).*|  "/\1/&",|' "$work/blobs.txt"; fi
        cat <<'LUA'
}
local next_path = 0
request = function()
  next_path = next_path % #paths + 1
  return wrk.format("GET", paths[next_path])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK-JSON {"requests": %d, "duration_us": %d, "bytes": %d, "errors": {"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}, "latency_p50_us": %d, "latency_p90_us": %d, "latency_p99_us": %d, "latency_mean_us": %.1f, "latency_max_us": %d}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.mean, latency.max))
end
LUA
    } > "$work/$name.lua"
done
tourist_url=${base%/}/
nginx_url=http://127.0.0.1:$nginx_port/
wrk -t2 -c64 -d3s -s "$work/tourist.lua" "$tourist_url" > /dev/null
wrk -t2 -c64 -d3s -s "$work/nginx.lua" "$nginx_url" > /dev/null
for round in $(seq "$rounds"); do
    for name in tourist nginx; do
        if [[ $name == tourist ]]; then url=$tourist_url pid=$server; else url=$nginx_url pid=$nginx_pid; fi
        before=$(cpu_ticks "$pid")
        wrk "${wrk_settings[@]}" -s "$work/$name.lua" "$url" > "$work/wrk-$name-$round.txt"
        after=$(cpu_ticks "$pid")
        grep -o '{.*' <(grep '^WRK-JSON ' "$work/wrk-$name-$round.txt") |
            jq -c --argjson cpu "$(( after - before ))" --argjson hz "$(getconf CLK_TCK)" '. + {server_cpu_s: ($cpu / $hz)}' > "$work/wrk-$name-$round.json"
        echo "wrk round $round, $name: $(grep 'Requests/sec' "$work/wrk-$name-$round.txt")" >&2
    done
done

# --- 2. page timings ---------------------------------------------------------------------------
stop_nginx() { kill -QUIT "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true; nginx_pid=""; }
stop_nginx  # only tourist serve is up while the browser runs
mkdir -p "$work/browser"
TMPDIR=$work/browser setsid "$bin/tourist-bench" page-timings --base "$base" --pin "$paris" --runs 10 --photos 21 --json "$work/pages.json" &
browser_session=$!
wait "$browser_session"
stop_browser
stop_servers

python3 - "$bench" "$work" "$rounds" "$pin_count" "$thumb_bytes" "${wrk_settings[*]}" <<'PY'
import json, sys
bench, work, rounds, pin_count, thumb_bytes, settings = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
def load(name):
    runs = []
    for round in range(1, rounds + 1):
        run = json.load(open(f"{work}/wrk-{name}-{round}.json"))
        bad = {k: v for k, v in run["errors"].items() if v}
        if bad: sys.exit(f"wrk against {name}, round {round}: errors {bad}")
        run["rps"] = run["requests"] / (run["duration_us"] / 1e6)
        run["server_cpu_us_per_request"] = run["server_cpu_s"] * 1e6 / run["requests"]
        run["server_cores_busy"] = run["server_cpu_s"] / (run["duration_us"] / 1e6)
        runs.append(run)
    median = sorted(runs, key=lambda run: run["rps"])[len(runs) // 2]
    return {"rounds": runs, "median": median}
servers = {name: load(name) for name in ("tourist", "nginx")}
ours, ref = servers["tourist"]["median"], servers["nginx"]["median"]
ratio = ours["rps"] / ref["rps"]
pages = json.load(open(f"{work}/pages.json"))
album, map_ = pages["album"], pages["map"]
def ms(us): return f"{us / 1000:.2f} ms"
def viewport(page):
    visit = page["visits"][1]
    return f"window {page['window'][0]}×{page['window'][1]}, viewport {visit['innerWidth']}×{visit['innerHeight']}"
def headers(name):
    lines = open(f"{work}/{name}.headers", encoding="latin-1").read().splitlines()
    return [line for line in lines if line]
print(f"| tourist serve on loopback (2 cores, shared by wrk / chromium and the server) | tourist | reference | ratio / target |")
print("|---|---|---|---|")
print(f"| blob throughput: the 21 thumbnails of an album (mean {thumb_bytes / 1000:.1f} KB) in turn, wrk {settings}, median of {rounds} rounds | {ours['rps']:,.0f} req/s | nginx (sendfile, open_file_cache): {ref['rps']:,.0f} req/s | {ratio:.2f}x (target ≥ 0.5x{'' if ratio >= 0.5 else ': missed'}) |")
print(f"| latency p50 / p99, same round | {ms(ours['latency_p50_us'])} / {ms(ours['latency_p99_us'])} | {ms(ref['latency_p50_us'])} / {ms(ref['latency_p99_us'])} | |")
print(f"| server CPU per request (user + system), same round | {ours['server_cpu_us_per_request']:.1f} µs ({ours['server_cores_busy']:.2f} cores busy) | {ref['server_cpu_us_per_request']:.1f} µs ({ref['server_cores_busy']:.2f} cores busy) | {ours['server_cpu_us_per_request'] / ref['server_cpu_us_per_request']:.2f}x |")
for label, page, target in (
    (f"album page, ready and its 21 lazy thumbnails loaded ({viewport(album)})", album, 300),
    (f"map page, {pin_count:,} pins, with search box and city labels: interactive, clusters and labels drawn, one frame ({viewport(map_)})", map_, 1000),
):
    verdict = "" if page["max_ms"] < target else (": median missed" if page["median_ms"] >= target else ": max over")
    shown = f"{target} ms" if target < 1000 else f"{target / 1000:g} s"
    print(f"| {label}, headless chromium, warm HTTP cache, median / max of {page['runs']} | {page['median_ms']:.0f} ms / {page['max_ms']:.0f} ms | first visit: {page['first_visit_ms']:.0f} ms | target < {shown}{verdict} |")
json.dump({
    "blobs": {"wrk": settings, "rounds": rounds, "thumbnail_mean_bytes": thumb_bytes, "ratio_tourist_to_nginx": ratio,
              "tourist": servers["tourist"], "nginx": servers["nginx"],
              "headers": {"tourist": headers("tourist"), "nginx": headers("nginx")}},
    "pages": pages, "pins": pin_count,
    "targets": {"ratio_min": 0.5, "album_ms": 300, "map_ms": 1000},
}, open(f"{bench}/serve.json", "w"), indent=2)
PY
