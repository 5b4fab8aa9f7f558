//! Helpers shared by the solver's integration tests: a seeded generator,
//! random walks, plain breadth-first distances.
#![allow(dead_code)]

use eight_puzzle_engine::{Board, Move, Shape, Verdict};
use std::collections::HashMap;

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
