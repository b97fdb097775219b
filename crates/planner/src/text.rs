//! Reading values as people type them into a form or a link: `64`, `64 GB`, `63.5`, `2g`,
//! `1024 MiB`, `50%`. Used by the web form and the URL codec alike, so a value means the same
//! wherever it is typed.

use std::fmt;

/// The unit a bare number is taken in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SizeUnit {
    /// GiB (node memory).
    GiB,
    /// MiB (Spark and YARN settings).
    MiB,
}

/// Why typed text was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextError {
    /// The text as typed.
    pub text: String,
    /// What would be accepted.
    pub expected: &'static str,
}

/// Most characters a typed value or a link value may have: longer texts are refused with a
/// message (and shown cut), so no value can widen the page or be echoed at length.
pub const MAX_TEXT_CHARS: usize = 40;

/// Most significant digits a number may have: every decimal of 15 digits is below 2^53 units,
/// so `planner::fixed` reads it exactly as Spark would and prints it back as typed
/// (ARCHITECTURE.md, "Decimals").
const MAX_DIGITS: usize = 15;

/// What [`TextError::expected`] says for a text longer than [`MAX_TEXT_CHARS`].
pub const TOO_LONG: &str = "at most 40 characters long";
/// What [`TextError::expected`] says for a number with more than [`MAX_DIGITS`] digits.
const TOO_MANY_DIGITS: &str = "a number of at most 15 digits";
/// What [`TextError::expected`] says for a factor typed as a percentage (`150%`).
pub const FACTOR: &str = "a factor such as 0.1";
/// What [`TextError::expected`] says for a bare number of bytes below 1 MiB in a field Spark
/// reads in bytes (`spark.memory.offHeap.size`).
pub const BYTES_BELOW_ONE_MIB: &str = "at least 1 MiB";

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.text.trim();
        if text.is_empty() {
            return write!(f, "empty: type {}", self.expected);
        }
        match self.expected {
            TOO_LONG => {
                let start = first_chars(text, 24);
                write!(f, "\"{start}…\" is longer than {MAX_TEXT_CHARS} characters")
            }
            FACTOR if text.ends_with('%') => match percent_as_factor(text) {
                Some(factor) => write!(
                    f,
                    "\"{text}\" is a percentage; this is a factor: type {factor}"
                ),
                None => write!(f, "\"{text}\" is not {FACTOR}"),
            },
            BYTES_BELOW_ONE_MIB => write!(
                f,
                "\"{text}\" is {text} bytes (Spark reads a number alone here as bytes): \
                 type {text}m for MiB"
            ),
            _ => write!(f, "\"{text}\" is not {}", self.expected),
        }
    }
}

/// `150%` → `1.5`, `7 %` → `0.07`: the decimal text moved two places, without floats.
fn percent_as_factor(text: &str) -> Option<String> {
    let number = text.strip_suffix('%')?.trim();
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let all_digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    let padded = format!("{whole:0>3}");
    let (int, moved) = padded.split_at_checked(padded.len() - 2)?;
    let int = int.trim_start_matches('0');
    let decimals = format!("{moved}{fraction}");
    let decimals = decimals.trim_end_matches('0');
    let int = if int.is_empty() { "0" } else { int };
    Some(if decimals.is_empty() {
        int.to_string()
    } else {
        format!("{int}.{decimals}")
    })
}

/// The first `n` characters of `text` (all of it when shorter), as
/// `text.chars().take(n).collect()` gives them: a plain loop, one copy in a wasm module.
pub fn first_chars(text: &str, n: usize) -> String {
    let mut start = String::new();
    for (taken, c) in text.chars().enumerate() {
        if taken == n {
            break;
        }
        start.push(c);
    }
    start
}

/// `text` without its `_` digit separators (`1_000` → `1000`).
fn without_underscores(text: &str) -> String {
    let mut kept = String::with_capacity(text.len());
    for c in text.chars() {
        if c != '_' {
            kept.push(c);
        }
    }
    kept
}

/// The number of characters of `text`, as `text.chars().count()` counts them (every byte that
/// does not continue a character starts one): a plain loop, smaller in a wasm module than
/// core's word-at-a-time counter inlined where it is called (BENCHMARKS.md, "JS API").
pub fn char_count(text: &str) -> usize {
    text.bytes().filter(|b| b & 0xC0 != 0x80).count()
}

/// `items` joined by `separator`, as `[T]::join` joins them, without std's copy loop
/// specialised for each separator length, which weighs about 1 KB in a wasm module
/// (BENCHMARKS.md, "JS API").
pub fn join<T: AsRef<str>>(items: &[T], separator: &str) -> String {
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(separator);
        }
        out.push_str(item.as_ref());
    }
    out
}

/// Refuses a text longer than [`MAX_TEXT_CHARS`]; the message quotes only its start.
pub fn check_length(text: &str) -> Result<(), TextError> {
    if char_count(text) <= MAX_TEXT_CHARS {
        return Ok(());
    }
    Err(TextError {
        text: text.to_string(),
        expected: TOO_LONG,
    })
}

/// `text` as typed into a field, read as a number is written: trimmed, a leading `+` dropped,
/// and digit groups joined — a space, thin space or no-break space between a digit and three
/// more (`64 512`, as the page prints it). Anything else is left for the field's reader.
pub fn typed_number(text: &str) -> std::borrow::Cow<'_, str> {
    let t = text.trim();
    let t = match t.strip_prefix('+') {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit() || c == '.') => rest,
        _ => t,
    };
    let separator = |c: char| matches!(c, ' ' | '\u{2009}' | '\u{202f}' | '\u{a0}');
    if !t.contains(separator) {
        return std::borrow::Cow::Borrowed(t);
    }
    let mut out = String::with_capacity(t.len());
    let mut previous = ' ';
    for (i, c) in t.char_indices() {
        let rest = t.get(i + c.len_utf8()..).unwrap_or_default();
        let group = rest.bytes().take_while(u8::is_ascii_digit).count() == 3;
        if !(separator(c) && previous.is_ascii_digit() && group) {
            out.push(c);
        }
        previous = c;
    }
    std::borrow::Cow::Owned(out)
}

/// `e` with its examples in the unit a bare number reads as in the box (`suffix` from
/// [`with_bare_unit`]): a box that reads `64` as GiB says "such as 64, 64 GB or 63.5", not
/// "1024", which there is 1 TiB. A link's bare number is MiB and keeps the MiB examples.
pub fn in_field_unit(e: TextError, suffix: &str) -> TextError {
    match e.expected {
        SIZE_IN_MIB_EXPECTED if suffix == "g" => TextError {
            expected: SIZE_IN_GIB_EXPECTED,
            ..e
        },
        _ => e,
    }
}

/// A typed text read in the unit its field shows: a bare number gets `suffix` (`g`, `m`, or `b`
/// for bytes), so `64` in a GiB field is 64 GiB wherever it is typed; text with its own unit,
/// and texts that are not a bare number, pass unchanged (the field's reader judges them).
pub fn with_bare_unit(text: &str, suffix: &str) -> Result<String, TextError> {
    let t = text.trim();
    let bare = !t.is_empty()
        && t.chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == '_')
        && t.chars().any(|c| c.is_ascii_digit());
    if !bare || suffix.is_empty() {
        return Ok(text.to_string());
    }
    if suffix == "b" {
        let below_one_mib = parse_count(t).is_ok_and(|b| b > 0 && b < 1024 * 1024);
        if below_one_mib {
            return Err(TextError {
                text: t.to_string(),
                expected: BYTES_BELOW_ONE_MIB,
            });
        }
    }
    Ok(format!("{t}{suffix}"))
}

fn split_number(text: &str) -> Option<(f64, String)> {
    let t = text.trim();
    let end = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == '+' || c == '_'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at_checked(end)?;
    let num = without_underscores(num);
    if num.is_empty() || num == "-" || num == "+" || too_many_digits(&num) {
        return None;
    }
    let value = crate::fixed::parse_f64(&num)?;
    Some((value, unit.trim().to_ascii_lowercase()))
}

/// Whether a number has more significant digits than a double keeps exactly.
fn too_many_digits(number: &str) -> bool {
    // The digits before any exponent, leading zeros aside; signs, points and a unit are not
    // digits (a plain loop: smaller wasm modules than the chain of adapters it replaced).
    let mut significant = 0;
    for c in number.chars() {
        if c == 'e' || c == 'E' {
            break;
        }
        if c.is_ascii_digit() && (significant > 0 || c != '0') {
            significant += 1;
        }
    }
    significant > MAX_DIGITS
}

/// What a size reads as, with examples in MiB (a bare number is MiB).
pub const SIZE_IN_MIB_EXPECTED: &str = "a size such as 1024, 1024m or 2g";
/// What a size reads as, with examples in GiB (a bare number is GiB).
pub const SIZE_IN_GIB_EXPECTED: &str = "a size such as 64, 64 GB or 63.5";

/// A memory size: a number (fractions allowed) with an optional unit (`k`, `m`/`mb`/`mib`,
/// `g`/`gb`/`gib`, `t`/`tb`/`tib`; GB is taken as GiB, as Spark does; Kubernetes' `Ki`, `Mi`,
/// `Gi`, `Ti` too). Returns the amount in
/// `unit`; negative, NaN and infinite amounts are rejected.
pub fn parse_size(text: &str, unit: SizeUnit) -> Result<f64, TextError> {
    let err = || TextError {
        text: text.to_string(),
        expected: match unit {
            SizeUnit::GiB => SIZE_IN_GIB_EXPECTED,
            SizeUnit::MiB => SIZE_IN_MIB_EXPECTED,
        },
    };
    // A unit after the number holds no digit, so it changes no count.
    if too_many_digits(text) {
        return Err(TextError {
            text: text.to_string(),
            expected: TOO_MANY_DIGITS,
        });
    }
    let (value, suffix) = split_number(text).ok_or_else(err)?;
    let mib_per_unit = match suffix.as_str() {
        "" => match unit {
            SizeUnit::GiB => 1024.0,
            SizeUnit::MiB => 1.0,
        },
        "b" | "byte" | "bytes" => 1.0 / (1024.0 * 1024.0),
        // `ki`, `mi`, `gi`, `ti`: Kubernetes' binary suffixes (`resource.Quantity`, as
        // `kubectl describe node` prints a node's memory: `65843012Ki`).
        "k" | "kb" | "kib" | "ki" => 1.0 / 1024.0,
        "m" | "mb" | "mib" | "mi" => 1.0,
        "g" | "gb" | "gib" | "gi" => 1024.0,
        "t" | "tb" | "tib" | "ti" => 1024.0 * 1024.0,
        _ => return Err(err()),
    };
    let mib = value * mib_per_unit;
    if !mib.is_finite() || mib < 0.0 {
        return Err(err());
    }
    let amount = match unit {
        SizeUnit::GiB => mib / 1024.0,
        SizeUnit::MiB => mib,
    };
    // The form and the link write the amount back, and the reader takes at most MAX_DIGITS
    // digits: a converted amount (`655999999999936g` is 18 digits of MiB, `64b` in GiB has
    // no short decimal) is refused when too large, else kept as the decimal written for it,
    // so that what is shown reads back to the same input.
    // At most 999 999 999 999 999 units of 10^-scale, rounded (through `planner::fixed`).
    let most = 10f64.powi(MAX_DIGITS as i32) - 1.0;
    if amount >= most {
        return Err(TextError {
            text: text.to_string(),
            expected: TOO_MANY_DIGITS,
        });
    }
    let scale = (0..=crate::fixed::MAX_SCALE)
        .rev()
        .find(|&s| amount * 10f64.powi(s as i32) < most)
        .unwrap_or(0);
    let written = crate::fixed::format_fixed(amount, scale);
    Ok(crate::fixed::parse_f64(&written).unwrap_or(amount))
}

/// A memory size in whole MiB (fractions of a MiB are dropped).
pub fn parse_mib(text: &str) -> Result<u64, TextError> {
    let mib = parse_size(text, SizeUnit::MiB)?;
    if mib >= u64::MAX as f64 {
        return Err(TextError {
            text: text.to_string(),
            expected: SIZE_IN_MIB_EXPECTED,
        });
    }
    Ok(mib.floor() as u64)
}

/// A whole number ≥ 0 (`6`, ` 16 `, `1_000`).
pub fn parse_count(text: &str) -> Result<u64, TextError> {
    let err = || TextError {
        text: text.to_string(),
        expected: "a whole number",
    };
    let t = without_underscores(text.trim());
    if t.is_empty() || !t.chars().all(|c| c.is_ascii_digit()) {
        return Err(err());
    }
    t.parse().map_err(|_| err())
}

/// A whole number that fits a `u32`; a larger one is refused as typed (not echoed back as
/// another number).
pub fn parse_count_u32(text: &str) -> Result<u32, TextError> {
    let n = parse_count(text)?;
    u32::try_from(n).map_err(|_| TextError {
        text: text.to_string(),
        expected: "a whole number below 4 billion",
    })
}

/// A plain number (`0.1875`, `.6`, `1e-1`), finite.
pub fn parse_real(text: &str) -> Result<f64, TextError> {
    let t = text.trim();
    if too_many_digits(t) {
        return Err(TextError {
            text: text.to_string(),
            expected: TOO_MANY_DIGITS,
        });
    }
    match crate::fixed::parse_f64(t) {
        Some(v) if v.is_finite() => {
            // An exponent (`8e15`) can stand for more digits than the form and the link write
            // back and read again.
            let written = crate::fixed::format_f64(v);
            if too_many_digits(&written) || crate::fixed::parse_f64(&written) != Some(v) {
                return Err(TextError {
                    text: text.to_string(),
                    expected: TOO_MANY_DIGITS,
                });
            }
            Ok(v)
        }
        _ => Err(TextError {
            text: text.to_string(),
            expected: "a number such as 0.1",
        }),
    }
}

/// A factor (`0.1875`, `1.5`): a plain number; a percentage typed instead (`150%`) is refused
/// with the factor to type (`1.5`).
pub fn parse_factor(text: &str) -> Result<f64, TextError> {
    parse_real(text).map_err(|e| TextError {
        expected: if text.trim().ends_with('%') {
            FACTOR
        } else {
            e.expected
        },
        ..e
    })
}

/// A percentage (`50`, `50%`, `12.5 %`).
pub fn parse_percent(text: &str) -> Result<f64, TextError> {
    let t = text.trim();
    let t = t.strip_suffix('%').unwrap_or(t);
    parse_real(t).map_err(|_| TextError {
        text: text.to_string(),
        expected: "a percentage such as 50 or 50%",
    })
}

/// Writes a number the way [`parse_real`] reads it back exactly (shortest round-trip form).
pub fn format_real(v: f64) -> String {
    crate::fixed::format_f64(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_number_drops_a_plus_and_joins_digit_groups() {
        assert_eq!(typed_number(" +4 "), "4");
        assert_eq!(typed_number("+.5"), ".5");
        assert_eq!(typed_number("64\u{202f}512 MiB"), "64512 MiB");
        assert_eq!(typed_number("1 000 000"), "1000000");
        assert_eq!(typed_number("1\u{a0}000.5g"), "1000.5g");
        assert_eq!(typed_number("1\u{2009}000"), "1000");
        // Not digit groups: left as typed, for the field's reader to refuse or read.
        assert_eq!(typed_number("1 00"), "1 00");
        assert_eq!(typed_number("1 0000"), "1 0000");
        assert_eq!(typed_number("64 GiB"), "64 GiB");
        assert_eq!(typed_number("+x"), "+x");
        assert_eq!(typed_number("16 cores"), "16 cores");
    }

    #[test]
    fn join_and_char_count_agree_with_std() {
        let texts = ["", "a", "64 GiB", "€", "a\u{1F600}b", "é\u{301}", "\u{0}\n"];
        for t in texts {
            assert_eq!(char_count(t), t.chars().count(), "{t:?}");
        }
        for n in 0..=texts.len() {
            for separator in ["", "&", "; ", " \\\n", "€€"] {
                assert_eq!(join(&texts[..n], separator), texts[..n].join(separator));
            }
        }
        let owned: Vec<String> = texts.iter().map(|t| t.to_string()).collect();
        assert_eq!(join(&owned, ", "), owned.join(", "));
    }

    #[test]
    fn sizes_as_people_type_them() {
        assert_eq!(parse_size("64", SizeUnit::GiB), Ok(64.0));
        assert_eq!(parse_size("64 GB", SizeUnit::GiB), Ok(64.0));
        assert_eq!(parse_size("63.5", SizeUnit::GiB), Ok(63.5));
        assert_eq!(parse_size("512m", SizeUnit::GiB), Ok(0.5));
        assert_eq!(parse_mib("2g"), Ok(2048));
        assert_eq!(parse_mib("1.5 GiB"), Ok(1536));
        assert_eq!(parse_mib("1024"), Ok(1024));
        assert!(parse_size("-1", SizeUnit::GiB).is_err());
        assert!(parse_size("abc", SizeUnit::GiB).is_err());
        assert!(parse_size("64 furlongs", SizeUnit::GiB).is_err());
        assert!(parse_size("", SizeUnit::GiB).is_err());
    }

    /// Issue 28, item 7: Kubernetes' binary quantities (`resource.Quantity`'s `Ki`, `Mi`,
    /// `Gi`, `Ti`), as `kubectl describe node` prints a node's capacity and pods are written.
    #[test]
    fn kubernetes_quantities_read_as_the_sizes_they_are() {
        assert_eq!(parse_size("64Gi", SizeUnit::GiB), Ok(64.0));
        assert_eq!(parse_mib("2Gi"), Ok(2048));
        assert_eq!(parse_mib("512Mi"), Ok(512));
        assert_eq!(parse_mib("65843012Ki"), Ok(65843012 / 1024));
        assert_eq!(parse_size("1Ti", SizeUnit::GiB), Ok(1024.0));
        let gib = parse_size("65843012Ki", SizeUnit::GiB).unwrap();
        assert_eq!((gib * 1024.0).floor(), 64299.0, "{gib}");
    }

    #[test]
    fn a_percentage_typed_as_a_factor_says_which_factor_to_type() {
        let message = |t: &str| parse_factor(t).unwrap_err().to_string();
        assert_eq!(
            message("150%"),
            "\"150%\" is a percentage; this is a factor: type 1.5"
        );
        assert!(message("7 %").ends_with("type 0.07"), "{}", message("7 %"));
        assert!(message("18.75%").ends_with("type 0.1875"));
        assert!(message("0.5%").ends_with("type 0.005"));
        assert!(message("100%").ends_with("type 1"));
        assert_eq!(message("abc"), "\"abc\" is not a number such as 0.1");
        assert_eq!(parse_factor("1.5"), Ok(1.5));
    }

    #[test]
    fn long_texts_and_long_numbers_are_refused_not_misquoted() {
        let long = "9".repeat(300);
        let e = check_length(&long).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("\"{}…\" is longer than 40 characters", "9".repeat(24))
        );
        assert!(check_length(&"9".repeat(40)).is_ok());
        assert!(parse_size("1234567890123456789", SizeUnit::GiB).is_err());
        assert!(parse_real("0.123456789012345678").is_err());
        assert!(parse_real("0.7048987819642148").is_err());
        assert_eq!(parse_real("0.704898781964214"), Ok(0.704898781964214));
        assert_eq!(parse_real("0.000000000000001"), Ok(1e-15));
        assert!(parse_count_u32("4294967296")
            .unwrap_err()
            .to_string()
            .contains("below 4 billion"));
    }

    #[test]
    fn bare_numbers_take_the_unit_their_field_shows() {
        assert_eq!(with_bare_unit("64", "g").unwrap(), "64g");
        assert_eq!(with_bare_unit(" 63.5 ", "g").unwrap(), "63.5g");
        assert_eq!(with_bare_unit("2g", "m").unwrap(), "2g");
        assert_eq!(with_bare_unit("lots", "g").unwrap(), "lots");
        assert_eq!(with_bare_unit("5", "").unwrap(), "5");
        assert_eq!(with_bare_unit("2147483648", "b").unwrap(), "2147483648b");
        assert_eq!(parse_mib("2147483648b"), Ok(2048));
        assert_eq!(
            with_bare_unit("2048", "b").unwrap_err().to_string(),
            "\"2048\" is 2048 bytes (Spark reads a number alone here as bytes): type 2048m for MiB"
        );
    }

    #[test]
    fn counts_and_percentages() {
        assert_eq!(parse_count(" 16 "), Ok(16));
        assert_eq!(parse_count("1_000"), Ok(1000));
        assert!(parse_count("1.5").is_err());
        assert!(parse_count("-3").is_err());
        assert!(parse_count_u32("99999999999").is_err());
        assert_eq!(parse_percent("50%"), Ok(50.0));
        assert!(parse_real("NaN").is_err());
        assert_eq!(
            parse_count("x").unwrap_err().to_string(),
            "\"x\" is not a whole number"
        );
    }
}
