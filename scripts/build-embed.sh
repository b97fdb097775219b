#!/usr/bin/env bash
# Builds the embed card (crates/app-embed: crates/app's embed card with its `embed` feature) into
# the card's folder beside the page: its page (web/embed/index.html), boot script, style sheet
# (the page's, minified), the wasm module and its glue. Embed codes frame `embed/?<plan>`, so an
# embed reader fetches neither the page's wasm nor its form; old codes (`?<plan>&embed=1`) are sent
# there by the page. Trunk runs it after each build (Trunk.toml, [[hooks]] post_build).
#
# Usage: scripts/build-embed.sh [OUT_DIR]
#   OUT_DIR defaults to $TRUNK_STAGING_DIR/embed under Trunk, else dist/embed.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tools=${SPARK_SIZER_TOOLS:-$HOME/.local/share/spark-sizer-tools}
export PATH="$tools/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
cd "$root"

out=${1:-${TRUNK_STAGING_DIR:+$TRUNK_STAGING_DIR/embed}}
out=${out:-$root/dist/embed}
target=${CARGO_TARGET_DIR:-$root/target}
work="$target/app-embed-bindgen"

# Always the release profile (opt-level z, LTO, panic = abort): the card has a size budget.
cargo build --locked --offline --quiet -p app-embed --target wasm32-unknown-unknown --release
rm -rf "$work"
mkdir -p "$work" "$out"
wasm-bindgen --target web --no-typescript --encode-into always --out-dir "$work" \
  --out-name spark_sizer_embed_wasm "$target/wasm32-unknown-unknown/release/app_embed.wasm"
# As the page's wasm (scripts/finish-page.sh): Leptos' unused Web Streams exports dropped, then
# the same wasm-opt settings.
node scripts/drop-stream-exports.mjs "$work/spark_sizer_embed_wasm_bg.wasm" >/dev/null
wasm-opt -O2 --one-caller-inline-max-function-size=20 --low-memory-unused --converge \
  --strip-producers --strip-target-features \
  "$work/spark_sizer_embed_wasm_bg.wasm" -o "$out/spark_sizer_embed_wasm_bg.wasm"
# The glue with the inline JavaScript snippets it imports, as one minified file.
esbuild "$work/spark_sizer_embed_wasm.js" --bundle --format=esm --log-level=warning \
  --outfile="$work/spark_sizer_embed_wasm.bundle.js"
terser "$work/spark_sizer_embed_wasm.bundle.js" --module --compress --mangle \
  --output "$out/spark_sizer_embed_wasm.js"
terser web/embed/boot.js --module --compress --mangle --output "$out/boot.js"
esbuild web/style.css --minify --log-level=warning --outfile="$out/style.css"
cp web/embed/index.html "$out/index.html"
