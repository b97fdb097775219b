//! Amazon EMR: instance types with EMR's YARN settings, EMR's Spark defaults, heterogeneous
//! executors (requested vs launched) and `maximizeResourceAllocation`.
//!
//! EMR runs its own Spark build on YARN. Three things change executor sizes there:
//! - EMR sets `yarn.nodemanager.resource.memory-mb` per instance type ([`instance_type`]), the
//!   scheduler's minimum allocation to 32 MiB and its maximum to the NodeManager's memory
//!   ([`plan_input`] turns an [`EmrInput`] into the YARN planner's input with these settings);
//! - EMR's `spark-defaults` set `spark.yarn.executor.memoryOverheadFactor` to 0.1875, a key its
//!   build reads and Apache Spark 3.5/4.0 ignore ([`OVERHEAD_FACTOR`]);
//! - `spark.yarn.heterogeneousExecutors.enabled` (EMR 5.32+/6.2+, on by default) merges several
//!   executor requests on one node into one larger executor.
//!
//! **The merging is a model.** EMR does not publish its algorithm. [`plan_emr`] models it as
//! "merge as many requested executors as fit in a node's free capacity": a node's free memory
//! (and, under the DominantResourceCalculator, its free vcores) is divided by one request's
//! container, at most `spark.executor.maxCores` ÷ `spark.executor.cores` and
//! `spark.executor.maxMemory` ÷ one container (when set) are merged into one executor, and the
//! node takes further merged executors while requests remain and fit. A merged executor of k
//! requests gets k × the granted container and k × `spark.executor.cores`; its heap is
//! `floor(container / (1 + factor))` and the rest is overhead. This reproduces seed 003's driver
//! log exactly (50 requests of 22528 MiB / 4 vcores on r5.4xlarge core nodes → executors of
//! 112640 MiB and 20 cores, 94854m heap + 17786m overhead).
//!
//! **An explicit `spark.executor.memoryOverhead`** replaces max(factor × heap, 384 MiB) in every
//! request, as in Apache Spark on YARN (`ResourceProfile.calculateOverHeadMemory`): a request is
//! heap + that overhead, rounded up to 32 MiB ([`EmrInput::overhead_rule`]); a merged executor's
//! heap is then its container less that overhead. `spark.driver.memoryOverhead` sizes the
//! cluster-mode AM as on YARN. `maximizeResourceAllocation` still sizes its heap with EMR's factor
//! (EMR derives it from the instance type, not from the application's overhead).
//!
//! **Where the ApplicationMaster runs.** EMR's master node runs no NodeManager, so the AM runs on
//! a core node or, from EMR 6.x, a task node too: EMR 5.19–5.x turn YARN node labels on with
//! `yarn.node-labels.am.default-node-label-expression` CORE (AMs on core nodes only), EMR 6.x and
//! later turn them off (AWS Knowledge Center, "Configure or modify node labeling with the Amazon
//! EMR YARN scheduler queue"). The form has no task nodes; the model places the AM first, on core
//! node 1, and that node takes merged executors
//! only in the room the AM leaves. Nodes are then filled in order (node 1, 2, …), one merged
//! executor per node unless a cap splits it. Seed 003 ran a `pyspark` shell (client mode), whose
//! AM is `spark.yarn.am.memory` 512m + 384m = 896 MiB: beside it 121984 MiB still hold 5
//! requests, so with 9 r5.4xlarge core nodes each node runs one 5-request executor: 9 executors
//! cover 45 of the 50 requests and 5 stay pending — the seed's "9 executors were created; it
//! should have created 10 but my cluster does not have resources" (the seed does not give its
//! node count; 9 core nodes is the count that matches).
//!
//! `maximizeResourceAllocation` ([`maximize_resource_allocation`]) sizes one executor to a whole
//! core node; with the AM on node 1, that node has no room for it.
//!
//! **Numbers first, words after.** [`plan_emr`] computes an [`EmrPlan`] of plain numbers (a
//! sweep asks for it without building any text); [`working_steps`] and [`warnings`] explain it,
//! and [`crate::exports::emr`] turns it into the configuration, `spark-submit` flags, the
//! classification JSON and the driver log.

use crate::catalog::ClusterManager;
use crate::catalog::FieldId;
use crate::catalog::Unit;
use crate::input::{
    limits, Allowed, Cluster, Field, FieldError, Given, InputErrors, MaximumAllocation,
    NodeManagerResources, NodeShape, PlanInput, Policy, Scheduler, SparkSettings, Validated,
};
use crate::layout::{group_nodes, Block, BlockKind, NodeGroup, NodeRun};
use crate::place::{
    executor_block, explain_placement, place_numbers, shape_warnings, totals, yarn_node_blocks,
    AmShape, Containers, ExecutorCount, ExecutorShape, Fit, Limits, Placement, Totals,
};
use crate::plan::Step;
use crate::shortfall::{Blocker, Nearest, Shape, Shortfall};
use crate::spark::{
    f64_to_u64, DeployMode, ExecutorMemory, OverheadRule, SparkVersion, MIN_OVERHEAD_MIB,
};
use crate::spark_keys as keys;
use crate::warning::{Code, Severity, Warning};
use crate::yarn::{normalize, Calculator, Resource, YarnScheduler};

/// EMR's executor overhead factor (`spark.yarn.executor.memoryOverheadFactor` in its
/// `spark-defaults`).
pub const OVERHEAD_FACTOR: f64 = 0.1875;
/// EMR's `yarn.scheduler.minimum-allocation-mb`.
pub const MINIMUM_ALLOCATION_MB: u64 = 32;

pub use crate::emr_instances::{instance_type, instance_types, InstanceType, CUSTOM};

/// The master node assumed for seed 003 (the seed does not name it): EMR's console default.
const M5_XLARGE: InstanceType = InstanceType {
    listed: Some(("m5", "xlarge")),
    vcpus: 4,
    memory_gib: 16,
    nodemanager_mb: 12288,
    gpus: 0,
};
/// The core nodes of seed 003.
const R5_4XLARGE: InstanceType = InstanceType {
    listed: Some(("r5", "4xlarge")),
    vcpus: 16,
    memory_gib: 128,
    nodemanager_mb: 122880,
    gpus: 0,
};

/// An EMR cluster and the Spark settings of one application.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EmrInput {
    /// The core nodes' instance type.
    pub instance: InstanceType,
    /// Core nodes (the NodeManagers; the master node runs none).
    pub core_nodes: u32,
    /// The master (primary) node's instance type: it runs EMR's daemons and, in client mode,
    /// the driver; no executors.
    pub master: InstanceType,
    /// `spark.executor.memory` in MiB (replaced by the derived value under
    /// `maximizeResourceAllocation`).
    pub executor_memory_mib: u64,
    /// `spark.executor.cores` (replaced under `maximizeResourceAllocation`).
    pub executor_cores: u32,
    /// Executors requested: `spark.executor.instances`, or dynamic allocation's target
    /// (replaced by the core-node count under `maximizeResourceAllocation`).
    pub executors: u32,
    /// `spark.yarn.executor.memoryOverheadFactor` (EMR: 0.1875); minimum overhead 384 MiB.
    pub overhead_factor: f64,
    /// `spark.executor.memoryOverhead` in MiB: replaces max(factor × heap, 384) when set.
    pub executor_overhead_mib: Option<u64>,
    /// `spark.driver.memoryOverhead` in MiB (cluster mode: the AM's overhead), when set.
    pub driver_overhead_mib: Option<u64>,
    /// `spark.yarn.heterogeneousExecutors.enabled` (EMR's default: true).
    pub heterogeneous_executors: bool,
    /// `spark.executor.maxCores`: a merged executor has at most this many cores.
    pub max_cores: Option<u32>,
    /// `spark.executor.maxMemory` in MiB: a merged executor's container is at most this large
    /// (the model compares it with the container, heap plus overhead).
    pub max_memory_mib: Option<u64>,
    /// `maximizeResourceAllocation` in the `spark` classification.
    pub maximize_resource_allocation: bool,
    /// `spark.dynamicAllocation.enabled` (EMR's default: true). Reported, not modelled: the
    /// requested count is what dynamic allocation asks for at that moment.
    pub dynamic_allocation: bool,
    /// Deploy mode (`pyspark` and `spark-shell` run in client mode).
    pub deploy_mode: DeployMode,
    /// `spark.driver.memory` in MiB (cluster mode: the AM's heap).
    pub driver_memory_mib: u64,
    /// `spark.driver.cores` (cluster mode: the AM's vcores).
    pub driver_cores: u32,
    /// `spark.yarn.am.memory` in MiB (client mode).
    pub am_memory_mib: u64,
    /// `spark.yarn.am.cores` (client mode).
    pub am_cores: u32,
    /// `spark.yarn.am.memoryOverhead` in MiB, when set (client mode).
    pub am_overhead_mib: Option<u64>,
    /// The Capacity Scheduler's resource calculator (seed 003's cluster: Default).
    pub calculator: Calculator,
    /// `spark.task.cpus` (default 1).
    pub task_cpus: u32,
    /// The driver's load, for the driver guidance (it does not change the plan).
    pub driver_load: crate::driver::DriverLoad,
    /// The workload, for the workload checks (it does not change the plan).
    pub workload: crate::workload::Workload,
    /// Dynamic allocation's settings beside its switch (EMR's: the external shuffle service).
    pub dynamic_allocation_settings: crate::dynamic_allocation::DynamicAllocationSettings,
    /// GPUs per executor and per task.
    pub gpus: crate::resources::GpuAsk,
}

impl Default for EmrInput {
    /// Seed 003: 9 r5.4xlarge core nodes, 50 executors of 18971m and 4 cores requested from a
    /// `pyspark` shell, EMR's defaults otherwise.
    fn default() -> EmrInput {
        EmrInput {
            instance: R5_4XLARGE,
            core_nodes: 9,
            master: M5_XLARGE,
            executor_memory_mib: 18971,
            executor_cores: 4,
            executors: 50,
            overhead_factor: OVERHEAD_FACTOR,
            executor_overhead_mib: None,
            driver_overhead_mib: None,
            heterogeneous_executors: true,
            max_cores: None,
            max_memory_mib: None,
            maximize_resource_allocation: false,
            dynamic_allocation: true,
            deploy_mode: DeployMode::Client,
            driver_memory_mib: 1024,
            driver_cores: 1,
            am_memory_mib: 512,
            am_cores: 1,
            am_overhead_mib: None,
            calculator: Calculator::Default,
            task_cpus: 1,
            driver_load: crate::driver::DriverLoad::default(),
            workload: crate::workload::Workload::default(),
            dynamic_allocation_settings: crate::dynamic_allocation::emr_settings(),
            gpus: crate::resources::GpuAsk::default(),
        }
    }
}

impl EmrInput {
    /// The executor overhead: `spark.executor.memoryOverhead` when set, else max(factor ×
    /// heap, 384 MiB). Spark 3.x's rule (`ResourceProfile.calculateOverHeadMemory`: the explicit
    /// overhead, else the factor's with the 384 MiB minimum): the rule of [`plan_input`]'s settings.
    pub fn overhead_rule(&self) -> OverheadRule {
        plan_input(self).spark.overhead_rule()
    }
}

/// The YARN planner's input for an EMR cluster: the core nodes with EMR's NodeManager memory
/// and all vCPUs as vcores, minimum allocation 32 MiB, maximum allocation = the NodeManager's
/// resources, Spark 3.x overhead math (384 MiB minimum) with EMR's factor, and the input's
/// driver and AM settings. [`crate::plan()`] can size executors for it like for any YARN cluster.
pub fn plan_input(input: &EmrInput) -> PlanInput {
    let t = &input.instance;
    PlanInput {
        cluster: Cluster {
            nodes: input.core_nodes,
            cores_per_node: t.vcpus,
            memory_per_node_gib: f64::from(t.memory_gib),
            yarn_resources: NodeManagerResources::Explicit {
                memory_mb: t.nodemanager_mb,
                vcores: t.vcpus,
            },
            gpus_per_node: t.gpus,
        },
        scheduler: Scheduler {
            minimum_allocation_mb: MINIMUM_ALLOCATION_MB,
            increment_mb: None,
            maximum_allocation: MaximumAllocation::NodeManager,
            calculator: input.calculator,
        },
        spark: SparkSettings {
            version: SparkVersion::V3_5,
            deploy_mode: input.deploy_mode,
            driver_memory_mib: input.driver_memory_mib,
            driver_cores: input.driver_cores,
            am_memory_mib: input.am_memory_mib,
            am_cores: input.am_cores,
            am_overhead_mib: input.am_overhead_mib,
            overhead_factor: input.overhead_factor,
            executor_overhead_mib: input.executor_overhead_mib,
            driver_overhead_mib: input.driver_overhead_mib,
            task_cpus: input.task_cpus,
            driver_load: input.driver_load,
            workload: input.workload,
            dynamic_allocation: input.dynamic_allocation,
            dynamic_allocation_settings: input.dynamic_allocation_settings,
            gpus: input.gpus,
            ..SparkSettings::default()
        },
        policy: Policy {
            cores_per_executor: input.executor_cores,
            ..Policy::default()
        },
    }
}

/// The overhead rule of EMR's factor alone (384 MiB minimum): what `maximizeResourceAllocation`
/// sizes with, whatever overhead the application sets.
fn factor_rule(factor: f64) -> OverheadRule {
    OverheadRule::Formula {
        factor,
        minimum_mib: MIN_OVERHEAD_MIB,
    }
}

/// The container YARN grants for a heap under EMR: heap + the overhead of `rule` (Spark's rule:
/// `spark.executor.memoryOverhead`, or max(factor × heap, 384)), normalised by YARN's rounding
/// ([`normalize`]) to EMR's 32 MiB minimum allocation. No maximum allocation applies here:
/// callers compare the container with the NodeManager's memory (EMR's maximum allocation)
/// themselves.
fn emr_container(heap_mib: u64, rule: OverheadRule) -> u64 {
    let ask = Resource::new(heap_mib.saturating_add(rule.overhead_mib(heap_mib)), 1);
    let rounding_only = YarnScheduler {
        minimum_allocation_mb: MINIMUM_ALLOCATION_MB,
        minimum_allocation_vcores: 1,
        increment_mb: None,
        maximum_allocation_mb: u64::MAX,
        maximum_allocation_vcores: u32::MAX,
        calculator: Calculator::Default,
    };
    normalize(ask, &rounding_only).memory_mib
}

/// What `maximizeResourceAllocation` writes into `spark-defaults`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Maximized {
    /// `spark.executor.memory`: the largest heap whose container fits the NodeManager.
    pub executor_memory_mib: u64,
    /// That heap's container (heap + overhead, rounded up to 32 MiB).
    pub container_mib: u64,
    /// `spark.executor.cores`: the node's vCPUs.
    pub executor_cores: u32,
    /// `spark.executor.instances`: one per core node.
    pub executor_instances: u32,
    /// `spark.default.parallelism`: 2 × the vcores of all core nodes.
    pub default_parallelism: u64,
}

/// The settings `maximizeResourceAllocation` derives for `core_nodes` nodes of `instance`: one
/// executor per core node using all its YARN resources. The heap is the largest whose container
/// (heap + max(`overhead_factor` × heap, 384 MiB), rounded up to 32 MiB) fits
/// `yarn.nodemanager.resource.memory-mb`; cores are the vCPUs; instances the core nodes;
/// parallelism twice the vcores. EMR also sets `spark.driver.memory` in this mode, from the
/// instance types, by a rule it does not publish: it is left as given. `None` when not even a
/// 1 MiB heap fits.
pub fn maximize_resource_allocation(
    instance: &InstanceType,
    core_nodes: u32,
    overhead_factor: f64,
) -> Option<Maximized> {
    let nm = instance.nodemanager_mb;
    let rule = factor_rule(overhead_factor);
    let lo = crate::plan::largest_fitting(nm, |heap| emr_container(heap, rule) <= nm)?;
    Some(Maximized {
        executor_memory_mib: lo,
        container_mib: emr_container(lo, rule),
        executor_cores: instance.vcpus,
        executor_instances: core_nodes,
        default_parallelism: 2u64
            .saturating_mul(u64::from(core_nodes))
            .saturating_mul(u64::from(instance.vcpus)),
    })
}

/// Executors of one shape that run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Launched {
    /// Requests merged into each (1: as requested).
    pub merged: u32,
    /// How many of them run.
    pub count: u32,
    /// Container memory: `merged` × the granted request.
    pub memory_mib: u64,
    /// Cores (task slots): `merged` × `spark.executor.cores`.
    pub cores: u32,
    /// Vcores YARN records for the container: one per merged request under the
    /// DefaultResourceCalculator (Hadoop normalises each request to 1 vcore; EMR's driver logs
    /// show `vCores:5` for five merged requests), else `cores`.
    pub yarn_vcores: u32,
    /// JVM heap (-Xmx).
    pub heap_mib: u64,
    /// Overhead: the rest of the container.
    pub overhead_mib: u64,
}

/// What [`plan_emr`] computes: plain numbers. The words come from them: [`working_steps`],
/// [`warnings`], and the exports in [`crate::exports::emr`] (configuration, `spark-submit`
/// flags, classification JSON, driver log).
#[derive(Debug, Clone, PartialEq)]
pub struct EmrPlan {
    /// The settings planned with: the input, with `maximizeResourceAllocation`'s heap, cores
    /// and count in place.
    pub settings: EmrInput,
    /// What `maximizeResourceAllocation` derived, when it is on.
    pub maximized: Option<Maximized>,
    /// The core nodes as YARN sees them.
    pub shape: NodeShape,
    /// EMR's scheduler settings (minimum allocation 32 MiB, maximum = the NodeManager).
    pub scheduler: YarnScheduler,
    /// One executor as requested: heap, overhead, the request and what YARN grants for it.
    pub request: ExecutorShape,
    /// The ApplicationMaster (on core node 1 when it can run).
    pub am: AmShape,
    /// Requests (granted containers as asked) that fit on a core node without the AM.
    pub requests_per_node: u64,
    /// Requests that fit on core node 1 beside the AM.
    pub requests_beside_am: u64,
    /// Requests the whole cluster holds as asked (the YARN placement's capacity).
    pub requests_capacity: u64,
    /// The most requests merged into one executor: `spark.executor.maxCores` ÷
    /// `spark.executor.cores` and `spark.executor.maxMemory` ÷ one granted request, whichever
    /// is smaller (at least 1; `u64::MAX` when neither is set).
    pub merge_cap: u64,
    /// Executor requests.
    pub requested: u32,
    /// The executors that run, by shape, most merged first.
    pub launched: Vec<Launched>,
    /// How many executors run.
    pub launched_executors: u32,
    /// How many requests they cover.
    pub covered_requests: u32,
    /// Requests YARN leaves pending.
    pub pending_requests: u32,
    /// Per-node layout, identical nodes grouped ([`crate::layout`]).
    pub layout: Vec<NodeGroup>,
    /// Sums over the layout.
    pub totals: Totals,
    /// Whether the AM and the requests as asked can run, and how many fit (the YARN
    /// placement's numbers; [`warnings`] words its findings from them).
    pub asked_fit: Fit,
    /// When fewer requests run than were asked for (or none were asked for): what stops them
    /// and the nearest shapes that fit.
    pub shortfall: Option<Shortfall>,
}

fn sat_u32(x: u64) -> u32 {
    u32::try_from(x).unwrap_or(u32::MAX)
}

/// The heap of a merged container: Spark's overhead rule solved for the heap. Under the factor,
/// `floor(container / (1 + factor))`, leaving at least the 384 MiB minimum overhead (what
/// seed 003's driver log shows); with `spark.executor.memoryOverhead` set, the container less
/// that overhead (a merged executor is sized as Spark sizes any: heap + its overhead).
fn merged_heap(container_mib: u64, rule: OverheadRule) -> u64 {
    match rule {
        OverheadRule::Explicit(overhead) => container_mib.saturating_sub(overhead),
        OverheadRule::Formula { factor, .. } => f64_to_u64(container_mib as f64 / (1.0 + factor))
            .min(container_mib.saturating_sub(MIN_OVERHEAD_MIB)),
    }
}

/// The executor that `k` merged requests make.
fn launched_shape(k: u64, req: &ExecutorShape, rule: OverheadRule, calc: Calculator) -> Launched {
    let cores = sat_u32(k.saturating_mul(u64::from(req.cores)));
    let memory = req.granted.memory_mib.saturating_mul(k);
    let (heap, overhead) = if k == 1 {
        (req.memory.heap_mib, req.memory.overhead_mib)
    } else {
        let heap = merged_heap(memory, rule);
        (heap, memory - heap)
    };
    Launched {
        merged: sat_u32(k),
        count: 0,
        memory_mib: memory,
        cores,
        yarn_vcores: match calc {
            Calculator::Default => sat_u32(k),
            Calculator::Dominant => cores,
        },
        heap_mib: heap,
        overhead_mib: overhead,
    }
}

impl Launched {
    /// The layout block of one of these executors: its container, holding its heap and
    /// overhead, built as the YARN placement builds an executor's block.
    fn block(&self) -> Block {
        let memory = ExecutorMemory {
            heap_mib: self.heap_mib,
            overhead_mib: self.overhead_mib,
            offheap_mib: 0,
            pyspark_mib: 0,
        };
        executor_block(Resource::new(self.memory_mib, self.yarn_vcores), &memory)
    }
}

/// Adds `count` executors of `l`'s shape to `all`, keeping the most merged first.
fn add_launched(all: &mut Vec<Launched>, l: Launched, count: u64) {
    if count == 0 {
        return;
    }
    match all.iter_mut().find(|x| x.merged == l.merged) {
        Some(x) => x.count = sat_u32(u64::from(x.count).saturating_add(count)),
        None => {
            let at = all.iter().position(|x| x.merged < l.merged);
            let l = Launched {
                count: sat_u32(count),
                ..l
            };
            all.insert(at.unwrap_or(all.len()), l);
        }
    }
}

/// How heterogeneous executors spread `requests` over the core nodes: core node 1 takes what
/// fits beside the AM, the next nodes a full node's worth each, one node the remainder, the rest
/// none. Each run's load counts requests, not executors.
fn merge_runs(
    nodes: u32,
    am_runs: bool,
    per_node: u64,
    beside_am: u64,
    requests: u32,
) -> Vec<NodeRun> {
    let n = nodes.max(1);
    let others = u64::from(n - 1);
    let fit = if am_runs { per_node } else { 0 };
    let run = NodeRun::new;
    let mut left = u64::from(requests);
    let on_first = if am_runs { beside_am.min(fit) } else { 0 }.min(left);
    left -= on_first;
    let mut runs = vec![run(1, 1, am_runs, on_first)];
    let full = left.checked_div(fit).unwrap_or(0).min(others);
    left -= full * fit;
    let full = sat_u32(full); // ≤ n − 1
    if full > 0 {
        runs.push(run(2, 1 + full, false, fit));
    }
    let next = 2 + full;
    if next <= n {
        // Fewer requests than a node holds are left (or none fit at all).
        runs.push(run(next, next, false, if fit > 0 { left } else { 0 }));
        if next < n {
            runs.push(run(next + 1, n, false, 0));
        }
    }
    runs
}

/// The merged executors of a heterogeneous-executors plan and the per-node layout they make.
struct MergedExecutors {
    layout: Vec<NodeGroup>,
    launched: Vec<Launched>,
}

/// Heterogeneous executors on the cluster: on each group of nodes, the requests of its load
/// become executors of at most `cap` requests (and one of the remainder).
fn merge_requests_on_nodes(
    shape: &NodeShape,
    am: &AmShape,
    req: &ExecutorShape,
    runs: Vec<NodeRun>,
    cap: u64,
    rule: OverheadRule,
    calc: Calculator,
) -> MergedExecutors {
    let mut launched = Vec::new();
    let layout = group_nodes(runs, |run| {
        let requests = run.load.executors;
        let mut executors = Vec::new();
        for (k, count) in [(cap, requests / cap), (requests % cap, 1)] {
            if k == 0 || count == 0 {
                continue;
            }
            let l = launched_shape(k, req, rule, calc);
            add_launched(
                &mut launched,
                l,
                count.saturating_mul(u64::from(run.node_count())),
            );
            executors.push((l.block(), count));
        }
        yarn_node_blocks(shape, run.load.driver.then_some(am), &executors)
    });
    MergedExecutors { layout, launched }
}

/// Sums over the merged executors' layout; task slots and heap per executor shape, as the
/// executors differ (a merged executor runs its cores ÷ `spark.task.cpus` tasks at once).
fn merged_totals(shape: &NodeShape, m: &MergedExecutors, s: &EmrInput) -> Totals {
    let sum = |of: &dyn Fn(&Launched) -> u64| {
        let mut total = 0u64;
        for l in &m.launched {
            total = total.saturating_add(u64::from(l.count).saturating_mul(of(l)));
        }
        total
    };
    Totals {
        task_slots: sum(&|l| {
            u64::from(crate::resources::slots_with_gpus(
                l.cores,
                s.task_cpus,
                &s.gpus,
            ))
        }),
        heap_mib: sum(&|l| l.heap_mib),
        ..totals(shape, &m.layout, 0, 0)
    }
}

/// The settings to plan with: the input with `maximizeResourceAllocation`'s heap, cores and
/// count in place (when it is on and derives them), and what it derived.
fn apply_maximize_resource_allocation(input: &EmrInput) -> (EmrInput, Option<Maximized>) {
    let mut s = *input;
    if !input.maximize_resource_allocation {
        return (s, None);
    }
    let maximized = maximize_resource_allocation(&s.instance, s.core_nodes, s.overhead_factor);
    if let Some(m) = maximized {
        s.executor_memory_mib = m.executor_memory_mib;
        s.executor_cores = m.executor_cores;
        s.executors = m.executor_instances;
    }
    (s, maximized)
}

/// Checks the settings to plan with (see [`apply_maximize_resource_allocation`]) and reports
/// every invalid field at once: the YARN planner's checks of [`plan_input`], then the executor
/// heap, `maximizeResourceAllocation` finding no executor that fits, and caps below one
/// request.
fn validate_settings(
    s: &EmrInput,
    maximized: Option<&Maximized>,
) -> Result<Validated, InputErrors> {
    // A custom instance's own fields name what is wrong; YARN's checks of the same numbers
    // would name fields the EMR form does not have.
    let custom = custom_instance_errors(&s.instance);
    let (validated, mut errors) = match plan_input(s).validate() {
        Ok(v) => (Some(v), custom),
        Err(yarn) if custom.is_empty() => (None, yarn.0),
        Err(_) => (None, custom),
    };
    let heap = s.executor_memory_mib;
    let heap_ok = (1..=limits::MAX_MIB).contains(&heap);
    if !heap_ok {
        errors.extend(FieldError::out_of_range(
            Field::ExecutorMemory,
            heap,
            1,
            limits::MAX_MIB,
        ));
    } else {
        errors.extend(FieldError::below_spark_minimum_heap(
            Field::ExecutorMemory,
            heap,
        ));
    }
    if s.maximize_resource_allocation && maximized.is_none() && errors.is_empty() {
        let field = match s.instance.listed {
            Some(_) => Field::InstanceType,
            None => Field::InstanceYarnMemory,
        };
        errors.push(
            FieldError::new(
                field,
                Given::Whole(s.instance.nodemanager_mb),
                Allowed::AtLeast {
                    min: 1 + MIN_OVERHEAD_MIB,
                    of: Some("one executor of a 1 MiB heap and 384 MiB overhead".to_string()),
                },
            )
            .in_unit(Unit::MiB),
        );
    }
    if let Some(c) = s.max_cores.filter(|c| *c < s.executor_cores) {
        errors.push(FieldError::new(
            Field::ExecutorMaxCores,
            Given::Whole(c.into()),
            Allowed::AtLeast {
                min: s.executor_cores.into(),
                of: Some(keys::EXECUTOR_CORES.to_string()),
            },
        ));
    }
    let one = emr_container(heap, s.overhead_rule());
    if let Some(m) = s
        .max_memory_mib
        .filter(|m| heap_ok && (*m < one || *m > limits::MAX_MIB))
    {
        errors.extend(
            FieldError::out_of_range(Field::ExecutorMaxMemory, m, one, limits::MAX_MIB)
                .map(|e| e.because("at least one executor container")),
        );
    }
    match validated {
        Some(v) if errors.is_empty() => Ok(v),
        _ => Err(InputErrors(errors)),
    }
}

/// A custom core node's numbers: vCPUs and memory within their catalog ranges, YARN's memory
/// from 1 MiB up to the instance's memory. Nothing for a listed type.
fn custom_instance_errors(t: &InstanceType) -> Vec<FieldError> {
    if t.listed.is_some() {
        return Vec::new();
    }
    let m = ClusterManager::Emr;
    let mut errors: Vec<FieldError> = crate::warning::present(&mut [
        FieldError::outside_catalog_range_of(m, Field::InstanceVcpus, t.vcpus.into()),
        FieldError::outside_catalog_range_of(m, Field::InstanceMemory, t.memory_gib.into()),
    ]);
    let memory_ok = errors.iter().all(|e| e.field != Field::InstanceMemory);
    let memory_mib = u64::from(t.memory_gib).saturating_mul(1024);
    errors.extend(
        memory_ok
            .then(|| {
                FieldError::out_of_range(Field::InstanceYarnMemory, t.nodemanager_mb, 1, memory_mib)
            })
            .flatten(),
    );
    errors
}

/// The most requests merged into one executor under `spark.executor.maxCores` and
/// `spark.executor.maxMemory` (at least 1; `u64::MAX` when neither is set).
fn merge_cap_from_limits(s: &EmrInput, req: &ExecutorShape) -> u64 {
    let mut cap = u64::MAX;
    if let Some(c) = s.max_cores {
        cap = cap.min(u64::from(c) / u64::from(req.cores.max(1)));
    }
    if let Some(m) = s.max_memory_mib {
        cap = cap.min(m.checked_div(req.granted.memory_mib).unwrap_or(1));
    }
    cap.max(1)
}

/// Plans an application on an EMR cluster, numbers only: the executor request with EMR's
/// overhead factor, the AM on core node 1, and either heterogeneous executors (requests merged
/// per node, see the module documentation: a model of observed behaviour) or containers as
/// requested, placed with [`place_numbers`]. Reports every invalid field at once. The words
/// come from the plan: [`working_steps`], [`warnings`] and [`crate::exports::emr`].
///
/// ```
/// use planner::emr::{plan_emr, EmrInput};
///
/// let p = plan_emr(&EmrInput::default()).unwrap(); // 50 × 18971m on 9 r5.4xlarge
/// assert_eq!(p.request.request.memory_mib, 22528); // 18971m + 3557m
/// let l = p.launched[0];
/// assert_eq!((l.memory_mib, l.cores, l.heap_mib, l.overhead_mib), (112640, 20, 94854, 17786));
/// assert_eq!((p.launched_executors, p.pending_requests), (9, 5));
/// ```
pub fn plan_emr(input: &EmrInput) -> Result<EmrPlan, InputErrors> {
    let (s, maximized) = apply_maximize_resource_allocation(input);
    let v = validate_settings(&s, maximized.as_ref())?;
    let (shape, scheduler) = (v.shape, v.scheduler);
    let containers =
        Containers::from_settings(&v.input.spark, s.executor_memory_mib, s.executor_cores);
    let place = |count| place_numbers(&shape, &scheduler, &containers, count, 100.0);
    let (asked, requested) = requests_planned(&s, place);
    let request = asked.executor;
    let blocker = crate::plan::blocker(&v, &asked);
    let others = u64::from(shape.nodes).saturating_sub(1);
    let requests_beside_am = asked
        .capacity
        .saturating_sub(asked.per_node.saturating_mul(others));
    let merge_cap = merge_cap_from_limits(&s, &request);
    let (layout, launched, totals) = if s.heterogeneous_executors {
        let runs = merge_runs(
            shape.nodes,
            asked.am.node.is_some(),
            asked.per_node,
            requests_beside_am,
            requested,
        );
        let (rule, calc) = (s.overhead_rule(), scheduler.calculator);
        let m = merge_requests_on_nodes(&shape, &asked.am, &request, runs, merge_cap, rule, calc);
        let t = merged_totals(&shape, &m, &s);
        (m.layout, m.launched, t)
    } else {
        let mut launched = Vec::new();
        let one = launched_shape(1, &request, s.overhead_rule(), scheduler.calculator);
        add_launched(&mut launched, one, u64::from(asked.totals.executors));
        (asked.layout, launched, asked.totals)
    };
    let (mut launched_count, mut covered) = (0u64, 0u64);
    for l in &launched {
        launched_count += u64::from(l.count);
        covered += u64::from(l.count).saturating_mul(u64::from(l.merged));
    }
    let launched_executors = sat_u32(launched_count);
    let covered_requests = sat_u32(covered).min(requested);
    let shortfall = shortfall(&v, &s, (asked.capacity, blocker), covered_requests);
    Ok(EmrPlan {
        settings: s,
        maximized,
        shape,
        scheduler,
        request,
        am: asked.am,
        requests_per_node: asked.per_node,
        requests_beside_am,
        requests_capacity: asked.capacity,
        merge_cap,
        requested,
        launched,
        launched_executors,
        covered_requests,
        pending_requests: requested - covered_requests,
        layout,
        totals,
        asked_fit: asked.fit,
        shortfall,
    })
}

/// The requests placed and how many: `spark.executor.instances`, or, when that is 0 with
/// dynamic allocation on (EMR's default), what dynamic allocation asks for as tasks wait — it
/// starts from max(minExecutors, initialExecutors, 0) and adds executors up to maxExecutors
/// (unbounded by default; Spark's `ExecutorAllocationManager`), so up to what the cluster holds.
fn requests_planned(s: &EmrInput, place: impl Fn(ExecutorCount) -> Placement) -> (Placement, u32) {
    let asked = place(ExecutorCount::Exactly(s.executors));
    if !grows_from_zero(s) {
        return (asked, s.executors);
    }
    let most = s
        .dynamic_allocation_settings
        .max_executors
        .unwrap_or(u32::MAX);
    let grown = sat_u32(asked.capacity).min(most);
    (place(ExecutorCount::Exactly(grown)), grown)
}

/// Whether no executor is asked for and dynamic allocation adds them as tasks wait.
pub fn grows_from_zero(s: &EmrInput) -> bool {
    s.executors == 0 && s.dynamic_allocation
}

/// Requests of `heap_mib` and `cores` the validated cluster holds as asked: 0 when YARN
/// refuses them, none fits a node, or the AM cannot run.
fn capacity_for(v: &Validated, heap_mib: u64, cores: u32) -> u64 {
    let c = Containers::from_settings(&v.input.spark, heap_mib, cores);
    let count = ExecutorCount::Exactly(1);
    place_numbers(&v.shape, &v.scheduler, &c, count, 100.0).capacity
}

/// The largest heap up to `at_most` (and at least Spark's 450 MiB minimum) at which the cluster
/// holds `wanted` requests of `cores`.
fn largest_heap_holding(v: &Validated, at_most: u64, cores: u32, wanted: u64) -> Option<u64> {
    let min_heap = crate::memory::MIN_HEAP_BYTES / (1024 * 1024);
    let fits = |heap| capacity_for(v, heap, cores) >= wanted;
    crate::plan::largest_fitting(at_most.min(limits::MAX_MIB), fits).filter(|h| *h >= min_heap)
}

/// When fewer than the asked-for requests run (`covered` of them), or none were asked for:
/// what stops them (as YARN's placement of the requests as asked says) and the nearest shapes
/// that fit — the largest heap that fits when not one does, as many as the cluster holds, all
/// of them with a smaller heap. `None` when all run. `asked` is the requests the cluster holds as
/// asked and what stops more.
fn shortfall(
    v: &Validated,
    s: &EmrInput,
    asked: (u64, Blocker),
    covered: u32,
) -> Option<Shortfall> {
    let wanted = if grows_from_zero(s) {
        // Dynamic allocation asks for what the cluster holds: only a shape that fits nowhere
        // falls short.
        sat_u32(asked.0).max(1)
    } else {
        s.executors
    };
    if wanted > 0 && covered >= wanted {
        return None;
    }
    let (heap, cores) = (s.executor_memory_mib, s.executor_cores);
    let (capacity, blocker) = asked;
    let shape = |executors: u64, cores, heap_mib| Shape {
        executors,
        cores,
        heap_mib,
    };
    let smaller_heap = (wanted > 0)
        .then(|| largest_heap_holding(v, heap, cores, wanted.into()))
        .flatten()
        .map(|h| Nearest::SmallerHeap(shape(wanted.into(), cores, h)));
    let largest_that_fits = (capacity == 0)
        .then(|| {
            let cores = cores.min(v.shape.nodemanager.vcores);
            let h = largest_heap_holding(v, heap, cores, 1)?;
            let held = capacity_for(v, h, cores).min(wanted.max(1).into());
            Some(Nearest::LargestThatFits(shape(held, cores, h)))
        })
        .flatten();
    let fewer = (capacity > 0).then(|| Nearest::Fewer(shape(capacity, cores, heap)));
    Some(Shortfall {
        asked: wanted.into(),
        runs: covered.into(),
        blocker,
        nearest: crate::warning::present(&mut [largest_that_fits, fewer, smaller_heap]),
    })
}

/// `1 request`, `5 requests`.
fn requests(n: u64) -> String {
    crate::format::counted(n, "request")
}

fn step(title: &str, detail: String) -> Step {
    Step::new(title, detail)
}

/// More than 5 cores per executor on EMR: the limit is the HDFS client's (Sandy Ryza, "How-to:
/// Tune Your Apache Spark Jobs (Part 2)"), and EMR's jobs read and write S3 through EMRFS as a
/// rule, where it says nothing: a note that holds only for HDFS.
pub fn many_cores_note(cores: u32) -> Warning {
    Warning::new(
        Code::ManyCoresPerExecutor,
        Severity::Info,
        format!(
            "{cores} cores per executor: if the job reads or writes HDFS, its client's throughput \
             suffers beyond about 5 tasks at once per executor; not on S3 (EMRFS)."
        ),
    )
}

/// The working of an EMR plan, in order: the core nodes, `maximizeResourceAllocation`, the
/// request, the AM, the master node, how requests fit (and merge), requested vs launched.
pub fn working_steps(p: &EmrPlan) -> Vec<Step> {
    let mut steps = vec![core_nodes_step(p)];
    if let Some(m) = &p.maximized {
        steps.push(maximize_step(p, m));
    }
    steps.push(request_step(p));
    steps.extend(grown_from_zero_step(p));
    steps.push(am_step(&p.am));
    steps.push(master_step(&p.settings));
    if p.settings.heterogeneous_executors {
        steps.push(merge_step(p));
        let merged = p.launched.iter().filter(|l| l.merged > 1);
        steps.extend(merged.map(|l| merged_executor_step(p, l)));
    } else {
        steps.push(step(
            "Executors per node (heterogeneous executors off)",
            format!(
                "{}: containers run as requested, spread evenly, {} in all",
                requests_per_node_words(p),
                p.requests_capacity
            ),
        ));
    }
    steps.push(requested_vs_launched_step(p));
    steps.extend(recorded_vcores_step(p));
    steps
}

/// The executors dynamic allocation starts with when `spark.executor.instances` is 0:
/// max(minExecutors, initialExecutors) (`Utils.getDynamicAllocationInitialExecutors`).
fn initial_from_zero(s: &EmrInput) -> u32 {
    let d = &s.dynamic_allocation_settings;
    d.min_executors
        .max(d.initial_executors.unwrap_or(d.min_executors))
}

/// What dynamic allocation asks for when no executor is: the count planned.
fn grown_from_zero_step(p: &EmrPlan) -> Option<Step> {
    let s = &p.settings;
    grows_from_zero(s).then(|| {
        let most = s
            .dynamic_allocation_settings
            .max_executors
            .map_or("unbounded".to_string(), |m| m.to_string());
        step(
            "Executors asked for",
            format!(
                "0, dynamic allocation from {} up to maxExecutors ({most}) or the cluster's {}: \
                 {} planned",
                initial_from_zero(s),
                p.requests_capacity,
                requests(u64::from(p.requested))
            ),
        )
    })
}

/// Under the DefaultResourceCalculator, what the ResourceManager reports for vcores — the
/// YARN page's rule: 1 vcore per container as requested, so a merged executor of k requests
/// records k (EMR's driver log shows `vCores:5` for 5 merged requests) — and the tasks that
/// really run at once.
fn recorded_vcores_step(p: &EmrPlan) -> Option<Step> {
    if p.scheduler.calculator != Calculator::Default || p.launched_executors == 0 {
        return None;
    }
    let t = &p.totals;
    let merged = if p.launched.iter().any(|l| l.merged > 1) {
        " (a merged executor records one per request it holds)"
    } else {
        ""
    };
    let per_task = if p.settings.task_cpus > 1 {
        format!(" ÷ spark.task.cpus {}", p.settings.task_cpus)
    } else {
        String::new()
    };
    Some(step(
        "Vcores YARN reports",
        format!(
            "the DefaultResourceCalculator records 1 vcore per requested container, whatever \
             it asks{merged}: the ResourceManager shows {} of {} used, while the \
             executors run {} at once (their spark.executor.cores{per_task})",
            t.granted_vcores,
            crate::format::counted(t.yarn_vcores, "vcore"),
            crate::format::counted(t.task_slots, "task")
        ),
    ))
}

fn core_nodes_step(p: &EmrPlan) -> Step {
    let (instance, nm) = (&p.settings.instance, p.shape.nodemanager);
    let (name, gives) = match instance.listed {
        Some(_) => (instance.name(), "EMR gives YARN"),
        None => ("custom instance".to_string(), "YARN gets (as given)"),
    };
    step(
        "Core nodes",
        format!(
            "{} × {name}: {} and {} GiB each. {gives} {} MiB \
             (yarn.nodemanager.resource.memory-mb) and {} per node; minimum allocation \
             {MINIMUM_ALLOCATION_MB} MiB (EMR 7's release guide lists 1 MiB: containers there are \
             up to 31 MiB smaller), maximum allocation {} MiB; {}. The master node runs no \
             NodeManager.",
            p.shape.nodes,
            crate::format::counted(instance.vcpus.into(), "vCPU"),
            instance.memory_gib,
            nm.memory_mib,
            crate::format::counted(nm.vcores.into(), "vcore"),
            p.scheduler.maximum_allocation_mb,
            p.scheduler.calculator.class_name()
        ),
    )
}

/// EMR's Release Guide ("Configure Spark", "Using maximizeResourceAllocation") lists the settings
/// EMR writes in this mode, each "configured based on" the instance types, without a formula:
/// spark.executor.memory, cores and instances from the core (and task) nodes, spark.driver.memory
/// from the instance types, spark.default.parallelism as twice the vcores. The executor
/// heap is this page's model of EMR's figure; spark.driver.memory is not modelled.
fn maximize_step(p: &EmrPlan, m: &Maximized) -> Step {
    step(
        "maximizeResourceAllocation",
        format!(
            "one executor per core node, in this page's model (EMR publishes no formula): \
             the largest heap whose container (heap + \
             max({} × heap, 384), rounded up to {MINIMUM_ALLOCATION_MB} MiB) fits {} \
             MiB is {}m ({} MiB); spark.executor.cores = {}; spark.executor.instances \
             = {}; spark.default.parallelism = 2 × {} = {}. EMR also sets spark.driver.memory, \
             which the page does not model: the value given stands",
            crate::fixed::format_f64(p.settings.overhead_factor),
            p.shape.nodemanager.memory_mib,
            m.executor_memory_mib,
            m.container_mib,
            crate::format::counted(m.executor_cores.into(), "vCPU"),
            crate::format::counted(m.executor_instances.into(), "core node"),
            crate::format::counted(m.default_parallelism / 2, "vcore"),
            m.default_parallelism
        ),
    )
}

/// Where an executor's overhead comes from: `spark.executor.memoryOverhead`, or the factor's
/// formula for `heap_mib`.
fn overhead_source(s: &EmrInput, heap_mib: u64) -> String {
    match s.executor_overhead_mib {
        Some(_) => "spark.executor.memoryOverhead".to_string(),
        None => format!(
            "max({} × {heap_mib}, 384)",
            crate::fixed::format_f64(s.overhead_factor)
        ),
    }
}

fn request_step(p: &EmrPlan) -> Step {
    let (s, req) = (&p.settings, &p.request);
    let heap = s.executor_memory_mib;
    step(
        "Executor request",
        format!(
            "{heap}m heap + {} MiB overhead ({}) = {} MiB, granted {} \
             MiB (a multiple of {MINIMUM_ALLOCATION_MB}), {}; {} requested{}",
            req.memory.overhead_mib,
            overhead_source(s, heap),
            req.request.memory_mib,
            req.granted.memory_mib,
            crate::format::counted(u64::from(req.cores), "vcore"),
            s.executors,
            if s.dynamic_allocation {
                " (dynamic allocation is on: its target at this moment)"
            } else {
                ""
            }
        ),
    )
}

fn am_step(am: &AmShape) -> Step {
    let am_source = match am.deploy_mode {
        DeployMode::Client => "client mode: spark.yarn.am.memory",
        DeployMode::Cluster => "cluster mode: spark.driver.memory",
    };
    step(
        "ApplicationMaster",
        format!(
            "{am_source} {} MiB + {} MiB overhead = {} MiB, granted {} MiB and {}; {}",
            am.heap_mib,
            am.overhead_mib,
            am.request.memory_mib,
            am.granted.memory_mib,
            crate::format::counted(am.granted.vcores.into(), "vcore"),
            if am.node.is_some() {
                "placed first, on core node 1 (the layout has core nodes only; from EMR 6.x the AM \
                 may also run on a task node)"
            } else {
                "it cannot run"
            }
        ),
    )
}

fn master_step(s: &EmrInput) -> Step {
    let master = &s.master;
    let detail = match s.deploy_mode {
        DeployMode::Client => format!(
            "{}: {} vCPUs and {} GiB, no NodeManager; it runs EMR's daemons and, in client \
             mode, the driver as a plain JVM outside YARN: spark.driver.memory {} MiB of its {} \
             GiB",
            master.name(),
            master.vcpus,
            master.memory_gib,
            s.driver_memory_mib,
            master.memory_gib
        ),
        DeployMode::Cluster => format!(
            "{}: {} vCPUs and {} GiB, no NodeManager; in cluster mode the driver runs inside \
             the ApplicationMaster on core node 1, so the master node runs only EMR's daemons",
            master.name(),
            master.vcpus,
            master.memory_gib
        ),
    };
    step("Master node", detail)
}

/// How many requests fit on a node, and beside the AM.
fn requests_per_node_words(p: &EmrPlan) -> String {
    let nm = p.shape.nodemanager;
    format!(
        "{} MiB{} ÷ {} MiB: {} fit on a node; beside the AM ({} MiB free), {}",
        nm.memory_mib,
        match p.scheduler.calculator {
            Calculator::Dominant =>
                format!(" and {}", crate::format::counted(nm.vcores.into(), "vcore")),
            Calculator::Default => String::new(),
        },
        p.request.granted.memory_mib,
        requests(p.requests_per_node),
        nm.memory_mib.saturating_sub(p.am.granted.memory_mib),
        p.requests_beside_am
    )
}

fn merge_step(p: &EmrPlan) -> Step {
    let (s, req) = (&p.settings, &p.request);
    let mut caps = Vec::new();
    if let Some(c) = s.max_cores {
        caps.push(format!(
            "spark.executor.maxCores {c} ÷ {} = {}",
            crate::format::counted(req.cores.into(), "core"),
            c / req.cores.max(1)
        ));
    }
    if let Some(m) = s.max_memory_mib {
        caps.push(format!(
            "spark.executor.maxMemory {m} MiB ÷ {} MiB = {}",
            req.granted.memory_mib,
            m.checked_div(req.granted.memory_mib).unwrap_or(0)
        ));
    }
    let capped = if caps.is_empty() {
        String::new()
    } else {
        format!(
            " of at most {} ({})",
            requests(p.merge_cap),
            crate::text::join(&caps, "; ")
        )
    };
    step(
        "Requests per node (spark.yarn.heterogeneousExecutors.enabled)",
        format!(
            "{}. EMR merges the requests that fit on a node into one executor{capped}.",
            requests_per_node_words(p)
        ),
    )
}

fn merged_executor_step(p: &EmrPlan, l: &Launched) -> Step {
    let (granted, cores) = (p.request.granted.memory_mib, p.request.cores);
    let split = match p.settings.executor_overhead_mib {
        Some(o) => format!(
            "overhead = spark.executor.memoryOverhead {o}m, heap = {} − {o} = {}m",
            l.memory_mib, l.heap_mib
        ),
        None => format!(
            "heap = floor({} ÷ {}) = {}m, overhead = {} − {} = {}m",
            l.memory_mib,
            one_plus_text(p.settings.overhead_factor),
            l.heap_mib,
            l.memory_mib,
            l.heap_mib,
            l.overhead_mib
        ),
    };
    step(
        "Merged executor",
        format!(
            "{} × {granted} MiB = {} MiB and {} × {cores} = {}; {split}",
            l.merged,
            l.memory_mib,
            l.merged,
            crate::format::counted(l.cores.into(), "core"),
        ),
    )
}

fn requested_vs_launched_step(p: &EmrPlan) -> Step {
    step(
        "Requested vs launched",
        format!(
            "{} run, covering {} of the {}; {} pending",
            crate::format::counted(p.launched_executors.into(), "executor"),
            p.covered_requests,
            requests(u64::from(p.requested)),
            p.pending_requests
        ),
    )
}

/// The findings about an EMR plan, most severe first: the YARN placement's, the merge (and
/// that it is a model), the merged executor's shape, pending requests, a driver too large for
/// the master node.
pub fn warnings(p: &EmrPlan) -> Vec<Warning> {
    let placed = explain_placement(&asked_placement(p), &p.shape, &p.scheduler, 100.0);
    let mut w: Vec<Warning> = if p.settings.heterogeneous_executors {
        let mut w: Vec<Warning> = Vec::new();
        for found in placed {
            if found.severity == Severity::Error {
                w.push(found);
            }
        }
        merged_executor_warnings(&mut w, p);
        w
    } else {
        placed
    };
    if p.settings.heterogeneous_executors
        && p.pending_requests > 0
        && p.requests_per_node > 0
        && p.am.node.is_some()
    {
        w.push(pending_warning(p));
    }
    let s = &p.settings;
    w.extend(crate::resources::gpu_warnings(
        s.executor_cores,
        s.task_cpus,
        &s.gpus,
    ));
    if driver_above_master(s) {
        w.push(driver_above_master_warning(s));
    }
    if grows_from_zero(s) && p.requested > 0 {
        w.push(grown_from_zero_note(p));
    }
    let most_cores = p
        .launched
        .iter()
        .map(|l| l.cores)
        .fold(p.request.cores, u32::max);
    for found in &mut w {
        if found.code == Code::ManyCoresPerExecutor {
            *found = many_cores_note(most_cores);
        }
    }
    crate::warning::most_severe_first(w)
}

/// The YARN placement of the requests as asked, rebuilt from the plan's numbers. With
/// heterogeneous executors off it is that placement exactly (its layout and totals are the
/// plan's). With it on, the layout and totals are the merged ones; [`warnings`] then keeps
/// only the placement's refusals, which the [`Fit`], the request and the AM decide, not the
/// layout.
fn asked_placement(p: &EmrPlan) -> Placement {
    Placement {
        executor: p.request,
        am: p.am,
        requested: Some(p.requested),
        capacity: p.requests_capacity,
        per_node: p.requests_per_node,
        fit: p.asked_fit,
        layout: p.layout.clone(),
        totals: p.totals,
    }
}

/// That requests were merged (a model), and the YARN placement's findings about the merged
/// executor's shape (the most merged one).
fn merged_executor_warnings(w: &mut Vec<Warning>, p: &EmrPlan) {
    let Some(top) = p.launched.first() else {
        return;
    };
    if top.merged > 1 {
        w.push(Warning::new(
            Code::ExecutorsMerged,
            Severity::Info,
            format!(
                "EMR merged {} requests per node into {} MiB / {}-core executors ({}m heap + \
                 {}m overhead): EMR runs {} where {} were requested. EMR does not \
                 publish how spark.yarn.heterogeneousExecutors merges requests; this is a \
                 model that reproduces the behaviour seen in EMR's driver logs. Set {}=false \
                 to get executors as requested.",
                top.merged,
                top.memory_mib,
                top.cores,
                top.heap_mib,
                top.overhead_mib,
                crate::format::counted(u64::from(p.launched_executors), "executor"),
                p.requested,
                keys::EMR_HETEROGENEOUS_EXECUTORS
            ),
        ));
    }
    let executor = ExecutorShape {
        cores: top.cores,
        memory: ExecutorMemory {
            heap_mib: top.heap_mib,
            overhead_mib: top.overhead_mib,
            offheap_mib: 0,
            pyspark_mib: 0,
        },
        request: Resource::new(top.memory_mib, top.cores),
        granted: Resource::new(top.memory_mib, top.cores),
        gpus: p.settings.gpus.executor.into(),
    };
    let limits = Limits {
        scheduler: &p.scheduler,
        shape: &p.shape,
        whole_cluster: true,
    };
    let cores_asked = |g: &NodeGroup| merged_cores_asked(g, p);
    shape_warnings(w, &executor, &limits, (&p.totals, &p.layout), &cores_asked);
    // A merged executor's own note says what the calculator records and what Spark runs, in
    // place of the placement's general one.
    if let Some(note) = recorded_against_running(p, top).filter(|_| top.merged > 1) {
        w.retain(|found| found.code != Code::VcoresIgnored);
        w.push(note);
    }
}

/// The cores the containers of one node of `g` ask for, whatever vcores YARN records for
/// them: each merged executor's `merged` × `spark.executor.cores` (its container is `merged`
/// granted requests) and the AM's vcores as the layout holds them.
fn merged_cores_asked(g: &NodeGroup, p: &EmrPlan) -> u64 {
    let request = &p.request;
    let (mut cores, mut am) = (0u64, 0u64);
    for b in &g.blocks {
        if b.kind == BlockKind::Executor {
            let merged = b
                .memory_mib
                .checked_div(request.granted.memory_mib)
                .unwrap_or(0);
            cores += merged.saturating_mul(u64::from(request.cores));
        } else if b.kind == BlockKind::ApplicationMaster {
            am += b.vcores();
        }
    }
    cores + am
}

/// What YARN records for a merged executor against what Spark runs in it, in one finding:
/// under the DefaultResourceCalculator (EMR's) YARN schedules by memory alone and records a
/// container as 1 vcore whatever it asks (Hadoop's `DefaultResourceCalculator`), so a merged
/// executor of k requests shows k vcores — what the layout draws — while Spark runs
/// `spark.executor.cores` tasks at once in it, which may be more than a node's vCPUs.
fn recorded_against_running(p: &EmrPlan, top: &Launched) -> Option<Warning> {
    if p.scheduler.calculator != Calculator::Default {
        return None;
    }
    let vcpus = p.shape.nodemanager.vcores;
    let per_node_cores = p
        .layout
        .iter()
        .map(|g| merged_cores_asked(g, p))
        .max()
        .unwrap_or(0);
    let shared = if per_node_cores > u64::from(vcpus) {
        format!(
            "; a node runs {} on its {}, so tasks share them",
            crate::format::counted(per_node_cores, "task thread"),
            crate::format::counted(u64::from(vcpus), "vCPU")
        )
    } else {
        String::new()
    };
    Some(Warning::new(
        Code::VcoresIgnored,
        Severity::Info,
        format!(
            "YARN records each request as 1 vcore (memory-only scheduling): each merged \
             executor shows {}, while Spark runs {} in it at once ({} × {} requests){shared}.",
            crate::format::counted(u64::from(top.yarn_vcores), "vcore"),
            crate::format::counted(u64::from(top.cores), "task"),
            crate::format::counted(u64::from(p.request.cores), "core"),
            top.merged
        ),
    ))
}

fn pending_warning(p: &EmrPlan) -> Warning {
    let (per_node, beside_am) = (p.requests_per_node, p.requests_beside_am);
    let on_node_1 = if beside_am < per_node {
        format!(
            ", {beside_am} on core node 1 beside the {} MiB ApplicationMaster",
            p.am.granted.memory_mib
        )
    } else {
        String::new()
    };
    Warning::new(
        Code::FewerExecutorsFit,
        Severity::Warning,
        format!(
            "The cluster holds {} covering {} of the {} ({} per node{on_node_1}); \
             YARN leaves the other {} pending until room frees up.",
            crate::format::counted(p.launched_executors.into(), "executor"),
            p.covered_requests,
            requests(u64::from(p.requested)),
            requests(per_node),
            p.pending_requests
        ),
    )
}

/// The largest whole-GiB `spark.driver.memory` the master node leaves room for (at least 1 GiB).
pub fn largest_driver_on_master_mib(s: &EmrInput) -> u64 {
    (s.master.nodemanager_mb / 1024).max(1) * 1024
}

/// Whether the driver cannot start: in client mode it runs on the master node, and its
/// `spark.driver.memory` is more than that node leaves to applications.
pub fn driver_above_master(s: &EmrInput) -> bool {
    s.deploy_mode == DeployMode::Client && s.driver_memory_mib > s.master.nodemanager_mb
}

fn grown_from_zero_note(p: &EmrPlan) -> Warning {
    Warning::new(
        Code::NoExecutorsRequested,
        Severity::Info,
        format!(
            "spark.executor.instances = 0 with dynamic allocation on: Spark starts {} and adds \
             executors while tasks wait, here up to {}.",
            crate::format::counted(u64::from(initial_from_zero(&p.settings)), "executor"),
            requests(u64::from(p.requested))
        ),
    )
    .about(FieldId::ExecutorInstances)
}

fn driver_above_master_warning(s: &EmrInput) -> Warning {
    let master = &s.master;
    Warning::new(
        Code::DriverAboveMaster,
        Severity::Error,
        format!(
            "spark.driver.memory {} MiB is more than a {} leaves to applications ({} MiB; its \
             {} GiB also hold the ResourceManager, NameNode and EMR's other daemons): in \
             client mode the driver runs on the master node, so choose a larger master type \
             or a smaller driver.",
            s.driver_memory_mib,
            master.name(),
            master.nodemanager_mb,
            master.memory_gib
        ),
    )
    .about(FieldId::DriverMemory)
}

/// `1 + factor` in integers on the decimal the user typed (`0.1875` → `1.1875`).
fn one_plus_text(factor: f64) -> String {
    match crate::fixed::decimal_of(factor) {
        Some((units, scale)) => {
            crate::fixed::format_scaled(units.saturating_add(10u64.pow(scale)), scale)
        }
        None => crate::fixed::format_f64(1.0 + factor),
    }
}

/// How EMR turns the requests into executors, and how many requests run, in one line.
pub fn requests_words(p: &EmrPlan) -> String {
    // What EMR merges and runs is each request as granted (rounded up to its 32 MiB step);
    // with nothing launched, what is asked.
    // Spark's cores per request, and the vcores YARN records for it when they differ (1 under
    // the DefaultResourceCalculator).
    let size = |r: &Resource| {
        let cores = crate::format::counted(u64::from(p.request.cores), "core");
        let recorded = if r.vcores == p.request.cores {
            String::new()
        } else {
            format!(
                ", recorded by YARN as {}",
                crate::format::counted(u64::from(r.vcores), "vcore")
            )
        };
        format!("{} / {cores}{recorded}", crate::format::mib(r.memory_mib))
    };
    let (asked, granted) = (size(&p.request.request), size(&p.request.granted));
    let how = match p.launched.first() {
        Some(l) if l.merged > 1 => format!(
            "Heterogeneous executors merge up to {} requests ({granted} each) into one executor",
            l.merged
        ),
        Some(_) => format!("Containers run as granted ({granted} each)"),
        None => format!("Each request asks for {asked}"),
    };
    format!(
        "{how} · {} of the {} run, {} pending",
        p.covered_requests,
        crate::format::counted_as(u64::from(p.requested), "request", "requests"),
        p.pending_requests
    )
}

/// Why not one request runs, with how far it is from fitting.
fn nothing_fits_reason(p: &EmrPlan) -> String {
    let nm = p.shape.nodemanager;
    let asked = p.request.request.memory_mib;
    if asked > nm.memory_mib {
        format!(
            "each container needs {}, {} more than the {} a core node gives YARN",
            crate::format::mib(asked),
            crate::format::mib(asked - nm.memory_mib),
            crate::format::mib(nm.memory_mib)
        )
    } else if p.request.cores > nm.vcores {
        format!(
            "{} cores per executor, {} more than a core node's {} vcores",
            p.request.cores,
            p.request.cores - nm.vcores,
            nm.vcores
        )
    } else if p.am.node.is_none() {
        "the ApplicationMaster does not fit a core node".to_string()
    } else {
        format!(
            "no core node has {} free",
            crate::format::mib(p.request.granted.memory_mib)
        )
    }
}

/// How many of the requested executors run when not all do, in one sentence (the embed card
/// shows it under its headline; the answer adds the nearest shapes that fit).
pub fn shortfall_sentence(p: &EmrPlan) -> String {
    if p.launched_executors == 0 && grows_from_zero(&p.settings) {
        format!(
            "Dynamic allocation adds executors while tasks wait, but not one fits: {}.",
            nothing_fits_reason(p)
        )
    } else if p.requested == 0 {
        "No executors are asked for (spark.executor.instances is 0), so none runs.".to_string()
    } else if p.launched_executors == 0 {
        format!(
            "None of the {} runs: {}.",
            crate::format::counted_as(
                u64::from(p.requested),
                "requested executor",
                "requested executors"
            ),
            nothing_fits_reason(p)
        )
    } else {
        let merged = match p.launched.first() {
            Some(l) if l.merged > 1 => format!(
                " (merged into {})",
                crate::format::counted_as(u64::from(p.launched_executors), "executor", "executors")
            ),
            _ => String::new(),
        };
        format!(
            "Only {} of the {} requested executors run{merged}: {} pending.",
            p.covered_requests,
            p.requested,
            crate::format::counted_as(u64::from(p.pending_requests), "stays", "stay")
        )
    }
}

/// A nearest shape that fits, in words (`45 × 4 cores × 18 971 MiB (as many as fit)`); `None`
/// for a kind EMR's shortfall does not offer.
pub fn nearest_fit_words(n: &Nearest) -> Option<String> {
    let (s, why) = match n {
        Nearest::LargestThatFits(s) => (s, "the largest heap that fits"),
        Nearest::Fewer(s) => (s, "as many as fit"),
        Nearest::SmallerHeap(s) => (s, "all of them, with a smaller heap"),
        _ => return None,
    };
    Some(format!(
        "{} × {} × {} ({why})",
        crate::format::group(s.executors),
        crate::format::counted_as(u64::from(s.cores), "core", "cores"),
        crate::format::heap(s.heap_mib)
    ))
}

/// The shortfall and the nearest shapes that fit, in one text: "Only 45 of the 50 requested
/// executors run …: 5 stay pending. Nearest that fits: …; or …."
pub fn shortfall_words(p: &EmrPlan) -> Option<String> {
    let f = p.shortfall.as_ref()?;
    let mut text = shortfall_sentence(p);
    let nearest: Vec<String> = f.nearest.iter().filter_map(nearest_fit_words).collect();
    if !nearest.is_empty() {
        text.push_str(&format!(" Nearest that fits: {}.", nearest.join("; or ")));
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_003_types_are_in_the_table() {
        assert_eq!(instance_type("r5.4xlarge"), Some(R5_4XLARGE));
        assert_eq!(instance_type("m5.xlarge"), Some(M5_XLARGE));
        let c5 = instance_type(" C5.9XLarge ").expect("c5.9xlarge");
        assert_eq!(
            (c5.vcpus, c5.memory_gib, c5.nodemanager_mb),
            (36, 72, 65536)
        );
        assert_eq!(instance_type("c5.8xlarge"), None);
    }

    /// The asked placement placed again from the plan's settings, straight from the YARN
    /// placement.
    fn placed_again(p: &EmrPlan) -> Placement {
        let v = plan_input(&p.settings).validate().expect("valid");
        let (heap, cores) = (p.settings.executor_memory_mib, p.settings.executor_cores);
        let c = Containers::from_settings(&v.input.spark, heap, cores);
        let count = ExecutorCount::Exactly(p.settings.executors);
        place_numbers(&v.shape, &v.scheduler, &c, count, 100.0)
    }

    #[test]
    fn the_plan_keeps_the_numbers_of_the_asked_placement() {
        // Fits, fewer fit than asked (EMR's default 50 requests), and an executor above the
        // maximum allocation; each with the merge on and off.
        let fits = EmrInput {
            executors: 4,
            ..EmrInput::default()
        };
        let too_large = EmrInput {
            executor_memory_mib: 200_000,
            executors: 2,
            ..EmrInput::default()
        };
        let mut refused = 0;
        for input in [fits, EmrInput::default(), too_large] {
            for heterogeneous_executors in [false, true] {
                let input = EmrInput {
                    heterogeneous_executors,
                    ..input
                };
                let p = plan_emr(&input).expect("valid");
                let (rebuilt, placed) = (asked_placement(&p), placed_again(&p));
                if heterogeneous_executors {
                    let numbers = |q: &Placement| (q.executor, q.am, q.requested, q.capacity);
                    assert_eq!(numbers(&rebuilt), numbers(&placed));
                    assert_eq!(
                        (rebuilt.per_node, rebuilt.fit),
                        (placed.per_node, placed.fit)
                    );
                    let refusals = |q: &Placement| {
                        let w = explain_placement(q, &p.shape, &p.scheduler, 100.0);
                        w.into_iter()
                            .filter(|w| w.severity == Severity::Error)
                            .collect::<Vec<_>>()
                    };
                    assert_eq!(refusals(&rebuilt), refusals(&placed));
                    refused += usize::from(!refusals(&placed).is_empty());
                } else {
                    assert_eq!(rebuilt, placed);
                }
            }
        }
        assert_eq!(refused, 1, "the 200 000 MiB executor is refused");
    }

    #[test]
    fn emr_container_rounds_to_32() {
        assert_eq!(emr_container(18971, factor_rule(OVERHEAD_FACTOR)), 22528);
        assert_eq!(emr_container(1000, factor_rule(OVERHEAD_FACTOR)), 1408); // 384 minimum
        assert_eq!(emr_container(1001, factor_rule(OVERHEAD_FACTOR)), 1408); // 1385 → 1408
                                                                             // Larger than any maximum allocation: rounded, never clamped.
        assert_eq!(
            emr_container(1_000_000, factor_rule(OVERHEAD_FACTOR)),
            1_187_520
        );
    }

    #[test]
    fn emr_container_is_what_the_yarn_placement_grants() {
        // Validation sizes one container before placing; the placement must grant the same
        // (for containers within the r5.4xlarge NodeManager's 122880 MiB).
        for heap in [450, 1000, 1001, 4096, 18971, 50_000, 80_000] {
            for factor in [0.1, OVERHEAD_FACTOR, 0.25, 0.5] {
                let input = EmrInput {
                    executor_memory_mib: heap,
                    overhead_factor: factor,
                    executors: 1,
                    ..EmrInput::default()
                };
                let p = plan_emr(&input).expect("valid");
                assert_eq!(
                    emr_container(heap, factor_rule(factor)),
                    p.request.granted.memory_mib,
                    "{heap} MiB heap, factor {factor}"
                );
            }
        }
    }

    #[test]
    fn merged_heap_matches_the_seed() {
        assert_eq!(merged_heap(112640, factor_rule(OVERHEAD_FACTOR)), 94854);
        assert_eq!(merged_heap(500, factor_rule(OVERHEAD_FACTOR)), 116); // keeps the 384 MiB minimum
        assert_eq!(merged_heap(100, factor_rule(OVERHEAD_FACTOR)), 0);
    }

    #[test]
    fn caps_split_a_node_into_several_executors() {
        let p = plan_emr(&EmrInput {
            max_cores: Some(8),
            ..EmrInput::default()
        })
        .expect("valid");
        // 5 requests per node: 2 + 2 + 1.
        let shapes: Vec<(u32, u32)> = p.launched.iter().map(|l| (l.merged, l.count)).collect();
        assert_eq!(shapes, [(2, 18), (1, 9)]);
        assert_eq!(p.covered_requests, 45);
        assert_eq!(p.layout.len(), 2); // node 1 (AM) and nodes 2–9
        assert_eq!(p.layout[1].executors_per_node(), 3);
    }
}
