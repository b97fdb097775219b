//! The Workload ("Will the job fit") and Dynamic allocation sections under the plan, and what
//! they put under the headline (the workload's errors, dynamic allocation's starting count), as
//! escaped HTML (`crate::html`). Their
//! inputs are folds of the form (`fields::WORKLOAD`, `fields::ALLOCATION`). Each shape remedy's
//! Apply button carries its scenario's link (`data-apply`); `answer_click` opens it with a
//! history entry, as the explorer's Adopt does.

use planner::job_fit::{job_fit, remedy_words, smaller_tasks_note, JobFit, ShapeRemedy};
use planner::scenario::{Outcome, Scenario};

use crate::html;
use crate::results;

/// The workload's findings as list items, most severe first.
fn verdict_items(fit: &JobFit) -> String {
    let Some(n) = &fit.workload else {
        return String::new();
    };
    let mut notes = planner::workload::workload_notes(n);
    notes.extend(fit.smaller_tasks.map(|s| smaller_tasks_note(&s)));
    results::warning_items(&planner::warning::most_severe_first(notes))
}

/// Spark SQL settings the workload calls for, one `key=value` a line.
fn sql_conf_text(fit: &JobFit) -> String {
    fit.workload
        .map(|n| planner::workload::recommended_sql_conf(&n))
        .unwrap_or_default()
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A remedy that is a shape, with its Apply button (its scenario's link in `data-apply`).
fn remedy_item(out: &mut String, r: &ShapeRemedy) {
    out.push_str(r#"<li class="sev sev-info remedy"><span class="sev-word">Remedy</span> "#);
    html::text(out, "span", r#" class="msg""#, &remedy_words(r));
    out.push_str(&format!(
        r#" <button type="button" class="apply" data-apply="{}">Apply</button></li>"#,
        html::escape(&planner::url::scenario_to_query(&r.scenario))
    ));
}

/// The Workload section: the verdict, the remedies and the SQL settings (nothing while no
/// workload is described).
fn workload_section(out: &mut String, fit: &JobFit) {
    if fit.workload.is_none() {
        return;
    }
    out.push_str(&format!(
        r#"<section class="card" id="workload"><h2>Will the job fit</h2><ul class="warnings" id="workload-notes">{}</ul><ul class="warnings" id="remedies">"#,
        verdict_items(fit)
    ));
    for r in &fit.remedies {
        remedy_item(out, r);
    }
    out.push_str("</ul>");
    let conf = sql_conf_text(fit);
    if !conf.is_empty() {
        html::text(
            out,
            "pre",
            r#" class="submit" id="workload-conf" tabindex="0" role="region" aria-label="Spark SQL settings""#,
            &conf,
        );
    }
    out.push_str("</section>");
}

/// The sections under the plan for `scenario` and its plan `shown`: the workload's verdict,
/// and what dynamic allocation will do while it is on.
pub fn sections_html(scenario: &Scenario, shown: &Outcome) -> String {
    let Some(fit) = job_fit(scenario, shown) else {
        return String::new();
    };
    let mut out = String::new();
    workload_section(&mut out, &fit);
    if fit.allocation.enabled {
        out.push_str(&format!(
            r#"<section class="card" id="dynamic-allocation"><h2>Dynamic allocation</h2><ul class="warnings" id="allocation-notes">{}</ul></section>"#,
            results::warning_items(&planner::dynamic_allocation::allocation_notes(
                &fit.allocation
            ))
        ));
    }
    out
}

/// Under the headline: the workload's errors (a job that fails on this plan must not look
/// fine above the fold), with a link to "Will the job fit"; and while dynamic allocation is
/// on, one line saying the executor count is only where Spark starts.
pub fn under_the_headline(scenario: &Scenario, outcome: &Outcome) -> String {
    let mut out = String::new();
    let Some(fit) = job_fit(scenario, outcome) else {
        return out;
    };
    let errors = workload_errors(&fit);
    if !errors.is_empty() {
        out.push_str(&errors);
        out.push_str(r##"<p class="sub" id="workload-more"><a href="#workload">Will the job fit, below: what to change</a></p>"##);
    }
    if let Some(text) = planner::dynamic_allocation::initial_count_note(&fit.allocation) {
        html::text(&mut out, "p", r#" class="muted" id="da-initial""#, &text);
    }
    out
}

/// The workload's errors (the largest task does not fit...) as a list, or `""`.
pub fn workload_errors(fit: &JobFit) -> String {
    let errors: Vec<planner::Warning> = fit
        .workload
        .map(|n| planner::workload::workload_notes(&n))
        .unwrap_or_default()
        .into_iter()
        .filter(|w| w.severity == planner::Severity::Error)
        .collect();
    if errors.is_empty() {
        return String::new();
    }
    results::warning_list(&errors, "workload-alerts")
}

#[cfg(test)]
mod tests {
    use super::*;
    use planner::presets::preset;

    #[test]
    fn the_verdict_is_escaped_html_and_each_remedy_carries_its_link() {
        let scenario = Scenario::Yarn(preset("oom-10-cores-45g").expect("the preset").input);
        let outcome = planner::scenario::plan(&scenario);
        let html = sections_html(&scenario, &outcome);
        assert!(
            html.contains(r#"<section class="card" id="workload">"#),
            "{html}"
        );
        assert!(html.contains("does not fit"), "{html}");
        let fit = job_fit(&scenario, &outcome).expect("plans");
        assert!(!fit.remedies.is_empty());
        for r in &fit.remedies {
            let link = html::escape(&planner::url::scenario_to_query(&r.scenario));
            assert!(html.contains(&format!(r#"data-apply="{link}""#)), "{html}");
        }
        // Off by default, nothing described: nothing to show.
        let plain = Scenario::default_for(planner::ClusterManager::Yarn);
        let outcome = planner::scenario::plan(&plain);
        assert_eq!(sections_html(&plain, &outcome), "");
        assert_eq!(under_the_headline(&plain, &outcome), "");
    }

    #[test]
    fn a_workload_that_does_not_fit_is_said_under_the_headline() {
        let scenario = Scenario::Yarn(preset("oom-10-cores-45g").expect("the preset").input);
        let outcome = planner::scenario::plan(&scenario);
        let line = under_the_headline(&scenario, &outcome);
        let fit = job_fit(&scenario, &outcome).expect("plans");
        let errors: Vec<_> = planner::workload::workload_notes(&fit.workload.expect("described"))
            .into_iter()
            .filter(|w| w.severity == planner::Severity::Error)
            .collect();
        assert!(!errors.is_empty(), "the preset's task does not fit");
        for e in &errors {
            assert!(line.contains(&html::escape(&e.message)), "{line}");
        }
        assert!(line.contains(r##"href="#workload""##), "{line}");
    }
}
