//! Strict board input: JSON text in, a [`Board`] or a precise [`BoardError`] out.
//!
//! Accepted forms: rows of numbers for any shape, `[[1,2,3,4],[5,6,7,8],
//! [9,10,11,0]]` (4 wide, 3 tall), or a flat array for a square board,
//! `[1,2,3,4,5,6,0,7,8]` (4, 9, 16, 25, 36, 49 or 64 values). [`parse_board_3x3`] is the
//! 3×3 contract's parser (nine values or three rows of three);
//! [`parse_board`] reads every shape. Nothing is ever repaired: a
//! missing tile is never guessed, a ragged row is never padded and a quoted
//! number is never unquoted.
//!
//! **`1.0` is rejected.** JSON does not distinguish `1.0` from `1` as a
//! value, but the contract asks for integers and a board is a permutation of
//! small whole numbers, so a number written with a decimal point or exponent
//! is reported as [`BoardError::DecimalInteger`] ("write 1") rather than
//! silently accepted. Fractions such as `1.5` are [`BoardError::Fraction`].

mod error;
mod message;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod typed_numbers;

pub use error::{BoardError, SizedBoardError};

use super::board::Board;
use super::shape::{Shape, ShapeError, MAX_CELLS};
use serde_json::Value;

/// "position 4 (row 2, column 2)": the 0-based index for programs, then the
/// 1-based row and column for people.
pub fn position_text(index: usize) -> String {
    Shape::THREE.position_text(index)
}

fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Whether `s` spells a finite decimal number: an optional sign, digits with
/// an optional fraction (or a bare fraction such as `.5`), and an optional
/// exponent. Checked by hand so the wasm build carries no float parser.
pub(crate) fn is_decimal_number(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    let whole = digits(&mut i);
    let mut frac = 0;
    if b.get(i) == Some(&b'.') {
        i += 1;
        frac = digits(&mut i);
    }
    if whole + frac == 0 {
        return false;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

fn looks_numeric(s: &str) -> bool {
    is_decimal_number(s.trim())
}

/// Checks one element and returns its value 0–(cells − 1).
fn cell_value(index: usize, v: &Value, cells: usize) -> Result<u8, BoardError> {
    match v {
        Value::Number(n) => {
            // serde_json's spelling; [`as_typed`] puts back the typed one.
            let text = n.to_string();
            if let Some(i) = n.as_u64() {
                return u8::try_from(i)
                    .ok()
                    .filter(|&x| (x as usize) < cells)
                    .ok_or(BoardError::OutOfRange { index, text });
            }
            if n.as_i64().is_some() {
                return Err(BoardError::OutOfRange { index, text });
            }
            // A float: fraction, or a whole number written as a decimal.
            let x = n.as_f64().unwrap_or(f64::NAN);
            if x.fract() != 0.0 || !x.is_finite() {
                Err(BoardError::Fraction { index, text })
            } else if (0.0..=(cells - 1) as f64).contains(&x) {
                Err(BoardError::DecimalInteger {
                    index,
                    text,
                    value: x as u8,
                })
            } else {
                Err(BoardError::OutOfRange { index, text })
            }
        }
        Value::String(s) if looks_numeric(s) => Err(BoardError::NumericString {
            index,
            text: s.clone(),
        }),
        Value::String(s) => Err(BoardError::Text {
            index,
            text: s.clone(),
        }),
        other => Err(BoardError::NotANumber {
            index,
            found: json_kind(other),
        }),
    }
}

/// Flattens the flat or nested form into a list of elements, checking that
/// the nested form has the rows of `shape`.
fn flatten(outer: &[Value], shape: Shape) -> Result<Vec<&Value>, BoardError> {
    let (width, height) = (shape.width(), shape.height());
    let nested = matches!(outer.first(), Some(Value::Array(_)));
    if let Some(index) = outer
        .iter()
        .position(|v| matches!(v, Value::Array(_)) != nested)
    {
        return Err(BoardError::MixedNesting { index });
    }
    if !nested {
        return Ok(outer.iter().collect());
    }
    if outer.len() != height {
        return Err(BoardError::WrongRowCount { rows: outer.len() });
    }
    let mut cells = Vec::with_capacity(width * height);
    for (r, row) in outer.iter().enumerate() {
        let row = row.as_array().map(Vec::as_slice).unwrap_or_default();
        if row.len() != width {
            return Err(BoardError::WrongRowLength {
                row: r + 1,
                len: row.len(),
            });
        }
        cells.extend(row.iter());
    }
    Ok(cells)
}

/// Parses and strictly validates a board written as JSON.
///
/// Checks run in this order, and the first failure is returned: JSON syntax,
/// array shape (flat or three rows of three), each element's type and range in
/// position order, the count of values, and finally duplicates.
///
/// # Example
/// ```
/// use eight_puzzle_engine::contract::parse_board_3x3;
/// let b = parse_board_3x3("[[1,2,3],[4,5,6],[0,7,8]]").unwrap();
/// assert_eq!(b.cells(), [1, 2, 3, 4, 5, 6, 0, 7, 8]);
/// let e = parse_board_3x3("[1,2,3,4,9,6,0,7,8]").unwrap_err();
/// assert_eq!(e.to_string(), "value 9 at position 4 (row 2, column 2) is outside 0–8");
/// ```
pub fn parse_board_3x3(text: &str) -> Result<Board, BoardError> {
    let value = parse_json(text)?;
    let outer = outer_array(&value)?;
    let cells = checked_cells(outer, Shape::THREE).map_err(|e| as_typed(e, text))?;
    // Nine distinct values in 0–8: a permutation, so this always succeeds.
    Board::new(Shape::THREE, &cells).ok_or(BoardError::TooFew {
        count: 0,
        missing: Vec::new(),
    })
}

fn parse_json(text: &str) -> Result<Value, BoardError> {
    serde_json::from_str(text).map_err(|e| BoardError::NotJson {
        line: e.line(),
        column: e.column(),
        detail: strip_position(&e.to_string()),
    })
}

fn outer_array(value: &Value) -> Result<&[Value], BoardError> {
    match value {
        Value::Array(items) => Ok(items),
        other => Err(BoardError::NotAnArray {
            found: json_kind(other),
        }),
    }
}

/// Shape, elements, count and duplicates for a board of `shape`, in that
/// order; the cells on success.
fn checked_cells(outer: &[Value], shape: Shape) -> Result<Vec<u8>, BoardError> {
    let n = shape.cells();
    let elements = flatten(outer, shape)?;
    let mut cells = Vec::with_capacity(elements.len());
    for (index, v) in elements.iter().enumerate() {
        cells.push(cell_value(index, v, n)?);
    }
    let mut present = [false; MAX_CELLS];
    for &c in &cells {
        present[c as usize] = true;
    }
    let missing: Vec<u8> = (0..n as u8).filter(|&v| !present[v as usize]).collect();
    if cells.len() < n {
        return Err(BoardError::TooFew {
            count: cells.len(),
            missing,
        });
    }
    if cells.len() > n {
        return Err(BoardError::TooMany { count: cells.len() });
    }
    let mut first_seen = [usize::MAX; MAX_CELLS];
    for (i, &c) in cells.iter().enumerate() {
        let slot = &mut first_seen[c as usize];
        if *slot != usize::MAX {
            return Err(BoardError::Duplicate {
                value: c,
                first: *slot,
                second: i,
                missing,
            });
        }
        *slot = i;
    }
    Ok(cells)
}

/// The smallest square shape whose values reach `max`, at least `least`.
fn square_holding(max: u64, least: usize) -> Shape {
    (least..=5)
        .find(|w| (w * w) as u64 > max)
        .and_then(|w| Shape::new(w, w).ok())
        .unwrap_or(Shape::FIVE)
}

/// Which shape an outer array is read as; an error when it cannot be told.
///
/// - **Rows:** as many rows as given, each as long as the first (a ragged,
///   one-wide or one-tall board, or more than 64 cells, is its own error).
/// - **Flat:** square boards only. 4, 9, 16, 25, 36, 49 and 64 values are
///   2×2, 3×3, 4×4, 5×5, 6×6, 7×7 and 8×8; ten or more values that make a whole board of a shape
///   that is not square (0…n−1 for n = 10, 12, 14, 15, 18, 20, 21, 22 or
///   24) are their own error, which asks for rows; other counts up to
///   fifteen read as 3×3 (so the 3×3
///   contract's messages stand: "10 values given; a board has exactly
///   nine") unless a whole number 9 or more is among them, which names the
///   smallest square that holds it (4×4, or 5×5 from 16); 17 to 24 values
///   read as 5×5; 26 to 63 values as the smallest square of as many cells
///   or more (6×6, 7×7 or 8×8).
pub fn shape_of(outer: &[Value]) -> Result<Shape, SizedBoardError> {
    let unsized_error = |error| SizedBoardError { shape: None, error };
    let nested = matches!(outer.first(), Some(Value::Array(_)));
    if let Some(index) = outer
        .iter()
        .position(|v| matches!(v, Value::Array(_)) != nested)
    {
        return Err(unsized_error(BoardError::MixedNesting { index }));
    }
    let max = outer
        .iter()
        .flat_map(|v| match v {
            Value::Array(row) => row.iter().filter_map(Value::as_u64).collect::<Vec<_>>(),
            other => other.as_u64().into_iter().collect(),
        })
        .max()
        .unwrap_or(0);
    if nested {
        let height = outer.len();
        let width = outer[0].as_array().map_or(0, Vec::len);
        if let Some((r, row)) = outer
            .iter()
            .enumerate()
            .find(|(_, row)| row.as_array().map_or(0, Vec::len) != width)
        {
            // On a board of three rows of three the contract's message stands.
            if height == 3 && width == 3 {
                return Err(SizedBoardError {
                    shape: Some(Shape::THREE),
                    error: BoardError::WrongRowLength {
                        row: r + 1,
                        len: row.as_array().map_or(0, Vec::len),
                    },
                });
            }
            return Err(unsized_error(BoardError::RaggedRows {
                row: r + 1,
                len: row.as_array().map_or(0, Vec::len),
                first: width,
            }));
        }
        return Shape::new(width, height).map_err(|e| {
            unsized_error(match e {
                ShapeError::TooThin { width, height } => BoardError::TooThin { width, height },
                ShapeError::TooManyCells { width, height } => {
                    BoardError::TooManyCells { width, height }
                }
            })
        });
    }
    match outer.len() {
        n if n > MAX_CELLS => Err(unsized_error(BoardError::TooManyCells {
            width: n,
            height: 1,
        })),
        n if Shape::square(n).is_some() => Ok(Shape::square(n).unwrap_or(Shape::THREE)),
        // A whole board of a shape that is not square, given flat.
        n if n >= 10 && max + 1 == n as u64 && Shape::all().iter().any(|s| s.cells() == n) => {
            Err(unsized_error(BoardError::FlatNotSquare { count: n }))
        }
        n if n < 16 => Ok(square_holding(max, 3)),
        n if n <= 25 => Ok(Shape::FIVE),
        // 26 to 63 values: the smallest larger square (6×6, 7×7 or 8×8).
        n => Ok((6..=8)
            .find(|w| w * w >= n)
            .and_then(|w| Shape::new(w, w).ok())
            .unwrap_or(Shape::FIVE)),
    }
}

/// Parses a board of any shape, with the same strict rules as
/// [`parse_board_3x3`]; the shape follows the text (see [`shape_of`]: rows for
/// any shape, a flat list for a square board).
///
/// A text read as 3×3 gives exactly [`parse_board_3x3`]'s board or error.
///
/// # Example
/// ```
/// use eight_puzzle_engine::{parse_board, Shape};
/// let b = parse_board("[[1,2,3,4],[5,6,7,8],[9,10,11,0]]").unwrap();
/// assert_eq!(b.shape(), Shape::new(4, 3).unwrap());
/// let e = parse_board("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,16]").unwrap_err();
/// assert_eq!(e.to_string(), "4×4 board: value 16 at position 15 (row 4, column 4) is outside 0–15");
/// ```
pub fn parse_board(text: &str) -> Result<Board, SizedBoardError> {
    let value = parse_json(text).map_err(|error| SizedBoardError { shape: None, error })?;
    parse_board_value(&value).map_err(|e| SizedBoardError {
        shape: e.shape,
        error: as_typed(e.error, text),
    })
}

/// The board's scalar elements as typed, in row-major order (one level of
/// rows flattened), for quoting. Called only on text that parsed as JSON,
/// so a plain scan suffices: strings are skipped whole, and an element ends
/// at a comma or bracket of the array that holds it.
fn typed_elements(text: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    let mut start: Option<usize> = None;
    for (i, c) in text.char_indices() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                start.get_or_insert(i);
            }
            '[' | '{' => {
                depth += 1;
                start = None;
            }
            ']' | '}' | ',' => {
                if let Some(s) = start.take() {
                    if depth <= 2 {
                        out.push(text[s..i].trim().to_string());
                    }
                }
                if c != ',' {
                    depth = depth.saturating_sub(1);
                }
            }
            c if c.is_whitespace() => {}
            _ => {
                start.get_or_insert(i);
            }
        }
    }
    (depth == 0).then_some(out)
}

/// A number's error quotes the number as typed (serde_json would write
/// `-0` as `-0.0` and `99999999999999999999999` as `1e23`), and `-0` is its
/// own error.
fn as_typed(e: BoardError, text: &str) -> BoardError {
    let typed = |index: usize| typed_elements(text).and_then(|t| t.get(index).cloned());
    match e {
        BoardError::DecimalInteger {
            index, value: 0, ..
        } if typed(index).as_deref() == Some("-0") => BoardError::SignedZero { index },
        BoardError::DecimalInteger {
            index,
            text: t,
            value,
        } => BoardError::DecimalInteger {
            index,
            text: typed(index).unwrap_or(t),
            value,
        },
        BoardError::OutOfRange { index, text: t } => BoardError::OutOfRange {
            index,
            text: typed(index).unwrap_or(t),
        },
        BoardError::Fraction { index, text: t } => BoardError::Fraction {
            index,
            text: typed(index).unwrap_or(t),
        },
        other => other,
    }
}

/// [`parse_board`] on an already-parsed JSON value (the batch reader
/// builds one from whitespace-separated numbers).
pub fn parse_board_value(value: &Value) -> Result<Board, SizedBoardError> {
    let outer = outer_array(value).map_err(|error| SizedBoardError { shape: None, error })?;
    let shape = shape_of(outer)?;
    let cells = checked_cells(outer, shape).map_err(|error| SizedBoardError {
        shape: Some(shape),
        error,
    })?;
    // Distinct values below the cell count: always a permutation.
    Board::new(shape, &cells).ok_or(SizedBoardError {
        shape: Some(shape),
        error: BoardError::TooFew {
            count: 0,
            missing: Vec::new(),
        },
    })
}

/// serde_json appends " at line L column C"; we report those separately.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}
