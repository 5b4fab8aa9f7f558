//! The page's view model: the workbench state and a pure description of what
//! the page shows. Inputs in, [`View`] out; no DOM, tested natively. The wasm
//! `web` module only copies a `View` into elements.
//!
//! Stale state cannot survive an edit: every edit drops the last result
//! (witness, replay, verdict) before anything else happens, and the board is
//! drawn only from input that passed validation.

use crate::engine::{
    cell_text, parse_budget_field, parse_goal, parse_start, Board, Field, Goal, InputError, Nav,
    Outcome, Replay, Solver, Verdict,
};

/// The three text inputs as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inputs {
    /// Start board JSON.
    pub start: String,
    /// Goal board JSON.
    pub goal: String,
    /// Budget text.
    pub budget: String,
}

impl Default for Inputs {
    /// The baseline of the page contract, budget 100.
    fn default() -> Self {
        Inputs {
            start: "[1,2,3,4,5,6,0,7,8]".into(),
            goal: "[1,2,3,4,5,6,7,8,0]".into(),
            budget: "100".into(),
        }
    }
}

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

struct Solved {
    outcome: Outcome,
    replay: Option<Replay>,
}

/// The workbench: current inputs, the last result (if still current), and the
/// replay cursor.
pub struct Workbench {
    inputs: Inputs,
    solver: Solver,
    result: Option<Solved>,
    guard: Option<String>,
    internal_error: Option<String>,
}

/// One row of the Manhattan ledger as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedgerLine {
    /// "1" … "8", or "blank".
    pub tile: String,
    /// "row 3, column 2".
    pub cell: String,
    /// "row 3, column 1".
    pub goal_cell: String,
    /// "1", or "excluded" for the blank.
    pub distance: String,
}

/// One replay table record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayLine {
    /// Step number.
    pub step: usize,
    /// Move name, or "—" at step 0.
    pub mv: String,
    /// Board JSON.
    pub board: String,
    /// Path cost.
    pub g: u32,
    /// Manhattan.
    pub h: u32,
    /// g + h.
    pub f: u32,
    /// Whether this is the replay's current step.
    pub current: bool,
}

/// Everything the page shows, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Error text for the start field, if invalid.
    pub start_error: Option<String>,
    /// Error text for the goal field, if invalid.
    pub goal_error: Option<String>,
    /// Error text for the budget field, if invalid.
    pub budget_error: Option<String>,
    /// The nine cells to draw, or `None`: nothing valid to draw.
    pub board: Option<[u8; 9]>,
    /// What the board shows, e.g. "Start (not solved yet)" or "Replay step 1 of 2".
    pub board_caption: String,
    /// Status text: `Solved`, `Unknown (BudgetExceeded)`, `Unsolvable`, `Invalid — …`, or "—".
    pub status: String,
    /// Path cost g, or "—".
    pub cost: String,
    /// Initial Manhattan h, or "—".
    pub initial_h: String,
    /// Expansions, or "—".
    pub expansions: String,
    /// Further counters ("generated 5, stale 0, largest frontier 3"), or empty.
    pub counters: String,
    /// The domain explanation and the next check.
    pub explanation: String,
    /// The independent replay check, or empty.
    pub check: String,
    /// The parity proof, for unsolvable input.
    pub parity: Option<String>,
    /// Witness move names.
    pub witness: Vec<String>,
    /// Replay table records.
    pub replay: Vec<ReplayLine>,
    /// "Step 1 of 2", or empty with no replay.
    pub replay_status: String,
    /// Boundary-guard message from the last navigation, if any.
    pub guard: Option<String>,
    /// Whether the replay buttons have a replay to drive.
    pub replay_enabled: bool,
    /// The Manhattan ledger of the start (tiles 1–8, then the blank).
    pub ledger: Vec<LedgerLine>,
    /// The ledger's total h, or "—".
    pub ledger_total: String,
}

const NONE: &str = "—";

fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

impl Workbench {
    /// A workbench with these inputs and no result yet.
    pub fn new(inputs: Inputs) -> Workbench {
        Workbench {
            inputs,
            solver: Solver::new(),
            result: None,
            guard: None,
            internal_error: None,
        }
    }

    /// The current inputs.
    pub fn inputs(&self) -> &Inputs {
        &self.inputs
    }

    /// Records an edit of one field. The previous result, witness and replay
    /// are dropped at once, whatever the new text is.
    pub fn edit(&mut self, field: Field, text: &str) {
        self.result = None;
        self.guard = None;
        self.internal_error = None;
        let slot = match field {
            Field::Start => &mut self.inputs.start,
            Field::Goal => &mut self.inputs.goal,
            Field::Budget => &mut self.inputs.budget,
        };
        *slot = text.to_string();
    }

    fn errors(&self) -> [Result<(), InputError>; 3] {
        [
            parse_start(&self.inputs.start).map(|_| ()),
            parse_goal(&self.inputs.goal).map(|_| ()),
            parse_budget_field(&self.inputs.budget).map(|_| ()),
        ]
    }

    /// Validates and solves. Invalid input leaves no result (the view shows
    /// the errors); valid input is solved and its witness checked.
    pub fn solve(&mut self) {
        self.result = None;
        self.guard = None;
        self.internal_error = None;
        let request = crate::engine::parse_request(
            &self.inputs.start,
            &self.inputs.goal,
            &self.inputs.budget,
        );
        let Ok(request) = request else { return };
        match request.solve(&mut self.solver) {
            Ok(outcome) => {
                let replay = match &outcome.verdict {
                    Verdict::Solved(s) => Replay::new(&outcome.start, &request.goal, &s.moves),
                    _ => None,
                };
                self.result = Some(Solved { outcome, replay });
            }
            Err(e) => self.internal_error = Some(e.to_string()),
        }
    }

    /// Moves the replay cursor; at a boundary it stays and says so.
    pub fn navigate(&mut self, action: NavAction) {
        let Some(replay) = self.result.as_mut().and_then(|r| r.replay.as_mut()) else {
            self.guard = Some("There is no witness to replay; press Solve first.".into());
            return;
        };
        let nav = match action {
            NavAction::First => replay.first(),
            NavAction::Previous => replay.back(),
            NavAction::Next => replay.forward(),
            NavAction::Last => replay.last(),
        };
        self.guard = match nav {
            Nav::Moved => None,
            Nav::AtFirst => Some(format!(
                "Already at the first step (step 0, the start); {} stays here.",
                match action {
                    NavAction::First => "First",
                    _ => "Previous",
                }
            )),
            Nav::AtLast => Some(format!(
                "Already at the last step (step {}, the goal); {} stays here.",
                replay.position(),
                match action {
                    NavAction::Last => "Last",
                    _ => "Next",
                }
            )),
        };
    }

    /// The description of the page for the current state.
    pub fn view(&self) -> View {
        let [start_err, goal_err, budget_err] = self.errors();
        let msg = |r: Result<(), InputError>| r.err().map(|e| e.message());
        let first_invalid = [&start_err, &goal_err, &budget_err]
            .into_iter()
            .find_map(|r| r.as_ref().err().cloned());
        let start = parse_start(&self.inputs.start).ok();
        let goal = parse_goal(&self.inputs.goal).ok().map(Goal::new);
        let mut v = View {
            start_error: msg(start_err),
            goal_error: msg(goal_err),
            budget_error: msg(budget_err),
            board: None,
            board_caption: String::new(),
            status: NONE.into(),
            cost: NONE.into(),
            initial_h: NONE.into(),
            expansions: NONE.into(),
            counters: String::new(),
            explanation: String::new(),
            check: String::new(),
            parity: None,
            witness: Vec::new(),
            replay: Vec::new(),
            replay_status: String::new(),
            guard: self.guard.clone(),
            replay_enabled: false,
            ledger: Vec::new(),
            ledger_total: NONE.into(),
        };
        if let (Some(s), Some(g)) = (&start, &goal) {
            fill_ledger(&mut v, s, g);
        }
        if let Some(e) = first_invalid {
            v.status = format!("Invalid — {}", e.field.label());
            v.explanation = format!(
                "{}: {}. Nothing was solved; fix the input to continue.",
                e.field.label(),
                e.message()
            );
            // Invalid input shows its error and no board at all.
            v.board_caption = "No board: the input is invalid".into();
            return v;
        }
        if let Some(err) = &self.internal_error {
            v.status = "Invalid — internal check failed".into();
            v.explanation = err.clone();
            return v;
        }
        let Some(result) = &self.result else {
            v.board = start.map(|b| b.cells());
            v.board_caption = "Start (validated input; not solved yet)".into();
            v.explanation = "The inputs changed, so the previous result was cleared. Press Solve to search this start.".into();
            return v;
        };
        fill_result(&mut v, result);
        v
    }
}

fn fill_ledger(v: &mut View, start: &Board, goal: &Goal) {
    let ledger = goal.ledger(start);
    v.ledger = ledger
        .rows
        .iter()
        .map(|r| LedgerLine {
            tile: r.tile.to_string(),
            cell: cell_text(r.cell),
            goal_cell: cell_text(r.goal_cell),
            distance: r.distance.to_string(),
        })
        .collect();
    v.ledger.push(LedgerLine {
        tile: "blank".into(),
        cell: cell_text(ledger.blank_cell),
        goal_cell: cell_text(ledger.blank_goal_cell),
        distance: "excluded".into(),
    });
    v.ledger_total = ledger.total.to_string();
}

fn fill_result(v: &mut View, result: &Solved) {
    let out = &result.outcome;
    let h0 = out.initial_manhattan;
    v.initial_h = h0.to_string();
    v.expansions = out.stats.expansions.to_string();
    v.counters = format!(
        "generated {}, stale pops {}, largest frontier {}; budget {}",
        out.stats.generated,
        out.stats.stale,
        out.stats.max_frontier,
        out.budget.get()
    );
    v.board = Some(out.start.cells());
    v.board_caption = "Start".into();
    match &out.verdict {
        Verdict::Solved(sol) => {
            v.status = "Solved".into();
            v.cost = sol.cost.to_string();
            v.witness = sol.moves.iter().map(|m| m.name().to_string()).collect();
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
            v.check = format!(
                "Independent replay: all {} checked as legal swaps of the blank with a grid neighbour, every board a permutation of 0–8; the final board equals the goal; length {} equals cost {}.",
                plural(sol.moves.len() as u32, "move"),
                sol.moves.len(),
                sol.cost
            );
            if let Some(replay) = &result.replay {
                let here = replay.position();
                v.replay = replay
                    .steps()
                    .iter()
                    .map(|s| ReplayLine {
                        step: s.index,
                        mv: s.mv.map_or(NONE.to_string(), |m| m.name().to_string()),
                        board: s.board.to_json(),
                        g: s.g,
                        h: s.h,
                        f: s.f(),
                        current: s.index == here,
                    })
                    .collect();
                v.replay_status = format!("Step {here} of {}", replay.last_index());
                v.replay_enabled = true;
                v.board = Some(replay.current().board.cells());
                v.board_caption = if here == 0 {
                    format!("Replay step 0 of {} (the start)", replay.last_index())
                } else if here == replay.last_index() {
                    format!("Replay step {here} of {here} (the goal)")
                } else {
                    format!("Replay step {here} of {}", replay.last_index())
                };
            }
        }
        Verdict::Unknown(reason) => {
            v.status = format!("Unknown ({})", reason.name());
            v.explanation = format!(
                "The search was stopped after {} because the budget of {} was used up before the goal was popped. This is an unfinished search: it does not mean that no solution exists. Next: raise the budget (up to 10000) and Solve again.",
                plural(out.stats.expansions, "expansion"),
                out.budget.get()
            );
        }
        Verdict::Unsolvable(p) => {
            v.status = "Unsolvable".into();
            v.explanation = "No search was run: the parity of inversions differs, and no legal move changes it. Next: swap two tiles in the start (or goal) to change its parity.".into();
            v.parity = Some(format!(
                "The start has {} and the goal has {} (blank excluded). Their parities differ ({} vs {}); a horizontal move keeps the inversion count and a vertical one changes it by 2 or 0, so no sequence of moves joins them.",
                plural(p.start, "inversion"),
                plural(p.goal, "inversion"),
                if p.start % 2 == 0 { "even" } else { "odd" },
                if p.goal % 2 == 0 { "even" } else { "odd" },
            ));
        }
    }
}

#[cfg(test)]
mod tests;
