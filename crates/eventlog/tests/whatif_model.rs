//! The model's finer rules (the scheduler's lag, executors retired under dynamic allocation,
//! the job order, the curve's sampling) and its behaviour on hostile input.

mod whatif_common;

use eventlog::run::{Run, Stage, StageNode, TaskTime};
use eventlog::whatif::{self, curve, model, Basis, Capacity, Simulator};
use proptest::prelude::*;
use whatif_common::Build;

#[test]
fn the_scheduler_lag_is_the_median_of_the_stages() {
    // Three stages in a chain on one executor of 1 core. Stage 0 could run at 0 (job submitted,
    // executor there) and launched at 10; stage 1 launched 20 after stage 0 ended; stage 2
    // 500 after stage 1 ended (a slow task-set submission). The lags 10, 20, 500: median 20.
    let b = Build::new(0, 2000)
        .executor("1", 1, 0, None)
        .job(0, 0, 1730, &[0, 1, 2])
        .stage(0, &[], 0, &[(10, 100)])
        .stage(1, &[0], 0, &[(130, 100)])
        .stage(2, &[1], 0, &[(730, 1000)]);
    let m = model::model(&b.run());
    assert_eq!(m.stage_lag_ms, 20);
    // Simulated: each stage starts 20 after it can: 20–120, 140–240, 260–1260; the job ended
    // at 1730 in the run, the application 270 later: 1260 + 270 = 1530 (the slow submission of
    // stage 2 is not repeated).
    let sim = Simulator::new(&m);
    let trace = sim.trace(&Capacity::fixed(1, 0));
    assert_eq!(trace.stages, vec![(20, 120), (140, 240), (260, 1260)]);
    assert_eq!(trace.simulated.end_ms, 1530);
}

#[test]
fn each_executors_first_task_warms_it_up() {
    // Two executors of 1 core; one stage of six tasks of 1000 ms, but each executor's first took
    // 3000 (its JVM loading classes, compiling the stage's code): executor 1 ran 0–3000,
    // 3000–4000, 4000–5000, executor 2 the same; the application ends at 5000.
    let b = Build::new(0, 5000)
        .executor("1", 1, 0, None)
        .executor("2", 1, 0, None)
        .job(0, 0, 5000, &[0])
        .stage(0, &[], 0, &[(0, 3000), (3000, 1000), (4000, 1000)])
        .stage(0, &[], 1, &[(0, 3000), (3000, 1000), (4000, 1000)]);
    let m = model::model(&b.run());
    // The first tasks' excess over the later ones' median (1000): 2000 each.
    assert_eq!(m.warmup_ms, 2000);
    assert_eq!(m.durations, vec![1000; 6]);
    let w = whatif::what_if_of(m, &Basis::default()).unwrap();
    // 1 executor warms up once: 2000 + 6 × 1000 = 8000 (the run's two warm-ups one after the
    // other would say 10 000). 2: the run, 5000. 3: three warm up at once, 0–3000, and take the
    // other three, 3000–4000. 4 and 5: four or five first tasks 0–3000, the rest 3000–4000.
    // 6: all six at once, warming up, 0–3000.
    let times: Vec<(u32, u64)> = w
        .curve
        .points
        .iter()
        .map(|p| (p.executors, p.estimated_ms))
        .collect();
    assert_eq!(
        times,
        vec![
            (1, 8000),
            (2, 5000),
            (3, 4000),
            (4, 4000),
            (5, 4000),
            (6, 3000)
        ]
    );
    assert_eq!(w.model_error, Some(0.0));
}

#[test]
fn executors_killed_when_idle_are_retired_at_their_idle_timeout() {
    // Dynamic allocation with executorIdleTimeout 10s. Executor 1 runs stage 0's task 0–1000
    // and is killed by the driver: its removal is logged at 30 000, but the driver stopped
    // offering its slot at 1000 + 10 000 = 11 000 (Spark's ExecutorMonitor times an executor
    // out once idle that long). Job 1 is submitted at 20 000; its task waits for executor 2,
    // requested for it, which arrives at 20 500: the task runs 20 500–21 500, and the
    // application ends at 22 000.
    let run = Build::new(0, 22_000)
        .property("spark.dynamicAllocation.enabled", "true")
        .property("spark.dynamicAllocation.executorIdleTimeout", "10s")
        .executor("1", 1, 0, Some(30_000))
        .removed_because("1", "Executor killed by driver.")
        .executor("2", 1, 20_500, None)
        .job(0, 0, 1000, &[0])
        .job(1, 20_000, 21_500, &[1])
        .stage(0, &[], 0, &[(0, 1000)])
        .stage(1, &[], 1, &[(20_500, 1000)])
        .run();
    let m = model::model(&run);
    assert_eq!(m.executors[0].retired_ms, Some(11_000));
    assert_eq!(
        m.executors[0].removed_ms,
        Some(22_000),
        "clipped to the run's end"
    );
    assert_eq!(m.executors_at_once, 1);
    // The stages' lags are 0 and 500 (waiting for executor 2): the lower median is 0.
    assert_eq!(m.stage_lag_ms, 0);
    // Replayed, the task waits for executor 2 as it did: 20 500–21 500, and the end at 22 000.
    // Had executor 1's slot stayed until its logged removal, the task would have run at
    // 20 000 and the estimate been 500 ms short.
    let w = whatif::what_if(&run, &Basis::default()).unwrap();
    let check = w.check.unwrap();
    assert_eq!(check.replayed_ms, Some(22_000));
    assert_eq!(w.model_error, Some(0.0));
    // Without dynamic allocation the removal is when the slot went.
    let mut kept = run.clone();
    kept.spark_properties.clear();
    let m = model::model(&kept);
    assert_eq!(m.executors[0].retired_ms, Some(22_000));
    let replayed = Simulator::new(&m).run(&Capacity::as_ran(&m));
    assert_eq!(replayed.end_ms, 21_500);
}

#[test]
fn spark_time_settings_read_as_spark_reads_them() {
    // JavaUtils.timeStringAs: an integer with an optional suffix; a bare number in the
    // setting's own unit (seconds for executorIdleTimeout).
    assert_eq!(model::time_setting_ms("10s", 1000), Some(10_000));
    assert_eq!(model::time_setting_ms("60", 1000), Some(60_000));
    assert_eq!(model::time_setting_ms(" 2min ", 1000), Some(120_000));
    assert_eq!(model::time_setting_ms("1h", 1000), Some(3_600_000));
    assert_eq!(model::time_setting_ms("500ms", 1000), Some(500));
    assert_eq!(model::time_setting_ms("1.5s", 1000), None);
    assert_eq!(model::time_setting_ms("ten", 1000), None);
}

#[test]
fn a_job_waits_for_the_jobs_that_ended_before_it_was_submitted() {
    // Job 0 (one task of 1000) and job 1 (one task of 3000) start at 0 on 2 executors; job 2 is
    // submitted at 1200, after job 0 ended (1000) but while job 1 ran: it waits for job 0
    // only, 200 after it. Its task of 1000 runs 1200–2200; the application ends at 3000 with
    // job 1.
    let b = Build::new(0, 3000)
        .executor("1", 1, 0, None)
        .executor("2", 1, 0, None)
        .job(0, 0, 1000, &[0])
        .job(1, 0, 3000, &[1])
        .job(2, 1200, 2200, &[2])
        .stage(0, &[], 0, &[(0, 1000)])
        .stage(1, &[], 0, &[(0, 3000)])
        .stage(2, &[], 0, &[(1200, 1000)]);
    let m = model::model(&b.run());
    let after: Vec<u32> = m.jobs.iter().map(|j| j.after).collect();
    assert_eq!(after, vec![0, 0, 1]);
    // On 1 executor: job 0 0–1000, job 1 1000–4000 (FIFO: job 1's task set before job 2's),
    // job 2 submitted at 1200 (200 after job 0) runs 4000–5000; the run's end is the driver's
    // time after the last job to end in the run (job 1, at 3000: none): 5000.
    let trace = Simulator::new(&m).trace(&Capacity::fixed(1, 0));
    assert_eq!(trace.jobs, vec![(0, 1000), (0, 4000), (1200, 5000)]);
    assert_eq!(trace.simulated.end_ms, 5000);
}

#[test]
fn stages_no_job_declares_and_jobs_with_no_task() {
    // A log whose job start was lost: stage 7's tasks ran with no job declaring it; job 0 ran
    // no task (its stages were skipped) and took 50 ms.
    let mut run = Build::new(0, 3000)
        .executor("1", 1, 0, None)
        .job(0, 100, 150, &[3])
        .run();
    run.stages.push(Stage {
        id: 7,
        tasks: vec![TaskTime {
            launch_ms: 1000,
            finish_ms: 2000,
            executor: 0,
            failed: false,
            speculative: false,
        }],
        ..Stage::default()
    });
    let m = model::model(&run);
    assert_eq!(m.jobs.len(), 2);
    assert_eq!(m.jobs[1].id, None);
    let w = whatif::what_if_of(m, &Basis::default()).unwrap();
    assert_eq!(w.check.unwrap().estimated_ms, 3000);
}

#[test]
fn a_long_chain_of_jobs_without_tasks() {
    // 200 000 jobs that ran no task, one after the other, then one that did: no recursion
    // deep enough to overflow the stack.
    let mut b = Build::new(0, 1_000_000).executor("1", 1, 0, None);
    for j in 0..200_000 {
        b = b.job(j, 2 * j, 2 * j + 1, &[]);
    }
    let run = b
        .job(200_000, 400_000, 401_000, &[0])
        .stage(0, &[], 0, &[(400_000, 1000)])
        .run();
    let w = whatif::what_if(&run, &Basis::default()).unwrap();
    assert_eq!(w.check.unwrap().estimated_ms, 1_000_000);
}

#[test]
fn a_log_that_starts_its_application_again_keeps_its_first_jobs() {
    // A stitched log: the run folded from it has the last application start (10 000) and its
    // executor's last arrival (10 000), but jobs ran from 1000: job 0's task 1000–3000 and job
    // 1's 10 500–12 500, on the executor "1" both times; the end at 13 000.
    let mut run = Build::new(10_000, 13_000)
        .executor("1", 1, 10_000, None)
        .job(0, 1000, 3000, &[0])
        .job(1, 10_500, 12_500, &[1])
        .stage(0, &[], 0, &[(1000, 2000)])
        .stage(1, &[], 0, &[(10_500, 2000)])
        .run();
    run.first_ms = Some(1000);
    let m = model::model(&run);
    // Times from the earliest event; the executor there from its first task.
    assert_eq!(m.run_ms, 12_000);
    assert_eq!(m.first_executor_ms, 0);
    assert_eq!(m.executors[0].added_ms, 0);
    assert_eq!(m.driver_ms, 12_000 - 4000);
    let w = whatif::what_if_of(m, &Basis::default()).unwrap();
    assert_eq!(w.check.unwrap().estimated_ms, 12_000);
    assert_eq!(w.model_error, Some(0.0));
}

#[test]
fn curve_counts_are_sampled_beyond_the_most_points() {
    assert_eq!(curve::counts(5, 500), vec![1, 2, 3, 4, 5]);
    let c = curve::counts(10_000, 500);
    assert_eq!(c.len(), 500);
    assert_eq!((c[0], c[1], c[2]), (1, 2, 3));
    assert_eq!(c.last(), Some(&10_000));
    assert!(c.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(curve::counts(0, 500), vec![1]);
    // 500 points up to 100 000 tasks; a run of a million tasks gets 50, of 10 million 24.
    assert_eq!(curve::points_for(15_000), 500);
    assert_eq!(curve::points_for(100_000), 500);
    assert_eq!(curve::points_for(1_000_000), 50);
    assert_eq!(curve::points_for(10_000_000), 24);
}

/// A stage of an arbitrary run: its tasks' (launch, finish) and its parents' ids.
type ArbitraryStage = (Vec<(i64, i64)>, Vec<i64>);

/// A run from arbitrary numbers: stages with tasks (times in any order), parents naming any
/// stage (itself, later ones, missing ones), jobs declaring any stages, executors of any
/// cores.
fn arbitrary_run(
    stages: Vec<ArbitraryStage>,
    jobs: Vec<(i64, i64, Vec<i64>)>,
    executors: Vec<(u32, i64, Option<i64>)>,
    task_cpus: u32,
) -> Run {
    let mut b = Build::new(0, 50_000).property("spark.task.cpus", &task_cpus.to_string());
    for (i, (cores, added, removed)) in executors.into_iter().enumerate() {
        b = b.executor(&i.to_string(), cores, added, removed);
    }
    for (i, (sub, done, ids)) in jobs.into_iter().enumerate() {
        b = b.job(i as i64, sub, done, &ids);
    }
    let mut run = b.run();
    for (i, (tasks, parents)) in stages.into_iter().enumerate() {
        run.graph.insert(
            i as i64,
            StageNode {
                id: i as i64,
                parents,
                ..StageNode::default()
            },
        );
        run.stages.push(Stage {
            id: i as i64,
            tasks: tasks
                .into_iter()
                .map(|(launch, finish)| TaskTime {
                    launch_ms: launch,
                    finish_ms: finish,
                    executor: 0,
                    failed: false,
                    speculative: false,
                })
                .collect(),
            ..Stage::default()
        });
    }
    run
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_run_gives_a_bounded_curve_without_panic(
        stages in prop::collection::vec(
            (prop::collection::vec((-100i64..60_000, -100i64..60_000), 0..12),
             prop::collection::vec(-2i64..10, 0..4)),
            0..10),
        jobs in prop::collection::vec((-100i64..60_000, -100i64..60_000, prop::collection::vec(-1i64..10, 0..4)), 0..6),
        executors in prop::collection::vec((0u32..9, -100i64..60_000, prop::option::of(-100i64..60_000)), 0..5),
        task_cpus in 1u32..4,
    ) {
        let run = arbitrary_run(stages, jobs, executors, task_cpus);
        let Ok(w) = whatif::what_if(&run, &Basis { cores: Some(4), ..Basis::default() }) else {
            prop_assert_eq!(run.tasks().count(), 0);
            return Ok(());
        };
        prop_assert!(!w.curve.points.is_empty());
        let last = w.curve.points.last().unwrap();
        // The last count is where nothing changes any more: the time of unlimited executors.
        prop_assert_eq!(last.estimated_ms, w.critical_path_ms);
        for p in &w.curve.points {
            // Unlimited executors are the fastest, but for their warm-ups: with fewer, a task
            // may wait less for a warm slot than a new executor takes to warm up.
            if w.model.warmup_ms == 0 {
                prop_assert!(p.estimated_ms >= w.critical_path_ms);
            }
            // No task runs before the executors arrive, nor faster than all slots busy.
            prop_assert!(p.estimated_ms >= w.executors_arrive_ms + p.perfect_ms);
            prop_assert!((0.0..=1.0).contains(&p.utilisation));
        }
        prop_assert!(w.curve.points.windows(2).all(|p| p[0].executors < p[1].executors));
        prop_assert!(w.knee_executors <= last.executors);
        // The replay never panics either, whatever the executors did.
        let sim = Simulator::new(&w.model);
        let _ = sim.run(&Capacity::as_ran(&w.model));
        // List scheduling gives the event simulation's answer on every count (or stalls where
        // the event simulation had to force the graph).
        for slots in 1..=(w.tasks + 1) {
            let event = sim.run(&Capacity::fixed(slots, w.executors_arrive_ms));
            match sim.list_scheduled_end(slots, w.executors_arrive_ms) {
                Some(end) => prop_assert_eq!(end, event.end_ms, "{} slots", slots),
                None => prop_assert!(event.forced),
            }
        }
    }
}
