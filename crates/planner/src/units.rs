//! Memory sizes as Spark reads and writes them: byte strings (`19g`, `1536m`) and MiB integers.
//!
//! Spark parses sizes with `JavaUtils.byteStringAs` (integers only, suffixes b/k/m/g/t/p with an
//! optional `b`, case-insensitive, surrounding blanks trimmed); configuration entries also accept
//! a leading minus sign. The functions here reproduce that behaviour, including its error texts,
//! so that a value Spark rejects is rejected here too.

use std::fmt;

/// Bytes in one MiB.
pub const MIB: u64 = 1024 * 1024;

/// A unit of a byte size, as Spark's `ByteUnit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByteUnit {
    /// Bytes.
    Byte,
    /// KiB (2^10 bytes).
    KiB,
    /// MiB (2^20 bytes).
    MiB,
    /// GiB (2^30 bytes).
    GiB,
    /// TiB (2^40 bytes).
    TiB,
    /// PiB (2^50 bytes).
    PiB,
}

impl ByteUnit {
    fn shift(self) -> u32 {
        match self {
            ByteUnit::Byte => 0,
            ByteUnit::KiB => 10,
            ByteUnit::MiB => 20,
            ByteUnit::GiB => 30,
            ByteUnit::TiB => 40,
            ByteUnit::PiB => 50,
        }
    }

    fn from_suffix(suffix: &str) -> Option<ByteUnit> {
        Some(match suffix {
            "b" => ByteUnit::Byte,
            "k" | "kb" => ByteUnit::KiB,
            "m" | "mb" => ByteUnit::MiB,
            "g" | "gb" => ByteUnit::GiB,
            "t" | "tb" => ByteUnit::TiB,
            "p" | "pb" => ByteUnit::PiB,
            _ => return None,
        })
    }

    /// Converts `value` given in `from` into this unit, truncating like Java's `ByteUnit`.
    fn convert_from(self, value: i64, from: ByteUnit) -> Result<i64, SizeError> {
        if from.shift() > self.shift() {
            let ratio = 1i64 << (from.shift() - self.shift());
            value
                .checked_mul(ratio)
                .ok_or(SizeError::Overflow { value, unit: self })
        } else {
            Ok(value / (1i64 << (self.shift() - from.shift())))
        }
    }
}

/// Why a size string was rejected. `Display` gives Spark's own message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SizeError {
    /// A number with a decimal point, such as `1.5g` (Spark accepts integers only).
    Fractional {
        /// The number part as typed.
        number: String,
    },
    /// A suffix Spark does not know, such as `gib`.
    InvalidSuffix {
        /// The suffix, lower-cased.
        suffix: String,
    },
    /// Anything else that is not `<digits><suffix>`: blanks inside, a sign, an empty string.
    Malformed {
        /// The whole input.
        input: String,
    },
    /// The number does not fit a 64-bit integer.
    TooLarge {
        /// The digits as typed.
        digits: String,
    },
    /// The conversion to the target unit overflows a 64-bit integer.
    Overflow {
        /// The number before conversion.
        value: i64,
        /// The unit it was converted to.
        unit: ByteUnit,
    },
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "Size must be specified as bytes (b), kibibytes (k), mebibytes (m), gibibytes (g), \
             tebibytes (t), or pebibytes(p). E.g. 50b, 100k, or 250m.\n",
        )?;
        match self {
            SizeError::Fractional { number } => {
                write!(
                    f,
                    "Fractional values are not supported. Input was: {number}"
                )
            }
            SizeError::InvalidSuffix { suffix } => write!(f, "Invalid suffix: \"{suffix}\""),
            SizeError::Malformed { input } => write!(f, "Failed to parse byte string: {input}"),
            SizeError::TooLarge { digits } => write!(f, "For input string: \"{digits}\""),
            SizeError::Overflow { value, unit } => write!(
                f,
                "Conversion of {value} exceeded Long.MAX_VALUE in {unit:?}. \
                 Try a larger unit (e.g. MiB instead of KiB)"
            ),
        }
    }
}

impl std::error::Error for SizeError {}

/// Parses a size the way `JavaUtils.byteStringAs(str, unit)` does: no sign allowed, a missing
/// suffix means `unit`, the result is truncated to whole `unit`s.
pub fn byte_string_as(input: &str, unit: ByteUnit) -> Result<i64, SizeError> {
    let lower = input.to_ascii_lowercase();
    let lower = lower.trim_matches(|c: char| c <= ' ');
    let digits_end = lower
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(lower.len());
    let (digits, rest) = lower.split_at(digits_end);
    let is_suffix = |s: &str| s.chars().all(|c| c.is_ascii_lowercase());
    if !digits.is_empty() && is_suffix(rest) {
        let value: i64 = digits.parse().map_err(|_| SizeError::TooLarge {
            digits: digits.to_string(),
        })?;
        let from = if rest.is_empty() {
            unit
        } else {
            ByteUnit::from_suffix(rest).ok_or_else(|| SizeError::InvalidSuffix {
                suffix: rest.to_string(),
            })?
        };
        return unit.convert_from(value, from);
    }
    // `[0-9]+\.[0-9]+[a-z]*`: Spark names the number in its message.
    if let Some(frac) = rest.strip_prefix('.') {
        let frac_end = frac
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(frac.len());
        if !digits.is_empty() && frac_end > 0 && is_suffix(&frac[frac_end..]) {
            return Err(SizeError::Fractional {
                number: format!("{digits}.{}", &frac[..frac_end]),
            });
        }
    }
    Err(SizeError::Malformed {
        input: input.to_string(),
    })
}

/// Parses a size as a Spark configuration entry does (`ConfigBuilder.bytesConf`): like
/// [`byte_string_as`], but a leading `-` negates the value (`-1g` is `-1024` MiB).
pub fn conf_bytes(input: &str, unit: ByteUnit) -> Result<i64, SizeError> {
    match input.strip_prefix('-') {
        Some(rest) => byte_string_as(rest, unit).map(|v| -v),
        None => byte_string_as(input, unit),
    }
}

/// Converts a GiB amount typed by a person (possibly fractional) to whole MiB, rounding down.
/// Returns `None` for NaN, infinities, negatives and values beyond `u64`.
pub fn gib_to_mib(gib: f64) -> Option<u64> {
    if !gib.is_finite() || gib < 0.0 {
        return None;
    }
    let mib = (gib * 1024.0).floor();
    if mib >= u64::MAX as f64 {
        None
    } else {
        Some(mib as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_suffixes_and_default_unit() {
        assert_eq!(byte_string_as("19g", ByteUnit::MiB), Ok(19456));
        assert_eq!(byte_string_as("19GB", ByteUnit::MiB), Ok(19456));
        assert_eq!(byte_string_as(" 512 ", ByteUnit::MiB), Ok(512));
        assert_eq!(byte_string_as("512k", ByteUnit::MiB), Ok(0));
        assert_eq!(byte_string_as("1t", ByteUnit::Byte), Ok(1 << 40));
    }

    #[test]
    fn rejects_like_spark() {
        assert!(matches!(
            byte_string_as("1.5g", ByteUnit::MiB),
            Err(SizeError::Fractional { number }) if number == "1.5"
        ));
        assert!(matches!(
            byte_string_as("19GiB", ByteUnit::MiB),
            Err(SizeError::InvalidSuffix { suffix }) if suffix == "gib"
        ));
        assert!(matches!(
            byte_string_as("", ByteUnit::MiB),
            Err(SizeError::Malformed { .. })
        ));
        assert!(matches!(
            byte_string_as("99999999999p", ByteUnit::Byte),
            Err(SizeError::Overflow { .. })
        ));
        assert_eq!(conf_bytes("-1g", ByteUnit::MiB), Ok(-1024));
    }

    #[test]
    fn formats_whole_gib_as_g() {
        assert_eq!(crate::format::spark_size(19456), "19g");
        assert_eq!(crate::format::spark_size(19549), "19549m");
        assert_eq!(crate::format::spark_size(0), "0m");
        assert_eq!(gib_to_mib(63.5), Some(65024));
        assert_eq!(gib_to_mib(f64::NAN), None);
        assert_eq!(gib_to_mib(-1.0), None);
    }
}
