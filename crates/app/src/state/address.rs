//! The address bar: the page's link always reproduces its plan. Typing replaces the current
//! history entry (after the next frame: Chromium takes milliseconds for each history change,
//! 5 to 8 ms measured, BENCHMARKS.md "Browser speed", which would delay every keystroke's
//! answer); a preset, a remedy or a switch of cluster manager adds an entry, so Back returns.

use leptos::prelude::*;
use std::time::Duration;
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

/// The full address as it is now.
pub fn current_href() -> String {
    window().location().href().unwrap_or_default()
}

/// `href` without its query and fragment: the page itself.
pub fn page_of(href: &str) -> &str {
    href.split(['?', '#']).next().unwrap_or_default()
}

/// The value of `key` in a query (`a=1&b=2`); empty when it is not there.
pub fn query_value<'q>(query: &'q str, key: &str) -> &'q str {
    query
        .split('&')
        .find_map(|p| p.strip_prefix(key)?.strip_prefix('='))
        .unwrap_or_default()
}

/// The address's query for the form's `query`, with the check's settings (`ck`, made of
/// letters, digits, `.` and `~`: nothing to encode) when there are any.
pub fn with_check_link(query: &str, ck: &str) -> String {
    if ck.is_empty() {
        query.to_string()
    } else {
        format!("{query}&ck={ck}")
    }
}

/// Writes `query` as the address: a new history entry (`push`) or the current one replaced.
/// Some embedding contexts (sandboxed iframes, `file://`) refuse history changes: the page keeps
/// working, only the address bar does not follow.
fn write(query: &str, push: bool) {
    let Ok(history) = window().history() else {
        return;
    };
    if query == current_query() {
        return;
    }
    let url = format!("?{query}");
    let _ = if push {
        history.push_state_with_url(&JsValue::NULL, "", Some(&url))
    } else {
        history.replace_state_with_url(&JsValue::NULL, "", Some(&url))
    };
}

/// The query typing asked for and not yet written.
#[derive(Clone, Copy)]
pub struct Address {
    pending: StoredValue<Option<String>>,
}

impl Address {
    /// Nothing pending.
    pub fn new() -> Address {
        Address {
            pending: StoredValue::new(None),
        }
    }

    /// Replaces the current history entry's query once the next frame is painted; keystrokes
    /// in between are written once. A page that paints no frame (a hidden tab) writes it after
    /// a fifth of a second.
    pub fn replace(self, query: &str) {
        let first = self
            .pending
            .try_update_value(|p| p.replace(query.to_owned()).is_none())
            .unwrap_or(false);
        if first {
            request_animation_frame(move || set_timeout(move || self.flush(), Duration::ZERO));
            set_timeout(move || self.flush(), Duration::from_millis(200));
        }
    }

    /// Adds a history entry with `query`; what was typed before goes to the entry it was typed
    /// in first.
    pub fn push(self, query: &str) {
        self.flush();
        write(query, true);
    }

    /// Writes the query typing asked for, if any.
    pub fn flush(self) {
        if let Some(query) = self.pending.try_update_value(Option::take).flatten() {
            write(&query, false);
        }
    }

    /// Forgets the query typing asked for (Back or Forward left that history entry).
    pub fn forget_pending(self) {
        self.pending.set_value(None);
    }
}

impl Default for Address {
    fn default() -> Address {
        Address::new()
    }
}
