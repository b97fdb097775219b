//! Reading and printing the page's decimals both ways: `planner::decimal` (exact big-integer
//! conversion of any `f64`) and the fixed-point prototype `planner::fixed` (whole numbers of
//! `10^-scale`), on the texts and values the page handles.

use criterion::{criterion_main, Criterion};
use planner::{decimal, fixed};
use std::hint::black_box;

/// Inputs as typed: overhead factors, fractions, a percentage, GiB.
const TEXTS: [&str; 6] = ["0.1875", "0.1", "0.6", "12.5", "63.5", "0.07"];

fn reading(c: &mut Criterion) {
    let mut g = c.benchmark_group("read");
    g.bench_function("decimal::parse", |b| {
        b.iter(|| TEXTS.map(|t| decimal::parse(black_box(t))))
    });
    g.bench_function("fixed::parse_scaled+to_f64", |b| {
        b.iter(|| {
            TEXTS.map(|t| fixed::parse_scaled(black_box(t), 6).and_then(|u| fixed::to_f64(u, 6)))
        })
    });
    g.finish();
}

fn printing_inputs(c: &mut Criterion) {
    let values = TEXTS.map(|t| decimal::parse(t).expect("a decimal"));
    let units = TEXTS.map(|t| fixed::parse_scaled(t, 6).expect("fits"));
    let mut g = c.benchmark_group("print-input");
    g.bench_function("decimal::shortest", |b| {
        b.iter(|| black_box(values).map(decimal::shortest))
    });
    g.bench_function("fixed::format_scaled", |b| {
        b.iter(|| black_box(units).map(|u| fixed::format_scaled(u, 6)))
    });
    g.finish();
}

fn printing_ratios(c: &mut Criterion) {
    // A node's used and total MiB, as the page prints a percentage and GiB with 1 decimal.
    let (used, total) = (58_368u64, 65_536u64);
    let mut g = c.benchmark_group("print-ratio");
    g.bench_function("decimal::fixed", |b| {
        b.iter(|| {
            let (used, total) = black_box((used, total));
            let pct = decimal::fixed(used as f64 * 100.0 / total as f64, 1);
            let gib = decimal::fixed(used as f64 / 1024.0, 1);
            (pct, gib)
        })
    });
    g.bench_function("fixed::format_ratio", |b| {
        b.iter(|| {
            let (used, total) = black_box((used, total));
            (
                fixed::format_ratio(used * 100, total, 1),
                fixed::format_ratio(used, 1024, 1),
            )
        })
    });
    g.finish();
}

/// The benchmark group (the macro's generated function needs a doc for the workspace lints).
mod group {
    #![allow(missing_docs)]
    use super::{printing_inputs, printing_ratios, reading};
    criterion::criterion_group!(benches, reading, printing_inputs, printing_ratios);
}
criterion_main!(group::benches);
