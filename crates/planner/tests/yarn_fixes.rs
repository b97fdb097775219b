//! The YARN fixes of issue 8, each checked against what Spark or Hadoop does (source cited).

use planner::spark::{
    resources, ClusterManager, DeployMode, ResourceQuery, SparkConf, SparkVersion,
};
use planner::{plan, Comparison, PlanInput};

fn conf_value<'a>(conf: &'a [(String, String)], key: &str) -> Option<&'a str> {
    conf.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

/// What `spark::resources` computes for the AM from a plan's own emitted configuration.
fn am_from_emitted_conf(input: &PlanInput, c: &Comparison) -> planner::spark::AmContainer {
    let conf: SparkConf = c.spark_exact.spark_conf.iter().cloned().collect();
    let query = ResourceQuery {
        conf,
        cluster_manager: ClusterManager::Yarn,
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
    let conf = &c.spark_exact.spark_conf;
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
        conf_value(
            &c.spark_exact.spark_conf,
            "spark.driver.memoryOverheadFactor"
        ),
        Some("0.25")
    );
    assert_eq!(am_from_emitted_conf(&input, &c).overhead_mib, 2048);

    input.spark.driver_overhead_minimum_mib = 3000;
    let c = plan(&input).unwrap();
    assert_eq!(c.spark_exact.placement.am.overhead_mib, 3000);
    assert_eq!(
        conf_value(&c.spark_exact.spark_conf, "spark.driver.minMemoryOverhead"),
        Some("3000m")
    );
    assert_eq!(am_from_emitted_conf(&input, &c).overhead_mib, 3000);

    // Spark 3.5 has no spark.driver.minMemoryOverhead: 384 MiB is the floor.
    input.spark.version = SparkVersion::V3_5;
    let c = plan(&input).unwrap();
    assert_eq!(c.spark_exact.placement.am.overhead_mib, 2048);
    assert_eq!(
        conf_value(&c.spark_exact.spark_conf, "spark.driver.minMemoryOverhead"),
        None
    );
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
        conf_value(&c.spark_exact.spark_conf, "spark.driver.memoryOverhead"),
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
