//! Why a space search cannot run, and the two text inputs (a goal, a
//! shape) checked through the engine's parser and [`Shape`] rules.

use super::index::SPACE_MAX_CELLS;
use crate::engine::{parse::SizedBoardError, shape::ShapeError, Board, Shape};
use crate::parse::parse_board;
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
    /// The width and height are not a board shape (too thin, over 25 cells).
    Shape(ShapeError),
    /// The shape has more than [`SPACE_MAX_CELLS`] cells: its two-bit table
    /// would not fit (the message gives the figure).
    TooLarge {
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
            SpaceError::TooLarge { .. } => "too_large_for_space",
            SpaceError::OutOfMemory { .. } => "out_of_memory",
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

/// Bytes in decimal units, three significant figures: "778 MB", "2.62 TB".
fn in_units(bytes: u128) -> String {
    let units = ["bytes", "kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1000.0 && unit + 1 < units.len() {
        value /= 1000.0;
        unit += 1;
    }
    let text = if value >= 100.0 {
        format!("{value:.0}")
    } else if value >= 10.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.2}")
    };
    format!("{text} {}", units[unit])
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
            SpaceError::TooLarge { shape } => {
                let n = shape.cells() as u128;
                let boards: u128 = (1..=n).product::<u128>() / 2;
                write!(
                    f,
                    "a {shape} board has {n} cells: {} boards can reach any one goal ({n}!/2), and at 2 bits a board the search's table alone would need {} bytes ({}); the exact search covers boards of at most {SPACE_MAX_CELLS} cells, the largest (3×4, 4×3) needing 59,875,200 bytes (59.9 MB) for 239,500,800 boards",
                    crate::text::thousands(boards),
                    crate::text::thousands(boards / 4),
                    in_units(boards / 4),
                )
            }
            SpaceError::OutOfMemory { shape, bytes } => write!(
                f,
                "the {shape} search needs a table of {} bytes ({}) and the memory was refused",
                crate::text::thousands(u128::from(*bytes)),
                in_units(u128::from(*bytes)),
            ),
        }
    }
}

impl std::error::Error for SpaceError {}

/// A goal board of at most [`SPACE_MAX_CELLS`] cells from its text (rows
/// for any shape, flat for a square one: [`parse_board`]).
pub fn parse_space_goal(text: &str) -> Result<Board, SpaceError> {
    let board = parse_board(text).map_err(SpaceError::Goal)?;
    if board.shape().cells() > SPACE_MAX_CELLS {
        return Err(SpaceError::TooLarge {
            shape: board.shape(),
        });
    }
    Ok(board)
}

/// A shape of at most [`SPACE_MAX_CELLS`] cells from `WxH` (also `W×H`,
/// `WXH`), width first.
pub fn parse_space_shape(text: &str) -> Result<Shape, SpaceError> {
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
    if shape.cells() > SPACE_MAX_CELLS {
        return Err(SpaceError::TooLarge { shape });
    }
    Ok(shape)
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
    }
}
