//! The `eight-puzzle` command-line tool.

#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

// The command-line tool is native only; the wasm build is the page.
#[cfg(target_arch = "wasm32")]
fn main() {}
