//! Spark Sizer's wasm entry point (built by Trunk from the root `index.html`).

fn main() {
    app::start();
}
