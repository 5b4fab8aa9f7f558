//! The board: nine row-major cells holding each of 0–8 exactly once.

use std::fmt;

/// Number of cells on the 3×3 board.
pub const CELLS: usize = 9;

/// The value that marks the blank cell.
pub const BLANK: u8 = 0;

/// A valid 8-puzzle board: nine row-major cells, `0` is the blank.
///
/// The only ways to obtain a `Board` are [`crate::engine::parse_board`] (text),
/// [`Board::from_cells`] (checked) and internal moves that swap the blank with
/// a grid neighbour, so every `Board` is a permutation of 0–8.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    cells: [u8; CELLS],
}

impl Board {
    /// The default goal `[1,2,3,4,5,6,7,8,0]`.
    pub const DEFAULT_GOAL: Board = Board {
        cells: [1, 2, 3, 4, 5, 6, 7, 8, 0],
    };

    /// The baseline start of the page contract, `[1,2,3,4,5,6,0,7,8]`.
    pub const BASELINE_START: Board = Board {
        cells: [1, 2, 3, 4, 5, 6, 0, 7, 8],
    };

    /// Builds a board from nine cells, or `None` unless they are a permutation
    /// of 0–8. Use [`crate::engine::parse_board`] for user text: it explains
    /// exactly what is wrong.
    pub fn from_cells(cells: [u8; CELLS]) -> Option<Board> {
        let mut seen = 0u16;
        for &c in &cells {
            if c as usize >= CELLS || seen & (1 << c) != 0 {
                return None;
            }
            seen |= 1 << c;
        }
        Some(Board { cells })
    }

    /// The nine cells, row-major.
    pub fn cells(&self) -> [u8; CELLS] {
        self.cells
    }

    /// The index (0–8) of the blank cell.
    pub fn blank(&self) -> usize {
        // A Board always holds a 0, so the search always finds one.
        self.cells.iter().position(|&c| c == BLANK).unwrap_or(0)
    }

    /// The packed key: cell `i` in bits `4·(8−i)..4·(8−i)+4`. Comparing packed
    /// keys as integers is the same as comparing the nine-digit strings
    /// ([`Board::key_string`]) lexicographically, because both read the cells
    /// left to right with equal width.
    pub fn packed(&self) -> u64 {
        self.cells
            .iter()
            .fold(0u64, |acc, &c| (acc << 4) | u64::from(c))
    }

    /// Rebuilds a board from a packed key made by [`Board::packed`] or by a
    /// legal move on one; `None` if the key is not a permutation of 0–8.
    pub fn from_packed(key: u64) -> Option<Board> {
        if key >> 36 != 0 {
            return None;
        }
        let mut cells = [0u8; CELLS];
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = ((key >> (4 * (8 - i))) & 0xF) as u8;
        }
        Board::from_cells(cells)
    }

    /// The board as the nine-digit string used for tie-breaking, e.g. `"123456708"`.
    pub fn key_string(&self) -> String {
        self.cells.iter().map(|&c| char::from(b'0' + c)).collect()
    }

    /// The board in the notation of the solvability blog post: digits with
    /// `-` for the blank, e.g. `"1238-4765"`.
    pub fn dash_notation(&self) -> String {
        self.cells
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

    /// Parses the dash notation (`-` or `0` for the blank); `None` unless it is
    /// nine characters forming a permutation.
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
        Board::from_cells(cells)
    }

    /// The board as compact JSON, e.g. `[1,2,3,4,5,6,0,7,8]`.
    pub fn to_json(&self) -> String {
        let inner: Vec<String> = self.cells.iter().map(|c| c.to_string()).collect();
        format!("[{}]", inner.join(","))
    }

    /// Three text rows, the blank drawn as `_`: `"1 2 3"`, `"4 5 6"`, `"_ 7 8"`.
    pub fn grid_rows(&self) -> [String; 3] {
        let cell = |c: u8| {
            if c == BLANK {
                "_".to_string()
            } else {
                c.to_string()
            }
        };
        [0, 1, 2].map(|r| {
            (0..3)
                .map(|col| cell(self.cells[r * 3 + col]))
                .collect::<Vec<_>>()
                .join(" ")
        })
    }

    /// Number of inversions among the tiles 1–8 in row-major order; the blank
    /// is left out. Its parity is invariant under legal moves on a 3×3 board.
    pub fn inversions(&self) -> u32 {
        let tiles: Vec<u8> = self.cells.iter().copied().filter(|&c| c != BLANK).collect();
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

    /// The board with cells `a` and `b` exchanged. Callers guarantee that one
    /// of them is the blank and that they are grid neighbours.
    pub(crate) fn swapped(&self, a: usize, b: usize) -> Board {
        let mut cells = self.cells;
        cells.swap(a, b);
        Board { cells }
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

/// Row (0–2) of a cell index.
pub fn row_of(index: usize) -> usize {
    index / 3
}

/// Column (0–2) of a cell index.
pub fn col_of(index: usize) -> usize {
    index % 3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_order_is_key_string_order() {
        let a = Board::from_cells([1, 2, 3, 4, 5, 6, 7, 0, 8]).unwrap();
        let b = Board::from_cells([1, 2, 3, 4, 5, 6, 0, 7, 8]).unwrap();
        assert_eq!(a.key_string(), "123456708");
        assert_eq!(b.key_string(), "123456078");
        assert!(b.key_string() < a.key_string());
        assert!(b.packed() < a.packed());
        assert_eq!(Board::from_packed(a.packed()), Some(a));
    }

    #[test]
    fn from_cells_rejects_non_permutations() {
        assert!(Board::from_cells([1, 1, 3, 4, 5, 6, 7, 8, 0]).is_none());
        assert!(Board::from_cells([1, 2, 3, 4, 5, 6, 7, 8, 9]).is_none());
        assert!(Board::from_packed(1 << 40).is_none());
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
    }

    #[test]
    fn inversions_exclude_blank() {
        assert_eq!(Board::DEFAULT_GOAL.inversions(), 0);
        assert_eq!(Board::BASELINE_START.inversions(), 0);
        let b = Board::from_cells([2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
        assert_eq!(b.inversions(), 1);
        // The blank in front would add 8 "inversions" if it were counted as 0 < all.
        let c = Board::from_cells([0, 2, 1, 3, 4, 5, 6, 7, 8]).unwrap();
        assert_eq!(c.inversions(), 1);
    }
}
