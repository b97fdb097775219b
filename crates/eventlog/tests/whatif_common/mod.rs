//! Hand-built runs for the what-if tests: the events a log would hold, folded by hand.

#![allow(dead_code)]

use eventlog::run::{Executor, Job, Run, Stage, StageNode, TaskTime};

/// A run being built; times in ms from 0.
pub struct Build {
    run: Run,
}

impl Build {
    /// An application from `start` to `end`.
    pub fn new(start: i64, end: i64) -> Build {
        let mut run = Run::default();
        run.app.start_ms = Some(start);
        run.app.end_ms = Some(end);
        Build { run }
    }

    /// A Spark property.
    pub fn property(mut self, key: &str, value: &str) -> Build {
        self.run
            .spark_properties
            .push((key.to_string(), value.to_string()));
        self
    }

    /// An executor of `cores` cores, added at `added`, removed at `removed`.
    pub fn executor(mut self, id: &str, cores: u32, added: i64, removed: Option<i64>) -> Build {
        self.run.executors.push(Executor {
            id: id.to_string(),
            cores,
            added_ms: Some(added),
            removed_ms: removed,
            ..Executor::default()
        });
        self
    }

    /// The reason executor `id` was removed.
    pub fn removed_because(mut self, id: &str, reason: &str) -> Build {
        if let Some(e) = self.run.executors.iter_mut().find(|e| e.id == id) {
            e.removed_reason = Some(reason.to_string());
        }
        self
    }

    /// A job submitted at `submitted`, ended at `completed`, declaring `stages`.
    pub fn job(mut self, id: i64, submitted: i64, completed: i64, stages: &[i64]) -> Build {
        self.run.jobs.push(Job {
            id,
            submitted_ms: Some(submitted),
            completed_ms: Some(completed),
            stage_ids: stages.to_vec(),
            succeeded: Some(true),
            sql_execution: None,
        });
        for s in stages {
            let node = self.run.graph.entry(*s).or_insert_with(|| StageNode {
                id: *s,
                ..StageNode::default()
            });
            node.jobs.push(id);
        }
        self
    }

    /// Stage `id` with `parents`, its tasks as (launch, duration) on executor `executor`.
    pub fn stage(mut self, id: i64, parents: &[i64], executor: u32, tasks: &[(i64, i64)]) -> Build {
        let node = self.run.graph.entry(id).or_insert_with(|| StageNode {
            id,
            ..StageNode::default()
        });
        node.parents = parents.to_vec();
        node.tasks = tasks.len() as u64;
        self.run.stages.push(Stage {
            id,
            submitted_ms: tasks.iter().map(|t| t.0).min(),
            completed_ms: tasks.iter().map(|t| t.0 + t.1).max(),
            tasks_declared: Some(tasks.len() as u64),
            tasks: tasks
                .iter()
                .map(|&(launch, duration)| TaskTime {
                    launch_ms: launch,
                    finish_ms: launch + duration,
                    executor,
                    failed: false,
                    speculative: false,
                })
                .collect(),
            ..Stage::default()
        });
        self
    }

    /// The run.
    pub fn run(self) -> Run {
        self.run
    }
}

/// One executor of 2 cores from 0; the job is submitted at 1000; its stage's five tasks last
/// 1000, 2000, 3000, 3000 and 4000 ms in launch order. As it ran on 2 slots: A 1000–2000,
/// B 1000–3000, C 2000–5000, D 3000–6000, E 5000–9000; the job ends at 9000 and the application
/// at 11 000: the driver's own time is 1000 before and 2000 after. (The executor's first tasks,
/// A and B, are not longer than the later ones: no warm-up.)
pub fn one_stage() -> Build {
    Build::new(0, 11_000)
        .executor("1", 2, 0, None)
        .job(0, 1000, 9000, &[0])
        .stage(
            0,
            &[],
            0,
            &[
                (1000, 1000),
                (1000, 2000),
                (2000, 3000),
                (3000, 3000),
                (5000, 4000),
            ],
        )
}

/// Jobs 0 and 1 submitted together at 0 (two threads of the driver); job 0's stage 0 has two
/// tasks of 2000, job 1's stage 1 two of 1000. Job 2 is submitted 500 ms after both ended: its
/// stage 2 has one task of 1000. As it ran on 4 executors of 1 core: all four tasks at 0, job 1
/// ends at 1000, job 0 at 2000, job 2 2500–3500, the application ends at 4000.
pub fn overlapping_jobs() -> Build {
    Build::new(0, 4000)
        .executor("1", 1, 0, None)
        .executor("2", 1, 0, None)
        .executor("3", 1, 0, None)
        .executor("4", 1, 0, None)
        .job(0, 0, 2000, &[0])
        .job(1, 0, 1000, &[1])
        .job(2, 2500, 3500, &[2])
        .stage(0, &[], 0, &[(0, 2000), (0, 2000)])
        .stage(1, &[], 0, &[(0, 1000), (0, 1000)])
        .stage(2, &[], 0, &[(2500, 1000)])
}
