//! The Workload ("Will the job fit") and Dynamic allocation sections under the plan, and what
//! they put under the headline (the workload's errors and warnings, dynamic allocation's
//! starting count).
//! Their inputs are folds of the form (its Workload and Dynamic allocation). Each shape
//! remedy's Apply opens its scenario with a history entry, as the explorer's Adopt does. While
//! "Analyse a run" shows a run, Dynamic allocation says what `maxExecutors` that run could use
//! with the plan's executors ([`crate::analysis::RunShown`]).

use leptos::prelude::*;
use planner::view::{Finding, View};
use planner::Severity;

use crate::analysis::RunShown;
use crate::fmt;
use crate::layout::item_memo;
use crate::parts::{keyed, FindingItems, Findings};
use crate::reactive::{attr, dynamic, indexed, memo, text, Part};
use crate::state::{Page, Planned};

/// The workload's errors (the largest task does not fit...): a job that fails on this plan
/// must not look fine above the fold.
pub fn workload_errors(view: &View) -> Vec<Finding> {
    view.workload.as_ref().map_or_else(Vec::new, |w| {
        w.notes
            .iter()
            .filter(|n| n.severity == Severity::Error)
            .cloned()
            .collect()
    })
}

/// The workload's findings that change what to run (errors, and warnings such as a task that
/// spills), pointed to beside the answer with the way to the remedies: the verdict first.
pub fn workload_alerts(view: &View) -> Vec<Finding> {
    let mut alerts = Vec::new();
    if let Some(w) = &view.workload {
        // The notes hold the verdict too: each finding once.
        for f in w.verdict.iter().chain(&w.notes) {
            if f.severity != Severity::Info && !alerts.contains(f) {
                alerts.push(f.clone());
            }
        }
    }
    alerts
}

/// What the sections under the plan say of the workload and dynamic allocation.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WorkloadSectionsView {
    /// Whether a workload is described (the Workload section is shown).
    pub described: bool,
    /// The verdict.
    pub verdict: Vec<Finding>,
    /// Each remedy that is a shape: its words and its scenario's link.
    pub remedies: Vec<(String, String)>,
    /// The Spark SQL settings the workload calls for, one `key=value` a line.
    pub sql: String,
    /// Dynamic allocation's notes while it is on (`None`: off).
    pub allocation: Option<Vec<Finding>>,
    /// Task slots per executor of the plan shown, when executors run.
    pub slots_per_executor: Option<u64>,
}

/// What `maxExecutors` the run shown could use with the plan's executors.
pub fn run_could_use_words(run: &RunShown, slots: u64) -> String {
    let executors = planner::spark::executors_holding_tasks(run.peak_tasks, slots);
    format!(
        "The run you analysed ({}) had at most {} runnable at once: {} of this plan's executors \
         ({} each) hold them all, so a spark.dynamicAllocation.maxExecutors above {} would \
         start no task for it.",
        run.title,
        fmt::count(run.peak_tasks, "task", "tasks"),
        fmt::group(executors),
        fmt::count(slots, "task slot", "task slots"),
        fmt::group(executors),
    )
}

/// The workload's and dynamic allocation's sections of a view.
pub fn workload_sections_view(view: &View) -> WorkloadSectionsView {
    let workload = view.workload.as_ref();
    WorkloadSectionsView {
        described: workload.is_some(),
        verdict: workload.map(|w| w.verdict.clone()).unwrap_or_default(),
        remedies: workload.map_or_else(Vec::new, |w| {
            w.remedies
                .iter()
                .map(|r| (r.description.clone(), r.link_query.clone()))
                .collect()
        }),
        sql: workload.map_or_else(String::new, |w| {
            let lines: Vec<String> = w
                .recommended_conf
                .iter()
                .map(|e| format!("{}={}", e.key, e.value))
                .collect();
            planner::text::join(&lines, "\n")
        }),
        allocation: view.dynamic_allocation.as_ref().map(|a| a.notes.clone()),
        slots_per_executor: view
            .selected()
            .filter(|p| p.executors_running > 0)
            .map(|p| p.task_slots / u64::from(p.executors_running)),
    }
}

/// The Workload section (the verdict, the remedies and the SQL settings, while a workload is
/// described) and the Dynamic allocation section (while it is on), for the plan the sections
/// show.
#[component]
pub(crate) fn WorkloadSections(page: Page, plan: Part<Option<Planned>>) -> impl IntoView {
    let v = memo(move || {
        plan.with(|p| {
            p.as_ref()
                .map(|p| workload_sections_view(&p.view))
                .unwrap_or_default()
        })
    });
    let described = memo(move || v.with(|v| v.described));
    let allocation_on = memo(move || v.with(|v| v.allocation.is_some()));
    let verdict = memo(move || v.with(|v| keyed(v.verdict.clone())));
    let remedies = memo(move || v.with(|v| v.remedies.clone()));
    let sql = memo(move || v.with(|v| v.sql.clone()));
    let allocation = memo(move || v.with(|v| keyed(v.allocation.clone().unwrap_or_default())));
    let run_words = memo(move || {
        page.run_shown.with(|r| {
            let slots = v.with(|v| v.slots_per_executor).filter(|s| *s > 0);
            RunShown::of_text(r)
                .as_ref()
                .zip(slots)
                .map_or_else(String::new, |(r, s)| run_could_use_words(r, s))
        })
    });
    view! {
        {dynamic(move || described.get().then(|| view! {
            <section class="card" id="workload">
                <h2>"Will the job fit"</h2>
                <ul class="warnings" id="workload-notes"><FindingItems rows=verdict/></ul>
                <ul class="warnings" id="remedies">
                    {indexed(move || remedies.with(Vec::len), move |i| view! {
                        <Remedy page remedy=item_memo(remedies, i)/>
                    }.into_any())}
                </ul>
                {dynamic(move || sql.with(|s| !s.is_empty()).then(|| view! {
                    <pre class="submit" id="workload-conf" tabindex="0" role="region"
                        aria-label="Spark SQL settings">{text(move || sql.get())}</pre>
                }))}
            </section>
        }))}
        {dynamic(move || allocation_on.get().then(|| view! {
            <section class="card" id="dynamic-allocation">
                <h2>"Dynamic allocation"</h2>
                <ul class="warnings" id="allocation-notes"><FindingItems rows=allocation/></ul>
                <p class="note" id="allocation-run" hidden=attr(move || run_words.with(String::is_empty).then_some(""))>
                    {text(move || run_words.get())}
                </p>
            </section>
        }))}
    }
}

/// A remedy that is a shape, with its Apply button.
#[component]
fn Remedy(page: Page, remedy: Part<(String, String)>) -> impl IntoView {
    view! {
        <li class="sev sev-info remedy">
            <span class="sev-word">"Remedy"</span>" "
            <span class="msg">{text(move || remedy.with(|r| r.0.clone()))}</span>" "
            <button type="button" class="apply"
                on:click=move |_| page.open_query(&remedy.with_untracked(|r| r.1.clone()))>
                "Apply"
            </button>
        </li>
    }
}

/// Under the headline: the workload's errors and warnings, with a link to "Will the job fit"
/// and its remedies; and while dynamic allocation is on, one line saying the executor count is
/// only where Spark starts.
#[component]
pub(crate) fn UnderTheHeadline(page: Page) -> impl IntoView {
    let v = memo(move || {
        page.planned.with(|p| {
            (
                workload_alerts(&p.view),
                p.view
                    .dynamic_allocation
                    .as_ref()
                    .and_then(|a| a.initial_note.clone()),
            )
        })
    });
    let alerts = memo(move || v.with(|v| !v.0.is_empty()));
    let initial = memo(move || v.with(|v| v.1.is_some()));
    view! {
        {dynamic(move || alerts.get().then(|| view! {
            <Findings id="workload-alerts" findings=memo(move || v.with(|v| v.0.clone()))/>
            <p class="sub" id="workload-more"><a href="#workload">"Will the job fit, below: what to change"</a></p>
        }))}
        {dynamic(move || initial.get().then(|| view! {
            <p class="muted" id="da-initial">{text(move || v.with(|v| v.1.clone().unwrap_or_default()))}</p>
        }))}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::form::Form;
    use planner::presets::preset;
    use planner::scenario::Scenario;

    fn planned(scenario: &Scenario) -> Planned {
        Planned::of(&Form::from_scenario(scenario))
    }

    /// 41 tasks at once on executors of 5 slots need 9 executors (8 hold 40); a run of one task
    /// still needs one.
    #[test]
    fn the_run_could_use_the_executors_its_tasks_at_once_fill() {
        use planner::spark::executors_holding_tasks;
        assert_eq!(executors_holding_tasks(41, 5), 9);
        assert_eq!(executors_holding_tasks(40, 5), 8);
        assert_eq!(executors_holding_tasks(0, 5), 1);
        let run = RunShown {
            title: "Spark Pi (app-1)".to_string(),
            peak_tasks: 41,
            note: String::new(),
            times: Vec::new(),
        };
        assert_eq!(
            run_could_use_words(&run, 5),
            "The run you analysed (Spark Pi (app-1)) had at most 41 tasks runnable at once: \
             9 of this plan's executors (5 task slots each) hold them all, so a \
             spark.dynamicAllocation.maxExecutors above 9 would start no task for it."
        );
        let yarn = planned(&Scenario::Yarn(planner::input::PlanInput::default()));
        assert_eq!(
            workload_sections_view(&yarn.view).slots_per_executor,
            Some(5)
        );
    }

    #[test]
    fn the_verdict_says_what_does_not_fit_and_each_remedy_carries_its_link() {
        let oom = planned(&Scenario::Yarn(
            preset("oom-10-cores-45g").expect("the preset").input,
        ));
        let v = workload_sections_view(&oom.view);
        assert!(v.described);
        assert!(
            v.verdict.iter().any(|w| w.message.contains("does not fit")),
            "{v:?}"
        );
        assert!(!v.remedies.is_empty());
        for (words, link) in &v.remedies {
            assert!(link.starts_with("v=1"), "{link}");
            // Each remedy is said once, with its Apply button, not again in the verdict.
            assert!(
                !v.verdict.iter().any(|w| &w.message == words),
                "{words} is in the verdict too"
            );
        }
        // It spills, slowly; it does not fail: no error, but the verdict beside the answer.
        assert!(workload_errors(&oom.view).is_empty());
        let alerts = workload_alerts(&oom.view);
        assert_eq!(
            alerts.first(),
            v.verdict.iter().find(|f| f.severity != Severity::Info)
        );
        // Off by default, nothing described: nothing to show.
        let plain = planned(&Scenario::default_for(planner::ClusterManager::Yarn));
        // Only the plan's task slots per executor are shown: what a run's tasks would fill.
        let plain_sections = workload_sections_view(&plain.view);
        assert_eq!(plain_sections.slots_per_executor, Some(5));
        assert_eq!(
            WorkloadSectionsView {
                slots_per_executor: None,
                ..plain_sections
            },
            WorkloadSectionsView::default()
        );
        assert!(workload_errors(&plain.view).is_empty());
        assert!(workload_alerts(&plain.view).is_empty());
    }
}
