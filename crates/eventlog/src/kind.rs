//! What a file that is not an event log is, told from its first bytes (magic numbers, then the
//! shape of its text), so that a wrong file is named as what it is at once.

/// What a file is, when it is not an event log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "json",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum FileKind {
    /// No bytes.
    Empty,
    /// A PDF document.
    Pdf,
    /// A PNG, JPEG, GIF or WebP image.
    Image,
    /// A ZIP archive with no event log in it (an Office document, a jar, other files).
    ZipOfOtherFiles,
    /// A compressed or archive format the reader does not open (bzip2, xz, 7z, tar, rar).
    OtherArchive,
    /// A program or library (ELF, Mach-O, PE, Java class).
    Executable,
    /// A Parquet, ORC or Avro data file.
    DataFile,
    /// An HTML or XML document (a History Server page saved from the browser, say).
    Markup,
    /// JSON that is not a Spark event log (no `Event` field).
    OtherJson,
    /// Comma- or tab-separated values.
    Csv,
    /// A Spark driver or executor log (log4j lines), not the event log.
    SparkLog,
    /// Some other log of timestamped lines.
    OtherLog,
    /// Other text.
    Text,
    /// Bytes of no known format (random or damaged data).
    Binary,
    /// Data that says it is compressed with Spark's codec but does not decode.
    DamagedCompressed,
}

impl FileKind {
    /// What it is, in a few words.
    pub fn words(self) -> &'static str {
        match self {
            FileKind::Empty => "an empty file",
            FileKind::Pdf => "a PDF document",
            FileKind::Image => "an image",
            FileKind::ZipOfOtherFiles => "a ZIP archive with no Spark event log in it",
            FileKind::OtherArchive => "an archive or compressed file of a format not read here",
            FileKind::Executable => "a program or library",
            FileKind::DataFile => "a data file (Parquet, ORC or Avro)",
            FileKind::Markup => "an HTML or XML document",
            FileKind::OtherJson => "JSON that is not a Spark event log",
            FileKind::Csv => "a CSV or TSV file",
            FileKind::SparkLog => "a Spark driver or executor log (log4j lines)",
            FileKind::OtherLog => "a log of timestamped lines",
            FileKind::Text => "a text file",
            FileKind::Binary => "binary data of no known format",
            FileKind::DamagedCompressed => "compressed data that does not decode",
        }
    }
}

/// Whether the bytes start like JSON (an object), after white space and a UTF-8 BOM.
pub(crate) fn looks_like_json(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    head.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')
}

/// The event name at a line's start, when Spark's writing order shows it.
pub(crate) fn event_name_at_start(line: &[u8]) -> Option<String> {
    let rest = line.strip_prefix(b"{\"Event\":\"")?;
    let end = rest.iter().position(|&b| b == b'"')?;
    Some(
        String::from_utf8_lossy(&rest[..end])
            .chars()
            .take(80)
            .collect(),
    )
}

/// Tells what `head` (a file's first bytes, up to a few KiB) is.
pub fn identify(head: &[u8], name: &str) -> FileKind {
    if head.is_empty() {
        return FileKind::Empty;
    }
    if let Some(kind) = by_magic(head) {
        return kind;
    }
    let _ = name;
    let text = match std::str::from_utf8(head) {
        Ok(t) => t,
        // A cut multi-byte character at the end of the head is still text.
        Err(e) if e.valid_up_to() + 4 > head.len() && e.valid_up_to() > 0 => {
            std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or("")
        }
        Err(_) => return FileKind::Binary,
    };
    if text
        .chars()
        .any(|c| c.is_control() && !c.is_ascii_whitespace())
    {
        return FileKind::Binary;
    }
    by_text(text.trim_start_matches('\u{feff}'))
}

fn by_magic(head: &[u8]) -> Option<FileKind> {
    const MAGICS: &[(&[u8], FileKind)] = &[
        (b"%PDF", FileKind::Pdf),
        (b"\x89PNG", FileKind::Image),
        (b"\xFF\xD8\xFF", FileKind::Image),
        (b"GIF8", FileKind::Image),
        (b"PK\x03\x04", FileKind::ZipOfOtherFiles),
        (b"PK\x05\x06", FileKind::ZipOfOtherFiles),
        (b"BZh", FileKind::OtherArchive),
        (b"\xFD7zXZ\x00", FileKind::OtherArchive),
        (b"7z\xBC\xAF\x27\x1C", FileKind::OtherArchive),
        (b"Rar!", FileKind::OtherArchive),
        (b"\x7FELF", FileKind::Executable),
        (b"\xCA\xFE\xBA\xBE", FileKind::Executable),
        (b"MZ", FileKind::Executable),
        (b"\xCF\xFA\xED\xFE", FileKind::Executable),
        (b"PAR1", FileKind::DataFile),
        (b"ORC", FileKind::DataFile),
        (b"Obj\x01", FileKind::DataFile),
        (&[0x28, 0xB5, 0x2F, 0xFD], FileKind::DamagedCompressed),
        (b"LZ4Block", FileKind::DamagedCompressed),
        (b"\x82SNAPPY", FileKind::DamagedCompressed),
        (b"\x1F\x8B", FileKind::DamagedCompressed),
    ];
    if head.len() > 262 && &head[257..262] == b"ustar" {
        return Some(FileKind::OtherArchive);
    }
    if head.starts_with(b"RIFF") && head.get(8..12) == Some(b"WEBP") {
        return Some(FileKind::Image);
    }
    MAGICS
        .iter()
        .find(|(m, _)| head.starts_with(m))
        .map(|&(_, k)| k)
}

fn by_text(text: &str) -> FileKind {
    let start = text.trim_start();
    if start.starts_with('{') || start.starts_with('[') {
        return FileKind::OtherJson;
    }
    if start.starts_with('<') {
        return FileKind::Markup;
    }
    // Whole lines only (the head may end inside one).
    let lines: Vec<&str> = match text.rfind('\n') {
        Some(end) => text[..end]
            .lines()
            .filter(|l| !l.trim().is_empty())
            .collect(),
        None => vec![text],
    };
    let lines = &lines[..lines.len().min(20)];
    let logged = lines.iter().filter(|l| is_log_line(l)).count();
    if logged * 2 > lines.len() {
        let spark = text.contains("Spark") || text.contains("spark") || text.contains("Executor");
        return if spark {
            FileKind::SparkLog
        } else {
            FileKind::OtherLog
        };
    }
    if lines.len() >= 2 && is_delimited(lines) {
        return FileKind::Csv;
    }
    FileKind::Text
}

/// A log line: a timestamp first (`24/12/01 21:41:11`, `2024-12-01 21:41:11,123`,
/// `2024-12-01T21:41:11`) and a level word soon after.
fn is_log_line(line: &str) -> bool {
    let b = line.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| b.get(r).is_some_and(|s| s.iter().all(u8::is_ascii_digit));
    let date = (digits(0..2) && b.get(2) == Some(&b'/') && digits(3..5) && b.get(5) == Some(&b'/'))
        || (digits(0..4) && b.get(4) == Some(&b'-') && digits(5..7) && b.get(7) == Some(&b'-'));
    let head: String = line.chars().take(60).collect();
    let level = ["INFO", "WARN", "ERROR", "DEBUG", "TRACE", "FATAL"]
        .iter()
        .any(|l| head.contains(l));
    date && level
}

/// Every line splits into the same number (2 or more) of fields by `,`, `;` or a tab.
fn is_delimited(lines: &[&str]) -> bool {
    [',', ';', '\t'].iter().any(|&d| {
        let n = lines[0].matches(d).count();
        n >= 1 && lines.iter().all(|l| l.matches(d).count() == n)
    })
}

#[cfg(test)]
mod tests {
    use super::{identify, FileKind};

    #[test]
    fn files_are_named_by_their_first_bytes() {
        assert_eq!(identify(b"%PDF-1.7\n%\xE2\xE3", "x.pdf"), FileKind::Pdf);
        assert_eq!(
            identify(b"PK\x03\x04\x14\x00", "report.docx"),
            FileKind::ZipOfOtherFiles
        );
        assert_eq!(identify(b"a,b,c\n1,2,3\n4,5,6\n", "x.csv"), FileKind::Csv);
        let driver = "24/12/01 21:41:11 INFO SparkContext: Running Spark version 3.5.3\n\
                      24/12/01 21:41:11 INFO ResourceUtils: ==============\n";
        assert_eq!(identify(driver.as_bytes(), "stderr"), FileKind::SparkLog);
        assert_eq!(identify(b"[{\"a\": 1}]", "x.json"), FileKind::OtherJson);
        assert_eq!(
            identify(&[0x13, 0x9A, 0xFF, 0x00, 0x42], "x"),
            FileKind::Binary
        );
        assert_eq!(identify(b"", "x"), FileKind::Empty);
        assert_eq!(
            identify(b"just some words\nand more\n", "x"),
            FileKind::Text
        );
    }
}
