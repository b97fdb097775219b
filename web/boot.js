// Starts Spark Sizer: imports the wasm-bindgen glue and instantiates the wasm module.
// Trunk.toml's `pattern_script` loads this file instead of Trunk's inline loader, passing
// the hashed file names as data attributes, so a strict Content-Security-Policy
// (script-src 'self' 'wasm-unsafe-eval') works without 'unsafe-inline', hashes or nonces.
// When the planner cannot start (a file missing or blocked, no WebAssembly), the static
// shell in index.html says so instead of "Loading the planner…" forever.

// morphHtml(element, html): the element's content made equal to `html`, touching only the
// nodes that differ (crates/app/src/html.rs). A user's open <details> stays open.
const same = (a, b) => a.nodeName == b.nodeName && a.id == b.id;
const morph = (into, from) => {
  let old = into.firstChild;
  for (let node = from.firstChild, next; node; node = next) {
    next = node.nextSibling;
    // One node removed, or one inserted: the rest stays in step.
    if (old && !same(old, node) && old.nextSibling && same(old.nextSibling, node))
      (old = old.nextSibling).previousSibling.remove();
    if (!old) into.append(node);
    else if (!same(old, node)) next && same(old, next) ? old.before(node) : (old.replaceWith(node), (old = node.nextSibling));
    else {
      if (old.nodeType != 1) old.data != node.data && (old.data = node.data);
      else {
        const keep = (n) => n == "open" && old.localName == "details";
        for (const { name, value } of node.attributes)
          old.getAttribute(name) != value && !keep(name) && old.setAttribute(name, value);
        for (const { name } of [...old.attributes])
          node.hasAttribute(name) || keep(name) || old.removeAttribute(name);
        morph(old, node);
      }
      old = old.nextSibling;
    }
  }
  while (old) {
    const gone = old;
    old = old.nextSibling;
    gone.remove();
  }
};
globalThis.morphHtml = (element, html) => {
  const template = document.createElement("template");
  template.innerHTML = html;
  morph(element, template.content);
};

const boot = document.querySelector("script[data-js][data-wasm]");
try {
  const { default: init } = await import(boot.dataset.js);
  await init({ module_or_path: boot.dataset.wasm });
} catch (error) {
  const said = document.querySelector("#shell .answer .big");
  if (said) {
    said.setAttribute("role", "alert");
    said.className = "sev sev-error";
    said.textContent =
      "The planner could not start in this browser. Reload the page to try again; if this stays, " +
      "the page's files are incomplete or blocked, or WebAssembly is turned off. " +
      `(${error})`;
  }
  throw error;
}
