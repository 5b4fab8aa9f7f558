//! Fast mode: a verified path for every solvable board of every shape,
//! quickly, not necessarily shortest, with a proved lower bound beside it.
//!
//! The search itself is in `search.rs`; this module checks its answer with
//! the one [`crate::verify`] and states it as the engine's one
//! [`crate::Verdict`], so a fast path is shown exactly like an optimal one,
//! labelled by [`Shortest`](super::Shortest): shortest when its length
//! meets the lower bound, otherwise not proved shortest.

mod search;
mod shorten;

pub(crate) use search::lc_bound as lower_bound;
pub use search::{FastConfig, FastSolution, FastSolver, Repair, MAX_WINDOW};
pub use shorten::Shortening;

use crate::engine::{
    check_parity,
    moves::Metric,
    solve::multi_tile_manhattan,
    verdict::runs,
    verify,
    witness::{verify_slides, WitnessError},
    Board, Solution, Verdict,
};
use std::fmt;

/// What a fast solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FastOutcome {
    /// The start.
    pub start: Board,
    /// The goal.
    pub goal: Board,
    /// `Solved` (checked by [`verify`]) or `Unsolvable`; fast mode has no
    /// budget, so never `Unknown`.
    pub verdict: Verdict,
    /// A proved lower bound on the shortest path's length (`None` when
    /// unsolvable).
    pub lower_bound: Option<u32>,
    /// Nodes generated, over every stage of the search.
    pub generated: u64,
    /// The method's name, for reports.
    pub method: &'static str,
}

/// Why a fast solve could not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FastError {
    /// Occurs when start and goal have different shapes.
    ShapeMismatch,
    /// Occurs when the path fails the independent replay check (a bug,
    /// reported instead of a wrong answer).
    Witness(WitnessError),
}

impl fmt::Display for FastError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FastError::ShapeMismatch => write!(f, "start and goal have different shapes"),
            FastError::Witness(e) => write!(f, "internal error, witness rejected: {e}"),
        }
    }
}

impl std::error::Error for FastError {}

/// The name of the method, as reports show it.
pub const FAST_METHOD: &str = "beam search on Manhattan + linear conflict";

/// The name of the method with a pattern database ([`FastSolver::with_heuristic`]).
pub const FAST_METHOD_PDB: &str = "beam search on a pattern database and linear conflict";

impl FastSolver {
    /// The method's name, as reports show it.
    pub fn method(&self) -> &'static str {
        if self.has_database() {
            FAST_METHOD_PDB
        } else {
            FAST_METHOD
        }
    }
}

impl FastSolver {
    /// [`FastSolver::outcome`] with the length counted in `metric`. In the
    /// multi-tile metric the single-tile path is merged into runs
    /// (consecutive moves in one direction are one slide), a valid
    /// multi-tile path, checked by [`verify_slides`]; its lower bound is
    /// the multi-tile estimate ([`multi_tile_manhattan`]), so it is
    /// labelled shortest only when it meets that bound.
    pub fn outcome_in(
        &self,
        start: &Board,
        goal: &Board,
        metric: Metric,
    ) -> Result<FastOutcome, FastError> {
        self.outcome_anytime_in(start, goal, metric, &mut || false)
    }

    /// [`FastSolver::outcome_in`] of [`FastSolver::solve_anytime`].
    pub fn outcome_anytime_in(
        &self,
        start: &Board,
        goal: &Board,
        metric: Metric,
        go_on: &mut dyn FnMut() -> bool,
    ) -> Result<FastOutcome, FastError> {
        let out = self.outcome_anytime(start, goal, go_on)?;
        let Verdict::Solved(single) = &out.verdict else {
            return Ok(out);
        };
        if metric == Metric::Single {
            return Ok(out);
        }
        let slides = runs(&single.moves);
        let cost = slides.len() as u32;
        let boards = verify_slides(start, goal, &slides, cost).map_err(FastError::Witness)?;
        Ok(FastOutcome {
            verdict: Verdict::Solved(Solution {
                moves: single.moves.clone(),
                cost,
                boards,
                metric,
            }),
            lower_bound: Some(multi_tile_manhattan(start, goal).min(cost)),
            ..out
        })
    }

    /// Solves `start` toward this solver's goal and checks the path: the
    /// one [`FastOutcome`] of [`solve_fast`], reusing this solver's tables.
    pub fn outcome(&self, start: &Board, goal: &Board) -> Result<FastOutcome, FastError> {
        self.outcome_anytime(start, goal, &mut || false)
    }

    /// [`FastSolver::outcome`] of [`FastSolver::solve_anytime`]: wider
    /// beams while `go_on()` says so.
    pub fn outcome_anytime(
        &self,
        start: &Board,
        goal: &Board,
        go_on: &mut dyn FnMut() -> bool,
    ) -> Result<FastOutcome, FastError> {
        if start.shape() != goal.shape() {
            return Err(FastError::ShapeMismatch);
        }
        if let Err(proof) = check_parity(start, goal) {
            return Ok(FastOutcome {
                start: *start,
                goal: *goal,
                verdict: Verdict::Unsolvable(proof),
                lower_bound: None,
                generated: 0,
                method: self.method(),
            });
        }
        let found = self.solve_anytime(start, go_on);
        let cost = found.moves.len() as u32;
        let boards = verify(start, goal, &found.moves, cost).map_err(FastError::Witness)?;
        Ok(FastOutcome {
            start: *start,
            goal: *goal,
            verdict: Verdict::Solved(Solution {
                moves: found.moves,
                cost,
                boards,
                metric: crate::moves::Metric::Single,
            }),
            lower_bound: Some(found.lower_bound.min(cost)),
            generated: found.generated,
            method: self.method(),
        })
    }
}

/// A fast, verified path from `start` to `goal` (any shape), or the parity
/// proof that there is none.
pub fn solve_fast(start: &Board, goal: &Board) -> Result<FastOutcome, FastError> {
    FastSolver::new(goal).outcome(start, goal)
}

/// [`solve_fast`] with the length counted in `metric` (see
/// [`FastSolver::outcome_in`]).
pub fn solve_fast_in(
    start: &Board,
    goal: &Board,
    metric: Metric,
) -> Result<FastOutcome, FastError> {
    FastSolver::new(goal).outcome_in(start, goal, metric)
}
