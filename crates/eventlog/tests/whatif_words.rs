//! The what-if in words and JSON: its facts, the curve's table and its assumptions, made from
//! its numbers; and its place in the analysis (the text, Markdown and JSON of a run).

mod common;
mod whatif_common;

use eventlog::whatif::{self, words, Basis};

/// The hand-built one-stage run (`whatif_common::one_stage`) with containers of 3072 MiB.
fn one_stage() -> whatif::WhatIf {
    let basis = Basis {
        container_mib: Some(3072),
        ..Basis::default()
    };
    whatif::what_if(&whatif_common::one_stage().run(), &basis).expect("an estimate")
}

#[test]
fn the_facts_table_and_assumptions_of_a_small_run() {
    let w = words::words(&one_stage(), false);
    let facts: Vec<(&str, &str)> = w
        .facts
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        facts,
        vec![
            (
                "Executor shape",
                "2 cores each, 2 task slots (2 ÷ spark.task.cpus 1)"
            ),
            (
                "As it ran",
                "11.0 s with at most 1 executor at once; the model, replaying its executors as \
                 they came and went: 11.0 s (0.0 %)"
            ),
            (
                "Unlimited executors",
                "7.0 s (the critical path); from 3 executors on nothing changes"
            ),
            (
                "Knee",
                "3 executors: past it one more executor saves less than 1 % of the run's time"
            ),
            (
                "spark.dynamicAllocation.maxExecutors",
                "3 is the most the run could keep busy (its most runnable tasks at once, 5, on 2 \
                 slots each); past the knee, 3, each saves little"
            ),
        ]
    );
    assert_eq!(
        w.header,
        vec![
            "Executors",
            "Cores each",
            "Estimated time",
            "Task slots busy",
            "Core-hours",
            "GiB-hours",
            ""
        ]
    );
    // 1 executor: 11 s, 13 000 task-ms of 2 × 11 000 slot-ms = 59 %, 22 000 core-ms = 0.006
    // core-hour, 3 GiB × 11 s = 0.009 GiB-hour. 2: 8 s, 41 %, 32 000 core-ms = 0.009, 0.013. 3:
    // 7 s, 31 %, 42 000 core-ms = 0.012, 0.018.
    assert_eq!(
        w.rows,
        vec![
            vec![
                "1",
                "2",
                "11.0 s",
                "59 %",
                "0.006",
                "0.009",
                "the run's most at once"
            ],
            vec!["2", "2", "8.0 s", "41 %", "0.009", "0.013", ""],
            vec![
                "3",
                "2",
                "7.0 s",
                "31 %",
                "0.012",
                "0.018",
                "knee, more change nothing"
            ],
        ]
    );
}

#[test]
fn the_assumptions_of_a_small_run_say_its_numbers() {
    let w = words::words(&one_stage(), false);
    let all = w.assumptions.join("\n");
    for said in [
        "Each of the run's 5 tasks takes as long as it did, launch to finish (13.0 s of task time",
        "this run spilled nothing to disk",
        "The driver's own time, 3.0 s before, between and after the jobs",
        "none of its 1 job did",
        "a stage's first task launches 0 ms after the stage can run",
        "in a container of 3.0 GiB as the run's settings ask it",
    ] {
        assert!(all.contains(said), "{said}\n{all}");
    }
    // No warm-up measured: none said.
    assert!(!all.contains("warming up"), "{all}");
}

#[test]
fn a_long_curve_shows_a_selection_with_the_run_the_knee_and_the_last() {
    let read = common::read(&common::shared("yarn-task-and-executor-failures.zstd"));
    let w = whatif::what_if(&read.runs[0], &Basis::default()).unwrap();
    assert_eq!(w.curve.points.len(), 211);
    let t = words::words(&w, false);
    assert!(t.rows.len() <= 24, "{}", t.rows.len());
    let counts: Vec<&str> = t.rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(&counts[..8], &["1", "2", "3", "4", "5", "6", "7", "8"]);
    assert_eq!(counts.last(), Some(&"211"));
    let eighth = &t.rows[7];
    assert_eq!(eighth[6], "the run's most at once, knee");
    // No container given: no GiB-hours.
    assert_eq!(eighth[5], "–");
    let all = t.assumptions.join("\n");
    assert!(
        all.contains("takes 1.2 s longer, its JVM warming up"),
        "{all}"
    );
    assert!(
        all.contains("no GiB-hours: the run had no executor containers"),
        "{all}"
    );
}

#[test]
fn a_spilling_run_says_memory_is_not_modelled() {
    // The crate's spilling log: a sort with a small memory fraction spilled 60 999 821 bytes to disk
    // in stage 2 (tests/data/README.md).
    let read = common::read(&common::data("spilling.zstd"));
    let w = whatif::what_if(&read.runs[0], &Basis::default()).unwrap();
    let all = words::words(&w, false).assumptions.join("\n");
    assert!(
        all.contains("the tasks spilled 59 MiB to disk, 59 MiB of it in stage 2"),
        "{all}"
    );
}

#[test]
fn the_analysis_holds_the_what_if_in_text_markdown_and_json() {
    let read = common::read(&common::shared(
        "yarn-dynamic-allocation_4nodes_8cores.zstd",
    ));
    let analyses = eventlog::analyze_all(&read, &eventlog::Options::default());
    let a = &analyses[0];
    let w = a.what_if.as_ref().expect("a what-if");
    // The container the settings ask for: 20g of heap and 8g of overhead.
    assert_eq!(w.container_mib, Some(28 * 1024));
    let text = eventlog::words::text(a);
    assert!(
        text.contains("What if: the run's time by executor count\n"),
        "{text}"
    );
    assert!(
        text.contains("Executors  Cores each  Estimated time"),
        "{text}"
    );
    assert!(text.contains("7 executors there throughout: "), "{text}");
    let md = eventlog::words::markdown(a);
    assert!(
        md.contains("| Executors | Cores each | Estimated time |"),
        "{md}"
    );
    let doc: serde_json::Value =
        serde_json::from_str(&eventlog::json::document(&read, &analyses)).unwrap();
    let json = &doc["runs"][0]["what_if"];
    let first = &json["points"][0];
    assert_eq!(first["executors"], 1);
    assert_eq!(first["cores"], 4);
    assert!(first["estimated_ms"].as_u64().unwrap() > 0);
    assert!(first["utilisation"].as_f64().unwrap() > 0.0);
    assert_eq!(json["critical_path_ms"], w.critical_path_ms);
    assert_eq!(json["knee_executors"], 3);
    assert!((json["model_error"].as_f64().unwrap() - w.model_error.unwrap()).abs() < 1e-12);
    assert_eq!(json["check"]["executors"], 7);
    assert_eq!(json["max_executors"]["could_use"], 12);
}

#[test]
fn a_local_run_says_its_counts_are_hypothetical() {
    let read = common::read(&common::shared("sparklens_local-1532512550423"));
    let a = &eventlog::analyze_all(&read, &eventlog::Options::default())[0];
    let w = a.what_if.as_ref().unwrap();
    assert_eq!(w.container_mib, None);
    let text = eventlog::words::text(a);
    assert!(
        text.contains("The run was in local mode (the driver's 4 threads)"),
        "{text}"
    );
}

#[test]
fn the_explorers_rows_get_their_time_and_core_hours() {
    // The trade-off explorer of the form's default YARN cluster, each row a shape (executors ×
    // cores, its container); the failures log's tasks on each. A row is the same estimate as
    // estimate_shape of its executors, cores and container.
    let read = common::read(&common::shared("yarn-task-and-executor-failures.zstd"));
    let w = whatif::what_if(&read.runs[0], &Basis::default()).unwrap();
    let explorer =
        planner::explorer::explore(&planner::scenario::Scenario::default()).expect("rows");
    let estimates = whatif::estimate_rows(&w, &explorer.rows);
    assert_eq!(estimates.len(), explorer.rows.len());
    for (row, e) in explorer.rows.iter().zip(&estimates) {
        let one = whatif::estimate_shape(&w, row.executors, row.cores, Some(row.container_mib));
        assert_eq!(*e, one, "{} cores", row.cores);
        if let Some(e) = e {
            // Reserved: executors × cores × the estimated time from their arrival.
            let hours = (e.point.estimated_ms - w.executors_arrive_ms) as f64 / 3_600_000.0;
            let expected = f64::from(row.executors) * f64::from(row.cores) * hours;
            assert!((e.point.core_hours - expected).abs() < 1e-9);
        }
    }
    // spark.task.cpus is 4 in that run: rows of fewer cores have no slot for its tasks.
    for (row, e) in explorer.rows.iter().zip(&estimates) {
        assert_eq!(e.is_none(), row.cores < 4, "{} cores", row.cores);
    }
}
