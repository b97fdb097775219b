// Starts Spark Sizer: imports the wasm-bindgen glue and instantiates the wasm module.
// Trunk.toml's `pattern_script` loads this file instead of Trunk's inline loader, passing
// the hashed file names as data attributes, so a strict Content-Security-Policy
// (script-src 'self' 'wasm-unsafe-eval') works without 'unsafe-inline', hashes or nonces.
const boot = document.querySelector("script[data-js][data-wasm]");
const { default: init } = await import(boot.dataset.js);
await init({ module_or_path: boot.dataset.wasm });
