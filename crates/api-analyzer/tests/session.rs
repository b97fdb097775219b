//! The analyser module's session, natively: the document it gives is the command line's JSON
//! (`eventlog::json::document`) with diagnostics beside it, whatever the slices the worker
//! reads; what the command line writes on stderr comes back as diagnostics with codes; a share
//! link places the plan on its cluster.

use api_analyzer::Session;
use serde_json::Value;

fn data(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../eventlog/tests/data")
        .join(name)
}

/// The answer for files read in slices of `slice` bytes, as JSON values read back from its text
/// (as the command line's are).
fn answer(files: &[(&str, &[u8])], slice: usize, cluster: &str) -> Value {
    let mut session = Session::new();
    for (name, bytes) in files {
        session.read_file(name, bytes, Some(bytes.len() as u64), slice);
    }
    let text = serde_json::to_string(&session.finish(cluster).document()).expect("JSON text");
    serde_json::from_str(&text).expect("the document as JSON")
}

/// The command line's document for the same files (the reader pushed in 1 MiB slices).
fn cli_document(files: &[(&str, &[u8])]) -> Value {
    let mut reader = eventlog::Reader::new();
    for (name, bytes) in files {
        reader.begin_file(name, Some(bytes.len() as u64));
        for part in bytes.chunks(1 << 20) {
            reader.push(part);
            if !reader.wants_more() {
                break;
            }
        }
        reader.end_file();
    }
    let read = reader.finish();
    let analyses = eventlog::analyze_all(&read, &eventlog::Options::default());
    serde_json::from_str(&eventlog::json::document(&read, &analyses)).expect("the CLI's JSON")
}

fn without_diagnostics(mut v: Value) -> Value {
    v.as_object_mut().expect("an object").remove("diagnostics");
    v
}

fn codes(v: &Value) -> Vec<String> {
    v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| d["code"].as_str().expect("a code").to_string())
        .collect()
}

#[test]
fn the_document_is_the_command_lines_in_any_slices() {
    let skewed = std::fs::read(data("skewed.zstd")).expect("the skewed log");
    let files: &[(&str, &[u8])] = &[("skewed.zstd", &skewed)];
    let cli = cli_document(files);
    assert_eq!(cli["kind"], "spark-sizer-analysis");
    assert!(!cli["runs"].as_array().expect("runs").is_empty());
    for slice in [1 << 20, 4096, 997] {
        let got = answer(files, slice, "");
        assert_eq!(codes(&got), Vec::<String>::new(), "a clean log: {slice}");
        assert_eq!(without_diagnostics(got), cli, "slices of {slice} bytes");
    }
}

#[test]
fn a_rolling_logs_parts_and_the_command_lines_order() {
    let folder = data("eventlog_v2_app-20261201224627-0000");
    let mut names: Vec<String> = std::fs::read_dir(&folder)
        .expect("the rolling log")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names.reverse(); // as a browser may list them: the module orders them
    let order = api_analyzer::reading_order(names.clone());
    let ordered: Vec<&String> = order.iter().map(|&i| &names[i as usize]).collect();
    let parts: Vec<&String> = ordered
        .iter()
        .copied()
        .filter(|n| n.starts_with("events_"))
        .collect();
    assert_eq!(
        ordered, parts,
        "the appstatus marker is left out: {ordered:?}"
    );
    assert!(parts.len() >= 2, "{parts:?}");
    assert!(parts[0].starts_with("events_1_"), "{parts:?}");
    let bytes: Vec<Vec<u8>> = parts
        .iter()
        .map(|n| std::fs::read(folder.join(n)).expect("a part"))
        .collect();
    let files: Vec<(&str, &[u8])> = parts
        .iter()
        .zip(&bytes)
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    let got = answer(&files, 1 << 16, "");
    assert_eq!(got["runs"].as_array().expect("runs").len(), 1, "one run");
    assert_eq!(without_diagnostics(got), cli_document(&files));
}

#[test]
fn what_the_command_line_says_on_stderr_comes_back_as_diagnostics() {
    let pdf: &[u8] = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n";
    let got = answer(&[("report.pdf", pdf)], 1 << 20, "");
    assert_eq!(codes(&got), ["not-analysed"]);
    let d = &got["diagnostics"][0];
    assert_eq!(d["severity"], "error");
    let message = d["message"].as_str().expect("a message");
    assert!(
        message.contains("report.pdf is a PDF document"),
        "{message}"
    );
    assert_eq!(got["runs"], Value::Array(Vec::new()));

    // A log cut short: analysed up to the break, which is named with its line.
    let log = std::fs::read(data("codec-none")).expect("the plain log");
    let cut = &log[..log.len() * 2 / 3];
    let got = answer(&[("codec-none", cut)], 1 << 20, "");
    assert_eq!(codes(&got), ["cut-short"]);
    let message = got["diagnostics"][0]["message"]
        .as_str()
        .expect("a message");
    assert!(message.starts_with("codec-none, line "), "{message}");
    assert_eq!(got["runs"].as_array().expect("runs").len(), 1);

    // Nothing given at all.
    let got = answer(&[], 1 << 20, "");
    assert_eq!(codes(&got), ["not-analysed"]);
}

#[test]
fn a_share_link_places_the_plan_on_its_cluster() {
    let skewed = std::fs::read(data("skewed.zstd")).expect("the skewed log");
    let files: &[(&str, &[u8])] = &[("skewed.zstd", &skewed)];
    let on_run = answer(files, 1 << 20, "");
    let on_link = answer(
        files,
        1 << 20,
        "https://example.org/sizer/?v=1&n=4&c=16&m=64#plan",
    );
    let from_run = |v: &Value| v["runs"][0]["plan"]["cluster_from_run"].clone();
    assert_eq!(from_run(&on_run), Value::Bool(true));
    assert_eq!(from_run(&on_link), Value::Bool(false));
    assert_eq!(codes(&on_link), Vec::<String>::new());

    // A link whose values do not read: the run's cluster, and why.
    let bad = answer(files, 1 << 20, "?v=1&n=lots");
    assert_eq!(from_run(&bad), Value::Bool(true));
    assert_eq!(codes(&bad), ["invalid-cluster"]);
}

#[test]
fn the_kept_answer_times_the_explorer_s_rows_of_any_form() {
    // The page keeps the answer and asks again as the form changes: each link's explorer rows,
    // timed with the run, as the eventlog view times them; a link that does not read: none.
    let skewed = std::fs::read(data("skewed.zstd")).expect("the skewed log");
    let mut session = Session::new();
    session.read_file("skewed.zstd", &skewed, None, 1 << 20);
    let answer = session.finish("");
    for link in ["v=1", "v=1&n=40&c=32&m=256"] {
        let timed = answer.timed_shapes(link);
        assert_eq!(timed.len(), answer.analyses.len());
        let form = planner::url::scenario_from_query(link).scenario;
        assert_eq!(
            timed[0],
            eventlog::view::timed_shapes(&answer.analyses[0], &form)
        );
        assert!(!timed[0].is_empty(), "{link}");
    }
    assert_ne!(
        answer.timed_shapes("v=1"),
        answer.timed_shapes("v=1&n=40&c=32&m=256")
    );
    assert!(answer.timed_shapes("v=1&n=none").is_empty());
}
