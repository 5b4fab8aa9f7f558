//! Additive disjoint pattern databases for every shape, built at run time.
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
//! A pattern of every tile gives the exact distance (the blank's cell is
//! then the one free cell).
//!
//! **Index.** A placement of k tiles on a board of N cells (positions
//! p₀…p_{k−1}, all different) is ranked in the mixed radix N·(N−1)·…·(N−k+1),
//! the last tile's digit most significant: tile j's digit is pⱼ minus the
//! number of more significant tiles on lower cells. On 4×4, 6-tile tables
//! have 5,765,760 entries, the 3-tile one 3,360.
//!
//! **Entries of four bits.** Every abstract move slides one pattern tile one
//! cell, changing that tile's Manhattan distance by exactly one, so a
//! placement's value v and the Manhattan distance m of its tiles have the
//! same parity and v ≥ m. A table stores (v − m) / 2, capped at 15 (a cap
//! only lowers the estimate, so it stays admissible), two entries per byte,
//! and the search adds the Manhattan distance it keeps anyway.
//!
//! **Four bits on 5×5 with six tiles.** Not proved in general, measured:
//! the four 6-tile tables of `pdb-6666` (127,512,000 entries each) store an
//! excess of at most 5 (a value at most 10 above the tiles' Manhattan
//! distance; 25 entries of the first table and 205 of each other reach 5,
//! none more), far from the cap of 15, so no entry is capped; a table
//! whose build did reach the cap would still answer admissibly.
//!
//! **Build states.** A queued state is a 64-bit word: the placement, four
//! bits a cell on boards of up to 16 cells and five above, and the blank's
//! cell below it (left out when the pattern holds every tile: the blank is
//! then on the one free cell); 35 bits for six tiles on 5×5. Per placement
//! the build keeps the blank cells reached: with at most ten free cells, in
//! 16 bits together with the value; otherwise a 32-bit cell mask and a
//! value byte (five bytes a placement: 638 MB for a 6-tile table of 5×5).
//!
//! **Memory.** Every array of the build is reserved fallibly: a build short
//! of memory stops with [`PatternError::OutOfMemory`] and the bytes it
//! asked for, and never aborts the process.

use super::partition::{max_table_pattern, MAX_PATTERN};
use crate::engine::{shape::MAX_CELLS, Board, Move, Shape};
use std::ops::Range;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering::Relaxed};

/// Number of placements of `k` distinct tiles on `cells` cells:
/// cells!/(cells−k)!.
pub fn placements(k: usize, cells: usize) -> usize {
    (0..k).map(|j| cells - j).product()
}

/// Rank of the placement `cells[j]` = cell of the pattern's tile j on a
/// board of `n` cells, for a pattern of `K` tiles (a fixed size, so the
/// comparisons unroll).
#[inline(always)]
fn rank_array<const K: usize>(cells: &[u8; K], n: usize) -> usize {
    // The last tile is the most significant digit, so that ordering packed
    // placements (last tile in the highest bits) as integers is ordering
    // them by rank: the build sorts each layer that way for locality.
    let mut r = 0usize;
    for d in 0..K {
        let j = K - 1 - d;
        let p = cells[j];
        // Comparisons rather than a popcount: baseline x86-64 and wasm
        // builds have no fast popcount instruction to rely on.
        let earlier_below: usize = cells[j + 1..].iter().map(|&q| usize::from(q < p)).sum();
        r = r * (n - d) + usize::from(p) - earlier_below;
    }
    r
}

/// Rank of the placement `cells[j]` = cell of the pattern's tile j on a
/// board of `n` cells: the fixed-size ranking for its length (1–8).
#[inline(always)]
pub(crate) fn rank_cells(cells: &[u8], n: usize) -> usize {
    #[inline(always)]
    fn fixed<const K: usize>(cells: &[u8], n: usize) -> usize {
        <&[u8; K]>::try_from(cells).map_or(0, |c| rank_array(c, n))
    }
    match cells.len() {
        1 => fixed::<1>(cells, n),
        2 => fixed::<2>(cells, n),
        3 => fixed::<3>(cells, n),
        4 => fixed::<4>(cells, n),
        5 => fixed::<5>(cells, n),
        6 => fixed::<6>(cells, n),
        7 => fixed::<7>(cells, n),
        8 => fixed::<8>(cells, n),
        _ => 0,
    }
}

/// A set of cells, one bit a cell: 32 bits on boards of up to 32 cells (so
/// the builds of 4×4 and 5×5 run on the width they always had), 64 above.
/// The builder's hot functions are compiled once for each.
trait Mask:
    Copy
    + PartialEq
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitAndAssign
    + std::ops::BitOrAssign
    + std::ops::Not<Output = Self>
    + std::ops::Shl<u32, Output = Self>
    + std::ops::Shr<u32, Output = Self>
    + std::ops::Sub<Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    /// Whether this is the 64-bit form.
    const WIDE: bool;
    /// The low cells of a 64-bit set.
    fn of(x: u64) -> Self;
    /// As a 64-bit set.
    fn wide(self) -> u64;
    fn tz(self) -> u32;
    fn ones(self) -> u32;
    fn neg(self) -> Self;
}

macro_rules! mask {
    ($t:ty, $wide:expr) => {
        impl Mask for $t {
            const ZERO: $t = 0;
            const ONE: $t = 1;
            const WIDE: bool = $wide;
            #[inline(always)]
            fn of(x: u64) -> $t {
                x as $t
            }
            #[inline(always)]
            fn wide(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn tz(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn ones(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn neg(self) -> $t {
                self.wrapping_neg()
            }
        }
    };
}
mask!(u32, false);
mask!(u64, true);

/// Bits a cell takes in a packed placement on a board of `n` cells: 4 up
/// to 16 cells, 5 up to 32, 6 above (64 cells at most).
fn cell_bits(n: usize) -> u32 {
    if n <= 16 {
        4
    } else if n <= 32 {
        5
    } else {
        6
    }
}

/// The largest stored excess (four bits).
pub const MAX_EXCESS: u8 = 15;

/// Why a pattern table cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternError {
    /// Occurs when the tiles are not 1–[`max_table_pattern`] distinct tiles
    /// of the goal's shape.
    BadPattern,
    /// Occurs when an array of the build could not be reserved.
    OutOfMemory {
        /// Bytes asked for.
        bytes: usize,
    },
    /// Occurs when the build's stated peak is more than the memory the
    /// system says is available: refused before anything is reserved.
    NotEnoughMemory {
        /// Bytes the build holds at its peak (as stated before a build).
        needed: usize,
        /// Bytes available.
        available: usize,
    },
}

impl std::fmt::Display for PatternError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PatternError::BadPattern => {
                write!(f, "the tiles are not a pattern of the goal's shape")
            }
            PatternError::OutOfMemory { bytes } => write!(
                f,
                "out of memory: the pattern database build could not reserve {} MB more",
                bytes.div_ceil(1_000_000)
            ),
            PatternError::NotEnoughMemory { needed, available } => write!(
                f,
                "not enough memory: the pattern database build holds up to about {} MB and {} MB are available",
                needed.div_ceil(1_000_000),
                available / 1_000_000
            ),
        }
    }
}

impl std::error::Error for PatternError {}

/// A vector of `len` copies of `make()`, reserved fallibly.
fn try_filled<T>(len: usize, make: impl Fn() -> T) -> Result<Vec<T>, PatternError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| PatternError::OutOfMemory {
            bytes: len.saturating_mul(std::mem::size_of::<T>()),
        })?;
    v.extend((0..len).map(|_| make()));
    Ok(v)
}

/// Value of an entry not reached yet during the build.
const UNSET: u8 = u8::MAX;

/// Manhattan distance of the pattern's tiles on `cells` to their goal cells
/// `home`, on a board `w` wide.
#[inline]
fn pattern_manhattan(cells: &[u8], home: &[u8], w: u8) -> u8 {
    cells
        .iter()
        .zip(home)
        .map(|(&c, &h)| (c / w).abs_diff(h / w) + (c % w).abs_diff(h % w))
        .sum()
}

/// Packs excess values (one per rank) two to a byte, the even rank in the
/// low nibble.
fn pack_nibbles(len: usize, excess: impl Fn(usize) -> u8) -> Result<Vec<u8>, PatternError> {
    let bytes = len.div_ceil(2);
    let mut v = Vec::new();
    v.try_reserve_exact(bytes)
        .map_err(|_| PatternError::OutOfMemory { bytes })?;
    v.extend((0..bytes).map(|i| {
        let hi = if 2 * i + 1 < len {
            excess(2 * i + 1)
        } else {
            0
        };
        excess(2 * i) | hi << 4
    }));
    Ok(v)
}

/// One pattern's table: tiles, and the fewest abstract moves for every
/// placement of them, stored as the excess over the tiles' Manhattan
/// distance (see the module docs).
#[derive(Clone, Debug)]
pub struct PatternTable {
    pub(crate) shape: Shape,
    pub(crate) tiles: Vec<u8>,
    /// Goal cell of each tile, in index order.
    pub(crate) home: Vec<u8>,
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
    pub fn value(&self, cells: &[u8]) -> u8 {
        let n = self.shape.cells();
        pattern_manhattan(cells, &self.home, self.shape.width() as u8)
            + 2 * self.excess_at(rank_cells(cells, n))
    }

    /// The packed entries (two a byte, the even rank in the low nibble).
    pub(crate) fn nibbles(&self) -> &[u8] {
        &self.nibbles
    }

    /// A table of `tiles` toward `goal` from stored entries; `None` unless
    /// `nibbles` has exactly the bytes the pattern's placements take.
    pub(crate) fn from_nibbles(
        tiles: &[u8],
        goal: &Board,
        nibbles: Vec<u8>,
        max_value: u8,
    ) -> Option<PatternTable> {
        let shape = goal.shape();
        let len = placements(tiles.len(), shape.cells());
        (nibbles.len() == len.div_ceil(2)).then(|| PatternTable {
            shape,
            tiles: tiles.to_vec(),
            home: tiles.iter().map(|&t| goal.cell_of(t) as u8).collect(),
            nibbles,
            len,
            max_value,
        })
    }

    /// The stored excess at a rank: (value − Manhattan distance of the
    /// pattern's tiles) / 2.
    #[inline(always)]
    pub(crate) fn excess_at(&self, rank: usize) -> u8 {
        (self.nibbles[rank >> 1] >> ((rank & 1) << 2)) & 0xF
    }

    /// The largest value in the table.
    pub fn max_value(&self) -> u8 {
        self.max_value
    }

    /// Builds the table in one go (a loop over [`PatternBuilder::step`]);
    /// `None` unless [`PatternBuilder::new`] accepts `tiles`.
    pub fn build(tiles: &[u8], goal: &Board) -> Option<PatternTable> {
        PatternTable::try_build(tiles, goal).ok()
    }

    /// [`PatternTable::build`], saying why it failed (a bad pattern, or
    /// the bytes that could not be reserved).
    pub fn try_build(tiles: &[u8], goal: &Board) -> Result<PatternTable, PatternError> {
        let mut b = PatternBuilder::try_new(tiles, goal)?;
        while !b.step(1 << 20) {}
        b.try_finish()
    }
}

/// The symmetries of `shape` that map the board onto itself, each as the
/// image of every cell: the identity, the half turn and the two mirror
/// flips, and on a square board also the two quarter turns and the two
/// diagonal reflections.
fn board_symmetries(shape: Shape) -> Vec<[u8; MAX_CELLS]> {
    let (w, h) = (shape.width(), shape.height());
    let mut maps = Vec::new();
    for m in 0..8 {
        if m >= 4 && !shape.is_square() {
            break;
        }
        let mut map = [0u8; MAX_CELLS];
        for (cell, image) in map.iter_mut().enumerate().take(w * h) {
            let (r, c) = (cell / w, cell % w);
            let (r, c) = match m {
                0 => (r, c),
                1 => (h - 1 - r, w - 1 - c),
                2 => (h - 1 - r, c),
                3 => (r, w - 1 - c),
                4 => (c, r),
                5 => (w - 1 - c, h - 1 - r),
                6 => (c, h - 1 - r),
                _ => (w - 1 - c, r),
            };
            *image = (r * w + c) as u8;
        }
        maps.push(map);
    }
    maps
}

/// The cells next to `cell`, as a mask (any shape of up to 64 cells).
fn neighbours_of(shape: Shape, cell: usize) -> u64 {
    Move::ALL
        .into_iter()
        .filter_map(|mv| shape.target(cell, mv))
        .fold(0u64, |m, t| m | 1 << t)
}

/// Whether the cells other than `taken` form one connected region.
fn free_connected(shape: Shape, taken: &[u8]) -> bool {
    let n = shape.cells();
    let free: Vec<bool> = (0..n as u8).map(|c| !taken.contains(&c)).collect();
    let Some(start) = free.iter().position(|&f| f) else {
        return true;
    };
    let mut seen = vec![false; n];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(c) = stack.pop() {
        let mut next = neighbours_of(shape, c);
        while next != 0 {
            let t = next.trailing_zeros() as usize;
            next &= next - 1;
            if free[t] && !seen[t] {
                seen[t] = true;
                stack.push(t);
            }
        }
    }
    (0..n).all(|c| !free[c] || seen[c])
}

impl PatternTable {
    /// The table of `tiles` toward `goal` read off this one through a
    /// symmetry of the board, when there is one: a symmetry S that carries
    /// this table's goal cells onto those of `tiles` (tile for tile by the
    /// cells they map to), with the cells free of this pattern at the goal
    /// forming one region. The abstract search then does not depend on where
    /// the goal's blank is (it moves free through that region), S keeps
    /// adjacency and every Manhattan distance, so the fewest moves of
    /// `tiles` from cells x equal this table's from S⁻¹(x), and so do the
    /// stored excesses. `None` when no symmetry fits (or the entries could
    /// not be reserved: the caller then builds the table). The entries are
    /// the ones a build would store.
    pub fn turned(&self, tiles: &[u8], goal: &Board) -> Option<PatternTable> {
        let shape = goal.shape();
        let k = tiles.len();
        if shape != self.shape || k != self.tiles.len() || !free_connected(shape, &self.home) {
            return None;
        }
        let home: Vec<u8> = tiles.iter().map(|&t| goal.cell_of(t) as u8).collect();
        // For each symmetry: source[j] = the index in this table of the
        // tile whose goal cell S carries to tile j's goal cell.
        let source = board_symmetries(shape).into_iter().find_map(|map| {
            let mut source = [0usize; MAX_PATTERN];
            for (j, &hb) in home.iter().enumerate() {
                source[j] = self
                    .home
                    .iter()
                    .position(|&ha| map[usize::from(ha)] == hb)?;
            }
            let mut inverse = [0u8; MAX_CELLS];
            for (c, &m) in map.iter().enumerate().take(shape.cells()) {
                inverse[usize::from(m)] = c as u8;
            }
            Some((source, inverse))
        })?;
        let (source, inverse) = source;
        let n = shape.cells();
        let len = placements(k, n);
        let mut nibbles = Vec::new();
        nibbles.try_reserve_exact(len.div_ceil(2)).ok()?;
        nibbles.resize(len.div_ceil(2), 0u8);
        // Every placement of `tiles`, in an odometer over distinct cells.
        let mut cells = [0u8; MAX_PATTERN];
        let mut mine = [0u8; MAX_PATTERN];
        let mut j = 0usize;
        let mut used = 0u64;
        cells[0] = 0;
        loop {
            // Advance position j to its next free cell (or back up).
            if usize::from(cells[j]) >= n {
                if j == 0 {
                    break;
                }
                j -= 1;
                used &= !(1 << cells[j]);
                cells[j] += 1;
                continue;
            }
            if used >> cells[j] & 1 != 0 {
                cells[j] += 1;
                continue;
            }
            if j + 1 < k {
                used |= 1 << cells[j];
                j += 1;
                cells[j] = 0;
                continue;
            }
            for (t, &c) in cells.iter().enumerate().take(k) {
                mine[source[t]] = inverse[usize::from(c)];
            }
            let e = self.excess_at(rank_cells(&mine[..k], n));
            let r = rank_cells(&cells[..k], n);
            nibbles[r >> 1] |= e << ((r & 1) << 2);
            cells[j] += 1;
        }
        Some(PatternTable {
            shape,
            tiles: tiles.to_vec(),
            home,
            nibbles,
            len,
            max_value: self.max_value,
        })
    }
}

/// What one [`PatternBuilder::expand`] found: placements reached for the
/// first time and the largest value among them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    filled: usize,
    max_value: u8,
    /// Bytes a layer list could not reserve (0: none); the expansion
    /// stopped there.
    short: usize,
}

impl Tally {
    /// Both tallies together (of disjoint ranges of one layer).
    pub fn merge(self, other: Tally) -> Tally {
        Tally {
            filled: self.filled + other.filled,
            max_value: self.max_value.max(other.max_value),
            short: self.short.max(other.short),
        }
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
///
/// The marks are atomics, so one layer's entries may be expanded in
/// disjoint ranges at once ([`PatternBuilder::expand`] takes `&self`; the
/// command line runs the 8-tile table of `pdb-78` on both cores this way);
/// the page and [`PatternBuilder::step`] run them one range at a time.
#[derive(Debug)]
pub struct PatternBuilder {
    shape: Shape,
    tiles: Vec<u8>,
    home: Vec<u8>,
    /// Bits a cell takes in a packed placement (4, 5 or 6).
    bits: u32,
    /// Bits of the blank's cell in a queued state (0 when implied).
    blank_bits: u32,
    /// All cells; cells off the first and off the last column.
    all: u64,
    not_first_col: u64,
    not_last_col: u64,
    neighbour_mask: [u64; MAX_CELLS],
    /// Excess per placement (unmerged builds only).
    values: Vec<AtomicU8>,
    /// Merged builds (at most ten free cells): bits 0..10 mark the free
    /// cells reached by their order among the free cells, bits 10..16 hold
    /// excess + 1 (0: not reached).
    seen16: Vec<AtomicU16>,
    /// Unmerged builds of at most 32 cells: the blank cells reached, one
    /// bit a cell.
    seen32: Vec<AtomicU32>,
    /// Unmerged builds of more than 32 cells: the same, 64 bits.
    seen64: Vec<AtomicU64>,
    nibbles: Vec<u8>,
    max_value: u8,
    entries: usize,
    merged: bool,
    current: Vec<u64>,
    next: Vec<u64>,
    started: bool,
    done: bool,
    cursor: usize,
    depth: u8,
    filled: usize,
    /// Set when an array could not be reserved: the build stops.
    failed: Option<PatternError>,
}

impl PatternBuilder {
    /// Starts a build for `tiles` toward `goal`; `None` unless they are
    /// 1–[`max_table_pattern`] distinct tiles of the goal's shape (at most
    /// [`MAX_PATTERN`]).
    pub fn new(tiles: &[u8], goal: &Board) -> Option<PatternBuilder> {
        PatternBuilder::try_new(tiles, goal).ok()
    }

    /// [`PatternBuilder::new`], saying why it failed: a bad pattern, or the
    /// bytes of the marks that could not be reserved.
    pub fn try_new(tiles: &[u8], goal: &Board) -> Result<PatternBuilder, PatternError> {
        let shape = goal.shape();
        let n = shape.cells();
        let k = tiles.len();
        if k == 0 || k > max_table_pattern(n).min(MAX_PATTERN) {
            return Err(PatternError::BadPattern);
        }
        let mut seen = 0u64;
        for &t in tiles {
            if t == 0 || usize::from(t) >= n || seen & (1 << t) != 0 {
                return Err(PatternError::BadPattern);
            }
            seen |= 1 << t;
        }
        let home: Vec<u8> = tiles.iter().map(|&t| goal.cell_of(t) as u8).collect();
        let bits = cell_bits(n);
        let blank_bits = if k + 1 == n { 0 } else { bits };
        let w = shape.width();
        let all = u64::MAX >> (64 - n);
        let (mut first, mut last) = (0u64, 0u64);
        for c in 0..n {
            if c % w == 0 {
                first |= 1 << c;
            }
            if c % w == w - 1 {
                last |= 1 << c;
            }
        }
        let mut neighbour_mask = [0u64; MAX_CELLS];
        for (c, m) in neighbour_mask.iter_mut().enumerate().take(n) {
            *m = neighbours_of(shape, c);
        }
        let entries = placements(k, n);
        let merged = n - k <= 10;
        let packed = home
            .iter()
            .enumerate()
            .fold(0u64, |acc, (j, &c)| acc | u64::from(c) << (bits * j as u32));
        let goal_blank = goal.blank() as u64;
        let (values, seen16, seen32, seen64) = if merged {
            (
                Vec::new(),
                try_filled(entries, || AtomicU16::new(0))?,
                Vec::new(),
                Vec::new(),
            )
        } else if n <= 32 {
            (
                try_filled(entries, || AtomicU8::new(UNSET))?,
                Vec::new(),
                try_filled(entries, || AtomicU32::new(0))?,
                Vec::new(),
            )
        } else {
            (
                try_filled(entries, || AtomicU8::new(UNSET))?,
                Vec::new(),
                Vec::new(),
                try_filled(entries, || AtomicU64::new(0))?,
            )
        };
        Ok(PatternBuilder {
            shape,
            tiles: tiles.to_vec(),
            home,
            bits,
            blank_bits,
            all,
            not_first_col: all & !first,
            not_last_col: all & !last,
            neighbour_mask,
            values,
            seen16,
            seen32,
            seen64,
            nibbles: Vec::new(),
            max_value: 0,
            entries,
            merged,
            current: vec![packed << blank_bits | if blank_bits == 0 { 0 } else { goal_blank }],
            next: Vec::new(),
            started: false,
            done: false,
            cursor: 0,
            depth: 0,
            filled: 0,
            failed: None,
        })
    }

    /// The cells reachable from `start` through `free` cells (bit masks).
    #[inline]
    fn region<M: Mask>(&self, start: M, free: M) -> M {
        let w = self.shape.width() as u32;
        let (all, not_first, not_last) = (
            M::of(self.all),
            M::of(self.not_first_col),
            M::of(self.not_last_col),
        );
        let mut r = start;
        loop {
            let grown =
                (r | ((r << w) & all) | (r >> w) | ((r << 1) & not_first) | ((r >> 1) & not_last))
                    & free;
            if grown == r {
                return r;
            }
            r = grown;
        }
    }

    /// The pattern's cells in a packed placement.
    #[inline]
    fn unpack(&self, packed: u64, k: usize) -> [u8; MAX_PATTERN] {
        let mask = (1u64 << self.bits) - 1;
        let mut cells = [0u8; MAX_PATTERN];
        for (j, c) in cells.iter_mut().enumerate().take(k) {
            *c = ((packed >> (self.bits * j as u32)) & mask) as u8;
        }
        cells
    }

    /// The cells free of the pattern's tiles (the blank is on one of them).
    #[inline]
    fn free_cells<M: Mask>(&self, cells: &[u8]) -> M {
        let occupied = cells
            .iter()
            .fold(M::ZERO, |acc, &c| acc | M::ONE << u32::from(c));
        !occupied & M::of(self.all)
    }

    /// Marks (placement `packed`, rank `r`) with the blank's region reached
    /// from `blank` at cost `value`, and returns its queue entry; `None` if
    /// the region was already reached. `cells` is the placement unpacked,
    /// `free` its free cells; `tally` counts placements reached for the
    /// first time and keeps the largest value.
    ///
    /// Safe to run from several threads within one layer: every mark is an
    /// atomic OR, a placement's first value is the same for every thread of
    /// the layer (its cost and its tiles' Manhattan distance), and only the
    /// thread whose OR set the blank's bit queues the entry.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn reach<M: Mask>(
        &self,
        packed: u64,
        cells: &[u8; MAX_PATTERN],
        free: M,
        blank: u32,
        value: u8,
        k: usize,
        tally: &mut Tally,
    ) -> Option<u64> {
        let n = self.shape.cells();
        let r = rank_cells(&cells[..k], n);
        let entry = packed << self.blank_bits
            | if self.blank_bits == 0 {
                0
            } else {
                u64::from(blank)
            };
        let excess = || -> u8 {
            let md = pattern_manhattan(&cells[..k], &self.home, self.shape.width() as u8);
            ((value - md) / 2).min(MAX_EXCESS)
        };
        let count = |tally: &mut Tally, x: u8| {
            let md = pattern_manhattan(&cells[..k], &self.home, self.shape.width() as u8);
            tally.max_value = tally.max_value.max(md + 2 * x);
            tally.filled += 1;
        };
        if self.merged {
            let slot = &self.seen16[r];
            let e = slot.load(Relaxed);
            let index = (free & ((M::ONE << blank) - M::ONE)).ones();
            if e >> index & 1 != 0 {
                return None;
            }
            let area = self.region(M::ONE << blank, free);
            // The region as bits over the free cells in order.
            let (mut f, mut i, mut bits) = (free, 0, 0u16);
            while f != M::ZERO {
                let low = f & f.neg();
                if area & low != M::ZERO {
                    bits |= 1 << i;
                }
                i += 1;
                f &= f - M::ONE;
            }
            let x = if e >> 10 == 0 { excess() } else { 0 };
            if e >> 10 == 0 {
                bits |= u16::from(x + 1) << 10;
            }
            let old = slot.fetch_or(bits, Relaxed);
            if old >> index & 1 != 0 {
                return None;
            }
            if old >> 10 == 0 {
                count(tally, x);
            }
        } else {
            if !M::WIDE {
                let slot = &self.seen32[r];
                if slot.load(Relaxed) >> blank & 1 != 0 {
                    return None;
                }
                // At most 32 cells: the region is 32 bits.
                let area = self.region(M::ONE << blank, free).wide() as u32;
                let old = slot.fetch_or(area, Relaxed);
                if old >> blank & 1 != 0 {
                    return None;
                }
            } else {
                let slot = &self.seen64[r];
                if slot.load(Relaxed) >> blank & 1 != 0 {
                    return None;
                }
                let old = slot.fetch_or(self.region(M::ONE << blank, free).wide(), Relaxed);
                if old >> blank & 1 != 0 {
                    return None;
                }
            }
            if self.values[r].load(Relaxed) == UNSET {
                let x = excess();
                if self.values[r].swap(x, Relaxed) == UNSET {
                    count(tally, x);
                }
            }
        }
        Some(entry)
    }

    /// Expands up to `work` entries of the current layer; `true` when the
    /// whole space has been searched.
    ///
    /// Every edge between two (placement, region) states costs 1 (moves
    /// inside a region are free and stay in the state), so this is a plain
    /// breadth-first search over those states, each queued once.
    pub fn step(&mut self, work: usize) -> bool {
        let mut left = work.max(1);
        while left > 0 {
            let Some(layer) = self.layer() else {
                return true;
            };
            let end = (layer.start + left).min(layer.end);
            left -= end - layer.start;
            let mut out = Vec::new();
            let tally = self.expand(layer.start..end, &mut out);
            self.absorb(end, out, tally);
        }
        false
    }

    /// The entries of the current layer left to expand (the next layer
    /// once this one is done, sorted); `None` when the search is over (the
    /// table is then packed and [`PatternBuilder::finish`] gives it).
    pub fn layer(&mut self) -> Option<Range<usize>> {
        if self.done || self.failed.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            let k = self.tiles.len();
            if let Some(&first) = self.current.first() {
                let mut tally = Tally::default();
                let reached = if self.shape.cells() <= 32 {
                    self.reach_first::<u32>(first, k, &mut tally)
                } else {
                    self.reach_first::<u64>(first, k, &mut tally)
                };
                if !reached {
                    self.current.clear();
                }
                self.add(tally);
            }
        }
        if self.cursor == self.current.len() {
            if self.next.is_empty() {
                self.done = true;
                self.current = Vec::new();
                self.cursor = 0;
                if let Err(e) = self.pack() {
                    self.failed = Some(e);
                }
                return None;
            }
            std::mem::swap(&mut self.current, &mut self.next);
            self.next = Vec::new();
            // In rank order, successive expansions touch nearby entries.
            self.current.sort_unstable();
            self.cursor = 0;
            self.depth += 1;
        }
        Some(self.cursor..self.current.len())
    }

    /// Packs the finished marks into the table's nibbles and frees them.
    fn pack(&mut self) -> Result<(), PatternError> {
        let n = self.entries;
        // The cell masks are no longer needed: free them first.
        self.seen32 = Vec::new();
        self.seen64 = Vec::new();
        self.nibbles = if self.merged {
            let seen = &self.seen16;
            pack_nibbles(n, |r| {
                ((seen[r].load(Relaxed) >> 10) as u8).saturating_sub(1)
            })?
        } else {
            let values = &self.values;
            pack_nibbles(n, |r| values[r].load(Relaxed))?
        };
        self.seen16 = Vec::new();
        self.values = Vec::new();
        Ok(())
    }

    fn add(&mut self, tally: Tally) {
        self.filled += tally.filled;
        self.max_value = self.max_value.max(tally.max_value);
    }

    /// Expands the current layer's entries `range` (a part of what
    /// [`PatternBuilder::layer`] gave), pushing the next layer's new entries
    /// onto `out`. Disjoint ranges may run on several threads at once; hand
    /// each result to [`PatternBuilder::absorb`].
    pub fn expand(&self, range: Range<usize>, out: &mut Vec<u64>) -> Tally {
        if self.shape.cells() <= 32 {
            self.expand_in::<u32>(range, out)
        } else {
            self.expand_in::<u64>(range, out)
        }
    }

    /// Marks the goal's state (the queue's first entry), in the cell sets
    /// `M`; `false` if it was marked already.
    fn reach_first<M: Mask>(&self, first: u64, k: usize, tally: &mut Tally) -> bool {
        let packed = first >> self.blank_bits;
        let cells = self.unpack(packed, k);
        let free: M = self.free_cells(&cells[..k]);
        let blank = if self.blank_bits == 0 {
            free.tz()
        } else {
            (first & ((1u64 << self.bits) - 1)) as u32
        };
        self.reach(packed, &cells, free, blank, 0, k, tally)
            .is_some()
    }

    /// [`PatternBuilder::expand`] in the cell sets `M`.
    fn expand_in<M: Mask>(&self, range: Range<usize>, out: &mut Vec<u64>) -> Tally {
        let k = self.tiles.len();
        let (bits, blank_bits) = (self.bits, self.blank_bits);
        let cell_mask = (1u64 << bits) - 1;
        let value = self.depth + 1;
        let mut tally = Tally::default();
        let Some(entries) = self.current.get(range) else {
            return tally;
        };
        for &entry in entries {
            let packed = entry >> blank_bits;
            let cells = self.unpack(packed, k);
            let free: M = self.free_cells(&cells[..k]);
            let blank = if blank_bits == 0 {
                free.tz()
            } else {
                (entry & cell_mask) as u32
            };
            let area = self.region(M::ONE << blank, free);
            // A pattern tile next to the region slides into it (cost 1);
            // the blank ends on the tile's old cell.
            for (j, &from) in cells.iter().enumerate().take(k) {
                let mut targets = M::of(self.neighbour_mask[from as usize]) & area;
                let shift = bits * j as u32;
                while targets != M::ZERO {
                    let to = targets.tz();
                    targets &= targets - M::ONE;
                    let moved = (packed & !(cell_mask << shift)) | (u64::from(to) << shift);
                    let mut moved_cells = cells;
                    moved_cells[j] = to as u8;
                    // The tile leaves `from` (now free) for `to`.
                    let moved_free = (free | M::ONE << u32::from(from)) & !(M::ONE << to);
                    let found = self.reach(
                        moved,
                        &moved_cells,
                        moved_free,
                        u32::from(from),
                        value,
                        k,
                        &mut tally,
                    );
                    if let Some(e) = found {
                        if out.len() == out.capacity() {
                            let more = out.capacity().max(1 << 12);
                            if out.try_reserve(more).is_err() {
                                // The entry is marked but not queued: the
                                // build is failed by `absorb`.
                                tally.short = more.saturating_mul(8);
                                return tally;
                            }
                        }
                        out.push(e);
                    }
                }
            }
        }
        tally
    }

    /// Takes the results of expanding the current layer up to `end` (the
    /// ranges' entries pushed by [`PatternBuilder::expand`], and its tally).
    /// A range that ran short of memory fails the build
    /// ([`PatternBuilder::failure`]).
    pub fn absorb(&mut self, end: usize, out: Vec<u64>, tally: Tally) {
        if self.failed.is_some() {
            // The other ranges of a failed layer: nothing to keep.
            return;
        }
        if tally.short > 0 {
            self.fail(tally.short);
            return;
        }
        if self.next.is_empty() {
            self.next = out;
        } else if self.next.try_reserve(out.len()).is_err() {
            self.fail((self.next.len() + out.len()).saturating_mul(8));
            return;
        } else {
            self.next.extend_from_slice(&out);
        }
        self.cursor = end.clamp(self.cursor, self.current.len());
        self.add(tally);
    }

    /// Stops the build: `bytes` could not be reserved. Frees what it holds.
    fn fail(&mut self, bytes: usize) {
        if self.failed.is_none() {
            self.failed = Some(PatternError::OutOfMemory { bytes });
        }
        self.current = Vec::new();
        self.next = Vec::new();
        self.cursor = 0;
        self.seen16 = Vec::new();
        self.seen32 = Vec::new();
        self.seen64 = Vec::new();
        self.values = Vec::new();
    }

    /// Why the build stopped short, if it did (then [`PatternBuilder::layer`]
    /// says `None` and [`PatternBuilder::finish`] gives no table).
    pub fn failure(&self) -> Option<&PatternError> {
        self.failed.as_ref()
    }

    /// Bytes the build holds now (marks and the two layer lists).
    pub fn memory(&self) -> usize {
        self.seen16.len() * 2
            + self.seen32.len() * 4
            + self.seen64.len() * 8
            + self.values.len()
            + (self.current.capacity() + self.next.capacity()) * 8
            + self.nibbles.len()
    }

    /// Progress: (cost layer being expanded, entries filled, entries).
    pub fn progress(&self) -> (u8, usize, usize) {
        (self.depth, self.filled, self.entries)
    }

    /// The finished table; `None` if the build is not done (or failed).
    pub fn finish(self) -> Option<PatternTable> {
        self.try_finish().ok()
    }

    /// The finished table, or why there is none: the build's failure, or
    /// [`PatternError::BadPattern`] if it is not done.
    pub fn try_finish(self) -> Result<PatternTable, PatternError> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        if !self.done {
            return Err(PatternError::BadPattern);
        }
        Ok(PatternTable {
            shape: self.shape,
            tiles: self.tiles,
            home: self.home,
            nibbles: self.nibbles,
            len: self.entries,
            max_value: self.max_value,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_is_a_bijection_for_two_and_three_tiles() {
        for n in [4usize, 9, 12, 16, 25] {
            for k in [2usize, 3] {
                let mut seen = vec![false; placements(k, n)];
                let mut count = 0;
                for a in 0..n as u8 {
                    for b in (0..n as u8).filter(|&b| b != a) {
                        for c in (0..n as u8).filter(|&c| c != a && c != b).take(if k == 3 {
                            n
                        } else {
                            1
                        }) {
                            let cells = [a, b, c];
                            let r = rank_cells(&cells[..k], n);
                            assert!(!seen[r], "n {n} k {k} {cells:?}");
                            seen[r] = true;
                            count += 1;
                        }
                    }
                }
                assert_eq!(count, placements(k, n));
                assert!(seen.iter().all(|&s| s));
            }
        }
        assert_eq!(placements(6, 16), 5_765_760);
        assert_eq!(placements(3, 16), 3_360);
        assert_eq!(placements(5, 25), 6_375_600);
        assert_eq!(placements(8, 9), 362_880);
        assert_eq!(placements(6, 25), 127_512_000);
    }

    #[test]
    fn a_table_seen_through_a_symmetry_is_the_one_a_build_gives() {
        let goal = Board::square(&(0..16).collect::<Vec<u8>>()).unwrap();
        let a = PatternTable::build(&[2, 3, 6, 7], &goal).unwrap();
        // The diagonal reflection (or the half turn), in another tile order,
        // and the quarter turn.
        for tiles in [[9u8, 13, 8, 12], [11, 15, 10, 14], [7, 6, 3, 2]] {
            let built = PatternTable::build(&tiles, &goal).unwrap();
            let turned = a.turned(&tiles, &goal).unwrap();
            assert_eq!(turned.tiles(), built.tiles());
            assert_eq!(turned.nibbles(), built.nibbles(), "{tiles:?}");
            assert_eq!(turned.max_value(), built.max_value());
        }
        // No symmetry carries the block onto a row.
        assert!(a.turned(&[1, 2, 3, 4], &goal).is_none());
        assert!(a.turned(&[1, 2, 3], &goal).is_none());
        // Free cells cut in two at the goal (the blank's corner walled off
        // by tiles 1 and 3 of 3×3): the blank's cell matters, no reading.
        let g3 = Board::square(&(0..9).collect::<Vec<u8>>()).unwrap();
        let b = PatternTable::build(&[1, 3], &g3).unwrap();
        assert!(b.turned(&[1, 3], &g3).is_none());
        assert!(b.turned(&[5, 7], &g3).is_none());
        // 3×5: no quarter turns, the half turn still fits.
        let s = Shape::new(3, 5).unwrap();
        let g = Board::new(s, &(0..15).collect::<Vec<u8>>()).unwrap();
        let c = PatternTable::build(&[1, 2, 4, 5], &g).unwrap();
        let built = PatternTable::build(&[13, 12, 10, 9], &g).unwrap();
        assert_eq!(
            c.turned(&[13, 12, 10, 9], &g).unwrap().nibbles(),
            built.nibbles()
        );
    }

    #[test]
    fn a_reservation_that_fails_is_an_error_with_the_figure() {
        // More than the address space: refused by the reservation, never
        // an abort.
        let e = try_filled(usize::MAX / 2, || AtomicU32::new(0)).unwrap_err();
        // The figure saturates rather than wrapping.
        assert_eq!(e, PatternError::OutOfMemory { bytes: usize::MAX });
        let e = pack_nibbles(usize::MAX, |_| 0).unwrap_err();
        assert_eq!(
            e,
            PatternError::OutOfMemory {
                bytes: usize::MAX / 2 + 1
            }
        );
        assert_eq!(
            PatternError::OutOfMemory { bytes: 637_560_000 }.to_string(),
            "out of memory: the pattern database build could not reserve 638 MB more"
        );
        // A small one succeeds.
        assert_eq!(try_filled(3, || 7u8).unwrap(), vec![7, 7, 7]);
    }

    #[test]
    fn a_failed_build_gives_no_table_and_says_why() {
        let goal = Board::default_goal(Shape::new(3, 3).unwrap());
        let mut b = PatternBuilder::try_new(&[1, 2], &goal).unwrap();
        assert!(b.failure().is_none());
        // A layer list that could not grow (as `expand` reports it).
        let tally = Tally {
            short: 4096 * 8,
            ..Tally::default()
        };
        let range = b.layer().unwrap();
        // One thread's range went well, the other's ran short; both come
        // in for the same layer, then a third.
        b.absorb(range.end, vec![3], Tally::default());
        b.absorb(range.end, Vec::new(), tally);
        b.absorb(range.end, vec![1, 2], Tally::default());
        assert_eq!(
            b.failure(),
            Some(&PatternError::OutOfMemory { bytes: 32_768 })
        );
        assert!(b.layer().is_none());
        assert_eq!(
            b.try_finish().unwrap_err(),
            PatternError::OutOfMemory { bytes: 32_768 }
        );
        assert_eq!(
            PatternBuilder::try_new(&[1, 1], &goal).unwrap_err(),
            PatternError::BadPattern
        );
    }
}
