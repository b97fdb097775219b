//! The Kubernetes and Amazon EMR answers: headline, exports (spark-submit, Spark-operator YAML,
//! EMR classification JSON), per-node layouts, the pods' resources, EMR's requested against
//! launched executors and its driver log, the working and the warnings.

use leptos::prelude::*;
use planner::format::{cores as format_cores, cpu_quantity as format_cpu};
use planner::view::{ContainerRole, Finding, PlanView, Step, View};
use planner::{ClusterManager, Severity};

use super::card::{container, plan_layout, DriverSection, Section};
use super::headline::{
    plan_big_line, refusal_and_nearest, BigLine, BigLineView, PlanAlerts, Refusal,
    RefusalAndNearest,
};
use crate::fmt::{self, heap_words};
use crate::layout::{LayoutView, NodeLayout};
use crate::parts::{CodeLines, CopyBlock, Findings, Steps};
use crate::reactive::{dynamic, indexed, keyed_by_text, memo, text, Part};
use crate::state::{Page, Planned};

/// What the Kubernetes headline shows.
#[derive(Debug, Clone, Default, PartialEq)]
struct K8sHeadline {
    line: BigLine,
    sub: String,
    refusal: Option<Refusal>,
    nearest: Option<String>,
    submit: String,
    yaml: String,
}

/// The Kubernetes headline. When fewer executor pods run than asked, it says so, by how much,
/// and the nearest heap that runs them; the exports keep what was asked for.
fn k8s_headline(view: &View) -> K8sHeadline {
    let (Some(p), Some(k)) = (view.selected(), &view.kubernetes) else {
        return K8sHeadline::default();
    };
    let t = &p.totals;
    let (refusal, nearest) = refusal_and_nearest(p);
    K8sHeadline {
        line: plan_big_line(ClusterManager::Kubernetes, p),
        sub: format!(
            "{} · each pod requests {} CPU and {}Mi (memory limit = request) · {} CPU requested by Spark's pods, of {} CPU allocatable after daemonsets",
            fmt::count(p.task_slots, "task slot", "task slots"),
            format_cpu(k.executor_cpu_millis),
            k.executor_memory_mib,
            format_cores(t.cpu_used_millis.unwrap_or_default()),
            format_cores(t.cpu_available_millis.unwrap_or_default()),
        ),
        refusal,
        nearest,
        submit: p.exports.spark_submit.clone(),
        yaml: p.exports.spark_operator_yaml.clone().unwrap_or_default(),
    }
}

/// The Kubernetes headline and its exports.
#[component]
pub(crate) fn K8sAnswer(page: Page) -> impl IntoView {
    let h = memo(move || page.planned.with(|p| k8s_headline(&p.view)));
    view! {
        <p class="eyebrow muted">"Kubernetes"</p>
        <BigLineView line=memo(move || h.with(|h| h.line.clone()))/>
        <p class="sub" id="k8s-sub">{text(move || h.with(|h| h.sub.clone()))}</p>
        <RefusalAndNearest refusal=memo(move || h.with(|h| h.refusal.clone()))
            nearest=memo(move || h.with(|h| h.nearest.clone()))/>
        <PlanAlerts page/>
        <CopyBlock page id="submit" title="spark-submit" button="Copy spark-submit"
            button_id="copy-submit" text=text(move || h.with(|h| h.submit.clone()))/>
        <CopyBlock page id="k8s-yaml" title="SparkApplication YAML"
            button="Copy SparkApplication YAML" button_id="copy-k8s-yaml"
            text=text(move || h.with(|h| h.yaml.clone()))/>
    }
}

/// What the Kubernetes sections under the answer show.
#[derive(Debug, Clone, Default, PartialEq)]
struct K8sSectionsView {
    layout: LayoutView,
    pod_limit: Option<String>,
    pods: Vec<(&'static str, String)>,
    working: Vec<Step>,
    warnings: Vec<Finding>,
}

/// The pods' resources as the table lists them.
fn pod_rows(p: &PlanView, overhead_factor: &str, per_node: u64) -> Vec<(&'static str, String)> {
    let executor = container(p, ContainerRole::Executor);
    let driver =
        container(p, ContainerRole::Driver).map_or("none (client mode)".to_string(), |d| {
            format!(
                "{}Mi memory, {} CPU",
                d.requested_mib,
                d.cpu_request.clone().unwrap_or_default()
            )
        });
    vec![
        (
            "Executor memory request = limit",
            format!("{}Mi", executor.map_or(0, |e| e.requested_mib)),
        ),
        (
            "Executor CPU request",
            executor
                .and_then(|e| e.cpu_request.clone())
                .unwrap_or_default(),
        ),
        (
            "Executor CPU limit",
            executor
                .and_then(|e| e.cpu_limit.clone())
                .unwrap_or_else(|| "none".into()),
        ),
        ("Driver pod", driver),
        ("Overhead factor", overhead_factor.to_string()),
        ("Executor pods per node", per_node.to_string()),
    ]
}

fn k8s_sections_view(planned: &Planned) -> K8sSectionsView {
    let view = &planned.view;
    let (Some(p), Some(k)) = (view.selected(), &view.kubernetes) else {
        return K8sSectionsView::default();
    };
    K8sSectionsView {
        layout: plan_layout(planned),
        pod_limit: k.pod_limit.clone(),
        pods: pod_rows(p, &k.overhead_factor, k.executor_pods_per_node),
        working: p.working.clone(),
        warnings: p.warnings.clone(),
    }
}

/// The Kubernetes sections under the answer: the node's reservation, the layout, the pods'
/// resources, the working and warnings.
#[component]
pub(crate) fn K8sSections(plan: Part<Option<Planned>>) -> impl IntoView {
    let v = memo(move || plan.with(|p| p.as_ref().map(k8s_sections_view).unwrap_or_default()));
    let has_limit = memo(move || v.with(|v| v.pod_limit.is_some()));
    let pods = memo(move || v.with(|v| v.pods.clone()));
    view! {
        <super::node_reservation::NodeReservation plan/>
        <Section id="layout-section" heading="Per-node layout (Kubernetes)">
            <NodeLayout layout=memo(move || v.with(|v| v.layout.clone()))/>
            {dynamic(move || has_limit.get().then(|| view! {
                <p class="muted" id="pod-limit">{text(move || v.with(|v| v.pod_limit.clone().unwrap_or_default()))}</p>
            }))}
        </Section>
        <Section id="pods" heading="Pod resources">
            <table class="kv" id="pod-resources">
                <tbody>
                    {keyed_by_text(move || pods.with(|p| p.iter().map(|r| r.0.to_string()).collect()), move |label| {
                        let shown = label.clone();
                        view! {
                            <tr>
                                <th scope="row">{shown}</th>
                                <td>{text(move || pods.with(|p| p.iter().find(|r| r.0 == label).map(|r| r.1.clone()).unwrap_or_default()))}</td>
                            </tr>
                        }.into_any()
                    })}
                </tbody>
            </table>
        </Section>
        <WorkingAndWarnings working=memo(move || v.with(|v| v.working.clone()))
            warnings=memo(move || v.with(|v| v.warnings.clone()))/>
        <DriverSection plan/>
    }
}

/// The working and warnings sections of a Kubernetes or EMR plan.
#[component]
fn WorkingAndWarnings(working: Part<Vec<Step>>, warnings: Part<Vec<Finding>>) -> impl IntoView {
    view! {
        <Section id="working" heading="The working">
            <Steps steps=working/>
        </Section>
        <Section id="warnings-section" heading="Warnings">
            <Findings id="warnings" findings=warnings/>
        </Section>
    }
}

/// What the EMR headline shows.
#[derive(Debug, Clone, Default, PartialEq)]
struct EmrHeadline {
    nodes: String,
    instance: String,
    ask: String,
    line: BigLine,
    sub: String,
    shortfall: Option<(Severity, String)>,
    merged: bool,
    submit: String,
    json: String,
}

/// The executors asked for as the command asks: with `spark.executor.instances = 0` and dynamic
/// allocation on, 0, and how many it adds (the count planned), since the command says 0.
fn emr_asked_executors(p: &PlanView) -> String {
    let count = fmt::count(u64::from(p.executors), "executor", "executors");
    let grown = p
        .warnings
        .iter()
        .any(|w| w.code == "no-executors-requested" && w.severity == Severity::Info);
    if grown {
        format!("0 executors, dynamic allocation adding up to {count},")
    } else {
        count
    }
}

/// The EMR answer: what to ask for (the advice, which the exports carry as asked), what EMR
/// runs with it (merged executors), a shortfall with the nearest shapes that fit, the warnings
/// that matter, and the exports.
fn emr_headline(view: &View) -> EmrHeadline {
    let (Some(p), Some(e)) = (view.selected(), &view.emr) else {
        return EmrHeadline::default();
    };
    let shortfall = p.refusal.as_ref().map(|r| {
        let mut text = r.message.clone();
        let nearest: Vec<&str> = r.nearest.iter().map(|n| n.message.as_str()).collect();
        if !nearest.is_empty() {
            text.push_str(&format!(
                " Nearest that fits: {}.",
                planner::text::join(&nearest, "; or ")
            ));
        }
        (r.severity, text)
    });
    EmrHeadline {
        nodes: fmt::count(u64::from(e.core_nodes), "core node", "core nodes"),
        instance: e.instance.clone(),
        ask: format!(
            "{} × {} × {} heap",
            emr_asked_executors(p),
            fmt::count(u64::from(p.cores_per_executor), "core", "cores"),
            heap_words(p.heap_mib)
        ),
        line: plan_big_line(ClusterManager::Emr, p),
        sub: e.how.clone(),
        shortfall,
        merged: e.merged,
        submit: p.exports.spark_submit.clone(),
        json: p
            .exports
            .emr_configurations_json
            .clone()
            .unwrap_or_default(),
    }
}

/// The EMR headline and its exports.
#[component]
pub(crate) fn EmrAnswer(page: Page) -> impl IntoView {
    let h = memo(move || page.planned.with(|p| emr_headline(&p.view)));
    let has_shortfall = memo(move || h.with(|h| h.shortfall.is_some()));
    let merged = memo(move || h.with(|h| h.merged));
    let shortfall = move |f: fn(&(Severity, String)) -> String| {
        h.with(|h| h.shortfall.as_ref().map(f).unwrap_or_default())
    };
    view! {
        <p class="eyebrow muted">
            "Amazon EMR · "{text(move || h.with(|h| h.nodes.clone()))}" of "
            <span class="as-typed">{text(move || h.with(|h| h.instance.clone()))}</span>
        </p>
        <p class="ask" id="emr-ask">
            <span class="ask-label">"You ask for"</span>" "
            <span class="ask-shape">{text(move || h.with(|h| h.ask.clone()))}</span>
            <span class="muted">" — the spark-submit command below"</span>
        </p>
        <BigLineView line=memo(move || h.with(|h| h.line.clone()))/>
        <p class="sub" id="emr-sub">{text(move || h.with(|h| h.sub.clone()))}</p>
        {dynamic(move || has_shortfall.get().then(|| view! {
            <p class=text(move || shortfall(|s| format!("sev sev-{} refusal", s.0.as_str()))) id="emr-shortfall" role="status">
                <span class="sev-word">{text(move || shortfall(|s| s.0.word().to_string()))}</span>
                " "{text(move || shortfall(|s| s.1.clone()))}
            </p>
        }))}
        <PlanAlerts page/>
        {dynamic(move || merged.get().then(|| view! {
            <p class="sev sev-info" id="emr-model">"EMR does not publish how it merges executor requests: the merged executors are a model that reproduces EMR's driver logs."</p>
        }))}
        <CopyBlock page id="submit" title="spark-submit" button="Copy spark-submit"
            button_id="copy-submit" text=text(move || h.with(|h| h.submit.clone()))/>
        <CopyBlock page id="emr-json" title="EMR configuration JSON"
            button="Copy EMR configuration JSON" button_id="copy-emr-json"
            text=text(move || h.with(|h| h.json.clone()))/>
    }
}

/// What the EMR sections under the answer show.
#[derive(Debug, Clone, Default, PartialEq)]
struct EmrSectionsView {
    launched: Vec<[String; 5]>,
    driver_log: String,
    layout: LayoutView,
    working: Vec<Step>,
    warnings: Vec<Finding>,
}

fn emr_sections_view(planned: &Planned) -> EmrSectionsView {
    let view = &planned.view;
    let (Some(p), Some(e)) = (view.selected(), &view.emr) else {
        return EmrSectionsView::default();
    };
    let mut launched: Vec<[String; 5]> = e
        .launched
        .iter()
        .map(|l| {
            [
                l.count.to_string(),
                l.merged.to_string(),
                fmt::mib(l.memory_mib),
                l.cores.to_string(),
                format!("{}m + {}m", l.heap_mib, l.overhead_mib),
            ]
        })
        .collect();
    if launched.is_empty() {
        launched.push(["0".into(), "—".into(), "—".into(), "—".into(), "—".into()]);
    }
    EmrSectionsView {
        launched,
        driver_log: p
            .exports
            .driver_log
            .as_deref()
            .map(|log| planner::text::join(log, "\n"))
            .unwrap_or_default(),
        layout: plan_layout(planned),
        working: p.working.clone(),
        warnings: p.warnings.clone(),
    }
}

/// The EMR sections under the answer: requested against launched with the driver log, the
/// layout, the working and warnings.
#[component]
pub(crate) fn EmrSections(plan: Part<Option<Planned>>) -> impl IntoView {
    let v = memo(move || plan.with(|p| p.as_ref().map(emr_sections_view).unwrap_or_default()));
    let rows = memo(move || v.with(|v| v.launched.clone()));
    view! {
        <Section id="emr-launched" heading="Requested vs launched">
            <div class="table-scroll" tabindex="0" role="region" aria-label="Requested vs launched">
                <table class="compare">
                    <thead>
                        <tr>
                            <th scope="col">"Executors"</th>
                            <th scope="col">"Requests each"</th>
                            <th scope="col">"Container"</th>
                            <th scope="col">"Cores"</th>
                            <th scope="col">"Heap + overhead"</th>
                        </tr>
                    </thead>
                    <tbody>
                        {indexed(move || rows.with(Vec::len), move |i| view! {
                            <LaunchedRow row=crate::layout::item_memo(rows, i)/>
                        }.into_any())}
                    </tbody>
                </table>
            </div>
            <h3 class="subhead">"Driver log (as YarnAllocator would write it)"</h3>
            <CodeLines id="driver-log" label="Driver log"
                text=text(move || v.with(|v| v.driver_log.clone()))/>
        </Section>
        <Section id="layout-section" heading="Per-node layout (EMR)">
            <NodeLayout layout=memo(move || v.with(|v| v.layout.clone()))/>
        </Section>
        <WorkingAndWarnings working=memo(move || v.with(|v| v.working.clone()))
            warnings=memo(move || v.with(|v| v.warnings.clone()))/>
        <DriverSection plan/>
    }
}

#[component]
fn LaunchedRow(row: Part<[String; 5]>) -> impl IntoView {
    let cells = (0..5)
        .map(|i| view! { <td>{text(move || row.with(|r| r[i].clone()))}</td> })
        .collect_view();
    view! { <tr>{cells}</tr> }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::form::Form;

    /// Issue 28.2: with no executor asked for and dynamic allocation on (EMR's default), the
    /// ask says 0, as the command does, and what dynamic allocation adds.
    #[test]
    fn emr_s_ask_says_what_the_command_asks() {
        let ask = |query: &str| emr_headline(&Planned::of(&Form::from_query(query).0).view).ask;
        assert_eq!(
            ask("v=1&cm=emr&cnt=0"),
            "0 executors, dynamic allocation adding up to 45 executors, × 4 cores × 18\u{202f}971 MiB heap"
        );
        assert!(ask("v=1&cm=emr").starts_with("50 executors × 4 cores"));
    }

    #[test]
    fn emr_s_alerts_are_its_plans_warnings() {
        let form = Form::from_query("v=1&cm=emr").0;
        let planned = Planned::of(&form);
        let p = planned.selected().expect("the EMR form plans");
        let (alerts, more) = crate::answer::headline::plan_alerts(p);
        let planner::scenario::Outcome::Emr(plan) = crate::state::evaluate(&form.read()) else {
            panic!("an EMR plan")
        };
        let expected: Vec<String> = planner::emr::warnings(&plan)
            .into_iter()
            .filter(|w| w.severity != Severity::Info)
            .filter(|w| !(plan.shortfall.is_some() && w.code == planner::Code::FewerExecutorsFit))
            .map(|w| w.code.as_str().to_string())
            .collect();
        let shown: Vec<String> = alerts.iter().map(|a| a.code.clone()).collect();
        assert_eq!(shown, expected[..shown.len()]);
        assert_eq!(shown.len() + more, expected.len());
    }

    #[test]
    fn the_pods_table_lists_the_pods_as_spark_writes_them() {
        let planned = Planned::of(&Form::from_query("v=1&cm=k8s").0);
        let v = k8s_sections_view(&planned);
        assert_eq!(v.pods[1], ("Executor CPU request", "2".to_string()));
        assert_eq!(v.pods[2], ("Executor CPU limit", "none".to_string()));
        assert!(v.pods[0].1.ends_with("Mi"), "{:?}", v.pods);
        assert!(v.pods[3].1.contains("Mi memory"), "{:?}", v.pods);
    }
}
