//! The plain-text rendering of a view ([`crate::view::View`]): every number of a plan on short
//! lines (containers, working, layout, totals, memory pools, warnings, configuration and
//! exports). It is the format of the snapshot files (`tests/snapshots/*.txt`), so a change here
//! shows as a snapshot diff: keep it byte-stable. Names are spelled out here (not `Debug`) so
//! that renaming a type does not change the text.

use std::fmt::Write;

use crate::format::{mib_decimal, plural_ending};
use crate::view::{
    BlockKindView, BlockView, ConfEntry, ContainerRole, ContainerView, Finding, PartKindView,
    PartView, PlanMethod, PlanView, Status, Step, View,
};

/// The text of a view.
pub fn report(v: &View) -> String {
    if v.status == Status::Invalid {
        return invalid(v);
    }
    match v.manager {
        crate::catalog::ClusterManager::Yarn => comparison(v),
        crate::catalog::ClusterManager::Kubernetes => kubernetes(v),
        crate::catalog::ClusterManager::Emr => emr(v),
    }
}

/// Both YARN methods, then the reasons they differ.
pub fn comparison(v: &View) -> String {
    let mut out = String::new();
    for (i, p) in v.plans.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        yarn_plan(&mut out, p);
    }
    if !v.differences.is_empty() {
        out.push('\n');
    }
    diagnostic_section(&mut out, "differences", &v.differences);
    out
}

/// A Kubernetes plan and its Spark operator YAML.
pub fn kubernetes(v: &View) -> String {
    let mut out = String::new();
    let Some(p) = v.plans.first() else {
        return out;
    };
    kubernetes_pods(&mut out, v, p);
    working(&mut out, &p.working);
    out.push_str("layout:\n");
    for group in &p.layout {
        let blocks: Vec<String> = group.blocks.iter().map(pod_block).collect();
        group_line(&mut out, group.first_node, group.last_node, &blocks);
    }
    let t = &p.totals;
    let _ = writeln!(
        out,
        "totals: {} executor{}, {} slot{}, {}m cpu and {} MiB requested of {}m and {} MiB",
        t.executors,
        plural_ending(t.executors.into()),
        t.task_slots,
        plural_ending(t.task_slots),
        t.cpu_used_millis.unwrap_or(0),
        t.memory_used_mib,
        t.cpu_available_millis.unwrap_or(0),
        t.memory_available_mib
    );
    diagnostic_section(&mut out, "warnings", &p.warnings);
    conf_line(&mut out, &p.exports.spark_conf);
    out.push_str("yaml:\n");
    out.push_str(p.exports.spark_operator_yaml.as_deref().unwrap_or_default());
    out
}

/// An Amazon EMR plan: the request, what launches, working, layout, warnings and exports.
pub fn emr(v: &View) -> String {
    let mut out = String::new();
    let (Some(p), Some(e)) = (v.plans.first(), &v.emr) else {
        return out;
    };
    emr_request_and_launched(&mut out, p, e);
    working(&mut out, &p.working);
    out.push_str("layout:\n");
    for group in &p.layout {
        let blocks: Vec<String> = group.blocks.iter().map(emr_block).collect();
        group_line(&mut out, group.first_node, group.last_node, &blocks);
    }
    diagnostic_section(&mut out, "warnings", &p.warnings);
    out.push_str("driver log:\n");
    for line in p.exports.driver_log.iter().flatten() {
        let _ = writeln!(out, "  {line}");
    }
    let _ = writeln!(out, "submit: {}", p.exports.spark_submit_args.join(" "));
    let _ = writeln!(
        out,
        "classification: {}",
        p.exports
            .emr_configurations_json
            .as_deref()
            .unwrap_or_default()
    );
    out
}

/// An input that cannot be planned: one line per diagnostic.
pub fn invalid(v: &View) -> String {
    let mut out = format!("invalid {} input:\n", v.manager.name());
    diagnostic_lines(&mut out, &v.diagnostics);
    out
}

/// The name of a method in the text, as the form's Method choice names it (the catalog's
/// `meth` options: `Rule of thumb`, `Spark-exact`).
fn method_name(method: PlanMethod) -> &'static str {
    match method {
        PlanMethod::RuleOfThumb => "Rule of thumb",
        PlanMethod::SparkExact => "Spark-exact",
        PlanMethod::Kubernetes => "Kubernetes",
        PlanMethod::Emr => "Amazon EMR",
    }
}

/// Where the AM runs, as the text writes it (`node 1`, or `not placed` when it cannot run).
fn node_text(node: Option<u32>) -> String {
    match node {
        Some(n) => format!("node {n}"),
        None => "not placed".to_string(),
    }
}

/// The container of `role`, if the plan has one.
fn container(p: &PlanView, role: ContainerRole) -> Option<&ContainerView> {
    p.containers.iter().find(|c| c.role == role)
}

fn yarn_plan(out: &mut String, p: &PlanView) {
    let _ = writeln!(
        out,
        "== {}: {} executor{} × {} core{} × {}",
        method_name(p.method),
        p.executors,
        plural_ending(p.executors.into()),
        p.cores_per_executor,
        plural_ending(p.cores_per_executor.into()),
        p.executor_memory
    );
    yarn_containers(out, p);
    working(out, &p.working);
    out.push_str("layout:\n");
    for group in &p.layout {
        let blocks: Vec<String> = group.blocks.iter().map(yarn_block).collect();
        group_line(out, group.first_node, group.last_node, &blocks);
    }
    yarn_totals(out, p);
    memory_line(out, p);
    diagnostic_section(out, "warnings", &p.warnings);
    conf_line(out, &p.exports.spark_conf);
}

fn yarn_containers(out: &mut String, p: &PlanView) {
    if let Some(e) = container(p, ContainerRole::Executor) {
        let vcores = e.yarn_vcores.unwrap_or(0);
        let _ = writeln!(
            out,
            "executor: heap {} + overhead {} + off-heap {} + pyspark {} = {} MiB requested, {} MiB / {} vcore{} granted",
            e.heap_mib.unwrap_or(0),
            e.overhead_mib.unwrap_or(0),
            e.offheap_mib.unwrap_or(0),
            e.pyspark_mib.unwrap_or(0),
            e.requested_mib,
            e.granted_mib.unwrap_or(0),
            vcores,
            plural_ending(vcores.into())
        );
    }
    if let Some(am) = container(p, ContainerRole::ApplicationMaster) {
        let vcores = am.yarn_vcores.unwrap_or(0);
        let _ = writeln!(
            out,
            "am: {} + {} = {} MiB requested, {} MiB / {} vcore{} granted, {}",
            am.heap_mib.unwrap_or(0),
            am.overhead_mib.unwrap_or(0),
            am.requested_mib,
            am.granted_mib.unwrap_or(0),
            vcores,
            plural_ending(vcores.into()),
            node_text(am.node)
        );
    }
}

fn yarn_totals(out: &mut String, p: &PlanView) {
    let t = &p.totals;
    let (vcores_used, vcores) = (t.vcores_used.unwrap_or(0), t.vcores_available.unwrap_or(0));
    let unused_vcores = t.unused_vcores.unwrap_or(0);
    let _ = writeln!(
        out,
        "totals: {} executor{}, {} slot{}, heap {} MiB, granted {} MiB of {} ({}%), {} of {} vcore{}, unused {} MiB / {} vcore{}, rounding {} MiB",
        t.executors,
        plural_ending(t.executors.into()),
        t.task_slots,
        plural_ending(t.task_slots),
        t.heap_mib.unwrap_or(0),
        t.memory_used_mib,
        t.memory_available_mib,
        crate::fixed::format_percent(t.memory_used_mib, t.memory_available_mib, 1),
        vcores_used,
        vcores,
        plural_ending(vcores),
        t.unused_memory_mib.unwrap_or(0),
        unused_vcores,
        plural_ending(unused_vcores),
        t.memory_used_mib
            .saturating_sub(t.memory_requested_mib.unwrap_or(t.memory_used_mib))
    );
}

fn memory_line(out: &mut String, p: &PlanView) {
    if let Some(m) = &p.unified_memory {
        let _ = writeln!(
            out,
            "memory: reserved {} user {} storage {} execution {} per-task {}..{} MiB",
            mib_decimal(m.reserved_bytes),
            mib_decimal(m.user_bytes),
            mib_decimal(m.storage_bytes),
            mib_decimal(m.execution_bytes),
            mib_decimal(m.per_task_min_bytes),
            mib_decimal(m.per_task_max_bytes)
        );
    } else if let Some(refused) = &p.heap_refused {
        let _ = writeln!(out, "memory: {refused}");
    }
}

fn working(out: &mut String, steps: &[Step]) {
    out.push_str("working:\n");
    for (i, s) in steps.iter().enumerate() {
        let _ = writeln!(out, "  {}. {}: {}", i + 1, s.title, s.detail);
    }
}

/// `title:` and a line per diagnostic; nothing at all when there is none (no empty heading).
fn diagnostic_section(out: &mut String, title: &str, diagnostics: &[Finding]) {
    if diagnostics.is_empty() {
        return;
    }
    let _ = writeln!(out, "{title}:");
    diagnostic_lines(out, diagnostics);
}

fn diagnostic_lines(out: &mut String, diagnostics: &[Finding]) {
    for d in diagnostics {
        let _ = writeln!(out, "  {d}");
    }
}

fn conf_line(out: &mut String, conf: &[ConfEntry]) {
    let pairs: Vec<String> = conf
        .iter()
        .map(|e| format!("{}={}", e.key, e.value))
        .collect();
    let _ = writeln!(out, "conf: {}", pairs.join(" "));
}

fn group_line(out: &mut String, first: u32, last: u32, blocks: &[String]) {
    let _ = writeln!(out, "  nodes {first}-{last}: {}", blocks.join(" "));
}

/// A YARN block: `exec(5c,21504m:heap19456+ovh1945+round103)`, `free(4c,19456m)`.
fn yarn_block(b: &BlockView) -> String {
    let kind = match b.kind {
        BlockKindView::OsReserved => "os",
        BlockKindView::ApplicationMaster => "am",
        BlockKindView::Executor => "exec",
        BlockKindView::Unused => "free",
        _ => "not-yarn",
    };
    let vcores = b.vcores.unwrap_or(0);
    if b.parts.is_empty() {
        return format!("{kind}({vcores}c,{}m)", b.memory_mib);
    }
    let parts: Vec<String> = b.parts.iter().map(part).collect();
    format!("{kind}({vcores}c,{}m:{})", b.memory_mib, parts.join("+"))
}

fn part(p: &PartView) -> String {
    let kind = match p.kind {
        PartKindView::Heap => "heap",
        PartKindView::Overhead => "ovh",
        PartKindView::OffHeap => "off",
        PartKindView::Pyspark => "py",
        PartKindView::Rounding => "round",
    };
    format!("{kind}{}", p.mib)
}

/// An EMR block, named in full: `Executor(20c,112640m)`.
fn emr_block(b: &BlockView) -> String {
    let kind = match b.kind {
        BlockKindView::OsReserved => "OsReserved",
        BlockKindView::ApplicationMaster => "ApplicationMaster",
        BlockKindView::Executor => "Executor",
        BlockKindView::Unused => "Unused",
        _ => "not-yarn",
    };
    format!("{kind}({}c,{}m)", b.vcores.unwrap_or(0), b.memory_mib)
}

/// A Kubernetes block: `exec(2000m cpu,6758 MiB)`.
fn pod_block(b: &BlockView) -> String {
    let kind = match b.kind {
        BlockKindView::SystemReserved => "sys",
        BlockKindView::Daemonsets => "ds",
        BlockKindView::Driver => "driver",
        BlockKindView::Executor => "exec",
        BlockKindView::Unused => "free",
        _ => "not-kubernetes",
    };
    format!(
        "{kind}({}m cpu,{} MiB)",
        b.cpu_millis.unwrap_or(0),
        b.memory_mib
    )
}

/// A pod as the text writes it: `6758Mi, cpu request 2, cpu limit none`.
fn pod(c: &ContainerView) -> String {
    format!(
        "{}, cpu request {}, cpu limit {}",
        crate::format::kubernetes_memory(c.requested_mib),
        c.cpu_request.as_deref().unwrap_or_default(),
        c.cpu_limit.as_deref().unwrap_or("none")
    )
}

fn kubernetes_pods(out: &mut String, v: &View, p: &PlanView) {
    if let Some(e) = container(p, ContainerRole::Executor) {
        let _ = writeln!(
            out,
            "executor pod: {} (heap {} + overhead {} + off-heap {} + pyspark {}; factor {})",
            pod(e),
            e.heap_mib.unwrap_or(0),
            e.overhead_mib.unwrap_or(0),
            e.offheap_mib.unwrap_or(0),
            e.pyspark_mib.unwrap_or(0),
            v.kubernetes
                .as_ref()
                .map_or("", |k| k.overhead_factor.as_str())
        );
    }
    let driver = container(p, ContainerRole::Driver).map_or("none (client mode)".to_string(), pod);
    let _ = writeln!(out, "driver pod: {driver}");
    if let Some(k) = &v.kubernetes {
        let _ = writeln!(
            out,
            "per node: {}, capacity: {}",
            k.executor_pods_per_node, k.cluster_capacity
        );
    }
}

fn emr_request_and_launched(out: &mut String, p: &PlanView, e: &crate::view::EmrView) {
    let r = container(p, ContainerRole::Executor);
    let _ = writeln!(
        out,
        "request: heap {} + overhead {} = {} MiB, granted {} MiB / {} vcore{}; {} requested",
        r.and_then(|r| r.heap_mib).unwrap_or(0),
        r.and_then(|r| r.overhead_mib).unwrap_or(0),
        e.request_mib,
        e.granted_mib,
        e.granted_vcores,
        plural_ending(e.granted_vcores.into()),
        e.requested
    );
    for l in &e.launched {
        let _ = writeln!(
            out,
            "launched: {} × ({} merged: {} MiB, {} core{}, {} YARN vcore{}, {}m heap + {}m overhead)",
            l.count,
            l.merged,
            l.memory_mib,
            l.cores,
            plural_ending(l.cores.into()),
            l.yarn_vcores,
            plural_ending(l.yarn_vcores.into()),
            l.heap_mib,
            l.overhead_mib
        );
    }
    // What YARN launches (all of it, even when the driver cannot start and nothing runs).
    let launched: u64 = e.launched.iter().map(|l| u64::from(l.count)).sum();
    let _ = writeln!(
        out,
        "{} executor{} cover {} request{}, {} pending",
        launched,
        plural_ending(launched),
        e.covered_requests,
        plural_ending(e.covered_requests.into()),
        e.pending_requests
    );
}

/// The workload and dynamic allocation sections: the checks' words, the shapes that apply a
/// remedy, the recommended SQL settings and what dynamic allocation will do.
pub fn job_fit(v: &View) -> String {
    let mut out = String::new();
    if let Some(w) = &v.workload {
        out.push_str("\nworkload:\n");
        diagnostic_lines(&mut out, &w.notes);
        if !w.recommended_conf.is_empty() {
            conf_line(&mut out, &w.recommended_conf);
        }
    }
    if let Some(a) = &v.dynamic_allocation {
        let _ = writeln!(
            out,
            "\ndynamic allocation: initial {} (minExecutors {}, initialExecutors {}, spark.executor.instances {}), maxExecutors {}, the queue or cluster holds {}",
            a.initial,
            a.min_executors,
            a.initial_executors,
            a.instances,
            a.max_executors
                .map_or("unbounded".to_string(), |m| m.to_string()),
            a.cluster_holds
        );
        diagnostic_lines(&mut out, &a.notes);
    }
    out
}
