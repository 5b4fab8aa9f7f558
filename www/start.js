// The page's first step, run as soon as the parser reaches it (a classic
// script right after the inert #wasm element at the top of <body>): it
// turns #wasm's text back into the gzip stream's bytes and starts compiling
// the module from the inflating stream, so the compile runs while the rest
// of the document is parsed. www/loader.js (the module script at the end)
// awaits globalThis.wasmModule and boots the page. Marks for
// tests/browser/bench_first.mjs: loader, decoded, compiled (and the
// loader's booted).

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
performance.mark("loader");
globalThis.wasmModule = (async () => {
  const inflate = new DecompressionStream("gzip");
  const writer = inflate.writable.getWriter();
  writer.write(pageBytes(document.getElementById("wasm").textContent));
  writer.close();
  performance.mark("decoded");
  // Compiled as it is inflated: the browser reads the stream itself.
  const wasm = new Response(inflate.readable, { headers: { "Content-Type": "application/wasm" } });
  const module = await WebAssembly.compileStreaming(wasm);
  performance.mark("compiled");
  return module;
})();
// Handled here so that a failure is not reported as unhandled before the
// loader awaits it (the loader shows it in #fatal).
globalThis.wasmModule.catch(() => {});
