//! The planner's input: cluster hardware, YARN scheduler, Spark settings and sizing policy,
//! as plain data with the defaults a user would expect, and its validation.

use std::fmt;

use crate::decimal::shortest;
use crate::spark::{
    driver_overhead_rule, AmSettings, AppType, DeployMode, OverheadRule, SparkVersion,
    DEFAULT_AM_MEMORY_MIB, DEFAULT_OVERHEAD_FACTOR, MIN_OVERHEAD_MIB,
};
use crate::units::gib_to_mib;
use crate::yarn::{Calculator, Resource, YarnScheduler};

/// Everything [`crate::plan()`] needs.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PlanInput {
    /// The nodes.
    pub cluster: Cluster,
    /// The YARN scheduler.
    pub scheduler: Scheduler,
    /// Spark settings that shape containers.
    pub spark: SparkSettings,
    /// How to size executors.
    pub policy: Policy,
}

/// Identical worker nodes.
#[derive(Debug, Clone, PartialEq)]
pub struct Cluster {
    /// Number of worker nodes (NodeManagers).
    pub nodes: u32,
    /// Physical cores per node.
    pub cores_per_node: u32,
    /// Physical memory per node, in GiB (fractions allowed).
    pub memory_per_node_gib: f64,
    /// What YARN may use on each node.
    pub yarn_resources: NodeManagerResources,
}

impl Default for Cluster {
    fn default() -> Cluster {
        Cluster {
            nodes: 6,
            cores_per_node: 16,
            memory_per_node_gib: 64.0,
            yarn_resources: NodeManagerResources::default(),
        }
    }
}

/// How the NodeManager's resources are known.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum NodeManagerResources {
    /// Physical resources minus a reservation for the OS and Hadoop daemons.
    Reserve {
        /// Cores kept for the OS and daemons.
        cores: u32,
        /// Memory kept for the OS and daemons, in GiB.
        memory_gib: f64,
    },
    /// `yarn.nodemanager.resource.memory-mb` and `yarn.nodemanager.resource.cpu-vcores`.
    Explicit {
        /// `yarn.nodemanager.resource.memory-mb`.
        memory_mb: u64,
        /// `yarn.nodemanager.resource.cpu-vcores`.
        vcores: u32,
    },
}

impl Default for NodeManagerResources {
    fn default() -> NodeManagerResources {
        NodeManagerResources::Reserve {
            cores: 1,
            memory_gib: 1.0,
        }
    }
}

/// The scheduler's maximum allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MaximumAllocation {
    /// Equal to the NodeManager's resources (as tuned clusters and EMR set it).
    #[default]
    NodeManager,
    /// Explicit `yarn.scheduler.maximum-allocation-mb` / `-vcores` (YARN's own defaults are
    /// 8192 MiB and 4 vcores).
    Explicit {
        /// `yarn.scheduler.maximum-allocation-mb`.
        memory_mb: u64,
        /// `yarn.scheduler.maximum-allocation-vcores`.
        vcores: u32,
    },
}

impl MaximumAllocation {
    /// YARN's out-of-the-box maximum: 8192 MiB, 4 vcores.
    pub const YARN_DEFAULT: MaximumAllocation = MaximumAllocation::Explicit {
        memory_mb: 8192,
        vcores: 4,
    };
}

/// YARN scheduler settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scheduler {
    /// `yarn.scheduler.minimum-allocation-mb` (default 1024).
    pub minimum_allocation_mb: u64,
    /// The Fair scheduler's memory increment; `None` for the Capacity and FIFO schedulers.
    pub increment_mb: Option<u64>,
    /// The maximum allocation.
    pub maximum_allocation: MaximumAllocation,
    /// The resource calculator (default Dominant, since sizing reasons about cores).
    pub calculator: Calculator,
}

impl Default for Scheduler {
    fn default() -> Scheduler {
        Scheduler {
            minimum_allocation_mb: 1024,
            increment_mb: None,
            maximum_allocation: MaximumAllocation::NodeManager,
            calculator: Calculator::Dominant,
        }
    }
}

/// Off-heap memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct OffHeap {
    /// `spark.memory.offHeap.enabled`.
    pub enabled: bool,
    /// `spark.memory.offHeap.size` in MiB.
    pub size_mib: u64,
}

/// Spark settings the planner honours.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SparkSettings {
    /// The Spark release line.
    pub version: SparkVersion,
    /// Cluster (driver in the AM) or client (small AM, driver outside).
    pub deploy_mode: DeployMode,
    /// JVM or Python (or R).
    pub app_type: AppType,
    /// `spark.driver.memory` in MiB (default 1024).
    pub driver_memory_mib: u64,
    /// `spark.driver.cores` (default 1).
    pub driver_cores: u32,
    /// `spark.driver.memoryOverhead` in MiB, replacing the driver's formula when set (cluster
    /// mode: the ApplicationMaster's overhead).
    pub driver_overhead_mib: Option<u64>,
    /// `spark.driver.memoryOverheadFactor` (default 0.10).
    pub driver_overhead_factor: f64,
    /// `spark.driver.minMemoryOverhead` in MiB (Spark 4.0; 3.5 always uses 384).
    pub driver_overhead_minimum_mib: u64,
    /// `spark.yarn.am.memory` in MiB (client mode; default 512).
    pub am_memory_mib: u64,
    /// `spark.yarn.am.cores` (client mode; default 1).
    pub am_cores: u32,
    /// `spark.executor.memoryOverheadFactor` (default 0.10).
    pub overhead_factor: f64,
    /// `spark.executor.minMemoryOverhead` in MiB (Spark 4.0; 3.5 always uses 384).
    pub overhead_minimum_mib: u64,
    /// `spark.executor.memoryOverhead` in MiB, replacing the formula when set.
    pub executor_overhead_mib: Option<u64>,
    /// Off-heap memory.
    pub offheap: OffHeap,
    /// `spark.executor.pyspark.memory` in MiB (Python apps; 0 = unset).
    pub pyspark_memory_mib: u64,
    /// `spark.memory.fraction` (default 0.6).
    pub memory_fraction: f64,
    /// `spark.memory.storageFraction` (default 0.5).
    pub storage_fraction: f64,
}

impl Default for SparkSettings {
    fn default() -> SparkSettings {
        SparkSettings {
            version: SparkVersion::V4_0,
            deploy_mode: DeployMode::Cluster,
            app_type: AppType::Jvm,
            driver_memory_mib: 1024,
            driver_cores: 1,
            driver_overhead_mib: None,
            driver_overhead_factor: DEFAULT_OVERHEAD_FACTOR,
            driver_overhead_minimum_mib: MIN_OVERHEAD_MIB,
            am_memory_mib: DEFAULT_AM_MEMORY_MIB,
            am_cores: 1,
            overhead_factor: 0.10,
            overhead_minimum_mib: MIN_OVERHEAD_MIB,
            executor_overhead_mib: None,
            offheap: OffHeap::default(),
            pyspark_memory_mib: 0,
            memory_fraction: 0.6,
            storage_fraction: 0.5,
        }
    }
}

impl SparkSettings {
    /// The executor overhead rule these settings give (the minimum is 384 MiB in Spark 3.5).
    pub fn overhead_rule(&self) -> OverheadRule {
        match self.executor_overhead_mib {
            Some(mib) => OverheadRule::Explicit(mib),
            None => OverheadRule::Formula {
                factor: self.overhead_factor,
                minimum_mib: match self.version {
                    SparkVersion::V3_5 => MIN_OVERHEAD_MIB,
                    SparkVersion::V4_0 => self.overhead_minimum_mib,
                },
            },
        }
    }

    /// The ApplicationMaster's settings, for [`crate::spark::yarn_am_container`].
    pub fn am_settings(&self) -> AmSettings {
        let minimum_mib = match self.version {
            SparkVersion::V3_5 => MIN_OVERHEAD_MIB,
            SparkVersion::V4_0 => self.driver_overhead_minimum_mib,
        };
        AmSettings {
            driver_overhead: driver_overhead_rule(
                self.driver_overhead_mib,
                self.driver_overhead_factor,
                minimum_mib,
            ),
            am_memory_mib: self.am_memory_mib,
            am_cores: self.am_cores,
            ..AmSettings::defaults(self.deploy_mode, self.driver_memory_mib, self.driver_cores)
        }
    }

    /// Off-heap MiB that counts toward the container.
    pub fn offheap_mib(&self) -> u64 {
        if self.offheap.enabled {
            self.offheap.size_mib
        } else {
            0
        }
    }

    /// PySpark memory that counts toward the container (Python apps only).
    pub fn pyspark_mib(&self) -> u64 {
        if self.app_type == AppType::Python {
            self.pyspark_memory_mib
        } else {
            0
        }
    }
}

/// Which method gives the headline answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// The seeds' rule of thumb, reproduced exactly.
    RuleOfThumb,
    /// What Spark and YARN really compute.
    #[default]
    SparkExact,
}

/// How finely the Spark-exact method sets `spark.executor.memory`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Granularity {
    /// Whole GiB (`19g`).
    #[default]
    Gib,
    /// Whole MiB (`19549m`).
    Mib,
}

impl Granularity {
    /// The step in MiB.
    pub fn step_mib(self) -> u64 {
        match self {
            Granularity::Gib => 1024,
            Granularity::Mib => 1,
        }
    }
}

/// The sizing policy.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Policy {
    /// Which method gives the headline answer.
    pub method: Method,
    /// Cores per executor (default 5; with a memory target, the most the planner may use).
    pub cores_per_executor: u32,
    /// Heap each executor needs at least, in MiB (seed 000's case 3: 10 GiB is enough); the
    /// planner then picks the fewest cores per executor that still give this much heap.
    pub memory_target_mib: Option<u64>,
    /// Granularity of the emitted `spark.executor.memory`.
    pub granularity: Granularity,
    /// Share of the cluster this job may take, in percent (a multi-tenant queue; default 100).
    pub cluster_share_pct: f64,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            method: Method::SparkExact,
            cores_per_executor: 5,
            memory_target_mib: None,
            granularity: Granularity::Gib,
            cluster_share_pct: 100.0,
        }
    }
}

/// An input field, named by a stable dotted path (used by the UI and the URL codec).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    /// `cluster.nodes`
    Nodes,
    /// `cluster.cores_per_node`
    CoresPerNode,
    /// `cluster.memory_per_node_gib`
    MemoryPerNode,
    /// `cluster.reserved_cores`
    ReservedCores,
    /// `cluster.reserved_memory_gib`
    ReservedMemory,
    /// `cluster.nodemanager_memory_mb`
    NodeManagerMemory,
    /// `cluster.nodemanager_vcores`
    NodeManagerVcores,
    /// `scheduler.minimum_allocation_mb`
    MinimumAllocation,
    /// `scheduler.increment_mb`
    Increment,
    /// `scheduler.maximum_allocation_mb`
    MaximumAllocationMemory,
    /// `scheduler.maximum_allocation_vcores`
    MaximumAllocationVcores,
    /// `spark.driver_memory_mib`
    DriverMemory,
    /// `spark.driver_cores`
    DriverCores,
    /// `spark.am_memory_mib`
    AmMemory,
    /// `spark.am_cores`
    AmCores,
    /// `spark.overhead_factor`
    OverheadFactor,
    /// `spark.overhead_minimum_mib`
    OverheadMinimum,
    /// `spark.executor_overhead_mib`
    ExecutorOverhead,
    /// `spark.offheap_size_mib`
    OffHeapSize,
    /// `spark.pyspark_memory_mib`
    PysparkMemory,
    /// `spark.memory_fraction`
    MemoryFraction,
    /// `spark.storage_fraction`
    StorageFraction,
    /// `policy.cores_per_executor`
    CoresPerExecutor,
    /// `policy.memory_target_mib`
    MemoryTarget,
    /// `policy.cluster_share_pct`
    ClusterShare,
    /// `spark.executor_memory_mib` (Amazon EMR: the requested heap)
    ExecutorMemory,
    /// `emr.max_cores`
    ExecutorMaxCores,
    /// `emr.max_memory_mib`
    ExecutorMaxMemory,
    /// `spark.driver_overhead_mib`
    DriverOverhead,
    /// `spark.driver_overhead_factor`
    DriverOverheadFactor,
    /// `spark.driver_overhead_minimum_mib`
    DriverOverheadMinimum,
}

impl Field {
    /// The stable dotted path.
    pub fn path(self) -> &'static str {
        match self {
            Field::Nodes => "cluster.nodes",
            Field::CoresPerNode => "cluster.cores_per_node",
            Field::MemoryPerNode => "cluster.memory_per_node_gib",
            Field::ReservedCores => "cluster.reserved_cores",
            Field::ReservedMemory => "cluster.reserved_memory_gib",
            Field::NodeManagerMemory => "cluster.nodemanager_memory_mb",
            Field::NodeManagerVcores => "cluster.nodemanager_vcores",
            Field::MinimumAllocation => "scheduler.minimum_allocation_mb",
            Field::Increment => "scheduler.increment_mb",
            Field::MaximumAllocationMemory => "scheduler.maximum_allocation_mb",
            Field::MaximumAllocationVcores => "scheduler.maximum_allocation_vcores",
            Field::DriverMemory => "spark.driver_memory_mib",
            Field::DriverCores => "spark.driver_cores",
            Field::AmMemory => "spark.am_memory_mib",
            Field::AmCores => "spark.am_cores",
            Field::OverheadFactor => "spark.overhead_factor",
            Field::OverheadMinimum => "spark.overhead_minimum_mib",
            Field::ExecutorOverhead => "spark.executor_overhead_mib",
            Field::OffHeapSize => "spark.offheap_size_mib",
            Field::PysparkMemory => "spark.pyspark_memory_mib",
            Field::MemoryFraction => "spark.memory_fraction",
            Field::StorageFraction => "spark.storage_fraction",
            Field::CoresPerExecutor => "policy.cores_per_executor",
            Field::MemoryTarget => "policy.memory_target_mib",
            Field::ClusterShare => "policy.cluster_share_pct",
            Field::ExecutorMemory => "spark.executor_memory_mib",
            Field::ExecutorMaxCores => "emr.max_cores",
            Field::ExecutorMaxMemory => "emr.max_memory_mib",
            Field::DriverOverhead => "spark.driver_overhead_mib",
            Field::DriverOverheadFactor => "spark.driver_overhead_factor",
            Field::DriverOverheadMinimum => "spark.driver_overhead_minimum_mib",
        }
    }

    /// A label a person reads.
    pub fn label(self) -> &'static str {
        match self {
            Field::Nodes => "Nodes",
            Field::CoresPerNode => "Cores per node",
            Field::MemoryPerNode => "Memory per node",
            Field::ReservedCores => "Cores reserved for OS and daemons",
            Field::ReservedMemory => "Memory reserved for OS and daemons",
            Field::NodeManagerMemory => "yarn.nodemanager.resource.memory-mb",
            Field::NodeManagerVcores => "yarn.nodemanager.resource.cpu-vcores",
            Field::MinimumAllocation => "yarn.scheduler.minimum-allocation-mb",
            Field::Increment => "Fair scheduler increment",
            Field::MaximumAllocationMemory => "yarn.scheduler.maximum-allocation-mb",
            Field::MaximumAllocationVcores => "yarn.scheduler.maximum-allocation-vcores",
            Field::DriverMemory => "spark.driver.memory",
            Field::DriverCores => "spark.driver.cores",
            Field::AmMemory => "spark.yarn.am.memory",
            Field::AmCores => "spark.yarn.am.cores",
            Field::OverheadFactor => "spark.executor.memoryOverheadFactor",
            Field::OverheadMinimum => "spark.executor.minMemoryOverhead",
            Field::ExecutorOverhead => "spark.executor.memoryOverhead",
            Field::OffHeapSize => "spark.memory.offHeap.size",
            Field::PysparkMemory => "spark.executor.pyspark.memory",
            Field::MemoryFraction => "spark.memory.fraction",
            Field::StorageFraction => "spark.memory.storageFraction",
            Field::CoresPerExecutor => "Cores per executor",
            Field::MemoryTarget => "Memory target per executor",
            Field::ClusterShare => "Share of the cluster",
            Field::ExecutorMemory => "spark.executor.memory",
            Field::ExecutorMaxCores => "spark.executor.maxCores",
            Field::ExecutorMaxMemory => "spark.executor.maxMemory",
            Field::DriverOverhead => "spark.driver.memoryOverhead",
            Field::DriverOverheadFactor => "spark.driver.memoryOverheadFactor",
            Field::DriverOverheadMinimum => "spark.driver.minMemoryOverhead",
        }
    }
}

/// One invalid field: which, the value given, and what is allowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// The field.
    pub field: Field,
    /// The value as the planner saw it.
    pub value: String,
    /// The allowed range or values, in words (`"1 to 100000"`).
    pub allowed: String,
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is {}; allowed: {}",
            self.field.label(),
            self.value,
            self.allowed
        )
    }
}

/// Every problem with an input, all at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputErrors(pub Vec<FieldError>);

impl fmt::Display for InputErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for InputErrors {}

/// Upper bounds that keep every product and sum far from overflow.
pub mod limits {
    /// Most nodes.
    pub const MAX_NODES: u32 = 100_000;
    /// Most cores (or vcores) per node.
    pub const MAX_CORES: u32 = 4096;
    /// Most memory per node, in GiB (64 TiB).
    pub const MAX_NODE_GIB: f64 = 65_536.0;
    /// Most memory for any single setting, in MiB (64 TiB).
    pub const MAX_MIB: u64 = 65_536 * 1024;
}

/// The cluster's per-node figures after validation, in integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeShape {
    /// Number of nodes.
    pub nodes: u32,
    /// Physical cores and memory of a node.
    pub physical: Resource,
    /// What the NodeManager offers to containers.
    pub nodemanager: Resource,
}

impl NodeShape {
    /// What stays outside YARN (physical − NodeManager, clamped at zero).
    pub fn os_reserved(&self) -> Resource {
        self.physical.saturating_sub(self.nodemanager)
    }
}

/// Collects field errors.
struct Check(Vec<FieldError>);

impl Check {
    fn fail(&mut self, field: Field, value: impl fmt::Display, allowed: impl Into<String>) {
        self.0.push(FieldError {
            field,
            value: value.to_string(),
            allowed: allowed.into(),
        });
    }

    fn int_range<T: PartialOrd + fmt::Display + Copy>(&mut self, field: Field, v: T, lo: T, hi: T) {
        if v < lo || v > hi {
            self.fail(field, v, format!("{lo} to {hi}"));
        }
    }

    /// A finite number within `lo..=hi` (`lo_open` excludes `lo`). Returns whether it is valid.
    fn real_range(&mut self, field: Field, v: f64, lo: f64, lo_open: bool, hi: f64) -> bool {
        let ok = v.is_finite() && (if lo_open { v > lo } else { v >= lo }) && v <= hi;
        if !ok {
            let from = if lo_open { "more than" } else { "from" };
            self.fail(
                field,
                fmt_real(v),
                format!("{from} {} up to {}", shortest(lo), shortest(hi)),
            );
        }
        ok
    }
}

fn fmt_real(v: f64) -> String {
    if v.is_nan() {
        "not a number".to_string()
    } else {
        shortest(v)
    }
}

impl Cluster {
    /// Validates the cluster alone and returns its integer shape.
    pub fn shape(&self) -> Result<NodeShape, InputErrors> {
        let mut c = Check(Vec::new());
        let shape = self.check(&mut c);
        match shape {
            Some(s) if c.0.is_empty() => Ok(s),
            _ => Err(InputErrors(c.0)),
        }
    }

    fn check(&self, c: &mut Check) -> Option<NodeShape> {
        c.int_range(Field::Nodes, self.nodes, 1, limits::MAX_NODES);
        c.int_range(
            Field::CoresPerNode,
            self.cores_per_node,
            1,
            limits::MAX_CORES,
        );
        let mem_ok = c.real_range(
            Field::MemoryPerNode,
            self.memory_per_node_gib,
            0.0,
            true,
            limits::MAX_NODE_GIB,
        );
        let physical_mib = gib_to_mib(self.memory_per_node_gib).filter(|_| mem_ok);
        let nodemanager = match self.yarn_resources {
            NodeManagerResources::Reserve { cores, memory_gib } => {
                if cores >= self.cores_per_node {
                    c.fail(
                        Field::ReservedCores,
                        cores,
                        format!(
                            "0 to {} (fewer than the node's {} cores)",
                            self.cores_per_node.saturating_sub(1),
                            self.cores_per_node
                        ),
                    );
                }
                let reserved_ok = memory_gib.is_finite()
                    && memory_gib >= 0.0
                    && (!mem_ok || memory_gib < self.memory_per_node_gib);
                if !reserved_ok {
                    let allowed = if mem_ok {
                        format!(
                            "0 up to less than the node's {} GiB",
                            shortest(self.memory_per_node_gib)
                        )
                    } else {
                        "0 up to less than the node's memory".to_string()
                    };
                    c.fail(Field::ReservedMemory, fmt_real(memory_gib), allowed);
                }
                let reserved = gib_to_mib(memory_gib).filter(|_| reserved_ok)?;
                Resource::new(
                    physical_mib?.checked_sub(reserved)?,
                    self.cores_per_node.checked_sub(cores)?,
                )
            }
            NodeManagerResources::Explicit { memory_mb, vcores } => {
                c.int_range(Field::NodeManagerMemory, memory_mb, 1, limits::MAX_MIB);
                c.int_range(Field::NodeManagerVcores, vcores, 1, limits::MAX_CORES);
                Resource::new(memory_mb, vcores)
            }
        };
        if nodemanager.memory_mib == 0 || nodemanager.vcores == 0 {
            if c.0.is_empty() {
                c.fail(
                    Field::ReservedMemory,
                    "the whole node",
                    "a reservation that leaves YARN at least 1 MiB and 1 core",
                );
            }
            return None;
        }
        Some(NodeShape {
            nodes: self.nodes,
            physical: Resource::new(physical_mib?, self.cores_per_node),
            nodemanager,
        })
    }
}

impl SparkSettings {
    /// The driver's overhead settings, in the ranges of their executor counterparts.
    fn check_driver_overhead(&self, c: &mut Check) {
        if let Some(o) = self.driver_overhead_mib {
            c.int_range(Field::DriverOverhead, o, 0, limits::MAX_MIB);
        }
        let factor = self.driver_overhead_factor;
        c.real_range(Field::DriverOverheadFactor, factor, 0.0, true, 10.0);
        let minimum = self.driver_overhead_minimum_mib;
        c.int_range(Field::DriverOverheadMinimum, minimum, 0, limits::MAX_MIB);
    }
}

/// A validated input: the original plus the integer figures the planner works with.
#[derive(Debug, Clone, PartialEq)]
pub struct Validated {
    /// The input.
    pub input: PlanInput,
    /// The nodes in integers.
    pub shape: NodeShape,
    /// The effective scheduler (maximum allocation resolved).
    pub scheduler: YarnScheduler,
}

impl PlanInput {
    /// Checks every field and reports every problem at once.
    pub fn validate(&self) -> Result<Validated, InputErrors> {
        let mut c = Check(Vec::new());
        let shape = self.cluster.check(&mut c);

        let s = &self.scheduler;
        c.int_range(
            Field::MinimumAllocation,
            s.minimum_allocation_mb,
            1,
            limits::MAX_MIB,
        );
        if let Some(inc) = s.increment_mb {
            c.int_range(Field::Increment, inc, 1, limits::MAX_MIB);
        }
        if let MaximumAllocation::Explicit { memory_mb, vcores } = s.maximum_allocation {
            c.int_range(
                Field::MaximumAllocationMemory,
                memory_mb,
                s.minimum_allocation_mb.max(1),
                limits::MAX_MIB,
            );
            c.int_range(Field::MaximumAllocationVcores, vcores, 1, limits::MAX_CORES);
        }

        let p = &self.spark;
        c.int_range(Field::DriverMemory, p.driver_memory_mib, 1, limits::MAX_MIB);
        c.int_range(Field::DriverCores, p.driver_cores, 1, limits::MAX_CORES);
        c.int_range(Field::AmMemory, p.am_memory_mib, 1, limits::MAX_MIB);
        c.int_range(Field::AmCores, p.am_cores, 1, limits::MAX_CORES);
        c.real_range(Field::OverheadFactor, p.overhead_factor, 0.0, true, 10.0);
        c.int_range(
            Field::OverheadMinimum,
            p.overhead_minimum_mib,
            0,
            limits::MAX_MIB,
        );
        if let Some(o) = p.executor_overhead_mib {
            c.int_range(Field::ExecutorOverhead, o, 0, limits::MAX_MIB);
        }
        p.check_driver_overhead(&mut c);
        if p.offheap.enabled {
            c.int_range(Field::OffHeapSize, p.offheap.size_mib, 1, limits::MAX_MIB);
        } else {
            c.int_range(Field::OffHeapSize, p.offheap.size_mib, 0, limits::MAX_MIB);
        }
        c.int_range(
            Field::PysparkMemory,
            p.pyspark_memory_mib,
            0,
            limits::MAX_MIB,
        );
        c.real_range(Field::MemoryFraction, p.memory_fraction, 0.0, true, 1.0);
        if !(p.storage_fraction.is_finite() && (0.0..1.0).contains(&p.storage_fraction)) {
            c.fail(
                Field::StorageFraction,
                fmt_real(p.storage_fraction),
                "from 0 up to less than 1",
            );
        }

        let q = &self.policy;
        let vcores = shape.map(|s| s.nodemanager.vcores);
        match vcores {
            Some(v) => c.int_range(Field::CoresPerExecutor, q.cores_per_executor, 1, v),
            None => c.int_range(
                Field::CoresPerExecutor,
                q.cores_per_executor,
                1,
                limits::MAX_CORES,
            ),
        }
        if let Some(t) = q.memory_target_mib {
            // Below 450 MiB no heap works; above a node's memory none fits.
            let hi = shape.map_or(limits::MAX_MIB, |s| s.nodemanager.memory_mib);
            if t < 450 || t > hi {
                c.fail(
                    Field::MemoryTarget,
                    format!("{t} MiB"),
                    format!("450 to {hi} MiB (type 10g for 10 GiB)"),
                );
            }
        }
        c.real_range(Field::ClusterShare, q.cluster_share_pct, 0.0, true, 100.0);

        match shape {
            Some(shape) if c.0.is_empty() => {
                let (maximum_allocation_mb, maximum_allocation_vcores) = match s.maximum_allocation
                {
                    MaximumAllocation::NodeManager => {
                        (shape.nodemanager.memory_mib, shape.nodemanager.vcores)
                    }
                    MaximumAllocation::Explicit { memory_mb, vcores } => (memory_mb, vcores),
                };
                Ok(Validated {
                    input: self.clone(),
                    shape,
                    scheduler: YarnScheduler {
                        minimum_allocation_mb: s.minimum_allocation_mb,
                        minimum_allocation_vcores: 1,
                        increment_mb: s.increment_mb,
                        maximum_allocation_mb,
                        maximum_allocation_vcores,
                        calculator: s.calculator,
                    },
                })
            }
            _ => Err(InputErrors(c.0)),
        }
    }
}
