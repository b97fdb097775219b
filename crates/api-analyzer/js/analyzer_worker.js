// Spark Sizer's analyser worker (a module Web Worker): reads event logs off the page's main
// thread and posts their analysis back. Started by the JS API's analyze() (spark_sizer.js) and
// the page as
//
//   new Worker(new URL("./analyzer/analyzer_worker.js", import.meta.url), { type: "module" })
//
// Messages to the worker:
//   { type: "analyze", sources: [Source], cluster: "?v=1&…" | "", page: true | absent,
//     form: "v=1&…" (with page: the form's link, whose explorer's shapes are timed) }
//     Source: { name, path, blob } (a Blob or File: read in slices here), { name, bytes } (a
//     Uint8Array), or { name, stream } (a ReadableStream of Uint8Array chunks). `name` gives the
//     codec (events_1_app.zstd), `path` the order of a folder's files (a rolling log's parts).
//   { type: "cancel" }
//   { type: "time-shapes", form: "v=1&…" }  after a page's analysis: the trade-off explorer's
//     rows of the form's link timed with each run (the page asks again as its form changes)
// Messages from the worker:
//   { type: "progress", progress: { bytes_read, bytes_total, bytes_decoded, lines, events,
//     files, elapsed_ms, wasm_memory_bytes } }  at most every 100 ms, and once at the end
//     (wasm_memory_bytes: the module's linear memory, which never shrinks: its peak)
//   { type: "done", result }  the document `spark-sizer analyze --format json` prints, with
//     `diagnostics` (plain objects, made by serde-wasm-bindgen in the module); for `page`,
//     { type: "done", result, runs } with each run as the page's section shows it
//   { type: "cancelled", progress }
//   { type: "shapes-timed", form, runs }  each run's rows, [{ cores, executors, estimated_time,
//     core_hours }] (words as the page shows them), for the form asked about
//   { type: "error", message }  the module did not load or trapped
//
// The analysis (crates/api-analyzer, crates/eventlog) runs in spark_sizer_analyzer_wasm_bg.wasm
// next to this file. Bytes are pushed as they are read and decoded, parsed and folded into
// aggregates at once: the worker's memory does not grow with the log.
import initWasm, { Analyzer, readingOrder } from "./spark_sizer_analyzer_wasm.js";

/** The slice size, as the command line reads files (results do not depend on it). */
const CHUNK = 1 << 20;
/** The least time between two progress messages, ms. */
const PROGRESS_EVERY_MS = 100;

let cancelled = false;
let busy = false;

/** The module's exports once loaded (its linear memory is what the analysis holds). */
let wasm = null;

/** The page's last analysis, kept to time the explorer's rows of the form as it changes. */
let kept = null;

/** Frees an analyser (one that trapped cannot: the worker ends with the call anyway). */
function free(analyzer) {
  try {
    analyzer?.free();
  } catch {
    // Nothing more to do.
  }
}

/** Counters for a progress message. */
function progressOf(analyzer, started) {
  return {
    ...analyzer.progress(),
    elapsed_ms: Math.round(performance.now() - started),
    wasm_memory_bytes: wasm?.memory?.buffer?.byteLength ?? 0,
  };
}

/** Reads a Blob in slices, the next slice read while the one in hand is analysed. */
async function pushBlob(analyzer, blob, tick) {
  const sliceAt = (at) => blob.slice(at, Math.min(at + CHUNK, blob.size)).arrayBuffer();
  let at = 0;
  let next = blob.size > 0 ? sliceAt(0) : null;
  while (next !== null) {
    const bytes = new Uint8Array(await next);
    at += bytes.byteLength;
    next = at < blob.size && bytes.byteLength > 0 ? sliceAt(at) : null;
    if (cancelled) return;
    analyzer.push(bytes);
    if (!analyzer.wantsMore()) return;
    tick();
  }
}

/**
 * Pushes bytes in slices of CHUNK; every PROGRESS_EVERY_MS the worker lets its messages in (a
 * cancel), not after every slice: a timer's wait is clamped to 4 ms once nested.
 */
async function pushBytes(analyzer, bytes, tick) {
  let yielded = performance.now();
  for (let at = 0; at < bytes.byteLength; at += CHUNK) {
    if (cancelled) return;
    analyzer.push(bytes.subarray(at, at + CHUNK));
    if (!analyzer.wantsMore()) return;
    tick();
    if (performance.now() - yielded >= PROGRESS_EVERY_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      yielded = performance.now();
    }
  }
}

/** Reads a stream's chunks as they come; the stream is cancelled when they are of no use. */
async function pushStream(analyzer, stream, tick) {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (cancelled) break;
      analyzer.push(value instanceof Uint8Array ? value : new Uint8Array(value));
      if (!analyzer.wantsMore()) break;
      tick();
    }
    await reader.cancel();
  } finally {
    reader.releaseLock();
  }
}

/** The sources in reading order (a folder's files as the command line orders them). */
function ordered(sources) {
  const order = readingOrder(sources.map((s) => String(s.path || s.name || "")));
  return Array.from(order, (i) => sources[i]);
}

async function analyze(sources, cluster, page, form) {
  const started = performance.now();
  wasm ??= await initWasm();
  free(kept);
  kept = null;
  const analyzer = new Analyzer();
  let last = started;
  const tick = () => {
    const now = performance.now();
    if (now - last < PROGRESS_EVERY_MS) return;
    last = now;
    postMessage({ type: "progress", progress: progressOf(analyzer, started) });
  };
  try {
    for (const source of ordered(sources)) {
      const size = source.blob?.size ?? source.bytes?.byteLength;
      analyzer.beginFile(String(source.name || "unnamed"), size);
      if (source.blob) await pushBlob(analyzer, source.blob, tick);
      else if (source.bytes) await pushBytes(analyzer, source.bytes, tick);
      else if (source.stream) await pushStream(analyzer, source.stream, tick);
      analyzer.endFile();
      if (cancelled) {
        postMessage({ type: "cancelled", progress: progressOf(analyzer, started) });
        return;
      }
    }
    postMessage({ type: "progress", progress: progressOf(analyzer, started) });
    const answer = page
      ? analyzer.finishForPage(String(cluster ?? ""), String(form ?? ""))
      : { result: analyzer.finish(String(cluster ?? "")) };
    if (answer === null || answer.result === null) {
      throw new Error("the analysis holds a number above 2^53");
    }
    postMessage({ type: "done", result: answer.result, runs: answer.runs });
    if (page) kept = analyzer;
  } finally {
    if (kept !== analyzer) free(analyzer);
  }
}

onmessage = async ({ data }) => {
  if (data?.type === "cancel") {
    cancelled = true;
    return;
  }
  if (data?.type === "time-shapes") {
    if (kept && !busy) {
      const form = String(data.form ?? "");
      postMessage({ type: "shapes-timed", form, runs: kept.timeShapes(form) });
    }
    return;
  }
  if (data?.type !== "analyze" || busy) return;
  busy = true;
  cancelled = false;
  try {
    await analyze(Array.isArray(data.sources) ? data.sources : [], data.cluster, data.page === true, data.form);
  } catch (error) {
    postMessage({ type: "error", message: String(error?.message ?? error) });
  } finally {
    busy = false;
  }
};
