//! Words and file-name parts more than one panel writes: a search and a
//! heuristic in file names, a text as a file-name part, milliseconds for
//! the benchmark script.

use super::choice::WRITTEN;
use crate::engine::{heuristic::Heuristic, moves::Metric, Shape};

/// The A* trace's search in file names: `astar`, or
/// `astar-<heuristic code>-w<weight>` for a weighted trace.
pub fn search_name(weighted: Option<(&str, &str)>) -> String {
    match weighted {
        None => "astar".into(),
        Some((heuristic, weight)) => format!("astar-{}-w{}", slug(heuristic), slug(weight)),
    }
}

/// A heuristic in file names: a built-in's code, or `written` for a
/// written h (whatever its text, even a built-in's name).
pub fn heuristic_part(h: &Heuristic) -> String {
    match h.built_in() {
        Some(b) => slug(&b.code(Shape::THREE)),
        None => WRITTEN.to_string(),
    }
}

/// Text as a file-name part: lower-case letters, digits and `.`, every
/// other run of characters one `-`, at most 40 characters; `h` when
/// nothing is left.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || c == '.' {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.truncate(40);
    let out = out.trim_end_matches(['-', '.']);
    if out.is_empty() {
        "h".into()
    } else {
        out.into()
    }
}

/// Milliseconds with three decimals, formatted by hand: the float
/// formatter would add about 15 KB to the wasm. For figures the benchmark
/// script reads, not for people (see [`duration_text`]).
pub fn millis_text(ms: f64) -> String {
    let micros = (ms.max(0.0) * 1000.0).round() as u64;
    format!("{}.{:03}", micros / 1000, micros % 1000)
}

/// How the Trace's IDA* counts, named where the Metric control says
/// multi-tile (its A* counts in the chosen metric).
pub const TRACE_SINGLE_TILE: &str = "the Trace's IDA* is the teaching IDA* (Manhattan)";

/// How the Race's IDA* side counts, named where the Metric control says
/// multi-tile (its other searches count in the chosen metric).
pub const RACE_SINGLE_TILE: &str = "the Race's IDA* side is the teaching IDA* (Manhattan)";

/// How the Lab's Compare all and blog experiment count, named where the
/// Metric control says multi-tile.
pub const LAB_SINGLE_TILE: &str = "Compare all and the blog experiment run single-tile searches";

/// How the State space's 3×3 tools count, named where the Metric control
/// says multi-tile.
pub const SPACE_SINGLE_TILE: &str =
    "the heuristic sweep and the depth table run single-tile searches";

/// The sentence beside a single-tile tool's controls when the chosen metric
/// is `metric` (`None` in the single-tile metric): `tool` is
/// [`TRACE_SINGLE_TILE`], [`RACE_SINGLE_TILE`], [`LAB_SINGLE_TILE`] or
/// [`SPACE_SINGLE_TILE`] (whose figures, as the Lab's, are `their`s).
pub fn single_tile_note(tool: &str, metric: Metric) -> Option<String> {
    let whose = if tool == SPACE_SINGLE_TILE || tool == LAB_SINGLE_TILE {
        "their"
    } else {
        "its"
    };
    (metric == Metric::Multi).then(|| {
        let mut chars = tool.chars();
        let first: String = chars.next().map(|c| c.to_uppercase().collect()).unwrap_or_default();
        format!(
            "{first}{}: {whose} moves and figures count single-tile moves, not the multi-tile moves the Metric control chose.",
            chars.as_str()
        )
    })
}

/// Why Optimal does not run on a board of `shape`: the engine's own
/// sentence ([`crate::engine::solve::OptimalError::TooLarge`]), as a sentence; `None` where
/// optimal search runs (up to 25 cells).
pub fn optimal_refusal(shape: Shape) -> Option<String> {
    (!shape.optimal_searchable()).then(|| {
        let why = crate::engine::solve::OptimalError::TooLarge { shape }.to_string();
        let mut c = why.chars();
        let first: String = c
            .next()
            .map(|f| f.to_uppercase().collect())
            .unwrap_or_default();
        format!("{first}{}.", c.as_str())
    })
}
