//! The worker solves of the workbench and the Play tab on every shape:
//! the workbench's routes to the Solution panel's worker side and to the
//! game, and the family's parts of the view.

use super::family::{
    limit_note, metric_note, sample, solver_heuristic, tab_notes, warning, FamilyView, GoalFollow,
};
use super::play::{Play, PlayAction};
use super::{Field, Inputs, Tab, Workbench};
use crate::engine::moves::Metric;
use crate::engine::solve::Mode;
use crate::engine::Shape;
use crate::task::Reply;

/// The worker solves of the workbench: every shape but the 3×3 contract,
/// and 3×3 in Fast mode.
impl Workbench {
    /// Undo beside the goal's notice: the person's goal text comes back.
    pub(super) fn undo_goal(&mut self) {
        if let Some(text) = self.goal.undo() {
            self.edit(Field::Goal, &text);
            self.goal = GoalFollow::kept();
        }
    }

    /// Validates and solves. Invalid input leaves no result (the view shows
    /// the errors); valid input is solved and its witness checked. A worker
    /// solve is handed to the web layer: see [`Workbench::take_solver_task`].
    pub(super) fn solve(&mut self) {
        self.history.solved();
        self.solution.solve(&self.input, &mut self.goal_table);
    }

    /// Solves what a link opened, unless the solve may take hours (an
    /// optimal 5×5 solve, which the warning names): that one waits for
    /// Solve.
    pub(super) fn solve_on_open(&mut self) {
        let mode = self.input.mode();
        let long = self
            .input
            .shown_shape()
            .is_some_and(|shape| warning(shape, mode).is_some());
        if !long {
            self.solve();
        }
    }

    /// Sets the node budget's text; a worker result is dropped.
    pub(super) fn set_node_budget(&mut self, text: &str) {
        self.input.set_node_budget(text);
        self.mark_edited();
        self.solution.on_node_budget();
    }

    /// Chooses Optimal or Fast: every result is dropped (the board may now
    /// be solved elsewhere), as after an edit.
    pub(super) fn set_mode(&mut self, mode: Mode) {
        if mode == self.input.mode() {
            return;
        }
        self.input.set_mode(mode);
        self.drop_results(&[]);
        if self.tab == Tab::Play {
            self.begin_play();
        }
    }

    /// Chooses the single-tile or the multi-tile metric: every result is
    /// dropped, as after an edit of the mode.
    pub(super) fn set_metric(&mut self, metric: Metric) {
        if metric == self.input.metric() {
            return;
        }
        self.input.set_metric(metric);
        self.drop_results(&[]);
        if self.tab == Tab::Play {
            self.begin_play();
        }
    }

    /// Loads a sample's start, goal and mode. A 3×3 sample also restores the
    /// baseline budget and is solved at once, as the page opens.
    pub(super) fn load_sample(&mut self, key: &str) {
        let Some(s) = sample(key) else { return };
        self.set_mode(s.mode);
        self.edit(Field::Start, s.start);
        self.edit(Field::Goal, s.goal);
        if self.input.shown_shape() == Some(Shape::THREE) {
            self.edit(Field::Budget, &Inputs::default().budget);
            self.solve();
        }
    }

    /// A worker's reply for job `job` (a solve or a hint); true while the
    /// job runs.
    pub(super) fn solver_reply(&mut self, job: u64, reply: &Reply) -> bool {
        if let Some(g) = self.play.game_mut() {
            if g.absorb(job, reply) || g.absorb_shortest(job, reply) {
                return true;
            }
        }
        self.solution.absorb(job, reply)
    }

    /// Cancels the worker solve, or a hint being worked out; false when
    /// neither was running.
    pub(super) fn cancel_solve(&mut self) -> bool {
        if self
            .play
            .game_mut()
            .is_some_and(|g| g.cancel_hint() || g.cancel_shortest())
        {
            self.solution.worker().request_stop();
            return true;
        }
        if self.play.game_mut().is_some_and(Play::cancel_analysis) {
            self.solution.worker().request_stop();
            return true;
        }
        self.solution.worker().cancel()
    }

    /// The worker could not start or failed: the running solve or hint ends
    /// with `why`.
    pub(super) fn solver_failed(&mut self, why: &str) {
        if let Some(g) = self.play.game_mut() {
            g.fail(why);
        }
        self.solution.worker().fail(why);
    }

    // ----- Play, every shape -----

    /// Begins a game from the current start (Play tab); a hint the old
    /// game was working out stops in the worker too.
    pub(super) fn begin_play(&mut self) {
        if self.play.begin(&self.input, &mut self.goal_table) {
            self.solution.worker().request_stop();
        }
    }

    /// The Play tab's moves, clicks and Hint (on the Play tab only): a hint
    /// still being worked out is dropped, in the worker too, and a Hint
    /// on a shape without a table is the worker's next job (a solve running
    /// there gives way to it).
    pub(super) fn play(&mut self, action: PlayAction) {
        if self.tab != Tab::Play {
            return;
        }
        if let PlayAction::Scramble(seed) = action {
            // The goal's class, drawn uniformly by the engine: the goal the
            // game plays toward (it follows the start's shape), else the
            // goal as typed.
            let goal = match self.input.worker_request().pair {
                Ok((_, goal)) => Some(goal),
                Err(_) => self.input.goal().as_ref().ok().copied(),
            };
            let dealt = goal.and_then(|goal| {
                crate::engine::space::sample_boards(&goal, 1, seed)
                    .first()
                    .copied()
            });
            if let Some(board) = dealt {
                self.edit(Field::Start, &board.to_json());
                self.begin_play();
            }
            return;
        }
        let job = if action == PlayAction::Hint {
            self.solution.worker().cancel();
            self.solution.worker().next_job()
        } else {
            0
        };
        let (dropped, task) = self.play.apply(action, &self.input, &self.goal_table, job);
        if dropped {
            self.solution.worker().request_stop();
        }
        if let Some(task) = task {
            self.solution.worker().post(job, task);
        }
        // The goal just reached: the solve's analysis is the worker's
        // next job (a solve running there gives way to it).
        if self.play.game().is_some_and(|g| g.analysis_due()) {
            self.solution.worker().cancel();
            let job = self.solution.worker().next_job();
            if let Some(task) = self.play.game_mut().and_then(|g| g.ask_analysis(job)) {
                self.solution.worker().post(job, task);
            }
        }
    }

    /// The family's parts of the page for a worker solve.
    pub(super) fn family_view(&self) -> FamilyView {
        if !self.solution.in_worker() {
            return FamilyView::default();
        }
        let request = &self.input.worker_request();
        let start_valid = request.error_of(Field::Start).is_none();
        let shape = request
            .pair
            .as_ref()
            .ok()
            .map(|(s, _)| s.shape())
            .or_else(|| self.input.shown_shape())
            .unwrap_or(Shape::THREE);
        // The heuristic the solve really uses, in this metric.
        let db = solver_heuristic(shape, self.input.metric());
        let (trace_note, lab_note, space_note) = tab_notes(shape);
        let mode = self.input.mode();
        let optimal = mode == Mode::Optimal;
        let mut progress = self.solution.worker_ref().progress(&shape.name(), &db);
        let hinting = self.play.game().is_some_and(Play::hint_running);
        if progress.is_empty() && hinting {
            progress = "Working out a hint in the Web Worker (Play tab).".into();
        }
        let analysing = self.play.game().is_some_and(Play::analysis_running);
        if progress.is_empty() && analysing {
            progress = "Reading your solve back in the Web Worker (Play tab).".into();
        }
        FamilyView {
            mode,
            metric: self.input.metric(),
            metric_note: metric_note(self.input.shown_shape(), self.input.metric()),
            nodes_shown: optimal,
            node_budget: self.input.node_text().to_string(),
            node_budget_error: request.budget.as_ref().err().filter(|_| optimal).cloned(),
            // With an invalid start, nothing about which fields apply.
            limit_note: if start_valid {
                limit_note(
                    shape,
                    mode,
                    self.input.metric(),
                    request.budget.as_ref().map(|b| *b).map_err(|e| e.as_str()),
                )
            } else {
                String::new()
            },
            warning: warning(shape, mode),
            progress,
            cancel_enabled: self.solution.worker_ref().running()
                || hinting
                || analysing
                || self.play.game().is_some_and(Play::counting),
            trace_note,
            lab_note,
            space_note,
            play_note: None,
        }
    }
}
