//! The two sizing methods: the seeds' rule of thumb, reproduced exactly, and the Spark-exact
//! method that sizes containers with Spark's and YARN's real math. Both run for every input so
//! they can be shown side by side, with the reasons they differ.

use crate::exports::spark_conf;
use crate::input::{InputErrors, Method, NodeManagerResources, PlanInput, Validated};
use crate::memory::{unified_memory, MemoryFractions, UnifiedMemory};
use crate::place::{place_containers, Containers, ExecutorCount, Placement};
use crate::spark::{DeployMode, HeapTooSmall, OverheadRule, SparkVersion, MIN_OVERHEAD_MIB};
use crate::units::{format_spark_mib, MIB};
use crate::warning::{Code, Severity, Warning};
use crate::yarn::{granted, normalize, rounded_memory_mib, Resource};

/// One derivation step: what is computed and the arithmetic with its numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// What the step decides ("Executors per node").
    pub title: String,
    /// The formula with the numbers ("15 cores ÷ 5 cores per executor = 3 executors per node").
    pub detail: String,
}

fn step(title: &str, detail: impl Into<String>) -> Step {
    Step {
        title: title.to_string(),
        detail: detail.into(),
    }
}

/// One method's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// Which method.
    pub method: Method,
    /// `spark.executor.instances` this method asks for.
    pub instances: u32,
    /// The executor and its placement under YARN's real math.
    pub placement: Placement,
    /// Unified-memory pools of one executor, or Spark's refusal of the heap.
    pub memory: Result<UnifiedMemory, HeapTooSmall>,
    /// The derivation, in order.
    pub working: Vec<Step>,
    /// Findings, most severe first.
    pub warnings: Vec<Warning>,
    /// The Spark configuration to use.
    pub spark_conf: Vec<(String, String)>,
}

impl Plan {
    /// Executor cores.
    pub fn cores(&self) -> u32 {
        self.placement.executor.cores
    }

    /// Executor heap in MiB.
    pub fn heap_mib(&self) -> u64 {
        self.placement.executor.memory.heap_mib
    }

    /// `spark.executor.memory` as emitted (`19g`).
    pub fn heap_setting(&self) -> String {
        format_spark_mib(self.heap_mib())
    }
}

/// Both methods for one input.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// The seeds' rule of thumb (its count checked under YARN's math).
    pub rule_of_thumb: Plan,
    /// What Spark and YARN really do.
    pub spark_exact: Plan,
    /// The method the input selected for the headline.
    pub selected: Method,
    /// Why the two answers differ, in words (empty when they agree).
    pub differences: Vec<Warning>,
}

impl Comparison {
    /// The plan of the selected method.
    pub fn selected_plan(&self) -> &Plan {
        match self.selected {
            Method::RuleOfThumb => &self.rule_of_thumb,
            Method::SparkExact => &self.spark_exact,
        }
    }
}

/// Plans executors both ways.
///
/// ```
/// use planner::{plan, PlanInput};
///
/// let c = plan(&PlanInput::default()).unwrap(); // 6 nodes × 16 cores × 64 GiB
/// let r = &c.rule_of_thumb;
/// assert_eq!((r.instances, r.cores(), r.heap_setting().as_str()), (17, 5, "19g"));
/// assert_eq!(c.spark_exact.instances, 17);
/// ```
pub fn plan(input: &PlanInput) -> Result<Comparison, InputErrors> {
    let v = input.validate()?;
    Ok(plan_validated(&v))
}

/// Plans a validated input.
pub fn plan_validated(v: &Validated) -> Comparison {
    let rule_of_thumb = rule_of_thumb(v);
    let spark_exact = spark_exact(v);
    let differences = differences(&rule_of_thumb, &spark_exact);
    Comparison {
        rule_of_thumb,
        spark_exact,
        selected: v.input.policy.method,
        differences,
    }
}

/// Thousandths of a GB, written without trailing zeros (1470 → "1.47").
fn milli(x: u64) -> String {
    let s = format!("{}.{:03}", x / 1000, x % 1000);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The rule's executor memory for `mem_gb` GB per executor: floor(mem − max(384 MB, 7%)).
/// Returns (overhead in thousandths of a GB, heap in whole GB).
fn rule_heap_gb(mem_gb: u64) -> (u64, u64) {
    let overhead = (70 * mem_gb).max(375);
    (overhead, (1000 * mem_gb).saturating_sub(overhead) / 1000)
}

struct RuleShape {
    cores: u32,
    per_node: u64,
    mem_gb: u64,
    overhead_milli: u64,
    heap_gb: u64,
}

fn rule_shape(avail_vcores: u32, avail_mib: u64, cores: u32) -> RuleShape {
    let per_node = u64::from(avail_vcores / cores.max(1));
    let mem_gb = avail_mib
        .checked_div(per_node.saturating_mul(1024))
        .unwrap_or(0);
    let (overhead_milli, heap_gb) = rule_heap_gb(mem_gb);
    RuleShape {
        cores,
        per_node,
        mem_gb,
        overhead_milli,
        heap_gb,
    }
}

fn gb(mib: u64) -> String {
    if mib.is_multiple_of(1024) {
        format!("{}", mib / 1024)
    } else {
        crate::decimal::fixed(mib as f64 / 1024.0, 2)
            .trim_end_matches('0')
            .to_string()
    }
}

fn rule_of_thumb(v: &Validated) -> Plan {
    let input = &v.input;
    let shape = v.shape;
    let nm = shape.nodemanager;
    let policy = &input.policy;
    let mut working = Vec::new();
    let mut warnings = Vec::new();

    working.push(match input.cluster.yarn_resources {
        NodeManagerResources::Reserve { cores, memory_gib } => step(
            "Reserve for the OS and Hadoop daemons",
            format!(
                "{} cores − {cores} = {} cores, {} GB − {} GB = {} GB per node",
                shape.physical.vcores,
                nm.vcores,
                gb(shape.physical.memory_mib),
                crate::decimal::shortest(memory_gib),
                gb(nm.memory_mib)
            ),
        ),
        NodeManagerResources::Explicit { memory_mb, vcores } => step(
            "Resources per node",
            format!(
                "YARN offers {vcores} vcores and {memory_mb} MB = {} GB per node",
                gb(nm.memory_mib)
            ),
        ),
    });

    let chosen = match policy.memory_target_mib {
        None => {
            working.push(step(
                "Cores per executor",
                format!(
                    "{} (at most 5 concurrent tasks per executor, for HDFS throughput)",
                    policy.cores_per_executor
                ),
            ));
            rule_shape(nm.vcores, nm.memory_mib, policy.cores_per_executor)
        }
        Some(target) => {
            let (found, tried) = fewest_cores(policy.cores_per_executor, target, |c| {
                let s = rule_shape(nm.vcores, nm.memory_mib, c);
                let heap = s.heap_gb * 1024;
                let text = format!("{} per node → {} GB", s.per_node, s.heap_gb);
                (s, Some(heap), text)
            });
            working.push(step(
                "Cores per executor",
                format!(
                    "the fewest cores (at most {}) whose executor memory reaches {} GB: {}",
                    policy.cores_per_executor,
                    gb(target),
                    tried.join("; ")
                ),
            ));
            found.unwrap_or_else(|| {
                warnings.push(Warning::new(
                    Code::MemoryTargetUnmet,
                    Severity::Warning,
                    format!(
                        "No cores-per-executor value up to {} gives {} GB per executor under \
                         the rule of thumb; using {} cores.",
                        policy.cores_per_executor,
                        gb(target),
                        policy.cores_per_executor
                    ),
                ));
                rule_shape(nm.vcores, nm.memory_mib, policy.cores_per_executor)
            })
        }
    };

    let RuleShape {
        cores,
        per_node,
        mem_gb,
        overhead_milli,
        heap_gb,
    } = chosen;
    working.push(step(
        "Executors per node",
        format!(
            "{} cores ÷ {cores} cores per executor = {per_node} executors per node",
            nm.vcores
        ),
    ));
    let slots = per_node.saturating_mul(u64::from(shape.nodes));
    let share = policy.cluster_share_pct;
    let share_slots = if share >= 100.0 {
        slots
    } else {
        (slots as f64 * share / 100.0) as u64
    };
    let instances = u32::try_from(share_slots.saturating_sub(1)).unwrap_or(u32::MAX);
    working.push(step(
        "Executors in the cluster",
        if share >= 100.0 {
            format!(
                "{} nodes × {per_node} = {slots}, minus 1 for the ApplicationMaster = {instances}",
                shape.nodes
            )
        } else {
            format!(
                "{} nodes × {per_node} = {slots}; {}% of them = {share_slots}, minus 1 for \
                 the ApplicationMaster = {instances}",
                shape.nodes,
                crate::decimal::shortest(share)
            )
        },
    ));
    working.push(step(
        "Memory per executor",
        format!(
            "{} GB ÷ {per_node} = {mem_gb} GB (rounded down)",
            gb(nm.memory_mib)
        ),
    ));
    working.push(step(
        "Overhead",
        format!(
            "max(384 MB, 0.07 × {mem_gb} GB = {} GB) = {} GB",
            milli(70 * mem_gb),
            milli(overhead_milli)
        ),
    ));
    working.push(step(
        "Executor memory",
        format!(
            "{mem_gb} GB − {} GB = {} GB → {heap_gb} GB (rounded down)",
            milli(overhead_milli),
            milli((1000 * mem_gb).saturating_sub(overhead_milli))
        ),
    ));

    let heap_mib = heap_gb * 1024;
    let containers = Containers::from_settings(&input.spark, heap_mib, cores);
    let placement = place_containers(
        &shape,
        &v.scheduler,
        &containers,
        ExecutorCount::Exactly(instances),
        policy.cluster_share_pct,
    );
    let e = placement.executor;
    working.push(step(
        "Checked under YARN",
        format!(
            "{}: {heap_mib} MiB heap + {} MiB overhead{} = {} MiB, {}; {} of the \
             {instances} executors fit beside a {} MiB ApplicationMaster",
            format_spark_mib(heap_mib),
            e.memory.overhead_mib,
            extras(&e.memory),
            e.request.memory_mib,
            granted_words(&e, &v.scheduler),
            placement.totals.executors,
            placement.am.granted.memory_mib
        ),
    ));

    // What the rule got right or wrong, in words.
    warnings.push(Warning::new(
        Code::LegacyOverheadFactor,
        Severity::Info,
        format!(
            "The rule subtracts 7% for overhead, Spark's factor before 1.4. Spark now adds \
             max(384 MiB, {}) on top of the heap: {} {} heap gets {} MiB, so YARN is asked for \
             {} MiB, not the {mem_gb} GB the rule budgets.",
            overhead_words(&input.spark),
            article(&format_spark_mib(heap_mib)),
            format_spark_mib(heap_mib),
            e.memory.overhead_mib,
            e.request.memory_mib
        ),
    ));
    let capacity = placement.capacity;
    let mut place_warnings = placement.warnings.clone();
    if let Some(pos) = place_warnings
        .iter()
        .position(|w| w.code == Code::FewerExecutorsFit)
    {
        place_warnings[pos] = Warning::new(
            Code::FewerExecutorsFit,
            Severity::Warning,
            format!(
                "YARN would not place the rule's {instances} executors: each {} container is \
                 granted {} MiB, and {per_node} of them need {} MiB where a node offers {} MiB \
                 and {} vcores, so only {} fit per node and {capacity} in all (with the AM).",
                format_spark_mib(heap_mib),
                e.granted.memory_mib,
                e.granted.memory_mib.saturating_mul(per_node),
                nm.memory_mib,
                nm.vcores,
                placement.per_node
            ),
        );
    }
    if capacity > u64::from(instances)
        && placement
            .warnings
            .iter()
            .all(|w| w.severity != Severity::Error)
    {
        warnings.push(Warning::new(
            Code::RoomForMore,
            Severity::Info,
            format!(
                "The rule gives up one executor for the ApplicationMaster, but YARN places the \
                 {} MiB AM in the room the executors leave: {capacity} executors fit, not \
                 {instances}.",
                placement.am.granted.memory_mib
            ),
        ));
    } else if capacity == u64::from(instances) && slots > 0 {
        warnings.push(Warning::new(
            Code::AmSlotAssumption,
            Severity::Info,
            format!(
                "The rule gives up one executor for the ApplicationMaster. Here that holds, but by \
                 packing, not by rule: {per_node} executors fill a node, so the {} MiB AM \
                 displaces one of them.",
                placement.am.granted.memory_mib
            ),
        ));
    }
    warnings.extend(place_warnings);

    finish(
        Method::RuleOfThumb,
        v,
        instances,
        placement,
        working,
        warnings,
    )
}

/// "granted X MiB", or why nothing is granted.
fn granted_words(
    e: &crate::place::ExecutorShape,
    scheduler: &crate::yarn::YarnScheduler,
) -> String {
    if e.request.memory_mib > scheduler.maximum_allocation_mb {
        format!(
            "refused: above yarn.scheduler.maximum-allocation-mb = {} MiB",
            scheduler.maximum_allocation_mb
        )
    } else {
        format!("granted {} MiB", e.granted.memory_mib)
    }
}

fn extras(m: &crate::spark::ExecutorMemory) -> String {
    let mut s = String::new();
    if m.offheap_mib > 0 {
        s += &format!(" + {} MiB off-heap", m.offheap_mib);
    }
    if m.pyspark_mib > 0 {
        s += &format!(" + {} MiB pyspark", m.pyspark_mib);
    }
    s
}

fn overhead_words(spark: &crate::input::SparkSettings) -> String {
    match spark.overhead_rule() {
        OverheadRule::Explicit(mib) => format!("the explicit {mib} MiB"),
        OverheadRule::Formula { factor, .. } => {
            format!("{}%", crate::decimal::shortest(factor * 100.0))
        }
    }
}

fn finish(
    method: Method,
    v: &Validated,
    instances: u32,
    placement: Placement,
    working: Vec<Step>,
    mut warnings: Vec<Warning>,
) -> Plan {
    let spark = &v.input.spark;
    let e = placement.executor;
    if spark.version == SparkVersion::V3_5
        && spark.executor_overhead_mib.is_none()
        && spark.overhead_minimum_mib != MIN_OVERHEAD_MIB
    {
        warnings.push(Warning::new(
            Code::SettingIgnored,
            Severity::Info,
            "spark.executor.minMemoryOverhead exists from Spark 4.0; Spark 3.5 ignores it and \
             keeps a 384 MiB minimum.",
        ));
    }
    if spark.app_type != crate::spark::AppType::Python && spark.pyspark_memory_mib > 0 {
        warnings.push(Warning::new(
            Code::SettingIgnored,
            Severity::Info,
            "spark.executor.pyspark.memory counts only for Python apps; this JVM app ignores it.",
        ));
    }
    // Most severe first, keeping the order within a severity (no general sort: smaller wasm).
    let warnings: Vec<Warning> = [Severity::Error, Severity::Warning, Severity::Info]
        .iter()
        .flat_map(|s| warnings.iter().filter(move |w| w.severity == *s).cloned())
        .collect();
    let fractions = MemoryFractions {
        memory_fraction: spark.memory_fraction,
        storage_fraction: spark.storage_fraction,
    };
    let memory = unified_memory(
        e.memory.heap_mib.saturating_mul(MIB),
        fractions,
        spark.offheap_mib().saturating_mul(MIB),
        e.cores,
    );
    Plan {
        method,
        instances,
        spark_conf: spark_conf(spark, instances, e.cores, e.memory.heap_mib),
        placement,
        memory,
        working,
        warnings,
    }
}

/// Seed 000's case 3 search: the fewest cores per executor (1 to `max_cores`) whose shape gives
/// a heap of at least `target` MiB. `shape_for` returns the shape, its heap and how to describe
/// it; returns the shape found (if any) and one description per core count tried.
fn fewest_cores<S>(
    max_cores: u32,
    target: u64,
    shape_for: impl Fn(u32) -> (S, Option<u64>, String),
) -> (Option<S>, Vec<String>) {
    let mut tried = Vec::new();
    for c in 1..=max_cores {
        let (shape, heap, text) = shape_for(c);
        let ok = heap.is_some_and(|h| h >= target);
        let plural = if c == 1 { "" } else { "s" };
        let mark = if ok { " ✓" } else { "" };
        tried.push(format!("{c} core{plural} → {text}{mark}"));
        if ok {
            return (Some(shape), tried);
        }
    }
    (None, tried)
}

/// The executor container Spark requests for a heap of `heap_mib` with these settings.
fn request_for(v: &Validated, heap_mib: u64, cores: u32) -> Resource {
    let c = Containers::from_settings(&v.input.spark, heap_mib, cores);
    Resource::new(c.executor_memory.total_mib(), cores)
}

/// The container YARN grants for a heap of `heap_mib` with these settings.
fn granted_for(v: &Validated, heap_mib: u64, cores: u32) -> Resource {
    granted(request_for(v, heap_mib, cores), &v.scheduler)
}

/// Whether a heap's container is accepted (Spark refuses a request above the maximum
/// allocation) and granted at most `budget`.
fn heap_fits(v: &Validated, heap_mib: u64, cores: u32, budget: u64) -> bool {
    let request = request_for(v, heap_mib, cores);
    request.memory_mib <= v.scheduler.maximum_allocation_mb
        && normalize(request, &v.scheduler).memory_mib <= budget
}

/// The largest heap (a multiple of `step`) whose granted container is at most `budget`.
fn largest_heap(v: &Validated, cores: u32, budget: u64, step: u64) -> Option<u64> {
    let fits = |units: u64| heap_fits(v, units.saturating_mul(step), cores, budget);
    largest_fitting(budget / step.max(1), fits).map(|units| units * step)
}

/// The largest `n` in `1..=hi` with `fits(n)`, for a `fits` that holds up to some point and
/// not after (container sizes grow with the heap); `None` when not even 1 fits.
pub(crate) fn largest_fitting(hi: u64, fits: impl Fn(u64) -> bool) -> Option<u64> {
    if hi == 0 || !fits(1) {
        return None;
    }
    // Invariant: fits(lo); nothing above hi fits.
    let (mut lo, mut hi) = (1u64, hi);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    Some(lo)
}

struct ExactShape {
    cores: u32,
    per_node: u64,
    budget: u64,
    heap_mib: Option<u64>,
}

fn exact_shape(v: &Validated, cores: u32) -> ExactShape {
    let nm = v.shape.nodemanager;
    let per_node = u64::from(nm.vcores / cores.max(1));
    let budget = (nm.memory_mib / per_node.max(1)).min(v.scheduler.maximum_allocation_mb);
    let step = v.input.policy.granularity.step_mib();
    ExactShape {
        cores,
        per_node,
        budget,
        heap_mib: largest_heap(v, cores, budget, step),
    }
}

fn spark_exact(v: &Validated) -> Plan {
    let input = &v.input;
    let nm = v.shape.nodemanager;
    let policy = &input.policy;
    let mut working = Vec::new();
    let mut warnings = Vec::new();

    working.push(step(
        "NodeManager resources",
        match input.cluster.yarn_resources {
            NodeManagerResources::Reserve { cores, memory_gib } => format!(
                "{} MiB − {} GiB = {} MiB and {} − {cores} = {} vcores per node",
                v.shape.physical.memory_mib,
                crate::decimal::shortest(memory_gib),
                nm.memory_mib,
                v.shape.physical.vcores,
                nm.vcores
            ),
            NodeManagerResources::Explicit { .. } => format!(
                "yarn.nodemanager.resource.memory-mb = {} MiB, cpu-vcores = {} per node",
                nm.memory_mib, nm.vcores
            ),
        },
    ));

    let mut max_cores = policy.cores_per_executor;
    if max_cores > v.scheduler.maximum_allocation_vcores {
        warnings.push(Warning::new(
            Code::CoresLoweredToMaximum,
            Severity::Warning,
            format!(
                "{} cores per executor is above yarn.scheduler.maximum-allocation-vcores = {}; \
                 Spark-exact uses {} cores.",
                max_cores,
                v.scheduler.maximum_allocation_vcores,
                v.scheduler.maximum_allocation_vcores
            ),
        ));
        max_cores = v.scheduler.maximum_allocation_vcores;
    }

    let shape = match policy.memory_target_mib {
        None => exact_shape(v, max_cores),
        Some(target) => {
            let (found, tried) = fewest_cores(max_cores, target, |c| {
                let s = exact_shape(v, c);
                let text = s
                    .heap_mib
                    .map_or("nothing fits".to_string(), format_spark_mib);
                let heap = s.heap_mib;
                (s, heap, text)
            });
            working.push(step(
                "Cores per executor",
                format!(
                    "the fewest cores (at most {max_cores}) whose largest fitting heap reaches {} \
                     MiB: {}",
                    target,
                    tried.join("; ")
                ),
            ));
            found.unwrap_or_else(|| {
                warnings.push(Warning::new(
                    Code::MemoryTargetUnmet,
                    Severity::Warning,
                    format!(
                        "No cores-per-executor value up to {max_cores} leaves a {target} MiB \
                         heap; using {max_cores} cores."
                    ),
                ));
                exact_shape(v, max_cores)
            })
        }
    };
    let ExactShape {
        cores,
        per_node,
        budget,
        heap_mib,
    } = shape;

    working.push(step(
        "Executors per node",
        format!(
            "{} vcores ÷ {cores} cores per executor = {per_node} executors per node",
            nm.vcores
        ),
    ));
    let by_node = nm.memory_mib / per_node.max(1);
    working.push(step(
        "Memory budget per container",
        if budget < by_node {
            format!(
                "{} MiB ÷ {per_node} = {by_node} MiB, capped by yarn.scheduler.maximum-allocation-mb \
                 at {budget} MiB",
                nm.memory_mib
            )
        } else {
            format!("{} MiB ÷ {per_node} = {budget} MiB", nm.memory_mib)
        },
    ));
    if budget < by_node {
        warnings.push(Warning::new(
            Code::MaximumLimitsHeap,
            Severity::Warning,
            format!(
                "yarn.scheduler.maximum-allocation-mb = {budget} MiB caps each executor below \
                 the {by_node} MiB a node could give it; raise it (tuned clusters set it to the \
                 NodeManager's memory) or the rest of each node stays idle."
            ),
        ));
    }

    let step_mib = policy.granularity.step_mib();
    let heap = heap_mib.unwrap_or(step_mib);
    let rule = input.spark.overhead_rule();
    let granted = granted_for(v, heap, cores);
    let next = heap.saturating_add(step_mib);
    let next_needs = rounded_memory_mib(request_for(v, next, cores), &v.scheduler);
    let rounded = rounded_memory_mib(request_for(v, heap, cores), &v.scheduler);
    let sched = &v.scheduler;
    working.push(step(
        "Largest heap that fits",
        match heap_mib {
            Some(_) => format!(
                "{}: {heap} MiB + {} MiB overhead{} = {} MiB, rounded up to a multiple of {} MiB \
                 = {}{} MiB ≤ {budget} MiB; {} would need {} MiB",
                format_spark_mib(heap),
                overhead_formula(rule, heap),
                extras_words(v),
                Containers::from_settings(&input.spark, heap, cores)
                    .executor_memory
                    .total_mib(),
                sched.step_mb(),
                rounded,
                capped_words(rounded, granted.memory_mib),
                format_spark_mib(next),
                next_needs
            ),
            None => format!(
                "not even {} fits in {budget} MiB ({} MiB granted)",
                format_spark_mib(step_mib),
                granted.memory_mib
            ),
        },
    ));

    let containers = Containers::from_settings(&input.spark, heap, cores);
    let placement = place_containers(
        &v.shape,
        sched,
        &containers,
        ExecutorCount::AsManyAsFit,
        policy.cluster_share_pct,
    );
    let am = placement.am;
    working.push(step(
        "ApplicationMaster",
        format!(
            "{}: {} MiB + {} MiB overhead = {} MiB, granted {} MiB and {} vcore{}, placed on node 1",
            match am.deploy_mode {
                DeployMode::Cluster => "cluster mode, the AM hosts the driver",
                DeployMode::Client => "client mode, a small AM (ExecutorLauncher)",
            },
            am.heap_mib,
            am.overhead_mib,
            am.request.memory_mib,
            am.granted.memory_mib,
            am.granted.vcores,
            if am.granted.vcores == 1 { "" } else { "s" }
        ),
    ));
    let t = placement.totals;
    let groups: Vec<String> = placement
        .layout
        .iter()
        .map(|g| {
            let nodes = if g.first_node == g.last_node {
                format!("node {}", g.first_node)
            } else {
                format!("nodes {}–{}", g.first_node, g.last_node)
            };
            format!(
                "{nodes}: {}{}",
                g.executors_per_node(),
                if g.has_am() {
                    " beside the AM"
                } else {
                    " each"
                }
            )
        })
        .collect();
    working.push(step(
        "Executors that fit",
        format!("{} = {} executors", groups.join("; "), t.executors),
    ));
    working.push(step(
        "Task slots",
        format!(
            "{} executors × {cores} cores = {} tasks at once",
            t.executors, t.task_slots
        ),
    ));
    warnings.extend(placement.warnings.iter().cloned());
    finish(
        Method::SparkExact,
        v,
        t.executors,
        placement,
        working,
        warnings,
    )
}

/// ", granted X MiB" when YARN caps a rounded request at the maximum allocation.
fn capped_words(rounded: u64, granted: u64) -> String {
    if granted < rounded {
        format!(" MiB, capped at yarn.scheduler.maximum-allocation-mb = {granted}")
    } else {
        String::new()
    }
}

fn overhead_formula(rule: OverheadRule, heap: u64) -> String {
    match rule {
        OverheadRule::Explicit(mib) => format!("{mib}"),
        OverheadRule::Formula {
            factor,
            minimum_mib,
        } => format!(
            "max({minimum_mib}, ⌊{} × {heap}⌋) = {}",
            crate::decimal::shortest(factor),
            rule.overhead_mib(heap)
        ),
    }
}

fn extras_words(v: &Validated) -> String {
    let s = &v.input.spark;
    let mut out = String::new();
    if s.offheap_mib() > 0 {
        out += &format!(" + {} MiB off-heap", s.offheap_mib());
    }
    if s.pyspark_mib() > 0 {
        out += &format!(" + {} MiB pyspark", s.pyspark_mib());
    }
    out
}

/// "a" or "an" before a number as it is read aloud ("an 11g heap", "an 8g heap").
fn article(setting: &str) -> &'static str {
    let digits = setting.chars().take_while(char::is_ascii_digit).count();
    let eleven_or_eighteen =
        (setting.starts_with("11") || setting.starts_with("18")) && digits % 3 == 2;
    if setting.starts_with('8') || eleven_or_eighteen {
        "an"
    } else {
        "a"
    }
}

fn has(plan: &Plan, code: Code) -> bool {
    plan.warnings.iter().any(|w| w.code == code)
}

fn differences(rule: &Plan, exact: &Plan) -> Vec<Warning> {
    let mut out = Vec::new();
    let ri = rule.placement.totals.executors;
    let ei = exact.instances;
    let rule_refused =
        has(rule, Code::ExecutorAboveMaximumMemory) || has(rule, Code::ExecutorAboveMaximumVcores);
    if rule.cores() != exact.cores() {
        let why = if has(exact, Code::CoresLoweredToMaximum) {
            "yarn.scheduler.maximum-allocation-vcores allows no more"
        } else {
            "with real container sizes a different core count is the fewest that reaches the \
             memory target"
        };
        out.push(Warning::new(
            Code::MethodsDiffer,
            Severity::Info,
            format!(
                "Cores per executor: Spark-exact uses {} where the rule of thumb uses {}: {why}.",
                exact.cores(),
                rule.cores()
            ),
        ));
    }
    if rule.heap_mib() != exact.heap_mib() {
        let e = rule.placement.executor;
        let why = if has(rule, Code::ExecutorAboveMaximumMemory) {
            format!(
                "the rule's {} MiB container is above yarn.scheduler.maximum-allocation-mb",
                e.request.memory_mib
            )
        } else if rule.placement.capacity < u64::from(rule.instances) {
            format!(
                "{} {} heap is granted {} MiB by YARN, too much to fit {} per node",
                article(&rule.heap_setting()),
                rule.heap_setting(),
                e.granted.memory_mib,
                exact.placement.per_node
            )
        } else {
            format!(
                "{} is the largest heap whose container, with Spark's real overhead and YARN's \
                 rounding, still fits {} per node",
                exact.heap_setting(),
                exact.placement.per_node
            )
        };
        out.push(Warning::new(
            Code::MethodsDiffer,
            Severity::Info,
            format!(
                "Executor memory: Spark-exact sets {} where the rule of thumb says {}: {why}.",
                exact.heap_setting(),
                rule.heap_setting()
            ),
        ));
    }
    if rule.instances != ei {
        let am_squeezed = exact.placement.layout.first().is_some_and(|g| {
            g.has_am() && u64::from(g.executors_per_node()) == exact.placement.per_node
        });
        let why = if rule_refused {
            "YARN refuses the rule's executors altogether (see its errors)".to_string()
        } else if ei > rule.instances && am_squeezed {
            let calc = if exact
                .warnings
                .iter()
                .any(|w| matches!(w.code, Code::VcoresOvercommitted | Code::VcoresIgnored))
            {
                " (the DefaultResourceCalculator does not count its vcore)"
            } else {
                ""
            };
            format!(
                "the ApplicationMaster fits in the room the executors leave{calc}, so no \
                 executor makes way for it"
            )
        } else if ri < rule.instances {
            format!(
                "only {ri} of the rule's {} executors would actually be placed",
                rule.instances
            )
        } else {
            "YARN's packing, not a fixed −1 for the AM, decides the count".to_string()
        };
        out.push(Warning::new(
            Code::MethodsDiffer,
            Severity::Info,
            format!(
                "Executors: Spark-exact plans {ei} where the rule of thumb says {}: {why}.",
                rule.instances
            ),
        ));
    }
    out
}
