//! Inputs the fuzzers (`fuzz/`, `examples/fuzz_short.rs`) found that broke a property, each
//! fixed in the planner: the target that found it passes on it now, and the fix is checked
//! directly.

use planner::fuzz_targets::{form_text, url_codec};
use planner::text::{parse_mib, parse_real, parse_size, SizeUnit};

/// A node memory of `655999999999936g` was read as 671 743 999 999 934 464 MiB: 18 digits, which
/// the link then could not carry (the reader refuses more than 15), so the link lost it; a
/// node memory in TiB likewise.
#[test]
fn a_size_too_large_to_write_back_is_refused() {
    url_codec(b"v=1&cm=k8s&kmem=655999999999936g");
    assert!(parse_mib("655999999999936g").is_err());
    assert_eq!(parse_mib("976562499999m"), Ok(976_562_499_999));
    // 1 234 567 890 123 TiB is 1 264 197 519 485 952 GiB: 16 digits.
    url_codec(b"1&cmv=1&m=1234567890123t");
    assert!(parse_size("1234567890123t", SizeUnit::GiB).is_err());
}

/// `64b` in a GiB field was 5.960464477539063e-8 GiB, shown as `0.0000000596046447754`, which
/// read back as another number: the input the form showed was not the input planned.
#[test]
fn a_converted_size_reads_back_as_shown() {
    form_text(b"\x0664b");
    let d = planner::url::scenario_from_query("v=1&m=64b");
    let shown = planner::url::scenario_text_of("m", &d.scenario).expect("m is a YARN field");
    assert_eq!(shown, "0.0000000596046447754");
    // 1 234 567 890 123 TiB is 1 264 197 519 485 952 GiB: 16 digits.
    url_codec(b"1&cmv=1&m=1234567890123t");
    assert!(parse_size("1234567890123t", SizeUnit::GiB).is_err());
    assert_eq!(parse_size("12345k", SizeUnit::GiB), Ok(0.0117731094360352));
    assert_eq!(
        planner::url::scenario_from_query(&format!("v=1&m={shown}")).scenario,
        d.scenario
    );
}

/// A driver overhead factor of `8e15` was read as 8 000 000 000 000 000, shown with 16 digits,
/// which the reader refuses: the form showed a value it could not read back.
#[test]
fn a_number_with_an_exponent_reads_back_as_shown() {
    form_text(b"\xc08e15");
    assert!(parse_real("8e15").is_err());
    assert_eq!(parse_real("8e14"), Ok(800_000_000_000_000.0));
    assert_eq!(parse_real("1.5e-3"), Ok(0.0015));
}
