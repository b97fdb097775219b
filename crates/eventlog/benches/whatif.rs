//! Benchmark: the what-if curve of 500 executor counts for a run of 15 000 tasks (25 jobs, each
//! a stage of 500 tasks and a stage of 100 after it; executors of 1 core, so the curve runs to
//! 500 executors), and of one of the real logs' size (8630 tasks, 135 stages) for comparison.

use criterion::{criterion_main, BenchmarkId, Criterion};
use eventlog::whatif::{self, Basis};
use std::hint::black_box;

mod whatif_run;
use whatif_run::run;

fn curve(c: &mut Criterion) {
    let mut g = c.benchmark_group("whatif-curve");
    g.sample_size(20);
    for (name, r) in [
        ("15000-tasks", run(25, 500, 100)),
        ("8600-tasks", run(43, 100, 100)),
    ] {
        let tasks = r.tasks().count();
        let w = whatif::what_if(&r, &Basis::default()).expect("an estimate");
        eprintln!("{name}: {tasks} tasks, {} points", w.curve.points.len());
        g.bench_with_input(BenchmarkId::from_parameter(name), &r, |b, r| {
            b.iter(|| {
                whatif::what_if(black_box(r), &Basis::default()).map(|w| w.curve.points.len())
            })
        });
    }
    g.finish();
}

/// The benchmark group (the macro's generated function needs a doc for the workspace lints).
mod group {
    #![allow(missing_docs)]
    use super::curve;
    criterion::criterion_group!(benches, curve);
}

criterion_main!(group::benches);
