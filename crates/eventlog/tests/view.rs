//! The analysis as the page's "Analyse a run" shows it (`eventlog::view`): a run's headline from
//! its right-sized plan (or why there is none), the layout of what ran, one node group per shape
//! of host, the what-if's curve as the chart's points, the query for "Use these settings", and
//! the sections of words the command line prints; the view survives its JSON.

mod common;

use eventlog::view::{progress_words, run_view};
use eventlog::{analyze_all, Analysis, Options};

fn analysis(name: &str) -> Analysis {
    let read = common::read_paths(&[common::shared(name)], 1 << 20);
    analyze_all(&read, &Options::default()).remove(0)
}

#[test]
fn a_yarn_run_is_headed_by_its_right_sized_plan_and_draws_its_hosts() {
    let a = analysis("yarn-dynamic-allocation_4nodes_8cores.zstd");
    let v = run_view(&a);
    let plan = a.plan.as_ref().expect("a plan");
    let heap = planner::format::spark_size(plan.heap.heap_mib);
    assert!(
        v.headline.starts_with(&format!(
            "Right-sized: {} executors of 4 cores with {heap} heap each",
            plan.executors
        )),
        "{}",
        v.headline
    );
    // Five hosts (README of shared/eventlogs): each node of the layout is one of them, with the
    // executors it held at its busiest.
    let nodes: u32 = v
        .layout
        .iter()
        .map(|g| g.last_node - g.first_node + 1)
        .sum();
    assert_eq!(nodes, 5);
    let at_once: Vec<u32> = a.executors.hosts.iter().map(|h| h.most_at_once).collect();
    for g in &v.layout {
        for node in g.first_node..=g.last_node {
            assert_eq!(g.executors_per_node, at_once[node as usize - 1]);
        }
    }
    // "Use these settings" opens the plan the analysis placed; the share link adds its settings.
    let placed = plan.placed.as_ref().expect("placed");
    assert_eq!(
        v.use_settings.as_deref(),
        Some(planner::url::scenario_to_query(&placed.scenario).as_str())
    );
    assert_eq!(v.share_link.as_deref(), Some(placed.link.as_str()));
    let w = a.what_if.as_ref().expect("a what-if");
    let curve = v.curve.as_ref().expect("a curve");
    assert_eq!(curve.points.len(), w.curve.points.len());
    assert_eq!(curve.knee_executors, w.knee_executors);
    assert_eq!(
        curve.real,
        w.check.as_ref().map(|c| (c.executors, c.real_ms))
    );
    // The timeline: the slots held at most are the most the executors held at once.
    let t = v.timeline.as_ref().expect("a timeline");
    assert_eq!(t.run_ms, a.run.duration_ms);
    assert_eq!(
        t.points.iter().map(|p| p.2).max(),
        Some(a.executors.most_slots)
    );
    assert_eq!(
        t.points.iter().map(|p| p.3).max(),
        Some(a.executors.most_busy_slots)
    );
    let titles: Vec<String> = v.sections.iter().map(|s| s.title.clone()).collect();
    let text = eventlog::words::text(&a);
    for t in &titles {
        assert!(text.contains(t.as_str()), "{t} is in the text");
    }
    let json = serde_json::to_string(&v).expect("JSON");
    let back: eventlog::view::RunView = serde_json::from_str(&json).expect("read back");
    assert_eq!(back, v);
}

#[test]
fn a_local_run_says_why_it_has_no_plan_and_draws_no_hosts() {
    let v = run_view(&analysis("sparklens_local-1532512550423"));
    assert_eq!(
        v.headline,
        "No right-sized plan: a local run has no executors of its own (its data sizes and skew are below)."
    );
    assert!(v.layout.is_empty());
    assert_eq!(v.timeline, None);
    assert_eq!(v.use_settings, None);
    assert!(v.curve.is_some(), "a local run's tasks still give a curve");
}

#[test]
fn progress_says_bytes_of_the_total_events_files_and_time() {
    assert_eq!(
        progress_words(3 << 20, Some(10 << 20), 12_345, 2, 1_500),
        format!(
            "3 MiB of 10 MiB read · {} events · 2 files · 1.5 s",
            planner::format::group(12_345)
        )
    );
    assert_eq!(
        progress_words(1 << 30, None, 1, 1, 250),
        "1.0 GiB read · 1 event · 250 ms"
    );
}

#[test]
fn the_explorer_s_shapes_on_the_form_s_cluster_are_timed_with_the_run() {
    // The failures log (spark.task.cpus = 4) on the form's default YARN cluster: one row per
    // shape of the explorer, each with the what-if's estimate for its executors × cores, and
    // no slot for a task below 4 cores.
    let a = analysis("yarn-task-and-executor-failures.zstd");
    let form = planner::scenario::Scenario::default();
    let v = eventlog::view::run_view_with_form(&a, &form);
    let explorer = planner::explorer::explore(&form).expect("rows");
    let section = v.shapes.expect("the shapes");
    let Some(eventlog::words::Line::Table(header, rows)) = section.lines.last() else {
        panic!("a table");
    };
    assert_eq!(header[4], "estimated time");
    assert_eq!(rows.len(), explorer.rows.len());
    let w = a.what_if.as_ref().expect("a what-if");
    for (row, shown) in explorer.rows.iter().zip(rows) {
        match eventlog::whatif::estimate_shape(w, row.executors, row.cores, Some(row.container_mib))
        {
            Some(e) => assert_eq!(shown[4], eventlog::format::duration(e.point.estimated_ms)),
            None => {
                assert!(row.cores < 4, "{} cores", row.cores);
                assert_eq!(shown[4], "no slot for a task of 4 cores");
            }
        }
    }
    // The form's plan is marked.
    assert_eq!(
        rows.iter().filter(|r| r[0].ends_with("(the plan)")).count(),
        explorer
            .rows
            .iter()
            .filter(|r| explorer.is_current(r))
            .count()
    );
    // Without a form, none.
    assert_eq!(run_view(&a).shapes, None);
}

#[test]
fn the_page_s_explorer_rows_gain_the_time_and_core_hours_of_the_shapes_section() {
    // What the page's explorer shows beside each of its rows is what the run's section shows
    // for that shape: the same estimate, the same words, keyed by the row's cores and
    // executors; on a cluster of more nodes, the estimates of that cluster's rows.
    let a = analysis("yarn-task-and-executor-failures.zstd");
    let form = planner::scenario::Scenario::default();
    let timed = eventlog::view::timed_shapes(&a, &form);
    let explorer = planner::explorer::explore(&form).expect("rows");
    let section = eventlog::view::run_view_with_form(&a, &form)
        .shapes
        .expect("the shapes");
    let Some(eventlog::words::Line::Table(_, rows)) = section.lines.last() else {
        panic!("a table");
    };
    assert_eq!(timed.len(), explorer.rows.len());
    for ((t, r), shown) in timed.iter().zip(&explorer.rows).zip(rows) {
        assert_eq!((t.cores, t.executors), (r.cores, r.executors));
        assert_eq!(t.estimated_time, shown[4]);
        assert_eq!(t.core_hours, shown[6]);
        assert_eq!(t.core_hours.is_empty(), r.cores < 4, "{t:?}");
    }
    let planner::scenario::Scenario::Yarn(mut bigger) = form.clone() else {
        panic!("the default form is YARN");
    };
    bigger.cluster.nodes *= 4;
    let bigger = planner::scenario::Scenario::Yarn(bigger);
    let w = a.what_if.as_ref().expect("a what-if");
    for (t, r) in eventlog::view::timed_shapes(&a, &bigger)
        .iter()
        .zip(&planner::explorer::explore(&bigger).expect("rows").rows)
    {
        let e = eventlog::whatif::estimate_shape(w, r.executors, r.cores, Some(r.container_mib));
        assert_eq!(
            t.estimated_time,
            e.map_or_else(
                || "no slot for a task of 4 cores".to_string(),
                |e| eventlog::format::duration(e.point.estimated_ms)
            )
        );
    }
}
