//! Modules of the JS API (`dist/api/`, built by scripts/build-api.sh) that a section of the
//! page loads when it opens, so that the page's first load does not carry their code: the
//! reports module (crates/api-reports: the configuration check and the wiki exports).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

// A module is imported once (a failed import is tried again on the next call), relative to
// the page's address so that the page works under any path; `default()` is wasm-bindgen's
// initialiser. Dynamic `import()` of the page's own files is allowed by `script-src 'self'`.
// A module whose fetch failed stays failed for the document (the browser's module map keeps
// the failure), so an attempt after a failure asks for the address with `?attempt=N`.
#[wasm_bindgen(inline_js = "const loaded = new Map();
let failures = 0;
export function import_module(path, done) {
  let module = loaded.get(path);
  if (!module) {
    const url = new URL(path, document.baseURI);
    if (failures) url.search = 'attempt=' + failures;
    module = import(url.href).then(async (m) => { await m.default(); return m; });
    loaded.set(path, module);
  }
  module.then((m) => done(m), (e) => { failures++; loaded.delete(path); done(String(e)); });
}")]
extern "C" {
    fn import_module(path: &str, done: &JsValue);
}

/// The reports module's wasm-bindgen glue, relative to the page.
pub const REPORTS_MODULE: &str = "api/reports/spark_sizer_reports_wasm.js";

/// Imports the module at `path` (relative to the page) and calls `then` with it, or with the
/// reason it could not be loaded (offline, or the files are missing).
pub fn import_then(path: &str, then: impl FnOnce(Result<JsValue, String>) + 'static) {
    let done = Closure::once_into_js(move |value: JsValue| {
        then(value.as_string().map_or(Ok(value), Err));
    });
    import_module(path, &done);
}

/// Calls the module's function `name` with string arguments; its result when it is a string.
pub fn call_string(module: &JsValue, name: &str, args: &[&str]) -> Option<String> {
    let function: js_sys::Function = js_sys::Reflect::get(module, &JsValue::from_str(name))
        .ok()?
        .dyn_into()
        .ok()?;
    let args: js_sys::Array = args.iter().map(|a| JsValue::from_str(a)).collect();
    function.apply(&JsValue::NULL, &args).ok()?.as_string()
}
