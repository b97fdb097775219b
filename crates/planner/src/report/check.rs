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
use crate::scenario::Scenario;

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
                    crate::catalog::group_digits_in_text(&e.overridden.len().to_string())
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

/// The plan's configuration in the format that was pasted, to paste back ("Use the plan"): a
/// spark-submit command for a command, `spark-defaults.conf` for a defaults file, EMR's
/// classifications for an EMR configuration, the `SparkApplication` fragment for a manifest;
/// for a link's settings the cluster manager's usual one. `spark-defaults.conf` when the plan
/// has nothing in the first choice; `None` when the form cannot be planned or its plan does not
/// run ([`crate::check::words::plan_not_offered`] says why).
pub fn plan_export(c: &Check, form: &Scenario) -> Option<(super::Format, String)> {
    use super::Format as Report;
    use crate::catalog::ClusterManager as M;
    if crate::check::words::plan_not_offered(c, form).is_some() {
        return None;
    }
    let pasted = c.pasted.formats.first().copied().unwrap_or(Format::Link);
    let format = match (pasted, form.manager()) {
        (Format::SubmitCommand, _) | (Format::Link, M::Yarn) => Report::Submit,
        (Format::DefaultsFile, _) => Report::Conf,
        (Format::EmrConfiguration | Format::EmrServerlessJob, _) | (Format::Link, M::Emr) => {
            Report::EmrJson
        }
        (Format::EmrOnEksJob, _) => Report::Conf,
        (Format::SparkApplication, _) | (Format::Link, M::Kubernetes) => Report::Yaml,
    };
    super::try_render(form, &c.plan, format)
        .map(|text| (format, text))
        .or_else(|| super::try_render(form, &c.plan, Report::Conf).map(|t| (Report::Conf, t)))
}
