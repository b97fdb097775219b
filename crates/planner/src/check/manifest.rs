//! A Spark-operator `SparkApplication` manifest (`sparkoperator.k8s.io/v1beta2`). The operator
//! runs spark-submit with `--conf` pairs in this order (kubeflow/spark-operator,
//! `internal/controller/sparkapplication/submission.go`, `buildSparkSubmitArgs`): `mode` as
//! `--deploy-mode`, `memoryOverheadFactor`, then `sparkConf`, then the driver's fields, the
//! executor's, and `dynamicAllocation`; a later `--conf` of the same key wins.

use super::tree::{parse, Node};
use super::{Finding, FindingKind, Format, Origin, Pasted, Stage};
use crate::spark::{AppType, SparkVersion};
use crate::spark_keys;

fn at(line: u32) -> Origin {
    Origin {
        format: Format::SparkApplication,
        line,
    }
}

/// A pod's fields and the keys the operator sets from them.
const DRIVER_FIELDS: &[(&str, &str)] = &[
    ("cores", spark_keys::DRIVER_CORES),
    ("coreRequest", spark_keys::K8S_DRIVER_REQUEST_CORES),
    ("coreLimit", spark_keys::K8S_DRIVER_LIMIT_CORES),
    ("memory", spark_keys::DRIVER_MEMORY),
    ("memoryOverhead", spark_keys::DRIVER_OVERHEAD),
];
const EXECUTOR_FIELDS: &[(&str, &str)] = &[
    ("instances", spark_keys::EXECUTOR_INSTANCES),
    ("cores", spark_keys::EXECUTOR_CORES),
    ("coreRequest", spark_keys::K8S_EXECUTOR_REQUEST_CORES),
    ("coreLimit", spark_keys::K8S_EXECUTOR_LIMIT_CORES),
    ("memory", spark_keys::EXECUTOR_MEMORY),
    ("memoryOverhead", spark_keys::EXECUTOR_OVERHEAD),
];
const DYNAMIC_FIELDS: &[(&str, &str)] = &[
    ("enabled", spark_keys::DYNAMIC_ALLOCATION_ENABLED),
    (
        "initialExecutors",
        spark_keys::DYNAMIC_ALLOCATION_INITIAL_EXECUTORS,
    ),
    ("minExecutors", spark_keys::DYNAMIC_ALLOCATION_MIN_EXECUTORS),
    ("maxExecutors", spark_keys::DYNAMIC_ALLOCATION_MAX_EXECUTORS),
];

/// Reads the first `SparkApplication` (or `ScheduledSparkApplication`'s template) of `text`.
pub(super) fn read(text: &str, pasted: &mut Pasted) {
    let docs = match parse(text) {
        Ok(docs) => docs,
        Err(e) => {
            let kind = FindingKind::Syntax { message: e.message };
            pasted.findings.push(Finding::at(at(e.line), kind));
            return;
        }
    };
    let kind_of = |d: &Node| {
        d.get("kind")
            .and_then(Node::text)
            .unwrap_or_default()
            .to_string()
    };
    let app = docs
        .iter()
        .find(|d| kind_of(d).ends_with("SparkApplication"));
    let Some(app) = app else {
        let line_of = |d: &Node| d.get("kind").map_or(d.line(), Node::line);
        let (kind, line) = docs
            .first()
            .map_or((String::new(), 1), |d| (kind_of(d), line_of(d)));
        let kind = FindingKind::NotSparkApplication {
            kind: kind.chars().take(60).collect(),
        };
        pasted.findings.push(Finding::at(at(line), kind));
        return;
    };
    pasted.recognised_at = Some(at(app.get("kind").map_or(app.line(), Node::line)));
    // The line of the `spec:` (or `template:`) key itself: what a value the spec leaves out,
    // and the operator implies, is credited to (the spec's first entry is another setting).
    let spec_line = app.key_line("spec").unwrap_or(app.line());
    let (spec, spec_line) = match app.get("spec") {
        Some(spec) if kind_of(app) == "ScheduledSparkApplication" => (
            spec.get("template"),
            spec.key_line("template").unwrap_or(spec_line),
        ),
        spec => (spec, spec_line),
    };
    match spec {
        Some(spec @ Node::Map { .. }) => read_spec(spec, spec_line, pasted),
        other => {
            let line = other.map_or(app.line(), Node::line);
            bad_field(pasted, "spec", line, "a mapping");
        }
    }
}

fn bad_field(pasted: &mut Pasted, field: &str, line: u32, expected: &'static str) {
    let kind = FindingKind::BadField {
        field: field.to_string(),
        expected,
    };
    pasted.findings.push(Finding::at(at(line), kind));
}

fn read_spec(spec: &Node, spec_line: u32, pasted: &mut Pasted) {
    if let Some(node) = spec.get("type") {
        let t = match node.text().unwrap_or_default() {
            "Python" => Some(AppType::Python),
            "R" => Some(AppType::R),
            "Scala" | "Java" => Some(AppType::Jvm),
            _ => None,
        };
        match t {
            Some(t) => pasted.app_type = Some((t, at(node.line()))),
            None => bad_field(pasted, "spec.type", node.line(), "Scala, Java, Python or R"),
        }
    }
    if let Some(node) = spec.get("sparkVersion") {
        if let Some(v) = node.text().and_then(SparkVersion::parse) {
            pasted.spark_version = Some((v, at(node.line())));
        }
    }
    // Without `mode` the operator's defaulting webhook sets cluster (kubeflow/spark-operator,
    // `api/v1beta2/defaults.go`, `SetSparkApplicationDefaults`): the driver runs in a pod.
    let (mode, line) = match spec.get("mode") {
        Some(node) => (node.text().unwrap_or_default(), node.line()),
        None => ("cluster", spec_line),
    };
    // The operator's "in-cluster-client" runs the driver in a pod it starts, as client mode.
    let mode = if mode == "in-cluster-client" {
        "client"
    } else {
        mode
    };
    pasted.push(spark_keys::DEPLOY_MODE, mode, at(line), Stage::Flag);
    if let Some(node) = spec.get("memoryOverheadFactor") {
        let value = node.text().unwrap_or_default();
        pasted.push(
            spark_keys::K8S_OVERHEAD_FACTOR,
            value,
            at(node.line()),
            Stage::Conf,
        );
    }
    match spec.get("sparkConf") {
        Some(Node::Map { entries, .. }) => {
            for (key, line, value) in entries {
                let text = value.text().unwrap_or_default();
                pasted.push(key.clone(), text, at(*line), Stage::Conf);
            }
        }
        Some(other) => {
            let line = spec.key_line("sparkConf").unwrap_or(other.line());
            bad_field(pasted, "spec.sparkConf", line, "a mapping");
        }
        None => {}
    }
    read_fields(spec, "driver", DRIVER_FIELDS, pasted);
    read_fields(spec, "executor", EXECUTOR_FIELDS, pasted);
    read_dynamic_allocation(spec, pasted);
}

/// `dynamicAllocation` as the operator passes it (`dynamicAllocationOption` in the same file):
/// nothing unless `enabled` is true; then `spark.dynamicAllocation.enabled=true`, the counts
/// given, and `spark.dynamicAllocation.shuffleTracking.enabled` from `shuffleTrackingEnabled`,
/// true when it is left out (credited to the `enabled` line then).
fn read_dynamic_allocation(spec: &Node, pasted: &mut Pasted) {
    const NAME: &str = "dynamicAllocation";
    let Some(section) = spec.get(NAME) else {
        return;
    };
    let enabled = section.get("enabled");
    let on = enabled
        .and_then(Node::text)
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("true"));
    if !on && matches!(section, Node::Map { .. }) {
        return;
    }
    read_fields(spec, NAME, DYNAMIC_FIELDS, pasted);
    let (tracking, line) = match (section.get("shuffleTrackingEnabled"), enabled) {
        (Some(node), _) => (node.text().unwrap_or_default(), node.line()),
        (None, Some(node)) => ("true", node.line()),
        (None, None) => return,
    };
    let key = spark_keys::DYNAMIC_ALLOCATION_SHUFFLE_TRACKING;
    pasted.push(key, tracking, at(line), Stage::Conf);
}

fn read_fields(spec: &Node, name: &str, fields: &[(&str, &'static str)], pasted: &mut Pasted) {
    let Some(section) = spec.get(name) else {
        return;
    };
    if !matches!(section, Node::Map { .. }) {
        let line = spec.key_line(name).unwrap_or(section.line());
        bad_field(pasted, &format!("spec.{name}"), line, "a mapping");
        return;
    }
    for (field, key) in fields {
        let Some(node) = section.get(field) else {
            continue;
        };
        match node.text() {
            Some(value) => pasted.push(*key, value, at(node.line()), Stage::Conf),
            None => {
                let line = section.key_line(field).unwrap_or(node.line());
                bad_field(pasted, &format!("spec.{name}.{field}"), line, "a value");
            }
        }
    }
}
