//! The solver's side of a worker, for every shape: [`SolverWorker`], kept
//! in the worker for the page session, and its [`Report`]s.
//!
//! A solve ([`Task::Solve`](super::Task::Solve), mode optimal or fast, with
//! the node budget of an optimal solve) or a hint
//! ([`Task::Hint`](super::Task::Hint): which moves start a shortest path,
//! under a node budget, else a fast-mode move; see [`HintAnswer`]).
//! An optimal solve first builds the goal's pattern database (the shape's
//! partition, in bounded slices, reported as `Build`, kept for later jobs),
//! then runs the one resumable IDA* in slices (`Search`) until `Found` or
//! `Cutoff`. A fast solve answers in one slice (`Fast`). The page replays
//! every path with the engine's one `verify` before it says Solved.
//!
//! In the multi-tile metric an optimal solve first builds the goal's
//! multi-tile pattern tables in bounded slices (`Build`, kept for the next
//! job of that goal), then runs the multi-tile IDA* in the same slices,
//! its counters in slides; `Found` and
//! `Fast` then carry the path one tile at a time, whose runs
//! ([`runs`](crate::engine::verdict::runs): consecutive moves in one
//! direction are one slide) are the slides (a multi-tile path found by the
//! search never has two slides on one axis in a row), and `Fast`'s lower
//! bound is the multi-tile one.

use crate::engine::solve::{
    Bound, Estimator, FastConfig, FastSolver, IdaProgress, IdaStep, Mode, OptimalError,
    OptimalSearch, Partition, PatternDb, PdbBuilder, RunsDb, RunsDbBuilder,
};
pub use crate::engine::text::thousands;
use crate::engine::{
    moves::{Metric, Slide},
    verdict::runs as runs_of,
    Board, Move, ParityProof,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Nodes generated per worker slice (then the worker answers and reads its
/// messages, e.g. Cancel).
pub const SLICE_NODES: u64 = 1 << 20;
/// Placement expansions per build slice.
pub const BUILD_WORK: usize = 1 << 18;
/// Pattern databases a worker keeps (one per goal, the oldest dropped).
const KEEP_DATABASES: usize = 2;

/// Search counters as the worker reports them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Counters {
    /// The current f bound: no solution is shorter than this.
    pub bound: u32,
    /// The last bound whose iteration finished.
    pub completed: Option<u32>,
    /// Children generated so far.
    pub generated: u64,
    /// Nodes expanded so far.
    pub expanded: u64,
    /// Iterations started.
    pub iterations: u32,
}

impl Counters {
    /// Counters from their five figures, for tests that pin a report.
    #[cfg(test)]
    pub(crate) fn figures(
        bound: u32,
        completed: Option<u32>,
        generated: u64,
        expanded: u64,
        iterations: u32,
    ) -> Counters {
        Counters {
            bound,
            completed,
            generated,
            expanded,
            iterations,
        }
    }

    fn of(p: &IdaProgress) -> Counters {
        Counters {
            bound: p.bound,
            completed: p.completed_bound,
            generated: p.generated,
            expanded: p.expanded,
            iterations: p.iterations,
        }
    }
}

/// What the solver says after a slice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Report {
    /// The database build: tables done, tables, entries filled, entries.
    Build {
        /// Tables finished.
        done: usize,
        /// Tables in all.
        tables: usize,
        /// Entries filled so far.
        filled: usize,
        /// Entries in all.
        entries: usize,
    },
    /// The search is running.
    Search(Counters),
    /// A shortest path was found (the page checks it before Solved): the
    /// metric its length is counted in, and the path one tile at a time (in
    /// the multi-tile metric its runs are the slides: see the module notes).
    Found(Counters, Metric, Vec<Move>),
    /// A fast path: the proved lower bound, nodes generated, the moves.
    Fast {
        /// No solution is shorter than this.
        lower_bound: u32,
        /// Nodes generated.
        generated: u64,
        /// The metric the length and the bound are counted in.
        metric: Metric,
        /// The path (not necessarily shortest); in the multi-tile metric
        /// its runs are the slides.
        moves: Vec<Move>,
    },
    /// The node budget ran out.
    Cutoff(Counters),
    /// A hint's answer.
    Hint(HintAnswer),
    /// What went wrong in the worker.
    Failed(String),
}

/// What a hint found within its node budget.
///
/// A hint first solves the board optimally (IDA* on the goal's pattern
/// database when the worker already holds it, else on linear conflict;
/// a hint never waits for a database build), then checks each other
/// neighbour against the board's distance − 1, all under one node budget.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HintAnswer {
    /// Every move decided: the exact distance after each move (Up, Down,
    /// Left, Right), `None` where the move would leave the board.
    Exact([Option<u32>; 4]),
    /// The board's exact distance and the first move of a shortest path
    /// were proved; the budget ran out before every other move was decided.
    Shortest {
        /// The first move of a shortest path.
        first: Move,
        /// The board's exact distance.
        distance: u32,
        /// The node budget the hint had.
        budget: u64,
    },
    /// The budget ran out before the board's distance was proved: the
    /// first move of a fast-mode path, not proved optimal.
    Fast {
        /// The fast path's first move.
        first: Move,
        /// The fast path's length.
        length: u32,
        /// No path from the board is shorter than this (below `length`).
        lower_bound: u32,
        /// The node budget the hint had.
        budget: u64,
    },
    /// A board past 25 cells, where optimal search does not run: the
    /// first slide of a fast-mode path (one tile in the single-tile
    /// metric), not necessarily on a shortest path, with the path's length
    /// and its proved lower bound (Manhattan + linear conflict in the
    /// single-tile metric, the multi-tile estimate in the other).
    FastOnly {
        /// The fast path's first move (its first run in the multi-tile
        /// metric).
        first: Slide,
        /// The fast path's length in the hint's metric.
        length: u32,
        /// No path from the board is shorter than this.
        lower_bound: u32,
        /// The metric the length and the bound count in.
        metric: Metric,
    },
    /// The multi-tile metric: the first slide of a path from the board,
    /// of the multi-tile IDA* when it finished within the budget (a
    /// shortest path: `lower_bound` = `length`), else of fast mode.
    Slide {
        /// The path's first slide.
        first: Slide,
        /// The path's length in slides.
        length: u32,
        /// No path from the board is shorter than this.
        lower_bound: u32,
        /// The node budget the hint had.
        budget: u64,
    },
}

impl HintAnswer {
    /// The hint in words, for an answer of the multi-tile metric
    /// ([`HintAnswer::Slide`]; `None` for the others, which the view words).
    pub fn slide_words(&self) -> Option<String> {
        let HintAnswer::Slide {
            first,
            length,
            lower_bound,
            budget,
        } = self
        else {
            return None;
        };
        let slides = crate::engine::text::plural(*length, "move");
        Some(if lower_bound == length {
            format!(
                "Hint: {first} (the blank slides that way) starts a shortest multi-tile path; the exact multi-tile distance drops from {length} to {}.",
                length.saturating_sub(1)
            )
        } else {
            format!(
                "Hint (not proved optimal): {first} (the blank slides that way), the first move of a fast-mode multi-tile path of {slides}. The multi-tile IDA* did not finish within the hint's budget of {} nodes; no path is shorter than {}.",
                crate::engine::text::thousands(*budget),
                crate::engine::text::plural(*lower_bound, "move")
            )
        })
    }
}

impl Report {
    /// Whether more reports follow this one.
    pub fn is_progress(&self) -> bool {
        matches!(self, Report::Build { .. } | Report::Search(_))
    }
}

/// What a job asks for.
enum Ask {
    /// A solve toward `goal` under a node budget.
    Optimal { budget: u64 },
    /// A fast solve.
    Fast,
    /// A hint for the job's start (see [`HintAnswer`]).
    Hint(HintJob),
}

/// Where a hint stands.
struct HintJob {
    /// The board the hint is for.
    at: Board,
    /// Nodes all of the hint's searches may generate.
    budget: u64,
    /// Nodes generated by the searches already over.
    spent: u64,
    /// The neighbour searched now (its index in [`Move::ALL`]; its board
    /// is the job's start), `None` while the board itself is searched.
    k: Option<usize>,
    /// The board's exact distance and a shortest path's first move, once
    /// found.
    shortest: Option<(u32, Move)>,
    /// The board's proved lower bound so far.
    lower: u32,
    /// The neighbours' exact distances found so far.
    d: [Option<u32>; 4],
}

/// Nodes per slice of a hint (smaller than a solve's: the hint's budget
/// is a few of these, and a neighbour's check stops at a slice's end).
const HINT_SLICE: u64 = 1 << 16;

struct Job {
    start: Board,
    goal: Board,
    ask: Ask,
    metric: Metric,
    search: Option<OptimalSearch>,
}

/// The neighbour after move `k` of [`Move::ALL`], from `k` on: the first
/// legal one and its index.
fn next_neighbour(board: &Board, from: usize) -> Option<(usize, Board)> {
    (from..4).find_map(|k| board.apply(Move::ALL[k]).map(|b| (k, b)))
}

/// The worker's side, kept for the page session: the pattern databases
/// (and a build in progress) survive a cancelled or finished job.
#[derive(Default)]
pub struct SolverWorker {
    dbs: Vec<Arc<PatternDb>>,
    /// The fast solver of the last goal (its tables kept).
    fast: Option<(Board, FastSolver)>,
    build: Option<(Board, PdbBuilder)>,
    /// The multi-tile tables of the last goal solved in that metric, and
    /// their build in progress.
    runs: Option<Arc<RunsDb>>,
    runs_build: Option<(Board, RunsDbBuilder)>,
    job: Option<Job>,
}

impl SolverWorker {
    /// Takes a solve (an optimal one with its node budget, or a fast one);
    /// a job in progress is dropped.
    pub fn begin_solve(&mut self, start: Board, goal: Board, mode: Mode, budget: u64) {
        self.begin_solve_in(start, goal, mode, Metric::Single, budget);
    }

    /// [`SolverWorker::begin_solve`] with the length counted in `metric`.
    pub fn begin_solve_in(
        &mut self,
        start: Board,
        goal: Board,
        mode: Mode,
        metric: Metric,
        budget: u64,
    ) {
        self.job = Some(Job {
            start,
            goal,
            ask: match mode {
                Mode::Optimal => Ask::Optimal { budget },
                Mode::Fast => Ask::Fast,
            },
            metric,
            search: None,
        });
    }

    /// Takes a hint for `at` under a budget of `budget` generated nodes
    /// (see [`HintAnswer`]); a job in progress is dropped.
    pub fn begin_hint(&mut self, at: Board, goal: Board, budget: u64) -> Result<(), String> {
        self.begin_hint_in(at, goal, budget, Metric::Single)
    }

    /// [`SolverWorker::begin_hint`] counting moves in `metric`: in the
    /// multi-tile metric the hint is the first slide of the multi-tile
    /// IDA*'s path (on the multi-tile estimate, never building tables)
    /// within the budget, else of a fast-mode multi-tile path
    /// ([`HintAnswer::Slide`]).
    pub fn begin_hint_in(
        &mut self,
        at: Board,
        goal: Board,
        budget: u64,
        metric: Metric,
    ) -> Result<(), String> {
        next_neighbour(&at, 0).ok_or("a board without moves")?;
        self.job = Some(Job {
            start: at,
            goal,
            ask: Ask::Hint(HintJob {
                at,
                budget,
                spent: 0,
                k: None,
                shortest: None,
                lower: 0,
                d: [None; 4],
            }),
            metric,
            search: None,
        });
        Ok(())
    }

    /// Drops the job; the databases and a partial build stay.
    pub fn cancel(&mut self) {
        self.job = None;
    }

    /// The goal's database, or one more slice of its build (its report).
    fn database(&mut self, goal: &Board) -> Result<Arc<PatternDb>, Report> {
        if let Some(db) = self.dbs.iter().find(|db| db.goal() == goal) {
            return Ok(db.clone());
        }
        if self.build.as_ref().is_none_or(|(g, _)| g != goal) {
            let partition = Partition::for_goal(goal);
            self.build = Some((*goal, PdbBuilder::new(&partition, goal)));
        }
        let Some((_, builder)) = self.build.as_mut() else {
            return Err(Report::Failed("no build".into()));
        };
        let done = builder.step(BUILD_WORK);
        let p = builder.progress();
        if done {
            match self.build.take().and_then(|(_, b)| b.finish()) {
                Some(db) => {
                    if self.dbs.len() >= KEEP_DATABASES {
                        self.dbs.remove(0);
                    }
                    self.dbs.push(Arc::new(db));
                }
                None => return Err(Report::Failed("the pattern database build failed".into())),
            }
        }
        Err(Report::Build {
            done: p.pattern,
            tables: p.patterns,
            filled: p.filled,
            entries: p.entries,
        })
    }

    /// The goal's multi-tile tables, or one more slice of their build (its
    /// report: tables done, tables, and their bytes).
    fn runs_db(&mut self, goal: &Board) -> Result<Arc<RunsDb>, Report> {
        if let Some(db) = self.runs.as_ref().filter(|db| db.goal() == goal) {
            return Ok(db.clone());
        }
        if self.runs_build.as_ref().is_none_or(|(g, _)| g != goal) {
            self.runs_build = Some((*goal, RunsDb::builder(goal)));
        }
        let Some((_, builder)) = self.runs_build.as_mut() else {
            return Err(Report::Failed("no build".into()));
        };
        let done = builder.step(BUILD_WORK);
        let ((finished, tables), entries) = (builder.progress(), builder.bytes());
        if done {
            match self.runs_build.take().and_then(|(_, b)| b.finish()) {
                Some(db) => self.runs = Some(Arc::new(db)),
                None => return Err(Report::Failed("the multi-tile tables' build failed".into())),
            }
        }
        Err(Report::Build {
            done: finished,
            tables,
            filled: if done { entries } else { 0 },
            entries,
        })
    }

    /// The estimate toward `goal` in `metric` on the tables this worker
    /// keeps for the session (those of its optimal solves: the shape's
    /// pattern database, or the multi-tile tables), or one more slice of
    /// their build (its [`Report::Build`], or [`Report::Failed`]).
    pub fn bound(&mut self, goal: &Board, metric: Metric) -> Result<Bound, Report> {
        match metric {
            Metric::Single => self
                .database(goal)
                .map(|db| Bound::Single(Estimator::Pdb(db))),
            Metric::Multi => self.runs_db(goal).map(|db| Bound::Multi(Some(db))),
        }
    }

    /// One bounded slice of work and its report; `None` without a job.
    /// The job ends with `Found`, `Fast`, `Cutoff`, `Hint` or `Failed`.
    pub fn step(&mut self) -> Option<Report> {
        let report = self.slice()?;
        if !report.is_progress() {
            self.job = None;
        }
        Some(report)
    }

    fn slice(&mut self) -> Option<Report> {
        let (start, goal, metric) = {
            let job = self.job.as_ref()?;
            (job.start, job.goal, job.metric)
        };
        if matches!(self.job.as_ref()?.ask, Ask::Hint(_)) {
            return self.hint_slice();
        }
        if matches!(self.job.as_ref()?.ask, Ask::Fast) {
            let solver = self.fast_solver(&goal)?;
            return Some(fast(solver, &start, &goal, metric));
        }
        let searching = self.job.as_ref()?.search.is_some();
        let made = match metric {
            _ if searching => None,
            Metric::Multi => match self.runs_db(&goal) {
                Ok(db) => Some(OptimalSearch::multi_tile(&start, &goal, Some(&db))),
                Err(report) => return Some(report),
            },
            Metric::Single => match self.database(&goal) {
                Ok(db) => Some(OptimalSearch::new(&start, &goal, &Estimator::Pdb(db))),
                Err(report) => return Some(report),
            },
        };
        let job = self.job.as_mut()?;
        if let Some(made) = made {
            match opened(made) {
                Ok(search) => job.search = Some(search),
                Err(report) => return Some(report),
            }
        }
        let search = job.search.as_mut()?;
        let budget = match job.ask {
            Ask::Optimal { budget } => budget,
            _ => u64::MAX,
        };
        let left = budget.saturating_sub(search.progress().generated);
        let step = search.run_for(left.min(SLICE_NODES));
        let counters = Counters::of(&search.progress());
        let found = match step {
            IdaStep::Found => match search.solution() {
                Some(Ok(sol)) => sol.moves,
                Some(Err(e)) => return Some(Report::Failed(e.to_string())),
                None => return Some(Report::Failed("the search ended without a path".into())),
            },
            IdaStep::Running(_) if counters.generated >= budget => {
                return Some(Report::Cutoff(counters))
            }
            IdaStep::Running(_) => return Some(Report::Search(counters)),
        };
        Some(Report::Found(counters, job.metric, found))
    }

    /// The fast solver of `goal` (its tables kept for the next job), with
    /// the page's settings ([`page_fast_config`]).
    fn fast_solver(&mut self, goal: &Board) -> Option<&FastSolver> {
        if self.fast.as_ref().is_none_or(|(g, _)| g != goal) {
            let solver = FastSolver::with_config(goal, page_fast_config(goal.shape()));
            self.fast = Some((*goal, solver));
        }
        self.fast.as_ref().map(|(_, s)| s)
    }

    /// One slice of a hint: the board's optimal search, then each other
    /// neighbour's check against distance − 1, under the hint's budget;
    /// when it runs out, a fast-mode move.
    fn hint_slice(&mut self) -> Option<Report> {
        if !self.job.as_ref()?.goal.shape().optimal_searchable() {
            return self.hint_fast_only();
        }
        if self.job.as_ref()?.metric == Metric::Multi {
            return self.hint_slice_multi();
        }
        let heuristic = {
            let goal = self.job.as_ref()?.goal;
            // A database the worker already holds; never a build.
            match self.dbs.iter().find(|db| *db.goal() == goal) {
                Some(db) => Estimator::Pdb(db.clone()),
                None => Estimator::LinearConflict,
            }
        };
        let job = self.job.as_mut()?;
        let Ask::Hint(h) = &mut job.ask else {
            return None;
        };
        if job.search.is_none() {
            match opened(OptimalSearch::new(&job.start, &job.goal, &heuristic)) {
                Ok(search) => job.search = Some(search),
                Err(report) => return Some(report),
            }
        }
        let search = job.search.as_mut()?;
        let left = h
            .budget
            .saturating_sub(h.spent + search.progress().generated);
        let step = search.run_for(left.min(HINT_SLICE));
        let p = search.progress();
        let mut counters = Counters::of(&p);
        counters.generated += h.spent;
        let over_budget = h.spent + p.generated >= h.budget;
        // The search's answer: a path's length, or a proof that the
        // neighbour is not at distance − 1 (then it is at distance + 1).
        let decided = match (step, h.k, h.shortest) {
            (IdaStep::Found, _, _) => match search.solution() {
                Some(Ok(sol)) => Some((sol.moves.len() as u32, sol.moves.first().copied())),
                Some(Err(e)) => return Some(Report::Failed(e.to_string())),
                None => return Some(Report::Failed("the search ended without a path".into())),
            },
            (IdaStep::Running(_), Some(_), Some((dist, _)))
                if dist > 0 && p.completed_bound.is_some_and(|b| b + 1 >= dist) =>
            {
                Some((dist + 1, None))
            }
            (IdaStep::Running(_), _, _) => None,
        };
        match (decided, h.k) {
            (Some((len, first)), None) => {
                // The board's distance; its path's first move is optimal.
                let first = first.unwrap_or(Move::Up);
                h.shortest = Some((len, first));
                h.lower = len;
                if let Some(i) = Move::ALL.iter().position(|&m| m == first) {
                    h.d[i] = Some(len.saturating_sub(1));
                }
                if len == 0 {
                    // At the goal every move is one step away.
                    for (i, m) in Move::ALL.iter().enumerate() {
                        h.d[i] = h.at.apply(*m).map(|_| 1);
                    }
                }
            }
            (Some((len, _)), Some(k)) => h.d[k] = Some(len),
            (None, None) => h.lower = h.lower.max(p.bound),
            (None, Some(_)) => {}
        }
        if decided.is_some() {
            // The next neighbour not yet decided, or the answer.
            h.spent += p.generated;
            job.search = None;
            let from = h.k.map_or(0, |k| k + 1);
            let next = (from..4).find_map(|k| {
                let b = h.at.apply(Move::ALL[k])?;
                h.d[k].is_none().then_some((k, b))
            });
            match next {
                Some((k, b)) => {
                    h.k = Some(k);
                    job.start = b;
                }
                None => return Some(Report::Hint(HintAnswer::Exact(h.d))),
            }
            if h.spent < h.budget {
                return Some(Report::Search(counters));
            }
        } else if !over_budget {
            return Some(Report::Search(counters));
        }
        // The budget ran out.
        let budget = h.budget;
        if let Some((distance, first)) = h.shortest {
            return Some(Report::Hint(HintAnswer::Shortest {
                first,
                distance,
                budget,
            }));
        }
        let (at, goal, lower) = (h.at, job.goal, h.lower);
        let solver = self.fast_solver(&goal)?;
        Some(match fast(solver, &at, &goal, Metric::Single) {
            Report::Fast {
                lower_bound, moves, ..
            } => {
                let length = moves.len() as u32;
                let lower_bound = lower_bound.max(lower).min(length);
                let first = moves.first().copied().unwrap_or(Move::Up);
                if lower_bound == length {
                    // The fast path meets the bound: it is a shortest one.
                    HintAnswer::Shortest {
                        first,
                        distance: length,
                        budget,
                    }
                } else {
                    HintAnswer::Fast {
                        first,
                        length,
                        lower_bound,
                        budget,
                    }
                }
            }
            .into(),
            other => other,
        })
    }
}

impl SolverWorker {
    /// One slice of a multi-tile hint: the board's multi-tile IDA* (the
    /// multi-tile tables when the worker holds them for the goal), under the
    /// hint's budget; when it runs out, a fast-mode multi-tile path.
    fn hint_slice_multi(&mut self) -> Option<Report> {
        let runs = self.runs.clone();
        let job = self.job.as_mut()?;
        let Ask::Hint(h) = &mut job.ask else {
            return None;
        };
        if job.search.is_none() {
            let db = runs.as_ref().filter(|db| *db.goal() == job.goal);
            match opened(OptimalSearch::multi_tile(&job.start, &job.goal, db)) {
                Ok(search) => job.search = Some(search),
                Err(report) => return Some(report),
            }
        }
        let search = job.search.as_mut()?;
        let left = h.budget.saturating_sub(search.progress().generated);
        let step = search.run_for(left.min(HINT_SLICE));
        let p = search.progress();
        let budget = h.budget;
        if let IdaStep::Found = step {
            return Some(match search.solution() {
                Some(Ok(sol)) => match sol.slides().first() {
                    Some(&first) => Report::Hint(HintAnswer::Slide {
                        first,
                        length: sol.cost,
                        lower_bound: sol.cost,
                        budget,
                    }),
                    None => Report::Hint(HintAnswer::Exact(
                        Move::ALL.map(|m| h.at.apply(m).map(|_| 1)),
                    )),
                },
                Some(Err(e)) => Report::Failed(e.to_string()),
                None => Report::Failed("the search ended without a path".into()),
            });
        }
        if p.generated < h.budget {
            return Some(Report::Search(Counters::of(&p)));
        }
        let (at, goal, lower) = (h.at, job.goal, p.bound);
        let solver = self.fast_solver(&goal)?;
        Some(match fast(solver, &at, &goal, Metric::Multi) {
            Report::Fast {
                lower_bound, moves, ..
            } => {
                let slides = runs_of(&moves);
                let length = slides.len() as u32;
                match slides.first() {
                    Some(&first) => Report::Hint(HintAnswer::Slide {
                        first,
                        length,
                        lower_bound: lower_bound.max(lower).min(length),
                        budget,
                    }),
                    None => Report::Failed("the fast path has no move".into()),
                }
            }
            other => other,
        })
    }
}

impl SolverWorker {
    /// A hint on a board past 25 cells: fast mode's path from the board,
    /// its first move (first run in the multi-tile metric), in one slice.
    fn hint_fast_only(&mut self) -> Option<Report> {
        let job = self.job.as_ref()?;
        let (at, goal, metric) = (job.start, job.goal, job.metric);
        let solver = self.fast_solver(&goal)?;
        Some(match fast(solver, &at, &goal, metric) {
            Report::Fast {
                lower_bound, moves, ..
            } => {
                let slides: Vec<Slide> = match metric {
                    Metric::Single => moves.iter().copied().map(Slide::from).collect(),
                    Metric::Multi => runs_of(&moves),
                };
                let length = slides.len() as u32;
                match slides.first() {
                    Some(&first) => Report::Hint(HintAnswer::FastOnly {
                        first,
                        length,
                        lower_bound: lower_bound.min(length),
                        metric,
                    }),
                    None => {
                        Report::Hint(HintAnswer::Exact(Move::ALL.map(|m| at.apply(m).map(|_| 1))))
                    }
                }
            }
            other => other,
        })
    }
}

impl From<HintAnswer> for Report {
    fn from(a: HintAnswer) -> Report {
        Report::Hint(a)
    }
}

/// A search as the engine opened it, or the report that ends the job: the
/// start's parity proof (a hint's neighbour never differs in parity from its
/// board, and the page refuses a hint for an unjoined board) or the error.
fn opened(
    made: Result<Result<OptimalSearch, ParityProof>, OptimalError>,
) -> Result<OptimalSearch, Report> {
    match made {
        Ok(Ok(search)) => Ok(search),
        Ok(Err(proof)) => Err(Report::Failed(format!(
            "start and goal are not joined: {}",
            proof.explain()
        ))),
        Err(e) => Err(Report::Failed(e.to_string())),
    }
}

/// The side past which the page's fast mode peels a board before its beam,
/// on boards past 25 cells: 7, where the engine's default is 8. On 8×8 the
/// beam of the whole board often fails and the answer is the constructive
/// path; peeled to 7 first, the same 2,000,000 candidates give paths about
/// a fifth shorter in less time (BENCHMARKS.md). Boards of at most 7 a side
/// are not peeled either way.
pub const PAGE_PEEL_LARGE: usize = 7;

/// The settings of the page's fast mode on a board of `shape`: the
/// engine's defaults (one beam of up to 2,000,000 ranked candidates, the
/// same path on every machine), peeled to [`PAGE_PEEL_LARGE`] past 25
/// cells.
pub fn page_fast_config(shape: crate::engine::Shape) -> FastConfig {
    if shape.optimal_searchable() {
        FastConfig::default()
    } else {
        FastConfig {
            peel_dim: PAGE_PEEL_LARGE,
            ..FastConfig::default()
        }
    }
}

/// A fast solve in one slice: the engine's fast mode, checked on the page.
fn fast(solver: &FastSolver, start: &Board, goal: &Board, metric: Metric) -> Report {
    match solver.outcome_in(start, goal, metric) {
        Ok(out) => match out.verdict {
            crate::engine::Verdict::Solved(s) => Report::Fast {
                lower_bound: out.lower_bound.unwrap_or(0),
                generated: out.generated,
                metric,
                moves: s.moves,
            },
            crate::engine::Verdict::Unsolvable(proof) => Report::Failed(format!(
                "start and goal are not joined: {}",
                proof.explain()
            )),
            crate::engine::Verdict::Unknown(r) => {
                Report::Failed(format!("the fast solve stopped: {}", r.name()))
            }
        },
        Err(e) => Report::Failed(e.to_string()),
    }
}

#[cfg(test)]
mod large_probe {
    use super::page_fast_config;
    use crate::engine::solve::{FastConfig, FastSolver};
    use crate::engine::{space::sample_boards, Board, Shape};

    /// The page's settings against the engine's defaults on seeded random
    /// boards of 6×6, 7×7 and 8×8 (a measurement for BENCHMARKS.md, not a
    /// test): `cargo test --lib task::solver::large_probe -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn page_settings_against_the_defaults_past_25_cells() {
        for (n, seed) in [(6usize, 35u64), (7, 48), (8, 63)] {
            let shape = Shape::new(n, n).unwrap();
            let goal = Board::default_goal(shape);
            for board in sample_boards(&goal, 4, seed) {
                for (name, config) in [
                    ("default", FastConfig::default()),
                    ("page", page_fast_config(shape)),
                ] {
                    let t = std::time::Instant::now();
                    let found = FastSolver::with_config(&goal, config).solve(&board);
                    println!(
                        "{n}x{n} seed {seed} {name}: length {} bound {} {:.2} s",
                        found.moves.len(),
                        found.lower_bound,
                        t.elapsed().as_secs_f64()
                    );
                }
            }
        }
    }
}
