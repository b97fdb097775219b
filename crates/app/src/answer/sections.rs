//! The sections under the answer, for the plan they show (the last good one while a field is
//! being fixed): each cluster manager's own, then the workload's and dynamic allocation's.

use leptos::prelude::*;
use planner::ClusterManager;

use super::platforms::{EmrSections, K8sSections};
use super::yarn::YarnSections;
use crate::reactive::{dynamic, memo};
use crate::state::{Page, Planned};
use crate::workload::WorkloadSections;

/// Which cluster manager's sections a plan has (`None`: no plan).
fn kind_of(plan: &Option<Planned>) -> Option<ClusterManager> {
    plan.as_ref()
        .filter(|p| p.is_plan())
        .map(|p| p.view.manager)
}

/// The sections under the answer for the settled plan ([`Page::settled_plan`]).
#[component]
pub(crate) fn PlanSections(page: Page) -> impl IntoView {
    let plan = page.settled_plan;
    let kind = memo(move || plan.with(kind_of));
    view! {
        <div class="plan-sections">
            {dynamic(move || match kind.get() {
                Some(ClusterManager::Yarn) => view! { <YarnSections plan/> }.into_any(),
                Some(ClusterManager::Kubernetes) => view! { <K8sSections plan/> }.into_any(),
                Some(ClusterManager::Emr) => view! { <EmrSections plan/> }.into_any(),
                None => ().into_any(),
            })}
            <WorkloadSections page plan/>
        </div>
    }
}
