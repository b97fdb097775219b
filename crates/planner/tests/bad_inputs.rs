//! The bad-input table (`tests/data/bad_inputs.tsv`): odd and wrong share links across YARN,
//! Kubernetes and EMR, each of which must end in a possible plan, a plan with a warning, or a
//! message naming the field to fix — never a headline whose numbers cannot be (no executors,
//! no cores, a heap Spark refuses, or a plan shown beside an error saying it fails).

use planner::catalog;
use planner::plausible::hardware_warnings;
use planner::url::{scenario_from_query, Manager, Scenario};
use planner::{Diagnostic, Outcome, Severity};

/// Spark refuses executor heaps below 450 MiB (reserved memory × 1.5, `UnifiedMemoryManager`).
const LEAST_HEAP_MIB: u64 = 450;

/// What a row must end in.
#[derive(Debug)]
enum Expected {
    /// A plan with possible numbers and no error.
    Plan,
    /// A possible plan with a warning of this code, or about the field with this key.
    Warning(String),
    /// A message about the field with this key, naming it.
    Message(String),
    /// A plan that says it runs fewer executors than asked (or none), and suggests the nearest
    /// shape that runs, with possible numbers (the headline then says so instead of a shape).
    Shortfall,
}

fn parse_expected(text: &str) -> Expected {
    let inner = |prefix: &str| {
        text.strip_prefix(prefix)
            .and_then(|t| t.strip_suffix(')'))
            .map(str::to_string)
    };
    if text == "plan" {
        Expected::Plan
    } else if text == "shortfall" {
        Expected::Shortfall
    } else if let Some(x) = inner("warning(") {
        Expected::Warning(x)
    } else if let Some(k) = inner("message(") {
        Expected::Message(k)
    } else {
        panic!("unknown expectation {text}")
    }
}

/// The headline's numbers: (executors, cores, heap MiB), and the plan's warnings.
fn headline(scenario: &Scenario, outcome: &Outcome) -> Option<((u64, u64, u64), Vec<Diagnostic>)> {
    match outcome {
        Outcome::Yarn(c) => {
            let p = c.selected_plan();
            let placed = u64::from(p.instances.min(p.placement.totals.executors));
            Some((
                (placed, u64::from(p.cores()), p.heap_mib()),
                planner::plan::warnings(c, c.selected),
            ))
        }
        Outcome::Kubernetes(p) => Some((
            (
                u64::from(p.totals.executors),
                p.executor_cpu_millis.div_ceil(1000).max(1),
                p.executor_memory.heap_mib,
            ),
            match scenario {
                Scenario::Kubernetes(input) => planner::k8s::k8s_warnings(input, p),
                _ => unreachable!("a Kubernetes plan comes from a Kubernetes scenario"),
            },
        )),
        Outcome::Emr(p) => {
            let top = p.launched.first();
            Some((
                (
                    u64::from(p.launched_executors),
                    u64::from(top.map_or(0, |l| l.cores)),
                    top.map_or(0, |l| l.heap_mib),
                ),
                planner::emr::warnings(p),
            ))
        }
        Outcome::Invalid(_) => None,
    }
}

/// The nearest shapes that run, (executors, cores, heap MiB), when the plan says it runs fewer
/// executors than asked: empty when it says so without a suggestion, `None` when all run.
fn nearest_when_short(scenario: &Scenario, outcome: &Outcome) -> Option<Vec<(u64, u64, u64)>> {
    use planner::shortfall::Nearest;
    let s = planner::scenario::shortfall(scenario, outcome)?;
    let shapes = s.nearest.iter().map(|n| match *n {
        Nearest::Heap { shape, .. }
        | Nearest::SparkExact(shape)
        | Nearest::Fewer(shape)
        | Nearest::SmallerHeap(shape)
        | Nearest::LargestThatFits(shape) => {
            (shape.executors, u64::from(shape.cores), shape.heap_mib)
        }
    });
    Some(shapes.collect())
}

/// Checks one row; an error says what the page would show instead.
fn check(query: &str, expected: &Expected) -> Result<(), String> {
    let decoded = scenario_from_query(query);
    let m: Manager = decoded.scenario.manager();
    let mut messages: Vec<Diagnostic> = decoded
        .bad
        .iter()
        .filter(|b| b.field.is_some())
        .map(|b| b.diagnostic(m))
        .collect();
    let outcome = planner::scenario::plan(&decoded.scenario);
    if let Outcome::Invalid(found) = &outcome {
        messages.extend(found.iter().cloned());
    }
    // A plan's error about one field (nothing fits, Spark refuses) is a message at that field.
    let plan_errors: Vec<Diagnostic> =
        headline(&decoded.scenario, &outcome).map_or_else(Vec::new, |(_, w)| {
            w.into_iter()
                .filter(|w| w.severity == Severity::Error && w.field.is_some())
                .collect()
        });
    let key_of = |d: &Diagnostic| d.field.map_or("", |f| catalog::key(m, f));
    if let Expected::Message(k) = expected {
        let named = messages.iter().chain(&plan_errors).any(|d| {
            key_of(d) == k
                && d.field
                    .is_some_and(|f| d.message.contains(catalog::name(m, f)))
        });
        return if named {
            Ok(())
        } else {
            Err(format!(
                "no message naming field {k}: {messages:?}; {outcome:?}"
            ))
        };
    }
    if !messages.is_empty() {
        return Err(format!("messages instead of a plan: {messages:?}"));
    }
    if let Expected::Shortfall = expected {
        let possible = |&(executors, cores, heap): &(u64, u64, u64)| {
            executors > 0 && cores > 0 && heap >= LEAST_HEAP_MIB
        };
        return match nearest_when_short(&decoded.scenario, &outcome) {
            Some(nearest) if !nearest.is_empty() && nearest.iter().all(possible) => Ok(()),
            Some(nearest) => Err(format!("no possible nearest shape: {nearest:?}")),
            None => Err(format!("no shortfall said: {outcome:?}")),
        };
    }
    let Some(((executors, cores, heap), mut warnings)) = headline(&decoded.scenario, &outcome)
    else {
        return Err(format!("no plan: {outcome:?}"));
    };
    if executors == 0 || cores == 0 || heap < LEAST_HEAP_MIB {
        return Err(format!(
            "an impossible headline: {executors} executors × {cores} cores × {heap} MiB"
        ));
    }
    if let Some(e) = warnings.iter().find(|w| w.severity == Severity::Error) {
        return Err(format!("a plan shown beside an error: {}", e.message));
    }
    warnings.extend(hardware_warnings(&decoded.scenario));
    match expected {
        Expected::Warning(x) => warnings
            .iter()
            .any(|w| w.code.as_str() == x || key_of(w) == x)
            .then_some(())
            .ok_or_else(|| format!("no warning {x}: {warnings:?}")),
        _ => Ok(()),
    }
}

#[test]
fn every_bad_or_odd_input_ends_in_a_plan_a_warning_or_a_message_at_its_field() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bad_inputs.tsv");
    let text = std::fs::read_to_string(path).expect("the bad-input table");
    let mut failures = Vec::new();
    let mut rows = 0;
    let mut managers = Vec::new();
    for line in text.lines() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (query, expected) = line
            .split_once('\t')
            .unwrap_or_else(|| panic!("a row is query<TAB>expected: {line}"));
        rows += 1;
        let m = scenario_from_query(query).scenario.manager();
        if !managers.contains(&m) {
            managers.push(m);
        }
        if let Err(why) = check(query, &parse_expected(expected.trim())) {
            failures.push(format!("{query} (expected {expected}): {why}"));
        }
    }
    assert!(rows >= 40, "only {rows} rows");
    assert_eq!(managers.len(), 3, "rows for every cluster manager");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
