//! The report module's renderings: Markdown against hand-written golden text for the classic
//! YARN example, a Kubernetes and an EMR preset, checked to be valid GitHub Markdown; the
//! entry point for every format and manager.

use planner::catalog::{self, ClusterManager, FieldId};
use planner::k8s::K8sInput;
use planner::presets::{emr_preset, k8s_preset, preset};
use planner::report::{markdown, render, Format};
use planner::scenario::{plan, Outcome, Scenario};
use planner::{Code, Severity, Warning};

fn markdown_of(scenario: &Scenario) -> String {
    let md = render(scenario, &plan(scenario), Format::Markdown);
    assert_valid_github_markdown(&md);
    md
}

fn classic() -> Scenario {
    Scenario::Yarn(preset("case1").expect("case1").input)
}

fn kubernetes() -> Scenario {
    Scenario::Kubernetes(k8s_preset("k8s-seed002").expect("k8s").input)
}

fn emr() -> Scenario {
    Scenario::Emr(emr_preset("emr-seed003").expect("emr").input)
}

/// `text` holds `part` (with the whole document in the failure message).
fn assert_holds(text: &str, part: &str) {
    assert!(text.contains(part), "missing:\n{part}\n--- in:\n{text}");
}

/// The cells of a table row, split at the `|` that are not escaped.
fn cells(row: &str) -> Vec<String> {
    let inner = row
        .trim()
        .strip_prefix('|')
        .and_then(|r| r.strip_suffix('|'))
        .unwrap_or_else(|| panic!("a table row starts and ends with |: {row}"));
    let mut out = vec![String::new()];
    let mut escaped = false;
    for c in inner.chars() {
        match c {
            '|' if !escaped => out.push(String::new()),
            _ => out.last_mut().expect("a cell").push(c),
        }
        escaped = c == '\\' && !escaped;
    }
    out
}

/// GitHub's rules that matter here: fenced blocks are closed; a table starts after a blank
/// line, its second row separates the header (`---` or `---:` per column), and every row has
/// as many cells as the header (an unescaped `|` in a cell would add one).
fn assert_valid_github_markdown(md: &str) {
    let lines: Vec<&str> = md.lines().collect();
    let mut fence: Option<&str> = None;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(open) = fence {
            if line == open {
                fence = None;
            }
        } else if line.starts_with("```") {
            fence = Some(&line[..line.chars().take_while(|c| *c == '`').count()]);
        } else if line.starts_with('|') {
            assert!(
                i > 0 && lines[i - 1].is_empty(),
                "table without a blank line before: {line}"
            );
            let header = cells(line).len();
            let separator = cells(lines.get(i + 1).copied().unwrap_or_default());
            assert!(
                separator.iter().all(|c| matches!(c.trim(), "---" | "---:")),
                "no header separator under: {line}"
            );
            assert_eq!(separator.len(), header, "separator of: {line}");
            i += 2;
            while i < lines.len() && lines[i].starts_with('|') {
                assert_eq!(cells(lines[i]).len(), header, "cells of: {}", lines[i]);
                i += 1;
            }
            continue;
        }
        i += 1;
    }
    assert_eq!(fence, None, "an unclosed code block");
    assert!(
        md.ends_with('\n') && !md.ends_with("\n\n"),
        "ends with one line break"
    );
}

#[test]
fn the_classic_example_in_markdown() {
    let md = markdown_of(&classic());
    assert!(md.starts_with(
        "# YARN: 17 executors × 5 cores × 19g\n\
         \n\
         Spark-exact method: 17 executors placed, 85 tasks at once. The other method gives 17 \
         executors × 5 cores × 19g.\n\
         \n\
         ## Containers\n"
    ));
    assert_holds(
        &md,
        "| Container | Count | Heap (MiB) | Overhead (MiB) | Off-heap (MiB) | PySpark (MiB) | Requested (MiB) | Granted (MiB) | YARN vcores |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n\
         | Executor | 17 | 19456 | 1945 | 0 | 0 | 21401 | 21504 | 5 |\n\
         | ApplicationMaster | 1 | 1024 | 384 | 0 | 0 | 1408 | 2048 | 1 |\n",
    );
    assert_holds(
        &md,
        "### Nodes 2–6 (5 nodes)\n\
         \n\
         | Block | Vcores | Memory (MiB) | Parts (MiB) |\n\
         | --- | ---: | ---: | --- |\n\
         | OS and daemons | 1 | 1024 |  |\n\
         | Executor | 5 | 21504 | heap 19456 + overhead 1945 + rounding 103 |\n",
    );
    assert_holds(
        &md,
        "**Inside one executor:** reserved 300.0 MiB, user 7662.4 MiB, storage 5746.8 MiB, \
         execution 5746.8 MiB; each task gets 574.7 to 1149.4 MiB of execution memory.\n",
    );
    assert_holds(
        &md,
        // Working steps are prose: numbers of 10 000 and above in thin-space groups.
        "3. **Memory budget per container**: 64\u{202f}512 MiB ÷ 3 = 21\u{202f}504 MiB\n",
    );
    assert_holds(&md, "## Warnings\n\nNone.\n");
    assert_holds(
        &md,
        "### spark-submit\n\
         \n\
         ```sh\n\
         spark-submit \\\n  --master yarn \\\n  --deploy-mode cluster \\\n  --num-executors 17 \\\n",
    );
    assert_holds(
        &md,
        "```properties\nspark.submit.deployMode cluster\nspark.executor.instances 17\n",
    );
}

#[test]
fn a_kubernetes_preset_in_markdown() {
    let md = markdown_of(&kubernetes());
    assert!(md.starts_with(
        "# Kubernetes: 16 executors × 2 cores × 6g\n\
         \n\
         7 executor pods fit on a node, 56 on the cluster; 32 tasks at once.\n"
    ));
    assert_holds(
        &md,
        "| Executor pod | 16 | 6144 | 614 | 0 | 0 | 6758Mi | 2 | none |\n\
         | Driver pod | 1 | 1024 | 384 | 0 | 0 | 1408Mi | 1 | none |\n",
    );
    assert_holds(
        &md,
        "| Executor pod | 2000 | 6758 | heap 6144 + overhead 614 |\n",
    );
    assert_holds(
        &md,
        "```yaml\napiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\n",
    );
    assert_holds(
        &md,
        "  sparkVersion: \"4.0\"\n  driver:\n    cores: 1\n    coreRequest: \"1\"\n    memory: \"1g\"\n",
    );
    assert_holds(&md, "  --master k8s://https://<api-server> \\\n");
}

#[test]
fn the_kubernetes_pods_table_reads_the_drivers_parts_from_the_plan() {
    let Scenario::Kubernetes(input) = kubernetes() else {
        unreachable!("a Kubernetes preset")
    };
    let mut p = planner::k8s::plan_k8s(&input).expect("the preset plans");
    // spark.driver.memory 1g and Spark's minimum overhead of 384 MiB, as the plan holds them.
    let driver = p.driver.expect("cluster mode has a driver pod");
    assert_eq!((driver.heap_mib, driver.overhead_mib), (1024, 384));
    assert_eq!(p.driver_memory_mib(), 1408);
    // The table says what the plan holds, not what the pod formula would say again.
    p.driver = Some(planner::k8s::DriverPodPlan {
        heap_mib: 2000,
        overhead_mib: 500,
        ..driver
    });
    let scenario = Scenario::Kubernetes(input);
    let v = planner::view::build(
        &scenario,
        &planner::scenario::Outcome::Kubernetes(Box::new(p)),
    );
    let table = planner::report::summary::kubernetes_pods(v.selected().expect("a plan"));
    let row = &table.rows[1];
    assert_eq!(row[..6], ["Driver pod", "1", "2000", "500", "0", "0"]);
    assert_eq!(row[6], "2500Mi");
}

#[test]
fn an_emr_preset_in_markdown() {
    let md = markdown_of(&emr());
    assert!(md.starts_with(
        "# Amazon EMR: 9 executors × 20 cores × 94854m run; asked: 50 executors × 4 cores × 18971m\n\
         \n\
         EMR launches 9 executors covering 45 of the 50 requests; 5 pending.\n"
    ));
    assert_holds(
        &md,
        "| Executor as requested | 50 | 18971 | 3557 | 22528 | 4 | 1 |\n\
         | Executor launched (5 merged) | 9 | 94854 | 17786 | 112640 | 20 | 5 |\n",
    );
    assert_holds(
        &md,
        "- **warning** `fewer-executors-fit`: The cluster holds 9 executors covering 45 of the 50 requests",
    );
    assert_holds(
        &md,
        "```text\nINFO YarnAllocator: Will request up to 50 executor container(s), each with <memory:22528,",
    );
    assert_holds(
        &md,
        "```json\n[\n  {\n    \"Classification\": \"spark-defaults\",\n",
    );
}

#[test]
fn an_invalid_input_names_its_fields_in_markdown() {
    let mut input = K8sInput::default();
    input.nodes.nodes = 0;
    let md = markdown_of(&Scenario::Kubernetes(input));
    let key = catalog::key(ClusterManager::Kubernetes, FieldId::Nodes);
    assert_eq!(
        md,
        format!(
            "# Kubernetes: nothing to plan\n\
             \n\
             The input has 1 problem to fix first.\n\
             \n\
             ## Problems\n\
             \n\
             - **error** `invalid-value` (field `{key}`): Nodes is 0; allowed: 1 to 100\u{202f}000\n"
        )
    );
}

#[test]
fn nothing_fits_is_the_headline() {
    let Scenario::Yarn(mut input) = classic() else {
        unreachable!()
    };
    input.scheduler.maximum_allocation = planner::MaximumAllocation::YARN_DEFAULT;
    input.cluster.cores_per_node = 2;
    input.policy.cores_per_executor = 1;
    input.cluster.memory_per_node_gib = 1.5;
    let scenario = Scenario::Yarn(input);
    let outcome = plan(&scenario);
    let Outcome::Yarn(c) = outcome else {
        panic!("{outcome:?}")
    };
    assert_eq!(c.selected_plan().placement.totals.executors, 0);
    let md = markdown_of(&scenario);
    assert!(md.starts_with("# YARN: no executor fits\n\n"), "{md}");
}

#[test]
fn markdown_escapes_what_it_would_read_as_markup() {
    assert_eq!(markdown::escape("a | b"), "a \\| b");
    assert_eq!(
        markdown::escape("*x* _y_ <z> `q`"),
        "\\*x\\* \\_y\\_ \\<z\\> \\`q\\`"
    );
    let w = Warning::new(Code::InvalidValue, Severity::Error, "1 | 2\nthree");
    let v = planner::view::build(
        &Scenario::default(),
        &planner::scenario::Outcome::Invalid(vec![w]),
    );
    let md = markdown::invalid(&v);
    assert_holds(&md, "- **error** `invalid-value`: 1 \\| 2 three\n");
}

#[test]
fn every_format_renders_every_preset() {
    for m in ClusterManager::ALL {
        for p in planner::scenario::presets(m) {
            let outcome = plan(&p.input);
            for format in [Format::Text, Format::Markdown, Format::Json] {
                let out = render(&p.input, &outcome, format);
                assert!(!out.is_empty(), "{} {format:?}", p.id);
            }
            let json = render(&p.input, &outcome, Format::Json);
            let doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
            assert_eq!(doc["manager"], m.as_str(), "{}", p.id);
            assert_valid_github_markdown(&render(&p.input, &outcome, Format::Markdown));
        }
    }
}

#[test]
fn an_outcome_of_another_manager_is_not_rendered_as_a_plan() {
    let outcome = plan(&classic());
    let text = render(&kubernetes(), &outcome, Format::Text);
    assert_eq!(
        text,
        "invalid Kubernetes input:\n  [error] invalid-value: The outcome was planned for another \
         cluster manager than the scenario's.\n"
    );
}

mod json {
    use super::*;
    use planner::view;
    use serde_json::Value;

    fn json_of(scenario: &Scenario) -> Value {
        let text = render(scenario, &plan(scenario), Format::Json);
        serde_json::from_str::<Value>(&text).expect("the report parses back")
    }

    fn selected_plan(doc: &Value) -> &Value {
        let plans = doc["plans"].as_array().expect("plans");
        let selected: Vec<&Value> = plans.iter().filter(|p| p["selected"] == true).collect();
        assert_eq!(selected.len(), 1, "one selected plan");
        selected[0]
    }

    #[test]
    fn the_classic_example_as_json() {
        let doc = json_of(&classic());
        assert_eq!(doc["kind"], "spark-sizer-plan");
        assert_eq!(doc["schema"], 1);
        assert_eq!(doc["manager"], "yarn");
        assert_eq!(doc["status"], "planned");
        let methods: Vec<&Value> = doc["plans"]
            .as_array()
            .expect("plans")
            .iter()
            .map(|p| &p["method"])
            .collect();
        assert_eq!(methods, ["rule-of-thumb", "spark-exact"]);
        let p = selected_plan(&doc);
        assert_eq!(p["method"], "spark-exact");
        let h = p;
        assert_eq!(
            (
                &h["executors"],
                &h["cores_per_executor"],
                &h["executor_memory"]
            ),
            (&Value::from(17), &Value::from(5), &Value::from("19g"))
        );
        assert_eq!(h["heap_mib"], 19 * 1024);
        assert_eq!(h["task_slots"], 85);
        let executor = &p["containers"][0];
        assert_eq!(executor["role"], "executor");
        assert_eq!(executor["requested_mib"], 21401);
        assert_eq!(executor["granted_mib"], 21504);
        assert_eq!(p["containers"][1]["node"], 1);
        assert_eq!(p["layout"][1]["first_node"], 2);
        assert_eq!(p["layout"][1]["last_node"], 6);
        assert_eq!(
            p["layout"][1]["blocks"][1]["parts"][0],
            serde_json::json!({"kind": "heap", "mib": 19456})
        );
        assert_eq!(p["totals"]["memory_used_mib"], 367_616);
        // YARN's rounding: granted less requested.
        assert_eq!(p["totals"]["memory_requested_mib"], 367_616 - 2391);
        assert_eq!(p["working"][2]["title"], "Memory budget per container");
        assert_eq!(p["unified_memory"]["reserved_bytes"], 300 * 1024 * 1024);
        assert_eq!(
            p["exports"]["spark_conf"][1],
            serde_json::json!({"key": "spark.executor.instances", "value": "17"})
        );
        assert_eq!(p["exports"]["spark_submit_args"][0], "--master");
        assert!(p["exports"]["spark_submit"]
            .as_str()
            .is_some_and(|c| c.starts_with("spark-submit")));
        let rule = &doc["plans"][0];
        assert_eq!(rule["warnings"][0]["code"], "legacy-overhead-factor");
        assert_eq!(rule["warnings"][0]["severity"], "info");
    }

    #[test]
    fn an_invalid_input_as_json_names_its_fields_by_key() {
        let Scenario::Yarn(mut input) = classic() else {
            unreachable!()
        };
        input.spark.driver_memory_mib = 0;
        input.cluster.memory_per_node_gib = 0.0;
        let doc = json_of(&Scenario::Yarn(input));
        assert_eq!(doc["status"], "invalid");
        assert_eq!(doc["plans"], serde_json::json!([]));
        let m = ClusterManager::Yarn;
        assert_eq!(
            doc["diagnostics"],
            serde_json::json!([
                {
                    "code": "invalid-value",
                    "severity": "error",
                    "field": catalog::key(m, FieldId::MemoryPerNode),
                    "message": "Memory per node is 0 GiB; allowed: more than 0 GiB up to 64 TiB",
                },
                {
                    "code": "invalid-value",
                    "severity": "error",
                    "field": catalog::key(m, FieldId::DriverMemory),
                    "message": "spark.driver.memory is 0 MiB; allowed: 1 MiB to 64 TiB",
                },
            ])
        );
    }

    #[test]
    fn kubernetes_and_emr_as_json() {
        let doc = json_of(&kubernetes());
        assert_eq!(doc["manager"], "k8s");
        let p = selected_plan(&doc);
        assert_eq!(p["executors"], 16);
        assert_eq!(p["executor_memory"], "6g");
        assert_eq!(p["containers"][1]["role"], "driver");
        assert_eq!(p["containers"][1]["cpu_request"], "1");
        assert_eq!(p["layout"][0]["blocks"][2]["kind"], "driver");
        assert_eq!(p["layout"][0]["blocks"][2]["cpu_millis"], 1000);
        assert_eq!(p["totals"]["cpu_used_millis"], 33_000);
        let yaml = p["exports"]["spark_operator_yaml"].as_str().expect("yaml");
        assert!(
            yaml.starts_with("apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\n")
        );
        assert!(yaml.contains("\nspec:\n  type: Scala\n"), "{yaml}");

        let doc = json_of(&emr());
        assert_eq!(doc["manager"], "emr");
        let p = selected_plan(&doc);
        assert_eq!(p["executors"], 50);
        assert_eq!(p["executors_running"], 9);
        assert_eq!(p["containers"][1]["role"], "executor-launched");
        assert_eq!(p["containers"][1]["merged_requests"], 5);
        let classifications: Value = serde_json::from_str(
            p["exports"]["emr_configurations_json"]
                .as_str()
                .expect("the classifications"),
        )
        .expect("JSON");
        assert_eq!(classifications[0]["Classification"], "spark-defaults");
        assert_eq!(p["exports"]["driver_log"].as_array().map(Vec::len), Some(3));
        // Most severe first: the 20-core executors' HDFS note is information on EMR, which
        // reads S3 as a rule.
        assert_eq!(p["warnings"][0]["code"], "large-heap");
        let codes: Vec<&Value> = p["warnings"]
            .as_array()
            .expect("warnings")
            .iter()
            .map(|w| &w["code"])
            .collect();
        assert!(
            codes.iter().any(|c| *c == "many-cores-per-executor"),
            "{codes:?}"
        );
    }

    #[test]
    fn render_json_is_the_document() {
        let scenario = classic();
        let outcome = plan(&scenario);
        let v = view::build(&scenario, &outcome);
        assert_eq!(
            render(&scenario, &outcome, Format::Json),
            view::to_json_pretty(&v)
        );
        assert_eq!(v.plans.len(), 2);
    }
}

/// The JSON document carries the workload checks and dynamic allocation only when there is
/// something to say: the out-of-memory preset's verdict and remedies (numbers as
/// `tests/workload.rs` works them: execution ÷ 10 of the 45g heap is 1 440 114 278 bytes a
/// task, half that guaranteed), each remedy with the link query that plans it; nothing for case 1.
#[cfg(feature = "json")]
#[test]
fn json_holds_the_workload_and_dynamic_allocation_when_described() {
    let oom = Scenario::Yarn(preset("oom-10-cores-45g").expect("preset").input);
    let doc: serde_json::Value =
        serde_json::from_str(&render(&oom, &plan(&oom), Format::Json)).expect("JSON");
    let task = &doc["workload"]["task_memory"];
    assert_eq!(task["task_bytes"], 4096 * 1024 * 1024_u64);
    assert_eq!(task["tasks_at_once"], 10);
    assert_eq!(task["most_bytes"], 1_440_114_278_u64);
    assert_eq!(task["guaranteed_bytes"], 1_440_114_278_u64 / 2);
    assert_eq!(task["verdict"], "does-not-fit");
    let remedies = doc["workload"]["remedies"].as_array().expect("remedies");
    assert!(remedies.iter().any(|r| r["link_query"]
        .as_str()
        .is_some_and(|q| q.contains("cpe=4"))));
    let notes = doc["workload"]["notes"].as_array().expect("notes");
    assert_eq!(notes[0]["code"], "task-memory-short");
    assert_eq!(notes[0]["field"], "wtask");
    // The preset leaves dynamic allocation off (YARN's default).
    assert!(doc.get("dynamic_allocation").is_none());

    let emr = emr();
    let doc: serde_json::Value =
        serde_json::from_str(&render(&emr, &plan(&emr), Format::Json)).expect("JSON");
    // EMR turns dynamic allocation on: Spark starts with spark.executor.instances (nothing
    // larger is set) and maxExecutors is unset, so unbounded.
    let da = &doc["dynamic_allocation"];
    assert_eq!(da["min_executors"], 0);
    assert!(da.get("max_executors").is_none());
    let instances = doc["plans"][0]["exports"]["spark_conf"]
        .as_array()
        .expect("conf")
        .iter()
        .find(|e| e["key"] == "spark.executor.instances")
        .and_then(|e| e["value"].as_str()?.parse::<u64>().ok())
        .expect("spark.executor.instances");
    assert_eq!(da["initial"].as_u64(), Some(instances));
    assert!(doc.get("workload").is_none());

    let case1 = classic();
    let doc: serde_json::Value =
        serde_json::from_str(&render(&case1, &plan(&case1), Format::Json)).expect("JSON");
    assert!(doc.get("workload").is_none() && doc.get("dynamic_allocation").is_none());
}
