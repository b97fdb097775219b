//! The fuzz targets (`planner::fuzz_targets`) on stable: a short seeded random run of each, the
//! inputs mutated from the test data's links, pasted configurations and memory strings (the
//! long coverage-guided runs are in `fuzz/`, figures in BENCHMARKS.md); and every input the
//! fuzzers found that broke a property, as a regression test.
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
    "&", "=", "%", "%2", "%00", "~", "v=1", "cm=emr", "cm=k8s", ".", "-", "e", "g", "m", "k",
    "t", "p", "b", "gib", "0", "9", "99999999999999999999", " ", "\t", "\n", "\r\n", "\\", "\"",
    "'", "$", "#", "!", "=", ":", "{", "}", "[", "]", ",", "--conf", "--executor-memory",
    "spark.executor.memory", "spark.executor.cores", "spark.executor.instances",
    "spark.memory.offHeap.size", "spark-submit", "- ", "  ", "Properties", "Classification",
    "spec:", "executor:", "memory:", "cores:", "é", "\u{feff}", "\u{0}",
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
    let table = include_str!("data/bad_inputs.tsv");
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
        serde_json::from_str(include_str!("data/spark-memory-strings.json")).expect("JSON");
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
    let table = include_str!("data/check_malformed.tsv");
    let mut seeds: Vec<Vec<u8>> = table
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split('\t').nth(3))
        .map(|t| {
            t.replace("\\n", "\n")
                .replace("\\t", "\t")
                .replace("\\\\", "\\")
        })
        .map(String::into_bytes)
        .collect();
    seeds.push(EMR_JSON.as_bytes().to_vec());
    seeds.push(MANIFEST.as_bytes().to_vec());
    seeds.push(b"spark.executor.memory 19g\nspark.executor.cores=5\nspark.executor.instances: 35\n".to_vec());
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

// Input counts: about ten seconds each in a debug build on the 2-core development machine
// (one minute in all); the long runs are the libFuzzer ones.

#[test]
fn url_codec_short_run() {
    run("url_codec", 20_000, &link_seeds(), url_codec);
}

#[test]
fn form_text_short_run() {
    run("form_text", 60_000, &field_seeds(), form_text);
}

#[test]
fn memory_strings_short_run() {
    run("memory_strings", 200_000, &memory_seeds(), memory_strings);
}

#[test]
fn submit_line_short_run() {
    run("submit_line", 60_000, &paste_seeds(), submit_line);
}

#[test]
fn config_text_short_run() {
    run("config_text", 10_000, &config_seeds(), config_text);
}

#[test]
fn plan_short_run() {
    run("plan", 5_000, &[], plan_scenario_bytes);
}

// What the fuzzers found, each fixed in the planner.

/// A node memory of `655999999999936g` was read as 671 743 999 999 934 464 MiB: 18 digits, which
/// the link then could not carry (the reader refuses more than 15), so the link lost it.
#[test]
fn a_size_too_large_to_write_back_is_refused() {
    url_codec(b"v=1&cm=k8s&kmem=655999999999936g");
    assert!(planner::text::parse_mib("655999999999936g").is_err());
    assert_eq!(planner::text::parse_mib("976562499999m"), Ok(976_562_499_999));
}

/// `64b` in a GiB field was 5.960464477539063e-8 GiB, shown as `0.0000000596046447754`, which
/// read back as another number: the input the form showed was not the input planned.
#[test]
fn a_converted_size_reads_back_as_shown() {
    form_text(b"\x0664b");
    let d = planner::url::scenario_from_query("v=1&m=64b");
    let shown = planner::url::scenario_text_of("m", &d.scenario).expect("m is a YARN field");
    assert_eq!(shown, "0.0000000596046447754");
    assert_eq!(planner::url::scenario_from_query(&format!("v=1&m={shown}")).scenario, d.scenario);
}
