//! The sliding-puzzle family in the page: which shape the start field
//! shows, the default goal that follows it, the samples, and the parts of
//! the page beside the shared ones (the mode, the node budget, which limit
//! applies, progress and Cancel, the 5×5 warning, and why a 3×3 tool does
//! not apply to another shape). All of the family's sentences are here.

use crate::engine::solve::{partition_name, Mode};
use crate::engine::{parse_any_board, Board, Shape};

/// The node budget a person sees first: enough for Korf's hardest 4×4
/// instances with the 6-6-3 database, so Solve needs no other change.
pub const NODE_BUDGET_DEFAULT: &str = "1000000000";

/// The shape the start field's text shows, if it can be told: a board of
/// that shape, valid or not, read by the engine's one rule
/// ([`crate::engine::shape_of`]; a flat list of no square's length reads
/// as 3×3 and keeps the contract's messages unless a value of 9 or more
/// names a larger square).
pub fn shown_shape(text: &str) -> Option<Shape> {
    match parse_any_board(text) {
        Ok(b) => Some(b.shape()),
        Err(e) => e.shape,
    }
}

/// Whether the text is rejected for its shape
/// ([`crate::engine::SizedBoardError::is_shape_error`]), so the worker
/// path reports it.
fn shape_error(text: &str) -> bool {
    parse_any_board(text).is_err_and(|e| e.is_shape_error())
}

/// The default goal's text for a shape, as the Goal field shows it
/// (`[1,2,3,4,5,6,7,8,0]` on 3×3; rows on a board that is not square).
pub fn default_goal_text(shape: Shape) -> String {
    Board::default_goal(shape).to_json()
}

/// Whether the goal text is some shape's default goal (valid, of any
/// shape): then it follows the start's shape.
pub fn is_a_default_goal(text: &str) -> bool {
    parse_any_board(text).is_ok_and(|b| b == Board::default_goal(b.shape()))
}

/// A sample the sample control loads: start, goal, mode and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The control's value.
    pub key: &'static str,
    /// The option's label.
    pub label: &'static str,
    /// Start text.
    pub start: &'static str,
    /// Goal text.
    pub goal: &'static str,
    /// The mode it is solved in.
    pub mode: Mode,
}

/// The samples of the family, smallest first.
pub const SAMPLES: [Sample; 5] = [
    Sample {
        key: "baseline",
        label: "3×3 baseline (2 moves)",
        start: "[1,2,3,4,5,6,0,7,8]",
        goal: "[1,2,3,4,5,6,7,8,0]",
        mode: Mode::Optimal,
    },
    Sample {
        key: "two-by-three",
        label: "2×3, two wide and three tall (21 moves, the farthest)",
        start: "[[2,1],[4,3],[0,5]]",
        goal: "[[1,2],[3,4],[5,0]]",
        mode: Mode::Optimal,
    },
    Sample {
        key: "three-by-four",
        label: "3×4, three wide and four tall (30 moves)",
        start: "[[6,4,3],[1,10,0],[2,9,11],[8,7,5]]",
        goal: "[[1,2,3],[4,5,6],[7,8,9],[10,11,0]]",
        mode: Mode::Optimal,
    },
    Sample {
        key: "korf55",
        label: "4×4 Korf #55 (41 moves, goal blank top-left)",
        start: "[13,8,14,3,9,1,0,7,15,5,4,10,12,2,6,11]",
        goal: "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]",
        mode: Mode::Optimal,
    },
    Sample {
        key: "korf24-1",
        label: "5×5 Korf #1, Fast (optimal 95, goal blank top-left)",
        start: "[14,5,9,2,18,8,23,19,12,17,15,0,10,20,4,6,11,21,1,7,24,3,16,22,13]",
        goal: "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24]",
        mode: Mode::Fast,
    },
];

/// The sample with this key.
pub fn sample(key: &str) -> Option<&'static Sample> {
    SAMPLES.iter().find(|s| s.key == key)
}

/// What the family's parts of the page show beyond the shared parts.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FamilyView {
    /// The mode control's value.
    pub mode: Mode,
    /// Whether the node budget field shows (an optimal solve in the worker).
    pub nodes_shown: bool,
    /// The node budget field's text.
    pub node_budget: String,
    /// Its error, if invalid.
    pub node_budget_error: Option<String>,
    /// Which limit applies, in words (empty on the 3×3 contract).
    pub limit_note: String,
    /// The warning before an optimal solve that may take hours (5×5).
    pub warning: Option<String>,
    /// Progress of a running solve, or empty.
    pub progress: String,
    /// Whether Cancel has something to stop.
    pub cancel_enabled: bool,
    /// Why the Trace tab does not apply to this shape.
    pub trace_note: Option<String>,
    /// Why the Lab tab does not apply to this shape.
    pub lab_note: Option<String>,
    /// Why the State space tab does not apply to this shape.
    pub space_note: Option<String>,
    /// Why the Play tab does not apply (always `None`: Play takes any shape).
    pub play_note: Option<String>,
}

/// The limit a worker solve runs under, in words.
pub fn limit_note(shape: Shape, mode: Mode, budget: Result<u64, &str>) -> String {
    match mode {
        Mode::Fast => format!("{}: Fast mode finds a verified path quickly, not necessarily a shortest one, and states its proved lower bound and the gap; the Budget and the node budget do not apply.", shape.name()),
        Mode::Optimal => {
            let limit = match budget {
                Ok(n) => format!("{} generated nodes", super::solver::thousands(n)),
                Err(_) => "the node budget (invalid now)".into(),
            };
            format!(
                "{}: the Budget field (3×3 A* expansions, 1–10000) does not apply. IDA* with the {} pattern database stops at the node budget, {limit}, or when you press Cancel.",
                shape.name(),
                partition_name(shape)
            )
        }
    }
}

/// The warning shown before an optimal 5×5 solve.
pub fn warning(shape: Shape, mode: Mode) -> Option<String> {
    (mode == Mode::Optimal && shape == Shape::FIVE).then(|| {
        "A random 24-puzzle can take hours to solve optimally (Korf and Felner's solver took about two days per instance); Solve may run until the node budget. Fast gives a verified path in about a second, with its gap to the proved lower bound.".to_string()
    })
}

/// Why each 3×3 tool does not apply to a board of `shape` (all `None` on
/// 3×3): (trace, lab, space); the State space tab applies up to 12 cells.
pub fn tab_notes(shape: Shape) -> (Option<String>, Option<String>, Option<String>) {
    if shape == Shape::THREE {
        return (None, None, None);
    }
    let why = |what: &str| {
        Some(format!(
            "{what} on a 3×3 board only: the start is a {} board. Type or choose a 3×3 board to use this tab.",
            shape.name()
        ))
    };
    (
        why("The Trace tab steps the 3×3 contract A*, which exists"),
        why("The Lab compares searches over the 181,440 boards of the 8-puzzle and runs"),
        // Explore works up to 12 cells; beyond, the engine's reason.
        super::explore::space_tab_note(shape),
    )
}

use super::play::Oracle;
use super::remote::{database_name, Request};
use super::{Field, Inputs, Tab, Workbench};
use crate::task::{Reply, Task};

/// The worker solves of the workbench: every shape but the 3×3 contract,
/// and 3×3 in Fast mode.
impl Workbench {
    /// Whether the inputs are solved in the worker: a start of any shape but
    /// 3×3 (valid or not), or Fast mode. A start whose shape cannot be told
    /// keeps the 3×3 contract's errors.
    pub fn is_remote(&self) -> bool {
        self.mode == Mode::Fast
            || shape_error(&self.inputs.start)
            || shown_shape(&self.inputs.start).is_some_and(|s| s != Shape::THREE)
    }

    /// The goal field follows the start's shape while it holds a default
    /// goal of another shape.
    pub(super) fn follow_goal(&mut self) {
        let Some(shape) = shown_shape(&self.inputs.start) else {
            return;
        };
        let goal = &self.inputs.goal;
        if shown_shape(goal) != Some(shape) && is_a_default_goal(goal) {
            self.inputs.goal = default_goal_text(shape);
        }
    }

    pub(super) fn request(&self) -> Request {
        Request::of(
            &self.inputs.start,
            &self.inputs.goal,
            &self.node_budget,
            self.mode,
        )
    }

    /// Validates and solves. Invalid input leaves no result (the view shows
    /// the errors); valid input is solved and its witness checked. A worker
    /// solve is handed to the web layer: see [`Workbench::take_solver_task`].
    pub fn solve(&mut self) {
        self.history.solved();
        if self.is_remote() {
            self.solution.on_edit();
            let request = self.request();
            self.remote.solve(&request);
        } else {
            self.remote.on_edit();
            self.solution.solve(&self.inputs, &mut self.goal_table);
        }
    }

    /// Sets the node budget's text; a worker result is dropped.
    pub fn set_node_budget(&mut self, text: &str) {
        self.node_budget = text.to_string();
        self.mark_edited();
        self.remote.on_edit();
    }

    /// The node budget field's text.
    pub fn node_budget(&self) -> &str {
        &self.node_budget
    }

    /// The mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Chooses Optimal or Fast: every result is dropped (the board may now
    /// be solved elsewhere), as after an edit.
    pub fn set_mode(&mut self, mode: Mode) {
        if mode == self.mode {
            return;
        }
        self.mode = mode;
        self.drop_results();
        if self.tab == Tab::Play {
            self.begin_play();
        }
    }

    /// Loads a sample's start, goal and mode. A 3×3 sample also restores the
    /// baseline budget and is solved at once, as the page opens.
    pub fn load_sample(&mut self, key: &str) {
        let Some(s) = sample(key) else { return };
        self.set_mode(s.mode);
        self.edit(Field::Start, s.start);
        self.edit(Field::Goal, s.goal);
        if shown_shape(s.start) == Some(Shape::THREE) {
            self.edit(Field::Budget, &Inputs::default().budget);
            self.solve();
        }
    }

    /// The task the web layer must post to the worker (job id, task).
    pub fn take_solver_task(&mut self) -> Option<(u64, Task)> {
        self.remote.take_task()
    }

    /// A worker's reply for job `job` (a solve or a hint); true while the
    /// job runs.
    pub fn solver_reply(&mut self, job: u64, reply: &Reply) -> bool {
        if let Some(g) = self.play.game_mut() {
            if g.absorb(job, reply) {
                return true;
            }
        }
        self.remote.absorb(job, reply)
    }

    /// Cancels the worker solve, or a hint being worked out; false when
    /// neither was running.
    pub fn cancel_solve(&mut self) -> bool {
        if self.play.game_mut().is_some_and(|g| g.cancel_hint()) {
            self.remote.request_stop();
            return true;
        }
        self.remote.cancel()
    }

    /// Whether the worker must be told to drop its job (once per cancel or
    /// edit of a running job).
    pub fn take_solver_stop(&mut self) -> bool {
        self.remote.take_stop()
    }

    /// The worker could not start or failed: the running solve or hint ends
    /// with `why`.
    pub fn solver_failed(&mut self, why: &str) {
        if let Some(g) = self.play.game_mut() {
            g.fail(why);
        }
        self.remote.fail(why);
    }

    // ----- Play, every shape -----

    /// Begins a game from the current start (Play tab), when start and goal
    /// are valid; on 3×3 the goal's distance table is built first.
    pub(super) fn begin_play(&mut self) {
        if self.play.on_edit() {
            self.remote.request_stop();
        }
        let pair = self.request().pair.ok();
        if let Some((_, goal)) = pair.filter(|(s, _)| s.shape() == Shape::THREE) {
            self.goal_table.for_goal(&goal);
        }
        self.play.begin(pair);
    }

    /// Where the game's exact distances come from: the 3×3 goal's table, or
    /// the worker.
    pub(super) fn oracle(&self) -> Option<Oracle<'_>> {
        let game = self.play.game()?;
        if game.board().shape() != Shape::THREE {
            return Some(Oracle::Worker);
        }
        let goal = parse_goal(&self.inputs.goal).ok()?;
        self.goal_table.built_for(&goal).map(Oracle::Table)
    }

    /// Play tab: moves the blank in direction `mv`.
    pub fn play_move(&mut self, mv: Move) {
        self.with_game(|g, oracle| g.apply(mv, oracle));
    }

    /// Play tab: a click or tap on board cell `index`.
    pub fn play_click(&mut self, index: usize) {
        self.with_game(|g, oracle| g.click(index, oracle));
    }

    /// Runs `act` on the game with its oracle (on the Play tab only); a hint
    /// still being worked out is dropped, in the worker too.
    fn with_game(&mut self, act: impl FnOnce(&mut super::Play, Oracle<'_>)) {
        if self.tab != Tab::Play {
            return;
        }
        let goal = parse_goal(&self.inputs.goal).ok();
        let table = goal.and_then(|g| self.goal_table.built_for(&g));
        let Some(g) = self.play.game_mut() else {
            return;
        };
        let oracle = match table {
            _ if g.board().shape() != Shape::THREE => Oracle::Worker,
            Some(t) => Oracle::Table(t),
            None => return,
        };
        let dropped = g.drop_hint();
        act(g, oracle);
        if dropped {
            self.remote.request_stop();
        }
    }

    /// Play tab: names every move that reduces the exact distance by one
    /// (at once on 3×3; from the worker on any other shape).
    pub fn hint(&mut self) {
        if self.tab != Tab::Play {
            return;
        }
        // A solve running in the worker gives way to the hint.
        self.remote.cancel();
        let job = self.remote.next_job();
        let mut task = None;
        self.with_game(|g, oracle| task = g.ask_hint(oracle, job));
        if let Some(task) = task {
            self.remote.post(job, task);
        }
    }

    /// The family's parts of the page for a worker solve.
    pub(super) fn family_view(&self, request: &Request) -> FamilyView {
        let shape = request
            .pair
            .as_ref()
            .ok()
            .map(|(s, _)| s.shape())
            .or_else(|| shown_shape(&self.inputs.start))
            .unwrap_or(Shape::THREE);
        let db = request
            .pair
            .as_ref()
            .map_or_else(|_| partition_name(shape), |(_, g)| database_name(g));
        let (trace_note, lab_note, space_note) = tab_notes(shape);
        let optimal = self.mode == Mode::Optimal;
        let mut progress = self.remote.progress(&shape.name(), &db);
        let hinting = self.play.game().is_some_and(super::Play::hint_running);
        if progress.is_empty() && hinting {
            progress = "Working out a hint in the Web Worker (Play tab).".into();
        }
        FamilyView {
            mode: self.mode,
            nodes_shown: optimal,
            node_budget: self.node_budget.clone(),
            node_budget_error: request.budget.as_ref().err().filter(|_| optimal).cloned(),
            limit_note: limit_note(
                shape,
                self.mode,
                request.budget.as_ref().map(|b| *b).map_err(|e| e.as_str()),
            ),
            warning: warning(shape, self.mode),
            progress,
            cancel_enabled: self.remote.running() || hinting,
            trace_note,
            lab_note,
            space_note,
            play_note: None,
        }
    }
}

use crate::engine::{parse_goal, Move};
