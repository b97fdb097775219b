//! Kubernetes pod planning: seed 002's experiment, pod specs equal to Spark's own math, and
//! property tests (no panics; every node's blocks add up to its capacity).

use planner::input::OffHeap;
use planner::k8s::{parse_cpu_millis, plan_k8s, K8sInput, K8sNodes, K8sSpark, PodBlockKind};
use planner::place::ExecutorCount;
use planner::spark::{resources, AppType, ClusterManager, DeployMode, ResourceQuery};
use proptest::prelude::*;

#[test]
fn seed_002_same_tasks_a_quarter_of_the_cpus() {
    // 16 executors × 2 cores × 6 GB, then spark.kubernetes.executor.request.cores = 0.5.
    let mut input = K8sInput::default();
    let before = plan_k8s(&input).expect("plans");
    input.spark.request_cores = Some("0.5".into());
    let after = plan_k8s(&input).expect("plans");
    assert_eq!(before.totals.executors, 16);
    assert_eq!(after.totals.executors, 16);
    assert_eq!(before.totals.task_slots, after.totals.task_slots);
    let exec_before = 16 * before.executor_cpu_millis;
    let exec_after = 16 * after.executor_cpu_millis;
    assert_eq!(
        exec_after * 4,
        exec_before,
        "executors reserve a quarter of the CPUs"
    );
    // Where the page's numbers come from: 16 × 2 CPU + 1 for the driver pod.
    assert_eq!(before.totals.cpu_requested_millis, 33_000);
}

#[test]
fn python_cluster_mode_gets_the_non_jvm_factor() {
    let mut input = K8sInput::default();
    input.spark.app_type = AppType::Python;
    let p = plan_k8s(&input).expect("plans");
    assert_eq!(p.overhead_factor, 0.4);
    assert_eq!(p.executor.memory_quantity(), "8601Mi");
    assert_eq!(
        p.driver.as_ref().map(|d| d.memory_quantity()),
        Some("1433Mi".into())
    );
    input.spark.deploy_mode = DeployMode::Client;
    let p = plan_k8s(&input).expect("plans");
    assert_eq!(p.executor.memory_quantity(), "6758Mi");
    assert!(p.driver.is_none());
}

fn spark() -> impl Strategy<Value = K8sSpark> {
    (
        1u32..9,
        512u64..40_000,
        proptest::option::of(prop_oneof![
            Just("0.5".to_string()),
            Just("500m".to_string()),
            Just("1.5".to_string()),
            Just("100m".to_string()),
        ]),
        0u8..3,
        any::<bool>(),
        (any::<bool>(), 1u64..4096),
        0u64..4096,
        512u64..16_384,
    )
        .prop_map(
            |(cores, mem, request, app, client, (off, offsz), py, driver)| K8sSpark {
                executor_cores: cores,
                executor_memory_mib: mem,
                request_cores: request,
                app_type: [AppType::Jvm, AppType::Python, AppType::R][app as usize],
                deploy_mode: if client {
                    DeployMode::Client
                } else {
                    DeployMode::Cluster
                },
                offheap: OffHeap {
                    enabled: off,
                    size_mib: offsz,
                },
                pyspark_memory_mib: py,
                driver_memory_mib: driver,
                ..K8sSpark::default()
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn pods_fit_their_nodes_and_match_spark(
        spark in spark(),
        nodes in 1u32..500,
        cpu in 1_000u64..128_000,
        mem in 2_048u64..1_048_576,
        ds in (0u64..2_000, 0u64..4_096),
        count in proptest::option::of(0u32..5_000),
    ) {
        let input = K8sInput {
            nodes: K8sNodes {
                nodes,
                capacity_cpu_millis: cpu,
                capacity_memory_mib: mem,
                reserved_cpu_millis: 100,
                reserved_memory_mib: 1_024,
                daemonset_cpu_millis: ds.0,
                daemonset_memory_mib: ds.1,
            },
            spark,
            count: count.map_or(ExecutorCount::AsManyAsFit, ExecutorCount::Exactly),
        };
        let Ok(p) = plan_k8s(&input) else { return Ok(()) };
        let mut executors = 0u64;
        for g in &p.layout {
            let cpu_sum: u64 = g.blocks.iter().map(|b| b.cpu_millis).sum();
            let mem_sum: u64 = g.blocks.iter().map(|b| b.memory_mib).sum();
            prop_assert!(cpu_sum <= cpu.max(100 + ds.0));
            prop_assert!(mem_sum <= mem.max(1_024 + ds.1));
            executors += u64::from(g.executors_per_node()) * u64::from(g.last_node - g.first_node + 1);
            for b in g.blocks.iter().filter(|b| b.kind == PodBlockKind::Executor) {
                prop_assert_eq!(b.memory_mib, p.executor.memory_mib);
            }
        }
        prop_assert_eq!(executors, u64::from(p.totals.executors));
        prop_assert!(executors <= p.capacity);
        // The pod is what Spark's own math gives for the same configuration.
        let r = resources(&ResourceQuery {
            conf: input.spark.conf(),
            cluster_manager: ClusterManager::Kubernetes,
            deploy_mode: input.spark.deploy_mode,
            app_type: input.spark.app_type,
            version: input.spark.version,
            scheduler: None,
            heap_bytes: None,
        }).expect("valid conf");
        prop_assert_eq!(r.kubernetes.map(|k| k.executor), Some(p.executor.clone()));
    }

    #[test]
    fn cpu_parsing_never_panics(s in ".{0,12}") {
        let _ = parse_cpu_millis(&s);
    }
}

#[test]
fn every_bad_field_is_reported_at_once() {
    let mut input = K8sInput::default();
    input.nodes.nodes = 0;
    input.nodes.reserved_cpu_millis = input.nodes.capacity_cpu_millis;
    input.spark.executor_memory_mib = 0;
    input.spark.request_cores = Some("two".into());
    let errors = plan_k8s(&input).expect_err("four bad fields").0;
    let words: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(words.len(), 4, "{words:#?}");
    assert_eq!(words[0], "Nodes is 0; allowed: 1 to 100000");
    assert!(words[1].starts_with("Reserved CPU is 16 CPU; allowed: less than the node's 16 CPU"));
    assert_eq!(
        words[2],
        "spark.executor.memory (MiB) is 0 MiB; allowed: 1 MiB to 67108864 MiB"
    );
    assert!(words[3].starts_with("spark.kubernetes.executor.request.cores: \"two\""));
    // Fixing them plans again.
    input.nodes.nodes = 8;
    input.nodes.reserved_cpu_millis = 180;
    input.spark.executor_memory_mib = 6144;
    input.spark.request_cores = None;
    assert_eq!(plan_k8s(&input).expect("plans").totals.executors, 16);
}

#[test]
fn the_cpu_total_says_where_it_comes_from() {
    let full = plan_k8s(&K8sInput::default()).expect("plans");
    let placed = full
        .working
        .iter()
        .find(|s| s.title == "Executors placed")
        .expect("step");
    assert!(
        placed
            .detail
            .ends_with("33 CPU requested = 16 executor pods × 2 CPU + 1 CPU for the driver pod"),
        "{}",
        placed.detail
    );
    let mut half = K8sInput::default();
    half.spark.request_cores = Some("500m".into());
    let p = plan_k8s(&half).expect("plans");
    let placed = p
        .working
        .iter()
        .find(|s| s.title == "Executors placed")
        .unwrap();
    assert!(
        placed
            .detail
            .ends_with("9 CPU requested = 16 executor pods × 0.5 CPU + 1 CPU for the driver pod"),
        "{}",
        placed.detail
    );
}
