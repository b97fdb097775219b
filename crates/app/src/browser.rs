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

/// The full address, to share.
pub fn current_href() -> String {
    window().location().href().unwrap_or_default()
}

fn write_query(query: &str, push: bool) {
    let Ok(history) = window().history() else {
        return;
    };
    if query == current_query() {
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

/// Replaces the current history entry's query (typing).
pub fn replace_query(query: &str) {
    write_query(query, false);
}

/// Adds a history entry with `query` (choosing a preset), so Back returns to the previous plan.
pub fn push_query(query: &str) {
    write_query(query, true);
}

/// Copies `text` to the clipboard; returns whether a copy was started. Falls back to a hidden
/// text area and `execCommand("copy")` where the Clipboard API is missing (insecure contexts).
pub fn copy(text: &str) -> bool {
    let nav = window().navigator();
    let has_clipboard =
        js_sys::Reflect::has(&nav, &JsValue::from_str("clipboard")).unwrap_or(false);
    if has_clipboard {
        let _promise = nav.clipboard().write_text(text);
        return true;
    }
    copy_with_textarea(text).is_some()
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

/// Moves the keyboard focus to the element with `id` (and scrolls it into view), without
/// touching the address or the history.
pub fn focus(id: &str) {
    use wasm_bindgen::JsCast;
    if let Some(el) = window()
        .document()
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}
