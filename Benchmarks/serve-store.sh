# Sourced by serve.sh and map-page.sh: the release build of tourist and tourist-bench; the
# benchmark store, $BENCH_DIR/serve/store, built once and kept for later runs: 10,000 pins spread
# over the world (`tourist-bench add-pins`, through TouristCore's `addPin`: new pins, empty albums)
# plus "Paris" with its 21-photo album fetched from the offline demo set; and `tourist serve` on it
# with the built-in config (no config file is read).
# Sets bench, work, store, pins, bin and paris (Paris's pin id); defines tourist (the CLI on the
# store), start_serve (sets server, its process id, and base, its address) and stop_browser.
bench=${BENCH_DIR:-/tmp/tourist-bench}
work=$bench/serve
store=$work/store
pins=10000
mkdir -p "$work"

build=(swift build -c release --static-swift-stdlib ${BENCH_SCRATCH:+--scratch-path "$BENCH_SCRATCH"})
"${build[@]}" --product tourist >&2
"${build[@]}" --product tourist-bench >&2
bin=$("${build[@]}" --show-bin-path)

# The built-in config: no $TOURIST_CONFIG, and an XDG folder without a tourist config.
mkdir -p "$work/xdg"
tourist() { env -u TOURIST_CONFIG XDG_CONFIG_HOME="$work/xdg" TOURIST_STORE="$store" "$bin/tourist" "$@"; }

if [[ $(cat "$work/seeded" 2>/dev/null) != "$pins pins + Paris" ]]; then
    rm -rf "$store" "$work/seeded"
    tourist pin add 48.8584 2.2945 --name Paris >/dev/null
    tourist fetch Paris --quiet >/dev/null
    "$bin/tourist-bench" add-pins "$store" "$pins"
    echo "$pins pins + Paris" > "$work/seeded"
fi
tourist album Paris --json > "$work/paris.json"
paris=$(jq -r '.pin.id' "$work/paris.json")

# Starts `tourist serve --port 0` on the store; sets server and base (no trailing slash).
start_serve() {
    # Not through the function: $! must be tourist's own process id (env execs it).
    env -u TOURIST_CONFIG XDG_CONFIG_HOME="$work/xdg" TOURIST_STORE="$store" "$bin/tourist" serve --port 0 > "$work/serve.out" 2> "$work/serve.err" &
    server=$!
    for _ in $(seq 100); do grep -q '^tourist serve: ' "$work/serve.out" 2>/dev/null && break; sleep 0.1; done
    base=$(sed -n '1s/^tourist serve: \(http[^ ]*\)$/\1/p' "$work/serve.out")
    [[ -n $base ]] || { echo "tourist serve did not start:" >&2; cat "$work/serve.err" >&2; exit 1; }
    base=${base%/}
}

# page-timings quits chromium and chromedriver itself; should it be stopped before it can (Ctrl-C),
# whatever is left of its session (it runs under setsid, $browser_session) is ended here, by
# process id.
stop_browser() {
    [[ -n ${browser_session:-} ]] || return 0
    local left
    left=$(ps -o pid=,stat= -s "$browser_session" 2>/dev/null | awk '$2 !~ /^Z/ { print $1 }' || true)
    [[ -z $left ]] || kill -KILL $left 2>/dev/null || true
    browser_session=""
}
