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
  $("headline").textContent = selected
    ? `${selected.executors} executors × ${selected.cores_per_executor} cores × ${memory(selected.heap_mib)}`
    : "No plan: see below.";
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
