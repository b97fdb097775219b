//! Reports: an [`Outcome`] rendered for people and programs — plain text (the snapshot
//! format), Markdown for a wiki, and JSON (with the `json` feature) for the command line and
//! the JS API. Renderings only read a plan's numbers and words; they compute nothing.
//!
//! ```
//! use planner::report::{render, Format};
//! use planner::scenario::{plan, Scenario};
//!
//! let scenario = Scenario::default();
//! let text = render(&scenario, &plan(&scenario), Format::Text);
//! assert!(text.starts_with("== RuleOfThumb: 17 executors × 5 cores × 19g"));
//! ```

pub mod text;

use crate::scenario::{Outcome, Scenario};

/// What a report is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Plain text, every number on short lines ([`text`]).
    Text,
}

/// `outcome` rendered as `format`. `scenario` is the one `outcome` was planned from
/// ([`crate::scenario::plan`]): it names the cluster manager of an invalid input and gives
/// the Kubernetes exports their settings.
pub fn render(scenario: &Scenario, outcome: &Outcome, format: Format) -> String {
    match format {
        Format::Text => text::outcome(scenario, outcome),
    }
}
