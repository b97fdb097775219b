//! The two sizing methods: the seeds' rule of thumb, reproduced exactly, and the Spark-exact
//! method that sizes containers with Spark's and YARN's real math. Both run for every input so
//! they can be shown side by side, with the reasons they differ.

use crate::format;
use crate::input::SparkSettings;
use crate::input::{InputErrors, Method, NodeManagerResources, PlanInput, Validated};
use crate::memory::{unified_memory, UnifiedMemory};
use crate::place::{
    explain_placement, place_numbers, AmShape, Containers, ExecutorCount, Placement,
};
use crate::shortfall::{Blocker, Limit, Nearest, Process, Shape, Shortfall, Size};
use crate::spark::{DeployMode, HeapTooSmall, OverheadRule, SparkVersion, MIN_OVERHEAD_MIB};
use crate::units::MIB;
use crate::warning::{Code, Severity, Warning};
use crate::yarn::{granted, normalize, rounded_memory_mib, Calculator, Resource};

/// One derivation step: what is computed and the arithmetic with its numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// What the step decides ("Executors per node").
    pub title: String,
    /// The formula with the numbers ("15 cores ÷ 5 cores per executor = 3 executors per node").
    pub detail: String,
}

impl Step {
    /// A step of the working; its detail is prose, so its numbers get the page's digit groups
    /// ([`crate::format::in_text`]).
    pub fn new(title: &str, detail: impl Into<String>) -> Step {
        Step {
            title: title.to_string(),
            detail: crate::format::in_text(&detail.into()),
        }
    }
}

fn step(title: &str, detail: impl Into<String>) -> Step {
    Step::new(title, detail)
}

/// One method's answer: numbers only. Its words come from separate functions of the
/// [`Comparison`] it belongs to ([`working_steps`], [`warnings`], [`differences`]) and its
/// configuration from [`crate::exports::yarn_spark_conf`].
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
    /// The method's intermediate numbers (what its working shows).
    pub derivation: Derivation,
}

/// The intermediate numbers of one method.
#[derive(Debug, Clone, PartialEq)]
pub enum Derivation {
    /// The rule of thumb's.
    RuleOfThumb(RuleOfThumbDerivation),
    /// Spark-exact's.
    SparkExact(SparkExactDerivation),
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
        format::spark_size(self.heap_mib())
    }
}

/// Both methods for one input: numbers only.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// The seeds' rule of thumb (its count checked under YARN's math).
    pub rule_of_thumb: Plan,
    /// What Spark and YARN really do.
    pub spark_exact: Plan,
    /// The method the input selected for the headline.
    pub selected: Method,
    /// The validated input both were planned from (its words and exports need it).
    pub input: Validated,
}

impl Comparison {
    /// The plan of the selected method.
    pub fn selected_plan(&self) -> &Plan {
        self.plan_of(self.selected)
    }

    /// The plan of `method`.
    pub fn plan_of(&self, method: Method) -> &Plan {
        match method {
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
    Ok(comparison_of(v))
}

/// Plans a validated input: both methods' numbers, no text (a sweep calls this, or one
/// method's [`rule_of_thumb_numbers`] / [`spark_exact_numbers`]).
pub fn plan_validated(v: &Validated) -> Comparison {
    comparison_of(v.clone())
}

/// Both methods' numbers for `v`, which the comparison keeps (moved, not copied: [`plan`]
/// needs no copy of its input).
fn comparison_of(v: Validated) -> Comparison {
    Comparison {
        rule_of_thumb: rule_of_thumb_numbers(&v),
        spark_exact: spark_exact_numbers(&v),
        selected: v.input.policy.method,
        input: v,
    }
}

/// The working steps of `method`'s plan, in order.
pub fn working_steps(c: &Comparison, method: Method) -> Vec<Step> {
    let (v, p) = (&c.input, c.plan_of(method));
    match &p.derivation {
        Derivation::RuleOfThumb(d) => rule_working(v, d, &p.placement),
        Derivation::SparkExact(d) => exact_working(v, d, &p.placement),
    }
}

/// The findings of `method`'s plan, most severe first: the method's own, the placement's, and
/// settings the Spark version or app type ignores.
pub fn warnings(c: &Comparison, method: Method) -> Vec<Warning> {
    let (v, p) = (&c.input, c.plan_of(method));
    let share = v.input.policy.cluster_share_pct;
    let placed = explain_placement(&p.placement, &v.shape, &v.scheduler, share);
    let mut warnings = match &p.derivation {
        Derivation::RuleOfThumb(d) => rule_warnings(v, d, &p.placement, placed),
        Derivation::SparkExact(d) => {
            let mut w = exact_warnings(v, d);
            w.extend(placed);
            unused_by_choice(&mut w, d, &p.placement.totals);
            w
        }
    };
    warnings.extend(likely_mistakes(&v.input.spark));
    let spark = &v.input.spark;
    warnings.extend(crate::resources::gpu_warnings(
        p.cores(),
        spark.task_cpus,
        &spark.gpus,
    ));
    warnings.extend(nodemanager_above_node(&v.shape));
    warnings.extend(ignored_settings(&v.input.spark));
    crate::warning::most_severe_first(warnings)
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

fn gb(mib: u64) -> String {
    if mib.is_multiple_of(1024) {
        format!("{}", mib / 1024)
    } else {
        crate::fixed::format_ratio(mib, 1024, 2)
            .trim_end_matches('0')
            .to_string()
    }
}

/// One cores-per-executor candidate of the rule of thumb, in the rule's own integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleShape {
    /// Cores per executor.
    pub cores: u32,
    /// Executors per node: the node's cores ÷ cores per executor.
    pub per_node: u64,
    /// Memory per executor in whole GB: the node's memory ÷ executors per node, rounded down.
    pub mem_gb: u64,
    /// The rule's overhead, max(384 MB, 7 %), in thousandths of a GB.
    pub overhead_milli: u64,
    /// The heap: memory − overhead, rounded down to whole GB.
    pub heap_gb: u64,
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

/// The result of the memory-target search: every shape tried, fewest cores first, and whether
/// the last one reached the target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoreSearch<S> {
    /// The memory target in MiB.
    pub target_mib: u64,
    /// The most cores per executor the search may use.
    pub max_cores: u32,
    /// Shapes tried, one per core count from 1.
    pub tried: Vec<S>,
    /// Whether the last shape tried reaches the target.
    pub found: bool,
}

/// Seed 000's case 3 search: the fewest cores per executor (1 to `max_cores`) whose shape gives
/// a heap of at least `target` MiB; `heap_of` tells a shape's heap (`None`: nothing fits).
fn fewest_cores<S>(
    max_cores: u32,
    target_mib: u64,
    shape_for: impl Fn(u32) -> S,
    heap_of: impl Fn(&S) -> Option<u64>,
) -> CoreSearch<S> {
    let mut search = CoreSearch {
        target_mib,
        max_cores,
        tried: Vec::new(),
        found: false,
    };
    for c in 1..=max_cores {
        let shape = shape_for(c);
        search.found = heap_of(&shape).is_some_and(|h| h >= target_mib);
        search.tried.push(shape);
        if search.found {
            break;
        }
    }
    search
}

/// The shape a search settles on: the one found, or `fallback` (the most cores) when none.
fn searched_shape<S: Copy>(search: &CoreSearch<S>, fallback: impl Fn() -> S) -> S {
    match search.tried.last() {
        Some(s) if search.found => *s,
        _ => fallback(),
    }
}

/// "c core(s) → description ✓" for each shape tried.
fn tried_words<S>(search: &CoreSearch<S>, describe: impl Fn(&S) -> String) -> String {
    let last = search.tried.len();
    let words: Vec<String> = search
        .tried
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let c = i + 1;
            let mark = if search.found && c == last {
                " ✓"
            } else {
                ""
            };
            format!(
                "{} → {}{mark}",
                crate::format::counted(c as u64, "core"),
                describe(s)
            )
        })
        .collect();
    crate::text::join(&words, "; ")
}

/// Every number of the rule of thumb's working, computed without text.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleOfThumbDerivation {
    /// The memory-target search, when a target is set.
    pub search: Option<CoreSearch<RuleShape>>,
    /// The shape used.
    pub shape: RuleShape,
    /// Executor slots in the cluster: nodes × executors per node.
    pub slots: u64,
    /// The slots within the cluster share.
    pub share_slots: u64,
    /// `spark.executor.instances`: the share's slots minus one for the ApplicationMaster.
    pub instances: u32,
    /// The heap in MiB (whole GB × 1024).
    pub heap_mib: u64,
}

/// The rule of thumb's plan for a validated input: numbers only, no text (for sweeps).
pub fn rule_of_thumb_numbers(v: &Validated) -> Plan {
    let nm = v.shape.nodemanager;
    let policy = &v.input.policy;
    let most = || rule_shape(nm.vcores, nm.memory_mib, policy.cores_per_executor);
    let search = policy.memory_target_mib.map(|target| {
        fewest_cores(
            policy.cores_per_executor,
            target,
            |c| rule_shape(nm.vcores, nm.memory_mib, c),
            // Fewer cores than one task needs (spark.task.cpus) is no executor Spark starts.
            |s| (s.cores >= v.input.spark.task_cpus).then_some(s.heap_gb * 1024),
        )
    });
    let shape = search
        .as_ref()
        .map_or_else(most, |s| searched_shape(s, most));
    let slots = shape.per_node.saturating_mul(u64::from(v.shape.nodes));
    let share = policy.cluster_share_pct;
    let share_slots = if share >= 100.0 {
        slots
    } else {
        crate::place::share_of(slots, share)
    };
    let instances = u32::try_from(share_slots.saturating_sub(1)).unwrap_or(u32::MAX);
    let heap_mib = shape.heap_gb * 1024;
    let containers = Containers::from_settings(&v.input.spark, heap_mib, shape.cores);
    let count = ExecutorCount::Exactly(instances);
    let placement = place_numbers(&v.shape, &v.scheduler, &containers, count, share);
    let d = RuleOfThumbDerivation {
        search,
        shape,
        slots,
        share_slots,
        instances,
        heap_mib,
    };
    finish(v, instances, placement, Derivation::RuleOfThumb(d))
}

/// The rule of thumb's working steps, from its numbers.
fn rule_working(v: &Validated, d: &RuleOfThumbDerivation, placement: &Placement) -> Vec<Step> {
    let nm = v.shape.nodemanager;
    let s = &d.shape;
    let mut working = vec![rule_resources_step(v), rule_cores_step(v, d)];
    working.push(step(
        "Executors per node",
        format!(
            "{} ÷ {} per executor = {} per node",
            crate::format::counted(nm.vcores.into(), "core"),
            crate::format::counted(u64::from(s.cores), "core"),
            crate::format::counted(s.per_node, "executor")
        ),
    ));
    working.push(rule_cluster_step(v, d));
    working.push(step(
        "Memory per executor",
        format!(
            "{} GB ÷ {} = {} GB (rounded down)",
            gb(nm.memory_mib),
            s.per_node,
            s.mem_gb
        ),
    ));
    working.push(step(
        "Overhead",
        format!(
            "max(384 MB, 0.07 × {} GB = {} GB) = {} GB",
            s.mem_gb,
            milli(70 * s.mem_gb),
            milli(s.overhead_milli)
        ),
    ));
    working.push(step(
        "Executor memory",
        format!(
            "{} GB − {} GB = {} GB → {} GB (rounded down)",
            s.mem_gb,
            milli(s.overhead_milli),
            milli((1000 * s.mem_gb).saturating_sub(s.overhead_milli)),
            s.heap_gb
        ),
    ));
    working.push(rule_check_step(v, d, placement));
    working.extend(recorded_vcores_step(v, placement));
    working
}

/// Under the DefaultResourceCalculator, what the ResourceManager will report for vcores, and
/// what really runs.
fn recorded_vcores_step(v: &Validated, p: &Placement) -> Option<Step> {
    if v.scheduler.calculator != Calculator::Default {
        return None;
    }
    let t = p.totals;
    let am = if p.am.node.is_some() {
        " and the AM"
    } else {
        ""
    };
    Some(step(
        "Vcores YARN reports",
        format!(
            "the DefaultResourceCalculator records 1 vcore per container, whatever is asked: \
             the ResourceManager shows {} of {} used ({}{am}), while each \
             executor still runs {} at once (spark.executor.cores)",
            t.granted_vcores,
            crate::format::counted(t.yarn_vcores, "vcore"),
            crate::format::counted(u64::from(t.executors), "executor"),
            crate::format::counted(u64::from(p.executor.cores), "task")
        ),
    ))
}

fn rule_resources_step(v: &Validated) -> Step {
    let (shape, nm) = (v.shape, v.shape.nodemanager);
    match v.input.cluster.yarn_resources {
        NodeManagerResources::Reserve { cores, memory_gib } => step(
            "Reserve for the OS and Hadoop daemons",
            format!(
                "{} − {cores} = {}, {} GB − {} GB = {} GB per node",
                crate::format::counted(shape.physical.vcores.into(), "core"),
                crate::format::counted(nm.vcores.into(), "core"),
                gb(shape.physical.memory_mib),
                crate::fixed::format_f64(memory_gib),
                gb(nm.memory_mib)
            ),
        ),
        NodeManagerResources::Explicit { memory_mb, vcores } => step(
            "Resources per node",
            format!(
                "YARN offers {} and {memory_mb} MB = {} GB per node",
                crate::format::counted(vcores.into(), "vcore"),
                gb(nm.memory_mib)
            ),
        ),
    }
}

fn rule_cores_step(v: &Validated, d: &RuleOfThumbDerivation) -> Step {
    let detail = match &d.search {
        None => format!(
            "{} (at most 5 concurrent tasks per executor, for HDFS throughput)",
            v.input.policy.cores_per_executor
        ),
        Some(search) => format!(
            "the fewest cores (at most {}) whose executor memory reaches {} GB: {}",
            search.max_cores,
            gb(search.target_mib),
            tried_words(search, |s| format!(
                "{} per node → {} GB",
                s.per_node, s.heap_gb
            ))
        ),
    };
    step("Cores per executor", detail)
}

fn rule_cluster_step(v: &Validated, d: &RuleOfThumbDerivation) -> Step {
    let (nodes, per_node) = (v.shape.nodes, d.shape.per_node);
    let (slots, instances) = (d.slots, d.instances);
    let share = v.input.policy.cluster_share_pct;
    step(
        "Executors in the cluster",
        if share >= 100.0 {
            format!(
                "{} × {per_node} = {slots}, minus 1 for the ApplicationMaster = {instances}",
                crate::format::counted(nodes.into(), "node")
            )
        } else {
            format!(
                "{} × {per_node} = {slots}; {}% of them = {}, minus 1 for \
                 the ApplicationMaster = {instances}",
                crate::format::counted(nodes.into(), "node"),
                crate::fixed::format_f64(share),
                d.share_slots
            )
        },
    )
}

fn rule_check_step(v: &Validated, d: &RuleOfThumbDerivation, p: &Placement) -> Step {
    let e = p.executor;
    step(
        "Checked under YARN",
        format!(
            "{}: {} MiB heap + {} MiB overhead{} = {} MiB, {}; {} of the {} fit beside \
             a {} MiB ApplicationMaster",
            format::spark_size(d.heap_mib),
            d.heap_mib,
            e.memory.overhead_mib,
            extras(&e.memory),
            e.request.memory_mib,
            granted_words(&e, &v.scheduler),
            p.totals.executors,
            crate::format::counted(u64::from(d.instances), "executor"),
            p.am.granted.memory_mib
        ),
    )
}

/// What the rule got right or wrong, in words, then the placement's findings (`placed`, from
/// [`explain_placement`]).
fn rule_warnings(
    v: &Validated,
    d: &RuleOfThumbDerivation,
    placement: &Placement,
    placed: Vec<Warning>,
) -> Vec<Warning> {
    let mut warnings = Vec::new();
    if let Some(search) = d.search.as_ref().filter(|s| !s.found) {
        warnings.push(Warning::new(
            Code::MemoryTargetUnmet,
            Severity::Warning,
            format!(
                "No cores-per-executor value up to {} gives {} GB per executor under \
                 the rule of thumb; using {}.",
                search.max_cores,
                gb(search.target_mib),
                search.max_cores
            ),
        ));
    }
    let e = placement.executor;
    warnings.push(Warning::new(
        Code::LegacyOverheadFactor,
        Severity::Info,
        format!(
            "The rule subtracts 7% for overhead, Spark's factor before 1.4. Spark now adds \
             max(384 MiB, {}) on top of the heap: {} {} heap gets {} MiB, so YARN is asked for \
             {} MiB, not the {} GB the rule budgets.",
            overhead_words(&v.input.spark),
            article(&format::spark_size(d.heap_mib)),
            format::spark_size(d.heap_mib),
            e.memory.overhead_mib,
            e.request.memory_mib,
            d.shape.mem_gb
        ),
    ));
    warnings.extend(rule_am_warning(d, placement, &placed));
    warnings.extend(rule_placement_warnings(v, d, placement, placed));
    warnings
}

/// Whether the rule's "minus one for the AM" holds, and why.
fn rule_am_warning(
    d: &RuleOfThumbDerivation,
    placement: &Placement,
    placed: &[Warning],
) -> Option<Warning> {
    // Under a queue share that binds, the share sets the count, not the AM: nothing to say
    // about the rule's "minus one" (the cluster's room is not the job's).
    if placement.fit.share_limit < placement.capacity {
        return None;
    }
    let (capacity, instances) = (placement.capacity, d.instances);
    let am_mib = placement.am.granted.memory_mib;
    let refused = placed.iter().any(|w| w.severity == Severity::Error);
    if capacity > u64::from(instances) && !refused {
        Some(Warning::new(
            Code::RoomForMore,
            Severity::Info,
            format!(
                "The rule gives up one executor for the ApplicationMaster, but YARN places the \
                 {am_mib} MiB AM in the room the executors leave: {} fit, not \
                 {instances}.",
                crate::format::counted(capacity, "executor")
            ),
        ))
    } else if capacity == u64::from(instances) && d.slots > 0 {
        Some(Warning::new(
            Code::AmSlotAssumption,
            Severity::Info,
            format!(
                "The rule gives up one executor for the ApplicationMaster. Here that holds, but by \
                 packing, not by rule: a node holds {}, so the {am_mib} MiB AM \
                 displaces one of them.",
                crate::format::counted(d.shape.per_node, "executor")
            ),
        ))
    } else {
        None
    }
}

/// The placement's findings, with "fewer fit" told in the rule's terms.
fn rule_placement_warnings(
    v: &Validated,
    d: &RuleOfThumbDerivation,
    placement: &Placement,
    mut warnings: Vec<Warning>,
) -> Vec<Warning> {
    let nm = v.shape.nodemanager;
    let e = placement.executor;
    let per_node = d.shape.per_node;
    if let Some(w) = warnings
        .iter_mut()
        .find(|w| w.code == Code::FewerExecutorsFit)
    {
        *w = Warning::new(
            Code::FewerExecutorsFit,
            Severity::Warning,
            format!(
                "YARN would not place the rule's {}: each {} container is \
                 granted {} MiB, and {per_node} of them need {} MiB where a node offers {} MiB \
                 and {} vcores, so only {} fit per node and {} in all (with the AM).",
                crate::format::counted(u64::from(d.instances), "executor"),
                format::spark_size(d.heap_mib),
                e.granted.memory_mib,
                e.granted.memory_mib.saturating_mul(per_node),
                nm.memory_mib,
                nm.vcores,
                placement.per_node,
                placement.capacity
            ),
        );
    }
    warnings
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

/// A factor as a percentage, in integers on the decimal the user typed: 0.07 is "7", where
/// the float product `0.07 * 100.0` prints as 7.000000000000001.
fn percent_text(factor: f64) -> String {
    match crate::fixed::decimal_of(factor) {
        Some((units, scale)) => crate::fixed::format_scaled(units.saturating_mul(100), scale),
        None => crate::fixed::format_f64(factor * 100.0),
    }
}

fn overhead_words(spark: &crate::input::SparkSettings) -> String {
    match spark.overhead_rule() {
        OverheadRule::Explicit(mib) => format!("the explicit {mib} MiB"),
        OverheadRule::Formula { factor, .. } => {
            format!("{}%", percent_text(factor))
        }
    }
}

/// Settings the chosen Spark version or app type ignores.
fn ignored_settings(spark: &crate::input::SparkSettings) -> Vec<Warning> {
    let mut warnings = Vec::new();
    let ignored = |text: &'static str| Warning::new(Code::SettingIgnored, Severity::Info, text);
    if spark.version == SparkVersion::V3_5 {
        if spark.executor_overhead_mib.is_none() && spark.overhead_minimum_mib != MIN_OVERHEAD_MIB {
            warnings.push(ignored(
                "spark.executor.minMemoryOverhead exists from Spark 4.0; Spark 3.5 ignores it and \
                 keeps a 384 MiB minimum.",
            ));
        }
        if spark.driver_overhead_mib.is_none()
            && spark.driver_overhead_minimum_mib != MIN_OVERHEAD_MIB
        {
            warnings.push(ignored(
                "spark.driver.minMemoryOverhead exists from Spark 4.0; Spark 3.5 ignores it and \
                 keeps a 384 MiB minimum.",
            ));
        }
    }
    if spark.app_type != crate::spark::AppType::Python && spark.pyspark_memory_mib > 0 {
        warnings.push(ignored(
            "spark.executor.pyspark.memory counts only for Python apps; this JVM app ignores it.",
        ));
    }
    warnings
}

/// A plan from a method's numbers: its placement and the executor's unified-memory pools.
fn finish(v: &Validated, instances: u32, placement: Placement, derivation: Derivation) -> Plan {
    let spark = &v.input.spark;
    let e = placement.executor;
    let fractions = spark.memory_fractions();
    let memory = unified_memory(
        e.memory.heap_mib.saturating_mul(MIB),
        fractions,
        spark.offheap_mib().saturating_mul(MIB),
        spark.task_slots_per_executor(e.cores),
    );
    let method = match derivation {
        Derivation::RuleOfThumb(_) => Method::RuleOfThumb,
        Derivation::SparkExact(_) => Method::SparkExact,
    };
    Plan {
        method,
        instances,
        placement,
        memory,
        derivation,
    }
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

/// The largest heap setting in MiB up to `limit_mib` with `runs(heap)`: whole GiB where one
/// runs (the setting people type), else MiB, never under `least`; `None` when not even 1 MiB
/// runs. The nearest heap of YARN's AM or driver and of Kubernetes' pods.
pub(crate) fn largest_heap_whole_gib_first(
    limit_mib: u64,
    least: u64,
    runs: &dyn Fn(u64) -> bool,
) -> Option<u64> {
    match largest_fitting(limit_mib / 1024, |gib| runs(gib * 1024)) {
        Some(gib) => Some(gib * 1024),
        None => Some(largest_fitting(limit_mib, runs)?.max(least)),
    }
}

/// One cores-per-executor candidate of the Spark-exact method.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExactShape {
    /// Cores per executor.
    pub cores: u32,
    /// Executors per node: the node's vcores ÷ cores per executor.
    pub per_node: u64,
    /// Memory budget per container: the node's memory ÷ executors per node, at most the
    /// maximum allocation.
    pub budget_mib: u64,
    /// The largest heap (a multiple of the granularity) whose granted container fits the
    /// budget; `None` when not even one step fits.
    pub heap_mib: Option<u64>,
}

fn exact_shape(v: &Validated, cores: u32) -> ExactShape {
    let nm = v.shape.nodemanager;
    let by_vcores = u64::from(nm.vcores / cores.max(1));
    // A node's GPUs hold fewer executors than its vcores: each gets the memory of the fewer.
    // (None fitting by GPUs is the placement's refusal, not a shape.)
    let per_node = match v.input.spark.gpus.executors_per_node(v.shape.gpus) {
        Some(by_gpus) if by_gpus > 0 => by_vcores.min(by_gpus),
        _ => by_vcores,
    };
    let budget_mib = (nm.memory_mib / per_node.max(1)).min(v.scheduler.maximum_allocation_mb);
    let step = v.input.policy.granularity.step_mib();
    ExactShape {
        cores,
        per_node,
        budget_mib,
        heap_mib: largest_heap(v, cores, budget_mib, step),
    }
}

/// Every number of the Spark-exact working, computed without text.
#[derive(Debug, Clone, PartialEq)]
pub struct SparkExactDerivation {
    /// The most cores per executor: the policy's, lowered to
    /// `yarn.scheduler.maximum-allocation-vcores` when above it.
    pub max_cores: u32,
    /// The memory-target search, when a target is set.
    pub search: Option<CoreSearch<ExactShape>>,
    /// The shape used.
    pub shape: ExactShape,
    /// The node's memory ÷ executors per node, before the maximum allocation caps it.
    pub by_node_mib: u64,
    /// The heap used (one granularity step when nothing fits).
    pub heap_mib: u64,
    /// The heap's container rounded up to the scheduler's step, before the maximum caps it.
    pub rounded_mib: u64,
    /// What YARN grants for it.
    pub granted_mib: u64,
    /// One step more heap.
    pub next_heap_mib: u64,
    /// What one step more heap would need, rounded.
    pub next_rounded_mib: u64,
    /// The largest heap that fits, when it would run without compressed object pointers and
    /// the plan takes `31g` instead.
    pub compressed_oops_cap: Option<CompressedOopsCap>,
}

/// The largest fitting heap that the plan lowered to keep compressed object pointers, with
/// the container it would have had: the memory the lower heap frees is the difference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CompressedOopsCap {
    /// The largest heap whose container fits the budget.
    pub fitting_heap_mib: u64,
    /// Its container as Spark requests it.
    pub fitting_request_mib: u64,
    /// Its container rounded up to the scheduler's step.
    pub fitting_rounded_mib: u64,
    /// What YARN would grant it.
    pub fitting_granted_mib: u64,
}

impl CompressedOopsCap {
    /// The memory per executor the lower heap frees: what the fitting heap would be granted
    /// less `granted_mib`, what the plan's heap is.
    pub fn freed_mib(&self, granted_mib: u64) -> u64 {
        self.fitting_granted_mib.saturating_sub(granted_mib)
    }
}

/// The compressed-pointer cap of a fitting heap: the heaps a 31g heap holds about as much
/// as are lowered to 31g, unless the policy turns it off or the memory target asks for more
/// than 31g.
fn compressed_oops_cap(v: &Validated, cores: u32, fitting: u64) -> Option<CompressedOopsCap> {
    let target = v.input.policy.memory_target_mib.unwrap_or(0);
    if !v.input.policy.keep_compressed_oops
        || !crate::memory::loses_compressed_oops(fitting)
        || target > crate::memory::LARGEST_COMPRESSED_OOPS_HEAP_MIB
    {
        return None;
    }
    let request = request_for(v, fitting, cores);
    Some(CompressedOopsCap {
        fitting_heap_mib: fitting,
        fitting_request_mib: request.memory_mib,
        fitting_rounded_mib: rounded_memory_mib(request, &v.scheduler),
        fitting_granted_mib: granted_for(v, fitting, cores).memory_mib,
    })
}

/// The Spark-exact plan for a validated input: numbers only, no text (for sweeps).
pub fn spark_exact_numbers(v: &Validated) -> Plan {
    let policy = &v.input.policy;
    let max_cores = policy
        .cores_per_executor
        .min(v.scheduler.maximum_allocation_vcores);
    let search = policy.memory_target_mib.map(|target| {
        // Fewer cores than one task needs (spark.task.cpus) is no executor Spark starts.
        let heap_of = |s: &ExactShape| s.heap_mib.filter(|_| s.cores >= v.input.spark.task_cpus);
        fewest_cores(max_cores, target, |c| exact_shape(v, c), heap_of)
    });
    let most = || exact_shape(v, max_cores);
    let shape = search
        .as_ref()
        .map_or_else(most, |s| searched_shape(s, most));
    let step_mib = policy.granularity.step_mib();
    let fitting = shape.heap_mib.unwrap_or(step_mib);
    let cores = shape.cores;
    let next_heap_mib = fitting.saturating_add(step_mib);
    let compressed_oops_cap = compressed_oops_cap(v, cores, fitting);
    let heap = match compressed_oops_cap {
        Some(_) => crate::memory::LARGEST_COMPRESSED_OOPS_HEAP_MIB,
        None => fitting,
    };
    let containers = Containers::from_settings(&v.input.spark, heap, cores);
    let placement = place_numbers(
        &v.shape,
        &v.scheduler,
        &containers,
        ExecutorCount::AsManyAsFit,
        policy.cluster_share_pct,
    );
    let d = SparkExactDerivation {
        max_cores,
        search,
        shape,
        by_node_mib: v.shape.nodemanager.memory_mib / shape.per_node.max(1),
        heap_mib: heap,
        rounded_mib: rounded_memory_mib(request_for(v, heap, cores), &v.scheduler),
        granted_mib: granted_for(v, heap, cores).memory_mib,
        next_heap_mib,
        next_rounded_mib: rounded_memory_mib(request_for(v, next_heap_mib, cores), &v.scheduler),
        compressed_oops_cap,
    };
    let instances = placement.totals.executors;
    finish(v, instances, placement, Derivation::SparkExact(d))
}

/// The Spark-exact working steps, from its numbers.
fn exact_working(v: &Validated, d: &SparkExactDerivation, placement: &Placement) -> Vec<Step> {
    let s = &d.shape;
    let mut working = vec![exact_resources_step(v)];
    if let Some(search) = &d.search {
        let tried = tried_words(search, |s| {
            s.heap_mib
                .map_or("nothing fits".to_string(), crate::format::spark_size)
        });
        working.push(step(
            "Cores per executor",
            format!(
                "the fewest cores (at most {}) whose largest fitting heap reaches {} MiB: {tried}",
                search.max_cores, search.target_mib
            ),
        ));
    }
    working.push(step(
        "Executors per node",
        executors_per_node_words(v, s.cores, s.per_node),
    ));
    working.push(exact_budget_step(v, d));
    working.push(exact_heap_step(v, d, placement));
    working.extend(compressed_oops_step(d, placement));
    working.push(am_step(&placement.am));
    working.extend(exact_count_steps(d, placement, &v.input.spark));
    working.extend(recorded_vcores_step(v, placement));
    working
}

/// "16 vcores ÷ 4 per executor = 4 per node", and a node's GPUs ÷ an executor's when executors
/// ask for GPUs.
fn executors_per_node_words(v: &Validated, cores: u32, per_node: u64) -> String {
    let nm = v.shape.nodemanager;
    let by_vcores = nm.vcores / cores.max(1);
    let vcores = crate::format::counted(nm.vcores.into(), "vcore");
    let cores = crate::format::counted(u64::from(cores), "core");
    let gpus = v.input.spark.gpus;
    match gpus.executors_per_node(v.shape.gpus) {
        None => format!(
            "{vcores} ÷ {cores} per executor = {} per node",
            crate::format::counted(per_node, "executor")
        ),
        Some(by_gpus) => format!(
            "{vcores} ÷ {cores} per executor = {}; {} ÷ {} per executor = {by_gpus}: {} per \
             node",
            by_vcores,
            crate::format::counted(v.shape.gpus, "GPU"),
            gpus.executor,
            crate::format::counted(per_node, "executor")
        ),
    }
}

fn exact_resources_step(v: &Validated) -> Step {
    let nm = v.shape.nodemanager;
    step(
        "NodeManager resources",
        match v.input.cluster.yarn_resources {
            NodeManagerResources::Reserve { cores, memory_gib } => format!(
                "{} MiB − {} GiB = {} MiB and {} − {cores} = {} per node",
                v.shape.physical.memory_mib,
                crate::fixed::format_f64(memory_gib),
                nm.memory_mib,
                v.shape.physical.vcores,
                crate::format::counted(nm.vcores.into(), "vcore")
            ),
            NodeManagerResources::Explicit { .. } => format!(
                "yarn.nodemanager.resource.memory-mb = {} MiB, cpu-vcores = {} per node",
                nm.memory_mib, nm.vcores
            ),
        },
    )
}

fn exact_budget_step(v: &Validated, d: &SparkExactDerivation) -> Step {
    let (memory, per_node) = (v.shape.nodemanager.memory_mib, d.shape.per_node);
    let (budget, by_node) = (d.shape.budget_mib, d.by_node_mib);
    step(
        "Memory budget per container",
        if budget < by_node {
            format!(
                "{memory} MiB ÷ {per_node} = {by_node} MiB, capped by \
                 yarn.scheduler.maximum-allocation-mb at {budget} MiB"
            )
        } else {
            format!("{memory} MiB ÷ {per_node} = {budget} MiB")
        },
    )
}

fn exact_heap_step(v: &Validated, d: &SparkExactDerivation, placement: &Placement) -> Step {
    let budget = d.shape.budget_mib;
    let e = &placement.executor;
    // The largest fitting heap's own numbers: the plan's, or those of the heap it lowered.
    let (heap, request, rounded, granted) = match d.compressed_oops_cap {
        Some(c) => (
            c.fitting_heap_mib,
            c.fitting_request_mib,
            c.fitting_rounded_mib,
            c.fitting_granted_mib,
        ),
        None => (
            d.heap_mib,
            e.request.memory_mib,
            d.rounded_mib,
            d.granted_mib,
        ),
    };
    let detail = match d.shape.heap_mib {
        Some(_) => format!(
            "{}: {heap} MiB + {} MiB overhead{} = {request} MiB, rounded up to a multiple of {} \
             MiB = {rounded}{} MiB ≤ {budget} MiB; {} would need {} MiB",
            format::spark_size(heap),
            overhead_formula(v.input.spark.overhead_rule(), heap),
            extras(&e.memory),
            v.scheduler.step_mb(),
            capped_words(rounded, granted),
            format::spark_size(d.next_heap_mib),
            d.next_rounded_mib
        ),
        None => format!(
            "not even {} fits in {budget} MiB ({granted} MiB granted)",
            format::spark_size(heap),
        ),
    };
    step("Largest heap that fits", detail)
}

/// The step that lowers a heap without compressed object pointers to 31g, with what it frees.
fn compressed_oops_step(d: &SparkExactDerivation, placement: &Placement) -> Option<Step> {
    let cap = d.compressed_oops_cap?;
    let e = &placement.executor;
    let freed = cap.freed_mib(d.granted_mib);
    Some(step(
        "Compressed object pointers",
        format!(
            "{} ≥ 32 GiB loses compressed pointers; {}: {} MiB + {} MiB overhead, granted {} \
             MiB, {freed} MiB freed",
            format::spark_size(cap.fitting_heap_mib),
            format::spark_size(d.heap_mib),
            d.heap_mib,
            e.memory.overhead_mib,
            e.granted.memory_mib,
        ),
    ))
}

fn am_step(am: &AmShape) -> Step {
    step(
        "ApplicationMaster",
        format!(
            "{}: {} MiB + {} MiB overhead = {} MiB, granted {} MiB and {}, placed on node 1",
            match am.deploy_mode {
                DeployMode::Cluster => "cluster mode, the AM hosts the driver",
                DeployMode::Client => "client mode, a small AM (ExecutorLauncher)",
            },
            am.heap_mib,
            am.overhead_mib,
            am.request.memory_mib,
            am.granted.memory_mib,
            crate::format::counted(am.granted.vcores.into(), "vcore")
        ),
    )
}

fn exact_count_steps(d: &SparkExactDerivation, p: &Placement, spark: &SparkSettings) -> [Step; 2] {
    let t = p.totals;
    let groups: Vec<String> = p
        .layout
        .iter()
        .map(|g| {
            let nodes = if g.first_node == g.last_node {
                format!("node {}", g.first_node)
            } else {
                format!("nodes {}–{}", g.first_node, g.last_node)
            };
            let where_ = if g.has_am() {
                " beside the AM"
            } else {
                " each"
            };
            format!("{nodes}: {}{where_}", g.executors_per_node())
        })
        .collect();
    [
        step(
            "Executors that fit",
            format!(
                "{} = {}",
                crate::text::join(&groups, "; "),
                crate::format::counted(u64::from(t.executors), "executor")
            ),
        ),
        task_slots_step(spark, t.executors, d.shape.cores, t.task_slots),
    ]
}

/// Executors × cores = task slots; with `spark.task.cpus` above 1, each executor's cores are
/// divided by it first (rounded down, as Spark's `ResourceProfile.maxTasksPerExecutor` does).
fn task_slots_step(spark: &SparkSettings, executors: u32, cores: u32, task_slots: u64) -> Step {
    let task_cpus = spark.task_cpus;
    let executors = crate::format::counted(u64::from(executors), "executor");
    let tasks = crate::format::counted(task_slots, "task");
    let gpus = crate::resources::gpu_slots_words(cores, task_cpus, &spark.gpus);
    let text = if let Some(each) = gpus {
        format!("{executors} × ({each}) = {tasks} at once")
    } else if task_cpus > 1 {
        format!(
            "{executors} × ({} ÷ {task_cpus} spark.task.cpus = {} each) = {tasks} at once",
            crate::format::counted(u64::from(cores), "core"),
            crate::format::counted(
                u64::from(crate::input::task_slots_per_executor(cores, task_cpus)),
                "task"
            )
        )
    } else {
        format!(
            "{executors} × {} = {tasks} at once",
            crate::format::counted(u64::from(cores), "core")
        )
    };
    step("Task slots", text)
}

/// Spark-exact's own findings: lowered cores, an unmet target, a heap capped by the maximum.
fn exact_warnings(v: &Validated, d: &SparkExactDerivation) -> Vec<Warning> {
    let mut warnings = Vec::new();
    let (asked, max_vcores) = (
        v.input.policy.cores_per_executor,
        v.scheduler.maximum_allocation_vcores,
    );
    if asked > max_vcores {
        warnings.push(Warning::new(
            Code::CoresLoweredToMaximum,
            Severity::Warning,
            format!(
                "{} per executor is above yarn.scheduler.maximum-allocation-vcores = \
                 {max_vcores}; Spark-exact uses {}.",
                crate::format::counted(asked.into(), "core"),
                crate::format::counted(max_vcores.into(), "core")
            ),
        ));
    }
    if let Some(search) = d.search.as_ref().filter(|s| !s.found) {
        let (max_cores, target) = (search.max_cores, search.target_mib);
        warnings.push(Warning::new(
            Code::MemoryTargetUnmet,
            Severity::Warning,
            format!(
                "No cores-per-executor value up to {max_cores} leaves a {target} MiB \
                 heap; using {}.",
                crate::format::counted(max_cores.into(), "core")
            ),
        ));
    }
    warnings.extend(compressed_oops_warning(d));
    let (budget, by_node) = (d.shape.budget_mib, d.by_node_mib);
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
    warnings
}

/// Memory left unused mostly by the heaps kept at 31g is the plan's choice, not a shape that
/// wastes the nodes: the finding says how much the lower heaps free and is a note, so the
/// answer does not argue with its own headline.
fn unused_by_choice(
    warnings: &mut [Warning],
    d: &SparkExactDerivation,
    totals: &crate::place::Totals,
) {
    let Some(cap) = d.compressed_oops_cap else {
        return;
    };
    let freed = cap
        .freed_mib(d.granted_mib)
        .saturating_mul(u64::from(totals.executors));
    for w in warnings.iter_mut() {
        if w.code == Code::MemoryUnused && freed.saturating_mul(2) >= totals.unused_memory_mib {
            w.severity = Severity::Info;
            w.message.push_str(&format!(
                " Of it, {} is what the heaps below 32 GiB free (the note on the {} heap).",
                crate::format::gib(freed.min(totals.unused_memory_mib)),
                format::spark_size(d.heap_mib)
            ));
        }
    }
}

/// The note beside a heap lowered to 31g: which heap would fit and what the lower one frees.
fn compressed_oops_warning(d: &SparkExactDerivation) -> Option<Warning> {
    let cap = d.compressed_oops_cap?;
    let freed = cap.freed_mib(d.granted_mib);
    Some(Warning::new(
        Code::HeapKeptBelowCompressedOopsLimit,
        Severity::Info,
        format!(
            "{}, not the {} that would fit: from 32 GiB the JVM drops compressed pointers, so \
             31g holds as much and frees {freed} MiB per executor ({} MiB per node). \"Heap \
             below 32 GiB\" off keeps the larger heap.",
            format::spark_size(d.heap_mib),
            format::spark_size(cap.fitting_heap_mib),
            freed.saturating_mul(d.shape.per_node)
        ),
    ))
}

/// " MiB, capped at … = X" (before the caller's " MiB") when YARN caps a rounded request at the
/// maximum allocation; nothing otherwise.
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
            crate::fixed::format_f64(factor),
            rule.overhead_mib(heap)
        ),
    }
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

fn has(warnings: &[Warning], code: Code) -> bool {
    warnings.iter().any(|w| w.code == code)
}

/// Why the two methods' answers differ, in words (empty when they agree).
pub fn differences(c: &Comparison) -> Vec<Warning> {
    let (rule, exact) = (&c.rule_of_thumb, &c.spark_exact);
    let exact_warnings = warnings(c, Method::SparkExact);
    crate::warning::present(&mut [
        cores_difference(rule, exact, &exact_warnings),
        heap_difference(rule, exact),
        count_difference(rule, exact, &exact_warnings),
    ])
}

fn cores_difference(rule: &Plan, exact: &Plan, exact_warnings: &[Warning]) -> Option<Warning> {
    if rule.cores() == exact.cores() {
        return None;
    }
    let why = if has(exact_warnings, Code::CoresLoweredToMaximum) {
        "yarn.scheduler.maximum-allocation-vcores allows no more"
    } else {
        "with real container sizes a different core count is the fewest that reaches the \
         memory target"
    };
    Some(Warning::new(
        Code::MethodsDiffer,
        Severity::Info,
        format!(
            "Cores per executor: Spark-exact uses {} where the rule of thumb uses {}: {why}.",
            exact.cores(),
            rule.cores()
        ),
    ))
}

fn heap_difference(rule: &Plan, exact: &Plan) -> Option<Warning> {
    if rule.heap_mib() == exact.heap_mib() {
        return None;
    }
    let e = rule.placement.executor;
    let why = if rule.placement.fit.executor_memory_refused {
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
    } else if let Some(cap) = exact_oops_cap(exact) {
        format!(
            "{} would fit {} per node, but loses compressed pointers",
            format::spark_size(cap.fitting_heap_mib),
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
    Some(Warning::new(
        Code::MethodsDiffer,
        Severity::Info,
        format!(
            "Executor memory: Spark-exact sets {} where the rule of thumb says {}: {why}.",
            exact.heap_setting(),
            rule.heap_setting()
        ),
    ))
}

fn exact_oops_cap(exact: &Plan) -> Option<CompressedOopsCap> {
    match &exact.derivation {
        Derivation::SparkExact(d) => d.compressed_oops_cap,
        Derivation::RuleOfThumb(_) => None,
    }
}

fn count_difference(rule: &Plan, exact: &Plan, exact_warnings: &[Warning]) -> Option<Warning> {
    let (ri, ei) = (rule.placement.totals.executors, exact.instances);
    if rule.instances == ei {
        return None;
    }
    let fit = &rule.placement.fit;
    let am_squeezed = exact.placement.layout.first().is_some_and(|g| {
        g.has_am() && u64::from(g.executors_per_node()) == exact.placement.per_node
    });
    let why = if fit.executor_memory_refused || fit.executor_vcores_refused {
        "YARN refuses the rule's executors altogether (see its errors)".to_string()
    } else if ei > rule.instances && am_squeezed {
        let calc = if has(exact_warnings, Code::VcoresOvercommitted)
            || has(exact_warnings, Code::VcoresIgnored)
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
            "only {ri} of the rule's {} would actually be placed",
            crate::format::counted(u64::from(rule.instances), "executor")
        )
    } else {
        "YARN's packing, not a fixed −1 for the AM, decides the count".to_string()
    };
    Some(Warning::new(
        Code::MethodsDiffer,
        Severity::Info,
        format!(
            "Executors: Spark-exact plans {ei} where the rule of thumb says {}: {why}.",
            rule.instances
        ),
    ))
}

/// When `method`'s plan runs fewer executors than it asks for (none, or some): why, and the
/// nearest plan that runs. `None` when every executor asked for runs.
pub fn shortfall(c: &Comparison, method: Method) -> Option<Shortfall> {
    let p = c.plan_of(method);
    let (asked, runs) = (p.instances, p.placement.totals.executors);
    if runs >= asked && runs > 0 {
        return None;
    }
    let blocker = blocker(&c.input, &p.placement);
    let nearest = match blocker {
        Blocker::TooLarge {
            what: Process::ApplicationMaster,
            ..
        } => nearest_am_heap(&c.input, method),
        _ => {
            let e = &c.spark_exact;
            let runs_all = e.placement.totals.executors == e.instances && e.instances > 0;
            (method == Method::RuleOfThumb && runs_all).then(|| Nearest::SparkExact(shape_of(e)))
        }
    };
    Some(Shortfall {
        asked: u64::from(asked),
        runs: u64::from(runs),
        blocker,
        nearest: crate::warning::present(&mut [nearest]),
    })
}

/// A plan's executors, cores and heap.
fn shape_of(p: &Plan) -> Shape {
    Shape {
        executors: u64::from(p.instances),
        cores: p.cores(),
        heap_mib: p.heap_mib(),
    }
}

/// A YARN resource as a shortfall's size (a vcore is 1,000 millicores).
fn size_of(r: Resource) -> Size {
    Size {
        cpu_millis: u64::from(r.vcores).saturating_mul(1000),
        memory_mib: r.memory_mib,
    }
}

/// What stops a YARN placement's executors (also EMR's requests, placed the same way).
pub(crate) fn blocker(v: &Validated, p: &Placement) -> Blocker {
    let maximum = Limit::MaximumAllocation(size_of(Resource::new(
        v.scheduler.maximum_allocation_mb,
        v.scheduler.maximum_allocation_vcores,
    )));
    let node = Limit::Node(size_of(v.shape.nodemanager));
    let too_large = |what, request, limit| Blocker::TooLarge {
        what,
        request: size_of(request),
        limit,
    };
    let f = &p.fit;
    if f.am_refused {
        too_large(Process::ApplicationMaster, p.am.request, maximum)
    } else if f.am_too_large {
        too_large(Process::ApplicationMaster, p.am.granted, node)
    } else if f.executor_memory_refused || f.executor_vcores_refused {
        too_large(Process::Executor, p.executor.request, maximum)
    } else if f.executor_too_large {
        too_large(Process::Executor, p.executor.granted, node)
    } else if f.gpus_short() || f.gpus_bind() {
        Blocker::Gpus {
            capacity: p.capacity.min(f.share_limit),
            executor_gpus: p.executor.gpus,
            node_gpus: v.shape.gpus,
        }
    } else {
        Blocker::Room {
            capacity: p.capacity.min(f.share_limit),
        }
    }
}

/// The largest AM heap whose container runs, searched in whole GiB and then in MiB, with the
/// plan `method` gives for it; `None` when not even Spark's smallest heap runs.
fn nearest_am_heap(v: &Validated, method: Method) -> Option<Nearest> {
    let cluster = v.input.spark.deploy_mode == DeployMode::Cluster;
    let with_heap = |heap_mib: u64| -> Option<Plan> {
        let mut input = v.input.clone();
        if cluster {
            input.spark.driver_memory_mib = heap_mib;
        } else {
            input.spark.am_memory_mib = heap_mib;
        }
        let v = input.validate().ok()?;
        Some(match method {
            Method::RuleOfThumb => rule_of_thumb_numbers(&v),
            Method::SparkExact => spark_exact_numbers(&v),
        })
    };
    // The driver's heap has Spark's floor; the client-mode AM's JVM does not start Spark's
    // memory manager, so 1 MiB is its least.
    let least = if cluster {
        crate::memory::MIN_HEAP_MIB
    } else {
        1
    };
    // A plan that runs: the AM and at least one executor beside it (a smaller AM that leaves
    // no room for any executor is no plan to offer).
    let runs = |heap_mib: u64| {
        with_heap(heap_mib.max(least))
            .is_some_and(|p| p.placement.fit.am_runs() && p.placement.totals.executors > 0)
    };
    let node_mib = v.shape.nodemanager.memory_mib;
    let heap_mib = largest_heap_whole_gib_first(node_mib, least, &runs)?;
    let p = with_heap(heap_mib)?;
    Some(Nearest::Heap {
        field: if cluster {
            crate::FieldId::DriverMemory
        } else {
            crate::FieldId::AmMemory
        },
        heap_mib,
        // The executors that run beside the smaller driver: the rule of thumb asks for as many
        // as if the driver took no room, and fewer fit on the node that hosts it.
        shape: Shape {
            executors: u64::from(p.placement.totals.executors),
            ..shape_of(&p)
        },
    })
}

/// The shortfall in words: what stops the executors and by how much (when none runs, the
/// reason alone: a headline says "No executor runs").
pub fn shortfall_words(c: &Comparison, s: &Shortfall) -> String {
    crate::format::in_text(&shortfall_words_ungrouped(c, s))
}

fn shortfall_words_ungrouped(c: &Comparison, s: &Shortfall) -> String {
    if s.asked == 0 && matches!(s.blocker, Blocker::Room { .. }) {
        // Nothing asked though the executors fit: the queue share holds none beside the AM
        // (the share's warning says how much it is).
        return "The job's share of the cluster holds no executor beside the AM.".to_string();
    }
    let ran = format!(
        "YARN runs only {} of the {} ({} fewer)",
        s.runs,
        crate::format::counted(s.asked, "executor"),
        s.asked.saturating_sub(s.runs)
    );
    let why = match s.blocker {
        Blocker::TooLarge {
            what,
            request,
            limit,
        } => {
            let refused = matches!(limit, Limit::MaximumAllocation(_));
            let what = match (what, c.input.input.spark.deploy_mode) {
                (Process::Executor | Process::ExecutorPod, _) => None,
                (_, DeployMode::Cluster) => Some("The ApplicationMaster, which hosts the driver,"),
                (_, DeployMode::Client) => Some("The ApplicationMaster"),
            };
            let (what, then) = match (what, refused) {
                (None, true) => ("Each executor", "YARN or spark-submit refuses them"),
                (None, false) => ("Each executor", "none can start"),
                (Some(am), true) => (am, "spark-submit refuses the application"),
                (Some(am), false) => (am, "it can never start"),
            };
            format!("{what} {}: {then}", over_limit(request, limit))
        }
        Blocker::Room { capacity } | Blocker::PodLimit { capacity, .. } => {
            format!("the cluster holds {capacity} with the AM in place")
        }
        Blocker::Gpus {
            capacity: 0,
            executor_gpus,
            node_gpus,
        } => {
            // The words end with their own full stop.
            let words = crate::place::gpus_short_words(executor_gpus, node_gpus);
            words.trim_end_matches('.').to_string()
        }
        Blocker::Gpus {
            capacity,
            executor_gpus,
            node_gpus,
        } => crate::shortfall::gpu_blocker_words(capacity, executor_gpus, node_gpus),
    };
    match s.blocker {
        Blocker::Room { .. } | Blocker::PodLimit { .. } => format!("{ran}: {why}."),
        Blocker::Gpus { capacity, .. } if capacity > 0 => format!("{ran}: {why}."),
        _ if s.runs == 0 => format!("{why}."),
        _ => format!("{ran}. {why}."),
    }
}

/// "asks for X MiB, Y MiB more than … (Z MiB)", or the vcores when memory is within the limit.
fn over_limit(request: Size, limit: Limit) -> String {
    let (memory_limit, vcores_limit) = match limit {
        Limit::MaximumAllocation(_) => (
            "yarn.scheduler.maximum-allocation-mb",
            "yarn.scheduler.maximum-allocation-vcores",
        ),
        Limit::Node(_) => ("a node's YARN memory", "a node's vcores"),
    };
    let limit = limit.size();
    if request.memory_mib > limit.memory_mib {
        format!(
            "asks for {} MiB, {} MiB more than {memory_limit} ({} MiB)",
            request.memory_mib,
            request.memory_mib - limit.memory_mib,
            limit.memory_mib
        )
    } else {
        format!(
            "asks for {}, {} more than {vcores_limit} ({})",
            crate::format::counted(request.vcores(), "vcore"),
            request.vcores().saturating_sub(limit.vcores()),
            limit.vcores()
        )
    }
}

/// The nearest plan that runs, in words.
pub fn nearest_words(n: &Nearest) -> String {
    crate::format::in_text(&nearest_words_ungrouped(n))
}

fn nearest_words_ungrouped(n: &Nearest) -> String {
    let shape = |s: Shape| {
        format!(
            "{} × {} × {}",
            crate::format::counted(s.executors, "executor"),
            crate::format::counted(u64::from(s.cores), "core"),
            format::spark_size(s.heap_mib)
        )
    };
    match *n {
        Nearest::Heap {
            field,
            heap_mib,
            shape: s,
        } => format!(
            "Nearest plan that runs: {}={} gives {}.",
            field.label(),
            format::spark_size(heap_mib),
            shape(s)
        ),
        Nearest::SparkExact(s) => format!(
            "Nearest plan that runs every executor: Spark-exact's {}.",
            shape(s)
        ),
        Nearest::Fewer(s) | Nearest::SmallerHeap(s) | Nearest::LargestThatFits(s) => {
            format!("Nearest plan that runs: {}.", shape(s))
        }
    }
}

/// Overhead factors at or above this are likely mistakes: the overhead would be at least as
/// large as the heap (Spark's defaults are 0.1, and 0.4 for Python and R on Kubernetes).
const LARGE_OVERHEAD_FACTOR: f64 = 1.0;

/// A likely mistake: an overhead factor of 1 or more (`key` = `factor`, at `field`). Spark
/// accepts it, so the plan keeps it; the warning says what it means.
pub(crate) fn large_overhead_factor_warning(
    key: &str,
    factor: f64,
    field: crate::catalog::FieldId,
) -> Option<Warning> {
    (factor >= LARGE_OVERHEAD_FACTOR).then(|| {
        Warning::new(
            Code::LargeOverheadFactor,
            Severity::Warning,
            format!(
                "{key} = {} adds {}% of the heap as overhead, on top of the heap. Spark accepts \
                 it, but its default is 0.1 (10%): the factor is a fraction of the heap, not a \
                 percentage.",
                crate::fixed::format_f64(factor),
                percent_text(factor)
            ),
        )
        .about(field)
    })
}

/// Likely mistakes among the YARN settings Spark accepts: overhead factors of 1 or more, where
/// no explicit overhead replaces them.
/// `yarn.nodemanager.resource.memory-mb` above the node's memory: YARN fills what the
/// NodeManager offers, so containers hold more than the machine has (nothing left for the OS
/// and daemons); the kernel then kills processes or swaps. Only a typed NodeManager memory can
/// do this (the reserved memory is taken from the node's otherwise).
fn nodemanager_above_node(shape: &crate::input::NodeShape) -> Option<Warning> {
    let (offered, node) = (shape.nodemanager.memory_mib, shape.physical.memory_mib);
    (offered > node).then(|| {
        Warning::new(
            Code::NodeManagerAboveNode,
            Severity::Warning,
            format!(
                "yarn.nodemanager.resource.memory-mb offers containers {}, {} more than the \
                 node's {}: YARN fills what it is offered, so the containers can use more \
                 memory than the machine has, with nothing left for the OS and daemons (the \
                 kernel's out-of-memory killer or swapping follow). Offer less than the node's \
                 memory.",
                crate::catalog::Unit::MiB.format_whole(offered),
                crate::catalog::Unit::MiB.format_whole(offered - node),
                crate::catalog::Unit::MiB.format_whole(node)
            ),
        )
        .about(crate::catalog::FieldId::NodeManagerMemory)
    })
}

fn likely_mistakes(spark: &crate::input::SparkSettings) -> Vec<Warning> {
    use crate::catalog::FieldId;
    let mut warnings = Vec::new();
    if spark.executor_overhead_mib.is_none() {
        warnings.extend(large_overhead_factor_warning(
            crate::spark::keys::EXECUTOR_OVERHEAD_FACTOR,
            spark.overhead_factor,
            FieldId::OverheadFactor,
        ));
    }
    if spark.driver_overhead_mib.is_none() && spark.deploy_mode == DeployMode::Cluster {
        warnings.extend(large_overhead_factor_warning(
            crate::spark::keys::DRIVER_OVERHEAD_FACTOR,
            spark.driver_overhead_factor,
            FieldId::DriverOverheadFactor,
        ));
    }
    warnings
}

#[cfg(test)]
mod percent_tests {
    use super::*;

    #[test]
    fn factors_print_as_the_percentages_typed() {
        assert_eq!(percent_text(0.07), "7");
        assert_eq!(percent_text(0.1), "10");
        assert_eq!(percent_text(0.1875), "18.75");
        assert_eq!(percent_text(1.5), "150");
    }
}
