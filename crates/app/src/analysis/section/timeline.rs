//! The run's timeline: the task slots its executors held (a step line) and the tasks running in
//! them (a filled step area) over the run, so that idle slots show as the gap between the two.
//! The executors section's words below it say the same in numbers.

use eventlog::format::duration;
use eventlog::view::TimelineView;
use leptos::prelude::*;
use planner::format::group;

use crate::fmt::svg_number as num;

const W: f64 = 640.0;
const H: f64 = 200.0;
const LEFT: f64 = 16.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 36.0;

/// A step path through `(at_ms, value)` points, each value held until the next point, from the
/// axis at the start to the axis at the end (`close`: back along the axis, for an area).
fn steps(points: &[(u64, u32)], run_ms: u64, top: u32, close: bool) -> String {
    let x = |ms: u64| LEFT + (W - LEFT - RIGHT) * (ms.min(run_ms) as f64 / run_ms.max(1) as f64);
    let y = |v: u32| TOP + (H - TOP - BOTTOM) * (1.0 - f64::from(v) / f64::from(top.max(1)));
    let base = num(y(0));
    let mut d = format!("M{},{base}", num(x(0)));
    for (at, v) in points {
        d.push_str(&format!(" H{} V{}", num(x(*at)), num(y(*v))));
    }
    d.push_str(&format!(" H{}", num(x(run_ms))));
    if close {
        d.push_str(&format!(" V{base} Z"));
    }
    d
}

/// The timeline of a run.
#[component]
pub(super) fn Timeline(timeline: TimelineView) -> impl IntoView {
    let top = timeline
        .points
        .iter()
        .map(|p| p.2)
        .max()
        .unwrap_or(0)
        .max(1);
    let held: Vec<(u64, u32)> = timeline.points.iter().map(|p| (p.0, p.2)).collect();
    let busy: Vec<(u64, u32)> = timeline.points.iter().map(|p| (p.0, p.3)).collect();
    let most_busy = timeline.points.iter().map(|p| p.3).max().unwrap_or(0);
    let run = duration(timeline.run_ms);
    let busy_share = eventlog::words::permille(timeline.busy_permille);
    let label = format!(
        "Task slots held by the executors (line, up to {}) and tasks running in them (filled, up to {}) over the run's {run}; slots were busy {busy_share} of the time they were held.",
        group(u64::from(top)),
        group(u64::from(most_busy)),
    );
    let axis_y = num(H - BOTTOM);
    let tick_y = num(H - BOTTOM + 14.0);
    view! {
        <h4 class="subhead">"Task slots held and busy over the run"</h4>
        <figure class="explorer-chart whatif-chart timeline-chart">
            <svg viewBox="0 0 640 200" role="img" aria-label=label>
                <path class="timeline-busy" d=steps(&busy, timeline.run_ms, top, true)></path>
                <path class="timeline-held" d=steps(&held, timeline.run_ms, top, false)></path>
                <line class="axis" x1=num(LEFT) y1=axis_y.clone() x2=num(W - RIGHT) y2=axis_y></line>
                <text class="tick start" x=num(LEFT) y=tick_y.clone()>"0 s"</text>
                <text class="tick end" x=num(W - RIGHT) y=tick_y>{run.clone()}</text>
                <text class="tick" x=num(W / 2.0) y=num(H - 2.0)>"time →"</text>
            </svg>
            <figcaption class="legend">
                <span class="key key-held">{format!("task slots held (top: {})", group(u64::from(top)))}</span>
                <span class="key key-busy">{format!("tasks running (busy {busy_share} of the time held)")}</span>
            </figcaption>
        </figure>
    }
}
