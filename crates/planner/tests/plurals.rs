//! One of a thing is singular in every text the planner writes: headlines, working steps,
//! warnings and reports of plans where nodes, cores, executors and tasks come one at a time
//! ("1 node × 3", "runs 1 task at once", "1 vcore"), never "1 nodes".

use planner::report::{render, Format};
use planner::scenario::plan;
use planner::url::scenario_from_query;

/// Plural nouns the planner counts.
const PLURALS: &[&str] = &[
    "nodes",
    "core nodes",
    "cores",
    "vcores",
    "vCPUs",
    "executors",
    "executor pods",
    "tasks",
    "task slots",
    "slots",
    "requests",
    "containers",
    "pods",
    "jobs",
    "drivers",
    "partitions",
    "waves",
    "problems",
];

/// Each "1 <plural>" in `text` that is a count of one (not the end of `21` or `0.1`).
fn ones_with_plurals(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for plural in PLURALS {
        let needle = format!("1 {plural}");
        for (at, _) in text.match_indices(&needle) {
            let before = text[..at].chars().last();
            let part_of_a_number =
                before.is_some_and(|c| c.is_ascii_digit() || c == '.' || c == '\u{202f}');
            let after = text[at + needle.len()..].chars().next();
            let part_of_a_word = after.is_some_and(char::is_alphanumeric);
            if !part_of_a_number && !part_of_a_word {
                let start = text[..at]
                    .char_indices()
                    .rev()
                    .nth(40)
                    .map_or(0, |(i, _)| i);
                let end = (at + needle.len() + 20).min(text.len());
                let end = (end..=text.len())
                    .find(|&i| text.is_char_boundary(i))
                    .unwrap_or(text.len());
                found.push(text[start..end].to_string());
            }
        }
    }
    found
}

#[test]
fn the_checker_finds_a_plural_after_one_only() {
    assert_eq!(
        ones_with_plurals("6 nodes, 21 nodes, 0.1 cores"),
        Vec::<String>::new()
    );
    assert_eq!(ones_with_plurals("1 node × 3; 1 nodes × 3").len(), 1);
    assert_eq!(ones_with_plurals("11 tasks; 10\u{202f}001 tasks").len(), 0);
}

#[test]
fn counts_of_one_are_singular_in_every_report() {
    for query in [
        // One node, one core per executor, one task slot.
        "v=1&n=1&c=2&cpe=1",
        "v=1&n=1&c=4&cpe=1&calc=default",
        "v=1&n=2&c=2&cpe=1&share=50",
        "v=1&n=1&c=2&cpe=2&tc=2",
        "v=1&cm=k8s&n=1&cpe=1&cnt=1",
        "v=1&cm=k8s&n=1&cpe=1&cnt=max",
        "v=1&cm=k8s&n=1&cpe=1&cnt=1&mode=client",
        "v=1&cm=emr&n=1&cpe=1&cnt=1",
        "v=1&cm=emr&n=1&max=1",
        "v=1&cm=emr&n=1&cpe=1&cnt=2&he=0",
        // An input with one problem.
        "v=1&n=0",
    ] {
        let decoded = scenario_from_query(query);
        assert!(decoded.bad.is_empty(), "{query}: {:?}", decoded.bad);
        let scenario = decoded.scenario;
        let outcome = plan(&scenario);
        for format in [Format::Text, Format::Markdown, Format::Table] {
            let text = render(&scenario, &outcome, format);
            assert!(!text.is_empty(), "{query} {format:?}");
            // The driver log EMR would write is quoted as Spark writes it ("and 1 cores").
            let ours: String = text
                .lines()
                .filter(|line| !line.contains("INFO YarnAllocator:"))
                .collect::<Vec<_>>()
                .join("\n");
            let found = ones_with_plurals(&ours);
            assert!(found.is_empty(), "{query} {format:?}: {found:#?}");
        }
    }
}
