//! What a run's log holds, folded as its lines are read: the application, its settings, its
//! executors with their peaks, its jobs and stages with their task times and totals. Events
//! are never kept; memory grows only with the tasks' times (a few words each) and with the
//! executors, jobs and stages.

use std::collections::BTreeMap;

use crate::metrics::{Metric, Peaks};

/// Where a line is: the file (its name as given) and the line, 1-based.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Location {
    /// The file's name.
    pub file: String,
    /// The line.
    pub line: u64,
}

/// The application.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct App {
    /// `App Name`.
    pub name: Option<String>,
    /// `App ID` (`application_…` on YARN, `spark-…` on Kubernetes, `local-…`).
    pub id: Option<String>,
    /// `App Attempt ID` (YARN and Kubernetes cluster mode).
    pub attempt: Option<String>,
    /// `User`.
    pub user: Option<String>,
    /// `SparkListenerApplicationStart`'s timestamp, ms since the epoch.
    pub start_ms: Option<i64>,
    /// `SparkListenerApplicationEnd`'s timestamp (none: the log ends before the application).
    pub end_ms: Option<i64>,
    /// `SparkListenerLogStart`'s `Spark Version`.
    pub spark_version: Option<String>,
}

/// A resource profile (`SparkListenerResourceProfileAdded`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ResourceProfile {
    /// Its id (0 is the default profile).
    pub id: i64,
    /// Executor requests by Spark's resource name (`cores`, `memory` in MiB, `memoryOverhead`,
    /// `offHeap`, `pyspark.memory`, `gpu`, …) and amount.
    pub executor: Vec<(String, f64)>,
    /// Task requests (`cpus`, `gpu`, …).
    pub task: Vec<(String, f64)>,
}

impl ResourceProfile {
    /// The executor request for `name`.
    pub fn executor_amount(&self, name: &str) -> Option<f64> {
        self.executor.iter().find(|(n, _)| n == name).map(|p| p.1)
    }

    /// The task request for `name`.
    pub fn task_amount(&self, name: &str) -> Option<f64> {
        self.task.iter().find(|(n, _)| n == name).map(|p| p.1)
    }
}

/// How many samples a peak rests on, by source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Samples {
    /// `SparkListenerTaskEnd`s carrying `Task Executor Metrics`.
    pub task_ends: u64,
    /// `SparkListenerStageExecutorMetrics` (`spark.eventLog.logStageExecutorMetrics`).
    pub stage_peaks: u64,
    /// Heartbeats' `Executor Metrics Updated`.
    pub heartbeats: u64,
}

impl Samples {
    /// All samples.
    pub fn total(&self) -> u64 {
        self.task_ends + self.stage_peaks + self.heartbeats
    }
}

/// An executor as it ran.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Executor {
    /// `Executor ID` as the log gives it.
    pub id: String,
    /// `Host`.
    pub host: String,
    /// `Total Cores`.
    pub cores: u32,
    /// Added, ms since the epoch.
    pub added_ms: Option<i64>,
    /// Removed (none: alive at the log's end).
    pub removed_ms: Option<i64>,
    /// `Removed Reason`, as Spark wrote it.
    pub removed_reason: Option<String>,
    /// Its resource profile.
    pub resource_profile: i64,
    /// Custom resources it was given (`gpu`, …).
    pub resources: Vec<String>,
    /// Peaks of its executor metrics.
    pub peaks: Peaks,
    /// What the peaks rest on.
    pub samples: Samples,
    /// Tasks that ended on it.
    pub tasks: u64,
    /// Of those, failed ones.
    pub failed_tasks: u64,
    /// Sum of its tasks' durations (launch to finish), ms.
    pub task_ms: u64,
    /// Sum of its tasks' `JVM GC Time`, ms.
    pub gc_ms: u64,
    /// The block manager's storage memory (`Maximum Memory`), bytes.
    pub storage_memory: Option<u64>,
}

/// The driver's peaks (heartbeats of executor `driver`, its stage peaks).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Driver {
    /// Its peaks.
    pub peaks: Peaks,
    /// What they rest on.
    pub samples: Samples,
    /// Its block manager's storage memory, bytes.
    pub storage_memory: Option<u64>,
    /// Its host.
    pub host: Option<String>,
}

/// A task's times, kept for every task that ended (what the analysis of time needs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TaskTime {
    /// `Launch Time`, ms since the epoch.
    pub launch_ms: i64,
    /// `Finish Time`, ms since the epoch.
    pub finish_ms: i64,
    /// The executor, as an index into [`Run::executors`] (`u32::MAX`: the driver, or unknown).
    pub executor: u32,
    /// Whether it failed (or was killed).
    pub failed: bool,
    /// Whether it was a speculative copy.
    pub speculative: bool,
}

impl TaskTime {
    /// Finish − launch, ms (0 when the log's times are out of order).
    pub fn duration_ms(&self) -> u64 {
        u64::try_from(self.finish_ms.saturating_sub(self.launch_ms)).unwrap_or(0)
    }
}

/// What a stage's ended tasks added up to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StageTotals {
    /// `Executor Run Time`, ms.
    pub run_ms: u64,
    /// `Executor CPU Time`, ns.
    pub cpu_ns: u64,
    /// `JVM GC Time`, ms.
    pub gc_ms: u64,
    /// `Input Metrics` `Bytes Read`.
    pub input_bytes: u64,
    /// `Output Metrics` `Bytes Written`.
    pub output_bytes: u64,
    /// Shuffle bytes read, remote and local.
    pub shuffle_read_bytes: u64,
    /// `Shuffle Records Read`.
    pub shuffle_read_records: u64,
    /// `Shuffle Bytes Written`.
    pub shuffle_write_bytes: u64,
    /// `Memory Bytes Spilled`.
    pub memory_spilled_bytes: u64,
    /// `Disk Bytes Spilled`.
    pub disk_spilled_bytes: u64,
    /// The largest task's `Peak Execution Memory`.
    pub max_peak_execution_memory: u64,
    /// The largest task's input bytes.
    pub max_task_input_bytes: u64,
    /// The largest task's shuffle read bytes.
    pub max_task_shuffle_read_bytes: u64,
    /// `Fetch Wait Time`, ms.
    pub fetch_wait_ms: u64,
    /// Tasks that failed.
    pub failed: u64,
    /// Tasks that were killed.
    pub killed: u64,
    /// Speculative copies.
    pub speculative: u64,
}

/// What made tasks fail, in kinds a person reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(
    feature = "json",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum FailureKind {
    /// `ExceptionFailure` with `java.lang.OutOfMemoryError`.
    OutOfMemory,
    /// `ExecutorLostFailure`.
    ExecutorLost,
    /// `FetchFailed`.
    FetchFailed,
    /// `ExceptionFailure`, any other exception.
    Exception,
    /// `TaskKilled` (speculation's losers, cancelled jobs).
    Killed,
    /// `Resubmitted`: a finished task run again because its shuffle output was lost with its
    /// executor.
    Resubmitted,
    /// `TaskCommitDenied`, `TaskResultLost`, `Resubmitted`, `UnknownReason`.
    Other,
}

/// A kind of failure with its first words and how often it happened.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FailureCount {
    /// The kind.
    pub kind: FailureKind,
    /// Spark's words: the exception's class and message, or the loss reason (first 300
    /// characters).
    pub reason: String,
    /// How many tasks.
    pub count: u64,
}

/// A stage attempt.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Stage {
    /// `Stage ID`.
    pub id: i64,
    /// `Stage Attempt ID`.
    pub attempt: i64,
    /// `Stage Name` (its call site).
    pub name: String,
    /// `Number of Tasks`.
    pub tasks_declared: Option<u64>,
    /// `Submission Time`.
    pub submitted_ms: Option<i64>,
    /// `Completion Time` (none: not completed in the log).
    pub completed_ms: Option<i64>,
    /// `Failure Reason`, when the stage failed.
    pub failure: Option<String>,
    /// Its resource profile.
    pub resource_profile: i64,
    /// Tasks started (`SparkListenerTaskStart`).
    pub started: u64,
    /// Every ended task's times, in the order they ended.
    pub tasks: Vec<TaskTime>,
    /// Totals of the ended tasks' metrics.
    pub totals: StageTotals,
    /// Why tasks failed, most frequent kinds first once analysed (at most 16 kinds kept).
    pub failures: Vec<FailureCount>,
    /// Executors' peaks during the stage (`SparkListenerStageExecutorMetrics`), merged.
    pub executor_peaks: Peaks,
}

/// A stage in the graph the jobs declare (`SparkListenerJobStart`'s `Stage Infos`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StageNode {
    /// `Stage ID`.
    pub id: i64,
    /// Its parents' ids.
    pub parents: Vec<i64>,
    /// `Number of Tasks`.
    pub tasks: u64,
    /// The jobs that declare it.
    pub jobs: Vec<i64>,
}

/// A job.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Job {
    /// `Job ID`.
    pub id: i64,
    /// `Submission Time`.
    pub submitted_ms: Option<i64>,
    /// `Completion Time` (none: not ended in the log).
    pub completed_ms: Option<i64>,
    /// Its stages' ids.
    pub stage_ids: Vec<i64>,
    /// `JobSucceeded` (none: not ended).
    pub succeeded: Option<bool>,
    /// `spark.sql.execution.id`: jobs of one SQL query share it.
    pub sql_execution: Option<i64>,
}

/// Counts of what was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Counts {
    /// Events read.
    pub events: u64,
    /// `SparkListenerTaskStart`s.
    pub task_starts: u64,
    /// `SparkListenerTaskEnd`s.
    pub task_ends: u64,
    /// Executor-metrics samples of any source.
    pub metric_samples: u64,
    /// Events of kinds the analysis does not read.
    pub other_events: u64,
    /// Executors excluded (blacklisted) for failures.
    pub executors_excluded: u64,
    /// SQL executions started.
    pub sql_executions: u64,
}

/// Everything folded from one run's log (one application attempt).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Run {
    /// The application.
    pub app: App,
    /// `Spark Properties`, in the order written.
    pub spark_properties: Vec<(String, String)>,
    /// Where they were read.
    pub properties_at: Option<Location>,
    /// The `yarn.*` keys of `Hadoop Properties` (the driver's YARN configuration).
    pub yarn_properties: Vec<(String, String)>,
    /// `Java Version` of `JVM Information`.
    pub java_version: Option<String>,
    /// Resource profiles.
    pub resource_profiles: Vec<ResourceProfile>,
    /// Executors, in the order added.
    pub executors: Vec<Executor>,
    /// The driver.
    pub driver: Driver,
    /// Jobs, in the order started.
    pub jobs: Vec<Job>,
    /// Stage attempts, in the order first seen.
    pub stages: Vec<Stage>,
    /// The stage graph, by stage id.
    pub graph: BTreeMap<i64, StageNode>,
    /// Counts.
    pub counts: Counts,
    /// The earliest and latest timestamps of any event (for a log cut short).
    pub first_ms: Option<i64>,
    /// See `first_ms`.
    pub last_ms: Option<i64>,
    /// The files the run was read from, in order.
    pub files: Vec<String>,
}

impl Run {
    /// The Spark property `key`.
    pub fn property(&self, key: &str) -> Option<&str> {
        self.spark_properties
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The `yarn.*` Hadoop property `key`.
    pub fn yarn_property(&self, key: &str) -> Option<&str> {
        self.yarn_properties
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Every ended task, of every stage.
    pub fn tasks(&self) -> impl Iterator<Item = &TaskTime> {
        self.stages.iter().flat_map(|s| s.tasks.iter())
    }

    /// The resource profile `id`.
    pub fn resource_profile(&self, id: i64) -> Option<&ResourceProfile> {
        self.resource_profiles.iter().find(|p| p.id == id)
    }

    /// Peak of `m` over every executor.
    pub fn executors_peak(&self, m: Metric) -> Option<u64> {
        self.executors.iter().filter_map(|e| e.peaks.get(m)).max()
    }
}
