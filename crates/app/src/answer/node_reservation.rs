//! The Kubernetes node's reservation as a table a user can hold against `kubectl describe
//! node`: capacity, kube-reserved, system-reserved, eviction threshold, allocatable, the
//! daemonsets and what is left for Spark's pods, with the provider's source.

use leptos::prelude::*;
use planner::view::NodeReservationView;

use crate::fmt;
use crate::layout::item_memo;
use crate::reactive::{attr, dynamic, indexed, memo, text, Part};
use crate::state::Planned;

fn cpu(m: Option<u64>) -> String {
    m.map_or_else(|| "—".to_string(), |m| format!("{}m", fmt::group(m)))
}

fn memory(m: Option<u64>) -> String {
    m.map_or_else(|| "—".to_string(), fmt::mib)
}

/// The node reservation card as shown: its title, its source and its rows (what, CPU, memory,
/// whether it is a total).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReservationView {
    /// "Node reservation (Amazon EKS)".
    pub title: String,
    /// The formula's source.
    pub source: String,
    /// The rows, as written.
    pub rows: Vec<(String, String, String, bool)>,
}

/// The node reservation card of the view's node.
pub fn reservation_view(node: &NodeReservationView) -> ReservationView {
    let provider = if node.provider == "custom" {
        "custom"
    } else {
        node.provider_name.as_str()
    };
    ReservationView {
        title: format!("Node reservation ({provider})"),
        source: node.source.clone(),
        rows: node
            .rows
            .iter()
            .map(|r| {
                (
                    r.label.clone(),
                    cpu(r.cpu_millis),
                    memory(r.memory_mib),
                    r.total,
                )
            })
            .collect(),
    }
}

/// The node reservation card of the plan the sections show.
#[component]
pub(crate) fn NodeReservation(plan: Part<Option<Planned>>) -> impl IntoView {
    let v = memo(move || {
        plan.with(|p| {
            p.as_ref()
                .and_then(|p| p.view.kubernetes.as_ref())
                .map(|k| reservation_view(&k.node))
        })
    });
    let shown = memo(move || v.with(Option::is_some));
    let rows = memo(move || v.with(|v| v.as_ref().map(|v| v.rows.clone()).unwrap_or_default()));
    dynamic(move || {
        shown.get().then(|| {
            view! {
                <section class="card" id="node-reservation">
                    <h2>{text(move || v.with(|v| v.as_ref().map(|v| v.title.clone()).unwrap_or_default()))}</h2>
                    <p class="muted" id="node-source">{text(move || v.with(|v| v.as_ref().map(|v| v.source.clone()).unwrap_or_default()))}</p>
                    <div class="table-scroll" tabindex="0" role="region" aria-label="Allocatable per node">
                        <table class="compare" id="node-allocatable">
                            <thead>
                                <tr>
                                    <th scope="col">"Per node"</th>
                                    <th scope="col">"CPU"</th>
                                    <th scope="col">"Memory"</th>
                                </tr>
                            </thead>
                            <tbody>
                                {indexed(move || rows.with(Vec::len), move |i| view! {
                                    <ReservationRow row=item_memo(rows, i)/>
                                }.into_any())}
                            </tbody>
                        </table>
                    </div>
                </section>
            }
        })
    })
}

#[component]
fn ReservationRow(row: Part<(String, String, String, bool)>) -> impl IntoView {
    view! {
        <tr class=attr(move || row.with(|r| r.3.then_some("total")))>
            <th scope="row">{text(move || row.with(|r| r.0.clone()))}</th>
            <td>{text(move || row.with(|r| r.1.clone()))}</td>
            <td>{text(move || row.with(|r| r.2.clone()))}</td>
        </tr>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::form::Form;

    #[test]
    fn the_card_names_its_provider_and_adds_up_to_what_is_left_for_spark() {
        let custom = Planned::of(&Form::from_query("v=1&cm=k8s").0);
        let card = reservation_view(&custom.view.kubernetes.expect("Kubernetes").node);
        assert_eq!(card.title, "Node reservation (custom)");
        assert_eq!(card.rows.last().map(|r| r.3), Some(true));
        let eks = Planned::of(&Form::from_query("v=1&cm=k8s&kp=eks&knt=m5.4xlarge").0);
        let card = reservation_view(&eks.view.kubernetes.expect("Kubernetes").node);
        assert_eq!(card.title, "Node reservation (Amazon EKS)");
        assert!(card.source.contains("Source:"), "{}", card.source);
    }
}
