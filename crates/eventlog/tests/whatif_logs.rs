//! The model's error on every real log with tasks (`../shared/eventlogs/`, and the crate's own
//! logs written by a local Spark in `tests/data/`), pinned within what was measured (BENCHMARKS.md, "What if: the model's error"). The error is (estimate − real) ÷
//! real; `replayed` runs the executors as they came and went (the model error), `fixed` the
//! most executors alive at once, all there from the first executor's arrival (the curve's point
//! at the run's count).

mod common;

use std::sync::OnceLock;

use eventlog::whatif::{self, Basis, NoEstimate, WhatIf};

/// How far a measured error may move before the test says the model changed.
const BAND: f64 = 0.005;

struct Expected {
    log: &'static str,
    /// One of the crate's own logs (`tests/data/`), not a shared one.
    own: bool,
    tasks: u64,
    /// Most executors at once, and their cores.
    executors: (u32, u32),
    replayed: f64,
    fixed: f64,
}

const LOGS: &[Expected] = &[
    // The largest miss: stage 2's first task waited 3.7 s for a slot on a node holding its data
    // (Spark's delay scheduling, `spark.locality.wait` 3 s) while a slot elsewhere was free; the
    // model has no data locality, and the first stage's 362 ms from submission to launch is
    // above the run's median lag.
    Expected {
        own: false,
        log: "yarn-stage-peaks_application_1553914137147_0018",
        tasks: 6,
        executors: (3, 1),
        replayed: -0.0543,
        fixed: -0.0543,
    },
    Expected {
        own: false,
        log: "resource-profiles_application_1578436911597_0052",
        tasks: 6,
        executors: (1, 4),
        replayed: -0.0013,
        fixed: -0.0013,
    },
    // Dynamic allocation: 15 executors came and went, 7 at most at once. Replayed as they
    // came and went (each retired when its idle timeout of 10 s ran out, not when its removal
    // was logged, up to 13 s later) the error is −0.1 %; 7 executors there all along would have
    // finished the run 11 % sooner.
    Expected {
        own: false,
        log: "yarn-dynamic-allocation_4nodes_8cores.zstd",
        tasks: 235,
        executors: (7, 4),
        replayed: -0.0014,
        fixed: -0.1121,
    },
    Expected {
        own: false,
        log: "emr-3.3.0-amzn_attempt_1.zstd",
        tasks: 107,
        executors: (10, 3),
        replayed: -0.0069,
        fixed: -0.0069,
    },
    // 135 stages, 8580 tasks timed (and 50 resubmission notices), `spark.task.cpus` 4 on
    // executors of 4 cores (one slot each).
    Expected {
        own: false,
        log: "yarn-task-and-executor-failures.zstd",
        tasks: 8580,
        executors: (8, 4),
        replayed: -0.0039,
        fixed: -0.0039,
    },
    // Cut short: the real duration is up to the log's last event.
    Expected {
        own: false,
        log: "bad-truncated_eventlog",
        tasks: 21,
        executors: (1, 12),
        replayed: -0.0247,
        fixed: -0.0247,
    },
    Expected {
        own: false,
        log: "eventlog_v2_local-1623876083964",
        tasks: 2801,
        executors: (1, 12),
        replayed: 0.0003,
        fixed: 0.0003,
    },
    // The same application's log, cut short.
    Expected {
        own: false,
        log: "local-gzipped_eventlog-2021-06-15--15-00.gz",
        tasks: 2672,
        executors: (1, 12),
        replayed: 0.0016,
        fixed: 0.0016,
    },
    Expected {
        own: false,
        log: "spark-2.2.3_eventlog.zstd",
        tasks: 6,
        executors: (1, 8),
        replayed: -0.0027,
        fixed: -0.0027,
    },
    Expected {
        own: false,
        log: "sparklens_local-1532512550423",
        tasks: 8,
        executors: (1, 4),
        replayed: -0.0126,
        fixed: -0.0126,
    },
    // Kubernetes: the executors' pods started 35 s after the first job was submitted; the
    // curve's executors arrive when the run's did.
    Expected {
        own: false,
        log: "eventlog_v2_spark-110be3a8424d4a2789cb88134418217b",
        tasks: 39,
        executors: (4, 1),
        replayed: -0.0056,
        fixed: -0.0056,
    },
    // The crate's own logs (`tests/data/README.md`): local clusters of 1 to 3 executors. Each
    // executor's first task took 5 to 23 s longer than its stage's later ones (a fresh JVM on a
    // busy machine): the warm-up.
    Expected {
        own: true,
        log: "codec-zstd.zstd",
        tasks: 5,
        executors: (2, 1),
        replayed: -0.0109,
        fixed: -0.0109,
    },
    // Dynamic allocation: 3 executors for a job of 12 tasks, removed when idle 2 s, 3 more for
    // a job of 6 tasks; 3 executors there all along would have finished 37 % sooner.
    Expected {
        own: true,
        log: "dynamic-allocation.zstd",
        tasks: 18,
        executors: (3, 1),
        replayed: -0.0033,
        fixed: -0.3700,
    },
    Expected {
        own: true,
        log: "executor-oom.zstd",
        tasks: 2,
        executors: (1, 1),
        replayed: 0.0163,
        fixed: 0.0163,
    },
    // The second executor arrived 2.9 s after the first: there all along, the run is 5 % faster.
    Expected {
        own: true,
        log: "skewed.zstd",
        tasks: 8,
        executors: (2, 2),
        replayed: -0.0072,
        fixed: -0.0509,
    },
    Expected {
        own: true,
        log: "spilling.zstd",
        tasks: 6,
        executors: (1, 1),
        replayed: -0.0177,
        fixed: -0.0177,
    },
    Expected {
        own: true,
        log: "eventlog_v2_app-20261201224627-0000",
        tasks: 5,
        executors: (2, 1),
        replayed: -0.0311,
        fixed: -0.0311,
    },
];

/// Each log's what-if, read once for all the tests.
fn what_if(log: &str) -> &'static WhatIf {
    static ALL: OnceLock<Vec<(&'static str, WhatIf)>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        LOGS.iter()
            .map(|e| {
                let path = if e.own {
                    common::data(e.log)
                } else {
                    common::shared(e.log)
                };
                let read = common::read(&path);
                let w = whatif::what_if(&read.runs[0], &Basis::default()).expect("an estimate");
                (e.log, w)
            })
            .collect()
    });
    &all.iter()
        .find(|(l, _)| *l == log)
        .expect("a log of the table")
        .1
}

#[test]
fn the_model_error_on_every_real_log_is_what_was_measured() {
    for e in LOGS {
        let w = what_if(e.log);
        assert_eq!(w.tasks, e.tasks, "{}", e.log);
        let check = w.check.expect("a check");
        assert_eq!((check.executors, check.cores), e.executors, "{}", e.log);
        let replayed = check.replay_error.expect("a replay");
        assert!(
            (replayed - e.replayed).abs() <= BAND,
            "{}: replayed {replayed:.4}, measured {:.4}",
            e.log,
            e.replayed
        );
        assert!(
            (check.error - e.fixed).abs() <= BAND,
            "{}: fixed {:.4}, measured {:.4}",
            e.log,
            check.error,
            e.fixed
        );
        assert_eq!(w.model_error, Some(replayed));
        assert!(!w.graph_forced, "{}", e.log);
    }
}

#[test]
fn the_median_model_error_is_within_the_aim() {
    // The aim: the median error within 15 %.
    let mut errors: Vec<f64> = LOGS
        .iter()
        .map(|e| what_if(e.log).model_error.unwrap().abs())
        .collect();
    errors.sort_by(f64::total_cmp);
    let median = errors[errors.len() / 2];
    assert!(median <= 0.15, "median {median}");
    assert!(errors.iter().all(|&e| e <= 0.15), "{errors:?}");
}

#[test]
fn logs_without_a_task_say_so() {
    // No task ran; the malformed log breaks before its first task.
    for log in ["local-no-tasks_empty_eventlog", "bad-malformed-json.zstd"] {
        let read = common::read(&common::shared(log));
        for run in &read.runs {
            assert_eq!(
                whatif::what_if(run, &Basis::default()).err(),
                Some(NoEstimate::NoTasks),
                "{log}"
            );
        }
    }
}

#[test]
fn the_curves_of_the_real_logs() {
    // The failures log: 8 executors of one slot; its widest stages have 200 tasks, and stages
    // overlap: 230 tasks at once with unlimited executors; the time stops changing at 211
    // executors; past 8 each executor saves less than 1 % of the run.
    let w = what_if("yarn-task-and-executor-failures.zstd");
    assert_eq!(w.curve.slots_per_executor, 1);
    assert_eq!(w.curve.peak_tasks, 230);
    assert_eq!(w.curve.saturation_executors, 211);
    assert_eq!(w.knee_executors, 8);
    // The local rolling log: 2600 tasks runnable at once (stages 0 and 1 together), 12 slots
    // per executor: every task has a slot from 217 executors; from 98 on the time no longer
    // changes (the counts after are cut); knee 13.
    let w = what_if("eventlog_v2_local-1623876083964");
    assert_eq!(w.curve.peak_tasks, 2600);
    assert_eq!(w.curve.saturation_executors, 98);
    assert_eq!(w.knee_executors, 13);
    for w in LOGS.iter().map(|e| what_if(e.log)) {
        let last = w.curve.points.last().unwrap();
        assert_eq!(last.estimated_ms, w.critical_path_ms);
        assert_eq!(last.executors, w.curve.saturation_executors);
    }
}
