//! Amazon EMR's view: one plan, what was requested against what EMR launches, and the driver
//! log.

use super::parts::{exports, findings, groups, shortfall_refusal, steps};
use super::yarn::{application_master, totals};
use super::{
    ContainerRole, ContainerView, EmrView, LaunchedView, NothingRuns, PlanMethod, PlanView,
    Refusal, Running, View,
};
use crate::catalog::ClusterManager;
use crate::emr::{self, EmrPlan};
use crate::exports::emr as emr_exports;
use crate::format::spark_size;

const EMR: ClusterManager = ClusterManager::Emr;

/// Fills `view` with an EMR plan.
pub(super) fn fill(view: &mut View, p: &EmrPlan) {
    view.plans = vec![plan_view(p)];
    let mut launched = Vec::with_capacity(p.launched.len());
    for l in &p.launched {
        launched.push(LaunchedView {
            count: l.count,
            merged: l.merged,
            memory_mib: l.memory_mib,
            cores: l.cores,
            yarn_vcores: l.yarn_vcores,
            heap_mib: l.heap_mib,
            overhead_mib: l.overhead_mib,
        });
    }
    let r = p.request;
    view.emr = Some(EmrView {
        instance: p.settings.instance.describe(),
        core_nodes: p.settings.core_nodes,
        requested: p.requested,
        request_mib: r.request.memory_mib,
        request_vcores: r.request.vcores,
        granted_mib: r.granted.memory_mib,
        granted_vcores: r.granted.vcores,
        launched,
        covered_requests: p.covered_requests,
        pending_requests: p.pending_requests,
        merged: p.launched.iter().any(|l| l.merged > 1),
        how: emr::requests_words(p),
    });
}

fn plan_view(p: &EmrPlan) -> PlanView {
    let r = p.request;
    let warnings = emr::warnings(p);
    let mut exports = exports(&emr_exports::spark_conf(p), emr_exports::submit_flags(p));
    exports.emr_configurations_json = Some(emr_exports::classification_json(p));
    exports.driver_log = Some(emr_exports::driver_log(p));
    let driver_starts = !emr::driver_above_master(&p.settings);
    let running = if driver_starts {
        p.launched_executors
    } else {
        0
    };
    let runs = p.launched.first().map(|top| Running {
        executors: p.launched_executors,
        cores: top.cores,
        heap_mib: top.heap_mib,
        largest_of_several: p.launched.len() > 1,
    });
    PlanView {
        method: PlanMethod::Emr,
        selected: true,
        executors: p.requested,
        executors_running: running,
        cores_per_executor: r.cores,
        executor_memory: spark_size(r.memory.heap_mib),
        heap_mib: r.memory.heap_mib,
        task_slots: p.totals.task_slots,
        executors_per_node: p.requests_per_node,
        fits: running > 0,
        gpus: super::parts::gpus(
            &p.settings.gpus,
            p.shape.gpus,
            (r.cores, p.settings.task_cpus),
            p.asked_fit.gpus_bind(),
        ),
        runs: runs.filter(|_| running > 0),
        nothing_runs: nothing_runs(p, driver_starts),
        refusal: if driver_starts {
            refusal(p)
        } else {
            Some(driver_refusal(p, &warnings))
        },
        containers: containers(p),
        layout: groups(&p.layout, EMR),
        totals: totals(&p.totals),
        unified_memory: None,
        heap_refused: None,
        working: steps(&emr::working_steps(p)),
        warnings: findings(EMR, &warnings),
        guidance: findings(EMR, &crate::explorer::emr_plan_guidance(p, &warnings)),
        exports,
    }
}

/// What the headline says when nothing runs: the driver first, since nothing starts without it.
fn nothing_runs(p: &EmrPlan, driver_starts: bool) -> Option<NothingRuns> {
    if !driver_starts {
        Some(NothingRuns::DriverDoesNotFit)
    } else if p.launched_executors > 0 {
        None
    } else if p.requested == 0 && !emr::grows_from_zero(&p.settings) {
        Some(NothingRuns::NoneAsked)
    } else {
        Some(NothingRuns::NoExecutorFits)
    }
}

/// A client-mode driver larger than the master node: the application does not start. The
/// nearest plan is the largest driver the master holds, with the executors the cluster runs.
fn driver_refusal(p: &EmrPlan, warnings: &[crate::warning::Warning]) -> Refusal {
    let message = warnings
        .iter()
        .find(|w| w.code == crate::warning::Code::DriverAboveMaster)
        .map_or_else(String::new, |w| w.message.clone());
    let heap_mib = emr::largest_driver_on_master_mib(&p.settings);
    let top = p.launched.first();
    let nearest = super::NearestPlan {
        kind: super::NearestKind::Heap,
        field: Some(crate::catalog::key(EMR, crate::catalog::FieldId::DriverMemory).to_string()),
        setting_mib: Some(heap_mib),
        executors: u64::from(p.launched_executors),
        cores: top.map_or(p.request.cores, |l| l.cores),
        heap_mib: top.map_or(p.request.memory.heap_mib, |l| l.heap_mib),
        message: format!(
            "spark.driver.memory = {}, or a larger master type",
            spark_size(heap_mib)
        ),
    };
    Refusal {
        severity: crate::warning::Severity::Error,
        asked: u64::from(p.requested),
        runs: 0,
        message,
        nearest: vec![nearest],
    }
}

/// Why fewer requested executors run than asked, with the nearest shapes that fit.
fn refusal(p: &EmrPlan) -> Option<Refusal> {
    let s = p.shortfall.as_ref()?;
    Some(shortfall_refusal(
        EMR,
        s,
        emr::shortfall_sentence(p),
        &|_, n| emr::nearest_fit_words(n),
    ))
}

/// EMR's requested and launched executors and its ApplicationMaster.
pub(super) fn containers(p: &EmrPlan) -> Vec<ContainerView> {
    let r = p.request;
    let requested = ContainerView {
        role: ContainerRole::Executor,
        count: u64::from(p.requested),
        heap_mib: Some(r.memory.heap_mib),
        overhead_mib: Some(r.memory.overhead_mib),
        offheap_mib: None,
        pyspark_mib: None,
        requested_mib: r.request.memory_mib,
        granted_mib: Some(r.granted.memory_mib),
        cores: Some(r.cores),
        yarn_vcores: Some(r.granted.vcores),
        cpu_request: None,
        cpu_limit: None,
        merged_requests: None,
        node: None,
    };
    let mut views = Vec::with_capacity(p.launched.len() + 2);
    views.push(requested.clone());
    for l in &p.launched {
        views.push(ContainerView {
            role: ContainerRole::ExecutorLaunched,
            count: u64::from(l.count),
            heap_mib: Some(l.heap_mib),
            overhead_mib: Some(l.overhead_mib),
            requested_mib: l.memory_mib,
            granted_mib: Some(l.memory_mib),
            cores: Some(l.cores),
            yarn_vcores: Some(l.yarn_vcores),
            merged_requests: Some(l.merged),
            ..requested.clone()
        });
    }
    views.push(application_master(p.am));
    views
}
