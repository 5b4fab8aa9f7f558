//! The one typed answer of the Solution panel: what a solve of the current
//! inputs settled on, wherever it ran, once the page has checked it. The
//! 3×3 contract A* (on the page's thread) and the worker's reports (after
//! the page's `verify`) both end here; the panel keeps one and walks its
//! witness with its one cursor.

use super::cursor::steps_of;
use crate::engine::contract::{count_optimal_paths, Outcome, ReplayStep};
use crate::engine::solve::manhattan;
use crate::engine::{Board, Move, ParityProof, Verdict};
use crate::task::solver::Counters;
use crate::view::common::GoalTable;

/// What a solve settled on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::view) enum Answer {
    /// The 3×3 contract A*'s outcome (its witness checked by the contract).
    Contract(ContractAnswer),
    /// The contract's own check failed: nothing is claimed.
    Internal(String),
    /// A worker's report, checked on the page.
    Worker(WorkerAnswer),
}

/// The contract A*'s answer: its outcome and the figures the page adds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::view) struct ContractAnswer {
    /// The contract's outcome.
    pub outcome: Outcome,
    /// The witness's replay steps (empty without a witness).
    pub steps: Vec<ReplayStep>,
    /// The start's exact distance, looked up when the search stopped at the
    /// highest budget a person can type.
    pub exact: Option<Option<u32>>,
    /// How many shortest paths join start and goal, once counted.
    pub paths: Option<u64>,
}

impl ContractAnswer {
    /// Counts the shortest paths of a solved start, if not counted yet.
    pub fn count_paths(&mut self, tables: &mut GoalTable) {
        if matches!(self.outcome.verdict, Verdict::Solved(_)) && self.paths.is_none() {
            self.paths =
                count_optimal_paths(tables.for_goal(&self.outcome.goal), &self.outcome.start);
        }
    }
}

/// A worker solve's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::view) struct WorkerAnswer {
    /// The goal solved for.
    pub goal: Board,
    /// The node budget of the solve.
    pub budget: u64,
    /// Whether the solve had to build the pattern database.
    pub built: bool,
    /// What it settled on.
    pub verdict: Settled,
}

/// What a worker solve settled on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::view) enum Settled {
    /// A path that passed `verify`; `lower_bound` is set for a fast path.
    Solved {
        /// The search's counters (only `generated` for a fast path).
        counters: Counters,
        /// The path.
        moves: Vec<Move>,
        /// The boards it visits, start first (from `verify`).
        boards: Vec<Board>,
        /// The proved lower bound of a fast path.
        lower_bound: Option<u32>,
    },
    /// The node budget ran out.
    Unknown(Counters),
    /// Not joined: the engine's proof (no search was run).
    Unsolvable(ParityProof),
    /// `verify` rejected the worker's path.
    Rejected(String),
}

impl Answer {
    /// The witness's replay steps, for the panel's cursor.
    pub fn steps(&self) -> Vec<ReplayStep> {
        match self {
            Answer::Contract(c) => c.steps.clone(),
            Answer::Worker(WorkerAnswer {
                goal,
                verdict: Settled::Solved { moves, boards, .. },
                ..
            }) => steps_of(moves, boards, |b| manhattan(b, goal)),
            _ => Vec::new(),
        }
    }
}
