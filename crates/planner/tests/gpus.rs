//! GPU executors on YARN, Kubernetes and EMR, by Spark's rules (apache/spark,
//! `core/src/main/scala/org/apache/spark/resource/ResourceProfile.scala`,
//! `calculateTasksAndLimitingResource`: an executor's task slots are the least of cores ÷
//! `spark.task.cpus` and each resource's amount × parts ÷ task amount; `ResourceUtils.scala`,
//! `calculateAmountAndPartsForFraction`: a task amount of at most 0.5 shares one GPU, above it
//! must be whole) and the cluster managers' (Hadoop's `UsingGpus.md`: `yarn.io/gpu` scheduling
//! needs the DominantResourceCalculator; Kubernetes counts `nvidia.com/gpu` in whole devices).
//! Numbers worked by hand in the comments.

mod common;

use common::{scenario, view_of};
use planner::scenario::{plan, Outcome};
use planner::view::View;
use planner::FieldId;

fn errors_of(query: &str) -> Vec<(FieldId, String)> {
    let s = scenario(query);
    match plan(&s) {
        Outcome::Invalid(errors) => errors
            .iter()
            .map(|e| (e.field.expect("a field"), e.message.clone()))
            .collect(),
        other => panic!("{query} planned: {other:?}"),
    }
}

fn conf_of(v: &View) -> Vec<(String, String)> {
    let p = v.selected().expect("a plan");
    p.exports
        .spark_conf
        .iter()
        .map(|e| (e.key.clone(), e.value.clone()))
        .collect()
}

fn step<'a>(v: &'a View, title: &str) -> &'a str {
    let p = v.selected().expect("a plan");
    &p.working
        .iter()
        .find(|s| s.title == title)
        .unwrap_or_else(|| panic!("no step {title}: {:?}", p.working))
        .detail
}

/// 4 nodes of 32 cores (31 vcores for YARN), 256 GiB and 4 GPUs.
const YARN_GPU_NODES: &str = "v=1&n=4&c=32&m=256&gpn=4";

#[test]
fn yarn_gpus_limit_executors_per_node_and_give_each_the_memory_of_the_fewer() {
    // 4 cores per executor: 31 ÷ 4 = 7 by vcores, 4 GPUs ÷ 1 = 4 by GPUs: 4 per node.
    let v = view_of(&format!("{YARN_GPU_NODES}&cpe=4&egpu=1&tgpu=0.25"));
    let p = v.selected().expect("a plan");
    assert_eq!(p.executors_per_node, 4);
    // 4 per node on 4 nodes, node 1's too: the AM asks for no GPU, and beside it 30 vcores
    // still hold 7 by vcores. 16.
    assert_eq!(p.executors_running, 16);
    assert_eq!(
        step(&v, "Executors per node"),
        "31 vcores ÷ 4 cores per executor = 7; 4 GPUs ÷ 1 per executor = 4: 4 executors per node"
    );
    // The memory budget is the node's ÷ 4, not ÷ 7.
    assert!(step(&v, "Memory budget per container").contains("÷ 4 ="));
    // 0.25 GPU per task: 1 × 4 parts ÷ 1 = 4 tasks by the GPU, 4 by the cores: the cores limit.
    assert_eq!(p.task_slots, 16 * 4);
    let g = p.gpus.as_ref().expect("GPUs shown");
    assert_eq!(
        (g.per_executor, g.per_task.as_str(), g.per_node),
        (1, "0.25", 4)
    );
    assert!(g.limit_executors && !g.limit_tasks);
    // Without GPUs the same cores give 7 per node.
    let plain = view_of("v=1&n=4&c=32&m=256&cpe=4");
    assert_eq!(plain.selected().expect("a plan").executors_per_node, 7);
    assert!(plain.selected().expect("a plan").gpus.is_none());
}

#[test]
fn yarn_task_slots_limited_by_gpus_and_by_cores() {
    // One GPU per task on an executor of 1 GPU and 4 cores: ⌊1 × 1 ÷ 1⌋ = 1 task at once; the
    // other 3 cores idle, as Spark's warnOnWastedResources says.
    let v = view_of(&format!("{YARN_GPU_NODES}&cpe=4&egpu=1&tgpu=1"));
    let p = v.selected().expect("a plan");
    assert_eq!(p.task_slots, 16);
    assert!(p.gpus.as_ref().is_some_and(|g| g.limit_tasks));
    assert!(step(&v, "Task slots").contains("1 GPU ÷ 1 per task = 1, 4 cores ÷ 1 spark.task.cpus = 4: 1 task each, the GPUs limit them (3 cores idle)"));
    assert!(p
        .warnings
        .iter()
        .any(|w| w.code == "gpus-limit-tasks" && w.message.contains("3 cores sit idle")));
    // 0.5 GPU per task: 2 tasks share the GPU; 2 GPUs an executor: 4 tasks, as many as cores.
    let v = view_of("v=1&n=4&c=32&m=256&gpn=8&cpe=4&egpu=2&tgpu=0.5");
    let p = v.selected().expect("a plan");
    assert_eq!(p.executors_per_node, 4); // 8 GPUs ÷ 2
    assert_eq!(p.task_slots, u64::from(p.executors_running) * 4);
    assert!(!p.gpus.as_ref().expect("GPUs").limit_tasks);
    assert!(p.warnings.iter().all(|w| w.code != "gpus-limit-tasks"));
}

#[test]
fn what_spark_refuses_of_gpu_amounts_is_named_in_its_words() {
    // ResourceUtils.calculateAmountAndPartsForFraction.
    let e = errors_of(&format!("{YARN_GPU_NODES}&egpu=1&tgpu=0.6"));
    assert_eq!(e[0].0, FieldId::TaskGpus);
    assert!(
        e[0].1
            .contains("The resource amount 0.6 must be either <= 0.5, or a whole number."),
        "{e:?}"
    );
    // ResourceProfile: a task above its executor.
    let e = errors_of(&format!("{YARN_GPU_NODES}&egpu=1&tgpu=2"));
    assert_eq!(e[0].0, FieldId::TaskGpus);
    assert!(e[0].1.contains(
        "The executor resource: gpu, amount: 1 needs to be >= the task resource request amount of 2.0"
    ));
    // Tasks asking for GPUs their executors do not.
    let e = errors_of(&format!("{YARN_GPU_NODES}&tgpu=1"));
    assert_eq!(e[0].0, FieldId::ExecutorGpus);
    assert!(e[0].1.contains(
        "No executor resource configs were not specified for the following task configs: gpu"
    ));
    // The same on Kubernetes and EMR.
    for q in [
        "v=1&cm=k8s&gpn=4&egpu=1&tgpu=0.75",
        "v=1&cm=emr&it=custom&igpu=4&calc=dominant&egpu=1&tgpu=0.75",
    ] {
        assert_eq!(errors_of(q)[0].0, FieldId::TaskGpus, "{q}");
    }
}

#[test]
fn yarn_gpus_need_the_dominant_resource_calculator() {
    let e = errors_of(&format!("{YARN_GPU_NODES}&egpu=1&tgpu=1&calc=default"));
    assert_eq!(e[0].0, FieldId::Calculator);
    assert!(e[0].1.contains("DominantResourceCalculator"), "{e:?}");
    // EMR's own default calculator is the DefaultResourceCalculator.
    let e = errors_of("v=1&cm=emr&it=custom&igpu=4&egpu=1&tgpu=1");
    assert_eq!(e[0].0, FieldId::Calculator);
}

#[test]
fn a_node_without_enough_gpus_starts_no_executor() {
    for q in ["v=1&egpu=1&tgpu=1", "v=1&n=4&gpn=1&egpu=2&tgpu=1"] {
        let v = view_of(q);
        let p = v.selected().expect("a plan");
        assert_eq!(p.executors_running, 0, "{q}");
        assert!(!p.fits);
        let why = p.refusal.as_ref().expect("a refusal").message.clone();
        assert!(why.contains("Each executor asks for"), "{q}: {why}");
        assert!(why.contains("no executor can start"), "{q}: {why}");
    }
    let v = view_of("v=1&cm=k8s&egpu=1&tgpu=1");
    let p = v.selected().expect("a plan");
    assert_eq!(p.executors_running, 0);
    assert!(p
        .warnings
        .iter()
        .any(|w| w.message.contains("a node has 0 GPUs")));
}

#[test]
fn kubernetes_pods_per_node_are_limited_by_gpus_and_ask_for_them_by_vendor() {
    // 8 nodes of 16 CPU and 64 GiB (the default), 2 GPUs each; pods of 2 cores and 1 GPU:
    // by CPU and memory 7 a node, by GPUs 2. The driver pod asks for none: 2 beside it too.
    let v = view_of("v=1&cm=k8s&gpn=2&egpu=1&tgpu=0.5&cnt=max");
    let p = v.selected().expect("a plan");
    assert_eq!(p.executors_per_node, 2);
    assert_eq!(p.executors_running, 16);
    assert!(step(&v, "Executor pods per node").contains(", 2 GPU ÷ 1 GPU"));
    let conf = conf_of(&v);
    let has = |k: &str, val: &str| conf.iter().any(|(a, b)| a == k && b == val);
    assert!(has("spark.executor.resource.gpu.amount", "1"), "{conf:?}");
    assert!(has("spark.task.resource.gpu.amount", "0.5"));
    assert!(has("spark.executor.resource.gpu.vendor", "nvidia.com"));
    assert!(conf
        .iter()
        .any(|(k, _)| k == "spark.executor.resource.gpu.discoveryScript"));
    // Asking for more pods than the GPUs hold: the rest stay Pending, and the GPUs are why.
    let v = view_of("v=1&cm=k8s&gpn=2&egpu=1&tgpu=1&cnt=20");
    let refusal = v
        .selected()
        .and_then(|p| p.refusal.clone())
        .expect("a refusal");
    assert!(
        refusal.message.contains("the nodes' GPUs hold 16"),
        "{}",
        refusal.message
    );
}

#[test]
fn emr_custom_gpu_instances_are_placed_by_their_gpus() {
    // A custom core node of 48 vCPUs, 192 GiB and 4 GPUs (YARN 180 GiB); executors of 4 cores
    // and 1 GPU: 12 a node by vcores, 4 by GPUs.
    let q = "v=1&cm=emr&it=custom&ivc=48&imem=192&inm=184320&igpu=4&calc=dominant&n=3\
             &cnt=12&cpe=4&em=20g&het=0&egpu=1&tgpu=1";
    let v = view_of(q);
    let p = v.selected().expect("a plan");
    assert_eq!(p.executors_per_node, 4);
    let conf = conf_of(&v);
    assert!(conf
        .iter()
        .any(|(k, v)| k == "spark.executor.resource.gpu.discoveryScript"
            && v == "/usr/lib/spark/scripts/gpu/getGpusResources.sh"));
}

#[test]
fn plans_without_gpus_export_no_gpu_keys() {
    for q in ["v=1", "v=1&cm=k8s", "v=1&cm=emr"] {
        let v = view_of(q);
        assert!(
            conf_of(&v).iter().all(|(k, _)| !k.contains("resource.gpu")),
            "{q}"
        );
        assert!(v.selected().expect("a plan").gpus.is_none());
    }
}

#[test]
fn the_explorer_sweeps_shapes_within_the_gpus() {
    let s = scenario(&format!("{YARN_GPU_NODES}&cpe=4&egpu=1&tgpu=1"));
    let e = planner::explorer::explore(&s).expect("an explorer");
    assert!(!e.rows.is_empty());
    for row in &e.rows {
        // Never more than the 4 GPUs of a node hold, whatever the cores.
        assert!(
            row.executors_per_node <= 4 && row.executors <= 16,
            "{row:?}"
        );
    }
}
