//! An Amazon EMR configuration: a JSON list of classifications (`[{"Classification":
//! "spark-defaults", "Properties": {…}}, …]`, as `aws emr create-cluster --configurations`
//! takes it), a single classification, or an object holding `"Configurations"`. The check reads
//! `spark-defaults` (what EMR writes into `spark-defaults.conf`) and the `spark` classification's
//! `maximizeResourceAllocation`; others are named as not read. Each field is read as
//! `Classification` or `classification` (and so `Properties`, `Configurations`): the EMR API's
//! JSON is capitalised, while the console's software settings and EMR Serverless' and EMR on
//! EKS' `applicationConfiguration` write them in lower case.

use super::tree::Node;
use super::{Finding, FindingKind, Format, Origin, Pasted, Stage};

/// Whether `root` is an EMR configuration: a list of classifications, one, or an object
/// holding `Configurations`.
pub(super) fn is_configuration(root: &Node) -> bool {
    let is_classification = |n: &Node| field(n, "Classification").is_some();
    match root {
        Node::Seq { items, .. } => items.iter().any(is_classification),
        map @ Node::Map { .. } => is_classification(map) || field(map, "Configurations").is_some(),
        Node::Scalar { .. } => false,
    }
}

/// Reads the classifications of `root` into `pasted`, their settings credited to `format`.
pub(super) fn read(root: &Node, format: Format, pasted: &mut Pasted) {
    let list: Vec<&Node> = match root {
        Node::Seq { items, .. } => items.iter().collect(),
        map @ Node::Map { .. } => match field(map, "Configurations") {
            Some(Node::Seq { items, .. }) if field(map, "Classification").is_none() => {
                items.iter().collect()
            }
            _ => vec![map],
        },
        Node::Scalar { .. } => Vec::new(),
    };
    let mut read_any = false;
    for node in list {
        read_any |= read_classification(node, format, pasted);
    }
    if !read_any {
        let at = Origin {
            format,
            line: root.line(),
        };
        pasted
            .findings
            .push(Finding::at(at, FindingKind::NotClassifications));
    }
}

/// Reads one classification; false when `node` is not one.
fn read_classification(node: &Node, format: Format, pasted: &mut Pasted) -> bool {
    let at = |line: u32| Origin { format, line };
    let Some(name_node) = field(node, "Classification") else {
        return false;
    };
    let name = name_node.text().unwrap_or_default();
    pasted.recognised_at.get_or_insert(at(name_node.line()));
    let properties = field(node, "Properties");
    match name {
        "spark-defaults" => {
            for (key, line, value) in entries(properties) {
                let text = scalar_text(value);
                if !matches!(value, Node::Scalar { quoted: true, .. }) {
                    let kind = FindingKind::NotAString { key: key.clone() };
                    pasted.findings.push(Finding::at(at(value.line()), kind));
                }
                pasted.push(key.clone(), text, at(*line), Stage::Defaults);
            }
        }
        "spark" => {
            for (key, line, value) in entries(properties) {
                if key == "maximizeResourceAllocation" {
                    let on = scalar_text(value).trim().eq_ignore_ascii_case("true");
                    pasted.maximize_resource_allocation = Some((on, at(*line)));
                }
            }
        }
        other => {
            let kind = FindingKind::ClassificationNotRead {
                name: other.chars().take(60).collect(),
            };
            pasted
                .findings
                .push(Finding::at(at(name_node.line()), kind));
        }
    }
    true
}

/// `name` (capitalised) of a classification, or the same name in lower case.
pub(super) fn field<'a>(node: &'a Node, name: &str) -> Option<&'a Node> {
    node.get(name)
        .or_else(|| node.get(&name.to_ascii_lowercase()))
}

fn entries(node: Option<&Node>) -> &[(String, u32, Node)] {
    match node {
        Some(Node::Map { entries, .. }) => entries,
        _ => &[],
    }
}

fn scalar_text(node: &Node) -> String {
    node.text().unwrap_or_default().to_string()
}
