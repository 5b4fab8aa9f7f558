//! The message writer: every [`BoardError`]'s text, for the 3×3 contract
//! ([`fmt::Display`]) or for any shape ([`BoardError::message_for`]).

use super::{BoardError, SizedBoardError};
use crate::board::Board;
use crate::shape::Shape;
use std::fmt;

fn list(values: &[u8]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_for(f, Some(Shape::THREE))
    }
}

/// A count in words, as the messages spell board sizes ("nine", "sixteen").
fn count_word(n: usize) -> String {
    const WORDS: [&str; 26] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
        "twenty-one",
        "twenty-two",
        "twenty-three",
        "twenty-four",
        "twenty-five",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

impl BoardError {
    /// The message for a board of `shape` (`None`: the shape could not be
    /// told from the text). `Some(Shape::THREE)` is exactly the
    /// [`fmt::Display`] text, the 3×3 contract's; every other shape's
    /// message starts by naming the shape it expected ("4×3 board: …").
    pub fn message_for(&self, shape: Option<Shape>) -> String {
        struct Shown<'a>(&'a BoardError, Option<Shape>);
        impl fmt::Display for Shown<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write_for(f, self.1)
            }
        }
        Shown(self, shape).to_string()
    }

    fn write_for(&self, f: &mut fmt::Formatter<'_>, shape: Option<Shape>) -> fmt::Result {
        if let Some(s) = shape.filter(|&s| s != Shape::THREE) {
            write!(f, "{} board: ", s.name())?;
        }
        let known = shape.unwrap_or(Shape::THREE);
        let max = known.cells() - 1;
        let pos = |i: usize| known.position_text(i);
        let count_text = match shape {
            Some(s) => count_word(s.cells()),
            None => "4, 9, 16, 25, 36, 49 or 64".into(),
        };
        let rows_word = count_word(known.height());
        let width_word = count_word(known.width());
        match self {
            BoardError::NotJson { line, column, detail } => match shape {
                None => write!(
                    f,
                    "not valid JSON at line {line}, column {column}: {detail}; write the board as rows of numbers such as [[1,2,3],[4,5,6],[0,7,8]]"
                ),
                Some(s) => write!(
                    f,
                    "not valid JSON at line {line}, column {column}: {detail}; write {count_text} numbers such as {}",
                    example(s)
                ),
            },
            BoardError::NotAnArray { found } => match shape {
                None => write!(
                    f,
                    "expected a JSON array of rows (any shape) or of 4, 9, 16, 25, 36, 49 or 64 numbers (a square board), found {found}"
                ),
                Some(_) => write!(
                    f,
                    "expected a JSON array of {count_text} numbers, found {found}"
                ),
            },
            BoardError::MixedNesting { index } => match shape {
                Some(s) if s.is_square() => write!(
                    f,
                    "element {index} of the outer array differs in kind from element 0; use either {count_text} numbers or {rows_word} rows of {width_word}, not a mix"
                ),
                Some(_) => write!(
                    f,
                    "element {index} of the outer array differs in kind from element 0; use {rows_word} rows of {width_word}, not a mix"
                ),
                None => write!(
                    f,
                    "element {index} of the outer array differs in kind from element 0; use either a flat list of numbers or rows of numbers, not a mix"
                ),
            },
            BoardError::RaggedRows { row, len, first } => write!(
                f,
                "row {row} holds {len} values but row 1 holds {first}; every row must be as long as the first"
            ),
            BoardError::FlatNotSquare { count } => write!(
                f,
                "{count} values in a flat list; a flat list is read only for a square board (4, 9, 16, 25, 36, 49 or 64 values), so write a board of {count} cells as rows, e.g. {}",
                rows_example(*count)
            ),
            BoardError::TooThin { width, height } => write!(
                f,
                "{} wide and {} tall is too thin; a board needs at least 2 columns and 2 rows",
                plural_cells(*width, "column"),
                plural_cells(*height, "row")
            ),
            BoardError::TooManyCells { width, height } if *height == 1 => write!(
                f,
                "{width} values given; the largest board, 8×8, has 64"
            ),
            BoardError::TooManyCells { width, height } => write!(
                f,
                "{height} rows of {width} make {} cells; the largest board, 8×8, has 64",
                width * height
            ),
            BoardError::WrongRowCount { rows } => write!(
                f,
                "{rows} rows given; the nested form needs exactly {rows_word} rows of {width_word}"
            ),
            BoardError::WrongRowLength { row, len } => write!(
                f,
                "row {row} holds {len} values; each row needs exactly {width_word}"
            ),
            BoardError::NumericString { index, text } => write!(
                f,
                "{} holds the string \"{text}\"; numbers must not be quoted",
                pos(*index)
            ),
            BoardError::Text { index, text } => write!(
                f,
                "{} holds the string \"{text}\"; each cell must be a number from 0 to {max}",
                pos(*index)
            ),
            BoardError::Fraction { index, text } => write!(
                f,
                "{} holds {text}, a fraction; each cell must be a whole number from 0 to {max}",
                pos(*index)
            ),
            BoardError::DecimalInteger { index, text, value } => write!(
                f,
                "{} holds {text}, written with a decimal point or exponent; write the integer {value}",
                pos(*index)
            ),
            BoardError::SignedZero { index } => write!(
                f,
                "{} holds -0, zero written with a minus sign; write 0",
                pos(*index)
            ),
            BoardError::NotANumber { index, found } => write!(
                f,
                "{} holds {found}; each cell must be a number from 0 to {max}",
                pos(*index)
            ),
            BoardError::OutOfRange { index, text } => write!(
                f,
                "value {text} at {} is outside 0–{max}",
                pos(*index)
            ),
            BoardError::TooFew { count, missing } => write!(
                f,
                "only {count} of {count_text} values given; missing {}",
                list(missing)
            ),
            BoardError::TooMany { count } => write!(
                f,
                "{count} values given; a board has exactly {count_text}"
            ),
            BoardError::Duplicate { value, first, second, missing } => write!(
                f,
                "value {value} appears twice, at {} and at {}, so {} {} missing",
                pos(*first),
                pos(*second),
                list(missing),
                if missing.len() == 1 { "is" } else { "are" }
            ),
        }
    }
}

/// The default goal of the widest shape of `cells` cells (no wider than 6)
/// as rows, with its width and height: the example of a flat list that is
/// no square.
fn rows_example(cells: usize) -> String {
    let shape = (2..=6)
        .rev()
        .filter(|w| cells.is_multiple_of(*w))
        .find_map(|w| Shape::new(w, cells / w).ok());
    shape.map_or_else(
        || "[[1,2,3],[4,5,0]]".to_string(),
        |s| {
            format!(
                "{} for {} wide and {} tall",
                Board::default_goal(s).rows_json(),
                s.width(),
                s.height()
            )
        },
    )
}

fn plural_cells(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// An example of a valid board of `shape` for the not-JSON message: the
/// baseline on 3×3, the default goal with its last two cells swapped
/// elsewhere.
fn example(shape: Shape) -> String {
    if shape == Shape::THREE {
        return Board::BASELINE_START.to_json();
    }
    let g = Board::default_goal(shape);
    let mut cells = g.cells().to_vec();
    let n = cells.len();
    cells.swap(n - 2, n - 1);
    Board::new(shape, &cells).map_or_else(|| g.to_json(), |b| b.to_json())
}

impl fmt::Display for SizedBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.write_for(f, self.shape)
    }
}
