// Spark Sizer's JS API: plan Spark executors for YARN, Kubernetes or Amazon EMR from a share
// link or an object of fields. Types and documentation: spark_sizer.d.ts. Example: example.html.
//
//   import init, { plan } from "./spark_sizer.js";
//   await init();
//   const result = plan("?v=1&c=32");
//
// The planner runs in spark_sizer_wasm_bg.wasm (Rust, crates/api). Every problem with an input
// comes back as a diagnostic in the result; plan() does not throw.
import initWasm, { planFields, planQuery, planUnreadable } from "./spark_sizer_wasm.js";

let ready = false;
let loading = null;

/** Loads the wasm module (next to this file, or `moduleOrPath`); resolves once plan() works. */
export default function init(moduleOrPath) {
  loading ??= initWasm(moduleOrPath === undefined ? undefined : { module_or_path: moduleOrPath })
    .then(() => {
      ready = true;
    });
  return loading;
}

/** A field's value as the text a link would hold. */
function text(value) {
  if (value === true) return "1";
  if (value === false) return "0";
  if (value === null || value === undefined) return "";
  return String(value);
}

/** Entries as planFields() reads them: each key and value as `length:text`. */
function planEntries(entries) {
  const field = (t) => `${t.length}:${t}`;
  return planFields(entries.map(([key, value]) => field(String(key)) + field(text(value))).join(""));
}

/** plan()'s result as the wasm module writes it: JSON text of the planner's view. */
function planText(input) {
  if (input === undefined || input === null) return planQuery("");
  if (typeof input === "string") return planQuery(input);
  if (input instanceof URL) return planQuery(input.search);
  if (input instanceof URLSearchParams) return planEntries([...input]);
  if (typeof input === "object" && !Array.isArray(input)) return planEntries(Object.entries(input));
  return planUnreadable(Array.isArray(input) ? "an array" : `a ${typeof input}`);
}

/**
 * The objects of a result's JSON text, or null if a number in it is no whole number JavaScript
 * holds exactly (above 2^53; none of the planner's is), which would read as another number.
 */
function exactly(text) {
  let exact = true;
  const result = JSON.parse(text, (key, value) => {
    if (typeof value === "number" && !Number.isSafeInteger(value)) exact = false;
    return value;
  });
  return exact ? result : null;
}

/** A result that says why there is no plan, for failures outside the planner. */
function failure(code, message) {
  return {
    kind: "spark-sizer-plan",
    schema: 1,
    manager: "yarn",
    status: "invalid",
    link: "",
    diagnostics: [{ code, severity: "error", message }],
    input_notes: [],
    plans: [],
    differences: [],
    driver: [],
  };
}

/** Plans `input`: a share link, its query string, a URL, URLSearchParams or an object of fields. */
export function plan(input) {
  if (!ready) {
    return failure("not-initialized", "Call and await init() before plan().");
  }
  try {
    return exactly(planText(input)) ?? failure("internal-error", "Spark Sizer could not plan this input.");
  } catch (error) {
    return failure("internal-error", `Spark Sizer could not plan this input: ${error}`);
  }
}

let reports = null;

/** The reports module (reports/, crates/api-reports): imported on the first call that needs it. */
function loadReports() {
  reports ??= import("./reports/spark_sizer_reports_wasm.js").then(async (module) => {
    await module.default();
    return module;
  });
  reports.catch(() => {
    reports = null;
  });
  return reports;
}

/**
 * The cluster `input` describes, for the reports module: the link itself when it is one (a
 * string keeps what plan() leaves out, such as a check's `ck`), else the link plan() read;
 * `link` is null when the input does not plan, and `read` says why (plan()'s result).
 */
function clusterOf(input) {
  const read = plan(input);
  if (read.status === "invalid") return { read, link: null };
  return { read, link: linkText(input) ?? read.link };
}

/** `input` as the reports module reads it when it is a link (a string or a URL), else null. */
function linkText(input) {
  if (typeof input === "string") return input;
  if (input instanceof URL) return input.search;
  return null;
}

/**
 * The plan of `input` (anything plan() takes) in a report format: "markdown-table",
 * "confluence", "html", "svg", "conf", "submit", "emr-json", "yaml", "markdown", "text" or
 * "table". Resolves to "" for a format not known, one with nothing to show for this input, or an
 * object or other non-link input that does not plan (plan() says why).
 */
export async function render(input, format) {
  await init();
  // A link is read by the module itself, which words an invalid one's problems in the reports
  // (and leaves the exports empty); other inputs are what plan() read of them.
  const link = linkText(input) ?? clusterOf(input).link;
  if (link === null) return "";
  const module = await loadReports();
  return module.render(link, String(format));
}

/**
 * Checks a configuration that runs today — a spark-submit command, a spark-defaults.conf, an
 * EMR configuration (JSON) or a SparkApplication manifest (YAML), or several — on the cluster
 * of `input` (anything plan() takes; the page's first cluster when absent): what Spark requests
 * and the cluster grants, how many executors run and where, what the check found (with the line
 * of the text), and the plan beside it. Loads the reports module on its first call.
 */
export async function check(text, input) {
  await init();
  const { read, link } = clusterOf(input);
  if (link === null) return unplannedCluster(read);
  const module = await loadReports();
  return module.check(String(text ?? ""), link) ?? unplannedCluster(plan(null), "Spark Sizer could not check this text.");
}

/** check()'s answer when there is nothing to check against: nothing is read, plan()'s reasons. */
function unplannedCluster(read, headline = "The cluster to check against has values to fix: see diagnostics.") {
  const findings = read.diagnostics.map(({ code, severity, message }) => ({ code, severity, message }));
  return {
    schema: 1,
    manager: read.manager,
    status: "not-planned",
    formats: [],
    headline,
    settings: [],
    container_lines: [],
    layout_lines: [],
    diagnostics: findings,
    findings,
    changes: [],
    use_these_settings: "",
    link: { ck: "", dropped: [], note: "" },
  };
}

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
  const worker = idleWorker ?? new Worker(new URL("./analyzer/analyzer_worker.js", import.meta.url), { type: "module" });
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
