//! The few browser services the page uses: the address bar (history), the clipboard, and the
//! Back button. Everything else in the app is plain Leptos.

use leptos::prelude::window;
use wasm_bindgen::JsValue;

/// The query string of the current address, without `?`.
pub fn current_query() -> String {
    window()
        .location()
        .search()
        .unwrap_or_default()
        .trim_start_matches('?')
        .to_string()
}

/// The full address, to share (with what was just typed).
pub fn current_href() -> String {
    flush_query();
    window().location().href().unwrap_or_default()
}

thread_local! {
    /// The Check section's settings in the link (`ck`; empty: none), written after the form's
    /// query by every rewrite of the address, so that editing the form keeps them.
    static CHECK_LINK: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Sets the value of the link's `ck` (the Check section's settings in short form, made of
/// letters, digits, `.` and `~`: nothing to encode).
pub fn set_check_link(value: String) {
    CHECK_LINK.with(|c| *c.borrow_mut() = value);
}

/// The value of the link's `ck` now (empty: none).
pub fn check_link() -> String {
    CHECK_LINK.with_borrow(Clone::clone)
}

/// The address's query for the form's `query`: with the check's settings, when there are any.
pub fn with_check_link(query: &str) -> String {
    CHECK_LINK.with(|c| match c.borrow().as_str() {
        "" => query.to_string(),
        ck => format!("{query}&ck={ck}"),
    })
}

fn write_query(query: &str, push: bool) {
    let Ok(history) = window().history() else {
        return;
    };
    let query = &with_check_link(query);
    if *query == current_query() {
        return;
    }
    let url = format!("?{query}");
    // Some embedding contexts (sandboxed iframes, file://) refuse history changes: the page
    // keeps working, only the address bar does not follow.
    let _ = if push {
        history.push_state_with_url(&JsValue::NULL, "", Some(&url))
    } else {
        history.replace_state_with_url(&JsValue::NULL, "", Some(&url))
    };
}

thread_local! {
    /// The query typing asked for and not yet written (see [`replace_query`]).
    static PENDING_QUERY: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Writes the query typing asked for, if any.
fn flush_query() {
    if let Some(query) = PENDING_QUERY.with_borrow_mut(Option::take) {
        write_query(&query, false);
    }
}

/// Replaces the current history entry's query (typing), once the next frame is painted:
/// Chromium takes milliseconds for each history change (5 to 8 ms measured, BENCHMARKS.md
/// "Browser speed"), which would otherwise delay every keystroke's answer and its frame;
/// keystrokes in between are written once. A page that paints no frame (a hidden tab) writes
/// it after a fifth of a second.
pub fn replace_query(query: &str) {
    use leptos::prelude::{request_animation_frame, set_timeout};
    use std::time::Duration;
    let first = PENDING_QUERY.with_borrow_mut(|p| p.replace(query.to_owned()).is_none());
    if first {
        request_animation_frame(|| set_timeout(flush_query, Duration::ZERO));
        set_timeout(flush_query, Duration::from_millis(200));
    }
}

/// Adds a history entry with `query` (choosing a preset), so Back returns to the previous plan;
/// what was typed before goes to the entry it was typed in first.
pub fn push_query(query: &str) {
    flush_query();
    write_query(query, true);
}

/// Forgets the query typing asked for (Back or Forward left that history entry).
pub fn forget_pending_query() {
    PENDING_QUERY.with_borrow_mut(Option::take);
}

/// The page's copy status (the headlines' "copied" line): set to a failure when a copy the
/// Clipboard API accepted at first is refused later (an iframe without clipboard permission).
static COPY_STATUS: std::sync::OnceLock<leptos::prelude::RwSignal<&'static str>> =
    std::sync::OnceLock::new();

/// What the copy status says when nothing was copied.
pub const COPY_FAILED: &str = "Not copied: this page may not use the clipboard here. The text is selected below: press Ctrl+C (⌘C on a Mac).";

/// Registers the signal that [`copy`] corrects when a copy fails after it returned.
pub fn set_copy_status(status: leptos::prelude::RwSignal<&'static str>) {
    let _ = COPY_STATUS.set(status);
}

/// Shows `status` in the copy status line beside the button pressed (the focused one), and
/// empties the others: each line is a live region, and a screen reader said the same status
/// once for each. Without a focused copy button (a browser that does not focus a clicked
/// button), every line says it.
pub fn show_copy_status(status: &str) {
    use wasm_bindgen::JsCast;
    let Some(doc) = window().document() else {
        return;
    };
    let Ok(lines) = doc.query_selector_all(".answer .status, #check .status") else {
        return;
    };
    let pressed = doc
        .active_element()
        .and_then(|b| b.parent_element())
        .and_then(|p| p.query_selector(".status").ok().flatten());
    for i in 0..lines.length() {
        let Some(line) = lines.item(i) else { continue };
        let beside = pressed.as_ref().is_none_or(|p| {
            line.dyn_ref::<web_sys::Node>()
                .is_some_and(|l| l.is_same_node(Some(p)))
        });
        let text = if beside { status } else { "" };
        if line.text_content().as_deref() != Some(text) {
            line.set_text_content(Some(text));
        }
    }
}

/// Copies `text` to the clipboard; returns whether a copy was started. The Clipboard API is
/// asynchronous and refuses in some embeddings (an iframe without `clipboard-write`): then, and
/// where the API is missing, a hidden text area and `execCommand("copy")` are tried, and when
/// that fails too the text is shown selected for a manual copy and the copy status says so.
pub fn copy(text: &str) -> bool {
    use wasm_bindgen::closure::Closure;
    let nav = window().navigator();
    let has_clipboard =
        js_sys::Reflect::has(&nav, &JsValue::from_str("clipboard")).unwrap_or(false);
    if has_clipboard {
        let owned = text.to_string();
        let refused = Closure::once(move |_: JsValue| {
            if copy_with_textarea(&owned).is_none() {
                copy_failed(&owned);
            }
        });
        let _ = nav.clipboard().write_text(text).catch(&refused);
        // The promise settles later: the closure must outlive this call (one small closure
        // per click).
        refused.forget();
        return true;
    }
    let copied = copy_with_textarea(text).is_some();
    if !copied {
        copy_failed(text);
    }
    copied
}

/// Shows `text` selected in a box for a manual copy, and says the copy failed.
fn copy_failed(text: &str) {
    use leptos::prelude::Set;
    if let Some(status) = COPY_STATUS.get() {
        status.set(COPY_FAILED);
    }
    let _ = show_for_manual_copy(text);
}

fn show_for_manual_copy(text: &str) -> Option<()> {
    use wasm_bindgen::JsCast;
    let doc = window().document()?;
    let area: web_sys::HtmlTextAreaElement = match doc.get_element_by_id("manual-copy") {
        Some(el) => el.dyn_into().ok()?,
        None => {
            let area: web_sys::HtmlTextAreaElement =
                doc.create_element("textarea").ok()?.dyn_into().ok()?;
            area.set_id("manual-copy");
            area.set_attribute("readonly", "").ok()?;
            area.set_attribute("aria-label", "Text to copy").ok()?;
            area.set_attribute("rows", "4").ok()?;
            doc.get_element_by_id("copy-box")?
                .append_child(&area)
                .ok()?;
            area
        }
    };
    area.set_value(text);
    let _ = area.focus();
    area.select();
    Some(())
}

fn copy_with_textarea(text: &str) -> Option<()> {
    use wasm_bindgen::JsCast;
    let doc = window().document()?;
    let area: web_sys::HtmlTextAreaElement =
        doc.create_element("textarea").ok()?.dyn_into().ok()?;
    area.set_value(text);
    area.set_attribute("readonly", "").ok()?;
    area.set_class_name("offscreen");
    doc.body()?.append_child(&area).ok()?;
    area.select();
    let html: web_sys::HtmlDocument = doc.clone().dyn_into().ok()?;
    let ok = html.exec_command("copy").unwrap_or(false);
    area.remove();
    ok.then_some(())
}

/// The id of the answer's button just pressed, to focus again once the answer is rebuilt.
static FOCUS_AFTER_REBUILD: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());

/// Remembers `id` for [`announce`], which runs once the answer has been rebuilt.
pub fn focus_after_rebuild(id: String) {
    if let Ok(mut pending) = FOCUS_AFTER_REBUILD.lock() {
        *pending = id;
    }
}

/// Puts `text` in the page's polite live region (`#announce`) when it differs from what is
/// there: a screen reader says it once, and not again for keystrokes that left it unchanged.
/// Then focuses the button remembered by [`focus_after_rebuild`], if the rebuild took the
/// focus away (a press that changed nothing rebuilt nothing, and the focus is then elsewhere).
pub fn announce(text: &str) {
    let Some(document) = window().document() else {
        return;
    };
    if let Some(el) = document.get_element_by_id("announce") {
        if el.text_content().as_deref() != Some(text) {
            el.set_text_content(Some(text));
        }
    }
    let pending = FOCUS_AFTER_REBUILD
        .lock()
        .map(|mut id| std::mem::take(&mut *id))
        .unwrap_or_default();
    let lost = document
        .active_element()
        .is_none_or(|e| e.tag_name() == "BODY");
    if lost && !pending.is_empty() {
        focus(&pending);
    }
}

/// Moves the keyboard focus to the element with `id` (and scrolls it into view), without
/// touching the address or the history; a closed `<details>` around it is opened first, so a
/// message's link always reaches a visible control.
pub fn focus(id: &str) {
    use wasm_bindgen::JsCast;
    let Some(el) = window().document().and_then(|d| d.get_element_by_id(id)) else {
        return;
    };
    let mut parent = el.parent_element();
    while let Some(p) = parent {
        if p.tag_name().eq_ignore_ascii_case("details") {
            let _ = p.set_attribute("open", "");
        }
        parent = p.parent_element();
    }
    if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
        let _ = el.focus();
    }
}
