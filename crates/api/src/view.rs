//! The API's boundary types: what `plan()` hands to JavaScript, as plain data written as JSON
//! by [`crate::json`]
//! (`js/spark_sizer.d.ts` declares the same shape; `tests/typescript.rs` keeps them in step).
//!
//! Names follow the planner's JSON report (`planner::report::json`): snake_case keys,
//! kebab-case ids, memory in MiB (`_mib`), CPU in millicores (`_millis`). Working steps are
//! left out (the page and the JSON report carry them): the API's wasm stays small.

use planner::catalog::{self, ClusterManager};
use planner::emr::{self, EmrPlan};
use planner::exports::{self, emr as emr_exports, k8s as k8s_exports};
use planner::input::Method;
use planner::k8s::{k8s_warnings, K8sInput, K8sPlan, K8sTotals};
use planner::place::Totals;
use planner::plan::{self, Comparison};
use planner::units::format_spark_mib;
use planner::warning::Warning;

// The containers and the layout as the JSON report writes them: one shape and one function for
// both.
use planner::report::json::{emr_containers, group_view, pods, yarn_containers};
pub use planner::report::json::{BlockView, ContainerView, NodeGroupView, PartView};

/// The version of the result's shape.
pub const SCHEMA: u32 = 1;

/// What `plan()` returns.
#[derive(Debug, Clone)]
pub struct PlanResult {
    /// [`SCHEMA`].
    pub schema: u32,
    /// `yarn`, `k8s` or `emr` (the link's `cm`).
    pub manager: &'static str,
    /// `planned`, or `invalid` (then `plans` is empty and `diagnostics` says why).
    pub status: &'static str,
    /// The input as read, as a share-link query (`v=1&c=32`): unreadable values left out.
    pub link: String,
    /// About the input: values that could not be read or are not allowed, unknown or repeated
    /// keys, most severe first.
    pub diagnostics: Vec<DiagnosticView>,
    /// One plan per method (YARN: `rule-of-thumb` and `spark-exact`), the selected one marked.
    pub plans: Vec<PlanView>,
    /// YARN: why the two methods' answers differ.
    pub differences: Vec<DiagnosticView>,
}

/// A warning, or a problem with the input.
#[derive(Debug, Clone, Default)]
pub struct DiagnosticView {
    /// The stable code (`invalid-value`).
    pub code: &'static str,
    /// `info`, `warning` or `error`.
    pub severity: &'static str,
    /// The link key of the input at fault, when one is (as given, for an unknown key).
    pub field: Option<String>,
    /// The explanation, with its numbers.
    pub message: String,
}

/// One method's answer.
#[derive(Debug, Clone)]
pub struct PlanView {
    /// `rule-of-thumb`, `spark-exact`, `kubernetes` or `emr`.
    pub method: &'static str,
    /// Whether this is the answer shown first.
    pub selected: bool,
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
    /// Executor, ApplicationMaster or driver containers (pods on Kubernetes).
    pub containers: Vec<ContainerView>,
    /// Per-node layout, identical consecutive nodes grouped.
    pub layout: Vec<NodeGroupView>,
    /// Sums over the layout.
    pub totals: TotalsView,
    /// Findings, most severe first.
    pub warnings: Vec<DiagnosticView>,
    /// What to paste.
    pub exports: ExportsView,
}

/// Sums over a layout (YARN and EMR fill the YARN fields, Kubernetes its own).
#[derive(Debug, Clone, Default)]
pub struct TotalsView {
    /// Executors placed.
    pub executors: u32,
    /// Tasks at once.
    pub task_slots: u64,
    /// Memory granted to containers (YARN, EMR) or requested by pods (Kubernetes).
    pub memory_used_mib: u64,
    /// NodeManager memory (YARN, EMR) or allocatable memory beside daemonsets (Kubernetes) of
    /// all nodes.
    pub memory_available_mib: u64,
    /// YARN, EMR: vcores held by containers.
    pub vcores_used: Option<u64>,
    /// YARN, EMR: NodeManager vcores of all nodes.
    pub vcores_available: Option<u64>,
    /// Kubernetes: CPU requested by Spark's pods.
    pub cpu_used_millis: Option<u64>,
    /// Kubernetes: allocatable CPU beside daemonsets, all nodes.
    pub cpu_available_millis: Option<u64>,
}

/// A configuration setting.
#[derive(Debug, Clone)]
pub struct ConfEntry {
    /// The Spark key.
    pub key: String,
    /// Its value as emitted.
    pub value: String,
}

/// What to paste.
#[derive(Debug, Clone)]
pub struct ExportsView {
    /// The Spark configuration, in order.
    pub spark_conf: Vec<ConfEntry>,
    /// The same settings as `spark-defaults.conf` lines (`key value`).
    pub spark_defaults_conf: String,
    /// `spark-submit`'s arguments (without the application).
    pub spark_submit_args: Vec<String>,
    /// The `spark-submit` command to paste into a shell.
    pub spark_submit: String,
    /// Kubernetes: the Spark operator's `SparkApplication` fragment.
    pub spark_operator_yaml: Option<String>,
    /// EMR: the configuration classifications, as JSON text.
    pub emr_configurations_json: Option<String>,
}

/// Diagnostics of `m` as the API shows them (fields by their link keys).
pub fn diagnostics(m: ClusterManager, findings: &[Warning]) -> Vec<DiagnosticView> {
    // Plain loops rather than iterators collected, here and below: a smaller wasm module.
    let mut views = Vec::with_capacity(findings.len());
    for w in findings {
        views.push(DiagnosticView {
            code: w.code.as_str(),
            severity: w.severity.as_str(),
            field: w.field.map(|f| catalog::key(m, f).to_string()),
            message: w.message.clone(),
        });
    }
    views
}

/// Both YARN methods' plans.
pub fn yarn_plans(c: &Comparison) -> Vec<PlanView> {
    vec![
        yarn_plan(c, Method::RuleOfThumb),
        yarn_plan(c, Method::SparkExact),
    ]
}

fn yarn_plan(c: &Comparison, method: Method) -> PlanView {
    let p = c.plan_of(method);
    let pairs = exports::yarn_spark_conf(c, method);
    let t = p.placement.totals;
    PlanView {
        method: Method::id(p.method),
        selected: method == c.selected,
        executors: p.instances,
        executors_running: t.executors,
        cores_per_executor: p.cores(),
        executor_memory: p.heap_setting(),
        heap_mib: p.heap_mib(),
        task_slots: t.task_slots,
        fits: t.executors > 0,
        containers: yarn_containers(&p.placement),
        layout: groups(&p.placement.layout, false),
        totals: yarn_totals(&t),
        warnings: diagnostics(ClusterManager::Yarn, &plan::warnings(c, method)),
        exports: exports_view(&pairs, exports::submit_flags(&pairs)),
    }
}

fn exports_view(pairs: &[(String, String)], args: Vec<String>) -> ExportsView {
    let mut spark_conf = Vec::with_capacity(pairs.len());
    let mut spark_defaults_conf = String::new();
    for (key, value) in pairs {
        spark_conf.push(ConfEntry {
            key: key.clone(),
            value: value.clone(),
        });
        spark_defaults_conf.push_str(key);
        spark_defaults_conf.push(' ');
        spark_defaults_conf.push_str(value);
        spark_defaults_conf.push('\n');
    }
    ExportsView {
        spark_conf,
        spark_defaults_conf,
        spark_submit: exports::submit_command(&args),
        spark_submit_args: args,
        spark_operator_yaml: None,
        emr_configurations_json: None,
    }
}

fn yarn_totals(t: &Totals) -> TotalsView {
    TotalsView {
        executors: t.executors,
        task_slots: t.task_slots,
        memory_used_mib: t.granted_memory_mib,
        memory_available_mib: t.yarn_memory_mib,
        vcores_used: Some(t.granted_vcores),
        vcores_available: Some(t.yarn_vcores),
        ..TotalsView::default()
    }
}

/// The Kubernetes plan.
pub fn kubernetes_plan(p: &K8sPlan, input: &K8sInput) -> PlanView {
    let spark = &input.spark;
    let t = p.totals;
    let mut exports = exports_view(
        &k8s_exports::spark_conf(p, spark),
        k8s_exports::spark_submit_flags(p, spark),
    );
    exports.spark_operator_yaml = Some(k8s_exports::spark_operator_yaml(p, spark));
    PlanView {
        method: "kubernetes",
        selected: true,
        executors: t.executors,
        executors_running: t.executors,
        cores_per_executor: spark.executor_cores,
        executor_memory: format_spark_mib(spark.executor_memory_mib),
        heap_mib: p.executor_memory.heap_mib,
        task_slots: t.task_slots,
        fits: t.executors > 0,
        containers: pods(p, spark),
        layout: groups(&p.layout, true),
        totals: kubernetes_totals(&t),
        warnings: diagnostics(ClusterManager::Kubernetes, &k8s_warnings(input, p)),
        exports,
    }
}

fn kubernetes_totals(t: &K8sTotals) -> TotalsView {
    TotalsView {
        executors: t.executors,
        task_slots: t.task_slots,
        memory_used_mib: t.memory_requested_mib,
        memory_available_mib: t.memory_available_mib,
        cpu_used_millis: Some(t.cpu_requested_millis),
        cpu_available_millis: Some(t.cpu_available_millis),
        ..TotalsView::default()
    }
}

/// The Amazon EMR plan.
pub fn emr_plan(p: &EmrPlan) -> PlanView {
    let r = p.request;
    let mut exports = exports_view(&emr_exports::spark_conf(p), emr_exports::submit_flags(p));
    exports.emr_configurations_json = Some(emr_exports::classification_json(p));
    PlanView {
        method: "emr",
        selected: true,
        executors: p.requested,
        executors_running: p.launched_executors,
        cores_per_executor: r.cores,
        executor_memory: format_spark_mib(r.memory.heap_mib),
        heap_mib: r.memory.heap_mib,
        task_slots: p.totals.task_slots,
        fits: p.launched_executors > 0,
        containers: emr_containers(p),
        layout: groups(&p.layout, false),
        totals: yarn_totals(&p.totals),
        warnings: diagnostics(ClusterManager::Emr, &emr::warnings(p)),
        exports,
    }
}

/// Node groups' blocks; YARN and EMR count vcores, Kubernetes millicores.
fn groups(layout: &[planner::layout::NodeGroup], kubernetes: bool) -> Vec<NodeGroupView> {
    let mut views = Vec::with_capacity(layout.len());
    for g in layout {
        views.push(group_view(g, kubernetes));
    }
    views
}
