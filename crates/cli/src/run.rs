//! Reading the arguments into a scenario, planning it, and writing the chosen format.

use std::ffi::OsString;

use clap::{Arg, ArgAction, ArgMatches, CommandFactory, FromArgMatches, Parser};
use planner::catalog::{self, ClusterManager, Entry};
use planner::check::words::{self, Stop};
use planner::check::{Answer, Check, SideNumbers};
use planner::report::summary::summary;
use planner::report::{try_render, Format};
use planner::scenario::{plan_with_unreadable, presets, Outcome, Scenario};
use planner::text::{check_length, with_bare_unit, TextError};
use planner::url;
use planner::warning::{Diagnostic, Severity};

use crate::fields;

/// The planned scenario was printed.
pub const OK: u8 = 0;
/// The input cannot be planned; the problems are on stderr.
pub const INVALID_INPUT: u8 = 1;
/// The command line itself is wrong (clap's status for usage errors too).
pub const USAGE: u8 = 2;
/// The input was planned, but no executor runs (or the checked file's settings run none): the
/// reason is on stderr, the reports still print, the deployable exports print nothing.
pub const NO_EXECUTOR_RUNS: u8 = 3;

const EXAMPLES: &str = "\
Examples:
  spark-sizer
      the default cluster: 6 nodes, 16 cores and 64 GiB each (17 executors × 5 cores × 19g)
  spark-sizer --nodes 10 --cores-per-node 32 --memory-per-node 256
  spark-sizer --n 10 --c 32 --m 256             the same, by the share link's keys
  spark-sizer --link 'https://sizer.example/?v=1&c=32'
  spark-sizer --link '?v=1&c=32' --nodes 12     a share link, then one field changed
  spark-sizer --preset case2 --format conf > spark-defaults.conf
  spark-sizer --manager k8s --nodes 4 --executor-memory 8g --format yaml
  spark-sizer --manager emr --format emr-json
  spark-sizer --fields --manager k8s            every Kubernetes input, its unit and range
  spark-sizer --check job.sh --c 32             what the cluster does with a spark-submit line
  spark-sizer --manager emr --check cluster.json --format markdown
  spark-sizer --check jobs.sh --part 2          the second command of a script, in full

Inputs: every field of the page is a flag, by a NAME: its long name (--node-memory) or, where
the page names the field by one, its configuration key (--spark.executor.memory); or by its
share link KEY (--kmem). Give each field once. `spark-sizer --fields` lists them all.
Rule: --KEY reads as the link (--kmem 65536 is MiB), --NAME as the form (--node-memory 64 is GiB).

Formats: table (default), text, markdown (the full report), markdown-table and confluence (a
short table for a wiki), html (a fragment with inline styles), svg (the per-node layout), conf
(spark-defaults.conf), submit (spark-submit), emr-json (EMR classifications), yaml (Spark
operator), json (the plan's view: kind spark-sizer-plan, schema 1, the shape of the JS API's plan()).

Check: --check FILE (or - for standard input) reads a spark-submit command, a
spark-defaults.conf, EMR classification JSON, an EMR on EKS or EMR Serverless job run or a
SparkApplication manifest (JSON or YAML) and says what the cluster given by the other flags
does with it, beside the plan. Several commands or SparkApplications in one file are checked
each on its own: the report gives the first in full (--part N the Nth) and each one's answer.
Its formats: text (default), markdown or json.

Exit status: 0 planned or checked (warnings included); 1 the input cannot be planned, the
link holds no field, or the checked file holds no setting, a value Spark refuses or settings
that cannot be planned (the problems are on stderr, each with its field or line); 2 a usage
error or an unreadable file; 3 planned or checked, but no executor runs (why on stderr; the
reports still print, conf, submit, emr-json and yaml print nothing).";

/// The fixed options; the fields are added by [`command`].
#[derive(Debug, Parser)]
#[command(
    name = "spark-sizer",
    override_usage = "spark-sizer [OPTIONS] [--FIELD VALUE]...",
    about = "Spark Sizer: plans Spark executors for YARN, Kubernetes or Amazon EMR, as the page does:\n\
             how many, their cores and memory, and how they sit on each node.",
    version,
    after_help = EXAMPLES,
    max_term_width = 100
)]
struct Cli {
    /// Cluster manager: yarn (the default), k8s (Kubernetes) or emr (Amazon EMR).
    #[arg(long, value_name = "yarn|k8s|emr")]
    manager: Option<String>,

    /// Start from a preset (see --presets), then apply the flags given.
    #[arg(long, value_name = "ID", conflicts_with = "link")]
    preset: Option<String>,

    /// Start from a share link (or its query, `?v=1&c=32`), then apply the flags given.
    #[arg(long, value_name = "LINK")]
    link: Option<String>,

    /// What to print (see Formats below): table by default, text with --check.
    #[arg(long, short = 'f', value_name = "FORMAT")]
    format: Option<String>,

    /// List every input of the cluster manager (--manager; all three without it) and exit.
    #[arg(long)]
    fields: bool,

    /// List the presets and exit.
    #[arg(long)]
    presets: bool,

    /// Check a configuration file (- for standard input) on the cluster the other flags give.
    #[arg(long, value_name = "FILE")]
    check: Option<String>,

    /// With --check, of a file that holds several spark-submit commands or SparkApplications:
    /// check the Nth in full (1 is the first; without it, the first, and every one in a line).
    #[arg(long, value_name = "N", requires = "check")]
    part: Option<usize>,
}

/// What the program prints and its exit status.
pub struct Printed {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Exit status.
    pub status: u8,
}

impl Printed {
    fn to_stdout(stdout: String) -> Printed {
        Printed {
            stdout,
            stderr: String::new(),
            status: OK,
        }
    }

    fn usage(message: String) -> Printed {
        Printed {
            stdout: String::new(),
            stderr: format!("spark-sizer: {message}\n{HELP_LINE}\n"),
            status: USAGE,
        }
    }
}

/// A usage error found by clap, worded as ours are: one prefix (`spark-sizer:`, not clap's
/// `error:`) and one closing line for every usage error.
fn clap_usage_error(rendered: &str) -> Printed {
    let text = rendered.strip_prefix("error: ").unwrap_or(rendered);
    let text = text.replace("For more information, try '--help'.", HELP_LINE);
    Printed {
        stdout: String::new(),
        stderr: format!("spark-sizer: {}\n", text.trim_end()),
        status: USAGE,
    }
}

/// The last line of every usage error.
const HELP_LINE: &str = "Run spark-sizer --help for the flags and examples.";

/// The command: the fixed options, and every catalog field as a flag (hidden from the option
/// list, which would be 130 lines long: `--fields` lists them by cluster manager).
fn command() -> clap::Command {
    let mut command = Cli::command();
    for name in fields::all_flag_names() {
        command = command.arg(
            Arg::new(name.clone())
                .long(name)
                .value_name("VALUE")
                .action(ArgAction::Append)
                .allow_hyphen_values(true)
                .hide(true),
        );
    }
    command
}

/// Runs the program on `args` (the first is the program's name).
pub fn run(args: impl IntoIterator<Item = impl Into<OsString> + Clone>) -> Printed {
    let matches = match command().try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) if e.use_stderr() => return clap_usage_error(&e.render().to_string()),
        // --help and --version.
        Err(e) => return Printed::to_stdout(e.render().to_string()),
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return Printed::usage(e.to_string()),
    };
    match plan_from(&cli, &matches) {
        Ok(outcome) | Err(outcome) => outcome,
    }
}

/// The listing, or the plan in the chosen format.
fn plan_from(cli: &Cli, matches: &ArgMatches) -> Result<Printed, Printed> {
    let manager = cli
        .manager
        .as_deref()
        .map(|m| {
            ClusterManager::parse(&m.to_ascii_lowercase())
                .ok_or_else(|| Printed::usage(format!("--manager {m}: choose yarn, k8s or emr")))
        })
        .transpose()?;
    if cli.fields {
        let managers = manager.map_or(ClusterManager::ALL.to_vec(), |m| vec![m]);
        let listings: Vec<String> = managers.into_iter().map(fields::fields_listing).collect();
        return Ok(Printed::to_stdout(listings.join("\n")));
    }
    if cli.presets {
        return Ok(Printed::to_stdout(presets_listing()));
    }
    let default_format = if cli.check.is_some() { "text" } else { "table" };
    let format_name = cli.format.as_deref().unwrap_or(default_format);
    let format = Format::parse(format_name).ok_or_else(|| {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.as_str()).collect();
        Printed::usage(format!(
            "--format {}: choose one of {}",
            format_name,
            names.join(", ")
        ))
    })?;
    let mut notes = String::new();
    let mut scenario = base_scenario(cli, manager, &mut notes)?;
    let unreadable = apply_flags(&mut scenario, matches)?;
    if let Some(file) = &cli.check {
        let part = match cli.part {
            Some(0) => {
                return Err(Printed::usage(
                    "--part 0: the first command or SparkApplication is --part 1".to_string(),
                ))
            }
            part => part.map(|n| n - 1),
        };
        return checked(file, part, &scenario, format, unreadable, notes);
    }
    let m = scenario.manager();
    if !format.applies_to(m) {
        return Err(Printed::usage(format!(
            "--format {} is not available for {} plans ({})",
            format.as_str(),
            fields::manager_words(m),
            match format {
                Format::EmrJson => "it is for --manager emr",
                _ => "it is for --manager k8s",
            }
        )));
    }
    // As the page does: values that cannot be read keep their defaults, and the problems of
    // the rest are reported with them.
    let outcome = plan_with_unreadable(&scenario, unreadable);
    Ok(written(&scenario, &outcome, format, notes))
}

/// The check of a configuration file on the flags' cluster, as text, Markdown or JSON. Exit
/// status: invalid input when the file holds no setting, a value Spark refuses or settings that
/// cannot be planned; no executor runs when they plan but run none; the errors on stderr, each
/// naming the file's line where the file set the value ([`check_problem_lines`]). A file of
/// several commands or SparkApplications is checked part by part: the report is of `part`
/// (the first without it) and lists every part's answer; without `part` the status is the
/// worst part's.
fn checked(
    file: &str,
    part: Option<usize>,
    scenario: &Scenario,
    format: Format,
    unreadable: Vec<Diagnostic>,
    notes: String,
) -> Result<Printed, Printed> {
    let m = scenario.manager();
    if !unreadable.is_empty() {
        return Err(invalid(m, &unreadable, None, notes));
    }
    let render: Box<dyn Fn(&Check) -> String> = match format {
        Format::Text => Box::new(planner::report::check::text),
        Format::Markdown => Box::new(planner::report::check::markdown),
        Format::Json => Box::new(|c| {
            planner::view::to_json_pretty(&planner::view::check::check_view(c, scenario))
        }),
        other => {
            return Err(Printed::usage(format!(
                "--format {} does not apply to --check: use text, markdown or json",
                other.as_str()
            )))
        }
    };
    let text = read_check_file(file)?;
    let check = planner::check::check_part(&text, scenario, part.unwrap_or(0));
    let parts = check.pasted.parts.len();
    if let Some(n) = part.filter(|n| *n >= parts) {
        return Err(Printed::usage(format!(
            "--part {}: {file} holds {}",
            n + 1,
            words::parts_count(&check.pasted)
        )));
    }
    let stdout = render(&check);
    let shown = if file == "-" { "standard input" } else { file };
    // Every part is checked; without --part the status is the worst of them.
    let checks: Vec<&Check> = match part {
        Some(_) => vec![&check],
        None => words::parts_in_order(&check),
    };
    let mut stderr = notes;
    let mut status = OK;
    for c in checks {
        let (part_status, why) = check_status(c, shown);
        if part_status == OK {
            continue;
        }
        // A part that cannot be planned outweighs one that runs no executor.
        if status == OK || part_status == INVALID_INPUT {
            status = part_status;
        }
        stderr.push_str(&format!("spark-sizer: {why}:\n"));
        let problems = check_problem_lines(c);
        for line in &problems.lines {
            stderr.push_str(&format!("  {line}\n"));
        }
        if problems.unplaced {
            stderr.push_str("  the file's settings that shape the containers:\n");
            for line in shaping_settings(c) {
                stderr.push_str(&format!("    {line}\n"));
            }
        }
    }
    Ok(Printed {
        stdout,
        stderr,
        status,
    })
}

/// A checked part's exit status and what it is, for stderr ("job.sh: Spark refuses these
/// settings", "job.sh, command 2 (lines 5–8, report.py): checked, but no executor runs").
fn check_status(check: &Check, shown: &str) -> (u8, String) {
    let shown = match words::part_name(&check.pasted) {
        Some(part) => format!("{shown}, {part}"),
        None => shown.to_string(),
    };
    match words::stop(check) {
        None => (OK, String::new()),
        Some(Stop::NothingRead) => (
            INVALID_INPUT,
            format!("{shown} holds no Spark setting this check reads"),
        ),
        Some(Stop::Refused(f)) => (
            INVALID_INPUT,
            format!("{shown}: {}", words::refused_words(&f.kind)),
        ),
        Some(Stop::DoesNotRun) if matches!(check.answer, Answer::Invalid(_)) => (
            INVALID_INPUT,
            format!("{shown}: these settings cannot be planned on this cluster"),
        ),
        Some(Stop::DoesNotRun) => (
            NO_EXECUTOR_RUNS,
            format!("{shown}: checked, but no executor runs"),
        ),
    }
}

/// The check's errors as its report lists them, each saying where its value came from.
struct ProblemLines {
    /// One line per error.
    lines: Vec<String>,
    /// Whether an error names no line, field or setting of its own (the planned executors'
    /// findings, such as a heap below Spark's minimum): the file's settings behind them follow.
    unplaced: bool,
}

/// The check's errors, each saying where its value came from: a finding of reading names its
/// line already; a problem of the planned settings names the file's line that set its key, or
/// the flags when the value is the cluster's (not the file's).
fn check_problem_lines(check: &Check) -> ProblemLines {
    let m = check.applied.scenario.manager();
    let effective = check.pasted.effective();
    let mut unplaced = false;
    let lines = words::diagnostics(check)
        .into_iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| {
            let Some(field) = d.field else {
                // Findings of reading start with their line ("Line 2: ...").
                unplaced |= !d.message.starts_with("Line ");
                return d.message;
            };
            // The field's configuration key, also when this manager's form does not show it
            // (YARN plans spark.executor.memory itself).
            let key = catalog::all_entries()
                .iter()
                .filter(|e| e.id == field)
                .find_map(fields::configuration_key);
            let from_file = key.and_then(|key| effective.iter().find(|e| e.key == key));
            match (from_file, catalog::entry(m, field)) {
                (Some(e), _) => format!(
                    "{} (line {}: {} = {})",
                    d.message, e.origin.line, e.key, e.value
                ),
                (None, Some(entry)) => format!("{} ({})", d.message, fields::flags_of(entry)),
                (None, None) => d.message,
            }
        })
        .collect();
    ProblemLines { lines, unplaced }
}

/// The file's settings that shape the answer (the keys a check's link keeps, never a secret),
/// each with its line: `line 1: spark.executor.memory = 300m`.
fn shaping_settings(check: &Check) -> Vec<String> {
    check
        .pasted
        .effective()
        .into_iter()
        .filter(|e| e.origin.line > 0)
        .filter(|e| planner::check::keys::known(&e.key).is_some_and(|k| !k.link_code.is_empty()))
        .map(|e| format!("line {}: {} = {}", e.origin.line, e.key, e.value))
        .collect()
}

/// The text of `file`, or standard input for `-`, read the same way: the bytes as UTF-8,
/// any invalid sequence replaced (the check names what it cannot read); a file that cannot be
/// read is a usage error.
fn read_check_file(file: &str) -> Result<String, Printed> {
    use std::io::Read;
    let read = if file == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map(|_| bytes)
    } else {
        std::fs::read(file)
    };
    read.map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .map_err(|e| Printed::usage(format!("--check {file}: {e}")))
}

/// The scenario the flags apply to: a preset's, a link's, or the manager's default.
fn base_scenario(
    cli: &Cli,
    manager: Option<ClusterManager>,
    notes: &mut String,
) -> Result<Scenario, Printed> {
    let base = if let Some(id) = &cli.preset {
        let found = ClusterManager::ALL
            .into_iter()
            .flat_map(presets)
            .find(|p| p.id == id.as_str());
        found.map(|p| p.input).ok_or_else(|| {
            Printed::usage(format!("--preset {id}: no such preset (see --presets)"))
        })?
    } else if let Some(link) = &cli.link {
        scenario_of_link(link, notes)?
    } else {
        return Ok(Scenario::default_for(manager.unwrap_or_default()));
    };
    match manager {
        Some(m) if m != base.manager() => Err(Printed::usage(format!(
            "the {} is for {}, but --manager asks for {}: drop one of them",
            if cli.preset.is_some() {
                "preset"
            } else {
                "link"
            },
            fields::manager_words(base.manager()),
            fields::manager_words(m)
        ))),
        _ => Ok(base),
    }
}

/// The scenario of a share link (a whole address or its query); values it cannot read are
/// problems of the input, and so is a link that holds no field at all; keys it does not know
/// are noted and ignored, as the page does, and a link of another format version is read with a
/// warning (the JS API's `link-version`).
fn scenario_of_link(link: &str, notes: &mut String) -> Result<Scenario, Printed> {
    let without_fragment = link.split('#').next().unwrap_or_default();
    let query = match without_fragment.split_once('?') {
        Some((_, query)) => query,
        None => without_fragment,
    };
    if !holds_a_field(query) {
        let mut stderr = notes.clone();
        stderr.push_str(&format!(
            "spark-sizer: --link {link:?} holds no Spark Sizer field: a share link's query \
             is v=1 and its fields, such as ?v=1&c=32\n"
        ));
        return Err(Printed {
            stdout: String::new(),
            stderr,
            status: INVALID_INPUT,
        });
    }
    let decoded = url::scenario_from_query(query);
    let m = decoded.scenario.manager();
    if let Some(v) = decoded.version.filter(|v| *v != url::SCHEMA_VERSION) {
        notes.push_str(&format!(
            "spark-sizer: warning: this link was made with link format v{v}; read as v{}\n",
            url::SCHEMA_VERSION
        ));
    }
    for key in &decoded.unknown {
        notes.push_str(&format!(
            "spark-sizer: note: the link's key {key:?} is not a {} input; it is ignored\n",
            fields::manager_words(m)
        ));
    }
    for key in &decoded.repeated {
        notes.push_str(&format!(
            "spark-sizer: note: the link gives {key:?} more than once; the last value is used\n"
        ));
    }
    if decoded.bad.is_empty() {
        return Ok(decoded.scenario);
    }
    let problems: Vec<Diagnostic> = decoded.bad.iter().map(|b| b.diagnostic(m)).collect();
    Err(invalid(m, &problems, None, notes.clone()))
}

/// Whether a link's query holds its version, a cluster manager or a field of any cluster
/// manager (not only text that is no link at all).
fn holds_a_field(query: &str) -> bool {
    query
        .trim_start_matches('?')
        .split('&')
        .map(|pair| pair.split('=').next().unwrap_or_default())
        .any(|key| {
            key == "v"
                || key == "cm"
                || ClusterManager::ALL
                    .into_iter()
                    .any(|m| catalog::entry_by_key(m, key).is_some())
        })
}

/// Applies every field flag, in the order given: by long name or configuration key as the
/// page's box reads typed text, by link key as the link reads it ([`fields::Reading`]). A field
/// given twice, under any of its names, is a usage error. Returns the values that could not be
/// read, as diagnostics.
fn apply_flags(scenario: &mut Scenario, matches: &ArgMatches) -> Result<Vec<Diagnostic>, Printed> {
    let m = scenario.manager();
    let mut given: Vec<(usize, String, String)> = Vec::new();
    for name in fields::all_flag_names() {
        if let (Some(values), Some(indices)) =
            (matches.get_many::<String>(&name), matches.indices_of(&name))
        {
            for (value, index) in values.zip(indices) {
                given.push((index, name.clone(), value.clone()));
            }
        }
    }
    given.sort();
    let mut read: Vec<(&Entry, fields::Reading, &str, &str)> = Vec::new();
    for (_, name, typed) in &given {
        let Some((entry, reading)) = fields::entry_of_flag(m, name) else {
            return Err(Printed::usage(not_an_input_of(m, name)));
        };
        if let Some((_, _, first_name, first_value)) = read.iter().find(|(e, ..)| e.id == entry.id)
        {
            return Err(Printed::usage(format!(
                "--{first_name} {first_value} and --{name} {typed} both give {}: give it once",
                entry.name
            )));
        }
        read.push((entry, reading, name, typed));
    }
    let mut unreadable = Vec::new();
    for (entry, reading, _, typed) in read {
        let as_typed = matches!(reading, fields::Reading::AsTyped);
        let text = match reading {
            fields::Reading::AsTyped => {
                let number = planner::text::typed_number(typed);
                check_length(typed).and_then(|()| with_bare_unit(&number, entry.bare_suffix()))
            }
            fields::Reading::AsInLink => check_length(typed).map(|()| typed.to_string()),
        };
        let applied = text.and_then(|text| url::scenario_apply(entry.key, scenario, &text));
        if let Err(e) = applied {
            let suffix = if as_typed { entry.bare_suffix() } else { "" };
            let e = TextError {
                text: typed.to_string(),
                ..planner::text::in_field_unit(e, suffix)
            };
            unreadable.push(Diagnostic::unreadable(m, entry.id, &e));
        }
    }
    Ok(unreadable)
}

/// Why `--name` does not apply to `m`, and where it does.
fn not_an_input_of(m: ClusterManager, name: &str) -> String {
    let elsewhere: Vec<String> = fields::managers_of_flag(name)
        .into_iter()
        .map(|other| format!("--manager {}", other.as_str()))
        .collect();
    format!(
        "--{name} is not a {} input{}",
        fields::manager_words(m),
        if elsewhere.is_empty() {
            String::new()
        } else {
            format!(" (it is one with {})", elsewhere.join(" or "))
        }
    )
}

/// The chosen format of a planned scenario, or the problems of an invalid one.
fn written(scenario: &Scenario, outcome: &Outcome, format: Format, notes: String) -> Printed {
    let m = scenario.manager();
    let text = try_render(scenario, outcome, format).unwrap_or_default();
    if let Outcome::Invalid(problems) = outcome {
        // Only JSON is printed for an invalid input: scripts read its diagnostics there.
        let json = format == Format::Json;
        return invalid(m, problems, json.then_some(text), notes);
    }
    let mut stderr = notes;
    for w in planner::plausible::hardware_warnings(scenario) {
        stderr.push_str(&format!("spark-sizer: warning: {}", w.message));
        if let Some(e) = w.field.and_then(|f| catalog::entry(m, f)) {
            stderr.push_str(&format!(" ({})", fields::flags_of(e)));
        }
        stderr.push('\n');
    }
    let stdout = if format == Format::Table {
        format!(
            "{text}\nShare link query: ?{}\n",
            url::scenario_to_query(scenario)
        )
    } else {
        text
    };
    if !runs_an_executor(outcome) {
        return no_executor_runs(scenario, outcome, format, stdout, stderr);
    }
    Printed {
        stdout,
        stderr,
        status: OK,
    }
}

/// Whether the plan starts and runs at least one executor (its AM or driver placed, no
/// container refused, room for one executor).
fn runs_an_executor(outcome: &Outcome) -> bool {
    SideNumbers::of_outcome(outcome).is_some_and(|n| n.runs && n.executors_running > 0)
}

/// The formats a script deploys (a configuration or a command): a plan that runs no executor
/// writes none of them, as the page offers "Use the plan" only for a plan that runs.
fn is_deployed(format: Format) -> bool {
    matches!(
        format,
        Format::Conf | Format::Submit | Format::EmrJson | Format::Yaml
    )
}

/// A plan that runs no executor: the reason (the report's headline and the lines under it) on
/// stderr, the reports on stdout, nothing for a deployable export.
fn no_executor_runs(
    scenario: &Scenario,
    outcome: &Outcome,
    format: Format,
    stdout: String,
    mut stderr: String,
) -> Printed {
    let s = summary(&planner::view::build(scenario, outcome));
    let written = if is_deployed(format) {
        format!(" (--format {} writes nothing)", format.as_str())
    } else {
        String::new()
    };
    stderr.push_str(&format!(
        "spark-sizer: planned, but no executor runs{written}:\n  {}\n",
        s.title
    ));
    for line in &s.lead {
        stderr.push_str(&format!("  {line}\n"));
    }
    Printed {
        stdout: if is_deployed(format) {
            String::new()
        } else {
            stdout
        },
        stderr,
        status: NO_EXECUTOR_RUNS,
    }
}

/// The problems of an input that cannot be planned, on stderr, each with its flags.
fn invalid(
    m: ClusterManager,
    problems: &[Diagnostic],
    stdout: Option<String>,
    notes: String,
) -> Printed {
    let mut stderr = notes;
    stderr.push_str(&format!(
        "spark-sizer: this {} input cannot be planned:\n",
        fields::manager_words(m)
    ));
    for d in problems {
        stderr.push_str(&format!("  {}", d.message));
        if let Some(e) = d.field.and_then(|f| catalog::entry(m, f)) {
            stderr.push_str(&format!(" ({})", fields::flags_of(e)));
        }
        stderr.push('\n');
    }
    Printed {
        stdout: stdout.unwrap_or_default(),
        stderr,
        status: INVALID_INPUT,
    }
}

/// Every preset: its id, cluster manager and name.
fn presets_listing() -> String {
    let mut out = String::new();
    for m in ClusterManager::ALL {
        out.push_str(&format!("{} presets:\n", fields::manager_words(m)));
        for p in presets(m) {
            out.push_str(&format!("  {:<20} {}\n", p.id, p.name));
        }
    }
    out
}

/// The scenario the cluster flags give (`--manager`, `--preset`, `--link` and the fields), for
/// `analyze` to place its plan on: read exactly as the planning reads them.
pub(crate) fn scenario_of_flags(flags: &[OsString]) -> Result<Scenario, Printed> {
    let args = std::iter::once(OsString::from("spark-sizer")).chain(flags.iter().cloned());
    let matches = match command().try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => return Err(clap_usage_error(&e.render().to_string())),
    };
    let cli = Cli::from_arg_matches(&matches).map_err(|e| Printed::usage(e.to_string()))?;
    let manager = match cli.manager.as_deref() {
        Some(m) => Some(
            ClusterManager::parse(&m.to_ascii_lowercase())
                .ok_or_else(|| Printed::usage(format!("--manager {m}: choose yarn, k8s or emr")))?,
        ),
        None => None,
    };
    let mut notes = String::new();
    let mut scenario = base_scenario(&cli, manager, &mut notes)?;
    apply_flags(&mut scenario, &matches)?;
    Ok(scenario)
}
