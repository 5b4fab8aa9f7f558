//! Play's count of shortest solutions in the worker
//! ([`Task::AllShortest`](super::Task::AllShortest)): the engine's
//! `all_shortest` on the exact distances the analysis uses
//! ([`super::analysis::exact_distances`]), stopping after
//! [`SHORTEST_VISITS`] boards visited, so a count that cannot finish in
//! about a second says so and is never given.

use super::analysis::exact_distances;
use crate::engine::moves::{Metric, Slide};
use crate::engine::solve::all_shortest_within;
use crate::engine::Board;
use serde::{Deserialize, Serialize};

/// Boards the count may visit (each remembered, about 100 bytes): over it,
/// the count is unknown.
pub const SHORTEST_VISITS: u64 = 400_000;

/// The shortest solutions of a start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shortest {
    /// Their length in the metric.
    pub length: u32,
    /// How many there are, exactly.
    pub count: u128,
    /// The first of them in move order (at most the task's limit).
    pub paths: Vec<Vec<Slide>>,
}

/// Counts the shortest solutions from `start` to `goal` in `metric` and
/// lists the first `limit`.
pub fn run_shortest_task(
    start: &Board,
    goal: &Board,
    metric: Metric,
    limit: u16,
) -> Result<Shortest, String> {
    let mut exact = exact_distances(goal, metric)?;
    let a = all_shortest_within(start, &mut exact, usize::from(limit), Some(SHORTEST_VISITS))
        .map_err(|e| e.to_string())?;
    Ok(Shortest {
        length: a.length,
        count: a.count,
        paths: a.paths,
    })
}
