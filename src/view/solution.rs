//! The Solution tab and the verdict summary: the panel's one typed
//! [`Answer`] (in `answer`), how every answer is drawn (in `draw`), the one
//! replay of its witness (cursor, playback with tokens, speed; in `cursor`),
//! the 3×3 contract A* that answers on the page's thread, and a solve in the
//! session's Web Worker for every other shape (in `remote`).
//!
//! Playback cannot outlive its witness: every Play hands out a token; any
//! edit, Solve or manual navigation invalidates it, and a timer with a stale
//! token does nothing.

mod answer;
mod cursor;
mod draw;
pub(in crate::view) mod remote;
mod views;

pub use answer::Search;
pub(in crate::view) use answer::{Answer, ContractFigures, Evidence, Settled};
pub(in crate::view) use cursor::Cursor;
pub use draw::SolutionParts;
pub(in crate::view) use draw::{draw, Scene};
pub(crate) use views::replay_caption;
pub use views::{ControlsView, LedgerLine, ReplayLine, SolutionView, VerdictView};

use super::common::GoalTable;
use super::input::ParsedInputs;
use crate::engine::{
    contract::{Budget, Solver},
    moves::{Metric, Slide},
    replay::Replay,
    teaching::count_optimal_paths,
    Verdict,
};

/// Replay speed limits, in milliseconds per move.
pub const SPEED_MIN: u32 = 50;
/// The slowest replay speed.
pub const SPEED_MAX: u32 = 2000;
/// The slider's step.
pub const SPEED_STEP: u32 = 50;
/// The default: 300 ms per move.
pub const SPEED_DEFAULT: u32 = 300;

/// The replay table's column headings.
pub const REPLAY_HEADINGS: [&str; 6] = ["Step", "Move", "Board", "g", "h", "f = g + h"];
/// The ledger's column headings.
pub const LEDGER_HEADINGS: [&str; 4] = ["Tile", "Cell", "Goal cell", "Distance"];

const NONE: &str = "—";

/// A replay navigation button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NavAction {
    /// Go to step 0.
    First,
    /// One step back.
    Previous,
    /// One step forward.
    Next,
    /// Go to the last step.
    Last,
}

/// The kind of verdict the summary shows; the page styles it by this, not
/// by parsing the displayed text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Status {
    /// Nothing solved for the current inputs.
    #[default]
    Pending,
    /// A checked shortest path.
    Solved,
    /// An unfinished search.
    Unknown,
    /// Different inversion parity.
    Unsolvable,
    /// The input failed validation (or an internal check failed).
    Invalid,
}

impl Status {
    /// The word the page's stylesheet keys on (`data-status`).
    pub fn word(self) -> &'static str {
        match self {
            Status::Pending => "Pending",
            Status::Solved => "Solved",
            Status::Unknown => "Unknown",
            Status::Unsolvable => "Unsolvable",
            Status::Invalid => "Invalid",
        }
    }
}

/// The 3×3 contract A*, solved at once on the page's thread: its answer,
/// or none for invalid input.
pub(in crate::view) fn contract_answer(
    solver: &mut Solver,
    inputs: &ParsedInputs,
    tables: &mut GoalTable,
) -> Option<Answer> {
    let request = inputs.request().ok()?;
    let (start, goal) = (request.start, *request.goal.board());
    let outcome = match request.solve(solver) {
        Ok(outcome) => outcome,
        Err(e) => {
            return Some(Answer {
                start,
                goal,
                outcome: Settled::Rejected(e.to_string()),
                metric: Metric::Single,
                evidence: Evidence::Contract(ContractFigures {
                    stats: Default::default(),
                    budget: request.budget,
                    reason: None,
                    exact: None,
                    paths: None,
                }),
            })
        }
    };
    let exact = (matches!(outcome.verdict, Verdict::Unknown(_))
        && outcome.budget.get() == Budget::MAX)
        .then(|| tables.for_goal(&outcome.goal).distance(&outcome.start));
    // The count needs the goal's distance table; when it is not built yet,
    // the page counts in a task of its own after the result is on screen.
    let paths = match (&outcome.verdict, tables.built_for(&outcome.goal)) {
        (Verdict::Solved(_), Some(t)) => count_optimal_paths(t, &outcome.start),
        _ => None,
    };
    let (settled, reason) = match outcome.verdict {
        Verdict::Solved(sol) => {
            let steps = Replay::new(&outcome.start, &request.goal, &sol.moves)
                .map_or_else(Vec::new, |r| r.steps().to_vec());
            (
                Settled::Solved {
                    moves: sol.moves.into_iter().map(Slide::from).collect(),
                    steps,
                },
                None,
            )
        }
        Verdict::Unknown(reason) => (Settled::Unknown, Some(reason)),
        Verdict::Unsolvable(p) => (Settled::Unsolvable(p), None),
    };
    Some(Answer {
        start: outcome.start,
        goal: outcome.goal,
        outcome: settled,
        metric: Metric::Single,
        evidence: Evidence::Contract(ContractFigures {
            stats: outcome.stats,
            budget: outcome.budget,
            reason,
            exact,
            paths,
        }),
    })
}
