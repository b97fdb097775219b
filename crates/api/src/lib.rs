//! Spark Sizer's JS API: the planner as a small wasm module for other pages and scripts.
//!
//! `plan(input)` (in `js/spark_sizer.js`, which calls the functions exported here) takes a
//! share link, its query string, or an object of fields, and returns a [`PlanResult`] as plain
//! JavaScript objects: the numbers, the diagnostics and the exports. Every problem with the
//! input comes back as a diagnostic; nothing here panics (the planner never does, and the
//! release build aborts instead of unwinding, so a panic could not be caught anyway).
//!
//! The reading and the results are plain Rust ([`plan_query`], [`plan_fields`]), tested
//! natively; the wasm exports only convert to and from JavaScript values.

pub mod input;
pub mod json;
pub mod view;

use planner::scenario::{plan_with_unreadable, Outcome, Scenario};
use planner::url::{self, DecodedScenario};
use planner::warning::Diagnostic;
use wasm_bindgen::prelude::*;

pub use view::{DiagnosticView, PlanResult};

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
    let mut result = result_of(&scenario, Outcome::Invalid(Vec::new()));
    result.diagnostics.push(DiagnosticView {
        code: "invalid-value",
        severity: "error",
        field: None,
        message: format!(
            "plan() takes a share link, its query string or an object of fields; got {}.",
            input::quoted(kind)
        ),
    });
    result
}

/// Plans what a link gave, as the page does: a value that could not be read makes the input
/// invalid (its field's error), beside every other invalid field.
fn plan_decoded(decoded: &DecodedScenario) -> PlanResult {
    let scenario = &decoded.scenario;
    let m = scenario.manager();
    let mut unreadable: Vec<Diagnostic> = Vec::with_capacity(decoded.bad.len());
    for bad in &decoded.bad {
        unreadable.push(bad.diagnostic(m));
    }
    let outcome = plan_with_unreadable(scenario, unreadable);
    let mut result = result_of(scenario, outcome);
    let mut diagnostics = std::mem::take(&mut result.diagnostics);
    diagnostics.extend(link_notes(decoded));
    result.diagnostics = most_severe_first(diagnostics);
    result
}

/// The result of an outcome planned from `scenario`.
fn result_of(scenario: &Scenario, outcome: Outcome) -> PlanResult {
    let m = scenario.manager();
    let mut result = PlanResult {
        schema: view::SCHEMA,
        manager: m.as_str(),
        status: "planned",
        link: url::scenario_to_query(scenario),
        diagnostics: Vec::new(),
        plans: Vec::new(),
        differences: Vec::new(),
    };
    match (scenario, &outcome) {
        (_, Outcome::Yarn(c)) => {
            result.plans = view::yarn_plans(c);
            result.differences = view::diagnostics(m, &planner::plan::differences(c));
        }
        (Scenario::Kubernetes(input), Outcome::Kubernetes(p)) => {
            result.plans = vec![view::kubernetes_plan(p, input)];
        }
        (_, Outcome::Emr(p)) => result.plans = vec![view::emr_plan(p)],
        (_, Outcome::Invalid(found)) => {
            result.status = "invalid";
            result.diagnostics = view::diagnostics(m, found);
        }
        // `plan` answers a Kubernetes scenario with a Kubernetes outcome; nothing else is left.
        (_, Outcome::Kubernetes(_)) => result.status = "invalid",
    }
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
            "warning",
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
        notes.push(note("unknown-key", "warning", Some(&key), message));
    }
    for key in &decoded.repeated {
        let key = input::quoted(key);
        let message = format!("{key} is given more than once: the last value is used.");
        notes.push(note("repeated-key", "info", Some(&key), message));
    }
    if let Some(written) = &decoded.manager_case {
        let manager = decoded.scenario.manager().as_str();
        let message = format!("Read cm={} as cm={manager}.", input::quoted(written));
        notes.push(note("manager-case", "info", Some("cm"), message));
    }
    notes
}

fn note(
    code: &'static str,
    severity: &'static str,
    field: Option<&str>,
    message: String,
) -> DiagnosticView {
    DiagnosticView {
        code,
        severity,
        field: field.map(str::to_string),
        message,
    }
}

/// Errors, then warnings, then notes, keeping the order within each (a pass per severity,
/// as the planner's `most_severe_first`: smaller than a sort). Each diagnostic moves once; the
/// place it leaves has no severity, so no later pass takes it again.
fn most_severe_first(mut diagnostics: Vec<DiagnosticView>) -> Vec<DiagnosticView> {
    let mut sorted = Vec::with_capacity(diagnostics.len());
    for severity in ["error", "warning", "info"] {
        for d in &mut diagnostics {
            if d.severity == severity {
                sorted.push(std::mem::take(d));
            }
        }
    }
    sorted
}

/// A result as JSON text, for `JSON.parse` in `js/spark_sizer.js`: one string crosses into
/// JavaScript instead of one call per object and field, which keeps the module smaller
/// (BENCHMARKS.md, "JS API").
pub fn to_json(result: &PlanResult) -> String {
    json::plan_result(result)
}

/// `plan()` of a link or query string, as JSON (called by `js/spark_sizer.js`).
#[wasm_bindgen(js_name = planQuery)]
pub fn plan_query_js(text: &str) -> String {
    to_json(&plan_query(text))
}

/// `plan()` of an object's fields, as [`input::fields_of_text`] reads them, as JSON (called by
/// `js/spark_sizer.js`).
#[wasm_bindgen(js_name = planFields)]
pub fn plan_fields_js(fields: &str) -> String {
    to_json(&plan_fields(&input::fields_of_text(fields)))
}

/// `plan()` of something else (`kind` is its `typeof`), as JSON (called by
/// `js/spark_sizer.js`).
#[wasm_bindgen(js_name = planUnreadable)]
pub fn unreadable_input_js(kind: &str) -> String {
    to_json(&unreadable_input(kind))
}
