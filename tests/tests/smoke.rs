//! End-to-end smoke tests of the release build (`dist/`) in headless Chromium: the page loads
//! from 127.0.0.1 alone under a strict CSP with a clean console, and renders at desktop and
//! phone widths, light and dark, without sideways scrolling (screenshots in
//! `target/screenshots/`).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::fs;
use std::path::Path;

use common::app::Headline;
use common::{dist_dir, serve_dir, serve_dir_with_csp, target_dir, Browser};

#[tokio::test]
async fn page_loads_locally_without_console_errors() {
    let browser = Browser::open("loads").await;
    browser.open_plan("").await;

    assert_eq!(browser.title().await, "Spark Sizer");
    assert_eq!(browser.text("h1").await, "Spark Sizer");
    assert_eq!(browser.text("label[for=f-n]").await, "Nodes");
    browser
        .wait_for_headline(&Headline::new(17, 5, "19 GiB"))
        .await;
    for section in [
        "#submit",
        "#compare",
        "#layout .node",
        "#memory",
        "#working ol.working",
        "#warnings",
        "#about",
    ] {
        assert!(browser.exists(section).await, "{section} is missing");
    }
    assert!(!browser.exists("#notice").await);
    assert!(!browser.exists("#invalid").await);
    assert_eq!(browser.text("#err-n").await, "");

    let urls = browser.loaded_urls().await;
    assert!(
        urls.iter().any(|u| u.ends_with(".wasm")),
        "no .wasm was loaded: {urls:?}"
    );
    browser.assert_all_requests_local().await;
    browser.assert_clean_console();

    // The copy buttons put the spark-submit text and the page's address on the clipboard.
    browser.click("#copy-flags").await;
    browser
        .wait_for_text(".actions .status", "Flags copied")
        .await;
    assert_eq!(
        browser.clipboard_text().await,
        browser.text("#submit").await
    );
    browser.type_into("#f-n", "12").await;
    browser
        .wait_for_headline(&Headline::new(35, 5, "19 GiB"))
        .await;
    browser.click("#copy-link").await;
    browser.wait_for_text("#copy-status", "Link copied").await;
    // One status line speaks: the one beside the button pressed (each is a live region).
    assert_eq!(browser.text(".actions .status").await, "");
    assert_eq!(
        browser.clipboard_text().await,
        format!("{}/?v=1&n=12", browser.base())
    );
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
    browser.assert_all_requests_local().await;
    browser.close().await;
}

/// Screenshots of one page at both widths, light then dark; returns what looks broken (content
/// past the right edge, a dark scheme with the light background) rather than stopping at the
/// first problem, so that every screenshot is taken.
async fn screenshots_of(browser: &Browser, name: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let mut backgrounds = Vec::new();
    for scheme in ["light", "dark"] {
        browser.set_color_scheme(scheme).await;
        let suffix = if scheme == "dark" { "-dark" } else { "" };
        for width in [1280, 375] {
            let path = browser
                .screenshot_full_page(&format!("{name}{suffix}"), width)
                .await;
            let size = std::fs::metadata(&path).expect("screenshot saved").len();
            assert!(size > 10_000, "{} is only {size} bytes", path.display());
            if browser.overflows_horizontally().await {
                problems.push(format!(
                    "{name} ({scheme}) scrolls sideways at {width} px: {:?}",
                    browser.elements_past_right_edge().await
                ));
            }
        }
        backgrounds.push(
            browser
                .js("return getComputedStyle(document.body).backgroundColor;")
                .await,
        );
    }
    if backgrounds[0] == backgrounds[1] {
        problems.push(format!(
            "{name}: the dark scheme has the light background {}",
            backgrounds[0]
        ));
    }
    problems
}

#[tokio::test]
async fn screenshots_at_desktop_and_phone_widths_light_and_dark() {
    let browser = Browser::open("screens").await;
    browser.open_plan("").await;
    browser
        .wait_for_headline(&Headline::new(17, 5, "19 GiB"))
        .await;
    let mut problems = screenshots_of(&browser, "default").await;

    browser.set_viewport(1280, 900).await;
    browser.set_color_scheme("light").await;
    browser.click("#preset-case3").await;
    browser
        .wait_for_headline(&Headline::new(29, 3, "10 GiB"))
        .await;
    problems.extend(screenshots_of(&browser, "case3").await);

    // The Kubernetes and EMR pages, seeds 002 and 003.
    browser.set_viewport(1280, 900).await;
    browser.set_color_scheme("light").await;
    browser.click("#cm-k8s").await;
    browser
        .wait_for_headline(&Headline::new(16, 2, "6 GiB"))
        .await;
    problems.extend(screenshots_of(&browser, "k8s-seed002").await);
    // Seed 002's job on EKS, GKE and AKS nodes: each provider's reservation.
    for (provider, node_type) in [
        ("eks", "m5.4xlarge"),
        ("gke", "n2-standard-16"),
        ("aks", "Standard_D16s_v5"),
    ] {
        browser.set_viewport(1280, 900).await;
        browser.set_color_scheme("light").await;
        browser.click(&format!("#preset-seed002-{provider}")).await;
        browser
            .wait_for_query(&format!("v=1&cm=k8s&kp={provider}&knt={node_type}"))
            .await;
        browser
            .wait_for_headline(&Headline::new(16, 2, "6 GiB"))
            .await;
        problems.extend(screenshots_of(&browser, &format!("k8s-seed002-{provider}")).await);
    }
    browser.set_viewport(1280, 900).await;
    browser.set_color_scheme("light").await;
    browser.click("#cm-emr").await;
    browser
        .wait_for_headline(&Headline::new(45, 3, "20 GiB"))
        .await;
    problems.extend(screenshots_of(&browser, "emr-as-requested").await);
    browser.open_plan("v=1&cm=emr").await;
    browser
        .wait_for_headline(&Headline::new(9, 20, "94\u{202f}854 MiB"))
        .await;
    problems.extend(screenshots_of(&browser, "emr-seed003").await);

    // Plans under which nothing runs (issue 13): YARN with a 200 GiB driver, Kubernetes with
    // a 100 GiB executor pod; and Kubernetes with 8 of 16 pods running.
    for (name, path, ready) in [
        ("yarn-impossible", "/?v=1&dm=200g", "#hl-none"),
        ("k8s-impossible", "/?v=1&cm=k8s&em=100g", "#hl-none"),
        ("k8s-fewer", "/?v=1&cm=k8s&em=40g", "#nearest"),
        // EKS max pods 20: each node's pod limit holds fewer small pods than CPU and memory.
        (
            "k8s-pod-limit",
            "/?v=1&cm=k8s&kp=eks&knt=m5.4xlarge&kmp=20&em=512m&rq=0.05&cpe=1&cnt=200",
            "#pod-limit",
        ),
    ] {
        browser.set_viewport(1280, 900).await;
        browser.set_color_scheme("light").await;
        browser.open_page(path, ready).await;
        problems.extend(screenshots_of(&browser, name).await);
    }
    assert!(problems.is_empty(), "{problems:#?}");

    browser.assert_clean_console();
    browser.close().await;
}

/// Copies the files of `from` (and its sub-folders) into `to`.
fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("create the copy's folder");
    for entry in fs::read_dir(from).expect("read dist/") {
        let entry = entry.expect("a dist/ entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).expect("copy a dist/ file");
        }
    }
}

/// `dist/` copied into a folder of a web server plans as it does at the root: every asset URL
/// in the page is relative, so nothing is asked of the server's root (a blank page before).
#[tokio::test]
async fn plans_when_served_from_a_sub_path() {
    let root = target_dir().join("e2e").join("hosted");
    let _ = fs::remove_dir_all(&root);
    copy_dir(&dist_dir(), &root.join("tools").join("sizer"));
    let base = serve_dir(root);
    let browser = Browser::open("sub-path").await;
    let url = format!("{base}/tools/sizer/?v=1&c=32");
    browser
        .client()
        .goto(&url)
        .await
        .unwrap_or_else(|e| panic!("cannot open {url}: {e}"));
    browser
        .wait_for_headline(&Headline::new(36, 5, "9 GiB"))
        .await;
    let folder = format!("{base}/tools/sizer/");
    let outside: Vec<String> = browser
        .loaded_urls()
        .await
        .into_iter()
        .filter(|u| !(u.starts_with(&folder) || u.starts_with("data:")))
        .collect();
    assert!(outside.is_empty(), "requests outside {folder}: {outside:?}");
    browser.assert_clean_console();
    browser.close().await;
}

/// A static host that sends a lax policy (or none) still gets the page's own: `index.html`
/// carries it in a `<meta>`, so the page plans with a clean console while an inline script is
/// refused (a script the page did not ship cannot run, whatever the host sends).
#[tokio::test]
async fn the_page_brings_its_own_strict_policy() {
    const LAX: &str = "default-src * 'unsafe-inline' 'unsafe-eval' data: blob:";
    let base = serve_dir_with_csp(dist_dir(), LAX);
    let browser = Browser::open("own-policy").await;
    let url = format!("{base}/?v=1");
    browser
        .client()
        .goto(&url)
        .await
        .unwrap_or_else(|e| panic!("cannot open {url}: {e}"));
    browser
        .wait_for_headline(&Headline::new(17, 5, "19 GiB"))
        .await;
    browser.assert_clean_console();
    let policy = browser
        .js(
            "const m = document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]'); \
             return m ? m.content : null;",
        )
        .await;
    let policy = policy.as_str().unwrap_or_default().to_string();
    for part in [
        "default-src 'none'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "style-src 'self'",
    ] {
        assert!(policy.contains(part), "{part} is not in {policy:?}");
    }
    assert!(!policy.contains("unsafe-inline"), "{policy}");
    let ran = browser
        .js("const s = document.createElement('script'); s.textContent = 'window.inlineRan = true'; \
             document.body.append(s); return window.inlineRan === true;")
        .await;
    assert_eq!(ran, serde_json::json!(false), "an inline script ran");
    browser.close().await;
}
