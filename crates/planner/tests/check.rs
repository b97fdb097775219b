//! The check of a pasted configuration: each of the four formats read from realistic samples
//! (the seeds' settings among them) gives the same answer as planning the same settings
//! directly; malformed inputs name their line; secrets never reach a link; no text panics.

use planner::check::link::{self, DropReason};
use planner::check::{check, read, use_these_settings, words, Answer, Format, Stage};
use planner::emr::{plan_emr, EmrInput};
use planner::k8s::plan_k8s;
use planner::place::{place, ExecutorCount, PlaceInput};
use planner::presets::{k8s_preset, preset};
use planner::scenario::{ClusterManager, Scenario};
use planner::spark::DeployMode;
use proptest::prelude::*;

fn case1() -> Scenario {
    Scenario::Yarn(preset("case1").expect("case1").input)
}

/// Seed 000's case 1 as a command: 17 executors of 5 cores and 19g on 6 × 16 cores × 64 GB.
const CASE1_COMMAND: &str = "spark-submit \\\n  --master yarn \\\n  --deploy-mode cluster \\\n  \
     --num-executors 17 \\\n  --executor-cores 5 \\\n  --executor-memory 19g \\\n  \
     --class com.example.Job \\\n  job.jar --input s3://bucket/in --executor-memory 1g\n";

#[test]
fn case1_command_places_17_executors_as_planning_them_directly() {
    let c = check(CASE1_COMMAND, &case1());
    assert_eq!(c.pasted.formats, [Format::SubmitCommand]);
    let Answer::Yarn(p) = &c.answer else {
        panic!("{:?}", c.answer)
    };
    // By hand: heap 19456 MiB + max(⌊0.1 × 19456⌋, 384) = 1945 → 21401 MiB, granted 21504
    // (1024 MiB steps); 63 GiB of YARN memory per node hold 3, node 1 holds 2 beside the
    // 2048 MiB AM (1024 + 384 rounded up): 2 + 5 × 3 = 17.
    assert_eq!(p.placement.executor.request.memory_mib, 21401);
    assert_eq!(p.placement.executor.granted.memory_mib, 21504);
    assert_eq!(p.placement.am.granted.memory_mib, 2048);
    assert_eq!(p.placement.totals.executors, 17);
    // The same settings planned directly.
    let Scenario::Yarn(form) = case1() else {
        unreachable!()
    };
    let mut direct_input = form.clone();
    direct_input.spark.deploy_mode = DeployMode::Cluster;
    let direct = place(&PlaceInput {
        plan: direct_input,
        executor_heap_mib: 19 * 1024,
        executor_cores: 5,
        count: ExecutorCount::Exactly(17),
    })
    .unwrap();
    assert_eq!(**p, direct);
    // The application's own arguments (--executor-memory 1g after job.jar) are not read.
    assert_eq!(
        c.pasted.value("spark.executor.memory").as_deref(),
        Some("19g")
    );
    // The plan for the same cluster is the rule of thumb's 17 × 5 × 19g, Spark-exact's here.
    let plan = c.compare.plan.unwrap();
    assert_eq!(plan.executors_running, 17);
    assert_eq!(c.compare.pasted.unwrap().executors_running, 17);
}

#[test]
fn case1_as_a_defaults_file_and_as_yarn_json_match_the_command() {
    let defaults = "# spark-defaults.conf\nspark.master                yarn\n\
                    spark.submit.deployMode     cluster\nspark.executor.instances=17\n\
                    spark.executor.cores: 5\nspark.executor.memory       19g\n";
    let from_file = check(defaults, &case1());
    let from_command = check(CASE1_COMMAND, &case1());
    assert_eq!(from_file.pasted.formats, [Format::DefaultsFile]);
    assert_eq!(from_file.answer, from_command.answer);
    assert!(words::diagnostics(&from_file)
        .iter()
        .all(|d| d.severity != planner::Severity::Error));
}

#[test]
fn submit_flags_win_over_the_defaults_file_and_say_so() {
    let text = "spark.executor.memory 8g\nspark.executor.cores 4\n\
                spark-submit --conf spark.executor.memory=12g --executor-memory 19g app.jar\n";
    let pasted = read(text);
    assert_eq!(
        pasted.formats,
        [Format::DefaultsFile, Format::SubmitCommand]
    );
    let effective = pasted.effective();
    let memory = effective
        .iter()
        .find(|e| e.key == "spark.executor.memory")
        .unwrap();
    assert_eq!(memory.value, "19g");
    assert_eq!(
        (memory.origin.format, memory.origin.line),
        (Format::SubmitCommand, 3)
    );
    assert_eq!(memory.overridden.len(), 2);
    let said = words::won_words(memory).unwrap();
    assert_eq!(
        said,
        "spark.executor.memory = 19g (line 3, spark-submit command) replaces \
         lines 1 and 3 (spark-defaults.conf, spark-submit command)"
    );
    let stages: Vec<Stage> = pasted.settings.iter().map(|s| s.stage).collect();
    assert!(stages.contains(&Stage::Defaults) && stages.contains(&Stage::Flag));
}

/// Seed 003's cluster settings, as EMR's configuration JSON.
const SEED003_JSON: &str = r#"[
  {
    "Classification": "spark-defaults",
    "Properties": {
      "spark.executor.memory": "18971M",
      "spark.executor.cores": "4",
      "spark.yarn.executor.memoryOverheadFactor": "0.1875"
    }
  },
  {
    "Classification": "spark",
    "Properties": {"maximizeResourceAllocation": "false"}
  },
  {
    "Classification": "yarn-site",
    "Properties": {"yarn.nodemanager.resource.memory-mb": "122880"}
  }
]"#;

#[test]
fn seed003_on_emr_merges_into_9_executors_as_the_driver_log_says() {
    let form = Scenario::Emr(EmrInput {
        executor_memory_mib: 4096,
        executor_cores: 2,
        ..EmrInput::default()
    });
    let c = check(SEED003_JSON, &form);
    assert_eq!(c.pasted.formats, [Format::EmrConfiguration]);
    assert_eq!(
        c.pasted.maximize_resource_allocation.map(|m| m.0),
        Some(false)
    );
    let Answer::Emr(p) = &c.answer else {
        panic!("{:?}", c.answer)
    };
    // The seed's driver log: 22528 MiB requests, executors of 112640 MiB, 94854m heap + 17786m
    // overhead and 20 cores, 9 of them.
    assert_eq!(p.request.granted.memory_mib, 22528);
    assert_eq!(p.launched_executors, 9);
    let l = &p.launched[0];
    assert_eq!(
        (l.memory_mib, l.heap_mib, l.overhead_mib, l.cores),
        (112640, 94854, 17786, 20)
    );
    assert_eq!(**p, plan_emr(&EmrInput::default()).unwrap());
    // The EMR-only key is not flagged on EMR; the yarn-site classification is named.
    let d = words::diagnostics(&c);
    assert!(d.iter().any(|d| d
        .message
        .starts_with("Line 15: the yarn-site classification")));
    assert!(!d
        .iter()
        .any(|d| d.message.contains("read only by Amazon EMR")));
    // The same settings on YARN: the EMR-only key is named.
    let on_yarn = check(SEED003_JSON, &case1());
    assert!(words::diagnostics(&on_yarn)
        .iter()
        .any(|d| d.message.starts_with(
            "Line 7: spark.yarn.executor.memoryOverheadFactor is read only by Amazon EMR"
        )));
}

#[test]
fn a_pyspark_shell_runs_in_client_mode_as_seed003s_did() {
    let form = Scenario::Emr(EmrInput {
        deploy_mode: DeployMode::Cluster,
        ..EmrInput::default()
    });
    let c = check("pyspark --executor-memory 18971M --executor-cores 4", &form);
    let Scenario::Emr(applied) = &c.applied.scenario else {
        panic!()
    };
    assert_eq!(applied.deploy_mode, DeployMode::Client);
    assert_eq!(
        c.pasted.app_type.map(|a| a.0),
        Some(planner::spark::AppType::Python)
    );
    assert_eq!(c.answer.executors_running(), Some(9));
}

/// Seed 002 with half a CPU requested, as a Spark-operator manifest.
const SEED002_MANIFEST: &str = r#"apiVersion: "sparkoperator.k8s.io/v1beta2"
kind: SparkApplication
metadata:
  name: fractional-cores
  namespace: spark-jobs
spec:
  type: Scala
  mode: cluster
  image: "apache/spark:4.0.0"
  mainClass: com.example.HBaseRead
  mainApplicationFile: "local:///opt/app/job.jar"
  sparkVersion: "4.0.0"
  sparkConf:
    "spark.kubernetes.executor.request.cores": "0.5"
    "spark.hadoop.fs.s3a.secret.key": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
  driver:
    cores: 1
    memory: "1g"
    serviceAccount: spark
  executor:
    cores: 2
    instances: 16
    memory: "6g"
"#;

#[test]
fn seed002_manifest_requests_a_quarter_of_the_cpus_as_the_preset() {
    let form = Scenario::Kubernetes(k8s_preset("k8s-seed002").unwrap().input);
    let c = check(SEED002_MANIFEST, &form);
    assert_eq!(c.pasted.formats, [Format::SparkApplication]);
    let Answer::Kubernetes(p) = &c.answer else {
        panic!("{:?}", c.answer)
    };
    // By hand: 16 × 0.5 CPU + the driver pod's 1 = 9 CPUs; pods of 6144 + 614 = 6758 MiB.
    assert_eq!(p.totals.cpu_requested_millis, 9000);
    assert_eq!(p.executor_memory_mib(), 6758);
    assert_eq!(p.placed, 16);
    let half = k8s_preset("k8s-seed002-half").unwrap().input;
    assert_eq!(**p, plan_k8s(&half).unwrap());
    // The plan beside it asks for the full 2 CPUs per executor: 33 CPUs.
    let Some(planner::Outcome::Kubernetes(plan)) = Some(&c.plan) else {
        panic!()
    };
    assert_eq!(plan.totals.cpu_requested_millis, 33_000);
}

#[test]
fn the_manifests_fields_win_over_its_spark_conf() {
    let text = "kind: SparkApplication\nspec:\n  sparkConf:\n    spark.executor.memory: 2g\n  \
                executor:\n    memory: 3g\n";
    let pasted = read(text);
    let e = pasted.effective();
    let memory = e.iter().find(|e| e.key == "spark.executor.memory").unwrap();
    assert_eq!((memory.value.as_str(), memory.origin.line), ("3g", 6));
}

#[test]
fn use_these_settings_loads_the_pasted_settings_into_the_form() {
    let form = Scenario::Kubernetes(k8s_preset("k8s-seed002").unwrap().input);
    let used = use_these_settings(SEED002_MANIFEST, &form);
    assert_eq!(
        used,
        Scenario::Kubernetes(k8s_preset("k8s-seed002-half").unwrap().input)
    );
    let Scenario::Yarn(yarn) = use_these_settings(CASE1_COMMAND, &case1()) else {
        panic!()
    };
    assert_eq!(yarn.policy.cores_per_executor, 5);
    assert_eq!(yarn.spark.deploy_mode, DeployMode::Cluster);
}

#[test]
fn an_executor_above_the_maximum_allocation_is_refused_in_sparks_words() {
    // YARN's out-of-the-box maximum allocation is 8192 MiB: 8g + 819 MiB is above it.
    let Scenario::Yarn(mut form) = case1() else {
        unreachable!()
    };
    form.scheduler.maximum_allocation = planner::MaximumAllocation::YARN_DEFAULT;
    let c = check(
        "spark-submit --master yarn --executor-memory 8g app.jar",
        &Scenario::Yarn(form),
    );
    let d = words::diagnostics(&c);
    // apache/spark resource-managers/yarn/.../Client.scala, verifyClusterResources.
    let spark_words = "Required executor memory (8192 MB), offHeap memory (0) MB, overhead (819 \
                       MB), and PySpark memory (0 MB) is above the max threshold (8192 MB) of this \
                       cluster! Please check the values of 'yarn.scheduler.maximum-allocation-mb' \
                       and/or 'yarn.nodemanager.resource.memory-mb'.";
    assert!(
        d.iter().any(|w| w.severity == planner::Severity::Error
            && w.message.replace('\u{202f}', "").contains(spark_words)),
        "{d:#?}"
    );
    assert!(!c.compare.pasted.unwrap().runs);
}

fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n') => out.push('\n'),
                Some('r') => out.push('\r'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => out.push('\\'),
            },
            (c, false) => out.push(c),
        }
    }
    out
}

#[test]
fn malformed_inputs_name_their_line_and_never_panic() {
    let table = include_str!("data/check_malformed.tsv");
    let mut rows = 0;
    for row in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = row.splitn(4, '\t').collect();
        let [name, line, expected, text] = cols[..] else {
            panic!("bad row {row}")
        };
        let text = unescape(text);
        let forms = [
            case1(),
            Scenario::default_for(ClusterManager::Kubernetes),
            Scenario::default_for(ClusterManager::Emr),
        ];
        for form in &forms {
            let c = check(&text, form);
            let d = words::diagnostics(&c);
            // "-": a message about the text as a whole, naming no line.
            let prefix = format!("Line {line}: ");
            let at_line = |m: &str| match line {
                "-" => !m.starts_with("Line "),
                _ => m.starts_with(&prefix),
            };
            assert!(
                d.iter()
                    .any(|w| at_line(&w.message) && w.message.contains(expected)),
                "{name}: no message \"{prefix}…{expected}…\" in {:#?}",
                d.iter().map(|w| &w.message).collect::<Vec<_>>()
            );
        }
        rows += 1;
    }
    assert!(rows >= 30, "only {rows} rows");
}

#[test]
fn secrets_never_reach_the_link() {
    let text = "spark.executor.memory 4g\nspark.ssl.keyStorePassword hunter2hunter2\n\
                spark.authenticate.secret s3cr3t-value\n\
                spark.hadoop.fs.s3a.access.key AKIAIOSFODNN7EXAMPLE\n\
                spark.kubernetes.authenticate.submission.oauthToken eyJhbGciOiJIUzI1NiJ9.e30.x\n\
                spark.executor.cores 0123456789abcdefABCDEF\n\
                spark-submit --conf spark.driver.memory=2g --conf spark.app.name=nightly app.jar\n";
    let pasted = read(text);
    let encoded = link::encode(&pasted);
    for secret in ["hunter2", "s3cr3t", "AKIA", "eyJhbG", "0123456789abcdef"] {
        assert!(
            !encoded.value.contains(secret),
            "{secret} in {}",
            encoded.value
        );
    }
    // In the order of the text.
    assert_eq!(encoded.value, "em4g~dm2g~atjvm");
    let dropped: Vec<(&str, DropReason)> = encoded
        .dropped
        .iter()
        .map(|d| (d.key.as_str(), d.reason))
        .collect();
    assert_eq!(
        dropped,
        [
            ("spark.ssl.keyStorePassword", DropReason::Secret),
            ("spark.authenticate.secret", DropReason::Secret),
            ("spark.hadoop.fs.s3a.access.key", DropReason::Secret),
            (
                "spark.kubernetes.authenticate.submission.oauthToken",
                DropReason::Secret
            ),
            ("spark.executor.cores", DropReason::Secret),
            ("spark.app.name", DropReason::NotNeeded),
        ]
    );
}

#[test]
fn a_link_checks_the_same_as_the_pasted_text() {
    for (text, form) in [
        (CASE1_COMMAND, case1()),
        (
            SEED002_MANIFEST,
            Scenario::Kubernetes(k8s_preset("k8s-seed002").unwrap().input),
        ),
        (SEED003_JSON, Scenario::default_for(ClusterManager::Emr)),
    ] {
        let pasted = read(text);
        let value = link::encode(&pasted).value;
        let back = link::decode(&value);
        assert_eq!(back.formats, [Format::Link]);
        let from_link = planner::check::check_pasted(back, &form);
        assert_eq!(from_link.answer, check(text, &form).answer, "{value}");
    }
    let odd = link::decode("em19g~zz1~ec~em19 g");
    assert_eq!(odd.findings.len(), 3);
}

#[test]
fn compare_with_the_plan_says_what_changes() {
    // 20 executors of 1 core and 4g on case 1's cluster, against the plan's 17 × 5 × 19g.
    let c = check(
        "spark-submit --num-executors 20 --executor-memory 4g app.jar",
        &case1(),
    );
    let changes = words::changes(c.compare.pasted.as_ref(), c.compare.plan.as_ref());
    assert!(
        changes
            .iter()
            .any(|l| l.starts_with("Executors running: 20 with yours, 17 with the plan")),
        "{changes:?}"
    );
    assert!(
        changes.iter().any(|l| l.starts_with(
            "Tasks at once: 20 with yours, 85 with the plan (65 fewer than the plan)"
        )),
        "{changes:?}"
    );
    let headline = words::headline(c.compare.pasted.as_ref());
    assert!(
        headline.starts_with("20 of 20 executors asked for run here, each with 1 core"),
        "{headline}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,300}") {
        for m in ClusterManager::ALL {
            let c = check(&text, &Scenario::default_for(m));
            let _ = words::diagnostics(&c);
            let _ = link::decode(&link::encode(&c.pasted).value);
        }
    }

    #[test]
    fn configuration_like_text_never_panics(parts in proptest::collection::vec(prop_oneof![
        Just("spark-submit".to_string()), Just("--conf".to_string()), Just("\\\n".to_string()),
        Just("--executor-memory".to_string()), Just("spark.executor.memory".to_string()),
        Just("=".to_string()), Just(":".to_string()), Just("\n".to_string()), Just("'".to_string()),
        Just("\"".to_string()), Just("[".to_string()), Just("{".to_string()), Just("]".to_string()),
        Just("}".to_string()), Just("kind: SparkApplication\n".to_string()), Just("  ".to_string()),
        Just("- ".to_string()), Just("\\u00".to_string()), Just("#".to_string()),
        "[a-z0-9.]{1,12}".prop_map(|s| s),
    ], 0..60)) {
        let text = parts.concat();
        for m in ClusterManager::ALL {
            let c = check(&text, &Scenario::default_for(m));
            let _ = words::diagnostics(&c);
        }
    }

    #[test]
    fn secret_keys_never_reach_the_link(
        word in prop_oneof![Just("password"), Just("secret"), Just("token"), Just("credentials"), Just("Password"), Just("SECRET")],
        prefix in "[a-z]{1,8}", value in "[A-Za-z0-9]{1,20}",
    ) {
        let key = format!("spark.{prefix}.{word}");
        let text = format!("{key} {value}\nspark.executor.memory 4g\n");
        let encoded = link::encode(&read(&text));
        prop_assert!(!encoded.value.contains(&value) || value == "4g" || "em4g".contains(&value));
        prop_assert!(encoded.dropped.iter().any(|d| d.key == key && d.reason == DropReason::Secret));
    }
}

#[test]
fn the_text_report_gives_the_answer_then_the_working() {
    let text = "spark.executor.memroy 4g\nspark.yarn.executor.memoryOverhead 2g\n\
                spark-submit \\\n  --master yarn --deploy-mode cluster \\\n  \
                --num-executors 17 --executor-cores 5 \\\n  --executor-memory 19g \\\n  app.jar\n";
    let c = check(text, &case1());
    // Worked by hand: the deprecated key still sets the overhead: 19456 + 2048 = 21504 MiB,
    // already a multiple of 1024; node 1 holds the 2048 MiB AM and 2 executors of the 64512
    // MiB (63 GiB) YARN has: 19456 MiB stay unused; the other nodes hold 3 (0 unused).
    let want = "\
Check on YARN: spark-defaults.conf and spark-submit command
17 of 17 executors asked for run here, each with 5 cores and 19\u{202f}456 MiB of heap in a 21\u{202f}504 MiB container: 85 tasks at once.

Settings:
  spark.executor.memroy = 4g  (line 1, spark-defaults.conf)
  spark.yarn.executor.memoryOverhead = 2g  (line 2, spark-defaults.conf)
  spark.master = yarn  (line 4, spark-submit command)
  spark.submit.deployMode = cluster  (line 4, spark-submit command)
  spark.executor.instances = 17  (line 5, spark-submit command)
  spark.executor.cores = 5  (line 5, spark-submit command)
  spark.executor.memory = 19g  (line 6, spark-submit command)

Containers:
  Executor: Spark requests 21\u{202f}504 MiB (heap 19\u{202f}456 + overhead 2048) and 5 vcores; YARN grants 21\u{202f}504 MiB and 5 vcores.
  ApplicationMaster (cluster mode): Spark requests 1408 MiB (heap 1024 + overhead 384) and 1 vcore; YARN grants 2048 MiB and 1 vcore.

Where executors run:
  Node 1: 2 executors and the ApplicationMaster, 19\u{202f}456 MiB unused.
  Nodes 2–6, each: 3 executors, 0 MiB unused.

Compared with the plan:
  The plan: 17 of 17 executors asked for run here, each with 5 cores and 19\u{202f}456 MiB of heap in a 21\u{202f}504 MiB container: 85 tasks at once.
  The plan runs the same executors as your settings.

Findings:
  [warning] Line 1: Spark does not know spark.executor.memroy: did you mean spark.executor.memory? Spark ignores keys it does not know, so this setting has no effect.
  [warning] Line 2: spark.yarn.executor.memoryOverhead is deprecated since Spark 2.3: use spark.executor.memoryOverhead (Spark reads the old key only when the new one is not set).
";
    assert_eq!(planner::report::check::text(&c), want);
    let md = planner::report::check::markdown(&c);
    assert!(md.starts_with("## Check on YARN: spark-defaults.conf and spark-submit command\n"));
    assert!(md.contains("| `spark.executor.memory` | `19g` | line 6, spark-submit command |\n"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// One source of Spark math: the containers the check places are the ones
    /// `spark::resources` computes from the same settings.
    #[test]
    fn the_checks_containers_are_sparks(
        heap_mib in 512u64..40_000, cores in 1u32..8, factor_pct in prop::option::of(6u32..40),
        explicit in prop::option::of(384u64..4096), cluster in any::<bool>(),
        driver_mib in 512u64..8192, am_mib in 512u64..4096,
    ) {
        let mut text = format!(
            "spark.executor.memory {heap_mib}m\nspark.executor.cores {cores}\n\
             spark.driver.memory {driver_mib}m\nspark.yarn.am.memory {am_mib}m\n\
             spark.submit.deployMode {}\n",
            if cluster { "cluster" } else { "client" }
        );
        if let Some(f) = factor_pct {
            text.push_str(&format!("spark.executor.memoryOverheadFactor 0.{f:02}\n"));
        }
        if let Some(m) = explicit {
            text.push_str(&format!("spark.executor.memoryOverhead {m}m\n"));
        }
        let c = check(&text, &case1());
        let Answer::Yarn(p) = &c.answer else { panic!("{:?}", c.answer) };
        let conf: planner::spark::SparkConf =
            c.pasted.effective().into_iter().map(|e| (e.key, e.value)).collect();
        let query = planner::spark::ResourceQuery {
            conf,
            deploy_mode: if cluster { DeployMode::Cluster } else { DeployMode::Client },
            ..planner::spark::ResourceQuery::default()
        };
        let r = planner::spark::resources(&query).unwrap();
        let yarn = r.yarn.unwrap();
        prop_assert_eq!(p.placement.executor.request, yarn.executor_request);
        prop_assert_eq!(p.placement.am.request, yarn.am.request);
    }
}

/// The sections of the text report, by their headings.
fn report_sections(c: &planner::check::Check) -> String {
    planner::report::check::text(c)
}

#[test]
fn a_value_spark_refuses_leads_the_answer_and_no_default_stands_in_for_it() {
    // -1g: spark-submit's validateSubmitArguments refuses it; the numbers the check planned
    // with Spark's default 1g in its place are not what would run, so none is given.
    let c = check("spark.executor.memory=-1g\n", &case1());
    let headline = words::check_headline(&c);
    assert!(
        headline
            .starts_with("Spark refuses these settings. Line 1: spark.executor.memory = \"-1g\""),
        "{headline}"
    );
    assert!(
        headline.ends_with("spark-submit stops: \"Executor memory must be a positive number\"."),
        "{headline}"
    );
    let report = report_sections(&c);
    assert!(!report.contains("Containers:"), "{report}");
    assert!(!report.contains("Where executors run:"), "{report}");
    // The only "run here" is the plan's own headline.
    assert_eq!(report.matches("run here").count(), 1, "{report}");
    assert!(report.contains("The plan's containers all start; yours do not."));
    assert!(words::check_changes(&c)
        .iter()
        .all(|l| !l.contains("with yours")));
    // No warning about waste computed from the substituted default.
    assert!(
        words::diagnostics(&c)
            .iter()
            .all(|w| w.severity == planner::Severity::Error),
        "{:#?}",
        words::diagnostics(&c)
    );
}

#[test]
fn executors_that_fail_to_start_lead_the_answer_with_sparks_reason() {
    // --executor-memory 19 is 19 MiB (spark-submit reads a bare number as MiB): below Spark's
    // 450 MiB minimum (UnifiedMemoryManager: 1.5 × 300 MiB reserved), executors fail to start.
    let c = check("spark-submit --executor-memory 19 app.jar", &case1());
    let headline = words::check_headline(&c);
    assert_eq!(
        headline,
        "These settings do not run on this cluster. A 19 MiB heap is below Spark's minimum of \
         450 MiB (1.5 × the 300 MiB it reserves): executors fail to start."
    );
    let report = report_sections(&c);
    assert!(!report.contains("Where executors run:"), "{report}");
    assert!(
        !report.contains("executors asked for run here, each with 1 core"),
        "{report}"
    );
    // Spark's request stays: it shows the 19 MiB heap.
    assert!(report.contains("Executor: Spark requests 403 MiB (heap 19 + overhead 384)"));
    assert!(words::diagnostics(&c)
        .iter()
        .all(|w| w.severity == planner::Severity::Error));
    // Settings that run still give their numbers as the answer.
    let runs = check(CASE1_COMMAND, &case1());
    assert!(words::check_headline(&runs).starts_with("17 of 17 executors asked for run here"));
}

#[test]
fn text_with_no_setting_says_so_first() {
    let c = check("hello world <img src=x>\nfoo\n", &case1());
    assert_eq!(
        words::check_headline(&c),
        "No Spark setting was read from this text: the check reads a spark-submit command, a \
         spark-defaults.conf, an EMR configuration (JSON) or a SparkApplication manifest (YAML)."
    );
    assert!(planner::report::check::text(&c).starts_with("Check on YARN: nothing read\n"));
    assert!(words::check_changes(&c).is_empty());
}

#[test]
fn a_key_repeated_many_times_names_a_few_replaced_lines_and_counts_the_rest() {
    assert_eq!(words::replaced_lines(&[2]), "line 2");
    assert_eq!(words::replaced_lines(&[2, 3]), "lines 2 and 3");
    assert_eq!(words::replaced_lines(&[2, 3, 4]), "lines 2, 3 and 4");
    assert_eq!(words::replaced_lines(&[2, 3, 4, 9]), "lines 2, 3, 4 and 9");
    assert_eq!(
        words::replaced_lines(&[2, 3, 4, 9, 10]),
        "lines 2, 3, 4 and 2 more"
    );
    let mut text = String::from("spark.executor.memory 4g\n");
    for _ in 0..11_800 {
        text.push_str("spark.foo.bar baz\n");
    }
    let pasted = read(&text);
    let repeated = pasted
        .effective()
        .into_iter()
        .find(|e| e.key == "spark.foo.bar")
        .unwrap();
    assert_eq!(repeated.overridden.len(), 11_799);
    // Lines 2 … 11 800 replaced: three named, 11 796 counted.
    assert_eq!(
        words::won_words(&repeated).unwrap(),
        "spark.foo.bar = baz (line 11801, spark-defaults.conf) replaces lines 2, 3, 4 and \
         11\u{202f}796 more (spark-defaults.conf)"
    );
    let report = planner::report::check::text(&check(&text, &case1()));
    assert!(
        report.lines().all(|l| l.len() < 300),
        "a line of the report is too long"
    );
}

#[test]
fn a_refused_value_message_ends_each_sentence() {
    let c = check("spark.executor.memory <img src=x>\n", &case1());
    let d = words::diagnostics(&c);
    let message = &d[0].message;
    assert!(
        message.starts_with("Line 1: spark.executor.memory = \"<img src=x>\": Size must be"),
        "{message}"
    );
    // JavaUtils.byteStringAs's words, then a full stop before spark-submit's own.
    assert!(
        message.ends_with(
            "Failed to parse byte string: <img src=x>. spark-submit stops: \"Executor memory \
             must be a positive number\"."
        ),
        "{message}"
    );
}

/// A service account's name is a Kubernetes object's name, not a credential: the check's
/// report shows it as written and the link leaves it out as not needed, not as a secret; the
/// S3 secret key beside it stays hidden.
#[test]
fn a_service_account_name_is_not_hidden() {
    let form = Scenario::Kubernetes(k8s_preset("k8s-seed002").unwrap().input);
    let pasted = "spark-submit --master k8s://https://k8s.example:443 --deploy-mode cluster \
                  --conf spark.kubernetes.authenticate.driver.serviceAccountName=spark-jobs \
                  --conf spark.hadoop.fs.s3a.secret.key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY \
                  --conf spark.executor.instances=4 app.jar";
    let c = check(pasted, &form);
    let text = planner::report::check::text(&c);
    let line = |key: &str| {
        text.lines()
            .find(|l| l.contains(key))
            .unwrap_or_else(|| panic!("{key} listed:\n{text}"))
            .to_string()
    };
    let account = line("serviceAccountName");
    assert!(account.contains("= spark-jobs"), "{account}");
    assert!(line("spark.hadoop.fs.s3a.secret.key").contains("(hidden)"));
    let encoded = link::encode(&read(pasted));
    let reason = |key: &str| {
        encoded
            .dropped
            .iter()
            .find(|d| d.key == key)
            .map(|d| d.reason)
    };
    assert_eq!(
        reason("spark.kubernetes.authenticate.driver.serviceAccountName"),
        Some(DropReason::NotNeeded)
    );
    assert_eq!(
        reason("spark.hadoop.fs.s3a.secret.key"),
        Some(DropReason::Secret)
    );
}
