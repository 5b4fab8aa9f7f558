// Loads the inlined, gzip-compressed wasm and hands the page to Rust.
// Nothing else lives here: every rule and every text of the page is in the
// Rust code. This same script is the Web Workers' script (the page starts
// them from a Blob of its own text): in a worker it waits for the module
// the page compiled, then answers tasks. No second copy of the wasm exists.

if (typeof document === 'undefined') {
  // A worker: every message either way is one envelope {job, kind, text}.
  // The page posts "module" (once, with the compiled module), "task" or
  // "cancel"; the worker answers each slice of the job with "progress",
  // then "done" or "error". One slice per task of the worker's event loop,
  // so a cancel (or a newer task) is read between slices.
  let chain = 0;
  const step = (job, gen) => {
    if (gen !== chain) return;
    let line;
    try {
      line = worker_step();
    } catch (error) {
      line = "error " + String(error);
    }
    if (line === undefined) return;
    const space = line.indexOf(" ");
    const kind = line.slice(0, space);
    self.postMessage({ job, kind, text: line.slice(space + 1), memory: worker_memory() });
    if (kind === "progress") setTimeout(() => step(job, gen), 0);
  };
  self.onmessage = (event) => {
    const { job, kind, text, module } = event.data;
    if (kind === "module") {
      initSync({ module });
      return;
    }
    chain++;
    if (kind === "cancel") {
      worker_cancel();
      return;
    }
    try {
      worker_begin(text);
    } catch (error) {
      self.postMessage({ job, kind: "error", text: String(error) });
      return;
    }
    step(job, chain);
  };
} else {
  (async () => {
    try {
      // www/start.js began compiling the module while the document was
      // still being parsed; its failure (a damaged page) lands here.
      performance.mark("app");
      const module = await globalThis.wasmModule;
      initSync({ module });
      performance.mark("instantiated");
      boot(module, document.getElementById("app").textContent);
      performance.mark("booted");
    } catch (error) {
      const fatal = document.getElementById("fatal");
      fatal.textContent = "The workbench could not start: " + error;
      fatal.hidden = false;
    }
  })();
}
