#!/usr/bin/env bash
# Command start-up benchmark, in one run: what a user waits for the commands that do little.
# On a store with one pin, "Paris", whose 21-photo album is complete (filled from the bundled demo
# set; built-in config): `tourist album Paris`, a `tourist fetch Paris` with nothing to do (target:
# <= 1.3x `album`: it answers before any provider is set up), `tourist pin list`, `tourist --help`
# and `tourist` alone. hyperfine without a shell (-N: a shell's own start-up would be most of what
# is timed), 5 warm-up runs, then 100. Release build with --static-swift-stdlib, as the Quick start
# builds it.
#
#   bash Benchmarks/cli-startup.sh         (also run by Benchmarks/run.sh)
#   BASELINE=/path/to/an/older/tourist bash Benchmarks/cli-startup.sh   # the same commands by
#       another build too, in the same run (both on the same store), for "no slower than before"
# Results: a Markdown table on stdout, hyperfine's JSON in $BENCH_DIR/cli-startup.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/require.sh
require hyperfine:hyperfine jq:jq

work=${BENCH_DIR:-/tmp/tourist-bench}/cli-startup
rm -rf "$work"
mkdir -p "$work/xdg"

build=(swift build -c release --static-swift-stdlib ${BENCH_SCRATCH:+--scratch-path "$BENCH_SCRATCH"})
"${build[@]}" --product tourist >&2
bin=$("${build[@]}" --show-bin-path)/tourist

export TOURIST_STORE="$work/store" XDG_CONFIG_HOME="$work/xdg"
unset TOURIST_CONFIG
"$bin" pin add 48.8584 2.2945 --name Paris >/dev/null
"$bin" fetch Paris --quiet >/dev/null
[[ $("$bin" album Paris --json | jq '[.photos[] | select(.state == "stored")] | length') -eq 21 ]]

commands=("album Paris" "fetch Paris" "pin list" "--help" "")
runs=()
for binary in "$bin" ${BASELINE:+"$BASELINE"}; do
    label=$([[ $binary == "$bin" ]] && echo tourist || echo baseline)
    for command in "${commands[@]}"; do
        runs+=(-n "$label ${command:-(no arguments)}" "$binary $command")
    done
done
hyperfine -N --style basic --warmup 5 --runs 100 --export-json "$work/startup.json" "${runs[@]}" >&2

python3 - "$work/startup.json" <<'PY'
import json, sys
rows = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
ms = lambda name: rows[name]["median"] * 1000
print("| command (median of 100, release build) | tourist | baseline |")
print("|---|---|---|")
for name in ["album Paris", "fetch Paris", "pin list", "--help", "(no arguments)"]:
    base = f"{ms('baseline ' + name):.1f} ms" if "baseline " + name in rows else "-"
    print(f"| {name} | {ms('tourist ' + name):.1f} ms | {base} |")
ratio = ms("tourist fetch Paris") / ms("tourist album Paris")
print(f"| a `fetch` with nothing to do ÷ `album` of the same pin | {ratio:.2f}x (target <= 1.3x) | |")
PY
