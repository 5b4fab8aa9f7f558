//! Play's count of shortest solutions in the worker
//! ([`Task::AllShortest`](super::Task::AllShortest)), in slices on the
//! tables the worker keeps for the session
//! ([`super::analysis::exact_distances_in`], the analysis's one setup):
//! the tables' build, then the start's optimum proved by IDA*, then the
//! engine's `all_shortest` stopping after [`SHORTEST_VISITS`] boards
//! visited, so a count that cannot finish says so and is never given.

use super::analysis::{exact_distances_in, ANALYSIS_SLICE};
use super::protocol::{Answer, Reply, Shortest, ShortestProgress, Step};
use super::solver::{Report, SolverWorker};
use crate::engine::moves::Metric;
use crate::engine::solve::{all_shortest_within, ExactDistances};
use crate::engine::Board;

/// Boards the count may visit (each remembered, about 100 bytes): over it,
/// the count is unknown.
pub const SHORTEST_VISITS: u64 = 400_000;

/// A count of shortest solutions in the worker, run in slices
/// ([`ShortestJob::step`]).
pub struct ShortestJob {
    start: Board,
    goal: Board,
    metric: Metric,
    limit: u16,
    exact: Option<ExactDistances>,
}

impl ShortestJob {
    /// The count from `start` toward `goal` in `metric`, listing the first
    /// `limit` solutions.
    pub fn new(start: Board, goal: Board, metric: Metric, limit: u16) -> ShortestJob {
        ShortestJob {
            start,
            goal,
            metric,
            limit,
            exact: None,
        }
    }

    /// One bounded slice on `solver`'s tables: a slice of their build, or
    /// of the start's search; then the count, at once (the start's
    /// optimum is known, and the count stops at its visit limit).
    pub fn step(&mut self, solver: &mut SolverWorker) -> Reply {
        let exact = match self.exact.as_mut() {
            Some(exact) => exact,
            None => match exact_distances_in(solver, &self.goal, self.metric) {
                Ok(exact) => self.exact.insert(exact),
                Err(Report::Build { done, tables, .. }) => {
                    return Reply::Progress(Step::Shortest(ShortestProgress::Build {
                        done,
                        tables,
                    }))
                }
                Err(Report::Failed(e)) => return Reply::Error(e),
                Err(_) => return Reply::Error("the tables' build ended without tables".into()),
            },
        };
        match exact.distance_within(&self.start, ANALYSIS_SLICE, None) {
            Ok(Some(_)) => {}
            Ok(None) => return Reply::Progress(Step::Shortest(ShortestProgress::Optimum)),
            Err(e) => return Reply::Error(e.to_string()),
        }
        let limit = usize::from(self.limit);
        match all_shortest_within(&self.start, exact, limit, Some(SHORTEST_VISITS)) {
            Ok(a) => Reply::Done(Answer::Shortest(Shortest {
                length: a.length,
                count: a.count,
                paths: a.paths,
            })),
            Err(e) => Reply::Error(e.to_string()),
        }
    }
}
