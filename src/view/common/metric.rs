//! The chosen metric's estimate: the h the replay, the verdict and Play
//! show, named after the catalogue's entry.

use crate::engine::heuristic::BuiltIn;
use crate::engine::moves::Metric;
use crate::engine::solve::{manhattan, multi_tile_manhattan};
use crate::engine::Board;

/// The estimate shown as h in `metric`: the catalogue's lower bound of
/// that metric that every shape has (Manhattan, or the multi-tile
/// estimate).
pub fn replay_estimate(metric: Metric) -> BuiltIn {
    match metric {
        Metric::Single => BuiltIn::Manhattan,
        Metric::Multi => BuiltIn::MultiTileManhattan,
    }
}

/// [`replay_estimate`]'s value on `board` toward `goal`.
pub fn estimate(metric: Metric, board: &Board, goal: &Board) -> u32 {
    match replay_estimate(metric) {
        BuiltIn::MultiTileManhattan => multi_tile_manhattan(board, goal),
        _ => manhattan(board, goal),
    }
}
