//! Data-driven snapshot tests: for each preset (and a few variations), the working, warnings,
//! layout and configuration of both methods, and of Kubernetes and EMR plans (pods, requested
//! vs launched, driver log, exports), as text compared with `tests/snapshots/*.txt`.
//! Run with `UPDATE_SNAPSHOTS=1` to rewrite the files after an intended change, then review the
//! diff.

use std::fmt::Write;

use planner::emr::{instance_type, plan_emr, warnings, working_steps, EmrInput, EmrPlan};
use planner::exports::emr::{classification_json, driver_log, submit_flags};
use planner::exports::k8s::spark_operator_yaml;
use planner::input::MaximumAllocation;
use planner::k8s::{plan_k8s, K8sInput, K8sPlan};
use planner::layout::{Block, BlockKind, PartKind};
use planner::place::ExecutorCount;
use planner::presets::{preset, presets};
use planner::spark::{AppType, DeployMode, SparkVersion};
use planner::yarn::Calculator;
use planner::{plan, Comparison, Granularity, OffHeap, Plan, PlanInput, Step, Warning};

fn group_line(out: &mut String, first: u32, last: u32, blocks: &[String]) {
    let _ = writeln!(out, "  nodes {first}-{last}: {}", blocks.join(" "));
}

fn working(out: &mut String, steps: &[Step]) {
    out.push_str("working:\n");
    for (i, s) in steps.iter().enumerate() {
        let _ = writeln!(out, "  {}. {}: {}", i + 1, s.title, s.detail);
    }
}

fn warnings_and_conf(out: &mut String, warnings: &[Warning], conf: &[(String, String)]) {
    out.push_str("warnings:\n");
    for w in warnings {
        let _ = writeln!(out, "  {w}");
    }
    let conf: Vec<String> = conf.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let _ = writeln!(out, "conf: {}", conf.join(" "));
}

fn render_plan(out: &mut String, p: &Plan) {
    let e = p.placement.executor;
    let _ = writeln!(
        out,
        "== {:?}: {} executors × {} cores × {}",
        p.method,
        p.instances,
        p.cores(),
        p.heap_setting()
    );
    let _ = writeln!(
        out,
        "executor: heap {} + overhead {} + off-heap {} + pyspark {} = {} MiB requested, {} MiB / {} vcores granted",
        e.memory.heap_mib,
        e.memory.overhead_mib,
        e.memory.offheap_mib,
        e.memory.pyspark_mib,
        e.request.memory_mib,
        e.granted.memory_mib,
        e.granted.vcores
    );
    let am = p.placement.am;
    let _ = writeln!(
        out,
        "am: {} + {} = {} MiB requested, {} MiB / {} vcores granted, node {:?}",
        am.heap_mib,
        am.overhead_mib,
        am.request.memory_mib,
        am.granted.memory_mib,
        am.granted.vcores,
        am.node
    );
    working(out, &p.working);
    out.push_str("layout:\n");
    for g in &p.placement.layout {
        let blocks: Vec<String> = g
            .blocks
            .iter()
            .map(|b| {
                let kind = match b.kind {
                    BlockKind::Reserved => "os",
                    BlockKind::ApplicationMaster => "am",
                    BlockKind::Executor => "exec",
                    BlockKind::Unused => "free",
                    BlockKind::DaemonSets | BlockKind::DriverPod => "not-yarn",
                };
                let parts: Vec<String> = b
                    .parts
                    .iter()
                    .map(|p| {
                        let k = match p.kind {
                            PartKind::Heap => "heap",
                            PartKind::Overhead => "ovh",
                            PartKind::OffHeap => "off",
                            PartKind::PySpark => "py",
                            PartKind::Rounding => "round",
                        };
                        format!("{k}{}", p.mib)
                    })
                    .collect();
                if parts.is_empty() {
                    format!("{kind}({}c,{}m)", b.vcores(), b.memory_mib)
                } else {
                    format!(
                        "{kind}({}c,{}m:{})",
                        b.vcores(),
                        b.memory_mib,
                        parts.join("+")
                    )
                }
            })
            .collect();
        group_line(out, g.first_node, g.last_node, &blocks);
    }
    let t = p.placement.totals;
    let _ = writeln!(
        out,
        "totals: {} executors, {} slots, heap {} MiB, granted {} MiB of {} ({:.1}%), {} of {} vcores, unused {} MiB / {} vcores, rounding {} MiB",
        t.executors,
        t.task_slots,
        t.heap_mib,
        t.granted_memory_mib,
        t.yarn_memory_mib,
        t.memory_used_pct(),
        t.granted_vcores,
        t.yarn_vcores,
        t.unused_memory_mib,
        t.unused_vcores,
        t.rounding_mib()
    );
    match &p.memory {
        Ok(m) => {
            let mib = |b: u64| format!("{:.1}", b as f64 / 1048576.0);
            let _ = writeln!(
                out,
                "memory: reserved {} user {} storage {} execution {} per-task {}..{} MiB",
                mib(m.reserved_bytes),
                mib(m.user_bytes),
                mib(m.storage_bytes),
                mib(m.execution_bytes),
                mib(m.per_task_min_bytes),
                mib(m.per_task_max_bytes)
            );
        }
        Err(e) => {
            let _ = writeln!(out, "memory: {e}");
        }
    }
    warnings_and_conf(out, &p.warnings, &p.spark_conf);
}

fn render(c: &Comparison) -> String {
    let mut out = String::new();
    render_plan(&mut out, &c.rule_of_thumb);
    out.push('\n');
    render_plan(&mut out, &c.spark_exact);
    out.push_str("\ndifferences:\n");
    for w in &c.differences {
        let _ = writeln!(out, "  {w}");
    }
    out
}

fn cases() -> Vec<(String, PlanInput)> {
    let mut v: Vec<(String, PlanInput)> = presets()
        .into_iter()
        .map(|p| (p.id.to_string(), p.input))
        .collect();
    let case1 = preset("case1").expect("case1").input;
    let case3 = preset("case3").expect("case3").input;

    let mut mib = case3.clone();
    mib.policy.granularity = Granularity::Mib;
    v.push(("case3-mib".into(), mib));

    let mut default_calc = case3.clone();
    default_calc.scheduler.calculator = Calculator::Default;
    v.push(("case3-default-calculator".into(), default_calc));

    let mut yarn_max = case1.clone();
    yarn_max.scheduler.maximum_allocation = MaximumAllocation::YARN_DEFAULT;
    v.push(("case1-yarn-default-maximum".into(), yarn_max));

    let mut client = case1.clone();
    client.spark.deploy_mode = DeployMode::Client;
    client.spark.version = SparkVersion::V3_5;
    v.push(("case1-client-3.5".into(), client));

    let mut python = case1.clone();
    python.spark.app_type = AppType::Python;
    python.spark.pyspark_memory_mib = 2048;
    python.spark.offheap = OffHeap {
        enabled: true,
        size_mib: 1024,
    };
    v.push(("case1-python-offheap".into(), python));

    let mut share = case1;
    share.policy.cluster_share_pct = 50.0;
    share.cluster.nodes = 1000;
    v.push(("case1-1000-nodes-half-share".into(), share));
    v
}

/// Where the snapshot files live.
fn snapshot_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots")
}

/// Compares each rendered case with `tests/snapshots/{name}.txt` (or rewrites them all).
fn check_snapshots(cases: Vec<(String, String)>) {
    let dir = snapshot_dir();
    let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some();
    let mut stale = Vec::new();
    for (name, text) in cases {
        let path = dir.join(format!("{name}.txt"));
        if update {
            std::fs::create_dir_all(&dir).expect("snapshot dir");
            std::fs::write(&path, &text).expect("write snapshot");
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(old) if old == text => {}
            Ok(old) => stale.push(format!(
                "{name}: differs\n--- expected\n{old}\n--- got\n{text}"
            )),
            Err(_) => stale.push(format!("{name}: no snapshot at {}", path.display())),
        }
    }
    assert!(
        stale.is_empty(),
        "snapshots differ (rerun with UPDATE_SNAPSHOTS=1 if intended):\n{}",
        stale.join("\n")
    );
}

#[test]
fn working_and_warnings_match_snapshots() {
    check_snapshots(
        cases()
            .into_iter()
            .map(|(name, input)| (name, render(&plan(&input).expect("valid preset"))))
            .collect(),
    );
}

fn render_k8s(p: &K8sPlan) -> String {
    let mut out = String::new();
    let pod = |r: &planner::spark::PodResources| {
        format!(
            "{}Mi, cpu request {}, cpu limit {}",
            r.memory_mib,
            r.cpu_request,
            r.cpu_limit.as_deref().unwrap_or("none")
        )
    };
    let m = p.executor_memory;
    let _ = writeln!(
        out,
        "executor pod: {} (heap {} + overhead {} + off-heap {} + pyspark {}; factor {})",
        pod(&p.executor),
        m.heap_mib,
        m.overhead_mib,
        m.offheap_mib,
        m.pyspark_mib,
        p.overhead_factor
    );
    let _ = writeln!(
        out,
        "driver pod: {}",
        p.driver
            .as_ref()
            .map_or("none (client mode)".to_string(), pod)
    );
    let _ = writeln!(out, "per node: {}, capacity: {}", p.per_node, p.capacity);
    working(&mut out, &p.working);
    out.push_str("layout:\n");
    for g in &p.layout {
        let blocks: Vec<String> = g
            .blocks
            .iter()
            .map(|b| {
                let kind = match b.kind {
                    BlockKind::Reserved => "sys",
                    BlockKind::DaemonSets => "ds",
                    BlockKind::DriverPod => "driver",
                    BlockKind::Executor => "exec",
                    BlockKind::Unused => "free",
                    BlockKind::ApplicationMaster => "not-kubernetes",
                };
                format!("{kind}({}m cpu,{} MiB)", b.cpu_millis, b.memory_mib)
            })
            .collect();
        group_line(&mut out, g.first_node, g.last_node, &blocks);
    }
    let t = p.totals;
    let _ = writeln!(
        out,
        "totals: {} executors, {} slots, {}m cpu and {} MiB requested of {}m and {} MiB",
        t.executors,
        t.task_slots,
        t.cpu_requested_millis,
        t.memory_requested_mib,
        t.cpu_available_millis,
        t.memory_available_mib
    );
    warnings_and_conf(&mut out, &p.warnings, &p.spark_conf);
    out
}

/// An EMR layout block's kind as the EMR snapshots name it.
fn emr_kind(b: &Block) -> &'static str {
    match b.kind {
        BlockKind::Reserved => "OsReserved",
        BlockKind::ApplicationMaster => "ApplicationMaster",
        BlockKind::Executor => "Executor",
        BlockKind::Unused => "Unused",
        BlockKind::DaemonSets | BlockKind::DriverPod => "not-yarn",
    }
}

fn render_emr(p: &EmrPlan) -> String {
    let mut out = String::new();
    let r = p.request;
    let _ = writeln!(
        out,
        "request: heap {} + overhead {} = {} MiB, granted {} MiB / {} vcores; {} requested",
        r.memory.heap_mib,
        r.memory.overhead_mib,
        r.request.memory_mib,
        r.granted.memory_mib,
        r.granted.vcores,
        p.requested
    );
    for l in &p.launched {
        let _ = writeln!(
            out,
            "launched: {} × ({} merged: {} MiB, {} cores, {} YARN vcores, {}m heap + {}m overhead)",
            l.count, l.merged, l.memory_mib, l.cores, l.yarn_vcores, l.heap_mib, l.overhead_mib
        );
    }
    let _ = writeln!(
        out,
        "{} executors cover {} requests, {} pending",
        p.launched_executors, p.covered_requests, p.pending_requests
    );
    working(&mut out, &working_steps(p));
    out.push_str("layout:\n");
    for g in &p.layout {
        let blocks: Vec<String> = g
            .blocks
            .iter()
            .map(|b| format!("{}({}c,{}m)", emr_kind(b), b.vcores(), b.memory_mib))
            .collect();
        group_line(&mut out, g.first_node, g.last_node, &blocks);
    }
    out.push_str("warnings:\n");
    for w in &warnings(p) {
        let _ = writeln!(out, "  {w}");
    }
    out.push_str("driver log:\n");
    for l in &driver_log(p) {
        let _ = writeln!(out, "  {l}");
    }
    let _ = writeln!(out, "submit: {}", submit_flags(p).join(" "));
    let _ = writeln!(out, "classification: {}", classification_json(p));
    out
}

fn k8s_cases() -> Vec<(&'static str, K8sInput)> {
    let k8s = K8sInput::default();
    let mut half = k8s.clone();
    half.spark.request_cores = Some("500m".into());
    half.spark.limit_cores = Some("1".into());
    let mut python = k8s.clone();
    python.spark.app_type = AppType::Python;
    python.spark.pyspark_memory_mib = 1024;
    python.spark.offheap = OffHeap {
        enabled: true,
        size_mib: 2048,
    };
    python.count = ExecutorCount::AsManyAsFit;
    let mut client = k8s.clone();
    client.spark.deploy_mode = DeployMode::Client;
    client.spark.version = SparkVersion::V3_5;
    client.count = ExecutorCount::Exactly(100);
    vec![
        ("k8s-seed002", k8s),
        ("k8s-seed002-half-with-limit", half),
        ("k8s-python-offheap-max", python),
        ("k8s-client-3.5-too-many", client),
    ]
}

fn emr_cases() -> Vec<(&'static str, EmrInput)> {
    let seed = EmrInput::default();
    vec![
        ("emr-seed003", seed),
        (
            "emr-seed003-heterogeneous-off",
            EmrInput {
                heterogeneous_executors: false,
                ..seed
            },
        ),
        (
            "emr-maximize",
            EmrInput {
                maximize_resource_allocation: true,
                ..seed
            },
        ),
        (
            "emr-caps-cluster-dominant",
            EmrInput {
                max_cores: Some(8),
                max_memory_mib: Some(60_000),
                deploy_mode: DeployMode::Cluster,
                driver_memory_mib: 4096,
                calculator: Calculator::Dominant,
                ..seed
            },
        ),
        (
            "emr-c5-big-driver",
            EmrInput {
                instance: instance_type("c5.9xlarge").expect("c5"),
                core_nodes: 4,
                executor_memory_mib: 4096,
                executors: 40,
                driver_memory_mib: 16384,
                ..seed
            },
        ),
    ]
}

#[test]
fn kubernetes_and_emr_match_snapshots() {
    let mut out = Vec::new();
    for (name, input) in k8s_cases() {
        let p = plan_k8s(&input).expect(name);
        let text = format!(
            "{}yaml:\n{}",
            render_k8s(&p),
            spark_operator_yaml(&p, &input.spark)
        );
        out.push((name.to_string(), text));
    }

    for (name, input) in emr_cases() {
        out.push((name.to_string(), render_emr(&plan_emr(&input).expect(name))));
    }
    check_snapshots(out);
}

#[test]
fn every_snapshot_file_belongs_to_a_case() {
    // A snapshot no case produces would never be checked again: a renamed or removed case must
    // take its file with it.
    let names: Vec<String> = cases()
        .into_iter()
        .map(|(name, _)| name)
        .chain(k8s_cases().into_iter().map(|(name, _)| name.to_string()))
        .chain(emr_cases().into_iter().map(|(name, _)| name.to_string()))
        .collect();
    let dir = snapshot_dir();
    let mut orphans = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("snapshot dir") {
        let file_name = entry.expect("snapshot entry").file_name();
        let file_name = file_name.to_string_lossy();
        let produced = file_name
            .strip_suffix(".txt")
            .is_some_and(|name| names.iter().any(|n| n == name));
        if !produced {
            orphans.push(dir.join(&*file_name).display().to_string());
        }
    }
    orphans.sort();
    assert!(
        orphans.is_empty(),
        "no case produces these snapshot files (delete them, or restore their case):\n{}",
        orphans.join("\n")
    );
}
