//! Every number and unit that Spark Sizer writes — for people (the page, the command line's
//! tables and text, Markdown, the wiki exports) and in the syntax of the configuration it emits
//! (Spark's `19g`, Kubernetes' `6758Mi` and `500m`) — is written here, and nowhere else.
//!
//! **One digit-grouping rule.** A whole number a person reads has its digits grouped in threes
//! by a narrow no-break space (U+202F) when it has five digits or more (`21 504`, `100 000`);
//! a number of four digits stays whole (`4096`, `1945`). This is the SI Brochure's rule (9th
//! edition, 2019, §5.4.4: digits "may be divided into groups of three … When there are only
//! four digits before or after the decimal marker, it is customary not to use a space to
//! isolate a single digit"). Before, the page grouped four-digit numbers and the planner's prose
//! did not; the prose's rule is kept. Numbers in Spark's, YARN's or Kubernetes' own syntax
//! (`21504m`, `key=value`, `6758Mi`) and in exports meant to be copied are never grouped.
//!
//! A leaf module: it depends on nothing in the planner but [`crate::fixed`], the decimal
//! printer, so every other module may use it.
//!
//! ```
//! use planner::format;
//!
//! assert_eq!(format::group(21504), "21\u{202f}504");
//! assert_eq!(format::group(4096), "4096");
//! assert_eq!(format::mib(21504), "21\u{202f}504 MiB");
//! assert_eq!(format::spark_size(19 * 1024), "19g");
//! assert_eq!(format::counted(1, "executor"), "1 executor");
//! assert_eq!(format::shape(17, 5, 19 * 1024), "17 executors × 5 cores × 19g");
//! ```

use crate::fixed::format_ratio;

/// One MiB in bytes.
const MIB: u64 = 1 << 20;

/// The digit-group separator: a narrow no-break space.
pub const GROUP_SEPARATOR: char = '\u{202f}';

/// A whole number as people read it: digit groups from five digits on ([`group_run`]).
pub fn group(n: u64) -> String {
    group_run(&n.to_string())
}

/// A run of ASCII digits grouped as [`group`] groups, of any length (a count typed too long
/// for a `u64`).
pub fn group_run(digits: &str) -> String {
    if digits.len() < 5 {
        return digits.to_string();
    }
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 * 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(GROUP_SEPARATOR);
        }
        out.push(ch);
    }
    out
}

/// Prose with every whole number grouped as [`group`] groups (`64512 MiB ÷ 3 = 21504 MiB` →
/// `64 512 MiB ÷ 3 = 21 504 MiB`). A number that is part of a word or of Spark's own syntax is
/// left as Spark reads it: one touching a letter, `_`, `=` or `.` before it
/// (`spark.executor.memory=21504m`, a decimal's fraction), or a letter after it (`21504m`,
/// `15890m`), one with a leading zero, and any inside double quotes (a quoted Spark message or a
/// typed value).
pub fn in_text(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 8);
    let (mut copied, mut i, mut quoted) = (0, 0, false);
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() {
            quoted ^= bytes[i] == b'"';
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let glued_before = start > 0
            && (bytes[start - 1].is_ascii_alphanumeric() || b"_=.".contains(&bytes[start - 1]));
        let glued_after = i < bytes.len() && (bytes[i].is_ascii_alphabetic() || bytes[i] == b'_');
        // `get`, not `&text[..]`: the runs are ASCII digits, and a slice that cannot fail keeps
        // core's slicing-panic formatter out of the wasm modules (BENCHMARKS.md, "JS API").
        let run = text.get(start..i).unwrap_or_default();
        if quoted || run.len() < 5 || run.starts_with('0') || glued_before || glued_after {
            continue;
        }
        out.push_str(text.get(copied..start).unwrap_or_default());
        out.push_str(&group_run(run));
        copied = i;
    }
    out.push_str(text.get(copied..).unwrap_or_default());
    out
}

/// What a noun counted `n` times ends with: nothing for one, `s` otherwise — the one plural
/// rule ([`counted`] writes it; a text that writes its number apart writes
/// `"{n} vcore{}"` with it).
pub fn plural_ending(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `n` and its noun, singular for one (`1 executor`, `1499 executors`, `21 504 executors`).
/// `noun` is the singular; the plural adds `s`.
pub fn counted(n: u64, noun: &str) -> String {
    format!("{} {noun}{}", group(n), plural_ending(n))
}

/// `n` and the word that goes with it, `one` for one, `many` otherwise (`1 stays`, `5 stay`).
pub fn counted_as(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", group(n), if n == 1 { one } else { many })
}

/// MiB: `21 504 MiB`.
pub fn mib(m: u64) -> String {
    format!("{} MiB", group(m))
}

/// Bytes as whole MiB, rounded down (`1373 MiB`).
pub fn mib_of_bytes(bytes: u64) -> String {
    mib(bytes / MIB)
}

/// Bytes as MiB with one decimal, its whole part grouped (`5746.8 MiB`, `11 493.6 MiB`), for
/// the heap's pools.
pub fn bytes_as_mib(bytes: u64) -> String {
    let text = format_ratio(bytes, MIB, 1);
    let (whole, tenth) = text.split_once('.').unwrap_or((&text, "0"));
    format!("{}.{tenth} MiB", group_run(whole))
}

/// Bytes as MiB with one decimal and no unit, never grouped (`7662.4`): the text report's and
/// Markdown's pools, one number a line.
pub fn mib_decimal(bytes: u64) -> String {
    format_ratio(bytes, MIB, 1)
}

/// A size a person reads at a glance: `21 GiB`, `20.9 GiB`, `640 MiB` (GiB with one decimal up
/// to 100 GiB, whole above).
pub fn size(m: u64) -> String {
    if m < 1024 {
        return format!("{m} MiB");
    }
    if m.is_multiple_of(1024) {
        format!("{} GiB", group(m / 1024))
    } else if m >= 100 * 1024 {
        format!(
            "{} GiB",
            group(format_ratio(m, 1024, 0).parse().unwrap_or(m / 1024))
        )
    } else {
        format!("{} GiB", format_ratio(m, 1024, 1))
    }
}

/// A heap as the answer says it: whole GiB when it is one (`19 GiB`), else MiB (`18 971 MiB`).
pub fn heap(m: u64) -> String {
    if m.is_multiple_of(1024) {
        format!("{} GiB", group(m / 1024))
    } else {
        mib(m)
    }
}

/// MiB in the largest binary unit that divides it (`67108864` → `64 TiB`, `1536` → `1536
/// MiB`): a limit or a range.
pub fn binary_size(m: u64) -> String {
    const TIB: u64 = 1024 * 1024;
    if m >= TIB && m.is_multiple_of(TIB) {
        format!("{} TiB", group(m / TIB))
    } else if m >= 1024 && m.is_multiple_of(1024) {
        format!("{} GiB", group(m / 1024))
    } else {
        mib(m)
    }
}

/// GiB with one decimal below 100 GiB, whole above (`62.5 GiB`, `125 GiB`): memory per core
/// and node sizes in the warnings.
pub fn gib(m: u64) -> String {
    let decimals = if m >= 100 * 1024 { 0 } else { 1 };
    format!("{} GiB", format_ratio(m, 1024, decimals))
}

/// A memory setting as Spark reads it and the planner emits it: `19g` for whole GiB, else
/// `19549m`.
pub fn spark_size(m: u64) -> String {
    if m > 0 && m.is_multiple_of(1024) {
        format!("{}g", m / 1024)
    } else {
        format!("{m}m")
    }
}

/// The smallest whole-GiB setting of at least `m` MiB (`4g` for 3500 MiB): what a warning asks
/// for when a memory setting must grow.
pub fn spark_size_gib_at_least(m: u64) -> String {
    spark_size(m.div_ceil(1024).saturating_mul(1024))
}

/// A memory quantity as a Kubernetes pod spec holds it (`6758Mi`).
pub fn kubernetes_memory(m: u64) -> String {
    format!("{m}Mi")
}

/// Millicores as a Kubernetes CPU quantity: cores where exact (`2`, `0.5`), else `1234m`.
pub fn cpu_quantity(millis: u64) -> String {
    if millis.is_multiple_of(1000) {
        format!("{}", millis / 1000)
    } else if millis.is_multiple_of(100) {
        format!("{}.{}", millis / 1000, (millis % 1000) / 100)
    } else {
        format!("{millis}m")
    }
}

/// Millicores as Kubernetes writes them in `kubectl describe node` and a formula (`15890m`),
/// never grouped.
pub fn kubernetes_millicores(millis: u64) -> String {
    format!("{millis}m")
}

/// Millicores as `kubectl describe node` writes them (`15890m`), grouped for people
/// (`15 890m`).
pub fn millicores(millis: u64) -> String {
    format!("{}m", group(millis))
}

/// Millicores as a count of cores for people (`124.16`, `2`, `0.25`): up to three decimals,
/// never the `m` form.
pub fn cores(millis: u64) -> String {
    let whole = group(millis / 1000);
    let fraction = millis % 1000;
    if fraction == 0 {
        return whole;
    }
    let digits = format!("{fraction:03}");
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

/// How a cluster manager counts CPU in a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CpuCount {
    /// YARN's whole vcores (`15`; a vcore is 1,000 millicores).
    Vcores,
    /// Kubernetes' CPU with up to three decimals (`10.52`).
    Cores,
}

/// CPU as its cluster manager counts it, without a unit and without digit groups: a table
/// cell of an export, which a reader copies (`15`, `10.52`).
pub fn cpu(millis: u64, count: CpuCount) -> String {
    let whole = (millis / 1000).to_string();
    let fraction = millis % 1000;
    if count == CpuCount::Vcores || fraction == 0 {
        return whole;
    }
    let digits = format!("{fraction:03}");
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

/// A share of a whole as a percentage with `decimals` decimals and its sign (`95.0%`; rounded
/// half to even on the exact quotient). A whole of 0 is 0 %.
pub fn percent(part: u64, whole: u64, decimals: u32) -> String {
    if whole == 0 {
        return format!("{}%", format_ratio(0, 1, decimals));
    }
    format!("{}%", crate::fixed::format_percent(part, whole, decimals))
}

/// Seconds for people (`60 s`).
pub fn seconds(s: u64) -> String {
    format!("{} s", group(s))
}

/// An executor shape: `17 executors × 5 cores × 19g`.
pub fn shape(executors: u32, cores: u32, heap_mib: u64) -> String {
    format!(
        "{} × {} × {}",
        counted(u64::from(executors), "executor"),
        counted(u64::from(cores), "core"),
        spark_size(heap_mib)
    )
}

/// A group of nodes: `Node 1`, `Nodes 2–6 (5 nodes)`.
pub fn nodes_title(first: u32, last: u32) -> String {
    if first == last {
        format!("Node {first}")
    } else {
        format!(
            "Nodes {first}–{last} ({})",
            counted(
                u64::from(last.saturating_sub(first).saturating_add(1)),
                "node"
            )
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_rule_groups_five_digits_and_more() {
        assert_eq!(group(999), "999");
        assert_eq!(group(4096), "4096");
        assert_eq!(group(10_000), "10\u{202f}000");
        assert_eq!(group(1_048_576), "1\u{202f}048\u{202f}576");
        assert_eq!(
            in_text("64512 MiB ÷ 3 = 21504 MiB, 1945 MiB"),
            "64\u{202f}512 MiB ÷ 3 = 21\u{202f}504 MiB, 1945 MiB"
        );
        // Spark's syntax and quoted text stay as they are.
        assert_eq!(
            in_text("spark.executor.memory=21504m, \"12345\", 0.12345"),
            "spark.executor.memory=21504m, \"12345\", 0.12345"
        );
        assert_eq!(counted(21_504, "executor"), "21\u{202f}504 executors");
        assert_eq!(counted_as(1, "stays", "stay"), "1 stays");
    }

    #[test]
    fn sizes_with_units() {
        assert_eq!(mib(21504), "21\u{202f}504 MiB");
        assert_eq!(size(19456), "19 GiB");
        assert_eq!(size(11171), "10.9 GiB");
        assert_eq!(size(640), "640 MiB");
        assert_eq!(size(150 * 1024 + 700), "151 GiB");
        assert_eq!(heap(19456), "19 GiB");
        assert_eq!(heap(18971), "18\u{202f}971 MiB");
        assert_eq!(binary_size(64 * 1024 * 1024), "64 TiB");
        assert_eq!(binary_size(1536), "1536 MiB");
        assert_eq!(bytes_as_mib(12_051_914_342), "11\u{202f}493.6 MiB");
        assert_eq!(bytes_as_mib(1_048_575), "1.0 MiB");
        assert_eq!(bytes_as_mib(0), "0.0 MiB");
        assert_eq!(spark_size(21504), "21g");
        assert_eq!(spark_size(19549), "19549m");
        assert_eq!(spark_size(0), "0m");
        assert_eq!(spark_size_gib_at_least(3500), "4g");
        assert_eq!(kubernetes_memory(6758), "6758Mi");
        assert_eq!(gib(64_000), "62.5 GiB");
    }

    #[test]
    fn cpu_as_each_manager_writes_it() {
        assert_eq!(cpu_quantity(2000), "2");
        assert_eq!(cpu_quantity(500), "0.5");
        assert_eq!(cpu_quantity(1234), "1234m");
        assert_eq!(millicores(15_890), "15\u{202f}890m");
        assert_eq!(cores(124_160), "124.16");
        assert_eq!(cores(250), "0.25");
        assert_eq!(cpu(15_500, CpuCount::Vcores), "15");
        assert_eq!(cpu(10_520, CpuCount::Cores), "10.52");
        assert_eq!(percent(1, 3, 1), "33.3%");
        assert_eq!(percent(5, 0, 1), "0.0%");
        assert_eq!(seconds(60), "60 s");
        assert_eq!(nodes_title(2, 6), "Nodes 2–6 (5 nodes)");
        assert_eq!(nodes_title(1, 1), "Node 1");
    }
}
