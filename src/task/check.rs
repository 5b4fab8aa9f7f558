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
pub use crate::engine::heuristic::CheckProgress;
use crate::engine::{
    heuristic::expr::Program,
    heuristic::{CheckResult, EvalFailure, HeuristicCheck},
    moves::Metric,
    teaching::workshop::{CostRow, Exercise, Grade, GradeError, Grading, SearchCost},
    Board,
};
use serde::{Deserialize, Serialize};

/// Boards checked in one [`HeuristicCheck::step`] call of a slice (about
/// 5 ms in a browser).
pub const CHECK_STEP_BOARDS: u64 = 20_000;

/// A worker's slice of the check lasts at least this long (ms).
pub const CHECK_SLICE_MS: f64 = 50.0;

/// What a check found: the engine's figures, or the first board where h
/// has no value (in the check's order).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckAnswer {
    /// The check ran over every board (or the sample).
    Figures(Box<CheckResult>),
    /// h has no value on this board.
    Failed(EvalFailure),
}

/// What a slice of a workshop job says.
#[derive(Clone, Debug, PartialEq)]
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
    Graded(Grade),
    /// The expression or the tables were refused.
    Failed(String),
}

/// A job before its first slice.
enum Plan {
    /// The check of the expression against the goal, then the search cost
    /// with this many boards at each depth when asked.
    Check(String, Board, Option<usize>, Metric),
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

impl CheckWorker {
    /// Takes a check of `expr` against `goal`'s distances in `metric`; a
    /// job in progress is dropped.
    pub fn begin(&mut self, expr: String, goal: Board, metric: Metric) {
        self.job = Some(CheckJob::Pending(Plan::Check(expr, goal, None, metric)));
    }

    /// Takes the check then the search cost of `expr` against `goal` in
    /// `metric`, with `per_depth` boards drawn at each depth.
    pub fn begin_cost(&mut self, expr: String, goal: Board, per_depth: usize, metric: Metric) {
        self.job = Some(CheckJob::Pending(Plan::Check(
            expr,
            goal,
            Some(per_depth),
            metric,
        )));
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
            CheckJob::Pending(Plan::Check(expr, goal, cost, metric)) => {
                let made = Program::compile(&expr, &goal)
                    .map_err(|e| e.to_string())
                    .and_then(|p| HeuristicCheck::in_metric(p, metric).map_err(|e| e.to_string()));
                Some(match made {
                    Ok(check) => {
                        let p = check.progress();
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
                    let p = check.progress();
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
                    (Some(r), _, None) => CheckStep::Done(CheckAnswer::Figures(Box::new(r.clone()))),
                    (None, Some(f), _) => CheckStep::Done(CheckAnswer::Failed(f.clone())),
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
                            return Some(CheckStep::Done(CheckAnswer::Failed(f)))
                        }
                        Err(e) => return Some(CheckStep::Failed(e.to_string())),
                    }
                };
                if done {
                    return Some(match g.grade() {
                        Some(grade) => CheckStep::Graded(grade),
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
