//! The check's settings in a share link: the link codec passes over `ck` (the page's Check
//! section reads it), and a link's settings come back as a text the check reads to the same
//! settings (the page's paste box), in whichever format can hold them.

use planner::check::link::{as_text, decode, encode};
use planner::check::{read, Format};
use planner::url::{scenario_from_query, CHECK_KEY};

#[test]
fn a_link_with_a_check_opens_the_same_plan_without_a_notice() {
    assert_eq!(CHECK_KEY, "ck");
    let with = scenario_from_query("v=1&c=32&ck=em4g~ec2");
    let without = scenario_from_query("v=1&c=32");
    assert_eq!(with.scenario, without.scenario);
    assert!(with.unknown.is_empty() && with.bad.is_empty(), "{with:?}");
}

#[test]
fn each_kind_of_link_reads_back_from_its_text() {
    for (value, format) in [
        ("em19g~ec5~ei17", Format::DefaultsFile),
        ("em4g~ec1~atpy", Format::SubmitCommand),
        (
            "sdcluster~em6g~ec2~ei16~atjvm~sv4.0",
            Format::SparkApplication,
        ),
        ("em18971M~ec4~mxfalse", Format::EmrConfiguration),
    ] {
        let text = as_text(&decode(value));
        let pasted = read(&text);
        assert_eq!(pasted.formats, [format], "{text}");
        assert!(pasted.findings.is_empty(), "{text}: {:?}", pasted.findings);
        assert_eq!(encode(&pasted).value, value, "{text}");
    }
    // Nothing to give back: no text.
    assert_eq!(as_text(&decode("")), "");
}
