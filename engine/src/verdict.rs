//! What every search of every shape concludes: a [`Verdict`] (a verified
//! [`Solution`], `Unknown` with an [`UnknownReason`], or `Unsolvable` with
//! its parity proof). The 3×3 contract's A*, the optimal solver and the fast
//! solver all answer with it.

use crate::board::Board;
use crate::moves::{Metric, Move, Slide};
use crate::solvability::ParityProof;
use serde::{Deserialize, Serialize};

/// Why a search ended without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution {
    /// The moves, blank-direction names, start to goal: one per tile slid
    /// (in the multi-tile metric each slide's tiles one by one).
    pub moves: Vec<Move>,
    /// The path cost g of the goal in its metric: one per move, or one per
    /// slide in the multi-tile metric ([`Solution::slides`]).
    pub cost: u32,
    /// Every board along the path, start first, one per step of the metric
    /// — the output of [`verify`](crate::witness::verify) or, multi-tile,
    /// [`verify_slides`](crate::witness::verify_slides).
    pub boards: Vec<Board>,
    /// The metric the path is counted in.
    pub metric: Metric,
}

impl Solution {
    /// The path as the metric's steps: one slide of one tile per move in
    /// the single-tile metric; in the multi-tile metric the moves merged
    /// into runs (consecutive moves in one direction are one slide, so a
    /// path never holds two slides the same way in a row).
    pub fn slides(&self) -> Vec<Slide> {
        match self.metric {
            Metric::Single => self.moves.iter().map(|&m| Slide::from(m)).collect(),
            Metric::Multi => runs(&self.moves),
        }
    }
}

/// Moves merged into runs: consecutive moves in one direction become one
/// [`Slide`] of that many tiles (a valid multi-tile path whenever the moves
/// are a valid single-tile one).
pub fn runs(moves: &[Move]) -> Vec<Slide> {
    let mut out: Vec<Slide> = Vec::new();
    for &m in moves {
        match out.last_mut() {
            Some(s) if s.direction == m && s.count < u8::MAX => s.count += 1,
            _ => out.push(Slide::from(m)),
        }
    }
    out
}

/// What a search concluded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
