// Loads the inlined, gzip-compressed wasm and hands the page to Rust.
// Nothing else lives here: every rule and every text of the page is in the
// Rust code. This same script is the Web Workers' script (the page starts
// them from a Blob of its own text): in a worker it waits for the module
// the page compiled, then answers tasks. No second copy of the wasm exists.

// The page is windows-1252 and the gzip stream is the text of the inert
// script #wasm, one character per byte (`cargo xtask dist` writes it):
// characters up to U+00FF are their byte, except that U+0001 escapes the
// next byte (XOR 0x40: the HTML parser would change NUL, CR and "<");
// bytes 0x80-0x9F decode to these characters instead.
const CP1252 = "\u20ac\x81\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\x8d\u017d\x8f\x90\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\x9d\u017e\u0178";
function pageBytes(text) {
  // A table from character code to byte: one array read per character.
  const byteOf = new Int16Array(0x2123).fill(-1);
  for (let c = 0; c < 0x100; c++) byteOf[c] = c;
  for (let i = 0; i < CP1252.length; i++) byteOf[CP1252.charCodeAt(i)] = 0x80 + i;
  const bytes = new Uint8Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const b = c === 1 ? text.charCodeAt(++i) ^ 0x40 : c < 0x2123 ? byteOf[c] : -1;
    if (b < 0 || b > 0xff) throw new Error("the page's wasm is damaged (character " + i + ")");
    bytes[n++] = b;
  }
  return bytes.subarray(0, n);
}
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
      // Marks for tests/browser/bench_first.mjs: where the boot's time goes.
      performance.mark("loader");
      const inflate = new DecompressionStream("gzip");
      const writer = inflate.writable.getWriter();
      writer.write(pageBytes(document.getElementById("wasm").textContent));
      writer.close();
      performance.mark("decoded");
      // Compiled as it is inflated: the browser reads the stream itself.
      const wasm = new Response(inflate.readable, { headers: { "Content-Type": "application/wasm" } });
      const module = await WebAssembly.compileStreaming(wasm);
      performance.mark("compiled");
      initSync({ module });
      boot(module, document.getElementById("app").textContent);
      performance.mark("booted");
    } catch (error) {
      const fatal = document.getElementById("fatal");
      fatal.textContent = "The workbench could not start: " + error;
      fatal.hidden = false;
    }
  })();
}
