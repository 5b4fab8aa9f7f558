//! The whole-space workload: the contract A* from every start that can reach
//! the goal.

use crate::board::Board;
use crate::contract::unrank;
use crate::contract::Budget;
use crate::contract::Goal;
use crate::contract::{SolveError, Solver};
use crate::teaching::distances::{DistanceTable, UNREACHABLE};
use crate::verdict::Verdict;

/// Totals of a sweep; chunks can be solved apart and merged.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SweepReport {
    /// Starts solved (or cut off).
    pub starts: u32,
    /// Number of `Solved` starts at each cost.
    pub histogram: Vec<u32>,
    /// Starts the budget left `Unknown`.
    pub unknown: u32,
    /// Sum of expansions over all starts.
    pub total_expansions: u64,
    /// The largest expansion count of one start, and that start.
    pub max_expansions: (u32, Option<Board>),
}

impl SweepReport {
    /// The largest solved cost (0 if none).
    pub fn diameter(&self) -> u32 {
        self.histogram.len().saturating_sub(1) as u32
    }

    /// Mean expansions per start.
    pub fn mean_expansions(&self) -> f64 {
        if self.starts == 0 {
            0.0
        } else {
            self.total_expansions as f64 / f64::from(self.starts)
        }
    }

    /// Adds one start's result.
    pub fn record(&mut self, start: Board, verdict: &Verdict, expansions: u32) {
        self.starts += 1;
        self.total_expansions += u64::from(expansions);
        if expansions > self.max_expansions.0 || self.max_expansions.1.is_none() {
            self.max_expansions = (expansions, Some(start));
        }
        match verdict {
            Verdict::Solved(s) => {
                let c = s.cost as usize;
                if self.histogram.len() <= c {
                    self.histogram.resize(c + 1, 0);
                }
                self.histogram[c] += 1;
            }
            Verdict::Unknown(_) => self.unknown += 1,
            Verdict::Unsolvable(_) => {}
        }
    }

    /// Merges another chunk's totals into this one.
    pub fn merge(&mut self, other: &SweepReport) {
        self.starts += other.starts;
        self.unknown += other.unknown;
        self.total_expansions += other.total_expansions;
        if other.max_expansions.0 > self.max_expansions.0 || self.max_expansions.1.is_none() {
            self.max_expansions = other.max_expansions;
        }
        if self.histogram.len() < other.histogram.len() {
            self.histogram.resize(other.histogram.len(), 0);
        }
        for (a, b) in self.histogram.iter_mut().zip(&other.histogram) {
            *a += b;
        }
    }
}

/// Every start that can reach the goal, in rank order.
pub fn reachable_starts(table: &DistanceTable) -> Vec<Board> {
    table
        .by_rank()
        .iter()
        .enumerate()
        .filter(|(_, &d)| d != UNREACHABLE)
        .filter_map(|(r, _)| unrank(r as u32))
        .collect()
}

/// Solves one chunk of starts with one reusable solver.
pub fn sweep_chunk(
    solver: &mut Solver,
    goal: &Goal,
    budget: Budget,
    starts: &[Board],
) -> Result<SweepReport, SolveError> {
    let mut report = SweepReport::default();
    for start in starts {
        let out = solver.solve(start, goal, budget)?;
        report.record(*start, &out.verdict, out.stats.expansions);
    }
    Ok(report)
}

/// Sweeps every reachable start on `threads` OS threads, calling `progress`
/// with the number of starts done so far (from the calling thread).
#[cfg(not(target_arch = "wasm32"))]
pub fn sweep(
    goal: &Goal,
    budget: Budget,
    threads: usize,
    mut progress: impl FnMut(u32, u32),
) -> Result<SweepReport, SolveError> {
    use std::sync::atomic::{AtomicU32, Ordering};
    let table = DistanceTable::new(goal.board());
    let starts = reachable_starts(&table);
    let total = starts.len() as u32;
    let done = AtomicU32::new(0);
    let threads = threads.max(1);
    let per = starts.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = starts
            .chunks(per.max(1))
            .map(|chunk| {
                let done = &done;
                scope.spawn(move || {
                    let mut solver = Solver::new();
                    let mut report = SweepReport::default();
                    for piece in chunk.chunks(1024) {
                        report.merge(&sweep_chunk(&mut solver, goal, budget, piece)?);
                        done.fetch_add(piece.len() as u32, Ordering::Relaxed);
                    }
                    Ok::<_, SolveError>(report)
                })
            })
            .collect();
        while !handles.iter().all(|h| h.is_finished()) {
            progress(done.load(Ordering::Relaxed), total);
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        progress(done.load(Ordering::Relaxed), total);
        let mut report = SweepReport::default();
        for h in handles {
            // A worker that panicked is a bug; surface it as exhaustion-free error text.
            let part = h.join().map_err(|_| SolveError::FrontierExhausted)??;
            report.merge(&part);
        }
        Ok(report)
    })
}
