//! Fuzz target bodies (feature `fuzzing`), one source for both drivers: the coverage-guided
//! libFuzzer targets in `fuzz/` (nightly) and the seeded random run of
//! `examples/fuzz_short.rs` (stable, in `scripts/test.sh`). Each takes arbitrary bytes and
//! panics only when a property fails; every panic is a finding.

use crate::decode::{decode_all, Codec, Collect, Decoder};
use crate::lines::Lines;
use crate::{analyze_all, Options, Reader};

const CODECS: [Codec; 7] = [
    Codec::None,
    Codec::Zstd,
    Codec::Lz4,
    Codec::Snappy,
    Codec::Lzf,
    Codec::Gzip,
    Codec::Zip,
];

/// The decoders: the first byte picks the codec, the second a chunk size; the rest is the
/// stream. Decoding it pushed in chunks gives the same bytes and the same outcome as decoding
/// it whole; when the data is damaged, both fail, and what each gave before failing is the
/// same up to the shorter (an inflater tells of damage a block sooner or later depending on how
/// much it was given at once).
pub fn decoders(data: &[u8]) {
    let [pick, size, stream @ ..] = data else {
        return;
    };
    let codec = CODECS[usize::from(*pick) % CODECS.len()];
    let (whole, whole_error) = decode_all(codec, stream);
    let mut out = Collect(Vec::new());
    let mut d = Decoder::new(codec);
    let mut error = None;
    for chunk in stream.chunks(usize::from(*size).max(1)) {
        if let Err(e) = d.push(chunk, &mut out) {
            error = Some(e);
            break;
        }
    }
    let error = error.or_else(|| d.finish(&mut out).err());
    assert_eq!(
        error.is_some(),
        whole_error.is_some(),
        "{codec:?}: {error:?} / {whole_error:?}"
    );
    if error.is_none() {
        assert_eq!(out.0, whole, "{codec:?} in chunks of {size}");
    } else {
        let n = out.0.len().min(whole.len());
        assert_eq!(
            out.0[..n],
            whole[..n],
            "{codec:?} in chunks of {size}, before the damage"
        );
    }
}

/// The line splitter: the lines of any bytes in any chunks are the bytes split at `\n` (a
/// trailing `\r` dropped), the last one unterminated when the bytes do not end with `\n`.
pub fn lines(data: &[u8]) {
    let [size, text @ ..] = data else {
        return;
    };
    let split = |chunk: usize| {
        let mut lines = Lines::new(1 << 20);
        let mut out: Vec<(u64, Vec<u8>, bool)> = Vec::new();
        let mut each = |l: crate::lines::Line<'_>| {
            out.push((l.number, l.bytes.to_vec(), l.unterminated));
            true
        };
        for c in text.chunks(chunk.max(1)) {
            lines.push(c, &mut each);
        }
        lines.finish(&mut each);
        out
    };
    let whole = split(text.len().max(1));
    assert_eq!(split(usize::from(*size)), whole, "chunks of {size}");
    let expected: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
    let ends = text.last() == Some(&b'\n') || text.is_empty();
    let count = if ends {
        expected.len() - 1
    } else {
        expected.len()
    };
    assert_eq!(whole.len(), count);
    for ((n, line, cut), want) in whole.iter().zip(&expected) {
        assert_eq!(
            line.as_slice(),
            want.strip_suffix(b"\r").unwrap_or(want),
            "line {n}"
        );
        assert_eq!(*cut, !ends && *n == count as u64);
    }
}

/// The whole reader and the analysis: the first byte picks the file's name (its codec), the
/// second a chunk size; the rest is the file. The same bytes in other chunks read the same, and
/// every run analyses and words without a panic.
pub fn reader(data: &[u8]) {
    const NAMES: [&str; 9] = [
        "app-1",
        "app-1.zstd",
        "app-1.lz4",
        "app-1.snappy",
        "app-1.lzf",
        "app-1.gz",
        "logs.zip",
        "events_2_app-1.zstd",
        "app-1.lz4.inprogress",
    ];
    let [pick, size, file @ ..] = data else {
        return;
    };
    let name = NAMES[usize::from(*pick) % NAMES.len()];
    let read_in = |chunk: usize| {
        let mut r = Reader::new();
        r.begin_file(name, Some(file.len() as u64));
        for c in file.chunks(chunk.max(1)) {
            if !r.wants_more() {
                break;
            }
            r.push(c);
        }
        r.finish()
    };
    let read = read_in(usize::from(*size));
    let again = read_in(4096);
    // Damaged compressed data is told a block sooner or later with other chunks (see
    // `decoders`); whole data reads the same.
    let damaged = |r: &crate::Read| {
        r.problems
            .iter()
            .any(|p| matches!(p.kind, crate::ProblemKind::Decode(_)))
    };
    if !damaged(&read) && !damaged(&again) {
        assert_eq!(read.runs, again.runs, "{name} in chunks of {size}");
    }
    for a in analyze_all(&read, &Options::default()) {
        let _ = crate::words::text(&a);
        let _ = crate::words::markdown(&a);
    }
    let _ = crate::words::not_analysed(&read);
}
