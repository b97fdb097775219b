//! Reading a `spark-submit` command the way spark-submit does, for everything that bears on
//! resources: master, deploy mode, memory and core flags, `--conf`, and a `.py` primary resource
//! making the application a Python app.

use std::fmt;

use crate::catalog::ClusterManager;
use crate::spark::{AppType, DeployMode, SparkConf};

/// A parsed `spark-submit` command.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SubmitCommand {
    /// `--master` (or `spark.master`), if given.
    pub master: Option<String>,
    /// The cluster manager the master names (`yarn`, `k8s://…`); `None` for other masters.
    pub cluster_manager: Option<ClusterManager>,
    /// `--deploy-mode` (or `spark.submit.deployMode`); spark-submit's default is client.
    pub deploy_mode: DeployMode,
    /// From the primary resource: `.py` is Python, `.R` is R, anything else a JVM app.
    pub app_type: AppType,
    /// The configuration spark-submit builds: `--conf` pairs, then the dedicated flags on top.
    pub conf: SparkConf,
    /// The application jar or script.
    pub primary_resource: Option<String>,
    /// Arguments after the primary resource (passed to the application).
    pub app_args: Vec<String>,
}

/// Why a command could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SubmitError {
    /// An option that needs a value came last.
    MissingValue {
        /// The option.
        option: String,
    },
    /// `--conf` without `=`.
    ConfWithoutEquals {
        /// The value given.
        value: String,
    },
    /// An option spark-submit does not know.
    UnknownOption {
        /// The option.
        option: String,
    },
    /// Unbalanced quotes in a pasted command line.
    UnclosedQuote,
}

impl fmt::Display for SubmitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SubmitError::MissingValue { option } => write!(f, "{option} needs a value"),
            SubmitError::ConfWithoutEquals { value } => {
                write!(f, "Spark config without '=': {value}")
            }
            SubmitError::UnknownOption { option } => write!(f, "Unrecognized option '{option}'"),
            SubmitError::UnclosedQuote => f.write_str("a quote is not closed"),
        }
    }
}

impl std::error::Error for SubmitError {}

/// Options that take a value, and the configuration key they set (if it bears on resources).
const WITH_VALUE: &[(&str, Option<&str>)] = &[
    ("--master", Some("spark.master")),
    ("--deploy-mode", Some("spark.submit.deployMode")),
    ("--executor-memory", Some("spark.executor.memory")),
    ("--executor-cores", Some("spark.executor.cores")),
    ("--num-executors", Some("spark.executor.instances")),
    ("--driver-memory", Some("spark.driver.memory")),
    ("--driver-cores", Some("spark.driver.cores")),
    ("--total-executor-cores", Some("spark.cores.max")),
    ("--queue", Some("spark.yarn.queue")),
    ("--name", Some("spark.app.name")),
    ("--conf", None),
    ("-c", None),
    ("--class", None),
    ("--jars", None),
    ("--packages", None),
    ("--exclude-packages", None),
    ("--repositories", None),
    ("--files", None),
    ("--archives", None),
    ("--py-files", None),
    ("--principal", None),
    ("--keytab", None),
    ("--driver-java-options", None),
    ("--driver-library-path", None),
    ("--driver-class-path", None),
    ("--proxy-user", None),
    ("--properties-file", None),
    ("--kill", None),
    ("--status", None),
];

/// Options without a value.
const SWITCHES: &[&str] = &[
    "--verbose",
    "-v",
    "--supervise",
    "--help",
    "-h",
    "--version",
    "--usage-error",
    "--load-spark-defaults",
];

/// Parses spark-submit arguments (without the program name).
///
/// ```
/// use planner::submit::parse_submit;
/// use planner::spark::AppType;
///
/// let cmd = parse_submit(&["--master", "yarn", "--executor-memory", "19g", "app.py"]).unwrap();
/// assert_eq!(cmd.conf.get("spark.executor.memory"), Some("19g"));
/// assert_eq!(cmd.app_type, AppType::Python);
/// ```
pub fn parse_submit<S: AsRef<str>>(args: &[S]) -> Result<SubmitCommand, SubmitError> {
    let mut conf_pairs: Vec<(String, String)> = Vec::new();
    let mut flags: Vec<(&'static str, String)> = Vec::new();
    let mut cmd = SubmitCommand::default();
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_ref();
        i += 1;
        if !arg.starts_with('-') || arg == "-" {
            cmd.primary_resource = Some(arg.to_string());
            cmd.app_args = args[i..].iter().map(|a| a.as_ref().to_string()).collect();
            break;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (arg, None),
        };
        if SWITCHES.contains(&name) {
            continue;
        }
        let Some((_, key)) = WITH_VALUE.iter().find(|(o, _)| *o == name) else {
            return Err(SubmitError::UnknownOption {
                option: arg.to_string(),
            });
        };
        let value = match inline {
            Some(v) => v,
            None => {
                let v = args.get(i).ok_or_else(|| SubmitError::MissingValue {
                    option: name.to_string(),
                })?;
                i += 1;
                v.as_ref().to_string()
            }
        };
        match key {
            Some(key) => flags.push((key, value)),
            None if name == "--conf" || name == "-c" => {
                let (k, v) =
                    value
                        .split_once('=')
                        .ok_or_else(|| SubmitError::ConfWithoutEquals {
                            value: value.clone(),
                        })?;
                conf_pairs.push((k.to_string(), v.to_string()));
            }
            None => {}
        }
    }
    // --conf pairs first; the dedicated flags win over them, as in SparkSubmitArguments.
    let mut conf = SparkConf::new();
    for (k, v) in conf_pairs {
        conf.set(k, v);
    }
    for (k, v) in flags {
        conf.set(k, v);
    }
    cmd.master = conf.get("spark.master").map(str::to_string);
    cmd.cluster_manager = match cmd.master.as_deref() {
        Some(m) if m == "yarn" || m.starts_with("yarn-") => Some(ClusterManager::Yarn),
        Some(m) if m.starts_with("k8s://") => Some(ClusterManager::Kubernetes),
        _ => None,
    };
    cmd.deploy_mode = match conf.get("spark.submit.deployMode") {
        Some("cluster") => DeployMode::Cluster,
        _ if cmd.master.as_deref() == Some("yarn-cluster") => DeployMode::Cluster,
        _ => DeployMode::Client,
    };
    cmd.app_type = match cmd.primary_resource.as_deref() {
        Some(r) if r.ends_with(".py") => AppType::Python,
        Some(r) if r.ends_with(".R") || r.ends_with(".r") => AppType::R,
        _ => AppType::Jvm,
    };
    cmd.conf = conf;
    Ok(cmd)
}

/// Splits a pasted command line into words as a POSIX shell would (single and double quotes,
/// backslash escapes, `\` line continuations), dropping a leading `spark-submit` program and
/// leading `VAR=value` assignments.
pub fn split_command_line(line: &str) -> Result<Vec<String>, SubmitError> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = line.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '\\' => match chars.next() {
                Some('\n') => {}
                Some(c) => {
                    cur.push(c);
                    in_word = true;
                }
                None => {}
            },
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => cur.push(c),
                        None => return Err(SubmitError::UnclosedQuote),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => cur.push(c),
                            Some('\n') => {}
                            Some(c) => {
                                cur.push('\\');
                                cur.push(c);
                            }
                            None => return Err(SubmitError::UnclosedQuote),
                        },
                        Some(c) => cur.push(c),
                        None => return Err(SubmitError::UnclosedQuote),
                    }
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    let start = words
        .iter()
        .position(|w| !w.contains('=') || w.starts_with('-'))
        .unwrap_or(words.len());
    let mut words = words.split_off(start);
    if words.first().is_some_and(|w| w.ends_with("spark-submit")) {
        words.remove(0);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_win_over_conf() {
        let c = parse_submit(&[
            "--conf",
            "spark.executor.memory=4g",
            "--executor-memory=8g",
            "--deploy-mode",
            "cluster",
            "x.jar",
            "--executor-memory",
            "1g",
        ])
        .unwrap();
        assert_eq!(c.conf.get("spark.executor.memory"), Some("8g"));
        assert_eq!(c.deploy_mode, DeployMode::Cluster);
        assert_eq!(c.app_args, ["--executor-memory", "1g"]);
        assert_eq!(c.app_type, AppType::Jvm);
    }

    #[test]
    fn reports_bad_arguments() {
        assert_eq!(
            parse_submit(&["--executor-memory"]),
            Err(SubmitError::MissingValue {
                option: "--executor-memory".into()
            })
        );
        assert!(matches!(
            parse_submit(&["--conf", "novalue"]),
            Err(SubmitError::ConfWithoutEquals { .. })
        ));
        assert!(matches!(
            parse_submit(&["--bogus", "1"]),
            Err(SubmitError::UnknownOption { .. })
        ));
    }

    #[test]
    fn splits_pasted_commands() {
        let words = split_command_line(
            "HADOOP_CONF_DIR=/etc spark-submit --conf 'spark.a=b c' \\\n --name \"x y\" app.py",
        )
        .unwrap();
        assert_eq!(words, ["--conf", "spark.a=b c", "--name", "x y", "app.py"]);
        assert_eq!(
            split_command_line("spark-submit 'oops"),
            Err(SubmitError::UnclosedQuote)
        );
    }
}
