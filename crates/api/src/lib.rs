//! Spark Sizer's JS API: the planner as a small wasm module for other pages and scripts.
//!
//! `plan(input)` (in `js/spark_sizer.js`, which calls the functions exported here) takes a
//! share link, its query string, or an object of fields, and returns a [`PlanResult`] — the
//! planner's one view of the outcome (`planner::view`) as JSON text, which `JSON.parse` makes
//! into plain JavaScript objects: the numbers, the working, the diagnostics and the exports. Every problem with the
//! input comes back as a diagnostic; nothing here panics (the planner never does, and the
//! release build aborts instead of unwinding, so a panic could not be caught anyway).
//!
//! The reading and the results are plain Rust ([`plan_query`], [`plan_fields`]), tested
//! natively; the wasm exports only convert to and from JavaScript values.

pub mod input;

use planner::scenario::{plan_with_unreadable, Outcome, Scenario};
use planner::url::{self, DecodedScenario};
use planner::view;
use planner::warning::{Diagnostic, Severity};
use wasm_bindgen::prelude::*;

/// What `plan()` returns: the planner's one view of an outcome (`planner::view::View`), which
/// the page and the command line render too.
pub type PlanResult = view::View;
/// A warning, or a problem with the input.
pub type DiagnosticView = view::Finding;
pub use planner::view::PlanView;

// Talc in place of the default allocator (dlmalloc): a smaller module for the same results
// (BENCHMARKS.md, "JS API"). wasm32-unknown-unknown without atomics runs on one thread.
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// Plans a share link (`https://host/?v=1&c=32`) or its query (`v=1&c=32`, `?v=1&c=32`).
pub fn plan_query(text: &str) -> PlanResult {
    plan_decoded(&url::scenario_from_query(input::query_of(text)))
}

/// Plans fields given by link key or catalog name (`[("coresPerNode", "32")]`), with the
/// meaning each value has in a link.
pub fn plan_fields(fields: &[(String, String)]) -> PlanResult {
    plan_decoded(&url::scenario_from_query(&input::query_of_fields(fields)))
}

/// The result for an input `plan()` cannot read at all (`kind` is its JavaScript type).
pub fn unreadable_input(kind: &str) -> PlanResult {
    let scenario = Scenario::default();
    let mut result = view::build(&scenario, &Outcome::Invalid(Vec::new()));
    result.diagnostics.push(note(
        "invalid-value",
        Severity::Error,
        None,
        format!(
            "plan() takes a share link, its query string or an object of fields; got {}.",
            input::quoted(kind)
        ),
    ));
    result
}

/// Plans what a link gave, as the page does: a value that could not be read makes the input
/// invalid (its field's error), beside every other invalid field; then what was done with the
/// link's odd parts, most severe first.
fn plan_decoded(decoded: &DecodedScenario) -> PlanResult {
    let scenario = &decoded.scenario;
    let m = scenario.manager();
    let mut unreadable: Vec<Diagnostic> = Vec::with_capacity(decoded.bad.len());
    for bad in &decoded.bad {
        unreadable.push(bad.diagnostic(m));
    }
    let outcome = plan_with_unreadable(scenario, unreadable);
    let mut result = view::build(scenario, &outcome);
    result.diagnostics.extend(link_notes(decoded));
    result.diagnostics =
        planner::warning::most_severe_first_by(&result.diagnostics, |d| d.severity);
    result
}

/// What was done with a link's odd parts: another format version, unknown keys (ignored),
/// keys given twice (the last value used), a cluster manager in other letters.
fn link_notes(decoded: &DecodedScenario) -> Vec<DiagnosticView> {
    let mut notes = Vec::new();
    let current = url::SCHEMA_VERSION;
    if let Some(v) = decoded.version.filter(|v| *v != current) {
        notes.push(note(
            "link-version",
            Severity::Warning,
            Some("v"),
            format!("This link was made with link format v{v}; read as v{current}."),
        ));
    }
    for (i, key) in decoded.unknown.iter().enumerate() {
        if decoded.unknown[..i].contains(key) {
            continue; // said once
        }
        let key = input::quoted(key);
        let message = format!("{key} is not a field here: ignored.");
        notes.push(note("unknown-key", Severity::Warning, Some(&key), message));
    }
    for key in &decoded.repeated {
        let key = input::quoted(key);
        let message = format!("{key} is given more than once: the last value is used.");
        notes.push(note("repeated-key", Severity::Info, Some(&key), message));
    }
    if let Some(written) = &decoded.manager_case {
        let manager = decoded.scenario.manager().as_str();
        let message = format!("Read cm={} as cm={manager}.", input::quoted(written));
        notes.push(note("manager-case", Severity::Info, Some("cm"), message));
    }
    notes
}

fn note(code: &str, severity: Severity, field: Option<&str>, message: String) -> DiagnosticView {
    DiagnosticView {
        code: code.to_string(),
        severity,
        field: field.map(str::to_string),
        message,
    }
}

/// A result as JSON text (the serde JSON of the view, as `plan()`'s objects hold it).
pub fn to_json(result: &PlanResult) -> String {
    view::to_json(result)
}

/// `plan()` of a link or query string (called by `js/spark_sizer.js`): the result as JSON
/// text, which `js/spark_sizer.js` makes into objects with `JSON.parse` (smaller than building
/// them by calls from wasm: BENCHMARKS.md, "Release build size").
#[wasm_bindgen(js_name = planQuery)]
pub fn plan_query_js(text: &str) -> String {
    to_json(&plan_query(text))
}

/// `plan()` of an object's fields, as [`input::fields_of_text`] reads them (called by
/// `js/spark_sizer.js`), as JSON text.
#[wasm_bindgen(js_name = planFields)]
pub fn plan_fields_js(fields: &str) -> String {
    to_json(&plan_fields(&input::fields_of_text(fields)))
}

/// `plan()` of something else (`kind` is its `typeof`) (called by `js/spark_sizer.js`), as
/// JSON text.
#[wasm_bindgen(js_name = planUnreadable)]
pub fn unreadable_input_js(kind: &str) -> String {
    to_json(&unreadable_input(kind))
}
