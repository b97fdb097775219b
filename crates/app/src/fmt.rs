//! Number formatting for the page: every number with its unit, MiB exact where it matters.

use planner::fixed::{format_fixed, format_ratio};

/// `21504 MiB`.
pub fn mib(m: u64) -> String {
    format!("{} MiB", group(m))
}

/// A size a person reads: `21 GiB`, `20.9 GiB`, `640 MiB`.
pub fn size(m: u64) -> String {
    if m < 1024 {
        return format!("{m} MiB");
    }
    let g = m as f64 / 1024.0;
    if m.is_multiple_of(1024) {
        format!("{} GiB", group(m / 1024))
    } else if g >= 100.0 {
        format!("{} GiB", group(g.round() as u64))
    } else {
        format!("{} GiB", format_ratio(m, 1024, 1))
    }
}

/// A heap in whole GiB when it is one, else in MiB (the headline's).
pub fn heap_words(mib: u64) -> String {
    if mib.is_multiple_of(1024) {
        format!("{} GiB", mib / 1024)
    } else {
        format!("{} MiB", group(mib))
    }
}

/// Bytes as MiB with one decimal, its whole part grouped as [`mib`]'s (`5 746.8 MiB`), for the
/// heap's pools.
pub fn bytes_mib(b: u64) -> String {
    let text = format_ratio(b, planner::units::MIB, 1);
    let (whole, tenth) = text.split_once('.').unwrap_or((&text, "0"));
    format!("{}.{tenth} MiB", group(whole.parse().unwrap_or_default()))
}

/// A percentage with one decimal.
pub fn pct(p: f64) -> String {
    format!("{}%", format_fixed(p, 1))
}

/// Thousands separated by a thin space: `1 048 576`.
pub fn group(n: u64) -> String {
    planner::catalog::group_digits(n)
}

/// `1 executor`, `3 executors`.
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", group(n), if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_with_units() {
        assert_eq!(mib(21504), "21\u{202f}504 MiB");
        assert_eq!(size(19456), "19 GiB");
        assert_eq!(size(11171), "10.9 GiB");
        assert_eq!(size(640), "640 MiB");
        assert_eq!(heap_words(19 * 1024), "19 GiB");
        assert_eq!(heap_words(11_171), "11\u{202f}171 MiB");
        assert_eq!(group(999), "999");
        assert_eq!(group(1000), "1\u{202f}000");
        assert_eq!(count(1, "node", "nodes"), "1 node");
        assert_eq!(bytes_mib(12_051_914_342), "11\u{202f}493.6 MiB");
        assert_eq!(bytes_mib(19_201_523_712), "18\u{202f}312.0 MiB");
        assert_eq!(bytes_mib(1_048_575), "1.0 MiB");
        assert_eq!(bytes_mib(0), "0.0 MiB");
    }
}
