#!/usr/bin/env bash
# S3 store benchmark, in one run, against a throwaway Ceph cluster with radosgw on 127.0.0.1
# (.ci/ceph-rgw: one mon, one OSD on memstore, so the bucket's bytes live in RAM) that this script
# starts in $BENCH_DIR/s3/ceph and stops at exit. Each S3 run uses a fresh bucket, and each
# "machine" its own HOME, cache and staging folder (XDG_CACHE_HOME, XDG_STATE_HOME):
#   1. `fetch --all` of 200 pins × 21 photos (distinct 16 KB files) from the fixture provider with
#      `latencyMs` 50 and downloads.concurrency 8 (as Benchmarks/fetch-all.sh), into an S3 store
#      against the same into a local folder store (median of 3 each; target <= 1.2x);
#   2. `tourist store copy` of a local store of 2,000 photos of 200 KB into a fresh bucket against
#      `aws s3 sync` (awscli from PyPI, default settings) of that store's blob files into another
#      fresh bucket (median of 3 each; target <= 1.0x);
#   3. two machines' `fetch --all` of the same 40 pins × 21 photos at once (two processes, one S3
#      store, divided by leases) against one machine alone on those pins (fresh bucket each; median
#      of 3; target <= 0.6x). downloads.concurrency is 2 here, so one machine is bound by the
#      fixture's 50 ms per request (40 × 21 downloads ÷ 2 × 50 ms = 21 s), not by the CPU;
#   4. `tourist album PIN` of an unchanged pin on S3 with this machine's cache warm against the same
#      on a local store (hyperfine, 3 warm-up runs, median of 30; target <= 1.3x);
#   5. `tourist pin list` of 10,000 pins (imported from a CSV) on S3 with the cache warm (hyperfine,
#      warm-up run, median of 10; target < 1 s), beside the same on a local store;
#   6. peak RSS (GNU time) of `tourist store copy` of 2.1 GB (40 photos of 50 MiB) from a local
#      store into a fresh bucket (target < 100 MB).
# Then where the time goes, for the median run of each: the client's CPU time and radosgw's and the
# OSD's (all share the machine's cores), the requests radosgw logged by method, and when each kind
# of key (blobs, index/..., leases) was first and last asked for.
#
#   bash Benchmarks/s3.sh        (also run by Benchmarks/run.sh)
#   BENCH_QUICK=1 bash Benchmarks/s3.sh   # every measure much smaller, for a smoke test
# Results: a Markdown table on stdout, the raw timings and request counts in $BENCH_DIR/s3.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/require.sh
require /usr/bin/time:time python3:python3 hyperfine:hyperfine curl:curl

bench=${BENCH_DIR:-/tmp/tourist-bench}
work=$bench/s3
ceph_dir=$work/ceph
tmp=$work/tmp              # stores, fixture sets and machines: removed at exit
latency=50
if [[ -z ${BENCH_QUICK:-} ]]; then
    m1_pins=200 m1_runs=3
    m2_pins=10 m2_photos=200 m2_runs=3
    m3_pins=40 m3_runs=3
    m5_pins=10000
    m6_pins=4 m6_photos=10 m6_bytes=$((50 << 20))
else
    m1_pins=20 m1_runs=1
    m2_pins=2 m2_photos=50 m2_runs=1
    m3_pins=8 m3_runs=1
    m5_pins=1000
    m6_pins=2 m6_photos=4 m6_bytes=$((5 << 20))
fi
photos=21

# A cluster left by an interrupted run goes first (stop removes its folder).
[[ ! -f $ceph_dir/ceph.conf ]] || bash .ci/ceph-rgw stop "$ceph_dir" >&2 || true
rm -rf "$work" && mkdir -p "$work" "$tmp"

swift build -c release --static-swift-stdlib --product tourist >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
# What was measured: the commit, and the files changed since it when the tree was not clean.
{ git rev-parse HEAD && git status --short -- Sources Package.swift Providers; } >"$work/build.txt" 2>/dev/null || true

# awscli from PyPI, with its default settings (no config or credentials file of this machine's).
if aws --version >/dev/null 2>&1; then
    aws=(aws)
else
    venv=$bench/awscli-venv
    if [[ ! -x $venv/bin/aws ]]; then
        echo "installing awscli into $venv" >&2
        python3 -m venv "$venv" >&2 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null && python3 -m venv "$venv" >&2; }
        "$venv/bin/pip" install -q awscli >&2
    fi
    aws=("$venv/bin/aws")
fi
export AWS_CONFIG_FILE=/dev/null AWS_SHARED_CREDENTIALS_FILE=/dev/null

# The cluster: RAM enough for every bucket of the run (memstore allocates as objects arrive).
finish() {
    if [[ -f $ceph_dir/ceph.conf ]]; then
        gzip -c "$ceph_dir/log/client.rgw.a.log" >"$work/rgw.log.gz" 2>/dev/null || true
        bash .ci/ceph-rgw stop "$ceph_dir" >&2 || true
    fi
    rm -rf "$tmp"
}
trap finish EXIT
CEPH_MEMSTORE_BYTES=$((12 << 30)) bash .ci/ceph-rgw start "$ceph_dir" >/dev/null
set -a
source "$ceph_dir/env"
set +a
rgw_log=$ceph_dir/log/client.rgw.a.log
aws_s3() { "${aws[@]}" --endpoint-url "$AWS_ENDPOINT_URL" s3 "$@"; }

make_bucket() {
    local status
    status=$(curl -s -o /dev/null -w '%{http_code}' -X PUT \
        -H "x-amz-content-sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" \
        --aws-sigv4 "aws:amz:$AWS_REGION:s3" --user "$AWS_ACCESS_KEY_ID:$AWS_SECRET_ACCESS_KEY" "$AWS_ENDPOINT_URL/$1")
    [[ $status == 200 ]] || { echo "cannot create bucket $1: HTTP $status" >&2; exit 1; }
}

# `on_machine NAME`: the environment of machine NAME (its own HOME, cache and staging folder), as a
# command prefix, in the array `machine`.
on_machine() {
    local home=$tmp/machines/$1
    mkdir -p "$home"
    machine=(env HOME="$home" XDG_CACHE_HOME="$home/cache" XDG_STATE_HOME="$home/state" XDG_DATA_HOME="$home/data")
}
forget_machine() { rm -rf "$tmp/machines/$1"; }

# What radosgw did between `mark` and `requests NAME`, into $work/requests-NAME.json: the requests
# in its log by client (tourist, awscli), method, kind of key and status, when each method on each
# kind of key was first and last asked for (seconds after `mark`), and the CPU seconds radosgw and
# the OSD used.
daemon_cpu() {
    local name
    for name in rgw osd mon; do
        echo "$name $(cut -d' ' -f14,15 "/proc/$(cat "$ceph_dir/$name.pid")/stat")"
    done
}
mark() {
    sleep 1
    log_mark=$(wc -l <"$rgw_log")
    marked_at=$(date +%s.%N)
    daemon_cpu >"$work/.cpu-mark"
}
requests() {
    sleep 1  # radosgw writes its log from a thread of its own
    daemon_cpu >"$work/.cpu-now"
    tail -n +$((log_mark + 1)) "$rgw_log" | python3 -c '
import collections, datetime, json, os, re, sys
out, marked_at, before, after = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4]
ticks = os.sysconf("SC_CLK_TCK")
def cpu(path):
    return {name: (int(user) + int(system)) / ticks for name, user, system in (line.split() for line in open(path))}
start, end = cpu(before), cpu(after)
counts, spans = collections.Counter(), {}
for line in sys.stdin:
    match = re.search(r" beast: .*?\[([^ ]+) [+]0000\] \"(\w+) (\S+) HTTP/[\d.]+\" (\d+) .*?\"([^\"]*)\" - latency=([\d.]+)s", line)
    if not match:
        continue
    when, method, path, status, agent, latency = match.groups()
    began = datetime.datetime.strptime(when, "%d/%b/%Y:%H:%M:%S.%f").replace(tzinfo=datetime.timezone.utc).timestamp() - marked_at
    who = "awscli" if agent.startswith("aws-cli") else "tourist" if "tourist" in agent.lower() else "other"
    parts = path.split("?")[0].split("/")[2:]  # the key, without the bucket
    if parts[:1] == ["store"]:
        parts = parts[1:]
    kind = "/".join(parts[:2]) if parts[:1] == ["index"] and len(parts) > 1 else parts[0] if len(parts) > 1 else "(bucket)" if not parts or not parts[0] else parts[0]
    verb = "LIST" if method == "GET" and "list-type" in path else method
    counts[(who, verb, kind, status)] += 1
    first, last = spans.get(f"{who} {verb} {kind}", (began, began))
    spans[f"{who} {verb} {kind}"] = (min(first, began), max(last, began + float(latency)))
json.dump({"counts": [[*key, count] for key, count in sorted(counts.items())], "spans": spans,
           "cpu": {name: end[name] - start[name] for name in end}}, open(out, "w"), indent=1)
' "$work/requests-$1.json" "$marked_at" "$work/.cpu-mark" "$work/.cpu-now"
}

# A fixture set in DIR/set and its places in DIR/pins.csv (see Benchmarks/fixture-set.py).
make_set() {
    python3 Benchmarks/fixture-set.py "$@"
}

# `config FILE SET PHOTOS LATENCY DOWNLOADS`: a config with the fixture provider on SET.
config() {
    cat >"$1" <<JSON
{
  "album": { "photos": $3, "size": "m" },
  "downloads": $5,
  "providers": [{ "name": "bench", "type": "fixture", "path": "$2", "latencyMs": $4 }]
}
JSON
}

# `check_complete STORE PINS PHOTOS`: every pin's album holds PHOTOS stored photos, or the run does
# not count (run with the machine's environment in `machine`).
check_complete() {
    "${machine[@]}" "$bin/tourist" pin list --json --store "$1" | python3 -c "
import json, sys
pins = json.load(sys.stdin)['pins']
assert len(pins) == $2 and all(p['state'] == 'ready' and p['photos'] == $3 for p in pins), 'not every album of $1 is complete'
"
}

bucket_number=0
# A new bucket, named in `bucket`, and a store in it, in `store`.
fresh_bucket() {
    bucket_number=$((bucket_number + 1))
    bucket=bench-$1-$bucket_number
    make_bucket "$bucket"
    store=s3://$bucket/store
}

# --- 1. fetch --all into S3 against into a local store ------------------------------------------
echo "1. fetch --all: $m1_pins pins × $photos photos" >&2
m1=$tmp/m1
make_set "$m1" "$m1_pins" "$photos" 16384
config "$m1/config.json" "$m1/set" "$photos" "$latency" '{ "concurrency": 8 }'
export TOURIST_CONFIG=$m1/config.json
for run in $(seq "$m1_runs"); do
    on_machine "m1-local"
    rm -rf "$m1/local"
    "${machine[@]}" "$bin/tourist" pin import "$m1/pins.csv" --store "$m1/local" --quiet >/dev/null
    sync
    /usr/bin/time -f "%e %M %U %S" -o "$work/m1-local-$run" "${machine[@]}" "$bin/tourist" fetch --all --store "$m1/local" --quiet >/dev/null
    check_complete "$m1/local" "$m1_pins" "$photos"

    forget_machine "m1-s3"
    on_machine "m1-s3"
    fresh_bucket m1
    m1_store=$store
    "${machine[@]}" "$bin/tourist" pin import "$m1/pins.csv" --store "$m1_store" --quiet >/dev/null
    mark
    /usr/bin/time -f "%e %M %U %S" -o "$work/m1-s3-$run" "${machine[@]}" "$bin/tourist" fetch --all --store "$m1_store" --quiet >/dev/null
    requests "m1-s3-$run"
    check_complete "$m1_store" "$m1_pins" "$photos"
done

# --- 4. album PIN on S3 (cache warm) against on a local store (the stores of measure 1) ----------
echo "4. album PIN" >&2
on_machine "m1-s3"
# The same pin ("Place 0") has an id of its own in each store.
first_pin() { "${machine[@]}" "$bin/tourist" pin list --json --store "$1" | python3 -c "import json, sys; print(next(p['id'] for p in json.load(sys.stdin)['pins'] if p['name'] == 'Place 0'))"; }
s3_pin=$(first_pin "$m1_store")
local_pin=$(first_pin "$m1/local")
"${machine[@]}" "$bin/tourist" album "$s3_pin" --store "$m1_store" >/dev/null
mark
(
    export HOME=$tmp/machines/m1-s3 XDG_CACHE_HOME=$tmp/machines/m1-s3/cache XDG_STATE_HOME=$tmp/machines/m1-s3/state
    hyperfine --style basic -N --warmup 3 --runs 30 --export-json "$work/m4.json" \
        -n "album PIN (S3)" "$bin/tourist album $s3_pin --store $m1_store" \
        -n "album PIN (local)" "$bin/tourist album $local_pin --store $m1/local" >&2
)
requests "m4"
unset TOURIST_CONFIG

# --- 2. store copy local -> S3 against aws s3 sync --------------------------------------------------
m2_count=$((m2_pins * m2_photos))
echo "2. store copy: $m2_count photos of 200 KB" >&2
m2=$tmp/m2
make_set "$m2" "$m2_pins" "$m2_photos" 200000
config "$m2/config.json" "$m2/set" "$m2_photos" 0 '{ "concurrency": 8 }'
on_machine "m2-fill"
"${machine[@]}" "$bin/tourist" pin import "$m2/pins.csv" --store "$m2/local" --config "$m2/config.json" --quiet >/dev/null
"${machine[@]}" "$bin/tourist" fetch --all --store "$m2/local" --config "$m2/config.json" --quiet >/dev/null
check_complete "$m2/local" "$m2_pins" "$m2_photos"
blob_files=$(find "$m2/local/blobs" -type f | wc -l)
[[ $blob_files -eq $m2_count ]] || { echo "the local store holds $blob_files blob files, not $m2_count" >&2; exit 1; }
sync
for run in $(seq "$m2_runs"); do
    forget_machine "m2-copy"
    on_machine "m2-copy"
    fresh_bucket m2
    mark
    /usr/bin/time -f "%e %M %U %S" -o "$work/m2-copy-$run" "${machine[@]}" "$bin/tourist" store copy "$m2/local" "$store" --quiet >/dev/null
    requests "m2-copy-$run"
    fresh_bucket m2
    mark
    /usr/bin/time -f "%e %M %U %S" -o "$work/m2-sync-$run" "${aws[@]}" --endpoint-url "$AWS_ENDPOINT_URL" s3 sync "$m2/local/blobs" "s3://$bucket/blobs" --only-show-errors >/dev/null
    requests "m2-sync-$run"
    synced=$(aws_s3 ls --recursive "s3://$bucket/blobs/" | wc -l)
    [[ $synced -eq $m2_count ]] || { echo "aws s3 sync stored $synced objects, not $m2_count" >&2; exit 1; }
done
rm -rf "$m2"

# --- 3. two machines at once against one ---------------------------------------------------------
echo "3. two machines: $m3_pins pins × $photos photos" >&2
m3=$tmp/m3
mkdir -p "$m3"
head -n $((m3_pins + 1)) "$m1/pins.csv" >"$m3/pins.csv"
config "$m3/config.json" "$m1/set" "$photos" "$latency" '{ "concurrency": 2 }'
export TOURIST_CONFIG=$m3/config.json
for run in $(seq "$m3_runs"); do
    forget_machine "m3-one"
    on_machine "m3-one"
    fresh_bucket m3
    "${machine[@]}" "$bin/tourist" pin import "$m3/pins.csv" --store "$store" --quiet >/dev/null
    mark
    /usr/bin/time -f "%e %M %U %S" -o "$work/m3-one-$run" "${machine[@]}" "$bin/tourist" fetch --all --store "$store" --quiet >/dev/null
    requests "m3-one-$run"
    check_complete "$store" "$m3_pins" "$photos"

    forget_machine "m3-a"
    forget_machine "m3-b"
    fresh_bucket m3
    on_machine "m3-a"
    "${machine[@]}" "$bin/tourist" pin import "$m3/pins.csv" --store "$store" --quiet >/dev/null
    mark
    started=$(date +%s.%N)
    /usr/bin/time -f "%e %M %U %S" -o "$work/m3-a-$run" "${machine[@]}" "$bin/tourist" fetch --all --store "$store" --quiet --json >"$work/m3-a-$run.json" &
    first=$!
    on_machine "m3-b"
    /usr/bin/time -f "%e %M %U %S" -o "$work/m3-b-$run" "${machine[@]}" "$bin/tourist" fetch --all --store "$store" --quiet --json >"$work/m3-b-$run.json" &
    second=$!
    wait "$first"
    wait "$second"
    python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$started" "$(date +%s.%N)" >"$work/m3-two-$run"
    requests "m3-two-$run"
    check_complete "$store" "$m3_pins" "$photos"
done
unset TOURIST_CONFIG
rm -rf "$m1"

# --- 5. pin list of 10,000 pins on S3, cache warm -------------------------------------------------
echo "5. pin list: $m5_pins pins" >&2
m5=$tmp/m5
mkdir -p "$m5"
python3 - "$m5/pins.csv" "$m5_pins" <<'PY'
import sys
path, count = sys.argv[1], int(sys.argv[2])
rows = ["name,latitude,longitude,radius_km"]
for pin in range(count):
    rows.append(f"Pin {pin},{-80 + (pin // 100) * 1.6:.4f},{-179 + (pin % 100) * 3.58:.4f},1")
open(path, "w").write("\n".join(rows) + "\n")
PY
on_machine "m5"
fresh_bucket m5
mark
/usr/bin/time -f "%e %M %U %S" -o "$work/m5-import-s3" "${machine[@]}" "$bin/tourist" pin import "$m5/pins.csv" --store "$store" --quiet >/dev/null
requests "m5-import"
/usr/bin/time -f "%e %M %U %S" -o "$work/m5-import-local" "${machine[@]}" "$bin/tourist" pin import "$m5/pins.csv" --store "$m5/local" --quiet >/dev/null
listed=$("${machine[@]}" "$bin/tourist" pin list --store "$store" --json | python3 -c "import json, sys; print(len(json.load(sys.stdin)['pins']))")
[[ $listed -eq $m5_pins ]] || { echo "pin list shows $listed pins, not $m5_pins" >&2; exit 1; }
mark
(
    export HOME=$tmp/machines/m5 XDG_CACHE_HOME=$tmp/machines/m5/cache XDG_STATE_HOME=$tmp/machines/m5/state
    hyperfine --style basic -N --warmup 1 --runs 10 --export-json "$work/m5.json" \
        -n "pin list (S3)" "$bin/tourist pin list --store $store" \
        -n "pin list (local)" "$bin/tourist pin list --store $m5/local" >&2
)
requests "m5"
rm -rf "$m5"

# --- 6. peak RSS of store copy of 2.1 GB local -> S3 ----------------------------------------------
m6_total=$((m6_pins * m6_photos * m6_bytes))
echo "6. store copy of $((m6_total >> 20)) MiB" >&2
m6=$tmp/m6
make_set "$m6" "$m6_pins" "$m6_photos" "$m6_bytes"
config "$m6/config.json" "$m6/set" "$m6_photos" 0 "{ \"concurrency\": 8, \"maxPhotoBytes\": $((m6_bytes + (1 << 20))) }"
on_machine "m6-fill"
"${machine[@]}" "$bin/tourist" pin import "$m6/pins.csv" --store "$m6/local" --config "$m6/config.json" --quiet >/dev/null
"${machine[@]}" "$bin/tourist" fetch --all --store "$m6/local" --config "$m6/config.json" --quiet >/dev/null
check_complete "$m6/local" "$m6_pins" "$m6_photos"
rm -rf "$m6/set"
sync
on_machine "m6-copy"
fresh_bucket m6
mark
/usr/bin/time -f "%e %M %U %S" -o "$work/m6-copy" "${machine[@]}" "$bin/tourist" store copy "$m6/local" "$store" --quiet >/dev/null
requests "m6-copy"
echo "$m6_total" >"$work/m6-bytes"
rm -rf "$m6"

python3 - "$work" "$m1_pins" "$photos" "$m1_runs" "$m2_count" "$m2_runs" "$m3_pins" "$m3_runs" "$m5_pins" "$latency" <<'PY'
import collections, json, statistics, sys
work = sys.argv[1]
m1_pins, photos, m1_runs, m2_count, m2_runs, m3_pins, m3_runs, m5_pins, latency = map(int, sys.argv[2:])

def timing(name):
    """Wall seconds, peak RSS in KB and CPU seconds (user + system), from GNU time (or wall only)."""
    wall, rss, user, system = ([float(x) for x in open(f"{work}/{name}").read().split()] + [0, 0, 0])[:4]
    return wall, rss, user + system

def median_run(name, runs):
    """The run whose wall time is the median (its number), and that time."""
    walls = sorted((timing(f"{name}-{run}")[0], run) for run in range(1, runs + 1))
    return walls[(len(walls) - 1) // 2][1], statistics.median(wall for wall, _ in walls)

def requests(name):
    return json.load(open(f"{work}/requests-{name}.json"))

def described(name, who, per=1):
    counts = collections.Counter()
    for agent, verb, kind, status, count in requests(name)["counts"]:
        if agent == who:
            counts[verb] += count
    total = sum(counts.values())
    return f"{total / per:,.0f} ({', '.join(f'{verb} {counts[verb] / per:,.0f}' for verb in sorted(counts))})" if total else "0"

def spans(name, who, kinds):
    """When each method on each of `kinds` of key was first and last asked for, in that order."""
    found = [(first, last, key.split(" ", 1)[1]) for key, (first, last) in requests(name)["spans"].items()
             if key.split(" ")[0] == who and key.split(" ")[2] in kinds]
    return ", ".join(f"{what} {first:.1f}–{last:.1f}" for first, last, what in sorted(found))

def hyper(name):
    return {r["command"]: r["median"] for r in json.load(open(f"{work}/{name}.json"))["results"]}

rows = []
m1_local_run, local = median_run("m1-local", m1_runs)
m1_run, s3 = median_run("m1-s3", m1_runs)
rows.append((f"1. `fetch --all`, {m1_pins} pins × {photos} photos, fixture +{latency} ms a request, downloads.concurrency 8 (median of {m1_runs}): into RGW vs into a local store",
             f"{local:.2f} s", f"{s3:.2f} s", f"{s3 / local:.2f}x", "≤ 1.2x", s3 / local <= 1.2))
m2_run, copy = median_run("m2-copy", m2_runs)
m2_sync_run, sync = median_run("m2-sync", m2_runs)
rows.append((f"2. `store copy` of {m2_count:,} photos of 200 KB (the whole store), local → RGW, vs `aws s3 sync` of the store's blob files (median of {m2_runs})",
             f"{sync:.2f} s", f"{copy:.2f} s", f"{copy / sync:.2f}x", "≤ 1.0x", copy / sync <= 1.0))
m3_one_run, one = median_run("m3-one", m3_runs)
m3_two_run, two = median_run("m3-two", m3_runs)
rows.append((f"3. two machines' `fetch --all` of the same {m3_pins} pins at once (one RGW store, a cache each) vs one machine alone, downloads.concurrency 2 (median of {m3_runs})",
             f"{one:.2f} s", f"{two:.2f} s", f"{two / one:.2f}x", "≤ 0.6x", two / one <= 0.6))
album = hyper("m4")
a_local, a_s3 = album["album PIN (local)"], album["album PIN (S3)"]
rows.append(("4. `album PIN` of an unchanged pin, cache warm (hyperfine, median of 30): on RGW vs on a local store",
             f"{a_local * 1000:.1f} ms", f"{a_s3 * 1000:.1f} ms", f"{a_s3 / a_local:.2f}x", "≤ 1.3x", a_s3 / a_local <= 1.3))
listing = hyper("m5")
l_local, l_s3 = listing["pin list (local)"], listing["pin list (S3)"]
rows.append((f"5. `pin list` of {m5_pins:,} pins on RGW, cache warm (hyperfine, median of 10; reference: the same on a local store)",
             f"{l_local:.3f} s", f"{l_s3:.3f} s", "", "< 1 s", l_s3 < 1))
m6_wall, m6_rss, m6_cpu = timing("m6-copy")
size = int(open(f"{work}/m6-bytes").read())
rows.append((f"6. peak RSS of `store copy` of {size / 1e9:.2f} GB ({size / 2**30:.2f} GiB) local → RGW",
             "", f"{m6_rss / 1024:.0f} MB", "", "< 100 MB", m6_rss / 1024 < 100))

print("| S3 store on Ceph RGW 16.2 (loopback, memstore OSD, same 2 cores) | reference | tourist | ratio | target | |")
print("|---|---|---|---|---|---|")
for label, reference, ours, ratio, target, ok in rows:
    print(f"| {label} | {reference} | {ours} | {ratio} | {target} | {'met' if ok else '**missed**'} |")

# Where the time goes: the median run of each measure, with the CPU the client and the cluster
# used, the requests radosgw logged, and when each kind of key was asked for.
def shares(run):
    parts = []
    for machine in ("a", "b"):
        result = json.load(open(f"{work}/m3-{machine}-{run}.json"))
        ended = collections.Counter(pin["status"] for pin in result["pins"])
        parts.append(f"machine {machine}: {', '.join(f'{count} {status}' for status, count in sorted(ended.items()))}")
    return "; ".join(parts)

def line(label, wall, client_cpu, name, who, kinds, note=""):
    cpu = requests(name)["cpu"]
    return (f"| {label} | {wall:.2f} s | {client_cpu:.1f} s | {cpu['rgw']:.1f} s | {cpu['osd']:.1f} s | "
            f"{described(name, who)} | {spans(name, who, kinds)}{note} |")

print()
print("| where the time goes (median run) | wall | client CPU | radosgw CPU | ceph-osd CPU | requests to RGW | kind of key: first–last request, s after start |")
print("|---|---|---|---|---|---|---|")
print(f"| 1. fetch --all into a local store | {local:.2f} s | {timing(f'm1-local-{m1_local_run}')[2]:.1f} s | | | | |")
print(line("1. fetch --all into RGW", s3, timing(f"m1-s3-{m1_run}")[2], f"m1-s3-{m1_run}", "tourist", ["blobs", "index/refs"]))
print(line("2. store copy → RGW", copy, timing(f"m2-copy-{m2_run}")[2], f"m2-copy-{m2_run}", "tourist", ["blobs", "index/refs", "index/albums", "index/names"]))
print(line("2. aws s3 sync → RGW", sync, timing(f"m2-sync-{m2_sync_run}")[2], f"m2-sync-{m2_sync_run}", "awscli", ["blobs"]))
print(line("3. one machine", one, timing(f"m3-one-{m3_one_run}")[2], f"m3-one-{m3_one_run}", "tourist", ["blobs"]))
two_cpu = timing(f"m3-a-{m3_two_run}")[2] + timing(f"m3-b-{m3_two_run}")[2]
print(line("3. two machines (client CPU: both)", two, two_cpu, f"m3-two-{m3_two_run}", "tourist", ["blobs"], f"; {shares(m3_two_run)}"))
print(f"| 4. album PIN on RGW, per run | {a_s3 * 1000:.1f} ms | | | | {described('m4', 'tourist', 33)} | |")
import_local, import_s3 = timing("m5-import-local"), timing("m5-import-s3")
print(f"| 5. (setup) pin import of {m5_pins:,} pins into a local store | {import_local[0]:.2f} s | {import_local[2]:.1f} s | | | | |")
print(line(f"5. (setup) pin import of {m5_pins:,} pins into RGW", import_s3[0], import_s3[2], "m5-import", "tourist", ["index/names", "index/albums", "index/pins.journal"]))
print(f"| 5. pin list on RGW, per run | {l_s3 * 1000:.0f} ms | | | | {described('m5', 'tourist', 11)} | |")
print(line(f"6. store copy of {size / 1e9:.2f} GB → RGW", m6_wall, m6_cpu, "m6-copy", "tourist", ["blobs", "index/refs"], f"; {size / 2**20 / m6_wall:.0f} MiB/s"))
PY
