//! The one Solution panel the workbench routes to: the verdict, the board's
//! replay, the controls and the Solution tab, for every shape and mode.
//! Where the solve runs — the 3×3 contract A* on the page's thread, or a
//! task for the Web Worker (every other shape, and Fast) — is a detail of
//! the task, recorded as [`Runs`] when the inputs change; the workbench
//! never asks which.

use super::common::{BoardView, GoalTable};
use super::input::{Edit, Panel, ParsedInputs};
use super::remote::RemotePanel;
use super::solution::{
    Answer, ControlsView, Cursor, Guards, NavAction, SolutionPanel, SolutionView, VerdictView,
};
use crate::engine::contract::Goal;

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

/// Where the solve of the current inputs runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Runs {
    /// The 3×3 contract A*, at once on the page's thread.
    #[default]
    Here,
    /// A task for the Web Worker: progress, Cancel and a checked answer.
    Worker,
}

impl Runs {
    /// Where the inputs are solved.
    pub fn of(inputs: &ParsedInputs) -> Runs {
        if inputs.is_remote() {
            Runs::Worker
        } else {
            Runs::Here
        }
    }
}

impl Panel for Solution {
    fn on_edit(&mut self, edit: &Edit<'_>) {
        self.reset(edit.inputs);
    }
}

/// The parts of the page the Solution panel draws.
pub struct SolutionParts {
    /// The verdict summary.
    pub verdict: VerdictView,
    /// The board in the left column.
    pub board: BoardView,
    /// The replay controls.
    pub controls: ControlsView,
    /// The Solution tab.
    pub solution: SolutionView,
}

/// The Solution panel: the answer of the current inputs, its replay cursor
/// and playback, wherever the solve ran.
#[derive(Default)]
pub struct Solution {
    runs: Runs,
    here: SolutionPanel,
    worker: RemotePanel,
    /// What the solve of the current inputs settled on, wherever it ran.
    answer: Option<Answer>,
    /// The one replay of the answer's witness.
    cursor: Cursor,
}

impl Solution {
    /// Drops the answer: the inputs now run where [`Runs::of`] says.
    fn reset(&mut self, inputs: &ParsedInputs) {
        self.runs = Runs::of(inputs);
        self.worker.on_edit();
        self.answer = None;
        self.cursor.clear(self.guards());
    }

    fn guards(&self) -> Guards {
        match self.runs {
            Runs::Here => Guards::Contract,
            Runs::Worker => Guards::Worker,
        }
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
        if let Some(Answer::Worker(_)) = self.answer {
            self.answer = None;
            self.cursor.clear(Guards::Worker);
        }
    }

    /// Keeps what a solve settled on, and walks its witness.
    fn settle(&mut self, answer: Option<Answer>) {
        if let Some(a) = &answer {
            self.cursor.load(a.steps());
        }
        self.answer = answer;
    }

    /// Solves the inputs where they run; a worker task waits in
    /// [`RemotePanel::take_task`].
    pub fn solve(&mut self, inputs: &ParsedInputs, tables: &mut GoalTable) {
        // Each side's solve drops its own old answer first.
        self.runs = Runs::of(inputs);
        self.answer = None;
        self.cursor.clear(self.guards());
        let answer = match self.runs {
            Runs::Here => {
                self.worker.on_edit();
                self.here.solve(inputs, tables)
            }
            Runs::Worker => self.worker.solve(&inputs.worker_request()),
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
        if let Some(Answer::Contract(c)) = self.answer.as_mut() {
            c.count_paths(tables);
        }
    }

    /// Whether the current inputs are solved as a task for the Web Worker:
    /// the task has a node budget, progress and Cancel, and the page's
    /// Trace board is not its board.
    pub fn in_worker(&self) -> bool {
        self.runs == Runs::Worker
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
        let (cursor, answer) = (&self.cursor, self.answer.as_ref());
        // The answer says how it is drawn; with none yet, where the
        // inputs run says what the panel waits for.
        let worker = match answer {
            Some(Answer::Worker(a)) => Some(Some(a)),
            Some(_) => None,
            None => (self.runs == Runs::Worker).then_some(None),
        };
        match worker {
            None => {
                let goal = inputs.goal().as_ref().ok().map(|g| Goal::new(*g));
                let (verdict, board) = SolutionPanel::verdict(answer, inputs, cursor);
                SolutionParts {
                    verdict,
                    board,
                    controls: SolutionPanel::controls(answer, cursor, on_board),
                    solution: SolutionPanel::view(answer, inputs, goal.as_ref(), cursor),
                }
            }
            Some(a) => {
                let (verdict, board, controls, solution) =
                    self.worker
                        .view(&inputs.worker_request(), a, cursor, on_board);
                SolutionParts {
                    verdict,
                    board,
                    controls,
                    solution,
                }
            }
        }
    }
}
