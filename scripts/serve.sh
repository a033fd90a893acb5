#!/usr/bin/env bash
# Builds the app and serves it on http://127.0.0.1:8080, rebuilding on changes.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
setup
cd "$ROOT"
step "trunk serve on http://127.0.0.1:8080"
exec trunk serve --address 127.0.0.1 --port 8080
