//! Heuristics as the one A* ([`super::astar`]) uses them: an estimate of a
//! packed board, and an incremental update for one move, so the hot loop
//! never looks at all nine cells. Each heuristic is its own type and the
//! search is generic over [`Estimate`], so every instance is monomorphised:
//! no dynamic dispatch per node.
//!
//! [`crate::heuristic::BuiltIn`] names them, one type per heuristic here;
//! tests check each against the family's board-level Manhattan and linear
//! conflict (or a plain count) on every board.

use super::goal::Goal;
use crate::board::CELLS;

#[inline(always)]
fn nibble(key: u64, cell: usize) -> usize {
    ((key >> (4 * (8 - cell as u32))) & 0xF) as usize
}

/// The Manhattan distance of the packed board `key` by the goal's 3×3
/// table: the one sum every Manhattan-based estimate here starts from.
#[inline(always)]
fn manhattan_of(table: &[[u8; CELLS]; CELLS], key: u64) -> u32 {
    (0..CELLS)
        .map(|c| u32::from(table[nibble(key, c)][c]))
        .sum()
}

/// Manhattan `h` after `tile` slides from `target` into the blank at
/// `blank`: only that tile's term changes.
#[inline(always)]
fn manhattan_after(
    table: &[[u8; CELLS]; CELLS],
    h: u32,
    tile: usize,
    blank: usize,
    target: usize,
) -> u32 {
    let t = &table[tile];
    h + u32::from(t[blank]) - u32::from(t[target])
}

/// A lower bound on the moves left, in the form the search consumes.
pub(crate) trait Estimate {
    /// Whether the A* solving loop gets one instance per blank cell for this
    /// heuristic (the contract's Manhattan only: speed where it counts, size
    /// elsewhere).
    const BY_BLANK: bool = false;
    /// Whether the loop compiles the multi-tile expansion for this estimate
    /// (only the teaching searches' one stepped estimate, so the contract's
    /// instances are the code they always were and the page carries one
    /// copy of the slides' loop).
    const SLIDES: bool = false;
    /// The estimate of the board with packed key `key`.
    fn estimate(&self, key: u64) -> u32;
    /// The estimate after `tile` slides from `target` into the blank at
    /// `blank`, given the estimate `h` of the board `key` before the move and
    /// the board `next` after it.
    fn after_move(
        &self,
        h: u32,
        key: u64,
        next: u64,
        tile: usize,
        blank: usize,
        target: usize,
    ) -> u32;
    /// The first part of A*'s frontier order for a board at depth `g` with
    /// estimate `h`: f = g + h. A weighted search ([`Weighted`]) orders by
    /// 2g + 2w·h instead; ties are still broken by h, key, seq.
    #[inline(always)]
    fn priority(&self, g: u32, h: u32) -> u32 {
        g + h
    }
}

/// Manhattan distance (the contract's h): a move changes one tile's term.
#[derive(Clone, Copy)]
pub(crate) struct Manhattan<'a> {
    table: &'a [[u8; CELLS]; CELLS],
}

impl<'a> Manhattan<'a> {
    pub(crate) fn new(goal: &'a Goal) -> Manhattan<'a> {
        Manhattan {
            table: goal.table(),
        }
    }
}

impl Estimate for Manhattan<'_> {
    const BY_BLANK: bool = true;

    #[inline]
    fn estimate(&self, key: u64) -> u32 {
        manhattan_of(self.table, key)
    }

    #[inline(always)]
    fn after_move(&self, h: u32, _: u64, _: u64, tile: usize, blank: usize, target: usize) -> u32 {
        manhattan_after(self.table, h, tile, blank, target)
    }
}

/// Misplaced tiles: a move changes whether one tile is home.
#[derive(Clone, Copy)]
pub(crate) struct Misplaced {
    home: [u8; CELLS],
}

impl Misplaced {
    pub(crate) fn new(goal: &Goal) -> Misplaced {
        let mut home = [0u8; CELLS];
        for (t, slot) in home.iter_mut().enumerate() {
            *slot = goal.home_of(t as u8) as u8;
        }
        Misplaced { home }
    }
}

impl Estimate for Misplaced {
    #[inline]
    fn estimate(&self, key: u64) -> u32 {
        (0..CELLS)
            .filter(|&c| {
                let t = nibble(key, c);
                t != 0 && usize::from(self.home[t]) != c
            })
            .count() as u32
    }

    #[inline(always)]
    fn after_move(&self, h: u32, _: u64, _: u64, tile: usize, blank: usize, target: usize) -> u32 {
        let home = usize::from(self.home[tile]);
        h + u32::from(home != blank) - u32::from(home != target)
    }
}

/// Manhattan plus linear conflict, with the conflict of each row and column
/// looked up by the line's three cells (a 12-bit index of their nibbles). A
/// horizontal move keeps every row's tiles in their order, so only the two
/// columns it touches change; a vertical move, only the two rows.
pub(crate) struct LinearConflict {
    table: [[u8; CELLS]; CELLS],
    goal: [u8; CELLS],
    /// `rows[r][code]`, `cols[c][code]`: 2 × (tiles that must leave the line).
    rows: Box<[[u8; 4096]; 3]>,
    cols: Box<[[u8; 4096]; 3]>,
}

/// 2 × (line length − longest increasing run of goal positions): the tiles
/// that must step out of the line, two moves each.
fn line_conflict(positions: &[usize]) -> u8 {
    let n = positions.len();
    // Longest strictly increasing subsequence of at most three items.
    let lis = match *positions {
        [] => 0,
        [_] => 1,
        [a, b] => 1 + usize::from(a < b),
        [a, b, c] => {
            if a < b && b < c {
                3
            } else if a < b || a < c || b < c {
                2
            } else {
                1
            }
        }
        _ => 0,
    };
    2 * (n - lis) as u8
}

impl LinearConflict {
    pub(crate) fn new(goal: &Goal) -> LinearConflict {
        let mut rows = Box::new([[0u8; 4096]; 3]);
        let mut cols = Box::new([[0u8; 4096]; 3]);
        for line in 0..3 {
            for a in 0..CELLS {
                for b in 0..CELLS {
                    for c in 0..CELLS {
                        let code = (a << 8) | (b << 4) | c;
                        let tiles = [a as u8, b as u8, c as u8];
                        let mut in_row = [0usize; 3];
                        let mut in_col = [0usize; 3];
                        let (mut nr, mut nc) = (0, 0);
                        for t in tiles.into_iter().filter(|&t| t != 0) {
                            let home = goal.home_of(t);
                            if home / 3 == line {
                                in_row[nr] = home % 3;
                                nr += 1;
                            }
                            if home % 3 == line {
                                in_col[nc] = home / 3;
                                nc += 1;
                            }
                        }
                        rows[line][code] = line_conflict(&in_row[..nr]);
                        cols[line][code] = line_conflict(&in_col[..nc]);
                    }
                }
            }
        }
        LinearConflict {
            table: *goal.table(),
            goal: goal.board().three_cells(),
            rows,
            cols,
        }
    }

    /// Whether the tables were built for `goal`.
    pub(crate) fn is_for(&self, goal: &Goal) -> bool {
        self.goal == goal.board().cells()
    }

    #[inline(always)]
    fn row(&self, key: u64, r: usize) -> u32 {
        let code = ((key >> (4 * (6 - 3 * r as u32))) & 0xFFF) as usize;
        u32::from(self.rows[r][code])
    }

    #[inline(always)]
    fn col(&self, key: u64, c: usize) -> u32 {
        let code = (nibble(key, c) << 8) | (nibble(key, c + 3) << 4) | nibble(key, c + 6);
        u32::from(self.cols[c][code])
    }
}

impl Estimate for LinearConflict {
    fn estimate(&self, key: u64) -> u32 {
        manhattan_of(&self.table, key)
            + (0..3)
                .map(|l| self.row(key, l) + self.col(key, l))
                .sum::<u32>()
    }

    #[inline(always)]
    fn after_move(
        &self,
        h: u32,
        key: u64,
        next: u64,
        tile: usize,
        blank: usize,
        target: usize,
    ) -> u32 {
        let h = manhattan_after(&self.table, h, tile, blank, target);
        let (before, after) = if blank / 3 == target / 3 {
            let (a, b) = (blank % 3, target % 3);
            (
                self.col(key, a) + self.col(key, b),
                self.col(next, a) + self.col(next, b),
            )
        } else {
            let (a, b) = (blank / 3, target / 3);
            (
                self.row(key, a) + self.row(key, b),
                self.row(next, a) + self.row(next, b),
            )
        };
        h + after - before
    }
}

/// No estimate at all (h = 0 on every board): the one A* ordered by g
/// alone, level by level, which is breadth-first search (ties by key, seq).
#[derive(Clone, Copy)]
pub(crate) struct Zero;

impl Estimate for Zero {
    #[inline]
    fn estimate(&self, _: u64) -> u32 {
        0
    }

    #[inline(always)]
    fn after_move(&self, _: u32, _: u64, _: u64, _: usize, _: usize, _: usize) -> u32 {
        0
    }
}

/// Twice the Manhattan distance: inadmissible (it overestimates every
/// board but the goal), for the weighted search's comparisons.
#[derive(Clone, Copy)]
pub(crate) struct TwiceManhattan<'a>(pub(crate) Manhattan<'a>);

impl Estimate for TwiceManhattan<'_> {
    #[inline]
    fn estimate(&self, key: u64) -> u32 {
        2 * self.0.estimate(key)
    }

    #[inline(always)]
    fn after_move(
        &self,
        h: u32,
        key: u64,
        next: u64,
        tile: usize,
        blank: usize,
        target: usize,
    ) -> u32 {
        2 * self.0.after_move(h / 2, key, next, tile, blank, target)
    }
}

/// Manhattan plus misplaced tiles: inadmissible (a misplaced tile is counted
/// by both terms), for the weighted search's comparisons. A move changes one
/// tile's Manhattan term and whether that tile is home.
#[derive(Clone, Copy)]
pub(crate) struct ManhattanPlusMisplaced<'a> {
    manhattan: Manhattan<'a>,
    misplaced: Misplaced,
}

impl<'a> ManhattanPlusMisplaced<'a> {
    pub(crate) fn new(goal: &'a Goal) -> ManhattanPlusMisplaced<'a> {
        ManhattanPlusMisplaced {
            manhattan: Manhattan::new(goal),
            misplaced: Misplaced::new(goal),
        }
    }
}

impl Estimate for ManhattanPlusMisplaced<'_> {
    #[inline]
    fn estimate(&self, key: u64) -> u32 {
        self.manhattan.estimate(key) + self.misplaced.estimate(key)
    }

    #[inline(always)]
    fn after_move(
        &self,
        h: u32,
        key: u64,
        next: u64,
        tile: usize,
        blank: usize,
        target: usize,
    ) -> u32 {
        // Each term changes on its own: Manhattan's first, then whether the
        // tile is home (neither step goes below zero: h holds both terms).
        let h = self.manhattan.after_move(h, key, next, tile, blank, target);
        self.misplaced.after_move(h, key, next, tile, blank, target)
    }
}

/// Any heuristic under a weight w (given as 2w, an integer 2–10): the same
/// estimate and update, and the frontier order 2f = 2g + 2w·h, exact in
/// integers. With 2w = 2 the order is the plain A*'s (f doubled).
pub(crate) struct Weighted<E> {
    pub(crate) inner: E,
    pub(crate) twice_w: u32,
}

impl<E: Estimate> Estimate for Weighted<E> {
    #[inline(always)]
    fn estimate(&self, key: u64) -> u32 {
        self.inner.estimate(key)
    }

    #[inline(always)]
    fn after_move(
        &self,
        h: u32,
        key: u64,
        next: u64,
        tile: usize,
        blank: usize,
        target: usize,
    ) -> u32 {
        self.inner.after_move(h, key, next, tile, blank, target)
    }

    #[inline(always)]
    fn priority(&self, g: u32, h: u32) -> u32 {
        2 * g + self.twice_w * h
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::neighbours::NEIGHBOURS;
    use crate::engine::{
        contract::{unrank, STATES},
        heuristic::{formula, BuiltIn},
        Board,
    };

    /// Every heuristic type on every board (both parity classes) against an
    /// independent count on boards (`reference`), and its update after every
    /// move from the board against its own estimate of the board reached.
    fn agrees<E: Estimate>(e: &E, reference: impl Fn(&Board) -> u32) {
        for r in 0..STATES as u32 {
            let b = unrank(r).unwrap();
            let key = b.packed();
            let h = e.estimate(key);
            assert_eq!(h, reference(&b), "{b}");
            let blank = b.blank();
            for &(m, target) in NEIGHBOURS[blank] {
                let target = target as usize;
                let next = m.apply(&b).unwrap();
                let tile = b.cells()[target] as usize;
                let got = e.after_move(h, key, next.packed(), tile, blank, target);
                assert_eq!(got, e.estimate(next.packed()), "{b} {m}");
                assert_eq!(got, reference(&next), "{b} {m}");
            }
        }
    }

    #[test]
    fn incremental_estimates_match_the_reference_everywhere() {
        for goal in [
            Goal::default(),
            Goal::new(Board::square(&[1, 2, 3, 8, 0, 4, 7, 6, 5]).unwrap()),
        ] {
            let misplaced = |b: &Board| {
                b.cells()
                    .iter()
                    .zip(goal.board().cells())
                    .filter(|&(&t, &g)| t != 0 && t != g)
                    .count() as u32
            };
            // The family's Manhattan and linear conflict on boards.
            let manhattan = |b: &Board| crate::solve::manhattan(b, goal.board());
            let lc = |b: &Board| crate::solve::linear_conflict(b, goal.board());
            agrees(&Manhattan::new(&goal), manhattan);
            agrees(&Misplaced::new(&goal), misplaced);
            let table = LinearConflict::new(&goal);
            assert!(table.is_for(&goal));
            agrees(&table, lc);
            agrees(&TwiceManhattan(Manhattan::new(&goal)), |b| 2 * manhattan(b));
            agrees(&ManhattanPlusMisplaced::new(&goal), |b| {
                manhattan(b) + misplaced(b)
            });
            for (h, reference) in [
                (BuiltIn::Misplaced, &misplaced as &dyn Fn(&Board) -> u32),
                (BuiltIn::Manhattan, &manhattan),
                (BuiltIn::LinearConflict, &lc),
            ] {
                let b = unrank(12_345).unwrap();
                assert_eq!(formula(h, &b, goal.board()), reference(&b), "{h:?}");
            }
        }
    }
}
