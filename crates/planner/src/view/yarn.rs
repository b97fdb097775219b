//! YARN's view: both methods' plans, the selected one marked, and why they differ.

use super::parts::{exports, finding, findings, groups, steps};
use super::{
    ContainerRole, ContainerView, NothingRuns, PlanMethod, PlanView, Refusal, Running, TotalsView,
    UnifiedMemoryView, View,
};
use crate::catalog::ClusterManager;
use crate::input::Method;
use crate::place::{AmShape, Placement, Totals};
use crate::plan::{self, Comparison};
use crate::shortfall::Shortfall;
use crate::warning::Severity;

const YARN: ClusterManager = ClusterManager::Yarn;

/// Fills `view` with a YARN comparison.
pub(super) fn fill(view: &mut View, c: &Comparison) {
    view.plans = vec![
        plan_view(c, Method::RuleOfThumb),
        plan_view(c, Method::SparkExact),
    ];
    view.differences = findings(YARN, &plan::differences(c));
}

/// The method's id in the view.
pub(super) fn method_of(m: Method) -> PlanMethod {
    match m {
        Method::RuleOfThumb => PlanMethod::RuleOfThumb,
        Method::SparkExact => PlanMethod::SparkExact,
    }
}

fn plan_view(c: &Comparison, method: Method) -> PlanView {
    let p = c.plan_of(method);
    let pairs = crate::exports::yarn_spark_conf(c, method);
    let t = p.placement.totals;
    let warnings = plan::warnings(c, method);
    let runs = (t.executors > 0).then_some(Running {
        executors: t.executors,
        cores: p.cores(),
        heap_mib: p.heap_mib(),
        largest_of_several: false,
    });
    PlanView {
        method: method_of(method),
        selected: method == c.selected,
        executors: p.instances,
        executors_running: t.executors,
        cores_per_executor: p.cores(),
        executor_memory: p.heap_setting(),
        heap_mib: p.heap_mib(),
        task_slots: t.task_slots,
        executors_per_node: p.placement.per_node,
        fits: t.executors > 0,
        gpus: super::parts::gpus(
            &c.input.input.spark.gpus,
            c.input.shape.gpus,
            (p.cores(), c.input.input.spark.task_cpus),
            p.placement.fit.gpus_bind(),
        ),
        runs,
        nothing_runs: (t.executors == 0).then_some(if p.instances == 0 {
            NothingRuns::NoneAsked
        } else {
            NothingRuns::NoExecutorFits
        }),
        refusal: refusal(c, method),
        containers: containers(&p.placement),
        layout: groups(&p.placement.layout, YARN),
        totals: totals(&t),
        unified_memory: p.memory.as_ref().ok().map(unified_memory),
        heap_refused: p.memory.as_ref().err().map(ToString::to_string),
        working: steps(&plan::working_steps(c, method)),
        warnings: findings(YARN, &warnings),
        guidance: findings(
            YARN,
            &crate::explorer::yarn_method_guidance(c, method, &warnings),
        ),
        exports: exports(&pairs, crate::exports::submit_flags(&pairs)),
    }
}

/// Why `method`'s plan does not run in full, with the nearest plans that run; when every
/// executor runs, the first error Spark or YARN would raise.
fn refusal(c: &Comparison, method: Method) -> Option<Refusal> {
    match plan::shortfall(c, method) {
        Some(s) => Some(shortfall_refusal(c, &s)),
        None => plan::warnings(c, method)
            .into_iter()
            .find(|w| w.severity == Severity::Error)
            .map(|w| Refusal {
                severity: Severity::Error,
                asked: 0,
                runs: 0,
                message: finding(YARN, &w).message,
                nearest: Vec::new(),
            }),
    }
}

fn shortfall_refusal(c: &Comparison, s: &Shortfall) -> Refusal {
    super::parts::shortfall_refusal(YARN, s, plan::shortfall_words(c, s), &|_, n| {
        Some(plan::nearest_words(n))
    })
}

/// YARN's executor and ApplicationMaster containers.
pub(super) fn containers(placement: &Placement) -> Vec<ContainerView> {
    let e = placement.executor;
    let executor = ContainerView {
        role: ContainerRole::Executor,
        count: u64::from(placement.totals.executors),
        heap_mib: Some(e.memory.heap_mib),
        overhead_mib: Some(e.memory.overhead_mib),
        offheap_mib: Some(e.memory.offheap_mib),
        pyspark_mib: Some(e.memory.pyspark_mib),
        requested_mib: e.request.memory_mib,
        granted_mib: Some(e.granted.memory_mib),
        cores: Some(e.cores),
        yarn_vcores: Some(e.granted.vcores),
        cpu_request: None,
        cpu_limit: None,
        merged_requests: None,
        node: None,
    };
    vec![executor, application_master(placement.am)]
}

/// The ApplicationMaster's container (YARN and EMR).
pub(super) fn application_master(am: AmShape) -> ContainerView {
    ContainerView {
        role: ContainerRole::ApplicationMaster,
        count: u64::from(am.node.is_some()),
        heap_mib: Some(am.heap_mib),
        overhead_mib: Some(am.overhead_mib),
        offheap_mib: None,
        pyspark_mib: None,
        requested_mib: am.request.memory_mib,
        granted_mib: Some(am.granted.memory_mib),
        cores: Some(am.request.vcores),
        yarn_vcores: Some(am.granted.vcores),
        cpu_request: None,
        cpu_limit: None,
        merged_requests: None,
        node: am.node,
    }
}

/// Sums over a YARN layout (also EMR's).
pub(super) fn totals(t: &Totals) -> TotalsView {
    TotalsView {
        executors: t.executors,
        task_slots: t.task_slots,
        memory_used_mib: t.granted_memory_mib,
        memory_available_mib: t.yarn_memory_mib,
        vcores_used: Some(t.granted_vcores),
        vcores_available: Some(t.yarn_vcores),
        cpu_used_millis: None,
        cpu_available_millis: None,
        memory_requested_mib: Some(t.requested_memory_mib),
        heap_mib: Some(t.heap_mib),
        unused_memory_mib: Some(t.unused_memory_mib),
        unused_vcores: Some(t.unused_vcores),
    }
}

fn unified_memory(m: &crate::memory::UnifiedMemory) -> UnifiedMemoryView {
    UnifiedMemoryView {
        heap_bytes: m.heap_bytes,
        reserved_bytes: m.reserved_bytes,
        user_bytes: m.user_bytes,
        storage_bytes: m.storage_bytes,
        execution_bytes: m.execution_bytes,
        concurrent_tasks: m.concurrent_tasks,
        per_task_min_bytes: m.per_task_min_bytes,
        per_task_max_bytes: m.per_task_max_bytes,
        per_task_max_uncached_bytes: m.per_task_max_uncached_bytes,
    }
}
