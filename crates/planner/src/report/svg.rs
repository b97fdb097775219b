//! The per-node layout as a standalone SVG file, drawn from the one layout model
//! ([`crate::layout`]) of YARN, EMR and Kubernetes: a title (the answer), a legend, then for
//! each group of identical nodes a heading, a memory bar and a CPU bar whose segments are the
//! reserved room, daemonsets, the ApplicationMaster or driver pod, each executor's heap,
//! overhead, off-heap, PySpark memory and YARN rounding, and what is left free.
//!
//! It opens on its own (in a browser, an image viewer, a wiki that accepts SVG uploads): the
//! colours and patterns are inline attributes, no stylesheet, font, script or link is needed.
//! Segments carry patterns as well as colours, and a `<title>` with their size.

use crate::format;
use std::fmt::Write;

use super::summary::{block_millis, cpu_count};
use super::wiki::escape_html as escape;
use crate::catalog::ClusterManager;
use crate::fixed::format_fixed;
use crate::layout::MILLICORES_PER_VCORE;
use crate::view::{BlockKindView, BlockView, NodeGroupView, PartKindView, Status, View};

/// The drawing's width in user units (pixels when opened on its own).
const WIDTH: u64 = 760;
/// Left and right margin.
const MARGIN: u64 = 16;
/// Where the bars start (after "Memory" / "CPU").
const BAR_X: u64 = 80;
/// Room right of the bars for the node's total.
const TOTAL_WIDTH: u64 = 96;
/// The bars' width.
const BAR_WIDTH: u64 = WIDTH - BAR_X - TOTAL_WIDTH - MARGIN;
const MEMORY_BAR_HEIGHT: u64 = 26;
const CPU_BAR_HEIGHT: u64 = 16;
/// A node group: heading, memory bar, gap, CPU bar, gap.
const GROUP_HEIGHT: u64 = 20 + MEMORY_BAR_HEIGHT + 6 + CPU_BAR_HEIGHT + 18;
/// A 12 px system font's average character width, to decide whether a label fits.
const CHARACTER_WIDTH: f64 = 6.5;

/// A segment's look: its fill (a colour or a pattern) and whether labels on it are white.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Look {
    Reserved,
    DaemonSets,
    ApplicationMaster,
    Heap,
    Overhead,
    OffHeap,
    PySpark,
    Rounding,
    Free,
}

impl Look {
    fn fill(self) -> &'static str {
        match self {
            Look::Reserved => "url(#ss-os)",
            Look::DaemonSets => "#a9b8c9",
            Look::ApplicationMaster => "url(#ss-am)",
            Look::Heap => "#3b7dd8",
            Look::Overhead => "url(#ss-overhead)",
            Look::OffHeap => "url(#ss-offheap)",
            Look::PySpark => "url(#ss-pyspark)",
            Look::Rounding => "url(#ss-rounding)",
            Look::Free => "#ffffff",
        }
    }

    fn of_part(kind: PartKindView) -> Look {
        match kind {
            PartKindView::Heap => Look::Heap,
            PartKindView::Overhead => Look::Overhead,
            PartKindView::OffHeap => Look::OffHeap,
            PartKindView::Pyspark => Look::PySpark,
            PartKindView::Rounding => Look::Rounding,
        }
    }
}

/// The patterns the fills name (ids prefixed `ss-` so that the drawing can sit in a page).
const PATTERNS: &str = concat!(
    "<defs>\n",
    r##"<pattern id="ss-os" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#c9ced6"/><line x1="0" y1="0" x2="0" y2="6" stroke="#7d8694" stroke-width="2"/></pattern>"##,
    "\n",
    r##"<pattern id="ss-am" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#b9a3e3"/><circle cx="3" cy="3" r="1.2" fill="#5b3fa0"/></pattern>"##,
    "\n",
    r##"<pattern id="ss-overhead" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)"><rect width="5" height="5" fill="#f3b76b"/><line x1="0" y1="0" x2="0" y2="5" stroke="#b86a0c" stroke-width="1.5"/></pattern>"##,
    "\n",
    r##"<pattern id="ss-offheap" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#7fcdbb"/><path d="M0 3 H6" stroke="#1f7a66" stroke-width="1.5"/></pattern>"##,
    "\n",
    r##"<pattern id="ss-pyspark" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#f0d46a"/><path d="M0 0 L6 6 M6 0 L0 6" stroke="#8d7410" stroke-width="1"/></pattern>"##,
    "\n",
    r##"<pattern id="ss-rounding" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="4" fill="#e6e8ec"/><circle cx="2" cy="2" r="0.8" fill="#8b93a1"/></pattern>"##,
    "\n</defs>\n",
);

/// The selected plan's layout as an SVG document; `None` for an input that cannot be planned.
pub fn layout_svg(v: &View) -> Option<String> {
    layout_svg_linked(v, None)
}

/// [`layout_svg`], its title a link to the plan when `link` (already checked as
/// [`super::summary::share_link`] gives it) is given.
pub fn layout_svg_linked(v: &View, link: Option<&str>) -> Option<String> {
    let layout = &v.selected().filter(|_| v.status == Status::Planned)?.layout;
    let m = v.manager;
    let title = crate::view::words::title(v);
    let legend = legend_items(layout, m);
    let legend_rows = legend_rows(&legend);
    let groups_top = 58 + 20 * legend_rows.len() as u64 + 8;
    let height = groups_top + GROUP_HEIGHT * layout.len() as u64;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" \
         viewBox=\"0 0 {WIDTH} {height}\" role=\"img\" aria-labelledby=\"ss-title ss-desc\" \
         font-family=\"system-ui, -apple-system, 'Segoe UI', sans-serif\" font-size=\"12\">\n"
    );
    let _ = writeln!(out, "<title id=\"ss-title\">{}</title>", escape(&title));
    let _ =
        writeln!(
        out,
        "<desc id=\"ss-desc\">Per-node layout: each node's memory and CPU, in order: {}.</desc>",
        escape(&legend.iter().map(|(_, w)| *w).collect::<Vec<_>>().join(", "))
    );
    out.push_str(PATTERNS);
    let _ = writeln!(
        out,
        "<rect width=\"{WIDTH}\" height=\"{height}\" fill=\"#ffffff\"/>\n\
         {}<text x=\"{MARGIN}\" y=\"28\" font-size=\"17\" font-weight=\"700\" fill=\"#1f2328\">{}</text>{}\n\
         <text x=\"{MARGIN}\" y=\"48\" fill=\"#59636e\">Per-node layout: memory and CPU of each node, identical nodes drawn once</text>",
        link.map_or(String::new(), |l| format!("<a href=\"{}\">", escape(l))),
        escape(&title),
        if link.is_some() { "</a>" } else { "" }
    );
    for (i, row) in legend_rows.iter().enumerate() {
        legend_row(&mut out, row, 58 + 20 * i as u64);
    }
    let scale_mib = layout.iter().map(|g| g.memory_mib).max().unwrap_or(1);
    let scale_millis = layout.iter().map(|g| g.cpu_millis).max().unwrap_or(1);
    for (i, group) in layout.iter().enumerate() {
        let top = groups_top + GROUP_HEIGHT * i as u64;
        node_group(&mut out, group, m, top, (scale_mib, scale_millis));
    }
    out.push_str("</svg>\n");
    Some(out)
}

/// The legend's entries: the looks the layout uses, in drawing order, with their words.
fn legend_items(layout: &[NodeGroupView], m: ClusterManager) -> Vec<(Look, &'static str)> {
    let blocks = || layout.iter().flat_map(|g| g.blocks.iter());
    let has_block = |kind: BlockKindView| blocks().any(|b| b.kind == kind);
    let has_part =
        |kind: PartKindView| blocks().any(|b| b.parts.iter().any(|p| p.kind == kind && p.mib > 0));
    let reserved = if m == ClusterManager::Kubernetes {
        "System reserved"
    } else {
        "OS and daemons"
    };
    let candidates = [
        (
            has_block(BlockKindView::OsReserved) || has_block(BlockKindView::SystemReserved),
            Look::Reserved,
            reserved,
        ),
        (
            has_block(BlockKindView::Daemonsets),
            Look::DaemonSets,
            "Daemonsets",
        ),
        (
            has_block(BlockKindView::ApplicationMaster),
            Look::ApplicationMaster,
            "ApplicationMaster",
        ),
        (
            has_block(BlockKindView::Driver),
            Look::ApplicationMaster,
            "Driver pod",
        ),
        (
            has_block(BlockKindView::Executor),
            Look::Heap,
            "Executor heap",
        ),
        (has_part(PartKindView::Overhead), Look::Overhead, "Overhead"),
        (has_part(PartKindView::OffHeap), Look::OffHeap, "Off-heap"),
        (has_part(PartKindView::Pyspark), Look::PySpark, "PySpark"),
        (
            has_part(PartKindView::Rounding),
            Look::Rounding,
            "YARN rounding",
        ),
        (has_block(BlockKindView::Unused), Look::Free, "Unused"),
    ];
    candidates
        .into_iter()
        .filter(|(present, _, _)| *present)
        .map(|(_, look, words)| (look, words))
        .collect()
}

/// The legend's entries split into rows that fit the width.
fn legend_rows(items: &[(Look, &'static str)]) -> Vec<Vec<(Look, &'static str)>> {
    let mut rows: Vec<Vec<(Look, &'static str)>> = vec![Vec::new()];
    let mut x = MARGIN as f64;
    for item in items {
        let width = legend_item_width(item.1);
        if x + width > (WIDTH - MARGIN) as f64 && rows.last().is_some_and(|r| !r.is_empty()) {
            rows.push(Vec::new());
            x = MARGIN as f64;
        }
        if let Some(row) = rows.last_mut() {
            row.push(*item);
        }
        x += width;
    }
    rows
}

fn legend_item_width(words: &str) -> f64 {
    18.0 + 6.0 + CHARACTER_WIDTH * words.chars().count() as f64 + 16.0
}

fn legend_row(out: &mut String, row: &[(Look, &'static str)], top: u64) {
    let mut x = MARGIN as f64;
    for (look, words) in row {
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{top}\" width=\"18\" height=\"12\" fill=\"{}\" stroke=\"#9aa3b1\" stroke-width=\"0.5\"/>\
             <text x=\"{}\" y=\"{}\" fill=\"#1f2328\">{}</text>",
            // As f64's Display writes it ("16", "123.5"), without its float formatting code,
            // which the page must not carry (scripts/size-gate.sh).
            if x.fract() == 0.0 {
                (x as u64).to_string()
            } else {
                format_fixed(x, 1)
            },
            look.fill(),
            format_fixed(x + 24.0, 1),
            top + 10,
            escape(words)
        );
        x += legend_item_width(words);
    }
}

/// One drawn segment.
struct Segment {
    look: Look,
    amount: u64,
    title: String,
    label: String,
}

fn node_group(
    out: &mut String,
    group: &NodeGroupView,
    m: ClusterManager,
    top: u64,
    (scale_mib, scale_millis): (u64, u64),
) {
    let _ = writeln!(
        out,
        "<g>\n<text x=\"{MARGIN}\" y=\"{}\" fill=\"#1f2328\"><tspan font-weight=\"700\">{}</tspan> — {}</text>",
        top + 14,
        escape(&group.title),
        escape(&group.holds)
    );
    let memory_top = top + 20;
    let cpu_top = memory_top + MEMORY_BAR_HEIGHT + 6;
    let memory_total = format!("{} MiB", group.memory_mib);
    let cpu_total = cpu_total_words(group.cpu_millis, m);
    bar_row(out, "Memory", memory_top, MEMORY_BAR_HEIGHT, &memory_total);
    bar(
        out,
        &memory_segments(group, m),
        scale_mib,
        memory_top,
        MEMORY_BAR_HEIGHT,
    );
    bar_row(out, "CPU", cpu_top, CPU_BAR_HEIGHT, &cpu_total);
    bar(
        out,
        &cpu_segments(group, m),
        scale_millis,
        cpu_top,
        CPU_BAR_HEIGHT,
    );
    out.push_str("</g>\n");
}

/// CPU with its unit: `16 vcores`, `1 vcore`, `15.89 CPU`.
fn cpu_total_words(millis: u64, m: ClusterManager) -> String {
    if m == ClusterManager::Kubernetes {
        format!("{} CPU", crate::format::cpu(millis, cpu_count(m)))
    } else {
        format::counted(millis / MILLICORES_PER_VCORE, "vcore")
    }
}

/// A bar's name on its left and its total on its right.
fn bar_row(out: &mut String, name: &str, top: u64, height: u64, total: &str) {
    let baseline = top + height / 2 + 4;
    let _ = writeln!(
        out,
        "<text x=\"{MARGIN}\" y=\"{baseline}\" fill=\"#59636e\">{name}</text>\
         <text x=\"{}\" y=\"{baseline}\" fill=\"#1f2328\">{}</text>",
        BAR_X + BAR_WIDTH + 8,
        escape(total)
    );
}

/// The segments, each as wide as its amount's share of `scale` (the widest node).
fn bar(out: &mut String, segments: &[Segment], scale: u64, top: u64, height: u64) {
    let scale = scale.max(1) as f64;
    let mut x = BAR_X as f64;
    for s in segments {
        let width = s.amount as f64 / scale * BAR_WIDTH as f64;
        let free = s.look == Look::Free;
        let stroke = if free {
            " stroke=\"#9aa3b1\" stroke-dasharray=\"3 2\""
        } else {
            " stroke=\"#ffffff\" stroke-width=\"0.5\""
        };
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{top}\" width=\"{}\" height=\"{height}\" fill=\"{}\"{stroke}><title>{}</title></rect>",
            format_fixed(x, 2),
            format_fixed(width, 2),
            s.look.fill(),
            escape(&s.title)
        );
        let fits =
            !s.label.is_empty() && width >= CHARACTER_WIDTH * s.label.chars().count() as f64 + 6.0;
        if fits {
            let colour = if s.look == Look::Heap {
                "#ffffff"
            } else {
                "#1f2328"
            };
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\" font-weight=\"600\" fill=\"{colour}\">{}</text>",
                format_fixed(x + width / 2.0, 2),
                top + height / 2 + 4,
                escape(&s.label)
            );
        }
        x += width;
    }
}

/// A plain block's look, name and label.
fn block_look(kind: BlockKindView, m: ClusterManager) -> (Look, &'static str, &'static str) {
    match kind {
        BlockKindView::OsReserved | BlockKindView::SystemReserved
            if m == ClusterManager::Kubernetes =>
        {
            (Look::Reserved, "System reserved", "sys")
        }
        BlockKindView::OsReserved | BlockKindView::SystemReserved => {
            (Look::Reserved, "OS and daemons", "OS")
        }
        BlockKindView::Daemonsets => (Look::DaemonSets, "Daemonsets", "ds"),
        BlockKindView::ApplicationMaster => (Look::ApplicationMaster, "ApplicationMaster", "AM"),
        BlockKindView::Driver => (Look::ApplicationMaster, "Driver pod", "driver"),
        BlockKindView::Executor => (Look::Heap, "Executor", ""),
        BlockKindView::Unused => (Look::Free, "Unused", "free"),
    }
}

fn part_words(kind: PartKindView) -> &'static str {
    match kind {
        PartKindView::Heap => crate::layout::PartKind::Heap.name(),
        PartKindView::Overhead => crate::layout::PartKind::Overhead.name(),
        PartKindView::OffHeap => crate::layout::PartKind::OffHeap.name(),
        PartKindView::Pyspark => crate::layout::PartKind::PySpark.name(),
        PartKindView::Rounding => crate::layout::PartKind::Rounding.name(),
    }
}

fn executor_name(m: ClusterManager) -> &'static str {
    if m == ClusterManager::Kubernetes {
        "Executor pod"
    } else {
        "Executor"
    }
}

fn memory_segments(group: &NodeGroupView, m: ClusterManager) -> Vec<Segment> {
    let mut segments = Vec::new();
    let mut executor = 0;
    for b in &group.blocks {
        if b.kind == BlockKindView::Executor && !b.parts.is_empty() {
            executor += 1;
            for p in &b.parts {
                segments.push(Segment {
                    look: Look::of_part(p.kind),
                    amount: p.mib,
                    title: format!(
                        "{} {executor}: {} {} MiB of {} MiB",
                        executor_name(m),
                        part_words(p.kind),
                        p.mib,
                        b.memory_mib
                    ),
                    label: if p.kind == PartKindView::Heap {
                        format!("E{executor}")
                    } else {
                        String::new()
                    },
                });
            }
            continue;
        }
        executor += u32::from(b.kind == BlockKindView::Executor);
        segments.push(plain_memory_segment(b, m, executor));
    }
    segments
}

fn plain_memory_segment(b: &BlockView, m: ClusterManager, executor: u32) -> Segment {
    let (look, name, label) = block_look(b.kind, m);
    let parts: Vec<String> = b
        .parts
        .iter()
        .map(|p| format!("{} {} MiB", part_words(p.kind), p.mib))
        .collect();
    let detail = if parts.is_empty() {
        String::new()
    } else {
        format!(" ({})", parts.join(" + "))
    };
    let (name, label) = if b.kind == BlockKindView::Executor {
        (format!("{name} {executor}"), format!("E{executor}"))
    } else {
        (name.to_string(), label.to_string())
    };
    Segment {
        look,
        amount: b.memory_mib,
        title: format!("{name}: {} MiB{detail}", b.memory_mib),
        label,
    }
}

fn cpu_segments(group: &NodeGroupView, m: ClusterManager) -> Vec<Segment> {
    let mut executor = 0;
    group
        .blocks
        .iter()
        .filter(|b| block_millis(b) > 0)
        .map(|b| {
            let (look, name, label) = block_look(b.kind, m);
            let millis = block_millis(b);
            let cpu = match (b.kind, m) {
                // The OS keeps physical cores, not YARN vcores.
                (BlockKindView::OsReserved, ClusterManager::Yarn | ClusterManager::Emr) => {
                    format::counted(millis / MILLICORES_PER_VCORE, "core")
                }
                _ => cpu_total_words(millis, m),
            };
            let (title, label) = if b.kind == BlockKindView::Executor {
                executor += 1;
                (
                    format!("{} {executor}: {cpu}", executor_name(m)),
                    format!("E{executor}"),
                )
            } else {
                (format!("{name}: {cpu}"), label.to_string())
            };
            Segment {
                look,
                amount: millis,
                title,
                label,
            }
        })
        .collect()
}
