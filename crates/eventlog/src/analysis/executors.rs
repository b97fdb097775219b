//! The executors as they ran: each with its host, cores, life and tasks; how many were alive
//! and how many task slots were busy over time; the per-node layout of what ran (the planner's
//! layout model, one node per host); and why executors were lost, read as a person would.

use planner::layout::{container_parts, group_nodes, Block, BlockKind, NodeGroup, NodeRun};

use super::settings::RunSettings;
use crate::run::Run;

/// Why an executor was lost, from Spark's `Removed Reason` or a task's `Loss Reason`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(
    feature = "json",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum LossCause {
    /// YARN killed the container for exceeding its memory limit: the off-heap part (the
    /// overhead) was too small.
    YarnMemoryLimit,
    /// Kubernetes' OOMKilled, exit code 137: the pod's memory limit (the overhead).
    OomKilled,
    /// `java.lang.OutOfMemoryError` or Spark's exit code 52: the JVM heap.
    HeapOutOfMemory,
    /// Heartbeats stopped (long GC pauses, a lost node).
    HeartbeatTimeout,
    /// The node or worker was lost.
    NodeLost,
    /// Preempted or decommissioned by the cluster.
    Preempted,
    /// Removed by Spark itself (dynamic allocation's idle executors, the application's end).
    ReleasedByDriver,
    /// Another reason (Spark's words are kept).
    Other,
}

impl LossCause {
    /// Whether the loss was a failure (not an executor Spark released).
    pub fn is_failure(self) -> bool {
        !matches!(self, LossCause::ReleasedByDriver)
    }
}

/// Reads Spark's words about a lost executor.
pub fn loss_cause(reason: &str) -> LossCause {
    let r = reason.to_ascii_lowercase();
    if r.contains("exceeding memory limits")
        || r.contains("beyond physical memory")
        || r.contains("beyond the 'physical' memory")
    {
        LossCause::YarnMemoryLimit
    } else if r.contains("oomkilled")
        || r.contains("code 137")
        || r.contains("exit code: 137")
        || r.contains("exitcode: 137")
    {
        LossCause::OomKilled
    } else if r.contains("outofmemoryerror") || r.contains("code 52") || r.contains("exit code: 52")
    {
        LossCause::HeapOutOfMemory
    } else if r.contains("heartbeat") || r.contains("timed out") {
        LossCause::HeartbeatTimeout
    } else if r.contains("preempt") || r.contains("decommission") {
        LossCause::Preempted
    } else if r.contains("lost worker")
        || r.contains("worker lost")
        || r.contains("node lost")
        || r.contains("slave lost")
        || r.contains("lost node")
    {
        LossCause::NodeLost
    } else if r.contains("killed by driver")
        || r.contains("idle")
        || r.contains("deleted by a user or the framework")
        || r.contains("requested by driver")
    {
        LossCause::ReleasedByDriver
    } else {
        LossCause::Other
    }
}

/// One executor.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ExecutorSummary {
    /// `Executor ID`.
    pub id: String,
    /// `Host`.
    pub host: String,
    /// `Total Cores`.
    pub cores: u32,
    /// Its resource profile.
    pub resource_profile: i64,
    /// Added, ms after the run's start.
    pub added_ms: Option<u64>,
    /// Removed, ms after the run's start (none: alive at the end).
    pub removed_ms: Option<u64>,
    /// `Removed Reason` as Spark wrote it.
    pub removed_reason: Option<String>,
    /// The reason, read.
    pub loss: Option<LossCause>,
    /// Tasks it ran.
    pub tasks: u64,
    /// Of them, failed.
    pub failed_tasks: u64,
    /// Task time on it, ms.
    pub task_ms: u64,
    /// Its time alive, ms.
    pub alive_ms: u64,
    /// Its longest time without a task while alive, ms.
    pub longest_idle_ms: u64,
}

/// A host and what ran on it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HostSummary {
    /// The host as the log names it.
    pub host: String,
    /// Executors it ever ran.
    pub executors: u32,
    /// The most alive on it at once.
    pub most_at_once: u32,
    /// Their cores then.
    pub cores_at_once: u32,
}

/// A point of the timeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TimelinePoint {
    /// ms after the run's start.
    pub at_ms: u64,
    /// Executors alive.
    pub executors: u32,
    /// Their task slots.
    pub slots: u32,
    /// Tasks running.
    pub busy: u32,
}

/// The executors as they ran.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ExecutorsSummary {
    /// Each executor, in the order added.
    pub executors: Vec<ExecutorSummary>,
    /// Hosts, in the order first used.
    pub hosts: Vec<HostSummary>,
    /// The most executors alive at once.
    pub most_alive: u32,
    /// The most tasks running at once.
    pub most_busy_slots: u32,
    /// The most task slots alive at once.
    pub most_slots: u32,
    /// Sum over executors of slots × time alive, ms.
    pub slot_ms: u64,
    /// Sum of task durations × `spark.task.cpus` ÷ cores per slot: slot time used, ms.
    pub busy_slot_ms: u64,
    /// Executors alive and slots busy over time (at most 240 points: each the largest count of
    /// its interval).
    pub timeline: Vec<TimelinePoint>,
    /// The per-node layout of what ran: one node per host (numbered as [`Self::hosts`]), each
    /// executor alive there at the busiest moment a block of its container's memory.
    #[cfg_attr(feature = "json", serde(skip))]
    pub layout: Vec<NodeGroup>,
    /// One executor's container as the settings ask it (heap, overhead, off-heap, PySpark), MiB.
    pub container_mib: u64,
    /// The heap of it, MiB.
    pub heap_mib: u64,
    /// The rest of it, MiB.
    pub overhead_mib: u64,
}

impl ExecutorsSummary {
    /// Busy slot time ÷ slot time alive, in thousandths.
    pub fn utilisation_permille(&self) -> u64 {
        if self.slot_ms == 0 {
            return 0;
        }
        (u128::from(self.busy_slot_ms) * 1000 / u128::from(self.slot_ms)).min(1000) as u64
    }
}

fn since(start: i64, t: i64) -> u64 {
    u64::try_from(t.saturating_sub(start)).unwrap_or(0)
}

/// Summarizes the executors.
pub fn summarize(run: &Run, settings: &RunSettings) -> ExecutorsSummary {
    let start = run.app.start_ms.or(run.first_ms).unwrap_or(0);
    let end = run.app.end_ms.or(run.last_ms).unwrap_or(start);
    let task_cpus = settings.task_cpus.max(1);
    let mut executors: Vec<ExecutorSummary> = run
        .executors
        .iter()
        .map(|e| {
            let added = e.added_ms.unwrap_or(start);
            let removed = e.removed_ms.unwrap_or(end);
            ExecutorSummary {
                id: e.id.clone(),
                host: e.host.clone(),
                cores: e.cores,
                resource_profile: e.resource_profile,
                added_ms: e.added_ms.map(|t| since(start, t)),
                removed_ms: e.removed_ms.map(|t| since(start, t)),
                removed_reason: e.removed_reason.clone(),
                loss: e.removed_reason.as_deref().map(loss_cause),
                tasks: e.tasks,
                failed_tasks: e.failed_tasks,
                task_ms: e.task_ms,
                alive_ms: since(added, removed),
                longest_idle_ms: 0,
            }
        })
        .collect();
    idle_gaps(run, &mut executors, start, end);
    let slot_ms = super::total(
        executors
            .iter()
            .map(|e| u64::from(e.cores / task_cpus).saturating_mul(e.alive_ms)),
    );
    let busy_slot_ms = super::total(
        run.tasks()
            .filter(|t| t.executor != u32::MAX)
            .map(|t| t.duration_ms()),
    );
    let (timeline, most) = timeline(run, task_cpus, start, end);
    let hosts = hosts(run, end);
    let (heap_mib, overhead_mib) = container_of(run, settings);
    let layout = layout(&hosts, heap_mib, overhead_mib);
    ExecutorsSummary {
        executors,
        hosts,
        most_alive: most.0,
        most_busy_slots: most.1,
        most_slots: most.2,
        slot_ms,
        busy_slot_ms,
        timeline,
        layout,
        container_mib: heap_mib.saturating_add(overhead_mib),
        heap_mib,
        overhead_mib,
    }
}

/// The longest time each executor went without a task while alive.
fn idle_gaps(run: &Run, executors: &mut [ExecutorSummary], start: i64, end: i64) {
    let mut spans: Vec<Vec<(i64, i64)>> = vec![Vec::new(); executors.len()];
    for t in run.tasks() {
        if let Some(s) = spans.get_mut(t.executor as usize) {
            s.push((t.launch_ms, t.finish_ms));
        }
    }
    for ((e, spans), raw) in executors
        .iter_mut()
        .zip(spans.iter_mut())
        .zip(&run.executors)
    {
        spans.sort_unstable();
        let mut free_since = raw.added_ms.unwrap_or(start);
        let mut longest = 0u64;
        for &(launch, finish) in spans.iter() {
            longest = longest.max(since(free_since, launch));
            free_since = free_since.max(finish);
        }
        longest = longest.max(since(free_since, raw.removed_ms.unwrap_or(end)));
        e.longest_idle_ms = longest;
    }
}

/// The timeline and the most executors alive, tasks busy and slots at once.
fn timeline(
    run: &Run,
    task_cpus: u32,
    start: i64,
    end: i64,
) -> (Vec<TimelinePoint>, (u32, u32, u32)) {
    // (time, Δexecutors, Δslots, Δbusy); at equal times ends before starts.
    let mut changes: Vec<(i64, i32, i32, i32)> = Vec::new();
    for e in &run.executors {
        let slots = i32::try_from(e.cores / task_cpus).unwrap_or(0);
        changes.push((e.added_ms.unwrap_or(start), 1, slots, 0));
        changes.push((e.removed_ms.unwrap_or(end), -1, -slots, 0));
    }
    for t in run.tasks().filter(|t| t.executor != u32::MAX) {
        changes.push((t.launch_ms, 0, 0, 1));
        changes.push((t.finish_ms.max(t.launch_ms), 0, 0, -1));
    }
    changes.sort_unstable_by_key(|c| (c.0, c.1 + c.3 > 0 || c.2 > 0));
    let span = u64::try_from(end.saturating_sub(start)).unwrap_or(0).max(1);
    let buckets = 240u64;
    let mut points: Vec<TimelinePoint> = Vec::new();
    let (mut executors, mut slots, mut busy) = (0i64, 0i64, 0i64);
    let mut most = (0u32, 0u32, 0u32);
    let clamp = |v: i64| u32::try_from(v.max(0)).unwrap_or(u32::MAX);
    for (t, de, ds, db) in changes {
        executors += i64::from(de);
        slots += i64::from(ds);
        busy += i64::from(db);
        let point = TimelinePoint {
            at_ms: since(start, t).min(span) / span.div_ceil(buckets) * span.div_ceil(buckets),
            executors: clamp(executors),
            slots: clamp(slots),
            busy: clamp(busy),
        };
        most = (
            most.0.max(point.executors),
            most.1.max(point.busy),
            most.2.max(point.slots),
        );
        match points.last_mut() {
            Some(last) if last.at_ms == point.at_ms => {
                last.executors = last.executors.max(point.executors);
                last.slots = last.slots.max(point.slots);
                last.busy = last.busy.max(point.busy);
            }
            _ => points.push(point),
        }
    }
    (points, most)
}

/// Hosts in the order first used, with the most executors alive on each at once.
fn hosts(run: &Run, end: i64) -> Vec<HostSummary> {
    let mut hosts: Vec<HostSummary> = Vec::new();
    for e in &run.executors {
        if e.host.is_empty() {
            continue;
        }
        if !hosts.iter().any(|h| h.host == e.host) {
            hosts.push(HostSummary {
                host: e.host.clone(),
                executors: 0,
                most_at_once: 0,
                cores_at_once: 0,
            });
        }
    }
    for h in &mut hosts {
        let on: Vec<_> = run.executors.iter().filter(|e| e.host == h.host).collect();
        h.executors = on.len() as u32;
        for e in &on {
            let at = e.added_ms.unwrap_or(0);
            let alive: Vec<_> = on
                .iter()
                .filter(|o| o.added_ms.unwrap_or(0) <= at && o.removed_ms.unwrap_or(end) > at)
                .collect();
            let n = alive.len() as u32;
            if n > h.most_at_once {
                h.most_at_once = n;
                h.cores_at_once = alive.iter().fold(0u32, |c, o| c.saturating_add(o.cores));
            }
        }
    }
    hosts
}

/// One executor's container as the run's settings ask it: (heap, the rest) in MiB, by the
/// default resource profile when logged (its `memory`, `memoryOverhead`, `offHeap` and
/// `pyspark.memory`), else by Spark's rule from the settings.
fn container_of(run: &Run, settings: &RunSettings) -> (u64, u64) {
    let mib = |v: Option<f64>| v.filter(|v| *v > 0.0).map_or(0, |v| v as u64);
    if let Some(p) = run.resource_profile(0) {
        let heap = mib(p.executor_amount("memory"));
        if heap > 0 {
            let rest = mib(p.executor_amount("memoryOverhead"))
                .saturating_add(mib(p.executor_amount("offHeap")))
                .saturating_add(mib(p.executor_amount("pyspark.memory")));
            let rest = if rest == 0 {
                settings.overhead_rule.overhead_mib(heap)
            } else {
                rest
            };
            return (heap, rest);
        }
    }
    let heap = settings.executor_memory_mib;
    let overhead = settings.overhead_rule.overhead_mib(heap);
    (heap, overhead)
}

/// The layout of what ran: a node per host, each with the executors alive there at its busiest
/// moment, as containers of the settings' heap and overhead.
fn layout(hosts: &[HostSummary], heap: u64, overhead: u64) -> Vec<NodeGroup> {
    let cores_of = |h: &HostSummary| h.cores_at_once / h.most_at_once.max(1);
    let runs = hosts.iter().enumerate().map(|(i, h)| {
        let node = u32::try_from(i + 1).unwrap_or(u32::MAX);
        // The load says how many executors and of how many cores (so that hosts of other
        // shapes stay apart); the driver's container is not in the log, so none is drawn.
        NodeRun::new(
            node,
            node,
            false,
            u64::from(h.most_at_once) * 1000 + u64::from(cores_of(h).min(999)),
        )
    });
    group_nodes(runs, |r| {
        let (executors, cores) = (r.load.executors / 1000, r.load.executors % 1000);
        let mut blocks = Vec::new();
        for _ in 0..executors {
            blocks.push(Block {
                kind: BlockKind::Executor,
                cpu_millis: cores * 1000,
                memory_mib: heap.saturating_add(overhead),
                parts: container_parts(heap, overhead, 0, 0, 0),
            });
        }
        blocks
    })
}
