//! `spark-sizer analyze LOG...` run as a user runs it: each format, a rolling log's folder, the
//! cluster flags placing the plan on another cluster, and the exit status and stderr of files
//! that are not event logs. The analysis itself is tested in `crates/eventlog/tests/`.

use std::path::PathBuf;
use std::process::{Command, Output};

fn spark_sizer(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_spark-sizer"))
        .args(args)
        .output()
        .expect("spark-sizer runs")
}

fn log(name: &str) -> String {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "eventlog",
        "tests",
        "data",
        name,
    ]
    .iter()
    .collect();
    path.display().to_string()
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).expect("UTF-8")
}

#[test]
fn analyze_prints_text_markdown_and_json() {
    let path = log("executor-oom.zstd");
    let o = spark_sizer(&["analyze", &path]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.starts_with("The run\n=======\n"), "{out}");
    assert!(out.contains("ran out of JVM heap"), "{out}");
    let md = text(&spark_sizer(&["analyze", &path, "--format", "markdown"]).stdout);
    assert!(md.starts_with("## The run\n"), "{md}");
    let json = spark_sizer(&["analyze", &path, "--format=json"]);
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(doc["kind"], "spark-sizer-analysis");
    let run = &doc["runs"][0];
    assert_eq!(run["run"]["name"], "executor-oom");
    // Spark's own names: executor ids, metric names; sizes in bytes.
    assert_eq!(run["executors"]["executors"][0]["id"], "0");
    assert!(
        run["peaks"]["executors"][0]["peaks"]["JVMHeapMemory"]
            .as_u64()
            .unwrap()
            > 100 << 20
    );
    assert_eq!(run["plan"]["settings"]["spark.executor.memory"], "1g");
}

#[test]
fn a_rolling_logs_folder_is_one_run() {
    let data: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "eventlog",
        "tests",
        "data",
    ]
    .iter()
    .collect();
    let folder = std::fs::read_dir(&data)
        .expect("the test data")
        .map(|e| e.expect("an entry").path())
        .find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("eventlog_v2_"))
        })
        .expect("the rolling log");
    let o = spark_sizer(&["analyze", &folder.display().to_string(), "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(doc["runs"].as_array().map(Vec::len), Some(1));
    assert_eq!(doc["files"].as_array().map(Vec::len), Some(3));
}

#[test]
fn cluster_flags_place_the_plan_on_that_cluster() {
    let path = log("executor-oom.zstd");
    let o = spark_sizer(&[
        "analyze",
        &path,
        "--format",
        "json",
        "--nodes",
        "4",
        "--cores-per-node",
        "8",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let plan = &doc["runs"][0]["plan"];
    assert_eq!(plan["cluster_from_run"], false);
    let link = plan["placed"]["link"].as_str().expect("a link");
    assert!(link.contains("n=4") && link.contains("c=8"), "{link}");
    assert!(link.contains("&ck="), "{link}");
}

#[test]
fn files_that_are_not_event_logs_exit_1_saying_what_they_are() {
    let dir = std::env::temp_dir().join(format!("spark-sizer-analyze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let pdf = dir.join("report.pdf");
    std::fs::write(&pdf, b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n").expect("written");
    let driver = dir.join("stderr");
    std::fs::write(&driver, "24/12/01 21:41:11 INFO SparkContext: Running Spark version 3.5.3\n24/12/01 21:41:12 INFO Utils: ok\n").expect("written");
    let o = spark_sizer(&[
        "analyze",
        &pdf.display().to_string(),
        &driver.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
    let err = text(&o.stderr);
    assert!(
        err.contains("report.pdf is a PDF document, not a Spark event log."),
        "{err}"
    );
    assert!(
        err.contains(
            "stderr is a Spark driver or executor log (log4j lines), not a Spark event log."
        ),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).expect("removed");
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(spark_sizer(&["analyze"]).status.code(), Some(2));
    assert_eq!(
        spark_sizer(&["analyze", &log("codec-none"), "--format", "yaml"])
            .status
            .code(),
        Some(2)
    );
    let missing = spark_sizer(&["analyze", "/no/such/log"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("cannot read /no/such/log"));
    let help = spark_sizer(&["analyze", "--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(text(&help.stdout).starts_with("Usage: spark-sizer analyze LOG..."));
}
