//! The check's answer, as numbers: the pasted settings planned on the form's cluster with the
//! planner's own functions (YARN: [`crate::place()`]; Kubernetes: [`crate::k8s::plan_k8s`];
//! EMR: [`crate::emr::plan_emr`]), and the planner's plan for the same form beside it.

use super::apply::{apply_settings, Applied};
use super::{read_part, Pasted};
use crate::dynamic_allocation::{allocation_numbers, AllocationNumbers};
use crate::emr::{plan_emr, EmrPlan};
use crate::k8s::{plan_k8s, K8sPlan, K8sSpark};
use crate::place::{place, CheckedPlacement, PlaceInput, Placement};
use crate::scenario::{self, Outcome, Scenario};
use crate::warning::Diagnostic;

/// The pasted settings planned on the form's cluster.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// YARN: the pasted executor shape and count placed under YARN's math, with the
    /// placement's findings (Spark's submit-time refusals among them).
    Yarn(Box<CheckedPlacement>),
    /// Kubernetes: the pods as Spark writes them, packed on the nodes.
    Kubernetes(Box<K8sPlan>),
    /// Amazon EMR: requested and launched executors.
    Emr(Box<EmrPlan>),
    /// The settings cannot be planned on this cluster (each problem named).
    Invalid(Vec<Diagnostic>),
    /// No setting was read: nothing to plan.
    NothingRead,
}

impl Answer {
    /// Executors that run, when the settings can be planned.
    pub fn executors_running(&self) -> Option<u64> {
        self.numbers().map(|n| n.executors_running)
    }

    /// The comparable numbers of this answer.
    pub fn numbers(&self) -> Option<SideNumbers> {
        match self {
            Answer::Yarn(p) => Some(SideNumbers::of_placement(
                &p.placement,
                p.placement.requested,
            )),
            Answer::Kubernetes(p) => Some(SideNumbers::of_k8s(p)),
            Answer::Emr(p) => Some(SideNumbers::of_emr(p)),
            Answer::Invalid(_) | Answer::NothingRead => None,
        }
    }
}

/// The numbers the comparison sets side by side, for the pasted settings or the plan (the
/// check's view, [`crate::view::check`], holds them as they are, field by field).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields))]
pub struct SideNumbers {
    /// Executors asked for (`None`: as many as fit).
    #[cfg_attr(
        feature = "json",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub executors_asked: Option<u64>,
    /// Executors that run.
    pub executors_running: u64,
    /// Executor requests those executors hold: more than `executors_running` when EMR merges
    /// several requests on a node into one executor.
    pub requests_running: u64,
    /// Cores of one executor (`spark.executor.cores`; EMR: of a launched, merged executor).
    pub cores_per_executor: u64,
    /// EMR: the launched executors differ in size (merged from different numbers of requests);
    /// the numbers of one executor are then the largest's.
    pub several_sizes: bool,
    /// Heap of one executor in MiB.
    pub heap_mib: u64,
    /// One executor's container (YARN and EMR: granted) or pod memory, in MiB.
    pub container_mib: u64,
    /// Tasks that run at once.
    pub task_slots: u64,
    /// Memory the cluster hands to the application's containers or pods, in MiB.
    pub memory_used_mib: u64,
    /// Memory the cluster has for containers or pods, in MiB.
    pub memory_available_mib: u64,
    /// CPU the application's containers or pods hold, in millicores (YARN: vcores × 1000).
    pub cpu_reserved_millis: u64,
    /// What [`SideNumbers::cpu_reserved_millis`] counts: `pod-requests`, `vcores` or
    /// `one-vcore-per-container`.
    pub cpu_counted: CpuCounted,
    /// Whether every container can start (no refusal, the AM or driver fits).
    pub runs: bool,
}

impl SideNumbers {
    fn of_placement(p: &Placement, asked: Option<u32>) -> SideNumbers {
        SideNumbers {
            executors_asked: asked.map(u64::from),
            executors_running: u64::from(p.totals.executors),
            requests_running: u64::from(p.totals.executors),
            cores_per_executor: u64::from(p.executor.cores),
            several_sizes: false,
            heap_mib: p.executor.memory.heap_mib,
            container_mib: p.executor.granted.memory_mib,
            task_slots: p.totals.task_slots,
            memory_used_mib: p.totals.granted_memory_mib,
            memory_available_mib: p.totals.yarn_memory_mib,
            cpu_reserved_millis: p.totals.granted_vcores.saturating_mul(1000),
            cpu_counted: CpuCounted::Vcores,
            runs: p.fit.am_runs() && p.fit.executors_run(),
        }
    }

    fn of_k8s(p: &K8sPlan) -> SideNumbers {
        SideNumbers {
            executors_asked: Some(p.wanted),
            executors_running: p.placed,
            requests_running: p.placed,
            cores_per_executor: p.task_slots_per_executor,
            several_sizes: false,
            heap_mib: p.executor_memory.heap_mib,
            container_mib: p.executor_memory_mib(),
            task_slots: p.totals.task_slots,
            memory_used_mib: p.totals.memory_requested_mib,
            memory_available_mib: p.totals.memory_available_mib,
            cpu_reserved_millis: p.totals.cpu_requested_millis,
            cpu_counted: CpuCounted::PodRequests,
            runs: p.fit.driver_fits && p.fit.per_node > 0,
        }
    }

    fn of_emr(p: &EmrPlan) -> SideNumbers {
        let first = p.launched.first();
        SideNumbers {
            executors_asked: Some(u64::from(p.requested)),
            executors_running: u64::from(p.launched_executors),
            requests_running: p
                .launched
                .iter()
                .map(|l| u64::from(l.count) * u64::from(l.merged))
                .sum(),
            cores_per_executor: first.map_or(u64::from(p.request.cores), |l| u64::from(l.cores)),
            several_sizes: p.launched.len() > 1,
            heap_mib: first.map_or(p.request.memory.heap_mib, |l| l.heap_mib),
            container_mib: first.map_or(p.request.granted.memory_mib, |l| l.memory_mib),
            task_slots: p.totals.task_slots,
            memory_used_mib: p.totals.granted_memory_mib,
            memory_available_mib: p.totals.yarn_memory_mib,
            cpu_reserved_millis: p.totals.granted_vcores.saturating_mul(1000),
            cpu_counted: CpuCounted::Vcores,
            runs: p.am.node.is_some() && p.launched_executors > 0,
        }
    }

    /// The numbers of the planner's plan.
    pub fn of_outcome(outcome: &Outcome) -> Option<SideNumbers> {
        match outcome {
            Outcome::Yarn(c) => {
                let plan = c.selected_plan();
                Some(SideNumbers::of_placement(
                    &plan.placement,
                    Some(plan.instances),
                ))
            }
            Outcome::Kubernetes(p) => Some(SideNumbers::of_k8s(p)),
            Outcome::Emr(p) => Some(SideNumbers::of_emr(p)),
            Outcome::Invalid(_) => None,
        }
    }
}

/// What a side's CPU number counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum CpuCounted {
    /// Kubernetes: the pods' CPU requests.
    PodRequests,
    /// YARN under the DominantResourceCalculator: the vcores its containers hold.
    Vcores,
    /// YARN under the DefaultResourceCalculator: it schedules by memory alone and counts one
    /// vcore per container, whatever `spark.executor.cores` asks.
    OneVcorePerContainer,
}

impl CpuCounted {
    /// What the numbers of `scenario`'s plans count.
    pub fn of(scenario: &Scenario) -> CpuCounted {
        let calculator = match scenario {
            Scenario::Kubernetes(_) => return CpuCounted::PodRequests,
            Scenario::Yarn(input) => input.scheduler.calculator,
            Scenario::Emr(input) => input.calculator,
        };
        match calculator {
            crate::yarn::Calculator::Default => CpuCounted::OneVcorePerContainer,
            crate::yarn::Calculator::Dominant => CpuCounted::Vcores,
        }
    }
}

/// The pasted settings and the planner's plan, side by side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Side {
    /// The pasted settings' numbers (none when they cannot be planned).
    pub pasted: Option<SideNumbers>,
    /// The plan's numbers (none when the form is invalid).
    pub plan: Option<SideNumbers>,
}

/// Everything the check finds: what was read, the scenario it gave, the answer and the plan.
#[derive(Debug, Clone, PartialEq)]
pub struct Check {
    /// What was read, with where each setting came from.
    pub pasted: Pasted,
    /// The pasted settings applied to the form's scenario.
    pub applied: Applied,
    /// The pasted settings planned.
    pub answer: Answer,
    /// The planner's plan for the form as it is.
    pub plan: Outcome,
    /// Both, in comparable numbers.
    pub compare: Side,
    /// Dynamic allocation of the pasted settings on this cluster, when they can be planned
    /// (the form's rules, [`crate::dynamic_allocation`]: what Spark starts, how far it may
    /// grow, Spark's refusals).
    pub allocation: Option<AllocationNumbers>,
    /// The text's other parts (commands or SparkApplications), each checked on its own, in the
    /// order of the text (at most [`super::MAX_PARTS`] parts in all; empty for a text of one).
    pub others: Vec<Check>,
}

impl Check {
    /// The Kubernetes settings the answer was planned with (`None` off Kubernetes): where the
    /// pods' CPU text comes from ([`K8sPlan::pod_specs`]).
    pub fn kubernetes_spark(&self) -> Option<&K8sSpark> {
        match &self.applied.scenario {
            Scenario::Kubernetes(input) => Some(&input.spark),
            Scenario::Yarn(_) | Scenario::Emr(_) => None,
        }
    }
}

/// Checks pasted text against the cluster of `form` (see the module documentation); a text of
/// several commands or SparkApplications is checked for the first, the others each on its own
/// ([`Check::others`]).
pub fn check(text: &str, form: &Scenario) -> Check {
    check_part(text, form, 0)
}

/// [`check`] for the part of index `part` of a text of several ([`super::Pasted::parts`]).
pub fn check_part(text: &str, form: &Scenario, part: usize) -> Check {
    let mut checked = check_pasted(read_part(text, part), form);
    let parts = checked.pasted.parts.len().min(super::MAX_PARTS);
    if parts > 1 {
        // Each part beside its own plan of the form (planned again: cloning a plan would put
        // every plan type's copying into the reports module, for a rare text).
        checked.others = (0..parts)
            .filter(|i| *i != part)
            .map(|i| check_pasted(read_part(text, i), form))
            .collect();
    }
    checked
}

/// Checks settings already read (from text or from a share link).
pub fn check_pasted(mut pasted: Pasted, form: &Scenario) -> Check {
    let applied = apply_settings(&pasted, form);
    let answer = plan_applied(&pasted, &applied);
    let plan = scenario::plan(form);
    let task_cpus = scenario::task_cpus_of(&applied.scenario);
    let resources = super::resources::check_resources(
        &pasted,
        applied.scenario.manager(),
        applied.executor_cores,
        task_cpus,
    );
    pasted.findings.extend(resources.findings);
    let counted = |n: SideNumbers, scenario: &Scenario| SideNumbers {
        cpu_counted: CpuCounted::of(scenario),
        ..n
    };
    let compare = Side {
        pasted: answer
            .numbers()
            .map(|n| counted(n, &applied.scenario))
            .map(|n| with_resource_slots(n, resources.slots.as_ref())),
        plan: SideNumbers::of_outcome(&plan).map(|n| counted(n, form)),
    };
    let allocation = allocation_of(&applied, &answer);
    Check {
        pasted,
        applied,
        answer,
        plan,
        compare,
        allocation,
        others: Vec::new(),
    }
}

/// The tasks at once when a custom resource (a GPU) lets each executor run fewer than its cores
/// do: each executor request runs the resource's slots (`ResourceProfile`'s limiting resource).
fn with_resource_slots(n: SideNumbers, slots: Option<&crate::resources::TaskSlots>) -> SideNumbers {
    match slots {
        Some(s) if s.slots < s.slots_by_cores => SideNumbers {
            task_slots: n.requests_running.saturating_mul(s.slots),
            ..n
        },
        _ => n,
    }
}

/// The pasted dynamic allocation against what the cluster holds of the pasted executors, as
/// the form's Dynamic allocation section computes it (`spark.executor.instances` as Spark reads
/// it with dynamic allocation: 0 when unset).
fn allocation_of(applied: &Applied, answer: &Answer) -> Option<AllocationNumbers> {
    let holds = match answer {
        Answer::Yarn(p) => p.placement.capacity.min(p.placement.fit.share_limit),
        Answer::Kubernetes(p) => p.fit.capacity,
        Answer::Emr(p) => p.requests_capacity,
        Answer::Invalid(_) | Answer::NothingRead => return None,
    };
    let scenario = &applied.scenario;
    Some(allocation_numbers(
        &crate::scenario::dynamic_allocation_of(scenario),
        scenario.manager(),
        applied.instances.unwrap_or(0),
        u32::try_from(holds).unwrap_or(u32::MAX),
    ))
}

/// Plans the applied settings with the planner's functions for the scenario's manager.
fn plan_applied(pasted: &Pasted, applied: &Applied) -> Answer {
    let read_something = !pasted.settings.is_empty()
        || pasted.app_type.is_some()
        || pasted.maximize_resource_allocation.is_some();
    if !read_something {
        return Answer::NothingRead;
    }
    let m = applied.scenario.manager();
    match &applied.scenario {
        Scenario::Yarn(input) => {
            let place_input = PlaceInput {
                plan: input.clone(),
                executor_heap_mib: applied.executor_heap_mib,
                executor_cores: applied.executor_cores,
                count: applied.count,
            };
            match place(&place_input) {
                Ok(p) => Answer::Yarn(Box::new(p)),
                Err(e) => Answer::Invalid(e.diagnostics(m)),
            }
        }
        Scenario::Kubernetes(input) => match plan_k8s(input) {
            Ok(p) => Answer::Kubernetes(Box::new(p)),
            Err(e) => Answer::Invalid(e.diagnostics(m)),
        },
        Scenario::Emr(input) => match plan_emr(input) {
            Ok(p) => Answer::Emr(Box::new(p)),
            Err(e) => Answer::Invalid(e.diagnostics(m)),
        },
    }
}
