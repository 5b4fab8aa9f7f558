//! The unit tests' plain reference: exact distances by a breadth-first
//! search over `Board::apply` alone, sharing no code with the searches it
//! checks.

use crate::moves::Metric;
use crate::{Board, Move};
use std::collections::{HashMap, VecDeque};

/// The exact distance to `goal` of every board that reaches it, in
/// `metric` (a multi-tile move is one to W − 1 or H − 1 single moves in
/// one direction).
pub(crate) fn plain_distances(goal: &Board, metric: Metric) -> HashMap<Board, u32> {
    let mut d = HashMap::from([(*goal, 0)]);
    let mut queue = VecDeque::from([*goal]);
    while let Some(b) = queue.pop_front() {
        for m in Move::ALL {
            let mut next = b;
            while let Some(n) = next.apply(m) {
                next = n;
                if !d.contains_key(&next) {
                    d.insert(next, d[&b] + 1);
                    queue.push_back(next);
                }
                if metric == Metric::Single {
                    break;
                }
            }
        }
    }
    d
}

/// The exact distance (single-tile moves) to `goal` of every board at most
/// `depth` moves from it: the same search stopped at that depth, for shapes
/// whose whole space is too large.
pub(crate) fn plain_distances_up_to(goal: &Board, depth: u32) -> HashMap<Board, u32> {
    let mut d = HashMap::from([(*goal, 0)]);
    let mut queue = VecDeque::from([*goal]);
    while let Some(b) = queue.pop_front() {
        if d[&b] == depth {
            continue;
        }
        for m in Move::ALL {
            if let Some(next) = b.apply(m) {
                if !d.contains_key(&next) {
                    d.insert(next, d[&b] + 1);
                    queue.push_back(next);
                }
            }
        }
    }
    d
}
