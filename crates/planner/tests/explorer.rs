//! The trade-off explorer: every row of case 1 recomputed here by hand-written arithmetic (not
//! the planner's functions), every row equal to planning that shape on its own (YARN, EMR,
//! Kubernetes), the marked choices equal to the planner's own plans, each guidance note
//! triggered and not, and no panic on any input.

use planner::catalog::ClusterManager;
use planner::emr::{plan_emr, EmrInput};
use planner::explorer::{adopt, explore, guidance, PerTaskMemory, ShapeRow};
use planner::k8s::{derive_k8s, K8sInput, K8sNodes};
use planner::presets::preset;
use planner::scenario::{self, Outcome, Scenario};
use planner::{Code, ExecutorCount, Method, PlanInput};
use proptest::prelude::*;

const MIB: u64 = 1024 * 1024;

/// Spark's execution pool for a heap (UnifiedMemoryManager with spark.memory.fraction 0.6 and
/// storageFraction 0.5, Java's double-to-long truncation), written out again here.
fn execution_bytes(heap_mib: u64) -> u64 {
    let usable = (heap_mib - 300) * MIB;
    let unified = (usable as f64 * 0.6) as u64;
    let storage = (unified as f64 * 0.5) as u64;
    unified - storage
}

/// Case 1 (6 × 16 cores × 64 GiB, 1 core and 1 GiB reserved: 15 vcores and 64 512 MiB per
/// NodeManager; 1024 MiB minimum allocation; a 1 GiB driver in a 2048 MiB ApplicationMaster on
/// node 1): the Spark-exact shape for `cores`, by hand.
fn case1_by_hand(cores: u32) -> ShapeRow {
    let (node_mib, node_vcores, am_mib) = (64_512u64, 15u64, 2048u64);
    let c = u64::from(cores);
    let per_node = node_vcores / c;
    let budget = node_mib / per_node;
    let container = |heap: u64| (heap + (heap / 10).max(384)).div_ceil(1024) * 1024;
    let gib = (1..=64u64)
        .take_while(|g| container(g * 1024) <= budget)
        .last()
        .expect("a heap fits");
    let heap = gib * 1024;
    let granted = container(heap);
    let beside_am = ((node_mib - am_mib) / granted).min((node_vcores - 1) / c);
    let executors = beside_am + 5 * per_node;
    let execution = execution_bytes(heap);
    ShapeRow {
        cores,
        executors: executors as u32,
        heap_mib: heap,
        overhead_mib: (heap / 10).max(384),
        container_mib: granted,
        task_slots_per_executor: c,
        task_slots: executors * c,
        per_task: Some(PerTaskMemory {
            min_bytes: execution / (2 * c),
            max_bytes: execution / c,
        }),
        executors_per_node: per_node,
        unused_memory_mib_per_node: node_mib - per_node * granted,
        unused_cpu_millis_per_node: (node_vcores - per_node * c) * 1000,
    }
}

fn case(id: &str) -> PlanInput {
    preset(id).expect("preset").input
}

#[test]
fn case1_lists_every_shape_from_1_to_15_cores_as_computed_by_hand() {
    let e = explore(&Scenario::Yarn(case("case1"))).expect("valid");
    let cores: Vec<u32> = e.rows.iter().map(|r| r.cores).collect();
    assert_eq!(cores, (1..=15).collect::<Vec<_>>());
    for row in &e.rows {
        assert_eq!(*row, case1_by_hand(row.cores), "{} cores", row.cores);
    }
    // The seeds' answer, as written in seed 000: 17 executors × 5 cores × 19 GB.
    let five = e.row(5).expect("5 cores");
    assert_eq!((five.executors, five.heap_mib), (17, 19 * 1024));
}

#[test]
fn every_row_is_the_plan_of_that_shape_on_its_own() {
    for id in ["case1", "case2", "case3"] {
        let s = Scenario::Yarn(case(id));
        let e = explore(&s).expect("valid");
        assert!(!e.rows.is_empty(), "{id}");
        for row in &e.rows {
            let Outcome::Yarn(c) = scenario::plan(&adopt(&s, row)) else {
                panic!("{id}: adopting {} cores is valid", row.cores)
            };
            let p = c.selected_plan();
            assert_eq!(c.selected, Method::SparkExact);
            let e = p.placement.executor;
            assert_eq!(
                (
                    p.instances,
                    e.cores,
                    e.memory.heap_mib,
                    e.granted.memory_mib
                ),
                (row.executors, row.cores, row.heap_mib, row.container_mib),
                "{id}, {} cores",
                row.cores
            );
            assert_eq!(p.placement.totals.task_slots, row.task_slots);
            assert_eq!(p.placement.per_node, row.executors_per_node);
        }
    }
}

#[test]
fn the_marked_choices_are_the_planners_own_plans() {
    for id in ["case1", "case2", "case3"] {
        for method in [Method::SparkExact, Method::RuleOfThumb] {
            let mut input = case(id);
            input.policy.method = method;
            let c = planner::plan(&input).expect("valid");
            let e = explore(&Scenario::Yarn(input)).expect("valid");
            assert_eq!(e.rule_of_thumb_cores, Some(c.rule_of_thumb.cores()), "{id}");
            assert_eq!(e.spark_exact_cores, Some(c.spark_exact.cores()), "{id}");
            assert_eq!(e.current_cores, c.selected_plan().cores(), "{id}");
            let exact = e
                .row(c.spark_exact.cores())
                .expect("the exact choice is a row");
            let p = &c.spark_exact.placement;
            assert_eq!(
                (exact.executors, exact.heap_mib, exact.container_mib),
                (
                    c.spark_exact.instances,
                    p.executor.memory.heap_mib,
                    p.executor.granted.memory_mib
                ),
                "{id}"
            );
        }
    }
    // Case 3 (10 GB enough): both methods settle on 3 cores.
    let e = explore(&Scenario::Yarn(case("case3"))).expect("valid");
    assert_eq!(
        (e.rule_of_thumb_cores, e.spark_exact_cores),
        (Some(3), Some(3))
    );
}

/// With a memory target, the rows that reach it are the shapes that meet it: heap ≥ target,
/// and the fewest cores among them is Spark-exact's choice (the same search); without a target
/// no row is said to reach one.
#[test]
fn the_shapes_that_reach_a_memory_target_are_marked() {
    let case3 = case("case3");
    assert_eq!(case3.policy.memory_target_mib, Some(10 * 1024));
    let e = explore(&Scenario::Yarn(case3)).expect("valid");
    assert_eq!(e.memory_target_mib, Some(10 * 1024));
    let reaching: Vec<u32> = e
        .rows
        .iter()
        .filter(|r| e.reaches_target(r))
        .map(|r| r.cores)
        .collect();
    for r in &e.rows {
        assert_eq!(e.reaches_target(r), r.heap_mib >= 10 * 1024, "{}", r.cores);
    }
    assert_eq!(reaching.first().copied(), e.spark_exact_cores);
    // By hand (case 1's hardware): 1 and 2 cores get 3 and 8 GiB heaps, 3 cores 10 GiB.
    assert_eq!(reaching.first(), Some(&3));
    let none = explore(&Scenario::Yarn(case("case1"))).expect("valid");
    assert_eq!(none.memory_target_mib, None);
    assert!(none.rows.iter().all(|r| !none.reaches_target(r)));
}

#[test]
fn kubernetes_rows_fill_the_nodes_room_and_plan_as_adopted() {
    let s = Scenario::Kubernetes(K8sInput::default());
    let e = explore(&s).expect("valid");
    // Room per node: 16 000 − 180 − 300 = 15 520 millicores; 65 536 − 2 662 − 512 = 62 362 MiB.
    assert_eq!(e.rows.len(), 15);
    assert_eq!(e.current_cores, 2);
    // 2 cores: 7 pods a node (15 520 ÷ 2 000); 62 362 ÷ 7 = 8 908 MiB each; 7g + 716 = 7 884
    // fits, 8g + 819 = 9 011 does not. Node 1 also holds the 1 408 MiB, 1-CPU driver pod: still 7.
    let two = e.row(2).expect("2 cores");
    assert_eq!(
        (
            two.heap_mib,
            two.container_mib,
            two.executors_per_node,
            two.executors
        ),
        (7 * 1024, 7884, 7, 56)
    );
    assert_eq!(two.task_slots, 112);
    assert_eq!(two.unused_memory_mib_per_node, 62_362 - 7 * 7884);
    assert_eq!(two.unused_cpu_millis_per_node, 15_520 - 14_000);
    for row in &e.rows {
        let Scenario::Kubernetes(adopted) = adopt(&s, row) else {
            panic!("stays Kubernetes")
        };
        let d = derive_k8s(&adopted).expect("adopted row is valid");
        assert_eq!(
            (
                d.totals.executors,
                d.executor_memory_mib(),
                d.totals.task_slots
            ),
            (row.executors, row.container_mib, row.task_slots),
            "{} cores",
            row.cores
        );
    }
}

#[test]
fn task_cpus_divide_the_slots_on_kubernetes() {
    let mut input = K8sInput::default();
    input.spark.task_cpus = 2;
    let e = explore(&Scenario::Kubernetes(input)).expect("valid");
    // spark.task.cpus = 2: fewer than 2 cores is no executor at all, and 4 cores run 2 tasks.
    assert!(e.row(1).is_none());
    let four = e.row(4).expect("4 cores");
    assert_eq!(four.task_slots_per_executor, 2);
    assert_eq!(four.task_slots, u64::from(four.executors) * 2);
}

#[test]
fn emr_rows_are_the_requests_emr_plans_for_them() {
    let input = EmrInput::default(); // 9 × r5.4xlarge: 16 vCPUs, 122 880 MiB for YARN
    let s = Scenario::Emr(input);
    let e = explore(&s).expect("valid");
    assert_eq!(e.rows.len(), 16);
    assert_eq!(e.current_cores, 4);
    for row in &e.rows {
        let Scenario::Emr(adopted) = adopt(&s, row) else {
            panic!("stays EMR")
        };
        let p = plan_emr(&adopted).expect("adopted row is valid");
        assert_eq!(
            (
                p.request.cores,
                p.request.memory.heap_mib,
                p.request.granted.memory_mib,
                p.requests_capacity
            ),
            (
                row.cores,
                row.heap_mib,
                row.container_mib,
                u64::from(row.executors)
            ),
            "{} cores",
            row.cores
        );
    }
}

fn row(cores: u32, heap_gib: u64) -> ShapeRow {
    let heap = heap_gib * 1024;
    let overhead = (heap / 10).max(384);
    ShapeRow {
        cores,
        executors: 10,
        heap_mib: heap,
        overhead_mib: overhead,
        container_mib: heap + overhead,
        task_slots_per_executor: u64::from(cores),
        task_slots: 10 * u64::from(cores),
        per_task: None,
        executors_per_node: 1,
        unused_memory_mib_per_node: 0,
        unused_cpu_millis_per_node: 0,
    }
}

fn codes(r: &ShapeRow) -> Vec<Code> {
    guidance(r, ClusterManager::Yarn)
        .iter()
        .map(|w| w.code)
        .collect()
}

#[test]
fn more_than_5_cores_names_hdfs_throughput() {
    assert!(!codes(&row(5, 19)).contains(&Code::ManyCoresPerExecutor));
    let w = guidance(&row(6, 19), ClusterManager::Yarn);
    let many = w
        .iter()
        .find(|w| w.code == Code::ManyCoresPerExecutor)
        .expect("6 cores");
    assert!(many.message.contains("HDFS"), "{}", many.message);
    // EMR runs HDFS too; on Kubernetes the storage is an object store as a rule, and the
    // finding is the HDFS client's: no note, in the explorer or under the plan.
    assert!(guidance(&row(6, 19), ClusterManager::Emr)
        .iter()
        .any(|w| w.code == Code::ManyCoresPerExecutor));
    assert!(guidance(&row(8, 19), ClusterManager::Kubernetes)
        .iter()
        .all(|w| w.code != Code::ManyCoresPerExecutor && !w.message.contains("HDFS")));
    let mut k8s = K8sInput::default();
    k8s.spark.executor_cores = 8;
    k8s.spark.executor_memory_mib = 8 * 1024;
    let p = planner::k8s::plan_k8s(&k8s).expect("valid");
    assert!(planner::explorer::k8s_findings(&k8s, &p)
        .iter()
        .all(|w| !w.message.contains("HDFS")));
}

#[test]
fn heaps_from_32_to_48_gib_lose_compressed_pointers() {
    for gib in [31, 48, 64] {
        assert!(
            !codes(&row(5, gib)).contains(&Code::HeapWithoutCompressedOops),
            "{gib}"
        );
    }
    for gib in [32, 40, 47] {
        assert!(
            codes(&row(5, gib)).contains(&Code::HeapWithoutCompressedOops),
            "{gib}"
        );
    }
}

#[test]
fn heaps_above_64_gib_warn_of_gc_pauses() {
    assert!(!codes(&row(5, 64)).contains(&Code::LargeHeap));
    assert!(codes(&row(5, 65)).contains(&Code::LargeHeap));
}

#[test]
fn small_executors_name_their_fixed_cost() {
    // 2 GiB: 300 reserved + 384 overhead = 684 MiB of a 2 432 MiB container, more than a quarter.
    let w = guidance(&row(2, 2), ClusterManager::Yarn);
    let small = w
        .iter()
        .find(|w| w.code == Code::SmallExecutor)
        .expect("small");
    assert!(
        small.message.contains("684 MiB of its 2432 MiB"),
        "{}",
        small.message
    );
    // 3 GiB: 684 of 3 456 MiB, less than a quarter.
    assert!(!codes(&row(2, 3)).contains(&Code::SmallExecutor));
}

#[test]
fn one_core_executors_share_nothing() {
    assert!(codes(&row(1, 4)).contains(&Code::SingleCoreExecutor));
    assert!(!codes(&row(2, 4)).contains(&Code::SingleCoreExecutor));
}

#[test]
fn case1_guidance_follows_the_shapes() {
    let e = explore(&Scenario::Yarn(case("case1"))).expect("valid");
    let at = |c: u32| codes(e.row(c).expect("row"));
    assert!(at(1).contains(&Code::SingleCoreExecutor));
    assert!(at(5).is_empty(), "{:?}", at(5));
    assert!(at(8).contains(&Code::ManyCoresPerExecutor));
    // 8 cores: one executor a node, a 57g heap — past 48 GiB, below 64 GiB.
    assert_eq!(e.row(8).map(|r| r.heap_mib), Some(57 * 1024));
    assert!(!at(8).contains(&Code::HeapWithoutCompressedOops));
}

#[test]
fn invalid_scenarios_have_no_explorer() {
    let mut input = case("case1");
    input.cluster.nodes = 0;
    assert!(explore(&Scenario::Yarn(input)).is_none());
    let mut k8s = K8sInput::default();
    k8s.nodes.nodes = 0;
    assert!(explore(&Scenario::Kubernetes(k8s)).is_none());
}

fn check_rows(rows: &[ShapeRow]) -> Result<(), TestCaseError> {
    for pair in rows.windows(2) {
        prop_assert!(pair[0].cores < pair[1].cores);
    }
    for r in rows {
        prop_assert!(r.container_mib >= r.heap_mib);
        prop_assert_eq!(
            r.task_slots,
            u64::from(r.executors) * r.task_slots_per_executor
        );
        if let Some(t) = r.per_task {
            prop_assert!(t.min_bytes <= t.max_bytes);
        }
        let _ = guidance(r, ClusterManager::Yarn);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn yarn_sweeps_never_panic_and_rows_plan_as_shown(
        nodes in prop_oneof![1u32..50, Just(100_000), any::<u32>()],
        cores in prop_oneof![1u32..130, any::<u32>()],
        gib in prop_oneof![1.0f64..1024.0, Just(f64::NAN), Just(1e300), Just(0.0)],
        per_exec in 1u32..9,
        target in proptest::option::of(prop_oneof![1u64..100_000, any::<u64>()]),
        factor in prop_oneof![0.01f64..2.0, Just(f64::NAN)],
        pick in any::<prop::sample::Index>(),
    ) {
        let mut input = PlanInput::default();
        input.cluster.nodes = nodes;
        input.cluster.cores_per_node = cores;
        input.cluster.memory_per_node_gib = gib;
        input.policy.cores_per_executor = per_exec;
        input.policy.memory_target_mib = target;
        input.spark.overhead_factor = factor;
        let s = Scenario::Yarn(input);
        if let Some(e) = explore(&s) {
            check_rows(&e.rows)?;
            if !e.rows.is_empty() {
                let row = e.rows[pick.index(e.rows.len())];
                let Outcome::Yarn(c) = scenario::plan(&adopt(&s, &row)) else {
                    return Err(TestCaseError::fail("adopted row is invalid"));
                };
                prop_assert_eq!(c.spark_exact.instances, row.executors);
                prop_assert_eq!(c.spark_exact.heap_mib(), row.heap_mib);
            }
        }
    }

    #[test]
    fn kubernetes_and_emr_sweeps_never_panic(
        nodes in prop_oneof![1u32..50, any::<u32>()],
        cpu in prop_oneof![1u64..200_000, any::<u64>()],
        mem in prop_oneof![1u64..2_000_000, any::<u64>()],
        exec_cores in prop_oneof![1u32..9, any::<u32>()],
        heap in prop_oneof![512u64..40_000, any::<u64>()],
        request in proptest::option::of(prop_oneof![Just("0.5"), Just("100m"), Just("x")]),
        task_cpus in 1u32..4,
    ) {
        let mut k8s = K8sInput {
            nodes: K8sNodes {
                nodes,
                capacity_cpu_millis: cpu,
                capacity_memory_mib: mem,
                ..K8sNodes::default()
            },
            count: ExecutorCount::AsManyAsFit,
            ..K8sInput::default()
        };
        k8s.spark.executor_cores = exec_cores;
        k8s.spark.executor_memory_mib = heap;
        k8s.spark.request_cores = request.map(str::to_string);
        k8s.spark.task_cpus = task_cpus;
        if let Some(e) = explore(&Scenario::Kubernetes(k8s)) {
            check_rows(&e.rows)?;
        }
        let emr = EmrInput {
            core_nodes: nodes,
            executor_cores: exec_cores,
            executor_memory_mib: heap,
            ..EmrInput::default()
        };
        if let Some(e) = explore(&Scenario::Emr(emr)) {
            check_rows(&e.rows)?;
        }
    }
}

#[test]
fn fifty_gb_as_slim_or_fat_executors_per_task() {
    use planner::explorer::split_numbers;
    let f = planner::presets::fat_or_slim();
    assert_eq!(f.total_gib, 50);
    for s in f.splits {
        assert_eq!(u64::from(s.executors) * s.heap_gib, f.total_gib);
    }
    let [slim, fat] = f.splits.map(|s| split_numbers(s, f.cores_per_executor, 1));
    // 5 GiB: (5120 − 300) × 0.6 = 2892 MiB unified, half of it storage, half execution;
    // 1446 MiB ÷ 5 tasks = 289.2, ÷ 10 = 144.6.
    assert_eq!((slim.task_slots, fat.task_slots), (50, 25));
    assert_eq!(slim.unified_bytes / MIB, 2892);
    assert_eq!(slim.per_task.map(|t| t.max_bytes / MIB), Some(289));
    assert_eq!(slim.per_task.map(|t| t.min_bytes / MIB), Some(144));
    // 10 GiB: (10 240 − 300) × 0.6 = 5964 MiB unified, 2982 MiB storage and execution.
    assert_eq!(fat.storage_bytes / MIB, 2982);
    assert_eq!(fat.unified_bytes / MIB, 5964);
    assert_eq!(fat.per_task.map(|t| t.max_bytes / MIB), Some(596));
}

/// `spark.task.cpus` in the fat-or-slim split: 5 cores ÷ 2 CPUs per task = 2 tasks at once per
/// executor (rounded down, as Spark's `ResourceProfile.maxTasksPerExecutor`), so 10 × 2 = 20 and
/// 5 × 2 = 10 slots, and each running task's share of execution memory is 1/2, not 1/5; with 6
/// CPUs per task no task runs on 5 cores.
#[test]
fn the_fat_or_slim_split_counts_task_slots_with_spark_task_cpus() {
    use planner::explorer::split_numbers;
    let f = planner::presets::fat_or_slim();
    let [slim, fat] = f.splits.map(|s| split_numbers(s, f.cores_per_executor, 2));
    assert_eq!((slim.task_slots, fat.task_slots), (20, 10));
    // 5 GiB: 1446 MiB of execution memory ÷ 2 tasks = 723 MiB at most, 361.5 guaranteed.
    assert_eq!(slim.per_task.map(|t| t.max_bytes / MIB), Some(723));
    assert_eq!(slim.per_task.map(|t| t.min_bytes / MIB), Some(361));
    // The pools of an executor do not depend on the tasks.
    let one_cpu = split_numbers(f.splits[0], f.cores_per_executor, 1);
    assert_eq!(slim.unified_bytes, one_cpu.unified_bytes);
    let none = split_numbers(f.splits[1], f.cores_per_executor, 6);
    assert_eq!((none.task_slots, none.per_task), (0, None));
    // The scenario's own setting, on each cluster manager.
    let mut yarn = preset("case1").expect("case1").input;
    yarn.spark.task_cpus = 2;
    assert_eq!(planner::explorer::task_cpus_of(&Scenario::Yarn(yarn)), 2);
    let mut k8s = planner::k8s::K8sInput::default();
    k8s.spark.task_cpus = 3;
    assert_eq!(
        planner::explorer::task_cpus_of(&Scenario::Kubernetes(k8s)),
        3
    );
    let emr = planner::emr::EmrInput {
        task_cpus: 4,
        ..planner::emr::EmrInput::default()
    };
    assert_eq!(planner::explorer::task_cpus_of(&Scenario::Emr(emr)), 4);
}

/// The explorer's guidance on the plan itself: the plan's own shape, once (not again when the
/// plan's warnings already say it).
#[test]
fn the_plans_own_shape_gets_the_explorers_guidance() {
    use planner::explorer::{emr_plan_guidance, k8s_plan_guidance, yarn_plan_guidance};
    use planner::k8s::plan_k8s;
    use planner::plan::warnings;
    let codes = |w: Vec<planner::Warning>| w.iter().map(|w| w.code).collect::<Vec<_>>();
    // Case 1: 5 cores, a 19 GiB heap in a 21 504 MiB container: nothing to say.
    let c = planner::plan(&preset("case1").expect("case1").input).expect("valid");
    assert!(yarn_plan_guidance(&c, &warnings(&c, c.selected)).is_empty());
    // 1 core per executor: the single-core note.
    let mut one = preset("case1").expect("case1").input;
    one.policy.cores_per_executor = 1;
    let c = planner::plan(&one).expect("valid");
    let said = warnings(&c, c.selected);
    assert!(codes(yarn_plan_guidance(&c, &said)).contains(&Code::SingleCoreExecutor));
    // 8 cores: the plan's warnings already say "more than 5", so it is not said twice.
    let mut eight = preset("case1").expect("case1").input;
    eight.policy.cores_per_executor = 8;
    let c = planner::plan(&eight).expect("valid");
    let said = warnings(&c, c.selected);
    assert!(codes(said.clone()).contains(&Code::ManyCoresPerExecutor));
    assert!(!codes(yarn_plan_guidance(&c, &said)).contains(&Code::ManyCoresPerExecutor));
    // Kubernetes: 2-core pods say nothing; 1-core pods get the note.
    let mut k8s = K8sInput::default();
    let p = plan_k8s(&k8s).expect("valid");
    assert!(k8s_plan_guidance(&k8s, &p, &[]).is_empty());
    k8s.spark.executor_cores = 1;
    let p = plan_k8s(&k8s).expect("valid");
    assert_eq!(
        codes(k8s_plan_guidance(&k8s, &p, &[])),
        [Code::SingleCoreExecutor]
    );
    // EMR: seed 003's 18971m says nothing; a 40g request is without compressed pointers.
    let p = plan_emr(&EmrInput::default()).expect("valid");
    assert!(emr_plan_guidance(&p, &[]).is_empty());
    let p = plan_emr(&EmrInput {
        executor_memory_mib: 40 * 1024,
        ..EmrInput::default()
    })
    .expect("valid");
    assert!(codes(emr_plan_guidance(&p, &[])).contains(&Code::HeapWithoutCompressedOops));
}

/// The table's order: every column, both ways, as std's stable sort of the rows by that
/// column's number gives it (ties keep the order by cores, descending too).
#[test]
fn rows_sort_by_every_column_both_ways_ties_in_order_of_cores() {
    use planner::explorer::{sorted_rows, ExplorerView, SortColumn};
    for scenario in [
        Scenario::Yarn(preset("case1").expect("case1").input),
        Scenario::Kubernetes(K8sInput::default()),
        Scenario::Emr(EmrInput::default()),
    ] {
        let e = explore(&scenario).expect("valid");
        for sort in SortColumn::ALL {
            for descending in [false, true] {
                let mut expected = e.rows.clone();
                if descending {
                    expected.sort_by_key(|r| std::cmp::Reverse(sort.value(r)));
                } else {
                    expected.sort_by_key(|r| sort.value(r));
                }
                let view = ExplorerView {
                    open: true,
                    sort,
                    descending,
                };
                assert_eq!(
                    sorted_rows(&e.rows, view),
                    expected,
                    "{sort:?} {descending}"
                );
            }
        }
    }
    // By hand: executors 9, 5, 5, 1 for 1 to 4 cores.
    let row = |cores, executors| ShapeRow {
        cores,
        executors,
        ..explore(&Scenario::Yarn(preset("case1").expect("case1").input))
            .expect("valid")
            .rows[0]
    };
    let rows = [row(1, 9), row(2, 5), row(3, 5), row(4, 1)];
    let cores = |descending| -> Vec<u32> {
        let view = ExplorerView {
            open: false,
            sort: SortColumn::Executors,
            descending,
        };
        sorted_rows(&rows, view).iter().map(|r| r.cores).collect()
    };
    assert_eq!(cores(false), [4, 2, 3, 1]);
    assert_eq!(cores(true), [1, 2, 3, 4]);
}

/// The row marked as the plan on the form is that plan: its cores, heap and count. Kubernetes'
/// default plan asks for 16 × 2 cores × 6g; the row of 2 cores fills the nodes (56 × 7g), so it
/// is not the plan; once adopted, it is.
#[test]
fn the_current_row_is_the_plan_itself_or_none() {
    for id in ["case1", "case2", "case3"] {
        let c = planner::plan(&case(id)).expect("valid");
        let e = explore(&Scenario::Yarn(case(id))).expect("valid");
        let current: Vec<u32> = e
            .rows
            .iter()
            .filter(|r| e.is_current(r))
            .map(|r| r.cores)
            .collect();
        assert_eq!(current, [c.selected_plan().cores()], "{id}");
    }
    let s = Scenario::Kubernetes(K8sInput::default());
    let e = explore(&s).expect("valid");
    assert!(e.rows.iter().all(|r| !e.is_current(r)), "16 × 6g is no row");
    let adopted = adopt(&s, e.row(2).expect("2 cores"));
    let again = explore(&adopted).expect("valid");
    let current: Vec<u32> = again
        .rows
        .iter()
        .filter(|r| again.is_current(r))
        .map(|r| r.cores)
        .collect();
    assert_eq!(current, [2]);
}

/// A CPU request typed for the plan's cores is the plan's CPU per core: 0.5 CPU for 1 core asks
/// 2 CPUs for a 4-core row (the review saw every row keep 0.5 CPU: 246 executors of 1 GiB with
/// 15 cores each on 124 CPUs). Each row is the row of the same cores with that request typed,
/// and plans as adopted.
#[test]
fn a_cpu_request_scales_with_the_rows_cores() {
    let mut input = K8sInput::default();
    input.spark.executor_cores = 1;
    input.spark.request_cores = Some("0.5".to_string());
    let s = Scenario::Kubernetes(input.clone());
    let e = explore(&s).expect("valid");
    for row in &e.rows {
        let mut typed = input.clone();
        typed.spark.executor_cores = row.cores;
        typed.spark.request_cores = Some(format!("{}m", 500 * row.cores));
        let direct = explore(&Scenario::Kubernetes(typed)).expect("valid");
        assert_eq!(direct.row(row.cores), Some(row), "{} cores", row.cores);
        let Scenario::Kubernetes(adopted) = adopt(&s, row) else {
            panic!("stays Kubernetes")
        };
        let d = derive_k8s(&adopted).expect("adopted row is valid");
        assert_eq!(d.executor_cpu_millis, 500 * u64::from(row.cores));
        assert_eq!(d.totals.executors, row.executors, "{} cores", row.cores);
    }
    // Room per node 15 520 millicores: 4 cores at 2 CPUs each, 7 a node.
    assert_eq!(e.row(4).expect("4 cores").executors_per_node, 7);
}
