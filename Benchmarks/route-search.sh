#!/usr/bin/env bash
# Route search benchmark (issue 38), one run: a 594 km route (Beauvais to Bordeaux) with a 5 km
# corridor, a 21-photo album searched through the real Flickr and Commons providers against their
# fakes on 127.0.0.1 (tourist-bench route-search), each provider alone. Counts, not times:
#   1. API requests of the corridor's search against one search within 5 km of a point every 10 km
#      along the line, the naive way (target <= 0.5x);
#   2. the photos spread along the route: the most of the album in any 50 km stretch against its
#      share (target <= 3x).
#
#   bash Benchmarks/route-search.sh
# Results: a Markdown table on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product tourist-bench >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
"$bin/tourist-bench" route-search
