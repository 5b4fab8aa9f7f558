//! Path shortening by windowed optimal re-solving: every stretch of a path
//! between two of its boards is replaced by a shortest path between them
//! when IDA* (Manhattan + linear conflict toward the stretch's last board)
//! finds one within a node budget.
//!
//! Deterministic whatever the thread count: each pass cuts the path into
//! disjoint windows at fixed offsets, solves them independently (on up to
//! `threads` threads) and splices every improvement in, in path order.

use crate::engine::{Board, Move};
use crate::solve::{Heuristic, IdaStep, OptimalSearch};

/// Nodes between two looks at an IDA*'s bound.
const SLICE: u64 = 2_048;

/// The shortening's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shortening {
    /// Window lengths, tried in this order in every round.
    pub windows: Vec<usize>,
    /// Nodes one window's IDA* may generate before it gives up.
    pub window_budget: u64,
    /// Rounds over every window length; stops early when a round finds
    /// nothing.
    pub max_rounds: usize,
}

/// A shortest path from `a` to `b` if it is shorter than `len` and found
/// within `budget` generated nodes; and the nodes generated.
fn resolve(a: &Board, b: &Board, len: usize, budget: u64) -> (Option<Vec<Move>>, u64) {
    let Ok(Ok(mut search)) = OptimalSearch::new(a, b, &Heuristic::LinearConflict) else {
        return (None, 0);
    };
    loop {
        let p = search.progress();
        if p.bound as usize >= len || p.generated >= budget {
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

/// The boards along `moves` from `start` (`moves.len() + 1` of them).
fn boards(start: &Board, moves: &[Move]) -> Vec<Board> {
    let mut out = Vec::with_capacity(moves.len() + 1);
    let mut b = *start;
    out.push(b);
    for &m in moves {
        // The caller's path is legal; a move that is not ends the walk and
        // leaves fewer boards, so no window reaches past it.
        match b.apply(m) {
            Some(n) => b = n,
            None => break,
        }
        out.push(b);
    }
    out
}

/// One pass of windows of `len` moves starting at `offset`, `offset + len`,
/// …: each replaced by a shorter path when one is found. Returns whether
/// the path got shorter.
fn pass(
    start: &Board,
    moves: &mut Vec<Move>,
    len: usize,
    offset: usize,
    budget: u64,
    threads: usize,
    generated: &mut u64,
) -> bool {
    let at = boards(start, moves);
    if at.len() != moves.len() + 1 {
        return false;
    }
    let spans: Vec<(usize, usize)> = (offset..moves.len())
        .step_by(len.max(2))
        .map(|i| (i, (i + len).min(moves.len())))
        .filter(|&(i, j)| j - i >= 2)
        .collect();
    let solve = |&(i, j): &(usize, usize)| resolve(&at[i], &at[j], j - i, budget);
    let results: Vec<(Option<Vec<Move>>, u64)> = if threads <= 1 || spans.len() < 2 {
        spans.iter().map(solve).collect()
    } else {
        let chunk = spans.len().div_ceil(threads);
        std::thread::scope(|s| {
            let handles: Vec<_> = spans
                .chunks(chunk)
                .map(|part| s.spawn(move || part.iter().map(solve).collect::<Vec<_>>()))
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_default())
                .collect()
        })
    };
    if results.len() != spans.len() {
        return false;
    }
    let mut out = Vec::with_capacity(moves.len());
    let mut done = 0;
    let mut shorter = false;
    for (&(i, j), (found, nodes)) in spans.iter().zip(results) {
        *generated += nodes;
        out.extend_from_slice(&moves[done..i]);
        match found {
            Some(better) => {
                out.extend(better);
                shorter = true;
            }
            None => out.extend_from_slice(&moves[i..j]),
        }
        done = j;
    }
    out.extend_from_slice(&moves[done..]);
    *moves = out;
    shorter
}

/// Shortens `moves` (a legal path from `start`) in place by windowed
/// re-solving; never lengthens it and keeps both ends. Returns the nodes
/// generated.
pub(super) fn shorten(
    start: &Board,
    moves: &mut Vec<Move>,
    settings: &Shortening,
    threads: usize,
) -> u64 {
    let mut generated = 0;
    for _ in 0..settings.max_rounds {
        let mut shorter = false;
        for &len in &settings.windows {
            for offset in [0, len / 2] {
                shorter |= pass(
                    start,
                    moves,
                    len,
                    offset,
                    settings.window_budget,
                    threads,
                    &mut generated,
                );
            }
        }
        if !shorter {
            break;
        }
    }
    generated
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{korf24, korf_goal, FastSolver};
    use crate::Shape;

    #[test]
    fn dbg_windows() {
        let goal = korf_goal(Shape::FIVE);
        let db = crate::solve::PatternDb::build(&crate::solve::Partition::for_goal(&goal), &goal).unwrap();
        let h = Heuristic::Pdb(std::sync::Arc::new(db));
        for k in korf24().iter().take(4) {
            let moves = FastSolver::new(&goal).solve(&k.start).moves;
            let at = boards(&k.start, &moves);
            for back in [30, 40, 50, 60, 70] {
                let i = moves.len() - back;
                let mut s = OptimalSearch::new(&at[i], &goal, &h).unwrap().unwrap();
                let mut found = None;
                while s.progress().generated < 50_000_000 && (s.progress().bound as usize) < back {
                    if s.run_for(SLICE) == IdaStep::Found { found = s.solution().map(|x| x.unwrap().moves.len()); break; }
                }
                eprintln!("#{} len {} tail {back}: {:?} gen {} h {}", k.id, moves.len(), found, s.progress().generated, s.progress().initial_h);
            }
        }
    }
}
