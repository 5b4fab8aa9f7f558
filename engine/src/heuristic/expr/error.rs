//! What can go wrong with an expression: when it is read ([`ExprError`],
//! with the character position) and when it is evaluated on a board
//! ([`EvalError`]).

use super::{Type, KNOWN_NAMES};
use std::fmt;

/// A parse or type error: what went wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExprError {
    /// The character (not byte) offset of the offending token, 0-based; the
    /// messages count from 1 ("at character 5").
    pub at: usize,
    /// What went wrong.
    pub kind: ExprErrorKind,
}

/// One variant per class of parse or type error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprErrorKind {
    /// A character no token starts with.
    UnexpectedChar {
        /// The character.
        found: char,
    },
    /// A token other than the one the grammar needs here.
    Expected {
        /// What would have fitted, in words.
        expected: &'static str,
        /// What was there, in words ("end of input", "`)`", "the name `md`").
        found: String,
    },
    /// A name the language does not have.
    UnknownName {
        /// The name as written.
        name: String,
    },
    /// A feature or function with the wrong number of arguments.
    Arguments {
        /// The name.
        name: &'static str,
        /// How many it takes.
        expected: usize,
        /// How many were given.
        found: usize,
    },
    /// An integer constant over 2⁶³ − 1.
    NumberTooLarge,
    /// A number where a condition is needed, or the other way round.
    Type {
        /// The type the place needs.
        expected: Type,
        /// The type the expression has.
        found: Type,
    },
    /// Parentheses and calls nested deeper than [`MAX_DEPTH`](super::MAX_DEPTH).
    TooDeep,
    /// A tree of more than [`MAX_HEIGHT`](super::MAX_HEIGHT) levels (a very
    /// long chain of operators).
    TooLong,
    /// A tile number that is not a tile of the goal's shape.
    TileOutOfRange {
        /// The number written.
        tile: i64,
        /// The largest tile of the shape (W·H − 1).
        tiles: usize,
    },
    /// A goal of more than 25 cells: the compiled program's tables stop
    /// at 5×5.
    GoalTooLarge {
        /// The goal's shape, e.g. `6×6`.
        shape: String,
        /// Its cells.
        cells: usize,
    },
}

impl ExprErrorKind {
    /// A stable snake_case name for JSON output and tests.
    pub fn code(&self) -> &'static str {
        match self {
            ExprErrorKind::UnexpectedChar { .. } => "unexpected_char",
            ExprErrorKind::Expected { .. } => "expected",
            ExprErrorKind::UnknownName { .. } => "unknown_name",
            ExprErrorKind::Arguments { .. } => "arguments",
            ExprErrorKind::NumberTooLarge => "number_too_large",
            ExprErrorKind::Type { .. } => "type",
            ExprErrorKind::TooDeep => "too_deep",
            ExprErrorKind::TooLong => "too_long",
            ExprErrorKind::TileOutOfRange { .. } => "tile_out_of_range",
            ExprErrorKind::GoalTooLarge { .. } => "goal_too_large",
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Type::Int => "a number",
            Type::Bool => "a condition (true or false)",
        })
    }
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at character {}: ", self.at + 1)?;
        match &self.kind {
            ExprErrorKind::UnexpectedChar { found } => write!(
                f,
                "unexpected character {found:?}; expected a number, a name, an operator or a parenthesis"
            ),
            ExprErrorKind::Expected { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
            ExprErrorKind::UnknownName { name } => write!(
                f,
                "unknown name `{name}`; the known names are {}",
                KNOWN_NAMES.join(", ")
            ),
            ExprErrorKind::Arguments {
                name,
                expected: 0,
                ..
            } => write!(f, "`{name}` takes no arguments (write it without parentheses)"),
            ExprErrorKind::Arguments {
                name,
                expected,
                found,
            } => write!(
                f,
                "`{name}` takes {expected} argument{}, found {found}",
                if *expected == 1 { "" } else { "s" }
            ),
            ExprErrorKind::NumberTooLarge => {
                write!(f, "the number is too large (at most 9223372036854775807)")
            }
            ExprErrorKind::Type { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
            ExprErrorKind::TooDeep => write!(
                f,
                "parentheses and calls are nested more than {} deep",
                super::MAX_DEPTH
            ),
            ExprErrorKind::TooLong => write!(
                f,
                "the expression is more than {} operations deep; group a long chain with parentheses",
                super::MAX_HEIGHT
            ),
            ExprErrorKind::TileOutOfRange { tile, tiles } => write!(
                f,
                "there is no tile {tile} on this board: the tiles are 1 to {tiles}"
            ),
            ExprErrorKind::GoalTooLarge { shape, cells } => write!(
                f,
                "a written h takes boards of at most {} cells (5×5); the goal is {shape} ({cells} cells)",
                crate::engine::shape::OPTIMAL_MAX_CELLS
            ),
        }
    }
}

impl std::error::Error for ExprError {}

/// Why an expression has no value on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum EvalError {
    /// A division whose divisor is 0; `at` is the `/`'s character offset.
    DivisionByZero {
        /// The operator's character offset, 0-based.
        at: usize,
    },
    /// A result outside −2⁶³ … 2⁶³ − 1; `at` is the operator's offset.
    Overflow {
        /// The operator's character offset, 0-based.
        at: usize,
    },
    /// The whole expression is negative: no estimate of a distance is.
    Negative {
        /// The value.
        h: i64,
    },
    /// The board is not of the goal's shape.
    Shape,
}

impl EvalError {
    /// A stable snake_case name for JSON output and tests.
    pub fn code(&self) -> &'static str {
        match self {
            EvalError::DivisionByZero { .. } => "division_by_zero",
            EvalError::Overflow { .. } => "overflow",
            EvalError::Negative { .. } => "negative",
            EvalError::Shape => "shape_mismatch",
        }
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::DivisionByZero { at } => {
                write!(f, "division by zero (the `/` at character {})", at + 1)
            }
            EvalError::Overflow { at } => write!(
                f,
                "the value overflows a 64-bit integer (the operation at character {})",
                at + 1
            ),
            EvalError::Negative { h } => {
                write!(f, "h is {h}: an estimate of a distance cannot be negative")
            }
            EvalError::Shape => write!(f, "the board is not of the goal's shape"),
        }
    }
}

impl std::error::Error for EvalError {}
