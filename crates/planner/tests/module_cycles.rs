//! No module cycles in the planner (ARCHITECTURE.md: "No module imports another that imports
//! it back"): every module's `crate::…`, `super::…` and `self::…` paths are read from its source
//! file, each resolved to the deepest module it names, and the graph of "uses" must have no
//! cycle. A cycle fails with its modules named in order (`memory → spark → memory`).
//!
//! Test code (`#[cfg(test)]` modules at the end of a file) is left out: it is not part of the
//! module's dependencies. A parent's use of its own children is containment, not a use: a child
//! may use its parent (`super::Setting`), and a cycle is a path back through other modules.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .expect("the source folder reads")
        .map(|e| e.expect("a folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module a file defines, as names from the crate root: `lib.rs` → `[]`, `spark.rs` →
/// `["spark"]`, `check/mod.rs` → `["check"]`, `check/keys.rs` → `["check", "keys"]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).expect("a file below src");
    let mut names: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(names.last().map(String::as_str), Some("mod" | "lib")) {
        names.pop();
    }
    names
}

/// The code of a file that counts: comment lines dropped, and everything from the first test
/// module on.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]")
            && lines
                .peek()
                .is_some_and(|next| next.trim_start().starts_with("mod "))
        {
            break;
        }
        if !trimmed.starts_with("//") {
            code.push_str(line);
            code.push('\n');
        }
    }
    code
}

/// The paths written after `start` (`crate::`, `super::` or `self::`) in `code`, each as its
/// names; a group (`crate::{a, b::{c, d}}`) gives one path per leaf.
fn paths_after(code: &str, start: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(start) {
        let before = rest[..at].chars().last();
        rest = &rest[at + start.len()..];
        // `my_crate::` or `foo_super::` is not the keyword.
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let mut prefix = Vec::new();
        if start == "super::" {
            prefix.push("super".to_string());
            // `super::super::x`.
            while let Some(more) = rest.strip_prefix("super::") {
                prefix.push("super".to_string());
                rest = more;
            }
        }
        let (found, used) = read_tree(rest, prefix);
        paths.extend(found);
        rest = &rest[used..];
    }
    paths
}

/// Reads one use tree at the start of `text` below `prefix`: its leaf paths and the bytes read.
fn read_tree(text: &str, prefix: Vec<String>) -> (Vec<Vec<String>>, usize) {
    let mut path = prefix;
    let mut i = 0;
    let bytes = text.as_bytes();
    loop {
        let name_len = text[i..]
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(text.len() - i);
        if name_len > 0 {
            path.push(text[i..i + name_len].to_string());
            i += name_len;
        }
        if text[i..].starts_with("::") {
            i += 2;
            continue;
        }
        if name_len == 0 && bytes.get(i) == Some(&b'{') {
            return read_group(text, i + 1, &path);
        }
        return (vec![path], i);
    }
}

/// A `{ a, b::c, … }` group starting after its `{`.
fn read_group(text: &str, mut i: usize, prefix: &[String]) -> (Vec<Vec<String>>, usize) {
    let mut paths = Vec::new();
    loop {
        i += text[i..]
            .find(|c: char| !(c.is_whitespace() || c == ','))
            .unwrap_or(text.len() - i);
        if i >= text.len() {
            return (paths, i);
        }
        if text[i..].starts_with('}') {
            return (paths, i + 1);
        }
        let (found, used) = read_tree(&text[i..], prefix.to_vec());
        paths.extend(found);
        i += used.max(1);
        // `as name` and anything else up to the next item.
        i += text[i..].find([',', '}']).unwrap_or(text.len() - i);
    }
}

/// The deepest module of `modules` that `path` (from module `from`) names.
fn resolve(
    from: &[String],
    start: &str,
    path: &[String],
    modules: &BTreeSet<Vec<String>>,
) -> Option<Vec<String>> {
    let mut full: Vec<String> = match start {
        "crate::" => Vec::new(),
        _ => from.to_vec(),
    };
    for name in path {
        if name == "super" {
            full.pop()?;
        } else {
            full.push(name.clone());
        }
    }
    (0..=full.len())
        .rev()
        .map(|n| full[..n].to_vec())
        .find(|m| modules.contains(m))
}

/// Module → the modules it uses (itself and its own children left out), in the crate whose
/// sources are in `src`.
fn module_graph(src: &Path) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(src, f)).collect();
    let mut graph = BTreeMap::new();
    for file in &files {
        let from = module_of(src, file);
        let code = code_of(&fs::read_to_string(file).expect("a source file reads"));
        let mut uses = BTreeSet::new();
        for start in ["crate::", "super::", "self::"] {
            for path in paths_after(&code, start) {
                if let Some(to) = resolve(&from, start, &path, &modules) {
                    // A module reaching into its own children is containment, not a use
                    // (a parent names them bare: `mod keys; pub use keys::known;`).
                    if !to.starts_with(&from) {
                        uses.insert(to);
                    }
                }
            }
        }
        graph.insert(from, uses);
    }
    graph
}

fn name(module: &[String]) -> String {
    if module.is_empty() {
        "crate".to_string()
    } else {
        module.join("::")
    }
}

/// A cycle of `graph`, its first module repeated at the end, if there is one (a depth-first
/// search that reports the path back to the module it met again).
fn find_cycle(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Option<Vec<String>> {
    fn visit<'a>(
        module: &'a Vec<String>,
        graph: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        done: &mut BTreeSet<&'a Vec<String>>,
        path: &mut Vec<&'a Vec<String>>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|m| *m == module) {
            let mut cycle: Vec<String> = path[at..].iter().map(|m| name(m)).collect();
            cycle.push(name(module));
            return Some(cycle);
        }
        if !done.insert(module) {
            return None;
        }
        path.push(module);
        for next in graph.get(module).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, done, path) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|m| visit(m, graph, &mut done, &mut Vec::new()))
}

/// The `src` folder of the workspace crate `name`.
fn sources_of(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(name)
        .join("src")
}

fn assert_no_cycle(crate_name: &str, graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) {
    if let Some(cycle) = find_cycle(graph) {
        panic!(
            "module cycle in crates/{crate_name}: {} (each uses the next through crate::, \
             super:: or self:: paths)",
            cycle.join(" → ")
        );
    }
}

#[test]
fn the_planner_has_no_module_cycle() {
    let graph = module_graph(&sources_of("planner"));
    // The reader sees what the codemap says: spark uses memory, check::answer uses check.
    let module = |path: &str| path.split("::").map(str::to_string).collect::<Vec<_>>();
    assert!(graph[&module("spark")].contains(&module("memory")));
    assert!(graph[&module("check::answer")].contains(&module("check")));
    assert!(graph.len() > 40, "{} modules read", graph.len());
    assert_no_cycle("planner", &graph);
}

#[test]
fn the_other_workspace_crates_have_no_module_cycle() {
    for crate_name in ["app", "api", "api-reports", "cli"] {
        let graph = module_graph(&sources_of(crate_name));
        // The reader found the crate's modules (the JS API has two: its root and `input`).
        assert!(
            graph.len() >= 2,
            "crates/{crate_name}: {} modules",
            graph.len()
        );
        assert_no_cycle(crate_name, &graph);
    }
}

#[test]
fn the_reader_finds_groups_nested_paths_and_a_cycle() {
    let code = code_of(
        "use crate::{a, b::{c, d as e}};\n// use crate::commented;\nfn f() { crate::x::y(); \
         my_crate::no(); }\n#[cfg(test)]\nmod tests { use crate::test_only; }\n",
    );
    let paths: Vec<String> = paths_after(&code, "crate::")
        .iter()
        .map(|p| p.join("::"))
        .collect();
    assert_eq!(paths, ["a", "b::c", "b::d", "x::y"]);
    let sup = paths_after("use super::super::k::{l};", "super::");
    assert_eq!(sup, [vec!["super", "super", "k", "l"]]);

    let m = |s: &str| vec![s.to_string()];
    let graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = [
        (m("a"), BTreeSet::from([m("b")])),
        (m("b"), BTreeSet::from([m("c")])),
        (m("c"), BTreeSet::from([m("a")])),
    ]
    .into_iter()
    .collect();
    assert_eq!(
        find_cycle(&graph).map(|c| c.join(" → ")).as_deref(),
        Some("a → b → c → a")
    );
}
