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

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.text.trim().is_empty() {
            write!(f, "empty: type {}", self.expected)
        } else {
            write!(f, "\"{}\" is not {}", self.text.trim(), self.expected)
        }
    }
}

fn split_number(text: &str) -> Option<(f64, String)> {
    let t = text.trim();
    let end = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == '+' || c == '_'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(end);
    let num: String = num.chars().filter(|c| *c != '_').collect();
    if num.is_empty() || num == "-" || num == "+" {
        return None;
    }
    let value = crate::decimal::parse(&num)?;
    Some((value, unit.trim().to_ascii_lowercase()))
}

/// A memory size: a number (fractions allowed) with an optional unit (`k`, `m`/`mb`/`mib`,
/// `g`/`gb`/`gib`, `t`/`tb`/`tib`; GB is taken as GiB, as Spark does). Returns the amount in
/// `unit`; negative, NaN and infinite amounts are rejected.
pub fn parse_size(text: &str, unit: SizeUnit) -> Result<f64, TextError> {
    let err = || TextError {
        text: text.to_string(),
        expected: match unit {
            SizeUnit::GiB => "a size such as 64, 64 GB or 63.5",
            SizeUnit::MiB => "a size such as 1024, 1024m or 2g",
        },
    };
    let (value, suffix) = split_number(text).ok_or_else(err)?;
    let mib_per_unit = match suffix.as_str() {
        "" => match unit {
            SizeUnit::GiB => 1024.0,
            SizeUnit::MiB => 1.0,
        },
        "k" | "kb" | "kib" => 1.0 / 1024.0,
        "m" | "mb" | "mib" => 1.0,
        "g" | "gb" | "gib" => 1024.0,
        "t" | "tb" | "tib" => 1024.0 * 1024.0,
        _ => return Err(err()),
    };
    let mib = value * mib_per_unit;
    if !mib.is_finite() || mib < 0.0 {
        return Err(err());
    }
    Ok(match unit {
        SizeUnit::GiB => mib / 1024.0,
        SizeUnit::MiB => mib,
    })
}

/// A memory size in whole MiB (fractions of a MiB are dropped).
pub fn parse_mib(text: &str) -> Result<u64, TextError> {
    let mib = parse_size(text, SizeUnit::MiB)?;
    if mib >= u64::MAX as f64 {
        return Err(TextError {
            text: text.to_string(),
            expected: "a size such as 1024, 1024m or 2g",
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
    let t: String = text.trim().chars().filter(|c| *c != '_').collect();
    if t.is_empty() || !t.chars().all(|c| c.is_ascii_digit()) {
        return Err(err());
    }
    t.parse().map_err(|_| err())
}

/// A whole number that fits a `u32` (larger values become `u32::MAX`, which validation
/// then reports with the allowed range).
pub fn parse_count_u32(text: &str) -> Result<u32, TextError> {
    parse_count(text).map(|n| u32::try_from(n).unwrap_or(u32::MAX))
}

/// A plain number (`0.1875`, `.6`, `1e-1`), finite.
pub fn parse_real(text: &str) -> Result<f64, TextError> {
    let t = text.trim();
    match crate::decimal::parse(t) {
        Some(v) if v.is_finite() => Ok(v),
        _ => Err(TextError {
            text: text.to_string(),
            expected: "a number such as 0.1",
        }),
    }
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
    crate::decimal::shortest(v)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn counts_and_percentages() {
        assert_eq!(parse_count(" 16 "), Ok(16));
        assert_eq!(parse_count("1_000"), Ok(1000));
        assert!(parse_count("1.5").is_err());
        assert!(parse_count("-3").is_err());
        assert_eq!(parse_count_u32("99999999999"), Ok(u32::MAX));
        assert_eq!(parse_percent("50%"), Ok(50.0));
        assert!(parse_real("NaN").is_err());
        assert_eq!(
            parse_count("x").unwrap_err().to_string(),
            "\"x\" is not a whole number"
        );
    }
}
