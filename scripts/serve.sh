#!/usr/bin/env bash
# Serves the app with Trunk on 127.0.0.1, rebuilding on every change.
#
# Usage: scripts/serve.sh [extra trunk serve options, e.g. --release]
#   PORT=9000 scripts/serve.sh      (default port 8080)
#
# Builds into target/trunk-serve/ rather than dist/, so a running dev server never
# clobbers the release build that the end-to-end tests check.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tools=${SPARK_SIZER_TOOLS:-$HOME/.local/share/spark-sizer-tools}
port=${PORT:-8080}
cd "$root"

"$root/scripts/setup.sh" web
# wasm-opt from npm binaryen first, so Trunk never tries to download one.
export PATH="$tools/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
# Trunk runs cargo with --offline (Trunk.toml): fetch the crates first.
cargo fetch --locked

echo "Spark Sizer: http://127.0.0.1:$port/  (Ctrl-C to stop)"
exec trunk serve --address 127.0.0.1 --port "$port" --dist "$root/target/trunk-serve" "$@"
