//! `js/spark_sizer.d.ts` declares what `plan()` and `check()` return as the Rust types generate
//! it: the declarations below its marker line are written by ts-rs from the planner's view
//! types (`planner::view`), so they cannot drift from what the functions return. A change of
//! the types fails this test until the file is written again (`UPDATE_TYPES=1 cargo test -p api
//! --test typescript`; review the diff).

use std::any::TypeId;

use ts_rs::{Config, TypeVisitor, TS};

/// The line after which the file holds the generated declarations.
const MARKER: &str = "// ---- Generated from the Rust types (planner::view) by crates/api/tests/typescript.rs: do not edit below. ----";

/// Every declared type reachable from the roots, each once, in the order first met.
struct Collect {
    config: Config,
    seen: Vec<TypeId>,
    out: String,
}

impl TypeVisitor for Collect {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if T::output_path().is_none() || self.seen.contains(&TypeId::of::<T>()) {
            return;
        }
        self.seen.push(TypeId::of::<T>());
        if let Some(docs) = T::docs() {
            self.out.push_str(&docs);
        }
        self.out.push_str("export ");
        self.out.push_str(&T::decl(&self.config));
        self.out.push_str("\n\n");
        T::visit_dependencies(self);
    }
}

/// The generated declarations: every u64 is a `number` (serde-wasm-bindgen makes numbers of
/// them, and none the planner writes is above 2^53).
fn generated() -> String {
    let mut c = Collect {
        config: Config::new().with_large_int("number"),
        seen: Vec::new(),
        out: String::new(),
    };
    c.visit::<planner::view::View>();
    c.visit::<planner::view::check::CheckView>();
    c.out.trim_end().to_string() + "\n"
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
