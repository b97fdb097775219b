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
use crate::input::{Field, MaximumAllocation, Method, NodeManagerResources, PlanInput};
use crate::k8s::{format_cpu, parse_cpu_millis, K8sInput};
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

/// How one catalog field of an input of type `T` is written and read; its query-string key is
/// the catalog's.
struct Param<T: 'static> {
    id: F,
    get: fn(&T) -> Option<String>,
    set: fn(&mut T, &str) -> Result<(), TextError>,
}

/// One cluster manager's keys: its input type's params, in encoding order.
struct Schema<T: 'static> {
    manager: ClusterManager,
    params: ParamLists<T>,
}

/// Param lists read one after the other, so a manager's own params and the shared ones
/// ([`CommonSettings`]) make one encoding order.
struct ParamLists<T: 'static>(&'static [&'static [Param<T>]]);

impl<T> ParamLists<T> {
    fn iter(&self) -> impl Iterator<Item = &'static Param<T>> {
        let lists: &'static [&'static [Param<T>]] = self.0;
        lists.iter().flat_map(|list| list.iter())
    }
}

const YARN: Schema<PlanInput> = Schema {
    manager: ClusterManager::Yarn,
    params: ParamLists(&[
        PARAMS,
        PlanInput::DRIVER_LOAD_AND_WORKLOAD,
        &[PlanInput::DYNAMIC_ALLOCATION],
        PlanInput::DYNAMIC_ALLOCATION_SETTINGS,
    ]),
};
const KUBERNETES: Schema<K8sInput> = Schema {
    manager: ClusterManager::Kubernetes,
    params: ParamLists(&[
        K8S_PARAMS,
        K8sInput::DRIVER_LOAD_AND_WORKLOAD,
        &[K8sInput::DYNAMIC_ALLOCATION],
        K8sInput::DYNAMIC_ALLOCATION_SETTINGS,
    ]),
};
/// EMR's dynamic allocation switch sits among its own params (see [`EMR_PARAMS`]).
const EMR: Schema<EmrInput> = Schema {
    manager: ClusterManager::Emr,
    params: ParamLists(&[
        EMR_PARAMS,
        EmrInput::DRIVER_LOAD_AND_WORKLOAD,
        EmrInput::DYNAMIC_ALLOCATION_SETTINGS,
    ]),
};

impl<T> Schema<T> {
    fn key(&self, p: &Param<T>) -> &'static str {
        catalog::key(self.manager, p.id)
    }

    fn find(&self, key: &str) -> Option<&'static Param<T>> {
        self.params.iter().find(|p| self.key(p) == key)
    }

    fn keys(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.params.iter().map(|p| self.key(p))
    }

    /// Appends `&key=value` for every value of `input` that differs from `T::default()`.
    fn encode(&self, input: &T, out: &mut String)
    where
        T: Default,
    {
        let defaults = T::default();
        for p in self.params.iter() {
            if let Some(v) = (p.get)(input).filter(|v| Some(v) != (p.get)(&defaults).as_ref()) {
                out.push('&');
                out.push_str(self.key(p));
                out.push('=');
                out.push_str(&encode_component(&v));
            }
        }
    }

    /// The canonical text of `key` in `input`, when the key is in this schema and applies.
    fn text_of(&self, key: &str, input: &T) -> Option<String> {
        self.find(key).and_then(|p| (p.get)(input))
    }

    /// Sets `key` from `text`; `None` when the schema has no such key. A text longer than
    /// [`crate::text::MAX_TEXT_CHARS`] is refused before it is read.
    fn apply(&self, key: &str, input: &mut T, text: &str) -> Option<(F, Result<(), TextError>)> {
        self.find(key).map(|p| {
            let read = check_length(text).and_then(|()| (p.set)(input, text.trim()));
            (p.id, read)
        })
    }

    /// Reads every pair of `query` into `input`; `cm` is left to the caller. Returns the
    /// version, the unknown keys and the unreadable values; a key given twice is read in order
    /// (the last value stands) and listed in `repeated`.
    fn decode(&self, query: &str, input: &mut T, repeated: &mut Vec<String>) -> Decoding {
        let (mut version, mut unknown, mut bad) = (None, Vec::new(), Vec::new());
        let mut seen: Vec<String> = Vec::new();
        for (k, v) in pairs(query) {
            if seen.contains(&k) && !repeated.contains(&k) {
                repeated.push(k.clone());
            }
            seen.push(k.clone());
            if k == "cm" || k == CHECK_KEY || EXPLORER_KEYS.contains(&k.as_str()) {
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
            match self.apply(&k, input, &v) {
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
}

/// The explorer view's keys: open, sort.
const EXPLORER_KEYS: [&str; 2] = ["xo", "xs"];

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

/// The NodeManager resources given explicitly, or the defaults a link switches to.
fn nm_values(input: &PlanInput) -> (u64, u32) {
    match input.cluster.yarn_resources {
        NodeManagerResources::Explicit { memory_mb, vcores } => (memory_mb, vcores),
        NodeManagerResources::Reserve { .. } => (64512, 15),
    }
}

fn reserve_values(input: &PlanInput) -> (u32, f64) {
    match input.cluster.yarn_resources {
        NodeManagerResources::Reserve { cores, memory_gib } => (cores, memory_gib),
        NodeManagerResources::Explicit { .. } => (1, 1.0),
    }
}

fn max_values(input: &PlanInput) -> (u64, u32) {
    match input.scheduler.maximum_allocation {
        MaximumAllocation::Explicit { memory_mb, vcores } => (memory_mb, vcores),
        MaximumAllocation::NodeManager => (8192, 4),
    }
}

/// The settings every manager's input carries in the same shape (the driver's load, the
/// workload, dynamic allocation), so their params are written once, here, for all three.
trait CommonSettings: Sized + 'static {
    fn driver_load(&self) -> &DriverLoad;
    fn driver_load_mut(&mut self) -> &mut DriverLoad;
    fn workload(&self) -> &Workload;
    fn workload_mut(&mut self) -> &mut Workload;
    fn dynamic_allocation(&self) -> bool;
    fn dynamic_allocation_mut(&mut self) -> &mut bool;
    fn dynamic_allocation_settings(&self) -> &DynamicAllocationSettings;
    fn dynamic_allocation_settings_mut(&mut self) -> &mut DynamicAllocationSettings;

    /// The driver's load, then the workload.
    const DRIVER_LOAD_AND_WORKLOAD: &'static [Param<Self>] = &[
        Param {
            id: F::ConcurrentJobs,
            get: |i| Some(i.driver_load().concurrent_jobs.to_string()),
            set: |i, t| {
                i.driver_load_mut().concurrent_jobs = parse_count_u32(t)?;
                Ok(())
            },
        },
        Param {
            id: F::CollectedResults,
            get: |i| i.driver_load().collected_mib.map(|v| v.to_string()),
            set: |i, t| {
                i.driver_load_mut().collected_mib = optional_mib(t)?;
                Ok(())
            },
        },
        Param {
            id: F::MaxResultSize,
            get: |i| Some(i.driver_load().max_result_size_mib.to_string()),
            set: |i, t| {
                i.driver_load_mut().max_result_size_mib = parse_mib(t)?;
                Ok(())
            },
        },
        Param {
            id: F::EdgeNodeMemory,
            get: |i| i.driver_load().edge_memory_mib.map(|v| v.to_string()),
            set: |i, t| {
                i.driver_load_mut().edge_memory_mib = optional_mib(t)?;
                Ok(())
            },
        },
        Param {
            id: F::EdgeNodeCores,
            get: |i| i.driver_load().edge_cores.map(|v| v.to_string()),
            set: |i, t| {
                i.driver_load_mut().edge_cores = optional_count(t)?;
                Ok(())
            },
        },
        Param {
            id: F::InputDataSize,
            get: |i| i.workload().input_mib.map(|v| v.to_string()),
            set: |i, t| {
                i.workload_mut().input_mib = optional_mib(t)?;
                Ok(())
            },
        },
        Param {
            id: F::InputSplitSize,
            get: |i| Some(i.workload().split_mib.to_string()),
            set: |i, t| {
                i.workload_mut().split_mib = parse_mib(t)?;
                Ok(())
            },
        },
        Param {
            id: F::ShuffleDataSize,
            get: |i| i.workload().shuffle_mib.map(|v| v.to_string()),
            set: |i, t| {
                i.workload_mut().shuffle_mib = optional_mib(t)?;
                Ok(())
            },
        },
        Param {
            id: F::LargestTaskInput,
            get: |i| i.workload().largest_task_mib.map(|v| v.to_string()),
            set: |i, t| {
                i.workload_mut().largest_task_mib = optional_mib(t)?;
                Ok(())
            },
        },
        Param {
            id: F::SkewFactor,
            get: |i| i.workload().skew_factor.map(format_real),
            set: |i, t| {
                i.workload_mut().skew_factor = optional_factor(t)?;
                Ok(())
            },
        },
        Param {
            id: F::BroadcastTableSize,
            get: |i| i.workload().broadcast_mib.map(|v| v.to_string()),
            set: |i, t| {
                i.workload_mut().broadcast_mib = optional_mib(t)?;
                Ok(())
            },
        },
    ];

    /// Dynamic allocation on or off.
    const DYNAMIC_ALLOCATION: Param<Self> = Param {
        id: F::DynamicAllocation,
        get: |i| bit(i.dynamic_allocation()),
        set: |i, t| {
            *i.dynamic_allocation_mut() = on_off(t)?;
            Ok(())
        },
    };

    /// Dynamic allocation's counts, timeouts and shuffle keeping.
    const DYNAMIC_ALLOCATION_SETTINGS: &'static [Param<Self>] = &[
        Param {
            id: F::MinExecutors,
            get: |i| Some(i.dynamic_allocation_settings().min_executors.to_string()),
            set: |i, t| {
                i.dynamic_allocation_settings_mut().min_executors = parse_count_u32(t)?;
                Ok(())
            },
        },
        Param {
            id: F::InitialExecutors,
            get: |i| {
                i.dynamic_allocation_settings()
                    .initial_executors
                    .map(|v| v.to_string())
            },
            set: |i, t| {
                i.dynamic_allocation_settings_mut().initial_executors = optional_count(t)?;
                Ok(())
            },
        },
        Param {
            id: F::MaxExecutors,
            get: |i| {
                i.dynamic_allocation_settings()
                    .max_executors
                    .map(|v| v.to_string())
            },
            set: |i, t| {
                i.dynamic_allocation_settings_mut().max_executors = optional_count(t)?;
                Ok(())
            },
        },
        Param {
            id: F::ExecutorIdleTimeout,
            get: |i| Some(i.dynamic_allocation_settings().idle_timeout_s.to_string()),
            set: |i, t| {
                i.dynamic_allocation_settings_mut().idle_timeout_s = parse_seconds(t)?;
                Ok(())
            },
        },
        Param {
            id: F::SchedulerBacklogTimeout,
            get: |i| {
                Some(
                    i.dynamic_allocation_settings()
                        .backlog_timeout_s
                        .to_string(),
                )
            },
            set: |i, t| {
                i.dynamic_allocation_settings_mut().backlog_timeout_s = parse_seconds(t)?;
                Ok(())
            },
        },
        Param {
            id: F::ShuffleKeeping,
            get: |i| Some(i.dynamic_allocation_settings().shuffle.as_str().to_string()),
            set: |i, t| {
                i.dynamic_allocation_settings_mut().shuffle = parse_shuffle_keeping(t)?;
                Ok(())
            },
        },
    ];
}

/// Implements [`CommonSettings`] for an input whose shared settings sit at `self.<path>`.
macro_rules! common_settings_at {
    ($input:ty $(, $part:ident)*) => {
        impl CommonSettings for $input {
            fn driver_load(&self) -> &DriverLoad {
                &self$(.$part)*.driver_load
            }
            fn driver_load_mut(&mut self) -> &mut DriverLoad {
                &mut self$(.$part)*.driver_load
            }
            fn workload(&self) -> &Workload {
                &self$(.$part)*.workload
            }
            fn workload_mut(&mut self) -> &mut Workload {
                &mut self$(.$part)*.workload
            }
            fn dynamic_allocation(&self) -> bool {
                self$(.$part)*.dynamic_allocation
            }
            fn dynamic_allocation_mut(&mut self) -> &mut bool {
                &mut self$(.$part)*.dynamic_allocation
            }
            fn dynamic_allocation_settings(&self) -> &DynamicAllocationSettings {
                &self$(.$part)*.dynamic_allocation_settings
            }
            fn dynamic_allocation_settings_mut(&mut self) -> &mut DynamicAllocationSettings {
                &mut self$(.$part)*.dynamic_allocation_settings
            }
        }
    };
}

common_settings_at!(PlanInput, spark);
common_settings_at!(K8sInput, spark);
common_settings_at!(EmrInput);

const PARAMS: &[Param<PlanInput>] = &[
    Param {
        id: F::Nodes,
        get: |i| Some(i.cluster.nodes.to_string()),
        set: |i, t| {
            i.cluster.nodes = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        id: F::CoresPerNode,
        get: |i| Some(i.cluster.cores_per_node.to_string()),
        set: |i, t| {
            i.cluster.cores_per_node = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        id: F::MemoryPerNode,
        get: |i| Some(format_real(i.cluster.memory_per_node_gib)),
        set: |i, t| {
            i.cluster.memory_per_node_gib = parse_size(t, SizeUnit::GiB)?;
            Ok(())
        },
    },
    Param {
        id: F::ReservedCores,
        get: |i| match i.cluster.yarn_resources {
            NodeManagerResources::Reserve { cores, .. } => Some(cores.to_string()),
            NodeManagerResources::Explicit { .. } => None,
        },
        set: |i, t| {
            let (_, memory_gib) = reserve_values(i);
            let cores = parse_count_u32(t)?;
            i.cluster.yarn_resources = NodeManagerResources::Reserve { cores, memory_gib };
            Ok(())
        },
    },
    Param {
        id: F::ReservedMemory,
        get: |i| match i.cluster.yarn_resources {
            NodeManagerResources::Reserve { memory_gib, .. } => Some(format_real(memory_gib)),
            NodeManagerResources::Explicit { .. } => None,
        },
        set: |i, t| {
            let (cores, _) = reserve_values(i);
            let memory_gib = parse_size(t, SizeUnit::GiB)?;
            i.cluster.yarn_resources = NodeManagerResources::Reserve { cores, memory_gib };
            Ok(())
        },
    },
    Param {
        id: F::NodeManagerMemory,
        get: |i| match i.cluster.yarn_resources {
            NodeManagerResources::Explicit { memory_mb, .. } => Some(memory_mb.to_string()),
            NodeManagerResources::Reserve { .. } => None,
        },
        set: |i, t| {
            let (_, vcores) = nm_values(i);
            let memory_mb = parse_mib(t)?;
            i.cluster.yarn_resources = NodeManagerResources::Explicit { memory_mb, vcores };
            Ok(())
        },
    },
    Param {
        id: F::NodeManagerVcores,
        get: |i| match i.cluster.yarn_resources {
            NodeManagerResources::Explicit { vcores, .. } => Some(vcores.to_string()),
            NodeManagerResources::Reserve { .. } => None,
        },
        set: |i, t| {
            let (memory_mb, _) = nm_values(i);
            let vcores = parse_count_u32(t)?;
            i.cluster.yarn_resources = NodeManagerResources::Explicit { memory_mb, vcores };
            Ok(())
        },
    },
    Param {
        id: F::MinimumAllocation,
        get: |i| Some(i.scheduler.minimum_allocation_mb.to_string()),
        set: |i, t| {
            i.scheduler.minimum_allocation_mb = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::Increment,
        get: |i| i.scheduler.increment_mb.map(|v| v.to_string()),
        set: |i, t| {
            i.scheduler.increment_mb = Some(parse_mib(t)?);
            Ok(())
        },
    },
    Param {
        id: F::MaximumAllocationMemory,
        get: |i| match i.scheduler.maximum_allocation {
            MaximumAllocation::Explicit { memory_mb, .. } => Some(memory_mb.to_string()),
            MaximumAllocation::NodeManager => None,
        },
        set: |i, t| {
            let (_, vcores) = max_values(i);
            let memory_mb = parse_mib(t)?;
            i.scheduler.maximum_allocation = MaximumAllocation::Explicit { memory_mb, vcores };
            Ok(())
        },
    },
    Param {
        id: F::MaximumAllocationVcores,
        get: |i| match i.scheduler.maximum_allocation {
            MaximumAllocation::Explicit { vcores, .. } => Some(vcores.to_string()),
            MaximumAllocation::NodeManager => None,
        },
        set: |i, t| {
            let (memory_mb, _) = max_values(i);
            let vcores = parse_count_u32(t)?;
            i.scheduler.maximum_allocation = MaximumAllocation::Explicit { memory_mb, vcores };
            Ok(())
        },
    },
    Param {
        id: F::Calculator,
        get: |i| {
            Some(match i.scheduler.calculator {
                Calculator::Dominant => "dominant".into(),
                Calculator::Default => "default".into(),
            })
        },
        set: |i, t| {
            i.scheduler.calculator = match t {
                "dominant" => Calculator::Dominant,
                "default" => Calculator::Default,
                _ => return Err(choice(t, "dominant or default")),
            };
            Ok(())
        },
    },
    Param {
        id: F::SparkVersion,
        get: |i| Some(i.spark.version.as_str().into()),
        set: |i, t| {
            i.spark.version = SparkVersion::parse(t).ok_or_else(|| choice(t, "3.5 or 4.0"))?;
            Ok(())
        },
    },
    Param {
        id: F::DeployMode,
        get: |i| Some(i.spark.deploy_mode.as_str().into()),
        set: |i, t| {
            i.spark.deploy_mode = match t {
                "cluster" => DeployMode::Cluster,
                "client" => DeployMode::Client,
                _ => return Err(choice(t, "cluster or client")),
            };
            Ok(())
        },
    },
    Param {
        id: F::AppType,
        get: |i| {
            Some(match i.spark.app_type {
                AppType::Jvm => "jvm".into(),
                AppType::Python => "python".into(),
                AppType::R => "r".into(),
            })
        },
        set: |i, t| {
            i.spark.app_type = match t {
                "jvm" => AppType::Jvm,
                "python" => AppType::Python,
                "r" => AppType::R,
                _ => return Err(choice(t, "jvm, python or r")),
            };
            Ok(())
        },
    },
    Param {
        id: F::DriverMemory,
        get: |i| Some(i.spark.driver_memory_mib.to_string()),
        set: |i, t| {
            i.spark.driver_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::DriverCores,
        get: |i| Some(i.spark.driver_cores.to_string()),
        set: |i, t| {
            i.spark.driver_cores = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        id: F::AmMemory,
        get: |i| Some(i.spark.am_memory_mib.to_string()),
        set: |i, t| {
            i.spark.am_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::AmCores,
        get: |i| Some(i.spark.am_cores.to_string()),
        set: |i, t| {
            i.spark.am_cores = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        id: F::OverheadFactor,
        get: |i| Some(format_real(i.spark.overhead_factor)),
        set: |i, t| {
            i.spark.overhead_factor = parse_factor(t)?;
            Ok(())
        },
    },
    Param {
        id: F::OverheadMinimum,
        get: |i| Some(i.spark.overhead_minimum_mib.to_string()),
        set: |i, t| {
            i.spark.overhead_minimum_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::ExecutorOverhead,
        get: |i| i.spark.executor_overhead_mib.map(|v| v.to_string()),
        set: |i, t| {
            i.spark.executor_overhead_mib = Some(parse_mib(t)?);
            Ok(())
        },
    },
    Param {
        id: F::DriverOverhead,
        get: |i| i.spark.driver_overhead_mib.map(|v| v.to_string()),
        set: |i, t| {
            i.spark.driver_overhead_mib = Some(parse_mib(t)?);
            Ok(())
        },
    },
    Param {
        id: F::DriverOverheadFactor,
        get: |i| Some(format_real(i.spark.driver_overhead_factor)),
        set: |i, t| {
            i.spark.driver_overhead_factor = parse_factor(t)?;
            Ok(())
        },
    },
    Param {
        id: F::DriverOverheadMinimum,
        get: |i| Some(i.spark.driver_overhead_minimum_mib.to_string()),
        set: |i, t| {
            i.spark.driver_overhead_minimum_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::OffHeapEnabled,
        get: |i| Some(if i.spark.offheap.enabled { "1" } else { "0" }.into()),
        set: |i, t| {
            i.spark.offheap.enabled = match t {
                "1" | "true" => true,
                "0" | "false" => false,
                _ => return Err(choice(t, "1 or 0")),
            };
            Ok(())
        },
    },
    Param {
        id: F::OffHeapSize,
        get: |i| Some(i.spark.offheap.size_mib.to_string()),
        set: |i, t| {
            i.spark.offheap.size_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::PysparkMemory,
        get: |i| Some(i.spark.pyspark_memory_mib.to_string()),
        set: |i, t| {
            i.spark.pyspark_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::MemoryFraction,
        get: |i| Some(format_real(i.spark.memory_fraction)),
        set: |i, t| {
            i.spark.memory_fraction = parse_factor(t)?;
            Ok(())
        },
    },
    Param {
        id: F::StorageFraction,
        get: |i| Some(format_real(i.spark.storage_fraction)),
        set: |i, t| {
            i.spark.storage_fraction = parse_factor(t)?;
            Ok(())
        },
    },
    Param {
        id: F::Method,
        get: |i| {
            Some(match i.policy.method {
                Method::SparkExact => "exact".into(),
                Method::RuleOfThumb => "rule".into(),
            })
        },
        set: |i, t| {
            i.policy.method = match t {
                "exact" => Method::SparkExact,
                "rule" => Method::RuleOfThumb,
                _ => return Err(choice(t, "exact or rule")),
            };
            Ok(())
        },
    },
    Param {
        id: F::CoresPerExecutor,
        get: |i| Some(i.policy.cores_per_executor.to_string()),
        set: |i, t| {
            i.policy.cores_per_executor = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        id: F::TaskCpus,
        get: |i| Some(i.spark.task_cpus.to_string()),
        set: |i, t| {
            i.spark.task_cpus = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        id: F::MemoryTarget,
        get: |i| i.policy.memory_target_mib.map(|v| v.to_string()),
        set: |i, t| {
            i.policy.memory_target_mib = Some(parse_mib(t)?);
            Ok(())
        },
    },
    Param {
        id: F::Granularity,
        get: |i| {
            Some(match i.policy.granularity {
                Granularity::Gib => "gib".into(),
                Granularity::Mib => "mib".into(),
            })
        },
        set: |i, t| {
            i.policy.granularity = match t {
                "gib" => Granularity::Gib,
                "mib" => Granularity::Mib,
                _ => return Err(choice(t, "gib or mib")),
            };
            Ok(())
        },
    },
    Param {
        id: F::ClusterShare,
        get: |i| Some(format_real(i.policy.cluster_share_pct)),
        set: |i, t| {
            i.policy.cluster_share_pct = parse_percent(t)?;
            Ok(())
        },
    },
];

/// Every key of the YARN schema, in encoding order (`v` excluded).
pub fn keys() -> impl Iterator<Item = &'static str> {
    YARN.params.iter().map(|p| YARN.key(p))
}

/// The YARN field a key belongs to.
pub fn field_of(key: &str) -> Option<Field> {
    YARN.find(key).map(|p| p.id)
}

/// The canonical text of `key` in `input` (`None` when the key does not apply, such as `rc`
/// when the NodeManager's resources are given explicitly).
pub fn text_of(key: &str, input: &PlanInput) -> Option<String> {
    YARN.text_of(key, input)
}

/// Sets `key` in `input` from typed text, exactly as a link's value would be read.
pub fn apply(key: &str, input: &mut PlanInput, text: &str) -> Result<(), TextError> {
    YARN.apply(key, input, text)
        .map_or_else(|| Err(unknown_key(key)), |(_, r)| r)
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
    let mut out = format!("v={SCHEMA_VERSION}");
    YARN.encode(input, &mut out);
    out
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
    let mut input = PlanInput::default();
    let (version, unknown, bad) = YARN.decode(query, &mut input, &mut Vec::new());
    Decoded {
        input,
        version,
        unknown,
        bad,
    }
}

/// Splits a query string into decoded key/value pairs.
fn pairs(query: &str) -> impl Iterator<Item = (String, String)> + '_ {
    let query = query.strip_prefix('?').unwrap_or(query);
    query.split('&').filter(|s| !s.is_empty()).map(|pair| {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        (decode_component(k), decode_component(v))
    })
}

/// Every key of `m`'s schema, in encoding order (`v` and `cm` excluded).
pub fn manager_keys(m: Manager) -> Vec<&'static str> {
    match m {
        Manager::Yarn => YARN.keys().collect(),
        Manager::Kubernetes => KUBERNETES.keys().collect(),
        Manager::Emr => EMR.keys().collect(),
    }
}

/// The canonical text of `key` in `s`, when the key belongs to its schema and applies.
pub fn scenario_text_of(key: &str, s: &Scenario) -> Option<String> {
    match s {
        Scenario::Yarn(i) => YARN.text_of(key, i),
        Scenario::Kubernetes(i) => KUBERNETES.text_of(key, i),
        Scenario::Emr(i) => EMR.text_of(key, i),
    }
}

/// Sets `key` in `s` from typed text; an error when the key is not in its schema.
pub fn scenario_apply(key: &str, s: &mut Scenario, text: &str) -> Result<(), TextError> {
    let found = match s {
        Scenario::Yarn(i) => YARN.apply(key, i, text),
        Scenario::Kubernetes(i) => KUBERNETES.apply(key, i, text),
        Scenario::Emr(i) => EMR.apply(key, i, text),
    };
    found.map_or_else(|| Err(unknown_key(key)), |(_, r)| r)
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
    match s {
        Scenario::Yarn(i) => YARN.encode(i, &mut out),
        Scenario::Kubernetes(i) => KUBERNETES.encode(i, &mut out),
        Scenario::Emr(i) => EMR.encode(i, &mut out),
    }
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
    for (k, v) in pairs(query).filter(|(k, _)| k == "cm") {
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
    let (version, unknown, more_bad) = match &mut scenario {
        Scenario::Yarn(i) => YARN.decode(query, i, &mut repeated),
        Scenario::Kubernetes(i) => KUBERNETES.decode(query, i, &mut repeated),
        Scenario::Emr(i) => EMR.decode(query, i, &mut repeated),
    };
    bad.extend(more_bad);
    DecodedScenario {
        scenario,
        version,
        unknown,
        bad,
        repeated,
        manager_case,
    }
}

/// The core node instance of `i` when it is a custom one.
fn custom_instance(i: &EmrInput) -> Option<InstanceType> {
    Some(i.instance).filter(|t| t.listed.is_none())
}

/// A whole number of GiB (`128`, `128 GiB`), as an instance's memory is given.
fn parse_whole_gib(text: &str) -> Result<u32, TextError> {
    let gib = parse_size(text, SizeUnit::GiB)?;
    if gib.fract() != 0.0 || !(0.0..=f64::from(u32::MAX)).contains(&gib) {
        return Err(choice(text, "a whole number of GiB"));
    }
    Ok(gib as u32)
}

/// A count whose empty text means "not set".
fn optional_count(text: &str) -> Result<Option<u32>, TextError> {
    if text.is_empty() {
        Ok(None)
    } else {
        parse_count_u32(text).map(Some)
    }
}

/// A factor whose empty text means "not set".
fn optional_factor(text: &str) -> Result<Option<f64>, TextError> {
    if text.is_empty() {
        Ok(None)
    } else {
        parse_factor(text).map(Some)
    }
}

/// Whole seconds, with or without Spark's `s` (`60`, `60s`).
fn parse_seconds(text: &str) -> Result<u64, TextError> {
    parse_count(text.strip_suffix('s').unwrap_or(text)).map_err(|_| TextError {
        text: text.to_string(),
        expected: "whole seconds, such as 60 or 60s",
    })
}

fn parse_shuffle_keeping(text: &str) -> Result<ShuffleKeeping, TextError> {
    ShuffleKeeping::parse(text)
        .ok_or_else(|| choice(text, "tracking, service, decommission or none"))
}

/// A MiB setting whose empty text means "not set".
fn optional_mib(text: &str) -> Result<Option<u64>, TextError> {
    if text.is_empty() {
        Ok(None)
    } else {
        parse_mib(text).map(Some)
    }
}

fn on_off(text: &str) -> Result<bool, TextError> {
    match text {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err(choice(text, "1 or 0")),
    }
}

fn bit(b: bool) -> Option<String> {
    Some(if b { "1" } else { "0" }.into())
}

fn cpu_text(millis: u64) -> Option<String> {
    Some(format_cpu(millis))
}

fn parse_cpu(text: &str) -> Result<u64, TextError> {
    parse_cpu_millis(text).map_err(|_| TextError {
        text: text.to_string(),
        expected: "a CPU quantity such as 2, 0.5 or 500m",
    })
}

/// An optional CPU quantity kept as typed (Spark writes it into the pod spec verbatim).
fn optional_cpu(text: &str) -> Result<Option<String>, TextError> {
    if text.is_empty() {
        Ok(None)
    } else {
        parse_cpu(text).map(|_| Some(text.to_string()))
    }
}

fn parse_version(text: &str) -> Result<SparkVersion, TextError> {
    SparkVersion::parse(text).ok_or_else(|| choice(text, "3.5 or 4.0"))
}

fn parse_mode(text: &str) -> Result<DeployMode, TextError> {
    match text {
        "cluster" => Ok(DeployMode::Cluster),
        "client" => Ok(DeployMode::Client),
        _ => Err(choice(text, "cluster or client")),
    }
}

fn app_text(a: AppType) -> Option<String> {
    Some(
        match a {
            AppType::Jvm => "jvm",
            AppType::Python => "python",
            AppType::R => "r",
        }
        .into(),
    )
}

fn parse_app(text: &str) -> Result<AppType, TextError> {
    match text {
        "jvm" => Ok(AppType::Jvm),
        "python" => Ok(AppType::Python),
        "r" => Ok(AppType::R),
        _ => Err(choice(text, "jvm, python or r")),
    }
}

fn count_text(c: ExecutorCount) -> Option<String> {
    Some(match c {
        ExecutorCount::Exactly(n) => n.to_string(),
        ExecutorCount::AsManyAsFit => "max".into(),
    })
}

fn parse_executor_count(text: &str) -> Result<ExecutorCount, TextError> {
    if text.eq_ignore_ascii_case("max") {
        return Ok(ExecutorCount::AsManyAsFit);
    }
    parse_count_u32(text)
        .map(ExecutorCount::Exactly)
        .map_err(|_| choice(text, "a whole number, or max for as many as fit"))
}

/// Kubernetes keys (schema v1, `cm=k8s`). CPU in cores or millicores (`15.5`, `500m`), memory
/// in MiB unless a unit is given.
const K8S_PARAMS: &[Param<K8sInput>] = &[
    Param {
        id: F::Nodes,
        get: |i| Some(i.nodes.nodes.to_string()),
        set: |i, t| {
            i.nodes.nodes = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        id: F::NodeCpu,
        get: |i| cpu_text(i.nodes.capacity_cpu_millis),
        set: |i, t| {
            i.nodes.capacity_cpu_millis = parse_cpu(t)?;
            Ok(())
        },
    },
    Param {
        id: F::NodeMemory,
        get: |i| Some(i.nodes.capacity_memory_mib.to_string()),
        set: |i, t| {
            i.nodes.capacity_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::KubeReservedCpu,
        get: |i| cpu_text(i.nodes.reserved_cpu_millis),
        set: |i, t| {
            i.nodes.reserved_cpu_millis = parse_cpu(t)?;
            Ok(())
        },
    },
    Param {
        id: F::KubeReservedMemory,
        get: |i| Some(i.nodes.reserved_memory_mib.to_string()),
        set: |i, t| {
            i.nodes.reserved_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::DaemonsetCpu,
        get: |i| cpu_text(i.nodes.daemonset_cpu_millis),
        set: |i, t| {
            i.nodes.daemonset_cpu_millis = parse_cpu(t)?;
            Ok(())
        },
    },
    Param {
        id: F::DaemonsetMemory,
        get: |i| Some(i.nodes.daemonset_memory_mib.to_string()),
        set: |i, t| {
            i.nodes.daemonset_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::SparkVersion,
        get: |i| Some(i.spark.version.as_str().into()),
        set: |i, t| {
            i.spark.version = parse_version(t)?;
            Ok(())
        },
    },
    Param {
        id: F::DeployMode,
        get: |i| Some(i.spark.deploy_mode.as_str().into()),
        set: |i, t| {
            i.spark.deploy_mode = parse_mode(t)?;
            Ok(())
        },
    },
    Param {
        id: F::AppType,
        get: |i| app_text(i.spark.app_type),
        set: |i, t| {
            i.spark.app_type = parse_app(t)?;
            Ok(())
        },
    },
    Param {
        id: F::ExecutorInstances,
        get: |i| count_text(i.count),
        set: |i, t| {
            i.count = parse_executor_count(t)?;
            Ok(())
        },
    },
    Param {
        id: F::CoresPerExecutor,
        get: |i| Some(i.spark.executor_cores.to_string()),
        set: |i, t| {
            i.spark.executor_cores = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        id: F::ExecutorMemory,
        get: |i| Some(i.spark.executor_memory_mib.to_string()),
        set: |i, t| {
            i.spark.executor_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::ExecutorCpuRequest,
        get: |i| i.spark.request_cores.clone(),
        set: |i, t| {
            i.spark.request_cores = optional_cpu(t)?;
            Ok(())
        },
    },
    Param {
        id: F::ExecutorCpuLimit,
        get: |i| i.spark.limit_cores.clone(),
        set: |i, t| {
            i.spark.limit_cores = optional_cpu(t)?;
            Ok(())
        },
    },
    Param {
        id: F::TaskCpus,
        get: |i| Some(i.spark.task_cpus.to_string()),
        set: |i, t| {
            i.spark.task_cpus = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        id: F::OverheadFactor,
        get: |i| i.spark.overhead_factor.map(format_real),
        set: |i, t| {
            i.spark.overhead_factor = if t.is_empty() {
                None
            } else {
                Some(parse_factor(t)?)
            };
            Ok(())
        },
    },
    Param {
        id: F::K8sOverheadFactor,
        get: |i| i.spark.kubernetes_overhead_factor.map(format_real),
        set: |i, t| {
            i.spark.kubernetes_overhead_factor = if t.is_empty() {
                None
            } else {
                Some(parse_factor(t)?)
            };
            Ok(())
        },
    },
    Param {
        id: F::ExecutorOverhead,
        get: |i| i.spark.overhead_mib.map(|v| v.to_string()),
        set: |i, t| {
            i.spark.overhead_mib = if t.is_empty() {
                None
            } else {
                Some(parse_mib(t)?)
            };
            Ok(())
        },
    },
    Param {
        id: F::OverheadMinimum,
        get: |i| i.spark.executor_min_overhead_mib.map(|v| v.to_string()),
        set: |i, t| {
            i.spark.executor_min_overhead_mib = optional_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::DriverOverheadMinimum,
        get: |i| i.spark.driver_min_overhead_mib.map(|v| v.to_string()),
        set: |i, t| {
            i.spark.driver_min_overhead_mib = optional_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::OffHeapEnabled,
        get: |i| bit(i.spark.offheap.enabled),
        set: |i, t| {
            i.spark.offheap.enabled = on_off(t)?;
            Ok(())
        },
    },
    Param {
        id: F::OffHeapSize,
        get: |i| Some(i.spark.offheap.size_mib.to_string()),
        set: |i, t| {
            i.spark.offheap.size_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::PysparkMemory,
        get: |i| Some(i.spark.pyspark_memory_mib.to_string()),
        set: |i, t| {
            i.spark.pyspark_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::DriverMemory,
        get: |i| Some(i.spark.driver_memory_mib.to_string()),
        set: |i, t| {
            i.spark.driver_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::DriverCores,
        get: |i| Some(i.spark.driver_cores.to_string()),
        set: |i, t| {
            i.spark.driver_cores = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        id: F::DriverCpuRequest,
        get: |i| i.spark.driver_request_cores.clone(),
        set: |i, t| {
            i.spark.driver_request_cores = optional_cpu(t)?;
            Ok(())
        },
    },
    Param {
        id: F::DriverCpuLimit,
        get: |i| i.spark.driver_limit_cores.clone(),
        set: |i, t| {
            i.spark.driver_limit_cores = optional_cpu(t)?;
            Ok(())
        },
    },
    Param {
        id: F::Provider,
        get: |i| Some(i.nodes.managed.provider.as_str().into()),
        set: |i, t| {
            i.nodes.managed.provider =
                Provider::parse(t).ok_or_else(|| choice(t, "custom, eks, gke or aks"))?;
            Ok(())
        },
    },
    Param {
        id: F::NodeType,
        get: |i| i.nodes.managed.node_type.clone(),
        set: |i, t| {
            i.nodes.managed.node_type = (!t.is_empty()).then(|| t.to_string());
            Ok(())
        },
    },
    Param {
        id: F::MaxPods,
        get: |i| i.nodes.managed.max_pods.map(|p| p.to_string()),
        set: |i, t| {
            i.nodes.managed.max_pods = if t.is_empty() {
                None
            } else {
                Some(parse_count_u32(t)?)
            };
            Ok(())
        },
    },
];

/// EMR keys (schema v1, `cm=emr`).
const EMR_PARAMS: &[Param<EmrInput>] = &[
    Param {
        id: F::InstanceType,
        get: |i| Some(i.instance.name()),
        set: |i, t| {
            i.instance = if t.eq_ignore_ascii_case(CUSTOM) {
                i.instance.as_custom()
            } else {
                instance_type(t)
                    .ok_or_else(|| choice(t, "an instance type such as r5.4xlarge, or custom"))?
            };
            Ok(())
        },
    },
    // A custom instance's numbers (written only for a custom instance; setting one makes the
    // instance custom, keeping the other numbers).
    Param {
        id: F::InstanceVcpus,
        get: |i| custom_instance(i).map(|t| t.vcpus.to_string()),
        set: |i, t| {
            i.instance = InstanceType {
                vcpus: parse_count_u32(t)?,
                ..i.instance.as_custom()
            };
            Ok(())
        },
    },
    Param {
        id: F::InstanceMemory,
        get: |i| custom_instance(i).map(|t| t.memory_gib.to_string()),
        set: |i, t| {
            i.instance = InstanceType {
                memory_gib: parse_whole_gib(t)?,
                ..i.instance.as_custom()
            };
            Ok(())
        },
    },
    Param {
        id: F::InstanceYarnMemory,
        get: |i| custom_instance(i).map(|t| t.nodemanager_mb.to_string()),
        set: |i, t| {
            i.instance = InstanceType {
                nodemanager_mb: parse_mib(t)?,
                ..i.instance.as_custom()
            };
            Ok(())
        },
    },
    Param {
        id: F::MasterInstanceType,
        get: |i| Some(i.master.name()),
        set: |i, t| {
            i.master =
                instance_type(t).ok_or_else(|| choice(t, "an instance type such as m5.xlarge"))?;
            Ok(())
        },
    },
    Param {
        id: F::Nodes,
        get: |i| Some(i.core_nodes.to_string()),
        set: |i, t| {
            i.core_nodes = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        id: F::MaximizeResourceAllocation,
        get: |i| bit(i.maximize_resource_allocation),
        set: |i, t| {
            i.maximize_resource_allocation = on_off(t)?;
            Ok(())
        },
    },
    Param {
        id: F::HeterogeneousExecutors,
        get: |i| bit(i.heterogeneous_executors),
        set: |i, t| {
            i.heterogeneous_executors = on_off(t)?;
            Ok(())
        },
    },
    Param {
        id: F::ExecutorInstances,
        get: |i| Some(i.executors.to_string()),
        set: |i, t| {
            i.executors = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        id: F::ExecutorMemory,
        get: |i| Some(i.executor_memory_mib.to_string()),
        set: |i, t| {
            i.executor_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::CoresPerExecutor,
        get: |i| Some(i.executor_cores.to_string()),
        set: |i, t| {
            i.executor_cores = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        id: F::TaskCpus,
        get: |i| Some(i.task_cpus.to_string()),
        set: |i, t| {
            i.task_cpus = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        id: F::OverheadFactor,
        get: |i| Some(format_real(i.overhead_factor)),
        set: |i, t| {
            i.overhead_factor = parse_factor(t)?;
            Ok(())
        },
    },
    Param {
        id: F::ExecutorOverhead,
        get: |i| i.executor_overhead_mib.map(|v| v.to_string()),
        set: |i, t| {
            i.executor_overhead_mib = optional_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::DriverOverhead,
        get: |i| i.driver_overhead_mib.map(|v| v.to_string()),
        set: |i, t| {
            i.driver_overhead_mib = optional_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::ExecutorMaxCores,
        get: |i| i.max_cores.map(|v| v.to_string()),
        set: |i, t| {
            i.max_cores = if t.is_empty() {
                None
            } else {
                Some(parse_count_u32(t)?)
            };
            Ok(())
        },
    },
    Param {
        id: F::ExecutorMaxMemory,
        get: |i| i.max_memory_mib.map(|v| v.to_string()),
        set: |i, t| {
            i.max_memory_mib = if t.is_empty() {
                None
            } else {
                Some(parse_mib(t)?)
            };
            Ok(())
        },
    },
    EmrInput::DYNAMIC_ALLOCATION,
    Param {
        id: F::DeployMode,
        get: |i| Some(i.deploy_mode.as_str().into()),
        set: |i, t| {
            i.deploy_mode = parse_mode(t)?;
            Ok(())
        },
    },
    Param {
        id: F::DriverMemory,
        get: |i| Some(i.driver_memory_mib.to_string()),
        set: |i, t| {
            i.driver_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::DriverCores,
        get: |i| Some(i.driver_cores.to_string()),
        set: |i, t| {
            i.driver_cores = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        id: F::AmMemory,
        get: |i| Some(i.am_memory_mib.to_string()),
        set: |i, t| {
            i.am_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        id: F::AmCores,
        get: |i| Some(i.am_cores.to_string()),
        set: |i, t| {
            i.am_cores = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        id: F::Calculator,
        get: |i| {
            Some(match i.calculator {
                Calculator::Dominant => "dominant".into(),
                Calculator::Default => "default".into(),
            })
        },
        set: |i, t| {
            i.calculator = match t {
                "dominant" => Calculator::Dominant,
                "default" => Calculator::Default,
                _ => return Err(choice(t, "dominant or default")),
            };
            Ok(())
        },
    },
];

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
    fn every_param_is_a_catalog_field_and_every_field_has_a_param() {
        fn check<T>(schema: &Schema<T>) {
            let m = schema.manager.as_str();
            let ids: Vec<F> = schema.params.iter().map(|p| p.id).collect();
            for (i, id) in ids.iter().enumerate() {
                assert!(catalog::entry(schema.manager, *id).is_some(), "{m}: {id:?}");
                assert!(!ids[..i].contains(id), "{m}: {id:?} twice");
            }
            for e in catalog::entries(schema.manager) {
                assert!(ids.contains(&e.id), "{m}: no param for {}", e.key);
            }
        }
        check(&YARN);
        check(&KUBERNETES);
        check(&EMR);
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
