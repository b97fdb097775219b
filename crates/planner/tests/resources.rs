//! Task slots with custom resources (GPUs), against Spark's own rules and words:
//! `core/src/main/scala/org/apache/spark/resource/ResourceProfile.scala`
//! (`calculateTasksAndLimitingResource`), `ResourceUtils.scala`
//! (`calculateAmountAndPartsForFraction`, `validateTaskCpusLargeEnough`), YARN's
//! `ResourceRequestHelper.getYarnResourcesFromSparkResources` and Kubernetes'
//! `KubernetesUtils.buildResourcesQuantities`.

use planner::resources::{
    kubernetes_resource_name, parse_task_amount, refusal_words, task_slots, yarn_resource_name,
    ResourceAsk, ResourceRefusal, SlotLimit,
};
use proptest::prelude::*;

fn gpu(executor_amount: u64, task_amount: &str) -> ResourceAsk {
    ResourceAsk {
        name: "gpu".to_owned(),
        executor_amount,
        task_amount: parse_task_amount(task_amount).expect("a task amount"),
    }
}

#[test]
fn gpus_limit_the_slots_of_spark_s_own_example() {
    // ResourceProfile's doc comment: "if the executor request is for 4 cpus and 2 gpus and your
    // task request is for 1 cpu and 1 gpu each, the limiting resource is gpu, and this
    // function will return 2."
    let slots = task_slots(4, 1, &[gpu(2, "1")]).expect("Spark starts it");
    assert_eq!(slots.slots, 2);
    assert_eq!(slots.slots_by_cores, 4);
    assert_eq!(slots.limit, SlotLimit::Resource("gpu".to_owned()));
    // warnOnWastedResources: the cores beyond the GPU's slots are wasted.
    assert_eq!(slots.idle_cores, 2);
    assert_eq!(slots.resources[0].idle_addresses, 0);
}

#[test]
fn cores_limit_the_slots_when_gpus_are_shared() {
    // 0.25 of a GPU per task: 4 tasks share one address (calculateAmountAndPartsForFraction
    // gives (1, 4)), so 2 GPUs give 8 slots; 4 cores give 4, and 4 tasks hold one GPU.
    let slots = task_slots(4, 1, &[gpu(2, "0.25")]).expect("Spark starts it");
    assert_eq!(slots.slots, 4);
    assert_eq!(slots.limit, SlotLimit::Cores);
    assert_eq!(slots.resources[0].slots, 8);
    assert_eq!(slots.resources[0].tasks_per_address, 4);
    assert_eq!(slots.resources[0].idle_addresses, 1);
    assert_eq!(slots.idle_cores, 0);
}

#[test]
fn spark_task_cpus_counts_before_the_gpus() {
    // 8 cores, spark.task.cpus=2: 4 slots by cores; 2 GPUs at 1 per task: 2.
    let slots = task_slots(8, 2, &[gpu(2, "1")]).expect("Spark starts it");
    assert_eq!(
        (slots.slots_by_cores, slots.slots, slots.idle_cores),
        (4, 2, 4)
    );
}

#[test]
fn fractions_share_an_address_as_spark_rounds_them() {
    // floor(1 / amount) tasks per address at or below 0.5; a whole number holds that many.
    for (amount, per_address, per_task) in [
        ("0.5", 2, 1),
        ("0.3", 3, 1),
        ("0.333333333", 3, 1),
        ("0.1", 10, 1),
        ("0.125", 8, 1),
        ("1", 1, 1),
        ("2", 1, 2),
    ] {
        let slots = task_slots(64, 1, &[gpu(4, amount)]).expect("Spark starts it");
        let gpu = &slots.resources[0];
        assert_eq!(
            (gpu.tasks_per_address, gpu.addresses_per_task),
            (per_address, per_task),
            "{amount}"
        );
        assert_eq!(gpu.slots, 4 * per_address / per_task, "{amount}");
    }
}

#[test]
fn a_fraction_above_one_half_is_refused_in_spark_s_words() {
    for amount in ["0.75", "1.5"] {
        let refusal = task_slots(4, 1, &[gpu(2, amount)]).expect_err("Spark refuses it");
        assert_eq!(
            refusal_words(&refusal),
            format!("The resource amount {amount} must be either <= 0.5, or a whole number.")
        );
    }
}

#[test]
fn a_task_asking_more_than_its_executor_holds_is_refused() {
    let refusal = task_slots(4, 1, &[gpu(1, "2")]).expect_err("Spark refuses it");
    assert_eq!(
        refusal_words(&refusal),
        // `taskReq` is a Double, which Scala's interpolation writes as 2.0.
        "The executor resource: gpu, amount: 1 needs to be >= the task resource request amount \
         of 2.0"
    );
}

#[test]
fn a_task_resource_without_an_executor_resource_is_refused() {
    let refusal = task_slots(4, 1, &[gpu(0, "1")]).expect_err("Spark refuses it");
    assert_eq!(
        refusal,
        ResourceRefusal::TaskWithoutExecutor {
            names: vec!["gpu".to_owned()]
        }
    );
    assert_eq!(
        refusal_words(&refusal),
        "No executor resource configs were not specified for the following task configs: gpu"
    );
}

#[test]
fn task_cpus_above_the_executor_cores_is_refused_first() {
    let refusal = task_slots(2, 4, &[gpu(1, "1")]).expect_err("Spark refuses it");
    assert_eq!(
        refusal_words(&refusal),
        "The number of cores per executor (=2) has to be >= the number of cpus per task = 4."
    );
}

#[test]
fn an_executor_resource_no_task_asks_for_is_idle() {
    let fpga = ResourceAsk {
        name: "fpga".to_owned(),
        executor_amount: 1,
        task_amount: 0,
    };
    let slots = task_slots(4, 1, &[fpga]).expect("Spark starts it, with a warning");
    assert_eq!((slots.slots, slots.limit.clone()), (4, SlotLimit::Cores));
    assert_eq!(slots.unused_by_tasks, vec!["fpga".to_owned()]);
}

#[test]
fn each_manager_asks_for_the_resource_by_its_own_name() {
    assert_eq!(yarn_resource_name("gpu"), Some("yarn.io/gpu"));
    assert_eq!(yarn_resource_name("fpga"), Some("yarn.io/fpga"));
    // Everything else must be set as spark.yarn.executor.resource.{name}.amount as well.
    assert_eq!(yarn_resource_name("tpu"), None);
    assert_eq!(
        kubernetes_resource_name("nvidia.com", "gpu").as_deref(),
        Some("nvidia.com/gpu")
    );
    assert_eq!(kubernetes_resource_name(" ", "gpu"), None);
}

#[test]
fn task_amounts_that_are_not_positive_decimals_do_not_read() {
    for text in ["0", "-1", "abc", "", "0.0000000001"] {
        assert_eq!(parse_task_amount(text), None, "{text}");
    }
}

proptest! {
    #[test]
    fn slots_never_exceed_any_resource_s_slots(
        cores in 0u32..256,
        task_cpus in 0u32..8,
        executor_amount in 0u64..16,
        task_amount in 0u64..5_000_000_000,
    ) {
        let ask = ResourceAsk { name: "gpu".to_owned(), executor_amount, task_amount };
        if let Ok(slots) = task_slots(cores, task_cpus, &[ask]) {
            prop_assert!(slots.slots <= slots.slots_by_cores);
            for resource in &slots.resources {
                prop_assert!(slots.slots <= resource.slots);
                prop_assert!(resource.idle_addresses <= executor_amount);
            }
        }
    }
}
