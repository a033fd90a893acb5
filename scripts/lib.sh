# Shared helpers for scripts/serve.sh and scripts/check.sh: pinned tool versions and
# idempotent installers (each installs only what is missing or at the wrong version).
# shellcheck shell=bash

# Trunk builds the app (Trunk.toml); 0.22 needs a newer rustc than this project's.
TRUNK_VERSION=0.21.14
# wasm-split-cli: cuts the app's wasm into the parts loaded on demand (scripts/hooks/app.mjs);
# the version cargo-leptos 0.3.11 uses with Leptos 0.8.
WASM_SPLIT_VERSION=0.2.4
# wasm-opt: binaryen 132 from npm, which Trunk.toml pins (Debian's binaryen 108 makes a wasm
# that crashes in the browser).
BINARYEN_VERSION=132.0.0
GECKODRIVER_VERSION=0.37.1
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$ROOT/node_modules/.bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
# Firefox ESR and WebKitGTK (Safari's engine), driven through WebDriver.
export FIREFOX="${FIREFOX:-/usr/bin/firefox-esr}"
export WEBKITWEBDRIVER="${WEBKITWEBDRIVER:-/usr/bin/WebKitWebDriver}"
export MINIBROWSER="${MINIBROWSER:-/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser}"

STEP_START=$SECONDS

# Prints a visible banner for the step about to run.
step() {
    printf '\n\033[1;34m==> [%s] %s\033[0m\n' "$(date -u +%H:%M:%S)" "$*"
}

# The wasm-bindgen version that Cargo.lock resolved: the CLI must match it exactly.
wasm_bindgen_version() {
    awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' \
        "$ROOT/Cargo.lock"
}

APT_UPDATED=0
apt_install() {
    if [ "$APT_UPDATED" = 0 ]; then
        apt-get update -qq
        APT_UPDATED=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

ensure_apt() {
    local missing=()
    command -v cc >/dev/null || missing+=(build-essential)
    command -v pkg-config >/dev/null || missing+=(pkg-config)
    command -v python3 >/dev/null || missing+=(python3)
    [ -x "$CHROMIUM" ] || missing+=(chromium)
    [ -x "$CHROMEDRIVER" ] || missing+=(chromium-driver)
    [ -x "$FIREFOX" ] || missing+=(firefox-esr)
    { [ -x "$WEBKITWEBDRIVER" ] && [ -x "$MINIBROWSER" ]; } || missing+=(webkit2gtk-driver)
    command -v xvfb-run >/dev/null || missing+=(xvfb xauth)
    if [ "${#missing[@]}" -gt 0 ]; then
        step "apt: installing ${missing[*]}"
        apt_install "${missing[@]}"
    fi
}

ensure_rust() {
    if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
        step "rustup: adding the wasm32-unknown-unknown target"
        rustup target add wasm32-unknown-unknown
    fi
}

# Build tools need no fat LTO (some crates' own profiles ask for it): a much faster install.
install_tool() {
    CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 cargo install "$@"
}

ensure_wasm_bindgen() {
    local want
    want="$(wasm_bindgen_version)"
    if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $want" ]; then
        step "cargo install wasm-bindgen-cli $want"
        # Not --locked: the CLI's own lock file pins dependencies that no longer build.
        # opt-level 1: it installs in 183 s instead of 213 s (409 -> 350 s of CPU), and runs
        # about 0.1-0.3 s slower on our wasm files.
        CARGO_PROFILE_RELEASE_OPT_LEVEL=1 \
            install_tool wasm-bindgen-cli --version "$want" --force
    fi
}

# The CLI prints no version: its crate's install record says which one is installed.
ensure_wasm_split() {
    if ! command -v wasm-split-cli >/dev/null ||
        ! grep -q "^\"wasm_split_cli_support $WASM_SPLIT_VERSION " "${CARGO_HOME:-$HOME/.cargo}/.crates.toml" 2>/dev/null; then
        step "cargo install wasm_split_cli_support $WASM_SPLIT_VERSION (wasm-split-cli)"
        # opt-level 1: 88 -> 75 s to install, and it still cuts the app in about 0.12 s.
        CARGO_PROFILE_RELEASE_OPT_LEVEL=1 \
            install_tool wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary --locked --force
    fi
}

# Firefox's WebDriver: no Debian package, so from crates.io. Unoptimised: it only
# relays WebDriver commands, and builds in 69 s instead of 178 s.
ensure_geckodriver() {
    if [ "$(geckodriver --version 2>/dev/null | head -1)" != "geckodriver $GECKODRIVER_VERSION" ]; then
        step "cargo install geckodriver $GECKODRIVER_VERSION"
        CARGO_PROFILE_RELEASE_OPT_LEVEL=0 \
            install_tool geckodriver --version "$GECKODRIVER_VERSION" --locked --force
    fi
}

ensure_trunk() {
    if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
        step "cargo install trunk $TRUNK_VERSION"
        install_tool trunk --version "$TRUNK_VERSION" --locked --force
    fi
}

# Trunk runs wasm-opt from PATH (on the search worker), so binaryen is installed for the
# machine, not only in node_modules: then `trunk build --release` works from any shell.
ensure_wasm_opt() {
    if ! wasm-opt --version 2>/dev/null | grep -q "version ${BINARYEN_VERSION%%.*}\b"; then
        step "npm install -g binaryen@$BINARYEN_VERSION (wasm-opt)"
        npm install -g --no-audit --no-fund "binaryen@$BINARYEN_VERSION"
    fi
}

ensure_npm() {
    # npm ci writes node_modules/.package-lock.json; skip when it is newer than the lock.
    if [ ! -f "$ROOT/node_modules/.package-lock.json" ] ||
        [ "$ROOT/package-lock.json" -nt "$ROOT/node_modules/.package-lock.json" ]; then
        step "npm ci (the build hooks' terser, lightningcss, binaryen; the tests' playwright-core)"
        (cd "$ROOT" && npm ci --no-audit --no-fund)
    fi
}

# The CLI the end-to-end tests compute expected positions with (TOGUZ_CLI): the debug build,
# built again when missing or older than its sources. A CLI left from an earlier checkout
# answers with the rules or the options of then, and tests fail for nothing they test. The
# check's native tests have just built it, so nothing is newer there. A TOGUZ_CLI given is used
# as it is.
ensure_cli() {
    if [ -z "${TOGUZ_CLI:-}" ]; then
        TOGUZ_CLI="$ROOT/target/debug/toguz"
        if [ ! -x "$TOGUZ_CLI" ] || [ -n "$(cd "$ROOT" && find crates/cli crates/engine crates/coach \
            crates/store Cargo.lock -newer "$TOGUZ_CLI" -type f -print -quit)" ]; then
            (cd "$ROOT" && cargo build --locked -p toguz-cli)
        fi
    fi
    export TOGUZ_CLI
}

# Everything both commands need, then the crates (fetched once for every build after).
setup() {
    step "setup: checking tools"
    ensure_apt
    ensure_rust
    ensure_npm
    ensure_wasm_opt
    ensure_trunk
    ensure_wasm_bindgen
    ensure_wasm_split
    ensure_geckodriver
    step "cargo fetch --locked"
    (cd "$ROOT" && cargo fetch --locked)
}
