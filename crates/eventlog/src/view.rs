//! The analysis of each run as a front end shows it: its headline, the per-node layout of what
//! ran (the planner's layout view), the curve of the what-if as numbers for a chart, the
//! recommended plan's share link, and the sections of words the command line's text and
//! Markdown are made from ([`crate::words::sections`]). The page's "Analyse a run" section
//! renders this and nothing else; numbers are made into words here, once.

use planner::catalog::ClusterManager;
use planner::fixed::format_fixed;
use planner::format::{counted, group, mib};
use planner::scenario::Scenario;
use planner::view::NodeGroupView;

use crate::analysis::{Analysis, Master, Unknown};
use crate::format::{bytes, duration, short_duration};
use crate::words::{permille, sections, Line, Section};

/// The analysis of one run, as shown.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct RunView {
    /// "sparklens (local-1532512550423)".
    pub title: String,
    /// The answer in one sentence: the right-sized plan, or why there is none.
    pub headline: String,
    /// The cluster manager whose words the layout uses (YARN's for anything but Kubernetes).
    pub manager: ClusterManager,
    /// What ran on each host at its busiest, in the planner's layout view (empty: no executor
    /// of its own, as in local mode).
    pub layout: Vec<NodeGroupView>,
    /// The query that puts the recommended plan into the form (none: nothing placed).
    pub use_settings: Option<String>,
    /// The recommended plan's share link query, its settings in `ck` (none: nothing placed).
    pub share_link: Option<String>,
    /// Task slots held and busy over the run, for a chart (none: no executor of its own).
    pub timeline: Option<TimelineView>,
    /// The what-if's curve for a chart (none: no task ran).
    pub curve: Option<CurveView>,
    /// The trade-off explorer's shapes on the form's cluster, each timed with this run's tasks
    /// (none: no form given, no task ran, or no shape placed).
    pub shapes: Option<Section>,
    /// Every section of words, in reading order (the command line's text).
    pub sections: Vec<Section>,
}

/// Task slots held and busy over the run, as a chart draws it.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct TimelineView {
    /// The run's duration, ms.
    pub run_ms: u64,
    /// Each moment (the most in each of at most 240 spans of the run): ms after the start,
    /// executors alive, their task slots, tasks running.
    pub points: Vec<(u64, u32, u32, u32)>,
    /// Busy slot time ÷ slot time held, in thousandths.
    pub busy_permille: u64,
}

/// The what-if's curve, as a chart draws it.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct CurveView {
    /// Cores per executor.
    pub cores: u32,
    /// Each point: executors, estimated time in ms, cores reserved × hours.
    pub points: Vec<(u32, u64, f64)>,
    /// The most executors alive at once in the run, and its real duration in ms.
    pub real: Option<(u32, u64)>,
    /// The knee's executor count.
    pub knee_executors: u32,
    /// The time with unlimited executors, ms.
    pub critical_path_ms: u64,
    /// The most tasks runnable at once (with unlimited executors): more task slots than these
    /// never start a task.
    pub peak_tasks: u64,
}

/// The run's view, with the trade-off explorer's shapes on the cluster of `form` timed with its
/// tasks.
pub fn run_view_with_form(a: &Analysis, form: &Scenario) -> RunView {
    RunView {
        shapes: shapes_section(a, form),
        ..run_view(a)
    }
}

/// The run's view.
pub fn run_view(a: &Analysis) -> RunView {
    let manager = match a.settings.master {
        Master::Kubernetes => ClusterManager::Kubernetes,
        _ => ClusterManager::Yarn,
    };
    let placed = a.plan.as_ref().and_then(|p| p.placed.as_ref());
    RunView {
        title: title(a),
        headline: headline(a),
        manager,
        // A local run's one "executor" is the driver itself: there is no cluster to draw.
        layout: if matches!(a.settings.master, Master::Local { .. }) {
            Vec::new()
        } else {
            planner::view::layout_groups(&a.executors.layout, manager)
        },
        use_settings: placed.map(|p| planner::url::scenario_to_query(&p.scenario)),
        share_link: placed.map(|p| p.link.clone()),
        timeline: timeline_view(a),
        curve: a.what_if.as_ref().map(curve_view),
        shapes: None,
        sections: sections(a),
    }
}

fn title(a: &Analysis) -> String {
    let r = &a.run;
    match (&r.name, &r.id) {
        (Some(name), Some(id)) => format!("{name} ({id})"),
        (Some(one), None) | (None, Some(one)) => one.clone(),
        (None, None) => "An application the log does not name".to_string(),
    }
}

/// The answer in one sentence.
fn headline(a: &Analysis) -> String {
    let Some(p) = &a.plan else {
        let why = if a.unknowns.contains(&Unknown::LocalMode) {
            "a local run has no executors of its own (its data sizes and skew are below)"
        } else if a.unknowns.contains(&Unknown::NoTasks) {
            "no task ran"
        } else {
            "the log holds nothing to size executors from"
        };
        return format!("No right-sized plan: {why}.");
    };
    let placed = p.placed.as_ref().and_then(|x| x.recommended.as_ref());
    let fits = match (&p.placed, placed) {
        (Some(_), Some(_)) => "",
        (Some(_), None) => " It cannot be placed on the cluster: see the plan below.",
        (None, _) => " Not placed: the log names no cluster manager the planner knows.",
    };
    format!(
        "Right-sized: {} of {} with {} heap each (the run had {} at once).{fits}",
        counted(u64::from(p.executors), "executor"),
        counted(u64::from(p.cores), "core"),
        planner::format::spark_size(p.heap.heap_mib),
        planner::format::group(u64::from(p.executors_as_ran)),
    )
}

fn timeline_view(a: &Analysis) -> Option<TimelineView> {
    let e = &a.executors;
    if matches!(a.settings.master, Master::Local { .. }) || e.timeline.is_empty() {
        return None;
    }
    Some(TimelineView {
        run_ms: a.run.duration_ms,
        points: e
            .timeline
            .iter()
            .map(|p| (p.at_ms, p.executors, p.slots, p.busy))
            .collect(),
        busy_permille: e.utilisation_permille(),
    })
}

fn curve_view(w: &crate::whatif::WhatIf) -> CurveView {
    CurveView {
        cores: w.curve.cores,
        points: w
            .curve
            .points
            .iter()
            .map(|p| (p.executors, p.estimated_ms, p.core_hours))
            .collect(),
        real: w.check.as_ref().map(|c| (c.executors, c.real_ms)),
        knee_executors: w.knee_executors,
        critical_path_ms: w.critical_path_ms,
        peak_tasks: w.curve.peak_tasks,
    }
}

/// What has been read so far: "12.3 MiB of 45.6 MiB read · 120,000 events · 2 files · 1.2 s"
/// (the total when the sizes are known; files when more than one).
pub fn progress_words(
    bytes_read: u64,
    bytes_total: Option<u64>,
    events: u64,
    files: u64,
    elapsed_ms: u64,
) -> String {
    let read = match bytes_total {
        Some(total) => format!("{} of {}", bytes(bytes_read), bytes(total)),
        None => bytes(bytes_read),
    };
    let files = if files > 1 {
        format!(" · {}", counted(files, "file"))
    } else {
        String::new()
    };
    format!(
        "{read} read · {}{files} · {}",
        counted(events, "event"),
        short_duration(elapsed_ms)
    )
}

/// The trade-off explorer's rows on the cluster of `form` and each one's estimate with the run's
/// tasks (`whatif::estimate_rows`: one simulation per shape on the run's model); none when no
/// task ran or no shape is placed.
fn explorer_rows_timed<'a>(
    a: &'a Analysis,
    form: &Scenario,
) -> Option<(
    &'a crate::whatif::WhatIf,
    planner::explorer::Explorer,
    Vec<Option<crate::whatif::ShapeEstimate>>,
)> {
    let w = a.what_if.as_ref()?;
    let explorer = planner::explorer::explore(form)?;
    if explorer.rows.is_empty() {
        return None;
    }
    let estimates = crate::whatif::estimate_rows(w, &explorer.rows);
    Some((w, explorer, estimates))
}

/// One row of the page's trade-off explorer timed with a run: which row (its cores and
/// executors), and the two cells it gains.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct TimedShape {
    /// Cores per executor of the row.
    pub cores: u32,
    /// Executors of the row.
    pub executors: u32,
    /// "4 min 10 s", or why the shape runs no task ("no slot for a task of 2 cores").
    pub estimated_time: String,
    /// Core-hours the shape reserves for that time, "1.2" (empty when it runs no task).
    pub core_hours: String,
}

/// The explorer's rows on the cluster of `form`, timed with the run (as in
/// [`shapes_section`]), for the page's explorer to show beside its own cells; empty when no
/// task ran or no shape is placed.
pub fn timed_shapes(a: &Analysis, form: &Scenario) -> Vec<TimedShape> {
    let Some((w, explorer, estimates)) = explorer_rows_timed(a, form) else {
        return Vec::new();
    };
    explorer
        .rows
        .iter()
        .zip(&estimates)
        .map(|(r, e)| TimedShape {
            cores: r.cores,
            executors: r.executors,
            estimated_time: e.map_or_else(
                || no_slot_words(w.task_cpus),
                |e| duration(e.point.estimated_ms),
            ),
            core_hours: e.map_or_else(String::new, |e| format_fixed(e.point.core_hours, 1)),
        })
        .collect()
}

fn no_slot_words(task_cpus: u32) -> String {
    format!(
        "no slot for a task of {}",
        counted(u64::from(task_cpus), "core")
    )
}

/// The trade-off explorer's shapes on the cluster of `form`, each timed with the run's tasks
/// (`whatif::estimate_rows`: one simulation per shape on the run's model).
pub fn shapes_section(a: &Analysis, form: &Scenario) -> Option<Section> {
    let (w, explorer, estimates) = explorer_rows_timed(a, form)?;
    let rows = explorer
        .rows
        .iter()
        .zip(&estimates)
        .map(|(r, e)| {
            let cores = if explorer.is_current(r) {
                format!("{} (the plan)", group(u64::from(r.cores)))
            } else {
                group(u64::from(r.cores))
            };
            let mut row = vec![
                cores,
                group(u64::from(r.executors)),
                group(r.task_slots),
                mib(r.container_mib),
            ];
            match e {
                Some(e) => row.extend([
                    duration(e.point.estimated_ms),
                    permille((e.point.utilisation * 1000.0).round() as u64),
                    format_fixed(e.point.core_hours, 1),
                    e.point
                        .gib_hours
                        .map_or_else(String::new, |h| format_fixed(h, 1)),
                ]),
                None => row.extend([
                    no_slot_words(w.task_cpus),
                    String::new(),
                    String::new(),
                    String::new(),
                ]),
            }
            row
        })
        .collect();
    let header = [
        "cores each",
        "executors",
        "task slots",
        "container each",
        "estimated time",
        "slots busy",
        "core-hours reserved",
        "GiB-hours reserved",
    ];
    Some(Section {
        title: "The explorer's shapes, timed with this run".to_string(),
        lines: vec![
            Line::Text("Each shape the trade-off explorer places on the cluster in the form (as it was when the log was read), with this run's tasks on it: their durations as they ran (a shape with more memory per task that would spill less is not modelled as faster).".to_string()),
            Line::Table(header.iter().map(|h| h.to_string()).collect(), rows),
        ],
    })
}
