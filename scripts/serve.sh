#!/usr/bin/env bash
# The development loop: installs what is missing, then `trunk serve` on http://127.0.0.1:8080
# (Trunk.toml): it watches the sources, rebuilds on a change and reloads the open page.
#
#   bash scripts/serve.sh              a debug build: quicker to build (not optimised)
#   bash scripts/serve.sh --release    the build that ships (as scripts/check.sh tests it)
#
# Any argument goes to `trunk serve` (e.g. --port 8081).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
setup
cd "$ROOT"
exec trunk serve "$@"
