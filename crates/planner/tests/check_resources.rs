//! "Check my configuration" with custom resources (GPUs), from every format it reads and from an
//! event log's `Spark Properties`: the task slots a GPU limits (Spark's
//! `ResourceProfile.calculateTasksAndLimitingResource`: the least of cores ÷ `spark.task.cpus`
//! and each resource's amount × parts ÷ task amount, `ResourceUtils
//! .calculateAmountAndPartsForFraction`), what Spark refuses at start in its words, and the
//! executors that stop without a discovery script (`ResourceDiscoveryScriptPlugin`).

use planner::check::{self, check, words, Format, Origin};
use planner::scenario::Scenario;
use planner::{Code, Severity};

fn yarn() -> Scenario {
    Scenario::default_for(planner::ClusterManager::Yarn)
}

/// The diagnostics of `text` checked on the YARN form, as (severity, code, message).
fn said(text: &str) -> Vec<(Severity, Code, String)> {
    words::diagnostics(&check(text, &yarn()))
        .into_iter()
        .map(|w| (w.severity, w.code, w.message))
        .collect()
}

fn with_code(said: &[(Severity, Code, String)], code: Code) -> Vec<String> {
    said.iter()
        .filter(|(_, c, _)| *c == code)
        .map(|(_, _, m)| m.clone())
        .collect()
}

/// Four cores, one GPU each executor shares out in parts of 0.3: floor(1 / 0.3) = 3 tasks per
/// GPU address, so 3 tasks at once where the cores allow 4 (Spark warns the configuration wastes
/// resources). Two executors (Spark's default count on YARN): 6 tasks at once, not 8.
const GPU_LIMITED: &str = "spark.executor.cores 4\n\
    spark.executor.resource.gpu.amount 1\n\
    spark.executor.resource.gpu.discoveryScript /opt/spark/getGpusResources.sh\n\
    spark.task.resource.gpu.amount 0.3\n";

#[test]
fn a_gpu_that_limits_the_tasks_is_said_and_counted() {
    let c = check(GPU_LIMITED, &yarn());
    let pasted = c.compare.pasted.expect("the settings plan");
    assert_eq!(pasted.executors_running, 2);
    assert_eq!(pasted.task_slots, 6, "2 executors × 3 GPU slots");
    let headline = words::check_headline(&c);
    assert!(headline.contains("6 tasks at once"), "{headline}");
    let limits = with_code(&said(GPU_LIMITED), Code::ResourceLimitsTasks);
    assert_eq!(
        limits,
        [
            "Line 4: gpu limits each executor to 3 tasks at once, not the 4 its 4 cores allow \
          (spark.task.cpus = 1): Spark warns that the configuration wastes resources. Give each \
          task less gpu (spark.task.resource.gpu.amount) or each executor fewer cores."
        ]
    );
    assert!(words::stop(&c).is_none(), "it runs");
}

/// Two cores and a quarter GPU per task: the cores limit (2 slots) before the GPU (4): nothing
/// to say, and the tasks at once are the cores'.
#[test]
fn cores_that_limit_before_the_gpu_leave_the_count_as_it_was() {
    let text = "spark.executor.cores 2\nspark.executor.resource.gpu.amount 1\n\
        spark.executor.resource.gpu.discoveryScript /opt/gpus.sh\n\
        spark.task.resource.gpu.amount 0.25\n";
    let c = check(text, &yarn());
    assert_eq!(c.compare.pasted.expect("plans").task_slots, 4);
    assert!(with_code(&said(text), Code::ResourceLimitsTasks).is_empty());
    assert!(words::stop(&c).is_none());
}

/// What Spark refuses, in its words, heads the answer: a fraction above 0.5 that is not whole
/// (`ResourceUtils.calculateAmountAndPartsForFraction`), a task asking more GPUs than its
/// executor holds, a task resource with no executor resource.
#[test]
fn what_spark_refuses_heads_the_answer_in_its_words() {
    let cases = [
        (
            "spark.executor.resource.gpu.amount 1\n\
             spark.executor.resource.gpu.discoveryScript /g.sh\n\
             spark.task.resource.gpu.amount 0.6\n",
            "Line 3: Spark refuses to start: \"The resource amount 0.6 must be either <= 0.5, \
             or a whole number.\"",
        ),
        (
            "spark.executor.resource.gpu.amount 1\n\
             spark.executor.resource.gpu.discoveryScript /g.sh\n\
             spark.task.resource.gpu.amount 2\n",
            "Line 3: Spark refuses to start: \"The executor resource: gpu, amount: 1 needs to be \
             >= the task resource request amount of 2.0\"",
        ),
    ];
    for (text, expected) in cases {
        let c = check(text, &yarn());
        let headline = words::check_headline(&c);
        assert_eq!(
            headline,
            format!("Spark refuses these settings. {expected}"),
            "{text}"
        );
    }
    let without = "spark.task.resource.gpu.amount 1\n";
    let errors: Vec<String> = said(without)
        .into_iter()
        .filter(|(s, _, _)| *s == Severity::Error)
        .map(|(_, _, m)| m)
        .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with("Line 1: Spark refuses to start: \""),
        "{errors:?}"
    );
    assert!(errors[0].contains("gpu"), "{errors:?}");
}

/// A GPU without a discovery script: each executor stops at start; a discovery plugin of its
/// own finds them instead.
#[test]
fn an_executor_resource_without_a_discovery_script_stops_the_executors() {
    let text = "spark.executor.resource.gpu.amount 1\nspark.task.resource.gpu.amount 1\n";
    let c = check(text, &yarn());
    assert!(
        words::check_headline(&c).starts_with(
            "The executors stop at start with these settings. Line 1: \
             spark.executor.resource.gpu.amount without \
             spark.executor.resource.gpu.discoveryScript"
        ),
        "{}",
        words::check_headline(&c)
    );
    let with_plugin = format!("{text}spark.resources.discoveryPlugin com.example.Gpus\n");
    assert!(words::stop(&check(&with_plugin, &yarn())).is_none());
}

/// The same settings as a spark-submit command, a SparkApplication's sparkConf and an EMR
/// classification: the same finding, at each format's line.
#[test]
fn every_format_reads_the_resource_keys() {
    let submit = "spark-submit --master yarn --executor-cores 4 \\\n  \
        --conf spark.executor.resource.gpu.amount=1 \\\n  \
        --conf spark.executor.resource.gpu.discoveryScript=/g.sh \\\n  \
        --conf spark.task.resource.gpu.amount=0.3 app.jar\n";
    let emr = r#"[{"Classification": "spark-defaults", "Properties": {
        "spark.executor.cores": "4",
        "spark.executor.resource.gpu.amount": "1",
        "spark.executor.resource.gpu.discoveryScript": "/g.sh",
        "spark.task.resource.gpu.amount": "0.3"}}]"#;
    let manifest = "apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\n\
        metadata:\n  name: gpus\nspec:\n  executor:\n    cores: 4\n  sparkConf:\n    \
        spark.executor.resource.gpu.amount: \"1\"\n    \
        spark.executor.resource.gpu.discoveryScript: /g.sh\n    \
        spark.task.resource.gpu.amount: \"0.3\"\n";
    for text in [submit, emr, manifest] {
        let limits = with_code(&said(text), Code::ResourceLimitsTasks);
        assert_eq!(limits.len(), 1, "{text}: {limits:?}");
        assert!(
            limits[0].contains("gpu limits each executor to 3 tasks at once, not the 4"),
            "{limits:?}"
        );
    }
}

/// An event log's `Spark Properties` go through the same reader: the run's GPU settings are
/// checked as pasted ones are.
#[test]
fn an_event_logs_properties_are_checked_the_same_way() {
    let at = Origin {
        format: Format::EventLog,
        line: 7,
    };
    let pairs = [
        ("spark.executor.cores", "4"),
        ("spark.executor.resource.gpu.amount", "1"),
        ("spark.task.resource.gpu.amount", "0.6"),
    ];
    let c = check::check_pasted(check::read_pairs(pairs, at), &yarn());
    let headline = words::check_headline(&c);
    assert!(
        headline.starts_with(
            "Spark refuses these settings. Line 7: Spark refuses to start: \"The resource amount \
             0.6 must be either <= 0.5, or a whole number.\""
        ),
        "{headline}"
    );
}

/// A value Spark cannot read as an amount is refused at its line, once.
#[test]
fn an_amount_spark_cannot_read_is_refused() {
    let said_of = |text: &str| with_code(&said(text), Code::InvalidValue);
    assert_eq!(
        said_of("spark.executor.resource.gpu.amount one\n"),
        ["Line 1: spark.executor.resource.gpu.amount should be int, but was \"one\"."]
    );
    assert_eq!(
        said_of("spark.executor.resource.fpga.amount one\n"),
        [
            "Line 1: spark.executor.resource.fpga.amount = one: Spark reads an executor's amount \
          as a whole number (1, 2), and refuses to start otherwise."
        ]
    );
    let task = said_of(
        "spark.executor.resource.gpu.amount 1\nspark.executor.resource.gpu.discoveryScript /g\n\
         spark.task.resource.gpu.amount half\n",
    );
    assert_eq!(
        task,
        [
            "Line 3: spark.task.resource.gpu.amount = half: Spark reads a task's amount as a \
          decimal (1, 0.5, 0.25), and refuses to start otherwise."
        ]
    );
}

/// A share link's `ck` keeps the GPU amounts and that a discovery script is set (not its path):
/// the check reopened from the link says the same; "Use these settings" says it leaves them out.
#[test]
fn the_link_keeps_the_gpu_settings_and_use_these_settings_says_it_leaves_them() {
    let encoded = check::link::encode(&check::read(GPU_LIMITED));
    assert_eq!(encoded.value, "ec4~rg1~rd1~rt0.3");
    assert!(encoded.dropped.is_empty(), "{:?}", encoded.dropped);
    let reopened = check::check_pasted(check::link::decode(&encoded.value), &yarn());
    assert!(words::stop(&reopened).is_none(), "the script is set");
    assert_eq!(reopened.compare.pasted.expect("plans").task_slots, 6);
    let left_out = with_code(&said(GPU_LIMITED), Code::SettingIgnored);
    assert!(
        left_out.iter().any(|m| {
            m
            == "Line 2: spark.executor.resource.gpu.amount is counted in this check, but the form \
                holds no GPUs yet: \"Use these settings\" leaves it out."
        }),
        "{left_out:?}"
    );
}

/// A SparkApplication's `spec.executor.gpu` (kubeflow/spark-operator `api/v1beta2`,
/// `GPUSpec{name, quantity}`): the operator adds the GPUs to the pod's limits, which Spark does
/// not schedule by; said at its line, not dropped without a word.
#[test]
fn the_operators_gpu_field_is_said() {
    let manifest = "apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\n\
        metadata:\n  name: gpus\nspec:\n  type: Scala\n  executor:\n    cores: 4\n    \
        gpu:\n      name: nvidia.com/gpu\n      quantity: 1\n";
    let form = Scenario::default_for(planner::ClusterManager::Kubernetes);
    let said: Vec<String> = words::diagnostics(&check(manifest, &form))
        .into_iter()
        .filter(|w| w.code == Code::ResourceLimitsTasks)
        .map(|w| w.message)
        .collect();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].starts_with(
            "Line 9: spec.executor.gpu: the operator adds 1 nvidia.com/gpu to each executor \
             pod's limits; Spark schedules tasks by GPUs only with"
        ),
        "{said:?}"
    );
}

/// What each executor asks the cluster for beside memory and cores: YARN `yarn.io/gpu`
/// (`ResourceRequestHelper`: Spark maps only gpu and fpga), a Kubernetes pod `vendor/name` in
/// its requests and limits, and without a vendor Spark refuses the pods
/// (`KubernetesUtils.buildResourcesQuantities`: "Resource: gpu was requested, but vendor was
/// not specified.").
#[test]
fn each_executor_asks_its_cluster_for_the_gpus_by_the_clusters_name() {
    let lines = words::check_container_lines(&check(GPU_LIMITED, &yarn()));
    assert_eq!(
        lines.last().map(String::as_str),
        Some(
            "Each executor container also asks YARN for 1 yarn.io/gpu: YARN grants such \
             containers only on nodes that offer the resource type (resource-types.xml) and \
             with a scheduler that counts it (the DominantResourceCalculator)."
        )
    );
    let other = "spark.executor.resource.tpu.amount 1\n\
        spark.executor.resource.tpu.discoveryScript /t.sh\nspark.task.resource.tpu.amount 1\n";
    let lines = words::check_container_lines(&check(other, &yarn()));
    assert!(
        lines
            .last()
            .is_some_and(|l| l.contains("set spark.yarn.executor.resource.tpu.amount")),
        "{lines:?}"
    );

    let k8s = Scenario::default_for(planner::ClusterManager::Kubernetes);
    let c = check(GPU_LIMITED, &k8s);
    assert_eq!(
        words::check_headline(&c),
        "Spark refuses these settings. Line 2: spark.executor.resource.gpu.amount without \
         spark.executor.resource.gpu.vendor: Spark refuses to build the executor pods \
         (\"Resource: gpu was requested, but vendor was not specified.\"). Set it to the device \
         plugin's vendor (nvidia.com for NVIDIA GPUs)."
    );
    let with_vendor = format!("{GPU_LIMITED}spark.executor.resource.gpu.vendor nvidia.com\n");
    let c = check(&with_vendor, &k8s);
    assert!(words::stop(&c).is_none());
    let lines = words::check_container_lines(&c);
    assert!(
        lines
            .iter()
            .any(|l| l == "Each executor pod also asks for 1 nvidia.com/gpu (requests and limits)."),
        "{lines:?}"
    );
}
