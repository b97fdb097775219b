//! Spark Sizer's embed card: the plan of the address's query as a compact card for an iframe
//! (crates/app's `embed::card`), as a wasm module of its own that the card's page
//! (`embed/index.html`, beside the page) loads, so that an embed reader fetches neither the page
//! nor its form. `scripts/build-embed.sh` builds it into `dist/embed/`, with its own size gate.

use wasm_bindgen::prelude::*;

/// Draws the card of the address's query into `<body>`.
#[wasm_bindgen]
pub fn start() {
    let query = app::state::address::current_query();
    app::embed::card::start(&query);
}
