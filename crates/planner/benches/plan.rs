//! Benchmarks: one plan (both methods) for the documented cases and a 1,000-node cluster, and
//! planning every cores-per-executor from 1 to the node's cores (the trade-off explorer's load).

use criterion::{criterion_main, BenchmarkId, Criterion};
use planner::presets::preset;
use planner::{plan, Granularity, PlanInput};
use std::hint::black_box;

fn inputs() -> Vec<(&'static str, PlanInput)> {
    let case1 = preset("case1").expect("case1").input;
    let case3 = preset("case3").expect("case3").input;
    let mut big = case1.clone();
    big.cluster.nodes = 1000;
    big.cluster.cores_per_node = 96;
    big.cluster.memory_per_node_gib = 768.0;
    big.policy.granularity = Granularity::Mib;
    vec![("case1", case1), ("case3", case3), ("1000x96c-mib", big)]
}

fn one_plan(c: &mut Criterion) {
    let mut g = c.benchmark_group("plan");
    for (name, input) in inputs() {
        g.bench_with_input(BenchmarkId::from_parameter(name), &input, |b, input| {
            b.iter(|| plan(black_box(input)))
        });
    }
    g.finish();
}

fn every_core_count(c: &mut Criterion) {
    let mut g = c.benchmark_group("plan-every-cores-per-executor");
    for (name, input) in inputs() {
        g.bench_with_input(BenchmarkId::from_parameter(name), &input, |b, input| {
            let vcores = input.validate().expect("valid").shape.nodemanager.vcores;
            b.iter(|| {
                (1..=vcores)
                    .map(|cores| {
                        let mut i = input.clone();
                        i.policy.cores_per_executor = cores;
                        plan(black_box(&i)).map(|c| c.spark_exact.instances)
                    })
                    .count()
            })
        });
    }
    g.finish();
}

/// The benchmark group (the macro's generated function needs a doc for the workspace lints).
mod group {
    #![allow(missing_docs)]
    use super::{every_core_count, one_plan};
    criterion::criterion_group!(benches, one_plan, every_core_count);
}
criterion_main!(group::benches);
