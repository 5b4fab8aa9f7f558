//! Breadth-first search of the whole space from the goal: the exact distance
//! of every board that can reach it.

use super::board::Board;
use super::moves::{Move, NEIGHBOURS};
use super::rank::{after_move, lehmer_packed, rank_packed, STATES};

/// Marks a board that cannot reach the goal (the other parity class).
pub const UNREACHABLE: u8 = u8::MAX;

/// "No cell": the blank of the root came from nowhere.
const NO_CELL: u64 = 0xF;

/// The BFS's working state: the seen set and the queue with its tail.
struct Layer<'a> {
    seen: &'a mut [u64],
    queue: &'a mut [(u64, u64)],
    tail: usize,
}

impl Layer<'_> {
    /// Generates the neighbours of one queue item whose blank is at `BLANK`,
    /// except the move back to where the blank came from, and keeps the new ones.
    #[inline(always)]
    fn expand<const BLANK: usize>(&mut self, item: u64, digits: u64) {
        let key = item & 0xF_FFFF_FFFF;
        let from = (item >> 40) as usize;
        let lehmer = digits & 0xF_FFFF_FFFF;
        let rank = (digits >> 36) as u32;
        let bs = 4 * (8 - BLANK as u32);
        for &(_, t) in NEIGHBOURS[BLANK] {
            let t = t as usize;
            if t == from {
                continue;
            }
            let (l2, r2) = after_move(key, lehmer, rank, BLANK, t);
            let word = &mut self.seen[r2 as usize >> 6];
            let bit = 1u64 << (r2 & 63);
            let new = *word & bit == 0;
            *word |= bit;
            let ts = 4 * (8 - t as u32);
            let tile = (key >> ts) & 0xF;
            let next = key - (tile << ts) + (tile << bs);
            if let Some(slot) = self.queue.get_mut(self.tail) {
                *slot = (
                    next | ((t as u64) << 36) | ((BLANK as u64) << 40),
                    l2 | (u64::from(r2) << 36),
                );
            }
            self.tail += usize::from(new);
        }
    }
}

/// Exact distances to one goal, indexed by rank.
pub struct DistanceTable {
    goal: Board,
    dist: Vec<u8>,
    histogram: Vec<u32>,
}

impl DistanceTable {
    /// Runs the breadth-first search from `goal` over all 181,440 boards
    /// reachable from it, layer by layer. Each queue item carries the packed
    /// board, its blank cell, the cell the blank came from, its Lehmer digits
    /// and rank (16 bytes), so a neighbour's rank is an incremental update and
    /// the move back to the parent (always seen) is never generated. Seen
    /// boards are bits of a 45 KiB set, small enough for the L1 cache; the
    /// inner loop has no data-dependent branch (a neighbour is written to the
    /// queue's tail every time and kept only if it was new), and each layer's
    /// distances are written once, after it is complete. Nothing is allocated
    /// per board.
    pub fn new(goal: &Board) -> DistanceTable {
        let mut dist = vec![UNREACHABLE; STATES];
        let mut seen = vec![0u64; STATES.div_ceil(64)];
        // Every board of one parity class, plus one slot that takes the
        // write of a neighbour that was not new.
        let mut queue = vec![(0u64, 0u64); STATES / 2 + 1];
        let key = goal.packed();
        let rank = rank_packed(key);
        queue[0] = (
            key | ((goal.blank() as u64) << 36) | (NO_CELL << 40),
            lehmer_packed(key) | (u64::from(rank) << 36),
        );
        seen[rank as usize >> 6] |= 1 << (rank & 63);
        let mut layer = Layer {
            seen: &mut seen,
            queue: &mut queue,
            tail: 1,
        };
        let mut head = 0;
        let mut histogram = Vec::new();
        let mut d = 0u8;
        while head < layer.tail {
            let end = layer.tail;
            histogram.push((end - head) as u32);
            for i in head..end {
                let (item, digits) = layer.queue[i];
                dist[(digits >> 36) as usize] = d;
                // One instance per blank cell: the targets, shifts and the
                // shape of each rank update are constants in each.
                match (item >> 36) & 0xF {
                    0 => layer.expand::<0>(item, digits),
                    1 => layer.expand::<1>(item, digits),
                    2 => layer.expand::<2>(item, digits),
                    3 => layer.expand::<3>(item, digits),
                    4 => layer.expand::<4>(item, digits),
                    5 => layer.expand::<5>(item, digits),
                    6 => layer.expand::<6>(item, digits),
                    7 => layer.expand::<7>(item, digits),
                    _ => layer.expand::<8>(item, digits),
                }
            }
            head = end;
            d += 1;
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
    use crate::engine::unrank;

    /// The plain queue BFS the layered one replaced: every edge probed, the
    /// distance table as the seen set.
    fn reference(goal: &Board) -> Vec<u8> {
        let mut dist = vec![UNREACHABLE; STATES];
        let mut queue = vec![*goal];
        dist[rank_packed(goal.packed()) as usize] = 0;
        let mut head = 0;
        while head < queue.len() {
            let b = queue[head];
            head += 1;
            let d = dist[rank_packed(b.packed()) as usize] + 1;
            for m in Move::ALL {
                if let Some(n) = m.apply(&b) {
                    let slot = &mut dist[rank_packed(n.packed()) as usize];
                    if *slot == UNREACHABLE {
                        *slot = d;
                        queue.push(n);
                    }
                }
            }
        }
        dist
    }

    #[test]
    fn layered_bfs_equals_the_plain_queue_bfs() {
        // Goals with the blank in a corner, on an edge, in the centre, and
        // both parity classes.
        for r in [0, 1, 4, 77_777, 181_439, 200_001, 362_879] {
            let goal = unrank(r).unwrap();
            let want = reference(&goal);
            let t = DistanceTable::new(&goal);
            assert_eq!(t.by_rank(), &want[..], "goal {goal}");
            let mut hist = vec![0u32; t.histogram().len()];
            for &d in want.iter().filter(|&&d| d != UNREACHABLE) {
                hist[d as usize] += 1;
            }
            assert_eq!(t.histogram(), &hist[..], "goal {goal}");
            assert_eq!(t.reachable(), 181_440);
        }
    }

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
