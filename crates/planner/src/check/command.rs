//! Text made of lines: `spark-submit` commands (with `\` continuations, or options on the lines
//! that follow) and `spark-defaults.conf` lines, told apart line by line.

use super::properties::read_properties;
use super::{Finding, FindingKind, Format, Origin, Pasted, Stage};
use crate::spark::AppType;
use crate::spark_keys;
use crate::submit::{app_type_of, read_submit_words, split_shell_words, SubmitError};

/// Programs that read spark-submit's options.
const PROGRAMS: &[&str] = &[
    "spark-submit",
    "pyspark",
    "spark-shell",
    "spark-sql",
    "sparkR",
];

/// Reads every command and the defaults lines around them. Defaults come first in Spark's
/// order whatever their place in the text (their [`Stage`] says so).
pub(super) fn read_lines(text: &str, pasted: &mut Pasted) {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut defaults = vec![""; lines.len()];
    let mut i = 0;
    let mut any_defaults = false;
    let mut defaults_first = false;
    while i < lines.len() {
        if starts_command(lines[i]) {
            let start = i;
            i += 1;
            while i < lines.len() && continues_command(lines[i - 1], lines[i]) {
                i += 1;
            }
            let block = lines[start..i].join("\n");
            read_command(&block, u32::try_from(start).unwrap_or(u32::MAX), pasted);
        } else {
            let t = lines[i].trim();
            let setting = !(t.is_empty() || t.starts_with('#') || t.starts_with('!'));
            defaults_first |= setting && !any_defaults && pasted.formats.is_empty();
            any_defaults |= setting;
            defaults[i] = lines[i];
            i += 1;
        }
    }
    if any_defaults {
        read_defaults(&defaults.join("\n"), pasted);
    }
    // The formats in the order the text shows them.
    if defaults_first {
        pasted.formats.sort_by_key(|f| *f != Format::DefaultsFile);
    }
}

/// A line that starts a command: a program name (after `$ ` or `VAR=value` words, or a path
/// ending in it), or an option (`--executor-memory 4g` pasted without the program).
fn starts_command(line: &str) -> bool {
    let t = line.trim_start().trim_start_matches("$ ");
    if t.starts_with("--") {
        return true;
    }
    t.split_whitespace()
        .find(|w| !w.contains('=') || w.starts_with('-'))
        .is_some_and(is_program)
}

fn is_program(word: &str) -> bool {
    let name = word.rsplit('/').next().unwrap_or(word);
    PROGRAMS.contains(&name)
}

/// A command goes on after a line ending in `\`, and over lines that start with an option.
fn continues_command(previous: &str, line: &str) -> bool {
    previous.trim_end().ends_with('\\') || line.trim_start().starts_with("--")
}

/// Reads one command whose first line is `first_line` (0-based).
fn read_command(block: &str, first_line: u32, pasted: &mut Pasted) {
    pasted.note_format(Format::SubmitCommand);
    // `line` is 1-based within the block, `first_line` the block's 0-based start.
    let at = |line: u32| Origin {
        format: Format::SubmitCommand,
        line: first_line.saturating_add(line.max(1)),
    };
    // Lines joined by the user without `\` are joined here, as the shell would need.
    let joined = join_option_lines(block);
    let words = match split_shell_words(&joined) {
        Ok(words) => words,
        Err((e, line)) => {
            pasted
                .findings
                .push(Finding::at(at(line), FindingKind::Command(e)));
            return;
        }
    };
    let mut start = 0;
    let mut program: Option<&str> = None;
    while let Some((w, _)) = words.get(start) {
        if w == "$" || (w.contains('=') && !w.starts_with('-')) {
            start += 1;
        } else {
            if is_program(w) {
                program = Some(w.rsplit('/').next().unwrap_or(w));
                start += 1;
            }
            break;
        }
    }
    let args = &words[start..];
    read_arguments(args, program, &at, pasted);
}

/// Puts a `\` at the end of each line that a line starting with `--` follows, so that the
/// shell splitter reads the block as one command.
fn join_option_lines(block: &str) -> String {
    let lines: Vec<&str> = block.split('\n').collect();
    let mut out = String::with_capacity(block.len() + lines.len());
    for (i, line) in lines.iter().enumerate() {
        out.push_str(line);
        if i + 1 < lines.len() {
            if !line.trim_end().ends_with('\\') {
                out.push_str(" \\");
            }
            out.push('\n');
        }
    }
    out
}

fn read_arguments(
    args: &[(String, u32)],
    program: Option<&str>,
    at: &dyn Fn(u32) -> Origin,
    pasted: &mut Pasted,
) {
    let texts: Vec<&str> = args.iter().map(|(w, _)| w.as_str()).collect();
    let line_of = |index: usize| args.get(index).map_or(1, |(_, l)| *l);
    let read = match read_submit_words(&texts) {
        Ok(read) => read,
        Err(e) => {
            let line = failing_word(&texts, &e).map_or(0, line_of);
            pasted
                .findings
                .push(Finding::at(at(line), FindingKind::Command(e)));
            return;
        }
    };
    for a in &read.assignments {
        let stage = if a.from_flag {
            Stage::Flag
        } else {
            Stage::Conf
        };
        pasted.push(a.key.clone(), a.value.clone(), at(line_of(a.word)), stage);
    }
    if let Some((path, word)) = &read.properties_file {
        let kind = FindingKind::PropertiesFile { path: path.clone() };
        pasted.findings.push(Finding::at(at(line_of(*word)), kind));
    }
    let app_type = match program {
        Some("pyspark") => Some((AppType::Python, 1)),
        Some("sparkR") => Some((AppType::R, 1)),
        _ => read
            .primary_resource
            .map(|i| (app_type_of(texts.get(i).copied()), line_of(i))),
    };
    if let Some((t, line)) = app_type {
        pasted.app_type = Some((t, at(line)));
    }
    // The interactive shells run their driver on the submitting machine: client mode.
    if matches!(
        program,
        Some("pyspark" | "spark-shell" | "spark-sql" | "sparkR")
    ) {
        pasted.push(spark_keys::DEPLOY_MODE, "client", at(1), Stage::Defaults);
    }
}

/// The index of the word an error is about (the last occurrence of the option it names).
fn failing_word(words: &[&str], e: &SubmitError) -> Option<usize> {
    let needle = match e {
        SubmitError::MissingValue { option } | SubmitError::UnknownOption { option } => option,
        SubmitError::ConfWithoutEquals { value } => value,
        SubmitError::UnclosedQuote => return None,
    };
    words
        .iter()
        .rposition(|w| w == needle || w.starts_with(&format!("{needle}=")))
}

/// The lines outside commands, read as `spark-defaults.conf` (line numbers kept).
fn read_defaults(text: &str, pasted: &mut Pasted) {
    pasted.note_format(Format::DefaultsFile);
    let at = |line: u32| Origin {
        format: Format::DefaultsFile,
        line,
    };
    match read_properties(text) {
        Ok(properties) => {
            for p in properties {
                if p.key.contains('.') {
                    pasted.push(p.key, p.value, at(p.line), Stage::Defaults);
                } else {
                    let text: String = format!("{} {}", p.key, p.value).chars().take(40).collect();
                    let kind = FindingKind::NotASetting {
                        text: text.trim().to_string(),
                    };
                    pasted.findings.push(Finding::at(at(p.line), kind));
                }
            }
        }
        Err(e) => pasted
            .findings
            .push(Finding::at(at(e.line), FindingKind::MalformedEscape)),
    }
}
