//! Hostile and mistaken input: files that are not event logs are named as what they are from
//! their first bytes (and reading stops at once), damaged or cut compressed data and lines that
//! are not JSON are analysed up to where they break with the line and what is missing, long
//! lines are bounded, and nothing panics.

mod common;

use std::io::Write;

use eventlog::{Codec, FileKind, Limits, ProblemKind, Read, Reader};

fn read_bytes(name: &str, bytes: &[u8], chunk: usize) -> Read {
    let mut r = Reader::new();
    r.begin_file(name, Some(bytes.len() as u64));
    for c in bytes.chunks(chunk.max(1)) {
        if !r.wants_more() {
            break;
        }
        r.push(c);
    }
    r.end_file();
    r.finish()
}

fn kind_of(name: &str, bytes: &[u8]) -> Option<FileKind> {
    let r = read_bytes(name, bytes, 4096);
    assert!(r.runs.is_empty(), "{name}: no run");
    assert!(eventlog::words::not_analysed(&r).is_some());
    r.files[0].not_an_event_log
}

/// A small pseudo-random byte generator (xorshift), so that the tests need no crate for it.
fn random_bytes(n: usize, mut seed: u64) -> Vec<u8> {
    (0..n)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 24) as u8
        })
        .collect()
}

const APP: &str = "{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"3.5.3\"}\n\
{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"demo\",\"App ID\":\"app-1\",\"Timestamp\":1000}\n\
{\"Event\":\"SparkListenerExecutorAdded\",\"Timestamp\":1100,\"Executor ID\":\"1\",\"Executor Info\":{\"Host\":\"h1\",\"Total Cores\":4}}\n\
{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":0,\"Stage Attempt ID\":0,\"Task End Reason\":{\"Reason\":\"Success\"},\"Task Info\":{\"Launch Time\":2000,\"Executor ID\":\"1\",\"Host\":\"h1\",\"Finish Time\":3000}}\n\
{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":61000}\n";

#[test]
fn files_that_are_not_event_logs_are_named() {
    assert_eq!(
        kind_of("report.pdf", b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj"),
        Some(FileKind::Pdf)
    );
    assert_eq!(
        kind_of("data.csv", b"id,name,size\n1,a,3\n2,b,4\n"),
        Some(FileKind::Csv)
    );
    let driver = "24/12/01 21:41:11 INFO SparkContext: Running Spark version 3.5.3\n\
                  24/12/01 21:41:11 INFO ResourceUtils: No custom resources configured\n\
                  24/12/01 21:41:12 WARN NativeCodeLoader: Unable to load native-hadoop library\n";
    assert_eq!(
        kind_of("stderr", driver.as_bytes()),
        Some(FileKind::SparkLog)
    );
    assert_eq!(kind_of("empty", b""), Some(FileKind::Empty));
    assert_eq!(
        kind_of("conf.json", b"[{\"Classification\":\"spark\"}]"),
        Some(FileKind::OtherJson)
    );
    assert_eq!(
        kind_of("noise", &random_bytes(10_000, 7)),
        Some(FileKind::Binary)
    );
    // Named as Spark's codec, but no such stream: told by what the bytes are.
    assert_eq!(
        kind_of("app.zstd", b"%PDF-1.4 whatever"),
        Some(FileKind::Pdf)
    );
    assert_eq!(
        kind_of("app.lz4", &random_bytes(5000, 9)),
        Some(FileKind::Binary)
    );
}

#[test]
fn a_zip_of_other_files_is_named() {
    let zip = stored_zip(&[("report.txt", b"hello"), ("img/photo.png", b"\x89PNG....")]);
    let r = read_bytes("bundle.zip", &zip, 4096);
    assert!(r.runs.is_empty());
    assert_eq!(r.files[0].not_an_event_log, Some(FileKind::ZipOfOtherFiles));
    assert!(eventlog::words::not_analysed(&r).is_some());
}

#[test]
fn a_zip_holding_a_log_and_other_files_reads_the_log() {
    let zip = stored_zip(&[
        ("__MACOSX/._app-1", b"junk"),
        ("logs/README.txt", b"the log of Tuesday's run"),
        ("logs/app-1", APP.as_bytes()),
    ]);
    for chunk in [1, 13, 4096] {
        let r = read_bytes("logs.zip", &zip, chunk);
        assert_eq!(r.runs.len(), 1, "chunks of {chunk}");
        assert_eq!(r.runs[0].counts.task_ends, 1);
        assert!(r.problems.is_empty(), "{:?}", r.problems);
    }
}

#[test]
fn random_bytes_stop_the_reading_at_once() {
    // 16 MiB of noise: the first chunk tells it is no event log, and nothing more is decoded.
    let noise = random_bytes(16 << 20, 3);
    let mut r = Reader::new();
    r.begin_file("big.bin", Some(noise.len() as u64));
    let mut pushed = 0;
    for c in noise.chunks(1 << 20) {
        if !r.wants_more() {
            break;
        }
        r.push(c);
        pushed += 1;
    }
    assert_eq!(pushed, 1, "one chunk read, then refused");
    let read = r.finish();
    assert_eq!(read.files[0].not_an_event_log, Some(FileKind::Binary));
}

#[test]
fn a_line_that_is_not_json_gives_its_line_and_stops() {
    let text = APP.replace("\"App Name\":\"demo\"", "\"App Name\":demo");
    let r = read_bytes("app-1", text.as_bytes(), 5);
    assert_eq!(r.problems[0].at.line, 2);
    assert!(matches!(r.problems[0].kind, ProblemKind::NotJson { .. }));
    assert_eq!(r.problems[1].kind, ProblemKind::LinesNotRead { lines: 3 });
    assert_eq!(r.runs[0].counts.events, 1);
}

#[test]
fn json_that_is_not_an_event_is_passed_over_with_its_line() {
    let text = APP.replacen('\n', "\n{\"note\":\"added by hand\"}\n", 1);
    let r = read_bytes("app-1", text.as_bytes(), 64);
    assert_eq!(r.problems.len(), 1);
    assert_eq!(r.problems[0].at.line, 2);
    assert_eq!(r.problems[0].kind, ProblemKind::NotAnEvent);
    assert_eq!(r.runs[0].counts.task_ends, 1, "the rest is read");
}

#[test]
fn a_cut_compressed_log_is_read_up_to_the_cut() {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(APP.repeat(200).as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    let cut = &gz[..gz.len() * 2 / 3];
    let r = read_bytes("app-1.gz", cut, 1000);
    let last = r
        .problems
        .iter()
        .find(|p| matches!(p.kind, ProblemKind::Decode(_)));
    let last = last.expect("the cut is said");
    assert!(
        last.at.line > 100,
        "the line after the last read: {}",
        last.at.line
    );
    assert!(r.stopped);
    let runs: u64 = r.runs.iter().map(|run| run.counts.task_ends).sum();
    assert!(runs > 50, "what came before the cut is read");
    // The committed lz4 log cut in the middle of a block: Spark's framing says it is cut.
    let lz4 = std::fs::read(common::data("codec-lz4.lz4")).unwrap();
    let r = read_bytes("app.lz4", &lz4[..lz4.len() - 1000], 4096);
    assert!(r.problems.iter().any(|p| matches!(
        p.kind,
        ProblemKind::Decode(eventlog::decode::DecodeError::Truncated {
            codec: Codec::Lz4,
            ..
        })
    )));
}

#[test]
fn gzip_members_one_after_another_are_one_log() {
    let member = |text: &str| {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(text.as_bytes()).unwrap();
        gz.finish().unwrap()
    };
    let (head, tail) = APP.split_at(APP.find("{\"Event\":\"SparkListenerTaskEnd").unwrap());
    let mut both = member(head);
    both.extend(member(tail));
    let r = read_bytes("app-1.gz", &both, 3);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    assert_eq!(r.runs[0].counts.task_ends, 1);
    assert_eq!(r.runs[0].app.end_ms, Some(61_000));
}

#[test]
fn a_codec_the_name_does_not_say_is_read_as_the_bytes_are() {
    let zstd = std::fs::read(common::data("codec-zstd.zstd")).unwrap();
    let r = read_bytes("app-1.lz4", &zstd, 4096);
    assert_eq!(r.files[0].codec, Codec::Zstd);
    assert_eq!(
        r.problems[0].kind,
        ProblemKind::CodecMismatch {
            named: Codec::Lz4,
            found: Codec::Zstd
        }
    );
    assert_eq!(r.runs[0].counts.task_ends, 5);
    // A plain log named .zstd is read as it is.
    let r = read_bytes("app-1.zstd", APP.as_bytes(), 4096);
    assert_eq!(r.files[0].codec, Codec::None);
    assert_eq!(r.runs[0].counts.task_ends, 1);
}

#[test]
fn a_line_longer_than_the_bound_is_passed_over() {
    let long = format!(
        "{{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart\",\"details\":\"{}\"}}\n",
        "x".repeat(3 << 20)
    );
    let text = APP.replacen('\n', &format!("\n{long}"), 1);
    let mut r = Reader::with_limits(Limits {
        max_line_bytes: 1 << 20,
    });
    r.begin_file("app-1", None);
    for c in text.as_bytes().chunks(70_000) {
        r.push(c);
    }
    let read = r.finish();
    assert_eq!(read.problems.len(), 1);
    assert_eq!(read.problems[0].at.line, 2);
    assert!(
        matches!(&read.problems[0].kind, ProblemKind::Overlong { event: Some(e), .. } if e.ends_with("SQLExecutionStart"))
    );
    assert_eq!(read.runs[0].counts.task_ends, 1);
}

#[test]
fn two_applications_in_one_file_are_two_runs() {
    let text = format!("{APP}{}", APP.replace("app-1", "app-2"));
    let r = read_bytes("two", text.as_bytes(), 100);
    assert_eq!(r.runs.len(), 2);
    assert_eq!(r.runs[1].app.id.as_deref(), Some("app-2"));
}

#[test]
fn truncated_and_mangled_logs_never_panic() {
    let logs = [
        "codec-zstd.zstd",
        "codec-lz4.lz4",
        "codec-snappy.snappy",
        "codec-lzf.lzf",
        "codec-none.zip",
        "codec-none",
    ];
    for name in logs {
        let bytes = std::fs::read(common::data(name)).unwrap();
        for cut in [1, 9, 17, 22, 100, bytes.len() / 2, bytes.len() - 3] {
            let _ = read_bytes(name, &bytes[..cut], 997);
        }
        let mut flipped = bytes.clone();
        for i in (0..flipped.len()).step_by(401) {
            flipped[i] ^= 0x5A;
        }
        let r = read_bytes(name, &flipped, 4096);
        let _ = eventlog::analyze_all(&r, &eventlog::Options::default());
    }
}

/// A ZIP of stored (uncompressed) entries, written by hand (APPNOTE.TXT §4.3.7).
fn stored_zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = Vec::new();
    for (name, data) in entries {
        let mut crc = flate2::Crc::new();
        crc.update(data);
        out.extend_from_slice(b"PK\x03\x04");
        out.extend_from_slice(&[20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        out.extend_from_slice(&crc.sum().to_le_bytes());
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(&(name.len() as u16).to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(data);
    }
    out.extend_from_slice(b"PK\x05\x06");
    out.extend_from_slice(&[0; 18]);
    out
}

#[test]
fn absurd_numbers_never_overflow() {
    // Times at i64's ends, a resource profile of 1e300 MiB, cores at u32's end, a heap Spark
    // would refuse: analysed and worded (the tests run with overflow checks on).
    let huge = "{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"3.5.3\"}\n\
{\"Event\":\"SparkListenerResourceProfileAdded\",\"Resource Profile Id\":0,\"Executor Resource Requests\":{\"memory\":{\"Resource Name\":\"memory\",\"Amount\":1e300},\"memoryOverhead\":{\"Resource Name\":\"memoryOverhead\",\"Amount\":1e300}},\"Task Resource Requests\":{}}\n\
{\"Event\":\"SparkListenerEnvironmentUpdate\",\"Spark Properties\":{\"spark.master\":\"yarn\",\"spark.executor.memory\":\"9999999999t\",\"spark.executor.memoryOverhead\":\"8000000000000g\"}}\n\
{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"x\",\"Timestamp\":-9223372036854775808}\n\
{\"Event\":\"SparkListenerExecutorAdded\",\"Timestamp\":-9223372036854775808,\"Executor ID\":\"1\",\"Executor Info\":{\"Host\":\"h\",\"Total Cores\":4294967295}}\n\
{\"Event\":\"SparkListenerExecutorAdded\",\"Timestamp\":0,\"Executor ID\":\"2\",\"Executor Info\":{\"Host\":\"h\",\"Total Cores\":4294967295}}\n";
    let mut text = huge.to_string();
    for i in 0..50 {
        text.push_str(&format!("{{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":{i},\"Task End Reason\":{{\"Reason\":\"Success\"}},\"Task Info\":{{\"Launch Time\":-9223372036854775808,\"Executor ID\":\"{}\",\"Finish Time\":9223372036854775807}},\"Task Metrics\":{{\"JVM GC Time\":9223372036854775807,\"Disk Bytes Spilled\":9223372036854775807,\"Input Metrics\":{{\"Bytes Read\":9223372036854775807}}}},\"Task Executor Metrics\":{{\"JVMHeapMemory\":9223372036854775807,\"ProcessTreeJVMRSSMemory\":9223372036854775807}}}}\n", 1 + i % 2));
    }
    text.push_str(
        "{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":9223372036854775807}\n",
    );
    let r = read_bytes("huge", text.as_bytes(), 333);
    for a in eventlog::analyze_all(&r, &eventlog::Options::default()) {
        let _ = eventlog::words::text(&a);
        let _ = eventlog::words::markdown(&a);
        let _ = eventlog::json::document(&r, std::slice::from_ref(&a));
    }
}
