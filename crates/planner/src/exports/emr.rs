//! Amazon EMR's exports, built from an [`EmrPlan`]'s numbers: the Spark configuration, its
//! `spark-submit` flags, the configuration classifications (`spark-defaults`, and `spark` under
//! `maximizeResourceAllocation`) as JSON, and the lines Spark's `YarnAllocator` logs.

use crate::emr::{EmrPlan, OVERHEAD_FACTOR};
use crate::format::spark_size;
use crate::spark::{keys, DeployMode};

/// Keys `maximizeResourceAllocation` sets itself.
const DERIVED: [&str; 4] = [
    keys::EXECUTOR_INSTANCES,
    keys::EXECUTOR_CORES,
    keys::EXECUTOR_MEMORY,
    keys::DEFAULT_PARALLELISM,
];

/// The configuration: deploy mode, the executor settings, and every setting that differs from
/// EMR's defaults (driver and AM settings only when changed, since EMR's `spark-defaults`
/// already carry its own).
pub fn spark_conf(p: &EmrPlan) -> Vec<(String, String)> {
    let s = &p.settings;
    let mut c: Vec<(String, String)> = Vec::new();
    let mut put = |k: &str, v: String| c.push((k.to_string(), v));
    put(keys::DEPLOY_MODE, s.deploy_mode.as_str().into());
    put(keys::EXECUTOR_INSTANCES, exported_instances(p).to_string());
    put(keys::EXECUTOR_CORES, s.executor_cores.to_string());
    put(keys::EXECUTOR_MEMORY, spark_size(s.executor_memory_mib));
    if let Some(m) = &p.maximized {
        put(DERIVED[3], m.default_parallelism.to_string());
    }
    // The driver's heap: in cluster mode inside the AM, in client mode the JVM on the master
    // node (where only spark-submit's --driver-memory or spark-defaults can still set it).
    if s.driver_memory_mib != 1024 {
        put(keys::DRIVER_MEMORY, spark_size(s.driver_memory_mib));
    }
    match s.deploy_mode {
        DeployMode::Cluster => {
            if s.driver_cores != 1 {
                put(keys::DRIVER_CORES, s.driver_cores.to_string());
            }
        }
        DeployMode::Client => {
            if s.am_memory_mib != 512 {
                put(keys::AM_MEMORY, spark_size(s.am_memory_mib));
            }
            if s.am_cores != 1 {
                put(keys::AM_CORES, s.am_cores.to_string());
            }
            if let Some(o) = s.am_overhead_mib {
                put(keys::AM_OVERHEAD, spark_size(o));
            }
        }
    }
    if s.task_cpus != 1 {
        put(keys::TASK_CPUS, s.task_cpus.to_string());
    }
    for (k, v) in super::gpu_conf(&s.gpus, crate::catalog::ClusterManager::Emr) {
        put(&k, v);
    }
    if let Some(o) = s.executor_overhead_mib {
        put(keys::EXECUTOR_OVERHEAD, spark_size(o));
    }
    if let (DeployMode::Cluster, Some(o)) = (s.deploy_mode, s.driver_overhead_mib) {
        put(keys::DRIVER_OVERHEAD, spark_size(o));
    }
    if s.overhead_factor != OVERHEAD_FACTOR {
        put(
            keys::YARN_EXECUTOR_OVERHEAD_FACTOR,
            crate::fixed::format_f64(s.overhead_factor),
        );
    }
    if !s.heterogeneous_executors {
        put(keys::EMR_HETEROGENEOUS_EXECUTORS, "false".into());
    }
    if let Some(m) = s.max_cores {
        put(keys::EMR_EXECUTOR_MAX_CORES, m.to_string());
    }
    if let Some(m) = s.max_memory_mib {
        put(keys::EMR_EXECUTOR_MAX_MEMORY, spark_size(m));
    }
    c.extend(crate::dynamic_allocation::allocation_conf(
        &dynamic_allocation(p),
        crate::catalog::ClusterManager::Emr,
    ));
    super::push_driver_load_conf(&mut c, &s.driver_load);
    c.extend(crate::workload::sql_conf(&s.workload, || {
        crate::job_fit::emr_shape(p)
    }));
    c
}

fn dynamic_allocation(p: &EmrPlan) -> crate::dynamic_allocation::DynamicAllocation {
    crate::dynamic_allocation::DynamicAllocation {
        enabled: p.settings.dynamic_allocation,
        settings: p.settings.dynamic_allocation_settings,
    }
}

/// `spark.executor.instances` as set, never above maxExecutors with dynamic allocation on
/// (Spark refuses such a start).
fn exported_instances(p: &EmrPlan) -> u32 {
    crate::dynamic_allocation::capped_at_max(&dynamic_allocation(p), p.settings.executors).1
}

/// `spark-submit` arguments for [`spark_conf`] (`--master yarn`, dedicated flags where
/// spark-submit has them).
pub fn submit_flags(p: &EmrPlan) -> Vec<String> {
    super::submit_flags(&spark_conf(p))
}

/// The configuration as EMR classifications, to paste into a cluster definition:
/// `spark-defaults` with every setting except the deploy mode (a `spark-defaults` deploy mode
/// of `cluster` would break `pyspark` and `spark-shell`); under `maximizeResourceAllocation`,
/// the `spark` classification turns it on and `spark-defaults` keeps only what it does not
/// derive.
pub fn classification_json(p: &EmrPlan) -> String {
    classifications(&spark_conf(p), p.maximized.is_some())
}

fn classifications(conf: &[(String, String)], maximize: bool) -> String {
    let mut out = String::from("[");
    if maximize {
        push_classification(&mut out, "spark", &[("maximizeResourceAllocation", "true")]);
    }
    let mut props: Vec<(&str, &str)> = Vec::with_capacity(conf.len());
    for (k, v) in conf {
        let k = k.as_str();
        if k != keys::DEPLOY_MODE && !(maximize && DERIVED.contains(&k)) {
            props.push((k, v.as_str()));
        }
    }
    if !props.is_empty() || !maximize {
        push_classification(&mut out, "spark-defaults", &props);
    }
    out.push_str("\n]");
    out
}

fn push_json_string(out: &mut String, s: &str) {
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn push_classification(out: &mut String, name: &str, props: &[(&str, &str)]) {
    if out.len() > 1 {
        out.push(',');
    }
    out.push_str("\n  {\n    \"Classification\": ");
    push_json_string(out, name);
    out.push_str(",\n    \"Properties\": {");
    for (i, (k, v)) in props.iter().enumerate() {
        out.push_str(if i == 0 { "\n      " } else { ",\n      " });
        push_json_string(out, k);
        out.push_str(": ");
        push_json_string(out, v);
    }
    out.push_str(if props.is_empty() {
        "}\n  }"
    } else {
        "\n    }\n  }"
    });
}

/// The lines Spark's `YarnAllocator` logs for the plan, as EMR's driver logs show them (without
/// timestamps, container ids and hosts): the request, then the first launched executor as YARN
/// records its container and as Spark starts it.
pub fn driver_log(p: &EmrPlan) -> Vec<String> {
    let mut log = vec![format!(
        "INFO YarnAllocator: Will request up to {} executor container(s), each with \
         <memory:{}, max memory:2147483647, vCores:{}, max vCores:2147483647>",
        p.requested, p.request.request.memory_mib, p.request.cores
    )];
    if let Some(l) = p.launched.first() {
        log.push(format!(
            "INFO YarnAllocator: Allocated container for executor with ID 1 with resources \
             <memory:{}, vCores:{}>",
            l.memory_mib, l.yarn_vcores
        ));
        log.push(format!(
            "INFO YarnAllocator: Launching executor with {}m of heap (plus {}m overhead) and {} \
             cores",
            l.heap_mib, l.overhead_mib, l.cores
        ));
    }
    log
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_escapes() {
        let conf = vec![("a\"b".to_string(), "c\\d\n".to_string())];
        let json = classifications(&conf, false);
        assert!(json.contains(r#""a\"b": "c\\d\u000a""#), "{json}");
    }
}
