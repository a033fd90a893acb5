#!/usr/bin/env bash
# Runs every check; stops at the first failing step. Installs missing tools first.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
START=$SECONDS
trap 'status=$?; if [ $status -ne 0 ]; then printf "\n\033[1;31mFAILED (exit %s) during: %s\033[0m\n" "$status" "$CURRENT"; fi' EXIT
CURRENT=setup

run() {
    CURRENT="$1"
    shift
    step "$CURRENT"
    "$@"
}

setup

WASM=wasm32-unknown-unknown
run "cargo fmt --check" cargo fmt --all --check
run "module layers (no cycle, one way: tests/layers.rs)" \
    cargo test --locked -p toguz-app --test layers
run "clippy native (workspace, all targets)" \
    cargo clippy --locked --workspace --all-targets -- -D warnings
run "clippy wasm32 (app, all targets)" \
    cargo clippy --locked --target "$WASM" -p toguz-app --all-targets -- -D warnings
run "clippy wasm32 (engine library)" \
    cargo clippy --locked --target "$WASM" -p toguz-engine --lib -- -D warnings
run "native tests (engine, cli, app logic)" cargo test --locked --workspace
run "browser tests (wasm-bindgen-test, headless Chromium)" \
    env WASM_BINDGEN_TEST_WEBDRIVER_JSON="$ROOT/tests/webdriver.json" \
    cargo test --locked --target "$WASM" -p toguz-app
run "trunk build --release" trunk build --release
run "toguz CLI (the end-to-end tests' expected positions)" \
    cargo build --locked --release -p toguz-cli
run "end-to-end tests (Playwright, headless Chromium)" bash scripts/e2e.sh

CURRENT=done
step "all checks passed in $((SECONDS - START)) s"
