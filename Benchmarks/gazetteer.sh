#!/usr/bin/env bash
# Gazetteer benchmark (issue 27): the bundled gazetteer's cold load in a fresh process (reading and
# decoding Sources/TouristCore/Resources/gazetteer.bin, the page cache warm), then, warm, the median
# of 20,000 lookups by name (target: under 5 ms) and of 20,000 `nearest(to:)` calls.
#
#   bash Benchmarks/gazetteer.sh
# Results: one line on stdout per run, three runs.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release --static-swift-stdlib --product tourist-bench >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
for _ in 1 2 3; do "$bin/tourist-bench" gazetteer 20000; done
