//! Reports: an [`Outcome`] rendered for people and programs — plain text (the snapshot
//! format), Markdown for a wiki, and JSON (with the `json` feature) for the command line and
//! the JS API. Renderings only read a plan's numbers and words; they compute nothing.
//!
//! ```
//! use planner::report::{render, Format};
//! use planner::scenario::{plan, Scenario};
//!
//! let scenario = Scenario::default();
//! let markdown = render(&scenario, &plan(&scenario), Format::Markdown);
//! assert!(markdown.starts_with("# YARN: 17 executors × 5 cores × 19g"));
//! ```

#[cfg(feature = "json")]
pub mod json;
pub mod markdown;
pub mod text;

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
    /// Plain text, every number on short lines ([`text`]).
    Text,
    /// GitHub Markdown: the answer, tables, working, warnings and exports ([`markdown`]).
    Markdown,
    /// A stable JSON document ([`json`]; with the `json` feature).
    #[cfg(feature = "json")]
    Json,
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

/// `outcome` rendered as `format`; `scenario` is the one `outcome` was planned from.
pub fn render(scenario: &Scenario, outcome: &Outcome, format: Format) -> String {
    let report = Report::new(scenario, outcome);
    // The workload and dynamic allocation sections, when there is something to say.
    let fit = crate::job_fit::job_fit(scenario, outcome)
        .filter(|f| f.workload.is_some() || f.allocation.enabled);
    match format {
        Format::Text => text::report(&report) + &fit.map(|f| text::job_fit(&f)).unwrap_or_default(),
        Format::Markdown => markdown::with_job_fit(markdown::report(&report), fit.as_ref()),
        #[cfg(feature = "json")]
        Format::Json => json::report(&report),
    }
}

/// The cluster manager as a report names it.
fn manager_name(m: ClusterManager) -> &'static str {
    match m {
        ClusterManager::Yarn => "YARN",
        ClusterManager::Kubernetes => "Kubernetes",
        ClusterManager::Emr => "Amazon EMR",
    }
}

/// Bytes as MiB with one decimal (`7662.4`).
fn mib_one_decimal(bytes: u64) -> String {
    crate::fixed::format_ratio(bytes, 1_048_576, 1)
}
