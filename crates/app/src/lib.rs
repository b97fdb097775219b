//! Spark Sizer's web front end: the root component and the small pure helpers it shows.

use leptos::prelude::*;

/// The node count the page starts with.
pub const DEFAULT_NODES: u32 = 4;

/// Parses the "Nodes" field: a whole number of at least 1, surrounding spaces allowed.
pub fn parse_nodes(raw: &str) -> Option<u32> {
    raw.trim().parse::<u32>().ok().filter(|&n| n >= 1)
}

/// The headline for a raw "Nodes" field value, e.g. `"4 nodes"` or `"1 node"`.
pub fn headline(raw: &str) -> String {
    match parse_nodes(raw) {
        Some(1) => "1 node".to_owned(),
        Some(n) => format!("{n} nodes"),
        None => "Enter a whole number of nodes (1 or more)".to_owned(),
    }
}

/// The whole page: a heading, the "Nodes" input and the headline derived from it.
#[component]
pub fn App() -> impl IntoView {
    let (nodes, set_nodes) = signal(DEFAULT_NODES.to_string());
    let summary = Memo::new(move |_| nodes.with(|raw| headline(raw)));

    view! {
        <main class="page">
            <header>
                <h1>"Spark Sizer"</h1>
                <p class="tagline">"Size Spark executors for a YARN cluster."</p>
            </header>
            <section class="card">
                <div class="field">
                    <label for="nodes">"Nodes"</label>
                    <input
                        id="nodes"
                        type="number"
                        min="1"
                        step="1"
                        inputmode="numeric"
                        prop:value=nodes
                        on:input=move |ev| set_nodes.set(event_target_value(&ev))
                    />
                </div>
                <output id="headline" for="nodes" aria-live="polite">
                    {summary}
                </output>
            </section>
        </main>
    }
}

/// Mounts [`App`] into `<body>`, reporting panics to the browser console.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headline_counts_nodes() {
        assert_eq!(headline("4"), "4 nodes");
        assert_eq!(headline(" 12 "), "12 nodes");
        assert_eq!(headline("1"), "1 node");
    }

    #[test]
    fn headline_rejects_bad_input() {
        for raw in ["", "0", "-3", "2.5", "many"] {
            assert_eq!(parse_nodes(raw), None, "{raw:?}");
            assert!(headline(raw).starts_with("Enter"), "{raw:?}");
        }
    }
}
