//! The simulator on hand-built stage graphs, each answer worked by hand in the comments.
//!
//! Each run below is what a log would hold: its tasks' launch and finish times as the real
//! scheduler placed them, so the model's scheduler lag (a stage's first launch after it could
//! run) is 0 and the check against the run is exact.

mod whatif_common;

use eventlog::whatif::{self, Basis, NoEstimate, WhatIf};
use whatif_common::Build;

fn what_if(b: Build) -> WhatIf {
    whatif::what_if(&b.run(), &Basis::default()).expect("an estimate")
}

/// (executors, estimated ms) of the curve.
fn times(w: &WhatIf) -> Vec<(u32, u64)> {
    w.curve
        .points
        .iter()
        .map(|p| (p.executors, p.estimated_ms))
        .collect()
}

#[test]
fn one_stage() {
    // `whatif_common::one_stage`: one executor of 2 cores; the job submitted at 1000; five tasks
    // of 1000, 2000, 3000, 3000, 4000 ms that ran A 1000–2000, B 1000–3000, C 2000–5000,
    // D 3000–6000, E 5000–9000; the job ends at 9000, the application at 11 000.
    let w = what_if(whatif_common::one_stage());
    assert_eq!(w.driver_ms, 3000);
    assert_eq!(w.task_ms, 13_000);
    assert_eq!(w.model.warmup_ms, 0);
    // 1 executor: the run as it was, 11 000. 2 executors (4 slots): A–D start at 1000, E takes
    // A's slot at 2000 and ends at 6000: 1000 + 5000 + 2000 = 8000. 3 executors (6 slots) hold
    // all five at once: E ends at 5000, 7000 in all; beyond, nothing changes.
    assert_eq!(times(&w), vec![(1, 11_000), (2, 8000), (3, 7000)]);
    assert_eq!(w.critical_path_ms, 7000);
    assert_eq!(w.curve.peak_tasks, 5);
    assert_eq!(w.curve.saturation_executors, 3);
    // 1 → 2 saves 3000 ms, 27 % of 11 000; 2 → 3 saves 1000, 12.5 % of 8000 (both more than the
    // knee's 1 %): the knee is 3.
    assert_eq!(w.knee_executors, 3);
    // Utilisation: 13 000 task-ms of 2 slots × 11 000 ms, of 4 × 8000, of 6 × 7000.
    let p = &w.curve.points;
    assert!((p[0].utilisation - 13_000.0 / 22_000.0).abs() < 1e-9);
    assert!((p[1].utilisation - 13_000.0 / 32_000.0).abs() < 1e-9);
    assert!((p[2].utilisation - 13_000.0 / 42_000.0).abs() < 1e-9);
    // Perfect parallelism: 13 000 ÷ 2, ÷ 4, ÷ 6 (rounded up).
    let perfect: Vec<u64> = p.iter().map(|p| p.perfect_ms).collect();
    assert_eq!(perfect, vec![6500, 3250, 2167]);
    // Against the run: 1 executor at most, estimated 11 000 as it ran.
    let check = w.check.expect("a check");
    assert_eq!(
        (check.executors, check.estimated_ms, check.real_ms),
        (1, 11_000, 11_000)
    );
    assert_eq!(w.model_error, Some(0.0));
}

#[test]
fn one_stage_costs() {
    // The same run with containers of 3072 MiB: 1 executor × 2 cores × 11 000 ms is 22 000
    // core-ms = 11/1800 core-hour; 3 GiB × 11 000 ms = 11/1200 GiB-hour. 2 executors × 2 cores
    // × 8000 ms = 32 000 core-ms = 2/225 core-hour; 2 × 3 GiB × 8000 ms = 1/75 GiB-hour.
    let run = whatif_common::one_stage().run();
    let basis = Basis {
        container_mib: Some(3072),
        ..Basis::default()
    };
    let w = whatif::what_if(&run, &basis).unwrap();
    let p = &w.curve.points;
    assert!((p[0].core_hours - 11.0 / 1800.0).abs() < 1e-12);
    assert!((p[0].gib_hours.unwrap() - 11.0 / 1200.0).abs() < 1e-12);
    assert!((p[1].core_hours - 2.0 / 225.0).abs() < 1e-12);
    assert!((p[1].gib_hours.unwrap() - 1.0 / 75.0).abs() < 1e-12);
    // Without a container (local mode), no GiB-hours.
    let w = whatif::what_if(&run, &Basis::default()).unwrap();
    assert_eq!(w.curve.points[0].gib_hours, None);
}

#[test]
fn a_chain() {
    // Stages 0 → 1 → 2 of one job on executors of 1 core. Stage 0: three tasks of 1000 ms;
    // stage 1: two of 500; stage 2: one of 2000. As it ran on 2 executors from 0: stage 0
    // 0–2000 (two waves), stage 1 2000–2500, stage 2 2500–4500; the application ends at 5000.
    let b = Build::new(0, 5000)
        .executor("1", 1, 0, None)
        .executor("2", 1, 0, None)
        .job(0, 0, 4500, &[0, 1, 2])
        .stage(0, &[], 0, &[(0, 1000), (0, 1000), (1000, 1000)])
        .stage(1, &[0], 0, &[(2000, 500), (2000, 500)])
        .stage(2, &[1], 0, &[(2500, 2000)]);
    let w = what_if(b);
    // 1 executor: 3000 + 1000 + 2000 + the 500 after the job = 6500. 2: 2000 + 500 + 2000 +
    // 500 = 5000 (the run). 3: stage 0 in one wave, 1000 + 500 + 2000 + 500 = 4000. Each stage
    // waits for its parent: with unlimited slots the stages still run one after the other
    // (4000), not all at once (2000 + 500).
    assert_eq!(times(&w), vec![(1, 6500), (2, 5000), (3, 4000)]);
    assert_eq!(w.critical_path_ms, 4000);
    // 2 → 3 still saves 1000 ms, 20 % of 5000.
    assert_eq!(w.knee_executors, 3);
    let check = w.check.unwrap();
    assert_eq!((check.executors, check.estimated_ms), (2, 5000));
}

#[test]
fn a_diamond() {
    // 0 → {1, 2} → 3, one job, executors of 1 core. Stage 0: one task of 1000; stage 1: two
    // of 3000; stage 2: two of 1000; stage 3: one of 500. As it ran on 3 executors: stage 0
    // 0–1000; at 1000 stage 1 (the lower id first, as Spark's FIFO pool orders a job's task
    // sets) takes two slots, stage 2 one; stage 2's second task runs 2000–3000; stage 1 ends at
    // 4000; stage 3 4000–4500, the application's end.
    let b = Build::new(0, 4500)
        .executor("1", 1, 0, None)
        .executor("2", 1, 0, None)
        .executor("3", 1, 0, None)
        .job(0, 0, 4500, &[0, 1, 2, 3])
        .stage(0, &[], 0, &[(0, 1000)])
        .stage(1, &[0], 0, &[(1000, 3000), (1000, 3000)])
        .stage(2, &[0], 0, &[(1000, 1000), (2000, 1000)])
        .stage(3, &[1, 2], 0, &[(4000, 500)]);
    let w = what_if(b);
    // 1 executor: 1000, stage 1 1000–7000, stage 2 7000–9000, stage 3 9000–9500.
    // 2 executors: stage 1 takes both slots 1000–4000, stage 2 4000–5000, and stage 3 waits
    // for it (not for stage 1 alone): 5000–5500.
    // 3 executors: the run, 4500; 4 would run stage 2's tasks at once but stage 1 still ends at
    // 4000: the critical path 0 → 1 → 3 is 1000 + 3000 + 500 = 4500.
    assert_eq!(times(&w), vec![(1, 9500), (2, 5500), (3, 4500)]);
    assert_eq!(w.critical_path_ms, 4500);
    assert_eq!(w.curve.peak_tasks, 4);
    assert_eq!(w.model_error, Some(0.0));
}

#[test]
fn overlapping_jobs() {
    // `whatif_common::overlapping_jobs`: jobs 0 and 1 at once (two tasks of 2000 ms, two of
    // 1000), job 2 (one of 1000) 500 ms after both ended; 4 executors of 1 core; 4000 ms.
    let b = whatif_common::overlapping_jobs();
    let w = what_if(b);
    // The driver's own time: 4000 minus the time some job ran (0–2000 and 2500–3500) = 1000.
    assert_eq!(w.driver_ms, 1000);
    // 1 executor: job 0 first (FIFO), 0–4000; job 1 4000–6000; job 2 starts 500 after the last
    // of the two (kept from the run: it was submitted 500 after job 0, the last to end),
    // 6500–7500; and the 500 after it: 8000.
    // 2: job 0 0–2000 on both slots, job 1 2000–3000, job 2 3500–4500, end 5000.
    // 3: job 0's tasks and one of job 1's at 0, job 1's second 1000–2000; both end at 2000:
    // job 2 2500–3500, end 4000, as in the run. The jobs overlap as they did; run one after
    // the other they would take 2000 + 1000 + 500 + 1000 + 500 = 5000 on any count.
    assert_eq!(times(&w), vec![(1, 8000), (2, 5000), (3, 4000)]);
    assert_eq!(w.critical_path_ms, 4000);
    let check = w.check.unwrap();
    assert_eq!((check.executors, check.estimated_ms), (4, 4000));
}

#[test]
fn tasks_outnumber_slots_by_one() {
    // One stage of five tasks of 1000 ms on 2 executors of 2 cores (4 slots): four run 0–1000,
    // the fifth 1000–2000; the job and the application end at 2000 (no driver time).
    let b = Build::new(0, 2000)
        .executor("1", 2, 0, None)
        .executor("2", 2, 0, None)
        .job(0, 0, 2000, &[0])
        .stage(
            0,
            &[],
            0,
            &[(0, 1000), (0, 1000), (0, 1000), (0, 1000), (1000, 1000)],
        );
    let w = what_if(b);
    // 1 executor (2 slots): three waves, 3000. 2 (4 slots): two waves, 2000: the one task over
    // costs a whole second wave. 3 (6 slots): one wave, 1000.
    assert_eq!(times(&w), vec![(1, 3000), (2, 2000), (3, 1000)]);
    // 2 executors: 5000 task-ms of 4 slots × 2000 ms = 0.625.
    assert!((w.curve.points[1].utilisation - 0.625).abs() < 1e-9);
    assert_eq!(w.knee_executors, 3);
    assert_eq!(w.model_error, Some(0.0));
}

#[test]
fn task_cpus_above_one() {
    // spark.task.cpus = 2 on executors of 4 cores: 4 ÷ 2 = 2 slots each (Spark's
    // ResourceProfile.maxTasksPerExecutor, cores ÷ task cpus rounded down). One stage of six
    // tasks of 1000 ms; as it ran on 1 executor: three waves, 0–3000.
    let b = Build::new(0, 3000)
        .property("spark.task.cpus", "2")
        .executor("1", 4, 0, None)
        .job(0, 0, 3000, &[0])
        .stage(
            0,
            &[],
            0,
            &[
                (0, 1000),
                (0, 1000),
                (1000, 1000),
                (1000, 1000),
                (2000, 1000),
                (2000, 1000),
            ],
        );
    let run = b.run();
    let w = whatif::what_if(&run, &Basis::default()).unwrap();
    assert_eq!(w.task_cpus, 2);
    assert_eq!(w.curve.slots_per_executor, 2);
    // 1 executor: 2 slots, 3000; 2: 4 slots, 2000 (six tasks, two waves); 3: 6 slots, 1000.
    assert_eq!(times(&w), vec![(1, 3000), (2, 2000), (3, 1000)]);
    // 2 executors of 3 cores: ⌊3 ÷ 2⌋ = 1 slot each, 2 slots: 3000, as one executor of 4.
    let shape = whatif::estimate_shape(&w, 2, 3, None).unwrap();
    assert_eq!(shape.point.estimated_ms, 3000);
    // Executors of 3 cores could use 6 ÷ 1 = 6 executors; of 4 cores, 6 ÷ 2 = 3.
    assert_eq!(shape.could_use_executors, 6);
    assert_eq!(whatif::max_executors(&w, 4).could_use, 3);
    // Executors of 1 core have no slot: Spark refuses them (spark.task.cpus above the cores).
    assert_eq!(whatif::estimate_shape(&w, 4, 1, None), None);
    let basis = Basis {
        cores: Some(1),
        ..Basis::default()
    };
    assert_eq!(
        whatif::what_if(&run, &basis).err(),
        Some(NoEstimate::NoTaskSlot {
            cores: 1,
            task_cpus: 2
        })
    );
}
