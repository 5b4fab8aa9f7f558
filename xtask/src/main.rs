//! Build automation for the workbench.
//!
//! * `cargo xtask dist` — builds the wasm, runs wasm-bindgen as a library and
//!   writes the single offline page `dist/eight-puzzle.html`.
//! * `cargo xtask test` — everything CI checks: fmt, clippy, native tests,
//!   wasm tests in headless Chromium, `dist`, and the browser tests.
//! * `cargo xtask test --quick` — the edit loop's tier: fmt, clippy, the
//!   doc tests and the native unit and integration tests, without the exhaustive, whole-table,
//!   pattern-database-build and browser suites.
//! * `cargo xtask test --native` — the native tests alone (every test binary
//!   and the doc tests), run as `cargo xtask test` runs them.
//! * `cargo xtask test --python` — the Python package alone: a virtual
//!   environment under the target directory (maturin, numpy, pytest and
//!   gymnasium from PyPI), the wheel built and installed, its pytest suite.
//!
//! Every path under the target directory comes from `cargo metadata`, so a
//! clone with `CARGO_TARGET_DIR` set builds, tests and runs `dist` too.

use std::collections::VecDeque;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

type Result<T> = std::result::Result<T, String>;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives one level below the root")
        .to_path_buf()
}

const USAGE: &str = "usage: cargo xtask <dist|test [--quick|--native|--python]>
  dist          build dist/eight-puzzle.html
  test          fmt, clippy, native, Python, wasm and browser tests (what CI runs)
  test --quick  fmt, clippy and the native unit and integration tests, without
                the exhaustive, whole-table, database-build and browser suites
  test --native every native test binary and the doc tests, as `test` runs them
  test --python the Python package's wheel built in a virtual environment and
                its pytest suite, as `test` runs them";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match words.as_slice() {
        ["dist"] => dist().map(|p| println!("{}", p.display())),
        ["test"] => test(),
        ["test", "--quick"] => quick(),
        ["test", "--native"] => {
            let mut p = Phases::new();
            let result = native_phases(&mut p);
            p.report(result)
        }
        ["test", "--python"] => {
            let mut p = Phases::new();
            let result = python_phases(&mut p);
            p.report(result)
        }
        [] => Err(format!("no command given\n{USAGE}")),
        _ => Err(format!("unknown arguments {:?}\n{USAGE}", words)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(cmd: &mut Command) -> Result<()> {
    eprintln!("xtask: running {cmd:?}");
    let status = cmd
        .status()
        .map_err(|e| format!("could not start {cmd:?}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{cmd:?} failed with {status}"))
    }
}

/// The wall time of each phase of a run, printed as a table when the run
/// ends, passed or failed, with the load average before and after (the
/// figures mean little on a busy machine; the load says how busy).
struct Phases {
    start: Instant,
    load: String,
    done: Vec<(&'static str, Duration)>,
}

/// The 1-, 5- and 15-minute load averages (empty where /proc has none).
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

impl Phases {
    fn new() -> Phases {
        Phases {
            start: Instant::now(),
            load: load_average(),
            done: Vec::new(),
        }
    }

    /// Runs `step` as the phase `name`, timing it.
    fn run<T>(&mut self, name: &'static str, step: impl FnOnce() -> Result<T>) -> Result<T> {
        eprintln!("xtask: == {name}");
        let t0 = Instant::now();
        let result = step();
        self.done.push((name, t0.elapsed()));
        result
    }

    /// The table of phases, then `result` as it was.
    fn report(self, result: Result<()>) -> Result<()> {
        let total = self.start.elapsed().as_secs_f64();
        eprintln!(
            "xtask: phase times (load average {} before, {} after)",
            self.load,
            load_average()
        );
        for (name, d) in &self.done {
            let s = d.as_secs_f64();
            eprintln!(
                "xtask:   {name:<34} {s:>7.1} s {:>5.1} %",
                100.0 * s / total.max(1e-9)
            );
        }
        eprintln!("xtask:   {:<34} {total:>7.1} s", "total");
        result
    }
}

/// The target directory cargo builds into (`CARGO_TARGET_DIR`, a config
/// file's `build.target-dir`, or `target/`), as `cargo metadata` reports it.
fn target_dir() -> Result<PathBuf> {
    let out = cargo()
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .output()
        .map_err(|e| format!("could not run cargo metadata: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("cargo metadata printed no JSON: {e}"))?;
    meta["target_directory"]
        .as_str()
        .map(PathBuf::from)
        .ok_or_else(|| "cargo metadata names no target_directory".to_string())
}

fn cargo() -> Command {
    let mut c = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    c.current_dir(root());
    c
}

/// The page must stay under 537 KB: one offline file, where a few hundred
/// kilobytes more go unnoticed but a search several times slower does not.
/// (400 KB until issue 26: the keyboard-reachable search tree, the page's
/// typed effects and the new-user fixes took it just past 400 KB, and the
/// engine stays at opt-level 3 for speed. 420 KB until issues 24 and 25:
/// the multi-tile solver with its tables, about 10 KB, and the Lab's
/// heuristic language and check, about 35 KB, took it to 454 KB. 470 KB
/// until the picture downloads (about 16 KB), the workshop's search cost
/// and graded exercises (the engine's A* and IDA* with a written h, its
/// grading and their page parts, about 30 KB), the Race (about 16 KB) and a
/// written h in the Trace and the Lab (about 7 KB) took it to 527 KB. 530 KB
/// until issue 33: the engine laid out by concept with engine types at the
/// worker boundary took it to 534.0 KB, and the page's fixes (exercise links
/// that open the Lab and name a bad field, the sentences for a link's
/// disagreeing fields, Hint's reason, the tree's names, the caret line;
/// 2.5 KB with the HTML comments no longer shipped) to 536.4 KB; the view
/// as siblings (issue 33 item 8: the panels' long work behind one
/// WorkPanel trait, Play's and the goal's routes in their panels) to
/// 537.1 KB; the page naming its metric (the replay's and the verdict's h,
/// the solver's heuristic, the Trace's and the Race's single-tile notes)
/// to 538.0 KB. 538.5 KB until the teaching tools took the multi-tile
/// metric (the one A* loop's slides, the multi-tile distance table, hint
/// and check, the search cost's multi-tile IDA*, exercises' metric: 9.9 KB
/// measured on main before the page's metric notes).) 551 KB when every
/// page tool took the chosen metric (the workshop's check, cost and Make
/// link, Play's multi-tile table, the Trace's A*, the Race, the Lab's
/// weighted A*, the ledger's and Compare all's sentences, multi-tile
/// Manhattan in the menus: 550,439 bytes after merging main, about +2.6 KB).
/// 551 KB until issue 34's Play analysis (the solve read back in the
/// worker at the goal: the engine's exact distances board by board and the
/// analysis, the task, its words) took it to 557,628 bytes (+7,189 on
/// 550,439; 8,262 measured on 546,853 before that merge).
/// 577.5 KB with Play's move counter, the analysis's move list and
/// chart, New scramble and a pasted solve (the engine's notation parser):
/// 576,989 bytes, +19,361 on main's 557,628.
/// 580 KB with boards past 25 cells in the page (issue 35): the 6×6, 7×7
/// and 8×8 samples, Optimal's refusal, Play's fast-mode hint, the page's
/// fast settings past 25 cells and their sentences (fast mode's 64-cell
/// form was already compiled in): 579,649 bytes, +2,460 on main's 577,189.
/// 586.5 KB with Play's timer, the link to a solve and the start's
/// shortest solutions counted in the worker (the engine's count, about
/// 2.8 KB of it): 585,719 bytes, +8,530 on main's 577,189.
/// 580 KB with Play's analysis streaming on the worker's kept tables (the
/// tables' build and board k of n as progress, Cancel between slices, a
/// board's search resumable): 579,549 bytes, +2,360 on main's 577,189.
/// Measured on branch s10-page44 after merging main at 75abe95 (every
/// branch of that sitting, the fast-mode and database branches included):
/// 596,160 bytes, 6,223 more than the three increases above added to
/// 577,189 (589,937); that rest came with the other merges, not measured
/// apart here.
/// Both, merged into main with the fast mode's path repair (s10-beam) and
/// the databases past 25 cells (s10-bigpdb): 597,423 bytes measured on
/// s10-bigpage after merging main at 75abe95 (main alone not measured
/// there; the two figures above add up to 588,179, so the rest, about
/// 9.2 KB, came in with the other two merges).
/// Merged main (all five branches of 2026-12-06's sitting): the figure is
/// measured after this merge and set here with a few hundred bytes spare.
/// With the count of shortest solutions streaming on those tables (branch
/// s10-speed, measured on 75abe95's merge): 597,712 bytes, +289.
/// s10-speed after merging main at e55b608: 599,167 bytes (main alone
/// not measured there).
/// s12-page: the replay table's boards wrap between values (a `<wbr>`
/// after each comma) and a replay step re-marks only the rows that change:
/// 600,246 bytes, +814 on 599,432 (that branch's CSS fix of the Start and
/// Goal fields before it).
/// Then the written h's refusal of a goal past 25 cells
/// (`ExprErrorKind::GoalTooLarge`, a panic before) and "an 8×8" for "a
/// 8×8" in the sentences that name a shape: 600,654 bytes, +408.
/// s12-beam merged (1ef0593): the table of line conflict terms (fast mode
/// 30-45 % less CPU) and the beam's slices (one on wasm32, so the threaded
/// branch is left out of its build): 601,257 bytes, +603.
/// The beam in one phase a layer (each share built and ranked by one
/// thread, the merge dropping duplicates), merged at 7ab379f: 602,366
/// bytes, +1,109, though wasm32 runs it with one share.
const PAGE_LIMIT: u64 = 602_500;

const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// The wasm32 target of the toolchain this project pins, added through
/// rustup only when its standard library is missing (rustup does not
/// install targets by itself where `RUSTUP_AUTO_INSTALL=0`).
fn ensure_wasm_target() -> Result<()> {
    let sysroot = Command::new("rustc")
        .args(["--print", "sysroot"])
        .current_dir(root())
        .output()
        .map_err(|e| format!("could not run rustc: {e}"))?;
    let sysroot = String::from_utf8_lossy(&sysroot.stdout).trim().to_string();
    let lib = Path::new(&sysroot).join("lib/rustlib").join(WASM_TARGET);
    if lib.is_dir() {
        return Ok(());
    }
    eprintln!("xtask: the {WASM_TARGET} target is missing from {sysroot}; adding it");
    run(Command::new("rustup")
        .args(["target", "add", WASM_TARGET])
        .current_dir(root()))
    .map_err(|e| {
        format!("{e}\n  the page needs the {WASM_TARGET} target: install it with `rustup target add {WASM_TARGET}`")
    })
}

/// Builds the page and returns its path.
fn dist() -> Result<PathBuf> {
    let root = root();
    ensure_wasm_target()?;
    run(cargo().args([
        "build",
        "--lib",
        "--target",
        "wasm32-unknown-unknown",
        "--profile",
        "wasm",
    ]))?;
    let wasm = target_dir()?.join("wasm32-unknown-unknown/wasm/eight_puzzle.wasm");
    let mut output = wasm_bindgen_cli_support::Bindgen::new()
        .input_path(&wasm)
        .web(true)
        .map_err(|e| e.to_string())?
        .typescript(false)
        .remove_name_section(true)
        .remove_producers_section(true)
        .generate_output()
        .map_err(|e| format!("wasm-bindgen: {e}"))?;
    let glue = output.js().to_string();
    let bytes = output.wasm_mut().emit_wasm();
    if let Some(path) = std::env::var_os("XTASK_WASM_OUT") {
        // For measuring: the module and its glue as the page gets them.
        std::fs::write(&path, &bytes).map_err(|e| e.to_string())?;
        let mut js = path;
        js.push(".mjs");
        std::fs::write(js, &glue).map_err(|e| e.to_string())?;
    }
    // The wasm travels gzip-compressed and the loader inflates it with the
    // browser's own DecompressionStream, fed through its writer (a few ms;
    // reading it back through a Blob's stream measured about 100 ms).
    let mut packed = Vec::new();
    zopfli::compress(
        zopfli::Options::default(),
        zopfli::Format::Gzip,
        &bytes[..],
        &mut packed,
    )
    .map_err(|e| format!("compressing the wasm: {e}"))?;
    let raw = escape_raw(&packed);

    let www = root.join("www");
    let read = |name: &str| {
        std::fs::read_to_string(www.join(name)).map_err(|e| format!("reading www/{name}: {e}"))
    };
    // Indentation and CSS comments are for the sources' readers; the page
    // does without them (no element of the shell keeps text across lines).
    let html = compact(&read("index.html")?, false);
    let css = tighten_css(&compact(&read("style.css")?, true));
    let loader = read("loader.js")?;
    // The first step, inlined at the top of <body> (its comment lines go).
    let start = read("start.js")?
        .lines()
        .map(str::trim_start)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let script = format!("{glue}\n{loader}", glue = strip_exports(&glue))
        .lines()
        .map(str::trim_start)
        // The glue has no text spanning lines (no multi-line template
        // literal), so indentation and whole-line comments can go.
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    // The page is windows-1252, so every byte of the gzip stream is one
    // character of the file; the text around it is made ASCII.
    let html = replace_once(&html, UTF8_META, PAGE_META)?;
    let page = replace_once(&html_ascii(&html), "/*INLINE_STYLE*/", &css_ascii(&css))?;
    let page = replace_once(&page, "/*INLINE_SCRIPT*/", &js_ascii(&script))?;
    let page = replace_once(&page, "/*INLINE_START*/", &js_ascii(&start))?;
    let (before, after) = page
        .split_once(WASM_MARKER)
        .filter(|(_, after)| !after.contains(WASM_MARKER))
        .ok_or(format!(
            "www/index.html must contain {WASM_MARKER} exactly once"
        ))?;
    let mut file = Vec::with_capacity(page.len() + raw.len());
    file.extend_from_slice(before.as_bytes());
    file.extend_from_slice(&raw);
    file.extend_from_slice(after.as_bytes());
    let dist = root.join("dist");
    std::fs::create_dir_all(&dist).map_err(|e| e.to_string())?;
    let out = dist.join("eight-puzzle.html");
    std::fs::write(&out, &file).map_err(|e| e.to_string())?;
    let size = std::fs::metadata(&out).map_err(|e| e.to_string())?.len();
    eprintln!(
        "xtask: wasm {} bytes ({} gzipped, {} in the page), page {size} bytes",
        bytes.len(),
        packed.len(),
        raw.len()
    );
    if size > PAGE_LIMIT {
        return Err(format!(
            "{} is {size} bytes, over the {PAGE_LIMIT}-byte limit for the page",
            out.display()
        ));
    }
    Ok(out)
}

/// The page shell's declaration, replaced by [`PAGE_META`] in the built page.
const UTF8_META: &str = "<meta charset=\"utf-8\">";
/// The built page is windows-1252: one byte, one character, so the gzip
/// stream can sit in it as it is (base64 would add a third).
const PAGE_META: &str = "<meta charset=\"windows-1252\">";
/// Where the gzip stream goes: the text of an inert
/// `<script type="application/octet-stream">`.
const WASM_MARKER: &str = "/*INLINE_WASM*/";
/// The escape byte of [`escape_raw`].
const ESCAPE: u8 = 0x01;

/// The bytes as the text of a script element in a windows-1252 page. The
/// HTML parser keeps every byte as one character except NUL (replaced),
/// CR (turned into LF) and `<` (which could close the element), so those
/// three and the escape byte itself are written as [`ESCAPE`] followed by
/// the byte XOR 0x40 (`@`, `M`, `|`, `A`); `www/loader.js` undoes it.
fn escape_raw(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 32);
    for &b in bytes {
        if matches!(b, 0x00 | b'\r' | b'<' | ESCAPE) {
            out.extend_from_slice(&[ESCAPE, b ^ 0x40]);
        } else {
            out.push(b);
        }
    }
    out
}

/// Every non-ASCII character through `escape`, the rest as it is.
fn ascii_with(text: &str, escape: impl Fn(char) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            out.push_str(&escape(c));
        }
    }
    out
}

/// The page shell in ASCII: numeric character references (its script and
/// style elements hold only the markers).
fn html_ascii(html: &str) -> String {
    ascii_with(html, |c| format!("&#x{:x};", u32::from(c)))
}

/// CSS in ASCII: `\hex ` escapes (the space ends the escape and is dropped).
fn css_ascii(css: &str) -> String {
    ascii_with(css, |c| format!("\\{:x} ", u32::from(c)))
}

/// JavaScript in ASCII: `\uXXXX` escapes (UTF-16 units), valid in strings,
/// templates, regular expressions and identifiers alike.
fn js_ascii(js: &str) -> String {
    ascii_with(js, |c| {
        let mut units = [0u16; 2];
        c.encode_utf16(&mut units)
            .iter()
            .map(|u| format!("\\u{u:04x}"))
            .collect()
    })
}

/// The text without its lines' leading white space and blank lines, and
/// without its comments: `/* … */` in CSS (the two inline markers stay),
/// `<!-- … -->` in HTML (the shell has no comment inside a script or a
/// text field).
fn compact(text: &str, css: bool) -> String {
    let (open, close) = if css { ("/*", "*/") } else { ("<!--", "-->") };
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(open) {
        let end = rest[start + open.len()..]
            .find(close)
            .map_or(rest.len(), |e| start + open.len() + e + close.len());
        out.push_str(&rest[..start]);
        if rest[start..end].contains("INLINE_") {
            out.push_str(&rest[start..end]);
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out.lines()
        .map(str::trim_start)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Drops the whitespace CSS never needs: around `{`, `}` and `;`, after `:`
/// and `,`, and the last `;` of a block. Quoted strings (`content: ": "`)
/// are copied as they are. A space before `:` is kept, since there it can
/// mean a descendant (`nav :focus`).
fn tighten_css(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    let mut quote: Option<char> = None;
    let mut pending_space = false;
    for c in css.chars() {
        if let Some(q) = quote {
            out.push(c);
            if c == q {
                quote = None;
            }
            continue;
        }
        if c.is_whitespace() {
            pending_space = true;
            continue;
        }
        let last = out.chars().last();
        let tight = matches!(c, '{' | '}' | ';' | ',')
            || matches!(last, Some('{' | '}' | ';' | ':' | ',') | None);
        if pending_space && !tight {
            out.push(' ');
        }
        pending_space = false;
        if c == '}' && out.ends_with(';') {
            out.pop();
        }
        if c == '"' || c == '\'' {
            quote = Some(c);
        }
        out.push(c);
    }
    out
}

/// The glue is an ES module; inline it as a plain module body by turning its
/// `export` statements into local declarations.
fn strip_exports(glue: &str) -> String {
    glue.lines()
        .filter(|l| !l.starts_with("export {") && !l.starts_with("export default"))
        .map(|l| l.strip_prefix("export ").unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n")
}

fn replace_once(haystack: &str, marker: &str, with: &str) -> Result<String> {
    if haystack.matches(marker).count() != 1 {
        return Err(format!("www/index.html must contain {marker} exactly once"));
    }
    Ok(haystack.replacen(marker, with, 1))
}

/// The integration-test binaries the quick tier leaves out: each walks a
/// whole state space, builds pattern databases or solves benchmark sets.
/// (`cli_depth_table` is quick: its two cases are input errors.)
const SLOW_SUITES: [&str; 17] = [
    "exhaustive",
    "past_25_cells",
    "metric_matrix",
    "pdb78",
    "depth_table",
    "lab_every_board",
    "solve_family_databases",
    "cli_family",
    "cli_space",
    "cli_threads",
    "solve_big",
    "solve_fast",
    "solve_fifteen",
    "solve_multi",
    "solve_pdb",
    "solve_pdb6666",
    "space",
];

fn fmt() -> Result<()> {
    run(cargo().args(["fmt", "--all", "--check"]))
}

fn clippy() -> Result<()> {
    run(cargo().args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))
}

/// The integration-test binaries of the quick tier: every one under
/// `tests/` and `engine/tests/` but the [`SLOW_SUITES`] and the wasm suite.
fn quick_suites() -> Vec<String> {
    let mut tests = Vec::new();
    for dir in [root().join("tests"), root().join("engine/tests")] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "rs") {
                if let Some(stem) = path.file_stem().and_then(|s| s.to_str()) {
                    // `web` is the wasm-bindgen suite; it runs in the browser.
                    if stem != "web" && !SLOW_SUITES.contains(&stem) {
                        tests.push(stem.to_string());
                    }
                }
            }
        }
    }
    tests.sort();
    tests
}

/// The edit loop's tier: fmt, clippy, then every unit test and every
/// integration test binary but the [`SLOW_SUITES`].
fn quick() -> Result<()> {
    let mut p = Phases::new();
    let result = quick_phases(&mut p);
    p.report(result)
}

fn quick_phases(p: &mut Phases) -> Result<()> {
    p.run("fmt", fmt)?;
    p.run("clippy (native)", clippy)?;
    let mut args = vec!["--lib".to_string(), "--bins".to_string()];
    for t in quick_suites() {
        args.push("--test".into());
        args.push(t);
    }
    let binaries = p.run("native tests: build", || build_tests(&args))?;
    // The doc tests are quick and break when an item moves, so the edit
    // loop runs them too.
    let mut doc = cargo();
    doc.args(["test", "--workspace", "--exclude", "xtask"])
        .args(["--exclude", PYTHON_CRATE, "--doc"]);
    p.run("native tests: run", || run_tests(binaries, Some(doc)))?;
    eprintln!(
        "xtask: quick tier passed (left out: {}, the wasm and browser tests)",
        SLOW_SUITES.join(", ")
    );
    Ok(())
}

/// Everything CI checks, phase by phase, with the time of each at the end.
fn test() -> Result<()> {
    let mut p = Phases::new();
    let result = test_phases(&mut p);
    p.report(result)
}

fn test_phases(p: &mut Phases) -> Result<()> {
    let root = root();
    p.run("wasm32 target", ensure_wasm_target)?;
    p.run("fmt", fmt)?;
    p.run("clippy (native)", clippy)?;
    p.run("clippy (wasm32)", || {
        run(cargo().args([
            "clippy",
            "--target",
            "wasm32-unknown-unknown",
            "--lib",
            "--test",
            "web",
            "--",
            "-D",
            "warnings",
        ]))
    })?;
    native_phases(p)?;
    python_phases(p)?;

    // The web layer in headless Chromium through wasm-bindgen-test.
    p.run("install: chromium", ensure_chromium)?;
    p.run("install: wasm-bindgen test runner", ensure_test_runner)?;
    p.run("wasm tests (build and run)", || {
        run(cargo()
            .args([
                "test",
                "--target",
                "wasm32-unknown-unknown",
                "--test",
                "web",
            ])
            .env("CHROMEDRIVER", "/usr/bin/chromedriver"))
    })?;

    // The built page, end to end, from file://.
    let page = p.run("dist", dist)?;
    let browser = root.join("tests/browser");
    p.run("install: npm ci", || {
        run(Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&browser))
    })?;
    // The downloads are compared with the CLI that `cargo test` built.
    let cli = target_dir()?.join("debug/eight-puzzle");
    // package.json's "test" script, tests/browser/run.mjs, runs every
    // *.test.mjs there, two at a time, longest first.
    p.run("browser tests", || {
        run(Command::new("npm")
            .args(["test", "--silent"])
            .env("PAGE", &page)
            .env("EIGHT_PUZZLE_BIN", &cli)
            .current_dir(&browser))
    })?;
    eprintln!(
        "xtask: all checks passed; screenshots in {}",
        browser.join("artifacts").display()
    );
    Ok(())
}

/// Every native test: the test binaries of the workspace, then its doc
/// tests (one more job of the pool).
fn native_phases(p: &mut Phases) -> Result<()> {
    let binaries = p.run("native tests: build", || build_tests(&[]))?;
    p.run("native tests: run", || {
        let mut doc = cargo();
        doc.args(["test", "--workspace", "--exclude", "xtask"])
            .args(["--exclude", PYTHON_CRATE, "--doc"]);
        run_tests(binaries, Some(doc))
    })
}

/// The Python extension's crate: no Rust test can link it (it links
/// against the interpreter that loads it), so the native tests leave it out
/// and the Python phase tests it.
const PYTHON_CRATE: &str = "npuzzle-python";

/// What the Python phase installs from PyPI into its virtual environment.
const PYTHON_TOOLS: [&str; 4] = [
    "maturin>=1.9,<2",
    "numpy>=1.23",
    "pytest>=8",
    "gymnasium>=1.0",
];

/// The Python package (`python/`): a virtual environment under the target
/// directory (made by the first run with `python3 -m venv`, or `$PYTHON`;
/// [`PYTHON_TOOLS`] installed from PyPI), the wheel built by maturin in
/// the `python` cargo profile (its own directory, so it never rebuilds the
/// other profiles' crates), installed, and its pytest suite run from the
/// workspace root (so the installed package is the one imported).
fn python_phases(p: &mut Phases) -> Result<()> {
    let target = target_dir()?;
    let env = target.join("python-env");
    let bin = env.join("bin");
    p.run("python: virtual environment", || {
        if !bin.join("python").exists() {
            let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
            run(Command::new(python).arg("-m").arg("venv").arg(&env))?;
        }
        run(Command::new(bin.join("python"))
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
            ])
            .args(PYTHON_TOOLS))
    })?;
    let wheels = target.join("python-wheels");
    let wheel = p.run("python: wheel (maturin)", || {
        let _ = std::fs::remove_dir_all(&wheels);
        run(Command::new(bin.join("maturin"))
            .args(["build", "--quiet", "-m"])
            .arg(root().join("python/Cargo.toml"))
            .arg("--interpreter")
            .arg(bin.join("python"))
            .arg("--out")
            .arg(&wheels)
            .current_dir(root()))?;
        std::fs::read_dir(&wheels)
            .map_err(|e| format!("no wheel directory {}: {e}", wheels.display()))?
            .flatten()
            .map(|e| e.path())
            .find(|p| p.extension().is_some_and(|x| x == "whl"))
            .ok_or_else(|| format!("maturin left no wheel in {}", wheels.display()))
    })?;
    p.run("python: pytest", || {
        run(Command::new(bin.join("python"))
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "--force-reinstall",
                "--no-deps",
            ])
            .arg(&wheel))?;
        // From the workspace root, whose directory holds no `npuzzle`, so
        // the import is the installed wheel's.
        run(Command::new(bin.join("pytest"))
            .args(["-q", "-p", "no:cacheprovider", "python/tests"])
            .env("RUST_BACKTRACE", "0")
            .current_dir(root()))
    })
}

/// One test executable cargo built, and the directory `cargo test` would
/// run it in (its package's).
struct TestBinary {
    /// The target's name (an integration test's file stem, a crate's name).
    name: String,
    /// The target's source file, as cargo names it when it runs it.
    src: String,
    exe: PathBuf,
    dir: PathBuf,
}

/// Builds the workspace's tests (`cargo test --no-run` with `extra`) and
/// returns their executables. xtask's own tests build apart, in the `dev`
/// profile whose dependencies `cargo xtask` has just built: in the `test`
/// profile (opt-level 3) they would cost a second, optimised build of
/// walrus, wasmparser, gimli, rayon and the 23 other crates only xtask uses.
fn build_tests(extra: &[String]) -> Result<Vec<TestBinary>> {
    let mut args = [
        "--workspace",
        "--exclude",
        "xtask",
        "--exclude",
        PYTHON_CRATE,
    ]
    .map(String::from)
    .to_vec();
    args.extend_from_slice(extra);
    let mut binaries = build_test_binaries(&args)?;
    binaries.extend(build_test_binaries(
        &["-p", "xtask", "--profile", "dev"].map(String::from),
    )?);
    Ok(binaries)
}

/// `cargo test --no-run` with `args`, and the executables it built, from
/// cargo's JSON messages (the compiler's diagnostics still go to the
/// terminal as cargo renders them).
fn build_test_binaries(args: &[String]) -> Result<Vec<TestBinary>> {
    let mut cmd = cargo();
    cmd.args([
        "test",
        "--no-run",
        "--message-format=json-render-diagnostics",
    ])
    .args(args)
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::inherit());
    eprintln!("xtask: running {cmd:?}");
    let out = cmd
        .output()
        .map_err(|e| format!("could not start {cmd:?}: {e}"))?;
    if !out.status.success() {
        return Err(format!("{cmd:?} failed with {}", out.status));
    }
    let root = root();
    let mut binaries = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(msg) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if msg["reason"] != "compiler-artifact" || msg["profile"]["test"] != true {
            continue;
        }
        let (Some(exe), Some(name), Some(manifest)) = (
            msg["executable"].as_str(),
            msg["target"]["name"].as_str(),
            msg["manifest_path"].as_str(),
        ) else {
            continue;
        };
        let src = msg["target"]["src_path"].as_str().unwrap_or(name);
        let src = Path::new(src)
            .strip_prefix(&root)
            .map_or_else(|_| src.to_string(), |p| p.display().to_string());
        binaries.push(TestBinary {
            name: name.to_string(),
            src,
            exe: PathBuf::from(exe),
            dir: Path::new(manifest)
                .parent()
                .map_or_else(|| root.clone(), Path::to_path_buf),
        });
    }
    Ok(binaries)
}

/// The test binaries that take longest, longest first (wall time on two
/// cores, xtask's own per-binary table from a fresh-clone `cargo xtask
/// test` on 2026-12-06 at load 4-7, in seconds): the pool starts them first
/// so that the short ones fill the other process slot instead of trailing
/// alone. The rest start after these, in file order.
const LONGEST_FIRST: [&str; 21] = [
    "solve_fast",             // 211
    "eight_puzzle",           // 128: the app crate's unit tests (the view model's)
    "lab_every_board",        // 123
    "solve_family_databases", // 92
    "space",                  // 91
    "solve_multi",            // 82
    "solve_pdb6666",          // 79
    "metric_matrix",          // 71
    "eight_puzzle_engine",    // 70
    "cli_space",              // 49
    "past_25_cells",          // 44
    "solve_big",              // 38
    "solve_fifteen",          // 37
    "cli_threads",            // 36
    "exhaustive",             // 30
    "lab",                    // 30
    "cli_family",             // 28
    "cli_golden",             // 25
    "solve_family",           // 22
    "depth_table",            // 20
    "cli",                    // 15
];

/// How many test processes run at once. Two: the machines this runs on have
/// two cores or more, and the long binaries spend much of their time on one
/// thread (a database build or a table on both cores, then single tests),
/// which a second process puts the idle core to.
const TEST_JOBS: usize = 2;

/// Runs the test binaries (then `extra`, the doc tests) in a pool of
/// [`TEST_JOBS`] processes, longest first, each in its package's directory
/// as `cargo test` runs it; each one's output is printed whole when it ends
/// (its `test result:` lines included). Every binary runs even when one
/// fails; the phase fails if any did, naming them.
fn run_tests(mut binaries: Vec<TestBinary>, extra: Option<Command>) -> Result<()> {
    let rank = |b: &TestBinary| {
        LONGEST_FIRST
            .iter()
            .position(|n| *n == b.name)
            .unwrap_or(LONGEST_FIRST.len())
    };
    binaries.sort_by(|a, b| rank(a).cmp(&rank(b)).then_with(|| a.src.cmp(&b.src)));
    let mut jobs: VecDeque<(String, Command)> = binaries
        .iter()
        .map(|b| {
            let mut cmd = Command::new(&b.exe);
            cmd.current_dir(&b.dir).env("CARGO_MANIFEST_DIR", &b.dir);
            (format!("{} ({})", b.src, b.exe.display()), cmd)
        })
        .collect();
    if let Some(cmd) = extra {
        jobs.push_back((format!("{cmd:?}"), cmd));
    }
    let queue = Mutex::new(jobs);
    let done: Mutex<Vec<(String, Duration, bool)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..TEST_JOBS {
            scope.spawn(|| loop {
                let next = queue.lock().map(|mut q| q.pop_front()).ok().flatten();
                let Some((label, mut cmd)) = next else {
                    break;
                };
                eprintln!("xtask: started {label}");
                let t0 = Instant::now();
                let out = cmd.stdin(Stdio::null()).output();
                let took = t0.elapsed();
                let ok = out.as_ref().is_ok_and(|o| o.status.success());
                {
                    // One binary's output at a time, whole.
                    let mut so = std::io::stdout().lock();
                    let _ = writeln!(so, "\nxtask: ran {label} in {:.1} s", took.as_secs_f64());
                    match &out {
                        Ok(o) => {
                            let _ = so.write_all(&o.stdout);
                            let _ = so.flush();
                            let _ = std::io::stderr().write_all(&o.stderr);
                            if !o.status.success() {
                                let _ = writeln!(so, "xtask: {label} failed with {}", o.status);
                            }
                        }
                        Err(e) => {
                            let _ = writeln!(so, "xtask: could not start {label}: {e}");
                        }
                    }
                    let _ = so.flush();
                }
                if let Ok(mut d) = done.lock() {
                    d.push((label, took, ok));
                }
            });
        }
    });
    let mut done = done
        .into_inner()
        .map_err(|_| "a test runner thread panicked")?;
    done.sort_by_key(|d| std::cmp::Reverse(d.1));
    eprintln!("xtask: test binaries by wall time ({TEST_JOBS} at a time):");
    for (label, took, ok) in &done {
        let mark = if *ok { "" } else { "  FAILED" };
        eprintln!("xtask:   {:>7.1} s  {label}{mark}", took.as_secs_f64());
    }
    let failed: Vec<&str> = done.iter().filter(|d| !d.2).map(|d| d.0.as_str()).collect();
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!("failing tests in: {}", failed.join(", ")))
    }
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

/// Debian's chromium and chromedriver, installed with apt-get when missing
/// and running as root; otherwise stop with the exact command to run.
fn ensure_chromium() -> Result<()> {
    let have = |p: &str| Path::new(p).exists();
    if have("/usr/bin/chromium") && have("/usr/bin/chromedriver") {
        return Ok(());
    }
    let install = "apt-get update && apt-get install -y chromium chromium-driver";
    if !is_root() {
        return Err(format!(
            "the browser tests need Debian's chromium and chromedriver; run: sudo sh -c '{install}'"
        ));
    }
    // Another apt-get on the machine (an unattended upgrade, a second
    // checkout's run) holds the dpkg lock for a while: wait for it.
    const WAIT_FOR_LOCK: &str = "DPkg::Lock::Timeout=600";
    run(Command::new("apt-get").args(["-o", WAIT_FOR_LOCK, "update"]))?;
    run(Command::new("apt-get")
        .args([
            "-o",
            WAIT_FOR_LOCK,
            "install",
            "-y",
            "--no-install-recommends",
            "chromium",
            "chromium-driver",
        ])
        .env("DEBIAN_FRONTEND", "noninteractive"))
}

/// The wasm-bindgen test runner at exactly the crate's wasm-bindgen version.
fn ensure_test_runner() -> Result<()> {
    const VERSION: &str = "0.2.130";
    let lock = std::fs::read_to_string(root().join("Cargo.lock")).map_err(|e| e.to_string())?;
    if !lock.contains(&format!("name = \"wasm-bindgen\"\nversion = \"{VERSION}\"")) {
        return Err(format!(
            "Cargo.lock's wasm-bindgen is not {VERSION}; keep the crate, wasm-bindgen-cli-support and the test runner on one version"
        ));
    }
    let current = Command::new("wasm-bindgen-test-runner")
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).to_string())
        .unwrap_or_default();
    if current.contains(VERSION) {
        return Ok(());
    }
    run(cargo().args([
        "install",
        "wasm-bindgen-cli",
        "--version",
        &format!("={VERSION}"),
    ]))
}

#[cfg(test)]
mod tests {
    use super::{compact, tighten_css};

    #[test]
    fn comments_and_indentation_go() {
        assert_eq!(
            compact(
                "<p>a</p>\n  <!-- a note\n  over lines -->\n  <p>b</p> <!--x-->c",
                false
            ),
            "<p>a</p>\n<p>b</p> c"
        );
        assert_eq!(
            compact("a { b: c; } /* note */\n  /*INLINE_STYLE*/ d", true),
            "a { b: c; } \n/*INLINE_STYLE*/ d"
        );
    }

    #[test]
    fn css_loses_only_the_whitespace_it_never_needs() {
        assert_eq!(
            tighten_css(".a > b, .c :focus {\n  color: red;\n  margin: 0 1px;\n}\n@media (max-width: 600px) {\n .d::before { content: \": \"; }\n}"),
            ".a > b,.c :focus{color:red;margin:0 1px}@media (max-width:600px){.d::before{content:\": \"}}"
        );
    }
}
