//! The parts the sections under the answer share: a card with its heading, the driver's
//! notes, a plan's layout and its containers.

use leptos::prelude::*;
use planner::view::{ContainerRole, ContainerView, PlanView};
use planner::ClusterManager;

use crate::layout::{kubernetes_legend, layout_view, yarn_legend, LayoutView};
use crate::parts::{keyed, FindingItems};
use crate::reactive::{dynamic, memo, text, Part};
use crate::state::Planned;

/// A plan's container of `role`.
pub fn container(p: &PlanView, role: ContainerRole) -> Option<&ContainerView> {
    p.containers.iter().find(|c| c.role == role)
}

/// The per-node layout of a plan's selected plan, with its manager's words and legend.
pub fn plan_layout(planned: &Planned) -> LayoutView {
    let m = planned.view.manager;
    let Some(p) = planned.selected() else {
        return LayoutView::default();
    };
    let legend = match m {
        ClusterManager::Kubernetes => kubernetes_legend(),
        ClusterManager::Emr => yarn_legend(false, false),
        ClusterManager::Yarn => {
            let e = container(p, ContainerRole::Executor);
            let has = |f: fn(&ContainerView) -> Option<u64>| e.and_then(f).unwrap_or_default() > 0;
            yarn_legend(has(|e| e.offheap_mib), has(|e| e.pyspark_mib))
        }
    };
    layout_view(
        &p.layout,
        m,
        (planned.vcores_enforced(), p.gpus.as_ref()),
        legend,
    )
}

/// A card under the answer: `<section class="card" id=…>` with its heading.
#[component]
pub(crate) fn Section(
    id: &'static str,
    #[prop(into)] heading: Signal<String>,
    children: Children,
) -> impl IntoView {
    view! {
        <section class="card" id=id>
            <h2>{text(move || heading.get())}</h2>
            {children()}
        </section>
    }
}

/// The driver guidance of the plan's scenario under its own heading (cores for concurrent
/// jobs, results collected against `spark.driver.maxResultSize` and the heap, client mode's edge
/// node); nothing when there is none.
#[component]
pub(crate) fn DriverSection(plan: Part<Option<Planned>>) -> impl IntoView {
    let notes = memo(move || {
        plan.with(|p| {
            p.as_ref()
                .map_or_else(Vec::new, |p| keyed(p.view.driver.clone()))
        })
    });
    let shown = memo(move || notes.with(|n| !n.is_empty()));
    dynamic(move || {
        shown.get().then(|| {
            view! {
                <section class="card" id="driver-section">
                    <h2>"Driver"</h2>
                    <ul class="warnings" id="driver-notes"><FindingItems rows=notes/></ul>
                </section>
            }
        })
    })
}
