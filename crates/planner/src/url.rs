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
//! | `meth` | `exact` / `rule` | `mf`, `sf` | memory fraction, storage fraction |
//! | `cpe` | cores per executor | `tgt` | memory target per executor |
//! | `gran` | `gib` / `mib` | `share` | cluster share, percent |
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
//! | `off`, `offs`, `py` | as for YARN | `dm`, `dc`, `drq`, `dlim` | driver memory, cores, CPU request, limit |
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
//! | `calc` | `dominant` / `default` | | |

use crate::emr::{instance_type, EmrInput};
use crate::input::{Field, MaximumAllocation, Method, NodeManagerResources, PlanInput};
use crate::k8s::{format_cpu, parse_cpu_millis, K8sInput};
use crate::place::ExecutorCount;
use crate::spark::{AppType, DeployMode, SparkVersion};
use crate::text::{
    format_real, parse_count, parse_count_u32, parse_mib, parse_percent, parse_real, parse_size,
    SizeUnit, TextError,
};
use crate::yarn::Calculator;
use crate::Granularity;

/// The schema version this codec writes.
pub const SCHEMA_VERSION: u32 = 1;

/// One query-string key of an input of type `T`.
struct Param<T: 'static> {
    key: &'static str,
    field: Option<Field>,
    get: fn(&T) -> Option<String>,
    set: fn(&mut T, &str) -> Result<(), TextError>,
}

/// Appends `&key=value` for every value of `input` that differs from `T::default()`.
fn encode_params<T: Default>(params: &[Param<T>], input: &T, out: &mut String) {
    let defaults = T::default();
    for p in params {
        if let Some(v) = (p.get)(input).filter(|v| Some(v) != (p.get)(&defaults).as_ref()) {
            out.push('&');
            out.push_str(p.key);
            out.push('=');
            out.push_str(&encode_component(&v));
        }
    }
}

/// Sets `key` from `text`; `None` when the schema has no such key.
fn apply_param<T>(
    params: &[Param<T>],
    key: &str,
    input: &mut T,
    text: &str,
) -> Option<(Option<Field>, Result<(), TextError>)> {
    params
        .iter()
        .find(|p| p.key == key)
        .map(|p| (p.field, (p.set)(input, text.trim())))
}

fn choice(text: &str, expected: &'static str) -> TextError {
    TextError {
        text: text.to_string(),
        expected,
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

const PARAMS: &[Param<PlanInput>] = &[
    Param {
        key: "n",
        field: Some(Field::Nodes),
        get: |i| Some(i.cluster.nodes.to_string()),
        set: |i, t| {
            i.cluster.nodes = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        key: "c",
        field: Some(Field::CoresPerNode),
        get: |i| Some(i.cluster.cores_per_node.to_string()),
        set: |i, t| {
            i.cluster.cores_per_node = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        key: "m",
        field: Some(Field::MemoryPerNode),
        get: |i| Some(format_real(i.cluster.memory_per_node_gib)),
        set: |i, t| {
            i.cluster.memory_per_node_gib = parse_size(t, SizeUnit::GiB)?;
            Ok(())
        },
    },
    Param {
        key: "rc",
        field: Some(Field::ReservedCores),
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
        key: "rm",
        field: Some(Field::ReservedMemory),
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
        key: "nmm",
        field: Some(Field::NodeManagerMemory),
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
        key: "nmv",
        field: Some(Field::NodeManagerVcores),
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
        key: "amin",
        field: Some(Field::MinimumAllocation),
        get: |i| Some(i.scheduler.minimum_allocation_mb.to_string()),
        set: |i, t| {
            i.scheduler.minimum_allocation_mb = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        key: "ainc",
        field: Some(Field::Increment),
        get: |i| i.scheduler.increment_mb.map(|v| v.to_string()),
        set: |i, t| {
            i.scheduler.increment_mb = Some(parse_mib(t)?);
            Ok(())
        },
    },
    Param {
        key: "amax",
        field: Some(Field::MaximumAllocationMemory),
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
        key: "vmax",
        field: Some(Field::MaximumAllocationVcores),
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
        key: "calc",
        field: None,
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
        key: "sv",
        field: None,
        get: |i| Some(i.spark.version.as_str().into()),
        set: |i, t| {
            i.spark.version = SparkVersion::parse(t).ok_or_else(|| choice(t, "3.5 or 4.0"))?;
            Ok(())
        },
    },
    Param {
        key: "mode",
        field: None,
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
        key: "app",
        field: None,
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
        key: "dm",
        field: Some(Field::DriverMemory),
        get: |i| Some(i.spark.driver_memory_mib.to_string()),
        set: |i, t| {
            i.spark.driver_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        key: "dc",
        field: Some(Field::DriverCores),
        get: |i| Some(i.spark.driver_cores.to_string()),
        set: |i, t| {
            i.spark.driver_cores = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        key: "amm",
        field: Some(Field::AmMemory),
        get: |i| Some(i.spark.am_memory_mib.to_string()),
        set: |i, t| {
            i.spark.am_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        key: "amc",
        field: Some(Field::AmCores),
        get: |i| Some(i.spark.am_cores.to_string()),
        set: |i, t| {
            i.spark.am_cores = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        key: "of",
        field: Some(Field::OverheadFactor),
        get: |i| Some(format_real(i.spark.overhead_factor)),
        set: |i, t| {
            i.spark.overhead_factor = parse_real(t)?;
            Ok(())
        },
    },
    Param {
        key: "omin",
        field: Some(Field::OverheadMinimum),
        get: |i| Some(i.spark.overhead_minimum_mib.to_string()),
        set: |i, t| {
            i.spark.overhead_minimum_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        key: "ovh",
        field: Some(Field::ExecutorOverhead),
        get: |i| i.spark.executor_overhead_mib.map(|v| v.to_string()),
        set: |i, t| {
            i.spark.executor_overhead_mib = Some(parse_mib(t)?);
            Ok(())
        },
    },
    Param {
        key: "off",
        field: None,
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
        key: "offs",
        field: Some(Field::OffHeapSize),
        get: |i| Some(i.spark.offheap.size_mib.to_string()),
        set: |i, t| {
            i.spark.offheap.size_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        key: "py",
        field: Some(Field::PysparkMemory),
        get: |i| Some(i.spark.pyspark_memory_mib.to_string()),
        set: |i, t| {
            i.spark.pyspark_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        key: "mf",
        field: Some(Field::MemoryFraction),
        get: |i| Some(format_real(i.spark.memory_fraction)),
        set: |i, t| {
            i.spark.memory_fraction = parse_real(t)?;
            Ok(())
        },
    },
    Param {
        key: "sf",
        field: Some(Field::StorageFraction),
        get: |i| Some(format_real(i.spark.storage_fraction)),
        set: |i, t| {
            i.spark.storage_fraction = parse_real(t)?;
            Ok(())
        },
    },
    Param {
        key: "meth",
        field: None,
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
        key: "cpe",
        field: Some(Field::CoresPerExecutor),
        get: |i| Some(i.policy.cores_per_executor.to_string()),
        set: |i, t| {
            i.policy.cores_per_executor = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        key: "tgt",
        field: Some(Field::MemoryTarget),
        get: |i| i.policy.memory_target_mib.map(|v| v.to_string()),
        set: |i, t| {
            i.policy.memory_target_mib = Some(parse_mib(t)?);
            Ok(())
        },
    },
    Param {
        key: "gran",
        field: None,
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
        key: "share",
        field: Some(Field::ClusterShare),
        get: |i| Some(format_real(i.policy.cluster_share_pct)),
        set: |i, t| {
            i.policy.cluster_share_pct = parse_percent(t)?;
            Ok(())
        },
    },
];

/// Every key this schema knows, in encoding order (`v` excluded).
pub fn keys() -> impl Iterator<Item = &'static str> {
    PARAMS.iter().map(|p| p.key)
}

/// The form field a key belongs to (`None` for choices such as `calc`).
pub fn field_of(key: &str) -> Option<Field> {
    PARAMS.iter().find(|p| p.key == key).and_then(|p| p.field)
}

/// The canonical text of `key` in `input` (`None` when the key does not apply, such as `rc`
/// when the NodeManager's resources are given explicitly).
pub fn text_of(key: &str, input: &PlanInput) -> Option<String> {
    PARAMS
        .iter()
        .find(|p| p.key == key)
        .and_then(|p| (p.get)(input))
}

/// Sets `key` in `input` from typed text, exactly as a link's value would be read.
pub fn apply(key: &str, input: &mut PlanInput, text: &str) -> Result<(), TextError> {
    match PARAMS.iter().find(|p| p.key == key) {
        Some(p) => (p.set)(input, text.trim()),
        None => Err(TextError {
            text: key.to_string(),
            expected: "a known key",
        }),
    }
}

/// The query-string key of a field.
pub fn key_of(field: Field) -> &'static str {
    PARAMS
        .iter()
        .find(|p| p.field == Some(field))
        .map_or("", |p| p.key)
}

/// The query-string key of a field in `m`'s schema (`""` when it has none).
pub fn key_of_in(m: Manager, field: Field) -> &'static str {
    fn find<T>(params: &[Param<T>], field: Field) -> &'static str {
        params
            .iter()
            .find(|p| p.field == Some(field))
            .map_or("", |p| p.key)
    }
    match m {
        Manager::Yarn => find(PARAMS, field),
        Manager::Kubernetes => find(K8S_PARAMS, field),
        Manager::Emr => find(EMR_PARAMS, field),
    }
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
    encode_params(PARAMS, input, &mut out);
    out
}

/// A query value that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadParam {
    /// The key.
    pub key: String,
    /// The form field it belongs to, when it has one.
    pub field: Option<Field>,
    /// Why it was not accepted.
    pub error: TextError,
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
    let (version, unknown, bad) = decode_params(PARAMS, query, &mut input);
    Decoded {
        input,
        version,
        unknown,
        bad,
    }
}

/// Reads every pair of `query` into `input` with `params`; `cm` is left to the caller.
/// Returns the version, the unknown keys and the unreadable values.
fn decode_params<T>(
    params: &[Param<T>],
    query: &str,
    input: &mut T,
) -> (Option<u32>, Vec<String>, Vec<BadParam>) {
    let (mut version, mut unknown, mut bad) = (None, Vec::new(), Vec::new());
    for (k, v) in pairs(query) {
        if k == "cm" {
            continue;
        }
        if k == "v" {
            match parse_count(&v) {
                Ok(n) => version = Some(u32::try_from(n).unwrap_or(u32::MAX)),
                Err(error) => bad.push(BadParam {
                    key: k,
                    field: None,
                    error,
                }),
            }
            continue;
        }
        match apply_param(params, &k, input, &v) {
            Some((field, Err(error))) => bad.push(BadParam {
                key: k,
                field,
                error,
            }),
            Some((_, Ok(()))) => {}
            None => unknown.push(k),
        }
    }
    (version, unknown, bad)
}

/// Splits a query string into decoded key/value pairs.
fn pairs(query: &str) -> impl Iterator<Item = (String, String)> + '_ {
    let query = query.strip_prefix('?').unwrap_or(query);
    query.split('&').filter(|s| !s.is_empty()).map(|pair| {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        (decode_component(k), decode_component(v))
    })
}

/// The cluster manager a link plans for (`cm`; absent means YARN, so links from before
/// Kubernetes and EMR support still open).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Manager {
    /// Plain YARN (`cm` absent or `yarn`).
    #[default]
    Yarn,
    /// Kubernetes (`cm=k8s`).
    Kubernetes,
    /// Amazon EMR on YARN (`cm=emr`).
    Emr,
}

impl Manager {
    /// The `cm` value.
    pub fn as_str(self) -> &'static str {
        match self {
            Manager::Yarn => "yarn",
            Manager::Kubernetes => "k8s",
            Manager::Emr => "emr",
        }
    }

    /// Reads a `cm` value.
    pub fn parse(s: &str) -> Option<Manager> {
        match s {
            "yarn" => Some(Manager::Yarn),
            "k8s" => Some(Manager::Kubernetes),
            "emr" => Some(Manager::Emr),
            _ => None,
        }
    }
}

/// An input for any cluster manager.
#[derive(Debug, Clone, PartialEq)]
pub enum Scenario {
    /// YARN.
    Yarn(PlanInput),
    /// Kubernetes.
    Kubernetes(K8sInput),
    /// Amazon EMR.
    Emr(EmrInput),
}

impl Default for Scenario {
    fn default() -> Scenario {
        Scenario::Yarn(PlanInput::default())
    }
}

impl Scenario {
    /// Which cluster manager.
    pub fn manager(&self) -> Manager {
        match self {
            Scenario::Yarn(_) => Manager::Yarn,
            Scenario::Kubernetes(_) => Manager::Kubernetes,
            Scenario::Emr(_) => Manager::Emr,
        }
    }

    /// The default input for `m`.
    pub fn default_for(m: Manager) -> Scenario {
        match m {
            Manager::Yarn => Scenario::Yarn(PlanInput::default()),
            Manager::Kubernetes => Scenario::Kubernetes(K8sInput::default()),
            Manager::Emr => Scenario::Emr(EmrInput::default()),
        }
    }
}

/// Every key of `m`'s schema, in encoding order (`v` and `cm` excluded).
pub fn manager_keys(m: Manager) -> Vec<&'static str> {
    match m {
        Manager::Yarn => PARAMS.iter().map(|p| p.key).collect(),
        Manager::Kubernetes => K8S_PARAMS.iter().map(|p| p.key).collect(),
        Manager::Emr => EMR_PARAMS.iter().map(|p| p.key).collect(),
    }
}

/// The canonical text of `key` in `s`, when the key belongs to its schema and applies.
pub fn scenario_text_of(key: &str, s: &Scenario) -> Option<String> {
    fn get<T>(params: &[Param<T>], key: &str, input: &T) -> Option<String> {
        params
            .iter()
            .find(|p| p.key == key)
            .and_then(|p| (p.get)(input))
    }
    match s {
        Scenario::Yarn(i) => get(PARAMS, key, i),
        Scenario::Kubernetes(i) => get(K8S_PARAMS, key, i),
        Scenario::Emr(i) => get(EMR_PARAMS, key, i),
    }
}

/// Sets `key` in `s` from typed text; an error when the key is not in its schema.
pub fn scenario_apply(key: &str, s: &mut Scenario, text: &str) -> Result<(), TextError> {
    let found = match s {
        Scenario::Yarn(i) => apply_param(PARAMS, key, i, text),
        Scenario::Kubernetes(i) => apply_param(K8S_PARAMS, key, i, text),
        Scenario::Emr(i) => apply_param(EMR_PARAMS, key, i, text),
    };
    found.map_or_else(
        || {
            Err(TextError {
                text: key.to_string(),
                expected: "a known key",
            })
        },
        |(_, r)| r,
    )
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
    match s {
        Scenario::Yarn(i) => encode_params(PARAMS, i, &mut out),
        Scenario::Kubernetes(i) => {
            out.push_str("&cm=k8s");
            encode_params(K8S_PARAMS, i, &mut out);
        }
        Scenario::Emr(i) => {
            out.push_str("&cm=emr");
            encode_params(EMR_PARAMS, i, &mut out);
        }
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
}

/// Decodes a link for any cluster manager. Never fails.
pub fn scenario_from_query(query: &str) -> DecodedScenario {
    let mut bad = Vec::new();
    let mut manager = Manager::Yarn;
    for (k, v) in pairs(query).filter(|(k, _)| k == "cm") {
        match Manager::parse(v.trim()) {
            Some(m) => manager = m,
            None => bad.push(BadParam {
                key: k,
                field: None,
                error: choice(&v, "yarn, k8s or emr"),
            }),
        }
    }
    let mut scenario = Scenario::default_for(manager);
    let (version, unknown, more_bad) = match &mut scenario {
        Scenario::Yarn(i) => decode_params(PARAMS, query, i),
        Scenario::Kubernetes(i) => decode_params(K8S_PARAMS, query, i),
        Scenario::Emr(i) => decode_params(EMR_PARAMS, query, i),
    };
    bad.extend(more_bad);
    DecodedScenario {
        scenario,
        version,
        unknown,
        bad,
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
        key: "n",
        field: Some(Field::Nodes),
        get: |i| Some(i.nodes.nodes.to_string()),
        set: |i, t| {
            i.nodes.nodes = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        key: "kcpu",
        field: None,
        get: |i| cpu_text(i.nodes.capacity_cpu_millis),
        set: |i, t| {
            i.nodes.capacity_cpu_millis = parse_cpu(t)?;
            Ok(())
        },
    },
    Param {
        key: "kmem",
        field: None,
        get: |i| Some(i.nodes.capacity_memory_mib.to_string()),
        set: |i, t| {
            i.nodes.capacity_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        key: "krcpu",
        field: None,
        get: |i| cpu_text(i.nodes.reserved_cpu_millis),
        set: |i, t| {
            i.nodes.reserved_cpu_millis = parse_cpu(t)?;
            Ok(())
        },
    },
    Param {
        key: "krmem",
        field: None,
        get: |i| Some(i.nodes.reserved_memory_mib.to_string()),
        set: |i, t| {
            i.nodes.reserved_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        key: "dscpu",
        field: None,
        get: |i| cpu_text(i.nodes.daemonset_cpu_millis),
        set: |i, t| {
            i.nodes.daemonset_cpu_millis = parse_cpu(t)?;
            Ok(())
        },
    },
    Param {
        key: "dsmem",
        field: None,
        get: |i| Some(i.nodes.daemonset_memory_mib.to_string()),
        set: |i, t| {
            i.nodes.daemonset_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        key: "sv",
        field: None,
        get: |i| Some(i.spark.version.as_str().into()),
        set: |i, t| {
            i.spark.version = parse_version(t)?;
            Ok(())
        },
    },
    Param {
        key: "mode",
        field: None,
        get: |i| Some(i.spark.deploy_mode.as_str().into()),
        set: |i, t| {
            i.spark.deploy_mode = parse_mode(t)?;
            Ok(())
        },
    },
    Param {
        key: "app",
        field: None,
        get: |i| app_text(i.spark.app_type),
        set: |i, t| {
            i.spark.app_type = parse_app(t)?;
            Ok(())
        },
    },
    Param {
        key: "cnt",
        field: None,
        get: |i| count_text(i.count),
        set: |i, t| {
            i.count = parse_executor_count(t)?;
            Ok(())
        },
    },
    Param {
        key: "cpe",
        field: Some(Field::CoresPerExecutor),
        get: |i| Some(i.spark.executor_cores.to_string()),
        set: |i, t| {
            i.spark.executor_cores = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        key: "em",
        field: Some(Field::ExecutorMemory),
        get: |i| Some(i.spark.executor_memory_mib.to_string()),
        set: |i, t| {
            i.spark.executor_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        key: "rq",
        field: None,
        get: |i| i.spark.request_cores.clone(),
        set: |i, t| {
            i.spark.request_cores = optional_cpu(t)?;
            Ok(())
        },
    },
    Param {
        key: "lim",
        field: None,
        get: |i| i.spark.limit_cores.clone(),
        set: |i, t| {
            i.spark.limit_cores = optional_cpu(t)?;
            Ok(())
        },
    },
    Param {
        key: "tc",
        field: None,
        get: |i| Some(i.spark.task_cpus.to_string()),
        set: |i, t| {
            i.spark.task_cpus = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        key: "kof",
        field: None,
        get: |i| i.spark.overhead_factor.map(format_real),
        set: |i, t| {
            i.spark.overhead_factor = if t.is_empty() {
                None
            } else {
                Some(parse_real(t)?)
            };
            Ok(())
        },
    },
    Param {
        key: "ovh",
        field: Some(Field::ExecutorOverhead),
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
        key: "off",
        field: None,
        get: |i| bit(i.spark.offheap.enabled),
        set: |i, t| {
            i.spark.offheap.enabled = on_off(t)?;
            Ok(())
        },
    },
    Param {
        key: "offs",
        field: Some(Field::OffHeapSize),
        get: |i| Some(i.spark.offheap.size_mib.to_string()),
        set: |i, t| {
            i.spark.offheap.size_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        key: "py",
        field: Some(Field::PysparkMemory),
        get: |i| Some(i.spark.pyspark_memory_mib.to_string()),
        set: |i, t| {
            i.spark.pyspark_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        key: "dm",
        field: Some(Field::DriverMemory),
        get: |i| Some(i.spark.driver_memory_mib.to_string()),
        set: |i, t| {
            i.spark.driver_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        key: "dc",
        field: Some(Field::DriverCores),
        get: |i| Some(i.spark.driver_cores.to_string()),
        set: |i, t| {
            i.spark.driver_cores = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        key: "drq",
        field: None,
        get: |i| i.spark.driver_request_cores.clone(),
        set: |i, t| {
            i.spark.driver_request_cores = optional_cpu(t)?;
            Ok(())
        },
    },
    Param {
        key: "dlim",
        field: None,
        get: |i| i.spark.driver_limit_cores.clone(),
        set: |i, t| {
            i.spark.driver_limit_cores = optional_cpu(t)?;
            Ok(())
        },
    },
];

/// EMR keys (schema v1, `cm=emr`).
const EMR_PARAMS: &[Param<EmrInput>] = &[
    Param {
        key: "it",
        field: None,
        get: |i| Some(i.instance.name()),
        set: |i, t| {
            i.instance =
                instance_type(t).ok_or_else(|| choice(t, "an instance type such as r5.4xlarge"))?;
            Ok(())
        },
    },
    Param {
        key: "mt",
        field: None,
        get: |i| Some(i.master.name()),
        set: |i, t| {
            i.master =
                instance_type(t).ok_or_else(|| choice(t, "an instance type such as m5.xlarge"))?;
            Ok(())
        },
    },
    Param {
        key: "n",
        field: Some(Field::Nodes),
        get: |i| Some(i.core_nodes.to_string()),
        set: |i, t| {
            i.core_nodes = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        key: "max",
        field: None,
        get: |i| bit(i.maximize_resource_allocation),
        set: |i, t| {
            i.maximize_resource_allocation = on_off(t)?;
            Ok(())
        },
    },
    Param {
        key: "het",
        field: None,
        get: |i| bit(i.heterogeneous_executors),
        set: |i, t| {
            i.heterogeneous_executors = on_off(t)?;
            Ok(())
        },
    },
    Param {
        key: "cnt",
        field: None,
        get: |i| Some(i.executors.to_string()),
        set: |i, t| {
            i.executors = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        key: "em",
        field: Some(Field::ExecutorMemory),
        get: |i| Some(i.executor_memory_mib.to_string()),
        set: |i, t| {
            i.executor_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        key: "cpe",
        field: Some(Field::CoresPerExecutor),
        get: |i| Some(i.executor_cores.to_string()),
        set: |i, t| {
            i.executor_cores = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        key: "of",
        field: Some(Field::OverheadFactor),
        get: |i| Some(format_real(i.overhead_factor)),
        set: |i, t| {
            i.overhead_factor = parse_real(t)?;
            Ok(())
        },
    },
    Param {
        key: "mxc",
        field: Some(Field::ExecutorMaxCores),
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
        key: "mxm",
        field: Some(Field::ExecutorMaxMemory),
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
    Param {
        key: "dyn",
        field: None,
        get: |i| bit(i.dynamic_allocation),
        set: |i, t| {
            i.dynamic_allocation = on_off(t)?;
            Ok(())
        },
    },
    Param {
        key: "mode",
        field: None,
        get: |i| Some(i.deploy_mode.as_str().into()),
        set: |i, t| {
            i.deploy_mode = parse_mode(t)?;
            Ok(())
        },
    },
    Param {
        key: "dm",
        field: Some(Field::DriverMemory),
        get: |i| Some(i.driver_memory_mib.to_string()),
        set: |i, t| {
            i.driver_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        key: "dc",
        field: Some(Field::DriverCores),
        get: |i| Some(i.driver_cores.to_string()),
        set: |i, t| {
            i.driver_cores = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        key: "amm",
        field: Some(Field::AmMemory),
        get: |i| Some(i.am_memory_mib.to_string()),
        set: |i, t| {
            i.am_memory_mib = parse_mib(t)?;
            Ok(())
        },
    },
    Param {
        key: "amc",
        field: Some(Field::AmCores),
        get: |i| Some(i.am_cores.to_string()),
        set: |i, t| {
            i.am_cores = parse_count_u32(t)?;
            Ok(())
        },
    },
    Param {
        key: "calc",
        field: None,
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
            out.push_str(&format!("%{b:02X}"));
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
    fn percent_decoding_is_total() {
        for s in ["%", "%4", "%zz", "a%2", "%E2%82%AC", "+"] {
            let _ = decode_component(s);
        }
        assert_eq!(decode_component("%E2%82%AC+x"), "€ x");
        assert_eq!(encode_component("64 GB"), "64%20GB");
    }
}
