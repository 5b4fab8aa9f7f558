//! The documents name only files that exist: every backticked path in
//! ARCHITECTURE.md, README.md and docs/*.md whose first part is one of the
//! repository's source folders (`engine/`, `src/`, `www/`, `tests/`, …) must
//! exist in the tree, so a renamed or deleted file fails here until the
//! documents follow it.

use std::path::{Path, PathBuf};

/// The folders whose paths the documents name. A backticked word starting
/// with one of these and a `/` is a path of the repository.
const TREE_FOLDERS: [&str; 10] = [
    "engine", "src", "www", "xtask", "tests", "benches", "docs", "data", "examples", ".ci",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The text of every backticked span outside fenced code blocks (a span may
/// run across a line break; it then holds white space and is no path).
fn backticked(markdown: &str) -> Vec<String> {
    let mut prose = String::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    prose
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// The span as a repository path, when it is one: no white space or
/// placeholder characters, and a first part among [`TREE_FOLDERS`].
fn as_path(span: &str) -> Option<&str> {
    if span.is_empty()
        || span
            .chars()
            .any(|c| c.is_whitespace() || "*<>…{}|$=#?,;()".contains(c))
    {
        return None;
    }
    let (first, _) = span.split_once('/')?;
    TREE_FOLDERS.contains(&first).then_some(span)
}

/// Every path the document at `doc` names that is missing from the tree.
fn missing_in(doc: &Path) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(doc)
        .unwrap_or_else(|e| panic!("could not read {}: {e}", doc.display()));
    let spans = backticked(&text);
    let paths: Vec<&str> = spans.iter().filter_map(|s| as_path(s)).collect();
    let missing = paths
        .iter()
        .filter(|p| !root().join(p).exists())
        .map(|p| format!("{}: `{p}`", doc.display()))
        .collect();
    (paths.len(), missing)
}

fn documents() -> Vec<PathBuf> {
    let mut docs = vec![root().join("ARCHITECTURE.md"), root().join("README.md")];
    if let Ok(entries) = std::fs::read_dir(root().join("docs")) {
        let mut more: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "md"))
            .collect();
        more.sort();
        docs.extend(more);
    }
    docs
}

#[test]
fn every_path_the_documents_name_exists() {
    let mut missing = Vec::new();
    let mut architecture_paths = 0;
    for doc in documents() {
        let (count, gone) = missing_in(&doc);
        if doc.ends_with("ARCHITECTURE.md") {
            architecture_paths = count;
        }
        missing.extend(gone);
    }
    // The codemap names each important file: far more than a handful.
    assert!(
        architecture_paths >= 100,
        "ARCHITECTURE.md names only {architecture_paths} paths; is its codemap still backticked?"
    );
    assert!(
        missing.is_empty(),
        "paths named in the documents but missing from the tree:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_reader_finds_paths_and_only_paths() {
    let text = "See `engine/src/board.rs` and `src/view/`, not `cargo xtask\ntest`,\n\
                `target/release/eight-puzzle`, `tests/golden/…` or `*_tests.rs`.\n\
                ```sh\necho `src/in_a_fence.rs`\n```\nand `www/index.html`.";
    let spans = backticked(text);
    let paths: Vec<&str> = spans.iter().filter_map(|s| as_path(s)).collect();
    assert_eq!(
        paths,
        ["engine/src/board.rs", "src/view/", "www/index.html"]
    );
    // A missing file is reported with its document.
    let dir = std::env::temp_dir().join(format!("docs-paths-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let doc = dir.join("NOTE.md");
    std::fs::write(&doc, "`src/no_such_file.rs` and `src/lib.rs`").unwrap();
    let (count, gone) = missing_in(&doc);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(count, 2);
    assert_eq!(gone, [format!("{}: `src/no_such_file.rs`", doc.display())]);
}
