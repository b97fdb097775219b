//! The read benchmark (BENCHMARKS.md, "Event logs: reading speed"): a log held in memory is
//! pushed through the reader in 1 MiB chunks — decoded, split into lines, parsed into typed
//! events and folded — then analysed, several times; the best pass is reported as MB/s of the
//! log's decoded JSON.
//!
//! `cargo run --release -p eventlog --features json --example bench_read -- LOG [PASSES]`

use std::time::Instant;

use eventlog::{analyze_all, Options, Reader};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a log to read");
    let passes: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(3);
    let bytes = std::fs::read(&path).expect("a readable log");
    let name = std::path::Path::new(&path)
        .file_name()
        .map_or("log".into(), |n| n.to_string_lossy().into_owned());
    let mut best = f64::MAX;
    let mut decoded = 0;
    let mut tasks = 0;
    for _ in 0..passes {
        let started = Instant::now();
        let mut r = Reader::new();
        r.begin_file(&name, Some(bytes.len() as u64));
        for c in bytes.chunks(1 << 20) {
            r.push(c);
        }
        let read = r.finish();
        let analyses = analyze_all(&read, &Options::default());
        let s = started.elapsed().as_secs_f64();
        best = best.min(s);
        decoded = read.progress.bytes_decoded;
        tasks = analyses
            .iter()
            .map(|a| a.stages.iter().map(|s| s.tasks).sum::<u64>())
            .sum();
        if !read.problems.is_empty() {
            eprintln!("{name}: {:?}", read.problems.first());
        }
    }
    let mb = decoded as f64 / 1e6;
    println!(
        "{name}: {:.0} MB stored, {mb:.0} MB of JSON, {tasks} tasks; best of {passes}: {best:.2} s, {:.0} MB/s of JSON",
        bytes.len() as f64 / 1e6,
        mb / best
    );
}
