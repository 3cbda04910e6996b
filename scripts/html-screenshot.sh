#!/usr/bin/env bash
# html-screenshot.sh: render an HTML report to a PNG with headless Chromium,
# to check its layout and charts without a desktop.
#
#   scripts/html-screenshot.sh REPORT.html OUT.png [WIDTH,HEIGHT]
#
# WIDTH,HEIGHT is the window size in CSS pixels (default 1200,2000; the
# screenshot is cut at that height). Installs Debian's chromium package when
# no chromium is on PATH (needs root or sudo). Chromium runs with a fresh
# throwaway profile and with its background network traffic switched off;
# the report itself loads nothing from the network.
set -euo pipefail

usage() {
	echo "usage: $0 REPORT.html OUT.png [WIDTH,HEIGHT]" >&2
	exit 2
}

[[ $# -ge 2 && $# -le 3 ]] || usage
html=$1
out=$2
size=${3:-1200,2000}
[[ -f $html ]] || { echo "$0: $html: no such file" >&2; exit 2; }
[[ $size =~ ^[0-9]+,[0-9]+$ ]] || { echo "$0: window size must be WIDTH,HEIGHT, got $size" >&2; exit 2; }

# as_root runs a command as root, through sudo when needed.
as_root() {
	if [[ $(id -u) -eq 0 ]]; then
		"$@"
	else
		sudo "$@"
	fi
}

# ensure_chromium installs Debian's chromium when it is missing, refreshing
# the package lists first when apt does not know the package yet.
ensure_chromium() {
	command -v chromium >/dev/null && return
	echo "chromium not found; installing it from Debian (apt-get install -y chromium)" >&2
	if ! apt-cache show chromium >/dev/null 2>&1; then
		as_root apt-get update
	fi
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
}

ensure_chromium

abs_html=$(realpath "$html")
mkdir -p "$(dirname "$out")"
abs_out=$(realpath "$out")
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT

# Chromium logs harmless D-Bus and GPU complaints on stderr; keep them out
# of the way unless it fails.
log=$profile/chromium.log
if ! chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
	--disable-background-networking --disable-component-update --disable-sync \
	--hide-scrollbars --user-data-dir="$profile" --window-size="$size" \
	--screenshot="$abs_out" "file://$abs_html" >"$log" 2>&1; then
	cat "$log" >&2
	echo "$0: chromium failed" >&2
	exit 1
fi
[[ -s $abs_out ]] || { cat "$log" >&2; echo "$0: no screenshot written" >&2; exit 1; }
echo "$abs_out"
