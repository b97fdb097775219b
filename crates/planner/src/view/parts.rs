//! The parts of a view every cluster manager builds alike: findings, steps, configuration and
//! exports, the node groups of the one layout model, the containers, and the workload's and
//! dynamic allocation's results.

use super::{
    BlockKindView, BlockView, ConfEntry, DynamicAllocationView, ExportsView, Finding, NearestKind,
    NearestPlan, NodeGroupView, PartKindView, PartView, Refusal, RemedyView, ScanView, ShuffleView,
    Step, TaskMemoryView, TaskVerdictView, View, WorkloadView,
};
use crate::catalog::{self, ClusterManager};
use crate::job_fit::{job_fit, remedy_words, smaller_tasks_note, workload_section_notes, JobFit};
use crate::layout::{Block, BlockKind, NodeGroup, Part, PartKind};
use crate::scenario::{Outcome, Scenario};
use crate::shortfall::{Nearest, Shortfall};
use crate::warning::{Severity, Warning};
use crate::workload::{recommended_sql_conf, workload_notes, TaskVerdict};

/// A finding of `m`, its field named by its link key.
pub(super) fn finding(m: ClusterManager, w: &Warning) -> Finding {
    Finding {
        code: w.code.as_str().to_string(),
        severity: w.severity,
        field: w.field.map(|f| catalog::key(m, f).to_string()),
        message: w.message.clone(),
    }
}

/// Findings of `m`, in their order.
pub(super) fn findings(m: ClusterManager, found: &[Warning]) -> Vec<Finding> {
    // Plain loops rather than iterators collected, here and below: smaller wasm modules.
    let mut views = Vec::with_capacity(found.len());
    for w in found {
        views.push(finding(m, w));
    }
    views
}

/// Why a plan runs fewer executors than it asks for, in `message`, with the nearest plans that
/// `words` says (its index and plan; `None` leaves a plan unsaid): an error when none runs.
pub(super) fn shortfall_refusal(
    m: ClusterManager,
    s: &Shortfall,
    message: String,
    words: &dyn Fn(usize, &Nearest) -> Option<String>,
) -> Refusal {
    let mut nearest = Vec::with_capacity(s.nearest.len());
    for (i, n) in s.nearest.iter().enumerate() {
        if let Some(w) = words(i, n) {
            nearest.push(nearest_plan(m, n, w));
        }
    }
    Refusal {
        severity: if s.runs == 0 {
            Severity::Error
        } else {
            Severity::Warning
        },
        asked: s.asked,
        runs: s.runs,
        message,
        nearest,
    }
}

/// A nearest plan of `m`, with its words.
fn nearest_plan(m: ClusterManager, n: &Nearest, message: String) -> NearestPlan {
    let (kind, field, setting_mib, shape) = match *n {
        Nearest::Heap {
            field,
            heap_mib,
            shape,
        } => (
            NearestKind::Heap,
            Some(catalog::key(m, field).to_string()),
            Some(heap_mib),
            shape,
        ),
        Nearest::SparkExact(s) => (NearestKind::SparkExact, None, None, s),
        Nearest::Fewer(s) => (NearestKind::Fewer, None, None, s),
        Nearest::SmallerHeap(s) => (NearestKind::SmallerHeap, None, None, s),
        Nearest::LargestThatFits(s) => (NearestKind::LargestThatFits, None, None, s),
    };
    NearestPlan {
        kind,
        field,
        setting_mib,
        executors: shape.executors,
        cores: shape.cores,
        heap_mib: shape.heap_mib,
        message,
    }
}

/// Working steps.
pub(super) fn steps(working: &[crate::plan::Step]) -> Vec<Step> {
    let mut views = Vec::with_capacity(working.len());
    for s in working {
        views.push(Step {
            title: s.title.clone(),
            detail: s.detail.clone(),
        });
    }
    views
}

/// Configuration pairs as entries.
pub(super) fn conf(pairs: &[(String, String)]) -> Vec<ConfEntry> {
    let mut entries = Vec::with_capacity(pairs.len());
    for (key, value) in pairs {
        entries.push(ConfEntry {
            key: key.clone(),
            value: value.clone(),
        });
    }
    entries
}

/// The exports every cluster manager has: the configuration, as entries and as
/// `spark-defaults.conf`, and `spark-submit`'s arguments and command.
pub(super) fn exports(pairs: &[(String, String)], args: Vec<String>) -> ExportsView {
    let mut spark_defaults_conf = String::new();
    for (key, value) in pairs {
        spark_defaults_conf.push_str(key);
        spark_defaults_conf.push(' ');
        spark_defaults_conf.push_str(value);
        spark_defaults_conf.push('\n');
    }
    ExportsView {
        spark_conf: conf(pairs),
        spark_defaults_conf,
        spark_submit: crate::exports::submit_command(&args),
        spark_submit_args: args,
        spark_operator_yaml: None,
        emr_configurations_json: None,
        driver_log: None,
    }
}

/// Node groups of the layout model; YARN and EMR count vcores, Kubernetes millicores.
pub(super) fn groups(layout: &[NodeGroup], m: ClusterManager) -> Vec<NodeGroupView> {
    let mut views = Vec::with_capacity(layout.len());
    for g in layout {
        views.push(group(g, m));
    }
    views
}

fn group(g: &NodeGroup, m: ClusterManager) -> NodeGroupView {
    let kubernetes = m == ClusterManager::Kubernetes;
    let mut blocks = Vec::with_capacity(g.blocks.len());
    for b in &g.blocks {
        blocks.push(block(b, kubernetes));
    }
    NodeGroupView {
        first_node: g.first_node,
        last_node: g.last_node,
        title: crate::format::nodes_title(g.first_node, g.last_node),
        holds: super::words::holds(g, m),
        executors_per_node: g.executors_per_node(),
        memory_mib: g.memory_mib(),
        cpu_millis: g.cpu_millis(),
        blocks,
    }
}

fn block(b: &Block, kubernetes: bool) -> BlockView {
    BlockView {
        kind: block_kind(b.kind, kubernetes),
        vcores: (!kubernetes).then(|| b.vcores()),
        cpu_millis: kubernetes.then_some(b.cpu_millis),
        memory_mib: b.memory_mib,
        parts: parts(&b.parts),
    }
}

/// A block's kind as the view names it for the manager.
fn block_kind(kind: BlockKind, kubernetes: bool) -> BlockKindView {
    match (kind, kubernetes) {
        (BlockKind::Reserved, false) => BlockKindView::OsReserved,
        (BlockKind::Reserved, true) => BlockKindView::SystemReserved,
        (BlockKind::ApplicationMaster, _) => BlockKindView::ApplicationMaster,
        (BlockKind::Executor, _) => BlockKindView::Executor,
        (BlockKind::Unused, _) => BlockKindView::Unused,
        (BlockKind::DaemonSets, _) => BlockKindView::Daemonsets,
        (BlockKind::DriverPod, _) => BlockKindView::Driver,
    }
}

fn parts(parts: &[Part]) -> Vec<PartView> {
    let mut views = Vec::with_capacity(parts.len());
    for p in parts {
        views.push(PartView {
            kind: match p.kind {
                PartKind::Heap => PartKindView::Heap,
                PartKind::Overhead => PartKindView::Overhead,
                PartKind::OffHeap => PartKindView::OffHeap,
                PartKind::PySpark => PartKindView::Pyspark,
                PartKind::Rounding => PartKindView::Rounding,
            },
            mib: p.mib,
        });
    }
    views
}

/// The workload's and dynamic allocation's results on the plan, when there is something to say
/// (a workload described, dynamic allocation on).
pub(super) fn fill_job_fit(view: &mut View, scenario: &Scenario, outcome: &Outcome) {
    let Some(fit) = job_fit(scenario, outcome) else {
        return;
    };
    view.workload = workload(&fit);
    view.dynamic_allocation = dynamic_allocation(&fit);
}

fn workload(fit: &JobFit) -> Option<WorkloadView> {
    let n = fit.workload.as_ref()?;
    let mut remedies = Vec::with_capacity(fit.remedies.len());
    for r in &fit.remedies {
        remedies.push(RemedyView {
            description: remedy_words(r),
            fits: r.fits,
            link_query: crate::url::scenario_to_query(&r.scenario),
        });
    }
    Some(WorkloadView {
        scan: n.scan.map(|s| ScanView {
            tasks: s.tasks,
            task_slots: s.task_slots,
            waves: s.waves,
            last_wave_tasks: s.last_wave_tasks,
            idle_slots_last_wave: s.idle_slots_last_wave,
        }),
        shuffle: n.shuffle.map(|s| ShuffleView {
            partitions: s.partitions,
            target_bytes: s.target_bytes,
            average_bytes: s.average_bytes,
        }),
        task_memory: n.task.map(|t| TaskMemoryView {
            task_bytes: t.task_bytes,
            tasks_at_once: t.tasks_at_once,
            guaranteed_bytes: t.min_bytes,
            most_bytes: t.max_bytes,
            verdict: match t.verdict {
                TaskVerdict::Fits => TaskVerdictView::Fits,
                TaskVerdict::Tight => TaskVerdictView::Tight,
                TaskVerdict::DoesNotFit => TaskVerdictView::DoesNotFit,
            },
        }),
        recommended_conf: conf(&recommended_sql_conf(n)),
        remedies,
        verdict: findings(fit.manager, &verdict_notes(fit)),
        notes: findings(fit.manager, &workload_section_notes(fit)),
    })
}

/// The workload's verdict: its checks and smaller tasks, most severe first (the shape remedies
/// are the view's `remedies`, each applied by one click).
fn verdict_notes(fit: &JobFit) -> Vec<Warning> {
    let mut notes = fit.workload.map(|n| workload_notes(&n)).unwrap_or_default();
    notes.extend(fit.smaller_tasks.map(|s| smaller_tasks_note(&s)));
    crate::warning::most_severe_first(notes)
}

fn dynamic_allocation(fit: &JobFit) -> Option<DynamicAllocationView> {
    let a = &fit.allocation;
    a.enabled.then(|| DynamicAllocationView {
        initial: a.initial,
        min_executors: a.settings.min_executors,
        initial_executors: a.initial_setting,
        instances: a.instances,
        max_executors: a.ceiling,
        cluster_holds: a.holds,
        initial_note: crate::dynamic_allocation::initial_count_note(a),
        notes: findings(fit.manager, &crate::dynamic_allocation::allocation_notes(a)),
    })
}

/// The GPUs of a plan's executors of `cores` on nodes of `node_gpus` (`None` when neither
/// executors nor tasks ask for GPUs); `limit_executors`: the GPUs bind the executors per node.
pub(super) fn gpus(
    gpus: &crate::resources::GpuAsk,
    node_gpus: u64,
    (cores, task_cpus): (u32, u32),
    limit_executors: bool,
) -> Option<super::GpusView> {
    if !gpus.asks() {
        return None;
    }
    let limit_tasks = gpus
        .task_slots(cores, task_cpus)
        .is_ok_and(|t| t.gpus_limit());
    Some(super::GpusView {
        per_executor: gpus.executor,
        per_task: gpus.task_words(),
        per_node: node_gpus,
        limit_tasks,
        limit_executors,
    })
}
