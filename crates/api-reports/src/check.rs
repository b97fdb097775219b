//! The configuration check (`planner::check`) for the JS API and the page's Check section.
//!
//! Both take the pasted text and the share link of the form (its query: the cluster to check
//! against). The JS API's `check()` gets JSON ([`check_json_text`], the planner's
//! `report::check_json`); the page gets the section's HTML ([`check_html`]), written with the
//! page's CSS classes and its delegated handlers' attributes (`data-apply` for "Use these
//! settings", `data-copy` for the plan's configuration), every text escaped. The share link
//! carries the settings in short form ([`check_link_value`], key `ck`); a page opened from such
//! a link puts them back in the paste box as text ([`check_link_text`]).

use planner::check::link::{self, DropReason};
use planner::check::words::{
    check_changes, check_container_lines, check_headline, check_layout_lines, diagnostics,
    format_name, headline, parts_lines, parts_title, plan_not_offered, replaced_lines, stop,
    switch_hint, use_these_settings_note, Stop,
};
use planner::check::{check, settings_for_the_form, Check};
use planner::report::check::plan_export;
use planner::report::check_json::{check_json, setting_views};
use planner::report::html::findings_list;
use planner::report::wiki::escape_html;
use planner::report::Format;
use planner::scenario::Scenario;
use planner::url;
use wasm_bindgen::prelude::*;

/// The form's scenario from its share link or query (`?v=1&c=32`, `v=1&c=32` or a whole URL);
/// values that do not read leave their defaults (the page's form shows them as errors).
pub fn form_of_link(link: &str) -> Scenario {
    let query = link.split_once('?').map_or(link, |(_, query)| query);
    let query = query.split_once('#').map_or(query, |(query, _)| query);
    url::scenario_from_query(query).scenario
}

/// The check of `text` on the cluster of `link`, as the JS API's JSON text.
pub fn check_json_text(text: &str, link: &str) -> String {
    let form = form_of_link(link);
    check_json(&check(text, &form), &form)
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

/// Each key's value that stands, with where it was read and what it replaced.
fn setting_lines(c: &Check) -> Vec<String> {
    setting_views(c)
        .into_iter()
        .map(|s| {
            let from = if s.format == "link" {
                "from the link".to_string()
            } else {
                format!("line {}", s.line)
            };
            let replaced = match s.replaces.as_slice() {
                [] => String::new(),
                lines => format!(", replaces {}", replaced_lines(lines)),
            };
            format!("{} = {} ({from}{replaced})", s.key, s.value)
        })
        .collect()
}

/// The plan's configuration to paste back, and its name in the page's words.
fn plan_export_named(c: &Check, form: &Scenario) -> Option<(String, &'static str)> {
    let (format, text) = plan_export(c, form)?;
    let name = match format {
        Format::Submit => "spark-submit command",
        Format::EmrJson => "EMR configuration",
        Format::Yaml => "SparkApplication fragment",
        _ => "spark-defaults.conf",
    };
    Some((text, name))
}

/// The comparison with the plan, "Use these settings" and the plan's configuration to copy.
fn compare_html(out: &mut String, c: &Check, form: &Scenario) {
    let mut compare = vec![format!("The plan: {}", headline(c.compare.plan.as_ref()))];
    compare.extend(check_changes(c));
    list(out, "Compared with the plan", "check-compare", &compare);
    // Nothing read, or a value Spark refuses (the form would take Spark's default in its
    // place): nothing to put into the form.
    if !matches!(stop(c), Some(Stop::NothingRead | Stop::Refused(_))) {
        let query = url::scenario_to_query(&settings_for_the_form(&c.applied));
        out.push_str(&format!(
            r#"<div class="actions"><button type="button" id="check-use" data-apply="{}">Use these settings</button><span class="muted">{} (Back returns)</span></div>"#,
            escape_html(&query),
            escape_html(&use_these_settings_note(c))
        ));
    }
    if let Some(why) = plan_not_offered(c, form) {
        element(
            out,
            "p",
            r#" class="muted" id="check-plan-not-offered""#,
            &why,
        );
    }
    if let Some((text, name)) = plan_export_named(c, form) {
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
        out.push_str(&escape_html(&text));
        out.push_str("</code></pre>");
        out.push_str(&format!(
            r#"<div class="actions"><button type="button" id="check-copy-plan" data-copy="check-plan-export">Copy the plan's {}</button><span class="status" role="status"></span></div>"#,
            escape_html(name)
        ));
    }
}

/// What the check found, each with its severity in words (the page's warning list), without the
/// hint to switch the form (`hint`), which the answer shows once, under its headline.
fn findings_html(out: &mut String, c: &Check, hint: Option<&String>) {
    element(out, "h3", r#" class="subhead""#, "What the check found");
    let mut found = diagnostics(c);
    found.retain(|w| Some(&w.message) != hint);
    out.push_str(&findings_list(&found, "check-findings"));
}

/// What the page's link holds of the check, and what it leaves out.
fn link_note(c: &Check) -> String {
    let encoded = link::encode(&c.pasted);
    let secret: Vec<&str> = encoded
        .dropped
        .iter()
        .filter(|d| d.reason == DropReason::Secret)
        .map(|d| d.key.as_str())
        .collect();
    let mut note = if encoded.value.is_empty() {
        "The page's link holds none of these settings.".to_string()
    } else {
        "The page's link holds the settings that shape the answer, in short form (ck=…), not \
         the pasted text."
            .to_string()
    };
    if !secret.is_empty() {
        note.push_str(&format!(
            " Left out because they look secret: {}.",
            secret.join(", ")
        ));
    }
    note
}

/// The Check section's answer for `text` on the cluster of `form`, as HTML: the answer first,
/// what was read, the containers, where executors run, the comparison with the plan with "Use
/// these settings" and the plan's configuration, what the check found, and what the link holds.
/// Empty for an empty text.
pub fn check_html(text: &str, form: &Scenario) -> String {
    if text.trim().is_empty() {
        return String::new();
    }
    let c = check(text, form);
    let mut out = String::new();
    element(
        &mut out,
        "p",
        r#" class="check-headline" id="check-headline""#,
        &check_headline(&c),
    );
    let hint = switch_hint(&c);
    if let Some(hint) = &hint {
        out.push_str(r#"<ul class="warnings" id="check-switch"><li class="sev sev-warning"><span class="sev-word">Warning</span> "#);
        element(&mut out, "span", r#" class="msg""#, hint);
        out.push_str("</li></ul>");
    }
    let formats: Vec<&str> = c.pasted.formats.iter().map(|f| format_name(*f)).collect();
    if !formats.is_empty() && !matches!(stop(&c), Some(Stop::NothingRead)) {
        element(
            &mut out,
            "p",
            r#" class="muted" id="check-read""#,
            &format!("Read as: {}.", formats.join(", then ")),
        );
    }
    // A text of several commands or SparkApplications: each one's answer, this one's below.
    list(&mut out, &parts_title(&c), "check-parts", &parts_lines(&c));
    list(&mut out, "Settings", "check-settings", &setting_lines(&c));
    list(
        &mut out,
        "Containers",
        "check-containers",
        &check_container_lines(&c),
    );
    list(
        &mut out,
        "Where executors run",
        "check-layout",
        &check_layout_lines(&c),
    );
    compare_html(&mut out, &c, form);
    findings_html(&mut out, &c, hint.as_ref());
    element(
        &mut out,
        "p",
        r#" class="muted" id="check-link-note""#,
        &link_note(&c),
    );
    out
}

/// wasm export of [`check_json_text`]: the JS API's `check()` parses it.
#[wasm_bindgen(js_name = check)]
pub fn check_export(text: &str, link: &str) -> String {
    check_json_text(text, link)
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
