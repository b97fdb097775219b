//! The Kubernetes and Amazon EMR answers: headline, exports (spark-submit, Spark-operator YAML,
//! EMR classification JSON), per-node layouts and the working.

use planner::emr::EmrPlan;
use planner::exports::emr as emr_exports;
use planner::format;
use planner::k8s::K8sPlan;
use planner::layout::{BlockKind, NodeGroup};
use planner::shortfall::{Nearest, Shape};
use planner::url::Scenario;
use planner::{Severity, Step, Warning};

use crate::fmt;
use crate::heap_words;
use crate::html;
use crate::layout::{self, LayoutWords};
use crate::results;

/// A block of text under a heading, with a button that copies it (HTML).
fn copy_block(out: &mut String, id: &str, title: &str, text: &str) {
    out.push_str(&format!(
        r#"<h2 class="subhead">{title}</h2><pre class="submit" id="{id}" tabindex="0" role="region" aria-label="{title}"><code>"#
    ));
    html::push_code_lines(out, text);
    out.push_str("</code></pre>");
    out.push_str(&crate::copy_actions(
        &format!("copy-{id}"),
        &format!("Copy {title}"),
        id,
    ));
}

/// Why fewer executor pods run than asked, or none (its class: an error when none runs).
pub(crate) fn k8s_refusal(
    p: &K8sPlan,
    input: &planner::k8s::K8sInput,
) -> Option<(&'static str, String)> {
    planner::k8s::k8s_shortfall(input, p).map(|s| {
        (
            crate::refusal_class(s.runs == 0),
            planner::k8s::k8s_shortfall_words(&s),
        )
    })
}

/// Why fewer requested executors run than asked on EMR, or none, in one sentence (its class: an
/// error when none runs); the page adds the nearest shapes that fit.
pub(crate) fn emr_refusal(p: &EmrPlan) -> Option<(&'static str, String)> {
    p.shortfall.as_ref().map(|_| {
        (
            crate::refusal_class(p.launched_executors == 0),
            emr_shortfall_sentence(p),
        )
    })
}

/// The Kubernetes headline and exports, as HTML. When fewer executor pods run than asked, it
/// says so, by how much, and the nearest heap that runs them; the exports keep what was asked
/// for.
pub fn k8s_headline(p: &K8sPlan, scenario: &Scenario) -> String {
    let Scenario::Kubernetes(input) = scenario else {
        return String::new();
    };
    let t = p.totals;
    let args = planner::exports::k8s::spark_submit_flags(p, &input.spark);
    let yaml = planner::exports::k8s::spark_operator_yaml(p, &input.spark);
    let refusal = k8s_refusal(p, input);
    let nearest = planner::k8s::k8s_shortfall(input, p)
        .as_ref()
        .and_then(planner::k8s::k8s_nearest_words);
    let mut out = String::from(r#"<p class="eyebrow muted">Kubernetes</p>"#);
    out.push_str(&k8s_big_line(p, input));
    html::text(
        &mut out,
        "p",
        r#" class="sub" id="k8s-sub""#,
        &format!(
            "{} · each pod requests {} CPU and {}Mi (memory limit = request) · {} CPU requested by Spark's pods, of {} CPU allocatable after daemonsets",
            fmt::count(t.task_slots, "task slot", "task slots"),
            format::cpu_quantity(p.executor_cpu_millis),
            p.executor_memory_mib(),
            format::cores(t.cpu_requested_millis),
            format::cores(t.cpu_available_millis),
        ),
    );
    out.push_str(&crate::refusal_and_nearest(refusal, nearest));
    copy_block(
        &mut out,
        "submit",
        "spark-submit",
        &planner::exports::submit_command(&args),
    );
    copy_block(&mut out, "k8s-yaml", "SparkApplication YAML", &yaml);
    out
}

/// The headline's numbers: pods × cores × heap when any run (with "of N" when fewer than asked),
/// else what stops them.
pub(crate) fn k8s_big_line(p: &K8sPlan, input: &planner::k8s::K8sInput) -> String {
    let t = p.totals;
    if p.wanted == 0 || t.executors == 0 {
        let none = if p.wanted == 0 {
            "No executor pods asked for"
        } else if p.fit.driver_fits {
            "No executor pod fits"
        } else {
            "The driver pod does not fit"
        };
        return format!(r#"<p class="big" id="headline"><span id="hl-none">{none}</span></p>"#);
    }
    let of_asked = if u64::from(t.executors) < p.wanted {
        format!(" of {}", p.wanted)
    } else {
        String::new()
    };
    format!(
        r#"<p class="big" id="headline">{}</p>"#,
        crate::headline_numbers(
            &t.executors.to_string(),
            &format!(
                "{of_asked} executor {} × ",
                if t.executors == 1 && of_asked.is_empty() {
                    "pod"
                } else {
                    "pods"
                }
            ),
            input.spark.executor_cores,
            p.executor_memory.heap_mib
        )
    )
}

/// Kubernetes' words for the layout: CPU in cores of millicores, the kubelet's reservation,
/// executor pods.
const KUBERNETES_WORDS: LayoutWords = LayoutWords {
    reserved_memory: "Kubelet and system reserved",
    reserved_cpu: "Kubelet and system reserved",
    reserved_label: "sys",
    executor: "Executor pod",
    executor_total_in_title: false,
    hide_blocks_without_cpu: false,
    block_cpu: kubernetes_block_cpu,
    node_cpu: kubernetes_node_cpu,
    summary: pods_summary,
};

fn kubernetes_block_cpu(_: BlockKind, millis: u64) -> String {
    kubernetes_node_cpu(millis)
}

fn kubernetes_node_cpu(millis: u64) -> String {
    format!("{} CPU", format::cores(millis))
}

/// What a Kubernetes node holds: "driver + 3 executor pods".
fn pods_summary(g: &NodeGroup) -> String {
    format!(
        "{}{}",
        if g.has_driver_pod() { "driver + " } else { "" },
        fmt::count(
            u64::from(g.executors_per_node()),
            "executor pod",
            "executor pods"
        )
    )
}

pub(crate) fn pods_view(p: &K8sPlan) -> String {
    let legend = layout::swatches(vec![
        ("os", "Reserved (kubelet, system, eviction)"),
        ("ds", "Daemonsets"),
        ("am", "Driver pod"),
        ("heap", "Executor heap"),
        ("overhead", "Overhead"),
        ("free", "Unused"),
    ]);
    let mut out = layout::groups_view(&p.layout, &KUBERNETES_WORDS, legend);
    if let Some(words) = planner::k8s::k8s_pod_limit_words(p) {
        html::text(&mut out, "p", r#" class="muted" id="pod-limit""#, &words);
    }
    out
}

/// The working and warnings sections of a Kubernetes or EMR plan, as HTML.
fn working_and_warnings(out: &mut String, working: &[Step], warnings: &[Warning]) {
    out.push_str(&format!(
        r#"<section class="card" id="working"><h2>The working</h2>{}</section><section class="card" id="warnings-section"><h2>Warnings</h2>{}</section>"#,
        results::steps(working),
        results::warning_list(warnings, "warnings")
    ));
}

/// A section with its heading: `<section class="card" id=…><h2>…</h2>` and `body`.
fn card(out: &mut String, id: &str, heading: &str, body: &str) {
    out.push_str(&format!(
        r#"<section class="card" id="{id}"><h2>{heading}</h2>{body}</section>"#
    ));
}

/// Kubernetes sections below the answer (`scenario`: what `p` was planned from), as HTML.
pub fn k8s_details(p: &K8sPlan, scenario: &Scenario) -> String {
    let Scenario::Kubernetes(input) = scenario else {
        return String::new();
    };
    let mut rows = String::from(r#"<table class="kv" id="pod-resources"><tbody>"#);
    let pods = p.pod_specs(&input.spark);
    for (k, v) in [
        (
            "Executor memory request = limit",
            pods.executor.memory_quantity(),
        ),
        ("Executor CPU request", pods.executor.cpu_request.clone()),
        (
            "Executor CPU limit",
            pods.executor
                .cpu_limit
                .clone()
                .unwrap_or_else(|| "none".into()),
        ),
        (
            "Driver pod",
            pods.driver
                .as_ref()
                .map_or("none (client mode)".to_string(), |d| {
                    format!("{} memory, {} CPU", d.memory_quantity(), d.cpu_request)
                }),
        ),
        (
            "Overhead factor",
            planner::fixed::format_f64(p.overhead_factor),
        ),
        ("Executor pods per node", p.fit.per_node.to_string()),
    ] {
        rows.push_str("<tr>");
        html::text(&mut rows, "th", r#" scope="row""#, k);
        html::text(&mut rows, "td", "", &v);
        rows.push_str("</tr>");
    }
    rows.push_str("</tbody></table>");
    let mut out = String::new();
    card(
        &mut out,
        "layout-section",
        "Per-node layout (Kubernetes)",
        &pods_view(p),
    );
    card(&mut out, "pods", "Pod resources", &rows);
    working_and_warnings(
        &mut out,
        &planner::k8s::k8s_working(input, p),
        &planner::explorer::k8s_findings(input, p),
    );
    out.push_str(&results::driver_section(scenario));
    out
}

/// The EMR answer: what to ask for (the advice, which the exports carry as asked), what EMR
/// runs with it (merged executors), a shortfall with the nearest shapes that fit, the warnings
/// that matter, and the exports; as HTML.
pub fn emr_headline(p: &EmrPlan) -> String {
    let s = p.settings;
    let ask = format!(
        "{} × {} × {} heap",
        fmt::count(u64::from(p.requested), "executor", "executors"),
        fmt::count(u64::from(s.executor_cores), "core", "cores"),
        heap_words(s.executor_memory_mib)
    );
    let merged = p.launched.iter().any(|l| l.merged > 1);
    let mut out = format!(
        r#"<p class="eyebrow muted">Amazon EMR · {} of "#,
        fmt::count(u64::from(s.core_nodes), "core node", "core nodes")
    );
    html::text(
        &mut out,
        "span",
        r#" class="as-typed""#,
        &s.instance.describe(),
    );
    out.push_str(&format!(
        r#"</p><p class="ask" id="emr-ask"><span class="ask-label">You ask for</span> <span class="ask-shape">{ask}</span><span class="muted"> — the spark-submit command below</span></p>"#
    ));
    out.push_str(&emr_runs(p));
    html::text(&mut out, "p", r#" class="sub" id="emr-sub""#, &emr_sub(p));
    out.push_str(&emr_shortfall(p));
    out.push_str(&emr_alerts(p));
    if merged {
        out.push_str(r#"<p class="sev sev-info" id="emr-model">EMR does not publish how it merges executor requests: the merged executors are a model that reproduces EMR's driver logs.</p>"#);
    }
    copy_block(
        &mut out,
        "submit",
        "spark-submit",
        &planner::exports::submit_command(&emr_exports::submit_flags(p)),
    );
    copy_block(
        &mut out,
        "emr-json",
        "EMR configuration JSON",
        &emr_exports::classification_json(p),
    );
    out
}

/// What EMR runs: the launched executors (the most merged shape), or that nothing runs.
pub(crate) fn emr_runs(p: &EmrPlan) -> String {
    let numbers = p.launched.first().map_or_else(
        || "nothing".to_string(),
        |top| {
            let words = if p.launched_executors == 1 {
                " executor × "
            } else {
                " executors × "
            };
            let largest = if p.launched.len() > 1 {
                " (the largest)"
            } else {
                ""
            };
            crate::headline_numbers(
                &p.launched_executors.to_string(),
                words,
                top.cores,
                top.heap_mib,
            ) + largest
        },
    );
    format!(r#"<p class="big" id="headline"><span class="ask-label">EMR runs</span> {numbers}</p>"#)
}

/// How EMR turns the requests into executors, and how many requests run.
fn emr_sub(p: &EmrPlan) -> String {
    // What EMR merges and runs is each request as granted (rounded up to its 32 MiB step);
    // with nothing launched, what is asked.
    let size =
        |r: &planner::yarn::Resource| format!("{} / {} vcores", fmt::mib(r.memory_mib), r.vcores);
    let (asked, granted) = (size(&p.request.request), size(&p.request.granted));
    let how = match p.launched.first() {
        Some(l) if l.merged > 1 => format!(
            "Heterogeneous executors merge up to {} requests ({granted} each) into one executor",
            l.merged
        ),
        Some(_) => format!("Containers run as granted ({granted} each)"),
        None => format!("Each request asks for {asked}"),
    };
    format!(
        "{how} · {} of the {} run, {} pending",
        p.covered_requests,
        fmt::count(u64::from(p.requested), "request", "requests"),
        p.pending_requests
    )
}

/// A shape to ask for, in words: `45 × 4 cores × 18 971 MiB`.
fn fitting_words(f: &Shape) -> String {
    format!(
        "{} × {} × {}",
        fmt::group(f.executors),
        fmt::count(u64::from(f.cores), "core", "cores"),
        heap_words(f.heap_mib)
    )
}

/// Why not one request runs, with how far it is from fitting.
fn nothing_fits_reason(p: &EmrPlan) -> String {
    let nm = p.shape.nodemanager;
    let asked = p.request.request.memory_mib;
    if asked > nm.memory_mib {
        format!(
            "each container needs {}, {} more than the {} a core node gives YARN",
            fmt::mib(asked),
            fmt::mib(asked - nm.memory_mib),
            fmt::mib(nm.memory_mib)
        )
    } else if p.request.cores > nm.vcores {
        format!(
            "{} cores per executor, {} more than a core node's {} vcores",
            p.request.cores,
            p.request.cores - nm.vcores,
            nm.vcores
        )
    } else if p.am.node.is_none() {
        "the ApplicationMaster does not fit a core node".to_string()
    } else {
        format!(
            "no core node has {} free",
            fmt::mib(p.request.granted.memory_mib)
        )
    }
}

/// How many of the requested executors run when not all do, in one sentence (the embed card
/// shows it under its headline; the page adds the nearest shapes that fit).
fn emr_shortfall_sentence(p: &EmrPlan) -> String {
    if p.requested == 0 {
        "No executors are asked for (spark.executor.instances is 0), so none runs.".to_string()
    } else if p.launched_executors == 0 {
        format!(
            "None of the {} runs: {}.",
            fmt::count(
                u64::from(p.requested),
                "requested executor",
                "requested executors"
            ),
            nothing_fits_reason(p)
        )
    } else {
        let merged = match p.launched.first() {
            Some(l) if l.merged > 1 => format!(
                " (merged into {})",
                fmt::count(u64::from(p.launched_executors), "executor", "executors")
            ),
            _ => String::new(),
        };
        format!(
            "Only {} of the {} requested executors run{merged}: {} pending.",
            p.covered_requests,
            p.requested,
            fmt::count(u64::from(p.pending_requests), "stays", "stay")
        )
    }
}

/// When fewer executors run than were asked for: by how much, and the nearest shapes that fit
/// (the planner's numbers). The exports keep what was asked.
fn emr_shortfall(p: &EmrPlan) -> String {
    let Some(f) = &p.shortfall else {
        return String::new();
    };
    let mut text = emr_shortfall_sentence(p);
    let nearest: Vec<String> = f
        .nearest
        .iter()
        .filter_map(|n| {
            let (shape, why) = match n {
                Nearest::LargestThatFits(s) => (s, "the largest heap that fits"),
                Nearest::Fewer(s) => (s, "as many as fit"),
                Nearest::SmallerHeap(s) => (s, "all of them, with a smaller heap"),
                _ => return None,
            };
            Some(format!("{} ({why})", fitting_words(shape)))
        })
        .collect();
    if !nearest.is_empty() {
        text.push_str(&format!(" Nearest that fits: {}.", nearest.join("; or ")));
    }
    let severity = if p.launched_executors == 0 {
        Severity::Error
    } else {
        Severity::Warning
    };
    let mut out = format!(
        r#"<p class="sev sev-{} refusal" id="emr-shortfall" role="status"><span class="sev-word">{}</span> "#,
        severity.as_str(),
        severity.word()
    );
    html::push_escaped(&mut out, &text);
    out.push_str("</p>");
    out
}

/// Warnings shown above the fold besides every error; the rest are in the Warnings section.
const ALERTS_ABOVE_THE_FOLD: usize = 2;

/// The errors and the first warnings, above the fold, with a link to the others (the shortfall
/// already says what `fewer-executors-fit` says).
fn emr_alerts(p: &EmrPlan) -> String {
    let all: Vec<Warning> = planner::emr::warnings(p)
        .into_iter()
        .filter(|w| w.severity != planner::Severity::Info)
        .filter(|w| !(p.shortfall.is_some() && w.code == planner::Code::FewerExecutorsFit))
        .collect();
    if all.is_empty() {
        return String::new();
    }
    let errors = all
        .iter()
        .filter(|w| w.severity == planner::Severity::Error)
        .count();
    let shown = all.len().min(errors + ALERTS_ABOVE_THE_FOLD);
    let more = all.len() - shown;
    let mut out = results::warning_list(&all[..shown], "emr-alerts");
    if more > 0 {
        out.push_str(&format!(
            r##"<p class="sub" id="emr-more-warnings"><a href="#warnings-section">{more} more {} in Warnings below</a></p>"##,
            if more == 1 { "warning" } else { "warnings" }
        ));
    }
    out
}

/// EMR sections below the answer, as HTML.
pub fn emr_details(p: &EmrPlan) -> String {
    let mut cells: Vec<[String; 5]> = p
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
    if cells.is_empty() {
        cells.push(["0".into(), "—".into(), "—".into(), "—".into(), "—".into()]);
    }
    let mut out = String::from(
        r#"<section class="card" id="emr-launched"><h2>Requested vs launched</h2><div class="table-scroll" tabindex="0" role="region" aria-label="Requested vs launched"><table class="compare"><thead><tr><th scope="col">Executors</th><th scope="col">Requests each</th><th scope="col">Container</th><th scope="col">Cores</th><th scope="col">Heap + overhead</th></tr></thead><tbody>"#,
    );
    for row in cells {
        out.push_str("<tr>");
        for cell in row {
            html::text(&mut out, "td", "", &cell);
        }
        out.push_str("</tr>");
    }
    out.push_str(r#"</tbody></table></div><h3 class="subhead">Driver log (as YarnAllocator would write it)</h3><pre class="submit" id="driver-log" tabindex="0" role="region" aria-label="Driver log"><code>"#);
    html::push_code_lines(&mut out, &emr_exports::driver_log(p).join("\n"));
    out.push_str("</code></pre></section>");
    card(
        &mut out,
        "layout-section",
        "Per-node layout (EMR)",
        &layout::groups_view(
            &p.layout,
            layout::yarn_words(p.scheduler.calculator),
            layout::legend(false, false),
        ),
    );
    working_and_warnings(
        &mut out,
        &planner::emr::working_steps(p),
        &planner::explorer::emr_findings(p),
    );
    out.push_str(&results::driver_section(&Scenario::Emr(p.settings)));
    out
}
