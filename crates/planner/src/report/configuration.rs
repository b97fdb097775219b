//! A plan's configuration as files and commands to paste: `spark-defaults.conf`, the
//! `spark-submit` command, EMR's configuration classifications (JSON) and the Spark operator's
//! `SparkApplication` fragment (YAML). Each is the planner's export (`crate::exports`) of the
//! report's plan; an input that cannot be planned has none (`None`), and so has a format of
//! another cluster manager (EMR's JSON for a YARN plan).

use super::summary::{summary, Summary};
use super::Report;
use crate::exports::{self, emr as emr_exports, k8s as k8s_exports};

/// `spark-defaults.conf`: a comment naming the plan, then one `key value` line per setting
/// (Spark reads the file as "a key and a value separated by whitespace", docs
/// `configuration.md`, "Dynamically Loading Spark Properties"; `#` starts a comment line, as in
/// Spark's `conf/spark-defaults.conf.template`).
pub fn spark_defaults_conf(report: &Report<'_>) -> Option<String> {
    if matches!(report, Report::Invalid(..)) {
        return None;
    }
    let Summary {
        title,
        configuration,
        ..
    } = summary(report);
    let mut out = format!(
        "# spark-defaults.conf for {} (Spark Sizer)\n# {title}\n",
        report.manager().name()
    );
    let width = configuration
        .iter()
        .map(|(k, _)| k.len())
        .max()
        .unwrap_or(0);
    for (key, value) in &configuration {
        out.push_str(&format!("{key:<width$}  {value}\n"));
    }
    Some(out)
}

/// The `spark-submit` command, one flag per line, with a placeholder for the application.
pub fn submit_command(report: &Report<'_>) -> Option<String> {
    let flags = match *report {
        Report::Yarn(c) => exports::submit_flags(&exports::yarn_spark_conf(c, c.selected)),
        Report::Kubernetes(p, input) => k8s_exports::spark_submit_flags(p, &input.spark),
        Report::Emr(p) => emr_exports::submit_flags(p),
        Report::Invalid(..) => return None,
    };
    Some(format!("{}\n", exports::submit_command(&flags)))
}

/// Amazon EMR's configuration classifications as JSON (EMR plans only).
pub fn emr_classification_json(report: &Report<'_>) -> Option<String> {
    match *report {
        Report::Emr(p) => Some(format!("{}\n", emr_exports::classification_json(p))),
        _ => None,
    }
}

/// The Spark operator's `SparkApplication` resources as YAML (Kubernetes plans only).
pub fn spark_operator_yaml(report: &Report<'_>) -> Option<String> {
    match *report {
        Report::Kubernetes(p, input) => Some(k8s_exports::spark_operator_yaml(p, &input.spark)),
        _ => None,
    }
}
