//! In-browser tests of the app (wasm-bindgen-test in headless Chromium, see `webdriver.json`).
#![cfg(target_arch = "wasm32")]

use app::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{Event, HtmlElement, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect("a browser document")
}

fn by_id<T: JsCast>(id: &str) -> T {
    document()
        .get_element_by_id(id)
        .unwrap_or_else(|| panic!("#{id} is missing"))
        .dyn_into::<T>()
        .unwrap_or_else(|_| panic!("#{id} has an unexpected type"))
}

/// Lets Leptos run the updates queued by the last event.
async fn settle() {
    leptos::task::tick().await;
}

#[wasm_bindgen_test]
async fn typing_nodes_updates_the_headline() {
    let host: HtmlElement = document()
        .create_element("div")
        .expect("create a div")
        .unchecked_into();
    document()
        .body()
        .expect("a body")
        .append_child(&host)
        .expect("append the host div");
    let handle = leptos::mount::mount_to(host, App);

    let headline: HtmlElement = by_id("headline");
    assert_eq!(headline.text_content().as_deref(), Some("4 nodes"));

    let input: HtmlInputElement = by_id("nodes");
    input.set_value("7");
    input
        .dispatch_event(&Event::new("input").expect("an input event"))
        .expect("dispatch input");
    settle().await;
    assert_eq!(headline.text_content().as_deref(), Some("7 nodes"));

    input.set_value("0");
    input
        .dispatch_event(&Event::new("input").expect("an input event"))
        .expect("dispatch input");
    settle().await;
    let text = headline.text_content().unwrap_or_default();
    assert!(text.starts_with("Enter"), "{text}");

    drop(handle);
}
