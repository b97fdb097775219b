// Starts Spark Sizer: imports the wasm-bindgen glue and instantiates the wasm module.
// Trunk.toml's `pattern_script` loads this file instead of Trunk's inline loader, passing
// the hashed file names as data attributes, so a strict Content-Security-Policy
// (script-src 'self' 'wasm-unsafe-eval') works without 'unsafe-inline', hashes or nonces.
// When the planner cannot start (a file missing or blocked, no WebAssembly), the static
// shell in index.html says so instead of "Loading the planner…" forever.

// morphHtml(element, html): the element's content made equal to `html`, touching only the
// nodes that differ (crates/app/src/html.rs). A user's open <details> stays open.
const same = (a, b) => a.nodeType == b.nodeType && a.localName == b.localName && a.id == b.id;
// Attributes of `node` onto `old`; `open` of a <details> is the user's.
const attributes = (old, node) => {
  const keep = old.localName == "details" ? "open" : "";
  const from = node.attributes, into = old.attributes;
  let shared = 0;
  for (let i = 0; i < from.length; i++) {
    const { name, value } = from[i];
    const had = old.getAttribute(name);
    if (had != null) shared++;
    if (had !== value && name != keep) old.setAttribute(name, value);
  }
  if (shared < into.length)
    for (let i = into.length; i--; ) {
      const name = into[i].name;
      if (!node.hasAttribute(name) && name != keep) old.removeAttribute(name);
    }
};
const morph = (into, from) => {
  let old = into.firstChild;
  for (let node = from.firstChild, next; node; node = next) {
    next = node.nextSibling;
    // One node removed here: the rest stays in step.
    if (old && !same(old, node) && old.nextSibling && same(old.nextSibling, node))
      (old = old.nextSibling).previousSibling.remove();
    if (!old) into.append(node);
    else if (same(old, node)) {
      if (old.nodeType != 1) old.data != node.data && (old.data = node.data);
      else attributes(old, node), morph(old, node);
      old = old.nextSibling;
    } else if (next && same(old, next)) old.before(node); // one node inserted here
    else old.replaceWith(node), (old = node.nextSibling);
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
