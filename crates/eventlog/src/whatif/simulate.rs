//! The run replayed on other task slots: an event simulation of Spark's FIFO scheduler.
//!
//! - A job starts when the driver submitted it: no sooner after the jobs that had ended before
//!   its submission than it did in the run (the driver's own time between them is kept), and
//!   jobs that ran at the same time may run at the same time.
//! - A stage is runnable once its job has started and its parents have finished.
//! - Each free slot takes the next task of the runnable stage of the earliest job (then the
//!   lowest stage id), as Spark's FIFO pool orders task sets, a slot that has run a task before
//!   a new one; a task holds its slot for its duration in the run, and a slot's first task the
//!   executor's warm-up longer ([`super::warmup`]).
//! - A stage's first task launches the scheduler's lag after the stage can run.
//! - The run ends the driver's time after its last job, as it did.
//!
//! Work per simulation: O((tasks + stages + jobs) × log) with binary heaps; no step looks at
//! more than the events it handles, so a curve of many counts stays linear in their number.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::model::Model;

/// Task slots over time: changes at moments, sorted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Capacity {
    /// (moment, slots added (+) or retired (−)), in time order.
    changes: Vec<(u64, i64)>,
}

impl Capacity {
    /// `slots` slots from `from_ms` on.
    pub fn fixed(slots: u64, from_ms: u64) -> Capacity {
        Capacity {
            changes: vec![(from_ms, i64::try_from(slots).unwrap_or(i64::MAX))],
        }
    }

    /// As many slots as there are tasks: every runnable task starts at once.
    pub fn unlimited(model: &Model, from_ms: u64) -> Capacity {
        Capacity::fixed(model.durations.len().max(1) as u64, from_ms)
    }

    /// The slots of the executors as they came and went in the run (`cores ÷ spark.task.cpus`
    /// each; an executor whose cores the log does not give counts as the run's own shape). A
    /// retired executor's running task finishes; its slot is then retired.
    pub fn as_ran(model: &Model) -> Capacity {
        let slots_of = |cores: u32| {
            let cores = if cores == 0 {
                model.executor_cores
            } else {
                cores
            };
            i64::from(planner::spark::task_slots_per_executor(
                cores,
                model.task_cpus,
            ))
        };
        let mut changes: Vec<(u64, i64)> = Vec::new();
        for e in &model.executors {
            let slots = slots_of(e.cores);
            changes.push((e.added_ms, slots));
            if let Some(r) = e.retired_ms {
                changes.push((r, -slots));
            }
        }
        changes.sort_unstable();
        Capacity { changes }
    }

    /// Whether any slot ever exists.
    pub fn has_slots(&self) -> bool {
        self.changes.iter().any(|&(_, d)| d > 0)
    }
}

/// What a simulation gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Simulated {
    /// The estimated wall-clock time of the run, ms.
    pub end_ms: u64,
    /// The most tasks running at once.
    pub peak_running: u64,
    /// The stage graph could not be followed (a hostile log): a stage was started before its
    /// parents had finished, or a job before the jobs it waits for.
    pub forced: bool,
    /// Tasks were left with no slot ever to run on (the executors of the log ended first); the
    /// end is when the last task that could run finished.
    pub starved: bool,
}

/// Start and finish of each job and stage, for tests and for finding where a model is off.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Trace {
    /// Per job of the model: (started, finished).
    pub jobs: Vec<(u64, u64)>,
    /// Per stage of the model: (first task launched, last task finished).
    pub stages: Vec<(u64, u64)>,
    /// The totals.
    pub simulated: Simulated,
}

/// A model prepared for many simulations: the stage graph's children and the FIFO order.
#[derive(Debug, Clone)]
pub struct Simulator<'m> {
    model: &'m Model,
    children_at: Vec<u32>,
    children: Vec<u32>,
    /// Stage index by FIFO rank.
    by_rank: Vec<u32>,
    /// FIFO rank by stage index.
    rank: Vec<u32>,
}

/// A job's release, or (with this bit) the end of a job that ran no task.
const JOB_END: u32 = 1 << 31;

impl<'m> Simulator<'m> {
    /// Prepares `model`.
    pub fn new(model: &'m Model) -> Simulator<'m> {
        let n = model.stages.len();
        let mut counts = vec![0u32; n + 1];
        for s in &model.stages {
            for &p in &s.parents {
                counts[p as usize + 1] += 1;
            }
        }
        for i in 0..n {
            counts[i + 1] += counts[i];
        }
        let mut fill = counts.clone();
        let mut children = vec![0u32; counts[n] as usize];
        for (i, s) in model.stages.iter().enumerate() {
            for &p in &s.parents {
                children[fill[p as usize] as usize] = i as u32;
                fill[p as usize] += 1;
            }
        }
        let priority = |i: usize| {
            let s = &model.stages[i];
            let job = model
                .jobs
                .get(s.job as usize)
                .map_or(i64::MAX, |j| j.priority);
            (job, s.id, i)
        };
        let mut by_rank: Vec<u32> = (0..n as u32).collect();
        by_rank.sort_by_key(|&i| priority(i as usize));
        let mut rank = vec![0u32; n];
        for (r, &s) in by_rank.iter().enumerate() {
            rank[s as usize] = r as u32;
        }
        Simulator {
            model,
            children_at: counts,
            children,
            by_rank,
            rank,
        }
    }

    /// The model.
    pub fn model(&self) -> &'m Model {
        self.model
    }

    /// The end of the run on `slots` slots there from `from_ms`: the event simulation's answer,
    /// computed by list scheduling (`fixed`), many times faster.
    pub fn end_on_fixed_slots(&self, slots: u64, from_ms: u64) -> u64 {
        self.list_scheduled_end(slots, from_ms)
            .unwrap_or_else(|| self.run(&Capacity::fixed(slots, from_ms)).end_ms)
    }

    /// The list-scheduling computation alone (`None` where a hostile graph stalls it), for
    /// checking it against the event simulation.
    pub fn list_scheduled_end(&self, slots: u64, from_ms: u64) -> Option<u64> {
        super::fixed::end_ms(self, slots, from_ms)
    }

    /// The stages that wait for stage `s`.
    pub(crate) fn children_of(&self, s: usize) -> impl Iterator<Item = u32> + '_ {
        let from = self.children_at[s] as usize;
        let to = self.children_at[s + 1] as usize;
        self.children[from..to].iter().copied()
    }

    /// The stage of FIFO rank `rank`.
    pub(crate) fn stage_of_rank(&self, rank: u32) -> usize {
        self.by_rank[rank as usize] as usize
    }

    /// Stage `s`'s FIFO rank.
    pub(crate) fn rank_of(&self, s: usize) -> u32 {
        self.rank[s]
    }

    /// Simulates the run on `capacity`.
    pub fn run(&self, capacity: &Capacity) -> Simulated {
        let mut state = State::new(self, capacity);
        state.run();
        state.finished()
    }

    /// Simulates the run on `capacity`, keeping each job's and stage's times.
    pub fn trace(&self, capacity: &Capacity) -> Trace {
        let mut state = State::new(self, capacity);
        state.run();
        let simulated = state.finished();
        Trace {
            jobs: state
                .job_release
                .iter()
                .copied()
                .zip(state.job_finish.iter().copied())
                .collect(),
            stages: state
                .stage_start
                .iter()
                .copied()
                .zip(state.stage_finish.iter().copied())
                .collect(),
            simulated,
        }
    }
}

struct State<'s, 'm> {
    sim: &'s Simulator<'m>,
    capacity: &'s Capacity,
    now: u64,
    /// Free slots that have run a task, and slots not used yet (their first task warms the
    /// executor up: [`Model::warmup_ms`] longer).
    free: u64,
    fresh: u64,
    owed: u64,
    running: BinaryHeap<Reverse<(u64, u32)>>,
    ready: BinaryHeap<Reverse<u32>>,
    /// Stages runnable, their first task not yet launchable: (from, FIFO rank).
    waiting: BinaryHeap<Reverse<(u64, u32)>>,
    releases: BinaryHeap<Reverse<(u64, u32)>>,
    next_task: Vec<u32>,
    left: Vec<u32>,
    parents_left: Vec<u32>,
    job_left: Vec<u32>,
    released: Vec<bool>,
    done: Vec<bool>,
    job_release: Vec<u64>,
    job_finish: Vec<u64>,
    stage_start: Vec<u64>,
    stage_finish: Vec<u64>,
    ended: usize,
    next_release: usize,
    next_change: usize,
    jobs_done: usize,
    peak: u64,
    forced: bool,
    starved: bool,
}

impl<'s, 'm> State<'s, 'm> {
    fn new(sim: &'s Simulator<'m>, capacity: &'s Capacity) -> State<'s, 'm> {
        let m = sim.model;
        let jobs = m.jobs.len();
        State {
            sim,
            capacity,
            now: 0,
            free: 0,
            fresh: 0,
            owed: 0,
            running: BinaryHeap::new(),
            ready: BinaryHeap::new(),
            waiting: BinaryHeap::new(),
            releases: BinaryHeap::new(),
            next_task: m.stages.iter().map(|s| s.tasks.start).collect(),
            left: m
                .stages
                .iter()
                .map(|s| s.tasks.end - s.tasks.start)
                .collect(),
            parents_left: m.stages.iter().map(|s| s.parents.len() as u32).collect(),
            job_left: m.jobs.iter().map(|j| j.stages.len() as u32).collect(),
            released: vec![false; jobs],
            done: vec![false; jobs],
            job_release: vec![0; jobs],
            job_finish: vec![0; jobs],
            stage_start: vec![0; m.stages.len()],
            stage_finish: vec![0; m.stages.len()],
            ended: 0,
            next_release: 0,
            next_change: 0,
            jobs_done: 0,
            peak: 0,
            forced: false,
            starved: false,
        }
    }

    fn run(&mut self) {
        self.release_waiting();
        loop {
            self.dispatch();
            let next = [
                self.running.peek().map(|r| r.0 .0),
                self.releases.peek().map(|r| r.0 .0),
                self.waiting.peek().map(|r| r.0 .0),
                self.capacity.changes.get(self.next_change).map(|c| c.0),
            ]
            .into_iter()
            .flatten()
            .min();
            match next {
                Some(t) => {
                    self.now = t.max(self.now);
                    self.finish_tasks();
                    self.handle_releases();
                    self.launchable();
                    self.change_capacity();
                }
                None if self.jobs_done == self.sim.model.jobs.len() => break,
                None if !self.ready.is_empty() => {
                    // Runnable tasks, no slot now or to come.
                    self.starved = true;
                    break;
                }
                None => {
                    if !self.force() {
                        break;
                    }
                }
            }
        }
    }

    /// Free slots take the next tasks in FIFO order.
    fn dispatch(&mut self) {
        let m = self.sim.model;
        while self.free > 0 || self.fresh > 0 {
            let Some(&Reverse(rank)) = self.ready.peek() else {
                break;
            };
            let s = self.sim.by_rank[rank as usize] as usize;
            let stage = &m.stages[s];
            let t = self.next_task[s];
            if t >= stage.tasks.end {
                // Made runnable twice (a forced stage whose parent then finished).
                self.ready.pop();
                continue;
            }
            if t == stage.tasks.start {
                self.stage_start[s] = self.now;
            }
            let mut d = m.durations.get(t as usize).copied().unwrap_or(0);
            if self.free > 0 {
                self.free -= 1;
            } else {
                self.fresh -= 1;
                d = d.saturating_add(m.warmup_ms);
            }
            self.running
                .push(Reverse((self.now.saturating_add(d), s as u32)));
            self.next_task[s] = t + 1;
            if t + 1 >= stage.tasks.end {
                self.ready.pop();
            }
            if d == 0 {
                // A task of no time frees its slot now, before the next task is given one
                // (and what its end makes runnable now competes for it).
                self.peak = self.peak.max(self.running.len() as u64);
                self.finish_tasks();
                self.handle_releases();
                self.launchable();
            }
        }
        self.peak = self.peak.max(self.running.len() as u64);
    }

    fn finish_tasks(&mut self) {
        while let Some(&Reverse((at, s))) = self.running.peek() {
            if at > self.now {
                break;
            }
            self.running.pop();
            if self.owed > 0 {
                self.owed -= 1;
            } else {
                self.free += 1;
            }
            let s = s as usize;
            self.left[s] -= 1;
            if self.left[s] == 0 {
                self.stage_done(s);
            }
        }
    }

    fn stage_done(&mut self, s: usize) {
        let m = self.sim.model;
        self.stage_finish[s] = self.now;
        let (from, to) = (
            self.sim.children_at[s] as usize,
            self.sim.children_at[s + 1] as usize,
        );
        for i in from..to {
            let c = self.sim.children[i] as usize;
            if self.parents_left[c] == 0 {
                continue;
            }
            self.parents_left[c] -= 1;
            if self.parents_left[c] == 0 && self.released[m.stages[c].job as usize] {
                self.runnable(c);
            }
        }
        let j = m.stages[s].job as usize;
        self.job_left[j] = self.job_left[j].saturating_sub(1);
        if self.job_left[j] == 0 {
            self.job_done(j);
        }
    }

    fn job_done(&mut self, j: usize) {
        if self.done[j] {
            return;
        }
        self.done[j] = true;
        self.jobs_done += 1;
        self.job_finish[j] = self.now;
        let m = self.sim.model;
        while self.ended < m.ended_order.len() && self.done[m.ended_order[self.ended] as usize] {
            self.ended += 1;
        }
        self.release_waiting();
    }

    /// Jobs whose predecessors have all ended start the driver's gap after the last of them
    /// (which has just ended, now), or at their submission when they had none.
    fn release_waiting(&mut self) {
        let m = self.sim.model;
        while let Some(job) = m.jobs.get(self.next_release) {
            let after = job.after as usize;
            if after > self.ended {
                break;
            }
            let at = match after.checked_sub(1).and_then(|k| m.ended_order.get(k)) {
                Some(&last) => {
                    let gap = job
                        .submitted_ms
                        .saturating_sub(m.jobs[last as usize].completed_ms);
                    self.now.saturating_add(gap)
                }
                None => job.submitted_ms,
            };
            self.releases.push(Reverse((at, self.next_release as u32)));
            self.next_release += 1;
        }
    }

    fn handle_releases(&mut self) {
        let m = self.sim.model;
        while let Some(&Reverse((at, tagged))) = self.releases.peek() {
            if at > self.now {
                break;
            }
            self.releases.pop();
            let j = (tagged & !JOB_END) as usize;
            if tagged & JOB_END != 0 {
                self.job_done(j);
                continue;
            }
            if self.released[j] {
                continue;
            }
            self.released[j] = true;
            self.job_release[j] = self.now;
            let job = &m.jobs[j];
            if job.stages.is_empty() {
                let own = job.completed_ms.saturating_sub(job.submitted_ms);
                self.releases
                    .push(Reverse((self.now.saturating_add(own), tagged | JOB_END)));
            }
            for &s in &job.stages {
                if self.parents_left[s as usize] == 0 {
                    self.runnable(s as usize);
                }
            }
        }
    }

    /// Stage `s` can run: its first task launches the scheduler's lag later.
    fn runnable(&mut self, s: usize) {
        let lag = self.sim.model.stage_lag_ms;
        if lag == 0 {
            self.ready.push(Reverse(self.sim.rank[s]));
        } else {
            self.waiting
                .push(Reverse((self.now.saturating_add(lag), self.sim.rank[s])));
        }
    }

    fn launchable(&mut self) {
        while let Some(&Reverse((at, rank))) = self.waiting.peek() {
            if at > self.now {
                break;
            }
            self.waiting.pop();
            self.ready.push(Reverse(rank));
        }
    }

    fn change_capacity(&mut self) {
        while let Some(&(at, delta)) = self.capacity.changes.get(self.next_change) {
            if at > self.now {
                break;
            }
            self.next_change += 1;
            let n = delta.unsigned_abs();
            if delta > 0 {
                let cancelled = n.min(self.owed);
                self.owed -= cancelled;
                self.fresh = self.fresh.saturating_add(n - cancelled);
            } else {
                let warm = n.min(self.free);
                self.free -= warm;
                let fresh = (n - warm).min(self.fresh);
                self.fresh -= fresh;
                self.owed = self.owed.saturating_add(n - warm - fresh);
            }
        }
    }

    /// Nothing left to happen but work remains (a hostile graph): start the next job not
    /// started, else a stage whose parents cannot finish.
    fn force(&mut self) -> bool {
        let m = self.sim.model;
        self.forced = true;
        if self.next_release < m.jobs.len() {
            self.releases
                .push(Reverse((self.now, self.next_release as u32)));
            self.next_release += 1;
            return true;
        }
        let stuck = (0..m.stages.len())
            .find(|&s| self.parents_left[s] > 0 && self.released[m.stages[s].job as usize]);
        match stuck {
            Some(s) => {
                self.parents_left[s] = 0;
                self.runnable(s);
                true
            }
            None => false,
        }
    }

    /// The end: the driver's time after the last job, as in the run.
    fn finished(&self) -> Simulated {
        let m = self.sim.model;
        let last_finish = self.job_finish.iter().copied().max().unwrap_or(0);
        let end_ms = match m.ended_order.last() {
            Some(&last) => {
                let tail = m.run_ms.saturating_sub(m.jobs[last as usize].completed_ms);
                last_finish.saturating_add(tail)
            }
            None => m.run_ms,
        };
        Simulated {
            end_ms,
            peak_running: self.peak,
            forced: self.forced,
            starved: self.starved,
        }
    }
}
