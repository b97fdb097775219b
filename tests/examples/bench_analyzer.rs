//! The analyser worker's benchmark in headless Chromium (BENCHMARKS.md, "Analyser in the
//! browser"; `scripts/bench-analyzer.sh` runs it, never CI): the JS API's `analyze()` on every
//! log of the shared folder (the files fetched first, then the call timed: the worker started,
//! its module compiled, the files read in slices, decoded, parsed, analysed and posted back),
//! and on large logs given as arguments, with their throughput (bytes decoded ÷ the worker's
//! time), the module's linear memory at its peak and the page's renderer process (which runs
//! the worker) sampled from /proc.
//!
//! `cargo run --release -p e2e --example bench_analyzer -- [ROUNDS] [BIG.log...]`

#[path = "../tests/common/mod.rs"]
#[allow(unused_imports)]
mod common;

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use common::{dist_dir, serve_dir, shared_logs, target_dir, Browser};
use serde_json::Value;

/// Every log of the shared folder, each as the paths of its files under the site.
fn shared_entries() -> Vec<(String, Vec<String>)> {
    let root = shared_logs();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("the shared logs")
        .map(|e| e.expect("an entry").path())
        .filter(|p| {
            let n = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            !n.ends_with(".md") && !n.ends_with(".json")
        })
        .collect();
    entries.sort();
    entries
        .into_iter()
        .map(|p| {
            let name = p
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            let files = if p.is_dir() {
                let mut f: Vec<String> = std::fs::read_dir(&p)
                    .expect("a folder")
                    .map(|e| {
                        let file = e.expect("an entry").file_name();
                        format!("/shared/{name}/{}", file.to_string_lossy())
                    })
                    .collect();
                f.sort();
                f
            } else {
                vec![format!("/shared/{name}")]
            };
            (name, files)
        })
        .collect()
}

/// The site: the build's `api/`, the shared logs, and the large logs' folder.
fn site(big: &[PathBuf]) -> String {
    let root = target_dir().join("bench/analyzer-site");
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("big")).expect("the site's folder");
    std::os::unix::fs::symlink(dist_dir().join("api"), root.join("api")).expect("api");
    std::os::unix::fs::symlink(shared_logs(), root.join("shared")).expect("shared");
    for b in big {
        let name = b.file_name().expect("a name");
        std::os::unix::fs::symlink(b, root.join("big").join(name)).expect("a large log");
    }
    serve_dir(root)
}

/// The page's renderer processes' resident memory, bytes (the worker runs in the page's).
fn renderer_rss(profile_mark: &str) -> u64 {
    let mut total = 0;
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let dir = entry.path();
        let Ok(cmd) = std::fs::read(dir.join("cmdline")) else {
            continue;
        };
        let cmd = String::from_utf8_lossy(&cmd);
        if !cmd.contains("--type=renderer") || !cmd.contains(profile_mark) {
            continue;
        }
        let status = std::fs::read_to_string(dir.join("status")).unwrap_or_default();
        let kib = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .unwrap_or(0);
        total += kib * 1024;
    }
    total
}

/// Calls analyze() on the files at `paths` (fetched first, untimed) and returns the call's
/// wall time, the last progress message and a summary of the answer.
async fn timed(browser: &Browser, paths: &[String]) -> Value {
    let script = format!(
        "return import('./spark_sizer.js').then(async (m) => {{ \
           const paths = {paths:?}; \
           const files = await Promise.all(paths.map(async (p) => \
             new File([await (await fetch(p)).blob()], p.split('/').pop()))); \
           let last = null, peak = 0; \
           const t0 = performance.now(); \
           const r = await m.analyze(files, {{ onProgress: (p) => {{ last = p; peak = Math.max(peak, p.wasm_memory_bytes); }} }}); \
           const ms = performance.now() - t0; \
           return JSON.stringify({{ ms, last, peak, runs: r.runs.length, \
             codes: r.diagnostics.map((d) => d.code), events: r.progress.events, \
             decoded: r.progress.bytes_decoded, read: r.progress.bytes_read }}); }});"
    );
    let text = browser.js(&script).await;
    serde_json::from_str(text.as_str().expect("text")).expect("JSON")
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// analyze() on a large log: throughput, the module's memory and the renderer's, sampled.
async fn bench_large(browser: &Browser, b: &std::path::Path) {
    let name = b
        .file_name()
        .expect("a name")
        .to_string_lossy()
        .into_owned();
    let mark = "profile-bench-analyzer";
    let before = renderer_rss(mark);
    let peak = Arc::new(AtomicU64::new(before));
    let done = Arc::new(AtomicBool::new(false));
    let sampler = {
        let (peak, done) = (Arc::clone(&peak), Arc::clone(&done));
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                peak.fetch_max(renderer_rss(mark), Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(50));
            }
        })
    };
    let r = timed(browser, &[format!("/big/{name}")]).await;
    done.store(true, Ordering::Relaxed);
    let _ = sampler.join();
    let worker_ms = r["last"]["elapsed_ms"].as_f64().unwrap_or(f64::NAN);
    let decoded = r["decoded"].as_f64().unwrap_or(0.0);
    println!(
        "\nlarge log `{name}`: {:.0} MB read, {:.0} MB decoded, {} events, {} runs, diagnostics {:?}; \
         analyze() {:.0} ms, the worker's reading {worker_ms:.0} ms: {:.0} MB/s decoded JSON \
         ({:.0} MB/s by the call's wall time); the module's linear memory at its peak {:.1} MiB; \
         the page's renderer {:.0} MiB before, {:.0} MiB at its peak (+{:.0} MiB)",
        r["read"].as_f64().unwrap_or(0.0) / 1e6,
        decoded / 1e6,
        r["events"],
        r["runs"],
        r["codes"],
        r["ms"].as_f64().unwrap_or(f64::NAN),
        decoded / 1e3 / worker_ms,
        decoded / 1e3 / r["ms"].as_f64().unwrap_or(f64::NAN),
        r["peak"].as_f64().unwrap_or(0.0) / 1048576.0,
        before as f64 / 1048576.0,
        peak.load(Ordering::Relaxed) as f64 / 1048576.0,
        (peak.load(Ordering::Relaxed).saturating_sub(before)) as f64 / 1048576.0,
    );
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(5);
    let big: Vec<PathBuf> = args.map(PathBuf::from).collect();
    let base = site(&big);
    let browser = Browser::open_at("bench-analyzer", base).await;
    browser.open_page("/api/example.html", "#headline").await;

    // The first call loads the worker and compiles its module; later calls reuse it.
    let first = timed(
        &browser,
        &["/shared/sparklens_local-1532512550423".to_string()],
    )
    .await;
    println!(
        "first call (the worker started, its module fetched and compiled; the sparklens log): \
         {:.0} ms\n",
        first["ms"].as_f64().unwrap_or(f64::NAN)
    );
    println!(
        "| log | MB read | MB decoded | events | analyze() median of {rounds}, ms | min–max, ms |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for (name, paths) in shared_entries() {
        let mut times = Vec::new();
        let mut last = Value::Null;
        for _ in 0..rounds {
            last = timed(&browser, &paths).await;
            times.push(last["ms"].as_f64().unwrap_or(f64::NAN));
        }
        let mb = |k: &str| last[k].as_f64().unwrap_or(0.0) / 1e6;
        let lo = times.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = times.iter().copied().fold(0.0, f64::max);
        println!(
            "| `{name}` | {:.2} | {:.2} | {} | {:.0} | {lo:.0}–{hi:.0} |",
            mb("read"),
            mb("decoded"),
            last["events"],
            median(times.clone())
        );
    }

    for b in &big {
        bench_large(&browser, b).await;
    }
    browser.close().await;
}
