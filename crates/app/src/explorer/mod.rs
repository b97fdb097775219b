//! The trade-off explorer, collapsed under the plan: every executor shape for the cluster on
//! the form as a sortable table (the current shape highlighted, the methods' choices marked,
//! "Adopt" to make a row the plan), an SVG chart of task slots and memory per task slot
//! against cores per executor, and seed 001's 50 GB fat-or-slim split side by side. The sweep
//! runs only while the section is open, on the plan the sections show (the last good one while
//! a field is being fixed, a frame after the form changed), so typing stays as fast as without
//! it.

mod chart;
mod split;
mod timed;

use leptos::prelude::*;
use planner::explorer::{self, ExplorerView, SortColumn};
use planner::units::MIB;
use planner::view::{ExplorerRow, ExplorerTable, Finding};

use crate::fmt;
use crate::reactive::{attr, dynamic, keyed_by_number, keyed_by_text, memo, text, Part};
use crate::state::Page;
use chart::Chart;
use split::FatOrSlim;

/// A sortable column: its heading, the planner's column (what it sorts by, its name in the
/// link) and the text of a cell.
struct Column {
    heading: &'static str,
    column: SortColumn,
    text: fn(&ExplorerRow) -> String,
}

const COLUMNS: &[Column] = &[
    Column {
        heading: "Cores per executor",
        column: SortColumn::Cores,
        text: |r| r.shape.cores.to_string(),
    },
    Column {
        heading: "Executors",
        column: SortColumn::Executors,
        text: |r| fmt::group(u64::from(r.shape.executors)),
    },
    Column {
        heading: "Heap",
        column: SortColumn::Heap,
        text: |r| fmt::size(r.shape.heap_mib),
    },
    Column {
        heading: "Overhead",
        column: SortColumn::Overhead,
        text: |r| fmt::mib(r.shape.overhead_mib),
    },
    Column {
        heading: "Container",
        column: SortColumn::Container,
        text: |r| fmt::mib(r.shape.container_mib),
    },
    Column {
        heading: "Task slots",
        column: SortColumn::TaskSlots,
        text: |r| fmt::group(r.shape.task_slots),
    },
    Column {
        heading: "Memory per task slot",
        column: SortColumn::MemoryPerTaskSlot,
        text: per_task_text,
    },
    Column {
        heading: "Executors per node",
        column: SortColumn::ExecutorsPerNode,
        text: |r| fmt::group(r.shape.executors_per_node),
    },
    Column {
        heading: "Unused memory per node",
        column: SortColumn::UnusedMemoryPerNode,
        text: |r| fmt::size(r.shape.unused_memory_mib_per_node),
    },
    Column {
        heading: "Unused cores per node",
        column: SortColumn::UnusedCoresPerNode,
        text: |r| cores_words(r.shape.unused_cpu_millis_per_node),
    },
];

/// `1.4–2.8 GiB` (or `640 MiB – 1.2 GiB`): the range one running task gets.
pub fn range_words(min_bytes: u64, max_bytes: u64) -> String {
    let (lo, hi) = (fmt::size(min_bytes / MIB), fmt::size(max_bytes / MIB));
    match (lo.rsplit_once(' '), hi.rsplit_once(' ')) {
        (Some((n, unit)), Some((_, hi_unit))) if unit == hi_unit => format!("{n}–{hi}"),
        _ => format!("{lo} – {hi}"),
    }
}

fn per_task_text(r: &ExplorerRow) -> String {
    match (
        r.shape.per_task.map(|t| t.min_bytes),
        r.shape.per_task.map(|t| t.max_bytes),
    ) {
        (Some(min), Some(max)) => range_words(min, max),
        _ => "heap below 450 MiB".to_string(),
    }
}

fn cores_words(millis: u64) -> String {
    let cores = planner::format::cores(millis);
    format!("{cores} {}", if millis == 1000 { "core" } else { "cores" })
}

/// A guidance code's name in a table cell; the full reason is listed under the table.
fn short_name(code: &str) -> &'static str {
    match code {
        "many-cores-per-executor" => "more than 5 cores",
        "heap-without-compressed-oops" => "no compressed pointers",
        "large-heap" => "very large heap",
        "small-executor" => "small executor",
        "single-core-executor" => "1 core",
        _ => "see below",
    }
}

/// The marks of a row: the methods' choices, the current plan and whether it reaches the
/// memory target, in words.
fn marks(r: &ExplorerRow) -> Vec<&'static str> {
    let mut m = Vec::new();
    if r.rule_of_thumb {
        m.push("rule of thumb");
    }
    if r.spark_exact {
        m.push("Spark-exact");
    }
    if r.current {
        m.push("current plan");
    }
    if r.reaches_target {
        m.push("meets the memory target");
    }
    m
}

/// A row of the table as shown.
#[derive(Debug, Clone, PartialEq)]
struct RowView {
    cores: u32,
    current: bool,
    marks: Vec<&'static str>,
    /// The cells after the first two (cores with marks, Adopt).
    cells: Vec<String>,
    notes: String,
    /// The link of the scenario whose plan the row is (Adopt).
    adopt: String,
}

fn row_view(r: &ExplorerRow) -> RowView {
    let notes: Vec<&'static str> = r.guidance_codes.iter().map(|c| short_name(c)).collect();
    RowView {
        cores: r.shape.cores,
        current: r.current,
        marks: marks(r),
        cells: COLUMNS[1..].iter().map(|c| (c.text)(r)).collect(),
        notes: if notes.is_empty() {
            "—".to_string()
        } else {
            planner::text::join(&notes, ", ")
        },
        adopt: r.adopt_link.clone(),
    }
}

/// The explorer section: collapsed unless the link says open (`xo=1`).
#[component]
pub(crate) fn ExplorerSection(page: Page) -> impl IntoView {
    let shown = memo(move || page.form.with(|f| f.explorer));
    let open = memo(move || shown.with(|v| v.open));
    let explored = memo(move || {
        if !open.get() {
            return None;
        }
        let view = shown.get();
        page.settled.with(|f| {
            f.as_ref()
                .and_then(|f| planner::view::explorer(&f.read().scenario, view))
        })
    });
    // The link of the rows shown, whose times a run analysed gives.
    let link = memo(move || {
        explored
            .with(|e| e.as_ref().is_some_and(|e| !e.rows.is_empty()))
            .then(|| {
                page.settled.with(|f| {
                    f.as_ref()
                        .map(|f| planner::url::scenario_to_query(&f.read().scenario))
                })
            })
            .flatten()
    });
    let task_cpus = memo(move || {
        page.settled.with(|f| {
            f.as_ref()
                .map_or(1, |f| explorer::task_cpus_of(&f.read().scenario))
        })
    });
    // Opened or closed by the user (not by Back or Forward, which set the form first): the
    // link follows.
    let toggle = move |ev: leptos::ev::Event| {
        let is_open = event_target::<web_sys::HtmlDetailsElement>(&ev).open();
        if is_open != open.get_untracked() {
            page.edit_form(|f| f.explorer.open = is_open);
        }
    };
    view! {
        <section class="card" id="explorer">
            <details id="explorer-details" prop:open=move || open.get() on:toggle=toggle>
                <summary><h2>"Fat or slim: every executor shape"</h2></summary>
                <div class="explorer-body">
                    <Body page shown explored link/>
                    <FatOrSlim task_cpus/>
                </div>
            </details>
        </section>
    }
}

/// What the explorer's body shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shown {
    Nothing,
    NoShape,
    Rows { emr: bool },
}

/// The explorer's body for a sweep: the chart, the table, the guidance.
#[component]
fn Body(
    page: Page,
    shown: Part<ExplorerView>,
    explored: Part<Option<ExplorerTable>>,
    link: Part<Option<String>>,
) -> impl IntoView {
    let what = memo(move || {
        explored.with(|e| match e {
            Some(e) if !e.rows.is_empty() => Shown::Rows {
                emr: e.manager == planner::ClusterManager::Emr,
            },
            Some(_) => Shown::NoShape,
            None => Shown::Nothing,
        })
    });
    dynamic(move || {
        match what.get() {
        Shown::Nothing => ().into_any(),
        Shown::NoShape => {
            view! { <p class="muted">"No executor shape fits these nodes."</p> }.into_any()
        }
        Shown::Rows { emr } => view! {
            {emr.then(|| view! {
                <p class="muted" id="explorer-emr-note">"On EMR each row is an executor request. With spark.yarn.heterogeneousExecutors.enabled (EMR's default), EMR merges the requests that land on one node into one larger executor: the plan above shows what launches."</p>
            })}
            <Chart explored/>
            <Table page shown explored link/>
            <h3 class="subhead">"What the shapes trigger"</h3>
            <Guidance explored/>
        }
        .into_any(),
    }
    })
}

/// The sortable table, one row per shape keyed by its cores (in the order the view sorts
/// them: a new sort moves the rows).
#[component]
fn Table(
    page: Page,
    shown: Part<ExplorerView>,
    explored: Part<Option<ExplorerTable>>,
    link: Part<Option<String>>,
) -> impl IntoView {
    // With a run shown, each row's cells end with its time and core-hours (`timed`).
    let rows = memo(move || {
        let link = link.get();
        page.run_shown.with(|run| {
            let run = crate::analysis::RunShown::of_text(run);
            timed::ask_for_times(run.as_ref(), link.as_deref());
            explored.with(|e| {
                e.as_ref().map_or_else(Vec::new, |e| {
                    let row = |r| {
                        let mut v = row_view(r);
                        v.cells
                            .extend(timed::timed_cells(run.as_ref(), link.as_deref(), v.cores));
                        v
                    };
                    e.rows.iter().map(row).collect::<Vec<_>>()
                })
            })
        })
    });
    // What a run's columns mean (the section's words; empty: no run, no columns).
    let run_note = memo(move || {
        page.run_shown.with(|r| {
            crate::analysis::RunShown::of_text(r)
                .map(|r| r.note)
                .unwrap_or_default()
        })
    });
    let header = move |(i, c): (usize, &'static Column)| {
        view! {
            <SortHeader page view_of=shown column=c/>
            {(i == 0).then(|| view! { <th scope="col">"Plan"</th> })}
        }
    };
    view! {
        <p class="muted">"Each shape gets the largest heap that still fits its executors on a node. Memory per task slot: the execution memory one running task gets with every slot busy, from what it is guaranteed to the most it may take."</p>
        <p class="note" id="explorer-run-note" hidden=attr(move || run_note.with(String::is_empty).then_some(""))>
            {text(move || run_note.get())}
        </p>
        <div class="table-scroll" tabindex="0" role="region" aria-label="Executor shapes">
            // The two columns of a run's times are there only while a run is shown (CSS).
            <table id="explorer-table" class=text(move || if run_note.with(String::is_empty) { "explorer-table" } else { "explorer-table with-run" })>
                <caption class="offscreen">"Executor shapes, one per cores-per-executor count"</caption>
                <thead>
                    <tr>
                        {COLUMNS.iter().enumerate().map(header).collect_view()}
                        <th scope="col" class="timed">"Estimated time"</th>
                        <th scope="col" class="timed">"Core-hours reserved"</th>
                        <th scope="col">"Notes"</th>
                    </tr>
                </thead>
                <tbody>
                    {keyed_by_number(move || rows.with(|r| r.iter().map(|r| r.cores as usize).collect()), move |cores| view! {
                        <Row page row=memo(move || rows.with(|r| r.iter().find(|r| r.cores as usize == cores).cloned()))/>
                    }.into_any())}
                </tbody>
            </table>
        </div>
    }
}

/// A column's header: a button that sorts by it (again: the other way); `aria-sort` says the
/// order shown. The sort is the link's (`xs`), so Back and Forward restore it with the plan.
#[component]
fn SortHeader(page: Page, view_of: Part<ExplorerView>, column: &'static Column) -> impl IntoView {
    let state = move || {
        let v = view_of.get();
        match (v.sort == column.column, v.descending) {
            (false, _) => ("none", ""),
            (true, false) => ("ascending", "▲"),
            (true, true) => ("descending", "▼"),
        }
    };
    let sort = move |_| {
        page.edit_form(|f| {
            let view = &mut f.explorer;
            view.descending = view.sort == column.column && !view.descending;
            view.sort = column.column;
        });
    };
    view! {
        <th scope="col" aria-sort=text(move || state().0)>
            <button type="button" class="sort" on:click=sort>
                {column.heading}
                <span class="arrow" aria-hidden="true">{text(move || state().1)}</span>
            </button>
        </th>
    }
}

/// A row of the table; its Adopt button makes the row the plan.
#[component]
fn Row(page: Page, row: Part<Option<RowView>>) -> impl IntoView {
    let current = move || row.with(|r| r.as_ref().is_some_and(|r| r.current));
    let cores = move || row.with(|r| r.as_ref().map_or(0, |r| r.cores));
    let marks = memo(move || row.with(|r| r.as_ref().map(|r| r.marks.clone()).unwrap_or_default()));
    // The current row's button says so and does nothing, but stays focusable: after Adopt the
    // keyboard focus stays on the button pressed (a disabled button would drop it to the page).
    let word = move || if current() { "Current" } else { "Adopt" };
    let adopt = move |_| {
        if let Some(r) = row.get_untracked().filter(|r| !r.current) {
            page.open_query(&r.adopt);
        }
    };
    // The columns after the first two, then a run's time and core-hours.
    let cells = (0..COLUMNS.len() + 1)
        .map(|i| {
            view! { <td>{text(move || row.with(|r| r.as_ref().and_then(|r| r.cells.get(i).cloned()).unwrap_or_default()))}</td> }
        })
        .collect_view();
    view! {
        <tr class=attr(move || current().then_some("current")) aria-current=attr(move || current().then_some("true"))
            data-cores=text(cores)>
            <th scope="row">
                <span class="num">{text(cores)}</span>
                {keyed_by_text(move || marks.with(|m| m.iter().map(|m| m.to_string()).collect()), move |m| view! {
                    <span class="mark">{m}</span>
                }.into_any())}
            </th>
            <td>
                // The visible word first, so that speech input finds the button by what it shows.
                <button type="button" class="adopt" data-adopt=text(cores)
                    aria-label=text(move || format!("{} {} per executor", word(), cores_words(u64::from(cores()) * 1000)))
                    aria-disabled=attr(move || current().then_some("true"))
                    on:click=adopt>
                    {text(word)}
                </button>
            </td>
            {cells}
            <td class="notes">{text(move || row.with(|r| r.as_ref().map(|r| r.notes.clone()).unwrap_or_default()))}</td>
        </tr>
    }
}

/// The distinct guidance of the rows.
#[component]
fn Guidance(explored: Part<Option<ExplorerTable>>) -> impl IntoView {
    let items =
        memo(move || explored.with(|e| e.as_ref().map(|e| e.guidance.clone()).unwrap_or_default()));
    view! {
        <ul class="guidance" id="explorer-guidance">
            {keyed_by_text(move || items.with(|i| i.iter().map(|w| w.code.clone()).collect()), move |code| view! {
                <GuidanceItem item=memo(move || items.with(|i| i.iter().find(|w| w.code == code).cloned()))/>
            }.into_any())}
        </ul>
    }
}

#[component]
fn GuidanceItem(item: Part<Option<Finding>>) -> impl IntoView {
    let read =
        move |f: fn(&Finding) -> String| item.with(|w| w.as_ref().map(f).unwrap_or_default());
    view! {
        <li data-code=text(move || read(|w| w.code.clone()))>
            <strong>{text(move || read(|w| format!("{} ({})", short_name(&w.code), w.severity.word())))}</strong>
            ": "
            {text(move || read(|w| w.message.clone()))}
        </li>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_name_their_unit_once_when_both_ends_share_it() {
        assert_eq!(range_words(415 * MIB, 831 * MIB), "415–831 MiB");
        assert_eq!(range_words(591 * MIB, 1229 * MIB), "591 MiB – 1.2 GiB");
        assert_eq!(range_words(1126 * MIB, 2150 * MIB), "1.1–2.1 GiB");
    }

    #[test]
    fn a_row_marks_the_methods_and_the_current_plan() {
        let scenario = planner::scenario::Scenario::default();
        let e = planner::view::explorer(&scenario, ExplorerView::default()).expect("case 1 sweeps");
        let five = e
            .rows
            .iter()
            .find(|r| r.shape.cores == 5)
            .expect("5 cores fit");
        let v = row_view(five);
        assert!(v.current, "{v:?}");
        assert!(v.marks.contains(&"Spark-exact") && v.marks.contains(&"current plan"));
        assert_eq!(v.cells.len(), COLUMNS.len() - 1);
        assert_eq!(v.cells[0], "17");
        assert!(v.adopt.starts_with("v=1"), "{}", v.adopt);
    }
}
