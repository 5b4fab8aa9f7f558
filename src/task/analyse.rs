//! The analysis of a played solve ([`Task::Analyse`](super::Task::Analyse)):
//! the engine's exact distances board by board, as the command line's
//! `analyse` reads them, with the bound the page can build at once.

use crate::engine::moves::{Metric, Slide};
use crate::engine::notation::{Notation, Written};
use crate::engine::solve::{
    analyse, Analysis, Bound, Estimator, ExactDistances, RunsDb, TABLE_MAX_CELLS,
};
use crate::engine::Board;
use std::sync::Arc;

/// Nodes each board's search may generate when no whole-space table
/// answers (over 10 cells); a distance the budget does not settle is
/// reported as a lower bound.
pub const ANALYSE_NODES: u64 = 5_000_000;

/// Analyses `moves` (one per move of `metric`) from `start` toward `goal`.
pub fn run(
    start: &Board,
    goal: &Board,
    metric: Metric,
    moves: &[Slide],
) -> Result<Analysis, String> {
    let small = goal.shape().cells() <= TABLE_MAX_CELLS;
    let bound = match metric {
        Metric::Single if small => Bound::Single(Estimator::Manhattan),
        Metric::Single => Bound::Single(Estimator::LinearConflict),
        Metric::Multi if small => Bound::Multi(None),
        Metric::Multi => Bound::Multi(Some(Arc::new(RunsDb::build(goal)))),
    };
    let mut exact =
        ExactDistances::new(goal, metric, bound, Some(ANALYSE_NODES)).map_err(|e| e.to_string())?;
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
            .ok_or_else(|| format!("move {}, {}: it leaves the board", w.position, w.text))?;
    }
    analyse(start, &written, &mut exact, &mut |_| {}).map_err(|e| e.to_string())
}
