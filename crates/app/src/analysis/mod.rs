//! "Analyse a run", collapsed under the plan: drop the event log a job wrote and see what it
//! really used and the plan right-sized from it. The page holds only this shell: the section's
//! heading, and the module that draws the rest (`section`, built into crates/app-analysis with
//! the `analysis` feature), loaded when the section first opens, so the page's first load does
//! not carry its code. The module reads the log in a Web Worker (the analyser module) and
//! talks to the page as a link does: it reads the form's cluster from the address (which always
//! holds the plan's link), and "Use these settings" opens the plan's address as Back and
//! Forward do (a history entry, then `popstate`, which the page follows). It has its own live
//! region and its own style sheet.

#[cfg(feature = "analysis")]
pub mod section;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use crate::on_demand::{Load, OnDemandModule};
use crate::reactive::text;

/// The sections module's wasm-bindgen glue, relative to the page ("Analyse a run" and the
/// check's answer).
pub const SECTIONS_MODULE: &str = "api/analysis/spark_sizer_analysis_wasm.js";

// The module's `mount(root)` into `#analysis-root`, once per document, called from JavaScript:
// one import, where reading the function off the module object from Rust takes several.
#[wasm_bindgen(inline_js = "let mounted = false;
export function mount_module(m) {
  if (mounted) return;
  mounted = true;
  m.mount(document.getElementById('analysis-root'));
}")]
extern "C" {
    fn mount_module(module: &JsValue);
}

/// The section: its heading; the module draws the rest into `#analysis-root` once loaded (the
/// first opening asks for it; one after a failed load asks again).
#[component]
pub(crate) fn AnalysisShell(
    /// The sections module (the check's answer is drawn by it too).
    module: OnDemandModule,
) -> impl IntoView {
    let waiting = move || match module.load.get() {
        Load::Loading => "Loading…".to_string(),
        Load::Failed(reason) => format!(
            "The analysis could not be loaded ({reason}). Close and open the section to try again."
        ),
        _ => String::new(),
    };
    view! {
        <details class="card" id="analysis" on:toggle=move |_| module.with_module(|m| mount_module(&m))>
            <summary><h2>"Analyse a run"</h2></summary>
            <p class="note" id="analysis-loading" role="status">{text(waiting)}</p>
            <div id="analysis-root"></div>
        </details>
    }
}
