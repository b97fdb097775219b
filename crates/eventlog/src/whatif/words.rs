//! The what-if in words, made from its numbers: a few key facts, the curve's table (every count
//! when few, else a selection that keeps the run's count, the knee and the last), and the
//! model's assumptions stated with the run's own numbers.

use planner::fixed::format_fixed;
use planner::format::{counted, group};

use super::{max_executors, WhatIf};
use crate::format::{bytes, clock, duration, short_duration};

/// The table's most rows.
const MOST_ROWS: usize = 24;

/// The what-if's words.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Words {
    /// Key facts, as (what, value).
    pub facts: Vec<(String, String)>,
    /// The table's header.
    pub header: Vec<String>,
    /// Its rows.
    pub rows: Vec<Vec<String>>,
    /// The assumptions, each a sentence.
    pub assumptions: Vec<String>,
}

/// A signed share as a percentage with one decimal (`−8.3 %`, `+0.4 %`).
fn signed_percent(share: f64) -> String {
    let text = format_fixed(share.abs() * 100.0, 1);
    let sign = if text.trim_start_matches(['0', '.']).is_empty() {
        ""
    } else if share < 0.0 {
        "−"
    } else {
        "+"
    };
    format!("{sign}{text} %")
}

/// Hours with the decimals their size needs.
fn hours(v: f64) -> String {
    if v >= 1000.0 {
        group(v.round() as u64)
    } else if v >= 10.0 {
        format_fixed(v, 1)
    } else if v >= 0.1 {
        format_fixed(v, 2)
    } else {
        format_fixed(v, 3)
    }
}

/// The counts the table shows: all of them when few, else the first eight, the run's count,
/// the knee, the last, and counts spaced between.
fn shown(w: &WhatIf) -> Vec<usize> {
    let points = &w.curve.points;
    if points.len() <= MOST_ROWS {
        return (0..points.len()).collect();
    }
    let last = points.last().map_or(1, |p| p.executors);
    let mut wanted: Vec<u32> = (1..=8).collect();
    wanted.extend(w.check.map(|c| c.executors));
    wanted.push(w.knee_executors);
    let spaced = (MOST_ROWS - wanted.len() - 1).max(1);
    for k in 1..=spaced {
        let x = 8.0 * (f64::from(last) / 8.0).powf(k as f64 / spaced as f64);
        wanted.push(x.round() as u32);
    }
    wanted.push(last);
    let mut rows: Vec<usize> = wanted
        .into_iter()
        .filter_map(|e| points.iter().position(|p| p.executors >= e))
        .collect();
    rows.sort_unstable();
    rows.dedup();
    rows
}

fn table(w: &WhatIf) -> (Vec<String>, Vec<Vec<String>>) {
    let header = [
        "Executors",
        "Cores each",
        "Estimated time",
        "Task slots busy",
        "Core-hours",
        "GiB-hours",
        "",
    ]
    .map(String::from)
    .to_vec();
    let real = w.check.map(|c| c.executors);
    let last = w.curve.points.last().map(|p| p.executors);
    let rows = shown(w)
        .into_iter()
        .map(|i| {
            let p = &w.curve.points[i];
            let mut notes = Vec::new();
            if Some(p.executors) == real && w.curve.cores == w.model.executor_cores {
                notes.push("the run's most at once");
            }
            if p.executors == w.knee_executors {
                notes.push("knee");
            }
            if Some(p.executors) == last {
                notes.push("more change nothing");
            }
            vec![
                group(u64::from(p.executors)),
                p.cores.to_string(),
                clock(p.estimated_ms),
                format!("{} %", format_fixed(p.utilisation * 100.0, 0)),
                hours(p.core_hours),
                p.gib_hours.map_or_else(|| "–".to_string(), hours),
                notes.join(", "),
            ]
        })
        .collect();
    (header, rows)
}

fn facts(w: &WhatIf) -> Vec<(String, String)> {
    let c = &w.curve;
    let mut out = vec![(
        "Executor shape".to_string(),
        format!(
            "{} each, {} ({} ÷ spark.task.cpus {})",
            counted(u64::from(c.cores), "core"),
            counted(u64::from(c.slots_per_executor), "task slot"),
            c.cores,
            w.task_cpus
        ),
    )];
    if let Some(check) = w.check {
        let mut said = format!(
            "{} with at most {} at once",
            duration(check.real_ms),
            counted(u64::from(check.executors), "executor")
        );
        if let (Some(ms), Some(e)) = (check.replayed_ms, check.replay_error) {
            said.push_str(&format!(
                "; the model, replaying its executors as they came and went: {} ({})",
                duration(ms),
                signed_percent(e)
            ));
        }
        out.push(("As it ran".to_string(), said));
        if check
            .replay_error
            .is_none_or(|e| (e - check.error).abs() > 0.01)
        {
            out.push((
                format!(
                    "{} there throughout",
                    counted(u64::from(check.executors), "executor")
                ),
                format!(
                    "{} ({})",
                    duration(check.estimated_ms),
                    signed_percent(check.error)
                ),
            ));
        }
    }
    out.push((
        "Unlimited executors".to_string(),
        format!(
            "{} (the critical path); from {} on nothing changes",
            duration(w.critical_path_ms),
            counted(u64::from(c.saturation_executors), "executor")
        ),
    ));
    out.push((
        "Knee".to_string(),
        format!(
            "{}: past it one more executor saves less than {} % of the run's time",
            counted(u64::from(w.knee_executors), "executor"),
            format_fixed(w.knee_share * 100.0, 0)
        ),
    ));
    let could = max_executors(w, c.cores).could_use;
    out.push((
        "spark.dynamicAllocation.maxExecutors".to_string(),
        format!(
            "{} is the most the run could keep busy (its most runnable tasks at once, {}, on {} \
             each); past the knee, {}, each saves little",
            group(u64::from(could)),
            group(c.peak_tasks),
            counted(u64::from(c.slots_per_executor), "slot"),
            w.knee_executors
        ),
    ));
    out
}

/// How many jobs ran while another did.
fn jobs_together(w: &WhatIf) -> usize {
    let mut spans: Vec<(u64, u64)> = w
        .model
        .jobs
        .iter()
        .map(|j| (j.submitted_ms, j.completed_ms))
        .collect();
    spans.sort_unstable();
    let mut ended_by = 0u64;
    let mut together = 0;
    for (i, &(start, end)) in spans.iter().enumerate() {
        let after_one = i > 0 && start < ended_by;
        let before_next = spans.get(i + 1).is_some_and(|&(next, _)| next < end);
        together += usize::from(after_one || before_next);
        ended_by = ended_by.max(end);
    }
    together
}

fn assumptions(w: &WhatIf, local: bool) -> Vec<String> {
    let m = &w.model;
    let mut out = vec![format!(
        "Each of the run's {} takes as long as it did, launch to finish ({} of task time in \
         all, failed and retried tasks included): no shape is estimated to make a task faster.",
        counted(w.tasks, "task"),
        duration(w.task_ms)
    )];
    out.push(match m.most_spilled_stage {
        Some((stage, most)) => format!(
            "Memory is not modelled: the tasks spilled {} to disk, {} of it in stage {stage}; \
             executors with more memory per task might spill less and run faster than estimated.",
            bytes(m.disk_spilled_bytes),
            bytes(most)
        ),
        None => "Memory is not modelled: more memory per task is never estimated as faster \
                 (this run spilled nothing to disk)."
            .to_string(),
    });
    out.push(format!(
        "The driver's own time, {} before, between and after the jobs, is the same for every count.",
        duration(w.driver_ms)
    ));
    let together = jobs_together(w);
    let did = match together {
        0 => format!("none of its {} did", counted(w.jobs, "job")),
        n => format!("{n} of its {} did", counted(w.jobs, "job")),
    };
    out.push(format!(
        "A job starts no sooner after the jobs that ended before it was submitted than it did; \
         jobs that ran at the same time may again ({did})."
    ));
    out.push(format!(
        "Free task slots take tasks in Spark's FIFO order, with no wait for data locality; a \
         stage's first task launches {} after the stage can run (the run's median).",
        short_duration(m.stage_lag_ms)
    ));
    if m.warmup_ms > 0 {
        out.push(format!(
            "A new executor's first task on each slot takes {} longer, its JVM warming up \
             (measured from the run's first tasks against their stages' later ones).",
            short_duration(m.warmup_ms)
        ));
    }
    out.push(format!(
        "The executors are there from {} after the start, when the run's first executor arrived.",
        duration(w.executors_arrive_ms)
    ));
    out.push(match w.container_mib {
        Some(mib) => format!(
            "Core-hours and GiB-hours are the executors' from their arrival to the run's end, each \
             in a container of {} as the run's settings ask it; the driver's are the same for every \
             count.",
            bytes(mib.saturating_mul(1 << 20))
        ),
        None => "Core-hours are the executors' from their arrival to the run's end; no GiB-hours: \
                 the run had no executor containers."
            .to_string(),
    });
    if local {
        out.push(format!(
            "The run was in local mode (the driver's {}): the counts are executors of that many \
             cores it could run on.",
            counted(u64::from(m.executor_cores), "thread")
        ));
    }
    if w.graph_forced {
        out.push(
            "The log's stage graph could not be followed everywhere (a stage waited for one that \
             ran after it): such stages were started anyway."
                .to_string(),
        );
    }
    out
}

/// The what-if's words; `local`: the run was in local mode.
pub fn words(w: &WhatIf, local: bool) -> Words {
    let (header, rows) = table(w);
    Words {
        facts: facts(w),
        header,
        rows,
        assumptions: assumptions(w, local),
    }
}
