//! Why a space search cannot run, and the two text inputs (a goal, a
//! shape) checked through the engine's parser and [`Shape`] rules.

use super::index::{NATIVE_SPACE_MAX_CELLS, SPACE_MAX_CELLS};
use crate::engine::{parse::SizedBoardError, shape::ShapeError, Board, Shape};
use crate::parse::parse_board;
use crate::text::in_units;
use std::fmt;

/// Why a space search cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpaceError {
    /// The goal text is not a board (the parser's own error).
    Goal(SizedBoardError),
    /// The shape text is not `WxH` with two whole numbers.
    ShapeSyntax {
        /// The text as given.
        text: String,
    },
    /// The width and height are not a board shape (too thin, over 64 cells).
    Shape(ShapeError),
    /// The shape has more than [`SPACE_MAX_CELLS`] cells, the limit of a
    /// search run in slices (the page): its two-bit table would not fit
    /// (the message gives the figure).
    TooLarge {
        /// The shape asked for.
        shape: Shape,
    },
    /// The shape has more than [`NATIVE_SPACE_MAX_CELLS`] cells, the limit
    /// of a native search (the message gives the figure).
    TooLargeNative {
        /// The shape asked for.
        shape: Shape,
    },
    /// The allocator refused the table.
    OutOfMemory {
        /// The shape searched.
        shape: Shape,
        /// Bytes asked for.
        bytes: u64,
    },
    /// The whole-space distances ([`super::distances_in`]): the array and
    /// the table together are over the caller's limit, or (`limit` `None`)
    /// the allocator refused them.
    LabelsMemory {
        /// The shape searched.
        shape: Shape,
        /// Bytes of the array, one a board.
        array: u64,
        /// Bytes of the search's two-bit table.
        table: u64,
        /// The caller's limit, when it is the reason.
        limit: Option<u64>,
    },
}

impl SpaceError {
    /// A stable snake_case name for JSON output and tests: the parser's
    /// and [`ShapeError`]'s kinds, `shape_syntax`, `too_large_for_space`,
    /// `out_of_memory`.
    pub fn kind(&self) -> &'static str {
        match self {
            SpaceError::Goal(e) => e.kind(),
            SpaceError::ShapeSyntax { .. } => "shape_syntax",
            SpaceError::Shape(e) => e.kind(),
            SpaceError::TooLarge { .. } | SpaceError::TooLargeNative { .. } => {
                "too_large_for_space"
            }
            SpaceError::OutOfMemory { .. } | SpaceError::LabelsMemory { .. } => "out_of_memory",
        }
    }

    /// `goal` or `shape`: the input at fault (`shape` for a goal too large).
    pub fn field(&self) -> &'static str {
        match self {
            SpaceError::Goal(_) => "goal",
            _ => "shape",
        }
    }
}

impl fmt::Display for SpaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpaceError::Goal(e) => write!(f, "{e}"),
            SpaceError::ShapeSyntax { text } => write!(
                f,
                "shape {text:?} is not WxH: give the width and the height as whole numbers, e.g. 4x3"
            ),
            SpaceError::Shape(e) => write!(f, "{e}"),
            SpaceError::TooLarge { shape } => too_large(f, *shape, Reach::Sliced),
            SpaceError::TooLargeNative { shape } => too_large(f, *shape, Reach::Native),
            SpaceError::OutOfMemory { shape, bytes } => write!(
                f,
                "the {shape} search needs a table of {} bytes ({}) and the memory was refused",
                crate::text::thousands(u128::from(*bytes)),
                in_units(u128::from(*bytes)),
            ),
            SpaceError::LabelsMemory {
                shape,
                array,
                table,
                limit,
            } => {
                let all = u128::from(array + table);
                write!(
                    f,
                    "the {shape} distances need {} bytes ({}): {} for the array (a byte a board) and {} for the search's table; ",
                    crate::text::thousands(all),
                    in_units(all),
                    crate::text::thousands(u128::from(*array)),
                    crate::text::thousands(u128::from(*table)),
                )?;
                match limit {
                    Some(l) => write!(
                        f,
                        "over the limit of {} bytes ({})",
                        crate::text::thousands(u128::from(*l)),
                        in_units(u128::from(*l))
                    ),
                    None => write!(f, "the memory was refused"),
                }
            }
        }
    }
}

impl std::error::Error for SpaceError {}

/// Boards that can reach one goal on a board of `cells` cells: cells!/2,
/// `None` past u128 (35 cells and more).
fn boards(cells: usize) -> Option<u128> {
    (1..=cells as u128)
        .try_fold(1u128, |p, k| p.checked_mul(k))
        .map(|p| p / 2)
}

/// Why `shape` is over `reach`'s limit, with the figures of its table and
/// of the largest one the limit allows.
fn too_large(f: &mut fmt::Formatter<'_>, shape: Shape, reach: Reach) -> fmt::Result {
    let n = shape.cells();
    let (max, largest) = match reach {
        Reach::Sliced => (SPACE_MAX_CELLS, "3×4, 4×3"),
        Reach::Native => (NATIVE_SPACE_MAX_CELLS, "2×7, 7×2"),
    };
    let most = boards(max).unwrap_or(u128::MAX);
    match boards(n) {
        Some(all) => write!(
            f,
            "{} {shape} board has {n} cells: {} boards can reach any one goal ({n}!/2), and at 2 bits a board the search's table alone would need {} bytes ({})",
            shape.article(),
            crate::text::thousands(all),
            crate::text::thousands(all / 4),
            in_units(all / 4),
        )?,
        // 35! and beyond do not fit in 128 bits.
        None => write!(
            f,
            "{} {shape} board has {n} cells: {n}!/2 boards can reach any one goal, over 10^39, and at 2 bits a board the search's table alone would need over 10^38 bytes",
            shape.article()
        )?,
    }
    write!(
        f,
        "; the exact search covers boards of at most {max} cells, the largest ({largest}) needing {} bytes ({}) for {} boards",
        crate::text::thousands(most / 4),
        in_units(most / 4),
        crate::text::thousands(most),
    )
}

/// Which search a space is sized for: the limit of cells it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// A search run in slices, as the page's worker runs it on a 32-bit
    /// target: at most [`SPACE_MAX_CELLS`] cells (59.9 MB of table).
    Sliced,
    /// A native search ([`explore_in`](super::explore_in), the command
    /// line): at most [`NATIVE_SPACE_MAX_CELLS`] cells (10.9 GB of table).
    Native,
}

impl Reach {
    /// The most cells.
    pub fn max_cells(self) -> usize {
        match self {
            Reach::Sliced => SPACE_MAX_CELLS,
            Reach::Native => NATIVE_SPACE_MAX_CELLS,
        }
    }

    /// `shape`, or the error saying it is over this limit.
    pub fn check(self, shape: Shape) -> Result<Shape, SpaceError> {
        if shape.cells() <= self.max_cells() {
            Ok(shape)
        } else if self == Reach::Sliced {
            Err(SpaceError::TooLarge { shape })
        } else {
            Err(SpaceError::TooLargeNative { shape })
        }
    }
}

/// A goal board of at most [`SPACE_MAX_CELLS`] cells from its text (rows
/// for any shape, flat for a square one: [`parse_board`]).
pub fn parse_space_goal(text: &str) -> Result<Board, SpaceError> {
    parse_space_goal_in(text, Reach::Sliced)
}

/// [`parse_space_goal`] up to `reach`'s limit.
pub fn parse_space_goal_in(text: &str, reach: Reach) -> Result<Board, SpaceError> {
    let board = parse_board(text).map_err(SpaceError::Goal)?;
    reach.check(board.shape())?;
    Ok(board)
}

/// A shape of at most [`SPACE_MAX_CELLS`] cells from `WxH` (also `W×H`,
/// `WXH`), width first.
pub fn parse_space_shape(text: &str) -> Result<Shape, SpaceError> {
    parse_space_shape_in(text, Reach::Sliced)
}

/// [`parse_space_shape`] up to `reach`'s limit.
pub fn parse_space_shape_in(text: &str, reach: Reach) -> Result<Shape, SpaceError> {
    let syntax = || SpaceError::ShapeSyntax {
        text: text.to_string(),
    };
    let t = text.trim().replace(['×', 'X'], "x");
    let (w, h) = t.split_once('x').ok_or_else(syntax)?;
    let number = |s: &str| {
        let s = s.trim();
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(syntax());
        }
        // Digits only, so the only failure left is a number too large for
        // usize, which is too large a shape.
        Ok(s.parse::<usize>().unwrap_or(usize::MAX / 2))
    };
    let (w, h) = (number(w)?, number(h)?);
    let shape = Shape::new(w.min(1 << 15), h.min(1 << 15)).map_err(SpaceError::Shape)?;
    reach.check(shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_in_the_messages() {
        assert_eq!(crate::text::thousands(239_500_800u64), "239,500,800");
        assert_eq!(in_units(778_377_600), "778 MB");
        let e = parse_space_shape("13x1").unwrap_err();
        assert_eq!(e.kind(), "too_thin");
        let e = parse_space_shape("4x4").unwrap_err();
        assert_eq!(e.kind(), "too_large_for_space");
        assert!(e.to_string().contains("10,461,394,944,000 boards"), "{e}");
        assert!(
            e.to_string().contains("2,615,348,736,000 bytes (2.62 TB)"),
            "{e}"
        );
        assert!(e.to_string().ends_with("the exact search covers boards of at most 12 cells, the largest (3×4, 4×3) needing 59,875,200 bytes (59.9 MB) for 239,500,800 boards"), "{e}");
        // Natively 2×7 and 7×2 are in; 3×5 (15 cells) is the first out.
        assert_eq!(
            parse_space_shape_in("2x7", Reach::Native).map(|s| s.cells()),
            Ok(14)
        );
        assert_eq!(
            parse_space_shape("7x2").unwrap_err().kind(),
            "too_large_for_space"
        );
        let e = parse_space_shape_in("3x5", Reach::Native).unwrap_err();
        assert_eq!(e.kind(), "too_large_for_space");
        assert_eq!(e.to_string(), "a 3×5 board has 15 cells: 653,837,184,000 boards can reach any one goal (15!/2), and at 2 bits a board the search's table alone would need 163,459,296,000 bytes (163 GB); the exact search covers boards of at most 14 cells, the largest (2×7, 7×2) needing 10,897,286,400 bytes (10.9 GB) for 43,589,145,600 boards");
    }
}
