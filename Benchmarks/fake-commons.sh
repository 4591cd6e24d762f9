# Sourced by the benchmark scripts: `start_fake_commons WORK FILES DELAY_MS` starts
# `tourist-bench serve-commons WORK/server FILES DELAY_MS` ($bin must name the build folder) in the
# background, waits until it has written its endpoint, stops it when the script exits, and writes
# WORK/config.json: a 21-photo album from Commons at the fake. `api_requests WORK` prints how many
# API requests the fake has answered.
start_fake_commons() {
    "$bin/tourist-bench" serve-commons "$1/server" "$2" "$3" &
    server=$!
    trap 'kill $server 2>/dev/null || true' EXIT
    for _ in $(seq 100); do [[ -f $1/server/endpoint ]] && break; sleep 0.1; done
    [[ -f $1/server/endpoint ]] || { echo "the fake Commons did not start" >&2; exit 1; }
    cat > "$1/config.json" <<JSON
{
  "album": { "photos": 21, "size": "m" },
  "providers": [{ "name": "commons", "type": "commons", "endpoint": "$(cat "$1/server/endpoint")", "contact": "bench@example.org" }]
}
JSON
}

api_requests() { sleep 0.1; cut -d' ' -f1 "$1/server/requests" 2>/dev/null || echo 0; }
