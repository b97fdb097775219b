//! Fixed-point decimals: a decimal input held as a whole number of `10^-scale` units (a factor
//! in millionths, a percentage in hundredths, GiB in thousandths), read and written without
//! any floating-point text code, and a ratio of two integers printed with N decimals.
//!
//! Every decimal the page reads goes through [`parse_f64`] and every one it prints through
//! [`format_f64`], [`format_ratio`] or [`format_fixed`]: std's float parser and printer weigh
//! about 17 KB brotli and stay out of the wasm (`scripts/size-gate.sh` checks; ARCHITECTURE.md,
//! "Decimals").
//!
//! Why [`to_f64`] equals Java's `Double.parseDouble` of the same text: `Double.valueOf(String)`
//! is specified as the exact decimal value rounded to nearest (its javadoc), and an integer
//! below 2^53 and `10^k` for `k <= 22` are both exact doubles, so the one IEEE 754 division
//! `n / 10^k` is that same correctly rounded value. OpenJDK takes exactly this path
//! (`jdk.internal.math.FloatingDecimal.ASCIIToBinaryBuffer.doubleValue`: at most 15 digits and
//! `exp >= -MAX_SMALL_TEN`, "Can get the answer in one division"), as does Rust's `dec2flt`
//! fast path.

/// The largest integer every smaller one of which is an exact `f64` (2^53).
pub const EXACT_INTEGER_LIMIT: u64 = 1 << 53;

/// The largest scale [`to_f64`] accepts: `10^22` is the largest exact power of ten in `f64`,
/// and `10^19` the largest in `u64`.
pub const MAX_SCALE: u32 = 19;

/// `10^k` for `k <= 19`.
fn pow10(k: u32) -> Option<u64> {
    10u64.checked_pow(k)
}

/// Reads `text` (`0.1875`, `.5`, `12.`, `64`, `1e-1`, `+2`) as a whole number of `10^-scale`
/// units. `None` for a negative number, for more decimals than `scale` holds (other than
/// trailing zeros), for a value that overflows `u64`, and for anything that is not a decimal.
pub fn parse_scaled(text: &str, scale: u32) -> Option<u64> {
    let text = text.strip_prefix('+').unwrap_or(text);
    // Splits and prefixes rather than byte slicing: no slicing panic path in the wasm modules.
    // `e` then `E` (one char pattern, not two: smaller wasm); a text with both is refused
    // either way, as the exponent or the number then holds a letter.
    let (number, exponent) = match text.split_once('e').or_else(|| text.split_once('E')) {
        Some((number, exponent)) => (number, parse_exponent(exponent)?),
        None => (text, 0),
    };
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.len() + fraction.len() == 0 || !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    let fraction = fraction.trim_end_matches('0');
    let mut units: u64 = 0;
    for digit in whole.bytes().chain(fraction.bytes()) {
        units = units
            .checked_mul(10)?
            .checked_add(u64::from(digit - b'0'))?;
    }
    // The digits read are `units * 10^-fraction.len()`: move the point to `scale`.
    let shift = i64::from(scale) + exponent - fraction.len() as i64;
    if units == 0 {
        Some(0)
    } else if shift >= 0 {
        units.checked_mul(pow10(u32::try_from(shift).ok()?)?)
    } else {
        let divisor = pow10(u32::try_from(-shift).ok()?)?;
        units.is_multiple_of(divisor).then(|| units / divisor)
    }
}

/// An exponent after `e`: an optional sign and at most four digits.
fn parse_exponent(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(digits) => (true, digits),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude: i64 = digits.parse().ok()?;
    Some(if negative { -magnitude } else { magnitude })
}

/// `units` of `10^-scale` as the shortest decimal text: no trailing zeros, no point for a
/// whole number (`1875, 4` → `0.1875`; `500, 2` → `5`).
pub fn format_scaled(units: u64, scale: u32) -> String {
    let Some(one) = pow10(scale) else {
        return units.to_string();
    };
    let (whole, fraction) = (units / one, units % one);
    if fraction == 0 {
        return whole.to_string();
    }
    let digits = format!("{fraction:0width$}", width = scale as usize);
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

/// The `f64` Spark computes with for this decimal: `units / 10^scale`, correctly rounded
/// (module docs). `None` where that is not guaranteed (`units >= 2^53` or `scale > 19`).
pub fn to_f64(units: u64, scale: u32) -> Option<f64> {
    if units >= EXACT_INTEGER_LIMIT || scale > MAX_SCALE {
        return None;
    }
    // Both conversions are exact: `units < 2^53`, and `10^scale = 2^scale * 5^scale` with
    // `5^19 < 2^53`.
    Some(units as f64 / pow10(scale)? as f64)
}

/// `numerator / denominator` with exactly `decimals` digits after the point, rounded half to
/// even on the exact quotient (`1, 3, 2` → `0.33`; `1, 8, 2` → `0.12`). A zero denominator
/// reads as 1. Exact while `numerator * 10^decimals` fits a `u64` (the page's sizes are below
/// 2^52 with four decimals); beyond, the numerator saturates.
pub fn format_ratio(numerator: u64, denominator: u64, decimals: u32) -> String {
    let denominator = denominator.max(1);
    let one = pow10(decimals).unwrap_or(1);
    let scaled = numerator.saturating_mul(one);
    let (mut quotient, remainder) = (scaled / denominator, scaled % denominator);
    // `remainder < denominator`, so comparing with the rest avoids doubling past u64.
    let rest = denominator - remainder;
    if remainder > rest || (remainder == rest && quotient % 2 == 1) {
        quotient += 1;
    }
    let (whole, fraction) = (quotient / one, quotient % one);
    if decimals == 0 {
        return whole.to_string();
    }
    format!("{whole}.{fraction:0width$}", width = decimals as usize)
}

/// The whole number of `10^-scale` units whose correctly rounded value is `v` (`0.07, 2` →
/// `7`), if there is one below 2^53.
pub fn units_of(v: f64, scale: u32) -> Option<u64> {
    let scaled = v * pow10(scale)? as f64;
    if !(0.0..EXACT_INTEGER_LIMIT as f64).contains(&scaled) {
        return None;
    }
    // `scaled` is within an ulp of the units: the one below or the one above.
    let below = scaled as u64;
    [below, below + 1]
        .into_iter()
        .find(|&units| to_f64(units, scale) == Some(v))
}

/// `v` as the decimal with the fewest decimals (at most 19) that reads back as `v`, in units
/// and scale (`0.1875` → `(1875, 4)`): the decimal a user typed, for every `v` [`parse_f64`]
/// read. `None` for a negative, non-finite or computed value that no such decimal gives.
pub fn decimal_of(v: f64) -> Option<(u64, u32)> {
    (0..=MAX_SCALE).find_map(|scale| units_of(v, scale).map(|units| (units, scale)))
}

/// Reads a decimal text (`0.1875`, `-2`, `.5`, `1e-3`) as the `f64` Java's
/// `Double.parseDouble` and Rust's `str::parse` give, through [`parse_scaled`] and [`to_f64`]
/// at the fewest decimals that hold it. `None` for anything else, and for a decimal that needs
/// 2^53 units or more, or more than 19 decimals (text fields refuse more than 15 digits first).
pub fn parse_f64(text: &str) -> Option<f64> {
    let (negative, magnitude) = match text.strip_prefix('-') {
        Some(rest) if !rest.starts_with('+') => (true, rest),
        Some(_) => return None,
        None => (false, text),
    };
    let value = (0..=MAX_SCALE)
        .find_map(|scale| parse_scaled(magnitude, scale).map(|units| to_f64(units, scale)))??;
    Some(if negative { -value } else { value })
}

/// `v` as the shortest decimal that reads back as `v` ([`decimal_of`]): the text a user
/// typed (`0.1875`, `64`, `12.5`). A value with no such decimal (only a computed one) prints
/// rounded to the units that fit 2^53; infinities and NaN as `inf` and `NaN`.
pub fn format_f64(v: f64) -> String {
    if v.is_nan() {
        return "NaN".to_string();
    }
    let sign = if v.is_sign_negative() && v != 0.0 {
        "-"
    } else {
        ""
    };
    let magnitude = v.abs();
    if magnitude.is_infinite() {
        return format!("{sign}inf");
    }
    if let Some((units, scale)) = decimal_of(magnitude) {
        return format!("{sign}{}", format_scaled(units, scale));
    }
    let scale = (0..=MAX_SCALE)
        .rev()
        .find(|&s| magnitude * (pow10(s).unwrap_or(1) as f64) < EXACT_INTEGER_LIMIT as f64)
        .unwrap_or(0);
    let units = round_half_even(magnitude * pow10(scale).unwrap_or(1) as f64);
    format!("{sign}{}", format_scaled(units, scale))
}

/// An `f64` computed for display only (an SVG coordinate, a percentage) with exactly
/// `decimals` digits after the point, rounding `v * 10^decimals` half to even. Where the
/// numbers are at hand as integers, [`format_ratio`] is exact instead.
pub fn format_fixed(v: f64, decimals: u32) -> String {
    let one = pow10(decimals).unwrap_or(1);
    let negative = v < 0.0;
    let units = round_half_even(v.abs() * one as f64);
    let (whole, fraction) = (units / one, units % one);
    let sign = if negative && units > 0 { "-" } else { "" };
    if decimals == 0 {
        return format!("{sign}{whole}");
    }
    format!(
        "{sign}{whole}.{fraction:0width$}",
        width = decimals as usize
    )
}

/// `part` as a percentage of `whole` with `decimals` decimals (`1, 3, 1` → `33.3`); `0` of
/// nothing.
pub fn format_percent(part: u64, whole: u64, decimals: u32) -> String {
    if whole == 0 {
        return format_ratio(0, 1, decimals);
    }
    format_ratio(part.saturating_mul(100), whole, decimals)
}

/// The nearest whole number to `v >= 0`, ties to even; saturates at `u64::MAX`.
fn round_half_even(v: f64) -> u64 {
    let below = v as u64;
    let rest = v - below as f64;
    if rest > 0.5 || (rest == 0.5 && below % 2 == 1) {
        below.saturating_add(1)
    } else {
        below
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_decimals_at_a_scale() {
        assert_eq!(parse_scaled("0.1875", 4), Some(1875));
        assert_eq!(parse_scaled(".5", 6), Some(500_000));
        assert_eq!(parse_scaled("12.", 2), Some(1200));
        assert_eq!(parse_scaled("+64", 3), Some(64_000));
        assert_eq!(parse_scaled("1e-1", 6), Some(100_000));
        assert_eq!(parse_scaled("2E+2", 0), Some(200));
        assert_eq!(parse_scaled("0.18750000000000000000000000", 4), Some(1875));
        assert_eq!(parse_scaled("000000000000000000000000001", 0), Some(1));
    }

    #[test]
    fn refuses_what_the_scale_cannot_hold() {
        for text in [
            "0.12345", "-1", "", ".", "e1", "1e", "1e99999", "1.2.3", "nan", "1 ",
        ] {
            assert_eq!(parse_scaled(text, 4), None, "{text:?}");
        }
        assert_eq!(parse_scaled("18446744073709551616", 0), None);
        assert_eq!(parse_scaled("1e30", 0), None);
    }

    #[test]
    fn writes_the_shortest_text() {
        assert_eq!(format_scaled(1875, 4), "0.1875");
        assert_eq!(format_scaled(500, 2), "5");
        assert_eq!(format_scaled(1250, 2), "12.5");
        assert_eq!(format_scaled(0, 6), "0");
        assert_eq!(format_scaled(u64::MAX, 19), "1.8446744073709551615");
    }

    #[test]
    fn converts_like_a_correctly_rounded_parser() {
        // Rust's `str::parse::<f64>` is correctly rounded, as Java's is specified to be.
        for (text, scale) in [
            ("0.1", 6),
            ("0.1875", 4),
            ("0.07", 6),
            ("63.5", 3),
            ("0.3", 1),
        ] {
            let units = parse_scaled(text, scale).unwrap();
            assert_eq!(to_f64(units, scale), text.parse::<f64>().ok(), "{text}");
        }
        assert_eq!(to_f64(EXACT_INTEGER_LIMIT, 0), None);
        assert_eq!(to_f64(1, 20), None);
    }

    #[test]
    fn rounds_ratios_half_to_even() {
        assert_eq!(format_ratio(1, 3, 2), "0.33");
        assert_eq!(format_ratio(2, 3, 2), "0.67");
        assert_eq!(format_ratio(1, 8, 2), "0.12");
        assert_eq!(format_ratio(3, 8, 2), "0.38");
        assert_eq!(format_ratio(5, 2, 0), "2");
        assert_eq!(format_ratio(7, 2, 0), "4");
        assert_eq!(format_ratio(1536, 1024, 1), "1.5");
        assert_eq!(format_ratio(1, 0, 1), "1.0");
    }
}
