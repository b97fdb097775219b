//! Spark Sizer's reports module: what only some users ask for, kept out of the page's first
//! load and out of the JS API's `plan()` module, and loaded on demand by both:
//!
//! - the JS API (`js/spark_sizer.js` in crates/api) imports it on the first call of
//!   `render()` or `check()`;
//! - the page imports it when a section that needs it opens (crates/app/src/reports.rs).
//!
//! `scripts/build-api.sh` builds it into `dist/api/reports/`, with its own size gate.
//! The functions are plain Rust, tested natively; the wasm exports only pass strings.

pub mod check;
pub mod render;

// Talc in place of the default allocator (dlmalloc): a smaller module for the same results
// (BENCHMARKS.md, "JS API"). wasm32-unknown-unknown without atomics runs on one thread.
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
