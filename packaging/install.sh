#!/bin/sh
# `make install` and `make uninstall`.
#
# install: copies the staged tree (packaging/stage.sh) into DESTDIR/PREFIX and records what it
# wrote in PREFIX/share/tourist/installed-files: a line "file PATH" per file and "dir PATH" per
# folder it had to create (PATH relative to PREFIX). An earlier install found there is uninstalled
# first, so a page an older version installed does not stay behind.
# uninstall: removes the files that list names, the list, then the folders it created, deepest
# first, when they are empty; nothing else. The config (~/.config/tourist), the store
# (~/.local/share/tourist), the cache and the state are the user's: they are never touched.
#
# Usage: packaging/install.sh install STAGE DESTDIR PREFIX
#        packaging/install.sh uninstall DESTDIR PREFIX
set -eu

manifest_path=share/tourist/installed-files

uninstall() {
    root=$1
    manifest="$root/$manifest_path"
    if [ ! -f "$manifest" ]; then
        echo "tourist is not installed in $root by make install: $manifest does not exist" >&2
        exit 1
    fi
    while IFS=' ' read -r kind path; do
        [ "$kind" = file ] && rm -f "$root/$path"
    done <"$manifest"
    # The folders, deepest first: they were recorded parents first.
    folders=$(sed -n 's/^dir //p' "$manifest" | sort -r)
    rm -f "$manifest"
    printf '%s\n' "$folders" | while IFS= read -r path; do
        folder="$root/$path"
        [ "$path" != . ] || folder=$root
        [ -n "$path" ] && [ -d "$folder" ] && rmdir "$folder" 2>/dev/null || true
    done
    echo "removed tourist from $root (your config, store, cache and state are left as they are)"
}

install_stage() {
    stage=$1 root=$2
    [ -x "$stage/bin/tourist" ] || { echo "$stage/bin/tourist is missing: run make first" >&2; exit 1; }
    [ ! -f "$root/$manifest_path" ] || uninstall "$root" >/dev/null
    listing=$(mktemp)
    trap 'rm -f "$listing"' EXIT
    # The folders to create, parents first (PREFIX itself included when it does not exist yet).
    [ -d "$root" ] || echo "dir ." >>"$listing"
    files=$(cd "$stage" && find . -type f | sed 's|^\./||' | sort)
    for path in $files "$manifest_path"; do
        folder=$(dirname "$path")
        missing=""
        while [ "$folder" != . ] && [ ! -d "$root/$folder" ]; do
            missing="$folder
$missing"
            folder=$(dirname "$folder")
        done
        for folder in $missing; do
            grep -qxF "dir $folder" "$listing" || echo "dir $folder" >>"$listing"
        done
        mkdir -p "$root/$(dirname "$path")"
    done
    for path in $files; do
        mode=644
        [ "${path%%/*}" = bin ] && mode=755
        install -m "$mode" "$stage/$path" "$root/$path"
        echo "file $path" >>"$listing"
    done
    install -m 644 "$listing" "$root/$manifest_path"
    echo "installed tourist in $root: $(grep -c '^file ' "$listing") files, listed in $root/$manifest_path"
}

case ${1-} in
install) install_stage "$2" "$3$4" ;;
uninstall) uninstall "$2$3" ;;
*) echo "usage: $0 install STAGE DESTDIR PREFIX | uninstall DESTDIR PREFIX" >&2; exit 64 ;;
esac
