//! The simulator's input, taken from a [`Run`]: every stage that ran with its tasks' durations
//! (launch to finish, in the order they were launched) and the stages it waited for; the jobs in
//! the order they were submitted, each with the jobs that had ended before it was submitted; the
//! executors as they came and went; the run's duration and the driver's own time.
//!
//! Times are milliseconds from the application's start. Nothing here can fail: a log without a
//! stage graph gives stages without parents, a stage no job declares gets a job of its own, and
//! a job that never ended (a log cut short) ends with its last task.

use std::collections::{BTreeMap, HashMap};

use super::warmup;
use crate::analysis::settings::{self, Master, RunSettings};
use crate::run::{Run, TaskTime};

/// A stage that ran (its attempts together: a retried stage's tasks all held slots).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelStage {
    /// `Stage ID`.
    pub id: i64,
    /// The job that ran it, as an index into [`Model::jobs`].
    pub job: u32,
    /// The stages it waited for, as indices into [`Model::stages`] (parents that ran).
    pub parents: Vec<u32>,
    /// Its tasks, as a range of [`Model::durations`].
    pub tasks: std::ops::Range<u32>,
    /// Its first task's launch.
    pub first_launch_ms: u64,
    /// Its last task's finish.
    pub last_finish_ms: u64,
}

/// A job (or, for stages no job declares, the stage on its own).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelJob {
    /// `Job ID` (`None`: a stage no job in the log declares).
    pub id: Option<i64>,
    /// `spark.sql.execution.id`.
    pub sql_execution: Option<i64>,
    /// Submitted (or its first task's launch when the log has no submission).
    pub submitted_ms: u64,
    /// Ended (or its last task's finish when the log has no end).
    pub completed_ms: u64,
    /// Its stages, as indices into [`Model::stages`].
    pub stages: Vec<u32>,
    /// How many jobs had ended before it was submitted: the first `after` of
    /// [`Model::ended_order`]. The simulation starts it no sooner after them than it started.
    pub after: u32,
    /// The Spark job id its stages are scheduled by (FIFO: lower first).
    pub priority: i64,
}

/// An executor as it ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModelExecutor {
    /// Added.
    pub added_ms: u64,
    /// Removed (none: alive at the end).
    pub removed_ms: Option<u64>,
    /// When it stopped taking tasks: its removal, or, killed by the driver under dynamic
    /// allocation, once idle for `spark.dynamicAllocation.executorIdleTimeout` (the driver
    /// stops offering its slots when it asks for the kill; the removal is logged when the
    /// container has gone, seconds later).
    pub retired_ms: Option<u64>,
    /// Its cores (`Total Cores`).
    pub cores: u32,
}

/// Everything the simulation needs.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Model {
    /// Stages that ran, in the order of their first task's launch.
    pub stages: Vec<ModelStage>,
    /// Jobs, in the order submitted.
    pub jobs: Vec<ModelJob>,
    /// Job indices in the order they ended (by end, then submission).
    pub ended_order: Vec<u32>,
    /// Every task's duration (launch to finish; an executor's first tasks without the
    /// warm-up), ms, stage by stage.
    pub durations: Vec<u64>,
    /// An executor's warm-up on each of its slots' first task, ms ([`warmup`]).
    pub warmup_ms: u64,
    /// The run's duration: start to end (or to the last event of a log cut short).
    pub run_ms: u64,
    /// The driver's own time: the run's duration minus the time in which a job was running.
    pub driver_ms: u64,
    /// The executors as they came and went (local mode: the driver's).
    pub executors: Vec<ModelExecutor>,
    /// `spark.task.cpus`.
    pub task_cpus: u32,
    /// The cores of the run's executors (the most common `Total Cores`).
    pub executor_cores: u32,
    /// The most executors alive at once.
    pub executors_at_once: u32,
    /// When the first executor arrived.
    pub first_executor_ms: u64,
    /// Bytes the run's tasks spilled to disk, and the stage that spilled most (its id and
    /// bytes): a shape with more memory per task might spill less, which is not modelled.
    pub disk_spilled_bytes: u64,
    /// See `disk_spilled_bytes`.
    pub most_spilled_stage: Option<(i64, u64)>,
    /// The scheduler's lag: from a stage becoming runnable (its job submitted, its parents
    /// finished, an executor there) to its first task's launch, the median over the run's
    /// stages (the lags of stages that waited for slots are longer and do not move it).
    pub stage_lag_ms: u64,
}

impl Model {
    /// Sum of every task's duration, ms.
    pub fn task_ms(&self) -> u64 {
        self.durations
            .iter()
            .fold(0u64, |a, &d| a.saturating_add(d))
    }

    /// The durations of stage `s`.
    pub fn stage_durations(&self, s: &ModelStage) -> &[u64] {
        self.durations
            .get(s.tasks.start as usize..s.tasks.end as usize)
            .unwrap_or(&[])
    }
}

/// Milliseconds from `origin`, never negative.
fn offset(t: i64, origin: i64) -> u64 {
    u64::try_from(t.saturating_sub(origin)).unwrap_or(0)
}

fn index(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// The stages that ran, their attempts together, with their tasks in launch order and their
/// durations (`durations[s][t]` for task `t` of `run.stages[s]`).
fn stages_that_ran(run: &Run, origin: i64, durations: &[Vec<u64>]) -> (Vec<ModelStage>, Vec<u64>) {
    let mut by_id: BTreeMap<i64, Vec<usize>> = BTreeMap::new();
    for (i, s) in run
        .stages
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.tasks.is_empty())
    {
        by_id.entry(s.id).or_default().push(i);
    }
    let mut stages = Vec::with_capacity(by_id.len());
    let mut flat = Vec::new();
    for (id, attempts) in by_id {
        let mut tasks: Vec<(&TaskTime, u64)> = attempts
            .iter()
            .flat_map(|&a| {
                let d = durations.get(a).map_or(&[][..], Vec::as_slice);
                run.stages[a]
                    .tasks
                    .iter()
                    .enumerate()
                    .map(move |(t, task)| (task, d.get(t).copied().unwrap_or(0)))
            })
            .collect();
        tasks.sort_by_key(|(t, _)| t.launch_ms);
        let start = index(flat.len());
        flat.extend(tasks.iter().map(|(_, d)| *d));
        let first = tasks
            .iter()
            .map(|(t, _)| t.launch_ms)
            .min()
            .unwrap_or(origin);
        let last = tasks
            .iter()
            .map(|(t, _)| t.finish_ms.max(t.launch_ms))
            .max();
        stages.push(ModelStage {
            id,
            job: 0,
            parents: Vec::new(),
            tasks: start..index(flat.len()),
            first_launch_ms: offset(first, origin),
            last_finish_ms: offset(last.unwrap_or(first), origin),
        });
    }
    // Launch order; stages with the same first launch keep their ids' order.
    let mut order: Vec<usize> = (0..stages.len()).collect();
    order.sort_by_key(|&i| (stages[i].first_launch_ms, stages[i].id));
    let stages = order.into_iter().map(|i| stages[i].clone()).collect();
    (stages, flat)
}

/// Jobs from the log, in submission order, with their times settled.
fn jobs_of(run: &Run, origin: i64, stages: &[ModelStage]) -> Vec<ModelJob> {
    let by_id: HashMap<i64, &ModelStage> = stages.iter().map(|s| (s.id, s)).collect();
    let mut jobs: Vec<ModelJob> = run
        .jobs
        .iter()
        .map(|j| {
            let ran: Vec<&ModelStage> = j
                .stage_ids
                .iter()
                .filter_map(|id| by_id.get(id))
                .copied()
                .collect();
            let first = ran.iter().map(|s| s.first_launch_ms).min();
            let last = ran.iter().map(|s| s.last_finish_ms).max();
            let submitted = j
                .submitted_ms
                .map(|t| offset(t, origin))
                .or(first)
                .unwrap_or(0);
            let completed = j
                .completed_ms
                .map(|t| offset(t, origin))
                .or(last)
                .unwrap_or(submitted)
                .max(submitted);
            ModelJob {
                id: Some(j.id),
                sql_execution: j.sql_execution,
                submitted_ms: submitted,
                completed_ms: completed,
                stages: Vec::new(),
                after: 0,
                priority: j.id,
            }
        })
        .collect();
    jobs.sort_by_key(|j| (j.submitted_ms, j.id));
    jobs
}

/// The job that ran each stage: of the jobs that declare it, the last submitted before its
/// first task; a stage no job declares gets a job of its own.
fn assign_stages(run: &Run, stages: &mut [ModelStage], jobs: &mut Vec<ModelJob>) {
    let mut declared: HashMap<i64, Vec<u32>> = HashMap::new();
    for (i, j) in jobs.iter().enumerate() {
        if let Some(id) = j.id {
            declared.entry(id).or_default().push(index(i));
        }
    }
    let mut declaring: HashMap<i64, Vec<u32>> = HashMap::new();
    for j in &run.jobs {
        for s in &j.stage_ids {
            declaring
                .entry(*s)
                .or_default()
                .extend(declared.get(&j.id).into_iter().flatten());
        }
    }
    for (si, stage) in stages.iter_mut().enumerate() {
        let candidates = declaring.get(&stage.id).map_or(&[][..], Vec::as_slice);
        let chosen = candidates
            .iter()
            .copied()
            .filter(|&j| jobs[j as usize].submitted_ms <= stage.first_launch_ms)
            .max_by_key(|&j| (jobs[j as usize].submitted_ms, j))
            .or_else(|| candidates.iter().copied().min());
        let job = chosen.unwrap_or_else(|| {
            jobs.push(ModelJob {
                id: None,
                sql_execution: None,
                submitted_ms: stage.first_launch_ms,
                completed_ms: stage.last_finish_ms,
                stages: Vec::new(),
                after: 0,
                priority: i64::MAX,
            });
            index(jobs.len() - 1)
        });
        stage.job = job;
        jobs[job as usize].stages.push(index(si));
    }
}

/// Each stage's parents that ran before it (a parent launched later is not one: the graph of a
/// hostile log cannot make the simulation wait in a circle).
fn link_parents(run: &Run, stages: &mut [ModelStage]) {
    let position: HashMap<i64, usize> = stages.iter().enumerate().map(|(i, s)| (s.id, i)).collect();
    for (i, stage) in stages.iter_mut().enumerate() {
        let Some(node) = run.graph.get(&stage.id) else {
            continue;
        };
        let mut parents: Vec<u32> = node
            .parents
            .iter()
            .filter_map(|p| position.get(p).copied())
            .filter(|&p| p < i)
            .map(index)
            .collect();
        parents.sort_unstable();
        parents.dedup();
        stage.parents = parents;
    }
}

/// Jobs renumbered in submission order (stage-less pseudo-jobs moved into place), the order
/// they ended, and each one's count of jobs ended before it.
fn order_jobs(stages: &mut [ModelStage], jobs: Vec<ModelJob>) -> (Vec<ModelJob>, Vec<u32>) {
    let mut order: Vec<usize> = (0..jobs.len()).collect();
    order.sort_by_key(|&i| (jobs[i].submitted_ms, jobs[i].id.is_none(), i));
    let mut new_index = vec![0u32; jobs.len()];
    for (new, &old) in order.iter().enumerate() {
        new_index[old] = index(new);
    }
    let mut jobs: Vec<ModelJob> = order.iter().map(|&i| jobs[i].clone()).collect();
    for s in stages.iter_mut() {
        s.job = new_index.get(s.job as usize).copied().unwrap_or(0);
    }
    let key = |j: &ModelJob| (j.completed_ms, j.submitted_ms);
    let mut ended: Vec<u32> = (0..index(jobs.len())).collect();
    ended.sort_by_key(|&i| key(&jobs[i as usize]));
    let keys: Vec<(u64, u64)> = ended.iter().map(|&i| key(&jobs[i as usize])).collect();
    for j in &mut jobs {
        // Jobs that ended before this one was submitted (one ended in the same millisecond
        // counts when it was submitted earlier, so a job never waits for itself).
        let at = (j.submitted_ms, j.submitted_ms);
        j.after = index(keys.partition_point(|k| *k < at));
    }
    (jobs, ended)
}

/// The time in which some job was running (the union of the jobs' spans).
fn time_in_jobs(jobs: &[ModelJob]) -> u64 {
    let mut spans: Vec<(u64, u64)> = jobs
        .iter()
        .map(|j| (j.submitted_ms, j.completed_ms))
        .collect();
    spans.sort_unstable();
    let mut total = 0u64;
    let mut open: Option<(u64, u64)> = None;
    for (s, e) in spans {
        open = match open {
            Some((os, oe)) if s <= oe => Some((os, oe.max(e))),
            Some((os, oe)) => {
                total = total.saturating_add(oe - os);
                Some((s, e))
            }
            None => Some((s, e)),
        };
    }
    if let Some((os, oe)) = open {
        total = total.saturating_add(oe - os);
    }
    total
}

/// A Spark time setting (`JavaUtils.timeStringAs`: an integer and an optional suffix `us`,
/// `ms`, `s`, `m`/`min`, `h`, `d`; a bare number is in `default_unit_ms`), in ms.
pub fn time_setting_ms(value: &str, default_unit_ms: u64) -> Option<u64> {
    let v = value.trim().to_ascii_lowercase();
    let digits = v.find(|c: char| !c.is_ascii_digit()).unwrap_or(v.len());
    let n: u64 = v.get(..digits)?.parse().ok()?;
    let unit_ms = match v.get(digits..)?.trim() {
        "" => default_unit_ms,
        "us" => return Some(n / 1000),
        "ms" => 1,
        "s" => 1000,
        "m" | "min" => 60_000,
        "h" => 3_600_000,
        "d" => 86_400_000,
        _ => return None,
    };
    n.checked_mul(unit_ms)
}

/// The run's settings the model needs, read by the analysis' one reader of settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Settings {
    /// `spark.task.cpus`.
    pub task_cpus: u32,
    /// `spark.executor.cores`, when set.
    pub executor_cores: Option<u32>,
    /// `local[N]`'s N.
    pub local_threads: Option<u32>,
    /// `spark.dynamicAllocation.executorIdleTimeout` when dynamic allocation is on (Spark's
    /// default 60 s, `DYN_ALLOCATION_EXECUTOR_IDLE_TIMEOUT`), ms.
    pub idle_timeout_ms: Option<u64>,
}

impl Settings {
    /// The settings of `run` as [`settings::read`] read them.
    pub fn of(run: &Run, s: &RunSettings) -> Settings {
        let local_threads = match s.master {
            Master::Local { threads } => threads,
            _ => None,
        };
        let idle_timeout_ms = s.dynamic_allocation.then(|| {
            run.property("spark.dynamicAllocation.executorIdleTimeout")
                .and_then(|v| time_setting_ms(v, 1000))
                .unwrap_or(60_000)
        });
        Settings {
            task_cpus: s.task_cpus.max(1),
            executor_cores: s.executor_cores,
            local_threads,
            idle_timeout_ms,
        }
    }
}

/// The executors as they came and went, and the most alive at once.
fn executors_of(
    run: &Run,
    origin: i64,
    end_ms: u64,
    idle: Option<u64>,
) -> (Vec<ModelExecutor>, u32) {
    // Each executor's first launch and last finish (an executor added again under its id
    // keeps only its last arrival and removal in the run: it was there from its first task).
    let mut spans: Vec<Option<(i64, i64)>> = vec![None; run.executors.len()];
    for t in run.tasks() {
        if let Some(span) = spans.get_mut(t.executor as usize) {
            *span = Some(span.map_or((t.launch_ms, t.finish_ms), |(l, f)| {
                (l.min(t.launch_ms), f.max(t.finish_ms))
            }));
        }
    }
    let executors: Vec<ModelExecutor> = run
        .executors
        .iter()
        .zip(spans)
        .filter_map(|(e, span)| {
            let first = span.map(|(l, _)| l);
            let last = span.map(|(_, f)| f);
            let added = offset(
                first.map_or(e.added_ms?, |l| l.min(e.added_ms.unwrap_or(l))),
                origin,
            );
            let removed = e
                .removed_ms
                .map(|t| offset(t.max(last.unwrap_or(t)), origin).min(end_ms));
            let killed = e
                .removed_reason
                .as_deref()
                .is_some_and(|r| r.contains("killed by driver"));
            let idle_end = idle.filter(|_| killed).map(|timeout| {
                last.map_or(added, |l| offset(l, origin).max(added))
                    .saturating_add(timeout)
            });
            let retired = match (removed, idle_end) {
                (Some(r), Some(i)) => Some(r.min(i)),
                (r, _) => r,
            };
            Some(ModelExecutor {
                added_ms: added,
                removed_ms: removed,
                retired_ms: retired,
                cores: e.cores,
            })
        })
        .collect();
    let mut events: Vec<(u64, i32)> = Vec::new();
    for e in &executors {
        events.push((e.added_ms, 1));
        if let Some(r) = e.retired_ms {
            events.push((r, -1));
        }
    }
    // Removals before additions at the same moment: a replacement is not two at once.
    events.sort_unstable();
    let (mut alive, mut most) = (0i64, 0i64);
    for (_, d) in events {
        alive += i64::from(d);
        most = most.max(alive);
    }
    (executors, u32::try_from(most).unwrap_or(0))
}

/// The scheduler's lag ([`Model::stage_lag_ms`]): the lower median.
fn stage_lag(stages: &[ModelStage], jobs: &[ModelJob], first_executor_ms: u64) -> u64 {
    let mut lags: Vec<u64> = stages
        .iter()
        .map(|s| {
            let parents = s
                .parents
                .iter()
                .map(|&p| stages[p as usize].last_finish_ms)
                .max();
            let job = jobs.get(s.job as usize).map_or(0, |j| j.submitted_ms);
            let runnable = parents.unwrap_or(0).max(job).max(first_executor_ms);
            s.first_launch_ms.saturating_sub(runnable)
        })
        .collect();
    lags.sort_unstable();
    lags.get(lags.len().saturating_sub(1) / 2)
        .copied()
        .unwrap_or(0)
}

/// The most common cores of the executors (ties: the larger), else `spark.executor.cores`, else
/// `local[N]`'s N, else 1.
fn executor_cores(run: &Run, settings: &Settings) -> u32 {
    let mut counts: BTreeMap<u32, usize> = BTreeMap::new();
    for e in run.executors.iter().filter(|e| e.cores > 0) {
        *counts.entry(e.cores).or_default() += 1;
    }
    if let Some((&cores, _)) = counts.iter().max_by_key(|(c, n)| (**n, **c)) {
        return cores;
    }
    settings
        .executor_cores
        .or(settings.local_threads)
        .filter(|&c| c > 0)
        .unwrap_or(1)
}

/// The stage that spilled most to disk, and all the bytes spilled.
fn spills(run: &Run) -> (u64, Option<(i64, u64)>) {
    let total = run
        .stages
        .iter()
        .fold(0u64, |a, s| a.saturating_add(s.totals.disk_spilled_bytes));
    let most = run
        .stages
        .iter()
        .filter(|s| s.totals.disk_spilled_bytes > 0)
        .max_by_key(|s| s.totals.disk_spilled_bytes)
        .map(|s| (s.id, s.totals.disk_spilled_bytes));
    (total, most)
}

/// The model of `run`, its settings read by the analysis' reader.
pub fn model(run: &Run) -> Model {
    model_with(run, &Settings::of(run, &settings::read(run)))
}

/// The model of `run` with its `settings`.
pub fn model_with(run: &Run, settings: &Settings) -> Model {
    // The earliest moment of the log: a log that starts its application more than once (a
    // hostile or stitched one) keeps every job after its start.
    let origin = match (run.app.start_ms, run.first_ms) {
        (Some(a), Some(f)) => a.min(f),
        (a, f) => a.or(f).unwrap_or(0),
    };
    let end = run.app.end_ms.or(run.last_ms).unwrap_or(origin);
    let executor_cores = executor_cores(run, settings);
    let task_cpus = settings.task_cpus.max(1);
    let warmed = warmup::warmed(run, executor_cores, task_cpus);
    let (mut stages, durations) = stages_that_ran(run, origin, &warmed.durations);
    let run_ms =
        offset(end, origin).max(stages.iter().map(|s| s.last_finish_ms).max().unwrap_or(0));
    let mut jobs = jobs_of(run, origin, &stages);
    assign_stages(run, &mut stages, &mut jobs);
    link_parents(run, &mut stages);
    for j in &mut jobs {
        j.submitted_ms = j.submitted_ms.min(run_ms);
        j.completed_ms = j.completed_ms.clamp(j.submitted_ms, run_ms);
    }
    let (jobs, ended_order) = order_jobs(&mut stages, jobs);
    let driver_ms = run_ms.saturating_sub(time_in_jobs(&jobs));
    let (executors, executors_at_once) =
        executors_of(run, origin, run_ms, settings.idle_timeout_ms);
    // No task runs before an executor is there (a log whose executors are added again later
    // under the same ids keeps only their last arrival).
    let first_task_ms = stages.iter().map(|s| s.first_launch_ms).min();
    let first_executor_ms = executors
        .iter()
        .map(|e| e.added_ms)
        .min()
        .map_or(0, |a| first_task_ms.map_or(a, |t| a.min(t)));
    let stage_lag_ms = stage_lag(&stages, &jobs, first_executor_ms);
    let (disk_spilled_bytes, most_spilled_stage) = spills(run);
    Model {
        stages,
        jobs,
        ended_order,
        durations,
        warmup_ms: warmed.warmup_ms,
        run_ms,
        driver_ms,
        executors,
        task_cpus,
        executor_cores,
        executors_at_once,
        first_executor_ms,
        disk_spilled_bytes,
        most_spilled_stage,
        stage_lag_ms,
    }
}
