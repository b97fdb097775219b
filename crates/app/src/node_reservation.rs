//! The Kubernetes node's reservation as a table a user can hold against `kubectl describe
//! node`: capacity, kube-reserved, system-reserved, eviction threshold, allocatable, the
//! daemonsets and what is left for Spark's pods, with the provider's source.

use planner::k8s::{planned_nodes, K8sNodes};
use planner::providers::{NodeReservation, Provider};
use planner::url::Scenario;

use crate::{fmt, html};

/// One row: what, CPU in millicores, memory in MiB (`None`: not this resource).
type Row = (&'static str, Option<u64>, Option<u64>);

fn cpu(m: Option<u64>) -> String {
    m.map_or_else(|| "—".to_string(), |m| format!("{}m", fmt::group(m)))
}

fn memory(m: Option<u64>) -> String {
    m.map_or_else(|| "—".to_string(), fmt::mib)
}

/// The rows of a managed provider's node, from its formula's numbers.
fn managed_rows(r: &NodeReservation, n: &K8sNodes) -> Vec<Row> {
    let cpu_left = r
        .allocatable_cpu_millis()
        .saturating_sub(n.daemonset_cpu_millis);
    let memory_left = r
        .allocatable_memory_mib()
        .saturating_sub(n.daemonset_memory_mib);
    vec![
        (
            "Capacity",
            Some(r.capacity_cpu_millis),
            Some(r.capacity_memory_mib),
        ),
        (
            "− kube-reserved",
            Some(r.kube_reserved_cpu_millis),
            Some(r.kube_reserved_memory_mib),
        ),
        (
            "− system-reserved",
            Some(r.system_reserved_cpu_millis),
            Some(r.system_reserved_memory_mib),
        ),
        ("− eviction threshold", None, Some(r.eviction_memory_mib)),
        (
            "= Allocatable",
            Some(r.allocatable_cpu_millis()),
            Some(r.allocatable_memory_mib()),
        ),
        (
            "− daemonsets",
            Some(n.daemonset_cpu_millis),
            Some(n.daemonset_memory_mib),
        ),
        ("= Left for Spark's pods", Some(cpu_left), Some(memory_left)),
    ]
}

/// The rows of typed (custom) reservations.
fn custom_rows(n: &K8sNodes) -> Vec<Row> {
    let cpu_allocatable = n.capacity_cpu_millis.saturating_sub(n.reserved_cpu_millis);
    let memory_allocatable = n.capacity_memory_mib.saturating_sub(n.reserved_memory_mib);
    vec![
        (
            "Capacity",
            Some(n.capacity_cpu_millis),
            Some(n.capacity_memory_mib),
        ),
        (
            "− reserved (typed)",
            Some(n.reserved_cpu_millis),
            Some(n.reserved_memory_mib),
        ),
        (
            "= Allocatable",
            Some(cpu_allocatable),
            Some(memory_allocatable),
        ),
        (
            "− daemonsets",
            Some(n.daemonset_cpu_millis),
            Some(n.daemonset_memory_mib),
        ),
        (
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
        format!(", {} max pods", fmt::group(p.into()))
    });
    let version = if r.provider == Provider::Aks {
        " The rule of AKS 1.29 and later is used; before 1.29 AKS reserved 25/20/10/6/2 % of \
         the memory bands and evicted at 750 MiB."
    } else {
        ""
    };
    format!(
        "{} on {shape}{pods}. Source: {}.{version}",
        r.provider.name(),
        r.provider.source()
    )
}

/// The node reservation card of a Kubernetes scenario (nothing for another manager or when
/// the settings cannot be planned: the answer then lists the fields to fix), as HTML.
pub fn node_reservation_card(scenario: &Scenario) -> String {
    let Scenario::Kubernetes(input) = scenario else {
        return String::new();
    };
    let Ok((nodes, reservation)) = planned_nodes(&input.nodes) else {
        return String::new();
    };
    let mut rows = String::new();
    for (what, c, m) in reservation
        .as_ref()
        .map_or_else(|| custom_rows(&nodes), |r| managed_rows(r, &nodes))
    {
        rows.push_str(if what.starts_with('=') {
            r#"<tr class="total">"#
        } else {
            "<tr>"
        });
        html::text(&mut rows, "th", r#" scope="row""#, what);
        html::text(&mut rows, "td", "", &cpu(c));
        html::text(&mut rows, "td", "", &memory(m));
        rows.push_str("</tr>");
    }
    let title = reservation
        .as_ref()
        .map_or("Node reservation (custom)", |r| match r.provider {
            Provider::Eks => "Node reservation (Amazon EKS)",
            Provider::Gke => "Node reservation (Google GKE)",
            _ => "Node reservation (Azure AKS)",
        });
    let mut out = format!(r#"<section class="card" id="node-reservation"><h2>{title}</h2>"#);
    html::text(
        &mut out,
        "p",
        r#" class="muted" id="node-source""#,
        &source_words(reservation.as_ref()),
    );
    out.push_str(&format!(
        r#"<div class="table-scroll" tabindex="0" role="region" aria-label="Allocatable per node"><table class="compare" id="node-allocatable"><thead><tr><th scope="col">Per node</th><th scope="col">CPU</th><th scope="col">Memory</th></tr></thead><tbody>{rows}</tbody></table></div></section>"#
    ));
    out
}
