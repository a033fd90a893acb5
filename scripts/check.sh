#!/usr/bin/env bash
# Runs every check; stops at the first failing step. Installs missing tools first.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
START=$SECONDS
RELEASE_PID=
ENGINES_PID=
trap 'status=$?; for pid in $RELEASE_PID $ENGINES_PID; do kill "$pid" 2>/dev/null || true; done; if [ $status -ne 0 ]; then printf "\n\033[1;31mFAILED (exit %s) during: %s\033[0m\n" "$status" "$CURRENT"; fi' EXIT
CURRENT=setup

run() {
    CURRENT="$1"
    shift
    step "$CURRENT"
    "$@"
}

# Waits for the background step whose pid is in the variable named $1, shows its log ($2) in
# one piece, and fails as it failed.
finish() {
    local status=0
    wait "${!1}" || status=$?
    printf -v "$1" ''
    cat "$2"
    return "$status"
}

setup

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
# Clippy is the compiler's wrapper there too: it lints the app's library, its two binaries and
# the search worker as they ship, with CLIPPY_ARGS above denying warnings.
SHIP="$ROOT/target/ship"
RELEASE_LOG="$ROOT/target/release-build.log"
mkdir -p "$SHIP"
step "release build into dist/ (trunk build --release, linted by clippy): started in the background, log $RELEASE_LOG"
CARGO_TARGET_DIR="$SHIP" "${LINT[@]}" trunk build --release >"$RELEASE_LOG" 2>&1 &
RELEASE_PID=$!
# The UI crate (Leptos) is compiled for wasm32 only, by the release build, where clippy lints it
# with its two binaries and the search worker (crates/worker). Its logic and the tests of that
# logic are in crates/app-core, native, tested here; what only a browser shows is tested end to
# end on the build that ships (tests/e2e). A wasm32 build of the UI crate for tests of its own
# cost about 215 s of CPU, and compiling it natively about 335 s.
#
# The release build is the longest path to the end-to-end tests: after its dependencies, one
# rustc compiles and lints the UI crate, single-threaded (about 80 s; clippy's lints were 95 s
# of it until Cargo.toml turned off the one that took 75), then links it with fat LTO (about
# 35 s). The native build and tests run at the lowest priority beside it, on the core it leaves
# idle, so that they never delay it: at the same priority they took both cores from it, and the
# release build finished at 500 s of the check instead of about 300.
# crates/wasm-trim has no tests: the release build compiles and lints it, and runs it on both
# modules (scripts/hooks/shrink.mjs), so its debug build here (walrus, wasmparser and gimli)
# would be CPU spent on nothing.
NATIVE=(--workspace --exclude toguz-app --exclude toguz-worker --exclude toguz-wasm-trim)
run "native: clippy -D warnings, built for the tests (engine, store, coach, app-core, cli, layers), at low priority beside the release build" \
    nice -n 19 "${LINT[@]}" cargo test --locked "${NATIVE[@]}" --all-targets --no-run
run "native tests (engine, store, coach, app-core, cli, and layers/tests/layers.rs: the layers, listeners, loops of files)" \
    nice -n 19 "${LINT[@]}" cargo test --locked "${NATIVE[@]}"
run "release build into dist/ (started after cargo fmt; waiting for it)" finish RELEASE_PID "$RELEASE_LOG"
# The end-to-end tests compute expected positions with the `toguz` CLI that the native tests
# built (target/debug/toguz; its engine is optimised in every profile).
# The core suite in Firefox ESR and WebKitGTK runs beside the Chromium suite: alone it left
# a core idle about half of its 110 s (its pages wait on WebDriver and on timers), and its
# tests wait on states, not on time. Its output is shown, in one piece, when it has ended.
ENGINES_LOG="$ROOT/target/e2e-engines.log"
step "end-to-end core suite in Firefox ESR and WebKitGTK (WebDriver): started beside the Chromium suite, log $ENGINES_LOG"
bash scripts/e2e-engines.sh >"$ENGINES_LOG" 2>&1 &
ENGINES_PID=$!
# Without the screenshots written for people to look at (tests/e2e/board-page.mjs: SHOTS): the
# check compares none of them. `bash scripts/e2e.sh <file>` writes them to target/screenshots/.
run "end-to-end tests (Playwright, headless Chromium), but the search worker's" \
    env E2E_SHOTS=off E2E_WORKER=off bash scripts/e2e.sh
run "end-to-end core suite in Firefox ESR and WebKitGTK (started beside the Chromium suite; waiting for it)" finish ENGINES_PID "$ENGINES_LOG"
# Alone, last: they measure the main thread's frames and long tasks during a search.
run "end-to-end tests of the search worker (Chromium)" env E2E_SHOTS=off bash scripts/e2e.sh tests/e2e/worker*.test.mjs
# Last, so that a budget exceeded never hides a test's result: the first visit as a newcomer's
# browser downloads it (the welcome and the headers included; tests/e2e/first-visit.test.mjs
# confirms the figure against Chromium's) and the search worker, within their budgets.
run "download size within budget (the first visit over the wire, the welcome included)" node scripts/size.mjs --budget

CURRENT=done
step "all checks passed in $((SECONDS - START)) s"
