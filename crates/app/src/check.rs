//! "Check my configuration", collapsed under the plan: paste what runs today (a `spark-submit`
//! command, a `spark-defaults.conf`, an EMR configuration or a `SparkApplication` manifest) and
//! see what the cluster on the form does with it, beside the plan. The reading, the numbers and
//! the answer's HTML come from the reports module (crates/api-reports, `checkHtml`), imported
//! when the section opens, so the page's first load does not carry the check's code. The
//! section is HTML text with delegated handlers (lib.rs: `input` calls [`typed`], a click on the
//! summary loads the module, the answer's buttons are the page's `data-apply` and `data-copy`),
//! and its state is the paste box itself: no signal. The pasted text stays in the page; the
//! link carries the settings in short form (`ck`, kept by [`browser::set_check_link`] through
//! every rewrite of the address), never a secret. Back and Forward give the box the settings
//! of the history entry's `ck`.

use std::cell::Cell;
use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::api_module::{call_string, import_then, REPORTS_MODULE};
use crate::browser;
use crate::fields::Ctx;
use crate::form::Form;

/// The section's markup; `{open}` is ` open` for a link with a check. The box does not wrap
/// lines (the check's messages name lines, which must be the lines seen; a long one scrolls, and
/// a box that scrolls is named by `aria-labelledby` as well as its label).
/// The answer is no live region (a screen reader would read all of it on every change): its
/// headline is said through the page's live region when the box's text changed.
fn section_html(open: &str) -> String {
    format!(
        r#"<details id="check-details"{open}><summary><h2>Check my configuration</h2></summary><p class="muted" id="check-about">Paste a spark-submit command, a spark-defaults.conf, an EMR configuration (JSON) or a SparkApplication manifest (YAML): read as Spark reads it, checked on the cluster above. The text stays in this page; the link keeps only the settings that shape the answer, never one that looks secret.</p><label for="check-text" id="check-label">Your configuration</label><textarea id="check-text" rows="8" wrap="off" spellcheck="false" aria-labelledby="check-label" aria-describedby="check-about"></textarea><div id="check-answer"></div></details>"#
    )
}

thread_local! {
    /// How many times the box was typed into: a check waits for a pause in typing.
    static TYPED: Cell<u32> = const { Cell::new(0) };
    /// The page's form, for [`follow_address`].
    static CTX: Cell<Option<Ctx>> = const { Cell::new(None) };
}

fn paste_box() -> Option<web_sys::HtmlTextAreaElement> {
    document().get_element_by_id("check-text")?.dyn_into().ok()
}

fn box_text() -> String {
    paste_box().map(|b| b.value()).unwrap_or_default()
}

fn show(html: &str) {
    if let Some(slot) = document().get_element_by_id("check-answer") {
        slot.set_inner_html(html);
    }
}

/// The value of `key` in a query (`a=1&b=2`); empty when it is not there.
fn query_value<'q>(query: &'q str, key: &str) -> &'q str {
    query
        .split('&')
        .find_map(|p| p.strip_prefix(key)?.strip_prefix('='))
        .unwrap_or_default()
}

/// Checks the paste box's text on the form's cluster in the reports module, shows the answer,
/// and keeps the settings in the link (none when the box is empty); `say`: the answer's
/// headline goes to the live region too. "Loading…" until the module is ready; a message when
/// it cannot be loaded. An answer for a text the box no longer holds is never shown (the check
/// of the newer text follows).
fn run(ctx: Ctx, say: bool) {
    let text = box_text();
    if document()
        .get_element_by_id("check-answer")
        .is_some_and(|a| a.child_element_count() == 0)
    {
        show(r#"<p class="muted">Loading…</p>"#);
    }
    import_then(REPORTS_MODULE, move |module| match module {
        Ok(_) if box_text() != text => {}
        Ok(m) => {
            let query = ctx.form.with_untracked(Form::to_query);
            show(&call_string(&m, "checkHtml", &[&text, &query]).unwrap_or_default());
            browser::set_check_link(call_string(&m, "checkLink", &[&text]).unwrap_or_default());
            browser::replace_query(&query);
            if let Some(headline) = say
                .then(|| document().get_element_by_id("check-headline"))
                .flatten()
            {
                browser::announce(&headline.text_content().unwrap_or_default());
            }
        }
        Err(reason) => show(&format!(
            r#"<p class="sev sev-error" role="alert">The check could not be loaded ({}). Reload the page to try again.</p>"#,
            crate::html::escape(&reason)
        )),
    });
}

/// Input in the paste box. A paste or a drop brings the whole text: checked at once. Typing is
/// checked 150 ms after the last key, so fast typing makes one check, not one per key.
pub fn typed(ctx: Ctx, ev: &web_sys::Event) {
    let n = TYPED.get() + 1;
    TYPED.set(n);
    let whole = js_sys::Reflect::get(ev, &"inputType".into())
        .ok()
        .and_then(|t| t.as_string())
        .is_some_and(|t| t.starts_with("insertFrom"));
    if whole {
        run(ctx, true);
    } else {
        later(150, move || {
            if TYPED.get() == n {
                run(ctx, true);
            }
        });
    }
}

/// Puts the settings of a link's `ck` into the paste box (empty: none) and checks them. The box
/// is emptied at once: a check started before its new text arrives (a change of the form)
/// checks nothing, and a check of the old text, still waiting for a pause in typing, is dropped.
fn load_link(ctx: Ctx, ck: String) {
    browser::set_check_link(ck.clone());
    TYPED.set(TYPED.get() + 1);
    if let Some(b) = paste_box() {
        b.set_value("");
    }
    if ck.is_empty() {
        show("");
        return;
    }
    if let Some(details) = document().get_element_by_id("check-details") {
        let _ = details.set_attribute("open", "");
    }
    import_then(REPORTS_MODULE, move |module| {
        if let (Ok(m), Some(b)) = (module, paste_box()) {
            b.set_value(&call_string(&m, "checkLinkText", &[&ck]).unwrap_or_default());
        }
        run(ctx, false);
    });
}

/// Back or Forward (lib.rs): a history entry whose link holds other settings (`ck`) than the
/// paste box puts them into the box, and the answer follows; an entry without any empties both.
pub fn follow_address() {
    let ck = query_value(&browser::current_query(), "ck").to_string();
    if let Some(ctx) = CTX.get().filter(|_| browser::check_link() != ck) {
        load_link(ctx, ck);
    }
}

/// The section's markup, and what keeps it checked: a link with `ck` opens it with its settings
/// in the paste box (as text the check reads back), a change of the form checks again, and Back
/// or Forward to a history entry with other settings in its link puts those into the box.
pub fn check_section(ctx: Ctx) -> String {
    let ck = query_value(&browser::current_query(), "ck").to_string();
    let open = if ck.is_empty() { "" } else { " open" };
    if !ck.is_empty() {
        load_link(ctx, ck);
    }
    Effect::new(move |_| {
        ctx.form.track();
        if !box_text().is_empty() {
            run(ctx, false);
        }
    });
    CTX.set(Some(ctx));
    section_html(open)
}

/// A click in the section: opening it loads the reports module ("Loading…" until ready);
/// "Use these settings" is followed by [`settings_used`].
pub fn clicked(ctx: Ctx, ev: &leptos::ev::MouseEvent) {
    let Some(target) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return;
    };
    if target.closest("summary").ok().flatten().is_some() {
        run(ctx, false);
    } else if target.closest("#check-use").ok().flatten().is_some() {
        settings_used();
    }
}

/// "Use these settings" was pressed: the page's `data-apply` handler puts them into the form
/// next, and the answer they were in (with the button) is rebuilt. Once that is done the focus
/// goes to the answer, whose headline is the plan of those settings, so that the keyboard does
/// not fall back to the top of the page; the live region says what happened (on YARN, that the
/// plan then sizes its own executor count and heap, as the note beside the button says).
fn settings_used() {
    later(0, || {
        browser::focus("answer");
        let plan = document()
            .get_element_by_id("headline")
            .and_then(|h| h.text_content())
            .map(|h| format!(": {h}"))
            .unwrap_or_default();
        // The form's link names its cluster manager (`cm`), but not YARN's.
        let cm = query_value(&browser::current_query(), "cm").to_string();
        let sized = if matches!(cm.as_str(), "" | "yarn") {
            "; the plan sizes the executor count and heap"
        } else {
            ""
        };
        browser::announce(&format!(
            "Your settings are in the form{sized}{plan}. Back returns to your plan."
        ));
    });
}

/// Runs `then` after `ms` milliseconds (one timer closure type for the section: each is code).
fn later(ms: u64, then: impl FnOnce() + 'static) {
    let then: Box<dyn FnOnce()> = Box::new(then);
    set_timeout(then, Duration::from_millis(ms));
}
