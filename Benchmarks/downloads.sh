#!/usr/bin/env bash
# Download benchmark, in one run:
#   `tourist fetch` of an album of 500 photos (200 KB each, size m) from a fake Flickr on 127.0.0.1
#   that adds 50 ms to every request (API calls and images), against `curl --parallel
#   --parallel-max 8` downloading the same 500 image URLs (hyperfine, warm-up run first, fresh store
#   and folder before every run). tourist also makes its two search calls and stores every photo
#   durably (hash while streaming, fsync, link, album index); curl only writes the files.
#   Then tourist's peak RSS (GNU time) for albums of 100 and 500 photos.
#
#   bash Benchmarks/downloads.sh        (also run by Benchmarks/run.sh)
# Results: a Markdown table on stdout, hyperfine's JSON in $BENCH_DIR/downloads.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/require.sh
source Benchmarks/fake-flickr.sh
require hyperfine:hyperfine curl:curl /usr/bin/time:time

work=${BENCH_DIR:-/tmp/tourist-bench}/downloads
photos=500
rm -rf "$work" && mkdir -p "$work"

swift build -c release --static-swift-stdlib --product tourist >&2
swift build -c release --static-swift-stdlib --product tourist-bench >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)

start_fake_flickr "$work/server" "$photos" 200000 50

cat > "$work/config.json" <<JSON
{
  "album": { "photos": $photos, "size": "m" },
  "downloads": { "concurrency": 8 },
  "providers": [{ "name": "flickr", "type": "flickr", "endpoint": "$(cat "$work/server/endpoint")",
                  "apiKey": "$(cat "$work/server/api-key")", "requestsPerHour": 100000 }]
}
JSON
tourist="TOURIST_STORE='$work/store' TOURIST_CONFIG='$work/config.json' '$bin/tourist'"

hyperfine --style basic --warmup 1 --runs 5 \
    --prepare "rm -rf '$work/store' '$work/curl'; mkdir -p '$work/curl'; sync; $tourist pin add 48.8584 2.2945 --name bench >/dev/null" \
    --export-json "$work/fetch.json" \
    -n "tourist fetch" "$tourist fetch bench --quiet" \
    -n "curl --parallel --parallel-max 8" "cd '$work/curl' && curl --parallel --parallel-max 8 --silent --fail -K '$work/server/curl.cfg'" >&2


rss=()
for count in 100 500; do
    rm -rf "$work/store"
    eval "$tourist pin add 48.8584 2.2945 --name bench" >/dev/null
    /usr/bin/time -f %M -o "$work/rss-$count" bash -c "$tourist fetch bench --count $count --quiet >/dev/null"
    rss+=("$(cat "$work/rss-$count")")
done

python3 - "$work" "${rss[@]}" <<'PY'
import json, sys
work, rss100, rss500 = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
runs = {r["command"]: r for r in json.load(open(f"{work}/fetch.json"))["results"]}
ours, curl = runs["tourist fetch"], runs["curl --parallel --parallel-max 8"]
print("| 500 photos of 200 KB, +50 ms per request (median of 5) | tourist fetch | curl --parallel --parallel-max 8 | ratio (tourist / curl) |")
print("|---|---|---|---|")
print(f"| wall time | {ours['median']:.2f} s | {curl['median']:.2f} s | {ours['median'] / curl['median']:.2f}x |")
print(f"| peak RSS of tourist fetch, album of 100 / 500 photos | {rss100 / 1024:.1f} MB / {rss500 / 1024:.1f} MB | | |")
PY
