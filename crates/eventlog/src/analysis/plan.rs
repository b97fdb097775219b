//! The right-sized plan, numbers first: the executor heap from the measured peak (never below
//! it, with headroom, more when samples are few), the overhead from RSS minus heap when
//! measured, cores and executors from what the run kept busy, `spark.sql.shuffle.partitions`
//! from the shuffle it saw (the planner's workload rule), the driver from its peak; then the
//! settings placed with the planner's exact math (the configuration check's placement) on the
//! run's cluster or a given one, beside the run's own settings placed on the same cluster.

use planner::check::{self, Check, Format, Origin, SideNumbers};
use planner::input::{MaximumAllocation, NodeManagerResources, PlanInput};
use planner::k8s::K8sInput;
use planner::scenario::Scenario;
use planner::spark::keys as k;
use planner::yarn::Calculator;

use super::executors::{ExecutorsSummary, LossCause};
use super::peaks::PeaksSummary;
use super::settings::{Master, RunSettings};
use super::stages::StageSummary;
use crate::metrics::Metric;
use crate::run::{FailureKind, Run};

const MIB: u64 = 1 << 20;

/// What the plan is made from.
pub struct Basis<'a> {
    /// The run.
    pub run: &'a Run,
    /// Its settings.
    pub settings: &'a RunSettings,
    /// Its executors.
    pub executors: &'a ExecutorsSummary,
    /// Its peaks.
    pub peaks: &'a PeaksSummary,
    /// Its stages.
    pub stages: &'a [StageSummary],
    /// Its workload.
    pub workload: planner::workload::Workload,
    /// A cluster to place the plan on instead of the run's.
    pub cluster: Option<&'a Scenario>,
}

/// Where the heap comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "json",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum HeapBasis {
    /// The measured `JVMHeapMemory` peak and headroom.
    MeasuredPeak,
    /// Tasks ran out of heap: the run's heap × 1.5 at least.
    OutOfMemory,
    /// Not measured: the run's heap is kept.
    NotMeasured,
}

/// The executor heap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HeapAdvice {
    /// The run's `spark.executor.memory`, MiB.
    pub configured_mib: u64,
    /// The executors' `JVMHeapMemory` peak, bytes.
    pub peak_bytes: Option<u64>,
    /// Samples of executor metrics it rests on.
    pub samples: u64,
    /// The headroom added, percent.
    pub headroom_percent: u64,
    /// The recommended `spark.executor.memory`, MiB (whole GiB).
    pub heap_mib: u64,
    /// Why.
    pub basis: HeapBasis,
}

/// Where the overhead comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "json",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum OverheadBasis {
    /// Process-tree RSS minus the heap, measured, with headroom.
    Measured,
    /// Executors were killed for exceeding their container or pod memory: the run's
    /// overhead × 1.5 at least.
    KilledForMemory,
    /// Spark's rule (`max(384 MiB, factor × heap)`), or the run's explicit setting kept.
    SparkRule,
}

/// The executor overhead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OverheadAdvice {
    /// The overhead the run's containers had, MiB.
    pub configured_mib: u64,
    /// The largest process-tree RSS (JVM, Python, other) minus `JVMHeapMemory` of one executor,
    /// bytes.
    pub measured_bytes: Option<u64>,
    /// `spark.executor.memoryOverhead` to set, MiB (none: Spark's rule).
    pub overhead_mib: Option<u64>,
    /// Why.
    pub basis: OverheadBasis,
}

/// How the executor count was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "json",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum CountBasis {
    /// Never more tasks ran at once than these executors' slots hold.
    MostBusySlots,
    /// Every slot was busy at times: the run's count is kept (more may be faster).
    AllSlotsBusy,
}

/// Core-hours and GiB-hours, in ms-units (core-ms, MiB-ms) so that the words divide once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Usage {
    /// Cores held × time, core-ms.
    pub core_ms_reserved: u64,
    /// Task time × `spark.task.cpus`, core-ms.
    pub core_ms_used: u64,
    /// Container memory × time, MiB-ms.
    pub mib_ms_reserved: u64,
    /// Measured peak memory × time (RSS when logged, else heap), MiB-ms.
    pub mib_ms_used: Option<u64>,
}

/// The plan placed on a cluster.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Placed {
    /// The recommended settings' numbers on the cluster.
    pub recommended: Option<SideNumbers>,
    /// The run's settings' numbers on the same cluster.
    pub as_ran: Option<SideNumbers>,
    /// The share link's query of the recommended plan (the form's scenario and the settings in
    /// `ck`, as the configuration check's links carry them).
    pub link: String,
    /// The form's scenario for "Use these settings".
    #[cfg_attr(feature = "json", serde(skip))]
    pub scenario: Scenario,
    /// The recommended settings checked on the cluster (containers, layout, findings).
    #[cfg_attr(feature = "json", serde(skip))]
    pub check: Box<Check>,
}

/// The right-sized plan.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Recommendation {
    /// The heap.
    pub heap: HeapAdvice,
    /// The overhead.
    pub overhead: OverheadAdvice,
    /// `spark.executor.cores`.
    pub cores: u32,
    /// Executors (with dynamic allocation: its maximum).
    pub executors: u32,
    /// Why that many.
    pub executors_basis: CountBasis,
    /// Executors alive at once in the run, at most.
    pub executors_as_ran: u32,
    /// `spark.sql.shuffle.partitions` for the largest shuffle seen (none: no shuffle).
    pub shuffle_partitions: Option<u64>,
    /// `spark.driver.memory`, MiB, from the driver's peak (none: not measured).
    pub driver_memory_mib: Option<u64>,
    /// The recommended settings, as Spark configuration keys and values.
    #[cfg_attr(feature = "json", serde(serialize_with = "crate::json::as_map"))]
    #[cfg_attr(feature = "ts", ts(type = "Record<string, string>"))]
    pub settings: Vec<(String, String)>,
    /// Usage as the run ran.
    pub usage_as_ran: Usage,
    /// Reserved with the recommended plan for the same task time (estimate).
    pub usage_recommended: Usage,
    /// Whether the plan is placed on the run's own cluster (not a given one).
    pub cluster_from_run: bool,
    /// Whether the nodes' sizes were in the log (YARN's NodeManager resources).
    pub node_sizes_known: bool,
    /// The placement (none where the planner has no cluster manager for the run: local mode,
    /// standalone, without a cluster given).
    pub placed: Option<Placed>,
}

/// Headroom over a measured peak: 25 % with 20 samples or more, 40 % with 5, else 60 %.
pub fn headroom_percent(samples: u64) -> u64 {
    match samples {
        20.. => 25,
        5..=19 => 40,
        _ => 60,
    }
}

fn gib_ceil_mib(bytes: u64) -> u64 {
    bytes.div_ceil(1024 * MIB).max(1).saturating_mul(1024)
}

fn with_headroom(bytes: u64, percent: u64) -> u64 {
    bytes.saturating_mul(100 + percent.min(1000)) / 100
}

fn heap_advice(b: &Basis<'_>) -> HeapAdvice {
    let configured_mib = b.executors.heap_mib.max(1);
    let peak = b.peaks.max(Metric::JvmHeapMemory);
    let samples = b.peaks.samples;
    let headroom = headroom_percent(samples);
    let oom = b.stages.iter().any(|s| {
        s.failures
            .iter()
            .any(|f| f.kind == FailureKind::OutOfMemory)
    }) || b
        .executors
        .executors
        .iter()
        .any(|e| e.loss == Some(LossCause::HeapOutOfMemory));
    let (heap_mib, basis) = match peak {
        _ if oom => {
            let from_peak = peak.map_or(0, |p| gib_ceil_mib(with_headroom(p, headroom)));
            (
                gib_ceil_mib(configured_mib.saturating_mul(MIB) / 2 * 3).max(from_peak),
                HeapBasis::OutOfMemory,
            )
        }
        Some(p) => (
            gib_ceil_mib(with_headroom(p, headroom)),
            HeapBasis::MeasuredPeak,
        ),
        None => (configured_mib, HeapBasis::NotMeasured),
    };
    HeapAdvice {
        configured_mib,
        peak_bytes: peak,
        samples,
        headroom_percent: headroom,
        heap_mib,
        basis,
    }
}

fn overhead_advice(b: &Basis<'_>, headroom: u64) -> OverheadAdvice {
    let measured = b
        .run
        .executors
        .iter()
        .filter_map(|e| {
            let rss = [
                Metric::ProcessTreeJvmRssMemory,
                Metric::ProcessTreePythonRssMemory,
                Metric::ProcessTreeOtherRssMemory,
            ]
            .iter()
            .filter_map(|m| e.peaks.get(*m))
            .fold(0u64, u64::saturating_add);
            (rss > 0).then(|| rss.saturating_sub(e.peaks.get(Metric::JvmHeapMemory).unwrap_or(0)))
        })
        .max();
    let configured_mib = b.executors.overhead_mib;
    let killed = b.executors.executors.iter().any(|e| {
        matches!(
            e.loss,
            Some(LossCause::YarnMemoryLimit | LossCause::OomKilled)
        )
    });
    let explicit = b.settings.executor_overhead_mib;
    let from_measure = measured.map(|m| with_headroom(m, headroom).div_ceil(MIB).max(384));
    let (overhead_mib, basis) = if killed {
        let more = (configured_mib / 2)
            .saturating_mul(3)
            .max(from_measure.unwrap_or(0));
        (
            Some(more.div_ceil(128).saturating_mul(128)),
            OverheadBasis::KilledForMemory,
        )
    } else if let Some(m) = from_measure {
        (
            Some(m.div_ceil(128).saturating_mul(128)),
            OverheadBasis::Measured,
        )
    } else {
        (explicit, OverheadBasis::SparkRule)
    };
    OverheadAdvice {
        configured_mib,
        measured_bytes: measured,
        overhead_mib,
        basis,
    }
}

/// The executors' cores as they ran: the setting, else the first executor's.
fn run_cores(b: &Basis<'_>) -> u32 {
    b.settings
        .executor_cores
        .or_else(|| b.run.executors.iter().map(|e| e.cores).find(|&c| c > 0))
        .unwrap_or(1)
}

/// Recommends a plan (none without executors or tasks to size from).
pub fn recommend(b: &Basis<'_>) -> Option<Recommendation> {
    // Local mode has no cluster: its driver ran the tasks.
    let local = matches!(b.settings.master, Master::Local { .. });
    if local || b.run.executors.is_empty() || b.run.counts.task_ends == 0 {
        return None;
    }
    let heap = heap_advice(b);
    let overhead = overhead_advice(b, heap.headroom_percent);
    let cores = run_cores(b);
    let slots = (cores / b.settings.task_cpus.max(1)).max(1);
    let needed = b.executors.most_busy_slots.div_ceil(slots).max(1);
    let as_ran = b.executors.most_alive.max(1);
    let (executors, executors_basis) = if needed < as_ran {
        (needed, CountBasis::MostBusySlots)
    } else {
        (as_ran, CountBasis::AllSlotsBusy)
    };
    let view = planner::workload::ExecutorView::of_shape(
        executors,
        cores,
        slots,
        heap.heap_mib,
        0,
        planner::memory::MemoryFractions::default(),
    );
    let shuffle_partitions = b
        .workload
        .shuffle_mib
        .map(|mib| planner::workload::shuffle_numbers(mib, &view).partitions);
    let driver_memory_mib = b
        .peaks
        .driver
        .as_ref()
        .and_then(|d| {
            d.peaks
                .iter()
                .find(|(m, _)| *m == Metric::JvmHeapMemory.spark_name())
        })
        .map(|&(_, v)| gib_ceil_mib(with_headroom(v, heap.headroom_percent)));
    let settings = recommended_settings(
        b,
        &heap,
        &overhead,
        cores,
        executors,
        shuffle_partitions,
        driver_memory_mib,
    );
    let (placed, cluster_from_run, node_sizes_known) = place(b, &settings);
    let usage_as_ran = usage_as_ran(b);
    let usage_recommended =
        usage_recommended(b, &usage_as_ran, placed.as_ref(), executors, cores, as_ran);
    Some(Recommendation {
        heap,
        overhead,
        cores,
        executors,
        executors_basis,
        executors_as_ran: as_ran,
        shuffle_partitions,
        driver_memory_mib,
        settings,
        usage_as_ran,
        usage_recommended,
        cluster_from_run,
        node_sizes_known,
        placed,
    })
}

fn recommended_settings(
    b: &Basis<'_>,
    heap: &HeapAdvice,
    overhead: &OverheadAdvice,
    cores: u32,
    executors: u32,
    shuffle_partitions: Option<u64>,
    driver_memory_mib: Option<u64>,
) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut set = |key: &str, value: String| out.push((key.to_string(), value));
    set(k::EXECUTOR_MEMORY, format!("{}g", heap.heap_mib / 1024));
    set(k::EXECUTOR_CORES, cores.to_string());
    if let Some(mib) = overhead.overhead_mib {
        set(k::EXECUTOR_OVERHEAD, format!("{mib}m"));
    }
    if b.settings.dynamic_allocation {
        set(k::DYNAMIC_ALLOCATION_ENABLED, "true".to_string());
        set(k::DYNAMIC_ALLOCATION_MAX_EXECUTORS, executors.to_string());
    } else {
        set(k::EXECUTOR_INSTANCES, executors.to_string());
    }
    if let Some(mib) = driver_memory_mib {
        set(k::DRIVER_MEMORY, format!("{}g", mib / 1024));
    }
    if let Some(p) = shuffle_partitions {
        set("spark.sql.shuffle.partitions", p.to_string());
    }
    out
}

/// The run's resource properties with the recommended ones in their place.
fn recommended_pairs(b: &Basis<'_>, settings: &[(String, String)]) -> Vec<(String, String)> {
    let replaced = |key: &str| {
        settings.iter().any(|(k2, _)| k2 == key)
            || (key == k::EXECUTOR_INSTANCES && b.settings.dynamic_allocation)
    };
    let mut pairs: Vec<(String, String)> = b
        .settings
        .resource_properties
        .iter()
        .filter(|(key, _)| !replaced(key) && key != "spark.sql.shuffle.partitions")
        .cloned()
        .collect();
    pairs.extend(
        settings
            .iter()
            .filter(|(key, _)| key != "spark.sql.shuffle.partitions")
            .cloned(),
    );
    pairs
}

fn place(b: &Basis<'_>, settings: &[(String, String)]) -> (Option<Placed>, bool, bool) {
    let (cluster, from_run, known) = match b.cluster {
        Some(c) => (c.clone(), false, true),
        None => match run_cluster(b) {
            Some((c, known)) => (c, true, known),
            None => return (None, true, false),
        },
    };
    let origin = Origin {
        format: Format::EventLog,
        line: 0,
    };
    let pairs = recommended_pairs(b, settings);
    let pasted = check::read_pairs(
        pairs.iter().map(|(k2, v)| (k2.as_str(), v.as_str())),
        origin,
    );
    let recommended = check::check_pasted(pasted.clone(), &cluster);
    let as_ran = check::check_pasted(as_ran_pasted(b), &cluster);
    let scenario = check::settings_for_the_form(&recommended.applied);
    let ck = check::link::encode(&pasted).value;
    let mut link = planner::url::scenario_to_query(&scenario);
    if !ck.is_empty() {
        link.push_str(&format!("&{}={}", planner::url::CHECK_KEY, ck));
    }
    let placed = Placed {
        recommended: recommended.compare.pasted,
        as_ran: as_ran.compare.pasted,
        link,
        scenario,
        check: Box::new(recommended),
    };
    (Some(placed), from_run, known)
}

/// The run's settings with the count that ran: its most executors alive at once, without
/// dynamic allocation's range (which says what Spark could have asked, not what it got).
fn as_ran_pasted(b: &Basis<'_>) -> check::Pasted {
    let mut pairs: Vec<(String, String)> = b
        .settings
        .resource_properties
        .iter()
        .filter(|(key, _)| {
            !key.starts_with("spark.dynamicAllocation.") && key != k::EXECUTOR_INSTANCES
        })
        .cloned()
        .collect();
    pairs.push((
        k::EXECUTOR_INSTANCES.to_string(),
        b.executors.most_alive.max(1).to_string(),
    ));
    let origin = Origin {
        format: Format::EventLog,
        line: 0,
    };
    check::read_pairs(
        pairs.iter().map(|(k2, v)| (k2.as_str(), v.as_str())),
        origin,
    )
}

/// The run's cluster: as many nodes as hosts ran executors, each as the YARN configuration in
/// the log says (NodeManager resources, scheduler allocations and calculator), or, when it
/// does not, as large as what ran on the busiest host. Kubernetes nodes are likewise what ran,
/// plus the planner's default reservations.
fn run_cluster(b: &Basis<'_>) -> Option<(Scenario, bool)> {
    let hosts = u32::try_from(b.executors.hosts.len())
        .ok()
        .filter(|&n| n > 0)?;
    let most = b
        .executors
        .hosts
        .iter()
        .map(|h| h.most_at_once)
        .max()
        .unwrap_or(1)
        .max(1);
    let cores = b
        .executors
        .hosts
        .iter()
        .map(|h| h.cores_at_once)
        .max()
        .unwrap_or(1)
        .max(1);
    let container = b.executors.container_mib;
    match b.settings.master {
        Master::Yarn { .. } => Some(yarn_cluster(b, hosts, most, cores, container)),
        Master::Kubernetes => {
            let mut input = K8sInput::default();
            let n = &mut input.nodes;
            n.nodes = hosts;
            n.capacity_cpu_millis = u64::from(cores)
                .saturating_mul(1000)
                .saturating_add(n.reserved_cpu_millis + n.daemonset_cpu_millis);
            // What ran plus the driver pod's room (the driver may share a node).
            let pods = u64::from(most)
                .saturating_mul(container)
                .saturating_add(b.settings.driver_memory_mib.saturating_add(384));
            n.capacity_memory_mib =
                pods.saturating_add(n.reserved_memory_mib + n.daemonset_memory_mib);
            Some((Scenario::Kubernetes(input), false))
        }
        _ => None,
    }
}

fn yarn_cluster(
    b: &Basis<'_>,
    hosts: u32,
    most: u32,
    cores: u32,
    container: u64,
) -> (Scenario, bool) {
    let prop = |key: &str| {
        b.run
            .yarn_property(key)
            .and_then(|v| v.trim().parse::<u64>().ok())
    };
    let mut input = PlanInput::default();
    input.cluster.nodes = hosts;
    let nm_memory = prop("yarn.nodemanager.resource.memory-mb");
    let nm_vcores =
        prop("yarn.nodemanager.resource.cpu-vcores").and_then(|v| u32::try_from(v).ok());
    // The driver's Hadoop configuration says the nodes' resources only when what ran on the
    // busiest host fits in them beside an ApplicationMaster (a driver outside the cluster
    // reads YARN's defaults, 8192 MB and 8 vcores).
    let fits = |memory: u64, vcores: u64| {
        u64::from(most)
            .saturating_mul(container)
            .saturating_add(1024)
            <= memory
            && u64::from(cores) < vcores
    };
    let (nm_memory, nm_vcores) = match (nm_memory, nm_vcores) {
        (Some(m), Some(v)) if fits(m, u64::from(v)) => (Some(m), Some(v)),
        _ => (None, None),
    };
    let known = nm_memory.is_some();
    // Not in the log: what ran on the busiest host, and room for the ApplicationMaster.
    let memory_mb = nm_memory.unwrap_or_else(|| {
        u64::from(most)
            .saturating_mul(container.div_ceil(1024).saturating_mul(1024))
            .saturating_add(2048)
    });
    let vcores = nm_vcores.unwrap_or(cores.saturating_add(1));
    input.cluster.yarn_resources = NodeManagerResources::Explicit { memory_mb, vcores };
    input.cluster.cores_per_node = vcores;
    input.cluster.memory_per_node_gib = memory_mb.div_ceil(1024) as f64;
    if let Some(min) = prop("yarn.scheduler.minimum-allocation-mb") {
        input.scheduler.minimum_allocation_mb = min;
    }
    if let (Some(memory_mb), Some(vcores)) = (
        prop("yarn.scheduler.maximum-allocation-mb"),
        prop("yarn.scheduler.maximum-allocation-vcores").and_then(|v| u32::try_from(v).ok()),
    ) {
        input.scheduler.maximum_allocation = MaximumAllocation::Explicit { memory_mb, vcores };
    }
    if let Some(calc) = b
        .run
        .yarn_property("yarn.scheduler.capacity.resource-calculator")
    {
        input.scheduler.calculator = if calc.contains("Dominant") {
            Calculator::Dominant
        } else {
            Calculator::Default
        };
    }
    (Scenario::Yarn(input), known)
}

fn usage_as_ran(b: &Basis<'_>) -> Usage {
    let task_cpus = u64::from(b.settings.task_cpus.max(1));
    let mut u = Usage::default();
    let mut used_known = false;
    let mut used = 0u64;
    for (e, raw) in b.executors.executors.iter().zip(&b.run.executors) {
        u.core_ms_reserved = u
            .core_ms_reserved
            .saturating_add(u64::from(e.cores).saturating_mul(e.alive_ms));
        u.mib_ms_reserved = u
            .mib_ms_reserved
            .saturating_add(b.executors.container_mib.saturating_mul(e.alive_ms));
        let rss = raw
            .peaks
            .get(Metric::ProcessTreeJvmRssMemory)
            .filter(|&v| v > 0);
        if let Some(bytes) = rss.or(raw.peaks.get(Metric::JvmHeapMemory)) {
            used = used.saturating_add((bytes / MIB).saturating_mul(e.alive_ms));
            used_known = true;
        }
    }
    u.core_ms_used = super::total(
        b.run
            .tasks()
            .map(|t| t.duration_ms().saturating_mul(task_cpus)),
    );
    u.mib_ms_used = used_known.then_some(used);
    u
}

fn usage_recommended(
    b: &Basis<'_>,
    ran: &Usage,
    placed: Option<&Placed>,
    executors: u32,
    cores: u32,
    as_ran: u32,
) -> Usage {
    // The same executor time per executor as the run had, for the recommended count and shape.
    let per_executor_ms =
        super::total(b.executors.executors.iter().map(|e| e.alive_ms)) / u64::from(as_ran.max(1));
    let container = placed
        .and_then(|p| p.recommended.as_ref())
        .map_or(b.executors.container_mib, |n| n.container_mib);
    Usage {
        core_ms_reserved: u64::from(executors)
            .saturating_mul(u64::from(cores))
            .saturating_mul(per_executor_ms),
        core_ms_used: ran.core_ms_used,
        mib_ms_reserved: u64::from(executors)
            .saturating_mul(container)
            .saturating_mul(per_executor_ms),
        mib_ms_used: ran.mib_ms_used,
    }
}
