//! The trade-off explorer: every executor shape worth considering for the cluster on the form,
//! fat to slim, one row per cores-per-executor count from 1 to the most that fit a node, each
//! sized the Spark-exact way (the largest heap whose container still fits that many per node)
//! and placed with the cluster manager's own numbers-only functions. Numbers only: the guidance
//! a shape triggers is a separate function ([`guidance`]), and the page words the rest.
//!
//! ```
//! use planner::explorer::explore;
//! use planner::presets::preset;
//! use planner::scenario::Scenario;
//!
//! let case1 = Scenario::Yarn(preset("case1").unwrap().input); // 6 × 16 cores × 64 GB
//! let e = explore(&case1).unwrap();
//! assert_eq!(e.rows.len(), 15); // 1 to 15 cores per executor
//! let five = e.row(5).unwrap();
//! assert_eq!((five.executors, five.heap_mib, five.executors_per_node), (17, 19 * 1024, 3));
//! assert_eq!((e.rule_of_thumb_cores, e.spark_exact_cores), (Some(5), Some(5)));
//! ```

use crate::catalog::ClusterManager;
use crate::emr::{EmrInput, EmrPlan};
use crate::input::{Method, PlanInput, Validated};
use crate::k8s::{derive_k8s, K8sDerivation, K8sInput, K8sPlan, PodRoom};
use crate::memory::{unified_memory, MemoryFractions};
use crate::place::{ExecutorCount, Placement};
use crate::plan::{
    largest_fitting, rule_of_thumb_numbers, spark_exact_numbers, Comparison, Derivation,
};
use crate::presets::BudgetSplit;
use crate::scenario::Scenario;
use crate::spark::kubernetes_pods;
use crate::units::MIB;
use crate::warning::{Code, Severity, Warning};

/// Execution memory one running task of an executor may use, in bytes. Spark's
/// `ExecutionMemoryPool` lets each of N running tasks take at most 1/N of the execution pool
/// and guarantees it at least 1/(2N) before it must spill (`ExecutionMemoryPool.scala`,
/// `acquireMemory`); `memory::unified_memory` computes both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PerTaskMemory {
    /// Guaranteed before spilling: execution ÷ (2 × tasks).
    pub min_bytes: u64,
    /// The most one task may take: execution ÷ tasks.
    pub max_bytes: u64,
}

/// One executor shape: how it is sized and what it gives the cluster.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct ShapeRow {
    /// `spark.executor.cores`.
    pub cores: u32,
    /// Executors placed on the cluster (the ApplicationMaster or driver pod in place).
    pub executors: u32,
    /// `spark.executor.memory` in MiB.
    pub heap_mib: u64,
    /// The executor's memory overhead in MiB.
    pub overhead_mib: u64,
    /// The container (YARN, EMR: granted after rounding) or pod memory (Kubernetes), in MiB.
    pub container_mib: u64,
    /// Tasks one executor runs at once: cores ÷ `spark.task.cpus`.
    pub task_slots_per_executor: u64,
    /// Tasks the cluster runs at once.
    pub task_slots: u64,
    /// Execution memory per running task; `None` when the heap is below Spark's 450 MiB.
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub per_task: Option<PerTaskMemory>,
    /// Executors on a node without the ApplicationMaster or driver pod.
    pub executors_per_node: u64,
    /// Memory such a node leaves unused, in MiB.
    pub unused_memory_mib_per_node: u64,
    /// Cores such a node leaves to no task, in millicores (YARN counts an executor's
    /// `spark.executor.cores`, whatever vcores its calculator records).
    pub unused_cpu_millis_per_node: u64,
}

/// The sweep for one scenario.
#[derive(Debug, Clone, PartialEq)]
pub struct Explorer {
    /// Whose numbers.
    pub manager: ClusterManager,
    /// One row per cores-per-executor count that gives a placeable executor, fewest first.
    pub rows: Vec<ShapeRow>,
    /// The cores the rule of thumb picks (YARN and EMR's YARN view; `None` on Kubernetes).
    pub rule_of_thumb_cores: Option<u32>,
    /// The cores the Spark-exact method picks (YARN and EMR's YARN view; `None` on
    /// Kubernetes).
    pub spark_exact_cores: Option<u32>,
    /// The cores of the plan on the form.
    pub current_cores: u32,
    /// The heap of the plan on the form, in MiB (with its cores and count: which row, if any,
    /// is that plan; [`Explorer::is_current`]).
    pub current_heap_mib: u64,
    /// The executors of the plan on the form (EMR: the requests).
    pub current_executors: u32,
    /// The memory target per executor, in MiB, when one is set (YARN's `tgt`): the rows whose
    /// heap reaches it are the shapes that meet it ([`Explorer::reaches_target`]).
    pub memory_target_mib: Option<u64>,
}

impl Explorer {
    /// Whether `row` is the plan on the form: its cores, heap and count. A plan with a heap or
    /// a count of its own (Kubernetes, EMR, the rule of thumb) may be no row at all.
    pub fn is_current(&self, row: &ShapeRow) -> bool {
        (row.cores, row.heap_mib, row.executors)
            == (
                self.current_cores,
                self.current_heap_mib,
                self.current_executors,
            )
    }

    /// The row of `cores` per executor, when that shape fits.
    pub fn row(&self, cores: u32) -> Option<&ShapeRow> {
        self.rows.iter().find(|r| r.cores == cores)
    }

    /// Whether `row`'s heap reaches the memory target (as the Spark-exact search counts it:
    /// heap ≥ target); false when no target is set.
    pub fn reaches_target(&self, row: &ShapeRow) -> bool {
        self.memory_target_mib.is_some_and(|t| row.heap_mib >= t)
    }
}

/// A column of the explorer's table, by which it can be sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortColumn {
    /// Cores per executor (the sweep's own order).
    #[default]
    Cores,
    /// Executors placed.
    Executors,
    /// Heap.
    Heap,
    /// Memory overhead.
    Overhead,
    /// Container or pod memory.
    Container,
    /// Task slots of the cluster.
    TaskSlots,
    /// The most execution memory one running task may take.
    MemoryPerTaskSlot,
    /// Executors per node.
    ExecutorsPerNode,
    /// Memory left unused per node.
    UnusedMemoryPerNode,
    /// Cores left unused per node.
    UnusedCoresPerNode,
}

impl SortColumn {
    /// Every column, in the table's order.
    pub const ALL: [SortColumn; 10] = [
        SortColumn::Cores,
        SortColumn::Executors,
        SortColumn::Heap,
        SortColumn::Overhead,
        SortColumn::Container,
        SortColumn::TaskSlots,
        SortColumn::MemoryPerTaskSlot,
        SortColumn::ExecutorsPerNode,
        SortColumn::UnusedMemoryPerNode,
        SortColumn::UnusedCoresPerNode,
    ];

    /// The column's name in a link (`xs=executors`) and on the page's sort buttons.
    pub fn key(self) -> &'static str {
        match self {
            SortColumn::Cores => "cores",
            SortColumn::Executors => "executors",
            SortColumn::Heap => "heap",
            SortColumn::Overhead => "overhead",
            SortColumn::Container => "container",
            SortColumn::TaskSlots => "slots",
            SortColumn::MemoryPerTaskSlot => "per-task",
            SortColumn::ExecutorsPerNode => "per-node",
            SortColumn::UnusedMemoryPerNode => "unused-memory",
            SortColumn::UnusedCoresPerNode => "unused-cores",
        }
    }

    /// The column named `key`.
    pub fn from_key(key: &str) -> Option<SortColumn> {
        SortColumn::ALL.into_iter().find(|c| c.key() == key)
    }

    /// The number a row sorts by in this column.
    pub fn value(self, r: &ShapeRow) -> u64 {
        match self {
            SortColumn::Cores => u64::from(r.cores),
            SortColumn::Executors => u64::from(r.executors),
            SortColumn::Heap => r.heap_mib,
            SortColumn::Overhead => r.overhead_mib,
            SortColumn::Container => r.container_mib,
            SortColumn::TaskSlots => r.task_slots,
            SortColumn::MemoryPerTaskSlot => r.per_task.map_or(0, |t| t.max_bytes),
            SortColumn::ExecutorsPerNode => r.executors_per_node,
            SortColumn::UnusedMemoryPerNode => r.unused_memory_mib_per_node,
            SortColumn::UnusedCoresPerNode => r.unused_cpu_millis_per_node,
        }
    }
}

/// The explorer's own inputs, which a share link carries beside the scenario
/// ([`crate::url::explorer_view_to_query`]): whether it is open, and how its table is sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ExplorerView {
    /// The section is open (the sweep runs only then).
    pub open: bool,
    /// The column that orders the table.
    pub sort: SortColumn,
    /// Largest first.
    pub descending: bool,
}

/// The rows in the order `view` asks for; ties keep the order by cores. An insertion sort: a
/// few dozen rows, and std's sorts would add kilobytes to the page.
pub fn sorted_rows(rows: &[ShapeRow], view: ExplorerView) -> Vec<ShapeRow> {
    let before = |a: &ShapeRow, b: &ShapeRow| {
        let (a, b) = (view.sort.value(a), view.sort.value(b));
        if view.descending {
            a > b
        } else {
            a < b
        }
    };
    let mut out: Vec<ShapeRow> = Vec::with_capacity(rows.len());
    for r in rows {
        let at = out.iter().position(|o| before(r, o)).unwrap_or(out.len());
        out.insert(at, *r);
    }
    out
}

/// Sweeps the executor shapes of a scenario; `None` when the scenario is invalid.
pub fn explore(scenario: &Scenario) -> Option<Explorer> {
    match scenario {
        Scenario::Yarn(input) => explore_yarn(input),
        Scenario::Kubernetes(input) => explore_k8s(input),
        Scenario::Emr(input) => explore_emr(input),
    }
}

/// The scenario with a row's shape adopted: the plan then gives that row. YARN: the row's
/// cores per executor, no memory target, the Spark-exact method. Kubernetes and EMR: the row's
/// cores, heap and executor count (EMR without `maximizeResourceAllocation`).
pub fn adopt(scenario: &Scenario, row: &ShapeRow) -> Scenario {
    match scenario {
        Scenario::Yarn(input) => {
            let mut input = input.clone();
            input.policy.cores_per_executor = row.cores;
            input.policy.memory_target_mib = None;
            input.policy.method = Method::SparkExact;
            Scenario::Yarn(input)
        }
        Scenario::Kubernetes(input) => {
            let mut input = k8s_with_cores(input, row.cores);
            input.spark.executor_memory_mib = row.heap_mib;
            input.count = ExecutorCount::Exactly(row.executors);
            Scenario::Kubernetes(input)
        }
        Scenario::Emr(input) => Scenario::Emr(EmrInput {
            executor_cores: row.cores,
            executor_memory_mib: row.heap_mib,
            executors: row.executors,
            maximize_resource_allocation: false,
            ..*input
        }),
    }
}

/// The validated input with `cores` per executor and no memory target: the plan of that one
/// shape.
fn with_cores(v: &Validated, cores: u32) -> Validated {
    let mut one = v.clone();
    one.input.policy.cores_per_executor = cores;
    one.input.policy.memory_target_mib = None;
    one
}

fn explore_yarn(input: &PlanInput) -> Option<Explorer> {
    let v = input.validate().ok()?;
    let rule = rule_of_thumb_numbers(&v);
    let exact = spark_exact_numbers(&v);
    let current = match v.input.policy.method {
        Method::RuleOfThumb => &rule,
        Method::SparkExact => &exact,
    };
    Some(Explorer {
        manager: ClusterManager::Yarn,
        rows: yarn_rows(&v),
        rule_of_thumb_cores: Some(rule.cores()),
        spark_exact_cores: Some(exact.cores()),
        current_cores: current.cores(),
        current_heap_mib: current.placement.executor.memory.heap_mib,
        current_executors: current.placement.totals.executors,
        memory_target_mib: v.input.policy.memory_target_mib,
    })
}

fn explore_emr(input: &EmrInput) -> Option<Explorer> {
    let plan = crate::emr::plan_emr(input).ok()?;
    let mut yarn = crate::emr::plan_input(input);
    // The methods' own choice on EMR's nodes: the rule's 5 cores, not the request's.
    yarn.policy.cores_per_executor = crate::input::Policy::default()
        .cores_per_executor
        .max(input.task_cpus);
    let v = yarn.validate().ok()?;
    let current = if input.maximize_resource_allocation {
        v.shape.nodemanager.vcores
    } else {
        input.executor_cores
    };
    Some(Explorer {
        manager: ClusterManager::Emr,
        rows: yarn_rows(&v),
        rule_of_thumb_cores: Some(rule_of_thumb_numbers(&v).cores()),
        spark_exact_cores: Some(spark_exact_numbers(&v).cores()),
        current_cores: current,
        current_heap_mib: plan.request.memory.heap_mib,
        current_executors: plan.requested,
        memory_target_mib: None,
    })
}

/// Every cores count from `spark.task.cpus` (1 by default) to the most a node and the maximum
/// allocation allow.
fn yarn_rows(v: &Validated) -> Vec<ShapeRow> {
    let most = v
        .shape
        .nodemanager
        .vcores
        .min(v.scheduler.maximum_allocation_vcores);
    // Fewer cores than one task needs: Spark refuses the executor, so no row.
    let least = v.input.spark.task_cpus.max(1);
    (least..=most).filter_map(|c| yarn_row(v, c)).collect()
}

fn yarn_row(v: &Validated, cores: u32) -> Option<ShapeRow> {
    let one = with_cores(v, cores);
    let d = spark_exact_numbers(&one);
    // A shape where not even one heap step fits the node is not a row.
    match &d.derivation {
        Derivation::SparkExact(exact) => exact.shape.heap_mib?,
        Derivation::RuleOfThumb(_) => return None,
    };
    let spark = &v.input.spark;
    Some(yarn_row_of(
        v,
        &d.placement,
        spark.memory_fractions(),
        spark.offheap_mib(),
    ))
}

fn yarn_row_of(
    v: &Validated,
    p: &Placement,
    fractions: MemoryFractions,
    offheap_mib: u64,
) -> ShapeRow {
    let nm = v.shape.nodemanager;
    let e = &p.executor;
    let per_node = p.per_node;
    let cores_used = per_node.saturating_mul(u64::from(e.cores));
    let slots = v.input.spark.task_slots_per_executor(e.cores);
    ShapeRow {
        cores: e.cores,
        executors: p.totals.executors,
        heap_mib: e.memory.heap_mib,
        overhead_mib: e.memory.overhead_mib,
        container_mib: e.granted.memory_mib,
        task_slots_per_executor: u64::from(slots),
        task_slots: p.totals.task_slots,
        per_task: per_task(e.memory.heap_mib, fractions, offheap_mib, slots),
        executors_per_node: per_node,
        unused_memory_mib_per_node: nm
            .memory_mib
            .saturating_sub(per_node.saturating_mul(e.granted.memory_mib)),
        unused_cpu_millis_per_node: u64::from(nm.vcores)
            .saturating_sub(cores_used)
            .saturating_mul(1000),
    }
}

fn per_task(
    heap_mib: u64,
    fractions: MemoryFractions,
    offheap_mib: u64,
    tasks: u32,
) -> Option<PerTaskMemory> {
    let m = unified_memory(
        heap_mib.saturating_mul(MIB),
        fractions,
        offheap_mib.saturating_mul(MIB),
        tasks,
    )
    .ok()?;
    let (min_bytes, max_bytes, _) = m.task_shares();
    Some(PerTaskMemory {
        min_bytes,
        max_bytes,
    })
}

fn explore_k8s(input: &K8sInput) -> Option<Explorer> {
    let d = derive_k8s(input).ok()?;
    let room = PodRoom::of(&input.nodes);
    let most = u32::try_from(room.cpu_millis / 1000).unwrap_or(u32::MAX);
    Some(Explorer {
        manager: ClusterManager::Kubernetes,
        rows: (1..=most).filter_map(|c| k8s_row(input, c)).collect(),
        rule_of_thumb_cores: None,
        spark_exact_cores: None,
        current_cores: input.spark.executor_cores,
        current_heap_mib: d.pods.executor.memory.heap_mib,
        current_executors: d.totals.executors,
        memory_target_mib: None,
    })
}

/// `input` with `cores` per executor, and a CPU request and limit typed for the plan's cores
/// scaled to them (the plan's CPU per core): 0.5 CPU for 1 core is 7.5 CPU for 15, not 0.5.
fn k8s_with_cores(input: &K8sInput, cores: u32) -> K8sInput {
    let mut one = input.clone();
    let plan_cores = u64::from(input.spark.executor_cores.max(1));
    let scaled = |typed: &Option<String>| {
        let millis = crate::k8s::parse_cpu_millis(typed.as_deref()?).ok()?;
        let millis = millis
            .saturating_mul(u64::from(cores))
            .div_ceil(plan_cores)
            .max(1);
        Some(format!("{millis}m"))
    };
    one.spark.request_cores = scaled(&input.spark.request_cores).or(one.spark.request_cores);
    one.spark.limit_cores = scaled(&input.spark.limit_cores).or(one.spark.limit_cores);
    one.spark.executor_cores = cores;
    one
}

/// The largest whole-GiB heap whose executor pod, `per_node` of them, fits a node's room, placed
/// as many as fit.
fn k8s_row(input: &K8sInput, cores: u32) -> Option<ShapeRow> {
    let mut one = k8s_with_cores(input, cores);
    one.count = ExecutorCount::AsManyAsFit;
    let cpu_millis = derive_k8s(&one).ok()?.executor_cpu_millis;
    let room = PodRoom::of(&input.nodes);
    let per_node = room.cpu_millis.checked_div(cpu_millis)?.min(room.pods);
    let budget = room.memory_mib.checked_div(per_node)?;
    let pod_mib = |heap_mib: u64| {
        let mut settings = one.spark.pod_settings();
        settings.executor.heap_mib = heap_mib;
        kubernetes_pods(&settings).executor.memory.total_mib()
    };
    let gib = largest_fitting(budget / 1024, |g| pod_mib(g.saturating_mul(1024)) <= budget)?;
    one.spark.executor_memory_mib = gib * 1024;
    let d = derive_k8s(&one).ok()?;
    Some(k8s_row_of(&d, room, cores))
}

fn k8s_row_of(d: &K8sDerivation<'_>, room: PodRoom, cores: u32) -> ShapeRow {
    let m = &d.pods.executor.memory;
    let per_node = d.fit.per_node;
    let slots = u32::try_from(d.task_slots_per_executor).unwrap_or(u32::MAX);
    ShapeRow {
        cores,
        executors: d.totals.executors,
        heap_mib: m.heap_mib,
        overhead_mib: m.overhead_mib,
        container_mib: d.executor_memory_mib(),
        task_slots_per_executor: d.task_slots_per_executor,
        task_slots: d.totals.task_slots,
        per_task: per_task(m.heap_mib, MemoryFractions::default(), m.offheap_mib, slots),
        executors_per_node: per_node,
        unused_memory_mib_per_node: room
            .memory_mib
            .saturating_sub(per_node.saturating_mul(d.executor_memory_mib())),
        unused_cpu_millis_per_node: room
            .cpu_millis
            .saturating_sub(per_node.saturating_mul(d.executor_cpu_millis)),
    }
}

/// More than this many cores per executor: the HDFS client's write throughput suffers. Sandy
/// Ryza, "How-to: Tune Your Apache Spark Jobs (Part 2)", Cloudera engineering blog (2015): "the
/// HDFS client has trouble with tons of concurrent threads … at most five tasks per executor
/// can achieve full write throughput"; seed 001 keeps the same 5.
pub const MOST_CORES_FOR_HDFS: u32 = 5;

pub use crate::memory::{COMPRESSED_OOPS_BREAK_EVEN_MIB, COMPRESSED_OOPS_LIMIT_MIB};

/// Above this heap, garbage-collection pauses grow long (Ryza, same article: "64GB is a rough
/// guess at a good upper limit for a single executor"); the placement's own check uses it too.
pub const LARGE_HEAP_MIB: u64 = 64 * 1024;

/// Memory Spark takes from every executor whatever its size: the 300 MiB reserved in the heap
/// (`UnifiedMemoryManager.RESERVED_SYSTEM_MEMORY_BYTES`) and the overhead.
fn fixed_cost_mib(row: &ShapeRow) -> u64 {
    crate::memory::RESERVED_BYTES / MIB + row.overhead_mib
}

/// An executor is "small" when the fixed per-JVM cost (reserved memory and overhead) is more
/// than a quarter of its container: most of what it asks for is not room for data.
fn is_small(row: &ShapeRow) -> bool {
    fixed_cost_mib(row).saturating_mul(4) > row.container_mib
}

/// What a shape triggers on `manager`, with the reason in words: more than 5 cores (YARN and
/// EMR), a heap without compressed object pointers, a very large heap, a very small executor,
/// one core.
pub fn guidance(row: &ShapeRow, manager: ClusterManager) -> Vec<Warning> {
    let mut w = Vec::new();
    let gib = crate::format::spark_size;
    // The 5-core finding is the HDFS client's (Ryza, above). Spark on Kubernetes reads and
    // writes an object store (S3, GCS, Azure Blob) through its own connector as a rule, and
    // that source says nothing of those: no note there.
    if row.cores > MOST_CORES_FOR_HDFS && manager == ClusterManager::Emr {
        w.push(crate::emr::many_cores_note(row.cores));
    } else if row.cores > MOST_CORES_FOR_HDFS && manager == ClusterManager::Yarn {
        w.push(Warning::new(
            Code::ManyCoresPerExecutor,
            Severity::Warning,
            format!(
                "{} cores per executor: beyond about 5 tasks at once per executor, the HDFS \
                 client's write throughput suffers.",
                row.cores
            ),
        ));
    }
    if crate::memory::loses_compressed_oops(row.heap_mib) {
        w.push(Warning::new(
            Code::HeapWithoutCompressedOops,
            Severity::Warning,
            format!(
                "A {} heap is 32 GiB or more: the JVM turns off compressed object pointers, so \
                 every reference takes 8 bytes instead of 4, and a 31g heap holds about as much.",
                gib(row.heap_mib)
            ),
        ));
    }
    if row.heap_mib > LARGE_HEAP_MIB {
        w.push(Warning::new(
            Code::LargeHeap,
            Severity::Warning,
            format!(
                "A {} heap: heaps above about 64 GiB bring long garbage-collection pauses.",
                gib(row.heap_mib)
            ),
        ));
    }
    w.extend(small_executor_guidance(row));
    w
}

/// The guidance of a plan's own executor shape (the explorer's notes on the plan itself),
/// leaving out what `said` (the plan's warnings) already says.
fn own_shape_guidance(
    manager: ClusterManager,
    cores: u32,
    memory: &crate::spark::ExecutorMemory,
    container_mib: u64,
    executors: u32,
    said: &[Warning],
) -> Vec<Warning> {
    let row = ShapeRow {
        cores,
        executors,
        heap_mib: memory.heap_mib,
        overhead_mib: memory.overhead_mib,
        container_mib,
        task_slots_per_executor: 0,
        task_slots: 0,
        per_task: None,
        executors_per_node: 0,
        unused_memory_mib_per_node: 0,
        unused_cpu_millis_per_node: 0,
    };
    let mut notes = guidance(&row, manager);
    notes.retain(|w| !said.iter().any(|s| s.code == w.code));
    notes
}

/// `warnings` with what `guidance` adds beyond them, most severe first.
fn with_own_shape_guidance(
    mut warnings: Vec<Warning>,
    guidance: impl FnOnce(&[Warning]) -> Vec<Warning>,
) -> Vec<Warning> {
    let more = guidance(&warnings);
    warnings.extend(more);
    crate::warning::most_severe_first(warnings)
}

/// The selected YARN plan's findings: its warnings and what its executor shape triggers beyond
/// them (a heap without compressed object pointers, a small executor...), most severe first —
/// what the page lists under the plan and the reports write.
pub fn yarn_findings(c: &Comparison) -> Vec<Warning> {
    yarn_method_findings(c, c.selected)
}

/// `method`'s YARN plan's findings, as [`yarn_findings`] gives the selected one's.
pub fn yarn_method_findings(c: &Comparison, method: crate::input::Method) -> Vec<Warning> {
    with_own_shape_guidance(crate::plan::warnings(c, method), |said| {
        yarn_method_guidance(c, method, said)
    })
}

/// A Kubernetes plan's findings, as [`yarn_findings`].
pub fn k8s_findings(input: &K8sInput, p: &K8sPlan) -> Vec<Warning> {
    with_own_shape_guidance(crate::k8s::k8s_warnings(input, p), |said| {
        k8s_plan_guidance(input, p, said)
    })
}

/// An EMR plan's findings, as [`yarn_findings`].
pub fn emr_findings(p: &EmrPlan) -> Vec<Warning> {
    with_own_shape_guidance(crate::emr::warnings(p), |said| emr_plan_guidance(p, said))
}

/// What the selected YARN plan's executor shape triggers, beyond `said` (its warnings).
pub fn yarn_plan_guidance(c: &Comparison, said: &[Warning]) -> Vec<Warning> {
    yarn_method_guidance(c, c.selected, said)
}

/// What `method`'s YARN plan's executor shape triggers, beyond `said`.
pub fn yarn_method_guidance(
    c: &Comparison,
    method: crate::input::Method,
    said: &[Warning],
) -> Vec<Warning> {
    let p = &c.plan_of(method).placement;
    let e = &p.executor;
    own_shape_guidance(
        ClusterManager::Yarn,
        e.cores,
        &e.memory,
        e.granted.memory_mib,
        p.totals.executors,
        said,
    )
}

/// What a Kubernetes plan's executor pod triggers, beyond `said`; its cores are
/// `spark.executor.cores` (tasks at once), whatever CPU the pod requests.
pub fn k8s_plan_guidance(input: &K8sInput, p: &K8sPlan, said: &[Warning]) -> Vec<Warning> {
    let memory = &p.executor_memory;
    let container = p.executor_memory_mib();
    own_shape_guidance(
        ClusterManager::Kubernetes,
        input.spark.executor_cores,
        memory,
        container,
        p.totals.executors,
        said,
    )
}

/// What an EMR plan's executor request triggers, beyond `said`.
pub fn emr_plan_guidance(p: &EmrPlan, said: &[Warning]) -> Vec<Warning> {
    let e = &p.request;
    own_shape_guidance(
        ClusterManager::Emr,
        e.cores,
        &e.memory,
        e.granted.memory_mib,
        p.totals.executors,
        said,
    )
}

fn small_executor_guidance(row: &ShapeRow) -> Vec<Warning> {
    let mut w = Vec::new();
    if is_small(row) {
        w.push(Warning::new(
            Code::SmallExecutor,
            Severity::Info,
            format!(
                "A small executor: {} MiB of its {} MiB container is Spark's fixed cost per \
                 JVM (300 MiB reserved and {} MiB overhead), and every broadcast table is \
                 copied into each of the {}.",
                fixed_cost_mib(row),
                row.container_mib,
                row.overhead_mib,
                crate::format::counted(u64::from(row.executors), "executor")
            ),
        ));
    }
    if row.cores == 1 {
        w.push(Warning::new(
            Code::SingleCoreExecutor,
            Severity::Info,
            "1 core per executor: tasks share no JVM, so broadcast variables and cached data \
             are held once per task slot instead of once per several.",
        ));
    }
    w
}

/// What one split of a memory budget means per task: the room a broadcast table has in each
/// executor, and the memory one task (a skewed key) can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SplitNumbers {
    /// The split.
    pub split: BudgetSplit,
    /// Cores per executor.
    pub cores: u32,
    /// Tasks at once: executors × (cores ÷ `spark.task.cpus`).
    pub task_slots: u64,
    /// Execution memory per running task when every slot is busy; `None` below 450 MiB or
    /// when a task needs more CPUs than the executor has.
    pub per_task: Option<PerTaskMemory>,
    /// The storage region of one executor, immune to eviction: where a broadcast table (copied
    /// into every executor) and cached blocks live.
    pub storage_bytes: u64,
    /// The unified region of one executor: the most a single task can use when it runs alone
    /// and nothing is cached (a skewed key's task).
    pub unified_bytes: u64,
}

/// The numbers of one split with Spark's default memory fractions, `task_cpus` CPUs per task
/// (`spark.task.cpus`): each executor runs `cores ÷ task_cpus` tasks at once, as everywhere
/// task slots are counted ([`crate::input::SparkSettings::task_slots_per_executor`]).
pub fn split_numbers(split: BudgetSplit, cores: u32, task_cpus: u32) -> SplitNumbers {
    let heap_mib = split.heap_gib.saturating_mul(1024);
    let fractions = MemoryFractions::default();
    let slots_per_executor = crate::input::task_slots_per_executor(cores, task_cpus);
    let pools = unified_memory(
        heap_mib.saturating_mul(MIB),
        fractions,
        0,
        slots_per_executor,
    )
    .ok();
    SplitNumbers {
        split,
        cores,
        task_slots: u64::from(split.executors).saturating_mul(u64::from(slots_per_executor)),
        per_task: (slots_per_executor > 0)
            .then(|| per_task(heap_mib, fractions, 0, slots_per_executor))
            .flatten(),
        storage_bytes: pools.map_or(0, |p| p.storage_bytes),
        unified_bytes: pools.map_or(0, |p| p.unified_bytes),
    }
}

/// `spark.task.cpus` of a scenario, whichever its cluster manager (the scenario's own reader).
pub use crate::scenario::task_cpus_of;
