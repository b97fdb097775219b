//! A Leptos hello world: a number in, its double out (the benchmark's framework floor).
use leptos::prelude::*;

#[component]
fn App() -> impl IntoView {
    let nodes = RwSignal::new(String::from("6"));
    let answer = move || {
        nodes
            .read()
            .trim()
            .parse::<u32>()
            .map_or_else(|_| String::from("?"), |n| (n * 2).to_string())
    };
    view! {
        <h1>"Hello"</h1>
        <label for="n">"Nodes"</label>
        <input id="n" type="text" prop:value=move || nodes.get() on:input=move |ev| nodes.set(event_target_value(&ev))/>
        <p>"Executors: "<span id="answer">{answer}</span></p>
    }
}

fn main() {
    leptos::mount::mount_to_body(App);
}
