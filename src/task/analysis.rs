//! Play's solve read back in the worker ([`Task::Analyse`](super::Task::Analyse)):
//! the engine's `analyse` on the moves the person made, each board's
//! distance from IDA* (or the whole-space table natively, up to 10 cells)
//! within [`ANALYSIS_NODES`] nodes a board.

use crate::engine::moves::{Metric, Slide};
use crate::engine::notation::{Notation, Written};
use crate::engine::solve::{analyse, Analysis, Bound, Estimator, ExactDistances};
use crate::engine::Board;

/// Nodes each board's search may generate: over it, the board shows its
/// proved lower bound.
pub const ANALYSIS_NODES: u64 = 2_000_000;

/// The exact distances to `goal` in `metric` the page's tasks use: the
/// analysis and the count of shortest solutions
/// ([`super::shortest`]) share this one setup.
pub fn exact_distances(goal: &Board, metric: Metric) -> Result<ExactDistances, String> {
    let bound = match metric {
        Metric::Single => Bound::Single(Estimator::LinearConflict),
        Metric::Multi => Bound::Multi(None),
    };
    ExactDistances::new(goal, metric, bound, Some(ANALYSIS_NODES)).map_err(|e| e.to_string())
}

/// The analysis of `moves` (the game's moves of `metric`) from `start`
/// toward `goal`.
pub fn run_analysis_task(
    start: &Board,
    goal: &Board,
    metric: Metric,
    moves: &[Slide],
) -> Result<Analysis, String> {
    let mut exact = exact_distances(goal, metric)?;
    let written: Vec<Written> = moves
        .iter()
        .enumerate()
        .map(|(i, &slide)| Written {
            position: i + 1,
            text: Notation::Blank.write_slide(slide),
            slide,
        })
        .collect();
    let mut board = *start;
    for w in &written {
        board = board
            .slide(w.slide)
            .ok_or_else(|| format!("move {}, {}: off the board", w.position, w.text))?;
    }
    analyse(start, &written, &mut exact, &mut |_| {}).map_err(|e| e.to_string())
}
