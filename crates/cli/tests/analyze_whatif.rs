//! `spark-sizer analyze` prints the what-if: the curve's table in text and Markdown, the curve
//! as a list of points in JSON (each with `executors`, `cores`, `estimated_ms` and
//! `utilisation`) beside `critical_path_ms`, `knee_executors` and `model_error`.

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
fn analyze_prints_the_curve_in_every_format() {
    // The same workload's run on 2 executors of 1 core (tests/data/whatif-scaling/).
    let path = log("whatif-scaling/scaling-2x1.zstd");
    let o = spark_sizer(&["analyze", &path]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let section = out
        .split("What if: the run's time by executor count\n")
        .nth(1)
        .expect("the what-if section");
    assert!(
        section.contains("Executors  Cores each  Estimated time  Task slots busy"),
        "{out}"
    );
    // The run's own count, estimated as it ran (70.6 s; the model 70.0 s, −0.8 %).
    assert!(
        section.contains("\n  2          1           1 min 09 s"),
        "{out}"
    );
    assert!(section.contains("the run's most at once"), "{out}");
    assert!(section.contains("Knee: "), "{out}");
    let md = text(&spark_sizer(&["analyze", &path, "--format", "markdown"]).stdout);
    assert!(
        md.contains("## What if: the run's time by executor count"),
        "{md}"
    );
    assert!(md.contains("| 2 | 1 | 1 min 09 s |"), "{md}");
    let json = spark_sizer(&["analyze", &path, "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let w = &doc["runs"][0]["what_if"];
    let points = w["points"].as_array().expect("points");
    assert!(points.len() > 10);
    for (i, p) in points.iter().enumerate() {
        assert_eq!(p["executors"], i + 1);
        assert_eq!(p["cores"], 1);
        assert!(p["estimated_ms"].as_u64().is_some());
        assert!(p["utilisation"].as_f64().is_some());
    }
    assert_eq!(points[1]["estimated_ms"], 69_999);
    assert!(w["critical_path_ms"].as_u64().is_some());
    assert!(w["knee_executors"].as_u64().is_some());
    assert!((w["model_error"].as_f64().unwrap() - (69_999.0 - 70_556.0) / 70_556.0).abs() < 1e-9);
}
