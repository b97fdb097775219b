//! The headline's big line, the same for every cluster manager: the shape that runs (with "of
//! N" when fewer run than asked), or that none runs; and the lines under it that say why a plan
//! does not run in full and the nearest plan that runs. The embed card and the screen readers'
//! announcement read its words ([`plan_summary`]), so no confident shape is said for a plan that
//! does not run.

use leptos::prelude::*;
use planner::view::{Finding, NothingRuns, PlanView, View};
use planner::{ClusterManager, Severity};

use crate::fmt::heap_words;
use crate::parts::Findings;
use crate::reactive::{dynamic, memo, text, Part};
use crate::state::Page;

/// The numbers of a shape that runs.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Shape {
    /// How many run.
    pub executors: u32,
    /// The words after the count: " executors × ", " of 16 executor pods × ".
    pub between: String,
    /// Cores per executor.
    pub cores: u32,
    /// The heap in MiB.
    pub heap_mib: u64,
    /// After the numbers: " (the largest)" when EMR launches executors of several shapes.
    pub after: &'static str,
}

/// The big line of a headline.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BigLine {
    /// A label before the numbers ("EMR runs"), or empty.
    pub label: &'static str,
    /// The shape that runs, or `None`.
    pub shape: Option<Shape>,
    /// What is said when no shape runs ("No executor runs").
    pub none: &'static str,
}

impl BigLine {
    /// The big line as plain text: "17 executors × 5 cores × 19 GiB", "No executor runs",
    /// "EMR runs 9 executors × 20 cores × 94 854 MiB".
    pub fn text(&self) -> String {
        let label = if self.label.is_empty() {
            String::new()
        } else {
            format!("{} ", self.label)
        };
        match &self.shape {
            None => format!("{label}{}", self.none),
            Some(s) => format!(
                "{label}{}{}{} {} × {}{}",
                s.executors,
                s.between,
                s.cores,
                if s.cores == 1 { "core" } else { "cores" },
                heap_words(s.heap_mib),
                s.after
            ),
        }
    }
}

/// " executor × " or " executors × ".
fn executors_between(n: u32) -> String {
    if n == 1 {
        " executor × ".into()
    } else {
        " executors × ".into()
    }
}

/// What a headline says when no executor runs.
fn nothing_words(m: ClusterManager, nothing: Option<NothingRuns>) -> &'static str {
    match (m, nothing) {
        (ClusterManager::Emr, Some(NothingRuns::DriverDoesNotFit)) => {
            "The driver does not fit the master node"
        }
        (ClusterManager::Emr, _) => "nothing",
        (ClusterManager::Kubernetes, Some(NothingRuns::NoneAsked)) => "No executor pods asked for",
        (ClusterManager::Kubernetes, Some(NothingRuns::DriverDoesNotFit)) => {
            "The driver pod does not fit"
        }
        (ClusterManager::Kubernetes, _) => "No executor pod fits",
        _ => "No executor runs",
    }
}

/// The big line of a plan of `m`: YARN's shape asked for (when any executor runs), Kubernetes'
/// pods that run (with "of N" when fewer than asked), what EMR runs (its largest merged shape).
pub fn plan_big_line(m: ClusterManager, p: &PlanView) -> BigLine {
    let shape = p.runs.map(|r| {
        let (executors, between) = match m {
            ClusterManager::Yarn => (p.executors, executors_between(p.executors)),
            ClusterManager::Kubernetes => {
                let fewer = r.executors < p.executors;
                let of_asked = if fewer {
                    format!(" of {}", p.executors)
                } else {
                    String::new()
                };
                let pods = if r.executors == 1 && !fewer {
                    "pod"
                } else {
                    "pods"
                };
                (r.executors, format!("{of_asked} executor {pods} × "))
            }
            ClusterManager::Emr => (r.executors, executors_between(r.executors)),
        };
        Shape {
            executors,
            between,
            cores: r.cores,
            heap_mib: r.heap_mib,
            after: if r.largest_of_several {
                " (the largest)"
            } else {
                ""
            },
        }
    });
    BigLine {
        label: if m == ClusterManager::Emr && p.nothing_runs != Some(NothingRuns::DriverDoesNotFit)
        {
            "EMR runs"
        } else {
            ""
        },
        shape,
        none: nothing_words(m, p.nothing_runs),
    }
}

/// The big line of a plan; `None` for an invalid form.
pub fn big_line(view: &View) -> Option<BigLine> {
    view.selected().map(|p| plan_big_line(view.manager, p))
}

/// The headline's big line as plain text ([`BigLine::text`]); empty for an invalid form.
pub fn plan_summary(view: &View) -> String {
    big_line(view).map_or_else(String::new, |l| l.text())
}

/// The big line, `<p class="big" id="headline">`, its numbers in spans (`#hl-executors`,
/// `#hl-cores`, `#hl-memory`) or what is said when none runs (`#hl-none`).
#[component]
pub(crate) fn BigLineView(line: Part<BigLine>) -> impl IntoView {
    let runs = memo(move || line.with(|l| l.shape.is_some()));
    let label = memo(move || line.with(|l| l.label));
    let shape =
        move |f: fn(&Shape) -> String| line.with(|l| l.shape.as_ref().map(f).unwrap_or_default());
    let numbers = move || {
        if runs.get() {
            view! {
                <span class="num" id="hl-executors">{text(move || shape(|s| s.executors.to_string()))}</span>
                {text(move || shape(|s| s.between.clone()))}
                <span class="num" id="hl-cores">{text(move || shape(|s| s.cores.to_string()))}</span>
                {text(move || shape(|s| format!(" {} × ", if s.cores == 1 { "core" } else { "cores" })))}
                <span class="num" id="hl-memory">{text(move || shape(|s| heap_words(s.heap_mib)))}</span>
                {text(move || shape(|s| s.after.to_string()))}
            }
            .into_any()
        } else {
            view! { <span id="hl-none">{text(move || line.with(|l| l.none))}</span> }.into_any()
        }
    };
    view! {
        <p class="big" id="headline">
            {dynamic(move || {
                let label = label.get();
                (!label.is_empty()).then(|| view! { <span class="ask-label">{label}</span>" " })
            })}
            {numbers}
        </p>
    }
}

/// Why a plan does not run in full: an error when none runs, else a warning.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Refusal {
    /// Whether nothing runs (an error), or fewer than asked (a warning).
    pub error: bool,
    /// The words.
    pub text: String,
}

/// Why a plan does not run in full (YARN: or the first error Spark or YARN would raise), and
/// the nearest plan that runs, as the answer says them under its headline.
pub fn refusal_and_nearest(p: &PlanView) -> (Option<Refusal>, Option<String>) {
    let Some(r) = &p.refusal else {
        return (None, None);
    };
    let refusal = Refusal {
        error: r.severity == Severity::Error,
        text: r.message.clone(),
    };
    (Some(refusal), r.nearest.first().map(|n| n.message.clone()))
}

/// The line under a headline that says why a plan does not run in full, and the nearest plan
/// that runs.
#[component]
pub(crate) fn RefusalAndNearest(
    refusal: Part<Option<Refusal>>,
    nearest: Part<Option<String>>,
) -> impl IntoView {
    let has_refusal = memo(move || refusal.with(Option::is_some));
    let has_nearest = memo(move || nearest.with(Option::is_some));
    let class = move || {
        let error = refusal.with(|r| r.as_ref().is_some_and(|r| r.error));
        if error {
            "sev sev-error refusal"
        } else {
            "sev sev-warning refusal"
        }
    };
    view! {
        {dynamic(move || has_refusal.get().then(|| view! {
            <p class=class id="refusal" role="alert">
                {text(move || refusal.with(|r| r.as_ref().map(|r| r.text.clone()).unwrap_or_default()))}
            </p>
        }))}
        {dynamic(move || has_nearest.get().then(|| view! {
            <p class="nearest" id="nearest">{text(move || nearest.get().unwrap_or_default())}</p>
        }))}
    }
}

/// Warnings shown beside the answer besides every error; the rest are in the Warnings section.
const ALERTS_ABOVE_THE_FOLD: usize = 2;

/// The findings of the selected plan that change what to run, beside its answer: every error
/// and the first warnings (not what the line of its refusal says already), and how many more
/// warnings the Warnings section holds.
pub fn plan_alerts(p: &PlanView) -> (Vec<Finding>, usize) {
    let said_by_refusal = |w: &Finding| {
        p.refusal.is_some() && (w.code == "fewer-executors-fit" || w.code == "driver-above-master")
    };
    let all: Vec<&Finding> = p
        .warnings
        .iter()
        .filter(|w| w.severity != Severity::Info && !said_by_refusal(w))
        .collect();
    let errors = all.iter().filter(|w| w.severity == Severity::Error).count();
    let shown = all.len().min(errors + ALERTS_ABOVE_THE_FOLD);
    let alerts = all.iter().take(shown).map(|w| (*w).clone()).collect();
    (alerts, all.len() - shown)
}

/// Beside the answer of every cluster manager: the plan's findings that change what to run,
/// and a link to the rest.
#[component]
pub(crate) fn PlanAlerts(page: Page) -> impl IntoView {
    let alerts = memo(move || {
        page.planned
            .with(|p| p.selected().map(plan_alerts).unwrap_or_default())
    });
    let more = memo(move || alerts.with(|a| a.1));
    view! {
        <Findings id="plan-alerts" quiet=true findings=memo(move || alerts.with(|a| a.0.clone()))/>
        {dynamic(move || (more.get() > 0).then(|| view! {
            <p class="sub" id="more-warnings">
                <a href="#warnings-section">{text(move || {
                    let n = more.get();
                    format!("{n} more {} in Warnings below", if n == 1 { "warning" } else { "warnings" })
                })}</a>
            </p>
        }))}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::form::Form;
    use crate::state::Planned;

    #[test]
    fn the_summary_is_the_headline_and_never_a_shape_that_does_not_run() {
        let summary = |query: &str| plan_summary(&Planned::of(&Form::from_query(query).0).view);
        assert_eq!(summary("v=1"), "17 executors × 5 cores × 19 GiB");
        // The driver's container fills a node: the page says no executor runs, and so does
        // the summary (the embed card, the announcement), not "0 executors × …".
        assert_eq!(summary("v=1&dm=200g"), "No executor runs");
        let fewer = summary("v=1&cm=k8s&em=40g");
        assert!(
            fewer.contains(" of ") && fewer.contains("executor pods"),
            "{fewer}"
        );
        assert!(summary("v=1&cm=emr").starts_with("EMR runs "));
        // Issue 28.3: a client-mode driver larger than the m5.xlarge master heads the answer.
        assert_eq!(
            summary("v=1&cm=emr&dm=500g"),
            "The driver does not fit the master node"
        );
        // Issue 28.2: no executors asked for, but dynamic allocation (on by EMR's default)
        // adds them: the answer is what runs, not "EMR runs nothing".
        assert!(
            summary("v=1&cm=emr&cnt=0").starts_with("EMR runs "),
            "{}",
            summary("v=1&cm=emr&cnt=0")
        );
        assert_eq!(summary("v=1&n=0"), "");
    }

    #[test]
    fn a_headline_of_one_core_says_core() {
        let line = |cores, heap_mib| BigLine {
            label: "",
            shape: Some(Shape {
                executors: 89,
                between: executors_between(89),
                cores,
                heap_mib,
                after: "",
            }),
            none: "",
        };
        assert_eq!(line(1, 3072).text(), "89 executors × 1 core × 3 GiB");
        assert_eq!(line(5, 19 * 1024).text(), "89 executors × 5 cores × 19 GiB");
        assert_eq!(
            line(5, 11_171).text(),
            "89 executors × 5 cores × 11\u{202f}171 MiB"
        );
    }
}
