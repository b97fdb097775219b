//! End-to-end tests of the states issue 13 found hard to get out of, and of its words: a value
//! being typed keeps the last plan (marked) and reports a conflict at the field being edited,
//! every error leads to a visible control, switching cluster manager keeps what was typed,
//! long values are cut, odd links are explained, every page copies its link and a failed copy
//! says so, a bare number is the unit its field shows.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::app::{comparison, input_of, Headline};
use common::Browser;

/// Typing "32" into cores per node passes through "3": the conflict is said at cores per
/// executor, the field it names (issue 28, item 6), and repeated at cores per node as its
/// cause; the last plan stays (marked), and "32" plans.
#[tokio::test]
async fn a_keystroke_that_conflicts_keeps_the_last_plan_and_marks_the_named_field_and_its_cause() {
    let b = Browser::open("typing").await;
    b.open_plan("").await;
    b.type_field("c", "3").await;
    let named = b
        .wait_for_text_containing("#err-cpe", &["Cores per executor", "1 to 2"])
        .await;
    assert!(named.starts_with("Cores per executor is 5"), "{named}");
    assert_eq!(
        b.field_error("c").await,
        format!("With this Cores per node, {named}"),
        "cores per node is the cause"
    );
    assert_eq!(
        b.attr("#f-cpe", "aria-invalid").await.as_deref(),
        Some("true")
    );
    // Memory per node, typed next, changes nothing about it: it is not blamed.
    b.type_field("m", "32").await;
    b.wait_for_text_containing("#err-cpe", &["Cores per executor is 5"])
        .await;
    assert_eq!(b.field_error("m").await, "");
    assert!(b
        .field_error("c")
        .await
        .starts_with("With this Cores per node,"));
    b.type_field("m", "64").await;
    let last = Headline::of(comparison(&input_of("v=1")).selected_plan());
    assert_eq!(
        b.text("#stale-summary").await,
        format!(
            "{} executors × {} cores × {}",
            last.executors, last.cores, last.memory
        )
    );
    assert!(b.exists(".details.stale #layout .node").await);
    // The summary's one line leads to the field to fix.
    assert!(b.exists("#invalid a[href='#f-cpe']").await);
    assert!(!b.exists("#invalid a[href='#f-c']").await);
    for width in [1280, 375] {
        b.screenshot_full_page("typing-conflict", width).await;
        assert!(
            !b.overflows_horizontally().await,
            "the typing state scrolls sideways at {width} px"
        );
    }
    b.screenshot("typing-conflict-top", 375).await;
    b.set_viewport(1280, 900).await;
    b.type_field("c", "32").await;
    b.assert_edited_plan(&input_of("v=1&c=32")).await;
    assert!(!b.exists("#stale-plan").await);
    assert!(!b.exists(".details.stale").await);
    b.assert_clean_console();
    b.close().await;
}

/// An unreadable method (no form field) offers its default; a bad calculator's link opens the
/// collapsed scheduler section and focuses the field.
#[tokio::test]
async fn every_error_leads_to_a_visible_control() {
    let b = Browser::open("visible-controls").await;
    b.open_page("/?v=1&meth=magic", "#invalid").await;
    let summary = b.text("#invalid").await;
    assert!(summary.contains("magic"), "{summary}");
    // The method has no form field: its message offers the default instead of a link to
    // nowhere.
    assert!(
        b.text("#reset-meth")
            .await
            .ends_with("use the default (Spark-exact)"),
        "{summary}"
    );
    b.click("#reset-meth").await;
    b.wait_for_headline(&Headline::of(comparison(&input_of("v=1")).selected_plan()))
        .await;
    assert!(b.exists("#method-exact").await && b.exists("#method-rule").await);

    b.open_page("/?v=1&calc=weird", "#invalid").await;
    assert!(b.attr("details.scheduler", "open").await.is_none());
    b.click("#invalid a[href='#f-calc']").await;
    b.wait_for_js(
        "the scheduler section to open",
        "document.querySelector('details.scheduler').open",
    )
    .await;
    let focused = b
        .js("return document.activeElement && document.activeElement.id;")
        .await;
    assert_eq!(focused.as_str(), Some("f-calc"));
    let visible = b
        .js("return document.getElementById('f-calc').getBoundingClientRect().height > 0;")
        .await;
    assert_eq!(visible.as_bool(), Some(true));
    b.select("#f-calc", "default").await;
    b.wait_for_headline(&Headline::of(
        comparison(&input_of("v=1&calc=default")).selected_plan(),
    ))
    .await;
    b.assert_clean_console();
    b.close().await;
}

/// YARN n=20 → Kubernetes → YARN keeps each form; what was typed into fields both forms have
/// (nodes, cores per executor, the reserved cores only YARN has) comes along, and a note under
/// the switch says so.
#[tokio::test]
async fn switching_cluster_manager_keeps_each_form() {
    let b = Browser::open("switch-keeps").await;
    b.open_plan("").await;
    assert_eq!(b.text("#switch-note").await, "", "nothing switched yet");
    b.type_field("n", "20").await;
    b.type_field("cpe", "4").await;
    b.type_field("rc", "2").await;
    b.assert_edited_plan(&input_of("v=1&n=20&rc=2&cpe=4")).await;
    b.click("#cm-k8s").await;
    b.wait_for_query("v=1&cm=k8s&n=20&cpe=4").await;
    assert_eq!(b.value("#f-n").await, "20");
    assert_eq!(b.value("#f-cpe").await, "4");
    assert_eq!(
        b.text("#switch-note").await,
        "Kept from YARN: Nodes and Cores per executor. YARN's other settings are kept for a switch back."
    );
    b.screenshots_of("switch-note", "switch-note").await;
    b.type_field("em", "8g").await;
    b.wait_for_query("v=1&cm=k8s&n=20&cpe=4&em=8192").await;
    b.click("#cm-yarn").await;
    b.wait_for_query("v=1&n=20&rc=2&cpe=4").await;
    assert_eq!(b.value("#f-rc").await, "2");
    b.assert_plan(&input_of("v=1&n=20&rc=2&cpe=4")).await;
    let back = b.text("#switch-note").await;
    assert!(back.starts_with("Kept from Kubernetes: Nodes"), "{back}");
    b.click("#cm-k8s").await;
    b.wait_for_query("v=1&cm=k8s&n=20&cpe=4&em=8192").await;
    assert_eq!(b.value("#f-em").await, "8g");
    b.click("#preset-seed002").await;
    // The preset replaces the typed nodes, and says so (issue 28, item 9).
    let note = b
        .wait_for_text_containing("#switch-note", &["replaced what was typed", "Nodes 20 →"])
        .await;
    assert!(note.starts_with("The preset "), "{note}");
    b.assert_clean_console();
    b.close().await;
}

/// A 300-character value is cut with a message, never widens the page, and is not misquoted.
#[tokio::test]
async fn a_long_value_is_cut_with_a_message_and_the_layout_never_widens() {
    let b = Browser::open("long-value").await;
    let long = "1".repeat(300);
    b.open_page(&format!("/?v=1&n={long}&zz{long}=1"), "#invalid")
        .await;
    let message = b.text("#err-n").await;
    assert!(message.contains("longer than 40 characters"), "{message}");
    assert!(message.chars().count() < 90, "echoed at length: {message}");
    // The box keeps the link's text (for the fix), inside its own width.
    assert_eq!(b.value("#f-n").await, long);
    for width in [1280, 375] {
        b.set_viewport(width, 900).await;
        assert!(
            !b.overflows_horizontally().await,
            "a long value widens the page at {width} px: {:?}",
            b.elements_past_right_edge().await
        );
    }
    assert_eq!(b.attr("#f-n", "maxlength").await.as_deref(), Some("40"));
    // A long number within the cap is refused, not echoed rounded.
    b.open_page("/?v=1&m=123456789012345678901234567890", "#invalid")
        .await;
    let memory = b.text("#err-m").await;
    assert!(
        memory.contains("\"123456789012345678901234567890\""),
        "{memory}"
    );
    b.close().await;
}

/// `cm=foo`, `cm=K8S`, `v=abc` and a key given twice: the notice says what was done.
#[tokio::test]
async fn odd_links_are_explained() {
    let b = Browser::open("odd-links").await;
    b.open_plan("v=1&cm=foo").await;
    let notice = b.text("#notice").await;
    assert!(
        notice.contains("cm=foo is not a cluster manager (yarn, k8s or emr): opened yarn."),
        "{notice}"
    );
    b.open_page("/?v=1&cm=K8S", common::app::READY).await;
    b.wait_for_headline(&Headline::new(16, 2, "6 GiB")).await;
    assert!(b.text("#notice").await.contains("Read cm=K8S as cm=k8s."));
    b.open_plan("v=abc").await;
    assert!(b
        .text("#notice")
        .await
        .contains("v=abc is not a link format version: read as v1."));
    b.open_plan("v=1&n=8&n=12").await;
    b.wait_for_headline(&Headline::of(
        comparison(&input_of("v=1&n=12")).selected_plan(),
    ))
    .await;
    assert!(b
        .text("#notice")
        .await
        .contains("Given more than once, the last value used: n."));
    b.close().await;
}

/// Every page copies its link; where the clipboard refuses (an iframe without clipboard
/// permission, simulated by refusing both ways of copying), the status says nothing was copied
/// and the text is shown selected for a manual copy.
#[tokio::test]
async fn every_page_copies_its_link_and_a_refused_copy_says_so() {
    let b = Browser::open("copy-link").await;
    for (query, headline) in [
        ("v=1&cm=k8s", Headline::new(16, 2, "6 GiB")),
        ("v=1&cm=emr", Headline::new(9, 20, "94\u{202f}854 MiB")),
    ] {
        b.open_plan(query).await;
        b.wait_for_headline(&headline).await;
        b.click("#copy-link").await;
        b.wait_for_text("#copy-status", "Link copied").await;
        assert_eq!(b.clipboard_text().await, format!("{}/?{query}", b.base()));
    }
    b.open_plan("v=1&n=12").await;
    b.js("navigator.clipboard.writeText = () => Promise.reject(new DOMException('refused', 'NotAllowedError'));\
          document.execCommand = () => false; return true;")
        .await;
    b.click("#copy-link").await;
    let status = b
        .wait_for_text_containing("#copy-status", &["Not copied"])
        .await;
    assert!(status.contains("Ctrl+C"), "{status}");
    let manual = b
        .js("const a = document.getElementById('manual-copy');\
             return [a.value, a.selectionStart, a.selectionEnd, document.activeElement === a];")
        .await;
    let href = format!("{}/?v=1&n=12", b.base());
    assert_eq!(
        manual,
        serde_json::json!([href, 0, href.len(), true]),
        "the link is shown selected"
    );
    b.click("#copy-flags").await;
    b.wait_for_js(
        "the flags in the manual-copy box",
        "document.getElementById('manual-copy').value.startsWith('spark-submit')",
    )
    .await;
    assert!(b.text("#copy-status").await.starts_with("Not copied"));
    b.close().await;
}

/// A bare number is the unit the field shows: 128 in Kubernetes' memory per node is 128 GiB
/// (the link keeps MiB, as v1 links always did); `m=65536`, the MB figure of yarn-site.xml in a
/// GiB field, is flagged; a percentage typed as a factor says which factor to type.
#[tokio::test]
async fn a_bare_number_is_the_unit_its_field_shows() {
    let b = Browser::open("units").await;
    b.open_plan("v=1&cm=k8s").await;
    assert_eq!(b.text("#f-kmem + .unit").await, "GiB");
    assert_eq!(b.value("#f-kmem").await, "64");
    b.type_field("kmem", "128").await;
    b.wait_for_query("v=1&cm=k8s&kmem=131072").await;
    assert!(!b.exists("#input-notes").await);

    b.open_plan("v=1&m=65536").await;
    let note = b
        .wait_for_text_containing("#input-notes", &["64 TiB per node — did you mean 64 GiB?"])
        .await;
    assert!(note.starts_with("Memory per node"), "{note}");
    assert!(b.text("#note-m").await.contains("did you mean 64 GiB?"));
    b.type_field("m", "64").await;
    b.wait_for_js("the note to go", "!document.getElementById('input-notes')")
        .await;

    b.type_field("of", "150%").await;
    b.wait_for_text_containing("#err-of", &["type 1.5"]).await;
    b.assert_clean_console();
    b.close().await;
}

#[tokio::test]
async fn a_planner_that_cannot_start_is_said_in_the_page() {
    let browser = Browser::open("no-wasm").await;
    browser.cdp("Network.enable", serde_json::json!({}));
    browser.cdp(
        "Network.setBlockedURLs",
        serde_json::json!({ "urls": ["*/app-*_bg.wasm"] }),
    );
    browser
        .open_page_expecting_errors("/?v=1", "#shell [role=alert]")
        .await;
    let said = browser.text("#shell [role=alert]").await;
    assert!(
        said.starts_with("The planner could not start in this browser. Reload the page"),
        "{said}"
    );
    assert!(!said.contains("Loading"), "{said}");
    browser.screenshot("no-wasm", 375).await;
    browser.close().await;
}
