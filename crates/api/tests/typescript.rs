//! `js/spark_sizer.d.ts` declares what `plan()` and `check()` return as the Rust types generate
//! it: the declarations below its marker line are written by ts-rs from the planner's view
//! types (`planner::view`), so they cannot drift from what the functions return; so does the
//! analyser module's `analysis.d.ts` for what `analyze()` returns (the analysis' types in
//! `eventlog`, the answer in `api-analyzer`). A change of
//! the types fails this test until the file is written again (`UPDATE_TYPES=1 cargo test -p api
//! --test typescript`; review the diff).

use std::any::TypeId;

use ts_rs::{Config, TypeVisitor, TS};

/// The line after which the file holds the generated declarations.
const MARKER: &str = "// ---- Generated from the Rust types (planner::view) by crates/api/tests/typescript.rs: do not edit below. ----";

/// The line after which the analyser module's `analysis.d.ts` holds its generated declarations.
const CHECK_MARKER: &str = "// ---- Generated from the Rust types (planner::view::check) by crates/api/tests/typescript.rs: do not edit below. ----";

const ANALYSIS_MARKER: &str = "// ---- Generated from the Rust types (eventlog, api-analyzer) by crates/api/tests/typescript.rs: do not edit below. ----";

/// Every declared type reachable from the roots, each once, with its name (the order of
/// ts-rs's visits is not stable between builds: the declarations are sorted by name).
struct Collect {
    config: Config,
    seen: Vec<TypeId>,
    declarations: Vec<(String, String)>,
}

impl TypeVisitor for Collect {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if T::output_path().is_none() || self.seen.contains(&TypeId::of::<T>()) {
            return;
        }
        self.seen.push(TypeId::of::<T>());
        let mut text = T::docs().unwrap_or_default();
        text.push_str("export ");
        text.push_str(&T::decl(&self.config));
        text.push('\n');
        self.declarations.push((T::name(&self.config), text));
        T::visit_dependencies(self);
    }
}

fn collector() -> Collect {
    Collect {
        config: Config::new().with_large_int("number"),
        seen: Vec::new(),
        declarations: Vec::new(),
    }
}

/// The view's declarations, sorted by name: every u64 is a `number` (serde-wasm-bindgen makes
/// numbers of them, and none the planner writes is above 2^53).
fn view_declarations() -> Vec<(String, String)> {
    let mut c = collector();
    c.visit::<planner::view::View>();
    c.visit::<planner::view::ExplorerTable>();
    c.declarations.sort();
    c.declarations
}

/// The generated declarations of `spark_sizer.d.ts`.
fn generated() -> String {
    let texts: Vec<String> = view_declarations().into_iter().map(|(_, t)| t).collect();
    texts.join("\n")
}

/// The generated declarations of the analyser module's `analysis.d.ts` (what `analyze()`
/// returns, `AnalysisResult`; no number the analysis writes is above 2^53: bytes and ms): the
/// types `spark_sizer.d.ts` already declares are imported from it, not declared twice.
/// The names of the view's declarations (`spark_sizer.d.ts`).
fn view_names() -> Vec<String> {
    view_declarations()
        .into_iter()
        .map(|(name, _)| name)
        .collect()
}

/// The check's own declarations (`reports/check.d.ts`): its types the view does not hold.
fn check_declarations() -> Vec<(String, String)> {
    let mut c = collector();
    c.visit::<planner::view::check::CheckView>();
    let shared = view_names();
    c.declarations
        .into_iter()
        .filter(|(name, _)| !shared.contains(name))
        .collect()
}

/// A module's own declarations, after an import of each type it uses from the files before it
/// (`from`: each file's path from the module's folder, and the names it declares).
fn generated_beside(mut c: Collect, from: &[(&str, Vec<String>)]) -> String {
    c.declarations.sort();
    let mut text = String::new();
    let mut own = c.declarations;
    for (file, declared) in from {
        let (imported, rest): (Vec<_>, Vec<_>) = own
            .into_iter()
            .partition(|(name, _)| declared.contains(name));
        own = rest;
        if !imported.is_empty() {
            let names: Vec<String> = imported.into_iter().map(|(name, _)| name).collect();
            text.push_str(&format!(
                "import type {{ {} }} from \"{file}\";\n",
                names.join(", ")
            ));
        }
    }
    text.push('\n');
    let texts: Vec<String> = own.into_iter().map(|(_, t)| t).collect();
    text.push_str(&texts.join("\n"));
    text
}

fn generated_analysis() -> String {
    let mut c = collector();
    c.visit::<api_analyzer::session::AnswerDocument>();
    let check: Vec<String> = check_declarations().into_iter().map(|(n, _)| n).collect();
    generated_beside(
        c,
        &[
            ("../spark_sizer", view_names()),
            ("../reports/check", check),
        ],
    )
}

fn generated_check() -> String {
    let mut c = collector();
    c.visit::<planner::view::check::CheckView>();
    generated_beside(c, &[("../spark_sizer", view_names())])
}

fn check_generated(path: &str, marker: &str, generated: &str) {
    let text = std::fs::read_to_string(path).expect("the declaration file");
    let (head, tail) = text
        .split_once(marker)
        .unwrap_or_else(|| panic!("{path} has no line {marker:?}"));
    let wanted = format!("\n{generated}");
    if std::env::var_os("UPDATE_TYPES").is_some() {
        std::fs::write(path, format!("{head}{marker}{wanted}")).expect("written");
        return;
    }
    assert!(
        tail == wanted,
        "{path} differs from the Rust types' declarations: run UPDATE_TYPES=1 cargo test -p api \
         --test typescript and review the diff"
    );
}

#[test]
fn the_analysis_declarations_are_generated_from_the_types() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../api-analyzer/js/analysis.d.ts"
    );
    check_generated(path, ANALYSIS_MARKER, &generated_analysis());
}

#[test]
fn the_check_declarations_are_generated_from_the_types() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../api-reports/js/check.d.ts");
    check_generated(path, CHECK_MARKER, &generated_check());
}

#[test]
fn the_declarations_are_generated_from_the_types() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/js/spark_sizer.d.ts");
    check_generated(path, MARKER, &generated());
}
