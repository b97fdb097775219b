//! The plain-text rendering of an outcome: every number of a plan on short lines (containers,
//! working, layout, totals, memory pools, warnings, configuration and exports). It is the
//! format of the snapshot files (`tests/snapshots/*.txt`), so a change here shows as a
//! snapshot diff: keep it byte-stable. Names are spelled out here (not `Debug`) so that renaming
//! a type does not change the text.

use crate::format;
use std::fmt::Write;

use super::Report;
use crate::catalog::ClusterManager;
use crate::emr::{self, EmrPlan};
use crate::exports::emr::{classification_json, driver_log, submit_flags};
use crate::exports::k8s::{spark_conf as k8s_spark_conf, spark_operator_yaml};
use crate::exports::yarn_spark_conf;
use crate::input::Method;
use crate::k8s::{k8s_warnings, k8s_working, K8sInput, K8sPlan};
use crate::layout::{Block, BlockKind, NodeGroup, Part, PartKind};
use crate::memory::UnifiedMemory;
use crate::place::Totals;
use crate::plan::{self, Comparison, Plan, Step};
use crate::spark::{HeapTooSmall, PodResources};
use crate::warning::Warning;

/// The text of a report.
pub fn report(report: &Report<'_>) -> String {
    match *report {
        Report::Yarn(c) => comparison(c),
        Report::Kubernetes(p, input) => kubernetes(p, input),
        Report::Emr(p) => emr(p),
        Report::Invalid(m, diagnostics) => invalid(m, diagnostics),
    }
}

/// Both YARN methods, then the reasons they differ.
pub fn comparison(c: &Comparison) -> String {
    let mut out = String::new();
    yarn_plan(&mut out, c, Method::RuleOfThumb);
    out.push('\n');
    yarn_plan(&mut out, c, Method::SparkExact);
    let differences = plan::differences(c);
    if !differences.is_empty() {
        out.push('\n');
    }
    diagnostic_section(&mut out, "differences", &differences);
    out
}

/// A Kubernetes plan and its Spark operator YAML (`input`: what it was planned from).
pub fn kubernetes(p: &K8sPlan, input: &K8sInput) -> String {
    let mut out = kubernetes_without_yaml(p, input);
    out.push_str("yaml:\n");
    out.push_str(&spark_operator_yaml(p, &input.spark));
    out
}

/// An Amazon EMR plan: the request, what launches, working, layout, warnings and exports.
pub fn emr(p: &EmrPlan) -> String {
    let mut out = String::new();
    emr_request_and_launched(&mut out, p);
    working(&mut out, &emr::working_steps(p));
    out.push_str("layout:\n");
    for group in &p.layout {
        let blocks: Vec<String> = group.blocks.iter().map(emr_block).collect();
        group_line(&mut out, group.first_node, group.last_node, &blocks);
    }
    diagnostic_section(&mut out, "warnings", &emr::warnings(p));
    out.push_str("driver log:\n");
    for line in &driver_log(p) {
        let _ = writeln!(out, "  {line}");
    }
    let _ = writeln!(out, "submit: {}", submit_flags(p).join(" "));
    let _ = writeln!(out, "classification: {}", classification_json(p));
    out
}

/// An input of `m` that cannot be planned: one line per diagnostic.
pub fn invalid(m: ClusterManager, diagnostics: &[Warning]) -> String {
    let mut out = format!("invalid {} input:\n", m.name());
    diagnostic_lines(&mut out, diagnostics);
    out
}

/// The name of a method in the text, as the form's Method choice names it (the catalog's
/// `meth` options: `Rule of thumb`, `Spark-exact`).
fn method_name(method: Method) -> &'static str {
    match method {
        Method::RuleOfThumb => "Rule of thumb",
        Method::SparkExact => "Spark-exact",
    }
}

/// Where the AM runs, as the text writes it (`node 1`, or `not placed` when it cannot run).
fn node_text(node: Option<u32>) -> String {
    match node {
        Some(n) => format!("node {n}"),
        None => "not placed".to_string(),
    }
}

fn yarn_plan(out: &mut String, c: &Comparison, method: Method) {
    let p = c.plan_of(method);
    let _ = writeln!(
        out,
        "== {}: {} executor{} × {} core{} × {}",
        method_name(p.method),
        p.instances,
        format::plural_ending(p.instances.into()),
        p.cores(),
        format::plural_ending(p.cores().into()),
        p.heap_setting()
    );
    yarn_containers(out, p);
    working(out, &plan::working_steps(c, method));
    out.push_str("layout:\n");
    for group in &p.placement.layout {
        yarn_group_line(out, group);
    }
    yarn_totals(out, &p.placement.totals);
    memory_line(out, &p.memory);
    diagnostic_section(out, "warnings", &plan::warnings(c, method));
    conf_line(out, &yarn_spark_conf(c, method));
}

fn yarn_containers(out: &mut String, p: &Plan) {
    let e = p.placement.executor;
    let _ = writeln!(
        out,
        "executor: heap {} + overhead {} + off-heap {} + pyspark {} = {} MiB requested, {} MiB / {} vcore{} granted",
        e.memory.heap_mib,
        e.memory.overhead_mib,
        e.memory.offheap_mib,
        e.memory.pyspark_mib,
        e.request.memory_mib,
        e.granted.memory_mib,
        e.granted.vcores,
        format::plural_ending(e.granted.vcores.into())
    );
    let am = p.placement.am;
    let _ = writeln!(
        out,
        "am: {} + {} = {} MiB requested, {} MiB / {} vcore{} granted, {}",
        am.heap_mib,
        am.overhead_mib,
        am.request.memory_mib,
        am.granted.memory_mib,
        am.granted.vcores,
        format::plural_ending(am.granted.vcores.into()),
        node_text(am.node)
    );
}

fn yarn_totals(out: &mut String, t: &Totals) {
    let _ = writeln!(
        out,
        "totals: {} executor{}, {} slot{}, heap {} MiB, granted {} MiB of {} ({}%), {} of {} vcore{}, unused {} MiB / {} vcore{}, rounding {} MiB",
        t.executors,
        format::plural_ending(t.executors.into()),
        t.task_slots,
        format::plural_ending(t.task_slots),
        t.heap_mib,
        t.granted_memory_mib,
        t.yarn_memory_mib,
        crate::fixed::format_percent(t.granted_memory_mib, t.yarn_memory_mib, 1),
        t.granted_vcores,
        t.yarn_vcores,
        format::plural_ending(t.yarn_vcores),
        t.unused_memory_mib,
        t.unused_vcores,
        format::plural_ending(t.unused_vcores),
        t.rounding_mib()
    );
}

fn memory_line(out: &mut String, memory: &Result<UnifiedMemory, HeapTooSmall>) {
    match memory {
        Ok(m) => {
            let _ = writeln!(
                out,
                "memory: reserved {} user {} storage {} execution {} per-task {}..{} MiB",
                crate::format::mib_decimal(m.reserved_bytes),
                crate::format::mib_decimal(m.user_bytes),
                crate::format::mib_decimal(m.storage_bytes),
                crate::format::mib_decimal(m.execution_bytes),
                crate::format::mib_decimal(m.per_task_min_bytes),
                crate::format::mib_decimal(m.per_task_max_bytes)
            );
        }
        Err(e) => {
            let _ = writeln!(out, "memory: {e}");
        }
    }
}

fn working(out: &mut String, steps: &[Step]) {
    out.push_str("working:\n");
    for (i, s) in steps.iter().enumerate() {
        let _ = writeln!(out, "  {}. {}: {}", i + 1, s.title, s.detail);
    }
}

/// `title:` and a line per diagnostic; nothing at all when there is none (no empty heading).
fn diagnostic_section(out: &mut String, title: &str, diagnostics: &[Warning]) {
    if diagnostics.is_empty() {
        return;
    }
    let _ = writeln!(out, "{title}:");
    diagnostic_lines(out, diagnostics);
}

fn diagnostic_lines(out: &mut String, diagnostics: &[Warning]) {
    for d in diagnostics {
        let _ = writeln!(out, "  {d}");
    }
}

fn conf_line(out: &mut String, conf: &[(String, String)]) {
    let pairs: Vec<String> = conf.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let _ = writeln!(out, "conf: {}", pairs.join(" "));
}

fn group_line(out: &mut String, first: u32, last: u32, blocks: &[String]) {
    let _ = writeln!(out, "  nodes {first}-{last}: {}", blocks.join(" "));
}

fn yarn_group_line(out: &mut String, group: &NodeGroup) {
    let blocks: Vec<String> = group.blocks.iter().map(yarn_block).collect();
    group_line(out, group.first_node, group.last_node, &blocks);
}

/// A YARN block: `exec(5c,21504m:heap19456+ovh1945+round103)`, `free(4c,19456m)`.
fn yarn_block(b: &Block) -> String {
    let kind = match b.kind {
        BlockKind::Reserved => "os",
        BlockKind::ApplicationMaster => "am",
        BlockKind::Executor => "exec",
        BlockKind::Unused => "free",
        BlockKind::DaemonSets | BlockKind::DriverPod => "not-yarn",
    };
    if b.parts.is_empty() {
        return format!("{kind}({}c,{}m)", b.vcores(), b.memory_mib);
    }
    let parts: Vec<String> = b.parts.iter().map(part).collect();
    format!(
        "{kind}({}c,{}m:{})",
        b.vcores(),
        b.memory_mib,
        parts.join("+")
    )
}

fn part(p: &Part) -> String {
    let kind = match p.kind {
        PartKind::Heap => "heap",
        PartKind::Overhead => "ovh",
        PartKind::OffHeap => "off",
        PartKind::PySpark => "py",
        PartKind::Rounding => "round",
    };
    format!("{kind}{}", p.mib)
}

/// An EMR block, named in full: `Executor(20c,112640m)`.
fn emr_block(b: &Block) -> String {
    let kind = match b.kind {
        BlockKind::Reserved => "OsReserved",
        BlockKind::ApplicationMaster => "ApplicationMaster",
        BlockKind::Executor => "Executor",
        BlockKind::Unused => "Unused",
        BlockKind::DaemonSets | BlockKind::DriverPod => "not-yarn",
    };
    format!("{kind}({}c,{}m)", b.vcores(), b.memory_mib)
}

/// A Kubernetes block: `exec(2000m cpu,6758 MiB)`.
fn pod_block(b: &Block) -> String {
    let kind = match b.kind {
        BlockKind::Reserved => "sys",
        BlockKind::DaemonSets => "ds",
        BlockKind::DriverPod => "driver",
        BlockKind::Executor => "exec",
        BlockKind::Unused => "free",
        BlockKind::ApplicationMaster => "not-kubernetes",
    };
    format!("{kind}({}m cpu,{} MiB)", b.cpu_millis, b.memory_mib)
}

/// A pod as the text writes it: `6758Mi, cpu request 2, cpu limit none`.
fn pod(r: &PodResources) -> String {
    format!(
        "{}Mi, cpu request {}, cpu limit {}",
        r.memory_mib,
        r.cpu_request,
        r.cpu_limit.as_deref().unwrap_or("none")
    )
}

fn kubernetes_without_yaml(p: &K8sPlan, input: &K8sInput) -> String {
    let mut out = String::new();
    kubernetes_pods(&mut out, p, input);
    working(&mut out, &k8s_working(input, p));
    out.push_str("layout:\n");
    for group in &p.layout {
        let blocks: Vec<String> = group.blocks.iter().map(pod_block).collect();
        group_line(&mut out, group.first_node, group.last_node, &blocks);
    }
    let t = p.totals;
    let _ = writeln!(
        out,
        "totals: {} executor{}, {} slot{}, {}m cpu and {} MiB requested of {}m and {} MiB",
        t.executors,
        format::plural_ending(t.executors.into()),
        t.task_slots,
        format::plural_ending(t.task_slots),
        t.cpu_requested_millis,
        t.memory_requested_mib,
        t.cpu_available_millis,
        t.memory_available_mib
    );
    diagnostic_section(&mut out, "warnings", &k8s_warnings(input, p));
    conf_line(&mut out, &k8s_spark_conf(p, &input.spark));
    out
}

fn kubernetes_pods(out: &mut String, p: &K8sPlan, input: &K8sInput) {
    let m = p.executor_memory;
    let pods = p.pod_specs(&input.spark);
    let _ = writeln!(
        out,
        "executor pod: {} (heap {} + overhead {} + off-heap {} + pyspark {}; factor {})",
        pod(&pods.executor),
        m.heap_mib,
        m.overhead_mib,
        m.offheap_mib,
        m.pyspark_mib,
        crate::fixed::format_f64(p.overhead_factor)
    );
    let driver = pods
        .driver
        .as_ref()
        .map_or("none (client mode)".to_string(), pod);
    let _ = writeln!(out, "driver pod: {driver}");
    let _ = writeln!(
        out,
        "per node: {}, capacity: {}",
        p.fit.per_node, p.fit.capacity
    );
}

fn emr_request_and_launched(out: &mut String, p: &EmrPlan) {
    let r = p.request;
    let _ = writeln!(
        out,
        "request: heap {} + overhead {} = {} MiB, granted {} MiB / {} vcore{}; {} requested",
        r.memory.heap_mib,
        r.memory.overhead_mib,
        r.request.memory_mib,
        r.granted.memory_mib,
        r.granted.vcores,
        format::plural_ending(r.granted.vcores.into()),
        p.requested
    );
    for l in &p.launched {
        let _ = writeln!(
            out,
            "launched: {} × ({} merged: {} MiB, {} core{}, {} YARN vcore{}, {}m heap + {}m overhead)",
            l.count,
            l.merged,
            l.memory_mib,
            l.cores,
            format::plural_ending(l.cores.into()),
            l.yarn_vcores,
            format::plural_ending(l.yarn_vcores.into()),
            l.heap_mib,
            l.overhead_mib
        );
    }
    let _ = writeln!(
        out,
        "{} executor{} cover {} request{}, {} pending",
        p.launched_executors,
        format::plural_ending(p.launched_executors.into()),
        p.covered_requests,
        format::plural_ending(p.covered_requests.into()),
        p.pending_requests
    );
}

/// The workload and dynamic allocation sections: the checks' words, the shapes that apply a
/// remedy, the recommended SQL settings and what dynamic allocation will do.
pub fn job_fit(fit: &crate::job_fit::JobFit) -> String {
    let mut out = String::new();
    if let Some(n) = &fit.workload {
        out.push_str("\nworkload:\n");
        diagnostic_lines(&mut out, &crate::job_fit::workload_section_notes(fit));
        let sql = crate::workload::recommended_sql_conf(n);
        if !sql.is_empty() {
            conf_line(&mut out, &sql);
        }
    }
    let a = &fit.allocation;
    if a.enabled {
        let _ = writeln!(
            out,
            "\ndynamic allocation: initial {} (minExecutors {}, initialExecutors {}, spark.executor.instances {}), maxExecutors {}, the queue or cluster holds {}",
            a.initial,
            a.settings.min_executors,
            a.initial_setting,
            a.instances,
            a.ceiling.map_or("unbounded".to_string(), |m| m.to_string()),
            a.holds
        );
        diagnostic_lines(&mut out, &crate::dynamic_allocation::allocation_notes(a));
    }
    out
}
