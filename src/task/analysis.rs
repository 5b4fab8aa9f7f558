//! Play's solve read back in the worker ([`Task::Analyse`](super::Task::Analyse)):
//! the engine's `analyse` on the moves the person made, every board's
//! distance exact from IDA* on the tables the worker keeps for the session
//! (the single-tile pattern database or the multi-tile tables of its
//! optimal solves), in slices with progress (the tables' build, then board
//! k of n), so Cancel is read between them.
//!
//! [`exact_distances`] is the one place that chooses the estimate of the
//! page's exact distances; [`exact_distances_in`] is the same on a
//! worker's kept tables, one slice of their build at a time.

use super::protocol::{AnalysisProgress, Answer, Reply, Step};
use super::solver::{Report, SolverWorker};
use crate::engine::moves::{Metric, Slide};
use crate::engine::notation::{Notation, Written};
use crate::engine::solve::{
    analyse, check_size, metric_moves, Analysis, Bound, Estimator, ExactDistances, Partition,
    RunsDb,
};
use crate::engine::Board;

/// Nodes each board's search may generate: over it, the board shows its
/// proved lower bound (a backstop: on the tables every board of a 4×4
/// solve takes far fewer; see BENCHMARKS.md).
pub const ANALYSIS_NODES: u64 = 200_000_000;

/// Nodes a worker slice of the analysis generates (then it answers and
/// reads its messages, e.g. Cancel).
pub const ANALYSIS_SLICE: u64 = 1 << 20;

/// The error of a build that ended without its tables (never, short of a
/// bug).
const NO_TABLES: &str = "the tables' build ended without tables";

/// Up to this many cells the searches run on the plain estimates (linear
/// conflict, the multi-tile Manhattan): no tables are built for them.
const PLAIN_MAX_CELLS: usize = 9;

/// Exact distances toward `goal` in `metric` as the page gives them, the
/// tables built here in one call: over [`PLAIN_MAX_CELLS`] cells IDA* on
/// the shape's additive pattern database (`pdb-663` on 4×4) or the
/// multi-tile tables (`multi-tile-pdb-555` on 4×4), each board within
/// [`ANALYSIS_NODES`] nodes.
pub fn exact_distances(goal: &Board, metric: Metric) -> Result<ExactDistances, String> {
    exact_distances_kept(&mut SolverWorker::default(), goal, metric)
}

/// [`exact_distances`] on the tables `solver` keeps for the session (Play's
/// solves and analyses build the same ones), any build they still need run
/// to its end here in one call.
pub fn exact_distances_kept(
    solver: &mut SolverWorker,
    goal: &Board,
    metric: Metric,
) -> Result<ExactDistances, String> {
    loop {
        match exact_distances_in(solver, goal, metric) {
            Ok(exact) => return Ok(exact),
            Err(Report::Failed(e)) => return Err(e),
            Err(r) if r.is_progress() => {}
            Err(_) => return Err(NO_TABLES.into()),
        }
    }
}

/// [`exact_distances`] on the tables `solver` keeps for the session: the
/// distances once they are ready, else one more slice of their build (its
/// [`Report::Build`]) or why they cannot be made ([`Report::Failed`]).
pub fn exact_distances_in(
    solver: &mut SolverWorker,
    goal: &Board,
    metric: Metric,
) -> Result<ExactDistances, Report> {
    // A board too large for exact distances is refused before any table
    // is built for it (past 16 cells the shape's database would be built
    // first, minutes in the page on 6×6, only to be refused).
    check_size(goal.shape()).map_err(|e| Report::Failed(e.to_string()))?;
    let bound = if goal.shape().cells() <= PLAIN_MAX_CELLS {
        match metric {
            Metric::Single => Bound::Single(Estimator::LinearConflict),
            Metric::Multi => Bound::Multi(None),
        }
    } else {
        solver.bound(goal, metric)?
    };
    ExactDistances::new(goal, metric, bound, Some(ANALYSIS_NODES))
        .map_err(|e| Report::Failed(e.to_string()))
}

/// An analysis in the worker, run in slices ([`AnalysisJob::step`]).
pub struct AnalysisJob {
    start: Board,
    written: Vec<Written>,
    goal: Board,
    metric: Metric,
    /// The start, then the board after each move of the metric.
    boards: Vec<Board>,
    exact: Option<ExactDistances>,
    done: usize,
    /// The exact distance of the last board done, if known.
    known: Option<u32>,
}

impl AnalysisJob {
    /// The analysis of `moves` (the game's moves of `metric`) from `start`
    /// toward `goal`; a move off the board is the error.
    pub fn new(
        start: &Board,
        goal: &Board,
        metric: Metric,
        moves: &[Slide],
    ) -> Result<AnalysisJob, String> {
        let written: Vec<Written> = moves
            .iter()
            .enumerate()
            .map(|(i, &slide)| Written {
                position: i + 1,
                text: Notation::Blank.write_slide(slide),
                slide,
            })
            .collect();
        let mut board = *start;
        for w in &written {
            board = board
                .slide(w.slide)
                .ok_or_else(|| format!("move {}, {}: off the board", w.position, w.text))?;
        }
        let mut boards = vec![*start];
        for (slide, _) in metric_moves(&written, metric) {
            let b = boards[boards.len() - 1];
            boards.push(b.slide(slide).ok_or("a move off the board")?);
        }
        Ok(AnalysisJob {
            start: *start,
            written,
            goal: *goal,
            metric,
            boards,
            exact: None,
            done: 0,
            known: None,
        })
    }

    /// One bounded slice on `solver`'s tables: a slice of their build, or
    /// of the next board's search; the analysis once every board is known.
    pub fn step(&mut self, solver: &mut SolverWorker) -> Reply {
        if self.exact.is_none() {
            match exact_distances_in(solver, &self.goal, self.metric) {
                Ok(exact) => self.exact = Some(exact),
                Err(Report::Build {
                    done,
                    tables,
                    entries,
                    ..
                }) => return Reply::Progress(Step::Analysis(self.building(done, tables, entries))),
                Err(Report::Failed(e)) => return Reply::Error(e),
                Err(_) => return Reply::Error(NO_TABLES.into()),
            }
        }
        let Some(exact) = self.exact.as_mut() else {
            return Reply::Error("no exact distances".into());
        };
        if let Some(board) = self.boards.get(self.done) {
            // The board before is one move away: its distance bounds this one's.
            let next_to = self.known;
            return match exact.distance_within(board, ANALYSIS_SLICE, next_to) {
                Ok(Some(d)) => {
                    self.known = d.exact();
                    self.done += 1;
                    Reply::Progress(Step::Analysis(AnalysisProgress::Boards {
                        done: self.done,
                        of: self.boards.len(),
                    }))
                }
                Ok(None) => Reply::Progress(Step::Analysis(AnalysisProgress::Boards {
                    done: self.done,
                    of: self.boards.len(),
                })),
                Err(e) => Reply::Error(e.to_string()),
            };
        }
        // Every board's distance is remembered: this asks no search.
        match analyse(&self.start, &self.written, exact, &mut |_| {}) {
            Ok(a) => Reply::Done(Answer::Analysis(a)),
            Err(e) => Reply::Error(e.to_string()),
        }
    }

    /// Searches run and nodes they generated so far (none before the
    /// tables are ready).
    pub fn work(&self) -> (u64, u64) {
        self.exact.as_ref().map_or((0, 0), ExactDistances::work)
    }

    /// The build's progress: the tables' name and size.
    fn building(&self, done: usize, tables: usize, entries: usize) -> AnalysisProgress {
        let (name, bytes) = match self.metric {
            // Two entries a byte.
            Metric::Single => (
                Partition::for_goal(&self.goal).name().to_string(),
                entries.div_ceil(2) as u64,
            ),
            Metric::Multi => (RunsDb::name_for(self.goal.shape()), entries as u64),
        };
        AnalysisProgress::Build {
            name,
            bytes,
            done,
            tables,
        }
    }
}

/// The analysis of `moves` in one call, the tables built here (what the
/// tests and a caller without a worker session use).
pub fn run_analysis_task(
    start: &Board,
    goal: &Board,
    metric: Metric,
    moves: &[Slide],
) -> Result<Analysis, String> {
    let mut job = AnalysisJob::new(start, goal, metric, moves)?;
    let mut solver = SolverWorker::default();
    loop {
        match job.step(&mut solver) {
            Reply::Progress(_) => {}
            Reply::Done(Answer::Analysis(a)) => return Ok(a),
            Reply::Done(other) => return Err(super::unexpected(&other)),
            Reply::Error(e) => return Err(e),
        }
    }
}
