#!/usr/bin/env bash
# `store copy` benchmark, one run, against a throwaway Ceph cluster with radosgw on 127.0.0.1
# (.ci/ceph-rgw: one mon, one OSD on memstore, so the bucket's bytes live in RAM) that this script
# starts in $BENCH_DIR/store-copy/ceph and stops at exit:
#   1. a local store of 20,000 pins with empty albums (imported from a CSV by `tourist pin import`)
#      copied into a fresh bucket (target: under 60 s; 315 s before issue 34);
#   2. the same copy again, of the unchanged library, as a resumed copy runs (target: no write);
#   3. the same copy into a fresh local folder, for reference.
# For each, the requests radosgw logged by method (from its log, between two marks) and the CPU
# seconds radosgw and the OSD used (they share the machine's cores with tourist).
#
#   bash Benchmarks/store-copy.sh
#   BENCH_QUICK=1 bash Benchmarks/store-copy.sh   # 2,000 pins, for a smoke test
#   BIN=.build/debug bash Benchmarks/store-copy.sh # an existing build instead of a release build
# Results: a Markdown table on stdout, the timings and request counts in $BENCH_DIR/store-copy.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/require.sh
require /usr/bin/time:time python3:python3 curl:curl

work=${BENCH_DIR:-/tmp/tourist-bench}/store-copy
ceph_dir=$work/ceph
pins=20000
[[ -z ${BENCH_QUICK:-} ]] || pins=2000

# A cluster left by an interrupted run goes first (stop removes its folder).
[[ ! -f $ceph_dir/ceph.conf ]] || bash .ci/ceph-rgw stop "$ceph_dir" >&2 || true
rm -rf "$work" && mkdir -p "$work"

if [[ -n ${BIN:-} ]]; then
    bin=$BIN
else
    swift build -c release --static-swift-stdlib --product tourist >&2
    bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
fi
{ git rev-parse HEAD && git status --short -- Sources Package.swift; } >"$work/build.txt" 2>/dev/null || true

finish() {
    [[ ! -f $ceph_dir/ceph.conf ]] || bash .ci/ceph-rgw stop "$ceph_dir" >&2 || true
    rm -rf "$work/library" "$work/folder-copy"
}
trap finish EXIT
# The start prints AWS_ENDPOINT_URL, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_REGION.
settings=$(CEPH_MEMSTORE_BYTES=$((4 << 30)) bash .ci/ceph-rgw start "$ceph_dir")
# shellcheck disable=SC2086
export $settings
rgw_log=$ceph_dir/log/client.rgw.a.log
bucket=bench-copy-$RANDOM
status=$(curl -s -o /dev/null -w '%{http_code}' -X PUT \
    -H "x-amz-content-sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" \
    --aws-sigv4 "aws:amz:$AWS_REGION:s3" --user "$AWS_ACCESS_KEY_ID:$AWS_SECRET_ACCESS_KEY" "$AWS_ENDPOINT_URL/$bucket")
[[ $status == 200 ]] || { echo "cannot create bucket $bucket: HTTP $status" >&2; exit 1; }
export HOME=$work/home XDG_CACHE_HOME=$work/home/cache XDG_STATE_HOME=$work/home/state

python3 - "$work/places.csv" "$pins" <<'PY'
import sys
path, count = sys.argv[1], int(sys.argv[2])
with open(path, "w") as out:
    out.write("name,latitude,longitude,radius_km\n")
    for index in range(count):
        out.write("Place %05d,%.4f,%.4f,5\n" % (index, (index % 1700) / 20 - 42, (index // 1700) / 10 + 1))
PY
"$bin/tourist" pin import "$work/places.csv" --store "$work/library" --quiet >/dev/null

# The CPU seconds (user + system) radosgw and the OSD have used, in clock ticks.
daemons_cpu() {
    cat "/proc/$(cat "$ceph_dir/rgw.pid")/stat" "/proc/$(cat "$ceph_dir/osd.pid")/stat" | awk '{ ticks += $14 + $15 } END { print ticks }'
}

# `timed NAME DESTINATION`: one `store copy` of the library, its wall time, peak RSS and CPU seconds
# in $work/NAME, its summary in $work/NAME.json, the requests radosgw logged meanwhile by method in
# $work/NAME.requests, and the CPU seconds radosgw and the OSD used meanwhile in $work/NAME.daemons.
timed() {
    sleep 1  # radosgw writes its log from a thread of its own
    local mark cpu
    mark=$(wc -l <"$rgw_log")
    cpu=$(daemons_cpu)
    /usr/bin/time -f "%e %M %U %S" -o "$work/$1" "$bin/tourist" store copy "$work/library" "$2" --quiet --json >"$work/$1.json"
    sleep 1
    awk -v before="$cpu" -v now="$(daemons_cpu)" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.1f", (now - before) / hz }' >"$work/$1.daemons"
    tail -n +$((mark + 1)) "$rgw_log" | { grep -o "\"[A-Z]* /$bucket[/?][^ ]* HTTP" || true; } | cut -d' ' -f1 | tr -d '"' | sort | uniq -c |
        awk '{ printf "%s%s %d", (NR > 1 ? ", " : ""), $2, $1 } END { if (NR == 0) printf "none" }' >"$work/$1.requests"
}
timed first "s3://$bucket/library"
timed resumed "s3://$bucket/library"
timed folder "$work/folder-copy"

python3 - "$work" "$pins" <<'PY'
import json, sys
work, pins = sys.argv[1], int(sys.argv[2])
def row(name, label, target=None, ok=None):
    wall, rss, user, system = (float(x) for x in open(f"{work}/{name}").read().split())
    report = json.load(open(f"{work}/{name}.json"))
    requests = open(f"{work}/{name}.requests").read() if name != "folder" else ""
    done = f"{report['pins']:,} copied, {report['pinsPresent']:,} there already"
    verdict = "" if ok is None else ("met" if ok(wall, requests) else "**missed**")
    daemons = open(f"{work}/{name}.daemons").read() + " s" if name != "folder" else ""
    print(f"| {label} | {wall:.2f} s | {pins / wall:,.0f} | {done} | {requests} | {user + system:.1f} s | {daemons} | {rss / 1024:.0f} MB | {target or ''} | {verdict} |")
print(f"| `store copy` of {pins:,} pins with empty albums, one run | wall | pins/s | pins | requests to RGW (by method) | client CPU | radosgw + OSD CPU | peak RSS | target | |")
print("|---|---|---|---|---|---|---|---|---|---|")
row("first", "local → fresh bucket on RGW", "< 60 s", lambda wall, _: wall < 60)
row("resumed", "again, the library unchanged (a resumed copy)", "no write", lambda _, requests: not any(m in requests for m in ("PUT", "POST", "DELETE")))
row("folder", "local → fresh local folder (reference)")
PY
