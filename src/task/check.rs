//! The heuristic check in a worker ([`Task::Check`](super::Task::Check)):
//! the expression compiled for the goal by the engine's one parser, then
//! the engine's [`HeuristicCheck`] in slices of at least
//! [`CHECK_SLICE_MS`], each answered with its progress until the
//! [`CheckAnswer`]: the figures, or the first board where h has no value.
//! The tables are allocated in the first slice, so a refusal is the job's
//! error. Without workers the page runs the same [`CheckWorker`] in slices.

use super::lab::Clock;
use super::space::BoardText;
use crate::engine::{
    solve::expr::Program,
    space::{CheckResult, EvalFailure, HeuristicCheck},
    Board,
};
use serde::{Deserialize, Serialize};

/// Boards checked in one [`HeuristicCheck::step`] call of a slice (about
/// 5 ms in a browser).
pub const CHECK_STEP_BOARDS: u64 = 20_000;

/// A worker's slice of the check lasts at least this long (ms).
pub const CHECK_SLICE_MS: f64 = 50.0;

/// How far a check is: boards checked, of how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckProgress {
    /// Boards checked.
    pub checked: u64,
    /// Boards to check.
    pub total: u64,
}

/// A board where h exceeds its distance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorstOver {
    /// The board.
    pub board: BoardText,
    /// Its h.
    pub h: i64,
    /// Its distance.
    pub distance: u32,
}

/// A move a→b with h(a) > 1 + h(b).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorstMove {
    /// a.
    pub from: BoardText,
    /// b.
    pub to: BoardText,
    /// h(a).
    pub h_from: i64,
    /// h(b).
    pub h_to: i64,
}

/// The figures of a finished check, as a message carries them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckFigures {
    /// Boards checked.
    pub boards: u64,
    /// Boards with h > d.
    pub overestimates: u64,
    /// A board of largest h − d.
    pub worst_over: Option<WorstOver>,
    /// Moves a→b with h(a) > 1 + h(b).
    pub inconsistent: u64,
    /// A move of largest h(a) − 1 − h(b).
    pub worst_move: Option<WorstMove>,
    /// The mean h/d over the boards with d > 0, in millionths (rounded).
    pub mean_ratio_millionths: u64,
    /// Boards with h = d.
    pub exact: u64,
    /// Boards by (distance, h, count), ascending.
    pub h_vs_distance: Vec<(u32, i64, u64)>,
    /// For a sample: the boards it was drawn from (`None`: every board).
    pub sampled_from: Option<u64>,
}

/// What a check found: the figures, or where h has no value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckAnswer {
    /// The check ran over every board (or the sample).
    Figures(CheckFigures),
    /// h has no value on this board (the first in the check's order).
    Failed {
        /// The board.
        board: BoardText,
        /// Its distance, when known.
        distance: Option<u32>,
        /// The engine's sentence.
        error: String,
    },
}

impl CheckAnswer {
    /// The answer of a finished check.
    pub fn of(r: &CheckResult) -> CheckAnswer {
        CheckAnswer::Figures(CheckFigures {
            boards: r.boards,
            overestimates: r.overestimates,
            worst_over: r.worst_overestimate.as_ref().map(|o| WorstOver {
                board: BoardText(o.board),
                h: o.h,
                distance: o.distance,
            }),
            inconsistent: r.inconsistent_moves,
            worst_move: r.worst_inconsistency.as_ref().map(|m| WorstMove {
                from: BoardText(m.from),
                to: BoardText(m.to),
                h_from: m.h_from,
                h_to: m.h_to,
            }),
            mean_ratio_millionths: (r.mean_ratio * 1e6).round().max(0.0) as u64,
            exact: r.exact,
            h_vs_distance: r
                .h_vs_distance
                .iter()
                .map(|c| (c.distance, c.h, c.count))
                .collect(),
            sampled_from: r.sample.map(|s| s.class_boards),
        })
    }

    /// The answer of a check stopped by a board without a value.
    pub fn failed(f: &EvalFailure) -> CheckAnswer {
        CheckAnswer::Failed {
            board: BoardText(f.board),
            distance: f.distance,
            error: f.error.to_string(),
        }
    }
}

/// What a slice of the check says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckStep {
    /// How far it is; more follows.
    Progress(CheckProgress),
    /// The finished check.
    Done(CheckAnswer),
    /// The expression or the tables were refused.
    Failed(String),
}

enum CheckJob {
    /// The expression and goal, not yet compiled (in the first slice).
    Pending(String, Board),
    /// The check, between slices.
    Running(Box<HeuristicCheck>),
}

/// A worker's side of [`Task::Check`](super::Task::Check); nothing
/// outlives the job.
#[derive(Default)]
pub struct CheckWorker {
    job: Option<CheckJob>,
}

impl CheckWorker {
    /// Takes a check of `expr` against `goal`; a job in progress is dropped.
    pub fn begin(&mut self, expr: String, goal: Board) {
        self.job = Some(CheckJob::Pending(expr, goal));
    }

    /// Drops the job and its tables.
    pub fn cancel(&mut self) {
        self.job = None;
    }

    /// Whether a job runs.
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// One slice: the compilation and the tables (the progress, or the
    /// refusal), then the check for at least [`CHECK_SLICE_MS`] on
    /// `clock`. `None` without a job.
    pub fn step(&mut self, clock: Clock<'_>) -> Option<CheckStep> {
        match self.job.take()? {
            CheckJob::Pending(expr, goal) => {
                let made = Program::compile(&expr, &goal)
                    .map_err(|e| e.to_string())
                    .and_then(|p| HeuristicCheck::new(p).map_err(|e| e.to_string()));
                Some(match made {
                    Ok(check) => {
                        let p = check.progress();
                        self.job = Some(CheckJob::Running(Box::new(check)));
                        CheckStep::Progress(CheckProgress {
                            checked: p.checked,
                            total: p.total,
                        })
                    }
                    Err(e) => CheckStep::Failed(e),
                })
            }
            CheckJob::Running(mut check) => {
                let t0 = clock();
                let done = loop {
                    if check.step(CHECK_STEP_BOARDS) {
                        break true;
                    }
                    if clock() - t0 >= CHECK_SLICE_MS {
                        break false;
                    }
                };
                if done {
                    return Some(match (check.result(), check.failure()) {
                        (Some(r), _) => CheckStep::Done(CheckAnswer::of(r)),
                        (None, Some(f)) => CheckStep::Done(CheckAnswer::failed(f)),
                        (None, None) => {
                            CheckStep::Failed("the check ended without a result".into())
                        }
                    });
                }
                let p = check.progress();
                self.job = Some(CheckJob::Running(check));
                Some(CheckStep::Progress(CheckProgress {
                    checked: p.checked,
                    total: p.total,
                }))
            }
        }
    }
}
