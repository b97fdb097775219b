//! The what-if's chart: the run's estimated time (solid) and the core-hours reserved (dashed),
//! each scaled to its own largest value, against the executor count; the run as it ran (a dot)
//! and the knee (a line) marked. The what-if's table below it is its text alternative.

use eventlog::format::duration;
use eventlog::view::CurveView;
use leptos::prelude::*;
use planner::fixed::format_fixed;
use planner::format::{counted, group};

use crate::fmt::svg_number as num;

const W: f64 = 640.0;
const H: f64 = 260.0;
const LEFT: f64 = 16.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 20.0;
const BOTTOM: f64 = 36.0;

/// The chart as drawn: coordinates and words, computed once.
struct Drawn {
    label: String,
    time: String,
    cost: String,
    knee_x: String,
    real: Option<(String, String)>,
    first: String,
    last: String,
    keys: [String; 4],
}

fn drawn(c: &CurveView) -> Drawn {
    let first = c.points.first().map_or(1, |p| p.0);
    let last = c.points.last().map_or(1, |p| p.0).max(first + 1);
    let top_ms = c
        .points
        .iter()
        .map(|p| p.1)
        .chain(c.real.map(|r| r.1))
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let top_cost = c.points.iter().map(|p| p.2).fold(0.0, f64::max).max(1e-9);
    let plot_w = W - LEFT - RIGHT;
    let plot_h = H - TOP - BOTTOM;
    let x =
        |e: u32| LEFT + plot_w * f64::from(e.clamp(first, last) - first) / f64::from(last - first);
    let y = |share: f64| TOP + plot_h * (1.0 - share.clamp(0.0, 1.0));
    let line = |f: &dyn Fn(&(u32, u64, f64)) -> f64| {
        let points: Vec<String> = c
            .points
            .iter()
            .map(|p| format!("{},{}", num(x(p.0)), num(y(f(p)))))
            .collect();
        points.join(" ")
    };
    let cost_words = format!("{} core-hours", format_fixed(top_cost, 1));
    let real_words = c.real.map(|(e, ms)| {
        format!(
            "the run: {}, {}",
            counted(u64::from(e), "executor"),
            duration(ms)
        )
    });
    Drawn {
        label: format!(
            "Estimated run time (solid line, up to {}) and core-hours reserved (dashed, up to {cost_words}) for {} to {} executors of {}; {}the knee at {} (vertical line). The table below lists every point.",
            duration(top_ms as u64),
            group(u64::from(first)),
            group(u64::from(last)),
            counted(u64::from(c.cores), "core"),
            real_words.as_ref().map(|w| format!("{w} (dot); ")).unwrap_or_default(),
            counted(u64::from(c.knee_executors), "executor"),
        ),
        time: line(&|p| p.1 as f64 / top_ms),
        cost: line(&|p| p.2 / top_cost),
        knee_x: num(x(c.knee_executors)),
        real: c.real.map(|(e, ms)| (num(x(e)), num(y(ms as f64 / top_ms)))),
        first: group(u64::from(first)),
        last: group(u64::from(last)),
        keys: [
            format!("estimated run time (top: {})", duration(top_ms as u64)),
            format!("core-hours reserved (top: {cost_words})"),
            real_words.unwrap_or_default(),
            format!("knee: {}", counted(u64::from(c.knee_executors), "executor")),
        ],
    }
}

/// The chart of a curve.
#[component]
pub(super) fn WhatIfChart(curve: CurveView) -> impl IntoView {
    let d = drawn(&curve);
    let axis_y = num(H - BOTTOM);
    let tick_y = num(H - BOTTOM + 14.0);
    let has_real = d.real.is_some();
    view! {
        <h4 class="subhead">"Run time for each executor count"</h4>
        <figure class="explorer-chart whatif-chart">
            <svg viewBox="0 0 640 260" role="img" aria-label=d.label>
                <line class="axis" x1=num(LEFT) y1=axis_y.clone() x2=num(W - RIGHT) y2=axis_y.clone()></line>
                <line class="whatif-knee" x1=d.knee_x.clone() y1=num(TOP) x2=d.knee_x y2=axis_y></line>
                <polyline class="whatif-cost" points=d.cost></polyline>
                <polyline class="whatif-time" points=d.time></polyline>
                {d.real.map(|(cx, cy)| view! { <circle class="whatif-real" cx=cx cy=cy r="5"></circle> })}
                <text class="tick start" x=num(LEFT) y=tick_y.clone()>{d.first}</text>
                <text class="tick end" x=num(W - RIGHT) y=tick_y>{d.last}</text>
                <text class="tick" x=num(W / 2.0) y=num(H - 2.0)>"executors →"</text>
            </svg>
            <figcaption class="legend">
                <span class="key key-time">{d.keys[0].clone()}</span>
                <span class="key key-cost">{d.keys[1].clone()}</span>
                {has_real.then(|| view! { <span class="key key-real">{d.keys[2].clone()}</span> })}
                <span class="key key-knee">{d.keys[3].clone()}</span>
            </figcaption>
        </figure>
    }
}
