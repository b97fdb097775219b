//! End-to-end tests of the trade-off explorer: collapsed until opened; on case 1 one row per
//! cores count from 1 to 15 with the planner's numbers; sortable headers that say their order;
//! "Adopt" makes a row the plan (headline, address, history; Back returns); the fat-or-slim
//! split; Kubernetes and EMR rows; screenshots at 1280 and 375 px, light and dark.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::app::{group, Headline};
use common::Browser;
use planner::explorer::{adopt, explore, Explorer};
use planner::presets::preset;
use planner::scenario::Scenario;

async fn open_explorer(browser: &Browser) {
    browser.click("#explorer-details > summary").await;
    browser
        .wait_for_js(
            "the explorer's table",
            "document.querySelectorAll('#explorer-table tbody tr').length > 0",
        )
        .await;
}

async fn row_cores(browser: &Browser) -> Vec<u32> {
    browser
        .js("return [...document.querySelectorAll('#explorer-table tbody tr')].map(r => +r.dataset.cores);")
        .await
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_u64().expect("a number") as u32)
        .collect()
}

/// Sorting: a button in each header; `aria-sort` tells the order; again sorts the other way;
/// the link says the order (`xs`).
async fn check_sorting(browser: &Browser, e: &Explorer) {
    let executors_header = "#explorer-table thead th:nth-child(3)"; // after Cores and Plan
    assert_eq!(
        browser.attr(executors_header, "aria-sort").await.as_deref(),
        Some("none")
    );
    browser.click(&format!("{executors_header} button")).await;
    browser
        .wait_for_attr(executors_header, "aria-sort", "ascending")
        .await;
    let mut by_executors = e.rows.clone();
    by_executors.sort_by_key(|r| r.executors);
    let expected: Vec<u32> = by_executors.iter().map(|r| r.cores).collect();
    assert_eq!(row_cores(browser).await, expected);
    browser.wait_for_query("v=1&xo=1&xs=executors").await;
    browser.click(&format!("{executors_header} button")).await;
    browser
        .wait_for_attr(executors_header, "aria-sort", "descending")
        .await;
    // Descending keeps ties in order of cores, as ascending does.
    by_executors.sort_by_key(|r| std::cmp::Reverse(r.executors));
    let descending: Vec<u32> = by_executors.iter().map(|r| r.cores).collect();
    assert_eq!(descending[..7], [1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(row_cores(browser).await, descending);
    browser.wait_for_query("v=1&xo=1&xs=-executors").await;
}

/// The cores of the rows sorted by heap, largest first (ties in order of cores).
fn by_heap_descending(e: &Explorer) -> Vec<u32> {
    let mut rows = e.rows.clone();
    rows.sort_by_key(|r| std::cmp::Reverse(r.heap_mib));
    rows.iter().map(|r| r.cores).collect()
}

/// Adopt 3 cores: the plan, the address and history follow, the explorer's view kept. Sorted
/// again on the adopted plan (by heap, largest first), Back restores the earlier plan and its
/// sort, Forward this one.
async fn check_adopting_and_history(browser: &Browser, e: &Explorer, case1: &Scenario) {
    let history = browser.history_length().await;
    let three = *e.row(3).expect("3 cores");
    browser
        .click("#explorer-table tr[data-cores='3'] button.adopt")
        .await;
    browser
        .wait_for_headline(&Headline::new(
            three.executors,
            3,
            &common::app::heap_words(three.heap_mib),
        ))
        .await;
    // The adopted shape and the explorer's view, open and sorted as it was.
    let adopted = planner::url::scenario_to_query(&adopt(case1, &three));
    browser
        .wait_for_query(&format!("{adopted}&xo=1&xs=-executors"))
        .await;
    assert_eq!(browser.history_length().await, history + 1);
    assert_eq!(
        browser
            .attr("#explorer-table tr.current", "data-cores")
            .await
            .as_deref(),
        Some("3")
    );
    // The keyboard focus stays on the button pressed, which now says its row is the plan;
    // pressing it again changes nothing.
    browser
        .wait_for_js(
            "the pressed button to say Current",
            "document.activeElement.dataset.adopt === '3' \
             && document.activeElement.textContent === 'Current'",
        )
        .await;
    browser
        .click("#explorer-table tr[data-cores='3'] button.adopt")
        .await;
    assert_eq!(browser.history_length().await, history + 1);
    let heap_header = "#explorer-table thead th:nth-child(4)";
    browser.click(&format!("{heap_header} button")).await;
    browser.click(&format!("{heap_header} button")).await;
    browser
        .wait_for_attr(heap_header, "aria-sort", "descending")
        .await;
    browser
        .wait_for_query(&format!("{adopted}&xo=1&xs=-heap"))
        .await;
    assert_eq!(browser.history_length().await, history + 1);
    browser.client().back().await.expect("Back");
    browser
        .wait_for_headline(&Headline::new(17, 5, "19 GiB"))
        .await;
    let executors_header = "#explorer-table thead th:nth-child(3)";
    browser
        .wait_for_attr(executors_header, "aria-sort", "descending")
        .await;
    assert_eq!(
        browser.attr(heap_header, "aria-sort").await.as_deref(),
        Some("none")
    );
    let mut by_executors = e.rows.clone();
    by_executors.sort_by_key(|r| std::cmp::Reverse(r.executors));
    let expected: Vec<u32> = by_executors.iter().map(|r| r.cores).collect();
    assert_eq!(row_cores(browser).await, expected);
    browser.client().forward().await.expect("Forward");
    browser
        .wait_for_attr(heap_header, "aria-sort", "descending")
        .await;
    assert_eq!(row_cores(browser).await, by_heap_descending(e));
    assert_eq!(
        browser
            .attr("#explorer-table tr.current", "data-cores")
            .await
            .as_deref(),
        Some("3")
    );
}

#[tokio::test]
async fn explorer_lists_case1_shapes_sorts_and_adopts_a_row() {
    let browser = Browser::open("explorer").await;
    browser.open_plan("").await;
    browser
        .wait_for_headline(&Headline::new(17, 5, "19 GiB"))
        .await;
    assert!(
        !browser.exists("#explorer-table").await,
        "collapsed at first"
    );
    open_explorer(&browser).await;
    // Opening it is in the link (the same history entry).
    browser.wait_for_query("v=1&xo=1").await;

    let case1 = Scenario::Yarn(preset("case1").expect("case1").input);
    let e = explore(&case1).expect("valid");
    assert_eq!(row_cores(&browser).await, (1..=15).collect::<Vec<_>>());
    let five = e.row(5).expect("5 cores");
    let cells = browser.text("#explorer-table tr[data-cores='5']").await;
    for needle in [
        "rule of thumb",
        "Spark-exact",
        "current plan",
        "19 GiB",
        &group(five.task_slots),
        &format!("{} MiB", group(five.container_mib)),
    ] {
        assert!(cells.contains(needle), "{needle:?} not in {cells:?}");
    }
    assert_eq!(
        browser
            .attr("#explorer-table tr.current", "data-cores")
            .await
            .as_deref(),
        Some("5")
    );
    assert_eq!(browser.count("#explorer-chart rect.bar").await, 15);

    check_sorting(&browser, &e).await;

    check_adopting_and_history(&browser, &e, &case1).await;

    // Seed 001's 50 GB both ways.
    let fat_or_slim = browser.text("#fat-or-slim").await;
    for needle in ["10 × 5 GB (slim)", "5 × 10 GB (fat)", "Task slots"] {
        assert!(
            fat_or_slim.contains(needle),
            "{needle:?} not in {fat_or_slim:?}"
        );
    }
    browser.assert_clean_console();
    browser.close().await;
}

/// A shared link opens the explorer as it was sent: open, sorted; one without the explorer's
/// keys (every older link) opens it closed. `spark.task.cpus` divides the fat-or-slim split's
/// task slots: 5 cores ÷ 2 = 2 tasks per executor, so 10 × 2 = 20 and 5 × 2 = 10.
#[tokio::test]
async fn a_link_opens_the_explorer_sorted_and_task_cpus_divide_the_split() {
    let browser = Browser::open("explorer-link").await;
    browser.open_plan("v=1&tc=2&xo=1&xs=-heap").await;
    browser
        .wait_for_js(
            "the explorer's table, open from the link",
            "document.querySelectorAll('#explorer-table tbody tr').length > 0",
        )
        .await;
    assert!(
        browser
            .js("return document.getElementById('explorer-details').open;")
            .await
            .as_bool()
            == Some(true)
    );
    let mut case1 = preset("case1").expect("case1").input;
    case1.spark.task_cpus = 2;
    let e = explore(&Scenario::Yarn(case1)).expect("valid");
    assert_eq!(row_cores(&browser).await, by_heap_descending(&e));
    assert_eq!(
        browser
            .attr("#explorer-table thead th:nth-child(4)", "aria-sort")
            .await
            .as_deref(),
        Some("descending")
    );
    let split = browser
        .wait_for_text_containing("#fat-or-slim", &["5 cores per executor, 2 CPUs per task"])
        .await;
    let slots = browser
        .js("return [...document.querySelectorAll('#fat-or-slim tbody tr:first-child td')].map(c => c.textContent);")
        .await;
    assert_eq!(slots, serde_json::json!(["20", "10"]), "{split}");
    // Closing it is in the link too.
    browser.click("#explorer-details > summary").await;
    browser.wait_for_query("v=1&tc=2&xs=-heap").await;

    browser.open_plan("v=1").await;
    browser
        .wait_for_headline(&Headline::new(17, 5, "19 GiB"))
        .await;
    assert!(!browser.exists("#explorer-table").await, "closed");
    browser.assert_clean_console();
    browser.close().await;
}

/// With a memory target (case 3's 10 GB), the rows that reach it are marked, as the planner
/// counts them.
#[tokio::test]
async fn rows_that_meet_a_memory_target_are_marked() {
    let browser = Browser::open("explorer-target").await;
    let case3 = Scenario::Yarn(preset("case3").expect("case3").input);
    let query = planner::url::scenario_to_query(&case3);
    browser.open_plan(&format!("{query}&xo=1")).await;
    browser
        .wait_for_js(
            "the explorer's table",
            "document.querySelectorAll('#explorer-table tbody tr').length > 0",
        )
        .await;
    let e = explore(&case3).expect("valid");
    let expected: Vec<u32> = e
        .rows
        .iter()
        .filter(|r| e.reaches_target(r))
        .map(|r| r.cores)
        .collect();
    assert_eq!(expected.first(), Some(&3));
    let marked = browser
        .js("return [...document.querySelectorAll('#explorer-table tbody tr')].filter(r => r.textContent.includes('meets the memory target')).map(r => +r.dataset.cores);")
        .await;
    assert_eq!(marked, serde_json::json!(expected));
    browser.assert_clean_console();
    browser.close().await;
}

/// Typing with the explorer open on 1,000 nodes × 96 cores (95 rows re-swept and redrawn per
/// keystroke): the time from an input event to the next frame, in the release build
/// (BENCHMARKS.md, "The trade-off explorer's sweep"). A frame is 16.7 ms; the bound is loose
/// because the machine running the tests is shared.
#[tokio::test]
async fn typing_stays_smooth_with_the_explorer_open() {
    let browser = Browser::open("explorer-typing").await;
    browser.open_plan("v=1&n=1000&c=96&m=768&xo=1").await;
    browser
        .wait_for_js(
            "the explorer's 95 rows",
            "document.querySelectorAll('#explorer-table tbody tr').length === 95",
        )
        .await;
    let times = browser
        .client()
        .execute_async(
            "const done = arguments[arguments.length - 1];\
             const el = document.getElementById('f-n');\
             const times = [];\
             const next = i => {\
               if (i > 10) { done(times); return; }\
               const t = performance.now();\
               el.value = String(1000 + i);\
               el.dispatchEvent(new Event('input', { bubbles: true }));\
               requestAnimationFrame(() => { times.push(performance.now() - t); setTimeout(() => next(i + 1), 0); });\
             };\
             next(1);",
            Vec::new(),
        )
        .await
        .expect("typing timed");
    let mut ms: Vec<f64> = times
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_f64().expect("a time"))
        .collect();
    ms.sort_by(f64::total_cmp);
    let median = ms[ms.len() / 2];
    println!("keystroke to next frame, explorer open, 1,000 × 96 cores: median {median:.1} ms, all {ms:?}");
    // The last keystroke's plan is shown: 1,010 nodes.
    browser.wait_for_query("v=1&n=1010&c=96&m=768&xo=1").await;
    assert!(median < 100.0, "median {median} ms: {ms:?}");
    browser.assert_clean_console();
    browser.close().await;
}

#[tokio::test]
async fn explorer_sweeps_kubernetes_and_emr() {
    let browser = Browser::open("explorer-platforms").await;
    browser.open_plan("v=1&cm=k8s").await;
    browser
        .wait_for_headline(&Headline::new(16, 2, "6 GiB"))
        .await;
    open_explorer(&browser).await;
    assert_eq!(row_cores(&browser).await, (1..=15).collect::<Vec<_>>());
    // The plan asks for 16 executors of 6 GiB; each row fills the nodes (2 cores: 56 × 7 GiB):
    // no row is that plan, until one is adopted.
    assert!(!browser.exists("#explorer-table tr.current").await);
    browser
        .click("#explorer-table tr[data-cores='2'] button.adopt")
        .await;
    browser
        .wait_for_headline(&Headline::new(56, 2, "7 GiB"))
        .await;
    browser
        .wait_for_js(
            "the adopted row marked as the plan",
            "document.querySelector('#explorer-table tr.current')?.dataset.cores === '2'",
        )
        .await;
    assert!(!browser.exists("#explorer-emr-note").await);
    browser.click("#cm-emr").await;
    browser
        .wait_for_js(
            "the EMR rows",
            "document.querySelectorAll('#explorer-table tbody tr').length === 16",
        )
        .await;
    // EMR's requests (the executor settings carried from Kubernetes) are no row either.
    assert!(!browser.exists("#explorer-table tr.current").await);
    // EMR merges requests per node: the rows say they are requests.
    assert!(browser.exists("#explorer-emr-note").await);
    browser.assert_clean_console();
    browser.close().await;
}

#[tokio::test]
async fn explorer_screenshots_at_desktop_and_phone_widths_light_and_dark() {
    let browser = Browser::open("explorer-screens").await;
    browser.open_plan("").await;
    browser
        .wait_for_headline(&Headline::new(17, 5, "19 GiB"))
        .await;
    open_explorer(&browser).await;
    let mut problems = Vec::new();
    for (scheme, part) in [
        ("light", "explorer"),
        ("dark", "explorer"),
        ("light", "fat-or-slim"),
        ("dark", "fat-or-slim"),
    ] {
        browser.set_color_scheme(scheme).await;
        let suffix = if scheme == "dark" { "-dark" } else { "" };
        for width in [1280, 375] {
            browser.set_viewport(width, 900).await;
            browser
                .js(&format!(
                    "document.getElementById('{part}').scrollIntoView(); return true;"
                ))
                .await;
            let path = browser
                .screenshot(&format!("explorer-{part}{suffix}"), width)
                .await;
            let size = std::fs::metadata(&path).expect("screenshot saved").len();
            assert!(size > 10_000, "{} is only {size} bytes", path.display());
            if browser.overflows_horizontally().await {
                problems.push(format!(
                    "explorer ({scheme}) scrolls sideways at {width} px: {:?}",
                    browser.elements_past_right_edge().await
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
    browser.assert_clean_console();
    browser.close().await;
}

/// Driver guidance from a link: results collected above the usable heap and the default
/// maxResultSize, and the edge node's room in client mode; spark.task.cpus dividing the slots;
/// screenshots of the Driver section at 1280 and 375 px, light and dark.
#[tokio::test]
async fn driver_guidance_and_task_cpus_from_a_link() {
    let browser = Browser::open("driver").await;
    // A 4g driver in client mode: 4096 + 409 MiB each, 3 fit in 16 GiB; 5000 MiB collected is
    // above the 1g limit and the 3796 MiB usable heap.
    browser
        .open_plan("v=1&mode=client&dm=4096&col=5000&egm=16384&egc=8&tc=2")
        .await;
    let text = browser
        .wait_for_text_containing("#driver-section", &["holds 3 drivers", "maxResultSize"])
        .await;
    assert!(text.contains("3796 MiB"), "{text}");
    // 17 executors × ⌊5 ÷ 2⌋ = 34 tasks at once.
    let working = browser.text("#working").await;
    assert!(working.contains("= 34 tasks at once"), "{working}");
    let mut problems = Vec::new();
    for scheme in ["light", "dark"] {
        browser.set_color_scheme(scheme).await;
        let suffix = if scheme == "dark" { "-dark" } else { "" };
        for width in [1280, 375] {
            browser.set_viewport(width, 900).await;
            browser
                .js("document.getElementById('driver-section').scrollIntoView(); return true;")
                .await;
            browser.screenshot(&format!("driver{suffix}"), width).await;
            if browser.overflows_horizontally().await {
                problems.push(format!("driver ({scheme}) scrolls sideways at {width} px"));
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
    browser.assert_clean_console();
    browser.close().await;
}

/// A field left bad for a moment (Nodes emptied before the new number is typed) keeps the
/// explorer's table, with the last plan's rows, as the other sections keep theirs, marked as not
/// current; the new number then gives its own rows.
#[tokio::test]
async fn a_bad_field_keeps_the_last_plans_rows_until_it_is_fixed() {
    let browser = Browser::open("explorer-stale").await;
    browser.open_plan("v=1&xo=1").await;
    browser
        .wait_for_js(
            "the explorer's table",
            "document.querySelectorAll('#explorer-table tbody tr').length > 0",
        )
        .await;
    let before = row_cores(&browser).await;
    let first_executors = "#explorer-table tbody tr:first-child td:nth-child(3)";
    let executors_before = browser.text(first_executors).await;
    browser.type_field("n", "").await;
    browser
        .wait_for_js(
            "the stale marking",
            "document.querySelector('.details.stale')",
        )
        .await;
    assert_eq!(
        row_cores(&browser).await,
        before,
        "the last plan's rows stay"
    );
    assert_eq!(browser.text(first_executors).await, executors_before);
    browser.type_field("n", "12").await;
    browser
        .wait_for_js(
            "the plan of 12 nodes",
            "!document.querySelector('.details.stale')",
        )
        .await;
    let twelve = explore(&planner::url::scenario_from_query("v=1&n=12").scenario)
        .expect("case 1 on 12 nodes explores");
    let first = &twelve.rows[0];
    browser
        .wait_for_text(first_executors, &group(u64::from(first.executors)))
        .await;
    browser.assert_clean_console();
    browser.close().await;
}
