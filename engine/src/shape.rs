//! The shape of a board: W columns × H rows, with 2 ≤ W, 2 ≤ H and W·H ≤ 64.
//!
//! Every shape from 2×2 to 8×8 is one of these, and so are the long ones
//! (2×12, 3×8, 4×9, 2×32, …). The optimal searches and their fixed-size
//! tables stop at [`OPTIMAL_MAX_CELLS`] (5×5); the larger shapes are solved
//! in fast mode. The move rule lives here, once, for every shape:
//! the blank moves to a grid neighbour in the same row or column, and never
//! wraps from the end of a row to the start of the next.

use super::moves::Move;
use std::fmt;

/// The most cells a board may have (8×8).
pub const MAX_CELLS: usize = 64;

/// The most cells of a board the optimal searches take (5×5): their hot
/// loops keep fixed arrays of this many cells, so a board of 26 to 64
/// cells never widens the loops of 4×4 and 5×5.
pub const OPTIMAL_MAX_CELLS: usize = 25;

/// Marks "no neighbour" in [`Shape::neighbours`].
pub const NO_CELL: u8 = u8::MAX;

/// A board's width and height.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    width: u8,
    height: u8,
}

/// Why a width and height are not a board shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// Occurs when the board is one cell wide or one cell tall (or empty):
    /// the blank could only move along a line, so most boards of that line
    /// could never be reached.
    TooThin {
        /// Columns asked for.
        width: usize,
        /// Rows asked for.
        height: usize,
    },
    /// Occurs when the board has more than [`MAX_CELLS`] cells.
    TooManyCells {
        /// Columns asked for.
        width: usize,
        /// Rows asked for.
        height: usize,
    },
}

impl ShapeError {
    /// A stable snake_case name for JSON output and tests.
    pub fn kind(&self) -> &'static str {
        match self {
            ShapeError::TooThin { .. } => "too_thin",
            ShapeError::TooManyCells { .. } => "too_many_cells",
        }
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::TooThin { width, height } => write!(
                f,
                "a board {width} wide and {height} tall is too thin; every board needs at least 2 columns and 2 rows"
            ),
            ShapeError::TooManyCells { width, height } => write!(
                f,
                "a board {width} wide and {height} tall has {} cells; the largest board has {MAX_CELLS} (8×8)",
                width * height
            ),
        }
    }
}

impl std::error::Error for ShapeError {}

impl Shape {
    /// 3×3, the 8-puzzle.
    pub const THREE: Shape = Shape {
        width: 3,
        height: 3,
    };
    /// 4×4, the 15-puzzle.
    pub const FOUR: Shape = Shape {
        width: 4,
        height: 4,
    };
    /// 5×5, the 24-puzzle.
    pub const FIVE: Shape = Shape {
        width: 5,
        height: 5,
    };

    /// The shape `width` columns × `height` rows, if it is one.
    pub fn new(width: usize, height: usize) -> Result<Shape, ShapeError> {
        if width < 2 || height < 2 {
            return Err(ShapeError::TooThin { width, height });
        }
        if width * height > MAX_CELLS {
            return Err(ShapeError::TooManyCells { width, height });
        }
        // Both at most 32 here, so they fit a byte.
        Ok(Shape {
            width: width as u8,
            height: height as u8,
        })
    }

    /// The square shape with `cells` cells (4, 9, 16, 25, 36, 49 or 64),
    /// if any.
    pub fn square(cells: usize) -> Option<Shape> {
        (2..=8)
            .find(|w| w * w == cells)
            .and_then(|w| Shape::new(w, w).ok())
    }

    /// Every shape, ordered by cell count, then width.
    pub fn all() -> Vec<Shape> {
        Shape::up_to(MAX_CELLS)
    }

    /// Every shape of at most `cells` cells, ordered by cell count, then
    /// width ([`Shape::up_to`]`(`[`OPTIMAL_MAX_CELLS`]`)` are the shapes the
    /// optimal searches take).
    pub fn up_to(cells: usize) -> Vec<Shape> {
        let mut all: Vec<Shape> = (2..=MAX_CELLS / 2)
            .flat_map(|w| (2..=MAX_CELLS / 2).filter_map(move |h| Shape::new(w, h).ok()))
            .filter(|s| s.cells() <= cells)
            .collect();
        all.sort_by_key(|s| (s.cells(), s.width));
        all
    }

    /// Whether the optimal searches take this shape (at most
    /// [`OPTIMAL_MAX_CELLS`] cells).
    pub fn optimal_searchable(self) -> bool {
        self.cells() <= OPTIMAL_MAX_CELLS
    }

    /// Columns.
    pub fn width(self) -> usize {
        usize::from(self.width)
    }

    /// Rows.
    pub fn height(self) -> usize {
        usize::from(self.height)
    }

    /// Cells, W·H.
    pub fn cells(self) -> usize {
        self.width() * self.height()
    }

    /// Whether W = H.
    pub fn is_square(self) -> bool {
        self.width == self.height
    }

    /// `"4×3"` for people (width first).
    pub fn name(self) -> String {
        format!("{}×{}", self.width, self.height)
    }

    /// "a" or "an" before [`Shape::name`] as it is read: "an 8×8", "an
    /// 11×2", "an 18×3", "a 6×6".
    pub fn article(self) -> &'static str {
        match self.width {
            8 | 11 | 18 => "an",
            _ => "a",
        }
    }

    /// `"4x3"` for JSON and links.
    pub fn code(self) -> String {
        format!("{}x{}", self.width, self.height)
    }

    /// Parses [`Shape::code`] (`"4x3"`, also with `×` or `X`).
    pub fn from_code(text: &str) -> Option<Shape> {
        let t = text.trim().replace(['×', 'X'], "x");
        let (w, h) = t.split_once('x')?;
        let (w, h) = (w.trim().parse().ok()?, h.trim().parse().ok()?);
        Shape::new(w, h).ok()
    }

    /// Row (0-based from the top) of a cell.
    pub fn row_of(self, cell: usize) -> usize {
        cell / self.width()
    }

    /// Column (0-based from the left) of a cell.
    pub fn col_of(self, cell: usize) -> usize {
        cell % self.width()
    }

    /// Where the blank lands when it leaves `from` going `mv`, or `None` when
    /// that leaves the grid, including wrapping past the end of a row: the
    /// one move rule of every shape.
    pub fn target(self, from: usize, mv: Move) -> Option<usize> {
        if from >= self.cells() {
            return None;
        }
        let (r, c, w) = (self.row_of(from), self.col_of(from), self.width());
        match mv {
            Move::Up if r > 0 => Some(from - w),
            Move::Down if r + 1 < self.height() => Some(from + w),
            Move::Left if c > 0 => Some(from - 1),
            Move::Right if c + 1 < w => Some(from + 1),
            _ => None,
        }
    }

    /// [`Shape::target`] as a table for the hot loops: entry `[cell][d]` is
    /// the target of direction index `d` (the position in [`Move::ALL`]), or
    /// [`NO_CELL`]. Cells past the board have no neighbours.
    /// Entries past [`OPTIMAL_MAX_CELLS`] are dropped: the table is for the
    /// optimal searches.
    pub fn neighbours(self) -> [[u8; 4]; OPTIMAL_MAX_CELLS] {
        let mut t = [[NO_CELL; 4]; OPTIMAL_MAX_CELLS];
        for (cell, row) in t.iter_mut().enumerate().take(self.cells()) {
            for (d, mv) in Move::ALL.into_iter().enumerate() {
                if let Some(to) = self.target(cell, mv) {
                    row[d] = to as u8;
                }
            }
        }
        t
    }

    /// Manhattan distance between two cells.
    pub fn distance(self, a: usize, b: usize) -> u32 {
        (self.row_of(a).abs_diff(self.row_of(b)) + self.col_of(a).abs_diff(self.col_of(b))) as u32
    }

    /// "position 4 (row 2, column 2)": the 0-based index for programs, then
    /// the 1-based row and column for people.
    pub fn position_text(self, cell: usize) -> String {
        format!(
            "position {} (row {}, column {})",
            cell,
            self.row_of(cell) + 1,
            self.col_of(cell) + 1
        )
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Shape({})", self.code())
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_article_is_read_off_the_width_as_said() {
        let said = |w, h| {
            let s = Shape::new(w, h).unwrap();
            format!("{} {s}", s.article())
        };
        assert_eq!(
            [
                said(8, 8),
                said(8, 2),
                said(11, 2),
                said(18, 3),
                said(6, 6),
                said(2, 8),
                said(3, 3)
            ],
            ["an 8×8", "an 8×2", "an 11×2", "an 18×3", "a 6×6", "a 2×8", "a 3×3"]
        );
        let all = Shape::all();
        let an: Vec<String> = all
            .iter()
            .filter(|s| s.article() == "an")
            .map(|s| s.name())
            .collect();
        assert_eq!(
            an.join(" "),
            "8×2 11×2 8×3 8×4 11×3 18×2 8×5 11×4 8×6 18×3 11×5 8×7 8×8"
        );
    }

    #[test]
    fn the_family_has_38_shapes_to_25_cells_and_153_to_64() {
        let optimal = Shape::up_to(OPTIMAL_MAX_CELLS);
        assert_eq!(optimal.len(), 38);
        assert_eq!(optimal[0], Shape::new(2, 2).unwrap());
        assert_eq!(*optimal.last().unwrap(), Shape::FIVE);
        assert!(optimal.contains(&Shape::new(2, 12).unwrap()));
        assert!(optimal.contains(&Shape::new(3, 8).unwrap()));
        assert!(optimal.contains(&Shape::new(6, 4).unwrap()));
        let all = Shape::all();
        // Counted by hand: for each W in 2..=32, the H in 2..=⌊64/W⌋.
        let by_hand: usize = (2..=32).map(|w| 64 / w - 1).sum();
        assert_eq!(all.len(), by_hand);
        assert_eq!(all.len(), 153);
        assert_eq!(*all.last().unwrap(), Shape::new(32, 2).unwrap());
        assert!(all.contains(&Shape::new(8, 8).unwrap()));
        assert!(all.contains(&Shape::new(4, 9).unwrap()));
        assert!(all.contains(&Shape::new(2, 32).unwrap()));
        assert!(all
            .iter()
            .all(|s| s.cells() <= 64 && s.width() >= 2 && s.height() >= 2));
        assert!(!Shape::new(6, 6).unwrap().optimal_searchable());
        assert!(Shape::FIVE.optimal_searchable());
    }

    #[test]
    fn limits() {
        assert_eq!(
            Shape::new(1, 5),
            Err(ShapeError::TooThin {
                width: 1,
                height: 5
            })
        );
        assert_eq!(Shape::new(9, 8).unwrap_err().kind(), "too_many_cells");
        assert_eq!(
            Shape::new(13, 5).unwrap_err().to_string(),
            "a board 13 wide and 5 tall has 65 cells; the largest board has 64 (8×8)"
        );
        assert_eq!(
            Shape::new(1, 40).unwrap_err().to_string(),
            "a board 1 wide and 40 tall is too thin; every board needs at least 2 columns and 2 rows"
        );
        assert_eq!(Shape::new(33, 2).unwrap_err().kind(), "too_many_cells");
        assert_eq!(Shape::new(6, 5).map(Shape::cells), Ok(30));
        assert_eq!(Shape::square(16), Some(Shape::FOUR));
        assert_eq!(Shape::square(64), Shape::new(8, 8).ok());
        assert_eq!(Shape::square(12), None);
        assert_eq!(Shape::from_code("4x3"), Shape::new(4, 3).ok());
        assert_eq!(Shape::new(4, 3).unwrap().name(), "4×3");
    }

    #[test]
    fn no_move_wraps() {
        let s = Shape::new(4, 3).unwrap();
        assert_eq!(s.target(3, Move::Right), None);
        assert_eq!(s.target(4, Move::Left), None);
        assert_eq!(s.target(3, Move::Down), Some(7));
        assert_eq!(s.target(9, Move::Down), None);
        assert_eq!(s.target(1, Move::Up), None);
        let n = s.neighbours();
        assert_eq!(n[5], [1, 9, 4, 6]);
        assert_eq!(n[12], [NO_CELL; 4]);
    }
}
