//! Executors' warm-up: an executor's first tasks (one per task slot) run longer than the same
//! stage's later tasks, while its JVM loads classes, compiles the stage's generated code and
//! warms its JIT. In a run's log that time sits in whichever tasks came first; the simulation
//! instead gives it to the first task of every slot it uses, so that fewer executors do not
//! repeat the run's many warm-ups one after the other, and more executors pay theirs.
//!
//! The warm-up is measured as the median, over executors' first tasks whose stage also ran
//! later tasks, of how much longer the first task took than the median of those later ones
//! (never below 0). Each first task is shortened by the warm-up (at most its excess, or its
//! whole duration when its stage ran no later task to compare with).

use std::collections::HashMap;

use crate::run::Run;

/// Every ended task's duration, stage attempt by stage attempt as in the run, with the
/// warm-up taken out of executors' first tasks; and the warm-up, ms.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Warmed {
    /// `durations[s][t]`: task `t` of `run.stages[s]`.
    pub durations: Vec<Vec<u64>>,
    /// The warm-up of an executor's first task on each slot, ms.
    pub warmup_ms: u64,
}

fn median(v: &mut [u64]) -> Option<u64> {
    v.sort_unstable();
    v.get(v.len().checked_sub(1)? / 2).copied()
}

/// The first tasks of every executor: `cold[s][t]`.
fn first_tasks(run: &Run, slots_of: impl Fn(u32) -> usize) -> Vec<Vec<bool>> {
    let mut by_executor: HashMap<u32, Vec<(i64, usize, usize)>> = HashMap::new();
    for (s, stage) in run.stages.iter().enumerate() {
        for (t, task) in stage.tasks.iter().enumerate() {
            by_executor
                .entry(task.executor)
                .or_default()
                .push((task.launch_ms, s, t));
        }
    }
    let mut cold: Vec<Vec<bool>> = run
        .stages
        .iter()
        .map(|s| vec![false; s.tasks.len()])
        .collect();
    for (executor, mut tasks) in by_executor {
        tasks.sort_unstable();
        for &(_, s, t) in tasks.iter().take(slots_of(executor).max(1)) {
            cold[s][t] = true;
        }
    }
    cold
}

/// The run's durations with the warm-up taken out, and the warm-up. `executor_cores` is the
/// run's shape (for tasks whose executor the log does not name, as in local mode).
pub fn warmed(run: &Run, executor_cores: u32, task_cpus: u32) -> Warmed {
    let slots_of = |e: u32| {
        let cores = run.executors.get(e as usize).map_or(executor_cores, |x| {
            if x.cores == 0 {
                executor_cores
            } else {
                x.cores
            }
        });
        planner::spark::task_slots_per_executor(cores, task_cpus) as usize
    };
    let cold = first_tasks(run, slots_of);
    let mut durations: Vec<Vec<u64>> = run
        .stages
        .iter()
        .map(|s| s.tasks.iter().map(|t| t.duration_ms()).collect())
        .collect();
    // Per stage attempt: the median of its later tasks, when it has any.
    let later: Vec<Option<u64>> = durations
        .iter()
        .zip(&cold)
        .map(|(d, c)| {
            let mut warm: Vec<u64> = d
                .iter()
                .zip(c)
                .filter(|(_, &c)| !c)
                .map(|(&d, _)| d)
                .collect();
            median(&mut warm)
        })
        .collect();
    let mut excess: Vec<u64> = Vec::new();
    for ((d, c), reference) in durations.iter().zip(&cold).zip(&later) {
        if let Some(r) = reference {
            excess.extend(
                d.iter()
                    .zip(c)
                    .filter(|(_, &c)| c)
                    .map(|(&d, _)| d.saturating_sub(*r)),
            );
        }
    }
    let warmup_ms = median(&mut excess).unwrap_or(0);
    if warmup_ms > 0 {
        for ((d, c), reference) in durations.iter_mut().zip(&cold).zip(&later) {
            for (d, _) in d.iter_mut().zip(c).filter(|(_, &c)| c) {
                let most = reference.map_or(*d, |r| d.saturating_sub(r));
                *d -= warmup_ms.min(most);
            }
        }
    }
    Warmed {
        durations,
        warmup_ms,
    }
}
