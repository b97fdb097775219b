#!/usr/bin/env bash
# Finishes the page's release build in Trunk's staging folder (Trunk.toml, [[hooks]] post_build):
#   1. drops the wasm exports only the Web Streams bridge of wasm-streams serves, with the code
#      only they reach (scripts/drop-stream-exports.mjs: Leptos 0.8 always builds server_fn's
#      browser client, which the page never calls);
#   2. optimizes the wasm (npm binaryen's wasm-opt; index.html sets Trunk's own pass off, since
#      the exports must go before the optimizer runs for their code to go with them);
#   3. minifies the wasm-bindgen glue and boot.js with npm terser (Trunk's minifier stops at the
#      glue's `export default` and leaves it as written).
# Debug builds (`trunk serve` without --release) are left as Trunk writes them.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tools=${SPARK_SIZER_TOOLS:-$HOME/.local/share/spark-sizer-tools}
export PATH="$tools/node_modules/.bin:$PATH"
staging=${TRUNK_STAGING_DIR:?run by Trunk as a post_build hook}
[ "${TRUNK_PROFILE:-}" = release ] || exit 0

shopt -s nullglob
wasm_files=("$staging"/app-*_bg.wasm)
glue_files=("$staging"/app-*.js)
[ ${#wasm_files[@]} -eq 1 ] && [ ${#glue_files[@]} -eq 1 ] || {
  echo "finish-page: expected one app-*_bg.wasm and one app-*.js in $staging" >&2
  exit 1
}
wasm=${wasm_files[0]}
node "$root/scripts/drop-stream-exports.mjs" "$wasm"
# -O2 rather than -Oz, and functions called from one place inlined only when tiny: smaller
# after brotli on this module (BENCHMARKS.md, "wasm-opt settings").
wasm-opt -O2 --one-caller-inline-max-function-size=20 --low-memory-unused --converge \
  --strip-producers --strip-target-features \
  "$wasm" -o "$wasm"
for js in "${glue_files[0]}" "$staging/boot.js"; do
  terser "$js" --module --compress --mangle --output "$js.min"
  mv "$js.min" "$js"
done
