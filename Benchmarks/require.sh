# Sourced by the benchmark scripts: `require COMMAND:DEBIAN_PACKAGE …` installs each package whose
# command is missing (apt-get, as root), so every script runs alone on a fresh machine.
require() {
    local tool
    for tool in "$@"; do
        if ! command -v "${tool%%:*}" >/dev/null; then
            echo "installing ${tool#*:} (Debian package)" >&2
            apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${tool#*:}" >/dev/null
        fi
    done
}
