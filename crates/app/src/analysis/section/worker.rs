//! The browser's side of the section: the files chosen or dropped made into the analyser
//! worker's sources (a dropped folder walked, each file with its path, so a rolling log's parts
//! are read in order), the worker started with them, its messages handed to the section, cancel
//! and end; the page's address (the form's link, and opening a plan's); the style sheet.

use wasm_bindgen::prelude::*;

// The worker's address is relative to the page (as the modules' are); its messages are
// described in crates/api-analyzer/js/analyzer_worker.js. A worker that cannot start (its
// script missing) reports through `onerror`, answered as an `error` message.
#[wasm_bindgen(inline_js = r#"
function sourcesOf(list) {
  return Array.from(list || [], (f) => ({ name: f.name, path: f.webkitRelativePath || f.name, blob: f }));
}
export function sources_of_files(list) {
  return sourcesOf(list);
}
export function sources_of_drop(transfer, done) {
  // The entries are read while the drop event lasts; the folders are walked after it.
  const entries = Array.from(transfer?.items || [], (i) => i.webkitGetAsEntry?.()).filter(Boolean);
  if (!entries.some((e) => e.isDirectory)) {
    done(sourcesOf(transfer?.files));
    return;
  }
  const out = [];
  const walk = async (entry) => {
    if (entry.isFile) {
      const blob = await new Promise((ok, no) => entry.file(ok, no));
      out.push({ name: blob.name, path: entry.fullPath.replace(/^\//, ""), blob });
      return;
    }
    const reader = entry.createReader();
    for (;;) {
      const batch = await new Promise((ok, no) => reader.readEntries(ok, no));
      if (!batch.length) return;
      for (const e of batch) await walk(e);
    }
  };
  (async () => { for (const e of entries) await walk(e); })().then(() => done(out), () => done(out));
}
export function start_worker(sources, cluster, form, on_message) {
  const url = new URL("api/analyzer/analyzer_worker.js", document.baseURI);
  const worker = new Worker(url, { type: "module" });
  worker.onmessage = (e) => on_message(e.data);
  worker.onerror = (e) => {
    e.preventDefault();
    on_message({ type: "error", message: e.message || "the analyser could not be started" });
  };
  worker.postMessage({ type: "analyze", sources, cluster, page: true, form });
  return worker;
}
export function form_link() {
  // An address without a query shows the default plan, which "v=1" means ("" would mean no
  // cluster given: the run's own).
  return location.search.replace(/^\?/, "") || "v=1";
}
export function open_address(query) {
  const ck = new URLSearchParams(location.search).get("ck");
  const url = new URL(location.href);
  url.search = query + (ck ? "&ck=" + encodeURIComponent(ck) : "");
  history.pushState(null, "", url);
  dispatchEvent(new PopStateEvent("popstate"));
  document.getElementById("answer")?.focus();
}
export function add_style_sheet() {
  if (document.getElementById("analysis-style")) return;
  const link = document.createElement("link");
  link.id = "analysis-style";
  link.rel = "stylesheet";
  link.href = new URL("api/analysis/analysis.css", document.baseURI).href;
  document.head.append(link);
}
export function cancel_worker(worker) {
  worker.postMessage({ type: "cancel" });
}
export function time_shapes(worker, form) {
  worker.postMessage({ type: "time-shapes", form });
}
export function end_worker(worker) {
  worker.terminate();
}
"#)]
extern "C" {
    /// The sources of an `<input type="file">`'s files.
    pub fn sources_of_files(list: &JsValue) -> JsValue;
    /// The sources of a drop (a folder walked), given to `done` when all are found.
    pub fn sources_of_drop(transfer: &JsValue, done: &JsValue);
    /// A worker reading `sources`, placing the plan on the link `cluster` ("": the run's own)
    /// and timing the explorer's shapes of the form's link `form`; each of its messages to
    /// `on_message`.
    pub fn start_worker(
        sources: &JsValue,
        cluster: &str,
        form: &str,
        on_message: &JsValue,
    ) -> JsValue;
    /// The page's link (the address always holds the form's plan): its cluster.
    pub fn form_link() -> String;
    /// Opens the plan of `query` as Back and Forward do (a history entry, then `popstate`,
    /// which the page follows), keeping the link's check settings (`ck`); the focus goes to
    /// the answer.
    pub fn open_address(query: &str);
    /// The section's style sheet, once.
    pub fn add_style_sheet();
    /// Asks the worker to stop between slices (it answers `cancelled`).
    pub fn cancel_worker(worker: &JsValue);
    /// Asks the worker, after its analysis, to time the explorer's rows of the form's link
    /// `form` with the runs (it answers `shapes-timed`).
    pub fn time_shapes(worker: &JsValue, form: &str);
    /// Ends the worker.
    pub fn end_worker(worker: &JsValue);
}

/// How many sources there are.
pub fn count(sources: &JsValue) -> u32 {
    js_sys::Reflect::get(sources, &JsValue::from_str("length"))
        .ok()
        .and_then(|n| n.as_f64())
        .map_or(0, |n| n as u32)
}

/// A message's field.
pub fn field(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// A message's number field (0 when absent).
pub fn number(v: &JsValue, key: &str) -> u64 {
    field(v, key)
        .as_f64()
        .filter(|n| n.is_finite() && *n >= 0.0)
        .map_or(0, |n| n as u64)
}
