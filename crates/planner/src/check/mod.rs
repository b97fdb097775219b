//! Check a configuration: what a user runs today — a `spark-submit` command, a
//! `spark-defaults.conf`, an EMR configuration (classification JSON) or a Spark-operator
//! `SparkApplication` manifest, alone or several together — read as Spark reads it, turned into
//! the settings of the cluster on the form and planned with the planner's own functions.
//!
//! Numbers first: [`read`] gives the settings with where each came from ([`Pasted`]),
//! [`check`] the answer ([`Check`]: every container as requested and granted, how many
//! executors fit and where, refusals, and the planner's plan beside it). Words are separate
//! ([`words`]); [`link`] encodes the settings for a share link, never with secrets.
//!
//! ```
//! use planner::check::{check, Format};
//! use planner::scenario::Scenario;
//!
//! let text = "spark-submit --master yarn --num-executors 17 --executor-cores 5 \\\n  --executor-memory 19g app.jar";
//! let c = check(text, &Scenario::default());
//! assert_eq!(c.pasted.formats, [Format::SubmitCommand]);
//! assert_eq!(c.answer.executors_running(), Some(17));
//! ```

mod answer;
mod apply;
mod command;
#[cfg(feature = "yaml")]
mod emr_json;
pub mod keys;
pub mod link;
#[cfg(feature = "yaml")]
mod manifest;
pub mod properties;
#[cfg(feature = "yaml")]
mod tree;
pub mod words;

pub use answer::{check, check_pasted, Answer, Check, CpuCounted, Side, SideNumbers};
pub use apply::{apply_settings, settings_for_the_form, use_these_settings, Applied};

use crate::spark::{AppType, SparkVersion};
use crate::submit::SubmitError;

/// The most text the check reads (a pasted configuration is a few kilobytes).
pub const MAX_TEXT_BYTES: usize = 256 * 1024;

/// A kind of pasted configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A `spark-submit` (or `pyspark`, `spark-shell`) command line.
    SubmitCommand,
    /// A `spark-defaults.conf` file (Java properties).
    DefaultsFile,
    /// An Amazon EMR configuration: a JSON list of classifications.
    EmrConfiguration,
    /// A Spark-operator `SparkApplication` manifest (YAML).
    SparkApplication,
    /// Settings read back from a share link.
    Link,
    /// The `Spark Properties` of an event log's `SparkListenerEnvironmentUpdate` (the line is
    /// the event's line in the log).
    EventLog,
}

/// Spark's order of precedence: a setting of a later stage replaces one of an earlier stage
/// (`spark-defaults.conf` is read only for keys that `--conf` did not set, and a dedicated
/// flag such as `--executor-memory` wins over `--conf spark.executor.memory`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    /// A defaults file or EMR's `spark-defaults` classification.
    Defaults,
    /// `--conf` (and what the Spark operator passes as `--conf`).
    Conf,
    /// A dedicated spark-submit flag.
    Flag,
}

/// Where a setting was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Origin {
    /// The kind of text.
    pub format: Format,
    /// The line (1-based) in the pasted text; 0 for a share link.
    pub line: u32,
}

/// One key set to one value, where it was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setting {
    /// The configuration key.
    pub key: String,
    /// The value as given.
    pub value: String,
    /// Where.
    pub origin: Origin,
    /// Its precedence.
    pub stage: Stage,
}

/// A key's value after Spark's order of precedence, and the settings it replaced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Effective {
    /// The key.
    pub key: String,
    /// The value that stands.
    pub value: String,
    /// Where it was read.
    pub origin: Origin,
    /// The settings of the same key it replaced, in reading order.
    pub overridden: Vec<Origin>,
}

/// What reading the pasted text found, as typed data (words: [`words::finding_message`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FindingKind {
    /// Nothing to read.
    Empty,
    /// The text is longer than [`MAX_TEXT_BYTES`].
    TooLong {
        /// Its length in bytes.
        bytes: usize,
    },
    /// A spark-submit command spark-submit would refuse (unknown option, missing value, `--conf`
    /// without `=`, an unclosed quote).
    Command(SubmitError),
    /// `--properties-file`: a file the check cannot read (spark-submit reads it instead of
    /// `spark-defaults.conf`).
    PropertiesFile {
        /// The path given.
        path: String,
    },
    /// A malformed `\uXXXX` escape in a defaults file (`Properties.load` throws).
    MalformedEscape,
    /// A key that is not a Spark key: spark-submit drops it ("Ignoring non-Spark config
    /// property").
    NonSparkKey {
        /// The key.
        key: String,
    },
    /// A key Spark does not know, close to one it does.
    Misspelt {
        /// The key as given.
        key: String,
        /// The nearest known key.
        suggestion: &'static str,
    },
    /// A key Spark reads under a newer name.
    Deprecated {
        /// The old key.
        key: String,
        /// The key to use.
        replacement: &'static str,
        /// The Spark version that deprecated it.
        since: &'static str,
    },
    /// A key Apache Spark 3.5/4.0 ignores but Amazon EMR's build reads.
    EmrOnlyKey {
        /// The key.
        key: String,
    },
    /// A value Spark would refuse.
    BadValue {
        /// The key.
        key: String,
        /// The value.
        value: String,
        /// Spark's reason.
        reason: BadValue,
    },
    /// A value holding a shell variable (`$MEM`): the check cannot know it.
    ShellVariable {
        /// The key.
        key: String,
        /// The value.
        value: String,
    },
    /// JSON or YAML that does not parse.
    Syntax {
        /// The parser's message.
        message: String,
    },
    /// JSON or YAML, which this build does not read (the `yaml` feature is off).
    FormatNotInBuild {
        /// Which.
        format: Format,
    },
    /// A YAML document that is not a `SparkApplication`.
    NotSparkApplication {
        /// Its `kind`, if any.
        kind: String,
    },
    /// JSON that is not a list of EMR classifications.
    NotClassifications,
    /// An EMR classification the check does not read (`yarn-site`, `spark-env`, …).
    ClassificationNotRead {
        /// Its name.
        name: String,
    },
    /// An EMR property value that is not a JSON string (EMR's API takes strings only).
    NotAString {
        /// The key.
        key: String,
    },
    /// A manifest field with a value of the wrong type.
    BadField {
        /// The field path (`spec.executor.cores`).
        field: String,
        /// What it should be.
        expected: &'static str,
    },
    /// `spark.master` names another cluster manager than the form's.
    OtherMaster {
        /// The master.
        master: String,
    },
    /// A line that holds no setting (for example text between commands).
    NotASetting {
        /// The start of the line.
        text: String,
    },
    /// An executor setting given beside EMR's `maximizeResourceAllocation`: the given value
    /// stands and the maximised one is not used (see `apply::explicit_beside_maximize`).
    ExplicitBesideMaximize {
        /// The key.
        key: &'static str,
        /// The value given, which the answer uses.
        value: String,
        /// What `maximizeResourceAllocation` would have written for this key (MiB for the
        /// memory).
        maximized: u64,
        /// The line of `maximizeResourceAllocation`.
        maximize_line: u32,
    },
    /// Settings for another cluster manager than the form's: switch the form to check them
    /// as they run there.
    OtherManager {
        /// The cluster manager the settings are for.
        suggested: crate::catalog::ClusterManager,
        /// What says so: a format's name, a key or the master.
        evidence: String,
    },
    /// A setting the form cannot hold: "Use these settings" leaves it out.
    NotCarried {
        /// The key.
        key: String,
    },
}

/// Why Spark would refuse a value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BadValue {
    /// Not a size Spark reads (`JavaUtils.byteStringAs`), with Spark's reason.
    Size(crate::units::SizeError),
    /// Not an integer (`ConfigBuilder.intConf`: "should be int, but was …"); a fraction of a
    /// core on YARN.
    NotInt,
    /// Not a number ("should be double, but was …").
    NotNumber,
    /// Not `true` or `false` ("should be boolean, but was …").
    NotBool,
    /// Not `client` or `cluster`.
    NotDeployMode,
    /// Not a Kubernetes CPU quantity.
    NotCpuQuantity,
    /// Read, but outside what Spark accepts.
    OutOfRange(&'static str),
}

/// A finding, with where it was met (none for the text as a whole).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Where.
    pub origin: Option<Origin>,
    /// What.
    pub kind: FindingKind,
}

impl Finding {
    fn at(origin: Origin, kind: FindingKind) -> Finding {
        Finding {
            origin: Some(origin),
            kind,
        }
    }

    fn whole(kind: FindingKind) -> Finding {
        Finding { origin: None, kind }
    }
}

/// Everything read from the pasted text, in reading order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Pasted {
    /// The kinds of text recognised, in the order met.
    pub formats: Vec<Format>,
    /// Every setting read, in reading order (several may set one key).
    pub settings: Vec<Setting>,
    /// What reading found.
    pub findings: Vec<Finding>,
    /// The application's language, when the text says it (`app.py`, `pyspark`, `type: Python`).
    pub app_type: Option<(AppType, Origin)>,
    /// The Spark release line, when the text says it (`sparkVersion`).
    pub spark_version: Option<(SparkVersion, Origin)>,
    /// EMR's `maximizeResourceAllocation` (the `spark` classification).
    pub maximize_resource_allocation: Option<(bool, Origin)>,
    /// The line that shows what a structured text is: a manifest's `kind:` line, an EMR
    /// configuration's first `Classification`.
    pub recognised_at: Option<Origin>,
}

impl Pasted {
    fn push(
        &mut self,
        key: impl Into<String>,
        value: impl Into<String>,
        origin: Origin,
        stage: Stage,
    ) {
        self.settings.push(Setting {
            key: key.into(),
            value: value.into(),
            origin,
            stage,
        });
    }

    fn note_format(&mut self, format: Format) {
        if !self.formats.contains(&format) {
            self.formats.push(format);
        }
    }

    /// Each key's value after Spark's order of precedence (stage, then reading order), in the
    /// order keys were first read, with the settings each replaced.
    pub fn effective(&self) -> Vec<Effective> {
        let mut ordered: Vec<&Setting> = self.settings.iter().collect();
        ordered.sort_by_key(|s| s.stage);
        // Each key's place in `out`, and the first line that sets it (a pasted text can hold
        // thousands of keys: no search through `out` per setting).
        let mut index: std::collections::BTreeMap<&str, usize> = Default::default();
        let mut out: Vec<(u32, Effective)> = Vec::new();
        for s in ordered {
            match index.get(s.key.as_str()) {
                Some(&i) => {
                    let (first_line, e) = &mut out[i];
                    *first_line = (*first_line).min(s.origin.line);
                    e.overridden.push(e.origin);
                    e.value.clone_from(&s.value);
                    e.origin = s.origin;
                }
                None => {
                    index.insert(&s.key, out.len());
                    let e = Effective {
                        key: s.key.clone(),
                        value: s.value.clone(),
                        origin: s.origin,
                        overridden: Vec::new(),
                    };
                    out.push((s.origin.line, e));
                }
            }
        }
        // In the order of the text: by the first line that sets each key (a link's settings,
        // all at line 0, keep their order).
        out.sort_by_key(|(first_line, _)| *first_line);
        out.into_iter().map(|(_, e)| e).collect()
    }

    /// [`Pasted::effective`] with EMR's `maximizeResourceAllocation` (the `spark`
    /// classification) in its place by line: the lists of settings show it like the other keys
    /// the check reads.
    pub fn effective_listed(&self) -> Vec<Effective> {
        let mut all = self.effective();
        if let Some((on, origin)) = self.maximize_resource_allocation {
            let at = all.iter().position(|e| e.origin.line > origin.line);
            let maximize = Effective {
                key: "maximizeResourceAllocation".to_string(),
                value: on.to_string(),
                origin,
                overridden: Vec::new(),
            };
            all.insert(at.unwrap_or(all.len()), maximize);
        }
        all
    }

    /// The value that stands for `key`, if any.
    pub fn value(&self, key: &str) -> Option<String> {
        self.effective()
            .into_iter()
            .find(|e| e.key == key)
            .map(|e| e.value)
    }
}

/// Reads pasted text: recognises each part by its content and reads it as Spark (or EMR, or
/// the Spark operator) would. Never panics; what cannot be read becomes a finding with its line.
pub fn read(text: &str) -> Pasted {
    let mut pasted = Pasted::default();
    if text.len() > MAX_TEXT_BYTES {
        pasted
            .findings
            .push(Finding::whole(FindingKind::TooLong { bytes: text.len() }));
        return pasted;
    }
    let trimmed = text.trim_start();
    if trimmed.trim_end().is_empty() {
        pasted.findings.push(Finding::whole(FindingKind::Empty));
        return pasted;
    }
    if trimmed.starts_with('[') || trimmed.starts_with('{') {
        read_structured(text, Format::EmrConfiguration, &mut pasted);
    } else if looks_like_manifest(text) {
        read_structured(text, Format::SparkApplication, &mut pasted);
    } else {
        command::read_lines(text, &mut pasted);
    }
    keys_findings(&mut pasted);
    pasted
}

/// Reads settings given as key/value pairs, all read at `origin` (an event log's `Spark
/// Properties`, the values the application ran with): the same key and value checks as pasted
/// text, with no syntax of their own to read. A Python application (`spark.submit.pyFiles`, or
/// YARN's `spark.yarn.isPython`) is noted as such.
pub fn read_pairs<'a>(
    pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    origin: Origin,
) -> Pasted {
    let mut pasted = Pasted::default();
    pasted.note_format(origin.format);
    for (key, value) in pairs {
        pasted.push(key, value, origin, Stage::Conf);
        let python = (key == "spark.yarn.isPython" && value.trim() == "true")
            || (key == "spark.submit.pyFiles" && !value.trim().is_empty());
        if python {
            pasted.app_type = Some((AppType::Python, origin));
        }
    }
    if pasted.settings.is_empty() {
        pasted.findings.push(Finding::whole(FindingKind::Empty));
    }
    keys_findings(&mut pasted);
    pasted
}

/// A YAML manifest: a `kind: SparkApplication` line or the operator's API group.
fn looks_like_manifest(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim();
        (l.starts_with("kind:") && l.contains("SparkApplication"))
            || (l.starts_with("apiVersion:") && l.contains("sparkoperator"))
    })
}

#[cfg(feature = "yaml")]
fn read_structured(text: &str, format: Format, pasted: &mut Pasted) {
    pasted.note_format(format);
    match format {
        Format::EmrConfiguration => emr_json::read(text, pasted),
        _ => manifest::read(text, pasted),
    }
}

#[cfg(not(feature = "yaml"))]
fn read_structured(_text: &str, format: Format, pasted: &mut Pasted) {
    pasted.note_format(format);
    pasted
        .findings
        .push(Finding::whole(FindingKind::FormatNotInBuild { format }));
}

/// Findings about keys and values of every setting: non-Spark keys, deprecated and misspelt
/// keys, values Spark would refuse.
fn keys_findings(pasted: &mut Pasted) {
    let mut found = Vec::new();
    for s in &pasted.settings {
        found.extend(
            apply::setting_findings(s)
                .into_iter()
                .map(|k| Finding::at(s.origin, k)),
        );
    }
    pasted.findings.extend(found);
}
