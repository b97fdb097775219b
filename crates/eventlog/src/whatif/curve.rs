//! The curve: the estimated time for every executor count of one shape, from one executor to
//! the count beyond which nothing changes, with its lower bounds and its knee.

use super::model::Model;
use super::simulate::{Capacity, Simulator};

/// The knee: the count past which one more executor shortens the run by less than this share
/// of its time.
pub const KNEE_SHARE: f64 = 0.01;

/// The most points a curve holds; a longer range is sampled (every count at first, then
/// spaced geometrically), always keeping its last count.
pub const MAX_POINTS: usize = 500;

/// Tasks simulated for one curve at most, all its points together (about a second natively):
/// a log of many tasks gets fewer points, never fewer than [`FEWEST_POINTS`].
pub const TASKS_SIMULATED: usize = 50_000_000;

/// The fewest points of a sampled curve.
pub const FEWEST_POINTS: usize = 24;

/// The most points for a run of `tasks` tasks: [`MAX_POINTS`], fewer for runs so large that
/// [`TASKS_SIMULATED`] would be passed.
pub fn points_for(tasks: usize) -> usize {
    (TASKS_SIMULATED / tasks.max(1)).clamp(FEWEST_POINTS, MAX_POINTS)
}

const MS_PER_HOUR: f64 = 3_600_000.0;

/// One executor count.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Point {
    /// Executors.
    pub executors: u32,
    /// Cores each.
    pub cores: u32,
    /// The estimated wall-clock time of the run, ms.
    pub estimated_ms: u64,
    /// Busy share of the executors' task slots while they are reserved (0 to 1).
    pub utilisation: f64,
    /// Perfect parallelism: the total task time ÷ the slots, ms (a lower bound).
    pub perfect_ms: u64,
    /// Cores reserved × hours (executors, from their arrival to the run's end).
    pub core_hours: f64,
    /// GiB reserved × hours (each executor's container as the planner computes it from the
    /// run's settings; none when the run has no executor containers, as in local mode).
    pub gib_hours: Option<f64>,
}

/// The curve of one shape.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Curve {
    /// Cores per executor.
    pub cores: u32,
    /// Task slots per executor (`cores ÷ spark.task.cpus`, rounded down).
    pub slots_per_executor: u32,
    /// The points, by executor count.
    pub points: Vec<Point>,
    /// The time with unlimited executors, ms (in the what-if's JSON once, beside the curve).
    #[cfg_attr(feature = "json", serde(skip))]
    pub critical_path_ms: u64,
    /// The most tasks runnable at once (with unlimited executors).
    pub peak_tasks: u64,
    /// The count beyond which nothing changes (every runnable task has a slot).
    pub saturation_executors: u32,
    /// The knee (see [`KNEE_SHARE`]; in the what-if's JSON once, beside the curve).
    #[cfg_attr(feature = "json", serde(skip))]
    pub knee_executors: u32,
    /// The stage graph could not be followed everywhere (a hostile log).
    #[cfg_attr(feature = "json", serde(skip))]
    pub graph_forced: bool,
}

/// What costs are computed from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reserve {
    /// When the executors arrive, ms from the run's start.
    pub arrive_ms: u64,
    /// Each executor's container, MiB.
    pub container_mib: Option<u64>,
}

impl Reserve {
    /// The point of `executors` × `cores` with `slots` task slots in all, estimated to end at
    /// `end_ms`.
    pub fn point(
        &self,
        model: &Model,
        executors: u32,
        cores: u32,
        slots: u64,
        end_ms: u64,
    ) -> Point {
        let reserved_ms = end_ms.saturating_sub(self.arrive_ms) as f64;
        let hours = f64::from(executors) * reserved_ms / MS_PER_HOUR;
        let task_ms = model.task_ms() as f64;
        let slot_ms = slots as f64 * reserved_ms;
        Point {
            executors,
            cores,
            estimated_ms: end_ms,
            utilisation: if slot_ms > 0.0 {
                (task_ms / slot_ms).min(1.0)
            } else {
                0.0
            },
            perfect_ms: (task_ms / (slots.max(1) as f64)).ceil() as u64,
            core_hours: hours * f64::from(cores),
            gib_hours: self.container_mib.map(|m| hours * m as f64 / 1024.0),
        }
    }
}

/// The executor counts of a curve up to `last`: all of them when they fit in `max_points`,
/// else every count at first and then counts spaced geometrically, ending at `last`.
pub fn counts(last: u32, max_points: usize) -> Vec<u32> {
    let last = last.max(1);
    let max_points = max_points.max(2);
    if last as usize <= max_points {
        return (1..=last).collect();
    }
    let ratio = (f64::from(last)).powf(1.0 / (max_points - 1) as f64);
    let mut out: Vec<u32> = Vec::with_capacity(max_points);
    let mut x = 1.0f64;
    for _ in 0..max_points {
        let e = (x.round() as u32).clamp(1, last);
        let next = out.last().map_or(1, |&p| p + 1).max(e);
        if next > last {
            break;
        }
        out.push(next);
        x *= ratio;
    }
    if out.last() != Some(&last) {
        out.pop();
        out.push(last);
    }
    out
}

/// The smallest count from which the time stops changing: the points after it are cut.
fn cut_flat_tail(points: &mut Vec<Point>) {
    let Some(last) = points.last().map(|p| p.estimated_ms) else {
        return;
    };
    let keep = points
        .iter()
        .rposition(|p| p.estimated_ms != last)
        .map_or(1, |i| i + 2);
    points.truncate(keep);
}

/// The knee: the count past which no executor added saves [`KNEE_SHARE`] of the time or more
/// (between sampled points, the saving per executor added).
pub fn knee(points: &[Point]) -> u32 {
    let mut knee = points.first().map_or(1, |p| p.executors);
    for pair in points.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let added = f64::from(b.executors.saturating_sub(a.executors).max(1));
        let saved = a.estimated_ms as f64 - b.estimated_ms as f64;
        if saved / added >= KNEE_SHARE * a.estimated_ms as f64 {
            knee = b.executors;
        }
    }
    knee
}

/// The curve of executors of `cores` cores, or `None` when such an executor has no task slot
/// (`cores` below `spark.task.cpus`).
pub fn curve(
    sim: &Simulator<'_>,
    cores: u32,
    reserve: &Reserve,
    max_points: usize,
) -> Option<Curve> {
    let model = sim.model();
    let per = planner::spark::task_slots_per_executor(cores, model.task_cpus);
    if per == 0 {
        return None;
    }
    let unlimited = sim.run(&Capacity::unlimited(model, reserve.arrive_ms));
    let saturation = u32::try_from(unlimited.peak_running.div_ceil(u64::from(per)))
        .unwrap_or(u32::MAX)
        .max(1);
    let mut points: Vec<Point> = counts(saturation, max_points)
        .into_iter()
        .map(|e| {
            let slots = u64::from(e) * u64::from(per);
            reserve.point(
                model,
                e,
                cores,
                slots,
                sim.end_on_fixed_slots(slots, reserve.arrive_ms),
            )
        })
        .collect();
    cut_flat_tail(&mut points);
    let knee_executors = knee(&points);
    let saturation_executors = points.last().map_or(1, |p| p.executors);
    Some(Curve {
        cores,
        slots_per_executor: per,
        points,
        critical_path_ms: unlimited.end_ms,
        peak_tasks: unlimited.peak_running,
        saturation_executors,
        knee_executors,
        graph_forced: unlimited.forced,
    })
}
