// Removes from the page's wasm module the exports that only the Web Streams bridge of
// wasm-streams serves, and the code only they reach (binaryen's wasm-metadce).
//
// Why: Leptos 0.8 depends on server_fn with its `browser` feature always on, which pulls in
// wasm-streams, whose `#[wasm_bindgen]` classes (IntoUnderlyingSource, IntoUnderlyingSink,
// IntoUnderlyingByteSource) are exported from every Leptos page. The page calls no server
// function and makes no stream, so nothing calls them, yet as exports they keep their code
// (about 10 KB of the wasm) alive. No feature of Leptos turns this off.
//
// Usage: node scripts/drop-stream-exports.mjs FILE.wasm   (rewrites FILE.wasm in place)
// Trunk runs it after each build (Trunk.toml, post_build) on the page's wasm in its staging
// folder. wasm-metadce is npm binaryen's, on PATH like wasm-opt.
import { readFileSync, writeFileSync, rmSync, mkdtempSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";

const file = process.argv[2];
if (!file) {
  console.error("usage: node scripts/drop-stream-exports.mjs FILE.wasm");
  process.exit(2);
}
const streamExport = /^(__wbg_)?intounderlying(source|sink|bytesource)_/;
const exports = WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(file)));
const kept = exports.filter((e) => !streamExport.test(e.name));
const dropped = exports.length - kept.length;
if (dropped === 0) {
  console.log(`drop-stream-exports: ${file} has no stream exports`);
  process.exit(0);
}
// The graph: one root (the JS glue) reaching every export the page keeps. Exports outside the
// graph are unreachable and go, with the functions only they call.
const graph = [
  { name: "glue", root: true, reaches: kept.map((_, i) => `export${i}`) },
  ...kept.map((e, i) => ({ name: `export${i}`, export: e.name })),
];
const work = mkdtempSync(join(tmpdir(), "drop-stream-exports-"));
try {
  const graphFile = join(work, "graph.json");
  writeFileSync(graphFile, JSON.stringify(graph));
  const before = readFileSync(file).length;
  // The features Rust's wasm32 target builds with: the page's wasm-opt drops the section that
  // names them, and metadce's default is the MVP feature set.
  const features = [
    "--enable-bulk-memory",
    "--enable-multivalue",
    "--enable-mutable-globals",
    "--enable-nontrapping-float-to-int",
    "--enable-reference-types",
    "--enable-sign-ext",
  ];
  execFileSync("wasm-metadce", [file, ...features, "-f", graphFile, "-o", file], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const after = readFileSync(file).length;
  console.log(
    `drop-stream-exports: ${dropped} exports dropped, ${before} -> ${after} bytes (${file})`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
