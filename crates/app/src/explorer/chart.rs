//! The explorer's chart: task slots (bars), memory per task slot (line, with its guaranteed
//! floor dashed) and unused memory per node (dotted), each scaled to its own largest value,
//! against cores per executor. The table is its text alternative.

use leptos::prelude::*;
use planner::units::MIB;
use planner::view::{ExplorerRow, ExplorerTable};

use crate::fmt;
use crate::fmt::svg_number as num;
use crate::layout::item_memo;
use crate::reactive::{indexed, memo, text, Part};

const W: f64 = 640.0;
const H: f64 = 260.0;
const LEFT: f64 = 48.0;
const TOP: f64 = 24.0;
const BOTTOM: f64 = 36.0;

/// One bar and its tick, as drawn.
#[derive(Debug, Clone, Default, PartialEq)]
struct ChartBar {
    current: bool,
    x: String,
    y: String,
    width: String,
    height: String,
    tick_x: String,
    cores: u32,
}

/// The chart as drawn.
#[derive(Debug, Clone, Default, PartialEq)]
struct ChartView {
    label: String,
    bars: Vec<ChartBar>,
    per_task_max: String,
    per_task_min: String,
    unused: String,
    keys: [String; 3],
}

fn chart_view(e: &ExplorerTable) -> ChartView {
    // The chart's x axis is cores per executor, whatever order the table is sorted in. An
    // insertion by cores, as `planner::explorer::sorted_rows` orders the table: a few dozen
    // rows, and std's stable sort would add about 3.5 KB of code to the page.
    let mut rows: Vec<&ExplorerRow> = Vec::with_capacity(e.rows.len());
    for r in &e.rows {
        let at = rows
            .iter()
            .position(|o| r.shape.cores < o.shape.cores)
            .unwrap_or(rows.len());
        rows.insert(at, r);
    }
    let n = rows.len().max(1) as f64;
    let step = (W - LEFT - 16.0) / n;
    let plot_h = H - TOP - BOTTOM;
    let top =
        |f: fn(&ExplorerRow) -> u64| rows.iter().map(|r| f(r)).max().unwrap_or(0).max(1) as f64;
    let (slots_max, mem_max, unused_max) = (
        top(|r| r.shape.task_slots),
        top(|r| r.shape.per_task.map(|t| t.max_bytes).unwrap_or(0)),
        top(|r| r.shape.unused_memory_mib_per_node),
    );
    let x = |i: usize| LEFT + step * (i as f64 + 0.5);
    let y = |v: u64, max: f64| TOP + plot_h * (1.0 - v as f64 / max);
    let line = |f: &dyn Fn(&ExplorerRow) -> u64, max: f64| {
        let points: Vec<String> = rows
            .iter()
            .enumerate()
            .map(|(i, r)| format!("{},{}", num(x(i)), num(y(f(r), max))))
            .collect();
        planner::text::join(&points, " ")
    };
    let bars = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let (bx, by) = (x(i) - step * 0.35, y(r.shape.task_slots, slots_max));
            ChartBar {
                current: r.current,
                x: num(bx),
                y: num(by),
                width: num(step * 0.7),
                height: num(TOP + plot_h - by),
                tick_x: num(x(i)),
                cores: r.shape.cores,
            }
        })
        .collect();
    let (slots, memory, unused) = (
        fmt::group(slots_max as u64),
        fmt::size(mem_max as u64 / MIB),
        fmt::size(unused_max as u64),
    );
    ChartView {
        label: format!(
            "Task slots (bars, up to {slots}), memory per task slot (solid line, up to {memory}) and unused memory per node (dotted, up to {unused}) for 1 to {} cores per executor; the table below lists every number.",
            rows.last().map_or(0, |r| r.shape.cores)
        ),
        bars,
        per_task_max: line(&|r| r.shape.per_task.map(|t| t.max_bytes).unwrap_or(0), mem_max),
        per_task_min: line(&|r| r.shape.per_task.map(|t| t.min_bytes).unwrap_or(0), mem_max),
        unused: line(&|r| r.shape.unused_memory_mib_per_node, unused_max),
        keys: [
            format!("task slots (top: {slots})"),
            format!("memory per task slot, most (top: {memory})"),
            format!("unused memory per node (top: {unused})"),
        ],
    }
}

/// The chart of a sweep.
#[component]
pub(crate) fn Chart(explored: Part<Option<ExplorerTable>>) -> impl IntoView {
    let v = memo(move || explored.with(|e| e.as_ref().map(chart_view).unwrap_or_default()));
    let bars = memo(move || v.with(|v| v.bars.clone()));
    let axis_y = num(TOP + (H - TOP - BOTTOM));
    view! {
        <figure class="explorer-chart">
            <svg viewBox="0 0 640 260" role="img" aria-label=text(move || v.with(|v| v.label.clone())) id="explorer-chart">
                <line class="axis" x1=num(LEFT) y1=axis_y.clone() x2=num(W - 16.0) y2=axis_y></line>
                {indexed(move || bars.with(Vec::len), move |i| view! {
                    <BarView bar=item_memo(bars, i)/>
                }.into_any())}
                <polyline class="per-task" points=text(move || v.with(|v| v.per_task_max.clone()))></polyline>
                <polyline class="per-task-min" points=text(move || v.with(|v| v.per_task_min.clone()))></polyline>
                <polyline class="unused" points=text(move || v.with(|v| v.unused.clone()))></polyline>
                // 20 px under the ticks' baseline: the axis label and the numbers do not touch.
                <text class="tick" x=num(LEFT) y=num(H - 2.0)>"cores per executor →"</text>
            </svg>
            <figcaption class="legend">
                <span class="key key-bar">{text(move || v.with(|v| v.keys[0].clone()))}</span>
                <span class="key key-per-task">{text(move || v.with(|v| v.keys[1].clone()))}</span>
                <span class="key key-per-task-min">"guaranteed"</span>
                <span class="key key-unused">{text(move || v.with(|v| v.keys[2].clone()))}</span>
            </figcaption>
        </figure>
    }
}

/// One bar of task slots and its tick.
#[component]
fn BarView(bar: Part<ChartBar>) -> impl IntoView {
    let tick_y = num(H - BOTTOM + 14.0);
    view! {
        <rect class=text(move || if bar.with(|b| b.current) { "bar current" } else { "bar" })
            x=text(move || bar.with(|b| b.x.clone())) y=text(move || bar.with(|b| b.y.clone()))
            width=text(move || bar.with(|b| b.width.clone())) height=text(move || bar.with(|b| b.height.clone()))></rect>
        <text class="tick" x=text(move || bar.with(|b| b.tick_x.clone())) y=tick_y>{text(move || bar.with(|b| b.cores))}</text>
    }
}
