//! Checks memory-string parsing against how Spark 3.5.9 parsed each string
//! (`spark-memory-strings.json`), errors included.

mod common;

use planner::units::{byte_string_as, conf_bytes, ByteUnit, SizeError};
use serde_json::Value;

const PREFIX: &str = "ERROR java.lang.NumberFormatException: ";

fn check(field: &str, value: &str, want: &Value, got: Result<i64, SizeError>) -> Option<String> {
    match (want, got) {
        (Value::Number(n), Ok(v)) if n.as_i64() == Some(v) => None,
        (Value::String(s), Err(e)) if s.strip_prefix(PREFIX) == Some(e.to_string().as_str()) => {
            None
        }
        (want, got) => Some(format!("{value:?} {field}: got {got:?}, Spark says {want}")),
    }
}

#[test]
fn parses_like_spark() {
    let path = common::reference_dir().join("spark-memory-strings.json");
    let cases = common::read_json(&path);
    let cases = cases.as_array().expect("a list");
    let mut failures = Vec::new();
    for case in cases {
        let value = case["value"].as_str().expect("value");
        failures.extend(check(
            "spark.executor.memory",
            value,
            &case["spark.executor.memory_mib"],
            conf_bytes(value, ByteUnit::MiB),
        ));
        failures.extend(check(
            "byteStringAsMb",
            value,
            &case["byteStringAsMb"],
            byte_string_as(value, ByteUnit::MiB),
        ));
        failures.extend(check(
            "byteStringAsBytes",
            value,
            &case["byteStringAsBytes"],
            byte_string_as(value, ByteUnit::Byte),
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(cases.len() >= 15);
}
