//! An explicit `spark.executor.memoryOverhead` (and `spark.driver.memoryOverhead`) on Amazon EMR:
//! the EMR plan sizes each request as Spark on YARN does (heap + the explicit overhead, in place
//! of max(factor × heap, 384 MiB); `ResourceProfile.calculateOverHeadMemory`), rounded up to
//! EMR's 32 MiB minimum allocation; the check plans a pasted overhead with it, "Use these
//! settings" and the link carry it. Also what the check's page lists and offers: EMR's
//! `maximizeResourceAllocation` among the settings, the line that shows another cluster manager,
//! and no plan to paste back when the plan does not run. Every number is worked by hand below.

use planner::check::{check, use_these_settings, words, Answer};
use planner::emr::{plan_emr, EmrInput, EmrPlan};
use planner::scenario::Scenario;
use planner::spark::DeployMode;
use planner::url::{scenario_from_query, scenario_to_query};
use planner::view::check::plan_export;
use planner::view::check::settings as setting_views;

/// Seed 003's cluster (9 × r5.4xlarge: 122 880 MiB for YARN per node, minimum allocation
/// 32 MiB; the client-mode AM 512 + 384 = 896 MiB on core node 1) and its 50 requests of 18971m
/// and 4 cores, with 6000 MiB of explicit overhead.
fn with_overhead(heterogeneous_executors: bool) -> EmrInput {
    EmrInput {
        executor_overhead_mib: Some(6000),
        heterogeneous_executors,
        ..EmrInput::default()
    }
}

fn launched(p: &EmrPlan) -> Vec<(u32, u32, u64, u64, u64, u32)> {
    p.launched
        .iter()
        .map(|l| {
            (
                l.merged,
                l.count,
                l.memory_mib,
                l.heap_mib,
                l.overhead_mib,
                l.cores,
            )
        })
        .collect()
}

#[test]
fn an_explicit_overhead_replaces_emrs_factor_in_each_request() {
    // 18971 + 6000 = 24971 MiB, rounded up to 32: 781 × 32 = 24992 MiB (not EMR's factor's
    // 18971 + 3557 = 22528). A node holds floor(122880 / 24992) = 4 (not 5); beside the 896 MiB
    // AM, floor(121984 / 24992) = 4.
    let p = plan_emr(&with_overhead(true)).expect("valid");
    assert_eq!(p.request.memory.overhead_mib, 6000);
    assert_eq!(p.request.request.memory_mib, 24_971);
    assert_eq!(p.request.granted.memory_mib, 24_992);
    assert_eq!((p.requests_per_node, p.requests_beside_am), (4, 4));
    // Merged: 4 × 24992 = 99968 MiB and 16 cores; the heap is the container less the explicit
    // overhead, 99968 − 6000 = 93968m. 9 nodes × 4 = 36 of the 50 requests run, 14 pending.
    assert_eq!(launched(&p), [(4, 9, 99_968, 93_968, 6000, 16)]);
    assert_eq!((p.covered_requests, p.pending_requests), (36, 14));
    // Heterogeneous executors off: 36 containers as requested, 18971m heap + 6000m each.
    let p = plan_emr(&with_overhead(false)).expect("valid");
    assert_eq!(launched(&p), [(1, 36, 24_992, 18_971, 6000, 4)]);
    // The working says where the overhead came from.
    let steps = planner::emr::working_steps(&plan_emr(&with_overhead(true)).unwrap());
    let text: Vec<String> = steps.iter().map(|s| s.detail.clone()).collect();
    assert!(
        text.iter().any(|d| d.contains(
            "18971m heap + 6000 MiB overhead (spark.executor.memoryOverhead) = 24\u{202f}971 MiB"
        )),
        "{text:#?}"
    );
    assert!(
        text.iter().any(|d| d.contains(
            "overhead = spark.executor.memoryOverhead 6000m, heap = 99\u{202f}968 − 6000 = 93968m"
        )),
        "{text:#?}"
    );
}

#[test]
fn an_explicit_driver_overhead_sizes_the_cluster_mode_application_master() {
    // Cluster mode: the AM holds the driver, 1024 MiB + 1000 MiB = 2024, rounded up to 32:
    // 2048 MiB (without it, 1024 + 384 = 1408 MiB).
    let cluster = EmrInput {
        deploy_mode: DeployMode::Cluster,
        ..EmrInput::default()
    };
    let plain = plan_emr(&cluster).expect("valid");
    assert_eq!(plain.am.granted.memory_mib, 1408);
    let p = plan_emr(&EmrInput {
        driver_overhead_mib: Some(1000),
        ..cluster
    })
    .expect("valid");
    assert_eq!((p.am.overhead_mib, p.am.granted.memory_mib), (1000, 2048));
}

/// The same settings pasted three ways; the executor's overhead at line 3 (command), 2
/// (defaults file) or 5 (EMR JSON).
const COMMAND: &str = "spark-submit --master yarn --num-executors 50 --executor-cores 4 \\\n  \
    --executor-memory 18971m \\\n  --conf spark.executor.memoryOverhead=6000m app.py\n";
const DEFAULTS: &str = "spark.executor.instances 50\nspark.executor.memoryOverhead 6000m\n\
    spark.executor.cores 4\nspark.executor.memory 18971m\n";
const EMR_JSON: &str = r#"[{"Classification": "spark-defaults", "Properties": {
  "spark.executor.instances": "50",
  "spark.executor.cores": "4",
  "spark.executor.memory": "18971m",
  "spark.executor.memoryOverhead": "6000m"
}}]"#;

#[test]
fn the_check_on_emr_plans_a_pasted_overhead_as_the_planner_does_and_carries_it() {
    let form = Scenario::Emr(EmrInput::default());
    let direct = plan_emr(&with_overhead(true)).expect("valid");
    for text in [COMMAND, DEFAULTS, EMR_JSON] {
        let c = check(text, &form);
        let Answer::Emr(p) = &c.answer else {
            panic!("{:?}", c.answer)
        };
        assert_eq!(**p, direct, "{text}");
        // Not "left out of the answer".
        let said: Vec<String> = words::diagnostics(&c)
            .into_iter()
            .map(|w| w.message)
            .collect();
        assert!(!said.iter().any(|m| m.contains("left out")), "{said:#?}");
        // "Use these settings" puts it into the form, and the form's link keeps it.
        let used = use_these_settings(text, &form);
        let Scenario::Emr(input) = &used else {
            panic!()
        };
        assert_eq!(input.executor_overhead_mib, Some(6000));
        let query = scenario_to_query(&used);
        assert!(query.contains("ovh=6000"), "{query}");
        assert_eq!(scenario_from_query(&query).scenario, used);
    }
    // The plan's EMR configuration writes it back.
    let c = check(EMR_JSON, &Scenario::Emr(with_overhead(true)));
    let (_, export) = plan_export(&c, &Scenario::Emr(with_overhead(true))).expect("runs");
    assert!(
        export.contains("\"spark.executor.memoryOverhead\": \"6000m\""),
        "{export}"
    );
}

#[test]
fn old_emr_links_are_unchanged() {
    let query = scenario_to_query(&Scenario::Emr(EmrInput::default()));
    assert!(!query.contains("ovh"), "{query}");
    let Scenario::Emr(old) = scenario_from_query("v=1&cm=emr&em=18971").scenario else {
        panic!()
    };
    assert_eq!(
        (old.executor_overhead_mib, old.driver_overhead_mib),
        (None, None)
    );
    assert_eq!(plan_emr(&old), plan_emr(&EmrInput::default()));
}

#[test]
fn maximize_resource_allocation_is_listed_with_its_line() {
    // Line 4 of the classification list, before the spark-defaults keys of lines 9 and 10.
    let json = r#"[
  {
    "Classification": "spark",
    "Properties": {"maximizeResourceAllocation": "true"}
  },
  {
    "Classification": "spark-defaults",
    "Properties": {
      "spark.executor.cores": "4",
      "spark.dynamicAllocation.enabled": "false"
    }
  }
]"#;
    let c = check(json, &Scenario::Emr(EmrInput::default()));
    let listed: Vec<(String, String, u32)> = setting_views(&c)
        .into_iter()
        .map(|s| (s.key, s.value, s.line))
        .collect();
    assert_eq!(
        listed,
        [
            ("maximizeResourceAllocation".into(), "true".into(), 4),
            ("spark.executor.cores".into(), "4".into(), 9),
            ("spark.dynamicAllocation.enabled".into(), "false".into(), 10),
        ]
    );
    let text = planner::report::check::text(&c);
    assert!(
        text.contains("maximizeResourceAllocation = true  (line 4, EMR configuration (JSON))"),
        "{text}"
    );
}

#[test]
fn the_hint_to_switch_the_form_names_the_line_that_shows_the_other_manager() {
    let yarn = Scenario::default();
    // The manifest's kind: line (2), not its first setting's.
    let manifest = "apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\n\
                    spec:\n  executor:\n    instances: 4\n    cores: 2\n    memory: 4g\n";
    let hint = words::switch_hint(&check(manifest, &yarn)).expect("a hint");
    assert!(
        hint.starts_with("Line 2: These settings are for Kubernetes (a SparkApplication manifest)"),
        "{hint}"
    );
    // An EMR configuration: its first classification's line (3), not the property of line 5.
    let json = "[\n  {\n    \"Classification\": \"spark-defaults\",\n    \"Properties\": {\n      \
                \"spark.executor.cores\": \"4\"\n    }\n  }\n]";
    let hint = words::switch_hint(&check(json, &yarn)).expect("a hint");
    assert!(
        hint.starts_with("Line 3: These settings are for Amazon EMR (an EMR configuration)"),
        "{hint}"
    );
    // A spark.kubernetes.* key: its own line.
    let conf = "spark.executor.memory 4g\nspark.kubernetes.executor.request.cores 0.5\n";
    let hint = words::switch_hint(&check(conf, &yarn)).expect("a hint");
    assert!(hint.starts_with("Line 2: "), "{hint}");
}

#[test]
fn no_plan_is_offered_to_paste_back_when_it_does_not_run() {
    // The EMR form's own executors of 200 000 MiB heap ask for more than a node's 122 880 MiB:
    // YARN refuses them, so the form's plan runs no executor.
    let form = Scenario::Emr(EmrInput {
        executor_memory_mib: 200_000,
        ..EmrInput::default()
    });
    let c = check(EMR_JSON, &form);
    assert_eq!(plan_export(&c, &form), None);
    let why = words::plan_not_offered(&c, &form).expect("a reason");
    assert!(
        why.starts_with("No plan to paste back: the plan does not run on this cluster. "),
        "{why}"
    );
    assert!(
        why.contains("above yarn.scheduler.maximum-allocation-mb"),
        "{why}"
    );
    // The default form's plan (9 executors run, 5 requests pending) runs: it is offered.
    let form = Scenario::Emr(EmrInput::default());
    let c = check(EMR_JSON, &form);
    assert_eq!(words::plan_not_offered(&c, &form), None);
    assert!(plan_export(&c, &form).is_some());
}

#[test]
fn text_that_does_not_parse_says_where_in_the_headline() {
    // The flow mapping opened on line 2 is not closed before line 4's ']'.
    let broken = "[\n  {\"Classification\": \"spark-defaults\",\n   \"Properties\": \
                  {\"spark.executor.memory\": \"18971M\"\n]";
    let c = check(broken, &Scenario::Emr(EmrInput::default()));
    let headline = words::check_headline(&c);
    assert!(
        headline.starts_with("The check cannot read this text. Line 4: the text does not parse"),
        "{headline}"
    );
}

#[test]
fn settings_that_run_beside_a_plan_that_does_not_compare_no_numbers() {
    let form = Scenario::Emr(EmrInput {
        executor_memory_mib: 200_000,
        ..EmrInput::default()
    });
    let c = check(EMR_JSON, &form);
    assert_eq!(
        words::check_changes(&c),
        ["Your containers all start; the plan's do not."]
    );
}

#[test]
fn executors_launched_as_requested_are_not_called_merged() {
    // Heterogeneous executors off: 36 containers of 24 992 MiB, each as requested.
    let c = check(EMR_JSON, &Scenario::Emr(with_overhead(false)));
    let lines = words::check_container_lines(&c);
    assert!(
        lines.iter().any(|l| l.starts_with(
            "Launched: 36 executors of 24\u{202f}992 MiB (as requested, heap 18\u{202f}971 + \
             overhead 6000) with 4 cores."
        )),
        "{lines:#?}"
    );
}
