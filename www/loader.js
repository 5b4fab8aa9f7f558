// Loads the inlined, gzip-compressed wasm and hands the page to Rust.
// Nothing else lives here: every rule and every text of the page is in the
// Rust code. This same script is the Web Workers' script (the page starts
// them from a Blob of its own text): in a worker it waits for the module
// the page compiled, then answers tasks. No second copy of the wasm exists.

if (typeof document === 'undefined') {
  // A worker: every message either way is one envelope (its bytes,
  // written and read by Rust). The page posts {module} once, then
  // {envelope} (a task or a cancel); the worker answers each slice of the
  // job with {envelope, memory} until Rust has nothing more to say. One
  // slice per task of the worker's event loop, so a cancel (or a newer
  // task) is read between slices.
  let chain = 0;
  const step = (gen) => {
    if (gen !== chain) return;
    let envelope;
    try {
      envelope = worker_step();
    } catch (error) {
      envelope = worker_failed(String(error));
    }
    if (envelope === undefined) return;
    self.postMessage({ envelope, memory: worker_memory() });
    setTimeout(() => step(gen), 0);
  };
  self.onmessage = (event) => {
    const { envelope, module } = event.data;
    if (module !== undefined) {
      initSync({ module });
      return;
    }
    chain++;
    worker_receive(envelope);
    step(chain);
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
