//! The check's answers where Spark's or EMR's rules decide between settings given together:
//! `spark.kubernetes.memoryOverheadFactor` beside (or without) the executor's own factor, and
//! EMR's `maximizeResourceAllocation` beside explicit executor settings; and the words that
//! say what the answer's numbers are.

use planner::check::{check, use_these_settings, words, Answer};
use planner::emr::{plan_emr, EmrInput};
use planner::k8s::{plan_k8s, K8sInput};
use planner::presets::k8s_preset;
use planner::scenario::Scenario;
use planner::spark::DeployMode;
use planner::url::{scenario_from_query, scenario_to_query};

/// A Kubernetes cluster big enough for every pod below.
fn k8s_form() -> Scenario {
    Scenario::Kubernetes(k8s_preset("k8s-seed002").expect("preset").input)
}

fn k8s_pods(text: &str) -> (u64, Option<u64>, f64) {
    let c = check(text, &k8s_form());
    let Answer::Kubernetes(p) = &c.answer else {
        panic!("{:?}", c.answer)
    };
    (
        p.executor_memory.total_mib(),
        p.driver.as_ref().map(|d| d.memory_mib()),
        p.overhead_factor,
    )
}

const ONLY_KUBERNETES_FACTOR: &str = "spark.master k8s://https://k8s.example:6443\n\
     spark.submit.deployMode cluster\n\
     spark.executor.instances 2\n\
     spark.executor.memory 10g\n\
     spark.driver.memory 4g\n\
     spark.kubernetes.memoryOverheadFactor 0.2\n";

#[test]
fn the_kubernetes_factor_alone_sizes_driver_and_executor_pods() {
    // BasicDriverFeatureStep: the driver's factor defaults to spark.kubernetes.memoryOverheadFactor
    // and is propagated to the executors, whose step uses it when
    // spark.executor.memoryOverheadFactor is unset. By hand: executor 10240 + max(0.2 × 10240,
    // 384) = 10240 + 2048 = 12288 MiB; driver 4096 + max((0.2 × 4096).toInt = 819, 384) = 4915.
    assert_eq!(k8s_pods(ONLY_KUBERNETES_FACTOR), (12_288, Some(4_915), 0.2));
    // Not "left out of the answer": no finding names the key as not carried.
    let c = check(ONLY_KUBERNETES_FACTOR, &k8s_form());
    let said: Vec<String> = words::diagnostics(&c)
        .into_iter()
        .map(|w| w.message)
        .collect();
    assert!(!said.iter().any(|m| m.contains("left out")), "{said:#?}");
}

#[test]
fn the_executors_own_factor_wins_for_executors_only() {
    let text = format!("{ONLY_KUBERNETES_FACTOR}spark.executor.memoryOverheadFactor 0.3\n");
    // Executor: 10240 + 0.3 × 10240 = 10240 + 3072 = 13312 MiB; the driver keeps 0.2: 4915.
    assert_eq!(k8s_pods(&text), (13_312, Some(4_915), 0.3));
}

#[test]
fn in_client_mode_executors_read_the_kubernetes_factor_themselves() {
    // No driver step runs in client mode; BasicExecutorFeatureStep reads
    // spark.kubernetes.memoryOverheadFactor from the submitted configuration: still 0.2.
    let text = ONLY_KUBERNETES_FACTOR.replace("deployMode cluster", "deployMode client");
    assert_eq!(k8s_pods(&text), (12_288, None, 0.2));
}

#[test]
fn a_manifests_memory_overhead_factor_is_the_kubernetes_factor() {
    // The Spark operator passes spec.memoryOverheadFactor as spark.kubernetes.memoryOverheadFactor.
    let manifest = "apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\n\
                    spec:\n  mode: cluster\n  type: Scala\n  memoryOverheadFactor: \"0.2\"\n  \
                    driver:\n    memory: 4g\n  executor:\n    instances: 2\n    memory: 10g\n";
    assert_eq!(k8s_pods(manifest), (12_288, Some(4_915), 0.2));
}

#[test]
fn use_these_settings_carries_the_kubernetes_factor_and_the_link_keeps_it() {
    let Scenario::Kubernetes(used) = use_these_settings(ONLY_KUBERNETES_FACTOR, &k8s_form()) else {
        panic!()
    };
    assert_eq!(used.spark.kubernetes_overhead_factor, Some(0.2));
    assert_eq!(used.spark.deploy_mode, DeployMode::Cluster);
    // Planned on the form, the same pods as the check's answer.
    let p = plan_k8s(&used).unwrap();
    assert_eq!(p.executor_memory.total_mib(), 12_288);
    // Its link holds it under its own key and reads back the same scenario.
    let query = scenario_to_query(&Scenario::Kubernetes(used.clone()));
    assert!(query.contains("kmof=0.2"), "{query}");
    let back = scenario_from_query(&query);
    assert!(back.bad.is_empty() && back.unknown.is_empty(), "{back:?}");
    assert_eq!(back.scenario, Scenario::Kubernetes(used));
}

#[test]
fn old_links_are_unchanged() {
    // A default Kubernetes scenario's link does not name the new key, and an old link (without
    // it) opens with the factor unset.
    let query = scenario_to_query(&Scenario::Kubernetes(K8sInput::default()));
    assert!(!query.contains("kmof"), "{query}");
    let Scenario::Kubernetes(old) = scenario_from_query("cm=k8s&v=1&kof=0.2").scenario else {
        panic!()
    };
    assert_eq!(old.spark.kubernetes_overhead_factor, None);
    assert_eq!(old.spark.overhead_factor, Some(0.2));
}

/// maximizeResourceAllocation (line 4) beside explicit executor settings (lines 9–11).
const MAXIMIZE_AND_EXPLICIT: &str = r#"[
  {
    "Classification": "spark",
    "Properties": {"maximizeResourceAllocation": "true"}
  },
  {
    "Classification": "spark-defaults",
    "Properties": {
      "spark.executor.memory": "8g",
      "spark.executor.cores": "4",
      "spark.executor.instances": "6"
    }
  }
]"#;

fn emr_plan_of(text: &str) -> (planner::emr::EmrPlan, Vec<String>) {
    let c = check(text, &Scenario::Emr(EmrInput::default()));
    let Answer::Emr(p) = &c.answer else {
        panic!("{:?}", c.answer)
    };
    let said = words::diagnostics(&c)
        .into_iter()
        .map(|w| w.message)
        .collect();
    ((**p).clone(), said)
}

#[test]
fn explicit_executor_settings_stand_beside_maximize_resource_allocation_and_it_is_said() {
    let (p, said) = emr_plan_of(MAXIMIZE_AND_EXPLICIT);
    // The given values, not the maximised ones: 6 requests of 8192 MiB heap and 4 cores.
    assert_eq!(
        (p.requested, p.request.memory.heap_mib, p.request.cores),
        (6, 8192, 4)
    );
    assert_eq!(p.maximized, None);
    // Each key named with both lines, the value used, and how to confirm it.
    for (line, key, value) in [
        (9, "spark.executor.memory", "8g"),
        (10, "spark.executor.cores", "4"),
        (11, "spark.executor.instances", "6"),
    ] {
        let start = format!(
            "Line {line}: {key} = {value} and maximizeResourceAllocation (line 4) are both \
             given: the answer uses {value}, not "
        );
        let m = said
            .iter()
            .find(|m| m.starts_with(&start))
            .unwrap_or_else(|| panic!("{start}\n{said:#?}"));
        assert!(
            m.contains("/etc/spark/conf/spark-defaults.conf on the primary node"),
            "{m}"
        );
    }
}

#[test]
fn keys_not_given_beside_maximize_resource_allocation_take_its_values() {
    let only_cores = MAXIMIZE_AND_EXPLICIT
        .replace("\"spark.executor.memory\": \"8g\",\n", "")
        .replace(",\n      \"spark.executor.instances\": \"6\"", "");
    let (p, said) = emr_plan_of(&only_cores);
    // maximizeResourceAllocation alone on the same cluster, planned directly.
    let alone = plan_emr(&EmrInput {
        maximize_resource_allocation: true,
        ..EmrInput::default()
    })
    .unwrap();
    let m = alone.maximized.expect("maximised");
    assert_eq!(
        (p.requested, p.request.memory.heap_mib, p.request.cores),
        (m.executor_instances, m.executor_memory_mib, 4)
    );
    assert_eq!(
        said.iter().filter(|s| s.contains("are both given")).count(),
        1
    );
    // With no executor setting beside it, the check plans maximizeResourceAllocation as the
    // planner does, and says nothing about replaced values.
    let bare = "[{\"Classification\": \"spark\", \"Properties\": \
                {\"maximizeResourceAllocation\": \"true\"}}]";
    let (p, said) = emr_plan_of(bare);
    assert_eq!(p, alone);
    assert!(
        !said.iter().any(|s| s.contains("are both given")),
        "{said:#?}"
    );
}

fn said(text: &str, form: &Scenario) -> Vec<String> {
    words::diagnostics(&check(text, form))
        .into_iter()
        .map(|w| w.message)
        .collect()
}

fn yarn_form() -> Scenario {
    Scenario::Yarn(planner::presets::preset("case1").expect("case1").input)
}

#[test]
fn settings_for_another_cluster_manager_say_first_to_switch_the_form() {
    let manifest = "apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\nspec:\n  \
                    executor:\n    instances: 4\n    cores: 2\n    memory: 4g\n";
    let emr = Scenario::Emr(EmrInput::default());
    for form in [yarn_form(), emr.clone()] {
        let first = said(manifest, &form).remove(0);
        assert!(
            first.starts_with(
                "Line 2: These settings are for Kubernetes (a SparkApplication manifest)"
            ) && first.contains("switch the form to Kubernetes"),
            "{first}"
        );
    }
    // A Kubernetes-only key in a defaults file, with its line.
    let conf = "spark.executor.memory 4g\nspark.kubernetes.executor.request.cores 0.5\n";
    let first = said(conf, &yarn_form()).remove(0);
    assert!(
        first.starts_with(
            "Line 2: These settings are for Kubernetes \
             (spark.kubernetes.executor.request.cores), not YARN: switch the form to Kubernetes"
        ),
        "{first}"
    );
    // A k8s:// master says it instead of "the master is not YARN".
    let said_k8s = said(
        "spark.master k8s://https://h:6443\nspark.executor.cores 2\n",
        &emr,
    );
    assert!(said_k8s[0].contains("for Kubernetes (a k8s:// master)"));
    assert!(!said_k8s.iter().any(|m| m.contains("the master k8s")));
    // EMR's JSON on YARN and on Kubernetes.
    let json = "[{\"Classification\": \"spark-defaults\", \"Properties\": \
                {\"spark.executor.cores\": \"4\"}}]";
    for form in [yarn_form(), k8s_form()] {
        let first = said(json, &form).remove(0);
        assert!(
            first.contains("are for Amazon EMR (an EMR configuration)")
                && first.contains("switch the form to Amazon EMR"),
            "{first}"
        );
    }
    // Settings for the form's own manager get no such hint.
    assert!(!said(manifest, &k8s_form())
        .iter()
        .chain(&said(json, &emr))
        .any(|m| m.contains("switch the form")));
}

#[test]
fn the_cpu_comparison_says_what_it_counts() {
    use planner::check::{CpuCounted, SideNumbers};
    let side = |millis: u64, counted: CpuCounted| SideNumbers {
        executors_asked: Some(8),
        executors_running: 8,
        requests_running: 8,
        cores_per_executor: 5,
        several_sizes: false,
        heap_mib: 1024,
        container_mib: 1408,
        task_slots: 40,
        memory_used_mib: 1,
        memory_available_mib: 1,
        cpu_reserved_millis: millis,
        cpu_counted: counted,
        runs: true,
    };
    let cpu_line = |counted| {
        words::changes(Some(&side(9_000, counted)), Some(&side(33_000, counted))).remove(0)
    };
    assert_eq!(
        cpu_line(CpuCounted::OneVcorePerContainer),
        "Vcores YARN records (1 per container request under the DefaultResourceCalculator): 9 \
         vcores with yours, 33 vcores with the plan (24 vcores fewer than the plan)."
    );
    assert_eq!(
        cpu_line(CpuCounted::Vcores),
        "Vcores YARN reserves: 9 vcores with yours, 33 vcores with the plan (24 vcores fewer than the plan)."
    );
    assert_eq!(
        cpu_line(CpuCounted::PodRequests),
        "CPU reserved: 9 cores with yours, 33 cores with the plan (24 cores fewer than the plan)."
    );
    // The check sets it from the form: case 1's cluster uses the DominantResourceCalculator;
    // EMR's default cluster the DefaultResourceCalculator.
    let c = check("spark.executor.cores 2\n", &yarn_form());
    assert_eq!(c.compare.pasted.unwrap().cpu_counted, CpuCounted::Vcores);
    let c = check(
        "spark.executor.cores 2\n",
        &Scenario::Emr(EmrInput::default()),
    );
    assert_eq!(
        c.compare.pasted.unwrap().cpu_counted,
        CpuCounted::OneVcorePerContainer
    );
    assert_eq!(
        c.compare.plan.unwrap().cpu_counted,
        CpuCounted::OneVcorePerContainer
    );
}

#[test]
fn use_these_settings_says_what_moves_into_the_form() {
    let on_yarn = check(
        "spark.executor.cores 3\nspark.executor.instances 40\n",
        &yarn_form(),
    );
    assert_eq!(
        words::use_these_settings_note(&on_yarn),
        "Moves your executor cores and Spark settings into the form; on YARN the plan sizes the \
         executor count and heap itself."
    );
    // What YARN's form takes: the cores, not the count.
    let Scenario::Yarn(used) = use_these_settings("spark.executor.cores 3\n", &yarn_form()) else {
        panic!()
    };
    assert_eq!(used.policy.cores_per_executor, 3);
    let with_left_out = check(
        "spark.executor.cores 2\nspark.kubernetes.executor.request.cores 0.5\n",
        &Scenario::Emr(EmrInput::default()),
    );
    assert!(
        words::use_these_settings_note(&with_left_out)
            .ends_with("settings into the form as given; those it cannot hold stay out."),
        "{}",
        words::use_these_settings_note(&with_left_out)
    );
}

#[test]
fn dynamic_allocation_without_a_maximum_says_as_many_as_fit() {
    let c = check(
        "spark.dynamicAllocation.enabled true\nspark.executor.cores 4\nspark.executor.memory 10g\n",
        &yarn_form(),
    );
    let headline = words::check_headline(&c);
    let running = c.compare.pasted.unwrap().executors_running;
    // No spark.executor.instances, minExecutors or initialExecutors: Spark starts max(0, 0, 0).
    assert!(
        headline.starts_with(&format!(
            "Dynamic allocation: Spark starts 0 executors and may grow to as many as fit (no \
             maxExecutors); {running} run here, each with 4 cores"
        )),
        "{headline}"
    );
}

#[test]
fn emr_merged_executors_say_how_many_requests_run_and_as_how_many_executors() {
    // Seed 003: 50 requests of 4 cores and 18971m; EMR merges 5 per node into 9 executors of 20
    // cores (its driver log), so 45 of the 50 requests run and 5 stay pending.
    let json = "[{\"Classification\": \"spark-defaults\", \"Properties\": {\
                \"spark.executor.memory\": \"18971M\", \"spark.executor.cores\": \"4\"}}]";
    let c = check(json, &Scenario::Emr(EmrInput::default()));
    // EMR turns dynamic allocation on without a maxExecutors; the form's 50 executors are
    // spark.executor.instances, so Spark starts max(0, 0, 50) = 50.
    assert_eq!(
        words::check_headline(&c),
        "Dynamic allocation: Spark starts 50 executors and may grow to as many as fit (no \
         maxExecutors); 45 requests, merged by EMR into 9 executors, run here, each with 20 \
         cores and 94\u{202f}854 MiB of heap in a 112\u{202f}640 MiB container: 180 tasks at once."
    );
}

/// A `SparkApplication` without `spec.mode`: the operator's defaulting webhook sets cluster
/// (kubeflow/spark-operator, `api/v1beta2/defaults.go`), so the driver runs in a pod beside the
/// executors. 2 GiB of driver heap at the manifest's factor 0.4: 2 048 + 819 = 2 867 MiB.
#[test]
fn a_manifest_without_a_mode_runs_its_driver_in_a_pod() {
    let manifest = r#"apiVersion: sparkoperator.k8s.io/v1beta2
kind: SparkApplication
spec:
  type: Scala
  sparkConf:
    "spark.kubernetes.memoryOverheadFactor": "0.4"
  driver:
    cores: 1
    memory: 2g
  executor:
    cores: 4
    instances: 2
    memory: 16g
"#;
    let (executor_mib, driver_mib, _) = k8s_pods(manifest);
    // 16 GiB of heap at 0.4: 16 384 + 6 553 (0.4 × 16 384, rounded down) = 22 937 MiB.
    assert_eq!(executor_mib, 22_937);
    assert_eq!(driver_mib, Some(2_867));
    let with_client = manifest.replace("  type: Scala\n", "  type: Scala\n  mode: client\n");
    assert_eq!(k8s_pods(&with_client).1, None);
}

/// EMR merges the requests on each node into one executor: with 21 requests of 4 cores on the
/// default EMR cluster the launched executors differ in size, so the headline gives the
/// largest's cores and heap, not "each".
#[test]
fn emr_executors_of_several_sizes_say_the_largest() {
    let json = "[{\"Classification\": \"spark-defaults\", \"Properties\": {\
                \"spark.executor.instances\": \"21\", \"spark.executor.memory\": \"10g\", \
                \"spark.executor.cores\": \"4\"}}]";
    let c = check(json, &Scenario::Emr(EmrInput::default()));
    let Answer::Emr(p) = &c.answer else {
        panic!("{:?}", c.answer)
    };
    assert!(p.launched.len() > 1, "one size: {:?}", p.launched);
    let largest = p.launched.iter().map(|l| l.cores).max().unwrap();
    assert_eq!(p.launched[0].cores, largest);
    let headline = words::check_headline(&c);
    assert!(
        headline.contains(&format!(", the largest with {largest} cores and ")),
        "{headline}"
    );
    assert!(!headline.contains("each with"), "{headline}");
}

#[test]
fn emr_json_in_lower_case_reads_as_the_capitalised_json() {
    // The EMR console's software settings and EMR Serverless write `classification`,
    // `properties` and `configurations` in lower case; the API's JSON capitalises them.
    let capitalised = "[{\"Classification\": \"spark-defaults\", \"Properties\": \
        {\"spark.executor.memory\": \"18971M\", \"spark.executor.cores\": \"4\"}},\n\
        {\"Classification\": \"spark\", \"Properties\": {\"maximizeResourceAllocation\": \"false\"}}]";
    let lower = capitalised
        .replace("Classification", "classification")
        .replace("Properties", "properties");
    let form = Scenario::Emr(planner::emr::EmrInput::default());
    let (a, b) = (check(capitalised, &form), check(&lower, &form));
    assert_eq!(b.pasted.formats, a.pasted.formats);
    assert_eq!(b.pasted.settings, a.pasted.settings);
    assert_eq!(b.answer, a.answer);
    assert_eq!(
        b.pasted.maximize_resource_allocation.map(|m| m.0),
        Some(false)
    );
    assert_eq!(words::diagnostics(&b), words::diagnostics(&a));
    // A single classification and an object holding `configurations`, in lower case.
    let nested = "{\"configurations\": [{\"classification\": \"spark-defaults\", \
        \"properties\": {\"spark.executor.cores\": \"4\"}}]}";
    let c = check(nested, &form);
    assert_eq!(c.pasted.value("spark.executor.cores").as_deref(), Some("4"));
    assert!(words::diagnostics(&c)
        .iter()
        .all(|d| !d.message.contains("not an EMR configuration")));
}

/// Issue 27 item 9: EMR's Release Guide ("Configure Spark", "Using maximizeResourceAllocation")
/// writes `spark.executor.instances` "unless spark.dynamicAllocation.enabled explicitly set to
/// true at the same time": beside it, dynamic allocation chooses the count (here its
/// maxExecutors, 20), while memory and cores are still maximised.
#[test]
fn maximize_beside_explicit_dynamic_allocation_sets_no_executor_count() {
    let text = r#"[
  {"Classification": "spark", "Properties": {"maximizeResourceAllocation": "true"}},
  {"Classification": "spark-defaults", "Properties": {
    "spark.dynamicAllocation.enabled": "true",
    "spark.dynamicAllocation.maxExecutors": "20"
  }}
]"#;
    let (p, said) = emr_plan_of(text);
    let alone = plan_emr(&EmrInput {
        maximize_resource_allocation: true,
        ..EmrInput::default()
    })
    .unwrap();
    let m = alone.maximized.expect("maximised");
    assert_eq!(m.executor_instances, 9, "one per core node");
    assert_eq!(
        (p.requested, p.request.memory.heap_mib, p.request.cores),
        (20, m.executor_memory_mib, m.executor_cores)
    );
    assert!(
        said.iter().any(|s| s.contains(
            "maximizeResourceAllocation sets no spark.executor.instances (9, one per core node) \
             beside spark.dynamicAllocation.enabled=true"
        )),
        "{said:#?}"
    );
}
