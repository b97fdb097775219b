//! The configuration check (`planner::check`) for the JS API and the page's Check section.
//!
//! Both take the pasted text and the share link of the form (its query: the cluster to check
//! against) and get the check's view (`planner::view::check::CheckView`: its numbers and every
//! word the section shows), as a JavaScript object made by serde-wasm-bindgen ([`check_export`];
//! [`check_json_text`] is the same as JSON text, for native callers). [`check_html`] writes the
//! section as HTML for the page written before the Leptos rewrite, which renders the view
//! itself; it goes with that page. The share link carries the settings in short form
//! ([`check_link_value`], key `ck`); a page opened from such a link puts them back in the paste
//! box as text ([`check_link_text`]).

use planner::check::check;
use planner::check::link;
use planner::check::words::{diagnostics, headline};
use planner::report::html::findings_list;
use planner::report::wiki::escape_html;
use planner::scenario::Scenario;
use planner::url;
use planner::view::check::{check_view, CheckView};
use wasm_bindgen::prelude::*;

/// The form's scenario from its share link or query (`?v=1&c=32`, `v=1&c=32` or a whole URL);
/// values that do not read leave their defaults (the page's form shows them as errors).
pub fn form_of_link(link: &str) -> Scenario {
    let query = link.split_once('?').map_or(link, |(_, query)| query);
    let query = query.split_once('#').map_or(query, |(query, _)| query);
    url::scenario_from_query(query).scenario
}

/// The check of `text` on the cluster of `link`, as its view.
pub fn check_of_link(text: &str, link: &str) -> CheckView {
    let form = form_of_link(link);
    check_view(&check(text, &form), &form)
}

/// The check of `text` on the cluster of `link`, as JSON text (the view's serde JSON).
pub fn check_json_text(text: &str, link: &str) -> String {
    planner::view::to_json(&check_of_link(text, link))
}

/// The value of the share link's `ck` key for `text`: its settings in short form, never a
/// secret (`planner::check::link`); empty when no setting travels.
pub fn check_link_value(text: &str) -> String {
    link::encode(&planner::check::read(text)).value
}

/// The settings of a link's `ck` value as a text the check reads back to them.
pub fn check_link_text(ck: &str) -> String {
    link::as_text(&link::decode(ck))
}

/// `<tag attributes>text</tag>`, `text` escaped; `attributes` is markup written here.
fn element(out: &mut String, tag: &str, attributes: &str, text: &str) {
    out.push_str(&format!("<{tag}{attributes}>{}</{tag}>", escape_html(text)));
}

/// A heading and a list of lines (nothing when there are none).
fn list(out: &mut String, title: &str, id: &str, lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    element(out, "h3", r#" class="subhead""#, title);
    out.push_str(&format!(r#"<ul class="check-list" id="{id}">"#));
    for l in lines {
        element(out, "li", "", l);
    }
    out.push_str("</ul>");
}

/// The comparison with the plan, "Use these settings" and the plan's configuration to copy.
fn compare_html(out: &mut String, v: &CheckView) {
    let plan = v
        .plan
        .as_ref()
        .map_or_else(|| headline(None), |p| p.headline.clone());
    let mut compare = vec![format!("The plan: {plan}")];
    compare.extend(v.changes.iter().cloned());
    list(out, "Compared with the plan", "check-compare", &compare);
    // Nothing read, or a value Spark refuses (the form would take Spark's default in its
    // place): nothing to put into the form.
    if let Some(note) = &v.use_these_settings_note {
        out.push_str(&format!(
            r#"<div class="actions"><button type="button" id="check-use" data-apply="{}">Use these settings</button><span class="muted">{} (Back returns)</span></div>"#,
            escape_html(&v.use_these_settings),
            escape_html(note)
        ));
    }
    if let Some(why) = &v.plan_not_offered {
        element(
            out,
            "p",
            r#" class="muted" id="check-plan-not-offered""#,
            why,
        );
    }
    if let Some(export) = v.plan.as_ref().and_then(|p| p.export.as_ref()) {
        let name = &export.name;
        element(
            out,
            "h3",
            r#" class="subhead""#,
            &format!("Use the plan: its {name}"),
        );
        out.push_str(&format!(
            r#"<pre class="submit" id="check-plan-export" tabindex="0" role="region" aria-label="The plan's {}"><code>"#,
            escape_html(name)
        ));
        out.push_str(&escape_html(&export.text));
        out.push_str("</code></pre>");
        out.push_str(&format!(
            r#"<div class="actions"><button type="button" id="check-copy-plan" data-copy="check-plan-export">Copy the plan's {}</button><span class="status" role="status"></span></div>"#,
            escape_html(name)
        ));
    }
}

/// The Check section's answer for `text` on the cluster of `form`, as HTML, written from the
/// check's view: the answer first, what was read, the containers, where executors run, the
/// comparison with the plan with "Use these settings" and the plan's configuration, what the
/// check found, and what the link holds. Empty for an empty text.
pub fn check_html(text: &str, form: &Scenario) -> String {
    if text.trim().is_empty() {
        return String::new();
    }
    let c = check(text, form);
    let v = check_view(&c, form);
    let mut out = String::new();
    element(
        &mut out,
        "p",
        r#" class="check-headline" id="check-headline""#,
        &v.headline,
    );
    if let Some(hint) = &v.switch_hint {
        out.push_str(r#"<ul class="warnings" id="check-switch"><li class="sev sev-warning"><span class="sev-word">Warning</span> "#);
        element(&mut out, "span", r#" class="msg""#, hint);
        out.push_str("</li></ul>");
    }
    if let Some(read) = &v.read_as {
        element(&mut out, "p", r#" class="muted" id="check-read""#, read);
    }
    // A text of several commands or SparkApplications: each one's answer, this one's below.
    if let Some(title) = &v.parts_title {
        list(&mut out, title, "check-parts", &v.parts_lines);
    }
    let settings: Vec<String> = v.settings.iter().map(|s| s.words.clone()).collect();
    list(&mut out, "Settings", "check-settings", &settings);
    list(
        &mut out,
        "Containers",
        "check-containers",
        &v.container_lines,
    );
    list(
        &mut out,
        "Where executors run",
        "check-layout",
        &v.layout_lines,
    );
    compare_html(&mut out, &v);
    element(
        &mut out,
        "h3",
        r#" class="subhead""#,
        "What the check found",
    );
    let mut found = diagnostics(&c);
    found.retain(|w| Some(&w.message) != v.switch_hint.as_ref());
    out.push_str(&findings_list(&found, "check-findings"));
    element(
        &mut out,
        "p",
        r#" class="muted" id="check-link-note""#,
        &v.link.note,
    );
    out
}

/// wasm export of [`check_of_link`]: the check's view as a JavaScript object (the JS API's
/// `check()` returns it; the page reads it back into the view's types). A view that cannot be
/// made into one (no number in it is above 2^53) is `null`.
#[wasm_bindgen(js_name = check)]
pub fn check_export(text: &str, link: &str) -> JsValue {
    serde_wasm_bindgen::to_value(&check_of_link(text, link)).unwrap_or(JsValue::NULL)
}

/// wasm export of [`check_html`] for the page's Check section.
#[wasm_bindgen(js_name = checkHtml)]
pub fn check_html_export(text: &str, link: &str) -> String {
    check_html(text, &form_of_link(link))
}

/// wasm export of [`check_link_value`].
#[wasm_bindgen(js_name = checkLink)]
pub fn check_link_export(text: &str) -> String {
    check_link_value(text)
}

/// wasm export of [`check_link_text`].
#[wasm_bindgen(js_name = checkLinkText)]
pub fn check_link_text_export(ck: &str) -> String {
    check_link_text(ck)
}
