//! The one Solution panel the workbench routes to: the verdict, the board's
//! replay, the controls and the Solution tab, for every shape and mode.
//! The inputs plan a [`Search`]; where it runs — the 3×3 contract A* on the
//! page's thread, or a task for the Web Worker (every other shape, and
//! Fast) — is a detail of that task. Every search ends in the one
//! [`Answer`](super::solution::Answer), drawn by the one `solution::draw`.

use super::common::GoalTable;
use super::input::{Edit, Panel, ParsedInputs};
use super::solution::remote::RemotePanel;
pub use super::solution::SolutionParts;
use super::solution::{contract_answer, draw, Answer, Cursor, NavAction, Scene, Search};
use crate::engine::contract::Solver;

/// What a person does with the Solution panel's replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolutionAction {
    /// First, Previous, Next, Last.
    Navigate(NavAction),
    /// Play or Pause.
    TogglePlayback,
    /// The speed slider's text (ms per move).
    Speed(String),
    /// Counts the shortest paths of a solved 3×3 start.
    CountPaths,
}

impl Panel for Solution {
    fn on_edit(&mut self, edit: &Edit<'_>) {
        self.reset(edit.inputs);
    }
}

/// The Solution panel: the answer of the current inputs, its replay cursor
/// and playback, wherever the solve ran.
pub struct Solution {
    /// The search the current inputs are planned for.
    search: Search,
    /// The 3×3 contract A*'s reusable search.
    solver: Solver,
    worker: RemotePanel,
    /// What the solve of the current inputs settled on, wherever it ran.
    answer: Option<Answer>,
    /// The one replay of the answer's witness.
    cursor: Cursor,
    /// A new contract path waits for its shortest paths to be counted.
    count_wanted: bool,
}

impl Default for Solution {
    fn default() -> Self {
        Solution {
            search: Search::default(),
            solver: Solver::new(),
            worker: RemotePanel::default(),
            answer: None,
            cursor: Cursor::default(),
            count_wanted: false,
        }
    }
}

impl Solution {
    /// Drops the answer: the inputs now plan the search [`Search::of`] says.
    fn reset(&mut self, inputs: &ParsedInputs) {
        self.search = Search::of(inputs);
        self.worker.on_edit();
        self.answer = None;
        self.count_wanted = false;
        self.cursor.clear(self.search.guards());
    }

    /// Whether a new contract path waits for its shortest paths to be
    /// counted; true once per answer.
    pub fn take_count(&mut self) -> bool {
        std::mem::take(&mut self.count_wanted)
    }

    /// A solution panel for these inputs, with no answer yet.
    pub fn new(inputs: &ParsedInputs) -> Solution {
        let mut s = Solution::default();
        s.reset(inputs);
        s
    }

    /// Drops the worker's answer only (the node budget changed).
    pub fn on_node_budget(&mut self) {
        self.worker.on_edit();
        if self.answer.as_ref().is_some_and(Answer::is_worker_answer) {
            self.answer = None;
            self.cursor.clear(self.search.guards());
        }
    }

    /// Keeps what a solve settled on, and walks its witness.
    fn settle(&mut self, answer: Option<Answer>) {
        if let Some(a) = &answer {
            self.cursor.load(a.steps());
            self.count_wanted = a.paths_uncounted();
        }
        self.answer = answer;
    }

    /// Solves the inputs where they run; a worker task waits in
    /// [`RemotePanel::take_task`].
    pub fn solve(&mut self, inputs: &ParsedInputs, tables: &mut GoalTable) {
        // The old answer goes first; each side drops its own old job.
        self.search = Search::of(inputs);
        self.answer = None;
        self.cursor.clear(self.search.guards());
        let answer = if self.search.in_worker() {
            self.worker.solve(&inputs.worker_request())
        } else {
            self.worker.on_edit();
            contract_answer(&mut self.solver, inputs, tables)
        };
        self.settle(answer);
    }

    /// Takes a worker's reply for job `job` (see [`RemotePanel::absorb`]);
    /// a checked path becomes the replay. True while the job runs.
    pub fn absorb(&mut self, job: u64, reply: &crate::task::Reply) -> bool {
        let (running, answer) = self.worker.absorb(job, reply);
        if answer.is_some() {
            self.settle(answer);
        }
        running
    }

    /// Counts the shortest paths of a solved 3×3 start.
    pub fn count_paths(&mut self, tables: &mut GoalTable) {
        if let Some(a) = self.answer.as_mut() {
            a.count_paths(tables);
        }
    }

    /// Whether the current inputs are solved as a task for the Web Worker:
    /// the task has a node budget, progress and Cancel, and the page's
    /// Trace board is not its board.
    pub fn in_worker(&self) -> bool {
        self.search.in_worker()
    }

    /// The worker's side: jobs, replies, Cancel (also used by Play's hints).
    pub fn worker(&mut self) -> &mut RemotePanel {
        &mut self.worker
    }

    /// The worker's side, to read.
    pub fn worker_ref(&self) -> &RemotePanel {
        &self.worker
    }

    /// Moves the replay cursor; at a boundary it stays and says so.
    pub fn navigate(&mut self, action: NavAction) {
        self.cursor.navigate(action);
    }

    /// The replay step shown, if any.
    pub fn step(&self) -> Option<usize> {
        self.cursor.step()
    }

    /// Puts the replay cursor at `step` (a link).
    pub fn go_to_step(&mut self, step: usize) {
        self.cursor.go_to_step(step);
    }

    /// Stops playback.
    pub fn stop_playback(&mut self) {
        self.cursor.stop_playback();
    }

    /// The token of the running playback, if the replay is playing.
    pub fn playback_token(&self) -> Option<u64> {
        self.cursor.playback_token()
    }

    /// Play/Pause: the token a timer must present to [`Solution::tick`].
    pub fn toggle_playback(&mut self) -> Option<u64> {
        self.cursor.toggle_playback()
    }

    /// One timer tick of playback; true when another tick should follow.
    pub fn tick(&mut self, token: u64) -> bool {
        self.cursor.tick(token)
    }

    /// The replay speed in milliseconds per move.
    pub fn speed_ms(&self) -> u32 {
        self.cursor.speed_ms()
    }

    /// Sets the replay speed from the slider's text.
    pub fn set_speed(&mut self, text: &str) {
        self.cursor.set_speed(text);
    }

    /// The verdict, board, controls and Solution tab for the inputs.
    pub fn view(&self, inputs: &ParsedInputs, on_board: bool) -> SolutionParts {
        draw(&Scene {
            inputs,
            search: self.search,
            answer: self.answer.as_ref(),
            run: self.worker.run(),
            cursor: &self.cursor,
            on_board,
        })
    }
}
