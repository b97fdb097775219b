//! How the event-log words write sizes and durations: one place for the analysis' words and the
//! what-if's (a leaf: both import it, it imports only the planner's formatters).

use planner::fixed::format_ratio;
use planner::format::{group, mib};

const GIB: u64 = 1 << 30;
const MIB: u64 = 1 << 20;

/// Bytes as GiB with one decimal (below 1 GiB: MiB).
pub fn bytes(b: u64) -> String {
    if b < GIB {
        mib(b.div_ceil(MIB))
    } else {
        format!("{} GiB", format_ratio(b, GIB, 1))
    }
}

/// A duration in ms as s, min or h.
pub fn duration(ms: u64) -> String {
    match ms {
        0..=59_999 => format!("{} s", format_ratio(ms, 1000, 1)),
        60_000..=5_999_999 => format!("{} min", format_ratio(ms, 60_000, 1)),
        _ => format!("{} h", format_ratio(ms, 3_600_000, 1)),
    }
}

/// A duration that may be under a second: in ms below 1 s, else as [`duration`].
pub fn short_duration(ms: u64) -> String {
    if ms < 1000 {
        format!("{ms} ms")
    } else {
        duration(ms)
    }
}

/// A duration to the second (a tenth below a minute), for times that differ by little:
/// `58.3 s`, `3 min 02 s`, `1 h 05 min`.
pub fn clock(ms: u64) -> String {
    let s = ms / 1000;
    match ms {
        0..=59_999 => format!("{} s", format_ratio(ms, 1000, 1)),
        60_000..=3_599_999 => format!("{} min {:02} s", s / 60, s % 60),
        _ => format!("{} h {:02} min", group(s / 3600), (s % 3600) / 60),
    }
}
