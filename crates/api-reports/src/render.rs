//! A plan in one of the report formats (`planner::report::Format`): the wiki exports (GitHub
//! and Confluence tables, an HTML fragment, the layout as SVG) and the others the command
//! line prints.

use planner::report::{render_view_linked, Format};
use planner::scenario::plan_with_unreadable;
use planner::url;
use planner::warning::Diagnostic;
use wasm_bindgen::prelude::*;

/// The plan of a share link or its query (`?v=1&c=32`, `v=1&c=32`, or a whole URL) in the
/// format named as the command line names it (`markdown-table`, `confluence`, `html`, `svg`,
/// `conf`, ...). `None` for a format name not known, or a format with nothing to say for this
/// plan (an SVG layout of an invalid input).
///
/// A whole `http(s)` address is the plan's share link, and the wiki exports (the tables, HTML,
/// SVG and `spark-defaults.conf`) carry it.
pub fn render_link(link: &str, format_name: &str) -> Option<String> {
    let format = Format::parse(format_name)?;
    // The share link is the address without its fragment.
    let share = link
        .contains("://")
        .then(|| link.split('#').next().unwrap_or(link));
    let query = link.split_once('?').map_or(link, |(_, query)| query);
    let query = query.split_once('#').map_or(query, |(query, _)| query);
    let decoded = url::scenario_from_query(query);
    let scenario = &decoded.scenario;
    let manager = scenario.manager();
    let unreadable: Vec<Diagnostic> = decoded.bad.iter().map(|b| b.diagnostic(manager)).collect();
    let outcome = plan_with_unreadable(scenario, unreadable);
    render_view_linked(&planner::view::build(scenario, &outcome), format, share)
}

/// wasm export of [`render_link`]: an empty string where it gives `None`.
#[wasm_bindgen(js_name = render)]
pub fn render_export(link: &str, format_name: &str) -> String {
    render_link(link, format_name).unwrap_or_default()
}
