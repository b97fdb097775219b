//! The answer in words, made once from a view for every front end that writes it: the title
//! (`YARN: 17 executors × 5 cores × 19g`, or why nothing runs) and the sentences under it, as
//! the wiki exports, the terminal table, Markdown, the SVG's title and the command line's
//! stderr say them; and what a node group holds.

use super::{Finding, NothingRuns, PlanMethod, PlanView, Status, View};
use crate::catalog::ClusterManager;
use crate::format;
use crate::layout::NodeGroup;
use crate::warning::Severity;

/// The answer in one line: `YARN: 17 executors × 5 cores × 19g`, `YARN: … (12 placed)`,
/// `Kubernetes: no executor pod fits`, `Amazon EMR: 9 executors × 20 cores × 94854m run;
/// asked: …`, or `YARN: nothing to plan`.
pub fn title(v: &View) -> String {
    let m = v.manager;
    let Some(p) = v.selected().filter(|_| v.status == Status::Planned) else {
        return format!("{}: nothing to plan", m.name());
    };
    let running = p.executors_running;
    let answer = match m {
        ClusterManager::Emr if p.nothing_runs == Some(NothingRuns::DriverDoesNotFit) => {
            "the driver does not fit, so nothing starts".to_string()
        }
        ClusterManager::Yarn if running == 0 => "no executor fits".to_string(),
        ClusterManager::Yarn if running < p.executors => {
            format!("{} ({running} placed)", asked_shape(p))
        }
        ClusterManager::Yarn => asked_shape(p),
        ClusterManager::Kubernetes if running == 0 => "no executor pod fits".to_string(),
        ClusterManager::Kubernetes => format::shape(running, p.cores_per_executor, p.heap_mib),
        ClusterManager::Emr if running == 0 => "no executor fits".to_string(),
        ClusterManager::Emr => emr_runs_words(p),
    };
    format!("{}: {answer}", m.name())
}

/// The sentences under the title: why nothing runs and the nearest plans that do, then what
/// runs (YARN: and the other method's answer; Kubernetes: pods per node and on the cluster;
/// EMR: the requests the executors cover).
pub fn lead(v: &View) -> Vec<String> {
    let Some(p) = v.selected().filter(|_| v.status == Status::Planned) else {
        return vec![format!(
            "The input has {} to fix first.",
            format::counted(v.diagnostics.len() as u64, "problem")
        )];
    };
    let mut lead = Vec::new();
    if p.executors_running == 0 {
        lead.extend(first_error(&p.findings()).map(|e| e.message.clone()));
    }
    // YARN names every nearest plan when nothing runs, Kubernetes its nearest heap whenever
    // pods wait; EMR says them in its refusal and Warnings.
    let nearest = match v.manager {
        ClusterManager::Yarn => p.executors_running == 0,
        ClusterManager::Kubernetes => true,
        ClusterManager::Emr => false,
    };
    if nearest {
        for n in p.refusal.iter().flat_map(|r| &r.nearest) {
            lead.push(n.message.clone());
        }
    }
    lead.push(format::in_text(&what_runs(v, p)));
    lead
}

/// What runs, in one sentence, as [`lead`] ends.
fn what_runs(v: &View, p: &PlanView) -> String {
    match v.manager {
        ClusterManager::Yarn => {
            let this = if p.method == PlanMethod::SparkExact {
                "Spark-exact"
            } else {
                "Rule-of-thumb"
            };
            let other = v
                .plans
                .iter()
                .find(|o| !o.selected)
                .map_or_else(String::new, asked_shape);
            format!(
                "{this} method: {} placed, {} at once. The other method gives {other}.",
                format::counted(u64::from(p.executors_running), "executor"),
                format::counted(p.task_slots, "task"),
            )
        }
        ClusterManager::Kubernetes => {
            let (per_node, capacity) = v
                .kubernetes
                .as_ref()
                .map_or((0, 0), |k| (k.executor_pods_per_node, k.cluster_capacity));
            format!(
                "{} fit on a node, {capacity} on the cluster; {} at once.",
                format::counted(per_node, "executor pod"),
                format::counted(p.task_slots, "task")
            )
        }
        ClusterManager::Emr if p.nothing_runs == Some(NothingRuns::DriverDoesNotFit) => {
            "Without its driver no executor runs.".to_string()
        }
        ClusterManager::Emr => {
            let (covered, pending) = v
                .emr
                .as_ref()
                .map_or((0, 0), |e| (e.covered_requests, e.pending_requests));
            format!(
                "EMR launches {} covering {covered} of the {}; {pending} pending.",
                format::counted(u64::from(p.executors_running), "executor"),
                format::counted(u64::from(p.executors), "request"),
            )
        }
    }
}

/// The shape asked for: executors × cores × heap.
fn asked_shape(p: &PlanView) -> String {
    format::shape(p.executors, p.cores_per_executor, p.heap_mib)
}

/// What EMR runs and what was asked, as a title says it: its merged executors differ from the
/// requests (`9 executors × 20 cores × 94854m run (the largest); asked: 50 executors × …`), so
/// the requests alone would read as the answer. Nothing of what runs when nothing fits.
pub fn emr_runs_words(p: &PlanView) -> String {
    let asked = asked_shape(p);
    let Some(runs) = p.runs else {
        return format!("nothing runs; asked: {asked}");
    };
    let largest = if runs.largest_of_several {
        " (the largest)"
    } else {
        ""
    };
    format!(
        "{} run{largest}; asked: {asked}",
        format::shape(runs.executors, runs.cores, runs.heap_mib)
    )
}

/// The first error among `findings`: why an answer does not run.
pub fn first_error(findings: &[Finding]) -> Option<&Finding> {
    findings.iter().find(|w| w.severity == Severity::Error)
}

/// What a node of `group` holds, in words: `ApplicationMaster + 2 executors`, `Driver pod + 3
/// executor pods`.
pub fn holds(group: &NodeGroup, m: ClusterManager) -> String {
    let executors = u64::from(group.executors_per_node());
    let executor_words = if m == ClusterManager::Kubernetes {
        format::counted(executors, "executor pod")
    } else {
        format::counted(executors, "executor")
    };
    if group.has_am() {
        format!("ApplicationMaster + {executor_words}")
    } else if group.has_driver_pod() {
        format!("Driver pod + {executor_words}")
    } else {
        executor_words
    }
}
