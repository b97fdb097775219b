//! The reports module's check: the view the JS API's `check()` returns and the page's Check
//! section renders (its JSON and its words), for the seeds' settings in each of the four
//! formats, against planning the same settings directly (and the seeds' own numbers, worked by
//! hand in the planner's check tests); secrets never in the link's value nor in the view; a
//! link's settings read back from the text the page puts in the paste box.

use api_reports::check::{
    check_json_text, check_link_text, check_link_value, check_of_link, form_of_link,
};
use planner::check::{check, use_these_settings, words};
use planner::emr::{plan_emr, EmrInput};
use planner::place::{place, ExecutorCount, PlaceInput};
use planner::presets::{k8s_preset, preset};
use planner::scenario::Scenario;
use planner::spark::DeployMode;
use planner::url::scenario_to_query;
use serde_json::Value;

/// Seed 000's case 1 (17 × 5 × 19g) as a spark-submit command.
const CASE1_COMMAND: &str = "spark-submit \\\n  --master yarn --deploy-mode cluster \\\n  \
     --num-executors 17 --executor-cores 5 \\\n  --executor-memory 19g \\\n  app.jar\n";

/// The same as a spark-defaults.conf.
const CASE1_DEFAULTS: &str = "spark.master yarn\nspark.submit.deployMode cluster\n\
     spark.executor.instances 17\nspark.executor.cores 5\nspark.executor.memory 19g\n";

/// Seed 003's settings as EMR's configuration JSON.
const SEED003_JSON: &str = "[\n  {\"Classification\": \"spark-defaults\",\n   \"Properties\": {\
\"spark.executor.memory\": \"18971M\", \"spark.executor.cores\": \"4\"}}\n]";

/// Seed 002 (16 executors of 2 cores and 6g) with half a CPU requested, as a manifest.
const SEED002_MANIFEST: &str = "apiVersion: sparkoperator.k8s.io/v1beta2\n\
kind: SparkApplication\nspec:\n  type: Scala\n  mode: cluster\n  sparkConf:\n    \
spark.kubernetes.executor.request.cores: \"0.5\"\n  driver:\n    cores: 1\n    memory: 1g\n  \
executor:\n    cores: 2\n    instances: 16\n    memory: 6g\n";

fn json(text: &str, link: &str) -> Value {
    serde_json::from_str(&check_json_text(text, link)).expect("the check's JSON parses")
}

/// The query of case 1's cluster (the page's first plan).
fn case1_link() -> String {
    scenario_to_query(&Scenario::Yarn(preset("case1").expect("case1").input))
}

#[test]
fn case1_as_a_command_and_a_defaults_file_gives_what_placing_it_directly_gives() {
    let Scenario::Yarn(mut input) = Scenario::Yarn(preset("case1").expect("case1").input) else {
        unreachable!()
    };
    input.spark.deploy_mode = DeployMode::Cluster;
    let direct = place(&PlaceInput {
        plan: input,
        executor_heap_mib: 19 * 1024,
        executor_cores: 5,
        count: ExecutorCount::Exactly(17),
    })
    .expect("case 1 places");
    for text in [CASE1_COMMAND, CASE1_DEFAULTS] {
        let doc = json(text, &case1_link());
        assert_eq!(doc["status"], "checked");
        let n = &doc["answer"]["numbers"];
        assert_eq!(n["executors_running"], direct.placement.totals.executors);
        assert_eq!(n["executors_running"], 17);
        assert_eq!(n["heap_mib"], 19 * 1024);
        // By hand: 19456 + ⌊0.1 × 19456⌋ = 21401 MiB asked, granted in 1024 MiB steps: 21504.
        assert_eq!(n["container_mib"], 21504);
        assert_eq!(doc["answer"]["containers"][0]["requested_mib"], 21401);
        assert_eq!(n["task_slots"], 85);
        assert_eq!(n["runs"], true);
        // The plan for the same cluster is the same shape: nothing changes.
        assert_eq!(doc["plan"]["numbers"], *n);
        assert_eq!(
            doc["changes"],
            serde_json::json!(["The plan runs the same executors as your settings."])
        );
        // The section's words say the same, the answer first.
        let view = check_of_link(text, &case1_link());
        let c = check(text, &form_of_link(&case1_link()));
        let headline = words::headline(c.compare.pasted.as_ref());
        assert!(headline.starts_with("17 of 17 executors asked for run here, each with 5 cores"));
        assert_eq!(view.headline, headline);
        assert!(
            view.container_lines
                .iter()
                .any(|line| line.contains("YARN grants 21\u{202f}504 MiB and 5 vcores")),
            "{:?}",
            view.container_lines
        );
    }
    assert_eq!(
        json(CASE1_DEFAULTS, "")["formats"],
        serde_json::json!(["spark-defaults"])
    );
    assert_eq!(
        json(CASE1_COMMAND, "")["formats"],
        serde_json::json!(["spark-submit"])
    );
}

#[test]
fn seed003_on_emr_and_seed002_on_kubernetes_give_what_planning_them_gives() {
    // Seed 003: the driver log's 9 executors of 20 cores, 94854m heap in 112640 MiB.
    let emr = json(SEED003_JSON, "v=1&cm=emr");
    let n = &emr["answer"]["numbers"];
    let direct = plan_emr(&EmrInput::default()).expect("EMR's default plans");
    assert_eq!(n["executors_running"], direct.launched_executors);
    assert_eq!(
        (
            &n["executors_running"],
            &n["cores_per_executor"],
            &n["heap_mib"],
            &n["container_mib"]
        ),
        (
            &Value::from(9),
            &Value::from(20),
            &Value::from(94854),
            &Value::from(112640)
        )
    );
    assert_eq!(emr["formats"], serde_json::json!(["emr-configuration"]));
    assert_eq!(emr["plan"]["export"]["format"], "emr-json");

    // Seed 002: 16 executor pods of 2 cores, 0.5 CPU requested each.
    let k8s_link = "v=1&cm=k8s";
    let doc = json(SEED002_MANIFEST, k8s_link);
    let half = k8s_preset("k8s-seed002-half").expect("preset").input;
    let direct = planner::k8s::plan_k8s(&half).expect("seed 002 plans");
    let n = &doc["answer"]["numbers"];
    assert_eq!(n["executors_running"], direct.placed);
    assert_eq!(n["executors_running"], 16);
    assert_eq!(n["cores_per_executor"], 2);
    // Spark writes the request as given (spark.kubernetes.executor.request.cores).
    assert_eq!(doc["answer"]["containers"][0]["cpu_request"], "0.5");
    assert_eq!(doc["plan"]["export"]["format"], "yaml");
    // "Use these settings" is the preset itself.
    assert_eq!(
        doc["use_these_settings"],
        scenario_to_query(&Scenario::Kubernetes(half))
    );
}

#[test]
fn use_these_settings_is_the_planners_and_the_buttons_query() {
    let text = "spark-submit --num-executors 20 --executor-cores 1 --executor-memory 4g app.jar";
    let form = form_of_link("");
    let query = scenario_to_query(&use_these_settings(text, &form));
    assert!(query.contains("cpe=1"), "{query}");
    assert_eq!(json(text, "")["use_these_settings"], query);
    let view = check_of_link(text, "");
    assert_eq!(view.use_these_settings, query);
    assert!(view.use_these_settings_note.is_some());
    // 20 single-core executors against the plan's 17 × 5.
    assert!(
        view.changes.iter().any(|line| line
            == "Tasks at once: 20 with yours, 85 with the plan (65 fewer than the plan)."),
        "{:?}",
        view.changes
    );
    // The plan's configuration is offered to copy.
    assert!(view.plan.and_then(|plan| plan.export).is_some());
}

#[test]
fn secrets_stay_out_of_the_link_and_the_view() {
    let text = "spark.executor.memory 4g\nspark.ssl.keyStorePassword hunter2hunter2\n\
                spark.authenticate.secret s3cr3t-value\n\
                spark-submit --conf spark.hadoop.fs.s3a.secret.key=wJalrXUtnFEMI \\\n  \
                --conf spark.executor.cores=2 app.jar\n";
    let ck = check_link_value(text);
    let doc = check_json_text(text, "");
    for secret in ["hunter2", "s3cr3t", "wJalrXUtnFEMI"] {
        assert!(!ck.contains(secret), "{secret} in {ck}");
        assert!(!doc.contains(secret), "{secret} in the view");
    }
    assert_eq!(ck, "em4g~ec2~atjvm");
    let note = check_of_link(text, "").link.note;
    assert!(
        note.contains(
            "Left out because they look secret: spark.ssl.keyStorePassword, \
         spark.authenticate.secret, spark.hadoop.fs.s3a.secret.key."
        ),
        "{note}"
    );
    let doc: Value = serde_json::from_str(&doc).expect("JSON");
    assert_eq!(doc["link"]["ck"], ck);
    let secret_keys: Vec<&str> = doc["link"]["dropped"]
        .as_array()
        .expect("dropped")
        .iter()
        .filter(|d| d["reason"] == "secret")
        .map(|d| d["key"].as_str().expect("a key"))
        .collect();
    assert_eq!(secret_keys.len(), 3, "{secret_keys:?}");
}

#[test]
fn a_link_gives_back_text_that_checks_the_same() {
    let texts = [
        CASE1_COMMAND,
        CASE1_DEFAULTS,
        SEED003_JSON,
        SEED002_MANIFEST,
        "[{\"Classification\": \"spark\", \"Properties\": {\"maximizeResourceAllocation\": \"true\"}}]",
        "pyspark --executor-memory 3g --conf spark.dynamicAllocation.enabled=true",
        "spark.executor.memory 7g\nspark.executor.memoryOverhead 1g\n",
    ];
    for text in texts {
        let ck = check_link_value(text);
        assert!(!ck.is_empty(), "{text}");
        let back = check_link_text(&ck);
        assert_eq!(check_link_value(&back), ck, "{back}");
        for link in ["", "v=1&cm=k8s", "v=1&cm=emr"] {
            let form = form_of_link(link);
            assert_eq!(
                check(&back, &form).answer,
                check(text, &form).answer,
                "{text} → {ck} → {back}"
            );
        }
    }
}

#[test]
fn nothing_pasted_gives_nothing_to_show() {
    assert_eq!(json("  \n", "")["status"], "nothing-read");
    assert_eq!(check_link_value(""), "");
    let doc = json("# nothing but a comment\n", "");
    assert_eq!(doc["status"], "nothing-read");
    assert!(doc.get("answer").is_none());
}

#[test]
fn a_value_spark_refuses_heads_the_section_and_no_default_stands_in_for_it() {
    let view = check_of_link("spark.executor.memory=-1g\n", &case1_link());
    assert!(
        view.headline
            .starts_with("Spark refuses these settings. Line 1: spark.executor.memory = \"-1g\""),
        "{}",
        view.headline
    );
    // Nothing planned with Spark's default 1g in its place is shown.
    assert!(
        view.container_lines.is_empty(),
        "{:?}",
        view.container_lines
    );
    assert!(view.layout_lines.is_empty(), "{:?}", view.layout_lines);
    assert!(
        !view.changes.iter().any(|line| line.contains("with yours")),
        "{:?}",
        view.changes
    );
    assert!(
        view.changes
            .iter()
            .any(|line| line == "The plan's containers all start; yours do not."),
        "{:?}",
        view.changes
    );
    let doc = json("spark.executor.memory=-1g\n", &case1_link());
    assert_eq!(doc["status"], "not-planned");
    assert!(doc.get("answer").is_none());

    // 19 MiB: Spark's request is shown (it says why), not where executors would run.
    let view = check_of_link("spark-submit --executor-memory 19 app.jar", &case1_link());
    assert!(
        view.headline
            .starts_with("These settings do not run on this cluster. A 19 MiB heap is below Spark"),
        "{}",
        view.headline
    );
    assert!(!view.container_lines.is_empty());
    assert!(view.layout_lines.is_empty(), "{:?}", view.layout_lines);
    assert!(
        !check_json_text("spark-submit --executor-memory 19 app.jar", &case1_link())
            .contains("stays unused")
    );
}

#[test]
fn text_with_no_setting_says_so_first_and_offers_nothing_to_use() {
    let view = check_of_link("hello world <img src=x>\nfoo\n", "");
    assert!(
        view.headline.starts_with(
            "No Spark setting was read from this text: the check reads a spark-submit command"
        ),
        "{}",
        view.headline
    );
    assert_eq!(view.use_these_settings_note, None);
    assert_eq!(view.read_as, None);
    // Something read still offers it.
    assert!(check_of_link("spark.executor.memory 4g\n", "")
        .use_these_settings_note
        .is_some());
}

#[test]
fn a_key_repeated_many_times_gives_one_short_settings_line() {
    let mut text = String::from("spark.executor.memory 4g\n");
    for _ in 0..11_800 {
        text.push_str("spark.foo.bar baz\n");
    }
    let view = check_of_link(&text, "");
    let words: Vec<&str> = view.settings.iter().map(|s| s.words.as_str()).collect();
    assert_eq!(
        words,
        [
            "spark.executor.memory = 4g (line 1)",
            "spark.foo.bar = baz (line 11801, replaces lines 2, 3, 4 and 11\u{202f}796 more)"
        ]
    );
    // The words stay one short line; the data still lists every line replaced.
    assert_eq!(view.settings[1].replaces.len(), 11_799);
}

/// Issue 27, item 12: the answer for a paste of several commands lists each with its own answer
/// (its full answer is the first's; the others are checked on their own, never merged with it),
/// and the JS API's JSON lists them as `parts`.
#[test]
fn several_commands_are_each_checked_and_listed_in_the_answer() {
    let text = "spark-submit --master yarn --conf spark.executor.memoryOverhead=4g \
                --executor-memory 8g --num-executors 4 etl.jar\n\
                spark-submit --master yarn --executor-memory 4g --num-executors 6 '<b>.jar'\n";
    let view = check_of_link(text, &case1_link());
    assert_eq!(
        view.parts_title.as_deref(),
        Some("Each command, checked on its own")
    );
    assert_eq!(view.parts_lines.len(), 2, "{:?}", view.parts_lines);
    assert!(
        view.parts_lines[0]
            .starts_with("Command 1 (line 1, etl.jar) (this answer): 4 of 4 executors"),
        "{:?}",
        view.parts_lines
    );
    // The second's own container: 4096 + 409, granted 5120; its name as written.
    assert!(
        view.parts_lines[1].starts_with("Command 2 (line 2, <b>.jar): 6 of 6 executors asked for run here, each with 1 core and 4096 MiB of heap in a 5120 MiB container"),
        "{:?}",
        view.parts_lines
    );
    let doc = json(text, &case1_link());
    let parts = doc["parts"].as_array().expect("parts");
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[1]["name"], "<b>.jar");
    assert_eq!(parts[1]["first_line"], 2);
    assert_eq!(doc["settings"].as_array().map(Vec::len), Some(4));
}
