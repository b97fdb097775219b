#!/usr/bin/env bash
# Writes each target's starting corpus (fuzz/corpus/TARGET, not committed) from the planner's
# test data: share links, memory strings and pasted configurations.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
data=../crates/planner/tests/data
python3 - "$data" <<'PY'
import json, os, sys
data = sys.argv[1]
def write(target, items):
    os.makedirs(f"corpus/{target}", exist_ok=True)
    for i, item in enumerate(items):
        with open(f"corpus/{target}/seed-{i:04d}", "wb") as f:
            f.write(item)
rows = lambda name: [l.rstrip("\n").split("\t") for l in open(f"{data}/{name}") if l.strip() and not l.startswith("#")]
links = [r[0].encode() for r in rows("bad_inputs.tsv")]
pastes = [r[3].replace("\\n", "\n").replace("\\r", "\r").replace("\\t", "\t").replace("\\\\", "\\").encode()
          for r in rows("check_malformed.tsv") if len(r) > 3]
memory = [r["value"].encode() for r in json.load(open(f"{data}/spark-memory-strings.json"))]
write("url_codec", links)
write("form_text", [bytes([i % 256]) + v for i, v in enumerate(memory + [b"64", b"0.1875", b"12.5", b"max", b"true"])])
write("memory_strings", memory)
write("submit_line", pastes)
write("config_text", [bytes([i % 3]) + p for i, p in enumerate(pastes)])
write("plan", [bytes(range(i, i + 64)) for i in range(0, 192, 16)])
# The event-log targets: each committed test log (a first byte naming its codec, a second a
# chunk size), its first 64 KiB.
logs = "../crates/eventlog/tests/data"
codecs = {"codec-none": 0, "codec-zstd.zstd": 1, "codec-lz4.lz4": 2, "codec-snappy.snappy": 3,
          "codec-lzf.lzf": 4, "codec-none.zip": 6, "skewed.zstd": 1, "running.zstd.inprogress": 8}
heads = [(pick, open(f"{logs}/{name}", "rb").read()[:65536]) for name, pick in codecs.items()]
write("eventlog_decoders", [bytes([pick, 61]) + head for pick, head in heads])
write("eventlog_reader", [bytes([pick, 97]) + head for pick, head in heads])
text = open(f"{logs}/codec-none", "rb").read()
write("eventlog_lines", [bytes([n]) + text[i * 8192:(i + 1) * 8192] for i, n in enumerate([1, 7, 64, 255])])
PY
