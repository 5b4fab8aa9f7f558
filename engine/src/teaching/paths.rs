//! Every shortest path: how many join a board to the goal, and every move
//! that brings the goal one step closer.
//!
//! Counted by dynamic programming over the goal's distance layers of a
//! [`DistanceTable`]: the goal has one path (the empty one), and a board at
//! distance d has the sum of the counts of its neighbours at distance d − 1
//! (a shortest path's first move must lead one layer down, and different
//! first moves give different paths).
//!
//! **Why `u64` is exact.** A shortest path never undoes its previous move, so
//! a path of length d ≤ 31 (the 3×3 diameter) has at most 4 choices for its
//! first move and 3 for each later one: at most 4 · 3³⁰ ≈ 8.2 · 10¹⁴ paths,
//! far below 2⁶⁴ ≈ 1.8 · 10¹⁹. The largest count over all 181,440 boards is
//! pinned by a test. In the multi-tile metric a board has four moves and a
//! path is at most 24 long (its diameter), so 4²⁴ ≈ 2.8 · 10¹⁴ bounds it.

use crate::board::Board;
use crate::contract::NEIGHBOURS;
use crate::contract::{rank_packed, unrank, STATES};
use crate::moves::{Metric, Move, Slide};
use crate::teaching::distances::{DistanceTable, UNREACHABLE};

#[inline]
fn shift(cell: usize) -> u32 {
    4 * (8 - cell as u32)
}

/// The neighbours of a packed key with their blank cells, in [`Move::ALL`] order.
fn neighbours(key: u64, blank: usize) -> impl Iterator<Item = (Move, u64, usize)> {
    NEIGHBOURS[blank].iter().map(move |&(m, t)| {
        let t = t as usize;
        let tile = (key >> shift(t)) & 0xF;
        (m, key - (tile << shift(t)) + (tile << shift(blank)), t)
    })
}

/// The moves of the table's metric from a packed key, with the key and
/// blank cell each leads to: [`neighbours`] as slides of one tile, or in
/// the multi-tile metric every slide ([`Board::moves_in`]).
fn moves_of(table: &DistanceTable, key: u64, blank: usize) -> Vec<(Slide, u64, usize)> {
    match table.metric() {
        Metric::Single => neighbours(key, blank)
            .map(|(m, k, b)| (Slide::from(m), k, b))
            .collect(),
        Metric::Multi => Board::from_packed(key)
            .map(|board| {
                board
                    .moves_in(Metric::Multi)
                    .into_iter()
                    .map(|(s, n)| (s, n.packed(), n.blank()))
                    .collect()
            })
            .unwrap_or_default(),
    }
}

fn dist(table: &DistanceTable, key: u64) -> u8 {
    table.by_rank()[rank_packed(key) as usize]
}

/// Every single-tile move from `board` that brings the goal one step
/// closer, in [`Move::ALL`] order: empty at the goal and when the board
/// cannot reach it. In the table's metric: for a multi-tile table, prefer
/// [`closer_slides`] (a slide of two tiles can be the only closer move).
pub fn optimal_moves(table: &DistanceTable, board: &Board) -> Vec<Move> {
    let key = board.packed();
    let d = dist(table, key);
    if d == UNREACHABLE || d == 0 {
        return Vec::new();
    }
    neighbours(key, board.blank())
        .filter(|&(_, next, _)| dist(table, next) + 1 == d)
        .map(|(m, _, _)| m)
        .collect()
}

/// Every move of the table's metric from `board` that brings the goal one
/// move closer (directions in [`Move::ALL`] order, counts ascending): in
/// the multi-tile metric, slides of any count. Empty at the goal and when
/// the board cannot reach it.
pub fn closer_slides(table: &DistanceTable, board: &Board) -> Vec<Slide> {
    let key = board.packed();
    let d = dist(table, key);
    if d == UNREACHABLE || d == 0 {
        return Vec::new();
    }
    moves_of(table, key, board.blank())
        .into_iter()
        .filter(|&(_, next, _)| dist(table, next) + 1 == d)
        .map(|(s, _, _)| s)
        .collect()
}

/// The number of distinct shortest paths from `start` to the table's goal
/// (1 at the goal itself), or `None` when `start` cannot reach it. Walks
/// only the boards on some shortest path, layer by layer.
pub fn count_optimal_paths(table: &DistanceTable, start: &Board) -> Option<u64> {
    let d = dist(table, start.packed());
    if d == UNREACHABLE {
        return None;
    }
    // (key, blank, paths from start) for the boards of the current layer.
    let mut layer: Vec<(u64, usize, u64)> = vec![(start.packed(), start.blank(), 1)];
    let mut next: Vec<(u64, usize, u64)> = Vec::new();
    for level in (0..d).rev() {
        next.clear();
        for &(key, blank, n) in &layer {
            for (_, k, b) in moves_of(table, key, blank) {
                if dist(table, k) == level {
                    next.push((k, b, n));
                }
            }
        }
        next.sort_unstable_by_key(|&(k, _, _)| k);
        layer.clear();
        for &(k, b, n) in &next {
            match layer.last_mut() {
                Some(last) if last.0 == k => last.2 += n,
                _ => layer.push((k, b, n)),
            }
        }
    }
    // The last layer is distance 0: the goal alone.
    layer.first().map(|&(_, _, n)| n)
}

/// The shortest-path count of every board to one goal, indexed by rank.
pub struct PathCounts {
    counts: Vec<u64>,
}

impl PathCounts {
    /// Counts for all 181,440 boards that reach the table's goal, one layer
    /// at a time from the goal outwards.
    pub fn new(table: &DistanceTable) -> PathCounts {
        let by_rank = table.by_rank();
        let mut counts = vec![0u64; STATES];
        let mut layers: Vec<Vec<u32>> = vec![Vec::new(); table.diameter() as usize + 1];
        for (r, &d) in by_rank.iter().enumerate() {
            if d != UNREACHABLE {
                layers[d as usize].push(r as u32);
            }
        }
        for (d, layer) in layers.iter().enumerate() {
            for &r in layer {
                if d == 0 {
                    counts[r as usize] = 1;
                    continue;
                }
                let Some(board) = unrank(r) else { continue };
                counts[r as usize] = moves_of(table, board.packed(), board.blank())
                    .into_iter()
                    .map(|(_, k, _)| rank_packed(k) as usize)
                    .filter(|&nr| usize::from(by_rank[nr]) + 1 == d)
                    .map(|nr| counts[nr])
                    .sum();
            }
        }
        PathCounts { counts }
    }

    /// The count for `board`, or `None` when it cannot reach the goal.
    pub fn get(&self, board: &Board) -> Option<u64> {
        match self.counts[rank_packed(board.packed()) as usize] {
            0 => None,
            n => Some(n),
        }
    }

    /// The largest count and the first board (in rank order) that has it.
    pub fn max(&self) -> (u64, Board) {
        let (mut best, mut at) = (0, 0);
        for (r, &n) in self.counts.iter().enumerate() {
            if n > best {
                (best, at) = (n, r);
            }
        }
        (best, unrank(at as u32).unwrap_or(Board::DEFAULT_GOAL))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn baseline() {
        let t = DistanceTable::new(&Board::DEFAULT_GOAL);
        assert_eq!(count_optimal_paths(&t, &Board::BASELINE_START), Some(1));
        assert_eq!(count_optimal_paths(&t, &Board::DEFAULT_GOAL), Some(1));
        assert_eq!(optimal_moves(&t, &Board::BASELINE_START), [Move::Right]);
        assert_eq!(optimal_moves(&t, &Board::DEFAULT_GOAL), []);
        let odd = Board::square(&[2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
        assert_eq!(count_optimal_paths(&t, &odd), None);
        assert_eq!(optimal_moves(&t, &odd), []);
    }

    /// The engine's count of every shortest path (`solve::all_shortest`,
    /// for every shape up to 16 cells) agrees with this layer count on a
    /// sample of 3×3 boards, in both metrics, by table and by search.
    #[test]
    fn all_shortest_agrees_with_the_layer_count_on_3x3() {
        use crate::solve::{all_shortest, Bound, Estimator, ExactDistances};
        let goal = Board::DEFAULT_GOAL;
        for metric in Metric::ALL {
            let table = DistanceTable::in_metric(&goal, metric);
            let bound = match metric {
                Metric::Single => Bound::Single(Estimator::LinearConflict),
                Metric::Multi => Bound::Multi(None),
            };
            let mut by_table = ExactDistances::new(&goal, metric, bound.clone(), None).unwrap();
            let mut by_search = ExactDistances::new(&goal, metric, bound, None)
                .unwrap()
                .without_table();
            for (i, start) in crate::space::sample_boards(&goal, 300, 11)
                .iter()
                .enumerate()
            {
                let want = count_optimal_paths(&table, start).map(u128::from);
                let got = all_shortest(start, &mut by_table, 0).unwrap();
                assert_eq!(Some(got.count), want, "{start} {metric}");
                if i % 10 == 0 {
                    assert_eq!(
                        all_shortest(start, &mut by_search, 0).unwrap().count,
                        got.count
                    );
                }
            }
        }
    }
}
