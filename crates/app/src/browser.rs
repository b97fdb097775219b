//! The few browser services the page uses beside Leptos: the clipboard, moving the keyboard
//! focus, downloading a text as a file, and timers. The address bar is `state::address`.

use leptos::prelude::{document, set_timeout, window};
use std::time::Duration;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// What a copy's status line says when nothing was copied.
pub const COPY_FAILED: &str = "Not copied: this page may not use the clipboard here. The text is selected below: press Ctrl+C (⌘C on a Mac).";

/// Copies `text` to the clipboard; returns whether a copy was started. The Clipboard API is
/// asynchronous and refuses in some embeddings (an iframe without `clipboard-write`): then, and
/// where the API is missing, a hidden text area and `execCommand("copy")` are tried, and when
/// that fails too `refused` is called (the page then shows the text selected for a manual copy).
pub fn copy(text: &str, refused: impl FnOnce() + 'static) -> bool {
    let nav = window().navigator();
    let has_clipboard =
        js_sys::Reflect::has(&nav, &JsValue::from_str("clipboard")).unwrap_or(false);
    if has_clipboard {
        let owned = text.to_string();
        let on_refusal = Closure::once(move |_: JsValue| {
            if copy_with_textarea(&owned).is_none() {
                refused();
            }
        });
        let _ = nav.clipboard().write_text(text).catch(&on_refusal);
        // The promise settles later: the closure must outlive this call (one small closure
        // per click).
        on_refusal.forget();
        return true;
    }
    let copied = copy_with_textarea(text).is_some();
    if !copied {
        refused();
    }
    copied
}

fn copy_with_textarea(text: &str) -> Option<()> {
    let doc = document();
    let area: web_sys::HtmlTextAreaElement =
        doc.create_element("textarea").ok()?.dyn_into().ok()?;
    area.set_value(text);
    area.set_attribute("readonly", "").ok()?;
    area.set_class_name("offscreen");
    doc.body()?.append_child(&area).ok()?;
    area.select();
    let html: web_sys::HtmlDocument = doc.dyn_into().ok()?;
    let ok = html.exec_command("copy").unwrap_or(false);
    area.remove();
    ok.then_some(())
}

/// Moves the keyboard focus to `el` (and scrolls it into view), opening every closed
/// `<details>` around it first, so a message's link always reaches a visible control.
pub fn focus_element(el: &web_sys::Element) {
    let mut parent = el.parent_element();
    while let Some(p) = parent {
        if p.tag_name().eq_ignore_ascii_case("details") {
            let _ = p.set_attribute("open", "");
        }
        parent = p.parent_element();
    }
    if let Some(el) = el.dyn_ref::<web_sys::HtmlElement>() {
        let _ = el.focus();
    }
}

/// [`focus_element`] on the element with `id` (a form field a message names: its id is its
/// label's `for`), if there is one.
pub fn focus(id: &str) {
    if let Some(el) = document().get_element_by_id(id) {
        focus_element(&el);
    }
}

// A download is a link to a Blob of the text, clicked; the Blob's address is released once the
// browser has had time to start the download.
#[wasm_bindgen(inline_js = "export function save(text, name, type) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 60000);
}
export function tell_the_page(name, detail) {
  dispatchEvent(new CustomEvent(name, { detail }));
}
export function hear(name, index, on_event) {
  addEventListener(name, (e) => on_event(index, e.detail));
}")]
extern "C" {
    /// Saves `text` as a file named `name` of MIME type `mime`.
    pub fn save(text: &str, name: &str, mime: &str);
    /// Sends the event `name` (on `window`) with `detail`: how the page and the modules it loads
    /// on demand ask each other for something.
    pub fn tell_the_page(name: &str, detail: &JsValue);
    fn hear(name: &str, index: usize, on_event: &JsValue);
}

/// Calls `on_event(i, detail)` for each event `names[i]` sent on `window` ([`tell_the_page`]),
/// for the page's life: one listener closure for all of them.
pub fn hear_the_modules(names: &[&str], on_event: impl FnMut(usize, JsValue) + 'static) {
    let on_event = Closure::<dyn FnMut(usize, JsValue)>::new(on_event).into_js_value();
    for (i, name) in names.iter().enumerate() {
        hear(name, i, &on_event);
    }
}

/// Runs `then` after `ms` milliseconds (one timer closure type for the page: each is code).
pub fn later(ms: u64, then: impl FnOnce() + 'static) {
    let then: Box<dyn FnOnce()> = Box::new(then);
    set_timeout(then, Duration::from_millis(ms));
}
