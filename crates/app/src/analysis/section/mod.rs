//! The "Analyse a run" section as the module the page loads draws it: choose or drop event-log
//! files (several, or a folder for a rolling log), watch the worker read them (bytes of the
//! total, events, time; Cancel), then each run's analysis (`run`): the answer first, the plan to
//! use, what ran on each host, the what-if's chart and every section of words. Nothing of the
//! log leaves the browser or goes into a link.

mod chart;
mod run;
mod timeline;
mod worker;

use eventlog::view::RunView;
use leptos::prelude::*;
use planner::view::Finding;
use wasm_bindgen::prelude::*;

use crate::parts::Findings;
use crate::reactive::{dynamic, memo, text};
use run::RunShown;
use worker::{field, number};

/// Mounts the section into `root` (`crate::analysis`), with its style sheet.
pub fn mount(root: web_sys::HtmlElement) {
    worker::add_style_sheet();
    let state = Analyse::new();
    crate::browser::hear_the_modules(&[super::TIME_SHAPES], move |_, form| {
        if let Some(form) = form.as_string() {
            state.time_shapes(&form);
        }
    });
    leptos::mount::mount_to(root, move || view! { <Section state/> }).forget();
}

/// Where an analysis is.
#[derive(Debug, Clone, PartialEq)]
enum Status {
    /// Nothing chosen yet.
    Waiting,
    /// The worker is reading.
    Reading,
    /// The analysis is shown.
    Done,
    /// Cancelled by the user.
    Cancelled,
    /// The analyser failed: why.
    Failed(String),
}

/// The worker's counters.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct Progress {
    bytes_read: u64,
    bytes_total: Option<u64>,
    events: u64,
    files: u64,
    elapsed_ms: u64,
}

impl Progress {
    fn of(v: &JsValue) -> Progress {
        let total = field(v, "bytes_total");
        Progress {
            bytes_read: number(v, "bytes_read"),
            bytes_total: total.as_f64().map(|_| number(v, "bytes_total")),
            events: number(v, "events"),
            files: number(v, "files"),
            elapsed_ms: number(v, "elapsed_ms"),
        }
    }

    fn words(&self) -> String {
        eventlog::view::progress_words(
            self.bytes_read,
            self.bytes_total,
            self.events,
            self.files,
            self.elapsed_ms,
        )
    }
}

/// What hears the worker's messages (kept while the worker runs, dropped after it).
type Listener = Closure<dyn FnMut(JsValue)>;

/// The section's state (`Copy`).
#[derive(Clone, Copy)]
struct Analyse {
    worker: StoredValue<Option<JsValue>, LocalStorage>,
    listener: StoredValue<Option<Listener>, LocalStorage>,
    /// The sources of the last analysis (to analyse again on another cluster).
    sources: StoredValue<Option<JsValue>, LocalStorage>,
    on_form_cluster: RwSignal<bool>,
    status: RwSignal<Status>,
    progress: RwSignal<Progress>,
    runs: RwSignal<Vec<RunView>>,
    diagnostics: RwSignal<Vec<Finding>>,
    /// What the section's live region says.
    said: RwSignal<String>,
}

impl Analyse {
    fn new() -> Analyse {
        Analyse {
            worker: StoredValue::new_local(None),
            listener: StoredValue::new_local(None),
            sources: StoredValue::new_local(None),
            on_form_cluster: RwSignal::new(false),
            status: RwSignal::new(Status::Waiting),
            progress: RwSignal::new(Progress::default()),
            runs: RwSignal::new(Vec::new()),
            diagnostics: RwSignal::new(Vec::new()),
            said: RwSignal::new(String::new()),
        }
    }

    /// Ends the worker in hand, if any.
    fn end(self) {
        if let Some(w) = self.worker.try_update_value(Option::take).flatten() {
            worker::end_worker(&w);
        }
        self.listener.set_value(None);
    }

    /// Analyses `sources` (nothing when there are none), ending an analysis under way.
    fn start(self, sources: JsValue) {
        if worker::count(&sources) == 0 {
            return;
        }
        self.end();
        let form = worker::form_link();
        let cluster = if self.on_form_cluster.get_untracked() {
            form.clone()
        } else {
            String::new()
        };
        self.progress.set(Progress::default());
        tell_the_page_of(None, Vec::new());
        self.runs.set(Vec::new());
        self.diagnostics.set(Vec::new());
        self.status.set(Status::Reading);
        let listener: Listener = Closure::new(move |m: JsValue| self.heard(&m));
        let w = worker::start_worker(&sources, &cluster, &form, listener.as_ref());
        self.sources.set_value(Some(sources));
        self.worker.set_value(Some(w));
        self.listener.set_value(Some(listener));
    }

    /// Analyses the last sources again (the cluster to place the plan on changed).
    fn again(self) {
        if let Some(sources) = self.sources.get_value() {
            if self.status.get_untracked() != Status::Reading {
                self.start(sources);
            }
        }
    }

    /// A message of the worker.
    fn heard(self, m: &JsValue) {
        match field(m, "type").as_string().as_deref() {
            Some("progress") => self.progress.set(Progress::of(&field(m, "progress"))),
            Some("done") => self.done(m),
            Some("shapes-timed") => {
                self.runs
                    .with_untracked(|r| tell_the_page_of(r.first(), times_of(m)));
            }
            Some("cancelled") => {
                self.progress.set(Progress::of(&field(m, "progress")));
                self.status.set(Status::Cancelled);
                self.said.set("Reading cancelled.".to_string());
                self.end_later();
            }
            _ => {
                let why = field(m, "message")
                    .as_string()
                    .unwrap_or_else(|| "the analyser stopped".to_string());
                self.status.set(Status::Failed(why));
                self.end_later();
            }
        }
    }

    /// The worker's answer: its runs and diagnostics shown, the first headline said.
    fn done(self, m: &JsValue) {
        let runs: Vec<RunView> =
            serde_wasm_bindgen::from_value(field(m, "runs")).unwrap_or_default();
        let diagnostics: Vec<Finding> =
            serde_wasm_bindgen::from_value(field(&field(m, "result"), "diagnostics"))
                .unwrap_or_default();
        let said = runs
            .first()
            .map(|r| r.headline.clone())
            .or_else(|| diagnostics.first().map(|d| d.message.clone()))
            .unwrap_or_else(|| "The analysis is below.".to_string());
        tell_the_page_of(runs.first(), Vec::new());
        self.runs.set(runs);
        self.diagnostics.set(diagnostics);
        self.status.set(Status::Done);
        self.said.set(said);
        // The worker keeps the analysis to time the explorer's rows as the form changes, until
        // the next reading ends it.
    }

    /// Asks the worker to time the explorer's rows of the form's link `form` with the runs
    /// shown (the explorer asks, [`super::TIME_SHAPES`]).
    fn time_shapes(self, form: &str) {
        if self.status.get_untracked() == Status::Done {
            if let Some(w) = self.worker.get_value() {
                worker::time_shapes(&w, form);
            }
        }
    }

    /// Ends the worker after the message in hand (its listener is running it).
    fn end_later(self) {
        crate::browser::later(0, move || self.end());
    }
}

/// Tells the page the run shown, or that none is ([`super::RUN_SHOWN`]): its title, the most
/// tasks it had runnable at once, what the explorer's columns of its times mean, and `times`
/// (the explorer's rows timed with it, [`times_of`]).
fn tell_the_page_of(run: Option<&RunView>, times: Vec<String>) {
    let shown = run.and_then(|r| r.curve.as_ref().map(|c| (r, c.peak_tasks)));
    let text = shown.map_or_else(String::new, |(r, peak_tasks)| {
        super::RunShown {
            title: r.title.clone(),
            peak_tasks,
            note: format!("Estimated time: the run you analysed ({}) with its tasks on each shape, their durations as they ran (a shape with more memory per task that would spill less is not modelled as faster). Core-hours: what the shape's executors reserve for that time.", r.title),
            times,
        }
        .to_text()
    });
    crate::browser::tell_the_page(super::RUN_SHOWN, &text.into());
}

/// The first run's rows of the worker's `shapes-timed` message as the page reads them: the
/// form's link they are of, then each row's cores, estimated time and core-hours.
fn times_of(m: &JsValue) -> Vec<String> {
    let rows: Vec<Vec<eventlog::view::TimedShape>> =
        serde_wasm_bindgen::from_value(field(m, "runs")).unwrap_or_default();
    let mut texts = vec![field(m, "form").as_string().unwrap_or_default()];
    for row in rows.first().into_iter().flatten() {
        texts.extend([
            row.cores.to_string(),
            row.estimated_time.clone(),
            row.core_hours.clone(),
        ]);
    }
    texts
}

/// The section's content.
#[component]
fn Section(state: Analyse) -> impl IntoView {
    let files = move |ev: leptos::ev::Event| {
        let list = js_sys::Reflect::get(
            &event_target::<web_sys::HtmlInputElement>(&ev),
            &"files".into(),
        )
        .unwrap_or(JsValue::UNDEFINED);
        state.start(worker::sources_of_files(&list));
    };
    // A folder chooser: `webkitdirectory` (every browser has it under that name), which the
    // view's typed attributes do not list.
    let folder = NodeRef::<leptos::html::Input>::new();
    folder.on_load(|input| {
        let _ = input.set_attribute("webkitdirectory", "");
    });
    let dropped = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        let done = Closure::once_into_js(move |sources: JsValue| state.start(sources));
        let transfer: JsValue = ev.data_transfer().map_or(JsValue::UNDEFINED, Into::into);
        worker::sources_of_drop(&transfer, &done);
    };
    view! {
        <p class="muted" id="analysis-about">"Choose or drop the event log your job wrote (where spark.eventLog.dir points; uncompressed, zstd, lz4, snappy, lzf, .gz or .zip), several of them, or a rolling log's folder. It is read in this page and never sent anywhere; no link holds any of it."</p>
        <div class="drop-zone" id="analysis-drop" on:dragover=|ev: leptos::ev::DragEvent| ev.prevent_default() on:drop=dropped>
            <p>
                <label for="analysis-files">"Event log files"</label>
                <input type="file" id="analysis-files" multiple on:change=files/>
            </p>
            <p>
                <label for="analysis-folder">"Or a folder (a rolling log)"</label>
                <input type="file" id="analysis-folder" node_ref=folder on:change=files/>
            </p>
            <p class="muted">"Or drop files or a folder here."</p>
        </div>
        <fieldset class="analysis-place" id="analysis-place">
            <legend>"Place the right-sized plan on"</legend>
            <label><input type="radio" name="analysis-place" id="analysis-place-run" checked
                on:change=move |_| { state.on_form_cluster.set(false); state.again(); }/>" the run's own cluster"</label>
            <label><input type="radio" name="analysis-place" id="analysis-place-form"
                on:change=move |_| { state.on_form_cluster.set(true); state.again(); }/>" the cluster in the form above"</label>
        </fieldset>
        <Status state/>
        <p class="offscreen" id="analysis-announce" aria-live="polite">{text(move || state.said.get())}</p>
    }
}

/// Progress while reading, what became of a cancelled or failed reading, or the analysis.
#[component]
fn Status(state: Analyse) -> impl IntoView {
    let kind = memo(move || state.status.with(std::mem::discriminant));
    let words = move || state.progress.with(Progress::words);
    let diagnostics = memo(move || state.diagnostics.get());
    dynamic(move || {
        kind.track();
        match state.status.get_untracked() {
            Status::Waiting => ().into_any(),
            Status::Reading => view! {
                <div class="analysis-progress" id="analysis-reading">
                    <progress id="analysis-progress" aria-label="Reading the event log"
                        max=text(move || state.progress.with(|p| p.bytes_total.unwrap_or(0).max(1)))
                        value=text(move || state.progress.with(|p| p.bytes_read))></progress>
                    <span id="analysis-progress-words">{text(words)}</span>
                    <button type="button" id="analysis-cancel" on:click=move |_| {
                        if let Some(w) = state.worker.get_value() { worker::cancel_worker(&w); }
                    }>"Cancel"</button>
                </div>
            }.into_any(),
            Status::Cancelled => view! {
                <p class="note" id="analysis-cancelled">{text(move || format!("Cancelled after {}. Choose the files again to read them.", words()))}</p>
            }.into_any(),
            Status::Failed(why) => view! {
                <p class="sev sev-error" id="analysis-failed" role="alert">{format!("The analysis stopped: {why}. Reload the page to try again.")}</p>
            }.into_any(),
            Status::Done => view! {
                <div class="actions">
                    <p class="muted" id="analysis-read">{text(move || format!("{}.", words()))}</p>
                    // The form may have changed since: the plan's placement on it and the
                    // explorer's shapes follow it only when read again.
                    <button type="button" id="analysis-again" on:click=move |_| state.again()>"Read again with the form as it is now"</button>
                </div>
                <Findings id="analysis-diagnostics" findings=diagnostics quiet=true/>
                {state.runs.get_untracked().into_iter().enumerate().map(|(i, r)| view! {
                    <RunShown run=r index=i said=state.said/>
                }).collect_view()}
            }.into_any(),
        }
    })
}
