//! IDA* for every shape, resumable in slices: the engine's one IDA* loop.
//!
//! [`Ida`] is monomorphised by estimate, [`ChildOrder`](ida::ChildOrder) and [`Observer`].
//! The solver ([`OptimalSearch`]) runs it with [`ByH`](ida::ByH) (below) and the
//! observer `()`, which does nothing; the stepping 3×3 IDA*
//! ([`crate::engine::contract::IdaSearch`]) runs it with [`InMoveOrder`] (each child
//! entered as soon as it is made, in move order: f over the bound is a
//! cut-off, h = 0 the goal, else the observer may refuse the expansion)
//! and an observer that records each board entered and pauses.
//!
//! Depth-first iterations with an f = g + h bound; each iteration's next
//! bound is the smallest f that exceeded the current one. The depth-first
//! stack is an explicit array, so a search can stop after any number of
//! generated nodes ([`OptimalSearch::run_for`]) and carry on later: the page
//! can drive it from a Worker with progress, the command line in one call.
//!
//! The hot loop keeps fixed-size arrays of [`OPTIMAL_MAX_CELLS`](crate::engine::shape::OPTIMAL_MAX_CELLS) (cells, tile
//! positions, the shape's neighbour table) and is monomorphised per
//! heuristic, so the shape costs nothing but the table it reads.
//!
//! A pruned child's f may come from a partial estimate (the pattern
//! database stops before its reflected look-up once the plain sum already
//! exceeds the bound); any admissible value is enough for the argument below.
//!
//! **What a cutoff proves.** At any moment no solution is shorter than the
//! current bound: at the start the bound is h(start), a lower bound; after an
//! iteration with bound B finds nothing, every path of cost C ≤ B has been
//! seen, and any longer solution has a node with B < f ≤ C on it, so C is at
//! least the next bound. A node budget therefore ends in `Unknown` with
//! [`UnknownReason::NodeBudget`] carrying that bound, never "no solution".
//!
//! **Metric.** [`Ida`] also takes the metric as a type parameter
//! (`ida::Tiles`): the single-tile search (every search above) or the
//! multi-tile one ([`OptimalSearch::multi_tile`]), where a child is a slide
//! of 1 to k tiles and only slides across the last one's axis are made
//! (`ida::MultiTile` says why no shortest path is lost). Its estimate is
//! `RunsEst`, with the multi-tile pattern tables of
//! [`RunsDb`](super::RunsDb) when given; its bounds, cut-offs and
//! `Unknown` lower bounds count slides, and its paths are checked by
//! [`verify_slides`].
//!
//! A node's children are all made and estimated first, in [`Move::ALL`](crate::engine::Move::ALL)
//! order (Up, Down, Left, Right), never undoing the previous move; those
//! inside the bound are then entered by h, smallest first (ties in that
//! order), which can end the last iteration sooner. `generated` counts
//! every child made (Korf's measure); `expanded` counts the nodes entered
//! (the root once per iteration).
//!
//! **Threads.** [`OptimalSearch::run_on`] runs the same loop on several
//! threads, each iteration cut into jobs in the one-thread search's
//! depth-first order (`parallel.rs`); the answer, the counts and a node
//! budget's stopping point are the one-thread search's, only the time
//! changes.

mod ida;
mod parallel;

pub(crate) use ida::{ByH, Entered, Halt, Ida, InMoveOrder, MultiTile, Observer};

use super::heuristic::{
    Estimator, LinearConflictEst, ManhattanEst, PdbEst, RunsEst, MULTI_TILE_MANHATTAN,
};
use super::runs_db::RunsDb;
use crate::engine::{
    check_parity,
    moves::Metric,
    verify,
    witness::{verify_slides, WitnessError},
    Board, ParityProof, Shape, Solution, UnknownReason, Verdict,
};
use std::fmt;
use std::sync::Arc;

/// What happened when a board was entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IdaKind {
    /// f within the bound, not the goal: its children come next.
    Expanded,
    /// f over the bound: not expanded; its f may be the next bound.
    Cutoff,
    /// The goal, within the bound: the search is over.
    Goal,
    /// Expansions had reached the budget: the search stopped here, unfinished.
    Budget,
}

impl IdaKind {
    /// `expanded`, `cutoff`, `goal` or `budget` (the trace's `kind` column).
    pub fn name(self) -> &'static str {
        match self {
            IdaKind::Expanded => "expanded",
            IdaKind::Cutoff => "cutoff",
            IdaKind::Goal => "goal",
            IdaKind::Budget => "budget",
        }
    }
}

/// Where a search stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IdaProgress {
    /// The current f bound: no solution is shorter than this.
    pub bound: u32,
    /// The last bound whose iteration finished without a solution.
    pub completed_bound: Option<u32>,
    /// Iterations started so far (1 after the first).
    pub iterations: u32,
    /// Children generated so far, over all iterations.
    pub generated: u64,
    /// Nodes expanded so far, over all iterations.
    pub expanded: u64,
    /// h of the start.
    pub initial_h: u32,
}

impl IdaProgress {
    /// No search run (an unsolvable pair).
    pub const NONE: IdaProgress = IdaProgress {
        bound: 0,
        completed_bound: None,
        iterations: 0,
        generated: 0,
        expanded: 0,
        initial_h: 0,
    };
}

/// What a search run by [`OptimalSearch::run_on`] tells its listener.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdaNews {
    /// An iteration ended without a solution: `completed_bound` is its
    /// bound, `bound` the next one's, and the counts are exact (on one
    /// thread the news can come a slice late, and name only the last of
    /// several iterations).
    Iteration(IdaProgress),
    /// The search is under way: the children generated so far (on several
    /// threads by all of them, which can include work past the point
    /// where the answer turns out to lie).
    Running(IdaProgress),
}

/// What one slice of [`OptimalSearch::run_for`] ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdaStep {
    /// The node limit of the slice was reached; call again to go on.
    Running(IdaProgress),
    /// A path to the goal was found (not yet checked: see
    /// [`OptimalSearch::solution`]).
    Found,
}

enum Inner {
    Manhattan(Ida<ManhattanEst>),
    LinearConflict(Ida<LinearConflictEst>),
    // Boxed: the largest by far. The 15-puzzle's own instance ranks with
    // constant multipliers (about 5% faster on Korf's 100).
    Pdb(Box<Ida<PdbEst<0>>>),
    Pdb16(Box<Ida<PdbEst<16>>>),
    /// The multi-tile metric (its own estimate, [`RunsEst`]).
    Multi(Box<Ida<RunsEst, ByH, MultiTile>>),
}

/// Runs `$body` on whichever monomorphised search `$inner` holds.
macro_rules! each {
    ($inner:expr, $s:ident => $body:expr) => {
        match $inner {
            Inner::Manhattan($s) => $body,
            Inner::LinearConflict($s) => $body,
            Inner::Pdb($s) => $body,
            Inner::Pdb16($s) => $body,
            Inner::Multi($s) => $body,
        }
    };
}

/// Why an optimal search could not start or finish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptimalError {
    /// Occurs when start and goal are boards of different shapes.
    ShapeMismatch {
        /// The start's shape.
        start: Shape,
        /// The goal's shape.
        goal: Shape,
    },
    /// Occurs when the board has more than
    /// [`OPTIMAL_MAX_CELLS`](crate::shape::OPTIMAL_MAX_CELLS) cells: fast
    /// mode solves those.
    TooLarge {
        /// The board's shape.
        shape: Shape,
    },
    /// Occurs when a pattern database built for another goal is used.
    /// (The boards are boxed: a board of up to 64 cells would make every
    /// `Result` of the search this large.)
    DatabaseGoal {
        /// The goal the database was built for.
        built_for: Box<Board>,
        /// The goal of the search.
        goal: Box<Board>,
    },
    /// Occurs when the search's path fails the independent replay check
    /// (a bug, reported instead of a wrong answer).
    Witness(WitnessError),
}

impl OptimalError {
    /// A stable snake_case name for JSON output and tests.
    pub fn kind(&self) -> &'static str {
        match self {
            OptimalError::ShapeMismatch { .. } => "shape_mismatch",
            OptimalError::TooLarge { .. } => "too_large_for_optimal",
            OptimalError::DatabaseGoal { .. } => "database_goal",
            OptimalError::Witness(_) => "witness",
        }
    }
}

impl fmt::Display for OptimalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptimalError::ShapeMismatch { start, goal } => {
                write!(f, "the start is {start} but the goal is {goal}")
            }
            OptimalError::TooLarge { shape } => write!(
                f,
                "{} {shape} board has {} cells and optimal search stops at {} (5×5), past which an exact search cannot be expected to finish; fast mode gives a verified path with a proved lower bound",
                shape.article(),
                shape.cells(),
                crate::shape::OPTIMAL_MAX_CELLS
            ),
            OptimalError::DatabaseGoal { built_for, goal } => write!(
                f,
                "the pattern database was built for the goal {built_for}, not {goal}"
            ),
            OptimalError::Witness(e) => write!(f, "internal error, witness rejected: {e}"),
        }
    }
}

impl std::error::Error for OptimalError {}

/// A finished optimal solve: the verdict and the search's counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptimalOutcome {
    /// The start.
    pub start: Board,
    /// The goal.
    pub goal: Board,
    /// The heuristic's name.
    pub heuristic: String,
    /// `Solved` (replay-checked, shortest), `Unknown` with
    /// [`UnknownReason::NodeBudget`], or `Unsolvable` with the parity proof.
    pub verdict: Verdict,
    /// Counts ([`IdaProgress::NONE`] for `Unsolvable`, where no search runs).
    pub progress: IdaProgress,
}

impl OptimalOutcome {
    /// The proved lower bound on the solution length: the cost when
    /// solved, the bound reached when unknown, `None` when unsolvable.
    pub fn lower_bound(&self) -> Option<u32> {
        match &self.verdict {
            Verdict::Solved(s) => Some(s.cost),
            Verdict::Unknown(_) => Some(self.progress.bound),
            Verdict::Unsolvable(_) => None,
        }
    }
}

/// A resumable optimal (IDA*) search on a board of any shape, in either
/// metric.
pub struct OptimalSearch {
    start: Board,
    goal: Board,
    heuristic: String,
    inner: Inner,
}

/// The same shape, of at most 25 cells, or the error saying which is not.
fn same_shape(start: &Board, goal: &Board) -> Result<(), OptimalError> {
    if start.shape() != goal.shape() {
        return Err(OptimalError::ShapeMismatch {
            start: start.shape(),
            goal: goal.shape(),
        });
    }
    if !goal.shape().optimal_searchable() {
        return Err(OptimalError::TooLarge {
            shape: goal.shape(),
        });
    }
    Ok(())
}

impl OptimalSearch {
    /// A search from `start` to `goal`, or the parity proof that there is no
    /// path. The first iteration's bound is h(start).
    pub fn new(
        start: &Board,
        goal: &Board,
        heuristic: &Estimator,
    ) -> Result<Result<OptimalSearch, ParityProof>, OptimalError> {
        same_shape(start, goal)?;
        if let Estimator::Pdb(db) = heuristic {
            if db.goal() != goal {
                return Err(OptimalError::DatabaseGoal {
                    built_for: Box::new(*db.goal()),
                    goal: Box::new(*goal),
                });
            }
        }
        if let Err(proof) = check_parity(start, goal) {
            return Ok(Err(proof));
        }
        let inner = match heuristic {
            Estimator::Manhattan => {
                Inner::Manhattan(Ida::new(ManhattanEst::new(goal), start, goal))
            }
            Estimator::LinearConflict => {
                Inner::LinearConflict(Ida::new(LinearConflictEst::new(goal), start, goal))
            }
            Estimator::Pdb(db) if goal.shape().cells() == 16 => {
                Inner::Pdb16(Box::new(Ida::new(PdbEst::new(db.clone()), start, goal)))
            }
            Estimator::Pdb(db) => {
                Inner::Pdb(Box::new(Ida::new(PdbEst::new(db.clone()), start, goal)))
            }
        };
        Ok(Ok(OptimalSearch {
            start: *start,
            goal: *goal,
            heuristic: heuristic.name().to_string(),
            inner,
        }))
    }

    /// A search in the multi-tile metric from `start` to `goal` (a move
    /// slides 1 to W − 1 tiles of the blank's row or 1 to H − 1 of its
    /// column), with the estimate [`MULTI_TILE_MANHATTAN`], raised to the
    /// multi-tile pattern tables' value when `db` (built for `goal`) is
    /// given; or the parity proof that there is no path (the same in both
    /// metrics: a slide of k tiles is k single-tile moves, so both join
    /// the same boards).
    pub fn multi_tile(
        start: &Board,
        goal: &Board,
        db: Option<&Arc<RunsDb>>,
    ) -> Result<Result<OptimalSearch, ParityProof>, OptimalError> {
        same_shape(start, goal)?;
        if let Some(db) = db.filter(|db| db.goal() != goal) {
            return Err(OptimalError::DatabaseGoal {
                built_for: Box::new(*db.goal()),
                goal: Box::new(*goal),
            });
        }
        if let Err(proof) = check_parity(start, goal) {
            return Ok(Err(proof));
        }
        let (est, heuristic) = match db {
            Some(db) => (RunsEst::with_db(goal, db.clone()), db.name()),
            None => (RunsEst::new(goal), MULTI_TILE_MANHATTAN.to_string()),
        };
        Ok(Ok(OptimalSearch {
            start: *start,
            goal: *goal,
            heuristic,
            inner: Inner::Multi(Box::new(Ida::new(est, start, goal))),
        }))
    }

    /// The metric the search counts moves in.
    pub fn metric(&self) -> Metric {
        match self.inner {
            Inner::Multi(_) => Metric::Multi,
            _ => Metric::Single,
        }
    }

    /// Starts the first iteration at `bound` when it is above the
    /// estimate of the start: for a caller that has proved the distance
    /// is at least `bound` (else the path found might not be shortest).
    /// Only before the search has run.
    pub fn start_at(&mut self, bound: u32) {
        each!(&mut self.inner, s => s.start_at(bound));
    }

    /// Generates up to `node_limit` more nodes (at least one); returns
    /// `Found` or the progress so far.
    pub fn run_for(&mut self, node_limit: u64) -> IdaStep {
        each!(&mut self.inner, s => s.run_for(node_limit))
    }

    /// Runs the search (nothing run yet) to its end, or until `node_budget`
    /// children were generated, on `threads` threads (1: the one-thread
    /// search in slices; more: each iteration cut into jobs, with the same
    /// answer and counts, the budget counted in the one-thread order).
    /// `listen` hears each finished iteration and the progress every slice.
    /// Afterwards [`OptimalSearch::outcome`] gives the answer.
    pub fn run_on(
        &mut self,
        node_budget: Option<u64>,
        threads: usize,
        listen: &mut dyn FnMut(IdaNews),
    ) {
        self.run_cut(node_budget, threads, parallel::Cut::DEFAULT, listen);
    }

    /// [`OptimalSearch::run_on`] with the jobs cut by `cut`.
    fn run_cut(
        &mut self,
        node_budget: Option<u64>,
        threads: usize,
        cut: parallel::Cut,
        listen: &mut dyn FnMut(IdaNews),
    ) {
        if threads > 1 {
            each!(&mut self.inner, s => s.run_threads(threads, node_budget, cut, listen));
            return;
        }
        let mut left = node_budget.unwrap_or(u64::MAX);
        let mut completed = self.progress().completed_bound;
        loop {
            let before = self.progress().generated;
            match self.run_for(left.min(1 << 24)) {
                IdaStep::Found => break,
                IdaStep::Running(p) => {
                    left = left.saturating_sub(p.generated - before);
                    if p.completed_bound != completed {
                        completed = p.completed_bound;
                        listen(IdaNews::Iteration(p));
                    }
                    listen(IdaNews::Running(p));
                    if left == 0 || p.generated == before {
                        break;
                    }
                }
            }
        }
    }

    /// Where the search stands.
    pub fn progress(&self) -> IdaProgress {
        each!(&self.inner, s => s.progress)
    }

    /// The heuristic's name.
    pub fn heuristic(&self) -> &str {
        &self.heuristic
    }

    /// After `Found`: the path, checked by [`verify`] (multi-tile:
    /// [`verify_slides`]), which shares no code with the search. `None`
    /// while still searching.
    pub fn solution(&self) -> Option<Result<Solution, OptimalError>> {
        let (found, moves) = each!(&self.inner, s => (s.found, s.moves()));
        if !found {
            return None;
        }
        let metric = self.metric();
        let checked = match &self.inner {
            Inner::Multi(s) => {
                let slides = s.slides();
                let cost = slides.len() as u32;
                verify_slides(&self.start, &self.goal, &slides, cost).map(|b| (cost, b))
            }
            _ => {
                let cost = moves.len() as u32;
                verify(&self.start, &self.goal, &moves, cost).map(|b| (cost, b))
            }
        };
        Some(
            checked
                .map(|(cost, boards)| Solution {
                    moves,
                    cost,
                    boards,
                    metric,
                })
                .map_err(OptimalError::Witness),
        )
    }

    /// The outcome now: `Solved` after `Found`, else `Unknown` with
    /// [`UnknownReason::NodeBudget`] and the current bound as the proven
    /// lower bound.
    pub fn outcome(&self) -> Result<OptimalOutcome, OptimalError> {
        let progress = self.progress();
        let verdict = match self.solution() {
            Some(s) => Verdict::Solved(s?),
            None => Verdict::Unknown(UnknownReason::NodeBudget {
                lower_bound: progress.bound,
                completed_bound: progress.completed_bound,
            }),
        };
        Ok(OptimalOutcome {
            start: self.start,
            goal: self.goal,
            heuristic: self.heuristic.clone(),
            verdict,
            progress,
        })
    }
}

/// Solves `start` → `goal` optimally with IDA* and `heuristic`, generating
/// at most `node_budget` nodes (`None`: no limit). Every `Solved` path has
/// passed [`verify`].
pub fn solve_optimal(
    start: &Board,
    goal: &Board,
    heuristic: &Estimator,
    node_budget: Option<u64>,
) -> Result<OptimalOutcome, OptimalError> {
    solve_optimal_on(start, goal, heuristic, node_budget, 1, &mut |_| {})
}

/// [`solve_optimal`] on `threads` threads, `listen` hearing the progress
/// ([`OptimalSearch::run_on`]): the same answer and counts on any number.
pub fn solve_optimal_on(
    start: &Board,
    goal: &Board,
    heuristic: &Estimator,
    node_budget: Option<u64>,
    threads: usize,
    listen: &mut dyn FnMut(IdaNews),
) -> Result<OptimalOutcome, OptimalError> {
    let search = OptimalSearch::new(start, goal, heuristic)?;
    run_to_end(
        start,
        goal,
        heuristic.name(),
        search,
        node_budget,
        threads,
        listen,
    )
}

/// Solves `start` → `goal` optimally in the multi-tile metric
/// ([`OptimalSearch::multi_tile`], with the tables of `db` if given), generating at most `node_budget` nodes
/// (`None`: no limit). Every `Solved` path has passed [`verify_slides`];
/// `Unknown` carries the proved multi-tile lower bound.
pub fn solve_optimal_multi(
    start: &Board,
    goal: &Board,
    db: Option<&Arc<RunsDb>>,
    node_budget: Option<u64>,
) -> Result<OptimalOutcome, OptimalError> {
    solve_optimal_multi_on(start, goal, db, node_budget, 1, &mut |_| {})
}

/// [`solve_optimal_multi`] on `threads` threads, `listen` hearing the
/// progress ([`OptimalSearch::run_on`]): the same answer and counts on any
/// number.
pub fn solve_optimal_multi_on(
    start: &Board,
    goal: &Board,
    db: Option<&Arc<RunsDb>>,
    node_budget: Option<u64>,
    threads: usize,
    listen: &mut dyn FnMut(IdaNews),
) -> Result<OptimalOutcome, OptimalError> {
    let search = OptimalSearch::multi_tile(start, goal, db)?;
    let name = db.map_or(MULTI_TILE_MANHATTAN.to_string(), |d| d.name());
    run_to_end(start, goal, &name, search, node_budget, threads, listen)
}

/// Runs a search to its end or its node budget on `threads` threads.
fn run_to_end(
    start: &Board,
    goal: &Board,
    heuristic: &str,
    search: Result<OptimalSearch, ParityProof>,
    node_budget: Option<u64>,
    threads: usize,
    listen: &mut dyn FnMut(IdaNews),
) -> Result<OptimalOutcome, OptimalError> {
    let mut search = match search {
        Ok(s) => s,
        Err(proof) => {
            return Ok(OptimalOutcome {
                start: *start,
                goal: *goal,
                heuristic: heuristic.to_string(),
                verdict: Verdict::Unsolvable(proof),
                progress: IdaProgress::NONE,
            })
        }
    };
    search.run_on(node_budget, threads, listen);
    search.outcome()
}
