//! The pattern database estimate on boards of 26 to 64 cells (fast mode's
//! lower bound and the rank of its beam there), with the reflected look-up
//! where the board is square.
//!
//! It reads the same tables as the optimal searches' estimate
//! (`heuristic.rs`, boards of at most 25 cells in fixed 25-cell slots), but
//! works on tiles named by their **goal cell** ("home"), the way fast mode
//! keeps its board, so a look-up needs no relabelling: pattern p's tile j
//! stands on `pos[home[p][j]]`.
//!
//! **Reflected look-up.** When the board is square and the goal's blank is
//! on the main diagonal, reflecting a board about the diagonal (cell (r, c)
//! to (c, r), a tile of home h to home reflect(h)) keeps its distance to the
//! goal, so the sum over the same tables on the reflected board is a second
//! admissible estimate and their maximum is one too. On the reflected board
//! pattern p's tile j (home h) is the tile of home reflect(h) of the board,
//! standing on reflect(pos[reflect(h)]).
//!
//! The sums are kept per table (the stored excess over the tiles' Manhattan
//! distance, see `pdb.rs`), so a move updates one table of each sum.

use super::database::PatternDb;
use super::partition::MAX_GROUPS_LARGE;
use super::pdb::rank_cells;
use crate::engine::{shape::MAX_CELLS, Board};
use std::sync::Arc;

/// Tiles a table of the wide estimate may have at most.
const WIDE_TILES: usize = 8;

/// A pattern database made ready to estimate boards by tiles' homes.
#[derive(Clone, Debug)]
pub(crate) struct WidePdb {
    db: Arc<PatternDb>,
    n: usize,
    groups: usize,
    /// Homes of each table's tiles, in its index order; sizes.
    homes: [[u8; WIDE_TILES]; MAX_GROUPS_LARGE],
    sizes: [usize; MAX_GROUPS_LARGE],
    /// The table each home belongs to (the blank's home: none, never asked).
    table_of: [u8; MAX_CELLS],
    /// `md[home][cell]`.
    md: Box<[[u8; MAX_CELLS]; MAX_CELLS]>,
    /// The diagonal reflection of the cells, when it applies.
    reflect: Option<[u8; MAX_CELLS]>,
}

/// Per-board state of [`WidePdb`]: the Manhattan distance, each table's
/// stored excess on the board and on its reflection, and both excess sums.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WideParts {
    md: u32,
    plain: u32,
    reflected: u32,
    excess: [u8; MAX_GROUPS_LARGE],
    reflected_excess: [u8; MAX_GROUPS_LARGE],
}

impl WideParts {
    /// The estimate: Manhattan plus twice the larger excess sum.
    #[inline]
    pub(crate) fn total(&self) -> u32 {
        self.md + 2 * self.plain.max(self.reflected)
    }

    /// The sum on the board itself (no reflection).
    #[cfg(test)]
    pub(crate) fn plain_total(&self) -> u32 {
        self.md + 2 * self.plain
    }

    /// The sum on the reflected board (the plain sum without a reflection).
    #[cfg(test)]
    pub(crate) fn reflected_total(&self) -> u32 {
        self.md + 2 * self.reflected
    }
}

impl WidePdb {
    /// The estimate of `db` toward its goal (a database has at most
    /// [`MAX_GROUPS_LARGE`] tables of at most eight tiles:
    /// [`PatternDb::from_tables`] and the builder see to it).
    pub(crate) fn new(db: Arc<PatternDb>) -> WidePdb {
        let goal = *db.goal();
        let shape = goal.shape();
        let (n, w) = (shape.cells(), shape.width());
        let mut homes = [[0u8; WIDE_TILES]; MAX_GROUPS_LARGE];
        let mut sizes = [0usize; MAX_GROUPS_LARGE];
        let mut table_of = [0u8; MAX_CELLS];
        for (p, t) in db.tables().iter().enumerate().take(MAX_GROUPS_LARGE) {
            sizes[p] = t.tiles().len().min(WIDE_TILES);
            for (j, &tile) in t.tiles().iter().enumerate().take(WIDE_TILES) {
                let h = goal.cell_of(tile) as u8;
                homes[p][j] = h;
                table_of[usize::from(h)] = p as u8;
            }
        }
        let mut md = Box::new([[0u8; MAX_CELLS]; MAX_CELLS]);
        for (h, row) in md.iter_mut().enumerate().take(n) {
            for (c, m) in row.iter_mut().enumerate().take(n) {
                *m = ((h / w).abs_diff(c / w) + (h % w).abs_diff(c % w)) as u8;
            }
        }
        let reflect = (shape.is_square() && {
            let b = goal.blank();
            b / w == b % w
        })
        .then(|| {
            let mut r = [0u8; MAX_CELLS];
            for (c, x) in r.iter_mut().enumerate().take(n) {
                *x = ((c % w) * w + c / w) as u8;
            }
            r
        });
        WidePdb {
            groups: db.tables().len().min(MAX_GROUPS_LARGE),
            db,
            n,
            homes,
            sizes,
            table_of,
            md,
            reflect,
        }
    }

    /// Whether the reflected look-up is in use.
    #[cfg(test)]
    pub(crate) fn reflects(&self) -> bool {
        self.reflect.is_some()
    }

    /// Table `p`'s stored excess; `pos[home]` = the cell of the tile of
    /// that home.
    #[inline]
    fn excess(&self, p: usize, pos: &[u8; MAX_CELLS]) -> u8 {
        let k = self.sizes[p];
        let mut cells = [0u8; WIDE_TILES];
        for j in 0..k {
            cells[j] = pos[usize::from(self.homes[p][j])];
        }
        self.db.tables()[p].excess_at(rank_cells(&cells[..k], self.n))
    }

    /// Table `p`'s stored excess on the reflected board.
    #[inline]
    fn reflected_excess(&self, r: &[u8; MAX_CELLS], p: usize, pos: &[u8; MAX_CELLS]) -> u8 {
        let k = self.sizes[p];
        let mut cells = [0u8; WIDE_TILES];
        for j in 0..k {
            let h = r[usize::from(self.homes[p][j])];
            cells[j] = r[usize::from(pos[usize::from(h)])];
        }
        self.db.tables()[p].excess_at(rank_cells(&cells[..k], self.n))
    }

    /// The state of a whole board given by `pos[home]`; `blank_home` is
    /// the goal cell of the blank (left out of the Manhattan distance).
    pub(crate) fn start(&self, pos: &[u8; MAX_CELLS], blank_home: usize) -> WideParts {
        let mut parts = WideParts {
            md: (0..self.n)
                .filter(|&h| h != blank_home)
                .map(|h| u32::from(self.md[h][usize::from(pos[h])]))
                .sum(),
            plain: 0,
            reflected: 0,
            excess: [0; MAX_GROUPS_LARGE],
            reflected_excess: [0; MAX_GROUPS_LARGE],
        };
        for p in 0..self.groups {
            let e = self.excess(p, pos);
            parts.excess[p] = e;
            parts.plain += u32::from(e);
            if let Some(r) = &self.reflect {
                let e = self.reflected_excess(r, p, pos);
                parts.reflected_excess[p] = e;
                parts.reflected += u32::from(e);
            }
        }
        parts
    }

    /// The state after the tile of home `home` went from cell `from` to
    /// cell `to` (`pos` already updated).
    #[inline]
    pub(crate) fn moved(
        &self,
        mut parts: WideParts,
        pos: &[u8; MAX_CELLS],
        home: u8,
        from: u8,
        to: u8,
    ) -> WideParts {
        let m = &self.md[usize::from(home)];
        parts.md = parts.md + u32::from(m[usize::from(to)]) - u32::from(m[usize::from(from)]);
        let p = usize::from(self.table_of[usize::from(home)]);
        let e = self.excess(p, pos);
        parts.plain = parts.plain + u32::from(e) - u32::from(parts.excess[p]);
        parts.excess[p] = e;
        if let Some(r) = &self.reflect {
            let q = usize::from(self.table_of[usize::from(r[usize::from(home)])]);
            let e = self.reflected_excess(r, q, pos);
            parts.reflected = parts.reflected + u32::from(e) - u32::from(parts.reflected_excess[q]);
            parts.reflected_excess[q] = e;
        }
        parts
    }

    /// The estimate of `board` (of the database's shape).
    pub(crate) fn estimate(&self, board: &Board) -> u32 {
        self.parts_of(board).total()
    }

    /// The state of `board` (of the database's shape).
    pub(crate) fn parts_of(&self, board: &Board) -> WideParts {
        let goal = self.db.goal();
        let mut home_of_tile = [0u8; MAX_CELLS];
        for (c, &t) in goal.cells().iter().enumerate() {
            home_of_tile[usize::from(t)] = c as u8;
        }
        let mut pos = [0u8; MAX_CELLS];
        for (c, &t) in board.cells().iter().enumerate() {
            pos[usize::from(home_of_tile[usize::from(t)])] = c as u8;
        }
        self.start(&pos, goal.blank())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::plain_distances_up_to;
    use crate::solve::fast::lower_bound as lc_bound;
    use crate::solve::{Partition, PatternDb};
    use crate::{Move, Shape};

    /// Tiles 1…n−1 cut into groups of three in order (the last group
    /// shorter): a cheap partition of any shape.
    fn threes(shape: Shape) -> Partition {
        let n = shape.cells() as u8;
        let groups: Vec<Vec<u8>> = (1..n)
            .collect::<Vec<u8>>()
            .chunks(3)
            .map(|c| c.to_vec())
            .collect();
        Partition::from_groups(shape, "pdb-threes", groups).unwrap()
    }

    fn wide(shape: Shape) -> (Board, WidePdb) {
        let goal = Board::default_goal(shape);
        let db = PatternDb::build(&threes(shape), &goal).unwrap();
        (goal, WidePdb::new(Arc::new(db)))
    }

    /// The board reflected about the main diagonal, tiles renamed so that
    /// the default goal maps to itself.
    fn transposed(b: &Board, goal: &Board) -> Board {
        let w = b.shape().width();
        let r = |c: usize| (c % w) * w + c / w;
        let mut cells = vec![0u8; b.shape().cells()];
        for (c, &t) in b.cells().iter().enumerate() {
            cells[r(c)] = goal.cells()[r(goal.cell_of(t))];
        }
        Board::new(b.shape(), &cells).unwrap()
    }

    /// Every board within `depth` moves of the goal (a plain breadth-first
    /// search): the estimate never exceeds the exact distance, and the
    /// moves' incremental update gives the whole-board state.
    fn bounded_by_exact_distances(shape: Shape, depth: u32) -> (usize, usize) {
        let (goal, est) = wide(shape);
        let near = plain_distances_up_to(&goal, depth);
        let (mut above_lc, mut exact) = (0, 0);
        for (b, &d) in &near {
            let h = est.estimate(b);
            assert!(h <= d, "{b}: estimate {h} over the distance {d}");
            above_lc += usize::from(h > lc_bound(b, &goal));
            exact += usize::from(h == d);
            // One move on, incrementally.
            let parts = est.parts_of(b);
            for m in Move::ALL {
                let Some(next) = b.apply(m) else { continue };
                let moved_to = b.blank();
                let from = next.blank();
                let tile = b.cells()[from];
                let mut pos = [0u8; MAX_CELLS];
                for (c, &t) in next.cells().iter().enumerate() {
                    pos[goal.cell_of(t)] = c as u8;
                }
                let home = goal.cell_of(tile) as u8;
                let step = est.moved(parts, &pos, home, from as u8, moved_to as u8);
                assert_eq!(step.total(), est.estimate(&next), "{b} {m:?}");
            }
        }
        (above_lc, exact)
    }

    #[test]
    fn six_by_six_bounds_are_admissible_and_exact_near_the_goal() {
        let shape = Shape::new(6, 6).unwrap();
        let (above_lc, exact) = bounded_by_exact_distances(shape, 9);
        assert_eq!(
            plain_distances_up_to(&Board::default_goal(shape), 9).len(),
            4_618
        );
        // The database is exact on 4,330 of them and above Manhattan +
        // linear conflict on 24.
        assert_eq!((above_lc, exact), (24, 4_330));
    }

    #[test]
    fn non_square_shapes_are_bounded_too() {
        for (w, h) in [(2, 13), (3, 9)] {
            let shape = Shape::new(w, h).unwrap();
            let (goal, est) = wide(shape);
            assert!(!est.reflects());
            let near = plain_distances_up_to(&goal, 8);
            for (b, &d) in &near {
                let parts = est.parts_of(b);
                assert!(parts.total() <= d, "{shape} {b}");
                assert_eq!(parts.total(), parts.plain_total());
            }
        }
    }

    #[test]
    fn the_reflected_look_up_is_the_plain_one_of_the_transposed_board() {
        let shape = Shape::new(6, 6).unwrap();
        let (goal, est) = wide(shape);
        assert!(est.reflects());
        let near = plain_distances_up_to(&goal, 7);
        let mut differ = 0;
        for b in near.keys() {
            let t = transposed(b, &goal);
            assert_eq!(transposed(&t, &goal), *b);
            let (p, q) = (est.parts_of(b), est.parts_of(&t));
            assert_eq!(p.reflected_total(), q.plain_total(), "{b}");
            assert_eq!(p.plain_total(), q.reflected_total(), "{b}");
            assert_eq!(est.estimate(b), est.estimate(&t));
            differ += usize::from(p.plain_total() != p.reflected_total());
        }
        // The two sums do differ on some boards (the reflection is used).
        assert!(differ > 0);
    }
}
