//! The 4×4 board: sixteen row-major cells holding each of 0–15 exactly once,
//! packed into a `u64` as sixteen nibbles.

use std::fmt;

/// Number of cells on the 4×4 board.
pub const CELLS16: usize = 16;

/// Width (and height) of the 4×4 board.
pub const WIDTH16: usize = 4;

/// A valid 15-puzzle board: sixteen row-major cells, `0` is the blank.
///
/// Obtained from [`crate::engine::parse_any_board`] (text),
/// [`Board16::from_cells`] or [`Board16::from_packed`] (both checked), so
/// every `Board16` is a permutation of 0–15.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board16 {
    cells: [u8; CELLS16],
}

impl Board16 {
    /// The default 4×4 goal `[1,2,…,15,0]` (blank in the bottom-right corner).
    pub const DEFAULT_GOAL: Board16 = Board16 {
        cells: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0],
    };

    /// The goal of Korf's 100 instances, `[0,1,…,15]` (blank top-left).
    pub const KORF_GOAL: Board16 = Board16 {
        cells: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    };

    /// Builds a board from sixteen cells, or `None` unless they are a
    /// permutation of 0–15. Use [`crate::engine::parse_any_board`] for user
    /// text: it explains exactly what is wrong.
    pub fn from_cells(cells: [u8; CELLS16]) -> Option<Board16> {
        let mut seen = 0u32;
        for &c in &cells {
            if c as usize >= CELLS16 || seen & (1 << c) != 0 {
                return None;
            }
            seen |= 1 << c;
        }
        Some(Board16 { cells })
    }

    /// The sixteen cells, row-major.
    pub fn cells(&self) -> [u8; CELLS16] {
        self.cells
    }

    /// The index (0–15) of the blank cell.
    pub fn blank(&self) -> usize {
        self.cells.iter().position(|&c| c == 0).unwrap_or(0)
    }

    /// The packed key: cell `i` in bits `4·i..4·i+4` (cell 0 in the lowest
    /// nibble). This is the search's own representation.
    pub fn packed(&self) -> u64 {
        self.cells
            .iter()
            .enumerate()
            .fold(0u64, |acc, (i, &c)| acc | (u64::from(c) << (4 * i)))
    }

    /// Rebuilds a board from a key made by [`Board16::packed`]; `None` unless
    /// its nibbles are a permutation of 0–15.
    pub fn from_packed(key: u64) -> Option<Board16> {
        let mut cells = [0u8; CELLS16];
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = ((key >> (4 * i)) & 0xF) as u8;
        }
        Board16::from_cells(cells)
    }

    /// The board as compact JSON, e.g. `[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0]`.
    pub fn to_json(&self) -> String {
        let inner: Vec<String> = self.cells.iter().map(|c| c.to_string()).collect();
        format!("[{}]", inner.join(","))
    }

    /// Four text rows, the blank drawn as `_`, numbers right-aligned in two
    /// columns: `" 1  2  3  4"`, …, `"13 14 15  _"`.
    pub fn grid_rows(&self) -> [String; 4] {
        let cell = |c: u8| {
            if c == 0 {
                " _".to_string()
            } else {
                format!("{c:>2}")
            }
        };
        [0, 1, 2, 3].map(|r| {
            (0..WIDTH16)
                .map(|col| cell(self.cells[r * WIDTH16 + col]))
                .collect::<Vec<_>>()
                .join(" ")
        })
    }

    /// Number of inversions among the tiles 1–15 in row-major order; the
    /// blank is left out.
    pub fn inversions(&self) -> u32 {
        let mut count = 0;
        for i in 0..CELLS16 {
            for j in i + 1..CELLS16 {
                let (a, b) = (self.cells[i], self.cells[j]);
                if a != 0 && b != 0 && a > b {
                    count += 1;
                }
            }
        }
        count
    }

    /// The blank's row, 1-based from the top (1–4).
    pub fn blank_row(&self) -> u32 {
        (self.blank() / WIDTH16) as u32 + 1
    }
}

impl fmt::Debug for Board16 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board16({})", self.to_json())
    }
}

impl fmt::Display for Board16 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_json())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_round_trip_and_checks() {
        let b = Board16::DEFAULT_GOAL;
        assert_eq!(b.packed(), 0x0FED_CBA9_8765_4321);
        assert_eq!(Board16::from_packed(b.packed()), Some(b));
        assert_eq!(Board16::KORF_GOAL.packed(), 0xFEDC_BA98_7654_3210);
        assert!(Board16::from_packed(0).is_none());
        let mut dup = b.cells();
        dup[0] = 2;
        assert!(Board16::from_cells(dup).is_none());
        let mut big = b.cells();
        big[15] = 16;
        assert!(Board16::from_cells(big).is_none());
    }

    #[test]
    fn grid_json_and_inversions() {
        let b = Board16::DEFAULT_GOAL;
        assert_eq!(
            b.grid_rows(),
            [" 1  2  3  4", " 5  6  7  8", " 9 10 11 12", "13 14 15  _"]
        );
        assert_eq!(b.to_json(), "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0]");
        assert_eq!(b.inversions(), 0);
        assert_eq!(b.blank(), 15);
        assert_eq!(b.blank_row(), 4);
        let c =
            Board16::from_cells([0, 2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]).unwrap();
        assert_eq!(c.inversions(), 1);
        assert_eq!(c.blank_row(), 1);
    }
}
