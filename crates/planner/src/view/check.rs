//! "Check my configuration" as the view gives it ([`crate::check::Check`] made against the
//! form's cluster): the numbers of the pasted settings and of the plan beside them, and every
//! word the section shows, made once here. The JS API's `check()` returns it and the page
//! renders it (the reports module sends it through serde-wasm-bindgen).

use super::files::File;
use super::parts::groups;
use super::{ContainerView, NodeGroupView};
use crate::catalog::ClusterManager;
use crate::check::keys::shown_value;
use crate::check::link::{encode, DropReason};
use crate::check::words::{
    answer_warnings, check_changes, check_container_lines, check_headline, check_layout_lines,
    diagnostics, finding_diagnostic, format_name, headline, parts_in_order, parts_lines,
    parts_title, plan_not_offered, replaced_lines, stop, switch_hint, use_these_settings_note,
    Stop,
};
use crate::check::{settings_for_the_form, Answer, Check, Format, SideNumbers};
use crate::scenario::Scenario;
use crate::warning::{Severity, Warning};

/// Whether the pasted settings were checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum CheckStatus {
    /// The settings were planned on the cluster (`answer`).
    Checked,
    /// They cannot be planned on this cluster, or Spark refuses a value (`diagnostics` says
    /// why).
    NotPlanned,
    /// Nothing in the text was read as settings.
    NothingRead,
}

/// The check of a pasted configuration on the form's cluster.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct CheckView {
    /// [`super::SCHEMA`].
    pub schema: u32,
    /// The form's cluster manager.
    pub manager: ClusterManager,
    /// `checked`, `not-planned` or `nothing-read`.
    pub status: CheckStatus,
    /// The kinds of text read, in the order met (`spark-submit`, `spark-defaults`,
    /// `emr-configuration`, `emr-on-eks-job-run`, `emr-serverless-job-run`,
    /// `spark-application`, `link`, `event-log`).
    pub formats: Vec<String>,
    /// "Read as: a spark-submit command, then …." (absent when nothing was read).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub read_as: Option<String>,
    /// The answer in one sentence.
    pub headline: String,
    /// The hint to switch the form's cluster manager, said once under the headline.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub switch_hint: Option<String>,
    /// Each key's value that stands, in the order of the text.
    pub settings: Vec<CheckSetting>,
    /// The pasted settings planned on the cluster (absent when they cannot be planned).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub answer: Option<CheckAnswer>,
    /// The containers in words, one line each.
    pub container_lines: Vec<String>,
    /// Where executors run, in words, one line per group of nodes.
    pub layout_lines: Vec<String>,
    /// What reading found and the answer's warnings (Spark's refusals in Spark's words), with
    /// their line, most severe first.
    pub diagnostics: Vec<CheckFinding>,
    /// What the section lists under "What the check found": the diagnostics without the
    /// switch hint, most severe first.
    pub findings: Vec<CheckFinding>,
    /// The planner's plan for the same cluster (absent when the form is invalid).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub plan: Option<CheckPlan>,
    /// Why the plan's configuration is not offered to paste back, when it is not.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub plan_not_offered: Option<String>,
    /// What changes from the pasted settings to the plan, worded.
    pub changes: Vec<String>,
    /// The share-link query that puts the pasted settings into the form.
    pub use_these_settings: String,
    /// What "Use these settings" does, when it is offered (not for nothing read, nor for a
    /// value Spark refuses).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub use_these_settings_note: Option<String>,
    /// What a share link of this check holds.
    pub link: CheckLink,
    /// A text of several spark-submit commands or SparkApplications: each, checked on its
    /// own, in the order of the text (empty for a text of one). This view is of the part
    /// whose `this` is true.
    pub parts: Vec<CheckPart>,
    /// The heading of `parts_lines` ("Each command, checked on its own"; absent for a text of
    /// one).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub parts_title: Option<String>,
    /// Each part with its answer in one sentence, in the order of the text, and the parts left
    /// unchecked when there are more than the check reads (empty for a text of one).
    pub parts_lines: Vec<String>,
}

/// One part of a text of several, checked on its own.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct CheckPart {
    /// Its number (1 is the first; the command line's `--part`).
    pub number: u32,
    /// `spark-submit` or `spark-application` (as in `formats`).
    pub format: String,
    /// Its first line.
    pub first_line: u32,
    /// Its last line.
    pub last_line: u32,
    /// What it runs: the application's file name, or the SparkApplication's name.
    pub name: String,
    /// Its check's status.
    pub status: CheckStatus,
    /// Its check's headline.
    pub headline: String,
    /// Whether this view is of this part.
    pub this: bool,
}

/// A key's value that stands, where it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct CheckSetting {
    /// The key.
    pub key: String,
    /// The value (`(hidden)` when the key or the value looks secret).
    pub value: String,
    /// The kind of text it was read from (as in `formats`).
    pub format: String,
    /// Its line (1-based; 0 for a link).
    pub line: u32,
    /// The lines of the settings of the same key it replaced (Spark's order of precedence).
    pub replaces: Vec<u32>,
    /// The setting in words: `spark.executor.memory = 8g (line 3, replaces 1)`.
    pub words: String,
}

/// The comparable numbers of the pasted settings or of the plan: the check's own.
pub type CheckNumbers = SideNumbers;

/// The pasted settings planned.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct CheckAnswer {
    /// The comparable numbers.
    pub numbers: CheckNumbers,
    /// Every container or pod, as requested and as granted.
    pub containers: Vec<ContainerView>,
    /// Where executors run, identical consecutive nodes grouped.
    pub layout: Vec<NodeGroupView>,
}

/// A finding of the check, with the line of the pasted text it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct CheckFinding {
    /// The stable code.
    pub code: String,
    /// `info`, `warning` or `error`.
    pub severity: Severity,
    /// The line (1-based) of the pasted text, when the finding is about one.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub line: Option<u32>,
    /// The explanation.
    pub message: String,
}

/// The plan beside the check.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct CheckPlan {
    /// The comparable numbers.
    pub numbers: CheckNumbers,
    /// The plan in one sentence, as the check words its answer.
    pub headline: String,
    /// The form's share-link query: `plan()` of it gives the plan with all its exports.
    pub link: String,
    /// The plan's configuration in the pasted format, to paste back.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub export: Option<CheckExport>,
}

/// A configuration to paste.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct CheckExport {
    /// The report format's name (`submit`, `conf`, `emr-json`, `yaml`).
    pub format: String,
    /// Its name for people ("spark-submit command", "spark-defaults.conf").
    pub name: String,
    /// The text.
    pub text: String,
}

/// What a share link of the check holds: never the text, never a secret.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct CheckLink {
    /// The value of the link's `ck` key (empty when no setting travels).
    pub ck: String,
    /// Keys left out of the link (their values are never repeated).
    pub dropped: Vec<CheckDropped>,
    /// What the page's link holds of the check, in words.
    pub note: String,
}

/// A key left out of the link.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct CheckDropped {
    /// The key.
    pub key: String,
    /// `secret`, `not-needed` or `unsafe` (characters a link does not carry, or too long).
    pub reason: String,
}

/// A format's id (`spark-submit`).
pub fn format_id(format: Format) -> &'static str {
    match format {
        Format::SubmitCommand => "spark-submit",
        Format::DefaultsFile => "spark-defaults",
        Format::EmrConfiguration => "emr-configuration",
        Format::EmrOnEksJob => "emr-on-eks-job-run",
        Format::EmrServerlessJob => "emr-serverless-job-run",
        Format::SparkApplication => "spark-application",
        Format::Link => "link",
        Format::EventLog => "event-log",
    }
}

/// A drop reason's id (`not-needed`).
pub fn drop_reason_id(reason: DropReason) -> &'static str {
    match reason {
        DropReason::Secret => "secret",
        DropReason::NotNeeded => "not-needed",
        DropReason::Unsafe => "unsafe",
    }
}

/// The view of a check made against the cluster of `form`.
pub fn check_view(c: &Check, form: &Scenario) -> CheckView {
    let m: ClusterManager = c.applied.scenario.manager();
    // A refused value was planned with Spark's default in its place: no answer to give.
    let stopped = stop(c);
    let refused = matches!(stopped, Some(Stop::Refused(_)));
    let nothing_read = matches!(stopped, Some(Stop::NothingRead));
    let hint = switch_hint(c);
    let formats: Vec<&str> = c.pasted.formats.iter().map(|f| format_name(*f)).collect();
    let mut findings = diagnostics(c);
    findings.retain(|w| Some(&w.message) != hint.as_ref());
    CheckView {
        schema: super::SCHEMA,
        manager: m,
        status: status_of(c),
        formats: c
            .pasted
            .formats
            .iter()
            .map(|f| format_id(*f).to_string())
            .collect(),
        read_as: (!formats.is_empty() && !nothing_read)
            .then(|| format!("Read as: {}.", formats.join(", then "))),
        headline: check_headline(c),
        switch_hint: hint,
        settings: settings(c),
        answer: if refused { None } else { answer(c) },
        container_lines: check_container_lines(c),
        layout_lines: check_layout_lines(c),
        diagnostics: line_findings(c),
        findings: plain_findings(&findings),
        plan: plan_side(c, form),
        plan_not_offered: plan_not_offered(c, form),
        changes: check_changes(c),
        use_these_settings: crate::url::scenario_to_query(&settings_for_the_form(&c.applied)),
        use_these_settings_note: (!nothing_read && !refused).then(|| use_these_settings_note(c)),
        link: link(c),
        parts: parts(c),
        parts_title: (!c.others.is_empty()).then(|| parts_title(c)),
        parts_lines: parts_lines(c),
    }
}

/// Whether the pasted settings of `c` were checked.
fn status_of(c: &Check) -> CheckStatus {
    let refused = matches!(stop(c), Some(Stop::Refused(_)));
    match (&c.answer, c.compare.pasted.is_some() && !refused) {
        (Answer::NothingRead, _) => CheckStatus::NothingRead,
        (_, true) => CheckStatus::Checked,
        (_, false) => CheckStatus::NotPlanned,
    }
}

/// Every part of a text of several, each checked on its own (none for a text of one).
fn parts(c: &Check) -> Vec<CheckPart> {
    if c.others.is_empty() {
        return Vec::new();
    }
    parts_in_order(c)
        .into_iter()
        .filter_map(|k| {
            let part = k.pasted.parts.get(k.pasted.part)?;
            Some(CheckPart {
                number: u32::try_from(k.pasted.part + 1).unwrap_or(u32::MAX),
                format: format_id(part.format).to_string(),
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

fn answer(c: &Check) -> Option<CheckAnswer> {
    let n = c.compare.pasted.as_ref()?;
    let (containers, layout, m) = match &c.answer {
        Answer::Yarn(p) => (
            super::yarn::containers(&p.placement),
            &p.placement.layout,
            ClusterManager::Yarn,
        ),
        Answer::Kubernetes(p) => (
            super::kubernetes::pods(p, c.kubernetes_spark()?),
            &p.layout,
            ClusterManager::Kubernetes,
        ),
        Answer::Emr(p) => (super::emr::containers(p), &p.layout, ClusterManager::Emr),
        Answer::Invalid(_) | Answer::NothingRead => return None,
    };
    Some(CheckAnswer {
        numbers: *n,
        containers,
        layout: groups(layout, m),
    })
}

/// Settings as the check lists them (secret-looking values hidden: a result may be shared).
pub fn settings(c: &Check) -> Vec<CheckSetting> {
    let mut views = Vec::new();
    for e in c.pasted.effective_listed() {
        let value = shown_value(&e.key, e.value);
        let replaces: Vec<u32> = e.overridden.iter().map(|o| o.line).collect();
        let from = if e.origin.format == Format::Link {
            "from the link".to_string()
        } else {
            format!("line {}", e.origin.line)
        };
        let replaced = match replaces.as_slice() {
            [] => String::new(),
            lines => format!(", replaces {}", replaced_lines(lines)),
        };
        views.push(CheckSetting {
            words: format!("{} = {value} ({from}{replaced})", e.key),
            key: e.key,
            value,
            format: format_id(e.origin.format).to_string(),
            line: e.origin.line,
            replaces,
        });
    }
    views
}

/// Every diagnostic of the check with its line, most severe first and in reading order within
/// a severity.
fn line_findings(c: &Check) -> Vec<CheckFinding> {
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
        .map(|(w, line)| CheckFinding {
            code: w.code.as_str().to_string(),
            severity: w.severity,
            line,
            message: w.message,
        })
        .collect()
}

fn plain_findings(found: &[Warning]) -> Vec<CheckFinding> {
    found
        .iter()
        .map(|w| CheckFinding {
            code: w.code.as_str().to_string(),
            severity: w.severity,
            line: None,
            message: w.message.clone(),
        })
        .collect()
}

fn plan_side(c: &Check, form: &Scenario) -> Option<CheckPlan> {
    let n = c.compare.plan.as_ref()?;
    Some(CheckPlan {
        numbers: *n,
        headline: headline(Some(n)),
        link: crate::url::scenario_to_query(form),
        export: plan_export(c, form).map(|(file, text)| CheckExport {
            format: file.as_str().to_string(),
            name: file.name().to_string(),
            text,
        }),
    })
}

/// The plan's configuration in the format that was pasted, to paste back in its place: the
/// spark-submit command for a command, `spark-defaults.conf` for a defaults file, EMR's
/// classifications for an EMR configuration, the `SparkApplication` fragment for a manifest;
/// for a link's settings the cluster manager's usual one. `spark-defaults.conf` when the plan
/// has nothing in the first choice; `None` when the form cannot be planned or its plan does not
/// run ([`crate::check::words::plan_not_offered`] says why).
pub fn plan_export(c: &Check, form: &Scenario) -> Option<(File, String)> {
    use crate::catalog::ClusterManager as M;
    if plan_not_offered(c, form).is_some() {
        return None;
    }
    let pasted = c.pasted.formats.first().copied().unwrap_or(Format::Link);
    let wanted = match (pasted, form.manager()) {
        (Format::SubmitCommand, _) | (Format::Link, M::Yarn) => File::Submit,
        (Format::DefaultsFile | Format::EventLog, _) => File::Conf,
        (Format::EmrConfiguration | Format::EmrServerlessJob, _) | (Format::Link, M::Emr) => {
            File::EmrJson
        }
        (Format::EmrOnEksJob, _) => File::Conf,
        (Format::SparkApplication, _) | (Format::Link, M::Kubernetes) => File::Yaml,
    };
    let v = super::build(form, &c.plan);
    super::files::file(&v, wanted)
        .map(|text| (wanted, text))
        .or_else(|| super::files::file(&v, File::Conf).map(|t| (File::Conf, t)))
}

/// What the link holds, what it leaves out, and the words for it.
fn link(c: &Check) -> CheckLink {
    let encoded = encode(&c.pasted);
    let secret: Vec<&str> = encoded
        .dropped
        .iter()
        .filter(|d| d.reason == DropReason::Secret)
        .map(|d| d.key.as_str())
        .collect();
    let mut note = if encoded.value.is_empty() {
        "The page's link holds none of these settings.".to_string()
    } else {
        "The page's link holds the settings that shape the answer, in short form (ck=…), not \
         the pasted text."
            .to_string()
    };
    if !secret.is_empty() {
        note.push_str(&format!(
            " Left out because they look secret: {}.",
            secret.join(", ")
        ));
    }
    CheckLink {
        ck: encoded.value,
        dropped: encoded
            .dropped
            .iter()
            .map(|d| CheckDropped {
                key: d.key.clone(),
                reason: drop_reason_id(d.reason).to_string(),
            })
            .collect(),
        note,
    }
}
