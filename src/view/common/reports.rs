//! The solver's reports in words, for the Solution and Play tabs.

use crate::engine::moves::{Metric, Slide};
use crate::engine::text::{plural, thousands};
use crate::engine::Move;
use crate::task::solver::HintAnswer;

/// The progress of a database build, in words.
pub fn build_words(done: usize, tables: usize, filled: usize, entries: usize) -> String {
    format!(
        "table {} of {tables}, {} of {} entries",
        (done + 1).min(tables),
        thousands(filled as u64),
        thousands(entries as u64)
    )
}

/// A worker hint's answer in words: the exact moves, a proved shortest
/// path's first move, or a fast-mode move not proved optimal.
pub fn hint_answer_words(answer: &HintAnswer) -> String {
    match answer {
        HintAnswer::Exact(d) => hint_words(d),
        slide @ HintAnswer::Slide { .. } => slide.slide_words().unwrap_or_default(),
        HintAnswer::Shortest {
            first,
            distance,
            budget,
        } => format!(
            "Hint: {} (the blank moves that way) starts a shortest path; the exact distance drops from {distance} to {}. Whether other moves do too was not decided within the hint's budget of {} nodes.",
            first.name(),
            distance.saturating_sub(1),
            thousands(*budget)
        ),
        HintAnswer::FastOnly {
            first,
            length,
            lower_bound,
            metric,
        } => fast_only_words(*first, *length, *lower_bound, *metric),
        HintAnswer::Fast {
            first,
            length,
            lower_bound,
            budget,
        } => format!(
            "Hint (not proved optimal): {} (the blank moves that way), the first move of a fast-mode path of {}. IDA* did not finish within the hint's budget of {} nodes; no path is shorter than {}.",
            first.name(),
            plural(*length, "move"),
            thousands(*budget),
            plural(*lower_bound, "move")
        ),
    }
}

/// A hint of fast mode on a board past 25 cells, in words: what it is and
/// what it is not.
fn fast_only_words(first: Slide, length: u32, lower_bound: u32, metric: Metric) -> String {
    let (what, bound) = match metric {
        Metric::Single => (
            format!("{} (the blank moves that way)", first.direction.name()),
            "Manhattan + linear conflict",
        ),
        Metric::Multi => (
            format!("{first} (the blank slides that way)"),
            "the multi-tile estimate",
        ),
    };
    let path = match metric {
        Metric::Single => plural(length, "move"),
        Metric::Multi => plural(length, "multi-tile move"),
    };
    format!(
        "Hint from fast mode (not necessarily on a shortest path): {what}, the first move of a fast-mode path of {path}; no path is shorter than {} ({bound}). Optimal search stops at 25 cells, so no move is proved shortest on this board.",
        plural(lower_bound, "move")
    )
}

/// The hint from the neighbours' exact distances.
pub fn hint_words(d: &[Option<u32>; 4]) -> String {
    let Some(best) = d.iter().flatten().min().copied() else {
        return "No hint: no move is possible.".into();
    };
    let names: Vec<&str> = Move::ALL
        .iter()
        .zip(d)
        .filter(|(_, x)| **x == Some(best))
        .map(|(m, _)| m.name())
        .collect();
    let here = best + 1;
    format!(
        "Hint: {} (the blank moves that way); the exact distance drops from {here} to {best}.",
        names.join(" or ")
    )
}
