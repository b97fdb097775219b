//! Helpers shared by the planner's integration tests: locating the reference vectors, and a
//! link's scenario and view. Each test file uses some of them.
#![allow(dead_code)]

use std::path::PathBuf;

/// The folder holding `spark-oracle.json` and `spark-memory-strings.json`: the shared reference
/// folder beside the repository when present (the source of truth), else the copy kept in
/// `tests/data/` so a lone clone still tests.
pub fn reference_dir() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let shared = manifest.join("../../../shared/reference");
    if shared.join("spark-oracle.json").is_file() {
        shared
    } else {
        manifest.join("tests/data")
    }
}

/// Reads and parses a JSON file, failing the test with the path on error.
pub fn read_json(path: &std::path::Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("cannot parse {}: {e}", path.display()))
}

/// The scenario of a link's query, which must read without a bad or unknown key.
pub fn scenario(query: &str) -> planner::scenario::Scenario {
    let d = planner::url::scenario_from_query(query);
    assert!(d.bad.is_empty() && d.unknown.is_empty(), "{query}: {d:?}");
    d.scenario
}

/// The view of a link's plan.
pub fn view_of(query: &str) -> planner::view::View {
    let s = scenario(query);
    planner::view::build(&s, &planner::scenario::plan(&s))
}
