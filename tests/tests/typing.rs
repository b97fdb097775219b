//! End-to-end test of what a keystroke does to the page: with the Workload section shown and the
//! trade-off explorer open, a new Nodes value changes only the DOM nodes whose values changed
//! (every element of the answer, the sections and the explorer keeps its identity; the only
//! mutations are the texts and attributes that differ; the answer is updated in the keystroke's
//! own task, the sections a frame later), the field keeps the focus and its
//! caret, a `<details>` the user opened stays open, and the page then equals a fresh load of
//! the same link.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::app::Headline;
use common::Browser;
use planner::presets::preset;
use planner::scenario::{plan, Outcome, Scenario};
use planner::url::scenario_to_query;

/// The regions the page rebuilds as HTML text on each plan.
const REGIONS: &str = ".answer-body, .plan-sections, .explorer-body";

/// Marks every element of the regions (an expando property), notes every text node's value,
/// and starts counting the mutation records under `<main>`.
const MARK_AND_OBSERVE: &str = r"
const regions = [...document.querySelectorAll(arguments[0])];
const elements = regions.flatMap(r => [...r.querySelectorAll('*')]);
elements.forEach(e => { e.__kept = true; });
const texts = [];
for (const r of regions) {
  const walk = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) texts.push([walk.currentNode, walk.currentNode.data]);
}
window.__typing = { elements, texts, records: [] };
new MutationObserver(list => window.__typing.records.push(...list))
  .observe(document.querySelector('main'), { subtree: true, childList: true, attributes: true, characterData: true });
return elements.length;
";

/// What the keystroke did in the regions: elements no longer in the page, text nodes whose value
/// changed, and the mutation records by kind (texts, attributes, children).
const WHAT_CHANGED: &str = r"
const t = window.__typing;
const regions = [...document.querySelectorAll(arguments[0])];
const records = t.records.filter(r => regions.some(region => region.contains(r.target)));
return {
  replaced: t.elements.filter(e => !e.isConnected || !e.__kept).length,
  changedTexts: t.texts.filter(([node, before]) => node.data !== before).length,
  textRecords: new Set(records.filter(r => r.type === 'characterData').map(r => r.target)).size,
  attributeRecords: records.filter(r => r.type === 'attributes').length,
  childRecords: records.filter(r => r.type === 'childList').map(r => r.target.id || r.target.className),
};
";

/// The regions' HTML with the user's open `<details>` closed again (that state is the user's,
/// not the plan's).
const REGIONS_HTML: &str = r"
return [...document.querySelectorAll(arguments[0])].map(r => {
  const copy = r.cloneNode(true);
  copy.querySelectorAll('details[open]').forEach(d => d.removeAttribute('open'));
  return copy.innerHTML;
});
";

/// Resolves once the sections under the answer, which follow the form a frame late (an
/// animation frame, then a task), are built: two frames and tasks after the call.
const AFTER_THE_SECTIONS: &str = r"
const done = arguments[arguments.length - 1];
const frameThenTask = (next) => requestAnimationFrame(() => setTimeout(next));
frameThenTask(() => frameThenTask(() => done(true)));
";

async fn wait_for_the_sections(browser: &Browser) {
    browser
        .client()
        .execute_async(AFTER_THE_SECTIONS, vec![])
        .await
        .expect("two frames");
}

async fn open_with_explorer_and_workload(browser: &Browser, scenario: &Scenario) {
    browser
        .open_plan(&format!("{}&xo=1", scenario_to_query(scenario)))
        .await;
    browser
        .wait_for_js(
            "the explorer's table, the Workload section and the working",
            "document.querySelector('#explorer-table tbody tr') && document.getElementById('workload') \
             && document.querySelector('#working details')",
        )
        .await;
}

fn headline_with_nodes(scenario: &Scenario, nodes: u32) -> (Scenario, Headline) {
    let Scenario::Yarn(mut input) = scenario.clone() else {
        unreachable!("the out-of-memory preset is a YARN plan")
    };
    input.cluster.nodes = nodes;
    let changed = Scenario::Yarn(input);
    let headline = match plan(&changed) {
        Outcome::Yarn(c) => Headline::of(c.selected_plan()),
        other => panic!("{other:?}"),
    };
    (changed, headline)
}

#[tokio::test]
async fn a_keystroke_touches_only_the_nodes_whose_values_changed() {
    let browser = Browser::open("typing").await;
    let scenario = Scenario::Yarn(preset("oom-10-cores-45g").expect("the preset").input);
    let Scenario::Yarn(input) = &scenario else {
        unreachable!()
    };
    let nodes = input.cluster.nodes;
    let (more, expected) = headline_with_nodes(&scenario, nodes + 1);
    open_with_explorer_and_workload(&browser, &scenario).await;

    // The user opens the working's details and puts the caret in Nodes, after its first digit.
    browser.click("#working details > summary").await;
    browser
        .js("const f = document.getElementById('f-n'); f.focus(); f.setSelectionRange(1, 1);")
        .await;
    let marked = browser
        .client()
        .execute(MARK_AND_OBSERVE, vec![REGIONS.into()])
        .await
        .expect("mark the page")
        .as_u64()
        .expect("a count");
    assert!(marked > 300, "{marked} elements in the regions");

    // One keystroke: Nodes becomes one more (an `input` event, as typing a digit gives).
    browser
        .js(&format!(
            "const f = document.getElementById('f-n'); f.value = '{}'; f.setSelectionRange(1, 1); \
             f.dispatchEvent(new Event('input', {{ bubbles: true }}));",
            nodes + 1
        ))
        .await;
    browser.wait_for_headline(&expected).await;
    browser
        .wait_for_query(&format!("{}&xo=1", scenario_to_query(&more)))
        .await;
    wait_for_the_sections(&browser).await;

    let changed = browser
        .client()
        .execute(WHAT_CHANGED, vec![REGIONS.into()])
        .await
        .expect("what changed");
    assert_eq!(changed["replaced"], 0, "elements re-created: {changed}");
    assert_eq!(changed["childRecords"], serde_json::json!([]), "{changed}");
    let changed_texts = changed["changedTexts"].as_u64().expect("a count");
    assert!(changed_texts > 10, "the plan's numbers change: {changed}");
    assert_eq!(
        changed["textRecords"].as_u64(),
        Some(changed_texts),
        "a text set only where it changed: {changed}"
    );
    assert!(
        changed["attributeRecords"].as_u64().expect("a count") < 40,
        "attributes set only where they changed: {changed}"
    );

    // The user's state survives: focus and caret in Nodes, the working's details open.
    let state = browser
        .js(
            "const f = document.activeElement; return [f.id, f.selectionStart, \
             document.querySelector('#working details').open];",
        )
        .await;
    assert_eq!(state, serde_json::json!(["f-n", 1, true]));

    // The page now equals a fresh load of its link (the morph left nothing stale).
    let typed = browser
        .client()
        .execute(REGIONS_HTML, vec![REGIONS.into()])
        .await
        .expect("the regions' HTML");
    open_with_explorer_and_workload(&browser, &more).await;
    let loaded = browser
        .client()
        .execute(REGIONS_HTML, vec![REGIONS.into()])
        .await
        .expect("the regions' HTML");
    assert_eq!(typed, loaded);
    browser.close().await;
}

/// One keystroke, read in the task after it and again two frames later: the answer is already
/// the new plan's, the sections under it and the explorer's body still the old one's (they are
/// built after the next frame, so the answer is painted first), and then theirs too.
const KEYSTROKE_THEN_FRAMES: &str = r"
const done = arguments[arguments.length - 1];
const read = () => ['.answer-body', '.plan-sections', '.explorer-body']
  .map(s => document.querySelector(s).textContent).concat(location.search);
const before = read();
const f = document.getElementById('f-n');
f.value = String(Number(f.value) + 1);
f.dispatchEvent(new Event('input', { bubbles: true }));
setTimeout(() => {
  const soon = read();
  const frameThenTask = (next) => requestAnimationFrame(() => setTimeout(next));
  frameThenTask(() => frameThenTask(() => done({ before, soon, later: read() })));
});
";

#[tokio::test]
async fn a_keystroke_shows_the_answer_first_and_the_rest_a_frame_later() {
    let browser = Browser::open("typing-answer-first").await;
    let scenario = Scenario::Yarn(preset("oom-10-cores-45g").expect("the preset").input);
    open_with_explorer_and_workload(&browser, &scenario).await;
    let seen = browser
        .client()
        .execute_async(KEYSTROKE_THEN_FRAMES, vec![])
        .await
        .expect("the keystroke's readings");
    let region = |when: &str, i: usize| seen[when][i].as_str().expect("a text").to_owned();
    assert_ne!(region("soon", 0), region("before", 0), "the answer at once");
    // The address too: Chromium takes milliseconds to change it, which the frame need not wait for.
    let later = [
        (1, "the sections"),
        (2, "the explorer's body"),
        (3, "the address"),
    ];
    for (i, name) in later {
        assert_eq!(
            region("soon", i),
            region("before", i),
            "{name} must wait for the next frame"
        );
        assert_ne!(
            region("later", i),
            region("before", i),
            "{name} must follow after it"
        );
    }
    assert_eq!(region("later", 0), region("soon", 0));
    browser.close().await;
}
