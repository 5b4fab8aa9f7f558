//! The constructive fallback: peel a row or column at a time, placing tiles with tiny
//! exact searches, so every shape is solved quickly when the beam gives up.

use super::{Geo, Pos, NONE};
use std::collections::{HashMap, VecDeque};

/// Breadth-first search that brings the tiles `homes` (and, if given, the blank) to their
/// goal cells, never entering a `frozen` cell; other tiles are treated as interchangeable.
/// Why: the state space is tiny (≤ 64³ for two tiles), so each constructive step is exact
/// and always terminates; returns None only if the step is impossible.
fn place<const N: usize>(
    geo: &Geo<N>,
    p: &Pos<N>,
    frozen: u64,
    homes: &[u8],
    blank_goal: Option<u8>,
) -> Option<Vec<u8>> {
    let k = homes.len();
    let pack = |blank: u8, cells: &[u8]| -> u64 {
        let mut key = blank as u64;
        for (i, &c) in cells.iter().enumerate() {
            key |= (c as u64) << (6 * (i + 1));
        }
        key
    };
    let unpack = |key: u64, cells: &mut [u8]| -> u8 {
        for (i, c) in cells.iter_mut().enumerate() {
            *c = ((key >> (6 * (i + 1))) & 63) as u8;
        }
        (key & 63) as u8
    };
    let is_goal = |blank: u8, cells: &[u8]| -> bool {
        cells.iter().zip(homes).all(|(c, h)| c == h) && blank_goal.is_none_or(|b| b == blank)
    };
    let mut cells = [0u8; 6];
    for (i, &h) in homes.iter().enumerate() {
        cells[i] = p.pos[h as usize];
    }
    let start = pack(p.blank, &cells[..k]);
    if is_goal(p.blank, &cells[..k]) {
        return Some(Vec::new());
    }
    let mut parent: HashMap<u64, (u64, u8)> = HashMap::new();
    parent.insert(start, (u64::MAX, 0));
    let mut queue = VecDeque::from([start]);
    while let Some(key) = queue.pop_front() {
        for d in 0..4 {
            let blank = unpack(key, &mut cells[..k]);
            let to = geo.nbr[blank as usize][d];
            if to == NONE || frozen & (1u64 << to) != 0 {
                continue;
            }
            for c in cells[..k].iter_mut() {
                if *c == to {
                    *c = blank;
                }
            }
            let nk = pack(to, &cells[..k]);
            if parent.contains_key(&nk) {
                continue;
            }
            parent.insert(nk, (key, d as u8));
            if is_goal(to, &cells[..k]) {
                let mut path = Vec::new();
                let mut cur = nk;
                while cur != start {
                    let (prev, d) = parent[&cur];
                    path.push(d);
                    cur = prev;
                }
                path.reverse();
                return Some(path);
            }
            queue.push_back(nk);
        }
    }
    None
}

/// Result of [`constructive`]: moves so far, cells finished (frozen), the board reached, and
/// whether the board is solved.
pub(super) struct Peeled<const N: usize> {
    pub(super) path: Vec<u8>,
    pub(super) frozen: u64,
    pub(super) p: Pos<N>,
    pub(super) done: bool,
}

/// Constructive solver: peel the row or column away from the blank's goal, placing its
/// tiles in pairs with exact tiny searches, until ≤ 6 cells remain, then solve those exactly.
/// Why: it always succeeds in milliseconds on every shape, so it is the guaranteed fallback.
/// With `stop_dim > 0` it stops early once the unsolved region is at most `stop_dim` long
/// in both directions (the beam then finishes a region where its heuristic works well).
pub(super) fn constructive<const N: usize>(
    geo: &Geo<N>,
    start: &Pos<N>,
    goal_blank: u8,
    stop_dim: usize,
) -> Peeled<N> {
    let w = geo.w;
    let (br, bc) = (goal_blank as usize / w, goal_blank as usize % w);
    let (mut r0, mut r1, mut c0, mut c1) = (0usize, geo.h, 0usize, geo.w);
    let mut frozen = 0u64;
    let mut p = *start;
    let mut out = Vec::new();
    let run = |p: &mut Pos<N>, frozen: u64, homes: &[u8], blank: Option<u8>, out: &mut Vec<u8>| {
        let path =
            place(geo, p, frozen, homes, blank).expect("constructive step is always feasible");
        for &d in &path {
            p.step(geo, d as usize);
        }
        out.extend_from_slice(&path);
    };
    loop {
        let (rows, cols) = (r1 - r0, c1 - c0);
        if stop_dim > 0 && rows.max(cols) <= stop_dim && rows * cols > 6 {
            return Peeled {
                path: out,
                frozen,
                p,
                done: false,
            };
        }
        if rows * cols <= 6 {
            let mut homes = Vec::new();
            for r in r0..r1 {
                for c in c0..c1 {
                    let cell = (r * w + c) as u8;
                    if cell != goal_blank {
                        homes.push(cell);
                    }
                }
            }
            run(&mut p, frozen, &homes, Some(goal_blank), &mut out);
            cancel_pairs(&mut out);
            return Peeled {
                path: out,
                frozen,
                p,
                done: true,
            };
        }
        let line: Vec<u8> = if rows >= cols {
            let r = if br != r0 { r0 } else { r1 - 1 };
            if r == r0 {
                r0 += 1;
            } else {
                r1 -= 1;
            }
            (c0..c1).map(|c| (r * w + c) as u8).collect()
        } else {
            let c = if bc != c0 { c0 } else { c1 - 1 };
            if c == c0 {
                c0 += 1;
            } else {
                c1 -= 1;
            }
            (r0..r1).map(|r| (r * w + c) as u8).collect()
        };
        let mut i = 0;
        if line.len() % 2 == 1 {
            run(&mut p, frozen, &line[..1], None, &mut out);
            frozen |= 1u64 << line[0];
            i = 1;
        }
        while i < line.len() {
            run(&mut p, frozen, &line[i..i + 2], None, &mut out);
            frozen |= (1u64 << line[i]) | (1u64 << line[i + 1]);
            i += 2;
        }
    }
}

/// Removes immediate back-and-forth pairs (a move followed by its opposite).
pub(super) fn cancel_pairs(path: &mut Vec<u8>) {
    let mut out: Vec<u8> = Vec::with_capacity(path.len());
    for &d in path.iter() {
        if out.last().is_some_and(|&l| l == d ^ 1) {
            out.pop();
        } else {
            out.push(d);
        }
    }
    *path = out;
}
