//! End-to-end tests of the JS API's `analyze()` (dist/api/ and its analyser worker,
//! dist/api/analyzer/) in headless Chromium under the strict CSP: on bytes, a Blob, a File, an
//! array of a rolling log's parts in any order and a ReadableStream it resolves to the document
//! the analyser module gives natively (which `crates/cli/tests/same_analysis.rs` finds equal to
//! `spark-sizer analyze --format json`), reports progress, cancels, and never throws: what it
//! cannot read comes back in `diagnostics`.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::path::PathBuf;
use std::sync::OnceLock;

use common::{dist_dir, repo_root, serve_dir, shared_logs, target_dir, Browser};
use serde_json::Value;

fn own_logs() -> PathBuf {
    repo_root().join("crates/eventlog/tests/data")
}

/// A site serving the build's `api/` beside the test logs (`shared/`, `own/`), so that the page
/// fetches them from its own origin under the strict CSP.
fn site_with_logs() -> &'static str {
    static SITE: OnceLock<String> = OnceLock::new();
    SITE.get_or_init(|| {
        let root = target_dir().join("e2e/analyze-site");
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).expect("the site's folder");
        for (link, to) in [
            ("api", dist_dir().join("api")),
            ("shared", shared_logs()),
            ("own", own_logs()),
        ] {
            std::os::unix::fs::symlink(to, root.join(link)).expect("a link into the site");
        }
        serve_dir(root)
    })
}

async fn open(name: &str) -> Browser {
    let browser = Browser::open_at(name, site_with_logs().to_owned()).await;
    browser.open_page("/api/example.html", "#headline").await;
    browser
}

/// Runs `body` (JavaScript with `m`, the API module, and `get(path)`, a fetch of a site path)
/// and returns what it returns, as JSON text read back.
async fn in_page(browser: &Browser, body: &str) -> Value {
    let script = format!(
        "return import('./spark_sizer.js').then(async (m) => {{ \
           const get = (path) => fetch(path).then((r) => {{ if (!r.ok) throw new Error(path); return r; }}); \
           const value = await (async () => {{ {body} }})(); \
           return JSON.stringify(value); }});"
    );
    let text = browser.js(&script).await;
    serde_json::from_str(text.as_str().expect("JSON text")).expect("JSON")
}

/// The module's own document for `files` (native code, read as the worker reads them; a
/// stream's size is not known).
fn native(files: &[PathBuf], sizes_known: bool) -> Value {
    let paths: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    let mut session = api_analyzer::Session::new();
    for i in api_analyzer::reading_order(paths) {
        let file = &files[i as usize];
        let bytes = std::fs::read(file).expect("a log");
        let name = file.file_name().expect("a name").to_string_lossy();
        let size = sizes_known.then_some(bytes.len() as u64);
        session.read_file(&name, &bytes, size, 1 << 20);
    }
    // Through its text, as JSON.stringify's in the page is read back: the same shortest
    // digits of every float give the same values.
    let text = serde_json::to_string(&session.finish("").document()).expect("JSON text");
    serde_json::from_str(&text).expect("the document")
}

fn codes(doc: &Value) -> Vec<&str> {
    doc["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| d["code"].as_str().expect("a code"))
        .collect()
}

fn assert_same(got: &Value, files: &[PathBuf]) {
    assert_same_read(got, files, true);
}

fn assert_same_read(got: &Value, files: &[PathBuf], sizes_known: bool) {
    let want = native(files, sizes_known);
    assert_eq!(got["kind"], "spark-sizer-analysis");
    assert!(
        *got == want,
        "{files:?}: analyze() differs from the module's native document"
    );
}

#[tokio::test]
async fn analyze_gives_the_modules_document_for_every_kind_of_input() {
    let browser = open("analyze-inputs").await;
    let own = own_logs();
    let shared = shared_logs();

    // Bytes (a Uint8Array), named so that the codec is read from the name.
    let got = in_page(
        &browser,
        "const bytes = new Uint8Array(await (await get('/own/skewed.zstd')).arrayBuffer()); \
         return m.analyze(bytes, { name: 'skewed.zstd' });",
    )
    .await;
    assert_same(&got, &[own.join("skewed.zstd")]);
    assert_eq!(got["runs"][0]["findings"][0]["kind"], "skew");

    // A File, an ArrayBuffer of a gzipped log, a Blob of another codec's.
    let got = in_page(
        &browser,
        "const blob = await (await get('/shared/yarn-task-and-executor-failures.zstd')).blob(); \
         return m.analyze(new File([blob], 'yarn-task-and-executor-failures.zstd'));",
    )
    .await;
    assert_same(&got, &[shared.join("yarn-task-and-executor-failures.zstd")]);
    let got = in_page(
        &browser,
        "const name = 'local-gzipped_eventlog-2021-06-15--15-00.gz'; \
         const buffer = await (await get('/shared/' + name)).arrayBuffer(); \
         return m.analyze(buffer, { name });",
    )
    .await;
    assert_same(
        &got,
        &[shared.join("local-gzipped_eventlog-2021-06-15--15-00.gz")],
    );

    // A rolling log's parts as a folder gives them, in any order, its status marker among them.
    let folder = shared.join("eventlog_v2_local-1623876083964");
    let mut parts: Vec<PathBuf> = std::fs::read_dir(&folder)
        .expect("the rolling log")
        .map(|e| e.expect("an entry").path())
        .collect();
    parts.sort();
    parts.reverse();
    let names: Vec<String> = parts
        .iter()
        .map(|p| {
            p.file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let got = in_page(
        &browser,
        &format!(
            "const names = {names:?}; \
             const files = await Promise.all(names.map(async (n) => \
               new File([await (await get('/shared/eventlog_v2_local-1623876083964/' + n)).blob()], n))); \
             return m.analyze(files);"
        ),
    )
    .await;
    assert_same(&got, &parts);
    assert_eq!(got["runs"].as_array().expect("runs").len(), 1, "one run");
    assert_eq!(
        got["files"].as_array().expect("files").len(),
        2,
        "two parts"
    );

    // A stream (a fetch's body), named.
    let got = in_page(
        &browser,
        "const r = await get('/shared/sparklens_local-1532512550423'); \
         return m.analyze(r.body, { name: 'sparklens_local-1532512550423' });",
    )
    .await;
    assert_same_read(&got, &[shared.join("sparklens_local-1532512550423")], false);
    assert_eq!(
        got["progress"]["bytes_total"],
        Value::Null,
        "a stream's size is not known"
    );
    browser.assert_clean_console();
}

#[tokio::test]
async fn analyze_reports_progress_cancels_and_never_throws() {
    let browser = open("analyze-edges").await;

    // Progress: counters that grow to the total, with the time taken; the last one at the end.
    let got = in_page(
        &browser,
        "const seen = []; \
         const blob = await (await get('/shared/yarn-task-and-executor-failures.zstd')).blob(); \
         const result = await m.analyze(new File([blob], 'x.zstd'), { onProgress: (p) => seen.push(p) }); \
         return { seen, total: blob.size, events: result.progress.events };",
    )
    .await;
    let seen = got["seen"].as_array().expect("progress messages");
    let last = seen.last().expect("at least one progress message");
    assert_eq!(last["bytes_read"], got["total"]);
    assert_eq!(last["bytes_total"], got["total"]);
    assert_eq!(last["events"], got["events"]);
    assert!(last["elapsed_ms"].as_u64().is_some(), "{last}");

    // Cancelled at the first progress message of a large file (400 copies of a log, read as
    // one): said so, with how far it got.
    let got = in_page(
        &browser,
        "const one = await (await get('/own/codec-none')).blob(); \
         const big = new Blob(Array(400).fill(one)); \
         const stop = new AbortController(); \
         const result = await m.analyze(big, { name: 'big', signal: stop.signal, onProgress: () => stop.abort() }); \
         return { result, size: big.size };",
    )
    .await;
    let result = &got["result"];
    assert_eq!(codes(result), ["cancelled"], "{result}");
    let read = result["progress"]["bytes_read"]
        .as_u64()
        .expect("bytes read");
    assert!(
        read > 0 && read < got["size"].as_u64().expect("a size"),
        "{read}"
    );

    // Two calls at once (the kept worker is busy with one: the other gets its own), then one
    // more on the kept worker: each its own answer.
    let got = in_page(
        &browser,
        "const a = await (await get('/own/skewed.zstd')).blob(); \
         const b = await (await get('/own/spilling.zstd')).blob(); \
         const [x, y] = await Promise.all([m.analyze(new File([a], 'skewed.zstd')), \
                                           m.analyze(new File([b], 'spilling.zstd'))]); \
         const z = await m.analyze(new File([a], 'skewed.zstd')); \
         return [x, y, z].map((r) => r.runs[0].run.name);",
    )
    .await;
    assert_eq!(got, serde_json::json!(["skewed", "spilling", "skewed"]));

    // Not event logs, and inputs analyze() does not take: diagnostics, no throw.
    let got = in_page(
        &browser,
        "const pdf = new File([new TextEncoder().encode('%PDF-1.7\\n%\\u00e2\\u00e3\\n1 0 obj')], 'report.pdf'); \
         const random = new Uint8Array(1 << 20); \
         for (let i = 0; i < random.length; i += 65536) crypto.getRandomValues(random.subarray(i, i + 65536)); \
         return [await m.analyze(pdf), await m.analyze(random, { name: 'random.bin' }), \
                 await m.analyze(42), await m.analyze(), await m.analyze([pdf, {}]), \
                 await m.analyze([])];",
    )
    .await;
    let all = got.as_array().expect("answers");
    let message = all[0]["diagnostics"][0]["message"]
        .as_str()
        .expect("a message");
    assert_eq!(codes(&all[0]), ["not-analysed"]);
    assert!(
        message.contains("report.pdf is a PDF document"),
        "{message}"
    );
    let message = all[1]["diagnostics"][0]["message"]
        .as_str()
        .expect("a message");
    assert!(message.contains("random.bin is "), "{message}");
    assert!(message.contains("not a Spark event log"), "{message}");
    for (answer, code) in all[2..].iter().zip([
        "invalid-input",
        "invalid-input",
        "invalid-input",
        "not-analysed",
    ]) {
        assert_eq!(codes(answer), [code], "{answer}");
        assert_eq!(answer["runs"], Value::Array(Vec::new()));
    }
    browser.assert_clean_console();
}
