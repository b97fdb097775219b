//! `spark-sizer analyze LOG...`: reads event logs (files, or a folder holding a rolling log's
//! parts) in chunks through the `eventlog` reader and prints its analysis, worded by the
//! `eventlog` crate. The cluster flags of the rest of the command line, when given, are the
//! cluster the recommended plan is placed on.

use std::ffi::OsString;
use std::io::Read as _;
use std::path::{Path, PathBuf};

use eventlog::reader::reading_order;
use eventlog::{analyze_all, Options, Reader};

use crate::run::{scenario_of_flags, Printed};

const HELP: &str = "\
Usage: spark-sizer analyze LOG... [--format text|markdown|json] [--FIELD VALUE]...

Reads Spark event logs and says what the run used: its executors per host, measured memory
peaks, stages, findings, and the right-sized plan placed with the planner's container math.
LOG is an event log file (uncompressed, .zstd, .lz4, .snappy, .lzf, .gz or .zip; .inprogress
too) or a folder (a rolling log eventlog_v2_<app id>/ of events_<N>_<app id> parts). The
cluster flags of spark-sizer (--manager, --link, --preset, --nodes, ...) place the plan on that
cluster instead of the run's.

Exit status: 0 analysed; 1 not an event log or nothing to analyse (why on stderr); 2 a usage
error or an unreadable file.";

/// The chunk size files are read in.
const CHUNK: usize = 1 << 20;

fn usage(message: &str) -> Printed {
    Printed {
        stdout: String::new(),
        stderr: format!("spark-sizer analyze: {message}\nTry 'spark-sizer analyze --help'.\n"),
        status: crate::run::USAGE,
    }
}

/// Runs `analyze` on the arguments after it.
pub fn run(args: &[OsString]) -> Printed {
    let mut logs: Vec<PathBuf> = Vec::new();
    let mut format = "text".to_string();
    let mut flags: Vec<OsString> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].to_string_lossy().into_owned();
        if arg == "--help" || arg == "-h" {
            return Printed {
                stdout: format!("{HELP}\n"),
                stderr: String::new(),
                status: crate::run::OK,
            };
        }
        if let Some(f) = arg.strip_prefix("--format=") {
            format = f.to_string();
        } else if arg == "--format" || arg == "-f" {
            i += 1;
            match args.get(i) {
                Some(f) => format = f.to_string_lossy().into_owned(),
                None => return usage("--format needs a value: text, markdown or json"),
            }
        } else if arg.starts_with("--") {
            flags.push(args[i].clone());
            if !arg.contains('=') {
                i += 1;
                match args.get(i) {
                    Some(v) => flags.push(v.clone()),
                    None => return usage(&format!("{arg} needs a value")),
                }
            }
        } else {
            logs.push(PathBuf::from(&args[i]));
        }
        i += 1;
    }
    if !matches!(format.as_str(), "text" | "markdown" | "json") {
        return usage(&format!("--format {format}: choose text, markdown or json"));
    }
    if logs.is_empty() {
        return usage("give at least one event log (a file, or a rolling log's folder)");
    }
    let cluster = if flags.is_empty() {
        None
    } else {
        match scenario_of_flags(&flags) {
            Ok(s) => Some(s),
            Err(p) => return p,
        }
    };
    match analyzed(&logs, &format, cluster) {
        Ok(p) | Err(p) => p,
    }
}

/// The files to read: each file given, and the files inside each folder given.
fn files_of(logs: &[PathBuf]) -> Result<Vec<PathBuf>, Printed> {
    let mut files = Vec::new();
    for log in logs {
        if log.is_dir() {
            let entries = std::fs::read_dir(log)
                .map_err(|e| unreadable(log, &e))?
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.is_file());
            files.extend(entries);
        } else {
            files.push(log.clone());
        }
    }
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    Ok(reading_order(&refs)
        .into_iter()
        .map(|i| files[i].clone())
        .collect())
}

fn unreadable(path: &Path, e: &std::io::Error) -> Printed {
    Printed {
        stdout: String::new(),
        stderr: format!("spark-sizer analyze: cannot read {}: {e}\n", path.display()),
        status: crate::run::USAGE,
    }
}

fn analyzed(
    logs: &[PathBuf],
    format: &str,
    cluster: Option<planner::scenario::Scenario>,
) -> Result<Printed, Printed> {
    let mut reader = Reader::new();
    for path in files_of(logs)? {
        let mut file = std::fs::File::open(&path).map_err(|e| unreadable(&path, &e))?;
        let size = file.metadata().ok().map(|m| m.len());
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        reader.begin_file(&name, size);
        let mut buf = vec![0u8; CHUNK];
        loop {
            let n = file.read(&mut buf).map_err(|e| unreadable(&path, &e))?;
            if n == 0 || !reader.wants_more() {
                break;
            }
            reader.push(&buf[..n]);
        }
        reader.end_file();
    }
    let read = reader.finish();
    if let Some(why) = eventlog::words::not_analysed(&read) {
        return Err(Printed {
            stdout: String::new(),
            stderr: format!("spark-sizer analyze: nothing to analyse.\n{why}\n"),
            status: crate::run::INVALID_INPUT,
        });
    }
    let analyses = analyze_all(&read, &Options { cluster });
    let stdout = match format {
        "json" => eventlog::json::document(&read, &analyses),
        "markdown" => analyses
            .iter()
            .map(eventlog::words::markdown)
            .collect::<Vec<_>>()
            .join("\n---\n\n"),
        _ => analyses
            .iter()
            .map(eventlog::words::text)
            .collect::<Vec<_>>()
            .join("\n"),
    };
    let stderr = read
        .problems
        .iter()
        .map(|p| {
            format!(
                "spark-sizer analyze: {}\n",
                eventlog::words::problem_words(p)
            )
        })
        .collect();
    Ok(Printed {
        stdout,
        stderr,
        status: crate::run::OK,
    })
}
