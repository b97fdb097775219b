#!/usr/bin/env bash
# Runs every check, in CI order: set-up, format, lints (host and wasm), native tests,
# wasm tests in headless Chromium, the release build, then end-to-end tests against it.
# Idempotent; a warm run takes well under a minute. CI runs this via .ci/run.
#
# Usage: scripts/test.sh
set -euo pipefail

# UPDATE_SNAPSHOTS (any value, even empty) makes the snapshot tests rewrite their files instead
# of comparing them: a run with it set would pass whatever the planner prints.
if [ -n "${UPDATE_SNAPSHOTS+set}" ]; then
  echo "scripts/test.sh: UPDATE_SNAPSHOTS is set, so the snapshot tests would rewrite their files instead of checking them." >&2
  echo "Unset it (unset UPDATE_SNAPSHOTS) and run again; to rewrite snapshots on purpose, run cargo test -p planner --test snapshots with it, then review the diff." >&2
  exit 2
fi

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tools=${SPARK_SIZER_TOOLS:-$HOME/.local/share/spark-sizer-tools}
cd "$root"

# wasm-opt from npm binaryen first on PATH (Trunk must never download one), then cargo's bin.
export PATH="$tools/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
# chromedriver leaves profile folders behind in TMPDIR: keep them under target/.
export TMPDIR="$root/target/tmp"
rm -rf "$TMPDIR"
mkdir -p "$TMPDIR"
export CARGO_TERM_COLOR=${CARGO_TERM_COLOR:-never}
export SPARK_SIZER_DIST="$root/dist"

summary=()
current=""
started=$SECONDS

step() {
  local name=$1 t0=$SECONDS
  shift
  current=$name
  printf '\n==> %s\n    $ %s\n' "$name" "$*" >&2
  "$@"
  summary+=("$(printf 'ok    %4ss  %s' $((SECONDS - t0)) "$name")")
  current=""
}

report() {
  local status=$?
  printf '\n==== summary ====\n' >&2
  local line
  for line in "${summary[@]}"; do printf '%s\n' "$line" >&2; done
  if [ -n "$current" ]; then
    printf 'FAIL         %s\n' "$current" >&2
    printf '==== FAILED (%ss) ====\n' $((SECONDS - started)) >&2
  elif [ "$status" -eq 0 ]; then
    printf '==== all passed (%ss) ====\n' $((SECONDS - started)) >&2
  fi
  exit "$status"
}
trap report EXIT

step "set-up (tools)" "$root/scripts/setup.sh" all
step "fetch crates" cargo fetch --locked
step "format" cargo fmt --all --check
step "clippy (host, workspace)" \
  cargo clippy --locked --workspace --all-targets -- -D warnings
step "clippy (wasm, app)" \
  cargo clippy --locked -p app --target wasm32-unknown-unknown --all-targets -- -D warnings
step "clippy (wasm, JS API)" \
  cargo clippy --locked -p api --target wasm32-unknown-unknown -- -D warnings
step "clippy (wasm, reports module)" \
  cargo clippy --locked -p api-reports --target wasm32-unknown-unknown -- -D warnings
step "clippy (wasm, analyser module)" \
  cargo clippy --locked -p api-analyzer --target wasm32-unknown-unknown -- -D warnings
step "clippy (wasm, sections module)" \
  cargo clippy --locked -p app-analysis --target wasm32-unknown-unknown -- -D warnings
step "clippy (wasm, embed card)" \
  cargo clippy --locked -p app-embed --target wasm32-unknown-unknown -- -D warnings
step "planner builds for wasm" \
  cargo build --locked -p planner --target wasm32-unknown-unknown
step "event-log reader builds for wasm" \
  cargo build --locked -p eventlog --target wasm32-unknown-unknown
step "native tests" cargo test --locked --workspace --exclude e2e
# The fuzz targets on stable: about a minute of seeded random inputs (the long coverage-guided
# runs are in fuzz/, BENCHMARKS.md "Fuzzing").
step "fuzz targets (short seeded run)" \
  cargo run --locked -p planner --features fuzzing --example fuzz_short
step "event-log fuzz targets (short seeded run)" \
  cargo run --locked -p eventlog --features fuzzing --example fuzz_short
step "wasm tests (headless Chromium)" \
  cargo test --locked -p app --target wasm32-unknown-unknown --test browser
step "release build (trunk)" trunk build --release
# The page's first load (everything in dist/ but the JS API and the modules in dist/api/, which
# the page fetches only when a section that needs them opens, and the embed card's folder): a budget set once with room (issue 26),
# not at a measurement.
step "size gate, page first load (260 KB brotli)" \
  "$root/scripts/size-gate.sh" "$root/dist" 260000 api,embed
step "end-to-end tests (headless Chromium)" cargo test --locked --no-fail-fast -p e2e
# The JS API (dist/api/, built by Trunk's post-build hook) has its own budgets, set once with
# room (issue 26), not at a measurement. The bundle a script loads to call plan() at run time
# (the ES module with the wasm-bindgen glue bundled in it, and the wasm) has 100 KB; the whole
# folder, with its TypeScript declaration and example page (documentation), 110 KB.
step "size gate, JS API (110 KB brotli)" \
  "$root/scripts/size-gate.sh" "$root/dist/api" 110000 reports,analyzer,analysis
step "size gate, JS API bundle (100 KB brotli)" \
  "$root/scripts/size-gate.sh" "$root/dist/api" 100000 reports,analyzer,analysis \
  spark_sizer.js spark_sizer_wasm_bg.wasm
# The reports module (dist/api/reports/: the configuration check and the wiki exports), loaded
# only when asked by the JS API or a section of the page: a budget of its own, 200 KB.
step "size gate, reports module (200 KB brotli)" \
  "$root/scripts/size-gate.sh" "$root/dist/api/reports" 200000
# The analyser module (dist/api/analyzer/: the event-log reader and analysis, and the worker
# that runs it), loaded only when analyze() is called or the page's "Analyse a run" opens: a
# budget of its own, 360 KB (set with room over the 286 KB it measured at opt-level 3, not at it).
# serde's messages about wrong values print floats with std's Display, allowed here only.
step "size gate, analyser module (360 KB brotli)" \
  env SIZE_GATE_STD_FLOATS=allowed "$root/scripts/size-gate.sh" "$root/dist/api/analyzer" 360000
# The sections module (dist/api/analysis/: "Analyse a run" and the configuration check's answer,
# drawn by Leptos, and the analysis' style sheet), loaded when one of them first opens: a budget
# of its own, 160 KB (set with room over the 105 KB "Analyse a run" measured, for the what-if's
# explorer columns and stage tables to come; the check's answer added 8 KB). It reads
# the analyser's view with serde, whose messages about a wrong value print floats with std's
# Display (as in the analyser module): allowed here, where the page's budget is not at stake.
step "size gate, sections module (160 KB brotli)" \
  env SIZE_GATE_STD_FLOATS=allowed "$root/scripts/size-gate.sh" "$root/dist/api/analysis" 160000
# The embed card (dist/embed/: its page, wasm module and style sheet), what a wiki page's frame
# loads in place of the page: a budget of its own, 200 KB (set with room over the 157 KB it
# measured when it got its own page; the page is 260 KB).
step "size gate, embed card (200 KB brotli)" \
  "$root/scripts/size-gate.sh" "$root/dist/embed" 200000
