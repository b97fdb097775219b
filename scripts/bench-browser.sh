#!/usr/bin/env bash
# The browser speed benchmark (BENCHMARKS.md, "Browser speed"): builds three pages (this one also
# measured with a run analysed) and measures them side by side in headless Chromium, alternating, each navigation with a cold cache, then
# writes the figures into BENCHMARKS.md (the section between the bench-browser markers).
#
#   - this page: the release build (trunk build --release, dist/);
#   - the framework's floor: a Leptos hello world (bench/hello, its own workspace and lock file,
#     built with the same pinned Trunk, wasm-bindgen and wasm-opt into target/bench/);
#   - the peer: the c2fo Spark config cheatsheet's web port, a Vue 2 page
#     (github.com/njgerner/spark-config-cheatsheet), built from its repository with npm.
#
# A benchmark, never a timed test: scripts/test.sh does not run it. The machine may be shared;
# the load (uptime) is recorded with the figures.
#
# Usage: scripts/bench-browser.sh [ROUNDS] [INPUTS]
#   ROUNDS: cold navigations per page (default 10); INPUTS: inputs timed after each (default 20).
#   CHEATSHEET_GIT: a git directory (or URL) of the cheatsheet's repository
#     (default: the local mirror /work/.mirror/njgerner+spark-config-cheatsheet/repo, else GitHub).
#   BENCH_SKIP_BUILD=1: measure the builds already there.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tools=${SPARK_SIZER_TOOLS:-$HOME/.local/share/spark-sizer-tools}
rounds=${1:-10}
inputs=${2:-20}
cd "$root"
export PATH="$tools/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
work="$root/target/bench"
mkdir -p "$work"
log() { printf 'bench-browser: %s\n' "$*" >&2; }

# The cheatsheet's last commit when this benchmark was written (pinned: its figures compare).
cheatsheet_commit=aa86d7b67c73f0024d456ef007c1b95c8d22f767
cheatsheet_src=${CHEATSHEET_GIT:-/work/.mirror/njgerner+spark-config-cheatsheet/repo}
[ -d "$cheatsheet_src" ] || cheatsheet_src=https://github.com/njgerner/spark-config-cheatsheet

build_page() {
  log "this page: trunk build --release"
  "$root/scripts/setup.sh" web
  cargo fetch --locked
  trunk build --release
}

build_hello() {
  log "hello world: trunk build --release (bench/hello)"
  (cd "$root/bench/hello" &&
    cargo fetch --locked &&
    CARGO_TARGET_DIR="$work/hello-target" trunk build --release --dist "$work/hello-dist")
}

# Webpack 4 (Vue CLI 4) hashes with MD4, which Node 17+ only offers through OpenSSL's legacy
# provider. --ignore-scripts: no install script is needed to build (they set up git hooks).
build_cheatsheet() {
  local dir="$work/cheatsheet"
  if [ -f "$dir/dist/index.html" ] && [ "$(cat "$dir/.commit" 2>/dev/null)" = "$cheatsheet_commit" ]; then
    return
  fi
  log "cheatsheet: source from $cheatsheet_src at $cheatsheet_commit"
  rm -rf "$dir"
  mkdir -p "$dir"
  if [ -d "$cheatsheet_src" ]; then
    git -C "$cheatsheet_src" archive "$cheatsheet_commit" | tar -x -C "$dir"
  else
    git clone --quiet "$cheatsheet_src" "$dir/.git-clone"
    git -C "$dir/.git-clone" archive "$cheatsheet_commit" | tar -x -C "$dir"
    rm -rf "$dir/.git-clone"
  fi
  log "cheatsheet: npm ci (its package-lock.json) and vue-cli-service build"
  (cd "$dir" &&
    npm ci --ignore-scripts --no-audit --no-fund &&
    NODE_OPTIONS=--openssl-legacy-provider ./node_modules/.bin/vue-cli-service build)
  echo "$cheatsheet_commit" >"$dir/.commit"
}

if [ -z "${BENCH_SKIP_BUILD:-}" ]; then
  build_page
  build_hello
  build_cheatsheet || log "the cheatsheet did not build: measuring the other pages only"
fi

# The CSP the end-to-end tests' server sends (tests/tests/common/mod.rs): the pages built here
# run under it; the cheatsheet is served as its authors host it, without one.
csp="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
# The out-of-memory preset (a workload described, so the Workload section is there); the setup
# opens the trade-off explorer and waits for its table, so typing updates both.
page_query='v=1&amax=51200&vmax=16&cpe=10&wtask=4096'
cheatsheet_pages=""
if [ -f "$work/cheatsheet/dist/index.html" ]; then
  cheatsheet_pages=$(cat <<JSON
,{ "name": "cheatsheet", "label": "Cheatsheet (Vue 2, peer)", "dir": "$work/cheatsheet/dist",
   "sizeExclude": ["\\\\.map\$"], "csp": null, "path": "/",
   "answer": "table tbody td", "input": "input[type=number]", "inputIndex": 2,
   "values": ["6", "7", "8", "9", "5"],
   "note": "answer: the first cell of its result table (it does not change with the node count, so its input → answer column is empty); input: Number of Worker Nodes. It asks for a Patreon script from the web, which fails at once here (no host resolves)." }
JSON
)
fi
# The page with a run analysed (issue 25: the explorer's typing stays as fast with a log loaded):
# the same build with a shared log beside it, which the setup drops on "Analyse a run" and waits
# until the explorer's rows show the run's times; Dynamic allocation is on, so its line shows.
run_log="$root/../shared/eventlogs/yarn-task-and-executor-failures.zstd"
with_run_pages=""
if [ -f "$run_log" ] && [ -f "$root/dist/index.html" ]; then
  rm -rf "$work/page-with-run"
  cp -r "$root/dist" "$work/page-with-run"
  cp "$run_log" "$work/page-with-run/bench-run.zstd"
  with_run_pages=$(cat <<JSON
,{ "name": "page-with-run", "label": "Spark Sizer, a run analysed", "dir": "$work/page-with-run",
   "sizeExclude": ["^api/", "^embed/", "^bench-run"], "csp": "$csp", "path": "/?$page_query&dyn=1",
   "answer": "#hl-executors", "input": "#f-n", "values": ["7", "8", "9", "10", "6"],
   "setup": "const done = arguments[arguments.length - 1]; for (const d of document.querySelectorAll('details')) d.open = true; const start = performance.now(); const late = () => performance.now() - start > 30000; const ready = () => document.getElementById('explorer-table') && document.getElementById('analysis-drop'); const timed = () => { const note = document.getElementById('explorer-run-note'); return note && !note.hidden && !document.getElementById('explorer-table').textContent.includes('…'); }; const drop = async () => { const blob = await (await fetch('bench-run.zstd')).blob(); const transfer = new DataTransfer(); transfer.items.add(new File([blob], 'yarn-task-and-executor-failures.zstd')); document.getElementById('analysis-drop').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true })); const wait = () => (timed() || late()) ? setTimeout(() => done(timed()), 500) : setTimeout(wait, 20); wait(); }; const wait = () => ready() ? drop() : late() ? done(false) : setTimeout(wait, 20); wait();",
   "note": "as this page, with the shared log yarn-task-and-executor-failures (8,580 tasks) analysed and Dynamic allocation on: each input also has the kept analyser worker time the explorer's new rows, whose times reach the table a frame or two later (input → all updated)." }
JSON
)
fi
config="$work/bench-browser.json"
cat >"$config" <<JSON
{
  "rounds": $rounds, "inputs": $inputs,
  "benchmarks": "$root/BENCHMARKS.md",
  "profiles": "$work/profiles",
  "chromium": "${CHROMIUM:-/usr/bin/chromium}",
  "chromedriver": "${CHROMEDRIVER:-chromedriver}",
  "pages": [
    { "name": "page", "label": "Spark Sizer (this page)", "dir": "$root/dist",
      "sizeExclude": ["^api/", "^embed/"], "csp": "$csp", "path": "/?$page_query",
      "answer": "#hl-executors", "input": "#f-n", "values": ["7", "8", "9", "10", "6"],
      "setup": "const done = arguments[arguments.length - 1]; for (const d of document.querySelectorAll('details')) d.open = true; const start = performance.now(); const ready = () => document.getElementById('explorer-table') && document.getElementById('workload') && document.querySelector('#analysis-root *'); const wait = () => (ready() || performance.now() - start > 10000) ? setTimeout(() => done(ready()), 500) : setTimeout(wait, 20); wait();",
      "note": "answer: the headline's executor count; input: Nodes, with every section open (every details element, so the check, wiki exports and analysis modules are loaded) and the Workload section shown." },
    { "name": "hello", "label": "Leptos hello world (floor)", "dir": "$work/hello-dist",
      "csp": "$csp", "path": "/", "answer": "#answer", "input": "#n",
      "values": ["7", "8", "9", "10", "6"],
      "note": "answer: the doubled number; input: its one text box." }
    $with_run_pages
    $cheatsheet_pages
  ]
}
JSON
log "measuring: $rounds rounds × $(grep -c '"name"' "$config") pages, $inputs inputs each"
node "$root/scripts/bench-browser.mjs" "$config"
