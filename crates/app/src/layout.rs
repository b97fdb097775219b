//! The per-node layout in SVG, drawn from the planner's one layout model for YARN, EMR and
//! Kubernetes: for each group of identical nodes, a memory bar and a CPU bar with segments for
//! the reserved room, daemonsets, the ApplicationMaster or driver pod, each executor's heap,
//! overhead, off-heap, PySpark memory and YARN rounding, and unused room. Segments carry
//! patterns and labels (not colour alone) and a `<title>` with their size. What differs between
//! the cluster managers is only words ([`LayoutWords`]).

use leptos::prelude::*;
use planner::fixed::format_fixed;
use planner::layout::{Block, BlockKind, NodeGroup, Part, PartKind};
use planner::place::Placement;

use crate::{fmt, html};

/// One drawn segment of a bar, in percent of the bar's width.
#[derive(Debug, Clone, PartialEq)]
pub struct Segment {
    /// Left edge, percent.
    pub x: f64,
    /// Width, percent.
    pub w: f64,
    /// CSS class suffix: `os`, `am`, `heap`, `overhead`, `offheap`, `pyspark`, `rounding`, `free`.
    pub class: &'static str,
    /// The tooltip.
    pub title: String,
    /// A short label drawn inside when there is room.
    pub label: String,
    /// The executor this segment belongs to (1-based within the node), if any.
    pub executor: Option<u32>,
}

/// The CSS class suffix of a memory part.
pub fn part_class(kind: PartKind) -> &'static str {
    match kind {
        PartKind::Heap => "heap",
        PartKind::Overhead => "overhead",
        PartKind::OffHeap => "offheap",
        PartKind::PySpark => "pyspark",
        PartKind::Rounding => "rounding",
    }
}

/// A memory part's name in words.
pub fn part_name(kind: PartKind) -> &'static str {
    kind.name()
}

/// Segments laid left to right, each as wide as its amount's share of the widest node.
pub struct Bar {
    scale: f64,
    x: f64,
    segments: Vec<Segment>,
}

impl Bar {
    /// An empty bar whose full width stands for `scale` (MiB, cores, millicores).
    pub fn new(scale: u64) -> Bar {
        Bar {
            scale: scale.max(1) as f64,
            x: 0.0,
            segments: Vec::new(),
        }
    }

    /// Appends a segment of `amount` after the previous ones.
    pub fn push(
        &mut self,
        amount: u64,
        class: &'static str,
        title: String,
        label: String,
        executor: Option<u32>,
    ) {
        let w = amount as f64 / self.scale * 100.0;
        self.segments.push(Segment {
            x: self.x,
            w,
            class,
            title,
            label,
            executor,
        });
        self.x += w;
    }

    /// The segments, in order.
    pub fn finish(self) -> Vec<Segment> {
        self.segments
    }
}

/// The segments of executor `executor`'s heap, overhead, off-heap, PySpark and rounding parts;
/// `what` names it in the tooltips ("Executor 2", "Executor pod 2"), `total` is its container.
pub fn executor_parts(
    bar: &mut Bar,
    parts: &[Part],
    executor: u32,
    what: &str,
    total: Option<u64>,
) {
    for p in parts {
        let label = if p.kind == PartKind::Heap {
            format!("E{executor}")
        } else {
            String::new()
        };
        let of = total.map_or(String::new(), |t| format!(" of {}", fmt::mib(t)));
        bar.push(
            p.mib,
            part_class(p.kind),
            format!(
                "{what} {executor}: {} {}{of}",
                part_name(p.kind),
                fmt::mib(p.mib)
            ),
            label,
            Some(executor),
        );
    }
}

/// How a cluster manager's layout is worded: what differs between YARN's bars and
/// Kubernetes' is only these words, the bars are drawn the same.
pub struct LayoutWords {
    /// The reserved block's name on the memory bar.
    pub reserved_memory: &'static str,
    /// The reserved block's name on the CPU bar.
    pub reserved_cpu: &'static str,
    /// The reserved block's label inside both bars.
    pub reserved_label: &'static str,
    /// An executor's name in tooltips ("Executor", "Executor pod").
    pub executor: &'static str,
    /// Whether an executor part's tooltip names its whole container.
    pub executor_total_in_title: bool,
    /// Whether blocks without CPU are left out of the CPU bar.
    pub hide_blocks_without_cpu: bool,
    /// A block's CPU in words, from its kind and millicores.
    pub block_cpu: fn(BlockKind, u64) -> String,
    /// A node's CPU in words, from its millicores.
    pub node_cpu: fn(u64) -> String,
    /// What a node of a group holds, in words.
    pub summary: fn(&NodeGroup) -> String,
}

/// YARN's words (plain YARN and EMR): vcores, the OS and Hadoop daemons.
pub const YARN_WORDS: LayoutWords = LayoutWords {
    reserved_memory: "OS and Hadoop daemons",
    reserved_cpu: "OS and daemons",
    reserved_label: "OS",
    executor: "Executor",
    executor_total_in_title: true,
    hide_blocks_without_cpu: true,
    block_cpu: yarn_block_cpu,
    node_cpu: yarn_node_cpu,
    summary: group_summary,
};

fn yarn_block_cpu(kind: BlockKind, millis: u64) -> String {
    let vcores = millis / planner::layout::MILLICORES_PER_VCORE;
    if kind == BlockKind::Reserved {
        format!("{vcores} cores")
    } else {
        format!("{vcores} vcores")
    }
}

fn yarn_node_cpu(millis: u64) -> String {
    format!("{} cores", millis / planner::layout::MILLICORES_PER_VCORE)
}

/// A block's name, CSS class suffix and label, for blocks that are one segment.
fn block_look(kind: BlockKind, words: &LayoutWords) -> (&'static str, &'static str, &'static str) {
    match kind {
        BlockKind::Reserved => (words.reserved_memory, "os", words.reserved_label),
        BlockKind::DaemonSets => ("Daemonsets", "ds", "ds"),
        BlockKind::ApplicationMaster => ("ApplicationMaster", "am", "AM"),
        BlockKind::DriverPod => ("Driver pod", "am", "driver"),
        BlockKind::Executor => (words.executor, "heap", ""),
        BlockKind::Unused => ("Unused", "free", "free"),
    }
}

/// A memory segment's tooltip for a block that is one segment: its size, and its parts when
/// it has any (the ApplicationMaster's heap and overhead).
fn memory_title(name: &str, b: &Block) -> String {
    if b.parts.is_empty() {
        return format!("{name}: {}", fmt::mib(b.memory_mib));
    }
    let parts: Vec<String> = b
        .parts
        .iter()
        .map(|p| format!("{} {}", part_name(p.kind), fmt::mib(p.mib)))
        .collect();
    format!("{name}: {} ({})", fmt::mib(b.memory_mib), parts.join(" + "))
}

/// The memory bar's segments for one node, scaled to `scale_mib` (the widest node).
pub fn memory_segments(group: &NodeGroup, scale_mib: u64, words: &LayoutWords) -> Vec<Segment> {
    let mut bar = Bar::new(scale_mib);
    let mut executor = 0;
    for b in &group.blocks {
        if b.kind == BlockKind::Executor {
            executor += 1;
            let total = words.executor_total_in_title.then_some(b.memory_mib);
            executor_parts(&mut bar, &b.parts, executor, words.executor, total);
            continue;
        }
        let (name, class, label) = block_look(b.kind, words);
        bar.push(
            b.memory_mib,
            class,
            memory_title(name, b),
            label.into(),
            None,
        );
    }
    bar.finish()
}

/// The CPU bar's segments for one node, scaled to `scale_millis` (the widest node).
pub fn cpu_segments(group: &NodeGroup, scale_millis: u64, words: &LayoutWords) -> Vec<Segment> {
    let mut bar = Bar::new(scale_millis);
    let mut executor = 0;
    let shown = |b: &&Block| !words.hide_blocks_without_cpu || b.cpu_millis > 0;
    for b in group.blocks.iter().filter(shown) {
        let size = (words.block_cpu)(b.kind, b.cpu_millis);
        let (name, class, label) = block_look(b.kind, words);
        let (title, label, exec) = match b.kind {
            BlockKind::Executor => {
                executor += 1;
                let title = format!("{name} {executor}: {size}");
                (title, format!("E{executor}"), Some(executor))
            }
            BlockKind::Reserved => (
                format!("{}: {size}", words.reserved_cpu),
                label.to_string(),
                None,
            ),
            _ => (format!("{name}: {size}"), label.to_string(), None),
        };
        bar.push(b.cpu_millis, class, title, label, exec);
    }
    bar.finish()
}

/// "Node 1", "Nodes 2–6 (5 nodes)".
pub fn group_name(g: &NodeGroup) -> String {
    nodes_name(g.first_node, g.last_node)
}

/// "Node 1", "Nodes 2–6 (5 nodes)" for the nodes `first..=last`.
pub fn nodes_name(first: u32, last: u32) -> String {
    if first == last {
        format!("Node {first}")
    } else {
        format!(
            "Nodes {first}–{last} ({} nodes)",
            fmt::group(u64::from(last - first + 1))
        )
    }
}

/// YARN's words under the DefaultResourceCalculator (EMR's): YARN schedules by memory alone and
/// enforces no vcores, so a node's free vcores are no figure to plan by.
pub const YARN_MEMORY_WORDS: LayoutWords = LayoutWords {
    summary: group_summary_by_memory,
    ..YARN_WORDS
};

/// The words of a YARN (or EMR) layout under `calculator`.
pub fn yarn_words(calculator: planner::yarn::Calculator) -> &'static LayoutWords {
    match calculator {
        planner::yarn::Calculator::Default => &YARN_MEMORY_WORDS,
        planner::yarn::Calculator::Dominant => &YARN_WORDS,
    }
}

/// What a YARN node holds, in words.
pub fn group_summary(g: &NodeGroup) -> String {
    summary_of(g, true)
}

fn group_summary_by_memory(g: &NodeGroup) -> String {
    summary_of(g, false)
}

/// What a YARN node holds, its free memory and, when YARN enforces vcores, its free vcores.
fn summary_of(g: &NodeGroup, vcores_enforced: bool) -> String {
    let execs = u64::from(g.executors_per_node());
    let mut s = String::new();
    if g.has_am() {
        s.push_str("AM + ");
    }
    s.push_str(&fmt::count(execs, "executor", "executors"));
    if g.node_count() > 1 {
        s.push_str(" each");
    }
    if let Some(free) = g.blocks.iter().find(|b| b.kind == BlockKind::Unused) {
        let cpu = if vcores_enforced {
            format!(", {} vcores", free.vcores())
        } else {
            " (vcores not enforced)".to_string()
        };
        s.push_str(&format!(" · free: {}{cpu}", fmt::size(free.memory_mib)));
    }
    s
}

/// The segment labels' font size in CSS pixels (`.seg-label` in `web/style.css`).
const LABEL_FONT_PX: f64 = 11.0;

/// Room kept free on each side of a label inside its segment, in CSS pixels.
const LABEL_SIDE_PX: f64 = 2.0;

/// A conservative width of one character of a segment label, in ems: at least the advance of
/// that character in DejaVu Sans Bold, the widest of the usual system sans fonts (`system-ui`
/// on Linux resolves to it; the label's weight 600 draws with its bold face). Its widest
/// glyphs are `m` (1.04 em), `W` and `w` (0.99 em, 0.92 em), `M` (0.89 em); the other capitals
/// reach 0.85 em (`O`, `D`, `N`), the other characters 0.72 em (`n`, `p`, `q`, the digits 0.70 em).
/// Labels are ASCII (the tests hold every label to this bound in Chromium).
fn label_char_em(c: char) -> f64 {
    match c {
        'm' | 'M' | 'w' | 'W' => 1.05,
        c if c.is_ascii_uppercase() => 0.86,
        _ => 0.72,
    }
}

/// A conservative width of `label` drawn as a segment label, with its side room, in CSS pixels.
pub fn label_width_px(label: &str) -> f64 {
    let ems: f64 = label.chars().map(label_char_em).sum();
    ems * LABEL_FONT_PX + 2.0 * LABEL_SIDE_PX
}

/// The bar widths (CSS pixels) a label can ask for before it is drawn: a label carries the
/// smallest of these at which its segment holds it (class `fit{px}`), and `web/style.css` hides
/// it in a bar narrower than that (a container query on the bar). So a label is drawn only where
/// it fits at the width the bar really has, at 320 px as at 1280 px, and in print.
pub const LABEL_BAR_WIDTHS_PX: [u32; 7] = [100, 150, 200, 300, 400, 600, 800];

/// The narrowest bar width of [`LABEL_BAR_WIDTHS_PX`] at which `label` fits a segment `w`
/// percent of the bar wide, or `None` when it fits none (the legend and the segment's tooltip
/// still name it).
pub fn label_bar_width(w: f64, label: &str) -> Option<u32> {
    if label.is_empty() || w <= 0.0 {
        return None;
    }
    let needed = label_width_px(label) * 100.0 / w;
    LABEL_BAR_WIDTHS_PX
        .into_iter()
        .find(|&bar| f64::from(bar) >= needed)
}

/// Appends `label` centred in a segment `w` percent of its bar wide, marked with the bar width
/// it needs ([`label_bar_width`]); nothing when it never fits.
pub fn segment_label(out: &mut String, w: f64, label: &str) {
    if let Some(bar) = label_bar_width(w, label) {
        let attributes = format!(
            r#" x="50%" y="50%" dy="0.35em" text-anchor="middle" class="seg-label fit{bar}""#
        );
        html::text(out, "text", &attributes, label);
    }
}

/// One horizontal bar of segments (memory or CPU), each a nested SVG clipped to its width,
/// appended to `out` as HTML (no handlers: written as text, `crate::html`).
pub fn bar(out: &mut String, segments: Vec<Segment>, class: &str, height: u32, label: &str) {
    out.push_str(&format!(
        r#"<svg class="bar {class}" width="100%" height="{height}" role="img" aria-label="{}">"#,
        html::escape(label)
    ));
    for s in segments {
        let kind = match s.executor {
            Some(_) => "executor",
            None => s.class,
        };
        out.push_str(&format!(
            r#"<svg x="{}%" width="{}%" height="100%" class="seg" data-kind="{kind}""#,
            format_fixed(s.x, 4),
            format_fixed(s.w, 4)
        ));
        if let Some(e) = s.executor {
            out.push_str(&format!(r#" data-executor="{e}""#));
        }
        out.push_str(&format!(
            r#"><rect width="100%" height="100%" class="fill-{}">"#,
            s.class
        ));
        html::text(out, "title", "", &s.title);
        out.push_str("</rect>");
        segment_label(out, s.w, &s.label);
        out.push_str("</svg>");
    }
    out.push_str("</svg>");
}

/// The shared pattern definitions (one per page): static SVG, so written as text
/// (`crate::html`).
pub fn patterns() -> impl IntoView {
    view! {
        <svg class="defs" width="0" height="0" aria-hidden="true" focusable="false" inner_html=PATTERNS></svg>
    }
}

/// The pattern definitions, the content of [`patterns`]'s element (the embed card writes that
/// element as text).
pub const PATTERNS: &str = concat!(
    "<defs>",
    r#"<pattern id="pat-os" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" class="pat-os-bg"></rect><line x1="0" y1="0" x2="0" y2="6" class="pat-os-line"></line></pattern>"#,
    r#"<pattern id="pat-am" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" class="pat-am-bg"></rect><circle cx="3" cy="3" r="1.2" class="pat-am-dot"></circle></pattern>"#,
    r#"<pattern id="pat-overhead" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)"><rect width="5" height="5" class="pat-overhead-bg"></rect><line x1="0" y1="0" x2="0" y2="5" class="pat-overhead-line"></line></pattern>"#,
    r#"<pattern id="pat-offheap" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" class="pat-offheap-bg"></rect><path d="M0 3 H6" class="pat-offheap-line"></path></pattern>"#,
    r#"<pattern id="pat-pyspark" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" class="pat-pyspark-bg"></rect><path d="M0 0 L6 6 M6 0 L0 6" class="pat-pyspark-line"></path></pattern>"#,
    r#"<pattern id="pat-rounding" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="4" class="pat-rounding-bg"></rect><circle cx="2" cy="2" r="0.8" class="pat-rounding-dot"></circle></pattern>"#,
    "</defs>",
);

/// The legend: a swatch and a word per segment kind, as HTML.
pub fn legend(has_offheap: bool, has_pyspark: bool) -> String {
    let mut items = vec![
        ("os", "OS and daemons"),
        ("am", "ApplicationMaster"),
        ("heap", "Executor heap"),
        ("overhead", "Overhead"),
    ];
    if has_offheap {
        items.push(("offheap", "Off-heap"));
    }
    if has_pyspark {
        items.push(("pyspark", "PySpark"));
    }
    items.push(("rounding", "YARN rounding"));
    items.push(("free", "Unused"));
    swatches(items)
}

/// A legend list: a swatch of each fill class and its word (no handlers: written as text).
pub fn swatches(items: Vec<(&'static str, &'static str)>) -> String {
    let mut out = String::from(r#"<ul class="legend">"#);
    for (class, label) in items {
        out.push_str(&format!(
            r#"<li><svg width="18" height="12" aria-hidden="true"><rect width="18" height="12" class="fill-{class}"></rect></svg>"#
        ));
        html::push_escaped(&mut out, label);
        out.push_str("</li>");
    }
    out.push_str("</ul>");
    out
}

/// The whole layout for a placement under `calculator`, as HTML.
pub fn node_layout(p: &Placement, calculator: planner::yarn::Calculator) -> String {
    let m = p.executor.memory;
    groups_view(
        &p.layout,
        yarn_words(calculator),
        legend(m.offheap_mib > 0, m.pyspark_mib > 0),
    )
}

/// The layout of grouped nodes of any cluster manager, worded by `words`, under `legend`, as
/// HTML.
pub fn groups_view(layout: &[NodeGroup], words: &LayoutWords, legend: String) -> String {
    let scale_mem = layout.iter().map(NodeGroup::memory_mib).max().unwrap_or(1);
    let scale_cpu = layout.iter().map(NodeGroup::cpu_millis).max().unwrap_or(1);
    let mut out = String::from(r#"<div class="layout" id="layout">"#);
    out.push_str(&legend);
    for g in layout {
        node_view(
            &mut out,
            &group_name(g),
            &(words.summary)(g),
            (g.first_node, g.last_node, g.executors_per_node()),
            (
                memory_segments(g, scale_mem, words),
                fmt::size(g.memory_mib()),
            ),
            (
                cpu_segments(g, scale_cpu, words),
                (words.node_cpu)(g.cpu_millis()),
            ),
        );
    }
    out.push_str("</div>");
    out
}

/// One node group: a heading, a memory bar and a CPU bar, appended to `out` as HTML.
pub fn node_view(
    out: &mut String,
    name: &str,
    summary: &str,
    (first, last, executors): (u32, u32, u32),
    (mem_segments, mem_total): (Vec<Segment>, String),
    (cpu_segments, cpu_total): (Vec<Segment>, String),
) {
    out.push_str(&format!(
        r#"<div class="node" data-first="{first}" data-last="{last}" data-executors="{executors}"><div class="node-head">"#
    ));
    html::text(out, "strong", "", name);
    out.push(' ');
    html::text(out, "span", r#" class="muted""#, summary);
    out.push_str("</div>");
    for (title, segments, class, height, total) in [
        ("Memory", mem_segments, "membar", 30, mem_total),
        ("Cores", cpu_segments, "corebar", 18, cpu_total),
    ] {
        out.push_str(&format!(
            r#"<div class="bar-row"><span class="bar-name">{title}</span>"#
        ));
        let what = if height == 30 { "memory" } else { "CPU" };
        bar(
            out,
            segments,
            class,
            height,
            &format!("{name}: {what}, {total}"),
        );
        html::text(out, "span", r#" class="bar-total""#, &total);
        out.push_str("</div>");
    }
    out.push_str("</div>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use planner::presets::preset;

    #[test]
    fn segments_tile_the_bar() {
        let c = planner::plan(&preset("case1").unwrap().input).unwrap();
        let p = &c.spark_exact.placement;
        let scale = p.layout.iter().map(NodeGroup::memory_mib).max().unwrap();
        for g in &p.layout {
            let segs = memory_segments(g, scale, &YARN_WORDS);
            let end = segs.last().map(|s| s.x + s.w).unwrap();
            assert!((end - 100.0).abs() < 1e-9, "{end}");
            let execs: std::collections::BTreeSet<u32> =
                segs.iter().filter_map(|s| s.executor).collect();
            assert_eq!(execs.len() as u32, g.executors_per_node());
            let scale_cpu = p.layout.iter().map(NodeGroup::cpu_millis).max().unwrap();
            let cores = cpu_segments(g, scale_cpu, &YARN_WORDS);
            assert_eq!(
                cores.iter().filter(|s| s.executor.is_some()).count() as u32,
                g.executors_per_node()
            );
        }
        assert_eq!(group_name(&p.layout[1]), "Nodes 2–6 (5 nodes)");
        assert_eq!(
            group_summary(&p.layout[0]),
            "AM + 2 executors · free: 19 GiB, 4 vcores"
        );
        // Under the DefaultResourceCalculator no free vcores are given: YARN does not enforce
        // them (seed 003: one 20-core executor, 5 vcores recorded, on a 16-vCPU node; 122 880 −
        // 112 640 MiB = 10 GiB free).
        let emr = planner::emr::plan_emr(&planner::emr::EmrInput::default()).unwrap();
        let words = yarn_words(emr.scheduler.calculator);
        let summary = (words.summary)(&emr.layout[1]);
        assert_eq!(
            summary,
            "1 executor each · free: 10 GiB (vcores not enforced)"
        );
    }

    #[test]
    fn a_label_asks_for_the_narrowest_bar_that_holds_it() {
        // "OS": two capitals at 0.86 em of 11 px, and 2 px each side: 22.92 px.
        assert!((label_width_px("OS") - 22.92).abs() < 1e-9);
        // "E1": a capital and a digit (0.86 + 0.72 em): 21.38 px; "AM": 0.86 + 1.05 em: 25.01 px.
        assert!((label_width_px("E1") - 21.38).abs() < 1e-9);
        assert!((label_width_px("AM") - 25.01).abs() < 1e-9);
        // OS in a segment a tenth of the bar needs a 229.2 px bar: drawn from 300 px on.
        assert_eq!(label_bar_width(10.0, "OS"), Some(300));
        // A fifth: 114.6 px, so from 150 px on; the whole bar: from 100 px on.
        assert_eq!(label_bar_width(20.0, "OS"), Some(150));
        assert_eq!(label_bar_width(100.0, "OS"), Some(100));
        // "Overhead" (1 capital, 7 others: 5.90 em = 68.9 px) in 5 % of the bar would need
        // 1 378 px: never drawn; no label, or no segment, draws nothing.
        assert_eq!(label_bar_width(5.0, "Overhead"), None);
        assert_eq!(label_bar_width(50.0, ""), None);
        assert_eq!(label_bar_width(0.0, "OS"), None);
    }

    #[test]
    fn a_drawn_label_always_fits_its_segment() {
        for label in [
            "OS",
            "AM",
            "E12",
            "free",
            "driver",
            "ds",
            "Overhead",
            "User memory",
        ] {
            let mut previous = 0;
            for tenths in 1..=1000 {
                let w = f64::from(tenths) / 10.0;
                let Some(bar) = label_bar_width(w, label) else {
                    assert_eq!(previous, 0, "{label} at {w} % fitted a narrower segment");
                    continue;
                };
                // Drawn in a bar of `bar` px or wider: its segment holds the label there.
                assert!(
                    f64::from(bar) * w / 100.0 >= label_width_px(label),
                    "{label} {w}"
                );
                // A wider segment never asks for a wider bar.
                assert!(previous == 0 || bar <= previous, "{label} {w}");
                previous = bar;
            }
            assert_eq!(
                previous, 100,
                "{label} fits the whole bar from the narrowest width"
            );
        }
        let mut out = String::new();
        segment_label(&mut out, 20.0, "OS");
        assert!(
            out.contains(r#"class="seg-label fit150">OS</text>"#),
            "{out}"
        );
    }
}
