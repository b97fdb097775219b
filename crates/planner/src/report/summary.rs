//! The short form of a view, as plain data: the answer (a title and a sentence or two), the
//! containers, one row per group of identical nodes, the Spark configuration and the findings.
//! The wiki exports ([`super::wiki`]), the terminal table ([`super::terminal`]) and the
//! Markdown report's container tables are written from it, so each says the same thing.
//!
//! Cells hold plain numbers (`21504`, no digit groups) as every export does: a wiki reader
//! copies them into configuration files.

use crate::catalog::ClusterManager;
use crate::format;
use crate::view::{
    self, BlockKindView, BlockView, ContainerRole, ContainerView, Finding, NodeGroupView, PlanView,
    Status, View,
};

/// A table: its columns and rows of cells (plain text, not yet escaped for any markup).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The columns: title, and whether the column holds numbers (right-aligned).
    pub columns: Vec<(&'static str, bool)>,
    /// One row per entry, as many cells as columns.
    pub rows: Vec<Vec<String>>,
}

/// A view in short: what a wiki page or a terminal shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The answer: `YARN: 17 executors × 5 cores × 19g`, or why nothing can be planned.
    pub title: String,
    /// A sentence or two under the title (what runs, the other method's answer, the nearest
    /// plan that runs).
    pub lead: Vec<String>,
    /// The containers or pods (empty for an input that cannot be planned).
    pub containers: Option<Table>,
    /// One row per group of identical nodes (empty for an input that cannot be planned).
    pub nodes: Option<Table>,
    /// The Spark configuration as `spark-defaults.conf` would hold it.
    pub configuration: Vec<(String, String)>,
    /// Warnings, most severe first (for an input that cannot be planned: its problems).
    pub findings: Vec<Finding>,
    /// The cluster manager.
    pub manager: ClusterManager,
    /// The plan's share link, when the caller knows the page's address ([`share_link`]).
    pub link: Option<String>,
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// `link` as a share link an export may write: an `http` or `https` address (anything else is
/// left out: an export never links to a script), with the characters that end a link in
/// Markdown, Confluence or HTML (`|`, brackets, quotes, spaces, `<`, `>`) percent-encoded.
///
/// ```
/// use planner::report::summary::share_link;
/// assert_eq!(share_link("https://x.test/?v=1&c=32").as_deref(), Some("https://x.test/?v=1&c=32"));
/// assert_eq!(share_link("https://x.test/?ck=a|b c").as_deref(), Some("https://x.test/?ck=a%7Cb%20c"));
/// assert_eq!(share_link("javascript:alert(1)"), None);
/// ```
pub fn share_link(link: &str) -> Option<String> {
    let link = link.trim();
    if !(link.starts_with("https://") || link.starts_with("http://")) {
        return None;
    }
    let mut out = String::with_capacity(link.len());
    for c in link.chars() {
        if "|[]()<>\"' ".contains(c) {
            // One ASCII byte: its two hex digits.
            let b = c as u8;
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        } else if !c.is_control() && !c.is_whitespace() {
            out.push(c);
        }
    }
    Some(out)
}

/// The summary of a view: its selected plan.
pub fn summary(v: &View) -> Summary {
    let m = v.manager;
    let mut s = Summary {
        title: view::words::title(v),
        lead: view::words::lead(v),
        containers: None,
        nodes: None,
        configuration: Vec::new(),
        findings: v.diagnostics.clone(),
        manager: m,
        link: None,
    };
    let Some(p) = v.selected().filter(|_| v.status == Status::Planned) else {
        return s;
    };
    s.containers = Some(match m {
        ClusterManager::Yarn => yarn_containers(p),
        ClusterManager::Kubernetes => kubernetes_pods(p),
        ClusterManager::Emr => emr_containers(p),
    });
    s.nodes = Some(nodes_table(&p.layout, m));
    s.configuration = p
        .exports
        .spark_conf
        .iter()
        .map(|e| (e.key.clone(), e.value.clone()))
        .collect();
    s.findings = p.findings();
    s
}

/// A count, a number or 0 when the container has none.
fn cell(n: Option<u64>) -> String {
    n.unwrap_or(0).to_string()
}

/// YARN's executor and ApplicationMaster containers.
pub fn yarn_containers(p: &PlanView) -> Table {
    let row = |name: &str, c: &ContainerView| {
        vec![
            name.to_string(),
            c.count.to_string(),
            cell(c.heap_mib),
            cell(c.overhead_mib),
            cell(c.offheap_mib),
            cell(c.pyspark_mib),
            c.requested_mib.to_string(),
            cell(c.granted_mib),
            cell(c.yarn_vcores.map(u64::from)),
        ]
    };
    let mut rows = Vec::new();
    for c in &p.containers {
        match c.role {
            ContainerRole::Executor => rows.push(row("Executor", c)),
            ContainerRole::ApplicationMaster => rows.push(row("ApplicationMaster", c)),
            _ => {}
        }
    }
    Table {
        columns: vec![
            ("Container", false),
            ("Count", true),
            ("Heap (MiB)", true),
            ("Overhead (MiB)", true),
            ("Off-heap (MiB)", true),
            ("PySpark (MiB)", true),
            ("Requested (MiB)", true),
            ("Granted (MiB)", true),
            ("YARN vcores", true),
        ],
        rows,
    }
}

/// Kubernetes' executor and driver pods, each with its memory parts as the plan holds them (a
/// driver has no off-heap or PySpark part).
pub fn kubernetes_pods(p: &PlanView) -> Table {
    let mut rows = Vec::new();
    for c in &p.containers {
        let name = match c.role {
            ContainerRole::Executor => "Executor pod",
            ContainerRole::Driver => "Driver pod",
            _ => continue,
        };
        rows.push(vec![
            name.to_string(),
            c.count.to_string(),
            cell(c.heap_mib),
            cell(c.overhead_mib),
            cell(c.offheap_mib),
            cell(c.pyspark_mib),
            format::kubernetes_memory(c.requested_mib),
            c.cpu_request.clone().unwrap_or_default(),
            c.cpu_limit.clone().unwrap_or_else(|| "none".to_string()),
        ]);
    }
    Table {
        columns: vec![
            ("Pod", false),
            ("Count", true),
            ("Heap (MiB)", true),
            ("Overhead (MiB)", true),
            ("Off-heap (MiB)", true),
            ("PySpark (MiB)", true),
            ("Memory request = limit", true),
            ("CPU request", true),
            ("CPU limit", true),
        ],
        rows,
    }
}

/// EMR's executors as requested, as launched (merged), and the ApplicationMaster.
pub fn emr_containers(p: &PlanView) -> Table {
    let mut rows = Vec::new();
    for c in &p.containers {
        let name = match c.role {
            ContainerRole::Executor => "Executor as requested".to_string(),
            ContainerRole::ExecutorLaunched => format!(
                "Executor launched ({} merged)",
                c.merged_requests.unwrap_or(1)
            ),
            ContainerRole::ApplicationMaster => "ApplicationMaster".to_string(),
            ContainerRole::Driver => continue,
        };
        rows.push(vec![
            name,
            c.count.to_string(),
            cell(c.heap_mib),
            cell(c.overhead_mib),
            cell(c.granted_mib),
            cell(c.cores.map(u64::from)),
            cell(c.yarn_vcores.map(u64::from)),
        ]);
    }
    Table {
        columns: vec![
            ("Container", false),
            ("Count", true),
            ("Heap (MiB)", true),
            ("Overhead (MiB)", true),
            ("Granted (MiB)", true),
            ("Cores", true),
            ("YARN vcores", true),
        ],
        rows,
    }
}

/// How `m` counts CPU in a table: Kubernetes in cores, YARN and EMR in whole vcores.
pub fn cpu_count(m: ClusterManager) -> format::CpuCount {
    if m == ClusterManager::Kubernetes {
        format::CpuCount::Cores
    } else {
        format::CpuCount::Vcores
    }
}

/// A block's CPU in millicores (a YARN vcore is 1,000).
pub fn block_millis(b: &BlockView) -> u64 {
    b.cpu_millis
        .unwrap_or_else(|| b.vcores.unwrap_or(0).saturating_mul(1000))
}

/// The sum over `group`'s blocks that `keep` accepts: (millicores, MiB).
fn sum_of(group: &NodeGroupView, keep: fn(&BlockView) -> bool) -> (u64, u64) {
    group
        .blocks
        .iter()
        .filter(|b| keep(b))
        .fold((0, 0), |(cpu, mib), b| {
            (
                cpu.saturating_add(block_millis(b)),
                mib.saturating_add(b.memory_mib),
            )
        })
}

/// Whether a block is a container of Spark's (executor, ApplicationMaster, driver pod).
fn is_container(b: &BlockView) -> bool {
    matches!(
        b.kind,
        BlockKindView::Executor | BlockKindView::ApplicationMaster | BlockKindView::Driver
    )
}

/// One row per group of identical nodes: what each node holds, and its memory and CPU used by
/// Spark's containers, kept for the system, and left free.
pub fn nodes_table(layout: &[NodeGroupView], m: ClusterManager) -> Table {
    let count = cpu_count(m);
    let rows = layout
        .iter()
        .map(|g| {
            let (spark_cpu, spark_mib) = sum_of(g, is_container);
            let (kept_cpu, kept_mib) = sum_of(g, |b| {
                matches!(
                    b.kind,
                    BlockKindView::OsReserved
                        | BlockKindView::SystemReserved
                        | BlockKindView::Daemonsets
                )
            });
            let (free_cpu, free_mib) = sum_of(g, |b| b.kind == BlockKindView::Unused);
            vec![
                g.title.clone(),
                g.holds.clone(),
                spark_mib.to_string(),
                kept_mib.to_string(),
                free_mib.to_string(),
                format::cpu(spark_cpu, count),
                format::cpu(kept_cpu, count),
                format::cpu(free_cpu, count),
            ]
        })
        .collect();
    let (cpu_spark, cpu_kept, cpu_free) = if m == ClusterManager::Kubernetes {
        ("Spark CPU", "Reserved CPU", "Free CPU")
    } else {
        ("Spark vcores", "Reserved cores", "Free vcores")
    };
    Table {
        columns: vec![
            ("Nodes", false),
            ("Each node holds", false),
            ("Spark memory (MiB)", true),
            ("Reserved memory (MiB)", true),
            ("Free memory (MiB)", true),
            (cpu_spark, true),
            (cpu_kept, true),
            (cpu_free, true),
        ],
        rows,
    }
}
