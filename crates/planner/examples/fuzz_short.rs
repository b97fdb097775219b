//! The fuzz targets (`planner::fuzz_targets`) on stable: a short seeded random run of each, the
//! inputs mutated from the test data's links, pasted configurations and memory strings (the
//! long coverage-guided runs are in `fuzz/`, figures in BENCHMARKS.md). `scripts/test.sh` runs
//! it: `cargo run -p planner --features fuzzing --example fuzz_short`; a failure panics with
//! the input. What the fuzzers found is in `tests/fuzz_regressions.rs`.
//!
//! Bounded by input counts, not by time: a slow machine runs the same inputs, only slower.

use planner::fuzz_targets::{
    config_text, form_text, memory_strings, plan_scenario_bytes, submit_line, url_codec,
};
use planner::scenario::presets;
use planner::url::{manager_keys, scenario_text_of, scenario_to_query};
use planner::ClusterManager;
use proptest::prelude::Rng;
use proptest::test_runner::{RngAlgorithm, TestRng};

const MANAGERS: [ClusterManager; 3] = [
    ClusterManager::Yarn,
    ClusterManager::Kubernetes,
    ClusterManager::Emr,
];

/// Fixed, so that a failure reproduces; `FUZZ_SEED` (a number) runs other inputs.
fn rng(target: &str) -> TestRng {
    let seed: u64 = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(14);
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
const TOKENS: &[&str] = &[
    "&",
    "=",
    "%",
    "%2",
    "%00",
    "~",
    "v=1",
    "cm=emr",
    "cm=k8s",
    ".",
    "-",
    "e",
    "g",
    "m",
    "k",
    "t",
    "p",
    "b",
    "gib",
    "0",
    "9",
    "99999999999999999999",
    " ",
    "\t",
    "\n",
    "\r\n",
    "\\",
    "\"",
    "'",
    "$",
    "#",
    "!",
    "=",
    ":",
    "{",
    "}",
    "[",
    "]",
    ",",
    "--conf",
    "--executor-memory",
    "spark.executor.memory",
    "spark.executor.cores",
    "spark.executor.instances",
    "spark.memory.offHeap.size",
    "spark-submit",
    "- ",
    "  ",
    "Properties",
    "Classification",
    "spec:",
    "executor:",
    "memory:",
    "cores:",
    "é",
    "\u{feff}",
    "\u{0}",
];

/// One input: a seed with a few random edits, or (one time in eight) random bytes.
fn mutated(rng: &mut TestRng, seeds: &[Vec<u8>]) -> Vec<u8> {
    if seeds.is_empty() || below(rng, 8) == 0 {
        let mut out = vec![0u8; below(rng, 96)];
        rng.fill_bytes(&mut out);
        return out;
    }
    let mut out = seeds[below(rng, seeds.len())].clone();
    for _ in 0..=below(rng, 6) {
        let at = below(rng, out.len() + 1);
        match below(rng, 6) {
            0 => out.insert(at, rng.next_u32() as u8),
            1 if at < out.len() => out[at] = rng.next_u32() as u8,
            2 => {
                let end = (at + below(rng, 8) + 1).min(out.len());
                out.drain(at..end);
            }
            3 => {
                let token = TOKENS[below(rng, TOKENS.len())].bytes();
                out.splice(at..at, token);
            }
            4 => {
                let other = &seeds[below(rng, seeds.len())];
                let from = below(rng, other.len());
                let piece = other[from..(from + below(rng, 32)).min(other.len())].to_vec();
                out.splice(at..at, piece);
            }
            _ => {
                let end = (at + below(rng, 16)).min(out.len());
                let piece = out[at..end].to_vec();
                out.splice(at..at, piece);
            }
        }
    }
    out
}

fn run(name: &str, inputs: u32, seeds: &[Vec<u8>], target: fn(&[u8])) {
    let mut rng = rng(name);
    for _ in 0..inputs {
        let input = mutated(&mut rng, seeds);
        let result = std::panic::catch_unwind(|| target(&input));
        assert!(
            result.is_ok(),
            "{name} failed on {:?} ({:?})",
            String::from_utf8_lossy(&input),
            input
        );
    }
}

/// Every preset's link, and the links of the bad-input table.
fn link_seeds() -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = MANAGERS
        .iter()
        .flat_map(|&m| presets(m))
        .map(|p| scenario_to_query(&p.input).into_bytes())
        .collect();
    let table = include_str!("../tests/data/bad_inputs.tsv");
    seeds.extend(
        table
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split('\t').next())
            .map(|q| q.as_bytes().to_vec()),
    );
    seeds
}

/// Every field's value in every preset, behind a byte that picks the field.
fn field_seeds() -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    for (mi, &m) in MANAGERS.iter().enumerate() {
        for (ki, key) in manager_keys(m).into_iter().enumerate() {
            for p in presets(m) {
                if let Some(text) = scenario_text_of(key, &p.input) {
                    let mut seed = vec![(mi + 3 * ki) as u8];
                    seed.extend_from_slice(text.as_bytes());
                    seeds.push(seed);
                }
            }
        }
    }
    seeds
}

fn memory_seeds() -> Vec<Vec<u8>> {
    let table: serde_json::Value =
        serde_json::from_str(include_str!("../tests/data/spark-memory-strings.json"))
            .expect("JSON");
    let rows = table.as_array().expect("an array");
    rows.iter()
        .filter_map(|r| r["value"].as_str())
        .map(|v| v.as_bytes().to_vec())
        .collect()
}

const EMR_JSON: &str = r#"[{"Classification": "spark-defaults", "Properties": {"spark.executor.memory": "18971M", "spark.executor.cores": "4"}}, {"Classification": "spark", "Properties": {"maximizeResourceAllocation": "false"}}, {"Classification": "yarn-site", "Properties": {"yarn.nodemanager.resource.memory-mb": "122880"}}]"#;

const MANIFEST: &str = "apiVersion: \"sparkoperator.k8s.io/v1beta2\"\nkind: SparkApplication\n\
spec:\n  type: Scala\n  sparkVersion: \"3.5.1\"\n  driver:\n    cores: 1\n    memory: \"4g\"\n  \
executor:\n    instances: 10\n    cores: 4\n    memory: \"16g\"\n    memoryOverhead: \"2g\"\n";

/// The malformed pastes of the check's table, and one paste of each format.
fn paste_seeds() -> Vec<Vec<u8>> {
    let table = include_str!("../tests/data/check_malformed.tsv");
    let mut seeds: Vec<Vec<u8>> = table
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split('\t').nth(3))
        .map(|t| {
            t.replace("\\n", "\n")
                .replace("\\r", "\r")
                .replace("\\t", "\t")
                .replace("\\\\", "\\")
        })
        .map(String::into_bytes)
        .collect();
    seeds.push(EMR_JSON.as_bytes().to_vec());
    seeds.push(MANIFEST.as_bytes().to_vec());
    seeds.push(
        b"spark.executor.memory 19g\nspark.executor.cores=5\nspark.executor.instances: 35\n"
            .to_vec(),
    );
    seeds.push(b"em19g~ec5~ei35~atpy~sv3.5~mxtrue".to_vec());
    seeds
}

/// With a leading byte that picks the form's manager.
fn config_seeds() -> Vec<Vec<u8>> {
    paste_seeds()
        .into_iter()
        .enumerate()
        .map(|(i, s)| [vec![i as u8], s].concat())
        .collect()
}

/// Input counts: about ten seconds each in a debug build on the 2-core development machine
/// (one minute in all); the long runs are the libFuzzer ones.
const RUNS: [(&str, u32); 6] = [
    ("url_codec", 160_000),
    ("form_text", 120_000),
    ("memory_strings", 400_000),
    ("submit_line", 450_000),
    ("config_text", 25_000),
    ("plan", 50_000),
];

fn main() {
    for (name, inputs) in RUNS {
        let started = std::time::Instant::now();
        match name {
            "url_codec" => run(name, inputs, &link_seeds(), url_codec),
            "form_text" => run(name, inputs, &field_seeds(), form_text),
            "memory_strings" => run(name, inputs, &memory_seeds(), memory_strings),
            "submit_line" => run(name, inputs, &paste_seeds(), submit_line),
            "config_text" => run(name, inputs, &config_seeds(), config_text),
            _ => run(name, inputs, &[], plan_scenario_bytes),
        }
        println!(
            "{name}: {inputs} inputs in {:.1} s",
            started.elapsed().as_secs_f64()
        );
    }
}
