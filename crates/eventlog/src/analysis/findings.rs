//! Findings, as numbers, most important first: executors lost and why, tasks that ran out of
//! memory or failed, skewed and spilling stages, a high GC share, too few tasks for the task
//! slots, executors idle for long.

use super::executors::{ExecutorsSummary, LossCause};
use super::peaks::PeaksSummary;
use super::settings::RunSettings;
use super::stages::StageSummary;
use crate::run::{FailureKind, Run};

/// A stage's skew counts when its longest task is this many times its median (in tenths) and
/// at least this long.
const SKEW_TENTHS: u64 = 30;
const SKEW_MIN_MS: u64 = 10_000;
/// GC above this share of task time (thousandths) is a finding.
const GC_PERMILLE: u64 = 100;
/// An executor idle this long (and for this share of its life, thousandths) is a finding.
const IDLE_MIN_MS: u64 = 60_000;
const IDLE_PERMILLE: u64 = 500;

/// A finding.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "json",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "kebab-case")
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "RunFinding"))]
pub enum Finding {
    /// Executors lost for one cause.
    ExecutorsLost {
        /// The cause, read.
        cause: LossCause,
        /// Their ids.
        executors: Vec<String>,
        /// Spark's words, of the first.
        reason: String,
    },
    /// Tasks failed for one kind of reason.
    TaskFailures {
        /// The kind.
        failure: FailureKind,
        /// Tasks.
        tasks: u64,
        /// The stages they failed in.
        stages: Vec<i64>,
        /// Spark's words, of the most frequent.
        reason: String,
    },
    /// A stage's longest task is far longer than its median.
    Skew {
        /// `Stage ID`.
        stage: i64,
        /// Its median task, ms.
        median_ms: u64,
        /// Its longest task, ms.
        max_ms: u64,
        /// The largest task's shuffle read, bytes.
        max_task_shuffle_read_bytes: u64,
        /// Its tasks.
        tasks: u64,
    },
    /// A stage spilled to disk.
    Spill {
        /// `Stage ID`.
        stage: i64,
        /// `Memory Bytes Spilled`.
        memory_bytes: u64,
        /// `Disk Bytes Spilled`.
        disk_bytes: u64,
    },
    /// GC took a large share of task time.
    HighGc {
        /// GC ÷ task time, thousandths.
        permille: u64,
    },
    /// A long stage ran fewer tasks than there were slots, or its last wave left most slots
    /// idle.
    FewTasks {
        /// `Stage ID`.
        stage: i64,
        /// Its tasks.
        tasks: u64,
        /// Slots alive (the most at once).
        slots: u32,
        /// Its duration, ms.
        duration_ms: u64,
    },
    /// Executors were idle for long while alive.
    IdleExecutors {
        /// How many.
        executors: u32,
        /// The longest idle time, ms.
        longest_ms: u64,
        /// The executor with it.
        executor: String,
    },
    /// Task slots were mostly idle over the run.
    LowUtilisation {
        /// Busy slot time ÷ slot time, thousandths.
        permille: u64,
    },
}

/// The findings, most important first.
pub fn find(
    run: &Run,
    settings: &RunSettings,
    executors: &ExecutorsSummary,
    peaks: &PeaksSummary,
    stages: &[StageSummary],
) -> Vec<Finding> {
    let _ = (run, settings);
    let mut out = losses(executors);
    out.extend(failures(stages));
    out.extend(skew(stages));
    out.extend(spill(stages));
    if let Some(permille) = peaks.gc_permille.filter(|&p| p >= GC_PERMILLE) {
        out.push(Finding::HighGc { permille });
    }
    out.extend(few_tasks(stages, executors));
    out.extend(idle(executors));
    let permille = executors.utilisation_permille();
    if executors.slot_ms > 0 && permille < 300 {
        out.push(Finding::LowUtilisation { permille });
    }
    out
}

fn losses(executors: &ExecutorsSummary) -> Vec<Finding> {
    let mut out: Vec<Finding> = Vec::new();
    let mut lost: Vec<_> = executors
        .executors
        .iter()
        .filter(|e| e.loss.is_some_and(LossCause::is_failure))
        .collect();
    lost.sort_by_key(|e| e.loss);
    for e in lost {
        let cause = e.loss.unwrap_or(LossCause::Other);
        match out.last_mut() {
            Some(Finding::ExecutorsLost {
                cause: c,
                executors,
                ..
            }) if *c == cause => executors.push(e.id.clone()),
            _ => out.push(Finding::ExecutorsLost {
                cause,
                executors: vec![e.id.clone()],
                reason: e.removed_reason.clone().unwrap_or_default(),
            }),
        }
    }
    out
}

fn failures(stages: &[StageSummary]) -> Vec<Finding> {
    let mut out: Vec<Finding> = Vec::new();
    for kind in [
        FailureKind::OutOfMemory,
        FailureKind::ExecutorLost,
        FailureKind::FetchFailed,
        FailureKind::Exception,
        FailureKind::Resubmitted,
        FailureKind::Other,
    ] {
        let mut tasks = 0;
        let mut in_stages = Vec::new();
        let mut top: Option<(u64, String)> = None;
        for s in stages {
            for f in s.failures.iter().filter(|f| f.kind == kind) {
                tasks = f.count.saturating_add(tasks);
                if !in_stages.contains(&s.id) {
                    in_stages.push(s.id);
                }
                if top.as_ref().is_none_or(|(n, _)| f.count > *n) {
                    top = Some((f.count, f.reason.clone()));
                }
            }
        }
        if let Some((_, reason)) = top {
            out.push(Finding::TaskFailures {
                failure: kind,
                tasks,
                stages: in_stages,
                reason,
            });
        }
    }
    out
}

fn skew(stages: &[StageSummary]) -> Vec<Finding> {
    let mut found: Vec<&StageSummary> = stages
        .iter()
        .filter(|s| {
            s.skew_tenths().is_some_and(|t| t >= SKEW_TENTHS) && s.task_time.max_ms >= SKEW_MIN_MS
        })
        .collect();
    found.sort_by_key(|s| std::cmp::Reverse(s.task_time.max_ms - s.task_time.median_ms));
    found
        .into_iter()
        .take(5)
        .map(|s| Finding::Skew {
            stage: s.id,
            median_ms: s.task_time.median_ms,
            max_ms: s.task_time.max_ms,
            max_task_shuffle_read_bytes: s.totals.max_task_shuffle_read_bytes,
            tasks: s.tasks,
        })
        .collect()
}

fn spill(stages: &[StageSummary]) -> Vec<Finding> {
    let mut found: Vec<&StageSummary> = stages
        .iter()
        .filter(|s| s.totals.disk_spilled_bytes > 0)
        .collect();
    found.sort_by_key(|s| std::cmp::Reverse(s.totals.disk_spilled_bytes));
    found
        .into_iter()
        .take(5)
        .map(|s| Finding::Spill {
            stage: s.id,
            memory_bytes: s.totals.memory_spilled_bytes,
            disk_bytes: s.totals.disk_spilled_bytes,
        })
        .collect()
}

/// Stages of at least 30 s whose tasks left most slots idle (fewer tasks than slots, or a last
/// wave under half full).
fn few_tasks(stages: &[StageSummary], executors: &ExecutorsSummary) -> Vec<Finding> {
    let slots = executors.most_slots;
    if slots < 2 {
        return Vec::new();
    }
    let mut found: Vec<Finding> = stages
        .iter()
        .filter(|s| s.duration_ms.unwrap_or(0) >= 30_000 && s.tasks > 0)
        .filter(|s| s.tasks.saturating_mul(2) <= u64::from(slots))
        .map(|s| Finding::FewTasks {
            stage: s.id,
            tasks: s.tasks,
            slots,
            duration_ms: s.duration_ms.unwrap_or(0),
        })
        .collect();
    found.truncate(5);
    found
}

fn idle(executors: &ExecutorsSummary) -> Vec<Finding> {
    let idle: Vec<_> = executors
        .executors
        .iter()
        .filter(|e| {
            e.longest_idle_ms >= IDLE_MIN_MS
                && u128::from(e.longest_idle_ms) * 1000
                    >= u128::from(e.alive_ms) * u128::from(IDLE_PERMILLE)
        })
        .collect();
    match idle.iter().max_by_key(|e| e.longest_idle_ms) {
        Some(top) => vec![Finding::IdleExecutors {
            executors: idle.len() as u32,
            longest_ms: top.longest_idle_ms,
            executor: top.id.clone(),
        }],
        None => Vec::new(),
    }
}
