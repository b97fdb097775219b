//! The YARN fixes of issue 8, each checked against what Spark or Hadoop does (source cited).

use planner::catalog::ClusterManager;
use planner::exports::yarn_spark_conf;
use planner::layout::BlockKind;
use planner::plan::{rule_of_thumb_numbers, spark_exact_numbers, working_steps};
use planner::spark::{resources, DeployMode, ResourceQuery, SparkConf, SparkVersion};
use planner::yarn::Calculator;
use planner::{
    place, plan, CheckedPlacement, Code, Comparison, ExecutorCount, Granularity, MaximumAllocation,
    Method, PlaceInput, PlanInput, Severity, Warning,
};

/// The Spark-exact plan's configuration.
fn exact_conf(c: &Comparison) -> Vec<(String, String)> {
    yarn_spark_conf(c, Method::SparkExact)
}

/// The Spark-exact plan's findings.
fn exact_warnings(c: &Comparison) -> Vec<Warning> {
    planner::plan::warnings(c, Method::SparkExact)
}

fn conf_value<'a>(conf: &'a [(String, String)], key: &str) -> Option<&'a str> {
    conf.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

/// What `spark::resources` computes for the AM from a plan's own emitted configuration.
fn am_from_emitted_conf(input: &PlanInput, c: &Comparison) -> planner::spark::AmContainer {
    let conf: SparkConf = exact_conf(c).into_iter().collect();
    let query = ResourceQuery {
        conf,
        cluster_manager: Some(ClusterManager::Yarn),
        deploy_mode: input.spark.deploy_mode,
        version: input.spark.version,
        ..ResourceQuery::default()
    };
    resources(&query)
        .expect("the emitted conf is valid")
        .yarn
        .expect("YARN")
        .am
}

/// Fix 3: in cluster mode the AM hosts the driver, so `spark.driver.memoryOverhead` sizes its
/// container (Spark's `org.apache.spark.deploy.yarn.Client`: `amMemoryOverhead` reads
/// `DRIVER_MEMORY_OVERHEAD` in cluster mode).
#[test]
fn explicit_driver_overhead_sizes_the_cluster_mode_am() {
    let mut input = PlanInput::default();
    input.spark.driver_memory_mib = 4096;
    input.spark.driver_overhead_mib = Some(2048);
    let c = plan(&input).unwrap();
    let am = c.spark_exact.placement.am;
    assert_eq!((am.heap_mib, am.overhead_mib), (4096, 2048));
    assert_eq!(am.request.memory_mib, 6144);
    let conf = &exact_conf(&c);
    assert_eq!(conf_value(conf, "spark.driver.memoryOverhead"), Some("2g"));
    let spark_am = am_from_emitted_conf(&input, &c);
    assert_eq!(spark_am.request, am.request);
}

/// Fix 3: the driver's factor and Spark 4.0's `spark.driver.minMemoryOverhead`
/// (`max((amMemoryOverheadFactor * amMemory).toLong, driverMinimumMemoryOverhead)` in
/// `Client`).
#[test]
fn driver_overhead_factor_and_minimum_size_the_cluster_mode_am() {
    let mut input = PlanInput::default();
    input.spark.driver_memory_mib = 8192;
    input.spark.driver_overhead_factor = 0.25;
    let c = plan(&input).unwrap();
    assert_eq!(c.spark_exact.placement.am.overhead_mib, 2048);
    assert_eq!(
        conf_value(&exact_conf(&c), "spark.driver.memoryOverheadFactor"),
        Some("0.25")
    );
    assert_eq!(am_from_emitted_conf(&input, &c).overhead_mib, 2048);

    input.spark.driver_overhead_minimum_mib = 3000;
    let c = plan(&input).unwrap();
    assert_eq!(c.spark_exact.placement.am.overhead_mib, 3000);
    assert_eq!(
        conf_value(&exact_conf(&c), "spark.driver.minMemoryOverhead"),
        Some("3000m")
    );
    assert_eq!(am_from_emitted_conf(&input, &c).overhead_mib, 3000);

    // Spark 3.5 has no spark.driver.minMemoryOverhead: 384 MiB is the floor, and the plan says so.
    input.spark.version = SparkVersion::V3_5;
    let c = plan(&input).unwrap();
    assert_eq!(c.spark_exact.placement.am.overhead_mib, 2048);
    assert_eq!(
        conf_value(&exact_conf(&c), "spark.driver.minMemoryOverhead"),
        None
    );
    assert!(exact_warnings(&c)
        .iter()
        .any(|w| w.code == Code::SettingIgnored
            && w.message.starts_with("spark.driver.minMemoryOverhead")));
}

/// Fix 3: in client mode the driver runs outside YARN; its overhead settings do not touch the
/// small AM (`spark.yarn.am.memory` + max(10 %, 384 MiB)) and are not emitted.
#[test]
fn driver_overhead_leaves_the_client_mode_am_alone() {
    let mut input = PlanInput::default();
    input.spark.deploy_mode = DeployMode::Client;
    input.spark.driver_overhead_mib = Some(2048);
    let c = plan(&input).unwrap();
    let am = c.spark_exact.placement.am;
    assert_eq!((am.heap_mib, am.overhead_mib), (512, 384));
    assert_eq!(
        conf_value(&exact_conf(&c), "spark.driver.memoryOverhead"),
        None
    );
    assert_eq!(am_from_emitted_conf(&input, &c).request, am.request);
}

/// Fix 3: out-of-range driver overhead settings are reported against their own fields.
#[test]
fn driver_overhead_settings_are_validated() {
    let mut input = PlanInput::default();
    input.spark.driver_overhead_factor = 0.0;
    input.spark.driver_overhead_minimum_mib = u64::MAX;
    let errors = plan(&input).unwrap_err().0;
    let fields: Vec<planner::Field> = errors.iter().map(|e| e.field).collect();
    assert_eq!(
        fields,
        [
            planner::Field::DriverOverheadFactor,
            planner::Field::DriverOverheadMinimum
        ]
    );
}

/// A cluster whose maximum allocation (8000 MiB, 4 vcores) is not a multiple of the 1024 MiB
/// rounding step.
fn odd_maximum() -> PlanInput {
    let mut input = PlanInput::default();
    input.scheduler.maximum_allocation = MaximumAllocation::Explicit {
        memory_mb: 8000,
        vcores: 4,
    };
    input
}

fn place_executor(input: &PlanInput, heap_mib: u64) -> CheckedPlacement {
    place(&PlaceInput {
        plan: input.clone(),
        executor_heap_mib: heap_mib,
        executor_cores: 4,
        count: ExecutorCount::Exactly(10),
    })
    .expect("a valid placement")
}

fn has(warnings: &[Warning], code: Code) -> bool {
    warnings.iter().any(|w| w.code == code)
}

/// Fix 2: Hadoop caps a rounded request at the maximum allocation
/// (`DefaultResourceCalculator.normalize`: `min(roundUp(max(ask, minimum), step), maximum)`),
/// and Spark checks only the unrounded sum (`Client.verifyClusterResources`), so a 7g executor
/// (7884 MiB, rounding to 8192) is granted 8000 MiB, not refused.
#[test]
fn a_request_at_or_below_the_maximum_is_granted_the_maximum() {
    let checked = place_executor(&odd_maximum(), 7168);
    let p = &checked.placement;
    assert_eq!(p.executor.request.memory_mib, 7884);
    assert_eq!(p.executor.granted.memory_mib, 8000);
    assert!(!has(&checked.warnings, Code::ExecutorAboveMaximumMemory));
    assert_eq!(p.per_node, 3); // 15 vcores ÷ 4 under the DominantResourceCalculator

    let c = plan(&odd_maximum()).unwrap();
    assert_eq!(c.spark_exact.heap_setting(), "7g");
    assert_eq!(c.spark_exact.placement.executor.granted.memory_mib, 8000);
    let mut mib = odd_maximum();
    mib.policy.granularity = Granularity::Mib;
    let exact = plan(&mib).unwrap().spark_exact;
    // 7273 + ⌊0.1 × 7273⌋ = 8000 is accepted; 7274 + 727 = 8001 is not.
    assert_eq!(exact.heap_mib(), 7273);
    assert_eq!(exact.placement.executor.granted.memory_mib, 8000);
}

/// Fix 2: above the maximum, Spark refuses at submit, in its own words
/// (`org.apache.spark.deploy.yarn.Client.verifyClusterResources`).
#[test]
fn a_request_above_the_maximum_is_refused_in_sparks_words() {
    let checked = place_executor(&odd_maximum(), 7500);
    let p = &checked.placement;
    assert_eq!(p.executor.request.memory_mib, 8250);
    assert_eq!(p.totals.executors, 0);
    let refusal = checked
        .warnings
        .iter()
        .find(|w| w.code == Code::ExecutorAboveMaximumMemory)
        .expect("refused");
    assert_eq!(refusal.severity, Severity::Error);
    assert!(refusal.message.contains(
        "\"Required executor memory (7500 MB), offHeap memory (0) MB, overhead (750 MB), and \
         PySpark memory (0 MB) is above the max threshold (8000 MB) of this cluster! Please \
         check the values of 'yarn.scheduler.maximum-allocation-mb' and/or \
         'yarn.nodemanager.resource.memory-mb'.\""
    ));

    let mut big_driver = odd_maximum();
    big_driver.spark.driver_memory_mib = 8192;
    let checked = place_executor(&big_driver, 4096);
    assert_eq!(checked.placement.am.node, None);
    let refusal = checked
        .warnings
        .iter()
        .find(|w| w.code == Code::AmAboveMaximum)
        .expect("AM refused");
    assert!(refusal.message.contains(
        "\"Required AM memory (8192+819 MB) is above the max threshold (8000 MB) of this cluster!"
    ));
}

/// Fix 1: under the DefaultResourceCalculator each granted container records 1 vcore in the
/// ResourceManager, whatever was asked (Hadoop's `DefaultResourceCalculator.normalize` returns
/// `Resources.createResource(normalizedMemory)`, a resource of 1 vcore), while each executor
/// still runs `spark.executor.cores` tasks at once.
#[test]
fn default_calculator_reports_one_vcore_per_container() {
    let mut input = planner::presets::preset("case3").expect("case3").input;
    input.scheduler.calculator = Calculator::Default;
    let c = plan(&input).unwrap();
    let exact = &c.spark_exact;
    let p = &exact.placement;
    assert_eq!((exact.instances, exact.cores()), (30, 3));
    assert_eq!(p.executor.granted.vcores, 1);
    assert_eq!(p.am.granted.vcores, 1);
    for g in &p.layout {
        for b in g.blocks.iter().filter(|b| b.kind == BlockKind::Executor) {
            assert_eq!(b.vcores(), 1);
        }
    }
    // 30 executors and the AM: what the ResourceManager's "VCores Used" shows.
    assert_eq!(p.totals.granted_vcores, 31);
    assert_eq!(p.totals.task_slots, 90);
    let step = working_steps(&c, Method::SparkExact)
        .into_iter()
        .find(|s| s.title == "Vcores YARN reports")
        .expect("a step explains the vcores");
    assert!(step.detail.contains("31 of 90 vcores used"));
    assert!(step.detail.contains("still runs 3 tasks at once"));
    // The cores really in use fill the nodes: no "vcores unused" finding.
    let warnings = exact_warnings(&c);
    assert!(!warnings.iter().any(|w| w.code == Code::VcoresUnused));
    assert!(warnings.iter().any(|w| w.code == Code::VcoresOvercommitted));

    input.scheduler.calculator = Calculator::Dominant;
    let dominant = plan(&input).unwrap();
    assert_eq!(dominant.spark_exact.placement.executor.granted.vcores, 3);
    assert!(!working_steps(&dominant, Method::SparkExact)
        .iter()
        .any(|s| s.title == "Vcores YARN reports"));
}

/// Numbers first: the derivations a sweep asks for carry the same numbers as the plans the page
/// shows, without any text.
#[test]
fn numbers_only_derivations_match_the_plans() {
    for preset in planner::presets::presets() {
        let v = preset.input.validate().expect("a valid preset");
        let c = planner::plan::plan_validated(&v);
        assert_eq!(rule_of_thumb_numbers(&v), c.rule_of_thumb);
        assert_eq!(spark_exact_numbers(&v), c.spark_exact);
        let planner::plan::Derivation::RuleOfThumb(rule) = &c.rule_of_thumb.derivation else {
            panic!("the rule of thumb's derivation")
        };
        assert_eq!(rule.instances, c.rule_of_thumb.instances);
        assert_eq!(rule.shape.cores, c.rule_of_thumb.cores());
        assert_eq!(rule.heap_mib, c.rule_of_thumb.heap_mib());
        let planner::plan::Derivation::SparkExact(exact) = &c.spark_exact.derivation else {
            panic!("Spark-exact's derivation")
        };
        assert_eq!(exact.heap_mib, c.spark_exact.heap_mib());
        assert_eq!(
            c.spark_exact.placement.totals.executors,
            c.spark_exact.instances
        );
    }
}

/// A share is taken of the decimal the user typed: 18.4 % of 375 slots is 69 (the float product
/// `375.0 * 18.4 / 100.0` is 68.99… and used to floor to 68).
#[test]
fn a_share_is_exact_on_the_typed_decimal() {
    let mut input = planner::presets::preset("case1").expect("case 1").input;
    input.cluster.nodes = 125;
    input.policy.cluster_share_pct = 18.4;
    let c = planner::plan(&input).expect("valid");
    let steps: Vec<String> = working_steps(&c, Method::RuleOfThumb)
        .iter()
        .map(|s| s.detail.clone())
        .collect();
    assert!(
        steps
            .iter()
            .any(|d| d.contains("375") && d.contains("18.4% of them = 69")),
        "{steps:#?}"
    );
    assert_eq!(c.rule_of_thumb.instances, 68, "69 slots, one for the AM");
}

/// An overhead factor prints as the percentage typed: 0.07 is 7 %, not 7.000000000000001 %.
#[test]
fn an_overhead_factor_prints_as_typed() {
    let mut input = planner::presets::preset("case1").expect("case 1").input;
    input.spark.overhead_factor = 0.07;
    let c = planner::plan(&input).expect("valid");
    let methods = [Method::RuleOfThumb, Method::SparkExact];
    let words: Vec<String> = methods
        .iter()
        .flat_map(|m| working_steps(&c, *m).into_iter().map(|s| s.detail))
        .chain(methods.iter().flat_map(|m| {
            planner::plan::warnings(&c, *m)
                .into_iter()
                .map(|w| w.message)
        }))
        .chain(
            planner::plan::differences(&c)
                .into_iter()
                .map(|w| w.message),
        )
        .collect();
    assert!(words.iter().any(|w| w.contains("7%")), "{words:#?}");
    assert!(
        !words.iter().any(|w| w.contains("7.000000000000001")),
        "{words:#?}"
    );
}
