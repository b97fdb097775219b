//! The YARN answer: the headline (the method switch, the shape, its numbers, why it does not
//! run in full, the command to copy), and the sections under it: both methods side by side, the
//! per-node layout, the executor's memory, the working and the warnings.

use leptos::prelude::*;
use planner::catalog::{self, ClusterManager, FieldId};
use planner::view::{ContainerRole, Finding, PlanMethod, PlanView, Step, View};

use super::card::{container, plan_layout, DriverSection, Section};
use super::headline::{
    plan_big_line, refusal_and_nearest, BigLine, BigLineView, PlanAlerts, Refusal,
    RefusalAndNearest,
};
use super::memory::{memory_view, ExecutorMemory, MemoryView};
use crate::fmt;
use crate::layout::{LayoutView, NodeLayout};
use crate::parts::{copy_for, CodeLines, CopyStatusLine, Findings, Steps};
use crate::reactive::{attr, dynamic, memo, text, Part};
use crate::state::{CopyButton, Page, Planned};
use crate::terms::Term;

/// The method's name as the page says it.
pub fn method_name(m: PlanMethod) -> &'static str {
    match m {
        PlanMethod::SparkExact => "Spark-exact",
        PlanMethod::RuleOfThumb => "Rule of thumb",
        PlanMethod::Kubernetes => "Kubernetes",
        PlanMethod::Emr => "Amazon EMR",
    }
}

/// `used` of `available` as a percentage with one decimal (`95.0%`).
pub fn percent(used: u64, available: u64) -> String {
    format!(
        "{}%",
        planner::fixed::format_ratio(used.saturating_mul(100), available.max(1), 1)
    )
}

/// What the YARN headline shows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct YarnHeadline {
    /// The method the headline shows.
    pub method: Option<PlanMethod>,
    /// The shape, or that none runs.
    pub line: BigLine,
    /// The heap setting, task slots, the container and the cluster's use, up to the word
    /// "vcores", which the page writes as a [`Term`] (none when nothing runs).
    pub sub: Option<String>,
    /// Why it does not run in full.
    pub refusal: Option<Refusal>,
    /// The nearest plan that runs.
    pub nearest: Option<String>,
    /// The `spark-submit` command (none when nothing runs).
    pub submit: Option<String>,
}

/// The YARN headline of a view's selected plan.
pub fn yarn_headline(p: &PlanView) -> YarnHeadline {
    let t = &p.totals;
    let (refusal, nearest) = refusal_and_nearest(p);
    let runs = p.runs.is_some();
    let sub = runs.then(|| {
        let e = container(p, ContainerRole::Executor);
        let granted = e.and_then(|e| e.granted_mib).unwrap_or_default();
        let requested = e.map_or(0, |e| e.requested_mib);
        format!(
            "spark.executor.memory={} · {} · each container {} granted ({} requested) · {} of YARN memory, {} of ",
            p.executor_memory,
            fmt::count(t.task_slots, "task slot", "task slots"),
            fmt::mib(granted),
            fmt::mib(requested),
            percent(t.memory_used_mib, t.memory_available_mib),
            percent(t.vcores_used.unwrap_or_default(), t.vcores_available.unwrap_or_default()),
        )
    });
    YarnHeadline {
        method: Some(p.method),
        line: plan_big_line(ClusterManager::Yarn, p),
        sub,
        refusal,
        nearest,
        submit: runs.then(|| p.exports.spark_submit.clone()),
    }
}

/// The YARN headline: the method switch, the shape, its numbers, why it does not run in full,
/// and the command to copy (no shape and no command when none runs, but why, by how much, and
/// the nearest plan that runs; the page-level "Copy link" still copies the link).
#[component]
pub(crate) fn YarnAnswer(page: Page) -> impl IntoView {
    let h = memo(move || {
        page.planned
            .with(|p| p.selected().map(yarn_headline).unwrap_or_default())
    });
    let runs = memo(move || h.with(|h| h.submit.is_some()));
    let submit = text(move || h.with(|h| h.submit.clone().unwrap_or_default()));
    let which = CopyButton::Block("submit");
    view! {
        <MethodSwitch page method=memo(move || h.with(|h| h.method))/>
        <BigLineView line=memo(move || h.with(|h| h.line.clone()))/>
        {dynamic(move || runs.get().then(|| view! {
            <p class="sub">{text(move || h.with(|h| h.sub.clone().unwrap_or_default()))}<Term word="vcores"/></p>
        }))}
        <RefusalAndNearest refusal=memo(move || h.with(|h| h.refusal.clone()))
            nearest=memo(move || h.with(|h| h.nearest.clone()))/>
        <PlanAlerts page/>
        {dynamic(move || runs.get().then(|| view! {
            <CodeLines id="submit" label="spark-submit command" text=submit/>
            <div class="actions">
                <button type="button" id="copy-flags"
                    on:click=move |_| copy_for(page, which, &submit.get_untracked(), "Flags copied")>
                    "Copy spark-submit"
                </button>
                <CopyStatusLine page button=which/>
            </div>
        }))}
    }
}

/// The buttons that choose the headline's method.
#[component]
fn MethodSwitch(page: Page, method: Part<Option<PlanMethod>>) -> impl IntoView {
    let key = catalog::key(ClusterManager::Yarn, FieldId::Method);
    let button = move |(m, value): (PlanMethod, &'static str)| {
        view! {
            <button type="button" class="pill" id=format!("method-{value}")
                title=crate::terms::explanation(method_name(m))
                aria-pressed=text(move || (method.get() == Some(m)).to_string())
                on:click=move |_| page.edit(key, value.to_string())>
                {method_name(m)}
            </button>
        }
    };
    view! {
        <div class="method-switch" role="group" aria-label="Method for the headline">
            {[(PlanMethod::SparkExact, "exact"), (PlanMethod::RuleOfThumb, "rule")].map(button)}
        </div>
    }
}

fn verdict(p: &PlanView) -> String {
    let placed = p.executors_running;
    if placed == 0 {
        "✗ none run".to_string()
    } else if placed < p.executors {
        format!("✗ only {placed} of {} fit", p.executors)
    } else {
        "✓ all fit".to_string()
    }
}

/// A method's value in a row of the comparison, from its plan and how many executors fit a
/// node under it.
type CompareValue = fn(&PlanView, u64) -> String;

/// The comparison table's rows: a label and each method's value.
const COMPARE_ROWS: [(&str, CompareValue); 10] = [
    ("Executors (spark.executor.instances)", |p, _| {
        p.executors.to_string()
    }),
    ("Cores per executor", |p, _| {
        p.cores_per_executor.to_string()
    }),
    ("Executor memory (heap)", |p, _| p.executor_memory.clone()),
    ("Overhead", |p, _| {
        fmt::mib(
            container(p, ContainerRole::Executor)
                .and_then(|e| e.overhead_mib)
                .unwrap_or_default(),
        )
    }),
    ("Container requested → granted", |p, _| {
        let e = container(p, ContainerRole::Executor);
        format!(
            "{} → {}",
            fmt::mib(e.map_or(0, |e| e.requested_mib)),
            fmt::mib(e.and_then(|e| e.granted_mib).unwrap_or_default())
        )
    }),
    ("Executors per node (YARN)", |_, per_node| {
        per_node.to_string()
    }),
    ("Executors YARN runs", |p, _| {
        format!("{} ({})", p.executors_running, verdict(p))
    }),
    ("Task slots", |p, _| fmt::group(p.task_slots)),
    ("YARN memory used", |p, _| {
        percent(p.totals.memory_used_mib, p.totals.memory_available_mib)
    }),
    // What the ResourceManager reports: 1 vcore per container under the
    // DefaultResourceCalculator, whatever spark.executor.cores runs.
    (
        "YARN vcores used (as the ResourceManager reports)",
        |p, _| {
            percent(
                p.totals.vcores_used.unwrap_or_default(),
                p.totals.vcores_available.unwrap_or_default(),
            )
        },
    ),
];

/// The rule of thumb's findings that also say why the two methods differ.
const WHY_THEY_DIFFER: [&str; 4] = [
    "legacy-overhead-factor",
    "room-for-more",
    "am-slot-assumption",
    "fewer-executors-fit",
];

/// Both methods side by side, with the reasons they differ.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CompareView {
    /// Each row's values: the rule of thumb's, Spark-exact's.
    pub values: Vec<(String, String)>,
    /// Why they differ.
    pub reasons: Vec<Finding>,
}

/// The comparison of a YARN view.
pub fn compare_view(view: &View, per_node: [u64; 2]) -> CompareView {
    let (Some(rule), Some(exact)) = (
        view.plan(PlanMethod::RuleOfThumb),
        view.plan(PlanMethod::SparkExact),
    ) else {
        return CompareView::default();
    };
    let values = COMPARE_ROWS
        .iter()
        .map(|(_, f)| (f(rule, per_node[0]), f(exact, per_node[1])))
        .collect();
    let reasons = view
        .differences
        .iter()
        .chain(
            rule.warnings
                .iter()
                .filter(|w| WHY_THEY_DIFFER.contains(&w.code.as_str())),
        )
        .cloned()
        .collect();
    CompareView { values, reasons }
}

/// What the YARN sections under the answer show.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct YarnSectionsView {
    /// The selected method's name.
    pub method: &'static str,
    /// The other method's name.
    pub other: &'static str,
    /// Both methods side by side.
    pub compare: CompareView,
    /// The selected plan's layout.
    pub layout: LayoutView,
    /// The selected plan's executor memory.
    pub memory: MemoryView,
    /// The working of the selected and the other method.
    pub working: (Vec<Step>, Vec<Step>),
    /// The warnings.
    pub warnings: Vec<Finding>,
}

/// The sections of a YARN plan.
pub fn yarn_sections_view(planned: &Planned) -> YarnSectionsView {
    let view = &planned.view;
    let Some(p) = view.selected() else {
        return YarnSectionsView::default();
    };
    let other = view.plans.iter().find(|o| !o.selected);
    YarnSectionsView {
        method: method_name(p.method),
        other: other.map_or("", |o| method_name(o.method)),
        compare: compare_view(view, planned.yarn_per_node.unwrap_or_default()),
        layout: plan_layout(planned),
        memory: memory_view(p),
        working: (
            p.working.clone(),
            other.map(|o| o.working.clone()).unwrap_or_default(),
        ),
        warnings: p.warnings.clone(),
    }
}

/// The YARN plan's sections, for the plan the sections show (`plan`).
#[component]
pub(crate) fn YarnSections(plan: Part<Option<Planned>>) -> impl IntoView {
    let v = memo(move || plan.with(|p| p.as_ref().map(yarn_sections_view).unwrap_or_default()));
    let compare = memo(move || v.with(|v| v.compare.clone()));
    let method = move || v.with(|v| v.method);
    view! {
        <Section id="compare" heading="Rule of thumb vs Spark-exact">
            <Compare compare/>
        </Section>
        <Section id="layout-section" heading=text(move || format!("Per-node layout ({})", method()))>
            <NodeLayout layout=memo(move || v.with(|v| v.layout.clone()))/>
        </Section>
        <Section id="memory" heading="Executor memory">
            <ExecutorMemory memory=memo(move || v.with(|v| v.memory.clone()))/>
        </Section>
        <Section id="working" heading="The working">
            <h3 class="subhead">{method}</h3>
            <Steps steps=memo(move || v.with(|v| v.working.0.clone()))/>
            <details>
                <summary>{text(move || format!("{} working", v.with(|v| v.other)))}</summary>
                <Steps steps=memo(move || v.with(|v| v.working.1.clone()))/>
            </details>
        </Section>
        <Section id="warnings-section" heading="Warnings">
            <Findings id="warnings" findings=memo(move || v.with(|v| v.warnings.clone()))/>
        </Section>
        <DriverSection plan/>
    }
}

/// Rule of thumb and Spark-exact side by side: a row differs where their values do.
#[component]
fn Compare(compare: Part<CompareView>) -> impl IntoView {
    let cell = move |i: usize, rule: bool| {
        compare.with(|c| {
            c.values
                .get(i)
                .map(|(r, e)| if rule { r.clone() } else { e.clone() })
                .unwrap_or_default()
        })
    };
    let row = move |(i, (label, _)): (usize, &(&'static str, CompareValue))| {
        let differs = move || compare.with(|c| c.values.get(i).is_some_and(|(r, e)| r != e));
        view! {
            <tr class=attr(move || differs().then_some("differs"))>
                <th scope="row">{*label}</th>
                <td>{text(move || cell(i, true))}</td>
                <td>{text(move || cell(i, false))}</td>
            </tr>
        }
    };
    view! {
        <table class="compare">
            <thead>
                <tr><td></td><th scope="col">"Rule of thumb"</th><th scope="col">"Spark-exact"</th></tr>
            </thead>
            <tbody>{COMPARE_ROWS.iter().enumerate().map(row).collect_view()}</tbody>
        </table>
        <h3 class="subhead">"Why they differ"</h3>
        <Findings id="differences" findings=memo(move || compare.with(|c| c.reasons.clone()))/>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::form::Form;

    #[test]
    fn case_one_compares_both_methods_as_the_page_did() {
        let planned = Planned::of(&Form::from_query("v=1").0);
        let c = compare_view(&planned.view, planned.yarn_per_node.expect("YARN"));
        assert_eq!(c.values[0], ("17".to_string(), "17".to_string()));
        assert_eq!(c.values[2], ("19g".to_string(), "19g".to_string()));
        assert_eq!(c.values[5], ("3".to_string(), "3".to_string()));
        assert_eq!(c.values[6].1, "17 (✓ all fit)");
        assert_eq!(c.values[8].1, "95.0%");
        let h = yarn_headline(planned.selected().expect("a plan"));
        assert_eq!(h.line.text(), "17 executors × 5 cores × 19 GiB");
        let sub = h.sub.expect("17 run");
        assert!(
            sub.starts_with("spark.executor.memory=19g · 85 task slots"),
            "{sub}"
        );
        assert!(sub.ends_with("95.0% of YARN memory, 95.6% of "), "{sub}");
    }

    #[test]
    fn percentages_round_to_one_decimal() {
        assert_eq!(percent(0, 0), "0.0%");
        assert_eq!(percent(1, 3), "33.3%");
        assert_eq!(percent(2, 3), "66.7%");
        assert_eq!(percent(3, 3), "100.0%");
    }
}
