//! The Markdown rendering of an outcome, for a wiki page (GitHub Markdown): the answer first
//! (a headline: executors × cores × memory, or why nothing fits), a table of the containers, a
//! table per node group of the layout, the working steps as a numbered list, the warnings, and
//! the exports in fenced code blocks.
//!
//! Every text that comes from a plan is escaped: in tables `|` is written `\|`, and characters
//! Markdown would read as emphasis, links or HTML are backslash-escaped.

use crate::format;
use std::fmt::Write;

use super::summary;
use super::Report;
use crate::catalog::{self, ClusterManager};
use crate::emr::{self, EmrPlan};
use crate::exports::{self, emr as emr_exports, k8s as k8s_exports};
use crate::k8s::{k8s_working, K8sInput, K8sPlan};
use crate::layout::{BlockKind, NodeGroup, Part, PartKind};
use crate::memory::UnifiedMemory;
use crate::place::Placement;
use crate::plan::{self, Comparison, Step};
use crate::spark::HeapTooSmall;
use crate::warning::{Severity, Warning};

/// The Markdown of a report.
pub fn report(report: &Report<'_>) -> String {
    match *report {
        Report::Yarn(c) => comparison(c),
        Report::Kubernetes(p, input) => kubernetes(p, input),
        Report::Emr(p) => emr(p),
        Report::Invalid(m, diagnostics) => invalid(m, diagnostics),
    }
}

/// The document with one line break at its end (each section ends with a blank line).
fn finished(mut out: String) -> String {
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

/// A YARN plan: the selected method's answer, its containers, layout, working, warnings and
/// exports, then why the two methods differ.
pub fn comparison(c: &Comparison) -> String {
    let m = ClusterManager::Yarn;
    let p = c.selected_plan();
    let mut out = String::new();
    yarn_headline(&mut out, c);
    containers(&mut out, &summary::yarn_containers(&p.placement));
    out.push_str("## Layout\n\n");
    for group in &p.placement.layout {
        node_group_table(
            &mut out,
            group,
            GroupTable {
                kubernetes: false,
                parts: true,
            },
        );
    }
    yarn_totals(&mut out, &p.placement);
    unified_memory(&mut out, &p.memory);
    working(&mut out, &plan::working_steps(c, c.selected));
    warnings(&mut out, m, "Warnings", &crate::explorer::yarn_findings(c));
    let differences = plan::differences(c);
    if !differences.is_empty() {
        warnings(&mut out, m, "Why the two methods differ", &differences);
    }
    out.push_str("## Exports\n\n");
    let conf = exports::yarn_spark_conf(c, c.selected);
    conf_block(&mut out, &conf);
    let submit = exports::submit_command(&exports::submit_flags(&conf));
    code_block(&mut out, "spark-submit", "sh", &submit);
    finished(out)
}

/// A Kubernetes plan (`input`: what it was planned from).
pub fn kubernetes(p: &K8sPlan, input: &K8sInput) -> String {
    let m = ClusterManager::Kubernetes;
    let spark = &input.spark;
    let findings = crate::explorer::k8s_findings(input, p);
    let mut out = String::new();
    kubernetes_headline(&mut out, p, input, &findings);
    out.push_str("## Pods\n\n");
    let pods = summary::kubernetes_pods(p, spark);
    table(&mut out, &pods.columns, &pods.rows);
    out.push_str("## Layout\n\n");
    for group in &p.layout {
        node_group_table(
            &mut out,
            group,
            GroupTable {
                kubernetes: true,
                parts: true,
            },
        );
    }
    let t = p.totals;
    let totals = format!(
        "**Totals:** {}, {}; {} millicores and {} MiB requested of {} \
         millicores and {} MiB allocatable beside daemonsets.\n",
        format::counted(u64::from(t.executors), "executor pod"),
        format::counted(t.task_slots, "task slot"),
        t.cpu_requested_millis,
        t.memory_requested_mib,
        t.cpu_available_millis,
        t.memory_available_mib
    );
    let _ = writeln!(out, "{}", format::in_text(&totals));
    working(&mut out, &k8s_working(input, p));
    warnings(&mut out, m, "Warnings", &findings);
    out.push_str("## Exports\n\n");
    conf_block(&mut out, &k8s_exports::spark_conf(p, spark));
    let submit = exports::submit_command(&k8s_exports::spark_submit_flags(p, spark));
    code_block(&mut out, "spark-submit", "sh", &submit);
    let yaml = k8s_exports::spark_operator_yaml(p, spark);
    code_block(&mut out, "Spark operator (SparkApplication)", "yaml", &yaml);
    finished(out)
}

/// An Amazon EMR plan: what is requested and what EMR launches, layout, working, warnings and
/// exports (with the driver log EMR would write).
pub fn emr(p: &EmrPlan) -> String {
    let m = ClusterManager::Emr;
    let mut out = String::new();
    emr_headline(&mut out, p);
    containers(&mut out, &summary::emr_containers(p));
    out.push_str("## Layout (core nodes)\n\n");
    for group in &p.layout {
        node_group_table(
            &mut out,
            group,
            GroupTable {
                kubernetes: false,
                parts: false,
            },
        );
    }
    working(&mut out, &emr::working_steps(p));
    warnings(&mut out, m, "Warnings", &crate::explorer::emr_findings(p));
    out.push_str("## Exports\n\n");
    let submit = exports::submit_command(&emr_exports::submit_flags(p));
    code_block(&mut out, "spark-submit", "sh", &submit);
    let classification = emr_exports::classification_json(p);
    code_block(
        &mut out,
        "Configuration classification",
        "json",
        &classification,
    );
    let log = emr_exports::driver_log(p).join("\n");
    code_block(&mut out, "Driver log (YarnAllocator)", "text", &log);
    finished(out)
}

/// An input of `m` that cannot be planned: why, one item per problem with its field's key.
pub fn invalid(m: ClusterManager, diagnostics: &[Warning]) -> String {
    let mut out = format!("# {}: nothing to plan\n\n", m.name());
    let count = diagnostics.len();
    let _ = writeln!(
        out,
        "The input has {} to fix first.\n",
        format::counted(count as u64, "problem")
    );
    warnings(&mut out, m, "Problems", diagnostics);
    finished(out)
}

/// A section of containers.
fn containers(out: &mut String, t: &summary::Table) {
    out.push_str("## Containers\n\n");
    table(out, &t.columns, &t.rows);
}

/// The first error among `findings`, as the reason an answer does not run.
fn first_error(findings: &[Warning]) -> Option<&Warning> {
    findings.iter().find(|w| w.severity == Severity::Error)
}

fn yarn_headline(out: &mut String, c: &Comparison) {
    let p = c.selected_plan();
    let placed = p.placement.totals.executors;
    if placed == 0 {
        out.push_str("# YARN: no executor fits\n\n");
        if let Some(e) = first_error(&plan::warnings(c, c.selected)) {
            let _ = writeln!(out, "{}\n", escape(&e.message));
        }
        let nearest = plan::shortfall(c, c.selected).map(|s| s.nearest);
        for n in nearest.unwrap_or_default() {
            let _ = writeln!(out, "{}\n", escape(&plan::nearest_words(&n)));
        }
    } else {
        let _ = write!(
            out,
            "# YARN: {}",
            format::shape(p.instances, p.cores(), p.heap_mib())
        );
        if placed < p.instances {
            let _ = write!(out, " ({placed} placed)");
        }
        out.push_str("\n\n");
    }
    let (this, other) = match p.method {
        crate::input::Method::SparkExact => ("Spark-exact", &c.rule_of_thumb),
        crate::input::Method::RuleOfThumb => ("Rule-of-thumb", &c.spark_exact),
    };
    let _ = writeln!(
        out,
        "{this} method: {} placed, {} at once. The other method gives {}.\n",
        format::counted(u64::from(placed), "executor"),
        format::counted(p.placement.totals.task_slots, "task"),
        format::shape(other.instances, other.cores(), other.heap_mib())
    );
}

fn yarn_totals(out: &mut String, placement: &Placement) {
    let t = placement.totals;
    let totals = format!(
        "**Totals:** {}, {}; {} of {} MiB of YARN memory granted ({} %), \
         {} of {}; {} MiB and {} unused; {} MiB added by YARN's rounding.\n",
        format::counted(u64::from(t.executors), "executor"),
        format::counted(t.task_slots, "task slot"),
        t.granted_memory_mib,
        t.yarn_memory_mib,
        crate::fixed::format_percent(t.granted_memory_mib, t.yarn_memory_mib, 1),
        t.granted_vcores,
        format::counted(t.yarn_vcores, "vcore"),
        t.unused_memory_mib,
        format::counted(t.unused_vcores, "vcore"),
        t.rounding_mib()
    );
    let _ = writeln!(out, "{}", format::in_text(&totals));
}

/// The unified-memory pools of one executor, or Spark's refusal of the heap.
fn unified_memory(out: &mut String, memory: &Result<UnifiedMemory, HeapTooSmall>) {
    match memory {
        Ok(m) => {
            let _ = writeln!(
                out,
                "**Inside one executor:** reserved {} MiB, user {} MiB, storage {} MiB, \
                 execution {} MiB; each task gets {} to {} MiB of execution memory.\n",
                crate::format::mib_decimal(m.reserved_bytes),
                crate::format::mib_decimal(m.user_bytes),
                crate::format::mib_decimal(m.storage_bytes),
                crate::format::mib_decimal(m.execution_bytes),
                crate::format::mib_decimal(m.per_task_min_bytes),
                crate::format::mib_decimal(m.per_task_max_bytes)
            );
        }
        Err(e) => {
            let _ = writeln!(out, "**Inside one executor:** {}\n", escape(&e.to_string()));
        }
    }
}

fn kubernetes_headline(out: &mut String, p: &K8sPlan, input: &K8sInput, findings: &[Warning]) {
    let spark = &input.spark;
    let placed = p.totals.executors;
    if placed == 0 {
        out.push_str("# Kubernetes: no executor pod fits\n\n");
        if let Some(e) = first_error(findings) {
            let _ = writeln!(out, "{}\n", escape(&e.message));
        }
    } else {
        let heading = format::shape(placed, spark.executor_cores, spark.executor_memory_mib);
        let _ = writeln!(out, "# Kubernetes: {heading}\n");
    }
    let short = crate::k8s::k8s_shortfall(input, p);
    if let Some(n) = short.as_ref().and_then(crate::k8s::k8s_nearest_words) {
        let _ = writeln!(out, "{}\n", escape(&n));
    }
    let fit = format!(
        "{} fit on a node, {} on the cluster; {} at once.\n",
        format::counted(p.fit.per_node, "executor pod"),
        p.fit.capacity,
        format::counted(p.totals.task_slots, "task")
    );
    let _ = writeln!(out, "{}", format::in_text(&fit));
}

fn emr_headline(out: &mut String, p: &EmrPlan) {
    if p.launched_executors == 0 {
        out.push_str("# Amazon EMR: no executor fits\n\n");
        if let Some(e) = first_error(&emr::warnings(p)) {
            let _ = writeln!(out, "{}\n", escape(&e.message));
        }
    } else {
        let _ = writeln!(out, "# Amazon EMR: {}\n", summary::emr_runs_words(p));
    }
    let _ = writeln!(
        out,
        "EMR launches {} covering {} of the {}; {} pending.\n",
        format::counted(u64::from(p.launched_executors), "executor"),
        p.covered_requests,
        format::counted(u64::from(p.requested), "request"),
        p.pending_requests
    );
}

/// How a manager's layout tables read: YARN and EMR count vcores, Kubernetes millicores and
/// pods; `parts` adds each container's memory parts.
#[derive(Clone, Copy)]
struct GroupTable {
    kubernetes: bool,
    parts: bool,
}

/// One node group's blocks as a table.
fn node_group_table(out: &mut String, group: &NodeGroup, t: GroupTable) {
    let _ = writeln!(
        out,
        "### {}\n",
        format::nodes_title(group.first_node, group.last_node)
    );
    let rows: Vec<Vec<String>> = group
        .blocks
        .iter()
        .map(|b| {
            let cpu = if t.kubernetes {
                b.cpu_millis
            } else {
                b.vcores()
            };
            let mut cells = vec![
                block_name(b.kind, t.kubernetes).to_string(),
                cpu.to_string(),
                b.memory_mib.to_string(),
            ];
            if t.parts {
                cells.push(parts_text(&b.parts));
            }
            cells
        })
        .collect();
    let cpu = if t.kubernetes {
        "CPU (millicores)"
    } else {
        "Vcores"
    };
    let columns = [
        ("Block", false),
        (cpu, true),
        ("Memory (MiB)", true),
        ("Parts (MiB)", false),
    ];
    table(out, &columns[..if t.parts { 4 } else { 3 }], &rows);
}

/// A block as the manager's table names it.
fn block_name(kind: BlockKind, kubernetes: bool) -> &'static str {
    match (kind, kubernetes) {
        (BlockKind::Reserved, false) => "OS and daemons",
        (BlockKind::Reserved, true) => "System reserved",
        (BlockKind::Executor, false) => "Executor",
        (BlockKind::Executor, true) => "Executor pod",
        (BlockKind::ApplicationMaster, _) => "ApplicationMaster",
        (BlockKind::DaemonSets, _) => "DaemonSets",
        (BlockKind::DriverPod, _) => "Driver pod",
        (BlockKind::Unused, _) => "Unused",
    }
}

/// "heap 19456 + overhead 1945 + rounding 103" (empty without parts).
fn parts_text(parts: &[Part]) -> String {
    let named: Vec<String> = parts
        .iter()
        .map(|p| {
            let kind = match p.kind {
                PartKind::Heap => "heap",
                PartKind::Overhead => "overhead",
                PartKind::OffHeap => "off-heap",
                PartKind::PySpark => "PySpark",
                PartKind::Rounding => "rounding",
            };
            format!("{kind} {}", p.mib)
        })
        .collect();
    named.join(" + ")
}

fn working(out: &mut String, steps: &[Step]) {
    out.push_str("## Working\n\n");
    for (i, s) in steps.iter().enumerate() {
        let _ = writeln!(
            out,
            "{}. **{}**: {}",
            i + 1,
            escape(&s.title),
            escape(&s.detail)
        );
    }
    out.push('\n');
}

/// A section of findings: `- **warning** \`code\` (field \`key\`): message`, or "None."
fn warnings(out: &mut String, m: ClusterManager, title: &str, findings: &[Warning]) {
    let _ = writeln!(out, "## {title}\n");
    if findings.is_empty() {
        out.push_str("None.\n\n");
        return;
    }
    for w in findings {
        let _ = write!(out, "- **{}** `{}`", w.severity.as_str(), w.code.as_str());
        if let Some(field) = w.field {
            let _ = write!(out, " (field `{}`)", catalog::key(m, field));
        }
        let _ = writeln!(out, ": {}", escape(&w.message));
    }
    out.push('\n');
}

/// The configuration as `spark-defaults.conf` lines (key, whitespace, value).
fn conf_block(out: &mut String, conf: &[(String, String)]) {
    let lines: Vec<String> = conf.iter().map(|(k, v)| format!("{k} {v}")).collect();
    code_block(out, "spark-defaults.conf", "properties", &lines.join("\n"));
}

/// A titled fenced code block; the fence is longer than any run of backticks in `body`.
fn code_block(out: &mut String, title: &str, language: &str, body: &str) {
    let longest_run = body.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest_run.max(2) + 1);
    let _ = writeln!(out, "### {title}\n");
    let _ = writeln!(out, "{fence}{language}\n{}\n{fence}\n", body.trim_end());
}

/// A GitHub table: a header row, the separator row (`---` or `---:` when right-aligned), then
/// one row per entry, each cell escaped.
fn table(out: &mut String, columns: &[(&str, bool)], rows: &[Vec<String>]) {
    let titles: Vec<&str> = columns.iter().map(|(title, _)| *title).collect();
    let _ = writeln!(out, "| {} |", titles.join(" | "));
    let separators: Vec<&str> = columns
        .iter()
        .map(|(_, right)| if *right { "---:" } else { "---" })
        .collect();
    let _ = writeln!(out, "| {} |", separators.join(" | "));
    for row in rows {
        let cells: Vec<String> = row.iter().map(|c| escape(c)).collect();
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
    out.push('\n');
}

/// Text safe in Markdown, tables included: characters Markdown would read as markup get a
/// backslash (`|` becomes `\|`, which GitHub's tables need), line breaks become spaces.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// `document` with the workload and dynamic allocation sections after it (when `fit` has
/// something to say): the checks, the shapes that apply a remedy, the recommended SQL settings
/// and what dynamic allocation will do.
pub fn with_job_fit(document: String, fit: Option<&crate::job_fit::JobFit>) -> String {
    let Some(fit) = fit else {
        return document;
    };
    let m = fit.manager;
    let mut out = document;
    out.push('\n');
    if let Some(n) = &fit.workload {
        let findings = crate::job_fit::workload_section_notes(fit);
        warnings(&mut out, m, "Workload", &findings);
        let sql = crate::workload::recommended_sql_conf(n);
        if !sql.is_empty() {
            conf_block(&mut out, &sql);
        }
    }
    if fit.allocation.enabled {
        warnings(
            &mut out,
            m,
            "Dynamic allocation",
            &crate::dynamic_allocation::allocation_notes(&fit.allocation),
        );
    }
    finished(out)
}
