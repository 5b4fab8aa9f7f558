// Loads the inlined, gzip-compressed wasm and hands the page to Rust.
// Nothing else lives here: every rule and every text of the page is in the
// Rust code.
(async () => {
  try {
    const packed = Uint8Array.from(atob(WASM_GZIP_BASE64), (c) => c.charCodeAt(0));
    const inflate = new DecompressionStream("gzip");
    const writer = inflate.writable.getWriter();
    writer.write(packed);
    writer.close();
    const bytes = await new Response(inflate.readable).arrayBuffer();
    initSync({ module: bytes });
    boot();
  } catch (error) {
    const fatal = document.getElementById("fatal");
    fatal.textContent = "The workbench could not start: " + error;
    fatal.hidden = false;
  }
})();
