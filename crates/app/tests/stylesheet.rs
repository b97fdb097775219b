//! The stylesheet's structure: merges have twice left a rule without its closing brace, and the
//! browser then read every later rule as nested in it (silently dropping them). The page writes
//! no nested style rules, so a style rule opened inside another is such a slip.
#![cfg(not(target_arch = "wasm32"))]

/// Where a block opened: its prelude (selector or at-rule) and line.
struct Open {
    prelude: String,
    line: usize,
}

/// Every problem with the braces of `css`: a style rule inside a style rule, a `}` with nothing
/// open, a block never closed, a comment never closed.
fn brace_problems(css: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let mut open: Vec<Open> = Vec::new();
    let mut prelude = String::new();
    let mut line = 1;
    let mut rest = css;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("/*") {
            let Some(end) = after.find("*/") else {
                problems.push(format!("line {line}: a comment never closed"));
                break;
            };
            line += after[..end].matches('\n').count();
            rest = &after[end + 2..];
            continue;
        }
        match c {
            '{' => {
                let selector = prelude.trim().to_string();
                if let Some(parent) = open.last() {
                    if !parent.prelude.starts_with('@') && !selector.starts_with('@') {
                        problems.push(format!(
                            "line {line}: rule `{selector}` opened inside `{}` (line {}): a brace is missing",
                            parent.prelude, parent.line
                        ));
                    }
                }
                open.push(Open {
                    prelude: selector,
                    line,
                });
                prelude.clear();
            }
            '}' => {
                if open.pop().is_none() {
                    problems.push(format!("line {line}: `}}` closes nothing"));
                }
                prelude.clear();
            }
            ';' => prelude.clear(),
            '\n' => {
                line += 1;
                prelude.push(' ');
            }
            _ => prelude.push(c),
        }
        rest = &rest[c.len_utf8()..];
    }
    for block in open {
        problems.push(format!(
            "line {}: `{}` never closed",
            block.line, block.prelude
        ));
    }
    problems
}

#[test]
fn every_rule_of_the_stylesheet_is_closed_before_the_next_opens() {
    let css = include_str!("../../../web/style.css");
    let problems = brace_problems(css);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_check_finds_a_missing_brace_and_a_stray_one() {
    let missing = "a {\n  color: red;\n\n.b {\n  color: blue;\n}\n";
    let found = brace_problems(missing);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].starts_with("line 4: rule `.b` opened inside `a` (line 1)"));
    assert_eq!(brace_problems("a { }\n}\n"), ["line 2: `}` closes nothing"]);
    assert!(brace_problems("@media print {\n  a { color: red; }\n}\n/* x */").is_empty());
    assert_eq!(
        brace_problems("/* open"),
        ["line 1: a comment never closed"]
    );
}
