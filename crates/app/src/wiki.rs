//! "For a wiki page": the plan shown as text for wikis that forbid iframes — a GitHub Markdown
//! table, Confluence wiki markup, an HTML fragment with inline styles, the per-node layout as a
//! standalone SVG and `spark-defaults.conf` — each with Copy and Download.
//!
//! The texts come from the reports module (crates/api-reports, `render(link, format)`), which
//! the section imports when it opens (`api_module`): the page's first load carries none of the
//! report code. While open, the texts follow the plan shown (the last good one while a field is
//! being fixed: the page calls [`follow`] with each). The section is one element with its HTML
//! written as text; its buttons say which export they act on in `data-i`.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::api_module::{call_string, import_then, REPORTS_MODULE};
use crate::{browser, html};

/// Each export: the reports module's format name (as `spark-sizer --format` names it), its
/// heading, the downloaded file's name and its MIME type.
pub const EXPORTS: [(&str, &str, &str, &str); 5] = [
    (
        "markdown-table",
        "Markdown table (GitHub)",
        "spark-sizer-plan.md",
        "text/markdown;charset=utf-8",
    ),
    (
        "confluence",
        "Confluence wiki markup",
        "spark-sizer-plan-confluence.txt",
        "text/plain;charset=utf-8",
    ),
    (
        "html",
        "HTML with inline styles",
        "spark-sizer-plan.html",
        "text/html;charset=utf-8",
    ),
    (
        "svg",
        "Per-node layout as an SVG image",
        "spark-sizer-layout.svg",
        "image/svg+xml",
    ),
    (
        "conf",
        "spark-defaults.conf",
        "spark-defaults.conf",
        "text/plain;charset=utf-8",
    ),
];

// A download is a link to a Blob of the text, clicked; the Blob's address is released once the
// browser has had time to start the download.
#[wasm_bindgen(inline_js = "export function save(text, name, type) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 60000);
}")]
extern "C" {
    fn save(text: &str, name: &str, mime: &str);
}

/// The section's static part (HTML text): the summary, and the body the exports are written to.
const SECTION: &str = r#"<summary><h2>For a wiki page</h2></summary><div id="wiki-body"></div>"#;

/// Shown while the reports module loads (HTML text).
const LOADING: &str = r#"<p class="muted" role="status">Loading…</p>"#;

/// Shown when the reports module cannot be loaded (HTML text); opening the section again tries
/// again.
const NOT_LOADED: &str = r#"<p class="sev sev-error" role="alert">The exports could not be loaded (offline?). Close and open this section to try again.</p>"#;

/// The five exports of the plan at `link` as HTML: a heading, the text, Copy and Download (an
/// export with nothing for this plan is left out).
fn exports_html(module: &JsValue, link: &str) -> String {
    let mut out = String::new();
    for (i, (format, heading, file, _)) in EXPORTS.iter().enumerate() {
        let Some(text) = call_string(module, "render", &[link, format]).filter(|t| !t.is_empty())
        else {
            continue;
        };
        html::text(&mut out, "h3", r#" class="subhead""#, heading);
        out.push_str(&format!(
            r#"<pre class="submit" id="wiki-{format}" tabindex="0" role="region" aria-label="{heading}"><code>"#
        ));
        html::push_escaped(&mut out, &text);
        out.push_str(&format!(
            r#"</code></pre><div class="actions"><button type="button" data-i="{i}" aria-label="Copy {heading}">Copy</button><button type="button" data-i="{i}" data-save>Download {file}</button><span class="status" role="status"></span></div>"#
        ));
    }
    out
}

/// Writes the exports of the plan at `link` into the section once the reports module is
/// loaded (or why it could not be); `None`: no plan to export.
fn fill(link: Option<String>) {
    let Some(link) = link else {
        set_body(r#"<p class="muted">Fix the fields above to see the exports.</p>"#);
        return;
    };
    import_then(REPORTS_MODULE, move |module| match module {
        Ok(module) => set_body(&exports_html(&module, &link)),
        Err(_) => set_body(NOT_LOADED),
    });
}

fn set_body(html: &str) {
    if let Some(body) = document().get_element_by_id("wiki-body") {
        body.set_inner_html(html);
    }
}

/// A click in the section: on its summary, which opens it (the `<details>` toggles after this
/// handler), the exports are loaded; on an export's button, Copy or Download.
fn section_click(ev: &leptos::ev::MouseEvent) {
    let Some(el) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|t| t.closest("summary,[data-i]").ok().flatten())
    else {
        return;
    };
    if el.tag_name() == "SUMMARY" {
        if el
            .parent_element()
            .is_some_and(|d| !d.has_attribute("open"))
        {
            set_body(LOADING);
            fill(LINK.with_borrow(Clone::clone));
        }
        return;
    }
    let Some((format, _, file, mime)) = el
        .get_attribute("data-i")
        .and_then(|i| EXPORTS.get(i.parse::<usize>().ok()?))
    else {
        return;
    };
    let text = document()
        .get_element_by_id(&format!("wiki-{format}"))
        .and_then(|e| e.text_content())
        .unwrap_or_default();
    if el.has_attribute("data-save") {
        save(&text, file, mime);
    } else if let Some(status) = el.parent_element().and_then(|a| a.last_element_child()) {
        status.set_text_content(Some(if browser::copy(&text) {
            "Copied"
        } else {
            browser::COPY_FAILED
        }));
    }
}

thread_local! {
    /// The link of the plan shown, as [`follow`] was last told (`None` while there is none).
    static LINK: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Follows the plan shown (`link`: its link, `None` while there is none): kept for the
/// summary's click, and the exports rewritten while the section is open. Called where the page
/// rebuilds its sections with the plan (one reactive closure for both).
pub fn follow(link: Option<String>) {
    let open = document()
        .query_selector("#wiki[open]")
        .ok()
        .flatten()
        .is_some();
    if open {
        fill(link.clone());
    }
    LINK.set(link);
}

/// The section, collapsed (its exports are written on opening and by [`follow`]).
pub fn wiki_section() -> impl IntoView {
    view! {
        <details class="card" id="wiki" inner_html=SECTION on:click=move |ev| section_click(&ev)></details>
    }
}
