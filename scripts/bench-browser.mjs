// The browser speed benchmark's driver (run by scripts/bench-browser.sh, which builds the pages).
// Serves each page from its own 127.0.0.1 port, drives headless Chromium through chromedriver's
// WebDriver API (plain HTTP with fetch) and writes the figures into BENCHMARKS.md between
// the markers `<!-- bench-browser:begin -->` and `<!-- bench-browser:end -->`.
//
// Usage: node scripts/bench-browser.mjs CONFIG.json
//   CONFIG: { rounds, inputs, benchmarks, profiles, chromium, chromedriver, label,
//             pages: [{ name, label, dir, sizeExclude, csp, path, answer, input, inputIndex,
//                      values, setup, note }] }
//
// Method (BENCHMARKS.md, "Browser speed"): every navigation is a new WebDriver session, so a new
// Chromium with a fresh --user-data-dir (cold HTTP cache, cold compiled-code cache). A probe
// added with CDP Page.addScriptToEvaluateOnNewDocument runs before the page's own scripts: a
// MutationObserver notes when the answer's element first holds text, then the first frame after
// it (requestAnimationFrame, then a MessageChannel message, which runs once that frame is done).
// First contentful paint is Chromium's own paint timing entry. Input → DOM: set the input's value
// and dispatch an `input` event, then the time of the last MutationObserver callback before the
// next frame; input → next frame: when the main thread is done with that frame
// (requestAnimationFrame, then a MessageChannel message); input → all updated: the last
// MutationObserver callback within the two frames after that (what a page updates a frame
// late, as this page's sections under the answer, counts here).

import { createServer } from "node:http";
import { readFileSync, writeFileSync, readdirSync, statSync, mkdirSync, rmSync } from "node:fs";
import { spawn, execSync } from "node:child_process";
import { join, extname, normalize, relative } from "node:path";
import { brotliCompressSync, constants as zc } from "node:zlib";
import { createServer as createNetServer } from "node:net";
import { cpus } from "node:os";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".ico": "image/x-icon",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

/// Every file under `dir` (relative paths).
function files(dir, base = dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, base) : [relative(base, path)];
  });
}

/// The page's transfer compressed with brotli (quality 11, as scripts/size-gate.sh), without
/// the files it never fetches (source maps, the JS API folder).
function brotliBytes(page) {
  const exclude = (page.sizeExclude || []).map((p) => new RegExp(p));
  return files(page.dir)
    .filter((f) => !exclude.some((re) => re.test(f)))
    .reduce((sum, f) => {
      const body = readFileSync(join(page.dir, f));
      return sum + brotliCompressSync(body, { params: { [zc.BROTLI_PARAM_QUALITY]: 11 } }).length;
    }, 0);
}

function freePort() {
  return new Promise((resolve) => {
    const s = createNetServer().listen(0, "127.0.0.1", () => {
      const port = s.address().port;
      s.close(() => resolve(port));
    });
  });
}

/// A static server for one page: no caching, the page's CSP when it has one.
async function serve(page) {
  const port = await freePort();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    let file = normalize(join(page.dir, path));
    if (!file.startsWith(page.dir)) file = "";
    try {
      if (file && statSync(file).isDirectory()) file = join(file, "index.html");
      const body = readFileSync(file);
      const headers = {
        "Content-Type": TYPES[extname(file)] || "application/octet-stream",
        "Cache-Control": "no-store",
      };
      if (page.csp) headers["Content-Security-Policy"] = page.csp;
      res.writeHead(200, headers).end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise((r) => server.listen(port, "127.0.0.1", r));
  return { server, base: `http://127.0.0.1:${port}` };
}

async function webdriver(port, method, path, body) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${JSON.stringify(json.value).slice(0, 400)}`);
  return json.value;
}

// Runs in the page before its own scripts: when does the answer appear and get painted? The
// answer is painted when Chromium presents the frame holding its text: the probe marks the
// block that holds its text with `elementtiming` as soon as it is in the DOM (a
// MutationObserver callback runs before the next frame), and Element Timing reports its render
// time. Same clock as paint timing (presentation), so it compares with first contentful paint.
const PROBE = (answer) => `
  (() => {
    const bench = (window.__bench = { answerDom: null, answerPainted: null, frameAfter: null });
    const ownText = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.data.trim() !== "");
    const look = () => {
      if (bench.answerDom !== null) return;
      const el = document.querySelector(${JSON.stringify(answer)});
      if (el && el.textContent.trim() !== "") {
        bench.answerDom = performance.now();
        observer.disconnect();
        // Chromium times text by its block container: mark the block that holds the text.
        let holder = ownText(el) ? el : [...el.querySelectorAll("*")].find(ownText) || el;
        while (holder.parentElement && getComputedStyle(holder).display.startsWith("inline")) {
          holder = holder.parentElement;
        }
        holder.setAttribute("elementtiming", "bench-answer");
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => (bench.frameAfter = performance.now());
          channel.port2.postMessage(0);
        });
      }
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.identifier === "bench-answer" && bench.answerPainted === null) {
          bench.answerPainted = e.renderTime || e.loadTime;
        }
      }
    }).observe({ type: "element", buffered: true });
    const observer = new MutationObserver(look);
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  })();`;

// Waits for the probe's figures and the paint timing entry (async script).
const LOAD_FIGURES = `
  const done = arguments[arguments.length - 1];
  const poll = () => {
    const fcp = performance.getEntriesByName("first-contentful-paint")[0];
    const b = window.__bench;
    if (fcp && b && b.answerPainted !== null && b.frameAfter !== null) {
      done({ fcp: fcp.startTime, answerDom: b.answerDom, answerPainted: b.answerPainted });
    } else setTimeout(poll, 20);
  };
  poll();`;

// Types `values` one after another into `input` (async script): each an input event, timed.
const INPUT_FIGURES = `
  const [selector, index, values, answer] = arguments;
  const done = arguments[arguments.length - 1];
  const el = document.querySelectorAll(selector)[index];
  const afterNextFrame = () => new Promise((resolve) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(0);
  }));
  // The last change anywhere, and the last inside the answer's element (or of the element
  // itself: a page may replace it).
  let last = null, answerLast = null;
  const inAnswer = (node) => {
    const a = document.querySelector(answer);
    return a !== null && (a.contains(node) || node.contains(a));
  };
  const observer = new MutationObserver((records) => {
    last = performance.now();
    if (records.some((r) => inAnswer(r.target))) answerLast = last;
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  (async () => {
    const out = [];
    for (const value of values) {
      await afterNextFrame();
      await afterNextFrame();
      last = null;
      answerLast = null;
      const t0 = performance.now();
      el.value = value;
      el.dispatchEvent(new Event("input", { bubbles: true }));
      const painted = await afterNextFrame();
      const dom = last === null ? null : last - t0;
      const answerDom = answerLast === null ? null : answerLast - t0;
      // What is updated a frame later (this page's sections under the answer) counts here.
      await afterNextFrame();
      await afterNextFrame();
      out.push({ dom, answer: answerDom, painted: painted - t0, all: last === null ? null : last - t0 });
    }
    observer.disconnect();
    done(out);
  })();`;

function capabilities(profile) {
  return {
    capabilities: {
      alwaysMatch: {
        browserName: "chrome",
        "goog:chromeOptions": {
          binary: config.chromium,
          args: [
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
            `--user-data-dir=${profile}`,
          ],
        },
      },
    },
  };
}

/// One cold navigation to `page` in a new Chromium under the network `condition` (none: as
/// fast as 127.0.0.1 serves), then the typing test.
async function measure(port, page, base, seq, condition) {
  const profile = join(config.profiles, `${page.name}-${seq}`);
  rmSync(profile, { recursive: true, force: true });
  mkdirSync(profile, { recursive: true });
  const session = await webdriver(port, "POST", "/session", capabilities(profile));
  const id = session.sessionId;
  try {
    await webdriver(port, "POST", `/session/${id}/timeouts`, { script: 60000, pageLoad: 60000 });
    await webdriver(port, "POST", `/session/${id}/goog/cdp/execute`, {
      cmd: "Page.addScriptToEvaluateOnNewDocument",
      params: { source: PROBE(page.answer) },
    });
    if (condition.latency !== undefined) {
      // Chromium's own network emulation: each request waits `latency` ms for its response
      // headers, and bytes flow at the given rates (bytes per second).
      const cdp = (cmd, params) =>
        webdriver(port, "POST", `/session/${id}/goog/cdp/execute`, { cmd, params });
      await cdp("Network.enable", {});
      await cdp("Network.emulateNetworkConditions", {
        offline: false,
        latency: condition.latency,
        downloadThroughput: condition.bytesPerSecond,
        uploadThroughput: condition.bytesPerSecond,
      });
    }
    await webdriver(port, "POST", `/session/${id}/url`, { url: base + page.path });
    const load = await webdriver(port, "POST", `/session/${id}/execute/async`, {
      script: LOAD_FIGURES,
      args: [],
    });
    if (page.setup) {
      // A setup that did not get the page where it measures (false) makes the figures wrong.
      const ready = await webdriver(port, "POST", `/session/${id}/execute/async`, { script: page.setup, args: [] });
      if (ready === false) throw new Error(`${page.name}: the setup did not finish`);
    }
    const values = Array.from({ length: config.inputs }, (_, i) => page.values[i % page.values.length]);
    const inputs = await webdriver(port, "POST", `/session/${id}/execute/async`, {
      script: INPUT_FIGURES,
      args: [page.input, page.inputIndex || 0, values, page.answer],
    });
    return { load, inputs };
  } finally {
    await webdriver(port, "DELETE", `/session/${id}`).catch(() => {});
    rmSync(profile, { recursive: true, force: true });
  }
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const ms = (x) => (x === undefined || Number.isNaN(x) ? "–" : x < 10 ? x.toFixed(1) : x.toFixed(0));
const pair = (xs) => (xs.length ? `${ms(median(xs))} / ${ms(Math.max(...xs))}` : "–");

function table(results, load, condition) {
  const rows = [
    "| Page | brotli bytes | FCP ms | answer in DOM ms | answer painted ms | input → answer in DOM ms | input → DOM ms | input → next frame ms | input → all updated ms |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const page of config.pages) {
    const r = results[page.name];
    const loads = r.runs.map((x) => x.load);
    const inputs = r.runs.flatMap((x) => x.inputs);
    rows.push(
      `| ${page.label} | ${r.brotli.toLocaleString("en").replace(/,/g, " ")} | ` +
        `${pair(loads.map((l) => l.fcp))} | ${pair(loads.map((l) => l.answerDom))} | ` +
        `${pair(loads.map((l) => l.answerPainted))} | ` +
        `${pair(inputs.map((i) => i.answer).filter((x) => x !== null))} | ` +
        `${pair(inputs.map((i) => i.dom).filter((x) => x !== null))} | ` +
        `${pair(inputs.map((i) => i.painted))} | ` +
        `${pair(inputs.map((i) => i.all).filter((x) => x !== null && x !== undefined))} |`,
    );
  }
  const missing = config.pages
    .map((p) => [p, results[p.name].runs.flatMap((x) => x.inputs).filter((i) => i.dom === null).length])
    .filter(([, n]) => n > 0)
    .map(([p, n]) => `${p.label}: ${n} inputs changed nothing in the DOM`);
  return [
    `**${condition.label}.** ` +
      `Run ${new Date().toISOString().replace(/\.\d+Z$/, "Z")} on ${cpus().length} cores, ` +
      `${config.rounds} cold navigations per page (alternating), ${config.inputs} inputs after each; ` +
      `\`uptime\` before: ${load.before}; after: ${load.after}. ` +
      "Each cell: median / maximum; times from navigation start (load) or from the input event.",
    "",
    ...rows,
    ...(missing.length ? ["", `(${missing.join("; ")}.)`] : []),
    ...config.pages.filter((p) => p.note).map((p) => `\n- ${p.label}: ${p.note}`),
  ].join("\n");
}

function uptime() {
  return execSync("uptime").toString().trim().replace(/^.*load average/, "load average");
}

/// The network conditions measured, each a table: 127.0.0.1 as it is, then a wiki reader on a
/// VPN (10 Mbit/s, 40 ms round trip).
const CONDITIONS = [
  { name: "local", label: "127.0.0.1, no throttling" },
  { name: "vpn", label: "Throttled: 10 Mbit/s, 40 ms round trip", latency: 40, bytesPerSecond: 1250000 },
];

async function main() {
  const sections = [];
  // A configuration may name the conditions it measures (`"conditions": ["local"]`).
  const wanted = config.conditions || CONDITIONS.map((c) => c.name);
  for (const condition of CONDITIONS.filter((c) => wanted.includes(c.name))) {
    sections.push(await measureAll(condition));
  }
  const section = sections.join("\n\n");
  console.log(section);
  if (config.benchmarks) {
    const text = readFileSync(config.benchmarks, "utf8");
    const begin = "<!-- bench-browser:begin -->";
    const end = "<!-- bench-browser:end -->";
    const a = text.indexOf(begin);
    const b = text.indexOf(end);
    if (a < 0 || b < a) throw new Error(`${config.benchmarks} has no ${begin} … ${end} section`);
    writeFileSync(config.benchmarks, text.slice(0, a + begin.length) + "\n" + section + "\n" + text.slice(b));
  }
}

/// Every page, `config.rounds` times alternating, under `condition`: its table.
async function measureAll(condition) {
  const load = { before: uptime() };
  const results = {};
  const served = {};
  for (const page of config.pages) {
    results[page.name] = { brotli: brotliBytes(page), runs: [] };
    served[page.name] = await serve(page);
  }
  const port = await freePort();
  const driver = spawn(config.chromedriver, [`--port=${port}`, "--allowed-ips=127.0.0.1"], {
    stdio: "ignore",
  });
  try {
    for (let i = 0; i < 100; i++) {
      try {
        await webdriver(port, "GET", "/status");
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    let seq = 0;
    for (let round = 1; round <= config.rounds; round++) {
      for (const page of config.pages) {
        const run = await measure(port, page, served[page.name].base, seq++, condition);
        results[page.name].runs.push(run);
        const d = run.inputs.map((i) => i.dom).filter((x) => x !== null);
        console.error(
          `${condition.name} round ${round} ${page.name}: FCP ${ms(run.load.fcp)} answer ${ms(run.load.answerDom)}` +
            ` painted ${ms(run.load.answerPainted)} input→DOM median ${d.length ? ms(median(d)) : "–"}`,
        );
      }
    }
  } finally {
    driver.kill();
    for (const s of Object.values(served)) s.server.close();
  }
  load.after = uptime();
  // Every navigation's and every input's figures, for a look at what a median hides.
  writeFileSync(
    process.argv[2].replace(/(\.json)?$/, `-${condition.name}-results.json`),
    JSON.stringify({ load, results }),
  );
  return table(results, load, condition);
}

await main();
