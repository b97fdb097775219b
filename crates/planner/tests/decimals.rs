//! `planner::fixed` against std as an independent oracle: a decimal a user types reads as the
//! `f64` a correctly rounded parser gives (Java's `Double.parseDouble` is specified to round
//! the exact value to nearest, as Rust's `str::parse` does) and prints back as std's shortest
//! round-trip `{}`; a ratio of integers prints as `{:.N}` of the `f64` quotient would for the
//! sizes the page shows.
//!
//! Why the ratios agree: the float quotient `q` of `n / d` is within `q * 2^-53` of the exact
//! one, and a rounding tie `(2k + 1) / (2 * 10^N)` that is not the exact quotient is at least
//! `1 / (2 * 10^N * d)` from it; so no tie lies between them while `2 * n * 10^N < 2^53`
//! (`n < 2^38` for four decimals), and `{:.N}` of `q` rounds as the exact quotient does.

use planner::fixed;
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
    fn decimals_read_and_print_as_std_does((text, decimals) in decimal_text(),
                                           extra in 0u32..=2,
                                           negative in any::<bool>()) {
        // At most 15 digits in all, so the units stay below 2^53.
        let scale = decimals + extra;
        let units = fixed::parse_scaled(&text, scale).expect("fits its scale");
        let ours = fixed::to_f64(units, scale).expect("below 2^53");
        let std: f64 = text.parse().expect("a decimal");
        prop_assert_eq!(ours.to_bits(), std.to_bits());
        // What the page reads a typed number with, and prints an input back with.
        prop_assert_eq!(fixed::parse_f64(&text).map(f64::to_bits), Some(std.to_bits()));
        prop_assert_eq!(fixed::format_scaled(units, scale), format!("{std}"));
        prop_assert_eq!(fixed::format_f64(std), format!("{std}"));
        let signed = if negative { format!("-{text}") } else { text.clone() };
        let std_signed: f64 = signed.parse().expect("a decimal");
        prop_assert_eq!(fixed::parse_f64(&signed).map(f64::to_bits), Some(std_signed.to_bits()));
        prop_assert_eq!(fixed::format_f64(std_signed), format!("{std_signed}"));
    }

    #[test]
    fn short_decimals_with_exponents_read_as_std_does(mantissa in 0u64..10_000_000,
                                                      exponent in -12i32..=6) {
        let text = format!("{mantissa}e{exponent}");
        let std: f64 = text.parse().expect("a decimal");
        prop_assert_eq!(fixed::parse_f64(&text).map(f64::to_bits), Some(std.to_bits()));
        prop_assert_eq!(fixed::format_f64(std), format!("{std}"));
    }

    #[test]
    fn ratios_print_as_the_float_quotient_does(numerator in 0u64..(1 << 38),
                                               denominator in 1u64..(1 << 40),
                                               decimals in 0u32..=4) {
        let quotient = numerator as f64 / denominator as f64;
        let width = decimals as usize;
        prop_assert_eq!(
            fixed::format_ratio(numerator, denominator, decimals),
            format!("{quotient:.width$}")
        );
    }

    #[test]
    fn percentages_print_as_the_float_percentage_does(part in 0u64..(1 << 31),
                                                      extra in 0u64..(1 << 40),
                                                      decimals in 0u32..=1) {
        // What `place::Totals::memory_used_pct` and the app's `fmt::pct` print:
        // `part * 100 / whole` in f64, then `{:.N}`.
        let whole = (part + extra).max(1);
        let pct = part as f64 * 100.0 / whole as f64;
        let width = decimals as usize;
        prop_assert_eq!(fixed::format_percent(part, whole, decimals), format!("{pct:.width$}"));
        prop_assert_eq!(fixed::format_fixed(pct, decimals), format!("{pct:.width$}"));
    }

    #[test]
    fn display_coordinates_print_as_std_does(v in 0.0f64..100.0, decimals in 0u32..=4) {
        // The SVG bars' x and width: `format_fixed` rounds `v * 10^N` in f64, std the exact
        // binary value; they differ only within an ulp of a tie, which a random double is not.
        let width = decimals as usize;
        prop_assert_eq!(fixed::format_fixed(v, decimals), format!("{v:.width$}"));
    }
}

#[test]
fn odd_texts_read_as_std_does_or_are_refused() {
    for text in [
        "0",
        "-0",
        ".5",
        "5.",
        "+2",
        "2E+2",
        "1e-3",
        "0.7048987819642148",
        "1e-15",
    ] {
        let std: f64 = text.parse().unwrap();
        assert_eq!(
            fixed::parse_f64(text).map(f64::to_bits),
            Some(std.to_bits()),
            "{text}"
        );
    }
    for text in [
        "", "-", ".", "e1", "1e", "--1", "-+1", "1.2.3", "NaN", "inf", "0x10", "1 ",
    ] {
        assert_eq!(fixed::parse_f64(text), None, "{text:?}");
    }
    assert_eq!(fixed::format_f64(f64::INFINITY), "inf");
    assert_eq!(fixed::format_f64(f64::NAN), "NaN");
}

#[test]
fn a_percentage_of_a_factor_prints_exactly_only_in_fixed_point() {
    // The working's overhead words print a factor as a percentage (plan.rs, `percent_text`):
    // the float product of 0.07 and 100 is 7.000000000000001, the factor's own units exact.
    assert_eq!(format!("{}", 0.07 * 100.0), "7.000000000000001");
    let (units, scale) = fixed::decimal_of(0.07).unwrap();
    assert_eq!((units, scale), (7, 2));
    assert_eq!(fixed::format_scaled(units * 100, scale), "7");
}

#[test]
fn a_share_of_slots_is_exact_only_in_fixed_point() {
    // The rule of thumb's share of the slots (place.rs, `share_of`) floors
    // `slots * share / 100`: 18.4 % of 375 slots is 69, but 375 × 18.4 in f64 is 6899.999…,
    // so the float gives 68.
    let (slots, share) = (375u64, 18.4f64);
    assert_eq!((slots as f64 * share / 100.0) as u64, 68);
    let (units, scale) = fixed::decimal_of(share).unwrap();
    assert_eq!(slots * units / (100 * 10u64.pow(scale)), 69);
}
