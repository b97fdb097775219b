//! End-to-end tests of the Kubernetes and Amazon EMR pages: seed 002's and seed 003's presets,
//! the heterogeneous-executors toggle, the exports, and switching cluster manager with Back.
//! Expected numbers come from the planner core where it computes them, and from the seeds where
//! they are documented.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::app::{group, Headline};
use common::Browser;
use planner::emr::{plan_emr, EmrInput};
use planner::k8s::{plan_k8s, K8sInput};
use planner::presets::k8s_preset;

fn heap(mib: u64) -> String {
    if mib.is_multiple_of(1024) {
        format!("{} GiB", mib / 1024)
    } else {
        format!("{} MiB", group(mib))
    }
}

#[tokio::test]
async fn kubernetes_seed_002_keeps_task_slots_on_a_quarter_of_the_cpus() {
    let b = Browser::open("k8s").await;
    b.open_plan("v=1&cm=k8s").await;
    let full = plan_k8s(&K8sInput::default()).expect("plans");
    b.wait_for_headline(&Headline::new(16, 2, "6 GiB")).await;
    assert_eq!(full.totals.executors, 16);
    let sub = b
        .wait_for_text_containing("#k8s-sub", &["32 task slots", "6758Mi", "33 CPU requested"])
        .await;
    assert!(sub.contains("requests 2 CPU"), "{sub}");

    // The same job with spark.kubernetes.executor.request.cores = 0.5, its button named as the
    // planner names it.
    let half = k8s_preset("k8s-seed002-half").expect("preset");
    assert_eq!(b.text("#preset-seed002-half").await.trim(), half.name);
    b.click("#preset-seed002-half").await;
    b.wait_for_query("v=1&cm=k8s&rq=0.5").await;
    b.wait_for_text_containing("#k8s-sub", &["32 task slots", "0.5 CPU", "9 CPU requested"])
        .await;
    b.wait_for_text_containing("#k8s-yaml", &["coreRequest: \"0.5\"", "instances: 16"])
        .await;
    let submit = b.text("#submit").await;
    assert!(
        submit.contains("spark.kubernetes.executor.request.cores=0.5"),
        "{submit}"
    );

    // The layout: every group's executor pods as the planner spreads them.
    let plan = plan_k8s(&half.input).expect("plans");
    let groups = b.count("#layout .node").await;
    assert_eq!(groups, plan.layout.len());
    for g in &plan.layout {
        let css = format!("#layout .node[data-first='{}']", g.first_node);
        assert_eq!(
            b.attr(&css, "data-executors").await.as_deref(),
            Some(g.executors_per_node().to_string().as_str())
        );
        let cpu_execs = b
            .count(&format!("{css} svg.corebar svg.seg[data-kind='executor']"))
            .await;
        assert_eq!(cpu_execs as u32, g.executors_per_node());
    }
    // Bad values: each field says what is wrong in place, the answer lists them, and fixing
    // them brings the plan back.
    b.type_into("#f-rq", "two").await;
    b.type_into("#f-n", "0").await;
    let invalid = b
        .wait_for_text_containing(
            "#invalid",
            &[
                "spark.kubernetes.executor.request.cores: \"two\"",
                "Nodes is 0; allowed: 1 to 100\u{202f}000",
            ],
        )
        .await;
    assert!(invalid.contains("Fix 2 fields"), "{invalid}");
    assert_eq!(
        b.attr("#f-rq", "aria-invalid").await.as_deref(),
        Some("true")
    );
    assert_eq!(
        b.attr("#f-n", "aria-invalid").await.as_deref(),
        Some("true")
    );
    b.type_into("#f-rq", "500m").await;
    b.type_into("#f-n", "8").await;
    b.wait_for_headline(&Headline::new(16, 2, "6 GiB")).await;
    b.wait_for_text_containing("#k8s-sub", &["0.5 CPU", "9 CPU requested"])
        .await;
    b.assert_all_requests_local().await;
    b.assert_clean_console();
    b.close().await;
}

#[tokio::test]
async fn emr_seed_003_merges_requests_and_the_toggle_turns_it_off() {
    let b = Browser::open("emr").await;
    b.open_plan("v=1&cm=emr").await;
    // Seed 003's driver log: 50 requested at 22528 MiB / 4 vcores became 9 executors of
    // 112640 MiB and 20 cores with 94854m of heap plus 17786m overhead.
    b.wait_for_headline(&Headline::new(9, 20, &heap(94854)))
        .await;
    b.wait_for_text_containing(
        "#emr-sub",
        &["50 requested", "22\u{202f}528 MiB", "5 pending"],
    )
    .await;
    b.wait_for_text_containing(
        "#driver-log",
        &[
            "memory:22528",
            "vCores:4",
            "<memory:112640, vCores:5>",
            "94854m of heap (plus 17786m overhead) and 20 cores",
        ],
    )
    .await;
    assert!(b.exists("#emr-model").await, "the page says it is a model");
    b.wait_for_text_containing("#emr-json", &["\"Classification\"", "spark-defaults"])
        .await;
    assert_eq!(
        b.attr("#het-on", "aria-pressed").await.as_deref(),
        Some("true")
    );

    // Heterogeneous executors off: containers as requested.
    b.click("#het-off").await;
    b.wait_for_query("v=1&cm=emr&het=0").await;
    let off = plan_emr(&EmrInput {
        heterogeneous_executors: false,
        ..EmrInput::default()
    })
    .expect("plans");
    b.wait_for_headline(&Headline::new(off.launched_executors, 4, &heap(18971)))
        .await;
    assert_eq!(
        b.attr("#het-off", "aria-pressed").await.as_deref(),
        Some("true")
    );
    let groups = b.count("#layout .node").await;
    assert_eq!(groups, off.layout.len());

    // The master node: a client-mode driver larger than an m5.xlarge leaves to applications
    // is flagged; a larger master type clears it. Instance types are offered as suggestions.
    assert_eq!(
        b.count("#f-mt-types option").await,
        planner::emr::instance_types().len()
    );
    b.type_into("#f-dm", "16g").await;
    b.wait_for_js(
        "the driver-above-master warning",
        "document.querySelector(\"#warnings li[data-code='driver-above-master']\") !== null",
    )
    .await;
    b.wait_for_text_containing("#warnings", &["m5.xlarge"])
        .await;
    b.type_into("#f-mt", "r5.xlarge").await;
    b.wait_for_js(
        "the link carries the master type",
        "location.search.includes('mt=r5.xlarge')",
    )
    .await;
    b.wait_for_js(
        "the driver-above-master warning to go",
        "document.querySelector(\"#warnings li[data-code='driver-above-master']\") === null",
    )
    .await;
    b.wait_for_text_containing("#working", &["r5.xlarge: 4 vCPUs and 32 GiB"])
        .await;
    b.assert_clean_console();
    b.close().await;
}

#[tokio::test]
async fn switching_cluster_manager_pushes_history_and_back_returns() {
    let b = Browser::open("managers").await;
    b.open_plan("").await;
    b.wait_for_headline(&Headline::new(17, 5, "19 GiB")).await;
    b.click("#cm-k8s").await;
    b.wait_for_query("v=1&cm=k8s").await;
    b.wait_for_headline(&Headline::new(16, 2, "6 GiB")).await;
    b.click("#cm-emr").await;
    b.wait_for_query("v=1&cm=emr").await;
    b.wait_for_headline(&Headline::new(9, 20, &heap(94854)))
        .await;
    b.js("history.back(); return true;").await;
    b.wait_for_headline(&Headline::new(16, 2, "6 GiB")).await;
    b.js("history.back(); return true;").await;
    b.wait_for_headline(&Headline::new(17, 5, "19 GiB")).await;
    // Old links (no cm) still open as YARN.
    b.open_plan("v=1&c=32").await;
    b.wait_for_headline(&Headline::new(36, 5, "9 GiB")).await;
    b.assert_clean_console();
    b.close().await;
}
