//! Spark Sizer's analysis section: the "Analyse a run" part of the page (crates/app's
//! `analysis::section`) as a wasm module of its own, which the page imports when the section
//! first opens (`app::analysis`), so that its code is not in the page's first load. It renders
//! with Leptos into the element the page gives it, and reads event logs in the analyser's Web
//! Worker. `scripts/build-api.sh` builds it into `dist/api/analysis/`, with its own size gate.

use wasm_bindgen::prelude::*;

/// Draws the section into `root`.
#[wasm_bindgen]
pub fn mount(root: web_sys::HtmlElement) {
    app::analysis::section::mount(root);
}
