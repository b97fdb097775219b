//! The event-log fuzz targets (`eventlog::fuzz_targets`) on stable: a short seeded random run
//! of each, the inputs mutated from this crate's test logs (every codec) and random bytes (the
//! long coverage-guided runs are in `fuzz/`, figures in BENCHMARKS.md). `scripts/test.sh` runs
//! it: `cargo run -p eventlog --features fuzzing --example fuzz_short`; a failure panics with
//! the input's seed and number. Bounded by input counts, not by time.

use eventlog::fuzz_targets::{decoders, lines, reader};
use proptest::prelude::Rng;
use proptest::test_runner::{RngAlgorithm, TestRng};

/// Fixed, so that a failure reproduces; `FUZZ_SEED` (a number) runs other inputs.
fn rng(target: &str) -> TestRng {
    let seed: u64 = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(24);
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    for (i, b) in target.bytes().enumerate() {
        bytes[8 + i % 24] ^= b;
    }
    TestRng::from_seed(RngAlgorithm::ChaCha, &bytes)
}

fn below(rng: &mut TestRng, n: usize) -> usize {
    (rng.next_u64() % n.max(1) as u64) as usize
}

/// Pieces the readers care about, spliced into inputs.
const TOKENS: &[&[u8]] = &[
    b"\n",
    b"\r\n",
    b"\"",
    b"{",
    b"}",
    b"\\",
    b"{\"Event\":\"SparkListenerTaskEnd\",",
    b"{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"3.5.3\"}\n",
    b"\"Task Executor Metrics\":{\"JVMHeapMemory\":-1}",
    b"LZ4Block",
    b"\x82SNAPPY\x00",
    b"ZV\x01",
    b"\x28\xB5\x2F\xFD",
    b"PK\x03\x04",
    b"\x1F\x8B\x08",
    b"\xFF\xFF\xFF\xFF",
    b"\x00\x00\x00\x00",
];

fn seeds() -> Vec<(u8, Vec<u8>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let files = [
        (0, "codec-none"),
        (1, "codec-zstd.zstd"),
        (2, "codec-lz4.lz4"),
        (3, "codec-snappy.snappy"),
        (4, "codec-lzf.lzf"),
        (6, "codec-none.zip"),
    ];
    files
        .iter()
        .map(|(pick, f)| {
            let bytes = std::fs::read(dir.join(f)).expect("the test logs");
            // A head of each: the runs stay short in a debug build.
            (*pick, bytes[..bytes.len().min(24 << 10)].to_vec())
        })
        .collect()
}

fn mutate(rng: &mut TestRng, seed: &[u8]) -> Vec<u8> {
    let mut out = seed.to_vec();
    for _ in 0..=below(rng, 6) {
        let at = below(rng, out.len() + 1);
        match below(rng, 5) {
            0 if !out.is_empty() => {
                let i = at.min(out.len() - 1);
                out[i] ^= 1 << below(rng, 8);
            }
            1 => out.truncate(at),
            2 => {
                let t = TOKENS[below(rng, TOKENS.len())];
                out.splice(at..at, t.iter().copied());
            }
            3 => {
                let n = below(rng, 64);
                let junk: Vec<u8> = (0..n).map(|_| rng.next_u64() as u8).collect();
                out.splice(at..at, junk);
            }
            _ => {
                let end = (at + below(rng, 256)).min(out.len());
                out.drain(at..end);
            }
        }
    }
    out
}

fn run(target: &str, count: usize, seeds: &[(u8, Vec<u8>)], body: fn(&[u8])) {
    let mut rng = rng(target);
    let started = std::time::Instant::now();
    for i in 0..count {
        let (pick, seed) = &seeds[below(&mut rng, seeds.len())];
        let mut input = vec![*pick, (rng.next_u64() % 251) as u8 + 1];
        if below(&mut rng, 8) == 0 {
            let n = below(&mut rng, 4096);
            input.extend((0..n).map(|_| rng.next_u64() as u8));
        } else {
            input.extend(mutate(&mut rng, seed));
        }
        let result = std::panic::catch_unwind(|| body(&input));
        if result.is_err() {
            let path = std::env::temp_dir().join(format!("eventlog-fuzz-{target}-{i}"));
            let _ = std::fs::write(&path, &input);
            panic!(
                "{target}: input {i} panicked (FUZZ_SEED as set, default 24); it is in {}",
                path.display()
            );
        }
    }
    println!(
        "{target}: {count} inputs, {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

fn main() {
    let seeds = seeds();
    run("decoders", 3000, &seeds, decoders);
    run("lines", 6000, &seeds, |d| lines(&d[1..]));
    run("reader", 4000, &seeds, reader);
}
