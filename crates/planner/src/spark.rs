//! Spark's own container math: what an executor and the ApplicationMaster or driver request,
//! computed from Spark settings exactly as Spark 3.5 and 4.0 compute them.
//!
//! The entry point is [`resources`]: give it a [`SparkConf`] and the context Spark would run in
//! ([`ResourceQuery`]) and it returns the executor's memory breakdown, the YARN container
//! requests and what the scheduler grants, the Kubernetes pod resources, and the unified-memory
//! pools inside the executor heap. The planner builds its own answers from the same functions,
//! so a plan's numbers are Spark's numbers.

use std::fmt;

use crate::catalog::ClusterManager;
pub(crate) use crate::memory::f64_to_u64;
pub use crate::memory::HeapTooSmall;
use crate::memory::{unified_memory, MemoryFractions, UnifiedMemory};
use crate::units::{conf_bytes, ByteUnit, SizeError, MIB};
use crate::yarn::{granted, Resource, YarnScheduler};

/// The Spark release line whose behaviour is modelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SparkVersion {
    /// Spark 3.5: the minimum overhead is fixed at 384 MiB.
    V3_5,
    /// Spark 4.0: the minimum overhead is `spark.{executor,driver}.minMemoryOverhead`.
    #[default]
    V4_0,
}

impl SparkVersion {
    /// `"3.5"` or `"4.0"`.
    pub fn as_str(self) -> &'static str {
        match self {
            SparkVersion::V3_5 => "3.5",
            SparkVersion::V4_0 => "4.0",
        }
    }

    /// Reads a version such as `3.5`, `3.5.9`, `4.0` or `4.0.5`.
    pub fn parse(s: &str) -> Option<SparkVersion> {
        let s = s.trim();
        if s == "3.5" || s.starts_with("3.5.") {
            Some(SparkVersion::V3_5)
        } else if s == "4.0" || s.starts_with("4.0.") {
            Some(SparkVersion::V4_0)
        } else {
            None
        }
    }
}

/// Where the driver runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DeployMode {
    /// The driver runs on the submitting machine; on YARN a small AM (ExecutorLauncher) runs.
    Client,
    /// The driver runs inside the cluster (in YARN's ApplicationMaster container, or its pod).
    #[default]
    Cluster,
}

impl DeployMode {
    /// `"client"` or `"cluster"`.
    pub fn as_str(self) -> &'static str {
        match self {
            DeployMode::Client => "client",
            DeployMode::Cluster => "cluster",
        }
    }
}

/// The application's language, which changes the overhead on Kubernetes and whether
/// `spark.executor.pyspark.memory` counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AppType {
    /// A JVM application (Scala or Java).
    #[default]
    Jvm,
    /// A PySpark application.
    Python,
    /// A SparkR application.
    R,
}

/// Spark configuration as key/value pairs, in the order they were set (a later value wins).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SparkConf {
    entries: Vec<(String, String)>,
}

impl SparkConf {
    /// An empty configuration.
    pub fn new() -> SparkConf {
        SparkConf::default()
    }

    /// Sets `key` to `value`, replacing an earlier value.
    pub fn set(&mut self, key: impl Into<String>, value: impl Into<String>) -> &mut SparkConf {
        let (key, value) = (key.into(), value.into());
        match self.entries.iter_mut().find(|(k, _)| *k == key) {
            Some(entry) => entry.1 = value,
            None => self.entries.push((key, value)),
        }
        self
    }

    /// The value of `key`, if set.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The first of `keys` that is set (Spark's alternative keys: the current key first).
    pub fn get_any<'k>(&self, keys: &[&'k str]) -> Option<(&'k str, &str)> {
        keys.iter().find_map(|k| self.get(k).map(|v| (*k, v)))
    }

    /// All entries in order.
    pub fn entries(&self) -> &[(String, String)] {
        &self.entries
    }

    /// All entries in order, taken out of the configuration (no copy of the texts).
    pub fn into_entries(self) -> Vec<(String, String)> {
        self.entries
    }
}

impl<K: Into<String>, V: Into<String>> FromIterator<(K, V)> for SparkConf {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> SparkConf {
        let mut conf = SparkConf::new();
        for (k, v) in iter {
            conf.set(k, v);
        }
        conf
    }
}

/// A configuration value Spark would refuse.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfError {
    /// The configuration key.
    pub key: String,
    /// The value as given.
    pub value: String,
    /// What is wrong with it.
    pub kind: ConfErrorKind,
}

/// The ways a configuration value can be wrong.
#[derive(Debug, Clone, PartialEq)]
pub enum ConfErrorKind {
    /// Not a size Spark can parse.
    Size(SizeError),
    /// Not an integer.
    NotInt,
    /// Not a number.
    NotNumber,
    /// Not `true` or `false`.
    NotBool,
    /// Parsed, but outside what Spark accepts; the text says what is allowed.
    OutOfRange(&'static str),
    /// The sum of the parts overflows.
    TooLarge,
}

impl fmt::Display for ConfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ConfError { key, value, kind } = self;
        match kind {
            ConfErrorKind::Size(e) => write!(f, "{key}={value}: {e}"),
            ConfErrorKind::NotInt => write!(f, "{key} should be int, but was {value}"),
            ConfErrorKind::NotNumber => write!(f, "{key} should be double, but was {value}"),
            ConfErrorKind::NotBool => write!(f, "{key} should be boolean, but was {value}"),
            ConfErrorKind::OutOfRange(allowed) => write!(f, "{key}={value}: {allowed}"),
            ConfErrorKind::TooLarge => write!(f, "{key}={value}: the total is too large"),
        }
    }
}

impl std::error::Error for ConfError {}

/// Configuration keys ([`crate::spark_keys`]).
pub use crate::spark_keys as keys;

/// Spark's fixed minimum overhead before 4.0, and the default of the 4.0 settings.
pub const MIN_OVERHEAD_MIB: u64 = 384;
/// Overhead factor Kubernetes gives non-JVM apps in cluster mode.
pub const NON_JVM_OVERHEAD_FACTOR: f64 = 0.4;

/// Everything Spark needs besides the configuration to size containers.
#[derive(Debug, Clone)]
pub struct ResourceQuery {
    /// The Spark settings.
    pub conf: SparkConf,
    /// Where executors run (EMR is YARN here); `None` for another master (local, standalone),
    /// where only the executor breakdown and the heap pools apply.
    pub cluster_manager: Option<ClusterManager>,
    /// Client or cluster.
    pub deploy_mode: DeployMode,
    /// JVM, Python or R.
    pub app_type: AppType,
    /// Spark release line.
    pub version: SparkVersion,
    /// YARN scheduler settings, to compute what the scheduler grants.
    pub scheduler: Option<YarnScheduler>,
    /// The heap the JVM really has, in bytes, when it differs from `spark.executor.memory`
    /// (the unified-memory pools are computed from it).
    pub heap_bytes: Option<u64>,
}

impl Default for ResourceQuery {
    /// A YARN query with an empty configuration: Spark's defaults.
    fn default() -> ResourceQuery {
        ResourceQuery {
            conf: SparkConf::default(),
            cluster_manager: Some(ClusterManager::Yarn),
            deploy_mode: DeployMode::default(),
            app_type: AppType::default(),
            version: SparkVersion::default(),
            scheduler: None,
            heap_bytes: None,
        }
    }
}

/// The executor's memory parts, in MiB, as `ResourceProfile.getResourcesForClusterManager`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ExecutorMemory {
    /// `spark.executor.memory` (the JVM's -Xmx).
    pub heap_mib: u64,
    /// Overhead: explicit, or `max(factor × heap, minimum)`.
    pub overhead_mib: u64,
    /// Off-heap memory, when enabled.
    pub offheap_mib: u64,
    /// Python worker memory, for Python apps.
    pub pyspark_mib: u64,
}

impl ExecutorMemory {
    /// heap + overhead + off-heap + pyspark (saturating; inputs are validated before).
    pub fn total_mib(&self) -> u64 {
        self.heap_mib
            .saturating_add(self.overhead_mib)
            .saturating_add(self.offheap_mib)
            .saturating_add(self.pyspark_mib)
    }
}

/// How the overhead is decided.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum OverheadRule {
    /// A fixed amount (`spark.executor.memoryOverhead`).
    Explicit(u64),
    /// `max(floor(factor × heap), minimum)`.
    Formula {
        /// The factor (0.10 by default).
        factor: f64,
        /// The minimum in MiB (384 by default).
        minimum_mib: u64,
    },
}

impl OverheadRule {
    /// The overhead in MiB for `heap_mib`, as Spark computes it (`(factor * heap).toLong`).
    pub fn overhead_mib(&self, heap_mib: u64) -> u64 {
        match *self {
            OverheadRule::Explicit(mib) => mib,
            OverheadRule::Formula {
                factor,
                minimum_mib,
            } => f64_to_u64(factor * heap_mib as f64).max(minimum_mib),
        }
    }
}

/// The executor breakdown plus its cores.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExecutorResources {
    /// The memory parts.
    pub memory: ExecutorMemory,
    /// How the overhead was decided.
    pub overhead_rule: OverheadRule,
    /// `spark.executor.cores`.
    pub cores: u32,
}

/// The YARN ApplicationMaster container (the driver in cluster mode, ExecutorLauncher in
/// client mode).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AmContainer {
    /// AM heap: `spark.driver.memory` (cluster) or `spark.yarn.am.memory` (client).
    pub memory_mib: u64,
    /// AM overhead.
    pub overhead_mib: u64,
    /// What Spark asks YARN for.
    pub request: Resource,
    /// What the scheduler grants after rounding (when scheduler settings are known).
    pub granted: Option<Resource>,
}

/// Tasks an executor of `executor_cores` runs at once with `task_cpus` CPUs per task
/// (`spark.task.cpus`): `executor_cores ÷ task_cpus`, rounded down as Spark's
/// `ResourceProfile.maxTasksPerExecutor` does (a `task_cpus` of 0 counts as 1). The one division
/// behind every task-slot count of YARN, Kubernetes and EMR.
pub fn task_slots_per_executor(executor_cores: u32, task_cpus: u32) -> u32 {
    executor_cores / task_cpus.max(1)
}

/// Executors of `slots_per_executor` task slots that hold `tasks` tasks at once (at least 1):
/// more executors than this never start a task of those. The most executors a run's peak of
/// runnable tasks could use, which `spark.dynamicAllocation.maxExecutors` need not exceed.
pub fn executors_holding_tasks(tasks: u64, slots_per_executor: u64) -> u64 {
    tasks.div_ceil(slots_per_executor.max(1)).max(1)
}

/// The overhead factor of executors, the driver and the client-mode AM when none is set.
pub const DEFAULT_OVERHEAD_FACTOR: f64 = 0.10;
/// `spark.yarn.am.memory`'s default, in MiB.
pub const DEFAULT_AM_MEMORY_MIB: u64 = 512;

/// The settings that size the YARN ApplicationMaster container, as typed values. Cluster mode
/// reads the driver's settings (the AM hosts the driver), client mode the `spark.yarn.am.*`
/// ones (a small ExecutorLauncher): Spark's `org.apache.spark.deploy.yarn.Client` (`amMemory`,
/// `amMemoryOverhead`, `amCores`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AmSettings {
    /// Client or cluster.
    pub deploy_mode: DeployMode,
    /// `spark.driver.memory` in MiB.
    pub driver_memory_mib: u64,
    /// `spark.driver.cores`.
    pub driver_cores: u32,
    /// The driver's overhead rule (see [`driver_overhead_rule`]).
    pub driver_overhead: OverheadRule,
    /// `spark.yarn.am.memory` in MiB.
    pub am_memory_mib: u64,
    /// `spark.yarn.am.cores`.
    pub am_cores: u32,
    /// `spark.yarn.am.memoryOverhead` in MiB, when set.
    pub am_overhead_mib: Option<u64>,
}

impl AmSettings {
    /// Spark's defaults for everything but the driver's heap and cores.
    pub fn defaults(deploy_mode: DeployMode, driver_memory_mib: u64, driver_cores: u32) -> Self {
        AmSettings {
            deploy_mode,
            driver_memory_mib,
            driver_cores,
            driver_overhead: driver_overhead_rule(None, DEFAULT_OVERHEAD_FACTOR, MIN_OVERHEAD_MIB),
            am_memory_mib: DEFAULT_AM_MEMORY_MIB,
            am_cores: 1,
            am_overhead_mib: None,
        }
    }
}

/// The driver's overhead rule: `spark.driver.memoryOverhead` when set, else
/// `max(spark.driver.memoryOverheadFactor × heap, minimum)`, where the minimum is
/// `spark.driver.minMemoryOverhead` in Spark 4.0 and 384 MiB before (the caller passes 384 for
/// 3.5).
pub fn driver_overhead_rule(
    explicit_mib: Option<u64>,
    factor: f64,
    minimum_mib: u64,
) -> OverheadRule {
    match explicit_mib {
        Some(mib) => OverheadRule::Explicit(mib),
        None => OverheadRule::Formula {
            factor,
            minimum_mib,
        },
    }
}

/// The ApplicationMaster container Spark requests (`granted` is left to the caller, who knows the
/// scheduler). Client mode's overhead is `spark.yarn.am.memoryOverhead` or
/// `max(0.10 × spark.yarn.am.memory, 384 MiB)`.
pub fn yarn_am_container(s: &AmSettings) -> AmContainer {
    let (heap_mib, cores, rule) = match s.deploy_mode {
        DeployMode::Cluster => (s.driver_memory_mib, s.driver_cores, s.driver_overhead),
        DeployMode::Client => (
            s.am_memory_mib,
            s.am_cores,
            driver_overhead_rule(s.am_overhead_mib, DEFAULT_OVERHEAD_FACTOR, MIN_OVERHEAD_MIB),
        ),
    };
    let overhead_mib = rule.overhead_mib(heap_mib);
    AmContainer {
        memory_mib: heap_mib,
        overhead_mib,
        request: Resource::new(heap_mib.saturating_add(overhead_mib), cores),
        granted: None,
    }
}

/// What Spark asks YARN for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct YarnResources {
    /// Each executor container as requested by `YarnAllocator`.
    pub executor_request: Resource,
    /// Each executor container after the scheduler's normalisation.
    pub executor_granted: Option<Resource>,
    /// The ApplicationMaster container.
    pub am: AmContainer,
}

/// Resources Spark writes into a pod spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodResources {
    /// Memory request and limit (equal), in MiB; the pod spec says `{memory_mib}Mi`.
    pub memory_mib: u64,
    /// CPU request as written (`"0.5"`, `"500m"`, `"2"`).
    pub cpu_request: String,
    /// CPU limit, only when set.
    pub cpu_limit: Option<String>,
}

impl PodResources {
    /// The memory quantity as written in the pod spec (`6758Mi`).
    pub fn memory_quantity(&self) -> String {
        format!("{}Mi", self.memory_mib)
    }

    /// The pod as Spark writes it: memory request = limit = `memory_mib`, and the CPU.
    pub fn new(memory_mib: u64, cpu: &PodCpu<'_>) -> PodResources {
        PodResources {
            memory_mib,
            cpu_request: cpu.request.to_string(),
            cpu_limit: cpu.limit.map(str::to_string),
        }
    }
}

/// The overhead settings of one JVM in a pod (the executor or the driver), as set.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct OverheadSettings {
    /// `spark.{executor,driver}.memoryOverhead` in MiB, when set: it replaces the formula.
    pub explicit_mib: Option<u64>,
    /// `spark.{executor,driver}.memoryOverheadFactor`, when set.
    pub factor: Option<f64>,
    /// `spark.{executor,driver}.minMemoryOverhead` in MiB, when set. Only Spark 4.0 has these
    /// keys (`config/package.scala`, `.version("4.0.0")`, default `384m`); 3.5 keeps 384 MiB.
    pub minimum_mib: Option<u64>,
}

impl OverheadSettings {
    /// The rule Spark applies: the explicit overhead, else `max(factor × heap, minimum)` with
    /// the factor set or `default_factor`, and the minimum set (Spark 4.0) or 384 MiB.
    pub fn rule(&self, version: SparkVersion, default_factor: f64) -> OverheadRule {
        match self.explicit_mib {
            Some(mib) => OverheadRule::Explicit(mib),
            None => OverheadRule::Formula {
                factor: self.factor.unwrap_or(default_factor),
                minimum_mib: match version {
                    SparkVersion::V3_5 => MIN_OVERHEAD_MIB,
                    SparkVersion::V4_0 => self.minimum_mib.unwrap_or(MIN_OVERHEAD_MIB),
                },
            },
        }
    }
}

/// A pod's CPU settings: the cores and the Kubernetes request and limit keys, as set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PodCpuSettings<'a> {
    /// `spark.{executor,driver}.cores`.
    pub cores: u32,
    /// `spark.kubernetes.{executor,driver}.request.cores`, when set.
    pub request: Option<&'a str>,
    /// `spark.kubernetes.{executor,driver}.limit.cores`, when set.
    pub limit: Option<&'a str>,
}

/// The CPU request Spark writes into a pod spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CpuRequest<'a> {
    /// No request key: the cores, as a whole number of CPUs.
    Cores(u32),
    /// The request key's text, as given (`0.5`, `500m`).
    Quantity(&'a str),
}

impl fmt::Display for CpuRequest<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CpuRequest::Cores(cores) => write!(f, "{cores}"),
            CpuRequest::Quantity(text) => f.write_str(text),
        }
    }
}

/// A pod's CPU as Spark writes it: the request always, the limit only when set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PodCpu<'a> {
    /// `resources.requests.cpu`.
    pub request: CpuRequest<'a>,
    /// `resources.limits.cpu`, when set.
    pub limit: Option<&'a str>,
}

impl<'a> PodCpuSettings<'a> {
    /// The request key's text, else the cores (`BasicExecutorFeatureStep.executorCoresRequest`,
    /// `BasicDriverFeatureStep.driverCoresRequest`).
    pub fn pod_cpu(&self) -> PodCpu<'a> {
        PodCpu {
            request: self
                .request
                .map_or(CpuRequest::Cores(self.cores), CpuRequest::Quantity),
            limit: self.limit,
        }
    }
}

/// What sizes the executor pod.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExecutorPodSettings<'a> {
    /// `spark.executor.memory` in MiB.
    pub heap_mib: u64,
    /// The executor's overhead settings.
    pub overhead: OverheadSettings,
    /// Off-heap MiB that counts (0 when `spark.memory.offHeap.enabled` is off).
    pub offheap_mib: u64,
    /// `spark.executor.pyspark.memory` in MiB (0 = unset); counted only for Python apps the
    /// executor step knows to be Python.
    pub pyspark_memory_mib: u64,
    /// Cores, CPU request and limit.
    pub cpu: PodCpuSettings<'a>,
}

/// What sizes the driver pod (cluster mode).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DriverPodSettings<'a> {
    /// `spark.driver.memory` in MiB.
    pub heap_mib: u64,
    /// The driver's overhead settings.
    pub overhead: OverheadSettings,
    /// Cores, CPU request and limit.
    pub cpu: PodCpuSettings<'a>,
}

/// Everything Spark reads to size its pods on Kubernetes, typed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PodSettings<'a> {
    /// Spark release line (whether the minimum-overhead keys exist).
    pub version: SparkVersion,
    /// Cluster mode has a driver pod; client mode has none.
    pub deploy_mode: DeployMode,
    /// JVM, Python or R.
    pub app_type: AppType,
    /// `spark.kubernetes.memoryOverheadFactor` (deprecated), when set.
    pub kubernetes_overhead_factor: Option<f64>,
    /// The executor pod's settings.
    pub executor: ExecutorPodSettings<'a>,
    /// The driver pod's settings (used in cluster mode only).
    pub driver: DriverPodSettings<'a>,
}

/// The executor pod, in numbers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExecutorPod<'a> {
    /// Heap, overhead, off-heap and PySpark memory; the pod's memory is their sum.
    pub memory: ExecutorMemory,
    /// How the overhead was decided.
    pub overhead_rule: OverheadRule,
    /// The overhead factor the executor step holds (set, propagated or default), also when an
    /// explicit overhead replaces the formula.
    pub overhead_factor: f64,
    /// Whether the executor step treats the app as Python.
    pub is_python: bool,
    /// The CPU request and limit.
    pub cpu: PodCpu<'a>,
}

/// The driver pod, in numbers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DriverPod<'a> {
    /// `spark.driver.memory` in MiB.
    pub heap_mib: u64,
    /// The driver's overhead in MiB.
    pub overhead_mib: u64,
    /// The CPU request and limit.
    pub cpu: PodCpu<'a>,
}

impl DriverPod<'_> {
    /// heap + overhead: the pod's memory request and limit, in MiB.
    pub fn memory_mib(&self) -> u64 {
        self.heap_mib.saturating_add(self.overhead_mib)
    }
}

/// Spark's pods on Kubernetes, in numbers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KubernetesPods<'a> {
    /// The executor pod.
    pub executor: ExecutorPod<'a>,
    /// The driver pod (cluster mode only).
    pub driver: Option<DriverPod<'a>>,
}

/// Spark's pod math, the one place it is written (`BasicDriverFeatureStep`,
/// `BasicExecutorFeatureStep`, `ResourceProfile.getResourcesForClusterManager`).
///
/// The driver step picks a default factor — `spark.kubernetes.memoryOverheadFactor` when set,
/// else 0.4 for a non-JVM app, else 0.1 — uses it unless `spark.driver.memoryOverheadFactor`
/// is set, and propagates it to the executors, which use it unless
/// `spark.executor.memoryOverheadFactor` is set. In client mode there is no driver step: the
/// executors see the submitted configuration only and do not know the app type, so they get
/// neither the 0.4 default nor the PySpark memory. Spark 4.0 takes each minimum overhead from
/// `spark.{executor,driver}.minMemoryOverhead`; 3.5 uses 384 MiB.
pub fn kubernetes_pods<'a>(settings: &PodSettings<'a>) -> KubernetesPods<'a> {
    let cluster = settings.deploy_mode == DeployMode::Cluster;
    let default_factor = match settings.kubernetes_overhead_factor {
        Some(factor) => factor,
        None if cluster && settings.app_type != AppType::Jvm => NON_JVM_OVERHEAD_FACTOR,
        None => DEFAULT_OVERHEAD_FACTOR,
    };
    let e = &settings.executor;
    let overhead_rule = e.overhead.rule(settings.version, default_factor);
    let is_python = cluster && settings.app_type == AppType::Python;
    let executor = ExecutorPod {
        memory: ExecutorMemory {
            heap_mib: e.heap_mib,
            overhead_mib: overhead_rule.overhead_mib(e.heap_mib),
            offheap_mib: e.offheap_mib,
            pyspark_mib: if is_python { e.pyspark_memory_mib } else { 0 },
        },
        overhead_rule,
        overhead_factor: e.overhead.factor.unwrap_or(default_factor),
        is_python,
        cpu: e.cpu.pod_cpu(),
    };
    let d = &settings.driver;
    let driver = cluster.then(|| DriverPod {
        heap_mib: d.heap_mib,
        overhead_mib: d
            .overhead
            .rule(settings.version, default_factor)
            .overhead_mib(d.heap_mib),
        cpu: d.cpu.pod_cpu(),
    });
    KubernetesPods { executor, driver }
}

/// What Spark writes into Kubernetes pod specs.
#[derive(Debug, Clone, PartialEq)]
pub struct KubernetesResources {
    /// The executor pod.
    pub executor: PodResources,
    /// The overhead factor the executor pod step used.
    pub executor_overhead_factor: f64,
    /// Whether the executor step treated the app as Python (cluster mode only).
    pub executor_is_python: bool,
    /// The driver pod (cluster mode only).
    pub driver: Option<PodResources>,
}

/// Everything [`resources`] computes.
#[derive(Debug, Clone, PartialEq)]
pub struct SparkResources {
    /// The executor's breakdown.
    pub executor: ExecutorResources,
    /// `spark.executor.instances`, when set.
    pub instances: Option<u32>,
    /// YARN containers (YARN only).
    pub yarn: Option<YarnResources>,
    /// Pod resources (Kubernetes only).
    pub kubernetes: Option<KubernetesResources>,
    /// Unified-memory pools in the executor heap, or why Spark would refuse the heap.
    pub memory: Result<UnifiedMemory, HeapTooSmall>,
}

/// Reads typed values from a [`SparkConf`], reporting Spark-like errors.
struct Reader<'a>(&'a SparkConf);

impl Reader<'_> {
    fn err(key: &str, value: &str, kind: ConfErrorKind) -> ConfError {
        ConfError {
            key: key.to_string(),
            value: value.to_string(),
            kind,
        }
    }

    /// A size in `unit`, non-negative, from the first of `keys` that is set.
    fn size(&self, keys: &[&str], unit: ByteUnit) -> Result<Option<u64>, ConfError> {
        let Some((key, value)) = self.0.get_any(keys) else {
            return Ok(None);
        };
        let parsed =
            conf_bytes(value, unit).map_err(|e| Self::err(key, value, ConfErrorKind::Size(e)))?;
        u64::try_from(parsed).map(Some).map_err(|_| {
            Self::err(
                key,
                value,
                ConfErrorKind::OutOfRange("must not be negative"),
            )
        })
    }

    fn mib(&self, keys: &[&str], default: u64) -> Result<u64, ConfError> {
        Ok(self.size(keys, ByteUnit::MiB)?.unwrap_or(default))
    }

    fn int(&self, key: &str) -> Result<Option<i64>, ConfError> {
        self.0
            .get(key)
            .map(|v| {
                v.trim()
                    .parse::<i32>()
                    .map(i64::from)
                    .map_err(|_| Self::err(key, v, ConfErrorKind::NotInt))
            })
            .transpose()
    }

    fn positive_int(&self, key: &str, default: u32) -> Result<u32, ConfError> {
        match self.int(key)? {
            None => Ok(default),
            Some(n) if n >= 1 => Ok(n as u32),
            Some(_) => Err(Self::err(
                key,
                self.0.get(key).unwrap_or_default(),
                ConfErrorKind::OutOfRange("must be a positive integer"),
            )),
        }
    }

    fn number(&self, key: &str) -> Result<Option<f64>, ConfError> {
        self.0
            .get(key)
            .map(|v| {
                crate::fixed::parse_f64(v.trim())
                    .ok_or_else(|| Self::err(key, v, ConfErrorKind::NotNumber))
            })
            .transpose()
    }

    fn factor(&self, key: &str) -> Result<Option<f64>, ConfError> {
        match self.number(key)? {
            Some(f) if !(f.is_finite() && f > 0.0) => Err(Self::err(
                key,
                self.0.get(key).unwrap_or_default(),
                ConfErrorKind::OutOfRange("must be a number greater than 0"),
            )),
            other => Ok(other),
        }
    }

    fn fraction(&self, key: &str, default: f64) -> Result<f64, ConfError> {
        match self.number(key)? {
            None => Ok(default),
            Some(f) if (0.0..=1.0).contains(&f) => Ok(f),
            Some(_) => Err(Self::err(
                key,
                self.0.get(key).unwrap_or_default(),
                ConfErrorKind::OutOfRange("must be between 0 and 1"),
            )),
        }
    }

    fn bool(&self, key: &str) -> Result<bool, ConfError> {
        match self.0.get(key) {
            None => Ok(false),
            Some(v) if v.trim().eq_ignore_ascii_case("true") => Ok(true),
            Some(v) if v.trim().eq_ignore_ascii_case("false") => Ok(false),
            Some(v) => Err(Self::err(key, v, ConfErrorKind::NotBool)),
        }
    }
}

/// The overhead rule for the executor, per cluster manager and version.
fn executor_overhead_rule(
    r: &Reader<'_>,
    version: SparkVersion,
    default_factor: f64,
) -> Result<OverheadRule, ConfError> {
    if let Some(mib) = r.size(
        &[keys::EXECUTOR_OVERHEAD, keys::YARN_EXECUTOR_OVERHEAD],
        ByteUnit::MiB,
    )? {
        return Ok(OverheadRule::Explicit(mib));
    }
    let factor = r
        .factor(keys::EXECUTOR_OVERHEAD_FACTOR)?
        .unwrap_or(default_factor);
    let minimum_mib = match version {
        SparkVersion::V3_5 => MIN_OVERHEAD_MIB,
        SparkVersion::V4_0 => r.mib(&[keys::EXECUTOR_MIN_OVERHEAD], MIN_OVERHEAD_MIB)?,
    };
    Ok(OverheadRule::Formula {
        factor,
        minimum_mib,
    })
}

/// Off-heap MiB as `Utils.executorOffHeapMemorySizeAsMb`: the size is in bytes when it has no
/// suffix, it counts only when enabled, and then it must be at least 1 MiB.
fn offheap_mib(r: &Reader<'_>) -> Result<(u64, u64), ConfError> {
    let bytes = r.size(&[keys::OFFHEAP_SIZE], ByteUnit::Byte)?.unwrap_or(0);
    let mib = bytes / MIB;
    if !r.bool(keys::OFFHEAP_ENABLED)? {
        return Ok((0, bytes));
    }
    if mib == 0 {
        return Err(Reader::err(
            keys::OFFHEAP_SIZE,
            r.0.get(keys::OFFHEAP_SIZE).unwrap_or("0"),
            ConfErrorKind::OutOfRange(
                "spark.memory.offHeap.size must be > 0 when spark.memory.offHeap.enabled == true",
            ),
        ));
    }
    Ok((mib, bytes))
}

/// The executor settings [`resources`] has read before the pods.
struct ExecutorRead {
    heap_mib: u64,
    cores: u32,
    offheap_mib: u64,
    pyspark_memory_mib: u64,
}

/// Reads the pod settings from the configuration, as the Kubernetes feature steps read them.
fn kubernetes_pod_settings<'c>(
    r: &Reader<'c>,
    query: &ResourceQuery,
    executor: &ExecutorRead,
) -> Result<PodSettings<'c>, ConfError> {
    let kubernetes_overhead_factor = r.factor(keys::K8S_OVERHEAD_FACTOR)?;
    let explicit_mib = r.size(
        &[keys::EXECUTOR_OVERHEAD, keys::YARN_EXECUTOR_OVERHEAD],
        ByteUnit::MiB,
    )?;
    let factor = r.factor(keys::EXECUTOR_OVERHEAD_FACTOR)?;
    let minimum_mib = match (query.version, explicit_mib) {
        (SparkVersion::V4_0, None) => r.size(&[keys::EXECUTOR_MIN_OVERHEAD], ByteUnit::MiB)?,
        _ => None,
    };
    let cpu = |cores: u32, request: &str, limit: &str| PodCpuSettings {
        cores,
        request: r.0.get(request),
        limit: r.0.get(limit),
    };
    let executor = ExecutorPodSettings {
        heap_mib: executor.heap_mib,
        overhead: OverheadSettings {
            explicit_mib,
            factor,
            minimum_mib,
        },
        offheap_mib: executor.offheap_mib,
        pyspark_memory_mib: executor.pyspark_memory_mib,
        cpu: cpu(
            executor.cores,
            keys::K8S_EXECUTOR_REQUEST_CORES,
            keys::K8S_EXECUTOR_LIMIT_CORES,
        ),
    };
    let driver_cores = r.positive_int(keys::DRIVER_CORES, 1)?;
    let driver = DriverPodSettings {
        heap_mib: r.mib(&[keys::DRIVER_MEMORY], 1024)?,
        // Client mode has no driver pod: nothing reads the driver's overhead keys.
        overhead: match query.deploy_mode {
            DeployMode::Cluster => driver_overhead_settings(r, query.version)?,
            DeployMode::Client => OverheadSettings::default(),
        },
        cpu: cpu(
            driver_cores,
            keys::K8S_DRIVER_REQUEST_CORES,
            keys::K8S_DRIVER_LIMIT_CORES,
        ),
    };
    Ok(PodSettings {
        version: query.version,
        deploy_mode: query.deploy_mode,
        app_type: query.app_type,
        kubernetes_overhead_factor,
        executor,
        driver,
    })
}

/// The driver's overhead settings; the factor and the minimum are read only when no explicit
/// overhead replaces them, and the minimum only where Spark has the key (4.0).
fn driver_overhead_settings(
    r: &Reader<'_>,
    version: SparkVersion,
) -> Result<OverheadSettings, ConfError> {
    let explicit_mib = r.size(
        &[keys::DRIVER_OVERHEAD, keys::YARN_DRIVER_OVERHEAD],
        ByteUnit::MiB,
    )?;
    if explicit_mib.is_some() {
        return Ok(OverheadSettings {
            explicit_mib,
            ..OverheadSettings::default()
        });
    }
    Ok(OverheadSettings {
        explicit_mib,
        factor: r.factor(keys::DRIVER_OVERHEAD_FACTOR)?,
        minimum_mib: match version {
            SparkVersion::V3_5 => None,
            SparkVersion::V4_0 => r.size(&[keys::DRIVER_MIN_OVERHEAD], ByteUnit::MiB)?,
        },
    })
}

/// The executor's overhead rule and memory parts, and on Kubernetes the pods: there the
/// executor is the executor pod of [`kubernetes_pods`]; elsewhere the overhead formula has a
/// 0.1 default factor and PySpark memory counts for every Python app.
fn executor_memory<'c>(
    r: &Reader<'c>,
    query: &ResourceQuery,
    read: &ExecutorRead,
) -> Result<(OverheadRule, ExecutorMemory, Option<KubernetesPods<'c>>), ConfError> {
    if query.cluster_manager == Some(ClusterManager::Kubernetes) {
        let pods = kubernetes_pods(&kubernetes_pod_settings(r, query, read)?);
        return Ok((
            pods.executor.overhead_rule,
            pods.executor.memory,
            Some(pods),
        ));
    }
    let overhead_rule = executor_overhead_rule(r, query.version, DEFAULT_OVERHEAD_FACTOR)?;
    let is_python = query.app_type == AppType::Python;
    let memory = ExecutorMemory {
        heap_mib: read.heap_mib,
        overhead_mib: overhead_rule.overhead_mib(read.heap_mib),
        offheap_mib: read.offheap_mib,
        pyspark_mib: if is_python {
            read.pyspark_memory_mib
        } else {
            0
        },
    };
    Ok((overhead_rule, memory, None))
}

impl KubernetesResources {
    /// The pod specs of [`kubernetes_pods`]'s numbers.
    pub fn from_pods(pods: &KubernetesPods<'_>) -> KubernetesResources {
        let e = &pods.executor;
        KubernetesResources {
            executor: PodResources::new(e.memory.total_mib(), &e.cpu),
            executor_overhead_factor: e.overhead_factor,
            executor_is_python: e.is_python,
            driver: pods
                .driver
                .as_ref()
                .map(|d| PodResources::new(d.memory_mib(), &d.cpu)),
        }
    }
}

/// Computes what Spark requests for executors and the AM/driver, and what YARN grants.
///
/// ```
/// use planner::spark::{resources, ResourceQuery, SparkConf};
/// use planner::yarn::YarnScheduler;
///
/// let conf: SparkConf = [("spark.executor.memory", "19g"), ("spark.executor.cores", "5")]
///     .into_iter()
///     .collect();
/// let query = ResourceQuery {
///     conf,
///     scheduler: Some(YarnScheduler::default()),
///     ..ResourceQuery::default()
/// };
/// let r = resources(&query).unwrap();
/// assert_eq!(r.executor.memory.total_mib(), 21401);
/// assert_eq!(r.yarn.unwrap().executor_granted.unwrap().memory_mib, 21504);
/// ```
pub fn resources(query: &ResourceQuery) -> Result<SparkResources, ConfError> {
    let r = Reader(&query.conf);
    let heap_mib = r.mib(&[keys::EXECUTOR_MEMORY], 1024)?;
    let cores = r.positive_int(keys::EXECUTOR_CORES, 1)?;
    let instances = executor_instances(&r)?;
    let (offheap, offheap_bytes) = offheap_mib(&r)?;
    let read = ExecutorRead {
        heap_mib,
        cores,
        offheap_mib: offheap,
        pyspark_memory_mib: r.mib(&[keys::PYSPARK_MEMORY], 0)?,
    };
    let (overhead_rule, memory, pods) = executor_memory(&r, query, &read)?;
    let total = executor_total(&r, &memory)?;
    let yarn = match query.cluster_manager {
        Some(ClusterManager::Yarn | ClusterManager::Emr) => {
            Some(yarn_resources(&r, query, Resource::new(total, cores))?)
        }
        _ => None,
    };
    let fractions = MemoryFractions {
        memory_fraction: r.fraction(keys::MEMORY_FRACTION, 0.6)?,
        storage_fraction: r.fraction(keys::STORAGE_FRACTION, 0.5)?,
    };
    let task_cpus = r.positive_int(keys::TASK_CPUS, 1)?;
    let heap_bytes = query
        .heap_bytes
        .unwrap_or_else(|| heap_mib.saturating_mul(MIB));
    Ok(SparkResources {
        executor: ExecutorResources {
            memory,
            overhead_rule,
            cores,
        },
        instances,
        yarn,
        kubernetes: pods.as_ref().map(KubernetesResources::from_pods),
        memory: unified_memory(
            heap_bytes,
            fractions,
            offheap_bytes,
            task_slots_per_executor(cores, task_cpus).max(1),
        ),
    })
}

/// `spark.executor.instances`, when set (negative counts are refused).
fn executor_instances(r: &Reader<'_>) -> Result<Option<u32>, ConfError> {
    match r.int(keys::EXECUTOR_INSTANCES)? {
        Some(n) if n >= 0 => Ok(Some(n as u32)),
        Some(_) => Err(Reader::err(
            keys::EXECUTOR_INSTANCES,
            r.0.get(keys::EXECUTOR_INSTANCES).unwrap_or_default(),
            ConfErrorKind::OutOfRange("must not be negative"),
        )),
        None => Ok(None),
    }
}

/// Heap + overhead + off-heap + PySpark, refused when it does not fit a Java long of bytes.
fn executor_total(r: &Reader<'_>, memory: &ExecutorMemory) -> Result<u64, ConfError> {
    [memory.overhead_mib, memory.offheap_mib, memory.pyspark_mib]
        .iter()
        .try_fold(memory.heap_mib, |acc, x| acc.checked_add(*x))
        .filter(|t| *t <= i64::MAX as u64 / MIB)
        .ok_or_else(|| {
            Reader::err(
                keys::EXECUTOR_MEMORY,
                r.0.get(keys::EXECUTOR_MEMORY).unwrap_or("1g"),
                ConfErrorKind::TooLarge,
            )
        })
}

/// The YARN containers: the executor's request and grant, and the AM container. Each deploy
/// mode reads only its own keys, as Spark's `Client` does: the driver's in cluster mode (the
/// driver runs in the AM), `spark.yarn.am.*` in client mode.
fn yarn_resources(
    r: &Reader<'_>,
    query: &ResourceQuery,
    executor_request: Resource,
) -> Result<YarnResources, ConfError> {
    let driver_mib = r.mib(&[keys::DRIVER_MEMORY], 1024)?;
    let driver_cores = r.positive_int(keys::DRIVER_CORES, 1)?;
    let defaults = AmSettings::defaults(query.deploy_mode, driver_mib, driver_cores);
    let settings = if query.deploy_mode == DeployMode::Cluster {
        AmSettings {
            driver_overhead: driver_overhead_settings(r, query.version)?
                .rule(query.version, DEFAULT_OVERHEAD_FACTOR),
            ..defaults
        }
    } else {
        AmSettings {
            am_memory_mib: r.mib(&[keys::AM_MEMORY], DEFAULT_AM_MEMORY_MIB)?,
            am_overhead_mib: r.size(&[keys::AM_OVERHEAD], ByteUnit::MiB)?,
            am_cores: r.positive_int(keys::AM_CORES, 1)?,
            ..defaults
        }
    };
    let am = yarn_am_container(&settings);
    let scheduler = query.scheduler.as_ref();
    Ok(YarnResources {
        executor_request,
        executor_granted: scheduler.map(|s| granted(executor_request, s)),
        am: AmContainer {
            granted: scheduler.map(|s| granted(am.request, s)),
            ..am
        },
    })
}
