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
//! **Transposed look-up.** Where the board is square and the goal's blank
//! lies on the main diagonal, the board reflected about that diagonal and
//! relabelled (each tile becomes the tile whose goal cell is the
//! reflection of its own) is exactly as far from the goal: the reflection
//! maps slides to slides and the goal to itself. The tables' value on
//! that board is a second lower bound, and the estimate takes the larger.
//!
//! **Index.** The pattern's tiles' cells, then the blank's, ranked as one
//! placement of k + 1 items by the single-tile tables' ranking
//! (`pdb::rank_cells`), so a table has N!/(N−k−1)! one-byte entries.
//!
//! **Sizes.** Up to six million entries a table (five tiles on 4×4, built
//! in seconds, the page's); the command line's 4×4 tables are six tiles
//! ([`RunsDb::large_builder`]: 57,657,600 entries each, three tables,
//! kept on disk by `cache.rs` in the file format below).
//!
//! **File format** (integers little-endian), the pattern databases' layout
//! (`database.rs`):
//!
//! | bytes | content |
//! |-------|---------|
//! | 8 | magic `EPUZPDB\n` |
//! | 4 | format version (`DB_FORMAT_VERSION`) |
//! | 4 | length d of the description |
//! | d | description: `name;W×H;goal key;tiles of each group` ([`RunsDb::description`]) |
//! | 8 | length p of the payload |
//! | p | per table: its entries, one a byte |
//! | 8 | checksum of every byte before it (`checksum`) |

use super::database::{Checksum, DbFileError, DB_FORMAT_VERSION, DB_MAGIC};
use super::pdb::{placements, rank_cells};
use crate::engine::{
    shape::{NO_CELL, OPTIMAL_MAX_CELLS},
    Board, Shape,
};
use std::io::{self, Write};

/// The most entries a table may have (one byte each): the pattern size is
/// the largest that fits.
const MAX_ENTRIES: usize = 6_000_000;

/// The most entries a table of the command line's 4×4 tables may have:
/// six tiles and the blank, 57,657,600.
const LARGE_ENTRIES: usize = 60_000_000;

/// The most tiles in a pattern (with the blank, the ranking's eight items).
const MAX_TILES: usize = 7;

/// Entry not reached yet.
const UNSET: u8 = u8::MAX;

/// One pattern's table: for every placement of its tiles and the blank, the
/// fewest multi-tile moves that bring them home.
#[derive(Clone, Debug)]
pub struct RunsTable {
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
    /// For the transposed look-up: the relabelling and the reflection of
    /// each cell (`None` unless the goal allows it).
    transpose: Option<([u8; OPTIMAL_MAX_CELLS], [u8; OPTIMAL_MAX_CELLS])>,
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

    /// The name the tables will have, e.g. `multi-tile-pdb-666`.
    pub fn name(&self) -> String {
        name_of(&self.groups.iter().map(Vec::len).collect::<Vec<_>>())
    }

    /// The goal the tables are built for.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The tiles of each table.
    pub fn groups(&self) -> &[Vec<u8>] {
        &self.groups
    }

    /// The description the tables' file will carry ([`RunsDb::description`]).
    pub fn description(&self) -> String {
        description_of(&self.name(), &self.goal, self.groups.iter().map(|g| &g[..]))
    }

    /// The file's length in bytes (format of the module docs).
    pub fn file_len(&self) -> u64 {
        (8 + 4 + 4 + self.description().len() + 8 + self.bytes() + 8) as u64
    }

    /// A stated bound of the build's peak memory in bytes when `threads`
    /// tables are built at once: each table under construction holds its
    /// entries and two layer lists (counted as 4 bytes a placement, 8
    /// bytes a packed state, for the widest layers), and the tables
    /// already built are kept.
    pub fn build_peak_bytes(&self, threads: usize) -> usize {
        let n = self.goal.shape().cells();
        let largest = self
            .groups
            .iter()
            .map(|g| placements(g.len() + 1, n))
            .max()
            .unwrap_or(0);
        self.bytes() + threads.clamp(1, self.groups.len().max(1)) * largest * 4
    }

    /// Builds table `i` alone (in one call); `None` past the last.
    pub fn build_table(&self, i: usize) -> Option<RunsTable> {
        let mut t = TableBuild::new(self.groups.get(i)?, &self.goal);
        while !t.step(usize::MAX) {}
        Some(t.finish())
    }

    /// The tables from their separate builds ([`RunsDbBuilder::build_table`]),
    /// in order; `None` unless they are this builder's.
    pub fn assemble(self, tables: Vec<RunsTable>) -> Option<RunsDb> {
        let fits = tables.len() == self.groups.len()
            && tables.iter().zip(&self.groups).all(|(t, g)| &t.tiles == g);
        fits.then(|| RunsDb::from_tables(self.goal, tables))
    }

    /// The tables, once [`RunsDbBuilder::step`] said `true`; `None` before.
    pub fn finish(self) -> Option<RunsDb> {
        (self.done.len() == self.groups.len() && self.current.is_none())
            .then(|| RunsDb::from_tables(self.goal, self.done))
    }
}

/// `name;W×H;goal key;tiles of each group` (tiles comma-separated,
/// groups by `|`).
fn description_of<'a>(name: &str, goal: &Board, groups: impl Iterator<Item = &'a [u8]>) -> String {
    let list = |v: &[u8]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let groups: Vec<String> = groups.map(list).collect();
    format!(
        "{name};{};{};{}",
        goal.shape().code(),
        list(goal.cells()),
        groups.join("|")
    )
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
        b.finish()
            .unwrap_or_else(|| RunsDb::from_tables(*goal, Vec::new()))
    }

    fn from_tables(goal: Board, tables: Vec<RunsTable>) -> RunsDb {
        RunsDb {
            goal,
            tables,
            transpose: diagonal_symmetry(&goal),
        }
    }

    /// The builder of the tables toward `goal`, to run in slices.
    pub fn builder(goal: &Board) -> RunsDbBuilder {
        RunsDb::builder_within(goal, MAX_ENTRIES)
    }

    /// Whether the command line's large tables ([`RunsDb::large_builder`])
    /// are meant for `shape`: 4×4 only.
    pub fn large_for(shape: Shape) -> bool {
        shape.cells() == 16
    }

    /// The builder of the command line's large tables toward `goal`: up
    /// to 60 million entries a table (on 4×4, three tables of six tiles,
    /// 172,972,800 bytes in all).
    pub fn large_builder(goal: &Board) -> RunsDbBuilder {
        RunsDb::builder_within(goal, LARGE_ENTRIES)
    }

    fn builder_within(goal: &Board, max_entries: usize) -> RunsDbBuilder {
        let n = goal.shape().cells();
        let tiles: Vec<u8> = goal.cells().iter().copied().filter(|&t| t != 0).collect();
        let size = (1..=MAX_TILES.min(tiles.len()))
            .rev()
            .find(|&k| placements(k + 1, n) <= max_entries)
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

    /// The tables' description in a file: `name;W×H;goal key;tiles of
    /// each group`.
    pub fn description(&self) -> String {
        description_of(
            &self.name(),
            &self.goal,
            self.tables.iter().map(|t| &t.tiles[..]),
        )
    }

    /// Writes the tables in the file format of the module docs.
    pub fn encode<W: Write>(&self, out: &mut W) -> io::Result<()> {
        let mut sum = Checksum::default();
        let mut put = |out: &mut W, bytes: &[u8]| {
            sum.update(bytes);
            out.write_all(bytes)
        };
        let d = self.description();
        put(out, &DB_MAGIC)?;
        put(out, &DB_FORMAT_VERSION.to_le_bytes())?;
        put(out, &(d.len() as u32).to_le_bytes())?;
        put(out, d.as_bytes())?;
        put(out, &(self.bytes() as u64).to_le_bytes())?;
        for t in &self.tables {
            for chunk in t.values.chunks(1 << 20) {
                put(out, chunk)?;
            }
        }
        let value = sum.value();
        out.write_all(&value.to_le_bytes())
    }

    /// Reads the tables `builder` would build from the bytes of a file,
    /// checking the magic, the version, the description, the length and
    /// the checksum.
    pub fn decode(bytes: &[u8], builder: &RunsDbBuilder) -> Result<RunsDb, DbFileError> {
        if bytes.len() < 8 || bytes[..8] != DB_MAGIC {
            return Err(DbFileError::NotADatabase);
        }
        let expected_len = builder.file_len();
        let wrong_length = DbFileError::WrongLength {
            expected: expected_len,
            found: bytes.len() as u64,
        };
        let u32_at = |at: usize| -> Option<u32> {
            bytes
                .get(at..at + 4)
                .map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
        };
        let version = u32_at(8).ok_or(wrong_length.clone())?;
        if version != DB_FORMAT_VERSION {
            return Err(DbFileError::OtherVersion { found: version });
        }
        let d = u32_at(12).ok_or(wrong_length.clone())? as usize;
        let found = bytes.get(16..16 + d).ok_or(wrong_length.clone())?;
        let want = builder.description();
        if found != want.as_bytes() {
            return Err(DbFileError::OtherDatabase {
                found: String::from_utf8_lossy(found).into_owned(),
            });
        }
        if bytes.len() as u64 != expected_len {
            return Err(wrong_length);
        }
        let body = bytes.len() - 8;
        let mut sum = Checksum::default();
        sum.update(&bytes[..body]);
        let mut stored = [0u8; 8];
        stored.copy_from_slice(&bytes[body..]);
        if sum.value() != u64::from_le_bytes(stored) {
            return Err(DbFileError::BadChecksum);
        }
        let n = builder.goal.shape().cells();
        let mut at = 16 + d + 8;
        let mut tables = Vec::new();
        for g in &builder.groups {
            let len = placements(g.len() + 1, n);
            tables.push(RunsTable {
                tiles: g.clone(),
                cells: n,
                values: bytes[at..at + len].to_vec(),
            });
            at += len;
        }
        Ok(RunsDb::from_tables(builder.goal, tables))
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
        let plain = self.plain_value(pos, blank);
        match &self.transpose {
            Some((sigma, reflect)) => {
                let mut turned = [0u8; OPTIMAL_MAX_CELLS];
                for t in 1..self.goal.shape().cells() {
                    turned[usize::from(sigma[t])] = reflect[usize::from(pos[t])];
                }
                plain.max(self.plain_value(&turned, reflect[usize::from(blank)]))
            }
            None => plain,
        }
    }

    #[inline(always)]
    fn plain_value(&self, pos: &[u8; OPTIMAL_MAX_CELLS], blank: u8) -> u32 {
        self.tables
            .iter()
            .map(|t| u32::from(t.value(pos, blank)))
            .max()
            .unwrap_or(0)
    }
}

/// The relabelling under which the goal reflected about the main diagonal
/// is the goal itself: `sigma[t]` is the tile whose goal cell is the
/// reflection of `t`'s. `None` unless the board is square and the goal's
/// blank is on the diagonal.
pub(crate) fn diagonal_symmetry(
    goal: &Board,
) -> Option<([u8; OPTIMAL_MAX_CELLS], [u8; OPTIMAL_MAX_CELLS])> {
    let shape = goal.shape();
    if !shape.is_square() {
        return None;
    }
    let w = shape.width();
    let mut reflect = [0u8; OPTIMAL_MAX_CELLS];
    for (c, r) in reflect.iter_mut().enumerate().take(shape.cells()) {
        *r = ((c % w) * w + c / w) as u8;
    }
    let blank = goal.blank();
    if usize::from(reflect[blank]) != blank {
        return None;
    }
    let cells = goal.cells();
    let mut sigma = [0u8; OPTIMAL_MAX_CELLS];
    for (cell, &t) in cells.iter().enumerate() {
        sigma[t as usize] = cells[usize::from(reflect[cell])];
    }
    Some((sigma, reflect))
}
