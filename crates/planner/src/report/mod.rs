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
pub mod html;
pub mod markdown;
pub mod summary;
pub mod svg;
pub mod terminal;
pub mod text;
pub mod wiki;

use std::sync::LazyLock;

use crate::catalog::ClusterManager;
use crate::emr::EmrPlan;
use crate::k8s::{K8sInput, K8sPlan};
use crate::plan::Comparison;
use crate::scenario::{Outcome, Scenario};
use crate::warning::Diagnostic;

/// The one problem of an outcome paired with a scenario of another cluster manager.
static OUTCOME_OF_ANOTHER_MANAGER: LazyLock<[Diagnostic; 1]> = LazyLock::new(|| {
    [Diagnostic::invalid_input(
        "The outcome was planned for another cluster manager than the scenario's.",
    )]
});

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

/// A planned scenario with what its renderings need beside the plan.
#[derive(Debug, Clone, Copy)]
pub enum Report<'a> {
    /// Both YARN methods.
    Yarn(&'a Comparison),
    /// A Kubernetes plan and the input it was planned from (its words and exports need it).
    Kubernetes(&'a K8sPlan, &'a K8sInput),
    /// An Amazon EMR plan.
    Emr(&'a EmrPlan),
    /// An input that cannot be planned, for this cluster manager.
    Invalid(ClusterManager, &'a [Diagnostic]),
}

impl<'a> Report<'a> {
    /// Pairs `outcome` with the `scenario` it was planned from ([`crate::scenario::plan`]).
    /// An outcome of another cluster manager than the scenario's is reported as invalid, with
    /// a diagnostic that says so.
    pub fn new(scenario: &'a Scenario, outcome: &'a Outcome) -> Report<'a> {
        match (scenario, outcome) {
            (Scenario::Yarn(_), Outcome::Yarn(c)) => Report::Yarn(c),
            (Scenario::Kubernetes(input), Outcome::Kubernetes(p)) => Report::Kubernetes(p, input),
            (Scenario::Emr(_), Outcome::Emr(p)) => Report::Emr(p),
            (_, Outcome::Invalid(diagnostics)) => Report::Invalid(scenario.manager(), diagnostics),
            _ => Report::Invalid(scenario.manager(), &*OUTCOME_OF_ANOTHER_MANAGER),
        }
    }

    /// Which cluster manager.
    pub fn manager(&self) -> ClusterManager {
        match self {
            Report::Yarn(_) => ClusterManager::Yarn,
            Report::Kubernetes(..) => ClusterManager::Kubernetes,
            Report::Emr(_) => ClusterManager::Emr,
            Report::Invalid(m, _) => *m,
        }
    }
}

/// The short form the wiki exports write, with every finding the page shows beside the plan's
/// own: implausible hardware, and the workload's and dynamic allocation's notes (none for an
/// input that cannot be planned), most severe first.
fn wiki_summary(
    scenario: &Scenario,
    report: &Report<'_>,
    fit: Option<crate::job_fit::JobFit>,
) -> summary::Summary {
    let mut s = summary::summary(report);
    // "64 MiB per node — did you mean 64 GiB?" explains an invalid input too.
    s.findings
        .extend(crate::plausible::hardware_warnings(scenario));
    if let Some(fit) = &fit {
        s.findings.extend(crate::job_fit::job_fit_notes(fit));
    }
    s.findings = crate::warning::most_severe_first(std::mem::take(&mut s.findings));
    s
}

/// `outcome` rendered as `format`; `scenario` is the one `outcome` was planned from. Empty
/// when the format has nothing for this outcome (see [`try_render`]).
pub fn render(scenario: &Scenario, outcome: &Outcome, format: Format) -> String {
    try_render(scenario, outcome, format).unwrap_or_default()
}

/// `outcome` rendered as `format`, or `None` when the format has nothing for it: an export
/// (SVG, configuration, commands) of an input that cannot be planned, or a format of another
/// cluster manager ([`Format::applies_to`]).
pub fn try_render(scenario: &Scenario, outcome: &Outcome, format: Format) -> Option<String> {
    let report = Report::new(scenario, outcome);
    // The workload and dynamic allocation sections, when there is something to say.
    let fit = crate::job_fit::job_fit(scenario, outcome)
        .filter(|f| f.workload.is_some() || f.allocation.enabled);
    match format {
        Format::Table => Some(
            terminal::report(&report) + &fit.as_ref().map(terminal::job_fit).unwrap_or_default(),
        ),
        Format::Text => {
            Some(text::report(&report) + &fit.as_ref().map(text::job_fit).unwrap_or_default())
        }
        Format::Markdown => Some(markdown::with_job_fit(
            markdown::report(&report),
            fit.as_ref(),
        )),
        Format::MarkdownTable => Some(wiki::github(&wiki_summary(scenario, &report, fit))),
        Format::Confluence => Some(wiki::confluence(&wiki_summary(scenario, &report, fit))),
        Format::Html => Some(wiki::html(&wiki_summary(scenario, &report, fit))),
        Format::Svg => svg::layout_svg(&report),
        Format::Conf => configuration::spark_defaults_conf(&report),
        Format::Submit => configuration::submit_command(&report),
        Format::EmrJson => configuration::emr_classification_json(&report),
        Format::Yaml => configuration::spark_operator_yaml(&report),
        #[cfg(feature = "json")]
        Format::Json => Some(crate::view::to_json_pretty(&crate::view::build(
            scenario, outcome,
        ))),
    }
}
