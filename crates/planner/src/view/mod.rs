//! The one view of an outcome that every front end renders — the page, the command line (table,
//! text, Markdown, JSON), the wiki exports, the JS API and the reports module — and nothing
//! else: plain data, numbers typed, words made once.
//!
//! [`build`] makes a [`View`] from a scenario and its outcome ([`crate::scenario::plan`]): the
//! headline numbers of each plan (what runs against what was asked), why it does not run in
//! full and the nearest plans that do ([`Refusal`]), the containers or pods, the node groups
//! (the one layout model, [`crate::layout`]), the working steps, the findings, the exports, the
//! workload's and dynamic allocation's results, the driver's notes, and a manager's own parts
//! where the managers differ ([`KubernetesView`]: the node's reservation, pods per node;
//! [`EmrView`]: requests against launched executors). The trade-off explorer's rows are a sweep
//! made only while its section is open: [`explorer`].
//!
//! Room for what comes: the analysis of a run read from its event log (issue 24's
//! `crates/eventlog`) joins as a part of its own beside `workload` (a field added within the
//! schema), built by its own function from the analysis and rendered by the same front ends.
//!
//! The same shape serves YARN, Kubernetes and EMR where they mean the same thing: one
//! [`PlanView`] per method (YARN's rule of thumb and Spark-exact; one for the others), the
//! selected one marked. With the `json` feature every type is `serde` (serialized by the command
//! line's `--format json` and, through serde-wasm-bindgen, by the JS API; the page deserializes
//! what the reports module sends). Keys are snake_case, ids kebab-case, memory in MiB (`_mib`)
//! or bytes (`_bytes`), CPU in millicores (`_millis`). Fields are added, never renamed or
//! removed, within a [`SCHEMA`].
//!
//! ```
//! use planner::scenario::{plan, Scenario};
//! use planner::view;
//!
//! let scenario = Scenario::default();
//! let v = view::build(&scenario, &plan(&scenario));
//! let p = v.selected().unwrap();
//! assert_eq!((p.executors, p.cores_per_executor, p.executor_memory.as_str()), (17, 5, "19g"));
//! ```

pub mod check;
mod emr;
mod explore;
pub mod files;
mod kubernetes;
mod parts;
pub mod words;
mod yarn;

/// The view of node groups of the layout model on cluster manager `m` (what the event-log
/// analysis draws of the executors that ran).
pub fn layout_groups(
    layout: &[crate::layout::NodeGroup],
    m: crate::catalog::ClusterManager,
) -> Vec<NodeGroupView> {
    parts::groups(layout, m)
}

pub use explore::{explorer, fat_or_slim, ExplorerRow, ExplorerTable, FatOrSlimView, SplitView};

use crate::catalog::ClusterManager;
use crate::scenario::{Outcome, Scenario};
use crate::warning::Severity;

/// The version of the view's shape (the JS API's `schema`).
pub const SCHEMA: u32 = 1;

/// Which document a serialized [`View`] is (the command line's `--format json`).
pub const KIND: &str = "spark-sizer-plan";

/// Whether a scenario was planned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Status {
    /// Planned: `plans` holds the answer.
    Planned,
    /// The input cannot be planned: `plans` is empty and `diagnostics` says why.
    Invalid,
}

impl Status {
    /// Its id, as the view's JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Planned => "planned",
            Status::Invalid => "invalid",
        }
    }
}

/// Everything a front end shows of one planned (or unplannable) scenario.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct View {
    /// [`KIND`].
    pub kind: String,
    /// [`SCHEMA`].
    pub schema: u32,
    /// `yarn`, `k8s` or `emr` (the link's `cm`).
    pub manager: ClusterManager,
    /// `planned` or `invalid`.
    pub status: Status,
    /// The scenario as a share-link query (`v=1&c=32`).
    pub link: String,
    /// About the input: an invalid input's problems, one per field, most severe first (the JS
    /// API adds what it did with a link's odd keys).
    pub diagnostics: Vec<Finding>,
    /// Values that read but no machine has ("64 MiB per node — did you mean 64 GiB?"); the plan
    /// is still made.
    pub input_notes: Vec<Finding>,
    /// One plan per method (YARN: `rule-of-thumb` then `spark-exact`; else one), one selected.
    pub plans: Vec<PlanView>,
    /// YARN: why the two methods' answers differ.
    pub differences: Vec<Finding>,
    /// The driver's notes: results against `spark.driver.maxResultSize` and its heap, cores
    /// for concurrent jobs, client mode's edge node.
    pub driver: Vec<Finding>,
    /// Kubernetes' own parts (its node reservation, pods per node).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub kubernetes: Option<KubernetesView>,
    /// Amazon EMR's own parts (requests against launched executors).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub emr: Option<EmrView>,
    /// The workload checks, when a workload is described.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub workload: Option<WorkloadView>,
    /// Dynamic allocation, when it is on.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub dynamic_allocation: Option<DynamicAllocationView>,
}

impl PlanView {
    /// The plan's warnings and its shape's guidance, most severe first.
    pub fn findings(&self) -> Vec<Finding> {
        let mut all = self.warnings.clone();
        all.extend(self.guidance.iter().cloned());
        crate::warning::most_severe_first_by(&all, |f| f.severity)
    }
}

impl std::fmt::Display for Finding {
    /// `[warning] room-for-more: …`, as the text report writes a finding.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "[{}] {}: {}",
            self.severity.as_str(),
            self.code,
            self.message
        )
    }
}

impl View {
    /// The plan shown first (`None` for an invalid input).
    pub fn selected(&self) -> Option<&PlanView> {
        self.plans.iter().find(|p| p.selected)
    }

    /// The plan of `method`, if the view has one.
    pub fn plan(&self, method: PlanMethod) -> Option<&PlanView> {
        self.plans.iter().find(|p| p.method == method)
    }
}

/// A warning, a note, or a problem with the input.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct Finding {
    /// The stable kebab-case code (`invalid-value`, `fewer-executors-fit`).
    pub code: String,
    /// `info`, `warning` or `error`.
    pub severity: Severity,
    /// The link key of the input at fault, when one is.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub field: Option<String>,
    /// What is wrong or worth knowing, with its numbers.
    pub message: String,
}

/// Which method a plan is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum PlanMethod {
    /// YARN: the seeds' rule of thumb, placed under YARN's real math.
    RuleOfThumb,
    /// YARN: Spark's and YARN's own math.
    SparkExact,
    /// Kubernetes pods.
    Kubernetes,
    /// Amazon EMR.
    Emr,
}

impl PlanMethod {
    /// The method's id (`spark-exact`).
    pub fn as_str(self) -> &'static str {
        match self {
            PlanMethod::RuleOfThumb => "rule-of-thumb",
            PlanMethod::SparkExact => "spark-exact",
            PlanMethod::Kubernetes => "kubernetes",
            PlanMethod::Emr => "emr",
        }
    }
}

/// One method's answer.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct PlanView {
    /// `rule-of-thumb`, `spark-exact`, `kubernetes` or `emr`.
    pub method: PlanMethod,
    /// Whether this is the answer shown first.
    pub selected: bool,
    /// Executors asked for (`spark.executor.instances`; Kubernetes: executor pods, EMR:
    /// executor requests).
    pub executors: u32,
    /// Executors that run (EMR: launched, possibly merged).
    pub executors_running: u32,
    /// `spark.executor.cores` asked for.
    pub cores_per_executor: u32,
    /// `spark.executor.memory` as emitted (`19g`).
    pub executor_memory: String,
    /// The executor heap asked for.
    pub heap_mib: u64,
    /// Tasks at once on the executors that run.
    pub task_slots: u64,
    /// Executors (pods, EMR requests) that fit on a node without the ApplicationMaster or
    /// driver pod.
    pub executors_per_node: u64,
    /// Whether at least one executor runs.
    pub fits: bool,
    /// The GPUs of executors and tasks, when they ask for any.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub gpus: Option<GpusView>,
    /// What runs: `executors_running` executors of this shape (EMR: its largest launched shape,
    /// merged requests; `None` when nothing runs).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub runs: Option<Running>,
    /// When nothing runs, what the headline says instead of a shape.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub nothing_runs: Option<NothingRuns>,
    /// Why the plan does not run in full (or what Spark or YARN refuses), and the nearest plans
    /// that run.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub refusal: Option<Refusal>,
    /// Executor, ApplicationMaster or driver containers (pods on Kubernetes).
    pub containers: Vec<ContainerView>,
    /// Per-node layout, identical consecutive nodes grouped.
    pub layout: Vec<NodeGroupView>,
    /// Sums over the layout.
    pub totals: TotalsView,
    /// The unified-memory pools of one executor's heap (YARN), when Spark accepts the heap.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub unified_memory: Option<UnifiedMemoryView>,
    /// Spark's refusal of the heap, in Spark's words, when it is below its 450 MiB floor
    /// (YARN): "System memory 419430400 must be at least 471859200".
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub heap_refused: Option<String>,
    /// The derivation, in order.
    pub working: Vec<Step>,
    /// The plan's warnings, most severe first.
    pub warnings: Vec<Finding>,
    /// What the plan's executor shape triggers beyond its warnings (a heap without compressed
    /// object pointers, a small executor…); [`PlanView::findings`] lists both, as the page's
    /// Warnings section and the wiki exports do.
    pub guidance: Vec<Finding>,
    /// What to paste.
    pub exports: ExportsView,
}

/// The shape that runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct Running {
    /// Executors (pods) that run.
    pub executors: u32,
    /// Cores of each (EMR: of the largest, merged executor).
    pub cores: u32,
    /// Heap of each (EMR: of the largest), in MiB.
    pub heap_mib: u64,
    /// EMR: the executors run in more than one shape (this is the largest).
    pub largest_of_several: bool,
}

/// What a headline says when no executor runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum NothingRuns {
    /// No executor is asked for (`spark.executor.instances` = 0).
    NoneAsked,
    /// No executor (pod, request) fits.
    NoExecutorFits,
    /// Kubernetes: the driver pod does not fit, so nothing starts.
    DriverDoesNotFit,
}

/// Why a plan does not run in full, or what would refuse it.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct Refusal {
    /// `error` when nothing runs (or Spark or YARN refuses the plan), else `warning`.
    pub severity: Severity,
    /// Executors asked for (EMR: executor requests; 0 when the refusal is not a shortfall).
    pub asked: u64,
    /// Executors that run (EMR: the requests they cover).
    pub runs: u64,
    /// Why, by how much, in one or two sentences.
    pub message: String,
    /// The nearest plans that run, in the order to say them.
    pub nearest: Vec<NearestPlan>,
}

/// A plan that runs, near the one asked for.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct NearestPlan {
    /// `heap` (a heap setting changed), `spark-exact`, `fewer`, `smaller-heap` or
    /// `largest-that-fits`.
    pub kind: NearestKind,
    /// The link key of the heap setting changed (`heap`).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub field: Option<String>,
    /// Its value, in MiB (`heap`).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub setting_mib: Option<u64>,
    /// Executors that run with it.
    pub executors: u64,
    /// Cores per executor.
    pub cores: u32,
    /// Heap per executor, in MiB.
    pub heap_mib: u64,
    /// The plan in words, as the answer says it.
    pub message: String,
}

/// Which kind of nearest plan ([`crate::shortfall::Nearest`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum NearestKind {
    /// A heap setting changed (the ApplicationMaster's, the driver's or the executor's).
    Heap,
    /// Spark-exact's plan (for the rule of thumb).
    SparkExact,
    /// The shape asked for, as many as the cluster holds.
    Fewer,
    /// The count and cores asked for, with a smaller heap.
    SmallerHeap,
    /// The largest heap that runs at all.
    LargestThatFits,
}

/// A container or pod, with the quantities its cluster manager has.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct ContainerView {
    /// `executor`, `executor-launched` (EMR, merged), `application-master` or `driver`.
    pub role: ContainerRole,
    /// How many run (EMR's `executor`: requested).
    pub count: u64,
    /// JVM heap.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub heap_mib: Option<u64>,
    /// Memory overhead.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub overhead_mib: Option<u64>,
    /// Off-heap memory.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub offheap_mib: Option<u64>,
    /// PySpark worker memory.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub pyspark_mib: Option<u64>,
    /// Memory requested (a pod's request, equal to its limit).
    pub requested_mib: u64,
    /// Memory YARN grants (YARN and EMR).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub granted_mib: Option<u64>,
    /// Cores Spark runs tasks on.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub cores: Option<u32>,
    /// Vcores the ResourceManager records (YARN and EMR).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub yarn_vcores: Option<u32>,
    /// A pod's CPU request as written (`500m`; Kubernetes).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub cpu_request: Option<String>,
    /// A pod's CPU limit, when set (Kubernetes).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub cpu_limit: Option<String>,
    /// Requests merged into each (EMR's launched executors).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub merged_requests: Option<u32>,
    /// The node the ApplicationMaster runs on (1-based).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub node: Option<u32>,
}

/// Whose container or pod.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ContainerRole {
    /// An executor (EMR: as requested).
    Executor,
    /// EMR: an executor as launched, several requests merged.
    ExecutorLaunched,
    /// YARN's ApplicationMaster (the driver in cluster mode).
    ApplicationMaster,
    /// Kubernetes' driver pod.
    Driver,
}

impl ContainerRole {
    /// Its id, as the view's JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            ContainerRole::Executor => "executor",
            ContainerRole::ExecutorLaunched => "executor-launched",
            ContainerRole::ApplicationMaster => "application-master",
            ContainerRole::Driver => "driver",
        }
    }
}

/// The GPUs of a plan whose executors or tasks ask for them.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GpusView {
    /// GPUs each executor asks for (`spark.executor.resource.gpu.amount`).
    pub per_executor: u32,
    /// GPUs each task asks for, as Spark's key writes it (`0.25`; `0`: none).
    pub per_task: String,
    /// GPUs per node.
    pub per_node: u64,
    /// Whether the GPUs hold fewer tasks per executor than its cores would.
    pub limit_tasks: bool,
    /// Whether the GPUs hold fewer executors per node than its memory and cores would.
    pub limit_executors: bool,
}

/// Consecutive nodes holding the same blocks.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct NodeGroupView {
    /// First node, 1-based.
    pub first_node: u32,
    /// Last node, inclusive.
    pub last_node: u32,
    /// "Node 1", "Nodes 2–6 (5 nodes)".
    pub title: String,
    /// What each node holds: "ApplicationMaster + 2 executors".
    pub holds: String,
    /// Executors (pods) on each node.
    pub executors_per_node: u32,
    /// Each node's memory: its blocks added, reserved and free included, in MiB.
    pub memory_mib: u64,
    /// Each node's CPU, its blocks added, in millicores (a YARN vcore is 1,000).
    pub cpu_millis: u64,
    /// Each node's blocks, in order.
    pub blocks: Vec<BlockView>,
}

/// A block of a node.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct BlockView {
    /// `os-reserved`, `application-master`, `executor`, `unused` (YARN, EMR);
    /// `system-reserved`, `daemonsets`, `driver`, `executor`, `unused` (Kubernetes).
    pub kind: BlockKindView,
    /// Vcores (YARN, EMR).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub vcores: Option<u64>,
    /// CPU requested, in millicores (Kubernetes).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub cpu_millis: Option<u64>,
    /// Memory.
    pub memory_mib: u64,
    /// Memory parts of a container.
    pub parts: Vec<PartView>,
}

/// What a block of a node is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum BlockKindView {
    /// YARN, EMR: memory and cores kept for the OS and daemons.
    OsReserved,
    /// Kubernetes: kubelet and system reserved, the eviction threshold.
    SystemReserved,
    /// Kubernetes: the daemonsets' requests.
    Daemonsets,
    /// YARN's ApplicationMaster container.
    ApplicationMaster,
    /// Kubernetes' driver pod.
    Driver,
    /// An executor's container or pod.
    Executor,
    /// Left free.
    Unused,
}

impl BlockKindView {
    /// Its id, as the view's JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            BlockKindView::OsReserved => "os-reserved",
            BlockKindView::SystemReserved => "system-reserved",
            BlockKindView::Daemonsets => "daemonsets",
            BlockKindView::ApplicationMaster => "application-master",
            BlockKindView::Driver => "driver",
            BlockKindView::Executor => "executor",
            BlockKindView::Unused => "unused",
        }
    }
}

/// A memory part of a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct PartView {
    /// `heap`, `overhead`, `off-heap`, `pyspark` or `rounding`.
    pub kind: PartKindView,
    /// Its size.
    pub mib: u64,
}

/// A part of a container's memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum PartKindView {
    /// JVM heap.
    Heap,
    /// Memory overhead.
    Overhead,
    /// Off-heap memory.
    OffHeap,
    /// PySpark workers.
    Pyspark,
    /// What YARN's rounding adds.
    Rounding,
}

impl PartKindView {
    /// Its id, as the view's JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            PartKindView::Heap => "heap",
            PartKindView::Overhead => "overhead",
            PartKindView::OffHeap => "off-heap",
            PartKindView::Pyspark => "pyspark",
            PartKindView::Rounding => "rounding",
        }
    }
}

/// Sums over a layout (YARN and EMR fill the vcore fields, Kubernetes the CPU ones).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct TotalsView {
    /// Executors placed.
    pub executors: u32,
    /// Tasks at once.
    pub task_slots: u64,
    /// Memory granted to containers (YARN, EMR) or requested by pods (Kubernetes).
    pub memory_used_mib: u64,
    /// NodeManager memory (YARN, EMR) or allocatable memory beside daemonsets (Kubernetes),
    /// all nodes.
    pub memory_available_mib: u64,
    /// YARN, EMR: vcores held by containers.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub vcores_used: Option<u64>,
    /// YARN, EMR: NodeManager vcores of all nodes.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub vcores_available: Option<u64>,
    /// Kubernetes: CPU requested by Spark's pods.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub cpu_used_millis: Option<u64>,
    /// Kubernetes: allocatable CPU beside daemonsets, all nodes.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub cpu_available_millis: Option<u64>,
    /// YARN, EMR: memory the containers request before YARN's rounding.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub memory_requested_mib: Option<u64>,
    /// YARN, EMR: the executors' heaps added.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub heap_mib: Option<u64>,
    /// YARN, EMR: NodeManager memory no container holds, all nodes.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub unused_memory_mib: Option<u64>,
    /// YARN, EMR: NodeManager vcores no container holds, all nodes.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub unused_vcores: Option<u64>,
}

/// The unified-memory pools of one executor's heap, in bytes as Spark computes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct UnifiedMemoryView {
    /// The heap Spark sees.
    pub heap_bytes: u64,
    /// Reserved memory (300 MiB).
    pub reserved_bytes: u64,
    /// User memory.
    pub user_bytes: u64,
    /// The storage region.
    pub storage_bytes: u64,
    /// The execution region.
    pub execution_bytes: u64,
    /// Tasks running at once in one executor.
    pub concurrent_tasks: u32,
    /// Execution memory each task is guaranteed before spilling.
    pub per_task_min_bytes: u64,
    /// Execution memory a task may take when storage holds its region.
    pub per_task_max_bytes: u64,
    /// Execution memory a task may take when nothing is cached.
    pub per_task_max_uncached_bytes: u64,
}

/// One working step.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct Step {
    /// What it decides.
    pub title: String,
    /// The arithmetic with its numbers.
    pub detail: String,
}

/// A Spark setting.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct ConfEntry {
    /// The Spark key.
    pub key: String,
    /// Its value as emitted.
    pub value: String,
}

/// What to paste.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct ExportsView {
    /// The Spark configuration, in order.
    pub spark_conf: Vec<ConfEntry>,
    /// The same settings as `spark-defaults.conf` lines (`key value`).
    pub spark_defaults_conf: String,
    /// `spark-submit`'s arguments (without the application).
    pub spark_submit_args: Vec<String>,
    /// The `spark-submit` command to paste into a shell.
    pub spark_submit: String,
    /// Kubernetes: the Spark operator's `SparkApplication` fragment (YAML).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub spark_operator_yaml: Option<String>,
    /// EMR: the configuration classifications, as JSON text.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub emr_configurations_json: Option<String>,
    /// EMR: the `YarnAllocator` lines of the driver log, as EMR writes them.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub driver_log: Option<Vec<String>>,
}

/// Kubernetes' own parts of the answer.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct KubernetesView {
    /// What a node keeps and what is left for Spark's pods.
    pub node: NodeReservationView,
    /// Executor pods that fit on a node beside its daemonsets.
    pub executor_pods_per_node: u64,
    /// Executor pods the cluster holds with the driver pod in place.
    pub cluster_capacity: u64,
    /// Executor pods asked for (as many as fit: the capacity).
    pub asked: u64,
    /// The overhead factor Spark used (`0.1`).
    pub overhead_factor: String,
    /// The executor pod's CPU request in millicores.
    pub executor_cpu_millis: u64,
    /// The executor pod's memory request (= limit), in MiB.
    pub executor_memory_mib: u64,
    /// When a node's pod limit holds the pods: in words.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub pod_limit: Option<String>,
}

/// A Kubernetes node's reservation, as `kubectl describe node` shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct NodeReservationView {
    /// `custom`, `eks`, `gke` or `aks`.
    pub provider: String,
    /// The provider's name ("Amazon EKS"; "custom").
    pub provider_name: String,
    /// What the formula is and where it is published, in a sentence.
    pub source: String,
    /// Capacity, reservations, allocatable, daemonsets and what is left, in order.
    pub rows: Vec<ReservationRow>,
}

/// A row of a node's reservation.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct ReservationRow {
    /// "Capacity", "− kube-reserved", "= Allocatable".
    pub label: String,
    /// Whether the row is a total (`=`).
    pub total: bool,
    /// CPU in millicores (absent: the row has none).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub cpu_millis: Option<u64>,
    /// Memory in MiB (absent: the row has none).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub memory_mib: Option<u64>,
}

/// Amazon EMR's own parts of the answer.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct EmrView {
    /// The core nodes' instance, for people ("m5.4xlarge", "a custom instance (...)").
    pub instance: String,
    /// Core nodes.
    pub core_nodes: u32,
    /// Executor requests (`spark.executor.instances`).
    pub requested: u32,
    /// One request as asked: memory and vcores.
    pub request_mib: u64,
    /// One request's vcores as asked.
    pub request_vcores: u32,
    /// One request as YARN grants it.
    pub granted_mib: u64,
    /// One request's vcores as granted.
    pub granted_vcores: u32,
    /// The executors that run, by shape, most merged first.
    pub launched: Vec<LaunchedView>,
    /// Requests the launched executors cover.
    pub covered_requests: u32,
    /// Requests YARN leaves pending.
    pub pending_requests: u32,
    /// Whether EMR merges requests (then the launched executors are a model of EMR's).
    pub merged: bool,
    /// How EMR turns the requests into executors, in one sentence.
    pub how: String,
}

/// Executors of one shape that EMR launches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct LaunchedView {
    /// How many run.
    pub count: u32,
    /// Requests merged into each.
    pub merged: u32,
    /// Container memory.
    pub memory_mib: u64,
    /// Cores (task slots).
    pub cores: u32,
    /// Vcores YARN records.
    pub yarn_vcores: u32,
    /// JVM heap.
    pub heap_mib: u64,
    /// Overhead: the rest of the container.
    pub overhead_mib: u64,
}

/// The workload checks on the selected plan's executors.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct WorkloadView {
    /// The scan stage's tasks and waves.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub scan: Option<ScanView>,
    /// The recommended shuffle partitions.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub shuffle: Option<ShuffleView>,
    /// The largest task against the execution memory a task may take.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub task_memory: Option<TaskMemoryView>,
    /// The recommended Spark SQL settings (shuffle partitions, AQE).
    pub recommended_conf: Vec<ConfEntry>,
    /// Shapes that give the largest task more memory, each with the link query that plans it.
    pub remedies: Vec<RemedyView>,
    /// The verdict: the checks' findings and smaller tasks, most severe first (the shape
    /// remedies are `remedies`, each with its button).
    pub verdict: Vec<Finding>,
    /// Every word of the section as a report lists it: the verdict with each remedy worded
    /// among them, most severe first.
    pub notes: Vec<Finding>,
}

/// The scan stage's tasks and waves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct ScanView {
    /// Tasks in the scan stage.
    pub tasks: u64,
    /// Tasks running at once across the executors.
    pub task_slots: u64,
    /// ⌈tasks ÷ slots⌉.
    pub waves: u64,
    /// Tasks in the last wave.
    pub last_wave_tasks: u64,
    /// Slots idle in the last wave.
    pub idle_slots_last_wave: u64,
}

/// The recommended shuffle partitions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct ShuffleView {
    /// `spark.sql.shuffle.partitions`, in whole waves.
    pub partitions: u64,
    /// The partition size aimed at.
    pub target_bytes: u64,
    /// The average partition at that count.
    pub average_bytes: u64,
}

/// The per-task memory check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct TaskMemoryView {
    /// The largest task's input.
    pub task_bytes: u64,
    /// Tasks running at once in one executor (N).
    pub tasks_at_once: u32,
    /// Guaranteed per task: execution ÷ 2N.
    pub guaranteed_bytes: u64,
    /// The most per task: execution ÷ N.
    pub most_bytes: u64,
    /// `fits`, `tight` or `does-not-fit`.
    pub verdict: TaskVerdictView,
}

/// Whether the largest task fits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TaskVerdictView {
    /// In the share every task is guaranteed.
    Fits,
    /// Only while the tasks beside it take less.
    Tight,
    /// Not even then.
    DoesNotFit,
}

/// A remedy that is an executor shape: one click applies it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct RemedyView {
    /// What it is, worded.
    pub description: String,
    /// Whether the largest task fits in it.
    pub fits: bool,
    /// The share-link query of the scenario it plans.
    pub link_query: String,
}

/// Dynamic allocation's effective counts.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct DynamicAllocationView {
    /// Executors Spark starts with: the largest of min, initial and instances.
    pub initial: u32,
    /// `minExecutors`.
    pub min_executors: u32,
    /// `initialExecutors` as Spark reads it (`minExecutors` when unset).
    pub initial_executors: u32,
    /// `spark.executor.instances` as the plan emits it.
    pub instances: u32,
    /// `maxExecutors` (absent: unbounded).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub max_executors: Option<u32>,
    /// Executors the queue or the cluster holds.
    pub cluster_holds: u32,
    /// The line under the headline: the executor count is only where Spark starts.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub initial_note: Option<String>,
    /// The findings, worded.
    pub notes: Vec<Finding>,
}

/// The view of `outcome`, planned from `scenario` ([`crate::scenario::plan`] or
/// [`crate::scenario::plan_with_unreadable`]). An outcome of another cluster manager than the
/// scenario's is an invalid view that says so.
pub fn build(scenario: &Scenario, outcome: &Outcome) -> View {
    let m = scenario.manager();
    let mut view = View {
        kind: KIND.to_string(),
        schema: SCHEMA,
        manager: m,
        status: Status::Planned,
        link: crate::url::scenario_to_query(scenario),
        diagnostics: Vec::new(),
        input_notes: parts::findings(m, &crate::plausible::hardware_warnings(scenario)),
        plans: Vec::new(),
        differences: Vec::new(),
        driver: Vec::new(),
        kubernetes: None,
        emr: None,
        workload: None,
        dynamic_allocation: None,
    };
    match (scenario, outcome) {
        (Scenario::Yarn(_), Outcome::Yarn(c)) => yarn::fill(&mut view, c),
        (Scenario::Kubernetes(input), Outcome::Kubernetes(p)) => {
            kubernetes::fill(&mut view, p, input);
        }
        (Scenario::Emr(_), Outcome::Emr(p)) => emr::fill(&mut view, p),
        (_, Outcome::Invalid(problems)) => {
            view.status = Status::Invalid;
            view.diagnostics = parts::findings(m, problems);
            return view;
        }
        _ => {
            view.status = Status::Invalid;
            view.diagnostics = vec![parts::finding(
                m,
                &crate::warning::Diagnostic::invalid_input(
                    "The outcome was planned for another cluster manager than the scenario's.",
                ),
            )];
            return view;
        }
    }
    let driver = crate::scenario::driver_settings(scenario);
    view.driver = parts::findings(
        m,
        &crate::driver::driver_notes(&crate::driver::driver_numbers(&driver)),
    );
    parts::fill_job_fit(&mut view, scenario, outcome);
    view
}

/// A view (or any of its parts) as compact JSON text (feature `json`).
#[cfg(feature = "json")]
pub fn to_json<T: serde::Serialize>(value: &T) -> String {
    // Plain structs with string keys always serialize; the default is never used.
    serde_json::to_string(value).unwrap_or_default()
}

/// A view (or any of its parts) as indented JSON text (feature `json`), as the command line
/// prints it.
#[cfg(feature = "json")]
pub fn to_json_pretty<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default()
}
