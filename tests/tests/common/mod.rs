//! Shared end-to-end harness: a static file server for the release build (`dist/`),
//! chromedriver, and headless Chromium driven through fantoccini.
//!
//! - The static server (tiny_http) starts once per test binary ([`site`]) on a free 127.0.0.1
//!   port; the few chromedriver endpoints fantoccini has no method for go through ureq.
//! - Each test opens its own [`Browser`]: a chromedriver on another free 127.0.0.1 port and
//!   a fresh Chromium profile under `target/e2e/`. Dropping it (even on panic) ends the
//!   WebDriver session and stops chromedriver.
//! - Chromium resolves no host but 127.0.0.1, so any request leaving the machine fails and
//!   shows up as a console error.
//!
//! - [`app`] knows Spark Sizer's page: expected plans (from the planner core) and readers
//!   for the headline, the `spark-submit` text and the per-node layout.
//!
//! Environment: `SPARK_SIZER_DIST` (default `<repo>/dist`), `CHROMIUM` (default
//! `/usr/bin/chromium`), `CHROMEDRIVER` (default `chromedriver` on PATH).
#![allow(dead_code)]

pub mod app;

use std::fs;
use std::io;
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};

/// The Content-Security-Policy the static server sends: what a strict static host would
/// use. No inline scripts or styles; wasm compilation allowed. Violations show up as
/// console errors, so every test checking the console also checks CSP compliance.
pub const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
    style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; \
    base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// How long to wait for the app to render or react.
pub const TIMEOUT: Duration = Duration::from_secs(15);

/// How long to wait for a freshly opened page to show its first state. Longer than
/// [`TIMEOUT`]: the wasm is compiled on every navigation, and on a 2-core machine running
/// two browsers beside a build that once took more than 15 s (a CI run failed so, its
/// console empty).
pub const PAGE_LOAD_TIMEOUT: Duration = Duration::from_secs(45);

/// After this long without the wasm loaded, [`Browser::open_page`] loads the page once more.
const WASM_STALL: Duration = Duration::from_secs(15);

/// The repository root (the parent of this crate).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// The shared real event logs (`../shared/eventlogs` beside the repository), or
/// `SPARK_EVENTLOGS`.
pub fn shared_logs() -> PathBuf {
    let beside = repo_root().join("../../shared/eventlogs");
    let root = std::env::var_os("SPARK_EVENTLOGS").map_or(beside, PathBuf::from);
    if root.is_dir() {
        root
    } else {
        PathBuf::from("/work/shared/eventlogs")
    }
}

/// Cargo's target directory: the nearest ancestor of the test binary holding `CACHEDIR.TAG`.
pub fn target_dir() -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|exe| {
            exe.ancestors()
                .find(|dir| dir.join("CACHEDIR.TAG").is_file())
                .map(Path::to_path_buf)
        })
        .unwrap_or_else(|| repo_root().join("target"))
}

/// The release build to test, as an absolute path; panics with advice when it is missing.
pub fn dist_dir() -> PathBuf {
    let dist = std::env::var_os("SPARK_SIZER_DIST")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("dist"));
    let dist = if dist.is_absolute() {
        dist
    } else {
        std::env::current_dir()
            .expect("a current directory")
            .join(dist)
    };
    assert!(
        dist.join("index.html").is_file(),
        "no release build at {}: run `trunk build --release` first (scripts/test.sh does), \
         or point SPARK_SIZER_DIST at a Trunk dist/ folder",
        dist.display()
    );
    dist.canonicalize().expect("canonical dist path")
}

/// A free TCP port on 127.0.0.1 (released right away, for a child process to bind).
pub fn free_port() -> u16 {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|l| l.local_addr())
        .expect("a free 127.0.0.1 port")
        .port()
}

// ---------------------------------------------------------------------------------------
// Static file server
// ---------------------------------------------------------------------------------------

/// The static server for `dist/`, started on first use; returns its base URL
/// (`http://127.0.0.1:<port>`, no trailing slash).
pub fn site() -> &'static str {
    static SITE: OnceLock<String> = OnceLock::new();
    SITE.get_or_init(|| serve_dir(dist_dir()))
}

/// Serves `root` on a free 127.0.0.1 port from a background thread (each request answered on a
/// thread of its own) and returns the base URL.
pub fn serve_dir(root: PathBuf) -> String {
    serve_dir_with_csp(root, CSP)
}

/// Serves `root` like [`serve_dir`], sending `csp` as its Content-Security-Policy (a host that
/// allows framing, or a wiki page's own policy).
pub fn serve_dir_with_csp(root: PathBuf, csp: &'static str) -> String {
    let server = tiny_http::Server::http((Ipv4Addr::LOCALHOST, 0)).expect("bind the static server");
    let port = server.server_addr().to_ip().expect("an IP address").port();
    let root = std::sync::Arc::new(root);
    thread::spawn(move || {
        for request in server.incoming_requests() {
            // Each answer on its own thread: one browser slow to read a large file (the wasm)
            // must not hold up every other page of the test binary (two runs stalled at
            // "Loading the planner…" with an empty console while another test's browser was
            // being read to). A client hanging up early is not our problem.
            let root = std::sync::Arc::clone(&root);
            thread::spawn(move || {
                let _ = respond(&root, request, csp);
            });
        }
    });
    format!("http://127.0.0.1:{port}")
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" => "text/plain; charset=utf-8",
        "webmanifest" => "application/manifest+json",
        _ => "application/octet-stream",
    }
}

/// Answers a GET or HEAD with the file the path names (tiny_http leaves the body out for HEAD),
/// anything else with 405; never cached, always with `csp`.
fn respond(root: &Path, request: tiny_http::Request, csp: &str) -> io::Result<()> {
    use tiny_http::Method;
    let path = request.url().split(['?', '#']).next().unwrap_or("/");
    let (status, kind, body) = match (request.method(), resolve(root, path)) {
        (Method::Get | Method::Head, Some(file)) => (200, content_type(&file), fs::read(&file)?),
        (Method::Get | Method::Head, None) => (404, "text/plain", b"not found\n".to_vec()),
        _ => (405, "text/plain", Vec::new()),
    };
    let header = |name: &str, value: &str| {
        tiny_http::Header::from_bytes(name, value).expect("a valid header")
    };
    let response = tiny_http::Response::from_data(body)
        .with_status_code(status)
        .with_header(header("Content-Type", kind))
        .with_header(header("Content-Security-Policy", csp))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"));
    request.respond(response)
}

/// Maps a URL path to a file under `root`: `/` and extension-less unknown paths (client-side
/// routes) give `index.html`; anything climbing out of `root` gives `None`.
fn resolve(root: &Path, url_path: &str) -> Option<PathBuf> {
    let relative = Path::new(url_path.trim_start_matches('/'));
    if relative
        .components()
        .any(|c| !matches!(c, Component::Normal(_)))
    {
        return None;
    }
    let file = root.join(relative);
    if file.is_file() {
        return Some(file);
    }
    if file.is_dir() && file.join("index.html").is_file() {
        return Some(file.join("index.html"));
    }
    if relative.extension().is_none() {
        return Some(root.join("index.html"));
    }
    None
}

// ---------------------------------------------------------------------------------------
// Chromedriver endpoints fantoccini has no method for
// ---------------------------------------------------------------------------------------

/// Sends one request to the chromedriver on `port` (POST with `body`, else DELETE) and returns
/// the JSON reply.
fn webdriver_call(port: u16, path: &str, body: Option<&Value>) -> Result<Value, ureq::Error> {
    let url = format!("http://127.0.0.1:{port}{path}");
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into();
    let mut reply = match body {
        Some(body) => agent.post(&url).send_json(body)?,
        None => agent.delete(&url).call()?,
    };
    reply.body_mut().read_json()
}

// ---------------------------------------------------------------------------------------
// Browser
// ---------------------------------------------------------------------------------------

/// Stops chromedriver (and, through the session, Chromium) when dropped, even on panic.
struct Driver {
    child: Child,
    port: u16,
    session: Option<String>,
    profile: PathBuf,
}

impl Drop for Driver {
    fn drop(&mut self) {
        if let Some(id) = self.session.take() {
            // Ends the session, which makes chromedriver quit Chromium.
            let _ = webdriver_call(self.port, &format!("/session/{id}"), None);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        kill_processes_using(&self.profile);
        let _ = fs::remove_dir_all(&self.profile);
    }
}

/// Kills every process whose command line names `profile` (this session's Chromium
/// processes, should any outlive chromedriver), one PID at a time.
fn kill_processes_using(profile: &Path) {
    let needle = format!("--user-data-dir={}", profile.display());
    let Ok(entries) = fs::read_dir("/proc") else {
        return;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(cmdline) = fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let mine = cmdline
            .split(|&b| b == 0)
            .any(|arg| arg == needle.as_bytes());
        if mine {
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .stderr(Stdio::null())
                .status();
        }
    }
}

/// One headless Chromium session on the served release build.
pub struct Browser {
    client: Client,
    driver: Driver,
    base: String,
    name: String,
    /// Console entries read from chromedriver (which hands each out once) but not yet
    /// returned by [`Browser::console_messages`].
    console: Mutex<Vec<String>>,
    /// The viewport width last asked for ([`Browser::set_viewport`]), in CSS pixels.
    viewport_width: AtomicU32,
}

/// The WebDriver capabilities of a fresh headless Chromium using the `profile` folder.
fn chromium_capabilities(profile: &Path) -> Value {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_owned());
    json!({
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": chromium,
            "args": [
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--hide-scrollbars",
                "--window-size=1280,900",
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                format!("--user-data-dir={}", profile.display()),
            ],
        },
        "goog:loggingPrefs": { "browser": "ALL" },
    })
}

impl Browser {
    /// Starts chromedriver and a fresh headless Chromium; `name` labels its profile folder,
    /// logs and screenshots. Also starts the static server if this binary has not yet.
    pub async fn open(name: &str) -> Browser {
        Browser::open_at(name, site().to_owned()).await
    }

    /// Like [`Browser::open`], on another static server (`base`, from [`serve_dir`]): a site
    /// that serves test data beside the build.
    pub async fn open_at(name: &str, base: String) -> Browser {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let work = target_dir().join("e2e");
        let seq = COUNTER.fetch_add(1, Ordering::Relaxed);
        let profile = work.join(format!("profile-{name}-{}-{seq}", std::process::id()));
        let _ = fs::remove_dir_all(&profile);
        fs::create_dir_all(&profile).expect("create the Chromium profile folder");

        let port = free_port();
        let log = fs::File::create(work.join(format!("chromedriver-{name}.log")))
            .expect("create the chromedriver log");
        let chromedriver =
            std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".to_owned());
        let child = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .arg("--allowed-ips=127.0.0.1")
            .arg(format!(
                "--log-path={}",
                work.join(format!("chromedriver-{name}.verbose.log"))
                    .display()
            ))
            .arg("--log-level=INFO")
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("clone the log handle"))
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| {
                panic!("cannot start `{chromedriver}` ({e}): run scripts/setup.sh browser")
            });
        let mut driver = Driver {
            child,
            port,
            session: None,
            profile: profile.clone(),
        };
        wait_for_port(&mut driver);

        let capabilities = chromium_capabilities(&profile);
        let Value::Object(capabilities) = capabilities else {
            unreachable!("capabilities are a JSON object")
        };
        // On a cold, busy machine chromedriver has been seen to drop the very first
        // connection; retry a few times before giving up.
        let mut builder = ClientBuilder::new(HttpConnector::new());
        builder.capabilities(capabilities);
        let url = format!("http://127.0.0.1:{port}");
        let mut attempt = 1;
        let client = loop {
            match builder.connect(&url).await {
                Ok(client) => break client,
                Err(e) if attempt < 3 => {
                    eprintln!("[e2e] {name}: new session attempt {attempt} failed ({e}); retrying");
                    attempt += 1;
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
                Err(e) => panic!(
                    "cannot open a Chromium session via chromedriver: {e} \
                     (see {}/chromedriver-{name}.log)",
                    work.display()
                ),
            }
        };
        driver.session = client
            .session_id()
            .await
            .expect("the session id")
            .map(|id| id.to_string());
        Browser {
            client,
            driver,
            base,
            name: name.to_owned(),
            console: Mutex::new(Vec::new()),
            viewport_width: AtomicU32::new(1280),
        }
    }

    /// The fantoccini client, for anything the helpers do not cover.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// The static server's base URL, e.g. `http://127.0.0.1:41234`.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// Opens `path` and waits for `ready`, where the page is expected to log errors on the way
    /// (a file blocked on purpose): no console check.
    pub async fn open_page_expecting_errors(&self, path: &str, ready: &str) {
        let url = format!("{}{path}", self.base);
        self.client
            .goto(&url)
            .await
            .unwrap_or_else(|e| panic!("cannot open {url}: {e}"));
        self.wait_for_js(ready, &format!("document.querySelector({ready:?})"))
            .await;
    }

    /// Whether the page's wasm file has finished loading (a resource timing entry).
    async fn wasm_loaded(&self) -> bool {
        self.js(
            "return performance.getEntriesByType('resource').some(e => e.name.endsWith('.wasm'));",
        )
        .await
        .as_bool()
        .unwrap_or(false)
    }

    /// Opens `path` (e.g. `/`) on the static server and waits until the app has rendered
    /// `ready` (a CSS selector). Fails at once if the console reports an error meanwhile
    /// (a wasm panic, a blocked script, a missing file).
    pub async fn open_page(&self, path: &str, ready: &str) {
        let url = format!("{}{path}", self.base);
        self.client
            .goto(&url)
            .await
            .unwrap_or_else(|e| panic!("cannot open {url}: {e}"));
        let mut start = Instant::now();
        let mut reloaded = false;
        loop {
            if !reloaded && start.elapsed() > WASM_STALL && !self.wasm_loaded().await {
                // A harness fault, not the page's: the wasm's request to the test server
                // sometimes never completes (seen about once in four full runs, in different
                // tests, every other file loaded and the console empty). Loaded again once.
                eprintln!("{url}: the wasm did not load within {WASM_STALL:?}; reloading once");
                reloaded = true;
                start = Instant::now();
                self.client
                    .goto(&url)
                    .await
                    .unwrap_or_else(|e| panic!("cannot open {url}: {e}"));
            }
            if self.client.find(Locator::Css(ready)).await.is_ok() {
                // The sections under the answer are built a frame after it, the last one
                // "How this is computed" (#about).
                self.wait_for_js(
                    "the sections under the answer",
                    "!document.getElementById('about') || document.querySelector('#about h2')",
                )
                .await;
                return;
            }
            let fresh = self.read_browser_log();
            let severe: Vec<&String> = fresh.iter().filter(|m| m.starts_with("SEVERE")).collect();
            assert!(
                severe.is_empty(),
                "{url}: console errors before `{ready}` appeared:\n{}",
                severe
                    .iter()
                    .map(|m| m.as_str())
                    .collect::<Vec<_>>()
                    .join("\n")
            );
            self.console.lock().expect("console buffer").extend(fresh);
            if start.elapsed() >= PAGE_LOAD_TIMEOUT {
                let shown = self
                    .client
                    .execute(
                        "return document.readyState + ' | files loaded: ' + \
                         performance.getEntriesByType('resource').map(e => \
                           e.name.split('/').pop() + ' at ' + Math.round(e.responseEnd) + ' ms') \
                         .join(', ') + ' | ' + \
                         (document.body ? document.body.innerText.slice(0, 400) : '(no body)')",
                        vec![],
                    )
                    .await
                    .map_or_else(
                        |e| format!("(cannot read the page: {e})"),
                        |v| v.to_string(),
                    );
                panic!(
                    "{url}: `{ready}` did not appear within {PAGE_LOAD_TIMEOUT:?}; \
                     console: {:?}; the page showed: {shown}",
                    self.console_messages()
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The first element matching `css`; panics when there is none.
    pub async fn element(&self, css: &str) -> fantoccini::elements::Element {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element matches `{css}`: {e}"))
    }

    /// The page title.
    pub async fn title(&self) -> String {
        self.client.title().await.expect("the page title")
    }

    /// The rendered text of the first element matching `css`.
    pub async fn text(&self, css: &str) -> String {
        self.element(css)
            .await
            .text()
            .await
            .unwrap_or_else(|e| panic!("cannot read the text of `{css}`: {e}"))
    }

    /// Replaces the value of the input matching `css` by typing `text` into it as a person
    /// would: select what is there, Backspace, then each character (an `input` event each).
    pub async fn type_into(&self, css: &str, text: &str) {
        let input = self.element(css).await;
        input.click().await.expect("focus the input");
        self.client
            .execute(
                "arguments[0].select();",
                vec![serde_json::to_value(&input).expect("an element reference")],
            )
            .await
            .expect("select the input's text");
        let keys = format!("{}{text}", char::from(Key::Backspace));
        input.send_keys(&keys).await.expect("type into the input");
    }

    /// The rendered text of the first element matching `css`, or `None` if there is none.
    pub async fn text_opt(&self, css: &str) -> Option<String> {
        match self.client.find(Locator::Css(css)).await {
            Ok(element) => element.text().await.ok(),
            Err(_) => None,
        }
    }

    /// Waits until the text of `css` equals `expected` (a missing element counts as a
    /// mismatch); panics with the last text seen.
    pub async fn wait_for_text(&self, css: &str, expected: &str) {
        poll_until(
            || self.text_opt(css),
            |text| text.as_deref() == Some(expected),
            |text| format!("`{css}` shows {text:?}, expected {expected:?}"),
        )
        .await;
    }

    /// Waits until the text of `css` contains every one of `needles`; returns the text.
    pub async fn wait_for_text_containing(&self, css: &str, needles: &[&str]) -> String {
        poll_until(
            || self.text_opt(css),
            |text| {
                text.as_ref()
                    .is_some_and(|t| needles.iter().all(|n| t.contains(n)))
            },
            |text| format!("`{css}` shows {text:?}, expected it to contain {needles:?}"),
        )
        .await
        .unwrap_or_default()
    }

    /// Waits until the JavaScript expression `condition` is truthy; `what` describes it
    /// for the panic message.
    pub async fn wait_for_js(&self, what: &str, condition: &str) {
        let script = format!("return !!({condition});");
        poll_until(
            || self.js(&script),
            |v| v.as_bool() == Some(true),
            |_| format!("{what} (`{condition}`) never held"),
        )
        .await;
    }

    /// Whether any element matches `css`.
    pub async fn exists(&self, css: &str) -> bool {
        self.client
            .find_all(Locator::Css(css))
            .await
            .map(|all| !all.is_empty())
            .unwrap_or(false)
    }

    /// How many elements match `css`.
    pub async fn count(&self, css: &str) -> usize {
        self.client
            .find_all(Locator::Css(css))
            .await
            .map(|all| all.len())
            .unwrap_or(0)
    }

    /// Clicks the element matching `css` (a real WebDriver click: it must be visible).
    pub async fn click(&self, css: &str) {
        self.element(css)
            .await
            .click()
            .await
            .unwrap_or_else(|e| panic!("cannot click `{css}`: {e}"));
    }

    /// The attribute `name` of the first element matching `css` (`None` when absent).
    pub async fn attr(&self, css: &str, name: &str) -> Option<String> {
        self.element(css)
            .await
            .attr(name)
            .await
            .unwrap_or_else(|e| panic!("cannot read {name} of `{css}`: {e}"))
    }

    /// Waits until the attribute `name` of `css` equals `expected`.
    pub async fn wait_for_attr(&self, css: &str, name: &str, expected: &str) {
        poll_until(
            || self.attr(css, name),
            |value| value.as_deref() == Some(expected),
            |value| format!("`{css}` has {name}={value:?}, expected {expected:?}"),
        )
        .await;
    }

    /// The current value of the input or select matching `css` (the `value` property).
    pub async fn value(&self, css: &str) -> String {
        self.element(css)
            .await
            .prop("value")
            .await
            .unwrap_or_else(|e| panic!("cannot read the value of `{css}`: {e}"))
            .unwrap_or_default()
    }

    /// Chooses the option with `value` in the select matching `css` (fires `change`).
    pub async fn select(&self, css: &str, value: &str) {
        self.element(css)
            .await
            .select_by_value(value)
            .await
            .unwrap_or_else(|e| panic!("cannot choose {value:?} in `{css}`: {e}"));
    }

    /// The address's query string, without `?`, once the next frame is painted (the page writes
    /// a keystroke's query then, app's `browser::replace_query`).
    pub async fn query(&self) -> String {
        self.client
            .execute_async(
                "const done = arguments[arguments.length - 1];\
                 requestAnimationFrame(() => setTimeout(() =>\
                   done(location.search.replace(/^\\?/, ''))));",
                Vec::new(),
            )
            .await
            .expect("read the address")
            .as_str()
            .expect("location.search is a string")
            .to_owned()
    }

    /// Waits until the address's query string equals `expected` (without `?`).
    pub async fn wait_for_query(&self, expected: &str) {
        poll_until(
            || self.query(),
            |query| query == expected,
            |query| format!("the address has ?{query}, expected ?{expected}"),
        )
        .await;
    }

    /// `history.length`: how many entries this tab's session history holds.
    pub async fn history_length(&self) -> u64 {
        self.js("return history.length;")
            .await
            .as_u64()
            .expect("history.length is a number")
    }

    /// Runs a JavaScript function body (use `return`) in the page and returns its result.
    pub async fn js(&self, body: &str) -> Value {
        self.client
            .execute(body, Vec::new())
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{body}"))
    }

    /// Browser console entries (console calls, uncaught errors, failed requests, CSP
    /// violations) logged since the last call, as `LEVEL source: message`.
    pub fn console_messages(&self) -> Vec<String> {
        let mut messages = std::mem::take(&mut *self.console.lock().expect("console buffer"));
        messages.extend(self.read_browser_log());
        messages
    }

    /// Reads (and so consumes) chromedriver's browser log.
    fn read_browser_log(&self) -> Vec<String> {
        let Some(id) = self.driver.session.as_deref() else {
            return Vec::new();
        };
        let reply = webdriver_call(
            self.driver.port,
            &format!("/session/{id}/se/log"),
            Some(&json!({ "type": "browser" })),
        )
        .expect("read the browser log from chromedriver");
        reply["value"]
            .as_array()
            .unwrap_or_else(|| panic!("unexpected browser log reply: {reply}"))
            .iter()
            .map(|entry| {
                format!(
                    "{} {}: {}",
                    entry["level"].as_str().unwrap_or("?"),
                    entry["source"].as_str().unwrap_or("?"),
                    entry["message"].as_str().unwrap_or("?")
                )
            })
            .collect()
    }

    /// Console entries at warning level or above since the last call.
    pub fn console_errors(&self) -> Vec<String> {
        self.console_messages()
            .into_iter()
            .filter(|m| m.starts_with("SEVERE") || m.starts_with("WARNING"))
            .collect()
    }

    /// Panics if the console has warnings or errors since the last check.
    pub fn assert_clean_console(&self) {
        let errors = self.console_errors();
        assert!(errors.is_empty(), "console errors:\n{}", errors.join("\n"));
    }

    /// Every URL the page loaded: the document and each resource (Resource Timing).
    pub async fn loaded_urls(&self) -> Vec<String> {
        let urls = self
            .js("return [location.href].concat(\
                   performance.getEntriesByType('navigation').map(e => e.name),\
                   performance.getEntriesByType('resource').map(e => e.name));")
            .await;
        urls.as_array()
            .expect("a list of URLs")
            .iter()
            .map(|u| u.as_str().unwrap_or_default().to_owned())
            .collect()
    }

    /// Panics unless every loaded URL is on the 127.0.0.1 static server (or `data:`/`blob:`).
    pub async fn assert_all_requests_local(&self) {
        let local = format!("{}/", self.base);
        let foreign: Vec<String> = self
            .loaded_urls()
            .await
            .into_iter()
            .filter(|u| {
                !(u.starts_with(&local) || u.starts_with("data:") || u.starts_with("blob:"))
            })
            .collect();
        assert!(foreign.is_empty(), "requests left {local}: {foreign:?}");
    }

    /// Runs a Chrome DevTools Protocol command through chromedriver.
    pub fn cdp(&self, cmd: &str, params: Value) -> Value {
        let id = self.driver.session.as_deref().expect("an open session");
        webdriver_call(
            self.driver.port,
            &format!("/session/{id}/goog/cdp/execute"),
            Some(&json!({ "cmd": cmd, "params": params })),
        )
        .unwrap_or_else(|e| panic!("CDP {cmd} failed: {e}"))
    }

    /// The system clipboard's text, read through the page (clipboard permission granted).
    pub async fn clipboard_text(&self) -> String {
        self.cdp(
            "Browser.grantPermissions",
            json!({ "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"] }),
        );
        let text = self
            .client
            .execute_async(
                "const done = arguments[arguments.length - 1];\
                 navigator.clipboard.readText().then(done, e => done({ error: String(e) }));",
                Vec::new(),
            )
            .await
            .expect("read the clipboard");
        text.as_str()
            .unwrap_or_else(|| panic!("cannot read the clipboard: {text}"))
            .to_owned()
    }

    /// Resizes the viewport to `width` × `height` CSS pixels (a phone below 600 px).
    ///
    /// A phone's layout viewport grows to fit content wider than the screen (the page is then
    /// shown zoomed out), so `innerWidth` may exceed `width`: [`Browser::overflows_horizontally`]
    /// and [`Browser::elements_past_right_edge`] measure against `width` itself.
    pub async fn set_viewport(&self, width: u32, height: u32) {
        self.viewport_width.store(width, Ordering::Relaxed);
        // A desktop window cannot be narrower than ~500 px, so emulate device metrics.
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({
                "width": width,
                "height": height,
                "deviceScaleFactor": 1,
                "mobile": width < 600,
            }),
        );
        let inner = self.js("return window.innerWidth;").await;
        assert!(
            inner.as_u64().is_some_and(|w| w >= u64::from(width)),
            "viewport width {inner}, asked for {width}"
        );
    }

    /// Emulates `prefers-color-scheme: light` or `dark`.
    pub async fn set_color_scheme(&self, scheme: &str) {
        self.cdp(
            "Emulation.setEmulatedMedia",
            json!({ "features": [{ "name": "prefers-color-scheme", "value": scheme }] }),
        );
        let query = format!("return matchMedia('(prefers-color-scheme: {scheme})').matches;");
        assert_eq!(
            self.js(&query).await.as_bool(),
            Some(true),
            "{scheme} scheme"
        );
    }

    /// Saves a PNG screenshot of the viewport at `width` CSS pixels to
    /// `target/screenshots/<name>-<width>.png` and returns its path.
    pub async fn screenshot(&self, name: &str, width: u32) -> PathBuf {
        self.set_viewport(width, 900).await;
        let png = self.client.screenshot().await.expect("take a screenshot");
        assert!(png.starts_with(b"\x89PNG"), "screenshot is not a PNG");
        let dir = target_dir().join("screenshots");
        fs::create_dir_all(&dir).expect("create target/screenshots");
        let path = dir.join(format!("{name}-{width}.png"));
        fs::write(&path, png).expect("write the screenshot");
        path
    }

    /// Screenshots of the element `id` scrolled into view, in light and dark at 1280 and 375
    /// px (`<name>[-dark]-<width>.png`), each checked for a sideways scroll; light and 1280 px
    /// after.
    pub async fn screenshots_of(&self, id: &str, name: &str) {
        for scheme in ["light", "dark"] {
            self.set_color_scheme(scheme).await;
            for width in [1280, 375] {
                self.set_viewport(width, 900).await;
                self.js(&format!(
                    "document.getElementById('{id}').scrollIntoView(); return true;"
                ))
                .await;
                let suffix = if scheme == "dark" { "-dark" } else { "" };
                self.screenshot(&format!("{name}{suffix}"), width).await;
                assert!(
                    !self.overflows_horizontally().await,
                    "{name}: sideways scroll at {width} px ({scheme})"
                );
            }
        }
        self.set_color_scheme("light").await;
        self.set_viewport(1280, 900).await;
    }

    /// Saves a PNG of the whole page (not just the viewport) at `width` CSS pixels to
    /// `target/screenshots/<name>-<width>.png` and returns its path. The viewport is left
    /// `width` wide and as tall as the page.
    pub async fn screenshot_full_page(&self, name: &str, width: u32) -> PathBuf {
        // Lay the page out at this width first, then make the viewport as tall as the page.
        self.set_viewport(width, 900).await;
        let height = self
            .js("return Math.ceil(document.documentElement.scrollHeight);")
            .await
            .as_u64()
            .and_then(|h| u32::try_from(h).ok())
            .expect("the page height");
        self.set_viewport(width, height.clamp(900, 16_000)).await;
        let png = self.client.screenshot().await.expect("take a screenshot");
        assert!(png.starts_with(b"\x89PNG"), "screenshot is not a PNG");
        let dir = target_dir().join("screenshots");
        fs::create_dir_all(&dir).expect("create target/screenshots");
        let path = dir.join(format!("{name}-{width}.png"));
        fs::write(&path, png).expect("write the screenshot");
        path
    }

    /// The outermost elements (as `tag#id.class right=…`) whose right edge passes the viewport's
    /// (the width last given to [`Browser::set_viewport`]), other
    /// than those inside a box (below `<body>`) that scrolls sideways on its own, such as a
    /// wide table's wrapper, or clips. Content cut off by `<body>` or `<html>` counts.
    pub async fn elements_past_right_edge(&self) -> Vec<String> {
        let width = self.viewport_width.load(Ordering::Relaxed);
        let script = format!("const w = {width};")
            + "const clipped = el => { for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {\
                   const o = getComputedStyle(p).overflowX;\
                   if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true; }\
                   return false; };\
                 const out = [], past = new Set();\
                 for (const el of document.body.querySelectorAll('*')) {\
                   const r = el.getBoundingClientRect();\
                   if (r.width === 0 || r.right <= w + 0.5 || clipped(el)) continue;\
                   past.add(el);\
                   if (past.has(el.parentElement)) continue;\
                   const cls = typeof el.className === 'string' && el.className\
                     ? '.' + el.className.trim().split(/\\s+/).join('.') : '';\
                   out.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + cls\
                     + ' right=' + Math.round(r.right));\
                 }\
                 return out;";
        let found = self.js(&script).await;
        found
            .as_array()
            .expect("a list")
            .iter()
            .map(|v| v.as_str().unwrap_or_default().to_owned())
            .collect()
    }

    /// Does the page overflow horizontally (a sideways scrollbar)?
    pub async fn overflows_horizontally(&self) -> bool {
        let width = self.viewport_width.load(Ordering::Relaxed);
        self.js(&format!(
            "return document.documentElement.scrollWidth > {width};"
        ))
        .await
        .as_bool()
        .unwrap_or(true)
    }

    /// Ends the session and stops chromedriver (dropping does the same, less politely).
    pub async fn close(mut self) {
        if self.client.clone().close().await.is_ok() {
            self.driver.session = None;
        }
    }
}

/// Reads with `read` every 50 ms until `done` accepts what it read, and returns that; after
/// [`TIMEOUT`] panics with `failure` of the last reading. Every `wait_for_*` is this.
pub async fn poll_until<T, F>(
    mut read: impl FnMut() -> F,
    done: impl Fn(&T) -> bool,
    failure: impl Fn(&T) -> String,
) -> T
where
    F: std::future::Future<Output = T>,
{
    let start = Instant::now();
    loop {
        let value = read().await;
        if done(&value) {
            return value;
        }
        assert!(
            start.elapsed() < TIMEOUT,
            "{} (waited {TIMEOUT:?})",
            failure(&value)
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until chromedriver accepts connections; panics if it exits or takes too long.
fn wait_for_port(driver: &mut Driver) {
    let start = Instant::now();
    while TcpStream::connect((Ipv4Addr::LOCALHOST, driver.port)).is_err() {
        if let Ok(Some(status)) = driver.child.try_wait() {
            panic!("chromedriver exited at start-up ({status}); see target/e2e/chromedriver-*.log");
        }
        assert!(
            start.elapsed() < TIMEOUT,
            "chromedriver did not listen on 127.0.0.1:{} within {TIMEOUT:?}",
            driver.port
        );
        thread::sleep(Duration::from_millis(25));
    }
}
