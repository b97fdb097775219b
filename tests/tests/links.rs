//! End-to-end tests of the page's address and of bad input: a shared link reproduces the plan
//! in a fresh browser, Back undoes a preset, and invalid values (typed or in a link) show a
//! message at their field while the rest of the page keeps working.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::app::{comparison, input_of, with, Headline};
use common::Browser;
use planner::{url, PlanInput};

#[tokio::test]
async fn a_shared_link_reproduces_the_plan_in_a_fresh_browser() {
    let a = Browser::open("link-a").await;
    a.open_plan("").await;
    let mut input = PlanInput::default();
    for (key, text) in [
        ("n", "12"),
        ("c", "32"),
        ("m", "256"),
        ("cpe", "4"),
        ("tgt", "12g"),
        ("share", "50"),
        ("of", "0.15"),
    ] {
        a.type_field(key, text).await;
        input = with(&input, key, text);
    }
    for (key, value) in [("sv", "3.5"), ("mode", "client"), ("gran", "mib")] {
        a.select(&format!("#f-{key}"), value).await;
        input = with(&input, key, value);
    }
    a.type_field("amm", "1g").await;
    input = with(&input, "amm", "1g");
    a.click("#method-rule").await;
    input = with(&input, "meth", "rule");
    a.assert_edited_plan(&input).await;

    let link = a
        .client()
        .current_url()
        .await
        .expect("the address")
        .to_string();
    let query = a.query().await;
    assert_eq!(query, url::to_query(&input), "the link is canonical");
    assert_eq!(input_of(&query), input, "the link decodes to the input");
    let headline = a.headline().await.expect("a headline");
    let submit = a.submit_words().await;
    let fields = a.field_values().await;
    let layout = a.layout().await;
    a.assert_clean_console();
    a.assert_all_requests_local().await;
    a.close().await;

    let b = Browser::open("link-b").await;
    let path = link
        .strip_prefix(b.base())
        .unwrap_or_else(|| panic!("{link} is not on {}", b.base()));
    b.open_page(path, common::app::READY).await;
    assert_eq!(b.headline().await.as_ref(), Some(&headline));
    assert_eq!(b.submit_words().await, submit);
    // The memory target shows in its unit, GiB: "12g" as typed opens as "12".
    let shown_canonically: Vec<(String, String)> = fields
        .into_iter()
        .map(|(k, v)| {
            if k == "tgt" {
                (k, "12".to_string())
            } else {
                (k, v)
            }
        })
        .collect();
    assert_eq!(b.field_values().await, shown_canonically);
    assert_eq!(b.layout().await, layout);
    b.assert_plan(&input).await;
    assert!(
        !b.exists("#notice").await,
        "a link of this version has no notice"
    );
    // The link reads the same after it is opened (nothing rewrites it).
    assert_eq!(b.query().await, query);

    // Lenient text in a link is read like typed text, and shown canonically.
    b.open_plan("v=1&m=128%20GB&tgt=10g").await;
    assert_eq!(b.value("#f-m").await, "128");
    assert_eq!(b.value("#f-tgt").await, "10");
    b.assert_plan(&with(
        &with(&PlanInput::default(), "m", "128"),
        "tgt",
        "10g",
    ))
    .await;

    b.assert_clean_console();
    b.assert_all_requests_local().await;
    b.close().await;
}

/// While a field is being fixed, the plan of `last` stays in view, marked as not current, and
/// so do the sections below (the page does not blank while typing).
async fn assert_last_plan_kept(b: &Browser, last: &PlanInput) {
    let last = Headline::of(comparison(last).selected_plan());
    assert_eq!(
        b.text("#stale-summary").await,
        format!(
            "{} executors × {} cores × {}",
            last.executors, last.cores, last.memory
        )
    );
    assert!(b.text("#stale-plan").await.starts_with("Not current"));
    assert!(b.exists("#stale-details").await);
    for kept in ["#compare", "#layout", "#memory", "#working", "#warnings"] {
        assert!(
            b.exists(&format!(".details.stale {kept}")).await,
            "{kept} is not kept, marked, while a field is fixed"
        );
    }
    assert!(b.exists("#about").await);
}

#[tokio::test]
async fn invalid_values_show_messages_at_their_fields_and_the_page_keeps_working() {
    let b = Browser::open("invalid").await;
    b.open_plan("").await;
    assert_eq!(b.field_error("n").await, "");
    assert_eq!(
        b.attr("#f-n", "aria-invalid").await.as_deref(),
        Some("false")
    );

    b.type_field("n", "0").await;
    let message = b.wait_for_text_containing("#err-n", &["Nodes"]).await;
    assert!(message.contains("1 to 100\u{202f}000"), "#err-n: {message}");
    assert_eq!(
        b.attr("#f-n", "aria-invalid").await.as_deref(),
        Some("true")
    );
    assert!(b.exists(".field.invalid #f-n").await);
    // The answer lists what to fix instead of a plan; the last plan stays in view, marked as
    // not current, and so do the sections below (the page does not blank while typing).
    let summary = b.text("#invalid").await;
    assert!(
        summary.contains("Nodes") && summary.contains("1 to 100\u{202f}000"),
        "{summary}"
    );
    assert!(b.headline().await.is_none());
    assert_last_plan_kept(&b, &PlanInput::default()).await;
    // The address keeps what was typed, so the link shows the same error.
    assert_eq!(b.query().await, "v=1&n=0");

    // A second bad field, unreadable this time: both are listed, each at its own field.
    b.type_field("m", "lots").await;
    let memory = b
        .wait_for_text_containing("#err-m", &["Memory per node", "lots"])
        .await;
    assert!(memory.contains("not a size"), "#err-m: {memory}");
    b.wait_for_js(
        "two messages",
        "document.querySelectorAll('#invalid li').length === 2",
    )
    .await;
    assert!(b.exists(".field.invalid #f-m").await);
    assert_eq!(b.field_error("c").await, "", "other fields stay valid");
    assert_eq!(
        b.attr("#f-c", "aria-invalid").await.as_deref(),
        Some("false")
    );
    assert_eq!(b.query().await, "v=1&n=0&m=lots");

    // The rest of the form still works: typing in a valid field keeps the errors, and the
    // summary's link goes to the field.
    b.type_field("c", "32").await;
    b.wait_for_query("v=1&n=0&c=32&m=lots").await;
    assert!(b.headline().await.is_none());
    b.click("#invalid a[href='#f-m']").await;

    // Fixing one field removes its message; fixing both brings the plan back.
    b.type_field("n", "6").await;
    b.wait_for_text("#err-n", "").await;
    assert_eq!(
        b.attr("#f-n", "aria-invalid").await.as_deref(),
        Some("false")
    );
    assert!(!b.exists(".field.invalid #f-n").await);
    assert!(b.headline().await.is_none(), "memory is still bad");
    b.type_field("m", "64").await;
    b.wait_for_text("#err-m", "").await;
    b.assert_edited_plan(&input_of("v=1&c=32")).await;
    b.wait_for_headline(&Headline::new(36, 5, "9 GiB")).await;
    assert!(b.exists("#layout .node").await);

    // Break it again, then choose a preset: a preset replaces every field, errors included.
    b.type_field("cpe", "0").await;
    b.wait_for_text_containing("#err-cpe", &["Cores per executor"])
        .await;
    assert!(b.headline().await.is_none());
    b.click("#preset-case3").await;
    b.wait_for_headline(&Headline::new(29, 3, "10 GiB")).await;
    assert_eq!(b.field_error("cpe").await, "");
    assert_eq!(b.value("#f-cpe").await, "5");
    assert!(!b.exists("#invalid").await);

    // A memory target below Spark's minimum is refused at its field too.
    b.type_field("tgt", "100m").await;
    let target = b
        .wait_for_text_containing("#err-tgt", &["Memory target per executor"])
        .await;
    assert!(target.contains("allowed"), "#err-tgt: {target}");
    b.type_field("tgt", "").await;
    b.assert_plan(&PlanInput::default()).await;

    b.assert_clean_console();
    b.assert_all_requests_local().await;
    b.close().await;
}

#[tokio::test]
async fn a_link_with_bad_values_and_unknown_keys_shows_them() {
    let b = Browser::open("bad-link").await;
    b.open_page("/?v=1&n=0&m=lots&zz=3&c=32", "#invalid").await;

    let nodes = b.text("#err-n").await;
    assert!(
        nodes.contains("Nodes") && nodes.contains("1 to 100\u{202f}000"),
        "{nodes}"
    );
    assert_eq!(b.value("#f-n").await, "0");
    let memory = b.text("#err-m").await;
    assert!(
        memory.contains("Memory per node") && memory.contains("lots"),
        "{memory}"
    );
    assert_eq!(
        b.value("#f-m").await,
        "lots",
        "the bad text is shown as it came"
    );
    assert_eq!(
        b.value("#f-c").await,
        "32",
        "good values in the link are read"
    );
    assert_eq!(b.count("#invalid li").await, 2);

    let notice = b.text("#notice").await;
    assert!(
        notice.contains("zz") && !notice.contains("n,"),
        "the notice names only the unknown key: {notice}"
    );
    b.click("#notice button").await;
    b.wait_for_js("the notice to go", "!document.getElementById('notice')")
        .await;

    // Fixing the fields gives the plan of the rest of the link.
    b.type_field("n", "6").await;
    b.type_field("m", "64").await;
    b.assert_edited_plan(&input_of("v=1&c=32")).await;

    // A link from a newer format version says so.
    b.open_page("/?v=2&n=12", common::app::READY).await;
    b.wait_for_text_containing("#notice", &["v2"]).await;
    b.wait_for_headline(&Headline::of(
        comparison(&input_of("v=1&n=12")).selected_plan(),
    ))
    .await;

    b.assert_clean_console();
    b.assert_all_requests_local().await;
    b.close().await;
}

#[tokio::test]
async fn back_after_a_preset_restores_the_previous_plan() {
    let b = Browser::open("back").await;
    b.open_plan("").await;
    let start = b.history_length().await;

    // A typed plan (replaces the entry), then two presets (each adds one).
    b.type_field("n", "12").await;
    let typed = input_of("v=1&n=12");
    b.assert_plan(&typed).await;
    assert_eq!(b.history_length().await, start);

    b.click("#preset-case2").await;
    b.wait_for_headline(&Headline::new(36, 5, "9 GiB")).await;
    b.wait_for_query("v=1&c=32").await;
    assert_eq!(b.history_length().await, start + 1);
    b.click("#preset-case3").await;
    b.wait_for_headline(&Headline::new(29, 3, "10 GiB")).await;
    b.wait_for_query("v=1&tgt=10240").await;
    assert_eq!(b.history_length().await, start + 2);

    b.client().back().await.expect("Back");
    b.wait_for_query("v=1&c=32").await;
    b.assert_plan(&input_of("v=1&c=32")).await;
    b.wait_for_attr("#preset-case2", "aria-pressed", "true")
        .await;
    assert_eq!(b.value("#f-c").await, "32");
    assert_eq!(b.value("#f-tgt").await, "");

    b.client().back().await.expect("Back");
    b.wait_for_query("v=1&n=12").await;
    b.assert_plan(&typed).await;
    assert_eq!(b.value("#f-n").await, "12");
    assert_eq!(b.value("#f-c").await, "16");
    assert_eq!(
        b.attr("#preset-case2", "aria-pressed").await.as_deref(),
        Some("false")
    );

    b.client().forward().await.expect("Forward");
    b.wait_for_query("v=1&c=32").await;
    b.assert_plan(&input_of("v=1&c=32")).await;

    // Typing after Back edits that entry; the Forward entry is kept until a new push.
    b.type_field("n", "7").await;
    b.assert_edited_plan(&input_of("v=1&n=7&c=32")).await;
    b.client().back().await.expect("Back");
    b.wait_for_query("v=1&n=12").await;
    b.client().forward().await.expect("Forward");
    b.wait_for_query("v=1&n=7&c=32").await;
    b.assert_plan(&input_of("v=1&n=7&c=32")).await;

    b.assert_clean_console();
    b.assert_all_requests_local().await;
    b.close().await;
}

/// Switching to "Set NodeManager resources" starts from the hardware typed so far (here 128 GiB
/// less the 1 GiB reservation), so the plan does not silently change.
#[tokio::test]
async fn switching_to_explicit_nodemanager_resources_starts_from_the_typed_hardware() {
    let b = Browser::open("nm-prefill").await;
    b.open_plan("").await;
    b.type_field("m", "128").await;
    b.wait_for_query("v=1&m=128").await;
    b.click("#nm-explicit").await;
    b.wait_for_js(
        "the NodeManager fields",
        "!document.getElementById('f-nmm').closest('.field').classList.contains('hidden')",
    )
    .await;
    // 128 GiB − the 1 GiB reservation, as a fresh page with ?v=1&m=128 prefills.
    assert_eq!(b.value("#f-nmm").await, "130048");
    assert_eq!(b.value("#f-nmv").await, "15");
    b.close().await;
}

/// Following a link in the "Fix … fields" list focuses the field and keeps what was typed
/// ("128 GB" stays "128 GB", the history does not grow).
#[tokio::test]
async fn following_an_error_link_keeps_the_typed_text() {
    let b = Browser::open("error-link").await;
    b.open_plan("").await;
    b.type_field("m", "128 GB").await;
    b.type_field("n", "0").await;
    b.wait_for_text_containing("#err-n", &["Nodes"]).await;
    let history = b.history_length().await;
    b.click("#invalid a[href='#f-n']").await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(b.value("#f-m").await, "128 GB");
    assert_eq!(b.history_length().await, history);
    let focused = b
        .js("return document.activeElement && document.activeElement.id;")
        .await;
    assert_eq!(focused.as_str(), Some("f-n"));
    b.close().await;
}
