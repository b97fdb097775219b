//! The check's view as the section shows it, read from the object the reports module returns
//! (`planner::view::check::CheckView`, serialized by serde-wasm-bindgen: its snake_case field
//! names). The page reads only the fields it shows, by name, rather than deserializing the whole
//! view with serde: serde's visitors for the view's types, with serde-wasm-bindgen's reader,
//! weighed 20 KB brotli of the page's first load (BENCHMARKS.md, "The page as a Leptos app").
//! [`PATHS`] lists every field read; a test holds them to the planner's serialized view.

use planner::view::Finding;
use planner::Severity;
use wasm_bindgen::{JsCast, JsValue};

/// Every field of the check's view the section reads, as paths (`plan.export.name`; `[]`: each
/// item of a list).
pub const PATHS: [&str; 18] = [
    "headline",
    "switch_hint",
    "read_as",
    "settings[].words",
    "container_lines",
    "layout_lines",
    "plan.headline",
    "plan.export.name",
    "plan.export.text",
    "changes",
    "use_these_settings",
    "use_these_settings_note",
    "plan_not_offered",
    "findings[].code",
    "findings[].severity",
    "findings[].message",
    "link.note",
    "link.ck",
];

/// What the section shows of a check.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CheckShown {
    /// The answer in one sentence.
    pub headline: String,
    /// The hint to switch the form's cluster manager.
    pub switch_hint: Option<String>,
    /// "Read as: …".
    pub read_as: Option<String>,
    /// Each setting that stands, in words.
    pub settings: Vec<String>,
    /// The containers, in words.
    pub container_lines: Vec<String>,
    /// Where executors run, in words.
    pub layout_lines: Vec<String>,
    /// The plan's headline (`None`: the form's cluster cannot be planned).
    pub plan_headline: Option<String>,
    /// What changes from the pasted settings to the plan.
    pub changes: Vec<String>,
    /// The query that puts the pasted settings into the form.
    pub use_these_settings: String,
    /// What "Use these settings" does, when it is offered.
    pub use_these_settings_note: Option<String>,
    /// Why the plan's configuration is not offered, when it is not.
    pub plan_not_offered: Option<String>,
    /// The plan's configuration to paste back: its name and text.
    pub export: Option<(String, String)>,
    /// What the check found.
    pub findings: Vec<Finding>,
    /// What the page's link holds of the check.
    pub link_note: String,
    /// The link's `ck`.
    pub ck: String,
}

fn field(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn text(v: &JsValue, key: &str) -> String {
    field(v, key).as_string().unwrap_or_default()
}

fn optional(v: &JsValue, key: &str) -> Option<String> {
    field(v, key).as_string()
}

fn items(v: &JsValue, key: &str) -> Vec<JsValue> {
    field(v, key)
        .dyn_into::<js_sys::Array>()
        .map(|a| a.iter().collect())
        .unwrap_or_default()
}

fn texts(v: &JsValue, key: &str) -> Vec<String> {
    items(v, key)
        .iter()
        .filter_map(JsValue::as_string)
        .collect()
}

fn severity(s: &str) -> Severity {
    match s {
        "error" => Severity::Error,
        "warning" => Severity::Warning,
        _ => Severity::Info,
    }
}

/// The section's reading of a check's view (`None` when it is not one).
pub fn check_shown(v: &JsValue) -> Option<CheckShown> {
    if !v.is_object() {
        return None;
    }
    let plan = field(v, "plan");
    let export = field(&plan, "export");
    let link = field(v, "link");
    Some(CheckShown {
        headline: text(v, "headline"),
        switch_hint: optional(v, "switch_hint"),
        read_as: optional(v, "read_as"),
        settings: items(v, "settings")
            .iter()
            .map(|s| text(s, "words"))
            .collect(),
        container_lines: texts(v, "container_lines"),
        layout_lines: texts(v, "layout_lines"),
        plan_headline: plan.is_object().then(|| text(&plan, "headline")),
        changes: texts(v, "changes"),
        use_these_settings: text(v, "use_these_settings"),
        use_these_settings_note: optional(v, "use_these_settings_note"),
        plan_not_offered: optional(v, "plan_not_offered"),
        export: export
            .is_object()
            .then(|| (text(&export, "name"), text(&export, "text"))),
        findings: items(v, "findings")
            .iter()
            .map(|f| Finding {
                code: text(f, "code"),
                severity: severity(&text(f, "severity")),
                field: None,
                message: text(f, "message"),
            })
            .collect(),
        link_note: text(&link, "note"),
        ck: text(&link, "ck"),
    })
}

#[cfg(test)]
mod tests {
    use super::PATHS;
    use serde_json::Value;

    /// Whether `path` is in `v`: each field there (an absent optional field counts as there when
    /// a sample has it), each item of a list for `[]`.
    fn has(v: &Value, path: &str) -> bool {
        let Some((head, rest)) = path.split_once('.') else {
            let key = path.trim_end_matches("[]");
            return v.get(key).is_some();
        };
        let (key, each) = match head.strip_suffix("[]") {
            Some(key) => (key, true),
            None => (head, false),
        };
        match (v.get(key), each) {
            (Some(Value::Array(a)), true) => !a.is_empty() && a.iter().all(|x| has(x, rest)),
            (Some(x), false) => has(x, rest),
            _ => false,
        }
    }

    /// Every path the section reads is in the planner's serialized check view of one of the
    /// samples (between them they hold every optional field: a switch hint, a plan to paste
    /// back, one that does not run).
    #[test]
    fn every_field_the_section_reads_is_in_the_check_view() {
        let samples = [
            (
                "spark-submit --master yarn --num-executors 17 --executor-cores 5 --executor-memory 19g app.jar",
                "v=1",
            ),
            (
                "apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\nspec:\n  executor:\n    cores: 2\n",
                "v=1",
            ),
            (
                "[{\"Classification\": \"spark-defaults\", \"Properties\": {\"spark.executor.memory\": \"8g\"}}]",
                "v=1&cm=emr&em=200000",
            ),
        ];
        let views: Vec<Value> = samples
            .iter()
            .map(|(text, link)| {
                let form = planner::url::scenario_from_query(link).scenario;
                let c = planner::check::check(text, &form);
                let json = planner::view::to_json(&planner::view::check::check_view(&c, &form));
                serde_json::from_str(&json).expect("the view's JSON")
            })
            .collect();
        for path in PATHS {
            assert!(
                views.iter().any(|v| has(v, path)),
                "the check's view has no {path}"
            );
        }
    }
}
