//! Text made of lines: `spark-submit` commands and `spark-defaults.conf` lines, told apart line
//! by line. Each command is read as bash reads it ([`crate::submit::lex_command`]) and is a part
//! of its own ([`super::Part`]): the defaults lines go with every command, two commands are
//! never merged. Where bash would end a command before the lines meant for it (a comment line, a
//! missing `\`, a `/` typed for `\`), the command is read as bash runs it and the lines after it
//! are named; options on lines of their own without any `\` are read as one command, as meant.

use super::properties::read_properties;
use super::{Cut, Lookalike, SubmitOutcome};
use super::{Finding, FindingKind, Format, Origin, Part, Pasted, Stage};
use crate::spark::AppType;
use crate::spark_keys;
use crate::submit::{
    app_type_of, is_submit_option, lex_command, read_submit_words, CommandEnd, ShellCommand,
    SubmitError, SubmitWords,
};

/// Programs that read spark-submit's options.
const PROGRAMS: &[&str] = &[
    "spark-submit",
    "pyspark",
    "spark-shell",
    "spark-sql",
    "sparkR",
];

/// Words that run the command after them (`nohup spark-submit …`).
const WRAPPERS: &[&str] = &["nohup", "time", "exec", "env", "sudo"];

/// Shell operators that end one command and start another.
const OPERATORS: &[&str] = &["&&", "||", ";", "|", "&"];

/// The text's lines with the byte offset each starts at.
struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines { text, starts }
    }

    fn count(&self) -> usize {
        self.starts.len()
    }

    /// The line of index `i` (0-based), without its line break.
    fn line(&self, i: usize) -> &'a str {
        let start = self.starts[i];
        let end = self.starts.get(i + 1).map_or(self.text.len(), |s| s - 1);
        &self.text[start..end]
    }

    /// The index of the line holding byte `offset`.
    fn index_of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|s| *s <= offset)
            .saturating_sub(1)
    }

    /// Where the line after line `i` starts (the text's end after the last line).
    fn after(&self, i: usize) -> usize {
        self.starts.get(i + 1).copied().unwrap_or(self.text.len())
    }
}

/// One command of the text, as bash would read it, and the lines that were meant for it.
struct Block {
    /// The line (0-based) it starts on.
    first: usize,
    /// The last line (0-based) it holds, or that were meant for it.
    last: usize,
    /// The command; its words' lines count from `first` (1-based).
    command: Result<ShellCommand, (SubmitError, u32)>,
    /// Why bash ends it before lines meant for it.
    cut: Option<Cut>,
    /// Lines of options without `\` read as one command (1-based first and last).
    joined: Option<(u32, u32)>,
    /// Where reading goes on.
    next: usize,
}

fn line_number(index: usize) -> u32 {
    u32::try_from(index.saturating_add(1)).unwrap_or(u32::MAX)
}

/// Reads every command and the defaults lines around them; only the command of index `part`
/// gives settings, the others are listed in [`Pasted::parts`]. Defaults come first in Spark's
/// order whatever their place in the text (their [`Stage`] says so).
pub(super) fn read_lines(text: &str, part: usize, pasted: &mut Pasted) {
    let (text, bom) = match text.strip_prefix('\u{feff}') {
        // A text that starts with a command: bash would not find the program behind the mark.
        Some(rest) if command_start(first_line(rest)).is_some() => (rest, true),
        _ => (text, false),
    };
    let lines = Lines::new(text);
    let mut defaults = vec![""; lines.count()];
    let mut any_defaults = false;
    let mut defaults_first = false;
    let mut pos = 0;
    while pos < text.len() {
        let i = lines.index_of(pos);
        let line_end = lines.after(i);
        let rest_of_line = text[pos..line_end].trim_end_matches('\n');
        if let Some(offset) = command_start(rest_of_line) {
            let block = scan_block(&lines, pos + offset);
            let index = pasted.parts.len();
            pasted.parts.push(part_of(&block));
            if index == part {
                read_block(&block, pasted);
            }
            pos = block.next.max(pos + 1);
            continue;
        }
        if pos == lines.starts[i] {
            let t = lines.line(i).trim();
            let setting = !(t.is_empty() || t.starts_with('#') || t.starts_with('!'));
            defaults_first |= setting && !any_defaults && pasted.parts.is_empty();
            any_defaults |= setting;
            defaults[i] = lines.line(i);
        }
        pos = line_end;
    }
    if bom && !pasted.parts.is_empty() {
        let kind = FindingKind::ByteOrderMark {
            format: Format::SubmitCommand,
        };
        pasted.findings.push(Finding::at(at_line(1), kind));
    }
    if any_defaults {
        read_defaults(&defaults.join("\n"), pasted);
    }
    if !pasted.parts.is_empty() {
        pasted.note_format(Format::SubmitCommand);
    }
    // The formats in the order the text shows them.
    if defaults_first {
        pasted.formats.sort_by_key(|f| *f != Format::DefaultsFile);
    }
}

fn first_line(text: &str) -> &str {
    text.split('\n').next().unwrap_or_default()
}

fn at_line(line: u32) -> Origin {
    Origin {
        format: Format::SubmitCommand,
        line,
    }
}

/// Where a line's command starts (a byte offset): at a program name (after `$ `, `VAR=value`
/// words, a wrapper such as `nohup`, or another command and an operator: `cd /opt &&`), or at
/// the line's start when it starts with an option (`--executor-memory 4g` pasted without the
/// program). `None`: the line holds no command that reads spark-submit's options.
fn command_start(line: &str) -> Option<usize> {
    let indent = line.len() - line.trim_start().len();
    let t = &line[indent..];
    if t.starts_with("--") || t.starts_with("$ --") {
        return Some(indent);
    }
    let mut start = indent;
    let mut other_command = false;
    let mut offset = indent;
    for word in t.split([' ', '\t']) {
        let here = offset;
        offset += word.len() + 1;
        if word.is_empty() {
            continue;
        }
        if OPERATORS.contains(&word) || word.ends_with(';') {
            start = offset.min(line.len());
            other_command = false;
        } else if other_command
            || word == "$"
            || WRAPPERS.contains(&word)
            || (word.contains('=') && !word.starts_with('-'))
        {
            continue;
        } else if is_program(word) {
            return Some(start.max(indent).min(here));
        } else {
            other_command = true;
        }
    }
    None
}

fn is_program(word: &str) -> bool {
    let name = word.rsplit('/').next().unwrap_or(word);
    PROGRAMS.contains(&name)
}

/// Whether a line (its start trimmed) starts as an option does: `-` and a letter, or a dash
/// that a word processor wrote for it.
fn starts_like_option(t: &str) -> bool {
    let mut chars = t.chars();
    match chars.next() {
        Some('-') => chars
            .next()
            .is_some_and(|c| c == '-' || c.is_ascii_alphabetic()),
        Some(c) => Lookalike::dash(c),
        None => false,
    }
}

/// Whether a line ends with a lone `/`, as typed for `\`.
fn ends_with_slash(line: &str) -> bool {
    line.split([' ', '\t']).rfind(|w| !w.is_empty()) == Some("/")
}

/// The lines after line `from` that were meant for the command before them: lines starting
/// as an option, and a line after one that ends in `\` or `/`. (First and last, 0-based.)
fn tail_lines(lines: &Lines<'_>, from: usize) -> Option<(usize, usize)> {
    let mut last = None;
    let mut j = from;
    while j < lines.count() {
        let t = lines.line(j).trim_start_matches([' ', '\t']);
        let previous = lines.line(j - 1).trim_end();
        let carried = last.is_some() && (previous.ends_with('\\') || ends_with_slash(previous));
        if !(starts_like_option(t) || carried) {
            break;
        }
        last = Some(j);
        j += 1;
    }
    last.map(|l| (from, l))
}

/// Whether `word` reads as an application: a jar, a script, a path or a URI, or one of the
/// resources the shells name.
fn plausible_application(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    [".jar", ".py", ".r", ".zip", ".egg", ".whl"]
        .iter()
        .any(|e| lower.ends_with(e))
        || word.contains("://")
        || word.starts_with('/')
        || word.starts_with("./")
        || word.starts_with('$')
        || matches!(word, "spark-internal" | "pyspark-shell" | "spark-shell")
}

/// Reads the command starting at byte `pos`, and decides where it ends: where bash ends it,
/// or, for options on lines without any `\`, over those lines.
fn scan_block(lines: &Lines<'_>, pos: usize) -> Block {
    let first = lines.index_of(pos);
    let command = lex_command(&lines.text[pos..]);
    let whole = |command, last, next| Block {
        first,
        last,
        command,
        cut: None,
        joined: None,
        next,
    };
    let Ok(cmd) = &command else {
        // An unclosed quote: bash reads on to the end of the text.
        return whole(command, lines.count() - 1, lines.text.len());
    };
    let last = first + usize::try_from(cmd.last_line.saturating_sub(1)).unwrap_or(0);
    let ended_at_line_end = matches!(cmd.end, CommandEnd::Newline | CommandEnd::Comment { .. });
    let tail = if ended_at_line_end {
        tail_lines(lines, last + 1)
    } else {
        None
    };
    let Some((tail_first, tail_last)) = tail else {
        let next = match cmd.end {
            CommandEnd::Operator => pos + cmd.rest,
            _ => lines.after(last),
        };
        return whole(command, last, next);
    };
    let cut = match cmd.end {
        CommandEnd::Comment { line } => Some((super::CutKind::Comment, line)),
        _ if ends_with_slash(lines.line(last)) => Some((super::CutKind::Slash, 0)),
        _ if cmd.continued => Some((super::CutKind::MissingBackslash, 0)),
        _ => None,
    };
    match cut {
        Some((kind, comment_line)) => {
            let line = match kind {
                super::CutKind::Comment => line_number(first) + comment_line.saturating_sub(1),
                _ => line_number(last),
            };
            let options = (tail_first..=tail_last)
                .flat_map(|j| lines.line(j).split([' ', '\t']))
                .filter(|w| starts_like_option(w))
                .count();
            Block {
                first,
                last: tail_last,
                command,
                cut: Some(Cut {
                    kind,
                    line,
                    tail: (line_number(tail_first), line_number(tail_last)),
                    options: u32::try_from(options).unwrap_or(u32::MAX),
                    application: false,
                }),
                joined: None,
                next: lines.after(tail_last),
            }
        }
        None => joined_block(lines, pos, first, tail_last),
    }
}

/// Options on lines of their own without `\` (and the application's line after them), read
/// as the one command they were meant to be.
fn joined_block(lines: &Lines<'_>, pos: usize, first: usize, tail_last: usize) -> Block {
    let mut last = tail_last;
    let next_line = last + 1;
    if next_line < lines.count() {
        let t = lines.line(next_line).trim();
        if t.split([' ', '\t'])
            .next()
            .is_some_and(plausible_application)
        {
            last = next_line;
        }
    }
    let mut joined = String::new();
    for j in first..=last {
        let line = if j == first {
            &lines.text[pos..lines.starts[j] + lines.line(j).len()]
        } else {
            lines.line(j)
        };
        joined.push_str(line);
        if j < last {
            if !line.trim_end().ends_with('\\') {
                joined.push_str(" \\");
            }
            joined.push('\n');
        }
    }
    Block {
        first,
        last,
        command: lex_command(&joined),
        cut: None,
        joined: Some((line_number(first), line_number(last))),
        next: lines.after(last),
    }
}

/// A command's words: the program (if named) and where its arguments start.
fn program_and_arguments(words: &[(String, u32)]) -> (Option<&str>, usize) {
    let mut start = 0;
    while let Some((w, _)) = words.get(start) {
        if w == "$" || WRAPPERS.contains(&w.as_str()) || (w.contains('=') && !w.starts_with('-')) {
            start += 1;
        } else if is_program(w) {
            return (Some(w.rsplit('/').next().unwrap_or(w)), start + 1);
        } else {
            break;
        }
    }
    (None, start)
}

/// The part a block is, for the list of parts: its lines and what it runs.
fn part_of(block: &Block) -> Part {
    let name = match &block.command {
        Ok(cmd) => {
            let (program, start) = program_and_arguments(&cmd.words);
            let args: Vec<&str> = cmd.words[start..].iter().map(|(w, _)| w.as_str()).collect();
            let resource = read_submit_words(&args)
                .ok()
                .and_then(|r| r.primary_resource)
                .and_then(|i| args.get(i).copied());
            match (resource, program) {
                (Some(r), _) => r.rsplit('/').next().unwrap_or(r).to_string(),
                (None, Some(p)) => p.to_string(),
                (None, None) => String::new(),
            }
        }
        Err(_) => String::new(),
    };
    Part {
        format: Format::SubmitCommand,
        first_line: line_number(block.first),
        last_line: line_number(block.last),
        name: name.chars().take(60).collect(),
    }
}

/// Reads the settings of one command.
fn read_block(block: &Block, pasted: &mut Pasted) {
    let first = u32::try_from(block.first).unwrap_or(u32::MAX);
    // Word lines are 1-based within the block.
    let at = |line: u32| at_line(first.saturating_add(line.max(1)));
    let findings_before = pasted.findings.len();
    if let Some((first, last)) = block.joined {
        let kind = FindingKind::OptionLinesJoined { first, last };
        pasted.findings.push(Finding::at(at_line(first), kind));
    }
    let words = match &block.command {
        Ok(cmd) => &cmd.words,
        Err((e, line)) => {
            let kind = FindingKind::Command(e.clone());
            pasted.findings.push(Finding::at(at(*line), kind));
            return;
        }
    };
    let (program, start) = program_and_arguments(words);
    let application = read_arguments(&words[start..], program, block.cut.is_some(), &at, pasted);
    // Where bash ends the command comes before what the command then holds.
    if let Some(cut) = &block.cut {
        let kind = FindingKind::CommandCut(Cut {
            application,
            ..cut.clone()
        });
        let finding = Finding::at(at_line(cut.line), kind);
        pasted.findings.insert(findings_before, finding);
    }
}

/// spark-submit's options given without a program or an application (EMR's
/// `sparkSubmitParameters`).
#[cfg(feature = "yaml")]
pub(super) fn read_options(
    words: &[(String, u32)],
    at: &dyn Fn(u32) -> Origin,
    pasted: &mut Pasted,
) {
    read_arguments(words, None, false, at, pasted);
}

/// Reads a command's arguments; whether they name an application.
fn read_arguments(
    args: &[(String, u32)],
    program: Option<&str>,
    cut: bool,
    at: &dyn Fn(u32) -> Origin,
    pasted: &mut Pasted,
) -> bool {
    let texts: Vec<&str> = args.iter().map(|(w, _)| w.as_str()).collect();
    let line_of = |index: usize| args.get(index).map_or(1, |(_, l)| *l);
    let read = match read_submit_words(&texts) {
        Ok(read) => read,
        Err(e) => {
            let index = failing_word(&texts, &e);
            let line = index.map_or(0, line_of);
            let kind = match index
                .and_then(|i| texts.get(i))
                .and_then(|w| Lookalike::in_word(w))
            {
                Some(lookalike) => FindingKind::Mistyped {
                    word: shown_word(texts[index.unwrap_or(0)]),
                    lookalike,
                    outcome: SubmitOutcome::Refused(e),
                },
                None => FindingKind::Command(e),
            };
            pasted.findings.push(Finding::at(at(line), kind));
            return false;
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
    application_findings(&texts, &read, program, cut, &|i| at(line_of(i)), pasted);
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
    read.primary_resource.is_some()
}

/// A word as a message quotes it: at most 60 characters.
fn shown_word(word: &str) -> String {
    word.chars().take(60).collect()
}

/// What the application spark-submit sees says about the command: a word that only looks like
/// an option, a quote or a space (so spark-submit takes it as the application and passes
/// everything after it on), spark-submit's own options after the application, or no
/// application at all ("Must specify a primary resource", which spark-submit stops with).
fn application_findings(
    texts: &[&str],
    read: &SubmitWords,
    program: Option<&str>,
    cut: bool,
    at: &dyn Fn(usize) -> Origin,
    pasted: &mut Pasted,
) {
    if cut {
        // Where bash ends the command says it all.
        return;
    }
    // `--version`, `--help`, `--kill` and `--status` submit nothing (SparkSubmitArguments'
    // other actions): no application needed.
    let submits = !texts.iter().any(|w| {
        matches!(
            w.split('=').next().unwrap_or_default(),
            "--version" | "--help" | "-h" | "--usage-error" | "--kill" | "--status"
        )
    });
    let Some(p) = read.primary_resource else {
        // The shells need no application.
        if program == Some("spark-submit") && submits {
            let origin = at(texts.len().saturating_sub(1));
            pasted
                .findings
                .push(Finding::at(origin, FindingKind::NoApplication));
        }
        return;
    };
    let after = &texts[p + 1..];
    let looks_like_option = |w: &&&str| starts_like_option(w);
    let lost = u32::try_from(after.iter().filter(looks_like_option).count()).unwrap_or(u32::MAX);
    let resource = texts[p];
    // `--conf key= value`: the value ended at the space, and its word stands alone.
    let empty_before = read
        .assignments
        .last()
        .filter(|a| a.value.is_empty() && a.word + 2 >= p && texts[p - 1].ends_with('='));
    let lookalike = match empty_before {
        Some(a) => Some(Lookalike::SpaceAfterEquals { key: a.key.clone() }),
        None if resource == "/" => Some(Lookalike::Slash),
        None => Lookalike::in_word(resource),
    };
    if let Some(lookalike) = lookalike {
        let kind = FindingKind::Mistyped {
            word: shown_word(resource),
            lookalike,
            outcome: SubmitOutcome::TakenAsApplication { options_lost: lost },
        };
        pasted.findings.push(Finding::at(at(p), kind));
        return;
    }
    let options: Vec<&str> = after
        .iter()
        .filter(|w| is_submit_option(w))
        .copied()
        .collect();
    if let Some(first) = options.first() {
        let kind = FindingKind::OptionsAfterApplication {
            application: shown_word(resource),
            first: shown_word(first),
            options: u32::try_from(options.len()).unwrap_or(u32::MAX),
            plausible: plausible_application(resource),
        };
        pasted.findings.push(Finding::at(at(p), kind));
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
