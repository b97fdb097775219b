//! The custom resources (GPUs, FPGAs) pasted settings ask for, counted as Spark counts them
//! ([`crate::resources`]): what Spark refuses at start, and the task slots a resource limits
//! below what the executor's cores allow. Every format the check reads (and an event log's
//! `Spark Properties`) gives its settings here.

use super::{Effective, Finding, FindingKind, Origin, Pasted};
use crate::catalog::ClusterManager;
use crate::resources::{
    kubernetes_resource_name, parse_task_amount, task_slots, yarn_resource_name, ResourceAsk,
    ResourceRefusal, SlotLimit, TaskSlots,
};

const EXECUTOR_PREFIX: &str = "spark.executor.resource.";
const TASK_PREFIX: &str = "spark.task.resource.";
const AMOUNT_SUFFIX: &str = ".amount";

/// What the resource settings give, for the answer and the findings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct ResourceCheck {
    /// The slots of one executor, when any task asks for a resource and Spark accepts it.
    pub slots: Option<TaskSlots>,
    /// What to say, at the lines of the settings.
    pub findings: Vec<Finding>,
}

/// The resource name of a `spark.executor.resource.{name}.amount` or
/// `spark.task.resource.{name}.amount` key, and whether it is the task's.
fn amount_key(key: &str) -> Option<(&str, bool)> {
    let (rest, task) = match key.strip_prefix(EXECUTOR_PREFIX) {
        Some(rest) => (rest, false),
        None => (key.strip_prefix(TASK_PREFIX)?, true),
    };
    let name = rest.strip_suffix(AMOUNT_SUFFIX)?;
    (!name.is_empty() && !name.contains('.')).then_some((name, task))
}

/// Where a resource's task amount was read, else its executor amount: the line a finding
/// about the resource names.
fn origin_of(effective: &[Effective], name: &str) -> Option<Origin> {
    let line = |prefix: &str| {
        let key = format!("{prefix}{name}{AMOUNT_SUFFIX}");
        effective.iter().find(|e| e.key == key).map(|e| e.origin)
    };
    line(TASK_PREFIX).or_else(|| line(EXECUTOR_PREFIX))
}

/// The line of a refusal: the resource's setting, or `spark.task.cpus`.
fn refusal_origin(effective: &[Effective], refusal: &ResourceRefusal) -> Option<Origin> {
    let task_cpus = || {
        effective
            .iter()
            .find(|e| e.key == "spark.task.cpus")
            .map(|e| e.origin)
    };
    match refusal {
        ResourceRefusal::FractionAboveHalf { name, .. }
        | ResourceRefusal::TaskAboveExecutor { name, .. } => origin_of(effective, name),
        ResourceRefusal::TaskWithoutExecutor { names } => {
            names.first().and_then(|n| origin_of(effective, n))
        }
        ResourceRefusal::TaskCpusAboveCores { .. } | ResourceRefusal::ZeroTaskCpus => task_cpus(),
    }
}

/// The asks of the settings that stand, each resource once in the order first given; a value
/// Spark cannot read is a finding (Spark's `getLong`/`getDouble` throw at start).
fn asks_of(
    effective: &[Effective],
    findings: &mut Vec<Finding>,
) -> (Vec<ResourceAsk>, Option<Origin>) {
    let mut asks: Vec<ResourceAsk> = Vec::new();
    let mut last = None;
    for e in effective {
        let Some((name, task)) = amount_key(&e.key) else {
            continue;
        };
        last = last.or(Some(e.origin));
        let value = e.value.trim();
        let amount = if task {
            parse_task_amount(value)
        } else {
            value.parse::<u64>().ok()
        };
        let Some(amount) = amount else {
            // A key the check knows has its value judged already (`spark.executor.resource.gpu
            // .amount`: "should be int").
            if super::keys::known(&e.key).is_some_and(|k| k.kind != super::keys::ValueKind::Text) {
                continue;
            }
            findings.push(Finding::at(
                e.origin,
                FindingKind::BadResourceAmount {
                    key: e.key.clone(),
                    value: value.to_string(),
                    task,
                },
            ));
            continue;
        };
        if !asks.iter().any(|a| a.name == name) {
            asks.push(ResourceAsk {
                name: name.to_string(),
                executor_amount: 0,
                task_amount: 0,
            });
        }
        if let Some(ask) = asks.iter_mut().find(|a| a.name == name) {
            if task {
                ask.task_amount = amount;
            } else {
                ask.executor_amount = amount;
            }
        }
    }
    (asks, last)
}

/// The value that stands for `key`, if set.
fn value_of<'a>(effective: &'a [Effective], key: &str) -> Option<&'a Effective> {
    effective
        .iter()
        .find(|e| e.key == key && !e.value.trim().is_empty())
}

/// What each executor container (YARN, EMR) or pod (Kubernetes) asks the cluster for beside
/// memory and cores, one line a resource: YARN is asked only for `yarn.io/gpu` and
/// `yarn.io/fpga` by Spark's keys (`ResourceRequestHelper`), others by
/// `spark.yarn.executor.resource.{name}.amount`; a pod asks `vendor/name` in its requests and
/// limits (`KubernetesUtils.buildResourcesQuantities`).
pub(super) fn request_lines(pasted: &Pasted, manager: ClusterManager) -> Vec<String> {
    let effective = pasted.effective();
    let (asks, _) = asks_of(&effective, &mut Vec::new());
    let mut lines = Vec::new();
    for ask in asks.iter().filter(|a| a.executor_amount > 0) {
        let (name, amount) = (&ask.name, ask.executor_amount);
        let line = match manager {
            ClusterManager::Kubernetes => {
                let vendor = value_of(&effective, &format!("{EXECUTOR_PREFIX}{name}.vendor"));
                let Some(resource) = vendor.and_then(|v| kubernetes_resource_name(&v.value, name))
                else {
                    continue;
                };
                format!(
                    "Each executor pod also asks for {amount} {resource} (requests and limits)."
                )
            }
            ClusterManager::Yarn | ClusterManager::Emr => match yarn_resource_name(name) {
                Some(resource) => format!(
                    "Each executor container also asks YARN for {amount} {resource}: YARN grants \
                     such containers only on nodes that offer the resource type \
                     (resource-types.xml) and with a scheduler that counts it (the \
                     DominantResourceCalculator)."
                ),
                None => format!(
                    "{EXECUTOR_PREFIX}{name}{AMOUNT_SUFFIX} asks YARN for nothing by itself: \
                     Spark maps only gpu and fpga to YARN's resource types; set \
                     spark.yarn.executor.resource.{name}.amount to ask YARN for it."
                ),
            },
        };
        lines.push(line);
    }
    lines
}

/// On Kubernetes, an executor resource needs its vendor: Spark builds the pod's
/// `vendor/name` quantity and refuses one without (`KubernetesUtils.buildResourcesQuantities`).
fn vendor_findings(effective: &[Effective], asks: &[ResourceAsk], findings: &mut Vec<Finding>) {
    for ask in asks.iter().filter(|a| a.executor_amount > 0) {
        let vendor = format!("{EXECUTOR_PREFIX}{}.vendor", ask.name);
        if value_of(effective, &vendor).is_some() {
            continue;
        }
        let amount = format!("{EXECUTOR_PREFIX}{}{AMOUNT_SUFFIX}", ask.name);
        if let Some(e) = value_of(effective, &amount) {
            let kind = FindingKind::NoVendor {
                name: ask.name.clone(),
            };
            findings.push(Finding::at(e.origin, kind));
        }
    }
}

/// The resource settings of `pasted` on an executor of `cores` whose tasks take `task_cpus`,
/// on `manager`'s cluster.
pub(super) fn check_resources(
    pasted: &Pasted,
    manager: ClusterManager,
    cores: u32,
    task_cpus: u32,
) -> ResourceCheck {
    let mut findings = Vec::new();
    let effective = pasted.effective();
    let (asks, last) = asks_of(&effective, &mut findings);
    if manager == ClusterManager::Kubernetes {
        vendor_findings(&effective, &asks, &mut findings);
    }
    let Some(at) = last.filter(|_| !asks.is_empty()) else {
        return ResourceCheck {
            slots: None,
            findings,
        };
    };
    // What Spark refuses when the application starts comes before what stops its executors.
    let slots = match task_slots(cores, task_cpus, &asks) {
        Ok(slots) => slots,
        Err(refusal) => {
            let at = refusal_origin(&effective, &refusal).unwrap_or(at);
            findings.push(Finding::at(at, FindingKind::ResourceRefused(refusal)));
            discovery_findings(&effective, &asks, &mut findings);
            return ResourceCheck {
                slots: None,
                findings,
            };
        }
    };
    discovery_findings(&effective, &asks, &mut findings);
    if let SlotLimit::Resource(name) = &slots.limit {
        if slots.slots < slots.slots_by_cores {
            findings.push(Finding::at(
                origin_of(&effective, name).unwrap_or(at),
                FindingKind::TasksLimitedByResource {
                    name: name.clone(),
                    cores,
                    task_cpus,
                    slots: slots.slots,
                    slots_by_cores: slots.slots_by_cores,
                },
            ));
        }
    }
    for name in &slots.unused_by_tasks {
        findings.push(Finding::at(
            origin_of(&effective, name).unwrap_or(at),
            FindingKind::ResourceUnusedByTasks { name: name.clone() },
        ));
    }
    let limited = slots.resources.iter().any(|r| r.slots > 0);
    ResourceCheck {
        slots: limited.then_some(slots),
        findings,
    }
}

/// An executor resource with no discovery script: on YARN and Kubernetes the executor finds
/// its addresses by running `spark.executor.resource.{name}.discoveryScript`, and without one
/// (and no `spark.resources.discoveryPlugin` of its own) it stops at start
/// (`ResourceDiscoveryScriptPlugin`: "User is expecting to use resource: gpu, but didn't
/// specify a discovery script!").
fn discovery_findings(effective: &[Effective], asks: &[ResourceAsk], findings: &mut Vec<Finding>) {
    let set = |key: &str| value_of(effective, key);
    if set("spark.resources.discoveryPlugin").is_some() {
        return;
    }
    for ask in asks.iter().filter(|a| a.executor_amount > 0) {
        let script = format!("{EXECUTOR_PREFIX}{}.discoveryScript", ask.name);
        if set(&script).is_some() {
            continue;
        }
        let amount_key = format!("{EXECUTOR_PREFIX}{}{AMOUNT_SUFFIX}", ask.name);
        if let Some(e) = set(&amount_key) {
            findings.push(Finding::at(
                e.origin,
                FindingKind::NoDiscoveryScript {
                    name: ask.name.clone(),
                },
            ));
        }
    }
}
