//! Will the job fit, on a planned scenario: the workload checks ([`crate::workload`]) on the
//! plan's executor shape, the remedies that are other executor shapes (from the trade-off
//! explorer's sweep, each with the scenario that applies it), and dynamic allocation
//! ([`crate::dynamic_allocation`]) against what the queue or cluster holds. Numbers first
//! ([`job_fit`]); the words are [`job_fit_notes`] and [`remedy_words`].

use crate::catalog::{ClusterManager, FieldId};
use crate::dynamic_allocation::{allocation_notes, planned_allocation_numbers, AllocationNumbers};
use crate::explorer::{adopt, explore, ShapeRow};
use crate::format;
use crate::memory::MemoryFractions;
use crate::scenario::{driver_settings, dynamic_allocation_of, workload_of, Outcome, Scenario};
use crate::units::MIB;
use crate::warning::{Code, Severity, Warning};
use crate::workload::{
    waves_of, workload_notes, workload_numbers, ExecutorView, TaskVerdict, WorkloadNumbers,
};

/// Which kind of shape a remedy is (seed 001's list).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RemedyKind {
    /// Fewer cores per executor: fewer tasks share each executor's execution memory.
    FewerCores,
    /// Smaller executors, more of them (seed 001: "reduce the parallelism to 4, the memory to
    /// 21 GB, increase the number of executors").
    SmallerExecutorsMore,
    /// The same executors running fewer tasks at once (`spark.task.cpus` above 1): each task
    /// takes a larger share of the execution memory, at the cost of idle cores. Offered when no
    /// shape on the cluster gives a task enough: a node's memory per core bounds what every
    /// filled shape gives.
    FewerTasksAtOnce,
}

/// A remedy that is an executor shape: one click applies its scenario.
#[derive(Debug, Clone, PartialEq)]
pub struct ShapeRemedy {
    /// Which remedy.
    pub kind: RemedyKind,
    /// `spark.task.cpus` in the remedy's scenario.
    pub task_cpus: u32,
    /// The shape, as the explorer sizes it on this cluster.
    pub row: ShapeRow,
    /// The most execution memory one task may take in it, in bytes.
    pub per_task_max_bytes: u64,
    /// Whether the largest task fits in that.
    pub fits: bool,
    /// Whether it fits in the share every running task is guaranteed (execution ÷ 2N), as the
    /// workload's verdict "fits" means; `fits` alone is the verdict "fits only while the tasks
    /// beside it take less".
    pub fits_guaranteed: bool,
    /// The scenario whose plan is this shape.
    pub scenario: Scenario,
}

/// Remedies that change the job, not the executors: smaller tasks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SmallerTasks {
    /// The most a task may take now (execution ÷ N), in bytes: the size to aim for.
    pub target_bytes: u64,
    /// Shuffle partitions that bring the average partition to the target, in whole waves
    /// (shuffle size given).
    pub partitions: Option<u64>,
    /// Salt buckets that split the largest task to the target: ⌈task ÷ target⌉.
    pub salt_buckets: u64,
}

/// Everything the workload and dynamic allocation sections show.
#[derive(Debug, Clone, PartialEq)]
pub struct JobFit {
    /// The manager.
    pub manager: ClusterManager,
    /// The workload's numbers (`None`: nothing described).
    pub workload: Option<WorkloadNumbers>,
    /// Shapes that give the largest task more memory (when it does not fit the guarantee).
    pub remedies: Vec<ShapeRemedy>,
    /// Smaller tasks (when the largest task does not fit).
    pub smaller_tasks: Option<SmallerTasks>,
    /// Dynamic allocation.
    pub allocation: AllocationNumbers,
}

/// The checks of `scenario`'s workload and dynamic allocation on its plan (`None` when the
/// scenario is invalid).
pub fn job_fit(scenario: &Scenario, outcome: &Outcome) -> Option<JobFit> {
    let (view, instances, holds) = executor_view(scenario, outcome)?;
    let w = planned_workload(scenario, outcome);
    let workload = (!w.is_empty()).then(|| workload_numbers(&w, &view));
    let task = workload.and_then(|n| n.task);
    let short = task.filter(|t| t.verdict != TaskVerdict::Fits);
    let remedies = short.map_or_else(Vec::new, |t| {
        shape_remedies(scenario, &view, t.task_bytes, t.max_bytes)
    });
    let smaller_tasks = task
        .filter(|t| t.verdict == TaskVerdict::DoesNotFit)
        .map(|t| {
            smaller_tasks(
                &workload.and_then(|n| n.shuffle.map(|s| s.shuffle_bytes)),
                t.task_bytes,
                t.max_bytes,
                view.task_slots(),
            )
        });
    let da = dynamic_allocation_of(scenario);
    Some(JobFit {
        manager: scenario.manager(),
        workload,
        remedies,
        smaller_tasks,
        allocation: planned_allocation_numbers(&da, scenario.manager(), instances, holds),
    })
}

/// The scenario's workload with the default parallelism the plan sets: EMR's
/// `maximizeResourceAllocation` writes `spark.default.parallelism` (2 × the core nodes' vCPUs,
/// EMR Release Guide, "Configure Spark") unless it is given.
pub fn planned_workload(scenario: &Scenario, outcome: &Outcome) -> crate::workload::Workload {
    let mut w = workload_of(scenario);
    if let (None, Outcome::Emr(p)) = (w.default_parallelism, outcome) {
        w.default_parallelism = p
            .maximized
            .map(|m| u32::try_from(m.default_parallelism).unwrap_or(u32::MAX));
    }
    w
}

/// The plan's executor shape as the checks see it, with `spark.executor.instances` as emitted
/// and the executors of this shape the queue or cluster holds.
pub fn executor_view(scenario: &Scenario, outcome: &Outcome) -> Option<(ExecutorView, u32, u32)> {
    let driver = driver_settings(scenario);
    let clamp = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
    let (shape, instances, holds) = match (scenario, outcome) {
        (Scenario::Yarn(input), Outcome::Yarn(c)) => {
            let p = c.selected_plan();
            let holds = p.placement.capacity.min(p.placement.fit.share_limit);
            (yarn_shape(&input.spark, p), p.instances, clamp(holds))
        }
        (Scenario::Kubernetes(input), Outcome::Kubernetes(p)) => (
            k8s_shape(&input.spark, p),
            clamp(p.wanted),
            clamp(p.fit.capacity),
        ),
        (Scenario::Emr(_), Outcome::Emr(p)) => {
            // spark.executor.instances as emitted (0 when dynamic allocation grows from 0).
            (
                emr_shape(p)?,
                p.settings.executors,
                clamp(p.requests_capacity),
            )
        }
        _ => return None,
    };
    let view = ExecutorView {
        driver_heap_mib: driver.heap_mib,
        collected_mib: driver.load.collected_mib,
        max_result_size_mib: driver.load.max_result_size_mib,
        ..shape
    };
    Some((view, instances, holds))
}

/// A YARN plan's executors as the checks see them (the executors placed).
pub fn yarn_shape(s: &crate::input::SparkSettings, p: &crate::plan::Plan) -> ExecutorView {
    ExecutorView::of_shape(
        p.placement.totals.executors,
        p.cores(),
        s.task_slots_per_executor(p.cores()),
        p.heap_mib(),
        s.offheap_mib(),
        s.memory_fractions(),
    )
}

/// A Kubernetes plan's executor pods as the checks see them (the pods placed).
pub fn k8s_shape(s: &crate::k8s::K8sSpark, p: &crate::k8s::K8sPlan) -> ExecutorView {
    let clamp = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
    ExecutorView::of_shape(
        clamp(p.placed),
        s.executor_cores,
        clamp(p.task_slots_per_executor),
        p.executor_memory.heap_mib,
        p.executor_memory.offheap_mib,
        MemoryFractions::default(),
    )
}

/// An EMR plan's executors as the checks see them (those EMR launches; `None` when none).
pub fn emr_shape(p: &crate::emr::EmrPlan) -> Option<ExecutorView> {
    let l = p.launched.first()?;
    Some(ExecutorView::of_shape(
        p.launched_executors,
        l.cores,
        crate::resources::slots_with_gpus(l.cores, p.settings.task_cpus, &p.settings.gpus),
        l.heap_mib,
        0,
        MemoryFractions::default(),
    ))
}

/// The explorer's shapes that give a task more memory than now: the most cores per executor
/// whose tasks hold the largest one (else the fewer-cores shape with the most per task), and
/// the shape with more, smaller executors that gives a task the most.
fn shape_remedies(
    scenario: &Scenario,
    view: &ExecutorView,
    task_bytes: u64,
    now_bytes: u64,
) -> Vec<ShapeRemedy> {
    let Some(explorer) = explore(scenario) else {
        return Vec::new();
    };
    let per_task = |r: &ShapeRow| r.per_task.map_or(0, |p| p.max_bytes);
    let better: Vec<&ShapeRow> = explorer
        .rows
        .iter()
        .filter(|r| per_task(r) > now_bytes)
        .collect();
    let fewer_cores = better
        .iter()
        .filter(|r| r.cores < view.cores)
        .filter(|r| per_task(r) >= task_bytes)
        .max_by_key(|r| r.cores)
        .or_else(|| {
            better
                .iter()
                .filter(|r| r.cores < view.cores)
                .max_by_key(|r| (per_task(r), r.cores))
        });
    let more_executors = better
        .iter()
        .filter(|r| r.executors > view.executors && r.cores < view.cores)
        .max_by_key(|r| (per_task(r), r.executors));
    let mut remedies = Vec::new();
    for (kind, row) in [
        (RemedyKind::FewerCores, fewer_cores),
        (RemedyKind::SmallerExecutorsMore, more_executors),
    ] {
        let Some(row) = row else { continue };
        if remedies.iter().any(|r: &ShapeRemedy| r.row == **row) {
            continue;
        }
        remedies.push(ShapeRemedy {
            kind,
            task_cpus: crate::scenario::task_cpus_of(scenario),
            row: **row,
            per_task_max_bytes: per_task(row),
            fits: per_task(row) >= task_bytes,
            fits_guaranteed: row.per_task.is_some_and(|p| p.min_bytes >= task_bytes),
            scenario: adopt(scenario, row),
        });
    }
    if remedies.iter().all(|r| !r.fits) {
        // The one that fits goes first.
        if let Some(r) = fewer_tasks_at_once(scenario, view, &explorer.rows, task_bytes) {
            remedies.insert(0, r);
        }
    }
    remedies
}

/// The plan's own executors with `spark.task.cpus` raised until a running task's share of the
/// execution memory holds `task_bytes` (`None` when even one task at a time is short, or
/// when the plan's shape is not among the explorer's `rows`).
fn fewer_tasks_at_once(
    scenario: &Scenario,
    view: &ExecutorView,
    rows: &[ShapeRow],
    task_bytes: u64,
) -> Option<ShapeRemedy> {
    let execution = view.memory?.task_execution_bytes();
    let most_tasks = execution / task_bytes.max(1);
    if most_tasks == 0 || most_tasks >= u64::from(view.task_slots_per_executor) {
        return None;
    }
    let task_cpus = (1..=view.cores).find(|t| u64::from(view.cores / t) <= most_tasks)?;
    let slots = u64::from(view.cores / task_cpus).max(1);
    let own = rows
        .iter()
        .find(|r| r.cores == view.cores && r.heap_mib == view.heap_mib)?;
    let (min_bytes, max_bytes) = crate::memory::per_task_bytes(execution, slots);
    let per_task = crate::explorer::PerTaskMemory {
        min_bytes,
        max_bytes,
    };
    Some(ShapeRemedy {
        kind: RemedyKind::FewerTasksAtOnce,
        task_cpus,
        row: ShapeRow {
            task_slots_per_executor: slots,
            task_slots: slots.saturating_mul(u64::from(own.executors)),
            per_task: Some(per_task),
            ..*own
        },
        per_task_max_bytes: per_task.max_bytes,
        fits: per_task.max_bytes >= task_bytes,
        fits_guaranteed: per_task.min_bytes >= task_bytes,
        scenario: crate::scenario::with_task_cpus(&adopt(scenario, own), task_cpus),
    })
}

fn smaller_tasks(
    shuffle_bytes: &Option<u64>,
    task_bytes: u64,
    target_bytes: u64,
    slots: u64,
) -> SmallerTasks {
    let target = target_bytes.max(1);
    let partitions = shuffle_bytes.map(|s| {
        let needed = s.div_ceil(target).max(1);
        let (waves, _, _) = waves_of(needed, slots);
        if slots == 0 {
            needed
        } else {
            waves.saturating_mul(slots)
        }
    });
    SmallerTasks {
        target_bytes: target,
        partitions,
        salt_buckets: task_bytes.div_ceil(target),
    }
}

/// One shape remedy in words: the shape, what a task gets, whether the largest task fits.
pub fn remedy_words(r: &ShapeRemedy) -> String {
    let what = match r.kind {
        RemedyKind::FewerCores => "Fewer cores per executor",
        RemedyKind::SmallerExecutorsMore => "Smaller executors, more of them",
        RemedyKind::FewerTasksAtOnce => return fewer_tasks_words(r),
    };
    // A remedy applied keeps the scenario's spark.task.cpus: say so, with the tasks at once.
    let task_cpus = if r.task_cpus > 1 {
        format!(
            ", with {}={} ({} at a time)",
            crate::spark_keys::TASK_CPUS,
            r.task_cpus,
            format::counted(r.row.task_slots_per_executor, "task")
        )
    } else {
        String::new()
    };
    format!(
        "{what}: {} × {} × {} ({} containers{task_cpus}): each task may take up to {} — {}.",
        format::counted(r.row.executors.into(), "executor"),
        format::counted(r.row.cores.into(), "core"),
        format::spark_size(r.row.heap_mib),
        crate::format::mib_of_bytes(r.row.container_mib.saturating_mul(MIB)),
        crate::format::mib_of_bytes(r.per_task_max_bytes),
        remedy_verdict(r),
    )
}

/// A remedy's verdict in the workload check's own terms.
fn remedy_verdict(r: &ShapeRemedy) -> &'static str {
    if r.fits_guaranteed {
        "the largest task fits in the share every task is guaranteed"
    } else if r.fits {
        "the largest task fits only while the tasks beside it take less"
    } else {
        "still short of the largest task"
    }
}

/// The `spark.task.cpus` remedy in words: the setting, the tasks at once and the idle cores.
fn fewer_tasks_words(r: &ShapeRemedy) -> String {
    let idle = u64::from(r.row.cores)
        .saturating_sub(r.row.task_slots_per_executor * u64::from(r.task_cpus));
    let idle = if idle == 0 {
        String::new()
    } else {
        format!(", {} idle", format::counted(idle, "core"))
    };
    format!(
        "Fewer tasks at once in the same {} × {} × {}: {}={} runs {} at a time in each executor{idle}. \
         Each task may take up to {} — {}.",
        format::counted(r.row.executors.into(), "executor"),
        format::counted(r.row.cores.into(), "core"),
        format::spark_size(r.row.heap_mib),
        crate::spark_keys::TASK_CPUS,
        r.task_cpus,
        format::counted(r.row.task_slots_per_executor, "task"),
        crate::format::mib_of_bytes(r.per_task_max_bytes),
        remedy_verdict(r),
    )
}

/// The words of the workload section, most severe first: the checks, each shape remedy, and
/// smaller tasks.
pub fn workload_section_notes(fit: &JobFit) -> Vec<Warning> {
    let mut notes: Vec<Warning> = fit.workload.map(|n| workload_notes(&n)).unwrap_or_default();
    notes.extend(fit.remedies.iter().map(|r| {
        Warning::new(Code::TaskMemoryShort, Severity::Info, remedy_words(r))
            .about(FieldId::CoresPerExecutor)
    }));
    notes.extend(fit.smaller_tasks.map(|s| smaller_tasks_note(&s)));
    crate::warning::most_severe_first(notes)
}

/// The words of the whole check: the workload section's, then dynamic allocation's.
pub fn job_fit_notes(fit: &JobFit) -> Vec<Warning> {
    let mut notes = workload_section_notes(fit);
    notes.extend(allocation_notes(&fit.allocation));
    notes
}

/// Smaller tasks in words: the size to aim for, the shuffle partitions and salt buckets that get
/// there, and NULL join keys.
pub fn smaller_tasks_note(s: &SmallerTasks) -> Warning {
    Warning::new(
        Code::TaskMemoryShort,
        Severity::Info,
        format!(
            "Or make the largest task smaller, to at most {}: a skewed key salted into {} buckets \
             (a random suffix on the key, the other side of the join replicated {} times) is \
             split to size. If the skew comes from NULL join keys, filter the NULL rows out, \
             join the rest, and union the NULL rows back.",
            crate::format::mib_of_bytes(s.target_bytes),
            s.salt_buckets,
            s.salt_buckets,
        ),
    )
    .about(FieldId::LargestTaskInput)
}
