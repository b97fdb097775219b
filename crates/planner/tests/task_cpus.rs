//! `spark.task.cpus` on YARN, EMR and Kubernetes: an executor runs its cores ÷ task cpus tasks
//! at once (rounded down, as Spark's `ResourceProfile.maxTasksPerExecutor`), and Spark refuses
//! an executor with fewer cores than one task needs. Numbers worked by hand in the comments.

use planner::emr::{plan_emr, working_steps as emr_working_steps, EmrInput};
use planner::explorer::explore;
use planner::k8s::{plan_k8s, K8sInput};
use planner::plan::working_steps;
use planner::presets::preset;
use planner::scenario::{self, Outcome, Scenario};
use planner::url::{scenario_from_query, scenario_to_query};
use planner::{plan, FieldId, Method, PlanInput};

fn case1() -> PlanInput {
    preset("case1").expect("case 1").input
}

#[test]
fn yarn_task_slots_are_cores_divided_by_task_cpus() {
    // Case 1, Spark-exact: 17 executors of 5 cores (3 per node on 6 nodes, 2 beside the AM).
    let one = plan(&case1()).expect("valid");
    let t = one.spark_exact.placement.totals;
    assert_eq!((t.executors, t.task_slots), (17, 85)); // 17 × 5
    let mut input = case1();
    input.spark.task_cpus = 2;
    let two = plan(&input).expect("valid");
    let p = &two.spark_exact;
    // The same 17 executors, each running ⌊5 ÷ 2⌋ = 2 tasks: 34 slots.
    assert_eq!(p.placement.totals.executors, 17);
    assert_eq!(p.placement.totals.task_slots, 34);
    // The rule of thumb's 17 executors of 5 cores likewise.
    assert_eq!(two.rule_of_thumb.placement.totals.task_slots, 34);
    // Execution memory is shared by 2 running tasks, not 5.
    let memory = p.memory.as_ref().expect("heap above 450 MiB");
    assert_eq!(memory.concurrent_tasks, 2);
    let slots_step = working_steps(&two, Method::SparkExact)
        .into_iter()
        .find(|s| s.title == "Task slots")
        .expect("a task-slots step");
    assert_eq!(
        slots_step.detail,
        "17 executors × (5 cores ÷ 2 spark.task.cpus = 2 tasks each) = 34 tasks at once"
    );
}

#[test]
fn emr_merged_executors_divide_their_own_cores() {
    // Seed 003: 9 r5.4xlarge, 50 requests of 4 cores merged 5 to a node: 9 executors of 20
    // cores. spark.task.cpus = 3: each runs ⌊20 ÷ 3⌋ = 6 tasks, 54 in all (not 9 × 5 × ⌊4 ÷ 3⌋).
    let one = plan_emr(&EmrInput::default()).expect("valid");
    assert_eq!(one.totals.task_slots, 180); // 9 × 20
    let input = EmrInput {
        task_cpus: 3,
        ..EmrInput::default()
    };
    let p = plan_emr(&input).expect("valid");
    assert_eq!(p.launched_executors, 9);
    assert_eq!(p.launched[0].cores, 20);
    assert_eq!(p.totals.task_slots, 54);
    let said = emr_working_steps(&p).iter().any(|s| {
        s.detail.contains("run 54 tasks at once") && s.detail.contains("spark.task.cpus 3")
    });
    assert!(said, "the vcores step names the division");
    // Without merging: 45 requests of 4 cores run (5 per node), each ⌊4 ÷ 3⌋ = 1 task.
    let plain = plan_emr(&EmrInput {
        heterogeneous_executors: false,
        ..input
    })
    .expect("valid");
    assert_eq!(plain.totals.task_slots, u64::from(plain.totals.executors));
}

#[test]
fn kubernetes_task_slots_are_cores_divided_by_task_cpus() {
    let mut input = K8sInput::default();
    input.spark.executor_cores = 4;
    let four = plan_k8s(&input).expect("valid");
    let executors = u64::from(four.totals.executors);
    assert!(executors > 0);
    assert_eq!(four.totals.task_slots, executors * 4);
    input.spark.task_cpus = 3;
    let three = plan_k8s(&input).expect("valid");
    assert_eq!(u64::from(three.totals.executors), executors);
    assert_eq!(three.totals.task_slots, executors); // ⌊4 ÷ 3⌋ = 1 each
}

#[test]
fn task_cpus_above_executor_cores_is_refused_with_sparks_words() {
    let mut input = case1(); // 5 cores per executor
    input.spark.task_cpus = 6;
    let Outcome::Invalid(d) = scenario::plan(&Scenario::Yarn(input)) else {
        panic!("6 task cpus on 5-core executors must be refused");
    };
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].field, Some(FieldId::TaskCpus));
    assert!(
        d[0].message.contains(
            "The number of cores per executor (=5) has to be >= the number of cpus per task = 6."
        ),
        "{}",
        d[0].message
    );
    let emr = EmrInput {
        task_cpus: 5, // the default request is 4 cores
        ..EmrInput::default()
    };
    let Outcome::Invalid(d) = scenario::plan(&Scenario::Emr(emr)) else {
        panic!("5 task cpus on 4-core requests must be refused");
    };
    assert_eq!(d[0].field, Some(FieldId::TaskCpus));
    let mut equal = case1();
    equal.spark.task_cpus = 5;
    assert!(
        plan(&equal).is_ok(),
        "as many task cpus as cores is allowed"
    );
}

#[test]
fn the_link_carries_task_cpus_and_old_links_open_with_one() {
    let old = scenario_from_query("v=1&n=6&c=16&m=64");
    let Scenario::Yarn(input) = &old.scenario else {
        panic!("a YARN link");
    };
    assert_eq!(input.spark.task_cpus, 1);
    let old_emr = scenario_from_query("v=1&cm=emr");
    let Scenario::Emr(emr) = &old_emr.scenario else {
        panic!("an EMR link");
    };
    assert_eq!(emr.task_cpus, 1);
    let mut yarn = case1();
    yarn.spark.task_cpus = 2;
    let query = scenario_to_query(&Scenario::Yarn(yarn.clone()));
    assert!(query.contains("tc=2"), "{query}");
    assert_eq!(scenario_from_query(&query).scenario, Scenario::Yarn(yarn));
    let emr = Scenario::Emr(EmrInput {
        task_cpus: 2,
        ..EmrInput::default()
    });
    let query = scenario_to_query(&emr);
    assert!(query.contains("tc=2"), "{query}");
    assert_eq!(scenario_from_query(&query).scenario, emr);
    // The default is left out of the link.
    assert!(!scenario_to_query(&Scenario::Yarn(case1())).contains("tc="));
}

#[test]
fn the_explorer_divides_slots_and_skips_shapes_smaller_than_a_task() {
    let mut input = case1();
    input.spark.task_cpus = 2;
    let e = explore(&Scenario::Yarn(input)).expect("valid");
    // Cores 2 to 15: a 1-core executor cannot run a 2-cpu task.
    assert_eq!(e.rows.first().map(|r| r.cores), Some(2));
    assert_eq!(e.rows.len(), 14);
    let five = e.row(5).expect("5 cores");
    assert_eq!((five.task_slots_per_executor, five.task_slots), (2, 34));
    let emr = explore(&Scenario::Emr(EmrInput {
        task_cpus: 3,
        ..EmrInput::default()
    }))
    .expect("valid");
    let four = emr.row(4).expect("4 cores");
    assert_eq!(four.task_slots_per_executor, 1);
}

#[test]
fn a_memory_target_never_settles_on_fewer_cores_than_a_task_needs() {
    // A 1 GiB target on case 1's nodes: 1 core per executor already gives it. With
    // spark.task.cpus = 4 the search goes on to 4 cores, the fewest Spark starts, and each such
    // executor runs ⌊4 ÷ 4⌋ = 1 task.
    let mut input = case1();
    input.policy.memory_target_mib = Some(1024);
    let c = plan(&input).expect("valid");
    assert_eq!(c.spark_exact.placement.executor.cores, 1);
    assert_eq!(c.rule_of_thumb.placement.executor.cores, 1);
    input.spark.task_cpus = 4;
    let c = plan(&input).expect("valid");
    assert_eq!(c.spark_exact.placement.executor.cores, 4);
    assert_eq!(c.rule_of_thumb.placement.executor.cores, 4);
    assert_eq!(
        c.spark_exact.placement.totals.task_slots,
        u64::from(c.spark_exact.placement.totals.executors)
    );
}
