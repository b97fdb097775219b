//! Spark Sizer's web front end: a Leptos (client-side rendered) app over the planner.
//!
//! Layers, bottom up (no module uses one above it): `fmt` and `browser` (formatting, browser
//! services); `terms` (the words the page explains, with their explanations); `state` (the form, its reading and plan as signals and memos, the address bar);
//! `on_demand` (the wasm modules some sections load when they open); `parts` and `layout` (components every
//! part uses); the page's parts, one folder each — `form`, `workload`, `explorer`, `wiki`,
//! `check`, `answer` (the headline and the sections under it), `embed` (the card for an
//! iframe, its own module); and `page`, which puts them together.

pub mod analysis;
pub mod answer;
pub mod browser;
pub mod check;
pub mod embed;
pub mod explorer;
pub mod fmt;
pub mod form;
pub mod layout;
pub mod on_demand;
pub mod page;
pub mod parts;
pub mod reactive;
pub mod state;
pub mod terms;
pub mod wiki;
pub mod workload;

// Talc in place of the default allocator (dlmalloc): a smaller page (BENCHMARKS.md, "JS API").
// wasm32-unknown-unknown without atomics runs on one thread.
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

pub use page::App;

/// Mounts the page into `<body>`, after the heading `index.html` paints at once; the rest of that
/// static shell (`#shell`) goes in the same task, so no frame shows both. A link with `embed=1`
/// (as embed codes were written before the card had its own folder) is sent to the card's
/// address, in place of this history entry. Debug builds report panics to the browser console
/// with their message; the release build leaves the hook out (its message formatting weighs
/// about a kilobyte of the page, BENCHMARKS.md) and a panic there shows as a wasm `unreachable`
/// trap.
pub fn start() {
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
    let query = state::address::current_query();
    if embed::requested(&query) {
        let card = format!("{}?{query}", embed::EMBED_FOLDER);
        let _ = leptos::prelude::window().location().replace(&card);
        return;
    }
    if let Some(shell) = leptos::prelude::document().get_element_by_id("shell") {
        shell.remove();
    }
    leptos::mount::mount_to_body(App);
}
