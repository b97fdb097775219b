//! Placing a given executor shape on the cluster under YARN's real math: the AM first, then as
//! many executors as asked (or as fit), spread evenly; returns a per-node layout (identical nodes
//! grouped), totals and warnings.

use crate::input::{InputErrors, NodeShape, PlanInput, SparkSettings};
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

/// What a block on a node holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockKind {
    /// Kept for the OS and Hadoop daemons (outside YARN).
    OsReserved,
    /// The YARN ApplicationMaster (with the driver in cluster mode).
    ApplicationMaster,
    /// One executor container.
    Executor,
    /// Left free.
    Unused,
}

/// What a part of a container's memory is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartKind {
    /// JVM heap.
    Heap,
    /// Memory overhead.
    Overhead,
    /// Off-heap memory.
    OffHeap,
    /// Python worker memory.
    PySpark,
    /// Granted by YARN's rounding beyond what was requested.
    Rounding,
}

/// A memory part of a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    /// What it is.
    pub kind: PartKind,
    /// Its size.
    pub mib: u64,
}

/// One block of a node's cores and memory, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// What it is.
    pub kind: BlockKind,
    /// Cores or vcores it holds.
    pub vcores: u32,
    /// Memory it holds.
    pub memory_mib: u64,
    /// The memory's parts (containers only; empty for OS and unused blocks).
    pub parts: Vec<Part>,
}

/// Consecutive nodes with the same content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeGroup {
    /// First node, 1-based.
    pub first_node: u32,
    /// Last node, inclusive.
    pub last_node: u32,
    /// The blocks of each of these nodes, in order: OS, AM, executors, unused.
    pub blocks: Vec<Block>,
}

impl NodeGroup {
    /// How many nodes the group stands for.
    pub fn node_count(&self) -> u32 {
        self.last_node - self.first_node + 1
    }

    /// Executors on each node of the group.
    pub fn executors_per_node(&self) -> u32 {
        self.blocks
            .iter()
            .filter(|b| b.kind == BlockKind::Executor)
            .count() as u32
    }

    /// Whether the AM runs on (the one node of) this group.
    pub fn has_am(&self) -> bool {
        self.blocks
            .iter()
            .any(|b| b.kind == BlockKind::ApplicationMaster)
    }
}

/// Cluster-wide sums, all derived from the layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Totals {
    /// Executors placed.
    pub executors: u32,
    /// Tasks that can run at once (executors × cores).
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
    /// The per-node layout.
    pub layout: Vec<NodeGroup>,
    /// Sums over the layout.
    pub totals: Totals,
    /// Findings.
    pub warnings: Vec<Warning>,
}

/// The containers to place, as resolved quantities.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Containers {
    /// Executor memory parts.
    pub executor_memory: ExecutorMemory,
    /// Executor cores.
    pub executor_cores: u32,
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
/// answer, or a user's own `spark-submit`, fares under YARN's real math).
pub fn place(input: &PlaceInput) -> Result<Placement, InputErrors> {
    let mut plan = input.plan.clone();
    plan.policy.cores_per_executor = 1;
    plan.policy.memory_target_mib = None;
    let v = plan.validate()?;
    let mut errors = Vec::new();
    if !(1..=crate::input::limits::MAX_MIB).contains(&input.executor_heap_mib) {
        errors.push(crate::input::FieldError {
            field: crate::input::Field::ExecutorOverhead,
            value: input.executor_heap_mib.to_string(),
            allowed: format!(
                "1 to {} MiB of executor heap",
                crate::input::limits::MAX_MIB
            ),
        });
    }
    if !(1..=crate::input::limits::MAX_CORES).contains(&input.executor_cores) {
        errors.push(crate::input::FieldError {
            field: crate::input::Field::CoresPerExecutor,
            value: input.executor_cores.to_string(),
            allowed: format!("1 to {}", crate::input::limits::MAX_CORES),
        });
    }
    if !errors.is_empty() {
        return Err(InputErrors(errors));
    }
    let containers =
        Containers::from_settings(&plan.spark, input.executor_heap_mib, input.executor_cores);
    Ok(place_containers(
        &v.shape,
        &v.scheduler,
        &containers,
        input.count,
        plan.policy.cluster_share_pct,
    ))
}

/// Places resolved containers on validated nodes. Never panics; all arithmetic saturates.
pub fn place_containers(
    shape: &NodeShape,
    scheduler: &YarnScheduler,
    c: &Containers,
    count: ExecutorCount,
    share_pct: f64,
) -> Placement {
    let calc = scheduler.calculator;
    let nm = shape.nodemanager;
    let n = u64::from(shape.nodes);
    let mut warnings = Vec::new();

    let exec_request = Resource::new(c.executor_memory.total_mib(), c.executor_cores);
    let exec_granted = granted(exec_request, scheduler);
    let am_request = Resource::new(c.am_heap_mib.saturating_add(c.am_overhead_mib), c.am_vcores);
    let am_granted = granted(am_request, scheduler);

    // Can the AM run at all?
    let am_ok = if scheduler.refuses(am_request) {
        warnings.push(Warning::new(
            Code::AmAboveMaximum,
            Severity::Error,
            am_refusal(c, am_request, scheduler),
        ));
        false
    } else if !fits(nm, am_granted, calc) {
        warnings.push(Warning::new(
            Code::AmDoesNotFit,
            Severity::Error,
            format!(
                "The ApplicationMaster container ({} MiB, {} vcores) is larger than a node's \
                 YARN resources ({} MiB, {} vcores): it can never start.",
                am_granted.memory_mib, am_granted.vcores, nm.memory_mib, nm.vcores
            ),
        ));
        false
    } else {
        true
    };

    // Can executors run at all?
    let mut exec_ok = true;
    if exec_request.memory_mib > scheduler.maximum_allocation_mb {
        exec_ok = false;
        warnings.push(Warning::new(
            Code::ExecutorAboveMaximumMemory,
            Severity::Error,
            format!(
                "Each executor asks for {} MiB (heap {} + overhead {}{}{}), above \
                 yarn.scheduler.maximum-allocation-mb = {} MiB: spark-submit refuses the job: \
                 \"{}\"",
                exec_request.memory_mib,
                c.executor_memory.heap_mib,
                c.executor_memory.overhead_mib,
                plus_part("off-heap", c.executor_memory.offheap_mib),
                plus_part("pyspark", c.executor_memory.pyspark_mib),
                scheduler.maximum_allocation_mb,
                spark_executor_refusal(&c.executor_memory, scheduler.maximum_allocation_mb)
            ),
        ));
    }
    if c.executor_cores > scheduler.maximum_allocation_vcores {
        exec_ok = false;
        warnings.push(Warning::new(
            Code::ExecutorAboveMaximumVcores,
            Severity::Error,
            format!(
                "{} cores per executor is above yarn.scheduler.maximum-allocation-vcores = {}: \
                 YARN rejects the container requests (InvalidResourceRequestException).",
                c.executor_cores, scheduler.maximum_allocation_vcores
            ),
        ));
    }
    let per_node = if exec_ok {
        fit_count(nm, exec_granted, calc)
    } else {
        0
    };
    if exec_ok && per_node == 0 {
        exec_ok = false;
        warnings.push(Warning::new(
            Code::NoExecutorFits,
            Severity::Error,
            format!(
                "An executor container ({} MiB, {} vcores) is larger than a node's YARN \
                 resources ({} MiB, {} vcores): no executor can start.",
                exec_granted.memory_mib, exec_granted.vcores, nm.memory_mib, nm.vcores
            ),
        ));
    }

    // Per-node capacity with the AM on node 1.
    let am_node_cap = if exec_ok && am_ok {
        fit_count(nm.saturating_sub(am_granted), exec_granted, calc)
    } else {
        0
    };
    let other_cap = if exec_ok && am_ok { per_node } else { 0 };
    let capacity = am_node_cap.saturating_add(other_cap.saturating_mul(n.saturating_sub(1)));

    // The share of the cluster this job may use (AM included).
    let share_limit = if share_pct >= 100.0 || !(exec_ok && am_ok) {
        u64::MAX
    } else {
        let frac = share_pct.max(0.0) / 100.0;
        let mem_cap = (nm.memory_mib.saturating_mul(n) as f64 * frac) as u64;
        let vc_cap = (u64::from(nm.vcores).saturating_mul(n) as f64 * frac) as u64;
        let by_mem = mem_cap
            .checked_sub(am_granted.memory_mib)
            .and_then(|m| m.checked_div(exec_granted.memory_mib))
            .unwrap_or(0);
        let by_vc = match calc {
            Calculator::Default => u64::MAX,
            Calculator::Dominant => vc_cap
                .checked_sub(u64::from(am_granted.vcores))
                .and_then(|v| v.checked_div(u64::from(exec_granted.vcores)))
                .unwrap_or(0),
        };
        by_mem.min(by_vc)
    };

    let wanted = match count {
        ExecutorCount::Exactly(k) => u64::from(k),
        ExecutorCount::AsManyAsFit => capacity,
    };
    let placed = wanted.min(capacity).min(share_limit);
    if share_limit < wanted.min(capacity) {
        warnings.push(Warning::new(
            Code::ShareLimitsExecutors,
            Severity::Info,
            format!(
                "The job may use {}% of the cluster: {placed} executors (plus the AM) \
                 stay within it, where {} would fit.",
                crate::decimal::shortest(share_pct),
                wanted.min(capacity)
            ),
        ));
    }
    if let ExecutorCount::Exactly(k) = count {
        if u64::from(k) > capacity && exec_ok && am_ok {
            warnings.push(Warning::new(
                Code::FewerExecutorsFit,
                Severity::Warning,
                format!(
                    "Only {capacity} of the {k} executors fit: each takes {} MiB and {} vcores, \
                     so {per_node} fit on a node and {am_node_cap} beside the AM; YARN leaves \
                     the other {} requests pending.",
                    exec_granted.memory_mib,
                    exec_granted.vcores,
                    u64::from(k) - capacity
                ),
            ));
        }
    }

    let am = AmShape {
        deploy_mode: c.deploy_mode,
        heap_mib: c.am_heap_mib,
        overhead_mib: c.am_overhead_mib,
        request: am_request,
        granted: am_granted,
        node: am_ok.then_some(1),
    };
    let executor = ExecutorShape {
        cores: c.executor_cores,
        memory: c.executor_memory,
        request: exec_request,
        granted: exec_granted,
    };
    let layout = layout(
        shape,
        &executor,
        am_ok.then_some(&am),
        am_node_cap,
        other_cap,
        placed,
    );
    let totals = totals(shape, &layout, c.executor_cores, c.executor_memory.heap_mib);
    let limits = Limits {
        scheduler,
        shape,
        whole_cluster: share_pct >= 100.0,
    };
    shape_warnings(&mut warnings, &executor, &limits, &totals, &layout);

    Placement {
        executor,
        am,
        requested: match count {
            ExecutorCount::Exactly(k) => Some(k),
            ExecutorCount::AsManyAsFit => None,
        },
        capacity,
        per_node,
        layout,
        totals,
        warnings,
    }
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
fn am_refusal(c: &Containers, am_request: Resource, scheduler: &YarnScheduler) -> String {
    let maximum = scheduler.maximum_allocation_mb;
    if am_request.memory_mib > maximum {
        format!(
            "The ApplicationMaster asks for {} MiB, above yarn.scheduler.maximum-allocation-mb = \
             {maximum} MiB: spark-submit refuses the application: \"Required AM memory ({}+{} MB) \
             is above the max threshold ({maximum} MB) of this cluster! Please check the values \
             of 'yarn.scheduler.maximum-allocation-mb' and/or \
             'yarn.nodemanager.resource.memory-mb'.\"",
            am_request.memory_mib, c.am_heap_mib, c.am_overhead_mib
        )
    } else {
        format!(
            "The ApplicationMaster asks for {} vcores, above \
             yarn.scheduler.maximum-allocation-vcores = {}: YARN refuses the application \
             (InvalidResourceRequestException).",
            am_request.vcores, scheduler.maximum_allocation_vcores
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

/// Spreads `placed` executors evenly: the smallest level L with Σ min(capᵢ, L) ≥ placed; every
/// node gets min(capᵢ, L − 1), and the remainder goes one each to the first nodes that have
/// room for L. Returns (executors on node 1, executors on nodes 2..=1+k, k, on the rest).
pub(crate) fn spread(
    nodes: u64,
    first_cap: u64,
    other_cap: u64,
    placed: u64,
) -> (u64, u64, u64, u64) {
    let others = nodes.saturating_sub(1);
    let filled = |level: u64| {
        first_cap
            .min(level)
            .saturating_add(other_cap.min(level).saturating_mul(others))
    };
    let (mut lo, mut hi) = (0u64, first_cap.max(other_cap));
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if filled(mid) >= placed {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    let level = lo;
    if level == 0 {
        return (0, 0, 0, 0);
    }
    let below = level - 1;
    let mut first = first_cap.min(below);
    let other_base = other_cap.min(below);
    let mut remainder = placed.saturating_sub(filled(below));
    if first_cap >= level && remainder > 0 {
        first = level;
        remainder -= 1;
    }
    let bumped = if other_cap >= level {
        remainder.min(others)
    } else {
        0
    };
    (first, level, bumped, other_base)
}

/// A node's first blocks: the OS reservation (if any) and the AM (if it runs there), with the
/// YARN resources the AM takes.
pub(crate) fn node_start(shape: &NodeShape, am: Option<&AmShape>) -> (Vec<Block>, Resource) {
    let mut blocks = Vec::new();
    let os = shape.os_reserved();
    if os.memory_mib > 0 || os.vcores > 0 {
        blocks.push(Block {
            kind: BlockKind::OsReserved,
            vcores: os.vcores,
            memory_mib: os.memory_mib,
            parts: Vec::new(),
        });
    }
    let mut used = Resource::default();
    if let Some(am) = am {
        blocks.push(am_block(am));
        used = am.granted;
    }
    (blocks, used)
}

/// A node's last block: what `used` leaves of the NodeManager's resources, if anything.
pub(crate) fn node_end(blocks: &mut Vec<Block>, shape: &NodeShape, used: Resource) {
    let free = shape.nodemanager.saturating_sub(used);
    if free.memory_mib > 0 || free.vcores > 0 {
        blocks.push(Block {
            kind: BlockKind::Unused,
            vcores: free.vcores,
            memory_mib: free.memory_mib,
            parts: Vec::new(),
        });
    }
}

/// The layout block of the ApplicationMaster container.
pub(crate) fn am_block(am: &AmShape) -> Block {
    Block {
        kind: BlockKind::ApplicationMaster,
        vcores: am.granted.vcores,
        memory_mib: am.granted.memory_mib,
        parts: container_parts(
            am.heap_mib,
            am.overhead_mib,
            0,
            0,
            am.granted.memory_mib.saturating_sub(am.request.memory_mib),
        ),
    }
}

pub(crate) fn container_parts(
    heap: u64,
    overhead: u64,
    offheap: u64,
    pyspark: u64,
    rounding: u64,
) -> Vec<Part> {
    [
        (PartKind::Heap, heap),
        (PartKind::Overhead, overhead),
        (PartKind::OffHeap, offheap),
        (PartKind::PySpark, pyspark),
        (PartKind::Rounding, rounding),
    ]
    .into_iter()
    .filter(|(_, mib)| *mib > 0)
    .map(|(kind, mib)| Part { kind, mib })
    .collect()
}

fn node_blocks(
    shape: &NodeShape,
    executor: &ExecutorShape,
    am: Option<&AmShape>,
    executors: u64,
) -> Vec<Block> {
    let (mut blocks, mut used) = node_start(shape, am);
    let m = executor.memory;
    let exec_parts = container_parts(
        m.heap_mib,
        m.overhead_mib,
        m.offheap_mib,
        m.pyspark_mib,
        executor
            .granted
            .memory_mib
            .saturating_sub(executor.request.memory_mib),
    );
    for _ in 0..executors {
        blocks.push(Block {
            kind: BlockKind::Executor,
            vcores: executor.granted.vcores,
            memory_mib: executor.granted.memory_mib,
            parts: exec_parts.clone(),
        });
        used.memory_mib = used.memory_mib.saturating_add(executor.granted.memory_mib);
        used.vcores = used.vcores.saturating_add(executor.granted.vcores);
    }
    node_end(&mut blocks, shape, used);
    blocks
}

fn layout(
    shape: &NodeShape,
    executor: &ExecutorShape,
    am: Option<&AmShape>,
    first_cap: u64,
    other_cap: u64,
    placed: u64,
) -> Vec<NodeGroup> {
    let nodes = shape.nodes;
    let (first, level, bumped, base) = spread(u64::from(nodes), first_cap, other_cap, placed);
    // (first node, last node, has AM, executors per node)
    let mut runs: Vec<(u32, u32, bool, u64)> = vec![(1, 1, am.is_some(), first)];
    let bumped = bumped as u32; // ≤ nodes − 1
    if bumped > 0 {
        runs.push((2, 1 + bumped, false, level));
    }
    if 1 + bumped < nodes {
        runs.push((2 + bumped, nodes, false, base));
    }
    let mut merged: Vec<(u32, u32, bool, u64)> = Vec::new();
    for run in runs {
        match merged.last_mut() {
            Some(last) if last.2 == run.2 && last.3 == run.3 => last.1 = run.1,
            _ => merged.push(run),
        }
    }
    merged
        .into_iter()
        .map(|(first_node, last_node, has_am, count)| NodeGroup {
            first_node,
            last_node,
            blocks: node_blocks(shape, executor, if has_am { am } else { None }, count),
        })
        .collect()
}

/// Sums over a layout; task slots and heap assume every executor has `cores` and `heap_mib`.
pub(crate) fn totals(shape: &NodeShape, layout: &[NodeGroup], cores: u32, heap_mib: u64) -> Totals {
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
            let vc = u64::from(b.vcores).saturating_mul(k);
            match b.kind {
                BlockKind::OsReserved => {}
                BlockKind::Unused => {
                    t.unused_memory_mib = t.unused_memory_mib.saturating_add(mem);
                    t.unused_vcores = t.unused_vcores.saturating_add(vc);
                }
                BlockKind::ApplicationMaster | BlockKind::Executor => {
                    let rounding: u64 = b
                        .parts
                        .iter()
                        .filter(|p| p.kind == PartKind::Rounding)
                        .map(|p| p.mib)
                        .sum();
                    t.granted_memory_mib = t.granted_memory_mib.saturating_add(mem);
                    t.requested_memory_mib = t
                        .requested_memory_mib
                        .saturating_add(b.memory_mib.saturating_sub(rounding).saturating_mul(k));
                    t.granted_vcores = t.granted_vcores.saturating_add(vc);
                    if b.kind == BlockKind::Executor {
                        t.executors = t.executors.saturating_add(k as u32);
                    }
                }
            }
        }
    }
    t.task_slots = u64::from(t.executors).saturating_mul(u64::from(cores));
    t.heap_mib = u64::from(t.executors).saturating_mul(heap_mib);
    t
}

fn gib(mib: u64) -> String {
    let g = mib as f64 / 1024.0;
    let decimals = if g >= 100.0 { 0 } else { 1 };
    format!("{} GiB", crate::decimal::fixed(g, decimals))
}

/// What the warnings compare against.
pub(crate) struct Limits<'a> {
    pub(crate) scheduler: &'a YarnScheduler,
    pub(crate) shape: &'a NodeShape,
    /// Whether the job may use the whole cluster (else unused room is intended).
    pub(crate) whole_cluster: bool,
}

/// Findings about an executor shape and the layout it gives.
pub(crate) fn shape_warnings(
    w: &mut Vec<Warning>,
    executor: &ExecutorShape,
    limits: &Limits<'_>,
    totals: &Totals,
    layout: &[NodeGroup],
) {
    let (scheduler, shape) = (limits.scheduler, limits.shape);
    let heap = executor.memory.heap_mib;
    if heap < 450 {
        w.push(Warning::new(
            Code::HeapBelowMinimum,
            Severity::Error,
            format!(
                "A {heap} MiB heap is below Spark's minimum of 450 MiB (1.5 × the 300 MiB it \
                 reserves): executors fail to start."
            ),
        ));
    }
    if executor.cores > 5 {
        w.push(Warning::new(
            Code::ManyCoresPerExecutor,
            Severity::Warning,
            format!(
                "{} cores per executor: beyond about 5 concurrent tasks per executor, HDFS \
                 client throughput and GC suffer (the seeds' reason for 5).",
                executor.cores
            ),
        ));
    }
    if heap > 64 * 1024 {
        w.push(Warning::new(
            Code::LargeHeap,
            Severity::Warning,
            format!(
                "A {} heap per executor: heaps above about 64 GiB bring long garbage-collection \
                 pauses; more, smaller executors are usually faster.",
                gib(heap)
            ),
        ));
    }
    if totals.executors > 0 && limits.whole_cluster {
        if totals.yarn_memory_mib > 0 && totals.unused_memory_mib * 10 >= totals.yarn_memory_mib {
            w.push(Warning::new(
                Code::MemoryUnused,
                Severity::Warning,
                format!(
                    "{} of the cluster's {} YARN memory ({}%) stays unused.",
                    gib(totals.unused_memory_mib),
                    gib(totals.yarn_memory_mib),
                    crate::decimal::fixed(pct(totals.unused_memory_mib, totals.yarn_memory_mib), 0)
                ),
            ));
        }
        if totals.yarn_vcores > 0 && totals.unused_vcores * 10 >= totals.yarn_vcores {
            w.push(Warning::new(
                Code::VcoresUnused,
                Severity::Warning,
                format!(
                    "{} of the cluster's {} vcores ({}%) stay unused.",
                    totals.unused_vcores,
                    totals.yarn_vcores,
                    crate::decimal::fixed(pct(totals.unused_vcores, totals.yarn_vcores), 0)
                ),
            ));
        }
    }
    if totals.executors > 0 {
        let rounding = executor
            .granted
            .memory_mib
            .saturating_sub(executor.request.memory_mib);
        if rounding * 20 >= executor.granted.memory_mib && rounding > 0 {
            w.push(Warning::new(
                Code::RoundingWaste,
                Severity::Info,
                format!(
                    "YARN rounds each {} MiB request up to {} MiB (a multiple of {} MiB): {} MiB \
                     per executor that no one uses. A heap a little smaller or larger wastes less.",
                    executor.request.memory_mib,
                    executor.granted.memory_mib,
                    scheduler.step_mb(),
                    rounding
                ),
            ));
        }
    }
    if scheduler.calculator == Calculator::Default {
        let overcommitted = layout.iter().any(|g| {
            g.blocks
                .iter()
                .filter(|b| matches!(b.kind, BlockKind::ApplicationMaster | BlockKind::Executor))
                .map(|b| u64::from(b.vcores))
                .sum::<u64>()
                > u64::from(shape.nodemanager.vcores)
        });
        if overcommitted {
            w.push(Warning::new(
                Code::VcoresOvercommitted,
                Severity::Warning,
                format!(
                    "With the DefaultResourceCalculator YARN packs by memory alone: some nodes \
                     hold containers asking for more than their {} vcores, so tasks share cores.",
                    shape.nodemanager.vcores
                ),
            ));
        } else {
            w.push(Warning::new(
                Code::VcoresIgnored,
                Severity::Info,
                "The DefaultResourceCalculator (the Capacity Scheduler's default) ignores vcores \
                 when packing; only memory limits how many containers share a node.",
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_fills_evenly() {
        // Case 2, 35 asked, node 1 holds 6 beside the AM, others 6.
        assert_eq!(spread(6, 6, 6, 35), (6, 6, 4, 5));
        // Everything.
        assert_eq!(spread(6, 2, 3, 17), (2, 3, 5, 2));
        assert_eq!(spread(1, 2, 3, 2), (2, 2, 0, 1));
        assert_eq!(spread(4, 3, 3, 0), (0, 0, 0, 0));
    }
}
