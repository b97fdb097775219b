//! The answer: the headline of the form's plan (each cluster manager's own), or what to fix with
//! the last plan under it; notes about unlikely values above it; the page's "Copy link" and
//! "Copy embed code"; and the sections under it ([`sections::PlanSections`]).

pub mod card;
pub mod headline;
pub mod memory;
pub mod node_reservation;
pub mod platforms;
pub mod sections;
pub mod yarn;

use leptos::prelude::*;
use planner::ClusterManager;

use crate::browser;
use crate::parts::copy_for;
use crate::reactive::{dynamic, indexed, memo, text, Part};
use crate::state::messages::fix_lines;
use crate::state::{CopyButton, Page, Planned};
use crate::workload::UnderTheHeadline;
use headline::plan_summary;

/// Which headline the form's plan has (`None`: the form has fields to fix).
fn kind_of(planned: &Planned) -> Option<ClusterManager> {
    planned.is_plan().then_some(planned.view.manager)
}

/// The snippet "Copy embed code" gives for the plan at `href` (this page's address).
pub type EmbedCode = fn(&str) -> String;

/// The answer card.
#[component]
pub(crate) fn Answer(page: Page, embed_code: EmbedCode) -> impl IntoView {
    let kind = memo(move || page.planned.with(kind_of));
    // The headline in words, for screen readers: a text node written only when it changes, so a
    // keystroke that leaves the plan's summary as it was says nothing.
    let summary = memo(move || page.planned.with(|p| plan_summary(&p.view)));
    let announcement = move || page.said.get().unwrap_or_else(|| summary.get());
    let copy_link = move |_| copy_for(page, CopyButton::Page, &page.href(), "Link copied");
    let copy_embed = move |_| {
        // A link with values to fix embeds a card that says so, not a plan: the copier is told.
        let done = if page.messages.with_untracked(Vec::is_empty) {
            "Embed code copied"
        } else {
            "Embed code copied: until the marked fields are fixed, its card shows no plan, only that the link has values to fix"
        };
        copy_for(page, CopyButton::Page, &embed_code(&page.href()), done);
    };
    view! {
        <section class="answer card" id="answer" tabindex="-1" aria-label="Answer">
            <p class="offscreen" id="announce" aria-live="polite">{announcement}</p>
            <div class="page-actions">
                <button type="button" id="copy-link" on:click=copy_link>"Copy link"</button>
                <button type="button" id="copy-embed" on:click=copy_embed>"Copy embed code"</button>
                <span class="status" id="copy-status" role="status">
                    {text(move || page.copied.with(|c| match c {
                        Some((CopyButton::Page, said)) => *said,
                        _ => "",
                    }))}
                </span>
            </div>
            <ManualCopy page/>
            <div class="answer-body">
                <Notes page/>
                {dynamic(move || match kind.get() {
                    Some(ClusterManager::Yarn) => view! { <yarn::YarnAnswer page/> }.into_any(),
                    Some(ClusterManager::Kubernetes) => view! { <platforms::K8sAnswer page/> }.into_any(),
                    Some(ClusterManager::Emr) => view! { <platforms::EmrAnswer page/> }.into_any(),
                    None => view! { <FixList page/><LastPlan page/> }.into_any(),
                })}
                <UnderTheHeadline page/>
            </div>
        </section>
    }
}

/// The box a refused copy shows its text in, selected (and focused), for a manual copy.
#[component]
fn ManualCopy(page: Page) -> impl IntoView {
    let area = NodeRef::<leptos::html::Textarea>::new();
    // The box is written, then focused with its text selected (a browser service: the focus).
    // The value is written here too, before the selection: the box's `prop:value` may be set
    // after this effect, and setting a value puts the caret at its end.
    Effect::new(move |_| {
        if let Some(text) = page.manual_copy.get() {
            if let Some(area) = area.get() {
                area.set_value(&text);
                let _ = area.focus();
                area.select();
            }
        }
    });
    view! {
        <div class="copy-box" id="copy-box">
            {dynamic(move || page.manual_copy.get().map(|text| view! {
                <textarea id="manual-copy" readonly aria-label="Text to copy" rows="4"
                    node_ref=area prop:value=text></textarea>
            }))}
        </div>
    }
}

/// Warnings about values that read but are unlikely meant (hardware no machine has), above the
/// answer; each is also at its field.
#[component]
fn Notes(page: Page) -> impl IntoView {
    let notes_text = memo(move || {
        page.notes.with(|n| {
            let texts: Vec<&str> = n.iter().map(|n| n.text.as_str()).collect();
            planner::text::join(&texts, " ")
        })
    });
    let shown = memo(move || notes_text.with(|t| !t.is_empty()));
    dynamic(move || {
        shown.get().then(|| {
            view! {
                <p class="sev sev-warning input-notes" id="input-notes">{text(move || notes_text.get())}</p>
            }
        })
    })
}

/// What to fix, each message a link to its field; a message whose field has no visible control
/// (the method, a field hidden by a mode) offers the default instead, in the same link.
#[component]
fn FixList(page: Page) -> impl IntoView {
    let lines = memo(move || page.messages.with(|m| page.form.with(|f| fix_lines(f, m))));
    let count = move || {
        let n = lines.with(Vec::len) as u64;
        format!(
            "Fix {} to see the plan:",
            crate::fmt::count(n, "field", "fields")
        )
    };
    view! {
        <div class="invalid" id="invalid" role="alert">
            <p><strong>{count}</strong></p>
            <ul>
                {indexed(move || lines.with(Vec::len), move |i| view! {
                    <FixItem page line=memo(move || lines.with(|l| l.get(i).cloned()))/>
                }.into_any())}
            </ul>
        </div>
    }
}

/// One line of what to fix: a link to its field, or one that sets the default.
#[component]
fn FixItem(page: Page, line: Part<Option<crate::state::messages::FixLine>>) -> impl IntoView {
    let key = move || line.with(|l| l.as_ref().map_or("", |l| l.key));
    let follow = move |ev: leptos::ev::MouseEvent| {
        ev.prevent_default();
        let Some(l) = line.get_untracked() else {
            return;
        };
        match l.reset_to {
            Some(default) => page.edit(l.key, default),
            None => browser::focus(&format!("f-{}", l.key)),
        }
    };
    view! {
        <li>
            <a href=text(move || format!("#f-{}", key()))
                id=move || line.with(|l| l.as_ref().filter(|l| l.reset_to.is_some()).map(|l| format!("reset-{}", l.key)))
                on:click=follow>
                {text(move || line.with(|l| l.as_ref().map(|l| l.words.clone()).unwrap_or_default()))}
            </a>
        </li>
    }
}

/// The last plan, kept while a field is being fixed: one line, marked as not current.
#[component]
fn LastPlan(page: Page) -> impl IntoView {
    let last = memo(move || {
        page.last_form
            .with(|f| f.as_ref().map(|f| plan_summary(&Planned::of(f).view)))
    });
    dynamic(move || {
        last.get().map(|summary| {
            view! {
                <div class="stale" id="stale-plan">
                    <p class="stale-note">"Not current — the plan before this change:"</p>
                    <p class="big stale-summary" id="stale-summary">{summary}</p>
                </div>
            }
        })
    })
}
