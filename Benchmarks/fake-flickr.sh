# Sourced by the benchmark scripts: `start_fake_flickr DIR PHOTOS BYTES DELAY_MS` starts
# `tourist-bench serve-flickr` ($bin must name the build folder) in the background, waits until it
# has written DIR/endpoint, and stops it when the script exits.
start_fake_flickr() {
    "$bin/tourist-bench" serve-flickr "$@" &
    server=$!
    trap 'kill $server 2>/dev/null || true' EXIT
    for _ in $(seq 100); do [[ -f $1/endpoint ]] && break; sleep 0.1; done
    [[ -f $1/endpoint ]] || { echo "the fake Flickr did not start" >&2; exit 1; }
}
