//! The check in words: each finding as a diagnostic naming its line, which value won, the
//! answer's headline and the comparison with the plan. Made from [`Check`]'s numbers only.

use super::answer::{Answer, Check, CpuCounted, SideNumbers};
use super::keys::{GPU_EXECUTOR_AMOUNT, GPU_TASK_AMOUNT};
use super::{BadValue, Effective, Finding, FindingKind, Format, Origin, MAX_TEXT_BYTES};
use crate::catalog::ClusterManager;
use crate::dynamic_allocation::{allocation_notes, AllocationNumbers};
use crate::format;
use crate::spark_keys;
use crate::warning::{most_severe_first, Code, Severity, Warning};

/// How a format is named in messages.
pub fn format_name(format: Format) -> &'static str {
    match format {
        Format::SubmitCommand => "spark-submit command",
        Format::DefaultsFile => "spark-defaults.conf",
        Format::EmrConfiguration => "EMR configuration (JSON)",
        Format::SparkApplication => "SparkApplication manifest (YAML)",
        Format::EmrOnEksJob => "EMR on EKS job run (JSON)",
        Format::EmrServerlessJob => "EMR Serverless job run (JSON)",
        Format::Link => "link",
        Format::EventLog => "event log",
    }
}

/// "Line 3: " (or "In the link: "), the start of a message about one place.
pub fn place(origin: Option<Origin>) -> String {
    match origin {
        Some(Origin {
            format: Format::Link,
            ..
        }) => "In the link: ".to_string(),
        Some(o) => format!("Line {}: ", o.line),
        None => String::new(),
    }
}

/// A finding's severity and code.
pub fn finding_kind(kind: &FindingKind) -> (Severity, Code) {
    use FindingKind as F;
    match kind {
        F::BadValue { .. } => (Severity::Error, Code::InvalidValue),
        F::TooLong { .. }
        | F::Command(_)
        | F::MalformedEscape
        | F::Syntax { .. }
        | F::FormatNotInBuild { .. }
        | F::NotSparkApplication { .. }
        | F::NotClassifications => (Severity::Error, Code::UnreadableValue),
        F::Misspelt { .. } | F::NonSparkKey { .. } | F::NotASetting { .. } => {
            (Severity::Warning, Code::UnknownSetting)
        }
        F::Deprecated { .. } => (Severity::Warning, Code::DeprecatedSetting),
        F::PropertiesFile { .. } | F::ShellVariable { .. } | F::BadField { .. } => {
            (Severity::Warning, Code::UnreadableValue)
        }
        F::EmrOnlyKey { .. } | F::NotAString { .. } => (Severity::Warning, Code::SettingIgnored),
        F::Empty
        | F::ClassificationNotRead { .. }
        | F::OtherMaster { .. }
        | F::NotCarried { .. } => (Severity::Info, Code::SettingIgnored),
        F::ExplicitBesideMaximize { .. } | F::OtherManager { .. } => {
            (Severity::Warning, Code::SettingIgnored)
        }
        F::MaximizeLeavesCountToDynamicAllocation { .. } => (Severity::Info, Code::SettingIgnored),
        F::BadResourceAmount { .. }
        | F::ResourceRefused(_)
        | F::NoDiscoveryScript { .. }
        | F::NoVendor { .. } => (Severity::Error, Code::InvalidValue),
        F::TasksLimitedByResource { .. } | F::ResourceUnusedByTasks { .. } => {
            (Severity::Warning, Code::ResourceLimitsTasks)
        }
        F::OperatorGpu { .. } => (Severity::Info, Code::ResourceLimitsTasks),
        other => reading_kind(other),
    }
}

/// The severity and code of what reading a command or a structured text found.
fn reading_kind(kind: &FindingKind) -> (Severity, Code) {
    use super::SubmitOutcome as O;
    use FindingKind as F;
    match kind {
        F::CommandCut(_)
        | F::NotCheckable { .. }
        | F::Mistyped {
            outcome: O::Refused(_) | O::TakenAsApplication { .. },
            ..
        } => (Severity::Error, Code::UnreadableValue),
        F::OptionsAfterApplication {
            plausible: false, ..
        } => (Severity::Error, Code::UnreadableValue),
        F::NoApplication | F::MasterRefused { .. } | F::JavaOptionsRefused { .. } => {
            (Severity::Error, Code::InvalidValue)
        }
        F::ByteOrderMark { .. }
        | F::WindowsLineEndings
        | F::OptionLinesJoined { .. }
        | F::OptionsAfterApplication { .. } => (Severity::Warning, Code::UnreadableValue),
        F::InvisibleCharacter { .. } | F::Mistyped { .. } => {
            (Severity::Warning, Code::UnknownSetting)
        }
        F::IgnoredKey { .. } => (Severity::Warning, Code::SettingIgnored),
        _ => (Severity::Info, Code::SettingIgnored),
    }
}

/// A finding as a message, naming its line.
pub fn finding_message(f: &Finding, manager: ClusterManager) -> String {
    format!("{}{}", place(f.origin), kind_message(&f.kind, manager))
}

fn kind_message(kind: &FindingKind, manager: ClusterManager) -> String {
    use FindingKind as F;
    match kind {
        F::Empty => "Nothing to check: paste a spark-submit command, a spark-defaults.conf, an \
                     EMR configuration (JSON) or a SparkApplication manifest (YAML)."
            .to_string(),
        F::TooLong { bytes } => format!(
            "The text is {} bytes; the check reads at most {} bytes.",
            format::group(*bytes as u64),
            format::group(MAX_TEXT_BYTES as u64)
        ),
        F::Command(e) => format!("spark-submit refuses this command: {e}."),
        F::PropertiesFile { path } => format!(
            "--properties-file {path} names a file the check cannot read (spark-submit reads it \
             instead of spark-defaults.conf): paste its lines to check them."
        ),
        F::MalformedEscape => "Malformed \\uxxxx encoding: Java's Properties cannot read this \
                               line, so Spark cannot read the file."
            .to_string(),
        F::NonSparkKey { key } => format!(
            "{key} is not a Spark setting (Spark's keys start with spark.): spark-submit ignores \
             it (\"Ignoring non-Spark config property: {key}\")."
        ),
        F::Misspelt { key, suggestion } => format!(
            "Spark does not know {key}: did you mean {suggestion}? Spark ignores keys it does not \
             know, so this setting has no effect."
        ),
        F::Deprecated {
            key,
            replacement,
            since,
        } => format!(
            "{key} is deprecated since Spark {since}: use {replacement} (Spark reads the old key \
             only when the new one is not set)."
        ),
        F::EmrOnlyKey { key } => format!(
            "{key} is read only by Amazon EMR's Spark; Apache Spark on {} ignores it{}.",
            manager.name(),
            if key.ends_with("memoryOverheadFactor") {
                ": use spark.executor.memoryOverheadFactor"
            } else {
                ""
            }
        ),
        F::BadValue { key, value, reason } => bad_value_message(key, value, reason),
        F::ShellVariable { key, value } => format!(
            "{key} is {value}, a shell variable the check cannot know: Spark's default is used \
             here; type the value to check it."
        ),
        other => structure_message(other, manager),
    }
}

/// One EMR classification, as the message for a JSON that is not a list of them shows it.
const CLASSIFICATION_EXAMPLE: &str = r#"{"Classification": "spark-defaults", "Properties": {…}}"#;

fn structure_message(kind: &FindingKind, manager: ClusterManager) -> String {
    use FindingKind as F;
    match kind {
        F::Syntax { message } => format!("the text does not parse: {message}."),
        F::FormatNotInBuild { format } => {
            format!("This build cannot read a {}.", format_name(*format))
        }
        F::NotSparkApplication { kind } if kind.is_empty() => {
            "this YAML is not a SparkApplication manifest (no kind: SparkApplication).".to_string()
        }
        F::NotSparkApplication { kind } => {
            format!("this YAML is a {kind}, not a SparkApplication: nothing to check in it.")
        }
        F::NotClassifications => format!(
            "this JSON is not an EMR configuration: a list of classifications such as \
             {CLASSIFICATION_EXAMPLE}."
        ),
        F::ClassificationNotRead { name } => format!(
            "the {name} classification is not checked: the cluster's own settings come from the \
             form."
        ),
        F::NotAString { key } => format!(
            "the value of {key} is not a JSON string: EMR takes property values as strings \
             (\"4\", not 4)."
        ),
        F::BadField { field, expected } => format!("{field} should be {expected}."),
        F::OtherMaster { master } => format!(
            "the master {master} is not {}: these settings are checked on the form's {} cluster.",
            manager.name(),
            manager.name()
        ),
        F::NotASetting { text } => format!("\"{text}\" is not a setting the check reads."),
        F::ExplicitBesideMaximize {
            key,
            value,
            maximized,
            maximize_line,
        } => explicit_beside_maximize_message(key, value, *maximized, *maximize_line),
        F::MaximizeLeavesCountToDynamicAllocation { core_nodes } => format!(
            "maximizeResourceAllocation sets no spark.executor.instances ({core_nodes}, one per \
             core node) beside spark.dynamicAllocation.enabled=true (EMR Release Guide, \
             \"Using maximizeResourceAllocation\"): dynamic allocation chooses the count; \
             memory and cores are still maximised."
        ),
        F::BadResourceAmount { .. }
        | F::ResourceRefused(_)
        | F::TasksLimitedByResource { .. }
        | F::ResourceUnusedByTasks { .. }
        | F::NoDiscoveryScript { .. }
        | F::NoVendor { .. }
        | F::OperatorGpu { .. } => resource_message(kind),
        F::OtherManager {
            suggested,
            evidence,
        } => {
            let to = suggested.name();
            format!(
                "These settings are for {to} ({evidence}), not {}: switch the form to {to} to \
                 check them there.",
                manager.name()
            )
        }
        F::NotCarried { key } if [GPU_EXECUTOR_AMOUNT, GPU_TASK_AMOUNT].contains(&key.as_str()) => {
            format!(
                "{key} is counted in this check, but the form holds no GPUs yet: \"Use these \
                 settings\" leaves it out."
            )
        }
        F::NotCarried { key } => format!(
            "{key} is not part of this check on {}: the form does not hold it, so it is left out \
             of the answer and of \"Use these settings\".",
            manager.name()
        ),
        other => super::words_reading::message(other),
    }
}

fn explicit_beside_maximize_message(
    key: &str,
    value: &str,
    maximized: u64,
    maximize_line: u32,
) -> String {
    let unit = if key.ends_with("memory") { "m" } else { "" };
    format!(
        "{key} = {value} and maximizeResourceAllocation (line {maximize_line}) are both given: \
         the answer uses {value}, not {maximized}{unit}, as EMR writes its maximised values only \
         for keys not set otherwise (AWS does not document it). Check {key} in \
         /etc/spark/conf/spark-defaults.conf on the primary node."
    )
}

/// What spark-submit itself says when one of these settings is not a positive number, whatever
/// set it (`SparkSubmitArguments.validateSubmitArguments`, apache/spark
/// `core/src/main/scala/org/apache/spark/deploy/SparkSubmitArguments.scala`).
const SUBMIT_REFUSALS: &[(&str, &str)] = &[
    (
        spark_keys::DRIVER_MEMORY,
        "Driver memory must be a positive number",
    ),
    (
        spark_keys::EXECUTOR_MEMORY,
        "Executor memory must be a positive number",
    ),
    (
        spark_keys::DRIVER_CORES,
        "Driver cores must be a positive number",
    ),
    (
        spark_keys::EXECUTOR_CORES,
        "Executor cores must be a positive number",
    ),
    (
        spark_keys::CORES_MAX,
        "Total executor cores must be a positive number",
    ),
    (
        spark_keys::EXECUTOR_INSTANCES,
        "Number of executors must be a positive number",
    ),
];

/// Spark's own words for a value it refuses (`ConfigBuilder`'s "should be int, but was …",
/// `JavaUtils.byteStringAs`' size message, spark-submit's own check), with what to type.
fn bad_value_message(key: &str, value: &str, reason: &BadValue) -> String {
    let why = sentence(&config_refusal(key, value, reason));
    match SUBMIT_REFUSALS.iter().find(|(k, _)| *k == key) {
        Some((_, refusal)) => format!("{why} spark-submit stops: \"{refusal}\"."),
        None => why,
    }
}

/// `text` ending as a sentence: a full stop added unless it already ends with one (Spark's own
/// messages often end without).
fn sentence(text: &str) -> String {
    if matches!(text.as_bytes().last(), Some(b'.' | b'!' | b'?')) {
        text.to_string()
    } else {
        format!("{text}.")
    }
}

fn config_refusal(key: &str, value: &str, reason: &BadValue) -> String {
    match reason {
        BadValue::Size(e) => format!(
            "{key} = \"{value}\": {}",
            sentence(&e.to_string().replace('\n', " "))
        ),
        BadValue::NotInt if key.ends_with(".cores") && value.contains('.') => format!(
            "{key} should be int, but was \"{value}\": Spark counts cores in whole numbers (on \
             Kubernetes, spark.kubernetes.executor.request.cores takes a fraction such as 0.5)."
        ),
        // The value in quotes: the user's own text, never regrouped as a number of the page's.
        BadValue::NotInt => format!("{key} should be int, but was \"{value}\"."),
        BadValue::NotNumber => format!("{key} should be double, but was \"{value}\"."),
        BadValue::NotBool => format!("{key} should be boolean, but was \"{value}\"."),
        BadValue::NotDeployMode => {
            format!("{key} is \"{value}\": the deploy mode must be either client or cluster.")
        }
        BadValue::NotCpuQuantity => format!(
            "{key}: \"{value}\" is not a CPU quantity: use cores (2, 0.5, 1.5) or millicores \
             (500m)."
        ),
        BadValue::OutOfRange(allowed) => format!("{key} = \"{value}\": {}", sentence(allowed)),
    }
}

/// A finding as a diagnostic.
pub fn finding_diagnostic(f: &Finding, manager: ClusterManager) -> Warning {
    let (severity, code) = finding_kind(&f.kind);
    Warning::new(code, severity, finding_message(f, manager))
}

/// Everything the check says, most severe first: what reading found, then the answer's own
/// warnings (Spark's and YARN's refusals among them, in Spark's words).
pub fn diagnostics(c: &Check) -> Vec<Warning> {
    let m = c.applied.scenario.manager();
    // A hint to switch the form's cluster manager comes first: everything below depends on it.
    let is_hint = |f: &&Finding| matches!(f.kind, FindingKind::OtherManager { .. });
    let hints = c.applied.findings.iter().filter(is_hint);
    let others = c.applied.findings.iter().filter(|f| !is_hint(f));
    let mut out: Vec<Warning> = hints
        .chain(&c.pasted.findings)
        .chain(others)
        .map(|f| finding_diagnostic(f, m))
        .collect();
    out.extend(answer_warnings(c));
    most_severe_first(out)
}

/// The answer's own warnings (Spark's and YARN's refusals among them, in Spark's words), without
/// what reading found. None when a value was refused (the answer was planned with Spark's
/// defaults in its place, so its warnings are not about what was pasted), and only the errors
/// when the settings do not run (how much a job that never starts would waste is no finding).
pub fn answer_warnings(c: &Check) -> Vec<Warning> {
    if refused_finding(c).is_some() {
        return Vec::new();
    }
    let all = all_answer_warnings(c);
    if all.iter().any(|w| w.severity == Severity::Error) {
        return all
            .into_iter()
            .filter(|w| w.severity == Severity::Error)
            .collect();
    }
    all
}

fn all_answer_warnings(c: &Check) -> Vec<Warning> {
    let mut all = placement_warnings(c);
    all.extend(allocation_warnings(c));
    all
}

/// The form's dynamic allocation findings for the pasted settings (Spark's refusals, an
/// unbounded or unreachable maxExecutors, settings Spark ignores), in the form's words; the
/// count note aside, as the headline says what Spark starts.
fn allocation_warnings(c: &Check) -> Vec<Warning> {
    let Some(a) = &c.allocation else {
        return Vec::new();
    };
    let mut notes = allocation_notes(a);
    notes.retain(|w| w.code != Code::DynamicAllocationCount);
    // The form's shuffle choice stands for several keys: the message names them.
    for w in &mut notes {
        w.field = w
            .field
            .filter(|f| *f != crate::catalog::FieldId::ShuffleKeeping);
    }
    notes
}

fn placement_warnings(c: &Check) -> Vec<Warning> {
    match (&c.answer, &c.applied.scenario) {
        (Answer::Yarn(p), _) => p.warnings.clone(),
        (Answer::Kubernetes(p), crate::scenario::Scenario::Kubernetes(input)) => {
            crate::k8s::k8s_warnings(input, p)
        }
        (Answer::Emr(p), _) => crate::emr::warnings(p),
        (Answer::Invalid(d), _) => d.clone(),
        (Answer::NothingRead, _) => vec![Warning::new(
            Code::UnreadableValue,
            Severity::Error,
            "No setting was read from the text: nothing to check.",
        )],
        _ => Vec::new(),
    }
}

/// What stops the pasted settings, when something does.
#[derive(Debug, Clone, Copy)]
pub enum Stop<'a> {
    /// Nothing was read from the text.
    NothingRead,
    /// Reading found an error: a value Spark refuses, or text Spark cannot read. The answer was
    /// planned with Spark's defaults in its place: it is not what would run.
    Refused(&'a Finding),
    /// The settings read, but Spark or the cluster refuses them, or executors fail to start.
    DoesNotRun,
}

/// The first error-severity finding of reading, if any.
fn refused_finding(c: &Check) -> Option<&Finding> {
    c.pasted
        .findings
        .iter()
        .chain(&c.applied.findings)
        .find(|f| finding_kind(&f.kind).0 == Severity::Error)
}

/// What stops the pasted settings from running as pasted (`None`: they run).
pub fn stop(c: &Check) -> Option<Stop<'_>> {
    if matches!(c.answer, Answer::NothingRead) {
        return Some(Stop::NothingRead);
    }
    if let Some(f) = refused_finding(c) {
        return Some(Stop::Refused(f));
    }
    let runs = c.compare.pasted.is_some_and(|n| n.runs);
    let errors = all_answer_warnings(c)
        .iter()
        .any(|w| w.severity == Severity::Error);
    (errors || !runs).then_some(Stop::DoesNotRun)
}

/// The formats the check reads, for a text where nothing was read.
const FORMATS_READ: &str = "a spark-submit command, a spark-defaults.conf, an EMR configuration \
                            (JSON) or a SparkApplication manifest (YAML)";

/// The check's answer in one sentence or two: what stops the settings first, in Spark's words,
/// when something does (then no number planned from substitutes is given as the answer);
/// otherwise [`headline`] of the pasted settings' numbers.
pub fn check_headline(c: &Check) -> String {
    let m = c.applied.scenario.manager();
    let errors = diagnostics(c)
        .into_iter()
        .filter(|w| w.severity == Severity::Error)
        .count() as u64;
    let more = match errors.saturating_sub(1) {
        0 => String::new(),
        n => format!(" ({} below.)", format::counted(n, "more error")),
    };
    match stop(c) {
        None => headline_with(c.compare.pasted.as_ref(), c.allocation.as_ref()),
        // Text that does not parse says where first (nothing could be read past it).
        Some(Stop::NothingRead) => match refused_finding(c) {
            Some(f) => format!("The check cannot read this text. {}", finding_message(f, m)),
            None => {
                format!("No Spark setting was read from this text: the check reads {FORMATS_READ}.")
            }
        },
        Some(Stop::Refused(f)) => {
            format!(
                "{}. {}{more}",
                refused_words(&f.kind),
                finding_message(f, m)
            )
        }
        Some(Stop::DoesNotRun) => {
            let first = all_answer_warnings(c)
                .into_iter()
                .find(|w| w.severity == Severity::Error)
                .map_or("No executor can start.".to_string(), |w| w.message);
            format!("These settings do not run on this cluster. {first}{more}")
        }
    }
}

/// "3 spark-submit commands", "1 SparkApplication", "no command": the parts of a text.
pub fn parts_count(pasted: &super::Pasted) -> String {
    match pasted.parts.first() {
        Some(p) => format::counted(
            pasted.parts.len() as u64,
            super::words_reading::part_noun(p.format),
        ),
        None => "no spark-submit command or SparkApplication".to_string(),
    }
}

/// The part a check is of, when its text holds several: "command 2 (lines 6–9, report.py)".
pub fn part_name(pasted: &super::Pasted) -> Option<String> {
    if pasted.parts.len() < 2 {
        return None;
    }
    let part = pasted.parts.get(pasted.part)?;
    Some(super::words_reading::part_words(part, pasted.part, false))
}

/// The check of every part of a text of several, in the order of the text: `c` in its place
/// among [`Check::others`] (which hold the other parts in order).
pub fn parts_in_order(c: &Check) -> Vec<&Check> {
    let mut all: Vec<&Check> = Vec::with_capacity(c.others.len() + 1);
    let mut placed = false;
    for other in &c.others {
        if !placed && other.pasted.part > c.pasted.part {
            all.push(c);
            placed = true;
        }
        all.push(other);
    }
    if !placed {
        all.push(c);
    }
    all
}

/// The title of [`parts_lines`]: "Each command, checked on its own".
pub fn parts_title(c: &Check) -> String {
    let noun = match c.pasted.parts.first().map(|p| p.format) {
        Some(Format::SparkApplication) => "SparkApplication",
        _ => "command",
    };
    format!("Each {noun}, checked on its own")
}

/// Each part of a text of several, with its answer in one sentence, in the order of the text:
/// "Command 2 (lines 6–9, report.py): 10 of 10 executors asked for run here, …" (empty for a
/// text of one part).
pub fn parts_lines(c: &Check) -> Vec<String> {
    if c.others.is_empty() {
        return Vec::new();
    }
    let mut lines: Vec<String> = parts_in_order(c)
        .into_iter()
        .filter_map(|k| {
            let part = k.pasted.parts.get(k.pasted.part)?;
            let this = if k.pasted.part == c.pasted.part {
                " (this answer)"
            } else {
                ""
            };
            Some(format!(
                "{}{this}: {}",
                super::words_reading::part_words(part, k.pasted.part, true),
                check_headline(k)
            ))
        })
        .collect();
    let more = c.pasted.parts.len().saturating_sub(super::MAX_PARTS);
    if more > 0 {
        lines.push(format::in_text(&format!(
            "{} more not checked here: check them on their own.",
            format::counted(more as u64, "part")
        )));
    }
    lines
}

/// What an error of reading means for the settings, as the answer's headline starts: Spark
/// refuses them, Spark would not get them as they are written, or the text cannot be read.
pub fn refused_words(kind: &FindingKind) -> &'static str {
    use super::SubmitOutcome as O;
    use FindingKind as F;
    match kind {
        F::BadValue { .. }
        | F::Command(_)
        | F::MalformedEscape
        | F::NoApplication
        | F::MasterRefused { .. }
        | F::JavaOptionsRefused { .. }
        | F::Mistyped {
            outcome: O::Refused(_),
            ..
        }
        | F::BadResourceAmount { .. }
        | F::ResourceRefused(_)
        | F::NoVendor { .. } => "Spark refuses these settings",
        F::NoDiscoveryScript { .. } => "The executors stop at start with these settings",
        F::CommandCut(_) | F::Mistyped { .. } | F::OptionsAfterApplication { .. } => {
            "Spark would not get these settings as they are written"
        }
        _ => "The check cannot read this text",
    }
}

/// The hint to switch the form's cluster manager, when the settings are for another one (shown
/// under the headline too: every number below depends on it).
pub fn switch_hint(c: &Check) -> Option<String> {
    let m = c.applied.scenario.manager();
    c.applied
        .findings
        .iter()
        .find(|f| matches!(f.kind, FindingKind::OtherManager { .. }))
        .map(|f| finding_message(f, m))
}

/// One sentence for beside "Use these settings": which pasted settings move into the form, and
/// what the plan decides itself ([`super::settings_for_the_form`] is what it does).
pub fn use_these_settings_note(c: &Check) -> String {
    let what = match c.applied.scenario.manager() {
        ClusterManager::Yarn => {
            "Moves your executor cores and Spark settings into the form; on YARN the plan sizes \
             the executor count and heap itself"
        }
        _ => "Moves your executor and driver settings into the form as given",
    };
    let left_out = c.applied.findings.iter().any(|f| {
        matches!(
            f.kind,
            FindingKind::NotCarried { .. } | FindingKind::EmrOnlyKey { .. }
        )
    });
    if left_out {
        format!("{what}; those it cannot hold stay out.")
    } else {
        format!("{what}.")
    }
}

/// The errors of the planner's plan for `form` (its warnings of error severity; the form's own
/// problems when it cannot be planned).
fn plan_errors(c: &Check, form: &crate::scenario::Scenario) -> Vec<Warning> {
    use crate::scenario::{Outcome, Scenario};
    let all = match (&c.plan, form) {
        // The placement's findings (its refusals among them), as the YARN answer has them.
        (Outcome::Yarn(cmp), _) => {
            let v = &cmp.input;
            crate::place::explain_placement(
                &cmp.selected_plan().placement,
                &v.shape,
                &v.scheduler,
                v.input.policy.cluster_share_pct,
            )
        }
        (Outcome::Kubernetes(p), Scenario::Kubernetes(input)) => crate::k8s::k8s_warnings(input, p),
        (Outcome::Emr(p), _) => crate::emr::warnings(p),
        (Outcome::Invalid(d), _) => d.clone(),
        _ => Vec::new(),
    };
    all.into_iter()
        .filter(|w| w.severity == Severity::Error)
        .collect()
}

/// Why the plan's configuration is not given to paste back ("Use the plan"), when the plan does
/// not run on the cluster of `form` (its first error, in the planner's words); `None`
/// when it runs.
pub fn plan_not_offered(c: &Check, form: &crate::scenario::Scenario) -> Option<String> {
    let first = plan_errors(c, form).into_iter().next();
    let runs = c.compare.plan.is_some_and(|p| p.runs);
    if runs && first.is_none() {
        return None;
    }
    let why = first.map_or("not every container of it can start".to_string(), |w| {
        w.message
    });
    Some(format!(
        "No plan to paste back: the plan does not run on this cluster. {why}"
    ))
}

/// What changes from the pasted settings to the plan, when the pasted settings run (when they
/// do not, their numbers are not what would run: only whether the plan runs is said).
pub fn check_changes(c: &Check) -> Vec<String> {
    let plan_runs = c.compare.plan.is_some_and(|p| p.runs);
    match stop(c) {
        // A plan that does not run has no numbers worth comparing with.
        None if c.compare.plan.is_some_and(|p| !p.runs) => {
            vec!["Your containers all start; the plan's do not.".to_string()]
        }
        None => changes(c.compare.pasted.as_ref(), c.compare.plan.as_ref()),
        Some(Stop::NothingRead) => Vec::new(),
        Some(_) if plan_runs => {
            vec!["The plan's containers all start; yours do not.".to_string()]
        }
        Some(_) => Vec::new(),
    }
}

/// The containers to show: none when a value was refused (they were planned with Spark's
/// defaults in its place); Spark's requests otherwise, even when refused (they say why).
pub fn check_container_lines(c: &Check) -> Vec<String> {
    match stop(c) {
        Some(Stop::Refused(_) | Stop::NothingRead) => Vec::new(),
        _ => container_lines(c),
    }
}

/// Where executors run: only when the settings run.
pub fn check_layout_lines(c: &Check) -> Vec<String> {
    match stop(c) {
        None => layout_lines(&c.answer),
        Some(_) => Vec::new(),
    }
}

/// "line 2", "lines 2 and 3", "lines 2, 3, 4 and 11 796 more": the lines a setting replaces,
/// at most three named.
pub fn replaced_lines(lines: &[u32]) -> String {
    const NAMED: usize = 3;
    let named: Vec<String> = lines.iter().take(NAMED).map(u32::to_string).collect();
    match lines.len() {
        0 => String::new(),
        1 => format!("line {}", named.join("")),
        n if n <= NAMED => format!("lines {} and {}", named[..n - 1].join(", "), named[n - 1]),
        n if n == NAMED + 1 => format!("lines {} and {}", named.join(", "), lines[NAMED]),
        n => format!(
            "lines {} and {} more",
            named.join(", "),
            format::in_text(&(n - NAMED).to_string())
        ),
    }
}

/// Which setting won for a key read more than once: "spark.executor.memory = 8g (line 5,
/// spark-submit command) replaces line 2 (spark-defaults.conf)" (at most three replaced lines
/// named, the rest counted).
pub fn won_words(e: &Effective) -> Option<String> {
    if e.overridden.is_empty() {
        return None;
    }
    let mut formats: Vec<&str> = Vec::new();
    for o in &e.overridden {
        if o.format != Format::Link && !formats.contains(&format_name(o.format)) {
            formats.push(format_name(o.format));
        }
    }
    let lines: Vec<u32> = e
        .overridden
        .iter()
        .filter(|o| o.format != Format::Link)
        .map(|o| o.line)
        .collect();
    let replaced = match (lines.is_empty(), formats.is_empty()) {
        (true, _) => "the link's value".to_string(),
        (false, true) => replaced_lines(&lines),
        (false, false) => format!("{} ({})", replaced_lines(&lines), formats.join(", ")),
    };
    Some(format!(
        "{} = {} ({}{}) replaces {replaced}",
        e.key,
        e.value,
        place_short(e.origin),
        format_name(e.origin.format),
    ))
}

fn place_short(o: Origin) -> String {
    match o.format {
        Format::Link => String::new(),
        _ => format!("line {}, ", o.line),
    }
}

/// The answer in one sentence (numbers of 10 000 and above in the page's digit groups).
pub fn headline(n: Option<&SideNumbers>) -> String {
    headline_with(n, None)
}

/// [`headline`], with dynamic allocation when it is on: what Spark starts and how far it may
/// grow come first, and the executors that run are those of its ceiling (maxExecutors, or as
/// many as fit).
pub fn headline_with(n: Option<&SideNumbers>, allocation: Option<&AllocationNumbers>) -> String {
    let Some(n) = n else {
        return "These settings cannot be planned on this cluster.".to_string();
    };
    if !n.runs {
        return "These settings do not run on this cluster: no executor can start.".to_string();
    }
    let running = match allocation.filter(|a| a.enabled) {
        Some(a) => allocation_running(n, a),
        None => running_words(n),
    };
    let container = match n.cpu_counted {
        CpuCounted::PodRequests => "pod",
        _ => "container",
    };
    let each = if n.several_sizes {
        "the largest"
    } else {
        "each"
    };
    format::in_text(&format!(
        "{running}, {each} with {} and {} MiB of heap in a {} MiB {container}: {} at once.",
        format::counted(n.cores_per_executor, "core"),
        n.heap_mib,
        n.container_mib,
        format::counted(n.task_slots, "task")
    ))
}

/// How many of the executors asked for run.
fn running_words(n: &SideNumbers) -> String {
    match n.executors_asked {
        // EMR merged requests: how many of those asked for run, then as how many executors.
        Some(a) if n.requests_running != n.executors_running => format!(
            "{} of {} asked for run here, merged by EMR into {}",
            n.requests_running,
            format::counted(a, "executor"),
            format::counted(n.executors_running, "executor")
        ),
        Some(a) => format!(
            "{} of {} asked for run here",
            n.executors_running,
            format::counted(a, "executor")
        ),
        None if n.executors_running == 1 => "1 executor (as many as fit) runs here".to_string(),
        None => format!(
            "{} executors (as many as fit) run here",
            n.executors_running
        ),
    }
}

/// With dynamic allocation: what Spark starts (the largest of minExecutors, initialExecutors
/// and spark.executor.instances), how far it may grow, and how many of those run here.
fn allocation_running(n: &SideNumbers, a: &AllocationNumbers) -> String {
    let start = format::counted(a.initial.into(), "executor");
    let grow = match a.ceiling {
        None => "may grow to as many as fit (no maxExecutors)".to_string(),
        Some(max) if max > a.initial => format!("may grow to {max}"),
        Some(max) if max < a.initial => format!("then keeps at most {max}"),
        Some(_) => "keeps that many (its maxExecutors)".to_string(),
    };
    let merged = if n.requests_running == n.executors_running {
        String::new()
    } else {
        format!(
            " requests, merged by EMR into {},",
            format::counted(n.executors_running, "executor")
        )
    };
    let run = match (a.ceiling, n.executors_asked) {
        (Some(_), Some(asked)) => format!("{} of those {asked}{merged}", n.requests_running),
        _ => format!("{}{merged}", n.requests_running),
    };
    let verb = if n.requests_running == 1 && merged.is_empty() {
        "runs"
    } else {
        "run"
    };
    format!("Dynamic allocation: Spark starts {start} and {grow}; {run} {verb} here")
}

/// Millicores as cores with their unit: "0.5 cores", "1 core", "33 cores".
fn cores(millis: u64) -> String {
    let n = crate::format::cores(millis);
    if millis == 1000 {
        format!("{n} core")
    } else {
        format!("{n} cores")
    }
}

/// What changes from the pasted settings to the plan, line by line (empty when either side
/// cannot be planned).
pub fn changes(pasted: Option<&SideNumbers>, plan: Option<&SideNumbers>) -> Vec<String> {
    let (Some(a), Some(b)) = (pasted, plan) else {
        return Vec::new();
    };
    if a == b {
        return vec!["The plan runs the same executors as your settings.".to_string()];
    }
    let mut out = Vec::new();
    if !a.runs && b.runs {
        out.push("The plan's containers all start; yours do not.".to_string());
    }
    let rows: [(&str, u64, u64, &str); 5] = [
        (
            "Executors running",
            a.executors_running,
            b.executors_running,
            "",
        ),
        ("Tasks at once", a.task_slots, b.task_slots, ""),
        (
            "Cores per executor",
            a.cores_per_executor,
            b.cores_per_executor,
            "",
        ),
        ("Heap per executor", a.heap_mib, b.heap_mib, " MiB"),
        (
            "Memory left unused",
            a.memory_available_mib.saturating_sub(a.memory_used_mib),
            b.memory_available_mib.saturating_sub(b.memory_used_mib),
            " MiB",
        ),
    ];
    if a.cpu_reserved_millis != b.cpu_reserved_millis {
        out.push(cpu_change(a, b));
    }
    for (label, mine, planned, unit) in rows {
        if mine != planned {
            let fewer = if unit.is_empty() { "fewer" } else { "less" };
            out.push(format::in_text(&format!(
                "{label}: {mine}{unit} with yours, {planned}{unit} with the plan ({}{unit} {}).",
                planned.abs_diff(mine),
                than_the_plan(mine, planned, fewer)
            )));
        }
    }
    out
}

/// Yours beside the plan's, in words: "more than the plan" or "fewer than the plan" (`fewer`:
/// "less" for amounts).
fn than_the_plan(mine: u64, planned: u64, fewer: &str) -> String {
    let more = if mine > planned { "more" } else { fewer };
    format!("{more} than the plan")
}

/// The CPU line of the comparison, saying what the number counts: the pods' CPU requests on
/// Kubernetes, the vcores YARN's containers hold, or, under the DefaultResourceCalculator (which
/// schedules by memory alone), one vcore per container request whatever the executor's cores.
fn cpu_change(a: &SideNumbers, b: &SideNumbers) -> String {
    let (mine, planned) = (a.cpu_reserved_millis, b.cpu_reserved_millis);
    let than = than_the_plan(mine, planned, "fewer");
    let line = match a.cpu_counted {
        CpuCounted::PodRequests => format!(
            "CPU reserved: {} with yours, {} with the plan ({} {than}).",
            cores(mine),
            cores(planned),
            cores(planned.abs_diff(mine))
        ),
        counted => {
            let vcores = |millis: u64| counted_vcores(millis / 1000);
            let what = match counted {
                CpuCounted::OneVcorePerContainer => {
                    "Vcores YARN records (1 per container request under the \
                     DefaultResourceCalculator)"
                }
                _ => "Vcores YARN reserves",
            };
            format!(
                "{what}: {} with yours, {} with the plan ({} {than}).",
                vcores(mine),
                vcores(planned),
                vcores(planned.abs_diff(mine))
            )
        }
    };
    format::in_text(&line)
}

fn counted_vcores(n: u64) -> String {
    format::counted(n, "vcore")
}

/// Every container of the answer, as Spark requests it and as the cluster grants it.
pub fn container_lines(c: &Check) -> Vec<String> {
    let lines = match &c.answer {
        Answer::Yarn(p) => {
            let p = &p.placement;
            let (e, am) = (&p.executor, &p.am);
            vec![
                format!(
                    "Executor: Spark requests {} MiB (heap {} + overhead {}{}{}) and {}; YARN \
                     grants {} MiB and {}.",
                    e.request.memory_mib,
                    e.memory.heap_mib,
                    e.memory.overhead_mib,
                    plus("off-heap", e.memory.offheap_mib),
                    plus("PySpark", e.memory.pyspark_mib),
                    format::counted(u64::from(e.request.vcores), "vcore"),
                    e.granted.memory_mib,
                    format::counted(u64::from(e.granted.vcores), "vcore")
                ),
                format!(
                    "ApplicationMaster ({} mode): Spark requests {} MiB (heap {} + overhead {}) \
                     and {}; YARN grants {} MiB and {}.",
                    am.deploy_mode.as_str(),
                    am.request.memory_mib,
                    am.heap_mib,
                    am.overhead_mib,
                    format::counted(u64::from(am.request.vcores), "vcore"),
                    am.granted.memory_mib,
                    format::counted(u64::from(am.granted.vcores), "vcore")
                ),
            ]
        }
        Answer::Kubernetes(p) => c
            .kubernetes_spark()
            .map_or_else(Vec::new, |spark| k8s_container_lines(p, spark)),
        Answer::Emr(p) => emr_container_lines(p),
        Answer::Invalid(_) | Answer::NothingRead => Vec::new(),
    };
    let resources = if lines.is_empty() {
        Vec::new()
    } else {
        super::resources::request_lines(&c.pasted, c.applied.scenario.manager())
    };
    lines
        .iter()
        .chain(&resources)
        .map(|l| format::in_text(l))
        .collect()
}

fn plus(name: &str, mib: u64) -> String {
    if mib == 0 {
        String::new()
    } else {
        format!(" + {name} {mib}")
    }
}

fn k8s_container_lines(p: &crate::k8s::K8sPlan, spark: &crate::k8s::K8sSpark) -> Vec<String> {
    let m = &p.executor_memory;
    let pods = p.pod_specs(spark);
    let mut out = vec![format!(
        "Executor pod: {} memory (heap {} + overhead {}{}{}), CPU request {}{}.",
        pods.executor.memory_quantity(),
        m.heap_mib,
        m.overhead_mib,
        plus("off-heap", m.offheap_mib),
        plus("PySpark", m.pyspark_mib),
        pods.executor.cpu_request,
        pods.executor
            .cpu_limit
            .as_ref()
            .map_or(String::new(), |l| format!(", limit {l}"))
    )];
    if let (Some(d), Some(numbers)) = (&pods.driver, &p.driver) {
        out.push(format!(
            "Driver pod: {} memory (heap {} + overhead {}), CPU request {}.",
            d.memory_quantity(),
            numbers.heap_mib,
            numbers.overhead_mib,
            d.cpu_request
        ));
    }
    out
}

fn emr_container_lines(p: &crate::emr::EmrPlan) -> Vec<String> {
    let r = &p.request;
    let mut out = vec![format!(
        "Each executor request: {} MiB (heap {} + overhead {}) and {}; YARN grants {} MiB.",
        r.request.memory_mib,
        r.memory.heap_mib,
        r.memory.overhead_mib,
        format::counted(u64::from(r.cores), "core"),
        r.granted.memory_mib
    )];
    for l in &p.launched {
        let merged = match l.merged {
            1 => "as requested".to_string(),
            n => format!("{} merged", format::counted(u64::from(n), "request")),
        };
        out.push(format!(
            "Launched: {} of {} MiB ({merged}, heap {} + overhead {}) with {}.",
            format::counted(u64::from(l.count), "executor"),
            l.memory_mib,
            l.heap_mib,
            l.overhead_mib,
            format::counted(u64::from(l.cores), "core")
        ));
    }
    out.push(format!(
        "ApplicationMaster: {} MiB granted{}.",
        p.am.granted.memory_mib,
        p.am.node
            .map_or(" (it does not fit)".to_string(), |n| format!(
                ", on node {n}"
            ))
    ));
    out
}

/// Where executors run: one line per group of identical nodes.
pub fn layout_lines(answer: &Answer) -> Vec<String> {
    use crate::layout::BlockKind;
    let layout = match answer {
        Answer::Yarn(p) => &p.placement.layout,
        Answer::Kubernetes(p) => &p.layout,
        Answer::Emr(p) => &p.layout,
        Answer::Invalid(_) | Answer::NothingRead => return Vec::new(),
    };
    layout
        .iter()
        .map(|g| {
            let nodes = if g.first_node == g.last_node {
                format!("Node {}", g.first_node)
            } else {
                format!("Nodes {}–{}, each", g.first_node, g.last_node)
            };
            let count = |kind: BlockKind| g.blocks.iter().filter(|b| b.kind == kind).count() as u64;
            let executors = format::counted(count(BlockKind::Executor), "executor");
            let unused: u64 = g
                .blocks
                .iter()
                .filter(|b| b.kind == BlockKind::Unused)
                .map(|b| b.memory_mib)
                .sum();
            let extra = match (
                count(BlockKind::ApplicationMaster),
                count(BlockKind::DriverPod),
            ) {
                (a, _) if a > 0 => " and the ApplicationMaster",
                (_, d) if d > 0 => " and the driver pod",
                _ => "",
            };
            format::in_text(&format!(
                "{nodes}: {executors}{extra}, {unused} MiB unused."
            ))
        })
        .collect()
}

/// The words of what the check finds about custom resources (GPUs): Spark's own where it
/// refuses.
fn resource_message(kind: &FindingKind) -> String {
    use FindingKind as F;
    match kind {
        F::BadResourceAmount { key, value, task } => format!(
            "{key} = {value}: Spark reads {}, and refuses to start otherwise.",
            if *task {
                "a task's amount as a decimal (1, 0.5, 0.25)"
            } else {
                "an executor's amount as a whole number (1, 2)"
            }
        ),
        F::ResourceRefused(refusal) => format!(
            "Spark refuses to start: \"{}\"",
            crate::resources::refusal_words(refusal)
        ),
        F::TasksLimitedByResource {
            name,
            cores,
            task_cpus,
            slots,
            slots_by_cores,
        } => format!(
            "{name} limits each executor to {} at once, not the {slots_by_cores} its {} allow \
             (spark.task.cpus = {task_cpus}): Spark warns that the configuration wastes \
             resources. Give each task less {name} (spark.task.resource.{name}.amount) or each \
             executor fewer cores.",
            format::counted(*slots, "task"),
            format::counted(u64::from(*cores), "core")
        ),
        F::ResourceUnusedByTasks { name } => format!(
            "spark.executor.resource.{name}.amount is set but no \
             spark.task.resource.{name}.amount: no task asks for {name}, so it sits idle."
        ),
        F::NoVendor { name } => format!(
            "spark.executor.resource.{name}.amount without spark.executor.resource.{name}.vendor: \
             Spark refuses to build the executor pods (\"Resource: {name} was requested, but \
             vendor was not specified.\"). Set it to the device plugin's vendor (nvidia.com for \
             NVIDIA GPUs)."
        ),
        F::NoDiscoveryScript { name } => format!(
            "spark.executor.resource.{name}.amount without \
             spark.executor.resource.{name}.discoveryScript: each executor stops at start \
             (\"User is expecting to use resource: {name}, but didn't specify a discovery \
             script!\"). Give it a script that prints the addresses, such as Spark's \
             examples/src/main/scripts/getGpusResources.sh."
        ),
        F::OperatorGpu {
            pod,
            name,
            quantity,
        } if *pod == "executor" => format!(
            "spec.executor.gpu: the operator adds {quantity} {name} to each executor pod's \
             limits; Spark schedules tasks by GPUs only with spark.executor.resource.gpu.amount, \
             spark.task.resource.gpu.amount and a discovery script in sparkConf, so without them \
             the executor's tasks share the GPUs unscheduled."
        ),
        F::OperatorGpu {
            pod,
            name,
            quantity,
        } => format!(
            "spec.{pod}.gpu: the operator adds {quantity} {name} to the {pod} pod's limits; \
             Spark gives them to the {pod} only with spark.{pod}.resource.gpu.amount and a \
             discovery script in sparkConf."
        ),
        _ => String::new(),
    }
}
