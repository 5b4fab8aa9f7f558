//! The worker's side: [`run_task`] for the batch tasks and the
//! [`Session`] that runs any task in slices.

use super::analysis::AnalysisJob;
use super::check::CheckWorker;
use super::lab::{compare_row, Clock};
use super::protocol::{Answer, Reply, Task};
use super::solver::SolverWorker;
use super::space::SpaceWorker;
use super::{depth, experiment, space, sweep};
use crate::engine::teaching::lab::Algorithm;
use crate::engine::{contract::Goal, teaching::DistanceTable, Board};

/// Runs a compare task: the optimum ([`Answer::Optimum`], `None` when
/// unreachable) or an algorithm's row ([`Answer::CompareRow`]).
fn run_compare_task(
    start: &Board,
    goal: &Board,
    budget: u64,
    index: usize,
    clock: Clock<'_>,
) -> Result<Answer, String> {
    if index == 0 {
        return Ok(Answer::Optimum(DistanceTable::new(goal).distance(start)));
    }
    let alg = *Algorithm::ALL
        .get(index - 1)
        .ok_or(format!("no algorithm number {index}"))?;
    Ok(Answer::CompareRow(compare_row(
        alg,
        start,
        &Goal::new(*goal),
        budget,
        clock,
    )))
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
        } => run_compare_task(start, goal, *budget, *index, clock),
        Task::Experiment { row } => {
            experiment::run_experiment_task(*row).map(Answer::ExperimentRow)
        }
        Task::Explore { goal, metric } => {
            let (histogram, hardest) = space::run_explore_task(goal, *metric);
            Ok(Answer::Explored { histogram, hardest })
        }
        Task::AllShortest {
            start,
            goal,
            metric,
            limit,
        } => super::shortest::run_shortest_task(start, goal, *metric, *limit).map(Answer::Shortest),
        Task::Solve { .. }
        | Task::Analyse { .. }
        | Task::Hint { .. }
        | Task::Space { .. }
        | Task::Check { .. }
        | Task::Cost { .. }
        | Task::Grade { .. } => Err("a streaming task is not a batch task".into()),
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
    /// The streaming heuristic check (nothing kept after its job).
    check: CheckWorker,
    /// Play's analysis (on the solver's tables).
    analysis: Option<AnalysisJob>,
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
                metric,
            } => {
                self.solver
                    .begin_solve_in(start, goal, mode, metric, budget);
                Ok(())
            }
            Task::Hint {
                board,
                goal,
                budget,
                metric,
            } => self.solver.begin_hint_in(board, goal, budget, metric),
            Task::Space { goal, metric } => {
                self.space.begin(goal, metric);
                Ok(())
            }
            Task::Check { expr, goal, metric } => {
                self.check.begin(expr, goal, metric);
                Ok(())
            }
            Task::Cost {
                expr,
                goal,
                per_depth,
                metric,
            } => {
                self.check
                    .begin_cost(expr, goal, usize::from(per_depth), metric);
                Ok(())
            }
            Task::Grade { exercise, expr } => {
                self.check.begin_grade(exercise, expr);
                Ok(())
            }
            Task::Analyse {
                start,
                goal,
                metric,
                moves,
            } => AnalysisJob::new(&start, &goal, metric, &moves).map(|job| {
                self.analysis = Some(job);
            }),
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
        self.analysis = None;
        self.solver.cancel();
        self.space.cancel();
        self.check.cancel();
    }

    /// One bounded slice of the job and its reply; `None` without a job.
    pub fn step(&mut self, clock: Clock<'_>) -> Option<Reply> {
        if let Some(task) = self.task.take() {
            return Some(match task.and_then(|t| run_task(&t, clock)) {
                Ok(answer) => Reply::Done(answer),
                Err(e) => Reply::Error(e),
            });
        }
        if let Some(job) = self.analysis.as_mut() {
            let reply = job.step(&mut self.solver);
            if reply.is_final() {
                self.analysis = None;
            }
            return Some(reply);
        }
        if self.space.busy() {
            return self.space.step(clock).map(Reply::from);
        }
        if self.check.busy() {
            return self.check.step(clock).map(Reply::from);
        }
        self.solver.step().map(Reply::of_report)
    }
}
