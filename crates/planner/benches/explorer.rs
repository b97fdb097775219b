//! Benchmark: the trade-off explorer's sweep (every cores-per-executor count, each shape sized
//! and placed) for case 1 and for 1,000 nodes × 96 cores, on YARN; and the Kubernetes sweep of
//! the default 8 nodes.

use criterion::{criterion_main, BenchmarkId, Criterion};
use planner::explorer::explore;
use planner::k8s::K8sInput;
use planner::presets::preset;
use planner::scenario::Scenario;
use std::hint::black_box;

fn scenarios() -> Vec<(&'static str, Scenario)> {
    let case1 = preset("case1").expect("case1").input;
    let mut big = case1.clone();
    big.cluster.nodes = 1000;
    big.cluster.cores_per_node = 96;
    big.cluster.memory_per_node_gib = 768.0;
    vec![
        ("yarn-case1", Scenario::Yarn(case1)),
        ("yarn-1000x96c", Scenario::Yarn(big)),
        ("k8s-default", Scenario::Kubernetes(K8sInput::default())),
    ]
}

fn sweep(c: &mut Criterion) {
    let mut g = c.benchmark_group("explorer-sweep");
    for (name, s) in scenarios() {
        g.bench_with_input(BenchmarkId::from_parameter(name), &s, |b, s| {
            b.iter(|| explore(black_box(s)).map(|e| e.rows.len()))
        });
    }
    g.finish();
}

/// The benchmark group (the macro's generated function needs a doc for the workspace lints).
mod group {
    #![allow(missing_docs)]
    use super::sweep;
    criterion::criterion_group!(benches, sweep);
}
criterion_main!(group::benches);
