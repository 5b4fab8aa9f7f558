//! The perfect hash of one parity class: every board of a shape that can
//! reach the goal gets exactly one entry index, and back.
//!
//! A board is its blank cell `b` and its **tile order**: the n = W·H − 1
//! tiles read row-major, skipping the blank. A sideways move never changes
//! the tile order; only up and down moves do, by carrying one tile past the
//! W − 1 tiles between its old and new cell.
//!
//! The tile order is ranked by its Lehmer code: digit `i` counts the later
//! tiles smaller than tile `i`, and the rank is Σ digit(i)·(n−1−i)!, so rank
//! order is the lexicographic order of the tile orders. The digit sum has the
//! parity of the inversions, and digit n−2 (weight 1! = 1) is only 0 or 1:
//! given the other digits, the parity fixes it. Within one parity class the
//! blank cell fixes the parity of the tile order (see
//! [`solvability`](crate::engine::ParityProof)), so `q = rank >> 1` numbers
//! the class's tile orders for that blank cell without gaps, and
//!
//! ```text
//! entry = q · (W·H) + b,      0 ≤ q < n!/2,   0 ≤ b < W·H
//! ```
//!
//! numbers the whole class: (W·H)!/2 entries. Entries of one `q` are
//! neighbours in the table, so the sideways moves of a board stay in the
//! same machine word or the next, and one decoded `q` serves every blank
//! cell of it.

use crate::engine::{shape::OPTIMAL_MAX_CELLS, Board, Shape};

/// The most cells of a search run in slices ([`SpaceSearch::new`], the
/// page's worker on a 32-bit target): 12, a table of 59.9 MB.
///
/// [`SpaceSearch::new`]: super::SpaceSearch::new
pub const SPACE_MAX_CELLS: usize = 12;

/// The most cells of a native search ([`explore_in`], the command line):
/// 14, the 2×7 and 7×2 spaces, a table of 10.9 GB. Every shape runs through
/// the same code: ranks and weights are 64-bit (13! > 2³²), and
/// [`Geometry::divide`] is exact for every entry below 2⁶⁴ / 14.
///
/// [`explore_in`]: super::explore_in
pub const NATIVE_SPACE_MAX_CELLS: usize = 14;

/// The most tiles (cells − 1).
const MAX_TILES: usize = NATIVE_SPACE_MAX_CELLS - 1;

/// A decoded tile order: Lehmer digits, tiles (0-based: tile value − 1),
/// the tiles packed four bits each (tile 0 of the order most significant,
/// value + 1 so the packing reads like the board's cells) and the full rank.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Order {
    pub digits: [u8; MAX_TILES],
    pub tiles: [u8; MAX_TILES],
    pub packed: u64,
    pub rank: u64,
}

/// Positions of the tile order decoded through a table: the last five.
pub(super) const TAIL: usize = 5;

/// Tails of [`TAIL`] positions with the last digit pair fixed: 5!/2.
const TAIL_ORDERS: usize = 60;

/// The head of a decoded tile order: the first n − [`TAIL`] positions
/// (digits, tiles, packed, their share of the rank) and the tiles left for
/// the tail, as ascending nibbles.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Head {
    digits: [u8; MAX_TILES],
    tiles: [u8; MAX_TILES],
    packed: u64,
    rank: u64,
    free: u64,
    /// The parity of the head's digits.
    pub parity: u8,
}

/// One tail: which of the free tiles each tail position takes (0 the
/// smallest), the tail's digits and their share of the rank.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Tail {
    pick: [u8; TAIL],
    digits: [u8; TAIL],
    rank: u64,
    parity: u8,
}

/// One shape's constants for the hot loop.
#[derive(Clone, Debug)]
pub(crate) struct Geometry {
    pub shape: Shape,
    /// W·H.
    pub cells: usize,
    /// n = W·H − 1.
    pub tiles: usize,
    pub width: usize,
    /// n!/2: tile orders per blank cell.
    pub half: u64,
    /// `weight[i]` = (n−1−i)!, the weight of Lehmer digit `i`.
    pub weight: [u64; MAX_TILES],
    /// `want[b]`: the parity of the tile order with the blank at `b`.
    pub want: [u8; OPTIMAL_MAX_CELLS],
    /// Positions in the tail: [`TAIL`], or n on a board with fewer tiles.
    tail_len: usize,
    /// `col[b]`: the column of cell `b`.
    pub col: [u8; OPTIMAL_MAX_CELLS],
    /// ⌊2⁶⁴ / (W·H)⌋ + 1, for [`Geometry::divide`].
    reciprocal: u64,
    /// Every tail with digit n−2 = 0, by the low part of `q`.
    tails: Vec<Tail>,
}

fn factorial(k: usize) -> u64 {
    (1..=k as u64).product()
}

impl Geometry {
    /// The constants for `goal`'s shape and parity class. The shape must
    /// have at most [`NATIVE_SPACE_MAX_CELLS`] cells (checked by the
    /// caller).
    pub fn new(goal: &Board) -> Geometry {
        let shape = goal.shape();
        let (cells, width) = (shape.cells(), shape.width());
        let tiles = cells - 1;
        let mut weight = [0u64; MAX_TILES];
        for (i, w) in weight.iter_mut().enumerate().take(tiles) {
            *w = factorial(tiles - 1 - i);
        }
        // Odd width: the tile order's parity never changes. Even width: it
        // flips with every change of the blank's row.
        let goal_parity = (goal.inversions() % 2) as usize;
        let goal_row = shape.row_of(goal.blank());
        let mut want = [0u8; OPTIMAL_MAX_CELLS];
        for (b, w) in want.iter_mut().enumerate().take(cells) {
            let rows = if width.is_multiple_of(2) {
                shape.row_of(b) + goal_row
            } else {
                0
            };
            *w = ((goal_parity + rows) % 2) as u8;
        }
        let tail_len = TAIL.min(tiles);
        let tails = (0..factorial(tail_len) / 2)
            .map(|index| {
                let mut t = Tail::default();
                // Tail position j has radix tail_len − j; the last two
                // digits stay 0.
                let mut rest = index;
                for j in (0..tail_len - 2).rev() {
                    let radix = (tail_len - j) as u64;
                    t.digits[j] = (rest % radix) as u8;
                    rest /= radix;
                }
                let mut free: Vec<u8> = (0..tail_len as u8).collect();
                for j in 0..tail_len {
                    t.pick[j] = free.remove(usize::from(t.digits[j]));
                    t.rank += u64::from(t.digits[j]) * weight[tiles - tail_len + j];
                    t.parity ^= t.digits[j] & 1;
                }
                t
            })
            .collect();
        Geometry {
            shape,
            cells,
            tiles,
            width,
            half: factorial(tiles) / 2,
            weight,
            want,
            tail_len,
            col: std::array::from_fn(|b| (b % width) as u8),
            // Under 2⁶⁴ for every shape (cells ≥ 4), so the product in
            // divide is one 64×64→128-bit multiplication.
            reciprocal: ((1u128 << 64) / cells as u128 + 1) as u64,
            tails,
        }
    }

    /// Number of entries: (W·H)!/2.
    pub fn entries(&self) -> u64 {
        self.half * self.cells as u64
    }

    /// The tile order with half-rank `q` and digit n−2 = 0 (its last two
    /// tiles ascending): the head of `q` completed by its tail.
    pub fn decode(&self, q: u64) -> Order {
        let (head, tail) = self.split(q);
        self.complete(&self.head(head), tail)
    }

    /// `q` as (head, tail): the tail numbers the last [`TAIL`] positions'
    /// digits, the head the others. `q` < 13!/2 < 2³² on every shape up to
    /// [`NATIVE_SPACE_MAX_CELLS`] cells, so 32-bit divisions do.
    #[inline(always)]
    pub fn split(&self, q: u64) -> (u64, usize) {
        debug_assert!(q <= u64::from(u32::MAX));
        let q = q as u32;
        if self.tails.len() == TAIL_ORDERS {
            (
                u64::from(q / TAIL_ORDERS as u32),
                (q % TAIL_ORDERS as u32) as usize,
            )
        } else {
            let t = self.tails.len() as u32;
            (u64::from(q / t), (q % t) as usize)
        }
    }

    /// The digits and tiles of the head positions 0..n−[`TAIL`]. The digits
    /// are read from the low end, so every divisor is a small literal the
    /// compiler turns into a multiplication.
    pub fn head(&self, head: u64) -> Head {
        let n = self.tiles;
        let low = self.tail_len;
        let mut h = Head::default();
        let mut q = head as u32;
        // Digit i has radix n − i; the head's lowest digit has radix low + 1.
        macro_rules! digit {
            ($radix:literal) => {
                if low < $radix && $radix < n {
                    h.digits[n - $radix] = (q % $radix) as u8;
                    q /= $radix;
                }
            };
        }
        digit!(4);
        digit!(5);
        digit!(6);
        digit!(7);
        digit!(8);
        digit!(9);
        digit!(10);
        digit!(11);
        digit!(12);
        // Digit 0 has radix n: what is left of the head.
        if low < n {
            h.digits[0] = q as u8;
        }
        // Digits to tiles: take the digit-th smallest tile still free. The
        // free tiles are kept as ascending nibbles; what is left are the
        // tail's tiles.
        h.free = 0xCBA9876543210 & ((1u64 << (4 * n)) - 1);
        for i in 0..n - low {
            let d = u32::from(h.digits[i]);
            let s = 4 * d;
            let t = (h.free >> s) & 0xF;
            h.free = (h.free & ((1u64 << s) - 1)) | ((h.free >> (s + 4)) << s);
            h.tiles[i] = t as u8;
            h.packed = (h.packed << 4) | (t + 1);
            h.rank += u64::from(d) * self.weight[i];
            h.parity ^= (d & 1) as u8;
        }
        h
    }

    /// The tile order of a head and a tail: the tail's positions take the
    /// head's free tiles in the order the tail's table entry gives.
    pub fn complete(&self, head: &Head, tail: usize) -> Order {
        let t = &self.tails[tail];
        let base = self.tiles - self.tail_len;
        let mut o = Order {
            digits: head.digits,
            tiles: head.tiles,
            packed: head.packed,
            rank: head.rank + t.rank,
        };
        for j in 0..self.tail_len {
            let v = (head.free >> (4 * t.pick[j])) & 0xF;
            o.tiles[base + j] = v as u8;
            o.digits[base + j] = t.digits[j];
            o.packed = (o.packed << 4) | (v + 1);
        }
        o
    }

    /// The head's positions of `order`, in place (the hot loop keeps two
    /// orders and rewrites only what changes).
    #[inline(always)]
    pub fn set_head(&self, head: &Head, order: &mut Order) {
        order.digits = head.digits;
        order.tiles = head.tiles;
    }

    /// The parity of tail `tail`'s digits.
    #[inline(always)]
    pub fn tail_parity(&self, tail: usize) -> u8 {
        self.tails[tail].parity
    }

    /// [`Geometry::complete`] in place: the tail positions, the packed
    /// tiles and the rank of `order`, whose head is `head`'s already; then
    /// the same with the last two tiles exchanged in `flipped`.
    #[inline(always)]
    pub fn set_tail(&self, head: &Head, tail: usize, order: &mut Order, flipped: &mut Order) {
        let t = &self.tails[tail];
        let n = self.tiles;
        let base = n - self.tail_len;
        let mut packed = head.packed;
        for j in 0..self.tail_len {
            let v = (head.free >> (4 * t.pick[j])) & 0xF;
            order.tiles[base + j] = v as u8;
            order.digits[base + j] = t.digits[j];
            flipped.tiles[base + j] = v as u8;
            flipped.digits[base + j] = t.digits[j];
            packed = (packed << 4) | (v + 1);
        }
        order.packed = packed;
        order.rank = head.rank + t.rank;
        // Digit n−2 of a tail is 0: the flipped order has 1 there.
        flipped.tiles.swap(n - 2, n - 1);
        flipped.digits[n - 2] = 1;
        flipped.packed = (packed & !0xFF) | ((packed & 0xF) << 4) | ((packed >> 4) & 0xF);
        flipped.rank = order.rank + 1;
    }

    /// The entry's (q, blank cell): the high half of a multiplication by
    /// 2⁶⁴/(W·H) rounded up, exact for every entry below 2⁶⁴/(W·H) (the
    /// error e·(reciprocal − 2⁶⁴/(W·H))/2⁶⁴ stays under 1/(W·H)); the
    /// largest space has 43,589,145,600 < 2³⁶ entries.
    #[inline(always)]
    pub fn divide(&self, e: u64) -> (u64, usize) {
        debug_assert!(e < 1 << 40);
        let q = ((u128::from(e) * u128::from(self.reciprocal)) >> 64) as u64;
        (q, (e - q * self.cells as u64) as usize)
    }

    /// `order` with its last two tiles exchanged: the other parity of the
    /// same `q` (digit n−2 flipped between 0 and 1).
    pub fn flipped(&self, order: &Order) -> Order {
        let n = self.tiles;
        let mut o = *order;
        o.tiles.swap(n - 2, n - 1);
        let low = o.packed & 0xFF;
        o.packed = (o.packed & !0xFF) | ((low & 0xF) << 4) | (low >> 4);
        if o.digits[n - 2] == 0 {
            o.digits[n - 2] = 1;
            o.rank += 1;
        } else {
            o.digits[n - 2] = 0;
            o.rank -= 1;
        }
        o
    }

    /// The parity of an order's digits.
    pub fn parity(&self, order: &Order) -> u8 {
        (order.digits[..self.tiles]
            .iter()
            .map(|&d| u32::from(d))
            .sum::<u32>()
            % 2) as u8
    }

    /// The board's row-major cells packed four bits each, cell 0 most
    /// significant: [`Board::packed`] of the board with tile order `order`
    /// and the blank at `b`. Comparing these keys as integers compares the
    /// boards' cell sequences lexicographically.
    pub fn key(&self, order: &Order, b: usize) -> u64 {
        let s = 4 * (self.tiles - b) as u32;
        let low = order.packed & ((1u64 << s) - 1);
        ((order.packed >> s) << (s + 4)) | low
    }

    /// The rank of the tile order after the blank at `b` moves down to
    /// `b + W` (the tile there moves up), the digits of `order` being those
    /// of the board before the move. Only the W digits from `b` change: the
    /// moved tile x jumps from order position j = b+W−1 to position b, and
    /// each of the W−1 tiles it passes moves one later and loses x from its
    /// count if x is smaller.
    #[inline(always)]
    pub fn rank_down(&self, order: &Order, b: usize) -> u64 {
        let j = b + self.width - 1;
        let x = order.tiles[j];
        let mut rank = order.rank - u64::from(order.digits[j]) * self.weight[j];
        let mut smaller = 0u64;
        for i in b..j {
            let y = order.tiles[i];
            let d = u64::from(order.digits[i]);
            let new = d - u64::from(x < y);
            smaller += u64::from(y < x);
            rank = rank - d * self.weight[i] + new * self.weight[i + 1];
        }
        rank + (u64::from(order.digits[j]) + smaller) * self.weight[b]
    }

    /// The rank after the blank at `b` moves up to `c = b − W` (the tile
    /// there moves down): the tile x jumps from position c to position
    /// j = b − 1 and each tile it passes moves one earlier and gains x in its
    /// count if x is smaller.
    #[inline(always)]
    pub fn rank_up(&self, order: &Order, b: usize) -> u64 {
        let c = b - self.width;
        let j = b - 1;
        let x = order.tiles[c];
        let mut rank = order.rank - u64::from(order.digits[c]) * self.weight[c];
        let mut smaller = 0u64;
        for i in c + 1..=j {
            let y = order.tiles[i];
            let d = u64::from(order.digits[i]);
            let new = d + u64::from(x < y);
            smaller += u64::from(y < x);
            rank = rank - d * self.weight[i] + new * self.weight[i - 1];
        }
        rank + (u64::from(order.digits[c]) - smaller) * self.weight[j]
    }

    /// `order` becomes the tile order after the blank at `b` moves up to
    /// `b − W`: [`Geometry::rank_up`]'s changes written into its tiles,
    /// digits, packed tiles and rank, so a second move up can follow (the
    /// multi-tile metric's column slides, one cell at a time).
    #[inline(always)]
    pub fn slide_up(&self, order: &mut Order, b: usize) {
        let rank = self.rank_up(order, b);
        let (c, j) = (b - self.width, b - 1);
        let (x, first) = (order.tiles[c], order.digits[c]);
        let mut smaller = 0u8;
        for i in c + 1..=j {
            let y = order.tiles[i];
            smaller += u8::from(y < x);
            order.tiles[i - 1] = y;
            order.digits[i - 1] = order.digits[i] + u8::from(x < y);
        }
        order.tiles[j] = x;
        order.digits[j] = first - smaller;
        order.packed = self.rotate(order.packed, c, j, true);
        order.rank = rank;
    }

    /// `order` becomes the tile order after the blank at `b` moves down to
    /// `b + W` (see [`Geometry::slide_up`]).
    #[inline(always)]
    pub fn slide_down(&self, order: &mut Order, b: usize) {
        let rank = self.rank_down(order, b);
        let j = b + self.width - 1;
        let (x, last) = (order.tiles[j], order.digits[j]);
        let mut smaller = 0u8;
        for i in (b..j).rev() {
            let y = order.tiles[i];
            smaller += u8::from(y < x);
            order.tiles[i + 1] = y;
            order.digits[i + 1] = order.digits[i] - u8::from(x < y);
        }
        order.tiles[b] = x;
        order.digits[b] = last + smaller;
        order.packed = self.rotate(order.packed, b, j, false);
        order.rank = rank;
    }

    /// The packed tiles with order positions `from..=to` rotated by one: the
    /// tile at `from` moved to `to` and the others one earlier (`up`), or
    /// the tile at `to` moved to `from` and the others one later.
    #[inline(always)]
    fn rotate(&self, packed: u64, from: usize, to: usize, up: bool) -> u64 {
        let low = 4 * (self.tiles - 1 - to) as u32;
        let len = 4 * (to - from + 1) as u32;
        let mask = (1u64 << len) - 1;
        let seg = (packed >> low) & mask;
        let turned = if up {
            ((seg << 4) | (seg >> (len - 4))) & mask
        } else {
            (seg >> 4) | ((seg & 0xF) << (len - 4))
        };
        (packed & !(mask << low)) | (turned << low)
    }

    /// The entry of a board of this shape and class, or `None` when it is
    /// of the other class (or another shape).
    pub fn entry_of(&self, board: &Board) -> Option<u64> {
        if board.shape() != self.shape {
            return None;
        }
        let b = board.blank();
        let tiles: Vec<u8> = board
            .cells()
            .iter()
            .filter(|&&c| c != 0)
            .map(|&c| c - 1)
            .collect();
        let mut rank = 0u64;
        let mut parity = 0u8;
        for i in 0..tiles.len() {
            let d = tiles[i + 1..].iter().filter(|&&t| t < tiles[i]).count();
            rank += d as u64 * self.weight[i];
            parity ^= (d % 2) as u8;
        }
        (parity == self.want[b]).then_some((rank >> 1) * self.cells as u64 + b as u64)
    }

    /// The tile order for half-rank `q` with the blank at `b`: the variant
    /// of [`Geometry::decode`] whose parity the class wants there.
    pub fn order_at(&self, q: u64, b: usize) -> Order {
        let o = self.decode(q);
        if self.parity(&o) == self.want[b] {
            o
        } else {
            self.flipped(&o)
        }
    }

    /// The board of an entry.
    pub fn board_of(&self, entry: u64) -> Board {
        let (q, b) = (
            entry / self.cells as u64,
            (entry % self.cells as u64) as usize,
        );
        self.board_at(&self.order_at(q, b), b)
    }

    /// The board with tile order `order` and the blank at `b`.
    pub fn board_at(&self, order: &Order, b: usize) -> Board {
        let mut cells = [0u8; OPTIMAL_MAX_CELLS];
        let mut t = 0;
        for (i, c) in cells.iter_mut().enumerate().take(self.cells) {
            if i != b {
                *c = order.tiles[t] + 1;
                t += 1;
            }
        }
        // The cells are a permutation by construction; the default goal is
        // only a fallback that cannot occur.
        Board::new(self.shape, &cells[..self.cells]).unwrap_or(Board::default_goal(self.shape))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Move;

    /// Every entry of the shapes up to 9 cells, both goals' classes; a
    /// spread of entries (every 9,973rd) of the 10- and 12-cell shapes.
    #[test]
    fn entries_and_boards_are_inverse_and_moves_rerank() {
        for shape in Shape::all().into_iter().filter(|s| s.cells() <= 12) {
            for goal in [Board::default_goal(shape), other_class(shape)] {
                let g = Geometry::new(&goal);
                let stride = if shape.cells() <= 9 { 1 } else { 9_973 };
                check_geometry(&goal, (0..g.entries()).step_by(stride));
            }
        }
    }

    /// The 14-cell shapes through the same code, without their table: the
    /// first and last entries, those around 2³² (where a 32-bit rank or
    /// division would wrap) and 20,000 spread at random, both classes.
    #[test]
    fn fourteen_cells_entries_boards_and_moves() {
        for shape in [Shape::new(2, 7).unwrap(), Shape::new(7, 2).unwrap()] {
            for goal in [Board::default_goal(shape), other_class(shape)] {
                let g = Geometry::new(&goal);
                assert_eq!(g.entries(), 43_589_145_600);
                let mut state = 0x9E37_79B9_7F4A_7C15u64 ^ g.cells as u64;
                let random = (0..20_000).map(move |_| splitmix(&mut state) % 43_589_145_600);
                let edges = (0..500)
                    .chain((1u64 << 32) - 500..(1u64 << 32) + 500)
                    .chain(g.entries() - 500..g.entries());
                check_geometry(&goal, edges.chain(random));
            }
        }
    }

    #[test]
    fn the_reciprocal_divides_exactly_past_two_to_the_32() {
        for shape in Shape::all().into_iter().filter(|s| s.cells() <= 14) {
            let g = Geometry::new(&Board::default_goal(shape));
            let c = g.cells as u64;
            let mut state = 7u64;
            let ends = [1u64 << 32, g.entries(), 1 << 36, 1 << 40];
            for e in ends
                .iter()
                .flat_map(|&end| end.saturating_sub(4096)..end)
                .chain((0..100_000).map(|_| splitmix(&mut state) % (1 << 40)))
            {
                assert_eq!(g.divide(e), (e / c, (e % c) as usize), "{shape} {e}");
            }
        }
    }

    /// A 64-bit mixer for spreading test entries (SplitMix64's steps).
    fn splitmix(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    #[test]
    fn the_reciprocal_divides_exactly_below_two_to_the_28() {
        for shape in Shape::all().into_iter().filter(|s| s.cells() <= 12) {
            let g = Geometry::new(&Board::default_goal(shape));
            let c = g.cells as u64;
            for e in (0..1u64 << 28)
                .step_by(997)
                .chain((1u64 << 28) - 4096..1 << 28)
            {
                assert_eq!(g.divide(e), (e / c, (e % c) as usize), "{shape} {e}");
            }
        }
    }

    /// The default goal with tiles 1 and 2 exchanged: the other class.
    fn other_class(shape: Shape) -> Board {
        let mut cells = Board::default_goal(shape).cells().to_vec();
        cells.swap(0, 1);
        Board::new(shape, &cells).unwrap()
    }

    fn check_geometry(goal: &Board, entries: impl Iterator<Item = u64>) {
        let shape = goal.shape();
        {
            let g = Geometry::new(goal);
            assert_eq!(g.entry_of(goal).map(|e| g.board_of(e)), Some(*goal));
            let mut entry_of_board = std::collections::HashMap::new();
            for e in entries {
                let board = g.board_of(e);
                assert_eq!(g.entry_of(&board), Some(e), "{shape} entry {e}");
                // Distinct entries, distinct boards.
                let before = entry_of_board.insert(board, e);
                assert!(before.is_none_or(|b| b == e), "{shape} {board}");
                let b = board.blank();
                let order = g.order_at(e / g.cells as u64, b);
                assert_eq!(g.key(&order, b), board.packed());
                for (mv, up) in [(Move::Down, false), (Move::Up, true)] {
                    if let Some(next) = board.apply(mv) {
                        let rank = if up {
                            g.rank_up(&order, b)
                        } else {
                            g.rank_down(&order, b)
                        };
                        let want = g.entry_of(&next).unwrap();
                        let got = (rank >> 1) * g.cells as u64 + next.blank() as u64;
                        assert_eq!(got, want, "{shape} {board} {mv:?}");
                    }
                }
                // Slides: the moved order is the next board's order, every
                // field, one cell after another to the edge.
                for (mv, up) in [(Move::Down, false), (Move::Up, true)] {
                    let (mut at, mut moved, mut next) = (b, order, board);
                    while let Some(n) = next.apply(mv) {
                        if up {
                            g.slide_up(&mut moved, at);
                        } else {
                            g.slide_down(&mut moved, at);
                        }
                        (at, next) = (n.blank(), n);
                        let want = g.entry_of(&next).unwrap();
                        assert_eq!(moved, g.order_at(want / g.cells as u64, at), "{next}");
                    }
                }
            }
        }
    }
}
