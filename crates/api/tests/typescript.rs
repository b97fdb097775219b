//! `js/spark_sizer.d.ts` declares what `plan()` and `check()` return as the Rust types generate
//! it: the declarations below its marker line are written by ts-rs from the planner's view
//! types (`planner::view`), so they cannot drift from what the functions return. A change of
//! the types fails this test until the file is written again (`UPDATE_TYPES=1 cargo test -p api
//! --test typescript`; review the diff).

use std::any::TypeId;

use ts_rs::{Config, TypeVisitor, TS};

/// The line after which the file holds the generated declarations.
const MARKER: &str = "// ---- Generated from the Rust types (planner::view) by crates/api/tests/typescript.rs: do not edit below. ----";

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

/// The generated declarations: every u64 is a `number` (serde-wasm-bindgen makes numbers of
/// them, and none the planner writes is above 2^53).
fn generated() -> String {
    let mut c = Collect {
        config: Config::new().with_large_int("number"),
        seen: Vec::new(),
        declarations: Vec::new(),
    };
    c.visit::<planner::view::View>();
    c.visit::<planner::view::check::CheckView>();
    c.visit::<planner::view::ExplorerTable>();
    c.declarations.sort();
    let texts: Vec<String> = c.declarations.into_iter().map(|(_, text)| text).collect();
    texts.join("\n")
}

#[test]
fn the_declarations_are_generated_from_the_types() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/js/spark_sizer.d.ts");
    let text = std::fs::read_to_string(path).expect("the declaration file");
    let (head, tail) = text
        .split_once(MARKER)
        .unwrap_or_else(|| panic!("{path} has no line {MARKER:?}"));
    let wanted = format!("\n{}", generated());
    if std::env::var_os("UPDATE_TYPES").is_some() {
        std::fs::write(path, format!("{head}{MARKER}{wanted}")).expect("written");
        return;
    }
    assert!(
        tail == wanted,
        "{path} differs from the Rust types' declarations: run UPDATE_TYPES=1 cargo test -p api \
         --test typescript and review the diff"
    );
}
