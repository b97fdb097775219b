//! The documented cases of seed 000 (and seed 001's case 1), as sizing-model.md states them:
//! the rule of thumb must give exactly its answers; the Spark-exact method what YARN really does;
//! and checking each rule answer under YARN's math must show where it breaks.

use planner::k8s::{K8sInput, K8sSpark};
use planner::plan::{differences, warnings, working_steps};
use planner::presets::emr_presets;
use planner::presets::{k8s_preset, k8s_presets, preset, presets};
use planner::yarn::Calculator;
use planner::{plan, Code, Comparison, Granularity, Method, Plan, PlanInput};
use proptest::prelude::*;

fn run(id: &str) -> Comparison {
    plan(&preset(id).expect("preset").input).expect("valid preset")
}

fn shape(p: &Plan) -> (u32, u32, String) {
    (p.instances, p.cores(), p.heap_setting())
}

fn has(c: &Comparison, method: Method, code: Code) -> bool {
    warnings(c, method).iter().any(|w| w.code == code)
}

#[test]
fn case1_rule_and_exact_agree_by_accident() {
    let c = run("case1");
    assert_eq!(shape(&c.rule_of_thumb), (17, 5, "19g".into()));
    assert_eq!(shape(&c.spark_exact), (17, 5, "19g".into()));
    let e = c.spark_exact.placement.executor;
    assert_eq!((e.request.memory_mib, e.granted.memory_mib), (21401, 21504));
    // 3 containers fill a node exactly, so the AM displaces one executor.
    assert_eq!(c.rule_of_thumb.placement.capacity, 17);
    assert!(has(&c, Method::RuleOfThumb, Code::AmSlotAssumption));
    assert!(differences(&c).is_empty());
}

#[test]
fn case2_has_room_for_36() {
    let c = run("case2");
    assert_eq!(shape(&c.rule_of_thumb), (35, 5, "9g".into()));
    assert_eq!(shape(&c.spark_exact), (36, 5, "9g".into()));
    assert_eq!(c.rule_of_thumb.placement.capacity, 36);
    assert!(has(&c, Method::RuleOfThumb, Code::RoomForMore));
    assert!(differences(&c)
        .iter()
        .any(|w| w.message.contains("36") && w.message.contains("35")));
}

#[test]
fn case3_rule_does_not_fit_and_exact_picks_10g() {
    let c = run("case3");
    assert_eq!(shape(&c.rule_of_thumb), (29, 3, "11g".into()));
    let r = &c.rule_of_thumb.placement;
    assert_eq!(r.executor.granted.memory_mib, 13312);
    assert_eq!(r.per_node, 4, "11g × 3 cores fits only 4 per node");
    assert_eq!(r.totals.executors, 24);
    assert!(has(&c, Method::RuleOfThumb, Code::FewerExecutorsFit));
    assert_eq!(shape(&c.spark_exact), (29, 3, "10g".into()));
    assert!(differences(&c).iter().any(|w| w.message.contains("10g")));
}

#[test]
fn case3_at_mib_granularity_picks_11171m() {
    let mut input = preset("case3").expect("preset").input;
    input.policy.granularity = Granularity::Mib;
    let c = plan(&input).expect("valid");
    assert_eq!(shape(&c.spark_exact), (29, 3, "11171m".into()));
    assert_eq!(c.spark_exact.placement.executor.granted.memory_mib, 12288);
}

#[test]
fn case3_default_calculator_squeezes_in_the_am() {
    let mut input = preset("case3").expect("preset").input;
    input.scheduler.calculator = Calculator::Default;
    let c = plan(&input).expect("valid");
    assert_eq!(shape(&c.spark_exact), (30, 3, "10g".into()));
    assert!(has(&c, Method::SparkExact, Code::VcoresOvercommitted));
}

#[test]
fn seed_001_case1_is_case1() {
    // Seed 001 works the same hardware (6 × 16 cores × 64 GB) to the same 17 × 5 × 19 GB.
    let c = run("case1");
    assert_eq!(
        planner::exports::yarn_spark_conf(&c, Method::RuleOfThumb)[1],
        ("spark.executor.instances".into(), "17".into())
    );
    assert!(working_steps(&c, Method::RuleOfThumb)
        .iter()
        .any(|s| s.detail == "21 GB − 1.47 GB = 19.53 GB → 19 GB (rounded down)"));
}

/// The rule of thumb as sizing-model.md §1 states it, written from the doc (integers; memory in
/// thousandths of a GB so that 7% and 384 MB are exact). Returns (executors, cores per
/// executor, executor memory in GB) for `nodes` × `cores` × `memory_gb` hardware, at most
/// `max_cores` cores per executor and an optional heap target in MiB (case 3).
fn rule_of_thumb_model(
    nodes: u64,
    cores: u64,
    memory_gb: u64,
    max_cores: u64,
    target_mib: Option<u64>,
) -> (u64, u64, u64) {
    // 1. One core and 1 GB per node for the OS and Hadoop daemons.
    let (usable_cores, usable_gb) = (cores - 1, memory_gb - 1);
    let shape = |per_executor: u64| {
        // 3. Executors per node; 5. memory per executor, rounded down to whole GB.
        let per_node = usable_cores / per_executor;
        let memory_per_executor = usable_gb / per_node;
        // 6. Overhead max(384 MB, 7%), and what is left rounded down to whole GB.
        let overhead_milli = (70 * memory_per_executor).max(384);
        let heap_gb = (1000 * memory_per_executor).saturating_sub(overhead_milli) / 1000;
        (per_node, heap_gb)
    };
    // 2. and 7. Cores per executor: the given maximum, or with a target the fewest that reach it.
    let per_executor = match target_mib {
        None => max_cores,
        Some(target) => (1..=max_cores)
            .find(|&c| shape(c).1 * 1024 >= target)
            .unwrap_or(max_cores),
    };
    let (per_node, heap_gb) = shape(per_executor);
    // 4. One executor slot goes to the ApplicationMaster.
    (nodes * per_node - 1, per_executor, heap_gb)
}

#[test]
fn the_model_gives_the_three_documented_answers() {
    assert_eq!(rule_of_thumb_model(6, 16, 64, 5, None), (17, 5, 19));
    assert_eq!(rule_of_thumb_model(6, 32, 64, 5, None), (35, 5, 9));
    assert_eq!(
        rule_of_thumb_model(6, 16, 64, 5, Some(10 * 1024)),
        (29, 3, 11)
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn rule_of_thumb_matches_the_model_on_any_hardware(
        nodes in 1u32..2000,
        cores in 2u32..129,
        (memory_gb, target_mib) in (2u32..1025).prop_flat_map(|gb| {
            // A heap target is at least Spark's 450 MiB and at most what a node offers.
            let usable_mib = u64::from(gb - 1) * 1024;
            (Just(gb), proptest::option::of(450u64..=usable_mib.max(450)))
        }),
        cores_per_executor in 1u32..9,
    ) {
        prop_assume!(cores_per_executor < cores);
        let mut input = PlanInput::default();
        input.cluster.nodes = nodes;
        input.cluster.cores_per_node = cores;
        input.cluster.memory_per_node_gib = f64::from(memory_gb);
        input.policy.cores_per_executor = cores_per_executor;
        input.policy.memory_target_mib = target_mib;
        let (executors, per_executor, heap_gb) = rule_of_thumb_model(
            u64::from(nodes),
            u64::from(cores),
            u64::from(memory_gb),
            u64::from(cores_per_executor),
            target_mib,
        );
        let c = plan(&input).expect("valid hardware");
        let rule = &c.rule_of_thumb;
        prop_assert_eq!(u64::from(rule.instances), executors);
        prop_assert_eq!(u64::from(rule.cores()), per_executor);
        prop_assert_eq!(rule.heap_mib(), heap_gb * 1024);
    }
}

#[test]
fn presets_speak_to_users_not_to_sources() {
    // Names and descriptions are shown on the page; ids are in links and never change.
    let yarn = presets().into_iter().map(|p| (p.id, p.name, p.description));
    let k8s = k8s_presets()
        .into_iter()
        .map(|p| (p.id, p.name, p.description));
    let emr = emr_presets()
        .into_iter()
        .map(|p| (p.id, p.name, p.description));
    let all: Vec<_> = yarn.chain(k8s).chain(emr).collect();
    for (id, name, description) in &all {
        for text in [name, description] {
            assert!(
                !text.to_lowercase().contains("seed"),
                "preset {id} speaks of seeds: {text}"
            );
        }
    }
    let ids: Vec<&str> = all.iter().map(|(id, _, _)| *id).collect();
    assert_eq!(
        ids,
        [
            "case1",
            "case2",
            "case3",
            "defaults",
            "oom-10-cores-45g",
            "k8s-seed002",
            "k8s-seed002-half",
            "k8s-seed002-eks",
            "k8s-seed002-gke",
            "k8s-seed002-aks",
            "emr-as-requested",
            "emr-seed003",
            "emr-maximize"
        ]
    );
    assert_eq!(
        preset("case1").expect("case1").name,
        "Classic example: 6 × 16 cores × 64 GB"
    );
}

#[test]
fn kubernetes_presets_keep_their_inputs() {
    let full = k8s_preset("k8s-seed002").expect("full requests").input;
    assert_eq!(full, K8sInput::default());
    let half = k8s_preset("k8s-seed002-half").expect("half").input;
    assert_eq!(half.spark.request_cores.as_deref(), Some("0.5"));
    assert_eq!(
        K8sInput {
            spark: K8sSpark {
                request_cores: None,
                ..half.spark.clone()
            },
            ..half
        },
        full,
        "only the CPU request differs"
    );
}
