//! The configuration check's reader of key/value pairs (an event log's `Spark Properties`) and
//! placing a given shape whose tasks take several cores.

use planner::check::{self, Format, Origin};
use planner::place::{place, ExecutorCount, PlaceInput};
use planner::scenario::Scenario;
use planner::PlanInput;

const AT: Origin = Origin {
    format: Format::EventLog,
    line: 5,
};

#[test]
fn pairs_are_read_as_pasted_settings_with_their_line() {
    let pairs = [
        ("spark.executor.memory", "10g"),
        ("spark.executor.cores", "4"),
        ("spark.executor.instances", "8"),
        ("spark.yarn.isPython", "true"),
        ("spark.shuffle.spill", "false"),
    ];
    let pasted = check::read_pairs(pairs, AT);
    assert_eq!(pasted.formats, [Format::EventLog]);
    assert_eq!(
        pasted.value("spark.executor.memory").as_deref(),
        Some("10g")
    );
    assert!(pasted.settings.iter().all(|s| s.origin == AT));
    assert_eq!(
        pasted.app_type.map(|(t, _)| t),
        Some(planner::spark::AppType::Python)
    );
    // The same checks as pasted text: a key Spark reads under a newer name is a finding.
    let c = check::check_pasted(pasted, &Scenario::default());
    assert_eq!(c.answer.executors_running(), Some(8));
    assert_eq!(c.applied.executor_heap_mib, 10 * 1024);
}

#[test]
fn no_pairs_is_an_empty_reading() {
    let pasted = check::read_pairs(std::iter::empty(), AT);
    assert!(pasted.settings.is_empty());
    assert!(matches!(pasted.findings[0].kind, check::FindingKind::Empty));
}

/// `spark.task.cpus` = 4 with 4-core executors places (each executor runs one task at a time);
/// with 2-core executors Spark stops (`SparkContext`'s check, apache/spark
/// `core/src/main/scala/org/apache/spark/SparkContext.scala`, "The number of cores per executor
/// (=2) has to be >= the number of cpus per task = 4.").
#[test]
fn a_shape_whose_tasks_take_four_cores_places() {
    let mut plan = PlanInput::default();
    plan.spark.task_cpus = 4;
    let input = |cores| PlaceInput {
        plan: plan.clone(),
        executor_heap_mib: 8192,
        executor_cores: cores,
        count: ExecutorCount::Exactly(6),
    };
    let placed = place(&input(4)).expect("4-core executors run 4-cpu tasks");
    assert_eq!(placed.placement.totals.executors, 6);
    assert_eq!(placed.placement.totals.task_slots, 6);
    let refused = place(&input(2)).expect_err("2-core executors cannot");
    assert!(refused.0[0]
        .allowed_words()
        .contains("(=2) has to be >= the number of cpus per task = 4"));
}
