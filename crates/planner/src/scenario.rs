//! A scenario: what to plan and for which cluster manager, the presets of each manager, and
//! [`plan`], which plans any scenario or reports what to fix. The URL codec and the page read
//! and write scenarios; they do not decide what to plan.
//!
//! ```
//! use planner::scenario::{plan, presets, ClusterManager, Outcome, Scenario};
//!
//! match plan(&Scenario::default_for(ClusterManager::Kubernetes)) {
//!     Outcome::Kubernetes(p) => assert_eq!(p.totals.cpu_requested_millis, 33_000),
//!     other => panic!("{other:?}"),
//! }
//! assert!(presets(ClusterManager::Emr).iter().all(|p| p.input.manager() == ClusterManager::Emr));
//! ```

pub use crate::catalog::ClusterManager;
use crate::emr::{plan_emr, EmrInput, EmrPlan};
use crate::input::PlanInput;
use crate::k8s::{plan_k8s, K8sInput, K8sPlan};
use crate::plan::Comparison;
use crate::presets::{emr_presets, k8s_presets, Preset};
use crate::warning::Diagnostic;

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
    pub fn manager(&self) -> ClusterManager {
        match self {
            Scenario::Yarn(_) => ClusterManager::Yarn,
            Scenario::Kubernetes(_) => ClusterManager::Kubernetes,
            Scenario::Emr(_) => ClusterManager::Emr,
        }
    }

    /// The default input for `m`.
    pub fn default_for(m: ClusterManager) -> Scenario {
        match m {
            ClusterManager::Yarn => Scenario::Yarn(PlanInput::default()),
            ClusterManager::Kubernetes => Scenario::Kubernetes(K8sInput::default()),
            ClusterManager::Emr => Scenario::Emr(EmrInput::default()),
        }
    }

    /// What the page opens on for `m` when a user switches to it: a plan that runs as asked.
    /// YARN's and Kubernetes' defaults do; EMR's default is seed 003's story (50 requests
    /// merged into 9 executors, 5 pending), a preset one click away, so EMR opens on its first
    /// preset, executors as requested.
    pub fn opening_for(m: ClusterManager) -> Scenario {
        match m {
            ClusterManager::Emr => Scenario::Emr(crate::presets::emr_opening()),
            _ => Scenario::default_for(m),
        }
    }
}

/// A named scenario of any cluster manager (the preset's input is the whole scenario).
pub type ScenarioPreset = Preset<Scenario>;

/// The presets of `m`, in display order.
pub fn presets(m: ClusterManager) -> Vec<ScenarioPreset> {
    match m {
        ClusterManager::Yarn => as_scenarios(crate::presets::presets(), Scenario::Yarn),
        ClusterManager::Kubernetes => as_scenarios(k8s_presets(), Scenario::Kubernetes),
        ClusterManager::Emr => as_scenarios(emr_presets(), Scenario::Emr),
    }
}

fn as_scenarios<I>(list: Vec<Preset<I>>, wrap: fn(I) -> Scenario) -> Vec<ScenarioPreset> {
    list.into_iter()
        .map(|p| Preset {
            id: p.id,
            name: p.name,
            description: p.description,
            input: wrap(p.input),
        })
        .collect()
}

/// What planning a scenario gives.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// A YARN plan (both methods).
    Yarn(Box<Comparison>),
    /// A Kubernetes plan.
    Kubernetes(Box<K8sPlan>),
    /// An Amazon EMR plan.
    Emr(Box<EmrPlan>),
    /// The input is not valid: one diagnostic per problem, in form order.
    Invalid(Vec<Diagnostic>),
}

/// The driver as a scenario sets it, with the load its form describes (for
/// [`crate::driver::driver_numbers`]).
pub fn driver_settings(scenario: &Scenario) -> crate::driver::DriverSettings {
    use crate::driver::DriverSettings;
    match scenario {
        Scenario::Yarn(i) => DriverSettings {
            load: i.spark.driver_load,
            deploy_mode: i.spark.deploy_mode,
            heap_mib: i.spark.driver_memory_mib,
            cores: i.spark.driver_cores,
        },
        Scenario::Kubernetes(i) => DriverSettings {
            load: i.spark.driver_load,
            deploy_mode: i.spark.deploy_mode,
            heap_mib: i.spark.driver_memory_mib,
            cores: i.spark.driver_cores,
        },
        Scenario::Emr(i) => DriverSettings {
            load: i.driver_load,
            deploy_mode: i.deploy_mode,
            heap_mib: i.driver_memory_mib,
            cores: i.driver_cores,
        },
    }
}

/// The workload a scenario describes (for [`crate::job_fit`]).
pub fn workload_of(scenario: &Scenario) -> crate::workload::Workload {
    match scenario {
        Scenario::Yarn(i) => i.spark.workload,
        Scenario::Kubernetes(i) => i.spark.workload,
        Scenario::Emr(i) => i.workload,
    }
}

/// `spark.task.cpus` as a scenario sets it.
pub fn task_cpus_of(scenario: &Scenario) -> u32 {
    match scenario {
        Scenario::Yarn(i) => i.spark.task_cpus,
        Scenario::Kubernetes(i) => i.spark.task_cpus,
        Scenario::Emr(i) => i.task_cpus,
    }
}

/// `scenario` with `spark.task.cpus` set to `task_cpus`.
pub fn with_task_cpus(scenario: &Scenario, task_cpus: u32) -> Scenario {
    let mut s = scenario.clone();
    match &mut s {
        Scenario::Yarn(i) => i.spark.task_cpus = task_cpus,
        Scenario::Kubernetes(i) => i.spark.task_cpus = task_cpus,
        Scenario::Emr(i) => i.task_cpus = task_cpus,
    }
    s
}

/// Dynamic allocation as a scenario sets it.
pub fn dynamic_allocation_of(scenario: &Scenario) -> crate::dynamic_allocation::DynamicAllocation {
    use crate::dynamic_allocation::DynamicAllocation;
    match scenario {
        Scenario::Yarn(i) => DynamicAllocation {
            enabled: i.spark.dynamic_allocation,
            settings: i.spark.dynamic_allocation_settings,
        },
        Scenario::Kubernetes(i) => DynamicAllocation {
            enabled: i.spark.dynamic_allocation,
            settings: i.spark.dynamic_allocation_settings,
        },
        Scenario::Emr(i) => DynamicAllocation {
            enabled: i.dynamic_allocation,
            settings: i.dynamic_allocation_settings,
        },
    }
}

/// Plans any scenario, or reports every invalid field.
pub fn plan(scenario: &Scenario) -> Outcome {
    let m = scenario.manager();
    match scenario {
        Scenario::Yarn(input) => match crate::plan::plan(input) {
            Ok(c) => Outcome::Yarn(Box::new(c)),
            Err(e) => Outcome::Invalid(e.diagnostics(m)),
        },
        Scenario::Kubernetes(input) => match plan_k8s(input) {
            Ok(p) => Outcome::Kubernetes(Box::new(p)),
            Err(e) => Outcome::Invalid(e.diagnostics(m)),
        },
        Scenario::Emr(input) => match plan_emr(input) {
            Ok(p) => Outcome::Emr(Box::new(p)),
            Err(e) => Outcome::Invalid(e.diagnostics(m)),
        },
    }
}

/// Plans a scenario read from texts (a form, a link, flags) of which `unreadable` could not be
/// read (they kept their defaults): those come first, as typed, then what the planner finds,
/// one diagnostic per field — a value that did not read is reported once. The page, the JS API
/// and the command line all answer through this.
pub fn plan_with_unreadable(scenario: &Scenario, unreadable: Vec<Diagnostic>) -> Outcome {
    match plan(scenario) {
        Outcome::Invalid(found) => {
            let mut all = unreadable;
            for d in found {
                if d.field.is_none() || all.iter().all(|u| u.field != d.field) {
                    all.push(d);
                }
            }
            Outcome::Invalid(all)
        }
        _ if !unreadable.is_empty() => Outcome::Invalid(unreadable),
        planned => planned,
    }
}

/// When a planned scenario runs fewer executors than it asks for, whichever its cluster
/// manager: why, and the nearest plans that run (YARN: the selected method's plan). `None` when
/// all run, or the outcome is not the scenario's plan.
pub fn shortfall(scenario: &Scenario, outcome: &Outcome) -> Option<crate::shortfall::Shortfall> {
    match (scenario, outcome) {
        (_, Outcome::Yarn(c)) => crate::plan::shortfall(c, c.selected),
        (Scenario::Kubernetes(input), Outcome::Kubernetes(p)) => {
            crate::k8s::k8s_shortfall(input, p)
        }
        (_, Outcome::Emr(p)) => p.shortfall.clone(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{self, FieldId};

    #[test]
    fn every_manager_plans_its_presets() {
        for m in ClusterManager::ALL {
            let presets = presets(m);
            assert!(!presets.is_empty());
            for p in presets {
                assert_eq!(p.input.manager(), m, "{}", p.id);
                let outcome = plan(&p.input);
                assert!(
                    !matches!(outcome, Outcome::Invalid(_)),
                    "{}: {outcome:?}",
                    p.id
                );
            }
        }
    }

    #[test]
    fn yarn_errors_read_in_human_units() {
        let mut input = PlanInput::default();
        input.spark.driver_memory_mib = 0;
        input.cluster.memory_per_node_gib = 0.0;
        let Outcome::Invalid(d) = plan(&Scenario::Yarn(input)) else {
            panic!("should be invalid")
        };
        let messages: Vec<&str> = d.iter().map(|x| x.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "Memory per node is 0 GiB; allowed: more than 0 GiB up to 64 TiB",
                "spark.driver.memory is 0 MiB; allowed: 1 MiB to 64 TiB",
            ]
        );
    }

    #[test]
    fn invalid_scenarios_name_their_fields() {
        let mut k8s = K8sInput::default();
        k8s.nodes.nodes = 0;
        k8s.spark.request_cores = Some("abc".into());
        let Outcome::Invalid(d) = plan(&Scenario::Kubernetes(k8s)) else {
            panic!("should be invalid")
        };
        let fields: Vec<_> = d.iter().map(|x| x.field).collect();
        assert_eq!(
            fields,
            [Some(FieldId::Nodes), Some(FieldId::ExecutorCpuRequest)]
        );
        assert_eq!(d[0].message, "Nodes is 0; allowed: 1 to 100\u{202f}000");
        assert_eq!(
            catalog::key(ClusterManager::Kubernetes, FieldId::ExecutorCpuRequest),
            "rq"
        );

        let emr = EmrInput {
            core_nodes: 0,
            ..EmrInput::default()
        };
        let Outcome::Invalid(d) = plan(&Scenario::Emr(emr)) else {
            panic!("should be invalid")
        };
        assert_eq!(
            d[0].message,
            "Core nodes is 0; allowed: 1 to 100\u{202f}000"
        );
    }
}
