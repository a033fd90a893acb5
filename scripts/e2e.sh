#!/usr/bin/env bash
# Serves the built dist/ on a free local port and runs the Playwright tests against it
# (all of them, or the files named as arguments).
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

# The PWA tests (tests/e2e/pwa.test.mjs) serve the same build under a sub-path themselves:
# its URLs are relative (public_url in Trunk.toml), so one build works under any path.
export E2E_SUBPATH_DIST="${E2E_SUBPATH_DIST:-$ROOT/dist}"

export E2E_BASE_URL="http://127.0.0.1:$PORT/"

# One Chromium for every test file (board-page.mjs's launchBrowser connects to it): each file
# has its own contexts, and a file's launch no longer costs its own browser start.
mkdir -p target
# Emptied first: the wait below must not read the endpoint of an earlier run's browser from the
# log before this run's redirection has truncated it (the run then failed with no browser).
: >target/e2e-browser.log
node --input-type=module -e '
  import { serveChromium } from "./tests/e2e/board-page.mjs";
  const server = await serveChromium();
  console.log(server.wsEndpoint());
  process.on("SIGTERM", async () => { await server.close(); process.exit(0); });
' >target/e2e-browser.log 2>&1 &
BROWSER=$!
trap 'kill "$SERVER" "$BROWSER" 2>/dev/null || true' EXIT
for _ in $(seq 300); do
    grep -q '^ws://' target/e2e-browser.log && break
    kill -0 "$BROWSER" 2>/dev/null || { cat target/e2e-browser.log >&2; exit 1; }
    sleep 0.1
done
E2E_BROWSER_WS="$(grep -m1 '^ws://' target/e2e-browser.log)" || { echo "no shared browser: $(cat target/e2e-browser.log)" >&2; exit 1; }
export E2E_BROWSER_WS
ensure_cli
# Three test files side by side (each has its own contexts): on this 2-core machine
# 289 s against 322 s with two (504 and 527 s of CPU: the pages wait on frames and timers, and a
# third file fills those gaps); then the worker's, alone: they measure frames and long tasks on
# the main thread during a search.
# engines.test.mjs is the core suite for Firefox and WebKit (scripts/e2e-engines.sh): these files
# cover its flows in Chromium already.
# With arguments, only those files run (one screen's tests while working on it).
if [ "$#" -gt 0 ]; then
    node --test --test-concurrency=1 "$@"
    exit
fi
# The longest files start first, longest first (their tests' time in a clean clone's check:
# 130-175 s for the first five, 54-88 s for the others), so that none of them starts near the
# end and runs on alone while a core is idle; the others (under 50 s) follow in name order.
LONGEST=(pwa correspondence a11y editor newcomer play study saves tutorial review library puzzles
    backup i18n newcomer-ends studies newcomer-phone)
mapfile -t SHARED < <(
    for name in "${LONGEST[@]}"; do echo "tests/e2e/$name.test.mjs"; done
    ls tests/e2e/*.test.mjs | grep -v -e '/worker' -e '/engines\.test' \
        | grep -v -x -F "$(printf 'tests/e2e/%s.test.mjs\n' "${LONGEST[@]}")"
)
node --test --test-concurrency="${E2E_CONCURRENCY:-3}" "${SHARED[@]}"
# E2E_WORKER=off leaves them out: the check runs them once the Firefox and WebKit suite it
# started beside this one has ended (scripts/check.sh), so that they still measure alone.
[ "${E2E_WORKER:-on}" = off ] || node --test --test-concurrency=1 tests/e2e/worker*.test.mjs
