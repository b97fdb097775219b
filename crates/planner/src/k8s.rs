//! Kubernetes: executor and driver pods exactly as Spark writes them into the pod spec, CPU
//! quantities (`0.5`, `500m`, `1.5`), and packing pods onto nodes by their CPU and memory
//! requests (fractional CPU requests keep task parallelism while reserving fewer CPUs).
//!
//! Numbers first, words after: [`derive_k8s`] computes the numbers (pods, per-node fit,
//! capacity, layout, totals) without building any text; [`k8s_working`] and [`k8s_warnings`]
//! explain them, and [`plan_k8s`] puts both together. The pod sizes come from
//! [`crate::spark::kubernetes_pods`], the same formula [`crate::spark::resources`] uses.

use std::fmt;

use crate::catalog::{limits, ClusterManager, FieldId};
use crate::format::spark_size;
use crate::input::{Allowed, FieldError, Given, InputErrors, OffHeap};
use crate::layout::{container_parts, group_nodes, spread_runs, Block, BlockKind, NodeGroup};
use crate::place::ExecutorCount;
use crate::plan::Step;
use crate::providers::{node_reservation, reservation_steps, ManagedNode, NodeReservation};
use crate::shortfall::{Blocker, Limit, Nearest, Process, Shape, Shortfall, Size};
use crate::spark::{
    keys, kubernetes_pods, AppType, CpuRequest, DeployMode, DriverPod, DriverPodSettings,
    ExecutorPodSettings, KubernetesPods, OverheadSettings, PodCpuSettings, PodResources,
    PodSettings, SparkConf, SparkVersion, NON_JVM_OVERHEAD_FACTOR,
};
use crate::warning::{most_severe_first, Code, Severity, Warning};

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
    /// The managed provider: when not custom, its formula replaces the reserved fields and its
    /// instance type the capacity ([`crate::providers`]).
    pub managed: ManagedNode,
    /// GPUs per node (the device plugin's `nvidia.com/gpu` in the node's allocatable).
    pub gpus_per_node: u32,
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
            gpus_per_node: 0,
            managed: ManagedNode::default(),
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
    /// The driver's load, for the driver guidance (it does not change the plan).
    pub driver_load: crate::driver::DriverLoad,
    /// The workload, for the workload checks (it does not change the plan).
    pub workload: crate::workload::Workload,
    /// `spark.dynamicAllocation.enabled` (default false).
    pub dynamic_allocation: bool,
    /// The rest of dynamic allocation's settings.
    pub dynamic_allocation_settings: crate::dynamic_allocation::DynamicAllocationSettings,
    /// `spark.executor.memoryOverheadFactor`, when set (else 0.1, or 0.4 for cluster-mode
    /// Python and R apps).
    pub overhead_factor: Option<f64>,
    /// `spark.kubernetes.memoryOverheadFactor` (deprecated since Spark 3.4, still read by 3.5
    /// and 4.0), when set: the default factor of the driver pod and, when
    /// `spark.executor.memoryOverheadFactor` is not set, of the executor pods (see
    /// [`crate::spark::kubernetes_pods`]).
    pub kubernetes_overhead_factor: Option<f64>,
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
    /// `spark.executor.minMemoryOverhead` in MiB, when set (Spark 4.0; 3.5 keeps 384 MiB).
    pub executor_min_overhead_mib: Option<u64>,
    /// `spark.driver.minMemoryOverhead` in MiB, when set (Spark 4.0; 3.5 keeps 384 MiB).
    pub driver_min_overhead_mib: Option<u64>,
    /// `spark.driver.memoryOverhead` in MiB, when set: the driver pod's overhead in place of
    /// the formula.
    pub driver_overhead_mib: Option<u64>,
    /// `spark.driver.memoryOverheadFactor`, when set: the driver pod's factor in place of the
    /// default one (see [`crate::spark::kubernetes_pods`]).
    pub driver_overhead_factor: Option<f64>,
    /// GPUs per executor pod and per task.
    pub gpus: crate::resources::GpuAsk,
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
            driver_load: crate::driver::DriverLoad::default(),
            workload: crate::workload::Workload::default(),
            dynamic_allocation: false,
            dynamic_allocation_settings: Default::default(),
            overhead_factor: None,
            kubernetes_overhead_factor: None,
            overhead_mib: None,
            offheap: OffHeap::default(),
            pyspark_memory_mib: 0,
            driver_memory_mib: 1024,
            driver_cores: 1,
            driver_request_cores: None,
            driver_limit_cores: None,
            executor_min_overhead_mib: None,
            driver_min_overhead_mib: None,
            driver_overhead_mib: None,
            driver_overhead_factor: None,
            gpus: crate::resources::GpuAsk::default(),
        }
    }
}

impl K8sSpark {
    /// The Spark configuration these settings stand for.
    pub fn conf(&self) -> SparkConf {
        let mut c = SparkConf::new();
        c.set(keys::EXECUTOR_CORES, self.executor_cores.to_string());
        c.set(keys::EXECUTOR_MEMORY, spark_size(self.executor_memory_mib));
        c.set(keys::DRIVER_MEMORY, spark_size(self.driver_memory_mib));
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
            c.set(keys::EXECUTOR_OVERHEAD_FACTOR, crate::fixed::format_f64(f));
        }
        if let Some(f) = self.kubernetes_overhead_factor {
            c.set(keys::K8S_OVERHEAD_FACTOR, crate::fixed::format_f64(f));
        }
        if let Some(m) = self.overhead_mib {
            c.set(keys::EXECUTOR_OVERHEAD, spark_size(m));
        }
        if let Some(m) = self.driver_overhead_mib {
            c.set(keys::DRIVER_OVERHEAD, spark_size(m));
        }
        if let Some(f) = self.driver_overhead_factor {
            c.set(keys::DRIVER_OVERHEAD_FACTOR, crate::fixed::format_f64(f));
        }
        // The minimums exist from Spark 4.0, and an explicit overhead replaces the executor's.
        if self.version == SparkVersion::V4_0 {
            if let (Some(m), None) = (self.executor_min_overhead_mib, self.overhead_mib) {
                c.set(keys::EXECUTOR_MIN_OVERHEAD, spark_size(m));
            }
            if let Some(m) = self.driver_min_overhead_mib {
                c.set(keys::DRIVER_MIN_OVERHEAD, spark_size(m));
            }
        }
        if self.offheap.enabled {
            c.set(keys::OFFHEAP_ENABLED, "true");
            c.set(keys::OFFHEAP_SIZE, spark_size(self.offheap.size_mib));
        }
        if self.pyspark_memory_mib > 0 {
            c.set(keys::PYSPARK_MEMORY, spark_size(self.pyspark_memory_mib));
        }
        c
    }

    /// What Spark's pod formula reads from these settings (CPU quantities trimmed, as
    /// [`K8sSpark::conf`] writes them).
    pub fn pod_settings(&self) -> PodSettings<'_> {
        fn text(v: &Option<String>) -> Option<&str> {
            v.as_deref().map(str::trim)
        }
        PodSettings {
            version: self.version,
            deploy_mode: self.deploy_mode,
            app_type: self.app_type,
            kubernetes_overhead_factor: self.kubernetes_overhead_factor,
            executor: ExecutorPodSettings {
                heap_mib: self.executor_memory_mib,
                overhead: OverheadSettings {
                    explicit_mib: self.overhead_mib,
                    factor: self.overhead_factor,
                    minimum_mib: self.executor_min_overhead_mib,
                },
                offheap_mib: if self.offheap.enabled {
                    self.offheap.size_mib
                } else {
                    0
                },
                pyspark_memory_mib: self.pyspark_memory_mib,
                cpu: PodCpuSettings {
                    cores: self.executor_cores,
                    request: text(&self.request_cores),
                    limit: text(&self.limit_cores),
                },
            },
            driver: DriverPodSettings {
                heap_mib: self.driver_memory_mib,
                overhead: OverheadSettings {
                    explicit_mib: self.driver_overhead_mib,
                    factor: self.driver_overhead_factor,
                    minimum_mib: self.driver_min_overhead_mib,
                },
                cpu: PodCpuSettings {
                    cores: self.driver_cores,
                    request: text(&self.driver_request_cores),
                    limit: text(&self.driver_limit_cores),
                },
            },
        }
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

/// The result of [`plan_k8s`]: numbers only. The words come from [`k8s_working`] and
/// [`k8s_warnings`], the configuration and exports from [`crate::exports::k8s`].
#[derive(Debug, Clone, PartialEq)]
pub struct K8sPlan {
    /// The nodes as planned (a managed provider's capacity and reservations applied).
    pub nodes: K8sNodes,
    /// The managed provider's reservation, when not custom.
    pub reservation: Option<NodeReservation>,
    /// Heap, overhead, off-heap and pyspark of the executor pod, in MiB: the pod's memory
    /// request (= limit) is their sum ([`K8sPlan::executor_memory_mib`]).
    pub executor_memory: crate::spark::ExecutorMemory,
    /// The executor CPU request in millicores.
    pub executor_cpu_millis: u64,
    /// The overhead factor Spark used.
    pub overhead_factor: f64,
    /// The driver pod's CPU request and memory parts (cluster mode; `None` in client mode).
    pub driver: Option<DriverPodPlan>,
    /// Per-node layout.
    pub layout: Vec<NodeGroup>,
    /// Totals.
    pub totals: K8sTotals,
    /// What each node has left for Spark's pods.
    pub room: PodRoom,
    /// How many executor pods fit: per node beside daemonsets, and in all with the driver pod
    /// in place.
    pub fit: PodFit,
    /// Executor pods asked for: `spark.executor.instances` as given, or the capacity when as
    /// many as fit.
    pub wanted: u64,
    /// Executor pods placed: the smaller of asked and capacity.
    pub placed: u64,
    /// Tasks each executor runs at once: cores ÷ `spark.task.cpus`, and its GPUs ÷ a task's.
    pub task_slots_per_executor: u64,
    /// GPUs each executor pod asks for (`nvidia.com/gpu` in its requests and limits).
    pub executor_gpus: u64,
}

impl K8sPlan {
    /// The executor pod's memory request (= limit), in MiB.
    pub fn executor_memory_mib(&self) -> u64 {
        self.executor_memory.total_mib()
    }

    /// The driver pod's memory request (= limit), in MiB (0 in client mode).
    pub fn driver_memory_mib(&self) -> u64 {
        self.driver.map_or(0, |d| d.memory_mib())
    }

    /// The driver pod's CPU request in millicores (0 in client mode).
    pub fn driver_cpu_millis(&self) -> u64 {
        self.driver.map_or(0, |d| d.cpu_millis)
    }

    /// The pods as Spark writes them into the pod spec, for words and exports: the memory from
    /// this plan, the CPU request and limit as `spark` (the settings it was planned with) give
    /// them. Spark copies a request's text as given (`BasicExecutorFeatureStep`), so `500m`
    /// stays `500m` and `0.5` stays `0.5`: the plan holds the millicores, not the text.
    pub fn pod_specs(&self, spark: &K8sSpark) -> PodSpecs {
        let settings = spark.pod_settings();
        PodSpecs {
            executor: PodResources::new(
                self.executor_memory_mib(),
                &settings.executor.cpu.pod_cpu(),
            ),
            driver: self
                .driver
                .map(|d| PodResources::new(d.memory_mib(), &settings.driver.cpu.pod_cpu())),
        }
    }

    /// Whether a driver pod runs on node 1 (cluster mode, and it fits).
    pub fn has_driver(&self) -> bool {
        self.driver.is_some() && self.fit.driver_fits
    }
}

/// The pods as Spark writes them into the pod spec ([`K8sPlan::pod_specs`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodSpecs {
    /// The executor pod.
    pub executor: PodResources,
    /// The driver pod (cluster mode only).
    pub driver: Option<PodResources>,
}

/// Kubernetes' form: validation ranges and field names come from its catalog entries.
const KUBERNETES: ClusterManager = ClusterManager::Kubernetes;

/// What a CPU quantity looks like, for the allowed values of a CPU field.
const CPU_QUANTITY: &str = "a CPU quantity in cores (2, 0.5, 1.5) or millicores (500m)";

impl CpuError {
    /// The error as `field`'s: the text given, and what a CPU quantity looks like.
    pub fn field_error(&self, field: FieldId) -> FieldError {
        FieldError::new(
            field,
            Given::Text(format!("\"{}\"", self.text)),
            Allowed::Words(CPU_QUANTITY.to_string()),
        )
    }
}

/// `value` outside the field's range in Kubernetes' catalog entry.
fn outside_catalog_range(field: FieldId, value: u64) -> Option<FieldError> {
    FieldError::outside_catalog_range_of(KUBERNETES, field, value)
}

/// The range checks of the node settings, and what the kubelet, the system and the daemonsets
/// hold back, which must leave room for pods.
fn node_errors(n: &K8sNodes) -> Vec<FieldError> {
    let ranges = [
        (FieldId::Nodes, u64::from(n.nodes)),
        (FieldId::NodeCpu, n.capacity_cpu_millis),
        (FieldId::NodeMemory, n.capacity_memory_mib),
    ];
    let mut errors: Vec<FieldError> = Vec::new();
    for (field, value) in ranges {
        errors.extend(outside_catalog_range(field, value));
    }
    errors.extend(held_back_error(
        HeldBack {
            reserved: FieldId::KubeReservedCpu,
            daemonsets: FieldId::DaemonsetCpu,
        },
        (
            n.reserved_cpu_millis,
            n.daemonset_cpu_millis,
            n.capacity_cpu_millis,
        ),
    ));
    errors.extend(held_back_error(
        HeldBack {
            reserved: FieldId::KubeReservedMemory,
            daemonsets: FieldId::DaemonsetMemory,
        },
        (
            n.reserved_memory_mib,
            n.daemonset_memory_mib,
            n.capacity_memory_mib,
        ),
    ));
    errors
}

/// The two fields that hold back one resource of a node (CPU or memory).
struct HeldBack {
    /// kube-reserved + system-reserved (and, for memory, the eviction threshold).
    reserved: FieldId,
    /// What the daemonsets request.
    daemonsets: FieldId,
}

/// An error when `reserved` plus `daemonsets` leave nothing of `capacity` for pods: at the
/// daemonsets' field when they alone take the node, else at the reservation's. Values in the
/// fields' unit (`16 CPU`, `64 GiB`).
fn held_back_error(
    fields: HeldBack,
    (reserved, daemonsets, capacity): (u64, u64, u64),
) -> Option<FieldError> {
    if capacity == 0 || reserved.saturating_add(daemonsets) < capacity {
        return None;
    }
    let less_than = |minus: Option<(u64, String)>| Allowed::LessThan {
        max: capacity,
        of: "the node's".to_string(),
        minus,
    };
    Some(if daemonsets >= capacity {
        FieldError::new(fields.daemonsets, Given::Whole(daemonsets), less_than(None))
    } else if daemonsets > 0 {
        FieldError::new(
            fields.reserved,
            Given::Whole(reserved),
            less_than(Some((daemonsets, "the daemonsets'".to_string()))),
        )
    } else {
        FieldError::new(fields.reserved, Given::Whole(reserved), less_than(None))
    })
}

/// The range checks of the Spark settings: the catalog's, and `spark.task.cpus` up to the
/// executor's cores (Spark refuses fewer cores than one task needs:
/// `ResourceUtils.validateTaskCpusLargeEnough` in `org.apache.spark.resource`).
fn spark_errors(s: &K8sSpark) -> Vec<FieldError> {
    let mut errors: Vec<FieldError> = Vec::new();
    errors.extend(outside_catalog_range(
        FieldId::CoresPerExecutor,
        u64::from(s.executor_cores),
    ));
    errors.extend(heap_errors(FieldId::ExecutorMemory, s.executor_memory_mib));
    errors.extend(FieldError::task_cpus_above_executor_cores(
        s.task_cpus,
        s.executor_cores,
    ));
    errors.extend(heap_errors(FieldId::DriverMemory, s.driver_memory_mib));
    errors.extend(outside_catalog_range(
        FieldId::DriverCores,
        u64::from(s.driver_cores),
    ));
    errors.extend(overhead_errors(s));
    errors.extend(crate::input::driver_load_errors(&s.driver_load));
    errors.extend(crate::input::workload_errors(
        &s.workload,
        &s.dynamic_allocation_settings,
    ));
    errors
}

/// A heap setting outside its catalog range, or else under Spark's 450 MiB floor.
fn heap_errors(field: FieldId, heap_mib: u64) -> Option<FieldError> {
    outside_catalog_range(field, heap_mib)
        .or_else(|| FieldError::below_spark_minimum_heap(field, heap_mib))
}

/// The overhead factor, the explicit and minimum overheads, off-heap and PySpark memory.
fn overhead_errors(s: &K8sSpark) -> Vec<FieldError> {
    let mut errors: Vec<FieldError> = Vec::new();
    let factors = [
        (FieldId::OverheadFactor, s.overhead_factor),
        (FieldId::K8sOverheadFactor, s.kubernetes_overhead_factor),
        (FieldId::DriverOverheadFactor, s.driver_overhead_factor),
    ];
    for (field, factor) in factors {
        if let Some(f) = factor {
            errors.extend(FieldError::outside_catalog_real_range_of(
                KUBERNETES, field, f,
            ));
        }
    }
    let optional = [
        (FieldId::ExecutorOverhead, s.overhead_mib),
        (FieldId::OverheadMinimum, s.executor_min_overhead_mib),
        (FieldId::DriverOverheadMinimum, s.driver_min_overhead_mib),
        (FieldId::DriverOverhead, s.driver_overhead_mib),
    ];
    for (field, value) in optional {
        errors.extend(value.and_then(|v| outside_catalog_range(field, v)));
    }
    errors.extend(if s.offheap.enabled {
        FieldError::out_of_range(FieldId::OffHeapSize, s.offheap.size_mib, 1, limits::MAX_MIB)
            .map(|e| e.because("off-heap memory is on"))
    } else {
        outside_catalog_range(FieldId::OffHeapSize, s.offheap.size_mib)
    });
    errors.extend(outside_catalog_range(
        FieldId::PysparkMemory,
        s.pyspark_memory_mib,
    ));
    errors
}

/// The CPU requests of the executor and driver pods, in millicores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct CpuRequests {
    /// The executor pod's request.
    executor_millis: u64,
    /// 0 in client mode (no driver pod).
    driver_millis: u64,
}

/// A CPU quantity of `field` in millicores, or the error naming the field.
fn cpu(field: FieldId, text: &str) -> Result<u64, FieldError> {
    parse_cpu_millis(text).map_err(|e| e.field_error(field))
}

/// A request in millicores: the cores as they are, or the quantity read.
fn request_millis(field: FieldId, request: CpuRequest<'_>) -> Result<u64, FieldError> {
    match request {
        CpuRequest::Cores(cores) => Ok(u64::from(cores) * 1000),
        CpuRequest::Quantity(text) => cpu(field, text),
    }
}

/// Reads the pods' CPU quantities. An executor limit below its request is refused: the API
/// server refuses a pod whose CPU request exceeds its limit (Kubernetes'
/// `ValidateResourceRequirements`: "must be less than or equal to cpu limit").
fn cpu_requests(pods: &KubernetesPods<'_>, errors: &mut Vec<FieldError>) -> CpuRequests {
    let executor = &pods.executor.cpu;
    let executor_millis = request_millis(FieldId::ExecutorCpuRequest, executor.request)
        .map_err(|e| errors.push(e))
        .unwrap_or(0);
    if let Some(limit) = executor.limit {
        match cpu(FieldId::ExecutorCpuLimit, limit) {
            Err(e) => errors.push(e),
            Ok(limit_millis) if limit_millis < executor_millis => errors.push(FieldError::new(
                FieldId::ExecutorCpuLimit,
                Given::Whole(limit_millis),
                Allowed::AtLeast {
                    min: executor_millis,
                    of: Some("the CPU request".to_string()),
                },
            )),
            Ok(_) => {}
        }
    }
    let driver_millis = match &pods.driver {
        Some(d) => request_millis(FieldId::DriverCpuRequest, d.cpu.request)
            .map_err(|e| errors.push(e))
            .unwrap_or(0),
        None => 0,
    };
    if let Some(limit) = pods.driver.as_ref().and_then(|d| d.cpu.limit) {
        errors.extend(cpu(FieldId::DriverCpuLimit, limit).err());
    }
    CpuRequests {
        executor_millis,
        driver_millis,
    }
}

/// The nodes as planned: a managed provider's instance type and reservation formula replace
/// the typed capacity and reservations ([`crate::providers::node_reservation`]); custom nodes
/// stay as typed, so old links plan the same.
pub fn planned_nodes(n: &K8sNodes) -> Result<(K8sNodes, Option<NodeReservation>), FieldError> {
    let reservation = node_reservation(&n.managed, n.capacity_cpu_millis, n.capacity_memory_mib)?;
    let mut planned = n.clone();
    if let Some(r) = &reservation {
        planned.capacity_cpu_millis = r.capacity_cpu_millis;
        planned.capacity_memory_mib = r.capacity_memory_mib;
        planned.reserved_cpu_millis = r.reserved_cpu_millis();
        planned.reserved_memory_mib = r.reserved_memory_mib();
    }
    Ok((planned, reservation))
}

/// A managed node's range errors: a reservation the provider's formula set is not a field, so a
/// node it leaves no room on is the capacity's error.
fn managed_node_errors(n: &K8sNodes) -> Vec<FieldError> {
    let mut errors = node_errors(n);
    for e in &mut errors {
        let (field, capacity, held) = match e.field {
            FieldId::KubeReservedCpu => (
                FieldId::NodeCpu,
                n.capacity_cpu_millis,
                n.reserved_cpu_millis + n.daemonset_cpu_millis,
            ),
            FieldId::KubeReservedMemory => (
                FieldId::NodeMemory,
                n.capacity_memory_mib,
                n.reserved_memory_mib + n.daemonset_memory_mib,
            ),
            _ => continue,
        };
        let allowed = Allowed::MoreThan {
            min: held,
            of: "the provider's reservation plus the daemonsets".to_string(),
        };
        *e = FieldError::new(field, Given::Whole(capacity), allowed);
    }
    errors
}

/// Every problem of the input at once, in form order, each at its catalog field; on success,
/// the pods' CPU requests and the nodes as planned.
fn validate(
    input: &K8sInput,
    pods: &KubernetesPods<'_>,
) -> Result<(CpuRequests, K8sNodes, Option<NodeReservation>), InputErrors> {
    let (nodes, reservation, mut errors) = match planned_nodes(&input.nodes) {
        Ok((nodes, None)) => (nodes.clone(), None, node_errors(&nodes)),
        Ok((nodes, Some(r))) => (nodes.clone(), Some(r), managed_node_errors(&nodes)),
        Err(e) => (input.nodes.clone(), None, vec![e]),
    };
    errors.extend(spark_errors(&input.spark));
    errors.extend(crate::input::gpu_errors(
        input.nodes.gpus_per_node.into(),
        &input.spark.gpus,
    ));
    let requests = cpu_requests(pods, &mut errors);
    if errors.is_empty() {
        Ok((requests, nodes, reservation))
    } else {
        Err(InputErrors(errors))
    }
}

/// CPU and memory a node has left for Spark's pods.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PodRoom {
    /// Capacity − reserved − daemonsets, in millicores.
    pub cpu_millis: u64,
    /// Capacity − reserved (eviction included) − daemonsets, in MiB.
    pub memory_mib: u64,
    /// The node's pod limit, its max pods ([`crate::providers::max_pods_per_node`]): Spark's
    /// pods on a node never exceed it. Daemonset pods count against it too; the form gives their
    /// CPU and memory, not their number, so they are not subtracted.
    pub pods: u64,
    /// The node's GPUs (`nvidia.com/gpu`).
    pub gpus: u64,
}

impl PodRoom {
    /// What each node has left after the kubelet, the system and the daemonsets: a managed
    /// provider's capacity and reservations when one is chosen ([`planned_nodes`]; the same
    /// numbers when `n` is already planned), else the typed ones.
    pub fn of(n: &K8sNodes) -> PodRoom {
        let planned = planned_nodes(n);
        let reservation = planned.as_ref().ok().and_then(|(_, r)| r.as_ref());
        let pods = u64::from(crate::providers::max_pods_per_node(reservation));
        let n = planned.as_ref().map_or(n, |(p, _)| p);
        PodRoom {
            pods,
            gpus: n.gpus_per_node.into(),
            cpu_millis: n
                .capacity_cpu_millis
                .saturating_sub(n.reserved_cpu_millis)
                .saturating_sub(n.daemonset_cpu_millis),
            memory_mib: n
                .capacity_memory_mib
                .saturating_sub(n.reserved_memory_mib)
                .saturating_sub(n.daemonset_memory_mib),
        }
    }
}

/// The driver pod as planned (cluster mode): its CPU request and its memory parts, as
/// Spark's pod formula sized them, so that words and reports read them from the plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DriverPodPlan {
    /// CPU request, in millicores.
    pub cpu_millis: u64,
    /// `spark.driver.memory`, in MiB.
    pub heap_mib: u64,
    /// The driver's memory overhead, in MiB.
    pub overhead_mib: u64,
}

impl DriverPodPlan {
    /// heap + overhead: the pod's memory request (= limit), in MiB.
    pub fn memory_mib(&self) -> u64 {
        self.heap_mib.saturating_add(self.overhead_mib)
    }
}

/// What one pod requests from a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PodRequest {
    /// CPU request, in millicores.
    pub cpu_millis: u64,
    /// Memory request (= limit), in MiB.
    pub memory_mib: u64,
}

/// How many executor pods the nodes hold, the driver pod placed first on node 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PodFit {
    /// Whether the driver pod fits a node (true in client mode: there is none).
    pub driver_fits: bool,
    /// Executor pods on a node without the driver: as many as its CPU and memory hold, at most
    /// its pod limit.
    pub per_node: u64,
    /// Executor pods a node's CPU and memory hold, without the pod limit.
    pub per_node_by_resources: u64,
    /// Whether the pod limit holds fewer executor pods than CPU and memory would, on node 1
    /// (where the driver pod counts) or the others.
    pub pod_limit_binds: bool,
    /// Executor pods on node 1 beside the driver (0 when the driver fits nowhere).
    pub first_node: u64,
    /// Executor pods on each other node (0 when the driver fits nowhere: nothing starts).
    pub other_nodes: u64,
    /// Executor pods the cluster holds with the driver in place.
    pub capacity: u64,
    /// Executor pods a node's GPUs hold (`None`: the pods ask for no GPU).
    pub gpu_cap: Option<u64>,
}

/// Executor pods that fit in `cpu_free` millicores and `mem_free` MiB.
fn executors_fitting(executor: PodRequest, cpu_free: u64, mem_free: u64) -> u64 {
    let by_mem = mem_free
        .checked_div(executor.memory_mib)
        .unwrap_or(u64::MAX);
    let by_cpu = cpu_free
        .checked_div(executor.cpu_millis)
        .unwrap_or(u64::MAX);
    by_mem.min(by_cpu).min(1_000_000)
}

impl PodFit {
    /// Packs executor pods by their requests and the node's pod limit, beside the driver pod on
    /// node 1 (none in client mode), on `nodes` nodes of `room` each.
    pub fn of(
        room: PodRoom,
        executor: PodRequest,
        driver: Option<PodRequest>,
        nodes: u32,
        executor_gpus: u64,
    ) -> PodFit {
        let d = driver.unwrap_or(PodRequest {
            cpu_millis: 0,
            memory_mib: 0,
        });
        let driver_fits = d.cpu_millis <= room.cpu_millis && d.memory_mib <= room.memory_mib;
        // The driver pod asks for no GPU: every node holds the same GPU pods.
        let gpu_cap = (executor_gpus > 0).then(|| room.gpus / executor_gpus);
        let by_resources = executors_fitting(executor, room.cpu_millis, room.memory_mib)
            .min(gpu_cap.unwrap_or(u64::MAX));
        let per_node = by_resources.min(room.pods);
        let (first_node, other_nodes, first_limited) = if driver_fits {
            let first = executors_fitting(
                executor,
                room.cpu_millis - d.cpu_millis,
                room.memory_mib - d.memory_mib,
            )
            .min(gpu_cap.unwrap_or(u64::MAX));
            // The driver pod takes one of node 1's pods.
            let pods = room.pods.saturating_sub(u64::from(driver.is_some()));
            (first.min(pods), per_node, first > pods)
        } else {
            (0, 0, false)
        };
        let others = u64::from(nodes).saturating_sub(1);
        PodFit {
            driver_fits,
            per_node,
            per_node_by_resources: by_resources,
            pod_limit_binds: first_limited || (others > 0 && by_resources > per_node),
            first_node,
            other_nodes,
            capacity: first_node.saturating_add(other_nodes.saturating_mul(others)),
            gpu_cap,
        }
    }
}

/// Everything [`plan_k8s`] computes, as numbers: no text is built.
#[derive(Debug, Clone, PartialEq)]
pub struct K8sDerivation<'a> {
    /// The nodes as planned (a managed provider's capacity and reservations applied).
    pub nodes: K8sNodes,
    /// The managed provider's reservation, when not custom.
    pub reservation: Option<NodeReservation>,
    /// The pods as Spark's formula sizes them.
    pub pods: KubernetesPods<'a>,
    /// The executor pod's CPU request in millicores.
    pub executor_cpu_millis: u64,
    /// The driver pod's CPU request in millicores (0 in client mode).
    pub driver_cpu_millis: u64,
    /// What each node has left for Spark's pods.
    pub room: PodRoom,
    /// How many executor pods fit.
    pub fit: PodFit,
    /// Executor pods asked for (the capacity when as many as fit).
    pub wanted: u64,
    /// Executor pods placed: the smaller of asked and capacity.
    pub placed: u64,
    /// Tasks each executor runs at once: cores ÷ `spark.task.cpus`.
    pub task_slots_per_executor: u64,
    /// Per-node layout.
    pub layout: Vec<NodeGroup>,
    /// Sums over the layout.
    pub totals: K8sTotals,
}

impl K8sDerivation<'_> {
    /// The executor pod's memory request (= limit), in MiB.
    pub fn executor_memory_mib(&self) -> u64 {
        self.pods.executor.memory.total_mib()
    }

    /// The driver pod's memory request (= limit), in MiB (0 in client mode).
    pub fn driver_memory_mib(&self) -> u64 {
        self.pods.driver.as_ref().map_or(0, DriverPod::memory_mib)
    }

    /// Whether a driver pod runs on node 1 (cluster mode, and it fits).
    pub fn has_driver(&self) -> bool {
        self.pods.driver.is_some() && self.fit.driver_fits
    }
}

/// The numbers of a Kubernetes plan: the pods Spark writes, how many fit per node (by CPU
/// request and memory), the driver pod on node 1, the layout and its totals. A sweep calls
/// this directly; [`plan_k8s`] adds the working, warnings and configuration.
pub fn derive_k8s(input: &K8sInput) -> Result<K8sDerivation<'_>, InputErrors> {
    let pods = kubernetes_pods(&input.spark.pod_settings());
    let (cpu, nodes, reservation) = validate(input, &pods)?;
    let room = PodRoom::of(&nodes);
    let executor = PodRequest {
        cpu_millis: cpu.executor_millis,
        memory_mib: pods.executor.memory.total_mib(),
    };
    let driver = PodRequest {
        cpu_millis: cpu.driver_millis,
        memory_mib: pods.driver.as_ref().map_or(0, DriverPod::memory_mib),
    };
    let fit = PodFit::of(
        room,
        executor,
        pods.driver.is_some().then_some(driver),
        nodes.nodes,
        input.spark.gpus.executor.into(),
    );
    let wanted = match input.count {
        ExecutorCount::Exactly(w) => u64::from(w),
        ExecutorCount::AsManyAsFit => fit.capacity,
    };
    let placed = wanted.min(fit.capacity);
    let m = &pods.executor.memory;
    let pod_blocks = PodBlocks {
        executor: Block {
            parts: container_parts(m.heap_mib, m.overhead_mib, m.offheap_mib, m.pyspark_mib, 0),
            ..Block::plain(
                BlockKind::Executor,
                executor.cpu_millis,
                executor.memory_mib,
            )
        },
        driver: (pods.driver.is_some() && fit.driver_fits).then_some(driver),
    };
    let layout = pod_layout(&nodes, room, &pod_blocks, &fit, placed);
    let s = &input.spark;
    let task_slots_per_executor = u64::from(crate::resources::slots_with_gpus(
        s.executor_cores,
        s.task_cpus,
        &s.gpus,
    ));
    let totals = k8s_totals(
        &layout,
        &pod_blocks,
        room,
        nodes.nodes,
        task_slots_per_executor,
    );
    Ok(K8sDerivation {
        nodes,
        reservation,
        pods,
        executor_cpu_millis: cpu.executor_millis,
        driver_cpu_millis: cpu.driver_millis,
        room,
        fit,
        wanted,
        placed,
        task_slots_per_executor,
        layout,
        totals,
    })
}

/// What Spark's pods put on a node: one executor pod's block, and the driver pod's request
/// when it runs on node 1.
struct PodBlocks {
    executor: Block,
    driver: Option<PodRequest>,
}

/// The blocks of one node: reserved, daemonsets, the driver pod when `driver`, `executors`
/// executor pods, then what is left unused.
fn node_pod_blocks(
    n: &K8sNodes,
    room: PodRoom,
    pods: &PodBlocks,
    driver: bool,
    executors: u64,
) -> Vec<Block> {
    let mut blocks = vec![Block::plain(
        BlockKind::Reserved,
        n.reserved_cpu_millis.min(n.capacity_cpu_millis),
        n.reserved_memory_mib.min(n.capacity_memory_mib),
    )];
    if n.daemonset_cpu_millis > 0 || n.daemonset_memory_mib > 0 {
        blocks.push(Block::plain(
            BlockKind::DaemonSets,
            n.daemonset_cpu_millis,
            n.daemonset_memory_mib,
        ));
    }
    let (mut cpu_used, mut mem_used) = (0u64, 0u64);
    if let (true, Some(d)) = (driver, pods.driver) {
        blocks.push(Block::plain(
            BlockKind::DriverPod,
            d.cpu_millis,
            d.memory_mib,
        ));
        cpu_used += d.cpu_millis;
        mem_used += d.memory_mib;
    }
    for _ in 0..executors {
        blocks.push(pods.executor.clone());
        cpu_used = cpu_used.saturating_add(pods.executor.cpu_millis);
        mem_used = mem_used.saturating_add(pods.executor.memory_mib);
    }
    blocks.push(Block::plain(
        BlockKind::Unused,
        room.cpu_millis.saturating_sub(cpu_used),
        room.memory_mib.saturating_sub(mem_used),
    ));
    blocks
}

/// The per-node layout: the driver pod on node 1, `placed` executor pods spread evenly, and
/// consecutive nodes with the same pods grouped.
fn pod_layout(
    n: &K8sNodes,
    room: PodRoom,
    pods: &PodBlocks,
    fit: &PodFit,
    placed: u64,
) -> Vec<NodeGroup> {
    let has_driver = pods.driver.is_some();
    let runs = spread_runs(n.nodes, has_driver, fit.first_node, fit.other_nodes, placed);
    group_nodes(runs, |run| {
        node_pod_blocks(n, room, pods, run.load.driver, run.load.executors)
    })
}

/// Sums over the layout.
fn k8s_totals(
    layout: &[NodeGroup],
    pods: &PodBlocks,
    room: PodRoom,
    nodes: u32,
    task_slots_per_executor: u64,
) -> K8sTotals {
    let mut executors: u64 = 0;
    for g in layout {
        executors += u64::from(g.executors_per_node()) * u64::from(g.node_count());
    }
    let driver = pods.driver.unwrap_or(PodRequest {
        cpu_millis: 0,
        memory_mib: 0,
    });
    let nodes = u64::from(nodes);
    K8sTotals {
        executors: u32::try_from(executors).unwrap_or(u32::MAX),
        task_slots: executors * task_slots_per_executor,
        cpu_requested_millis: executors
            .saturating_mul(pods.executor.cpu_millis)
            .saturating_add(driver.cpu_millis),
        memory_requested_mib: executors
            .saturating_mul(pods.executor.memory_mib)
            .saturating_add(driver.memory_mib),
        cpu_available_millis: room.cpu_millis.saturating_mul(nodes),
        memory_available_mib: room.memory_mib.saturating_mul(nodes),
    }
}

/// The working: room per node, the executor pod, pods per node, executors placed.
pub fn k8s_working(input: &K8sInput, d: &K8sPlan) -> Vec<Step> {
    let n = &input.nodes;
    let node_steps = d.reservation.map_or_else(
        || vec![room_step(&d.nodes, d.room)],
        |r| reservation_steps(&r, n.daemonset_cpu_millis, n.daemonset_memory_mib),
    );
    let steps = vec![
        executor_pod_step(d, &input.spark),
        Step::new(
            "Executor pods per node",
            format!(
                "min({} MiB ÷ {} MiB, {} CPU ÷ {} CPU{}{}) = {}",
                d.room.memory_mib,
                d.executor_memory_mib(),
                crate::format::cores(d.room.cpu_millis),
                crate::format::cores(d.executor_cpu_millis),
                if d.executor_gpus > 0 {
                    format!(", {} GPU ÷ {} GPU", d.room.gpus, d.executor_gpus)
                } else {
                    String::new()
                },
                if d.fit.per_node < d.fit.per_node_by_resources {
                    format!(", the node's pod limit of {} pods", d.room.pods)
                } else {
                    String::new()
                },
                d.fit.per_node
            ),
        ),
        placed_step(input.count, d),
    ];
    node_steps.into_iter().chain(steps).collect()
}

fn room_step(n: &K8sNodes, room: PodRoom) -> Step {
    Step::new(
        "Room for pods per node",
        format!(
            "{} CPU − {} reserved − {} daemonsets = {} CPU; {} MiB − {} − {} = {} MiB",
            crate::format::cpu_quantity(n.capacity_cpu_millis),
            crate::format::cpu_quantity(n.reserved_cpu_millis),
            crate::format::cpu_quantity(n.daemonset_cpu_millis),
            crate::format::cpu_quantity(room.cpu_millis),
            n.capacity_memory_mib,
            n.reserved_memory_mib,
            n.daemonset_memory_mib,
            room.memory_mib
        ),
    )
}

fn executor_pod_step(d: &K8sPlan, spark: &K8sSpark) -> Step {
    let m = &d.executor_memory;
    let cpu = d.pod_specs(spark).executor;
    Step::new(
        "Executor pod",
        format!(
            "memory {} + {} overhead{} = {}Mi (request = limit); CPU request {}{}",
            m.heap_mib,
            m.overhead_mib,
            if m.offheap_mib + m.pyspark_mib > 0 {
                format!(" + {} off-heap/pyspark", m.offheap_mib + m.pyspark_mib)
            } else {
                String::new()
            },
            d.executor_memory_mib(),
            cpu.cpu_request,
            cpu.cpu_limit
                .as_ref()
                .map_or(String::new(), |l| format!(", limit {l}"))
        ),
    )
}

fn placed_step(count: ExecutorCount, d: &K8sPlan) -> Step {
    let t = &d.totals;
    let beside = if d.has_driver() {
        " with the driver pod on node 1"
    } else {
        ""
    };
    let count = match count {
        ExecutorCount::Exactly(_) => format!(
            "{} of {} asked ({} fit{beside})",
            t.executors, d.wanted, d.fit.capacity
        ),
        ExecutorCount::AsManyAsFit => {
            format!("{} placed, as many as fit{beside}", t.executors)
        }
    };
    let driver = if d.has_driver() {
        format!(
            " + {} CPU for the driver pod",
            crate::format::cores(d.driver_cpu_millis())
        )
    } else if d.driver.is_none() {
        " (client mode: the driver runs outside the cluster)".to_string()
    } else {
        " (the driver pod fits on no node)".to_string()
    };
    Step::new(
        "Executors placed",
        format!(
            "{count}; {}; {} CPU requested = {} × {} CPU{driver}",
            crate::format::counted(t.task_slots, "task slot"),
            crate::format::cores(t.cpu_requested_millis),
            crate::format::counted(t.executors.into(), "executor pod"),
            crate::format::cores(d.executor_cpu_millis),
        ),
    )
}

/// Why the per-node layout holds fewer executor pods than CPU and memory allow, when the
/// node's pod limit does: `None` when it does not bind.
pub fn k8s_pod_limit_words(d: &K8sPlan) -> Option<String> {
    d.fit.pod_limit_binds.then(|| {
        crate::format::in_text(&format!(
            "Executor pods per node are {}.",
            pod_limit_words(d.room.pods)
        ))
    })
}

/// "held back by the node's pod limit, N pods, …": the one wording of the limit, in the
/// layout's words and the shortfall's.
fn pod_limit_words(pods: u64) -> String {
    format!(
        "held back by the node's pod limit, {pods} pods (the driver pod counts too), not by CPU \
         or memory"
    )
}

/// The findings, most severe first: pods that stay Pending, then settings worth knowing about.
pub fn k8s_warnings(input: &K8sInput, d: &K8sPlan) -> Vec<Warning> {
    let mut warnings = fit_warnings(d);
    warnings.extend(cpu_request_warning(&input.spark, d));
    warnings.extend(setting_warnings(&input.spark, d));
    warnings.extend(likely_mistakes(input));
    let s = &input.spark;
    warnings.extend(crate::resources::gpu_warnings(
        s.executor_cores,
        s.task_cpus,
        &s.gpus,
    ));
    most_severe_first(warnings)
}

/// Likely mistakes Spark accepts: no executors asked for, an overhead factor of 1 or more.
fn likely_mistakes(input: &K8sInput) -> Vec<Warning> {
    let s = &input.spark;
    let mut warnings = Vec::new();
    if input.count == ExecutorCount::Exactly(0) {
        warnings.push(
            Warning::new(
                Code::NoExecutorsRequested,
                Severity::Warning,
                "No executor pods are asked for (spark.executor.instances = 0). Spark accepts it, \
                 but only the driver starts: jobs wait for executors unless dynamic allocation \
                 adds them. Type max for as many as fit.",
            )
            .about(FieldId::ExecutorInstances),
        );
    }
    if let (Some(f), None) = (s.overhead_factor, s.overhead_mib) {
        warnings.extend(crate::plan::large_overhead_factor_warning(
            keys::EXECUTOR_OVERHEAD_FACTOR,
            f,
            FieldId::OverheadFactor,
        ));
    }
    warnings
}

/// Pods that stay Pending: the driver or executors larger than a node's room, or more
/// executors asked than fit.
fn fit_warnings(d: &K8sPlan) -> Vec<Warning> {
    let mut warnings = Vec::new();
    let room = d.room;
    if !d.fit.driver_fits {
        warnings.push(Warning::new(
            Code::AmDoesNotFit,
            Severity::Error,
            format!(
                "The driver pod ({} CPU, {} MiB) is larger than what a node has left \
                 for pods ({} CPU, {} MiB): it stays Pending.",
                crate::format::cpu_quantity(d.driver_cpu_millis()),
                d.driver_memory_mib(),
                crate::format::cpu_quantity(room.cpu_millis),
                room.memory_mib
            ),
        ));
    }
    if d.fit.gpu_cap == Some(0) {
        warnings.push(Warning::new(
            Code::NoExecutorFits,
            Severity::Error,
            crate::place::gpus_short_words(d.executor_gpus, room.gpus),
        ));
    } else if d.fit.per_node == 0 {
        warnings.push(Warning::new(
            Code::NoExecutorFits,
            Severity::Error,
            format!(
                "An executor pod ({} CPU, {} MiB) is larger than what a node has left \
                 for pods ({} CPU, {} MiB): executors stay Pending.",
                crate::format::cpu_quantity(d.executor_cpu_millis),
                d.executor_memory_mib(),
                crate::format::cpu_quantity(room.cpu_millis),
                room.memory_mib
            ),
        ));
    }
    let capacity = d.fit.capacity;
    if d.wanted > capacity && d.fit.per_node > 0 {
        warnings.push(Warning::new(
            Code::FewerExecutorsFit,
            Severity::Warning,
            format!(
                "Only {capacity} of the {} fit ({} per node); the \
                 other {} stay Pending.",
                crate::format::counted(d.wanted, "executor pod"),
                d.fit.per_node,
                d.wanted - capacity
            ),
        ));
    }
    warnings
}

/// A CPU request below the executor's cores: same parallelism, fewer CPUs reserved.
fn cpu_request_warning(s: &K8sSpark, d: &K8sPlan) -> Option<Warning> {
    let cores_millis = u64::from(s.executor_cores) * 1000;
    let requested = d.executor_cpu_millis;
    (requested < cores_millis).then(|| {
        Warning::new(
            Code::SettingIgnored,
            Severity::Info,
            format!(
                "Each executor requests {} CPU but runs {} at once \
                 (spark.executor.cores = {}): parallelism is unchanged while the pods reserve \
                 {}% of the CPUs {} full cores would. Tasks share the CPU; this suits \
                 I/O-bound work.",
                crate::format::cpu_quantity(requested),
                crate::format::counted(d.task_slots_per_executor, "task"),
                s.executor_cores,
                crate::fixed::format_percent(requested, cores_millis, 0),
                s.executor_cores
            ),
        )
    })
}

/// Settings whose effect on Kubernetes is easy to miss: the 0.4 non-JVM factor, PySpark
/// memory in client mode, and minimum overheads Spark 3.5 does not have.
fn setting_warnings(s: &K8sSpark, d: &K8sPlan) -> Vec<Warning> {
    let mut warnings = Vec::new();
    let info = |message: String| Warning::new(Code::SettingIgnored, Severity::Info, message);
    if d.overhead_factor == NON_JVM_OVERHEAD_FACTOR
        && s.overhead_factor.is_none()
        && s.kubernetes_overhead_factor.is_none()
        && s.overhead_mib.is_none()
    {
        warnings.push(info(format!(
            "A cluster-mode {} app gets a 0.4 overhead factor on Kubernetes (for the \
             Python or R workers): {} MiB per executor.",
            if s.app_type == AppType::R {
                "R"
            } else {
                "Python"
            },
            d.executor_memory.overhead_mib
        )));
    }
    if s.app_type == AppType::Python
        && s.deploy_mode == DeployMode::Client
        && s.pyspark_memory_mib > 0
    {
        warnings.push(info(
            "In client mode Spark's executor pods do not know the app is Python, so \
             spark.executor.pyspark.memory is not added to the pod's memory."
                .into(),
        ));
    }
    if s.version == SparkVersion::V3_5
        && (s.executor_min_overhead_mib.is_some() && s.overhead_mib.is_none()
            || s.driver_min_overhead_mib.is_some() && d.driver.is_some())
    {
        warnings.push(info(
            "spark.executor.minMemoryOverhead and spark.driver.minMemoryOverhead exist from \
             Spark 4.0; Spark 3.5 ignores them and keeps a 384 MiB minimum."
                .into(),
        ));
    }
    warnings
}

/// When the plan runs fewer executor pods than asked: why, and the nearest heap that runs
/// them. `None` when every pod asked for runs (or none is asked for).
pub fn k8s_shortfall(input: &K8sInput, p: &K8sPlan) -> Option<Shortfall> {
    if p.placed >= p.wanted {
        return None;
    }
    let size = |cpu_millis, memory_mib| Size {
        cpu_millis,
        memory_mib,
    };
    let room = Limit::Node(size(p.room.cpu_millis, p.room.memory_mib));
    let (blocker, nearest) = if !p.fit.driver_fits {
        let set = |i: &mut K8sInput, heap| i.spark.driver_memory_mib = heap;
        let nearest = largest_heap(input, set, |q| q.fit.driver_fits && q.placed > 0);
        let blocker = Blocker::TooLarge {
            what: Process::DriverPod,
            request: size(p.driver_cpu_millis(), p.driver_memory_mib()),
            limit: room,
        };
        (blocker, nearest.map(|n| (FieldId::DriverMemory, n)))
    } else {
        let set = |i: &mut K8sInput, heap| i.spark.executor_memory_mib = heap;
        let nearest = largest_heap(input, set, |q| q.placed >= q.wanted)
            .or_else(|| largest_heap(input, set, |q| q.placed > 0).filter(|_| p.placed == 0));
        let gpus = (p.fit.gpu_cap.is_some_and(|cap| cap <= p.fit.per_node))
            .then_some(u64::from(input.spark.gpus.executor));
        let blocker = if let Some(executor_gpus) = gpus {
            Blocker::Gpus {
                capacity: p.fit.capacity,
                executor_gpus,
                node_gpus: p.room.gpus,
            }
        } else if p.fit.per_node == 0 {
            Blocker::TooLarge {
                what: Process::ExecutorPod,
                request: size(p.executor_cpu_millis, p.executor_memory_mib()),
                limit: room,
            }
        } else if p.fit.pod_limit_binds {
            Blocker::PodLimit {
                capacity: p.fit.capacity,
                pods: p.room.pods,
            }
        } else {
            Blocker::Room {
                capacity: p.fit.capacity,
            }
        };
        (blocker, nearest.map(|n| (FieldId::ExecutorMemory, n)))
    };
    let nearest = nearest.map(|(field, (heap_mib, shape))| Nearest::Heap {
        field,
        heap_mib,
        shape,
    });
    Some(Shortfall {
        asked: p.wanted,
        runs: p.placed,
        blocker,
        nearest: crate::warning::present(&mut [nearest]),
    })
}

/// The largest heap (whole GiB where possible, else MiB, never under Spark's 450 MiB) that
/// `set` can give the input with `runs` true of its plan, and the executor pods then placed
/// (with their cores and heap).
fn largest_heap(
    input: &K8sInput,
    set: impl Fn(&mut K8sInput, u64),
    runs: impl Fn(&K8sPlan) -> bool,
) -> Option<(u64, Shape)> {
    let least = crate::memory::MIN_HEAP_MIB;
    let plan_with = |heap: u64| {
        let mut changed = input.clone();
        set(&mut changed, heap.max(least));
        plan_k8s(&changed).ok()
    };
    let probe = |heap: u64| plan_with(heap).is_some_and(|q| runs(&q));
    let room = PodRoom::of(&input.nodes).memory_mib;
    let heap = crate::plan::largest_heap_whole_gib_first(room, least, &probe)?;
    let plan = plan_with(heap)?;
    let shape = Shape {
        executors: plan.placed,
        cores: input.spark.executor_cores,
        heap_mib: plan.executor_memory.heap_mib,
    };
    Some((heap, shape))
}

/// The shortfall in words: what keeps pods Pending and by how much (the reason alone when none
/// runs: a headline says so).
pub fn k8s_shortfall_words(s: &Shortfall) -> String {
    crate::format::in_text(&k8s_shortfall_words_ungrouped(s))
}

fn k8s_shortfall_words_ungrouped(s: &Shortfall) -> String {
    let too_large = |what: &str, r: Size, room: Size| {
        let by = if r.memory_mib > room.memory_mib {
            format!("{} MiB too much memory", r.memory_mib - room.memory_mib)
        } else {
            format!(
                "{} CPU too much",
                crate::format::cores(r.cpu_millis.saturating_sub(room.cpu_millis))
            )
        };
        format!(
            "{what} ({} CPU, {} MiB) is larger than what a node has left for pods ({} CPU, {} \
             MiB): {by}",
            crate::format::cores(r.cpu_millis),
            r.memory_mib,
            crate::format::cores(room.cpu_millis),
            room.memory_mib
        )
    };
    match s.blocker {
        Blocker::TooLarge {
            what: Process::DriverPod | Process::ApplicationMaster,
            request,
            limit,
        } => format!(
            "{}, so it stays Pending and no executor starts.",
            too_large("The driver pod", request, limit.size())
        ),
        Blocker::TooLarge { request, limit, .. } => {
            format!("{}.", too_large("Each executor pod", request, limit.size()))
        }
        Blocker::Room { capacity } => format!(
            "Only {capacity} of the {} fit; the other {} stay Pending.",
            crate::format::counted(s.asked, "executor pod"),
            s.asked - capacity
        ),
        Blocker::PodLimit { capacity, pods } => format!(
            "Only {capacity} of the {} fit, {}; the other {} stay Pending.",
            crate::format::counted(s.asked, "executor pod"),
            pod_limit_words(pods),
            s.asked - capacity
        ),
        Blocker::Gpus {
            capacity: 0,
            executor_gpus,
            node_gpus,
        } => crate::place::gpus_short_words(executor_gpus, node_gpus),
        Blocker::Gpus {
            capacity,
            executor_gpus,
            node_gpus,
        } => format!(
            "Only {capacity} of the {} fit: {}; the other {} stay Pending.",
            crate::format::counted(s.asked, "executor pod"),
            crate::shortfall::gpu_blocker_words(capacity, executor_gpus, node_gpus),
            s.asked - capacity
        ),
    }
}

/// The nearest heap that runs, in words.
pub fn k8s_nearest_words(s: &Shortfall) -> Option<String> {
    k8s_nearest_words_ungrouped(s).map(|words| crate::format::in_text(&words))
}

fn k8s_nearest_words_ungrouped(s: &Shortfall) -> Option<String> {
    let Some(Nearest::Heap {
        field,
        heap_mib,
        shape,
    }) = s.nearest.first().copied()
    else {
        return None;
    };
    let runs = shape.executors;
    let all = if runs >= s.asked {
        format!("all {}", s.asked)
    } else {
        runs.to_string()
    };
    Some(format!(
        "Nearest that runs: {}={} runs {all} executor pod{}.",
        field.label(),
        spark_size(heap_mib),
        crate::format::plural_ending(runs)
    ))
}

/// Plans executor pods on Kubernetes nodes: the numbers of [`derive_k8s`], owned, with no
/// text (a sweep may call this for each input). [`k8s_working`] and [`k8s_warnings`] explain
/// the plan; [`crate::exports::k8s`] writes its configuration.
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
pub fn plan_k8s(input: &K8sInput) -> Result<K8sPlan, InputErrors> {
    let d = derive_k8s(input)?;
    let driver = d.pods.driver.map(|pod| DriverPodPlan {
        cpu_millis: d.driver_cpu_millis,
        heap_mib: pod.heap_mib,
        overhead_mib: pod.overhead_mib,
    });
    Ok(K8sPlan {
        nodes: d.nodes,
        reservation: d.reservation,
        executor_memory: d.pods.executor.memory,
        executor_cpu_millis: d.executor_cpu_millis,
        overhead_factor: d.pods.executor.overhead_factor,
        driver,
        layout: d.layout,
        totals: d.totals,
        room: d.room,
        fit: d.fit,
        wanted: d.wanted,
        placed: d.placed,
        task_slots_per_executor: d.task_slots_per_executor,
        executor_gpus: input.spark.gpus.executor.into(),
    })
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
        assert_eq!(crate::format::cpu_quantity(500), "0.5");
        assert_eq!(crate::format::cpu_quantity(2000), "2");
        assert_eq!(crate::format::cpu_quantity(1250), "1250m");
        assert_eq!(crate::format::cores(124_160), "124.16");
        assert_eq!(crate::format::cores(1250), "1.25");
        assert_eq!(crate::format::cores(2000), "2");
        assert_eq!(crate::format::cores(5), "0.005");
    }

    #[test]
    fn fractional_requests_keep_parallelism() {
        let mut input = K8sInput::default();
        let full = plan_k8s(&input).unwrap();
        let pod = full.pod_specs(&input.spark).executor;
        assert_eq!(pod.memory_quantity(), "6758Mi");
        assert_eq!(pod.cpu_request, "2");
        assert_eq!(full.totals.executors, 16);
        assert_eq!(full.totals.task_slots, 32);
        input.spark.request_cores = Some("0.5".into());
        let half = plan_k8s(&input).unwrap();
        assert_eq!(half.pod_specs(&input.spark).executor.cpu_request, "0.5");
        assert_eq!(half.executor_cpu_millis, 500);
        assert_eq!(half.totals.task_slots, 32);
        assert_eq!(half.totals.cpu_requested_millis, 9_000);
        let warnings = k8s_warnings(&input, &half);
        assert!(warnings.iter().any(|w| w.message.contains("25%")));
    }

    #[test]
    fn packs_by_cpu_and_memory() {
        let mut input = K8sInput {
            count: ExecutorCount::AsManyAsFit,
            ..K8sInput::default()
        };
        // 16 CPU − 0.18 − 0.3 = 15.52 CPU → 7 pods of 2 CPU; memory 62362 MiB → 9 of 6758.
        let p = plan_k8s(&input).unwrap();
        assert_eq!(p.fit.per_node, 7);
        input.spark.request_cores = Some("500m".into());
        let p = plan_k8s(&input).unwrap();
        assert_eq!(p.fit.per_node, 9, "memory binds once CPU requests shrink");
        for g in &p.layout {
            let cpu: u64 = g.blocks.iter().map(|b| b.cpu_millis).sum();
            let mem: u64 = g.blocks.iter().map(|b| b.memory_mib).sum();
            assert_eq!(cpu, 16_000);
            assert_eq!(mem, 65_536);
        }
    }

    #[test]
    fn rejects_bad_quantities_and_limits() {
        let fields = |input: &K8sInput| -> Vec<FieldId> {
            plan_k8s(input)
                .unwrap_err()
                .0
                .iter()
                .map(|e| e.field)
                .collect()
        };
        let mut input = K8sInput::default();
        input.spark.request_cores = Some("half".into());
        assert_eq!(fields(&input), [FieldId::ExecutorCpuRequest]);
        input.spark.request_cores = Some("2".into());
        input.spark.limit_cores = Some("1".into());
        let errors = plan_k8s(&input).unwrap_err();
        assert_eq!(
            errors.diagnostics(KUBERNETES)[0].message,
            "spark.kubernetes.executor.limit.cores is 1 CPU; allowed: at least the CPU \
             request (2 CPU)"
        );
        input.spark.limit_cores = None;
        input.spark.task_cpus = 3;
        assert_eq!(fields(&input), [FieldId::TaskCpus]);
    }
}
