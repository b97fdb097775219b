#!/usr/bin/env bash
# The analyser worker's benchmark in headless Chromium (BENCHMARKS.md, "Analyser in the
# browser"): the JS API's analyze() on every log of the shared folder, and on a large log made
# by crates/eventlog/examples/make_big_log.rs outside the repository, with its throughput and
# memory. A benchmark, never a timed test: scripts/test.sh does not run it. The machine may be
# shared; the load (uptime) is printed with the figures.
#
# Usage: scripts/bench-analyzer.sh [ROUNDS] [MB]
#   ROUNDS: calls per shared log (default 5); MB: the large log's size in MB of JSON (default
#   1000; 0: none). BIG_LOG_DIR: where the large log is written (default /tmp/spark-sizer-bench).
#   BENCH_SKIP_BUILD=1: measure the build already in dist/.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tools=${SPARK_SIZER_TOOLS:-$HOME/.local/share/spark-sizer-tools}
rounds=${1:-5}
mb=${2:-1000}
cd "$root"
export PATH="$tools/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export TMPDIR="$root/target/tmp"
mkdir -p "$TMPDIR"
big_dir=${BIG_LOG_DIR:-/tmp/spark-sizer-bench}

if [ -z "${BENCH_SKIP_BUILD:-}" ]; then
  trunk build --release
fi
big=()
if [ "$mb" -gt 0 ]; then
  mkdir -p "$big_dir"
  log="$big_dir/big-$mb.log"
  if [ ! -s "$log" ]; then
    cargo run --locked --release -p eventlog --example make_big_log -- "$log" "$mb"
  fi
  big=("$log")
fi
echo "load before: $(uptime)"
cargo run --locked --release -p e2e --example bench_analyzer -- "$rounds" "${big[@]}"
echo "load after: $(uptime)"
