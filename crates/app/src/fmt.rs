//! Number formatting for the page: every number with its unit, MiB exact where it matters,
//! written by the planner's one formatter (`planner::format`).

use planner::fixed::format_fixed;
use planner::format;

/// `21 504 MiB`.
pub fn mib(m: u64) -> String {
    format::mib(m)
}

/// A size a person reads: `21 GiB`, `20.9 GiB`, `640 MiB`.
pub fn size(m: u64) -> String {
    format::size(m)
}

/// A heap in whole GiB when it is one, else in MiB (the headline's).
pub fn heap_words(mib: u64) -> String {
    format::heap(mib)
}

/// Bytes as MiB with one decimal, its whole part grouped as [`mib`]'s (`5746.8 MiB`), for the
/// heap's pools.
pub fn bytes_mib(b: u64) -> String {
    format::bytes_as_mib(b)
}

/// A percentage with one decimal.
pub fn pct(p: f64) -> String {
    format!("{}%", format_fixed(p, 1))
}

/// Digits grouped by the one rule (`planner::format::group`): `1 048 576`, `4096`.
pub fn group(n: u64) -> String {
    format::group(n)
}

/// `1 executor`, `3 executors`.
pub fn count(n: u64, one: &str, many: &str) -> String {
    format::counted_as(n, one, many)
}

/// An SVG coordinate with one decimal (the charts').
pub fn svg_number(v: f64) -> String {
    format_fixed(v, 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_with_units() {
        assert_eq!(mib(21504), "21\u{202f}504 MiB");
        assert_eq!(mib(4096), "4096 MiB");
        assert_eq!(size(19456), "19 GiB");
        assert_eq!(size(11171), "10.9 GiB");
        assert_eq!(size(640), "640 MiB");
        assert_eq!(heap_words(19 * 1024), "19 GiB");
        assert_eq!(heap_words(11_171), "11\u{202f}171 MiB");
        assert_eq!(group(999), "999");
        assert_eq!(group(1000), "1000");
        assert_eq!(group(10_000), "10\u{202f}000");
        assert_eq!(count(1, "node", "nodes"), "1 node");
        assert_eq!(bytes_mib(12_051_914_342), "11\u{202f}493.6 MiB");
        assert_eq!(bytes_mib(19_201_523_712), "18\u{202f}312.0 MiB");
        assert_eq!(bytes_mib(1_048_575), "1.0 MiB");
        assert_eq!(bytes_mib(0), "0.0 MiB");
    }
}
