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
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
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

/// Opens the check, pastes `text` (as a paste does: the whole value, one input event of type
/// `insertFromPaste`) and waits for its headline.
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
         t.dispatchEvent(new InputEvent('input', {{bubbles: true, inputType: 'insertFromPaste'}})); \
         return true;"
    ))
    .await;
    b.wait_for_text_containing("#check-headline", &[words])
        .await
}

/// Puts `text` into the paste box with one input event of `input_type` (`insertFromPaste`,
/// `insertText`), then lets the page run its tasks queued until now (a timer of 0 ms) and
/// returns the check's headline then (empty when there is none).
async fn input_then_headline(b: &Browser, text: &str, input_type: &str) -> String {
    let value = serde_json::to_string(text).expect("a JSON string");
    let headline = b
        .js(&format!(
            "const t = document.getElementById('check-text'); t.value = {value}; \
             t.dispatchEvent(new InputEvent('input', {{bubbles: true, inputType: '{input_type}'}})); \
             return new Promise((done) => setTimeout(() => done( \
               document.getElementById('check-headline')?.textContent ?? ''), 0));"
        ))
        .await;
    headline.as_str().unwrap_or_default().to_string()
}

/// Presses each key of `keys` in turn (down, then up), as a keyboard would.
async fn press(b: &Browser, keys: &str) {
    let mut actions = KeyActions::new("keyboard".to_owned());
    for key in keys.chars() {
        actions = actions
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key });
    }
    b.client()
        .perform_actions(actions)
        .await
        .unwrap_or_else(|e| panic!("press {keys:?}: {e}"));
}

/// The id of the focused element (`body` for none).
async fn focused(b: &Browser) -> String {
    let id = b
        .js("const e = document.activeElement; return e.id || e.tagName.toLowerCase();")
        .await;
    id.as_str().unwrap_or_default().to_string()
}

/// Waits until the page's live region (`#announce`, off screen: no rendered text) starts with
/// `start`; returns what it says.
async fn announced(b: &Browser, start: &str) -> String {
    let start_js = serde_json::to_string(start).expect("a JSON string");
    b.wait_for_js(
        &format!("the live region saying {start:?}"),
        &format!("document.getElementById('announce').textContent.startsWith({start_js})"),
    )
    .await;
    let said = b
        .js("return document.getElementById('announce').textContent;")
        .await;
    said.as_str().unwrap_or_default().to_string()
}

/// The paste box's text for a link's `ck`: the settings as a text the check reads back.
fn link_text(ck: &str) -> String {
    link::as_text(&link::decode(ck))
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
        compare.contains("Tasks at once: 20 with yours, 85 with the plan (65 fewer than the plan)"),
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
    let plan = Headline::of(c.selected_plan());
    b.wait_for_headline(&plan).await;
    let after = query_with_check(&used, CASE1_COMMAND);
    assert!(after.contains("cpe=1"), "{after}");
    b.wait_for_query(&after).await;
    // The keyboard is not lost: the focus is on the answer (its headline is the new plan), and
    // the live region says what happened, with the plan.
    b.wait_for_js(
        "the focus on the answer",
        "document.activeElement.id === 'answer'",
    )
    .await;
    let said = announced(&b, "Your settings are in the form").await;
    let shown = b.text("#headline").await;
    assert!(
        shown.starts_with(&format!("{} executors × ", plan.executors)),
        "{shown}"
    );
    assert_eq!(
        said,
        format!(
            "Your settings are in the form; the plan sizes the executor count and heap: {shown}. \
             Back returns to your plan."
        )
    );
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
    assert!(b.exists("#check-use").await);
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
        &["CPU reserved: 9 cores with yours, 33 cores with the plan (24 cores fewer than the plan)"],
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
    // EMR's dynamic allocation is on without a maximum: Spark starts the form's 50.
    assert!(headline.starts_with("Dynamic allocation: Spark starts 50 executors and may grow to as many as fit (no maxExecutors); 45 requests, merged by EMR into 9 executors, run here, each with 20 cores and 94\u{202f}854 MiB of heap in a 112\u{202f}640 MiB container"), "{headline}");
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

/// Back and Forward give the paste box the settings of the history entry's link (`ck`) and the
/// answer for them; an entry whose link holds none empties the box and the answer.
#[tokio::test]
async fn back_and_forward_restore_the_paste_box_of_each_history_entry() {
    let b = Browser::open("check-history").await;
    b.open_plan("").await;
    b.wait_for_headline(&Headline::new(17, 5, "19 GiB")).await;
    let form = Scenario::default();
    paste(&b, CASE1_COMMAND).await;
    let first = query_with_check(&form, CASE1_COMMAND);
    b.wait_for_query(&first).await;
    // "Use these settings" makes a second entry; another text pasted there is its own.
    b.click("#check-use").await;
    let used = use_these_settings(CASE1_COMMAND, &form);
    b.wait_for_query(&query_with_check(&used, CASE1_COMMAND))
        .await;
    paste(&b, DEFAULTS_FILE).await;
    let second = query_with_check(&used, DEFAULTS_FILE);
    b.wait_for_query(&second).await;

    let restored = |ck: &str, on: &Scenario| {
        let text = link_text(ck);
        let headline = words::check_headline(&check(&text, on));
        (text, headline)
    };
    let first_ck = link::encode(&read(CASE1_COMMAND)).value;
    let second_ck = link::encode(&read(DEFAULTS_FILE)).value;
    for _ in 0..2 {
        b.js("history.back(); return true;").await;
        b.wait_for_query(&first).await;
        let (text, headline) = restored(&first_ck, &form);
        b.wait_for_text("#check-headline", &headline).await;
        assert_eq!(b.value("#check-text").await, text);
        b.js("history.forward(); return true;").await;
        b.wait_for_query(&second).await;
        let (text, headline) = restored(&second_ck, &used);
        b.wait_for_text("#check-headline", &headline).await;
        assert_eq!(b.value("#check-text").await, text);
    }
    // Emptied, the second entry's link holds no settings: Back fills the box, Forward empties it.
    paste_nothing(&b).await;
    b.wait_for_query(&scenario_to_query(&used)).await;
    b.js("history.back(); return true;").await;
    b.wait_for_query(&first).await;
    b.wait_for_text("#check-headline", &restored(&first_ck, &form).1)
        .await;
    b.js("history.forward(); return true;").await;
    b.wait_for_query(&scenario_to_query(&used)).await;
    b.wait_for_js(
        "an empty paste box and no answer",
        "document.getElementById('check-text').value === '' \
         && document.getElementById('check-answer').textContent === ''",
    )
    .await;
    b.assert_clean_console();
    b.close().await;
}

/// A paste is checked at once; typing is checked after a pause, once for a run of keys, and the
/// answer shown is never for an older text than the box holds.
#[tokio::test]
async fn typing_is_checked_after_a_pause_and_never_shows_an_older_text() {
    let b = Browser::open("check-typing").await;
    b.open_plan("").await;
    b.wait_for_headline(&Headline::new(17, 5, "19 GiB")).await;
    let form = Scenario::default();
    let headline_of = |text: &str| words::check_headline(&check(text, &form));
    paste(&b, DEFAULTS_FILE).await;

    // A paste: its answer is there before a timer of 0 ms runs.
    let pasted = "spark.executor.instances 4\n";
    assert_eq!(
        input_then_headline(&b, pasted, "insertFromPaste").await,
        headline_of(pasted)
    );
    // A key: the answer waits for a pause, then follows.
    let typed = "spark.executor.instances 40\n";
    assert_eq!(
        input_then_headline(&b, typed, "insertText").await,
        headline_of(pasted)
    );
    b.wait_for_text("#check-headline", &headline_of(typed))
        .await;

    // Real keys, fast: each answer shown is recorded with the text the box held then.
    paste_nothing(&b).await;
    b.wait_for_js(
        "no answer",
        "document.getElementById('check-answer').textContent === ''",
    )
    .await;
    // ("Loading…", shown while the module is asked for, is left out: it has no headline.)
    b.js("window.shown = []; new MutationObserver(() => { \
           const h = document.getElementById('check-headline'); \
           if (h) window.shown.push([document.getElementById('check-text').value, h.textContent]); \
         }).observe(document.getElementById('check-answer'), \
           {childList: true, subtree: true, characterData: true}); return true;")
        .await;
    b.click("#check-text").await;
    let text = "spark-submit --num-executors 12 --executor-cores 3 --executor-memory 7g app.jar";
    press(&b, text).await;
    b.wait_for_text("#check-headline", &headline_of(text)).await;
    assert_eq!(b.value("#check-text").await, text);
    let shown = b.js("return window.shown;").await;
    let shown = shown.as_array().expect("a list");
    assert!(!shown.is_empty());
    for pair in shown {
        let (value, headline) = (pair[0].as_str().unwrap(), pair[1].as_str().unwrap());
        assert_eq!(headline, headline_of(value), "shown for {value:?}");
    }
    // One check per pause, not per key (a loaded machine may pause the keys once or twice).
    assert!(
        shown.len() * 8 <= text.len(),
        "{} answers for {} keys: {shown:?}",
        shown.len(),
        text.len()
    );
    b.assert_clean_console();
    b.close().await;
}

/// The section as a keyboard user meets it: Enter on its heading opens it, Tab reaches the box,
/// typed text is checked and its headline said in the live region, Tab reaches "Use these
/// settings", Enter uses them and the focus goes to the answer. Screenshots of the empty section
/// and of the focused controls at 1280 and 375 px, light and dark.
#[tokio::test]
async fn the_section_with_the_keyboard_alone() {
    let b = Browser::open("check-keyboard").await;
    b.open_plan("").await;
    b.wait_for_headline(&Headline::new(17, 5, "19 GiB")).await;
    b.js("document.querySelector('#check-details > summary').focus(); return true;")
        .await;
    press(&b, &char::from(Key::Enter).to_string()).await;
    b.wait_for_js(
        "the section open",
        "document.getElementById('check-details').open",
    )
    .await;
    assert_eq!(
        b.attr("#check-text", "aria-describedby").await.as_deref(),
        Some("check-about")
    );
    b.screenshots_of("check", "check-empty-section").await;
    press(&b, &char::from(Key::Tab).to_string()).await;
    assert_eq!(focused(&b).await, "check-text");
    for width in [1280, 375] {
        b.set_viewport(width, 900).await;
        b.js("document.getElementById('check').scrollIntoView(); return true;")
            .await;
        b.screenshot("check-text-focused", width).await;
    }
    b.set_viewport(1280, 900).await;
    let text = "spark-submit --num-executors 20 --executor-cores 1 --executor-memory 4g app.jar";
    press(&b, text).await;
    let expected = words::check_headline(&check(text, &Scenario::default()));
    b.wait_for_text("#check-headline", &expected).await;
    // The answer is no live region (all of it would be read on each change): its headline is
    // said, once.
    assert_eq!(b.attr("#check-answer", "aria-live").await, None);
    assert_eq!(announced(&b, &expected).await, expected);
    for _ in 0..40 {
        if focused(&b).await == "check-use" {
            break;
        }
        press(&b, &char::from(Key::Tab).to_string()).await;
    }
    assert_eq!(focused(&b).await, "check-use");
    for width in [1280, 375] {
        b.set_viewport(width, 900).await;
        b.screenshot("check-use-focused", width).await;
    }
    b.set_viewport(1280, 900).await;
    press(&b, &char::from(Key::Enter).to_string()).await;
    b.wait_for_js(
        "the focus on the answer",
        "document.activeElement.id === 'answer'",
    )
    .await;
    let used = use_these_settings(text, &Scenario::default());
    let Outcome::Yarn(c) = planner::scenario::plan(&used) else {
        panic!("the used settings plan on YARN")
    };
    b.wait_for_headline(&Headline::of(c.selected_plan())).await;
    let said = announced(&b, "Your settings are in the form").await;
    let shown = b.text("#headline").await;
    assert_eq!(
        said,
        format!(
            "Your settings are in the form; the plan sizes the executor count and heap: {shown}. \
             Back returns to your plan."
        )
    );
    for width in [1280, 375] {
        b.set_viewport(width, 900).await;
        b.screenshot("check-used-focus", width).await;
    }
    b.assert_clean_console();
    b.close().await;
}

/// Issue 27, item 12: a paste of several commands is answered for the first, and each command's
/// own answer is listed above its settings (the page shows what the reports module returns).
#[tokio::test]
async fn several_commands_are_each_checked_and_listed() {
    let b = Browser::open("check-parts").await;
    b.open_plan("").await;
    b.wait_for_headline(&Headline::new(17, 5, "19 GiB")).await;
    let text = "spark-submit --master yarn --conf spark.executor.memoryOverhead=4g \\\n  \
                --executor-memory 8g --num-executors 4 etl.jar\n\
                spark-submit --master yarn --executor-memory 4g --num-executors 6 report.jar\n";
    let headline = paste(&b, text).await;
    let form = planner::url::scenario_from_query("").scenario;
    let c = check(text, &form);
    assert_eq!(headline, words::check_headline(&c));
    let parts = b.text("#check-parts").await;
    let expected = words::parts_lines(&c);
    assert_eq!(expected.len(), 2);
    for line in &expected {
        assert!(parts.contains(line.as_str()), "{parts:?} lacks {line:?}");
    }
    // The second command's own container (4096 + 409, granted 5120), never the first's overhead.
    assert!(
        parts.contains("Command 2 (line 3, report.jar): 6 of 6"),
        "{parts}"
    );
    assert!(parts.contains("in a 5120 MiB container"), "{parts}");
    section_screenshots(&b, "check-parts").await;
    b.assert_clean_console();
    b.close().await;
}

/// GPU settings pasted on YARN (issue 29): the answer counts the tasks a GPU lets each executor
/// run (4 cores, tasks of 0.3 GPU: 3 at once, so 2 × 3 = 6), the finding says so at its line,
/// and a fraction Spark refuses heads the answer in Spark's words.
#[tokio::test]
async fn gpu_settings_are_counted_and_what_spark_refuses_heads_the_answer() {
    const GPU_LIMITED: &str = "spark.executor.cores 4\n\
        spark.executor.resource.gpu.amount 1\n\
        spark.executor.resource.gpu.discoveryScript /opt/spark/getGpusResources.sh\n\
        spark.task.resource.gpu.amount 0.3\n";
    let b = Browser::open("check-gpu").await;
    b.open_plan("").await;
    let form = planner::url::scenario_from_query("v=1").scenario;
    let expected = words::check_headline(&check(GPU_LIMITED, &form));
    assert!(expected.contains("6 tasks at once"), "{expected}");
    let headline = paste_then(&b, GPU_LIMITED, "6 tasks at once").await;
    assert_eq!(headline, expected);
    b.wait_for_text_containing(
        "#check-findings",
        &["Line 4: gpu limits each executor to 3 tasks at once, not the 4 its 4 cores allow"],
    )
    .await;
    section_screenshots(&b, "check-gpu").await;
    let refused = GPU_LIMITED.replace("0.3", "0.6");
    let headline = paste_then(&b, &refused, "Spark refuses these settings").await;
    assert!(
        headline.contains("\"The resource amount 0.6 must be either <= 0.5, or a whole number.\""),
        "{headline}"
    );
    b.assert_clean_console();
    b.close().await;
}
