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
#[cfg(feature = "yaml")]
mod job_run;
pub mod keys;
pub mod link;
#[cfg(feature = "yaml")]
mod manifest;
pub mod properties;
mod resources;
#[cfg(feature = "yaml")]
mod tree;
pub mod words;
mod words_reading;

pub use answer::{check, check_part, check_pasted, Answer, Check, CpuCounted, Side, SideNumbers};
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
    /// A Spark-operator `SparkApplication` manifest (YAML, or the same as JSON).
    SparkApplication,
    /// An EMR on EKS job run: `aws emr-containers start-job-run`'s JSON.
    EmrOnEksJob,
    /// An EMR Serverless job run: `aws emr-serverless start-job-run`'s JSON.
    EmrServerlessJob,
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
    /// A resource amount Spark cannot read (an executor's a whole number, a task's a
    /// decimal).
    BadResourceAmount {
        /// The key.
        key: String,
        /// The value.
        value: String,
        /// Whether it is the task's amount (`spark.task.resource.*`).
        task: bool,
    },
    /// Custom resources Spark refuses at start.
    ResourceRefused(crate::resources::ResourceRefusal),
    /// A resource lets fewer tasks run at once than the executor's cores.
    TasksLimitedByResource {
        /// The resource.
        name: String,
        /// `spark.executor.cores`.
        cores: u32,
        /// `spark.task.cpus`.
        task_cpus: u32,
        /// Tasks at once per executor.
        slots: u64,
        /// What the cores alone allow.
        slots_by_cores: u64,
    },
    /// An executor resource no task asks for: it sits idle.
    ResourceUnusedByTasks {
        /// The resource.
        name: String,
    },
    /// A SparkApplication pod's `gpu`: the operator adds the GPUs to the pod's limits; Spark
    /// schedules no task by them.
    OperatorGpu {
        /// `driver` or `executor`.
        pod: &'static str,
        /// The resource name (`nvidia.com/gpu`).
        name: String,
        /// How many per pod, as written.
        quantity: String,
    },
    /// Kubernetes: an executor resource with no vendor, which Spark refuses.
    NoVendor {
        /// The resource.
        name: String,
    },
    /// An executor resource with no discovery script: executors stop at start.
    NoDiscoveryScript {
        /// The resource.
        name: String,
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
    /// `maximizeResourceAllocation` beside `spark.dynamicAllocation.enabled=true`: EMR writes
    /// no `spark.executor.instances` then, so dynamic allocation chooses the count.
    MaximizeLeavesCountToDynamicAllocation {
        /// The executors `maximizeResourceAllocation` would have set (one per core node).
        core_nodes: u64,
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
    /// The text starts with a byte-order mark (U+FEFF, invisible): read without it for a
    /// command or JSON/YAML; Java's `Properties` keeps it in a defaults file's first key.
    ByteOrderMark {
        /// The format the text was read as.
        format: Format,
    },
    /// An invisible character (a byte-order mark, a zero-width space or joiner, a soft hyphen)
    /// inside a key: Spark reads it as part of the key, so it does not know the key.
    InvisibleCharacter {
        /// The key, the character written as `<U+200B>`.
        key: String,
        /// The character.
        character: char,
    },
    /// Windows line endings (CR LF) in a command: read as line breaks, which bash does not.
    WindowsLineEndings,
    /// bash ends the command before lines that were meant for it.
    CommandCut(Cut),
    /// Options on lines of their own without `\`, read as one command as they were meant.
    OptionLinesJoined {
        /// The first line.
        first: u32,
        /// The last line.
        last: u32,
    },
    /// A word that is not what it looks like (a dash, a quote, a space that the shell reads
    /// as part of a word), and what spark-submit does with it.
    Mistyped {
        /// The word, as the shell reads it.
        word: String,
        /// What it holds.
        lookalike: Lookalike,
        /// What spark-submit does.
        outcome: SubmitOutcome,
    },
    /// A spark-submit command with no application: spark-submit stops ("Must specify a
    /// primary resource (JAR or Python or R file)").
    NoApplication,
    /// spark-submit's own options after the application: they go to the application.
    OptionsAfterApplication {
        /// What spark-submit takes as the application.
        application: String,
        /// The first such option.
        first: String,
        /// How many.
        options: u32,
        /// Whether the application reads as one (a jar, a script, a path).
        plausible: bool,
    },
    /// `spark.master` Spark refuses at submit time ("Master must either be yarn or start with
    /// spark, k8s, or local"), such as Spark 1's `yarn-cluster`.
    MasterRefused {
        /// The master.
        master: String,
        /// The Spark release line checked.
        version: SparkVersion,
    },
    /// Java options that Spark refuses at start: a heap size (`-Xmx`) or Spark settings
    /// (`-Dspark.`) in a JVM's options.
    JavaOptionsRefused {
        /// The key.
        key: String,
        /// Its value.
        value: String,
        /// What it sets.
        sets: JavaOption,
    },
    /// A key Spark does not read (any more): it has no effect.
    IgnoredKey {
        /// The key.
        key: String,
        /// Why.
        why: Ignored,
    },
    /// The text holds several commands (or SparkApplications): each is checked on its own.
    SeveralParts {
        /// Every part, in the order of the text.
        parts: Vec<Part>,
        /// The index of the part this answer is for.
        checked: usize,
    },
    /// A text that is none of the formats the check reads, named.
    NotCheckable {
        /// What it is.
        what: Other,
    },
    /// A document of a YAML file that is not a SparkApplication: not checked.
    OtherDocument {
        /// Its `kind`.
        kind: String,
    },
    /// A value the Spark operator sets when the manifest leaves it out, unlike Spark's own
    /// default (`api/v1beta2/defaults.go`).
    OperatorDefault {
        /// The key.
        key: &'static str,
        /// The value the operator passes.
        value: &'static str,
    },
    /// A Spark version the check has no rules of: checked with the nearest it has.
    NearestVersion {
        /// The version as given.
        given: String,
        /// The rules used.
        used: SparkVersion,
    },
}

/// Why bash ends a command before the lines meant for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CutKind {
    /// A comment (`#`) ends the line, a `\` in it included.
    Comment,
    /// A line that does not end in `\`.
    MissingBackslash,
    /// A line that ends in `/`, typed for `\`.
    Slash,
}

/// Where bash ends a command, and the lines after it that were meant for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cut {
    /// Why.
    pub kind: CutKind,
    /// The line where the command ends.
    pub line: u32,
    /// The first and last line meant for the command and not in it.
    pub tail: (u32, u32),
    /// The options on those lines.
    pub options: u32,
    /// Whether the command bash runs names an application.
    pub application: bool,
}

/// A character that looks like what was meant and is not, for the shell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lookalike {
    /// A no-break or other Unicode space: part of the word for the shell.
    Space(char),
    /// An en or em dash (or another dash) where `-` or `--` was meant.
    Dash(char),
    /// A curly quote where `"` or `'` was meant: part of the word for the shell.
    Quote(char),
    /// A lone `/` where `\` was meant.
    Slash,
    /// `key= value`: the value ended at the space, and the word after it stands alone.
    SpaceAfterEquals {
        /// The key left empty.
        key: String,
    },
}

impl Lookalike {
    /// Whether `c` is a dash that a word processor writes for `-` or `--`.
    pub fn dash(c: char) -> bool {
        matches!(
            c,
            '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{fe58}' | '\u{fe63}' | '\u{ff0d}'
        )
    }

    /// Whether `c` is a space the shell does not split words at.
    pub fn space(c: char) -> bool {
        matches!(
            c,
            '\u{a0}' | '\u{2000}'..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
        )
    }

    /// Whether `c` is a curly (typographic) quote.
    pub fn quote(c: char) -> bool {
        matches!(c, '\u{2018}'..='\u{201f}' | '\u{ab}' | '\u{bb}')
    }

    /// The first lookalike in `word`: a dash at its start, a curly quote or a Unicode space.
    pub fn in_word(word: &str) -> Option<Lookalike> {
        if let Some(c) = word.chars().next().filter(|c| Lookalike::dash(*c)) {
            return Some(Lookalike::Dash(c));
        }
        word.chars().find_map(|c| {
            if Lookalike::quote(c) {
                Some(Lookalike::Quote(c))
            } else if Lookalike::space(c) {
                Some(Lookalike::Space(c))
            } else {
                None
            }
        })
    }
}

/// What spark-submit does with a command holding a mistyped word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SubmitOutcome {
    /// It refuses the command.
    Refused(SubmitError),
    /// It takes the word as the application, and passes what follows to the application.
    TakenAsApplication {
        /// The options after it, lost to Spark.
        options_lost: u32,
    },
    /// The key is not the one meant: Spark ignores it.
    KeyIgnored,
}

/// What a JVM option in `*.extraJavaOptions` sets that Spark refuses there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JavaOption {
    /// The heap (`-Xmx`).
    MaxHeap,
    /// Spark settings (`-Dspark.`).
    SparkSetting,
}

/// Why Spark ignores a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ignored {
    /// A `spark.kubernetes.*` key that Spark's Kubernetes support does not define.
    UnknownKubernetesKey,
    /// A Spark 1.x memory key (the legacy memory manager, removed in Spark 3.0).
    LegacyMemory,
}

/// What a text the check does not read is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Other {
    /// A Helm chart's values (YAML without `kind`, with the keys charts use).
    HelmValues,
    /// YAML with nested settings that is no Kubernetes object.
    Yaml,
    /// Terraform (HCL).
    Terraform,
    /// An AWS command line (`aws emr add-steps`, …): its first words.
    AwsCommand(String),
    /// A Kubernetes object of another kind than SparkApplication.
    KubernetesObject {
        /// Its `kind`.
        kind: String,
    },
    /// Lines none of which holds a setting.
    NoSetting {
        /// How many.
        lines: u32,
    },
}

/// One job of a text: a spark-submit command or a SparkApplication, checked on its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// What it is.
    pub format: Format,
    /// Its first line.
    pub first_line: u32,
    /// Its last line.
    pub last_line: u32,
    /// What it runs: the application's file name, or the SparkApplication's name.
    pub name: String,
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
    /// The jobs of the text (commands, SparkApplications), in order: each is read on its own.
    pub parts: Vec<Part>,
    /// The index in [`Pasted::parts`] of the one these settings are of.
    pub part: usize,
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
/// A text of several commands or SparkApplications gives the first one's settings
/// ([`read_part`] reads another).
pub fn read(text: &str) -> Pasted {
    read_part(text, 0)
}

/// The most parts of a text the check lists (and checks, each on its own).
pub const MAX_PARTS: usize = 50;

/// [`read`] for the part of index `part` of a text of several commands or SparkApplications
/// ([`Pasted::parts`] lists them; an index past the last reads no part's settings).
pub fn read_part(text: &str, part: usize) -> Pasted {
    let mut pasted = Pasted {
        part,
        ..Pasted::default()
    };
    if text.len() > MAX_TEXT_BYTES {
        pasted
            .findings
            .push(Finding::whole(FindingKind::TooLong { bytes: text.len() }));
        return pasted;
    }
    // JSON and YAML may start with a byte-order mark (both specifications allow it).
    let unmarked = text.strip_prefix('\u{feff}').unwrap_or(text);
    let trimmed = unmarked.trim_start();
    if trimmed.trim_end().is_empty() {
        pasted.findings.push(Finding::whole(FindingKind::Empty));
        return pasted;
    }
    if trimmed.starts_with('[') || trimmed.starts_with('{') {
        read_structured(unmarked, Format::EmrConfiguration, part, &mut pasted);
    } else if looks_like_manifest(unmarked) {
        read_structured(unmarked, Format::SparkApplication, part, &mut pasted);
    } else if let Some(what) = other_format(unmarked) {
        let kind = FindingKind::NotCheckable { what };
        pasted.findings.push(Finding::whole(kind));
    } else {
        // Windows line endings are line breaks to the reader of this text, not to bash.
        let crlf = text.contains("\r\n");
        let lines = if crlf {
            std::borrow::Cow::Owned(text.replace("\r\n", "\n"))
        } else {
            std::borrow::Cow::Borrowed(text)
        };
        command::read_lines(&lines, part, &mut pasted);
        if crlf && !pasted.parts.is_empty() {
            let first = pasted.parts.get(part).map_or(1, |p| p.first_line);
            let origin = Origin {
                format: Format::SubmitCommand,
                line: first,
            };
            pasted
                .findings
                .push(Finding::at(origin, FindingKind::WindowsLineEndings));
        }
        no_setting_lines(&mut pasted);
    }
    if pasted.parts.len() > 1 {
        let kind = FindingKind::SeveralParts {
            parts: pasted.parts.iter().take(MAX_PARTS).cloned().collect(),
            checked: part,
        };
        pasted.findings.insert(0, Finding::whole(kind));
    }
    keys_findings(&mut pasted);
    pasted
}

/// Lines none of which holds a setting (a script, a program, notes): one finding for them all
/// instead of one per line, when nothing at all was read.
fn no_setting_lines(pasted: &mut Pasted) {
    let not_settings = pasted
        .findings
        .iter()
        .filter(|f| matches!(f.kind, FindingKind::NotASetting { .. }))
        .count();
    if pasted.settings.is_empty() && pasted.parts.is_empty() && not_settings >= 3 {
        pasted
            .findings
            .retain(|f| !matches!(f.kind, FindingKind::NotASetting { .. }));
        let lines = u32::try_from(not_settings).unwrap_or(u32::MAX);
        let what = Other::NoSetting { lines };
        pasted
            .findings
            .push(Finding::whole(FindingKind::NotCheckable { what }));
    }
}

/// A text that is none of the formats read, when its lines say what it is: Terraform, an AWS
/// command line, or YAML that nests (a Helm chart's values, another Kubernetes object).
fn other_format(text: &str) -> Option<Other> {
    const TERRAFORM: &[&str] = &[
        "resource \"",
        "data \"",
        "provider \"",
        "module \"",
        "variable \"",
        "output \"",
        "terraform {",
        "locals {",
    ];
    let mut aws = None;
    for line in text.lines() {
        let t = line.trim_start().trim_start_matches("$ ");
        if TERRAFORM.iter().any(|start| t.starts_with(start)) {
            return Some(Other::Terraform);
        }
        let words: Vec<&str> = t.split_whitespace().take(3).collect();
        if words.first() == Some(&"aws") && words.get(1).is_some_and(|w| w.starts_with("emr")) {
            aws.get_or_insert(words.join(" "));
        }
    }
    if let Some(command) = aws {
        // A script that runs spark-submit too is read as commands.
        if !text.lines().any(|l| l.contains("spark-submit")) {
            return Some(Other::AwsCommand(command));
        }
    }
    nested_yaml(text)
}

/// YAML whose settings nest (no properties file does), which is not a SparkApplication.
#[cfg(feature = "yaml")]
fn nested_yaml(text: &str) -> Option<Other> {
    let nested_key = |l: &str| {
        let t = l.trim_end();
        !t.starts_with([' ', '\t', '#', '-']) && t.ends_with(':') && !t.contains(' ')
    };
    if !text.lines().any(nested_key) {
        return None;
    }
    let docs = tree::parse(text).ok()?;
    let first = docs.first()?;
    let tree::Node::Map { entries, .. } = first else {
        return None;
    };
    if !entries
        .iter()
        .any(|(_, _, v)| !matches!(v, tree::Node::Scalar { .. }))
    {
        return None;
    }
    const HELM: &[&str] = &[
        "image",
        "replicaCount",
        "resources",
        "nodeSelector",
        "tolerations",
        "affinity",
        "serviceAccount",
        "podAnnotations",
        "spark",
        "sparkJobNamespace",
        "sparkJobNamespaces",
        "controller",
        "webhook",
        "global",
    ];
    if let Some((_, _, kind)) = entries.iter().find(|(k, _, _)| k == "kind") {
        let kind = kind.text().unwrap_or_default().chars().take(60).collect();
        return Some(Other::KubernetesObject { kind });
    }
    let helm = entries.iter().any(|(k, _, _)| HELM.contains(&k.as_str()));
    Some(if helm { Other::HelmValues } else { Other::Yaml })
}

#[cfg(not(feature = "yaml"))]
fn nested_yaml(_text: &str) -> Option<Other> {
    None
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

/// JSON or YAML, recognised by what its documents hold: SparkApplications (YAML or JSON), an
/// EMR on EKS or EMR Serverless job run, or an EMR configuration. `format` is what the text
/// looked like (JSON: an EMR configuration; YAML: a manifest), for a text that does not parse.
#[cfg(feature = "yaml")]
fn read_structured(text: &str, format: Format, part: usize, pasted: &mut Pasted) {
    let docs = match tree::parse(text) {
        Ok(docs) => docs,
        Err(e) => {
            pasted.note_format(format);
            let at = Origin {
                format,
                line: e.line,
            };
            let kind = FindingKind::Syntax { message: e.message };
            pasted.findings.push(Finding::at(at, kind));
            return;
        }
    };
    let first = docs.first();
    if manifest::holds_application(&docs) || format == Format::SparkApplication {
        pasted.note_format(Format::SparkApplication);
        manifest::read(&docs, part, pasted);
    } else if let Some((root, job)) = first.and_then(|d| job_run::format_of(d).map(|f| (d, f))) {
        pasted.note_format(job);
        job_run::read(root, job, pasted);
    } else if let Some(root) = first.filter(|d| emr_json::is_configuration(d)) {
        pasted.note_format(Format::EmrConfiguration);
        emr_json::read(root, Format::EmrConfiguration, pasted);
    } else {
        pasted.note_format(Format::EmrConfiguration);
        let at = Origin {
            format: Format::EmrConfiguration,
            line: first.map_or(1, tree::Node::line),
        };
        pasted
            .findings
            .push(Finding::at(at, FindingKind::NotClassifications));
    }
}

#[cfg(not(feature = "yaml"))]
fn read_structured(_text: &str, format: Format, _part: usize, pasted: &mut Pasted) {
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
