//! One analysis in progress: files begun, their bytes pushed, then the answer — the document
//! `spark-sizer analyze --format json` prints, and the diagnostics the command line writes on
//! stderr, as words with codes (the API has no stderr).

use eventlog::json::Document;
use eventlog::{analyze_all, Analysis, Options, Problem, ProblemKind, Progress, Read, Reader};
use planner::scenario::Scenario;
use planner::view::Finding;
use planner::warning::Severity;
use serde::Serialize;

/// The reader of one analysis.
#[derive(Default)]
pub struct Session {
    reader: Reader,
}

/// What an analysis found: what was read, the runs analysed, and what to say about them.
pub struct Answer {
    /// What was read.
    pub read: Read,
    /// Each run's analysis (none when nothing could be analysed).
    pub analyses: Vec<Analysis>,
    /// Problems of the reading and of the options, in words, most severe first.
    pub diagnostics: Vec<Finding>,
}

/// The answer as `analyze()` returns it: the command line's JSON document with `diagnostics`
/// beside its fields.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "AnalysisResult"))]
pub struct AnswerDocument<'a> {
    #[serde(flatten)]
    document: Document<'a>,
    diagnostics: &'a [Finding],
}

impl Session {
    /// A session with nothing read.
    pub fn new() -> Session {
        Session::default()
    }

    /// Begins a file by its name (its codec is read from the name, checked against the bytes)
    /// and its size when known.
    pub fn begin_file(&mut self, name: &str, size: Option<u64>) {
        self.reader.begin_file(name, size);
    }

    /// Pushes the next bytes of the file in hand.
    pub fn push(&mut self, chunk: &[u8]) {
        self.reader.push(chunk);
    }

    /// Reads a whole file held in memory as the worker reads one: begun with `size`, pushed in
    /// slices of `slice` bytes until it is of no more use, ended.
    pub fn read_file(&mut self, name: &str, bytes: &[u8], size: Option<u64>, slice: usize) {
        self.begin_file(name, size);
        for part in bytes.chunks(slice.max(1)) {
            self.push(part);
            if !self.wants_more() {
                break;
            }
        }
        self.end_file();
    }

    /// Ends the file in hand.
    pub fn end_file(&mut self) {
        self.reader.end_file();
    }

    /// Whether more bytes of the file in hand are of any use (not once it is known not to be
    /// an event log, or reading stopped at a line it could not read).
    pub fn wants_more(&self) -> bool {
        self.reader.wants_more()
    }

    /// The counters so far.
    pub fn progress(&self) -> Progress {
        self.reader.progress()
    }

    /// Ends the reading and analyses what was read, the plan placed on the cluster of the share
    /// link `cluster` (its query, or a whole link) when one is given, else on the run's. The
    /// session starts over, empty.
    pub fn finish(&mut self, cluster: &str) -> Answer {
        let read = std::mem::take(&mut self.reader).finish();
        let mut diagnostics = Vec::new();
        let cluster = cluster_of(cluster, &mut diagnostics);
        diagnostics.extend(read_diagnostics(&read));
        let analyses = if diagnostics.iter().any(|d| d.code == "not-analysed") {
            Vec::new()
        } else {
            analyze_all(&read, &Options { cluster })
        };
        diagnostics = planner::warning::most_severe_first_by(&diagnostics, |d| d.severity);
        Answer {
            read,
            analyses,
            diagnostics,
        }
    }
}

/// The answer as the page's "Analyse a run" section shows it: each run's view and the
/// diagnostics, beside the document.
#[derive(Serialize)]
pub struct PageAnswer<'a> {
    /// The document `analyze()` returns.
    pub result: AnswerDocument<'a>,
    /// Each run as shown.
    pub runs: Vec<eventlog::view::RunView>,
    /// The problems of the reading and of the options, in words.
    pub diagnostics: &'a [Finding],
}

impl Answer {
    /// The answer for the page, with the explorer's shapes on the cluster of the form's link
    /// `form` timed with each run (an empty or unreadable link: none).
    pub fn page(&self, form: &str) -> PageAnswer<'_> {
        let form = cluster_of(form, &mut Vec::new());
        PageAnswer {
            result: self.document(),
            runs: self
                .analyses
                .iter()
                .map(|a| match &form {
                    Some(f) => eventlog::view::run_view_with_form(a, f),
                    None => eventlog::view::run_view(a),
                })
                .collect(),
            diagnostics: &self.diagnostics,
        }
    }

    /// Each run's rows of the trade-off explorer on the cluster of the form's link `form`, timed
    /// with its tasks, for the page's explorer (an empty or unreadable link: none).
    pub fn timed_shapes(&self, form: &str) -> Vec<Vec<eventlog::view::TimedShape>> {
        let Some(form) = cluster_of(form, &mut Vec::new()) else {
            return Vec::new();
        };
        self.analyses
            .iter()
            .map(|a| eventlog::view::timed_shapes(a, &form))
            .collect()
    }

    /// The document `analyze()` returns.
    pub fn document(&self) -> AnswerDocument<'_> {
        AnswerDocument {
            document: Document::of(&self.read, &self.analyses),
            diagnostics: &self.diagnostics,
        }
    }
}

fn finding(code: &str, severity: Severity, message: String) -> Finding {
    Finding {
        code: code.to_string(),
        severity,
        field: None,
        message,
    }
}

/// The cluster a share link describes; a link with values that do not read places the plan on
/// the run's cluster instead, and says so.
fn cluster_of(link: &str, diagnostics: &mut Vec<Finding>) -> Option<Scenario> {
    let query = link.split_once('?').map_or(link, |(_, query)| query);
    let query = query.split_once('#').map_or(query, |(query, _)| query);
    if query.trim().is_empty() {
        return None;
    }
    let decoded = planner::url::scenario_from_query(query);
    if decoded.bad.is_empty() {
        return Some(decoded.scenario);
    }
    let manager = decoded.scenario.manager();
    for bad in &decoded.bad {
        let problem = bad.diagnostic(manager).message;
        let message =
            format!("The cluster's link does not read ({problem}): the plan is placed on the run's cluster.");
        diagnostics.push(finding("invalid-cluster", Severity::Warning, message));
    }
    None
}

/// What the command line writes on stderr, as diagnostics: why nothing was analysed, each file
/// that is not an event log, each problem with its file and line.
fn read_diagnostics(read: &Read) -> Vec<Finding> {
    let mut diagnostics = Vec::new();
    if let Some(why) = eventlog::words::not_analysed(read) {
        let message = format!("Nothing to analyse. {}", why.replace('\n', " "));
        diagnostics.push(finding("not-analysed", Severity::Error, message));
        return diagnostics;
    }
    for file in &read.files {
        if let Some(kind) = file.not_an_event_log {
            let message = format!("{} is {}, not a Spark event log.", file.name, kind.words());
            diagnostics.push(finding("not-an-event-log", Severity::Warning, message));
        }
    }
    for p in &read.problems {
        let (code, severity) = problem_code(p);
        diagnostics.push(finding(code, severity, eventlog::words::problem_words(p)));
    }
    diagnostics
}

/// A problem's stable code (its kind in the document) and how much it matters: what stopped
/// the reading or was passed over is a warning (the analysis covers what came before), the
/// rest a note.
fn problem_code(p: &Problem) -> (&'static str, Severity) {
    match p.kind {
        ProblemKind::NotJson { .. } => ("not-json", Severity::Warning),
        ProblemKind::CutShort { .. } => ("cut-short", Severity::Warning),
        ProblemKind::NotAnEvent => ("not-an-event", Severity::Warning),
        ProblemKind::WrongShape { .. } => ("wrong-shape", Severity::Warning),
        ProblemKind::Overlong { .. } => ("overlong", Severity::Warning),
        ProblemKind::Decode(_) => ("decode", Severity::Warning),
        ProblemKind::CodecMismatch { .. } => ("codec-mismatch", Severity::Info),
        ProblemKind::LinesNotRead { .. } => ("lines-not-read", Severity::Info),
    }
}
