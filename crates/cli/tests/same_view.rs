//! One outcome, every front end, the same numbers: the command line's `--format json`, the JS
//! API's `plan()` (its native code, as serde-wasm-bindgen hands it to JavaScript) and the
//! planner's view (`planner::view::build`, which the page renders) are the same document for
//! links of every cluster manager, planned, short of room and invalid; and the command line's
//! table, text and Markdown say that view's headline numbers.

use std::process::Command;

use planner::scenario::plan_with_unreadable;
use planner::view::{self, View};
use serde_json::Value;

/// Links of every cluster manager: case 1 and 2, a plan with a shortfall, EMR's merged
/// executors, a workload, dynamic allocation, and an input that cannot be planned.
const LINKS: &[&str] = &[
    "v=1",
    "v=1&c=32",
    "v=1&tgt=40960",
    "v=1&cm=k8s",
    "v=1&cm=k8s&em=40g",
    "v=1&cm=k8s&rq=0.5&lim=1",
    "v=1&cm=emr",
    "v=1&cm=emr&het=0",
    "v=1&wtask=4096&cpe=10",
    "v=1&dyn=1",
    "v=1&n=0",
];

fn cli_json(link: &str) -> Value {
    let o = Command::new(env!("CARGO_BIN_EXE_spark-sizer"))
        .args(["--link", link, "--format", "json"])
        .output()
        .expect("spark-sizer runs");
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{link}: {e}"))
}

fn cli_text(link: &str, format: &str) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_spark-sizer"))
        .args(["--link", link, "--format", format])
        .output()
        .expect("spark-sizer runs");
    String::from_utf8(o.stdout).expect("UTF-8")
}

/// The planner's view of `link`, planned as every front end plans a link.
fn view_of(link: &str) -> View {
    let decoded = planner::url::scenario_from_query(link);
    let m = decoded.scenario.manager();
    let unreadable = decoded.bad.iter().map(|b| b.diagnostic(m)).collect();
    view::build(
        &decoded.scenario,
        &plan_with_unreadable(&decoded.scenario, unreadable),
    )
}

#[test]
fn the_command_line_and_the_js_api_give_the_planners_view() {
    for link in LINKS {
        let planner = serde_json::to_value(view_of(link)).expect("serializes");
        let api: Value = serde_json::from_str(&api::to_json(&api::plan_query(link))).expect("JSON");
        let cli = cli_json(link);
        assert_eq!(cli, planner, "{link}: the command line's JSON");
        assert_eq!(api, planner, "{link}: the JS API's result");
    }
}

#[test]
fn every_format_says_the_views_headline_numbers() {
    for link in LINKS {
        let v = view_of(link);
        // An input that cannot be planned is said on stderr (`cli.rs` checks it).
        if v.status == view::Status::Invalid {
            continue;
        }
        let title = view::words::title(&v);
        let table = cli_text(link, "table");
        assert!(table.starts_with(&format!("{title}\n")), "{link}: {table}");
        let markdown = cli_text(link, "markdown");
        assert!(
            markdown.starts_with(&format!("# {title}\n")),
            "{link}: {markdown}"
        );
        let Some(p) = v.selected() else {
            continue;
        };
        // The text report writes every plan's shape as asked, the numbers the JSON holds.
        let text = cli_text(link, "text");
        let heading = format!(
            "{} executor{} × {} core{} × {}",
            p.executors,
            planner::format::plural_ending(p.executors.into()),
            p.cores_per_executor,
            planner::format::plural_ending(p.cores_per_executor.into()),
            p.executor_memory
        );
        if v.manager == planner::catalog::ClusterManager::Yarn {
            assert!(text.contains(&heading), "{link}: {text}");
        }
        let conf = cli_text(link, "conf");
        for e in &p.exports.spark_conf {
            let line = conf
                .lines()
                .find(|l| l.split_whitespace().next() == Some(e.key.as_str()))
                .unwrap_or_else(|| panic!("{link}: no {} in {conf}", e.key));
            assert_eq!(
                line.split_whitespace().nth(1),
                Some(e.value.as_str()),
                "{link}: {line}"
            );
        }
    }
}
