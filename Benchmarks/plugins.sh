#!/usr/bin/env bash
# Provider plugin benchmarks, in one run (release build, as shipped):
# 1. Protocol overhead: 5,000 searches (the Eiffel Tower, 21 photos each, one after another) through
#    the fixture provider in process, and through `tourist-bench serve-plugin`, a minimal Swift plugin
#    running the same fixture code behind the protocol (started and warmed up first). The difference
#    is what the protocol adds per request: encoding, the pipes, decoding (target: under 1 ms).
# 2. Start-up: `tourist search` near the Eiffel Tower with the Python example plugin
#    (Providers/Examples/csv, its sample.csv) as the only provider, and with the same 8 photos as an
#    in-process fixture set (recorded from the plugin by `tourist fixture record`): the difference
#    is the wall time a plugin adds to one command (start, hello, search, shutdown) (hyperfine, -N).
# 3. URLs: `tourist fetch` of 500 photos of 200 KB that the CSV example plugin lists as loopback
#    URLs of a fake Flickr adding 50 ms per request, against the same album through the Flickr
#    provider and `curl --parallel --parallel-max 8` on the same URLs (target: plugin <= 1.05x curl).
#
#   bash Benchmarks/plugins.sh        (also run by Benchmarks/run.sh)
# Results: a Markdown table on stdout, JSON in $BENCH_DIR/plugins.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/require.sh
source Benchmarks/fake-flickr.sh
require hyperfine:hyperfine curl:curl python3:python3

work=${BENCH_DIR:-/tmp/tourist-bench}/plugins
photos=500
rm -rf "$work" && mkdir -p "$work"
repository=$(pwd)

swift build -c release --static-swift-stdlib --product tourist >&2
swift build -c release --static-swift-stdlib --product tourist-bench >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)

# --- 1. protocol overhead ----------------------------------------------------------------------
"$bin/tourist-bench" plugin-overhead "$repository/Providers/Fixture/DemoSet" 5000 > "$work/overhead.json"

# --- 2. start-up ---------------------------------------------------------------------------------
cat > "$work/csv.json" <<JSON
{ "providers": [{ "name": "walks", "type": "exec", "command": ["$repository/Providers/Examples/csv/tourist-provider-csv"],
                  "file": "$repository/Providers/Examples/csv/sample.csv" }] }
JSON
"$bin/tourist" fixture record walks 48.8584 2.2945 --count 8 --store "$work/store" --config "$work/csv.json" "$work/sample-set" >&2
cat > "$work/fixture.json" <<JSON
{ "providers": [{ "name": "walks", "type": "fixture", "path": "$work/sample-set" }] }
JSON
# PATH=/usr/bin:/bin: Debian's python3 (a version manager's shim on PATH, such as pyenv's, adds ~90 ms).
hyperfine --style basic --warmup 3 --runs 30 -N \
    --export-json "$work/startup.json" \
    -n "search, the same photos in process" "env PATH=/usr/bin:/bin $bin/tourist search 48.8584 2.2945 --count 8 --store $work/store --config $work/fixture.json" \
    -n "search, Python CSV plugin" "env PATH=/usr/bin:/bin $bin/tourist search 48.8584 2.2945 --count 8 --store $work/store --config $work/csv.json" >&2

# --- 3. 500 photos at loopback URLs --------------------------------------------------------------
start_fake_flickr "$work/server" "$photos" 200000 50
cat > "$work/urls.json" <<JSON
{ "album": { "photos": $photos, "size": "m" }, "downloads": { "concurrency": 8 },
  "providers": [{ "name": "walks", "type": "exec", "command": ["$repository/Providers/Examples/csv/tourist-provider-csv"],
                  "file": "$work/server/photos.csv" }] }
JSON
cat > "$work/flickr.json" <<JSON
{ "album": { "photos": $photos, "size": "m" }, "downloads": { "concurrency": 8 },
  "providers": [{ "name": "flickr", "type": "flickr", "endpoint": "$(cat "$work/server/endpoint")",
                  "apiKey": "$(cat "$work/server/api-key")", "requestsPerHour": 100000 }] }
JSON
prepare="rm -rf '$work/store' '$work/curl'; mkdir -p '$work/curl'; sync; '$bin/tourist' pin add 48.8584 2.2945 --name bench --store '$work/store' >/dev/null"
hyperfine --style basic --warmup 1 --runs 5 --prepare "$prepare" \
    --export-json "$work/urls.json.out" \
    -n "tourist fetch (plugin URLs)" "'$bin/tourist' fetch bench --count $photos --quiet --store '$work/store' --config '$work/urls.json'" \
    -n "tourist fetch (Flickr)" "'$bin/tourist' fetch bench --count $photos --quiet --store '$work/store' --config '$work/flickr.json'" \
    -n "curl --parallel --parallel-max 8" "cd '$work/curl' && curl --parallel --parallel-max 8 --silent --fail -K '$work/server/curl.cfg'" >&2

# Every run stored the whole album.
for config in urls flickr; do
    rm -rf "$work/store" && "$bin/tourist" pin add 48.8584 2.2945 --name bench --store "$work/store" >/dev/null
    "$bin/tourist" fetch bench --count $photos --quiet --store "$work/store" --config "$work/$config.json" --json > "$work/album-$config.json"
done

python3 - "$work" "$photos" <<'PY'
import json, sys
work, photos = sys.argv[1], int(sys.argv[2])
for config in ("urls", "flickr"):
    stored = [p for p in json.load(open(f"{work}/album-{config}.json"))["photos"] if p["state"] == "stored"]
    assert len(stored) == photos, f"{config}: {len(stored)} of {photos} photos stored"
overhead = json.load(open(f"{work}/overhead.json"))
startup = {r["command"]: r for r in json.load(open(f"{work}/startup.json"))["results"]}
urls = {r["command"]: r["median"] for r in json.load(open(f"{work}/urls.json.out"))["results"]}
local, csv = startup["search, the same photos in process"], startup["search, Python CSV plugin"]
curl = urls["curl --parallel --parallel-max 8"]
print("| plugin benchmark | tourist | reference | ratio / added |")
print("|---|---|---|---|")
print(f"| search of 21 photos, through a minimal plugin already started (mean of {overhead['rounds']:,}) | {overhead['pluginMicroseconds']:.0f} µs | in process: {overhead['inProcessMicroseconds']:.0f} µs | +{overhead['addedMicroseconds']:.0f} µs per request ({overhead['ratio']:.1f}x) |")
print(f"| `tourist search` with the Python CSV plugin (median of 30) | {csv['median'] * 1000:.1f} ms | the same 8 photos as a fixture set: {local['median'] * 1000:.1f} ms | +{(csv['median'] - local['median']) * 1000:.1f} ms per command |")
print(f"| fetch 500 photos × 200 KB at plugin URLs, +50 ms per request (median of 5) | {urls['tourist fetch (plugin URLs)']:.2f} s | curl --parallel: {curl:.2f} s | {urls['tourist fetch (plugin URLs)'] / curl:.2f}x |")
print(f"| the same album through the Flickr provider | {urls['tourist fetch (Flickr)']:.2f} s | curl --parallel: {curl:.2f} s | {urls['tourist fetch (Flickr)'] / curl:.2f}x |")
PY
