//! Seed 001's 50 GB of executor memory two ways, 10 × 5 GB and 5 × 10 GB, per task, with the
//! form's `spark.task.cpus`.

use leptos::prelude::*;
use planner::explorer::{self, SplitNumbers};
use planner::presets::fat_or_slim;
use planner::units::MIB;

use super::range_words;
use crate::fmt;
use crate::reactive::{memo, text, Part};

type Line = (&'static str, fn(&SplitNumbers) -> String);

const LINES: [Line; 5] = [
    ("Task slots", |c| fmt::group(c.task_slots)),
    ("Memory per task slot, all slots busy", |c| {
        c.per_task
            .map_or("—".to_string(), |t| range_words(t.min_bytes, t.max_bytes))
    }),
    (
        "Room for a broadcast table in each executor (storage region)",
        |c| fmt::size(c.storage_bytes / MIB),
    ),
    ("Copies of a broadcast table", |c| {
        fmt::group(u64::from(c.split.executors))
    }),
    ("Most one task can use alone (a skewed key)", |c| {
        fmt::size(c.unified_bytes / MIB)
    }),
];

/// The split's table as shown: its first heading, and each line's two cells.
fn split_cells(task_cpus: u32) -> (String, Vec<[String; 2]>) {
    let f = fat_or_slim();
    let cols = f
        .splits
        .map(|s| explorer::split_numbers(s, f.cores_per_executor, task_cpus));
    let heading = if task_cpus > 1 {
        format!(
            "{} cores per executor, {task_cpus} CPUs per task",
            f.cores_per_executor
        )
    } else {
        format!("{} cores per executor", f.cores_per_executor)
    };
    let cells = LINES
        .iter()
        .map(|(_, text)| [text(&cols[0]), text(&cols[1])])
        .collect();
    (heading, cells)
}

/// The fat-or-slim table.
#[component]
pub(crate) fn FatOrSlim(task_cpus: Part<u32>) -> impl IntoView {
    let f = fat_or_slim();
    let v = memo(move || split_cells(task_cpus.get()));
    let fewest = f.splits[0].executors.min(f.splits[1].executors);
    let column = move |s: &planner::presets::BudgetSplit| {
        let kind = if s.executors > fewest { "slim" } else { "fat" };
        view! { <th scope="col">{format!("{} × {} GB ({kind})", s.executors, s.heap_gib)}</th> }
    };
    let line = move |(i, (label, _)): (usize, &Line)| {
        let cell = move |c: usize| v.with(|v| v.1.get(i).map(|l| l[c].clone()).unwrap_or_default());
        view! {
            <tr>
                <th scope="row">{*label}</th>
                <td>{text(move || cell(0))}</td>
                <td>{text(move || cell(1))}</td>
            </tr>
        }
    };
    view! {
        <h3 class="subhead" id=f.id>{format!("Fat or slim: {} GB of executor memory two ways", f.total_gib)}</h3>
        <table class="compare fat-or-slim" id="fat-or-slim">
            <thead>
                <tr>
                    <th scope="col">{text(move || v.with(|v| v.0.clone()))}</th>
                    {f.splits.iter().map(column).collect_view()}
                </tr>
            </thead>
            <tbody>{LINES.iter().enumerate().map(line).collect_view()}</tbody>
        </table>
        <p class="muted">"A map-side join needs the whole table in every executor: fat executors hold a larger one, and fewer copies. Skewed keys need memory in one task: a fat executor gives its busiest task more. Slim executors run more tasks at once."</p>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_cpus_per_task_halve_the_task_slots_and_say_so() {
        let (one, cells) = split_cells(1);
        assert_eq!(one, "5 cores per executor");
        assert_eq!(cells[0], ["50".to_string(), "25".to_string()]);
        let (two, cells) = split_cells(2);
        assert_eq!(two, "5 cores per executor, 2 CPUs per task");
        assert_eq!(cells[0], ["20".to_string(), "10".to_string()]);
    }
}
