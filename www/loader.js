// Loads the inlined, gzip-compressed wasm and hands the page to Rust.
// Nothing else lives here: every rule and every text of the page is in the
// Rust code. This same script is the Web Workers' script (the page starts
// them from a Blob of its own text): in a worker it waits for the module
// the page compiled, then answers tasks. No second copy of the wasm exists.
function fromBase64(text) {
  if (Uint8Array.fromBase64) return Uint8Array.fromBase64(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
if (typeof document === 'undefined') {
  // A 4×4 solve: one slice per task of the worker's event loop, so a
  // cancel16 message is read between slices; a newer task ends the chain.
  let chain = 0;
  const solve16 = (job, gen) => {
    if (gen !== chain) return;
    let line;
    try {
      line = worker16_step();
    } catch (error) {
      line = "error " + String(error);
    }
    if (line === undefined) return;
    self.postMessage({ job, line, bytes: worker16_memory() });
    setTimeout(() => solve16(job, gen), 0);
  };
  self.onmessage = (event) => {
    const message = event.data;
    if (message.module) {
      initSync({ module: message.module });
      return;
    }
    if (message.cancel16) {
      chain++;
      worker16_cancel();
      return;
    }
    if (message.task16 !== undefined) {
      try {
        worker16_begin(message.task16);
        solve16(message.job, ++chain);
      } catch (error) {
        self.postMessage({ job: message.job, line: "error " + String(error) });
      }
      return;
    }
    try {
      self.postMessage({ id: message.id, result: worker_run(message.task) });
    } catch (error) {
      self.postMessage({ id: message.id, error: String(error) });
    }
  };
} else {
  (async () => {
    try {
      const inflate = new DecompressionStream("gzip");
      const writer = inflate.writable.getWriter();
      writer.write(fromBase64(WASM_GZIP_BASE64));
      writer.close();
      const bytes = await new Response(inflate.readable).arrayBuffer();
      const module = new WebAssembly.Module(bytes);
      initSync({ module });
      boot(module, document.getElementById("app").textContent);
    } catch (error) {
      const fatal = document.getElementById("fatal");
      fatal.textContent = "The workbench could not start: " + error;
      fatal.hidden = false;
    }
  })();
}
