// Loads the inlined wasm and hands the page to Rust. Nothing else lives
// here: every rule and every text of the page is in the Rust code.
try {
  const bytes = Uint8Array.from(atob(WASM_BASE64), (c) => c.charCodeAt(0));
  initSync({ module: bytes });
  boot();
} catch (error) {
  const fatal = document.getElementById("fatal");
  fatal.textContent = "The workbench could not start: " + error;
  fatal.hidden = false;
}
