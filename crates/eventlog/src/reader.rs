//! The push-based reader: files begin, their bytes are pushed in chunks of any size, they end;
//! [`Reader::finish`] gives the runs folded from them with what reading found.
//!
//! ```
//! use eventlog::Reader;
//!
//! let log = b"{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"3.5.3\"}\n\
//! {\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"demo\",\"Timestamp\":1000}\n\
//! {\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":61000}\n";
//! let mut reader = Reader::new();
//! reader.begin_file("app-1", Some(log.len() as u64));
//! for chunk in log.chunks(7) {
//!     reader.push(chunk);
//! }
//! reader.end_file();
//! let read = reader.finish();
//! assert_eq!(read.runs.len(), 1);
//! assert_eq!(read.runs[0].app.spark_version.as_deref(), Some("3.5.3"));
//! assert!(read.problems.is_empty());
//! ```

use crate::decode::{Codec, DecodeError, Decoder, Sink};
use crate::fold::{Folded, Folder};
use crate::kind::{self, FileKind};
use crate::lines::{Line, Lines};
use crate::run::{Location, Run};

/// Bytes of a file's start kept to tell what it is.
const HEAD_KEPT: usize = 4096;

/// Limits that keep hostile input bounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The longest line read, in bytes (longer lines are passed over and reported). Spark's
    /// longest lines are SQL plans and the environment: a few MiB.
    pub max_line_bytes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_line_bytes: 64 << 20,
        }
    }
}

/// Counters of the reading so far, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Progress {
    /// Bytes pushed (as stored: compressed when the file is).
    pub bytes_read: u64,
    /// Bytes of the files begun, when their sizes were given.
    pub bytes_total: Option<u64>,
    /// Bytes after decoding.
    pub bytes_decoded: u64,
    /// Lines read.
    pub lines: u64,
    /// Events read.
    pub events: u64,
    /// Files begun.
    pub files: u32,
}

/// What reading found that the analysis must say.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "json",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "kebab-case")
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ProblemKind {
    /// A line that is not JSON: reading stopped before it.
    NotJson {
        /// The parser's message.
        message: String,
        /// The column where it broke.
        column: usize,
    },
    /// The last line is cut off (the file ends inside it): reading stopped before it.
    CutShort {
        /// Bytes of the partial line.
        bytes: u64,
    },
    /// A JSON line that is not an event (no `Event` field): passed over.
    NotAnEvent,
    /// An event whose fields are not what Spark writes: passed over.
    WrongShape {
        /// The event's name.
        event: String,
        /// The parser's message.
        message: String,
    },
    /// A line longer than [`Limits::max_line_bytes`]: passed over.
    Overlong {
        /// Its length.
        bytes: u64,
        /// The event's name, when its start says it.
        event: Option<String>,
    },
    /// The compressed data is damaged or cut short.
    Decode(DecodeError),
    /// The file's name says one codec, its bytes another: read as the bytes say.
    CodecMismatch {
        /// Codec of the name.
        named: crate::decode::Codec,
        /// Codec of the bytes.
        found: crate::decode::Codec,
    },
    /// Lines after reading stopped, in this file, not read.
    LinesNotRead {
        /// How many (the last may be partial).
        lines: u64,
    },
}

/// A problem and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Problem {
    /// Where (line 0: the file as a whole).
    pub at: Location,
    /// What.
    #[cfg_attr(feature = "json", serde(flatten))]
    pub kind: ProblemKind,
}

/// A file read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FileRead {
    /// Its name.
    pub name: String,
    /// The codec it was read with.
    pub codec: Codec,
    /// Bytes as stored.
    pub bytes: u64,
    /// Bytes decoded.
    pub decoded_bytes: u64,
    /// Lines read.
    pub lines: u64,
    /// What it is, when it is not an event log.
    pub not_an_event_log: Option<FileKind>,
}

/// Everything read.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Read {
    /// The runs (application attempts) read, in order.
    pub runs: Vec<Run>,
    /// The files.
    pub files: Vec<FileRead>,
    /// What reading found, in order.
    pub problems: Vec<Problem>,
    /// The counters.
    pub progress: Progress,
    /// Whether reading stopped at a line it could not read (the rest is not analysed).
    pub stopped: bool,
}

struct FileState {
    read: FileRead,
    named: Codec,
    /// The first bytes as stored, to tell what a file is that does not decode.
    head: Vec<u8>,
    /// Bytes held until the magic number can be read.
    waiting: Vec<u8>,
    decoder: Option<Decoder>,
    lines: Lines,
    /// The first decoded bytes have been checked to be an event log.
    checked: bool,
    /// Entry name inside an archive, when reading one.
    entry: Option<String>,
    /// The archive's entry in hand is not an event log: its bytes are passed over.
    skip_entry: bool,
}

/// The reader. Never panics; every chunk size gives the same result.
pub struct Reader {
    limits: Limits,
    file: Option<FileState>,
    folder: Folder,
    done: Vec<Run>,
    read: Read,
    /// Reading has stopped at a bad line: the rest is counted, not folded.
    stopped: bool,
    /// The file in hand is not an event log: its bytes are not decoded further.
    refused: bool,
    lines_not_read: u64,
}

impl Default for Reader {
    fn default() -> Reader {
        Reader::new()
    }
}

/// The rolling log part number of a file name (`events_<N>_<app id>[.<codec>]`).
pub fn rolling_part(name: &str) -> Option<u64> {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let rest = base.strip_prefix("events_")?;
    let (n, _) = rest.split_once('_')?;
    n.parse().ok()
}

impl Reader {
    /// A reader with the default [`Limits`].
    pub fn new() -> Reader {
        Reader::with_limits(Limits::default())
    }

    /// A reader with `limits`.
    pub fn with_limits(limits: Limits) -> Reader {
        Reader {
            limits,
            file: None,
            folder: Folder::default(),
            done: Vec::new(),
            read: Read::default(),
            stopped: false,
            refused: false,
            lines_not_read: 0,
        }
    }

    /// The counters so far.
    pub fn progress(&self) -> Progress {
        self.read.progress
    }

    /// Whether pushing more bytes of the file in hand is useless (it is not an event log, or
    /// reading stopped at a line it could not read and only counts lines): the caller may stop.
    pub fn wants_more(&self) -> bool {
        !self.refused
    }

    /// Begins a file (ending the one in hand). A rolling log's later parts (`events_2_…`)
    /// continue the run of the parts before them; any other file begins a run of its own.
    pub fn begin_file(&mut self, name: &str, size: Option<u64>) {
        self.end_file();
        let p = &mut self.read.progress;
        p.files += 1;
        if let Some(size) = size {
            p.bytes_total = Some(p.bytes_total.unwrap_or(0).saturating_add(size));
        }
        let continues =
            rolling_part(name).is_some_and(|n| n > 1) && self.folder.run.counts.events > 0;
        if !continues {
            self.next_run();
        }
        let named = Codec::from_name(name);
        self.folder.run.files.push(name.to_string());
        self.refused = false;
        self.file = Some(FileState {
            read: FileRead {
                name: name.to_string(),
                codec: named,
                bytes: 0,
                decoded_bytes: 0,
                lines: 0,
                not_an_event_log: None,
            },
            named,
            head: Vec::new(),
            waiting: Vec::new(),
            decoder: None,
            lines: Lines::new(self.limits.max_line_bytes),
            checked: false,
            entry: None,
            skip_entry: false,
        });
    }

    fn next_run(&mut self) {
        let run = std::mem::take(&mut self.folder).run;
        if run.counts.events > 0 {
            self.done.push(run);
        }
    }

    /// Pushes the next bytes of the file in hand (a file named `unnamed` is begun if none is).
    pub fn push(&mut self, chunk: &[u8]) {
        if self.file.is_none() {
            self.begin_file("unnamed", None);
        }
        self.read.progress.bytes_read += chunk.len() as u64;
        let Some(mut file) = self.file.take() else {
            return;
        };
        file.read.bytes += chunk.len() as u64;
        if !self.refused {
            self.decode(&mut file, chunk);
        }
        self.file = Some(file);
    }

    fn decode(&mut self, file: &mut FileState, chunk: &[u8]) {
        if file.head.len() < HEAD_KEPT {
            let take = (HEAD_KEPT - file.head.len()).min(chunk.len());
            file.head.extend_from_slice(&chunk[..take]);
        }
        if file.decoder.is_none() {
            file.waiting.extend_from_slice(chunk);
            // The magic number's bytes first; and past white space, the first byte of JSON (a
            // log named `.zip` that is plain JSON is told by its `{`).
            let blank = file.waiting.iter().all(u8::is_ascii_whitespace);
            if file.waiting.len() < Codec::MAGIC_BYTES || (blank && file.waiting.len() < HEAD_KEPT)
            {
                return;
            }
            self.start_decoder(file);
            return;
        }
        self.run_decoder(file, chunk);
    }

    /// Chooses the codec from the bytes held and decodes them.
    fn start_decoder(&mut self, file: &mut FileState) {
        let waiting = std::mem::take(&mut file.waiting);
        let (codec, decoder) = self.choose_codec(file, &waiting);
        file.read.codec = codec;
        file.decoder = Some(decoder);
        self.run_decoder(file, &waiting);
    }

    /// The codec to read with: the name's, checked against the magic number.
    fn choose_codec(&mut self, file: &FileState, head: &[u8]) -> (Codec, Decoder) {
        let found = Codec::from_magic(head);
        let codec = match (file.named, found) {
            (named, Some(found)) if found != named => {
                self.problem(
                    &file.read.name,
                    0,
                    ProblemKind::CodecMismatch { named, found },
                );
                found
            }
            (_, Some(found)) => found,
            (Codec::None, None) => Codec::None,
            // Named compressed, but no compressed format's magic: JSON is read as it is; other
            // bytes are told apart by what they are.
            (named, None) => {
                if kind::looks_like_json(head) {
                    self.problem(
                        &file.read.name,
                        0,
                        ProblemKind::CodecMismatch {
                            named,
                            found: Codec::None,
                        },
                    );
                    Codec::None
                } else {
                    named
                }
            }
        };
        (codec, Decoder::new(codec))
    }

    fn run_decoder(&mut self, file: &mut FileState, bytes: &[u8]) {
        if bytes.is_empty() || self.refused {
            return;
        }
        let Some(mut decoder) = file.decoder.take() else {
            return;
        };
        let result = {
            let mut sink = FileSink { reader: self, file };
            decoder.push(bytes, &mut sink)
        };
        file.decoder = Some(decoder);
        match result {
            Ok(true) => {}
            Ok(false) => self.refused = true,
            Err(e) => self.decode_failed(file, e),
        }
    }

    fn decode_failed(&mut self, file: &mut FileState, e: DecodeError) {
        self.refused = true;
        if !file.checked && file.read.decoded_bytes == 0 {
            // Nothing decoded: the file is not what its name or magic said.
            let what = kind::identify(&file.head_for_kind(), &file.read.name);
            file.read.not_an_event_log = Some(what);
            return;
        }
        let line = file.lines.count() + 1;
        self.problem(&file.read.name, line, ProblemKind::Decode(e));
        self.stop();
    }

    fn problem(&mut self, file: &str, line: u64, kind: ProblemKind) {
        self.read.problems.push(Problem {
            at: Location {
                file: file.to_string(),
                line,
            },
            kind,
        });
    }

    fn stop(&mut self) {
        self.stopped = true;
        self.read.stopped = true;
    }

    /// Ends the file in hand: its last line, and whether its compressed data ended whole.
    pub fn end_file(&mut self) {
        let Some(mut file) = self.file.take() else {
            return;
        };
        if file.decoder.is_none() && !self.refused {
            // A file shorter than the magic number's bytes.
            self.start_decoder(&mut file);
        }
        if !self.refused {
            if let Some(mut decoder) = file.decoder.take() {
                let result = {
                    let mut sink = FileSink {
                        reader: self,
                        file: &mut file,
                    };
                    decoder.finish(&mut sink)
                };
                match result {
                    // A log still being written ends inside its compressed stream: what was
                    // decoded is read, and its last line, when cut, says so.
                    Err(DecodeError::Truncated { .. })
                        if file.read.name.ends_with(".inprogress") => {}
                    Err(e) => self.decode_failed(&mut file, e),
                    Ok(()) => {}
                }
            }
        }
        self.finish_lines(&mut file);
        if file.read.codec == Codec::Zip
            && file.read.lines == 0
            && file.read.not_an_event_log.is_none()
        {
            file.read.not_an_event_log = Some(FileKind::ZipOfOtherFiles);
        }
        if file.read.bytes == 0 || (!file.checked && file.read.not_an_event_log.is_none()) {
            let what = if file.read.bytes == 0 {
                FileKind::Empty
            } else {
                kind::identify(&file.head_for_kind(), &file.read.name)
            };
            if file.read.decoded_bytes == 0 || file.read.bytes == 0 {
                file.read.not_an_event_log = Some(what);
            }
        }
        self.read.files.push(file.read);
    }

    fn finish_lines(&mut self, file: &mut FileState) {
        let mut lines = std::mem::replace(&mut file.lines, Lines::new(1));
        let name = file.entry.clone().unwrap_or_else(|| file.read.name.clone());
        let before = lines.count();
        lines.finish(&mut |line| {
            self.fold_line(&name, line);
            true
        });
        file.read.lines += lines.count() - before;
        self.read.progress.lines += lines.count() - before;
        if self.lines_not_read > 0 {
            let n = std::mem::take(&mut self.lines_not_read);
            self.problem(&name, 0, ProblemKind::LinesNotRead { lines: n });
        }
    }

    /// Folds one line (or counts it, once reading has stopped).
    fn fold_line(&mut self, file: &str, line: Line<'_>) {
        if self.stopped {
            self.lines_not_read += 1;
            return;
        }
        if line.len > line.bytes.len() as u64 {
            let event = kind::event_name_at_start(line.bytes);
            self.problem(
                file,
                line.number,
                ProblemKind::Overlong {
                    bytes: line.len,
                    event,
                },
            );
            return;
        }
        let bytes = line.bytes.trim_ascii();
        if bytes.is_empty() {
            return;
        }
        let at = Location {
            file: file.to_string(),
            line: line.number,
        };
        let mut folded = self.folder.line(bytes, &at);
        if let Folded::NewRun = folded {
            self.next_run();
            self.folder.run.files.push(file.to_string());
            folded = self.folder.line(bytes, &at);
        }
        self.read.progress.events =
            crate::analysis::total(self.done.iter().map(|r| r.counts.events))
                .saturating_add(self.folder.run.counts.events);
        match folded {
            Folded::Read | Folded::NewRun => {}
            Folded::NotAnEvent => self.problem(file, line.number, ProblemKind::NotAnEvent),
            Folded::WrongShape { event, message } => {
                self.problem(
                    file,
                    line.number,
                    ProblemKind::WrongShape { event, message },
                );
            }
            Folded::NotJson {
                message,
                column,
                eof,
            } => {
                let kind = if eof && line.unterminated {
                    ProblemKind::CutShort { bytes: line.len }
                } else {
                    ProblemKind::NotJson { message, column }
                };
                self.problem(file, line.number, kind);
                self.stop();
            }
        }
    }

    /// Ends the file in hand and gives everything read.
    pub fn finish(mut self) -> Read {
        self.end_file();
        self.next_run();
        let mut read = std::mem::take(&mut self.read);
        read.runs = std::mem::take(&mut self.done);
        read
    }
}

impl FileState {
    /// The first bytes, for telling what a file is.
    fn head_for_kind(&self) -> Vec<u8> {
        self.head.clone()
    }
}

/// Decoded bytes of the file in hand, to lines and the folder.
struct FileSink<'a> {
    reader: &'a mut Reader,
    file: &'a mut FileState,
}

impl Sink for FileSink<'_> {
    fn bytes(&mut self, data: &[u8]) -> bool {
        let file = &mut *self.file;
        let reader = &mut *self.reader;
        file.read.decoded_bytes += data.len() as u64;
        reader.read.progress.bytes_decoded += data.len() as u64;
        if file.skip_entry {
            return true;
        }
        if !file.checked {
            let first = data.iter().position(|b| !b.is_ascii_whitespace());
            let Some(first) = first else {
                return true;
            };
            file.checked = true;
            if data[first] != b'{' && file.entry.is_some() {
                // Another file beside the log in an archive (a README, a screenshot).
                file.skip_entry = true;
                return true;
            }
            if data[first] != b'{' {
                let head = &data[first..data.len().min(first + 4096)];
                file.read.not_an_event_log = Some(kind::identify(head, &file.read.name));
                return false;
            }
        }
        let name = file.entry.clone().unwrap_or_else(|| file.read.name.clone());
        let before = file.lines.count();
        let go_on = file.lines.push(data, &mut |line| {
            reader.fold_line(&name, line);
            true
        });
        let read = file.lines.count() - before;
        file.read.lines += read;
        reader.read.progress.lines += read;
        go_on
    }

    fn entry_start(&mut self, name: &str) -> bool {
        let reader = &mut *self.reader;
        let continues =
            rolling_part(name).is_some_and(|n| n > 1) && reader.folder.run.counts.events > 0;
        if !continues {
            reader.next_run();
        }
        let shown = format!("{}/{name}", self.file.read.name);
        reader.folder.run.files.push(shown.clone());
        self.file.entry = Some(shown);
        self.file.lines = Lines::new(reader.limits.max_line_bytes);
        self.file.checked = false;
        self.file.skip_entry = false;
        true
    }

    fn entry_end(&mut self) {
        let mut lines = std::mem::replace(&mut self.file.lines, Lines::new(1));
        let name = self.file.entry.clone().unwrap_or_default();
        let before = lines.count();
        lines.finish(&mut |line| {
            self.reader.fold_line(&name, line);
            true
        });
        self.file.read.lines += lines.count() - before;
        self.reader.read.progress.lines += lines.count() - before;
        self.file.lines = Lines::new(self.reader.limits.max_line_bytes);
    }
}

/// The order in which to read files given together (a folder, several files): files that are
/// not logs (`appstatus_` markers, `.crc` files, hidden files) are left out, a rolling log's
/// parts come in their part order (`events_1_…`, `events_2_…`, `events_10_…`), other files by
/// name. Returns the indexes of `names` to read, in order.
pub fn reading_order(names: &[&str]) -> Vec<usize> {
    let mut keyed: Vec<(String, u64, String, usize)> = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
        if base.starts_with('.') || base.starts_with("appstatus_") || base.ends_with(".crc") {
            continue;
        }
        let folder = name.len() - base.len();
        let (group, part) = match rolling_part(base) {
            Some(n) => {
                let app = base.splitn(3, '_').nth(2).unwrap_or("");
                let app = app.split('.').next().unwrap_or(app);
                (format!("{}{app}", &name[..folder]), n)
            }
            None => (name.to_string(), 0),
        };
        keyed.push((group, part, name.to_string(), i));
    }
    keyed.sort();
    keyed.into_iter().map(|k| k.3).collect()
}
