//! Placing a given executor shape on the cluster under YARN's real math: the AM first, then as
//! many executors as asked (or as fit), spread evenly; returns a per-node layout (identical nodes
//! grouped), totals and warnings.

use crate::input::{InputErrors, NodeShape, PlanInput, SparkSettings};
use crate::layout::{
    container_parts, group_nodes, spread_runs, vcores_as_millicores, Block, BlockKind, NodeGroup,
    PartKind,
};
use crate::memory::MIN_HEAP_MIB;
use crate::spark::{yarn_am_container, DeployMode, ExecutorMemory};
use crate::warning::{Code, Severity, Warning};
use crate::yarn::{fit_count, fits, granted, Calculator, Resource, YarnScheduler};

/// How many executors to place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExecutorCount {
    /// Exactly this many (`spark.executor.instances`), or fewer if they do not fit.
    Exactly(u32),
    /// As many as fit (within the cluster share).
    AsManyAsFit,
}

/// An executor container: its parts, cores, what Spark requests and what YARN grants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExecutorShape {
    /// Cores (`spark.executor.cores`).
    pub cores: u32,
    /// Heap, overhead, off-heap, pyspark.
    pub memory: ExecutorMemory,
    /// The container Spark requests.
    pub request: Resource,
    /// The container YARN grants after rounding.
    pub granted: Resource,
    /// GPUs it asks for (`spark.executor.resource.gpu.amount`, YARN's `yarn.io/gpu`).
    pub gpus: u64,
}

/// The ApplicationMaster container and where it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AmShape {
    /// Deploy mode (cluster: the AM hosts the driver).
    pub deploy_mode: DeployMode,
    /// AM heap.
    pub heap_mib: u64,
    /// AM overhead.
    pub overhead_mib: u64,
    /// What Spark requests.
    pub request: Resource,
    /// What YARN grants.
    pub granted: Resource,
    /// The node (1-based) it is placed on; `None` when it cannot run.
    pub node: Option<u32>,
}

/// Cluster-wide sums, all derived from the layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Totals {
    /// Executors placed.
    pub executors: u32,
    /// Tasks that can run at once (executors × cores ÷ `spark.task.cpus`).
    pub task_slots: u64,
    /// Sum of executor heaps.
    pub heap_mib: u64,
    /// Physical memory of all nodes.
    pub physical_memory_mib: u64,
    /// Physical cores of all nodes.
    pub physical_cores: u64,
    /// NodeManager memory of all nodes (what YARN can hand out).
    pub yarn_memory_mib: u64,
    /// NodeManager vcores of all nodes.
    pub yarn_vcores: u64,
    /// Memory granted to containers (AM and executors).
    pub granted_memory_mib: u64,
    /// Memory requested by containers (granted − requested is rounding).
    pub requested_memory_mib: u64,
    /// Vcores held by containers.
    pub granted_vcores: u64,
    /// NodeManager memory left free.
    pub unused_memory_mib: u64,
    /// NodeManager vcores left free.
    pub unused_vcores: u64,
}

impl Totals {
    /// Share of YARN memory granted, in percent.
    pub fn memory_used_pct(&self) -> f64 {
        pct(self.granted_memory_mib, self.yarn_memory_mib)
    }

    /// Share of YARN vcores granted, in percent.
    pub fn vcores_used_pct(&self) -> f64 {
        pct(self.granted_vcores, self.yarn_vcores)
    }

    /// Memory YARN's rounding added.
    pub fn rounding_mib(&self) -> u64 {
        self.granted_memory_mib
            .saturating_sub(self.requested_memory_mib)
    }
}

/// `share_pct` % of `total`, rounded down, computed in integers on the decimal the user typed
/// ([`crate::fixed::decimal_of`]): 18.4 % of 375 is 69, where the float product
/// `375.0 * 18.4 / 100.0` is 68.99… and floors to 68. A share no short decimal gives (only a
/// computed one) or one too long for `u64` arithmetic falls back to the float product.
pub(crate) fn share_of(total: u64, share_pct: f64) -> u64 {
    let exact = crate::fixed::decimal_of(share_pct.max(0.0)).and_then(|(units, scale)| {
        let whole = 10u64.checked_pow(scale)?.checked_mul(100)?;
        // ⌊total × units ÷ whole⌋ in u64 (a u128 division would add 2 KB of wasm): the whole
        // shares, then the rest.
        let (shares, rest) = (units / whole, units % whole);
        total
            .checked_mul(shares)?
            .checked_add(total.checked_mul(rest)? / whole)
    });
    exact.unwrap_or_else(|| (total as f64 * share_pct.max(0.0) / 100.0) as u64)
}

fn pct(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 * 100.0 / whole as f64
    }
}

/// The result of placing executors.
#[derive(Debug, Clone, PartialEq)]
pub struct Placement {
    /// The executor container.
    pub executor: ExecutorShape,
    /// The ApplicationMaster container.
    pub am: AmShape,
    /// Executors asked for (`None`: as many as fit).
    pub requested: Option<u32>,
    /// Executors that fit on the whole cluster with the AM in place (ignoring the share).
    pub capacity: u64,
    /// Executors that fit on a node without the AM.
    pub per_node: u64,
    /// What can run and how many fit.
    pub fit: Fit,
    /// The per-node layout.
    pub layout: Vec<NodeGroup>,
    /// Sums over the layout.
    pub totals: Totals,
}

/// A given executor shape placed, with its findings: what [`place`] answers.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedPlacement {
    /// The numbers.
    pub placement: Placement,
    /// The findings, from [`explain_placement`].
    pub warnings: Vec<Warning>,
}

/// The containers to place, as resolved quantities.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Containers {
    /// Executor memory parts.
    pub executor_memory: ExecutorMemory,
    /// Executor cores.
    pub executor_cores: u32,
    /// Tasks one executor runs at once: cores ÷ `spark.task.cpus`, and its GPUs ÷ a task's.
    pub task_slots_per_executor: u32,
    /// GPUs per executor.
    pub executor_gpus: u64,
    /// Deploy mode.
    pub deploy_mode: DeployMode,
    /// AM heap.
    pub am_heap_mib: u64,
    /// AM overhead.
    pub am_overhead_mib: u64,
    /// AM vcores.
    pub am_vcores: u32,
}

impl Containers {
    /// The containers a plan's settings give for an executor of `heap_mib` and `cores`.
    pub fn from_settings(spark: &SparkSettings, heap_mib: u64, cores: u32) -> Containers {
        let rule = spark.overhead_rule();
        let am = yarn_am_container(&spark.am_settings());
        Containers {
            executor_memory: ExecutorMemory {
                heap_mib,
                overhead_mib: rule.overhead_mib(heap_mib),
                offheap_mib: spark.offheap_mib(),
                pyspark_mib: spark.pyspark_mib(),
            },
            executor_cores: cores,
            task_slots_per_executor: spark.task_slots_per_executor(cores),
            executor_gpus: spark.gpus.executor.into(),
            deploy_mode: spark.deploy_mode,
            am_heap_mib: am.memory_mib,
            am_overhead_mib: am.overhead_mib,
            am_vcores: am.request.vcores,
        }
    }
}

/// Input for [`place`]: a cluster and settings, plus the executor shape and count to check.
#[derive(Debug, Clone, PartialEq)]
pub struct PlaceInput {
    /// Cluster, scheduler and Spark settings (the policy's cluster share applies; its method,
    /// cores and target are ignored).
    pub plan: PlanInput,
    /// `spark.executor.memory` in MiB.
    pub executor_heap_mib: u64,
    /// `spark.executor.cores`.
    pub executor_cores: u32,
    /// How many executors.
    pub count: ExecutorCount,
}

/// Places a given executor shape on a cluster (the second entry point: how a rule-of-thumb
/// answer, or a user's own `spark-submit`, fares under YARN's real math), with the findings.
pub fn place(input: &PlaceInput) -> Result<CheckedPlacement, InputErrors> {
    let mut plan = input.plan.clone();
    plan.policy.cores_per_executor = 1;
    plan.policy.memory_target_mib = None;
    // `spark.task.cpus` is checked against the given executor's cores below, not the policy's.
    let task_cpus = plan.spark.task_cpus;
    plan.spark.task_cpus = 1;
    let v = plan.validate()?;
    plan.spark.task_cpus = task_cpus;
    let mut errors = Vec::new();
    // The heap is at fault here: `spark.executor.memory`, in its unit (not the overhead).
    errors.extend(crate::input::FieldError::out_of_range(
        crate::input::Field::ExecutorMemory,
        input.executor_heap_mib,
        1,
        crate::input::limits::MAX_MIB,
    ));
    if !(1..=crate::input::limits::MAX_CORES).contains(&input.executor_cores) {
        errors.extend(crate::input::FieldError::out_of_range(
            crate::input::Field::CoresPerExecutor,
            input.executor_cores.into(),
            1,
            crate::input::limits::MAX_CORES.into(),
        ));
    }
    errors.extend(crate::input::FieldError::task_cpus_above_executor_cores(
        task_cpus,
        input.executor_cores,
    ));
    if !errors.is_empty() {
        return Err(InputErrors(errors));
    }
    let containers =
        Containers::from_settings(&plan.spark, input.executor_heap_mib, input.executor_cores);
    let share = plan.policy.cluster_share_pct;
    let placement = place_numbers(&v.shape, &v.scheduler, &containers, input.count, share);
    let warnings = explain_placement(&placement, &v.shape, &v.scheduler, share);
    Ok(CheckedPlacement {
        placement,
        warnings,
    })
}

/// Whether each container can run and how many executors fit: the numbers behind a placement
/// and its refusals, with no text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fit {
    /// The AM's request is above the maximum allocation (Spark or YARN refuses it).
    pub am_refused: bool,
    /// The AM's granted container is larger than a node's YARN resources.
    pub am_too_large: bool,
    /// An executor's memory request is above `yarn.scheduler.maximum-allocation-mb`.
    pub executor_memory_refused: bool,
    /// An executor's cores are above `yarn.scheduler.maximum-allocation-vcores`.
    pub executor_vcores_refused: bool,
    /// An executor's granted container is larger than a node's YARN resources.
    pub executor_too_large: bool,
    /// Executors that fit on node 1 beside the AM.
    pub beside_am: u64,
    /// Executors the cluster share allows (`u64::MAX` when the whole cluster may be used).
    pub share_limit: u64,
    /// Executors asked for (the capacity when as many as fit).
    pub wanted: u64,
    /// Executors a node holds by its GPUs (`None`: executors ask for no GPU).
    pub gpu_cap: Option<u64>,
    /// Executors a node holds by memory and vcores, before the GPUs.
    pub per_node_by_resources: u64,
}

impl Fit {
    /// Whether the ApplicationMaster can start.
    pub fn am_runs(&self) -> bool {
        !(self.am_refused || self.am_too_large)
    }

    /// Whether executors of this shape can start at all.
    pub fn executors_run(&self) -> bool {
        !(self.executor_memory_refused
            || self.executor_vcores_refused
            || self.executor_too_large
            || self.gpus_short())
    }

    /// Whether a node has fewer GPUs than one executor asks for, so none starts.
    pub fn gpus_short(&self) -> bool {
        self.gpu_cap == Some(0)
    }

    /// Whether the GPUs hold no more executors on a node than its memory and vcores (a
    /// Spark-exact heap is sized for the executors the GPUs hold, so both bind then).
    pub fn gpus_bind(&self) -> bool {
        self.gpu_cap
            .is_some_and(|cap| cap <= self.per_node_by_resources)
    }
}

/// The findings of a placement from [`place_numbers`] (the same nodes, scheduler and share), in
/// words: refusals, the share and count, then the shape's.
pub fn explain_placement(
    placement: &Placement,
    shape: &NodeShape,
    scheduler: &YarnScheduler,
    share_pct: f64,
) -> Vec<Warning> {
    let limits = Limits {
        scheduler,
        shape,
        whole_cluster: share_pct >= 100.0,
    };
    placement_warnings(placement, &limits, share_pct)
}

/// Places resolved containers on validated nodes: numbers only, for callers that sweep many
/// shapes ([`explain_placement`] gives the words). Never panics; all arithmetic saturates.
pub fn place_numbers(
    shape: &NodeShape,
    scheduler: &YarnScheduler,
    c: &Containers,
    count: ExecutorCount,
    share_pct: f64,
) -> Placement {
    let am_request = Resource::new(c.am_heap_mib.saturating_add(c.am_overhead_mib), c.am_vcores);
    let am = AmShape {
        deploy_mode: c.deploy_mode,
        heap_mib: c.am_heap_mib,
        overhead_mib: c.am_overhead_mib,
        request: am_request,
        granted: granted(am_request, scheduler),
        node: None,
    };
    let exec_request = Resource::new(c.executor_memory.total_mib(), c.executor_cores);
    let executor = ExecutorShape {
        cores: c.executor_cores,
        memory: c.executor_memory,
        request: exec_request,
        granted: granted(exec_request, scheduler),
        gpus: c.executor_gpus,
    };
    let (fit, per_node, capacity) = fit(shape, scheduler, &executor, &am, count, share_pct);
    let am = AmShape {
        node: fit.am_runs().then_some(1),
        ..am
    };
    let placed = fit.wanted.min(capacity).min(fit.share_limit);
    let other_cap = if fit.am_runs() && fit.executors_run() {
        per_node
    } else {
        0
    };
    let am_here = am.node.is_some().then_some(&am);
    let layout = layout(shape, &executor, am_here, fit.beside_am, other_cap, placed);
    let totals = totals(
        shape,
        &layout,
        c.task_slots_per_executor,
        c.executor_memory.heap_mib,
    );
    Placement {
        executor,
        am,
        requested: match count {
            ExecutorCount::Exactly(k) => Some(k),
            ExecutorCount::AsManyAsFit => None,
        },
        capacity,
        per_node,
        fit,
        layout,
        totals,
    }
}

/// The refusals, and (per node, in the cluster) how many executors fit beside the AM.
/// Returns the fit, executors per node without the AM, and the cluster's capacity.
fn fit(
    shape: &NodeShape,
    scheduler: &YarnScheduler,
    executor: &ExecutorShape,
    am: &AmShape,
    count: ExecutorCount,
    share_pct: f64,
) -> (Fit, u64, u64) {
    let (calc, nm) = (scheduler.calculator, shape.nodemanager);
    let am_refused = scheduler.refuses(am.request);
    let executor_memory_refused = executor.request.memory_mib > scheduler.maximum_allocation_mb;
    let executor_vcores_refused = executor.cores > scheduler.maximum_allocation_vcores;
    let accepted = !(executor_memory_refused || executor_vcores_refused);
    let per_node_by_resources = if accepted {
        fit_count(nm, executor.granted, calc)
    } else {
        0
    };
    // The AM asks for no GPU: each node, the AM's included, holds the same GPU executors.
    let gpu_cap = (executor.gpus > 0).then(|| shape.gpus / executor.gpus);
    let per_node = per_node_by_resources.min(gpu_cap.unwrap_or(u64::MAX));
    let mut fit = Fit {
        am_refused,
        am_too_large: !am_refused && !fits(nm, am.granted, calc),
        executor_memory_refused,
        executor_vcores_refused,
        executor_too_large: accepted && per_node_by_resources == 0,
        beside_am: 0,
        share_limit: u64::MAX,
        wanted: 0,
        gpu_cap,
        per_node_by_resources,
    };
    let both_run = fit.am_runs() && fit.executors_run();
    if both_run {
        fit.beside_am = fit_count(nm.saturating_sub(am.granted), executor.granted, calc)
            .min(gpu_cap.unwrap_or(u64::MAX));
    }
    let others = u64::from(shape.nodes).saturating_sub(1);
    let other_cap = if both_run { per_node } else { 0 };
    let capacity = fit
        .beside_am
        .saturating_add(other_cap.saturating_mul(others));
    if share_pct < 100.0 && both_run {
        fit.share_limit = share_limit(shape, calc, executor.granted, am.granted, share_pct)
            .min(gpu_share_limit(shape, executor.gpus, share_pct));
    }
    fit.wanted = match count {
        ExecutorCount::Exactly(k) => u64::from(k),
        ExecutorCount::AsManyAsFit => capacity,
    };
    (fit, per_node, capacity)
}

/// Executors that stay within `share_pct` of the cluster's YARN resources, the AM included.
fn share_limit(
    shape: &NodeShape,
    calc: Calculator,
    executor: Resource,
    am: Resource,
    share_pct: f64,
) -> u64 {
    let (nm, n) = (shape.nodemanager, u64::from(shape.nodes));
    let mem_cap = share_of(nm.memory_mib.saturating_mul(n), share_pct);
    let vc_cap = share_of(u64::from(nm.vcores).saturating_mul(n), share_pct);
    let by_mem = mem_cap
        .checked_sub(am.memory_mib)
        .and_then(|m| m.checked_div(executor.memory_mib))
        .unwrap_or(0);
    let by_vc = match calc {
        Calculator::Default => u64::MAX,
        Calculator::Dominant => vc_cap
            .checked_sub(u64::from(am.vcores))
            .and_then(|v| v.checked_div(u64::from(executor.vcores)))
            .unwrap_or(0),
    };
    by_mem.min(by_vc)
}

/// Executors whose GPUs stay within `share_pct` of the cluster's (`u64::MAX` without GPUs):
/// the DominantResourceCalculator counts every resource type toward a queue's share.
fn gpu_share_limit(shape: &NodeShape, executor_gpus: u64, share_pct: f64) -> u64 {
    if executor_gpus == 0 {
        return u64::MAX;
    }
    share_of(shape.gpus.saturating_mul(u64::from(shape.nodes)), share_pct) / executor_gpus
}

/// A placement's findings in words: refusals, the share and count, then the shape's.
fn placement_warnings(p: &Placement, limits: &Limits<'_>, share_pct: f64) -> Vec<Warning> {
    let mut w = refusal_warnings(p, limits.scheduler, limits.shape);
    let f = &p.fit;
    let placed = f.wanted.min(p.capacity).min(f.share_limit);
    if f.share_limit < f.wanted.min(p.capacity) {
        // A share that holds no executor is why nothing runs: said as an error.
        let severity = if placed == 0 {
            Severity::Error
        } else {
            Severity::Info
        };
        w.push(Warning::new(
            Code::ShareLimitsExecutors,
            severity,
            format!(
                "The job may use {}% of the cluster: {} (plus the AM) \
                 stay within it, where {} would fit.",
                crate::fixed::format_f64(share_pct),
                crate::format::counted(placed, "executor"),
                f.wanted.min(p.capacity)
            ),
        ));
    }
    if let Some(k) = p.requested {
        if u64::from(k) > p.capacity && f.executors_run() && f.am_runs() {
            w.push(Warning::new(
                Code::FewerExecutorsFit,
                Severity::Warning,
                format!(
                    "Only {} of the {} fit: each takes {} MiB and {}, \
                     so {} fit on a node and {} beside the AM; YARN leaves \
                     the other {} pending.",
                    p.capacity,
                    crate::format::counted(u64::from(k), "executor"),
                    p.executor.granted.memory_mib,
                    crate::format::counted(u64::from(p.executor.granted.vcores), "vcore"),
                    p.per_node,
                    f.beside_am,
                    crate::format::counted(u64::from(k) - p.capacity, "request")
                ),
            ));
        }
    }
    let cores_asked = |g: &NodeGroup| yarn_cores_asked(g, &p.executor, &p.am);
    let checks = shape_checks(&p.executor, limits, &p.totals, &p.layout, &cores_asked);
    w.extend(executor_shape_warnings(&checks, &p.executor));
    w.extend(usage_warnings(&checks, &p.executor, limits, &p.totals));
    w
}

/// Why the AM or the executors cannot run, in the order a person meets them.
fn refusal_warnings(p: &Placement, scheduler: &YarnScheduler, shape: &NodeShape) -> Vec<Warning> {
    let (f, nm) = (&p.fit, shape.nodemanager);
    let (am, e) = (&p.am, &p.executor);
    let mut w = Vec::new();
    if f.am_refused {
        w.push(Warning::new(
            Code::AmAboveMaximum,
            Severity::Error,
            am_refusal(am, scheduler),
        ));
    } else if f.am_too_large {
        w.push(Warning::new(
            Code::AmDoesNotFit,
            Severity::Error,
            format!(
                "The ApplicationMaster container ({} MiB, {}) is larger than a node's \
                 YARN resources ({} MiB, {}): it can never start.",
                am.granted.memory_mib,
                crate::format::counted(u64::from(am.granted.vcores), "vcore"),
                nm.memory_mib,
                crate::format::counted(u64::from(nm.vcores), "vcore")
            ),
        ));
    }
    if f.executor_memory_refused {
        w.push(executor_memory_refusal(e, scheduler.maximum_allocation_mb));
    }
    if f.executor_vcores_refused {
        w.push(Warning::new(
            Code::ExecutorAboveMaximumVcores,
            Severity::Error,
            format!(
                "{} per executor is above yarn.scheduler.maximum-allocation-vcores = {}: \
                 YARN rejects the container requests (InvalidResourceRequestException).",
                crate::format::counted(e.cores.into(), "core"),
                scheduler.maximum_allocation_vcores
            ),
        ));
    }
    if f.gpus_short() && !f.executor_too_large {
        w.push(Warning::new(
            Code::NoExecutorFits,
            Severity::Error,
            gpus_short_words(e.gpus, limits_gpus(shape)),
        ));
    }
    if f.executor_too_large {
        w.push(Warning::new(
            Code::NoExecutorFits,
            Severity::Error,
            format!(
                "An executor container ({} MiB, {}) is larger than a node's YARN \
                 resources ({} MiB, {}): no executor can start.",
                e.granted.memory_mib,
                crate::format::counted(u64::from(e.granted.vcores), "vcore"),
                nm.memory_mib,
                crate::format::counted(u64::from(nm.vcores), "vcore")
            ),
        ));
    }
    w
}

fn limits_gpus(shape: &NodeShape) -> u64 {
    shape.gpus
}

/// No executor starts: each asks for more GPUs than a node has (YARN keeps the requests
/// pending; a Kubernetes pod stays Pending).
pub(crate) fn gpus_short_words(executor_gpus: u64, node_gpus: u64) -> String {
    format!(
        "Each executor asks for {} ({}) and a node has {}: no executor can start.",
        crate::format::counted(executor_gpus, "GPU"),
        crate::spark_keys::EXECUTOR_GPU_AMOUNT,
        crate::format::counted(node_gpus, "GPU")
    )
}

/// Spark refuses an executor above the maximum allocation at submit.
fn executor_memory_refusal(e: &ExecutorShape, maximum_mib: u64) -> Warning {
    let m = &e.memory;
    Warning::new(
        Code::ExecutorAboveMaximumMemory,
        Severity::Error,
        format!(
            "Each executor asks for {} MiB (heap {} + overhead {}{}{}), above \
             yarn.scheduler.maximum-allocation-mb = {maximum_mib} MiB: spark-submit refuses the \
             job: \"{}\"",
            e.request.memory_mib,
            m.heap_mib,
            m.overhead_mib,
            plus_part("off-heap", m.offheap_mib),
            plus_part("pyspark", m.pyspark_mib),
            spark_executor_refusal(m, maximum_mib)
        ),
    )
}

/// Spark's own words when an executor is above the maximum allocation
/// (`org.apache.spark.deploy.yarn.Client.verifyClusterResources`, Spark 3.5 and 4.0).
fn spark_executor_refusal(m: &ExecutorMemory, maximum_mib: u64) -> String {
    format!(
        "Required executor memory ({} MB), offHeap memory ({}) MB, overhead ({} MB), and PySpark \
         memory ({} MB) is above the max threshold ({maximum_mib} MB) of this cluster! Please \
         check the values of 'yarn.scheduler.maximum-allocation-mb' and/or \
         'yarn.nodemanager.resource.memory-mb'.",
        m.heap_mib, m.offheap_mib, m.overhead_mib, m.pyspark_mib
    )
}

/// Why the ApplicationMaster cannot start: Spark refuses its memory at submit (in the words of
/// `Client.verifyClusterResources`), YARN its vcores (`InvalidResourceRequestException`).
fn am_refusal(am: &AmShape, scheduler: &YarnScheduler) -> String {
    let maximum = scheduler.maximum_allocation_mb;
    if am.request.memory_mib > maximum {
        format!(
            "The ApplicationMaster asks for {} MiB, above yarn.scheduler.maximum-allocation-mb = \
             {maximum} MiB: spark-submit refuses the application: \"Required AM memory ({}+{} MB) \
             is above the max threshold ({maximum} MB) of this cluster! Please check the values \
             of 'yarn.scheduler.maximum-allocation-mb' and/or \
             'yarn.nodemanager.resource.memory-mb'.\"",
            am.request.memory_mib, am.heap_mib, am.overhead_mib
        )
    } else {
        format!(
            "The ApplicationMaster asks for {}, above \
             yarn.scheduler.maximum-allocation-vcores = {}: YARN refuses the application \
             (InvalidResourceRequestException).",
            crate::format::counted(u64::from(am.request.vcores), "vcore"),
            scheduler.maximum_allocation_vcores
        )
    }
}

fn plus_part(name: &str, mib: u64) -> String {
    if mib == 0 {
        String::new()
    } else {
        format!(" + {name} {mib}")
    }
}

/// A YARN block of `kind` holding `r` (its vcores as millicores).
fn yarn_block(kind: BlockKind, r: Resource) -> Block {
    Block::plain(kind, vcores_as_millicores(r.vcores), r.memory_mib)
}

/// The blocks of one YARN node: the OS reservation (if any), the AM when `am`, `count`
/// executors of each `(block, count)` in turn, then what is left of the NodeManager's
/// resources, if anything.
pub(crate) fn yarn_node_blocks(
    shape: &NodeShape,
    am: Option<&AmShape>,
    executors: &[(Block, u64)],
) -> Vec<Block> {
    let mut blocks = Vec::new();
    let os = shape.os_reserved();
    if os.memory_mib > 0 || os.vcores > 0 {
        blocks.push(yarn_block(BlockKind::Reserved, os));
    }
    if let Some(am) = am {
        blocks.push(am_block(am));
    }
    for (block, count) in executors {
        for _ in 0..*count {
            blocks.push(block.clone());
        }
    }
    let containers = blocks.iter().filter(|b| b.is_container());
    let used = containers.fold(Resource::default(), |used, b| {
        let vcores = u32::try_from(b.vcores()).unwrap_or(u32::MAX);
        Resource::new(
            used.memory_mib.saturating_add(b.memory_mib),
            used.vcores.saturating_add(vcores),
        )
    });
    let free = shape.nodemanager.saturating_sub(used);
    if free.memory_mib > 0 || free.vcores > 0 {
        blocks.push(yarn_block(BlockKind::Unused, free));
    }
    blocks
}

/// The layout block of the ApplicationMaster container.
fn am_block(am: &AmShape) -> Block {
    Block {
        parts: container_parts(
            am.heap_mib,
            am.overhead_mib,
            0,
            0,
            am.granted.memory_mib.saturating_sub(am.request.memory_mib),
        ),
        ..yarn_block(BlockKind::ApplicationMaster, am.granted)
    }
}

/// The layout block of an executor container: YARN's `granted` resources, holding `memory`'s
/// parts and what rounding added beyond them. YARN and EMR (merged executors too) build theirs
/// here.
pub(crate) fn executor_block(granted: Resource, memory: &ExecutorMemory) -> Block {
    let rounding = granted.memory_mib.saturating_sub(memory.total_mib());
    Block {
        parts: container_parts(
            memory.heap_mib,
            memory.overhead_mib,
            memory.offheap_mib,
            memory.pyspark_mib,
            rounding,
        ),
        ..yarn_block(BlockKind::Executor, granted)
    }
}

/// The per-node layout: the AM on node 1 (when it runs), `placed` executors spread evenly
/// (node 1 holding at most `first_cap`, the others `other_cap`), identical nodes grouped.
fn layout(
    shape: &NodeShape,
    executor: &ExecutorShape,
    am: Option<&AmShape>,
    first_cap: u64,
    other_cap: u64,
    placed: u64,
) -> Vec<NodeGroup> {
    let runs = spread_runs(shape.nodes, am.is_some(), first_cap, other_cap, placed);
    let block = executor_block(executor.granted, &executor.memory);
    group_nodes(runs, |run| {
        let am_here = if run.load.driver { am } else { None };
        yarn_node_blocks(shape, am_here, &[(block.clone(), run.load.executors)])
    })
}

/// Sums over a layout; task slots and heap assume every executor runs `task_slots_per_executor`
/// tasks at once (its cores ÷ `spark.task.cpus`) and has `heap_mib`.
pub(crate) fn totals(
    shape: &NodeShape,
    layout: &[NodeGroup],
    task_slots_per_executor: u32,
    heap_mib: u64,
) -> Totals {
    let n = u64::from(shape.nodes);
    let mut t = Totals {
        physical_memory_mib: shape.physical.memory_mib.saturating_mul(n),
        physical_cores: u64::from(shape.physical.vcores).saturating_mul(n),
        yarn_memory_mib: shape.nodemanager.memory_mib.saturating_mul(n),
        yarn_vcores: u64::from(shape.nodemanager.vcores).saturating_mul(n),
        ..Totals::default()
    };
    for g in layout {
        let k = u64::from(g.node_count());
        for b in &g.blocks {
            let mem = b.memory_mib.saturating_mul(k);
            let vc = b.vcores().saturating_mul(k);
            match b.kind {
                BlockKind::Unused => {
                    t.unused_memory_mib = t.unused_memory_mib.saturating_add(mem);
                    t.unused_vcores = t.unused_vcores.saturating_add(vc);
                }
                _ if b.is_container() => {
                    let requested = b.memory_mib.saturating_sub(b.part_mib(PartKind::Rounding));
                    t.granted_memory_mib = t.granted_memory_mib.saturating_add(mem);
                    t.requested_memory_mib = t
                        .requested_memory_mib
                        .saturating_add(requested.saturating_mul(k));
                    t.granted_vcores = t.granted_vcores.saturating_add(vc);
                    if b.kind == BlockKind::Executor {
                        t.executors = t.executors.saturating_add(k as u32);
                    }
                }
                _ => {}
            }
        }
    }
    t.task_slots = u64::from(t.executors).saturating_mul(u64::from(task_slots_per_executor));
    t.heap_mib = u64::from(t.executors).saturating_mul(heap_mib);
    t
}

/// What the warnings compare against.
pub(crate) struct Limits<'a> {
    pub(crate) scheduler: &'a YarnScheduler,
    pub(crate) shape: &'a NodeShape,
    /// Whether the job may use the whole cluster (else unused room is intended).
    pub(crate) whole_cluster: bool,
}

/// Concurrent tasks per executor beyond which HDFS client throughput and GC suffer.
const MAX_SENSIBLE_CORES: u32 = 5;
/// Heaps above this bring long garbage-collection pauses.
const LARGE_HEAP_MIB: u64 = 64 * 1024;

/// What is questionable about an executor shape and its layout: numbers and verdicts only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShapeChecks {
    /// The heap is below Spark's 450 MiB minimum.
    pub heap_below_minimum: bool,
    /// More than 5 cores per executor.
    pub many_cores: bool,
    /// A heap above 64 GiB.
    pub large_heap: bool,
    /// At least a tenth of the cluster's YARN memory stays unused (whole-cluster jobs only).
    pub memory_unused: bool,
    /// Vcores no container asks for, summed over nodes (a container's own cores, not the 1
    /// vcore the DefaultResourceCalculator records for it).
    pub unasked_vcores: u64,
    /// At least a tenth of the cluster's vcores stay unasked (whole-cluster jobs only).
    pub vcores_unused: bool,
    /// MiB that YARN's rounding adds to each executor, when it is at least 5 % of the container.
    pub rounding_waste_mib: Option<u64>,
    /// Under the DefaultResourceCalculator: whether some node holds containers asking for
    /// more vcores than it has (`None` under the DominantResourceCalculator).
    pub default_calculator_overcommits: Option<bool>,
}

/// Checks an executor shape and the layout it gives; `cores_asked` tells the cores the
/// containers of one node of a group ask for.
pub(crate) fn shape_checks(
    executor: &ExecutorShape,
    limits: &Limits<'_>,
    totals: &Totals,
    layout: &[NodeGroup],
    cores_asked: &dyn Fn(&NodeGroup) -> u64,
) -> ShapeChecks {
    let heap = executor.memory.heap_mib;
    let placed = totals.executors > 0;
    let whole = placed && limits.whole_cluster;
    let rounding = executor
        .granted
        .memory_mib
        .saturating_sub(executor.request.memory_mib);
    let node_vcores = u64::from(limits.shape.nodemanager.vcores);
    let mut unasked_vcores: u64 = 0;
    for g in layout {
        let free = node_vcores.saturating_sub(cores_asked(g));
        unasked_vcores += free.saturating_mul(u64::from(g.node_count()));
    }
    ShapeChecks {
        heap_below_minimum: heap < MIN_HEAP_MIB,
        many_cores: executor.cores > MAX_SENSIBLE_CORES,
        large_heap: heap > LARGE_HEAP_MIB,
        memory_unused: whole
            && totals.yarn_memory_mib > 0
            && totals.unused_memory_mib * 10 >= totals.yarn_memory_mib,
        unasked_vcores,
        vcores_unused: whole && totals.yarn_vcores > 0 && unasked_vcores * 10 >= totals.yarn_vcores,
        rounding_waste_mib: (placed
            && rounding > 0
            && rounding * 20 >= executor.granted.memory_mib)
            .then_some(rounding),
        default_calculator_overcommits: (limits.scheduler.calculator == Calculator::Default)
            .then(|| layout.iter().any(|g| cores_asked(g) > node_vcores)),
    }
}

/// The cores the YARN containers of one node of `g` ask for: each executor's
/// `spark.executor.cores` and the AM's cores, whatever vcores the scheduler records.
fn yarn_cores_asked(g: &NodeGroup, executor: &ExecutorShape, am: &AmShape) -> u64 {
    let am_cores = if g.has_am() { am.request.vcores } else { 0 };
    u64::from(g.executors_per_node())
        .saturating_mul(u64::from(executor.cores))
        .saturating_add(u64::from(am_cores))
}

/// Findings about an executor shape and the layout it gives, appended to `w`;
/// `cores_asked` tells the cores the containers of one node of a group ask for.
pub(crate) fn shape_warnings(
    w: &mut Vec<Warning>,
    executor: &ExecutorShape,
    limits: &Limits<'_>,
    (totals, layout): (&Totals, &[NodeGroup]),
    cores_asked: &dyn Fn(&NodeGroup) -> u64,
) {
    let checks = shape_checks(executor, limits, totals, layout, cores_asked);
    w.extend(executor_shape_warnings(&checks, executor));
    w.extend(usage_warnings(&checks, executor, limits, totals));
}

/// The executor's own findings: heap and cores.
fn executor_shape_warnings(checks: &ShapeChecks, executor: &ExecutorShape) -> Vec<Warning> {
    let heap = executor.memory.heap_mib;
    let mut w = Vec::new();
    if checks.heap_below_minimum {
        w.push(Warning::new(
            Code::HeapBelowMinimum,
            Severity::Error,
            format!(
                "A {heap} MiB heap is below Spark's minimum of 450 MiB (1.5 × the 300 MiB it \
                 reserves): executors fail to start."
            ),
        ));
    }
    if checks.many_cores {
        w.push(Warning::new(
            Code::ManyCoresPerExecutor,
            Severity::Warning,
            format!(
                "{} cores per executor: beyond about 5 concurrent tasks per executor, the HDFS \
                 client's throughput suffers and garbage-collection pauses grow.",
                executor.cores
            ),
        ));
    }
    if checks.large_heap {
        w.push(Warning::new(
            Code::LargeHeap,
            Severity::Warning,
            format!(
                "A {} heap per executor: heaps above about 64 GiB bring long garbage-collection \
                 pauses; more, smaller executors are usually faster.",
                crate::format::gib(heap)
            ),
        ));
    }
    w
}

/// How the cluster is used: unused room, rounding, and the calculator's view of vcores.
fn usage_warnings(
    checks: &ShapeChecks,
    executor: &ExecutorShape,
    limits: &Limits<'_>,
    totals: &Totals,
) -> Vec<Warning> {
    let mut w = Vec::new();
    if checks.memory_unused {
        w.push(Warning::new(
            Code::MemoryUnused,
            Severity::Warning,
            format!(
                "{} of the cluster's {} YARN memory ({}%) stays unused.",
                crate::format::gib(totals.unused_memory_mib),
                crate::format::gib(totals.yarn_memory_mib),
                crate::fixed::format_percent(totals.unused_memory_mib, totals.yarn_memory_mib, 0)
            ),
        ));
    }
    if checks.vcores_unused {
        w.push(Warning::new(
            Code::VcoresUnused,
            Severity::Warning,
            format!(
                "{} of the cluster's {} ({}%) stay unused.",
                checks.unasked_vcores,
                crate::format::counted(totals.yarn_vcores, "vcore"),
                crate::fixed::format_percent(checks.unasked_vcores, totals.yarn_vcores, 0)
            ),
        ));
    }
    if let Some(rounding) = checks.rounding_waste_mib {
        w.push(Warning::new(
            Code::RoundingWaste,
            Severity::Info,
            format!(
                "YARN rounds each {} MiB request up to {} MiB (a multiple of {} MiB): {} MiB \
                 per executor that no one uses. A heap a little smaller or larger wastes less.",
                executor.request.memory_mib,
                executor.granted.memory_mib,
                limits.scheduler.step_mb(),
                rounding
            ),
        ));
    }
    w.extend(calculator_warning(checks, limits.shape));
    w
}

/// What the DefaultResourceCalculator means for vcores.
fn calculator_warning(checks: &ShapeChecks, shape: &NodeShape) -> Option<Warning> {
    let overcommitted = checks.default_calculator_overcommits?;
    Some(if overcommitted {
        Warning::new(
            Code::VcoresOvercommitted,
            Severity::Warning,
            format!(
                "With the DefaultResourceCalculator YARN packs by memory alone: some nodes \
                 hold containers asking for more than their {}, so tasks share cores.",
                crate::format::counted(shape.nodemanager.vcores.into(), "vcore")
            ),
        )
    } else {
        Warning::new(
            Code::VcoresIgnored,
            Severity::Info,
            "The DefaultResourceCalculator (the Capacity Scheduler's default) ignores vcores \
             when packing; only memory limits how many containers share a node.",
        )
    })
}

#[cfg(test)]
mod tests {
    use super::share_of;

    #[test]
    fn a_share_is_floored_on_the_typed_decimal() {
        // By hand: 375 × 18.4 / 100 = 69 exactly (the float product is 68.99…).
        assert_eq!(share_of(375, 18.4), 69);
        assert_eq!(share_of(1000, 50.0), 500);
        assert_eq!(share_of(3, 100.0), 3);
        // 10 × 33.333 / 100 = 3.3333 → 3; 64 512 × 12.5 / 100 = 8064.
        assert_eq!(share_of(10, 33.333), 3);
        assert_eq!(share_of(64_512, 12.5), 8064);
        // 2^40 × 99.999999 / 100 = 1 099 511 627 776 − 10 995.1… = 1 099 511 616 780.8… (the rest
        // times 2^40 still fits u64).
        assert_eq!(share_of(1 << 40, 99.999_999), 1_099_511_616_780);
        assert_eq!(share_of(7, 0.0), 0);
    }
}
