//! Additive disjoint pattern databases for the 4×4 board, built at run time.
//!
//! **Abstraction.** A pattern is a set of tiles; its abstract state is where
//! those tiles and the blank are (the other tiles are not told apart). The
//! blank moves freely (cost 0) through cells without pattern tiles; sliding
//! a pattern tile into the blank costs 1. A cost-layered breadth-first search
//! backward from the goal (moves are reversible, so backward equals forward)
//! gives every state's fewest pattern-tile moves; the table keeps, for each
//! placement of the pattern tiles, the minimum over the blank's positions, so
//! a look-up needs only the tiles' cells.
//!
//! **Admissible.** A real move either slides a pattern tile into the blank
//! (an abstract cost-1 move) or another tile (the blank moves within free
//! cells, cost 0), so a real solution projects onto an abstract path whose
//! cost is the number of real moves of pattern tiles, and the table value
//! (a minimum over blank positions) is at most that.
//!
//! **Additive.** The patterns are disjoint and every real move moves exactly
//! one tile, so the moves counted for different patterns are different real
//! moves: the sum over the partition is still at most the solution length.
//! (Counting only pattern-tile moves is what makes the sum admissible;
//! counting the blank's moves too would charge some moves twice.)
//!
//! **Index.** A placement of k tiles (positions p₀…p_{k−1}, all different) is
//! ranked in the mixed radix 16·15·…·(16−k+1), the last tile's digit most
//! significant: tile j's digit is pⱼ minus the number of more significant
//! tiles on lower cells. 6-tile tables have 5,765,760 entries, the 3-tile
//! one 3,360.
//!
//! **Entries of four bits.** Every abstract move slides one pattern tile one
//! cell, changing that tile's Manhattan distance by exactly one, so a
//! placement's value v and the Manhattan distance m of its tiles have the
//! same parity and v ≥ m. A table stores (v − m) / 2, capped at 15 (a cap
//! only lowers the estimate, so it stays admissible), two entries per byte:
//! a 6-tile table takes 2,882,880 bytes, and the search adds the Manhattan
//! distance it keeps anyway.

use super::board::{Board16, CELLS16};
use super::moves::{NEIGHBOURS16, NONE};

/// Value of a table entry not reached yet during the build (and the largest
/// layer a build may reach; real tables stay far below it).
const UNSET: u8 = u8::MAX;

/// The largest pattern this module builds (an 8-tile table would need 519 MB).
pub const MAX_PATTERN: usize = 7;

/// The most groups a partition may have.
pub const MAX_GROUPS: usize = 4;

/// Number of placements of `k` distinct tiles on 16 cells: 16!/(16−k)!.
pub fn placements(k: usize) -> usize {
    (0..k).map(|j| CELLS16 - j).product()
}

/// Rank of the placement `cells[j]` = cell of the pattern's tile j, for a
/// pattern of `K` tiles (a fixed size, so the comparisons unroll).
#[inline(always)]
fn rank_array<const K: usize>(cells: &[u8; K]) -> usize {
    // The last tile is the most significant digit, so that ordering packed
    // placements (last tile in the highest nibble) as integers is ordering
    // them by rank: the build sorts each layer that way for locality.
    let mut r = 0usize;
    for d in 0..K {
        let j = K - 1 - d;
        let p = cells[j];
        // Comparisons rather than a popcount: baseline x86-64 and wasm
        // builds have no fast popcount instruction to rely on.
        let earlier_below: usize = cells[j + 1..].iter().map(|&q| usize::from(q < p)).sum();
        r = r * (CELLS16 - d) + usize::from(p) - earlier_below;
    }
    r
}

/// Rank of the placement `cells[j]` = cell of the pattern's tile j: the
/// fixed-size ranking for its length (1–[`MAX_PATTERN`]; patterns are never
/// longer, and an empty placement has rank 0).
#[inline(always)]
pub(crate) fn rank_cells(cells: &[u8]) -> usize {
    fn fixed<const K: usize>(cells: &[u8]) -> usize {
        <&[u8; K]>::try_from(cells).map_or(0, rank_array)
    }
    match cells.len() {
        1 => fixed::<1>(cells),
        2 => fixed::<2>(cells),
        3 => fixed::<3>(cells),
        4 => fixed::<4>(cells),
        5 => fixed::<5>(cells),
        6 => fixed::<6>(cells),
        7 => fixed::<7>(cells),
        _ => 0,
    }
}

/// Rank of a placement packed as nibbles (tile j's cell in bits 4j..4j+4).
#[inline]
fn rank_packed(packed: u32, k: usize) -> usize {
    let mut cells = [0u8; MAX_PATTERN];
    for (j, c) in cells.iter_mut().enumerate().take(k) {
        *c = ((packed >> (4 * j)) & 0xF) as u8;
    }
    rank_cells(&cells[..k])
}

/// A partition of the tiles 1–15 into disjoint patterns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    name: &'static str,
    groups: Vec<Vec<u8>>,
}

impl Partition {
    /// A 6-6-3 partition (two 6-tile patterns and one 3-tile pattern, as in
    /// Korf & Felner), laid out by goal cells. With the goal blank in the
    /// top-left corner: the three cells of the bottom row after its first
    /// (cells {13,14,15}), the two left columns without the blank's corner
    /// and the bottom row (cells {1,4,5,8,9,12}), and the two right columns
    /// above the bottom row (cells {2,3,6,7,10,11}). A goal blank in another
    /// corner uses the mirrored layout; a goal blank off the corners keeps
    /// the top-left layout, the tile on cell 0 joins the small group, and
    /// the blank's cell leaves its group (groups of at most six).
    ///
    /// This layout was chosen by measurement (BENCHMARKS.md, "15-puzzle,
    /// Korf's 100: fewer nodes"): with the reflected look-up it generated
    /// 44.5 M nodes over Korf's 100 instances, against 127.7 M for the top
    /// row / two 2×3 blocks layout used before, and the fewest on instances
    /// 1–20 of the twelve 6-6-3 layouts tried.
    pub fn six_six_three(goal: &Board16) -> Partition {
        let base: [&[usize]; 3] = [&[13, 14, 15], &[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11]];
        let blank = goal.blank();
        let map = |cell: usize| -> usize {
            let (r, c) = (cell / 4, cell % 4);
            match blank {
                3 => r * 4 + (3 - c),
                12 => (3 - r) * 4 + c,
                15 => (3 - r) * 4 + (3 - c),
                _ => cell,
            }
        };
        let cells = goal.cells();
        let mut groups: Vec<Vec<u8>> = base
            .iter()
            .map(|g| {
                g.iter()
                    .map(|&c| map(c))
                    .filter(|&c| c != blank)
                    .map(|c| cells[c])
                    .collect()
            })
            .collect();
        if ![0, 3, 12, 15].contains(&blank) {
            groups[0].insert(0, cells[0]);
        }
        Partition {
            name: "pdb-663",
            groups,
        }
    }

    /// A partition from explicit tile groups; `None` unless there are at most
    /// [`MAX_GROUPS`], they are disjoint, cover 1–15 exactly, and each has
    /// 1–[`MAX_PATTERN`] tiles.
    pub fn from_groups(name: &'static str, groups: Vec<Vec<u8>>) -> Option<Partition> {
        if groups.len() > MAX_GROUPS {
            return None;
        }
        let mut seen = 0u32;
        for g in &groups {
            if g.is_empty() || g.len() > MAX_PATTERN {
                return None;
            }
            for &t in g {
                if t == 0 || t as usize >= CELLS16 || seen & (1 << t) != 0 {
                    return None;
                }
                seen |= 1 << t;
            }
        }
        (seen == 0xFFFE).then_some(Partition { name, groups })
    }

    /// The partition's name, e.g. `pdb-663`.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The tile groups.
    pub fn groups(&self) -> &[Vec<u8>] {
        &self.groups
    }
}

/// The largest stored excess (four bits).
const MAX_EXCESS: u8 = 15;

/// Manhattan distance of the pattern's tiles on `cells`, to their goal cells
/// `home`.
#[inline]
fn pattern_manhattan(cells: &[u8], home: &[u8]) -> u8 {
    cells
        .iter()
        .zip(home)
        .map(|(&c, &h)| (c / 4).abs_diff(h / 4) + (c % 4).abs_diff(h % 4))
        .sum()
}

/// Packs excess values (one per rank) two to a byte, the even rank in the
/// low nibble.
fn pack_nibbles(len: usize, excess: impl Fn(usize) -> u8) -> Vec<u8> {
    (0..len.div_ceil(2))
        .map(|i| {
            let hi = if 2 * i + 1 < len {
                excess(2 * i + 1)
            } else {
                0
            };
            excess(2 * i) | hi << 4
        })
        .collect()
}

/// One pattern's table: tiles, and the fewest abstract moves for every
/// placement of them, stored as the excess over the tiles' Manhattan
/// distance (see the module docs).
#[derive(Clone, Debug)]
pub struct PatternTable {
    tiles: Vec<u8>,
    /// Goal cell of each tile, in index order.
    home: Vec<u8>,
    /// Excess per rank, four bits each.
    nibbles: Vec<u8>,
    len: usize,
    max_value: u8,
}

impl PatternTable {
    /// The pattern's tiles, in index order.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// Number of entries (placements).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the table has no entries (never, for a built table).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes the entries take (two per byte).
    pub fn bytes(&self) -> usize {
        self.nibbles.len()
    }

    /// The value for the placement `cells[j]` = cell of tile `tiles()[j]`.
    #[inline]
    pub fn value(&self, cells: &[u8]) -> u8 {
        pattern_manhattan(cells, &self.home) + 2 * self.excess_at(rank_cells(cells))
    }

    /// The stored excess at a rank: (value − Manhattan distance of the
    /// pattern's tiles) / 2 (see the module docs for the index).
    #[inline(always)]
    pub(crate) fn excess_at(&self, rank: usize) -> u8 {
        (self.nibbles[rank >> 1] >> ((rank & 1) << 2)) & 0xF
    }

    /// The largest value in the table.
    pub fn max_value(&self) -> u8 {
        self.max_value
    }

    /// Builds the table in one go (a loop over [`PatternBuilder::step`]);
    /// `None` unless `tiles` are 1–[`MAX_PATTERN`] distinct tiles 1–15.
    pub fn build(tiles: &[u8], goal: &Board16) -> Option<PatternTable> {
        let mut b = PatternBuilder::new(tiles, goal)?;
        while !b.step(1 << 20) {}
        b.finish()
    }
}

/// A pattern table under construction, one cost layer at a time, in slices
/// of bounded work (for a page that must stay responsive).
///
/// The search runs over (placement, blank cell) but treats all blank cells
/// of one connected region of free cells as one state: moving the blank
/// through cells without pattern tiles costs nothing, so the whole region is
/// reached at the same cost. Each placement's stored value is its cheapest
/// region — the first layer that reaches the placement at all.
#[derive(Clone, Debug)]
pub struct PatternBuilder {
    tiles: Vec<u8>,
    /// Goal cell of each tile, in index order.
    home: Vec<u8>,
    /// Excess (see the module docs) per placement (small patterns only; see
    /// `seen`).
    values: Vec<u8>,
    /// Per placement, the blank cells already reached. Small patterns: one
    /// bit per cell. Patterns of six or more tiles ("merged", to keep one
    /// cache line per look-up): bits 0..10 mark the free cells by their order
    /// among the free cells, bits 10..16 hold excess + 1 (0: not reached).
    seen: Vec<u16>,
    /// The finished table's entries, two per byte.
    nibbles: Vec<u8>,
    /// The largest value stored so far.
    max_value: u8,
    /// Number of placements.
    entries: usize,
    merged: bool,
    /// Queued states, four bytes each: the placement's nibbles above bit 4
    /// (at most 7 tiles: 28 bits), the blank's cell in bits 0..4 (its
    /// region is worked out again when the state is expanded, which halves
    /// the layer lists against storing the region).
    current: Vec<u32>,
    next: Vec<u32>,
    /// Whether the goal state has been marked (on the first step).
    started: bool,
    cursor: usize,
    depth: u8,
    filled: usize,
}

/// Cells not in column 0 / not in column 3.
const NOT_COL0: u32 = 0xEEEE;
const NOT_COL3: u32 = 0x7777;

/// The cells reachable from `start` through `free` cells (bit masks).
#[inline]
fn region(start: u32, free: u32) -> u32 {
    let mut r = start;
    loop {
        let grown =
            (r | ((r << 4) & 0xFFFF) | (r >> 4) | ((r << 1) & NOT_COL0) | ((r >> 1) & NOT_COL3))
                & free;
        if grown == r {
            return r;
        }
        r = grown;
    }
}

/// The cells free of the pattern's `k` tiles, placed as in `packed`, as a
/// bit mask (the blank is on one of them).
#[inline]
fn free_cells(packed: u32, k: usize) -> u32 {
    let mut occupied = 0u32;
    for j in 0..k {
        occupied |= 1 << ((packed >> (4 * j)) & 0xF);
    }
    !occupied & 0xFFFF
}

/// Neighbour cells of each cell as a bit mask.
const NEIGHBOUR_MASK: [u32; CELLS16] = {
    let mut m = [0u32; CELLS16];
    let mut c = 0;
    while c < CELLS16 {
        let mut d = 0;
        while d < 4 {
            let t = NEIGHBOURS16[c][d];
            if t != NONE {
                m[c] |= 1 << t;
            }
            d += 1;
        }
        c += 1;
    }
    m
};

impl PatternBuilder {
    /// Starts a build for `tiles` toward `goal`; `None` unless they are
    /// 1–[`MAX_PATTERN`] distinct tiles 1–15.
    pub fn new(tiles: &[u8], goal: &Board16) -> Option<PatternBuilder> {
        let k = tiles.len();
        let mut seen = 0u32;
        for &t in tiles {
            if t == 0 || t as usize >= CELLS16 || seen & (1 << t) != 0 {
                return None;
            }
            seen |= 1 << t;
        }
        if k == 0 || k > MAX_PATTERN {
            return None;
        }
        let tiles = tiles.to_vec();
        let cells = goal.cells();
        let mut home = [0u8; CELLS16];
        for (cell, &t) in cells.iter().enumerate() {
            home[t as usize] = cell as u8;
        }
        let goal_cells: Vec<u8> = tiles.iter().map(|&t| home[t as usize]).collect();
        let n = placements(k);
        let packed = goal_cells
            .iter()
            .enumerate()
            .fold(0u32, |acc, (j, &c)| acc | (u32::from(c) << (4 * j)));
        Some(PatternBuilder {
            tiles,
            home: goal_cells,
            values: if k >= 6 { Vec::new() } else { vec![UNSET; n] },
            seen: vec![0u16; n],
            nibbles: Vec::new(),
            max_value: 0,
            entries: n,
            merged: k >= 6,
            current: vec![packed << 4 | u32::from(home[0])],
            next: Vec::new(),
            started: false,
            cursor: 0,
            depth: 0,
            filled: 0,
        })
    }

    /// Marks (placement `packed`, rank `r`) with the blank's region reached
    /// from `blank` at cost `value`, and returns its queue entry; `None` if
    /// the region was already reached.
    #[inline]
    fn reach(&mut self, packed: u32, r: usize, blank: u32, value: u8, k: usize) -> Option<u32> {
        let free = free_cells(packed, k);
        let e = self.seen[r];
        // The excess this value gives if the placement is new (see the
        // module docs), capped to four bits.
        let excess = |b: &mut PatternBuilder| -> u8 {
            let mut cells = [0u8; MAX_PATTERN];
            for (j, c) in cells.iter_mut().enumerate().take(k) {
                *c = ((packed >> (4 * j)) & 0xF) as u8;
            }
            let md = pattern_manhattan(&cells[..k], &b.home);
            let x = ((value - md) / 2).min(MAX_EXCESS);
            b.max_value = b.max_value.max(md + 2 * x);
            b.filled += 1;
            x
        };
        if self.merged {
            let index = (free & ((1 << blank) - 1)).count_ones();
            if e >> index & 1 != 0 {
                return None;
            }
            let area = region(1 << blank, free);
            // The region as bits over the free cells in order.
            let (mut f, mut i, mut bits) = (free, 0, 0u16);
            while f != 0 {
                let low = f & f.wrapping_neg();
                if area & low != 0 {
                    bits |= 1 << i;
                }
                i += 1;
                f &= f - 1;
            }
            let mut new = e | bits;
            if e >> 10 == 0 {
                new |= u16::from(excess(self) + 1) << 10;
            }
            self.seen[r] = new;
            Some(packed << 4 | blank)
        } else {
            if e >> blank & 1 != 0 {
                return None;
            }
            let area = region(1 << blank, free);
            self.seen[r] = e | area as u16;
            if self.values[r] == UNSET {
                self.values[r] = excess(self);
            }
            Some(packed << 4 | blank)
        }
    }

    /// Expands up to `work` entries of the current layer; `true` when the
    /// whole space has been searched.
    ///
    /// Every edge between two (placement, region) states costs 1 (moves
    /// inside a region are free and stay in the state), so this is a plain
    /// breadth-first search over those states, each queued once.
    pub fn step(&mut self, work: usize) -> bool {
        let k = self.tiles.len();
        if !self.started {
            // The goal state, marked on the first call.
            self.started = true;
            if let Some(&first) = self.current.first() {
                let (packed, blank) = (first >> 4, first & 0xF);
                let r = rank_packed(packed, k);
                if self.reach(packed, r, blank, 0, k).is_none() {
                    self.current.clear();
                }
            }
        }
        let mut left = work.max(1);
        while left > 0 {
            if self.cursor == self.current.len() {
                if self.next.is_empty() {
                    self.current = Vec::new();
                    let n = self.seen.len();
                    self.nibbles = if self.merged {
                        let seen = &self.seen;
                        pack_nibbles(n, |r| ((seen[r] >> 10) as u8).saturating_sub(1))
                    } else {
                        let values = &self.values;
                        pack_nibbles(n, |r| values[r])
                    };
                    self.merged = false;
                    self.seen = Vec::new();
                    self.values = Vec::new();
                    return true;
                }
                std::mem::swap(&mut self.current, &mut self.next);
                self.next.clear();
                // In rank order, successive expansions touch nearby entries.
                self.current.sort_unstable();
                self.cursor = 0;
                self.depth += 1;
                continue;
            }
            let end = (self.cursor + left).min(self.current.len());
            left -= end - self.cursor;
            let value = self.depth + 1;
            for i in self.cursor..end {
                let entry = self.current[i];
                let packed = entry >> 4;
                let area = region(1 << (entry & 0xF), free_cells(packed, k));
                // A pattern tile next to the region slides into it (cost 1);
                // the blank ends on the tile's old cell.
                for j in 0..k {
                    let from = (packed >> (4 * j)) & 0xF;
                    let mut targets = NEIGHBOUR_MASK[from as usize] & area;
                    while targets != 0 {
                        let to = targets.trailing_zeros();
                        targets &= targets - 1;
                        let moved = (packed & !(0xF << (4 * j))) | (to << (4 * j));
                        let r2 = rank_packed(moved, k);
                        if let Some(e) = self.reach(moved, r2, from, value, k) {
                            self.next.push(e);
                        }
                    }
                }
            }
            self.cursor = end;
        }
        false
    }

    /// Progress: (cost layer being expanded, entries filled, entries).
    pub fn progress(&self) -> (u8, usize, usize) {
        (self.depth, self.filled, self.entries)
    }

    /// The finished table; `None` if the build is not done.
    pub fn finish(self) -> Option<PatternTable> {
        (self.current.is_empty() && self.next.is_empty()).then_some(PatternTable {
            tiles: self.tiles,
            home: self.home,
            nibbles: self.nibbles,
            len: self.entries,
            max_value: self.max_value,
        })
    }
}

/// An additive disjoint pattern database: one table per group of a
/// [`Partition`], for one goal. h(board) = Σ tables.
#[derive(Clone, Debug)]
pub struct PatternDb {
    name: &'static str,
    goal: Board16,
    tables: Vec<PatternTable>,
    /// pattern index of each tile (tile 0, the blank: none).
    pub(crate) pattern_of: [u8; CELLS16],
}

impl PatternDb {
    /// Builds every table of `partition` toward `goal` (native convenience;
    /// the page drives a [`PdbBuilder`] in slices instead).
    pub fn build(partition: &Partition, goal: &Board16) -> PatternDb {
        let mut b = PdbBuilder::new(partition, goal);
        while !b.step(1 << 20) {}
        match b.finish() {
            Some(db) => db,
            None => unreachable!("a partition's groups always build"),
        }
    }

    /// Assembles a database from tables built separately (e.g. on several
    /// threads); `None` unless their tiles are exactly the partition's
    /// groups in order.
    pub fn from_tables(
        partition: &Partition,
        goal: &Board16,
        tables: Vec<PatternTable>,
    ) -> Option<PatternDb> {
        if tables.len() != partition.groups().len()
            || tables
                .iter()
                .zip(partition.groups())
                .any(|(t, g)| t.tiles() != g.as_slice())
        {
            return None;
        }
        let mut pattern_of = [NONE; CELLS16];
        for (p, g) in partition.groups().iter().enumerate() {
            for &t in g {
                pattern_of[t as usize] = p as u8;
            }
        }
        Some(PatternDb {
            name: partition.name(),
            goal: *goal,
            tables,
            pattern_of,
        })
    }

    /// The partition's name, e.g. `pdb-663`.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The goal the tables lead to.
    pub fn goal(&self) -> &Board16 {
        &self.goal
    }

    /// The tables, one per pattern.
    pub fn tables(&self) -> &[PatternTable] {
        &self.tables
    }

    /// Bytes held by the tables' entries.
    pub fn bytes(&self) -> usize {
        self.tables.iter().map(PatternTable::bytes).sum()
    }

    /// Each pattern's value for `board`.
    pub fn parts(&self, board: &Board16) -> Vec<u8> {
        let mut pos = [0u8; CELLS16];
        for (cell, &t) in board.cells().iter().enumerate() {
            pos[t as usize] = cell as u8;
        }
        self.tables
            .iter()
            .map(|t| {
                let cells: Vec<u8> = t.tiles().iter().map(|&x| pos[x as usize]).collect();
                t.value(&cells)
            })
            .collect()
    }

    /// The additive estimate for `board`: the sum of [`PatternDb::parts`].
    pub fn estimate(&self, board: &Board16) -> u32 {
        self.parts(board).iter().map(|&v| u32::from(v)).sum()
    }
}

/// Progress of a [`PdbBuilder`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// Index of the pattern being built (= patterns when done).
    pub pattern: usize,
    /// Number of patterns.
    pub patterns: usize,
    /// Breadth-first depth of the pattern being built.
    pub depth: u8,
    /// Entries filled so far, over all patterns.
    pub filled: usize,
    /// Entries in all patterns.
    pub entries: usize,
}

/// A whole database under construction, in slices of bounded work: call
/// [`PdbBuilder::step`] until it returns `true`, then [`PdbBuilder::finish`].
#[derive(Clone, Debug)]
pub struct PdbBuilder {
    partition: Partition,
    goal: Board16,
    done: Vec<PatternTable>,
    current: Option<PatternBuilder>,
    filled_before: usize,
    entries: usize,
}

impl PdbBuilder {
    /// Starts building `partition`'s tables toward `goal`.
    pub fn new(partition: &Partition, goal: &Board16) -> PdbBuilder {
        let entries = partition.groups().iter().map(|g| placements(g.len())).sum();
        PdbBuilder {
            partition: partition.clone(),
            goal: *goal,
            done: Vec::new(),
            current: None,
            filled_before: 0,
            entries,
        }
    }

    /// Does up to `work` placement expansions; `true` when every table is built.
    pub fn step(&mut self, work: usize) -> bool {
        loop {
            let index = self.done.len();
            if index == self.partition.groups().len() {
                return true;
            }
            if self.current.is_none() {
                // A Partition's groups are always valid pattern tiles.
                self.current = PatternBuilder::new(&self.partition.groups()[index], &self.goal);
            }
            let Some(builder) = self.current.as_mut() else {
                return false;
            };
            if !builder.step(work) {
                return false;
            }
            if let Some(table) = self.current.take().and_then(PatternBuilder::finish) {
                self.filled_before += table.len();
                self.done.push(table);
            }
        }
    }

    /// How far the build has come.
    pub fn progress(&self) -> BuildProgress {
        let (depth, filled) = self
            .current
            .as_ref()
            .map_or((0, 0), |b| (b.progress().0, b.progress().1));
        BuildProgress {
            pattern: self.done.len(),
            patterns: self.partition.groups().len(),
            depth,
            filled: self.filled_before + filled,
            entries: self.entries,
        }
    }

    /// The database; `None` if the build is not done.
    pub fn finish(self) -> Option<PatternDb> {
        PatternDb::from_tables(&self.partition, &self.goal, self.done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, VecDeque};

    #[test]
    fn rank_is_a_bijection_for_two_tiles() {
        let mut seen = vec![false; placements(2)];
        for a in 0..16u8 {
            for b in 0..16u8 {
                if a != b {
                    let r = rank_cells(&[a, b]);
                    assert!(!seen[r]);
                    seen[r] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(placements(6), 5_765_760);
        assert_eq!(placements(3), 3_360);
    }

    #[test]
    fn partition_six_six_three() {
        let p = Partition::six_six_three(&Board16::KORF_GOAL);
        assert_eq!(
            p.groups(),
            [
                vec![13, 14, 15],
                vec![1, 4, 5, 8, 9, 12],
                vec![2, 3, 6, 7, 10, 11]
            ]
        );
        let p = Partition::six_six_three(&Board16::DEFAULT_GOAL);
        assert_eq!(
            p.groups(),
            [
                vec![3, 2, 1],
                vec![15, 12, 11, 8, 7, 4],
                vec![14, 13, 10, 9, 6, 5]
            ]
        );
        let mid =
            Board16::from_cells([1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]).unwrap();
        let p = Partition::six_six_three(&mid);
        assert_eq!(
            p.groups(),
            [
                vec![1, 13, 14, 15],
                vec![2, 5, 8, 9, 12],
                vec![3, 4, 6, 7, 10, 11]
            ]
        );
        assert!(Partition::from_groups("x", p.groups().to_vec()).is_some());
        assert!(Partition::from_groups("x", vec![vec![1, 2]]).is_none());
        let five: Vec<Vec<u8>> = (0..5)
            .map(|i| vec![3 * i + 1, 3 * i + 2, 3 * i + 3])
            .collect();
        assert!(Partition::from_groups("x", five).is_none());
    }

    /// The 3-tile table against a plain breadth-first search over tuples.
    #[test]
    fn three_tile_table_matches_plain_bfs() {
        let goal = Board16::KORF_GOAL;
        let tiles = [1u8, 2, 3];
        let table = PatternTable::build(&tiles, &goal).unwrap();
        assert!(PatternTable::build(&[1, 1], &goal).is_none());
        assert!(PatternTable::build(&[0, 1], &goal).is_none());
        // Plain 0-1 breadth-first search over (tile cells, blank cell) with
        // the blank moving one cell at a time: onto a pattern tile costs 1.
        type State = ([u8; 3], u8);
        let start: State = ([1, 2, 3], 0);
        let mut full: HashMap<State, u8> = HashMap::new();
        let mut queue: VecDeque<(State, u8)> = VecDeque::from([(start, 0)]);
        while let Some((st, d)) = queue.pop_front() {
            if full.contains_key(&st) {
                continue;
            }
            full.insert(st, d);
            let (tiles_at, blank) = st;
            let (r, c) = (i32::from(blank / 4), i32::from(blank % 4));
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (nr, nc) = (r + dr, c + dc);
                if !(0..4).contains(&nr) || !(0..4).contains(&nc) {
                    continue;
                }
                let q = (nr * 4 + nc) as u8;
                let mut next = tiles_at;
                match tiles_at.iter().position(|&x| x == q) {
                    Some(j) => {
                        next[j] = blank;
                        queue.push_back(((next, q), d + 1));
                    }
                    None => queue.push_front(((next, q), d)),
                }
            }
        }
        let mut dist: HashMap<[u8; 3], u8> = HashMap::new();
        for ((t, _), d) in full {
            let e = dist.entry(t).or_insert(d);
            *e = (*e).min(d);
        }
        assert_eq!(dist.len(), 3_360);
        for (s, d) in &dist {
            assert_eq!(table.value(s), *d, "{s:?}");
            // At least the Manhattan distance of the pattern's tiles.
            let md: u8 = s
                .iter()
                .zip(tiles)
                .map(|(&c, t)| (c / 4).abs_diff(t / 4) + (c % 4).abs_diff(t % 4))
                .sum();
            assert!(table.value(s) >= md);
        }
    }

    #[test]
    fn builder_reports_progress_and_finishes() {
        let goal = Board16::KORF_GOAL;
        let partition = Partition::from_groups(
            "small",
            vec![
                vec![1, 2, 3, 4],
                vec![5, 6, 7, 8],
                vec![9, 10, 11, 12],
                vec![13, 14, 15],
            ],
        )
        .unwrap();
        let mut b = PdbBuilder::new(&partition, &goal);
        assert_eq!(b.progress().entries, 3 * 43_680 + 3_360);
        let mut steps = 0;
        while !b.step(500) {
            steps += 1;
            let p = b.progress();
            assert!(p.filled <= p.entries);
        }
        assert!(steps > 10);
        assert_eq!(b.progress().filled, 3 * 43_680 + 3_360);
        let db = b.finish().unwrap();
        assert_eq!(db.estimate(&goal), 0);
        assert_eq!(db.bytes(), 3 * 43_680 / 2 + 3_360 / 2);
    }
}
