//! The trade-off explorer, collapsed under the plan: every executor shape for the cluster on
//! the form as a sortable table (the current shape highlighted, the methods' choices marked,
//! "Adopt" to make a row the plan), an SVG chart of task slots and memory per task slot
//! against cores per executor, and seed 001's 50 GB fat-or-slim split side by side. The sweep
//! runs only while the section is open, so typing stays as fast as without it.

use leptos::prelude::*;
use planner::explorer::{self, Explorer, ExplorerView, ShapeRow, SortColumn};
use planner::presets::fat_or_slim;
use planner::units::MIB;
use planner::Code;

use crate::browser;
use crate::fields::Ctx;
use crate::fmt;
use crate::form::Form;
use crate::html;

/// A sortable column: its heading, the planner's column (what it sorts by, its name in the
/// link) and the text of a cell.
struct Column {
    heading: &'static str,
    column: SortColumn,
    text: fn(&ShapeRow) -> String,
}

const COLUMNS: &[Column] = &[
    Column {
        heading: "Cores per executor",
        column: SortColumn::Cores,
        text: |r| r.cores.to_string(),
    },
    Column {
        heading: "Executors",
        column: SortColumn::Executors,
        text: |r| fmt::group(u64::from(r.executors)),
    },
    Column {
        heading: "Heap",
        column: SortColumn::Heap,
        text: |r| fmt::size(r.heap_mib),
    },
    Column {
        heading: "Overhead",
        column: SortColumn::Overhead,
        text: |r| fmt::mib(r.overhead_mib),
    },
    Column {
        heading: "Container",
        column: SortColumn::Container,
        text: |r| fmt::mib(r.container_mib),
    },
    Column {
        heading: "Task slots",
        column: SortColumn::TaskSlots,
        text: |r| fmt::group(r.task_slots),
    },
    Column {
        heading: "Memory per task slot",
        column: SortColumn::MemoryPerTaskSlot,
        text: per_task_text,
    },
    Column {
        heading: "Executors per node",
        column: SortColumn::ExecutorsPerNode,
        text: |r| fmt::group(r.executors_per_node),
    },
    Column {
        heading: "Unused memory per node",
        column: SortColumn::UnusedMemoryPerNode,
        text: |r| fmt::size(r.unused_memory_mib_per_node),
    },
    Column {
        heading: "Unused cores per node",
        column: SortColumn::UnusedCoresPerNode,
        text: |r| cores_words(r.unused_cpu_millis_per_node),
    },
];

/// `1.4–2.8 GiB` (or `640 MiB – 1.2 GiB`): the range one running task gets.
fn range_words(min_bytes: u64, max_bytes: u64) -> String {
    let (lo, hi) = (fmt::size(min_bytes / MIB), fmt::size(max_bytes / MIB));
    match (lo.rsplit_once(' '), hi.rsplit_once(' ')) {
        (Some((n, unit)), Some((_, hi_unit))) if unit == hi_unit => format!("{n}–{hi}"),
        _ => format!("{lo} – {hi}"),
    }
}

fn per_task_text(r: &ShapeRow) -> String {
    r.per_task.map_or("heap below 450 MiB".to_string(), |t| {
        range_words(t.min_bytes, t.max_bytes)
    })
}

fn cores_words(millis: u64) -> String {
    let cores = planner::format::cores(millis);
    format!("{cores} {}", if millis == 1000 { "core" } else { "cores" })
}

/// A guidance code's name in a table cell; the full reason is listed under the table.
fn short_name(code: Code) -> &'static str {
    match code {
        Code::ManyCoresPerExecutor => "more than 5 cores",
        Code::HeapWithoutCompressedOops => "no compressed pointers",
        Code::LargeHeap => "very large heap",
        Code::SmallExecutor => "small executor",
        Code::SingleCoreExecutor => "1 core",
        _ => "see below",
    }
}

/// The marks of a row: the methods' choices, the current plan and whether it reaches the
/// memory target, in words.
fn marks(e: &Explorer, r: &ShapeRow) -> Vec<&'static str> {
    let cores = r.cores;
    let mut m = Vec::new();
    if e.rule_of_thumb_cores == Some(cores) {
        m.push("rule of thumb");
    }
    if e.spark_exact_cores == Some(cores) {
        m.push("Spark-exact");
    }
    if e.is_current(r) {
        m.push("current plan");
    }
    if e.reaches_target(r) {
        m.push("meets the memory target");
    }
    m
}

fn adopt(ctx: Ctx, row: ShapeRow) {
    let (scenario, view) = ctx.form.with_untracked(|f| (f.read().scenario, f.explorer));
    let mut adopted = Form::from_scenario(&explorer::adopt(&scenario, &row));
    adopted.explorer = view;
    ctx.form.set(adopted);
    browser::push_query(&ctx.form.with_untracked(Form::to_query));
}

/// A row of the table, as HTML; its Adopt button says its row's cores (`data-adopt`, read by
/// [`explorer_click`]).
fn table_row(out: &mut String, e: &Explorer, r: &ShapeRow) {
    let current = e.is_current(r);
    let marks: String = marks(e, r)
        .into_iter()
        .map(|m| format!(r#"<span class="mark">{m}</span>"#))
        .collect();
    let notes: Vec<&'static str> = explorer::guidance(r, e.manager)
        .iter()
        .map(|w| short_name(w.code))
        .collect();
    let notes = if notes.is_empty() {
        "—".to_string()
    } else {
        notes.join(", ")
    };
    // The current row's button says so and does nothing, but stays focusable: after Adopt the
    // keyboard focus stays on the button pressed (a disabled button would drop it to the page).
    let (row, button, word) = if current {
        (
            r#" class="current" aria-current="true""#,
            r#" aria-disabled="true""#,
            "Current",
        )
    } else {
        ("", "", "Adopt")
    };
    // The visible word first, so that speech input finds the button by what it shows.
    let label = format!(
        "{word} {} per executor",
        cores_words(u64::from(r.cores) * 1000)
    );
    out.push_str(&format!(
        r#"<tr{row} data-cores="{c}"><th scope="row"><span class="num">{c}</span>{marks}</th><td><button type="button" class="adopt" aria-label="{label}"{button} data-adopt="{c}">{word}</button></td>"#,
        c = r.cores
    ));
    for c in &COLUMNS[1..] {
        html::text(out, "td", "", &(c.text)(r));
    }
    html::text(out, "td", r#" class="notes""#, &notes);
    out.push_str("</tr>");
}

/// A column's header: a button that sorts by it (again: the other way; `data-sort`, the
/// column's name, read by [`explorer_click`]); `aria-sort` says the order shown.
fn header(out: &mut String, shown: ExplorerView, c: &Column) {
    let (aria, arrow) = match (shown.sort == c.column, shown.descending) {
        (false, _) => ("none", ""),
        (true, false) => ("ascending", "▲"),
        (true, true) => ("descending", "▼"),
    };
    out.push_str(&format!(
        r#"<th scope="col" aria-sort="{aria}"><button type="button" class="sort" data-sort="{}">{}<span class="arrow" aria-hidden="true">{arrow}</span></button></th>"#,
        c.column.key(),
        c.heading
    ));
}

fn table(out: &mut String, e: &Explorer, shown: ExplorerView) {
    out.push_str(r#"<p class="muted">Each shape gets the largest heap that still fits its executors on a node. Memory per task slot: the execution memory one running task gets with every slot busy, from what it is guaranteed to the most it may take.</p><div class="table-scroll" tabindex="0" role="region" aria-label="Executor shapes"><table class="explorer-table" id="explorer-table"><caption class="offscreen">Executor shapes, one per cores-per-executor count</caption><thead><tr>"#);
    for (i, c) in COLUMNS.iter().enumerate() {
        header(out, shown, c);
        if i == 0 {
            out.push_str(r#"<th scope="col">Plan</th>"#);
        }
    }
    out.push_str(r#"<th scope="col">Notes</th></tr></thead><tbody>"#);
    for r in explorer::sorted_rows(&e.rows, shown) {
        table_row(out, e, &r);
    }
    out.push_str("</tbody></table></div>");
}

/// The distinct guidance of the rows, each with the reason of the first row that triggers it.
fn guidance_list(e: &Explorer) -> String {
    let mut seen: Vec<Code> = Vec::new();
    let items = e
        .rows
        .iter()
        .flat_map(|r| explorer::guidance(r, e.manager))
        .filter(|w| {
            let new = !seen.contains(&w.code);
            seen.push(w.code);
            new
        })
        .fold(String::new(), |mut out, w| {
            out.push_str(&format!(r#"<li data-code="{}">"#, w.code.as_str()));
            html::text(
                &mut out,
                "strong",
                "",
                &format!("{} ({})", short_name(w.code), w.severity.word()),
            );
            out.push_str(": ");
            html::push_escaped(&mut out, &w.message);
            out.push_str("</li>");
            out
        });
    format!(r#"<ul class="guidance" id="explorer-guidance">{items}</ul>"#)
}

/// The chart: task slots (bars), memory per task slot (line, with its guaranteed floor dashed)
/// and unused memory per node (dotted), each scaled to its own largest value, against cores per
/// executor. The table is its text alternative.
fn chart(e: &Explorer) -> String {
    const W: f64 = 640.0;
    const H: f64 = 260.0;
    const LEFT: f64 = 48.0;
    const TOP: f64 = 24.0;
    const BOTTOM: f64 = 36.0;
    let n = e.rows.len().max(1) as f64;
    let step = (W - LEFT - 16.0) / n;
    let plot_h = H - TOP - BOTTOM;
    let top = |f: fn(&ShapeRow) -> u64| e.rows.iter().map(f).max().unwrap_or(0).max(1) as f64;
    let (slots_max, mem_max, unused_max) = (
        top(|r| r.task_slots),
        top(|r| r.per_task.map_or(0, |t| t.max_bytes)),
        top(|r| r.unused_memory_mib_per_node),
    );
    let x = |i: usize| LEFT + step * (i as f64 + 0.5);
    let y = |v: u64, max: f64| TOP + plot_h * (1.0 - v as f64 / max);
    let line = |f: &dyn Fn(&ShapeRow) -> u64, max: f64| {
        e.rows
            .iter()
            .enumerate()
            .map(|(i, r)| format!("{},{}", num(x(i)), num(y(f(r), max))))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut bars = String::new();
    for (i, r) in e.rows.iter().enumerate() {
        let class = if e.is_current(r) {
            "bar current"
        } else {
            "bar"
        };
        let (bx, by) = (x(i) - step * 0.35, y(r.task_slots, slots_max));
        bars.push_str(&format!(
            r#"<rect class="{class}" x="{}" y="{}" width="{}" height="{}"></rect><text class="tick" x="{}" y="{}">{}</text>"#,
            num(bx),
            num(by),
            num(step * 0.7),
            num(TOP + plot_h - by),
            num(x(i)),
            num(H - BOTTOM + 14.0),
            r.cores
        ));
    }
    let per_task_max = line(&|r| r.per_task.map_or(0, |t| t.max_bytes), mem_max);
    let per_task_min = line(&|r| r.per_task.map_or(0, |t| t.min_bytes), mem_max);
    let unused = line(&|r| r.unused_memory_mib_per_node, unused_max);
    let label = format!(
        "Task slots (bars, up to {}), memory per task slot (solid line, up to {}) and unused memory per node (dotted, up to {}) for 1 to {} cores per executor; the table below lists every number.",
        fmt::group(slots_max as u64),
        fmt::size(mem_max as u64 / MIB),
        fmt::size(unused_max as u64),
        e.rows.last().map_or(0, |r| r.cores)
    );
    let plot = format!(
        r#"<line class="axis" x1="{}" y1="{}" x2="{}" y2="{}"></line>{bars}<polyline class="per-task" points="{per_task_max}"></polyline><polyline class="per-task-min" points="{per_task_min}"></polyline><polyline class="unused" points="{unused}"></polyline><text class="tick" x="{}" y="{}">cores per executor →</text>"#,
        num(LEFT),
        num(TOP + plot_h),
        num(W - 16.0),
        num(TOP + plot_h),
        num(LEFT),
        // 20 px under the ticks' baseline: the axis label and the numbers do not touch.
        num(H - 2.0),
    );
    let keys = format!(
        r#"<span class="key key-bar">task slots (top: {})</span><span class="key key-per-task">memory per task slot, most (top: {})</span><span class="key key-per-task-min">guaranteed</span><span class="key key-unused">unused memory per node (top: {})</span>"#,
        fmt::group(slots_max as u64),
        fmt::size(mem_max as u64 / MIB),
        fmt::size(unused_max as u64),
    );
    format!(
        r#"<figure class="explorer-chart"><svg viewBox="0 0 640 260" role="img" aria-label="{}" id="explorer-chart">{plot}</svg><figcaption class="legend">{keys}</figcaption></figure>"#,
        html::escape(&label)
    )
}

/// An SVG coordinate with one decimal.
fn num(v: f64) -> String {
    planner::fixed::format_fixed(v, 1)
}

/// Seed 001's 50 GB, as 10 × 5 GB and as 5 × 10 GB, per task, with the form's
/// `spark.task.cpus`.
fn fat_or_slim_view(task_cpus: u32) -> String {
    let f = fat_or_slim();
    let cols = f
        .splits
        .map(|s| explorer::split_numbers(s, f.cores_per_executor, task_cpus));
    fn per_task(c: &explorer::SplitNumbers) -> String {
        c.per_task
            .map_or("—".to_string(), |t| range_words(t.min_bytes, t.max_bytes))
    }
    type Line = (&'static str, fn(&explorer::SplitNumbers) -> String);
    let lines: [Line; 5] = [
        ("Task slots", |c| fmt::group(c.task_slots)),
        ("Memory per task slot, all slots busy", per_task),
        (
            "Room for a broadcast table in each executor (storage region)",
            |c| fmt::size(c.storage_bytes / MIB),
        ),
        ("Copies of a broadcast table", |c| {
            fmt::group(u64::from(c.split.executors))
        }),
        ("Most one task can use alone (a skewed key)", |c| {
            fmt::size(c.unified_bytes / MIB)
        }),
    ];
    let mut table = String::from("<thead><tr>");
    html::text(
        &mut table,
        "th",
        r#" scope="col""#,
        &if task_cpus > 1 {
            format!(
                "{} cores per executor, {task_cpus} CPUs per task",
                f.cores_per_executor
            )
        } else {
            format!("{} cores per executor", f.cores_per_executor)
        },
    );
    for c in &cols {
        let kind = if c.split.executors > f.splits[0].executors.min(f.splits[1].executors) {
            "slim"
        } else {
            "fat"
        };
        let heading = format!("{} × {} GB ({kind})", c.split.executors, c.split.heap_gib);
        html::text(&mut table, "th", r#" scope="col""#, &heading);
    }
    table.push_str("</tr></thead><tbody>");
    for (label, text) in lines {
        table.push_str("<tr>");
        html::text(&mut table, "th", r#" scope="row""#, label);
        for c in &cols {
            html::text(&mut table, "td", "", &text(c));
        }
        table.push_str("</tr>");
    }
    table.push_str("</tbody>");
    format!(
        r#"<h3 class="subhead" id="{}">Fat or slim: {} GB of executor memory two ways</h3><table class="compare fat-or-slim" id="fat-or-slim">{table}</table><p class="muted">A map-side join needs the whole table in every executor: fat executors hold a larger one, and fewer copies. Skewed keys need memory in one task: a fat executor gives its busiest task more. Slim executors run more tasks at once.</p>"#,
        f.id, f.total_gib
    )
}

/// The explorer's body for a sweep: the chart, the table, the guidance, as HTML.
fn body_html(e: Option<&Explorer>, view: ExplorerView) -> String {
    let mut out = String::new();
    match e {
        Some(e) if !e.rows.is_empty() => {
            if e.manager == planner::ClusterManager::Emr {
                out.push_str(r#"<p class="muted" id="explorer-emr-note">On EMR each row is an executor request. With spark.yarn.heterogeneousExecutors.enabled (EMR's default), EMR merges the requests that land on one node into one larger executor: the plan above shows what launches.</p>"#);
            }
            out.push_str(&chart(e));
            table(&mut out, e, view);
            out.push_str(r#"<h3 class="subhead">What the shapes trigger</h3>"#);
            out.push_str(&guidance_list(e));
        }
        Some(_) => out.push_str(r#"<p class="muted">No executor shape fits these nodes.</p>"#),
        None => {}
    }
    out
}

/// A click in the explorer: a sort button (`data-sort`: its column, again: the other way) or
/// an Adopt button (`data-adopt`: its row's cores). The sort is the link's (`xs`), so Back and
/// Forward restore it with the plan.
fn explorer_click(ctx: Ctx, explored: Memo<Option<Explorer>>, ev: &leptos::ev::MouseEvent) {
    use wasm_bindgen::JsCast;
    let Some(el) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|t| t.closest("[data-sort],[data-adopt]").ok().flatten())
    else {
        return;
    };
    let sort = el.get_attribute("data-sort");
    if let Some(column) = sort.as_deref().and_then(SortColumn::from_key) {
        ctx.edit_form(|f| {
            let view = &mut f.explorer;
            view.descending = view.sort == column && !view.descending;
            view.sort = column;
        });
    } else if let Some(cores) = el
        .get_attribute("data-adopt")
        .filter(|_| !el.has_attribute("aria-disabled"))
        .and_then(|v| v.parse::<u32>().ok())
    {
        let row = explored.with_untracked(|e| {
            e.as_ref()
                .and_then(|e| e.rows.iter().find(|r| r.cores == cores).copied())
        });
        if let Some(row) = row {
            adopt(ctx, row);
        }
    }
}

/// The explorer section: collapsed unless the link says open (`xo=1`); the sweep runs while it
/// is open.
/// Its body is built a frame after the form changes (`built`, lib.rs), as the other sections
/// under the answer, and like them shows the last plan while a field is being fixed
/// (`last_form`): the table does not vanish, and the page does not jump, on one bad keystroke.
pub fn explorer_section(
    ctx: Ctx,
    last_form: Memo<Option<Form>>,
    built: RwSignal<bool>,
) -> impl IntoView {
    let open = move || ctx.form.with(|f| f.explorer.open);
    let explored = Memo::new(move |_| {
        if !open() {
            return None;
        }
        last_form.with(|f| {
            f.as_ref()
                .and_then(|f| explorer::explore(&f.read().scenario))
        })
    });
    let body = move || {
        built.track();
        untrack(|| {
            let (task_cpus, view) = ctx
                .form
                .with(|f| (explorer::task_cpus_of(&f.read().scenario), f.explorer));
            explored.with(|e| body_html(e.as_ref(), view)) + &fat_or_slim_view(task_cpus)
        })
    };
    // Opened or closed by the user (not by Back or Forward, which set the form first): the
    // link follows.
    let toggle = move |ev: leptos::ev::Event| {
        use wasm_bindgen::JsCast;
        let is_open = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| el.has_attribute("open"));
        if is_open != ctx.form.with_untracked(|f| f.explorer.open) {
            ctx.edit_form(|f| f.explorer.open = is_open);
        }
    };
    // The link's open state onto the element (a page load, Back, Forward). An effect of a few
    // lines: a reactive `open` property in the view costs the page about 1.5 KB.
    Effect::new(move |_| {
        let open = open();
        if let Some(details) = document().get_element_by_id("explorer-details") {
            let _ = if open {
                details.set_attribute("open", "")
            } else {
                details.remove_attribute("open")
            };
        }
    });
    html::morph_into(".explorer-body", body);
    view! {
        <section class="card" id="explorer">
            <details id="explorer-details" on:toggle=toggle>
                <summary><h2>"Fat or slim: every executor shape"</h2></summary>
                <div class="explorer-body" on:click=move |ev| explorer_click(ctx, explored, &ev)></div>
            </details>
        </section>
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
}
