//! The check's answer, from its view: the answer first, what was read, the containers, where
//! executors run, the comparison with the plan with "Use these settings" and the plan's
//! configuration to copy, what the check found, and what the link holds.

use leptos::prelude::*;
use planner::ClusterManager;

use crate::answer::headline::plan_summary;
use crate::browser;
use crate::layout::item_memo;
use crate::parts::{copy_for, CopyStatusLine, Findings};
use crate::reactive::{dynamic, indexed, memo, text, Part};
use crate::state::{CopyButton, Page};

use super::read::CheckShown;

/// The lines of "Compared with the plan": the plan's headline, then what changes.
fn compare_lines(v: &CheckShown) -> Vec<String> {
    let plan = v
        .plan_headline
        .clone()
        .unwrap_or_else(|| planner::check::words::headline(None));
    let mut lines = vec![format!("The plan: {plan}")];
    lines.extend(v.changes.iter().cloned());
    lines
}

/// A heading and a list of lines (nothing when there are none).
#[component]
fn Lines(title: &'static str, id: &'static str, lines: Part<Vec<String>>) -> impl IntoView {
    let shown = memo(move || lines.with(|l| !l.is_empty()));
    dynamic(move || {
        shown.get().then(|| {
            view! {
                <h3 class="subhead">{title}</h3>
                <ul class="check-list" id=id>
                    {indexed(move || lines.with(Vec::len), move |i| view! {
                        <Line line=item_memo(lines, i)/>
                    }.into_any())}
                </ul>
            }
        })
    })
}

#[component]
fn Line(line: Part<String>) -> impl IntoView {
    view! { <li>{text(move || line.get())}</li> }
}

/// "Use these settings" was pressed: the settings go into the form, with a history entry; the
/// focus goes to the answer, whose headline is now the plan of those settings, so that the
/// keyboard does not fall back to the top of the page, and the live region says what happened
/// (on YARN, that the plan then sizes its own executor count and heap, as the note beside the
/// button says).
fn use_these_settings(page: Page, query: &str) {
    page.open_query(query);
    let sized = if page.manager() == ClusterManager::Yarn {
        "; the plan sizes the executor count and heap"
    } else {
        ""
    };
    let plan = page.planned.with_untracked(|p| plan_summary(&p.view));
    let plan = if plan.is_empty() {
        String::new()
    } else {
        format!(": {plan}")
    };
    page.said.set(Some(format!(
        "Your settings are in the form{sized}{plan}. Back returns to your plan."
    )));
    browser::later(0, || browser::focus("answer"));
}

/// The answer of a check.
#[component]
pub(crate) fn CheckAnswer(page: Page, view: Part<Option<CheckShown>>) -> impl IntoView {
    let read =
        move |f: fn(&CheckShown) -> String| view.with(|v| v.as_ref().map(f).unwrap_or_default());
    let hint = memo(move || view.with(|v| v.as_ref().and_then(|v| v.switch_hint.clone())));
    let read_as = memo(move || view.with(|v| v.as_ref().and_then(|v| v.read_as.clone())));
    let note =
        memo(move || view.with(|v| v.as_ref().and_then(|v| v.use_these_settings_note.clone())));
    let not_offered =
        memo(move || view.with(|v| v.as_ref().and_then(|v| v.plan_not_offered.clone())));
    let export = memo(move || view.with(|v| v.as_ref().and_then(|v| v.export.clone())));
    let lines = move |f: fn(&CheckShown) -> Vec<String>| {
        memo(move || view.with(|v| v.as_ref().map(f).unwrap_or_default()))
    };
    let findings =
        memo(move || view.with(|v| v.as_ref().map(|v| v.findings.clone()).unwrap_or_default()));
    view! {
        <p class="check-headline" id="check-headline">{text(move || read(|v| v.headline.clone()))}</p>
        {dynamic(move || hint.get().is_some().then(|| view! {
            <ul class="warnings" id="check-switch">
                <li class="sev sev-warning">
                    <span class="sev-word">"Warning"</span>" "
                    <span class="msg">{text(move || hint.get().unwrap_or_default())}</span>
                </li>
            </ul>
        }))}
        {dynamic(move || read_as.get().is_some().then(|| view! {
            <p class="muted" id="check-read">{text(move || read_as.get().unwrap_or_default())}</p>
        }))}
        <Lines title="Settings" id="check-settings"
            lines=lines(|v| v.settings.clone())/>
        <Lines title="Containers" id="check-containers" lines=lines(|v| v.container_lines.clone())/>
        <Lines title="Where executors run" id="check-layout" lines=lines(|v| v.layout_lines.clone())/>
        <Lines title="Compared with the plan" id="check-compare" lines=lines(compare_lines)/>
        // Nothing read, or a value Spark refuses (the form would take Spark's default in its
        // place): nothing to put into the form.
        {dynamic(move || note.get().is_some().then(|| view! {
            <div class="actions">
                <button type="button" id="check-use"
                    on:click=move |_| use_these_settings(page, &read(|v| v.use_these_settings.clone()))>
                    "Use these settings"
                </button>
                <span class="muted">{text(move || format!("{} (Back returns)", note.get().unwrap_or_default()))}</span>
            </div>
        }))}
        {dynamic(move || not_offered.get().is_some().then(|| view! {
            <p class="muted" id="check-plan-not-offered">{text(move || not_offered.get().unwrap_or_default())}</p>
        }))}
        {dynamic(move || export.with(Option::is_some).then(|| view! { <PlanExport page export/> }))}
        <h3 class="subhead">"What the check found"</h3>
        <Findings id="check-findings" findings/>
        <p class="muted" id="check-link-note">{text(move || read(|v| v.link_note.clone()))}</p>
    }
}

/// The plan's configuration in the pasted format, to paste back.
#[component]
fn PlanExport(page: Page, export: Part<Option<(String, String)>>) -> impl IntoView {
    let name = move || export.with(|e| e.as_ref().map(|e| e.0.clone()).unwrap_or_default());
    let body = move || export.with(|e| e.as_ref().map(|e| e.1.clone()).unwrap_or_default());
    let which = CopyButton::Block("check-plan-export");
    view! {
        <h3 class="subhead">{text(move || format!("Use the plan: its {}", name()))}</h3>
        <pre class="submit" id="check-plan-export" tabindex="0" role="region"
            aria-label=text(move || format!("The plan's {}", name()))>
            <code>{text(body)}</code>
        </pre>
        <div class="actions">
            <button type="button" id="check-copy-plan"
                on:click=move |_| copy_for(page, which, &export.with_untracked(|e| e.as_ref().map(|e| e.1.clone()).unwrap_or_default()), "Copied")>
                {text(move || format!("Copy the plan's {}", name()))}
            </button>
            <CopyStatusLine page button=which/>
        </div>
    }
}
