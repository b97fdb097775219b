//! End-to-end tests of the page's "Analyse a run" section (its own module, dist/api/analysis/,
//! loaded when the section opens; the log read by the analyser's Web Worker): a log chosen in
//! the file input is analysed and shown as the analyser module's own view of it says (headline,
//! what ran on each host, the what-if's chart), and "Use these settings" puts the right-sized plan
//! into the form; a large dropped file shows its progress and can be cancelled; a file that is
//! no event log is named as such. Screenshots at 1280 and 375 px, light and dark.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::app::Headline;
use common::{shared_logs, Browser};

/// Each run as the analyser module shows it for the files `names` of the shared logs (native
/// code, read in the worker's order as the worker reads files).
fn native_runs(names: &[&str]) -> Vec<eventlog::view::RunView> {
    native_runs_on(names, "v=1")
}

/// As [`native_runs`], the explorer's shapes on the cluster of the form's link `form`.
fn native_runs_on(names: &[&str], form: &str) -> Vec<eventlog::view::RunView> {
    native_answer(names).page(form).runs
}

/// The analyser module's answer for the shared logs `names`, read in the worker's order as the
/// worker reads files, placed on the run's own cluster.
fn native_answer(names: &[&str]) -> api_analyzer::Answer {
    let mut session = api_analyzer::Session::new();
    for i in api_analyzer::reading_order(names.iter().map(|n| n.to_string()).collect()) {
        let name = names[i as usize];
        let bytes = std::fs::read(shared_logs().join(name)).expect("a log");
        let file = name.rsplit('/').next().unwrap_or(name);
        session.read_file(file, &bytes, Some(bytes.len() as u64), 1 << 20);
    }
    session.finish("")
}

/// Drops the file the JavaScript expression `file` makes on the section's drop zone, as a
/// browser delivers a drop; the file's size.
async fn drop_file(b: &Browser, file: &str) -> u64 {
    b.js(&format!(
        "const file = {file};\
         const transfer = new DataTransfer(); transfer.items.add(file);\
         document.getElementById('analysis-drop').dispatchEvent(new DragEvent('drop', {{ dataTransfer: transfer, bubbles: true, cancelable: true }}));\
         return file.size;"
    ))
    .await
    .as_u64()
    .expect("the file's size")
}

/// Chooses the shared logs `names` in the section's file input, as a person does.
async fn choose(b: &Browser, names: &[&str]) {
    let paths: Vec<String> = names
        .iter()
        .map(|n| shared_logs().join(n).display().to_string())
        .collect();
    b.element("#analysis-files")
        .await
        .send_keys(&paths.join("\n"))
        .await
        .expect("choose the files");
}

/// JavaScript: the cells of each row of the explorer's shapes' table, as shown.
const SHAPES_ROWS: &str = "(() => { const h = [...document.querySelectorAll('.analysis-run h4')].find(h => h.textContent.startsWith('The explorer'));\
     let n = h && h.nextElementSibling; while (n && !n.querySelector('table')) n = n.nextElementSibling;\
     return n ? [...n.querySelectorAll('tbody tr')].map(r => [...r.cells].map(c => c.textContent)) : []; })()";

/// Opens the page and the section, and waits for the section's module to draw it.
async fn open_section(name: &str) -> Browser {
    let b = Browser::open(name).await;
    b.open_page("/", "#headline").await;
    open_the_section(&b).await;
    b
}

/// Opens the section of the page shown, and waits for the section's module to draw it.
async fn open_the_section(b: &Browser) {
    b.click("#analysis > summary").await;
    b.wait_for_js(
        "the section's module",
        "document.getElementById('analysis-files') !== null",
    )
    .await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_chosen_log_is_analysed_and_its_right_sized_plan_goes_into_the_form() {
    let name = "yarn-dynamic-allocation_4nodes_8cores.zstd";
    let runs = native_runs(&[name]);
    let run = &runs[0];
    let b = open_section("analysis-chosen").await;
    choose(&b, &[name]).await;
    let headline = b
        .wait_for_text_containing(".analysis-headline", &["Right-sized"])
        .await;
    assert_eq!(headline, run.headline);
    assert_run_shown(&b, run).await;
    let before = b.query().await;
    use_these_settings(&b, run).await;
    b.screenshots_of("analysis-run-1", "analysis").await;
    b.js("document.querySelector('.whatif-chart').scrollIntoView(); return true;")
        .await;
    b.screenshot("analysis-chart", 1280).await;
    b.set_viewport(375, 900).await;
    b.js("document.querySelector('.timeline-chart').scrollIntoView(); return true;")
        .await;
    b.screenshot("analysis-timeline", 375).await;
    b.set_viewport(1280, 900).await;
    // Back returns to the plan before, and the analysis stays.
    b.js("history.back(); return true;").await;
    b.wait_for_query(&before).await;
    assert_eq!(b.text(".analysis-headline").await, run.headline);
    read_again_as_the_form_is_now(&b, name).await;
    b.assert_clean_console();
    b.close().await;
}

/// The run is shown as the analyser module's view of it says: title, what ran on each host,
/// the charts, every section of words under its title, the explorer's shapes.
async fn assert_run_shown(b: &Browser, run: &eventlog::view::RunView) {
    assert_eq!(b.text(".analysis-run h3").await, run.title);
    // What ran: one drawn group per node group of the view, each with its executors.
    assert_eq!(
        b.count(".analysis-run .layout .node").await,
        run.layout.len()
    );
    let executors: Vec<String> = run
        .layout
        .iter()
        .map(|g| g.executors_per_node.to_string())
        .collect();
    let drawn = b
        .js("return [...document.querySelectorAll('.analysis-run .layout .node')].map(n => n.dataset.executors);")
        .await;
    assert_eq!(drawn, serde_json::json!(executors));
    assert!(
        b.exists(".analysis-run .whatif-chart svg .whatif-time")
            .await
    );
    assert_eq!(
        b.count(".analysis-run .whatif-chart .whatif-real").await,
        usize::from(run.curve.as_ref().and_then(|c| c.real).is_some())
    );
    let read = b.text("#analysis-read").await;
    assert!(read.contains("events"), "{read}");
    // Every section of words the command line prints is there, under its title.
    let titles = b
        .js("return [...document.querySelectorAll('.analysis-run h4')].map(h => h.textContent);")
        .await;
    for s in &run.sections {
        assert!(
            titles
                .as_array()
                .expect("titles")
                .iter()
                .any(|t| t == &s.title),
            "{} is shown",
            s.title
        );
    }
    // The explorer's shapes on the form's cluster, timed with the run: one row each.
    let shapes = run.shapes.as_ref().expect("the explorer's shapes");
    let Some(eventlog::words::Line::Table(_, rows)) = shapes.lines.last() else {
        panic!("the shapes' table");
    };
    let shown = b.js(&format!("return {SHAPES_ROWS};")).await;
    assert_eq!(shown, serde_json::json!(rows));
    b.js("[...document.querySelectorAll('.analysis-run h4')].find(h => h.textContent.startsWith('The explorer')).scrollIntoView(); return true;")
        .await;
    b.screenshot("analysis-shapes", 1280).await;
}

/// "Use these settings": the address, the plan of it, the focus and the live region.
async fn use_these_settings(b: &Browser, run: &eventlog::view::RunView) {
    // The section's module is not in the page's first load: the plan's layout keeps its id.
    assert_eq!(b.count("#layout").await, 1);
    let query = run.use_settings.clone().expect("a placed plan");
    b.click(".analysis-use").await;
    b.wait_for_query(&query).await;
    // The form follows the address: the answer is the plan of those settings, with the focus.
    let c = common::app::comparison(&common::app::input_of(&query));
    b.wait_for_headline(&Headline::of(c.selected_plan())).await;
    b.wait_for_js(
        "the focus on the answer",
        "document.activeElement.id === 'answer'",
    )
    .await;
    b.wait_for_js(
        "the section to say what it did",
        "document.getElementById('analysis-announce').textContent.startsWith('The right-sized settings are in the form above')",
    )
    .await;
    b.screenshots_of("analysis-run-1", "analysis").await;
    b.js("document.querySelector('.whatif-chart').scrollIntoView(); return true;")
        .await;
    b.screenshot("analysis-chart", 1280).await;
    b.set_viewport(375, 900).await;
    b.js("document.querySelector('.timeline-chart').scrollIntoView(); return true;")
        .await;
    b.screenshot("analysis-timeline", 375).await;
    b.set_viewport(1280, 900).await;
}

/// The form edited (3 nodes), then read again: the explorer's shapes follow it; then the plan
/// placed on the form's cluster.
async fn read_again_as_the_form_is_now(b: &Browser, name: &str) {
    // Read again with the form as it is now: the explorer's shapes follow it (3 nodes).
    b.type_field("n", "3").await;
    b.click("#analysis-again").await;
    let again = native_runs_on(&[name], "v=1&n=3").remove(0);
    let Some(eventlog::words::Line::Table(_, rows)) = again.shapes.expect("shapes").lines.pop()
    else {
        panic!("the shapes' table");
    };
    let expected = serde_json::to_string(&rows).expect("JSON");
    b.wait_for_js(
        "the shapes timed on 3 nodes",
        &format!("JSON.stringify({SHAPES_ROWS}) === {expected:?}"),
    )
    .await;
    // Placed on the form's cluster instead: the files are read again and the plan placed there.
    b.click("#analysis-place-form").await;
    b.wait_for_js(
        "the plan placed on the form's cluster",
        "[...document.querySelectorAll('.analysis-line')].some(l => l.textContent.startsWith('Placed on the given cluster'))",
    )
    .await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_rolling_log_s_parts_chosen_in_any_order_are_read_as_one_run() {
    let parts = [
        "eventlog_v2_local-1623876083964/events_2_local-1623876083964.zstd",
        "eventlog_v2_local-1623876083964/events_1_local-1623876083964.zstd",
    ];
    let runs = native_runs(&parts);
    assert_eq!(runs.len(), 1);
    let b = open_section("analysis-rolling").await;
    choose(&b, &parts).await;
    b.wait_for_text(".analysis-headline", &runs[0].headline)
        .await;
    assert_eq!(b.count(".analysis-run").await, 1);
    // A local run: no hosts to draw, no plan to use; its tasks are all there (2,801, README).
    assert_eq!(b.count(".analysis-run .layout").await, 0);
    assert_eq!(b.count(".analysis-run .timeline-chart").await, 0);
    assert_eq!(b.count(".analysis-use").await, 0);
    let read = b.text("#analysis-read").await;
    assert!(read.contains("2 files"), "{read}");
    let lines = b
        .js("return [...document.querySelectorAll('.analysis-run .analysis-line')].map(l => l.textContent);")
        .await;
    let tasks = "Jobs, stages, tasks: ";
    let shown = lines
        .as_array()
        .expect("lines")
        .iter()
        .filter_map(|l| l.as_str())
        .find(|l| l.starts_with(tasks))
        .expect("the run's counts")
        .to_string();
    assert!(shown.ends_with(&common::app::group(2801)), "{shown}");
    b.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_large_dropped_log_shows_its_progress_and_can_be_cancelled() {
    let b = open_section("analysis-cancel").await;
    // 256 MiB of lines of an event the analysis skips, dropped as a file: long enough to watch.
    let size = drop_file(
        &b,
        "(() => { const line = '{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerDriverAccumUpdates\",\"executionId\":1,\"accumUpdates\":[]}\\n';\
         const block = line.repeat(Math.ceil((1 << 20) / line.length));\
         return new File(new Array(256).fill(block), 'events_big', { type: '' }); })()",
    )
    .await;
    let total = format!("of {} read", eventlog::format::bytes(size));
    b.wait_for_js(
        "some bytes read",
        "(() => { const p = document.getElementById('analysis-progress'); return p !== null && Number(p.value) > 0 && Number(p.value) < Number(p.max); })()",
    )
    .await;
    let words = b.text("#analysis-progress-words").await;
    assert!(words.contains(&total), "{words}");
    b.click("#analysis-cancel").await;
    let cancelled = b
        .wait_for_text_containing("#analysis-cancelled", &["Cancelled after"])
        .await;
    assert!(cancelled.contains(&total), "{cancelled}");
    // Nothing of it is shown as an analysis.
    assert_eq!(b.count(".analysis-run").await, 0);
    b.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_file_that_is_no_event_log_is_named_as_such() {
    let b = open_section("analysis-not-a-log").await;
    drop_file(
        &b,
        "new File(['name,size\\nparquet,12\\n'], 'sizes.csv', { type: 'text/csv' })",
    )
    .await;
    let said = b
        .wait_for_text_containing("#analysis-diagnostics", &["sizes.csv"])
        .await;
    assert!(said.contains("not a Spark event log"), "{said}");
    assert_eq!(
        b.attr("#analysis-diagnostics li", "class").await.as_deref(),
        Some("sev sev-error")
    );
    assert_eq!(b.count(".analysis-run").await, 0);
    b.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_log_that_breaks_at_a_line_that_is_not_json_says_which_line_and_what_is_lost() {
    let name = "bad-malformed-json.zstd";
    let answer = native_answer(&[name]);
    let page = answer.page("v=1");
    let said: Vec<String> = answer
        .diagnostics
        .iter()
        .map(|d| d.message.clone())
        .collect();
    assert!(
        said.iter().any(|m| m.contains("line")),
        "the reader names the line: {said:?}"
    );
    // Its line 4 is not JSON (README of shared/eventlogs): nothing before it starts a run.
    assert!(page.runs.is_empty());
    let b = open_section("analysis-malformed").await;
    choose(&b, &[name]).await;
    b.wait_for_text_containing("#analysis-diagnostics", &["line 4"])
        .await;
    assert_eq!(b.count(".analysis-run").await, 0);
    // Every diagnostic is shown, in the reader's words: the line, and the lines not read.
    let shown = b
        .js("return [...document.querySelectorAll('#analysis-diagnostics .msg')].map(m => m.textContent);")
        .await;
    assert_eq!(shown, serde_json::json!(said));
    b.close().await;
}

/// Issue 25: while a run is shown, the Dynamic allocation section says what `maxExecutors` the
/// run could use with the plan's executors (its most tasks runnable at once over the plan's
/// task slots per executor, rounded up: more executors never start a task), follows the form,
/// and says nothing once the run is gone.
#[tokio::test(flavor = "current_thread")]
async fn dynamic_allocation_says_what_max_executors_the_run_could_use() {
    let name = "yarn-dynamic-allocation_4nodes_8cores.zstd";
    let run = native_runs(&[name]).remove(0);
    let peak = run.curve.as_ref().expect("a what-if").peak_tasks;
    let b = Browser::open("analysis-max-executors").await;
    // The classic example with dynamic allocation on: 17 executors of 5 task slots.
    b.open_page("/?v=1&dyn=1", "#dynamic-allocation").await;
    assert!(
        !b.exists("#allocation-run:not([hidden])").await,
        "no run yet"
    );
    open_the_section(&b).await;
    choose(&b, &[name]).await;
    b.wait_for_text_containing(".analysis-headline", &["Right-sized"])
        .await;
    let executors = peak.div_ceil(5).max(1);
    let said = b
        .wait_for_text_containing("#allocation-run", &["The run you analysed"])
        .await;
    assert!(said.contains(&run.title), "{said}");
    assert!(
        said.contains(&format!(
            "{executors} of this plan's executors (5 task slots each)"
        )) && said.contains(&format!(
            "maxExecutors above {executors} would start no task"
        )),
        "{peak} tasks at once: {said}"
    );
    // Executors of 2 cores hold fewer tasks each: more of them are needed.
    b.type_field("cpe", "2").await;
    let two = peak.div_ceil(2).max(1);
    b.wait_for_text_containing("#allocation-run", &[&format!("maxExecutors above {two} ")])
        .await;
    b.assert_clean_console();
    b.close().await;
}

/// JavaScript: each row of the page's trade-off explorer as `[cores, estimated time,
/// core-hours]`, the two cells a run analysed gives it.
const EXPLORER_TIMED: &str = "[...document.querySelectorAll('#explorer-table tbody tr')].map(r => [Number(r.dataset.cores), ...[...r.cells].slice(-3, -1).map(c => c.textContent)])";

/// The rows the analyser times for the form's link `form`, as [`EXPLORER_TIMED`] reads them.
fn timed_rows(answer: &api_analyzer::Answer, form: &str) -> String {
    let rows: Vec<serde_json::Value> = answer.timed_shapes(form)[0]
        .iter()
        .map(|t| serde_json::json!([t.cores, t.estimated_time, t.core_hours]))
        .collect();
    serde_json::to_string(&rows).expect("JSON")
}

/// Issue 25: while a run is shown, every row of the page's trade-off explorer gains the time
/// that run would take on the shape and the core-hours it reserves (the analyser's estimate of
/// that row, as the command line's would be); the columns follow the form as it changes, with
/// no reading again, and go with the run.
#[tokio::test(flavor = "current_thread")]
async fn the_explorer_s_rows_gain_the_run_s_time_and_core_hours() {
    let name = "yarn-task-and-executor-failures.zstd";
    let answer = native_answer(&[name]);
    let b = Browser::open("analysis-explorer-columns").await;
    b.open_page("/?v=1&xo=1", "#explorer-table").await;
    assert!(
        !b.exists("#explorer-table.with-run").await,
        "no run, no columns of its times"
    );
    open_the_section(&b).await;
    choose(&b, &[name]).await;
    let note = b
        .wait_for_text_containing(
            "#explorer-run-note",
            &["Estimated time: the run you analysed"],
        )
        .await;
    assert!(note.contains(&answer_title(&answer)), "{note}");
    let expected = timed_rows(&answer, "v=1");
    b.wait_for_js(
        "the explorer's rows timed with the run",
        &format!("JSON.stringify({EXPLORER_TIMED}) === {expected:?}"),
    )
    .await;
    // The log's tasks take 4 cores: the shapes of fewer run none, and say so.
    assert!(
        expected.contains("no slot for a task of 4 cores"),
        "{expected}"
    );
    // Another cluster in the form: its rows, timed, without reading the log again.
    b.type_field("n", "3").await;
    let on_three = timed_rows(&answer, "v=1&n=3");
    assert_ne!(on_three, expected);
    b.wait_for_js(
        "the rows of 3 nodes timed",
        &format!("JSON.stringify({EXPLORER_TIMED}) === {on_three:?}"),
    )
    .await;
    // The table scrolled to its last columns, where the run's are.
    let to_the_run_s_columns = "const t = document.getElementById('explorer-table'); t.scrollIntoView(); t.parentElement.scrollLeft = t.parentElement.scrollWidth; return true;";
    for width in [1280, 375] {
        b.set_viewport(width, 900).await;
        b.js(to_the_run_s_columns).await;
        b.screenshot("explorer-timed", width).await;
    }
    b.set_viewport(1280, 900).await;
    // A new reading: the run's columns go with it (a file that is no event log shows no run).
    drop_file(&b, "new File(['%PDF-1.7 not a log'], 'report.pdf')").await;
    b.wait_for_js(
        "the run's columns gone",
        "document.getElementById('explorer-table') && !document.getElementById('explorer-table').classList.contains('with-run') && document.getElementById('explorer-run-note').hidden",
    )
    .await;
    b.assert_clean_console();
    b.close().await;
}

/// The title the section gives the answer's first run.
fn answer_title(answer: &api_analyzer::Answer) -> String {
    answer.page("v=1").runs[0].title.clone()
}
