//! The configuration check (`planner::check`) for the JS API and the page's Check section.
//!
//! Both take the pasted text and the share link of the form (its query: the cluster to check
//! against) and get the check's view (`planner::view::check::CheckView`: its numbers and every
//! word the section shows), as a JavaScript object made by serde-wasm-bindgen ([`check_export`];
//! [`check_json_text`] is the same as JSON text, for native callers); the page renders that view
//! with its own components (text escaped by construction). The share link carries the settings in short form
//! ([`check_link_value`], key `ck`); a page opened from such a link puts them back in the paste
//! box as text ([`check_link_text`]).

use planner::check::check;
use planner::check::link;
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

/// wasm export of [`check_of_link`]: the check's view as a JavaScript object (the JS API's
/// `check()` returns it; the page reads it back into the view's types). A view that cannot be
/// made into one (no number in it is above 2^53) is `null`.
#[wasm_bindgen(js_name = check)]
pub fn check_export(text: &str, link: &str) -> JsValue {
    serde_wasm_bindgen::to_value(&check_of_link(text, link)).unwrap_or(JsValue::NULL)
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
