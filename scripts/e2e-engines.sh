#!/usr/bin/env bash
# The core end-to-end suite (tests/e2e/engines.test.mjs) in Firefox ESR and WebKitGTK (Safari's
# engine), through WebDriver (geckodriver, WebKitWebDriver), against the built dist/, which the
# suite serves itself. WebKit's MiniBrowser needs a display: a virtual one (xvfb-run).
#
#   bash scripts/e2e-engines.sh                 # Firefox and WebKit, side by side
#   bash scripts/e2e-engines.sh webkit          # one engine: firefox, webkit or chromium
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
[ -f dist/index.html ] || { echo "dist/ is missing: run trunk build --release first" >&2; exit 1; }
ensure_cli
ENGINES=("$@")
[ "${#ENGINES[@]}" -gt 0 ] || ENGINES=(firefox webkit)

suite() {
    local engine=$1 start=$SECONDS status=0
    # --test-force-exit: the run ends when its tests have, whatever handle is left open. WebKit's
    # run once passed all its tests and then never exited, idle, with its WebDriver process
    # still there.
    if [ "$engine" = webkit ]; then
        E2E_ENGINE=webkit xvfb-run -a -s "-screen 0 1600x1000x24" \
            node --test --test-force-exit tests/e2e/engines.test.mjs || status=$?
    else
        E2E_ENGINE="$engine" node --test --test-force-exit tests/e2e/engines.test.mjs || status=$?
    fi
    echo "$engine: core suite $([ $status = 0 ] && echo passed || echo FAILED) in $((SECONDS - start)) s"
    return $status
}

# The engines side by side (each mostly waits on its browser); each one's output in one piece.
mkdir -p target
pids=()
for engine in "${ENGINES[@]}"; do
    suite "$engine" >"target/e2e-$engine.log" 2>&1 &
    pids+=($!)
done
status=0
for i in "${!ENGINES[@]}"; do
    wait "${pids[$i]}" || status=1
    cat "target/e2e-${ENGINES[$i]}.log"
done
exit $status
