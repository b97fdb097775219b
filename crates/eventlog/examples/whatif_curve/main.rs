//! The what-if benchmark (BENCHMARKS.md, "What if: the curve's speed"): the curve of every
//! executor count (500 points) computed for a run of 15 000 tasks — 25 jobs, each a stage of
//! 500 tasks and a stage of 100 after it, on executors of 1 core — or for a log given, several
//! times; the best pass is reported.
//!
//! `cargo run --profile bench -p eventlog --example whatif_curve -- [PASSES] [LOG]`

mod synthetic;

use std::time::Instant;

use eventlog::whatif::{self, Basis};
use eventlog::Reader;

fn main() {
    let mut args = std::env::args().skip(1);
    let passes: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(5);
    let run = match args.next() {
        Some(path) => {
            let bytes = std::fs::read(&path).expect("a readable log");
            let mut r = Reader::new();
            r.begin_file(&path, Some(bytes.len() as u64));
            r.push(&bytes);
            r.end_file();
            r.finish().runs.into_iter().next().expect("a run")
        }
        None => synthetic::run(25, 500, 100),
    };
    let tasks = run.tasks().count();
    let mut best = f64::MAX;
    let mut points = 0;
    for _ in 0..passes.max(1) {
        let started = Instant::now();
        let w =
            whatif::what_if(std::hint::black_box(&run), &Basis::default()).expect("an estimate");
        best = best.min(started.elapsed().as_secs_f64());
        points = w.curve.points.len();
    }
    println!(
        "{tasks} tasks, {points} points: best of {passes} {:.1} ms",
        best * 1000.0
    );
}
