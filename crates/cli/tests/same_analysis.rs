//! One analysis, every front end: `spark-sizer analyze --format json` and the analyser module
//! that the JS API's `analyze()` runs in a Web Worker (its native code, `api_analyzer::Session`,
//! fed as the worker feeds it: a folder's files in `readingOrder`, each in 1 MiB slices) give the
//! same document for every real log in the shared folder and every log this project wrote; what
//! the command line writes on stderr is among the module's diagnostics, and a log the command
//! line refuses (exit 1) is one the module says it could not analyse.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// The shared real logs (`../shared/eventlogs` beside the repository), or `SPARK_EVENTLOGS`.
fn shared() -> PathBuf {
    let beside = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/eventlogs");
    let root = std::env::var_os("SPARK_EVENTLOGS").map_or(beside, PathBuf::from);
    if root.is_dir() {
        root
    } else {
        PathBuf::from("/work/shared/eventlogs")
    }
}

fn own() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../eventlog/tests/data")
}

/// Every log of a folder: its files and its rolling logs' folders (not documentation, scripts,
/// Sparklens' own output or the fuzzers' inputs).
fn logs_in(folder: &Path) -> Vec<PathBuf> {
    let mut logs: Vec<PathBuf> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|e| e.expect("an entry").path())
        .filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            let name = name.unwrap_or_default();
            let skipped = name.ends_with(".md") || name.ends_with(".py") || name.ends_with(".json");
            !skipped && (p.is_file() || name.starts_with("eventlog_v2_"))
        })
        .collect();
    logs.sort();
    logs
}

/// The module's document for a log, read as the worker reads files (a folder's files by their
/// relative paths in `readingOrder`, each named by its file name, in 1 MiB slices).
fn module_document(log: &Path) -> Value {
    let files: Vec<PathBuf> = if log.is_dir() {
        let mut f: Vec<PathBuf> = std::fs::read_dir(log)
            .expect("a folder")
            .map(|e| e.expect("an entry").path())
            .collect();
        f.sort();
        f
    } else {
        vec![log.to_path_buf()]
    };
    let folder = log
        .file_name()
        .expect("a name")
        .to_string_lossy()
        .into_owned();
    let paths: Vec<String> = files
        .iter()
        .map(|f| {
            format!(
                "{folder}/{}",
                f.file_name().expect("a name").to_string_lossy()
            )
        })
        .collect();
    let mut session = api_analyzer::Session::new();
    for i in api_analyzer::reading_order(paths) {
        let file = &files[i as usize];
        let bytes = std::fs::read(file).expect("a log");
        let name = file.file_name().expect("a name").to_string_lossy();
        session.read_file(&name, &bytes, Some(bytes.len() as u64), 1 << 20);
    }
    // Through its text, as the command line's is read back.
    let text = serde_json::to_string(&session.finish("").document()).expect("JSON text");
    serde_json::from_str(&text).expect("the document")
}

fn messages(doc: &Value) -> Vec<String> {
    doc["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| d["message"].as_str().expect("a message").to_string())
        .collect()
}

#[test]
fn the_command_line_and_the_analyser_module_give_one_document() {
    let mut analysed = 0;
    let mut refused = Vec::new();
    for log in logs_in(&shared()).into_iter().chain(logs_in(&own())) {
        let shown = log.display().to_string();
        let o = Command::new(env!("CARGO_BIN_EXE_spark-sizer"))
            .args(["analyze", &shown, "--format", "json"])
            .output()
            .expect("spark-sizer runs");
        let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
        let mut module = module_document(&log);
        let said = messages(&module);
        if o.status.code() == Some(1) {
            refused.push(
                log.file_name()
                    .expect("a name")
                    .to_string_lossy()
                    .into_owned(),
            );
            assert_eq!(module["runs"], Value::Array(Vec::new()), "{shown}");
            let codes = &module["diagnostics"][0]["code"];
            assert_eq!(codes, "not-analysed", "{shown}: {said:?}");
            continue;
        }
        assert_eq!(o.status.code(), Some(0), "{shown}: {stderr}");
        for line in stderr.lines() {
            let words = line.trim_start_matches("spark-sizer analyze: ");
            assert!(
                said.iter().any(|m| m == words),
                "{shown}: {words:?} not in {said:?}"
            );
        }
        let cli: Value = serde_json::from_slice(&o.stdout).expect("the command line's JSON");
        module
            .as_object_mut()
            .expect("an object")
            .remove("diagnostics");
        assert!(cli == module, "{shown}: the documents differ");
        analysed += 1;
    }
    // Every log but one analysed: the malformed one breaks before its application starts
    // (its README: "one line is not JSON"), which both say with the line.
    assert_eq!(refused, ["bad-malformed-json.zstd"]);
    assert_eq!(analysed, 24);
}
