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
    shape::{MAX_CELLS, NO_CELL},
    Board,
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

impl RunsTable {
    /// Builds the table of `tiles` toward `goal`.
    fn build(tiles: &[u8], goal: &Board) -> RunsTable {
        let shape = goal.shape();
        let n = shape.cells();
        let next = shape.neighbours();
        let k = tiles.len() + 1;
        let mut values = vec![UNSET; placements(k, n)];
        let mut home = [0u8; MAX_TILES + 1];
        for (i, &t) in tiles.iter().enumerate() {
            home[i] = goal.cell_of(t) as u8;
        }
        home[k - 1] = goal.blank() as u8;
        let pack = |c: &[u8]| {
            c.iter()
                .enumerate()
                .fold(0u64, |acc, (i, &x)| acc | u64::from(x) << (5 * i))
        };
        values[rank_cells(&home[..k], n)] = 0;
        let mut layer = vec![pack(&home[..k])];
        let mut depth = 0u8;
        while !layer.is_empty() {
            depth += 1;
            let mut found = Vec::new();
            for &p in &layer {
                let mut c = [0u8; MAX_TILES + 1];
                for (i, x) in c.iter_mut().enumerate().take(k) {
                    *x = ((p >> (5 * i)) & 31) as u8;
                }
                // Which pattern tile stands on each cell.
                let mut at = [u8::MAX; MAX_CELLS];
                for (i, &x) in c.iter().enumerate().take(k - 1) {
                    at[usize::from(x)] = i as u8;
                }
                for d in 0..4 {
                    let mut child = c;
                    let mut blank = c[k - 1];
                    loop {
                        let ahead = next.get(usize::from(blank)).map_or(NO_CELL, |n| n[d]);
                        if ahead == NO_CELL {
                            break;
                        }
                        // Cells ahead are untouched so far in this run.
                        if let Some(i) = at.get(usize::from(ahead)).filter(|&&i| i != u8::MAX) {
                            child[usize::from(*i)] = blank;
                        }
                        child[k - 1] = ahead;
                        blank = ahead;
                        let r = rank_cells(&child[..k], n);
                        if values[r] == UNSET {
                            values[r] = depth;
                            found.push(pack(&child[..k]));
                        }
                    }
                }
            }
            layer = found;
        }
        RunsTable {
            tiles: tiles.to_vec(),
            cells: n,
            values,
        }
    }

    /// The value with the tiles on `pos` (`pos[tile]` = cell) and the blank
    /// on `blank`.
    #[inline(always)]
    fn value(&self, pos: &[u8; MAX_CELLS], blank: u8) -> u8 {
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

impl RunsDb {
    /// Builds the tables toward `goal` (about a second of one core on 12
    /// cells: two tables of 3,991,680 entries).
    pub fn build(goal: &Board) -> RunsDb {
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
        RunsDb {
            goal: *goal,
            tables: groups.iter().map(|g| RunsTable::build(g, goal)).collect(),
        }
    }

    /// The estimate's name: `multi-tile-pdb-` and the tables' sizes, e.g.
    /// `multi-tile-pdb-66` on 12 cells.
    pub fn name(&self) -> String {
        let sizes: Vec<String> = self.sizes().iter().map(|s| s.to_string()).collect();
        format!("multi-tile-pdb-{}", sizes.join(""))
    }

    /// The multi-tile estimate of `board` (this goal's shape): the largest
    /// of the tables' values and [`multi_tile_manhattan`](super::multi_tile_manhattan).
    pub fn estimate(&self, board: &Board) -> u32 {
        let mut pos = [0u8; MAX_CELLS];
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
    pub(crate) fn value(&self, pos: &[u8; MAX_CELLS], blank: u8) -> u32 {
        self.tables
            .iter()
            .map(|t| u32::from(t.value(pos, blank)))
            .max()
            .unwrap_or(0)
    }
}
