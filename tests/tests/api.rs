//! End-to-end tests of the JS API (dist/api/, built by scripts/build-api.sh) in headless
//! Chromium under the strict CSP: the example page plans case 1 (17 × 5 × 19 GiB) and shows
//! the diagnostics of a bad input; `plan()` called from a page returns plain objects for a
//! link, a query and an object of fields, diagnostics for bad input, and never throws.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::Browser;
use planner::scenario::{plan, Outcome};
use serde_json::Value;

/// Loads the API module in the page, runs `calls` (an expression over `m`, the module) and
/// returns its value.
async fn with_api(browser: &Browser, calls: &str) -> Value {
    browser
        .js(&format!(
            "return import('./spark_sizer.js').then(async (m) => {{ await m.default(); return {calls}; }});"
        ))
        .await
}

#[tokio::test]
async fn example_page_plans_case_one_and_shows_diagnostics() {
    let browser = Browser::open("api-example").await;
    browser.open_page("/api/example.html", "#headline").await;
    // Case 1, the page's default plan: 6 nodes × 16 cores × 64 GB.
    browser
        .wait_for_text("#headline", "17 executors × 5 cores × 19 GiB")
        .await;
    let submit = browser.text("#submit").await;
    assert!(submit.contains("--num-executors 17"), "{submit}");
    assert!(submit.contains("--executor-memory 19g"), "{submit}");

    browser.type_into("#input", "?v=1&n=0&zz=1").await;
    browser.click("button[type=submit]").await;
    browser
        .wait_for_text("#headline", "No plan: see below.")
        .await;
    assert_eq!(
        browser.text("#diagnostics li.error").await,
        "error (n): Nodes is 0; allowed: 1 to 100\u{202f}000"
    );
    assert!(
        browser
            .exists("#diagnostics li[data-code=unknown-key]")
            .await
    );

    browser
        .type_into("#input", r#"{"cm": "k8s", "spark.executor.memory": "8g"}"#)
        .await;
    browser.click("button[type=submit]").await;
    browser
        .wait_for_text("#headline", "16 executors × 2 cores × 8 GiB")
        .await;
    assert!(!browser.exists("#submit-section[hidden]").await);

    // One executor of one core, in the singular.
    browser
        .type_into("#input", "?v=1&cm=k8s&cpe=1&n=1&cnt=1")
        .await;
    browser.click("button[type=submit]").await;
    let one = browser
        .wait_for_text_containing("#headline", &["× 1 core ×"])
        .await;
    assert!(one.starts_with("1 executor × 1 core × "), "{one}");

    // Text that is neither a link, a query nor a JSON object: said so, nothing planned.
    browser.type_into("#input", "garbage{").await;
    browser.click("button[type=submit]").await;
    browser
        .wait_for_text("#headline", "No plan: see below.")
        .await;
    assert_eq!(
        browser.text("#diagnostics li.error").await,
        "error: \"garbage{\" is not a share link, a query (?v=1&c=32) or a JSON object of \
         fields ({\"c\": 32})."
    );
    assert!(
        !browser
            .exists("#diagnostics li[data-code=unknown-key]")
            .await
    );
    assert!(browser.exists("#submit-section[hidden]").await);
    assert!(browser.exists("#whole[hidden]").await);

    // An object with a value not allowed: its diagnostic, and no empty export heading.
    browser.type_into("#input", r#"{"c": -5}"#).await;
    browser.click("button[type=submit]").await;
    browser
        .wait_for_text_containing("#diagnostics li.error", &["error (c): "])
        .await;
    assert_eq!(browser.text("#headline").await, "No plan: see below.");
    assert!(browser.exists("#submit-section[hidden]").await);
    assert!(!browser.exists("#whole[hidden]").await);
    browser.assert_all_requests_local().await;
    browser.assert_clean_console();
    browser.close().await;
}

#[tokio::test]
async fn plan_returns_plain_objects_and_never_throws() {
    let browser = Browser::open("api-calls").await;
    browser.open_page("/api/example.html", "#headline").await;
    let results = with_api(
        &browser,
        "[m.plan({ coresPerNode: 32 }), m.plan('https://wiki.example/sizer/?v=1&c=32'), \
          m.plan(42), m.plan({ cm: 'emr', 'Core nodes': 0 }), m.plan([1, 2]), \
          m.plan(), m.plan(new URLSearchParams('c=32')), m.plan({ het: false, cm: 'emr' }), \
          m.plan({ 'x:\u{1F600}é1:': '2:3', c: '32' })]",
    )
    .await;
    let results = results.as_array().expect("an array of results");

    // Case 2 by name and by link, against the planner.
    let Outcome::Yarn(case2) = plan(&planner::url::scenario_from_query("v=1&c=32").scenario) else {
        panic!("case 2 plans on YARN")
    };
    for r in [&results[0], &results[1], &results[6]] {
        assert_eq!(r["status"], "planned", "{r}");
        assert_eq!(r["link"], "v=1&c=32");
        let exact = &r["plans"][1];
        assert_eq!(exact["method"], "spark-exact");
        assert_eq!(exact["executors"], case2.spark_exact.instances);
        assert_eq!(exact["executors"], 36);
        assert_eq!(r["plans"][0]["executors"], 35);
        assert_eq!(exact["executor_memory"], "9g");
    }

    // Not a link or an object: a diagnostic, not an exception.
    for r in [&results[2], &results[4]] {
        assert_eq!(r["status"], "invalid", "{r}");
        assert_eq!(r["plans"].as_array().map(Vec::len), Some(0));
        assert_eq!(r["diagnostics"][0]["severity"], "error");
    }
    assert!(results[2]["diagnostics"][0]["message"]
        .as_str()
        .is_some_and(|m| m.ends_with("got a number.")));
    let emr = &results[3];
    assert_eq!(
        (&emr["manager"], &emr["status"]),
        (&Value::from("emr"), &Value::from("invalid"))
    );
    assert_eq!(emr["diagnostics"][0]["field"], "n");
    assert_eq!(emr["diagnostics"][0]["code"], "invalid-value");

    // Before init(): a diagnostic too (a second instance of the module, not yet initialized).
    let early = browser
        .js("return import('./spark_sizer.js?early').then((m) => m.plan('v=1'));")
        .await;
    assert_eq!(early["status"], "invalid");
    assert_eq!(early["diagnostics"][0]["code"], "not-initialized");

    // No input is the default plan; `false` is off.
    assert_eq!(results[5]["plans"][1]["executors"], 17);
    assert_eq!(results[7]["link"], "v=1&cm=emr&het=0");
    assert_eq!(results[7]["status"], "planned");
    // Keys and values with colons, digits and characters outside ASCII reach the planner whole.
    let odd = &results[8];
    assert_eq!(odd["link"], "v=1&c=32", "{odd}");
    assert_eq!(odd["diagnostics"][0]["code"], "unknown-key");
    assert_eq!(odd["diagnostics"][0]["field"], "x:\u{1F600}é1:");
    browser.assert_clean_console();
    browser.close().await;
}

/// The JS API in a page hands JavaScript the planner's one view of each link, field for field:
/// what the command line prints with `--format json` (`crates/cli/tests/same_view.rs` checks
/// that side) and what the page renders.
#[tokio::test]
async fn plan_in_a_page_is_the_planners_view() {
    let links = [
        "v=1",
        "v=1&c=32",
        "v=1&cm=k8s&em=40g",
        "v=1&cm=emr",
        "v=1&wtask=4096&cpe=10&dyn=1",
        "v=1&n=0",
    ];
    let browser = Browser::open("api-view").await;
    browser.open_page("/api/example.html", "#headline").await;
    let calls: Vec<String> = links.iter().map(|l| format!("m.plan('{l}')")).collect();
    let results = with_api(&browser, &format!("[{}]", calls.join(", "))).await;
    for (link, result) in links.iter().zip(results.as_array().expect("results")) {
        let decoded = planner::url::scenario_from_query(link);
        let m = decoded.scenario.manager();
        let unreadable = decoded.bad.iter().map(|b| b.diagnostic(m)).collect();
        let outcome = planner::scenario::plan_with_unreadable(&decoded.scenario, unreadable);
        let view = planner::view::build(&decoded.scenario, &outcome);
        let expected = serde_json::to_value(&view).expect("serializes");
        assert_eq!(result, &expected, "{link}");
    }
    browser.assert_clean_console();
    browser.close().await;
}

/// The page renders the same view: for links of every cluster manager, the headline's numbers
/// and the spark-submit command it shows are the planner's view's (`view::build` of the link),
/// as the JS API's `plan()` above and the command line's JSON (`same_view.rs`) are.
#[tokio::test]
async fn the_page_shows_the_planners_view() {
    let browser = Browser::open("page-view").await;
    for link in ["v=1", "v=1&c=32", "v=1&cm=k8s&em=40g", "v=1&cm=emr"] {
        let scenario = planner::url::scenario_from_query(link).scenario;
        let view = planner::view::build(&scenario, &plan(&scenario));
        let selected = view.selected().expect("a plan");
        let runs = selected.runs.expect("executors run");
        // YARN's headline says the executors asked (all run here); the others say those that run.
        let executors = match view.manager {
            planner::ClusterManager::Yarn => selected.executors,
            _ => runs.executors,
        };
        browser.open_plan(link).await;
        let shown = browser.headline().await.expect("a headline");
        assert_eq!(shown.executors, executors.to_string(), "{link}");
        assert_eq!(shown.cores, runs.cores.to_string(), "{link}");
        assert_eq!(shown.memory, planner::format::heap(runs.heap_mib), "{link}");
        let submit = browser.text("#submit").await;
        assert_eq!(
            submit.trim(),
            selected.exports.spark_submit.trim(),
            "{link}"
        );
    }
    browser.assert_clean_console();
    browser.close().await;
}

#[tokio::test]
async fn render_gives_the_planners_reports_of_case_one() {
    let browser = Browser::open("api-render").await;
    browser.open_page("/api/example.html", "#headline").await;
    let results = with_api(
        &browser,
        "Promise.all([m.render('https://wiki.example/sizer/?v=1', 'markdown-table'), \
          m.render({ nodes: 6, coresPerNode: 16 }, 'svg'), m.render('v=1', 'pdf'), \
          m.render('?v=1&n=0', 'svg'), m.render('?v=1&n=0', 'markdown-table')])",
    )
    .await;
    // Case 1 (6 nodes × 16 cores × 64 GiB, the default plan), rendered by the planner here.
    let scenario = planner::url::scenario_from_query("v=1").scenario;
    let outcome = plan(&scenario);
    let Outcome::Yarn(case1) = &outcome else {
        panic!("case 1 plans on YARN")
    };
    assert_eq!(case1.spark_exact.instances, 17);
    let render = |format| planner::report::render(&scenario, &outcome, format);
    // Given a share link, the wiki export carries it (issue 28.11).
    let table = planner::report::render_view_linked(
        &planner::view::build(&scenario, &outcome),
        planner::report::Format::MarkdownTable,
        Some("https://wiki.example/sizer/?v=1"),
    )
    .expect("a table");
    assert!(table.contains("| Executor | 17 | 19456 |"), "{table}");
    assert!(
        table.contains("[Open this plan in Spark Sizer](https://wiki.example/sizer/?v=1)"),
        "{table}"
    );
    assert_eq!(results[0], table.as_str());
    let svg = render(planner::report::Format::Svg);
    assert!(svg.starts_with("<svg"), "{svg}");
    assert_eq!(results[1], svg.as_str());
    // A format not known, and an export of an input that cannot be planned: empty.
    assert_eq!(results[2], "");
    assert_eq!(results[3], "");
    // The wiki table of an invalid input says what is wrong.
    assert!(
        results[4]
            .as_str()
            .is_some_and(|t| t.contains("Nodes is 0")),
        "{}",
        results[4]
    );
    browser.assert_all_requests_local().await;
    browser.assert_clean_console();
    browser.close().await;
}

/// Input that does not plan is never rendered or checked as the defaults in its place: an
/// object with a bad value, a cluster manager not known, a number or an array render nothing,
/// and check() against such a cluster says not-planned with plan()'s reasons (a link string
/// too). The review found the default 17 × 5 × 19g in every one of them.
#[tokio::test]
async fn input_that_does_not_plan_is_neither_rendered_nor_checked_as_the_defaults() {
    let browser = Browser::open("api-unplanned").await;
    browser.open_page("/api/example.html", "#headline").await;
    let results = with_api(
        &browser,
        "Promise.all([m.render(42, 'conf'), m.render([1, 2], 'submit'), \
          m.render({ c: 'abc' }, 'conf'), m.render({ cm: 'mesos' }, 'submit'), \
          m.render({ c: 32 }, 'conf'), \
          m.check('spark.executor.cores 4', { c: 'abc' }), \
          m.check('spark.executor.cores 4', '?v=1&c=abc'), \
          m.check('spark.executor.cores 4', { c: 32 })])",
    )
    .await;
    for (i, empty) in results.as_array().expect("an array")[..4]
        .iter()
        .enumerate()
    {
        assert_eq!(empty, "", "render #{i}: {empty}");
    }
    let good = results[4].as_str().expect("a conf");
    assert!(good.contains("spark.executor.instances"), "{good}");
    for refused in [&results[5], &results[6]] {
        assert_eq!(refused["status"], "not-planned", "{refused}");
        assert_eq!(refused["manager"], "yarn", "{refused}");
        let diagnostics = refused["diagnostics"].as_array().expect("diagnostics");
        assert!(
            diagnostics.iter().any(|d| d["severity"] == "error"
                && d["message"].as_str().is_some_and(|m| m.contains("\"abc\""))),
            "{refused}"
        );
        assert!(refused.get("answer").is_none(), "{refused}");
    }
    assert_eq!(results[7]["status"], "checked", "{}", results[7]);
    browser.assert_clean_console();
    browser.close().await;
}
