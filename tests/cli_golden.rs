//! The command-line tool as a user sees it, against a corpus captured from
//! the binary before the CLI was redesigned: every file of `tests/golden/cli`
//! holds the arguments (and standard input) of one run, its exit status, its
//! standard output and its standard error, compared byte for byte.
//!
//! Only timing figures differ from run to run, and only they are masked
//! ([`mask`]), in the expected and the actual text alike:
//! - a JSON timing field, `"(ms|database_ms|build_ms|total_ms|max_ms|search_ms_summed|seconds|nodes_per_s|nodes_per_s_per_thread)":NUMBER`
//!   → `"$1":#`;
//! - a number before a time or rate unit, `\b[0-9]+(\.[0-9]+)? (ms|s|M nodes/s)\b` → `# $2`;
//! - the `ms` column of a `korf100`/`korf24` table row,
//!   `^( +[0-9]+ +[0-9]+ +\S+ +\S+ +\S+ +\S+ +[0-9]+) +[0-9]+\.[0-9](  )` → `$1 #$2`.
//!
//! The corpus is written by `tests/golden/capture_cli.py` (run it with the
//! binary built from the code before a change). `GOLDEN_CLI_BIN` runs the
//! corpus against another binary instead of this build's.

mod common;

use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// One captured run.
#[derive(Deserialize)]
struct Case {
    args: Vec<String>,
    stdin: Option<String>,
    status: i32,
    stdout: String,
    stderr: String,
}

/// JSON fields that carry a duration or a rate.
const TIMING_KEYS: [&str; 9] = [
    "ms",
    "database_ms",
    "build_ms",
    "total_ms",
    "max_ms",
    "search_ms_summed",
    "seconds",
    "nodes_per_s",
    "nodes_per_s_per_thread",
];

/// Units a masked number stands before (longest first).
const UNITS: [&str; 3] = [" M nodes/s", " ms", " s"];

fn is_word(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
}

/// The length of `[0-9]+(\.[0-9]+)?` at the start of `s` (0 if none).
fn number_len(s: &str) -> usize {
    let b = s.as_bytes();
    let mut i = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if i > 0 && b.get(i) == Some(&b'.') {
        let frac = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if frac > 0 {
            i += 1 + frac;
        }
    }
    i
}

/// The length of a JSON number at the start of `s` (0 if none).
fn json_number_len(s: &str) -> usize {
    s.find(|c: char| !(c.is_ascii_digit() || "+-.eE".contains(c)))
        .unwrap_or(s.len())
}

/// The korf table rule on one line: the eighth field (`ms`) of a row that
/// starts with spaces, when the fields before it are the row's and two
/// spaces follow it.
fn mask_korf_row(line: &str) -> Option<String> {
    if !line.starts_with(' ') {
        return None;
    }
    // Byte ranges of the first eight space-separated fields.
    let mut spans = Vec::with_capacity(8);
    let mut at = 0;
    while spans.len() < 8 {
        let start = at + line[at..].find(|c: char| c != ' ')?;
        let end = line[start..].find(' ').map_or(line.len(), |n| start + n);
        spans.push((start, end));
        at = end;
    }
    let field = |i: usize| &line[spans[i].0..spans[i].1];
    let int = |f: &str| !f.is_empty() && f.bytes().all(|c| c.is_ascii_digit());
    let ms_ok = field(7)
        .split_once('.')
        .is_some_and(|(a, b)| int(a) && b.len() == 1 && int(b));
    let (generated_end, ms_end) = (spans[6].1, spans[7].1);
    let gap_after = line[ms_end..].starts_with("  ");
    if !(int(field(0)) && int(field(1)) && int(field(6)) && ms_ok && gap_after) {
        return None;
    }
    Some(format!("{} #{}", &line[..generated_end], &line[ms_end..]))
}

/// The text with its timing figures masked (the rules in the module's
/// documentation).
fn mask(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        let korf = mask_korf_row(body);
        let body = korf.as_deref().unwrap_or(body);
        let mut i = 0;
        while i < body.len() {
            let rest = &body[i..];
            let before = body[..i].chars().next_back();
            if rest.starts_with('"') {
                if let Some(key) = TIMING_KEYS
                    .iter()
                    .find(|k| rest[1..].starts_with(**k) && rest[1 + k.len()..].starts_with("\":"))
                {
                    let at = 1 + key.len() + 2;
                    let n = json_number_len(&rest[at..]);
                    if n > 0 {
                        out.push_str(&rest[..at]);
                        out.push('#');
                        i += at + n;
                        continue;
                    }
                }
            }
            let n = if is_word(before) { 0 } else { number_len(rest) };
            if n > 0 {
                let after = &rest[n..];
                if let Some(unit) = UNITS
                    .iter()
                    .find(|u| after.starts_with(**u) && !is_word(after[u.len()..].chars().next()))
                {
                    out.push('#');
                    out.push_str(unit);
                    i += n + unit.len();
                    continue;
                }
                out.push_str(&rest[..n]);
                i += n;
                continue;
            }
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
        }
        out.push_str(end);
    }
    out
}

#[test]
fn the_masks_cover_timing_only() {
    assert_eq!(
        mask("{\"ms\":12.5,\"database_ms\":3,\"generated\":120,\"build_ms\":null}"),
        "{\"ms\":#,\"database_ms\":#,\"generated\":120,\"build_ms\":null}"
    );
    assert_eq!(
        mask("in 12.3 ms; 0.01 s wall (12.9 M nodes/s), 5 starts, 3 s\n"),
        "in # ms; # s wall (# M nodes/s), 5 starts, # s\n"
    );
    assert_eq!(
        mask("    1        57    57     0    57     0         102831       13.8  ULDD\n"),
        "    1        57    57     0    57     0         102831 #  ULDD\n"
    );
    assert_eq!(
        mask("    3        59 Unknown     -    45     -           1000        0.1  \n"),
        "    3        59 Unknown     -    45     -           1000 #  \n"
    );
    assert_eq!(
        mask("    1        95   109    14    77    32        1364890      240.4  not proved shortest  LDRD\n"),
        "    1        95   109    14    77    32        1364890 #  not proved shortest  LDRD\n"
    );
    assert_eq!(mask("cost 31, generated 18006"), "cost 31, generated 18006");
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/cli")
}

/// Runs one case with `bin`: `None` when it is unchanged, else what differs.
fn differences(bin: &str, path: &Path) -> Option<String> {
    let text = std::fs::read_to_string(path).expect("a case file");
    let case: Case = serde_json::from_str(&text).expect("a case");
    let args: Vec<&str> = case.args.iter().map(String::as_str).collect();
    let got = common::run_in(
        bin,
        env!("CARGO_MANIFEST_DIR"),
        &args,
        case.stdin.as_deref(),
    );
    let mut diffs = Vec::new();
    if got.0 != case.status {
        diffs.push(format!("status {} (expected {})", got.0, case.status));
    }
    for (what, expected, actual) in [
        ("stdout", &case.stdout, &got.1),
        ("stderr", &case.stderr, &got.2),
    ] {
        let (e, a) = (mask(expected), mask(actual));
        if e != a {
            diffs.push(format!("{what}:\n--- expected\n{e}\n--- got\n{a}"));
        }
    }
    let name = path.file_stem().unwrap_or_default().to_string_lossy();
    (!diffs.is_empty()).then(|| format!("{name} {:?}\n{}", case.args, diffs.join("\n")))
}

#[test]
fn every_captured_run_is_unchanged() {
    let bin = std::env::var("GOLDEN_CLI_BIN").unwrap_or_else(|_| common::BIN.to_string());
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("the corpus directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    // The runs that build a pattern database (korf100 with pdb-663, batch)
    // start first, so the others fill the time they take.
    files.sort_by_key(|p| {
        let name = p.file_name().unwrap_or_default().to_string_lossy();
        (
            !(name.starts_with("korf") || name.starts_with("batch")),
            p.clone(),
        )
    });
    assert!(files.len() >= 60, "{} cases", files.len());
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                while let Some(path) = files.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if let Some(d) = differences(&bin, path) {
                        failures.lock().expect("the failure list").push(d);
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().expect("the failure list");
    assert!(
        failures.is_empty(),
        "{} of {} runs differ:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}
