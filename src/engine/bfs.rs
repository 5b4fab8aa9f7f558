//! Breadth-first search of the whole space from the goal: the exact distance
//! of every board that can reach it.

use super::board::Board;
use super::moves::{Move, NEIGHBOURS};
use super::rank::{after_move, lehmer_packed, rank_packed, STATES};

/// Marks a board that cannot reach the goal (the other parity class).
pub const UNREACHABLE: u8 = u8::MAX;

/// Exact distances to one goal, indexed by rank.
pub struct DistanceTable {
    goal: Board,
    dist: Vec<u8>,
    histogram: Vec<u32>,
}

impl DistanceTable {
    /// Runs the breadth-first search from `goal` over all 181,440 boards
    /// reachable from it. Each queue item carries the packed board, its blank
    /// cell, its Lehmer digits and rank, so a neighbour's rank is an
    /// incremental update rather than a recomputation; nothing is allocated
    /// per board.
    pub fn new(goal: &Board) -> DistanceTable {
        let mut dist = vec![UNREACHABLE; STATES];
        let mut queue: Vec<(u64, u64, u32)> = Vec::with_capacity(STATES / 2);
        let key = goal.packed();
        let rank = rank_packed(key);
        queue.push((
            key | ((goal.blank() as u64) << 36),
            lehmer_packed(key),
            rank,
        ));
        dist[rank as usize] = 0;
        let mut head = 0;
        let mut histogram = vec![1u32];
        while head < queue.len() {
            let (item, lehmer, rank) = queue[head];
            head += 1;
            let key = item & 0xF_FFFF_FFFF;
            let blank = (item >> 36) as usize;
            let d = dist[rank as usize] + 1;
            let bs = 4 * (8 - blank as u32);
            for &(_, t) in NEIGHBOURS[blank] {
                let t = t as usize;
                let (l2, r2) = after_move(key, lehmer, rank, blank, t);
                let slot = &mut dist[r2 as usize];
                if *slot == UNREACHABLE {
                    *slot = d;
                    if histogram.len() <= d as usize {
                        histogram.push(0);
                    }
                    histogram[d as usize] += 1;
                    let ts = 4 * (8 - t as u32);
                    let tile = (key >> ts) & 0xF;
                    let next = key - (tile << ts) + (tile << bs);
                    queue.push((next | ((t as u64) << 36), l2, r2));
                }
            }
        }
        DistanceTable {
            goal: *goal,
            dist,
            histogram,
        }
    }

    /// The goal the distances are measured to.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The exact number of moves from `board` to the goal, or `None` if it
    /// cannot reach it.
    pub fn distance(&self, board: &Board) -> Option<u32> {
        match self.dist[rank_packed(board.packed()) as usize] {
            UNREACHABLE => None,
            d => Some(u32::from(d)),
        }
    }

    /// A move that brings `board` one step closer to the goal (the first such
    /// move in [`Move::ALL`] order), or `None` at the goal or when the board
    /// cannot reach it.
    pub fn hint(&self, board: &Board) -> Option<Move> {
        let d = self.distance(board)?;
        Move::ALL.into_iter().find(|m| {
            m.apply(board)
                .and_then(|next| self.distance(&next))
                .is_some_and(|n| n + 1 == d)
        })
    }

    /// Number of boards at each distance 0..=diameter.
    pub fn histogram(&self) -> &[u32] {
        &self.histogram
    }

    /// The largest distance.
    pub fn diameter(&self) -> u32 {
        self.histogram.len() as u32 - 1
    }

    /// Number of boards that reach the goal (181,440).
    pub fn reachable(&self) -> u32 {
        self.histogram.iter().sum()
    }

    /// The raw table, indexed by [`rank`](super::rank()); [`UNREACHABLE`] for the other class.
    pub fn by_rank(&self) -> &[u8] {
        &self.dist
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_goal_space() {
        let t = DistanceTable::new(&Board::DEFAULT_GOAL);
        assert_eq!(t.reachable(), 181_440);
        assert_eq!(t.diameter(), 31);
        assert_eq!(&t.histogram()[..7], &[1, 2, 4, 8, 16, 20, 39]);
        assert_eq!(&t.histogram()[29..], &[760, 221, 2]);
        assert_eq!(t.distance(&Board::BASELINE_START), Some(2));
        assert_eq!(t.hint(&Board::BASELINE_START), Some(Move::Right));
        assert_eq!(t.hint(&Board::DEFAULT_GOAL), None);
        // The hint always reduces the exact distance by one.
        for r in (0..STATES as u32).step_by(7) {
            let b = crate::engine::unrank(r).unwrap();
            match (t.distance(&b), t.hint(&b)) {
                (Some(0), h) | (None, h) => assert_eq!(h, None),
                (Some(d), Some(m)) => assert_eq!(t.distance(&m.apply(&b).unwrap()), Some(d - 1)),
                (Some(_), None) => panic!("no hint for {b}"),
            }
        }
    }
}
