#!/usr/bin/env bash
# Runs every check; stops at the first failing step. Installs missing tools first.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
START=$SECONDS
RELEASE_PID=
trap 'status=$?; [ -z "$RELEASE_PID" ] || kill "$RELEASE_PID" 2>/dev/null || true; if [ $status -ne 0 ]; then printf "\n\033[1;31mFAILED (exit %s) during: %s\033[0m\n" "$status" "$CURRENT"; fi' EXIT
CURRENT=setup

run() {
    CURRENT="$1"
    shift
    step "$CURRENT"
    "$@"
}

setup

WASM=wasm32-unknown-unknown
# Clippy lints the workspace's crates while they are compiled for the tests, as the compiler's
# wrapper: the same lints as `cargo clippy -- -D warnings`, without a second compilation of
# every crate in check mode (`cargo clippy` itself runs clippy-driver this way, for `cargo check`).
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
LINT=(env RUSTC_WORKSPACE_WRAPPER=clippy-driver)

run "cargo fmt --check" cargo fmt --all --check

# The release build that ships (`trunk build --release`: Trunk.toml and its hooks, into dist/),
# started now beside the tests' builds below: its fat LTO links are single-threaded, and the
# tests' builds fill the other core. Its own target directory, so that cargo's lock on target/
# does not make it wait; its output goes to a log, shown when the step below waits for it.
# Clippy is the compiler's wrapper there too: it lints the app's library and its two binaries
# as they ship (the tests' build below has only the library's test configuration), with
# CLIPPY_ARGS above denying warnings.
SHIP="$ROOT/target/ship"
RELEASE_LOG="$ROOT/target/release-build.log"
mkdir -p "$SHIP"
step "release build into dist/ (trunk build --release, linted by clippy): started in the background, log $RELEASE_LOG"
CARGO_TARGET_DIR="$SHIP" "${LINT[@]}" trunk build --release >"$RELEASE_LOG" 2>&1 &
RELEASE_PID=$!
release_build() {
    local status=0
    wait "$RELEASE_PID" || status=$?
    RELEASE_PID=
    cat "$RELEASE_LOG"
    return "$status"
}
# The UI crate (Leptos) is compiled for wasm32 only: its tests run there (in browsers, below),
# and its module layers are checked natively by the `layers` crate, which reads its sources.
# Compiling it natively as well cost about 250 s of CPU. The search worker (crates/worker) is
# compiled by the release build, where clippy lints it. The app's logic (crates/app-core) is
# native, tested here.
NATIVE=(--workspace --exclude toguz-app --exclude toguz-worker)
run "native: clippy -D warnings, built for the tests (engine, store, coach, app-core, cli, layers)" \
    "${LINT[@]}" cargo test --locked "${NATIVE[@]}" --all-targets --no-run
run "native tests (engine, store, coach, app-core, cli, and layers/tests/layers.rs: the layers, listeners, loops of files)" \
    "${LINT[@]}" cargo test --locked "${NATIVE[@]}"
# The app's tests are one binary, its library's (`--lib`): its plain unit tests, in the
# browser.
# Integration tests would compile the whole library once more, and link the two binaries, for
# them (about 90 s of CPU); the binaries are linted in the release build above.
run "wasm32: clippy -D warnings, built for the browser tests (the app's library in its test configuration)" \
    "${LINT[@]}" cargo test --locked --target "$WASM" -p toguz-app --lib --no-run
run "wasm32 tests: the app's library (unit tests, the board's and storage's) in headless Chromium" \
    env WASM_BINDGEN_TEST_WEBDRIVER_JSON="$ROOT/tests/webdriver.json" \
    "${LINT[@]}" cargo test --locked --target "$WASM" -p toguz-app --lib
# The same test binary, run again in Firefox: the runner picks geckodriver over chromedriver.
run "wasm32 tests in Firefox ESR (the same binary)" \
    env GECKODRIVER="$(command -v geckodriver)" \
    WASM_BINDGEN_TEST_WEBDRIVER_JSON="$ROOT/tests/webdriver-firefox.json" \
    "${LINT[@]}" cargo test --locked --target "$WASM" -p toguz-app --lib
run "release build into dist/ (started after cargo fmt; waiting for it)" release_build
# The end-to-end tests compute expected positions with the `toguz` CLI that the native tests
# built (target/debug/toguz; its engine is optimised in every profile).
run "end-to-end tests (Playwright, headless Chromium)" bash scripts/e2e.sh
run "end-to-end core suite in Firefox ESR and WebKitGTK (WebDriver)" bash scripts/e2e-engines.sh
# Last, so that a budget exceeded never hides a test's result: the first visit as a newcomer's
# browser downloads it (the welcome and the headers included; tests/e2e/first-visit.test.mjs
# confirms the figure against Chromium's) and the search worker, within their budgets.
run "download size within budget (the first visit over the wire, the welcome included)" node scripts/size.mjs --budget

CURRENT=done
step "all checks passed in $((SECONDS - START)) s"
