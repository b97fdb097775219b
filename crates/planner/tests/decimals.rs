//! The fixed-point prototype (`planner::fixed`) against `planner::decimal` and std: a decimal
//! of at most 15 digits read at its scale converts to the same `f64` as a correctly rounded
//! parser (Java's `Double.parseDouble` is specified to round the exact value to nearest, as
//! Rust's `str::parse` does), and a ratio of integers prints as `{:.N}` of the `f64` quotient
//! would for the sizes the page shows.
//!
//! Why the ratios agree: the float quotient `q` of `n / d` is within `q * 2^-53` of the exact
//! one, and a rounding tie `(2k + 1) / (2 * 10^N)` that is not the exact quotient is at least
//! `1 / (2 * 10^N * d)` from it; so no tie lies between them while `2 * n * 10^N < 2^53`
//! (`n < 2^38` for four decimals), and `{:.N}` of `q` rounds as the exact quotient does.

use planner::{decimal, fixed};
use proptest::prelude::*;

/// A decimal text of up to 8 whole and 5 fraction digits, as a user might type it.
fn decimal_text() -> impl Strategy<Value = (String, u32)> {
    (0u64..100_000_000, 0u32..=5).prop_flat_map(|(whole, decimals)| {
        let limit = 10u64.pow(decimals);
        (0..limit).prop_map(move |fraction| {
            if decimals == 0 {
                (whole.to_string(), 0)
            } else {
                let width = decimals as usize;
                (format!("{whole}.{fraction:0width$}"), decimals)
            }
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn fixed_point_reads_as_a_correctly_rounded_parser((text, decimals) in decimal_text(),
                                                       extra in 0u32..=2) {
        // At most 15 digits in all, so the units stay below 2^53.
        let scale = decimals + extra;
        let units = fixed::parse_scaled(&text, scale).expect("fits its scale");
        let ours = fixed::to_f64(units, scale).expect("below 2^53");
        let std: f64 = text.parse().expect("a decimal");
        prop_assert_eq!(ours.to_bits(), std.to_bits());
        prop_assert_eq!(decimal::parse(&text).map(f64::to_bits), Some(std.to_bits()));
        // What the page prints back for an input: the shortest text, as `decimal::shortest`.
        prop_assert_eq!(fixed::format_scaled(units, scale), decimal::shortest(std));
    }

    #[test]
    fn ratios_print_as_the_float_quotient_does(numerator in 0u64..(1 << 38),
                                               denominator in 1u64..(1 << 40),
                                               decimals in 0u32..=4) {
        let quotient = numerator as f64 / denominator as f64;
        prop_assert_eq!(
            fixed::format_ratio(numerator, denominator, decimals),
            decimal::fixed(quotient, decimals as usize)
        );
    }

    #[test]
    fn percentages_print_as_the_float_percentage_does(part in 0u64..(1 << 31),
                                                      extra in 0u64..(1 << 40),
                                                      decimals in 0u32..=1) {
        // `place::pct` and the app's `fmt::pct`: `part * 100 / whole` in f64, then `{:.N}`.
        let whole = (part + extra).max(1);
        let pct = part as f64 * 100.0 / whole as f64;
        prop_assert_eq!(
            fixed::format_ratio(part * 100, whole, decimals),
            decimal::fixed(pct, decimals as usize)
        );
    }
}

#[test]
fn a_percentage_of_a_factor_prints_exactly_only_in_fixed_point() {
    // The working's overhead words print `factor * 100` (plan.rs, `overhead_words`): the float
    // product of 0.07 and 100 is 7.000000000000001, while the factor in millionths is exact.
    assert_eq!(decimal::shortest(0.07 * 100.0), "7.000000000000001");
    let millionths = fixed::parse_scaled("0.07", 6).unwrap();
    assert_eq!(fixed::format_scaled(millionths, 4), "7");
}

#[test]
fn a_share_of_slots_is_exact_only_in_fixed_point() {
    // The rule of thumb's share of the slots (plan.rs) floors `slots * share / 100` in f64:
    // 18.4 % of 375 slots is 69, but 375 × 18.4 in f64 is 6899.999…, so the float gives 68.
    let (slots, share) = (375u64, 18.4f64);
    assert_eq!((slots as f64 * share / 100.0) as u64, 68);
    let hundredths = fixed::parse_scaled("18.4", 2).unwrap();
    assert_eq!(slots * hundredths / 10_000, 69);
}
