#!/usr/bin/env bash
# Serves the built dist/ on a free local port and runs the Playwright tests against it.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
[ -f dist/index.html ] || { echo "dist/ is missing: run trunk build --release first" >&2; exit 1; }

PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 -m http.server "$PORT" --bind 127.0.0.1 --directory dist >target/e2e-server.log 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$PORT/')" 2>/dev/null && break
    sleep 0.1
done

# The PWA tests (tests/e2e/pwa.test.mjs) serve a second release build made under a sub-path
# themselves (cargo's output is reused: only wasm-bindgen, wasm-opt and the hook run again).
if [ -z "${E2E_SUBPATH_DIST:-}" ]; then
    export E2E_SUBPATH_DIST="$ROOT/target/e2e-dist-subpath"
    step "trunk build --release --public-url /toguz/sub/ (for the PWA tests)"
    trunk build --release --public-url /toguz/sub/ --dist "$E2E_SUBPATH_DIST"
fi

export E2E_BASE_URL="http://127.0.0.1:$PORT/"
export TOGUZ_CLI="$ROOT/target/release/toguz"
node --test --test-concurrency=1 tests/e2e/*.test.mjs
