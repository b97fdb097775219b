//! Checks the container math against vectors produced by running Spark's own classes.
//!
//! Reads `spark-oracle.json` from the reference folder, the extra vectors kept in
//! `tests/data/spark-oracle-extra.json`, and also the file named by the environment variable
//! `SPARK_ORACLE_VECTORS` when it is set, so more vector sets can be checked without code
//! changes. Every field of every case's `expect` must match.

mod common;

use planner::catalog::ClusterManager;
use planner::spark::{
    resources, AppType, DeployMode, ResourceQuery, SparkConf, SparkResources, SparkVersion,
};
use planner::submit::parse_submit;
use planner::units::MIB;
use planner::yarn::{Calculator, YarnScheduler};
use serde_json::Value;

fn query_for(case: &Value) -> Result<ResourceQuery, String> {
    let version = case["spark_version"]
        .as_str()
        .and_then(SparkVersion::parse)
        .ok_or("unknown spark_version")?;
    let scheduler = case.get("yarn_scheduler").map(|s| {
        let min = s["minimum_allocation_mb"].as_u64().unwrap_or(1024);
        YarnScheduler {
            minimum_allocation_mb: min,
            minimum_allocation_vcores: 1,
            increment_mb: s["increment_mb"].as_u64(),
            maximum_allocation_mb: s["maximum_allocation_mb"].as_u64().unwrap_or(8192),
            maximum_allocation_vcores: s["maximum_allocation_vcores"].as_u64().unwrap_or(4) as u32,
            calculator: match s["calculator"].as_str() {
                Some(c) if c.starts_with("dom") => Calculator::Dominant,
                _ => Calculator::Default,
            },
        }
    });
    let mut q = ResourceQuery {
        version,
        scheduler,
        heap_bytes: case["heap_bytes"].as_u64(),
        ..ResourceQuery::default()
    };
    if let Some(args) = case.get("submit_args") {
        let args: Vec<&str> = args
            .as_array()
            .ok_or("submit_args is not a list")?
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let cmd = parse_submit(&args).map_err(|e| e.to_string())?;
        q.conf = cmd.conf;
        q.cluster_manager = cmd.cluster_manager;
        q.deploy_mode = cmd.deploy_mode;
        q.app_type = cmd.app_type;
    } else {
        let conf = case["conf"].as_object().ok_or("case has no conf")?;
        q.conf = conf
            .iter()
            .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string()))
            .collect::<SparkConf>();
        q.cluster_manager = match case["cluster_manager"].as_str() {
            Some("yarn") => Some(ClusterManager::Yarn),
            Some("k8s") => Some(ClusterManager::Kubernetes),
            Some("none") | None => None,
            Some(other) => return Err(format!("unknown cluster_manager {other}")),
        };
        q.deploy_mode = match case["deploy_mode"].as_str() {
            Some("client") => DeployMode::Client,
            _ => DeployMode::Cluster,
        };
        q.app_type = match case["app_type"].as_str() {
            Some("python") => AppType::Python,
            Some("r") => AppType::R,
            _ => AppType::Jvm,
        };
    }
    Ok(q)
}

/// The value the planner computed for an `expect` field, as JSON.
fn actual(r: &SparkResources, field: &str) -> Option<Value> {
    let e = &r.executor;
    let yarn = r.yarn.as_ref();
    let k8s = r.kubernetes.as_ref();
    let mib = |bytes: u64| Value::from(bytes as f64 / MIB as f64);
    let umm = r.memory.as_ref().ok();
    Some(match field {
        "executor_heap_mib" => e.memory.heap_mib.into(),
        "executor_overhead_mib" => e.memory.overhead_mib.into(),
        "executor_offheap_mib" => e.memory.offheap_mib.into(),
        "executor_pyspark_mib" => e.memory.pyspark_mib.into(),
        "executor_total_mib" => e.memory.total_mib().into(),
        "executor_cores" => e.cores.into(),
        "yarn_executor_container_mib" => yarn?.executor_request.memory_mib.into(),
        "yarn_executor_vcores" => yarn?.executor_request.vcores.into(),
        "yarn_executor_normalized_mib" => yarn?.executor_granted?.memory_mib.into(),
        "yarn_am_container_mib" => yarn?.am.request.memory_mib.into(),
        "yarn_am_vcores" => yarn?.am.request.vcores.into(),
        "yarn_am_memory_mib" => yarn?.am.memory_mib.into(),
        "yarn_am_overhead_mib" => yarn?.am.overhead_mib.into(),
        "k8s_executor_memory_request" | "k8s_executor_memory_limit" => {
            k8s?.executor.memory_quantity().into()
        }
        "k8s_executor_cpu_request" => k8s?.executor.cpu_request.clone().into(),
        "k8s_executor_cpu_limit" => k8s?.executor.cpu_limit.clone()?.into(),
        "k8s_executor_overhead_factor" => k8s?.executor_overhead_factor.into(),
        "k8s_executor_is_python" => k8s?.executor_is_python.into(),
        "k8s_driver_memory_request" | "k8s_driver_memory_limit" => {
            k8s?.driver.as_ref()?.memory_quantity().into()
        }
        "k8s_driver_cpu_request" => k8s?.driver.as_ref()?.cpu_request.clone().into(),
        "k8s_driver_cpu_limit" => k8s?.driver.as_ref()?.cpu_limit.clone()?.into(),
        "umm_system_memory_mib" => mib(umm?.heap_bytes),
        "umm_reserved_mib" => mib(umm?.reserved_bytes),
        "umm_unified_M_mib" => mib(umm?.unified_bytes),
        "umm_storage_region_R_mib" => mib(umm?.storage_bytes),
        "umm_execution_pool_mib" => mib(umm?.execution_bytes),
        "umm_offheap_storage_mib" => mib(umm?.offheap_storage_bytes),
        "umm_offheap_execution_mib" => mib(umm?.offheap_execution_bytes),
        _ => return None,
    })
}

fn same(expected: &Value, got: &Value, field: &str) -> bool {
    match (expected, got) {
        // Pools are reported by the oracle in MiB rounded to 3 decimals.
        (Value::Number(a), Value::Number(b)) if field.starts_with("umm_") => {
            (a.as_f64().unwrap_or(f64::NAN) - b.as_f64().unwrap_or(f64::NAN)).abs() < 0.0006
        }
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        _ => expected == got,
    }
}

/// Checks one vector file; returns (cases checked, fields checked).
fn check_file(path: &std::path::Path) -> (usize, usize) {
    let cases = common::read_json(path);
    let cases = cases.as_array().expect("a list of cases");
    assert!(!cases.is_empty(), "{} holds no case", path.display());
    let mut failures = Vec::new();
    let mut fields = 0;
    for case in cases {
        let id = format!(
            "{} [{}]",
            case["id"].as_str().unwrap_or("?"),
            case["spark_version"].as_str().unwrap_or("?")
        );
        let result = query_for(case).and_then(|q| resources(&q).map_err(|e| e.to_string()));
        let r = match result {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{id}: {e}"));
                continue;
            }
        };
        let expect = case["expect"].as_object().expect("expect is an object");
        for (field, want) in expect {
            fields += 1;
            match actual(&r, field) {
                Some(got) if same(want, &got, field) => {}
                Some(got) => failures.push(format!("{id}: {field} = {got}, Spark says {want}")),
                None => failures.push(format!("{id}: {field} not computed (Spark says {want})")),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of the vectors in {} differ:\n{}",
        failures.len(),
        path.display(),
        failures.join("\n")
    );
    (cases.len(), fields)
}

#[test]
fn matches_every_reference_vector() {
    let path = common::reference_dir().join("spark-oracle.json");
    let (cases, fields) = check_file(&path);
    println!("{cases} cases, {fields} fields from {}", path.display());
    assert!(cases >= 70 && fields > 1000);
}

#[test]
fn matches_the_kept_extra_vectors() {
    // Kubernetes and EMR-like YARN cases the shared reference does not cover, produced with
    // the same oracle (see tests/data/README.md); always checked.
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/spark-oracle-extra.json");
    let (cases, fields) = check_file(&path);
    println!("{cases} cases, {fields} fields from {}", path.display());
    assert!(cases >= 40 && fields > 800);
}

#[test]
fn matches_extra_vectors_named_by_environment() {
    match std::env::var_os("SPARK_ORACLE_VECTORS") {
        Some(p) => {
            let (cases, fields) = check_file(std::path::Path::new(&p));
            println!("{cases} cases, {fields} fields from SPARK_ORACLE_VECTORS");
        }
        None => println!("SPARK_ORACLE_VECTORS not set: no extra vectors"),
    }
}

#[test]
fn kept_copy_equals_the_shared_reference() {
    let manifest = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let shared = manifest.join("../../../shared/reference");
    for name in ["spark-oracle.json", "spark-memory-strings.json"] {
        let Ok(source) = std::fs::read(shared.join(name)) else {
            continue;
        };
        let copy = std::fs::read(manifest.join("tests/data").join(name)).expect("kept copy");
        assert!(
            source == copy,
            "tests/data/{name} is stale: copy it again from shared/reference"
        );
    }
}
