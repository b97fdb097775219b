//! Writes a large event log for the read benchmark (`examples/bench_read.rs`), outside the
//! repository: the small job of `tests/data/codec-none` (written by Spark 3.5), its jobs, stages
//! and tasks repeated with fresh ids and times that follow one another, so that the log stays
//! one consistent application of many jobs.
//!
//! `cargo run --release -p eventlog --example make_big_log -- OUT.log 500` (MB of JSON).

use std::io::Write;

use serde_json::Value;

const SHIFTED: &[&str] = &["Job ID", "Stage ID", "Task ID"];
const TIMES: &[&str] = &[
    "Submission Time",
    "Completion Time",
    "Launch Time",
    "Finish Time",
    "Getting Result Time",
    "Timestamp",
];

/// Adds `ids` to every id field and `ms` to every time field, at any depth.
fn shift(v: &mut Value, ids: i64, ms: i64) {
    match v {
        Value::Object(map) => {
            for (k, x) in map.iter_mut() {
                match x {
                    Value::Number(n) if SHIFTED.contains(&k.as_str()) => {
                        *x = Value::from(n.as_i64().unwrap_or(0) + ids)
                    }
                    Value::Number(n)
                        if TIMES.contains(&k.as_str()) && n.as_i64().unwrap_or(0) > 0 =>
                    {
                        *x = Value::from(n.as_i64().unwrap_or(0) + ms)
                    }
                    Value::Array(a) if k == "Stage IDs" || k == "Parent IDs" => {
                        for s in a.iter_mut() {
                            *s = Value::from(s.as_i64().unwrap_or(0) + ids);
                        }
                    }
                    _ => shift(x, ids, ms),
                }
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| shift(x, ids, ms)),
        _ => {}
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let out = args.next().expect("an output path");
    let megabytes: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(500);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/codec-none");
    let text = std::fs::read_to_string(path).expect("the small log");
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let event = |v: &Value| v["Event"].as_str().unwrap_or("").to_string();
    let is_job = |name: &str| {
        [
            "JobStart",
            "JobEnd",
            "StageSubmitted",
            "StageCompleted",
            "TaskStart",
            "TaskEnd",
            "StageExecutorMetrics",
            "ExecutorMetricsUpdate",
        ]
        .iter()
        .any(|e| name.ends_with(e))
    };
    let first = lines.iter().position(|v| is_job(&event(v))).expect("a job");
    let last = lines
        .iter()
        .rposition(|v| is_job(&event(v)))
        .expect("a job");
    let times: Vec<i64> = lines[first..=last]
        .iter()
        .filter_map(|v| v["Submission Time"].as_i64())
        .collect();
    let span = times.iter().max().unwrap_or(&0) - times.iter().min().unwrap_or(&0) + 1000;
    let mut w = std::io::BufWriter::new(std::fs::File::create(&out).expect("the output"));
    let mut written: u64 = 0;
    let write = |v: &Value, w: &mut std::io::BufWriter<std::fs::File>| {
        let s = serde_json::to_string(v).expect("JSON");
        w.write_all(s.as_bytes()).expect("written");
        w.write_all(b"\n").expect("written");
        s.len() as u64 + 1
    };
    for v in &lines[..first] {
        written += write(v, &mut w);
    }
    let mut round: i64 = 0;
    while written < megabytes << 20 {
        for v in &lines[first..=last] {
            let mut v = v.clone();
            shift(&mut v, round * 1000, round * span);
            written += write(&v, &mut w);
        }
        round += 1;
    }
    for v in &lines[last + 1..] {
        let mut v = v.clone();
        shift(&mut v, 0, round * span);
        written += write(&v, &mut w);
    }
    println!("{out}: {written} bytes, {round} copies of the job");
}
