//! The board of every shape: W·H row-major cells holding each of
//! 0…W·H−1 exactly once, 0 being the blank.
//!
//! One type serves the whole family. The searches keep their own packed,
//! shape-specialised forms in their hot loops (the 3×3 contract A* packs
//! nine nibbles into a `u64`, the pattern-database IDA* keeps tile cells);
//! a `Board` is what crosses every boundary between them.

use super::moves::{Metric, Move, Slide};
use super::shape::{Shape, MAX_CELLS};
use std::fmt;

/// Number of cells on the 3×3 board (the contract's tables are sized by it).
pub const CELLS: usize = 9;

/// The value that marks the blank cell.
pub const BLANK: u8 = 0;

/// A valid board of any shape: its [`Shape`] and W·H row-major cells,
/// `0` is the blank.
///
/// The only ways to obtain a `Board` are the parser (text), the checked
/// constructors [`Board::new`] and [`Board::square`], and moves that swap
/// the blank with a grid neighbour, so every `Board` is a permutation of
/// 0…W·H−1. Cells past W·H are always zero, so equality, hashing and
/// ordering see only the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    shape: Shape,
    cells: [u8; MAX_CELLS],
}

const fn three(c: [u8; CELLS]) -> Board {
    let mut cells = [0u8; MAX_CELLS];
    let mut i = 0;
    while i < CELLS {
        cells[i] = c[i];
        i += 1;
    }
    Board {
        shape: Shape::THREE,
        cells,
    }
}

impl Board {
    /// The default 3×3 goal `[1,2,3,4,5,6,7,8,0]`.
    pub const DEFAULT_GOAL: Board = three([1, 2, 3, 4, 5, 6, 7, 8, 0]);

    /// The baseline start of the page contract, `[1,2,3,4,5,6,0,7,8]`.
    pub const BASELINE_START: Board = three([1, 2, 3, 4, 5, 6, 0, 7, 8]);

    /// A board of `shape` from its cells, or `None` unless they are exactly
    /// W·H values forming a permutation of 0…W·H−1. Use the parser for user
    /// text: it explains exactly what is wrong.
    pub fn new(shape: Shape, cells: &[u8]) -> Option<Board> {
        let n = shape.cells();
        if cells.len() != n {
            return None;
        }
        let mut seen = 0u64;
        let mut fixed = [0u8; MAX_CELLS];
        for (slot, &c) in fixed.iter_mut().zip(cells) {
            if usize::from(c) >= n || seen & (1u64 << c) != 0 {
                return None;
            }
            seen |= 1u64 << c;
            *slot = c;
        }
        Some(Board {
            shape,
            cells: fixed,
        })
    }

    /// A square board (4, 9, 16, 25, 36, 49 or 64 cells) from its cells; `None` for any
    /// other count or a non-permutation.
    pub fn square(cells: &[u8]) -> Option<Board> {
        Board::new(Shape::square(cells.len())?, cells)
    }

    /// The default goal of a shape: 1 … W·H−1 row-major, then the blank
    /// (the 3×3 one is [`Board::DEFAULT_GOAL`]).
    pub fn default_goal(shape: Shape) -> Board {
        let n = shape.cells();
        let mut cells = [0u8; MAX_CELLS];
        for (i, c) in cells.iter_mut().enumerate().take(n - 1) {
            *c = i as u8 + 1;
        }
        Board { shape, cells }
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Its width.
    pub fn width(&self) -> usize {
        self.shape.width()
    }

    /// The W·H cells, row-major.
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.shape.cells()]
    }

    /// The first nine cells: the whole board of a 3×3 board, for the 3×3
    /// searches' fixed-size tables (callers hold 3×3 boards only).
    pub fn three_cells(&self) -> [u8; CELLS] {
        let mut c = [0u8; CELLS];
        c.copy_from_slice(&self.cells[..CELLS]);
        c
    }

    /// The index of the blank cell.
    pub fn blank(&self) -> usize {
        // A Board always holds a 0, so the search always finds one.
        self.cells().iter().position(|&c| c == BLANK).unwrap_or(0)
    }

    /// The cell holding `tile`.
    pub fn cell_of(&self, tile: u8) -> usize {
        self.cells().iter().position(|&c| c == tile).unwrap_or(0)
    }

    /// The board after `mv` (the blank moves that way), or `None` when the
    /// blank would leave the grid: [`Shape::target`], the one move rule.
    pub fn apply(&self, mv: Move) -> Option<Board> {
        let blank = self.blank();
        self.shape
            .target(blank, mv)
            .map(|to| self.swapped(blank, to))
    }

    /// The board after `slide` (the blank travels `count` cells that way,
    /// each tile it passes one cell back), or `None` when the blank would
    /// leave the grid or the count is 0: the one move rule applied `count`
    /// times.
    pub fn slide(&self, slide: Slide) -> Option<Board> {
        if slide.count == 0 {
            return None;
        }
        (0..slide.count).try_fold(*self, |b, _| b.apply(slide.direction))
    }

    /// Every move of `metric` from this board with the board it leads to:
    /// in the single-tile metric the legal moves (slides of one tile), in
    /// the multi-tile metric every slide of 1, 2, … tiles to the edge; each
    /// direction in [`Move::ALL`] order, counts ascending.
    pub fn moves_in(&self, metric: Metric) -> Vec<(Slide, Board)> {
        let mut out = Vec::with_capacity(4);
        for mv in Move::ALL {
            let mut board = *self;
            let mut count = 0u8;
            while let Some(next) = board.apply(mv) {
                count += 1;
                out.push((Slide::new(mv, count), next));
                board = next;
                if metric == Metric::Single {
                    break;
                }
            }
        }
        out
    }

    /// The legal moves, in [`Move::ALL`] order.
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> {
        let (shape, blank) = (self.shape, self.blank());
        Move::ALL
            .into_iter()
            .filter(move |&m| shape.target(blank, m).is_some())
    }

    /// The packed key of a board of at most sixteen cells: cell `i` in bits
    /// `4·(n−1−i)..4·(n−i)`. Comparing packed keys of one shape as integers
    /// is comparing the boards' digit strings ([`Board::key_string`]), because
    /// both read the cells left to right with equal width. The 3×3 searches
    /// and tables use it; larger boards compare as [`Board`]s (their `Ord`
    /// reads the cells in the same order).
    pub fn packed(&self) -> u64 {
        self.cells()
            .iter()
            .fold(0u64, |acc, &c| (acc << 4) | u64::from(c & 0xF))
    }

    /// Rebuilds a 3×3 board from a key made by [`Board::packed`]; `None` if
    /// the key is not a permutation of 0–8.
    pub fn from_packed(key: u64) -> Option<Board> {
        if key >> 36 != 0 {
            return None;
        }
        let mut cells = [0u8; CELLS];
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = ((key >> (4 * (8 - i))) & 0xF) as u8;
        }
        Board::new(Shape::THREE, &cells)
    }

    /// The 3×3 board as the nine-digit string used for tie-breaking, e.g.
    /// `"123456708"`; on larger boards, the cells joined by `.`.
    pub fn key_string(&self) -> String {
        if self.shape.cells() <= 10 {
            self.cells().iter().map(|&c| char::from(b'0' + c)).collect()
        } else {
            let parts: Vec<String> = self.cells().iter().map(u8::to_string).collect();
            parts.join(".")
        }
    }

    /// The 3×3 board in the notation of the solvability blog post: digits
    /// with `-` for the blank, e.g. `"1238-4765"`.
    pub fn dash_notation(&self) -> String {
        self.cells()
            .iter()
            .map(|&c| {
                if c == BLANK {
                    '-'
                } else {
                    char::from(b'0' + c)
                }
            })
            .collect()
    }

    /// Parses the dash notation of a 3×3 board (`-` or `0` for the blank);
    /// `None` unless it is nine characters forming a permutation.
    pub fn from_dash_notation(text: &str) -> Option<Board> {
        let bytes = text.as_bytes();
        if bytes.len() != CELLS {
            return None;
        }
        let mut cells = [0u8; CELLS];
        for (cell, &b) in cells.iter_mut().zip(bytes) {
            *cell = match b {
                b'-' | b'0' => 0,
                b'1'..=b'8' => b - b'0',
                _ => return None,
            };
        }
        Board::new(Shape::THREE, &cells)
    }

    /// The board as compact JSON that the parser reads back as this board:
    /// a flat list for a square board (`[1,2,3,4,5,6,0,7,8]`), rows for any
    /// other shape (`[[1,2,3],[4,5,0]]`), since a flat list of six values
    /// could be 2×3 or 3×2.
    pub fn to_json(&self) -> String {
        if self.shape.is_square() {
            let inner: Vec<String> = self.cells().iter().map(u8::to_string).collect();
            format!("[{}]", inner.join(","))
        } else {
            self.rows_json()
        }
    }

    /// The board as rows of JSON, e.g. `[[1,2,3,4],[5,6,7,8],[9,10,11,0]]`.
    pub fn rows_json(&self) -> String {
        let rows: Vec<String> = self
            .cells()
            .chunks(self.width())
            .map(|row| {
                let inner: Vec<String> = row.iter().map(u8::to_string).collect();
                format!("[{}]", inner.join(","))
            })
            .collect();
        format!("[{}]", rows.join(","))
    }

    /// One text row per board row, the blank drawn as `_`, numbers right
    /// aligned when any has two digits: `"1 2 3"`, `"4 5 6"`, `"_ 7 8"`.
    pub fn grid_rows(&self) -> Vec<String> {
        let wide = self.shape.cells() > 10;
        let cell = |c: u8| {
            let t = if c == BLANK {
                "_".to_string()
            } else {
                c.to_string()
            };
            if wide {
                format!("{t:>2}")
            } else {
                t
            }
        };
        self.cells()
            .chunks(self.width())
            .map(|row| row.iter().map(|&c| cell(c)).collect::<Vec<_>>().join(" "))
            .collect()
    }

    /// Number of inversions among the tiles in row-major order; the blank is
    /// left out.
    pub fn inversions(&self) -> u32 {
        let tiles: Vec<u8> = self
            .cells()
            .iter()
            .copied()
            .filter(|&c| c != BLANK)
            .collect();
        let mut count = 0;
        for i in 0..tiles.len() {
            for j in i + 1..tiles.len() {
                if tiles[i] > tiles[j] {
                    count += 1;
                }
            }
        }
        count
    }

    /// The blank's row counted from the bottom, 1-based (the bottom row is 1).
    pub fn blank_row_from_bottom(&self) -> u32 {
        (self.shape.height() - self.shape.row_of(self.blank())) as u32
    }

    /// The board with cells `a` and `b` exchanged. Callers guarantee that one
    /// of them is the blank and that they are grid neighbours.
    pub(crate) fn swapped(&self, a: usize, b: usize) -> Board {
        let mut cells = self.cells;
        cells.swap(a, b);
        Board {
            shape: self.shape,
            cells,
        }
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.to_json())
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_json())
    }
}

/// Row (0–2) of a 3×3 cell index.
pub fn row_of(index: usize) -> usize {
    index / 3
}

/// Column (0–2) of a 3×3 cell index.
pub fn col_of(index: usize) -> usize {
    index % 3
}

/// The legal moves from a board, in [`Move::ALL`] order.
pub fn legal_moves(board: &Board) -> impl Iterator<Item = Move> {
    board.legal_moves()
}

/// The family's moves on the family's board.
impl Move {
    /// The board after this move, or `None` if the move is not legal there
    /// ([`Board::apply`]).
    pub fn apply(self, board: &Board) -> Option<Board> {
        board.apply(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b3(c: [u8; 9]) -> Option<Board> {
        Board::new(Shape::THREE, &c)
    }

    #[test]
    fn packed_order_is_key_string_order() {
        let a = b3([1, 2, 3, 4, 5, 6, 7, 0, 8]).unwrap();
        let b = b3([1, 2, 3, 4, 5, 6, 0, 7, 8]).unwrap();
        assert_eq!(a.key_string(), "123456708");
        assert_eq!(b.key_string(), "123456078");
        assert!(b.key_string() < a.key_string());
        assert!(b.packed() < a.packed());
        assert_eq!(Board::from_packed(a.packed()), Some(a));
    }

    #[test]
    fn new_rejects_non_permutations() {
        assert!(b3([1, 1, 3, 4, 5, 6, 7, 8, 0]).is_none());
        assert!(b3([1, 2, 3, 4, 5, 6, 7, 8, 9]).is_none());
        assert!(Board::from_packed(1 << 40).is_none());
        assert!(Board::new(Shape::new(2, 3).unwrap(), &[1, 2, 3, 4, 5]).is_none());
        assert!(Board::square(&[1, 2, 3, 4, 5, 0]).is_none());
    }

    #[test]
    fn grid_and_notation() {
        let b = Board::BASELINE_START;
        assert_eq!(b.grid_rows(), ["1 2 3", "4 5 6", "_ 7 8"]);
        assert_eq!(b.dash_notation(), "123456-78");
        assert_eq!(Board::from_dash_notation("123456-78"), Some(b));
        assert_eq!(Board::from_dash_notation("12345-678x"), None);
        assert_eq!(b.blank(), 6);
        assert_eq!(b.to_json(), "[1,2,3,4,5,6,0,7,8]");
        assert_eq!(b.blank_row_from_bottom(), 1);
    }

    #[test]
    fn every_shape_has_its_default_goal_and_printed_form() {
        let s = Shape::new(4, 3).unwrap();
        let g = Board::default_goal(s);
        assert_eq!(g.cells(), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0]);
        assert_eq!(g.to_json(), "[[1,2,3,4],[5,6,7,8],[9,10,11,0]]");
        assert_eq!(g.grid_rows(), [" 1  2  3  4", " 5  6  7  8", " 9 10 11  _"]);
        assert_eq!(Board::default_goal(Shape::THREE), Board::DEFAULT_GOAL);
        assert_eq!(g.apply(Move::Right), None);
        assert_eq!(g.apply(Move::Up).unwrap().cells()[7], 0);
    }

    #[test]
    fn inversions_exclude_blank() {
        assert_eq!(Board::DEFAULT_GOAL.inversions(), 0);
        assert_eq!(Board::BASELINE_START.inversions(), 0);
        let b = b3([2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
        assert_eq!(b.inversions(), 1);
        // The blank in front would add 8 "inversions" if it were counted as 0 < all.
        let c = b3([0, 2, 1, 3, 4, 5, 6, 7, 8]).unwrap();
        assert_eq!(c.inversions(), 1);
    }

    #[test]
    fn right_moves_the_blank_right_and_the_tile_left() {
        let after = Move::Right.apply(&Board::BASELINE_START).unwrap();
        assert_eq!(after.cells(), [1, 2, 3, 4, 5, 6, 7, 0, 8]);
    }

    #[test]
    fn opposite_undoes() {
        for m in Move::ALL {
            let b = Board::square(&[1, 2, 3, 4, 0, 5, 6, 7, 8]).unwrap();
            assert_eq!(m.opposite().apply(&m.apply(&b).unwrap()), Some(b));
            assert_eq!(Move::from_name(m.name()), Some(m));
        }
        assert_eq!(Move::from_name("sideways"), None);
    }
}

/// A board travels (worker messages, saved state) as its width, height and
/// cells, and is checked again when read: a message cannot make an invalid
/// board.
impl serde::Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeTuple;
        let mut t = s.serialize_tuple(3)?;
        t.serialize_element(&(self.shape.width() as u8))?;
        t.serialize_element(&(self.shape.height() as u8))?;
        t.serialize_element(self.cells())?;
        t.end()
    }
}

impl<'de> serde::Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let (w, h, cells): (u8, u8, Vec<u8>) = serde::Deserialize::deserialize(d)?;
        let shape = Shape::new(usize::from(w), usize::from(h)).map_err(serde::de::Error::custom)?;
        Board::new(shape, &cells).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "the cells {cells:?} are not a board of {shape}: each of 0…{} exactly once",
                shape.cells() - 1
            ))
        })
    }
}

/// A shape travels as its width and height, checked again when read.
impl serde::Serialize for Shape {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (self.width() as u8, self.height() as u8).serialize(s)
    }
}

impl<'de> serde::Deserialize<'de> for Shape {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let (w, h): (u8, u8) = serde::Deserialize::deserialize(d)?;
        Shape::new(usize::from(w), usize::from(h)).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod serde_tests {
    use super::*;

    #[test]
    fn boards_travel_and_are_checked_when_read() {
        let b = Board::BASELINE_START;
        let json = serde_json::to_string(&b).unwrap();
        assert_eq!(json, "[3,3,[1,2,3,4,5,6,0,7,8]]");
        assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), b);
        let e = serde_json::from_str::<Board>("[3,3,[1,2,3,4,5,6,0,7,7]]").unwrap_err();
        assert_eq!(
            e.to_string(),
            "the cells [1, 2, 3, 4, 5, 6, 0, 7, 7] are not a board of 3×3: each of 0…8 exactly once"
        );
        let e = serde_json::from_str::<Board>("[1,3,[1,2,0]]").unwrap_err();
        assert!(e
            .to_string()
            .starts_with("a board 1 wide and 3 tall is too thin"));
        assert_eq!(serde_json::to_string(&Shape::FOUR).unwrap(), "[4,4]");
    }
}
