//! The answer and its working: the comparison of both methods, the executor's memory, the
//! derivation steps and the warnings. Each view is built from plain planner output.

use planner::fixed::format_fixed;
use planner::place::Placement;
use planner::url::Manager;
use planner::{Comparison, Method, Plan, Warning};

use crate::{fmt, html};

/// The method's name as the page says it.
pub fn method_name(m: Method) -> &'static str {
    match m {
        Method::SparkExact => "Spark-exact",
        Method::RuleOfThumb => "Rule of thumb",
    }
}

fn verdict(p: &Placement, instances: u32) -> String {
    let placed = p.totals.executors;
    if placed == 0 {
        "✗ none run".to_string()
    } else if placed < instances {
        format!("✗ only {placed} of {instances} fit")
    } else {
        "✓ all fit".to_string()
    }
}

/// Rule of thumb and Spark-exact side by side, with the reasons they differ, as HTML.
pub fn comparison(c: &Comparison) -> String {
    let r = &c.rule_of_thumb;
    let e = &c.spark_exact;
    let mut out = String::from(
        r#"<table class="compare"><thead><tr><td></td><th scope="col">Rule of thumb</th><th scope="col">Spark-exact</th></tr></thead><tbody>"#,
    );
    let mut row = |label: &str, f: &dyn Fn(&Plan) -> String| {
        let (a, b) = (f(r), f(e));
        out.push_str(if a != b {
            r#"<tr class="differs">"#
        } else {
            "<tr>"
        });
        html::text(&mut out, "th", r#" scope="row""#, label);
        html::text(&mut out, "td", "", &a);
        html::text(&mut out, "td", "", &b);
        out.push_str("</tr>");
    };
    row("Executors (spark.executor.instances)", &|p| {
        p.instances.to_string()
    });
    row("Cores per executor", &|p| p.cores().to_string());
    row("Executor memory (heap)", &|p| p.heap_setting());
    row("Overhead", &|p| {
        fmt::mib(p.placement.executor.memory.overhead_mib)
    });
    row("Container requested → granted", &|p| {
        format!(
            "{} → {}",
            fmt::mib(p.placement.executor.request.memory_mib),
            fmt::mib(p.placement.executor.granted.memory_mib)
        )
    });
    row("Executors per node (YARN)", &|p| {
        p.placement.per_node.to_string()
    });
    row("Executors YARN runs", &|p| {
        format!(
            "{} ({})",
            p.placement.totals.executors,
            verdict(&p.placement, p.instances)
        )
    });
    row("Task slots", &|p| fmt::group(p.placement.totals.task_slots));
    row("YARN memory used", &|p| {
        fmt::pct(p.placement.totals.memory_used_pct())
    });
    // What the ResourceManager reports: 1 vcore per container under the
    // DefaultResourceCalculator, whatever spark.executor.cores runs.
    row("YARN vcores used (as the ResourceManager reports)", &|p| {
        fmt::pct(p.placement.totals.vcores_used_pct())
    });
    let rule_warnings = planner::plan::warnings(c, Method::RuleOfThumb);
    let reasons: Vec<Warning> = planner::plan::differences(c)
        .iter()
        .chain(rule_warnings.iter().filter(|w| {
            matches!(
                w.code,
                planner::Code::LegacyOverheadFactor
                    | planner::Code::RoomForMore
                    | planner::Code::AmSlotAssumption
                    | planner::Code::FewerExecutorsFit
            )
        }))
        .cloned()
        .collect();
    out.push_str(r#"</tbody></table><h3 class="subhead">Why they differ</h3>"#);
    out.push_str(&warning_list(&reasons, "differences"));
    out
}

/// The driver guidance of a scenario under its own heading (cores for concurrent jobs, results
/// collected against `spark.driver.maxResultSize` and the heap, client mode's edge node), as
/// HTML; nothing when there is none.
pub fn driver_section(scenario: &planner::Scenario) -> String {
    let settings = planner::scenario::driver_settings(scenario);
    let notes = planner::driver::driver_notes(&planner::driver::driver_numbers(&settings));
    if notes.is_empty() {
        return String::new();
    }
    format!(
        r#"<section class="card" id="driver-section"><h2>Driver</h2><ul class="warnings" id="driver-notes">{}</ul></section>"#,
        warning_items(&notes)
    )
}

/// A list of warnings with their severity in words (not colour alone), as HTML.
pub fn warning_list(ws: &[Warning], id: &str) -> String {
    planner::report::html::findings_list(ws, id)
}

/// The `<li>` items of a warning list, as HTML (no handlers: written as text, `crate::html`).
pub fn warning_items(ws: &[Warning]) -> String {
    planner::report::html::finding_items(ws)
}

/// The derivation steps of `method`'s plan as a numbered list, as HTML.
pub fn working(c: &Comparison, method: Method) -> String {
    steps(&planner::plan::working_steps(c, method))
}

/// Any derivation steps as a numbered list, as HTML.
pub fn steps(working: &[planner::Step]) -> String {
    format!(r#"<ol class="working">{}</ol>"#, step_items(working))
}

/// The `<li>` items of derivation steps, as HTML: the title in bold, then the formula.
pub fn step_items(working: &[planner::Step]) -> String {
    let mut out = String::new();
    for s in working {
        out.push_str("<li>");
        html::text(&mut out, "strong", "", &s.title);
        out.push_str(": ");
        html::text(&mut out, "span", r#" class="formula""#, &s.detail);
        out.push_str("</li>");
    }
    out
}

/// The rows of the executor container's table: heap, overhead, off-heap, PySpark, rounding.
fn container_rows(out: &mut String, e: &planner::place::ExecutorShape) {
    let rounding = e.granted.memory_mib.saturating_sub(e.request.memory_mib);
    let mut container = vec![
        ("Heap (spark.executor.memory)", e.memory.heap_mib, "heap"),
        ("Overhead", e.memory.overhead_mib, "overhead"),
    ];
    if e.memory.offheap_mib > 0 {
        container.push(("Off-heap", e.memory.offheap_mib, "offheap"));
    }
    if e.memory.pyspark_mib > 0 {
        container.push(("PySpark workers", e.memory.pyspark_mib, "pyspark"));
    }
    if rounding > 0 {
        container.push(("YARN rounding", rounding, "rounding"));
    }
    for (label, mib, class) in container {
        swatch_row(out, "sw", class, label, &fmt::mib(mib));
        out.push_str("</tr>");
    }
}

/// A table row's heading with its colour swatch and its value cell, left open for more cells.
fn swatch_row(out: &mut String, prefix: &str, class: &str, label: &str, value: &str) {
    out.push_str(&format!(
        r#"<tr><th scope="row"><span class="swatch {prefix}-{class}" aria-hidden="true"></span>{label}</th>"#
    ));
    html::text(out, "td", "", value);
}

/// The heap's pools in order: label, bytes, CSS class, what it holds.
fn pool_parts(
    m: &planner::memory::UnifiedMemory,
) -> [(&'static str, u64, &'static str, &'static str); 4] {
    [
        (
            "Reserved",
            m.reserved_bytes,
            "reserved",
            "Spark's fixed reserve",
        ),
        (
            "User memory",
            m.user_bytes,
            "user",
            "your data structures, UDFs; not managed by Spark",
        ),
        (
            "Storage",
            m.storage_bytes,
            "storage",
            "cached data immune to eviction (spark.memory.storageFraction)",
        ),
        (
            "Execution",
            m.execution_bytes,
            "execution",
            "shuffles, joins, sorts, aggregations; borrows from storage",
        ),
    ]
}

/// The heap's unified-memory pools as a bar and a table, or Spark's refusal of the heap, as
/// HTML.
fn heap_pools(out: &mut String, p: &Plan) {
    let m = match &p.memory {
        Ok(m) => m,
        Err(e) => {
            html::text(
                out,
                "p",
                r#" class="sev sev-error""#,
                &format!("Spark refuses this heap: {e} bytes."),
            );
            return;
        }
    };
    let heap = m.heap_bytes.max(1) as f64;
    let parts = pool_parts(m);
    out.push_str(r#"<svg class="poolbar" width="100%" height="28" role="img" aria-label="Heap split into reserved, user, storage and execution memory">"#);
    let mut x = 0.0;
    for (label, bytes, class, _) in &parts {
        let w = *bytes as f64 / heap * 100.0;
        out.push_str(&format!(
            r#"<svg x="{}%" width="{}%" height="100%" class="seg"><rect width="100%" height="100%" class="pool pool-{class}"><title>{label}: {}</title></rect>"#,
            format_fixed(x, 3),
            format_fixed(w, 3),
            fmt::bytes_mib(*bytes)
        ));
        crate::layout::segment_label(out, w, label);
        out.push_str("</svg>");
        x += w;
    }
    out.push_str(r#"</svg><table class="kv" id="memory-pools"><tbody>"#);
    for (label, bytes, class, what) in &parts {
        swatch_row(out, "pool", class, label, &fmt::bytes_mib(*bytes));
        html::text(out, "td", r#" class="muted""#, what);
        out.push_str("</tr>");
    }
    out.push_str(&format!(
        r#"<tr><th scope="row">Execution per task ({} at once)</th><td>{} – {}</td><td class="muted">guaranteed before spilling – most while storage holds its region (up to {} when nothing is cached)</td></tr></tbody></table>"#,
        m.concurrent_tasks,
        fmt::bytes_mib(m.per_task_min_bytes),
        fmt::bytes_mib(m.per_task_max_bytes),
        fmt::bytes_mib(m.per_task_max_uncached_bytes)
    ));
}

/// The executor's memory: the container's parts and the unified-memory pools in the heap, as
/// HTML.
pub fn memory_breakdown(p: &Plan) -> String {
    let e = p.placement.executor;
    let mut out = format!(
        r#"<div class="memory-grid"><div><h3 class="subhead">Container: {} granted</h3><table class="kv" id="memory-container"><tbody>"#,
        fmt::mib(e.granted.memory_mib)
    );
    container_rows(&mut out, &e);
    out.push_str(&format!(
        r#"</tbody></table></div><div><h3 class="subhead">Inside the {} heap</h3>"#,
        fmt::size(e.memory.heap_mib)
    ));
    heap_pools(&mut out, p);
    out.push_str("</div></div>");
    out
}

/// How the numbers are computed, in short: static text, so HTML (`crate::html`).
pub fn about_html(manager: Manager) -> &'static str {
    match manager {
        Manager::Yarn => ABOUT_YARN,
        Manager::Kubernetes => ABOUT_KUBERNETES,
        Manager::Emr => ABOUT_EMR,
    }
}

const ABOUT_KUBERNETES: &str = concat!(
    "<p><strong>Pod resources</strong> are computed as Spark's Kubernetes builders write them: memory request = limit = heap + overhead (max(384 MiB, ⌊factor × heap⌋), factor 0.1, or 0.4 for cluster-mode Python and R apps unless set) + off-heap + PySpark memory, in Mi; CPU request = spark.kubernetes.executor.request.cores or spark.executor.cores; a CPU limit only when one is set. Checked against vectors produced by running Spark 3.5.9's and 4.0.5's own classes.</p>",
    "<p><strong>Packing</strong> takes each node's allocatable CPU and memory (capacity minus kube/system reservations and the eviction threshold) less the daemonsets' requests, counts the executor pods whose requests fit, up to the node's pod limit (EKS's or AKS's max pods, else 110; the driver pod counts), puts the driver pod on node 1, and spreads the executors evenly, as kube-scheduler's default scoring tends to. Task slots are spark.executor.cores ÷ spark.task.cpus per executor, whatever CPU the pod requests.</p>",
    "<p>Not modelled: scheduler plugins and affinity, taints, resource quotas, priority and preemption, other workloads.</p>",
);

const ABOUT_EMR: &str = concat!(
    "<p><strong>EMR's settings</strong> come from the EMR release guide: yarn.nodemanager.resource.memory-mb per instance type (the maximum allocation is the same), a 32 MiB minimum allocation, an executor overhead factor of 0.1875 and dynamic allocation on. Requests are computed as Spark on YARN computes them.</p>",
    "<p><strong>Heterogeneous executors</strong> are a model: EMR does not publish how it merges requests. The model merges as many requests as fit in a node's free room into one executor (capped by spark.executor.maxCores and maxMemory), heap = ⌊container ÷ (1 + factor)⌋, with the ApplicationMaster first on core node 1; it reproduces an observed EMR driver log exactly (50 requests of 22528 MiB became 9 executors of 112640 MiB).</p>",
    "<p>Not modelled: task nodes, instance fleets, managed scaling, and how dynamic allocation's target moves over time.</p>",
);

const ABOUT_YARN: &str = concat!(
    "<p><strong>Rule of thumb</strong> reproduces the widely shared recipe exactly: reserve 1 core and 1 GB per node, 5 cores per executor, executors per node = cores ÷ 5, one executor less for the ApplicationMaster, memory = node memory ÷ executors per node, minus max(384 MB, 7%) overhead, rounded down to whole GB. Its answer is then placed under YARN's real math to show whether it holds.</p>",
    "<p><strong>Spark-exact</strong> computes containers as Spark does: overhead = max(384 MiB, ⌊0.10 × heap⌋) (or your settings), plus off-heap and PySpark memory; YARN rounds each request up to a multiple of yarn.scheduler.minimum-allocation-mb; the ApplicationMaster is its own container (the driver in cluster mode). It picks the largest heap whose granted container still fits the executors per node, then places the AM and as many executors as fit.</p>",
    "<p><strong>Resource calculator</strong>: the plan uses the one chosen in the form (Dominant unless you change it). Stock Apache Hadoop's Capacity Scheduler and Amazon EMR default to DefaultResourceCalculator, which packs containers by memory only; some distributions (e.g. Cloudera CDP) configure DominantResourceCalculator, which counts memory and vcores. It can change the answer: at least 10 GB per executor on 6 × 16 cores × 64 GB gives 29 executors with Dominant, 30 with Default.</p>",
    "<p>Modelled: Apache Spark 3.5 and 4.0 (4.0 adds spark.executor.minMemoryOverhead); checked against vectors produced by running Spark 3.5.9's and 4.0.5's own classes. YARN: Capacity/FIFO rounding or the Fair scheduler's increment, Default or Dominant resource calculator, the maximum allocation. Not modelled: queues' other tenants, node labels, preemption.</p>",
);
