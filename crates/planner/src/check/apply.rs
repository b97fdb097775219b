//! The pasted settings checked key by key (as Spark would read each value) and turned into the
//! settings of a cluster manager's scenario: keys not pasted take Spark's defaults on YARN and
//! Kubernetes, and the form's values (EMR's `spark-defaults` for that cluster) on EMR.

use super::keys::{self, ValueKind};
use super::{BadValue, Effective, Finding, FindingKind, Origin, Pasted, Setting};
use crate::dynamic_allocation::{DynamicAllocation, DynamicAllocationSettings, ShuffleKeeping};
use crate::emr::EmrInput;
use crate::input::{OffHeap, PlanInput, SparkSettings};
use crate::k8s::{parse_cpu_millis, K8sInput, K8sSpark};
use crate::place::ExecutorCount;
use crate::resources::GpuAsk;
use crate::scenario::{ClusterManager, Scenario};
use crate::spark::{keys as k, AppType, DeployMode, SparkVersion};
use crate::units::{conf_bytes, ByteUnit, MIB};

/// What a key or its value gives to say, whatever the cluster manager.
pub(super) fn setting_findings(s: &Setting) -> Vec<FindingKind> {
    let key = s.key.as_str();
    if let Some(kind) = unreadable_key(key) {
        return vec![kind];
    }
    if !key.starts_with("spark.") {
        return vec![FindingKind::NonSparkKey { key: s.key.clone() }];
    }
    if let Some(d) = keys::deprecated(key) {
        return vec![FindingKind::Deprecated {
            key: s.key.clone(),
            replacement: d.replacement,
            since: d.since,
        }];
    }
    if keys::LEGACY_MEMORY_KEYS.contains(&key) {
        let why = super::Ignored::LegacyMemory;
        return vec![FindingKind::IgnoredKey {
            key: s.key.clone(),
            why,
        }];
    }
    if let Some(kind) = java_options_refused(key, &s.value) {
        return vec![kind];
    }
    match keys::known(key) {
        Some(known) => value_finding(key, &s.value, known.kind)
            .into_iter()
            .collect(),
        None => unknown_key(key),
    }
}

/// A key that holds an invisible character, a curly quote or a Unicode space: Spark reads it
/// as part of the key and does not know the key.
fn unreadable_key(key: &str) -> Option<FindingKind> {
    let invisible = |c: char| {
        matches!(
            c,
            '\u{feff}' | '\u{200b}'..='\u{200d}' | '\u{2060}' | '\u{ad}'
        )
    };
    if let Some(character) = key.chars().find(|c| invisible(*c)) {
        let shown: String = key
            .chars()
            .take(80)
            .map(|c| {
                if invisible(c) {
                    format!("<U+{:04X}>", u32::from(c))
                } else {
                    c.to_string()
                }
            })
            .collect();
        return Some(FindingKind::InvisibleCharacter {
            key: shown,
            character,
        });
    }
    let lookalike = super::Lookalike::in_word(key)?;
    Some(FindingKind::Mistyped {
        word: key.chars().take(60).collect(),
        lookalike,
        outcome: super::SubmitOutcome::KeyIgnored,
    })
}

/// A key Spark does not know: a slip of a known key ("did you mean"), or a `spark.kubernetes.*`
/// key Spark on Kubernetes does not define.
fn unknown_key(key: &str) -> Vec<FindingKind> {
    let kubernetes = key.starts_with("spark.kubernetes.");
    if kubernetes && keys::is_kubernetes_key(key) {
        return Vec::new();
    }
    let suggestion = keys::nearest_known(key).or_else(|| {
        kubernetes
            .then(|| keys::nearest_kubernetes_key(key))
            .flatten()
    });
    match suggestion {
        Some(suggestion) => vec![FindingKind::Misspelt {
            key: key.to_string(),
            suggestion,
        }],
        None if kubernetes => vec![FindingKind::IgnoredKey {
            key: key.to_string(),
            why: super::Ignored::UnknownKubernetesKey,
        }],
        None => Vec::new(),
    }
}

/// Java options Spark refuses where they are given: a heap size in the executors' options
/// (`SparkConf.validateSettings`: `-Xmx` or `-Dspark` in `spark.executor.extraJavaOptions` or
/// `spark.executor.defaultJavaOptions`) or in the driver's (spark-submit's launcher,
/// `SparkSubmitCommandBuilder.checkJavaOptions`: an option starting with `-Xmx`, in any deploy
/// mode). (`spark.yarn.am.extraJavaOptions` is refused only in client mode and ignored in
/// cluster mode, `yarn.Client`: not judged here.)
fn java_options_refused(key: &str, value: &str) -> Option<FindingKind> {
    use super::JavaOption;
    let sets = match key {
        k::EXECUTOR_EXTRA_JAVA_OPTIONS | "spark.executor.defaultJavaOptions" => {
            if value.contains("-Xmx") {
                JavaOption::MaxHeap
            } else if value.contains("-Dspark") {
                JavaOption::SparkSetting
            } else {
                return None;
            }
        }
        k::DRIVER_EXTRA_JAVA_OPTIONS | "spark.driver.defaultJavaOptions"
            if value.split_whitespace().any(|o| o.starts_with("-Xmx")) =>
        {
            JavaOption::MaxHeap
        }
        _ => return None,
    };
    Some(FindingKind::JavaOptionsRefused {
        key: key.to_string(),
        value: value.to_string(),
        sets,
    })
}

/// A value Spark would refuse for a key of `kind`, as a finding.
fn value_finding(key: &str, value: &str, kind: ValueKind) -> Option<FindingKind> {
    if value.contains('$') {
        return Some(FindingKind::ShellVariable {
            key: key.to_string(),
            value: value.to_string(),
        });
    }
    let positive = matches!(key, k::EXECUTOR_MEMORY | k::DRIVER_MEMORY);
    let reason = match value_problem(value, kind) {
        // spark-submit refuses a heap of 0 ("… memory must be a positive number").
        None if positive && conf_bytes(value, ByteUnit::Byte) == Ok(0) => {
            BadValue::OutOfRange("must be a positive number")
        }
        other => other?,
    };
    Some(FindingKind::BadValue {
        key: key.to_string(),
        value: value.to_string(),
        reason,
    })
}

/// Why Spark would refuse `value` for a key of `kind` (`None`: it reads it).
pub(super) fn value_problem(value: &str, kind: ValueKind) -> Option<BadValue> {
    let v = value.trim();
    match kind {
        ValueKind::Size(unit) => match conf_bytes(value, unit) {
            Err(e) => Some(BadValue::Size(e)),
            Ok(n) if n < 0 => Some(BadValue::OutOfRange("must not be negative")),
            Ok(_) => None,
        },
        ValueKind::PositiveInt => match v.parse::<i32>() {
            Err(_) => Some(BadValue::NotInt),
            Ok(n) if n < 1 => Some(BadValue::OutOfRange("must be a positive integer")),
            Ok(_) => None,
        },
        ValueKind::Count => match v.parse::<i32>() {
            Err(_) => Some(BadValue::NotInt),
            Ok(n) if n < 0 => Some(BadValue::OutOfRange("must not be negative")),
            Ok(_) => None,
        },
        ValueKind::Factor => match crate::fixed::parse_f64(v) {
            None => Some(BadValue::NotNumber),
            Some(f) if f <= 0.0 => Some(BadValue::OutOfRange("must be a number greater than 0")),
            Some(_) => None,
        },
        ValueKind::Fraction => match crate::fixed::parse_f64(v) {
            None => Some(BadValue::NotNumber),
            Some(f) if !(0.0..=1.0).contains(&f) => {
                Some(BadValue::OutOfRange("must be between 0 and 1"))
            }
            Some(_) => None,
        },
        ValueKind::Bool => (!(v.eq_ignore_ascii_case("true") || v.eq_ignore_ascii_case("false")))
            .then_some(BadValue::NotBool),
        ValueKind::CpuQuantity => parse_cpu_millis(v).err().map(|_| BadValue::NotCpuQuantity),
        ValueKind::DeployMode => {
            (!matches!(v, "client" | "cluster")).then_some(BadValue::NotDeployMode)
        }
        ValueKind::Text => None,
    }
}

/// The pasted settings applied to a scenario: what the check plans.
#[derive(Debug, Clone, PartialEq)]
pub struct Applied {
    /// The form's cluster with the pasted Spark settings (Spark's defaults for the rest on YARN
    /// and Kubernetes; the form's, which stand for EMR's `spark-defaults`, on EMR).
    pub scenario: Scenario,
    /// `spark.executor.memory` in MiB (YARN's form plans the heap itself, so it is kept here).
    pub executor_heap_mib: u64,
    /// `spark.executor.cores`.
    pub executor_cores: u32,
    /// Executors asked for: `spark.executor.instances` (Spark's default 2), or with dynamic
    /// allocation its maximum, or as many as fit when no maximum is set.
    pub count: ExecutorCount,
    /// `spark.executor.instances` as pasted (on EMR, the form's count when not pasted): with
    /// dynamic allocation, one of the three settings Spark starts from.
    pub instances: Option<u32>,
    /// What applying found: keys the scenario cannot hold, a master of another manager.
    pub findings: Vec<Finding>,
}

/// The values that stand, read leniently: a value Spark would refuse is reported by
/// [`setting_findings`] and left out here (the default stands).
struct Values(Vec<Effective>);

impl Values {
    fn text(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|e| e.key == key)
            .map(|e| e.value.as_str())
    }

    fn good(&self, key: &str, kind: ValueKind) -> Option<&str> {
        self.text(key).filter(|v| value_problem(v, kind).is_none())
    }

    fn mib(&self, keys: &[&str]) -> Option<u64> {
        keys.iter().find_map(|key| {
            let v = self.good(key, ValueKind::Size(ByteUnit::MiB))?;
            u64::try_from(conf_bytes(v, ByteUnit::MiB).ok()?).ok()
        })
    }

    fn int(&self, key: &str) -> Option<u32> {
        let v = self.good(key, ValueKind::Count)?;
        v.trim().parse::<u32>().ok()
    }

    fn positive(&self, key: &str) -> Option<u32> {
        self.good(key, ValueKind::PositiveInt)?.trim().parse().ok()
    }

    fn number(&self, key: &str, kind: ValueKind) -> Option<f64> {
        crate::fixed::parse_f64(self.good(key, kind)?.trim())
    }

    fn flag(&self, key: &str) -> Option<bool> {
        self.good(key, ValueKind::Bool)
            .map(|v| v.trim().eq_ignore_ascii_case("true"))
    }

    fn origin(&self, key: &str) -> Option<Origin> {
        self.0.iter().find(|e| e.key == key).map(|e| e.origin)
    }
}

/// Applies the pasted settings to `form` (its cluster stays): the scenario the check plans.
pub fn apply_settings(pasted: &Pasted, form: &Scenario) -> Applied {
    let values = Values(pasted.effective());
    let mut findings = Vec::new();
    let spark_version = version(pasted, form_version(form));
    match manager_hint(pasted, &values, form.manager()) {
        Some(hint) => findings.push(hint),
        None => master_finding(&values, form.manager(), spark_version, &mut findings),
    }
    let heap = values.mib(&[k::EXECUTOR_MEMORY]);
    let cores = values.positive(k::EXECUTOR_CORES);
    let count = executor_count(&values);
    let (scenario, carried): (Scenario, &[&str]) = match form {
        Scenario::Yarn(input) => (
            Scenario::Yarn(yarn_input(input, pasted, &values)),
            YARN_CARRIES,
        ),
        Scenario::Kubernetes(input) => {
            let k8s = k8s_input(input, pasted, &values, count);
            (Scenario::Kubernetes(k8s), K8S_CARRIES)
        }
        Scenario::Emr(input) => {
            let mut emr = emr_input(input, pasted, &values);
            findings.extend(explicit_beside_maximize(&mut emr, pasted, &values));
            (Scenario::Emr(emr), EMR_CARRIES)
        }
    };
    for e in &values.0 {
        let shapes = keys::known(&e.key).is_some_and(|k| !k.link_code.is_empty());
        if shapes && !carried.contains(&e.key.as_str()) {
            let key = e.key.clone();
            let kind = if EMR_ONLY.contains(&e.key.as_str()) {
                FindingKind::EmrOnlyKey { key }
            } else {
                FindingKind::NotCarried { key }
            };
            findings.push(Finding::at(e.origin, kind));
        }
    }
    let pasted_instances = values.int(k::EXECUTOR_INSTANCES);
    // The form's count stands for EMR's spark.executor.instances only while the text says
    // nothing of the executor count: a text that sets dynamic allocation and no instances
    // starts what its dynamic allocation says, not the form's count.
    let says_count = [
        k::EXECUTOR_INSTANCES,
        k::DYNAMIC_ALLOCATION_ENABLED,
        k::DYNAMIC_ALLOCATION_MIN_EXECUTORS,
        k::DYNAMIC_ALLOCATION_INITIAL_EXECUTORS,
        k::DYNAMIC_ALLOCATION_MAX_EXECUTORS,
    ]
    .iter()
    .any(|key| values.text(key).is_some());
    let (executor_heap_mib, executor_cores, instances) = match (&scenario, form) {
        (Scenario::Emr(e), Scenario::Emr(f)) => (
            e.executor_memory_mib,
            e.executor_cores,
            if says_count {
                pasted_instances
            } else {
                Some(f.executors)
            },
        ),
        _ => (heap.unwrap_or(1024), cores.unwrap_or(1), pasted_instances),
    };
    Applied {
        scenario,
        executor_heap_mib,
        executor_cores,
        count,
        instances,
        findings,
    }
}

/// "Use these settings": the form's scenario with the pasted settings applied (what the form
/// can hold; [`Applied::findings`] names what it cannot).
pub fn use_these_settings(text: &str, form: &Scenario) -> Scenario {
    settings_for_the_form(&apply_settings(&super::read(text), form))
}

/// The scenario the form takes for "Use these settings", from settings already applied.
pub fn settings_for_the_form(applied: &Applied) -> Scenario {
    match applied.scenario.clone() {
        Scenario::Yarn(mut input) => {
            // The YARN form plans heaps and counts itself; it takes the executor's cores.
            input.policy.cores_per_executor = applied.executor_cores;
            Scenario::Yarn(input)
        }
        other => other,
    }
}

/// A hint to switch the form when the settings are for another cluster manager: a
/// SparkApplication manifest, a `k8s://` master or `spark.kubernetes.*` keys on YARN or EMR
/// (Kubernetes); an EMR configuration on YARN or Kubernetes (EMR).
fn manager_hint(pasted: &Pasted, v: &Values, manager: ClusterManager) -> Option<Finding> {
    let hint = |suggested, evidence: String, origin: Option<Origin>| Finding {
        origin,
        kind: FindingKind::OtherManager {
            suggested,
            evidence,
        },
    };
    use super::Format as F;
    let emr = [F::EmrConfiguration, F::EmrServerlessJob];
    if manager != ClusterManager::Emr && pasted.formats.iter().any(|f| emr.contains(f)) {
        let evidence = "an EMR configuration".to_string();
        return Some(hint(ClusterManager::Emr, evidence, pasted.recognised_at));
    }
    if manager == ClusterManager::Kubernetes {
        return None;
    }
    let pods = [
        (F::SparkApplication, "a SparkApplication manifest"),
        (
            F::EmrOnEksJob,
            "an EMR on EKS job run, whose executors are pods",
        ),
    ];
    if let Some((_, evidence)) = pods.iter().find(|(f, _)| pasted.formats.contains(f)) {
        return Some(hint(
            ClusterManager::Kubernetes,
            evidence.to_string(),
            pasted.recognised_at,
        ));
    }
    let kubernetes = |e: &&Effective| {
        e.key.starts_with("spark.kubernetes.")
            || (e.key == k_master() && e.value.trim().starts_with("k8s://"))
    };
    let e = v.0.iter().find(kubernetes)?;
    let evidence = if e.key == k_master() {
        "a k8s:// master".to_string()
    } else {
        e.key.clone()
    };
    Some(hint(ClusterManager::Kubernetes, evidence, Some(e.origin)))
}

fn master_finding(
    values: &Values,
    manager: ClusterManager,
    version: SparkVersion,
    findings: &mut Vec<Finding>,
) {
    let Some(master) = values.text(k_master()) else {
        return;
    };
    let m = master.trim();
    // SparkSubmit.prepareSubmitEnvironment (3.5 and 4.0) knows `yarn` and masters starting
    // with spark, k8s or local (and mesos, in 3.5); Spark 2's yarn-cluster and yarn-client
    // are gone since 3.0.
    let accepted = m == "yarn"
        || ["spark", "k8s", "local"].iter().any(|p| m.starts_with(p))
        || (version == SparkVersion::V3_5 && m.starts_with("mesos"));
    if !accepted {
        if let Some(origin) = values.origin(k_master()) {
            let kind = FindingKind::MasterRefused {
                master: m.chars().take(60).collect(),
                version,
            };
            findings.push(Finding::at(origin, kind));
        }
        return;
    }
    let matches = match manager {
        ClusterManager::Yarn | ClusterManager::Emr => m == "yarn",
        ClusterManager::Kubernetes => m.starts_with("k8s://"),
    };
    if !matches {
        if let Some(origin) = values.origin(k_master()) {
            let kind = FindingKind::OtherMaster {
                master: m.chars().take(60).collect(),
            };
            findings.push(Finding::at(origin, kind));
        }
    }
}

const fn k_master() -> &'static str {
    k::MASTER
}

/// Executors asked for: with dynamic allocation on, its maximum (or as many as fit); else
/// `spark.executor.instances`, whose default is 2 (`YarnSparkHadoopUtil.DEFAULT_NUMBER_EXECUTORS`,
/// and Kubernetes' `ExecutorPodsAllocator` reads the same default).
fn executor_count(values: &Values) -> ExecutorCount {
    if values.flag(k::DYNAMIC_ALLOCATION_ENABLED) == Some(true) {
        return match values.int(k::DYNAMIC_ALLOCATION_MAX_EXECUTORS) {
            Some(n) => ExecutorCount::Exactly(n),
            None => ExecutorCount::AsManyAsFit,
        };
    }
    ExecutorCount::Exactly(values.int(k::EXECUTOR_INSTANCES).unwrap_or(2))
}

/// Deploy mode: the pasted one, else spark-submit's default, client.
fn deploy_mode(values: &Values) -> DeployMode {
    let mode = values.good(k::DEPLOY_MODE, ValueKind::DeployMode);
    match mode.map(str::trim) {
        Some("cluster") => DeployMode::Cluster,
        Some(_) => DeployMode::Client,
        None => DeployMode::Client,
    }
}

fn app_type(pasted: &Pasted, form: AppType) -> AppType {
    pasted.app_type.map_or(form, |(t, _)| t)
}

/// The Spark release line of the form (EMR's releases ship Spark 3.5).
fn form_version(form: &Scenario) -> SparkVersion {
    match form {
        Scenario::Yarn(input) => input.spark.version,
        Scenario::Kubernetes(input) => input.spark.version,
        Scenario::Emr(_) => SparkVersion::V3_5,
    }
}

fn version(pasted: &Pasted, form: SparkVersion) -> SparkVersion {
    pasted.spark_version.map_or(form, |(v, _)| v)
}

/// The keys (with link codes) YARN's scenario holds.
const YARN_CARRIES: &[&str] = &[
    k::EXECUTOR_MEMORY,
    k::EXECUTOR_CORES,
    k::EXECUTOR_INSTANCES,
    k::EXECUTOR_OVERHEAD,
    k::EXECUTOR_OVERHEAD_FACTOR,
    k::EXECUTOR_MIN_OVERHEAD,
    k::PYSPARK_MEMORY,
    k::OFFHEAP_ENABLED,
    k::OFFHEAP_SIZE,
    k::MEMORY_FRACTION,
    k::STORAGE_FRACTION,
    k::TASK_CPUS,
    k::DRIVER_MEMORY,
    k::DRIVER_CORES,
    k::DRIVER_OVERHEAD,
    k::DRIVER_OVERHEAD_FACTOR,
    k::DRIVER_MIN_OVERHEAD,
    k::AM_MEMORY,
    k::AM_CORES,
    k::AM_OVERHEAD,
    k::DEPLOY_MODE,
    k::DYNAMIC_ALLOCATION_ENABLED,
    k::DYNAMIC_ALLOCATION_MAX_EXECUTORS,
    k::DYNAMIC_ALLOCATION_INITIAL_EXECUTORS,
    k::DYNAMIC_ALLOCATION_MIN_EXECUTORS,
    k::SHUFFLE_SERVICE_ENABLED,
    k::DYNAMIC_ALLOCATION_SHUFFLE_TRACKING,
    k::DECOMMISSION_ENABLED,
    k::STORAGE_DECOMMISSION_SHUFFLE_BLOCKS,
];

/// Dynamic allocation as the pasted settings give it; what they leave out is `default`'s
/// (Spark's defaults on YARN and Kubernetes, the form's — EMR's — on EMR).
fn dynamic_allocation_of(v: &Values, default: &DynamicAllocation) -> DynamicAllocation {
    let d = &default.settings;
    let settings = DynamicAllocationSettings {
        min_executors: v
            .int(k::DYNAMIC_ALLOCATION_MIN_EXECUTORS)
            .unwrap_or(d.min_executors),
        initial_executors: v
            .int(k::DYNAMIC_ALLOCATION_INITIAL_EXECUTORS)
            .or(d.initial_executors),
        max_executors: v
            .int(k::DYNAMIC_ALLOCATION_MAX_EXECUTORS)
            .or(d.max_executors),
        shuffle: shuffle_keeping(v, d.shuffle),
        ..*d
    };
    DynamicAllocation {
        enabled: v
            .flag(k::DYNAMIC_ALLOCATION_ENABLED)
            .unwrap_or(default.enabled),
        settings,
    }
}

/// How shuffle files outlive a removed executor, in the order Spark's
/// `ExecutorAllocationManager.validateSettings` asks (apache/spark,
/// `core/src/main/scala/org/apache/spark/ExecutorAllocationManager.scala`): the external shuffle
/// service (`spark.shuffle.service.enabled`), else shuffle tracking
/// (`spark.dynamicAllocation.shuffleTracking.enabled`), else decommissioning
/// (`spark.decommission.enabled` and `spark.storage.decommission.shuffleBlocks.enabled`), else
/// none, and Spark refuses to start. A key not pasted keeps what `default` implies: Spark's
/// default turns shuffle tracking on and the service off (`internal/config/package.scala`);
/// EMR's turns the service on.
fn shuffle_keeping(v: &Values, default: ShuffleKeeping) -> ShuffleKeeping {
    use ShuffleKeeping as S;
    let on = |key: &str, by_default: bool| v.flag(key).unwrap_or(by_default);
    if on(k::SHUFFLE_SERVICE_ENABLED, default == S::ExternalService) {
        S::ExternalService
    } else if on(
        k::DYNAMIC_ALLOCATION_SHUFFLE_TRACKING,
        matches!(default, S::Tracking | S::ExternalService),
    ) {
        S::Tracking
    } else if on(k::DECOMMISSION_ENABLED, default == S::Decommission)
        && on(
            k::STORAGE_DECOMMISSION_SHUFFLE_BLOCKS,
            default == S::Decommission,
        )
    {
        S::Decommission
    } else {
        S::None
    }
}

/// `spark.memory.offHeap.size` in bytes, as pasted (0 when unset or refused).
fn offheap_bytes(v: &Values) -> u64 {
    v.good(k::OFFHEAP_SIZE, ValueKind::Size(ByteUnit::Byte))
        .and_then(|s| conf_bytes(s, ByteUnit::Byte).ok())
        .and_then(|b| u64::try_from(b).ok())
        .unwrap_or(0)
}

/// The GPUs the pasted settings ask for, placed only on a form whose nodes have GPUs: on nodes
/// of none, the check's own findings count them by Spark's rules ([`super::resources`]) and
/// the plan is the one without them.
fn gpus_of(v: &Values, node_gpus: u32) -> GpuAsk {
    if node_gpus == 0 {
        return GpuAsk::default();
    }
    GpuAsk {
        executor: v
            .text(k::EXECUTOR_GPU_AMOUNT)
            .and_then(|t| t.trim().parse().ok())
            .unwrap_or(0),
        task: v
            .text(k::TASK_GPU_AMOUNT)
            .and_then(crate::resources::parse_task_amount)
            .unwrap_or(0),
    }
}

fn yarn_input(form: &PlanInput, pasted: &Pasted, v: &Values) -> PlanInput {
    let d = SparkSettings::default();
    let offheap_bytes = offheap_bytes(v);
    let da = dynamic_allocation_of(v, &DynamicAllocation::spark_default());
    let spark = SparkSettings {
        workload: form.spark.workload,
        dynamic_allocation: da.enabled,
        dynamic_allocation_settings: da.settings,
        version: version(pasted, form.spark.version),
        deploy_mode: deploy_mode(v),
        app_type: app_type(pasted, form.spark.app_type),
        driver_memory_mib: v.mib(&[k::DRIVER_MEMORY]).unwrap_or(d.driver_memory_mib),
        driver_cores: v.positive(k::DRIVER_CORES).unwrap_or(d.driver_cores),
        driver_overhead_mib: v.mib(&[k::DRIVER_OVERHEAD, k::YARN_DRIVER_OVERHEAD]),
        driver_overhead_factor: v
            .number(k::DRIVER_OVERHEAD_FACTOR, ValueKind::Factor)
            .unwrap_or(d.driver_overhead_factor),
        driver_overhead_minimum_mib: v
            .mib(&[k::DRIVER_MIN_OVERHEAD])
            .unwrap_or(d.driver_overhead_minimum_mib),
        am_memory_mib: v.mib(&[k::AM_MEMORY]).unwrap_or(d.am_memory_mib),
        am_cores: v.positive(k::AM_CORES).unwrap_or(d.am_cores),
        am_overhead_mib: v.mib(&[k::AM_OVERHEAD]),
        overhead_factor: v
            .number(k::EXECUTOR_OVERHEAD_FACTOR, ValueKind::Factor)
            .unwrap_or(d.overhead_factor),
        overhead_minimum_mib: v
            .mib(&[k::EXECUTOR_MIN_OVERHEAD])
            .unwrap_or(d.overhead_minimum_mib),
        executor_overhead_mib: v.mib(&[k::EXECUTOR_OVERHEAD, k::YARN_EXECUTOR_OVERHEAD]),
        offheap: OffHeap {
            enabled: v.flag(k::OFFHEAP_ENABLED).unwrap_or(false),
            size_mib: offheap_bytes / MIB,
        },
        pyspark_memory_mib: v.mib(&[k::PYSPARK_MEMORY]).unwrap_or(0),
        memory_fraction: v
            .number(k::MEMORY_FRACTION, ValueKind::Fraction)
            .unwrap_or(d.memory_fraction),
        storage_fraction: v
            .number(k::STORAGE_FRACTION, ValueKind::Fraction)
            .unwrap_or(d.storage_fraction),
        task_cpus: v.positive(k::TASK_CPUS).unwrap_or(d.task_cpus),
        driver_load: form.spark.driver_load,
        gpus: gpus_of(v, form.cluster.gpus_per_node),
    };
    PlanInput {
        spark,
        ..form.clone()
    }
}

/// The keys (with link codes) Kubernetes' scenario holds.
const K8S_CARRIES: &[&str] = &[
    k::EXECUTOR_MEMORY,
    k::EXECUTOR_CORES,
    k::EXECUTOR_INSTANCES,
    k::EXECUTOR_OVERHEAD,
    k::EXECUTOR_OVERHEAD_FACTOR,
    k::EXECUTOR_MIN_OVERHEAD,
    k::PYSPARK_MEMORY,
    k::OFFHEAP_ENABLED,
    k::OFFHEAP_SIZE,
    k::MEMORY_FRACTION,
    k::STORAGE_FRACTION,
    k::TASK_CPUS,
    k::DRIVER_MEMORY,
    k::DRIVER_CORES,
    k::DRIVER_MIN_OVERHEAD,
    k::DRIVER_OVERHEAD,
    k::DRIVER_OVERHEAD_FACTOR,
    k::K8S_EXECUTOR_REQUEST_CORES,
    k::K8S_EXECUTOR_LIMIT_CORES,
    k::K8S_DRIVER_REQUEST_CORES,
    k::K8S_DRIVER_LIMIT_CORES,
    k::K8S_OVERHEAD_FACTOR,
    k::DEPLOY_MODE,
    k::DYNAMIC_ALLOCATION_ENABLED,
    k::DYNAMIC_ALLOCATION_MAX_EXECUTORS,
    k::DYNAMIC_ALLOCATION_INITIAL_EXECUTORS,
    k::DYNAMIC_ALLOCATION_MIN_EXECUTORS,
    k::SHUFFLE_SERVICE_ENABLED,
    k::DYNAMIC_ALLOCATION_SHUFFLE_TRACKING,
    k::DECOMMISSION_ENABLED,
    k::STORAGE_DECOMMISSION_SHUFFLE_BLOCKS,
];

fn k8s_input(form: &K8sInput, pasted: &Pasted, v: &Values, count: ExecutorCount) -> K8sInput {
    let d = K8sSpark::default();
    let cpu = |key: &str| {
        v.good(key, ValueKind::CpuQuantity)
            .map(|s| s.trim().to_string())
    };
    let offheap_bytes = offheap_bytes(v);
    let da = dynamic_allocation_of(v, &DynamicAllocation::spark_default());
    let spark = K8sSpark {
        workload: form.spark.workload,
        dynamic_allocation: da.enabled,
        dynamic_allocation_settings: da.settings,
        version: version(pasted, form.spark.version),
        deploy_mode: deploy_mode(v),
        app_type: app_type(pasted, form.spark.app_type),
        executor_cores: v.positive(k::EXECUTOR_CORES).unwrap_or(1),
        executor_memory_mib: v.mib(&[k::EXECUTOR_MEMORY]).unwrap_or(1024),
        request_cores: cpu(k::K8S_EXECUTOR_REQUEST_CORES),
        limit_cores: cpu(k::K8S_EXECUTOR_LIMIT_CORES),
        task_cpus: v.positive(k::TASK_CPUS).unwrap_or(1),
        driver_load: form.spark.driver_load,
        overhead_factor: v.number(k::EXECUTOR_OVERHEAD_FACTOR, ValueKind::Factor),
        kubernetes_overhead_factor: v.number(k::K8S_OVERHEAD_FACTOR, ValueKind::Factor),
        overhead_mib: v.mib(&[k::EXECUTOR_OVERHEAD, k::YARN_EXECUTOR_OVERHEAD]),
        offheap: OffHeap {
            enabled: v.flag(k::OFFHEAP_ENABLED).unwrap_or(false),
            size_mib: offheap_bytes / MIB,
        },
        pyspark_memory_mib: v.mib(&[k::PYSPARK_MEMORY]).unwrap_or(0),
        driver_memory_mib: v.mib(&[k::DRIVER_MEMORY]).unwrap_or(d.driver_memory_mib),
        driver_cores: v.positive(k::DRIVER_CORES).unwrap_or(d.driver_cores),
        driver_request_cores: cpu(k::K8S_DRIVER_REQUEST_CORES),
        driver_limit_cores: cpu(k::K8S_DRIVER_LIMIT_CORES),
        executor_min_overhead_mib: v.mib(&[k::EXECUTOR_MIN_OVERHEAD]),
        driver_min_overhead_mib: v.mib(&[k::DRIVER_MIN_OVERHEAD]),
        driver_overhead_mib: v.mib(&[k::DRIVER_OVERHEAD, k::YARN_DRIVER_OVERHEAD]),
        driver_overhead_factor: v.number(k::DRIVER_OVERHEAD_FACTOR, ValueKind::Factor),
        gpus: gpus_of(v, form.nodes.gpus_per_node),
    };
    K8sInput {
        nodes: form.nodes.clone(),
        spark,
        count,
    }
}

/// Keys only Amazon EMR's Spark reads (Apache Spark 3.5/4.0 have no such keys).
const EMR_ONLY: &[&str] = &[
    k::YARN_EXECUTOR_OVERHEAD_FACTOR,
    k::EMR_HETEROGENEOUS_EXECUTORS,
    k::EMR_EXECUTOR_MAX_CORES,
    k::EMR_EXECUTOR_MAX_MEMORY,
];

/// The keys (with link codes) EMR's scenario holds.
const EMR_CARRIES: &[&str] = &[
    k::EXECUTOR_MEMORY,
    k::EXECUTOR_CORES,
    k::EXECUTOR_INSTANCES,
    k::EXECUTOR_OVERHEAD,
    k::EXECUTOR_OVERHEAD_FACTOR,
    k::YARN_EXECUTOR_OVERHEAD_FACTOR,
    k::TASK_CPUS,
    k::DRIVER_MEMORY,
    k::DRIVER_CORES,
    k::DRIVER_OVERHEAD,
    k::AM_MEMORY,
    k::AM_CORES,
    k::AM_OVERHEAD,
    k::EMR_HETEROGENEOUS_EXECUTORS,
    k::EMR_EXECUTOR_MAX_CORES,
    k::EMR_EXECUTOR_MAX_MEMORY,
    k::DEPLOY_MODE,
    k::DYNAMIC_ALLOCATION_ENABLED,
    k::DYNAMIC_ALLOCATION_MAX_EXECUTORS,
    k::DYNAMIC_ALLOCATION_INITIAL_EXECUTORS,
    k::DYNAMIC_ALLOCATION_MIN_EXECUTORS,
    k::SHUFFLE_SERVICE_ENABLED,
    k::DYNAMIC_ALLOCATION_SHUFFLE_TRACKING,
    k::DECOMMISSION_ENABLED,
    k::STORAGE_DECOMMISSION_SHUFFLE_BLOCKS,
];

fn emr_input(form: &EmrInput, pasted: &Pasted, v: &Values) -> EmrInput {
    let executors = match executor_count(v) {
        ExecutorCount::Exactly(n)
            if v.text(k::EXECUTOR_INSTANCES).is_some()
                || v.flag(k::DYNAMIC_ALLOCATION_ENABLED) == Some(true) =>
        {
            n
        }
        _ => form.executors,
    };
    let factor = v
        .number(k::EXECUTOR_OVERHEAD_FACTOR, ValueKind::Factor)
        .or_else(|| v.number(k::YARN_EXECUTOR_OVERHEAD_FACTOR, ValueKind::Factor));
    let da = dynamic_allocation_of(
        v,
        &DynamicAllocation {
            enabled: form.dynamic_allocation,
            settings: form.dynamic_allocation_settings,
        },
    );
    EmrInput {
        executor_memory_mib: v
            .mib(&[k::EXECUTOR_MEMORY])
            .unwrap_or(form.executor_memory_mib),
        executor_cores: v.positive(k::EXECUTOR_CORES).unwrap_or(form.executor_cores),
        executors,
        overhead_factor: factor.unwrap_or(form.overhead_factor),
        executor_overhead_mib: v
            .mib(&[k::EXECUTOR_OVERHEAD, k::YARN_EXECUTOR_OVERHEAD])
            .or(form.executor_overhead_mib),
        driver_overhead_mib: v
            .mib(&[k::DRIVER_OVERHEAD, k::YARN_DRIVER_OVERHEAD])
            .or(form.driver_overhead_mib),
        heterogeneous_executors: v
            .flag(k::EMR_HETEROGENEOUS_EXECUTORS)
            .unwrap_or(form.heterogeneous_executors),
        max_cores: v.positive(k::EMR_EXECUTOR_MAX_CORES).or(form.max_cores),
        max_memory_mib: v.mib(&[k::EMR_EXECUTOR_MAX_MEMORY]).or(form.max_memory_mib),
        maximize_resource_allocation: pasted
            .maximize_resource_allocation
            .map_or(form.maximize_resource_allocation, |(m, _)| m),
        dynamic_allocation: da.enabled,
        dynamic_allocation_settings: da.settings,
        deploy_mode: match v.text(k::DEPLOY_MODE) {
            Some(_) => deploy_mode(v),
            None => form.deploy_mode,
        },
        driver_memory_mib: v.mib(&[k::DRIVER_MEMORY]).unwrap_or(form.driver_memory_mib),
        driver_cores: v.positive(k::DRIVER_CORES).unwrap_or(form.driver_cores),
        am_memory_mib: v.mib(&[k::AM_MEMORY]).unwrap_or(form.am_memory_mib),
        am_cores: v.positive(k::AM_CORES).unwrap_or(form.am_cores),
        am_overhead_mib: v.mib(&[k::AM_OVERHEAD]).or(form.am_overhead_mib),
        task_cpus: v.positive(k::TASK_CPUS).unwrap_or(form.task_cpus),
        gpus: gpus_of(v, form.instance.gpus),
        ..*form
    }
}

/// Executor settings given beside `maximizeResourceAllocation` stand, and the maximised values
/// fill only the keys not given. EMR's node provisioner writes the maximised values into
/// `spark-defaults.conf` first, merging without replacing (`SparkConfigApplier.applyTo`:
/// `overrides.merge(…)`), then maps the `spark-defaults` classification over them with
/// replacement (`PlatformConfigApplier.applyTo`, `app-config-mappings.yaml`: `spark-defaults` →
/// `spark::common::spark_defaults_overrides`, mapping type `config-override`; read in a
/// decompiled node-provisioner 2.18.0, github.com/tekumara/emr-node-provisioner); and a
/// spark-submit setting replaces `spark-defaults.conf` in any case (Spark's precedence). AWS's
/// documentation does not say which wins, so each such key is named in a finding with both
/// lines and how to confirm on the cluster.
fn explicit_beside_maximize(input: &mut EmrInput, pasted: &Pasted, v: &Values) -> Vec<Finding> {
    let Some((true, maximize_origin)) = pasted.maximize_resource_allocation else {
        return Vec::new();
    };
    let Some(m) = crate::emr::maximize_resource_allocation(
        &input.instance,
        input.core_nodes,
        input.overhead_factor,
    ) else {
        return Vec::new();
    };
    // Each key given takes its own value (already in `input`), each other the maximised one.
    let mut findings = Vec::new();
    let keys = [
        (k::EXECUTOR_MEMORY, m.executor_memory_mib),
        (k::EXECUTOR_CORES, u64::from(m.executor_cores)),
        (k::EXECUTOR_INSTANCES, u64::from(m.executor_instances)),
    ];
    for (key, maximized) in keys {
        if let Some(e) = v.0.iter().find(|e| e.key == key) {
            let kind = FindingKind::ExplicitBesideMaximize {
                key,
                value: e.value.trim().to_string(),
                maximized,
                maximize_line: maximize_origin.line,
            };
            findings.push(Finding::at(e.origin, kind));
        }
    }
    // EMR's Release Guide, "Using maximizeResourceAllocation": spark.executor.instances is "Set
    // unless spark.dynamicAllocation.enabled explicitly set to true at the same time".
    let dynamic = v.flag(k::DYNAMIC_ALLOCATION_ENABLED) == Some(true);
    let count_left = dynamic && v.text(k::EXECUTOR_INSTANCES).is_none();
    if count_left {
        let kind = FindingKind::MaximizeLeavesCountToDynamicAllocation {
            core_nodes: u64::from(m.executor_instances),
        };
        findings.push(Finding::at(maximize_origin, kind));
    }
    if findings.is_empty() {
        return findings;
    }
    if v.text(k::EXECUTOR_MEMORY).is_none() {
        input.executor_memory_mib = m.executor_memory_mib;
    }
    if v.text(k::EXECUTOR_CORES).is_none() {
        input.executor_cores = m.executor_cores;
    }
    if v.text(k::EXECUTOR_INSTANCES).is_none() && !count_left {
        input.executors = m.executor_instances;
    }
    if input.workload.default_parallelism.is_none() {
        let parallelism = u32::try_from(m.default_parallelism).unwrap_or(u32::MAX);
        input.workload.default_parallelism = Some(parallelism);
    }
    input.maximize_resource_allocation = false;
    findings
}
