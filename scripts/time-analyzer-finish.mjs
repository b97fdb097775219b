// Times the analyser module's finish() (the analysis, the what-if curve and the answer made into
// JavaScript objects) apart from the reading, in Node's V8 (Chromium's engine), on the release
// build's module (dist/api/analyzer/, with the glue scripts/build-api.sh leaves in
// target/api-analyzer-bindgen/). BENCHMARKS.md, "What if: the curve's speed":
//
//   python3 scripts/make-whatif-log.py /tmp/synthetic-15000
//   node scripts/time-analyzer-finish.mjs /tmp/synthetic-15000
import { readFileSync } from "node:fs";
const root = new URL("..", import.meta.url).pathname;
const dir = root + "target/api-analyzer-bindgen/";
const wasmFile = root + "dist/api/analyzer/spark_sizer_analyzer_wasm_bg.wasm";
const glue = await import(dir + "spark_sizer_analyzer_wasm.js");
await glue.default({ module_or_path: readFileSync(wasmFile) });
const bytes = readFileSync(process.argv[2]);
for (let round = 0; round < 5; round++) {
  const a = new glue.Analyzer();
  const t0 = performance.now();
  a.beginFile("synthetic-15000", bytes.byteLength);
  for (let at = 0; at < bytes.byteLength; at += 1 << 20) a.push(bytes.subarray(at, at + (1 << 20)));
  a.endFile();
  const t1 = performance.now();
  const doc = a.finish("");
  const t2 = performance.now();
  const w = doc.runs[0].what_if;
  console.log(`round ${round}: reading ${(t1 - t0).toFixed(0)} ms, finish (analysis, ${w.points.length}-point curve, answer as JS objects) ${(t2 - t1).toFixed(0)} ms`);
  a.free();
}
