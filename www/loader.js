// Loads the inlined, gzip-compressed wasm and hands the page to Rust.
// Nothing else lives here: every rule and every text of the page is in the
// Rust code.
function fromBase64(text) {
  if (Uint8Array.fromBase64) return Uint8Array.fromBase64(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
(async () => {
  try {
    const inflate = new DecompressionStream("gzip");
    const writer = inflate.writable.getWriter();
    writer.write(fromBase64(WASM_GZIP_BASE64));
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
