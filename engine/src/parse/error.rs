//! The rejection types: [`BoardError`] (one variant per class, with its
//! stable `kind`) and [`SizedBoardError`] (the shape it was judged against).

use crate::shape::Shape;

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
    /// Occurs when the board would have more than 64 cells.
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

impl std::error::Error for BoardError {}

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
    /// Whether the text was rejected for its shape (ragged rows, one wide
    /// or tall, more than 64 cells, a non-square board given flat): errors
    /// the 3×3 contract does not have, so no 3×3 reading of the text
    /// applies and every front end reports this error as it is.
    pub fn is_shape_error(&self) -> bool {
        matches!(
            self.error,
            BoardError::RaggedRows { .. }
                | BoardError::TooThin { .. }
                | BoardError::TooManyCells { .. }
                | BoardError::FlatNotSquare { .. }
        )
    }

    /// The error class, as [`BoardError::kind`].
    pub fn kind(&self) -> &'static str {
        self.error.kind()
    }
}

impl std::error::Error for SizedBoardError {}
