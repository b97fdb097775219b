//! The check's answer, from its view: the answer first, what was read, the containers, where
//! executors run, the comparison with the plan with "Use these settings" and the plan's
//! configuration to copy, what the check found, and what the link holds. Drawn by the sections
//! module (crates/app-analysis) into the element the page gives it ([`mount`]); what it asks of
//! the page goes as events on `window` ([`super::USE_SETTINGS`], [`super::COPY_REFUSED`]).

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use crate::browser;
use crate::layout::item_memo;
use crate::parts::Findings;
use crate::reactive::{dynamic, indexed, memo, text, Part};

use super::read::{check_shown, CheckShown};

/// Draws the answers into `root`; returns the function that shows a check's view there (what
/// the reports module's `check` returned; anything else, `null`, shows nothing).
pub fn mount(root: web_sys::HtmlElement) -> js_sys::Function {
    let shown = RwSignal::new(None::<CheckShown>);
    leptos::mount::mount_to(root, move || {
        let view = memo(move || shown.get());
        let has = memo(move || view.with(Option::is_some));
        dynamic(move || has.get().then(|| view! { <CheckAnswer view/> }))
    })
    .forget();
    let show = move |view: JsValue| {
        let next = check_shown(&view);
        shown.set(next);
    };
    Closure::<dyn Fn(JsValue)>::new(show)
        .into_js_value()
        .unchecked_into()
}

/// Sends `name` to the page with the text `detail`.
fn tell_the_page(name: &str, detail: &str) {
    browser::tell_the_page(name, &JsValue::from_str(detail));
}

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

/// "Each command, checked on its own": a text of several commands, each with its own answer.
#[component]
fn PartsLines(view: Part<Option<CheckShown>>) -> impl IntoView {
    let title = memo(move || view.with(|v| v.as_ref().and_then(|v| v.parts_title.clone())));
    let lines = memo(move || {
        view.with(|v| {
            v.as_ref()
                .map(|v| v.parts_lines.clone())
                .unwrap_or_default()
        })
    });
    dynamic(move || {
        title.get().is_some().then(|| {
            view! {
                <h3 class="subhead">{text(move || title.get().unwrap_or_default())}</h3>
                <ul class="check-list" id="check-parts">
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

/// The answer of a check.
#[component]
fn CheckAnswer(view: Part<Option<CheckShown>>) -> impl IntoView {
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
        <PartsLines view/>
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
                    on:click=move |_| tell_the_page(super::USE_SETTINGS, &read(|v| v.use_these_settings.clone()))>
                    "Use these settings"
                </button>
                <span class="muted">{text(move || format!("{} (Back returns)", note.get().unwrap_or_default()))}</span>
            </div>
        }))}
        {dynamic(move || not_offered.get().is_some().then(|| view! {
            <p class="muted" id="check-plan-not-offered">{text(move || not_offered.get().unwrap_or_default())}</p>
        }))}
        {dynamic(move || export.with(Option::is_some).then(|| view! { <PlanExport export/> }))}
        <h3 class="subhead">"What the check found"</h3>
        <Findings id="check-findings" findings/>
        <p class="muted" id="check-link-note">{text(move || read(|v| v.link_note.clone()))}</p>
    }
}

/// The plan's configuration in the pasted format, to paste back.
#[component]
fn PlanExport(export: Part<Option<(String, String)>>) -> impl IntoView {
    let name = move || export.with(|e| e.as_ref().map(|e| e.0.clone()).unwrap_or_default());
    let body = move || export.with(|e| e.as_ref().map(|e| e.1.clone()).unwrap_or_default());
    // "Copied" once a copy started; a refused one is the page's to show (its manual copy box).
    let copied = RwSignal::new("");
    Effect::new(move |_| {
        export.track();
        copied.set("");
    });
    let copy = move || {
        let text = export.with_untracked(|e| e.as_ref().map(|e| e.1.clone()).unwrap_or_default());
        let manual = text.clone();
        let refused = move || {
            copied.set("");
            tell_the_page(super::COPY_REFUSED, &manual);
        };
        if browser::copy(&text, refused) {
            copied.set("Copied");
        }
    };
    view! {
        <h3 class="subhead">{text(move || format!("Use the plan: its {}", name()))}</h3>
        <pre class="submit" id="check-plan-export" tabindex="0" role="region"
            aria-label=text(move || format!("The plan's {}", name()))>
            <code>{text(body)}</code>
        </pre>
        <div class="actions">
            <button type="button" id="check-copy-plan"
                on:click=move |_| copy()>
                {text(move || format!("Copy the plan's {}", name()))}
            </button>
            <span class="status" role="status">{text(move || copied.get())}</span>
        </div>
    }
}
