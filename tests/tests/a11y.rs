//! Accessibility gates (issue 14), in one headless Chromium session per test:
//!
//! - axe-core (npm `axe-core`, installed by `scripts/setup.sh browser`, injected into the page
//!   through WebDriver: nothing is fetched from elsewhere) finds no violation on the three
//!   managers' pages — defaults, a field in error, every section open — at 1280 and 375 px,
//!   light and dark, nor on the embed card;
//! - the contrasts axe leaves undecided (text drawn over the bars' SVG shapes, the chart) are
//!   computed from the colours the page itself uses;
//! - the headline is announced once when it changes; a skip link; Tab follows the visual order;
//!   a focused field is never hidden; scrollable regions are reachable by keyboard;
//! - the documented case 2 is planned with the keyboard alone.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::path::PathBuf;
use std::time::Instant;

use common::app::Headline;
use common::Browser;
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use serde_json::Value;

/// axe-core's minified script, from the tools folder `scripts/setup.sh` installs it into.
fn axe_source() -> String {
    let tools = std::env::var_os("SPARK_SIZER_TOOLS").map_or_else(
        || {
            PathBuf::from(std::env::var_os("HOME").expect("HOME is set"))
                .join(".local/share/spark-sizer-tools")
        },
        PathBuf::from,
    );
    let path = tools.join("node_modules/axe-core/axe.min.js");
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {} ({e}): run scripts/setup.sh browser",
            path.display()
        )
    })
}

/// Runs axe-core on the page as it is now (injecting it first when this document has not got
/// it yet) and returns each violation as `id (impact): help` followed by its nodes' targets
/// and failure summaries.
async fn axe_violations(browser: &Browser, axe: &str) -> Vec<String> {
    let present = browser.js("return typeof window.axe === 'object';").await;
    if present.as_bool() != Some(true) {
        browser.js(&format!("{axe}\nreturn true;")).await;
    }
    let found = browser
        .client()
        .execute_async(
            "const done = arguments[arguments.length - 1];\
             axe.run(document, { resultTypes: ['violations'] }).then(r => done(r.violations.map(v =>\
               v.id + ' (' + v.impact + '): ' + v.help + v.nodes.map(n =>\
                 '\\n    ' + n.target.join(' ') + '\\n      ' + (n.failureSummary || '').replace(/\\n/g, '\\n      ')\
               ).join(''))), e => done(['axe failed: ' + e]));",
            Vec::new(),
        )
        .await
        .expect("run axe-core");
    match found {
        Value::Array(items) => items
            .iter()
            .map(|v| v.as_str().unwrap_or_default().to_owned())
            .collect(),
        other => panic!("axe-core answered {other}"),
    }
}

/// axe-core at 1280 and 375 px, light and dark, on the page as it is; each violation found is
/// pushed to `problems` with the state's name.
async fn audit(browser: &Browser, axe: &str, state: &str, problems: &mut Vec<String>) {
    for scheme in ["light", "dark"] {
        browser.set_color_scheme(scheme).await;
        for width in [1280, 375] {
            browser.set_viewport(width, 900).await;
            for v in axe_violations(browser, axe).await {
                problems.push(format!("{state}, {width} px, {scheme}: {v}"));
            }
            if scheme == "light" {
                for v in unreachable_scrolling_boxes(browser).await {
                    problems.push(format!("{state}, {width} px: {v}"));
                }
            }
        }
    }
    browser.set_viewport(1280, 900).await;
    browser.set_color_scheme("light").await;
}

/// Every box that scrolls now (its content larger than it, overflow `auto` or `scroll`) must
/// be reachable by keyboard — focusable itself (`tabindex="0"`) or holding focusable content —
/// and have an accessible name (`aria-label` or `aria-labelledby`); the others are returned.
async fn unreachable_scrolling_boxes(browser: &Browser) -> Vec<String> {
    let found = browser
        .js("const out = [];\
             for (const el of document.body.querySelectorAll('*')) {\
               const s = getComputedStyle(el);\
               const x = /auto|scroll/.test(s.overflowX) && el.scrollWidth > el.clientWidth + 1;\
               const y = /auto|scroll/.test(s.overflowY) && el.scrollHeight > el.clientHeight + 1;\
               if (!x && !y) continue;\
               const focusable = el.tabIndex >= 0 || el.querySelector('a[href], button, input, select, textarea, summary, [tabindex=\"0\"]');\
               const named = el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');\
               if (!focusable || !named) out.push('the scrolling box ' + el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')\
                 + '.' + el.className + (focusable ? '' : ' cannot be reached by keyboard') + (named ? '' : ' has no name'));\
             }\
             return out;")
        .await;
    found
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().unwrap_or_default().to_owned())
        .collect()
}

/// Opens every `<details>` of the page (the explorer runs its sweep when opened).
async fn open_every_details(browser: &Browser) {
    browser
        .js("document.querySelectorAll('details:not([open]) > summary').forEach(s => s.click()); return true;")
        .await;
    browser
        .wait_for_js(
            "every section is open",
            "[...document.querySelectorAll('details')].every(d => d.open)",
        )
        .await;
}

/// One manager's three states: its defaults (`defaults`), a field in error (`Nodes` = 0), and
/// `detailed` (a link with a workload and dynamic allocation) with every section open.
async fn audit_manager(
    browser: &Browser,
    axe: &str,
    (name, defaults, detailed): (&str, &str, &str),
    problems: &mut Vec<String>,
) {
    browser.open_plan(defaults).await;
    audit(browser, axe, &format!("{name} defaults"), problems).await;
    browser.type_field("n", "0").await;
    browser
        .wait_for_js("the error", "document.getElementById('invalid')")
        .await;
    audit(browser, axe, &format!("{name} with Nodes = 0"), problems).await;
    browser.open_plan(detailed).await;
    open_every_details(browser).await;
    browser
        .wait_for_js(
            "the workload's and dynamic allocation's sections",
            "document.getElementById('workload') && document.getElementById('dynamic-allocation')",
        )
        .await;
    browser
        .wait_for_js(
            "the explorer's table",
            "document.getElementById('explorer-table')",
        )
        .await;
    // The sections filled by the reports module: the wiki exports, and a pasted configuration
    // checked (its answer, comparison and the plan's configuration to copy).
    browser
        .js("const t = document.getElementById('check-text'); \
             t.value = 'spark-submit --num-executors 4 --executor-cores 2 --executor-memory 4g app.jar'; \
             t.dispatchEvent(new Event('input', {bubbles: true})); return true;")
        .await;
    browser
        .wait_for_js(
            "the wiki exports and the check's answer",
            "document.getElementById('wiki-markdown-table') && document.getElementById('check-plan-export')",
        )
        .await;
    // A run analysed (its own module): the layout of what ran, the chart, the tables.
    let log = common::shared_logs().join("yarn-dynamic-allocation_4nodes_8cores.zstd");
    browser
        .wait_for_js(
            "the analysis section's module",
            "document.getElementById('analysis-files')",
        )
        .await;
    browser
        .element("#analysis-files")
        .await
        .send_keys(&log.display().to_string())
        .await
        .expect("choose a log");
    browser
        .wait_for_js(
            "the run's analysis",
            "document.querySelector('.analysis-run .whatif-chart')",
        )
        .await;
    audit(
        browser,
        axe,
        &format!("{name} with every section open"),
        problems,
    )
    .await;
}

#[tokio::test]
async fn axe_finds_no_violation_on_any_page_or_state() {
    let axe = axe_source();
    let browser = Browser::open("axe").await;
    let start = Instant::now();
    let mut problems = Vec::new();
    let yarn_detailed = planner::url::scenario_to_query(&planner::scenario::Scenario::Yarn(
        planner::presets::preset("oom-10-cores-45g")
            .expect("the preset")
            .input,
    )) + "&dyn=1";
    for manager in [
        ("YARN", "", yarn_detailed.as_str()),
        (
            "Kubernetes",
            "v=1&cm=k8s",
            "v=1&cm=k8s&wtask=4g&win=100g&dyn=1",
        ),
        ("EMR", "v=1&cm=emr", "v=1&cm=emr&wtask=4g&win=100g&dyn=1"),
    ] {
        audit_manager(&browser, &axe, manager, &mut problems).await;
    }
    for (name, query) in [
        ("embed card (YARN)", "/?v=1&c=32&embed=1"),
        ("embed card (Kubernetes)", "/?v=1&cm=k8s&embed=1"),
        ("embed card (EMR)", "/?v=1&cm=emr&embed=1"),
    ] {
        browser.open_page(query, "#embed").await;
        audit(&browser, &axe, name, &mut problems).await;
    }
    // 3 managers × 3 states and 3 embed cards, each at 2 widths × 2 schemes.
    eprintln!("axe-core: 48 runs (12 states) in {:?}", start.elapsed());
    assert!(
        problems.is_empty(),
        "axe-core found {} violations:\n{}",
        problems.len(),
        problems.join("\n")
    );
    browser.close().await;
}

/// Contrast in the page's own colours, where axe-core cannot decide: each label drawn in a
/// bar's segment against every colour of the shape under it (a pattern's background and its
/// lines), the explorer chart's texts against their card, input borders and the bars' edges
/// against theirs. Colours are read from the page (computed styles, the patterns' shapes).
/// Returns one line per pair below its minimum (4.5:1 for text, 3:1 for borders and edges).
const CONTRAST_SCRIPT: &str = r#"
const rgb = s => (s.match(/[\d.]+/g) || []).map(Number);
const opaque = s => { const c = rgb(s); return c.length === 3 || (c.length === 4 && c[3] === 1); };
const lum = c => { const f = v => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
const ratio = (a, b) => { const x = lum(rgb(a)), y = lum(rgb(b)); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
const backdrop = el => { for (let p = el; p; p = p.parentElement) {
  const b = getComputedStyle(p).backgroundColor; if (opaque(b)) return b; }
  return getComputedStyle(document.documentElement).backgroundColor; };
const paints = shape => { const f = getComputedStyle(shape).fill;
  const m = f.match(/url\("?#([^")]+)"?\)/);
  if (!m) return opaque(f) ? [f] : [backdrop(shape.ownerSVGElement.parentElement)];
  return [...document.getElementById(m[1]).children].map(c => { const s = getComputedStyle(c);
    return c.tagName === 'rect' || s.stroke === 'none' ? s.fill : s.stroke; }); };
const name = el => (el.closest('[id]') || {}).id + ' ' + (el.getAttribute('class') || el.tagName);
const out = new Set(), checked = { text: 0, edge: 0 };
const need = (what, fg, bg, min) => { const r = ratio(fg, bg); checked[min > 4 ? 'text' : 'edge']++;
  if (r < min) out.add(what + ': ' + fg + ' on ' + bg + ' is ' + r.toFixed(2) + ':1, needs ' + min + ':1'); };
for (const t of document.querySelectorAll('svg .seg-label')) {
  const shape = t.parentElement.querySelector('rect'), s = getComputedStyle(t);
  // A halo (an opaque stroke painted under the fill, 2 px or more) is the label's background.
  const halo = s.paintOrder.startsWith('stroke') && parseFloat(s.strokeWidth) >= 2 && opaque(s.stroke);
  for (const bg of halo ? [s.stroke] : paints(shape)) need('label "' + t.textContent + '" in ' + name(shape), s.fill, bg, 4.5);
}
for (const t of document.querySelectorAll('.explorer-chart text')) need('chart text "' + t.textContent + '"', getComputedStyle(t).fill, backdrop(t.ownerSVGElement), 4.5);
for (const el of document.querySelectorAll('.input-wrap, select')) {
  if (!el.getClientRects().length) continue;
  const s = getComputedStyle(el);
  need('border of ' + name(el), s.borderTopColor, backdrop(el.parentElement), 3);
}
for (const bar of document.querySelectorAll('svg.membar, svg.corebar, svg.poolbar')) {
  const s = getComputedStyle(bar);
  if (parseFloat(s.borderTopWidth) < 1) { out.add('the bar ' + name(bar) + ' has no edge'); continue; }
  need('edge of ' + name(bar), s.borderTopColor, backdrop(bar.parentElement), 3);
}
for (const r of document.querySelectorAll('svg.bar rect.fill-free')) need('unused segment\'s outline in ' + name(r), getComputedStyle(r).stroke, backdrop(r.ownerSVGElement.parentElement), 3);
return { problems: [...out], checked };
"#;

/// Runs [`CONTRAST_SCRIPT`] in light and dark; pushes what fails to `problems`; returns how
/// many texts and edges were checked.
async fn contrast_problems(
    browser: &Browser,
    state: &str,
    problems: &mut Vec<String>,
) -> (u64, u64) {
    let mut counts = (0, 0);
    for scheme in ["light", "dark"] {
        browser.set_color_scheme(scheme).await;
        let found = browser.js(CONTRAST_SCRIPT).await;
        for p in found["problems"].as_array().expect("a list") {
            problems.push(format!(
                "{state} ({scheme}): {}",
                p.as_str().unwrap_or_default()
            ));
        }
        counts.0 += found["checked"]["text"].as_u64().unwrap_or(0);
        counts.1 += found["checked"]["edge"].as_u64().unwrap_or(0);
    }
    browser.set_color_scheme("light").await;
    counts
}

#[tokio::test]
async fn text_over_svg_shapes_input_borders_and_bar_edges_have_enough_contrast() {
    let browser = Browser::open("contrast").await;
    let mut problems = Vec::new();
    let mut checked = (0, 0);
    for (state, query) in [
        ("YARN with off-heap and PySpark memory", "v=1&offs=2g&py=1g"),
        ("Kubernetes", "v=1&cm=k8s"),
        ("EMR", "v=1&cm=emr"),
    ] {
        browser.open_plan(query).await;
        open_every_details(&browser).await;
        browser
            .wait_for_js(
                "the explorer's chart",
                "document.getElementById('explorer-chart')",
            )
            .await;
        let (text, edge) = contrast_problems(&browser, state, &mut problems).await;
        checked = (checked.0 + text, checked.1 + edge);
    }
    // Every kind of label and edge was there to check: a page without labels passes nothing.
    assert!(
        checked.0 > 50 && checked.1 > 50,
        "only {checked:?} texts and edges checked"
    );
    assert!(
        problems.is_empty(),
        "{} contrasts too low:\n{}",
        problems.len(),
        problems.join("\n")
    );
    browser.close().await;
}

/// Presses each key of `keys` in turn (down, then up), as a keyboard would.
async fn press(browser: &Browser, keys: &str) {
    let mut actions = KeyActions::new("keyboard".to_owned());
    for key in keys.chars() {
        actions = actions
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key });
    }
    browser
        .client()
        .perform_actions(actions)
        .await
        .unwrap_or_else(|e| panic!("press {keys:?}: {e}"));
}

/// Shift+Tab.
async fn press_shift_tab(browser: &Browser) {
    let (shift, tab) = (char::from(Key::Shift), char::from(Key::Tab));
    let actions = KeyActions::new("keyboard".to_owned())
        .then(KeyAction::Down { value: shift })
        .then(KeyAction::Down { value: tab })
        .then(KeyAction::Up { value: tab })
        .then(KeyAction::Up { value: shift });
    browser
        .client()
        .perform_actions(actions)
        .await
        .expect("press Shift+Tab");
}

/// The focused element: its id (or tag and class), the part of the page it is in (`skip`,
/// `inputs`, `answer`, `details`, or `other`), and what hides part of it or its focus ring —
/// the viewport's edges or a box that scrolls or clips (empty when it is wholly visible).
const FOCUSED_SCRIPT: &str = r#"
const el = document.activeElement;
const region = el.classList.contains('skip') ? 'skip' : el.closest('.inputs') ? 'inputs'
  : el.closest('#answer') ? 'answer' : el.closest('.details') ? 'details' : 'other';
const ringOn = el.closest('.input-wrap') || el, rs = getComputedStyle(ringOn);
const ring = rs.outlineStyle === 'none' ? 0 : Math.max(0, parseFloat(rs.outlineWidth) + parseFloat(rs.outlineOffset));
const b = ringOn.getBoundingClientRect();
const r = { l: b.left - ring, t: b.top - ring, r: b.right + ring, b: b.bottom + ring };
const cut = [];
if (r.t < -0.5 || r.b > innerHeight + 0.5 || r.l < -0.5 || r.r > innerWidth + 0.5) cut.push('the viewport');
for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
  const s = getComputedStyle(p), c = p.getBoundingClientRect();
  const l = c.left + p.clientLeft, t = c.top + p.clientTop;
  if (s.overflowY !== 'visible' && (r.t < t - 0.5 || r.b > t + p.clientHeight + 0.5)) cut.push(p.tagName + '.' + p.className + ' (top/bottom)');
  if (s.overflowX !== 'visible' && (r.l < l - 0.5 || r.r > l + p.clientWidth + 0.5)) cut.push(p.tagName + '.' + p.className + ' (sides)');
}
return { id: el.id || (el.tagName.toLowerCase() + '.' + el.className), region, cut };
"#;

/// Presses Tab and returns what [`FOCUSED_SCRIPT`] says of the element it focused.
async fn tab(browser: &Browser) -> Value {
    press(browser, &char::from(Key::Tab).to_string()).await;
    browser.js(FOCUSED_SCRIPT).await
}

/// Tabs until the focused element's id is `id`; returns how many Tabs that took.
async fn tab_to(browser: &Browser, id: &str) -> usize {
    let mut seen = Vec::new();
    for n in 1..=80 {
        let focused = tab(browser).await;
        let now = focused["id"].as_str().unwrap_or_default().to_owned();
        if now == id {
            return n;
        }
        seen.push(now);
    }
    panic!("80 Tabs never reached #{id}; focus went through {seen:?}");
}

/// The documented case 2 (seed 000: 6 nodes × 32 cores × 64 GB; `?v=1&c=32`, the command
/// line's golden test) with the keyboard alone from page load: the skip link first, Tab to
/// "Cores per node", type 32, the Spark-exact answer; Tab to the method switch, Space, the rule
/// of thumb's documented 35 × 5 cores × 9 GB (docs/sizing-model.md, section 1).
#[tokio::test]
async fn case_2_is_planned_with_the_keyboard_alone() {
    let browser = Browser::open("keyboard").await;
    browser.open_plan("").await;
    browser
        .wait_for_headline(&Headline::new(17, 5, "19 GiB"))
        .await;

    let first = tab(&browser).await;
    assert_eq!(first["region"], "skip", "the first Tab stop: {first}");
    assert_eq!(
        first["cut"],
        serde_json::json!([]),
        "the focused skip link is hidden: {first}"
    );
    assert_eq!(browser.text(".skip").await, "Skip to the answer");

    tab_to(&browser, "f-c").await;
    // Tab selects the field's text: typing replaces it (Backspace clears it in any case).
    let backspace = char::from(Key::Backspace).to_string();
    press(&browser, &format!("{}32", backspace.repeat(4))).await;
    browser
        .wait_for_headline(&Headline::new(36, 5, "9 GiB"))
        .await;
    assert_eq!(browser.query().await, "v=1&c=32");

    tab_to(&browser, "method-rule").await;
    press_shift_tab(&browser).await;
    let back = browser.js(FOCUSED_SCRIPT).await;
    assert_eq!(
        back["id"], "method-exact",
        "Shift+Tab from the rule of thumb: {back}"
    );
    tab(&browser).await;
    press(&browser, " ").await;
    browser
        .wait_for_headline(&Headline::new(35, 5, "9 GiB"))
        .await;
    let focused = browser.js(FOCUSED_SCRIPT).await;
    assert_eq!(
        focused["id"], "method-rule",
        "the focus after Space: {focused}"
    );

    // Enter on the skip link moves the focus to the answer.
    browser.open_plan("v=1&c=32").await;
    tab(&browser).await;
    press(&browser, &char::from(Key::Enter).to_string()).await;
    let answer = browser.js(FOCUSED_SCRIPT).await;
    assert_eq!(answer["id"], "answer", "Enter on the skip link: {answer}");
    let next = tab(&browser).await;
    assert_eq!(next["region"], "answer", "Tab after the skip: {next}");
    browser.assert_clean_console();
    browser.close().await;
}

/// Tab visits the skip link, then every input, then the answer, then the sections below — the
/// desktop's reading order — and no focused element or its focus ring is ever hidden, even at
/// the bottom of the inputs' own scrolling column with every fold open.
#[tokio::test]
async fn tab_follows_the_visual_order_and_never_hides_the_focus() {
    let browser = Browser::open("tab-order").await;
    browser.set_viewport(1280, 700).await;
    browser.open_plan("").await;
    open_every_details(&browser).await;
    browser
        .js("window.scrollTo(0, 0); document.activeElement.blur(); return true;")
        .await;
    let order = ["skip", "inputs", "answer", "details"];
    let mut regions: Vec<String> = Vec::new();
    let mut hidden = Vec::new();
    let mut inputs = 0;
    for _ in 0..300 {
        let focused = tab(&browser).await;
        let region = focused["region"].as_str().unwrap_or("other").to_owned();
        if focused["cut"].as_array().is_some_and(|c| !c.is_empty()) {
            hidden.push(focused.to_string());
        }
        inputs += usize::from(region == "inputs");
        if regions.last() != Some(&region) {
            regions.push(region.clone());
        }
        if region == "details" {
            break;
        }
    }
    assert_eq!(regions, order, "the parts of the page in Tab order");
    assert!(inputs > 30, "only {inputs} Tab stops among the inputs");
    assert!(
        hidden.is_empty(),
        "focused but partly hidden:\n{}",
        hidden.join("\n")
    );
    browser.close().await;
}

/// Waits until the live region (drawn off screen, so read as `textContent`) holds `expected`.
async fn wait_for_announced(browser: &Browser, expected: &str) {
    common::poll_until(
        || browser.js("return document.getElementById('announce').textContent;"),
        |text| text.as_str() == Some(expected),
        |text| format!("the live region says {text}, expected {expected:?}"),
    )
    .await;
}

/// The headline is said by a polite live region that stays in the page: once when it
/// changes, and not for a keystroke that leaves it was.
#[tokio::test]
async fn the_headline_is_announced_when_it_changes_and_only_then() {
    let browser = Browser::open("live").await;
    browser.open_plan("").await;
    wait_for_announced(&browser, "17 executors × 5 cores × 19 GiB").await;
    assert_eq!(
        browser.attr("#announce", "aria-live").await.as_deref(),
        Some("polite")
    );
    browser
        .js("const el = document.getElementById('announce'); window.liveRegion = el; window.liveChanges = 0;\
             new MutationObserver(m => { window.liveChanges += m.length; })\
               .observe(el, { childList: true, characterData: true, subtree: true });\
             return true;")
        .await;
    // A workload describes the job; the plan, and so the headline, stay as they were.
    open_every_details(&browser).await;
    browser.type_field("wtask", "4").await;
    browser
        .wait_for_js(
            "the workload's verdict",
            "document.getElementById('workload')",
        )
        .await;
    let changes = browser.js("return window.liveChanges;").await;
    assert_eq!(
        changes.as_u64(),
        Some(0),
        "the unchanged headline was announced again"
    );

    browser.type_field("c", "32").await;
    browser
        .wait_for_headline(&Headline::new(36, 5, "9 GiB"))
        .await;
    wait_for_announced(&browser, "36 executors × 5 cores × 9 GiB").await;
    let same = browser
        .js("return window.liveRegion === document.getElementById('announce') && window.liveChanges > 0;")
        .await;
    assert_eq!(
        same.as_bool(),
        Some(true),
        "the live region was replaced, or never changed"
    );
    // A plan that does not run is announced as the screen shows it, never as a shape.
    browser.open_page("/?v=1&dm=200g", "#hl-none").await;
    wait_for_announced(&browser, "No executor runs").await;
    browser.open_page("/?v=1&cm=k8s&em=40g", "#nearest").await;
    let shown = browser.text("#headline").await;
    assert!(shown.contains(" of "), "{shown}");
    wait_for_announced(&browser, &shown).await;
    browser.close().await;
}

/// Screenshots (`target/screenshots/a11y-*`) of what this file's changes show: the focused skip
/// link over the page, and a plan kept while a field is in error (dashed, not faded, cards).
#[tokio::test]
async fn screenshots_of_the_skip_link_and_a_plan_kept_while_a_field_is_fixed() {
    let browser = Browser::open("a11y-screens").await;
    browser.open_plan("").await;
    for scheme in ["light", "dark"] {
        browser.set_color_scheme(scheme).await;
        for width in [1280, 375] {
            browser.set_viewport(width, 900).await;
            browser.open_plan("").await;
            let focused = tab(&browser).await;
            assert_eq!(focused["region"], "skip", "{focused}");
            assert_eq!(focused["cut"], serde_json::json!([]), "{focused}");
            browser
                .screenshot(&format!("a11y-skip-link-{scheme}"), width)
                .await;
        }
    }
    browser.type_field("n", "0").await;
    browser
        .wait_for_js("the kept plan", "document.getElementById('stale-plan')")
        .await;
    for scheme in ["light", "dark"] {
        browser.set_color_scheme(scheme).await;
        for width in [1280, 375] {
            browser
                .screenshot_full_page(&format!("a11y-kept-plan-{scheme}"), width)
                .await;
        }
    }
    browser.close().await;
}
