//! The planner's input: cluster hardware, YARN scheduler, Spark settings and sizing policy,
//! as plain data with the defaults a user would expect, and its validation.

use std::fmt;

use crate::catalog::{ClusterManager, Range, Unit};
use crate::driver::DriverLoad;
use crate::memory::MIN_HEAP_MIB;
pub use crate::resources::GpuAsk;
use crate::spark::{
    driver_overhead_rule, AmSettings, AppType, DeployMode, OverheadRule, SparkVersion,
    DEFAULT_AM_MEMORY_MIB, DEFAULT_OVERHEAD_FACTOR, MIN_OVERHEAD_MIB,
};
use crate::units::gib_to_mib;
use crate::warning::Diagnostic;
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
    /// GPUs per node: the NodeManager's `yarn.io/gpu` (0: none).
    pub gpus_per_node: u32,
}

impl Default for Cluster {
    fn default() -> Cluster {
        Cluster {
            nodes: 6,
            cores_per_node: 16,
            memory_per_node_gib: 64.0,
            yarn_resources: NodeManagerResources::default(),
            gpus_per_node: 0,
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
    /// `spark.yarn.am.memoryOverhead` in MiB, when set (the client-mode AM's overhead in place
    /// of `max(0.10 × spark.yarn.am.memory, 384 MiB)`).
    pub am_overhead_mib: Option<u64>,
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
    /// `spark.task.cpus` (default 1): cores each task takes, so an executor runs
    /// `spark.executor.cores ÷ spark.task.cpus` tasks at once.
    pub task_cpus: u32,
    /// The driver's load, for the driver guidance (it does not change the plan).
    pub driver_load: DriverLoad,
    /// The workload, for the workload checks (it does not change the plan).
    pub workload: crate::workload::Workload,
    /// `spark.dynamicAllocation.enabled` (default false).
    pub dynamic_allocation: bool,
    /// The rest of dynamic allocation's settings.
    pub dynamic_allocation_settings: crate::dynamic_allocation::DynamicAllocationSettings,
    /// GPUs per executor and per task.
    pub gpus: GpuAsk,
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
            am_overhead_mib: None,
            am_cores: 1,
            overhead_factor: 0.10,
            overhead_minimum_mib: MIN_OVERHEAD_MIB,
            executor_overhead_mib: None,
            offheap: OffHeap::default(),
            pyspark_memory_mib: 0,
            memory_fraction: 0.6,
            storage_fraction: 0.5,
            task_cpus: 1,
            driver_load: DriverLoad::default(),
            workload: crate::workload::Workload::default(),
            dynamic_allocation: false,
            dynamic_allocation_settings: Default::default(),
            gpus: GpuAsk::default(),
        }
    }
}

// The one task-slot division is Spark's math; the input's callers name it here too.
pub use crate::spark::task_slots_per_executor;

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
            am_overhead_mib: self.am_overhead_mib,
            ..AmSettings::defaults(self.deploy_mode, self.driver_memory_mib, self.driver_cores)
        }
    }

    /// `spark.memory.fraction` and `spark.memory.storageFraction`.
    pub fn memory_fractions(&self) -> crate::memory::MemoryFractions {
        crate::memory::MemoryFractions {
            memory_fraction: self.memory_fraction,
            storage_fraction: self.storage_fraction,
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

    /// Tasks an executor of `executor_cores` runs at once: `executor_cores ÷ spark.task.cpus`,
    /// and no more than its GPUs hold (Spark's `ResourceProfile.maxTasksPerExecutor`, rounded
    /// down; 0 when Spark refuses the settings, which validation names).
    pub fn task_slots_per_executor(&self, executor_cores: u32) -> u32 {
        crate::resources::slots_with_gpus(executor_cores, self.task_cpus, &self.gpus)
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

impl Method {
    /// The method's id in the JSON report and the JS API's result.
    pub fn id(self) -> &'static str {
        match self {
            Method::RuleOfThumb => "rule-of-thumb",
            Method::SparkExact => "spark-exact",
        }
    }
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
#[derive(Clone, Copy, PartialEq)]
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
    /// Spark-exact keeps the heap below 32 GiB, where the JVM keeps compressed object pointers
    /// (default on): a heap that would fit from 32 up to 48 GiB is lowered to 31g.
    pub keep_compressed_oops: bool,
}

/// Written as `derive(Debug)` writes it, leaving out `keep_compressed_oops` while it is on (its
/// default): the recorded link-codec lines (`tests/link_codec_recorded.rs`, the link format's
/// contract) hold the scenarios' `Debug` from before the field existed.
impl std::fmt::Debug for Policy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("Policy");
        d.field("method", &self.method)
            .field("cores_per_executor", &self.cores_per_executor)
            .field("memory_target_mib", &self.memory_target_mib)
            .field("granularity", &self.granularity)
            .field("cluster_share_pct", &self.cluster_share_pct);
        if !self.keep_compressed_oops {
            d.field("keep_compressed_oops", &self.keep_compressed_oops);
        }
        d.finish()
    }
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            method: Method::SparkExact,
            cores_per_executor: 5,
            memory_target_mib: None,
            granularity: Granularity::Gib,
            cluster_share_pct: 100.0,
            keep_compressed_oops: true,
        }
    }
}

/// An input field: the catalog's id (the name other modules have used since before the
/// catalog).
pub use crate::catalog::FieldId as Field;

/// One invalid field: which, the value given, and what is allowed — as numbers in the unit
/// `unit`; the words are made from them where they are shown ([`FieldError::value_words`],
/// [`FieldError::allowed_words`], [`FieldError::diagnostic`]).
#[derive(Debug, Clone, PartialEq)]
pub struct FieldError {
    /// The field.
    pub field: Field,
    /// The unit the value and the allowed bounds are held in (the field's, or one that reads
    /// better: a memory target typed in GiB is bounded in MiB).
    pub unit: Unit,
    /// The value as the planner saw it.
    pub value: Given,
    /// What is allowed.
    pub allowed: Allowed,
    /// Why the allowed values are bounded so, in words (Spark's own refusal, the node's size).
    pub because: Option<String>,
}

/// A value given to a field, as the planner saw it.
#[derive(Debug, Clone, PartialEq)]
pub enum Given {
    /// A whole number in the error's unit.
    Whole(u64),
    /// A real number in the error's unit.
    Real(f64),
    /// What was given, in words (a quoted text that does not read, "not set").
    Text(String),
}

/// What a field allows, as numbers in the error's unit.
#[derive(Debug, Clone, PartialEq)]
pub enum Allowed {
    /// A range of numbers (the catalog's, or bounds set by other inputs).
    Range(Range),
    /// At least `min`, which is `of`'s value when another input sets it ("at least
    /// spark.executor.cores (5)").
    AtLeast {
        /// The least.
        min: u64,
        /// What sets it.
        of: Option<String>,
    },
    /// More than `min`, which is what `of` names ("more than the provider's reservation plus
    /// the daemonsets (2 GiB)").
    MoreThan {
        /// The bound, excluded.
        min: u64,
        /// What it is.
        of: String,
    },
    /// Less than `of`'s `max`, less `minus` when given ("less than the node's 16 CPU minus the
    /// daemonsets' 2 CPU").
    LessThan {
        /// The bound, excluded.
        max: u64,
        /// Whose it is (`the node's`).
        of: String,
        /// What is taken from it first, and whose.
        minus: Option<(u64, String)>,
    },
    /// From 0 up to less than `of`'s `max`, a real number ("0 up to less than the node's 64
    /// GiB").
    LessThanReal {
        /// The bound, excluded.
        max: f64,
        /// Whose it is (`the node's`).
        of: String,
    },
    /// One of these numbers.
    OneOf(Vec<u64>),
    /// A bound that is no number: what a value must look like, in words.
    Words(String),
}

impl Given {
    /// The value for people, in `unit`.
    pub fn words(&self, unit: Unit) -> String {
        match self {
            Given::Whole(v) => unit.format_whole(*v),
            Given::Real(v) => unit.format_real(*v),
            Given::Text(t) => t.clone(),
        }
    }
}

impl Allowed {
    /// What is allowed for people, numbers in `unit`.
    pub fn words(&self, unit: Unit) -> String {
        let show = |v: u64| unit.format_whole(v);
        match self {
            Allowed::Range(r) => r.describe(unit),
            Allowed::AtLeast { min, of: None } => format!("at least {}", show(*min)),
            Allowed::AtLeast { min, of: Some(of) } => format!("at least {of} ({})", show(*min)),
            Allowed::MoreThan { min, of } => format!("more than {of} ({})", show(*min)),
            Allowed::LessThan { max, of, minus } => {
                let mut words = format!("less than {of} {}", show(*max));
                if let Some((less, whose)) = minus {
                    words.push_str(&format!(" minus {whose} {}", show(*less)));
                }
                words
            }
            Allowed::LessThanReal { max, of } => {
                format!("0 up to less than {of} {}", unit.format_real(*max))
            }
            Allowed::OneOf(values) => one_of(values, unit),
            Allowed::Words(w) => w.clone(),
        }
    }
}

/// `1, 2, 4 or 8 CPU`: the values in `unit`, the unit said once when they share it.
fn one_of(values: &[u64], unit: Unit) -> String {
    let shown: Vec<String> = values.iter().map(|v| unit.format_whole(*v)).collect();
    let suffix = |w: &str| w.rsplit_once(' ').map(|(_, u)| u.to_string());
    let shared = shown.first().and_then(|w| suffix(w)).filter(|u| {
        shown
            .iter()
            .all(|w| suffix(w).as_deref() == Some(u.as_str()))
    });
    let mut words = String::new();
    for (i, w) in shown.iter().enumerate() {
        if i > 0 {
            words.push_str(if i + 1 == shown.len() { " or " } else { ", " });
        }
        match (&shared, w.rsplit_once(' ')) {
            (Some(_), Some((number, _))) if i + 1 < shown.len() => words.push_str(number),
            _ => words.push_str(w),
        }
    }
    words
}

impl FieldError {
    /// `field`'s error: `value` in the field's unit, `allowed` in it too.
    pub fn new(field: Field, value: Given, allowed: Allowed) -> FieldError {
        FieldError {
            field,
            unit: field.unit(),
            value,
            allowed,
            because: None,
        }
    }

    /// `value` checked against `lo..=hi`: `None` inside, else the error with the value and the
    /// range in the field's unit (`0 MiB`, `1 MiB to 64 TiB`). For bounds that depend on other
    /// inputs; [`FieldError::outside_catalog_range`] checks the catalog's own.
    pub fn out_of_range(field: Field, value: u64, lo: u64, hi: u64) -> Option<FieldError> {
        (!(lo..=hi).contains(&value)).then(|| {
            FieldError::new(
                field,
                Given::Whole(value),
                Allowed::Range(Range::Whole { min: lo, max: hi }),
            )
        })
    }

    /// `value` checked against the field's range in the catalog.
    pub fn outside_catalog_range(field: Field, value: u64) -> Option<FieldError> {
        outside_whole_range(field, value, field.range())
    }

    /// `value` checked against the field's range in `m`'s catalog entry (the managers may
    /// differ: Kubernetes takes any overhead factor above 0, YARN one below 10).
    pub fn outside_catalog_range_of(
        m: ClusterManager,
        field: Field,
        value: u64,
    ) -> Option<FieldError> {
        outside_whole_range(field, value, catalog_range_of(m, field))
    }

    /// A real `value` checked against the field's range in `m`'s catalog entry (NaN and the
    /// infinities are never allowed).
    pub fn outside_catalog_real_range_of(
        m: ClusterManager,
        field: Field,
        value: f64,
    ) -> Option<FieldError> {
        outside_real_range(field, value, catalog_range_of(m, field))
    }

    /// Spark's own floor for a heap setting (`spark.executor.memory`, `spark.driver.memory`),
    /// the one check of all three cluster managers: Spark reserves 300 MiB of every heap and
    /// stops the driver or an executor whose heap is under 1.5 × that, 450 MiB
    /// (`UnifiedMemoryManager.getMaxMemory`: "Executor memory … must be at least 471859200",
    /// and "System memory … must be at least 471859200" for the driver). `None` at or above it.
    pub fn below_spark_minimum_heap(field: Field, heap_mib: u64) -> Option<FieldError> {
        (heap_mib < MIN_HEAP_MIB).then(|| {
            FieldError::new(
                field,
                Given::Whole(heap_mib),
                Allowed::AtLeast {
                    min: MIN_HEAP_MIB,
                    of: None,
                },
            )
            .because(
                "Spark reserves 300 MiB of every heap and refuses to start with less than 1.5 \
                 times that",
            )
        })
    }

    /// `spark.task.cpus` above the executor's cores, with Spark's own refusal
    /// (`ResourceUtils.validateTaskCpusLargeEnough`: "The number of cores per executor (=2) has
    /// to be >= the number of cpus per task = 3."). `None` from 1 to `executor_cores`.
    pub fn task_cpus_above_executor_cores(
        task_cpus: u32,
        executor_cores: u32,
    ) -> Option<FieldError> {
        let most = u64::from(executor_cores.max(1));
        FieldError::out_of_range(Field::TaskCpus, task_cpus.into(), 1, most).map(|e| {
            e.because(&format!(
                "at most spark.executor.cores; Spark stops with \"The number of cores per \
                 executor (={executor_cores}) has to be >= the number of cpus per task = \
                 {task_cpus}.\""
            ))
        })
    }

    /// The same error, saying after the allowed values why they are bounded so (`1 to 2 (at
    /// most spark.executor.cores)`).
    pub fn because(self, why: &str) -> FieldError {
        FieldError {
            because: Some(why.to_string()),
            ..self
        }
    }

    /// The same error with its numbers in `unit`.
    pub fn in_unit(self, unit: Unit) -> FieldError {
        FieldError { unit, ..self }
    }

    /// The value given, for people (`0 MiB`, `"abc"`).
    pub fn value_words(&self) -> String {
        self.value.words(self.unit)
    }

    /// What is allowed, for people, with why (`1 to 2 (at most spark.executor.cores)`).
    pub fn allowed_words(&self) -> String {
        let allowed = self.allowed.words(self.unit);
        match &self.because {
            Some(why) => format!("{allowed} ({why})"),
            None => allowed,
        }
    }

    /// The error as a diagnostic, its field named as `m`'s form names it.
    pub fn diagnostic(&self, m: ClusterManager) -> Diagnostic {
        Diagnostic::invalid_value(m, self.field, self.value_words(), self.allowed_words())
    }
}

/// The GPU fields outside their catalog ranges, and what Spark refuses at start of their
/// amounts (`ResourceUtils.calculateAmountAndPartsForFraction`, `ResourceProfile`'s checks of
/// executor against task amounts), in Spark's words.
pub fn gpu_errors(gpus_per_node: u64, gpus: &GpuAsk) -> Vec<FieldError> {
    let task = crate::fixed::to_f64(gpus.task, crate::resources::TASK_AMOUNT_SCALE)
        .unwrap_or(f64::INFINITY);
    let mut errors = crate::warning::present(&mut [
        FieldError::outside_catalog_range(Field::GpusPerNode, gpus_per_node),
        FieldError::outside_catalog_range(Field::ExecutorGpus, gpus.executor.into()),
        outside_real_range(Field::TaskGpus, task, Field::TaskGpus.range()),
    ]);
    if !errors.is_empty() {
        return errors;
    }
    // Cores are checked elsewhere: only the GPU refusals here (one core, one task cpu).
    if let Err(refusal) = gpus.task_slots(1, 1) {
        let field = match refusal {
            crate::resources::ResourceRefusal::TaskWithoutExecutor { .. } => Field::ExecutorGpus,
            _ => Field::TaskGpus,
        };
        let given = if field == Field::ExecutorGpus {
            Given::Whole(gpus.executor.into())
        } else {
            Given::Text(gpus.task_words())
        };
        let allowed = match field {
            Field::ExecutorGpus => "at least 1 when tasks ask for GPUs",
            _ if gpus.task > u64::from(gpus.executor).saturating_mul(1_000_000_000) => {
                "at most spark.executor.resource.gpu.amount"
            }
            _ => "at most 0.5, or a whole number",
        };
        errors.push(
            FieldError::new(field, given, Allowed::Words(allowed.to_string())).because(&format!(
                "Spark stops with \"{}\"",
                crate::resources::refusal_words(&refusal)
            )),
        );
    }
    errors
}

/// GPU executors on YARN under the DefaultResourceCalculator, which schedules by memory alone:
/// YARN then grants containers GPUs the node does not have and the NodeManager fails them
/// (Hadoop's "Using GPU On YARN": GPU scheduling needs the DominantResourceCalculator).
pub fn gpu_calculator_error(gpus: &GpuAsk, calculator: Calculator) -> Option<FieldError> {
    (gpus.executor > 0 && calculator == Calculator::Default).then(|| {
        FieldError::new(
            Field::Calculator,
            Given::Text("DefaultResourceCalculator".to_string()),
            Allowed::Words("DominantResourceCalculator for executors with GPUs".to_string()),
        )
        .because(
            "the DefaultResourceCalculator counts memory alone, so YARN would place executors \
             on GPUs a node does not have",
        )
    })
}

/// The driver load's fields outside their catalog ranges (the same on every cluster manager).
pub fn driver_load_errors(load: &DriverLoad) -> Vec<FieldError> {
    let optional = |field: Field, value: Option<u64>| {
        value.and_then(|v| FieldError::outside_catalog_range(field, v))
    };
    crate::warning::present(&mut [
        FieldError::outside_catalog_range(Field::ConcurrentJobs, load.concurrent_jobs.into()),
        optional(Field::CollectedResults, load.collected_mib),
        FieldError::outside_catalog_range(Field::MaxResultSize, load.max_result_size_mib),
        optional(Field::EdgeNodeMemory, load.edge_memory_mib),
        optional(Field::EdgeNodeCores, load.edge_cores.map(u64::from)),
    ])
}

/// The workload's and dynamic allocation's fields outside their catalog ranges (the same on
/// every cluster manager): an absurd size is refused naming its field.
pub fn workload_errors(
    w: &crate::workload::Workload,
    da: &crate::dynamic_allocation::DynamicAllocationSettings,
) -> Vec<FieldError> {
    let optional = |field: Field, value: Option<u64>| {
        value.and_then(|v| FieldError::outside_catalog_range(field, v))
    };
    crate::warning::present(&mut [
        optional(Field::InputDataSize, w.input_mib),
        FieldError::outside_catalog_range(Field::InputSplitSize, w.split_mib),
        optional(Field::InputFiles, w.files.map(u64::from)),
        optional(
            Field::DefaultParallelism,
            w.default_parallelism.map(u64::from),
        ),
        optional(Field::ShuffleDataSize, w.shuffle_mib),
        optional(Field::LargestTaskInput, w.largest_task_mib),
        w.skew_factor.and_then(|f| {
            FieldError::outside_catalog_real_range_of(ClusterManager::Yarn, Field::SkewFactor, f)
        }),
        optional(Field::BroadcastTableSize, w.broadcast_mib),
        FieldError::outside_catalog_range(Field::ExecutorIdleTimeout, da.idle_timeout_s),
        FieldError::outside_catalog_range(Field::SchedulerBacklogTimeout, da.backlog_timeout_s),
    ])
}

/// The allowed range of `field` in `m`'s catalog entry, or its first entry's when `m` does not
/// show it.
fn catalog_range_of(m: ClusterManager, field: Field) -> Range {
    crate::catalog::entry(m, field).map_or_else(|| field.range(), |e| e.range)
}

fn outside_whole_range(field: Field, value: u64, range: Range) -> Option<FieldError> {
    (!range.allows_whole(value))
        .then(|| FieldError::new(field, Given::Whole(value), Allowed::Range(range)))
}

fn outside_real_range(field: Field, value: f64, range: Range) -> Option<FieldError> {
    (!range.allows_real(value))
        .then(|| FieldError::new(field, Given::Real(value), Allowed::Range(range)))
}

impl InputErrors {
    /// Every error as a diagnostic, in the order found.
    pub fn diagnostics(&self, m: ClusterManager) -> Vec<Diagnostic> {
        let mut diagnostics = Vec::with_capacity(self.0.len());
        for e in &self.0 {
            diagnostics.push(e.diagnostic(m));
        }
        diagnostics
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is {}; allowed: {}",
            self.field.label(),
            self.value_words(),
            self.allowed_words()
        )
    }
}

/// Every problem with an input, all at once.
#[derive(Debug, Clone, PartialEq)]
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

/// Upper bounds that keep every product and sum far from overflow (defined in the catalog,
/// beside the ranges they bound).
pub use crate::catalog::limits;

/// The cluster's per-node figures after validation, in integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeShape {
    /// Number of nodes.
    pub nodes: u32,
    /// Physical cores and memory of a node.
    pub physical: Resource,
    /// What the NodeManager offers to containers.
    pub nodemanager: Resource,
    /// GPUs per node (YARN's `yarn.io/gpu`, Kubernetes' `nvidia.com/gpu`).
    pub gpus: u64,
}

impl NodeShape {
    /// What stays outside YARN (physical − NodeManager, clamped at zero).
    pub fn os_reserved(&self) -> Resource {
        self.physical.saturating_sub(self.nodemanager)
    }
}

impl Scheduler {
    fn check(&self, c: &mut Check) {
        c.whole(Field::MinimumAllocation, self.minimum_allocation_mb);
        if let Some(inc) = self.increment_mb {
            c.whole(Field::Increment, inc);
        }
        if let MaximumAllocation::Explicit { memory_mb, vcores } = self.maximum_allocation {
            let least = self.minimum_allocation_mb.max(1);
            c.whole_within(
                Field::MaximumAllocationMemory,
                memory_mb,
                least,
                limits::MAX_MIB,
            );
            c.whole(Field::MaximumAllocationVcores, vcores.into());
        }
    }
}

impl Scheduler {
    /// The minimum allocation above the maximum when the maximum is left to its default here,
    /// the NodeManager's memory (an explicit maximum is checked against the minimum in
    /// [`Scheduler::check`]). YARN's scheduler refuses to start so ("Invalid resource
    /// scheduler memory allocation configuration, … min and max should be greater than 0, max
    /// should be no smaller than min", `CapacityScheduler`/`FairScheduler.validateConf`).
    fn minimum_above_the_default_maximum(&self, shape: &NodeShape) -> Option<FieldError> {
        if self.maximum_allocation != MaximumAllocation::NodeManager
            || self.minimum_allocation_mb <= shape.nodemanager.memory_mib
        {
            return None;
        }
        FieldError::out_of_range(
            Field::MinimumAllocation,
            self.minimum_allocation_mb,
            1,
            shape.nodemanager.memory_mib,
        )
        .map(|e| {
            e.because(
                "no more than yarn.scheduler.maximum-allocation-mb, here the NodeManager's \
                 memory: YARN's ResourceManager refuses to start with a larger minimum",
            )
        })
    }
}

impl SparkSettings {
    fn check(&self, c: &mut Check) {
        c.heap(Field::DriverMemory, self.driver_memory_mib);
        c.whole(Field::DriverCores, self.driver_cores.into());
        c.whole(Field::AmMemory, self.am_memory_mib);
        c.whole(Field::AmCores, self.am_cores.into());
        if let Some(o) = self.am_overhead_mib {
            c.whole(Field::AmOverhead, o);
        }
        c.real(Field::OverheadFactor, self.overhead_factor);
        c.whole(Field::OverheadMinimum, self.overhead_minimum_mib);
        if let Some(o) = self.executor_overhead_mib {
            c.whole(Field::ExecutorOverhead, o);
        }
        self.check_driver_overhead(c);
        if self.offheap.enabled {
            c.whole_within(
                Field::OffHeapSize,
                self.offheap.size_mib,
                1,
                limits::MAX_MIB,
            );
        } else {
            c.whole(Field::OffHeapSize, self.offheap.size_mib);
        }
        c.whole(Field::PysparkMemory, self.pyspark_memory_mib);
        c.real(Field::MemoryFraction, self.memory_fraction);
        c.real(Field::StorageFraction, self.storage_fraction);
    }
}

impl Policy {
    /// `shape` narrows cores per executor and the memory target to what a node offers.
    fn check(&self, c: &mut Check, shape: Option<&NodeShape>) {
        match shape {
            Some(s) => c.whole_within(
                Field::CoresPerExecutor,
                self.cores_per_executor.into(),
                1,
                s.nodemanager.vcores.into(),
            ),
            None => c.whole(Field::CoresPerExecutor, self.cores_per_executor.into()),
        }
        if let Some(t) = self.memory_target_mib {
            // Below 450 MiB no heap works; above a node's memory none fits.
            let hi = shape.map_or(limits::MAX_MIB, |s| s.nodemanager.memory_mib);
            if t < 450 || t > hi {
                // The box is in GiB: each bound in the largest whole unit (450 MiB, 63 GiB).
                let range = Range::Whole { min: 450, max: hi };
                c.fail(
                    FieldError::new(Field::MemoryTarget, Given::Whole(t), Allowed::Range(range))
                        .in_unit(Unit::MiB),
                );
            }
        }
        c.real(Field::ClusterShare, self.cluster_share_pct);
    }
}

/// Collects field errors.
struct Check(Vec<FieldError>);

impl Check {
    fn fail(&mut self, error: FieldError) {
        self.0.push(error);
    }

    /// A whole value within the field's catalog range.
    fn whole(&mut self, field: Field, value: u64) {
        self.0
            .extend(FieldError::outside_catalog_range(field, value));
    }

    /// A heap setting: within the field's catalog range, and then not under Spark's floor.
    fn heap(&mut self, field: Field, heap_mib: u64) {
        let before = self.0.len();
        self.whole(field, heap_mib);
        if self.0.len() == before {
            self.0
                .extend(FieldError::below_spark_minimum_heap(field, heap_mib));
        }
    }

    /// A whole value within `lo..=hi` (bounds that depend on other inputs).
    fn whole_within(&mut self, field: Field, value: u64, lo: u64, hi: u64) {
        self.0
            .extend(FieldError::out_of_range(field, value, lo, hi));
    }

    /// A finite number within the field's catalog range. Returns whether it is valid.
    fn real(&mut self, field: Field, value: f64) -> bool {
        let error = outside_real_range(field, value, field.range());
        let ok = error.is_none();
        self.0.extend(error);
        ok
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
        c.whole(Field::Nodes, self.nodes.into());
        let before = c.0.len();
        c.whole(Field::CoresPerNode, self.cores_per_node.into());
        let cores_ok = c.0.len() == before;
        let mem_ok = c.real(Field::MemoryPerNode, self.memory_per_node_gib);
        let physical_mib = gib_to_mib(self.memory_per_node_gib).filter(|_| mem_ok);
        let nodemanager = match self.yarn_resources {
            NodeManagerResources::Reserve { cores, memory_gib } => {
                // Against the node's cores only when those are valid: "0 to 0 (fewer than the
                // node's 0 cores)" would blame the wrong field.
                if cores_ok && cores >= self.cores_per_node {
                    let fewer = Range::Whole {
                        min: 0,
                        max: u64::from(self.cores_per_node.saturating_sub(1)),
                    };
                    c.fail(
                        FieldError::new(
                            Field::ReservedCores,
                            Given::Whole(cores.into()),
                            Allowed::Range(fewer),
                        )
                        .because(&format!(
                            "fewer than the node's {} cores",
                            self.cores_per_node
                        )),
                    );
                }
                let reserved_ok = memory_gib.is_finite()
                    && memory_gib >= 0.0
                    && (!mem_ok || memory_gib < self.memory_per_node_gib);
                if !reserved_ok {
                    // Below the node's memory when that is valid; else in words only.
                    let allowed = if mem_ok {
                        Allowed::LessThanReal {
                            max: self.memory_per_node_gib,
                            of: "the node's".to_string(),
                        }
                    } else {
                        Allowed::Words("0 up to less than the node's memory".to_string())
                    };
                    c.fail(FieldError::new(
                        Field::ReservedMemory,
                        Given::Real(memory_gib),
                        allowed,
                    ));
                }
                let reserved = gib_to_mib(memory_gib).filter(|_| reserved_ok)?;
                Resource::new(
                    physical_mib?.checked_sub(reserved)?,
                    self.cores_per_node.checked_sub(cores)?,
                )
            }
            NodeManagerResources::Explicit { memory_mb, vcores } => {
                c.whole(Field::NodeManagerMemory, memory_mb);
                c.whole(Field::NodeManagerVcores, vcores.into());
                Resource::new(memory_mb, vcores)
            }
        };
        if nodemanager.memory_mib == 0 || nodemanager.vcores == 0 {
            if c.0.is_empty() {
                c.fail(FieldError::new(
                    Field::ReservedMemory,
                    Given::Text("the whole node".to_string()),
                    Allowed::Words(
                        "a reservation that leaves YARN at least 1 MiB and 1 core".to_string(),
                    ),
                ));
            }
            return None;
        }
        Some(NodeShape {
            nodes: self.nodes,
            physical: Resource::new(physical_mib?, self.cores_per_node),
            nodemanager,
            gpus: self.gpus_per_node.into(),
        })
    }
}

impl SparkSettings {
    /// The driver's overhead settings, in the ranges of their executor counterparts.
    fn check_driver_overhead(&self, c: &mut Check) {
        if let Some(o) = self.driver_overhead_mib {
            c.whole(Field::DriverOverhead, o);
        }
        c.real(Field::DriverOverheadFactor, self.driver_overhead_factor);
        c.whole(
            Field::DriverOverheadMinimum,
            self.driver_overhead_minimum_mib,
        );
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
        s.check(&mut c);
        if let Some(shape) = &shape {
            c.0.extend(s.minimum_above_the_default_maximum(shape));
        }
        self.spark.check(&mut c);
        self.policy.check(&mut c, shape.as_ref());
        c.0.extend(driver_load_errors(&self.spark.driver_load));
        c.0.extend(workload_errors(
            &self.spark.workload,
            &self.spark.dynamic_allocation_settings,
        ));
        c.0.extend(FieldError::task_cpus_above_executor_cores(
            self.spark.task_cpus,
            self.policy.cores_per_executor,
        ));
        c.0.extend(gpu_errors(
            self.cluster.gpus_per_node.into(),
            &self.spark.gpus,
        ));
        c.0.extend(gpu_calculator_error(&self.spark.gpus, s.calculator));
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

#[cfg(test)]
mod diagnostic_tests {
    use super::*;

    #[test]
    fn out_of_range_reads_in_the_fields_unit_as_each_form_names_it() {
        let r = FieldError::out_of_range(Field::ExecutorMemory, 0, 1, 1 << 26)
            .map(|e| e.diagnostic(ClusterManager::Kubernetes));
        assert_eq!(
            r.map(|d| d.message).as_deref(),
            Some("spark.executor.memory is 0 MiB; allowed: 1 MiB to 64 TiB")
        );
        assert_eq!(FieldError::out_of_range(Field::Nodes, 6, 1, 9), None);
    }
}
