#!/bin/sh
# Makes OUT/tourist_VERSION-REVISION_amd64.deb from the staged tree (packaging/stage.sh), with
# dpkg-deb: /usr/bin/tourist, the man pages (gzip -9n), the bash, zsh and fish completions where
# Debian's shells look for them, /usr/share/doc/tourist/copyright (packaging/copyright.sh) and
# changelog.Debian.gz. Depends: what dpkg-shlibdeps finds the binary linked to, libcurl4, which
# tourist loads at run time (dlopen, Sources/CurlShim) when it first makes an HTTP request, and
# libvips42, which it loads likewise (Sources/VipsShim) when it first reads an image's pixels.
# VERSION is the binary's (`tourist --json --version`); dates come from SOURCE_DATE_EPOCH (the
# Makefile sets it to the commit's time), so the same tree gives the same package.
# Usage: packaging/deb.sh STAGE OUT REVISION   (from the repository's root; needs jq, dpkg-dev)
set -eu
stage=$1 out=$2 revision=$3
here=$(cd "$(dirname "$0")" && pwd)
: "${SOURCE_DATE_EPOCH:=$(git log -1 --format=%ct)}"
export SOURCE_DATE_EPOCH

facts=$("$stage/bin/tourist" --json --version)
version=$(echo "$facts" | jq -r .version)-$revision
commit=$(echo "$facts" | jq -r '.commit // "unknown"')
# The package's maintainer: the author of the repository's first commit.
maintainer=${DEB_MAINTAINER:-$(git log --reverse --format='%an <%ae>' | head -1)}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
umask 022
mkdir -p "$root/DEBIAN" "$root/usr/share/man/man1" "$root/usr/share/doc/tourist"
install -D -m 755 "$stage/bin/tourist" "$root/usr/bin/tourist"
for page in "$stage"/share/man/man1/*.1; do
    gzip -9n <"$page" >"$root/usr/share/man/man1/$(basename "$page").gz"
done
install -D -m 644 "$stage/share/bash-completion/completions/tourist" "$root/usr/share/bash-completion/completions/tourist"
install -D -m 644 "$stage/share/zsh/site-functions/_tourist" "$root/usr/share/zsh/vendor-completions/_tourist"
install -D -m 644 "$stage/share/fish/vendor_completions.d/tourist.fish" "$root/usr/share/fish/vendor_completions.d/tourist.fish"
sh "$here/copyright.sh" "$stage/bin/tourist" .build/release.yaml .build/release/tourist.product/Objects.LinkFileList >"$root/usr/share/doc/tourist/copyright"
chmod 644 "$root/usr/share/doc/tourist/copyright"
{
    echo "tourist ($version) unstable; urgency=medium"
    echo
    echo "  * Built by make deb from commit $commit."
    echo
    echo " -- $maintainer  $(date -u -R -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n >"$root/usr/share/doc/tourist/changelog.Debian.gz"

# Depends: dpkg-shlibdeps reads the binary's NEEDED libraries (it wants a debian/control beside).
mkdir -p "$work/debian"
printf 'Source: tourist\n\nPackage: tourist\nArchitecture: amd64\n' >"$work/debian/control"
linked=$(cd "$work" && dpkg-shlibdeps -O root/usr/bin/tourist | sed -n 's/^shlibs:Depends=//p')
depends="$linked, libcurl4 (>= 7.85.0), libvips42 (>= 8.13)"

cat >"$root/DEBIAN/control" <<EOF
Package: tourist
Version: $version
Architecture: amd64
Maintainer: $maintainer
Installed-Size: $(du -sk "$root/usr" | cut -f1)
Depends: $depends
Section: graphics
Priority: optional
Description: photo albums of the places you pin, from several sources
 tourist keeps a photo album for every place you pin, filled from Flickr,
 Wikimedia Commons, your own folders of geotagged photos, a bundled demo set
 and plugins. tourist serve shows the pins and albums in a web app with an
 offline map. Place names, the map and the demo set are inside the binary.
EOF
(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) >"$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

mkdir -p "$out"
deb="$out/tourist_${version}_amd64.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
echo "Depends: $depends"
