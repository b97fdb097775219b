//! The simulation on a fixed number of slots, computed by list scheduling instead of events:
//! the slots' free times in a min-heap ([`SlotHeap`]), each task placed on the earliest free
//! slot at once (one sift down per task, on plain integers). A stage's start is known as soon as its
//! parents' last tasks are placed (their finishes are then known), a job's as soon as the jobs
//! it waits for are placed, so nothing waits for an event. It gives the event simulation's
//! answer (`tests/whatif_model.rs` checks both on every real log and on arbitrary runs); where a
//! hostile graph stalls it, the caller falls back to the event simulation.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::simulate::Simulator;
use super::slots::SlotHeap;

struct Fixed<'s, 'm> {
    sim: &'s Simulator<'m>,
    /// Free times of the slots that have run a task, and how many slots have not (free from
    /// the start; their first task is the warm-up longer). At most as many slots as tasks.
    slots: SlotHeap,
    fresh: u64,
    from_ms: u64,
    /// When the last task was placed: tasks are placed in time order.
    now: u64,
    /// Stages whose start is known: (can start, FIFO rank).
    known: BinaryHeap<Reverse<(u64, u32)>>,
    /// Stages that can start by the slot in hand, by FIFO rank.
    ready: BinaryHeap<Reverse<u32>>,
    /// Per stage: its parents not yet placed, the latest finish of those placed (then of its own
    /// tasks), its next task, its start.
    parents_left: Vec<u32>,
    latest: Vec<u64>,
    next_task: Vec<u32>,
    start: Vec<u64>,
    /// Per job: stages not yet placed, the latest finish, its start (once known).
    job_left: Vec<u32>,
    job_finish: Vec<u64>,
    job_start: Vec<Option<u64>>,
    done: Vec<bool>,
    /// Jobs placed in the order they ended: `latest[k]` is the latest finish among the first
    /// `k` (a job waiting for `k` jobs starts the driver's gap after it).
    ended_latest: Vec<u64>,
    next_release: usize,
    jobs_done: usize,
}

impl<'s, 'm> Fixed<'s, 'm> {
    fn new(sim: &'s Simulator<'m>, slots: u64, from_ms: u64) -> Fixed<'s, 'm> {
        let m = sim.model();
        let n = slots.min(m.durations.len() as u64).max(1) as usize;
        let jobs = m.jobs.len();
        Fixed {
            sim,
            slots: SlotHeap::with_capacity(n),
            fresh: n as u64,
            from_ms,
            now: 0,
            known: BinaryHeap::new(),
            ready: BinaryHeap::new(),
            parents_left: m.stages.iter().map(|s| s.parents.len() as u32).collect(),
            latest: vec![0; m.stages.len()],
            next_task: m.stages.iter().map(|s| s.tasks.start).collect(),
            start: vec![0; m.stages.len()],
            job_left: m.jobs.iter().map(|j| j.stages.len() as u32).collect(),
            job_finish: vec![0; jobs],
            job_start: vec![None; jobs],
            done: vec![false; jobs],
            ended_latest: vec![0],
            next_release: 0,
            jobs_done: 0,
        }
    }

    /// Places every task; `None` when the graph stalls (a hostile log).
    fn run(&mut self) -> Option<()> {
        let m = self.sim.model();
        self.release_known();
        while self.jobs_done < m.jobs.len() {
            let warm = self.slots.peek();
            let free = match warm {
                Some(w) if self.fresh > 0 => w.min(self.from_ms),
                Some(w) => w,
                None if self.fresh > 0 => self.from_ms,
                None => return None,
            };
            let mut at = free.max(self.now);
            self.move_ready(at);
            if self.ready.is_empty() {
                let &Reverse((next, _)) = self.known.peek()?;
                at = next;
                self.move_ready(at);
            }
            let &Reverse(rank) = self.ready.peek()?;
            // A slot that has run a task when one is free by then, else a new one.
            let on_warm = self.fresh == 0 || warm.is_some_and(|w| w <= at);
            self.now = at;
            self.place(self.sim.stage_of_rank(rank), at, on_warm);
        }
        Some(())
    }

    fn move_ready(&mut self, at: u64) {
        while let Some(&Reverse((t, rank))) = self.known.peek() {
            if t > at {
                break;
            }
            self.known.pop();
            self.ready.push(Reverse(rank));
        }
    }

    /// The next task of stage `s` at `at` or later, on the earliest free slot that has run a
    /// task (`on_warm`) or on a new one (its first task: the warm-up longer).
    fn place(&mut self, s: usize, at: u64, on_warm: bool) {
        let m = self.sim.model();
        let stage = &m.stages[s];
        let t = self.next_task[s];
        let begin = at.max(self.start[s]);
        let d = m.durations.get(t as usize).copied().unwrap_or(0);
        let finish = if on_warm {
            let finish = begin.saturating_add(d);
            self.slots.replace_top(finish);
            finish
        } else {
            self.fresh -= 1;
            let finish = begin.saturating_add(d).saturating_add(m.warmup_ms);
            self.slots.push(finish);
            finish
        };
        self.latest[s] = self.latest[s].max(finish);
        self.next_task[s] = t + 1;
        if t + 1 >= stage.tasks.end {
            self.ready.pop();
            self.stage_placed(s);
        }
    }

    fn stage_placed(&mut self, s: usize) {
        let m = self.sim.model();
        let finish = self.latest[s];
        for c in self.sim.children_of(s) {
            let c = c as usize;
            self.latest[c] = self.latest[c].max(finish);
            self.parents_left[c] -= 1;
            if self.parents_left[c] == 0 {
                if let Some(start) = self.job_start[m.stages[c].job as usize] {
                    self.known_start(c, start);
                }
            }
        }
        let j = m.stages[s].job as usize;
        self.job_finish[j] = self.job_finish[j].max(finish);
        self.job_left[j] -= 1;
        if self.job_left[j] == 0 {
            self.job_placed(j);
        }
    }

    /// Stage `c` can start once its job has and its parents have finished, the lag later.
    fn known_start(&mut self, c: usize, job_start: u64) {
        let lag = self.sim.model().stage_lag_ms;
        let start = self.latest[c].max(job_start).saturating_add(lag);
        self.start[c] = start;
        // Its own tasks' finishes are gathered from here on.
        self.latest[c] = 0;
        self.known.push(Reverse((start, self.sim.rank_of(c))));
    }

    fn job_placed(&mut self, j: usize) {
        self.mark_done(j);
        self.release_known();
    }

    /// Job `j` is placed: the prefix of jobs placed in the order they ended grows.
    fn mark_done(&mut self, j: usize) {
        let m = self.sim.model();
        self.done[j] = true;
        self.jobs_done += 1;
        while let Some(&k) = m.ended_order.get(self.ended_latest.len() - 1) {
            if !self.done[k as usize] {
                break;
            }
            let latest = self.ended_latest.last().copied().unwrap_or(0);
            self.ended_latest
                .push(latest.max(self.job_finish[k as usize]));
        }
    }

    /// Jobs whose predecessors are all placed start the driver's gap after the last of them.
    fn release_known(&mut self) {
        let m = self.sim.model();
        while let Some(job) = m.jobs.get(self.next_release) {
            let after = job.after as usize;
            if after >= self.ended_latest.len() {
                break;
            }
            let start = match after.checked_sub(1).and_then(|k| m.ended_order.get(k)) {
                Some(&last) => {
                    let gap = job
                        .submitted_ms
                        .saturating_sub(m.jobs[last as usize].completed_ms);
                    self.ended_latest[after].saturating_add(gap)
                }
                None => job.submitted_ms,
            };
            let j = self.next_release;
            self.next_release += 1;
            self.job_start[j] = Some(start);
            if job.stages.is_empty() {
                let own = job.completed_ms.saturating_sub(job.submitted_ms);
                self.job_finish[j] = start.saturating_add(own);
                // No recursion: a long chain of jobs without tasks stays on the loop.
                self.mark_done(j);
                continue;
            }
            for &s in &job.stages {
                if self.parents_left[s as usize] == 0 {
                    self.known_start(s as usize, start);
                }
            }
        }
    }
}

/// The end of the run on `slots` slots from `from_ms`, or `None` when the graph stalls.
pub(crate) fn end_ms(sim: &Simulator<'_>, slots: u64, from_ms: u64) -> Option<u64> {
    let m = sim.model();
    let mut f = Fixed::new(sim, slots, from_ms);
    f.run()?;
    let last_finish = f.job_finish.iter().copied().max().unwrap_or(0);
    Some(match m.ended_order.last() {
        Some(&last) => {
            let tail = m.run_ms.saturating_sub(m.jobs[last as usize].completed_ms);
            last_finish.saturating_add(tail)
        }
        None => m.run_ms,
    })
}
