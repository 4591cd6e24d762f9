#!/bin/sh
# Lays out everything `make install` and `make deb` install, relative to the prefix, in STAGE:
#   bin/tourist                                   the binary (already stripped)
#   share/man/man1/tourist*.1                     one page per command and subcommand, made by
#                                                 swift-argument-parser's generate-manual from the
#                                                 binary itself, so they say what --help says
#   share/bash-completion/completions/tourist     where bash-completion looks
#   share/zsh/site-functions/_tourist             in zsh's default $fpath under the prefix
#   share/fish/vendor_completions.d/tourist.fish  where fish looks
# Usage: packaging/stage.sh BINARY GENERATE_MANUAL STAGE DATE(yyyy-mm-dd)
set -eu
binary=$1 generate_manual=$2 stage=$3 date=$4
rm -rf "$stage"
mkdir -p "$stage/bin" "$stage/share/man/man1" "$stage/share/bash-completion/completions" \
    "$stage/share/zsh/site-functions" "$stage/share/fish/vendor_completions.d"
install -m 755 "$binary" "$stage/bin/tourist"
# The binary reads no config or store to describe itself, but give it an empty home all the same.
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
HOME=$home "$generate_manual" "$stage/bin/tourist" --multi-page --date "$date" --output-directory "$stage/share/man/man1"
# A subcommand's page names it "tourist pin add" in its NAME section, which apropos and whatis
# (lexgrog) cannot read: there it is named as its file is, tourist.pin.add, and the synopsis,
# which repeated the NAME's name, says "tourist pin add" itself. Nothing else changes.
for page in "$stage"/share/man/man1/*.1; do
    awk '/^\.Sh NAME$/ { in_name = 1; print; next }
        in_name && /^\.Nm "/ { name = substr($0, 5); file = name; gsub(/"/, "", file); gsub(/ /, ".", file)
            print ".Nm " file; in_name = 0; next }
        /^\.Nm$/ && name != "" { print ".Nm " name; next }
        { print }' "$page" >"$page.named"
    mv "$page.named" "$page"
done
# bash sources its completions: the script's "#!/bin/bash" line is left out, as Debian asks.
HOME=$home "$stage/bin/tourist" --generate-completion-script bash >"$stage/share/bash-completion/completions/tourist"
sed -i '1{/^#!/d}' "$stage/share/bash-completion/completions/tourist"
HOME=$home "$stage/bin/tourist" --generate-completion-script zsh >"$stage/share/zsh/site-functions/_tourist"
HOME=$home "$stage/bin/tourist" --generate-completion-script fish >"$stage/share/fish/vendor_completions.d/tourist.fish"
