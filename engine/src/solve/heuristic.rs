//! Admissible estimates for every shape, each with an incremental update for
//! the IDA* hot loop: Manhattan, Manhattan plus linear conflict, and an
//! additive pattern database (with the reflected look-up on square boards
//! whose goal is symmetric about the main diagonal).

use super::database::PatternDb;
use super::partition::MAX_GROUPS;
use super::pdb::rank_cells;
use super::runs_db::{diagonal_symmetry, RunsDb};
use super::wide_pdb::WidePdb;
use crate::engine::{shape::OPTIMAL_MAX_CELLS, Board, Shape};
use std::sync::Arc;

/// One tile's line in the Manhattan ledger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LedgerRow {
    /// The tile, 1–8.
    pub tile: u8,
    /// Its current cell (0–8).
    pub cell: usize,
    /// Its cell in the goal (0–8).
    pub goal_cell: usize,
    /// |row − goal row| + |column − goal column|.
    pub distance: u32,
}

/// The Manhattan ledger of a board: tiles 1–8 in order, and the total h.
/// The blank is listed apart because it is excluded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ledger {
    /// The board's width: how cells read.
    pub width: usize,
    /// One row per tile 1…W·H−1.
    pub rows: Vec<LedgerRow>,
    /// Where the blank is (excluded from the sum).
    pub blank_cell: usize,
    /// Where the blank is in the goal.
    pub blank_goal_cell: usize,
    /// The sum of the tiles' distances: h.
    pub total: u32,
}

/// `manhattan`: the one code of Manhattan on the command line, in JSON and
/// in links, for every search that offers it (the optimal solver's
/// [`Heuristic`] and [`HeuristicChoice`](crate::solve::HeuristicChoice), the
/// 3×3 weighted search's and the lab's).
pub const MANHATTAN: &str = "manhattan";

/// `linear-conflict`: the one code of Manhattan plus linear conflict (see
/// [`MANHATTAN`]).
pub const LINEAR_CONFLICT: &str = "linear-conflict";

/// The estimate an optimal search or fast mode runs: a heuristic of the
/// catalogue ([`crate::heuristic::BuiltIn`]) once its database, if any, is
/// in hand ([`crate::heuristic::ready`] makes one).
#[derive(Clone, Debug)]
pub enum Estimator {
    /// Sum of the tiles' row and column distances (blank excluded).
    Manhattan,
    /// Manhattan plus 2 for every tile that must leave its goal row or column
    /// so that the others in that line can pass.
    LinearConflict,
    /// An additive disjoint pattern database (shared, built for one goal);
    /// with the reflected look-up when the goal allows it (see
    /// [`pdb_estimate`]).
    Pdb(Arc<PatternDb>),
}

impl Estimator {
    /// The name used by the command line and JSON: `manhattan`,
    /// `linear-conflict`, or the database's name (e.g. `pdb-663`).
    pub fn name(&self) -> &str {
        match self {
            Estimator::Manhattan => MANHATTAN,
            Estimator::LinearConflict => LINEAR_CONFLICT,
            Estimator::Pdb(db) => db.name(),
        }
    }
}

/// One slide: `tile` went from cell `from` to cell `to`.
#[derive(Clone, Copy)]
pub(crate) struct Slide {
    pub(crate) tile: usize,
    pub(crate) from: usize,
    pub(crate) to: usize,
    /// The largest h that keeps the child inside the bound: an estimate may
    /// stop early once it knows h exceeds it (the child is then pruned).
    pub(crate) limit: u32,
}

/// Cells and tile positions of a board, `OPTIMAL_MAX_CELLS` long whatever its shape.
pub(crate) type Cells = [u8; OPTIMAL_MAX_CELLS];

/// An estimate with an incremental update. `Parts` is per-node state kept
/// on the search stack (so undoing a move is free).
pub(crate) trait Estimate {
    type Parts: Copy + Default;
    /// Whether [`Estimate::moved`] reads the cells (the search then applies
    /// the move to them before asking).
    const NEEDS_CELLS: bool;
    /// h and parts for a whole board (`pos[tile]` = cell).
    fn start(&self, cells: &Cells, pos: &Cells) -> (u32, Self::Parts);
    /// h and parts after `slide` (`pos`, and `cells` when
    /// [`Estimate::NEEDS_CELLS`], already show it).
    fn moved(
        &self,
        h: u32,
        parts: Self::Parts,
        pos: &Cells,
        cells: &Cells,
        slide: Slide,
    ) -> (u32, Self::Parts);
}

/// `md[tile][cell]`: Manhattan distance of `tile` on `cell` to its goal cell
/// (the blank's row is zero).
pub(crate) fn manhattan_table(goal: &Board) -> [[u8; OPTIMAL_MAX_CELLS]; OPTIMAL_MAX_CELLS] {
    let shape = goal.shape();
    let mut md = [[0u8; OPTIMAL_MAX_CELLS]; OPTIMAL_MAX_CELLS];
    for (home, &t) in goal.cells().iter().enumerate() {
        if t == 0 {
            continue;
        }
        for (cell, d) in md[t as usize].iter_mut().enumerate().take(shape.cells()) {
            *d = shape.distance(home, cell) as u8;
        }
    }
    md
}

/// Manhattan distance of a whole board to `goal` (blank excluded; boards of
/// one shape).
pub fn manhattan(board: &Board, goal: &Board) -> u32 {
    if !goal.shape().optimal_searchable() {
        // Past 25 cells the optimal searches' table does not reach: the
        // ledger's plain sum (fast mode keeps its own incremental one).
        return ledger(board, goal).total;
    }
    manhattan_by(&manhattan_table(goal), board)
}

/// Manhattan distance of a whole board by a goal's [`manhattan_table`]: the
/// one sum behind [`manhattan`] and the 3×3 contract's `Goal::manhattan`,
/// which keeps its goal's table.
pub(crate) fn manhattan_by(
    md: &[[u8; OPTIMAL_MAX_CELLS]; OPTIMAL_MAX_CELLS],
    board: &Board,
) -> u32 {
    manhattan_of_cells(md, board.cells())
}

/// [`manhattan_by`] of a board's cells, row-major (the heuristic
/// language's evaluator reads cells without building a [`Board`]).
#[inline]
pub(crate) fn manhattan_of_cells(
    md: &[[u8; OPTIMAL_MAX_CELLS]; OPTIMAL_MAX_CELLS],
    cells: &[u8],
) -> u32 {
    cells
        .iter()
        .enumerate()
        .map(|(cell, &t)| u32::from(md[usize::from(t)][cell]))
        .sum()
}

/// The per-tile ledger behind [`manhattan`], for every shape: tiles
/// 1…W·H−1 in order, the blank apart (excluded), the total, and the width.
pub fn ledger(board: &Board, goal: &Board) -> Ledger {
    let shape = board.shape();
    let rows: Vec<LedgerRow> = (1..shape.cells() as u8)
        .map(|tile| {
            let (cell, goal_cell) = (board.cell_of(tile), goal.cell_of(tile));
            LedgerRow {
                tile,
                cell,
                goal_cell,
                distance: shape.distance(cell, goal_cell),
            }
        })
        .collect();
    Ledger {
        width: shape.width(),
        total: rows.iter().map(|r| r.distance).sum(),
        rows,
        blank_cell: board.blank(),
        blank_goal_cell: goal.blank(),
    }
}

#[derive(Clone)]
pub(crate) struct ManhattanEst {
    md: [[u8; OPTIMAL_MAX_CELLS]; OPTIMAL_MAX_CELLS],
}

impl ManhattanEst {
    pub(crate) fn new(goal: &Board) -> ManhattanEst {
        ManhattanEst {
            md: manhattan_table(goal),
        }
    }
}

impl Estimate for ManhattanEst {
    type Parts = ();
    const NEEDS_CELLS: bool = false;
    fn start(&self, _cells: &Cells, pos: &Cells) -> (u32, ()) {
        let h = (1..OPTIMAL_MAX_CELLS)
            .map(|t| u32::from(self.md[t][pos[t] as usize]))
            .sum();
        (h, ())
    }
    #[inline(always)]
    fn moved(&self, h: u32, _: (), _: &Cells, _: &Cells, s: Slide) -> (u32, ()) {
        let m = &self.md[s.tile];
        (h + u32::from(m[s.to]) - u32::from(m[s.from]), ())
    }
}

/// `multi-tile-manhattan`: the multi-tile metric's estimate (see
/// `RunsEst`, whose notes prove it admissible).
pub const MULTI_TILE_MANHATTAN: &str = "multi-tile-manhattan";

/// The multi-tile metric's admissible estimate: ⌈X / (W − 1)⌉ + ⌈Y / (H − 1)⌉,
/// X the tiles' column distances to their goal columns summed, Y their row
/// distances summed (blank excluded).
///
/// **Admissible.** A horizontal slide moves the 1 to W − 1 tiles between
/// the blank and the cell it slides to, each by one column, and changes no
/// row: X changes by at most W − 1 and Y not at all. Likewise a vertical
/// slide changes Y by at most H − 1 and X not at all. A path from the board
/// to the goal (X = Y = 0) therefore has at least ⌈X / (W − 1)⌉ horizontal
/// and ⌈Y / (H − 1)⌉ vertical slides, and its length is at least their sum.
/// (The single-tile Manhattan sum X + Y is not a lower bound here: one
/// slide of three tiles lowers it by three.) It is 0 only on the goal.
///
/// With a [`RunsDb`] of the goal, h is the larger of this and the tables'
/// value (see `runs_db.rs`).
#[derive(Clone)]
pub(crate) struct RunsEst {
    /// The multi-tile pattern tables, if any.
    db: Option<Arc<RunsDb>>,
    /// `cols[tile][cell]`, `rows[tile][cell]`: the column and row distance
    /// of `tile` on `cell` to its goal cell (0 for the blank).
    cols: [[u8; OPTIMAL_MAX_CELLS]; OPTIMAL_MAX_CELLS],
    rows: [[u8; OPTIMAL_MAX_CELLS]; OPTIMAL_MAX_CELLS],
    /// W − 1 and H − 1: the most tiles one slide moves.
    row_run: u32,
    col_run: u32,
}

/// The two sums of [`RunsEst`]: column distances and row distances.
pub(crate) type RunsParts = (u16, u16);

impl RunsEst {
    /// The estimate with the tables of `db` (built for the same goal).
    pub(crate) fn with_db(goal: &Board, db: Arc<RunsDb>) -> RunsEst {
        RunsEst {
            db: Some(db),
            ..RunsEst::new(goal)
        }
    }

    pub(crate) fn new(goal: &Board) -> RunsEst {
        let shape = goal.shape();
        let mut cols = [[0u8; OPTIMAL_MAX_CELLS]; OPTIMAL_MAX_CELLS];
        let mut rows = [[0u8; OPTIMAL_MAX_CELLS]; OPTIMAL_MAX_CELLS];
        for (home, &t) in goal.cells().iter().enumerate() {
            if t == 0 {
                continue;
            }
            for cell in 0..shape.cells() {
                cols[t as usize][cell] = shape.col_of(home).abs_diff(shape.col_of(cell)) as u8;
                rows[t as usize][cell] = shape.row_of(home).abs_diff(shape.row_of(cell)) as u8;
            }
        }
        RunsEst {
            db: None,
            cols,
            rows,
            row_run: shape.width() as u32 - 1,
            col_run: shape.height() as u32 - 1,
        }
    }

    #[inline(always)]
    fn h(&self, (x, y): RunsParts, pos: &Cells, blank: usize) -> u32 {
        let runs = u32::from(x).div_ceil(self.row_run) + u32::from(y).div_ceil(self.col_run);
        match &self.db {
            Some(db) => runs.max(db.value(pos, blank as u8)),
            None => runs,
        }
    }
}

/// The multi-tile estimate ⌈X / (W − 1)⌉ + ⌈Y / (H − 1)⌉ of a whole board
/// to `goal`: X and Y the tiles' column and row distances summed (a lower
/// bound: one slide changes X by at most W − 1 or Y by at most H − 1).
pub fn multi_tile_manhattan(board: &Board, goal: &Board) -> u32 {
    let shape = goal.shape();
    if !shape.optimal_searchable() {
        // Past 25 cells: the same two sums without the search's tables.
        let (mut x, mut y) = (0u32, 0u32);
        for tile in 1..shape.cells() as u8 {
            let (a, b) = (board.cell_of(tile), goal.cell_of(tile));
            x += shape.col_of(a).abs_diff(shape.col_of(b)) as u32;
            y += shape.row_of(a).abs_diff(shape.row_of(b)) as u32;
        }
        return x.div_ceil(shape.width() as u32 - 1) + y.div_ceil(shape.height() as u32 - 1);
    }
    let est = RunsEst::new(goal);
    let mut pos = [0u8; OPTIMAL_MAX_CELLS];
    for (cell, &t) in board.cells().iter().enumerate() {
        pos[t as usize] = cell as u8;
    }
    est.start(&cells_of(board), &pos).0
}

impl Estimate for RunsEst {
    type Parts = RunsParts;
    const NEEDS_CELLS: bool = false;
    fn start(&self, _cells: &Cells, pos: &Cells) -> (u32, RunsParts) {
        let (mut x, mut y) = (0u16, 0u16);
        for (t, &cell) in pos.iter().enumerate().skip(1) {
            x += u16::from(self.cols[t][usize::from(cell)]);
            y += u16::from(self.rows[t][usize::from(cell)]);
        }
        (self.h((x, y), pos, usize::from(pos[0])), (x, y))
    }
    #[inline(always)]
    fn moved(
        &self,
        _: u32,
        (x, y): RunsParts,
        pos: &Cells,
        _: &Cells,
        s: Slide,
    ) -> (u32, RunsParts) {
        let (c, r) = (&self.cols[s.tile], &self.rows[s.tile]);
        let x = x + u16::from(c[s.to]) - u16::from(c[s.from]);
        let y = y + u16::from(r[s.to]) - u16::from(r[s.from]);
        // The blank is where the tile came from.
        (self.h((x, y), pos, s.from), (x, y))
    }
}

/// Rows plus columns of the widest shape's lines (2 + 12).
const MAX_LINES: usize = 14;

/// Length of the longest strictly increasing subsequence.
fn lis(v: &[u8]) -> u32 {
    let mut best = [0u32; 12];
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

/// Per-node state of linear conflict: each line's conflict (rows first,
/// then columns).
pub(crate) type LineConflicts = [u8; MAX_LINES];

#[derive(Clone)]
pub(crate) struct LinearConflictEst {
    md: ManhattanEst,
    shape: Shape,
    /// Goal row and column of each tile.
    home_row: [u8; OPTIMAL_MAX_CELLS],
    home_col: [u8; OPTIMAL_MAX_CELLS],
}

impl LinearConflictEst {
    pub(crate) fn new(goal: &Board) -> LinearConflictEst {
        let shape = goal.shape();
        let (mut home_row, mut home_col) = ([0u8; OPTIMAL_MAX_CELLS], [0u8; OPTIMAL_MAX_CELLS]);
        for (cell, &t) in goal.cells().iter().enumerate() {
            home_row[t as usize] = shape.row_of(cell) as u8;
            home_col[t as usize] = shape.col_of(cell) as u8;
        }
        LinearConflictEst {
            md: ManhattanEst::new(goal),
            shape,
            home_row,
            home_col,
        }
    }

    /// 2 × (tiles of line `line`'s goal line that must leave it): the tiles
    /// standing in the line whose goal is in it, less the longest run of them
    /// already in goal order.
    fn line(&self, cells: &Cells, line: usize) -> u8 {
        let (w, h) = (self.shape.width(), self.shape.height());
        let mut order = [0u8; 12];
        let mut n = 0;
        if line < h {
            for c in 0..w {
                let t = cells[line * w + c] as usize;
                if t != 0 && usize::from(self.home_row[t]) == line {
                    order[n] = self.home_col[t];
                    n += 1;
                }
            }
        } else {
            let c = line - h;
            for r in 0..h {
                let t = cells[r * w + c] as usize;
                if t != 0 && usize::from(self.home_col[t]) == c {
                    order[n] = self.home_row[t];
                    n += 1;
                }
            }
        }
        (2 * (n as u32 - lis(&order[..n]))) as u8
    }

    /// The moves linear conflict adds to Manhattan: the sum of the lines'
    /// conflicts ([`linear_conflict`] is Manhattan plus this).
    pub(crate) fn conflicts(&self, cells: &Cells) -> u32 {
        self.lines(cells).iter().map(|&v| u32::from(v)).sum()
    }

    fn lines(&self, cells: &Cells) -> LineConflicts {
        let mut all = [0u8; MAX_LINES];
        for (l, v) in all
            .iter_mut()
            .enumerate()
            .take(self.shape.width() + self.shape.height())
        {
            *v = self.line(cells, l);
        }
        all
    }
}

fn cells_of(board: &Board) -> Cells {
    let mut cells = [0u8; OPTIMAL_MAX_CELLS];
    cells[..board.cells().len()].copy_from_slice(board.cells());
    cells
}

/// Manhattan plus linear conflict of a whole board to `goal`, up to 25
/// cells (`solve::linear_conflict` takes every shape).
pub(crate) fn linear_conflict(board: &Board, goal: &Board) -> u32 {
    let est = LinearConflictEst::new(goal);
    manhattan(board, goal) + est.conflicts(&cells_of(board))
}

impl Estimate for LinearConflictEst {
    type Parts = LineConflicts;
    const NEEDS_CELLS: bool = true;
    fn start(&self, cells: &Cells, pos: &Cells) -> (u32, LineConflicts) {
        let lines = self.lines(cells);
        let sum: u32 = lines.iter().map(|&v| u32::from(v)).sum();
        (self.md.start(cells, pos).0 + sum, lines)
    }
    #[inline(always)]
    fn moved(
        &self,
        h: u32,
        mut parts: LineConflicts,
        pos: &Cells,
        cells: &Cells,
        s: Slide,
    ) -> (u32, LineConflicts) {
        let (h, ()) = self.md.moved(h, (), pos, cells, s);
        let (w, rows) = (self.shape.width(), self.shape.height());
        // A vertical slide changes two rows' contents (column order is kept);
        // a horizontal one changes two columns.
        let (a, b) = if s.from.abs_diff(s.to) == w {
            (s.from / w, s.to / w)
        } else {
            (rows + s.from % w, rows + s.to % w)
        };
        let before = u32::from(parts[a]) + u32::from(parts[b]);
        parts[a] = self.line(cells, a);
        parts[b] = self.line(cells, b);
        let after = u32::from(parts[a]) + u32::from(parts[b]);
        (h + after - before, parts)
    }
}

/// Per-node state of the pattern database estimate: the board's Manhattan
/// distance and each table's stored excess, plain (0..8) and reflected
/// (8..16), unused slots 0; each sum is `md` + 2 × its excesses (see `pdb`'s module docs).
///
/// `md` fits a byte on every shape: a board's Manhattan distance is at most
/// 168 (2×12; 120 on 5×5).
#[derive(Clone, Copy, Default)]
pub(crate) struct PdbParts {
    md: u8,
    excess: [u8; 2 * SLOTS],
}

/// Slots per sum: [`MAX_GROUPS`] rounded up to eight, so that a pattern
/// index masked by 7 needs no bounds check and a sum is one 64-bit
/// multiply (eight excesses of at most 15 add up to at most 120).
const SLOTS: usize = 8;

/// The sum of eight bytes, each at most 15.
#[inline(always)]
fn byte_sum(bytes: &[u8]) -> u32 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&bytes[..8]);
    (u64::from_le_bytes(b).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// `N` is the board's cell count when fixed at compile time (16: the
/// 15-puzzle's ranks multiply by constants), or 0 to read it at run time.
#[derive(Clone)]
pub(crate) struct PdbEst<const N: usize> {
    db: Arc<PatternDb>,
    cells: usize,
    md: [[u8; OPTIMAL_MAX_CELLS]; OPTIMAL_MAX_CELLS],
    /// Tiles of each pattern, padded; pattern sizes.
    tiles: [[u8; 8]; SLOTS],
    sizes: [usize; SLOTS],
    groups: usize,
    /// For the reflected look-up: `source[p][j]` is the tile whose reflected
    /// cell is where pattern `p`'s tile `j` stands in the reflected board,
    /// and the reflection of each cell.
    source: Option<([[u8; 8]; SLOTS], Cells)>,
    /// The pattern each tile's move changes, plain and reflected (the
    /// blank: 0, never asked).
    pattern: Cells,
    reflected_pattern: Cells,
}

impl<const N: usize> PdbEst<N> {
    pub(crate) fn new(db: Arc<PatternDb>) -> PdbEst<N> {
        let mut tiles = [[0u8; 8]; SLOTS];
        let mut sizes = [0usize; SLOTS];
        let groups = db.tables().len().min(MAX_GROUPS);
        for (p, t) in db.tables().iter().enumerate().take(MAX_GROUPS) {
            tiles[p][..t.tiles().len()].copy_from_slice(t.tiles());
            sizes[p] = t.tiles().len();
        }
        let n = db.goal().shape().cells();
        let mut pattern = [0u8; OPTIMAL_MAX_CELLS];
        for (t, p) in pattern.iter_mut().enumerate().take(n).skip(1) {
            *p = db.pattern_of[t].min(groups.saturating_sub(1) as u8);
        }
        let mut reflected_pattern = [0u8; OPTIMAL_MAX_CELLS];
        let source = diagonal_symmetry(db.goal()).map(|(sigma, reflect)| {
            let mut inverse = [0u8; OPTIMAL_MAX_CELLS];
            for (t, &u) in sigma.iter().enumerate().take(n) {
                inverse[u as usize] = t as u8;
            }
            for t in 1..n {
                reflected_pattern[t] = pattern[sigma[t] as usize];
            }
            let mut source = [[0u8; 8]; SLOTS];
            for p in 0..groups {
                for j in 0..sizes[p] {
                    source[p][j] = inverse[tiles[p][j] as usize];
                }
            }
            (source, reflect)
        });
        PdbEst {
            md: manhattan_table(db.goal()),
            cells: n,
            db,
            tiles,
            sizes,
            groups,
            source,
            pattern,
            reflected_pattern,
        }
    }

    /// The board's cell count: `N`, or the run-time count when `N` is 0.
    #[inline(always)]
    fn n(&self) -> usize {
        if N == 0 {
            self.cells
        } else {
            N
        }
    }

    /// Pattern `p`'s stored excess.
    #[inline(always)]
    fn excess(&self, p: usize, pos: &Cells) -> u8 {
        let p = p & (SLOTS - 1);
        let k = self.sizes[p];
        let mut cells = [0u8; 8];
        for j in 0..k {
            cells[j] = pos[self.tiles[p][j] as usize];
        }
        self.db.tables()[p].excess_at(rank_cells(&cells[..k], self.n()))
    }

    /// Pattern `p`'s stored excess on the reflected board.
    #[inline(always)]
    fn reflected_excess(&self, source: &([[u8; 8]; SLOTS], Cells), p: usize, pos: &Cells) -> u8 {
        let p = p & (SLOTS - 1);
        let k = self.sizes[p];
        let mut cells = [0u8; 8];
        for j in 0..k {
            let c = pos[source.0[p][j] as usize];
            // On 4×4 the reflection is arithmetic; elsewhere a table.
            cells[j] = if N == 16 {
                (c & 3) << 2 | c >> 2
            } else {
                source.1[c as usize]
            };
        }
        self.db.tables()[p].excess_at(rank_cells(&cells[..k], self.n()))
    }

    /// The plain sum: Manhattan plus twice the plain excesses.
    #[inline(always)]
    fn plain(parts: &PdbParts) -> u32 {
        u32::from(parts.md) + 2 * byte_sum(&parts.excess[..SLOTS])
    }

    /// The larger of the plain and the reflected sums (the reflection keeps
    /// every Manhattan distance, so both sums share `md`).
    #[inline(always)]
    fn total(parts: &PdbParts) -> u32 {
        let a = byte_sum(&parts.excess[..SLOTS]);
        let b = byte_sum(&parts.excess[SLOTS..]);
        u32::from(parts.md) + 2 * a.max(b)
    }
}

/// The pattern database estimate the search uses: the sum over the
/// patterns, and where the board is square and the goal's blank lies on the
/// main diagonal, the larger of that and the same sum on the board reflected
/// about the diagonal (Korf & Felner's reflected look-up: same tables, a
/// second admissible estimate, their maximum is admissible).
pub fn pdb_estimate(db: &Arc<PatternDb>, board: &Board) -> u32 {
    PdbLookup::new(db).estimate(board)
}

/// [`pdb_estimate`] made ready once for many boards (its goal's tables and
/// the reflection worked out at [`PdbLookup::new`], not at each board):
/// the optimal searches' estimate up to 25 cells, fast mode's
/// ([`WidePdb`]) above.
pub struct PdbLookup(Lookup);

enum Lookup {
    Small(Box<PdbEst<0>>),
    Wide(Box<WidePdb>),
}

impl PdbLookup {
    /// The look-up of `db`.
    pub fn new(db: &Arc<PatternDb>) -> PdbLookup {
        PdbLookup(if db.goal().shape().optimal_searchable() {
            Lookup::Small(Box::new(PdbEst::new(db.clone())))
        } else {
            Lookup::Wide(Box::new(WidePdb::new(db.clone())))
        })
    }

    /// [`pdb_estimate`] of `board`.
    pub fn estimate(&self, board: &Board) -> u32 {
        let small = match &self.0 {
            Lookup::Small(s) => s,
            Lookup::Wide(w) => return w.estimate(board),
        };
        let cells = cells_of(board);
        let mut pos = [0u8; OPTIMAL_MAX_CELLS];
        for (cell, &t) in board.cells().iter().enumerate() {
            pos[t as usize] = cell as u8;
        }
        small.start(&cells, &pos).0
    }
}

impl<const N: usize> Estimate for PdbEst<N> {
    type Parts = PdbParts;
    const NEEDS_CELLS: bool = false;
    fn start(&self, _cells: &Cells, pos: &Cells) -> (u32, PdbParts) {
        let mut parts = PdbParts {
            md: (1..self.cells).map(|t| self.md[t][pos[t] as usize]).sum(),
            excess: [0; 2 * SLOTS],
        };
        for p in 0..self.groups {
            parts.excess[p] = self.excess(p, pos);
            if let Some(source) = &self.source {
                parts.excess[SLOTS + p] = self.reflected_excess(source, p, pos);
            }
        }
        (Self::total(&parts), parts)
    }
    #[inline(always)]
    fn moved(
        &self,
        _h: u32,
        mut parts: PdbParts,
        pos: &Cells,
        _cells: &Cells,
        s: Slide,
    ) -> (u32, PdbParts) {
        let m = &self.md[s.tile];
        // The tile's old distance is part of md, so this cannot go below 0.
        parts.md = parts.md + m[s.to] - m[s.from];
        let p = usize::from(self.pattern[s.tile]) & (SLOTS - 1);
        parts.excess[p] = self.excess(p, pos);
        let regular = Self::plain(&parts);
        if regular > s.limit {
            // Pruned whatever the reflected sum is: skip its look-up. The
            // parts are never used for a pruned child.
            return (regular, parts);
        }
        if let Some(source) = &self.source {
            let q = usize::from(self.reflected_pattern[s.tile]) & (SLOTS - 1);
            parts.excess[SLOTS + q] = self.reflected_excess(source, q, pos);
        }
        (Self::total(&parts), parts)
    }
}
