//! The check of a pasted configuration ([`crate::check::Check`]) as JSON (feature `json`), for
//! the JS API's `check()`: the numbers first, the words beside them.
//!
//! Shape (`schema` 1): `manager` (`yarn`, `k8s`, `emr`), `status` (`checked`: the settings were
//! planned; `not-planned`: they cannot be planned on this cluster or Spark refuses a value, `diagnostics` says why;
//! `nothing-read`), `formats` read (`spark-submit`, `spark-defaults`, `emr-configuration`,
//! `spark-application`, `link`), `headline`, `settings` (each key's value that stands, with the
//! `line` it came from and the lines it `replaces`; secret-looking values hidden), `answer`
//! (`numbers`, `containers` as requested and granted, the per-node `layout`),
//! `diagnostics` (with the `line` of what reading found), `plan` (the planner's plan for the
//! same cluster: `numbers`, `headline`, `exports`), `changes` (from the pasted settings to the
//! plan, worded), `use_these_settings` (the share-link query that plans the pasted settings on
//! the form) and `link` (`ck`, the compact value a share link carries, and the keys it leaves
//! out, with why). Containers and layout are written as the plan's JSON report writes them
//! ([`super::json`]). Memory in MiB, CPU in millicores.

use serde::Serialize;

use super::check::plan_export;
use super::json::{
    emr_containers, group_view, pods, yarn_containers, ContainerView, NodeGroupView,
};
use crate::catalog::ClusterManager;
use crate::check::keys::shown_value;
use crate::check::link::{encode, DropReason};
use crate::check::words::{
    answer_warnings, check_changes, check_headline, finding_diagnostic, headline, stop, Stop,
};
use crate::check::{settings_for_the_form, Answer, Check, Format, SideNumbers};
use crate::scenario::Scenario;
use crate::warning::Warning;

/// The version of the document's shape.
pub const SCHEMA: u32 = 1;

/// The whole check.
#[derive(Debug, Clone, Serialize)]
pub struct CheckDocument {
    /// [`SCHEMA`].
    pub schema: u32,
    /// `yarn`, `k8s` or `emr`: the form's cluster manager.
    pub manager: &'static str,
    /// `checked`, `not-planned` or `nothing-read`.
    pub status: &'static str,
    /// The kinds of text read, in the order met.
    pub formats: Vec<&'static str>,
    /// The answer in one sentence.
    pub headline: String,
    /// Each key's value that stands, in the order of the text.
    pub settings: Vec<SettingView>,
    /// The pasted settings planned on the cluster (absent when they cannot be planned).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<AnswerView>,
    /// What reading found and the answer's warnings, most severe first.
    pub diagnostics: Vec<LineDiagnosticView>,
    /// The planner's plan for the same cluster (absent when the form is invalid).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan: Option<PlanSideView>,
    /// What changes from the pasted settings to the plan, worded.
    pub changes: Vec<String>,
    /// The share-link query that puts the pasted settings into the form.
    pub use_these_settings: String,
    /// What a share link of this check holds.
    pub link: LinkView,
    /// A text of several spark-submit commands or SparkApplications: each, checked on its
    /// own, in the order of the text (absent for a text of one). This document is of the part
    /// whose `this` is true.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<PartView>,
}

/// One part of a text of several, checked on its own.
#[derive(Debug, Clone, Serialize)]
pub struct PartView {
    /// Its number (1 is the first; the command line's `--part`).
    pub number: usize,
    /// `spark-submit` or `spark-application`.
    pub format: &'static str,
    /// Its first line.
    pub first_line: u32,
    /// Its last line.
    pub last_line: u32,
    /// What it runs: the application's file name, or the SparkApplication's name.
    pub name: String,
    /// Its check's status, as the document's `status`.
    pub status: &'static str,
    /// Its check's headline.
    pub headline: String,
    /// Whether this document is of this part.
    pub this: bool,
}

/// A key's value that stands, where it came from.
#[derive(Debug, Clone, Serialize)]
pub struct SettingView {
    /// The key.
    pub key: String,
    /// The value (`(hidden)` when the key or the value looks secret).
    pub value: String,
    /// The kind of text it was read from.
    pub format: &'static str,
    /// Its line (1-based; 0 for a link).
    pub line: u32,
    /// The lines of the settings of the same key it replaced (Spark's order of precedence).
    pub replaces: Vec<u32>,
}

/// The comparable numbers of one side: the check's own [`SideNumbers`], written as they are.
pub type NumbersView = SideNumbers;

/// The pasted settings planned.
#[derive(Debug, Clone, Serialize)]
pub struct AnswerView {
    /// The comparable numbers.
    pub numbers: NumbersView,
    /// Every container or pod, as requested and as granted.
    pub containers: Vec<ContainerView>,
    /// Where executors run, identical nodes grouped.
    pub layout: Vec<NodeGroupView>,
}

/// The plan beside the check.
#[derive(Debug, Clone, Serialize)]
pub struct PlanSideView {
    /// The comparable numbers.
    pub numbers: NumbersView,
    /// The plan in one sentence, as the check words its answer.
    pub headline: String,
    /// The form's share-link query: `plan()` of it gives the plan with all its exports.
    pub link: String,
    /// The plan's configuration in the pasted format, to paste back (absent when the plan has
    /// none in it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub export: Option<ExportView>,
}

/// A configuration to paste.
#[derive(Debug, Clone, Serialize)]
pub struct ExportView {
    /// The report format's name (`submit`, `conf`, `emr-json`, `yaml`).
    pub format: &'static str,
    /// The text.
    pub text: String,
}

/// A diagnostic, with the line of the pasted text it is about.
#[derive(Debug, Clone, Serialize)]
pub struct LineDiagnosticView {
    /// The stable code.
    pub code: &'static str,
    /// `info`, `warning` or `error`.
    pub severity: &'static str,
    /// The line (1-based) of the pasted text, when the finding is about one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// The explanation.
    pub message: String,
}

/// The link's value and what it leaves out.
#[derive(Debug, Clone, Serialize)]
pub struct LinkView {
    /// The value of the link's `ck` key (empty when no setting travels).
    pub ck: String,
    /// Keys left out of the link (their values are never repeated).
    pub dropped: Vec<DroppedView>,
}

/// A key left out of the link.
#[derive(Debug, Clone, Serialize)]
pub struct DroppedView {
    /// The key.
    pub key: String,
    /// `secret`, `not-needed` or `unsafe` (characters a link does not carry, or too long).
    pub reason: &'static str,
}

/// A format's id in the document.
pub fn format_id(format: Format) -> &'static str {
    match format {
        Format::SubmitCommand => "spark-submit",
        Format::DefaultsFile => "spark-defaults",
        Format::EmrConfiguration => "emr-configuration",
        Format::EmrOnEksJob => "emr-on-eks-job-run",
        Format::EmrServerlessJob => "emr-serverless-job-run",
        Format::SparkApplication => "spark-application",
        Format::Link => "link",
    }
}

/// A drop reason's id in the document.
pub fn drop_reason_id(reason: DropReason) -> &'static str {
    match reason {
        DropReason::Secret => "secret",
        DropReason::NotNeeded => "not-needed",
        DropReason::Unsafe => "unsafe",
    }
}

fn answer_view(c: &Check) -> Option<AnswerView> {
    let n = c.compare.pasted.as_ref()?;
    let (containers, layout, kubernetes) = match &c.answer {
        Answer::Yarn(p) => (yarn_containers(&p.placement), &p.placement.layout, false),
        Answer::Kubernetes(p) => (pods(p, c.kubernetes_spark()?), &p.layout, true),
        Answer::Emr(p) => (emr_containers(p), &p.layout, false),
        Answer::Invalid(_) | Answer::NothingRead => return None,
    };
    Some(AnswerView {
        numbers: *n,
        containers,
        layout: layout.iter().map(|g| group_view(g, kubernetes)).collect(),
    })
}

/// Settings as the document lists them (secret-looking values hidden: a result may be shared).
pub fn setting_views(c: &Check) -> Vec<SettingView> {
    c.pasted
        .effective_listed()
        .into_iter()
        .map(|e| SettingView {
            value: shown_value(&e.key, e.value),
            key: e.key,
            format: format_id(e.origin.format),
            line: e.origin.line,
            replaces: e.overridden.iter().map(|o| o.line).collect(),
        })
        .collect()
}

/// Every diagnostic of the check with its line, most severe first and in reading order within
/// a severity (as [`crate::check::words::diagnostics`] orders them).
pub fn line_diagnostics(c: &Check) -> Vec<LineDiagnosticView> {
    let m = c.applied.scenario.manager();
    let mut found: Vec<(Warning, Option<u32>)> = c
        .pasted
        .findings
        .iter()
        .chain(&c.applied.findings)
        .map(|f| {
            let line = f
                .origin
                .filter(|o| o.format != Format::Link)
                .map(|o| o.line);
            (finding_diagnostic(f, m), line)
        })
        .collect();
    found.extend(answer_warnings(c).into_iter().map(|w| (w, None)));
    crate::warning::most_severe_first_by(&found, |(w, _)| w.severity)
        .into_iter()
        .map(|(w, line)| LineDiagnosticView {
            code: w.code.as_str(),
            severity: w.severity.as_str(),
            line,
            message: w.message,
        })
        .collect()
}

fn plan_side(c: &Check, form: &Scenario) -> Option<PlanSideView> {
    let n = c.compare.plan.as_ref()?;
    Some(PlanSideView {
        numbers: *n,
        headline: headline(Some(n)),
        link: crate::url::scenario_to_query(form),
        export: plan_export(c, form).map(|(format, text)| ExportView {
            format: format.as_str(),
            text,
        }),
    })
}

/// `checked`, `not-planned` or `nothing-read`.
fn status_of(c: &Check) -> &'static str {
    let refused = matches!(stop(c), Some(Stop::Refused(_)));
    match (&c.answer, c.compare.pasted.is_some() && !refused) {
        (Answer::NothingRead, _) => "nothing-read",
        (_, true) => "checked",
        (_, false) => "not-planned",
    }
}

/// Every part of a text of several, each checked on its own (none for a text of one).
fn part_views(c: &Check) -> Vec<PartView> {
    if c.others.is_empty() {
        return Vec::new();
    }
    crate::check::words::parts_in_order(c)
        .into_iter()
        .filter_map(|k| {
            let part = k.pasted.parts.get(k.pasted.part)?;
            Some(PartView {
                number: k.pasted.part + 1,
                format: format_id(part.format),
                first_line: part.first_line,
                last_line: part.last_line,
                name: part.name.clone(),
                status: status_of(k),
                headline: check_headline(k),
                this: k.pasted.part == c.pasted.part,
            })
        })
        .collect()
}

/// The document of a check made against the cluster of `form`.
pub fn check_document(c: &Check, form: &Scenario) -> CheckDocument {
    let m: ClusterManager = c.applied.scenario.manager();
    let link = encode(&c.pasted);
    // A refused value was planned with Spark's default in its place: no answer to give.
    let refused = matches!(stop(c), Some(Stop::Refused(_)));
    CheckDocument {
        schema: SCHEMA,
        manager: m.as_str(),
        status: status_of(c),
        formats: c.pasted.formats.iter().map(|f| format_id(*f)).collect(),
        headline: check_headline(c),
        settings: setting_views(c),
        answer: if refused { None } else { answer_view(c) },
        diagnostics: line_diagnostics(c),
        plan: plan_side(c, form),
        changes: check_changes(c),
        use_these_settings: crate::url::scenario_to_query(&settings_for_the_form(&c.applied)),
        link: LinkView {
            ck: link.value,
            dropped: link
                .dropped
                .into_iter()
                .map(|d| DroppedView {
                    key: d.key,
                    reason: drop_reason_id(d.reason),
                })
                .collect(),
        },
        parts: part_views(c),
    }
}

/// The JSON text of a check made against the cluster of `form`.
pub fn check_json(c: &Check, form: &Scenario) -> String {
    // Plain structs with string keys always serialize; the default is never used.
    serde_json::to_string(&check_document(c, form)).unwrap_or_default()
}
