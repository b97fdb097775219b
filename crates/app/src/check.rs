//! "Check my configuration", collapsed under the plan: paste what runs today (a `spark-submit`
//! command, a `spark-defaults.conf`, an EMR configuration or a `SparkApplication` manifest) and
//! see what the cluster on the form does with it, beside the plan. The reading, the numbers and
//! the answer's HTML come from the reports module (crates/api-reports, `checkHtml`), imported
//! when the section opens, so the page's first load does not carry the check's code. The
//! section is HTML text with delegated handlers (lib.rs: `input` checks again, a click on the
//! summary loads the module, the answer's buttons are the page's `data-apply` and `data-copy`),
//! and its state is the paste box itself: no signal. The pasted text stays in the page; the
//! link carries the settings in short form (`ck`, kept by [`browser::set_check_link`] through
//! every rewrite of the address), never a secret.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::api_module::{call_string, import_then, REPORTS_MODULE};
use crate::browser;
use crate::fields::Ctx;
use crate::form::Form;

/// The section's markup; `{open}` is ` open` for a link with a check.
fn section_html(open: &str) -> String {
    format!(
        r#"<details id="check-details"{open}><summary><h2>Check my configuration</h2></summary><p class="muted">Paste a spark-submit command, a spark-defaults.conf, an EMR configuration (JSON) or a SparkApplication manifest (YAML): read as Spark reads it, checked on the cluster above. The text stays in this page; the link keeps only the settings that shape the answer, never one that looks secret.</p><label for="check-text">Your configuration</label><textarea id="check-text" rows="8" spellcheck="false"></textarea><div id="check-answer" aria-live="polite"></div></details>"#
    )
}

fn paste_box() -> Option<web_sys::HtmlTextAreaElement> {
    document().get_element_by_id("check-text")?.dyn_into().ok()
}

fn show(html: &str) {
    if let Some(slot) = document().get_element_by_id("check-answer") {
        slot.set_inner_html(html);
    }
}

/// Checks the paste box's text on the form's cluster in the reports module, shows the answer,
/// and keeps the settings in the link (none when the box is empty). "Loading…" until the
/// module is ready; a message when it cannot be loaded.
pub fn run(ctx: Ctx) {
    let text = paste_box().map(|b| b.value()).unwrap_or_default();
    if document()
        .get_element_by_id("check-answer")
        .is_some_and(|a| a.child_element_count() == 0)
    {
        show(r#"<p class="muted">Loading…</p>"#);
    }
    import_then(REPORTS_MODULE, move |module| match module {
        Ok(m) => {
            let query = ctx.form.with_untracked(Form::to_query);
            show(&call_string(&m, "checkHtml", &[&text, &query]).unwrap_or_default());
            browser::set_check_link(call_string(&m, "checkLink", &[&text]).unwrap_or_default());
            browser::replace_query(&query);
        }
        Err(reason) => show(&format!(
            r#"<p class="sev sev-error" role="alert">The check could not be loaded ({}). Reload the page to try again.</p>"#,
            crate::html::escape(&reason)
        )),
    });
}

/// The section's markup, and what keeps it checked: a link with `ck` opens it with its settings
/// in the paste box (as text the check reads back), and a change of the form checks again.
pub fn check_section(ctx: Ctx) -> String {
    let query = browser::current_query();
    let ck = query
        .split('&')
        .find_map(|p| p.strip_prefix("ck="))
        .filter(|ck| !ck.is_empty())
        .map(str::to_string);
    if let Some(ck) = ck.clone() {
        browser::set_check_link(ck.clone());
        import_then(REPORTS_MODULE, move |module| {
            if let (Ok(m), Some(b)) = (module, paste_box()) {
                b.set_value(&call_string(&m, "checkLinkText", &[&ck]).unwrap_or_default());
            }
            run(ctx);
        });
    }
    Effect::new(move |_| {
        ctx.form.track();
        if paste_box().is_some_and(|b| !b.value().is_empty()) {
            run(ctx);
        }
    });
    section_html(if ck.is_some() { " open" } else { "" })
}

/// A click in the section: opening it loads the reports module ("Loading…" until ready).
pub fn clicked(ctx: Ctx, ev: &leptos::ev::MouseEvent) {
    let on_summary = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|t| t.closest("summary").ok().flatten())
        .is_some();
    if on_summary {
        run(ctx);
    }
}
