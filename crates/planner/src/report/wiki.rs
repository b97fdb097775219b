//! Exports for wiki pages that do not allow frames: the [`Summary`] of a view as a GitHub
//! Markdown table, as Confluence wiki markup (`||heading||`, `|cell|`), and as an HTML fragment
//! with inline styles (no classes, no scripts, every text escaped) to paste into a page's HTML
//! or a rich-text editor. Each has the answer first, then the containers, one row per group of
//! identical nodes, the Spark configuration and the warnings.

use std::fmt::Write;

use super::markdown::escape as escape_markdown;
use super::summary::{Summary, Table};
use crate::view::Finding;

/// The words of the link back to the plan.
pub const LINK_WORDS: &str = "Open this plan in Spark Sizer";

/// The summary as GitHub Markdown: a heading, the lead, and tables.
pub fn github(s: &Summary) -> String {
    let mut out = format!("### {}\n\n", escape_markdown(&s.title));
    for line in &s.lead {
        let _ = writeln!(out, "{}\n", escape_markdown(line));
    }
    if let Some(link) = &s.link {
        let _ = writeln!(out, "[{LINK_WORDS}]({link})\n");
    }
    for table in [&s.containers, &s.nodes].into_iter().flatten() {
        github_table(&mut out, table);
    }
    if !s.configuration.is_empty() {
        github_table(&mut out, &configuration_table(s));
    }
    if !s.findings.is_empty() {
        for w in &s.findings {
            let _ = writeln!(
                out,
                "- **{}:** {}",
                severity_word(w),
                escape_markdown(&w.message)
            );
        }
        out.push('\n');
    }
    finished(out)
}

/// The summary as Confluence wiki markup: `h3.`, `||heading||` rows and `|cell|` rows.
pub fn confluence(s: &Summary) -> String {
    let mut out = format!("h3. {}\n\n", escape_confluence(&s.title));
    for line in &s.lead {
        let _ = writeln!(out, "{}\n", escape_confluence(line));
    }
    if let Some(link) = &s.link {
        let _ = writeln!(out, "[{LINK_WORDS}|{link}]\n");
    }
    let tables = [&s.containers, &s.nodes].into_iter().flatten().cloned();
    let configuration = (!s.configuration.is_empty()).then(|| configuration_table(s));
    for table in tables.chain(configuration) {
        let headings: Vec<String> = table
            .columns
            .iter()
            .map(|(title, _)| escape_confluence(title))
            .collect();
        let _ = writeln!(out, "||{}||", headings.join("||"));
        for row in &table.rows {
            let cells: Vec<String> = row.iter().map(|c| confluence_cell(c)).collect();
            let _ = writeln!(out, "|{}|", cells.join("|"));
        }
        out.push('\n');
    }
    for w in &s.findings {
        let _ = writeln!(
            out,
            "* *{}:* {}",
            severity_word(w),
            escape_confluence(&w.message)
        );
    }
    finished(out)
}

/// The summary as an HTML fragment: a `<section>` with inline styles only, dark text on its
/// own white background, so it reads the same on a light or a dark wiki page.
pub fn html(s: &Summary) -> String {
    let mut out = String::from(
        "<section style=\"font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; \
         color: #1f2328; background: #ffffff; padding: 0.5em; line-height: 1.4; max-width: 100%; \
         overflow-x: auto\">\n",
    );
    let _ = writeln!(
        out,
        "<h3 style=\"margin: 0 0 0.5em; font-size: 1.2em\">{}</h3>",
        escape_html(&s.title)
    );
    for line in &s.lead {
        let _ = writeln!(
            out,
            "<p style=\"margin: 0 0 0.75em\">{}</p>",
            escape_html(line)
        );
    }
    if let Some(link) = &s.link {
        let _ = writeln!(
            out,
            "<p style=\"margin: 0 0 0.75em\"><a href=\"{}\" style=\"color: #0969da\">{LINK_WORDS}</a></p>",
            escape_html(link)
        );
    }
    for table in [&s.containers, &s.nodes].into_iter().flatten() {
        html_table(&mut out, table);
    }
    if !s.configuration.is_empty() {
        html_table(&mut out, &configuration_table(s));
    }
    if !s.findings.is_empty() {
        out.push_str("<ul style=\"margin: 0 0 1em; padding-left: 1.25em\">\n");
        for w in &s.findings {
            let _ = writeln!(
                out,
                "<li><strong>{}:</strong> {}</li>",
                severity_word(w),
                escape_html(&w.message)
            );
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</section>\n");
    out
}

/// The configuration as a two-column table.
fn configuration_table(s: &Summary) -> Table {
    Table {
        columns: vec![("Spark setting", false), ("Value", false)],
        rows: s
            .configuration
            .iter()
            .map(|(k, v)| vec![k.clone(), v.clone()])
            .collect(),
    }
}

/// A finding's severity as a reader sees it (`Warning`, `Error`, `Note`).
fn severity_word(w: &Finding) -> &'static str {
    w.severity.word()
}

/// The document with one line break at its end.
fn finished(mut out: String) -> String {
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

fn github_table(out: &mut String, table: &Table) {
    let titles: Vec<String> = table
        .columns
        .iter()
        .map(|(t, _)| escape_markdown(t))
        .collect();
    let _ = writeln!(out, "| {} |", titles.join(" | "));
    let separators: Vec<&str> = table
        .columns
        .iter()
        .map(|(_, right)| if *right { "---:" } else { "---" })
        .collect();
    let _ = writeln!(out, "| {} |", separators.join(" | "));
    for row in &table.rows {
        let cells: Vec<String> = row.iter().map(|c| escape_markdown(c)).collect();
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
    out.push('\n');
}

const CELL_STYLE: &str = "border: 1px solid #d0d7de; padding: 4px 8px";

fn html_table(out: &mut String, table: &Table) {
    out.push_str("<table style=\"border-collapse: collapse; margin: 0 0 1em; font-size: 0.9em\">\n<thead><tr>");
    for (title, right) in &table.columns {
        let _ = write!(
            out,
            "<th style=\"{CELL_STYLE}; background: #f6f8fa; text-align: {}\">{}</th>",
            if *right { "right" } else { "left" },
            escape_html(title)
        );
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in &table.rows {
        out.push_str("<tr>");
        for (cell, (_, right)) in row.iter().zip(&table.columns) {
            let align = if *right { "; text-align: right" } else { "" };
            let _ = write!(
                out,
                "<td style=\"{CELL_STYLE}{align}\">{}</td>",
                escape_html(cell)
            );
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
}

/// Text safe inside HTML or XML elements and double- or single-quoted attributes.
///
/// ```
/// use planner::report::wiki::escape_html;
/// assert_eq!(escape_html("<b>\"a\" & 'b'</b>"), "&lt;b&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/b&gt;");
/// ```
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    push_escaped_html(&mut out, text);
    out
}

/// Appends `text` to `out`, escaped as [`escape_html`] does (the page writes its HTML this way).
pub fn push_escaped_html(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
}

/// Text safe in Confluence wiki markup: every character the markup reads (`|` cells, `*bold*`,
/// `_italic_`, `-struck-`, `+underlined+`, `^sup^`, `~sub~`, `??cite??`, `!image!`, `[link]`,
/// `{macro}`, and `\` itself) gets a backslash; line breaks become spaces.
///
/// ```
/// use planner::report::wiki::escape_confluence;
/// assert_eq!(escape_confluence("a|b *c* [d]"), "a\\|b \\*c\\* \\[d\\]");
/// ```
pub fn escape_confluence(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '|' | '*' | '_' | '-' | '+' | '^' | '~' | '?' | '!' | '[' | ']' | '{' | '}'
            | '#' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// A Confluence table cell: escaped, and a space for an empty cell (`||` would end the row's
/// cell early).
fn confluence_cell(text: &str) -> String {
    if text.is_empty() {
        " ".to_string()
    } else {
        escape_confluence(text)
    }
}
