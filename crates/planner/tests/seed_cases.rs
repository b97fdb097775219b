//! The documented cases of seed 000 (and seed 001's case 1), as sizing-model.md states them:
//! the rule of thumb must give exactly its answers; the Spark-exact method what YARN really does;
//! and checking each rule answer under YARN's math must show where it breaks.

use planner::presets::preset;
use planner::yarn::Calculator;
use planner::{plan, Code, Comparison, Granularity, Plan};

fn run(id: &str) -> Comparison {
    plan(&preset(id).expect("preset").input).expect("valid preset")
}

fn shape(p: &Plan) -> (u32, u32, String) {
    (p.instances, p.cores(), p.heap_setting())
}

fn has(p: &Plan, code: Code) -> bool {
    p.warnings.iter().any(|w| w.code == code)
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
    assert!(has(&c.rule_of_thumb, Code::AmSlotAssumption));
    assert!(c.differences.is_empty());
}

#[test]
fn case2_has_room_for_36() {
    let c = run("case2");
    assert_eq!(shape(&c.rule_of_thumb), (35, 5, "9g".into()));
    assert_eq!(shape(&c.spark_exact), (36, 5, "9g".into()));
    assert_eq!(c.rule_of_thumb.placement.capacity, 36);
    assert!(has(&c.rule_of_thumb, Code::RoomForMore));
    assert!(c
        .differences
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
    assert!(has(&c.rule_of_thumb, Code::FewerExecutorsFit));
    assert_eq!(shape(&c.spark_exact), (29, 3, "10g".into()));
    assert!(c.differences.iter().any(|w| w.message.contains("10g")));
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
    assert!(has(&c.spark_exact, Code::VcoresOvercommitted));
}

#[test]
fn seed_001_case1_is_case1() {
    // Seed 001 works the same hardware (6 × 16 cores × 64 GB) to the same 17 × 5 × 19 GB.
    let c = run("case1");
    assert_eq!(
        c.rule_of_thumb.spark_conf[1],
        ("spark.executor.instances".into(), "17".into())
    );
    assert!(c
        .rule_of_thumb
        .working
        .iter()
        .any(|s| s.detail == "21 GB − 1.47 GB = 19.53 GB → 19 GB (rounded down)"));
}
