//! The per-node layout in SVG, drawn from the planner's one layout model for YARN, EMR and
//! Kubernetes: for each group of identical nodes, a memory bar and a CPU bar with segments for
//! the reserved room, daemonsets, the ApplicationMaster or driver pod, each executor's heap,
//! overhead, off-heap, PySpark memory and YARN rounding, and unused room. Segments carry
//! patterns and labels (not colour alone) and a `<title>` with their size. What differs between
//! the cluster managers is only words ([`LayoutWords`]).
//!
//! Numbers first: [`layout_view`] turns node groups into a [`LayoutView`] (every coordinate and
//! word already written), and [`NodeLayout`] draws it, one group and one segment per keyed row,
//! so a new plan rewrites only the coordinates and words that changed.

mod words;

use leptos::prelude::*;
use planner::fixed::format_fixed;
use planner::view::{BlockKindView, BlockView, GpusView, NodeGroupView, PartKindView, PartView};
use planner::ClusterManager;

use crate::fmt;
use crate::reactive::{attr, dynamic, indexed, keyed_by_text, memo, text, Part};
use crate::terms::Term;
pub use words::{
    kubernetes_legend, label_bar_width, label_width_px, yarn_legend, LayoutWords,
    LABEL_BAR_WIDTHS_PX,
};
use words::{summary, words_of};

/// One drawn segment of a bar.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Segment {
    /// Left edge, percent of the bar.
    pub x: f64,
    /// Width, percent of the bar.
    pub w: f64,
    /// CSS class suffix: `os`, `ds`, `am`, `heap`, `overhead`, `offheap`, `pyspark`,
    /// `rounding`, `free`.
    pub class: &'static str,
    /// The tooltip.
    pub title: String,
    /// A short label drawn inside when there is room.
    pub label: String,
    /// The executor this segment belongs to (1-based within the node), if any.
    pub executor: Option<u32>,
}

impl Segment {
    /// What the segment is, as the tests read it (`data-kind`): `executor` for each part of an
    /// executor, else its class.
    pub fn kind(&self) -> &'static str {
        if self.executor.is_some() {
            "executor"
        } else {
            self.class
        }
    }
}

/// The CSS class suffix of a memory part.
pub fn part_class(kind: PartKindView) -> &'static str {
    match kind {
        PartKindView::Heap => "heap",
        PartKindView::Overhead => "overhead",
        PartKindView::OffHeap => "offheap",
        PartKindView::Pyspark => "pyspark",
        PartKindView::Rounding => "rounding",
    }
}

/// A memory part's name in words.
pub fn part_name(kind: PartKindView) -> &'static str {
    match kind {
        PartKindView::Heap => "heap",
        PartKindView::Overhead => "overhead",
        PartKindView::OffHeap => "off-heap",
        PartKindView::Pyspark => "PySpark",
        PartKindView::Rounding => "YARN rounding",
    }
}

/// Segments laid left to right, each as wide as its amount's share of the widest node.
pub struct Bar {
    scale: f64,
    x: f64,
    segments: Vec<Segment>,
}

impl Bar {
    /// An empty bar whose full width stands for `scale` (MiB, millicores, bytes).
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
fn executor_parts(
    bar: &mut Bar,
    parts: &[PartView],
    executor: u32,
    what: &str,
    total: Option<u64>,
) {
    for p in parts {
        let label = if p.kind == PartKindView::Heap {
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

/// A block's name, CSS class suffix and label, for blocks that are one segment.
fn block_look(
    kind: BlockKindView,
    words: &LayoutWords,
) -> (&'static str, &'static str, &'static str) {
    match kind {
        BlockKindView::OsReserved | BlockKindView::SystemReserved => {
            (words.reserved_memory, "os", words.reserved_label)
        }
        BlockKindView::Daemonsets => ("Daemonsets", "ds", "ds"),
        BlockKindView::ApplicationMaster => ("ApplicationMaster", "am", "AM"),
        BlockKindView::Driver => ("Driver pod", "am", "driver"),
        BlockKindView::Executor => (words.executor, "heap", ""),
        BlockKindView::Unused => ("Unused", "free", "free"),
    }
}

/// A memory segment's tooltip for a block that is one segment: its size, and its parts when
/// it has any (the ApplicationMaster's heap and overhead).
fn memory_title(name: &str, b: &BlockView) -> String {
    if b.parts.is_empty() {
        return format!("{name}: {}", fmt::mib(b.memory_mib));
    }
    let parts: Vec<String> = b
        .parts
        .iter()
        .map(|p| format!("{} {}", part_name(p.kind), fmt::mib(p.mib)))
        .collect();
    format!(
        "{name}: {} ({})",
        fmt::mib(b.memory_mib),
        planner::text::join(&parts, " + ")
    )
}

/// The memory bar's segments for one node, scaled to `scale_mib` (the widest node).
pub fn memory_segments(group: &NodeGroupView, scale_mib: u64, words: &LayoutWords) -> Vec<Segment> {
    let mut bar = Bar::new(scale_mib);
    let mut executor = 0;
    for b in &group.blocks {
        if b.kind == BlockKindView::Executor {
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

/// A block's CPU in millicores (a YARN vcore is 1 000).
pub fn block_millis(b: &BlockView) -> u64 {
    b.cpu_millis
        .unwrap_or_else(|| b.vcores.unwrap_or_default() * planner::layout::MILLICORES_PER_VCORE)
}

/// The CPU bar's segments for one node, scaled to `scale_millis` (the widest node).
pub fn cpu_segments(group: &NodeGroupView, scale_millis: u64, words: &LayoutWords) -> Vec<Segment> {
    let mut bar = Bar::new(scale_millis);
    let mut executor = 0;
    let shown = |b: &&BlockView| !words.hide_blocks_without_cpu || block_millis(b) > 0;
    for b in group.blocks.iter().filter(shown) {
        let millis = block_millis(b);
        let size = (words.block_cpu)(b.kind, millis);
        let (name, class, label) = block_look(b.kind, words);
        let (title, label, exec) = match b.kind {
            BlockKindView::Executor => {
                executor += 1;
                let title = format!("{name} {executor}: {size}");
                (title, format!("E{executor}"), Some(executor))
            }
            BlockKindView::OsReserved | BlockKindView::SystemReserved => (
                format!("{}: {size}", words.reserved_cpu),
                label.to_string(),
                None,
            ),
            _ => (format!("{name}: {size}"), label.to_string(), None),
        };
        bar.push(millis, class, title, label, exec);
    }
    bar.finish()
}

/// The GPU bar's segments for a node of `executors` executors: each executor's GPUs in its
/// colour, then the GPUs no executor holds.
pub fn gpu_segments(executors: u32, gpus: &GpusView) -> Vec<Segment> {
    let gpus_word = |n: u64| fmt::count(n, "GPU", "GPUs");
    let mut bar = Bar::new(gpus.per_node);
    let each = u64::from(gpus.per_executor);
    for e in 1..=executors {
        bar.push(
            each,
            "heap",
            format!("Executor {e}: {}", gpus_word(each)),
            format!("E{e}"),
            Some(e),
        );
    }
    let idle = gpus
        .per_node
        .saturating_sub(each.saturating_mul(u64::from(executors)));
    if idle > 0 {
        bar.push(
            idle,
            "free",
            format!("Idle: {}", gpus_word(idle)),
            "free".into(),
            None,
        );
    }
    bar.finish()
}

/// One bar as drawn: its accessible name, its total and its segments.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BarView {
    /// "Node 1: memory, 64 GiB".
    pub label: String,
    /// The total beside the bar: "64 GiB", "16 cores".
    pub total: String,
    /// The segments, left to right.
    pub segments: Vec<Segment>,
}

/// One group of identical nodes as drawn.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GroupView {
    /// The group's first and last node, and executors per node (as the tests read them).
    pub first: u32,
    /// See [`GroupView::first`].
    pub last: u32,
    /// See [`GroupView::first`].
    pub executors: u32,
    /// "Nodes 2–6 (5 nodes)".
    pub name: String,
    /// What a node of the group holds.
    pub summary: String,
    /// The memory bar.
    pub memory: BarView,
    /// The CPU bar.
    pub cores: BarView,
    /// The GPU bar, when the executors ask for GPUs.
    pub gpus: Option<BarView>,
}

/// A layout as drawn: the legend (fill class and word) and the node groups.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LayoutView {
    /// A swatch and a word per kind of segment.
    pub legend: Vec<(&'static str, &'static str)>,
    /// The groups of identical nodes.
    pub groups: Vec<GroupView>,
}

/// The layout of a plan's node groups on `m` (`vcores_enforced`: whether YARN counts a node's
/// free vcores), under `legend`; with `gpus`, each node's GPUs too.
pub fn layout_view(
    layout: &[NodeGroupView],
    m: ClusterManager,
    (vcores_enforced, gpus): (bool, Option<&GpusView>),
    legend: Vec<(&'static str, &'static str)>,
) -> LayoutView {
    let words = words_of(m);
    let scale_mem = layout.iter().map(|g| g.memory_mib).max().unwrap_or(1);
    let scale_cpu = layout.iter().map(|g| g.cpu_millis).max().unwrap_or(1);
    let groups = layout
        .iter()
        .map(|g| {
            let memory_total = fmt::size(g.memory_mib);
            let cpu_total = (words.node_cpu)(g.cpu_millis);
            GroupView {
                first: g.first_node,
                last: g.last_node,
                executors: g.executors_per_node,
                summary: summary(g, m, vcores_enforced),
                memory: BarView {
                    label: format!("{}: memory, {memory_total}", g.title),
                    total: memory_total,
                    segments: memory_segments(g, scale_mem, words),
                },
                cores: BarView {
                    label: format!("{}: CPU, {cpu_total}", g.title),
                    total: cpu_total,
                    segments: cpu_segments(g, scale_cpu, words),
                },
                gpus: gpus.filter(|v| v.per_executor > 0).map(|v| {
                    let used = u64::from(v.per_executor) * u64::from(g.executors_per_node);
                    BarView {
                        label: format!("{}: GPUs, {used} of {} held", g.title, v.per_node),
                        total: fmt::count(v.per_node, "GPU", "GPUs"),
                        segments: gpu_segments(g.executors_per_node, v),
                    }
                }),
                name: g.title.clone(),
            }
        })
        .collect();
    LayoutView { legend, groups }
}

/// A memo of the `i`th item of `items` (its default once there is none): a keyed row's own
/// copy, so a row whose item did not change writes nothing.
pub fn item_memo<T>(items: Part<Vec<T>>, i: usize) -> Part<T>
where
    T: Clone + Default + PartialEq + Send + Sync + 'static,
{
    memo(move || items.with(|v| v.get(i).cloned().unwrap_or_default()))
}

/// The layout: its legend, then each node group with its memory and CPU bars (`id`: the
/// plan's layout is `layout`; another has none).
#[component]
pub(crate) fn NodeLayout(
    layout: Part<LayoutView>,
    #[prop(default = "layout")] id: &'static str,
) -> impl IntoView {
    let legend = memo(move || layout.with(|l| l.legend.clone()));
    let groups = memo(move || layout.with(|l| l.groups.clone()));
    view! {
        <div class="layout" id=(!id.is_empty()).then_some(id)>
            <Legend items=legend/>
            {indexed(move || groups.with(Vec::len), move |i| view! {
                <NodeView group=item_memo(groups, i)/>
            }.into_any())}
        </div>
    }
}

/// A legend list: a swatch of each fill class and its word.
#[component]
pub(crate) fn Legend(items: Part<Vec<(&'static str, &'static str)>>) -> impl IntoView {
    view! {
        <ul class="legend">
            {keyed_by_text(move || items.with(|i| i.iter().map(|(class, _)| class.to_string()).collect()), move |class| {
                let label = items.with_untracked(|i| i.iter().find(|(c, _)| *c == class).map_or("", |(_, l)| *l));
                view! {
                    <li>
                        <svg width="18" height="12" aria-hidden="true">
                            <rect width="18" height="12" class=format!("fill-{class}")></rect>
                        </svg>
                        {match crate::terms::explanation(label) {
                            Some(_) => view! { <Term word=label/> }.into_any(),
                            None => label.into_any(),
                        }}
                    </li>
                }.into_any()
            })}
        </ul>
    }
}

/// One node group: a heading, a memory bar and a CPU bar.
#[component]
fn NodeView(group: Part<GroupView>) -> impl IntoView {
    let memory = memo(move || group.with(|g| g.memory.clone()));
    let cores = memo(move || group.with(|g| g.cores.clone()));
    let gpus = memo(move || group.with(|g| g.gpus.clone()));
    view! {
        <div class="node" data-first=text(move || group.with(|g| g.first))
            data-last=text(move || group.with(|g| g.last))
            data-executors=text(move || group.with(|g| g.executors))>
            <div class="node-head">
                <strong>{text(move || group.with(|g| g.name.clone()))}</strong>
                " "
                <span class="muted">{text(move || group.with(|g| g.summary.clone()))}</span>
            </div>
            <BarRow title="Memory" class="bar membar" height=30 bar=memory/>
            <BarRow title="Cores" class="bar corebar" height=18 bar=cores/>
            {dynamic(move || gpus.with(Option::is_some).then(|| view! {
                <BarRow title="GPUs" class="bar gpubar" height=18
                    bar=memo(move || gpus.with(|g| g.clone().unwrap_or_default()))/>
            }))}
        </div>
    }
}

/// A bar with its name and total.
#[component]
fn BarRow(
    title: &'static str,
    class: &'static str,
    height: u32,
    bar: Part<BarView>,
) -> impl IntoView {
    let segments = memo(move || bar.with(|b| b.segments.clone()));
    view! {
        <div class="bar-row">
            <span class="bar-name">{title}</span>
            <svg class=class width="100%" height=height role="img"
                aria-label=text(move || bar.with(|b| b.label.clone()))>
                {indexed(move || segments.with(Vec::len), move |i| view! {
                    <SegmentView segment=item_memo(segments, i)/>
                }.into_any())}
            </svg>
            <span class="bar-total">{text(move || bar.with(|b| b.total.clone()))}</span>
        </div>
    }
}

/// One segment: a nested SVG clipped to its width, a rectangle with its tooltip, and its label
/// where it fits.
#[component]
fn SegmentView(segment: Part<Segment>) -> impl IntoView {
    view! {
        <svg x=text(move || segment.with(|s| format!("{}%", format_fixed(s.x, 4))))
            width=text(move || segment.with(|s| format!("{}%", format_fixed(s.w, 4))))
            height="100%" class="seg" data-kind=text(move || segment.with(Segment::kind))
            data-executor=attr(move || segment.with(|s| s.executor))>
            <rect width="100%" height="100%" class=text(move || segment.with(|s| format!("fill-{}", s.class)))>
                <title>{text(move || segment.with(|s| s.title.clone()))}</title>
            </rect>
            <SegmentLabel
                w=memo(move || segment.with(|s| s.w))
                label=memo(move || segment.with(|s| s.label.clone()))/>
        </svg>
    }
}

/// `label` centred in a segment `w` percent of its bar wide, marked with the narrowest bar
/// width at which it fits ([`label_bar_width`], class `fit{px}`: `web/style.css` hides it in a
/// narrower bar); nothing when it never fits (the legend and the segment's tooltip still name
/// it).
#[component]
pub(crate) fn SegmentLabel(w: Part<f64>, label: Part<String>) -> impl IntoView {
    let fit = memo(move || label.with(|l| label_bar_width(w.get(), l)));
    dynamic(move || {
        fit.get().map(|bar| {
            view! {
                <text x="50%" y="50%" dy="0.35em" text-anchor="middle"
                    class=format!("seg-label fit{bar}")>{text(move || label.get())}</text>
            }
        })
    })
}

/// The shared pattern definitions (one per page, the embed card's too).
#[component]
pub(crate) fn Patterns() -> impl IntoView {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::form::Form;
    use crate::state::Planned;

    fn case1() -> Planned {
        Planned::of(&Form::from_query("v=1").0)
    }

    #[test]
    fn segments_tile_the_bar() {
        let planned = case1();
        let p = planned.selected().expect("case 1 plans");
        let scale = p.layout.iter().map(|g| g.memory_mib).max().unwrap();
        let scale_cpu = p.layout.iter().map(|g| g.cpu_millis).max().unwrap();
        let words = words_of(ClusterManager::Yarn);
        for g in &p.layout {
            let segs = memory_segments(g, scale, words);
            let end = segs.last().map(|s| s.x + s.w).unwrap();
            assert!((end - 100.0).abs() < 1e-9, "{end}");
            let execs: std::collections::BTreeSet<u32> =
                segs.iter().filter_map(|s| s.executor).collect();
            assert_eq!(execs.len() as u32, g.executors_per_node);
            let cores = cpu_segments(g, scale_cpu, words);
            assert_eq!(
                cores.iter().filter(|s| s.executor.is_some()).count() as u32,
                g.executors_per_node
            );
        }
        let view = layout_view(
            &p.layout,
            ClusterManager::Yarn,
            (true, None),
            yarn_legend(false, false),
        );
        assert_eq!(view.groups[1].name, "Nodes 2–6 (5 nodes)");
        assert_eq!(
            view.groups[0].summary,
            "ApplicationMaster + 2 executors · free: 19 GiB, 4 vcores"
        );
        assert_eq!(view.groups[0].memory.label, "Node 1: memory, 64 GiB");
        assert_eq!(view.groups[0].cores.label, "Node 1: CPU, 16 cores");
    }

    #[test]
    fn emr_s_default_calculator_gives_no_free_vcores() {
        // Under the DefaultResourceCalculator no free vcores are given: YARN does not enforce
        // them (seed 003: one 20-core executor, 5 vcores recorded, on a 16-vCPU node; 122 880 −
        // 112 640 MiB = 10 GiB free).
        let planned = Planned::of(&Form::from_query("v=1&cm=emr").0);
        assert!(!planned.vcores_enforced());
        let p = planned.selected().expect("EMR plans");
        let view = layout_view(
            &p.layout,
            ClusterManager::Emr,
            (false, None),
            yarn_legend(false, false),
        );
        assert_eq!(
            view.groups[1].summary,
            "1 executor each · free: 10 GiB (vcores not enforced)"
        );
    }

    #[test]
    fn an_executors_parts_are_executor_segments_and_the_rest_their_class() {
        let planned = case1();
        let g = &planned.selected().expect("a plan").layout[0];
        let kinds: Vec<&str> = memory_segments(g, g.memory_mib, words_of(ClusterManager::Yarn))
            .iter()
            .map(Segment::kind)
            .collect();
        assert_eq!(kinds.first(), Some(&"os"));
        assert_eq!(kinds.last(), Some(&"free"));
        assert!(
            kinds.contains(&"am") && kinds.contains(&"executor"),
            "{kinds:?}"
        );
    }
}
