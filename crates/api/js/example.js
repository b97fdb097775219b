// The JS API's example: plan() of what is typed, the answer, the diagnostics and the command.
import init, { plan } from "./spark_sizer.js";

const $ = (id) => document.getElementById(id);

/** Whether text reads as a share link or its query: a URL, `?…`, or `key=value` pairs. */
function isLinkOrQuery(text) {
  if (text === "" || text.startsWith("?") || text.includes("://")) return true;
  return text.split("&").every((pair) => pair === "" || pair.includes("="));
}

/**
 * The typed text as plan()'s input (`{ value }`): a JSON object when it starts as one, a link
 * or query when it reads as one; else `{ error }`, which says what was expected.
 */
function inputOf(text) {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    try {
      return { value: JSON.parse(trimmed) };
    } catch (error) {
      return { error: `Not a JSON object of fields: ${error.message}` };
    }
  }
  if (isLinkOrQuery(trimmed)) return { value: trimmed };
  return {
    error: `"${trimmed}" is not a share link, a query (?v=1&c=32) or a JSON object of fields ` +
      '({"c": 32}).',
  };
}

/** A heap in GiB when it is whole GiB, else in MiB. */
function memory(mib) {
  return mib % 1024 === 0 ? `${mib / 1024} GiB` : `${mib} MiB`;
}

/** "1 core", "5 cores". */
function count(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

/** What runs; on EMR, whose merged executors differ from the requests, what was asked too. */
function headline(plan) {
  const asked = `${count(plan.executors, "executor", "executors")} × ` +
    `${count(plan.cores_per_executor, "core", "cores")} × ${memory(plan.heap_mib)}`;
  const launched = plan.containers.filter((c) => c.role === "executor-launched");
  if (launched.length === 0) return asked;
  const largest = launched.length > 1 ? " (the largest)" : "";
  return `EMR runs ${count(plan.executors_running, "executor", "executors")} × ` +
    `${count(launched[0].cores, "core", "cores")} × ` +
    `${memory(launched[0].heap_mib)}${largest}; asked: ${asked}`;
}

/** One diagnostic as a list item. */
function item(d) {
  const li = document.createElement("li");
  li.className = d.severity;
  li.dataset.code = d.code;
  li.textContent = `${d.severity}${d.field ? ` (${d.field})` : ""}: ${d.message}`;
  return li;
}

function show(text) {
  const input = inputOf(text);
  const result = input.error === undefined ? plan(input.value) : null;
  const selected = result?.plans.find((p) => p.selected);
  $("headline").textContent = selected ? headline(selected) : "No plan: see below.";
  const diagnostics = result === null
    ? [{ code: "not-an-input", severity: "error", message: input.error }]
    : result.diagnostics.concat(selected ? selected.warnings : []);
  $("diagnostics").replaceChildren(...diagnostics.map(item));
  // No export heading without its export, no stale result.
  $("submit-section").hidden = !selected;
  $("submit").textContent = selected ? selected.exports.spark_submit : "";
  $("whole").hidden = result === null;
  $("result").textContent = result === null ? "" : JSON.stringify(result, null, 2);
}

await init();
$("form").addEventListener("submit", (event) => {
  event.preventDefault();
  show($("input").value);
});
show($("input").value);
