//! Property tests: random inputs, sane and absurd, never panic; valid ones satisfy the layout
//! invariants; and every plan's configuration, fed back to Spark's container math, gives the
//! same containers the plan placed.

use planner::catalog::ClusterManager;
use planner::input::{Field, MaximumAllocation, NodeManagerResources};
use planner::layout::{Block, BlockKind};
use planner::place::{place, ExecutorCount, ExecutorShape, PlaceInput, Placement};
use planner::spark::{resources, AppType, DeployMode, ResourceQuery, SparkVersion};
use planner::yarn::{Calculator, Resource, YarnScheduler};
use planner::{
    plan, Cluster, Granularity, Method, OffHeap, PlanInput, Policy, Scheduler, SparkSettings,
};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

/// A decimal a user can type: `units` of `10^-scale`, read as the page reads it
/// (`planner::fixed`), in `[from, to)` units.
fn typed_decimal(from: u64, to: u64, scale: u32) -> impl Strategy<Value = f64> {
    (from..to).prop_map(move |units| planner::fixed::to_f64(units, scale).expect("below 2^53"))
}

fn gib_thousandths(units: u64) -> f64 {
    planner::fixed::to_f64(units, 3).expect("below 2^53")
}

fn any_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        4 => typed_decimal(500_000, 2_048_000_000, 6),
        1 => Just(f64::NAN),
        1 => Just(f64::INFINITY),
        1 => typed_decimal(1, 100_000, 3).prop_map(|v| -v),
        1 => Just(0.0),
        1 => Just(1e300),
    ]
}

/// Hardware, with an OS reservation or explicit NodeManager resources.
fn sane_cluster() -> impl Strategy<Value = Cluster> {
    (
        1u32..2000,
        1u32..129,
        4_000u64..1_024_000,
        0u32..3,
        0u64..4_000,
        any::<bool>(),
        1024u64..500_000,
        1u32..200,
    )
        .prop_map(
            |(nodes, cores, mem, rc, rm, explicit, nm_mem, nm_vc)| Cluster {
                nodes,
                cores_per_node: cores + rc,
                // GiB in thousandths, as the page reads them; the sum in integers.
                memory_per_node_gib: gib_thousandths(mem + rm),
                yarn_resources: if explicit {
                    NodeManagerResources::Explicit {
                        memory_mb: nm_mem,
                        vcores: nm_vc,
                    }
                } else {
                    NodeManagerResources::Reserve {
                        cores: rc,
                        memory_gib: gib_thousandths(rm),
                    }
                },
                gpus_per_node: 0,
            },
        )
}

/// Scheduler settings: rounding, maximum allocation, resource calculator.
fn sane_scheduler() -> impl Strategy<Value = Scheduler> {
    (
        prop_oneof![Just(32u64), Just(512), Just(1024), Just(2048)],
        proptest::option::of(prop_oneof![Just(128u64), Just(512), Just(1000)]),
        any::<bool>(),
        4096u64..300_000,
        1u32..64,
        any::<bool>(),
    )
        .prop_map(
            |(min, inc, explicit_max, max_mb, max_vc, dominant)| Scheduler {
                minimum_allocation_mb: min,
                increment_mb: inc,
                maximum_allocation: if explicit_max {
                    MaximumAllocation::Explicit {
                        memory_mb: max_mb.max(min),
                        vcores: max_vc,
                    }
                } else {
                    MaximumAllocation::NodeManager
                },
                calculator: if dominant {
                    Calculator::Dominant
                } else {
                    Calculator::Default
                },
            },
        )
}

/// Spark settings of every kind the YARN planner reads.
fn sane_spark() -> impl Strategy<Value = SparkSettings> {
    (
        any::<bool>(),
        any::<bool>(),
        0u8..3,
        512u64..20_000,
        1u32..8,
        typed_decimal(10_000, 500_000, 6),
        proptest::option::of(0u64..8192),
        (any::<bool>(), 1u64..4096),
        0u64..4096,
        typed_decimal(100_000, 1_000_000, 6),
        typed_decimal(0, 990_000, 6),
    )
        .prop_map(
            |(v35, client, app, driver, dcores, factor, explicit, (off, offsz), py, mf, sf)| {
                SparkSettings {
                    version: if v35 {
                        SparkVersion::V3_5
                    } else {
                        SparkVersion::V4_0
                    },
                    deploy_mode: if client {
                        DeployMode::Client
                    } else {
                        DeployMode::Cluster
                    },
                    app_type: [AppType::Jvm, AppType::Python, AppType::R][app as usize],
                    driver_memory_mib: driver,
                    driver_cores: dcores,
                    overhead_factor: factor,
                    executor_overhead_mib: explicit,
                    offheap: OffHeap {
                        enabled: off,
                        size_mib: offsz,
                    },
                    pyspark_memory_mib: py,
                    memory_fraction: mf,
                    storage_fraction: sf,
                    ..SparkSettings::default()
                }
            },
        )
}

/// Sizing policy: method, cores, heap target, granularity, cluster share, the 31g cap.
fn sane_policy() -> impl Strategy<Value = Policy> {
    (
        any::<bool>(),
        1u32..9,
        proptest::option::of(512u64..65536),
        any::<bool>(),
        prop_oneof![Just(100.0f64), typed_decimal(100, 10_000, 2)],
        prop_oneof![3 => Just(true), 1 => Just(false)],
    )
        .prop_map(|(rule, cores, target, mib, share, oops)| Policy {
            method: if rule {
                Method::RuleOfThumb
            } else {
                Method::SparkExact
            },
            cores_per_executor: cores,
            memory_target_mib: target,
            granularity: if mib {
                Granularity::Mib
            } else {
                Granularity::Gib
            },
            cluster_share_pct: share,
            keep_compressed_oops: oops,
        })
}

fn sane_input() -> impl Strategy<Value = PlanInput> {
    (
        sane_cluster(),
        sane_scheduler(),
        sane_spark(),
        sane_policy(),
    )
        .prop_map(|(cluster, scheduler, spark, policy)| PlanInput {
            cluster,
            scheduler,
            spark,
            policy,
        })
}

/// Checks the layout invariants of one placement.
fn check_placement(p: &Placement, calculator: Calculator) -> Result<(), TestCaseError> {
    prop_assert!(p.executor.granted.memory_mib >= p.executor.request.memory_mib);
    prop_assert!(p.am.granted.memory_mib >= p.am.request.memory_mib);
    let (mut execs, mut granted, mut vcores, mut unused) = (0u64, 0u64, 0u64, 0u64);
    for pair in p.layout.windows(2) {
        prop_assert_ne!(
            &pair[0].blocks,
            &pair[1].blocks,
            "identical nodes are one group"
        );
    }
    let mut expected_first = 1;
    for g in &p.layout {
        prop_assert_eq!(g.first_node, expected_first, "groups cover nodes in order");
        expected_first = g.last_node + 1;
        let k = u64::from(g.node_count());
        let mem: u64 = g.blocks.iter().map(|b| b.memory_mib).sum();
        let cores: u64 = g.blocks.iter().map(Block::vcores).sum();
        let nodes = u64::from(p.layout.last().map_or(1, |l| l.last_node));
        let node_mem = (p.totals.physical_memory_mib / nodes).max(p.totals.yarn_memory_mib / nodes);
        let node_cores = (p.totals.physical_cores / nodes).max(p.totals.yarn_vcores / nodes);
        prop_assert!(mem <= node_mem, "node memory {} > {}", mem, node_mem);
        let container_cores: u64 = g
            .blocks
            .iter()
            .filter(|b| matches!(b.kind, BlockKind::Executor | BlockKind::ApplicationMaster))
            .map(Block::vcores)
            .sum();
        if calculator == Calculator::Dominant {
            prop_assert!(cores <= node_cores, "node cores {} > {}", cores, node_cores);
            prop_assert!(container_cores <= p.totals.yarn_vcores / nodes);
        }
        for b in &g.blocks {
            let parts: u64 = b.parts.iter().map(|p| p.mib).sum();
            match b.kind {
                BlockKind::Executor | BlockKind::ApplicationMaster => {
                    prop_assert_eq!(parts, b.memory_mib, "parts add up to the container");
                    granted += b.memory_mib * k;
                    vcores += b.vcores() * k;
                    if b.kind == BlockKind::Executor {
                        execs += k;
                    }
                }
                BlockKind::Unused => unused += b.memory_mib * k,
                BlockKind::Reserved => {}
                BlockKind::DaemonSets | BlockKind::DriverPod => {
                    prop_assert!(false, "YARN holds no {:?}", b.kind);
                }
            }
        }
    }
    prop_assert_eq!(u64::from(p.totals.executors), execs);
    prop_assert_eq!(p.totals.granted_memory_mib, granted);
    prop_assert_eq!(p.totals.granted_vcores, vcores);
    prop_assert_eq!(p.totals.unused_memory_mib, unused);
    prop_assert!(execs <= p.capacity);
    if let Some(k) = p.requested {
        prop_assert!(execs <= u64::from(k));
    }
    Ok(())
}

/// Feeds a plan's configuration to Spark's container math and compares.
fn check_against_spark_math(
    input: &PlanInput,
    c: &planner::Comparison,
    method: planner::Method,
) -> Result<(), TestCaseError> {
    let p = c.plan_of(method);
    let pairs = planner::exports::yarn_spark_conf(c, method);
    let mut conf: planner::spark::SparkConf = pairs.iter().cloned().collect();
    if input.spark.app_type != AppType::Python && input.spark.pyspark_memory_mib > 0 {
        conf.set(
            "spark.executor.pyspark.memory",
            format!("{}m", input.spark.pyspark_memory_mib),
        );
    }
    let v = input.validate().expect("valid");
    let query = ResourceQuery {
        conf,
        cluster_manager: Some(ClusterManager::Yarn),
        deploy_mode: input.spark.deploy_mode,
        app_type: input.spark.app_type,
        version: input.spark.version,
        scheduler: Some(YarnScheduler { ..v.scheduler }),
        heap_bytes: None,
    };
    let r = resources(&query).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let yarn = r.yarn.expect("yarn");
    prop_assert_eq!(r.executor.memory, p.placement.executor.memory);
    prop_assert_eq!(yarn.executor_request, p.placement.executor.request);
    prop_assert_eq!(yarn.executor_granted, Some(p.placement.executor.granted));
    prop_assert_eq!(yarn.am.request, p.placement.am.request);
    prop_assert_eq!(r.instances, Some(p.instances));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn valid_inputs_keep_the_invariants(input in sane_input()) {
        match plan(&input) {
            Ok(c) => {
                for method in [planner::Method::RuleOfThumb, planner::Method::SparkExact] {
                    check_placement(&c.plan_of(method).placement, input.scheduler.calculator)?;
                    check_against_spark_math(&input, &c, method)?;
                }
                prop_assert_eq!(c.spark_exact.instances, c.spark_exact.placement.totals.executors);
                let working = planner::plan::working_steps(&c, planner::Method::SparkExact);
                prop_assert!(!working.is_empty());
            }
            Err(e) => prop_assert!(!e.0.is_empty(), "an error names at least one field"),
        }
    }

    #[test]
    fn links_reproduce_the_input_exactly(input in sane_input()) {
        let query = planner::url::to_query(&input);
        let decoded = planner::url::from_query(&query);
        prop_assert_eq!(&decoded.input, &input, "{}", query);
        prop_assert!(decoded.unknown.is_empty() && decoded.bad.is_empty());
    }

    #[test]
    fn any_query_string_decodes_without_panic(q in ".{0,200}") {
        let _ = planner::url::from_query(&q);
    }

    #[test]
    fn absurd_inputs_never_panic(
        nodes in any::<u32>(),
        cores in any::<u32>(),
        mem in any_f64(),
        rc in any::<u32>(),
        rm in any_f64(),
        min in any::<u64>(),
        inc in proptest::option::of(any::<u64>()),
        max in (any::<u64>(), any::<u32>()),
        driver in any::<u64>(),
        factor in any_f64(),
        offheap in any::<u64>(),
        cpe in any::<u32>(),
        target in proptest::option::of(any::<u64>()),
        share in any_f64(),
    ) {
        let input = PlanInput {
            cluster: Cluster {
                nodes,
                cores_per_node: cores,
                memory_per_node_gib: mem,
                yarn_resources: NodeManagerResources::Reserve { cores: rc, memory_gib: rm },
                gpus_per_node: 0,
            },
            scheduler: Scheduler {
                minimum_allocation_mb: min,
                increment_mb: inc,
                maximum_allocation: MaximumAllocation::Explicit { memory_mb: max.0, vcores: max.1 },
                calculator: Calculator::Dominant,
            },
            spark: SparkSettings {
                driver_memory_mib: driver,
                overhead_factor: factor / 100.0,
                offheap: OffHeap { enabled: true, size_mib: offheap },
                ..SparkSettings::default()
            },
            policy: Policy {
                cores_per_executor: cpe,
                memory_target_mib: target,
                cluster_share_pct: share,
                ..Policy::default()
            },
        };
        match plan(&input) {
            Ok(c) => check_placement(&c.spark_exact.placement, Calculator::Dominant)?,
            Err(e) => prop_assert!(!e.0.is_empty()),
        }
    }

    #[test]
    fn any_shape_places_within_the_nodes(
        input in sane_input(),
        heap in 1u64..300_000,
        cores in 1u32..64,
        count in proptest::option::of(0u32..100_000),
    ) {
        let p = PlaceInput {
            plan: input.clone(),
            executor_heap_mib: heap,
            executor_cores: cores,
            count: count.map_or(ExecutorCount::AsManyAsFit, ExecutorCount::Exactly),
        };
        if let Ok(checked) = place(&p) {
            check_placement(&checked.placement, input.scheduler.calculator)?;
        }
    }
}

#[test]
fn every_problem_is_reported_at_once() {
    let input = PlanInput {
        cluster: Cluster {
            nodes: 0,
            cores_per_node: 4,
            memory_per_node_gib: f64::NAN,
            yarn_resources: NodeManagerResources::Reserve {
                cores: 8,
                memory_gib: -1.0,
            },
            gpus_per_node: 0,
        },
        policy: Policy {
            cores_per_executor: 0,
            cluster_share_pct: 150.0,
            ..Policy::default()
        },
        ..PlanInput::default()
    };
    let errors = plan(&input).expect_err("invalid").0;
    let fields: Vec<Field> = errors.iter().map(|e| e.field).collect();
    for f in [
        Field::Nodes,
        Field::MemoryPerNode,
        Field::ReservedCores,
        Field::ReservedMemory,
        Field::CoresPerExecutor,
        Field::ClusterShare,
    ] {
        assert!(fields.contains(&f), "{f:?} missing from {errors:?}");
    }
    let nodes = errors
        .iter()
        .find(|e| e.field == Field::Nodes)
        .expect("nodes");
    assert_eq!(nodes.value, planner::input::Given::Whole(0));
    assert_eq!(nodes.value_words(), "0");
    assert_eq!(nodes.allowed_words(), "1 to 100\u{202f}000");
    assert!(errors
        .iter()
        .any(|e| e.field == Field::MemoryPerNode && e.value_words() == "not a number"));
}

#[test]
fn cores_per_executor_above_the_node_is_refused() {
    let mut input = PlanInput::default();
    input.policy.cores_per_executor = 16;
    let errors = plan(&input).expect_err("15 vcores left").0;
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].field, Field::CoresPerExecutor);
    assert_eq!(errors[0].allowed_words(), "1 to 15");
}

#[test]
fn most_generated_inputs_are_valid() {
    // The invariants above mean little if the generator rarely makes a valid input.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut valid = 0;
    for _ in 0..200 {
        let input = sane_input().new_tree(&mut runner).expect("tree").current();
        if plan(&input).is_ok() {
            valid += 1;
        }
    }
    assert!(
        valid >= 100,
        "only {valid} of 200 generated inputs were valid"
    );
}

/// The executor container Spark requests and YARN grants for `heap_mib` and `cores` under
/// `input`'s settings (the planner's own Spark and YARN math, checked against Spark's above);
/// `None` when the heap is outside what [`place`] accepts.
fn executor_for_heap(input: &PlanInput, heap_mib: u64, cores: u32) -> Option<ExecutorShape> {
    let p = PlaceInput {
        plan: input.clone(),
        executor_heap_mib: heap_mib,
        executor_cores: cores,
        count: ExecutorCount::Exactly(0),
    };
    place(&p).ok().map(|checked| checked.placement.executor)
}

/// How many containers of `container_mib` MiB and `cores` fit in `free`, as Hadoop's resource
/// calculators count them: `DefaultResourceCalculator.computeAvailableContainers` divides memory
/// only; `DominantResourceCalculator` takes the minimum over memory and vcores
/// (org.apache.hadoop.yarn.util.resource).
fn containers_in(free: Resource, container_mib: u64, cores: u32, calculator: Calculator) -> u64 {
    let by_memory = free.memory_mib.checked_div(container_mib).unwrap_or(0);
    match calculator {
        Calculator::Default => by_memory,
        Calculator::Dominant => by_memory.min(u64::from(free.vcores / cores.max(1))),
    }
}

/// Whether the scheduler accepts a container at all: Spark refuses a request above the maximum
/// allocation, and the scheduler never grants more than it.
fn accepted(request: Resource, granted: Resource, scheduler: &YarnScheduler) -> bool {
    let max_mib = scheduler.maximum_allocation_mb;
    request.memory_mib <= max_mib
        && granted.memory_mib <= max_mib
        && request.vcores <= scheduler.maximum_allocation_vcores
}

/// Whether `executors_per_node` executors of `heap_mib` and `cores` fit on one node.
fn heap_fits_per_node(
    input: &PlanInput,
    v: &planner::input::Validated,
    heap_mib: u64,
    cores: u32,
    executors_per_node: u64,
) -> bool {
    let Some(executor) = executor_for_heap(input, heap_mib, cores) else {
        return false;
    };
    let granted_mib = executor.granted.memory_mib;
    accepted(executor.request, executor.granted, &v.scheduler)
        && granted_mib.saturating_mul(executors_per_node) <= v.shape.nodemanager.memory_mib
}

/// Spark-exact's heap is the largest that keeps the executors per node its cores allow: the
/// heap (a multiple of the granularity) fits, one granularity step more does not.
fn check_exact_heap_is_largest(input: &PlanInput, p: &planner::Plan) -> Result<(), TestCaseError> {
    let v = input.validate().expect("valid");
    let step = input.policy.granularity.step_mib();
    let cores = p.cores();
    let per_node = u64::from(v.shape.nodemanager.vcores / cores.max(1));
    let planned = p.heap_mib();
    prop_assert_eq!(
        planned % step,
        0,
        "heap {} is a multiple of {}",
        planned,
        step
    );
    // A largest heap from 32 up to 48 GiB is lowered to 31g (compressed object pointers): the
    // largest is then the one the derivation keeps, and the plan's heap 31g.
    let cap = match &p.derivation {
        planner::plan::Derivation::SparkExact(d) => d.compressed_oops_cap,
        planner::plan::Derivation::RuleOfThumb(_) => None,
    };
    let heap = cap.map_or(planned, |c| c.fitting_heap_mib);
    if let Some(c) = cap {
        prop_assert_eq!(planned, 31 * 1024);
        prop_assert!(planner::memory::loses_compressed_oops(c.fitting_heap_mib));
    } else if input.policy.keep_compressed_oops
        && input
            .policy
            .memory_target_mib
            .is_none_or(|t| t <= 31 * 1024)
    {
        prop_assert!(
            !planner::memory::loses_compressed_oops(planned),
            "{}",
            planned
        );
    }
    if heap_fits_per_node(input, &v, step, cores, per_node) {
        prop_assert!(
            heap_fits_per_node(input, &v, heap, cores, per_node),
            "{} executors of {} MiB fit per node",
            per_node,
            heap
        );
        prop_assert!(
            !heap_fits_per_node(input, &v, heap + step, cores, per_node),
            "{} executors of {} + {} MiB still fit per node: the heap is not the largest",
            per_node,
            heap,
            step
        );
    } else {
        prop_assert_eq!(heap, step, "nothing fits: the smallest heap is shown");
    }
    Ok(())
}

/// At a 100 % share, Spark-exact runs as many executors as the nodes hold: the AM's node holds
/// what fits beside the AM, every other node what fits in its NodeManager resources.
fn check_exact_count_fills_the_nodes(input: &PlanInput) -> Result<(), TestCaseError> {
    let mut whole = input.clone();
    whole.policy.cluster_share_pct = 100.0;
    let Ok(c) = plan(&whole) else {
        return Ok(());
    };
    let v = whole.validate().expect("valid");
    let (p, calc) = (&c.spark_exact, v.scheduler.calculator);
    let (executor, am) = (p.placement.executor, p.placement.am);
    let nm = v.shape.nodemanager;
    let am_runs = accepted(am.request, am.granted, &v.scheduler)
        && containers_in(nm, am.granted.memory_mib, am.request.vcores, calc) >= 1;
    let per = |free| {
        if accepted(executor.request, executor.granted, &v.scheduler) {
            containers_in(free, executor.granted.memory_mib, p.cores(), calc)
        } else {
            0
        }
    };
    let beside_am = nm.saturating_sub(Resource::new(am.granted.memory_mib, am.request.vcores));
    let held = if am_runs && per(nm) > 0 {
        per(beside_am) + per(nm) * u64::from(v.shape.nodes - 1)
    } else {
        0
    };
    prop_assert_eq!(
        u64::from(p.instances),
        held,
        "{} executors placed where the nodes hold {}",
        p.instances,
        held
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn spark_exact_is_optimal(input in sane_input()) {
        if let Ok(c) = plan(&input) {
            check_exact_heap_is_largest(&input, &c.spark_exact)?;
        }
        check_exact_count_fills_the_nodes(&input)?;
    }
}
