//! Reading the arguments into a scenario, planning it, and writing the chosen format.

use std::ffi::OsString;

use clap::{Arg, ArgAction, ArgMatches, CommandFactory, FromArgMatches, Parser};
use planner::catalog::{self, ClusterManager};
use planner::check::Answer;
use planner::report::{try_render, Format};
use planner::scenario::{plan_with_unreadable, presets, Outcome, Scenario};
use planner::text::{check_length, with_bare_unit, TextError};
use planner::url;
use planner::warning::Diagnostic;

use crate::fields;

/// The planned scenario was printed.
pub const OK: u8 = 0;
/// The input cannot be planned; the problems are on stderr.
pub const INVALID_INPUT: u8 = 1;
/// The command line itself is wrong (clap's status for usage errors too).
pub const USAGE: u8 = 2;

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

Inputs: every field of the page is a flag, named by its long name (--cores-per-node) or its
share link key (--c). A number without a unit is in the field's unit (--memory-per-node 64 is
64 GiB); Spark-style sizes take 19g or 512m. `spark-sizer --fields` lists them all.

Formats: table (default), text, markdown (the full report), markdown-table and confluence (a
short table for a wiki), html (a fragment with inline styles), svg (the per-node layout), conf
(spark-defaults.conf), submit (spark-submit), emr-json (EMR classifications), yaml (Spark
operator), json (a stable document, schema 1).

Check: --check FILE (or - for standard input) reads a spark-submit command, a
spark-defaults.conf, EMR classification JSON or a SparkApplication manifest (several may be in
one file) and says what the cluster given by the other flags does with it, beside the plan.
Its formats: text (default) or markdown.

Exit status: 0 planned or checked (warnings included); 1 the input cannot be planned, or the
checked file holds no setting or settings that cannot be planned (the problems are on stderr,
each with its field, unit and allowed range); 2 a usage error or an unreadable file.";

/// The fixed options; the fields are added by [`command`].
#[derive(Debug, Parser)]
#[command(
    name = "spark-sizer",
    override_usage = "spark-sizer [OPTIONS] [--FIELD VALUE]...",
    about = "Spark Sizer: plans Spark executors for YARN, Kubernetes or Amazon EMR, as the page does:\n\
             how many, their cores and memory, and how they sit on each node.",
    version,
    after_help = EXAMPLES,
    args_override_self = true,
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

    /// What to print (see Formats below).
    #[arg(long, short = 'f', value_name = "FORMAT", default_value = "table")]
    format: String,

    /// List every input of the cluster manager (--manager; all three without it) and exit.
    #[arg(long)]
    fields: bool,

    /// List the presets and exit.
    #[arg(long)]
    presets: bool,

    /// Check a configuration file (- for standard input) on the cluster the other flags give.
    #[arg(long, value_name = "FILE")]
    check: Option<String>,
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
            stderr: format!(
                "spark-sizer: {message}\nRun spark-sizer --help for the flags and examples.\n"
            ),
            status: USAGE,
        }
    }
}

/// The command: the fixed options, and every catalog field as a flag (hidden from the option
/// list, which would be 130 lines long: `--fields` lists them by cluster manager).
fn command() -> clap::Command {
    let mut command = Cli::command();
    for name in fields::all_flag_names() {
        command = command.arg(
            Arg::new(name.clone())
                .long(name)
                .value_name("VALUE")
                .action(ArgAction::Set)
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
        Err(e) => {
            let status = if e.use_stderr() { USAGE } else { OK };
            let text = e.render().to_string();
            return if e.use_stderr() {
                Printed {
                    stdout: String::new(),
                    stderr: text,
                    status,
                }
            } else {
                Printed::to_stdout(text)
            };
        }
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
    let format = Format::parse(&cli.format).ok_or_else(|| {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.as_str()).collect();
        Printed::usage(format!(
            "--format {}: choose one of {}",
            cli.format,
            names.join(", ")
        ))
    })?;
    let mut notes = String::new();
    let mut scenario = base_scenario(cli, manager, &mut notes)?;
    let unreadable = apply_flags(&mut scenario, matches)?;
    if let Some(file) = &cli.check {
        return checked(file, &scenario, format, unreadable, notes);
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

/// The check of a configuration file on the flags' cluster, as text or Markdown.
fn checked(
    file: &str,
    scenario: &Scenario,
    format: Format,
    unreadable: Vec<Diagnostic>,
    notes: String,
) -> Result<Printed, Printed> {
    let m = scenario.manager();
    if !unreadable.is_empty() {
        return Err(invalid(m, &unreadable, None, notes));
    }
    let text = read_check_file(file)?;
    let check = planner::check::check(&text, scenario);
    let stdout = match format {
        Format::Table | Format::Text => planner::report::check::text(&check),
        Format::Markdown => planner::report::check::markdown(&check),
        other => {
            return Err(Printed::usage(format!(
                "--format {} does not apply to --check: use text or markdown",
                other.as_str()
            )))
        }
    };
    let problems: Vec<Diagnostic> = match &check.answer {
        Answer::Invalid(problems) => problems.clone(),
        Answer::NothingRead => {
            let mut stderr = notes;
            stderr.push_str(&format!(
                "spark-sizer: {file} holds no Spark setting this check reads\n"
            ));
            return Ok(Printed {
                stdout,
                stderr,
                status: INVALID_INPUT,
            });
        }
        _ => Vec::new(),
    };
    if problems.is_empty() {
        return Ok(Printed {
            stdout,
            stderr: notes,
            status: OK,
        });
    }
    Ok(invalid(m, &problems, Some(stdout), notes))
}

/// The text of `file`, or standard input for `-`; a file that cannot be read is a usage error.
fn read_check_file(file: &str) -> Result<String, Printed> {
    let read = if file == "-" {
        std::io::read_to_string(std::io::stdin())
    } else {
        std::fs::read(file).map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
    };
    read.map_err(|e| Printed::usage(format!("--check {file}: {e}")))
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
/// problems of the input, keys it does not know are noted and ignored, as the page does.
fn scenario_of_link(link: &str, notes: &mut String) -> Result<Scenario, Printed> {
    let without_fragment = link.split('#').next().unwrap_or_default();
    let query = match without_fragment.split_once('?') {
        Some((_, query)) => query,
        None => without_fragment,
    };
    let decoded = url::scenario_from_query(query);
    let m = decoded.scenario.manager();
    for key in &decoded.unknown {
        notes.push_str(&format!(
            "spark-sizer: note: the link's key {key:?} is not a {} input; it is ignored\n",
            fields::manager_words(m)
        ));
    }
    if decoded.bad.is_empty() {
        return Ok(decoded.scenario);
    }
    let problems: Vec<Diagnostic> = decoded.bad.iter().map(|b| b.diagnostic(m)).collect();
    Err(invalid(m, &problems, None, notes.clone()))
}

/// Applies every field flag, in the order given, as the page's form reads a typed value.
/// Returns the values that could not be read, as diagnostics.
fn apply_flags(scenario: &mut Scenario, matches: &ArgMatches) -> Result<Vec<Diagnostic>, Printed> {
    let m = scenario.manager();
    let mut given: Vec<(usize, String, String)> = Vec::new();
    for name in fields::all_flag_names() {
        if let (Some(value), Some(index)) =
            (matches.get_one::<String>(&name), matches.index_of(&name))
        {
            given.push((index, name, value.clone()));
        }
    }
    given.sort();
    let mut unreadable = Vec::new();
    for (_, name, typed) in given {
        let Some(entry) = fields::entry_of_flag(m, &name) else {
            return Err(Printed::usage(not_an_input_of(m, &name)));
        };
        let read = check_length(&typed)
            .and_then(|()| with_bare_unit(&typed, entry.bare_suffix()))
            .and_then(|text| url::scenario_apply(entry.key, scenario, &text));
        if let Err(e) = read {
            let e = TextError {
                text: typed.clone(),
                ..e
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
    let stdout = if format == Format::Table {
        format!(
            "{text}\nShare link query: ?{}\n",
            url::scenario_to_query(scenario)
        )
    } else {
        text
    };
    Printed {
        stdout,
        stderr: notes,
        status: OK,
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
