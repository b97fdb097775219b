//! Spark Sizer's sections module: the parts of the page few users open, as a wasm module of its
//! own which the page imports when one of them first opens, so that their code is not in the
//! page's first load — "Analyse a run" (crates/app's `analysis::section`, [`mount`]) and the
//! configuration check's answer (`check::answer`, [`mount_check_answer`]). It renders
//! with Leptos into the element the page gives it, and reads event logs in the analyser's Web
//! Worker. `scripts/build-api.sh` builds it into `dist/api/analysis/`, with its own size gate.

use wasm_bindgen::prelude::*;

/// Draws the section into `root`.
#[wasm_bindgen]
pub fn mount(root: web_sys::HtmlElement) {
    app::analysis::section::mount(root);
}

/// Draws the configuration check's answers into `root`; returns the function that shows one (a
/// check's view as the reports module's `check` returns it; `null`: none).
#[wasm_bindgen]
pub fn mount_check_answer(root: web_sys::HtmlElement) -> js_sys::Function {
    app::check::answer::mount(root)
}
