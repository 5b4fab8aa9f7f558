//! Strict board input: JSON text in, a [`Board`] or a precise [`BoardError`] out.
//!
//! Accepted forms: rows of numbers for any shape, `[[1,2,3,4],[5,6,7,8],
//! [9,10,11,0]]` (4 wide, 3 tall), or a flat array for a square board,
//! `[1,2,3,4,5,6,0,7,8]` (4, 9, 16 or 25 values). [`parse_board`] is the
//! 3×3 contract's parser (nine values or three rows of three);
//! [`parse_any_board`] reads every shape. Nothing is ever repaired: a
//! missing tile is never guessed, a ragged row is never padded and a quoted
//! number is never unquoted.
//!
//! **`1.0` is rejected.** JSON does not distinguish `1.0` from `1` as a
//! value, but the contract asks for integers and a board is a permutation of
//! small whole numbers, so a number written with a decimal point or exponent
//! is reported as [`BoardError::DecimalInteger`] ("write 1") rather than
//! silently accepted. Fractions such as `1.5` are [`BoardError::Fraction`].

use super::board::Board;
use super::shape::{Shape, ShapeError, MAX_CELLS};
use serde_json::Value;
use std::fmt;

/// "position 4 (row 2, column 2)": the 0-based index for programs, then the
/// 1-based row and column for people.
pub fn position_text(index: usize) -> String {
    Shape::THREE.position_text(index)
}

/// Why a board's text was rejected. Every variant names the offending value
/// and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// Occurs when the text is not JSON at all; `line` and `column` are
    /// serde_json's (1-based).
    NotJson {
        /// 1-based line of the syntax error.
        line: usize,
        /// 1-based column of the syntax error.
        column: usize,
        /// serde_json's description of the problem.
        detail: String,
    },
    /// Occurs when the JSON is valid but not an array (e.g. an object or a number).
    NotAnArray {
        /// The JSON type that was found instead.
        found: &'static str,
    },
    /// Occurs when some elements are arrays (rows) and others are not.
    MixedNesting {
        /// Index of the first element whose kind differs from element 0.
        index: usize,
    },
    /// Occurs when the rows of the nested form are not all as long as the
    /// first (any shape but the 3×3 contract's, which names the row).
    RaggedRows {
        /// 1-based number of the first row whose length differs.
        row: usize,
        /// How many values that row holds.
        len: usize,
        /// How many the first row holds.
        first: usize,
    },
    /// Occurs when a flat list of ten or more values holds a whole board
    /// of a shape that is not square (12 values 0–11, say): a flat list is
    /// read only for a square board, since 12 cells could be 3×4, 4×3,
    /// 2×6 or 6×2.
    FlatNotSquare {
        /// How many values were given.
        count: usize,
    },
    /// Occurs when the board would be one cell wide or one cell tall.
    TooThin {
        /// Columns given.
        width: usize,
        /// Rows given.
        height: usize,
    },
    /// Occurs when the board would have more than 25 cells.
    TooManyCells {
        /// Columns given (the flat count for a flat list).
        width: usize,
        /// Rows given (1 for a flat list).
        height: usize,
    },
    /// Occurs when the nested form does not have exactly three rows.
    WrongRowCount {
        /// How many rows were given.
        rows: usize,
    },
    /// Occurs when a row of the nested form does not hold exactly three values.
    WrongRowLength {
        /// 1-based row number.
        row: usize,
        /// How many values the row holds.
        len: usize,
    },
    /// Occurs when an element is a string that spells a number, such as `"3"`.
    NumericString {
        /// Board position (0-based).
        index: usize,
        /// The string's contents.
        text: String,
    },
    /// Occurs when an element is a string that is not a number.
    Text {
        /// Board position (0-based).
        index: usize,
        /// The string's contents.
        text: String,
    },
    /// Occurs when an element is a number with a fractional part, such as `1.5`.
    Fraction {
        /// Board position (0-based).
        index: usize,
        /// The number as written.
        text: String,
    },
    /// Occurs when a whole number is written with a decimal point or exponent, such as `1.0`.
    DecimalInteger {
        /// Board position (0-based).
        index: usize,
        /// The number as written.
        text: String,
        /// The integer it stands for.
        value: u8,
    },
    /// Occurs when zero is written with a minus sign, `-0`. It is rejected
    /// like `1.0`: a board is a permutation of plainly written whole
    /// numbers, and reading `-0` as 0 would be a silent repair.
    SignedZero {
        /// Board position (0-based).
        index: usize,
    },
    /// Occurs when an element is a boolean, null, object or (too deeply) nested array.
    NotANumber {
        /// Board position (0-based).
        index: usize,
        /// The JSON type found.
        found: &'static str,
    },
    /// Occurs when an integer is outside 0–8, such as `9` or `-1`.
    OutOfRange {
        /// Board position (0-based).
        index: usize,
        /// The number as written.
        text: String,
    },
    /// Occurs when fewer than nine values are given.
    TooFew {
        /// How many values were given.
        count: usize,
        /// The values 0–8 that do not appear.
        missing: Vec<u8>,
    },
    /// Occurs when more than nine values are given.
    TooMany {
        /// How many values were given.
        count: usize,
    },
    /// Occurs when a value appears twice; therefore another value is missing.
    Duplicate {
        /// The repeated value.
        value: u8,
        /// Position of its first appearance.
        first: usize,
        /// Position of its second appearance.
        second: usize,
        /// The values 0–8 that do not appear.
        missing: Vec<u8>,
    },
}

impl BoardError {
    /// A stable snake_case name for the error class, used in JSON output and tests.
    pub fn kind(&self) -> &'static str {
        match self {
            BoardError::NotJson { .. } => "not_json",
            BoardError::NotAnArray { .. } => "not_an_array",
            BoardError::MixedNesting { .. } => "mixed_nesting",
            BoardError::RaggedRows { .. } => "ragged_rows",
            BoardError::FlatNotSquare { .. } => "flat_not_square",
            BoardError::TooThin { .. } => "too_thin",
            BoardError::TooManyCells { .. } => "too_many_cells",
            BoardError::WrongRowCount { .. } => "wrong_row_count",
            BoardError::WrongRowLength { .. } => "wrong_row_length",
            BoardError::NumericString { .. } => "numeric_string",
            BoardError::Text { .. } => "text",
            BoardError::Fraction { .. } => "fraction",
            BoardError::DecimalInteger { .. } => "decimal_integer",
            BoardError::SignedZero { .. } => "signed_zero",
            BoardError::NotANumber { .. } => "not_a_number",
            BoardError::OutOfRange { .. } => "out_of_range",
            BoardError::TooFew { .. } => "too_few",
            BoardError::TooMany { .. } => "too_many",
            BoardError::Duplicate { .. } => "duplicate",
        }
    }
}

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
            None => "4, 9, 16 or 25".into(),
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
                    "expected a JSON array of rows (any shape) or of 4, 9, 16 or 25 numbers (a square board), found {found}"
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
                "{count} values in a flat list; a flat list is read only for a square board (4, 9, 16 or 25 values), so write a board of {count} cells as rows, e.g. {}",
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
                "{width} values given; the largest board, 5×5, has 25"
            ),
            BoardError::TooManyCells { width, height } => write!(
                f,
                "{height} rows of {width} make {} cells; the largest board, 5×5, has 25",
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

impl std::error::Error for BoardError {}

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
/// use eight_puzzle_engine::parse_board;
/// let b = parse_board("[[1,2,3],[4,5,6],[0,7,8]]").unwrap();
/// assert_eq!(b.cells(), [1, 2, 3, 4, 5, 6, 0, 7, 8]);
/// let e = parse_board("[1,2,3,4,9,6,0,7,8]").unwrap_err();
/// assert_eq!(e.to_string(), "value 9 at position 4 (row 2, column 2) is outside 0–8");
/// ```
pub fn parse_board(text: &str) -> Result<Board, BoardError> {
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

/// A [`BoardError`] with the shape it was judged against (`None` when the
/// text did not show a shape: not JSON, not an array, a mixed nesting, a
/// ragged, too thin or too large board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizedBoardError {
    /// The shape the text was read as, when it could be told.
    pub shape: Option<Shape>,
    /// What is wrong.
    pub error: BoardError,
}

impl SizedBoardError {
    /// The error class, as [`BoardError::kind`].
    pub fn kind(&self) -> &'static str {
        self.error.kind()
    }
}

impl fmt::Display for SizedBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.write_for(f, self.shape)
    }
}

impl std::error::Error for SizedBoardError {}

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
///   one-wide or one-tall board, or more than 25 cells, is its own error).
/// - **Flat:** square boards only. 4, 9, 16 and 25 values are 2×2, 3×3,
///   4×4 and 5×5; ten or more values that make a whole board of a shape
///   that is not square (0…n−1 for n = 10, 12, 14, 15, 18, 20, 21, 22 or
///   24) are their own error, which asks for rows; other counts up to
///   fifteen read as 3×3 (so the 3×3
///   contract's messages stand: "10 values given; a board has exactly
///   nine") unless a whole number 9 or more is among them, which names the
///   smallest square that holds it (4×4, or 5×5 from 16); 17 to 24 values
///   read as 5×5.
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
        _ => Ok(Shape::FIVE),
    }
}

/// Parses a board of any shape, with the same strict rules as
/// [`parse_board`]; the shape follows the text (see [`shape_of`]: rows for
/// any shape, a flat list for a square board).
///
/// A text read as 3×3 gives exactly [`parse_board`]'s board or error.
///
/// # Example
/// ```
/// use eight_puzzle_engine::{parse_any_board, Shape};
/// let b = parse_any_board("[[1,2,3,4],[5,6,7,8],[9,10,11,0]]").unwrap();
/// assert_eq!(b.shape(), Shape::new(4, 3).unwrap());
/// let e = parse_any_board("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,16]").unwrap_err();
/// assert_eq!(e.to_string(), "4×4 board: value 16 at position 15 (row 4, column 4) is outside 0–15");
/// ```
pub fn parse_any_board(text: &str) -> Result<Board, SizedBoardError> {
    let value = parse_json(text).map_err(|error| SizedBoardError { shape: None, error })?;
    parse_any_value(&value).map_err(|e| SizedBoardError {
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

/// [`parse_any_board`] on an already-parsed JSON value (the batch reader
/// builds one from whitespace-separated numbers).
pub fn parse_any_value(value: &Value) -> Result<Board, SizedBoardError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> BoardError {
        parse_board(text).unwrap_err()
    }

    #[test]
    fn accepts_flat_and_nested() {
        let flat = parse_board("[1,2,3,4,5,6,0,7,8]").unwrap();
        let nested = parse_board(" [[1,2,3],[4,5,6],[0,7,8]] ").unwrap();
        assert_eq!(flat, nested);
        assert_eq!(flat, Board::BASELINE_START);
    }

    #[test]
    fn not_json() {
        let e = err("[1,2,3,");
        assert_eq!(e.kind(), "not_json");
        let BoardError::NotJson { line, column, .. } = &e else {
            panic!()
        };
        assert_eq!((*line, *column), (1, 7));
        assert!(e
            .to_string()
            .starts_with("not valid JSON at line 1, column 7: "));
        assert_eq!(err("").kind(), "not_json");
    }

    #[test]
    fn not_an_array_and_nesting() {
        assert_eq!(
            err("{\"a\":1}").to_string(),
            "expected a JSON array of nine numbers, found an object"
        );
        assert_eq!(err("5").kind(), "not_an_array");
        assert_eq!(
            err("[[1,2,3],4,5,6,7,8,0]"),
            BoardError::MixedNesting { index: 1 }
        );
        assert_eq!(
            err("[[1,2,3],[4,5,6]]"),
            BoardError::WrongRowCount { rows: 2 }
        );
        assert_eq!(
            err("[[1,2,3],[4,5],[6,0,7,8]]").to_string(),
            "row 2 holds 2 values; each row needs exactly three"
        );
    }

    #[test]
    fn element_classes() {
        assert_eq!(
            err(r#"[1,2,3,4,5,6,7,8,"0"]"#).to_string(),
            "position 8 (row 3, column 3) holds the string \"0\"; numbers must not be quoted"
        );
        assert_eq!(err(r#"[1,2,"x",4,5,6,7,8,0]"#).kind(), "text");
        assert_eq!(
            err("[1.5,2,3,4,5,6,7,8,0]").to_string(),
            "position 0 (row 1, column 1) holds 1.5, a fraction; each cell must be a whole number from 0 to 8"
        );
        assert_eq!(
            err("[1.0,2,3,4,5,6,7,8,0]"),
            BoardError::DecimalInteger {
                index: 0,
                text: "1.0".into(),
                value: 1
            }
        );
        assert_eq!(
            err("[1,2,3,4,5,6,7,8,true]").to_string(),
            "position 8 (row 3, column 3) holds a boolean; each cell must be a number from 0 to 8"
        );
        assert_eq!(err("[1,2,3,4,5,6,7,8,null]").kind(), "not_a_number");
        assert_eq!(err("[1,2,3,4,5,6,7,8,{}]").kind(), "not_a_number");
        assert_eq!(
            err("[[1,2,3],[4,5,6],[7,8,[0]]]"),
            BoardError::NotANumber {
                index: 8,
                found: "an array"
            }
        );
        assert_eq!(
            err("[1,2,3,4,9,6,0,7,8]").to_string(),
            "value 9 at position 4 (row 2, column 2) is outside 0–8"
        );
        assert_eq!(
            err("[-1,2,3,4,5,6,0,7,8]").to_string(),
            "value -1 at position 0 (row 1, column 1) is outside 0–8"
        );
        assert_eq!(err("[1e3,2,3,4,5,6,0,7,8]").kind(), "out_of_range");
        assert_eq!(
            err("[99999999999999999999,2,3,4,5,6,0,7,8]").kind(),
            "out_of_range"
        );
    }

    #[test]
    fn decimal_number_grammar() {
        for yes in ["0", "-1", "+2", "1.5", ".5", "5.", "1e3", "2.5E-2"] {
            assert!(is_decimal_number(yes), "{yes}");
        }
        for no in [
            "", "-", ".", "e3", "1e", "1e+", "inf", "NaN", "1.2.3", "0x10", "1 2",
        ] {
            assert!(!is_decimal_number(no), "{no}");
        }
        assert_eq!(err(r#"[" 7 ",2,3,4,5,6,1,8,0]"#).kind(), "numeric_string");
    }

    #[test]
    fn counts_and_duplicates() {
        assert_eq!(
            err("[1,2,3,4,5,6,0]").to_string(),
            "only 7 of nine values given; missing 7, 8"
        );
        assert_eq!(
            err("[]"),
            BoardError::TooFew {
                count: 0,
                missing: (0..9).collect()
            }
        );
        assert_eq!(
            err("[1,2,3,4,5,6,7,8,0,0]"),
            BoardError::TooMany { count: 10 }
        );
        assert_eq!(
            err("[1,2,3,4,5,6,7,7,0]").to_string(),
            "value 7 appears twice, at position 6 (row 3, column 1) and at position 7 (row 3, column 2), so 8 is missing"
        );
    }
}

#[cfg(test)]
mod typed_numbers {
    use super::*;

    #[test]
    fn numbers_are_quoted_as_typed() {
        let e = parse_board("[1,2,3,4,5,6,0,7,-0]").unwrap_err();
        assert_eq!(e.kind(), "signed_zero");
        assert_eq!(
            e.to_string(),
            "position 8 (row 3, column 3) holds -0, zero written with a minus sign; write 0"
        );
        let e = parse_board("[99999999999999999999999,2,3,4,5,6,0,7,8]").unwrap_err();
        assert_eq!(e.kind(), "out_of_range");
        assert_eq!(
            e.to_string(),
            "value 99999999999999999999999 at position 0 (row 1, column 1) is outside 0–8"
        );
        let e = parse_board("[[1.0e0,2,3],[4,5,6],[0,7,8]]").unwrap_err();
        assert_eq!(
            e.to_string(),
            "position 0 (row 1, column 1) holds 1.0e0, written with a decimal point or exponent; write the integer 1"
        );
        let e = parse_any_board("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,-0]").unwrap_err();
        assert_eq!(e.shape, Some(Shape::FOUR));
        assert_eq!(e.error.kind(), "signed_zero");
        let e = parse_board("[1,2,3,4,5,6,0,7,-0.0]").unwrap_err();
        assert_eq!(e.kind(), "decimal_integer");
    }
}
