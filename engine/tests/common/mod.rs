//! Helpers shared by the solver's integration tests: a seeded generator,
//! random walks, plain breadth-first distances, pattern tables against a
//! plain 0-1 breadth-first search.
#![allow(dead_code)]

use eight_puzzle_engine::solve::{placements, PatternTable};
use eight_puzzle_engine::{Board, Move, Shape, Verdict};
use std::collections::{HashMap, HashSet, VecDeque};

/// Small deterministic generator (xorshift64).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// `steps` random legal moves from `from`.
    pub fn walk(&mut self, from: &Board, steps: usize) -> Board {
        let mut b = *from;
        for _ in 0..steps {
            let legal: Vec<Move> = b.legal_moves().collect();
            b = b.apply(legal[self.below(legal.len())]).unwrap();
        }
        b
    }

    /// A uniformly random board of `shape` (solvable or not).
    pub fn board(&mut self, shape: Shape) -> Board {
        let mut cells: Vec<u8> = (0..shape.cells() as u8).collect();
        for i in (1..cells.len()).rev() {
            let j = self.below(i + 1);
            cells.swap(i, j);
        }
        Board::new(shape, &cells).unwrap()
    }
}

/// Plain breadth-first distances from `goal` over every reachable board,
/// written for the tests alone (a HashMap and a Vec of layers).
pub fn bfs(goal: &Board) -> HashMap<Board, u32> {
    let mut dist = HashMap::from([(*goal, 0u32)]);
    let mut layer = vec![*goal];
    let mut d = 0;
    while !layer.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for b in &layer {
            for m in Move::ALL {
                if let Some(n) = b.apply(m) {
                    if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(n) {
                        e.insert(d);
                        next.push(n);
                    }
                }
            }
        }
        layer = next;
    }
    dist
}

/// The cost of a solved verdict; panics otherwise.
pub fn cost(v: &Verdict) -> u32 {
    match v {
        Verdict::Solved(s) => s.cost,
        other => panic!("not solved: {other:?}"),
    }
}

/// The moves of a solved verdict; panics otherwise.
pub fn moves(v: &Verdict) -> &[Move] {
    match v {
        Verdict::Solved(s) => &s.moves,
        other => panic!("not solved: {other:?}"),
    }
}

/// Every permutation of 0…n−1 (Heap's algorithm), as boards of `shape`.
pub fn all_boards(shape: Shape) -> Vec<Board> {
    let n = shape.cells();
    let mut a: Vec<u8> = (0..n as u8).collect();
    let mut c = vec![0usize; n];
    let mut out = vec![Board::new(shape, &a).unwrap()];
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                a.swap(0, i);
            } else {
                a.swap(c[i], i);
            }
            out.push(Board::new(shape, &a).unwrap());
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    out
}

/// A plain 0-1 breadth-first search over (pattern-tile cells, blank cell)
/// on `shape`, from `sources` at distance 0: the blank moves one cell at a
/// time, onto a pattern tile at cost 1 (the tile takes the blank's cell),
/// onto any other cell at cost 0. `visit` hears each state once, with its
/// distance, nearest first; `true` from it ends the search (written for
/// the tests alone).
pub fn pattern_bfs(
    shape: Shape,
    sources: impl IntoIterator<Item = (Vec<u8>, u8)>,
    mut visit: impl FnMut(&[u8], u8) -> bool,
) {
    let (w, h) = (shape.width() as i32, shape.height() as i32);
    let mut queue: VecDeque<((Vec<u8>, u8), u8)> = sources.into_iter().map(|s| (s, 0)).collect();
    let mut seen: HashSet<(Vec<u8>, u8)> = HashSet::new();
    while let Some((st, d)) = queue.pop_front() {
        if !seen.insert(st.clone()) {
            continue;
        }
        if visit(&st.0, d) {
            return;
        }
        let (at, blank) = st;
        let (r, c) = (i32::from(blank) / w, i32::from(blank) % w);
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (nr, nc) = (r + dr, c + dc);
            if !(0..h).contains(&nr) || !(0..w).contains(&nc) {
                continue;
            }
            let q = (nr * w + nc) as u8;
            let mut next = at.clone();
            match at.iter().position(|&x| x == q) {
                Some(j) => {
                    next[j] = blank;
                    queue.push_back(((next, q), d + 1));
                }
                None => queue.push_front(((next, q), d)),
            }
        }
    }
}

/// The fewest pattern-tile moves to bring `tiles` home, for every placement
/// of them reached from `goal` ([`pattern_bfs`], the least over the blank's
/// cells).
pub fn pattern_distances(goal: &Board, tiles: &[u8]) -> HashMap<Vec<u8>, u8> {
    let start = (
        tiles.iter().map(|&t| goal.cell_of(t) as u8).collect(),
        goal.blank() as u8,
    );
    let mut dist: HashMap<Vec<u8>, u8> = HashMap::new();
    pattern_bfs(goal.shape(), [start], |at, d| {
        let e = dist.entry(at.to_vec()).or_insert(d);
        *e = (*e).min(d);
        false
    });
    dist
}

/// Builds the pattern table of `tiles` for `goal` and checks it entry by
/// entry against [`pattern_distances`]: every placement reached (with
/// every tile in the pattern only the goal's parity class, half of them),
/// each value, the largest.
pub fn check_table(goal: &Board, tiles: &[u8]) {
    let table = PatternTable::build(tiles, goal).unwrap();
    let dist = pattern_distances(goal, tiles);
    let n = goal.shape().cells();
    let reached = if tiles.len() + 1 == n {
        placements(tiles.len(), n) / 2
    } else {
        placements(tiles.len(), n)
    };
    assert_eq!(dist.len(), reached);
    assert_eq!(table.len(), placements(tiles.len(), n));
    for (cells, &d) in &dist {
        // Capped at Manhattan + 30 (four bits of excess); never reached here.
        assert_eq!(
            table.value(cells),
            d,
            "{} {tiles:?} {cells:?}",
            goal.shape()
        );
    }
    assert_eq!(table.max_value(), *dist.values().max().unwrap());
}
