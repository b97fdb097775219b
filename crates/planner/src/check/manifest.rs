//! A Spark-operator `SparkApplication` manifest (`sparkoperator.k8s.io/v1beta2`). The operator
//! runs spark-submit with `--conf` pairs in this order (kubeflow/spark-operator,
//! `internal/controller/sparkapplication/submission.go`, `buildSparkSubmitArgs`): `mode` as
//! `--deploy-mode`, `memoryOverheadFactor`, then `sparkConf`, then the driver's fields, the
//! executor's, and `dynamicAllocation`; a later `--conf` of the same key wins.

use super::tree::Node;
use super::{Finding, FindingKind, Format, Origin, Part, Pasted, Stage};
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

fn kind_of(d: &Node) -> String {
    d.get("kind")
        .and_then(Node::text)
        .unwrap_or_default()
        .chars()
        .take(60)
        .collect()
}

fn is_application(d: &Node) -> bool {
    kind_of(d).ends_with("SparkApplication")
}

/// The last line a value spans (the line of its last scalar).
fn last_line(node: &Node) -> u32 {
    let mut last = node.line();
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        last = last.max(n.line());
        match n {
            Node::Scalar { .. } => {}
            Node::Map { entries, .. } => {
                for (_, line, v) in entries {
                    last = last.max(*line);
                    stack.push(v);
                }
            }
            Node::Seq { items, .. } => stack.extend(items.iter()),
        }
    }
    last
}

/// Whether the parsed documents hold a `SparkApplication` (or `ScheduledSparkApplication`).
pub(super) fn holds_application(docs: &[Node]) -> bool {
    docs.iter().any(is_application)
}

/// Reads the `SparkApplication` (or `ScheduledSparkApplication`'s template) of index `part`
/// among the documents' applications; each is a part of its own ([`Pasted::parts`]), and a
/// document of another kind is named as not checked.
pub(super) fn read(docs: &[Node], part: usize, pasted: &mut Pasted) {
    let applications: Vec<&Node> = docs.iter().filter(|d| is_application(d)).collect();
    if applications.is_empty() {
        let line_of = |d: &Node| d.get("kind").map_or(d.line(), Node::line);
        let (kind, line) = docs
            .first()
            .map_or((String::new(), 1), |d| (kind_of(d), line_of(d)));
        let kind = FindingKind::NotSparkApplication { kind };
        pasted.findings.push(Finding::at(at(line), kind));
        return;
    }
    for d in docs.iter().filter(|d| !is_application(d)) {
        let kind = FindingKind::OtherDocument { kind: kind_of(d) };
        pasted.findings.push(Finding::at(at(d.line()), kind));
    }
    for app in &applications {
        let name = app
            .get("metadata")
            .and_then(|m| m.get("name"))
            .and_then(Node::text)
            .unwrap_or_default();
        pasted.parts.push(Part {
            format: Format::SparkApplication,
            first_line: app.line(),
            last_line: last_line(app),
            name: name.chars().take(60).collect(),
        });
    }
    if let Some(app) = applications.get(part) {
        read_application(app, pasted);
    }
}

fn read_application(app: &Node, pasted: &mut Pasted) {
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
        read_version(node, pasted);
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
    read_gpu(spec, "driver", pasted);
    read_gpu(spec, "executor", pasted);
    operator_instances(spec, spec_line, pasted);
    read_dynamic_allocation(spec, pasted);
}

/// `spark.executor.instances` as the operator's defaulting webhook sets it when the manifest
/// does not (kubeflow/spark-operator, `api/v1beta2/defaults.go`, `setExecutorSpecDefaults`):
/// 1, when neither `spec.executor.instances` nor `sparkConf`'s key is set and dynamic allocation
/// is off. The operator asks whether it is on from `spec.dynamicAllocation.enabled`, or, without
/// that section, from `sparkConf["spark.dynamicallocation.enabled"]` (that key, in lower case).
/// It passes the value as `--conf` with the executor's fields (`submission.go`).
fn operator_instances(spec: &Node, spec_line: u32, pasted: &mut Pasted) {
    let executor = spec.get("executor");
    if executor.and_then(|e| e.get("instances")).is_some() {
        return;
    }
    let conf = spec.get("sparkConf");
    let conf_text = |key: &str| conf.and_then(|c| c.get(key)).and_then(Node::text);
    if conf_text(spark_keys::EXECUTOR_INSTANCES).is_some_and(|v| !v.is_empty()) {
        return;
    }
    let on = |text: Option<&str>| text.is_some_and(|t| t.trim().eq_ignore_ascii_case("true"));
    let dynamic = match spec.get("dynamicAllocation") {
        Some(section) => on(section.get("enabled").and_then(Node::text)),
        None => on(conf_text("spark.dynamicallocation.enabled")),
    };
    if dynamic {
        return;
    }
    let line = spec.key_line("executor").unwrap_or(spec_line);
    let key = spark_keys::EXECUTOR_INSTANCES;
    pasted.push(key, "1", at(line), Stage::Conf);
    let kind = FindingKind::OperatorDefault { key, value: "1" };
    pasted.findings.push(Finding::at(at(line), kind));
}

/// `sparkVersion`: the release line whose rules the check uses; a release it has no rules of
/// is checked with the nearest (4.0 for 4.x and later, 3.5 before), and said.
fn read_version(node: &Node, pasted: &mut Pasted) {
    let Some(given) = node.text() else {
        return;
    };
    if let Some(v) = SparkVersion::parse(given) {
        pasted.spark_version = Some((v, at(node.line())));
        return;
    }
    let major = given
        .trim()
        .trim_start_matches(['v', 'V'])
        .split('.')
        .next()
        .and_then(|m| m.parse::<u32>().ok());
    let Some(major) = major else {
        return;
    };
    let used = if major >= 4 {
        SparkVersion::V4_0
    } else {
        SparkVersion::V3_5
    };
    pasted.spark_version = Some((used, at(node.line())));
    let kind = FindingKind::NearestVersion {
        given: given.trim().chars().take(20).collect(),
        used,
    };
    pasted.findings.push(Finding::at(at(node.line()), kind));
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

/// A pod's `gpu` (`SparkPodSpec.GPU`, `GPUSpec{name, quantity}`, kubeflow/spark-operator
/// `api/v1beta2`): the operator adds the GPUs to the pod's resource limits, and Spark schedules
/// no task by them; said, since nothing else reads it.
fn read_gpu(spec: &Node, pod: &'static str, pasted: &mut Pasted) {
    let Some((section, gpu)) = spec.get(pod).and_then(|p| Some((p, p.get("gpu")?))) else {
        return;
    };
    let line = section.key_line("gpu").unwrap_or(gpu.line());
    let field = |name: &str| {
        gpu.get(name)
            .and_then(Node::text)
            .unwrap_or_default()
            .chars()
            .take(60)
            .collect::<String>()
    };
    let kind = FindingKind::OperatorGpu {
        pod,
        name: field("name"),
        quantity: field("quantity"),
    };
    pasted.findings.push(Finding::at(at(line), kind));
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
