//! The embed card itself, built only into the embed module (crates/app-embed, the `embed`
//! feature), which `embed/index.html` loads: the page's first load does not carry it.

use leptos::prelude::*;
use planner::view::{ConfEntry, Finding};
use planner::ClusterManager;
use wasm_bindgen::JsValue;

use super::HEIGHT_MESSAGE;

use crate::answer::card::plan_layout;
use crate::answer::headline::{plan_summary, refusal_and_nearest, Refusal};
use crate::layout::{LayoutView, NodeLayout, Patterns};
use crate::parts::Findings;
use crate::reactive::memo;
use crate::state::form::Form;
use crate::state::Planned;
use crate::workload::workload_errors;

/// What the card shows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Card {
    /// The cluster manager's name.
    pub manager: &'static str,
    /// The headline's words, or that the link has values to fix.
    pub headline: String,
    /// Why the plan does not run in full, as the full page says it under its headline.
    pub refusal: Option<Refusal>,
    /// The workload's errors.
    pub workload_errors: Vec<Finding>,
    /// The per-node layout.
    pub layout: Option<LayoutView>,
    /// The settings are what is asked for, not what runs: EMR's (it merges requests), and any
    /// plan that does not run in full.
    pub asked: bool,
    /// The key settings: the plan's Spark configuration as emitted.
    pub settings: Vec<ConfEntry>,
    /// The query of the full page with the same plan (the page is the card's folder's parent).
    pub query: String,
}

/// The card for the plan of `query`.
pub fn card(query: &str) -> Card {
    let form = Form::from_query(query).0;
    let planned = Planned::of(&form);
    let summary = plan_summary(&planned.view);
    let selected = planned.selected();
    let refusal = selected.and_then(|p| refusal_and_nearest(p).0);
    Card {
        manager: planned.view.manager.name(),
        headline: if summary.is_empty() {
            "This link has values to fix: open it in Spark Sizer.".to_string()
        } else {
            summary
        },
        asked: selected.is_some()
            && (planned.view.manager == ClusterManager::Emr || refusal.is_some()),
        refusal,
        workload_errors: workload_errors(&planned.view),
        layout: selected.map(|_| plan_layout(&planned)),
        settings: selected
            .map(|p| p.exports.spark_conf.clone())
            .unwrap_or_default(),
        query: form.to_query(),
    }
}

/// The card of the link's plan.
#[component]
pub(crate) fn EmbedCard(card: Card) -> impl IntoView {
    let layout = card.layout.clone();
    let errors = card.workload_errors.clone();
    view! {
        <Patterns/>
        <main class="card embed" id="embed">
            <h1 class="muted embed-brand">{format!("Spark Sizer · {}", card.manager)}</h1>
            <p class="big" id="headline">{card.headline}</p>
            {card.refusal.map(|r| view! {
                <p class=if r.error { "sev sev-error refusal" } else { "sev sev-warning refusal" }
                    id="refusal" role="alert">{r.text}</p>
            })}
            {(!errors.is_empty()).then(|| view! { <Findings id="workload-alerts" findings=memo(move || errors.clone())/> })}
            {layout.map(|l| view! { <NodeLayout layout=memo(move || l.clone())/> })}
            {card.asked.then(|| view! { <p class="muted embed-brand embed-ask">"You ask for"</p> })}
            <dl class="embed-settings" id="settings">
                {card.settings.into_iter().map(|e| view! {
                    <div><dt>{e.key}</dt><dd>{e.value}</dd></div>
                }).collect_view()}
            </dl>
            <a id="open-full" target="_blank" rel="noopener" href=format!("../?{}", card.query)>
                "Open in Spark Sizer"
            </a>
        </main>
    }
}

/// Posts the page's height (its body's, which holds only the card; one pixel more, as
/// `offsetHeight` rounds) to the parent window ([`HEIGHT_MESSAGE`]).
fn post_height() -> Option<()> {
    let window = web_sys::window()?;
    let height = window.document()?.body()?.offset_height() + 1;
    let message = js_sys::Object::new();
    js_sys::Reflect::set(&message, &"type".into(), &HEIGHT_MESSAGE.into()).ok()?;
    js_sys::Reflect::set(&message, &"height".into(), &JsValue::from(height)).ok()?;
    window.parent().ok()??.post_message(&message, "*").ok()
}

/// Mounts the card of the page's link into `<body>`, then reports its height after the first
/// frame (once the card is laid out) and after every resize.
pub fn start(query: &str) {
    let card = card(query);
    leptos::mount::mount_to_body(move || view! { <EmbedCard card/> });
    // At once (reading the height lays the card out), and again after the first frame and a
    // task: a frame below the host's fold gets no animation frame until scrolled to, and was
    // left at the snippet's 480 px, clipped (issue 28, item 12).
    let _ = post_height();
    request_animation_frame(|| {
        let _ = post_height();
    });
    set_timeout(
        || {
            let _ = post_height();
        },
        std::time::Duration::ZERO,
    );
    let _ = window_event_listener(leptos::ev::resize, |_| {
        let _ = post_height();
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_card_shows_a_plan_or_says_its_link_needs_fixing() {
        let yarn = card("v=1&c=32");
        assert_eq!(yarn.manager, "YARN");
        assert!(yarn
            .settings
            .iter()
            .any(|e| e.key == "spark.executor.instances"));
        assert_eq!(yarn.query, "v=1&c=32");
        assert!(yarn.workload_errors.is_empty(), "no workload, no alert");
        // A broadcast Spark refuses: the card says so, as the page does under its headline.
        let refused = card("v=1&wbc=8192");
        assert!(
            refused
                .workload_errors
                .iter()
                .any(|e| e.message.contains("cannot be broadcast")),
            "{refused:?}"
        );
        // The out-of-memory preset's task spills (slow, not a failure): no alert.
        let oom = card("v=1&amax=51200&vmax=16&cpe=10&wtask=4096");
        assert!(oom.workload_errors.is_empty(), "{oom:?}");
        let broken = card("v=1&n=0");
        assert!(broken.headline.contains("This link has values to fix"));
        assert!(broken.settings.is_empty() && broken.layout.is_none());
        let emr = card("v=1&cm=emr");
        assert!(emr.headline.starts_with("EMR runs "), "{emr:?}");
        assert!(emr.asked);
    }

    /// Issue 28, item 12: a card of a plan that does not run in full labels its settings as
    /// what was asked for (a 200 GiB driver heap YARN's maximum allocation refuses, pods too big
    /// for a node); a plan that runs shows them as the plan.
    #[test]
    fn a_card_of_a_plan_that_does_not_run_labels_the_settings_as_asked() {
        for query in ["v=1&dm=200g", "v=1&cm=k8s&em=100g"] {
            let c = card(query);
            assert!(c.refusal.is_some(), "{query}: {c:?}");
            assert!(c.asked, "{query}");
            assert!(!c.settings.is_empty(), "{query}");
        }
        assert!(!card("v=1").asked);
        assert!(!card("v=1&cm=k8s").asked);
    }
}
