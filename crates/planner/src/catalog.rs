//! The field catalog: every input of YARN, Kubernetes and Amazon EMR as a typed [`FieldId`],
//! with what each cluster manager's form and link show for it ([`Entry`]: URL key, label, unit,
//! kind, allowed range, hint). The URL codec, the form, validation ranges and every message's
//! field name come from here, so a field is named in one place.
//!
//! Defaults are not repeated here: they are each input type's `Default` (`PlanInput`,
//! `K8sInput`, `EmrInput`), written through the codec (`url::scenario_text_of`).
//!
//! A leaf module: it depends on nothing else in the planner, so every other module may use it.

use crate::fixed::format_f64 as shortest;
use crate::spark_keys as keys;

/// The cluster manager a scenario plans for (in a view's JSON, its link's `cm` value).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ClusterManager {
    /// Plain YARN (`cm` absent or `yarn`).
    #[default]
    Yarn,
    /// Kubernetes (`cm=k8s`).
    #[cfg_attr(feature = "json", serde(rename = "k8s"))]
    Kubernetes,
    /// Amazon EMR on YARN (`cm=emr`).
    Emr,
}

impl ClusterManager {
    /// Every cluster manager, in the order the page offers them.
    pub const ALL: [ClusterManager; 3] = [
        ClusterManager::Yarn,
        ClusterManager::Kubernetes,
        ClusterManager::Emr,
    ];

    /// The `cm` value of a link.
    pub fn as_str(self) -> &'static str {
        match self {
            ClusterManager::Yarn => "yarn",
            ClusterManager::Kubernetes => "k8s",
            ClusterManager::Emr => "emr",
        }
    }

    /// The name the page, the reports and the check's words use.
    pub fn name(self) -> &'static str {
        match self {
            ClusterManager::Yarn => "YARN",
            ClusterManager::Kubernetes => "Kubernetes",
            ClusterManager::Emr => "Amazon EMR",
        }
    }

    /// Reads a `cm` value.
    pub fn parse(s: &str) -> Option<ClusterManager> {
        ClusterManager::ALL.into_iter().find(|m| m.as_str() == s)
    }
}

/// What an executor count field ([`Kind::ExecutorCount`]) takes, in words.
pub const EXECUTOR_COUNT_EXPECTED: &str = "a whole number, or max for as many as fit";

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
    /// Most CPU per Kubernetes node, in millicores.
    pub const MAX_MILLICORES: u64 = MAX_CORES as u64 * 1000;
}

/// Every input of every cluster manager. [`Entry`] says how each manager shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FieldId {
    /// Worker nodes (YARN NodeManagers, Kubernetes nodes, EMR core nodes).
    Nodes,
    /// Physical cores per YARN node.
    CoresPerNode,
    /// Physical memory per YARN node, in GiB.
    MemoryPerNode,
    /// Cores kept for the OS and daemons.
    ReservedCores,
    /// Memory kept for the OS and daemons, in GiB.
    ReservedMemory,
    /// `yarn.nodemanager.resource.memory-mb`.
    NodeManagerMemory,
    /// `yarn.nodemanager.resource.cpu-vcores`.
    NodeManagerVcores,
    /// `yarn.scheduler.minimum-allocation-mb`.
    MinimumAllocation,
    /// The Fair scheduler's memory increment.
    Increment,
    /// `yarn.scheduler.maximum-allocation-mb`.
    MaximumAllocationMemory,
    /// `yarn.scheduler.maximum-allocation-vcores`.
    MaximumAllocationVcores,
    /// The scheduler's resource calculator.
    Calculator,
    /// `spark.driver.memory`.
    DriverMemory,
    /// `spark.driver.cores`.
    DriverCores,
    /// `spark.yarn.am.memory` (client mode).
    AmMemory,
    /// `spark.yarn.am.cores` (client mode).
    AmCores,
    /// `spark.yarn.am.memoryOverhead` (client mode).
    AmOverhead,
    /// `spark.executor.memoryOverheadFactor`.
    OverheadFactor,
    /// `spark.executor.minMemoryOverhead` (Spark 4.0).
    OverheadMinimum,
    /// `spark.executor.memoryOverhead`.
    ExecutorOverhead,
    /// `spark.driver.memoryOverhead` (the cluster-mode AM's overhead, when set).
    DriverOverhead,
    /// `spark.driver.memoryOverheadFactor`.
    DriverOverheadFactor,
    /// `spark.driver.minMemoryOverhead` (Spark 4.0).
    DriverOverheadMinimum,
    /// `spark.memory.offHeap.enabled`.
    OffHeapEnabled,
    /// `spark.memory.offHeap.size`.
    OffHeapSize,
    /// `spark.executor.pyspark.memory`.
    PysparkMemory,
    /// `spark.memory.fraction`.
    MemoryFraction,
    /// `spark.memory.storageFraction`.
    StorageFraction,
    /// The Spark release line.
    SparkVersion,
    /// Cluster or client deploy mode.
    DeployMode,
    /// JVM, Python or R.
    AppType,
    /// Which method gives YARN's headline.
    Method,
    /// Cores per executor (`spark.executor.cores`; for YARN sizing, the policy's).
    CoresPerExecutor,
    /// Heap each executor needs at least (YARN sizing policy).
    MemoryTarget,
    /// Whole GiB or MiB for the emitted `spark.executor.memory`.
    Granularity,
    /// Share of the cluster this job may take, in percent.
    ClusterShare,
    /// Spark-exact keeps heaps below 32 GiB (compressed object pointers).
    KeepCompressedOops,
    /// `spark.executor.memory` (Kubernetes and EMR: the requested heap).
    ExecutorMemory,
    /// Executors asked for (`spark.executor.instances`; Kubernetes also takes "max").
    ExecutorInstances,
    /// CPU capacity per Kubernetes node.
    NodeCpu,
    /// Memory capacity per Kubernetes node.
    NodeMemory,
    /// Kubernetes kube- and system-reserved CPU.
    KubeReservedCpu,
    /// Kubernetes kube- and system-reserved memory, with the eviction threshold.
    KubeReservedMemory,
    /// CPU the daemonsets request per node.
    DaemonsetCpu,
    /// Memory the daemonsets request per node.
    DaemonsetMemory,
    /// `spark.kubernetes.executor.request.cores`.
    ExecutorCpuRequest,
    /// `spark.kubernetes.executor.limit.cores`.
    ExecutorCpuLimit,
    /// `spark.task.cpus`.
    TaskCpus,
    /// `spark.kubernetes.driver.request.cores`.
    DriverCpuRequest,
    /// `spark.kubernetes.driver.limit.cores`.
    DriverCpuLimit,
    /// EMR core node instance type.
    InstanceType,
    /// EMR master node instance type.
    MasterInstanceType,
    /// EMR's `maximizeResourceAllocation`.
    MaximizeResourceAllocation,
    /// `spark.yarn.heterogeneousExecutors.enabled` (EMR).
    HeterogeneousExecutors,
    /// `spark.dynamicAllocation.enabled`.
    DynamicAllocation,
    /// `spark.executor.maxCores` (EMR).
    ExecutorMaxCores,
    /// `spark.executor.maxMemory` (EMR).
    ExecutorMaxMemory,
    /// Kubernetes: whose reservation formula (custom, EKS, GKE, AKS).
    Provider,
    /// Kubernetes: the provider's instance or machine type.
    NodeType,
    /// Kubernetes: maximum pods per node (EKS and AKS reserve memory by it).
    MaxPods,
    /// A custom EMR core node's vCPUs.
    InstanceVcpus,
    /// A custom EMR core node's memory.
    InstanceMemory,
    /// A custom EMR core node's `yarn.nodemanager.resource.memory-mb`.
    InstanceYarnMemory,
    /// Jobs the application runs at once (driver guidance).
    ConcurrentJobs,
    /// The largest result collected to the driver (driver guidance).
    CollectedResults,
    /// `spark.driver.maxResultSize`.
    MaxResultSize,
    /// Client mode: the edge node's memory free for drivers.
    EdgeNodeMemory,
    /// Client mode: the edge node's cores free for drivers.
    EdgeNodeCores,
    /// Workload: the input data the job reads (optional).
    InputDataSize,
    /// Workload: `spark.sql.files.maxPartitionBytes`.
    InputSplitSize,
    /// Kubernetes: a managed node's memory capacity as `kubectl describe node` shows it.
    ReportedMemory,
    /// Workload: how many files the input is (optional).
    InputFiles,
    /// Workload: whether the input files split (gzip and other non-splittable codecs do not).
    InputSplittable,
    /// `spark.default.parallelism` (optional: the executors' cores).
    DefaultParallelism,
    /// Workload: the shuffle data of the largest stage (optional).
    ShuffleDataSize,
    /// Workload: the largest task's input (optional).
    LargestTaskInput,
    /// Workload: the largest partition ÷ the average (optional).
    SkewFactor,
    /// Workload: the table to broadcast (optional).
    BroadcastTableSize,
    /// `spark.dynamicAllocation.minExecutors`.
    MinExecutors,
    /// `spark.dynamicAllocation.initialExecutors` (optional: minExecutors).
    InitialExecutors,
    /// `spark.dynamicAllocation.maxExecutors` (optional: unbounded).
    MaxExecutors,
    /// `spark.dynamicAllocation.executorIdleTimeout`, in seconds.
    ExecutorIdleTimeout,
    /// `spark.dynamicAllocation.schedulerBacklogTimeout`, in seconds.
    SchedulerBacklogTimeout,
    /// How shuffle files outlive a removed executor (tracking, service, decommissioning).
    ShuffleKeeping,
    /// `spark.kubernetes.memoryOverheadFactor` (Kubernetes; deprecated, still read).
    K8sOverheadFactor,
    /// GPUs per node (YARN's `yarn.io/gpu`, Kubernetes' `nvidia.com/gpu`; EMR: the
    /// instance's, typed for a custom one).
    GpusPerNode,
    /// `spark.executor.resource.gpu.amount`.
    ExecutorGpus,
    /// `spark.task.resource.gpu.amount`.
    TaskGpus,
}

impl FieldId {
    /// The first catalog entry of this field (YARN's when YARN has it).
    fn first_entry(self) -> Option<&'static Entry> {
        ENTRIES.iter().find(|e| e.id == self)
    }

    /// The field's name in messages when no cluster manager is known (YARN's, where YARN has
    /// the field).
    pub fn label(self) -> &'static str {
        self.first_entry().map_or("Setting", |e| e.name)
    }

    /// The unit the field's value is in (the same for every cluster manager).
    pub fn unit(self) -> Unit {
        self.first_entry().map_or(Unit::None, |e| e.unit)
    }

    /// The allowed range of the field's first entry (YARN's where YARN has it; YARN and EMR
    /// share YARN's validation).
    pub fn range(self) -> Range {
        self.first_entry().map_or(Range::Any, |e| e.range)
    }
}

/// The unit of a field's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// A plain number, a choice or a name.
    None,
    /// Cores.
    Cores,
    /// YARN vcores.
    Vcores,
    /// Kubernetes CPU, held in millicores and written in CPU (`0.5`, `500m`).
    Millicores,
    /// MiB.
    MiB,
    /// GiB (fractions allowed).
    GiB,
    /// Percent.
    Percent,
    /// Seconds.
    Seconds,
}

impl Unit {
    /// A value of this unit for people to read: memory in the largest whole binary unit
    /// (`64 TiB`, `19 GiB`, `450 MiB`), CPU in cores, counts bare.
    pub fn format_whole(self, value: u64) -> String {
        match self {
            Unit::MiB => crate::format::binary_size(value),
            Unit::Millicores => format!("{} CPU", crate::format::cores(value)),
            Unit::GiB => crate::format::binary_size(value.saturating_mul(1024)),
            Unit::Seconds => crate::format::seconds(value),
            Unit::None | Unit::Cores | Unit::Vcores | Unit::Percent => crate::format::group(value),
        }
    }

    /// A real value of this unit for people to read (GiB as memory, the rest bare).
    pub fn format_real(self, value: f64) -> String {
        if value.is_nan() {
            return "not a number".to_string();
        }
        let whole = value > 0.0 && value.fract() == 0.0 && value < 9.0e15;
        match self {
            Unit::GiB if whole => crate::format::binary_size((value as u64).saturating_mul(1024)),
            Unit::GiB => format!("{} GiB", shortest(value)),
            _ => shortest(value),
        }
    }
}

/// What values a field takes, in its unit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Range {
    /// Anything the kind reads (choices, names, CPU texts checked elsewhere).
    Any,
    /// Whole numbers from `min` to `max`, both included.
    Whole {
        /// The least.
        min: u64,
        /// The most.
        max: u64,
    },
    /// Real numbers between `min` and `max` (open ends excluded; `max` may be infinite).
    Real {
        /// The lower end.
        min: f64,
        /// Whether `min` itself is excluded.
        min_open: bool,
        /// The upper end.
        max: f64,
        /// Whether `max` itself is excluded.
        max_open: bool,
    },
}

impl Range {
    const fn whole(min: u64, max: u64) -> Range {
        Range::Whole { min, max }
    }

    const fn real(min: f64, min_open: bool, max: f64, max_open: bool) -> Range {
        Range::Real {
            min,
            min_open,
            max,
            max_open,
        }
    }

    /// Whether a whole value is allowed.
    pub fn allows_whole(self, value: u64) -> bool {
        match self {
            Range::Any => true,
            Range::Whole { min, max } => (min..=max).contains(&value),
            Range::Real { .. } => self.allows_real(value as f64),
        }
    }

    /// Whether a real value is allowed (never NaN or an infinity).
    pub fn allows_real(self, value: f64) -> bool {
        match self {
            Range::Any => value.is_finite(),
            Range::Whole { min, max } => {
                value.is_finite() && value >= min as f64 && value <= max as f64
            }
            Range::Real {
                min,
                min_open,
                max,
                max_open,
            } => {
                let above = if min_open { value > min } else { value >= min };
                let below = if max_open { value < max } else { value <= max };
                value.is_finite() && above && below
            }
        }
    }

    /// The range in words, values in `unit` for people (`1 to 100 000`, `1 MiB to 64 TiB`,
    /// `more than 0 up to 10`, `from 0 up to less than 1`).
    pub fn describe(self, unit: Unit) -> String {
        match self {
            Range::Any => "any value".to_string(),
            // A count's u32::MAX is no bound to a reader: a larger number does not read as a
            // count at all (it is refused as too large before any range is checked).
            Range::Whole { min, max } if max == u64::from(u32::MAX) => {
                format!("{} or more", unit.format_whole(min))
            }
            Range::Whole { min, max } => {
                format!("{} to {}", unit.format_whole(min), unit.format_whole(max))
            }
            Range::Real {
                min,
                min_open,
                max,
                max_open,
            } => {
                let from = if min_open { "more than" } else { "from" };
                let lower = format!("{from} {}", unit.format_real(min));
                if max.is_infinite() {
                    return lower;
                }
                let to = if max_open { "up to less than" } else { "up to" };
                format!("{lower} {to} {}", unit.format_real(max))
            }
        }
    }
}

/// What a number typed without a unit means in a field, when that differs from the unit its
/// value is held in ([`Entry::unit`]). One rule: a field named after a Spark key reads a bare
/// number as Spark reads that key; any other field reads it in the unit it shows.
///
/// Links keep schema v1's meaning of a bare number for every key (the held unit: MiB, or GiB
/// for `m` and `rm`), so old links plan the same numbers; the codec writes those numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Typed {
    /// As the held unit.
    AsHeld,
    /// GiB, for a field held in MiB (Kubernetes' memory per node, YARN's memory target).
    GiB,
    /// Bytes: `spark.memory.offHeap.size` is `bytesConf(ByteUnit.BYTE)` in Spark's
    /// `internal/config/package.scala` (every other Spark memory key here is `ByteUnit.MiB`).
    Bytes,
}

/// How a field is typed and read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A whole number.
    Count,
    /// A memory size, shown as a plain number of the field's unit (MiB or GiB).
    Memory,
    /// A Spark memory setting in MiB, shown Spark-style (`1g`, `512m`).
    SparkMemory,
    /// A decimal number (`0.1875`).
    Decimal,
    /// A percentage (`50`, `50%`).
    Percent,
    /// A Kubernetes CPU quantity (`2`, `0.5`, `500m`).
    Cpu,
    /// An EC2 instance type from the planner's list (`r5.4xlarge`).
    InstanceType,
    /// A number of executors, or `max` for as many as fit.
    ExecutorCount,
    /// One of a few values: (value in links, text shown).
    Choice(&'static [(&'static str, &'static str)]),
    /// On or off: (value in links, text shown).
    Toggle(&'static [(&'static str, &'static str)]),
}

impl Kind {
    /// The options of a choice or a toggle.
    pub fn options(self) -> Option<&'static [(&'static str, &'static str)]> {
        match self {
            Kind::Choice(o) | Kind::Toggle(o) => Some(o),
            _ => None,
        }
    }
}

/// When the form shows a field (it is read whenever its mode applies; see `Form::applies`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// Always.
    Always,
    /// With an OS reservation (not explicit NodeManager resources).
    Reserve,
    /// With explicit NodeManager resources.
    NodeManager,
    /// With an explicit maximum allocation.
    Maximum,
    /// In client mode.
    Client,
    /// In cluster mode (the driver runs in the cluster: YARN's AM container, the driver pod).
    Cluster,
    /// With off-heap memory enabled.
    OffHeap,
    /// For Python apps.
    Python,
    /// Kubernetes with typed reservations (the custom provider).
    CustomNode,
    /// Kubernetes on a managed provider (EKS, GKE, AKS).
    ManagedNode,
    /// Kubernetes on EKS or AKS (their memory reservation depends on maximum pods).
    MaxPods,
    /// Kubernetes node capacity typed in: custom, or no instance type chosen.
    TypedShape,
    /// With a custom EMR core node instance (`it=custom`).
    CustomInstance,
    /// EMR with `maximizeResourceAllocation` off: when on, EMR sets the executor count, cores
    /// and heap itself (`emr::maximize_resource_allocation`), so those fields neither show nor
    /// count.
    NotMaximized,
}

/// One field as a cluster manager's form and links show it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Entry {
    /// The field.
    pub id: FieldId,
    /// The cluster managers that show it this way.
    pub managers: &'static [ClusterManager],
    /// The query-string key (stable: links depend on it).
    pub key: &'static str,
    /// The label beside the box.
    pub label: &'static str,
    /// The name in messages, read away from the form (the summary of fields to fix); the
    /// label when that stands alone.
    pub name: &'static str,
    /// How it is typed.
    pub kind: Kind,
    /// The unit of its value.
    pub unit: Unit,
    /// What is allowed, in `unit` (the static bounds; validation may narrow them, such as
    /// cores per executor to a node's vcores).
    pub range: Range,
    /// The hint under the box (with the `hints` feature: the JS API shows no form).
    #[cfg(feature = "hints")]
    pub hint: &'static str,
    /// Whether an empty text means "not set".
    pub optional: bool,
    /// When the form shows it.
    pub shown: Shown,
    /// What a bare number typed into the form means.
    pub typed: Typed,
}

impl Entry {
    /// Whether `m` shows the field this way.
    pub fn is_for(&self, m: ClusterManager) -> bool {
        self.managers.contains(&m)
    }

    /// The unit a bare number typed into the form is in, in words (`GiB`, `MiB`, `bytes`;
    /// `""` for values that are not sizes).
    pub fn bare_unit(&self) -> &'static str {
        match (self.typed, self.unit) {
            (Typed::GiB, _) | (Typed::AsHeld, Unit::GiB) => "GiB",
            (Typed::Bytes, _) => "bytes",
            (Typed::AsHeld, Unit::MiB) => "MiB",
            _ => "",
        }
    }

    /// The suffix a bare typed number gets before it is read (`g`, `m`, `b`; `""` for
    /// values that are not sizes).
    pub fn bare_suffix(&self) -> &'static str {
        match self.bare_unit() {
            "GiB" => "g",
            "MiB" => "m",
            "bytes" => "b",
            _ => "",
        }
    }

    /// For a Spark-style size (`6g`, which carries its own unit): what a number alone means, as
    /// Spark reads the key (`MiB if no unit`); `""` for other fields, whose unit is after the box.
    pub fn bare_hint(&self) -> &'static str {
        match (self.kind, self.typed) {
            (Kind::SparkMemory, Typed::Bytes) => "bytes if no unit",
            (Kind::SparkMemory, _) => "MiB if no unit",
            _ => "",
        }
    }

    /// The unit written after the box (`cores`, `GiB`, `CPU`; none for Spark-style sizes, which
    /// carry their own: [`Entry::bare_hint`] says what a number alone means there).
    pub fn unit_text(&self) -> &'static str {
        match (self.kind, self.unit) {
            (Kind::SparkMemory, _) | (_, Unit::None) => "",
            _ if self.typed == Typed::GiB => "GiB",
            (_, Unit::Cores) => "cores",
            (_, Unit::Vcores) => "vcores",
            (_, Unit::Millicores) => "CPU",
            (_, Unit::MiB) => "MiB",
            (_, Unit::GiB) => "GiB",
            (_, Unit::Percent) => "%",
            (_, Unit::Seconds) => "s",
        }
    }

    /// `text` without a trailing word of the unit written after the box (`16 cores` → `16`,
    /// `1 vcore`, `0.5 CPU`, `8 vCPU`, `80 %`), which people type out of habit; sizes read their
    /// own units. `get`, not slicing: no slicing panic in the wasm modules.
    pub fn without_unit_word<'a>(&self, text: &'a str) -> &'a str {
        // What people call a core: a word that ends another comes first (vcores, cores).
        const CORE_WORDS: &[&str] = &[
            "vcores", "vcore", "cores", "core", "vcpus", "vcpu", "cpus", "cpu",
        ];
        let words: &[&str] = match (self.kind, self.unit) {
            (Kind::SparkMemory | Kind::Memory, _) => &[],
            (_, Unit::Cores | Unit::Vcores | Unit::Millicores) => CORE_WORDS,
            (_, Unit::Percent) => &["%"],
            _ => &[],
        };
        let t = text.trim_end();
        for word in words {
            let cut = t.len().saturating_sub(word.len());
            let tail_matches = t
                .get(cut..)
                .is_some_and(|tail| tail.eq_ignore_ascii_case(word));
            if tail_matches && cut > 0 {
                return t.get(..cut).unwrap_or(t).trim_end();
            }
        }
        text
    }

    const fn with_name(self, name: &'static str) -> Entry {
        Entry { name, ..self }
    }

    #[cfg(feature = "hints")]
    const fn with_hint(self, hint: &'static str) -> Entry {
        Entry { hint, ..self }
    }

    /// Without the `hints` feature, the hint is left out of the catalog (and of the binary).
    #[cfg(not(feature = "hints"))]
    const fn with_hint(self, _hint: &'static str) -> Entry {
        self
    }

    const fn optional_when_empty(self) -> Entry {
        Entry {
            optional: true,
            ..self
        }
    }

    const fn shown_when(self, shown: Shown) -> Entry {
        Entry { shown, ..self }
    }

    const fn with_range(self, range: Range) -> Entry {
        Entry { range, ..self }
    }

    const fn typed_in(self, typed: Typed) -> Entry {
        Entry { typed, ..self }
    }
}

/// The Spark configuration key a field stands for, when its label does not already name it
/// (the command line takes every field that is a Spark setting under its key:
/// `--spark.executor.memoryOverheadFactor` on every cluster manager with that field).
pub fn spark_key(id: FieldId) -> Option<&'static str> {
    Some(match id {
        FieldId::CoresPerExecutor => keys::EXECUTOR_CORES,
        FieldId::ExecutorInstances => keys::EXECUTOR_INSTANCES,
        FieldId::ExecutorMemory => keys::EXECUTOR_MEMORY,
        FieldId::OverheadFactor => keys::EXECUTOR_OVERHEAD_FACTOR,
        FieldId::OffHeapEnabled => keys::OFFHEAP_ENABLED,
        FieldId::DeployMode => keys::DEPLOY_MODE,
        _ => return None,
    })
}

/// The entry of `id` as `m` shows it.
pub fn entry(m: ClusterManager, id: FieldId) -> Option<&'static Entry> {
    ENTRIES.iter().find(|e| e.id == id && e.is_for(m))
}

/// The entry behind `key` in `m`'s form and links.
pub fn entry_by_key(m: ClusterManager, key: &str) -> Option<&'static Entry> {
    ENTRIES.iter().find(|e| e.key == key && e.is_for(m))
}

/// The query-string key of `id` for `m` (`""` when `m` has no such field).
pub fn key(m: ClusterManager, id: FieldId) -> &'static str {
    entry(m, id).map_or("", |e| e.key)
}

/// The name of `id` in `m`'s messages (the catalog's YARN name when `m` has no such field).
pub fn name(m: ClusterManager, id: FieldId) -> &'static str {
    entry(m, id).map_or_else(|| id.label(), |e| e.name)
}

/// Every entry of `m`, in catalog order.
pub fn entries(m: ClusterManager) -> impl Iterator<Item = &'static Entry> {
    ENTRIES.iter().filter(move |e| e.is_for(m))
}

/// Every entry of every cluster manager.
pub fn all_entries() -> &'static [Entry] {
    ENTRIES
}

const fn entry_of(
    id: FieldId,
    managers: &'static [ClusterManager],
    key: &'static str,
    label: &'static str,
    kind: Kind,
    unit: Unit,
) -> Entry {
    Entry {
        id,
        managers,
        key,
        label,
        name: label,
        kind,
        unit,
        range: Range::Any,
        #[cfg(feature = "hints")]
        hint: "",
        optional: false,
        shown: Shown::Always,
        typed: Typed::AsHeld,
    }
}

use ClusterManager::{Emr, Kubernetes, Yarn};
use FieldId as F;

const YARN: &[ClusterManager] = &[Yarn];
const K8S: &[ClusterManager] = &[Kubernetes];
const EMR: &[ClusterManager] = &[Emr];
const YARN_K8S: &[ClusterManager] = &[Yarn, Kubernetes];
const YARN_EMR: &[ClusterManager] = &[Yarn, Emr];
const ALL_MANAGERS: &[ClusterManager] = &[Yarn, Kubernetes, Emr];
const EVERY: &[ClusterManager] = &[Yarn, Kubernetes, Emr];
/// Most GPUs per node, executor or task.
const GPUS_MAX: f64 = 1024.0;
const GPUS: Range = Range::whole(0, GPUS_MAX as u64);

const MAX_CORES: u64 = limits::MAX_CORES as u64;
const MIB_SETTING: Range = Range::whole(1, limits::MAX_MIB);
const MIB_OR_ZERO: Range = Range::whole(0, limits::MAX_MIB);
const CORES: Range = Range::whole(1, MAX_CORES);
/// Executors asked for: any count the codec reads (the planners place what fits).
const EXECUTOR_COUNT: Range = Range::whole(0, u32::MAX as u64);
/// Data a job reads or shuffles: up to 1 EiB (2^40 MiB); more is taken for a typing slip.
const DATA_SIZE: Range = Range::whole(1, 1 << 40);
/// A timeout in seconds, up to a year.
const TIMEOUT_SECONDS: Range = Range::whole(0, 31_536_000);
const MILLICORES_OR_ZERO: Range = Range::whole(0, limits::MAX_MILLICORES);
const ON_OFF: &[(&str, &str)] = &[("0", "off"), ("1", "on")];
const ON_BY_DEFAULT: &[(&str, &str)] = &[("1", "on (EMR default)"), ("0", "off")];
const ON_FIRST: &[(&str, &str)] = &[("1", "on"), ("0", "off")];
/// Whether a file splits: Spark splits a file unless its codec cannot be read from the middle
/// (`TextFileFormat.isSplitable`: a `SplittableCompressionCodec` or none; gzip is not one).
const SPLITTABLE: &[(&str, &str)] = &[("1", "yes"), ("0", "no (gzip)")];
const DOMINANT_FIRST: &[(&str, &str)] = &[
    ("dominant", "Dominant (memory and vcores)"),
    ("default", "Default (memory only)"),
];
const DEFAULT_FIRST: &[(&str, &str)] = &[
    ("default", "Default (memory only)"),
    ("dominant", "Dominant (memory and vcores)"),
];

/// Which resource calculator each distribution ships (shown beside the setting):
/// - Apache Hadoop: `CapacitySchedulerConfiguration.DEFAULT_RESOURCE_CALCULATOR_CLASS` is
///   `DefaultResourceCalculator`, and the `conf/capacity-scheduler.xml` Hadoop ships sets it.
/// - Amazon EMR runs the Capacity Scheduler without overriding it (AWS Big Data Blog,
///   "Configure Hadoop YARN CapacityScheduler on Amazon EMR on Amazon EC2…"; seed 003's driver
///   log shows 1 vcore per container).
/// - Cloudera CDP supports only the Capacity Scheduler (docs.cloudera.com, "Why one
///   scheduler?"); docs/sizing-model.md records CDP setups configuring
///   `DominantResourceCalculator`, which no primary source checked here confirms as a default,
///   so the hint says "often" and asks users to check theirs.
/// - The Fair Scheduler has no calculator setting: `FSAppAttempt.assignContainer` places a
///   container only where `Resources.fitsIn` (memory and vcores) holds, as Dominant does.
const YARN_CALCULATOR_HINT: &str = "Assumed: Dominant. Apache Hadoop and Amazon EMR default \
    to Default; Cloudera CDP setups often choose Dominant (check yours); a Fair Scheduler fits \
    memory and vcores, like Dominant.";
const EMR_CALCULATOR_HINT: &str =
    "EMR's default is Default; Dominant if your capacity-scheduler classification sets it.";

/// Every entry. YARN's come first, so [`FieldId::label`] is YARN's name where YARN has the
/// field; within a manager the order does not matter (the codec keeps its own key order).
const ENTRIES: &[Entry] = &[
    // YARN: cluster hardware and what YARN gets per node.
    entry_of(F::Nodes, YARN_K8S, "n", "Nodes", Kind::Count, Unit::None)
        .with_hint("worker nodes")
        .with_range(Range::whole(1, limits::MAX_NODES as u64)),
    entry_of(
        F::CoresPerNode,
        YARN,
        "c",
        "Cores per node",
        Kind::Count,
        Unit::Cores,
    )
    .with_range(CORES),
    entry_of(
        F::MemoryPerNode,
        YARN,
        "m",
        "Memory per node",
        Kind::Memory,
        Unit::GiB,
    )
    .with_hint("64, 64 GB or 63.5")
    .with_range(Range::real(0.0, true, limits::MAX_NODE_GIB, false)),
    entry_of(
        F::ReservedCores,
        YARN,
        "rc",
        "Reserved cores",
        Kind::Count,
        Unit::Cores,
    )
    .with_name("Cores reserved for OS and daemons")
    .with_hint("default 1")
    .shown_when(Shown::Reserve)
    .with_range(Range::whole(0, MAX_CORES - 1)),
    entry_of(
        F::ReservedMemory,
        YARN,
        "rm",
        "Reserved memory",
        Kind::Memory,
        Unit::GiB,
    )
    .with_name("Memory reserved for OS and daemons")
    .with_hint("default 1")
    .shown_when(Shown::Reserve)
    .with_range(Range::real(0.0, false, limits::MAX_NODE_GIB, true)),
    entry_of(
        F::NodeManagerMemory,
        YARN,
        "nmm",
        "yarn.nodemanager.resource.memory-mb",
        Kind::Memory,
        Unit::MiB,
    )
    .shown_when(Shown::NodeManager)
    .with_range(MIB_SETTING),
    entry_of(
        F::NodeManagerVcores,
        YARN,
        "nmv",
        "yarn.nodemanager.resource.cpu-vcores",
        Kind::Count,
        Unit::Vcores,
    )
    .shown_when(Shown::NodeManager)
    .with_range(CORES),
    // YARN: sizing policy.
    entry_of(
        F::CoresPerExecutor,
        YARN,
        "cpe",
        "Cores per executor",
        Kind::Count,
        Unit::Cores,
    )
    .with_hint("default 5")
    .with_range(CORES),
    entry_of(
        F::MemoryTarget,
        YARN,
        "tgt",
        "Memory target per executor",
        Kind::Memory,
        Unit::MiB,
    )
    .typed_in(Typed::GiB)
    .with_hint("optional heap, e.g. 10: fewest cores that reach it")
    .optional_when_empty()
    .with_range(Range::whole(450, limits::MAX_MIB)),
    entry_of(
        F::Granularity,
        YARN,
        "gran",
        "spark.executor.memory in",
        Kind::Choice(&[("gib", "whole GiB (19g)"), ("mib", "MiB (19549m)")]),
        Unit::None,
    )
    .with_name("Memory granularity"),
    entry_of(
        F::ClusterShare,
        YARN,
        "share",
        "Share of the cluster",
        Kind::Percent,
        Unit::Percent,
    )
    .with_hint("for a shared queue; default 100")
    .with_range(Range::real(0.0, true, 100.0, false)),
    entry_of(
        F::KeepCompressedOops,
        YARN,
        "oops",
        "Heap below 32 GiB",
        Kind::Toggle(ON_FIRST),
        Unit::None,
    )
    .with_hint("31g keeps the JVM's compressed pointers"),
    entry_of(
        F::Method,
        YARN,
        "meth",
        "Method",
        Kind::Choice(&[("exact", "Spark-exact"), ("rule", "Rule of thumb")]),
        Unit::None,
    ),
    // YARN: Spark.
    entry_of(F::SparkVersion, YARN, "sv", "Version", VERSIONS, Unit::None)
        .with_name("Spark version"),
    entry_of(
        F::DeployMode,
        YARN_K8S,
        "mode",
        "Deploy mode",
        Kind::Choice(&[("cluster", "cluster"), ("client", "client")]),
        Unit::None,
    ),
    entry_of(
        F::AppType,
        YARN,
        "app",
        "Application",
        APPLICATIONS,
        Unit::None,
    )
    .with_name("Application type"),
    entry_of(
        F::DriverMemory,
        YARN,
        "dm",
        keys::DRIVER_MEMORY,
        Kind::SparkMemory,
        Unit::MiB,
    )
    .with_hint("default 1g; in the AM in cluster mode")
    .with_range(MIB_SETTING),
    entry_of(
        F::DriverCores,
        EVERY,
        "dc",
        keys::DRIVER_CORES,
        Kind::Count,
        Unit::Cores,
    )
    .with_hint("default 1")
    .with_range(CORES),
    entry_of(
        F::AmMemory,
        YARN_EMR,
        "amm",
        keys::AM_MEMORY,
        Kind::SparkMemory,
        Unit::MiB,
    )
    .with_hint("client mode; default 512m")
    .shown_when(Shown::Client)
    .with_range(MIB_SETTING),
    entry_of(
        F::AmCores,
        YARN_EMR,
        "amc",
        keys::AM_CORES,
        Kind::Count,
        Unit::Cores,
    )
    .with_hint("client mode; default 1")
    .shown_when(Shown::Client)
    .with_range(CORES),
    entry_of(
        F::AmOverhead,
        YARN_EMR,
        "amovh",
        keys::AM_OVERHEAD,
        Kind::SparkMemory,
        Unit::MiB,
    )
    .with_hint("optional, client mode: replaces the AM's formula")
    .optional_when_empty()
    .shown_when(Shown::Client)
    .with_range(MIB_OR_ZERO),
    entry_of(
        F::OverheadFactor,
        YARN,
        "of",
        "Overhead factor",
        Kind::Decimal,
        Unit::None,
    )
    .with_name(keys::EXECUTOR_OVERHEAD_FACTOR)
    .with_hint("default 0.1")
    .with_range(Range::real(0.0, true, 10.0, false)),
    entry_of(
        F::OverheadMinimum,
        YARN,
        "omin",
        "Minimum overhead",
        Kind::SparkMemory,
        Unit::MiB,
    )
    .with_name(keys::EXECUTOR_MIN_OVERHEAD)
    .with_hint("384m; Spark 4.0 only")
    .with_range(MIB_OR_ZERO),
    entry_of(
        F::ExecutorOverhead,
        EVERY,
        "ovh",
        keys::EXECUTOR_OVERHEAD,
        Kind::SparkMemory,
        Unit::MiB,
    )
    .with_hint("optional: replaces the formula")
    .optional_when_empty()
    .with_range(MIB_OR_ZERO),
    entry_of(
        F::OverheadMinimum,
        K8S,
        "omin",
        "Minimum overhead",
        Kind::SparkMemory,
        Unit::MiB,
    )
    .with_name(keys::EXECUTOR_MIN_OVERHEAD)
    .with_hint("optional: default 384m; Spark 4.0 only")
    .optional_when_empty()
    .with_range(MIB_OR_ZERO),
    entry_of(
        F::DriverOverhead,
        ALL_MANAGERS,
        "dovh",
        keys::DRIVER_OVERHEAD,
        Kind::SparkMemory,
        Unit::MiB,
    )
    .with_hint("optional: replaces the driver's formula")
    .optional_when_empty()
    .shown_when(Shown::Cluster)
    .with_range(MIB_OR_ZERO),
    entry_of(
        F::DriverOverheadFactor,
        YARN,
        "dof",
        "Driver overhead factor",
        Kind::Decimal,
        Unit::None,
    )
    .with_name(keys::DRIVER_OVERHEAD_FACTOR)
    .with_hint("default 0.1")
    .shown_when(Shown::Cluster)
    .with_range(Range::real(0.0, true, 10.0, false)),
    entry_of(
        F::DriverOverheadMinimum,
        YARN,
        "domin",
        "Driver minimum overhead",
        Kind::SparkMemory,
        Unit::MiB,
    )
    .with_name(keys::DRIVER_MIN_OVERHEAD)
    .with_hint("384m; Spark 4.0 only")
    .shown_when(Shown::Cluster)
    .with_range(MIB_OR_ZERO),
    entry_of(
        F::DriverOverheadFactor,
        K8S,
        "dof",
        "Driver overhead factor",
        Kind::Decimal,
        Unit::None,
    )
    .with_name(keys::DRIVER_OVERHEAD_FACTOR)
    .with_hint("optional: else the Kubernetes factor, or 0.1 (0.4 for Python/R)")
    .optional_when_empty()
    .shown_when(Shown::Cluster)
    .with_range(Range::real(0.0, true, f64::INFINITY, false)),
    entry_of(
        F::DriverOverheadMinimum,
        K8S,
        "domin",
        "Driver minimum overhead",
        Kind::SparkMemory,
        Unit::MiB,
    )
    .with_name(keys::DRIVER_MIN_OVERHEAD)
    .with_hint("optional: default 384m; Spark 4.0 only")
    .optional_when_empty()
    .shown_when(Shown::Cluster)
    .with_range(MIB_OR_ZERO),
    entry_of(
        F::OffHeapEnabled,
        YARN_K8S,
        "off",
        "Off-heap memory",
        Kind::Toggle(ON_OFF),
        Unit::None,
    ),
    entry_of(
        F::OffHeapSize,
        YARN_K8S,
        "offs",
        keys::OFFHEAP_SIZE,
        Kind::SparkMemory,
        Unit::MiB,
    )
    .typed_in(Typed::Bytes)
    .with_hint("e.g. 2g")
    .shown_when(Shown::OffHeap)
    .with_range(MIB_OR_ZERO),
    entry_of(
        F::PysparkMemory,
        YARN_K8S,
        "py",
        keys::PYSPARK_MEMORY,
        Kind::SparkMemory,
        Unit::MiB,
    )
    .with_hint("Python apps; default unset")
    .shown_when(Shown::Python)
    .with_range(MIB_OR_ZERO),
    entry_of(
        F::MemoryFraction,
        YARN,
        "mf",
        keys::MEMORY_FRACTION,
        Kind::Decimal,
        Unit::None,
    )
    .with_hint("default 0.6")
    .with_range(Range::real(0.0, true, 1.0, false)),
    entry_of(
        F::StorageFraction,
        YARN,
        "sf",
        keys::STORAGE_FRACTION,
        Kind::Decimal,
        Unit::None,
    )
    .with_hint("default 0.5")
    .with_range(Range::real(0.0, false, 1.0, true)),
    // YARN: scheduler.
    entry_of(
        F::MinimumAllocation,
        YARN,
        "amin",
        "yarn.scheduler.minimum-allocation-mb",
        Kind::Memory,
        Unit::MiB,
    )
    .with_hint("default 1024; the rounding step")
    .with_range(MIB_SETTING),
    entry_of(
        F::Increment,
        YARN,
        "ainc",
        "Fair scheduler increment",
        Kind::Memory,
        Unit::MiB,
    )
    .with_hint("optional; rounds instead of the minimum")
    .optional_when_empty()
    .with_range(MIB_SETTING),
    entry_of(
        F::Calculator,
        YARN,
        "calc",
        "Resource calculator",
        Kind::Choice(DOMINANT_FIRST),
        Unit::None,
    )
    .with_hint(YARN_CALCULATOR_HINT),
    entry_of(
        F::MaximumAllocationMemory,
        YARN,
        "amax",
        "yarn.scheduler.maximum-allocation-mb",
        Kind::Memory,
        Unit::MiB,
    )
    .shown_when(Shown::Maximum)
    .with_range(MIB_SETTING),
    entry_of(
        F::MaximumAllocationVcores,
        YARN,
        "vmax",
        "yarn.scheduler.maximum-allocation-vcores",
        Kind::Count,
        Unit::Vcores,
    )
    .shown_when(Shown::Maximum)
    .with_range(CORES),
    // Kubernetes: nodes.
    entry_of(
        F::NodeCpu,
        K8S,
        "kcpu",
        "CPU per node",
        Kind::Cpu,
        Unit::Millicores,
    )
    .with_hint("capacity (16, 15500m), or allocatable with 0 reserved")
    .with_range(Range::whole(1, limits::MAX_MILLICORES))
    .shown_when(Shown::TypedShape),
    entry_of(
        F::NodeMemory,
        K8S,
        "kmem",
        "Memory per node",
        Kind::Memory,
        Unit::MiB,
    )
    .typed_in(Typed::GiB)
    .with_hint("capacity (64, 63.5 or 65536m), or allocatable with 0 reserved")
    .with_range(MIB_SETTING)
    .shown_when(Shown::TypedShape),
    entry_of(
        F::KubeReservedCpu,
        K8S,
        "krcpu",
        "Reserved CPU",
        Kind::Cpu,
        Unit::Millicores,
    )
    .with_hint("kube-reserved + system-reserved")
    .with_range(MILLICORES_OR_ZERO)
    .shown_when(Shown::CustomNode),
    entry_of(
        F::KubeReservedMemory,
        K8S,
        "krmem",
        "Reserved memory",
        Kind::Memory,
        Unit::MiB,
    )
    .with_hint("kube/system reserved + eviction threshold")
    .with_range(MIB_OR_ZERO)
    .shown_when(Shown::CustomNode),
    entry_of(
        F::DaemonsetCpu,
        K8S,
        "dscpu",
        "Daemonset CPU",
        Kind::Cpu,
        Unit::Millicores,
    )
    .with_hint("requested per node")
    .with_range(MILLICORES_OR_ZERO),
    entry_of(
        F::DaemonsetMemory,
        K8S,
        "dsmem",
        "Daemonset memory",
        Kind::Memory,
        Unit::MiB,
    )
    .with_hint("requested per node")
    .with_range(MIB_OR_ZERO),
    // Kubernetes: executors.
    entry_of(
        F::ExecutorInstances,
        K8S,
        "cnt",
        "Executors",
        Kind::ExecutorCount,
        Unit::None,
    )
    .with_hint("a number, or max for as many as fit")
    .with_range(EXECUTOR_COUNT),
    entry_of(
        F::CoresPerExecutor,
        K8S,
        "cpe",
        keys::EXECUTOR_CORES,
        Kind::Count,
        Unit::Cores,
    )
    .with_hint("task slots per executor")
    .with_range(CORES),
    entry_of(
        F::ExecutorMemory,
        K8S,
        "em",
        keys::EXECUTOR_MEMORY,
        Kind::SparkMemory,
        Unit::MiB,
    )
    .with_hint("e.g. 6g")
    .with_range(MIB_SETTING),
    entry_of(
        F::ExecutorCpuRequest,
        K8S,
        "rq",
        keys::K8S_EXECUTOR_REQUEST_CORES,
        Kind::Cpu,
        Unit::Millicores,
    )
    .with_hint("optional: 0.5, 500m, 1.5")
    .optional_when_empty(),
    entry_of(
        F::ExecutorCpuLimit,
        K8S,
        "lim",
        keys::K8S_EXECUTOR_LIMIT_CORES,
        Kind::Cpu,
        Unit::Millicores,
    )
    .with_hint("optional")
    .optional_when_empty(),
    entry_of(
        F::TaskCpus,
        EVERY,
        "tc",
        keys::TASK_CPUS,
        Kind::Count,
        Unit::None,
    )
    .with_hint("default 1")
    .with_range(CORES),
    // Kubernetes: Spark.
    entry_of(F::SparkVersion, K8S, "sv", "Version", VERSIONS, Unit::None),
    entry_of(
        F::AppType,
        K8S,
        "app",
        "Application",
        APPLICATIONS,
        Unit::None,
    ),
    entry_of(
        F::OverheadFactor,
        K8S,
        "kof",
        "Overhead factor",
        Kind::Decimal,
        Unit::None,
    )
    .with_hint("optional: 0.1, or 0.4 for Python/R in cluster mode")
    .optional_when_empty()
    .with_range(Range::real(0.0, true, f64::INFINITY, false)),
    entry_of(
        F::K8sOverheadFactor,
        K8S,
        "kmof",
        "Kubernetes overhead factor",
        Kind::Decimal,
        Unit::None,
    )
    .with_name(keys::K8S_OVERHEAD_FACTOR)
    .with_hint("optional, deprecated: the driver's and executors' default factor")
    .optional_when_empty()
    .with_range(Range::real(0.0, true, f64::INFINITY, false)),
    entry_of(
        F::DriverMemory,
        K8S,
        "dm",
        keys::DRIVER_MEMORY,
        Kind::SparkMemory,
        Unit::MiB,
    )
    .with_hint("driver pod; default 1g")
    .with_range(MIB_SETTING),
    entry_of(
        F::DriverCpuRequest,
        K8S,
        "drq",
        keys::K8S_DRIVER_REQUEST_CORES,
        Kind::Cpu,
        Unit::Millicores,
    )
    .with_hint("optional")
    .optional_when_empty(),
    entry_of(
        F::DriverCpuLimit,
        K8S,
        "dlim",
        keys::K8S_DRIVER_LIMIT_CORES,
        Kind::Cpu,
        Unit::Millicores,
    )
    .with_hint("optional")
    .optional_when_empty(),
    // Amazon EMR: the cluster.
    entry_of(
        F::InstanceType,
        EMR,
        "it",
        "Core node instance type",
        Kind::InstanceType,
        Unit::None,
    )
    .with_hint("an EC2 type (m5–m7, r5–r7, c5–c7 families), or custom"),
    entry_of(F::Nodes, EMR, "n", "Core nodes", Kind::Count, Unit::None)
        .with_hint("NodeManagers")
        .with_range(Range::whole(1, limits::MAX_NODES as u64)),
    entry_of(
        F::MasterInstanceType,
        EMR,
        "mt",
        "Master node instance type",
        Kind::InstanceType,
        Unit::None,
    )
    .with_hint("runs the driver in client mode; e.g. m5.xlarge"),
    entry_of(
        F::MaximizeResourceAllocation,
        EMR,
        "max",
        "maximizeResourceAllocation",
        Kind::Toggle(ON_OFF),
        Unit::None,
    ),
    entry_of(
        F::HeterogeneousExecutors,
        EMR,
        "het",
        keys::EMR_HETEROGENEOUS_EXECUTORS,
        Kind::Toggle(ON_BY_DEFAULT),
        Unit::None,
    ),
    entry_of(
        F::Calculator,
        EMR,
        "calc",
        "Resource calculator",
        Kind::Choice(DEFAULT_FIRST),
        Unit::None,
    )
    .with_hint(EMR_CALCULATOR_HINT),
    // Amazon EMR: executors and driver.
    entry_of(
        F::ExecutorInstances,
        EMR,
        "cnt",
        "Executors requested",
        Kind::Count,
        Unit::None,
    )
    .with_hint("spark.executor.instances or dynamic allocation's ask")
    .with_range(EXECUTOR_COUNT)
    .shown_when(Shown::NotMaximized),
    entry_of(
        F::CoresPerExecutor,
        EMR,
        "cpe",
        keys::EXECUTOR_CORES,
        Kind::Count,
        Unit::Cores,
    )
    .with_range(CORES)
    .shown_when(Shown::NotMaximized),
    entry_of(
        F::ExecutorMemory,
        EMR,
        "em",
        keys::EXECUTOR_MEMORY,
        Kind::SparkMemory,
        Unit::MiB,
    )
    .with_hint("e.g. 18971m")
    .with_range(MIB_SETTING)
    .shown_when(Shown::NotMaximized),
    entry_of(
        F::OverheadFactor,
        EMR,
        "of",
        "Overhead factor",
        Kind::Decimal,
        Unit::None,
    )
    .with_hint("EMR: 0.1875")
    .with_range(Range::real(0.0, true, 10.0, false)),
    entry_of(
        F::ExecutorMaxCores,
        EMR,
        "mxc",
        keys::EMR_EXECUTOR_MAX_CORES,
        Kind::Count,
        Unit::Cores,
    )
    .with_hint("optional cap on merged executors")
    .optional_when_empty()
    .with_range(CORES),
    entry_of(
        F::ExecutorMaxMemory,
        EMR,
        "mxm",
        keys::EMR_EXECUTOR_MAX_MEMORY,
        Kind::SparkMemory,
        Unit::MiB,
    )
    .with_hint("optional cap on merged containers")
    .optional_when_empty()
    .with_range(MIB_SETTING),
    entry_of(
        F::DynamicAllocation,
        EMR,
        "dyn",
        keys::DYNAMIC_ALLOCATION_ENABLED,
        Kind::Toggle(ON_BY_DEFAULT),
        Unit::None,
    ),
    entry_of(
        F::DeployMode,
        EMR,
        "mode",
        "Deploy mode",
        Kind::Choice(&[
            ("client", "client (pyspark, spark-shell)"),
            ("cluster", "cluster"),
        ]),
        Unit::None,
    ),
    entry_of(
        F::DriverMemory,
        EMR,
        "dm",
        keys::DRIVER_MEMORY,
        Kind::SparkMemory,
        Unit::MiB,
    )
    .with_hint("default 1g")
    .with_range(MIB_SETTING),
    // Kubernetes: the managed provider whose reservation formula sets allocatable.
    entry_of(
        F::Provider,
        K8S,
        "kp",
        "Node reservations",
        Kind::Choice(&[
            ("custom", "Custom (typed)"),
            ("eks", "Amazon EKS"),
            ("gke", "Google GKE"),
            ("aks", "Azure AKS 1.29+"),
        ]),
        Unit::None,
    )
    .with_name("Provider")
    .with_hint("EKS, GKE, AKS: allocatable from the provider's published formula"),
    entry_of(
        F::NodeType,
        K8S,
        "knt",
        "Instance or machine type",
        Kind::InstanceType,
        Unit::None,
    )
    .with_hint("optional: its vCPUs and memory replace the typed ones")
    .optional_when_empty()
    .shown_when(Shown::ManagedNode),
    entry_of(
        F::MaxPods,
        K8S,
        "kmp",
        "Max pods per node",
        Kind::Count,
        Unit::None,
    )
    .with_hint("optional: the EKS type's (eni-max-pods.txt), or AKS's 250")
    .optional_when_empty()
    .shown_when(Shown::MaxPods)
    .with_range(Range::whole(1, 10_000)),
    entry_of(
        F::ReportedMemory,
        K8S,
        "kmemr",
        "Memory capacity kubectl shows",
        Kind::Memory,
        Unit::MiB,
    )
    .with_hint("optional: kubectl describe node, Capacity memory (Ki ÷ 1024)")
    .optional_when_empty()
    .shown_when(Shown::ManagedNode)
    .with_range(MIB_SETTING),
    // Amazon EMR: a custom core node instance, by its numbers.
    entry_of(
        F::InstanceVcpus,
        EMR,
        "ivc",
        "Custom instance: vCPUs",
        Kind::Count,
        Unit::None,
    )
    .with_hint("EMR gives YARN every vCPU")
    .with_range(CORES)
    .shown_when(Shown::CustomInstance),
    entry_of(
        F::InstanceMemory,
        EMR,
        "imem",
        "Custom instance: memory",
        Kind::Memory,
        Unit::GiB,
    )
    .with_hint("the instance's memory")
    .with_range(Range::whole(1, 65_536)) // limits::MAX_NODE_GIB
    .shown_when(Shown::CustomInstance),
    entry_of(
        F::InstanceYarnMemory,
        EMR,
        "inm",
        "Custom instance: yarn.nodemanager.resource.memory-mb",
        Kind::Memory,
        Unit::MiB,
    )
    .with_name("Custom instance: YARN memory")
    .with_hint("EMR's default for the type: Release Guide, Task configuration")
    .with_range(MIB_SETTING)
    .shown_when(Shown::CustomInstance),
    // Every manager: the driver's load (guidance only; the plan does not change).
    entry_of(
        F::ConcurrentJobs,
        EVERY,
        "jobs",
        "Jobs run at once",
        Kind::Count,
        Unit::None,
    )
    .with_hint("default 1: actions started from several threads")
    .with_range(Range::whole(1, 10_000)),
    entry_of(
        F::CollectedResults,
        EVERY,
        "col",
        "Results collected to the driver",
        Kind::Memory,
        Unit::MiB,
    )
    .typed_in(Typed::GiB)
    .with_hint("optional: the largest collect() or take()")
    .optional_when_empty()
    .with_range(MIB_SETTING),
    entry_of(
        F::MaxResultSize,
        EVERY,
        "mrs",
        keys::DRIVER_MAX_RESULT_SIZE,
        Kind::SparkMemory,
        Unit::MiB,
    )
    .with_hint("default 1g; 0 for unlimited")
    .with_range(MIB_OR_ZERO)
    // Spark reads a number alone as bytes: `MAX_RESULT_SIZE` is `bytesConf(ByteUnit.BYTE)` in
    // `core/src/main/scala/org/apache/spark/internal/config/package.scala`.
    .typed_in(Typed::Bytes),
    entry_of(
        F::EdgeNodeMemory,
        EVERY,
        "egm",
        "Edge node memory for drivers",
        Kind::Memory,
        Unit::MiB,
    )
    .typed_in(Typed::GiB)
    .with_hint("optional: client mode's launch machine")
    .optional_when_empty()
    .with_range(MIB_SETTING)
    .shown_when(Shown::Client),
    entry_of(
        F::EdgeNodeCores,
        EVERY,
        "egc",
        "Edge node cores for drivers",
        Kind::Count,
        Unit::Cores,
    )
    .with_hint("optional")
    .optional_when_empty()
    .with_range(CORES)
    .shown_when(Shown::Client),
    // Every manager: the workload (checks only; the plan does not change).
    entry_of(
        F::InputDataSize,
        EVERY,
        "win",
        "Input data size",
        Kind::Memory,
        Unit::MiB,
    )
    .typed_in(Typed::GiB)
    .with_hint("optional: what the job reads")
    .optional_when_empty()
    .with_range(DATA_SIZE),
    entry_of(
        F::InputSplitSize,
        EVERY,
        "wsplit",
        keys::SQL_FILES_MAX_PARTITION_BYTES,
        Kind::SparkMemory,
        Unit::MiB,
    )
    .typed_in(Typed::Bytes)
    .with_hint("default 128m: the input split")
    .with_range(MIB_SETTING),
    entry_of(
        F::InputFiles,
        EVERY,
        "wfiles",
        "Input files",
        Kind::Count,
        Unit::None,
    )
    .with_hint("optional: Spark packs files into splits")
    .optional_when_empty()
    .with_range(Range::whole(1, 1_000_000_000)),
    entry_of(
        F::InputSplittable,
        EVERY,
        "wsplits",
        "Files split",
        Kind::Toggle(SPLITTABLE),
        Unit::None,
    ),
    entry_of(
        F::DefaultParallelism,
        EVERY,
        "dpar",
        keys::DEFAULT_PARALLELISM,
        Kind::Count,
        Unit::None,
    )
    .with_hint("optional: default the executors' cores")
    .optional_when_empty()
    .with_range(Range::whole(1, 100_000_000)),
    entry_of(
        F::ShuffleDataSize,
        EVERY,
        "wsh",
        "Shuffle data of the largest stage",
        Kind::Memory,
        Unit::MiB,
    )
    .typed_in(Typed::GiB)
    .with_hint("optional: Spark UI, Stages, Shuffle Read")
    .optional_when_empty()
    .with_range(DATA_SIZE),
    entry_of(
        F::LargestTaskInput,
        EVERY,
        "wtask",
        "Largest task's input",
        Kind::Memory,
        Unit::MiB,
    )
    .typed_in(Typed::GiB)
    .with_hint("optional: Spark UI, the stage's Max task input")
    .optional_when_empty()
    .with_range(MIB_SETTING),
    entry_of(
        F::SkewFactor,
        EVERY,
        "wskew",
        "Skew factor",
        Kind::Decimal,
        Unit::None,
    )
    .with_hint("optional: largest partition ÷ average")
    .optional_when_empty()
    .with_range(Range::real(1.0, false, 1_000_000.0, false)),
    entry_of(
        F::BroadcastTableSize,
        EVERY,
        "wbc",
        "Table to broadcast",
        Kind::Memory,
        Unit::MiB,
    )
    .with_hint("optional: the small side of a join")
    .optional_when_empty()
    .with_range(MIB_SETTING),
    // Dynamic allocation (EMR's on/off switch is its own entry above, on by default there).
    entry_of(
        F::DynamicAllocation,
        YARN_K8S,
        "dyn",
        keys::DYNAMIC_ALLOCATION_ENABLED,
        Kind::Toggle(ON_OFF),
        Unit::None,
    ),
    entry_of(
        F::MinExecutors,
        EVERY,
        "damin",
        "Min executors",
        Kind::Count,
        Unit::None,
    )
    .with_name(keys::DYNAMIC_ALLOCATION_MIN_EXECUTORS)
    .with_hint("minExecutors; default 0")
    .with_range(EXECUTOR_COUNT),
    entry_of(
        F::InitialExecutors,
        EVERY,
        "dainit",
        "Initial executors",
        Kind::Count,
        Unit::None,
    )
    .with_name(keys::DYNAMIC_ALLOCATION_INITIAL_EXECUTORS)
    .with_hint("optional initialExecutors; defaults to the minimum")
    .optional_when_empty()
    .with_range(EXECUTOR_COUNT),
    entry_of(
        F::MaxExecutors,
        EVERY,
        "damax",
        "Max executors",
        Kind::Count,
        Unit::None,
    )
    .with_name(keys::DYNAMIC_ALLOCATION_MAX_EXECUTORS)
    .with_hint("optional maxExecutors; unbounded when empty")
    .optional_when_empty()
    .with_range(EXECUTOR_COUNT),
    entry_of(
        F::ExecutorIdleTimeout,
        EVERY,
        "daidle",
        "Idle timeout",
        Kind::Count,
        Unit::Seconds,
    )
    .with_name(keys::DYNAMIC_ALLOCATION_EXECUTOR_IDLE_TIMEOUT)
    .with_hint("executorIdleTimeout; default 60 s")
    .with_range(TIMEOUT_SECONDS),
    entry_of(
        F::SchedulerBacklogTimeout,
        EVERY,
        "dabl",
        "Backlog timeout",
        Kind::Count,
        Unit::Seconds,
    )
    .with_name(keys::DYNAMIC_ALLOCATION_SCHEDULER_BACKLOG_TIMEOUT)
    .with_hint("schedulerBacklogTimeout; default 1 s")
    .with_range(Range::whole(1, 31_536_000)),
    entry_of(
        F::ShuffleKeeping,
        YARN,
        "dash",
        "Shuffle files of removed executors",
        Kind::Choice(&[
            ("tracking", "shuffle tracking (Spark's default)"),
            ("service", "external shuffle service"),
            ("decommission", "decommissioning"),
            ("none", "none"),
        ]),
        Unit::None,
    ),
    entry_of(
        F::ShuffleKeeping,
        K8S,
        "dash",
        "Shuffle files of removed executors",
        Kind::Choice(&[
            ("tracking", "shuffle tracking (Spark's default)"),
            ("decommission", "decommissioning"),
            ("none", "none"),
        ]),
        Unit::None,
    )
    .with_hint("Kubernetes has no external shuffle service"),
    entry_of(
        F::ShuffleKeeping,
        EMR,
        "dash",
        "Shuffle files of removed executors",
        Kind::Choice(&[
            ("service", "external shuffle service (EMR default)"),
            ("tracking", "shuffle tracking"),
            ("decommission", "decommissioning"),
            ("none", "none"),
        ]),
        Unit::None,
    ),
    // Every manager: GPUs (Spark's custom resources, `ResourceProfile`).
    entry_of(
        F::GpusPerNode,
        YARN_K8S,
        "gpn",
        "GPUs per node",
        Kind::Count,
        Unit::None,
    )
    .with_hint("default 0")
    .with_range(GPUS),
    entry_of(F::GpusPerNode, EMR, "igpu", "GPUs", Kind::Count, Unit::None)
        .with_name("Custom instance GPUs")
        .with_hint("the custom instance's")
        .shown_when(Shown::CustomInstance)
        .with_range(GPUS),
    entry_of(
        F::ExecutorGpus,
        EVERY,
        "egpu",
        keys::EXECUTOR_GPU_AMOUNT,
        Kind::Count,
        Unit::None,
    )
    .with_hint("default 0: no GPUs")
    .with_range(GPUS),
    entry_of(
        F::TaskGpus,
        EVERY,
        "tgpu",
        keys::TASK_GPU_AMOUNT,
        Kind::Decimal,
        Unit::None,
    )
    .with_hint("0.25: four tasks share a GPU")
    .with_range(Range::real(0.0, false, GPUS_MAX, false)),
];

const VERSIONS: Kind = Kind::Choice(&[("4.0", "4.0"), ("3.5", "3.5")]);
const APPLICATIONS: Kind = Kind::Choice(&[
    ("jvm", "JVM (Scala/Java)"),
    ("python", "Python"),
    ("r", "R"),
]);

/// `m`'s fields in the page form's order: each group under its legend or fold title (the
/// form's fieldsets and folded sections, top to bottom, then YARN's method switch above the
/// headline; `--fields` of the command line lists them so), in the parts the form writes
/// (YARN's hardware is split by its NodeManager mode switch). The page builds its form from
/// the same lists ([`form`]).
pub fn form_groups(m: ClusterManager) -> &'static [FormGroup] {
    match m {
        Yarn => YARN_FORM,
        Kubernetes => KUBERNETES_FORM,
        Emr => EMR_FORM,
    }
}

/// A group of the form: its legend or fold title, and its fields in the parts the form writes.
pub type FormGroup = (&'static str, &'static [&'static [FieldId]]);

/// The form's lists of fields, one per part of a fieldset or fold: the page writes each where
/// its layout puts it, the command line lists them under their group's title.
pub mod form {
    use super::FieldId as F;
    use super::FieldId;

    /// YARN: the nodes, their cores and memory.
    pub const YARN_HARDWARE: &[FieldId] = &[F::Nodes, F::CoresPerNode, F::MemoryPerNode];
    /// YARN: what the NodeManager gets of a node (after its mode switch).
    pub const YARN_SHARE: &[FieldId] = &[
        F::ReservedCores,
        F::ReservedMemory,
        F::NodeManagerMemory,
        F::NodeManagerVcores,
    ];
    /// YARN: the sizing policy.
    pub const YARN_POLICY: &[FieldId] = &[
        F::CoresPerExecutor,
        F::TaskCpus,
        F::MemoryTarget,
        F::Granularity,
        F::ClusterShare,
        F::KeepCompressedOops,
    ];
    /// YARN: Spark's settings.
    pub const YARN_SPARK: &[FieldId] = &[
        F::SparkVersion,
        F::DeployMode,
        F::AppType,
        F::DriverMemory,
        F::DriverCores,
        F::DriverOverhead,
        F::DriverOverheadFactor,
        F::DriverOverheadMinimum,
        F::AmMemory,
        F::AmCores,
        F::AmOverhead,
        F::OverheadFactor,
        F::OverheadMinimum,
        F::ExecutorOverhead,
        F::OffHeapEnabled,
        F::OffHeapSize,
        F::PysparkMemory,
        F::MemoryFraction,
        F::StorageFraction,
    ];
    /// YARN: the scheduler's settings (after its maximum-allocation mode switch).
    pub const YARN_SCHEDULER: &[FieldId] = &[
        F::MinimumAllocation,
        F::Increment,
        F::Calculator,
        F::MaximumAllocationMemory,
        F::MaximumAllocationVcores,
    ];
    /// Kubernetes: the nodes.
    pub const K8S_NODES: &[FieldId] = &[
        F::Provider,
        F::NodeType,
        F::Nodes,
        F::MaxPods,
        F::ReportedMemory,
        F::NodeCpu,
        F::NodeMemory,
        F::KubeReservedCpu,
        F::KubeReservedMemory,
        F::DaemonsetCpu,
        F::DaemonsetMemory,
    ];
    /// Kubernetes: the executor pods.
    pub const K8S_EXECUTORS: &[FieldId] = &[
        F::ExecutorInstances,
        F::CoresPerExecutor,
        F::ExecutorMemory,
        F::ExecutorCpuRequest,
        F::ExecutorCpuLimit,
        F::TaskCpus,
    ];
    /// Kubernetes: Spark's settings.
    pub const K8S_SPARK: &[FieldId] = &[
        F::SparkVersion,
        F::DeployMode,
        F::AppType,
        F::OverheadFactor,
        F::K8sOverheadFactor,
        F::OverheadMinimum,
        F::ExecutorOverhead,
        F::OffHeapEnabled,
        F::OffHeapSize,
        F::PysparkMemory,
        F::DriverMemory,
        F::DriverCores,
        F::DriverCpuRequest,
        F::DriverCpuLimit,
        F::DriverOverhead,
        F::DriverOverheadFactor,
        F::DriverOverheadMinimum,
    ];
    /// EMR: the cluster.
    pub const EMR_CLUSTER: &[FieldId] = &[
        F::InstanceType,
        F::InstanceVcpus,
        F::InstanceMemory,
        F::InstanceYarnMemory,
        F::Nodes,
        F::MasterInstanceType,
        F::MaximizeResourceAllocation,
        F::HeterogeneousExecutors,
        F::Calculator,
    ];
    /// EMR: the executors and the driver.
    pub const EMR_EXECUTORS: &[FieldId] = &[
        F::ExecutorInstances,
        F::CoresPerExecutor,
        F::TaskCpus,
        F::ExecutorMemory,
        F::OverheadFactor,
        F::ExecutorOverhead,
        F::ExecutorMaxCores,
        F::ExecutorMaxMemory,
        F::DynamicAllocation,
        F::DeployMode,
        F::DriverMemory,
        F::DriverCores,
        F::DriverOverhead,
        F::AmMemory,
        F::AmCores,
        F::AmOverhead,
    ];
    /// The driver's load (guidance only), the same on every form.
    pub const DRIVER: &[FieldId] = &[
        F::ConcurrentJobs,
        F::CollectedResults,
        F::MaxResultSize,
        F::EdgeNodeMemory,
        F::EdgeNodeCores,
    ];
    /// The workload (checks only), the same on every form.
    pub const WORKLOAD: &[FieldId] = &[
        F::InputDataSize,
        F::InputSplitSize,
        F::InputFiles,
        F::InputSplittable,
        F::DefaultParallelism,
        F::ShuffleDataSize,
        F::LargestTaskInput,
        F::SkewFactor,
        F::BroadcastTableSize,
    ];
    /// GPUs, the same on every form (EMR's per node only for a custom instance).
    pub const GPUS: &[FieldId] = &[F::GpusPerNode, F::ExecutorGpus, F::TaskGpus];
    /// Dynamic allocation.
    pub const ALLOCATION: &[FieldId] = &[
        F::DynamicAllocation,
        F::MinExecutors,
        F::InitialExecutors,
        F::MaxExecutors,
        F::ExecutorIdleTimeout,
        F::SchedulerBacklogTimeout,
        F::ShuffleKeeping,
    ];
    /// [`ALLOCATION`] without the switch, its first field (EMR's is among its executor
    /// settings).
    pub const ALLOCATION_SETTINGS: &[FieldId] = ALLOCATION.split_at(1).1;
}

/// YARN's form, then its method switch above the headline.
const YARN_FORM: &[FormGroup] = &[
    ("Cluster hardware", &[form::YARN_HARDWARE, form::YARN_SHARE]),
    ("Sizing policy", &[form::YARN_POLICY]),
    ("Spark", &[form::YARN_SPARK]),
    ("YARN scheduler", &[form::YARN_SCHEDULER]),
    ("GPUs", &[form::GPUS]),
    ("Driver load", &[form::DRIVER]),
    ("Workload", &[form::WORKLOAD]),
    ("Dynamic allocation", &[form::ALLOCATION]),
    // Not in the form: the switch above the headline.
    ("Method for the headline", &[&[F::Method]]),
];

const KUBERNETES_FORM: &[FormGroup] = &[
    ("Nodes", &[form::K8S_NODES]),
    ("Executors", &[form::K8S_EXECUTORS]),
    ("Spark", &[form::K8S_SPARK]),
    ("GPUs", &[form::GPUS]),
    ("Driver load", &[form::DRIVER]),
    ("Workload", &[form::WORKLOAD]),
    ("Dynamic allocation", &[form::ALLOCATION]),
];

const EMR_FORM: &[FormGroup] = &[
    ("EMR cluster", &[form::EMR_CLUSTER]),
    ("Executors and driver", &[form::EMR_EXECUTORS]),
    ("GPUs", &[form::GPUS]),
    ("Driver load", &[form::DRIVER]),
    ("Workload", &[form::WORKLOAD]),
    ("Dynamic allocation", &[form::ALLOCATION_SETTINGS]),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prose_groups_numbers_from_ten_thousand_but_not_spark_syntax() {
        let thin = '\u{202f}';
        assert_eq!(
            crate::format::in_text("64512 MiB ÷ 3 = 21504 MiB; 1024 MiB; 1234567 slots"),
            format!("64{thin}512 MiB ÷ 3 = 21{thin}504 MiB; 1024 MiB; 1{thin}234{thin}567 slots")
        );
        for plain in [
            "spark.executor.memory=21504m",
            "103478m heap",
            "CPU 15890m",
            "0.18750000",
            "r5.12345xlarge",
            "\"Required executor memory (19456 MB)\"",
            "id 012345",
        ] {
            assert_eq!(crate::format::in_text(plain), plain);
        }
        assert_eq!(
            crate::format::in_text("12345.5 GiB"),
            format!("12{thin}345.5 GiB")
        );
    }

    #[test]
    fn counts_say_one_executor() {
        assert_eq!(crate::format::counted(1, "executor"), "1 executor");
        assert_eq!(crate::format::counted(0, "executor"), "0 executors");
        assert_eq!(crate::format::counted(1499, "executor"), "1499 executors");
        assert_eq!(
            crate::format::counted(21_504, "core"),
            "21\u{202f}504 cores"
        );
    }

    #[test]
    fn keys_are_unique_per_manager_and_ids_keep_one_unit() {
        for m in ClusterManager::ALL {
            let keys: Vec<&str> = entries(m).map(|e| e.key).collect();
            for (i, k) in keys.iter().enumerate() {
                assert!(!keys[..i].contains(k), "{} has {k} twice", m.as_str());
            }
            let ids: Vec<FieldId> = entries(m).map(|e| e.id).collect();
            for (i, id) in ids.iter().enumerate() {
                assert!(!ids[..i].contains(id), "{} has {id:?} twice", m.as_str());
            }
        }
        for e in all_entries() {
            assert_eq!(e.unit, e.id.unit(), "{:?}", e.id);
            assert!(!e.managers.is_empty(), "{:?}", e.id);
        }
    }

    #[test]
    fn ranges_read_in_human_units() {
        assert_eq!(MIB_SETTING.describe(Unit::MiB), "1 MiB to 64 TiB");
        assert_eq!(
            Range::whole(1, limits::MAX_NODES as u64).describe(Unit::None),
            "1 to 100\u{202f}000"
        );
        assert_eq!(Unit::MiB.format_whole(21_505), "21\u{202f}505 MiB");
        assert_eq!(
            Unit::Millicores.format_whole(99_999_500),
            "99\u{202f}999.5 CPU"
        );
        assert_eq!(
            FieldId::MemoryPerNode.range().describe(Unit::GiB),
            "more than 0 GiB up to 64 TiB"
        );
        assert_eq!(
            FieldId::StorageFraction.range().describe(Unit::None),
            "from 0 up to less than 1"
        );
        assert_eq!(
            Range::whole(500, 4_096_000).describe(Unit::Millicores),
            "0.5 CPU to 4096 CPU"
        );
        assert_eq!(
            entry(Kubernetes, F::OverheadFactor)
                .unwrap()
                .range
                .describe(Unit::None),
            "more than 0"
        );
        assert!(FieldId::Nodes.range().allows_whole(100_000));
        assert!(!FieldId::Nodes.range().allows_whole(0));
        assert!(!FieldId::StorageFraction.range().allows_real(1.0));
        assert!(!FieldId::OverheadFactor.range().allows_real(f64::NAN));
    }

    #[test]
    fn names_stand_alone_and_units_follow_the_kind() {
        assert_eq!(
            FieldId::ReservedCores.label(),
            "Cores reserved for OS and daemons"
        );
        assert_eq!(FieldId::ExecutorMemory.label(), "spark.executor.memory");
        assert_eq!(entry(Emr, F::Nodes).unwrap().name, "Core nodes");
        assert_eq!(entry(Yarn, F::MemoryTarget).unwrap().unit_text(), "GiB");
        assert_eq!(entry(Yarn, F::MemoryPerNode).unwrap().unit_text(), "GiB");
        assert_eq!(entry(Kubernetes, F::NodeMemory).unwrap().unit_text(), "GiB");
        assert_eq!(entry(Yarn, F::DriverMemory).unwrap().unit_text(), "");
        assert_eq!(
            entry(Yarn, F::DriverMemory).unwrap().bare_hint(),
            "MiB if no unit"
        );
        assert_eq!(
            entry(Kubernetes, F::OffHeapSize).unwrap().bare_hint(),
            "bytes if no unit"
        );
        // Every memory field says what a number alone means: its unit after the box, or the
        // Spark-style hint.
        for e in all_entries() {
            if matches!(e.kind, Kind::Memory | Kind::SparkMemory) {
                assert!(
                    !(e.unit_text().is_empty() && e.bare_hint().is_empty()),
                    "{}",
                    e.key
                );
            }
        }
        assert_eq!(
            entry(Kubernetes, F::KubeReservedMemory)
                .unwrap()
                .unit_text(),
            "MiB"
        );
        assert_eq!(entry(Kubernetes, F::NodeCpu).unwrap().unit_text(), "CPU");
        assert_eq!(key(Emr, F::ExecutorCpuRequest), "");
        assert_eq!(ClusterManager::parse("k8s"), Some(Kubernetes));
        assert_eq!(ClusterManager::parse("mesos"), None);
    }
}
