//! Exports: what a plan is turned into for a person to paste — the Spark configuration as
//! ordered key/value pairs and as `spark-submit` flags (here), and each cluster manager's own
//! formats in its submodule. Exports are built from a plan's numbers, never the other way round.

pub mod emr;
pub mod k8s;

use crate::format::spark_size;
use crate::input::{Method, SparkSettings};
use crate::plan::Comparison;
use crate::spark::{
    keys, AppType, DeployMode, SparkVersion, DEFAULT_OVERHEAD_FACTOR, MIN_OVERHEAD_MIB,
};

/// The configuration of `method`'s plan in a YARN comparison: its executors, cores and heap,
/// and the input's settings that differ from Spark's defaults.
pub fn yarn_spark_conf(c: &Comparison, method: Method) -> Vec<(String, String)> {
    let p = c.plan_of(method);
    let spark = &c.input.input.spark;
    let mut conf = spark_conf(spark, p.instances, p.cores(), p.heap_mib());
    conf.extend(crate::workload::sql_conf(&spark.workload, || {
        Some(crate::job_fit::yarn_shape(spark, p))
    }));
    conf
}

/// What the driver's load sets: `spark.driver.maxResultSize` when it is not Spark's 1g (`0`
/// for no limit), so that the job the form checked is the job the export runs.
pub fn push_driver_load_conf(c: &mut Vec<(String, String)>, load: &crate::driver::DriverLoad) {
    let mib = load.max_result_size_mib;
    if mib != crate::driver::DEFAULT_MAX_RESULT_SIZE_MIB {
        let value = if mib == 0 {
            "0".to_string()
        } else {
            spark_size(mib)
        };
        c.push((keys::DRIVER_MAX_RESULT_SIZE.to_string(), value));
    }
}

/// Where Spark's example GPU discovery script is in Apache Spark's own images and
/// distributions (`$SPARK_HOME` is `/opt/spark` in them): neither YARN nor Kubernetes tells an
/// executor the addresses of its GPUs, so Spark runs this script at start (Spark's
/// `running-on-yarn.md` and `running-on-kubernetes.md`, "Resource Allocation and Configuration
/// Overview").
pub const SPARK_GPU_DISCOVERY_SCRIPT: &str =
    "/opt/spark/examples/src/main/scripts/getGpusResources.sh";

/// Where EMR installs the GPU discovery script on its nodes (the EMR Release Guide's
/// "Use the Nvidia RAPIDS Accelerator for Apache Spark").
pub const EMR_GPU_DISCOVERY_SCRIPT: &str = "/usr/lib/spark/scripts/gpu/getGpusResources.sh";

/// The vendor of the GPUs Kubernetes pods ask for (`nvidia.com/gpu`, the NVIDIA device
/// plugin's resource): Spark refuses a Kubernetes resource without one.
pub const KUBERNETES_GPU_VENDOR: &str = "nvidia.com";

/// The GPU settings of a plan whose executors ask for GPUs: the amounts, the discovery script,
/// and on Kubernetes the vendor; nothing when they ask for none.
pub fn gpu_conf(
    gpus: &crate::resources::GpuAsk,
    m: crate::catalog::ClusterManager,
) -> Vec<(String, String)> {
    use crate::catalog::ClusterManager;
    let mut c: Vec<(String, String)> = Vec::new();
    if gpus.executor == 0 {
        return c;
    }
    let mut put = |k: &str, v: String| c.push((k.to_string(), v));
    put(keys::EXECUTOR_GPU_AMOUNT, gpus.executor.to_string());
    if gpus.task > 0 {
        put(keys::TASK_GPU_AMOUNT, gpus.task_words());
    }
    let script = match m {
        ClusterManager::Emr => EMR_GPU_DISCOVERY_SCRIPT,
        ClusterManager::Yarn | ClusterManager::Kubernetes => SPARK_GPU_DISCOVERY_SCRIPT,
    };
    put(keys::EXECUTOR_GPU_DISCOVERY_SCRIPT, script.to_string());
    if m == ClusterManager::Kubernetes {
        put(keys::EXECUTOR_GPU_VENDOR, KUBERNETES_GPU_VENDOR.to_string());
    }
    c
}

/// `spark.task.cpus`, the driver's result limit and the memory fractions, where they are not
/// Spark's defaults.
fn task_and_memory_conf(spark: &SparkSettings) -> Vec<(String, String)> {
    let mut c: Vec<(String, String)> = Vec::new();
    if spark.task_cpus != 1 {
        c.push((keys::TASK_CPUS.into(), spark.task_cpus.to_string()));
    }
    push_driver_load_conf(&mut c, &spark.driver_load);
    if spark.memory_fraction != 0.6 {
        let v = crate::fixed::format_f64(spark.memory_fraction);
        c.push((keys::MEMORY_FRACTION.into(), v));
    }
    if spark.storage_fraction != 0.5 {
        let v = crate::fixed::format_f64(spark.storage_fraction);
        c.push((keys::STORAGE_FRACTION.into(), v));
    }
    c
}

/// Builds the configuration for `instances` executors of `heap_mib` and `cores`, plus every
/// setting in `spark` that differs from Spark's default. Memory values are in forms Spark
/// accepts (`19g`, `19549m`).
pub fn spark_conf(
    spark: &SparkSettings,
    instances: u32,
    cores: u32,
    heap_mib: u64,
) -> Vec<(String, String)> {
    let da = crate::dynamic_allocation::DynamicAllocation {
        enabled: spark.dynamic_allocation,
        settings: spark.dynamic_allocation_settings,
    };
    // Never a start above maxExecutors, which Spark refuses.
    let (_, instances) = crate::dynamic_allocation::capped_at_max(&da, instances);
    let mut c: Vec<(String, String)> = Vec::new();
    let mut put = |k: &str, v: String| c.push((k.to_string(), v));
    put(keys::DEPLOY_MODE, spark.deploy_mode.as_str().into());
    put(keys::EXECUTOR_INSTANCES, instances.to_string());
    put(keys::EXECUTOR_CORES, cores.to_string());
    put(keys::EXECUTOR_MEMORY, spark_size(heap_mib));
    put(keys::DRIVER_MEMORY, spark_size(spark.driver_memory_mib));
    put(keys::DRIVER_CORES, spark.driver_cores.to_string());
    if spark.deploy_mode == DeployMode::Cluster {
        // In cluster mode the driver's overhead sizes the ApplicationMaster container.
        overhead_conf(
            &mut put,
            [
                keys::DRIVER_OVERHEAD,
                keys::DRIVER_OVERHEAD_FACTOR,
                keys::DRIVER_MIN_OVERHEAD,
            ],
            spark.version,
            (
                spark.driver_overhead_mib,
                spark.driver_overhead_factor,
                spark.driver_overhead_minimum_mib,
            ),
        );
    }
    if spark.deploy_mode == DeployMode::Client {
        if spark.am_memory_mib != 512 {
            put(keys::AM_MEMORY, spark_size(spark.am_memory_mib));
        }
        if spark.am_cores != 1 {
            put(keys::AM_CORES, spark.am_cores.to_string());
        }
        if let Some(o) = spark.am_overhead_mib {
            put(keys::AM_OVERHEAD, spark_size(o));
        }
    }
    overhead_conf(
        &mut put,
        [
            keys::EXECUTOR_OVERHEAD,
            keys::EXECUTOR_OVERHEAD_FACTOR,
            keys::EXECUTOR_MIN_OVERHEAD,
        ],
        spark.version,
        (
            spark.executor_overhead_mib,
            spark.overhead_factor,
            spark.overhead_minimum_mib,
        ),
    );
    if spark.offheap.enabled {
        put(keys::OFFHEAP_ENABLED, "true".into());
        put(keys::OFFHEAP_SIZE, spark_size(spark.offheap.size_mib));
    }
    if spark.app_type == AppType::Python && spark.pyspark_memory_mib > 0 {
        put(keys::PYSPARK_MEMORY, spark_size(spark.pyspark_memory_mib));
    }
    c.extend(task_and_memory_conf(spark));
    c.extend(gpu_conf(&spark.gpus, crate::catalog::ClusterManager::Yarn));
    c.extend(crate::dynamic_allocation::allocation_conf(
        &da,
        crate::catalog::ClusterManager::Yarn,
    ));
    c
}

/// One side's overhead settings that differ from Spark's defaults, under `keys` (explicit,
/// factor, minimum): the explicit overhead replaces the other two, and the minimum exists from
/// Spark 4.0. `(explicit, factor, minimum)` are the settings' values.
fn overhead_conf(
    put: &mut impl FnMut(&str, String),
    keys: [&str; 3],
    version: SparkVersion,
    (explicit, factor, minimum): (Option<u64>, f64, u64),
) {
    let [explicit_key, factor_key, minimum_key] = keys;
    if let Some(mib) = explicit {
        put(explicit_key, spark_size(mib));
        return;
    }
    if factor != DEFAULT_OVERHEAD_FACTOR {
        put(factor_key, crate::fixed::format_f64(factor));
    }
    if version == SparkVersion::V4_0 && minimum != MIN_OVERHEAD_MIB {
        put(minimum_key, spark_size(minimum));
    }
}

/// Turns configuration pairs into `spark-submit` arguments for YARN: the keys that have a
/// dedicated flag use it (`--num-executors 17`), the rest become `--conf key=value`.
///
/// ```
/// let flags = planner::exports::submit_flags(&[
///     ("spark.executor.instances".to_string(), "17".to_string()),
///     ("spark.executor.memory".to_string(), "19g".to_string()),
/// ]);
/// assert_eq!(flags, ["--master", "yarn", "--num-executors", "17", "--executor-memory", "19g"]);
/// ```
pub fn submit_flags(conf: &[(String, String)]) -> Vec<String> {
    let mut out = vec!["--master".to_string(), "yarn".to_string()];
    for (k, v) in conf {
        let flag = match k.as_str() {
            keys::DEPLOY_MODE => "--deploy-mode",
            keys::EXECUTOR_INSTANCES => "--num-executors",
            keys::EXECUTOR_CORES => "--executor-cores",
            keys::EXECUTOR_MEMORY => "--executor-memory",
            keys::DRIVER_MEMORY => "--driver-memory",
            keys::DRIVER_CORES => "--driver-cores",
            _ => {
                out.push("--conf".to_string());
                out.push(format!("{k}={v}"));
                continue;
            }
        };
        out.push(flag.to_string());
        out.push(v.clone());
    }
    out
}

/// A `spark-submit` command to paste into a shell: each flag with its value on its own line
/// (joined by ` \` continuations), then a placeholder for the application.
///
/// ```
/// let args = ["--master".to_string(), "yarn".to_string()];
/// assert_eq!(planner::exports::submit_command(&args), "spark-submit \\\n  --master yarn \\\n  <your-app>");
/// ```
pub fn submit_command(args: &[String]) -> String {
    let mut lines = vec!["spark-submit".to_string()];
    let mut i = 0;
    while i < args.len() {
        match args.get(i + 1) {
            Some(value) if args[i].starts_with("--") => {
                lines.push(format!("  {} {}", args[i], value));
                i += 2;
            }
            _ => {
                lines.push(format!("  {}", args[i]));
                i += 1;
            }
        }
    }
    lines.push("  <your-app>".to_string());
    crate::text::join(&lines, " \\\n")
}
