//! Driver guidance: the driver's cores against the jobs an application runs at once, its heap
//! against the results collected to it (`collect()`, `take(n)`) and `spark.driver.maxResultSize`,
//! and in client mode the machine it runs on (seed 001's edge node: every driver launched from
//! one edge node runs there). Numbers first ([`driver_numbers`]); the words are
//! [`driver_notes`].
//!
//! ```
//! use planner::driver::{driver_numbers, DriverLoad, DriverSettings};
//! use planner::spark::DeployMode;
//!
//! let load = DriverLoad { edge_memory_mib: Some(16 * 1024), edge_cores: Some(8), ..DriverLoad::default() };
//! let n = driver_numbers(&DriverSettings { load, deploy_mode: DeployMode::Client, heap_mib: 4096, cores: 1 });
//! // A 4g driver takes 4096 + 409 MiB overhead: 3 fit in 16 GiB (8 by cores).
//! assert_eq!(n.edge.map(|e| e.drivers), Some(3));
//! ```

use crate::catalog::FieldId;
use crate::format;
use crate::memory::RESERVED_BYTES;
use crate::spark::DeployMode;
use crate::units::MIB;
use crate::warning::{Code, Severity, Warning};

/// `spark.driver.maxResultSize`'s default, 1g (Spark's `config.MAX_RESULT_SIZE`: "Limit of
/// total size of serialized results of all partitions for each Spark action (e.g. collect) in
/// bytes. Should be at least 1M, or 0 for unlimited").
pub const DEFAULT_MAX_RESULT_SIZE_MIB: u64 = 1024;

/// What the application asks of its driver, as the user describes it (all optional).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DriverLoad {
    /// Jobs the application runs at once (actions submitted from several threads; default 1).
    pub concurrent_jobs: u32,
    /// The largest result collected to the driver (`collect()`, `take(n)`), in MiB.
    pub collected_mib: Option<u64>,
    /// `spark.driver.maxResultSize` in MiB (default 1024; 0 = unlimited).
    pub max_result_size_mib: u64,
    /// Client mode: memory the edge node has free for drivers, in MiB.
    pub edge_memory_mib: Option<u64>,
    /// Client mode: cores the edge node has free for drivers.
    pub edge_cores: Option<u32>,
}

impl Default for DriverLoad {
    fn default() -> DriverLoad {
        DriverLoad {
            concurrent_jobs: 1,
            collected_mib: None,
            max_result_size_mib: DEFAULT_MAX_RESULT_SIZE_MIB,
            edge_memory_mib: None,
            edge_cores: None,
        }
    }
}

/// The driver as a plan sets it, with the load the user described.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DriverSettings {
    /// The load.
    pub load: DriverLoad,
    /// Cluster (the driver in the cluster) or client (the driver where it was launched).
    pub deploy_mode: DeployMode,
    /// `spark.driver.memory` in MiB.
    pub heap_mib: u64,
    /// `spark.driver.cores`.
    pub cores: u32,
}

/// How many drivers an edge node holds at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EdgeFit {
    /// One driver's memory: heap plus the JVM's own overhead, in MiB.
    pub per_driver_mib: u64,
    /// Drivers the memory holds (`None`: memory not given).
    pub by_memory: Option<u64>,
    /// Drivers the cores hold (`None`: cores not given).
    pub by_cores: Option<u64>,
    /// Drivers that fit: the smaller of the two.
    pub drivers: u64,
}

/// The driver's numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DriverNumbers {
    /// The settings they come from.
    pub settings: DriverSettings,
    /// The heap Spark can use: `spark.driver.memory` less the 300 MiB Spark reserves
    /// (`UnifiedMemoryManager.RESERVED_SYSTEM_MEMORY_BYTES`), in MiB.
    pub usable_heap_mib: u64,
    /// Client mode with an edge node given: how many drivers fit on it.
    pub edge: Option<EdgeFit>,
}

/// The driver JVM's memory beyond its heap: Spark's default driver overhead, 10 % of the heap
/// and at least 384 MiB (`spark.driver.memoryOverheadFactor`, `spark.driver.minMemoryOverhead`
/// defaults) — what a driver container would be given, and a fair share of an edge node.
pub fn driver_footprint_mib(heap_mib: u64) -> u64 {
    let default_overhead = crate::spark::OverheadRule::Formula {
        factor: crate::spark::DEFAULT_OVERHEAD_FACTOR,
        minimum_mib: crate::spark::MIN_OVERHEAD_MIB,
    };
    heap_mib.saturating_add(default_overhead.overhead_mib(heap_mib))
}

/// The driver's numbers for these settings.
pub fn driver_numbers(settings: &DriverSettings) -> DriverNumbers {
    let load = &settings.load;
    let given = load.edge_memory_mib.is_some() || load.edge_cores.is_some();
    let edge = (settings.deploy_mode == DeployMode::Client && given).then(|| {
        let per_driver_mib = driver_footprint_mib(settings.heap_mib);
        let by_memory = load.edge_memory_mib.map(|m| m / per_driver_mib.max(1));
        // One core a driver: spark.driver.cores sizes the driver only in cluster mode (Spark's
        // configuration page: "only in cluster mode"), so it says nothing here.
        let by_cores = load.edge_cores.map(u64::from);
        EdgeFit {
            per_driver_mib,
            by_memory,
            by_cores,
            drivers: by_memory
                .unwrap_or(u64::MAX)
                .min(by_cores.unwrap_or(u64::MAX)),
        }
    });
    DriverNumbers {
        settings: *settings,
        usable_heap_mib: settings.heap_mib.saturating_sub(RESERVED_BYTES / MIB),
        edge,
    }
}

/// The guidance the numbers call for, most severe first: results above
/// `spark.driver.maxResultSize` (Spark aborts the job) or above the usable heap (the driver runs
/// out of memory), fewer driver cores than concurrent jobs (cluster mode), and the edge node's
/// room for drivers (client mode).
pub fn driver_notes(n: &DriverNumbers) -> Vec<Warning> {
    let mut notes = Vec::new();
    notes.extend(result_size_note(n));
    notes.extend(heap_note(n));
    notes.extend(cores_note(n));
    notes.extend(edge_note(n));
    crate::warning::most_severe_first(notes)
}

fn result_size_note(n: &DriverNumbers) -> Option<Warning> {
    let load = &n.settings.load;
    let limit = load.max_result_size_mib;
    let collected = load.collected_mib.filter(|c| limit > 0 && *c > limit)?;
    Some(
        Warning::new(
            Code::ResultsAboveMaxResultSize,
            Severity::Error,
            format!(
                "{} collected to the driver is above spark.driver.maxResultSize ({}): Spark \
                 aborts the job (\"Total size of serialized results of … tasks … is bigger \
                 than spark.driver.maxResultSize\"). Raise it to at least {}, with a driver heap \
                 that holds it, or collect less.",
                crate::format::mib(collected),
                crate::format::mib(limit),
                crate::format::spark_size_gib_at_least(collected)
            ),
        )
        .about(FieldId::MaxResultSize),
    )
}

fn heap_note(n: &DriverNumbers) -> Option<Warning> {
    // The largest collect of each job running at once is held by the driver at the same time.
    let load = &n.settings.load;
    let jobs = u64::from(load.concurrent_jobs.max(1));
    let each = load.collected_mib?;
    let collected = each.saturating_mul(jobs);
    // Collected results arrive serialized and take more once read into objects: above half
    // the usable heap is a warning (Spark's configuration page on spark.driver.maxResultSize:
    // out-of-memory "depends on spark.driver.memory and memory overhead of objects in JVM").
    let near = collected.saturating_mul(2) > n.usable_heap_mib;
    if !near {
        return None;
    }
    let what = if jobs > 1 {
        format!(
            "{jobs} jobs at once each collecting {} ({})",
            crate::format::mib(each),
            crate::format::mib(collected)
        )
    } else {
        format!("{} collected", crate::format::mib(collected))
    };
    if collected <= n.usable_heap_mib {
        let needed = collected
            .saturating_mul(2)
            .saturating_add(RESERVED_BYTES / MIB);
        return Some(
            Warning::new(
                Code::ResultsNearDriverHeap,
                Severity::Warning,
                format!(
                    "{what} to the driver takes more than half its usable heap of {} \
                     (spark.driver.memory {} less the 300 MiB Spark reserves): results arrive \
                     serialized and take more once read into objects, beside all else the \
                     driver holds, so it may run out of memory. Give spark.driver.memory at \
                     least {}.",
                    crate::format::mib(n.usable_heap_mib),
                    crate::format::mib(n.settings.heap_mib),
                    crate::format::spark_size_gib_at_least(needed)
                ),
            )
            .about(FieldId::DriverMemory),
        );
    }
    let needed = collected.saturating_add(RESERVED_BYTES / MIB);
    Some(
        Warning::new(
            Code::ResultsAboveDriverHeap,
            Severity::Error,
            format!(
                "{what} to the driver does not fit its usable heap of {} \
                 (spark.driver.memory {} less the 300 MiB Spark reserves): the driver runs out \
                 of memory. Give spark.driver.memory at least {}.",
                crate::format::mib(n.usable_heap_mib),
                crate::format::mib(n.settings.heap_mib),
                crate::format::spark_size_gib_at_least(needed)
            ),
        )
        .about(FieldId::DriverMemory),
    )
}

fn cores_note(n: &DriverNumbers) -> Option<Warning> {
    let s = &n.settings;
    let jobs = s.load.concurrent_jobs;
    (s.deploy_mode == DeployMode::Cluster && jobs > s.cores).then(|| {
        Warning::new(
            Code::DriverCoresBelowJobs,
            Severity::Info,
            format!(
                "{} job{} at once share the driver's {} (spark.driver.cores): the driver \
                 schedules every task and receives every result, so jobs running in parallel \
                 are assigned to executors faster with about one driver core each ({}).",
                format::group(jobs.into()),
                format::plural_ending(jobs.into()),
                cores_words(s.cores),
                cores_words(jobs)
            ),
        )
        .about(FieldId::DriverCores)
    })
}

fn cores_words(c: u32) -> String {
    format!(
        "{} core{}",
        format::group(c.into()),
        format::plural_ending(c.into())
    )
}

fn edge_note(n: &DriverNumbers) -> Option<Warning> {
    let e = n.edge?;
    let s = &n.settings;
    let limits: Vec<String> = crate::warning::present(&mut [
        e.by_memory
            .map(|d| format!("{} by memory", format::group(d))),
        e.by_cores.map(|d| format!("{} by cores", format::group(d))),
    ]);
    let severity = if e.drivers == 0 {
        Severity::Warning
    } else {
        Severity::Info
    };
    Some(
        Warning::new(
            Code::EdgeNodeDrivers,
            severity,
            format!(
                "In client mode every driver runs on the machine it is launched from: each \
                 takes {} ({} heap and its overhead) and about a core (spark.driver.cores \
                 applies in cluster mode only), so the edge node holds {} driver{} at once ({}).",
                crate::format::mib(e.per_driver_mib),
                crate::format::mib(s.heap_mib),
                format::group(e.drivers),
                format::plural_ending(e.drivers),
                crate::text::join(&limits, ", ")
            ),
        )
        .about(FieldId::EdgeNodeMemory),
    )
}
