// Starts Spark Sizer: imports the wasm-bindgen glue and instantiates the wasm module.
// Trunk.toml's `pattern_script` loads this file instead of Trunk's inline loader, passing
// the hashed file names as data attributes, so a strict Content-Security-Policy
// (script-src 'self' 'wasm-unsafe-eval') works without 'unsafe-inline', hashes or nonces.
// When the planner cannot start (a file missing or blocked, no WebAssembly), the static
// shell in index.html says so instead of "Loading the planner…" forever.

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
