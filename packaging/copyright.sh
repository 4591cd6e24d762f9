#!/bin/sh
# Writes the Debian copyright file (machine-readable, DEP-5) of the tourist binary on stdout:
# - tourist itself;
# - every data set and web library it carries, from `BINARY --json --version` (the table in
#   Sources/TouristCore/Model/BundledData.swift, the one place these facts are kept);
# - every Swift package linked into it: the packages whose modules are in the link of the tourist
#   product (LINK_FILE_LIST, SwiftPM's Objects.LinkFileList, read with the build's MANIFEST), with
#   their licence and NOTICE;
# - the Swift runtime, Dispatch and Foundation of the toolchain, linked statically.
# Usage: packaging/copyright.sh BINARY MANIFEST LINK_FILE_LIST
#   (from the repository's root; needs jq and python3), e.g. .build/release/tourist
#   .build/release.yaml .build/release/tourist.product/Objects.LinkFileList
set -eu
binary=$1 manifest=$2 link_file_list=$3
version=$("$binary" --json --version)
leaflet=Sources/TouristServer/Web/vendor/leaflet

# A standalone License paragraph of a Debian copyright file (its text, not a Files stanza's line).
license_paragraph() { # FILE NAME
    awk -v want="License: $2" 'BEGIN { RS = ""; ORS = "\n\n" } $0 ~ "^" want "\n " { print; exit }' "$1"
}

# A text as the indented lines of a field's continuation (blank lines as " .").
indented() {
    sed -e 's/[[:space:]]*$//' -e 's/^$/./' -e 's/^/ /'
}

cat <<'EOF'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: tourist
Comment: tourist is one program: the data sets, web pages and libraries below are inside the
 binary /usr/bin/tourist (Swift packages and the Swift runtime linked statically). The Files
 patterns name where each part lies in tourist's repository and build tree.

Files: *
Copyright: the tourist authors
License: tourist

EOF

# The data sets and web libraries.
echo "$version" | jq -r '.bundled[] | "Files: \(.files | join(" "))\nCopyright: \(.copyright)\nLicense: \(.licence)\nComment: \(.role): \(.name), from \(.copy).\n Source: \(.source)\n"'

# The Swift packages linked in, each with the modules of it that are (packaging/linked-packages.py).
linked=$(python3 "$(dirname "$0")/linked-packages.py" "$manifest" "$link_file_list")
modules=$(echo "$linked" | cut -d' ' -f2)
packages=$(echo "$linked" | cut -d' ' -f1 | sort -u)
for package in $packages; do
    dir=.build/checkouts/$package
    license=Apache-2.0
    grep -q 'Runtime Library Exception' "$dir/LICENSE.txt" && license="Apache-2.0 with Swift-runtime exception"
    grep -q 'Apache License' "$dir/LICENSE.txt" || { echo "copyright.sh: $dir/LICENSE.txt is not the Apache License" >&2; exit 1; }
    # The holder most of its source files name in their "Copyright (c) YEARS HOLDER" line.
    holder=$(grep -h -o 'Copyright ([cC]) [0-9, -]*[^*]*' "$dir"/Sources/*/*.swift 2>/dev/null |
        sed 's/^Copyright ([cC]) [0-9, -]*//; s/[[:space:]]*$//' | sort | uniq -c | sort -rn | head -1 | sed 's/^ *[0-9]* //')
    echo "Files: .build/checkouts/$package/*"
    echo "Copyright: ${holder:-the $package authors}"
    echo "License: $license"
    # Its version, as SwiftPM checked it out (.build/workspace-state.json).
    checked_out=$(jq -r --arg name "$package" '.object.dependencies[] | select(.packageRef.identity == $name)
        | .state.checkoutState.version // .state.checkoutState.revision' .build/workspace-state.json)
    echo "Comment: the Swift package $package $checked_out, linked into the binary."
    if [ -f "$dir/NOTICE.txt" ]; then
        echo " Its NOTICE.txt:"
        echo " ."
        indented <"$dir/NOTICE.txt"
    fi
    echo
done

# Components inside packages whose licence is not the package's.
if printf '%s\n' $modules | grep -qx CCryptoBoringSSL; then
    cat <<'EOF'
Files: .build/checkouts/swift-crypto/Sources/CCryptoBoringSSL/*
Copyright: 1995-1998 Eric Young; 1998-2011 The OpenSSL Project; 2014- Google Inc.
License: OpenSSL and SSLeay and ISC
Comment: BoringSSL, as swift-crypto vendors it; each file's header says which licence it is
 under: the OpenSSL and SSLeay licences (https://www.openssl.org/source/license-openssl-ssleay.txt)
 for the code from OpenSSL, ISC for Google's.

EOF
fi
if printf '%s\n' $modules | grep -qx CNIOLLHTTP; then
    echo "Files: .build/checkouts/swift-nio/Sources/CNIOLLHTTP/*"
    echo "Copyright: 2018 Fedor Indutny"
    echo "License: Expat"
    echo "Comment: llhttp, as swift-nio vendors it."
    echo
fi

# The toolchain that built it, as SwiftPM recorded it beside the build.
toolchain=$(head -1 "$(dirname "$link_file_list")"/../swift-version-*.txt | sed 's/[[:space:]]*$//')
cat <<EOF
Files: swift-toolchain/*
Copyright: 2014- Apple Inc. and the Swift project authors
License: Apache-2.0 with Swift-runtime exception
Comment: the Swift standard library and runtime, Dispatch and Foundation (swift-foundation,
 swift-corelibs-foundation) of the Swift toolchain ($toolchain), linked statically
 (--static-swift-stdlib).

Files: swift-toolchain/FoundationICU/*
Copyright: 1991- Unicode, Inc.
License: Unicode-3.0
Comment: ICU, as Foundation's FoundationICU carries it, linked statically.

License: tourist
 tourist's own code and its demo set (images drawn by Providers/Fixture/generate-demo-set.py)
 are under the terms their authors publish in tourist's repository.

License: CC-BY-4.0
 Creative Commons Attribution 4.0 International: you may share and adapt the data, for any
 purpose, if you give appropriate credit, link to the licence and say if changes were made.
 tourist credits GeoNames in tourist --help, in the web app and here. Full text:
 https://creativecommons.org/licenses/by/4.0/legalcode
 .
 The place names were converted to tourist's format (GazetteerTools/make-gazetteer.py).

License: public-domain
 Natural Earth: "All versions of Natural Earth raster + vector map data found on this website
 are in the public domain." (https://www.naturalearthdata.com/about/terms-of-use/)

License: Apache-2.0
 Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file
 except in compliance with the License. You may obtain a copy of the License at
 https://www.apache.org/licenses/LICENSE-2.0
 .
 On Debian systems, the full text of the Apache License, Version 2.0 can be found in
 /usr/share/common-licenses/Apache-2.0.

License: Apache-2.0 with Swift-runtime exception
 Licensed under the Apache License, Version 2.0 (on Debian systems in
 /usr/share/common-licenses/Apache-2.0), with the Runtime Library Exception:
 .
 As an exception, if you use this Software to compile your source code and portions of this
 Software are embedded into the binary product as a result, you may redistribute such product
 without providing attribution as would otherwise be required by Sections 4(a), 4(b) and 4(d)
 of the License.

License: OpenSSL and SSLeay and ISC
 The OpenSSL licence and the original SSLeay licence (both BSD-style, with an advertising
 clause), and the ISC licence, as BoringSSL's LICENSE file gives them:
 https://boringssl.googlesource.com/boringssl/+/HEAD/LICENSE

License: Unicode-3.0
 UNICODE LICENSE V3: permission to use, copy, modify, merge, publish, distribute and/or sell
 copies of the data files and software, if the copyright and permission notice appear with all
 copies. Full text: https://www.unicode.org/license.txt

EOF
license_paragraph "$leaflet/COPYRIGHT-leaflet" BSD-2-clause
license_paragraph "$leaflet/COPYRIGHT-markercluster" Expat | sed '$d'
