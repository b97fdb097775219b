// The JS API's example: plan() of what is typed, the answer, the diagnostics and the command.
import init, { plan } from "./spark_sizer.js";

const $ = (id) => document.getElementById(id);

/** The typed text as plan()'s input: a JSON object when it reads as one, else a link or query. */
function inputOf(text) {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return trimmed;
  try {
    return JSON.parse(trimmed);
  } catch (error) {
    return { error: `Not a JSON object: ${error.message}` };
  }
}

/** A heap in GiB when it is whole GiB, else in MiB. */
function memory(mib) {
  return mib % 1024 === 0 ? `${mib / 1024} GiB` : `${mib} MiB`;
}

/** What runs; on EMR, whose merged executors differ from the requests, what was asked too. */
function headline(plan) {
  const asked = `${plan.executors} executors × ${plan.cores_per_executor} cores × ${memory(plan.heap_mib)}`;
  const launched = plan.containers.filter((c) => c.role === "executor-launched");
  if (launched.length === 0) return asked;
  const largest = launched.length > 1 ? " (the largest)" : "";
  return `EMR runs ${plan.executors_running} executors × ${launched[0].cores} cores × ` +
    `${memory(launched[0].heap_mib)}${largest}; asked: ${asked}`;
}

function show(text) {
  const input = inputOf(text);
  const result = input.error === undefined ? plan(input) : null;
  const list = $("diagnostics");
  list.replaceChildren();
  if (result === null) {
    $("headline").textContent = input.error;
    return;
  }
  const selected = result.plans.find((p) => p.selected);
  $("headline").textContent = selected ? headline(selected) : "No plan: see below.";
  for (const d of result.diagnostics.concat(selected ? selected.warnings : [])) {
    const item = document.createElement("li");
    item.className = d.severity;
    item.dataset.code = d.code;
    item.textContent = `${d.severity}${d.field ? ` (${d.field})` : ""}: ${d.message}`;
    list.append(item);
  }
  $("submit").textContent = selected ? selected.exports.spark_submit : "";
  $("result").textContent = JSON.stringify(result, null, 2);
}

await init();
$("form").addEventListener("submit", (event) => {
  event.preventDefault();
  show($("input").value);
});
show($("input").value);
