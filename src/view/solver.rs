//! The solver's reports in words, for the Solution and Play tabs.

pub use crate::engine::text::thousands;
use crate::engine::Move;

/// The progress of a database build, in words.
pub fn build_words(done: usize, tables: usize, filled: usize, entries: usize) -> String {
    format!(
        "table {} of {tables}, {} of {} entries",
        (done + 1).min(tables),
        thousands(filled as u64),
        thousands(entries as u64)
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
