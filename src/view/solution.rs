//! The Solution tab and the verdict summary: the panel's one typed
//! [`Answer`] (in `answer`), the one replay of its witness (cursor, playback
//! with tokens, speed; in `cursor`), the 3×3 contract A* that answers on the
//! page's thread and how its answer is drawn, and the Manhattan ledger of
//! the start.
//!
//! Playback cannot outlive its witness: every Play hands out a token; any
//! edit, Solve or manual navigation invalidates it, and a timer with a stale
//! token does nothing.

mod answer;
mod cursor;
mod views;

pub(in crate::view) use answer::{Answer, ContractAnswer, Settled, WorkerAnswer};
pub(in crate::view) use cursor::{Cursor, Guards};
pub(super) use views::fill_ledger;
pub(crate) use views::{invalid_input, replay_caption};
pub use views::{ControlsView, LedgerLine, ReplayLine, SolutionView, VerdictView};

use super::common::{plural, GoalTable};
use super::input::ParsedInputs;
use crate::engine::{
    contract::{count_optimal_paths, Budget, Goal, Replay, Solver},
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

/// The 3×3 contract A*, solved at once on the page's thread: it makes the
/// panel's [`Answer`] and draws it.
pub struct SolutionPanel {
    solver: Solver,
}

impl Default for SolutionPanel {
    fn default() -> Self {
        SolutionPanel {
            solver: Solver::new(),
        }
    }
}

impl SolutionPanel {
    /// Validates and solves; invalid input makes no answer.
    pub(in crate::view) fn solve(
        &mut self,
        inputs: &ParsedInputs,
        tables: &mut GoalTable,
    ) -> Option<Answer> {
        let request = inputs.request().ok()?;
        Some(match request.solve(&mut self.solver) {
            Ok(outcome) => {
                let steps = match &outcome.verdict {
                    Verdict::Solved(s) => Replay::new(&outcome.start, &request.goal, &s.moves)
                        .map_or_else(Vec::new, |r| r.steps().to_vec()),
                    _ => Vec::new(),
                };
                let exact = (matches!(outcome.verdict, Verdict::Unknown(_))
                    && outcome.budget.get() == Budget::MAX)
                    .then(|| tables.for_goal(&outcome.goal).distance(&outcome.start));
                // The count needs the goal's distance table; when it is not
                // built yet, the page counts in a task of its own after the
                // result is on screen.
                let paths = match (&outcome.verdict, tables.built_for(&outcome.goal)) {
                    (Verdict::Solved(_), Some(t)) => count_optimal_paths(t, &outcome.start),
                    _ => None,
                };
                Answer::Contract(ContractAnswer {
                    outcome,
                    steps,
                    exact,
                    paths,
                })
            }
            Err(e) => Answer::Internal(e.to_string()),
        })
    }

    /// The verdict summary, and the board the Solution tab shows.
    pub(in crate::view) fn verdict(
        answer: Option<&Answer>,
        parsed: &ParsedInputs,
        cursor: &Cursor,
    ) -> (VerdictView, super::common::BoardView) {
        let mut v = VerdictView::pending();
        let mut board = super::common::BoardView::default();
        if let Some(e) = parsed.first_error() {
            return invalid_input(e.field.label(), &e.message());
        }
        if let Some(Answer::Internal(err)) = answer {
            v.kind = Status::Invalid;
            v.status = "Invalid — internal check failed".into();
            v.summary = "An internal check failed; nothing is claimed.".into();
            v.explanation = err.clone();
            return (v, board);
        }
        let Some(Answer::Contract(result)) = answer else {
            if let Ok(start) = parsed.start().as_ref() {
                board.set(start);
            }
            board.caption = "Start (validated input; not solved yet)".into();
            v.summary = "Not solved yet. Next: press Solve.".into();
            v.explanation = "The inputs changed, so the previous result was cleared. Press Solve to search this start.".into();
            return (v, board);
        };
        let out = &result.outcome;
        let h0 = out.initial_manhattan;
        v.initial_h = h0.to_string();
        v.expansions = out.stats.expansions.to_string();
        board.set(&out.start);
        board.caption = "Start".into();
        match &out.verdict {
            Verdict::Solved(sol) => {
                v.kind = Status::Solved;
                v.status = "Solved".into();
                v.cost = sol.cost.to_string();
                v.summary = if sol.cost == 0 {
                    "The start is the goal: 0 moves. Next: edit the start.".into()
                } else if sol.cost == h0 {
                    format!(
                        "Optimal: cost {} equals the lower bound {h0}. Next: replay it with Next.",
                        sol.cost
                    )
                } else {
                    format!("Shortest: A* accepted the goal at cost {} (lower bound {h0}). Next: replay it with Next.", sol.cost)
                };
                v.explanation = if sol.cost == 0 {
                    "The start already equals the goal: 0 moves, and no expansion was needed because the goal is accepted when it is popped. Next: edit the start and Solve again.".into()
                } else if sol.cost == h0 {
                    format!(
                        "Cost {c} equals the lower bound {h0} (the initial Manhattan distance), so no shorter path exists. Next: replay the witness to the goal with Next.",
                        c = sol.cost
                    )
                } else {
                    format!(
                        "Cost {c} is above the lower bound {h0} (the initial Manhattan distance). The bound alone does not prove optimality here; A* does: with an admissible, consistent heuristic the goal is accepted only when no frontier entry has a smaller f. Next: replay the witness to the goal with Next.",
                        c = sol.cost
                    )
                };
                cursor.show(&mut board);
            }
            Verdict::Unknown(reason) => {
                v.kind = Status::Unknown;
                v.status = format!("Unknown ({})", reason.name());
                v.summary = match result.exact {
                    None => format!(
                        "Unfinished: the budget of {} ran out; this is not \"no solution\". Next: raise the budget.",
                        out.budget.get()
                    ),
                    Some(Some(d)) => format!(
                        "Unfinished at the highest budget; the start is exactly {} away. Next: IDA* in the Lab.",
                        plural(d, "move")
                    ),
                    Some(None) => "Unfinished at the highest budget.".into(),
                };
                let stopped = format!(
                    "The search was stopped after {} because the budget of {} was used up before the goal was popped. This is an unfinished search: it does not mean that no solution exists.",
                    plural(out.stats.expansions, "expansion"),
                    out.budget.get()
                );
                v.explanation = match result.exact {
                    None => format!("{stopped} Next: raise the budget (up to {}) and Solve again.", Budget::MAX),
                    Some(Some(d)) => format!(
                        "{stopped} {} is the highest budget the contract allows; the goal's distance table (a breadth-first search of the whole space) says this start is exactly {} from the goal. Next: the Lab tab's IDA* and A* with linear conflict finish this start.",
                        Budget::MAX,
                        plural(d, "move")
                    ),
                    Some(None) => format!("{stopped} {} is the highest budget the contract allows.", Budget::MAX),
                };
            }
            Verdict::Unsolvable(_) => {
                v.kind = Status::Unsolvable;
                v.status = "Unsolvable".into();
                v.summary = "Unsolvable: the inversion parities differ (proof on the Solution tab). Next: swap two tiles.".into();
                v.explanation = "No search was run: the parity of inversions differs, and no legal move changes it. Next: swap two tiles in the start (or goal) to change its parity.".into();
            }
        }
        (v, board)
    }

    /// The replay controls; `on_board` says whether the board shows the
    /// replay (not the trace or the game).
    pub(in crate::view) fn controls(
        answer: Option<&Answer>,
        cursor: &Cursor,
        on_board: bool,
    ) -> ControlsView {
        let result = match answer {
            Some(Answer::Contract(r)) => Some(r),
            _ => None,
        };
        let reason = match result.map(|r| r.steps.len()) {
            Some(n) if n > 1 => None,
            Some(1) => {
                Some("Nothing to replay: the start is the goal, so the witness has no moves.")
            }
            _ => Some(match result.map(|r| &r.outcome.verdict) {
                Some(Verdict::Unknown(_)) => {
                    "Nothing to replay: an unfinished search has no witness."
                }
                Some(Verdict::Unsolvable(_)) => {
                    "Nothing to replay: no path joins this start and goal."
                }
                _ => "Nothing to replay yet: press Solve.",
            }),
        };
        cursor.controls(reason, on_board)
    }

    /// The Solution tab.
    pub(in crate::view) fn view(
        answer: Option<&Answer>,
        parsed: &ParsedInputs,
        goal: Option<&Goal>,
        cursor: &Cursor,
    ) -> SolutionView {
        let mut v = SolutionView {
            ledger_total: NONE.into(),
            ..SolutionView::default()
        };
        if let (Ok(start), Some(goal)) = (parsed.start(), goal) {
            fill_ledger(&mut v, &goal.ledger(start));
        }
        let result = match answer {
            Some(Answer::Contract(r)) if parsed.first_error().is_none() => Some(r),
            _ => None,
        };
        let Some(result) = result else {
            v.witness_note = Some("No witness for the current input.".into());
            return v;
        };
        let out = &result.outcome;
        v.counters = format!(
            "generated {}, stale pops {}, largest frontier {}; budget {}",
            out.stats.generated,
            out.stats.stale,
            out.stats.max_frontier,
            out.budget.get()
        );
        match &out.verdict {
            Verdict::Solved(sol) => {
                v.witness = sol.moves.iter().map(|m| m.name().to_string()).collect();
                if v.witness.is_empty() {
                    v.witness_note = Some("No moves: the start is the goal.".into());
                }
                v.paths_pending = result.paths.is_none();
                v.paths = Some(match result.paths {
                    Some(1) => "Exactly 1 shortest path joins start and goal: the witness.".into(),
                    Some(n) => format!(
                        "{n} distinct shortest paths join start and goal (counted exactly over the goal's distance layers); the witness is one of them."
                    ),
                    None => "Counting the shortest paths…".into(),
                });
                v.check = format!(
                    "Independent replay: all {} checked as legal swaps of the blank with a grid neighbour, every board a permutation of 0–8; the final board equals the goal; length {} equals cost {}.",
                    plural(sol.moves.len() as u32, "move"),
                    sol.moves.len(),
                    sol.cost
                );
                v.replay = cursor.lines();
            }
            Verdict::Unknown(_) => {
                v.witness_note = Some("No witness for the current input.".into());
            }
            Verdict::Unsolvable(p) => {
                v.witness_note = Some("No witness for the current input.".into());
                v.parity = Some(format!(
                    "The start has {} and the goal has {} (blank excluded). Their parities differ ({} vs {}); a horizontal move keeps the inversion count and a vertical one changes it by 2 or 0, so no sequence of moves joins them.",
                    plural(p.start, "inversion"),
                    plural(p.goal, "inversion"),
                    if p.start % 2 == 0 { "even" } else { "odd" },
                    if p.goal % 2 == 0 { "even" } else { "odd" },
                ));
            }
        }
        v
    }
}
