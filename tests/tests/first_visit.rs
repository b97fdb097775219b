//! End-to-end tests of issue 28's page items as a new user meets them: Kubernetes quantities
//! typed into the Kubernetes form (item 7), messages that name the range and the character
//! that is no digit, and notices for the page's own keys (item 8), what a switch of cluster
//! manager or a preset did with typed hardware (item 9), and the first-visit words explained
//! where they first appear (item 15), and the findings that change what to run pointed to
//! beside the answer (item 4). Screenshots `first-visit-*` at 1280 and 375 px, light and dark.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::Browser;

/// `kubectl describe node` prints memory as `65843012Ki`; pods are written in `Mi`
/// (Kubernetes' `resource.Quantity` binary suffixes).
#[tokio::test]
async fn the_kubernetes_form_takes_kubernetes_quantities() {
    let b = Browser::open("first-visit-k8s").await;
    b.open_plan("v=1&cm=k8s").await;
    for (key, typed) in [("kmem", "65843012Ki"), ("em", "2Gi"), ("dsmem", "512Mi")] {
        b.type_field(key, typed).await;
        b.wait_for_js(
            "the quantity read",
            &format!("document.getElementById('f-{key}').getAttribute('aria-invalid') === 'false'"),
        )
        .await;
        assert_eq!(b.field_error(key).await, "", "{key}={typed}");
    }
    b.type_field("kmem", "64Gi").await;
    b.wait_for_js("the link follows", "location.search.includes('em=2048')")
        .await;
    b.assert_clean_console();
    b.close().await;
}

/// A count typed with another script's digits names the character and the range; a link's
/// `embed=2` and `xs=-bogus` are named in the notice, and a `ck` that holds no setting is
/// said in the check.
#[tokio::test]
async fn messages_name_the_range_and_odd_links_get_a_notice() {
    let b = Browser::open("first-visit-messages").await;
    b.open_plan("").await;
    b.type_field("n", "\u{661}\u{660}").await;
    let message = b
        .wait_for_text_containing("#err-n", &["U+0661", "allowed: 1 to 100"])
        .await;
    assert!(message.starts_with("Nodes: \""), "{message}");
    b.screenshots_of("err-n", "first-visit-digit").await;
    b.open_page("/?v=1&embed=2&xs=-bogus", "#notice").await;
    let notice = b.text("#notice").await;
    assert!(
        notice.contains("embed=2 is not 1 (the embed card alone)")
            && notice.contains("xs=-bogus is not a column of the explorer's table"),
        "{notice}"
    );
    b.screenshots_of("notice", "first-visit-notice").await;
    b.open_page("/?v=1&ck=zzzz", "#check-details[open]").await;
    b.wait_for_text_containing("#check-ck-notice", &["ck=zzzz", "left out"])
        .await;
    b.close().await;
}

/// YARN's typed cores come along to Kubernetes' CPU per node; a preset that replaces typed
/// hardware says which.
#[tokio::test]
async fn switching_carries_the_cores_and_a_preset_says_what_it_replaced() {
    let b = Browser::open("first-visit-switch").await;
    b.open_plan("").await;
    b.type_field("c", "24").await;
    b.type_field("m", "256").await;
    b.wait_for_js("the link follows", "location.search.includes('c=24')")
        .await;
    b.click("#cm-k8s").await;
    b.wait_for_text_containing("#switch-note", &["Kept from YARN", "Cores per node"])
        .await;
    assert_eq!(b.value("#f-kcpu").await, "24");
    b.click("#cm-yarn").await;
    b.wait_for_js("back on YARN", "location.search.includes('c=24')")
        .await;
    b.click("#preset-case2").await;
    let note = b
        .wait_for_text_containing(
            "#switch-note",
            &["replaced what was typed", "Cores per node 24"],
        )
        .await;
    assert!(note.starts_with("The preset "), "{note}");
    b.screenshots_of("switch-note", "first-visit-preset").await;
    b.assert_clean_console();
    b.close().await;
}

/// Each first-visit word carries its explanation where it first appears: the method switch,
/// the NodeManager mode, the policy's fields, the headline's vcores and the layout's legend.
#[tokio::test]
async fn first_visit_words_are_explained_where_they_appear() {
    let b = Browser::open("first-visit-terms").await;
    b.open_plan("").await;
    for css in [
        "#method-exact",
        "#method-rule",
        "#f-tgt",
        "#f-share",
        "label[for='f-tgt']",
        "input#nm-explicit",
    ] {
        let title = b.attr(css, "title").await.unwrap_or_default();
        assert!(title.len() > 40, "{css}: {title:?}");
    }
    let terms = b
        .js(
            "return [...document.querySelectorAll('dfn.term')].map(d => d.textContent + '|' + \
             (d.title.length > 40) + '|' + d.tabIndex);",
        )
        .await;
    let terms: Vec<&str> = terms
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|t| t.as_str())
        .collect();
    for word in ["vcores", "ApplicationMaster", "YARN rounding"] {
        assert!(
            terms.contains(&format!("{word}|true|0").as_str()),
            "{word}: {terms:?}"
        );
    }
    // The keyboard reaches a term, and its explanation shows while it is focused.
    b.js("document.querySelector('.sub dfn.term').focus(); return null;")
        .await;
    let shown = b
        .js("return getComputedStyle(document.querySelector('.sub dfn.term'), '::after').content;")
        .await;
    assert!(
        shown
            .as_str()
            .is_some_and(|c| c.contains("YARN's unit of CPU")),
        "{shown:?}"
    );
    b.screenshots_of("headline", "first-visit-term").await;
    b.assert_clean_console();
    b.close().await;
}

/// Where `css` starts, in CSS pixels from the top of the page (the first screen is 900 px tall).
async fn top_of(b: &Browser, css: &str) -> f64 {
    b.js(&format!(
        "return document.querySelector('{css}').getBoundingClientRect().top + window.scrollY;"
    ))
    .await
    .as_f64()
    .expect("a number")
}

/// A finding that changes what to run is beside the answer, on the first screen, with the way
/// to the rest: the workload's task that spills (seed 001's 4 GB tasks, a warning, not an
/// error) and the plan's own warnings (10 nodes of 32 cores and 256 GB on YARN).
#[tokio::test]
async fn findings_that_change_what_to_run_are_beside_the_answer() {
    let b = Browser::open("first-visit-alerts").await;
    let oom = planner::presets::preset("oom-10-cores-45g").expect("seed 001's preset");
    b.open_plan(&planner::url::scenario_to_query(
        &planner::scenario::Scenario::Yarn(oom.input),
    ))
    .await;
    let alert = b
        .wait_for_text_containing("#workload-alerts", &["spill"])
        .await;
    let verdict = b.text("#workload-notes").await;
    // The verdict itself, as "Will the job fit" says it below.
    let first_words: String = alert.chars().take(80).collect();
    assert!(verdict.contains(&first_words), "{alert} / {verdict}");
    assert_eq!(
        b.attr("#workload-more a", "href").await.as_deref(),
        Some("#workload")
    );
    assert!(
        top_of(&b, "#workload-alerts").await < 900.0,
        "on the first screen"
    );
    let each_once = b
        .js("const t = [...document.querySelectorAll('#workload-alerts li')].map(li => li.textContent); return t.length === new Set(t).size;")
        .await;
    assert_eq!(
        each_once,
        serde_json::Value::Bool(true),
        "each finding once"
    );
    b.screenshots_of("answer", "first-visit-alerts").await;

    // The plan's own warnings (10 cores per executor, the maximum allocation) too, and how
    // many more the Warnings section holds.
    let shown = b.count("#plan-alerts li").await;
    let all = b
        .js("return [...document.querySelectorAll('#warnings li')].filter(li => !li.classList.contains('sev-info')).length;")
        .await
        .as_u64()
        .expect("a count");
    assert!(shown > 0, "the plan's warnings are beside its answer");
    let more = b.text_opt("#more-warnings").await.unwrap_or_default();
    assert!(
        usize::try_from(all).expect("small") == shown
            || more.contains(&format!("{} more", all - shown as u64)),
        "{shown} of {all} shown, and {more:?}"
    );
    assert!(
        top_of(&b, "#plan-alerts").await < 900.0,
        "on the first screen"
    );

    // First-visit task 1 (10 nodes of 32 cores and 256 GB): the 31g headline and nothing
    // beside it that argues against it (the memory the 31g heaps leave is a note below).
    b.open_plan("v=1&n=10&c=32&m=256").await;
    b.wait_for_text_containing("#headline", &["60 executors", "31 GiB"])
        .await;
    assert_eq!(b.count("#plan-alerts li").await, 0);
    b.assert_clean_console();
    b.close().await;
}
