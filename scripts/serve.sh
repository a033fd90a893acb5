#!/usr/bin/env bash
# Builds the app and serves dist/ on http://127.0.0.1:8080 (PORT to change it).
#
#   bash scripts/serve.sh            a debug build: quicker to build, no service worker
#   bash scripts/serve.sh --release  the build that ships (as scripts/check.sh tests it)
#
# After a change, run `node scripts/build.mjs --debug` (or without --debug) in another terminal
# and reload the page: the build replaces dist/ only when it succeeded.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
setup
cd "$ROOT"
PORT="${PORT:-8080}"
case "${1:-}" in
    --release) node scripts/build.mjs ;;
    "") node scripts/build.mjs --debug ;;
    *) echo "usage: bash scripts/serve.sh [--release]" >&2; exit 2 ;;
esac
step "serving dist/ on http://127.0.0.1:$PORT"
exec python3 -m http.server "$PORT" --bind 127.0.0.1 --directory dist
