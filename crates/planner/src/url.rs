//! The URL codec: every input as a short, stable query-string key, values at their defaults
//! omitted, and a schema version key, so an address always reproduces a plan exactly.
//!
//! Schema version 1 keys (memory in MiB unless noted; values are read with [`crate::text`], so
//! `m=64GB` and `dm=2g` work too):
//!
//! | key | input | key | input |
//! |---|---|---|---|
//! | `v` | schema version (1) | `sv` | Spark version `3.5` / `4.0` |
//! | `n` | nodes | `mode` | `cluster` / `client` |
//! | `c` | cores per node | `app` | `jvm` / `python` / `r` |
//! | `m` | memory per node, GiB | `dm`, `dc` | driver memory, cores |
//! | `rc`, `rm` | reserved cores, memory (GiB) | `amm`, `amc` | client-mode AM memory, cores |
//! | `nmm`, `nmv` | NodeManager memory-mb, vcores (instead of a reservation) | `of` | overhead factor |
//! | `amin` | minimum allocation MB | `omin` | minimum overhead (4.0) |
//! | `ainc` | Fair scheduler increment MB | `ovh` | explicit executor overhead |
//! | `amax`, `vmax` | maximum allocation MB, vcores (default: the NodeManager's) | `off`, `offs` | off-heap on (`1`), size |
//! | `calc` | `dominant` / `default` | `py` | pyspark memory |
//! | `dovh`, `dof`, `domin` | driver overhead, its factor, its minimum (cluster mode: the AM) | | |
//! | `meth` | `exact` / `rule` | `mf`, `sf` | memory fraction, storage fraction |
//! | `cpe` | cores per executor | `tgt` | memory target per executor |
//! | `gran` | `gib` / `mib` | `share` | cluster share, percent |
//! | `tc` | `spark.task.cpus` (default 1) | `jobs` | jobs run at once (driver guidance) |
//! | `col` | results collected to the driver (optional) | `mrs` | `spark.driver.maxResultSize` (`0`: unlimited) |
//! | `egm`, `egc` | client mode: edge node memory, cores free for drivers (optional) | | |
//!
//! Every manager also takes the workload (optional; checks only) and dynamic allocation:
//! `win` input data, `wsplit` `spark.sql.files.maxPartitionBytes` (default 128), `wsh` shuffle
//! data of the largest stage, `wtask` the largest task's input, `wskew` skew factor, `wbc` table
//! to broadcast (sizes in MiB); `dyn` dynamic allocation (`1` on; YARN and Kubernetes default
//! off, EMR on), `damin`, `dainit`, `damax` min/initial/max executors (`dainit`, `damax` empty:
//! unset), `daidle`, `dabl` idle and backlog timeouts in seconds, `dash` how shuffle files
//! outlive removed executors (`tracking`, `service`, `decommission`, `none`).
//!
//! `cm=k8s` selects the Kubernetes keys (CPU quantities as Kubernetes writes them: `2`, `0.5`,
//! `500m`); links without `cm` are YARN links:
//!
//! | key | input | key | input |
//! |---|---|---|---|
//! | `n` | nodes | `cnt` | executors, or `max` for as many as fit |
//! | `kcpu`, `kmem` | CPU, memory capacity per node | `cpe`, `em` | executor cores, memory |
//! | `krcpu`, `krmem` | kube/system reserved CPU, memory (+ eviction) | `rq`, `lim` | executor CPU request, limit |
//! | `dscpu`, `dsmem` | daemonset CPU, memory per node | `tc` | `spark.task.cpus` |
//! | `sv`, `mode`, `app` | as for YARN | `kof`, `ovh` | overhead factor, explicit overhead |
//! | `kmof` | `spark.kubernetes.memoryOverheadFactor` (empty: unset) | | |
//! | `omin`, `domin` | executor, driver minimum overhead (4.0; empty: unset) | `jobs`, `col`, `mrs`, `egm`, `egc` | the driver's load, as for YARN |
//! | `off`, `offs`, `py` | as for YARN | `dm`, `dc`, `drq`, `dlim` | driver memory, cores, CPU request, limit |
//! | `kp` | `custom` / `eks` / `gke` / `aks` (links without it are custom) | `knt`, `kmp` | instance type, max pods per node |
//!
//! `cm=emr` selects the Amazon EMR keys:
//!
//! | key | input | key | input |
//! |---|---|---|---|
//! | `it` | core node instance type (`r5.4xlarge`) | `cnt`, `cpe`, `em` | executors requested, cores, memory |
//! | `mt` | master node instance type | `of` | `spark.yarn.executor.memoryOverheadFactor` |
//! | `n` | core nodes | `mxc`, `mxm` | `spark.executor.maxCores`, `maxMemory` |
//! | `max` | `maximizeResourceAllocation` (`1`) | `dyn` | dynamic allocation (`0` for off) |
//! | `het` | heterogeneous executors (`0` for off) | `mode`, `dm`, `dc`, `amm`, `amc` | as for YARN |
//! | `calc` | `dominant` / `default` | `ivc`, `imem`, `inm` | with `it=custom`: its vCPUs, memory (GiB), YARN memory (MiB) |
//! | `tc` | `spark.task.cpus` (default 1) | `jobs`, `col`, `mrs`, `egm`, `egc` | the driver's load, as for YARN |
//!
//! Every manager's link may also carry the trade-off explorer's view (not the scenario:
//! [`explorer_view_to_query`]): `xo=1` open, `xs` the column its table is sorted by, `-` first
//! for largest first (`xs=-executors`).

use crate::catalog::{self, ClusterManager, FieldId as F};
use crate::driver::DriverLoad;
use crate::dynamic_allocation::{DynamicAllocationSettings, ShuffleKeeping};
use crate::emr::{instance_type, EmrInput, InstanceType, CUSTOM};
use crate::explorer::{ExplorerView, SortColumn};
use crate::format;
use crate::input::{Field, MaximumAllocation, Method, NodeManagerResources, PlanInput};
use crate::k8s::{parse_cpu_millis, K8sInput};
use crate::place::ExecutorCount;
use crate::providers::Provider;
pub use crate::scenario::{ClusterManager as Manager, Scenario};
use crate::spark::{AppType, DeployMode, SparkVersion};
use crate::text::{
    check_length, format_real, parse_count, parse_count_u32, parse_factor, parse_mib,
    parse_percent, parse_size, SizeUnit, TextError,
};
use crate::warning::Diagnostic;
use crate::workload::Workload;
use crate::yarn::Calculator;
use crate::Granularity;

/// The schema version this codec writes.
pub const SCHEMA_VERSION: u32 = 1;

/// The key of the checked configuration's settings (`crate::check::link`'s compact value): not
/// part of the scenario, read by the page's Check section, and passed over here (not reported
/// as unknown) so that a link with a check opens its plan as any other.
pub const CHECK_KEY: &str = "ck";

/// Where one field's value is held in a scenario, and so how the codec writes and reads it: one
/// reader and one writer per kind of value, shared by every field of that kind on every
/// manager (a field's key is the catalog's; [`slot`] is the only per-field code: where the value
/// lives).
enum Slot<'a> {
    /// A whole number.
    Count(&'a mut u32),
    /// A whole number; empty text unsets it.
    OptionalCount(&'a mut Option<u32>),
    /// MiB (`2g`, `512m`, `2048`).
    Mib(&'a mut u64),
    /// MiB; empty text unsets it.
    OptionalMib(&'a mut Option<u64>),
    /// MiB, unset until given: empty text is refused (YARN's increment, explicit overheads,
    /// memory target).
    SetMib(&'a mut Option<u64>),
    /// GiB with decimals (`64`, `63.5`, `64 GB`).
    Gib(&'a mut f64),
    /// A whole number of GiB (a custom EMR instance's memory).
    WholeGib(&'a mut u32),
    /// A decimal factor.
    Factor(&'a mut f64),
    /// A decimal factor; empty text unsets it.
    OptionalFactor(&'a mut Option<f64>),
    /// A percentage.
    Percent(&'a mut f64),
    /// On (`1`, `true`) or off (`0`, `false`).
    Bit(&'a mut bool),
    /// A Kubernetes CPU quantity held in millicores.
    Cpu(&'a mut u64),
    /// A Kubernetes CPU quantity kept as typed; empty text unsets it.
    OptionalCpu(&'a mut Option<String>),
    /// Whole seconds.
    Seconds(&'a mut u64),
    /// Free text; empty text unsets it.
    OptionalText(&'a mut Option<String>),
    /// A number of executors, or `max`.
    ExecutorCount(&'a mut ExecutorCount),
    /// An EC2 instance type by name; `custom` too when the flag says so.
    Instance(&'a mut InstanceType, bool),
    /// One of a few named values.
    Choice(&'a mut dyn Choice),
    /// A task's share of a resource (`0.25`), held in units of
    /// `10^-resources::TASK_AMOUNT_SCALE` as Spark's decimal reads; `0`: none.
    TaskAmount(&'a mut u64),
    /// A value that does not apply in the scenario's current state (an OS reservation's cores
    /// beside explicit NodeManager resources): not written.
    Absent,
}

impl Slot<'_> {
    /// The value's canonical text (`None` when it is unset or does not apply).
    fn text(&self) -> Option<String> {
        match self {
            Slot::Count(v) | Slot::WholeGib(v) => Some(v.to_string()),
            Slot::OptionalCount(v) => v.map(|v| v.to_string()),
            Slot::Mib(v) | Slot::Seconds(v) => Some(v.to_string()),
            Slot::OptionalMib(v) | Slot::SetMib(v) => v.map(|v| v.to_string()),
            Slot::Gib(v) | Slot::Factor(v) | Slot::Percent(v) => Some(format_real(**v)),
            Slot::OptionalFactor(v) => v.map(format_real),
            Slot::Bit(v) => Some(if **v { "1" } else { "0" }.into()),
            Slot::Cpu(v) => Some(format::cpu_quantity(**v)),
            Slot::OptionalCpu(v) | Slot::OptionalText(v) => (*v).clone(),
            Slot::ExecutorCount(v) => Some(match v {
                ExecutorCount::Exactly(n) => n.to_string(),
                ExecutorCount::AsManyAsFit => "max".into(),
            }),
            Slot::Instance(v, _) => Some(v.name()),
            Slot::Choice(v) => Some(v.text().into()),
            Slot::TaskAmount(v) => Some(crate::resources::amount_words(**v)),
            Slot::Absent => None,
        }
    }

    /// Reads `text` (trimmed) into the value; on an error the value is left as it was.
    fn read(self, text: &str) -> Result<(), TextError> {
        match self {
            Slot::Count(v) => *v = parse_count_u32(text)?,
            Slot::OptionalCount(v) => *v = optional(text, parse_count_u32)?,
            Slot::Mib(v) => *v = parse_mib(text)?,
            Slot::OptionalMib(v) => *v = optional(text, parse_mib)?,
            Slot::SetMib(v) => *v = Some(parse_mib(text)?),
            Slot::Gib(v) => *v = parse_size(text, SizeUnit::GiB)?,
            Slot::WholeGib(v) => *v = parse_whole_gib(text)?,
            Slot::Factor(v) => *v = parse_factor(text)?,
            Slot::OptionalFactor(v) => *v = optional(text, parse_factor)?,
            Slot::Percent(v) => *v = parse_percent(text)?,
            Slot::Bit(v) => *v = on_off(text)?,
            Slot::Cpu(v) => *v = parse_cpu(text)?,
            Slot::OptionalCpu(v) => *v = optional(text, |t| parse_cpu(t).map(|_| t.to_string()))?,
            Slot::Seconds(v) => *v = parse_seconds(text)?,
            Slot::OptionalText(v) => *v = (!text.is_empty()).then(|| text.to_string()),
            Slot::ExecutorCount(v) => *v = parse_executor_count(text)?,
            Slot::Instance(v, custom) => *v = parse_instance(text, v, custom)?,
            Slot::Choice(v) => {
                if !v.read(text) {
                    return Err(choice(text, v.expected()));
                }
            }
            Slot::TaskAmount(v) => *v = parse_task_amount(text)?,
            Slot::Absent => {}
        }
        Ok(())
    }
}

/// A value named by a word in links (`calc=dominant`).
trait Choice {
    /// The word of the current value.
    fn text(&self) -> &'static str;
    /// Sets the value a word names; `false` (and no change) for any other word.
    fn read(&mut self, text: &str) -> bool;
    /// The words accepted, for the message.
    fn expected(&self) -> &'static str;
}

/// Implements [`Choice`] from a table of (word, value).
macro_rules! choice_words {
    ($type:ty, $expected:literal, [$(($word:literal, $value:path)),+ $(,)?]) => {
        impl Choice for $type {
            fn text(&self) -> &'static str {
                match self {
                    $($value => $word,)+
                }
            }
            fn read(&mut self, text: &str) -> bool {
                match text {
                    $($word => *self = $value,)+
                    _ => return false,
                }
                true
            }
            fn expected(&self) -> &'static str {
                $expected
            }
        }
    };
}

choice_words!(
    Calculator,
    "dominant or default",
    [
        ("dominant", Calculator::Dominant),
        ("default", Calculator::Default),
    ]
);
choice_words!(
    DeployMode,
    "cluster or client",
    [
        ("cluster", DeployMode::Cluster),
        ("client", DeployMode::Client),
    ]
);
choice_words!(
    AppType,
    "jvm, python or r",
    [
        ("jvm", AppType::Jvm),
        ("python", AppType::Python),
        ("r", AppType::R),
    ]
);
choice_words!(
    Method,
    "exact or rule",
    [("exact", Method::SparkExact), ("rule", Method::RuleOfThumb),]
);
choice_words!(
    Granularity,
    "gib or mib",
    [("gib", Granularity::Gib), ("mib", Granularity::Mib),]
);

/// Implements [`Choice`] with a type's own `as_str` and `parse`.
macro_rules! choice_parsed {
    ($type:ty, $expected:literal) => {
        impl Choice for $type {
            fn text(&self) -> &'static str {
                self.as_str()
            }
            fn read(&mut self, text: &str) -> bool {
                <$type>::parse(text).map(|v| *self = v).is_some()
            }
            fn expected(&self) -> &'static str {
                $expected
            }
        }
    };
}

choice_parsed!(SparkVersion, "3.5 or 4.0");
choice_parsed!(ShuffleKeeping, "tracking, service, decommission or none");
choice_parsed!(Provider, "custom, eks, gke or aks");

/// The slot of field `id` in `s`. `writing`: the value is about to be read from text, so a
/// field that belongs to one state of an input (an OS reservation, explicit NodeManager
/// resources, an explicit maximum allocation, a custom EMR instance) switches the input to
/// that state first, keeping its other values; when only reading, such a field is
/// [`Slot::Absent`] unless the input is in that state.
/// A task amount of a resource (`0.25`, `1`, `0`), read as Spark reads the decimal (a
/// `Double`): the units of the `f64` typed, at most 9 decimals.
fn parse_task_amount(text: &str) -> Result<u64, TextError> {
    let v = crate::text::parse_real(text)?;
    crate::fixed::units_of(v, crate::resources::TASK_AMOUNT_SCALE).ok_or_else(|| TextError {
        text: text.to_string(),
        expected: "a number of at most 9 decimals, such as 0.25",
    })
}

fn slot(s: &mut Scenario, id: F, writing: bool) -> Slot<'_> {
    match s {
        Scenario::Yarn(i) => yarn_slot(i, id, writing),
        Scenario::Kubernetes(i) => k8s_slot(i, id),
        Scenario::Emr(i) => emr_slot(i, id, writing),
    }
}

/// The fields every manager holds alike (the driver's load, the workload, dynamic allocation).
fn shared_slot<'a>(
    load: &'a mut DriverLoad,
    work: &'a mut Workload,
    dynamic: &'a mut bool,
    allocation: &'a mut DynamicAllocationSettings,
    id: F,
) -> Slot<'a> {
    match id {
        F::ConcurrentJobs => Slot::Count(&mut load.concurrent_jobs),
        F::CollectedResults => Slot::OptionalMib(&mut load.collected_mib),
        F::MaxResultSize => Slot::Mib(&mut load.max_result_size_mib),
        F::EdgeNodeMemory => Slot::OptionalMib(&mut load.edge_memory_mib),
        F::EdgeNodeCores => Slot::OptionalCount(&mut load.edge_cores),
        F::InputDataSize => Slot::OptionalMib(&mut work.input_mib),
        F::InputSplitSize => Slot::Mib(&mut work.split_mib),
        F::InputFiles => Slot::OptionalCount(&mut work.files),
        F::InputSplittable => Slot::Bit(&mut work.splittable),
        F::DefaultParallelism => Slot::OptionalCount(&mut work.default_parallelism),
        F::ShuffleDataSize => Slot::OptionalMib(&mut work.shuffle_mib),
        F::LargestTaskInput => Slot::OptionalMib(&mut work.largest_task_mib),
        F::SkewFactor => Slot::OptionalFactor(&mut work.skew_factor),
        F::BroadcastTableSize => Slot::OptionalMib(&mut work.broadcast_mib),
        F::DynamicAllocation => Slot::Bit(dynamic),
        F::MinExecutors => Slot::Count(&mut allocation.min_executors),
        F::InitialExecutors => Slot::OptionalCount(&mut allocation.initial_executors),
        F::MaxExecutors => Slot::OptionalCount(&mut allocation.max_executors),
        F::ExecutorIdleTimeout => Slot::Seconds(&mut allocation.idle_timeout_s),
        F::SchedulerBacklogTimeout => Slot::Seconds(&mut allocation.backlog_timeout_s),
        F::ShuffleKeeping => Slot::Choice(&mut allocation.shuffle),
        _ => Slot::Absent,
    }
}

fn yarn_slot(i: &mut PlanInput, id: F, writing: bool) -> Slot<'_> {
    let spark = &mut i.spark;
    match id {
        F::Nodes => Slot::Count(&mut i.cluster.nodes),
        F::CoresPerNode => Slot::Count(&mut i.cluster.cores_per_node),
        F::MemoryPerNode => Slot::Gib(&mut i.cluster.memory_per_node_gib),
        F::ReservedCores | F::ReservedMemory | F::NodeManagerMemory | F::NodeManagerVcores => {
            node_manager_slot(&mut i.cluster.yarn_resources, id, writing)
        }
        F::MinimumAllocation => Slot::Mib(&mut i.scheduler.minimum_allocation_mb),
        F::Increment => Slot::SetMib(&mut i.scheduler.increment_mb),
        F::MaximumAllocationMemory | F::MaximumAllocationVcores => {
            maximum_allocation_slot(&mut i.scheduler.maximum_allocation, id, writing)
        }
        F::Calculator => Slot::Choice(&mut i.scheduler.calculator),
        F::SparkVersion => Slot::Choice(&mut spark.version),
        F::DeployMode => Slot::Choice(&mut spark.deploy_mode),
        F::AppType => Slot::Choice(&mut spark.app_type),
        F::DriverMemory => Slot::Mib(&mut spark.driver_memory_mib),
        F::DriverCores => Slot::Count(&mut spark.driver_cores),
        F::AmMemory => Slot::Mib(&mut spark.am_memory_mib),
        F::AmCores => Slot::Count(&mut spark.am_cores),
        F::AmOverhead => Slot::OptionalMib(&mut spark.am_overhead_mib),
        F::OverheadFactor => Slot::Factor(&mut spark.overhead_factor),
        F::OverheadMinimum => Slot::Mib(&mut spark.overhead_minimum_mib),
        F::ExecutorOverhead => Slot::SetMib(&mut spark.executor_overhead_mib),
        F::DriverOverhead => Slot::SetMib(&mut spark.driver_overhead_mib),
        F::DriverOverheadFactor => Slot::Factor(&mut spark.driver_overhead_factor),
        F::DriverOverheadMinimum => Slot::Mib(&mut spark.driver_overhead_minimum_mib),
        F::OffHeapEnabled => Slot::Bit(&mut spark.offheap.enabled),
        F::OffHeapSize => Slot::Mib(&mut spark.offheap.size_mib),
        F::PysparkMemory => Slot::Mib(&mut spark.pyspark_memory_mib),
        F::MemoryFraction => Slot::Factor(&mut spark.memory_fraction),
        F::StorageFraction => Slot::Factor(&mut spark.storage_fraction),
        F::TaskCpus => Slot::Count(&mut spark.task_cpus),
        F::Method => Slot::Choice(&mut i.policy.method),
        F::CoresPerExecutor => Slot::Count(&mut i.policy.cores_per_executor),
        F::MemoryTarget => Slot::SetMib(&mut i.policy.memory_target_mib),
        F::Granularity => Slot::Choice(&mut i.policy.granularity),
        F::ClusterShare => Slot::Percent(&mut i.policy.cluster_share_pct),
        F::KeepCompressedOops => Slot::Bit(&mut i.policy.keep_compressed_oops),
        F::GpusPerNode => Slot::Count(&mut i.cluster.gpus_per_node),
        F::ExecutorGpus => Slot::Count(&mut spark.gpus.executor),
        F::TaskGpus => Slot::TaskAmount(&mut spark.gpus.task),
        _ => shared_slot(
            &mut spark.driver_load,
            &mut spark.workload,
            &mut spark.dynamic_allocation,
            &mut spark.dynamic_allocation_settings,
            id,
        ),
    }
}

/// An OS reservation's cores and memory, or explicit NodeManager resources: a link sets one or
/// the other; switching keeps nothing of the other (a reservation starts at 1 core and 1 GiB,
/// explicit resources at 64 512 MiB and 15 vcores).
fn node_manager_slot(r: &mut NodeManagerResources, id: F, writing: bool) -> Slot<'_> {
    let reserve = matches!(id, F::ReservedCores | F::ReservedMemory);
    match r {
        NodeManagerResources::Reserve { .. } if !reserve && writing => {
            *r = NodeManagerResources::Explicit {
                memory_mb: 64512,
                vcores: 15,
            };
        }
        NodeManagerResources::Explicit { .. } if reserve && writing => {
            *r = NodeManagerResources::Reserve {
                cores: 1,
                memory_gib: 1.0,
            };
        }
        _ => {}
    }
    match (r, id) {
        (NodeManagerResources::Reserve { cores, .. }, F::ReservedCores) => Slot::Count(cores),
        (NodeManagerResources::Reserve { memory_gib, .. }, F::ReservedMemory) => {
            Slot::Gib(memory_gib)
        }
        (NodeManagerResources::Explicit { memory_mb, .. }, F::NodeManagerMemory) => {
            Slot::Mib(memory_mb)
        }
        (NodeManagerResources::Explicit { vcores, .. }, F::NodeManagerVcores) => {
            Slot::Count(vcores)
        }
        _ => Slot::Absent,
    }
}

/// An explicit maximum allocation (the NodeManager's resources until a link sets one; the
/// first value set starts from 8 192 MiB and 4 vcores).
fn maximum_allocation_slot(m: &mut MaximumAllocation, id: F, writing: bool) -> Slot<'_> {
    if writing && *m == MaximumAllocation::NodeManager {
        *m = MaximumAllocation::Explicit {
            memory_mb: 8192,
            vcores: 4,
        };
    }
    match (m, id) {
        (MaximumAllocation::Explicit { memory_mb, .. }, F::MaximumAllocationMemory) => {
            Slot::Mib(memory_mb)
        }
        (MaximumAllocation::Explicit { vcores, .. }, F::MaximumAllocationVcores) => {
            Slot::Count(vcores)
        }
        _ => Slot::Absent,
    }
}

fn k8s_slot(i: &mut K8sInput, id: F) -> Slot<'_> {
    let (nodes, spark) = (&mut i.nodes, &mut i.spark);
    match id {
        F::Nodes => Slot::Count(&mut nodes.nodes),
        F::NodeCpu => Slot::Cpu(&mut nodes.capacity_cpu_millis),
        F::NodeMemory => Slot::Mib(&mut nodes.capacity_memory_mib),
        F::KubeReservedCpu => Slot::Cpu(&mut nodes.reserved_cpu_millis),
        F::KubeReservedMemory => Slot::Mib(&mut nodes.reserved_memory_mib),
        F::DaemonsetCpu => Slot::Cpu(&mut nodes.daemonset_cpu_millis),
        F::DaemonsetMemory => Slot::Mib(&mut nodes.daemonset_memory_mib),
        F::Provider => Slot::Choice(&mut nodes.managed.provider),
        F::NodeType => Slot::OptionalText(&mut nodes.managed.node_type),
        F::MaxPods => Slot::OptionalCount(&mut nodes.managed.max_pods),
        F::ReportedMemory => Slot::OptionalMib(&mut nodes.managed.reported_memory_mib),
        F::ExecutorInstances => Slot::ExecutorCount(&mut i.count),
        F::SparkVersion => Slot::Choice(&mut spark.version),
        F::DeployMode => Slot::Choice(&mut spark.deploy_mode),
        F::AppType => Slot::Choice(&mut spark.app_type),
        F::CoresPerExecutor => Slot::Count(&mut spark.executor_cores),
        F::ExecutorMemory => Slot::Mib(&mut spark.executor_memory_mib),
        F::ExecutorCpuRequest => Slot::OptionalCpu(&mut spark.request_cores),
        F::ExecutorCpuLimit => Slot::OptionalCpu(&mut spark.limit_cores),
        F::TaskCpus => Slot::Count(&mut spark.task_cpus),
        F::OverheadFactor => Slot::OptionalFactor(&mut spark.overhead_factor),
        F::K8sOverheadFactor => Slot::OptionalFactor(&mut spark.kubernetes_overhead_factor),
        F::ExecutorOverhead => Slot::OptionalMib(&mut spark.overhead_mib),
        F::OverheadMinimum => Slot::OptionalMib(&mut spark.executor_min_overhead_mib),
        F::DriverOverheadMinimum => Slot::OptionalMib(&mut spark.driver_min_overhead_mib),
        F::DriverOverhead => Slot::OptionalMib(&mut spark.driver_overhead_mib),
        F::DriverOverheadFactor => Slot::OptionalFactor(&mut spark.driver_overhead_factor),
        F::OffHeapEnabled => Slot::Bit(&mut spark.offheap.enabled),
        F::OffHeapSize => Slot::Mib(&mut spark.offheap.size_mib),
        F::PysparkMemory => Slot::Mib(&mut spark.pyspark_memory_mib),
        F::DriverMemory => Slot::Mib(&mut spark.driver_memory_mib),
        F::DriverCores => Slot::Count(&mut spark.driver_cores),
        F::DriverCpuRequest => Slot::OptionalCpu(&mut spark.driver_request_cores),
        F::DriverCpuLimit => Slot::OptionalCpu(&mut spark.driver_limit_cores),
        F::GpusPerNode => Slot::Count(&mut nodes.gpus_per_node),
        F::ExecutorGpus => Slot::Count(&mut spark.gpus.executor),
        F::TaskGpus => Slot::TaskAmount(&mut spark.gpus.task),
        _ => shared_slot(
            &mut spark.driver_load,
            &mut spark.workload,
            &mut spark.dynamic_allocation,
            &mut spark.dynamic_allocation_settings,
            id,
        ),
    }
}

fn emr_slot(i: &mut EmrInput, id: F, writing: bool) -> Slot<'_> {
    match id {
        F::InstanceType => Slot::Instance(&mut i.instance, true),
        // A custom instance's numbers: written only for a custom instance; setting one makes
        // the instance custom, keeping the other numbers.
        F::InstanceVcpus | F::InstanceMemory | F::InstanceYarnMemory | F::GpusPerNode => {
            if writing {
                i.instance = i.instance.as_custom();
            }
            let t = &mut i.instance;
            match id {
                _ if t.listed.is_some() => Slot::Absent,
                F::InstanceVcpus => Slot::Count(&mut t.vcpus),
                F::InstanceMemory => Slot::WholeGib(&mut t.memory_gib),
                F::GpusPerNode => Slot::Count(&mut t.gpus),
                _ => Slot::Mib(&mut t.nodemanager_mb),
            }
        }
        F::MasterInstanceType => Slot::Instance(&mut i.master, false),
        F::Nodes => Slot::Count(&mut i.core_nodes),
        F::MaximizeResourceAllocation => Slot::Bit(&mut i.maximize_resource_allocation),
        F::HeterogeneousExecutors => Slot::Bit(&mut i.heterogeneous_executors),
        F::ExecutorInstances => Slot::Count(&mut i.executors),
        F::ExecutorMemory => Slot::Mib(&mut i.executor_memory_mib),
        F::CoresPerExecutor => Slot::Count(&mut i.executor_cores),
        F::TaskCpus => Slot::Count(&mut i.task_cpus),
        F::OverheadFactor => Slot::Factor(&mut i.overhead_factor),
        F::ExecutorOverhead => Slot::OptionalMib(&mut i.executor_overhead_mib),
        F::DriverOverhead => Slot::OptionalMib(&mut i.driver_overhead_mib),
        F::ExecutorMaxCores => Slot::OptionalCount(&mut i.max_cores),
        F::ExecutorMaxMemory => Slot::OptionalMib(&mut i.max_memory_mib),
        F::DeployMode => Slot::Choice(&mut i.deploy_mode),
        F::DriverMemory => Slot::Mib(&mut i.driver_memory_mib),
        F::DriverCores => Slot::Count(&mut i.driver_cores),
        F::AmMemory => Slot::Mib(&mut i.am_memory_mib),
        F::AmCores => Slot::Count(&mut i.am_cores),
        F::AmOverhead => Slot::OptionalMib(&mut i.am_overhead_mib),
        F::Calculator => Slot::Choice(&mut i.calculator),
        F::ExecutorGpus => Slot::Count(&mut i.gpus.executor),
        F::TaskGpus => Slot::TaskAmount(&mut i.gpus.task),
        _ => shared_slot(
            &mut i.driver_load,
            &mut i.workload,
            &mut i.dynamic_allocation,
            &mut i.dynamic_allocation_settings,
            id,
        ),
    }
}

/// Schema v1's key order of each manager (links are written in it); a catalog field of the
/// manager that is not listed follows in catalog order.
const YARN_ORDER: &[F] = &[
    F::Nodes,
    F::CoresPerNode,
    F::MemoryPerNode,
    F::ReservedCores,
    F::ReservedMemory,
    F::NodeManagerMemory,
    F::NodeManagerVcores,
    F::MinimumAllocation,
    F::Increment,
    F::MaximumAllocationMemory,
    F::MaximumAllocationVcores,
    F::Calculator,
    F::SparkVersion,
    F::DeployMode,
    F::AppType,
    F::DriverMemory,
    F::DriverCores,
    F::AmMemory,
    F::AmCores,
    F::OverheadFactor,
    F::OverheadMinimum,
    F::ExecutorOverhead,
    F::DriverOverhead,
    F::DriverOverheadFactor,
    F::DriverOverheadMinimum,
    F::OffHeapEnabled,
    F::OffHeapSize,
    F::PysparkMemory,
    F::MemoryFraction,
    F::StorageFraction,
    F::Method,
    F::CoresPerExecutor,
    F::TaskCpus,
    F::MemoryTarget,
    F::Granularity,
    F::ClusterShare,
    F::ConcurrentJobs,
    F::CollectedResults,
    F::MaxResultSize,
    F::EdgeNodeMemory,
    F::EdgeNodeCores,
    F::InputDataSize,
    F::InputSplitSize,
    F::ShuffleDataSize,
    F::LargestTaskInput,
    F::SkewFactor,
    F::BroadcastTableSize,
    F::DynamicAllocation,
    F::MinExecutors,
    F::InitialExecutors,
    F::MaxExecutors,
    F::ExecutorIdleTimeout,
    F::SchedulerBacklogTimeout,
    F::ShuffleKeeping,
];

const K8S_ORDER: &[F] = &[
    F::Nodes,
    F::NodeCpu,
    F::NodeMemory,
    F::KubeReservedCpu,
    F::KubeReservedMemory,
    F::DaemonsetCpu,
    F::DaemonsetMemory,
    F::SparkVersion,
    F::DeployMode,
    F::AppType,
    F::ExecutorInstances,
    F::CoresPerExecutor,
    F::ExecutorMemory,
    F::ExecutorCpuRequest,
    F::ExecutorCpuLimit,
    F::TaskCpus,
    F::OverheadFactor,
    F::K8sOverheadFactor,
    F::ExecutorOverhead,
    F::OverheadMinimum,
    F::DriverOverheadMinimum,
    F::OffHeapEnabled,
    F::OffHeapSize,
    F::PysparkMemory,
    F::DriverMemory,
    F::DriverCores,
    F::DriverCpuRequest,
    F::DriverCpuLimit,
    F::Provider,
    F::NodeType,
    F::MaxPods,
    F::ConcurrentJobs,
    F::CollectedResults,
    F::MaxResultSize,
    F::EdgeNodeMemory,
    F::EdgeNodeCores,
    F::InputDataSize,
    F::InputSplitSize,
    F::ShuffleDataSize,
    F::LargestTaskInput,
    F::SkewFactor,
    F::BroadcastTableSize,
    F::DynamicAllocation,
    F::MinExecutors,
    F::InitialExecutors,
    F::MaxExecutors,
    F::ExecutorIdleTimeout,
    F::SchedulerBacklogTimeout,
    F::ShuffleKeeping,
];

const EMR_ORDER: &[F] = &[
    F::InstanceType,
    F::InstanceVcpus,
    F::InstanceMemory,
    F::InstanceYarnMemory,
    F::MasterInstanceType,
    F::Nodes,
    F::MaximizeResourceAllocation,
    F::HeterogeneousExecutors,
    F::ExecutorInstances,
    F::ExecutorMemory,
    F::CoresPerExecutor,
    F::TaskCpus,
    F::OverheadFactor,
    F::ExecutorOverhead,
    F::DriverOverhead,
    F::ExecutorMaxCores,
    F::ExecutorMaxMemory,
    F::DynamicAllocation,
    F::DeployMode,
    F::DriverMemory,
    F::DriverCores,
    F::AmMemory,
    F::AmCores,
    F::Calculator,
    F::ConcurrentJobs,
    F::CollectedResults,
    F::MaxResultSize,
    F::EdgeNodeMemory,
    F::EdgeNodeCores,
    F::InputDataSize,
    F::InputSplitSize,
    F::ShuffleDataSize,
    F::LargestTaskInput,
    F::SkewFactor,
    F::BroadcastTableSize,
    F::MinExecutors,
    F::InitialExecutors,
    F::MaxExecutors,
    F::ExecutorIdleTimeout,
    F::SchedulerBacklogTimeout,
    F::ShuffleKeeping,
];

/// `m`'s fields in link order: schema v1's order, then any other catalog field of `m` (a list
/// built by plain loops: smaller wasm modules than a chain of iterator adapters).
fn fields_in_order(m: Manager) -> Vec<F> {
    let order = match m {
        Manager::Yarn => YARN_ORDER,
        Manager::Kubernetes => K8S_ORDER,
        Manager::Emr => EMR_ORDER,
    };
    let mut fields = Vec::new();
    for id in order {
        if catalog::entry(m, *id).is_some() {
            fields.push(*id);
        }
    }
    for e in catalog::entries(m) {
        if !order.contains(&e.id) {
            fields.push(e.id);
        }
    }
    fields
}

/// The field behind `key` in `m`'s links.
fn field_by_key(m: Manager, key: &str) -> Option<F> {
    catalog::entry_by_key(m, key).map(|e| e.id)
}

/// Appends `&key=value` for every value of `s` that differs from its manager's defaults.
fn encode(s: &Scenario, out: &mut String) {
    let m = s.manager();
    let (mut s, mut defaults) = (s.clone(), Scenario::default_for(m));
    for id in fields_in_order(m) {
        let text = slot(&mut s, id, false).text();
        // No GPUs are never written (`gpn`, EMR's custom instance's `igpu`): a link of a plan
        // without GPUs is what it was before GPUs were planned.
        let no_gpus = id == F::GpusPerNode && text.as_deref() == Some("0");
        if let Some(v) =
            text.filter(|v| !no_gpus && Some(v) != slot(&mut defaults, id, false).text().as_ref())
        {
            out.push('&');
            out.push_str(catalog::key(m, id));
            out.push('=');
            out.push_str(&encode_component(&v));
        }
    }
}

/// Sets `key` from `text`; `None` when `s`'s schema has no such key. A text longer than
/// [`crate::text::MAX_TEXT_CHARS`] is refused before it is read; a value that cannot be read
/// leaves `s` as it was.
fn apply_key(key: &str, s: &mut Scenario, text: &str) -> Option<(F, Result<(), TextError>)> {
    let id = field_by_key(s.manager(), key)?;
    let mut changed = s.clone();
    let read = check_length(text).and_then(|()| slot(&mut changed, id, true).read(text.trim()));
    if read.is_ok() {
        *s = changed;
    }
    Some((id, read))
}

/// Reads every pair of `query` into `s`; `cm` is left to the caller. Returns the version, the
/// unknown keys and the unreadable values; a key given twice is read in order (the last value
/// stands) and listed in `repeated`.
fn decode(query: &str, s: &mut Scenario, repeated: &mut Vec<String>) -> Decoding {
    let (mut version, mut unknown, mut bad) = (None, Vec::new(), Vec::new());
    let mut seen: Vec<String> = Vec::new();
    for (k, v) in pairs(query) {
        if seen.contains(&k) && !repeated.contains(&k) {
            repeated.push(k.clone());
        }
        seen.push(k.clone());
        if page_key_error(&k, &v).is_some() {
            continue;
        }
        if k == "v" {
            match parse_count(&v) {
                Ok(n) => version = Some(u32::try_from(n).unwrap_or(u32::MAX)),
                Err(error) => bad.push(BadParam {
                    key: k,
                    field: None,
                    error: check_length(&v).err().unwrap_or(error),
                }),
            }
            continue;
        }
        match apply_key(&k, s, &v) {
            Some((field, Err(error))) => bad.push(BadParam {
                key: k,
                field: Some(field),
                error,
            }),
            Some((_, Ok(()))) => {}
            None => unknown.push(k),
        }
    }
    (version, unknown, bad)
}

/// The explorer's view as link keys, each with its leading `&`, defaults omitted: `&xo=1` when
/// open, `&xs=heap` or `&xs=-heap` (descending) unless sorted by cores, fewest first.
///
/// ```
/// use planner::explorer::{ExplorerView, SortColumn};
/// use planner::url::{explorer_view_from_query, explorer_view_to_query};
///
/// let view = ExplorerView { open: true, sort: SortColumn::Executors, descending: true };
/// assert_eq!(explorer_view_to_query(&view), "&xo=1&xs=-executors");
/// assert_eq!(explorer_view_from_query("v=1&xo=1&xs=-executors"), view);
/// assert_eq!(explorer_view_from_query("v=1"), ExplorerView::default()); // an older link
/// ```
pub fn explorer_view_to_query(view: &ExplorerView) -> String {
    let mut out = String::new();
    if view.open {
        out.push_str("&xo=1");
    }
    if view.sort != SortColumn::Cores || view.descending {
        out.push_str("&xs=");
        if view.descending {
            out.push('-');
        }
        out.push_str(view.sort.key());
    }
    out
}

/// The explorer's view a link asks for; what it leaves out or cannot be read keeps the default
/// (closed, by cores, fewest first).
pub fn explorer_view_from_query(query: &str) -> ExplorerView {
    let mut view = ExplorerView::default();
    for (k, v) in pairs(query) {
        match k.as_str() {
            "xo" => view.open = v.trim() == "1",
            "xs" => {
                let v = v.trim();
                let (descending, name) = v.strip_prefix('-').map_or((false, v), |n| (true, n));
                if let Some(sort) = SortColumn::from_key(name) {
                    (view.sort, view.descending) = (sort, descending);
                }
            }
            _ => {}
        }
    }
    view
}

/// The key that opens the embed card alone (`embed=1`).
pub const EMBED_KEY: &str = "embed";

/// For a key of the page rather than the scenario (`cm`, `ck`, the explorer's view, `embed`):
/// `Some(None)` when its value reads (or is the check's, read by the check), `Some(Some(e))`
/// when it does not; `None` for any other key.
fn page_key_error(key: &str, value: &str) -> Option<Option<TextError>> {
    let v = value.trim();
    let error = match key {
        "cm" | CHECK_KEY => None,
        EMBED_KEY => (v != "1").then(|| choice(value, "1 (the embed card)")),
        "xo" => (!matches!(v, "0" | "1")).then(|| choice(value, "1 or 0")),
        "xs" => {
            let name = v.strip_prefix('-').unwrap_or(v);
            SortColumn::from_key(name)
                .is_none()
                .then(|| choice(value, "a column of the explorer's table"))
        }
        _ => return None,
    };
    Some(error)
}

/// What one schema's decoding found: the version, unknown keys, unreadable values.
type Decoding = (Option<u32>, Vec<String>, Vec<BadParam>);

fn choice(text: &str, expected: &'static str) -> TextError {
    TextError {
        text: text.to_string(),
        expected,
    }
}

fn unknown_key(key: &str) -> TextError {
    TextError {
        text: key.to_string(),
        expected: "a known key",
    }
}

/// Every key of the YARN schema, in encoding order (`v` excluded).
pub fn keys() -> impl Iterator<Item = &'static str> {
    fields_in_order(Manager::Yarn)
        .into_iter()
        .map(|id| catalog::key(Manager::Yarn, id))
}

/// The YARN field a key belongs to.
pub fn field_of(key: &str) -> Option<Field> {
    field_by_key(Manager::Yarn, key)
}

/// The canonical text of `key` in `input` (`None` when the key does not apply, such as `rc`
/// when the NodeManager's resources are given explicitly).
pub fn text_of(key: &str, input: &PlanInput) -> Option<String> {
    scenario_text_of(key, &Scenario::Yarn(input.clone()))
}

/// Sets `key` in `input` from typed text, exactly as a link's value would be read.
pub fn apply(key: &str, input: &mut PlanInput, text: &str) -> Result<(), TextError> {
    let mut s = Scenario::Yarn(std::mem::take(input));
    let result = scenario_apply(key, &mut s, text);
    if let Scenario::Yarn(i) = s {
        *input = i;
    }
    result
}

/// The YARN query-string key of a field.
pub fn key_of(field: Field) -> &'static str {
    catalog::key(ClusterManager::Yarn, field)
}

/// The query-string key of a field in `m`'s schema (`""` when it has none).
pub fn key_of_in(m: Manager, field: Field) -> &'static str {
    catalog::key(m, field)
}

/// Encodes `input` as a query string (without `?`): `v=1` first, then every value that differs
/// from [`PlanInput::default`], in a fixed order.
///
/// ```
/// use planner::url::{from_query, to_query};
/// use planner::PlanInput;
///
/// let mut input = PlanInput::default();
/// input.cluster.nodes = 12;
/// assert_eq!(to_query(&input), "v=1&n=12");
/// assert_eq!(from_query("v=1&n=12").input, input);
/// ```
pub fn to_query(input: &PlanInput) -> String {
    scenario_to_query(&Scenario::Yarn(input.clone()))
}

/// A query value that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadParam {
    /// The key.
    pub key: String,
    /// The field it belongs to (`None` for `v` and `cm`).
    pub field: Option<Field>,
    /// Why it was not accepted.
    pub error: TextError,
}

impl BadParam {
    /// The unreadable value as a diagnostic, its field named as `m`'s form names it.
    pub fn diagnostic(&self, m: Manager) -> Diagnostic {
        match self.field {
            Some(field) => Diagnostic::unreadable(m, field, &self.error),
            None => Diagnostic::unreadable_key(&self.key, &self.error),
        }
    }
}

/// What [`from_query`] read.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    /// The input: defaults, overridden by every key that could be read.
    pub input: PlanInput,
    /// The schema version given (`None` when the link has no `v`).
    pub version: Option<u32>,
    /// Keys this schema does not know (ignored).
    pub unknown: Vec<String>,
    /// Values that could not be read (their fields keep defaults).
    pub bad: Vec<BadParam>,
}

/// Decodes a query string (with or without `?`). Never fails: unknown keys and unreadable
/// values are reported beside the input read from the rest.
pub fn from_query(query: &str) -> Decoded {
    let mut s = Scenario::Yarn(PlanInput::default());
    let (version, unknown, bad) = decode(query, &mut s, &mut Vec::new());
    // Decoding keeps the scenario's manager: the other arm is never taken.
    let input = match s {
        Scenario::Yarn(input) => input,
        _ => PlanInput::default(),
    };
    Decoded {
        input,
        version,
        unknown,
        bad,
    }
}

/// Splits a query string into decoded key/value pairs.
fn pairs(query: &str) -> Vec<(String, String)> {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut pairs = Vec::new();
    for pair in query.split('&') {
        if pair.is_empty() {
            continue;
        }
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        pairs.push((decode_component(k), decode_component(v)));
    }
    pairs
}

/// Every key of `m`'s schema, in encoding order (`v` and `cm` excluded).
pub fn manager_keys(m: Manager) -> Vec<&'static str> {
    let mut keys = Vec::new();
    for id in fields_in_order(m) {
        keys.push(catalog::key(m, id));
    }
    keys
}

/// The canonical text of `key` in `s`, when the key belongs to its schema and applies.
pub fn scenario_text_of(key: &str, s: &Scenario) -> Option<String> {
    let id = field_by_key(s.manager(), key)?;
    slot(&mut s.clone(), id, false).text()
}

/// Sets `key` in `s` from typed text; an error when the key is not in its schema.
pub fn scenario_apply(key: &str, s: &mut Scenario, text: &str) -> Result<(), TextError> {
    apply_key(key, s, text).map_or_else(|| Err(unknown_key(key)), |(_, r)| r)
}

/// Encodes any scenario: `v=1`, then `cm` unless YARN, then its non-default values.
///
/// ```
/// use planner::url::{scenario_from_query, scenario_to_query, Manager, Scenario};
///
/// let s = Scenario::default_for(Manager::Kubernetes);
/// assert_eq!(scenario_to_query(&s), "v=1&cm=k8s");
/// assert_eq!(scenario_from_query("v=1&cm=k8s").scenario, s);
/// ```
pub fn scenario_to_query(s: &Scenario) -> String {
    let mut out = format!("v={SCHEMA_VERSION}");
    if s.manager() != Manager::Yarn {
        out.push_str("&cm=");
        out.push_str(s.manager().as_str());
    }
    encode(s, &mut out);
    out
}

/// What [`scenario_from_query`] read.
#[derive(Debug, Clone, PartialEq)]
pub struct DecodedScenario {
    /// The input read.
    pub scenario: Scenario,
    /// The schema version given.
    pub version: Option<u32>,
    /// Keys the scenario's schema does not know (ignored).
    pub unknown: Vec<String>,
    /// Values that could not be read.
    pub bad: Vec<BadParam>,
    /// Keys given more than once (the last value stands).
    pub repeated: Vec<String>,
    /// A `cm` value read only after its case was ignored (`K8S`), as written.
    pub manager_case: Option<String>,
    /// Values of the page's own keys that do not read (`embed=2`, `xs=-bogus`): ignored, the
    /// page's default kept; no input is invalid for them.
    pub ignored: Vec<BadParam>,
}

/// Reads a `cm` value; other letter cases (`K8S`, `EMR`) are accepted too.
fn read_manager(text: &str) -> Option<Manager> {
    Manager::parse(text.trim()).or_else(|| Manager::parse(&text.trim().to_ascii_lowercase()))
}

/// Decodes a link for any cluster manager. Never fails.
pub fn scenario_from_query(query: &str) -> DecodedScenario {
    let mut bad = Vec::new();
    let mut manager = Manager::Yarn;
    let mut manager_case = None;
    for (k, v) in pairs(query) {
        if k != "cm" {
            continue;
        }
        match read_manager(&v) {
            Some(m) => {
                manager = m;
                manager_case = (v.trim() != m.as_str()).then(|| v.trim().to_string());
            }
            None => bad.push(BadParam {
                key: k,
                field: None,
                error: check_length(&v)
                    .err()
                    .unwrap_or_else(|| choice(&v, "yarn, k8s or emr")),
            }),
        }
    }
    let mut scenario = Scenario::default_for(manager);
    let mut repeated = Vec::new();
    let (version, unknown, more_bad) = decode(query, &mut scenario, &mut repeated);
    bad.extend(more_bad);
    let ignored = pairs(query)
        .into_iter()
        .filter_map(|(key, v)| {
            let error = page_key_error(&key, &v)??;
            Some(BadParam {
                key,
                field: None,
                error,
            })
        })
        .collect();
    DecodedScenario {
        scenario,
        version,
        unknown,
        bad,
        repeated,
        manager_case,
        ignored,
    }
}

/// A value whose empty text means "not set".
fn optional<T>(
    text: &str,
    read: impl Fn(&str) -> Result<T, TextError>,
) -> Result<Option<T>, TextError> {
    if text.is_empty() {
        Ok(None)
    } else {
        read(text).map(Some)
    }
}

/// An EC2 instance type by name; with `custom_allowed`, `custom` (any case) makes `current`
/// custom, keeping its numbers.
fn parse_instance(
    text: &str,
    current: &InstanceType,
    custom_allowed: bool,
) -> Result<InstanceType, TextError> {
    if custom_allowed && text.eq_ignore_ascii_case(CUSTOM) {
        return Ok(current.as_custom());
    }
    instance_type(text).ok_or_else(|| {
        choice(
            text,
            if custom_allowed {
                "an instance type such as r5.4xlarge, or custom"
            } else {
                "an instance type such as m5.xlarge"
            },
        )
    })
}

/// A whole number of GiB (`128`, `128 GiB`), as an instance's memory is given.
fn parse_whole_gib(text: &str) -> Result<u32, TextError> {
    let gib = parse_size(text, SizeUnit::GiB)?;
    if gib.fract() != 0.0 || !(0.0..=f64::from(u32::MAX)).contains(&gib) {
        return Err(choice(text, "a whole number of GiB"));
    }
    Ok(gib as u32)
}

/// Whole seconds, with or without Spark's `s` (`60`, `60s`).
fn parse_seconds(text: &str) -> Result<u64, TextError> {
    parse_count(text.strip_suffix('s').unwrap_or(text)).map_err(|_| TextError {
        text: text.to_string(),
        expected: "whole seconds, such as 60 or 60s",
    })
}

fn on_off(text: &str) -> Result<bool, TextError> {
    match text {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err(choice(text, "1 or 0")),
    }
}

fn parse_cpu(text: &str) -> Result<u64, TextError> {
    parse_cpu_millis(text).map_err(|_| TextError {
        text: text.to_string(),
        expected: "a CPU quantity such as 2, 0.5 or 500m",
    })
}

fn parse_executor_count(text: &str) -> Result<ExecutorCount, TextError> {
    if text.eq_ignore_ascii_case("max") {
        return Ok(ExecutorCount::AsManyAsFit);
    }
    parse_count_u32(text)
        .map(ExecutorCount::Exactly)
        .map_err(|_| choice(text, crate::catalog::EXECUTOR_COUNT_EXPECTED))
}

/// Percent-encodes a query value (everything but unreserved characters).
pub fn encode_component(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            // Two hex digits by table, not `{:02X}`: no padded hex formatting in the modules.
            let hex = b"0123456789ABCDEF";
            out.push('%');
            out.push(char::from(hex[usize::from(b >> 4)]));
            out.push(char::from(hex[usize::from(b & 0xf)]));
        }
    }
    out
}

fn decode_component(s: &str) -> String {
    let bytes = s.as_bytes();
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => match (
                bytes.get(i + 1).copied().and_then(hex),
                bytes.get(i + 2).copied().and_then(hex),
            ) {
                (Some(hi), Some(lo)) => {
                    out.push(hi * 16 + lo);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::presets;

    #[test]
    fn presets_round_trip() {
        for p in presets() {
            let q = to_query(&p.input);
            let d = from_query(&q);
            assert_eq!(d.input, p.input, "{q}");
            assert!(d.unknown.is_empty() && d.bad.is_empty());
            assert_eq!(d.version, Some(SCHEMA_VERSION));
        }
        assert_eq!(
            to_query(&crate::presets::preset("case3").unwrap().input),
            "v=1&tgt=10240"
        );
    }

    #[test]
    fn reads_typed_values_and_reports_the_rest() {
        let d = from_query("?v=1&m=128%20GB&dm=2g&n=abc&zzz=1&cpe=");
        assert_eq!(d.input.cluster.memory_per_node_gib, 128.0);
        assert_eq!(d.input.spark.driver_memory_mib, 2048);
        assert_eq!(d.unknown, ["zzz"]);
        let bad: Vec<_> = d.bad.iter().map(|b| (b.key.as_str(), b.field)).collect();
        assert_eq!(
            bad,
            [
                ("n", Some(Field::Nodes)),
                ("cpe", Some(Field::CoresPerExecutor))
            ]
        );
        assert_eq!(d.input.cluster.nodes, PlanInput::default().cluster.nodes);
    }

    #[test]
    fn every_catalog_field_has_a_slot_and_a_place_in_the_order() {
        for m in ClusterManager::ALL {
            let ids: Vec<F> = fields_in_order(m);
            for (i, id) in ids.iter().enumerate() {
                assert!(catalog::entry(m, *id).is_some(), "{}: {id:?}", m.as_str());
                assert!(!ids[..i].contains(id), "{}: {id:?} twice", m.as_str());
            }
            for e in catalog::entries(m) {
                assert!(
                    ids.contains(&e.id),
                    "{}: {} has no place",
                    m.as_str(),
                    e.key
                );
                let mut s = Scenario::default_for(m);
                let found = !matches!(slot(&mut s, e.id, true), Slot::Absent);
                assert!(found, "{}: {} has no slot", m.as_str(), e.key);
            }
        }
    }

    #[test]
    fn a_value_that_cannot_be_read_changes_nothing() {
        let mut s = scenario_from_query("v=1&nmm=60000").scenario;
        let before = s.clone();
        assert!(scenario_apply("rc", &mut s, "abc").is_err());
        assert!(scenario_apply("amax", &mut s, "").is_err());
        assert_eq!(s, before);
        assert_eq!(scenario_text_of("rc", &s), None);
        assert_eq!(scenario_text_of("amax", &s), None);
    }

    #[test]
    fn percent_decoding_is_total() {
        for s in ["%", "%4", "%zz", "a%2", "%E2%82%AC", "+"] {
            let _ = decode_component(s);
        }
        assert_eq!(decode_component("%E2%82%AC+x"), "€ x");
        assert_eq!(encode_component("64 GB"), "64%20GB");
    }
}
