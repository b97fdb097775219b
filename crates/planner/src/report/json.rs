//! The JSON rendering of an outcome (feature `json`), for the command line and the JS API: a
//! stable document built from report-owned view structs, so the plan types stay free to change.
//!
//! Shape (`kind` `spark-sizer-report`, `schema` 1 — the report document, which the command
//! line's `--format json` prints; not the JS API's `plan()` result, another shape): `manager` (`yarn`, `k8s`, `emr`: the link's `cm` value), `status`
//! (`planned` or `invalid`), `diagnostics` (an invalid input's problems), and `plans`: one per
//! method (YARN: `rule-of-thumb` and `spark-exact`; else `kubernetes` or `emr`), each with
//! `selected`, a `headline`, `containers`, `layout`, `totals`, `working`, `warnings` and
//! `exports`; YARN adds `differences`. When a workload is described, `workload` (scan tasks and
//! waves, shuffle partitions, the per-task memory check, the recommended settings, remedies with
//! the link query that plans each, notes); when dynamic allocation is on, `dynamic_allocation`
//! (the initial count, min and max executors, what the cluster holds, notes). A diagnostic has
//! `code`, `severity`, `field` (the field's URL key, when one input is at fault) and `message`. Names are kebab-case ids or snake_case
//! keys; memory is in MiB (`_mib`) or bytes (`_bytes`), CPU in millicores (`_millis`). Fields
//! are added, never renamed or removed, within a schema.

use serde::Serialize;

use super::Report;
use crate::catalog::{self, ClusterManager};
use crate::dynamic_allocation::allocation_notes;
use crate::emr::{self, EmrPlan};
use crate::exports::{self, emr as emr_exports, k8s as k8s_exports};
use crate::input::Method;
use crate::job_fit::{remedy_words, workload_section_notes, JobFit};
use crate::k8s::{k8s_warnings, k8s_working, K8sInput, K8sPlan, K8sSpark, K8sTotals};
use crate::layout::{BlockKind, NodeGroup, Part, PartKind};
use crate::memory::UnifiedMemory;
use crate::place::{Placement, Totals};
use crate::plan::{self, Comparison, Step};
use crate::spark::PodResources;
use crate::units::format_spark_mib;
use crate::warning::Warning;
use crate::workload::{recommended_sql_conf, TaskVerdict};

/// The version of the document's shape.
pub const SCHEMA: u32 = 1;

/// Which document this is: the report (the JS API's `plan()` result is another shape, with a
/// `schema` of its own).
pub const KIND: &str = "spark-sizer-report";

/// The whole report.
#[derive(Debug, Clone, Serialize)]
pub struct Document {
    /// [`KIND`].
    pub kind: &'static str,
    /// [`SCHEMA`].
    pub schema: u32,
    /// `yarn`, `k8s` or `emr`.
    pub manager: &'static str,
    /// `planned`, or `invalid` (then `plans` is empty and `diagnostics` says why).
    pub status: &'static str,
    /// One plan per method, the selected one marked.
    pub plans: Vec<PlanView>,
    /// YARN: why the two methods' answers differ.
    pub differences: Vec<DiagnosticView>,
    /// An invalid input's problems.
    pub diagnostics: Vec<DiagnosticView>,
    /// The workload checks, when a workload is described ([`WorkloadView`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workload: Option<WorkloadView>,
    /// Dynamic allocation, when it is on ([`DynamicAllocationView`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dynamic_allocation: Option<DynamicAllocationView>,
}

/// The workload checks on the selected plan's executors (`None` parts: not described).
#[derive(Debug, Clone, Serialize)]
pub struct WorkloadView {
    /// The scan stage: tasks, task slots, waves, the last wave's tasks and idle slots.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scan: Option<ScanView>,
    /// The recommended `spark.sql.shuffle.partitions`, its target and average partition.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shuffle: Option<ShuffleView>,
    /// The largest task against the execution memory a task may take.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub task_memory: Option<TaskMemoryView>,
    /// The recommended Spark SQL settings (shuffle partitions, AQE).
    pub recommended_conf: Vec<ConfEntry>,
    /// Shapes that give the largest task more memory, each with the link query that plans it.
    pub remedies: Vec<RemedyView>,
    /// The findings, worded as the page words them.
    pub notes: Vec<DiagnosticView>,
}

/// The scan stage's tasks and waves.
#[derive(Debug, Clone, Serialize)]
pub struct ScanView {
    /// Tasks in the scan stage.
    pub tasks: u64,
    /// Tasks running at once across the executors.
    pub task_slots: u64,
    /// ⌈tasks ÷ slots⌉.
    pub waves: u64,
    /// Tasks in the last wave.
    pub last_wave_tasks: u64,
    /// Slots idle in the last wave.
    pub idle_slots_last_wave: u64,
}

/// The recommended shuffle partitions.
#[derive(Debug, Clone, Serialize)]
pub struct ShuffleView {
    /// `spark.sql.shuffle.partitions`, in whole waves.
    pub partitions: u64,
    /// The partition size aimed at.
    pub target_bytes: u64,
    /// The average partition at that count.
    pub average_bytes: u64,
}

/// The per-task memory check.
#[derive(Debug, Clone, Serialize)]
pub struct TaskMemoryView {
    /// The largest task's input.
    pub task_bytes: u64,
    /// Tasks running at once in one executor (N).
    pub tasks_at_once: u32,
    /// Guaranteed per task: execution ÷ 2N.
    pub guaranteed_bytes: u64,
    /// The most per task: execution ÷ N.
    pub most_bytes: u64,
    /// `fits`, `tight` or `does-not-fit`.
    pub verdict: &'static str,
}

/// A remedy that is an executor shape.
#[derive(Debug, Clone, Serialize)]
pub struct RemedyView {
    /// What it is, worded.
    pub description: String,
    /// Whether the largest task fits in it.
    pub fits: bool,
    /// The share-link query of the scenario it plans.
    pub link_query: String,
}

/// Dynamic allocation's effective counts.
#[derive(Debug, Clone, Serialize)]
pub struct DynamicAllocationView {
    /// Executors Spark starts with: the largest of min, initial and instances.
    pub initial: u32,
    /// `minExecutors`.
    pub min_executors: u32,
    /// `maxExecutors` (absent: unbounded).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_executors: Option<u32>,
    /// Executors the queue or the cluster holds.
    pub cluster_holds: u32,
    /// The findings, worded.
    pub notes: Vec<DiagnosticView>,
}

/// One method's answer.
#[derive(Debug, Clone, Serialize)]
pub struct PlanView {
    /// `rule-of-thumb`, `spark-exact`, `kubernetes` or `emr`.
    pub method: &'static str,
    /// Whether this is the answer shown first.
    pub selected: bool,
    /// The answer in numbers.
    pub headline: Headline,
    /// Executor, ApplicationMaster or driver containers (pods on Kubernetes).
    pub containers: Vec<ContainerView>,
    /// Per-node layout, identical nodes grouped.
    pub layout: Vec<NodeGroupView>,
    /// Sums over the layout.
    pub totals: TotalsView,
    /// YARN: the unified-memory pools of one executor, when Spark accepts the heap.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unified_memory: Option<UnifiedMemoryView>,
    /// The derivation, in order.
    pub working: Vec<StepView>,
    /// Findings, most severe first.
    pub warnings: Vec<DiagnosticView>,
    /// What to paste.
    pub exports: ExportsView,
}

/// Executors × cores × memory.
#[derive(Debug, Clone, Serialize)]
pub struct Headline {
    /// Executors asked for (`spark.executor.instances`).
    pub executors: u32,
    /// Executors that run (EMR: launched, possibly merged).
    pub executors_running: u32,
    /// `spark.executor.cores`.
    pub cores_per_executor: u32,
    /// `spark.executor.memory` as emitted (`19g`).
    pub executor_memory: String,
    /// The executor heap.
    pub heap_mib: u64,
    /// Tasks at once.
    pub task_slots: u64,
    /// Whether at least one executor runs.
    pub fits: bool,
}

/// A container or pod, with the quantities its cluster manager has.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ContainerView {
    /// `executor`, `executor-launched` (EMR, merged), `application-master` or `driver`.
    pub role: &'static str,
    /// How many run.
    pub count: u64,
    /// JVM heap.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heap_mib: Option<u64>,
    /// Memory overhead.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overhead_mib: Option<u64>,
    /// Off-heap memory.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offheap_mib: Option<u64>,
    /// PySpark worker memory.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pyspark_mib: Option<u64>,
    /// Memory requested (a pod's request, equal to its limit).
    pub requested_mib: u64,
    /// Memory YARN grants (YARN and EMR).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub granted_mib: Option<u64>,
    /// Cores Spark runs tasks on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cores: Option<u32>,
    /// Vcores the ResourceManager records (YARN and EMR).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub yarn_vcores: Option<u32>,
    /// A pod's CPU request as written (Kubernetes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_request: Option<String>,
    /// A pod's CPU limit, when set (Kubernetes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_limit: Option<String>,
    /// Requests merged into each (EMR's launched executors).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub merged_requests: Option<u32>,
    /// The node the ApplicationMaster runs on (1-based).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node: Option<u32>,
}

/// Consecutive nodes with the same blocks.
#[derive(Debug, Clone, Serialize)]
pub struct NodeGroupView {
    /// First node, 1-based.
    pub first_node: u32,
    /// Last node, inclusive.
    pub last_node: u32,
    /// Each node's blocks, in order.
    pub blocks: Vec<BlockView>,
}

/// A block of a node.
#[derive(Debug, Clone, Serialize)]
pub struct BlockView {
    /// `os-reserved`, `application-master`, `executor`, `unused` (YARN, EMR); `system-reserved`,
    /// `daemonsets`, `driver`, `executor`, `unused` (Kubernetes).
    pub kind: &'static str,
    /// Vcores (YARN, EMR).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vcores: Option<u64>,
    /// CPU requested, in millicores (Kubernetes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_millis: Option<u64>,
    /// Memory.
    pub memory_mib: u64,
    /// Memory parts of a container.
    pub parts: Vec<PartView>,
}

/// A memory part of a block.
#[derive(Debug, Clone, Serialize)]
pub struct PartView {
    /// `heap`, `overhead`, `off-heap`, `pyspark` or `rounding`.
    pub kind: &'static str,
    /// Its size.
    pub mib: u64,
}

/// Sums over a layout: YARN's and EMR's, or Kubernetes'.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum TotalsView {
    /// YARN and EMR.
    Yarn {
        /// Executors placed.
        executors: u32,
        /// Tasks at once.
        task_slots: u64,
        /// Sum of executor heaps.
        heap_mib: u64,
        /// NodeManager memory of all nodes.
        yarn_memory_mib: u64,
        /// NodeManager vcores of all nodes.
        yarn_vcores: u64,
        /// Memory requested by containers.
        requested_memory_mib: u64,
        /// Memory granted to containers.
        granted_memory_mib: u64,
        /// Vcores held by containers.
        granted_vcores: u64,
        /// NodeManager memory left free.
        unused_memory_mib: u64,
        /// NodeManager vcores left free.
        unused_vcores: u64,
        /// Memory YARN's rounding added.
        rounding_mib: u64,
    },
    /// Kubernetes.
    Kubernetes {
        /// Executor pods placed.
        executors: u32,
        /// Tasks at once.
        task_slots: u64,
        /// CPU requested by Spark's pods.
        cpu_requested_millis: u64,
        /// Memory requested by Spark's pods.
        memory_requested_mib: u64,
        /// Allocatable CPU beside daemonsets, all nodes.
        cpu_available_millis: u64,
        /// Allocatable memory beside daemonsets, all nodes.
        memory_available_mib: u64,
    },
}

/// The unified-memory pools of one executor, in bytes as Spark computes them.
#[derive(Debug, Clone, Serialize)]
pub struct UnifiedMemoryView {
    /// Reserved memory.
    pub reserved_bytes: u64,
    /// User memory.
    pub user_bytes: u64,
    /// The storage region.
    pub storage_bytes: u64,
    /// The execution region.
    pub execution_bytes: u64,
    /// Execution memory each task is guaranteed.
    pub per_task_min_bytes: u64,
    /// Execution memory a task may take when storage holds its region.
    pub per_task_max_bytes: u64,
}

/// One working step.
#[derive(Debug, Clone, Serialize)]
pub struct StepView {
    /// What it decides.
    pub title: String,
    /// The arithmetic with its numbers.
    pub detail: String,
}

/// A warning or an input's problem.
#[derive(Debug, Clone, Serialize)]
pub struct DiagnosticView {
    /// The stable code (`invalid-value`).
    pub code: &'static str,
    /// `info`, `warning` or `error`.
    pub severity: &'static str,
    /// The URL key of the input at fault, if one is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<&'static str>,
    /// The explanation, with its numbers.
    pub message: String,
}

/// A configuration setting.
#[derive(Debug, Clone, Serialize)]
pub struct ConfEntry {
    /// The Spark key.
    pub key: String,
    /// Its value as emitted.
    pub value: String,
}

/// What to paste.
#[derive(Debug, Clone, Serialize)]
pub struct ExportsView {
    /// The Spark configuration, in order.
    pub spark_conf: Vec<ConfEntry>,
    /// `spark-submit`'s arguments (without the application).
    pub spark_submit: Vec<String>,
    /// Kubernetes: the Spark operator's `SparkApplication` fragment.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spark_operator_yaml: Option<String>,
    /// EMR: the configuration classifications.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub emr_classifications: Option<serde_json::Value>,
    /// EMR: the `YarnAllocator` lines of the driver log.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub driver_log: Option<Vec<String>>,
}

/// The JSON text of a report, indented.
pub fn report(report: &Report<'_>) -> String {
    // Plain structs with string keys always serialize; the default is never used.
    serde_json::to_string_pretty(&document(report)).unwrap_or_default()
}

/// The JSON text of a report with its workload and dynamic allocation sections, indented.
pub fn report_with_job_fit(report: &Report<'_>, fit: Option<&JobFit>) -> String {
    let mut doc = document(report);
    if let Some(fit) = fit {
        doc.workload = workload_view(fit);
        doc.dynamic_allocation = dynamic_allocation_view(fit);
    }
    // Plain structs with string keys always serialize; the default is never used.
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

fn workload_view(fit: &JobFit) -> Option<WorkloadView> {
    let n = fit.workload.as_ref()?;
    let m = fit.manager;
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
                TaskVerdict::Fits => "fits",
                TaskVerdict::Tight => "tight",
                TaskVerdict::DoesNotFit => "does-not-fit",
            },
        }),
        recommended_conf: conf(&recommended_sql_conf(n)),
        remedies: fit
            .remedies
            .iter()
            .map(|r| RemedyView {
                description: remedy_words(r),
                fits: r.fits,
                link_query: crate::url::scenario_to_query(&r.scenario),
            })
            .collect(),
        notes: diagnostics(m, &workload_section_notes(fit)),
    })
}

fn dynamic_allocation_view(fit: &JobFit) -> Option<DynamicAllocationView> {
    let a = &fit.allocation;
    a.enabled.then(|| DynamicAllocationView {
        initial: a.initial,
        min_executors: a.settings.min_executors,
        max_executors: a.ceiling,
        cluster_holds: a.holds,
        notes: diagnostics(fit.manager, &allocation_notes(a)),
    })
}

/// The document of a report.
pub fn document(report: &Report<'_>) -> Document {
    let m = report.manager();
    let mut doc = Document {
        kind: KIND,
        schema: SCHEMA,
        manager: m.as_str(),
        status: "planned",
        plans: Vec::new(),
        differences: Vec::new(),
        diagnostics: Vec::new(),
        workload: None,
        dynamic_allocation: None,
    };
    match *report {
        Report::Yarn(c) => {
            doc.plans = [Method::RuleOfThumb, Method::SparkExact]
                .into_iter()
                .map(|method| yarn_plan(c, method))
                .collect();
            doc.differences = diagnostics(m, &plan::differences(c));
        }
        Report::Kubernetes(p, input) => doc.plans = vec![kubernetes_plan(p, input)],
        Report::Emr(p) => doc.plans = vec![emr_plan(p)],
        Report::Invalid(_, problems) => {
            doc.status = "invalid";
            doc.diagnostics = diagnostics(m, problems);
        }
    }
    doc
}

fn yarn_plan(c: &Comparison, method: Method) -> PlanView {
    let p = c.plan_of(method);
    let selected = method == c.selected;
    let pairs = exports::yarn_spark_conf(c, method);
    let t = p.placement.totals;
    PlanView {
        method: Method::id(p.method),
        selected,
        headline: Headline {
            executors: p.instances,
            executors_running: t.executors,
            cores_per_executor: p.cores(),
            executor_memory: p.heap_setting(),
            heap_mib: p.heap_mib(),
            task_slots: t.task_slots,
            fits: t.executors > 0,
        },
        containers: yarn_containers(&p.placement),
        layout: p
            .placement
            .layout
            .iter()
            .map(|g| group_view(g, false))
            .collect(),
        totals: yarn_totals(&t),
        unified_memory: p.memory.as_ref().ok().map(unified_memory),
        working: steps(&plan::working_steps(c, method)),
        warnings: diagnostics(ClusterManager::Yarn, &plan::warnings(c, method)),
        exports: ExportsView {
            spark_conf: conf(&pairs),
            spark_submit: exports::submit_flags(&pairs),
            spark_operator_yaml: None,
            emr_classifications: None,
            driver_log: None,
        },
    }
}

/// YARN's executor and ApplicationMaster containers (also the JS API's).
pub fn yarn_containers(placement: &Placement) -> Vec<ContainerView> {
    let e = placement.executor;
    let executor = ContainerView {
        role: "executor",
        count: u64::from(placement.totals.executors),
        heap_mib: Some(e.memory.heap_mib),
        overhead_mib: Some(e.memory.overhead_mib),
        offheap_mib: Some(e.memory.offheap_mib),
        pyspark_mib: Some(e.memory.pyspark_mib),
        requested_mib: e.request.memory_mib,
        granted_mib: Some(e.granted.memory_mib),
        cores: Some(e.cores),
        yarn_vcores: Some(e.granted.vcores),
        ..ContainerView::default()
    };
    vec![executor, application_master(placement.am)]
}

fn application_master(am: crate::place::AmShape) -> ContainerView {
    ContainerView {
        role: "application-master",
        count: u64::from(am.node.is_some()),
        heap_mib: Some(am.heap_mib),
        overhead_mib: Some(am.overhead_mib),
        requested_mib: am.request.memory_mib,
        granted_mib: Some(am.granted.memory_mib),
        cores: Some(am.request.vcores),
        yarn_vcores: Some(am.granted.vcores),
        node: am.node,
        ..ContainerView::default()
    }
}

fn yarn_totals(t: &Totals) -> TotalsView {
    TotalsView::Yarn {
        executors: t.executors,
        task_slots: t.task_slots,
        heap_mib: t.heap_mib,
        yarn_memory_mib: t.yarn_memory_mib,
        yarn_vcores: t.yarn_vcores,
        requested_memory_mib: t.requested_memory_mib,
        granted_memory_mib: t.granted_memory_mib,
        granted_vcores: t.granted_vcores,
        unused_memory_mib: t.unused_memory_mib,
        unused_vcores: t.unused_vcores,
        rounding_mib: t.rounding_mib(),
    }
}

fn unified_memory(m: &UnifiedMemory) -> UnifiedMemoryView {
    UnifiedMemoryView {
        reserved_bytes: m.reserved_bytes,
        user_bytes: m.user_bytes,
        storage_bytes: m.storage_bytes,
        execution_bytes: m.execution_bytes,
        per_task_min_bytes: m.per_task_min_bytes,
        per_task_max_bytes: m.per_task_max_bytes,
    }
}

fn kubernetes_plan(p: &K8sPlan, input: &K8sInput) -> PlanView {
    let spark = &input.spark;
    let t = p.totals;
    PlanView {
        method: "kubernetes",
        selected: true,
        headline: Headline {
            executors: t.executors,
            executors_running: t.executors,
            cores_per_executor: spark.executor_cores,
            executor_memory: format_spark_mib(spark.executor_memory_mib),
            heap_mib: p.executor_memory.heap_mib,
            task_slots: t.task_slots,
            fits: t.executors > 0,
        },
        containers: pods(p, spark),
        layout: p.layout.iter().map(|g| group_view(g, true)).collect(),
        totals: kubernetes_totals(&t),
        unified_memory: None,
        working: steps(&k8s_working(input, p)),
        warnings: diagnostics(ClusterManager::Kubernetes, &k8s_warnings(input, p)),
        exports: ExportsView {
            spark_conf: conf(&k8s_exports::spark_conf(p, spark)),
            spark_submit: k8s_exports::spark_submit_flags(p, spark),
            spark_operator_yaml: Some(k8s_exports::spark_operator_yaml(p, spark)),
            emr_classifications: None,
            driver_log: None,
        },
    }
}

fn pod(role: &'static str, count: u64, r: &PodResources) -> ContainerView {
    ContainerView {
        role,
        count,
        requested_mib: r.memory_mib,
        cpu_request: Some(r.cpu_request.clone()),
        cpu_limit: r.cpu_limit.clone(),
        ..ContainerView::default()
    }
}

/// Kubernetes' executor and driver pods (also the JS API's).
pub fn pods(p: &K8sPlan, spark: &K8sSpark) -> Vec<ContainerView> {
    let m = p.executor_memory;
    let specs = p.pod_specs(spark);
    let executor = ContainerView {
        heap_mib: Some(m.heap_mib),
        overhead_mib: Some(m.overhead_mib),
        offheap_mib: Some(m.offheap_mib),
        pyspark_mib: Some(m.pyspark_mib),
        ..pod("executor", u64::from(p.totals.executors), &specs.executor)
    };
    let mut views = vec![executor];
    if let Some(d) = &specs.driver {
        views.push(pod("driver", 1, d));
    }
    views
}

fn kubernetes_totals(t: &K8sTotals) -> TotalsView {
    TotalsView::Kubernetes {
        executors: t.executors,
        task_slots: t.task_slots,
        cpu_requested_millis: t.cpu_requested_millis,
        memory_requested_mib: t.memory_requested_mib,
        cpu_available_millis: t.cpu_available_millis,
        memory_available_mib: t.memory_available_mib,
    }
}

fn emr_plan(p: &EmrPlan) -> PlanView {
    let r = p.request;
    PlanView {
        method: "emr",
        selected: true,
        headline: Headline {
            executors: p.requested,
            executors_running: p.launched_executors,
            cores_per_executor: r.cores,
            executor_memory: format_spark_mib(r.memory.heap_mib),
            heap_mib: r.memory.heap_mib,
            task_slots: p.totals.task_slots,
            fits: p.launched_executors > 0,
        },
        containers: emr_containers(p),
        layout: p.layout.iter().map(|g| group_view(g, false)).collect(),
        totals: yarn_totals(&p.totals),
        unified_memory: None,
        working: steps(&emr::working_steps(p)),
        warnings: diagnostics(ClusterManager::Emr, &emr::warnings(p)),
        exports: ExportsView {
            spark_conf: conf(&emr_exports::spark_conf(p)),
            spark_submit: emr_exports::submit_flags(p),
            spark_operator_yaml: None,
            emr_classifications: serde_json::from_str(&emr_exports::classification_json(p)).ok(),
            driver_log: Some(emr_exports::driver_log(p)),
        },
    }
}

/// EMR's requested and launched executors and its ApplicationMaster (also the JS API's).
pub fn emr_containers(p: &EmrPlan) -> Vec<ContainerView> {
    let r = p.request;
    let requested = ContainerView {
        role: "executor",
        count: u64::from(p.requested),
        heap_mib: Some(r.memory.heap_mib),
        overhead_mib: Some(r.memory.overhead_mib),
        requested_mib: r.request.memory_mib,
        granted_mib: Some(r.granted.memory_mib),
        cores: Some(r.cores),
        yarn_vcores: Some(r.granted.vcores),
        ..ContainerView::default()
    };
    // Plain pushes rather than a chain of iterators collected: smaller wasm modules.
    let mut views = Vec::with_capacity(p.launched.len() + 2);
    views.push(requested);
    for l in &p.launched {
        views.push(ContainerView {
            role: "executor-launched",
            count: u64::from(l.count),
            heap_mib: Some(l.heap_mib),
            overhead_mib: Some(l.overhead_mib),
            requested_mib: l.memory_mib,
            granted_mib: Some(l.memory_mib),
            cores: Some(l.cores),
            yarn_vcores: Some(l.yarn_vcores),
            merged_requests: Some(l.merged),
            ..ContainerView::default()
        });
    }
    views.push(application_master(p.am));
    views
}

/// A node group's blocks; YARN and EMR count vcores, Kubernetes millicores.
pub fn group_view(g: &NodeGroup, kubernetes: bool) -> NodeGroupView {
    let mut blocks = Vec::with_capacity(g.blocks.len());
    for b in &g.blocks {
        blocks.push(BlockView {
            kind: block_kind(b.kind, kubernetes),
            vcores: (!kubernetes).then(|| b.vcores()),
            cpu_millis: kubernetes.then_some(b.cpu_millis),
            memory_mib: b.memory_mib,
            parts: parts(&b.parts),
        });
    }
    NodeGroupView {
        first_node: g.first_node,
        last_node: g.last_node,
        blocks,
    }
}

/// A block's kind as the document names it for the manager.
fn block_kind(kind: BlockKind, kubernetes: bool) -> &'static str {
    match (kind, kubernetes) {
        (BlockKind::Reserved, false) => "os-reserved",
        (BlockKind::Reserved, true) => "system-reserved",
        (BlockKind::ApplicationMaster, _) => "application-master",
        (BlockKind::Executor, _) => "executor",
        (BlockKind::Unused, _) => "unused",
        (BlockKind::DaemonSets, _) => "daemonsets",
        (BlockKind::DriverPod, _) => "driver",
    }
}

fn parts(parts: &[Part]) -> Vec<PartView> {
    let mut views = Vec::with_capacity(parts.len());
    for p in parts {
        views.push(PartView {
            kind: match p.kind {
                PartKind::Heap => "heap",
                PartKind::Overhead => "overhead",
                PartKind::OffHeap => "off-heap",
                PartKind::PySpark => "pyspark",
                PartKind::Rounding => "rounding",
            },
            mib: p.mib,
        });
    }
    views
}

fn steps(working: &[Step]) -> Vec<StepView> {
    working
        .iter()
        .map(|s| StepView {
            title: s.title.clone(),
            detail: s.detail.clone(),
        })
        .collect()
}

fn diagnostics(m: ClusterManager, findings: &[Warning]) -> Vec<DiagnosticView> {
    findings
        .iter()
        .map(|w| DiagnosticView {
            code: w.code.as_str(),
            severity: w.severity.as_str(),
            field: w.field.map(|f| catalog::key(m, f)),
            message: w.message.clone(),
        })
        .collect()
}

fn conf(pairs: &[(String, String)]) -> Vec<ConfEntry> {
    pairs
        .iter()
        .map(|(key, value)| ConfEntry {
            key: key.clone(),
            value: value.clone(),
        })
        .collect()
}
