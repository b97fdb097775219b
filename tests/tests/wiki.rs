//! End-to-end tests of "For a wiki page": collapsed until opened, it loads the reports module
//! and shows the five exports of the plan shown, each equal to the planner's report of the same
//! link (the planner run natively here, as `spark-sizer --format …` prints it); Copy puts the
//! text on the clipboard; Download saves a file of the right name, MIME type and text; the
//! saved SVG opens on its own in the browser with its title and legend; the texts follow the
//! plan while open; a module that cannot load is said, and opening again retries; screenshots
//! at 1280 and 375 px, light and dark.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::app::Headline;
use common::Browser;
use planner::report::{render_view_linked, Format};
use planner::scenario::plan;
use serde_json::json;

/// The exports in the page's order: format name, file name, MIME type of the download.
const EXPORTS: [(&str, &str, &str); 5] = [
    (
        "markdown-table",
        "spark-sizer-plan.md",
        "text/markdown;charset=utf-8",
    ),
    (
        "confluence",
        "spark-sizer-plan-confluence.txt",
        "text/plain;charset=utf-8",
    ),
    ("html", "spark-sizer-plan.html", "text/html;charset=utf-8"),
    ("svg", "spark-sizer-layout.svg", "image/svg+xml"),
    ("conf", "spark-defaults.conf", "text/plain;charset=utf-8"),
];

/// The planner's report of the plan at `query` in `format`, computed natively, with the page's
/// share link (its address and `query`) as the page passes it (issue 28.11).
fn expected(browser: &Browser, query: &str, format: &str) -> Option<String> {
    let scenario = planner::url::scenario_from_query(query).scenario;
    let format = Format::parse(format).expect("a report format");
    let link = format!("{}/?{query}", browser.base().trim_end_matches('/'));
    let view = planner::view::build(&scenario, &plan(&scenario));
    render_view_linked(&view, format, Some(&link))
}

/// The text of the export `format` as the page holds it (`None` when it shows none).
async fn export_text(browser: &Browser, format: &str) -> Option<String> {
    let script = format!(
        "const e = document.getElementById('wiki-{format}'); return e ? e.textContent : null;"
    );
    browser.js(&script).await.as_str().map(str::to_owned)
}

/// Opens the section (a click on its summary) and waits for the exports.
async fn open_wiki(browser: &Browser) {
    browser.click("#wiki > summary").await;
    browser
        .wait_for_js(
            "the wiki exports",
            "document.getElementById('wiki-markdown-table')",
        )
        .await;
}

/// Asserts that each export the page shows for the plan at `query` is the planner's text, and
/// that the ones the planner has nothing for are left out.
async fn assert_exports_equal_the_planners(browser: &Browser, query: &str) {
    for (format, _, _) in EXPORTS {
        assert_eq!(
            export_text(browser, format).await,
            expected(browser, query, format),
            "{query}: {format}"
        );
    }
}

/// Waits until `path` exists with content, and returns it.
async fn read_when_saved(path: &Path) -> String {
    let start = Instant::now();
    loop {
        // Chromium writes to a temporary name and renames it when the download is complete.
        if let Ok(text) = std::fs::read_to_string(path) {
            if !text.is_empty() {
                return text;
            }
        }
        assert!(
            start.elapsed() < common::TIMEOUT,
            "{} was not saved",
            path.display()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Records, without changing what they do, the Blobs the page makes addresses for and the links
/// it clicks: `window.blobs` and `window.clicked` (`[file name, address]`).
const RECORD_DOWNLOADS: &str = "window.blobs = []; window.clicked = [];\
    const create = URL.createObjectURL;\
    URL.createObjectURL = (blob) => { window.blobs.push(blob); return create.call(URL, blob); };\
    const click = HTMLAnchorElement.prototype.click;\
    HTMLAnchorElement.prototype.click = function () {\
      window.clicked.push([this.download, this.href]); return click.call(this);\
    };\
    return true;";

#[tokio::test]
async fn case_one_exports_copy_download_and_the_svg_opens_on_its_own() {
    let browser = Browser::open("wiki").await;
    let downloads = common::target_dir()
        .join("e2e")
        .join(format!("wiki-downloads-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&downloads);
    std::fs::create_dir_all(&downloads).expect("create the download folder");
    browser.open_plan("").await;
    browser
        .wait_for_headline(&Headline::new(17, 5, "19 GiB"))
        .await;
    browser.cdp(
        "Browser.setDownloadBehavior",
        json!({ "behavior": "allow", "downloadPath": downloads.display().to_string() }),
    );
    assert!(!browser.exists("#wiki-markdown-table").await, "collapsed");
    assert!(
        browser
            .js("return !document.getElementById('wiki').open;")
            .await
            == true
    );
    open_wiki(&browser).await;
    // Case 1 by its link, as the command line reads it.
    assert_exports_equal_the_planners(&browser, "v=1").await;
    let table = export_text(&browser, "markdown-table").await;
    assert!(
        table.as_deref().is_some_and(|t| t.contains("| 17 |")),
        "{table:?}"
    );

    // Copy: the clipboard gets the text, and the line beside the button says so.
    browser
        .click("#wiki button[data-testid=\"wiki-copy-0\"]")
        .await;
    browser
        .wait_for_text("#wiki .actions .status", "Copied")
        .await;
    assert_eq!(Some(browser.clipboard_text().await), table);

    // Download: a Blob of the text with the format's MIME type, saved under the file's name.
    browser.js(RECORD_DOWNLOADS).await;
    for (i, (format, file, mime)) in EXPORTS.iter().enumerate() {
        browser
            .click(&format!("#wiki button[data-testid=\"wiki-save-{i}\"]"))
            .await;
        let saved = browser
            .js("const b = window.blobs[window.blobs.length - 1];\
                 return b.text().then((t) => [b.type, t, window.clicked[window.clicked.length - 1]]);")
            .await;
        let text = expected(&browser, "v=1", format).expect("case 1 has every export");
        // The SVG's title is the link; the other exports say it in words.
        let link_mark = if *format == "svg" {
            "<a href=\"http"
        } else {
            "Open this plan in Spark Sizer"
        };
        assert!(text.contains(link_mark), "{file}: {text}");
        assert_eq!(saved[0], *mime, "{file}");
        assert_eq!(saved[1], text.as_str(), "{file}");
        assert_eq!(saved[2][0], *file);
        assert!(saved[2][1].as_str().is_some_and(|a| a.starts_with("blob:")));
        assert_eq!(read_when_saved(&downloads.join(file)).await, text, "{file}");
    }
    browser.assert_clean_console();
    assert_saved_svg_opens_on_its_own(&browser, &downloads.join("spark-sizer-layout.svg")).await;
    browser.close().await;
}

/// Opens the saved SVG file as a page of its own (served as `image/svg+xml`): an SVG document
/// titled with the plan, its legend laid out, and nothing outside it fetched.
async fn assert_saved_svg_opens_on_its_own(browser: &Browser, svg: &Path) {
    let folder: PathBuf = svg.parent().expect("the download folder").to_path_buf();
    let base = common::serve_dir_with_csp(folder, "default-src 'none'");
    let url = format!("{base}/spark-sizer-layout.svg");
    browser.client().goto(&url).await.expect("open the SVG");
    let scenario = planner::url::scenario_from_query("v=1").scenario;
    let outcome = plan(&scenario);
    let title = planner::view::words::title(&planner::view::build(&scenario, &outcome));
    assert!(title.contains("17"), "{title}");
    let shown = browser
        .js("const legend = [...document.querySelectorAll('text')].find((t) => t.textContent === 'Executor heap');\
             return [document.documentElement.localName, document.contentType, document.title,\
                     legend ? legend.getBBox().width : 0,\
                     document.documentElement.getBoundingClientRect().height];")
        .await;
    assert_eq!(shown[0], "svg", "{shown}");
    assert_eq!(shown[1], "image/svg+xml");
    assert_eq!(shown[2], title.as_str());
    assert!(shown[3].as_f64().is_some_and(|w| w > 20.0), "{shown}");
    assert!(shown[4].as_f64().is_some_and(|h| h > 100.0), "{shown}");
    browser.screenshot("wiki-svg", 1280).await;
    browser.assert_clean_console();
}

#[tokio::test]
async fn exports_follow_the_plan_for_every_cluster_manager() {
    let browser = Browser::open("wiki-plans").await;
    for query in ["v=1&cm=k8s", "v=1&cm=emr", "v=1&c=32"] {
        browser.open_plan(query).await;
        open_wiki(&browser).await;
        assert_exports_equal_the_planners(&browser, query).await;
    }
    // While open, a change of plan rewrites the texts (case 2 → 48 cores per node).
    let before = export_text(&browser, "conf").await;
    browser.type_field("c", "48").await;
    let query = browser.query().await;
    assert!(query.contains("c=48"), "{query}");
    let conf = expected(&browser, &query, "conf");
    assert_ne!(conf, before);
    common::poll_until(
        || export_text(&browser, "conf"),
        |text| *text == conf,
        |text| format!("the exports still show {text:?}, not {conf:?}"),
    )
    .await;
    assert_exports_equal_the_planners(&browser, &query).await;
    browser.assert_clean_console();
    browser.close().await;
}

#[tokio::test]
async fn a_module_that_cannot_load_is_said_and_opening_again_retries() {
    let browser = Browser::open("wiki-offline").await;
    browser.open_plan("").await;
    browser.cdp("Network.enable", json!({}));
    browser.cdp("Network.setCacheDisabled", json!({ "cacheDisabled": true }));
    browser.cdp(
        "Network.setBlockedURLs",
        json!({ "urls": ["*spark_sizer_reports_wasm*"] }),
    );
    browser.click("#wiki > summary").await;
    browser
        .wait_for_text_containing("#wiki-body [role=alert]", &["could not be loaded"])
        .await;
    assert!(!browser.exists("#wiki-markdown-table").await);

    // Back online, but slow: opening again says it is loading, then shows the exports.
    browser.cdp("Network.setBlockedURLs", json!({ "urls": [] }));
    browser.cdp(
        "Network.emulateNetworkConditions",
        json!({ "offline": false, "latency": 1500, "downloadThroughput": -1, "uploadThroughput": -1 }),
    );
    browser.click("#wiki > summary").await;
    browser.click("#wiki > summary").await;
    assert_eq!(browser.text("#wiki-body").await, "Loading…");
    open_wiki_loaded(&browser).await;
    assert_exports_equal_the_planners(&browser, "v=1").await;
    browser.close().await;
}

/// Waits for the exports after the section was opened.
async fn open_wiki_loaded(browser: &Browser) {
    browser
        .wait_for_js(
            "the wiki exports",
            "document.getElementById('wiki-markdown-table')",
        )
        .await;
}

/// Issue 28, item 16: the section fills on its `toggle` event, however it was opened: by a
/// script setting `open`, and by the keyboard (Enter on the focused summary).
#[tokio::test]
async fn the_exports_fill_when_opened_by_script_or_keyboard() {
    let browser = Browser::open("wiki-toggle").await;
    browser.open_plan("").await;
    browser
        .js("document.getElementById('wiki').open = true; return null;")
        .await;
    open_wiki_loaded(&browser).await;
    assert_exports_equal_the_planners(&browser, "v=1").await;
    browser
        .js("document.getElementById('wiki').open = false; return null;")
        .await;
    browser
        .wait_for_js(
            "the closed section emptied",
            "!document.getElementById('wiki-markdown-table')",
        )
        .await;
    browser
        .js("document.querySelector('#wiki > summary').focus(); return null;")
        .await;
    browser
        .element("#wiki > summary")
        .await
        .send_keys("\u{E007}")
        .await
        .expect("press Enter");
    open_wiki_loaded(&browser).await;
    browser.assert_clean_console();
    browser.close().await;
}

#[tokio::test]
async fn wiki_screenshots_at_desktop_and_phone_widths_light_and_dark() {
    let browser = Browser::open("wiki-screens").await;
    browser.open_plan("").await;
    open_wiki(&browser).await;
    let mut problems = Vec::new();
    for scheme in ["light", "dark"] {
        browser.set_color_scheme(scheme).await;
        let suffix = if scheme == "dark" { "-dark" } else { "" };
        for width in [1280, 375] {
            browser.set_viewport(width, 900).await;
            browser
                .js("document.getElementById('wiki').scrollIntoView(); return true;")
                .await;
            let path = browser.screenshot(&format!("wiki{suffix}"), width).await;
            let size = std::fs::metadata(&path).expect("screenshot saved").len();
            assert!(size > 10_000, "{} is only {size} bytes", path.display());
            if browser.overflows_horizontally().await {
                problems.push(format!(
                    "wiki ({scheme}) scrolls sideways at {width} px: {:?}",
                    browser.elements_past_right_edge().await
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
    browser.assert_clean_console();
    browser.close().await;
}
