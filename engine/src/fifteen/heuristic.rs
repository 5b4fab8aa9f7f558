//! Admissible 4×4 estimates, each with an incremental update for the IDA*
//! hot loop: Manhattan, Manhattan plus linear conflict, and an additive
//! pattern database.

use super::board::{Board16, CELLS16};
use super::pdb::{rank_cells, PatternDb};
use std::sync::Arc;

/// Which 4×4 heuristic to use.
#[derive(Clone, Debug)]
pub enum Heuristic16 {
    /// Sum of the tiles' row and column distances (blank excluded).
    Manhattan,
    /// Manhattan plus 2 for every tile that must leave its goal row or column
    /// so that the others in that line can pass.
    LinearConflict,
    /// An additive disjoint pattern database (shared, built for one goal);
    /// with the reflected look-up when the goal allows it (see
    /// [`pdb_estimate16`]).
    Pdb(Arc<PatternDb>),
}

impl Heuristic16 {
    /// The name used by the command line and JSON: `manhattan`,
    /// `linear-conflict`, or the database's name (e.g. `pdb-663`).
    pub fn name(&self) -> &'static str {
        match self {
            Heuristic16::Manhattan => "manhattan",
            Heuristic16::LinearConflict => "linear-conflict",
            Heuristic16::Pdb(db) => db.name(),
        }
    }
}

/// One slide: `tile` went from `from` to `to`; `before` and `after` are the
/// packed boards around it.
#[derive(Clone, Copy)]
pub(crate) struct Slide {
    pub(crate) before: u64,
    pub(crate) after: u64,
    pub(crate) tile: usize,
    pub(crate) from: usize,
    pub(crate) to: usize,
    /// The largest h that keeps the child inside the bound: an estimate may
    /// stop early once it knows h exceeds it (the child is then pruned).
    pub(crate) limit: u32,
}

/// An estimate with an incremental update. `Parts` is per-node state kept
/// on the search stack (so undoing a move is free).
pub(crate) trait Estimate {
    type Parts: Copy + Default;
    /// h and parts for a whole board (`pos[tile]` = cell).
    fn start(&self, board: u64, pos: &[u8; CELLS16]) -> (u32, Self::Parts);
    /// h and parts after `slide` (`pos` already shows it).
    fn moved(
        &self,
        h: u32,
        parts: Self::Parts,
        pos: &[u8; CELLS16],
        slide: Slide,
    ) -> (u32, Self::Parts);
}

/// `md[tile][cell]`: Manhattan distance of `tile` on `cell` to its goal cell.
fn manhattan_table(goal: &Board16) -> [[u8; CELLS16]; CELLS16] {
    let mut md = [[0u8; CELLS16]; CELLS16];
    for (home, &t) in goal.cells().iter().enumerate() {
        if t == 0 {
            continue;
        }
        for (cell, d) in md[t as usize].iter_mut().enumerate() {
            *d = ((home / 4).abs_diff(cell / 4) + (home % 4).abs_diff(cell % 4)) as u8;
        }
    }
    md
}

/// Manhattan distance of a whole board to `goal` (blank excluded).
pub fn manhattan16(board: &Board16, goal: &Board16) -> u32 {
    let md = manhattan_table(goal);
    board
        .cells()
        .iter()
        .enumerate()
        .map(|(cell, &t)| u32::from(md[t as usize][cell]))
        .sum()
}

/// The per-tile ledger behind [`manhattan16`]: tiles 1–15 in order, the
/// blank apart (excluded), and the total.
pub fn ledger16(board: &Board16, goal: &Board16) -> crate::engine::Ledger {
    let md = manhattan_table(goal);
    let (cells, goal_cells) = (board.cells(), goal.cells());
    let at = |cells: &[u8; CELLS16], t: u8| cells.iter().position(|&c| c == t).unwrap_or(0);
    let rows: Vec<_> = (1..CELLS16 as u8)
        .map(|tile| {
            let cell = at(&cells, tile);
            crate::engine::LedgerRow {
                tile,
                cell,
                goal_cell: at(&goal_cells, tile),
                distance: u32::from(md[tile as usize][cell]),
            }
        })
        .collect();
    crate::engine::Ledger {
        width: 4,
        total: rows.iter().map(|r| r.distance).sum(),
        rows,
        blank_cell: at(&cells, 0),
        blank_goal_cell: at(&goal_cells, 0),
    }
}

pub(crate) struct ManhattanEst {
    md: [[u8; CELLS16]; CELLS16],
}

impl ManhattanEst {
    pub(crate) fn new(goal: &Board16) -> ManhattanEst {
        ManhattanEst {
            md: manhattan_table(goal),
        }
    }
}

impl Estimate for ManhattanEst {
    type Parts = ();
    fn start(&self, _board: u64, pos: &[u8; CELLS16]) -> (u32, ()) {
        let h = (1..CELLS16)
            .map(|t| u32::from(self.md[t][pos[t] as usize]))
            .sum();
        (h, ())
    }
    #[inline(always)]
    fn moved(&self, h: u32, _: (), _: &[u8; CELLS16], s: Slide) -> (u32, ()) {
        let m = &self.md[s.tile];
        (h + u32::from(m[s.to]) - u32::from(m[s.from]), ())
    }
}

/// The four cells of a line as a 16-bit key: row `r` (lines 0–3) or column
/// `c` (lines 4–7), first cell in the lowest nibble.
#[inline(always)]
fn line_key(board: u64, line: usize) -> usize {
    if line < 4 {
        ((board >> (16 * line)) & 0xFFFF) as usize
    } else {
        let c = line - 4;
        let n = |cell: usize| ((board >> (4 * cell)) & 0xF) as usize;
        n(c) | n(c + 4) << 4 | n(c + 8) << 8 | n(c + 12) << 12
    }
}

/// Length of the longest strictly increasing subsequence (at most 4 items).
fn lis(v: &[u8]) -> u32 {
    let mut best = [0u32; 4];
    for i in 0..v.len() {
        best[i] = 1;
        for j in 0..i {
            if v[j] < v[i] {
                best[i] = best[i].max(best[j] + 1);
            }
        }
    }
    best.iter().copied().max().unwrap_or(0)
}

pub(crate) struct LinearConflictEst {
    md: ManhattanEst,
    /// `conflict[line][key]`: 2 × (tiles of that goal line that must leave it).
    conflict: Vec<[u8; 1 << 16]>,
}

impl LinearConflictEst {
    pub(crate) fn new(goal: &Board16) -> LinearConflictEst {
        let mut home = [0usize; CELLS16];
        for (cell, &t) in goal.cells().iter().enumerate() {
            home[t as usize] = cell;
        }
        let mut conflict = vec![[0u8; 1 << 16]; 8];
        for (line, table) in conflict.iter_mut().enumerate() {
            for (key, slot) in table.iter_mut().enumerate() {
                let mut order = [0u8; 4];
                let mut n = 0;
                for k in 0..4 {
                    let t = (key >> (4 * k)) & 0xF;
                    if t == 0 {
                        continue;
                    }
                    let (hr, hc) = (home[t] / 4, home[t] % 4);
                    if line < 4 && hr == line {
                        order[n] = hc as u8;
                        n += 1;
                    } else if line >= 4 && hc == line - 4 {
                        order[n] = hr as u8;
                        n += 1;
                    }
                }
                *slot = (2 * (n as u32 - lis(&order[..n]))) as u8;
            }
        }
        LinearConflictEst {
            md: ManhattanEst::new(goal),
            conflict,
        }
    }

    fn lines_total(&self, board: u64) -> u32 {
        (0..8)
            .map(|l| u32::from(self.conflict[l][line_key(board, l)]))
            .sum()
    }
}

/// Manhattan plus linear conflict of a whole board to `goal`.
pub fn linear_conflict16(board: &Board16, goal: &Board16) -> u32 {
    let est = LinearConflictEst::new(goal);
    manhattan16(board, goal) + est.lines_total(board.packed())
}

impl Estimate for LinearConflictEst {
    type Parts = ();
    fn start(&self, board: u64, pos: &[u8; CELLS16]) -> (u32, ()) {
        (self.md.start(board, pos).0 + self.lines_total(board), ())
    }
    #[inline(always)]
    fn moved(&self, h: u32, _: (), pos: &[u8; CELLS16], s: Slide) -> (u32, ()) {
        let (h, ()) = self.md.moved(h, (), pos, s);
        let (before, after, from, to) = (s.before, s.after, s.from, s.to);
        // A vertical slide changes two rows' contents (column order is kept);
        // a horizontal one changes two columns.
        let (a, b) = if from.abs_diff(to) == 4 {
            (from / 4, to / 4)
        } else {
            (4 + from % 4, 4 + to % 4)
        };
        let c = |board: u64, l: usize| u32::from(self.conflict[l][line_key(board, l)]);
        (
            h + c(after, a) + c(after, b) - c(before, a) - c(before, b),
            (),
        )
    }
}

/// Cell reflected about the main diagonal: (r, c) → (c, r).
const fn reflect(cell: usize) -> usize {
    (cell % 4) * 4 + cell / 4
}

/// The relabelling under which the reflected goal is the goal itself:
/// `sigma[t]` is the tile whose goal cell is the reflection of `t`'s. `None`
/// unless the goal's blank is on the diagonal (then the reflection maps the
/// blank to the blank and the goal to itself).
fn diagonal_symmetry(goal: &Board16) -> Option<[u8; CELLS16]> {
    let cells = goal.cells();
    let blank = goal.blank();
    if reflect(blank) != blank {
        return None;
    }
    let mut sigma = [0u8; CELLS16];
    for (cell, &t) in cells.iter().enumerate() {
        sigma[t as usize] = cells[reflect(cell)];
    }
    Some(sigma)
}

/// Per-node state of the pattern database estimate: the board's Manhattan
/// distance and each table's stored excess, plain (0..4) and reflected
/// (4..8); each sum is `md` + 2 × its excesses (see `pdb`'s module docs).
#[derive(Clone, Copy, Default)]
pub(crate) struct PdbParts {
    md: u8,
    excess: [u8; 8],
}

pub(crate) struct PdbEst {
    db: Arc<PatternDb>,
    md: [[u8; CELLS16]; CELLS16],
    /// Tiles of each pattern, padded; pattern sizes.
    tiles: [[u8; 8]; 4],
    sizes: [usize; 4],
    /// For the reflected look-up: `source[p][j]` is the tile whose reflected
    /// cell is where pattern `p`'s tile `j` stands in the reflected board.
    source: Option<[[u8; 8]; 4]>,
    /// The reflected pattern each tile's move changes.
    reflected_pattern: [u8; CELLS16],
}

impl PdbEst {
    pub(crate) fn new(db: Arc<PatternDb>) -> PdbEst {
        let mut tiles = [[0u8; 8]; 4];
        let mut sizes = [0usize; 4];
        for (p, t) in db.tables().iter().enumerate().take(4) {
            tiles[p][..t.tiles().len()].copy_from_slice(t.tiles());
            sizes[p] = t.tiles().len();
        }
        let sigma = diagonal_symmetry(db.goal());
        let mut reflected_pattern = [0u8; CELLS16];
        let source = sigma.map(|sigma| {
            let mut inverse = [0u8; CELLS16];
            for (t, &u) in sigma.iter().enumerate() {
                inverse[u as usize] = t as u8;
            }
            for t in 1..CELLS16 {
                reflected_pattern[t] = db.pattern_of[sigma[t] as usize] & 3;
            }
            let mut source = [[0u8; 8]; 4];
            for p in 0..4 {
                for j in 0..sizes[p] {
                    source[p][j] = inverse[tiles[p][j] as usize];
                }
            }
            source
        });
        PdbEst {
            md: manhattan_table(db.goal()),
            db,
            tiles,
            sizes,
            source,
            reflected_pattern,
        }
    }

    /// Pattern `p`'s stored excess.
    #[inline(always)]
    fn excess(&self, p: usize, pos: &[u8; CELLS16]) -> u8 {
        let k = self.sizes[p];
        let mut cells = [0u8; 8];
        for j in 0..k {
            cells[j] = pos[self.tiles[p][j] as usize];
        }
        self.db.tables()[p].excess_at(rank_cells(&cells[..k]))
    }

    /// Pattern `p`'s stored excess on the reflected board.
    #[inline(always)]
    fn reflected_excess(&self, source: &[[u8; 8]; 4], p: usize, pos: &[u8; CELLS16]) -> u8 {
        let k = self.sizes[p];
        let mut cells = [0u8; 8];
        for j in 0..k {
            cells[j] = reflect(pos[source[p][j] as usize] as usize) as u8;
        }
        self.db.tables()[p].excess_at(rank_cells(&cells[..k]))
    }

    /// The plain sum: Manhattan plus twice the plain excesses.
    #[inline(always)]
    fn plain(parts: &PdbParts) -> u32 {
        let x: u32 = parts.excess[..4].iter().map(|&v| u32::from(v)).sum();
        u32::from(parts.md) + 2 * x
    }

    /// The larger of the plain and the reflected sums (the reflection keeps
    /// every Manhattan distance, so both sums share `md`).
    #[inline(always)]
    fn total(parts: &PdbParts) -> u32 {
        let a: u32 = parts.excess[..4].iter().map(|&v| u32::from(v)).sum();
        let b: u32 = parts.excess[4..].iter().map(|&v| u32::from(v)).sum();
        u32::from(parts.md) + 2 * a.max(b)
    }
}

/// The pattern database estimate the search uses: the sum over the
/// patterns, and where the goal's blank lies on the main diagonal, the
/// larger of that and the same sum on the board reflected about the
/// diagonal (Korf & Felner's reflected look-up: same tables, a second
/// admissible estimate, their maximum is admissible).
pub fn pdb_estimate16(db: &Arc<PatternDb>, board: &Board16) -> u32 {
    let est = PdbEst::new(db.clone());
    let mut pos = [0u8; CELLS16];
    for (cell, &t) in board.cells().iter().enumerate() {
        pos[t as usize] = cell as u8;
    }
    est.start(board.packed(), &pos).0
}

impl Estimate for PdbEst {
    type Parts = PdbParts;
    fn start(&self, _board: u64, pos: &[u8; CELLS16]) -> (u32, PdbParts) {
        let mut parts = PdbParts {
            md: (1..CELLS16).map(|t| self.md[t][pos[t] as usize]).sum(),
            excess: [0; 8],
        };
        let n = self.db.tables().len().min(4);
        for p in 0..n {
            parts.excess[p] = self.excess(p, pos);
            if let Some(source) = &self.source {
                parts.excess[4 + p] = self.reflected_excess(source, p, pos);
            }
        }
        (Self::total(&parts), parts)
    }
    #[inline(always)]
    fn moved(
        &self,
        _h: u32,
        mut parts: PdbParts,
        pos: &[u8; CELLS16],
        s: Slide,
    ) -> (u32, PdbParts) {
        let m = &self.md[s.tile];
        // The tile's old distance is part of md, so this cannot go below 0.
        parts.md = parts.md + m[s.to] - m[s.from];
        let p = (self.db.pattern_of[s.tile] & 3) as usize;
        parts.excess[p] = self.excess(p, pos);
        let regular = Self::plain(&parts);
        if regular > s.limit {
            // Pruned whatever the reflected sum is: skip its look-up. The
            // parts are never used for a pruned child.
            return (regular, parts);
        }
        if let Some(source) = &self.source {
            let q = self.reflected_pattern[s.tile] as usize;
            parts.excess[4 + q] = self.reflected_excess(source, q, pos);
        }
        (Self::total(&parts), parts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ledger16_lists_every_tile_and_sums_to_manhattan() {
        for k in crate::engine::fifteen::korf100() {
            let l = ledger16(&k.start, &Board16::KORF_GOAL);
            assert_eq!(l.width, 4);
            assert_eq!(l.total, manhattan16(&k.start, &Board16::KORF_GOAL));
            assert_eq!(
                l.rows.iter().map(|r| r.tile).collect::<Vec<_>>(),
                (1..16).collect::<Vec<u8>>()
            );
            assert_eq!(l.blank_cell, k.start.blank());
            assert_eq!(l.blank_goal_cell, 0);
        }
        // Korf #55: tile 13 on cell 0 belongs on cell 13 (row 4, column 2).
        let l = ledger16(
            &crate::engine::fifteen::korf100()[54].start,
            &Board16::KORF_GOAL,
        );
        let r = l.rows[12];
        assert_eq!((r.tile, r.cell, r.goal_cell, r.distance), (13, 0, 13, 4));
        assert_eq!(
            crate::engine::cell_text_of(r.goal_cell, l.width),
            "row 4, column 2"
        );
    }

    #[test]
    fn diagonal_symmetry_maps_the_goal_to_itself() {
        let sigma = diagonal_symmetry(&Board16::KORF_GOAL).unwrap();
        assert_eq!(&sigma[..6], [0, 4, 8, 12, 1, 5]);
        let goal = Board16::DEFAULT_GOAL;
        let sigma = diagonal_symmetry(&goal).unwrap();
        let cells = goal.cells();
        let mut reflected = [0u8; CELLS16];
        for (c, &t) in cells.iter().enumerate() {
            reflected[reflect(c)] = sigma[t as usize];
        }
        assert_eq!(reflected, cells);
        assert_eq!(sigma[0], 0);
        let off =
            Board16::from_cells([1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]).unwrap();
        assert_eq!(diagonal_symmetry(&off), None);
    }

    #[test]
    fn linear_conflict_counts_lines() {
        let goal = Board16::DEFAULT_GOAL;
        // 2 and 1 swapped in their goal row: one must step aside, +2.
        let b =
            Board16::from_cells([2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0]).unwrap();
        assert_eq!(manhattan16(&b, &goal), 2);
        assert_eq!(linear_conflict16(&b, &goal), 4);
        // 4 3 2 1 reversed: three must leave, +6.
        let r =
            Board16::from_cells([4, 3, 2, 1, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0]).unwrap();
        assert_eq!(linear_conflict16(&r, &goal), manhattan16(&r, &goal) + 6);
    }
}
