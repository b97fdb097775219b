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
