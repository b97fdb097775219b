//! End-to-end tests of the embed card (`embed/?<plan>`, and old links with `embed=1`): the
//! snippet "Copy embed code" gives, pasted as it is into a page of another origin (a wiki that allows inline scripts), shows the plan's
//! card in a cross-origin iframe whose height follows the card's `spark-sizer:height`
//! message; the card reads at 320 and 800 px, light and dark (screenshots `embed-*`).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::fs;

use common::{dist_dir, serve_dir_with_csp, target_dir, Browser, CSP};

/// What a host serving Spark Sizer for embedding sends: the strict policy, but framing allowed.
fn frameable_csp() -> &'static str {
    CSP.trim_end_matches("; frame-ancestors 'none'")
}

/// A wiki page's policy: inline scripts and styles allowed (the snippet's listener and the
/// frame's style), frames from anywhere.
const WIKI_CSP: &str =
    "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; frame-src *";

/// Opens case 2 on the full page at `sizer` and returns what "Copy embed code" copies.
async fn copy_embed_code(browser: &Browser, sizer: &str) -> String {
    browser
        .client()
        .goto(&format!("{sizer}/?v=1&c=32"))
        .await
        .expect("open the full page");
    browser
        .wait_for_text_containing("#headline", &["36", "executors"])
        .await;
    browser.click("#copy-embed").await;
    browser
        .wait_for_text("#copy-status", "Embed code copied")
        .await;
    browser.clipboard_text().await
}

/// Serves a wiki page holding `code` as pasted, on its own origin; returns its base URL.
fn wiki_page_with(code: &str) -> String {
    wiki_page_in("embed-wiki", code)
}

/// [`wiki_page_with`] in a folder of its own (tests run at once).
fn wiki_page_in(folder: &str, code: &str) -> String {
    let wiki_dir = target_dir().join("e2e").join(folder);
    fs::create_dir_all(&wiki_dir).expect("create the wiki folder");
    fs::write(
        wiki_dir.join("index.html"),
        format!(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Team wiki</title>\
             <link rel=\"icon\" href=\"data:,\"></head><body><h1>Our Spark jobs</h1>\n{code}\n</body></html>"
        ),
    )
    .expect("write the wiki page");
    serve_dir_with_csp(wiki_dir, WIKI_CSP)
}

#[tokio::test]
async fn copied_embed_code_works_in_a_cross_origin_page() {
    assert!(!frameable_csp().contains("frame-ancestors"));
    let sizer = serve_dir_with_csp(dist_dir(), frameable_csp());
    let browser = Browser::open("embed").await;
    let code = copy_embed_code(&browser, &sizer).await;
    assert!(
        code.starts_with(&format!("<iframe src=\"{sizer}/embed/?v=1&amp;c=32\"")),
        "{code}"
    );
    let wiki = wiki_page_with(&code);
    assert_ne!(wiki, sizer);
    browser
        .client()
        .goto(&format!("{wiki}/"))
        .await
        .expect("open the wiki page");
    browser
        .client()
        .enter_frame(0)
        .await
        .expect("enter the frame");
    browser
        .wait_for_text("#headline", "36 executors × 5 cores × 9 GiB")
        .await;
    assert!(browser.exists("#embed #layout .node").await);
    assert!(
        !browser.exists("form, input, select").await,
        "no form in the card"
    );
    let settings = browser.text("#settings").await;
    assert!(settings.contains("spark.executor.instances"), "{settings}");
    let open = browser
        .js("return document.getElementById('open-full').href;")
        .await;
    assert_eq!(open.as_str(), Some(format!("{sizer}/?v=1&c=32").as_str()));
    let card_height = browser.js("return document.body.offsetHeight + 1;").await;
    let card_height = card_height.as_u64().expect("a height in pixels");
    // Not the snippet's first 480 px, so a frame left at that height cannot pass.
    assert_ne!(card_height, 480);
    browser
        .client()
        .enter_parent_frame()
        .await
        .expect("leave the frame");
    browser
        .wait_for_js(
            "the frame's height set from its message",
            &format!(
                "document.querySelector('iframe').getBoundingClientRect().height === {card_height}"
            ),
        )
        .await;
    // The frame is another origin: its document is out of the wiki's reach.
    let reachable = browser
        .js("return document.querySelector('iframe').contentDocument !== null;")
        .await;
    assert_eq!(reachable.as_bool(), Some(false));
    browser.assert_clean_console();
    browser.close().await;
}

/// Issue 28, item 12: a card far below the wiki page's fold gets its height without being
/// scrolled to (a frame out of view gets no animation frame; the height is posted once laid
/// out).
#[tokio::test]
async fn a_card_below_the_fold_is_sized_before_it_is_scrolled_to() {
    let sizer = serve_dir_with_csp(dist_dir(), frameable_csp());
    let browser = Browser::open("embed-below").await;
    let code = copy_embed_code(&browser, &sizer).await;
    let wiki = wiki_page_in(
        "embed-wiki-below",
        // Below the fold, within the distance at which the browser loads a lazy frame.
        &format!("<div style=\"height:1200px\">Long text</div>\n{code}"),
    );
    browser
        .client()
        .goto(&format!("{wiki}/"))
        .await
        .expect("open the wiki page");
    browser
        .wait_for_js(
            "the frame below the fold sized from its message",
            "(() => { const f = document.querySelector('iframe'); \
             return f.getBoundingClientRect().top > window.innerHeight && \
             f.getBoundingClientRect().height !== 480; })()",
        )
        .await;
    let scrolled = browser.js("return window.scrollY;").await;
    assert_eq!(scrolled.as_f64(), Some(0.0), "never scrolled to the frame");
    browser.close().await;
}

#[tokio::test]
async fn the_card_reads_from_320_to_800_pixels_light_and_dark() {
    let browser = Browser::open("embed-widths").await;
    for (query, name) in [
        ("v=1", "yarn"),
        ("v=1&cm=k8s", "k8s"),
        ("v=1&cm=emr", "emr"),
    ] {
        browser
            .open_page(&format!("/embed/?{query}"), "#embed")
            .await;
        for scheme in ["light", "dark"] {
            browser.set_color_scheme(scheme).await;
            for width in [320, 800] {
                browser
                    .screenshot(&format!("embed-{name}-{scheme}"), width)
                    .await;
                let past = browser.elements_past_right_edge().await;
                assert!(past.is_empty(), "{name} at {width} px: {past:?}");
            }
        }
    }
    browser.open_page("/embed/?v=1&n=0", "#embed").await;
    assert_eq!(
        browser.text("#headline").await,
        "This link has values to fix: open it in Spark Sizer."
    );
    browser.assert_clean_console();
    browser.close().await;
}

/// A plan that does not run in full says so on the card as on the full page: the same headline
/// ("No executor runs", "… of N executor pods") and the same reason under it, never a
/// confident shape of 0 executors.
#[tokio::test]
async fn the_card_says_when_a_plan_does_not_run_as_the_page_does() {
    let browser = Browser::open("embed-refusals").await;
    for (query, refusal) in [
        ("v=1&dm=200g", "#refusal"),
        ("v=1&cm=k8s&em=100g", "#refusal"),
        ("v=1&cm=k8s&em=40g", "#refusal"),
        ("v=1&cm=emr", "#emr-shortfall"),
    ] {
        browser.open_page(&format!("/?{query}"), refusal).await;
        let headline = browser.text("#headline").await;
        let reason = browser.text(refusal).await;
        browser
            .open_page(&format!("/embed/?{query}"), "#embed")
            .await;
        assert_eq!(browser.text("#headline").await, headline, "{query}");
        let card_reason = browser.text("#embed #refusal").await;
        assert!(
            !card_reason.is_empty() && reason.contains(&card_reason),
            "{query}: the card says {card_reason:?}, the page {reason:?}"
        );
        // Its settings are what was asked for, not a plan that runs (issue 28, item 12).
        assert_eq!(
            browser.text("#embed .embed-ask").await,
            "You ask for",
            "{query}"
        );
    }
    browser.assert_clean_console();
    browser.close().await;
}

/// "Copy embed code" while a field has an error copies a card that shows no plan: the status
/// says so (the review found the copy silent about it).
#[tokio::test]
async fn copying_the_embed_code_of_a_link_to_fix_says_what_the_card_shows() {
    let browser = Browser::open("embed-invalid-copy").await;
    // Typed as a user would: a plan first, then a field made invalid.
    browser.open_plan("").await;
    browser.type_field("n", "0").await;
    browser.wait_for_text_containing("#err-n", &["Nodes"]).await;
    browser.click("#copy-embed").await;
    browser
        .wait_for_text_containing(
            "#copy-status",
            &["Embed code copied", "its card shows no plan"],
        )
        .await;
    let code = browser.clipboard_text().await;
    assert!(code.contains("/embed/?") && code.contains("n=0"), "{code}");
    browser.close().await;
}

/// The card has its own page, so an embed reader fetches neither the page's wasm nor its form;
/// an embed code written before (`?<plan>&embed=1` on the page) still shows the card: the page
/// sends it to the card's address, in place of its history entry.
#[tokio::test]
async fn the_card_loads_without_the_page_and_old_embed_links_still_show_it() {
    let browser = Browser::open("embed-own-page").await;
    browser.open_page("/embed/?v=1&c=32", "#embed").await;
    let fetched = browser
        .js("return performance.getEntriesByType('resource').map(e => e.name);")
        .await;
    let fetched: Vec<&str> = fetched
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|n| n.as_str())
        .collect();
    assert!(
        fetched
            .iter()
            .any(|n| n.ends_with("/embed/spark_sizer_embed_wasm_bg.wasm")),
        "{fetched:?}"
    );
    assert!(
        !fetched
            .iter()
            .any(|n| n.contains("/app-") || n.contains("/api/")),
        "the card fetched the page's files: {fetched:?}"
    );
    let card = browser.text("#headline").await;
    browser.open_page("/?v=1&c=32&embed=1", "#embed").await;
    assert_eq!(browser.text("#headline").await, card);
    let address = browser
        .js("return location.pathname + location.search;")
        .await;
    assert_eq!(address.as_str(), Some("/embed/?v=1&c=32&embed=1"));
    let open = browser
        .js("return new URL(document.getElementById('open-full').href).search;")
        .await;
    assert_eq!(open.as_str(), Some("?v=1&c=32"));
    browser.assert_clean_console();
    browser.close().await;
}

/// A card whose module cannot load (a host that did not copy `embed/`'s wasm, or blocks it)
/// says so in the frame instead of staying blank.
#[tokio::test]
async fn a_card_that_cannot_start_says_so() {
    let browser = Browser::open("embed-no-wasm").await;
    browser.cdp("Network.enable", serde_json::json!({}));
    browser.cdp(
        "Network.setBlockedURLs",
        serde_json::json!({ "urls": ["*/embed/spark_sizer_embed_wasm_bg.wasm"] }),
    );
    browser
        .open_page_expecting_errors("/embed/?v=1", "[role=alert]")
        .await;
    let said = browser.text("[role=alert]").await;
    assert!(
        said.starts_with("This Spark Sizer plan could not be shown in this browser."),
        "{said}"
    );
    assert!(!browser.exists("#embed").await);
    browser.close().await;
}
