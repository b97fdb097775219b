//! `spark-defaults.conf` as Spark reads it: `Utils.getPropertiesFromFile` loads the file with
//! `java.util.Properties.load` (UTF-8), then trims each value with `Utils.trimExceptCRLF`.
//!
//! `Properties.load` rules reproduced here: a natural line ends at `\n`, `\r` or `\r\n`; a line
//! ending in an odd number of backslashes continues on the next one, whose leading whitespace is
//! dropped; a line whose first non-blank character is `#` or `!` is a comment (never continued);
//! the key runs to the first unescaped `=`, `:` or whitespace; then blanks, at most one `=` or
//! `:`, and blanks again are skipped, and the rest is the value; `\t`, `\n`, `\r`, `\f` and
//! `\uXXXX` are escapes and a backslash before any other character stands for that character.
//! A malformed `\uXXXX` makes `load` throw ("Malformed \uxxxx encoding.").

/// One `key value` read from the file, with the line its logical line starts on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Property {
    /// The key, unescaped.
    pub key: String,
    /// The value, unescaped and trimmed as Spark trims it.
    pub value: String,
    /// The line (1-based) where the logical line starts.
    pub line: u32,
}

/// Why a properties text could not be read: `Properties.load` throws on a bad `\u` escape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MalformedEscape {
    /// The line (1-based) of the logical line holding it.
    pub line: u32,
}

/// Reads `text` as `Properties.load` and Spark do. A later key replaces an earlier one in
/// Spark; every entry is kept here, in order, so that the check can say which line won.
pub fn read_properties(text: &str) -> Result<Vec<Property>, MalformedEscape> {
    let mut out = Vec::new();
    for (line, logical) in logical_lines(text) {
        let Some((raw_key, raw_value)) = split_key_value(&logical) else {
            continue;
        };
        let key = unescape(raw_key).ok_or(MalformedEscape { line })?;
        let value = unescape(raw_value).ok_or(MalformedEscape { line })?;
        out.push(Property {
            key,
            value: trim_except_crlf(&value).to_string(),
            line,
        });
    }
    Ok(out)
}

/// The logical lines (comments and blank lines dropped), each with its first line number;
/// continuation backslashes and the next line's leading blanks removed, escapes kept.
fn logical_lines(text: &str) -> Vec<(u32, String)> {
    let naturals = natural_lines(text);
    let mut out = Vec::new();
    let mut i = 0;
    while i < naturals.len() {
        let start = i;
        let first = naturals[i].trim_start_matches(is_blank);
        i += 1;
        if first.is_empty() || first.starts_with('#') || first.starts_with('!') {
            continue;
        }
        let mut logical = String::new();
        let mut piece = first;
        loop {
            if ends_with_odd_backslashes(piece) && i < naturals.len() {
                logical.push_str(&piece[..piece.len() - 1]);
                piece = naturals[i].trim_start_matches(is_blank);
                i += 1;
            } else {
                // A backslash ending the file is dropped, as `load` drops it.
                let piece = if ends_with_odd_backslashes(piece) {
                    &piece[..piece.len() - 1]
                } else {
                    piece
                };
                logical.push_str(piece);
                break;
            }
        }
        out.push((line_number(start), logical));
    }
    out
}

fn line_number(index: usize) -> u32 {
    u32::try_from(index.saturating_add(1)).unwrap_or(u32::MAX)
}

/// Lines split at `\n`, `\r` or `\r\n`.
fn natural_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(['\n', '\r']) {
        lines.push(&rest[..at]);
        let skip = if rest[at..].starts_with("\r\n") { 2 } else { 1 };
        rest = &rest[at + skip..];
    }
    lines.push(rest);
    lines
}

/// Java's whitespace for `Properties`: space, tab and form feed.
fn is_blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\u{c}')
}

fn ends_with_odd_backslashes(s: &str) -> bool {
    s.bytes().rev().take_while(|b| *b == b'\\').count() % 2 == 1
}

/// The raw key and value of a logical line; `None` for a line that is only blanks.
fn split_key_value(line: &str) -> Option<(&str, &str)> {
    let line = line.trim_start_matches(is_blank);
    if line.is_empty() {
        return None;
    }
    let mut escaped = false;
    let mut key_end = line.len();
    for (i, c) in line.char_indices() {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == '=' || c == ':' || is_blank(c) {
            key_end = i;
            break;
        }
    }
    let key = &line[..key_end];
    let mut rest = line[key_end..].trim_start_matches(is_blank);
    if let Some(r) = rest.strip_prefix(['=', ':']) {
        rest = r.trim_start_matches(is_blank);
    }
    Some((key, rest))
}

/// `Properties.loadConvert`: escapes replaced; `None` for a malformed `\uXXXX`.
fn unescape(s: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('f') => out.push('\u{c}'),
            Some('u') => {
                let hex: String = chars.by_ref().take(4).collect();
                let code = (hex.len() == 4)
                    .then(|| u32::from_str_radix(&hex, 16).ok())
                    .flatten()?;
                // A lone surrogate half cannot be a Rust char; Java would keep it.
                out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    Some(out)
}

/// `Utils.trimExceptCRLF`: trims characters up to U+0020 from both ends, except `\r` and `\n`
/// (an escaped line break is part of the value).
fn trim_except_crlf(s: &str) -> &str {
    let strip = |c: char| c <= ' ' && c != '\r' && c != '\n';
    s.trim_matches(strip)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(text: &str) -> Vec<(String, String, u32)> {
        read_properties(text)
            .unwrap()
            .into_iter()
            .map(|p| (p.key, p.value, p.line))
            .collect()
    }

    #[test]
    fn reads_the_separators_and_comments_java_reads() {
        let text =
            "# comment\n! also\nspark.a 1\nspark.b=2\nspark.c : 3 \n\n  spark.d\t\t4\nspark.e\n";
        let got = pairs(text);
        let want = [
            ("spark.a", "1", 3),
            ("spark.b", "2", 4),
            ("spark.c", "3", 5),
            ("spark.d", "4", 7),
            ("spark.e", "", 8),
        ];
        assert_eq!(got.len(), want.len());
        for (g, w) in got.iter().zip(want) {
            assert_eq!((g.0.as_str(), g.1.as_str(), g.2), w);
        }
    }

    #[test]
    fn continues_lines_and_unescapes() {
        let got = pairs("spark.x = a,\\\n    b\r\nspark\\ y=\\u0041\\=c\n# x \\\nspark.z 1");
        assert_eq!(got[0], ("spark.x".into(), "a,b".into(), 1));
        assert_eq!(got[1], ("spark y".into(), "A=c".into(), 3));
        // A comment ending in a backslash does not continue.
        assert_eq!(got[2], ("spark.z".into(), "1".into(), 5));
        assert_eq!(
            read_properties("a=1\nb=\\u12"),
            Err(MalformedEscape { line: 2 })
        );
    }
}
