//! The wiki exports and configuration files as text: the short table in GitHub Markdown and
//! Confluence wiki markup, the HTML fragment, the per-node SVG and `spark-defaults.conf`.
//! Case 1 (6 nodes × 16 cores × 64 GiB: 17 executors × 5 cores × 19g) is written out by hand
//! below: 63 GiB = 64 512 MiB of YARN memory per node (1 GiB reserved), a 19 456 MiB heap with
//! max(384, ⌊0.1 × 19 456⌋) = 1 945 MiB overhead asks 21 401 MiB, granted 21 504 (21 × 1 024);
//! three fill nodes 2–6, node 1 holds the 2 048 MiB ApplicationMaster (1 024 + 384 rounded up)
//! and two executors, leaving 19 456 MiB and 4 of its 15 vcores free.

use planner::report::{render, try_render, Format};
use planner::scenario::{plan, presets, ClusterManager, Outcome, Scenario};
use planner::url::scenario_from_query;

fn case1() -> Scenario {
    Scenario::default()
}

fn rendered(s: &Scenario, format: Format) -> String {
    render(s, &plan(s), format)
}

fn every_preset() -> Vec<Scenario> {
    ClusterManager::ALL
        .into_iter()
        .flat_map(presets)
        .map(|p| p.input)
        .collect()
}

const CASE1_GITHUB: &str = "\
### YARN: 17 executors × 5 cores × 19g

Spark-exact method: 17 executors placed, 85 tasks at once. The other method gives 17 executors × 5 cores × 19g.

| Container | Count | Heap (MiB) | Overhead (MiB) | Off-heap (MiB) | PySpark (MiB) | Requested (MiB) | Granted (MiB) | YARN vcores |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
| Executor | 17 | 19456 | 1945 | 0 | 0 | 21401 | 21504 | 5 |
| ApplicationMaster | 1 | 1024 | 384 | 0 | 0 | 1408 | 2048 | 1 |

| Nodes | Each node holds | Spark memory (MiB) | Reserved memory (MiB) | Free memory (MiB) | Spark vcores | Reserved cores | Free vcores |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |
| Node 1 | ApplicationMaster + 2 executors | 45056 | 1024 | 19456 | 11 | 1 | 4 |
| Nodes 2–6 (5 nodes) | 3 executors | 64512 | 1024 | 0 | 15 | 1 | 0 |

| Spark setting | Value |
| --- | --- |
| spark.submit.deployMode | cluster |
| spark.executor.instances | 17 |
| spark.executor.cores | 5 |
| spark.executor.memory | 19g |
| spark.driver.memory | 1g |
| spark.driver.cores | 1 |
";

#[test]
fn case1_as_a_github_table() {
    assert_eq!(rendered(&case1(), Format::MarkdownTable), CASE1_GITHUB);
}

#[test]
fn case1_in_confluence_wiki_markup() {
    let wiki = rendered(&case1(), Format::Confluence);
    let expected_start = "\
h3. YARN: 17 executors × 5 cores × 19g

Spark\\-exact method: 17 executors placed, 85 tasks at once. The other method gives 17 executors × 5 cores × 19g.

||Container||Count||Heap (MiB)||Overhead (MiB)||Off\\-heap (MiB)||PySpark (MiB)||Requested (MiB)||Granted (MiB)||YARN vcores||
|Executor|17|19456|1945|0|0|21401|21504|5|
|ApplicationMaster|1|1024|384|0|0|1408|2048|1|

||Nodes||Each node holds||";
    assert!(wiki.starts_with(expected_start), "{wiki}");
    assert!(wiki.contains("|Node 1|ApplicationMaster \\+ 2 executors|45056|1024|19456|11|1|4|\n"));
    assert!(wiki.contains("|spark.executor.memory|19g|\n"));
}

/// Every row of a Confluence table has as many cells as its heading row.
fn assert_confluence_tables(wiki: &str) {
    let mut columns: Option<usize> = None;
    for line in wiki.lines() {
        if let Some(inner) = line.strip_prefix("||").and_then(|l| l.strip_suffix("||")) {
            columns = Some(inner.split("||").count());
        } else if line.starts_with('|') {
            let cells = cells_of_confluence_row(line);
            assert_eq!(Some(cells), columns, "{line}");
            assert!(
                !line.contains("||"),
                "an empty cell ends the row early: {line}"
            );
        } else {
            columns = None;
        }
    }
}

/// The cells of `|a|b\|c|`: bars not escaped by a backslash.
fn cells_of_confluence_row(line: &str) -> usize {
    let mut bars = 0;
    let mut escaped = false;
    for c in line.chars() {
        match (c, escaped) {
            ('\\', false) => escaped = true,
            ('|', false) => bars += 1,
            _ => escaped = false,
        }
    }
    bars - 1
}

/// Every row of a GitHub table has as many cells as its heading.
fn assert_github_tables(markdown: &str) {
    let mut columns: Option<usize> = None;
    for line in markdown.lines() {
        if !line.starts_with('|') {
            columns = None;
            continue;
        }
        let cells = line.replace("\\|", "").matches('|').count() - 1;
        match columns {
            None => columns = Some(cells),
            Some(n) => assert_eq!(cells, n, "{line}"),
        }
    }
}

#[test]
fn every_preset_gives_well_formed_tables() {
    for s in every_preset() {
        assert_github_tables(&rendered(&s, Format::MarkdownTable));
        assert_confluence_tables(&rendered(&s, Format::Confluence));
    }
}

/// An HTML fragment parsed as XML: every element closed, attributes quoted, entities known.
fn parsed_fragment(html: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(html).unwrap_or_else(|e| panic!("{e}\n{html}"))
}

#[test]
fn html_fragments_are_well_formed_inline_styled_and_script_free() {
    let mut scenarios = every_preset();
    scenarios.push(scenario_from_query("v=1&n=0").scenario);
    for s in scenarios {
        let html = rendered(&s, Format::Html);
        let doc = parsed_fragment(&html);
        assert_eq!(doc.root_element().tag_name().name(), "section");
        for node in doc.descendants().filter(roxmltree::Node::is_element) {
            let name = node.tag_name().name();
            assert!(
                [
                    "section", "h3", "p", "table", "thead", "tbody", "tr", "th", "td", "ul", "li",
                    "strong"
                ]
                .contains(&name),
                "unexpected <{name}>"
            );
            for a in node.attributes() {
                assert_eq!(a.name(), "style", "only inline styles: {}", a.name());
            }
        }
    }
}

#[test]
fn html_escapes_what_a_link_carries() {
    // An unreadable value is quoted back in its message: it must arrive as text.
    let s = scenario_from_query("v=1&n=%3Cscript%3Ealert(1)%3C%2Fscript%3E").scenario;
    let outcome = plan(&s);
    let html = render(&s, &outcome, Format::Html);
    assert!(!html.contains("<script"), "{html}");
    let s = scenario_from_query("v=1&n=0").scenario;
    let html = rendered(&s, Format::Html);
    let doc = parsed_fragment(&html);
    let text: String = doc
        .descendants()
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(text.contains("YARN: nothing to plan"), "{text}");
    assert!(
        text.contains("Nodes is 0; allowed: 1 to 100\u{202f}000"),
        "{text}"
    );
}

#[test]
fn case1_html_holds_the_tables_numbers() {
    let html = rendered(&case1(), Format::Html);
    let doc = parsed_fragment(&html);
    let rows: Vec<Vec<String>> = doc
        .descendants()
        .filter(|n| n.has_tag_name("tr"))
        .map(|tr| {
            tr.children()
                .filter(roxmltree::Node::is_element)
                .map(|c| c.text().unwrap_or("").to_string())
                .collect()
        })
        .collect();
    assert!(rows.contains(&vec![
        "Executor".into(),
        "17".into(),
        "19456".into(),
        "1945".into(),
        "0".into(),
        "0".into(),
        "21401".into(),
        "21504".into(),
        "5".into()
    ]));
    assert!(rows.contains(&vec!["spark.executor.memory".into(), "19g".into()]));
}

/// The SVG parsed, with what opening it alone needs: the SVG namespace, a size, a title, and
/// every `url(#id)` it uses defined inside it; no script, link or external reference.
fn assert_standalone_svg(svg: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    for attribute in ["width", "height", "viewBox"] {
        assert!(root.attribute(attribute).is_some(), "{attribute}");
    }
    let first = root
        .children()
        .find(roxmltree::Node::is_element)
        .expect("the svg has elements");
    assert_eq!(first.tag_name().name(), "title");
    let ids: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("id"))
        .collect();
    for node in doc.descendants().filter(roxmltree::Node::is_element) {
        assert_ne!(node.tag_name().name(), "script");
        assert_ne!(node.tag_name().name(), "style");
        for a in node.attributes() {
            assert!(!a.name().contains("href"), "{}", a.name());
            assert!(!a.name().starts_with("on"), "{}", a.name());
            if let Some(id) = a.value().strip_prefix("url(#") {
                let id = id.trim_end_matches(')');
                assert!(ids.contains(&id), "url(#{id}) is not defined");
            }
        }
    }
    doc
}

#[test]
fn every_presets_layout_is_a_standalone_svg() {
    for s in every_preset() {
        let svg = rendered(&s, Format::Svg);
        assert_standalone_svg(&svg);
    }
}

#[test]
fn case1_svg_draws_each_node_group_with_its_executors() {
    let svg = rendered(&case1(), Format::Svg);
    let doc = assert_standalone_svg(&svg);
    let titles: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("title"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(titles[0], "YARN: 17 executors × 5 cores × 19g");
    // Node 1: the AM and two executors; nodes 2–6: three executors. Each executor's heap,
    // overhead and rounding are drawn once on the memory bar, its 5 vcores on the CPU bar.
    let heaps = titles
        .iter()
        .filter(|t| t.ends_with(": heap 19456 MiB of 21504 MiB"))
        .count();
    assert_eq!(heaps, 5);
    assert_eq!(
        titles
            .iter()
            .filter(|t| t.ends_with(": overhead 1945 MiB of 21504 MiB"))
            .count(),
        5
    );
    assert_eq!(
        titles
            .iter()
            .filter(|t| t.ends_with(": YARN rounding 103 MiB of 21504 MiB"))
            .count(),
        5
    );
    assert!(titles.contains(
        &"ApplicationMaster: 2048 MiB (heap 1024 MiB + overhead 384 MiB + YARN rounding 640 MiB)"
    ));
    assert!(titles.contains(&"Unused: 19456 MiB"));
    assert!(titles.contains(&"Unused: 4 vcores"));
    assert!(titles.contains(&"OS and daemons: 1 core"));
    assert!(titles.contains(&"Executor 3: 5 vcores"));
    let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    for legend in [
        "OS and daemons",
        "ApplicationMaster",
        "Executor heap",
        "Overhead",
        "YARN rounding",
        "Unused",
    ] {
        assert!(texts.contains(&legend), "legend {legend}");
    }
    assert!(texts.contains(&"Nodes 2–6 (5 nodes)"));
}

#[test]
fn svg_bars_add_up_to_their_node() {
    // Bars start at x = 80 and are 568 units wide (760 less 80, 96 for the total, 16 of
    // margin): the widest node's segments end at x = 648, no node's beyond.
    for s in every_preset() {
        let svg = rendered(&s, Format::Svg);
        let doc = assert_standalone_svg(&svg);
        let mut widest: f64 = 0.0;
        for group in doc.descendants().filter(|n| n.has_tag_name("g")) {
            let mut end_by_row: Vec<(f64, f64)> = Vec::new();
            for rect in group.children().filter(|n| n.has_tag_name("rect")) {
                let y: f64 = rect.attribute("y").unwrap().parse().unwrap();
                let x: f64 = rect.attribute("x").unwrap().parse().unwrap();
                let w: f64 = rect.attribute("width").unwrap().parse().unwrap();
                match end_by_row.iter_mut().find(|(row, _)| *row == y) {
                    Some((_, end)) => {
                        assert!((x - *end).abs() < 0.02, "segments touch: {x} after {end}");
                        *end = x + w;
                    }
                    None => end_by_row.push((y, x + w)),
                }
            }
            assert_eq!(end_by_row.len(), 2, "a memory and a CPU bar");
            for (_, end) in end_by_row {
                assert!(end <= 648.0 + 0.05, "{end}");
                widest = widest.max(end);
            }
        }
        assert!((widest - 648.0).abs() < 0.05, "{widest}");
    }
}

const CASE1_CONF: &str = "\
# spark-defaults.conf for YARN (Spark Sizer)
# YARN: 17 executors × 5 cores × 19g
spark.submit.deployMode   cluster
spark.executor.instances  17
spark.executor.cores      5
spark.executor.memory     19g
spark.driver.memory       1g
spark.driver.cores        1
";

#[test]
fn case1_spark_defaults_conf() {
    assert_eq!(rendered(&case1(), Format::Conf), CASE1_CONF);
}

/// `spark-defaults.conf` read as Spark reads it (java.util.Properties: `#` comments, a key and
/// a value separated by whitespace).
fn read_conf(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (k, v) = l
                .split_once(char::is_whitespace)
                .expect("a key and a value");
            (k.to_string(), v.trim().to_string())
        })
        .collect()
}

#[test]
fn conf_files_hold_each_managers_configuration() {
    use planner::exports;
    for s in every_preset() {
        let outcome = plan(&s);
        let conf = render(&s, &outcome, Format::Conf);
        let expected = match (&s, &outcome) {
            (_, Outcome::Yarn(c)) => exports::yarn_spark_conf(c, c.selected),
            (Scenario::Kubernetes(i), Outcome::Kubernetes(p)) => {
                exports::k8s::spark_conf(p, &i.spark)
            }
            (_, Outcome::Emr(p)) => exports::emr::spark_conf(p),
            other => panic!("{other:?}"),
        };
        assert_eq!(read_conf(&conf), expected);
    }
}

#[test]
fn exports_of_another_manager_or_an_invalid_input_are_none() {
    let yarn = case1();
    let outcome = plan(&yarn);
    assert_eq!(try_render(&yarn, &outcome, Format::Yaml), None);
    assert_eq!(try_render(&yarn, &outcome, Format::EmrJson), None);
    assert!(!Format::Yaml.applies_to(ClusterManager::Yarn));
    assert!(Format::Yaml.applies_to(ClusterManager::Kubernetes));
    assert!(Format::EmrJson.applies_to(ClusterManager::Emr));
    let invalid = scenario_from_query("v=1&n=0").scenario;
    let outcome = plan(&invalid);
    for format in [Format::Svg, Format::Conf, Format::Submit] {
        assert_eq!(try_render(&invalid, &outcome, format), None, "{format:?}");
        assert!(!format.reports_invalid_input());
    }
    for format in [
        Format::Table,
        Format::MarkdownTable,
        Format::Confluence,
        Format::Html,
    ] {
        let text = try_render(&invalid, &outcome, format).unwrap();
        assert!(text.contains("Nodes is 0"), "{format:?}: {text}");
        assert!(format.reports_invalid_input());
    }
}

#[test]
fn format_names_read_back() {
    for format in Format::ALL {
        assert_eq!(Format::parse(format.as_str()), Some(*format));
    }
    assert_eq!(Format::parse("markdown-table"), Some(Format::MarkdownTable));
    assert_eq!(Format::parse("Markdown"), None);
}

/// The out-of-memory preset (6 executors × 10 cores on 51 200 MiB containers, a 4 096 MiB
/// largest task) with an 8 GiB table to broadcast: the page shows the workload's error (Spark
/// refuses the broadcast), its warnings (the task spills), a heap of 32 GiB or more without
/// compressed object pointers, and the plan's own warnings; the three wiki exports carry every
/// one of them, the error first.
#[test]
fn wiki_exports_carry_the_workload_and_shape_findings_the_page_shows() {
    let s =
        scenario_from_query("v=1&amax=51200&vmax=16&cpe=10&wtask=4096&wbc=8192&oops=0").scenario;
    let outcome = plan(&s);
    let Outcome::Yarn(c) = &outcome else {
        panic!("a YARN plan");
    };
    let fit = planner::job_fit::job_fit(&s, &outcome).expect("the workload is filled");
    let workload = planner::job_fit::job_fit_notes(&fit);
    let error = workload
        .iter()
        .find(|w| w.severity == planner::warning::Severity::Error)
        .expect("the broadcast is refused");
    let shape = planner::explorer::yarn_findings(c);
    assert!(
        shape
            .iter()
            .any(|w| w.code == planner::warning::Code::HeapWithoutCompressedOops),
        "a 45 GiB heap: {shape:?}"
    );
    for format in [Format::MarkdownTable, Format::Confluence, Format::Html] {
        let text = render(&s, &outcome, format);
        let flat = text.replace("\\", "");
        for w in shape.iter().chain(&workload) {
            let start: String = w.message.chars().take(40).collect();
            let start = start.replace(['*', '_'], "");
            assert!(
                flat.contains(&start) || text.contains(&html_escaped(&start)),
                "{format:?} leaves out \"{}\":\n{text}",
                w.message
            );
        }
        let first_error = text.find("rror").expect("an error is named");
        let error_start: String = error.message.chars().take(30).collect();
        assert!(
            text.find(&html_escaped(&error_start))
                .or(flat.find(&error_start))
                > Some(0)
                && first_error < text.find("arning").unwrap_or(usize::MAX),
            "{format:?}: the error comes before the warnings:\n{text}"
        );
    }
}

fn html_escaped(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}
