//! Amazon EMR job runs as JSON: EMR on EKS' `aws emr-containers start-job-run` request
//! (`jobDriver.sparkSubmitJobDriver` with `entryPoint` and `sparkSubmitParameters`,
//! `configurationOverrides.applicationConfiguration`: a list of classifications; the EMR on EKS
//! API's `StartJobRun`) and EMR Serverless' `aws emr-serverless start-job-run` request (the same
//! with `jobDriver.sparkSubmit`). `sparkSubmitParameters` is read as spark-submit's options
//! (it is passed to spark-submit), the `spark-defaults` classification as Spark's defaults
//! beneath them, `releaseLabel` `emr-7.*` as Spark 3.5 (every EMR 7 release ships Spark 3.5).

use super::emr_json::{self, field};
use super::tree::Node;
use super::{Finding, FindingKind, Format, Origin, Pasted};
use crate::spark::SparkVersion;
use crate::submit::{app_type_of, split_shell_words};

/// The job run's format, when `root` is one.
pub(super) fn format_of(root: &Node) -> Option<Format> {
    let driver = root.get("jobDriver")?;
    if driver.get("sparkSubmitJobDriver").is_some() {
        Some(Format::EmrOnEksJob)
    } else if driver.get("sparkSubmit").is_some() {
        Some(Format::EmrServerlessJob)
    } else {
        None
    }
}

/// Reads a job run's settings into `pasted`.
pub(super) fn read(root: &Node, format: Format, pasted: &mut Pasted) {
    let at = |line: u32| Origin { format, line };
    let driver = root.get("jobDriver").and_then(|d| {
        d.get("sparkSubmitJobDriver")
            .or_else(|| d.get("sparkSubmit"))
    });
    pasted.recognised_at = root.key_line("jobDriver").map(at);
    if let Some(release) = root.get("releaseLabel") {
        let label = release.text().unwrap_or_default();
        if label.starts_with("emr-7.") {
            pasted.spark_version = Some((SparkVersion::V3_5, at(release.line())));
        }
    }
    // The classifications first: spark-submit's options win over spark-defaults.conf.
    let overrides = root.get("configurationOverrides");
    if let Some(list) = overrides.and_then(|o| field(o, "applicationConfiguration")) {
        emr_json::read(list, format, pasted);
    }
    let Some(driver) = driver else {
        return;
    };
    if let Some(parameters) = driver.get("sparkSubmitParameters") {
        let line = parameters.line();
        let text = parameters.text().unwrap_or_default();
        match split_shell_words(text) {
            Ok(words) => {
                let words: Vec<(String, u32)> = words.into_iter().map(|(w, _)| (w, 1)).collect();
                super::command::read_options(&words, &|_| at(line), pasted);
            }
            Err((e, _)) => {
                let kind = FindingKind::Command(e);
                pasted.findings.push(Finding::at(at(line), kind));
            }
        }
    }
    if let Some(entry) = driver.get("entryPoint") {
        let app = entry.text().unwrap_or_default();
        pasted.app_type = Some((app_type_of(Some(app)), at(entry.line())));
    }
}
