//! End-to-end tests of the Kubernetes and Amazon EMR pages: seed 002's and seed 003's presets,
//! the heterogeneous-executors toggle, the exports, and switching cluster manager with Back.
//! Expected numbers come from the planner core where it computes them, and from the seeds where
//! they are documented.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::app::{group, Headline};
use common::Browser;
use planner::emr::{instance_type, plan_emr, EmrInput};
use planner::k8s::{plan_k8s, K8sInput};
use planner::presets::k8s_preset;
use planner::shortfall::Nearest;

fn heap(mib: u64) -> String {
    if mib.is_multiple_of(1024) {
        format!("{} GiB", mib / 1024)
    } else {
        format!("{} MiB", group(mib))
    }
}

/// One pod of one core: the headline and the line under it count in the singular.
#[tokio::test]
async fn one_executor_pod_of_one_core_is_said_in_the_singular() {
    let b = Browser::open("k8s-one").await;
    b.open_plan("v=1&cm=k8s&cpe=1&n=1&cnt=1").await;
    let headline = b
        .wait_for_text_containing("#headline", &["× 1 core ×"])
        .await;
    assert!(
        headline.starts_with("1 executor pod × 1 core × "),
        "{headline}"
    );
    let sub = b
        .wait_for_text_containing("#k8s-sub", &["1 task slot ·"])
        .await;
    assert!(!sub.contains("1 task slots"), "{sub}");
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

/// Seed 003's answer above the fold: the advice (what to ask for, as the command asks it), what
/// EMR runs with it, the shortfall with the nearest shapes that fit (the planner's numbers: 45
/// as asked, or 50 with at most 17 247 MiB of heap) and the warnings that matter.
async fn assert_seed_003_answer(b: &Browser) {
    b.wait_for_text_containing(
        "#emr-ask",
        &[
            "You ask for",
            "50 executors × 4 cores × 18\u{202f}971 MiB heap",
        ],
    )
    .await;
    assert!(b.text("#headline").await.starts_with("EMR runs"));
    b.wait_for_text_containing(
        "#emr-sub",
        &[
            "merge up to 5 requests",
            "22\u{202f}528 MiB",
            "45 of the 50 requests run, 5 pending",
        ],
    )
    .await;
    // Fewer run than asked: said above the fold with the nearest shapes that fit (the
    // planner's numbers: 45 as asked, or 50 with at most 17 247 MiB of heap).
    b.wait_for_text_containing(
        "#emr-shortfall",
        &[
            "Only 45 of the 50 requested executors run (merged into 9 executors): 5 stay pending",
            "45 × 4 cores × 18\u{202f}971 MiB",
            "50 × 4 cores × 17\u{202f}247 MiB",
        ],
    )
    .await;
    // The warnings that matter are above the fold too.
    // (20 cores per executor is a note on EMR, below: S3 is not limited as HDFS is.)
    b.wait_for_text_containing("#plan-alerts", &["92.6 GiB heap per executor"])
        .await;
    assert_eq!(b.count("#plan-alerts li").await, 2);
    assert!(!b.exists("#more-warnings").await);
}

#[tokio::test]
async fn emr_seed_003_merges_requests_and_the_toggle_turns_it_off() {
    let b = Browser::open("emr").await;
    b.open_plan("v=1&cm=emr").await;
    // Seed 003's driver log: 50 requested at 22528 MiB / 4 vcores became 9 executors of
    // 112640 MiB and 20 cores with 94854m of heap plus 17786m overhead.
    b.wait_for_headline(&Headline::new(9, 20, &heap(94854)))
        .await;
    assert_seed_003_answer(&b).await;
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
    // The heterogeneous-executors setting is on the page once: the form's.
    assert!(!b.exists("#het-on").await && !b.exists("#het-off").await);
    assert_eq!(b.value("#f-het").await, "1");

    // Heterogeneous executors off: containers as requested.
    b.select("#f-het", "0").await;
    b.wait_for_query("v=1&cm=emr&het=0").await;
    let off = plan_emr(&EmrInput {
        heterogeneous_executors: false,
        ..EmrInput::default()
    })
    .expect("plans");
    b.wait_for_headline(&Headline::new(off.launched_executors, 4, &heap(18971)))
        .await;
    assert_eq!(b.value("#f-het").await, "0");
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
    // EMR opens on a plan that runs as asked (issue 28.5), not seed 003's merge story.
    let opening = planner::url::scenario_to_query(&planner::scenario::Scenario::opening_for(
        planner::ClusterManager::Emr,
    ));
    b.wait_for_query(&opening).await;
    b.wait_for_headline(&Headline::new(45, 3, "20 GiB")).await;
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

/// Full-page screenshots of the current state at 1280 and 375 px, light and dark, to
/// `target/screenshots/<name>[-dark]-<width>.png`; the page must not scroll sideways.
async fn screenshots(b: &Browser, name: &str) {
    for scheme in ["light", "dark"] {
        b.set_color_scheme(scheme).await;
        let suffix = if scheme == "dark" { "-dark" } else { "" };
        for width in [1280, 375] {
            // The first screen (the answer above the fold), then the whole page.
            b.js("window.scrollTo(0, 0); return true;").await;
            b.screenshot(&format!("{name}{suffix}-top"), width).await;
            b.screenshot_full_page(&format!("{name}{suffix}"), width)
                .await;
            assert!(
                !b.overflows_horizontally().await,
                "{name} ({scheme}) scrolls sideways at {width} px: {:?}",
                b.elements_past_right_edge().await
            );
        }
    }
    b.set_color_scheme("light").await;
    b.set_viewport(1280, 900).await;
}

#[tokio::test]
async fn emr_takes_current_instance_families_and_a_custom_instance() {
    let b = Browser::open("emr-custom").await;
    b.open_plan("v=1&cm=emr").await;
    // Custom fields show only for a custom instance.
    assert!(!b.field_shown("ivc").await);
    // m6i.4xlarge (the release guide: 54 272 MiB for YARN) plans; no "not an instance type".
    b.type_into("#f-it", "m6i.4xlarge").await;
    b.wait_for_query("v=1&cm=emr&it=m6i.4xlarge").await;
    let m6i = plan_emr(&EmrInput {
        instance: instance_type("m6i.4xlarge").expect("listed"),
        ..EmrInput::default()
    })
    .expect("plans");
    let top = m6i.launched[0];
    b.wait_for_headline(&Headline::new(
        m6i.launched_executors,
        top.cores,
        &heap(top.heap_mib),
    ))
    .await;
    // The working is prose: numbers of 10 000 and above in thin-space groups.
    b.wait_for_text_containing("#working", &["EMR gives YARN 54\u{202f}272 MiB"])
        .await;
    assert!(b.field_error("it").await.is_empty());

    // Custom: the three numbers appear, filled with the m6i.4xlarge's, and the plan holds.
    b.type_into("#f-it", "custom").await;
    b.wait_for_query("v=1&cm=emr&it=custom&ivc=16&imem=64&inm=54272")
        .await;
    assert!(b.field_shown("ivc").await && b.field_shown("inm").await);
    assert_eq!(b.value("#f-inm").await, "54272");
    b.wait_for_headline(&Headline::new(
        m6i.launched_executors,
        top.cores,
        &heap(top.heap_mib),
    ))
    .await;
    // A type the table does not have (say 32 vCPUs, 256 GiB, 240 000 MiB for YARN).
    b.type_into("#f-ivc", "32").await;
    b.type_into("#f-imem", "256").await;
    b.type_into("#f-inm", "240000").await;
    b.wait_for_query("v=1&cm=emr&it=custom&ivc=32&imem=256&inm=240000")
        .await;
    let mut custom = instance_type("m6i.4xlarge").expect("listed").as_custom();
    (custom.vcpus, custom.memory_gib, custom.nodemanager_mb) = (32, 256, 240000);
    let p = plan_emr(&EmrInput {
        instance: custom,
        ..EmrInput::default()
    })
    .expect("plans");
    let top = p.launched[0];
    b.wait_for_headline(&Headline::new(
        p.launched_executors,
        top.cores,
        &heap(top.heap_mib),
    ))
    .await;
    b.wait_for_text_containing("#working", &["9 × custom instance: 32 vCPUs and 256 GiB"])
        .await;
    screenshots(&b, "emr-custom-instance").await;

    // YARN's memory above the instance's own is refused at its field.
    b.type_into("#f-inm", "300000").await;
    b.wait_for_text_containing("#err-inm", &["300\u{202f}000 MiB", "1 MiB to 256 GiB"])
        .await;
    b.assert_clean_console();
    b.close().await;
}

#[tokio::test]
async fn an_impossible_emr_plan_says_so_and_keeps_the_request() {
    let b = Browser::open("emr-impossible").await;
    b.open_page("/?v=1&cm=emr&em=200g", "#emr-shortfall").await;
    let p = plan_emr(&EmrInput {
        executor_memory_mib: 200 * 1024,
        ..EmrInput::default()
    })
    .expect("plans");
    let f = p.shortfall.expect("nothing fits");
    let [Nearest::LargestThatFits(largest), Nearest::SmallerHeap(all)] = f.nearest[..] else {
        panic!("{:?}", f.nearest)
    };
    // No headline of 0 executors: it says nothing runs, why, by how much, and what fits.
    assert!(b.headline().await.is_none());
    assert!(b.text("#headline").await.contains("nothing"));
    b.wait_for_text_containing(
        "#emr-shortfall",
        &[
            "None of the 50 requested executors runs",
            "each container needs 243\u{202f}200 MiB, 120\u{202f}320 MiB more than the 122\u{202f}880 MiB a core node gives YARN",
            &format!("{} × 4 cores × {}", largest.executors, heap(largest.heap_mib)),
            &format!("50 × 4 cores × {}", heap(all.heap_mib)),
        ],
    )
    .await;
    assert_eq!(
        b.attr("#emr-shortfall", "class").await.as_deref(),
        Some("sev sev-error refusal")
    );
    // The exports keep what was asked.
    let submit = b.submit_words().await.join(" ");
    assert!(submit.contains("--num-executors 50"), "{submit}");
    assert!(submit.contains("--executor-memory 200g"), "{submit}");
    screenshots(&b, "emr-impossible").await;

    // Nothing asked for and dynamic allocation off: said so, with how many of this shape the
    // cluster holds (with it on, EMR's default, it adds them: issue 28.2).
    b.open_page("/?v=1&cm=emr&cnt=0&dyn=0", "#emr-shortfall")
        .await;
    b.wait_for_text_containing(
        "#emr-shortfall",
        &[
            "No executors are asked for",
            "45 × 4 cores × 18\u{202f}971 MiB",
        ],
    )
    .await;
    assert!(b
        .submit_words()
        .await
        .join(" ")
        .contains("--num-executors 0"));
    // With dynamic allocation on it adds what the cluster holds: what runs heads the answer.
    b.open_page("/?v=1&cm=emr&cnt=0", "#hl-executors").await;
    b.wait_for_headline(&Headline::new(9, 20, &heap(94854)))
        .await;
    assert!(!b.exists("#emr-shortfall").await);
    // A client-mode driver the m5.xlarge master cannot hold: nothing starts, said first.
    b.open_page("/?v=1&cm=emr&dm=500g", "#hl-none").await;
    b.wait_for_text_containing("#hl-none", &["The driver does not fit the master node"])
        .await;
    b.wait_for_text_containing("#emr-shortfall", &["m5.xlarge"])
        .await;
    b.assert_clean_console();
    b.close().await;
}

/// The allocatable CPU and memory the page shows for a planned node (`15 890m`, `57 691 MiB`).
fn allocatable_texts(input: &K8sInput) -> (String, String) {
    let (n, _) = planner::k8s::planned_nodes(&input.nodes).expect("valid nodes");
    (
        format!("{}m", group(n.capacity_cpu_millis - n.reserved_cpu_millis)),
        format!(
            "{} MiB",
            group(n.capacity_memory_mib - n.reserved_memory_mib)
        ),
    )
}

#[tokio::test]
async fn kubernetes_providers_reserve_by_their_published_formulas() {
    let b = Browser::open("providers").await;
    b.open_plan("v=1&cm=k8s").await;
    b.wait_for_headline(&Headline::new(16, 2, "6 GiB")).await;
    // Custom: the typed reservations, as before providers (16000 − 180; 65536 − 2662).
    b.wait_for_text_containing(
        "#node-reservation",
        &["custom", "15\u{202f}820m", "62\u{202f}874 MiB"],
    )
    .await;
    assert!(b.exists("#f-krcpu").await);
    // Seed 002's job on each provider's typical node; allocatable worked by hand in
    // crates/planner/tests/providers.md and pinned here.
    let cases = [
        (
            "eks",
            "m5.4xlarge",
            "Amazon EKS",
            "15\u{202f}890m",
            "57\u{202f}691 MiB",
        ),
        (
            "gke",
            "n2-standard-16",
            "Google GKE",
            "15\u{202f}890m",
            "59\u{202f}824 MiB",
        ),
        (
            "aks",
            "Standard_D16s_v5",
            "Azure AKS",
            "15\u{202f}740m",
            "60\u{202f}386 MiB",
        ),
    ];
    for (provider, node_type, name, cpu, memory) in cases {
        let preset = k8s_preset(&format!("k8s-seed002-{provider}")).expect("preset");
        assert_eq!(
            allocatable_texts(&preset.input),
            (cpu.to_string(), memory.to_string())
        );
        b.click(&format!("#preset-seed002-{provider}")).await;
        b.wait_for_query(&format!("v=1&cm=k8s&kp={provider}&knt={node_type}"))
            .await;
        b.wait_for_text_containing("#node-reservation", &[name, node_type, cpu, memory])
            .await;
        // The capacity kubectl describe node shows can be typed for a managed node.
        assert!(b.exists("#f-kmemr").await);
        b.wait_for_text_containing(
            "#working",
            &[
                "kube-reserved",
                "system-reserved",
                "Eviction threshold",
                "Allocatable",
            ],
        )
        .await;
        b.wait_for_headline(&Headline::new(16, 2, "6 GiB")).await;
        // The typed reservations do not apply: their fields are hidden.
        b.wait_for_js(
            "the typed reservation fields hidden",
            "document.querySelector('#f-krcpu').closest('.field').classList.contains('hidden')",
        )
        .await;
    }
    b.wait_for_text_containing("#node-source", &["AKS 1.29 and later"])
        .await;
    b.assert_clean_console();
    b.close().await;
}

#[tokio::test]
async fn a_kubernetes_provider_chosen_in_the_form_and_an_old_link() {
    let b = Browser::open("provider-form").await;
    // Choosing in the form: GKE with a typed shape, then a machine type from the suggestions.
    b.open_plan("v=1&cm=k8s").await;
    b.wait_for_headline(&Headline::new(16, 2, "6 GiB")).await;
    b.select("#f-kp", "gke").await;
    b.wait_for_query("v=1&cm=k8s&kp=gke").await;
    // 16 CPU and 64 GiB typed: GKE's bands give the same as n2-standard-16.
    b.wait_for_text_containing("#node-reservation", &["Google GKE", "59\u{202f}824 MiB"])
        .await;
    assert!(b.count("#f-knt-types option").await >= 3);
    b.type_into("#f-knt", "n2-highmem-16").await;
    b.wait_for_query("v=1&cm=k8s&kp=gke&knt=n2-highmem-16")
        .await;
    // 131072 − 9544 − 100.
    b.wait_for_text_containing("#node-reservation", &["121\u{202f}428 MiB"])
        .await;
    // An EKS instance type is refused on GKE, at its field.
    b.type_into("#f-knt", "m5.4xlarge").await;
    b.wait_for_attr("#f-knt", "aria-invalid", "true").await;
    b.wait_for_text_containing("#invalid", &["m5.4xlarge"])
        .await;
    // An old link opens as custom with the same numbers.
    b.open_plan("v=1&cm=k8s&krcpu=250m&krmem=3000&n=4").await;
    b.wait_for_text_containing(
        "#node-reservation",
        &["custom", "15\u{202f}750m", "62\u{202f}536 MiB"],
    )
    .await;
    b.assert_clean_console();
    b.close().await;
}

/// Issue 27, item 14: the Kubernetes form holds the driver's own overhead and factor
/// (`spark.driver.memoryOverhead`, `spark.driver.memoryOverheadFactor`) in cluster mode, and
/// the driver pod is as Spark writes it: 22g + 4g = 26624Mi (the oracle vector
/// `k8s-x-java-cluster driver.memoryOverhead=4g driver22g exec8g`).
#[tokio::test]
async fn the_kubernetes_driver_pod_takes_its_own_overhead() {
    let b = Browser::open("k8s-driver-overhead").await;
    b.open_plan("v=1&cm=k8s&dm=22528&dovh=4096").await;
    assert!(b.field_shown("dovh").await && b.field_shown("dof").await);
    let values = b.field_values().await;
    assert!(
        values.contains(&("dovh".to_string(), "4g".to_string())),
        "{values:?}"
    );
    let input = planner::url::scenario_from_query("v=1&cm=k8s&dm=22528&dovh=4096").scenario;
    let planner::scenario::Scenario::Kubernetes(input) = input else {
        unreachable!()
    };
    let plan = plan_k8s(&input).expect("plans");
    assert_eq!(plan.driver.expect("a driver pod").memory_mib(), 26_624);
    b.wait_for_text_containing("body", &["26624Mi"]).await;
    // Client mode has no driver pod: the fields are hidden.
    b.open_plan("v=1&cm=k8s&mode=client").await;
    assert!(!b.field_shown("dovh").await && !b.field_shown("dof").await);
    b.open_plan("v=1&cm=k8s&dm=22528&dovh=4096").await;
    b.js("document.getElementById('f-dovh').scrollIntoView(); return true;")
        .await;
    for width in [1280, 375] {
        b.screenshot("k8s-driver-overhead-field", width).await;
    }
    b.assert_clean_console();
    b.close().await;
}
