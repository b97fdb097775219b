#!/usr/bin/env bash
# Size gate: the release build's whole transfer (HTML, JS, wasm, CSS) compressed with brotli
# must stay under a limit. Prints a table of raw and brotli bytes per file.
#
# Usage: scripts/size-gate.sh DIST_DIR LIMIT_BYTES
set -euo pipefail
dist=${1:?dist directory}
limit=${2:?limit in bytes}
total_raw=0
total_br=0
printf '%-40s %10s %10s\n' file raw brotli
for f in "$dist"/*; do
  [ -f "$f" ] || continue
  raw=$(stat -c %s "$f")
  br=$(brotli -q 11 -c "$f" | wc -c)
  total_raw=$((total_raw + raw))
  total_br=$((total_br + br))
  printf '%-40s %10d %10d\n' "$(basename "$f")" "$raw" "$br"
done
printf '%-40s %10d %10d (limit %d)\n' total "$total_raw" "$total_br" "$limit"
if [ "$total_br" -gt "$limit" ]; then
  echo "size gate: the release build is $total_br bytes brotli, over the $limit limit" >&2
  exit 1
fi
