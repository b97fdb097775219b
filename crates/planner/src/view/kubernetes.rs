//! Kubernetes' view: one plan of pods, and Kubernetes' own parts (the node's reservation, pods
//! per node, the pod limit).

use super::parts::{exports, findings, groups, shortfall_refusal, steps};
use super::{
    ContainerRole, ContainerView, KubernetesView, NodeReservationView, NothingRuns, PlanMethod,
    PlanView, Refusal, ReservationRow, Running, TotalsView, View,
};
use crate::catalog::ClusterManager;
use crate::format;
use crate::format::spark_size;
use crate::k8s::{self, K8sInput, K8sNodes, K8sPlan};
use crate::providers::{NodeReservation, Provider};
use crate::spark::PodResources;

const KUBERNETES: ClusterManager = ClusterManager::Kubernetes;

/// Fills `view` with a Kubernetes plan of `input`.
pub(super) fn fill(view: &mut View, p: &K8sPlan, input: &K8sInput) {
    view.plans = vec![plan_view(p, input)];
    view.kubernetes = Some(KubernetesView {
        node: node_reservation(&p.nodes, p.reservation.as_ref()),
        executor_pods_per_node: p.fit.per_node,
        cluster_capacity: p.fit.capacity,
        asked: p.wanted,
        overhead_factor: crate::fixed::format_f64(p.overhead_factor),
        executor_cpu_millis: p.executor_cpu_millis,
        executor_memory_mib: p.executor_memory_mib(),
        pod_limit: k8s::k8s_pod_limit_words(p),
    });
}

fn plan_view(p: &K8sPlan, input: &K8sInput) -> PlanView {
    let spark = &input.spark;
    let t = p.totals;
    let warnings = k8s::k8s_warnings(input, p);
    let mut exports = exports(
        &crate::exports::k8s::spark_conf(p, spark),
        crate::exports::k8s::spark_submit_flags(p, spark),
    );
    exports.spark_operator_yaml = Some(crate::exports::k8s::spark_operator_yaml(p, spark));
    let runs = (t.executors > 0).then_some(Running {
        executors: t.executors,
        cores: spark.executor_cores,
        heap_mib: p.executor_memory.heap_mib,
        largest_of_several: false,
    });
    let nothing_runs = (p.wanted == 0 || t.executors == 0).then_some(if p.wanted == 0 {
        NothingRuns::NoneAsked
    } else if p.fit.driver_fits {
        NothingRuns::NoExecutorFits
    } else {
        NothingRuns::DriverDoesNotFit
    });
    PlanView {
        method: PlanMethod::Kubernetes,
        selected: true,
        executors: u32::try_from(p.wanted).unwrap_or(u32::MAX),
        executors_running: t.executors,
        cores_per_executor: spark.executor_cores,
        executor_memory: spark_size(spark.executor_memory_mib),
        heap_mib: p.executor_memory.heap_mib,
        task_slots: t.task_slots,
        executors_per_node: p.fit.per_node,
        fits: t.executors > 0,
        gpus: super::parts::gpus(
            &spark.gpus,
            p.room.gpus,
            (spark.executor_cores, spark.task_cpus),
            p.fit.gpu_cap.is_some_and(|cap| cap <= p.fit.per_node),
        ),
        runs: runs.filter(|_| p.wanted > 0),
        nothing_runs,
        refusal: refusal(p, input),
        containers: pods(p, spark),
        layout: groups(&p.layout, KUBERNETES),
        totals: totals(&t),
        unified_memory: None,
        heap_refused: None,
        working: steps(&k8s::k8s_working(input, p)),
        warnings: findings(KUBERNETES, &warnings),
        guidance: findings(
            KUBERNETES,
            &crate::explorer::k8s_plan_guidance(input, p, &warnings),
        ),
        exports,
    }
}

/// Why fewer executor pods run than asked, with the nearest heap that runs them (the first
/// nearest plan, which the words say).
fn refusal(p: &K8sPlan, input: &K8sInput) -> Option<Refusal> {
    let s = k8s::k8s_shortfall(input, p)?;
    let first = k8s::k8s_nearest_words(&s);
    let words = |i: usize, _: &crate::shortfall::Nearest| first.clone().filter(|_| i == 0);
    Some(shortfall_refusal(
        KUBERNETES,
        &s,
        k8s::k8s_shortfall_words(&s),
        &words,
    ))
}

fn pod(role: ContainerRole, count: u64, r: &PodResources) -> ContainerView {
    ContainerView {
        role,
        count,
        heap_mib: None,
        overhead_mib: None,
        offheap_mib: None,
        pyspark_mib: None,
        requested_mib: r.memory_mib,
        granted_mib: None,
        cores: None,
        yarn_vcores: None,
        cpu_request: Some(r.cpu_request.clone()),
        cpu_limit: r.cpu_limit.clone(),
        merged_requests: None,
        node: None,
    }
}

/// The executor and driver pods, each with its memory parts.
pub(super) fn pods(p: &K8sPlan, spark: &k8s::K8sSpark) -> Vec<ContainerView> {
    let m = p.executor_memory;
    let specs = p.pod_specs(spark);
    let executor = ContainerView {
        heap_mib: Some(m.heap_mib),
        overhead_mib: Some(m.overhead_mib),
        offheap_mib: Some(m.offheap_mib),
        pyspark_mib: Some(m.pyspark_mib),
        cores: Some(spark.executor_cores),
        ..pod(
            ContainerRole::Executor,
            u64::from(p.totals.executors),
            &specs.executor,
        )
    };
    let mut views = vec![executor];
    if let (Some(d), Some(memory)) = (&specs.driver, p.driver) {
        views.push(ContainerView {
            heap_mib: Some(memory.heap_mib),
            overhead_mib: Some(memory.overhead_mib),
            ..pod(ContainerRole::Driver, 1, d)
        });
    }
    views
}

fn totals(t: &k8s::K8sTotals) -> TotalsView {
    TotalsView {
        executors: t.executors,
        task_slots: t.task_slots,
        memory_used_mib: t.memory_requested_mib,
        memory_available_mib: t.memory_available_mib,
        vcores_used: None,
        vcores_available: None,
        cpu_used_millis: Some(t.cpu_requested_millis),
        cpu_available_millis: Some(t.cpu_available_millis),
        memory_requested_mib: None,
        heap_mib: None,
        unused_memory_mib: None,
        unused_vcores: None,
    }
}

/// A node's reservation: a managed provider's formula, or the typed reservations (custom).
fn node_reservation(n: &K8sNodes, r: Option<&NodeReservation>) -> NodeReservationView {
    let provider = r.map_or(Provider::Custom, |r| r.provider);
    NodeReservationView {
        provider: provider.as_str().to_string(),
        provider_name: provider.name().to_string(),
        source: source_words(r),
        rows: r.map_or_else(|| custom_rows(n), |r| managed_rows(r, n)),
    }
}

fn row(label: &str, cpu_millis: Option<u64>, memory_mib: Option<u64>) -> ReservationRow {
    ReservationRow {
        label: label.to_string(),
        total: label.starts_with('='),
        cpu_millis,
        memory_mib,
    }
}

/// The rows of a managed provider's node, from its formula's numbers.
fn managed_rows(r: &NodeReservation, n: &K8sNodes) -> Vec<ReservationRow> {
    let cpu_left = r
        .allocatable_cpu_millis()
        .saturating_sub(n.daemonset_cpu_millis);
    let memory_left = r
        .allocatable_memory_mib()
        .saturating_sub(n.daemonset_memory_mib);
    vec![
        row(
            "Capacity",
            Some(r.capacity_cpu_millis),
            Some(r.capacity_memory_mib),
        ),
        row(
            "− kube-reserved",
            Some(r.kube_reserved_cpu_millis),
            Some(r.kube_reserved_memory_mib),
        ),
        row(
            "− system-reserved",
            Some(r.system_reserved_cpu_millis),
            Some(r.system_reserved_memory_mib),
        ),
        row("− eviction threshold", None, Some(r.eviction_memory_mib)),
        row(
            "= Allocatable",
            Some(r.allocatable_cpu_millis()),
            Some(r.allocatable_memory_mib()),
        ),
        row(
            "− daemonsets",
            Some(n.daemonset_cpu_millis),
            Some(n.daemonset_memory_mib),
        ),
        row("= Left for Spark's pods", Some(cpu_left), Some(memory_left)),
    ]
}

/// The rows of typed (custom) reservations.
fn custom_rows(n: &K8sNodes) -> Vec<ReservationRow> {
    let cpu_allocatable = n.capacity_cpu_millis.saturating_sub(n.reserved_cpu_millis);
    let memory_allocatable = n.capacity_memory_mib.saturating_sub(n.reserved_memory_mib);
    vec![
        row(
            "Capacity",
            Some(n.capacity_cpu_millis),
            Some(n.capacity_memory_mib),
        ),
        row(
            "− reserved (typed)",
            Some(n.reserved_cpu_millis),
            Some(n.reserved_memory_mib),
        ),
        row(
            "= Allocatable",
            Some(cpu_allocatable),
            Some(memory_allocatable),
        ),
        row(
            "− daemonsets",
            Some(n.daemonset_cpu_millis),
            Some(n.daemonset_memory_mib),
        ),
        row(
            "= Left for Spark's pods",
            Some(cpu_allocatable.saturating_sub(n.daemonset_cpu_millis)),
            Some(memory_allocatable.saturating_sub(n.daemonset_memory_mib)),
        ),
    ]
}

/// What the formula is and where it is published, in a sentence.
fn source_words(r: Option<&NodeReservation>) -> String {
    let Some(r) = r else {
        return "Custom: the reservations are the ones typed in the form. Choose EKS, GKE or \
                AKS to compute them from the provider's published formula."
            .to_string();
    };
    let shape = r.node_type.map_or_else(
        || "the typed CPU and memory".to_string(),
        |t| format!("{} ({} vCPUs, {} GiB)", t.name, t.vcpus, t.memory_gib),
    );
    let pods = r.max_pods.map_or(String::new(), |p| {
        format!(", {} max pods", format::group(p.into()))
    });
    let version = if r.provider == Provider::Aks {
        " The rule of AKS 1.29 and later is used; before 1.29 AKS reserved 25/20/10/6/2 % of \
         the memory bands and evicted at 750 MiB."
    } else {
        ""
    };
    let capacity = crate::providers::capacity_note(r.capacity_source);
    let capacity = if capacity.is_empty() {
        String::new()
    } else {
        format!(" {capacity}")
    };
    format!(
        "{} on {shape}{pods}. Source: {}.{version}{capacity}",
        r.provider.name(),
        r.provider.source()
    )
}
