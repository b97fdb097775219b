//! In-browser tests of the app (wasm-bindgen-test in headless Chromium, see `webdriver.json`):
//! the real `App` mounted into the test page, driven by DOM events.
#![cfg(target_arch = "wasm32")]

use app::App;
use leptos::mount::mount_to;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{Element, Event, EventInit, HtmlElement, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect("a browser document")
}

/// A fresh host element in `<body>` for one mounted app; the address is reset to no query, so
/// the app starts from its defaults (case 1: 6 nodes × 16 cores × 64 GiB).
fn host() -> HtmlElement {
    let window = web_sys::window().expect("a window");
    window
        .history()
        .expect("history")
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some("?"))
        .expect("reset the address");
    let host: HtmlElement = document()
        .create_element("div")
        .expect("create a div")
        .unchecked_into();
    document()
        .body()
        .expect("a body")
        .append_child(&host)
        .expect("append the host div");
    host
}

fn find(host: &HtmlElement, css: &str) -> Option<Element> {
    host.query_selector(css).expect("a valid selector")
}

fn text(host: &HtmlElement, css: &str) -> Option<String> {
    find(host, css).map(|e| e.text_content().unwrap_or_default())
}

fn query() -> String {
    web_sys::window()
        .expect("a window")
        .location()
        .search()
        .expect("location.search")
}

/// Sets an input's value and fires a bubbling `input` event, as typing does.
fn type_into(host: &HtmlElement, css: &str, value: &str) {
    let input: HtmlInputElement = find(host, css)
        .unwrap_or_else(|| panic!("{css} is missing"))
        .dyn_into()
        .unwrap_or_else(|_| panic!("{css} is not an input"));
    input.set_value(value);
    let init = EventInit::new();
    init.set_bubbles(true);
    let event = Event::new_with_event_init_dict("input", &init).expect("an input event");
    input.dispatch_event(&event).expect("dispatch input");
}

/// Waits `ms` milliseconds (a timer task: animation frames and Leptos' queued updates run).
async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = web_sys::window()
            .expect("a window")
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Lets Leptos run the updates queued by the last event (and the sections the page builds
/// after its first frame), until `done` holds (or fails after about 4 seconds).
async fn until(what: &str, done: impl Fn() -> bool) {
    for _ in 0..200 {
        if done() {
            return;
        }
        leptos::task::tick().await;
        sleep(20).await;
    }
    panic!("gave up waiting for {what}");
}

/// Mounts the app into `host` and waits for the sections it builds after the answer.
async fn mounted(host: &HtmlElement) -> impl Drop {
    let handle = mount_to(host.clone(), App);
    until("the sections under the answer", || {
        find(host, "#about h2").is_some()
    })
    .await;
    handle
}

#[wasm_bindgen_test]
async fn typing_nodes_updates_the_headline_and_bad_values_show_a_field_error() {
    let host = host();
    let handle = mounted(&host).await;

    // Case 1: node 1 holds the AM and 2 executors, the other 5 nodes 3 each.
    until("the headline", || find(&host, "#hl-executors").is_some()).await;
    assert_eq!(text(&host, "#hl-executors").as_deref(), Some("17"));
    assert_eq!(text(&host, "#hl-cores").as_deref(), Some("5"));
    assert_eq!(text(&host, "#hl-memory").as_deref(), Some("19 GiB"));

    // 12 nodes: 2 + 11 × 3 = 35 executors; typing replaces the address's query.
    type_into(&host, "#f-n", "12");
    until("35 executors", || {
        text(&host, "#hl-executors").as_deref() == Some("35")
    })
    .await;
    // Typing writes the address after the next frame (`browser::replace_query`), not in the
    // keystroke's task: wait for that frame, as a person would see the address follow.
    until("the address", || query() == "?v=1&n=12").await;
    let submit = text(&host, "#submit").unwrap_or_default();
    assert!(submit.contains("--num-executors 35"), "{submit}");
    let groups: Vec<(String, String)> = {
        let nodes = host
            .query_selector_all("#layout .node")
            .expect("a selector");
        (0..nodes.length())
            .filter_map(|i| nodes.item(i))
            .filter_map(|n| n.dyn_into::<Element>().ok())
            .map(|n| {
                (
                    n.get_attribute("data-last").unwrap_or_default(),
                    n.get_attribute("data-executors").unwrap_or_default(),
                )
            })
            .collect()
    };
    assert_eq!(
        groups,
        [("1".into(), "2".into()), ("12".into(), "3".into())],
        "node groups (last node, executors per node)"
    );

    // 0 nodes: the field says why, the answer lists it, and there is no current plan.
    type_into(&host, "#f-n", "0");
    until("the nodes error", || {
        text(&host, "#err-n").is_some_and(|t| !t.is_empty())
    })
    .await;
    let error = text(&host, "#err-n").unwrap_or_default();
    assert!(
        error.contains("Nodes") && error.contains("1 to 100\u{202f}000"),
        "{error}"
    );
    let input = find(&host, "#f-n").expect("#f-n");
    assert_eq!(input.get_attribute("aria-invalid").as_deref(), Some("true"));
    assert!(find(&host, ".field.invalid #f-n").is_some());
    assert!(find(&host, "#invalid").is_some());
    assert!(find(&host, "#hl-executors").is_none());
    // The last plan stays in view below, marked as not current.
    assert!(find(&host, "#stale-summary").is_some());
    assert!(find(&host, ".details.stale #layout").is_some());
    until("the address", || query() == "?v=1&n=0").await;

    // Unreadable text is an error too, at its own field.
    type_into(&host, "#f-m", "lots");
    until("the memory error", || {
        text(&host, "#err-m").is_some_and(|t| t.contains("lots"))
    })
    .await;
    assert_eq!(
        host.query_selector_all("#invalid li")
            .expect("a selector")
            .length(),
        2
    );

    // Fixing both brings the plan back.
    type_into(&host, "#f-n", "6");
    type_into(&host, "#f-m", "64 GB");
    until("17 executors again", || {
        text(&host, "#hl-executors").as_deref() == Some("17")
    })
    .await;
    assert_eq!(text(&host, "#err-n").as_deref(), Some(""));
    assert_eq!(text(&host, "#err-m").as_deref(), Some(""));
    assert_eq!(
        input.get_attribute("aria-invalid").as_deref(),
        Some("false")
    );

    drop(handle);
    host.remove();
}

#[wasm_bindgen_test]
async fn kubernetes_errors_show_at_their_fields() {
    let host = host();
    let handle = mounted(&host).await;
    until("the form", || find(&host, "#cm-k8s").is_some()).await;
    find(&host, "#cm-k8s")
        .expect("#cm-k8s")
        .unchecked_into::<HtmlElement>()
        .click();
    until("the Kubernetes form", || find(&host, "#f-krcpu").is_some()).await;

    // Four values the planner refuses, each a different check: a catalog range, a
    // reservation that leaves no room for pods, a bound set by another field.
    type_into(&host, "#f-n", "0");
    type_into(&host, "#f-krcpu", "16");
    type_into(&host, "#f-em", "0");
    type_into(&host, "#f-tc", "9");
    let expected = [
        ("n", "Nodes is 0; allowed: 1 to 100\u{202f}000"),
        (
            "krcpu",
            "Reserved CPU is 16 CPU; allowed: less than the node's 16 CPU minus the \
             daemonsets' 0.3 CPU",
        ),
        (
            "em",
            "spark.executor.memory is 0 MiB; allowed: 1 MiB to 64 TiB",
        ),
        (
            "tc",
            "spark.task.cpus is 9; allowed: 1 to 2 (at most spark.executor.cores; Spark stops \
             with \"The number of cores per executor (=2) has to be >= the number of cpus per \
             task = 9.\")",
        ),
    ];
    until("the four errors", || {
        expected
            .iter()
            .all(|(key, _)| text(&host, &format!("#err-{key}")).is_some_and(|t| !t.is_empty()))
    })
    .await;
    for (key, message) in expected {
        assert_eq!(
            text(&host, &format!("#err-{key}")).as_deref(),
            Some(message),
            "#err-{key}"
        );
        let input = find(&host, &format!("#f-{key}")).expect("the field");
        assert_eq!(input.get_attribute("aria-invalid").as_deref(), Some("true"));
    }
    assert_eq!(
        host.query_selector_all("#invalid li")
            .expect("a selector")
            .length(),
        4
    );

    drop(handle);
    host.remove();
}

#[wasm_bindgen_test]
async fn presets_and_the_method_switch_change_the_headline() {
    let host = host();
    let handle = mounted(&host).await;
    until("the headline", || find(&host, "#hl-executors").is_some()).await;

    let click = |css: &str| {
        find(&host, css)
            .unwrap_or_else(|| panic!("{css} is missing"))
            .unchecked_into::<HtmlElement>()
            .click();
    };
    // Case 2: YARN fits 36 executors; the rule of thumb gives up one for the AM.
    click("#preset-case2");
    until("36 executors", || {
        text(&host, "#hl-executors").as_deref() == Some("36")
    })
    .await;
    assert_eq!(text(&host, "#hl-memory").as_deref(), Some("9 GiB"));
    assert_eq!(
        find(&host, "#preset-case2")
            .and_then(|b| b.get_attribute("aria-pressed"))
            .as_deref(),
        Some("true")
    );
    assert_eq!(query(), "?v=1&c=32");
    click("#method-rule");
    until("35 executors", || {
        text(&host, "#hl-executors").as_deref() == Some("35")
    })
    .await;

    // Case 3: the rule says 11g, Spark-exact 10g (an 11g container does not fit 5 per node).
    click("#preset-case3");
    until("case 3", || {
        text(&host, "#hl-cores").as_deref() == Some("3")
    })
    .await;
    assert_eq!(text(&host, "#hl-executors").as_deref(), Some("29"));
    assert_eq!(text(&host, "#hl-memory").as_deref(), Some("10 GiB"));
    click("#method-rule");
    until("the rule's 11 GiB", || {
        text(&host, "#hl-memory").as_deref() == Some("11 GiB")
    })
    .await;

    drop(handle);
    host.remove();
}

/// The planner's presets as (id, name, description), every cluster manager.
fn planner_presets() -> Vec<(&'static str, &'static str, &'static str)> {
    let yarn = planner::presets::presets()
        .into_iter()
        .map(|p| (p.id, p.name, p.description));
    let k8s = planner::presets::k8s_presets()
        .into_iter()
        .map(|p| (p.id, p.name, p.description));
    let emr = planner::presets::emr_presets()
        .into_iter()
        .map(|p| (p.id, p.name, p.description));
    yarn.chain(k8s).chain(emr).collect()
}

#[wasm_bindgen_test]
async fn preset_buttons_and_notes_speak_to_users() {
    let host = host();
    let handle = mounted(&host).await;
    until("the form", || find(&host, "#cm-k8s").is_some()).await;
    let known = planner_presets();

    for (manager, first_preset) in [
        ("yarn", "#preset-case1"),
        ("k8s", "#preset-seed002"),
        ("emr", "#preset-seed003"),
    ] {
        find(&host, &format!("#cm-{manager}"))
            .unwrap_or_else(|| panic!("#cm-{manager} is missing"))
            .unchecked_into::<HtmlElement>()
            .click();
        until(first_preset, || find(&host, first_preset).is_some()).await;
        let buttons = host
            .query_selector_all("button.preset")
            .expect("a valid selector");
        assert!(buttons.length() >= 2, "{manager}: presets are shown");
        for i in 0..buttons.length() {
            let button: Element = buttons.item(i).expect("a button").unchecked_into();
            let id = button.get_attribute("data-preset").unwrap_or_default();
            let (_, name, description) = known
                .iter()
                .find(|(known_id, _, _)| *known_id == id)
                .unwrap_or_else(|| panic!("{manager}: preset {id} is not the planner's"));
            let shown = button.text_content().unwrap_or_default();
            let title = button.get_attribute("title").unwrap_or_default();
            assert_eq!((shown.trim(), title.as_str()), (*name, *description));
            assert!(
                !shown.to_lowercase().contains("seed") && !title.to_lowercase().contains("seed"),
                "{manager}: preset {id} speaks of seeds"
            );
        }
        let about = text(&host, ".about").expect("the notes on the model");
        assert!(
            !about.to_lowercase().contains("seed"),
            "{manager}: the notes speak of seeds: {about}"
        );
    }

    drop(handle);
    host.remove();
}
