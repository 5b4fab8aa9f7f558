//! Pattern tables of the multi-tile metric, built at run time: the strong
//! half of the multi-tile search's estimate ([`RunsDb`]).
//!
//! **Abstraction.** A pattern is a set of tiles; its abstract state is
//! where those tiles *and the blank* are (the other tiles are not told
//! apart). An abstract move is a real multi-tile move seen through that
//! lens: the blank travels 1 to k cells in one direction and every tile it
//! passes moves one cell back; it costs 1 whatever it moves, pattern tiles
//! or not. A breadth-first search from the goal's abstract state (moves are
//! reversible) gives every abstract state's fewest moves; unlike the
//! single-tile tables (`pdb.rs`), the table keeps the blank's cell in its
//! index, since a slide of other tiles is not free here.
//!
//! **Admissible.** Every real slide is an abstract slide of cost 1, so a
//! real path of n slides projects onto an abstract path of n slides and
//! the table value is at most n.
//!
//! **Max, not sum.** One slide can move tiles of two patterns, so the
//! tables' values are not additive; the estimate takes their maximum (and
//! the maximum with [`multi_tile_manhattan`](super::multi_tile_manhattan)),
//! which is admissible as each part is. The patterns may therefore
//! overlap: the last one is shifted back to end on the last tile.
//!
//! **Index.** The pattern's tiles' cells, then the blank's, ranked as one
//! placement of k + 1 items by the single-tile tables' ranking
//! (`pdb::rank_cells`), so a table has N!/(N−k−1)! one-byte entries.

use super::pdb::{placements, rank_cells};
use crate::engine::{
    shape::{NO_CELL, OPTIMAL_MAX_CELLS},
    Board, Shape,
};

/// The most entries a table may have (one byte each): the pattern size is
/// the largest that fits.
const MAX_ENTRIES: usize = 6_000_000;

/// The most tiles in a pattern (with the blank, the ranking's eight items).
const MAX_TILES: usize = 7;

/// Entry not reached yet.
const UNSET: u8 = u8::MAX;

/// One pattern's table: for every placement of its tiles and the blank, the
/// fewest multi-tile moves that bring them home.
#[derive(Clone, Debug)]
pub(crate) struct RunsTable {
    tiles: Vec<u8>,
    cells: usize,
    values: Vec<u8>,
}

/// One table under construction: the breadth-first search one layer at a
/// time, resumable after any number of expanded states.
#[derive(Clone, Debug)]
struct TableBuild {
    tiles: Vec<u8>,
    cells: usize,
    next: [[u8; 4]; OPTIMAL_MAX_CELLS],
    values: Vec<u8>,
    /// The layer being expanded (packed states, five bits a cell: the
    /// tiles' cells, then the blank's), and how far.
    layer: Vec<u64>,
    at: usize,
    /// The next layer, found so far.
    found: Vec<u64>,
    /// The distance of `found`.
    depth: u8,
}

fn pack(c: &[u8]) -> u64 {
    c.iter()
        .enumerate()
        .fold(0u64, |acc, (i, &x)| acc | u64::from(x) << (5 * i))
}

impl TableBuild {
    fn new(tiles: &[u8], goal: &Board) -> TableBuild {
        let shape = goal.shape();
        let n = shape.cells();
        let k = tiles.len() + 1;
        let mut values = vec![UNSET; placements(k, n)];
        let mut home = [0u8; MAX_TILES + 1];
        for (i, &t) in tiles.iter().enumerate() {
            home[i] = goal.cell_of(t) as u8;
        }
        home[k - 1] = goal.blank() as u8;
        values[rank_cells(&home[..k], n)] = 0;
        TableBuild {
            tiles: tiles.to_vec(),
            cells: n,
            next: shape.neighbours(),
            values,
            layer: vec![pack(&home[..k])],
            at: 0,
            found: Vec::new(),
            depth: 1,
        }
    }

    /// Expands up to `work` states (at least one); `true` when the table
    /// is complete.
    fn step(&mut self, work: usize) -> bool {
        let (k, n) = (self.tiles.len() + 1, self.cells);
        let mut left = work.max(1);
        while left > 0 {
            if self.at == self.layer.len() {
                if self.found.is_empty() {
                    return true;
                }
                self.layer = std::mem::take(&mut self.found);
                self.at = 0;
                self.depth += 1;
            }
            let p = self.layer[self.at];
            self.at += 1;
            left -= 1;
            let mut c = [0u8; MAX_TILES + 1];
            for (i, x) in c.iter_mut().enumerate().take(k) {
                *x = ((p >> (5 * i)) & 31) as u8;
            }
            // Which pattern tile stands on each cell.
            let mut on = [u8::MAX; OPTIMAL_MAX_CELLS];
            for (i, &x) in c.iter().enumerate().take(k - 1) {
                on[usize::from(x)] = i as u8;
            }
            for d in 0..4 {
                let mut child = c;
                let mut blank = c[k - 1];
                loop {
                    let ahead = self.next.get(usize::from(blank)).map_or(NO_CELL, |n| n[d]);
                    if ahead == NO_CELL {
                        break;
                    }
                    // Cells ahead are untouched so far in this run.
                    if let Some(i) = on.get(usize::from(ahead)).filter(|&&i| i != u8::MAX) {
                        child[usize::from(*i)] = blank;
                    }
                    child[k - 1] = ahead;
                    blank = ahead;
                    let r = rank_cells(&child[..k], n);
                    if self.values[r] == UNSET {
                        self.values[r] = self.depth;
                        self.found.push(pack(&child[..k]));
                    }
                }
            }
        }
        self.at == self.layer.len() && self.found.is_empty()
    }

    fn finish(self) -> RunsTable {
        RunsTable {
            tiles: self.tiles,
            cells: self.cells,
            values: self.values,
        }
    }
}

impl RunsTable {
    /// The value with the tiles on `pos` (`pos[tile]` = cell) and the blank
    /// on `blank`.
    #[inline(always)]
    fn value(&self, pos: &[u8; OPTIMAL_MAX_CELLS], blank: u8) -> u8 {
        let mut c = [0u8; MAX_TILES + 1];
        let k = self.tiles.len();
        for (x, &t) in c.iter_mut().zip(&self.tiles) {
            *x = pos[usize::from(t)];
        }
        c[k] = blank;
        self.values[rank_cells(&c[..=k], self.cells)]
    }
}

/// The multi-tile pattern tables of one goal: patterns of the goal's tiles
/// in row-major order of their goal cells, each as large as fits
/// six million entries (up to seven tiles), the last shifted back to end on the
/// last tile. On boards of up to nine cells one table holds every tile
/// (seven of eight on 3×3 place the eighth): the estimate is exact.
#[derive(Clone, Debug)]
pub struct RunsDb {
    goal: Board,
    tables: Vec<RunsTable>,
}

/// A [`RunsDb`] under construction, in bounded slices (for a worker that
/// reads its messages between them).
#[derive(Clone, Debug)]
pub struct RunsDbBuilder {
    goal: Board,
    groups: Vec<Vec<u8>>,
    done: Vec<RunsTable>,
    current: Option<TableBuild>,
}

impl RunsDbBuilder {
    /// Expands up to `work` abstract states (at least one); `true` when
    /// every table is complete.
    pub fn step(&mut self, work: usize) -> bool {
        if self.current.is_none() {
            let Some(g) = self.groups.get(self.done.len()) else {
                return true;
            };
            self.current = Some(TableBuild::new(g, &self.goal));
        }
        let finished = self.current.as_mut().is_none_or(|t| t.step(work));
        if finished {
            if let Some(t) = self.current.take() {
                self.done.push(t.finish());
            }
        }
        // A next table starts in the next slice.
        self.done.len() == self.groups.len()
    }

    /// Tables finished and tables in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.done.len(), self.groups.len())
    }

    /// Bytes of all the tables (one per entry).
    pub fn bytes(&self) -> usize {
        let n = self.goal.shape().cells();
        self.groups.iter().map(|g| placements(g.len() + 1, n)).sum()
    }

    /// The tables, once [`RunsDbBuilder::step`] said `true`; `None` before.
    pub fn finish(self) -> Option<RunsDb> {
        (self.done.len() == self.groups.len() && self.current.is_none()).then_some(RunsDb {
            goal: self.goal,
            tables: self.done,
        })
    }
}

/// `multi-tile-pdb-` and the tables' sizes.
fn name_of(sizes: &[usize]) -> String {
    let sizes: Vec<String> = sizes.iter().map(|s| s.to_string()).collect();
    format!("multi-tile-pdb-{}", sizes.join(""))
}

impl RunsDb {
    /// Builds the tables toward `goal` in one call (about a second of one
    /// core on 12 cells: two tables of 3,991,680 entries).
    pub fn build(goal: &Board) -> RunsDb {
        let mut b = RunsDb::builder(goal);
        while !b.step(usize::MAX) {}
        // Never `None` once every step is done.
        b.finish().unwrap_or(RunsDb {
            goal: *goal,
            tables: Vec::new(),
        })
    }

    /// The builder of the tables toward `goal`, to run in slices.
    pub fn builder(goal: &Board) -> RunsDbBuilder {
        let n = goal.shape().cells();
        let tiles: Vec<u8> = goal.cells().iter().copied().filter(|&t| t != 0).collect();
        let size = (1..=MAX_TILES.min(tiles.len()))
            .rev()
            .find(|&k| placements(k + 1, n) <= MAX_ENTRIES)
            .unwrap_or(1);
        let mut groups = Vec::new();
        let mut from = 0;
        loop {
            let start = from.min(tiles.len() - size);
            groups.push(&tiles[start..start + size]);
            // Every tile covered, or all but one in one table (the blank
            // and the others then place it).
            if start + size >= tiles.len() || (start == 0 && size + 1 == tiles.len()) {
                break;
            }
            from += size;
        }
        RunsDbBuilder {
            goal: *goal,
            groups: groups.iter().map(|g| g.to_vec()).collect(),
            done: Vec::new(),
            current: None,
        }
    }

    /// The estimate's name: `multi-tile-pdb-` and the tables' sizes, e.g.
    /// `multi-tile-pdb-66` on 12 cells.
    pub fn name(&self) -> String {
        name_of(&self.sizes())
    }

    /// The name of the tables of `shape` (every goal of a shape gets tables
    /// of the same sizes), without building them.
    pub fn name_for(shape: Shape) -> String {
        let b = RunsDb::builder(&Board::default_goal(shape));
        name_of(&b.groups.iter().map(Vec::len).collect::<Vec<_>>())
    }

    /// The multi-tile estimate of `board` (this goal's shape): the largest
    /// of the tables' values and [`multi_tile_manhattan`](super::multi_tile_manhattan).
    pub fn estimate(&self, board: &Board) -> u32 {
        let mut pos = [0u8; OPTIMAL_MAX_CELLS];
        for (cell, &t) in board.cells().iter().enumerate() {
            pos[usize::from(t)] = cell as u8;
        }
        self.value(&pos, board.blank() as u8)
            .max(super::multi_tile_manhattan(board, &self.goal))
    }

    /// The goal the tables were built for.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The tables' sizes in tiles, e.g. `[6, 6]` on 12 cells.
    pub fn sizes(&self) -> Vec<usize> {
        self.tables.iter().map(|t| t.tiles.len()).collect()
    }

    /// Bytes of the tables (one per entry).
    pub fn bytes(&self) -> usize {
        self.tables.iter().map(|t| t.values.len()).sum()
    }

    /// The largest table value for tiles on `pos` and the blank on `blank`.
    #[inline(always)]
    pub(crate) fn value(&self, pos: &[u8; OPTIMAL_MAX_CELLS], blank: u8) -> u32 {
        self.tables
            .iter()
            .map(|t| u32::from(t.value(pos, blank)))
            .max()
            .unwrap_or(0)
    }
}
