//! The check of a pasted configuration ([`crate::check::Check`]) as plain text or Markdown:
//! the answer first, then each setting with the line it came from, the containers, where
//! executors run, the comparison with the plan, and every finding. Words only; the numbers
//! come from the check.

use crate::check::keys::shown_value;
use crate::check::words::{
    check_changes, check_container_lines, check_headline, check_layout_lines, diagnostics,
    format_name, headline, parts_lines, parts_title, won_words,
};
use crate::check::{Check, Format};

fn title(c: &Check) -> String {
    let formats: Vec<&str> = c.pasted.formats.iter().map(|f| format_name(*f)).collect();
    let read = if formats.is_empty() || matches!(c.answer, crate::check::Answer::NothingRead) {
        "nothing read".to_string()
    } else {
        formats.join(" and ")
    };
    format!("Check on {}: {read}", c.applied.scenario.manager().name())
}

fn setting_rows(c: &Check) -> Vec<(String, String, String)> {
    c.pasted
        .effective_listed()
        .into_iter()
        .map(|e| {
            let from = match e.origin.format {
                Format::Link => "the link".to_string(),
                f => format!("line {}, {}", e.origin.line, format_name(f)),
            };
            let from = match won_words(&e) {
                Some(_) => format!(
                    "{from} (replaces {} earlier)",
                    crate::format::in_text(&e.overridden.len().to_string())
                ),
                None => from,
            };
            // The reader's own text, but a report may be shared: secrets stay hidden.
            let value = shown_value(&e.key, e.value);
            (e.key, value, from)
        })
        .collect()
}

/// The check as plain text.
pub fn text(c: &Check) -> String {
    let mut out = format!("{}\n{}\n", title(c), check_headline(c));
    let section = |out: &mut String, name: &str, lines: &[String]| {
        if !lines.is_empty() {
            out.push_str(&format!("\n{name}:\n"));
            for l in lines {
                out.push_str(&format!("  {l}\n"));
            }
        }
    };
    section(&mut out, &parts_title(c), &parts_lines(c));
    let settings: Vec<String> = setting_rows(c)
        .into_iter()
        .map(|(k, v, from)| format!("{k} = {v}  ({from})"))
        .collect();
    section(&mut out, "Settings", &settings);
    section(&mut out, "Containers", &check_container_lines(c));
    section(&mut out, "Where executors run", &check_layout_lines(c));
    let mut compare = vec![format!("The plan: {}", headline(c.compare.plan.as_ref()))];
    compare.extend(check_changes(c));
    section(&mut out, "Compared with the plan", &compare);
    let findings: Vec<String> = diagnostics(c)
        .iter()
        .map(|d| format!("[{}] {}", d.severity.as_str(), d.message))
        .collect();
    section(&mut out, "Findings", &findings);
    out
}

/// Markdown cell text: `|` escaped, line breaks as spaces.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// The check as GitHub Markdown.
pub fn markdown(c: &Check) -> String {
    let mut out = format!("## {}\n\n{}\n", title(c), check_headline(c));
    let parts = parts_lines(c);
    if !parts.is_empty() {
        out.push_str(&format!("\n### {}\n\n", parts_title(c)));
        for l in parts {
            out.push_str(&format!("- {}\n", l.replace('\n', " ")));
        }
    }
    let rows = setting_rows(c);
    if !rows.is_empty() {
        out.push_str("\n### Settings\n\n| Key | Value | Read from |\n| --- | --- | --- |\n");
        for (k, v, from) in rows {
            out.push_str(&format!(
                "| `{}` | `{}` | {} |\n",
                cell(&k),
                cell(&v),
                cell(&from)
            ));
        }
    }
    let list = |out: &mut String, name: &str, lines: &[String]| {
        if !lines.is_empty() {
            out.push_str(&format!("\n### {name}\n\n"));
            for l in lines {
                out.push_str(&format!("- {}\n", l.replace('\n', " ")));
            }
        }
    };
    list(&mut out, "Containers", &check_container_lines(c));
    list(&mut out, "Where executors run", &check_layout_lines(c));
    let mut compare = vec![format!("The plan: {}", headline(c.compare.plan.as_ref()))];
    compare.extend(check_changes(c));
    list(&mut out, "Compared with the plan", &compare);
    let findings: Vec<String> = diagnostics(c)
        .iter()
        .map(|d| format!("**{}** {}", d.severity.as_str(), d.message))
        .collect();
    list(&mut out, "Findings", &findings);
    out
}
