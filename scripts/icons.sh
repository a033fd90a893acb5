#!/usr/bin/env bash
# Draws every PNG icon of the app from the one source, public/icons/icon.svg, with rsvg-convert
# (Debian package librsvg2-bin, installed when missing). The PNGs are committed, so a build
# never needs the tool; run this after changing the SVG. public/icons/icon.svg.sha256 records
# the source the PNGs were drawn from, and the e2e tests check it (no tool needed).
#
#   icon-192.png, icon-512.png      "any" purpose: rounded corners, transparent outside
#   icon-maskable-512.png           "maskable": square, full bleed (the art is in the safe zone)
#   apple-touch-icon.png (180)      iOS rounds the corners itself and shows no transparency
set -euo pipefail
cd "$(dirname "$0")/../public/icons"

if ! command -v rsvg-convert >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends librsvg2-bin
fi

square="$(mktemp --suffix=.svg)"
trap 'rm -f "$square"' EXIT
# The same drawing with square corners: only the background's rx changes.
sed 's/<rect id="background" \(.*\) rx="112"/<rect id="background" \1 rx="0"/' icon.svg >"$square"
grep -q 'id="background" width="512" height="512" rx="0"' "$square" ||
    { echo "icons.sh: the background rect of icon.svg was not found" >&2; exit 1; }

rsvg-convert --width 192 --height 192 icon.svg -o icon-192.png
rsvg-convert --width 512 --height 512 icon.svg -o icon-512.png
rsvg-convert --width 512 --height 512 "$square" -o icon-maskable-512.png
rsvg-convert --width 180 --height 180 "$square" -o apple-touch-icon.png
sha256sum icon.svg >icon.svg.sha256
echo "icons drawn from icon.svg ($(rsvg-convert --version))"
