//! Data-driven snapshot tests: for each preset (and a few variations), the working, warnings,
//! layout and configuration of both methods, and of Kubernetes and EMR plans (pods, requested
//! vs launched, driver log, exports), as `report::text` writes them, compared with
//! `tests/snapshots/*.txt`.
//! Run with `UPDATE_SNAPSHOTS=1` to rewrite the files after an intended change, then review the
//! diff.

use planner::emr::{instance_type, EmrInput};
use planner::input::MaximumAllocation;
use planner::k8s::K8sInput;
use planner::place::ExecutorCount;
use planner::presets::{preset, presets};
use planner::report::text;
use planner::scenario::Scenario;
use planner::spark::{AppType, DeployMode, SparkVersion};
use planner::yarn::Calculator;
use planner::{Granularity, OffHeap, PlanInput};

fn cases() -> Vec<(String, PlanInput)> {
    let mut v: Vec<(String, PlanInput)> = presets()
        .into_iter()
        .map(|p| (p.id.to_string(), p.input))
        .collect();
    let case1 = preset("case1").expect("case1").input;
    let case3 = preset("case3").expect("case3").input;

    let mut mib = case3.clone();
    mib.policy.granularity = Granularity::Mib;
    v.push(("case3-mib".into(), mib));

    let mut default_calc = case3.clone();
    default_calc.scheduler.calculator = Calculator::Default;
    v.push(("case3-default-calculator".into(), default_calc));

    let mut yarn_max = case1.clone();
    yarn_max.scheduler.maximum_allocation = MaximumAllocation::YARN_DEFAULT;
    v.push(("case1-yarn-default-maximum".into(), yarn_max));

    let mut client = case1.clone();
    client.spark.deploy_mode = DeployMode::Client;
    client.spark.version = SparkVersion::V3_5;
    v.push(("case1-client-3.5".into(), client));

    let mut python = case1.clone();
    python.spark.app_type = AppType::Python;
    python.spark.pyspark_memory_mib = 2048;
    python.spark.offheap = OffHeap {
        enabled: true,
        size_mib: 1024,
    };
    v.push(("case1-python-offheap".into(), python));

    let mut share = case1;
    share.policy.cluster_share_pct = 50.0;
    share.cluster.nodes = 1000;
    v.push(("case1-1000-nodes-half-share".into(), share));
    v
}

/// Where the snapshot files live.
fn snapshot_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots")
}

/// Compares each rendered case with `tests/snapshots/{name}.txt` (or rewrites them all).
fn check_snapshots(cases: Vec<(String, String)>) {
    let dir = snapshot_dir();
    let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some();
    let mut stale = Vec::new();
    for (name, text) in cases {
        let path = dir.join(format!("{name}.txt"));
        if update {
            std::fs::create_dir_all(&dir).expect("snapshot dir");
            std::fs::write(&path, &text).expect("write snapshot");
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(old) if old == text => {}
            Ok(old) => stale.push(format!(
                "{name}: differs\n--- expected\n{old}\n--- got\n{text}"
            )),
            Err(_) => stale.push(format!("{name}: no snapshot at {}", path.display())),
        }
    }
    assert!(
        stale.is_empty(),
        "snapshots differ (rerun with UPDATE_SNAPSHOTS=1 if intended):\n{}",
        stale.join("\n")
    );
}

/// The text report of a scenario's view (its workload and dynamic allocation sections left out:
/// the snapshots hold the plans).
fn text_of(scenario: &Scenario) -> String {
    let outcome = planner::scenario::plan(scenario);
    assert!(
        !matches!(outcome, planner::scenario::Outcome::Invalid(_)),
        "{outcome:?}"
    );
    text::report(&planner::view::build(scenario, &outcome))
}

#[test]
fn working_and_warnings_match_snapshots() {
    check_snapshots(
        cases()
            .into_iter()
            .map(|(name, input)| (name, text_of(&Scenario::Yarn(input))))
            .collect(),
    );
}

fn k8s_cases() -> Vec<(&'static str, K8sInput)> {
    let k8s = K8sInput::default();
    let mut half = k8s.clone();
    half.spark.request_cores = Some("500m".into());
    half.spark.limit_cores = Some("1".into());
    let mut python = k8s.clone();
    python.spark.app_type = AppType::Python;
    python.spark.pyspark_memory_mib = 1024;
    python.spark.offheap = OffHeap {
        enabled: true,
        size_mib: 2048,
    };
    python.count = ExecutorCount::AsManyAsFit;
    let mut client = k8s.clone();
    client.spark.deploy_mode = DeployMode::Client;
    client.spark.version = SparkVersion::V3_5;
    client.count = ExecutorCount::Exactly(100);
    vec![
        ("k8s-seed002", k8s),
        ("k8s-seed002-half-with-limit", half),
        ("k8s-python-offheap-max", python),
        ("k8s-client-3.5-too-many", client),
    ]
}

fn emr_cases() -> Vec<(&'static str, EmrInput)> {
    let seed = EmrInput::default();
    vec![
        ("emr-seed003", seed),
        (
            "emr-seed003-heterogeneous-off",
            EmrInput {
                heterogeneous_executors: false,
                ..seed
            },
        ),
        (
            "emr-maximize",
            EmrInput {
                maximize_resource_allocation: true,
                ..seed
            },
        ),
        (
            "emr-caps-cluster-dominant",
            EmrInput {
                max_cores: Some(8),
                max_memory_mib: Some(60_000),
                deploy_mode: DeployMode::Cluster,
                driver_memory_mib: 4096,
                calculator: Calculator::Dominant,
                ..seed
            },
        ),
        (
            "emr-c5-big-driver",
            EmrInput {
                instance: instance_type("c5.9xlarge").expect("c5"),
                core_nodes: 4,
                executor_memory_mib: 4096,
                executors: 40,
                driver_memory_mib: 16384,
                ..seed
            },
        ),
    ]
}

#[test]
fn kubernetes_and_emr_match_snapshots() {
    let mut out = Vec::new();
    for (name, input) in k8s_cases() {
        out.push((name.to_string(), text_of(&Scenario::Kubernetes(input))));
    }
    for (name, input) in emr_cases() {
        out.push((name.to_string(), text_of(&Scenario::Emr(input))));
    }
    check_snapshots(out);
}

#[test]
fn every_snapshot_file_belongs_to_a_case() {
    // A snapshot no case produces would never be checked again: a renamed or removed case must
    // take its file with it.
    let names: Vec<String> = cases()
        .into_iter()
        .map(|(name, _)| name)
        .chain(k8s_cases().into_iter().map(|(name, _)| name.to_string()))
        .chain(emr_cases().into_iter().map(|(name, _)| name.to_string()))
        .collect();
    let dir = snapshot_dir();
    let mut orphans = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("snapshot dir") {
        let file_name = entry.expect("snapshot entry").file_name();
        let file_name = file_name.to_string_lossy();
        let produced = file_name
            .strip_suffix(".txt")
            .is_some_and(|name| names.iter().any(|n| n == name));
        if !produced {
            orphans.push(dir.join(&*file_name).display().to_string());
        }
    }
    orphans.sort();
    assert!(
        orphans.is_empty(),
        "no case produces these snapshot files (delete them, or restore their case):\n{}",
        orphans.join("\n")
    );
}
