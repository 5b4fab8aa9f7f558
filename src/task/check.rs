//! The workshop's jobs in a worker: the check ([`Task::Check`](super::Task::Check)),
//! the search cost ([`Task::Cost`](super::Task::Cost)) and an exercise's
//! grade ([`Task::Grade`](super::Task::Grade)). The expression is compiled
//! for the goal by the engine's one parser, then the engine's
//! [`HeuristicCheck`] runs in slices of at least [`CHECK_SLICE_MS`], each
//! answered with its progress until the [`CheckAnswer`]: the figures, or
//! the first board where h has no value. The cost follows the check with
//! the engine's [`SearchCost`] (the same code as `heuristic cost`), one
//! board a step; a grade is the engine's [`Grading`] (the same code as
//! `heuristic grade`). The tables are allocated in the first slice, so a
//! refusal is the job's error. Without workers the page runs the same
//! [`CheckWorker`] in slices.

use super::lab::Clock;
use super::space::BoardText;
use crate::engine::{
    heuristic::expr::Program,
    heuristic::{CheckResult, EvalFailure, HeuristicCheck},
    teaching::workshop::{CostRow, Exercise, Grade, GradeError, GradeReason, Grading, SearchCost},
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

/// An exercise's grade, as a message carries it (the engine's [`Grade`]
/// field by field).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GradeAnswer {
    /// Whether h ≤ distance on every board of the class.
    pub admissible: bool,
    /// Boards where h > distance.
    pub overestimates: u64,
    /// A board of largest h − distance.
    pub worst: Option<WorstOver>,
    /// Expansions per board, in the exercise's order.
    pub nodes: Vec<u64>,
    /// Their total.
    pub total: u64,
    /// Path length − optimum, summed over the boards solved.
    pub excess: u64,
    /// Pass or fail.
    pub pass: bool,
    /// Why it failed: `None` when it passed, else the first reason that
    /// applies.
    pub reason: GradeWhy,
}

/// Why a grade is what it is (the engine's [`GradeReason`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GradeWhy {
    /// Every condition holds.
    Passed,
    /// The exercise asks for an admissible h and this one overestimates.
    Inadmissible,
    /// The search ran out of its budget on these boards (from 1).
    OverBudget(Vec<usize>),
    /// More nodes than the target.
    TooManyNodes,
}

impl GradeAnswer {
    /// The message of the engine's grade.
    pub fn of(g: &Grade) -> GradeAnswer {
        GradeAnswer {
            admissible: g.admissible,
            overestimates: g.overestimates,
            worst: g.worst.as_ref().map(|o| WorstOver {
                board: BoardText(o.board),
                h: o.h,
                distance: o.distance,
            }),
            nodes: g.nodes.clone(),
            total: g.total,
            excess: g.excess,
            pass: g.pass,
            reason: match &g.reason {
                GradeReason::Passed => GradeWhy::Passed,
                GradeReason::Inadmissible => GradeWhy::Inadmissible,
                GradeReason::OverBudget(b) => GradeWhy::OverBudget(b.clone()),
                GradeReason::TooManyNodes => GradeWhy::TooManyNodes,
            },
        }
    }
}

/// What a slice of a workshop job says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckStep {
    /// How far the check (or a grading: boards checked and searched) is;
    /// more follows.
    Progress(CheckProgress),
    /// How far the search cost is: boards searched, of how many.
    Costing(CheckProgress),
    /// The finished check (or the check before a cost or a grade, stopped
    /// by a board where h has no value).
    Done(CheckAnswer),
    /// The finished search cost: one row per depth.
    Cost(Vec<CostRow>),
    /// The finished grade.
    Graded(GradeAnswer),
    /// The expression or the tables were refused.
    Failed(String),
}

/// A job before its first slice.
enum Plan {
    /// The check of the expression against the goal, then the search cost
    /// with this many boards at each depth when asked.
    Check(String, Board, Option<usize>),
    /// The grade of the expression on the exercise.
    Grade(Box<Exercise>, String),
}

enum CheckJob {
    /// Not yet compiled (in the first slice).
    Pending(Plan),
    /// The check, between slices, and the cost's boards a depth to follow.
    Running(Box<HeuristicCheck>, Option<usize>),
    /// The search cost, between slices.
    Costing(Box<SearchCost>),
    /// The grading, between slices.
    Grading(Box<Grading>),
}

/// A worker's side of the workshop's tasks; nothing outlives the job.
#[derive(Default)]
pub struct CheckWorker {
    job: Option<CheckJob>,
}

fn progress(p: crate::engine::heuristic::CheckProgress) -> CheckProgress {
    CheckProgress {
        checked: p.checked,
        total: p.total,
    }
}

impl CheckWorker {
    /// Takes a check of `expr` against `goal`; a job in progress is dropped.
    pub fn begin(&mut self, expr: String, goal: Board) {
        self.job = Some(CheckJob::Pending(Plan::Check(expr, goal, None)));
    }

    /// Takes the check then the search cost of `expr` against `goal`, with
    /// `per_depth` boards drawn at each depth.
    pub fn begin_cost(&mut self, expr: String, goal: Board, per_depth: usize) {
        self.job = Some(CheckJob::Pending(Plan::Check(expr, goal, Some(per_depth))));
    }

    /// Takes the grade of `expr` on `exercise`.
    pub fn begin_grade(&mut self, exercise: Exercise, expr: String) {
        self.job = Some(CheckJob::Pending(Plan::Grade(Box::new(exercise), expr)));
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
    /// refusal), then the job for at least [`CHECK_SLICE_MS`] on `clock`.
    /// `None` without a job.
    pub fn step(&mut self, clock: Clock<'_>) -> Option<CheckStep> {
        let t0 = clock();
        let out = |clock: Clock<'_>| clock() - t0 >= CHECK_SLICE_MS;
        match self.job.take()? {
            CheckJob::Pending(Plan::Check(expr, goal, cost)) => {
                let made = Program::compile(&expr, &goal)
                    .map_err(|e| e.to_string())
                    .and_then(|p| HeuristicCheck::new(p).map_err(|e| e.to_string()));
                Some(match made {
                    Ok(check) => {
                        let p = progress(check.progress());
                        self.job = Some(CheckJob::Running(Box::new(check), cost));
                        CheckStep::Progress(p)
                    }
                    Err(e) => CheckStep::Failed(e),
                })
            }
            CheckJob::Pending(Plan::Grade(exercise, expr)) => {
                Some(match Grading::new(&exercise, &expr) {
                    Ok(g) => {
                        let (done, total) = g.progress();
                        self.job = Some(CheckJob::Grading(Box::new(g)));
                        CheckStep::Progress(CheckProgress {
                            checked: done,
                            total,
                        })
                    }
                    Err(e) => CheckStep::Failed(e.to_string()),
                })
            }
            CheckJob::Running(mut check, cost) => {
                let done = loop {
                    if check.step(CHECK_STEP_BOARDS) {
                        break true;
                    }
                    if out(clock) {
                        break false;
                    }
                };
                if !done {
                    let p = progress(check.progress());
                    self.job = Some(CheckJob::Running(check, cost));
                    return Some(CheckStep::Progress(p));
                }
                Some(match (check.result(), check.failure(), cost) {
                    (Some(_), _, Some(per_depth)) => match SearchCost::new(&check, per_depth) {
                        Some(c) => {
                            let (done, total) = c.progress();
                            self.job = Some(CheckJob::Costing(Box::new(c)));
                            CheckStep::Costing(CheckProgress {
                                checked: done as u64,
                                total: total as u64,
                            })
                        }
                        None => CheckStep::Failed(
                            "the search cost needs every board's distance (shapes of up to 10 cells)"
                                .into(),
                        ),
                    },
                    (Some(r), _, None) => CheckStep::Done(CheckAnswer::of(r)),
                    (None, Some(f), _) => CheckStep::Done(CheckAnswer::failed(f)),
                    (None, None, _) => CheckStep::Failed("the check ended without a result".into()),
                })
            }
            CheckJob::Costing(mut cost) => {
                let done = loop {
                    if cost.step(1) {
                        break true;
                    }
                    if out(clock) {
                        break false;
                    }
                };
                if done {
                    return Some(CheckStep::Cost(cost.rows().to_vec()));
                }
                let (done, total) = cost.progress();
                self.job = Some(CheckJob::Costing(cost));
                Some(CheckStep::Costing(CheckProgress {
                    checked: done as u64,
                    total: total as u64,
                }))
            }
            CheckJob::Grading(mut g) => {
                let done = loop {
                    match g.step(CHECK_STEP_BOARDS) {
                        Ok(true) => break true,
                        Ok(false) if out(clock) => break false,
                        Ok(false) => {}
                        Err(GradeError::Eval(f)) => {
                            return Some(CheckStep::Done(CheckAnswer::failed(&f)))
                        }
                        Err(e) => return Some(CheckStep::Failed(e.to_string())),
                    }
                };
                if done {
                    return Some(match g.grade() {
                        Some(grade) => CheckStep::Graded(GradeAnswer::of(&grade)),
                        None => CheckStep::Failed("the grading ended without a grade".into()),
                    });
                }
                let (done, total) = g.progress();
                self.job = Some(CheckJob::Grading(g));
                Some(CheckStep::Progress(CheckProgress {
                    checked: done,
                    total,
                }))
            }
        }
    }
}
