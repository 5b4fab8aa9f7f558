//! Path shortening by re-solving the path's last stretch optimally: the
//! last `k` moves are replaced by a shortest path from the board they start
//! on to the goal when IDA* (with the solver's estimate toward the goal)
//! finds one shorter than `k` within a node budget.
//!
//! Why only the last stretch: on Korf's 24-puzzle instances the beam's
//! paths are locally shortest. Windows of 10–70 moves between two of their
//! boards, re-solved with Manhattan + linear conflict toward the window's
//! last board, found nothing shorter; only toward the goal, where a pattern
//! database is tight, does re-solving pay (BENCHMARKS.md).

use crate::engine::{Board, Move};
use crate::solve::{Estimator, IdaStep, OptimalSearch};

/// Nodes between two looks at an IDA*'s bound and budget.
const SLICE: u64 = 4_096;

/// The shortening's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shortening {
    /// Lengths of the last stretch to re-solve, tried in this order.
    pub tails: Vec<usize>,
    /// Nodes one re-solve may generate before it gives up.
    pub node_budget: u64,
}

impl Default for Shortening {
    /// The last 40, 50 and 60 moves, 5·10^6 nodes each (on Korf's 24-puzzle
    /// instances with the 5-5-5-5-4 database: 0.3 moves shorter on average,
    /// at most a second more per instance).
    fn default() -> Self {
        Shortening {
            tails: vec![40, 50, 60],
            node_budget: 5_000_000,
        }
    }
}

/// A shortest path from `a` to `goal` if it is shorter than `len` and found
/// within `budget` generated nodes (and before `go_on` says stop); and the
/// nodes generated.
fn resolve(
    a: &Board,
    goal: &Board,
    heuristic: &Estimator,
    (len, budget): (usize, u64),
    go_on: &mut dyn FnMut() -> bool,
) -> (Option<Vec<Move>>, u64) {
    let Ok(Ok(mut search)) = OptimalSearch::new(a, goal, heuristic) else {
        return (None, 0);
    };
    loop {
        let p = search.progress();
        if p.bound as usize >= len || p.generated >= budget || !go_on() {
            return (None, p.generated);
        }
        if search.run_for(SLICE) == IdaStep::Found {
            let generated = search.progress().generated;
            let moves = match search.solution() {
                Some(Ok(s)) if s.moves.len() < len => Some(s.moves),
                _ => None,
            };
            return (moves, generated);
        }
    }
}

/// The board after the first `k` of `moves` from `start` (`None` if one
/// of them is illegal).
fn board_after(start: &Board, moves: &[Move]) -> Option<Board> {
    moves.iter().try_fold(*start, |b, &m| b.apply(m))
}

/// Shortens `moves` (a legal path from `start` to `goal`) in place by
/// re-solving its last stretches with `heuristic` (built for `goal`);
/// never lengthens it and keeps both ends; `go_on` is asked between slices
/// of each search and stops the shortening. Returns the nodes generated.
pub(super) fn shorten(
    start: &Board,
    goal: &Board,
    moves: &mut Vec<Move>,
    heuristic: &Estimator,
    settings: &Shortening,
    go_on: &mut dyn FnMut() -> bool,
) -> u64 {
    let mut generated = 0;
    for &tail in &settings.tails {
        let k = tail.min(moves.len());
        let cut = moves.len() - k;
        let Some(from) = board_after(start, &moves[..cut]) else {
            return generated;
        };
        let (found, nodes) = resolve(&from, goal, heuristic, (k, settings.node_budget), go_on);
        generated += nodes;
        if let Some(better) = found {
            moves.truncate(cut);
            moves.extend(better);
        }
    }
    generated
}
