//! Reading a `spark-submit` command the way spark-submit does, for everything that bears on
//! resources: master, deploy mode, memory and core flags, `--conf`, and a `.py` primary resource
//! making the application a Python app.

use std::fmt;

use crate::catalog::ClusterManager;
use crate::spark::{AppType, DeployMode, SparkConf};
use crate::spark_keys as keys;

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
    ("--master", Some(keys::MASTER)),
    ("--deploy-mode", Some(keys::DEPLOY_MODE)),
    ("--executor-memory", Some(keys::EXECUTOR_MEMORY)),
    ("--executor-cores", Some(keys::EXECUTOR_CORES)),
    ("--num-executors", Some(keys::EXECUTOR_INSTANCES)),
    ("--driver-memory", Some(keys::DRIVER_MEMORY)),
    ("--driver-cores", Some(keys::DRIVER_CORES)),
    ("--total-executor-cores", Some(keys::CORES_MAX)),
    ("--queue", Some(keys::YARN_QUEUE)),
    ("--name", Some(keys::APP_NAME)),
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

/// Whether `word` is one of spark-submit's own long options (`--executor-memory`,
/// `--conf=…`): after the application, such a word goes to the application instead.
pub fn is_submit_option(word: &str) -> bool {
    let name = word.split_once('=').map_or(word, |(n, _)| n);
    name.starts_with("--")
        && (SWITCHES.contains(&name) || WITH_VALUE.iter().any(|(o, _)| *o == name))
}

/// One setting a spark-submit argument list makes, in the order given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubmitAssignment {
    /// The configuration key (`--executor-memory` sets `spark.executor.memory`).
    pub key: String,
    /// The value as given.
    pub value: String,
    /// The index of the word that named the option (for line numbers of a pasted command).
    pub word: usize,
    /// A dedicated flag (`--executor-memory`), which wins over any `--conf` of the same key.
    pub from_flag: bool,
}

/// What spark-submit reads from an argument list, in order, before it merges anything.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SubmitWords {
    /// Every setting, `--conf` pairs and dedicated flags, in the order given.
    pub assignments: Vec<SubmitAssignment>,
    /// `--properties-file`, with the index of its option word: a file the check cannot read.
    pub properties_file: Option<(String, usize)>,
    /// The index of the primary resource (the application), when there is one.
    pub primary_resource: Option<usize>,
}

/// Reads spark-submit arguments (without the program name) in order: each setting with the
/// index of the word that made it. [`parse_submit`] merges them as spark-submit does.
pub fn read_submit_words<S: AsRef<str>>(args: &[S]) -> Result<SubmitWords, SubmitError> {
    let mut read = SubmitWords::default();
    let mut i = 0;
    while i < args.len() {
        let at = i;
        let arg = args[i].as_ref();
        i += 1;
        if !arg.starts_with('-') || arg == "-" {
            read.primary_resource = Some(at);
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
        read_option(&mut read, name, *key, value, at)?;
    }
    Ok(read)
}

fn read_option(
    read: &mut SubmitWords,
    name: &str,
    key: Option<&str>,
    value: String,
    word: usize,
) -> Result<(), SubmitError> {
    match key {
        Some(key) => read.assignments.push(SubmitAssignment {
            key: key.to_string(),
            value,
            word,
            from_flag: true,
        }),
        // SparkSubmitUtils.parseSparkConfProperty: split at the first '='.
        None if name == "--conf" || name == "-c" => {
            let (k, v) = value
                .split_once('=')
                .ok_or_else(|| SubmitError::ConfWithoutEquals {
                    value: value.clone(),
                })?;
            read.assignments.push(SubmitAssignment {
                key: k.to_string(),
                value: v.to_string(),
                word,
                from_flag: false,
            });
        }
        None if name == "--properties-file" => read.properties_file = Some((value, word)),
        None => {}
    }
    Ok(())
}

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
    let read = read_submit_words(args)?;
    let mut cmd = SubmitCommand::default();
    if let Some(at) = read.primary_resource {
        cmd.primary_resource = Some(args[at].as_ref().to_string());
        cmd.app_args = args[at + 1..]
            .iter()
            .map(|a| a.as_ref().to_string())
            .collect();
    }
    // --conf pairs first; the dedicated flags win over them, as in SparkSubmitArguments.
    let mut conf = SparkConf::new();
    for from_flag in [false, true] {
        for a in read.assignments.iter().filter(|a| a.from_flag == from_flag) {
            conf.set(a.key.clone(), a.value.clone());
        }
    }
    cmd.master = conf.get(keys::MASTER).map(str::to_string);
    cmd.cluster_manager = match cmd.master.as_deref() {
        Some(m) if m == "yarn" || m.starts_with("yarn-") => Some(ClusterManager::Yarn),
        Some(m) if m.starts_with("k8s://") => Some(ClusterManager::Kubernetes),
        _ => None,
    };
    cmd.deploy_mode = match conf.get(keys::DEPLOY_MODE) {
        Some("cluster") => DeployMode::Cluster,
        _ if cmd.master.as_deref() == Some("yarn-cluster") => DeployMode::Cluster,
        _ => DeployMode::Client,
    };
    cmd.app_type = app_type_of(cmd.primary_resource.as_deref());
    cmd.conf = conf;
    Ok(cmd)
}

/// From the primary resource: `.py` is Python, `.R` is R, anything else a JVM app.
pub fn app_type_of(primary_resource: Option<&str>) -> AppType {
    match primary_resource {
        Some(r) if r.ends_with(".py") => AppType::Python,
        Some(r) if r.ends_with(".R") || r.ends_with(".r") => AppType::R,
        _ => AppType::Jvm,
    }
}

/// Splits a pasted command line into words as a POSIX shell would (single and double quotes,
/// backslash escapes, `\` line continuations), dropping a leading `spark-submit` program and
/// leading `VAR=value` assignments.
pub fn split_command_line(line: &str) -> Result<Vec<String>, SubmitError> {
    let words = split_shell_words(line).map_err(|(e, _)| e)?;
    let mut words: Vec<String> = words.into_iter().map(|(w, _)| w).collect();
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

/// Splits shell text into words, each with the line (1-based) it starts on, as bash reads them
/// command after command (see [`lex_command`]: a `#` comment is no word, `;`, `&` and `|` end a
/// command, a redirection's target is no word); an unclosed quote is reported with the line the
/// quote opened on.
pub fn split_shell_words(text: &str) -> Result<Vec<(String, u32)>, (SubmitError, u32)> {
    let mut words = Vec::new();
    let mut rest = text;
    let mut line_offset: u32 = 0;
    while !rest.is_empty() {
        let command =
            lex_command(rest).map_err(|(e, line)| (e, line.saturating_add(line_offset)))?;
        let lines_used = rest[..command.rest].matches('\n').count();
        for (w, line) in command.words {
            words.push((w, line.saturating_add(line_offset)));
        }
        line_offset = line_offset.saturating_add(u32::try_from(lines_used).unwrap_or(u32::MAX));
        rest = &rest[command.rest..];
    }
    Ok(words)
}

/// How a shell command ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommandEnd {
    /// At the end of the text.
    Text,
    /// At a line break that no `\` escapes.
    Newline,
    /// At the end of a line where a comment (`#` at the start of a word) began, on `line`:
    /// bash reads the rest of that line, a `\` at its end included, as the comment.
    Comment {
        /// The comment's line (1-based).
        line: u32,
    },
    /// At `;`, `&`, `&&`, `|` or `||`.
    Operator,
}

/// The first command of shell text, as bash reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShellCommand {
    /// Its words after quote removal, each with the line (1-based) it starts on.
    pub words: Vec<(String, u32)>,
    /// How it ended.
    pub end: CommandEnd,
    /// The line (1-based) it ended on.
    pub last_line: u32,
    /// Whether a `\` at the end of a line carried it onto the next.
    pub continued: bool,
    /// The byte offset where the text after it starts.
    pub rest: usize,
}

type Chars<'a> = std::iter::Peekable<std::str::CharIndices<'a>>;

/// The words being gathered and the line reached.
#[derive(Default)]
struct Words {
    words: Vec<(String, u32)>,
    current: String,
    start: Option<u32>,
    line: u32,
    /// The next word is a redirection's target (`> out.log`): not an argument.
    redirected: bool,
}

impl Words {
    fn push(&mut self, c: char) {
        self.current.push(c);
        self.start.get_or_insert(self.line);
    }

    fn end_word(&mut self) {
        if let Some(at) = self.start.take() {
            let word = std::mem::take(&mut self.current);
            if !std::mem::take(&mut self.redirected) {
                self.words.push((word, at));
            }
        }
    }

    fn finish(mut self, end: CommandEnd, continued: bool, rest: usize) -> ShellCommand {
        self.end_word();
        ShellCommand {
            words: self.words,
            end,
            last_line: self.line,
            continued,
            rest,
        }
    }
}

/// Reads the first command of `text` as bash does: words split at spaces, tabs and line breaks
/// only (a no-break space is part of its word), quotes and `\` escapes removed, `\` at a line's
/// end continuing the command, a word starting with `#` beginning a comment to the end of the
/// line, and the command ending at a line break, `;`, `&` or `|`; a redirection (`> log`,
/// `2>&1`) is not among the words.
pub fn lex_command(text: &str) -> Result<ShellCommand, (SubmitError, u32)> {
    let mut w = Words {
        line: 1,
        ..Words::default()
    };
    let mut continued = false;
    let mut comment: Option<u32> = None;
    let mut chars: Chars<'_> = text.char_indices().peekable();
    while let Some((at, ch)) = chars.next() {
        match ch {
            '\\' => match chars.next() {
                Some((_, '\n')) => {
                    w.line = w.line.saturating_add(1);
                    continued = true;
                }
                Some((_, c)) => w.push(c),
                None => {}
            },
            '\'' | '"' => {
                let opened = w.line;
                w.start.get_or_insert(opened);
                if !quoted(&mut chars, &mut w, ch) {
                    return Err((SubmitError::UnclosedQuote, opened));
                }
            }
            '#' if w.start.is_none() => {
                comment = Some(w.line);
                while chars.next_if(|(_, c)| *c != '\n').is_some() {}
            }
            ' ' | '\t' => w.end_word(),
            '\n' => {
                let end = comment.map_or(CommandEnd::Newline, |line| CommandEnd::Comment { line });
                return Ok(w.finish(end, continued, at + 1));
            }
            ';' | '&' | '|' => {
                let rest = match chars.next_if(|(_, c)| *c == ch && ch != ';') {
                    Some((i, c)) => i + c.len_utf8(),
                    None => at + 1,
                };
                return Ok(w.finish(CommandEnd::Operator, continued, rest));
            }
            // `<your-app>`: a placeholder, as documents (and the page's own exports) write
            // one, not an input redirection.
            '<' if placeholder_length(&text[at..]).is_some() => {
                let length = placeholder_length(&text[at..]).unwrap_or(1);
                w.push('<');
                for _ in 1..length {
                    if let Some((_, c)) = chars.next() {
                        w.push(c);
                    }
                }
            }
            '>' | '<' => {
                // `2>` names a file descriptor, not an argument.
                if w.current.bytes().all(|b| b.is_ascii_digit()) {
                    w.start = None;
                    w.current.clear();
                }
                w.end_word();
                while chars
                    .next_if(|(_, c)| matches!(c, '>' | '<' | '&'))
                    .is_some()
                {}
                w.redirected = true;
            }
            c => w.push(c),
        }
    }
    Ok(w.finish(CommandEnd::Text, continued, text.len()))
}

/// The length in characters of a placeholder such as `<your-app>` at the start of `text`: `<`,
/// letters, digits, `-`, `_`, `.` or `/`, then `>` and a space, a line break or the end.
fn placeholder_length(text: &str) -> Option<usize> {
    let inner = text.strip_prefix('<')?;
    let end = inner.find('>')?;
    let name = &inner[..end];
    let after = inner[end + 1..].chars().next();
    let word = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/');
    (!name.is_empty()
        && name.chars().all(word)
        && after.is_none_or(|c| matches!(c, ' ' | '\t' | '\n')))
    .then(|| name.chars().count() + 2)
}

/// The rest of a quoted string opened by `quote`: in double quotes `\` escapes `"`, `\`, `$`,
/// `` ` `` and a line break; false when it is not closed.
fn quoted(chars: &mut Chars<'_>, w: &mut Words, quote: char) -> bool {
    while let Some((_, c)) = chars.next() {
        match c {
            c if c == quote => return true,
            '\\' if quote == '"' => match chars.next() {
                Some((_, c @ ('"' | '\\' | '$' | '`'))) => w.current.push(c),
                Some((_, '\n')) => w.line = w.line.saturating_add(1),
                Some((_, c)) => {
                    w.current.push('\\');
                    w.current.push(c);
                }
                None => return false,
            },
            '\n' => {
                w.line = w.line.saturating_add(1);
                w.current.push(c);
            }
            c => w.current.push(c),
        }
    }
    false
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
    fn reads_words_as_bash_does() {
        let words = |text: &str| -> Vec<String> {
            split_shell_words(text)
                .unwrap()
                .into_iter()
                .map(|(w, _)| w)
                .collect()
        };
        // A comment, operators, redirections; a no-break space is part of its word; a
        // placeholder such as `<your-app>` is a word, not a redirection.
        assert_eq!(
            words("a b\u{a0}c # d \\\ne > out.log 2>&1; f <your-app> && g"),
            ["a", "b\u{a0}c", "e", "f", "<your-app>", "g"]
        );
        let c = lex_command("x \\\n y # z\n w").unwrap();
        assert_eq!(c.end, CommandEnd::Comment { line: 2 });
        assert!(c.continued);
        assert_eq!(&"x \\\n y # z\n w"[c.rest..], " w");
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
