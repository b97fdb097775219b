#!/usr/bin/env bash
# Size gate: the release build's whole transfer (HTML, JS, wasm, CSS) compressed with brotli
# must stay under a limit. Prints a table of raw and brotli bytes per file.
#
# Usage: scripts/size-gate.sh DIST_DIR LIMIT_BYTES [LEFT_OUT [FILE...]]
#   LEFT_OUT: sub-folders of DIST_DIR the page never fetches, gated on their own (the JS API, api),
#   separated by commas (reports,analyzer).
#   FILE...: only these files of DIST_DIR count (the JS API's runtime files, which a script loads
#   to call plan(), beside its documentation); each must exist.
# SIZE_GATE_STD_FLOATS=allowed skips the check for std's float code below: for the analyser
# module only, where serde's messages about a wrong value (a float where Spark writes an integer,
# `Unexpected::Float`) print the float with std's Display, and the page's budget is not at stake.
set -euo pipefail
dist=${1:?dist directory}
limit=${2:?limit in bytes}
left_out=${3:-}
only=("${@:4}")
total_raw=0
total_br=0
[ -d "$dist" ] || { echo "size gate: $dist is not a directory" >&2; exit 1; }
# Every file the page may fetch, in sub-folders too (Trunk copies asset folders as they are).
if [ "${#only[@]}" -gt 0 ]; then
  files=()
  for f in "${only[@]}"; do
    [ -f "$dist/$f" ] || { echo "size gate: $dist/$f is missing: build first" >&2; exit 1; }
    files+=("$dist/$f")
  done
elif [ -n "$left_out" ]; then
  not_in=()
  IFS=, read -ra folders <<<"$left_out"
  for folder in "${folders[@]}"; do not_in+=(-not -path "$dist/$folder/*"); done
  mapfile -d '' files < <(find "$dist" -type f "${not_in[@]}" -print0 | sort -z)
else
  mapfile -d '' files < <(find "$dist" -type f -print0 | sort -z)
fi
[ "${#files[@]}" -gt 0 ] || { echo "size gate: $dist holds no files: build first" >&2; exit 1; }
printf '%-40s %10s %10s\n' file raw brotli
for f in "${files[@]}"; do
  raw=$(stat -c %s "$f")
  br=$(brotli -q 11 -c "$f" | wc -c)
  total_raw=$((total_raw + raw))
  total_br=$((total_br + br))
  printf '%-40s %10d %10d\n' "${f#"$dist"/}" "$raw" "$br"
done
printf '%-40s %10d %10d (limit %d)\n' total "$total_raw" "$total_br" "$limit"
if [ "$total_br" -gt "$limit" ]; then
  echo "size gate: the release build is $total_br bytes brotli, over the $limit limit" >&2
  exit 1
fi

# Rust's float parser and printer weigh about 17 KB brotli; the page reads and writes floats
# through planner::fixed instead (ARCHITECTURE.md, "Floats go through planner::fixed").
# Their tables are recognisable: the first entry of core's powers-of-five table (dec2flt) and
# of Grisu's cached powers of ten (flt2dec), as little-endian u64.
float_tables() {
  python3 - "$1" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
found = [name for name, v in [("str::parse::<f64> (dec2flt)", 0xEEF453D6923BD65A),
                              ("f64 Display (flt2dec)", 0xE61ACF033D1A45DF)]
         if struct.pack("<Q", v) in data]
print(", ".join(found))
PY
}
for w in "${files[@]}"; do
  [[ $w == *.wasm ]] || continue
  [ "${SIZE_GATE_STD_FLOATS:-}" = allowed ] && continue
  found=$(float_tables "$w")
  if [ -n "$found" ]; then
    echo "size gate: ${w#"$dist"/} carries std's float code: $found; parse and print f64 with planner::fixed (a {} or {:.N} of an f64, or str::parse::<f64>, brings it back)" >&2
    exit 1
  fi
done
