//! The one typed answer of the Solution panel: what a solve of the current
//! inputs settled on, whichever search made it and wherever it ran, once
//! its witness is checked. Its parts are data: the board pair, the
//! outcome, and the search's own figures as one [`Evidence`] variant.

use super::cursor::{steps_of, Guards};
use crate::engine::moves::{Metric, Slide};
use crate::engine::solve::Mode;
use crate::engine::{
    contract::{Budget, Stats},
    replay::ReplayStep,
    teaching::count_optimal_paths,
};
use crate::engine::{Board, ParityProof, UnknownReason};
use crate::task::solver::Counters;
use crate::view::common::{estimate, GoalTable};
use crate::view::input::ParsedInputs;

/// The search that solves the current inputs: the task's kind, and for a
/// worker task the metric its moves are counted in. The 3×3 contract A*
/// (single-tile moves only) runs at once on the page's thread; IDA* and
/// Fast run as a task for the Web Worker (with progress and Cancel).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Search {
    /// The 3×3 contract A*.
    #[default]
    Contract,
    /// An optimal search in the worker, in this metric.
    Ida(Metric),
    /// Fast mode in this metric: a verified path and a proved lower bound.
    Fast(Metric),
}

impl Search {
    /// The search the inputs are planned for: the multi-tile metric never
    /// plans the contract A*, which counts single-tile moves.
    pub fn of(inputs: &ParsedInputs) -> Search {
        match (inputs.is_remote(), inputs.mode()) {
            (false, _) => Search::Contract,
            (true, Mode::Optimal) => Search::Ida(inputs.metric()),
            (true, Mode::Fast) => Search::Fast(inputs.metric()),
        }
    }

    /// The metric the search counts moves in.
    pub fn metric(self) -> Metric {
        match self {
            Search::Contract => Metric::Single,
            Search::Ida(m) | Search::Fast(m) => m,
        }
    }

    /// Whether the search runs as a task for the Web Worker.
    pub fn in_worker(self) -> bool {
        self != Search::Contract
    }

    /// How the replay words its guards: the contract names every boundary.
    pub(in crate::view) fn guards(self) -> Guards {
        match self {
            Search::Contract => Guards::Contract,
            Search::Ida(_) | Search::Fast(_) => Guards::Worker,
        }
    }
}

/// What a solve settled on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::view) struct Answer {
    /// The start solved.
    pub start: Board,
    /// The goal solved for.
    pub goal: Board,
    /// The outcome.
    pub outcome: Settled,
    /// The metric the path's moves are counted in.
    pub metric: Metric,
    /// The search's own figures.
    pub evidence: Evidence,
}

/// The outcome of a solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::view) enum Settled {
    /// A path that passed the independent check, and its replay steps.
    Solved {
        /// The path: one slide a move (every count 1 in the single-tile
        /// metric).
        moves: Vec<Slide>,
        /// Its replay, start first.
        steps: Vec<ReplayStep>,
    },
    /// The search stopped at its budget; its evidence says what it proved.
    Unknown,
    /// Start and goal differ in the parity invariant.
    Unsolvable(ParityProof),
    /// A check failed (the contract's own, or `verify` of a worker's
    /// path): nothing is claimed.
    Rejected(String),
    /// The worker's path counts moves in this other metric than the one
    /// asked for: nothing is claimed (a single-tile path is never shown
    /// as a multi-tile answer).
    OtherMetric(Metric),
}

/// The figures of the search that answered: one variant per search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::view) enum Evidence {
    /// The 3×3 contract A*.
    Contract(ContractFigures),
    /// IDA* with the pattern database.
    Ida {
        /// Its counters.
        counters: Counters,
        /// The node budget.
        budget: u64,
        /// Whether the solve had to build the database.
        built: bool,
    },
    /// Fast mode.
    Fast {
        /// Nodes generated.
        generated: u64,
        /// The proved lower bound.
        lower_bound: u32,
    },
    /// No search ran: the engine's parity proof settled it on the page.
    Parity,
}

/// The contract A*'s figures and those the page adds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::view) struct ContractFigures {
    /// Its counters.
    pub stats: Stats,
    /// The budget it ran under.
    pub budget: Budget,
    /// Why it stopped without an answer, if it did.
    pub reason: Option<UnknownReason>,
    /// The start's exact distance, looked up when the search stopped at the
    /// highest budget a person can type.
    pub exact: Option<Option<u32>>,
    /// How many shortest paths join start and goal, once counted.
    pub paths: Option<u64>,
}

impl Answer {
    /// Whether the answer is a contract path whose shortest paths are not
    /// counted yet (the count is a whole-space search of its own).
    pub fn paths_uncounted(&self) -> bool {
        matches!(self.outcome, Settled::Solved { .. })
            && matches!(&self.evidence, Evidence::Contract(f) if f.paths.is_none())
    }

    /// The witness's replay steps, for the panel's cursor.
    pub fn steps(&self) -> Vec<ReplayStep> {
        match &self.outcome {
            Settled::Solved { steps, .. } => steps.clone(),
            _ => Vec::new(),
        }
    }

    /// Whether a task for the Web Worker answered (or would have: the
    /// parity proof settles a worker solve on the page).
    pub fn is_worker_answer(&self) -> bool {
        !matches!(self.evidence, Evidence::Contract(_))
    }

    /// A worker's checked path in `metric`: its steps with that metric's
    /// estimate (Manhattan, or the multi-tile estimate).
    pub fn checked(
        (start, goal): (Board, Board),
        moves: Vec<Slide>,
        metric: Metric,
        boards: &[Board],
        evidence: Evidence,
    ) -> Answer {
        let steps = steps_of(&moves, boards, |b| estimate(metric, b, &goal));
        Answer {
            start,
            goal,
            outcome: Settled::Solved { moves, steps },
            metric,
            evidence,
        }
    }

    /// How a move of this answer is written: its direction in the
    /// single-tile metric (`Left`), direction and count in the multi-tile
    /// metric (`Left×3`).
    pub fn move_text(&self, slide: Slide) -> String {
        match self.metric {
            Metric::Single => slide.direction.name().to_string(),
            Metric::Multi => slide.to_string(),
        }
    }

    /// Counts the shortest paths of a start the contract solved, if not
    /// counted yet.
    pub fn count_paths(&mut self, tables: &mut GoalTable) {
        if let (Evidence::Contract(f), Settled::Solved { .. }) = (&mut self.evidence, &self.outcome)
        {
            if f.paths.is_none() {
                f.paths = count_optimal_paths(tables.for_goal(&self.goal), &self.start);
            }
        }
    }
}
