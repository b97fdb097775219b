// analyze() of Spark Sizer's JS API (spark_sizer.js, which imports this file on the first call,
// so that a script that only plans does not load it): reads Spark event logs in a Web Worker
// (analyzer_worker.js, beside this file) and resolves to the analysis document. Never throws.

/** The counters of a reading that has not begun. */
const NOTHING_READ = { bytes_read: 0, bytes_total: null, bytes_decoded: 0, lines: 0, events: 0, files: 0 };

/** analyze()'s answer when there is no analysis: nothing read, why in `diagnostics`. */
function noAnalysis(code, message, progress = NOTHING_READ, severity = "error") {
  return {
    kind: "spark-sizer-analysis",
    schema: 1,
    files: [],
    progress,
    stopped: false,
    problems: [],
    runs: [],
    diagnostics: [{ code, severity, message }],
  };
}

/** What analyze() reads: the worker's sources, or the JavaScript type it cannot read. */
function sourcesOf(input, name) {
  if (input === null || input === undefined) return { unreadable: String(input) };
  if (typeof FileList !== "undefined" && input instanceof FileList) input = Array.from(input);
  if (Array.isArray(input)) {
    const sources = [];
    for (const item of input) {
      const data = item !== null && typeof item === "object" && "data" in item && !(item instanceof Blob) ? item.data : item;
      const read = sourcesOf(data, item?.name ?? name);
      if (read.unreadable) return { unreadable: `${read.unreadable} in the array` };
      sources.push(...read.sources);
    }
    return { sources };
  }
  if (typeof Blob !== "undefined" && input instanceof Blob) {
    const own = typeof input.name === "string" && input.name !== "" ? input.name : name;
    const path = typeof input.webkitRelativePath === "string" && input.webkitRelativePath !== "" ? input.webkitRelativePath : own;
    return { sources: [{ name: own, path, blob: input }] };
  }
  if (input instanceof ArrayBuffer) return { sources: [{ name, path: name, bytes: new Uint8Array(input) }] };
  if (ArrayBuffer.isView(input)) {
    // A view of part of a buffer is copied, so that only its bytes go to the worker.
    const whole = input.byteOffset === 0 && input.byteLength === input.buffer.byteLength;
    const bytes = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    return { sources: [{ name, path: name, bytes: whole ? bytes : bytes.slice() }] };
  }
  if (typeof ReadableStream !== "undefined" && input instanceof ReadableStream) {
    return { sources: [{ name, path: name, stream: input }] };
  }
  return { unreadable: typeof input === "object" ? "an object" : `a ${typeof input}` };
}

/** Posts the sources; a browser that cannot hand a stream to a worker gets it as a Blob. */
async function postSources(worker, sources, cluster) {
  const streams = sources.filter((s) => s.stream).map((s) => s.stream);
  try {
    worker.postMessage({ type: "analyze", sources, cluster }, streams);
  } catch (error) {
    if (streams.length === 0) throw error;
    const asBlobs = await Promise.all(
      sources.map(async (s) => (s.stream ? { name: s.name, path: s.path, blob: await new Response(s.stream).blob() } : s)),
    );
    worker.postMessage({ type: "analyze", sources: asBlobs, cluster });
  }
}

/**
 * One worker whose module is loaded, kept for the next analyze() call: its module is compiled
 * once, and what it holds between calls is the module's memory at its peak (about 24 MiB for
 * a 1 GB log: it does not grow with the log). A call while it is busy starts another worker,
 * ended after it; a worker that failed is ended.
 */
let idleWorker = null;

function takeWorker() {
  const worker = idleWorker ?? new Worker(new URL("./analyzer_worker.js", import.meta.url), { type: "module" });
  idleWorker = null;
  return worker;
}

function giveBack(worker) {
  if (idleWorker === null) idleWorker = worker;
  else worker.terminate();
}

/** The counters the worker sent, as `onProgress` gets them. */
function progressCallback(onProgress) {
  return (progress) => {
    if (typeof onProgress !== "function") return;
    try {
      onProgress(progress);
    } catch {
      // The caller's callback must not stop the analysis.
    }
  };
}

/**
 * Analyses Spark event logs: `input` is bytes (a Uint8Array or ArrayBuffer), a Blob or File, a
 * ReadableStream, or an array of them (several files, or a folder's files: a rolling log's
 * parts are read in their order; `{ name, data }` names bytes or a stream). Resolves to the
 * document `spark-sizer analyze --format json` prints, with `diagnostics` beside it. Runs in a
 * Web Worker (analyzer/ next to this file, loaded on the first call and kept for the next).
 * Never throws: what cannot be read comes back in `diagnostics`.
 *
 * Options: `name` (the file name of unnamed bytes or a stream; the codec is read from it and
 * checked against the bytes), `cluster` (a share link or query: the cluster to place the
 * recommended plan on; the run's own when absent), `onProgress(progress)` (bytes read of the
 * total, events, lines, elapsed ms; at most every 100 ms), `signal` (an AbortSignal: cancels).
 */
export async function analyze(input, options = {}) {
  const { name = "unnamed", cluster = "", onProgress, signal } = options ?? {};
  const read = sourcesOf(input, String(name));
  if (read.unreadable) {
    return noAnalysis(
      "invalid-input",
      `analyze() takes bytes (a Uint8Array or an ArrayBuffer), a Blob or File, a ReadableStream, or an array of them; got ${read.unreadable}.`,
    );
  }
  if (signal?.aborted) return noAnalysis("cancelled", "Cancelled before reading.", NOTHING_READ, "info");
  if (typeof Worker === "undefined") {
    return noAnalysis("no-worker", "analyze() runs in a Web Worker, which this environment does not have.");
  }
  let worker;
  try {
    worker = takeWorker();
  } catch (error) {
    return noAnalysis("analyzer-not-loaded", `The analyser could not start: ${error}`);
  }
  const progress = progressCallback(onProgress);
  return new Promise((resolve) => {
    let latest = NOTHING_READ;
    const cancel = () => worker.postMessage({ type: "cancel" });
    const end = (answer, reusable = false) => {
      signal?.removeEventListener("abort", cancel);
      worker.onmessage = worker.onerror = worker.onmessageerror = null;
      if (reusable) giveBack(worker);
      else worker.terminate();
      resolve(answer);
    };
    signal?.addEventListener("abort", cancel);
    worker.onmessage = ({ data }) => {
      if (data?.type === "progress") {
        latest = data.progress;
        progress(data.progress);
      } else if (data?.type === "done") {
        end(data.result, true);
      } else if (data?.type === "cancelled") {
        end(noAnalysis("cancelled", "Cancelled: the analysis was stopped before the end of the files.", data.progress, "info"), true);
      } else if (data?.type === "error") {
        end(noAnalysis("internal-error", `Spark Sizer could not analyse this input: ${data.message}`, latest));
      }
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      end(noAnalysis("analyzer-not-loaded", `The analyser could not load or stopped: ${event.message ?? "no message"}`, latest));
    };
    worker.onmessageerror = () => end(noAnalysis("internal-error", "The analyser's answer could not be read.", latest));
    postSources(worker, read.sources, String(cluster instanceof URL ? cluster.search : cluster)).catch((error) =>
      end(noAnalysis("invalid-input", `The input could not be handed to the analyser: ${error}`)),
    );
  });
}
