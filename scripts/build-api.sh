#!/usr/bin/env bash
# Builds the JS API (crates/api, BENCHMARKS.md "JS API") into a folder of the web build:
# the wasm module through the pinned wasm-bindgen CLI (--target web) and npm binaryen's
# wasm-opt, beside the hand-written ES module (bundled with the wasm-bindgen glue and minified:
# npm esbuild and terser), its TypeScript declaration and the example page.
# Trunk runs it after each build (Trunk.toml, [[hooks]] post_build), so `trunk build` and
# `trunk serve` put it in <dist>/api/.
#
# Usage: scripts/build-api.sh [OUT_DIR]
#   OUT_DIR defaults to $TRUNK_STAGING_DIR/api under Trunk, else dist/api.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tools=${SPARK_SIZER_TOOLS:-$HOME/.local/share/spark-sizer-tools}
export PATH="$tools/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
cd "$root"

out=${1:-${TRUNK_STAGING_DIR:+$TRUNK_STAGING_DIR/api}}
out=${out:-$root/dist/api}
target=${CARGO_TARGET_DIR:-$root/target}

# Always the release profile (opt-level z, LTO, panic = abort): the bundle has a size budget.
cargo build --locked --offline --quiet -p api --target wasm32-unknown-unknown --release
work="$target/api-bindgen"
rm -rf "$work"
mkdir -p "$work" "$out"
# TextEncoder.encodeInto is in every browser that runs this module: no fallback in the glue.
wasm-bindgen --target web --no-typescript --encode-into always --out-dir "$work" \
  --out-name spark_sizer_wasm \
  "$target/wasm32-unknown-unknown/release/api.wasm"
# wasm-opt reads the module's features from its target_features section, then drops it (no
# browser reads it). -O2 with functions called from one place inlined only when tiny: larger
# before brotli, smaller after it (a function kept whole compresses against its like;
# BENCHMARKS.md, "wasm-opt settings").
wasm_opt_small_after_brotli=(-O2 --one-caller-inline-max-function-size=20 --low-memory-unused
  --converge --strip-producers --strip-target-features)
wasm-opt "${wasm_opt_small_after_brotli[@]}" \
  "$work/spark_sizer_wasm_bg.wasm" -o "$out/spark_sizer_wasm_bg.wasm"
# What a script loads counts in the bundle's size budget, so the ES module and the wasm-bindgen
# glue it imports ship as one minified file (npm esbuild joins them and leaves out the glue's
# exports the module does not use, npm terser minifies; both pinned in scripts/setup.sh).
# crates/api/js/spark_sizer.js stays the readable source; an ES module's exported names are
# kept, so the .d.ts describes the shipped module. The glue finds the wasm next to the file
# that holds it (import.meta.url), as before.
minify_js() {
  terser "$1" --module --compress --mangle --output "$2"
}
# bindgen_module PACKAGE WASM OUT_NAME WORK: builds PACKAGE for wasm (release) and writes its
# wasm-bindgen glue and wasm (OUT_NAME.js, OUT_NAME_bg.wasm) into the emptied folder WORK.
bindgen_module() {
  cargo build --locked --offline --quiet -p "$1" --target wasm32-unknown-unknown --release
  rm -rf "$4"
  mkdir -p "$4"
  wasm-bindgen --target web --no-typescript --encode-into always --out-dir "$4" \
    --out-name "$3" "$target/wasm32-unknown-unknown/release/$2"
}
cp crates/api/js/spark_sizer.js "$work/"
esbuild "$work/spark_sizer.js" --bundle --format=esm --external:./reports/* --external:./analyzer/* \
  --log-level=warning --outfile="$work/spark_sizer.bundle.js"
minify_js "$work/spark_sizer.bundle.js" "$out/spark_sizer.js"
cp crates/api/js/spark_sizer.d.ts \
  crates/api/js/example.html crates/api/js/example.js crates/api/js/example.css "$out/"

# The reports module (crates/api-reports): the configuration check and the wiki exports, which
# spark_sizer.js and the page import only when asked, in its own folder with its own size gate.
reports_work="$target/api-reports-bindgen"
bindgen_module api-reports api_reports.wasm spark_sizer_reports_wasm "$reports_work"
mkdir -p "$out/reports"
wasm-opt "${wasm_opt_small_after_brotli[@]}" \
  "$reports_work/spark_sizer_reports_wasm_bg.wasm" -o "$out/reports/spark_sizer_reports_wasm_bg.wasm"
minify_js "$reports_work/spark_sizer_reports_wasm.js" "$out/reports/spark_sizer_reports_wasm.js"
# The types of check()'s answer, which spark_sizer.d.ts imports from here.
cp crates/api-reports/js/check.d.ts "$out/reports/"

# The analyser module (crates/api-analyzer): the event-log reader and the run's analysis, run
# in a Web Worker that spark_sizer.js's analyze() and the page start only when asked, in its own
# folder with its own size gate. The worker script ships bundled with its wasm-bindgen glue.
analyzer_work="$target/api-analyzer-bindgen"
bindgen_module api-analyzer api_analyzer.wasm spark_sizer_analyzer_wasm "$analyzer_work"
mkdir -p "$out/analyzer"
wasm-opt -O3 --low-memory-unused --converge --strip-producers --strip-target-features \
  "$analyzer_work/spark_sizer_analyzer_wasm_bg.wasm" -o "$out/analyzer/spark_sizer_analyzer_wasm_bg.wasm"
cp crates/api-analyzer/js/analyzer_worker.js "$analyzer_work/"
esbuild "$analyzer_work/analyzer_worker.js" --bundle --format=esm --log-level=warning \
  --outfile="$analyzer_work/analyzer_worker.bundle.js"
minify_js "$analyzer_work/analyzer_worker.bundle.js" "$out/analyzer/analyzer_worker.js"
cp crates/api-analyzer/js/analysis.d.ts "$out/analyzer/"
# analyze() itself, which spark_sizer.js imports on its first call: a script that only plans
# does not load it (the bundle's budget).
minify_js crates/api/js/analyze.js "$out/analyzer/analyze.js"

# The analysis section (crates/app-analysis: crates/app's "Analyse a run" with its `analysis`
# feature), which the page imports when the section first opens, in its own folder with its own
# size gate. Its glue and the inline JavaScript snippets it imports ship as one minified file.
section_work="$target/app-analysis-bindgen"
bindgen_module app-analysis app_analysis.wasm spark_sizer_analysis_wasm "$section_work"
mkdir -p "$out/analysis"
wasm-opt "${wasm_opt_small_after_brotli[@]}" \
  "$section_work/spark_sizer_analysis_wasm_bg.wasm" -o "$out/analysis/spark_sizer_analysis_wasm_bg.wasm"
esbuild "$section_work/spark_sizer_analysis_wasm.js" --bundle --format=esm --log-level=warning \
  --outfile="$section_work/spark_sizer_analysis_wasm.bundle.js"
minify_js "$section_work/spark_sizer_analysis_wasm.bundle.js" "$out/analysis/spark_sizer_analysis_wasm.js"
esbuild crates/app/src/analysis/section/style.css --minify --log-level=warning \
  --outfile="$out/analysis/analysis.css"
