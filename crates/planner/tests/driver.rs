//! Driver guidance: each note with one input that triggers it and one that does not, the
//! numbers worked by hand, and the driver's load in the link on every cluster manager.

use planner::driver::{driver_notes, driver_numbers, DriverLoad, DriverSettings};
use planner::emr::EmrInput;
use planner::k8s::K8sInput;
use planner::scenario::{self, driver_settings, Outcome, Scenario};
use planner::spark::DeployMode;
use planner::url::{scenario_from_query, scenario_to_query};
use planner::{Code, FieldId, PlanInput, Severity};

fn settings(
    load: DriverLoad,
    deploy_mode: DeployMode,
    heap_mib: u64,
    cores: u32,
) -> DriverSettings {
    DriverSettings {
        load,
        deploy_mode,
        heap_mib,
        cores,
    }
}

fn codes(s: &DriverSettings) -> Vec<Code> {
    driver_notes(&driver_numbers(s))
        .iter()
        .map(|w| w.code)
        .collect()
}

#[test]
fn nothing_to_say_by_default() {
    let s = settings(DriverLoad::default(), DeployMode::Cluster, 1024, 1);
    assert!(codes(&s).is_empty());
}

#[test]
fn results_above_max_result_size_abort_the_job() {
    let load = |collected, limit| DriverLoad {
        collected_mib: Some(collected),
        max_result_size_mib: limit,
        ..DriverLoad::default()
    };
    // A 16 GiB heap holds it; 2 GiB is above the default 1g limit.
    let over = settings(load(2048, 1024), DeployMode::Cluster, 16384, 1);
    let notes = driver_notes(&driver_numbers(&over));
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].code, Code::ResultsAboveMaxResultSize);
    assert_eq!(notes[0].severity, Severity::Error);
    assert_eq!(notes[0].field, Some(FieldId::MaxResultSize));
    assert!(
        notes[0].message.contains("at least 2g"),
        "{}",
        notes[0].message
    );
    // Exactly the limit passes; 0 means unlimited.
    assert!(codes(&settings(load(1024, 1024), DeployMode::Cluster, 16384, 1)).is_empty());
    assert!(codes(&settings(load(5000, 0), DeployMode::Cluster, 16384, 1)).is_empty());
}

#[test]
fn results_above_the_usable_heap_run_the_driver_out_of_memory() {
    let load = |collected| DriverLoad {
        collected_mib: Some(collected),
        ..DriverLoad::default()
    };
    // 1024 MiB heap − 300 MiB reserved = 724 MiB usable; 800 MiB needs 1100 MiB: a 2g heap.
    let n = driver_numbers(&settings(load(800), DeployMode::Cluster, 1024, 1));
    assert_eq!(n.usable_heap_mib, 724);
    let notes = driver_notes(&n);
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].code, Code::ResultsAboveDriverHeap);
    assert_eq!(notes[0].field, Some(FieldId::DriverMemory));
    assert!(
        notes[0].message.contains("at least 2g"),
        "{}",
        notes[0].message
    );
    // 700 MiB fits the 724 MiB but takes more than half: a warning, asking for twice the
    // results: 2 × 700 + 300 = 1 700 MiB, a 2g heap. 362 MiB is half: nothing to say.
    let near = driver_notes(&driver_numbers(&settings(
        load(700),
        DeployMode::Cluster,
        1024,
        1,
    )));
    assert_eq!(near.len(), 1);
    assert_eq!(
        (near[0].code, near[0].severity, near[0].field),
        (
            Code::ResultsNearDriverHeap,
            planner::Severity::Warning,
            Some(FieldId::DriverMemory)
        )
    );
    assert!(
        near[0].message.contains("at least 2g"),
        "{}",
        near[0].message
    );
    assert!(codes(&settings(load(362), DeployMode::Cluster, 1024, 1)).is_empty());
    assert_eq!(
        codes(&settings(load(363), DeployMode::Cluster, 1024, 1)),
        [Code::ResultsNearDriverHeap]
    );
}

/// Jobs at once each hold their largest collect on the driver together: 4 × 1 536 MiB = 6 144
/// MiB against a 2g driver's 1 748 MiB usable (the review's case passed silently); 6 144 + 300
/// = 6 444 MiB asks for a 7g heap. One such job alone fits.
#[test]
fn collects_of_jobs_at_once_add_up_on_the_driver() {
    let load = |jobs| DriverLoad {
        collected_mib: Some(1536),
        concurrent_jobs: jobs,
        max_result_size_mib: 2048,
        ..DriverLoad::default()
    };
    let n = driver_numbers(&settings(load(4), DeployMode::Client, 2048, 1));
    assert_eq!(n.usable_heap_mib, 1748);
    let heap = driver_notes(&n)
        .into_iter()
        .find(|w| w.code == Code::ResultsAboveDriverHeap)
        .expect("the heap note");
    assert!(
        heap.message
            .starts_with("4 jobs at once each collecting 1536 MiB (6144 MiB)")
            && heap.message.contains("at least 7g"),
        "{}",
        heap.message
    );
    assert!(!codes(&settings(load(1), DeployMode::Client, 2048, 1))
        .contains(&Code::ResultsAboveDriverHeap));
}

#[test]
fn more_jobs_than_driver_cores_in_cluster_mode() {
    let jobs = DriverLoad {
        concurrent_jobs: 3,
        ..DriverLoad::default()
    };
    assert_eq!(
        codes(&settings(jobs, DeployMode::Cluster, 1024, 1)),
        [Code::DriverCoresBelowJobs]
    );
    assert!(codes(&settings(jobs, DeployMode::Cluster, 1024, 3)).is_empty());
    // spark.driver.cores applies in cluster mode only.
    assert!(codes(&settings(jobs, DeployMode::Client, 1024, 1)).is_empty());
}

#[test]
fn drivers_that_fit_on_the_edge_node_in_client_mode() {
    let edge = DriverLoad {
        edge_memory_mib: Some(16384),
        edge_cores: Some(8),
        ..DriverLoad::default()
    };
    // A 4g driver: 4096 + max(409, 384) = 4505 MiB; 16384 ÷ 4505 = 3 by memory, 8 by cores
    // (one each: spark.driver.cores, 2 here, applies in cluster mode only): 3 drivers.
    let n = driver_numbers(&settings(edge, DeployMode::Client, 4096, 2));
    let fit = n.edge.expect("client mode with an edge node");
    assert_eq!(fit.per_driver_mib, 4505);
    assert_eq!(
        (fit.by_memory, fit.by_cores, fit.drivers),
        (Some(3), Some(8), 3)
    );
    let notes = driver_notes(&n);
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].code, Code::EdgeNodeDrivers);
    assert_eq!(notes[0].severity, Severity::Info);
    assert!(
        notes[0].message.contains("holds 3 drivers"),
        "{}",
        notes[0].message
    );
    // Cluster mode: the driver is not on the edge node.
    assert!(codes(&settings(edge, DeployMode::Cluster, 4096, 2)).is_empty());
    // Client mode without an edge node: nothing to say.
    assert!(codes(&settings(
        DriverLoad::default(),
        DeployMode::Client,
        4096,
        2
    ))
    .is_empty());
    // 4 GiB holds not even one 4g driver: a warning.
    let small = DriverLoad {
        edge_memory_mib: Some(4096),
        ..DriverLoad::default()
    };
    let n = driver_numbers(&settings(small, DeployMode::Client, 4096, 1));
    assert_eq!(n.edge.map(|e| e.drivers), Some(0));
    assert_eq!(driver_notes(&n)[0].severity, Severity::Warning);
}

#[test]
fn the_load_travels_in_links_and_old_links_open_without_it() {
    let load = DriverLoad {
        concurrent_jobs: 4,
        collected_mib: Some(3072),
        max_result_size_mib: 0,
        edge_memory_mib: Some(32768),
        edge_cores: Some(16),
    };
    let mut yarn = PlanInput::default();
    yarn.spark.driver_load = load;
    let mut k8s = K8sInput::default();
    k8s.spark.driver_load = load;
    let emr = EmrInput {
        driver_load: load,
        ..EmrInput::default()
    };
    for s in [
        Scenario::Yarn(yarn),
        Scenario::Kubernetes(k8s),
        Scenario::Emr(emr),
    ] {
        let query = scenario_to_query(&s);
        for key in ["jobs=4", "col=3072", "mrs=0", "egm=32768", "egc=16"] {
            assert!(query.contains(key), "{query}");
        }
        assert_eq!(scenario_from_query(&query).scenario, s);
        assert_eq!(driver_settings(&s).load, load);
    }
    for old in ["v=1", "v=1&cm=k8s", "v=1&cm=emr"] {
        let s = scenario_from_query(old).scenario;
        assert_eq!(driver_settings(&s).load, DriverLoad::default(), "{old}");
    }
}

#[test]
fn a_load_outside_its_range_is_refused() {
    let mut yarn = PlanInput::default();
    yarn.spark.driver_load.concurrent_jobs = 0;
    let Outcome::Invalid(d) = scenario::plan(&Scenario::Yarn(yarn)) else {
        panic!("0 jobs at once must be refused");
    };
    assert_eq!(d[0].field, Some(FieldId::ConcurrentJobs));
    let mut k8s = K8sInput::default();
    k8s.spark.driver_load.edge_cores = Some(0);
    let Outcome::Invalid(d) = scenario::plan(&Scenario::Kubernetes(k8s)) else {
        panic!("an edge node of 0 cores must be refused");
    };
    assert_eq!(d[0].field, Some(FieldId::EdgeNodeCores));
}
