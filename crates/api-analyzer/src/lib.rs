//! Spark Sizer's analyser module: the event-log reader and the analysis of a run
//! (`crates/eventlog`) as a wasm module of its own, which the JS API's `analyze()` and the
//! page run in a Web Worker (`js/analyzer_worker.js`), off the page's main thread.
//!
//! The worker reads each file in slices and pushes them to an [`Analyzer`]; its answer is the
//! document `spark-sizer analyze --format json` prints, made into plain JavaScript objects by
//! serde-wasm-bindgen (not JSON text), with the problems as diagnostics. The session is plain
//! Rust ([`session`]), tested natively; the exports only convert to and from JavaScript.
//! Nothing here panics (the reader never does, and the release build aborts instead of
//! unwinding).
//!
//! `scripts/build-api.sh` builds it into `dist/api/analyzer/`, with its own size gate.

pub mod session;

use serde::Serialize;
use wasm_bindgen::prelude::*;

pub use session::{Answer, Session};

// Talc in place of the default allocator (dlmalloc), as the other modules: smaller, and the
// reader's buffers are freed in the order they were taken. wasm32-unknown-unknown without
// atomics runs on one thread.
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// A value as a plain JavaScript object, as `JSON.parse` of the command line's JSON would give
/// it (maps as objects, absent values as `null`); `null` in the one case it cannot be made, a
/// number above 2^53 (none of the analysis' is: bytes and milliseconds), which the worker
/// answers with an `internal-error` diagnostic.
fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}

/// One analysis, driven by the worker: `beginFile`, `push` its bytes, `endFile`, then
/// `finish`.
#[wasm_bindgen]
#[derive(Default)]
pub struct Analyzer {
    session: Session,
    /// The page's last answer, kept to time the explorer's rows as the form changes.
    kept: Option<Answer>,
}

#[wasm_bindgen]
impl Analyzer {
    /// A new analysis.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Analyzer {
        Analyzer::default()
    }

    /// Begins a file: its name (the codec is read from it) and its size in bytes, when known.
    #[wasm_bindgen(js_name = beginFile)]
    pub fn begin_file(&mut self, name: &str, size: Option<f64>) {
        let size = size.filter(|s| s.is_finite() && *s >= 0.0).map(whole_bytes);
        self.session.begin_file(name, size);
    }

    /// Pushes the next bytes of the file in hand (copied into the module's memory).
    pub fn push(&mut self, chunk: &[u8]) {
        self.session.push(chunk);
    }

    /// Ends the file in hand.
    #[wasm_bindgen(js_name = endFile)]
    pub fn end_file(&mut self) {
        self.session.end_file();
    }

    /// Whether more bytes of the file in hand are of any use: not once it is known not to be an
    /// event log, or reading stopped at a line it could not read.
    #[wasm_bindgen(js_name = wantsMore)]
    pub fn wants_more(&self) -> bool {
        self.session.wants_more()
    }

    /// The counters so far: `bytes_read`, `bytes_total`, `bytes_decoded`, `lines`, `events`,
    /// `files`.
    pub fn progress(&self) -> JsValue {
        to_js(&self.session.progress())
    }

    /// Ends the reading; the analysis, placed on the cluster of the share link `cluster` (empty:
    /// the run's cluster). The analyser starts over, empty.
    pub fn finish(&mut self, cluster: &str) -> JsValue {
        to_js(&self.session.finish(cluster).document())
    }

    /// As [`Analyzer::finish`], for the page's section: `{result, runs, diagnostics}`, the
    /// document beside each run's view (`eventlog::view::RunView`, the explorer's shapes on the
    /// cluster of the form's link `form` timed with it).
    #[wasm_bindgen(js_name = finishForPage)]
    pub fn finish_for_page(&mut self, cluster: &str, form: &str) -> JsValue {
        let answer = self.session.finish(cluster);
        let shown = to_js(&answer.page(form));
        self.kept = Some(answer);
        shown
    }

    /// After [`Analyzer::finish_for_page`]: each run's rows of the trade-off explorer on the
    /// cluster of the form's link `form`, timed with its tasks (`eventlog::view::TimedShape`).
    #[wasm_bindgen(js_name = timeShapes)]
    pub fn time_shapes(&self, form: &str) -> JsValue {
        to_js(
            &self
                .kept
                .as_ref()
                .map(|a| a.timed_shapes(form))
                .unwrap_or_default(),
        )
    }
}

/// A file size from JavaScript (a whole number of bytes below 2^53) as `u64`.
fn whole_bytes(size: f64) -> u64 {
    // Below 2^53 every whole f64 is exact, and `as` saturates above u64's range.
    size.trunc() as u64
}

/// The order in which to read files given together (a folder, several files), by their
/// relative paths: a rolling log's parts in their part order, files that are not logs
/// (`appstatus_` markers, `.crc` files, hidden files) left out. The indexes of `paths`.
#[wasm_bindgen(js_name = readingOrder)]
pub fn reading_order(paths: Vec<String>) -> Vec<u32> {
    let refs: Vec<&str> = paths.iter().map(String::as_str).collect();
    eventlog::reader::reading_order(&refs)
        .into_iter()
        .filter_map(|i| u32::try_from(i).ok())
        .collect()
}
