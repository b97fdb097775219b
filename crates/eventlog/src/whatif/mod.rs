//! What if: the run's time for every executor count and shape, simulated from its own tasks.
//!
//! Numbers first: [`what_if`] builds the [`model`] of a run (each stage's task durations and
//! parents, the jobs in the order they ran, the driver's own time), [`simulate`]s it on task
//! slots, and gives the [`curve`] of the run's executor shape (time, utilisation, core-hours and
//! GiB-hours from one executor to the count beyond which nothing changes), its lower bounds, its
//! knee, and the model's error against the run as it really ran. [`estimate_shape`] answers one
//! shape (an explorer row), [`max_executors`] what `spark.dynamicAllocation.maxExecutors` the run
//! could use. Words are made from these numbers in [`words`].

pub mod curve;
mod fixed;
pub mod model;
pub mod simulate;
mod slots;
pub mod warmup;
pub mod words;

pub use curve::{Curve, Point, KNEE_SHARE, MAX_POINTS};
pub use model::Model;
pub use simulate::{Capacity, Simulated, Simulator, Trace};

use crate::run::Run;

/// What the estimate is told beside the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Basis {
    /// Each executor's container, MiB, as the planner computes it from the run's settings
    /// (none: no GiB-hours, as in local mode).
    pub container_mib: Option<u64>,
    /// Cores per executor of the curve (none: the run's own).
    pub cores: Option<u32>,
    /// The most points of the curve (none: [`MAX_POINTS`], fewer for a run of millions of tasks:
    /// [`curve::points_for`]).
    pub max_points: Option<usize>,
}

/// Why there is no estimate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "json",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "kebab-case")
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum NoEstimate {
    /// No task ended in the log.
    NoTasks,
    /// Executors of these cores have no task slot (`spark.task.cpus` is larger).
    NoTaskSlot {
        /// Cores per executor.
        cores: u32,
        /// `spark.task.cpus`.
        task_cpus: u32,
    },
}

/// The model against the run as it ran.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Check {
    /// The run's real duration, ms.
    pub real_ms: u64,
    /// The most executors alive at once in the run.
    pub executors: u32,
    /// Their cores.
    pub cores: u32,
    /// The estimate with that many executors there from the first executor's arrival, ms.
    pub estimated_ms: u64,
    /// (estimate − real) ÷ real, at that count.
    pub error: f64,
    /// The estimate with the executors as they came and went in the run, ms (none: the log
    /// names no executor).
    pub replayed_ms: Option<u64>,
    /// (replayed − real) ÷ real.
    pub replay_error: Option<f64>,
}

/// The what-if of a run.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WhatIf {
    /// The curve of the run's shape: its points (each `executors`, `cores`, `estimated_ms`,
    /// `utilisation`, …) and its shape.
    #[cfg_attr(feature = "json", serde(flatten))]
    pub curve: Curve,
    /// The time with unlimited executors, ms.
    pub critical_path_ms: u64,
    /// The knee of the curve.
    pub knee_executors: u32,
    /// The share the knee is defined by.
    pub knee_share: f64,
    /// The model's error against the run as it ran: (estimate − real) ÷ real, with the executors
    /// as they came and went (else with the most alive at once).
    pub model_error: Option<f64>,
    /// The detail of that check.
    pub check: Option<Check>,
    /// `spark.task.cpus`.
    pub task_cpus: u32,
    /// The run's duration, ms.
    pub run_ms: u64,
    /// The driver's own time: the run's duration minus the time in which a job was running, ms.
    pub driver_ms: u64,
    /// Sum of every task's duration, ms.
    pub task_ms: u64,
    /// Tasks simulated (every task that ended, failed ones included: they held a slot).
    pub tasks: u64,
    /// Stages that ran.
    pub stages: u64,
    /// Jobs.
    pub jobs: u64,
    /// When the curve's executors arrive (the run's first executor), ms from the start.
    pub executors_arrive_ms: u64,
    /// Each executor's container, MiB (what GiB-hours are computed from).
    pub container_mib: Option<u64>,
    /// A new executor's warm-up on each slot's first task, ms.
    pub warmup_ms: u64,
    /// The scheduler's lag before a stage's first task, ms.
    pub stage_lag_ms: u64,
    /// Bytes spilled to disk (more memory might spill less: not modelled).
    pub disk_spilled_bytes: u64,
    /// What `spark.dynamicAllocation.maxExecutors` the run could use, with its cores.
    pub max_executors: MaxExecutors,
    /// The stage graph could not be followed everywhere (a hostile log).
    pub graph_forced: bool,
    /// The model (for estimates of other shapes).
    #[cfg_attr(feature = "json", serde(skip))]
    pub model: Model,
}

fn share(estimate: u64, real: u64) -> Option<f64> {
    (real > 0).then(|| (estimate as f64 - real as f64) / real as f64)
}

fn check(sim: &Simulator<'_>, curve: &Curve, reserve: &curve::Reserve) -> Option<Check> {
    let m = sim.model();
    if m.executors_at_once == 0 || m.run_ms == 0 {
        return None;
    }
    let executors = m.executors_at_once;
    let per = planner::spark::task_slots_per_executor(m.executor_cores, m.task_cpus);
    let estimated_ms = match curve.points.iter().find(|p| p.executors == executors) {
        Some(p) if curve.cores == m.executor_cores => p.estimated_ms,
        _ if per == 0 => return None,
        _ => {
            let slots = u64::from(executors) * u64::from(per);
            sim.end_on_fixed_slots(slots, reserve.arrive_ms)
        }
    };
    let as_ran = Capacity::as_ran(m);
    let replayed = as_ran
        .has_slots()
        .then(|| sim.run(&as_ran))
        .filter(|s| !s.starved);
    Some(Check {
        real_ms: m.run_ms,
        executors,
        cores: m.executor_cores,
        estimated_ms,
        error: share(estimated_ms, m.run_ms).unwrap_or(0.0),
        replayed_ms: replayed.map(|s| s.end_ms),
        replay_error: replayed.and_then(|s| share(s.end_ms, m.run_ms)),
    })
}

/// The what-if of `run` (its settings read by the analysis' reader).
pub fn what_if(run: &Run, basis: &Basis) -> Result<WhatIf, NoEstimate> {
    what_if_of(model::model(run), basis)
}

/// The what-if of `run` with its settings already read.
pub fn what_if_with(
    run: &Run,
    settings: &model::Settings,
    basis: &Basis,
) -> Result<WhatIf, NoEstimate> {
    what_if_of(model::model_with(run, settings), basis)
}

/// The what-if of a model.
pub fn what_if_of(model: Model, basis: &Basis) -> Result<WhatIf, NoEstimate> {
    if model.durations.is_empty() {
        return Err(NoEstimate::NoTasks);
    }
    let sim = Simulator::new(&model);
    let cores = basis.cores.unwrap_or(model.executor_cores).max(1);
    let reserve = curve::Reserve {
        arrive_ms: model.first_executor_ms,
        container_mib: basis.container_mib,
    };
    let max_points = basis
        .max_points
        .unwrap_or_else(|| curve::points_for(model.durations.len()));
    let curve = curve::curve(&sim, cores, &reserve, max_points).ok_or(NoEstimate::NoTaskSlot {
        cores,
        task_cpus: model.task_cpus,
    })?;
    let check = check(&sim, &curve, &reserve);
    let model_error = check.and_then(|c| c.replay_error.or(Some(c.error)));
    Ok(WhatIf {
        critical_path_ms: curve.critical_path_ms,
        knee_executors: curve.knee_executors,
        knee_share: KNEE_SHARE,
        model_error,
        check,
        task_cpus: model.task_cpus,
        run_ms: model.run_ms,
        driver_ms: model.driver_ms,
        task_ms: model.task_ms(),
        tasks: model.durations.len() as u64,
        stages: model.stages.len() as u64,
        jobs: model.jobs.len() as u64,
        executors_arrive_ms: reserve.arrive_ms,
        container_mib: basis.container_mib,
        warmup_ms: model.warmup_ms,
        stage_lag_ms: model.stage_lag_ms,
        disk_spilled_bytes: model.disk_spilled_bytes,
        max_executors: MaxExecutors {
            cores: curve.cores,
            could_use: could_use(curve.peak_tasks, curve.slots_per_executor),
            knee: Some(curve.knee_executors),
        },
        graph_forced: curve.graph_forced,
        curve,
        model,
    })
}

/// One shape's estimate (an explorer row).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ShapeEstimate {
    /// The point: time, utilisation, core-hours, GiB-hours.
    pub point: Point,
    /// Beyond this many executors of the shape nothing changes.
    pub could_use_executors: u32,
}

/// The estimate for `executors` executors of `cores` cores, each in a container of
/// `container_mib` MiB (none: no GiB-hours); `None` when the shape has no task slot.
pub fn estimate_shape(
    what_if: &WhatIf,
    executors: u32,
    cores: u32,
    container_mib: Option<u64>,
) -> Option<ShapeEstimate> {
    let sim = Simulator::new(&what_if.model);
    estimate_on(&sim, what_if, executors, cores, container_mib)
}

/// The estimates of the trade-off explorer's rows (each its executors × cores in its
/// container), one simulation each on one prepared model: `None` for a row whose executors have
/// no task slot for the run's `spark.task.cpus`.
pub fn estimate_rows(
    what_if: &WhatIf,
    rows: &[planner::explorer::ShapeRow],
) -> Vec<Option<ShapeEstimate>> {
    let sim = Simulator::new(&what_if.model);
    rows.iter()
        .map(|r| estimate_on(&sim, what_if, r.executors, r.cores, Some(r.container_mib)))
        .collect()
}

fn estimate_on(
    sim: &Simulator<'_>,
    what_if: &WhatIf,
    executors: u32,
    cores: u32,
    container_mib: Option<u64>,
) -> Option<ShapeEstimate> {
    let m = &what_if.model;
    let per = planner::spark::task_slots_per_executor(cores, m.task_cpus);
    if per == 0 || executors == 0 {
        return None;
    }
    let slots = u64::from(executors) * u64::from(per);
    let reserve = curve::Reserve {
        arrive_ms: what_if.executors_arrive_ms,
        container_mib,
    };
    let end_ms = sim.end_on_fixed_slots(slots, reserve.arrive_ms);
    Some(ShapeEstimate {
        point: reserve.point(m, executors, cores, slots, end_ms),
        could_use_executors: max_executors(what_if, cores).could_use,
    })
}

/// What `spark.dynamicAllocation.maxExecutors` the run could use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MaxExecutors {
    /// Cores per executor.
    pub cores: u32,
    /// The most executors the run could keep busy at once: its most runnable tasks at once ÷
    /// slots per executor, rounded up (more never start a task).
    pub could_use: u32,
    /// The knee, for the run's own cores (more executors save little).
    pub knee: Option<u32>,
}

/// What `maxExecutors` the run could use with executors of `cores` cores.
pub fn max_executors(what_if: &WhatIf, cores: u32) -> MaxExecutors {
    let per = planner::spark::task_slots_per_executor(cores, what_if.task_cpus);
    MaxExecutors {
        cores,
        could_use: could_use(what_if.curve.peak_tasks, per),
        knee: (cores == what_if.curve.cores).then_some(what_if.knee_executors),
    }
}

/// Executors of `per` slots that hold `peak` tasks at once (at least 1).
fn could_use(peak: u64, per: u32) -> u32 {
    u32::try_from(planner::spark::executors_holding_tasks(
        peak,
        u64::from(per),
    ))
    .unwrap_or(u32::MAX)
}
