//! The curve against real runs at other executor counts: the same workload run by a local Spark
//! on 1, 2, 3 and 4 executors (`tests/data/whatif-scaling/`). From each run's log the curve
//! estimates the other counts; the errors are pinned within what was measured (BENCHMARKS.md,
//! "What if: the curve against real runs").
//!
//! Between 1 and 2 executors the estimates are within 5 %. The runs at 3 and 4 executors were
//! CPU-starved on the 2-core machine that made them (their tasks took 40 to 50 % longer than the
//! same tasks at 1 or 2), which the model, repeating a run's own task times, cannot know: the
//! estimates from the 1- and 2-executor logs are below them, those from the 3- and 4-executor
//! logs above the 1- and 2-executor runs.

use std::path::PathBuf;

use eventlog::whatif::{self, Basis};
use eventlog::Reader;

fn log(n: u32) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("tests/data/whatif-scaling/scaling-{n}x1.zstd"))
}

fn what_if(n: u32) -> whatif::WhatIf {
    let bytes = std::fs::read(log(n)).expect("the log");
    let mut reader = Reader::new();
    reader.begin_file(&format!("scaling-{n}x1.zstd"), Some(bytes.len() as u64));
    reader.push(&bytes);
    reader.end_file();
    let read = reader.finish();
    whatif::what_if(&read.runs[0], &Basis::default()).expect("an estimate")
}

/// The runs' real durations, ms, by executor count.
const REAL: [u64; 4] = [89_774, 70_556, 75_247, 67_063];

/// (estimate − real) ÷ real, from the log of `from` executors (rows) at each count (columns).
const MEASURED: [[f64; 4]; 4] = [
    [0.0052, -0.0410, -0.1869, -0.1342],
    [0.0489, -0.0079, -0.1613, -0.0983],
    [0.3342, 0.2057, 0.0013, 0.0530],
    [0.2606, 0.1572, -0.0207, 0.0044],
];

#[test]
fn each_log_estimates_the_other_runs_as_measured() {
    for from in 1..=4u32 {
        let w = what_if(from);
        assert_eq!(w.check.unwrap().real_ms, REAL[from as usize - 1]);
        for at in 1..=4u32 {
            let estimate = w.curve.points[at as usize - 1].estimated_ms;
            let real = REAL[at as usize - 1];
            let error = (estimate as f64 - real as f64) / real as f64;
            let measured = MEASURED[from as usize - 1][at as usize - 1];
            assert!(
                (error - measured).abs() <= 0.005,
                "from {from} at {at}: {error:.4}, measured {measured:.4}"
            );
        }
    }
}

#[test]
fn between_one_and_two_executors_the_estimates_hold() {
    // Where the machine was not the limit: the 1-executor log estimates the 2-executor run
    // within 5 %, and the 2-executor log the 1-executor run.
    for (from, at) in [(1, 2), (2, 1)] {
        let estimate = what_if(from).curve.points[at - 1].estimated_ms as f64;
        let real = REAL[at - 1] as f64;
        assert!(
            ((estimate - real) / real).abs() < 0.05,
            "from {from} at {at}"
        );
    }
}
