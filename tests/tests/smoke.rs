//! End-to-end smoke tests of the release build (`dist/`) in headless Chromium.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::Browser;

#[tokio::test]
async fn page_loads_locally_without_console_errors() {
    let browser = Browser::open("loads").await;
    browser.open_page("/", "#headline").await;

    assert_eq!(browser.title().await, "Spark Sizer");
    assert_eq!(browser.text("h1").await, "Spark Sizer");
    assert_eq!(browser.text("label[for=nodes]").await, "Nodes");
    browser.wait_for_text("#headline", "4 nodes").await;

    let urls = browser.loaded_urls().await;
    assert!(
        urls.iter().any(|u| u.ends_with(".wasm")),
        "no .wasm was loaded: {urls:?}"
    );
    browser.assert_all_requests_local().await;
    browser.assert_clean_console();

    // The page runs under a strict CSP (see common::CSP): an inline script must be refused,
    // and the refusal must reach the console log this harness reads.
    let ran = browser
        .js("const s = document.createElement('script');\
             s.textContent = 'window.inlineRan = true;';\
             document.head.appendChild(s);\
             return window.inlineRan === true;")
        .await;
    assert_eq!(
        ran.as_bool(),
        Some(false),
        "an inline script ran despite the CSP"
    );
    let errors = browser.console_errors();
    assert!(
        errors.iter().any(|e| e.contains("Content Security Policy")),
        "expected a CSP violation in the console, got {errors:?}"
    );
    browser.close().await;
}

#[tokio::test]
async fn typing_nodes_updates_the_headline() {
    let browser = Browser::open("typing").await;
    browser.open_page("/", "#nodes").await;
    browser.wait_for_text("#headline", "4 nodes").await;

    browser.type_into("#nodes", "12").await;
    browser.wait_for_text("#headline", "12 nodes").await;

    browser.type_into("#nodes", "1").await;
    browser.wait_for_text("#headline", "1 node").await;

    browser.type_into("#nodes", "0").await;
    browser
        .wait_for_text("#headline", "Enter a whole number of nodes (1 or more)")
        .await;

    browser.assert_clean_console();
    browser.close().await;
}

#[tokio::test]
async fn screenshots_at_desktop_and_phone_widths() {
    let browser = Browser::open("screens").await;
    browser.open_page("/", "#headline").await;
    browser.wait_for_text("#headline", "4 nodes").await;

    for width in [1280, 375] {
        let path = browser.screenshot("home", width).await;
        let size = std::fs::metadata(&path).expect("screenshot saved").len();
        assert!(size > 1_000, "{} is only {size} bytes", path.display());
        assert!(
            !browser.overflows_horizontally().await,
            "the page scrolls sideways at {width} px"
        );
    }
    browser.set_color_scheme("dark").await;
    let path = browser.screenshot("home-dark", 375).await;
    assert!(std::fs::metadata(&path).expect("screenshot saved").len() > 1_000);

    browser.assert_clean_console();
    browser.close().await;
}
