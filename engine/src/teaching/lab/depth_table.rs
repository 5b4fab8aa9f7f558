//! The textbook depth table, computed exactly: every start that reaches the
//! goal (181,440 on the 3×3 board, no sampling), grouped by its solution
//! depth, through four searches — A* with misplaced tiles, with Manhattan and
//! with linear conflict (the contract's order, no budget) and IDA* with
//! Manhattan — with the mean expansions, the mean neighbours generated (as
//! the contract A* counts them: every legal move of every expansion) and the
//! effective branching factor b*, where N + 1 = 1 + b* + b*² + … + b*^d for
//! N = mean generated and d = depth.
//!
//! The work is pure and chunkable: [`depth_table_chunk`] takes a range of
//! ranks and returns a [`DepthPartial`] of integer totals, and
//! [`DepthPartial::merge`] adds partials in any order with the same result,
//! so a page can run chunks in Web Workers and the CLI on threads.

use super::best_first::drive;
use super::idastar::search_counted;
use crate::contract::estimate::{LinearConflict, Misplaced};
use crate::engine::{
    check_parity,
    contract::{unrank, Budget, Goal, Solver, STATES},
    verify,
    witness::WitnessError,
    Board, Verdict,
};
use std::fmt;
use std::ops::Range;

/// The four searches, in column order: A* misplaced, A* Manhattan, A* linear
/// conflict, IDA* Manhattan (the names of the CLI's JSON).
pub const DEPTH_ALGORITHMS: [&str; 4] = [
    "astar-misplaced",
    "astar-manhattan",
    "astar-linear-conflict",
    "idastar-manhattan",
];

/// Integer totals of the starts at one depth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DepthTotals {
    /// Starts at this depth.
    pub starts: u64,
    /// Sum of expansions, per algorithm ([`DEPTH_ALGORITHMS`] order).
    pub expansions: [u64; 4],
    /// Sum of neighbours generated (every legal move of every expansion).
    pub generated: [u64; 4],
}

/// The totals of some starts, by depth; merge partials to get the table.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DepthPartial {
    /// Index = depth.
    pub by_depth: Vec<DepthTotals>,
}

/// One algorithm's figures at one depth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DepthFigures {
    /// Mean expansions per start.
    pub mean_expansions: f64,
    /// Mean neighbours generated per start.
    pub mean_generated: f64,
    /// b* from the mean generated; `None` at depth 0, where the equation
    /// reads 1 = 1 for every b* (nothing is expanded at the goal).
    pub branching: Option<f64>,
}

/// One row of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthRow {
    /// Solution depth in moves.
    pub depth: u32,
    /// Starts at this depth.
    pub starts: u64,
    /// Per algorithm, [`DEPTH_ALGORITHMS`] order.
    pub algorithms: [DepthFigures; 4],
}

/// A failure of the searches themselves (never expected): reported instead
/// of a panic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DepthError {
    /// A witness failed the independent check.
    Witness(WitnessError),
    /// A search stopped without a path, or found one of another length than
    /// the contract A*'s verified optimum.
    Disagreement {
        /// The start.
        start: Board,
        /// The algorithm's name.
        algorithm: &'static str,
    },
}

impl fmt::Display for DepthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DepthError::Witness(e) => write!(f, "internal error: {e}"),
            DepthError::Disagreement { start, algorithm } => write!(
                f,
                "internal error: {algorithm} did not find a shortest path from {start}"
            ),
        }
    }
}

impl std::error::Error for DepthError {}

/// The effective branching factor: the b ≥ 0 with 1 + b + … + b^d = n + 1,
/// by bisection (the left side grows with b; b = max(n, 1) is an upper
/// bound for d ≥ 1). `None` for d = 0.
pub fn effective_branching(n: f64, depth: u32) -> Option<f64> {
    if depth == 0 {
        return None;
    }
    let sum = |b: f64| (0..=depth).fold((0.0, 1.0), |(s, p), _| (s + p, p * b)).0;
    let (mut lo, mut hi) = (0.0f64, n.max(1.0));
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if sum(mid) < n + 1.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(0.5 * (lo + hi))
}

impl DepthPartial {
    /// Adds another partial's totals into this one.
    pub fn merge(&mut self, other: &DepthPartial) {
        if self.by_depth.len() < other.by_depth.len() {
            self.by_depth
                .resize(other.by_depth.len(), DepthTotals::default());
        }
        for (a, b) in self.by_depth.iter_mut().zip(&other.by_depth) {
            a.starts += b.starts;
            for i in 0..4 {
                a.expansions[i] += b.expansions[i];
                a.generated[i] += b.generated[i];
            }
        }
    }

    /// Starts counted.
    pub fn starts(&self) -> u64 {
        self.by_depth.iter().map(|t| t.starts).sum()
    }

    /// The rows, one per depth that has starts.
    pub fn rows(&self) -> Vec<DepthRow> {
        self.by_depth
            .iter()
            .enumerate()
            .filter(|(_, t)| t.starts > 0)
            .map(|(d, t)| {
                let n = t.starts as f64;
                let algorithms = std::array::from_fn(|i| {
                    let mean_generated = t.generated[i] as f64 / n;
                    DepthFigures {
                        mean_expansions: t.expansions[i] as f64 / n,
                        mean_generated,
                        branching: effective_branching(mean_generated, d as u32),
                    }
                });
                DepthRow {
                    depth: d as u32,
                    starts: t.starts,
                    algorithms,
                }
            })
            .collect()
    }

    fn add(&mut self, depth: u32, expansions: [u64; 4], generated: [u64; 4]) {
        let d = depth as usize;
        if self.by_depth.len() <= d {
            self.by_depth.resize(d + 1, DepthTotals::default());
        }
        let t = &mut self.by_depth[d];
        t.starts += 1;
        for i in 0..4 {
            t.expansions[i] += expansions[i];
            t.generated[i] += generated[i];
        }
    }
}

/// The four searches' buffers and heuristic tables for one goal, kept
/// between chunks (a page running one start at a time reuses them).
pub struct DepthSearches {
    goal: Goal,
    solver: Solver,
    lab_solver: Solver,
    misplaced: Misplaced,
    linear_conflict: LinearConflict,
}

impl DepthSearches {
    /// Buffers and tables for `goal`.
    pub fn new(goal: &Goal) -> DepthSearches {
        DepthSearches {
            goal: goal.clone(),
            solver: Solver::new(),
            lab_solver: Solver::new(),
            misplaced: Misplaced::new(goal),
            linear_conflict: LinearConflict::new(goal),
        }
    }

    /// [`depth_table_chunk`] with these buffers.
    pub fn run(&mut self, ranks: Range<u32>) -> Result<DepthPartial, DepthError> {
        let goal = &self.goal;
        let mut partial = DepthPartial::default();
        let end = ranks.end.min(STATES as u32);
        for start in (ranks.start..end).filter_map(unrank) {
            if check_parity(&start, goal.board()).is_err() {
                continue;
            }
            let out = self
                .solver
                .solve(&start, goal, Budget::UNLIMITED)
                .map_err(|_| DepthError::Disagreement {
                    start,
                    algorithm: DEPTH_ALGORITHMS[1],
                })?;
            let Verdict::Solved(solution) = &out.verdict else {
                return Err(DepthError::Disagreement {
                    start,
                    algorithm: DEPTH_ALGORITHMS[1],
                });
            };
            let depth = solution.cost;
            let checked = |raw: super::Raw, i: usize| -> Result<u64, DepthError> {
                let disagree = DepthError::Disagreement {
                    start,
                    algorithm: DEPTH_ALGORITHMS[i],
                };
                let moves = raw.found.map_err(|_| disagree.clone())?;
                verify(&start, goal.board(), &moves, moves.len() as u32)
                    .map_err(DepthError::Witness)?;
                if moves.len() as u32 != depth {
                    return Err(disagree);
                }
                Ok(raw.expansions)
            };
            let budget = Budget::UNLIMITED;
            let lab = &mut self.lab_solver;
            let raw = drive::<false, _>(lab, &start, goal, budget, &self.misplaced);
            let generated_misplaced = raw.generated;
            let exp_misplaced = checked(raw, 0)?;
            let raw = drive::<false, _>(lab, &start, goal, budget, &self.linear_conflict);
            let generated_lc = raw.generated;
            let exp_lc = checked(raw, 2)?;
            let (raw, generated_ida) = search_counted(&start, goal, u64::MAX);
            let exp_ida = checked(raw, 3)?;
            partial.add(
                depth,
                [
                    exp_misplaced,
                    u64::from(out.stats.expansions),
                    exp_lc,
                    exp_ida,
                ],
                [
                    generated_misplaced,
                    u64::from(out.stats.generated),
                    generated_lc,
                    generated_ida,
                ],
            );
        }
        Ok(partial)
    }
}

/// Runs the four searches from every start whose rank is in `ranks` (clamped
/// to 0..9!) and that reaches `goal`. The depth is the contract A*'s verified
/// cost; every other search's path is checked by [`verify`] and must have
/// the same length.
pub fn depth_table_chunk(goal: &Goal, ranks: Range<u32>) -> Result<DepthPartial, DepthError> {
    DepthSearches::new(goal).run(ranks)
}

/// The whole table on `threads` OS threads: the ranks in pieces of 2,048
/// handed out in order, `progress(starts done, starts in all)` called from
/// the calling thread.
#[cfg(not(target_arch = "wasm32"))]
pub fn depth_table(
    goal: &Goal,
    threads: usize,
    progress: impl FnMut(u64, u64),
) -> Result<DepthPartial, DepthError> {
    depth_table_of(goal, 0..STATES as u32, threads, progress)
}

/// [`depth_table`] over the starts of a range of ranks only (the whole
/// table is `0..9!`): the same pieces, threads and progress, so a test can
/// drive them on a slice of the table.
#[cfg(not(target_arch = "wasm32"))]
pub fn depth_table_of(
    goal: &Goal,
    ranks: Range<u32>,
    threads: usize,
    mut progress: impl FnMut(u64, u64),
) -> Result<DepthPartial, DepthError> {
    use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
    const PIECE: u32 = 2_048;
    let end = ranks.end.min(STATES as u32);
    let next = AtomicU32::new(ranks.start);
    let done = AtomicU64::new(0);
    let failed = AtomicBool::new(false);
    // Half of the boards reach the goal; a slice counts its own.
    let total = if ranks.start == 0 && end == STATES as u32 {
        STATES as u64 / 2
    } else {
        (ranks.start..end)
            .filter_map(unrank)
            .filter(|b| check_parity(b, goal.board()).is_ok())
            .count() as u64
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                let (next, done, failed) = (&next, &done, &failed);
                scope.spawn(move || {
                    let mut mine = DepthPartial::default();
                    loop {
                        let from = next.fetch_add(PIECE, Ordering::Relaxed);
                        if from >= end || failed.load(Ordering::Relaxed) {
                            return Ok(mine);
                        }
                        let piece = from..from.saturating_add(PIECE).min(end);
                        let part = depth_table_chunk(goal, piece).inspect_err(|_| {
                            failed.store(true, Ordering::Relaxed);
                        })?;
                        done.fetch_add(part.starts(), Ordering::Relaxed);
                        mine.merge(&part);
                    }
                })
            })
            .collect();
        while !handles.iter().all(|h| h.is_finished()) {
            progress(done.load(Ordering::Relaxed), total);
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
        progress(done.load(Ordering::Relaxed), total);
        let mut table = DepthPartial::default();
        for h in handles {
            let part = h.join().map_err(|_| DepthError::Disagreement {
                start: *goal.board(),
                algorithm: "a worker thread",
            })??;
            table.merge(&part);
        }
        Ok(table)
    })
}
