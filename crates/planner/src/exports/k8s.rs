//! Kubernetes exports: the Spark configuration, the `spark-submit` flags and the Spark
//! operator's `SparkApplication` YAML fragment, built from a [`K8sPlan`]'s numbers and the
//! settings it was planned with. They carry what the user asked for: `spark.executor.instances`
//! is the count asked (or, for as many as fit, what fits), never lowered to what fits.

use crate::format::spark_size;
use crate::k8s::{K8sPlan, K8sSpark};
use crate::spark::{keys, AppType};

/// The `--master` of a Kubernetes `spark-submit`, with a placeholder for the API server.
pub const MASTER: &str = "k8s://https://<api-server>";

/// `spark.kubernetes.container.image`'s placeholder: Spark on Kubernetes requires the key
/// (`KubernetesConf`'s `CONTAINER_IMAGE`: "Must specify the driver container image" when
/// unset), and only the user knows the image.
pub const IMAGE: &str = "<spark-image>";

/// The configuration (`--conf` pairs): the deploy mode, the executor pods asked for, and every
/// setting of `spark` that is not Spark's default.
pub fn spark_conf(plan: &K8sPlan, spark: &K8sSpark) -> Vec<(String, String)> {
    let mut conf: Vec<(String, String)> = vec![
        (keys::DEPLOY_MODE.into(), spark.deploy_mode.as_str().into()),
        (keys::K8S_CONTAINER_IMAGE.into(), IMAGE.into()),
        (
            keys::EXECUTOR_INSTANCES.into(),
            exported_instances(plan, spark).to_string(),
        ),
    ];
    conf.extend(spark.conf().into_entries());
    conf.extend(super::gpu_conf(
        &spark.gpus,
        crate::catalog::ClusterManager::Kubernetes,
    ));
    super::push_driver_load_conf(&mut conf, &spark.driver_load);
    conf.extend(crate::dynamic_allocation::allocation_conf(
        &dynamic_allocation(spark),
        crate::catalog::ClusterManager::Kubernetes,
    ));
    conf.extend(crate::workload::sql_conf(&spark.workload, || {
        Some(crate::job_fit::k8s_shape(spark, plan))
    }));
    conf
}

/// The executor count asked for, never above maxExecutors with dynamic allocation on (Spark
/// refuses such a start).
fn exported_instances(plan: &K8sPlan, spark: &K8sSpark) -> u64 {
    match dynamic_allocation(spark).settings.max_executors {
        Some(max) if spark.dynamic_allocation => plan.wanted.min(u64::from(max)),
        _ => plan.wanted,
    }
}

fn dynamic_allocation(spark: &K8sSpark) -> crate::dynamic_allocation::DynamicAllocation {
    crate::dynamic_allocation::DynamicAllocation {
        enabled: spark.dynamic_allocation,
        settings: spark.dynamic_allocation_settings,
    }
}

/// The operator's `spec.dynamicAllocation` block when dynamic allocation is on (its
/// `enabled`, `initialExecutors`, `minExecutors`, `maxExecutors`); the other settings stay in
/// `sparkConf`.
fn dynamic_allocation_yaml(spark: &K8sSpark) -> String {
    let (da, _) = crate::dynamic_allocation::capped_at_max(&dynamic_allocation(spark), 0);
    if !da.enabled {
        return String::new();
    }
    let s = da.settings;
    let mut y = "  dynamicAllocation:\n    enabled: true\n".to_string();
    if let Some(i) = s.initial_executors {
        y += &format!("    initialExecutors: {i}\n");
    }
    y += &format!("    minExecutors: {}\n", s.min_executors);
    if let Some(m) = s.max_executors {
        y += &format!("    maxExecutors: {m}\n");
    }
    y
}

/// `spark-submit` arguments for a Kubernetes plan: the master, then every configuration pair
/// as `--conf key=value`.
///
/// ```
/// use planner::k8s::{plan_k8s, K8sInput};
///
/// let input = K8sInput::default();
/// let plan = plan_k8s(&input).unwrap();
/// let flags = planner::exports::k8s::spark_submit_flags(&plan, &input.spark);
/// assert_eq!(flags[..4], ["--master", "k8s://https://<api-server>", "--conf", "spark.submit.deployMode=cluster"]);
/// ```
pub fn spark_submit_flags(plan: &K8sPlan, spark: &K8sSpark) -> Vec<String> {
    let mut args = vec!["--master".to_string(), MASTER.to_string()];
    for (k, v) in &spark_conf(plan, spark) {
        args.push("--conf".into());
        args.push(format!("{k}={v}"));
    }
    args
}

/// The head of a `SparkApplication` manifest (the Spark operator's `sparkoperator.k8s.io/v1beta2`
/// API: `SparkApplicationSpec`'s `type`, `mode`, `image`, `mainClass`, `mainApplicationFile`
/// and `sparkVersion`), with placeholders in angle brackets where only the user knows the value.
fn manifest_head(spark: &K8sSpark) -> String {
    let (app_type, main) = match spark.app_type {
        AppType::Jvm => (
            "Scala",
            "  mainClass: \"<main-class>\"\n  mainApplicationFile: \"local:///<path-to-app>.jar\"\n",
        ),
        AppType::Python => (
            "Python",
            "  mainApplicationFile: \"local:///<path-to-app>.py\"\n",
        ),
        AppType::R => ("R", "  mainApplicationFile: \"local:///<path-to-app>.R\"\n"),
    };
    format!(
        "apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\nmetadata:\n  \
         name: \"<app-name>\"\n  namespace: \"<namespace>\"\nspec:\n  type: {app_type}\n  \
         mode: {}\n  image: \"{IMAGE}\"\n{main}  sparkVersion: \"{}\"\n",
        spark.deploy_mode.as_str(),
        spark.version.as_str()
    )
}

/// The `SparkApplication` (Spark operator) manifest: the application's placeholders, then the
/// executor and driver resources.
pub fn spark_operator_yaml(plan: &K8sPlan, spark: &K8sSpark) -> String {
    let mut y = manifest_head(spark);
    let pods = plan.pod_specs(spark);
    if let Some(d) = &pods.driver {
        y += &format!(
            "  driver:\n    cores: {}\n    coreRequest: \"{}\"\n    memory: \"{}\"\n    \
             serviceAccount: \"<service-account>\"\n",
            spark.driver_cores,
            d.cpu_request,
            spark_size(spark.driver_memory_mib)
        );
        if let Some(l) = &d.cpu_limit {
            y += &format!("    coreLimit: \"{l}\"\n");
        }
    }
    let initial_only = if spark.dynamic_allocation {
        "  # the initial count: dynamic allocation scales it"
    } else {
        ""
    };
    y += &format!(
        "  executor:\n    instances: {}{initial_only}\n    cores: {}\n    coreRequest: \"{}\"\n    memory: \"{}\"\n",
        exported_instances(plan, spark),
        spark.executor_cores,
        pods.executor.cpu_request,
        spark_size(spark.executor_memory_mib)
    );
    if let Some(l) = &pods.executor.cpu_limit {
        y += &format!("    coreLimit: \"{l}\"\n");
    }
    if let Some(o) = spark.overhead_mib {
        y += &format!("    memoryOverhead: \"{}\"\n", spark_size(o));
    }
    // Settings the driver and executor fields above do not carry but that size the pods or
    // the task slots (off-heap, PySpark memory, the overhead factor and minimums,
    // spark.task.cpus).
    let covered = [
        keys::DEPLOY_MODE,
        keys::K8S_CONTAINER_IMAGE,
        keys::EXECUTOR_INSTANCES,
        keys::EXECUTOR_CORES,
        keys::EXECUTOR_MEMORY,
        keys::EXECUTOR_OVERHEAD,
        keys::DRIVER_MEMORY,
        keys::DRIVER_CORES,
        keys::K8S_EXECUTOR_REQUEST_CORES,
        keys::K8S_EXECUTOR_LIMIT_CORES,
        keys::K8S_DRIVER_REQUEST_CORES,
        keys::K8S_DRIVER_LIMIT_CORES,
        keys::DYNAMIC_ALLOCATION_ENABLED,
        keys::DYNAMIC_ALLOCATION_INITIAL_EXECUTORS,
        keys::DYNAMIC_ALLOCATION_MIN_EXECUTORS,
        keys::DYNAMIC_ALLOCATION_MAX_EXECUTORS,
    ];
    let conf = spark_conf(plan, spark);
    y += &dynamic_allocation_yaml(spark);
    let mut spark_conf_started = false;
    for (k, v) in &conf {
        if covered.contains(&k.as_str()) {
            continue;
        }
        if !spark_conf_started {
            y += "  sparkConf:\n";
            spark_conf_started = true;
        }
        y += &format!("    {k}: \"{v}\"\n");
    }
    y
}
