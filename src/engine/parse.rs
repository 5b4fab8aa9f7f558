//! Strict board input: JSON text in, a [`Board`] or a precise [`BoardError`] out.
//!
//! Accepted forms: a flat array of nine numbers, `[1,2,3,4,5,6,0,7,8]`, or
//! three rows of three, `[[1,2,3],[4,5,6],[0,7,8]]`. Nothing is ever repaired:
//! a missing tile is never guessed and a quoted number is never unquoted.
//!
//! **`1.0` is rejected.** JSON does not distinguish `1.0` from `1` as a
//! value, but the contract asks for integers and a board is a permutation of
//! small whole numbers, so a number written with a decimal point or exponent
//! is reported as [`BoardError::DecimalInteger`] ("write 1") rather than
//! silently accepted. Fractions such as `1.5` are [`BoardError::Fraction`].

use super::board::{Board, CELLS};
use serde_json::Value;
use std::fmt;

/// "position 4 (row 2, column 2)": the 0-based index for programs, then the
/// 1-based row and column for people.
pub fn position_text(index: usize) -> String {
    format!(
        "position {} (row {}, column {})",
        index,
        index / 3 + 1,
        index % 3 + 1
    )
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
            BoardError::WrongRowCount { .. } => "wrong_row_count",
            BoardError::WrongRowLength { .. } => "wrong_row_length",
            BoardError::NumericString { .. } => "numeric_string",
            BoardError::Text { .. } => "text",
            BoardError::Fraction { .. } => "fraction",
            BoardError::DecimalInteger { .. } => "decimal_integer",
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
        match self {
            BoardError::NotJson { line, column, detail } => write!(
                f,
                "not valid JSON at line {line}, column {column}: {detail}; write nine numbers such as [1,2,3,4,5,6,0,7,8]"
            ),
            BoardError::NotAnArray { found } => write!(
                f,
                "expected a JSON array of nine numbers, found {found}"
            ),
            BoardError::MixedNesting { index } => write!(
                f,
                "element {index} of the outer array differs in kind from element 0; use either nine numbers or three rows of three, not a mix"
            ),
            BoardError::WrongRowCount { rows } => write!(
                f,
                "{rows} rows given; the nested form needs exactly three rows of three"
            ),
            BoardError::WrongRowLength { row, len } => write!(
                f,
                "row {row} holds {len} values; each row needs exactly three"
            ),
            BoardError::NumericString { index, text } => write!(
                f,
                "{} holds the string \"{text}\"; numbers must not be quoted",
                position_text(*index)
            ),
            BoardError::Text { index, text } => write!(
                f,
                "{} holds the string \"{text}\"; each cell must be a number from 0 to 8",
                position_text(*index)
            ),
            BoardError::Fraction { index, text } => write!(
                f,
                "{} holds {text}, a fraction; each cell must be a whole number from 0 to 8",
                position_text(*index)
            ),
            BoardError::DecimalInteger { index, text, value } => write!(
                f,
                "{} holds {text}, written with a decimal point or exponent; write the integer {value}",
                position_text(*index)
            ),
            BoardError::NotANumber { index, found } => write!(
                f,
                "{} holds {found}; each cell must be a number from 0 to 8",
                position_text(*index)
            ),
            BoardError::OutOfRange { index, text } => write!(
                f,
                "value {text} at {} is outside 0–8",
                position_text(*index)
            ),
            BoardError::TooFew { count, missing } => write!(
                f,
                "only {count} of nine values given; missing {}",
                list(missing)
            ),
            BoardError::TooMany { count } => write!(
                f,
                "{count} values given; a board has exactly nine"
            ),
            BoardError::Duplicate { value, first, second, missing } => write!(
                f,
                "value {value} appears twice, at {} and at {}, so {} {} missing",
                position_text(*first),
                position_text(*second),
                list(missing),
                if missing.len() == 1 { "is" } else { "are" }
            ),
        }
    }
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

/// Checks one element and returns its value 0–8.
fn cell_value(index: usize, v: &Value) -> Result<u8, BoardError> {
    match v {
        Value::Number(n) => {
            let text = n.to_string();
            if let Some(i) = n.as_u64() {
                return u8::try_from(i)
                    .ok()
                    .filter(|&x| (x as usize) < CELLS)
                    .ok_or(BoardError::OutOfRange { index, text });
            }
            if n.as_i64().is_some() {
                return Err(BoardError::OutOfRange { index, text });
            }
            // A float: fraction, or a whole number written as a decimal.
            let x = n.as_f64().unwrap_or(f64::NAN);
            if x.fract() != 0.0 || !x.is_finite() {
                Err(BoardError::Fraction { index, text })
            } else if (0.0..=8.0).contains(&x) {
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

/// Flattens the flat or nested form into a list of elements, checking shape.
fn flatten(outer: &[Value]) -> Result<Vec<&Value>, BoardError> {
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
    if outer.len() != 3 {
        return Err(BoardError::WrongRowCount { rows: outer.len() });
    }
    let mut cells = Vec::with_capacity(CELLS);
    for (r, row) in outer.iter().enumerate() {
        let row = row.as_array().map(Vec::as_slice).unwrap_or_default();
        if row.len() != 3 {
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
/// use eight_puzzle::engine::parse_board;
/// let b = parse_board("[[1,2,3],[4,5,6],[0,7,8]]").unwrap();
/// assert_eq!(b.cells(), [1, 2, 3, 4, 5, 6, 0, 7, 8]);
/// let e = parse_board("[1,2,3,4,9,6,0,7,8]").unwrap_err();
/// assert_eq!(e.to_string(), "value 9 at position 4 (row 2, column 2) is outside 0–8");
/// ```
pub fn parse_board(text: &str) -> Result<Board, BoardError> {
    let value: Value = serde_json::from_str(text).map_err(|e| BoardError::NotJson {
        line: e.line(),
        column: e.column(),
        detail: strip_position(&e.to_string()),
    })?;
    let outer = match &value {
        Value::Array(items) => items,
        other => {
            return Err(BoardError::NotAnArray {
                found: json_kind(other),
            })
        }
    };
    let elements = flatten(outer)?;
    let mut cells = Vec::with_capacity(elements.len());
    for (index, v) in elements.iter().enumerate() {
        cells.push(cell_value(index, v)?);
    }
    let mut present = [false; CELLS];
    for &c in &cells {
        present[c as usize] = true;
    }
    let missing: Vec<u8> = (0..CELLS as u8).filter(|&v| !present[v as usize]).collect();
    if cells.len() < CELLS {
        return Err(BoardError::TooFew {
            count: cells.len(),
            missing,
        });
    }
    if cells.len() > CELLS {
        return Err(BoardError::TooMany { count: cells.len() });
    }
    let mut first_seen = [usize::MAX; CELLS];
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
    let mut fixed = [0u8; CELLS];
    fixed.copy_from_slice(&cells);
    // Nine distinct values in 0–8: a permutation, so this always succeeds.
    Board::from_cells(fixed).ok_or(BoardError::TooFew { count: 0, missing })
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
