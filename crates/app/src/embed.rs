//! Embed mode (`embed=1` in a link): the plan as a compact card for an iframe in a wiki page —
//! the headline, the per-node layout, the key settings and a link to the full page with the
//! same plan; no form. The card tells its parent its height, so the host page can size the
//! frame:
//!
//! ```text
//! { type: "spark-sizer:height", height: <CSS pixels, a whole number> }
//! ```
//!
//! posted to `window.parent` (target origin `*`: a height is no secret) once rendered and after
//! each resize of the frame (which a new width, or the host's new height, is). [`embed_code`] is the snippet "Copy embed code" gives: the iframe
//! and a one-line listener that sets the frame's height from that message, accepting it only
//! from the Spark Sizer origin the snippet came from.

use planner::scenario::{Outcome, Scenario};
use wasm_bindgen::JsValue;

use crate::form::Form;
use crate::{browser, evaluate, html, layout, plan_summary, platforms};

/// The `type` of the height message.
pub const HEIGHT_MESSAGE: &str = "spark-sizer:height";

/// Whether the link asks for the embed card (`embed=1`).
pub fn requested(query: &str) -> bool {
    query.split('&').any(|pair| pair == "embed=1")
}

/// The key settings of a plan: its Spark configuration as emitted.
fn key_settings(scenario: &Scenario, outcome: &Outcome) -> Vec<(String, String)> {
    match (scenario, outcome) {
        (_, Outcome::Yarn(c)) => planner::exports::yarn_spark_conf(c, c.selected),
        (Scenario::Kubernetes(input), Outcome::Kubernetes(p)) => {
            planner::exports::k8s::spark_conf(p, &input.spark)
        }
        (_, Outcome::Emr(p)) => planner::exports::emr::spark_conf(p),
        _ => Vec::new(),
    }
}

/// Why the plan does not run in full (fewer executors than asked, or none), as the full page
/// says it under its headline; `None` when it runs as asked.
fn refusal(outcome: &Outcome, scenario: &Scenario) -> Option<(&'static str, String)> {
    match (outcome, scenario) {
        (Outcome::Yarn(c), _) => crate::yarn_refusal(c).0,
        (Outcome::Kubernetes(p), Scenario::Kubernetes(input)) => platforms::k8s_refusal(p, input),
        (Outcome::Emr(p), _) => platforms::emr_refusal(p),
        _ => None,
    }
}

/// The per-node layout of a plan, as HTML.
fn layout_html(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Yarn(c) => {
            layout::node_layout(&c.selected_plan().placement, c.input.scheduler.calculator)
        }
        Outcome::Kubernetes(p) => platforms::pods_view(p),
        Outcome::Emr(p) => {
            let words = layout::yarn_words(p.scheduler.calculator);
            layout::groups_view(&p.layout, words, layout::legend(false, false))
        }
        Outcome::Invalid(_) => String::new(),
    }
}

/// The card's brand line and headline, as HTML.
fn heading_html(manager: planner::ClusterManager, headline: &str) -> String {
    let manager = manager.name();
    let mut out = format!("<h1 class=\"muted embed-brand\">Spark Sizer · {manager}</h1>");
    html::text(&mut out, "p", " class=\"big\" id=\"headline\"", headline);
    out
}

/// The key settings and the link to the full page with the same plan, as HTML.
fn settings_html(settings: &[(String, String)], query: &str) -> String {
    let mut out = String::from("<dl class=\"embed-settings\" id=\"settings\">");
    for (key, value) in settings {
        out.push_str("<div>");
        html::text(&mut out, "dt", "", key);
        html::text(&mut out, "dd", "", value);
        out.push_str("</div>");
    }
    out.push_str("</dl><a id=\"open-full\" target=\"_blank\" rel=\"noopener\" href=\"?");
    html::push_escaped(&mut out, query);
    out.push_str("\">Open in Spark Sizer</a>");
    out
}

/// The card's content for the plan of `query`, as one HTML text (no handlers: the link is
/// the only control).
pub fn card_html(query: &str) -> String {
    let form = Form::from_query(query).0;
    let reading = form.read();
    let outcome = evaluate(&reading);
    let summary = plan_summary(&outcome, &reading.scenario);
    let emr = matches!(outcome, Outcome::Emr(_));
    let headline = if summary.is_empty() {
        "This link has values to fix: open it in Spark Sizer.".to_string()
    } else {
        summary
    };
    let workload_errors = planner::job_fit::job_fit(&reading.scenario, &outcome)
        .map(|fit| crate::workload::workload_errors(&fit))
        .unwrap_or_default();
    let mut out = heading_html(reading.scenario.manager(), &headline)
        + &crate::refusal_and_nearest(refusal(&outcome, &reading.scenario), None)
        + &workload_errors
        + &layout_html(&outcome);
    if emr {
        out.push_str("<p class=\"muted embed-brand embed-ask\">You ask for</p>");
    }
    out + &settings_html(&key_settings(&reading.scenario, &outcome), &form.to_query())
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

/// Writes the card into `<body>` (HTML text: no component, no reactive state) and reports its
/// height after the first frame (once the card is laid out) and after every resize.
pub fn start() {
    use wasm_bindgen::JsCast;
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Some(body) = window.document().and_then(|d| d.body()) {
        body.set_inner_html(&format!(
            r#"<svg class="defs" width="0" height="0" aria-hidden="true" focusable="false">{}</svg><main class="card embed" id="embed">{}</main>"#,
            layout::PATTERNS,
            card_html(&browser::current_query())
        ));
    }
    let report = wasm_bindgen::closure::Closure::<dyn Fn()>::new(|| {
        let _ = post_height();
    });
    let _ = window.request_animation_frame(report.as_ref().unchecked_ref());
    window.set_onresize(Some(report.as_ref().unchecked_ref()));
    // The card lives as long as the page: so does its listener.
    report.forget();
}

/// The snippet to paste into a host page for the plan at `href` (this page's address): an
/// iframe of the embed card and the listener that sizes it from [`HEIGHT_MESSAGE`]s sent from
/// this page's origin.
pub fn embed_code(href: &str) -> String {
    let page = href.split(['?', '#']).next().unwrap_or_default();
    let query = href
        .split('#')
        .next()
        .and_then(|h| h.split_once('?'))
        .map_or("", |(_, q)| q);
    let src = if query.is_empty() {
        format!("{page}?embed=1")
    } else {
        format!("{page}?{query}&embed=1")
    };
    let origin = match page.split_once("://") {
        Some((scheme, rest)) => {
            format!("{scheme}://{}", rest.split('/').next().unwrap_or_default())
        }
        None => String::new(),
    };
    format!(
        "<iframe src=\"{}\" title=\"Spark Sizer plan\" loading=\"lazy\" \
         style=\"width:100%;max-width:800px;height:480px;border:0\"></iframe>\n\
         <script>addEventListener(\"message\",function(e){{if(e.origin!==\"{}\"||!e.data||e.data.type!==\"{HEIGHT_MESSAGE}\")return;\
         document.querySelectorAll(\"iframe\").forEach(function(f){{if(f.contentWindow===e.source)f.style.height=e.data.height+\"px\"}})}})</script>",
        html::escape(&src),
        html::escape(&origin),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embed_is_asked_for_by_its_own_key() {
        assert!(requested("v=1&c=32&embed=1"));
        assert!(requested("embed=1"));
        assert!(!requested("v=1&embed=0"));
        assert!(!requested("v=1&xembed=1"));
    }

    #[test]
    fn the_card_shows_a_plan_or_says_its_link_needs_fixing() {
        let card = card_html("v=1&c=32");
        assert!(card.contains("Spark Sizer · YARN"), "{card}");
        assert!(card.contains("<dt>spark.executor.instances</dt>"), "{card}");
        assert!(card.contains("href=\"?v=1&amp;c=32"), "{card}");
        assert!(
            !card.contains("workload-alerts"),
            "no workload, no alert: {card}"
        );
        // The out-of-memory preset: the card says the largest task does not fit, as the page
        // does under its headline.
        let oom = card_html("v=1&amax=51200&vmax=16&cpe=10&wtask=4096");
        assert!(oom.contains("id=\"workload-alerts\""), "{oom}");
        assert!(oom.contains("does not fit"), "{oom}");
        let broken = card_html("v=1&n=0");
        assert!(broken.contains("This link has values to fix"), "{broken}");
        assert!(!broken.contains("<dt>"), "{broken}");
        let emr = card_html("v=1&cm=emr");
        assert!(emr.contains("id=\"headline\">EMR runs "), "{emr}");
        assert!(emr.contains("You ask for</p><dl"), "{emr}");
    }

    #[test]
    fn the_snippet_frames_this_plan_and_trusts_only_this_origin() {
        let code = embed_code("https://wiki.example:8443/tools/sizer/?v=1&c=32#plan");
        assert!(code.starts_with(
            "<iframe src=\"https://wiki.example:8443/tools/sizer/?v=1&amp;c=32&amp;embed=1\""
        ));
        assert!(code.contains("e.origin!==\"https://wiki.example:8443\""));
        assert!(code.contains("e.data.type!==\"spark-sizer:height\""));
        let bare = embed_code("http://127.0.0.1:8080/");
        assert!(bare.starts_with("<iframe src=\"http://127.0.0.1:8080/?embed=1\""));
    }
}
