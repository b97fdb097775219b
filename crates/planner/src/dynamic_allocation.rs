//! Dynamic allocation: what Spark's `ExecutorAllocationManager` will do with the settings, as
//! numbers first ([`allocation_numbers`]), then words ([`allocation_notes`]) and the settings to
//! emit ([`allocation_conf`]).
//!
//! Spark's rules, from its source (`core/src/main/scala/org/apache/spark/`):
//! - `util/Utils.getDynamicAllocationInitialExecutors`: the initial count is the largest of
//!   `minExecutors`, `initialExecutors` and `spark.executor.instances` (0 when unset); it logs
//!   "… less than spark.dynamicAllocation.minExecutors is invalid, ignoring its setting, please
//!   update your configs." when `initialExecutors` or `spark.executor.instances` is below
//!   `minExecutors`.
//! - `internal/config/package.scala`: `minExecutors` 0, `initialExecutors` falls back to
//!   `minExecutors`, `maxExecutors` `Int.MaxValue`, `executorIdleTimeout` 60s,
//!   `schedulerBacklogTimeout` 1s, `shuffleTracking.enabled` true (Spark 3.4 and later).
//! - `scheduler/cluster/SchedulerBackendUtils.getInitialTargetExecutorNumber` (the YARN
//!   allocator and client backend, and Kubernetes' backend, call it at start) requires that
//!   initial count to be at most `maxExecutors`: "requirement failed: initial executor number
//!   17 must between min executor number 0 and max executor number 5". So the exports never
//!   start above `maxExecutors` ([`capped_at_max`]).
//! - `ExecutorAllocationManager.validateSettings` refuses to start the application when
//!   `maxExecutors` is 0, `minExecutors` > `maxExecutors`, `schedulerBacklogTimeout` ≤ 0, or no
//!   way to keep shuffle files exists: "Dynamic allocation of executors requires one of the
//!   following conditions: 1) enabling external shuffle service through
//!   spark.shuffle.service.enabled. 2) enabling shuffle tracking through
//!   spark.dynamicAllocation.shuffleTracking.enabled. 3) enabling shuffle blocks decommission
//!   through spark.decommission.enabled and spark.storage.decommission.shuffleBlocks.enabled. …"
//!
//! - `validateSettings` accepts `spark.shuffle.service.enabled` true on any cluster manager.
//!   Kubernetes runs no external shuffle service, so there each executor's `BlockManager`
//!   then fails to register with one (`registerWithExternalShuffleServer`: "Unable to register
//!   with external shuffle server due to : …") and the executor exits: shuffle tracking or
//!   decommissioning is the only way there.
//! - `spark.dynamicAllocation.shuffleTracking.timeout` defaults to `Long.MaxValue`
//!   (`DYN_ALLOCATION_SHUFFLE_TRACKING_TIMEOUT`): with shuffle tracking an executor holding
//!   shuffle data is released only once the driver cleans that shuffle up (Spark's
//!   configuration docs: "Spark will rely on the shuffles being garbage collected to be able to
//!   release executors").
//!
//! Amazon EMR turns dynamic allocation on and configures the external shuffle
//! service (EMR Release Guide, "Configure Spark": `spark.dynamicAllocation.enabled` true from
//! EMR 4.4.0; "Spark Shuffle Service is automatically configured by Amazon EMR").
//!
//! ```
//! use planner::dynamic_allocation::{allocation_numbers, DynamicAllocation};
//! use planner::ClusterManager;
//!
//! let mut da = DynamicAllocation::spark_default();
//! da.enabled = true;
//! da.settings.min_executors = 2;
//! da.settings.initial_executors = Some(4);
//! // spark.executor.instances 17: Spark starts with max(2, 4, 17) = 17.
//! let n = allocation_numbers(&da, ClusterManager::Yarn, 17, 17);
//! assert_eq!(n.initial, 17);
//! assert_eq!(n.ceiling, None); // maxExecutors unset: unbounded
//! ```

use crate::catalog::{ClusterManager, FieldId};
use crate::format;
use crate::spark_keys as keys;
use crate::warning::{Code, Severity, Warning};

/// How a removed executor's shuffle files stay readable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ShuffleKeeping {
    /// `spark.dynamicAllocation.shuffleTracking.enabled` (Spark's default since 3.4): executors
    /// holding shuffle files that a job still needs are kept.
    #[default]
    Tracking,
    /// `spark.shuffle.service.enabled`: the NodeManager's external shuffle service serves them
    /// (YARN and EMR; Kubernetes has none).
    ExternalService,
    /// `spark.decommission.enabled` with `spark.storage.decommission.shuffleBlocks.enabled`:
    /// blocks move to other executors before one leaves.
    Decommission,
    /// None of them (shuffle tracking turned off): Spark refuses to start.
    None,
}

impl ShuffleKeeping {
    /// The value in links and the form.
    pub fn as_str(self) -> &'static str {
        match self {
            ShuffleKeeping::Tracking => "tracking",
            ShuffleKeeping::ExternalService => "service",
            ShuffleKeeping::Decommission => "decommission",
            ShuffleKeeping::None => "none",
        }
    }

    /// Reads a link or form value.
    pub fn parse(text: &str) -> Option<ShuffleKeeping> {
        [
            ShuffleKeeping::Tracking,
            ShuffleKeeping::ExternalService,
            ShuffleKeeping::Decommission,
            ShuffleKeeping::None,
        ]
        .into_iter()
        .find(|k| k.as_str() == text)
    }
}

/// `spark.dynamicAllocation.*` beyond the on/off switch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DynamicAllocationSettings {
    /// `minExecutors` (default 0).
    pub min_executors: u32,
    /// `initialExecutors` (`None`: falls back to `minExecutors`).
    pub initial_executors: Option<u32>,
    /// `maxExecutors` (`None`: Spark's default, `Int.MaxValue`, unbounded).
    pub max_executors: Option<u32>,
    /// `executorIdleTimeout` in seconds (default 60).
    pub idle_timeout_s: u64,
    /// `schedulerBacklogTimeout` in seconds (default 1).
    pub backlog_timeout_s: u64,
    /// How shuffle files outlive removed executors.
    pub shuffle: ShuffleKeeping,
}

impl Default for DynamicAllocationSettings {
    fn default() -> DynamicAllocationSettings {
        DynamicAllocationSettings {
            min_executors: 0,
            initial_executors: None,
            max_executors: None,
            idle_timeout_s: DEFAULT_IDLE_TIMEOUT_S,
            backlog_timeout_s: DEFAULT_BACKLOG_TIMEOUT_S,
            shuffle: ShuffleKeeping::Tracking,
        }
    }
}

/// `spark.dynamicAllocation.executorIdleTimeout`'s default (`DYN_ALLOCATION_EXECUTOR_IDLE_TIMEOUT`).
pub const DEFAULT_IDLE_TIMEOUT_S: u64 = 60;
/// `spark.dynamicAllocation.schedulerBacklogTimeout`'s default
/// (`DYN_ALLOCATION_SCHEDULER_BACKLOG_TIMEOUT`).
pub const DEFAULT_BACKLOG_TIMEOUT_S: u64 = 1;

/// Dynamic allocation as a scenario sets it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DynamicAllocation {
    /// `spark.dynamicAllocation.enabled`.
    pub enabled: bool,
    /// The rest.
    pub settings: DynamicAllocationSettings,
}

impl DynamicAllocation {
    /// Open-source Spark's defaults: off, shuffle tracking.
    pub fn spark_default() -> DynamicAllocation {
        DynamicAllocation {
            enabled: false,
            settings: DynamicAllocationSettings::default(),
        }
    }

    /// Amazon EMR's defaults: on, with the external shuffle service EMR configures.
    pub fn emr_default() -> DynamicAllocation {
        DynamicAllocation {
            enabled: true,
            settings: emr_settings(),
        }
    }

    /// The defaults of `m` (what exports leave out).
    pub fn default_for(m: ClusterManager) -> DynamicAllocation {
        match m {
            ClusterManager::Emr => DynamicAllocation::emr_default(),
            ClusterManager::Yarn | ClusterManager::Kubernetes => DynamicAllocation::spark_default(),
        }
    }
}

/// EMR's settings beside its on switch: the external shuffle service.
pub fn emr_settings() -> DynamicAllocationSettings {
    DynamicAllocationSettings {
        shuffle: ShuffleKeeping::ExternalService,
        ..DynamicAllocationSettings::default()
    }
}

/// Why Spark refuses to start with these settings (`validateSettings`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// `maxExecutors` is 0.
    MaxIsZero,
    /// `minExecutors` above `maxExecutors`.
    MinAboveMax {
        /// `minExecutors`.
        min: u32,
        /// `maxExecutors`.
        max: u32,
    },
    /// The initial count (the largest of minExecutors, initialExecutors and
    /// `spark.executor.instances`) above `maxExecutors`.
    InitialAboveMax {
        /// The initial count.
        initial: u32,
        /// `minExecutors`.
        min: u32,
        /// `maxExecutors`.
        max: u32,
    },
    /// No external shuffle service, shuffle tracking or decommissioning.
    NoShuffleKeeping,
    /// The external shuffle service on Kubernetes: Spark starts, but no node runs the
    /// service, so every executor fails to register with it and exits.
    NoShuffleServiceOnKubernetes,
}

/// What the cluster will do with dynamic allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllocationNumbers {
    /// On or off.
    pub enabled: bool,
    /// The cluster manager.
    pub manager: ClusterManager,
    /// The settings.
    pub settings: DynamicAllocationSettings,
    /// `spark.executor.instances` as the plan emits it.
    pub instances: u32,
    /// `initialExecutors` as Spark reads it (`minExecutors` when unset).
    pub initial_setting: u32,
    /// The count Spark starts with: max(minExecutors, initialExecutors, instances).
    pub initial: u32,
    /// `maxExecutors` (`None`: unbounded).
    pub ceiling: Option<u32>,
    /// Executors of this shape the queue share or the cluster holds.
    pub holds: u32,
    /// The most executors dynamic allocation can run: the ceiling and what fits, whichever is
    /// smaller.
    pub reachable: u32,
    /// Spark's refusal to start, or (the shuffle service on Kubernetes) executors that cannot
    /// start, if any.
    pub refusal: Option<Refusal>,
    /// The initial count the settings asked for when it was above `maxExecutors` and the
    /// exports start at `maxExecutors` instead ([`planned_allocation_numbers`]).
    pub capped_from: Option<u32>,
}

/// The numbers for `da` on `manager`, with `instances` executors emitted and `holds` of this
/// shape fitting in the queue share or on the cluster.
pub fn allocation_numbers(
    da: &DynamicAllocation,
    manager: ClusterManager,
    instances: u32,
    holds: u32,
) -> AllocationNumbers {
    let s = da.settings;
    let initial_setting = s.initial_executors.unwrap_or(s.min_executors);
    let initial = s.min_executors.max(initial_setting).max(instances);
    let refusal = match s.max_executors {
        Some(0) => Some(Refusal::MaxIsZero),
        Some(max) if s.min_executors > max => Some(Refusal::MinAboveMax {
            min: s.min_executors,
            max,
        }),
        Some(max) if initial > max => Some(Refusal::InitialAboveMax {
            initial,
            min: s.min_executors,
            max,
        }),
        _ if s.shuffle == ShuffleKeeping::None => Some(Refusal::NoShuffleKeeping),
        _ if s.shuffle == ShuffleKeeping::ExternalService
            && manager == ClusterManager::Kubernetes =>
        {
            Some(Refusal::NoShuffleServiceOnKubernetes)
        }
        _ => None,
    };
    AllocationNumbers {
        enabled: da.enabled,
        manager,
        settings: s,
        instances,
        initial_setting,
        initial,
        ceiling: s.max_executors,
        holds,
        reachable: s.max_executors.unwrap_or(u32::MAX).min(holds),
        refusal: refusal.filter(|_| da.enabled),
        capped_from: None,
    }
}

/// The settings and `spark.executor.instances` the exports emit: with dynamic allocation on,
/// neither `initialExecutors` nor the instances above `maxExecutors`, which Spark refuses at
/// start (`getInitialTargetExecutorNumber`).
pub fn capped_at_max(da: &DynamicAllocation, instances: u32) -> (DynamicAllocation, u32) {
    match da.settings.max_executors.filter(|_| da.enabled) {
        Some(max) => {
            let mut capped = *da;
            capped.settings.initial_executors = da.settings.initial_executors.map(|i| i.min(max));
            (capped, instances.min(max))
        }
        None => (*da, instances),
    }
}

/// [`allocation_numbers`] of what a plan exports ([`capped_at_max`]), with the initial count
/// the settings asked for in `capped_from` when the exports start lower.
pub fn planned_allocation_numbers(
    da: &DynamicAllocation,
    manager: ClusterManager,
    instances: u32,
    holds: u32,
) -> AllocationNumbers {
    let asked = allocation_numbers(da, manager, instances, holds);
    let (capped, capped_instances) = capped_at_max(da, instances);
    let mut n = allocation_numbers(&capped, manager, capped_instances, holds);
    if let Some(Refusal::InitialAboveMax { initial, .. }) = asked.refusal {
        n.capped_from = Some(initial);
    }
    n
}

/// The `spark.dynamicAllocation.*` (and shuffle) settings to emit for `da` on `m`: the on/off
/// switch whenever it differs from `m`'s default, and, when on, every setting that differs from
/// `m`'s defaults.
pub fn allocation_conf(da: &DynamicAllocation, m: ClusterManager) -> Vec<(String, String)> {
    let (da, _) = capped_at_max(da, 0);
    let da = &da;
    let default = DynamicAllocation::default_for(m);
    let mut c: Vec<(String, String)> = Vec::new();
    let mut put = |k: &str, v: String| c.push((k.to_string(), v));
    if da.enabled != default.enabled {
        put(keys::DYNAMIC_ALLOCATION_ENABLED, da.enabled.to_string());
    }
    if !da.enabled {
        return c;
    }
    let s = &da.settings;
    let d = &default.settings;
    if s.min_executors != d.min_executors {
        put(
            keys::DYNAMIC_ALLOCATION_MIN_EXECUTORS,
            s.min_executors.to_string(),
        );
    }
    if let Some(i) = s.initial_executors {
        put(keys::DYNAMIC_ALLOCATION_INITIAL_EXECUTORS, i.to_string());
    }
    if let Some(m) = s.max_executors {
        put(keys::DYNAMIC_ALLOCATION_MAX_EXECUTORS, m.to_string());
    }
    if s.idle_timeout_s != d.idle_timeout_s {
        put(
            keys::DYNAMIC_ALLOCATION_EXECUTOR_IDLE_TIMEOUT,
            format!("{}s", s.idle_timeout_s),
        );
    }
    if s.backlog_timeout_s != d.backlog_timeout_s {
        put(
            keys::DYNAMIC_ALLOCATION_SCHEDULER_BACKLOG_TIMEOUT,
            format!("{}s", s.backlog_timeout_s),
        );
    }
    shuffle_conf(s.shuffle, d.shuffle, &mut put);
    c
}

/// The shuffle settings that give `shuffle` where `default` is what the manager already does.
fn shuffle_conf(
    shuffle: ShuffleKeeping,
    default: ShuffleKeeping,
    put: &mut impl FnMut(&str, String),
) {
    if shuffle == default {
        return;
    }
    // Leaving the default's mechanism: turn it off first.
    match default {
        ShuffleKeeping::ExternalService => put(keys::SHUFFLE_SERVICE_ENABLED, "false".into()),
        ShuffleKeeping::Tracking => put(keys::DYNAMIC_ALLOCATION_SHUFFLE_TRACKING, "false".into()),
        ShuffleKeeping::Decommission | ShuffleKeeping::None => {}
    }
    match shuffle {
        ShuffleKeeping::ExternalService => put(keys::SHUFFLE_SERVICE_ENABLED, "true".into()),
        ShuffleKeeping::Tracking => put(keys::DYNAMIC_ALLOCATION_SHUFFLE_TRACKING, "true".into()),
        ShuffleKeeping::Decommission => {
            put(keys::DECOMMISSION_ENABLED, "true".into());
            put(keys::STORAGE_DECOMMISSION_ENABLED, "true".into());
            put(keys::STORAGE_DECOMMISSION_SHUFFLE_BLOCKS, "true".into());
        }
        ShuffleKeeping::None => {}
    }
}

/// A short line for exports and headlines when dynamic allocation is on: the executor count is
/// only where Spark starts (`None` when it is off).
pub fn initial_count_note(n: &AllocationNumbers) -> Option<String> {
    n.enabled.then(|| {
        let upper = match n.ceiling {
            Some(max) => format!("up to maxExecutors {max}"),
            None => "with no upper bound (maxExecutors unset)".to_string(),
        };
        format!(
            "Dynamic allocation is on: spark.executor.instances {} is only the initial count. \
             Spark starts {} (the largest of minExecutors, initialExecutors and \
             spark.executor.instances), then scales from minExecutors {} {}.",
            n.instances,
            format::counted(n.initial.into(), "executor"),
            n.settings.min_executors,
            upper
        )
    })
}

/// The words the numbers call for, most severe first: Spark's refusals, an unbounded or too
/// high `maxExecutors`, settings Spark ignores, and what the count means.
pub fn allocation_notes(n: &AllocationNumbers) -> Vec<Warning> {
    if !n.enabled {
        return Vec::new();
    }
    let mut notes: Vec<Warning> = Vec::new();
    notes.extend(refusal_note(n));
    notes.extend(capped_note(n));
    notes.extend(ceiling_note(n));
    notes.extend(floor_notes(n));
    notes.extend(ignored_notes(n));
    notes.extend(shuffle_tracking_note(n));
    notes.extend(initial_count_note(n).map(|text| {
        Warning::new(Code::DynamicAllocationCount, Severity::Info, text)
            .about(FieldId::DynamicAllocation)
    }));
    crate::warning::most_severe_first(notes)
}

fn refusal_note(n: &AllocationNumbers) -> Option<Warning> {
    let (text, field) = match n.refusal? {
        Refusal::MaxIsZero => (
            "Spark refuses to start: \"spark.dynamicAllocation.maxExecutors cannot be 0!\""
                .to_string(),
            FieldId::MaxExecutors,
        ),
        Refusal::MinAboveMax { min, max } => (
            format!(
                "Spark refuses to start: \"spark.dynamicAllocation.minExecutors ({min}) must be \
                 less than or equal to spark.dynamicAllocation.maxExecutors ({max})!\""
            ),
            FieldId::MinExecutors,
        ),
        Refusal::InitialAboveMax { initial, min, max } => (
            format!(
                "Spark refuses to start: {}.",
                initial_words(initial, min, max)
            ),
            if n.initial_setting > max {
                FieldId::InitialExecutors
            } else {
                FieldId::MaxExecutors
            },
        ),
        Refusal::NoShuffleServiceOnKubernetes => (
            "Kubernetes has no external shuffle service: Spark starts, but each executor fails \
             to register with it and exits. Use shuffle tracking \
             (spark.dynamicAllocation.shuffleTracking.enabled, its default) or decommissioning."
                .to_string(),
            FieldId::ShuffleKeeping,
        ),
        Refusal::NoShuffleKeeping if n.manager == ClusterManager::Kubernetes => (
            "Kubernetes has no external shuffle service: with dynamic allocation, Spark needs \
             shuffle tracking (spark.dynamicAllocation.shuffleTracking.enabled, its default) or \
             decommissioning (spark.decommission.enabled and \
             spark.storage.decommission.shuffleBlocks.enabled), or it refuses to start."
                .to_string(),
            FieldId::ShuffleKeeping,
        ),
        Refusal::NoShuffleKeeping => (
            "Spark refuses to start: \"Dynamic allocation of executors requires one of the \
             following conditions: 1) enabling external shuffle service through \
             spark.shuffle.service.enabled. 2) enabling shuffle tracking through \
             spark.dynamicAllocation.shuffleTracking.enabled. 3) enabling shuffle blocks \
             decommission …\""
                .to_string(),
            FieldId::ShuffleKeeping,
        ),
    };
    Some(Warning::new(Code::DynamicAllocationRefused, Severity::Error, text).about(field))
}

/// `getInitialTargetExecutorNumber`'s message, quoted.
fn initial_words(initial: u32, min: u32, max: u32) -> String {
    format!(
        "\"requirement failed: initial executor number {initial} must between min executor \
         number {min} and max executor number {max}\""
    )
}

/// The initial count the settings ask for is above maxExecutors: Spark would refuse it, so the
/// exports start at maxExecutors.
fn capped_note(n: &AllocationNumbers) -> Option<Warning> {
    let asked = n.capped_from?;
    let max = n.ceiling?;
    Some(
        Warning::new(
            Code::DynamicAllocationIgnored,
            Severity::Warning,
            format!(
                "Spark refuses to start {asked} executors with maxExecutors {max} ({}), so the \
                 exports start {}.",
                initial_words(asked, n.settings.min_executors, max),
                format::counted(max.into(), "executor")
            ),
        )
        .about(FieldId::MaxExecutors),
    )
}

fn ceiling_note(n: &AllocationNumbers) -> Option<Warning> {
    let holds = format::counted(n.holds.into(), "executor");
    match n.ceiling {
        None => Some(
            Warning::new(
                Code::DynamicAllocationUnbounded,
                Severity::Warning,
                format!(
                    "spark.dynamicAllocation.maxExecutors is unset, so it is unbounded: with a \
                     backlog of tasks the job asks for executors until the queue or cluster is \
                     full ({holds} of this shape) — a job can eat up the whole cluster. Set \
                     maxExecutors to what this job may take."
                ),
            )
            .about(FieldId::MaxExecutors),
        ),
        Some(max) if max > n.holds => Some(
            Warning::new(
                Code::DynamicAllocationAboveFit,
                Severity::Info,
                format!(
                    "spark.dynamicAllocation.maxExecutors is {max}, but the queue or cluster \
                     holds {holds} of this shape: the rest of the requests stay pending."
                ),
            )
            .about(FieldId::MaxExecutors),
        ),
        Some(_) => None,
    }
}

/// A floor the cluster cannot hold: executors that wait for the whole job.
fn floor_notes(n: &AllocationNumbers) -> Vec<Warning> {
    let min = n.settings.min_executors;
    let mut notes = Vec::new();
    if n.refusal.is_none() && min > n.holds {
        notes.push(
            Warning::new(
                Code::DynamicAllocationAboveFit,
                Severity::Warning,
                format!(
                    "spark.dynamicAllocation.minExecutors is {min}, but the queue or cluster \
                     holds {}: dynamic allocation never goes below {min}, so {} stay pending for \
                     the whole job.",
                    format::counted(n.holds.into(), "executor"),
                    min - n.holds
                ),
            )
            .about(FieldId::MinExecutors),
        );
    }
    notes
}

/// Shuffle tracking keeps executors that hold shuffle data: with its default timeout, until the
/// driver cleans the shuffle up.
fn shuffle_tracking_note(n: &AllocationNumbers) -> Option<Warning> {
    (n.refusal.is_none() && n.settings.shuffle == ShuffleKeeping::Tracking).then(|| {
        Warning::new(
            Code::DynamicAllocationCount,
            Severity::Info,
            "With shuffle tracking, executors holding shuffle data stay until the driver cleans \
             it up or spark.dynamicAllocation.shuffleTracking.timeout (default: infinity) \
             passes: why they do not scale down on Kubernetes.",
        )
        .about(FieldId::ShuffleKeeping)
    })
}

fn ignored_notes(n: &AllocationNumbers) -> Vec<Warning> {
    let s = &n.settings;
    let mut notes = Vec::new();
    if s.initial_executors.is_some_and(|i| i < s.min_executors) {
        notes.push(
            Warning::new(
                Code::DynamicAllocationIgnored,
                Severity::Info,
                "Spark logs \"spark.dynamicAllocation.initialExecutors less than \
                 spark.dynamicAllocation.minExecutors is invalid, ignoring its setting, please \
                 update your configs.\""
                    .to_string(),
            )
            .about(FieldId::InitialExecutors),
        );
    }
    if n.instances < s.min_executors {
        notes.push(
            Warning::new(
                Code::DynamicAllocationIgnored,
                Severity::Info,
                "Spark logs \"spark.executor.instances less than \
                 spark.dynamicAllocation.minExecutors is invalid, ignoring its setting, please \
                 update your configs.\""
                    .to_string(),
            )
            .about(FieldId::MinExecutors),
        );
    }
    notes
}
