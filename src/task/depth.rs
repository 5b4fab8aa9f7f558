//! The depth table's tasks: the engine's exact table over a rank range of
//! 3×3 starts ([`DepthSearches`]), answered with its partial totals, which
//! merge in any order.

use crate::engine::teaching::lab::{DepthPartial, DepthSearches};
use crate::engine::{contract::Goal, Board};

/// Runs a depth task (what a worker does): the partial of ranks `lo..hi`.
pub fn run_depth_task(goal: &Board, lo: u32, hi: u32) -> Result<DepthPartial, String> {
    DepthSearches::new(&Goal::new(*goal))
        .run(lo..hi)
        .map_err(|e| e.to_string())
}
