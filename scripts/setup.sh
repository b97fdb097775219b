#!/usr/bin/env bash
# Installs every tool the build and the tests need, skipping what is already there.
#
# Usage: scripts/setup.sh [core|web|browser|all]   (default: all)
#   core     rustfmt, clippy, the wasm32 target
#   web      core + Trunk, the wasm-bindgen CLI (version read from Cargo.lock), wasm-opt,
#            terser, esbuild
#   browser  Debian's chromium and chromium-driver, brotli, axe-core (npm) for the e2e tests
#   all      everything
#
# Nothing here downloads a prebuilt binary from outside the package registries:
# Trunk and wasm-bindgen come from crates.io, wasm-opt from npm's `binaryen`, terser and esbuild
# from npm, the browser from Debian. Versions are pinned (see docs in README.md and Trunk.toml).
set -euo pipefail

TRUNK_VERSION=0.21.14
BINARYEN_VERSION=132
TERSER_VERSION=5.51.2
ESBUILD_VERSION=0.28.2
AXE_CORE_VERSION=4.14.1
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tools=${SPARK_SIZER_TOOLS:-$HOME/.local/share/spark-sizer-tools}
what=${1:-all}

log() { printf '[setup] %s\n' "$*" >&2; }

# Tools installed by `cargo install` land here; make them visible to the checks below.
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

# The wasm-bindgen CLI must equal the wasm-bindgen crate that Cargo.lock resolved.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' \
    "$root/Cargo.lock"
}

setup_core() {
  rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt
  rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy
  rustup target list --installed | grep -q '^wasm32-unknown-unknown$' ||
    rustup target add wasm32-unknown-unknown
}

setup_web() {
  setup_core
  local wb
  wb=$(wasm_bindgen_version)
  [ -n "$wb" ] || { log "no wasm-bindgen in Cargo.lock"; exit 1; }
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$wb" ]; then
    log "installing wasm-bindgen-cli $wb (about 3 minutes)"
    # No --locked: the CLI's own lock file names a crate version the registry lacks.
    cargo install wasm-bindgen-cli --version "$wb" --force
  fi
  if [ "$(trunk --version 2>/dev/null | awk '{print $2}')" != "$TRUNK_VERSION" ]; then
    log "installing trunk $TRUNK_VERSION (about 7 minutes)"
    CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
      cargo install --locked "trunk@$TRUNK_VERSION" --force
  fi
  # `wasm-opt --version` prints e.g. "wasm-opt version 132 (version_132)".
  if ! "$tools/node_modules/.bin/wasm-opt" --version 2>/dev/null |
    grep -qF "(version_$BINARYEN_VERSION)"; then
    log "installing wasm-opt (npm binaryen@$BINARYEN_VERSION) into $tools"
    if ! command -v npm >/dev/null; then
      log "no npm: installing nodejs and npm from Debian"
      apt_install nodejs npm
    fi
    mkdir -p "$tools"
    npm install --prefix "$tools" --no-audit --no-fund --silent "binaryen@$BINARYEN_VERSION"
  fi
  # terser minifies the JS API's JavaScript (scripts/build-api.sh); `terser --version` prints
  # e.g. "terser 5.51.2".
  if [ "$("$tools/node_modules/.bin/terser" --version 2>/dev/null)" != "terser $TERSER_VERSION" ]; then
    log "installing terser (npm terser@$TERSER_VERSION) into $tools"
    command -v npm >/dev/null || apt_install nodejs npm
    mkdir -p "$tools"
    npm install --prefix "$tools" --no-audit --no-fund --silent "terser@$TERSER_VERSION"
  fi
  # esbuild joins the JS API's module and its wasm-bindgen glue into one file (its platform
  # binary comes from npm as an optional dependency of the package); it prints "0.28.2".
  if [ "$("$tools/node_modules/.bin/esbuild" --version 2>/dev/null)" != "$ESBUILD_VERSION" ]; then
    log "installing esbuild (npm esbuild@$ESBUILD_VERSION) into $tools"
    command -v npm >/dev/null || apt_install nodejs npm
    mkdir -p "$tools"
    npm install --prefix "$tools" --no-audit --no-fund --silent "esbuild@$ESBUILD_VERSION"
  fi
}

apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "$@" >/dev/null
}

setup_browser() {
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    log "installing chromium and chromium-driver from Debian"
    apt_install chromium chromium-driver
  fi
  # brotli measures the release build's transfer size (scripts/size-gate.sh).
  command -v brotli >/dev/null || apt_install brotli
  # axe-core, the accessibility engine the end-to-end tests inject (tests/tests/a11y.rs).
  if [ "$(cat "$tools/node_modules/axe-core/package.json" 2>/dev/null |
    sed -n 's/^  "version": "\(.*\)",$/\1/p')" != "$AXE_CORE_VERSION" ]; then
    log "installing axe-core $AXE_CORE_VERSION (npm) into $tools"
    command -v npm >/dev/null || apt_install nodejs npm
    mkdir -p "$tools"
    npm install --prefix "$tools" --no-audit --no-fund --silent "axe-core@$AXE_CORE_VERSION"
  fi
}

case "$what" in
  core) setup_core ;;
  web) setup_web ;;
  browser) setup_browser ;;
  all) setup_web; setup_browser ;;
  *) log "unknown target '$what' (core|web|browser|all)"; exit 2 ;;
esac
