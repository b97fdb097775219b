//! Pasted settings that were lost or misread (issue 27, items 11 to 22): each case as a user
//! pastes it, what Spark, bash or the Spark operator does with it, and the check saying so.
//! Sources are cited beside each rule; the Kubernetes driver pod and the client-mode AM are
//! checked against the oracle vectors of `data/spark-oracle-extra.json` (Spark 3.5.9, 4.0.5).

use planner::check::{check, read, words, Answer, Check, Format};
use planner::presets::k8s_preset;
use planner::scenario::{ClusterManager, Scenario};
use planner::warning::Severity;

fn yarn() -> Scenario {
    Scenario::default_for(ClusterManager::Yarn)
}

fn k8s() -> Scenario {
    Scenario::Kubernetes(k8s_preset("k8s-seed002").expect("preset").input)
}

fn emr() -> Scenario {
    Scenario::default_for(ClusterManager::Emr)
}

/// Every message of the check, most severe first.
fn said(c: &Check) -> Vec<String> {
    words::diagnostics(c)
        .into_iter()
        .map(|w| w.message)
        .collect()
}

fn errors(c: &Check) -> Vec<String> {
    words::diagnostics(c)
        .into_iter()
        .filter(|w| w.severity == Severity::Error)
        .map(|w| w.message)
        .collect()
}

fn value(c: &Check, key: &str) -> Option<String> {
    c.pasted.value(key)
}

/// The YARN executor container the answer requests, in MiB.
fn yarn_executor_request(c: &Check) -> u64 {
    let Answer::Yarn(p) = &c.answer else {
        panic!("{:?}", c.answer)
    };
    p.placement.executor.request.memory_mib
}

/// An expected value of the extra oracle vector `id` for both Spark versions (they agree).
fn oracle(id: &str, field: &str) -> serde_json::Value {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/spark-oracle-extra.json");
    let text = std::fs::read_to_string(&path).expect("the extra vectors");
    let vectors: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let found: Vec<&serde_json::Value> = vectors
        .as_array()
        .expect("a list")
        .iter()
        .filter(|v| v["id"] == id)
        .map(|v| &v["expect"][field])
        .collect();
    assert_eq!(found.len(), 2, "{id}: one vector per Spark version");
    assert_eq!(found[0], found[1], "{id} {field}: 3.5 and 4.0 agree");
    found[0].clone()
}

const CONTINUED: &str = "spark-submit --master yarn \\\n  --num-executors 10 \\\n  \
                         --executor-memory 8g \\\n  app.jar\n";

#[test]
fn item_11_windows_line_endings_keep_every_line_of_a_continued_command() {
    let crlf = CONTINUED.replace('\n', "\r\n");
    let c = check(&crlf, &yarn());
    assert_eq!(value(&c, "spark.executor.instances").as_deref(), Some("10"));
    assert_eq!(value(&c, "spark.executor.memory").as_deref(), Some("8g"));
    assert_eq!(c.answer.executors_running(), Some(10));
    // Same answer as the same command with Unix line endings...
    assert_eq!(c.answer, check(CONTINUED, &yarn()).answer);
    // ...and it says bash on Linux would not run it so (a CR after `\` escapes the CR, and the
    // line break then ends the command).
    assert!(
        said(&c)
            .iter()
            .any(|m| m.starts_with("Line 1: ") && m.contains("Windows line endings")),
        "{:#?}",
        said(&c)
    );
}

#[test]
fn item_12_each_command_of_a_paste_is_read_on_its_own() {
    let text = "spark-submit --master yarn --conf spark.executor.memoryOverhead=4g \
                --executor-memory 8g --num-executors 4 etl.jar\n\
                spark-submit --master yarn --executor-memory 4g --num-executors 6 report.jar\n";
    let first = check(text, &yarn());
    assert_eq!(
        value(&first, "spark.executor.instances").as_deref(),
        Some("4")
    );
    // 8192 + 4096: the first command's own overhead.
    assert_eq!(yarn_executor_request(&first), 12_288);
    // The second command does not inherit the first one's overhead: 4096 + max(0.1 × 4096,
    // 384) = 4096 + 409.
    let second = planner::check::check_part(text, &yarn(), 1);
    assert_eq!(value(&second, "spark.executor.memoryOverhead"), None);
    assert_eq!(yarn_executor_request(&second), 4_505);
    assert_eq!(second.answer.executors_running(), Some(6));
    // Every part listed, each checked on its own, with its lines and application.
    let parts = &first.pasted.parts;
    assert_eq!(parts.len(), 2);
    assert_eq!(
        (parts[1].first_line, parts[1].name.as_str()),
        (2, "report.jar")
    );
    let lines = words::parts_lines(&first);
    assert_eq!(lines.len(), 2, "{lines:#?}");
    assert!(lines[0].starts_with("Command 1 (line 1, etl.jar) (this answer): 4 of 4"));
    assert!(lines[1].starts_with("Command 2 (line 2, report.jar): 6 of 6"));
    assert!(said(&first)
        .iter()
        .any(|m| m.contains("holds 2 spark-submit commands")));
}

/// One row of item 13: the paste, the line the message names, words it holds, and the keys
/// whose value spark-submit really gets (`None`: not set).
struct Lost {
    text: &'static str,
    line: u32,
    says: &'static [&'static str],
    gets: &'static [(&'static str, Option<&'static str>)],
}

const LOST: &[Lost] = &[
    // A comment inside a continuation ends the command (bash: a word starting with # begins a
    // comment to the end of the line, and the line break then ends the command).
    Lost {
        text: "spark-submit \\\n  --master yarn \\\n  # memory\n  --executor-memory 8g \\\n  \
               --num-executors 4 \\\n  app.jar\n",
        line: 3,
        says: &[
            "comment",
            "lines 4–6 (2 options)",
            "Must specify a primary resource",
        ],
        gets: &[
            ("spark.master", Some("yarn")),
            ("spark.executor.memory", None),
        ],
    },
    // A missing `\`: the line break ends the command.
    Lost {
        text: "spark-submit --master yarn \\\n  --executor-memory 8g\n  --num-executors 4 \\\n  \
               app.jar\n",
        line: 2,
        says: &["does not end in \\", "lines 3–4 (1 option)"],
        gets: &[
            ("spark.executor.memory", Some("8g")),
            ("spark.executor.instances", None),
        ],
    },
    // `/` typed for `\`: spark-submit takes `/` as the application.
    Lost {
        text: "spark-submit --master yarn /\n  --executor-memory 8g /\n  app.jar\n",
        line: 1,
        says: &["ends in /", "takes / as the application"],
        gets: &[("spark.executor.memory", None)],
    },
    // An em dash from a word processor is no option: it is the application.
    Lost {
        text: "spark-submit \\\n  \u{2014}master yarn \\\n  --executor-memory 8g \\\n  app.jar\n",
        line: 2,
        says: &[
            "an em dash (—)",
            "takes —master as the application",
            "Type --master.",
        ],
        gets: &[("spark.executor.memory", None), ("spark.master", None)],
    },
    Lost {
        text: "spark-submit --master yarn \u{2013}\u{2013}executor-memory 8g app.jar\n",
        line: 1,
        says: &["an en dash (–)", "Type --executor-memory."],
        gets: &[("spark.executor.memory", None)],
    },
    // Curly quotes are part of the word: `--name “nightly etl”` gives a name of `“nightly` and
    // an application `etl”`.
    Lost {
        text: "spark-submit --master yarn --name \u{201c}nightly etl\u{201d} \
               --executor-memory 8g app.jar\n",
        line: 1,
        says: &["curly quote (”)", "takes etl” as the application"],
        gets: &[("spark.executor.memory", None)],
    },
    // `key= value`: the space ends the value.
    Lost {
        text: "spark-submit --master yarn --conf spark.executor.memory= 8g \
               --num-executors 4 app.jar\n",
        line: 1,
        says: &[
            "the space after spark.executor.memory=",
            "Write spark.executor.memory=8g.",
        ],
        gets: &[("spark.executor.instances", None)],
    },
];

#[test]
fn item_13_options_spark_submit_never_sees_are_named_with_where_the_command_ends() {
    for case in LOST {
        let c = check(case.text, &yarn());
        let errors = errors(&c);
        let prefix = format!("Line {}: ", case.line);
        let first = errors
            .iter()
            .find(|m| m.starts_with(&prefix))
            .unwrap_or_else(|| {
                panic!(
                    "{:?}: no error at line {}: {errors:#?}",
                    case.text, case.line
                )
            });
        for words in case.says {
            assert!(
                first.contains(words),
                "{:?}: {first:?} lacks {words:?}",
                case.text
            );
        }
        for (key, expected) in case.gets {
            assert_eq!(
                value(&c, key).as_deref(),
                *expected,
                "{:?}: {key}",
                case.text
            );
        }
        // No confident answer for a command spark-submit would not run as written.
        assert!(words::stop(&c).is_some(), "{:?}", case.text);
        assert!(
            words::check_headline(&c).contains(first.as_str()),
            "{:?}: the headline names it",
            case.text
        );
    }
}

#[test]
fn item_13_options_after_a_real_application_go_to_it_and_it_is_said() {
    let c = check(
        "spark-submit --master yarn --executor-memory 19g job.jar --input s3://in \
         --executor-memory 1g\n",
        &yarn(),
    );
    assert_eq!(value(&c, "spark.executor.memory").as_deref(), Some("19g"));
    assert!(said(&c).iter().any(|m| m.contains(
        "passes everything after the application job.jar to it: --executor-memory is the \
         application's arguments"
    )));
    // A warning: the command runs.
    assert!(words::stop(&c).is_none(), "{:#?}", said(&c));
}

#[test]
fn item_13_a_command_with_no_application_is_refused_as_spark_submit_refuses_it() {
    // SparkSubmitArguments.validateSubmitArguments (3.5, 4.0): "Must specify a primary
    // resource (JAR or Python or R file)".
    let c = check(
        "spark-submit --master yarn --executor-memory 8g --num-executors 4\n",
        &yarn(),
    );
    assert!(errors(&c).iter().any(|m| m.starts_with("Line 1: ")
        && m.contains("\"Must specify a primary resource (JAR or Python or R file)\"")));
    // A placeholder as documents write it (and the page's own export) is the application.
    let c = check(
        "spark-submit --master yarn --num-executors 3 <your-app>\n",
        &yarn(),
    );
    assert!(errors(&c).is_empty(), "{:#?}", errors(&c));
    // The shells need none, spark-submit's other actions (--version, --kill, --status) none
    // either, and options pasted without the program are not a command to run.
    for text in [
        "pyspark --executor-memory 8g\n",
        "spark-submit --version\n",
        "spark-submit --master yarn --kill application_1_0001\n",
        "--executor-memory 8g --num-executors 4\n",
    ] {
        let e = errors(&check(text, &yarn()));
        assert!(
            !e.iter().any(|m| m.contains("primary resource")),
            "{text}: {e:#?}"
        );
    }
}

#[test]
fn item_13_spark_2s_yarn_cluster_master_is_refused_as_spark_3_and_4_refuse_it() {
    // SparkSubmit.prepareSubmitEnvironment: `case "yarn" => YARN`, masters starting with spark,
    // k8s or local (and mesos in 3.5), else "Master must either be yarn or start with spark,
    // k8s, or local" (4.0; 3.5 names mesos too).
    let text = "spark-submit --master yarn-cluster --executor-memory 8g app.jar\n";
    let c = check(text, &yarn());
    let e = errors(&c);
    assert!(
        e.iter().any(|m| m
            .contains("\"Master must either be yarn or start with spark, k8s, or local\"")
            && m.contains("--master yarn --deploy-mode cluster")),
        "{e:#?}"
    );
    let Scenario::Yarn(mut spark35) = yarn() else {
        unreachable!()
    };
    spark35.spark.version = planner::spark::SparkVersion::V3_5;
    let c = check(text, &Scenario::Yarn(spark35));
    assert!(errors(&c)
        .iter()
        .any(|m| m.contains("start with spark, mesos, k8s, or local")));
}

#[test]
fn item_14_the_driver_pods_overhead_is_the_one_pasted() {
    // 8 of 22 real manifests set driver.memoryOverhead: Spark's BasicDriverFeatureStep adds it
    // to the driver's heap (oracle: 22g + 4g = 26624Mi).
    let manifest = "apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\n\
                    metadata:\n  name: etl\nspec:\n  type: Scala\n  mode: cluster\n  driver:\n    \
                    cores: 1\n    memory: \"22g\"\n    memoryOverhead: \"4g\"\n  executor:\n    \
                    instances: 2\n    cores: 2\n    memory: \"8g\"\n";
    let c = check(manifest, &k8s());
    let Answer::Kubernetes(p) = &c.answer else {
        panic!("{:?}", c.answer)
    };
    let driver = p.driver.expect("a driver pod");
    let expected = oracle(
        "k8s-x-java-cluster driver.memoryOverhead=4g driver22g exec8g",
        "k8s_driver_memory_request",
    );
    assert_eq!(expected, "26624Mi");
    assert_eq!(format!("{}Mi", driver.memory_mib()), expected);
    assert!(!said(&c)
        .iter()
        .any(|m| m.contains("not part of this check")));
    // A pasted driver factor: 4096 + (0.3 × 4096).toLong = 5324 (oracle), not 4505.
    let conf = "spark.master k8s://https://k8s:6443\nspark.submit.deployMode cluster\n\
                spark.executor.memory 8g\nspark.driver.memory 4g\n\
                spark.driver.memoryOverheadFactor 0.3\n";
    let c = check(conf, &k8s());
    let Answer::Kubernetes(p) = &c.answer else {
        panic!("{:?}", c.answer)
    };
    let expected = oracle(
        "k8s-x-java-cluster driver.memoryOverheadFactor=0.3 driver4g exec8g",
        "k8s_driver_memory_request",
    );
    assert_eq!(
        format!("{}Mi", p.driver.expect("driver").memory_mib()),
        expected
    );
    assert_eq!(expected, "5324Mi");
}

#[test]
fn item_14_the_client_mode_am_takes_spark_yarn_am_memory_overhead() {
    // yarn.Client: the client-mode AM's overhead is spark.yarn.am.memoryOverhead when set
    // (oracle: 2048 + 1024 = 3072 MiB).
    let text = "spark-submit --master yarn --deploy-mode client --executor-memory 8g \
                --executor-cores 4 --conf spark.yarn.am.memory=2g \
                --conf spark.yarn.am.memoryOverhead=1g app.jar\n";
    let c = check(text, &yarn());
    let Answer::Yarn(p) = &c.answer else {
        panic!("{:?}", c.answer)
    };
    let expected = oracle(
        "yarn-client am.memory=2g am.memoryOverhead=1g",
        "yarn_am_container_mib",
    );
    assert_eq!(
        serde_json::json!(p.placement.am.request.memory_mib),
        expected
    );
    assert_eq!(p.placement.am.overhead_mib, 1024);
    // "Use these settings" keeps it, and the plan's exports write it back.
    let form = planner::check::use_these_settings(text, &yarn());
    let Scenario::Yarn(input) = &form else {
        unreachable!()
    };
    assert_eq!(input.spark.am_overhead_mib, Some(1024));
    let outcome = planner::scenario::plan(&form);
    let conf = planner::report::render(&form, &outcome, planner::report::Format::Conf);
    assert!(conf.contains("spark.yarn.am.memoryOverhead"), "{conf}");
}

#[test]
fn item_15_a_byte_order_mark_is_stripped_or_named() {
    // JSON may start with one (RFC 8259 lets parsers ignore it), as YAML may.
    let json = "\u{feff}[{\"Classification\": \"spark-defaults\", \"Properties\": \
                {\"spark.executor.memory\": \"4g\"}}]";
    let c = check(json, &emr());
    assert_eq!(c.pasted.formats, [Format::EmrConfiguration]);
    assert_eq!(value(&c, "spark.executor.memory").as_deref(), Some("4g"));
    // Before spark-submit: read without it, and said (bash would not find the program).
    let c = check(
        "\u{feff}spark-submit --executor-memory 4g app.jar\n",
        &yarn(),
    );
    assert_eq!(value(&c, "spark.executor.memory").as_deref(), Some("4g"));
    assert!(said(&c).iter().any(|m| m.contains("byte-order mark")));
    // A defaults file: Java's Properties keeps it in the first key, so Spark ignores that
    // setting (Utils.getPropertiesFromFile reads UTF-8 and does not strip it): named.
    let c = check("\u{feff}spark.executor.memory 4g\n", &yarn());
    assert!(said(&c).iter().any(|m| m.starts_with("Line 1: ")
        && m.contains("byte-order mark")
        && m.contains("<U+FEFF>spark.executor.memory")));
}

const ANCHORED: &str = "apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\n\
    metadata:\n  name: etl\nspec:\n  type: Scala\n  driver: &pod\n    cores: 2\n    \
    memory: \"6g\"\n  executor:\n    <<: *pod\n    memory: \"8g\"\n    instances: 4\n";

#[test]
fn item_16_yaml_anchors_and_merge_keys_are_resolved() {
    let c = check(ANCHORED, &k8s());
    // The merged key, and the executor's own memory over the merged one.
    assert_eq!(value(&c, "spark.executor.cores").as_deref(), Some("2"));
    assert_eq!(value(&c, "spark.executor.memory").as_deref(), Some("8g"));
    assert_eq!(value(&c, "spark.driver.memory").as_deref(), Some("6g"));
    assert_eq!(c.answer.executors_running(), Some(4));
}

#[test]
fn item_16_every_sparkapplication_of_a_multi_document_file_is_read() {
    let second = "apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\n\
                  metadata:\n  name: report\nspec:\n  type: Python\n  executor:\n    \
                  instances: 3\n    memory: \"4g\"\n";
    let text = format!(
        "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: spark\n---\n{ANCHORED}---\n{second}"
    );
    let c = check(&text, &k8s());
    let names: Vec<&str> = c.pasted.parts.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["etl", "report"]);
    assert_eq!(value(&c, "spark.executor.instances").as_deref(), Some("4"));
    let other = planner::check::check_part(&text, &k8s(), 1);
    assert_eq!(
        value(&other, "spark.executor.instances").as_deref(),
        Some("3")
    );
    assert_eq!(
        value(&other, "spark.executor.memory").as_deref(),
        Some("4g")
    );
    assert!(said(&c).iter().any(|m| m.contains("a ServiceAccount")));
}

#[test]
fn item_16_json_manifests_and_emr_job_runs_are_read() {
    let manifest = r#"{"apiVersion": "sparkoperator.k8s.io/v1beta2", "kind": "SparkApplication",
      "metadata": {"name": "pi"}, "spec": {"type": "Scala", "mode": "cluster",
      "executor": {"cores": 2, "instances": 3, "memory": "6g"}}}"#;
    let c = check(manifest, &k8s());
    assert_eq!(c.pasted.formats, [Format::SparkApplication]);
    assert_eq!(c.answer.executors_running(), Some(3));
    // EMR on EKS' StartJobRun request: sparkSubmitParameters are spark-submit's options, above
    // the spark-defaults classification of applicationConfiguration.
    let job = r#"{"name": "etl", "releaseLabel": "emr-7.1.0-latest",
      "jobDriver": {"sparkSubmitJobDriver": {"entryPoint": "s3://bucket/etl.py",
        "sparkSubmitParameters": "--conf spark.executor.instances=5 --conf spark.executor.memory=8G --conf spark.executor.cores=4"}},
      "configurationOverrides": {"applicationConfiguration": [{"classification": "spark-defaults",
        "properties": {"spark.executor.memory": "2G", "spark.driver.memory": "3g"}}]}}"#;
    let c = check(job, &k8s());
    assert_eq!(c.pasted.formats, [Format::EmrOnEksJob]);
    assert_eq!(value(&c, "spark.executor.memory").as_deref(), Some("8G"));
    assert_eq!(value(&c, "spark.driver.memory").as_deref(), Some("3g"));
    assert_eq!(c.answer.executors_running(), Some(5));
    assert_eq!(
        c.pasted.app_type.map(|(t, _)| t),
        Some(planner::spark::AppType::Python)
    );
    // On YARN, the hint to check it on Kubernetes, where its executors are pods.
    let on_yarn = check(job, &yarn());
    assert!(said(&on_yarn)
        .iter()
        .any(|m| m.contains("switch the form to Kubernetes")));
}

#[test]
fn item_16_files_of_another_kind_are_named_not_read_as_settings() {
    let cases = [
        (
            "image:\n  repository: kubeflow/spark-operator\n  tag: 2.0.2\ncontroller:\n  \
             replicas: 1\nwebhook:\n  enable: true\n",
            "Helm chart's values",
        ),
        (
            "resource \"aws_emr_cluster\" \"c\" {\n  name = \"x\"\n  release_label = \
             \"emr-7.1.0\"\n}\n",
            "Terraform",
        ),
        (
            "aws emr add-steps --cluster-id j-2AXXXXXXGAPLF --steps \
             Type=Spark,Name=pi,Args=[--class,Pi,s3://b/pi.jar]\n",
            "aws emr add-steps",
        ),
        (
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  \
             replicas: 2\n",
            "a Deployment, not a SparkApplication",
        ),
        (
            "import os\nprint(1)\nx = 2\ndef f():\n  pass\n",
            "None of these",
        ),
    ];
    for (text, named) in cases {
        let c = check(text, &yarn());
        let all = said(&c);
        assert!(all.iter().any(|m| m.contains(named)), "{text}: {all:#?}");
        assert!(
            !all.iter()
                .any(|m| m.contains("is not a setting the check reads")),
            "{text}: {all:#?}"
        );
        assert!(c.pasted.settings.is_empty(), "{text}");
    }
}

#[test]
fn item_17_the_operator_starts_one_executor_when_the_manifest_sets_none() {
    // kubeflow/spark-operator api/v1beta2/defaults.go, setExecutorSpecDefaults: instances 1
    // when neither spec.executor.instances nor sparkConf's spark.executor.instances is set and
    // dynamic allocation is off.
    let manifest = "apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\n\
                    metadata:\n  name: pi\nspec:\n  type: Scala\n  executor:\n    \
                    cores: 2\n    memory: \"4g\"\n";
    let c = check(manifest, &k8s());
    assert_eq!(value(&c, "spark.executor.instances").as_deref(), Some("1"));
    assert_eq!(c.answer.executors_running(), Some(1));
    assert!(said(&c)
        .iter()
        .any(|m| m.contains("Spark operator's defaults give 1")));
    // With dynamic allocation on, the operator sets no count.
    let dynamic =
        format!("{manifest}  dynamicAllocation:\n    enabled: true\n    maxExecutors: 5\n");
    assert_eq!(
        value(&check(&dynamic, &k8s()), "spark.executor.instances"),
        None
    );
}

#[test]
fn item_18_settings_spark_ignores_are_said() {
    let text = "spark.master k8s://https://k8s:6443\nspark.executor.memory 4g\n\
                spark.kubernetes.executor.shiny yes\nspark.storage.memoryFraction 0.4\n\
                spark.shuffle.memoryFraction 0.3\nspark.kubernetes.driver.label.team data\n";
    let all = said(&check(text, &k8s()));
    let at = |line: u32, words: &str| {
        all.iter()
            .any(|m| m.starts_with(&format!("Line {line}: ")) && m.contains(words))
    };
    assert!(
        at(3, "has no setting spark.kubernetes.executor.shiny"),
        "{all:#?}"
    );
    assert!(at(4, "legacy memory manager"), "{all:#?}");
    assert!(at(5, "legacy memory manager"), "{all:#?}");
    // A label (Config.scala's KUBERNETES_DRIVER_LABEL_PREFIX) is a real setting.
    assert!(!all.iter().any(|m| m.starts_with("Line 6: ")), "{all:#?}");
}

#[test]
fn item_18_the_manifests_spark_version_is_used() {
    let manifest = |version: &str| {
        format!(
            "apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\nmetadata:\n  \
             name: pi\nspec:\n  type: Scala\n  sparkVersion: \"{version}\"\n  executor:\n    \
             instances: 2\n    memory: \"4g\"\n"
        )
    };
    // The form plans Spark 4.0; a 3.1 manifest is checked with 3.5's rules (384 MiB minimum,
    // no minMemoryOverhead key), and says so.
    let c = check(&manifest("3.1.1"), &k8s());
    let Scenario::Kubernetes(input) = &c.applied.scenario else {
        unreachable!()
    };
    assert_eq!(input.spark.version, planner::spark::SparkVersion::V3_5);
    assert!(said(&c).iter().any(|m| m.contains("sparkVersion 3.1.1")));
}

#[test]
fn item_19_names_classes_paths_prefixes_uuids_and_kerberos_are_not_hidden() {
    use planner::check::keys::shown_value;
    let shown = [
        (
            "spark.serializer",
            "org.apache.spark.serializer.KryoSerializer",
        ),
        (
            "spark.sql.extensions",
            "io.delta.sql.DeltaSparkSessionExtension2",
        ),
        ("spark.jars", "/opt/spark/jars/spark-avro_2.12-3.5.1.jar"),
        (
            "spark.yarn.keytab",
            "/etc/security/keytabs/etl2024.service.keytab",
        ),
        (
            "spark.kubernetes.executor.podNamePrefix",
            "etl-5a6b0c3f8e1d4b7a9c2e",
        ),
        ("spark.app.id", "123e4567-e89b-12d3-a456-426614174000"),
        ("spark.hadoop.hadoop.security.authentication", "KERBEROS"),
        ("spark.authenticate", "true"),
        (
            "spark.hadoop.fs.s3a.aws.credentials.provider",
            "com.amazonaws.auth.DefaultAWSCredentialsProviderChain",
        ),
    ];
    for (key, value) in shown {
        assert_eq!(shown_value(key, value.to_string()), value, "{key}");
    }
    let hidden = [
        (
            "spark.hadoop.fs.s3a.secret.key",
            "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        ),
        ("spark.hadoop.fs.s3a.access.key", "AKIAIOSFODNN7EXAMPLE"),
        ("spark.ssl.keyStorePassword", "hunter2"),
        (
            "spark.app.token.x",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc",
        ),
        (
            "spark.some.setting",
            "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
        ),
        (
            "spark.kafka.sasl.jaas.config",
            "PlainLoginModule required username=\"u\" password=\"p\";",
        ),
    ];
    for (key, value) in hidden {
        assert_eq!(shown_value(key, value.to_string()), "(hidden)", "{key}");
    }
}

#[test]
fn item_20_a_no_break_space_is_part_of_its_word_as_bash_reads_it() {
    // bash splits words at spaces, tabs and line breaks only (its IFS and metacharacters):
    // `--name nightly<U+00A0>etl` is one name, and the options after it are read.
    let c = check(
        "spark-submit --master yarn --name nightly\u{a0}etl --executor-memory 8g app.jar\n",
        &yarn(),
    );
    assert_eq!(
        value(&c, "spark.app.name").as_deref(),
        Some("nightly\u{a0}etl")
    );
    assert_eq!(value(&c, "spark.executor.memory").as_deref(), Some("8g"));
    // Where it joins an option and its value, spark-submit refuses the word, and the space is
    // named.
    let c = check("spark-submit --executor-memory\u{a0}8g app.jar\n", &yarn());
    assert!(errors(&c)
        .iter()
        .any(|m| m.contains("no-break space (U+00A0)") && m.contains("Unrecognized option")));
}

#[test]
fn item_20_emrs_start_count_comes_from_the_file_when_it_sets_dynamic_allocation() {
    // With dynamic allocation on, Spark starts max(minExecutors, initialExecutors,
    // spark.executor.instances) (Utils.getDynamicAllocationInitialExecutors); a file that sets
    // it and no instances starts 2, not the form's 50.
    let json = r#"[{"Classification": "spark-defaults", "Properties": {
        "spark.dynamicAllocation.enabled": "true", "spark.dynamicAllocation.minExecutors": "2",
        "spark.dynamicAllocation.maxExecutors": "20", "spark.executor.memory": "4g"}}]"#;
    let c = check(json, &emr());
    assert_eq!(c.allocation.expect("planned").initial, 2);
    assert!(words::check_headline(&c).contains("Spark starts 2 executors"));
}

#[test]
fn item_22_a_heap_in_java_options_is_refused_with_sparks_words() {
    // SparkConf.validateSettings (3.5, 4.0): -Xmx in spark.executor.extraJavaOptions.
    let c = check(
        "spark-submit --master yarn --num-executors 10 --conf \
         \"spark.executor.extraJavaOptions=-Xmx4g -XX:+UseG1GC\" app.jar\n",
        &yarn(),
    );
    assert!(errors(&c).iter().any(|m| m.contains(
        "\"spark.executor.extraJavaOptions is not allowed to specify max heap memory settings \
         (was '-Xmx4g -XX:+UseG1GC'). Use spark.executor.memory instead.\""
    )));
    assert!(!words::check_headline(&c).contains("10 of 10 executors run"));
    // SparkSubmitCommandBuilder.checkJavaOptions: the driver's, in any deploy mode.
    let c = check(
        "spark.driver.extraJavaOptions -XX:+UseG1GC -Xmx2g\n",
        &yarn(),
    );
    assert!(errors(&c).iter().any(|m| m.contains(
        "Not allowed to specify max heap(Xmx) memory settings through java options (was \
         -XX:+UseG1GC -Xmx2g)"
    )));
    // A larger initial heap is fine.
    assert!(errors(&check("spark.driver.extraJavaOptions -Xms2g\n", &yarn())).is_empty());
}

#[test]
fn reading_twice_gives_the_same_settings() {
    for text in [CONTINUED, ANCHORED, LOST[0].text, LOST[3].text] {
        assert_eq!(read(text), read(text));
    }
}
