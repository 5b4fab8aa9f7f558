//! Path repair: a fast path is made shorter piece by piece. Between two of
//! its boards `b_i` and `b_j` (a window of `j − i` moves) a shortest path
//! is searched in the whole state space, by IDA* on Manhattan + linear
//! conflict toward `b_j` (the board relabelled so that `b_j` is the goal);
//! when it is shorter than the window it is spliced in. A board visited
//! twice cuts the loop between its visits. Why windows: a window is short,
//! so its search is small on every shape up to 64 cells, where no search
//! toward the goal itself could finish.
//!
//! Each window's search stops at a node budget, so a window may keep a
//! detour that a longer search would have removed; a found path is always
//! shortest between its ends (IDA* with an admissible estimate), and the
//! repaired path is never longer than the path it started from.

use super::{Geo, LcAcc, LcHeur, Pos, NONE};
use crate::engine::{Board, Move};
use std::collections::HashMap;

/// The longest window a repair searches (its path buffer).
pub const MAX_WINDOW: usize = 64;

/// The repair's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repair {
    /// Window lengths in moves (at most [`MAX_WINDOW`]), tried in this
    /// order in each pass over the path; passes go on while one of them
    /// shortens the path.
    pub windows: Vec<usize>,
    /// Nodes one window's search may generate before it gives up.
    pub node_budget: u64,
}

impl Default for Repair {
    /// Windows of 16, 24 and 32 moves, 10^5 nodes each.
    fn default() -> Self {
        Repair {
            windows: vec![16, 24, 32],
            node_budget: 100_000,
        }
    }
}

/// `dfs` found the goal.
const FOUND: u32 = 0;
/// `dfs` spent its budget.
const SPENT: u32 = u32::MAX;
/// `dfs` found no f over the bound (cannot happen on a board of ≥ 2×2).
const NO_BOUND: u32 = u32::MAX - 1;

/// One window's IDA*: the board it walks (relabelled toward the window's
/// last board), the moves so far, and the nodes spent. Nothing is
/// allocated per node: the board is stepped and stepped back in place.
struct Window<'a, const N: usize, const D: usize> {
    geo: &'a Geo<N>,
    heur: LcHeur<'a, N, D>,
    p: Pos<N>,
    path: [u8; MAX_WINDOW],
    len: usize,
    nodes: u64,
    budget: u64,
}

impl<const N: usize, const D: usize> Window<'_, N, D> {
    /// Depth-first search below `bound` (f = g + h): `FOUND`, `SPENT`, or
    /// the least f above the bound.
    fn dfs(&mut self, acc: &LcAcc<D>, g: u32, bound: u32, back: u8) -> u32 {
        if acc.total == 0 {
            self.len = g as usize;
            return FOUND;
        }
        let mut least = NO_BOUND;
        for d in 0..4u8 {
            let to = self.geo.nbr[self.p.blank as usize][d as usize];
            if d == back ^ 1 || to == NONE {
                continue;
            }
            self.nodes += 1;
            if self.nodes > self.budget {
                return SPENT;
            }
            let old_blank = self.p.blank;
            let (t, from) = self.p.step(self.geo, d as usize);
            let a = self.heur.update(acc, &self.p, t, from, old_blank);
            let f = g + 1 + a.total;
            let r = if f > bound {
                f
            } else {
                self.path[g as usize] = d;
                self.dfs(&a, g + 1, bound, d)
            };
            self.p.step(self.geo, (d ^ 1) as usize);
            if r == FOUND || r == SPENT {
                return r;
            }
            least = least.min(r);
        }
        least
    }

    /// A shortest path (directions) from `from` to `to` of at most `max`
    /// moves, if there is one and it is found within the budget.
    fn shortest(&mut self, from: &Board, to: &Board, max: usize) -> Option<&[u8]> {
        self.p = Pos::relabel(from, to);
        self.nodes = 0;
        let acc = self.heur.init(&self.p);
        let max = max.min(MAX_WINDOW) as u32;
        let mut bound = acc.total;
        while bound <= max {
            match self.dfs(&acc, 0, bound, 4) {
                FOUND => return Some(&self.path[..self.len]),
                SPENT | NO_BOUND => return None,
                next => bound = next,
            }
        }
        None
    }
}

/// The shortest path from `from` to `to` (same shape, at most 64 cells in
/// `geo`'s form) of at most `max` moves, found by the repair's window search
/// within `budget` nodes; and the nodes generated.
#[cfg(test)]
fn window_path<const N: usize, const D: usize>(
    geo: &Geo<N>,
    (from, to): (&Board, &Board),
    max: usize,
    budget: u64,
) -> (Option<Vec<Move>>, u64) {
    let mut w = Window::<N, D> {
        geo,
        heur: LcHeur { geo },
        p: Pos::relabel(from, to),
        path: [0; MAX_WINDOW],
        len: 0,
        nodes: 0,
        budget,
    };
    let found = w
        .shortest(from, to, max)
        .map(|p| p.iter().map(|&d| Move::ALL[d as usize]).collect());
    (found, w.nodes)
}

/// The boards of `moves` from `start`, `start` first (`None` if a move is
/// illegal).
fn trail(start: &Board, moves: &[Move]) -> Option<Vec<Board>> {
    let mut boards = Vec::with_capacity(moves.len() + 1);
    boards.push(*start);
    let mut b = *start;
    for &m in moves {
        b = b.apply(m)?;
        boards.push(b);
    }
    Some(boards)
}

/// Cuts every loop of `moves` from `start` (a board visited twice: the
/// moves between the visits go); returns whether one was cut.
pub(super) fn cut_loops(start: &Board, moves: &mut Vec<Move>) -> bool {
    let Some(boards) = trail(start, moves) else {
        return false;
    };
    // Where each board was last seen, then the path kept from the first
    // board to the last, jumping from each board past its last visit.
    let mut last: HashMap<Board, usize> = HashMap::with_capacity(boards.len());
    for (i, b) in boards.iter().enumerate() {
        last.insert(*b, i);
    }
    if last.len() == boards.len() {
        return false;
    }
    let mut kept = Vec::with_capacity(moves.len());
    let mut i = last[&boards[0]];
    while i < moves.len() {
        kept.push(moves[i]);
        i = last[&boards[i + 1]];
    }
    *moves = kept;
    true
}

/// Repairs `moves` (a legal path from `start`) in place: loops cut, then
/// passes of windows (`settings.windows`, each slid along the path one
/// move at a time) re-searched and spliced when shorter, while a pass
/// shortens the path, `go_on()` (asked before each window) says so and
/// fewer than `total` nodes were generated. Never lengthens the path and
/// keeps both ends. Returns the nodes generated.
pub(super) fn repair<const N: usize, const D: usize>(
    geo: &Geo<N>,
    start: &Board,
    moves: &mut Vec<Move>,
    (settings, total): (&Repair, u64),
    go_on: &mut dyn FnMut() -> bool,
) -> u64 {
    cut_loops(start, moves);
    let Some(mut boards) = trail(start, moves) else {
        return 0;
    };
    let mut w = Window::<N, D> {
        geo,
        heur: LcHeur { geo },
        p: Pos::relabel(start, start),
        path: [0; MAX_WINDOW],
        len: 0,
        nodes: 0,
        budget: settings.node_budget,
    };
    let mut generated = 0;
    loop {
        let mut shortened = false;
        for &len in &settings.windows {
            let len = len.clamp(2, MAX_WINDOW);
            let mut i = 0;
            while i + len <= moves.len() {
                if generated >= total || !go_on() {
                    return generated;
                }
                let found = w
                    .shortest(&boards[i], &boards[i + len], len - 1)
                    .map(|p| p.iter().map(|&d| Move::ALL[d as usize]).collect::<Vec<_>>());
                generated += w.nodes;
                let Some(better) = found else {
                    i += 1;
                    continue;
                };
                moves.splice(i..i + len, better);
                cut_loops(start, moves);
                match trail(start, moves) {
                    Some(b) => boards = b,
                    None => return generated, // cannot happen: the splice is legal
                }
                shortened = true;
            }
        }
        if !shortened {
            return generated;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{FastSolver, LARGE, LARGE_LINE, SMALL, SMALL_LINE};
    use super::*;
    use crate::engine::{space::sample_boards, verify, Shape};
    use std::collections::VecDeque;

    /// Breadth-first distances from `from`, to depth `depth`.
    fn bfs(from: &Board, depth: u32) -> HashMap<Board, u32> {
        let mut dist = HashMap::new();
        dist.insert(*from, 0);
        let mut queue = VecDeque::from([*from]);
        while let Some(b) = queue.pop_front() {
            let d = dist[&b];
            if d == depth {
                continue;
            }
            for m in Move::ALL {
                if let Some(n) = b.apply(m) {
                    dist.entry(n).or_insert_with(|| {
                        queue.push_back(n);
                        d + 1
                    });
                }
            }
        }
        dist
    }

    fn ends_on(start: &Board, end: &Board, moves: &[Move]) -> bool {
        trail(start, moves).is_some_and(|b| b.last() == Some(end))
    }

    /// On 3×3 every board's window search toward another board (not the
    /// default goal) gives its breadth-first distance, and nothing when
    /// asked for one move fewer.
    #[test]
    fn window_search_gives_the_breadth_first_distance_on_3x3() {
        let goal = Board::default_goal(Shape::THREE);
        let to = sample_boards(&goal, 1, 5)[0];
        let dist = bfs(&to, u32::MAX);
        assert_eq!(dist.len(), 181_440);
        let geo = Geo::<SMALL>::new(Shape::THREE);
        for from in sample_boards(&to, 30, 6) {
            let d = dist[&from] as usize;
            let (path, _) = window_path::<SMALL, SMALL_LINE>(&geo, (&from, &to), 40, u64::MAX);
            let path = path.unwrap();
            assert_eq!(path.len(), d, "{from}");
            assert!(ends_on(&from, &to, &path), "{from}");
            if d > 0 {
                let (none, _) =
                    window_path::<SMALL, SMALL_LINE>(&geo, (&from, &to), d - 1, u64::MAX);
                assert_eq!(none, None, "{from}");
            }
        }
    }

    /// On 6×6 (the 64-cell form) the window search between a random board
    /// and boards up to 9 moves away gives their breadth-first distance.
    #[test]
    fn window_search_gives_the_breadth_first_distance_on_6x6() {
        let shape = Shape::new(6, 6).unwrap();
        let from = sample_boards(&Board::default_goal(shape), 1, 35)[0];
        let dist = bfs(&from, 9);
        let geo = Geo::<LARGE>::new(shape);
        let mut checked = [0usize; 10];
        for (to, &d) in dist.iter().filter(|(_, d)| **d >= 5).take(400) {
            let (path, _) = window_path::<LARGE, LARGE_LINE>(&geo, (&from, to), 20, u64::MAX);
            let path = path.unwrap();
            assert_eq!(path.len() as u32, d, "{to}");
            assert!(ends_on(&from, to, &path));
            checked[d as usize] += 1;
        }
        assert!(checked[9] > 100, "{checked:?}");
    }

    /// The blank's 2×2 square from `b` (clockwise or not): the first of
    /// the four squares around the blank that fits on the board.
    fn square(b: &Board, clockwise: bool) -> Vec<Move> {
        use Move::{Down, Left, Right, Up};
        let turns = [
            [Up, Left, Down, Right],
            [Up, Right, Down, Left],
            [Down, Left, Up, Right],
            [Down, Right, Up, Left],
        ];
        for t in turns {
            if trail(b, &t).is_some() {
                let mut v = t.to_vec();
                if clockwise {
                    // The same square the other way round.
                    v = vec![t[1], t[0], t[3], t[2]];
                }
                return v;
            }
        }
        unreachable!("every board of at least 2×2 has a square around its blank")
    }

    /// Around a 2×2 square three times (12 moves: the three tiles come
    /// round) is a loop, cut; a path without one is kept.
    #[test]
    fn loops_are_cut() {
        let shape = Shape::new(6, 6).unwrap();
        let start = sample_boards(&Board::default_goal(shape), 1, 8)[0];
        let straight = square(&start, false)[..1].to_vec();
        let b1 = start.apply(straight[0]).unwrap();
        let mut moves = straight.clone();
        let sq = square(&b1, false);
        for _ in 0..3 {
            moves.extend(&sq);
        }
        assert_eq!(trail(&start, &moves).unwrap().last(), Some(&b1));
        let mut cut = moves.clone();
        assert!(cut_loops(&start, &mut cut));
        assert_eq!(cut, straight);
        assert!(!cut_loops(&start, &mut cut));
        assert_eq!(cut, straight);
    }

    /// [`repair`] with the default settings and no node total, on the
    /// form of `start`'s shape.
    fn repaired_in_place(start: &Board, moves: &mut Vec<Move>) {
        let (shape, settings) = (start.shape(), Repair::default());
        let plan = (&settings, u64::MAX);
        if shape.cells() <= SMALL {
            let geo = Geo::<SMALL>::new(shape);
            repair::<SMALL, SMALL_LINE>(&geo, start, moves, plan, &mut || true);
        } else {
            let geo = Geo::<LARGE>::new(shape);
            repair::<LARGE, LARGE_LINE>(&geo, start, moves, plan, &mut || true);
        }
    }

    /// The fast solver's path on 4×4, 6×6 and 7×7, and that path with a
    /// detour: repaired, each is accepted by the independent checker and
    /// is never longer; the detour is gone.
    #[test]
    fn repaired_paths_are_checked_and_never_longer() {
        for (w, h, seed) in [(4, 4, 1), (6, 6, 35), (7, 7, 48)] {
            let shape = Shape::new(w, h).unwrap();
            let goal = Board::default_goal(shape);
            let start = sample_boards(&goal, 1, seed)[0];
            let solver = FastSolver::new(&goal);
            let found = solver.solve(&start).moves;
            let mut repaired = found.clone();
            repaired_in_place(&start, &mut repaired);
            assert!(repaired.len() <= found.len(), "{shape}");
            assert!(verify(&start, &goal, &repaired, repaired.len() as u32).is_ok());
            // A detour in the middle: twice round a square one way, which
            // four moves the other way undo as well. Repaired, it is gone.
            let mid = found.len() / 2;
            let b = *trail(&start, &found[..mid]).unwrap().last().unwrap();
            let sq = square(&b, true);
            let mut detour = found[..mid].to_vec();
            detour.extend(&sq);
            detour.extend(&sq);
            detour.extend(&found[mid..]);
            assert!(verify(&start, &goal, &detour, detour.len() as u32).is_err());
            let mut fixed = detour.clone();
            repaired_in_place(&start, &mut fixed);
            assert!(fixed.len() <= found.len() + 4, "{shape}");
            let end = *trail(&start, &detour).unwrap().last().unwrap();
            assert!(ends_on(&start, &end, &fixed), "{shape}");
        }
    }
}
