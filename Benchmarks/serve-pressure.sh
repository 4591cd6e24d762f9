#!/usr/bin/env bash
# `tourist serve` under pressure (issue 26), in one run, on a fresh store in $BENCH_DIR/serve-pressure:
# "Paris" fetched from the offline demo set (built-in config), plus one 50 MB blob written into the
# store's blobs/ folder. The server runs under `ulimit -n 1024` (soft and hard). A Python client on
# loopback measures, each time over 300 `GET /api/settings`, one new connection each, in a row:
#   1. calm: nothing else going on;
#   2. 2,000 idle TCP connections held open (connected, sending nothing), twice the server's file
#      limit (target: p99 < 100 ms, the server alive after);
#   3. another process holding the store's lock (flock on store/lock), while 8 `POST /api/pins`
#      wait for it (target: p99 < 50 ms);
#   4. 30 slow readers of the 50 MB blob (each sends its GET, reads 64 KB and then stops reading):
#      the server's peak RSS over 5 s, sampled from /proc every 50 ms (target < 150 MB), beside its
#      RSS before.
#
#   bash Benchmarks/serve-pressure.sh
#   BENCH_CONFIG=debug bash Benchmarks/serve-pressure.sh   # the debug build, no release build
# Results: a Markdown table on stdout, JSON in $BENCH_DIR/serve-pressure.json.
set -euo pipefail
cd "$(dirname "$0")/.."
bench=${BENCH_DIR:-/tmp/tourist-bench}
work=$bench/serve-pressure
rm -rf "$work"
mkdir -p "$work/xdg"
store=$work/store

build=(swift build -c "${BENCH_CONFIG:-release}" ${BENCH_SCRATCH:+--scratch-path "$BENCH_SCRATCH"})
"${build[@]}" --product tourist >&2
bin=$("${build[@]}" --show-bin-path)
tourist() { env -u TOURIST_CONFIG XDG_CONFIG_HOME="$work/xdg" TOURIST_STORE="$store" "$bin/tourist" "$@"; }

tourist pin add 48.8584 2.2945 --name Paris >/dev/null
tourist fetch Paris --quiet >/dev/null
head -c $((50 << 20)) /dev/urandom > "$work/large"
large=$(sha256sum "$work/large" | cut -d' ' -f1)
mkdir -p "$store/blobs/sha256/${large:0:2}"
mv "$work/large" "$store/blobs/sha256/${large:0:2}/$large"

server=""
trap '[[ -z $server ]] || { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }' EXIT
env -u TOURIST_CONFIG XDG_CONFIG_HOME="$work/xdg" TOURIST_STORE="$store" \
    sh -c 'ulimit -n 1024 && exec "$0" serve --port 0' "$bin/tourist" > "$work/serve.out" 2> "$work/serve.err" &
server=$!
for _ in $(seq 100); do grep -q '^tourist serve: ' "$work/serve.out" 2>/dev/null && break; sleep 0.1; done
port=$(sed -n '1s|^tourist serve: http://127.0.0.1:\([0-9]*\)/$|\1|p' "$work/serve.out")
[[ -n $port ]] || { echo "tourist serve did not start:" >&2; cat "$work/serve.err" >&2; exit 1; }

python3 - "$port" "$server" "$store" "$large" "$bench/serve-pressure.json" "${BENCH_CONFIG:-release}" <<'PY'
import fcntl, http.client, json, os, re, resource, socket, sys, threading, time
port, pid, store, large, out, config = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6]
host = f"127.0.0.1:{port}"
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

def alive():
    try:
        os.kill(pid, 0)
        return open(f"/proc/{pid}/stat").read().split()[2] != "Z"
    except OSError:
        return False

def rss_mb():
    text = open(f"/proc/{pid}/status").read()
    return int(re.search(r"VmRSS:\s+(\d+)", text).group(1)) / 1024

def settings_p99(count=300):
    times = []
    for _ in range(count):
        start = time.perf_counter()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.request("GET", "/api/settings", headers={"Host": host})
        answer = conn.getresponse()
        answer.read()
        conn.close()
        assert answer.status == 200, answer.status
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {"p50_ms": times[len(times) // 2], "p99_ms": times[int(len(times) * 0.99) - 1], "max_ms": times[-1]}

results = {"config": config}
results["calm"] = settings_p99()

# 2. 2,000 idle connections.
idle = []
for _ in range(2000):
    s = socket.socket()
    s.setblocking(False)
    try:
        s.connect(("127.0.0.1", port))
    except BlockingIOError:
        pass
    idle.append(s)
time.sleep(1)
results["idle"] = settings_p99()
results["idle"]["alive"] = alive()
for s in idle:
    s.close()

# 3. The store's lock held by this process while 8 changes wait for it.
page = http.client.HTTPConnection("127.0.0.1", port)
page.request("GET", "/", headers={"Host": host})
csrf = re.search(r'name="tourist-csrf" content="([0-9a-f]+)"', page.getresponse().read().decode()).group(1)
lock = open(f"{store}/lock", "a+")
fcntl.flock(lock, fcntl.LOCK_EX)
def change(index):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    body = json.dumps({"name": f"Waiting {index}", "latitude": 10, "longitude": index})
    conn.request("POST", "/api/pins", body=body, headers={"Host": host, "Origin": f"http://{host}", "X-Tourist-CSRF": csrf, "Content-Type": "application/json"})
    conn.getresponse().read()
waiting = [threading.Thread(target=change, args=(i,)) for i in range(8)]
for thread in waiting: thread.start()
time.sleep(0.5)
results["lock"] = settings_p99()
results["lock"]["changes_still_waiting"] = sum(thread.is_alive() for thread in waiting)
fcntl.flock(lock, fcntl.LOCK_UN)
for thread in waiting: thread.join()

# 4. 30 slow readers of the 50 MB blob.
before = rss_mb()
readers = []
for _ in range(30):
    s = socket.create_connection(("127.0.0.1", port))
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)
    s.sendall(f"GET /blobs/{large} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    got = 0
    while got < 65536:
        got += len(s.recv(65536))
    readers.append(s)
peak = before
deadline = time.time() + 5
while time.time() < deadline:
    peak = max(peak, rss_mb())
    time.sleep(0.05)
for s in readers:
    s.close()
results["slow_readers"] = {"rss_before_mb": before, "rss_peak_mb": peak, "alive": alive()}
json.dump(results, open(out, "w"), indent=2)

def verdict(ok): return "" if ok else ": missed"
c, i, l, r = results["calm"], results["idle"], results["lock"], results["slow_readers"]
print(f"| tourist serve under pressure ({config} build, `ulimit -n 1024`, 2 shared cores) | measured | target |")
print("|---|---|---|")
print(f"| `GET /api/settings` p50 / p99, calm (300 requests, a new connection each) | {c['p50_ms']:.2f} / {c['p99_ms']:.2f} ms | |")
print(f"| same, 2,000 idle connections held | {i['p50_ms']:.2f} / {i['p99_ms']:.2f} ms, server {'alive' if i['alive'] else 'DEAD'} | < 100 ms, alive{verdict(i['p99_ms'] < 100 and i['alive'])} |")
print(f"| same, another process holding the store lock (8 changes waiting: {l['changes_still_waiting']} still waiting after) | {l['p50_ms']:.2f} / {l['p99_ms']:.2f} ms | < 50 ms{verdict(l['p99_ms'] < 50)} |")
print(f"| server RSS with 30 slow readers of a 50 MB blob (peak over 5 s; before) | {r['rss_peak_mb']:.0f} MB ({r['rss_before_mb']:.0f} MB) | < 150 MB{verdict(r['rss_peak_mb'] < 150)} |")
PY
