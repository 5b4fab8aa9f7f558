//! The page's work and its one worker protocol, natively tested: every
//! kind of work is a [`Task`], every answer a [`Reply`], and every message
//! between the page and a worker one [`Envelope`] (a job id and a
//! [`Body`]) written with serde as JSON.
//!
//! The page posts a task or a cancel; a worker answers each bounded slice
//! of the job with [`Reply::Progress`] (more follows), then
//! [`Reply::Done`] or [`Reply::Error`]. A worker keeps one [`Session`]:
//! [`Session::begin`] takes a task, [`Session::step`] runs one slice and
//! returns its reply, and the worker yields to its event loop between
//! slices, so a cancel is read between them. A batch task (the sweep, the
//! depth table, Compare all, the experiment, the 3×3 exploration) is a job
//! of one slice; a solve or a hint streams progress, and the session keeps
//! its pattern databases between jobs; the exploration of a board other
//! than 3×3 ([`Task::Space`]) streams the engine's state-space search in
//! slices, its table dropped with the job.
//!
//! A new kind of work is one [`Task`] variant (with its [`Answer`]) and
//! one arm of [`run_task`] (or of [`Session::begin`] when it streams).

pub mod depth;
pub mod experiment;
pub mod lab;
pub mod solver;
pub mod space;
pub mod sweep;
pub mod wire;

use crate::engine::lab::DepthPartial;
use crate::engine::solve::Mode;
use crate::engine::{Board, Progress};
pub use lab::Clock;
use serde::{Deserialize, Serialize};
use solver::{Report, SolverWorker};
use space::{SpaceAnswer, SpaceWorker};
use sweep::{SweepTask, SweepTotals};

/// Every kind of work a worker (or the page's thread) does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Task {
    /// A solve of any shape: optimal (the pattern-database IDA* under a
    /// node budget) or fast; streams.
    Solve {
        /// The start.
        #[serde(with = "wire::board")]
        start: Board,
        /// The goal.
        #[serde(with = "wire::board")]
        goal: Board,
        /// Optimal or fast.
        #[serde(with = "wire::mode")]
        mode: Mode,
        /// Nodes an optimal solve may generate.
        budget: u64,
    },
    /// The exact distance after each move from `board`; streams.
    Hint {
        /// The board the hint is for.
        #[serde(with = "wire::board")]
        board: Board,
        /// The goal.
        #[serde(with = "wire::board")]
        goal: Board,
    },
    /// The state space of a goal other than 3×3; streams.
    Space {
        /// The goal.
        #[serde(with = "wire::board")]
        goal: Board,
    },
    /// A piece of the heuristic sweep.
    Sweep(SweepTask),
    /// A rank range of the depth table.
    Depth {
        /// The 3×3 goal.
        #[serde(with = "wire::board")]
        goal: Board,
        /// First rank.
        lo: u32,
        /// End rank.
        hi: u32,
    },
    /// One part of Compare all: the optimum (index 0) or an algorithm's
    /// row (index i: the i-th of the lab's algorithms).
    Compare {
        /// The start.
        #[serde(with = "wire::board")]
        start: Board,
        /// The goal.
        #[serde(with = "wire::board")]
        goal: Board,
        /// The lab budget (boards).
        budget: u64,
        /// Which part.
        index: usize,
    },
    /// One row of the blog experiment.
    Experiment {
        /// The row.
        row: usize,
    },
    /// The whole 3×3 space of a goal.
    Explore {
        /// The goal.
        #[serde(with = "wire::board")]
        goal: Board,
    },
}

impl Task {
    /// Whether the task streams (many slices) rather than answering at once.
    pub fn streams(&self) -> bool {
        matches!(
            self,
            Task::Solve { .. } | Task::Hint { .. } | Task::Space { .. }
        )
    }
}

/// How far a streaming job is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// The solver's progress ([`Report::Build`] or [`Report::Search`]).
    Solver(Report),
    /// The state-space search's progress.
    Space(#[serde(with = "wire::ProgressDef")] Progress),
}

/// A job's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// The solver's last report ([`Report::Found`], [`Report::Fast`],
    /// [`Report::Cutoff`] or [`Report::Hint`]).
    Solver(Report),
    /// The state space of a goal other than 3×3 (checked on the page).
    Space(SpaceAnswer),
    /// A sweep piece's totals.
    Sweep(SweepTotals),
    /// A depth-table range's totals.
    Depth(#[serde(with = "wire::depth")] DepthPartial),
    /// Compare all's exact optimum (`None`: unreachable).
    Optimum(Option<u32>),
    /// Compare all's row of one algorithm.
    CompareRow(lab::CompareRow),
    /// A row of the experiment.
    ExperimentRow(experiment::ExperimentRow),
    /// The whole 3×3 space: boards by distance, and the ranks of the
    /// boards at the diameter.
    Explored {
        /// Boards at each distance.
        histogram: Vec<u32>,
        /// Ranks of the boards at the diameter, in rank order.
        hardest: Vec<u32>,
    },
}

/// What a worker answers after a slice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    /// More follows.
    Progress(Step),
    /// The job's answer; nothing follows.
    Done(Answer),
    /// The job failed; nothing follows.
    Error(String),
}

impl Reply {
    /// Whether the job is over.
    pub fn is_final(&self) -> bool {
        !matches!(self, Reply::Progress(_))
    }

    /// The solver's report in this reply (its error as
    /// [`Report::Failed`]); `None` for another kind of work's reply.
    pub fn report(&self) -> Option<Report> {
        match self {
            Reply::Progress(Step::Solver(r)) | Reply::Done(Answer::Solver(r)) => Some(r.clone()),
            Reply::Error(e) => Some(Report::Failed(e.clone())),
            _ => None,
        }
    }

    /// The reply of a solver's report.
    pub fn of_report(report: Report) -> Reply {
        match report {
            Report::Failed(e) => Reply::Error(e),
            r if r.is_progress() => Reply::Progress(Step::Solver(r)),
            r => Reply::Done(Answer::Solver(r)),
        }
    }
}

/// What an envelope carries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Body {
    /// Page → worker: run this (a running job is dropped).
    Task(Task),
    /// Page → worker: drop the job (the tables stay).
    Cancel,
    /// Worker → page: a slice's reply.
    Reply(Reply),
}

/// Every message between the page and a worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Envelope {
    /// The job it belongs to (the page ignores replies of an older job).
    pub job: u64,
    /// What it carries.
    pub body: Body,
}

impl Envelope {
    /// The envelope as the JSON text posted.
    pub fn to_json(&self) -> String {
        // Plain data (strings, numbers, lists): writing it cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a posted envelope; the error says why it could not be read.
    pub fn from_json(text: &str) -> Result<Envelope, String> {
        serde_json::from_str(text).map_err(|e| format!("a message that could not be read: {e}"))
    }
}

/// The error of a reply of another kind than the job's (a worker that
/// answered another task).
pub fn unexpected(what: &impl std::fmt::Debug) -> String {
    let text: String = format!("{what:?}").chars().take(80).collect();
    format!("the worker sent a reply of another kind: {text}")
}

/// Runs a batch task (one that answers at once); the error says what went
/// wrong. A streaming task is the [`Session`]'s.
pub fn run_task(task: &Task, clock: Clock<'_>) -> Result<Answer, String> {
    match task {
        Task::Sweep(t) => sweep::run_sweep_task(t).map(Answer::Sweep),
        Task::Depth { goal, lo, hi } => depth::run_depth_task(goal, *lo, *hi).map(Answer::Depth),
        Task::Compare {
            start,
            goal,
            budget,
            index,
        } => lab::run_compare_task(start, goal, *budget, *index, clock),
        Task::Experiment { row } => {
            experiment::run_experiment_task(*row).map(Answer::ExperimentRow)
        }
        Task::Explore { goal } => Ok(space::run_explore_task(goal)),
        Task::Solve { .. } | Task::Hint { .. } | Task::Space { .. } => {
            Err("a streaming task is not a batch task".into())
        }
    }
}

/// A worker's state for the page session: the job it is running, and the
/// solver's tables, which outlive any job.
#[derive(Default)]
pub struct Session {
    /// A batch task not yet run, or the error of a task refused.
    task: Option<Result<Task, String>>,
    /// The streaming solver (pattern databases kept for the session).
    solver: SolverWorker,
    /// The streaming state-space search (nothing kept after its job).
    space: SpaceWorker,
}

impl Session {
    /// Takes a task; a job in progress is dropped (its tables stay). A
    /// task refused is the job's error, answered by the next step.
    pub fn begin(&mut self, task: Task) {
        self.cancel();
        let begun = match task {
            Task::Solve {
                start,
                goal,
                mode,
                budget,
            } => {
                self.solver.begin_solve(start, goal, mode, budget);
                Ok(())
            }
            Task::Hint { board, goal } => self.solver.begin_hint(board, goal),
            Task::Space { goal } => {
                self.space.begin(goal);
                Ok(())
            }
            batch => {
                self.task = Some(Ok(batch));
                Ok(())
            }
        };
        if let Err(e) = begun {
            self.task = Some(Err(e));
        }
    }

    /// Drops the job; the tables stay.
    pub fn cancel(&mut self) {
        self.task = None;
        self.solver.cancel();
        self.space.cancel();
    }

    /// One bounded slice of the job and its reply; `None` without a job.
    pub fn step(&mut self, clock: Clock<'_>) -> Option<Reply> {
        if let Some(task) = self.task.take() {
            return Some(match task.and_then(|t| run_task(&t, clock)) {
                Ok(answer) => Reply::Done(answer),
                Err(e) => Reply::Error(e),
            });
        }
        if self.space.busy() {
            return self.space.step(clock);
        }
        self.solver.step().map(Reply::of_report)
    }
}

#[cfg(test)]
mod tests;
