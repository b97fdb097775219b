//! Spark Sizer's web front end: one memoized plan feeds every view of the page.
//!
//! Data flow: the form (texts as typed) → a `Reading` (input + unreadable texts) → the planner's
//! `Comparison` or the field messages → the views. The address bar mirrors the form.

pub mod api_module;
pub mod browser;
pub mod check;
pub mod embed;
pub mod explorer;
pub mod fields;
pub mod fmt;
pub mod form;
pub mod html;
pub mod layout;
pub mod node_reservation;
pub mod platforms;
pub mod results;
pub mod wiki;
pub mod workload;

// Talc in place of the default allocator (dlmalloc): a smaller page (BENCHMARKS.md, "JS API").
// wasm32-unknown-unknown without atomics runs on one thread.
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

use leptos::prelude::*;
pub use planner::scenario::Outcome;
use planner::{Comparison, Method};

use crate::fields::Ctx;
use crate::form::{field_messages, FieldMessage, Form, Reading};

/// Plans a form reading, or lists what to fix: texts that could not be read first (as typed),
/// then what the planner found, one diagnostic per field.
pub fn evaluate(reading: &Reading) -> Outcome {
    planner::scenario::plan_with_unreadable(&reading.scenario, reading.unreadable_diagnostics())
}

/// The messages of an outcome's invalid fields, at their keys in the form.
pub fn messages_of(reading: &Reading, outcome: &Outcome) -> Vec<FieldMessage> {
    match outcome {
        Outcome::Invalid(d) => field_messages(reading.scenario.manager(), d),
        _ => Vec::new(),
    }
}

/// A key or value of a link as quoted in a notice: cut to a few characters, so no link can
/// widen the page.
fn quoted(text: &str) -> String {
    if text.chars().count() > 24 {
        format!("{}…", text.chars().take(24).collect::<String>())
    } else {
        text.to_string()
    }
}

/// The notice for a link: what was done with what it could not use as given — another link
/// format version, an unknown or misspelt cluster manager, unknown keys, keys given twice.
pub fn link_notice(decoded: &planner::url::DecodedScenario) -> Option<String> {
    let mut parts = Vec::new();
    let current = planner::url::SCHEMA_VERSION;
    if let Some(v) = decoded.version.filter(|v| *v != current) {
        parts.push(format!(
            "This link was made with link format v{v}; this page reads v{current}."
        ));
    }
    let manager_name = decoded.scenario.manager().as_str();
    for bad in decoded.bad.iter().filter(|b| b.field.is_none()) {
        let value = quoted(&bad.error.text);
        parts.push(match bad.key.as_str() {
            "cm" => format!(
                "cm={value} is not a cluster manager (yarn, k8s or emr): opened {manager_name}."
            ),
            "v" => format!("v={value} is not a link format version: read as v{current}."),
            key => format!("Ignored {}={value}.", quoted(key)),
        });
    }
    if let Some(written) = &decoded.manager_case {
        parts.push(format!("Read cm={} as cm={manager_name}.", quoted(written)));
    }
    // A key of another cluster manager's form (`c` on Kubernetes) is known, only not here.
    let mut others = Vec::new();
    let mut unknown = Vec::new();
    for key in &decoded.unknown {
        let owner = planner::catalog::ClusterManager::ALL
            .into_iter()
            .find(|m| planner::catalog::entry_by_key(*m, key).is_some());
        match owner {
            Some(m) => others.push(format!("{} ({})", quoted(key), m.name())),
            None => unknown.push(quoted(key)),
        }
    }
    if !unknown.is_empty() {
        parts.push(format!(
            "Ignored unknown link settings: {}.",
            listed(&unknown)
        ));
    }
    if !others.is_empty() {
        parts.push(format!(
            "Ignored settings the {} form does not have: {}.",
            decoded.scenario.manager().name(),
            listed(&others)
        ));
    }
    if !decoded.repeated.is_empty() {
        let keys: Vec<String> = decoded.repeated.iter().map(|k| quoted(k)).collect();
        parts.push(format!(
            "Given more than once, the last value used: {}.",
            listed(&keys)
        ));
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// At most ten names, then how many more (a link of 1 400 unknown keys listed them all).
fn listed(names: &[String]) -> String {
    const MOST: usize = 10;
    let shown = names
        .iter()
        .take(MOST)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    match names.len().saturating_sub(MOST) {
        0 => shown,
        more => format!("{shown} and {} more", fmt::group(more as u64)),
    }
}

/// Moves the messages of fields the user did not touch since the last plan to the field just
/// edited: a value that makes another field's value impossible (cores per node 3 with 5 cores
/// per executor) is the edited field's problem, said there.
pub fn blame_the_edit(
    messages: Vec<FieldMessage>,
    edited: Option<&'static str>,
    now: &Form,
    before: Option<&Form>,
) -> Vec<FieldMessage> {
    let (Some(edited), Some(before)) = (edited, before) else {
        return messages;
    };
    let edited_label = planner::catalog::entry_by_key(now.manager, edited).map_or("", |e| e.name);
    messages
        .into_iter()
        .map(|m| {
            let untouched = !m.key.is_empty()
                && m.key != edited
                && before.manager == now.manager
                && before.text(m.key) == now.text(m.key);
            if untouched {
                FieldMessage {
                    key: edited,
                    text: format!("With this {edited_label}, {}", m.text),
                }
            } else {
                m
            }
        })
        .collect()
}

/// The headline's big line for a plan, as HTML (`<p class="big" id="headline">`): the shape
/// that runs, with "of N" when fewer run than asked, or that none runs. The answer shows it; the
/// embed card and the screen readers' announcement read its text ([`plan_summary`]), so no
/// confident shape is said for a plan that does not run. Empty for an invalid form.
pub(crate) fn big_line(outcome: &Outcome, scenario: &planner::Scenario) -> String {
    match (outcome, scenario) {
        (Outcome::Yarn(c), _) => yarn_big_line(c),
        (Outcome::Kubernetes(p), planner::Scenario::Kubernetes(input)) => {
            platforms::k8s_big_line(p, input)
        }
        (Outcome::Emr(p), _) => platforms::emr_runs(p),
        _ => String::new(),
    }
}

/// The headline's big line as plain text ([`big_line`]), e.g. "17 executors × 5 cores × 19
/// GiB", "No executor runs" or "EMR runs 9 executors × 20 cores × 94 854 MiB"; `scenario` is
/// the one `outcome` was planned from.
pub fn plan_summary(outcome: &Outcome, scenario: &planner::Scenario) -> String {
    text_of_html(&big_line(outcome, scenario))
}

/// The text of a headline's big line: its tags dropped. (The big lines are numbers and fixed
/// words, never escaped text, so there is no character reference to read.)
fn text_of_html(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

/// The YARN headline's big line (HTML): the selected method's shape, or that no executor runs.
fn yarn_big_line(c: &Comparison) -> String {
    let p = c.selected_plan();
    if p.placement.totals.executors == 0 {
        return r#"<p class="big" id="headline"><span id="hl-none">No executor runs</span></p>"#
            .to_string();
    }
    format!(
        r#"<p class="big" id="headline">{}</p>"#,
        headline_numbers(
            &p.instances.to_string(),
            if p.instances == 1 {
                " executor × "
            } else {
                " executors × "
            },
            p.cores(),
            p.heap_mib()
        )
    )
}

/// A heap in whole GiB when it is one, else in MiB.
pub(crate) fn heap_words(mib: u64) -> String {
    planner::format::heap(mib)
}

fn submit_text(c: &Comparison, method: Method) -> String {
    let conf = planner::exports::yarn_spark_conf(c, method);
    planner::exports::submit_command(&planner::exports::submit_flags(&conf))
}

/// The class of the line under a headline that says why a plan does not run in full: an error
/// when no executor runs, else a warning.
pub(crate) fn refusal_class(none_runs: bool) -> &'static str {
    if none_runs {
        "sev sev-error refusal"
    } else {
        "sev sev-warning refusal"
    }
}

/// What the headline says beside the numbers when the plan does not run in full: the
/// shortfall (with its severity class) and the nearest plan that runs; or, when every executor
/// runs, the first error Spark or YARN would raise.
pub(crate) fn yarn_refusal(c: &Comparison) -> (Option<(&'static str, String)>, Option<String>) {
    match planner::plan::shortfall(c, c.selected) {
        Some(s) => {
            let nearest = s.nearest.first().map(planner::plan::nearest_words);
            (
                Some((
                    refusal_class(s.runs == 0),
                    planner::plan::shortfall_words(c, &s),
                )),
                nearest,
            )
        }
        None => {
            let error = planner::plan::warnings(c, c.selected)
                .into_iter()
                .find(|w| w.severity == planner::Severity::Error)
                .map(|w| (refusal_class(true), w.message));
            (error, None)
        }
    }
}

/// The buttons that choose the headline's method, as HTML (a click is handled by
/// [`answer_click`]).
fn method_switch(method: Method) -> String {
    let mut out = String::from(
        r#"<div class="method-switch" role="group" aria-label="Method for the headline">"#,
    );
    for (m, value) in [(Method::SparkExact, "exact"), (Method::RuleOfThumb, "rule")] {
        out.push_str(&format!(
            r#"<button type="button" class="pill" id="method-{value}" aria-pressed="{}" data-key="meth" data-value="{value}">{}</button>"#,
            m == method,
            results::method_name(m)
        ));
    }
    out.push_str("</div>");
    out
}

/// Why a plan does not run in full (its severity class and words) and the nearest plan that
/// runs: one HTML text for every cluster manager's headline.
pub(crate) fn refusal_and_nearest(
    refusal: Option<(&'static str, String)>,
    nearest: Option<String>,
) -> String {
    let mut out = String::new();
    if let Some((class, r)) = refusal {
        let attributes = format!(r#" class="{class}" id="refusal" role="alert""#);
        html::text(&mut out, "p", &attributes, &r);
    }
    if let Some(n) = nearest {
        html::text(&mut out, "p", r#" class="nearest" id="nearest""#, &n);
    }
    out
}

/// A button that copies the text of the element `source` (a click is handled by
/// [`answer_click`]), and its copy status line, empty until `browser::show_copy_status` writes
/// it (each line is a live region: only the one beside the button pressed speaks).
pub(crate) fn copy_actions(id: &str, label: &str, source: &str) -> String {
    format!(
        r#"<div class="actions"><button type="button" id="{id}" data-copy="{source}">{label}</button><span class="status" role="status"></span></div>"#
    )
}

/// The number spans of a headline: executors, cores and heap, with the words between.
pub(crate) fn headline_numbers(
    executors: &str,
    between: &str,
    cores: u32,
    heap_mib: u64,
) -> String {
    format!(
        r#"<span class="num" id="hl-executors">{executors}</span>{between}<span class="num" id="hl-cores">{cores}</span> {} × <span class="num" id="hl-memory">{}</span>"#,
        if cores == 1 { "core" } else { "cores" },
        heap_words(heap_mib)
    )
}

/// The YARN headline, as HTML: the method switch, the shape, its numbers, why it does not run
/// in full, and the command to copy.
fn headline(c: &Comparison) -> String {
    let p = c.selected_plan();
    let t = p.placement.totals;
    let e = p.placement.executor;
    let (refusal, nearest) = yarn_refusal(c);
    let mut out = method_switch(c.selected);
    out.push_str(&yarn_big_line(c));
    if t.executors == 0 {
        // No shape and no command to copy, but why, by how much, and the nearest plan that
        // runs (the page-level "Copy link" above still copies the link).
        out.push_str(&refusal_and_nearest(refusal, nearest));
        return out;
    }
    html::text(
        &mut out,
        "p",
        r#" class="sub""#,
        &format!(
            "spark.executor.memory={} · {} · each container {} granted ({} requested) · {} of YARN memory, {} of vcores",
            p.heap_setting(),
            fmt::count(t.task_slots, "task slot", "task slots"),
            fmt::mib(e.granted.memory_mib),
            fmt::mib(e.request.memory_mib),
            fmt::pct(t.memory_used_pct()),
            fmt::pct(t.vcores_used_pct()),
        ),
    );
    out.push_str(&refusal_and_nearest(refusal, nearest));
    out.push_str(r#"<pre class="submit" id="submit" tabindex="0" role="region" aria-label="spark-submit command"><code>"#);
    html::push_code_lines(&mut out, &submit_text(c, c.selected));
    out.push_str("</code></pre>");
    out.push_str(&copy_actions("copy-flags", "Copy spark-submit", "submit"));
    out
}

/// A click in the answer or the sections under it: "Copy link" or "Copy embed code", or a
/// button or link written as HTML that says what it does in its data attributes — copy the text
/// of an element (`data-copy`), set a field (`data-key`, `data-value`), move the focus to a
/// field (`data-focus`), or open a remedy's scenario (`data-apply`: its link).
fn answer_click(ctx: Ctx, copied: RwSignal<&'static str>, ev: leptos::ev::MouseEvent) {
    use wasm_bindgen::JsCast;
    let Some(el) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|t| {
            t.closest("[data-copy],[data-key],[data-focus],[data-apply],#copy-link,#copy-embed")
                .ok()
                .flatten()
        })
    else {
        return;
    };
    let page_copy = match el.id().as_str() {
        "copy-link" => Some((browser::current_href(), "Link copied")),
        // A link with values to fix embeds a card that says so, not a plan: the copier is told.
        "copy-embed" => Some((
            embed::embed_code(&browser::current_href()),
            if ctx.messages.with_untracked(Vec::is_empty) {
                "Embed code copied"
            } else {
                "Embed code copied: until the marked fields are fixed, its card shows no plan, only that the link has values to fix"
            },
        )),
        _ => None,
    };
    if let Some((text, done)) = page_copy {
        copied.set(if browser::copy(&text) {
            done
        } else {
            browser::COPY_FAILED
        });
        return;
    }
    if let Some(source) = el.get_attribute("data-copy") {
        let text = leptos::prelude::document()
            .get_element_by_id(&source)
            .and_then(|e| e.text_content())
            .unwrap_or_default();
        copied.set(match (browser::copy(&text), el.id() == "copy-flags") {
            (true, true) => "Flags copied",
            (true, false) => "Copied",
            (false, _) => "Copy failed: select the text",
        });
        return;
    }
    ev.prevent_default();
    if let Some(query) = el.get_attribute("data-apply") {
        // A remedy's shape, as the explorer's Adopt: a history entry, so Back returns.
        ctx.edited.set_value(None);
        let mut remedy = Form::from_query(&query).0;
        remedy.explorer = ctx.form.with_untracked(|f| f.explorer);
        ctx.form.set(remedy);
        browser::push_query(&ctx.form.with_untracked(Form::to_query));
    } else if let Some(id) = el.get_attribute("data-focus") {
        browser::focus(&id);
    } else if let Some(key) = el.get_attribute("data-key") {
        let manager = ctx.form.with_untracked(|f| f.manager);
        if let Some(entry) = planner::catalog::entry_by_key(manager, &key) {
            ctx.edit(
                entry.key,
                el.get_attribute("data-value").unwrap_or_default(),
            );
            // The answer is rebuilt after this handler: the pressed button's twin takes the focus
            // back (`browser::announce`), so the keyboard stays where it was.
            browser::focus_after_rebuild(el.id());
        }
    }
}

/// Whether the form has a visible control for `key` (the method is the headline's switch, and
/// a field hidden by a mode, such as client mode's AM settings in cluster mode, has none).
fn has_visible_control(form: &Form, key: &str) -> bool {
    let on_form = |m| {
        fields::form_groups(m)
            .iter()
            .flat_map(|g| g.iter())
            .any(|id| planner::catalog::key(m, *id) == key)
    };
    planner::catalog::entry_by_key(form.manager, key)
        .is_some_and(|e| on_form(form.manager) && form.shows(e.shown))
}

/// What to fix, each message a link to its field; a message whose field has no visible control
/// (the method, a field hidden by a mode) offers the default instead, in the same link. HTML:
/// a click is handled by [`answer_click`].
fn invalid_summary(ctx: Ctx, messages: &[FieldMessage]) -> String {
    let form = ctx.form.get_untracked();
    let mut out = format!(
        r#"<div class="invalid" id="invalid" role="alert"><p><strong>Fix {} to see the plan:</strong></p><ul>"#,
        fmt::count(messages.len() as u64, "field", "fields")
    );
    for m in messages {
        let key = m.key;
        let reset = (!key.is_empty() && !has_visible_control(&form, key)).then(|| {
            form::display_scenario_text(key, &planner::Scenario::default_for(form.manager))
        });
        let shown_as = |value: &str| {
            planner::catalog::entry_by_key(form.manager, key)
                .and_then(|e| e.kind.options())
                .and_then(|o| o.iter().find(|(v, _)| *v == value))
                .map_or_else(|| value.to_string(), |(_, label)| (*label).to_string())
        };
        let words = match &reset {
            Some(d) if d.is_empty() => format!("{} — leave it unset", m.text),
            Some(d) => format!("{} — use the default ({})", m.text, shown_as(d)),
            None => m.text.clone(),
        };
        let action = match &reset {
            Some(default) => format!(
                r#" id="reset-{key}" data-key="{key}" data-value="{}""#,
                html::escape(default)
            ),
            None => format!(r#" data-focus="f-{key}""#),
        };
        out.push_str("<li>");
        html::text(
            &mut out,
            "a",
            &format!(r##" href="#f-{key}"{action}"##),
            &words,
        );
        out.push_str("</li>");
    }
    out.push_str("</ul></div>");
    out
}

/// The YARN plan's sections: the comparison, the layout, memory, the working and warnings, as
/// HTML (no handlers: written as text, `crate::html`).
fn yarn_sections(c: &Comparison) -> String {
    let other = match c.selected {
        Method::SparkExact => &c.rule_of_thumb,
        Method::RuleOfThumb => &c.spark_exact,
    };
    let name = results::method_name(c.selected);
    format!(
        r#"<section class="card" id="compare"><h2>Rule of thumb vs Spark-exact</h2>{}</section><section class="card" id="layout-section"><h2>Per-node layout ({name})</h2>{}</section><section class="card" id="memory"><h2>Executor memory</h2>{}</section><section class="card" id="working"><h2>The working</h2><h3 class="subhead">{name}</h3>{}<details><summary>{} working</summary>{}</details></section><section class="card" id="warnings-section"><h2>Warnings</h2>{}</section>{}"#,
        results::comparison(c),
        layout::node_layout(&c.selected_plan().placement, c.input.scheduler.calculator),
        results::memory_breakdown(c.selected_plan()),
        results::working(c, c.selected),
        results::method_name(other.method),
        results::working(c, other.method),
        results::warning_list(&planner::explorer::yarn_findings(c), "warnings",),
        results::driver_section(&planner::Scenario::Yarn(c.input.input.clone())),
    )
}

/// The page-level actions: copy this page's link, or the code that embeds this plan in another
/// page (every cluster manager; a click is handled by [`answer_click`]), and their status line.
const PAGE_ACTIONS: &str = r#"<button type="button" id="copy-link">Copy link</button><button type="button" id="copy-embed">Copy embed code</button><span class="status" id="copy-status" role="status"></span>"#;

/// The last plan, kept while a field is being fixed: one line, marked as not current (HTML).
fn last_plan_view(shown: &Outcome, last_form: Option<Form>) -> String {
    last_form.map_or_else(String::new, |form| {
        format!(
            r#"<div class="stale" id="stale-plan"><p class="stale-note">Not current — the plan before this change:</p><p class="big stale-summary" id="stale-summary">{}</p></div>"#,
            html::escape(&plan_summary(shown, &form.read().scenario))
        )
    })
}

/// Warnings about values that read but are unlikely meant (hardware no machine has), above the
/// answer, as HTML; each is also at its field.
fn notes_html(notes: &[FieldMessage]) -> String {
    if notes.is_empty() {
        return String::new();
    }
    let text: Vec<&str> = notes.iter().map(|n| n.text.as_str()).collect();
    let mut out = String::new();
    html::text(
        &mut out,
        "p",
        r#" class="sev sev-warning input-notes" id="input-notes""#,
        &text.join(" "),
    );
    out
}

/// The notice for a link, as HTML with its Dismiss button (a click on it removes the notice).
fn notice_html(notice: Option<String>) -> String {
    notice.map_or_else(String::new, |n| {
        format!(
            r#"<div class="notice" id="notice" role="status"><span>{}</span><button type="button">Dismiss</button></div>"#,
            html::escape(&n)
        )
    })
}

/// Dismisses the link's notice when its button is clicked.
fn notice_click(ev: &leptos::ev::MouseEvent) {
    use wasm_bindgen::JsCast;
    let button = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .filter(|t| t.tag_name() == "BUTTON");
    if let Some(notice) = button.and_then(|b| b.closest(".notice").ok().flatten()) {
        notice.remove();
    }
}

/// The page's derived state.
struct Page {
    ctx: Ctx,
    outcome: Memo<Outcome>,
    /// The form of the last plan made for this cluster manager, kept while a field is being
    /// fixed (the form, not its plan: planning again is cheaper in the page's size than
    /// cloning plans).
    last_form: Memo<Option<Form>>,
    /// What the sections below the answer show: the plan, or the last one while a field is
    /// being fixed.
    shown: Memo<Outcome>,
}

/// The memos every view reads, from the form.
fn page_signals(form: RwSignal<Form>) -> Page {
    let edited = StoredValue::new(None::<&'static str>);
    // Read once for each change of the form: the plan, the messages, the notes, the address and
    // the answer share it (BENCHMARKS.md, "Browser speed").
    let reading = Memo::new(move |_| form.with(Form::read));
    let outcome = Memo::new(move |_| evaluate(&reading.read()));
    let last_form = Memo::new(move |previous: Option<&Option<Form>>| {
        let now = form.get();
        if !outcome.with(|o| matches!(o, Outcome::Invalid(_))) {
            return Some(now);
        }
        previous
            .cloned()
            .flatten()
            .filter(|last| last.manager == now.manager)
    });
    let messages = Memo::new(move |_| {
        let found = messages_of(&reading.read(), &outcome.read());
        let last = last_form.get_untracked();
        form.with(|now| blame_the_edit(found, edited.get_value(), now, last.as_ref()))
    });
    let notes = Memo::new(move |_| {
        let r = reading.read();
        field_messages(
            r.scenario.manager(),
            &planner::plausible::hardware_warnings(&r.scenario),
        )
    });
    let shown = Memo::new(move |_| {
        last_form.with(|f| evaluate(&f.as_ref().map_or_else(|| form.with(Form::read), Form::read)))
    });
    Page {
        ctx: Ctx {
            form,
            reading,
            messages,
            edited,
            stash: StoredValue::new(Vec::new()),
            notes,
        },
        outcome,
        last_form,
        shown,
    }
}

/// The sections under the answer, for the plan shown (the last good one while a field is being
/// fixed): one HTML text for every cluster manager, rebuilt with the plan.
fn plan_details_html(
    shown: &Outcome,
    last_form: Memo<Option<Form>>,
    form: RwSignal<Form>,
) -> String {
    let scenario = last_form
        .with_untracked(|f| f.as_ref().map(|f| f.read().scenario))
        .unwrap_or_else(|| form.with_untracked(|f| f.read().scenario));
    let sections = match shown {
        Outcome::Kubernetes(p) => {
            node_reservation::node_reservation_card(&scenario)
                + &platforms::k8s_details(p, &scenario)
        }
        Outcome::Emr(p) => platforms::emr_details(p),
        Outcome::Yarn(c) => yarn_sections(c),
        Outcome::Invalid(_) => return String::new(),
    };
    sections + &workload::sections_html(&scenario, shown)
}

/// Said above the sections while they show the last plan (HTML text).
const STALE_NOTE: &str = r#"<p class="stale-note" id="stale-details">Not current: the sections below show the last plan until the fields above are fixed.</p>"#;

/// The sections under the answer follow the form one frame late: after a change of the form
/// (and once at the start), when the next frame has been painted (an animation frame, then a
/// task), this signal is set (to `true`, which notifies even when it was already), and the
/// sections, the explorer's body and "How this is computed" are built from the form as it is
/// then. So the first paint and every keystroke show the answer first (BENCHMARKS.md, "Browser
/// speed"). `false` until the first frame.
fn built_after_each_frame(form: RwSignal<Form>) -> RwSignal<bool> {
    let built = RwSignal::new(false);
    Effect::new(move |_| {
        form.track();
        request_animation_frame(move || set_timeout(move || built.set(true), Default::default()));
    });
    built
}

/// Back and Forward restore the plan of that history entry.
/// (An in-page #fragment jump fires popstate too: the query is then unchanged, and what was
/// typed must stay as typed.)
fn restore_on_back_and_forward(form: RwSignal<Form>, edited: StoredValue<Option<&'static str>>) {
    let _ = window_event_listener(leptos::ev::popstate, move |_| {
        browser::forget_pending_query();
        check::follow_address();
        let query = browser::current_query();
        if browser::with_check_link(&form.with_untracked(Form::to_query)) != query {
            edited.set_value(None);
            form.set(Form::from_query(&query).0);
        }
    });
}

/// The answer (the headline, or what to fix with the last plan under it) kept in
/// `.answer-body`, node by node (html.rs).
fn show_answer(
    ctx: Ctx,
    outcome: Memo<Outcome>,
    last_form: Memo<Option<Form>>,
    shown: Memo<Outcome>,
) {
    let (reading, messages) = (ctx.reading, ctx.messages);
    let answer = move || {
        // Status lines start empty (`copy_actions`): a new plan clears what was copied.
        notes_html(&ctx.notes.get())
            + &match &*outcome.read() {
                Outcome::Yarn(c) => headline(c),
                Outcome::Kubernetes(p) => {
                    reading.with_untracked(|r| platforms::k8s_headline(p, &r.scenario))
                }
                Outcome::Emr(p) => platforms::emr_headline(p),
                Outcome::Invalid(_) => {
                    invalid_summary(ctx, &messages.get())
                        + &last_plan_view(&shown.read(), last_form.get())
                }
            }
            + &reading
                .with_untracked(|r| workload::under_the_headline(&r.scenario, &outcome.read()))
    };
    html::morph_into(".answer-body", answer);
}

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let (initial, decoded) = Form::from_query(&browser::current_query());
    let notice = notice_html(link_notice(&decoded));
    let form = RwSignal::new(initial);
    let Page {
        ctx,
        outcome,
        last_form,
        shown,
    } = page_signals(form);
    let edited = ctx.edited;
    let copied = RwSignal::new("");
    browser::set_copy_status(copied);
    let stale =
        move || matches!(&*outcome.read(), Outcome::Invalid(_)) && last_form.with(Option::is_some);

    restore_on_back_and_forward(form, edited);

    Effect::new(move |_| browser::show_copy_status(copied.get()));
    // The headline in words, for screen readers: said when it changes, not on every keystroke.
    Effect::new(move |_| {
        let reading = ctx.reading;
        browser::announce(&reading.with_untracked(|r| plan_summary(&outcome.read(), &r.scenario)));
    });
    let built = built_after_each_frame(form);
    let other_plan = move || {
        if !built.get() {
            return String::new();
        }
        untrack(|| {
            wiki::follow(last_form.with(|f| f.as_ref().map(Form::to_query)));
            plan_details_html(&shown.read(), last_form, form)
        })
    };
    // Applied to the live DOM node by node: typing touches only what changed (html.rs).
    show_answer(ctx, outcome, last_form, shown);
    html::morph_into(".plan-sections", other_plan);
    view! {
        {layout::patterns()}
        <div class="notice-slot" inner_html=notice on:click=move |ev| notice_click(&ev)></div>
        <main class="grid">
            // The inputs first: Tab follows the desktop's columns (the skip link leads past them).
            <aside class="inputs card" aria-label="Inputs">{fields::form_view(ctx)}</aside>
            <section class="answer card" id="answer" tabindex="-1" aria-label="Answer" on:click=move |ev| answer_click(ctx, copied, ev)>
                <p class="offscreen" id="announce" aria-live="polite"></p>
                <div class="page-actions" inner_html=PAGE_ACTIONS></div>
                // The box a failed copy shows its text in, selected.
                <div class="copy-box" id="copy-box"></div>
                <div class="answer-body"></div>
            </section>
            <div class="details" class:stale=stale>
                <div class="stale-slot" inner_html=move || if stale() { STALE_NOTE } else { "" }></div>
                <div class="plan-sections" on:click=move |ev| answer_click(ctx, copied, ev)></div>
                {explorer::explorer_section(ctx, last_form, built)}
                {wiki::wiki_section()}
                <section class="card" id="check" inner_html=check::check_section(ctx)
                    on:click=move |ev| { check::clicked(ctx, &ev); answer_click(ctx, copied, ev) }
                    on:input=move |ev| check::typed(ctx, &ev)></section>
                <section class="card" id="about" inner_html=move || {
                    let manager = built.get().then(|| form.with(|f| f.manager));
                    manager.map_or_else(String::new, |m| format!(
                        r#"<h2>How this is computed</h2><div class="about">{}</div>"#,
                        results::about_html(m)
                    ))
                }></section>
            </div>
        </main>
        <footer class="foot">
            "Runs entirely in your browser; nothing is sent anywhere. The address bar always holds a link to this plan."
        </footer>
    }
}

/// Mounts [`App`] into `<body>`, after the heading `index.html` paints at once; the rest of that
/// static shell (`#shell`) goes in the same task, so no frame shows both. Debug builds report
/// panics to the browser console with their message; the release build leaves the hook out (its message formatting weighs about a
/// kilobyte of the page, BENCHMARKS.md) and a panic there shows as a wasm `unreachable` trap.
pub fn start() {
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
    if embed::requested(&browser::current_query()) {
        embed::start();
    } else {
        if let Some(shell) = leptos::prelude::document().get_element_by_id("shell") {
            shell.remove();
        }
        leptos::mount::mount_to_body(App);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use planner::presets::preset;

    #[test]
    fn the_summary_is_the_headline_and_never_a_shape_that_does_not_run() {
        let summary = |query: &str| {
            let form = Form::from_query(query).0;
            let reading = form.read();
            plan_summary(&evaluate(&reading), &reading.scenario)
        };
        assert_eq!(summary("v=1"), "17 executors × 5 cores × 19 GiB");
        // The driver's container fills a node: the page says no executor runs, and so does
        // the summary (the embed card, the announcement), not "0 executors × …".
        assert_eq!(summary("v=1&dm=200g"), "No executor runs");
        let fewer = summary("v=1&cm=k8s&em=40g");
        assert!(
            fewer.contains(" of ") && fewer.contains("executor pods"),
            "{fewer}"
        );
        assert!(summary("v=1&cm=emr").starts_with("EMR runs "));
        assert_eq!(summary("v=1&n=0"), "");
    }

    #[test]
    fn evaluates_presets_and_bad_fields() {
        let form = Form::from_input(&preset("case2").unwrap().input);
        match evaluate(&form.read()) {
            Outcome::Yarn(c) => assert_eq!(c.spark_exact.instances, 36),
            other => panic!("{other:?}"),
        }
        let mut bad = form.clone();
        bad.set_text("n", "0".into());
        bad.set_text("m", "lots".into());
        let reading = bad.read();
        match evaluate(&reading) {
            outcome @ Outcome::Invalid(_) => {
                let m = messages_of(&reading, &outcome);
                let keys: Vec<&str> = m.iter().map(|x| x.key).collect();
                assert_eq!(keys, ["m", "n"]);
                assert!(m[1].text.contains("allowed: 1 to 100\u{202f}000"));
            }
            other => panic!("should be invalid: {other:?}"),
        }
    }

    /// Text of an HTML fragment, tags dropped.
    fn text_of(html: &str) -> String {
        let mut out = String::new();
        let mut in_tag = false;
        for c in html.chars() {
            match c {
                '<' => in_tag = true,
                '>' => in_tag = false,
                c if !in_tag => out.push(c),
                _ => {}
            }
        }
        out
    }

    #[test]
    fn a_headline_of_one_core_says_core() {
        assert_eq!(
            text_of(&headline_numbers("89", " executors × ", 1, 3072)),
            "89 executors × 1 core × 3 GiB"
        );
        assert_eq!(
            text_of(&headline_numbers("17", " executors × ", 5, 19 * 1024)),
            "17 executors × 5 cores × 19 GiB"
        );
    }

    fn messages(query: &str) -> Vec<(&'static str, String)> {
        let reading = Form::from_query(query).0.read();
        match evaluate(&reading) {
            outcome @ Outcome::Invalid(_) => messages_of(&reading, &outcome)
                .into_iter()
                .map(|x| (x.key, x.text))
                .collect(),
            other => panic!("{query} should be invalid: {other:?}"),
        }
    }

    #[test]
    fn platform_errors_name_every_field_as_the_form_labels_it() {
        let emr = messages("v=1&cm=emr&mt=x9.huge&n=0");
        assert_eq!(emr.len(), 2, "{emr:?}");
        assert_eq!(emr[0].0, "mt");
        assert!(
            emr[0]
                .1
                .starts_with("Master node instance type: \"x9.huge\""),
            "{emr:?}"
        );
        assert_eq!(
            emr[1],
            (
                "n",
                "Core nodes is 0; allowed: 1 to 100\u{202f}000".to_string()
            )
        );

        let k8s = messages("v=1&cm=k8s&n=0&kmem=2g&krmem=2048&rq=abc");
        let keys: Vec<&str> = k8s.iter().map(|m| m.0).collect();
        assert_eq!(keys, ["rq", "n", "krmem"], "{k8s:?}");
        assert!(k8s[0]
            .1
            .starts_with("spark.kubernetes.executor.request.cores: \"abc\""));
        assert_eq!(k8s[1].1, "Nodes is 0; allowed: 1 to 100\u{202f}000");
        assert_eq!(
            k8s[2].1,
            "Reserved memory is 2 GiB; allowed: less than the node's 2 GiB minus the \
             daemonsets' 512 MiB"
        );
    }

    #[test]
    fn a_kubernetes_link_with_several_bad_values_shows_each_at_its_field() {
        let k8s = messages("v=1&cm=k8s&n=0&krcpu=16&em=0&tc=9&lim=1&kof=0&dlim=x");
        let keys: Vec<&str> = k8s.iter().map(|m| m.0).collect();
        // Texts that do not read first (as typed), then the planner's findings in form order.
        assert_eq!(
            keys,
            ["dlim", "n", "krcpu", "em", "tc", "kof", "lim"],
            "{k8s:?}"
        );
        let form_keys: Vec<&str> = fields::form_groups(planner::ClusterManager::Kubernetes)
            .iter()
            .flat_map(|group| group.iter())
            .map(|id| planner::catalog::key(planner::ClusterManager::Kubernetes, *id))
            .collect();
        for (key, text) in &k8s {
            assert!(form_keys.contains(key), "{key} is not on the form: {text}");
            assert!(
                text.contains("allowed: ") || text.contains(": \""),
                "{text}"
            );
        }
        let text = |key: &str| k8s.iter().find(|m| m.0 == key).map(|m| m.1.as_str());
        assert_eq!(
            text("em"),
            Some("spark.executor.memory is 0 MiB; allowed: 1 MiB to 64 TiB")
        );
        assert_eq!(
            text("tc"),
            Some(
                "spark.task.cpus is 9; allowed: 1 to 2 (at most spark.executor.cores; Spark \
                 stops with \"The number of cores per executor (=2) has to be >= the number \
                 of cpus per task = 9.\")"
            )
        );
        assert_eq!(
            text("lim"),
            Some(
                "spark.kubernetes.executor.limit.cores is 1 CPU; allowed: at least the CPU \
                 request (2 CPU)"
            )
        );
        assert_eq!(
            text("kof"),
            Some("Overhead factor is 0; allowed: more than 0")
        );
    }

    #[test]
    fn submit_text_lists_flags() {
        let c = planner::plan(&preset("case1").unwrap().input).unwrap();
        let s = submit_text(&c, Method::SparkExact);
        assert!(s.starts_with("spark-submit \\\n  --master yarn \\\n"));
        assert!(s.contains("--num-executors 17"));
        assert!(s.contains("--executor-memory 19g"));
    }

    #[test]
    fn notices_unknown_keys() {
        let d = planner::url::scenario_from_query("v=1&zz=3");
        assert_eq!(
            link_notice(&d).as_deref(),
            Some("Ignored unknown link settings: zz.")
        );
        // Another cluster manager's key is named as such; a long list is cut after ten names.
        let other = planner::url::scenario_from_query("v=1&cm=k8s&c=32");
        assert_eq!(
            link_notice(&other).as_deref(),
            Some("Ignored settings the Kubernetes form does not have: c (YARN).")
        );
        let many: String = (0..1400).map(|i| format!("&x{i}=1")).collect();
        let notice = link_notice(&planner::url::scenario_from_query(&format!("v=1{many}")))
            .expect("a notice");
        assert_eq!(
            notice,
            "Ignored unknown link settings: x0, x1, x2, x3, x4, x5, x6, x7, x8, x9 and 1390 more."
        );
        assert_eq!(link_notice(&planner::url::scenario_from_query("v=1")), None);
    }
}
