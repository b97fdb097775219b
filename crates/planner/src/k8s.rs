//! Kubernetes: executor and driver pods exactly as Spark writes them into the pod spec, CPU
//! quantities (`0.5`, `500m`, `1.5`), and packing pods onto nodes by their CPU and memory
//! requests (seed 002: fractional CPU requests keep task parallelism while reserving fewer CPUs).

use std::fmt;

use crate::input::OffHeap;
use crate::place::{container_parts, spread, ExecutorCount, Part};
use crate::spark::{
    keys, AppType, DeployMode, ExecutorMemory, OverheadRule, PodResources, SparkConf, SparkVersion,
    MIN_OVERHEAD_MIB,
};

/// The pods Spark writes, before packing.
struct Pods {
    executor: PodResources,
    driver: Option<PodResources>,
    executor_overhead_factor: f64,
}
use crate::units::format_spark_mib;
use crate::warning::{Code, Severity, Warning};

/// A CPU quantity that Kubernetes would not accept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CpuError {
    /// The text given.
    pub text: String,
}

impl fmt::Display for CpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a CPU quantity: use cores (2, 0.5, 1.5) or millicores (500m)",
            self.text
        )
    }
}

impl std::error::Error for CpuError {}

/// Reads a Kubernetes CPU quantity into millicores: `2` → 2000, `0.5` → 500, `500m` → 500,
/// `1.5` → 1500. Kubernetes keeps millicore precision, so finer fractions round up, as the API
/// server does (`0.0001` → 1).
pub fn parse_cpu_millis(text: &str) -> Result<u64, CpuError> {
    let err = || CpuError {
        text: text.to_string(),
    };
    let t = text.trim();
    let (number, scale) = match t.strip_suffix('m') {
        Some(n) => (n, 1u64),
        None => (t, 1000u64),
    };
    let (whole, frac) = number.split_once('.').unwrap_or((number, ""));
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if (whole.is_empty() && frac.is_empty()) || !digits(whole) || !digits(frac) {
        return Err(err());
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| err())?
    };
    let mut millis = whole.checked_mul(scale).ok_or_else(err)?;
    // Fractional digits: scale them to millicores, rounding any remainder up.
    let mut unit = scale;
    let mut remainder = false;
    for d in frac.bytes().map(|b| u64::from(b - b'0')) {
        if unit >= 10 {
            unit /= 10;
            millis = millis.checked_add(d * unit).ok_or_else(err)?;
        } else if d > 0 {
            remainder = true;
        }
    }
    if remainder {
        millis = millis.checked_add(1).ok_or_else(err)?;
    }
    Ok(millis)
}

/// Writes millicores as cores where exact (`2`, `0.5`), else as `1234m`.
pub fn format_cpu(millis: u64) -> String {
    if millis.is_multiple_of(1000) {
        format!("{}", millis / 1000)
    } else if millis.is_multiple_of(100) {
        format!("{}.{}", millis / 1000, (millis % 1000) / 100)
    } else {
        format!("{millis}m")
    }
}

/// Millicores as a count of cores for people to read (`124.16`, `2`, `0.25`): up to three
/// decimals, never the `m` form, for totals where `124160m` would be hard to take in.
pub fn format_cores(millis: u64) -> String {
    let frac = format!("{:03}", millis % 1000);
    let frac = frac.trim_end_matches('0');
    if frac.is_empty() {
        (millis / 1000).to_string()
    } else {
        format!("{}.{frac}", millis / 1000)
    }
}

/// The nodes pods run on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct K8sNodes {
    /// Number of worker nodes.
    pub nodes: u32,
    /// CPU capacity per node, in millicores.
    pub capacity_cpu_millis: u64,
    /// Memory capacity per node, in MiB.
    pub capacity_memory_mib: u64,
    /// kube-reserved + system-reserved CPU, in millicores (allocatable = capacity − this).
    pub reserved_cpu_millis: u64,
    /// kube-reserved + system-reserved memory plus the eviction threshold, in MiB.
    pub reserved_memory_mib: u64,
    /// CPU requested by daemonsets on every node, in millicores.
    pub daemonset_cpu_millis: u64,
    /// Memory requested by daemonsets on every node, in MiB.
    pub daemonset_memory_mib: u64,
}

impl Default for K8sNodes {
    /// Eight 16-CPU, 64 GiB nodes with typical managed-cluster reservations.
    fn default() -> K8sNodes {
        K8sNodes {
            nodes: 8,
            capacity_cpu_millis: 16_000,
            capacity_memory_mib: 65_536,
            reserved_cpu_millis: 180,
            reserved_memory_mib: 2_662,
            daemonset_cpu_millis: 300,
            daemonset_memory_mib: 512,
        }
    }
}

/// Spark settings for pods.
#[derive(Debug, Clone, PartialEq)]
pub struct K8sSpark {
    /// Spark release line.
    pub version: SparkVersion,
    /// Cluster (driver pod) or client (driver outside the cluster).
    pub deploy_mode: DeployMode,
    /// JVM, Python or R.
    pub app_type: AppType,
    /// `spark.executor.cores`: task slots per executor (with `spark.task.cpus`).
    pub executor_cores: u32,
    /// `spark.executor.memory` in MiB.
    pub executor_memory_mib: u64,
    /// `spark.kubernetes.executor.request.cores` (`0.5`, `500m`), when set.
    pub request_cores: Option<String>,
    /// `spark.kubernetes.executor.limit.cores`, when set.
    pub limit_cores: Option<String>,
    /// `spark.task.cpus`.
    pub task_cpus: u32,
    /// `spark.executor.memoryOverheadFactor`, when set (else 0.1, or 0.4 for cluster-mode
    /// Python and R apps).
    pub overhead_factor: Option<f64>,
    /// `spark.executor.memoryOverhead` in MiB, when set.
    pub overhead_mib: Option<u64>,
    /// Off-heap memory.
    pub offheap: OffHeap,
    /// `spark.executor.pyspark.memory` in MiB (0 = unset).
    pub pyspark_memory_mib: u64,
    /// `spark.driver.memory` in MiB.
    pub driver_memory_mib: u64,
    /// `spark.driver.cores`.
    pub driver_cores: u32,
    /// `spark.kubernetes.driver.request.cores`, when set.
    pub driver_request_cores: Option<String>,
    /// `spark.kubernetes.driver.limit.cores`, when set.
    pub driver_limit_cores: Option<String>,
}

impl Default for K8sSpark {
    fn default() -> K8sSpark {
        K8sSpark {
            version: SparkVersion::V4_0,
            deploy_mode: DeployMode::Cluster,
            app_type: AppType::Jvm,
            executor_cores: 2,
            executor_memory_mib: 6144,
            request_cores: None,
            limit_cores: None,
            task_cpus: 1,
            overhead_factor: None,
            overhead_mib: None,
            offheap: OffHeap::default(),
            pyspark_memory_mib: 0,
            driver_memory_mib: 1024,
            driver_cores: 1,
            driver_request_cores: None,
            driver_limit_cores: None,
        }
    }
}

impl K8sSpark {
    /// The Spark configuration these settings stand for.
    pub fn conf(&self) -> SparkConf {
        let mut c = SparkConf::new();
        c.set(keys::EXECUTOR_CORES, self.executor_cores.to_string());
        c.set(
            keys::EXECUTOR_MEMORY,
            format_spark_mib(self.executor_memory_mib),
        );
        c.set(
            keys::DRIVER_MEMORY,
            format_spark_mib(self.driver_memory_mib),
        );
        c.set(keys::DRIVER_CORES, self.driver_cores.to_string());
        if self.task_cpus != 1 {
            c.set(keys::TASK_CPUS, self.task_cpus.to_string());
        }
        let optional = [
            (keys::K8S_EXECUTOR_REQUEST_CORES, &self.request_cores),
            (keys::K8S_EXECUTOR_LIMIT_CORES, &self.limit_cores),
            (keys::K8S_DRIVER_REQUEST_CORES, &self.driver_request_cores),
            (keys::K8S_DRIVER_LIMIT_CORES, &self.driver_limit_cores),
        ];
        for (k, v) in optional {
            if let Some(v) = v {
                c.set(k, v.trim());
            }
        }
        if let Some(f) = self.overhead_factor {
            c.set(keys::EXECUTOR_OVERHEAD_FACTOR, crate::decimal::shortest(f));
        }
        if let Some(m) = self.overhead_mib {
            c.set(keys::EXECUTOR_OVERHEAD, format_spark_mib(m));
        }
        if self.offheap.enabled {
            c.set(keys::OFFHEAP_ENABLED, "true");
            c.set(keys::OFFHEAP_SIZE, format_spark_mib(self.offheap.size_mib));
        }
        if self.pyspark_memory_mib > 0 {
            c.set(
                keys::PYSPARK_MEMORY,
                format_spark_mib(self.pyspark_memory_mib),
            );
        }
        c
    }
}

/// Everything [`plan_k8s`] needs.
#[derive(Debug, Clone, PartialEq)]
pub struct K8sInput {
    /// The nodes.
    pub nodes: K8sNodes,
    /// Spark settings.
    pub spark: K8sSpark,
    /// How many executor pods.
    pub count: ExecutorCount,
}

impl Default for K8sInput {
    fn default() -> K8sInput {
        K8sInput {
            nodes: K8sNodes::default(),
            spark: K8sSpark::default(),
            count: ExecutorCount::Exactly(16),
        }
    }
}

/// What a block of a node holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PodBlockKind {
    /// Kept by the kubelet and the system (capacity − allocatable).
    Reserved,
    /// Daemonset pods.
    DaemonSets,
    /// The driver pod.
    Driver,
    /// One executor pod.
    Executor,
    /// Left free.
    Unused,
}

/// A block of a node's CPU and memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodBlock {
    /// What it holds.
    pub kind: PodBlockKind,
    /// CPU requested, in millicores.
    pub cpu_millis: u64,
    /// Memory requested, in MiB.
    pub memory_mib: u64,
    /// Memory parts (pods only).
    pub parts: Vec<Part>,
}

/// Consecutive nodes with the same pods.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodGroup {
    /// First node, 1-based.
    pub first_node: u32,
    /// Last node, inclusive.
    pub last_node: u32,
    /// Blocks of each of these nodes.
    pub blocks: Vec<PodBlock>,
}

impl PodGroup {
    /// Executor pods on each node of the group.
    pub fn executors_per_node(&self) -> u32 {
        self.blocks
            .iter()
            .filter(|b| b.kind == PodBlockKind::Executor)
            .count() as u32
    }
}

/// Sums over the layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct K8sTotals {
    /// Executor pods placed.
    pub executors: u32,
    /// Tasks at once: executors × (cores ÷ task.cpus).
    pub task_slots: u64,
    /// CPU requested by Spark's pods (driver included), in millicores.
    pub cpu_requested_millis: u64,
    /// Memory requested by Spark's pods, in MiB.
    pub memory_requested_mib: u64,
    /// Allocatable CPU left for pods after daemonsets, all nodes, in millicores.
    pub cpu_available_millis: u64,
    /// Allocatable memory left after daemonsets, all nodes, in MiB.
    pub memory_available_mib: u64,
}

/// The result of [`plan_k8s`].
#[derive(Debug, Clone, PartialEq)]
pub struct K8sPlan {
    /// The executor pod as Spark writes it.
    pub executor: PodResources,
    /// Heap, overhead, off-heap and pyspark of the executor container, in MiB.
    pub executor_memory: crate::spark::ExecutorMemory,
    /// The executor CPU request in millicores.
    pub executor_cpu_millis: u64,
    /// The overhead factor Spark used.
    pub overhead_factor: f64,
    /// The driver pod (cluster mode).
    pub driver: Option<PodResources>,
    /// Executor pods that fit on a node beside daemonsets.
    pub per_node: u64,
    /// Executor pods the cluster holds with the driver in place.
    pub capacity: u64,
    /// Per-node layout.
    pub layout: Vec<PodGroup>,
    /// Totals.
    pub totals: K8sTotals,
    /// Derivation steps.
    pub working: Vec<crate::plan::Step>,
    /// Findings.
    pub warnings: Vec<Warning>,
    /// The Spark configuration (`--conf` pairs).
    pub spark_conf: Vec<(String, String)>,
}

/// Why a Kubernetes input cannot be planned.
#[derive(Debug, Clone, PartialEq)]
pub enum K8sError {
    /// A CPU quantity did not parse.
    Cpu {
        /// The configuration key.
        key: &'static str,
        /// The error.
        error: CpuError,
    },
    /// A value outside what Spark or Kubernetes accept.
    Range {
        /// What.
        what: &'static str,
        /// The value.
        value: String,
        /// What is allowed.
        allowed: String,
    },
}

impl fmt::Display for K8sError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            K8sError::Cpu { key, error } => write!(f, "{key}: {error}"),
            K8sError::Range {
                what,
                value,
                allowed,
            } => write!(f, "{what} is {value}; allowed: {allowed}"),
        }
    }
}

impl std::error::Error for K8sError {}

/// Every problem found in a Kubernetes input, in form order (never empty).
#[derive(Debug, Clone, PartialEq)]
pub struct K8sErrors(pub Vec<K8sError>);

impl fmt::Display for K8sErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for K8sErrors {}

/// `lo..=hi`; the value and the bounds are written with `unit` (`" MiB"`, `"m"` or `""`).
fn range(what: &'static str, value: u64, lo: u64, hi: u64, unit: &str) -> Result<(), K8sError> {
    if (lo..=hi).contains(&value) {
        Ok(())
    } else {
        Err(K8sError::Range {
            what,
            value: format!("{value}{unit}"),
            allowed: format!("{lo}{unit} to {hi}{unit}"),
        })
    }
}

fn cpu(key: &'static str, text: &str) -> Result<u64, K8sError> {
    parse_cpu_millis(text).map_err(|error| K8sError::Cpu { key, error })
}

/// Plans executor pods on Kubernetes nodes: the pod resources Spark writes, how many fit per
/// node (by CPU request and memory), the driver pod on node 1, and the resulting layout.
///
/// ```
/// use planner::k8s::{plan_k8s, K8sInput};
///
/// let mut input = K8sInput::default(); // 16 executors × 2 cores × 6g
/// let full = plan_k8s(&input).unwrap();
/// input.spark.request_cores = Some("0.5".into());
/// let half = plan_k8s(&input).unwrap();
/// assert_eq!(full.totals.task_slots, half.totals.task_slots); // parallelism unchanged
/// assert_eq!(full.totals.cpu_requested_millis, 33_000); // 16 × 2 + the driver's 1
/// assert_eq!(half.totals.cpu_requested_millis, 9_000); //  16 × 0.5 + 1
/// ```
pub fn plan_k8s(input: &K8sInput) -> Result<K8sPlan, K8sErrors> {
    let n = &input.nodes;
    let s = &input.spark;
    let mut errors: Vec<K8sError> = [
        range("Nodes", u64::from(n.nodes), 1, 100_000, ""),
        range(
            "CPU per node (millicores)",
            n.capacity_cpu_millis,
            1,
            4_096_000,
            "m",
        ),
        range(
            "Memory per node (MiB)",
            n.capacity_memory_mib,
            1,
            1 << 26,
            " MiB",
        ),
    ]
    .into_iter()
    .filter_map(Result::err)
    .collect();
    // What the kubelet, the system and the daemonsets hold back must leave room for pods.
    let held = |what: &'static str, reserved: u64, daemonsets: u64, capacity: u64, cpu: bool| {
        let show = |v: u64| {
            if cpu {
                format!("{} CPU", format_cores(v))
            } else {
                format!("{v} MiB")
            }
        };
        (capacity > 0 && reserved.saturating_add(daemonsets) >= capacity).then(|| K8sError::Range {
            what,
            value: show(reserved),
            allowed: if daemonsets > 0 {
                format!(
                    "less than the node's {} minus the daemonsets' {}",
                    show(capacity),
                    show(daemonsets)
                )
            } else {
                format!("less than the node's {}", show(capacity))
            },
        })
    };
    errors.extend(held(
        "Reserved CPU",
        n.reserved_cpu_millis,
        n.daemonset_cpu_millis,
        n.capacity_cpu_millis,
        true,
    ));
    errors.extend(held(
        "Reserved memory",
        n.reserved_memory_mib,
        n.daemonset_memory_mib,
        n.capacity_memory_mib,
        false,
    ));
    errors.extend(
        [
            range(
                "spark.executor.cores",
                u64::from(s.executor_cores),
                1,
                4096,
                "",
            ),
            range(
                "spark.executor.memory (MiB)",
                s.executor_memory_mib,
                1,
                1 << 26,
                " MiB",
            ),
            range(
                "spark.task.cpus",
                u64::from(s.task_cpus),
                1,
                u64::from(s.executor_cores.max(1)),
                "",
            ),
            range(
                "spark.driver.memory (MiB)",
                s.driver_memory_mib,
                1,
                1 << 26,
                " MiB",
            ),
            range("spark.driver.cores", u64::from(s.driver_cores), 1, 4096, ""),
        ]
        .into_iter()
        .filter_map(Result::err),
    );
    let node_cpu = n
        .capacity_cpu_millis
        .saturating_sub(n.reserved_cpu_millis)
        .saturating_sub(n.daemonset_cpu_millis);
    let node_mem = n
        .capacity_memory_mib
        .saturating_sub(n.reserved_memory_mib)
        .saturating_sub(n.daemonset_memory_mib);

    // Spark's own pod math (BasicExecutorFeatureStep / BasicDriverFeatureStep), typed: a
    // cluster-mode Python or R app gets the 0.4 default factor, propagated to executors; the
    // driver keeps that default even when the executor factor is set. tests/k8s.rs checks this
    // against `spark::resources` on random inputs.
    let non_jvm_cluster = s.deploy_mode == DeployMode::Cluster && s.app_type != AppType::Jvm;
    let default_factor = if non_jvm_cluster {
        crate::spark::NON_JVM_OVERHEAD_FACTOR
    } else {
        0.1
    };
    let factor = s.overhead_factor.unwrap_or(default_factor);
    if !(factor.is_finite() && factor > 0.0) {
        errors.push(K8sError::Range {
            what: "spark.executor.memoryOverheadFactor",
            value: crate::decimal::shortest(factor),
            allowed: "a number greater than 0".into(),
        });
    }
    if s.offheap.enabled && s.offheap.size_mib == 0 {
        errors.push(K8sError::Range {
            what: "spark.memory.offHeap.size",
            value: "0".into(),
            allowed: "more than 0 when off-heap memory is on".into(),
        });
    }
    let rule = match s.overhead_mib {
        Some(mib) => OverheadRule::Explicit(mib),
        None => OverheadRule::Formula {
            factor,
            minimum_mib: MIN_OVERHEAD_MIB,
        },
    };
    let is_python = s.app_type == AppType::Python && s.deploy_mode == DeployMode::Cluster;
    let m = ExecutorMemory {
        heap_mib: s.executor_memory_mib,
        overhead_mib: rule.overhead_mib(s.executor_memory_mib),
        offheap_mib: if s.offheap.enabled {
            s.offheap.size_mib
        } else {
            0
        },
        pyspark_mib: if is_python { s.pyspark_memory_mib } else { 0 },
    };
    let text = |v: &Option<String>| v.as_ref().map(|t| t.trim().to_string());
    let executor = PodResources {
        memory_mib: m.total_mib(),
        cpu_request: text(&s.request_cores).unwrap_or_else(|| s.executor_cores.to_string()),
        cpu_limit: text(&s.limit_cores),
    };
    let driver = (s.deploy_mode == DeployMode::Cluster).then(|| PodResources {
        memory_mib: s.driver_memory_mib.saturating_add(
            OverheadRule::Formula {
                factor: default_factor,
                minimum_mib: MIN_OVERHEAD_MIB,
            }
            .overhead_mib(s.driver_memory_mib),
        ),
        cpu_request: text(&s.driver_request_cores).unwrap_or_else(|| s.driver_cores.to_string()),
        cpu_limit: text(&s.driver_limit_cores),
    });
    let k = Pods {
        executor,
        driver,
        executor_overhead_factor: factor,
    };
    let exec_cpu = cpu(keys::K8S_EXECUTOR_REQUEST_CORES, &k.executor.cpu_request)
        .map_err(|e| errors.push(e))
        .unwrap_or(0);
    if let Some(limit) = &k.executor.cpu_limit {
        match cpu(keys::K8S_EXECUTOR_LIMIT_CORES, limit) {
            Err(e) => errors.push(e),
            Ok(limit_millis) if limit_millis < exec_cpu => errors.push(K8sError::Range {
                what: "spark.kubernetes.executor.limit.cores",
                value: limit.clone(),
                allowed: format!("at least the request, {}", k.executor.cpu_request),
            }),
            Ok(_) => {}
        }
    }
    let driver_cpu = match &k.driver {
        Some(d) => cpu(keys::K8S_DRIVER_REQUEST_CORES, &d.cpu_request)
            .map_err(|e| errors.push(e))
            .unwrap_or(0),
        None => 0,
    };
    if let Some(limit) = k.driver.as_ref().and_then(|d| d.cpu_limit.as_ref()) {
        if let Err(e) = cpu(keys::K8S_DRIVER_LIMIT_CORES, limit) {
            errors.push(e);
        }
    }
    if !errors.is_empty() {
        return Err(K8sErrors(errors));
    }
    let exec_mem = k.executor.memory_mib;
    let driver_mem = k.driver.as_ref().map_or(0, |d| d.memory_mib);

    let fit = |cpu_free: u64, mem_free: u64| -> u64 {
        let by_mem = mem_free.checked_div(exec_mem).unwrap_or(u64::MAX);
        let by_cpu = cpu_free.checked_div(exec_cpu).unwrap_or(u64::MAX);
        by_mem.min(by_cpu).min(1_000_000)
    };
    let mut warnings = Vec::new();
    let driver_fits = driver_cpu <= node_cpu && driver_mem <= node_mem;
    if !driver_fits {
        warnings.push(Warning::new(
            Code::AmDoesNotFit,
            Severity::Error,
            format!(
                "The driver pod ({} CPU, {driver_mem} MiB) is larger than what a node has left \
                 for pods ({} CPU, {node_mem} MiB): it stays Pending.",
                format_cpu(driver_cpu),
                format_cpu(node_cpu)
            ),
        ));
    }
    let per_node = fit(node_cpu, node_mem);
    let first = if driver_fits {
        fit(node_cpu - driver_cpu, node_mem - driver_mem)
    } else {
        0
    };
    let others = if driver_fits { per_node } else { 0 };
    let nodes = u64::from(n.nodes);
    let capacity = first.saturating_add(others.saturating_mul(nodes - 1));
    if per_node == 0 {
        warnings.push(Warning::new(
            Code::NoExecutorFits,
            Severity::Error,
            format!(
                "An executor pod ({} CPU, {exec_mem} MiB) is larger than what a node has left \
                 for pods ({} CPU, {node_mem} MiB): executors stay Pending.",
                format_cpu(exec_cpu),
                format_cpu(node_cpu)
            ),
        ));
    }
    let wanted = match input.count {
        ExecutorCount::Exactly(w) => u64::from(w),
        ExecutorCount::AsManyAsFit => capacity,
    };
    let placed = wanted.min(capacity);
    if wanted > capacity && per_node > 0 {
        warnings.push(Warning::new(
            Code::FewerExecutorsFit,
            Severity::Warning,
            format!(
                "Only {capacity} of the {wanted} executor pods fit ({per_node} per node); the \
                 other {} stay Pending.",
                wanted - capacity
            ),
        ));
    }

    // Layout: the driver on node 1, executors spread evenly.
    let (on_first, level, bumped, base) = spread(nodes, first, others, placed);
    let reserved = PodBlock {
        kind: PodBlockKind::Reserved,
        cpu_millis: n.reserved_cpu_millis.min(n.capacity_cpu_millis),
        memory_mib: n.reserved_memory_mib.min(n.capacity_memory_mib),
        parts: Vec::new(),
    };
    let exec_parts = container_parts(m.heap_mib, m.overhead_mib, m.offheap_mib, m.pyspark_mib, 0);
    let node_blocks = |driver: bool, execs: u64| {
        let mut blocks = vec![reserved.clone()];
        if n.daemonset_cpu_millis > 0 || n.daemonset_memory_mib > 0 {
            blocks.push(PodBlock {
                kind: PodBlockKind::DaemonSets,
                cpu_millis: n.daemonset_cpu_millis,
                memory_mib: n.daemonset_memory_mib,
                parts: Vec::new(),
            });
        }
        let (mut cpu_used, mut mem_used) = (0u64, 0u64);
        if driver {
            blocks.push(PodBlock {
                kind: PodBlockKind::Driver,
                cpu_millis: driver_cpu,
                memory_mib: driver_mem,
                parts: Vec::new(),
            });
            cpu_used += driver_cpu;
            mem_used += driver_mem;
        }
        for _ in 0..execs {
            blocks.push(PodBlock {
                kind: PodBlockKind::Executor,
                cpu_millis: exec_cpu,
                memory_mib: exec_mem,
                parts: exec_parts.clone(),
            });
            cpu_used = cpu_used.saturating_add(exec_cpu);
            mem_used = mem_used.saturating_add(exec_mem);
        }
        blocks.push(PodBlock {
            kind: PodBlockKind::Unused,
            cpu_millis: node_cpu.saturating_sub(cpu_used),
            memory_mib: node_mem.saturating_sub(mem_used),
            parts: Vec::new(),
        });
        blocks
    };
    let has_driver = k.driver.is_some() && driver_fits;
    let bumped = bumped as u32;
    let mut runs = vec![(1u32, 1u32, has_driver, on_first)];
    if bumped > 0 {
        runs.push((2, 1 + bumped, false, level));
    }
    if 1 + bumped < n.nodes {
        runs.push((2 + bumped, n.nodes, false, base));
    }
    let mut layout: Vec<PodGroup> = Vec::new();
    for (first_node, last_node, driver, execs) in runs {
        match layout.last_mut() {
            Some(g)
                if !driver
                    && !g.blocks.iter().any(|b| b.kind == PodBlockKind::Driver)
                    && u64::from(g.executors_per_node()) == execs =>
            {
                g.last_node = last_node;
            }
            _ => layout.push(PodGroup {
                first_node,
                last_node,
                blocks: node_blocks(driver, execs),
            }),
        }
    }

    let executors: u64 = layout
        .iter()
        .map(|g| u64::from(g.executors_per_node()) * u64::from(g.last_node - g.first_node + 1))
        .sum();
    let slots_per_executor = u64::from(s.executor_cores / s.task_cpus.max(1));
    let driver_count = u64::from(has_driver);
    let totals = K8sTotals {
        executors: u32::try_from(executors).unwrap_or(u32::MAX),
        task_slots: executors * slots_per_executor,
        cpu_requested_millis: executors
            .saturating_mul(exec_cpu)
            .saturating_add(driver_count * driver_cpu),
        memory_requested_mib: executors
            .saturating_mul(exec_mem)
            .saturating_add(driver_count * driver_mem),
        cpu_available_millis: node_cpu.saturating_mul(nodes),
        memory_available_mib: node_mem.saturating_mul(nodes),
    };

    let cores_millis = u64::from(s.executor_cores) * 1000;
    if exec_cpu < cores_millis {
        warnings.push(Warning::new(
            Code::SettingIgnored,
            Severity::Info,
            format!(
                "Each executor requests {} CPU but runs {slots_per_executor} tasks at once \
                 (spark.executor.cores = {}): parallelism is unchanged while the pods reserve \
                 {}% of the CPUs {} full cores would. Tasks share the CPU; this suits \
                 I/O-bound work.",
                format_cpu(exec_cpu),
                s.executor_cores,
                crate::decimal::fixed(exec_cpu as f64 * 100.0 / cores_millis as f64, 0),
                s.executor_cores
            ),
        ));
    }
    if k.executor_overhead_factor == crate::spark::NON_JVM_OVERHEAD_FACTOR
        && s.overhead_factor.is_none()
        && s.overhead_mib.is_none()
    {
        warnings.push(Warning::new(
            Code::SettingIgnored,
            Severity::Info,
            format!(
                "A cluster-mode {} app gets a 0.4 overhead factor on Kubernetes (for the \
                 Python or R workers): {} MiB per executor.",
                if s.app_type == AppType::R {
                    "R"
                } else {
                    "Python"
                },
                m.overhead_mib
            ),
        ));
    }
    if s.app_type == AppType::Python
        && s.deploy_mode == DeployMode::Client
        && s.pyspark_memory_mib > 0
    {
        warnings.push(Warning::new(
            Code::SettingIgnored,
            Severity::Info,
            "In client mode Spark's executor pods do not know the app is Python, so \
             spark.executor.pyspark.memory is not added to the pod's memory.",
        ));
    }

    let working = vec![
        crate::plan::Step {
            title: "Room for pods per node".into(),
            detail: format!(
                "{} CPU − {} reserved − {} daemonsets = {} CPU; {} MiB − {} − {} = {node_mem} MiB",
                format_cpu(n.capacity_cpu_millis),
                format_cpu(n.reserved_cpu_millis),
                format_cpu(n.daemonset_cpu_millis),
                format_cpu(node_cpu),
                n.capacity_memory_mib,
                n.reserved_memory_mib,
                n.daemonset_memory_mib
            ),
        },
        crate::plan::Step {
            title: "Executor pod".into(),
            detail: format!(
                "memory {} + {} overhead{} = {exec_mem}Mi (request = limit); CPU request {}{}",
                m.heap_mib,
                m.overhead_mib,
                if m.offheap_mib + m.pyspark_mib > 0 {
                    format!(" + {} off-heap/pyspark", m.offheap_mib + m.pyspark_mib)
                } else {
                    String::new()
                },
                k.executor.cpu_request,
                k.executor
                    .cpu_limit
                    .as_ref()
                    .map_or(String::new(), |l| format!(", limit {l}"))
            ),
        },
        crate::plan::Step {
            title: "Executor pods per node".into(),
            detail: format!(
                "min({node_mem} MiB ÷ {exec_mem} MiB, {} CPU ÷ {} CPU) = {per_node}",
                format_cores(node_cpu),
                format_cores(exec_cpu)
            ),
        },
        crate::plan::Step {
            title: "Executors placed".into(),
            detail: {
                let beside = if has_driver {
                    " with the driver pod on node 1"
                } else {
                    ""
                };
                let count = match input.count {
                    ExecutorCount::Exactly(_) => {
                        format!(
                            "{} of {wanted} asked ({capacity} fit{beside})",
                            totals.executors
                        )
                    }
                    ExecutorCount::AsManyAsFit => {
                        format!("{} placed, as many as fit{beside}", totals.executors)
                    }
                };
                let driver = if has_driver {
                    format!(" + {} CPU for the driver pod", format_cores(driver_cpu))
                } else if k.driver.is_none() {
                    " (client mode: the driver runs outside the cluster)".to_string()
                } else {
                    " (the driver pod fits on no node)".to_string()
                };
                format!(
                    "{count}; {} task slots; {} CPU requested = {} executor pods × {} CPU{driver}",
                    totals.task_slots,
                    format_cores(totals.cpu_requested_millis),
                    totals.executors,
                    format_cores(exec_cpu),
                )
            },
        },
    ];

    let mut spark_conf: Vec<(String, String)> = vec![
        (
            "spark.submit.deployMode".into(),
            s.deploy_mode.as_str().into(),
        ),
        (keys::EXECUTOR_INSTANCES.into(), placed.to_string()),
    ];
    spark_conf.extend(s.conf().entries().iter().cloned());

    Ok(K8sPlan {
        executor: k.executor,
        executor_memory: m,
        executor_cpu_millis: exec_cpu,
        overhead_factor: k.executor_overhead_factor,
        driver: k.driver,
        per_node,
        capacity,
        layout,
        totals,
        working,
        warnings,
        spark_conf,
    })
}

/// The `SparkApplication` (Spark operator) YAML fragment for the executor and driver resources.
pub fn spark_operator_yaml(plan: &K8sPlan, spark: &K8sSpark) -> String {
    let mut y = String::from("spec:\n");
    if let Some(d) = &plan.driver {
        y += &format!(
            "  driver:\n    cores: {}\n    coreRequest: \"{}\"\n    memory: \"{}\"\n",
            spark.driver_cores,
            d.cpu_request,
            format_spark_mib(spark.driver_memory_mib)
        );
        if let Some(l) = &d.cpu_limit {
            y += &format!("    coreLimit: \"{l}\"\n");
        }
    }
    y += &format!(
        "  executor:\n    instances: {}\n    cores: {}\n    coreRequest: \"{}\"\n    memory: \"{}\"\n",
        plan.totals.executors,
        spark.executor_cores,
        plan.executor.cpu_request,
        format_spark_mib(spark.executor_memory_mib)
    );
    if let Some(l) = &plan.executor.cpu_limit {
        y += &format!("    coreLimit: \"{l}\"\n");
    }
    if let Some(o) = spark.overhead_mib {
        y += &format!("    memoryOverhead: \"{}\"\n", format_spark_mib(o));
    }
    // Settings the driver and executor fields above do not carry but that size the pods or
    // the task slots (off-heap, PySpark memory, the overhead factor, spark.task.cpus).
    let covered = [
        "spark.submit.deployMode",
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
    ];
    let rest: Vec<&(String, String)> = plan
        .spark_conf
        .iter()
        .filter(|(k, _)| !covered.contains(&k.as_str()))
        .collect();
    if !rest.is_empty() {
        y += "  sparkConf:\n";
        for (k, v) in rest {
            y += &format!("    {k}: \"{v}\"\n");
        }
    }
    y
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_quantities() {
        assert_eq!(parse_cpu_millis("0.5"), Ok(500));
        assert_eq!(parse_cpu_millis("500m"), Ok(500));
        assert_eq!(parse_cpu_millis("1.5"), Ok(1500));
        assert_eq!(parse_cpu_millis("2"), Ok(2000));
        assert_eq!(parse_cpu_millis(".1"), Ok(100));
        assert_eq!(parse_cpu_millis("0.0001"), Ok(1));
        for bad in ["", "m", "-1", "1.5.2", "abc", "2 cores", "1e3"] {
            assert!(parse_cpu_millis(bad).is_err(), "{bad}");
        }
        assert_eq!(format_cpu(500), "0.5");
        assert_eq!(format_cpu(2000), "2");
        assert_eq!(format_cpu(1250), "1250m");
        assert_eq!(format_cores(124_160), "124.16");
        assert_eq!(format_cores(1250), "1.25");
        assert_eq!(format_cores(2000), "2");
        assert_eq!(format_cores(5), "0.005");
    }

    #[test]
    fn seed_002_fractional_requests_keep_parallelism() {
        let mut input = K8sInput::default();
        let full = plan_k8s(&input).unwrap();
        assert_eq!(full.executor.memory_quantity(), "6758Mi");
        assert_eq!(full.executor.cpu_request, "2");
        assert_eq!(full.totals.executors, 16);
        assert_eq!(full.totals.task_slots, 32);
        input.spark.request_cores = Some("0.5".into());
        let half = plan_k8s(&input).unwrap();
        assert_eq!(half.executor.cpu_request, "0.5");
        assert_eq!(half.totals.task_slots, 32);
        assert_eq!(half.totals.cpu_requested_millis, 9_000);
        assert!(half.warnings.iter().any(|w| w.message.contains("25%")));
    }

    #[test]
    fn packs_by_cpu_and_memory() {
        let mut input = K8sInput {
            count: ExecutorCount::AsManyAsFit,
            ..K8sInput::default()
        };
        // 16 CPU − 0.18 − 0.3 = 15.52 CPU → 7 pods of 2 CPU; memory 62362 MiB → 9 of 6758.
        let p = plan_k8s(&input).unwrap();
        assert_eq!(p.per_node, 7);
        input.spark.request_cores = Some("500m".into());
        let p = plan_k8s(&input).unwrap();
        assert_eq!(p.per_node, 9, "memory binds once CPU requests shrink");
        for g in &p.layout {
            let cpu: u64 = g.blocks.iter().map(|b| b.cpu_millis).sum();
            let mem: u64 = g.blocks.iter().map(|b| b.memory_mib).sum();
            assert_eq!(cpu, 16_000);
            assert_eq!(mem, 65_536);
        }
    }

    #[test]
    fn rejects_bad_quantities_and_limits() {
        let mut input = K8sInput::default();
        input.spark.request_cores = Some("half".into());
        assert!(matches!(
            plan_k8s(&input).unwrap_err().0[..],
            [K8sError::Cpu { .. }]
        ));
        input.spark.request_cores = Some("2".into());
        input.spark.limit_cores = Some("1".into());
        assert!(matches!(
            plan_k8s(&input).unwrap_err().0[..],
            [K8sError::Range { .. }]
        ));
        input.spark.limit_cores = None;
        input.spark.task_cpus = 3;
        assert!(plan_k8s(&input).is_err());
    }
}
