#!/bin/sh
# Writes HEADER (.build/make-info/tourist-build-commit.h, not in git) as
#   #define TOURIST_COMMIT "1a2b3c4d5e6f"
# the commit the tree is at ("…-dirty" when tracked files have changes; "unknown" outside a git
# checkout), for `tourist --version` (Sources/CBuildInfo). The header is written only when its
# text changes, and then Sources/CBuildInfo/CBuildInfo.c is touched (its time only: git sees no
# change) so SwiftPM compiles that one file again and links; nothing else is rebuilt.
# Usage: packaging/record-commit.sh HEADER
set -eu
header=$1
cd "$(dirname "$0")/.."
if commit=$(git rev-parse --short=12 HEAD 2>/dev/null); then
    [ -z "$(git status --porcelain --untracked-files=no)" ] || commit="$commit-dirty"
else
    commit=unknown
fi
text="#define TOURIST_COMMIT \"$commit\""
if [ ! -f "$header" ] || [ "$(cat "$header")" != "$text" ]; then
    mkdir -p "$(dirname "$header")"
    printf '%s\n' "$text" >"$header"
    touch Sources/CBuildInfo/CBuildInfo.c
fi
