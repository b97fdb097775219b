//! Per-stage statistics: tasks, duration, task time median / 95th percentile / max, data sizes,
//! spill, the largest task's peak execution memory, failures, GC; and the workload the run
//! measured, in the planner's workload terms.

use crate::run::{FailureCount, Run, StageTotals, TaskTime};

/// Task durations of a stage, ms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Quantiles {
    /// The median (the lower middle of an even count).
    pub median_ms: u64,
    /// The 95th percentile (nearest rank).
    pub p95_ms: u64,
    /// The longest.
    pub max_ms: u64,
}

/// Nearest-rank quantiles of `values` (sorted here).
pub fn quantiles(values: &mut [u64]) -> Quantiles {
    if values.is_empty() {
        return Quantiles::default();
    }
    values.sort_unstable();
    let n = values.len();
    let rank = |p: usize| values[(n * p).div_ceil(100).clamp(1, n) - 1];
    Quantiles {
        median_ms: values[(n - 1) / 2],
        p95_ms: rank(95),
        max_ms: values[n - 1],
    }
}

/// A stage attempt.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StageSummary {
    /// `Stage ID`.
    pub id: i64,
    /// `Stage Attempt ID`.
    pub attempt: i64,
    /// `Stage Name`.
    pub name: String,
    /// Tasks that ended.
    pub tasks: u64,
    /// `Number of Tasks` as declared.
    pub tasks_declared: Option<u64>,
    /// Tasks started but not ended in the log.
    pub tasks_unfinished: u64,
    /// Submission to completion, ms (none: not completed in the log).
    pub duration_ms: Option<u64>,
    /// Durations of its successful tasks.
    pub task_time: Quantiles,
    /// Its tasks' summed durations, ms.
    pub task_ms_total: u64,
    /// The metrics' totals.
    pub totals: StageTotals,
    /// Why tasks failed.
    pub failures: Vec<FailureCount>,
    /// `Failure Reason`, when the stage failed.
    pub failure: Option<String>,
    /// Its parents in the stage graph.
    pub parents: Vec<i64>,
    /// Task times (launch and finish, for the what-if of executor counts).
    #[cfg_attr(feature = "json", serde(skip))]
    pub tasks_times: Vec<TaskTime>,
}

impl StageSummary {
    /// max ÷ median of the task time, in tenths (skew; none below a median of 1 ms or with fewer
    /// than 4 tasks).
    pub fn skew_tenths(&self) -> Option<u64> {
        let q = self.task_time;
        (self.tasks >= 4 && q.median_ms > 0).then(|| q.max_ms.saturating_mul(10) / q.median_ms)
    }
}

/// Summarizes every stage attempt, in the order submitted.
pub fn summarize(run: &Run) -> Vec<StageSummary> {
    let out: Vec<StageSummary> = run
        .stages
        .iter()
        .map(|s| {
            let mut ok: Vec<u64> = s
                .tasks
                .iter()
                .filter(|t| !t.failed)
                .map(TaskTime::duration_ms)
                .collect();
            let task_time = quantiles(&mut ok);
            StageSummary {
                id: s.id,
                attempt: s.attempt,
                name: s.name.clone(),
                tasks: s.tasks.len() as u64,
                tasks_declared: s.tasks_declared,
                tasks_unfinished: s.started.saturating_sub(s.tasks.len() as u64),
                duration_ms: match (s.submitted_ms, s.completed_ms) {
                    (Some(a), Some(b)) => u64::try_from(b.saturating_sub(a)).ok(),
                    _ => None,
                },
                task_time,
                task_ms_total: super::total(s.tasks.iter().map(TaskTime::duration_ms)),
                totals: s.totals,
                failures: s.failures.clone(),
                failure: s.failure.clone(),
                parents: run
                    .graph
                    .get(&s.id)
                    .map(|n| n.parents.clone())
                    .unwrap_or_default(),
                tasks_times: s.tasks.clone(),
            }
        })
        .collect();
    // In the order submitted (those never submitted last, in the log's order): `out` is in
    // the order of `run.stages`, so each key is read once.
    let mut keyed: Vec<((i64, usize), StageSummary)> = run
        .stages
        .iter()
        .enumerate()
        .map(|(i, s)| (s.submitted_ms.unwrap_or(i64::MAX), i))
        .zip(out)
        .collect();
    keyed.sort_by_key(|(k, _)| *k);
    keyed.into_iter().map(|(_, s)| s).collect()
}

/// The workload the run measured, in MiB as the planner's workload section takes it: the input
/// read, the largest stage's shuffle, the largest task's input or shuffle read, and the skew of
/// the most skewed shuffle stage.
pub fn workload(stages: &[StageSummary]) -> planner::workload::Workload {
    const MIB: u64 = 1 << 20;
    let mib = |b: u64| (b > 0).then(|| b.div_ceil(MIB));
    let input = super::total(stages.iter().map(|s| s.totals.input_bytes));
    let shuffle = stages
        .iter()
        .map(|s| {
            s.totals
                .shuffle_write_bytes
                .max(s.totals.shuffle_read_bytes)
        })
        .max()
        .unwrap_or(0);
    let largest = stages
        .iter()
        .map(|s| {
            s.totals
                .max_task_input_bytes
                .max(s.totals.max_task_shuffle_read_bytes)
        })
        .max()
        .unwrap_or(0);
    planner::workload::Workload {
        input_mib: mib(input),
        shuffle_mib: mib(shuffle),
        largest_task_mib: mib(largest),
        ..planner::workload::Workload::default()
    }
}
