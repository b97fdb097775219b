//! Kubernetes pod planning: the fractional-CPU-request experiment (16 executors × 2 cores ×
//! 6 GB, then a 0.5 CPU request), pod specs equal to Spark's own math for every setting that
//! changes a pod, Spark 4.0's minimum overheads, the exports, and property tests (no panics;
//! every node's blocks add up to its capacity).

use std::cell::Cell;

use planner::catalog::ClusterManager;
use planner::catalog::{self, FieldId};
use planner::exports::k8s::{spark_conf, spark_operator_yaml, spark_submit_flags};
use planner::input::OffHeap;
use planner::k8s::{
    derive_k8s, k8s_warnings, k8s_working, parse_cpu_millis, plan_k8s, K8sInput, K8sNodes, K8sSpark,
};
use planner::layout::BlockKind;
use planner::place::ExecutorCount;
use planner::spark::{resources, AppType, DeployMode, ResourceQuery, SparkResources, SparkVersion};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

#[test]
fn a_half_cpu_request_keeps_the_tasks_on_a_quarter_of_the_cpus() {
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
    let pods = p.pod_specs(&input.spark);
    assert_eq!(pods.executor.memory_quantity(), "8601Mi");
    assert_eq!(
        pods.driver.as_ref().map(|d| d.memory_quantity()),
        Some("1433Mi".into())
    );
    input.spark.deploy_mode = DeployMode::Client;
    let p = plan_k8s(&input).expect("plans");
    assert_eq!(
        p.pod_specs(&input.spark).executor.memory_quantity(),
        "6758Mi"
    );
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
                managed: planner::providers::ManagedNode::default(),
                gpus_per_node: 0,
            },
            spark,
            count: count.map_or(ExecutorCount::AsManyAsFit, ExecutorCount::Exactly),
        };
        let Ok(p) = plan_k8s(&input) else { return Ok(()) };
        for pair in p.layout.windows(2) {
            prop_assert_ne!(&pair[0].blocks, &pair[1].blocks, "identical nodes are one group");
        }
        let mut executors = 0u64;
        for g in &p.layout {
            let cpu_sum: u64 = g.blocks.iter().map(|b| b.cpu_millis).sum();
            let mem_sum: u64 = g.blocks.iter().map(|b| b.memory_mib).sum();
            prop_assert!(cpu_sum <= cpu.max(100 + ds.0));
            prop_assert!(mem_sum <= mem.max(1_024 + ds.1));
            executors += u64::from(g.executors_per_node()) * u64::from(g.node_count());
            for b in g.blocks.iter().filter(|b| b.kind == BlockKind::Executor) {
                prop_assert_eq!(b.memory_mib, p.executor_memory_mib());
            }
        }
        prop_assert_eq!(executors, u64::from(p.totals.executors));
        prop_assert!(executors <= p.fit.capacity);
        // The pod is what Spark's own math gives for the same configuration.
        let r = resources(&ResourceQuery {
            conf: input.spark.conf(),
            cluster_manager: Some(ClusterManager::Kubernetes),
            deploy_mode: input.spark.deploy_mode,
            app_type: input.spark.app_type,
            version: input.spark.version,
            scheduler: None,
            heap_bytes: None,
        }).expect("valid conf");
        prop_assert_eq!(
            r.kubernetes.map(|k| k.executor),
            Some(p.pod_specs(&input.spark).executor)
        );
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
    let errors = plan_k8s(&input).expect_err("four bad fields");
    let fields: Vec<FieldId> = errors.0.iter().map(|e| e.field).collect();
    assert_eq!(
        fields,
        [
            FieldId::Nodes,
            FieldId::KubeReservedCpu,
            FieldId::ExecutorMemory,
            FieldId::ExecutorCpuRequest
        ]
    );
    let words: Vec<String> = errors
        .diagnostics(catalog::ClusterManager::Kubernetes)
        .into_iter()
        .map(|d| d.message)
        .collect();
    assert_eq!(words[0], "Nodes is 0; allowed: 1 to 100\u{202f}000");
    assert_eq!(
        words[1],
        "Reserved CPU is 16 CPU; allowed: less than the node's 16 CPU minus the daemonsets' \
         0.3 CPU"
    );
    assert_eq!(
        words[2],
        "spark.executor.memory is 0 MiB; allowed: 1 MiB to 64 TiB"
    );
    assert_eq!(
        words[3],
        "spark.kubernetes.executor.request.cores is \"two\"; allowed: a CPU quantity in cores \
         (2, 0.5, 1.5) or millicores (500m)"
    );
    // Fixing them plans again.
    input.nodes.nodes = 8;
    input.nodes.reserved_cpu_millis = 180;
    input.spark.executor_memory_mib = 6144;
    input.spark.request_cores = None;
    assert_eq!(plan_k8s(&input).expect("plans").totals.executors, 16);
}

#[test]
fn the_cpu_total_says_where_it_comes_from() {
    let input = K8sInput::default();
    let full = plan_k8s(&input).expect("plans");
    let placed = k8s_working(&input, &full)
        .into_iter()
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
    let placed = k8s_working(&half, &p)
        .into_iter()
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

/// What `spark::resources` computes for the configuration `spark` stands for.
fn spark_resources(spark: &K8sSpark) -> SparkResources {
    resources(&ResourceQuery {
        conf: spark.conf(),
        cluster_manager: Some(ClusterManager::Kubernetes),
        deploy_mode: spark.deploy_mode,
        app_type: spark.app_type,
        version: spark.version,
        scheduler: None,
        heap_bytes: None,
    })
    .expect("a configuration the planner accepts is one Spark accepts")
}

fn cpu_text() -> impl Strategy<Value = Option<String>> {
    proptest::option::of(
        prop_oneof![
            Just("0.5"),
            Just("500m"),
            Just("1.5"),
            Just("100m"),
            Just("2"),
            Just("4"),
            Just("2500m"),
            Just(" 3 "),
        ]
        .prop_map(str::to_string),
    )
}

/// Every setting that changes a pod, each set or left to Spark's default.
fn every_pod_setting() -> impl Strategy<Value = K8sSpark> {
    let shape = (1u32..9, 512u64..40_000, 1u32..3, 512u64..16_384, 1u32..5);
    let kind = (any::<bool>(), 0usize..3, any::<bool>());
    let overhead = (
        proptest::option::of(1u32..20_000).prop_map(|f| f.map(|f| f64::from(f) / 10_000.0)),
        proptest::option::of(0u64..8_192),
        proptest::option::of(0u64..8_192),
        proptest::option::of(0u64..8_192),
        proptest::option::of(1u32..20_000).prop_map(|f| f.map(|f| f64::from(f) / 10_000.0)),
    );
    let memory = ((any::<bool>(), 0u64..4_096), 0u64..4_096);
    let cpus = (cpu_text(), cpu_text(), cpu_text(), cpu_text());
    // The driver's own overhead and factor (`spark.driver.memoryOverhead` and
    // `spark.driver.memoryOverheadFactor`, which BasicDriverFeatureStep reads).
    let driver = (
        proptest::option::of(0u64..8_192),
        proptest::option::of(1u32..20_000).prop_map(|f| f.map(|f| f64::from(f) / 10_000.0)),
    );
    let settings = (shape, kind, overhead, memory, cpus, driver);
    settings.prop_map(|(shape, kind, overhead, memory, cpus, driver)| K8sSpark {
        executor_cores: shape.0,
        executor_memory_mib: shape.1,
        task_cpus: shape.2,
        driver_load: planner::driver::DriverLoad::default(),
        gpus: Default::default(),
        workload: Default::default(),
        dynamic_allocation: false,
        dynamic_allocation_settings: Default::default(),
        driver_memory_mib: shape.3,
        driver_cores: shape.4,
        version: if kind.0 {
            SparkVersion::V3_5
        } else {
            SparkVersion::V4_0
        },
        app_type: [AppType::Jvm, AppType::Python, AppType::R][kind.1],
        deploy_mode: if kind.2 {
            DeployMode::Client
        } else {
            DeployMode::Cluster
        },
        overhead_factor: overhead.0,
        kubernetes_overhead_factor: overhead.4,
        overhead_mib: overhead.1,
        executor_min_overhead_mib: overhead.2,
        driver_min_overhead_mib: overhead.3,
        offheap: OffHeap {
            enabled: memory.0 .0,
            size_mib: memory.0 .1,
        },
        pyspark_memory_mib: memory.1,
        request_cores: cpus.0,
        limit_cores: cpus.1,
        driver_request_cores: cpus.2,
        driver_limit_cores: cpus.3,
        driver_overhead_mib: driver.0,
        driver_overhead_factor: driver.1,
    })
}

#[test]
fn every_pod_setting_gives_the_pods_spark_writes() {
    let cases = 600;
    let (planned, spark_sides) = (Cell::new(0u32), Cell::new([0u32; 4]));
    let mut runner = TestRunner::new(Config {
        cases,
        ..Config::default()
    });
    let result = runner.run(&every_pod_setting(), |spark| {
        let input = K8sInput {
            spark,
            count: ExecutorCount::Exactly(4),
            ..K8sInput::default()
        };
        let Ok(p) = plan_k8s(&input) else {
            return Ok(());
        };
        planned.set(planned.get() + 1);
        let r = spark_resources(&input.spark);
        let k = r.kubernetes.expect("Kubernetes pods");
        // The pod specs: the plan's numbers with the settings' CPU text are Spark's pods.
        let specs = p.pod_specs(&input.spark);
        prop_assert_eq!(&k.executor, &specs.executor);
        prop_assert_eq!(&k.driver, &specs.driver);
        prop_assert_eq!(
            parse_cpu_millis(&k.executor.cpu_request).ok(),
            Some(p.executor_cpu_millis)
        );
        prop_assert_eq!(
            k.driver
                .as_ref()
                .map(|d| parse_cpu_millis(&d.cpu_request).ok()),
            p.driver.map(|d| Some(d.cpu_millis))
        );
        prop_assert_eq!(k.executor_overhead_factor, p.overhead_factor);
        prop_assert_eq!(r.executor.memory, p.executor_memory);
        prop_assert_eq!(
            p.driver.is_some(),
            input.spark.deploy_mode == DeployMode::Cluster
        );
        // The driver pod's parts: the heap as set, and its overhead Spark's request less it.
        prop_assert_eq!(
            p.driver.map(|d| d.heap_mib),
            p.driver.map(|_| input.spark.driver_memory_mib)
        );
        prop_assert_eq!(
            p.driver.map(|d| d.heap_mib + d.overhead_mib),
            k.driver.as_ref().map(|d| d.memory_mib)
        );
        // Which of Spark's branches the valid cases reached.
        let s = &input.spark;
        let mut sides = spark_sides.get();
        sides[0] += u32::from(s.overhead_mib.is_none() && s.executor_min_overhead_mib.is_some());
        sides[1] += u32::from(k.executor_overhead_factor == 0.4);
        sides[2] += u32::from(p.executor_memory.pyspark_mib > 0);
        sides[3] += u32::from(specs.executor.cpu_limit.is_some() && p.driver.is_some());
        spark_sides.set(sides);
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    // The comparison means something only if most generated inputs are plannable, and if
    // the minimum overhead, the 0.4 default, PySpark memory and CPU limits all occur.
    assert!(
        planned.get() * 2 > cases,
        "only {} of {cases} inputs were valid",
        planned.get()
    );
    assert!(
        spark_sides.get().iter().all(|n| *n > 10),
        "{:?}",
        spark_sides.get()
    );
}

#[test]
fn the_numbers_come_without_words() {
    let input = K8sInput::default();
    let d = derive_k8s(&input).expect("plans");
    let p = plan_k8s(&input).expect("plans");
    assert_eq!(d.layout, p.layout);
    assert_eq!(d.totals, p.totals);
    assert_eq!(d.fit, p.fit);
    assert_eq!(d.executor_memory_mib(), 6758);
    assert_eq!((d.room.cpu_millis, d.room.memory_mib), (15_520, 62_362));
    assert_eq!((d.wanted, d.placed, d.task_slots_per_executor), (16, 16, 2));
    assert!(d.has_driver());
}

/// Spark 4.0 sizes pods with `spark.executor.minMemoryOverhead` and
/// `spark.driver.minMemoryOverhead` (`core/.../internal/config/package.scala`:
/// `EXECUTOR_MIN_MEMORY_OVERHEAD`, `DRIVER_MIN_MEMORY_OVERHEAD`, `.version("4.0.0")`, default
/// `384m`); `BasicExecutorFeatureStep` passes the executor's to
/// `ResourceProfile.getResourcesForClusterManager` and `BasicDriverFeatureStep` takes
/// `max(factor × driver memory, driverMinimumMemoryOverhead)`. Spark 3.5 has no such keys.
/// The numbers are the oracle's (Spark 4.0.5's and 3.5.9's own classes), in
/// `tests/data/spark-oracle-extra.json`: "k8s-x-py-cluster executor.minMemoryOverhead=2g
/// exec4g" and "k8s-x-java-cluster exec20g minMemoryOverhead=1500m driver.minMemoryOverhead=1g".
#[test]
fn spark_4_honours_the_minimum_overheads() {
    let mut python = K8sInput::default();
    python.spark.app_type = AppType::Python;
    python.spark.executor_memory_mib = 4096;
    python.spark.executor_min_overhead_mib = Some(2048);
    let p = plan_k8s(&python).expect("plans");
    assert_eq!(
        p.pod_specs(&python.spark).executor.memory_quantity(),
        "6144Mi",
        "4096 + max(0.4 × 4096, 2048)"
    );
    assert_eq!(p.executor_memory.overhead_mib, 2048);
    assert!(spark_conf(&p, &python.spark)
        .contains(&("spark.executor.minMemoryOverhead".into(), "2g".into())));
    let step = &k8s_working(&python, &p)[1].detail;
    assert!(
        step.starts_with("memory 4096 + 2048 overhead = 6144Mi"),
        "{step}"
    );

    python.spark.version = SparkVersion::V3_5;
    let p = plan_k8s(&python).expect("plans");
    assert_eq!(
        p.pod_specs(&python.spark).executor.memory_quantity(),
        "5734Mi",
        "3.5: 4096 + 0.4 × 4096"
    );
    assert!(!spark_conf(&p, &python.spark)
        .iter()
        .any(|(k, _)| k.contains("minMemoryOverhead")));
    assert!(k8s_warnings(&python, &p)
        .iter()
        .any(|w| w.message.contains("Spark 3.5 ignores them")));

    let mut jvm = K8sInput::default();
    jvm.spark.executor_memory_mib = 20_480;
    jvm.spark.executor_cores = 4;
    jvm.spark.executor_min_overhead_mib = Some(1500);
    jvm.spark.driver_min_overhead_mib = Some(1024);
    let p = plan_k8s(&jvm).expect("plans");
    assert_eq!(
        p.pod_specs(&jvm.spark).executor.memory_quantity(),
        "22528Mi",
        "the factor's 2048 is larger"
    );
    let driver = p.pod_specs(&jvm.spark).driver.map(|d| d.memory_quantity());
    assert_eq!(driver.as_deref(), Some("2048Mi"), "1024 + max(102, 1024)");
    assert!(spark_conf(&p, &jvm.spark)
        .contains(&("spark.driver.minMemoryOverhead".into(), "1g".into())));
    jvm.spark.version = SparkVersion::V3_5;
    let p = plan_k8s(&jvm).expect("plans");
    let driver = p.pod_specs(&jvm.spark).driver.map(|d| d.memory_quantity());
    assert_eq!(driver.as_deref(), Some("1408Mi"), "3.5: 1024 + 384");
    // An explicit overhead replaces the formula, its minimum included.
    let mut explicit = K8sInput::default();
    explicit.spark.overhead_mib = Some(500);
    explicit.spark.executor_min_overhead_mib = Some(4096);
    let p = plan_k8s(&explicit).expect("plans");
    assert_eq!(
        p.pod_specs(&explicit.spark).executor.memory_quantity(),
        "6644Mi"
    );
    assert!(!spark_conf(&p, &explicit.spark)
        .iter()
        .any(|(k, _)| k.contains("minMemoryOverhead")));
}

#[test]
fn exports_carry_the_plan() {
    let mut input = K8sInput::default();
    input.spark.request_cores = Some("500m".into());
    let p = plan_k8s(&input).expect("plans");
    assert_eq!(
        spark_submit_flags(&p, &input.spark).join(" "),
        "--master k8s://https://<api-server> --conf spark.submit.deployMode=cluster \
         --conf spark.kubernetes.container.image=<spark-image> \
         --conf spark.executor.instances=16 --conf spark.executor.cores=2 \
         --conf spark.executor.memory=6g --conf spark.driver.memory=1g \
         --conf spark.driver.cores=1 --conf spark.kubernetes.executor.request.cores=500m"
    );
    input.spark.executor_min_overhead_mib = Some(1024);
    let p = plan_k8s(&input).expect("plans");
    let yaml = spark_operator_yaml(&p, &input.spark);
    assert!(
        yaml.ends_with("  sparkConf:\n    spark.executor.minMemoryOverhead: \"1g\"\n"),
        "{yaml}"
    );
}

#[test]
fn minimum_overheads_are_range_checked() {
    let mut input = K8sInput::default();
    input.spark.driver_min_overhead_mib = Some(1 << 27);
    let errors = plan_k8s(&input).expect_err("too large");
    let words: Vec<String> = errors
        .diagnostics(catalog::ClusterManager::Kubernetes)
        .into_iter()
        .map(|d| d.message)
        .collect();
    assert_eq!(
        words,
        ["spark.driver.minMemoryOverhead is 128 TiB; allowed: 0 MiB to 64 TiB"]
    );
}

/// One bad value of each kind the Kubernetes validation checks, and the field it is about.
fn one_bad_value_each() -> Vec<(FieldId, K8sInput)> {
    let bad = |field, change: fn(&mut K8sInput)| {
        let mut input = K8sInput::default();
        change(&mut input);
        (field, input)
    };
    vec![
        bad(FieldId::Nodes, |i| i.nodes.nodes = 0),
        bad(FieldId::NodeCpu, |i| i.nodes.capacity_cpu_millis = 0),
        bad(FieldId::NodeMemory, |i| i.nodes.capacity_memory_mib = 0),
        bad(FieldId::KubeReservedCpu, |i| {
            i.nodes.reserved_cpu_millis = 15_700
        }),
        bad(FieldId::DaemonsetCpu, |i| {
            i.nodes.daemonset_cpu_millis = 16_000
        }),
        bad(FieldId::KubeReservedMemory, |i| {
            i.nodes.reserved_memory_mib = 65_024
        }),
        bad(FieldId::DaemonsetMemory, |i| {
            i.nodes.daemonset_memory_mib = 1 << 20
        }),
        bad(FieldId::CoresPerExecutor, |i| {
            i.spark.executor_cores = 5_000
        }),
        bad(FieldId::ExecutorMemory, |i| i.spark.executor_memory_mib = 0),
        bad(FieldId::TaskCpus, |i| i.spark.task_cpus = 3),
        bad(FieldId::DriverMemory, |i| i.spark.driver_memory_mib = 0),
        bad(FieldId::DriverCores, |i| i.spark.driver_cores = 0),
        bad(FieldId::OverheadFactor, |i| {
            i.spark.overhead_factor = Some(0.0)
        }),
        bad(FieldId::OverheadFactor, |i| {
            i.spark.overhead_factor = Some(f64::NAN)
        }),
        bad(FieldId::ExecutorOverhead, |i| {
            i.spark.overhead_mib = Some(1 << 27)
        }),
        bad(FieldId::OverheadMinimum, |i| {
            i.spark.executor_min_overhead_mib = Some(1 << 27)
        }),
        bad(FieldId::DriverOverheadMinimum, |i| {
            i.spark.driver_min_overhead_mib = Some(1 << 27)
        }),
        bad(FieldId::OffHeapSize, |i| i.spark.offheap.enabled = true),
        bad(FieldId::OffHeapSize, |i| i.spark.offheap.size_mib = 1 << 27),
        bad(FieldId::PysparkMemory, |i| {
            i.spark.pyspark_memory_mib = 1 << 27
        }),
        bad(FieldId::ExecutorCpuRequest, |i| {
            i.spark.request_cores = Some("lots".into())
        }),
        bad(FieldId::ExecutorCpuLimit, |i| {
            i.spark.limit_cores = Some("1.5x".into())
        }),
        bad(FieldId::ExecutorCpuLimit, |i| {
            i.spark.limit_cores = Some("1500m".into())
        }),
        bad(FieldId::DriverCpuRequest, |i| {
            i.spark.driver_request_cores = Some("-1".into())
        }),
        bad(FieldId::DriverCpuLimit, |i| {
            i.spark.driver_limit_cores = Some("one".into())
        }),
    ]
}

#[test]
fn every_field_error_names_a_field_of_the_kubernetes_form() {
    let m = catalog::ClusterManager::Kubernetes;
    for (field, input) in one_bad_value_each() {
        let errors = plan_k8s(&input).expect_err("one bad value");
        let found: Vec<FieldId> = errors.0.iter().map(|e| e.field).collect();
        assert_eq!(found, [field], "{input:?}");
        let entry = catalog::entry(m, field).expect("a Kubernetes field");
        assert!(!entry.key.is_empty(), "{field:?}");
        let d = &errors.diagnostics(m)[0];
        assert_eq!(d.field, Some(field));
        // The message names the field as the form does, then the value and what is allowed.
        assert!(
            d.message.starts_with(&format!("{} is ", entry.name)),
            "{}",
            d.message
        );
        assert!(d.message.contains("; allowed: "), "{}", d.message);
    }
}
