//! The benchmark's synthetic run.

use eventlog::run::{Executor, Job, Run, Stage, StageNode, TaskTime};

/// A run of `jobs` jobs, each a map stage of `maps` tasks and a reduce stage of `reduces`
/// after it, task times of 200 to 2200 ms (a fixed pseudo-random sequence), on 8 executors.
pub fn run(jobs: i64, maps: usize, reduces: usize) -> Run {
    let mut run = Run::default();
    run.app.start_ms = Some(0);
    for e in 0..8 {
        run.executors.push(Executor {
            id: e.to_string(),
            cores: 1,
            added_ms: Some(0),
            ..Executor::default()
        });
    }
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut duration = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        200 + (seed % 2001) as i64
    };
    let mut t = 0i64;
    for j in 0..jobs {
        let (map, reduce) = (2 * j, 2 * j + 1);
        for (id, tasks, parents) in [(map, maps, vec![]), (reduce, reduces, vec![map])] {
            let times: Vec<TaskTime> = (0..tasks)
                .map(|i| {
                    let launch = t + (i as i64 / 8) * 1200;
                    TaskTime {
                        launch_ms: launch,
                        finish_ms: launch + duration(),
                        executor: (i % 8) as u32,
                        failed: false,
                        speculative: false,
                    }
                })
                .collect();
            t = times.iter().map(|x| x.finish_ms).max().unwrap_or(t) + 50;
            run.graph.insert(
                id,
                StageNode {
                    id,
                    parents,
                    tasks: tasks as u64,
                    jobs: vec![j],
                },
            );
            run.stages.push(Stage {
                id,
                tasks: times,
                ..Stage::default()
            });
        }
        run.jobs.push(Job {
            id: j,
            submitted_ms: Some(run.stages[map as usize].tasks[0].launch_ms),
            completed_ms: Some(t),
            stage_ids: vec![map, reduce],
            succeeded: Some(true),
            sql_execution: None,
        });
        t += 500;
    }
    run.app.end_ms = Some(t + 1000);
    run
}
