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
  let module;
  try {
    module = await import("./analyzer/analyze.js");
  } catch (error) {
    return {
      kind: "spark-sizer-analysis",
      schema: 1,
      files: [],
      progress: { bytes_read: 0, bytes_total: null, bytes_decoded: 0, lines: 0, events: 0, files: 0 },
      stopped: false,
      problems: [],
      runs: [],
      diagnostics: [{ code: "analyzer-not-loaded", severity: "error", message: `The analyser could not load: ${error}` }],
    };
  }
  return module.analyze(input, options);
}
