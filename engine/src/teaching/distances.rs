//! Breadth-first search of the whole space from the goal: the exact distance
//! of every board that can reach it.

use crate::board::{Board, CELLS};
use crate::contract::NEIGHBOURS;
use crate::contract::{after_move, lehmer_packed, rank_packed, STATES};
use crate::moves::{Metric, Slide};

/// Marks a board that cannot reach the goal (the other parity class).
pub const UNREACHABLE: u8 = u8::MAX;

/// "No cell": the blank of the root came from nowhere.
const NO_CELL: usize = CELLS;

/// The 24 moves of the blank as (from, to) cells, numbered in
/// [`NEIGHBOURS`] order ([`Move`](crate::moves::Move)s).
const EDGES: [(u8, u8); 24] = {
    let mut edges = [(0u8, 0u8); 24];
    let (mut n, mut from) = (0, 0);
    while from < CELLS {
        let mut i = 0;
        while i < NEIGHBOURS[from].len() {
            edges[n] = (from as u8, NEIGHBOURS[from][i].1);
            n += 1;
            i += 1;
        }
        from += 1;
    }
    edges
};

/// `EDGE_OF[from][to]`: the number of the move from `from` to `to` in [`EDGES`].
const EDGE_OF: [[u8; CELLS]; CELLS] = {
    let mut table = [[u8::MAX; CELLS]; CELLS];
    let mut e = 0;
    while e < EDGES.len() {
        table[EDGES[e].0 as usize][EDGES[e].1 as usize] = e as u8;
        e += 1;
    }
    table
};

/// One layer of the search: its boards grouped by the move that reached
/// them (so every board of a group has the same blank cell and the same
/// cell its blank came from), each as (packed key, Lehmer digits | rank << 36).
struct Groups(Vec<Vec<(u64, u64)>>);

impl Groups {
    fn new() -> Groups {
        Groups(vec![Vec::new(); EDGES.len()])
    }

    fn size(&self) -> usize {
        self.0.iter().map(Vec::len).sum()
    }

    /// Empties every group, keeping its buffer for the next layer.
    fn clear(&mut self) {
        for group in &mut self.0 {
            group.clear();
        }
    }
}

/// What expanding a group writes: the distances, the seen set and the next
/// layer's groups.
struct Out<'a> {
    dist: &'a mut [u8],
    seen: &'a mut [u64],
    next: &'a mut Groups,
}

/// Records distance `d` for the boards of one group, whose blank is at
/// `BLANK` and came from `from`, and files their new neighbours into `next`
/// by the move that reached them. The move back to `from` leads to a board
/// already seen and is never generated; every other neighbour is appended
/// to its group and kept only if its seen bit was clear, so the loop has no
/// data-dependent branch. The target groups are held in locals for the
/// loop, so their lengths and buffers stay in registers. (Reserving each
/// group's bound beforehand cost more in page faults than it saved.)
#[inline(always)]
fn expand_group<const BLANK: usize>(boards: &[(u64, u64)], from: usize, d: u8, out: &mut Out) {
    let bs = 4 * (8 - BLANK as u32);
    let moves = NEIGHBOURS[BLANK];
    let mut groups: [Vec<(u64, u64)>; 4] = Default::default();
    for (group, &(_, t)) in groups.iter_mut().zip(moves) {
        *group = std::mem::take(&mut out.next.0[usize::from(EDGE_OF[BLANK][usize::from(t)])]);
    }
    for &(key, digits) in boards {
        let lehmer = digits & 0xF_FFFF_FFFF;
        let rank = (digits >> 36) as u32;
        out.dist[rank as usize] = d;
        for (group, &(_, t)) in groups.iter_mut().zip(moves) {
            let t = t as usize;
            if t == from {
                continue;
            }
            let (l2, r2) = after_move(key, lehmer, rank, BLANK, t);
            let word = &mut out.seen[r2 as usize >> 6];
            let bit = 1u64 << (r2 & 63);
            let new = *word & bit == 0;
            *word |= bit;
            let ts = 4 * (8 - t as u32);
            let tile = (key >> ts) & 0xF;
            let len = group.len();
            group.push((
                key - (tile << ts) + (tile << bs),
                l2 | (u64::from(r2) << 36),
            ));
            group.truncate(len + usize::from(new));
        }
    }
    for (group, &(_, t)) in groups.iter_mut().zip(moves) {
        out.next.0[usize::from(EDGE_OF[BLANK][usize::from(t)])] = std::mem::take(group);
    }
}

/// [`expand_group`] for a blank cell known only at run time: one instance
/// per cell, so the targets, shifts and the shape of each rank update are
/// constants in each.
fn expand_at(blank: usize, boards: &[(u64, u64)], from: usize, d: u8, out: &mut Out) {
    let run = match blank {
        0 => expand_group::<0>,
        1 => expand_group::<1>,
        2 => expand_group::<2>,
        3 => expand_group::<3>,
        4 => expand_group::<4>,
        5 => expand_group::<5>,
        6 => expand_group::<6>,
        7 => expand_group::<7>,
        _ => expand_group::<8>,
    };
    run(boards, from, d, out);
}

/// Exact distances to one goal in one metric, indexed by rank.
pub struct DistanceTable {
    goal: Board,
    metric: Metric,
    dist: Vec<u8>,
    histogram: Vec<u32>,
}

impl DistanceTable {
    /// Runs the breadth-first search from `goal` over all 181,440 boards
    /// reachable from it, layer by layer. A layer's boards are kept in 24
    /// groups, one per move of the blank that reached them, each board with
    /// its Lehmer digits and rank (16 bytes): a neighbour's rank is an
    /// incremental update, the move back to the parent (always seen) is
    /// never generated, and the code for a group is the instance for its
    /// blank cell, chosen once per group instead of once per board. Seen
    /// boards are bits of a 45 KiB set; distances are written once per
    /// board. The group buffers are reused from layer to layer: nothing is
    /// allocated per board.
    pub fn new(goal: &Board) -> DistanceTable {
        let mut dist = vec![UNREACHABLE; STATES];
        let mut seen = vec![0u64; STATES.div_ceil(64)];
        let mut layer = Groups::new();
        let mut next = Groups::new();
        let key = goal.packed();
        let rank = rank_packed(key);
        seen[rank as usize >> 6] |= 1 << (rank & 63);
        let root = [(key, lehmer_packed(key) | (u64::from(rank) << 36))];
        let mut out = Out {
            dist: &mut dist,
            seen: &mut seen,
            next: &mut next,
        };
        expand_at(goal.blank(), &root, NO_CELL, 0, &mut out);
        let mut histogram = vec![1];
        let mut d = 1u8;
        loop {
            std::mem::swap(&mut layer, out.next);
            let size = layer.size();
            if size == 0 {
                break;
            }
            histogram.push(size as u32);
            out.next.clear();
            for (group, &(from, blank)) in layer.0.iter().zip(&EDGES) {
                expand_at(usize::from(blank), group, usize::from(from), d, &mut out);
            }
            d += 1;
        }
        DistanceTable {
            goal: *goal,
            metric: Metric::Single,
            dist,
            histogram,
        }
    }

    /// The exact distances to `goal` counted in `metric`: [`DistanceTable::new`]
    /// in the single-tile metric; in the multi-tile metric a breadth-first
    /// search whose moves are every slide of 1 or 2 tiles (each one move),
    /// over the same 181,440 boards.
    pub fn in_metric(goal: &Board, metric: Metric) -> DistanceTable {
        match metric {
            Metric::Single => DistanceTable::new(goal),
            Metric::Multi => DistanceTable::multi(goal),
        }
    }

    /// The multi-tile breadth-first search: a queue of packed keys, each
    /// board's slides by the one move rule ([`Board::moves_in`]).
    fn multi(goal: &Board) -> DistanceTable {
        let mut dist = vec![UNREACHABLE; STATES];
        let mut queue = vec![goal.packed()];
        dist[rank_packed(goal.packed()) as usize] = 0;
        let mut histogram = vec![1u32];
        let mut head = 0;
        while head < queue.len() {
            let key = queue[head];
            head += 1;
            let d = dist[rank_packed(key) as usize] + 1;
            let Some(board) = Board::from_packed(key) else {
                continue;
            };
            for (_, next) in board.moves_in(Metric::Multi) {
                let k = next.packed();
                let slot = &mut dist[rank_packed(k) as usize];
                if *slot == UNREACHABLE {
                    *slot = d;
                    queue.push(k);
                    if histogram.len() <= usize::from(d) {
                        histogram.push(0);
                    }
                    histogram[usize::from(d)] += 1;
                }
            }
        }
        DistanceTable {
            goal: *goal,
            metric: Metric::Multi,
            dist,
            histogram,
        }
    }

    /// The metric the distances are counted in.
    pub fn metric(&self) -> Metric {
        self.metric
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

    /// A move of the table's metric that brings `board` one move closer to
    /// the goal (the first such in [`Board::moves_in`] order: directions in
    /// [`Move::ALL`] order, counts ascending), or `None` at the goal or when
    /// the board cannot reach it.
    pub fn hint(&self, board: &Board) -> Option<Slide> {
        let d = self.distance(board)?;
        board
            .moves_in(self.metric)
            .into_iter()
            .find(|(_, next)| self.distance(next).is_some_and(|n| n + 1 == d))
            .map(|(s, _)| s)
    }

    /// Number of boards at each distance 0..=diameter.
    pub fn histogram(&self) -> &[u32] {
        &self.histogram
    }

    /// The largest distance.
    pub fn diameter(&self) -> u32 {
        self.histogram.len() as u32 - 1
    }

    /// The ranks of the boards at the diameter (the hardest starts), in
    /// rank order.
    pub fn hardest_ranks(&self) -> Vec<u32> {
        let diameter = self.diameter();
        self.dist
            .iter()
            .enumerate()
            .filter(|(_, &d)| d != UNREACHABLE && u32::from(d) == diameter)
            .map(|(r, _)| r as u32)
            .collect()
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
    use crate::engine::contract::unrank;
    use crate::moves::Move;

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
        assert_eq!(
            t.hint(&Board::BASELINE_START),
            Some(Slide::from(Move::Right))
        );
        assert_eq!(t.hint(&Board::DEFAULT_GOAL), None);
        // The hint always reduces the exact distance by one.
        for r in (0..STATES as u32).step_by(7) {
            let b = crate::engine::contract::unrank(r).unwrap();
            match (t.distance(&b), t.hint(&b)) {
                (Some(0), h) | (None, h) => assert_eq!(h, None),
                (Some(d), Some(m)) => assert_eq!(t.distance(&b.slide(m).unwrap()), Some(d - 1)),
                (Some(_), None) => panic!("no hint for {b}"),
            }
        }
    }
}
