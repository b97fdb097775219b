//! End-to-end tests of a GPU plan: a link with GPUs opens the GPUs fields open and plans with
//! them (the headline's executors as the planner's view says, the GPUs binding the executors
//! per node), each node's GPUs are drawn beside its memory and cores, the configuration to paste
//! asks for them, a fraction Spark refuses is named at its field in Spark's words, and the page
//! reads at 1280 and 375 px, light and dark (screenshots `gpus-*`).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::Browser;
use planner::scenario::plan;
use planner::url::scenario_from_query;

/// 4 nodes of 32 cores, 256 GiB and 4 GPUs; executors of 4 cores and 1 GPU, 4 tasks sharing it.
const QUERY: &str = "v=1&n=4&c=32&m=256&gpn=4&cpe=4&egpu=1&tgpu=0.25";

fn native_view(query: &str) -> planner::view::View {
    let s = scenario_from_query(query).scenario;
    planner::view::build(&s, &plan(&s))
}

#[tokio::test]
async fn a_gpu_plan_is_placed_drawn_and_exported_with_its_gpus() {
    let v = native_view(QUERY);
    let p = v.selected().expect("a plan");
    let browser = Browser::open("gpus").await;
    browser
        .open_page(&format!("/?{QUERY}"), "#hl-executors")
        .await;
    browser
        .wait_for_text("#hl-executors", &p.executors_running.to_string())
        .await;
    // A link that asks for GPUs opens their fields.
    assert_eq!(
        browser.attr("#gpus-load", "open").await.as_deref(),
        Some("true")
    );
    assert_eq!(browser.value("#f-egpu").await, "1");
    assert_eq!(browser.value("#f-tgpu").await, "0.25");
    // Each node's GPUs drawn: 4 executors holding one each, none idle.
    let bars = browser.count("#layout svg.gpubar").await;
    assert_eq!(bars, p.layout.len(), "a GPU bar per node group");
    let held = browser
        .count("#layout svg.gpubar .seg[data-kind=executor]")
        .await;
    let expected: u32 = p.layout.iter().map(|g| g.executors_per_node).sum();
    assert_eq!(held, expected as usize);
    assert_eq!(
        browser
            .count("#layout svg.gpubar .seg[data-kind=free]")
            .await,
        0
    );
    let label = browser.attr("#layout svg.gpubar", "aria-label").await;
    assert_eq!(label.as_deref(), Some("Node 1: GPUs, 4 of 4 held"));
    // The configuration asks for them.
    let submit = browser.text("#submit").await;
    for key in [
        "spark.executor.resource.gpu.amount=1",
        "spark.task.resource.gpu.amount=0.25",
        "spark.executor.resource.gpu.discoveryScript=",
    ] {
        assert!(submit.contains(key), "{key} in {submit}");
    }
    browser.screenshots_of("layout", "gpus-layout").await;
    for (width, scheme) in [
        (1280, "light"),
        (1280, "dark"),
        (375, "light"),
        (375, "dark"),
    ] {
        browser.set_color_scheme(scheme).await;
        browser.set_viewport(width, 900).await;
        browser
            .js("document.getElementById('layout').scrollIntoView(); return 0;")
            .await;
        browser.screenshot(&format!("gpus-{scheme}"), width).await;
        assert!(
            !browser.overflows_horizontally().await,
            "{width} px {scheme}"
        );
    }
    browser.assert_clean_console();
    browser.close().await;
}

#[tokio::test]
async fn a_gpu_fraction_spark_refuses_is_named_at_its_field() {
    let browser = Browser::open("gpus-refused").await;
    browser
        .open_page(&format!("/?{QUERY}"), "#hl-executors")
        .await;
    browser.type_into("#f-tgpu", "0.6").await;
    let said = browser
        .wait_for_text_containing(
            "#answer",
            &["The resource amount 0.6 must be either <= 0.5, or a whole number."],
        )
        .await;
    assert!(said.contains("spark.task.resource.gpu.amount"), "{said}");
    assert_eq!(
        browser.attr("#f-tgpu", "aria-invalid").await.as_deref(),
        Some("true")
    );
    browser.close().await;
}
