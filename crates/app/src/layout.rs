//! The per-node layout in SVG: for each group of identical nodes, a memory bar and a cores bar
//! with segments for the OS reservation, the ApplicationMaster, each executor's heap, overhead,
//! off-heap, PySpark memory and YARN rounding, and unused room. Segments carry patterns and
//! labels (not colour alone) and a `<title>` with their size.

use leptos::prelude::*;
use planner::decimal::fixed;
use planner::place::{BlockKind, NodeGroup, PartKind, Placement};

use crate::fmt;

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
    match kind {
        PartKind::Heap => "heap",
        PartKind::Overhead => "overhead",
        PartKind::OffHeap => "off-heap",
        PartKind::PySpark => "PySpark",
        PartKind::Rounding => "YARN rounding",
    }
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
    parts: &[planner::place::Part],
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

/// The memory bar's segments for one node, scaled to `scale_mib` (the widest node).
pub fn memory_segments(group: &NodeGroup, scale_mib: u64) -> Vec<Segment> {
    let mut bar = Bar::new(scale_mib);
    let mut executor = 0;
    for b in &group.blocks {
        match b.kind {
            BlockKind::OsReserved => bar.push(
                b.memory_mib,
                "os",
                format!("OS and Hadoop daemons: {}", fmt::mib(b.memory_mib)),
                "OS".into(),
                None,
            ),
            BlockKind::ApplicationMaster => {
                let parts: Vec<String> = b
                    .parts
                    .iter()
                    .map(|p| format!("{} {}", part_name(p.kind), fmt::mib(p.mib)))
                    .collect();
                bar.push(
                    b.memory_mib,
                    "am",
                    format!(
                        "ApplicationMaster: {} ({})",
                        fmt::mib(b.memory_mib),
                        parts.join(" + ")
                    ),
                    "AM".into(),
                    None,
                );
            }
            BlockKind::Executor => {
                executor += 1;
                executor_parts(&mut bar, &b.parts, executor, "Executor", Some(b.memory_mib));
            }
            BlockKind::Unused => bar.push(
                b.memory_mib,
                "free",
                format!("Unused: {}", fmt::mib(b.memory_mib)),
                "free".into(),
                None,
            ),
        }
    }
    bar.finish()
}

/// The cores bar's segments for one node, scaled to `scale_cores`.
pub fn core_segments(group: &NodeGroup, scale_cores: u64) -> Vec<Segment> {
    let mut bar = Bar::new(scale_cores);
    let mut executor = 0;
    for b in group.blocks.iter().filter(|b| b.vcores > 0) {
        let (class, title, label, exec) = match b.kind {
            BlockKind::OsReserved => (
                "os",
                format!("OS and daemons: {} cores", b.vcores),
                "OS".to_string(),
                None,
            ),
            BlockKind::ApplicationMaster => (
                "am",
                format!("ApplicationMaster: {} vcores", b.vcores),
                "AM".to_string(),
                None,
            ),
            BlockKind::Executor => {
                executor += 1;
                (
                    "heap",
                    format!("Executor {executor}: {} vcores", b.vcores),
                    format!("E{executor}"),
                    Some(executor),
                )
            }
            BlockKind::Unused => (
                "free",
                format!("Unused: {} vcores", b.vcores),
                "free".to_string(),
                None,
            ),
        };
        bar.push(u64::from(b.vcores), class, title, label, exec);
    }
    bar.finish()
}

fn sum_memory(g: &NodeGroup) -> u64 {
    g.blocks.iter().map(|b| b.memory_mib).sum()
}

fn sum_cores(g: &NodeGroup) -> u64 {
    g.blocks.iter().map(|b| u64::from(b.vcores)).sum()
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

/// What a node holds, in words.
pub fn group_summary(g: &NodeGroup) -> String {
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
        s.push_str(&format!(
            " · free: {}, {} vcores",
            fmt::size(free.memory_mib),
            free.vcores
        ));
    }
    s
}

/// Whether a label fits a segment `w` percent wide, on a phone's bar (about 300 px).
pub fn fits_label(w: f64, label: &str) -> bool {
    !label.is_empty() && w >= 2.4 * label.chars().count() as f64 + 1.0
}

/// One horizontal bar of segments (memory or CPU), each a nested SVG clipped to its width.
pub fn bar(
    segments: Vec<Segment>,
    class: &'static str,
    height: u32,
    label: String,
) -> impl IntoView {
    let segs = segments
        .into_iter()
        .map(|s| {
            let show_label = fits_label(s.w, &s.label);
            let kind = match s.executor {
                Some(_) => "executor",
                None => s.class,
            };
            view! {
                <svg x=format!("{}%", fixed(s.x, 4)) width=format!("{}%", fixed(s.w, 4)) height="100%"
                    class="seg" data-kind=kind data-executor=s.executor.map(|e| e.to_string())>
                    <rect width="100%" height="100%" class=format!("fill-{}", s.class)>
                        <title>{s.title}</title>
                    </rect>
                    {show_label.then(|| view! {
                        <text x="50%" y="50%" dy="0.35em" text-anchor="middle" class="seg-label">{s.label}</text>
                    })}
                </svg>
            }
        })
        .collect_view();
    view! {
        <svg class=format!("bar {class}") width="100%" height=height role="img" aria-label=label>
            {segs}
        </svg>
    }
}

/// The shared pattern definitions (one per page).
pub fn patterns() -> impl IntoView {
    view! {
        <svg class="defs" width="0" height="0" aria-hidden="true" focusable="false">
            <defs>
                <pattern id="pat-os" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                    <rect width="6" height="6" class="pat-os-bg"></rect>
                    <line x1="0" y1="0" x2="0" y2="6" class="pat-os-line"></line>
                </pattern>
                <pattern id="pat-am" width="6" height="6" patternUnits="userSpaceOnUse">
                    <rect width="6" height="6" class="pat-am-bg"></rect>
                    <circle cx="3" cy="3" r="1.2" class="pat-am-dot"></circle>
                </pattern>
                <pattern id="pat-overhead" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
                    <rect width="5" height="5" class="pat-overhead-bg"></rect>
                    <line x1="0" y1="0" x2="0" y2="5" class="pat-overhead-line"></line>
                </pattern>
                <pattern id="pat-offheap" width="6" height="6" patternUnits="userSpaceOnUse">
                    <rect width="6" height="6" class="pat-offheap-bg"></rect>
                    <path d="M0 3 H6" class="pat-offheap-line"></path>
                </pattern>
                <pattern id="pat-pyspark" width="6" height="6" patternUnits="userSpaceOnUse">
                    <rect width="6" height="6" class="pat-pyspark-bg"></rect>
                    <path d="M0 0 L6 6 M6 0 L0 6" class="pat-pyspark-line"></path>
                </pattern>
                <pattern id="pat-rounding" width="4" height="4" patternUnits="userSpaceOnUse">
                    <rect width="4" height="4" class="pat-rounding-bg"></rect>
                    <circle cx="2" cy="2" r="0.8" class="pat-rounding-dot"></circle>
                </pattern>
            </defs>
        </svg>
    }
}

/// The legend: a swatch and a word per segment kind.
pub fn legend(has_offheap: bool, has_pyspark: bool) -> impl IntoView {
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

/// A legend list: a swatch of each fill class and its word.
pub fn swatches(items: Vec<(&'static str, &'static str)>) -> impl IntoView + use<> {
    let items = items
        .into_iter()
        .map(|(class, label)| {
            view! {
                <li>
                    <svg width="18" height="12" aria-hidden="true">
                        <rect width="18" height="12" class=format!("fill-{class}")></rect>
                    </svg>
                    {label}
                </li>
            }
        })
        .collect_view();
    view! { <ul class="legend">{items}</ul> }
}

/// The whole layout for a placement.
pub fn node_layout(p: &Placement) -> impl IntoView + use<> {
    let m = p.executor.memory;
    groups_view(&p.layout, m.offheap_mib > 0, m.pyspark_mib > 0)
}

/// The layout of any grouped YARN nodes (plain YARN or EMR).
pub fn groups_view(layout: &[NodeGroup], offheap: bool, pyspark: bool) -> impl IntoView + use<> {
    let scale_mem = layout.iter().map(sum_memory).max().unwrap_or(1);
    let scale_cores = layout.iter().map(sum_cores).max().unwrap_or(1);
    let groups = layout
        .iter()
        .map(|g| {
            let name = group_name(g);
            node_view(
                name.clone(),
                group_summary(g),
                (g.first_node, g.last_node, g.executors_per_node()),
                (memory_segments(g, scale_mem), fmt::size(sum_memory(g))),
                (
                    core_segments(g, scale_cores),
                    format!("{} cores", sum_cores(g)),
                ),
            )
        })
        .collect_view();
    view! {
        <div class="layout" id="layout">
            {legend(offheap, pyspark)}
            {groups}
        </div>
    }
}

/// One node group: a heading, a memory bar and a CPU bar.
pub fn node_view(
    name: String,
    summary: String,
    (first, last, executors): (u32, u32, u32),
    (mem_segments, mem_total): (Vec<Segment>, String),
    (cpu_segments, cpu_total): (Vec<Segment>, String),
) -> impl IntoView {
    let mem_label = format!("{name}: memory, {mem_total}");
    let cpu_label = format!("{name}: CPU, {cpu_total}");
    view! {
        <div class="node" data-first=first data-last=last data-executors=executors>
            <div class="node-head">
                <strong>{name}</strong>
                " "
                <span class="muted">{summary}</span>
            </div>
            <div class="bar-row">
                <span class="bar-name">"Memory"</span>
                {bar(mem_segments, "membar", 30, mem_label)}
                <span class="bar-total">{mem_total}</span>
            </div>
            <div class="bar-row">
                <span class="bar-name">"Cores"</span>
                {bar(cpu_segments, "corebar", 18, cpu_label)}
                <span class="bar-total">{cpu_total}</span>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use planner::presets::preset;

    #[test]
    fn segments_tile_the_bar() {
        let c = planner::plan(&preset("case1").unwrap().input).unwrap();
        let p = &c.spark_exact.placement;
        let scale = p.layout.iter().map(sum_memory).max().unwrap();
        for g in &p.layout {
            let segs = memory_segments(g, scale);
            let end = segs.last().map(|s| s.x + s.w).unwrap();
            assert!((end - 100.0).abs() < 1e-9, "{end}");
            let execs: std::collections::BTreeSet<u32> =
                segs.iter().filter_map(|s| s.executor).collect();
            assert_eq!(execs.len() as u32, g.executors_per_node());
            let cores = core_segments(g, p.layout.iter().map(sum_cores).max().unwrap());
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
    }
}
