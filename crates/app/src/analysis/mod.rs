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

/// The event (on `window`) the section sends when it shows a run, or none, and again with the
/// explorer's rows timed ([`TIME_SHAPES`]): its `detail` is the run as text
/// ([`RunShown::to_text`]; empty: no run).
pub const RUN_SHOWN: &str = "spark-sizer-run-shown";

/// The event (on `window`) the trade-off explorer sends while a run is shown and its rows
/// change: its `detail` is the form's link, whose rows the section has the analyser time with
/// the run (answered with [`RUN_SHOWN`]).
pub const TIME_SHAPES: &str = "spark-sizer-time-shapes";

/// The run the section shows, as the page's own sections use it: the Dynamic allocation
/// section says what `maxExecutors` it could use, the trade-off explorer's rows its times.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RunShown {
    /// The application's name and id.
    pub title: String,
    /// The most tasks runnable at once (with unlimited executors).
    pub peak_tasks: u64,
    /// What the explorer's columns of its times mean, in words.
    pub note: String,
    /// The explorer's rows timed with the run: the form's link they are of, then each row's
    /// cores, estimated time and core-hours (empty: none yet).
    pub times: Vec<String>,
}

impl RunShown {
    /// The run as the page holds it (a text is all the page's signal of it needs, and what
    /// the event carries): lines of tab-separated fields, the title, the peak of tasks and the
    /// note first, then the times' link, then one line per row (cores, time, core-hours). Tabs
    /// and line ends inside a field become spaces.
    pub fn to_text(&self) -> String {
        let field = |f: &str| f.replace(['\t', '\n', '\r'], " ");
        let mut lines = vec![
            format!(
                "{}\t{}\t{}",
                field(&self.title),
                self.peak_tasks,
                field(&self.note)
            ),
            field(self.times.first().map_or("", String::as_str)),
        ];
        let rows = self.times.get(1..).unwrap_or_default().chunks(3);
        lines.extend(rows.map(|r| r.iter().map(|f| field(f)).collect::<Vec<_>>().join("\t")));
        lines.join("\n")
    }

    /// The run of [`RunShown::to_text`]'s text (`None`: no run, or not such a text).
    pub fn of_text(text: &str) -> Option<RunShown> {
        let mut lines = text.lines();
        let mut head = lines.next()?.splitn(3, '\t');
        let (title, peak, note) = (head.next()?, head.next()?, head.next()?);
        let times: Vec<String> = lines
            .flat_map(|l| l.split('\t'))
            .map(str::to_string)
            .collect();
        Some(RunShown {
            title: title.to_string(),
            peak_tasks: peak.parse().ok()?,
            note: note.to_string(),
            // No link: not timed yet.
            times: if times.first().is_some_and(|link| !link.is_empty()) {
                times
            } else {
                Vec::new()
            },
        })
    }
}

/// Follows the section's [`RUN_SHOWN`] into `run`, the run as text (once, for the page).
pub fn follow_the_run_shown(run: RwSignal<String>) {
    crate::browser::hear_the_modules(&[RUN_SHOWN], move |_, detail| {
        run.set(detail.as_string().unwrap_or_default());
    });
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_run_shown_goes_through_its_text_whole() {
        let run = RunShown {
            title: "Spark\tPi (app-1)".to_string(),
            peak_tasks: 41,
            note: "Estimated time: …".to_string(),
            times: [
                "v=1&n=3",
                "4",
                "2 min",
                "0.5",
                "5",
                "no slot for a task of 6 cores",
                "",
            ]
            .map(String::from)
            .to_vec(),
        };
        let back = RunShown::of_text(&run.to_text()).expect("a run");
        assert_eq!(back.title, "Spark Pi (app-1)");
        assert_eq!(
            back,
            RunShown {
                title: "Spark Pi (app-1)".to_string(),
                ..run.clone()
            }
        );
        // Before the rows are timed: no times.
        let untimed = RunShown {
            times: Vec::new(),
            ..run
        };
        assert_eq!(
            RunShown::of_text(&untimed.to_text()).map(|r| r.times),
            Some(Vec::new())
        );
        assert_eq!(RunShown::of_text(""), None);
        assert_eq!(RunShown::of_text("a title\tmany\tnote"), None);
    }
}
