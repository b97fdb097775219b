//! A report for a terminal: the answer first, then the containers as an aligned table, each
//! group of identical nodes on a line, the `spark-defaults.conf` settings and the warnings,
//! all in plain text that fits about 100 columns. Columns that hold only zeros (off-heap and
//! PySpark memory when none is set) are left out.

use std::fmt::Write;

use super::summary::{summary, Table};
use crate::view::{ConfEntry, Finding, Status, View};

/// The terminal text of a view.
pub fn report(v: &View) -> String {
    let s = summary(v);
    let mut out = format!("{}\n", s.title);
    for line in &s.lead {
        let _ = writeln!(out, "{line}");
    }
    if let Some(containers) = &s.containers {
        out.push('\n');
        aligned(&mut out, &without_zero_columns(containers));
    }
    if let Some(nodes) = &s.nodes {
        out.push_str("\nPer node\n");
        node_lines(&mut out, nodes);
    }
    if !s.configuration.is_empty() {
        out.push_str("\nspark-defaults.conf\n");
        let conf: Vec<(&str, &str)> = s
            .configuration
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        conf_lines(&mut out, &conf);
    }
    let heading = if v.status == Status::Invalid {
        "Problems"
    } else {
        "Warnings"
    };
    finding_lines(&mut out, heading, &s.findings);
    out
}

/// The workload and dynamic allocation sections, as the report's warnings are written: the
/// checks, the shapes that apply a remedy, the recommended SQL settings and what dynamic
/// allocation will do.
pub fn job_fit(v: &View) -> String {
    let mut out = String::new();
    if let Some(w) = &v.workload {
        finding_lines(&mut out, "Workload", &w.notes);
        if !w.recommended_conf.is_empty() {
            out.push_str("\nWorkload settings\n");
            conf_lines(&mut out, &pairs(&w.recommended_conf));
        }
    }
    if let Some(a) = &v.dynamic_allocation {
        finding_lines(&mut out, "Dynamic allocation", &a.notes);
    }
    out
}

fn pairs(conf: &[ConfEntry]) -> Vec<(&str, &str)> {
    conf.iter()
        .map(|e| (e.key.as_str(), e.value.as_str()))
        .collect()
}

/// `key  value` lines, the keys padded to the longest.
fn conf_lines(out: &mut String, conf: &[(&str, &str)]) {
    let width = conf
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    for (k, v) in conf {
        let _ = writeln!(out, "  {k:<width$}  {v}");
    }
}

/// A section of findings under `heading`, each with its severity and the key of the field it
/// is about; nothing when there is none.
fn finding_lines(out: &mut String, heading: &str, findings: &[Finding]) {
    if findings.is_empty() {
        return;
    }
    let _ = writeln!(out, "\n{heading}");
    for w in findings {
        let _ = write!(out, "  {}: {}", w.severity.as_str(), w.message);
        if let Some(field) = &w.field {
            let _ = write!(out, " [{field}]");
        }
        out.push('\n');
    }
}

/// The table without its numeric columns whose every cell is `0` or empty.
fn without_zero_columns(table: &Table) -> Table {
    let keep: Vec<bool> = (0..table.columns.len())
        .map(|i| {
            let numeric = table.columns[i].1;
            let all_zero = table
                .rows
                .iter()
                .all(|r| r.get(i).is_none_or(|c| c.is_empty() || c.as_str() == "0"));
            !(numeric && all_zero)
        })
        .collect();
    let pick = |cells: &[String]| -> Vec<String> {
        cells
            .iter()
            .zip(&keep)
            .filter(|(_, k)| **k)
            .map(|(c, _)| c.clone())
            .collect()
    };
    Table {
        columns: table
            .columns
            .iter()
            .zip(&keep)
            .filter(|(_, k)| **k)
            .map(|(c, _)| *c)
            .collect(),
        rows: table.rows.iter().map(|r| pick(r)).collect(),
    }
}

/// A table with columns padded to their widest cell, numbers right-aligned.
fn aligned(out: &mut String, table: &Table) {
    let widths: Vec<usize> = table
        .columns
        .iter()
        .enumerate()
        .map(|(i, (title, _))| {
            let cells = table.rows.iter().filter_map(|r| r.get(i));
            cells
                .map(|c| c.chars().count())
                .chain([title.chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let titles: Vec<String> = table.columns.iter().map(|(t, _)| t.to_string()).collect();
    for row in std::iter::once(&titles).chain(&table.rows) {
        let cells: Vec<String> = row
            .iter()
            .zip(&table.columns)
            .zip(&widths)
            .map(|((cell, (_, right)), width)| {
                if *right {
                    format!("{cell:>width$}")
                } else {
                    format!("{cell:<width$}")
                }
            })
            .collect();
        let _ = writeln!(out, "  {}", cells.join("  ").trim_end());
    }
}

/// Each node group on a line: what a node holds, what Spark takes and what is left free. Reads
/// the cells of [`super::summary::nodes_table`] (nodes, holds, Spark / reserved / free memory,
/// Spark / reserved / free CPU).
fn node_lines(out: &mut String, nodes: &Table) {
    let kubernetes = nodes.columns.get(5).is_some_and(|c| c.0 == "Spark CPU");
    let cpu = |amount: &str| {
        if kubernetes {
            format!("{amount} CPU")
        } else {
            let n = amount.parse().unwrap_or(0);
            format!("{amount} vcore{}", crate::format::plural_ending(n))
        }
    };
    for row in &nodes.rows {
        let cell = |i: usize| row.get(i).map_or("", String::as_str);
        let _ = writeln!(
            out,
            "  {}: {}; Spark uses {} MiB and {}, free {} MiB and {}",
            cell(0),
            cell(1),
            cell(2),
            cpu(cell(5)),
            cell(4),
            cpu(cell(7))
        );
    }
}
