//! End-to-end tests of "Check my configuration": each of the four formats pasted on its cluster
//! manager's page shows the answer, the comparison with the plan and "Use these settings"
//! (which changes the plan and the link; Back returns); a link with `ck` opens the check with its
//! settings; the link keeps `ck` through edits of the form; the JS API's `check()`. The section's
//! code is the reports module, loaded when the section opens. Expected numbers come from the
//! planner's own check of the same text and from the seeds where they document them.
//! Screenshots at 1280 and 375 px, light and dark.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::app::Headline;
use common::Browser;
use planner::check::{check, link, read, use_these_settings, words};
use planner::scenario::{Outcome, Scenario};
use planner::url::scenario_to_query;

/// 20 single-core executors of 4g on case 1's cluster (the plan: 17 × 5 × 19g).
const CASE1_COMMAND: &str = "spark-submit \\\n  --master yarn --deploy-mode cluster \\\n  \
     --num-executors 20 --executor-cores 1 \\\n  --executor-memory 4g \\\n  \
     --conf spark.ssl.keyStorePassword=hunter2hunter2 \\\n  app.jar\n";

const DEFAULTS_FILE: &str =
    "spark.executor.instances 17\nspark.executor.cores 5\nspark.executor.memroy 19g\n";

const SEED002_MANIFEST: &str = "apiVersion: sparkoperator.k8s.io/v1beta2\n\
kind: SparkApplication\nspec:\n  type: Scala\n  mode: cluster\n  sparkConf:\n    \
spark.kubernetes.executor.request.cores: \"0.5\"\n  driver:\n    cores: 1\n    memory: 1g\n  \
executor:\n    cores: 2\n    instances: 16\n    memory: 6g\n";

const SEED003_JSON: &str = "[\n  {\"Classification\": \"spark-defaults\",\n   \"Properties\": {\
\"spark.executor.memory\": \"18971M\", \"spark.executor.cores\": \"4\",\n   \
\"spark.yarn.executor.memoryOverheadFactor\": \"0.1875\"}}\n]";

/// Opens the check, pastes `text` (as a paste does: the whole value, one input event) and
/// waits for its headline.
async fn paste(b: &Browser, text: &str) -> String {
    paste_then(b, text, "run here").await
}

/// Opens the check, pastes `text` and waits for a headline containing `words`.
async fn paste_then(b: &Browser, text: &str, words: &str) -> String {
    if b.attr("#check-details", "open").await.is_none() {
        b.click("#check-details > summary").await;
    }
    let value = serde_json::to_string(text).expect("a JSON string");
    b.js(&format!(
        "const t = document.getElementById('check-text'); t.value = {value}; \
         t.dispatchEvent(new Event('input', {{bubbles: true}})); return true;"
    ))
    .await;
    b.wait_for_text_containing("#check-headline", &[words])
        .await
}

/// The address's query the page writes for `form` with the check of `text`.
fn query_with_check(form: &Scenario, text: &str) -> String {
    let ck = link::encode(&read(text)).value;
    format!("{}&ck={ck}", scenario_to_query(form))
}

/// Screenshots of the check section (scrolled into view) at both widths, light then dark, with
/// no sideways scrolling; `target/screenshots/<name>-section[-dark]-<width>.png`.
async fn section_screenshots(b: &Browser, name: &str) {
    for scheme in ["light", "dark"] {
        b.set_color_scheme(scheme).await;
        for width in [1280, 375] {
            b.set_viewport(width, 900).await;
            b.js("document.getElementById('check').scrollIntoView(); return true;")
                .await;
            let suffix = if scheme == "dark" { "-dark" } else { "" };
            b.screenshot(&format!("{name}-section{suffix}"), width)
                .await;
            // The comparison, "Use these settings" and the plan's configuration below it.
            b.js("document.getElementById('check-compare').scrollIntoView(); return true;")
                .await;
            b.screenshot(&format!("{name}-compare{suffix}"), width)
                .await;
            assert!(
                !b.overflows_horizontally().await,
                "{name}: sideways scroll at {width} px ({scheme})"
            );
        }
    }
    b.set_color_scheme("light").await;
    b.set_viewport(1280, 900).await;
}

#[tokio::test]
async fn a_command_on_yarn_is_checked_and_its_settings_used_and_back_returns() {
    let b = Browser::open("check-yarn").await;
    b.open_plan("").await;
    b.wait_for_headline(&Headline::new(17, 5, "19 GiB")).await;
    let headline = paste(&b, CASE1_COMMAND).await;
    let form = Scenario::default();
    let expected = check(CASE1_COMMAND, &form);
    assert_eq!(headline, words::headline(expected.compare.pasted.as_ref()));
    assert!(headline.starts_with("20 of 20 executors asked for run here, each with 1 core"));
    let compare = b
        .wait_for_text_containing(
            "#check-compare",
            &["Executors running: 20 with yours, 17 with the plan"],
        )
        .await;
    assert!(
        compare.contains("Tasks at once: 20 with yours, 85 with the plan (+65)"),
        "{compare}"
    );
    assert!(b
        .text("#check-containers")
        .await
        .contains("YARN grants 5120 MiB"));
    // The link carries the settings in short form, never the password; the section says so.
    let before = query_with_check(&form, CASE1_COMMAND);
    assert!(!before.contains("hunter2"), "{before}");
    b.wait_for_query(&before).await;
    let note = b.text("#check-link-note").await;
    assert!(
        note.contains("Left out because they look secret: spark.ssl.keyStorePassword."),
        "{note}"
    );
    assert!(!b.text("#check-answer").await.contains("hunter2"));
    section_screenshots(&b, "check-yarn").await;

    // "Use these settings": the form takes the pasted settings (1 core per executor, cluster
    // mode), the plan and the link follow, in a new history entry; the check stays in the link.
    let used = use_these_settings(CASE1_COMMAND, &form);
    let Outcome::Yarn(c) = planner::scenario::plan(&used) else {
        panic!("the used settings plan on YARN")
    };
    b.click("#check-use").await;
    b.wait_for_headline(&Headline::of(c.selected_plan())).await;
    let after = query_with_check(&used, CASE1_COMMAND);
    assert!(after.contains("cpe=1"), "{after}");
    b.wait_for_query(&after).await;
    b.js("history.back(); return true;").await;
    b.wait_for_query(&before).await;
    b.wait_for_headline(&Headline::new(17, 5, "19 GiB")).await;
    b.assert_clean_console();
    b.close().await;
}

#[tokio::test]
async fn a_defaults_file_names_its_misspelt_key_and_edits_keep_the_check_in_the_link() {
    let b = Browser::open("check-defaults").await;
    b.open_plan("").await;
    b.wait_for_headline(&Headline::new(17, 5, "19 GiB")).await;
    let headline = paste(&b, DEFAULTS_FILE).await;
    assert!(headline.contains("1024 MiB of heap"), "{headline}");
    b.wait_for_text_containing(
        "#check-findings",
        &["Line 3: Spark does not know spark.executor.memroy: did you mean spark.executor.memory?"],
    )
    .await;
    b.wait_for_text_containing("#check-compare", &["The plan: 17 of 17 executors"])
        .await;
    // Another cluster on the form: the check follows it, and the link keeps `ck`.
    b.type_field("n", "3").await;
    let form = planner::url::scenario_from_query("v=1&n=3").scenario;
    let expected = words::check_headline(&check(DEFAULTS_FILE, &form));
    b.wait_for_text("#check-headline", &expected).await;
    b.wait_for_query(&query_with_check(&form, DEFAULTS_FILE))
        .await;
    // Emptying the box takes the check out of the link.
    paste_nothing(&b).await;
    b.wait_for_query(&scenario_to_query(&form)).await;
    b.assert_clean_console();
    b.close().await;
}

async fn paste_nothing(b: &Browser) {
    b.js(
        "const t = document.getElementById('check-text'); t.value = ''; \
          t.dispatchEvent(new Event('input', {bubbles: true})); return true;",
    )
    .await;
}

#[tokio::test]
async fn a_manifest_on_kubernetes_and_a_configuration_on_emr() {
    let b = Browser::open("check-platforms").await;
    b.open_plan("v=1&cm=k8s").await;
    b.wait_for_headline(&Headline::new(16, 2, "6 GiB")).await;
    let headline = paste(&b, SEED002_MANIFEST).await;
    assert!(
        headline.starts_with("16 of 16 executors asked for run here, each with 2 cores"),
        "{headline}"
    );
    b.wait_for_text_containing(
        "#check-compare",
        &["CPU reserved: 9 cores with yours, 33 cores with the plan (+24 cores)"],
    )
    .await;
    section_screenshots(&b, "check-k8s").await;
    b.click("#check-use").await;
    // The pasted settings are seed 002 with half a CPU requested.
    let half = planner::presets::k8s_preset("k8s-seed002-half").expect("preset");
    let used = Scenario::Kubernetes(half.input);
    assert!(scenario_to_query(&used).contains("rq=0.5"));
    b.wait_for_query(&query_with_check(&used, SEED002_MANIFEST))
        .await;

    b.open_plan("v=1&cm=emr").await;
    let headline = paste(&b, SEED003_JSON).await;
    // Seed 003's driver log: 9 executors of 20 cores, 94854m heap in 112640 MiB containers.
    assert!(headline.starts_with("45 of 50 executors asked for run here, merged by EMR into 9 executors, each with 20 cores and 94\u{202f}854 MiB of heap in a 112\u{202f}640 MiB container"), "{headline}");
    b.wait_for_text_containing("#check-compare", &["The plan"])
        .await;
    // "Use the plan": EMR's classifications, to copy.
    let export = b.text("#check-plan-export").await;
    assert!(export.contains("\"Classification\""), "{export}");
    section_screenshots(&b, "check-emr").await;
    assert!(b.exists("#check-use").await);
    b.assert_clean_console();
    b.close().await;
}

#[tokio::test]
async fn a_link_with_ck_opens_the_check_with_its_settings() {
    let b = Browser::open("check-link").await;
    let text = "spark-submit --num-executors 20 --executor-cores 1 --executor-memory 4g app.py";
    let ck = link::encode(&read(text)).value;
    assert_eq!(ck, "ei20~ec1~em4g~atpy");
    b.open_plan(&format!("v=1&ck={ck}")).await;
    b.wait_for_headline(&Headline::new(17, 5, "19 GiB")).await;
    assert!(b.attr("#check-details", "open").await.is_some());
    let headline = b
        .wait_for_text_containing("#check-headline", &["run here"])
        .await;
    let expected = check(text, &Scenario::default());
    assert_eq!(headline, words::headline(expected.compare.pasted.as_ref()));
    // The box holds the settings as a text the check reads back to the same link.
    let shown = b.value("#check-text").await;
    assert!(shown.starts_with("spark-submit \\\n"), "{shown}");
    assert_eq!(link::encode(&read(&shown)).value, ck);
    // No notice about an unknown key: ck is the page's own.
    assert!(!b.exists("#notice").await);
    b.screenshot_full_page("check-link", 1280).await;
    b.assert_clean_console();
    b.close().await;
}

#[tokio::test]
async fn the_js_api_checks_a_configuration() {
    let b = Browser::open("check-api").await;
    b.open_page("/api/example.html", "#headline").await;
    let result = b
        .js(&format!(
            "return import('./spark_sizer.js').then(async (m) => [await m.check({}), \
             await m.check({}, {{ cm: 'k8s' }}), await m.check('', '?v=1')]);",
            serde_json::to_string(CASE1_COMMAND).expect("JSON"),
            serde_json::to_string(SEED002_MANIFEST).expect("JSON"),
        ))
        .await;
    let yarn = &result[0];
    assert_eq!(yarn["status"], "checked", "{yarn}");
    assert_eq!(yarn["manager"], "yarn");
    assert_eq!(yarn["formats"], serde_json::json!(["spark-submit"]));
    let expected = check(CASE1_COMMAND, &Scenario::default());
    let n = expected.compare.pasted.expect("the pasted settings plan");
    assert_eq!(
        yarn["answer"]["numbers"]["executors_running"],
        n.executors_running
    );
    assert_eq!(yarn["answer"]["numbers"]["container_mib"], 5120);
    assert_eq!(yarn["plan"]["numbers"]["executors_running"], 17);
    assert_eq!(yarn["link"]["ck"], link::encode(&read(CASE1_COMMAND)).value);
    assert!(!yarn.to_string().contains("hunter2"));
    assert_eq!(
        yarn["use_these_settings"],
        scenario_to_query(&use_these_settings(CASE1_COMMAND, &Scenario::default()))
    );
    let k8s = &result[1];
    assert_eq!(k8s["manager"], "k8s");
    assert_eq!(k8s["answer"]["numbers"]["executors_running"], 16);
    assert_eq!(result[2]["status"], "nothing-read");
    b.assert_all_requests_local().await;
    b.assert_clean_console();
    b.close().await;
}

#[tokio::test]
async fn a_refused_value_and_text_with_no_setting_say_so_first() {
    let b = Browser::open("check-refused").await;
    b.open_plan("").await;
    b.wait_for_headline(&Headline::new(17, 5, "19 GiB")).await;
    // spark-submit refuses -1g: no number planned with the default 1g in its place is shown.
    let text = "spark.executor.memory=-1g\n";
    let headline = paste_then(&b, text, "Spark refuses these settings").await;
    let form = planner::url::scenario_from_query("").scenario;
    assert_eq!(headline, words::check_headline(&check(text, &form)));
    assert!(
        headline.ends_with("spark-submit stops: \"Executor memory must be a positive number\"."),
        "{headline}"
    );
    assert!(!headline.contains("run here"), "{headline}");
    assert!(!b.exists("#check-layout").await);
    assert!(!b.exists("#check-containers").await);
    // Nor can the refused settings be put into the form (Spark's default would take their place).
    assert!(!b.exists("#check-use").await);
    section_screenshots(&b, "check-refused").await;
    // Garbage: nothing read, said first, and nothing to use.
    let headline = paste_then(
        &b,
        "hello world\nfoo bar baz\n",
        "No Spark setting was read",
    )
    .await;
    assert!(
        headline.starts_with("No Spark setting was read from this text"),
        "{headline}"
    );
    assert!(!b.exists("#check-use").await);
    b.assert_clean_console();
    b.close().await;
}
