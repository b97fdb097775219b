//! End-to-end tests of what the check says where settings for another cluster manager are
//! pasted (the hint to switch the form, once, under the headline, citing the line that shows
//! the other manager), what
//! "Use these settings" puts into the form (the planner's sentence beside the button), and
//! `spark.kubernetes.memoryOverheadFactor` on Kubernetes (its field on the form, the pods it
//! sizes, and "Use these settings" carrying it into the link). Expected words and numbers come
//! from the planner's own check of the same text. Screenshots at 1280 and 375 px, light and dark.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::Browser;
use planner::check::{check, link, read, use_these_settings, words};
use planner::scenario::Scenario;
use planner::url::{scenario_from_query, scenario_to_query};

const MANIFEST: &str = "apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\n\
spec:\n  type: Scala\n  mode: cluster\n  executor:\n    cores: 2\n    instances: 4\n    \
memory: 4g\n";

/// Only the Kubernetes factor: executor pods of 10240 + 2048 MiB, the driver 4096 + 819.
const KUBERNETES_FACTOR: &str = "spark.submit.deployMode cluster\nspark.executor.instances 2\n\
spark.executor.memory 10g\nspark.driver.memory 4g\nspark.kubernetes.memoryOverheadFactor 0.2\n";

async fn paste(b: &Browser, text: &str) -> String {
    if b.attr("#check-details", "open").await.is_none() {
        b.click("#check-details > summary").await;
    }
    let value = serde_json::to_string(text).expect("a JSON string");
    b.js(&format!(
        "const t = document.getElementById('check-text'); t.value = {value}; \
         t.dispatchEvent(new Event('input', {{bubbles: true}})); return true;"
    ))
    .await;
    b.wait_for_text_containing("#check-headline", &["run here"])
        .await
}

async fn screenshots(b: &Browser, name: &str) {
    b.screenshots_of("check", name).await;
}

#[tokio::test]
async fn a_manifest_on_yarn_says_first_to_switch_the_form_and_what_use_these_settings_moves() {
    let b = Browser::open("check-switch").await;
    b.open_plan("").await;
    paste(&b, MANIFEST).await;
    let form = Scenario::default();
    let c = check(MANIFEST, &form);
    let hint = words::switch_hint(&c).expect("a hint");
    assert!(hint.contains("switch the form to Kubernetes"), "{hint}");
    // Under the headline, with the manifest's kind: line; not again among the findings.
    assert!(hint.starts_with("Line 2: "), "{hint}");
    b.wait_for_text_containing("#check-switch", &[&hint]).await;
    let findings = b.text("#check-findings").await;
    assert!(!findings.contains("switch the form"), "{findings}");
    // Beside "Use these settings": what moves into the form, from the planner.
    let note = b.text("#check-use + .muted").await;
    assert!(
        note.starts_with(&words::use_these_settings_note(&c)),
        "{note}"
    );
    screenshots(&b, "check-switch").await;
    b.assert_clean_console();
    b.close().await;
}

#[tokio::test]
async fn the_kubernetes_overhead_factor_sizes_the_pods_and_use_these_settings_carries_it() {
    let b = Browser::open("check-kmof").await;
    b.open_plan("v=1&cm=k8s").await;
    assert!(b.field_shown("kmof").await);
    paste(&b, KUBERNETES_FACTOR).await;
    // By hand: 10240 + 0.2 × 10240 = 12288 MiB; 4096 + (0.2 × 4096 = 819) = 4915 MiB.
    b.wait_for_text_containing(
        "#check-containers",
        &["Executor pod: 12288Mi memory", "Driver pod: 4915Mi memory"],
    )
    .await;
    let findings = b.text_opt("#check-findings").await.unwrap_or_default();
    assert!(!findings.contains("left out"), "{findings}");
    let form = scenario_from_query("v=1&cm=k8s").scenario;
    let used = use_these_settings(KUBERNETES_FACTOR, &form);
    let query = scenario_to_query(&used);
    assert!(query.contains("kmof=0.2"), "{query}");
    b.click("#check-use").await;
    let ck = link::encode(&read(KUBERNETES_FACTOR)).value;
    b.wait_for_query(&format!("{query}&ck={ck}")).await;
    assert_eq!(b.value("#f-kmof").await, "0.2");
    screenshots(&b, "check-kmof").await;
    b.assert_clean_console();
    b.close().await;
}

/// Seed 003's requests with 6000 MiB of explicit executor overhead, as a spark-submit command.
const EMR_OVERHEAD: &str = "spark-submit --master yarn --num-executors 50 --executor-cores 4 \
--executor-memory 18971m --conf spark.executor.memoryOverhead=6000m app.py\n";

#[tokio::test]
async fn an_explicit_overhead_on_emr_sizes_the_requests_and_use_these_settings_carries_it() {
    let b = Browser::open("check-emr-overhead").await;
    b.open_plan("v=1&cm=emr").await;
    assert!(b.field_shown("ovh").await);
    paste(&b, EMR_OVERHEAD).await;
    // By hand: 18971 + 6000 = 24971 MiB, rounded up to 32: 24992 MiB; 4 fit on a node of
    // 122880 MiB (also beside the 896 MiB AM): merged into 99968 MiB, heap 99968 − 6000.
    b.wait_for_text_containing(
        "#check-containers",
        &[
            "Each executor request: 24\u{202f}971 MiB (heap 18\u{202f}971 + overhead 6000)",
            "YARN grants 24\u{202f}992 MiB",
            "Launched: 9 executors of 99\u{202f}968 MiB (4 requests merged, heap 93\u{202f}968",
        ],
    )
    .await;
    let findings = b.text_opt("#check-findings").await.unwrap_or_default();
    assert!(!findings.contains("left out"), "{findings}");
    screenshots(&b, "check-emr-overhead").await;
    let form = scenario_from_query("v=1&cm=emr").scenario;
    let query = scenario_to_query(&use_these_settings(EMR_OVERHEAD, &form));
    assert!(query.contains("ovh=6000"), "{query}");
    b.click("#check-use").await;
    let ck = link::encode(&read(EMR_OVERHEAD)).value;
    b.wait_for_query(&format!("{query}&ck={ck}")).await;
    assert_eq!(b.value("#f-ovh").await, "6000m");
    b.assert_clean_console();
    b.close().await;
}

/// The EMR form's own executors of 200 000 MiB heap are refused (above a node's 122 880 MiB):
/// the plan runs nothing, so the check says why and offers no configuration to paste back.
#[tokio::test]
async fn a_plan_that_does_not_run_is_not_offered_to_paste_back() {
    let b = Browser::open("check-plan-not-offered").await;
    b.open_plan("v=1&cm=emr").await;
    b.type_field("em", "200000").await;
    paste(&b, EMR_OVERHEAD).await;
    let form = scenario_from_query("v=1&cm=emr&em=200000").scenario;
    let why = words::plan_not_offered(&check(EMR_OVERHEAD, &form), &form).expect("a reason");
    b.wait_for_text_containing("#check-plan-not-offered", &[&why])
        .await;
    assert!(!b.exists("#check-plan-export").await);
    b.wait_for_text_containing(
        "#check-compare",
        &["Your containers all start; the plan's do not."],
    )
    .await;
    b.screenshots_of("check-compare", "check-plan-not-offered")
        .await;
    b.assert_clean_console();
    b.close().await;
}
