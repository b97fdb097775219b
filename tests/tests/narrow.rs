//! End-to-end tests of the page at any width: the bars' segment labels are drawn only where
//! they fit (320 px embed card, 375 px phone, 1280 px desktop) and no page scrolls sideways
//! down to 320 px; at 375 px nothing is cut at a box's right edge without a way to scroll to it
//! and a cue that there is more, no label or hint breaks inside a word, and every select shows
//! its options whole (screenshots `narrow-*`: the bars at each width, the pages at 375 px,
//! light and dark).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::Browser;

/// The pages whose bars are checked: each cluster manager's defaults, a YARN plan with off-heap
/// and PySpark memory (more, narrower segments), and the embed card.
const PAGES: [(&str, &str); 5] = [
    ("yarn", "/?v=1"),
    ("yarn-parts", "/?v=1&oh=2g&py=1g&c=16"),
    ("k8s", "/?v=1&cm=k8s"),
    ("emr", "/?v=1&cm=emr"),
    ("embed", "/?v=1&embed=1"),
];

/// Every drawn segment label's box (its glyphs' box, `getBBox`, unclipped) against its segment
/// and against the other labels: how many are drawn, and what is wrong.
const LABEL_PROBLEMS: &str = "const problems = [], boxes = [];\
    for (const t of document.querySelectorAll('.seg-label')) {\
      if (t.getBoundingClientRect().width === 0) continue;\
      const seg = t.parentElement.getBoundingClientRect(), bb = t.getBBox();\
      const left = seg.left + bb.x, right = left + bb.width, top = seg.top + bb.y;\
      const name = '\"' + t.textContent + '\" in ' + t.closest('svg.bar, svg.poolbar').getAttribute('aria-label');\
      if (bb.width > seg.width || left < seg.left - 0.5 || right > seg.right + 0.5)\
        problems.push(name + ': ' + bb.width.toFixed(1) + ' px wide in a ' + seg.width.toFixed(1) + ' px segment');\
      boxes.push([name, left, right, top, top + bb.height]);\
    }\
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {\
      const [a, b] = [boxes[i], boxes[j]];\
      if (Math.min(a[2], b[2]) - Math.max(a[1], b[1]) > 0.5 && Math.min(a[4], b[4]) - Math.max(a[3], b[3]) > 0.5)\
        problems.push(a[0] + ' overlaps ' + b[0]);\
    }\
    return { drawn: boxes.length, problems };";

/// Screenshots of the bars at `width` px, light and dark (`narrow-layout-{name}[-dark]-{width}`),
/// the layout scrolled into view.
async fn layout_screenshots(browser: &Browser, name: &str, width: u32) {
    for scheme in ["light", "dark"] {
        browser.set_color_scheme(scheme).await;
        browser.set_viewport(width, 900).await;
        browser
            .js("const l = document.getElementById('layout'); if (l) l.scrollIntoView(); return 0;")
            .await;
        let suffix = if scheme == "dark" { "-dark" } else { "" };
        browser
            .screenshot(&format!("narrow-layout-{name}{suffix}"), width)
            .await;
    }
    browser.set_color_scheme("light").await;
}

#[tokio::test]
async fn bar_labels_are_drawn_only_where_they_fit() {
    let browser = Browser::open("narrow-labels").await;
    let mut problems = Vec::new();
    for (name, path) in PAGES {
        let ready = if name == "embed" {
            "#embed"
        } else {
            common::app::READY
        };
        browser.open_page(path, ready).await;
        for width in [320, 375, 1280] {
            browser.set_viewport(width, 900).await;
            let found = browser.js(LABEL_PROBLEMS).await;
            let drawn = found["drawn"].as_u64().expect("a count");
            // A bar of 1 280 px has room for some labels on every page: the check is not empty.
            if width == 1280 && drawn < 3 {
                problems.push(format!("{name} at {width} px: only {drawn} labels drawn"));
            }
            for p in found["problems"].as_array().expect("a list") {
                problems.push(format!(
                    "{name} at {width} px: {}",
                    p.as_str().unwrap_or("?")
                ));
            }
            // Nor does the page scroll sideways, down to 320 px.
            if browser.overflows_horizontally().await {
                problems.push(format!(
                    "{name} scrolls sideways at {width} px: {:?}",
                    browser.elements_past_right_edge().await
                ));
            }
            if name != "yarn-parts" {
                layout_screenshots(&browser, name, width).await;
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    browser.close().await;
}

/// What is cut at the right edge of its box (a box whose content is wider than it, unless it
/// scrolls sideways and shows the scroll cue: shadows in a background that scrolls with it),
/// what breaks inside a word (a form label, legend, summary or hint whose longest unbreakable piece
/// is wider than its box; Spark keys may break after a dot), and which select option is wider
/// than its select (text, padding and the arrow's 20 px).
const CUT_PROBLEMS: &str = "const problems = [];\
    const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')\
      + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '');\
    const shown = el => el.getClientRects().length > 0 && el.clientWidth > 0;\
    for (const el of document.querySelectorAll('body *')) {\
      if (el.closest('svg') || el.tagName === 'SELECT' || !shown(el)) continue;\
      if (el.scrollWidth <= el.clientWidth + 1) continue;\
      const cs = getComputedStyle(el);\
      const scrolls = cs.overflowX === 'auto' || cs.overflowX === 'scroll';\
      const cue = /local/.test(cs.backgroundAttachment) && (cs.backgroundImage.match(/gradient/g) || []).length >= 4;\
      if (!scrolls || !cue) problems.push(name(el) + ': content ' + el.scrollWidth + ' px wide in ' + el.clientWidth + ' px, '\
        + (scrolls ? 'no scroll cue' : 'overflow-x ' + cs.overflowX));\
    }\
    const probe = document.createElement('span');\
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre;left:0;top:0';\
    document.body.appendChild(probe);\
    const width = (text, cs) => { probe.style.font = cs.font; probe.style.letterSpacing = cs.letterSpacing;\
      probe.textContent = text; return probe.getBoundingClientRect().width; };\
    for (const el of document.querySelectorAll('.field label, legend, summary, .hint, .bar-name')) {\
      if (!shown(el)) continue;\
      const cs = getComputedStyle(el);\
      const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);\
      for (const word of el.innerText.split(/\\s+|(?<=[.\\/=(–-])/)) {\
        const w = width(word, cs);\
        if (w > room + 0.5) problems.push(name(el) + ': \"' + word + '\" (' + w.toFixed(1) + ' px) breaks in ' + room.toFixed(1) + ' px');\
      }\
    }\
    for (const s of document.querySelectorAll('select')) {\
      if (!shown(s)) continue;\
      const cs = getComputedStyle(s);\
      const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;\
      for (const o of s.options) {\
        const w = width(o.text, cs);\
        if (w > room) problems.push(name(s) + ': \"' + o.text + '\" (' + w.toFixed(1) + ' px) cut to ' + room.toFixed(1) + ' px');\
      }\
    }\
    probe.remove();\
    return problems;";

/// Opens every fold of the form and the page (scheduler, driver load, workload, dynamic
/// allocation, the explorer), so that what they hold is checked too.
const OPEN_FOLDS: &str = "document.querySelectorAll('details').forEach(d => { d.open = true; });";

#[tokio::test]
async fn nothing_is_cut_at_375_px() {
    let browser = Browser::open("narrow-cut").await;
    let mut problems = Vec::new();
    for (name, query) in [("yarn", ""), ("k8s", "v=1&cm=k8s"), ("emr", "v=1&cm=emr")] {
        browser.open_plan(query).await;
        browser.js(OPEN_FOLDS).await;
        for scheme in ["light", "dark"] {
            browser.set_color_scheme(scheme).await;
            browser
                .screenshot_full_page(&format!("narrow-{name}-{scheme}"), 375)
                .await;
        }
        let found = browser.js(CUT_PROBLEMS).await;
        for p in found.as_array().expect("a list") {
            problems.push(format!("{name}: {}", p.as_str().unwrap_or("?")));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    browser.close().await;
}
