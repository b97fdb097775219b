//! The Markdown rendering of an outcome, for a wiki page (GitHub Markdown): the answer first
//! (a headline: executors × cores × memory, or why nothing fits), a table of the containers, a
//! table per node group of the layout, the working steps as a numbered list, the warnings, and
//! the exports in fenced code blocks.
//!
//! Every text that comes from a plan is escaped: in tables `|` is written `\|`, and characters
//! Markdown would read as emphasis, links or HTML are backslash-escaped.

use std::fmt::Write;

use super::summary;
use crate::format;
use crate::view::{
    BlockKindView, ConfEntry, Finding, NodeGroupView, PartKindView, PartView, PlanView, Status,
    Step, View,
};

/// The Markdown of a view.
pub fn report(v: &View) -> String {
    let Some(p) = v.selected().filter(|_| v.status == Status::Planned) else {
        return invalid(v);
    };
    match v.manager {
        crate::catalog::ClusterManager::Yarn => comparison(v, p),
        crate::catalog::ClusterManager::Kubernetes => kubernetes(v, p),
        crate::catalog::ClusterManager::Emr => emr(v, p),
    }
}

/// The document with one line break at its end (each section ends with a blank line).
fn finished(mut out: String) -> String {
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

/// The answer first: the title, then the sentences under it.
fn headline(out: &mut String, v: &View) {
    let _ = writeln!(out, "# {}\n", crate::view::words::title(v));
    for line in crate::view::words::lead(v) {
        let _ = writeln!(out, "{}\n", escape(&line));
    }
}

/// A YARN plan: the selected method's answer, its containers, layout, working, warnings and
/// exports, then why the two methods differ.
fn comparison(v: &View, p: &PlanView) -> String {
    let mut out = String::new();
    headline(&mut out, v);
    containers(&mut out, &summary::yarn_containers(p));
    out.push_str("## Layout\n\n");
    for group in &p.layout {
        node_group_table(
            &mut out,
            group,
            GroupTable {
                kubernetes: false,
                parts: true,
            },
        );
    }
    yarn_totals(&mut out, p);
    unified_memory(&mut out, p);
    working(&mut out, &p.working);
    warnings(&mut out, "Warnings", &p.findings());
    if !v.differences.is_empty() {
        warnings(&mut out, "Why the two methods differ", &v.differences);
    }
    out.push_str("## Exports\n\n");
    conf_block(&mut out, &p.exports.spark_conf);
    code_block(&mut out, "spark-submit", "sh", &p.exports.spark_submit);
    finished(out)
}

/// A Kubernetes plan.
fn kubernetes(v: &View, p: &PlanView) -> String {
    let mut out = String::new();
    headline(&mut out, v);
    out.push_str("## Pods\n\n");
    let pods = summary::kubernetes_pods(p);
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
    let t = &p.totals;
    let totals = format!(
        "**Totals:** {}, {}; {} millicores and {} MiB requested of {} \
         millicores and {} MiB allocatable beside daemonsets.\n",
        format::counted(u64::from(t.executors), "executor pod"),
        format::counted(t.task_slots, "task slot"),
        t.cpu_used_millis.unwrap_or(0),
        t.memory_used_mib,
        t.cpu_available_millis.unwrap_or(0),
        t.memory_available_mib
    );
    let _ = writeln!(out, "{}", format::in_text(&totals));
    working(&mut out, &p.working);
    warnings(&mut out, "Warnings", &p.findings());
    out.push_str("## Exports\n\n");
    let e = &p.exports;
    conf_block(&mut out, &e.spark_conf);
    code_block(&mut out, "spark-submit", "sh", &e.spark_submit);
    let yaml = e.spark_operator_yaml.as_deref().unwrap_or_default();
    code_block(&mut out, "Spark operator (SparkApplication)", "yaml", yaml);
    finished(out)
}

/// An Amazon EMR plan: what is requested and what EMR launches, layout, working, warnings and
/// exports (with the driver log EMR would write).
fn emr(v: &View, p: &PlanView) -> String {
    let mut out = String::new();
    headline(&mut out, v);
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
    working(&mut out, &p.working);
    warnings(&mut out, "Warnings", &p.findings());
    out.push_str("## Exports\n\n");
    let e = &p.exports;
    code_block(&mut out, "spark-submit", "sh", &e.spark_submit);
    let classification = e.emr_configurations_json.as_deref().unwrap_or_default();
    code_block(
        &mut out,
        "Configuration classification",
        "json",
        classification,
    );
    let log = e.driver_log.as_deref().unwrap_or_default().join("\n");
    code_block(&mut out, "Driver log (YarnAllocator)", "text", &log);
    finished(out)
}

/// An input that cannot be planned: why, one item per problem with its field's key.
pub fn invalid(v: &View) -> String {
    let mut out = format!("# {}: nothing to plan\n\n", v.manager.name());
    let _ = writeln!(
        out,
        "The input has {} to fix first.\n",
        format::counted(v.diagnostics.len() as u64, "problem")
    );
    warnings(&mut out, "Problems", &v.diagnostics);
    finished(out)
}

/// A section of containers.
fn containers(out: &mut String, t: &summary::Table) {
    out.push_str("## Containers\n\n");
    table(out, &t.columns, &t.rows);
}

fn yarn_totals(out: &mut String, p: &PlanView) {
    let t = &p.totals;
    let rounding = t
        .memory_used_mib
        .saturating_sub(t.memory_requested_mib.unwrap_or(t.memory_used_mib));
    let totals = format!(
        "**Totals:** {}, {}; {} of {} MiB of YARN memory granted ({} %), \
         {} of {}; {} MiB and {} unused; {} MiB added by YARN's rounding.\n",
        format::counted(u64::from(t.executors), "executor"),
        format::counted(t.task_slots, "task slot"),
        t.memory_used_mib,
        t.memory_available_mib,
        crate::fixed::format_percent(t.memory_used_mib, t.memory_available_mib, 1),
        t.vcores_used.unwrap_or(0),
        format::counted(t.vcores_available.unwrap_or(0), "vcore"),
        t.unused_memory_mib.unwrap_or(0),
        format::counted(t.unused_vcores.unwrap_or(0), "vcore"),
        rounding
    );
    let _ = writeln!(out, "{}", format::in_text(&totals));
}

/// The unified-memory pools of one executor, or Spark's refusal of the heap.
fn unified_memory(out: &mut String, p: &PlanView) {
    if let Some(m) = &p.unified_memory {
        let _ = writeln!(
            out,
            "**Inside one executor:** reserved {} MiB, user {} MiB, storage {} MiB, \
             execution {} MiB; each task gets {} to {} MiB of execution memory.\n",
            format::mib_decimal(m.reserved_bytes),
            format::mib_decimal(m.user_bytes),
            format::mib_decimal(m.storage_bytes),
            format::mib_decimal(m.execution_bytes),
            format::mib_decimal(m.per_task_min_bytes),
            format::mib_decimal(m.per_task_max_bytes)
        );
    } else if let Some(refused) = &p.heap_refused {
        let _ = writeln!(out, "**Inside one executor:** {}\n", escape(refused));
    }
}

/// How a manager's layout tables read: YARN and EMR count vcores, Kubernetes millicores and
/// pods; `parts` adds each container's memory parts.
#[derive(Clone, Copy)]
struct GroupTable {
    kubernetes: bool,
    parts: bool,
}

/// One node group's blocks as a table.
fn node_group_table(out: &mut String, group: &NodeGroupView, t: GroupTable) {
    let _ = writeln!(out, "### {}\n", group.title);
    let rows: Vec<Vec<String>> = group
        .blocks
        .iter()
        .map(|b| {
            let cpu = if t.kubernetes {
                b.cpu_millis.unwrap_or(0)
            } else {
                b.vcores.unwrap_or(0)
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
fn block_name(kind: BlockKindView, kubernetes: bool) -> &'static str {
    match (kind, kubernetes) {
        (BlockKindView::OsReserved | BlockKindView::SystemReserved, false) => "OS and daemons",
        (BlockKindView::OsReserved | BlockKindView::SystemReserved, true) => "System reserved",
        (BlockKindView::Executor, false) => "Executor",
        (BlockKindView::Executor, true) => "Executor pod",
        (BlockKindView::ApplicationMaster, _) => "ApplicationMaster",
        (BlockKindView::Daemonsets, _) => "DaemonSets",
        (BlockKindView::Driver, _) => "Driver pod",
        (BlockKindView::Unused, _) => "Unused",
    }
}

/// "heap 19456 + overhead 1945 + rounding 103" (empty without parts).
fn parts_text(parts: &[PartView]) -> String {
    let named: Vec<String> = parts
        .iter()
        .map(|p| {
            let kind = match p.kind {
                PartKindView::Heap => "heap",
                PartKindView::Overhead => "overhead",
                PartKindView::OffHeap => "off-heap",
                PartKindView::Pyspark => "PySpark",
                PartKindView::Rounding => "rounding",
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
fn warnings(out: &mut String, title: &str, findings: &[Finding]) {
    let _ = writeln!(out, "## {title}\n");
    if findings.is_empty() {
        out.push_str("None.\n\n");
        return;
    }
    for w in findings {
        let _ = write!(out, "- **{}** `{}`", w.severity.as_str(), w.code);
        if let Some(field) = &w.field {
            let _ = write!(out, " (field `{field}`)");
        }
        let _ = writeln!(out, ": {}", escape(&w.message));
    }
    out.push('\n');
}

/// The configuration as `spark-defaults.conf` lines (key, whitespace, value).
fn conf_block(out: &mut String, conf: &[ConfEntry]) {
    let lines: Vec<String> = conf
        .iter()
        .map(|e| format!("{} {}", e.key, e.value))
        .collect();
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

/// `document` with the workload and dynamic allocation sections after it (when the view has
/// them): the checks, the shapes that apply a remedy, the recommended SQL settings and what
/// dynamic allocation will do.
pub fn with_job_fit(document: String, v: &View) -> String {
    if v.workload.is_none() && v.dynamic_allocation.is_none() {
        return document;
    }
    let mut out = document;
    out.push('\n');
    if let Some(w) = &v.workload {
        warnings(&mut out, "Workload", &w.notes);
        if !w.recommended_conf.is_empty() {
            conf_block(&mut out, &w.recommended_conf);
        }
    }
    if let Some(a) = &v.dynamic_allocation {
        warnings(&mut out, "Dynamic allocation", &a.notes);
    }
    finished(out)
}
