//! Reports: an [`Outcome`] rendered for people and programs — plain text (the snapshot
//! format), Markdown for a wiki, JSON (with the `json` feature: the view, [`crate::view`]) for
//! the command line, a terminal table, the wiki exports (a GitHub or Confluence table, an HTML fragment, the
//! per-node layout as SVG) and the configuration files and commands to paste. Renderings only
//! read a plan's numbers and words; they compute nothing.
//!
//! ```
//! use planner::report::{render, Format};
//! use planner::scenario::{plan, Scenario};
//!
//! let scenario = Scenario::default();
//! let markdown = render(&scenario, &plan(&scenario), Format::Markdown);
//! assert!(markdown.starts_with("# YARN: 17 executors × 5 cores × 19g"));
//! ```

pub mod check;
pub mod configuration;
pub mod markdown;
pub mod summary;
pub mod svg;
pub mod terminal;
pub mod text;
pub mod wiki;

use crate::catalog::ClusterManager;
use crate::scenario::{Outcome, Scenario};
use crate::view::View;

/// What a report is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// For a terminal: the answer, aligned tables, the configuration ([`terminal`]).
    Table,
    /// Plain text, every number on short lines ([`text`]).
    Text,
    /// GitHub Markdown: the answer, tables, working, warnings and exports ([`markdown`]).
    Markdown,
    /// The short form as a GitHub Markdown table ([`wiki::github`]).
    MarkdownTable,
    /// The short form in Confluence wiki markup ([`wiki::confluence`]).
    Confluence,
    /// The short form as an HTML fragment with inline styles ([`wiki::html`]).
    Html,
    /// The per-node layout as a standalone SVG file ([`svg::layout_svg`]).
    Svg,
    /// `spark-defaults.conf` ([`configuration::spark_defaults_conf`]).
    Conf,
    /// The `spark-submit` command ([`configuration::submit_command`]).
    Submit,
    /// Amazon EMR's configuration classifications ([`configuration::emr_classification_json`]).
    EmrJson,
    /// The Spark operator's `SparkApplication` fragment ([`configuration::spark_operator_yaml`]).
    Yaml,
    /// The plan's view as JSON ([`crate::view::View`], `kind` `spark-sizer-plan`; with the
    /// `json` feature).
    #[cfg(feature = "json")]
    Json,
}

impl Format {
    /// Every format, in the order a list of them shows.
    pub const ALL: &'static [Format] = &[
        Format::Table,
        Format::Text,
        Format::Markdown,
        Format::MarkdownTable,
        Format::Confluence,
        Format::Html,
        Format::Svg,
        Format::Conf,
        Format::Submit,
        Format::EmrJson,
        Format::Yaml,
        #[cfg(feature = "json")]
        Format::Json,
    ];

    /// The format's stable name (`markdown-table`, `emr-json`), as the command line takes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Table => "table",
            Format::Text => "text",
            Format::Markdown => "markdown",
            Format::MarkdownTable => "markdown-table",
            Format::Confluence => "confluence",
            Format::Html => "html",
            Format::Svg => "svg",
            Format::Conf => "conf",
            Format::Submit => "submit",
            Format::EmrJson => "emr-json",
            Format::Yaml => "yaml",
            #[cfg(feature = "json")]
            Format::Json => "json",
        }
    }

    /// The format named `name` ([`Format::as_str`]).
    pub fn parse(name: &str) -> Option<Format> {
        Format::ALL.iter().copied().find(|f| f.as_str() == name)
    }

    /// Whether the format has something for a plan of `m` (EMR's classifications only for
    /// EMR, the Spark operator's YAML only for Kubernetes).
    pub fn applies_to(self, m: ClusterManager) -> bool {
        match self {
            Format::EmrJson => m == ClusterManager::Emr,
            Format::Yaml => m == ClusterManager::Kubernetes,
            _ => true,
        }
    }

    /// Whether an input that cannot be planned is written in this format (the reports say
    /// why; the exports have nothing to write).
    pub fn reports_invalid_input(self) -> bool {
        #[cfg(feature = "json")]
        if self == Format::Json {
            return true;
        }
        matches!(
            self,
            Format::Table
                | Format::Text
                | Format::Markdown
                | Format::MarkdownTable
                | Format::Confluence
                | Format::Html
        )
    }
}

/// The short form the wiki exports write, with every finding the page shows beside the plan's
/// own: implausible hardware, and the workload's and dynamic allocation's notes (none for an
/// input that cannot be planned), most severe first.
fn wiki_summary(v: &View, link: Option<&str>) -> summary::Summary {
    let mut s = summary::summary(v);
    s.link = link.and_then(summary::share_link);
    // "64 MiB per node — did you mean 64 GiB?" explains an invalid input too.
    s.findings.extend(v.input_notes.iter().cloned());
    if let Some(w) = &v.workload {
        s.findings.extend(w.notes.iter().cloned());
    }
    if let Some(a) = &v.dynamic_allocation {
        s.findings.extend(a.notes.iter().cloned());
    }
    s.findings = crate::warning::most_severe_first_by(&s.findings, |f| f.severity);
    s
}

/// `outcome` rendered as `format`; `scenario` is the one `outcome` was planned from. Empty
/// when the format has nothing for this outcome (see [`try_render`]).
pub fn render(scenario: &Scenario, outcome: &Outcome, format: Format) -> String {
    try_render(scenario, outcome, format).unwrap_or_default()
}

/// `outcome` rendered as `format`, or `None` when the format has nothing for it: an export
/// (SVG, configuration, commands) of an input that cannot be planned, or a format of another
/// cluster manager ([`Format::applies_to`]). Every format is written from the one view of the
/// outcome ([`crate::view::build`]).
pub fn try_render(scenario: &Scenario, outcome: &Outcome, format: Format) -> Option<String> {
    render_view(&crate::view::build(scenario, outcome), format)
}

/// A view rendered as `format` (`None` as for [`try_render`]).
pub fn render_view(v: &View, format: Format) -> Option<String> {
    render_view_linked(v, format, None)
}

/// A view rendered as `format`, the wiki exports (tables, HTML, SVG, `spark-defaults.conf`)
/// carrying `link`, the plan's share link, when it is an `http(s)` address
/// ([`summary::share_link`]); the page and the JS API's `render` pass the page's address.
pub fn render_view_linked(v: &View, format: Format, link: Option<&str>) -> Option<String> {
    let linked = link.and_then(summary::share_link);
    match format {
        Format::Table => Some(terminal::report(v) + &terminal::job_fit(v)),
        Format::Text => Some(text::report(v) + &text::job_fit(v)),
        Format::Markdown => Some(markdown::with_job_fit(markdown::report(v), v)),
        Format::MarkdownTable => Some(wiki::github(&wiki_summary(v, link))),
        Format::Confluence => Some(wiki::confluence(&wiki_summary(v, link))),
        Format::Html => Some(wiki::html(&wiki_summary(v, link))),
        Format::Svg => svg::layout_svg_linked(v, linked.as_deref()),
        Format::Conf => configuration::spark_defaults_conf_linked(v, linked.as_deref()),
        Format::Submit => configuration::submit_command(v),
        Format::EmrJson => configuration::emr_classification_json(v),
        Format::Yaml => configuration::spark_operator_yaml(v),
        #[cfg(feature = "json")]
        Format::Json => Some(crate::view::to_json_pretty(v)),
    }
}
