//! The analysis in words, made from its numbers: each finding, loss, problem and unknown as a
//! sentence, and the whole analysis as sections that [`text`] and [`markdown`] write. Numbers
//! are written by the planner's formatters (digit groups, GiB with one decimal, percentages).

use planner::fixed::{format_percent, format_ratio};
use planner::format::{counted, group, mib};

use crate::analysis::executors::LossCause;
use crate::analysis::findings::Finding;
use crate::analysis::plan::{CountBasis, HeapBasis, OverheadBasis, Recommendation, Usage};
use crate::analysis::{Analysis, Master, Unknown};
use crate::reader::{Problem, ProblemKind, Read};
use crate::run::FailureKind;

pub use crate::format::{bytes, duration};

const MIB: u64 = 1 << 20;

/// Thousandths as a percentage.
pub fn permille(p: u64) -> String {
    format!("{} %", format_percent(p, 1000, 0))
}

/// Why an executor was lost, as a person reads it.
pub fn loss_words(cause: LossCause) -> &'static str {
    match cause {
        LossCause::YarnMemoryLimit => "killed by YARN for exceeding its container's memory: the overhead (memory outside the heap) is too small",
        LossCause::OomKilled => "killed for exceeding its pod's memory limit (exit code 137, OOMKilled): the overhead is too small",
        LossCause::HeapOutOfMemory => "ran out of JVM heap (java.lang.OutOfMemoryError; Spark's exit code 52): the heap is too small for its tasks",
        LossCause::HeartbeatTimeout => "stopped sending heartbeats (long GC pauses, or its node was lost)",
        LossCause::NodeLost => "its node or worker was lost",
        LossCause::Preempted => "preempted or decommissioned by the cluster",
        LossCause::ReleasedByDriver => "released by Spark (idle under dynamic allocation, or the end of the application)",
        LossCause::Other => "lost, for a reason Spark's words do not tell",
    }
}

fn failure_words(kind: FailureKind, one: bool) -> &'static str {
    match (kind, one) {
        (FailureKind::OutOfMemory, _) => "ran out of heap (java.lang.OutOfMemoryError)",
        (FailureKind::ExecutorLost, true) => "was lost with its executor",
        (FailureKind::ExecutorLost, false) => "were lost with their executor",
        (FailureKind::FetchFailed, _) => "could not fetch shuffle data (FetchFailed)",
        (FailureKind::Exception, _) => "failed with an exception",
        (FailureKind::Killed, true) => "was killed",
        (FailureKind::Killed, false) => "were killed",
        (FailureKind::Resubmitted, true) => {
            "was run again because its shuffle output was lost with its executor"
        }
        (FailureKind::Resubmitted, false) => {
            "were run again because their shuffle output was lost with their executor"
        }
        (FailureKind::Other, _) => "failed",
    }
}

/// A finding in words.
pub fn finding_words(f: &Finding) -> String {
    match f {
        Finding::ExecutorsLost { cause, executors, reason } => format!(
            "{} {}: {} (Spark: \"{reason}\").",
            counted(executors.len() as u64, "executor"),
            if executors.len() == 1 { format!("({})", executors[0]) } else { format!("({})", executors.join(", ")) },
            loss_words(*cause)
        ),
        Finding::TaskFailures { failure, tasks, stages, reason } => format!(
            "{} {} in {} (most often: \"{reason}\").",
            counted(*tasks, "task"),
            failure_words(*failure, *tasks == 1),
            stage_list(stages)
        ),
        Finding::Skew { stage, median_ms, max_ms, max_task_shuffle_read_bytes, tasks } => format!(
            "Stage {stage} is skewed: its longest task took {} against a median of {} over {}{}. \
             Spread the hot keys: salt them, handle NULL join keys apart, or let AQE split skewed \
             joins (spark.sql.adaptive.skewJoin.enabled).",
            duration(*max_ms),
            duration(*median_ms),
            counted(*tasks, "task"),
            if *max_task_shuffle_read_bytes > 0 { format!(" (the largest read {} of shuffle data)", bytes(*max_task_shuffle_read_bytes)) } else { String::new() }
        ),
        Finding::Spill { stage, memory_bytes, disk_bytes } => format!(
            "Stage {stage} spilled {} to disk ({} in memory before): its tasks had too little \
             execution memory; more shuffle partitions or more memory per task stop it.",
            bytes(*disk_bytes),
            bytes(*memory_bytes)
        ),
        Finding::HighGc { permille: p } => format!(
            "Garbage collection took {} of the task time: the heap is tight for what each task holds.",
            permille(*p)
        ),
        Finding::FewTasks { stage, tasks, slots, duration_ms } => format!(
            "Stage {stage} ran {} on {} for {}: most slots sat idle; more partitions would use them.",
            counted(*tasks, "task"),
            counted(u64::from(*slots), "task slot"),
            duration(*duration_ms)
        ),
        Finding::IdleExecutors { executors, longest_ms, executor } => format!(
            "{} stayed idle for long while alive (executor {executor}: {} without a task).",
            counted(u64::from(*executors), "executor"),
            duration(*longest_ms)
        ),
        Finding::LowUtilisation { permille: p } => format!(
            "Task slots were busy {} of the time they were held.",
            permille(*p)
        ),
    }
}

fn stage_list(stages: &[i64]) -> String {
    let shown: Vec<String> = stages.iter().take(8).map(i64::to_string).collect();
    let more = stages.len().saturating_sub(8);
    let list = shown.join(", ");
    let noun = if stages.len() == 1 { "stage" } else { "stages" };
    if more > 0 {
        format!("{noun} {list} and {more} more")
    } else {
        format!("{noun} {list}")
    }
}

/// What the log cannot tell, in words.
pub fn unknown_words(u: Unknown) -> &'static str {
    match u {
        Unknown::NoExecutorMetrics => "Spark before 3.0 logs no executor metrics: no memory peaks are known, so the heap is not right-sized from this log.",
        Unknown::NoMetricSamples => "No executor-metrics sample reached the log: memory peaks are not known.",
        Unknown::LocalMode => "Local mode: the driver ran the tasks, there is no cluster to right-size; the data sizes and skew still describe the workload.",
        Unknown::NodeSizes => "The log does not say the nodes' sizes: the run's cluster is taken as what ran on its busiest host.",
        Unknown::NoProcessTreeMetrics => "Process-tree RSS was not logged: memory outside the heap (the overhead) is not measured.",
        Unknown::CutShort => "The log ends before the application did: what came after is not known.",
        Unknown::NoTasks => "No task ran: there is nothing to size from.",
        Unknown::ProfilesOfTheirOwn => "Stages ran under resource profiles of their own (stage-level scheduling, asked for in the application's code; see The run): the plan below is one shape sized from all the executors, and the settings it gives are the default profile's, so those stages still get the executors their profile asks for.",
    }
}

/// Where a log cut short ends and what it leaves open.
pub fn cut_short_words(r: &crate::analysis::RunSummary) -> String {
    let mut out = match &r.last_line {
        Some(at) => format!(
            "The log ends at line {} of {} before the application did (no SparkListenerApplicationEnd): what came after is not known.",
            group(at.line),
            at.file
        ),
        None => unknown_words(Unknown::CutShort).to_string(),
    };
    if !r.jobs_not_ended.is_empty() {
        let jobs: Vec<String> = r
            .jobs_not_ended
            .iter()
            .take(8)
            .map(i64::to_string)
            .collect();
        out.push_str(&format!(
            " Not ended: job{} {}.",
            if jobs.len() == 1 { "" } else { "s" },
            jobs.join(", ")
        ));
    }
    for (stage, ended, declared) in r.stages_not_completed.iter().take(8) {
        out.push_str(&format!(
            " Stage {stage}: {} of {} ended.",
            group(*ended),
            declared.map_or("its".to_string(), |d| counted(d, "task"))
        ));
    }
    out
}

/// A reading problem in words.
pub fn problem_words(p: &Problem) -> String {
    let at = if p.at.line > 0 {
        format!("{}, line {}: ", p.at.file, group(p.at.line))
    } else {
        format!("{}: ", p.at.file)
    };
    let what = match &p.kind {
        ProblemKind::NotJson { message, column } => format!(
            "not JSON at column {column} ({message}); the analysis stops before this line, nothing after it is read"
        ),
        ProblemKind::CutShort { bytes: b } => format!(
            "the last line is cut off after {} bytes (the log was cut short); the analysis covers the lines before it",
            group(*b)
        ),
        ProblemKind::NotAnEvent => "JSON that is not a Spark event (no \"Event\" field); passed over".to_string(),
        ProblemKind::WrongShape { event, message } => format!("a {event} whose fields are not what Spark writes ({message}); passed over"),
        ProblemKind::Overlong { bytes: b, event } => format!(
            "a line of {} ({}) is longer than the reader takes; passed over",
            bytes(*b),
            event.as_deref().unwrap_or("not an event the analysis reads")
        ),
        ProblemKind::Decode(e) => format!("{e}; the analysis covers what was decoded before"),
        ProblemKind::CodecMismatch { named, found } => format!(
            "the name says {} but the bytes are {}: read as the bytes are",
            named.name(),
            found.name()
        ),
        ProblemKind::LinesNotRead { lines } => format!("{} after the break not read", counted(*lines, "line")),
    };
    format!("{at}{what}")
}

/// Why nothing was analysed, in one sentence per file (none when something was).
pub fn not_analysed(read: &Read) -> Option<String> {
    // A run to analyse has its application's start or a task.
    if read
        .runs
        .iter()
        .any(|r| r.app.start_ms.is_some() || r.counts.task_ends > 0)
    {
        return None;
    }
    let mut why: Vec<String> = read
        .files
        .iter()
        .map(|f| match f.not_an_event_log {
            Some(kind) => format!("{} is {}, not a Spark event log.", f.name, kind.words()),
            None => format!(
                "{}: no application start and no task in the lines read.",
                f.name
            ),
        })
        .collect();
    why.extend(read.problems.iter().map(problem_words));
    if why.is_empty() {
        why.push("No file was given.".to_string());
    }
    Some(why.join("\n"))
}

/// A section: a title and lines.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct Section {
    /// The title.
    pub title: String,
    /// Its lines.
    pub lines: Vec<Line>,
}

/// A line of a section.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "lowercase"))]
pub enum Line {
    /// A sentence.
    Text(String),
    /// A key and its value.
    Pair(String, String),
    /// A table: header, then rows.
    Table(Vec<String>, Vec<Vec<String>>),
    /// Code (settings to paste).
    Code(Vec<String>),
}

/// The analysis as sections, in reading order.
pub fn sections(a: &Analysis) -> Vec<Section> {
    let mut out = vec![run_section(a)];
    if let Some(p) = &a.plan {
        out.push(plan_section(a, p));
    }
    if let Some(w) = &a.what_if {
        out.push(what_if_section(
            w,
            matches!(a.settings.master, Master::Local { .. }),
        ));
    }
    if !a.findings.is_empty() {
        out.push(Section {
            title: "Findings".to_string(),
            lines: a
                .findings
                .iter()
                .map(|f| Line::Text(finding_words(f)))
                .collect(),
        });
    }
    out.push(executors_section(a));
    out.push(peaks_section(a));
    out.push(stages_section(a));
    let mut unknown: Vec<Line> = a
        .unknowns
        .iter()
        .map(|u| match u {
            Unknown::CutShort => Line::Text(cut_short_words(&a.run)),
            u => Line::Text(unknown_words(*u).to_string()),
        })
        .collect();
    unknown.extend(a.problems.iter().map(|p| Line::Text(problem_words(p))));
    unknown.extend(a.settings.notes.iter().map(|n| Line::Text(n.clone())));
    if !unknown.is_empty() {
        out.push(Section {
            title: "What the log cannot tell".to_string(),
            lines: unknown,
        });
    }
    out
}

/// The what-if's section: its facts, the curve's table, its assumptions.
fn what_if_section(w: &crate::whatif::WhatIf, local: bool) -> Section {
    let words = crate::whatif::words::words(w, local);
    let mut lines: Vec<Line> = words
        .facts
        .into_iter()
        .map(|(k, v)| Line::Pair(k, v))
        .collect();
    lines.push(Line::Table(words.header, words.rows));
    lines.push(Line::Text("Assumed:".to_string()));
    lines.extend(words.assumptions.into_iter().map(Line::Text));
    Section {
        title: "What if: the run's time by executor count".to_string(),
        lines,
    }
}

fn master_words(m: &Master) -> String {
    match m {
        Master::Yarn { emr: true } => "YARN (Amazon EMR)".to_string(),
        Master::Yarn { emr: false } => "YARN".to_string(),
        Master::Kubernetes => "Kubernetes".to_string(),
        Master::Standalone => "Spark standalone".to_string(),
        Master::Local { threads: Some(n) } => {
            format!("local mode, {}", counted(u64::from(*n), "thread"))
        }
        Master::Local { threads: None } => "local mode, all cores".to_string(),
        Master::Other { master: Some(m) } => m.clone(),
        Master::Other { master: None } => "not in the log".to_string(),
    }
}

fn run_section(a: &Analysis) -> Section {
    let r = &a.run;
    let mut lines = vec![
        Line::Pair(
            "Application".to_string(),
            r.name
                .clone()
                .unwrap_or_else(|| "not in the log".to_string()),
        ),
        Line::Pair(
            "Application id".to_string(),
            format!(
                "{}{}",
                r.id.clone().unwrap_or_else(|| "not in the log".to_string()),
                r.attempt
                    .as_ref()
                    .map(|a| format!(", attempt {a}"))
                    .unwrap_or_default()
            ),
        ),
        Line::Pair(
            "Spark".to_string(),
            r.spark_version
                .clone()
                .unwrap_or_else(|| "not in the log".to_string()),
        ),
        Line::Pair(
            "Cluster manager".to_string(),
            format!(
                "{}, {} mode",
                master_words(&a.settings.master),
                a.settings.deploy_mode
            ),
        ),
        Line::Pair(
            "Duration".to_string(),
            format!(
                "{}{}",
                duration(r.duration_ms),
                if r.ended {
                    ""
                } else {
                    " (the log ends before the application)"
                }
            ),
        ),
        Line::Pair(
            "Jobs, stages, tasks".to_string(),
            format!(
                "{}, {}, {}",
                group(a.jobs.len() as u64),
                group(a.stages.len() as u64),
                group(crate::analysis::total(a.stages.iter().map(|s| s.tasks)))
            ),
        ),
    ];
    if let Some(profiles) = profile_lines(&a.run.resource_profiles) {
        lines.push(Line::Pair(
            "Resource profiles".to_string(),
            format!(
                "{} (stage-level scheduling: each profile's stages run on executors of its own)",
                group(a.run.resource_profiles.len() as u64)
            ),
        ));
        lines.push(Line::Code(profiles));
    }
    if !a.settings.resource_properties.is_empty() {
        lines.push(Line::Code(
            a.settings
                .resource_properties
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
        ));
    }
    Section {
        title: "The run".to_string(),
        lines,
    }
}

/// One line a resource profile, when the run declared more than the default one: what its
/// executors and tasks ask for, and how many executors and stages had it.
fn profile_lines(profiles: &[crate::analysis::ProfileSummary]) -> Option<Vec<String>> {
    if profiles.len() < 2 {
        return None;
    }
    let requests = |asks: &[(String, String)]| {
        let parts: Vec<String> = asks
            .iter()
            .map(|(name, amount)| {
                // Spark's memory requests are MiB (`ExecutorResourceRequest`).
                let mib = matches!(
                    name.as_str(),
                    "memory" | "memoryOverhead" | "offHeap" | "pyspark.memory"
                );
                let unit = if mib { " MiB" } else { "" };
                format!("{name} {amount}{unit}")
            })
            .collect();
        parts.join(", ")
    };
    let lines = profiles
        .iter()
        .map(|p| {
            let used = if p.executors == 0 && p.stages == 0 {
                "not used by the run".to_string()
            } else {
                format!(
                    "{}, {}",
                    planner::format::counted(p.executors, "executor"),
                    planner::format::counted(p.stages, "stage")
                )
            };
            format!(
                "profile {}: executor {}; task {}; {used}",
                p.id,
                requests(&p.executor),
                requests(&p.task)
            )
        })
        .collect();
    Some(lines)
}

fn usage_row(name: &str, u: &Usage) -> Vec<String> {
    let hours = |ms: u64| format_ratio(ms, 3_600_000, 1);
    let gib_hours = |mib_ms: u64| format_ratio(mib_ms, 1024 * 3_600_000, 1);
    vec![
        name.to_string(),
        hours(u.core_ms_reserved),
        hours(u.core_ms_used),
        gib_hours(u.mib_ms_reserved),
        u.mib_ms_used.map_or("not measured".to_string(), gib_hours),
    ]
}

fn plan_section(a: &Analysis, p: &Recommendation) -> Section {
    let mut lines = Vec::new();
    let heap = &p.heap;
    lines.push(Line::Text(match heap.basis {
        HeapBasis::MeasuredPeak => format!(
            "Executor heap {}: the measured peak of JVMHeapMemory was {} ({} of the {} heap), plus {} % headroom for {} sample{}.",
            planner::format::spark_size(heap.heap_mib),
            bytes(heap.peak_bytes.unwrap_or(0)),
            format_percent(heap.peak_bytes.unwrap_or(0) / MIB, heap.configured_mib, 0) + " %",
            planner::format::spark_size(heap.configured_mib),
            heap.headroom_percent,
            group(heap.samples),
            planner::format::plural_ending(heap.samples)
        ),
        HeapBasis::OutOfMemory => format!(
            "Executor heap {}: tasks ran out of heap with {}, so at least half as much again.",
            planner::format::spark_size(heap.heap_mib),
            planner::format::spark_size(heap.configured_mib)
        ),
        HeapBasis::NotMeasured => format!(
            "Executor heap kept at {}: the log holds no heap peak to size it from.",
            planner::format::spark_size(heap.heap_mib)
        ),
    }));
    let o = &p.overhead;
    lines.push(Line::Text(match (o.basis, o.overhead_mib) {
        (OverheadBasis::Measured, Some(mib)) => format!("Overhead {mib} MiB: process-tree RSS reached {} above the heap, plus headroom.", bytes(o.measured_bytes.unwrap_or(0))),
        (OverheadBasis::KilledForMemory, Some(mib)) => format!("Overhead {mib} MiB: executors were killed for exceeding their memory with {} MiB.", o.configured_mib),
        (_, Some(mib)) => format!("Overhead {mib} MiB, as the run set it."),
        (_, None) => "Overhead by Spark's rule (max(384 MiB, 10 % of the heap)): memory outside the heap was not measured.".to_string(),
    }));
    lines.push(Line::Text(match p.executors_basis {
        CountBasis::MostBusySlots => format!(
            "{} of {}: at most {} ran at once, which {} hold (the run had {} at once).",
            counted(u64::from(p.executors), "executor"),
            counted(u64::from(p.cores), "core"),
            counted(u64::from(a.executors.most_busy_slots), "task"),
            if p.executors == 1 { "it can" } else { "they" },
            group(u64::from(p.executors_as_ran))
        ),
        CountBasis::AllSlotsBusy => format!(
            "{} of {}: every task slot was busy at times, so the run's count is kept (more executors may finish sooner).",
            counted(u64::from(p.executors), "executor"),
            counted(u64::from(p.cores), "core")
        ),
    }));
    lines.push(Line::Code(
        p.settings.iter().map(|(k, v)| format!("{k}={v}")).collect(),
    ));
    if let Some(placed) = &p.placed {
        lines.extend(placed_lines(p, placed));
    }
    lines.push(Line::Table(
        vec![
            "".to_string(),
            "core-hours reserved".to_string(),
            "core-hours used".to_string(),
            "GiB-hours reserved".to_string(),
            "GiB-hours used".to_string(),
        ],
        vec![
            usage_row("as it ran", &p.usage_as_ran),
            usage_row("recommended", &p.usage_recommended),
        ],
    ));
    Section {
        title: "The right-sized plan".to_string(),
        lines,
    }
}

fn placed_lines(p: &Recommendation, placed: &crate::analysis::plan::Placed) -> Vec<Line> {
    let where_ = if p.cluster_from_run {
        "the run's cluster"
    } else {
        "the given cluster"
    };
    let row = |name: &str, n: &Option<planner::check::SideNumbers>| match n {
        Some(n) => vec![
            name.to_string(),
            group(n.executors_running),
            group(n.cores_per_executor),
            mib(n.heap_mib),
            mib(n.container_mib),
            group(n.task_slots),
        ],
        None => vec![
            name.to_string(),
            "cannot be placed".to_string(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
        ],
    };
    vec![
        Line::Text(format!(
            "Placed on {where_} with the planner's container math:"
        )),
        Line::Table(
            [
                "",
                "executors",
                "cores each",
                "heap each",
                "container each",
                "task slots",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
            vec![
                row("as it ran", &placed.as_ran),
                row("recommended", &placed.recommended),
            ],
        ),
        Line::Pair("Share link".to_string(), format!("?{}", placed.link)),
    ]
}

fn executors_section(a: &Analysis) -> Section {
    let e = &a.executors;
    let mut lines = vec![Line::Text(format!(
        "{} on {}, at most {} alive at once; task slots busy {} of the time held; at most {} ran at once.",
        counted(e.executors.len() as u64, "executor"),
        counted(e.hosts.len() as u64, "host"),
        group(u64::from(e.most_alive)),
        permille(e.utilisation_permille()),
        counted(u64::from(e.most_busy_slots), "task")
    ))];
    if !e.hosts.is_empty() {
        lines.push(Line::Table(
            [
                "host",
                "executors",
                "most at once",
                "their cores",
                "container each",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
            e.hosts
                .iter()
                .map(|h| {
                    vec![
                        h.host.clone(),
                        group(u64::from(h.executors)),
                        group(u64::from(h.most_at_once)),
                        group(u64::from(h.cores_at_once)),
                        mib(e.container_mib),
                    ]
                })
                .collect(),
        ));
    }
    let lost: Vec<Line> = e
        .executors
        .iter()
        .filter_map(|x| {
            let cause = x.loss.filter(|c| c.is_failure())?;
            Some(Line::Text(format!(
                "Executor {} on {}: {} (Spark: \"{}\").",
                x.id,
                x.host,
                loss_words(cause),
                x.removed_reason.as_deref().unwrap_or("")
            )))
        })
        .take(20)
        .collect();
    lines.extend(lost);
    Section {
        title: "Executors as they ran".to_string(),
        lines,
    }
}

fn peaks_section(a: &Analysis) -> Section {
    let p = &a.peaks;
    let mut lines = Vec::new();
    if p.executors_max.is_empty() {
        lines.push(Line::Text("No executor memory was measured.".to_string()));
    } else {
        lines.push(Line::Table(
            vec![
                "metric".to_string(),
                "executors' peak".to_string(),
                "executor".to_string(),
            ],
            p.executors_max
                .iter()
                .filter(|m| {
                    m.value > 0
                        && crate::metrics::Metric::from_spark_name(m.metric)
                            .is_some_and(crate::metrics::Metric::is_bytes)
                })
                .map(|m| vec![m.metric.to_string(), bytes(m.value), m.executor.clone()])
                .collect(),
        ));
    }
    if let Some(d) = &p.driver {
        if let Some((_, v)) = d.peaks.iter().find(|(m, _)| *m == "JVMHeapMemory") {
            lines.push(Line::Pair(
                "Driver's JVMHeapMemory peak".to_string(),
                bytes(*v),
            ));
        }
    }
    if let Some(gc) = p.gc_permille {
        lines.push(Line::Pair(
            "GC time, share of task time".to_string(),
            permille(gc),
        ));
    }
    lines.push(Line::Pair(
        "Samples".to_string(),
        format!(
            "{}{}{}",
            group(p.samples),
            if p.stage_peaks_logged {
                ", stage peaks logged"
            } else {
                ""
            },
            if p.process_tree_logged {
                ", process-tree RSS logged"
            } else {
                ""
            }
        ),
    ));
    if !p.next_run_settings.is_empty() {
        lines.push(Line::Text(
            "For a more telling log next time, run with:".to_string(),
        ));
        lines.push(Line::Code(
            p.next_run_settings
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
        ));
    }
    Section {
        title: "Measured peaks".to_string(),
        lines,
    }
}

fn stages_section(a: &Analysis) -> Section {
    let header = [
        "stage",
        "tasks",
        "duration",
        "task median",
        "p95",
        "max",
        "input",
        "shuffle read",
        "shuffle write",
        "spill (disk)",
        "failed",
    ];
    let mut stages: Vec<&crate::analysis::StageSummary> = a.stages.iter().collect();
    stages.sort_by_key(|s| std::cmp::Reverse(s.task_ms_total));
    let shown = stages.len().min(25);
    let rows = stages[..shown]
        .iter()
        .map(|s| {
            vec![
                if s.attempt > 0 {
                    format!("{}.{}", s.id, s.attempt)
                } else {
                    s.id.to_string()
                },
                group(s.tasks),
                s.duration_ms.map_or("not completed".to_string(), duration),
                duration(s.task_time.median_ms),
                duration(s.task_time.p95_ms),
                duration(s.task_time.max_ms),
                bytes(s.totals.input_bytes),
                bytes(s.totals.shuffle_read_bytes),
                bytes(s.totals.shuffle_write_bytes),
                bytes(s.totals.disk_spilled_bytes),
                group(s.totals.failed),
            ]
        })
        .collect();
    let mut lines = vec![Line::Table(
        header.iter().map(|s| s.to_string()).collect(),
        rows,
    )];
    if stages.len() > shown {
        lines.push(Line::Text(format!(
            "The {shown} stages with the most task time of {}.",
            group(stages.len() as u64)
        )));
    }
    Section {
        title: "Stages".to_string(),
        lines,
    }
}

/// The analysis as plain text.
pub fn text(a: &Analysis) -> String {
    let mut out = String::new();
    for s in sections(a) {
        out.push_str(&s.title);
        out.push('\n');
        out.push_str(&"=".repeat(s.title.chars().count()));
        out.push('\n');
        for l in &s.lines {
            match l {
                Line::Text(t) => out.push_str(&format!("{t}\n")),
                Line::Pair(k, v) => out.push_str(&format!("{k}: {v}\n")),
                Line::Code(c) => c.iter().for_each(|c| out.push_str(&format!("    {c}\n"))),
                Line::Table(h, rows) => out.push_str(&text_table(h, rows)),
            }
        }
        out.push('\n');
    }
    out
}

fn text_table(header: &[String], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for r in rows {
        for (w, c) in widths.iter_mut().zip(r) {
            *w = (*w).max(c.chars().count());
        }
    }
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        format!("  {}\n", padded.join("  ").trim_end())
    };
    let mut out = line(header);
    for r in rows {
        out.push_str(&line(r));
    }
    out
}

/// The analysis as Markdown.
pub fn markdown(a: &Analysis) -> String {
    let mut out = String::new();
    for s in sections(a) {
        out.push_str(&format!("## {}\n\n", s.title));
        for l in &s.lines {
            match l {
                Line::Text(t) => out.push_str(&format!("{}\n\n", escape(t))),
                Line::Pair(k, v) => out.push_str(&format!("- **{}:** {}\n", escape(k), escape(v))),
                Line::Code(c) => out.push_str(&format!("```properties\n{}\n```\n\n", c.join("\n"))),
                Line::Table(h, rows) => {
                    out.push_str(&format!(
                        "\n| {} |\n|{}\n",
                        h.iter().map(|c| escape(c)).collect::<Vec<_>>().join(" | "),
                        "---|".repeat(h.len())
                    ));
                    for r in rows {
                        out.push_str(&format!(
                            "| {} |\n",
                            r.iter().map(|c| escape(c)).collect::<Vec<_>>().join(" | ")
                        ));
                    }
                    out.push('\n');
                }
            }
        }
        out.push('\n');
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('|', "\\|")
        .replace('*', "\\*")
        .replace('_', "\\_")
}
