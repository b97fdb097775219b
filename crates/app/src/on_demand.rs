//! The wasm modules sections of the page load when they first open, so that the page's first
//! load does not carry their code: the reports module (crates/api-reports: the configuration
//! check and the wiki exports) and the sections module (crates/app-analysis: "Analyse a run"
//! and the check's answer). Each one's state is a signal: the sections that need it show
//! "Loading…", a reason, or what it answered.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

// `import()` of the page's own files is allowed by `script-src 'self'`; the address is relative
// to the page, so that the page works under any path; `default()` is wasm-bindgen's
// initialiser. A module whose fetch failed stays failed for the document (the browser's module
// map keeps the failure), so an attempt after a failure asks for the address with `?attempt=N`.
#[wasm_bindgen(inline_js = "export function import_module(path, attempt, done) {
  const url = new URL(path, document.baseURI);
  if (attempt) url.search = 'attempt=' + attempt;
  import(url.href).then(async (m) => { await m.default(); done(m); }, (e) => done(String(e)));
}")]
extern "C" {
    fn import_module(path: &str, attempt: u32, done: &JsValue);
}

/// The reports module's wasm-bindgen glue, relative to the page.
pub const REPORTS_MODULE: &str = "api/reports/spark_sizer_reports_wasm.js";

/// Where the reports module is.
#[derive(Clone, Debug, Default)]
pub enum Load {
    /// Not asked for yet.
    #[default]
    NotAsked,
    /// Being fetched and compiled.
    Loading,
    /// Ready: the module's exports.
    Ready(JsValue),
    /// It could not be loaded (offline, or the files are missing): why.
    Failed(String),
}

impl PartialEq for Load {
    fn eq(&self, other: &Load) -> bool {
        match (self, other) {
            (Load::Ready(a), Load::Ready(b)) => a == b,
            (Load::Failed(a), Load::Failed(b)) => a == b,
            (Load::NotAsked, Load::NotAsked) | (Load::Loading, Load::Loading) => true,
            _ => false,
        }
    }
}

/// What to do with the module once it is loaded.
type Waiting = Vec<Box<dyn FnOnce(JsValue)>>;

/// The state of a module loaded on demand, shared by the sections that use it, `Copy`.
#[derive(Clone, Copy)]
pub struct OnDemandModule {
    /// The module's wasm-bindgen glue, relative to the page.
    path: &'static str,
    /// Where the module is.
    pub load: RwSignal<Load, LocalStorage>,
    /// How many loads failed (the next one asks with `?attempt=N`).
    failures: StoredValue<u32>,
    /// What waits for the module (a failed load drops it).
    waiting: StoredValue<Waiting, LocalStorage>,
}

impl OnDemandModule {
    /// The reports module, nothing loaded.
    pub fn reports() -> OnDemandModule {
        OnDemandModule::at(REPORTS_MODULE)
    }

    /// The module at `path` (relative to the page), nothing loaded.
    pub fn at(path: &'static str) -> OnDemandModule {
        OnDemandModule {
            path,
            load: RwSignal::new_local(Load::NotAsked),
            failures: StoredValue::new(0),
            waiting: StoredValue::new_local(Vec::new()),
        }
    }

    /// Loads the module unless it is loaded or loading (a failed load is tried again).
    pub fn ask(self) {
        if matches!(self.load.get_untracked(), Load::Ready(_) | Load::Loading) {
            return;
        }
        self.load.set(Load::Loading);
        let done = Closure::once_into_js(move |value: JsValue| {
            let waiting = self
                .waiting
                .try_update_value(std::mem::take)
                .unwrap_or_default();
            match value.as_string() {
                Some(reason) => {
                    self.failures.update_value(|n| *n += 1);
                    self.load.set(Load::Failed(reason));
                }
                None => {
                    self.load.set(Load::Ready(value.clone()));
                    for then in waiting {
                        then(value.clone());
                    }
                }
            }
        });
        import_module(self.path, self.failures.get_value(), &done);
    }

    /// Calls `then` with the module: at once when it is loaded, else once it is (loading it).
    pub fn with_module(self, then: impl FnOnce(JsValue) + 'static) {
        if let Load::Ready(m) = self.load.get_untracked() {
            then(m);
            return;
        }
        self.waiting.update_value(|w| w.push(Box::new(then)));
        self.ask();
    }

    /// The module, when it is loaded (tracked).
    pub fn module(self) -> Option<JsValue> {
        self.load.with(|l| match l {
            Load::Ready(m) => Some(m.clone()),
            _ => None,
        })
    }
}

/// The module's function `name` called with string arguments: its result, as it is.
pub fn call(module: &JsValue, name: &str, args: &[&str]) -> Option<JsValue> {
    let function: js_sys::Function = js_sys::Reflect::get(module, &JsValue::from_str(name))
        .ok()?
        .dyn_into()
        .ok()?;
    let args: js_sys::Array = args.iter().map(|a| JsValue::from_str(a)).collect();
    function.apply(&JsValue::NULL, &args).ok()
}

/// The module's function `name` called with string arguments: its result when it is a string.
pub fn call_string(module: &JsValue, name: &str, args: &[&str]) -> Option<String> {
    call(module, name, args)?.as_string()
}
