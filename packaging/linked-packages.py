#!/usr/bin/env python3
"""Print the Swift packages linked into a product, one "PACKAGE MODULE" line per module of theirs.

Reads SwiftPM's build manifest (.build/release.yaml: for every command, its inputs and outputs)
and the product's Objects.LinkFileList: an object linked in was made from sources under
.build/checkouts/PACKAGE/ (a dependency) or from tourist's own sources. An object no command
makes is an error: the list would not be complete.

Usage: linked-packages.py MANIFEST LINK_FILE_LIST
"""
import json
import re
import sys

manifest_path, link_file_list = sys.argv[1:3]
made_from = {}
inputs = None
with open(manifest_path, encoding="utf-8") as manifest:
    for line in manifest:
        stripped = line.strip()
        if stripped.startswith("inputs: ["):
            inputs = json.loads(stripped[len("inputs: "):])
        elif stripped.startswith("outputs: [") and inputs is not None:
            for output in json.loads(stripped[len("outputs: "):]):
                made_from[output] = inputs
            inputs = None

pairs = set()
with open(link_file_list, encoding="utf-8") as objects:
    for obj in (line.strip().strip('"\'') for line in objects if line.strip()):
        if obj not in made_from:
            sys.exit(f"linked-packages.py: no command of {manifest_path} makes {obj}")
        module = re.search(r"/([^/]+)\.build/", obj).group(1)
        for source in made_from[obj]:
            found = re.search(r"/\.build/checkouts/([^/]+)/", source)
            if found:
                pairs.add((found.group(1), module))
                break
for package, module in sorted(pairs):
    print(package, module)
