//! A view's configuration as files and commands to paste: `spark-defaults.conf`, the
//! `spark-submit` command, EMR's configuration classifications (JSON) and the Spark operator's
//! `SparkApplication` fragment (YAML). Each is the selected plan's export; an input that cannot
//! be planned has none (`None`), and so has a file of another cluster manager (EMR's JSON for a
//! YARN plan).

use super::{Status, View};

/// A configuration file or command a plan can be pasted as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum File {
    /// `spark-defaults.conf`.
    Conf,
    /// The `spark-submit` command.
    Submit,
    /// EMR's configuration classifications.
    EmrJson,
    /// The Spark operator's `SparkApplication` fragment.
    Yaml,
}

impl File {
    /// The file's format name, as the command line's `--format` names it (`emr-json`).
    pub fn as_str(self) -> &'static str {
        match self {
            File::Conf => "conf",
            File::Submit => "submit",
            File::EmrJson => "emr-json",
            File::Yaml => "yaml",
        }
    }

    /// Its name for people (`spark-submit command`).
    pub fn name(self) -> &'static str {
        match self {
            File::Conf => "spark-defaults.conf",
            File::Submit => "spark-submit command",
            File::EmrJson => "EMR configuration",
            File::Yaml => "SparkApplication fragment",
        }
    }
}

/// The selected plan's `file`, or `None` when there is no plan or the plan has no such file.
pub fn file(v: &View, file: File) -> Option<String> {
    let p = v.selected().filter(|_| v.status == Status::Planned)?;
    let e = &p.exports;
    match file {
        File::Conf => Some(spark_defaults_conf(v, &e.spark_conf)),
        File::Submit => Some(format!("{}\n", e.spark_submit)),
        File::EmrJson => e.emr_configurations_json.as_ref().map(|j| format!("{j}\n")),
        File::Yaml => e.spark_operator_yaml.clone(),
    }
}

/// `spark-defaults.conf`: a comment naming the plan, then one `key value` line per setting
/// (Spark reads the file as "a key and a value separated by whitespace", docs
/// `configuration.md`, "Dynamically Loading Spark Properties"; `#` starts a comment line, as in
/// Spark's `conf/spark-defaults.conf.template`).
fn spark_defaults_conf(v: &View, conf: &[super::ConfEntry]) -> String {
    let mut out = format!(
        "# spark-defaults.conf for {} (Spark Sizer)\n# {}\n",
        v.manager.name(),
        super::words::title(v)
    );
    let width = conf.iter().map(|e| e.key.len()).max().unwrap_or(0);
    for e in conf {
        out.push_str(&format!("{:<width$}  {}\n", e.key, e.value));
    }
    out
}
