//! What every search of every shape concludes: a [`Verdict`] (a verified
//! [`Solution`], `Unknown` with an [`UnknownReason`], or `Unsolvable` with
//! its parity proof). The 3×3 contract's A*, the optimal solver and the fast
//! solver all answer with it.

use crate::board::Board;
use crate::moves::Move;
use crate::solvability::ParityProof;

/// Why a search ended without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnknownReason {
    /// The expansion budget was used up before the goal was popped (the 3×3
    /// contract budget).
    BudgetExceeded,
    /// The optimal search's node budget was used up: no solution is shorter
    /// than `lower_bound`.
    NodeBudget {
        /// No solution has fewer moves than this (the IDA* bound reached).
        lower_bound: u32,
        /// The last bound whose iteration completed, if any.
        completed_bound: Option<u32>,
    },
}

impl UnknownReason {
    /// The reason's name, e.g. `BudgetExceeded`.
    pub fn name(self) -> &'static str {
        match self {
            UnknownReason::BudgetExceeded => "BudgetExceeded",
            UnknownReason::NodeBudget { .. } => "NodeBudget",
        }
    }
}

/// A verified shortest path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The moves, blank-direction names, start to goal.
    pub moves: Vec<Move>,
    /// The path cost g of the goal (one per move).
    pub cost: u32,
    /// Every board along the path, start first — the output of [`verify`](crate::witness::verify).
    pub boards: Vec<Board>,
}

/// What a search concluded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The goal was popped; the witness passed the independent check.
    Solved(Solution),
    /// The search stopped before finishing. Not a claim that no solution exists.
    Unknown(UnknownReason),
    /// Start and goal are not joined (the parity invariant differs); no
    /// search was run.
    Unsolvable(ParityProof),
}

impl Verdict {
    /// `Solved`, `Unknown`, or `Unsolvable`.
    pub fn status(&self) -> &'static str {
        match self {
            Verdict::Solved(_) => "Solved",
            Verdict::Unknown(_) => "Unknown",
            Verdict::Unsolvable(_) => "Unsolvable",
        }
    }
}
