//! Helpers shared by the tests that run the command-line tool as a process.

// Each test file uses its own part of these helpers.
#![allow(dead_code)]

use serde_json::Value;
use std::ffi::OsStr;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_eight-puzzle");

/// Runs `bin` in `dir` with `args` and, when given, `stdin` on its standard
/// input (else an empty one): exit status (-1 for a signal), stdout, stderr.
pub fn run_in<S: AsRef<OsStr>>(
    bin: &str,
    dir: impl AsRef<Path>,
    args: &[S],
    stdin: Option<&str>,
) -> (i32, String, String) {
    let mut child = Command::new(bin)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The tool may exit before reading (invalid flags, a file argument):
    // a broken pipe here is not a failure.
    let input = child.stdin.take();
    if let (Some(mut pipe), Some(text)) = (input, stdin) {
        let _ = pipe.write_all(text.as_bytes());
    }
    texts(child.wait_with_output().expect("the binary ends"))
}

/// Exit status (-1 for a signal), stdout and stderr of a finished run.
pub fn texts(out: Output) -> (i32, String, String) {
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8 on stdout"),
        String::from_utf8(out.stderr).expect("UTF-8 on stderr"),
    )
}

/// Runs the tool with `args`: exit status, stdout, stderr.
pub fn run<S: AsRef<OsStr>>(args: &[S]) -> (i32, String, String) {
    texts(
        Command::new(BIN)
            .args(args)
            .output()
            .expect("the binary runs"),
    )
}

/// Runs the tool with `args` and `stdin` on its standard input.
pub fn run_with_stdin(args: &[&str], stdin: &str) -> (i32, String, String) {
    run_in(BIN, ".", args, Some(stdin))
}

/// The exit status and the one JSON object the tool printed.
pub fn json1<S: AsRef<OsStr>>(args: &[S]) -> (i32, Value) {
    let (code, stdout, _) = run(args);
    (code, serde_json::from_str(&stdout).expect("valid JSON"))
}

/// Every line of `text` as a JSON value (JSON Lines).
pub fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}
