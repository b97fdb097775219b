//! The `spark-sizer` binary run as a user runs it: every format against a golden file, the exit
//! status and stderr of bad input, and the flags, links and presets that make a scenario.
//!
//! Golden files (`tests/golden/`) were checked by hand against the page and the sizing model:
//! case 1 (6 nodes × 16 cores × 64 GiB: 17 executors × 5 cores × 19g; the numbers are worked
//! in `crates/planner/tests/wiki_exports.rs`) and case 2 (`?v=1&c=32`: 31 vcores and 64 512
//! MiB per node, 6 executors of 5 cores each, a 10 752 MiB budget per container, so a 9g heap
//! with 921 MiB overhead asks 10 137 MiB, granted 10 240; node 1 holds the 2 048 MiB AM beside
//! its 6 executors: 36 executors, the rule of thumb's 35). `case1.text.txt` is the planner's
//! reviewed snapshot `crates/planner/tests/snapshots/case1.txt`, byte for byte. To rewrite one
//! after an intended change, run the command in its test and review the diff.

use std::path::PathBuf;
use std::process::{Command, Output};

fn spark_sizer(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_spark-sizer"))
        .args(args)
        .output()
        .expect("spark-sizer runs")
}

/// Runs `args` with `input` on standard input.
fn spark_sizer_reading(args: &[&str], input: &str) -> Output {
    spark_sizer_reading_bytes(args, input.as_bytes())
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8 errors")
}

fn golden(name: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "golden", name]
        .iter()
        .collect();
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs `args`, which must succeed quietly and print the golden file `name`.
fn assert_golden(args: &[&str], name: &str) {
    let o = spark_sizer(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    assert_eq!(stderr(&o), "", "{args:?}");
    let expected = golden(name);
    let actual = stdout(&o);
    assert!(
        actual == expected,
        "spark-sizer {} differs from tests/golden/{name}:\n--- expected\n{expected}\n--- actual\n{actual}",
        args.join(" ")
    );
}

const CASE2_LINK: &str = "https://sizer.example/tools/sizer/?v=1&c=32";

#[test]
fn the_default_is_case1_as_a_table() {
    assert_golden(&[], "case1.table.txt");
    assert_golden(&["--preset", "case1"], "case1.table.txt");
}

#[test]
fn a_share_link_prints_case2() {
    assert_golden(&["--link", CASE2_LINK], "case2.table.txt");
    assert_golden(
        &["--link", "?v=1&c=32", "--format", "json"],
        "case2.json.json",
    );
    assert_golden(&["--link", "v=1&c=32", "-f", "conf"], "case2.conf.conf");
    let table = stdout(&spark_sizer(&["--link", CASE2_LINK]));
    assert!(
        table.starts_with("YARN: 36 executors × 5 cores × 9g\n"),
        "{table}"
    );
}

#[test]
fn every_format_of_case1() {
    for (format, file) in [
        ("table", "case1.table.txt"),
        ("text", "case1.text.txt"),
        ("markdown", "case1.markdown.md"),
        ("markdown-table", "case1.markdown-table.md"),
        ("confluence", "case1.confluence.txt"),
        ("html", "case1.html.html"),
        ("svg", "case1.svg.svg"),
        ("conf", "case1.conf.conf"),
        ("submit", "case1.submit.sh"),
        ("json", "case1.json.json"),
    ] {
        assert_golden(&["--preset", "case1", "--format", format], file);
    }
}

#[test]
fn kubernetes_and_emr_exports() {
    assert_golden(
        &["--preset", "k8s-seed002", "--format", "yaml"],
        "k8s-seed002.yaml.yaml",
    );
    assert_golden(
        &["--preset", "k8s-seed002", "--format", "conf"],
        "k8s-seed002.conf.conf",
    );
    assert_golden(
        &["--preset", "emr-seed003", "--format", "emr-json"],
        "emr-seed003.emr-json.json",
    );
    assert_golden(
        &["--preset", "emr-seed003", "--format", "submit"],
        "emr-seed003.submit.sh",
    );
}

#[test]
fn the_text_format_is_the_reviewed_snapshot() {
    let snapshot: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "planner",
        "tests",
        "snapshots",
        "case1.txt",
    ]
    .iter()
    .collect();
    let snapshot = std::fs::read_to_string(snapshot).expect("the case 1 snapshot");
    assert_eq!(golden("case1.text.txt"), snapshot);
}

#[test]
fn flags_set_fields_by_long_name_or_link_key() {
    let by_name = spark_sizer(&["--cores-per-node", "32", "-f", "json"]);
    let by_key = spark_sizer(&["--c", "32", "-f", "json"]);
    assert_eq!(stdout(&by_name), golden("case2.json.json"));
    assert_eq!(stdout(&by_key), golden("case2.json.json"));
    // A number without a unit is in the field's unit, as on the page: 64 GiB per node, and a
    // memory target of 10 GiB (the link writes it in MiB).
    let typed = spark_sizer(&[
        "--memory-per-node",
        "64",
        "--memory-target",
        "10",
        "-f",
        "table",
    ]);
    assert!(
        stdout(&typed).contains("Share link query: ?v=1&tgt=10240\n"),
        "{}",
        stdout(&typed)
    );
}

#[test]
fn flags_after_a_link_override_it() {
    let o = spark_sizer(&["--link", CASE2_LINK, "--nodes", "12"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.contains("Share link query: ?v=1&n=12&c=32\n"), "{out}");
    // 12 nodes of 6 executors each: as in case 2, node 1 holds the AM beside its 6.
    assert!(
        out.starts_with("YARN: 72 executors × 5 cores × 9g\n"),
        "{out}"
    );
}

#[test]
fn kubernetes_flags_need_the_kubernetes_manager() {
    let o = spark_sizer(&[
        "--manager",
        "k8s",
        "--nodes",
        "4",
        "--executor-memory",
        "8g",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("Kubernetes: "), "{out}");
    assert!(
        out.contains("Share link query: ?v=1&cm=k8s&n=4&em=8192\n"),
        "{out}"
    );
    let o = spark_sizer(&["--kmem", "128"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--kmem is not a YARN input (it is one with --manager k8s)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn invalid_input_exits_1_with_each_problem_worded_as_the_page_words_it() {
    let o = spark_sizer(&["--nodes", "0", "--memory-per-node", "abc"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o),
        "spark-sizer: this YARN input cannot be planned:\n  \
         Memory per node: \"abc\" is not a size such as 64, 64 GB or 63.5; allowed: more than 0 GiB \
         up to 64 TiB (--memory-per-node, --m)\n  \
         Nodes is 0; allowed: 1 to 100\u{202f}000 (--nodes, --n)\n"
    );
}

#[test]
fn invalid_input_in_json_prints_the_document_too() {
    let o = spark_sizer(&["--link", "?v=1&cm=k8s&n=0", "--format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("\"status\": \"invalid\""), "{out}");
    assert!(out.contains("\"field\": \"n\""), "{out}");
    assert!(stderr(&o).contains("Nodes is 0; allowed: 1 to 100\u{202f}000 (--nodes, --n)"));
}

#[test]
fn a_link_value_that_does_not_read_is_invalid_input() {
    let o = spark_sizer(&["--link", "?v=1&cpe=five"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("Cores per executor"), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("(--cores-per-executor, --cpe, --spark.executor.cores)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn unknown_link_keys_are_noted_and_ignored() {
    let o = spark_sizer(&["--link", "?v=1&c=32&zz=1", "-f", "conf"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), golden("case2.conf.conf"));
    assert!(
        stderr(&o).contains("\"zz\" is not a YARN input"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["--no-such-flag"][..],
        &["--format", "pdf"],
        &["--format", "yaml"],
        &["--format", "emr-json", "--manager", "k8s"],
        &["--manager", "mesos"],
        &["--preset", "case9"],
        &["--preset", "case1", "--link", "?v=1"],
        &["--link", "?v=1&cm=emr", "--manager", "k8s"],
        &["--n", "5", "--nodes", "7"],
        &["--format", "json", "--format", "conf"],
        &["--check", "-", "--format", "table"],
    ] {
        let o = spark_sizer(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), "", "{args:?}");
        assert!(!stderr(&o).is_empty(), "{args:?}");
    }
}

#[test]
fn help_explains_with_examples() {
    let o = spark_sizer(&["--help"]);
    assert_eq!(o.status.code(), Some(0));
    let help = stdout(&o);
    for part in [
        "Spark Sizer: plans Spark executors for YARN, Kubernetes or Amazon EMR",
        "--manager <yarn|k8s|emr>",
        "--link <LINK>",
        "Examples:",
        "spark-sizer --link 'https://sizer.example/?v=1&c=32'",
        "spark-sizer --fields",
        "Exit status: 0 planned",
    ] {
        assert!(help.contains(part), "missing {part:?} in:\n{help}");
    }
}

#[test]
fn fields_lists_every_input_with_unit_range_and_default() {
    let o = spark_sizer(&["--fields", "--manager", "yarn"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.starts_with("YARN inputs (--manager yarn):\n"), "{out}");
    assert!(
        out.contains("  --nodes, --n\n      Nodes: 1 to 100\u{202f}000; default 6\n"),
        "{out}"
    );
    assert!(
        out.contains("  --memory-per-node, --m\n      Memory per node: more than 0 GiB up to 64 TiB; default 64 GiB\n"),
        "{out}"
    );
    let all = stdout(&spark_sizer(&["--fields"]));
    assert!(all.contains("Kubernetes inputs (--manager k8s):"));
    assert!(all.contains("Amazon EMR inputs (--manager emr):"));
    let presets = stdout(&spark_sizer(&["--presets"]));
    assert!(presets.contains("  case2"), "{presets}");
    assert!(presets.contains("  emr-seed003"), "{presets}");
}

/// `--check`: case 1's settings as a spark-submit line (with a deprecated key and a misspelt
/// one) on case 1's cluster. Checked by hand: a 19g heap with the 2 048 MiB overhead the old
/// key sets asks 21 504 MiB, a multiple of 1 024, so YARN grants it as asked; node 1 holds the
/// 2 048 MiB AM and 2 executors (45 056 of 64 512 MiB, 19 456 unused), nodes 2–6 three each
/// (64 512, nothing unused): 17 executors run, as the plan's.
#[test]
fn check_reads_a_submit_line_and_names_its_mistakes() {
    let input = [
        env!("CARGO_MANIFEST_DIR"),
        "tests",
        "golden",
        "check-case1.submit.sh",
    ]
    .iter()
    .collect::<PathBuf>();
    let input = input.to_string_lossy().into_owned();
    assert_golden(&["--check", &input], "check-case1.text.txt");
    let o = spark_sizer(&["--check", &input, "--format", "markdown"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("did you mean spark.executor.cores"));
    let o = spark_sizer(&["--check", &input, "--format", "svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("does not apply to --check"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn check_of_nothing_readable_or_a_missing_file_fails() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_spark-sizer"))
        .args(["--check", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spark-sizer runs");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(b"nothing here\n").expect("written");
    }
    let o = child.wait_with_output().expect("spark-sizer ends");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("holds no Spark setting"),
        "{}",
        stderr(&o)
    );
    let o = spark_sizer(&["--check", "/nonexistent/spark-defaults.conf"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--check /nonexistent/spark-defaults.conf"));
}

/// The share link query a table ends with.
fn link_query_of(args: &[&str]) -> String {
    let o = spark_sizer(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    let out = stdout(&o);
    let line = out.lines().last().unwrap_or_default();
    line.strip_prefix("Share link query: ")
        .unwrap_or_else(|| panic!("{args:?}: {out}"))
        .to_string()
}

/// One reading per flag name: a link key as the link reads it (the held unit: MiB for `kmem`
/// and `tgt`, MiB for `offs`), a long name or configuration key as the page's box (GiB for
/// Kubernetes' node memory and the memory target, bytes for spark.memory.offHeap.size, which
/// Spark reads as bytes). Worked by hand: 65 536 MiB is 64 GiB, Kubernetes' default node memory
/// (so the link leaves it out); 65 536 GiB is 67 108 864 MiB; 10 GiB is 10 240 MiB (case 3).
#[test]
fn a_link_key_reads_as_the_link_and_a_name_as_the_page() {
    let k8s = ["--manager", "k8s"];
    let with = |more: &[&str]| link_query_of(&[&k8s[..], more].concat());
    assert_eq!(with(&["--kmem", "65536"]), "?v=1&cm=k8s");
    assert_eq!(with(&["--node-memory", "64"]), "?v=1&cm=k8s");
    assert_eq!(with(&["--kmem", "64g"]), "?v=1&cm=k8s");
    let o = spark_sizer(&["--manager", "k8s", "--node-memory", "65536"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).ends_with("Share link query: ?v=1&cm=k8s&kmem=67108864\n"));
    // Hardware no machine has is warned, as the page warns it.
    assert_eq!(
        stderr(&o),
        "spark-sizer: warning: Memory per node: 64 TiB per node — did you mean 64 GiB? \
         (--node-memory, --kmem)\n"
    );
    // Case 3 by its link key and by its long name.
    assert_eq!(link_query_of(&["--tgt", "10240"]), "?v=1&tgt=10240");
    assert_eq!(link_query_of(&["--memory-target", "10"]), "?v=1&tgt=10240");
    assert_eq!(
        stdout(&spark_sizer(&["--tgt", "10240"])),
        stdout(&spark_sizer(&["--link", "?v=1&tgt=10240"]))
    );
    // Off-heap: 2048 by link key is MiB; by the Spark key, bytes (below 1 MiB: refused).
    assert_eq!(
        link_query_of(&["--off", "1", "--offs", "2048"]),
        "?v=1&off=1&offs=2048"
    );
    assert_eq!(
        link_query_of(&["--off", "1", "--spark.memory.offHeap.size", "2g"]),
        "?v=1&off=1&offs=2048"
    );
    let o = spark_sizer(&["--off", "1", "--off-heap-size", "2048"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("\"2048\" is 2048 bytes"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn spark_keys_are_flags_for_the_fields_the_page_names_by_them() {
    let k8s = |more: &[&str]| link_query_of(&[&["--manager", "k8s"][..], more].concat());
    assert_eq!(
        k8s(&["--spark.executor.memory", "8g"]),
        "?v=1&cm=k8s&em=8192"
    );
    assert_eq!(k8s(&["--executor-memory", "8g"]), "?v=1&cm=k8s&em=8192");
    assert_eq!(k8s(&["--em", "8192"]), "?v=1&cm=k8s&em=8192");
    // NodeManager resources given explicitly: the link writes both, the vcores 16 − 1.
    assert_eq!(
        link_query_of(&["--yarn.nodemanager.resource.memory-mb", "61440"]),
        "?v=1&nmm=61440&nmv=15"
    );
    // spark.driver.maxResultSize is bytesConf(ByteUnit.BYTE) in Spark: 1024 alone is 1 KiB,
    // refused as the page refuses it; by link key, 2048 is MiB as in the link.
    assert_eq!(
        link_query_of(&["--spark.driver.maxResultSize", "2g"]),
        "?v=1&mrs=2048"
    );
    assert_eq!(link_query_of(&["--mrs", "2048"]), "?v=1&mrs=2048");
    let o = spark_sizer(&["--spark.driver.maxResultSize", "1024"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("\"1024\" is 1024 bytes (Spark reads a number alone here as bytes)"),
        "{}",
        stderr(&o)
    );
    let help = stdout(&spark_sizer(&["--fields", "--manager", "yarn"]));
    assert!(
        help.contains("  --driver-memory, --dm, --spark.driver.memory\n"),
        "{help}"
    );
}

#[test]
fn a_field_given_twice_is_refused_naming_both() {
    for (args, first, second) in [
        (["--n", "5", "--nodes", "7"], "--n 5", "--nodes 7"),
        (["--nodes", "5", "--n", "7"], "--nodes 5", "--n 7"),
        (["--n", "5", "--n", "7"], "--n 5", "--n 7"),
    ] {
        let o = spark_sizer(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&o), "");
        assert_eq!(
            stderr(&o),
            format!(
                "spark-sizer: {first} and {second} both give Nodes: give it once\n\
                 Run spark-sizer --help for the flags and examples.\n"
            )
        );
    }
}

#[test]
fn usage_errors_have_one_prefix_and_one_closing_line() {
    for args in [
        &["--no-such-flag"][..],
        &["--nodez", "3"],
        &["--format"],
        &["--format", "json", "--format", "conf"],
        &["--format", "pdf"],
        &["--kmem", "64"],
        &["--n", "5", "--nodes", "7"],
    ] {
        let o = spark_sizer(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(err.starts_with("spark-sizer: "), "{args:?}: {err}");
        assert!(!err.contains("error:"), "{args:?}: {err}");
        assert!(
            err.ends_with("\nRun spark-sizer --help for the flags and examples.\n"),
            "{args:?}: {err}"
        );
    }
}

/// `--m 2`: 2 GiB per node less the 1 GiB reserved leaves YARN 1024 MiB, the maximum
/// allocation too; the AM asks 1024 + 384 = 1408 MiB, above it: spark-submit refuses the
/// application, and no executor runs.
#[test]
fn no_executor_runs_exits_3_with_the_reason_and_no_export() {
    let o = spark_sizer(&["--m", "2", "-f", "conf"]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(stdout(&o), "");
    let err = stderr(&o);
    assert!(
        err.contains(
            "spark-sizer: planned, but no executor runs (--format conf writes nothing):\n  \
             YARN: no executor fits\n  The ApplicationMaster asks for 1408 MiB, above \
             yarn.scheduler.maximum-allocation-mb = 1024 MiB"
        ),
        "{err}"
    );
    let o = spark_sizer(&["--m", "2", "-f", "submit"]);
    assert_eq!((o.status.code(), stdout(&o)), (Some(3), String::new()));
    // The reports still print: they explain why.
    for format in ["table", "text", "markdown", "json"] {
        let o = spark_sizer(&["--m", "2", "-f", format]);
        assert_eq!(o.status.code(), Some(3), "{format}");
        assert!(!stdout(&o).is_empty(), "{format}");
        assert!(stderr(&o).contains("no executor runs"), "{format}");
    }
    let json = stdout(&spark_sizer(&["--m", "2", "-f", "json"]));
    assert!(json.contains("\"status\": \"planned\""));
    assert!(json.contains("\"fits\": false"));
    // Kubernetes: a 100g driver asks 100 GiB + 10 % = 112 640 MiB, more than a 64 GiB node
    // has for pods: the driver stays Pending, so no executor pod is ever asked for.
    let o = spark_sizer(&["--manager", "k8s", "--dm", "100g", "-f", "yaml"]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(stdout(&o), "");
    assert!(
        stderr(&o).contains(
            "  Kubernetes: no executor pod fits\n  The driver pod (1 CPU, 112\u{202f}640 MiB)"
        ),
        "{}",
        stderr(&o)
    );
    // A plan that runs exits 0 with nothing on stderr.
    let o = spark_sizer(&["-f", "conf"]);
    assert_eq!((o.status.code(), stderr(&o)), (Some(0), String::new()));
}

#[test]
fn check_errors_name_what_the_file_said_with_its_line() {
    let o = spark_sizer_reading(&["--check", "-"], "spark.executor.memory 0g\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("Line 1: spark.executor.memory = \"0g\""));
    assert_eq!(
        stderr(&o),
        "spark-sizer: standard input: Spark refuses these settings:\n  Line 1: \
         spark.executor.memory = \"0g\": must be a positive number. spark-submit stops: \
         \"Executor memory must be a positive number\".\n"
    );
    // 900000g is 921 600 000 MiB, above the 64 TiB (67 108 864 MiB) any field allows: the
    // heap is at fault, named with the line that set it (not the overhead, not a flag).
    let o = spark_sizer_reading(
        &["--check", "-"],
        "spark.executor.instances 2\nspark.executor.memory 900000g\n",
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "spark-sizer: standard input: these settings cannot be planned on this cluster:\n  \
         spark.executor.memory is 900\u{202f}000 GiB; allowed: 1 MiB to 64 TiB \
         (line 2: spark.executor.memory = 900000g)\n"
    );
    // 300m reads, but is under Spark's 450 MiB heap floor: checked, no executor runs.
    let o = spark_sizer_reading(&["--check", "-"], "spark.executor.memory 300m\n");
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(
        stderr(&o),
        "spark-sizer: standard input: checked, but no executor runs:\n  A 300 MiB heap is \
         below Spark's minimum of 450 MiB (1.5 × the 300 MiB it reserves): executors fail to \
         start.\n  the file's settings that shape the containers:\n    line 1: \
         spark.executor.memory = 300m\n"
    );
    // 40 cores per executor, above the 15 vcores a node gives YARN (16 − 1 reserved): every
    // shaping setting the file holds is named with its line, the application's name is not.
    let o = spark_sizer_reading(
        &["--check", "-"],
        "spark.app.name nightly\nspark.executor.memory 8g\nspark.executor.cores 40\n",
    );
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).ends_with(
            "  the file's settings that shape the containers:\n    line 2: \
             spark.executor.memory = 8g\n    line 3: spark.executor.cores = 40\n"
        ),
        "{}",
        stderr(&o)
    );
}

/// Without `mode`, the operator sets cluster mode: the line is the `spec:` key's (5), not the
/// spec's first entry (`sparkVersion`, line 6).
#[test]
fn an_implied_deploy_mode_is_credited_to_the_spec_line() {
    let manifest = "apiVersion: sparkoperator.k8s.io/v1beta2\nkind: SparkApplication\n\
                    metadata:\n  name: job\nspec:\n  sparkVersion: \"3.5.0\"\n  type: Scala\n\
                    executor:\n    instances: 4\n    cores: 2\n    memory: 6g\n";
    let manifest = manifest.replace("\nexecutor:", "\n  executor:");
    let o = spark_sizer_reading(&["--manager", "k8s", "--check", "-"], &manifest);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains(
            "  spark.submit.deployMode = cluster  (line 5, SparkApplication manifest (YAML))\n"
        ),
        "{}",
        stdout(&o)
    );
}

/// The page's form groups, in order (crates/app/src/fields.rs), checked by hand.
#[test]
fn fields_are_listed_in_the_form_order() {
    let out = stdout(&spark_sizer(&["--fields", "--manager", "k8s"]));
    let firsts: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("  --"))
        .map(|l| l.split(',').next().unwrap_or_default())
        .take(8)
        .collect();
    assert_eq!(
        firsts,
        [
            "provider",
            "node-type",
            "nodes",
            "max-pods",
            "reported-memory",
            "node-cpu",
            "node-memory",
            "kube-reserved-cpu",
        ]
    );
    let titles: Vec<&str> = out
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with(' '))
        .collect();
    assert_eq!(
        titles,
        [
            "Kubernetes inputs (--manager k8s):",
            "Nodes",
            "Executors",
            "Spark",
            "GPUs",
            "Driver load",
            "Workload",
            "Dynamic allocation"
        ]
    );
    assert!(out.contains("  --node-memory, --kmem (a bare number: GiB by name, MiB by link key)\n"));
}

#[test]
fn a_link_without_a_field_is_invalid_and_another_version_is_warned() {
    for link in ["garbage", "", "https://sizer.example/tools/sizer/"] {
        let o = spark_sizer(&["--link", link]);
        assert_eq!(o.status.code(), Some(1), "{link}");
        assert_eq!(stdout(&o), "", "{link}");
        assert!(stderr(&o).contains("holds no Spark Sizer field"), "{link}");
    }
    let o = spark_sizer(&["--link", "?v=2&c=32"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stderr(&o),
        "spark-sizer: warning: this link was made with link format v2; read as v1\n"
    );
    assert_eq!(stdout(&o), golden("case2.table.txt"));
    // A link of defaults holds its version: it plans case 1.
    assert_golden(&["--link", "?v=1"], "case1.table.txt");
}

#[test]
fn the_json_report_says_which_document_it_is() {
    let json = stdout(&spark_sizer(&["-f", "json"]));
    assert!(
        json.starts_with("{\n  \"kind\": \"spark-sizer-plan\",\n  \"schema\": 1,\n"),
        "{json}"
    );
}

/// The table's workload and dynamic allocation sections are written as its warnings are: a
/// heading, each finding with its severity in words and the key of its field, the recommended
/// settings as spark-defaults.conf lines; never the text format's codes.
#[test]
fn the_table_writes_the_workload_and_dynamic_allocation_in_words() {
    let out = spark_sizer(&["--preset", "oom-10-cores-45g", "--wsh", "500", "--dyn", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let workload = text
        .split("\nWorkload\n")
        .nth(1)
        .expect("a Workload section");
    assert!(
        workload
            .starts_with("  warning: The largest task's input of 4096 MiB does not fit in memory"),
        "{workload}"
    );
    assert!(
        workload.contains("\n  info: Fewer tasks at once"),
        "{workload}"
    );
    assert!(
        text.contains("\nWorkload settings\n  spark.sql.shuffle.partitions  "),
        "{text}"
    );
    assert!(
        text.contains(
            "\nDynamic allocation\n  warning: spark.dynamicAllocation.maxExecutors is unset"
        ),
        "{text}"
    );
    for code in ["[error]", "[info]", "task-memory-short", "workload:"] {
        assert!(!text.contains(code), "{code} in:\n{text}");
    }
}

/// Writes `bytes` to a file of its own under the target folder and gives its path.
fn temp_file(name: &str, bytes: &[u8]) -> String {
    let dir: PathBuf = [env!("CARGO_TARGET_TMPDIR"), "cli-check"].iter().collect();
    std::fs::create_dir_all(&dir).expect("a folder for test files");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("the test file");
    path.to_string_lossy().into_owned()
}

/// Runs `args` with `input` (any bytes) on standard input.
fn spark_sizer_reading_bytes(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_spark-sizer"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spark-sizer runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input).expect("written");
    drop(stdin);
    child.wait_with_output().expect("spark-sizer ends")
}

const TWO_COMMANDS: &str = "spark-submit --master yarn --conf spark.executor.memoryOverhead=4g \
    --executor-memory 8g --num-executors 4 etl.jar\n\
    spark-submit --master yarn --executor-memory 0g --num-executors 6 report.jar\n";

/// Issue 27, item 12: each command of a file is checked on its own; `--part N` picks one, and
/// without it the status is the worst part's (the second here refuses a 0g heap).
#[test]
fn check_of_several_commands_checks_each_and_picks_one_with_part() {
    let o = spark_sizer_reading(&["--check", "-"], TWO_COMMANDS);
    let out = stdout(&o);
    assert!(out.contains("Each command, checked on its own:"), "{out}");
    assert!(
        out.contains("  Command 1 (line 1, etl.jar) (this answer): 4 of 4"),
        "{out}"
    );
    assert!(
        out.contains("  Command 2 (line 2, report.jar): Spark refuses"),
        "{out}"
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("standard input, command 2 (line 2, report.jar): Spark refuses"),
        "{}",
        stderr(&o)
    );
    let o = spark_sizer_reading(&["--check", "-", "--part", "1"], TWO_COMMANDS);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = spark_sizer_reading(&["--check", "-", "--part", "2"], TWO_COMMANDS);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("spark.executor.memory = 0g  (line 2"));
    // The second command does not inherit the first one's overhead.
    assert!(!stdout(&o).contains("spark.executor.memoryOverhead = 4g"));
    let o = spark_sizer_reading(&["--check", "-", "--part", "3"], TWO_COMMANDS);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--part 3: - holds 2 spark-submit commands"));
}

/// Issue 27, item 20: a file and standard input are read from the same bytes (a byte that is
/// no UTF-8 made standard input a usage error).
#[test]
fn check_reads_a_file_and_standard_input_alike() {
    let bytes = b"spark.executor.memory 4g\nspark.app.name caf\xe9\n".as_slice();
    let file = temp_file("latin1.conf", bytes);
    let from_file = spark_sizer(&["--check", &file]);
    let from_stdin = spark_sizer_reading_bytes(&["--check", "-"], bytes);
    assert_eq!(from_file.status.code(), Some(0), "{}", stderr(&from_file));
    assert_eq!(from_stdin.status.code(), from_file.status.code());
    assert_eq!(stdout(&from_stdin), stdout(&from_file));
}

/// Issue 27, item 21: every field that is a Spark setting answers to its key on every cluster
/// manager that has it, and `--check` writes JSON like the rest of the command line.
#[test]
fn spark_keys_name_their_fields_on_every_manager_and_check_writes_json() {
    let k8s = spark_sizer(&[
        "--manager",
        "k8s",
        "--spark.executor.memoryOverheadFactor",
        "0.2",
        "--spark.memory.offHeap.enabled",
        "true",
        "--spark.memory.offHeap.size",
        "1g",
        "-f",
        "conf",
    ]);
    assert_eq!(k8s.status.code(), Some(0), "{}", stderr(&k8s));
    let conf = stdout(&k8s);
    let sets = |key: &str, value: &str| {
        conf.lines()
            .any(|l| l.split_whitespace().eq([key, value].iter().copied()))
    };
    assert!(sets("spark.executor.memoryOverheadFactor", "0.2"), "{conf}");
    assert!(sets("spark.memory.offHeap.enabled", "true"), "{conf}");
    let yarn = spark_sizer(&[
        "--spark.memory.offHeap.enabled",
        "true",
        "--spark.memory.offHeap.size",
        "2g",
        "-f",
        "conf",
    ]);
    assert_eq!(yarn.status.code(), Some(0), "{}", stderr(&yarn));
    let emr = spark_sizer(&["--manager", "emr", "--spark.executor.instances", "12"]);
    assert_eq!(emr.status.code(), Some(0), "{}", stderr(&emr));
    assert!(
        stdout(&emr).contains("asked: 12 executors"),
        "{}",
        stdout(&emr)
    );
    let o = spark_sizer_reading(&["--check", "-", "--format", "json"], TWO_COMMANDS);
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(doc["schema"], 1);
    assert_eq!(doc["status"], "checked");
    assert_eq!(doc["parts"][1]["number"], 2);
    assert_eq!(doc["parts"][1]["status"], "not-planned");
    assert_eq!(doc["parts"][0]["this"], true);
}
