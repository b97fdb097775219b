// Starts the embed card (scripts/build-embed.sh): instantiates its wasm module, which draws the
// plan of the address's query into <body>. When it cannot start (a file missing or blocked, no
// WebAssembly), the frame says so instead of staying blank.
import init, { start } from "./spark_sizer_embed_wasm.js";

try {
  await init({ module_or_path: new URL("spark_sizer_embed_wasm_bg.wasm", import.meta.url) });
  start();
} catch (error) {
  const said = document.createElement("p");
  said.setAttribute("role", "alert");
  said.className = "sev sev-error";
  said.textContent =
    "This Spark Sizer plan could not be shown in this browser. Open the link in Spark Sizer. " +
    `(${error})`;
  document.body.append(said);
  throw error;
}
