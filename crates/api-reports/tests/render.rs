//! The reports module's `render`: a link's plan in each report format, as the command line
//! prints it (the formats' own text is tested in the planner's report tests).

use api_reports::render::render_link;
use planner::report::{render_view_linked, try_render, Format};
use planner::scenario::{plan, Scenario};

#[test]
fn the_default_plan_renders_as_the_planner_renders_it_in_every_format() {
    let scenario = Scenario::default();
    let outcome = plan(&scenario);
    for &format in Format::ALL {
        let expected = try_render(&scenario, &outcome, format);
        assert_eq!(
            render_link("", format.as_str()),
            expected,
            "{}",
            format.as_str()
        );
        // A whole address is the share link the wiki exports carry (issue 28.11).
        let view = planner::view::build(&scenario, &outcome);
        let linked = render_view_linked(&view, format, Some("https://host/sizer/?v=1"));
        assert_eq!(
            render_link("https://host/sizer/?v=1#x", format.as_str()),
            linked
        );
        let carries = matches!(
            format,
            Format::MarkdownTable | Format::Confluence | Format::Html | Format::Svg | Format::Conf
        );
        assert_eq!(
            linked
                .unwrap_or_default()
                .contains("https://host/sizer/?v=1"),
            carries,
            "{}",
            format.as_str()
        );
    }
}

#[test]
fn a_link_changes_what_is_rendered_and_an_unknown_format_gives_nothing() {
    let default_table = render_link("v=1", "markdown-table");
    let other_table = render_link("?v=1&c=32", "markdown-table");
    assert!(default_table.is_some() && other_table.is_some());
    assert_ne!(default_table, other_table);
    assert_eq!(render_link("v=1", "pdf"), None);
}

#[test]
fn a_value_that_does_not_read_makes_the_plan_invalid_in_the_report() {
    let text = render_link("?v=1&c=lots", "text").unwrap_or_default();
    let valid = render_link("?v=1", "text").unwrap_or_default();
    assert_ne!(text, valid);
    assert!(text.contains("lots"), "{text}");
}
