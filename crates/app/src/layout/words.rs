//! How a layout is worded per cluster manager, and how wide a segment's label is drawn.

use planner::view::{BlockKindView, NodeGroupView};
use planner::ClusterManager;

use crate::fmt;

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
    pub block_cpu: fn(BlockKindView, u64) -> String,
    /// A node's CPU in words, from its millicores.
    pub node_cpu: fn(u64) -> String,
}

/// YARN's words (plain YARN and EMR): vcores, the OS and Hadoop daemons.
const YARN_WORDS: LayoutWords = LayoutWords {
    reserved_memory: "OS and Hadoop daemons",
    reserved_cpu: "OS and daemons",
    reserved_label: "OS",
    executor: "Executor",
    executor_total_in_title: true,
    hide_blocks_without_cpu: true,
    block_cpu: yarn_block_cpu,
    node_cpu: yarn_node_cpu,
};

/// Kubernetes' words: CPU in cores of millicores, the kubelet's reservation, executor pods.
const KUBERNETES_WORDS: LayoutWords = LayoutWords {
    reserved_memory: "Kubelet and system reserved",
    reserved_cpu: "Kubelet and system reserved",
    reserved_label: "sys",
    executor: "Executor pod",
    executor_total_in_title: false,
    hide_blocks_without_cpu: false,
    block_cpu: kubernetes_block_cpu,
    node_cpu: kubernetes_node_cpu,
};

/// The layout's words of cluster manager `m`.
pub fn words_of(m: ClusterManager) -> &'static LayoutWords {
    match m {
        ClusterManager::Kubernetes => &KUBERNETES_WORDS,
        ClusterManager::Yarn | ClusterManager::Emr => &YARN_WORDS,
    }
}

/// The legend of a YARN (or EMR) layout: a swatch and a word per kind of segment.
pub fn yarn_legend(has_offheap: bool, has_pyspark: bool) -> Vec<(&'static str, &'static str)> {
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
    items
}

/// The legend of a Kubernetes layout.
pub fn kubernetes_legend() -> Vec<(&'static str, &'static str)> {
    vec![
        ("os", "Reserved (kubelet, system, eviction)"),
        ("ds", "Daemonsets"),
        ("am", "Driver pod"),
        ("heap", "Executor heap"),
        ("overhead", "Overhead"),
        ("free", "Unused"),
    ]
}

fn yarn_block_cpu(kind: BlockKindView, millis: u64) -> String {
    let vcores = millis / planner::layout::MILLICORES_PER_VCORE;
    if kind == BlockKindView::OsReserved {
        format!("{vcores} cores")
    } else {
        format!("{vcores} vcores")
    }
}

fn yarn_node_cpu(millis: u64) -> String {
    format!("{} cores", millis / planner::layout::MILLICORES_PER_VCORE)
}

fn kubernetes_block_cpu(_: BlockKindView, millis: u64) -> String {
    kubernetes_node_cpu(millis)
}

fn kubernetes_node_cpu(millis: u64) -> String {
    format!("{} CPU", planner::format::cores(millis))
}

/// What a node of a group holds (the view's words), "each" when the group has several nodes,
/// and on YARN and EMR its free memory and, when YARN enforces vcores (`vcores_enforced`: the
/// DominantResourceCalculator), its free vcores.
pub fn summary(g: &NodeGroupView, m: ClusterManager, vcores_enforced: bool) -> String {
    let mut s = g.holds.clone();
    if g.last_node > g.first_node {
        s.push_str(" each");
    }
    let free = g.blocks.iter().find(|b| b.kind == BlockKindView::Unused);
    if let (Some(free), false) = (free, m == ClusterManager::Kubernetes) {
        let cpu = if vcores_enforced {
            format!(", {} vcores", free.vcores.unwrap_or_default())
        } else {
            " (vcores not enforced)".to_string()
        };
        s.push_str(&format!(" · free: {}{cpu}", fmt::size(free.memory_mib)));
    }
    s
}

/// The segment labels' font size in CSS pixels (`.seg-label` in the layout's stylesheet).
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
/// smallest of these at which its segment holds it (class `fit{px}`), and the stylesheet hides
/// it in a bar narrower than that (a container query on the bar). So a label is drawn only where
/// it fits at the width the bar really has, at 320 px as at 1280 px, and in print.
pub const LABEL_BAR_WIDTHS_PX: [u32; 7] = [100, 150, 200, 300, 400, 600, 800];

/// The narrowest bar width of [`LABEL_BAR_WIDTHS_PX`] at which `label` fits a segment `w`
/// percent of the bar wide, or `None` when it fits none.
pub fn label_bar_width(w: f64, label: &str) -> Option<u32> {
    if label.is_empty() || w <= 0.0 {
        return None;
    }
    let needed = label_width_px(label) * 100.0 / w;
    LABEL_BAR_WIDTHS_PX
        .into_iter()
        .find(|&bar| f64::from(bar) >= needed)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
