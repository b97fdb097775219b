//! The analysis of a run, numbers first: what ran ([`RunSummary`], [`settings`], the
//! [`executors`] as they ran with the per-node layout of what ran), the measured [`peaks`], the
//! [`stages`], the findings ([`findings`], most important first), the right-sized plan placed
//! by the planner ([`plan`]), and what the log cannot tell. Words are made from these numbers
//! by [`crate::words`].

pub mod executors;
pub mod findings;
pub mod peaks;
pub mod plan;
pub mod settings;
pub mod stages;

use planner::scenario::Scenario;

use crate::reader::{Problem, Read};
use crate::run::{Job, Run, StageNode};

pub use executors::{ExecutorsSummary, LossCause};
pub use findings::Finding;
pub use peaks::PeaksSummary;
pub use plan::Recommendation;
pub use settings::{Master, RunSettings};
pub use stages::StageSummary;

/// What the analysis may be told beside the log.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Place the recommended plan on this cluster instead of the run's.
    pub cluster: Option<Scenario>,
}

/// The application and its run.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RunSummary {
    /// `App Name`.
    pub name: Option<String>,
    /// `App ID`.
    pub id: Option<String>,
    /// `App Attempt ID`.
    pub attempt: Option<String>,
    /// `User`.
    pub user: Option<String>,
    /// `Spark Version`.
    pub spark_version: Option<String>,
    /// The application's start, ms since the epoch.
    pub start_ms: Option<i64>,
    /// Its end (`SparkListenerApplicationEnd`; none: the log ends before it).
    pub end_ms: Option<i64>,
    /// End − start; for a log without an end, up to its last event.
    pub duration_ms: u64,
    /// Whether the log holds the application's end.
    pub ended: bool,
    /// The files read, in order.
    pub files: Vec<String>,
    /// The log's last line read (where a log cut short ends).
    pub last_line: Option<crate::run::Location>,
    /// Jobs started but not ended in the log.
    pub jobs_not_ended: Vec<i64>,
    /// Stage attempts submitted but not completed in the log: (stage, tasks ended, tasks
    /// declared).
    pub stages_not_completed: Vec<(i64, u64, Option<u64>)>,
    /// The resource profiles the log declares (stage-level scheduling, Spark 3.1+), in id
    /// order, each with the executors and stages of the run that used it.
    pub resource_profiles: Vec<ProfileSummary>,
}

/// A resource profile the run declared (`SparkListenerResourceProfileAdded`): what its
/// executors and tasks ask for, by Spark's resource names (`cores`, `memory` in MiB, `gpu`,
/// `cpus`, ...), and how many of the run's executors and stages used it.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ProfileSummary {
    /// Its id (0: the default profile, from the application's settings).
    pub id: i64,
    /// Each executor request: name and amount, as the shortest decimal (`4`, `1024`): the
    /// document carries no float, which JSON writers round-trip differently (`1.0` or `1`).
    pub executor: Vec<(String, String)>,
    /// Each task request: name and amount (`1`, `0.25`).
    pub task: Vec<(String, String)>,
    /// Executors of the run that had it.
    pub executors: u64,
    /// Stages of the run that asked for it.
    pub stages: u64,
}

fn profile_summaries(run: &Run) -> Vec<ProfileSummary> {
    let decimals = |asks: &[(String, f64)]| {
        let mut out = Vec::new();
        for (name, amount) in asks {
            out.push((name.clone(), planner::fixed::format_f64(*amount)));
        }
        out
    };
    let mut profiles: Vec<ProfileSummary> = Vec::new();
    for p in &run.resource_profiles {
        profiles.push(ProfileSummary {
            id: p.id,
            executor: decimals(&p.executor),
            task: decimals(&p.task),
            executors: run
                .executors
                .iter()
                .filter(|e| e.resource_profile == p.id)
                .count() as u64,
            stages: run
                .stages
                .iter()
                .filter(|s| s.resource_profile == p.id)
                .count() as u64,
        });
    }
    profiles.sort_by_key(|p| p.id);
    profiles
}

/// What the log cannot tell, said instead of guessed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "json",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Unknown {
    /// Spark before 3.0 logs no executor metrics: no memory peaks.
    NoExecutorMetrics,
    /// Executor metrics were logged, but no sample reached the log (a run shorter than a
    /// heartbeat).
    NoMetricSamples,
    /// Local mode: no cluster, no executors of their own; the data sizes and skew still tell.
    LocalMode,
    /// The nodes' sizes are not in the log (no YARN NodeManager resources among the Hadoop
    /// properties): the run's cluster is taken as what ran on each host.
    NodeSizes,
    /// Process-tree RSS was not logged: the overhead cannot be measured.
    NoProcessTreeMetrics,
    /// The log ends before the application did: what came after is not known.
    CutShort,
    /// No task ran.
    NoTasks,
    /// Stages ran under resource profiles of their own (stage-level scheduling, asked for in
    /// the application's code): the plan is one shape for all executors.
    ProfilesOfTheirOwn,
}

/// The analysis of one run.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Analysis {
    /// The application.
    pub run: RunSummary,
    /// Its settings as the configuration check reads them.
    pub settings: RunSettings,
    /// Its executors as they ran.
    pub executors: ExecutorsSummary,
    /// Measured peaks.
    pub peaks: PeaksSummary,
    /// Stage attempts, in the order they were submitted.
    pub stages: Vec<StageSummary>,
    /// Findings, most important first.
    pub findings: Vec<Finding>,
    /// The right-sized plan (none when there is nothing to size from: no tasks, or a local
    /// run).
    pub plan: Option<Recommendation>,
    /// What the log cannot tell.
    pub unknowns: Vec<Unknown>,
    /// The workload the run measured, as the planner's workload section reads it.
    #[cfg_attr(feature = "json", serde(skip))]
    pub workload: planner::workload::Workload,
    /// Jobs, in the order started (for the what-if of executor counts).
    pub jobs: Vec<Job>,
    /// The stage graph the jobs declared.
    #[cfg_attr(feature = "json", serde(skip))]
    pub graph: Vec<StageNode>,
    /// What if: the run's time for every executor count of its shape (none: no task ran).
    pub what_if: Option<crate::whatif::WhatIf>,
    /// What reading found about this run's files.
    pub problems: Vec<Problem>,
}

/// Analyses every run read, in order.
pub fn analyze_all(read: &Read, options: &Options) -> Vec<Analysis> {
    read.runs
        .iter()
        .map(|run| {
            let problems = read
                .problems
                .iter()
                .filter(|p| run.files.contains(&p.at.file))
                .cloned()
                .collect();
            let mut a = analyze(run, problems, options);
            a.run.last_line = run.files.last().and_then(|name| {
                let f = read.files.iter().rev().find(|f| &f.name == name)?;
                Some(crate::run::Location {
                    file: f.name.clone(),
                    line: f.lines,
                })
            });
            a
        })
        .collect()
}

/// Analyses one run, with what reading found about its files.
pub fn analyze(run: &Run, problems: Vec<Problem>, options: &Options) -> Analysis {
    let summary = run_summary(run);
    let settings = settings::read(run);
    let executors = executors::summarize(run, &settings);
    let peaks = peaks::summarize(run);
    let stages = stages::summarize(run);
    let workload = stages::workload(&stages);
    let mut unknowns = unknowns(run, &settings, &peaks);
    // A log whose reading stopped at a line it could not read is not a log cut short: its
    // problem says where it broke.
    let broke = problems.iter().any(|p| {
        matches!(
            p.kind,
            crate::reader::ProblemKind::NotJson { .. } | crate::reader::ProblemKind::Decode(_)
        )
    });
    if broke {
        unknowns.retain(|u| *u != Unknown::CutShort);
    }
    let findings = findings::find(run, &settings, &executors, &peaks, &stages);
    let plan = plan::recommend(&plan::Basis {
        run,
        settings: &settings,
        executors: &executors,
        peaks: &peaks,
        stages: &stages,
        workload,
        cluster: options.cluster.as_ref(),
    });
    if plan
        .as_ref()
        .is_some_and(|p| p.placed.is_some() && p.cluster_from_run && !p.node_sizes_known)
    {
        unknowns.push(Unknown::NodeSizes);
    }
    let what_if = what_if_of(run, &settings, &executors);
    Analysis {
        run: summary,
        settings,
        executors,
        peaks,
        stages,
        findings,
        plan,
        unknowns,
        workload,
        jobs: run.jobs.clone(),
        graph: run.graph.values().cloned().collect(),
        what_if,
        problems,
    }
}

/// The what-if, GiB-hours from the container the settings ask for (none in local mode).
fn what_if_of(
    run: &Run,
    settings: &RunSettings,
    executors: &ExecutorsSummary,
) -> Option<crate::whatif::WhatIf> {
    let local = matches!(settings.master, Master::Local { .. });
    let basis = crate::whatif::Basis {
        container_mib: (!local).then_some(executors.container_mib),
        ..crate::whatif::Basis::default()
    };
    let read = crate::whatif::model::Settings::of(run, settings);
    crate::whatif::what_if_with(run, &read, &basis).ok()
}

/// A sum that stops at `u64::MAX` (a hostile log's numbers never overflow).
pub(crate) fn total(values: impl IntoIterator<Item = u64>) -> u64 {
    values.into_iter().fold(0, u64::saturating_add)
}

fn run_summary(run: &Run) -> RunSummary {
    let start = run.app.start_ms.or(run.first_ms);
    let end = run.app.end_ms.or(run.last_ms);
    let duration_ms = match (start, end) {
        (Some(s), Some(e)) => u64::try_from(e.saturating_sub(s)).unwrap_or(0),
        _ => 0,
    };
    RunSummary {
        name: run.app.name.clone(),
        id: run.app.id.clone(),
        attempt: run.app.attempt.clone(),
        user: run.app.user.clone(),
        spark_version: run.app.spark_version.clone(),
        start_ms: start,
        end_ms: run.app.end_ms,
        duration_ms,
        ended: run.app.end_ms.is_some(),
        files: run.files.clone(),
        last_line: None,
        jobs_not_ended: run
            .jobs
            .iter()
            .filter(|j| j.completed_ms.is_none())
            .map(|j| j.id)
            .collect(),
        stages_not_completed: run
            .stages
            .iter()
            .filter(|s| s.completed_ms.is_none() && s.submitted_ms.is_some())
            .map(|s| (s.id, s.tasks.len() as u64, s.tasks_declared))
            .collect(),
        resource_profiles: profile_summaries(run),
    }
}

fn unknowns(run: &Run, settings: &RunSettings, peaks: &PeaksSummary) -> Vec<Unknown> {
    let mut out = Vec::new();
    let old = run
        .app
        .spark_version
        .as_deref()
        .and_then(|v| v.split('.').next())
        .and_then(|m| m.parse::<u32>().ok())
        .is_some_and(|major| major < 3);
    if old {
        out.push(Unknown::NoExecutorMetrics);
    } else if peaks.samples == 0 && run.counts.task_ends > 0 {
        out.push(Unknown::NoMetricSamples);
    }
    if matches!(settings.master, Master::Local { .. }) {
        out.push(Unknown::LocalMode);
    }
    if !old && peaks.samples > 0 && !peaks.process_tree_logged {
        out.push(Unknown::NoProcessTreeMetrics);
    }
    if run.app.end_ms.is_none() {
        out.push(Unknown::CutShort);
    }
    if run.counts.task_ends == 0 {
        out.push(Unknown::NoTasks);
    }
    let profiled = run.executors.iter().any(|e| e.resource_profile != 0)
        || run.stages.iter().any(|s| s.resource_profile != 0);
    if profiled {
        out.push(Unknown::ProfilesOfTheirOwn);
    }
    out
}
