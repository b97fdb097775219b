//! The run's Spark properties read by the planner's one reader of settings, the configuration
//! check's ([`planner::check::read_pairs`]), and the shape of its executors as Spark computed
//! it.

use planner::check::{self, Format, Origin, Pasted};
use planner::scenario::Scenario;
use planner::spark::keys as k;
use planner::ClusterManager;

use crate::run::Run;

/// Where the application ran, from `spark.master`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "json",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "kebab-case")
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Master {
    /// YARN (Amazon EMR when the Spark version is EMR's build).
    Yarn {
        /// Amazon EMR's build of Spark (`…-amzn-…`).
        emr: bool,
    },
    /// Kubernetes (`k8s://…`).
    Kubernetes,
    /// Spark's standalone cluster manager (`spark://…`) or `local-cluster[…]`.
    Standalone,
    /// Local mode: the driver runs the tasks.
    Local {
        /// `local[N]`'s N (`*`: the machine's cores, not in the log).
        threads: Option<u32>,
    },
    /// Not in the log, or another master (Mesos).
    Other {
        /// `spark.master` as written, if any.
        master: Option<String>,
    },
}

impl Master {
    /// The planner's cluster manager for it, when the planner plans it.
    pub fn manager(&self) -> Option<ClusterManager> {
        match self {
            Master::Yarn { emr: true } => Some(ClusterManager::Emr),
            Master::Yarn { emr: false } => Some(ClusterManager::Yarn),
            Master::Kubernetes => Some(ClusterManager::Kubernetes),
            _ => None,
        }
    }
}

/// The run's settings.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RunSettings {
    /// Where it ran.
    pub master: Master,
    /// `spark.submit.deployMode` (`client` when not set).
    pub deploy_mode: String,
    /// The properties that shape resources (keys the configuration check knows), as Spark
    /// configuration keys and values, in the log's order.
    #[cfg_attr(feature = "json", serde(serialize_with = "crate::json::as_map"))]
    #[cfg_attr(feature = "ts", ts(type = "Record<string, string>"))]
    pub resource_properties: Vec<(String, String)>,
    /// `spark.executor.memory`, MiB (Spark's default 1024).
    pub executor_memory_mib: u64,
    /// `spark.executor.cores` (none: not set; YARN and Kubernetes then use 1, standalone all).
    pub executor_cores: Option<u32>,
    /// `spark.executor.memoryOverhead`, MiB, when set.
    pub executor_overhead_mib: Option<u64>,
    /// `spark.task.cpus`.
    pub task_cpus: u32,
    /// `spark.driver.memory`, MiB.
    pub driver_memory_mib: u64,
    /// `spark.dynamicAllocation.enabled`.
    pub dynamic_allocation: bool,
    /// `spark.executor.instances`, when set.
    pub executor_instances: Option<u32>,
    /// `spark.eventLog.logStageExecutorMetrics`.
    pub stage_metrics_logged: bool,
    /// `spark.executor.processTreeMetrics.enabled`.
    pub process_tree_metrics: bool,
    /// What the check's reader found about the settings (deprecated keys, values Spark
    /// refuses), in its words.
    pub notes: Vec<String>,
    /// The settings as read, for placing them with the planner.
    #[cfg_attr(feature = "json", serde(skip))]
    pub pasted: Pasted,
    /// Spark's overhead rule with the run's settings (`spark.executor.memoryOverhead`, or its
    /// factor and minimum).
    #[cfg_attr(feature = "json", serde(skip))]
    pub overhead_rule: planner::spark::OverheadRule,
}

/// Reads the run's settings.
pub fn read(run: &Run) -> RunSettings {
    let origin = Origin {
        format: Format::EventLog,
        line: run
            .properties_at
            .as_ref()
            .map_or(0, |l| u32::try_from(l.line).unwrap_or(u32::MAX)),
    };
    let pairs = run
        .spark_properties
        .iter()
        .map(|(key, value)| (key.as_str(), value.as_str()));
    let mut pasted = check::read_pairs(pairs, origin);
    pasted.spark_version = run
        .app
        .spark_version
        .as_deref()
        .and_then(planner::spark::SparkVersion::parse)
        .map(|v| (v, origin));
    let master = master_of(run);
    let manager = master.manager().unwrap_or(ClusterManager::Yarn);
    let applied = check::apply_settings(&pasted, &Scenario::default_for(manager));
    let overhead_rule = match check::apply_settings(&pasted, &Scenario::default()).scenario {
        Scenario::Yarn(input) => input.spark.overhead_rule(),
        _ => planner::SparkSettings::default().overhead_rule(),
    };
    let flag = |key: &str| run.property(key).is_some_and(|v| v.trim() == "true");
    let mib = |key: &str| {
        run.property(key)
            .and_then(|v| planner::units::conf_bytes(v, planner::units::ByteUnit::MiB).ok())
            .and_then(|b| u64::try_from(b).ok())
    };
    let int = |key: &str| run.property(key).and_then(|v| v.trim().parse::<u32>().ok());
    RunSettings {
        master,
        deploy_mode: run.property(k::DEPLOY_MODE).unwrap_or("client").to_string(),
        resource_properties: pasted
            .effective()
            .into_iter()
            .filter(|e| check::keys::known(&e.key).is_some_and(|k| !k.link_code.is_empty()))
            .map(|e| (e.key, e.value))
            .collect(),
        executor_memory_mib: applied.executor_heap_mib,
        executor_cores: int(k::EXECUTOR_CORES).filter(|&c| c > 0),
        executor_overhead_mib: mib(k::EXECUTOR_OVERHEAD),
        task_cpus: int(k::TASK_CPUS).filter(|&c| c > 0).unwrap_or(1),
        driver_memory_mib: mib(k::DRIVER_MEMORY).unwrap_or(1024),
        dynamic_allocation: flag(k::DYNAMIC_ALLOCATION_ENABLED),
        executor_instances: int(k::EXECUTOR_INSTANCES),
        stage_metrics_logged: flag("spark.eventLog.logStageExecutorMetrics"),
        process_tree_metrics: flag("spark.executor.processTreeMetrics.enabled"),
        notes: pasted
            .findings
            .iter()
            .filter(|f| {
                !matches!(
                    f.kind,
                    check::FindingKind::Empty | check::FindingKind::Misspelt { .. }
                )
            })
            .map(|f| check::words::finding_message(f, manager))
            .collect(),
        pasted,
        overhead_rule,
    }
}

/// Where the run ran: `spark.master`, with EMR told by its Spark build.
fn master_of(run: &Run) -> Master {
    let master = run.property(k::MASTER).map(str::trim);
    let emr = run
        .app
        .spark_version
        .as_deref()
        .is_some_and(|v| v.contains("amzn"));
    match master {
        Some(m) if m == "yarn" || m.starts_with("yarn-") => Master::Yarn { emr },
        Some(m) if m.starts_with("k8s://") => Master::Kubernetes,
        Some(m) if m.starts_with("spark://") || m.starts_with("local-cluster") => {
            Master::Standalone
        }
        Some(m) if m == "local" || m.starts_with("local[") => {
            let inside = m.trim_start_matches("local").trim_matches(['[', ']']);
            let threads = if m == "local" {
                Some(1)
            } else {
                inside.split(',').next().and_then(|t| t.parse().ok())
            };
            Master::Local { threads }
        }
        other => Master::Other {
            master: other.map(str::to_string),
        },
    }
}
