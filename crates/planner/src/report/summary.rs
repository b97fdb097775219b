//! The short form of a report, as plain data: the answer (a title and a sentence or two), the
//! containers, one row per group of identical nodes, the Spark configuration and the findings.
//! The wiki exports ([`super::wiki`]), the terminal table ([`super::terminal`]) and the
//! Markdown report's container tables are written from it, so each says the same thing.
//!
//! Cells hold plain numbers (`21504`, no digit groups) as every export does: a wiki reader
//! copies them into configuration files.

use crate::catalog::ClusterManager;
use crate::emr::EmrPlan;
use crate::exports::{self, emr as emr_exports, k8s as k8s_exports};
use crate::format;
use crate::k8s::{k8s_nearest_words, k8s_shortfall, K8sInput, K8sPlan, K8sSpark};
use crate::layout::{Block, BlockKind, NodeGroup};
use crate::place::Placement;
use crate::plan::{self, Comparison};
use crate::spark::PodResources;
use crate::warning::{Severity, Warning};

use super::Report;

/// A table: its columns and rows of cells (plain text, not yet escaped for any markup).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The columns: title, and whether the column holds numbers (right-aligned).
    pub columns: Vec<(&'static str, bool)>,
    /// One row per entry, as many cells as columns.
    pub rows: Vec<Vec<String>>,
}

/// A report in short: what a wiki page or a terminal shows.
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
    pub findings: Vec<Warning>,
    /// The cluster manager, to name the fields of findings.
    pub manager: ClusterManager,
}

/// The summary of a report.
pub fn summary(report: &Report<'_>) -> Summary {
    match *report {
        Report::Yarn(c) => yarn(c),
        Report::Kubernetes(p, input) => kubernetes(p, input),
        Report::Emr(p) => emr(p),
        Report::Invalid(m, diagnostics) => Summary {
            title: format!("{}: nothing to plan", m.name()),
            lead: vec![format!(
                "The input has {} to fix first.",
                format::counted(diagnostics.len() as u64, "problem")
            )],
            containers: None,
            nodes: None,
            configuration: Vec::new(),
            findings: diagnostics.to_vec(),
            manager: m,
        },
    }
}

/// What EMR runs and what was asked, as a title says it: its merged executors differ from the
/// requests (`9 executors × 20 cores × 94854m run (the largest: ...); asked: 50 executors × ...`),
/// so the requests alone would read as the answer. Nothing of what runs when nothing fits.
pub fn emr_runs_words(p: &EmrPlan) -> String {
    let r = p.request;
    let asked = crate::format::shape(p.requested, r.cores, r.memory.heap_mib);
    let Some(top) = p.launched.first() else {
        return format!("nothing runs; asked: {asked}");
    };
    let largest = if p.launched.len() > 1 {
        " (the largest)"
    } else {
        ""
    };
    format!(
        "{} run{largest}; asked: {asked}",
        crate::format::shape(p.launched_executors, top.cores, top.heap_mib)
    )
}

/// The first error among `findings`: why an answer does not run.
fn first_error(findings: &[Warning]) -> Option<&Warning> {
    findings.iter().find(|w| w.severity == Severity::Error)
}

fn yarn(c: &Comparison) -> Summary {
    let p = c.selected_plan();
    let findings = crate::explorer::yarn_findings(c);
    let placed = p.placement.totals.executors;
    let mut lead = Vec::new();
    let title = if placed == 0 {
        lead.extend(first_error(&findings).map(|e| e.message.clone()));
        let nearest = plan::shortfall(c, c.selected).map(|s| s.nearest);
        lead.extend(nearest.unwrap_or_default().iter().map(plan::nearest_words));
        "YARN: no executor fits".to_string()
    } else if placed < p.instances {
        format!(
            "YARN: {} ({placed} placed)",
            crate::format::shape(p.instances, p.cores(), p.heap_mib())
        )
    } else {
        format!(
            "YARN: {}",
            crate::format::shape(p.instances, p.cores(), p.heap_mib())
        )
    };
    let (this, other) = match p.method {
        crate::input::Method::SparkExact => ("Spark-exact", &c.rule_of_thumb),
        crate::input::Method::RuleOfThumb => ("Rule-of-thumb", &c.spark_exact),
    };
    lead.push(format::in_text(&format!(
        "{this} method: {} placed, {} at once. The other method gives {}.",
        format::counted(u64::from(placed), "executor"),
        format::counted(p.placement.totals.task_slots, "task"),
        crate::format::shape(other.instances, other.cores(), other.heap_mib())
    )));
    Summary {
        title,
        lead,
        containers: Some(yarn_containers(&p.placement)),
        nodes: Some(nodes_table(&p.placement.layout, ClusterManager::Yarn)),
        configuration: exports::yarn_spark_conf(c, c.selected),
        findings,
        manager: ClusterManager::Yarn,
    }
}

fn kubernetes(p: &K8sPlan, input: &K8sInput) -> Summary {
    let spark = &input.spark;
    let findings = crate::explorer::k8s_findings(input, p);
    let placed = p.totals.executors;
    let mut lead = Vec::new();
    let title = if placed == 0 {
        lead.extend(first_error(&findings).map(|e| e.message.clone()));
        "Kubernetes: no executor pod fits".to_string()
    } else {
        let shape = crate::format::shape(placed, spark.executor_cores, spark.executor_memory_mib);
        format!("Kubernetes: {shape}")
    };
    let short = k8s_shortfall(input, p);
    lead.extend(short.as_ref().and_then(k8s_nearest_words));
    lead.push(format::in_text(&format!(
        "{} fit on a node, {} on the cluster; {} at once.",
        format::counted(p.fit.per_node, "executor pod"),
        p.fit.capacity,
        format::counted(p.totals.task_slots, "task")
    )));
    Summary {
        title,
        lead,
        containers: Some(kubernetes_pods(p, spark)),
        nodes: Some(nodes_table(&p.layout, ClusterManager::Kubernetes)),
        configuration: k8s_exports::spark_conf(p, spark),
        findings,
        manager: ClusterManager::Kubernetes,
    }
}

fn emr(p: &EmrPlan) -> Summary {
    let findings = crate::explorer::emr_findings(p);
    let mut lead = Vec::new();
    let title = if p.launched_executors == 0 {
        lead.extend(first_error(&findings).map(|e| e.message.clone()));
        "Amazon EMR: no executor fits".to_string()
    } else {
        format!("Amazon EMR: {}", emr_runs_words(p))
    };
    lead.push(format::in_text(&format!(
        "EMR launches {} covering {} of the {}; {} pending.",
        format::counted(u64::from(p.launched_executors), "executor"),
        p.covered_requests,
        format::counted(u64::from(p.requested), "request"),
        p.pending_requests
    )));
    Summary {
        title,
        lead,
        containers: Some(emr_containers(p)),
        nodes: Some(nodes_table(&p.layout, ClusterManager::Emr)),
        configuration: emr_exports::spark_conf(p),
        findings,
        manager: ClusterManager::Emr,
    }
}

/// YARN's executor and ApplicationMaster containers.
pub fn yarn_containers(placement: &Placement) -> Table {
    let e = placement.executor;
    let am = placement.am;
    let rows = vec![
        vec![
            "Executor".to_string(),
            placement.totals.executors.to_string(),
            e.memory.heap_mib.to_string(),
            e.memory.overhead_mib.to_string(),
            e.memory.offheap_mib.to_string(),
            e.memory.pyspark_mib.to_string(),
            e.request.memory_mib.to_string(),
            e.granted.memory_mib.to_string(),
            e.granted.vcores.to_string(),
        ],
        vec![
            "ApplicationMaster".to_string(),
            u32::from(am.node.is_some()).to_string(),
            am.heap_mib.to_string(),
            am.overhead_mib.to_string(),
            "0".to_string(),
            "0".to_string(),
            am.request.memory_mib.to_string(),
            am.granted.memory_mib.to_string(),
            am.granted.vcores.to_string(),
        ],
    ];
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
pub fn kubernetes_pods(p: &K8sPlan, spark: &K8sSpark) -> Table {
    let m = p.executor_memory;
    let pods = p.pod_specs(spark);
    let row = |name: &str, count: u64, pod: &PodResources, parts: [String; 4]| {
        let mut cells = vec![name.to_string(), count.to_string()];
        cells.extend(parts);
        cells.push(pod.memory_quantity());
        cells.push(pod.cpu_request.clone());
        cells.push(pod.cpu_limit.clone().unwrap_or_else(|| "none".to_string()));
        cells
    };
    let mut rows = vec![row(
        "Executor pod",
        u64::from(p.totals.executors),
        &pods.executor,
        [m.heap_mib, m.overhead_mib, m.offheap_mib, m.pyspark_mib].map(|mib| mib.to_string()),
    )];
    if let (Some(driver), Some(memory)) = (&pods.driver, p.driver) {
        let parts = [memory.heap_mib, memory.overhead_mib, 0, 0].map(|mib| mib.to_string());
        rows.push(row("Driver pod", 1, driver, parts));
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
pub fn emr_containers(p: &EmrPlan) -> Table {
    let r = p.request;
    let mut rows = vec![vec![
        "Executor as requested".to_string(),
        p.requested.to_string(),
        r.memory.heap_mib.to_string(),
        r.memory.overhead_mib.to_string(),
        r.granted.memory_mib.to_string(),
        r.cores.to_string(),
        r.granted.vcores.to_string(),
    ]];
    for l in &p.launched {
        rows.push(vec![
            format!("Executor launched ({} merged)", l.merged),
            l.count.to_string(),
            l.heap_mib.to_string(),
            l.overhead_mib.to_string(),
            l.memory_mib.to_string(),
            l.cores.to_string(),
            l.yarn_vcores.to_string(),
        ]);
    }
    let am = p.am;
    rows.push(vec![
        "ApplicationMaster".to_string(),
        u32::from(am.node.is_some()).to_string(),
        am.heap_mib.to_string(),
        am.overhead_mib.to_string(),
        am.granted.memory_mib.to_string(),
        am.request.vcores.to_string(),
        am.granted.vcores.to_string(),
    ]);
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

/// What a node of `group` holds, in words: `ApplicationMaster + 2 executors`.
pub fn holds_words(group: &NodeGroup, m: ClusterManager) -> String {
    let executors = u64::from(group.executors_per_node());
    let executor_words = if m == ClusterManager::Kubernetes {
        format::counted(executors, "executor pod")
    } else {
        format::counted(executors, "executor")
    };
    if group.has_am() {
        format!("ApplicationMaster + {executor_words}")
    } else if group.has_driver_pod() {
        format!("Driver pod + {executor_words}")
    } else {
        executor_words
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

/// The sum over `group`'s blocks that `keep` accepts: (millicores, MiB).
fn sum_of(group: &NodeGroup, keep: fn(&Block) -> bool) -> (u64, u64) {
    group
        .blocks
        .iter()
        .filter(|b| keep(b))
        .fold((0, 0), |(cpu, mib), b| {
            (
                cpu.saturating_add(b.cpu_millis),
                mib.saturating_add(b.memory_mib),
            )
        })
}

/// One row per group of identical nodes: what each node holds, and its memory and CPU used by
/// Spark's containers, kept for the system, and left free.
pub fn nodes_table(layout: &[NodeGroup], m: ClusterManager) -> Table {
    let rows = layout
        .iter()
        .map(|g| {
            let (spark_cpu, spark_mib) = sum_of(g, Block::is_container);
            let (kept_cpu, kept_mib) = sum_of(g, |b| {
                matches!(b.kind, BlockKind::Reserved | BlockKind::DaemonSets)
            });
            let (free_cpu, free_mib) = sum_of(g, |b| b.kind == BlockKind::Unused);
            vec![
                crate::format::nodes_title(g.first_node, g.last_node),
                holds_words(g, m),
                spark_mib.to_string(),
                kept_mib.to_string(),
                free_mib.to_string(),
                format::cpu(spark_cpu, cpu_count(m)),
                format::cpu(kept_cpu, cpu_count(m)),
                format::cpu(free_cpu, cpu_count(m)),
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
