//! The heuristic language: a student's h written as an integer expression
//! over board features, parsed once into a typed tree ([`parse`]), compiled
//! for one goal ([`Program::new`]: tile numbers checked against the shape,
//! constants folded, only the features it uses computed) and evaluated on
//! boards ([`Program::eval`]). Pure Rust: no clock, threads or files.
//!
//! ```text
//! expr    := or
//! or      := and ("||" and)*
//! and     := compare ("&&" compare)*
//! compare := sum (("<" | "<=" | ">" | ">=" | "==" | "!=") sum)*
//! sum     := product (("+" | "-") product)*
//! product := unary (("*" | "/") unary)*
//! unary   := "-" unary | "!" unary | atom
//! atom    := integer | feature | function "(" args ")" | "(" expr ")"
//! ```
//!
//! Binary operators associate to the left; `/` is integer division rounding
//! toward zero. Comparisons, `&&`, `||` and `!` make conditions, which only
//! `if`, `&&`, `||` and `!` take; the whole expression must be a number.
//! `−` and `×` may be written for `-` and `*`.
//! Nesting is bounded ([`MAX_DEPTH`]) and so is the tree's height
//! ([`MAX_HEIGHT`]), so no input can exhaust the stack.
//!
//! Features (the board against the goal; rows and columns count from 0 at
//! the top left): `manhattan` (the tiles' row and column distances, the
//! blank excluded: [`manhattan`](crate::solve::manhattan)), `misplaced`
//! (tiles not on their goal cell, the blank not counted), `linear_conflict`
//! (Manhattan **plus** 2 for each tile that must leave its goal row or column
//! to let the others of that line pass: the engine's `linear-conflict`
//! heuristic, [`linear_conflict`](crate::solve::linear_conflict)),
//! `out_of_row` and `out_of_col` (tiles not in their goal row / column),
//! `blank_row`, `blank_col`, `width`, `height`; functions `md(t)`, `row(t)`,
//! `col(t)` (tile t's Manhattan distance, row and column; t an integer
//! constant, a tile of the shape), `abs(x)`, `min(a, b)`, `max(a, b)`,
//! `if(c, a, b)` (a when c holds, else b; only the branch taken is
//! evaluated, as are `&&` and `||` from the left).

mod error;
mod lex;
mod parse;
mod program;
#[cfg(test)]
mod tests;

pub use error::{EvalError, ExprError, ExprErrorKind};
pub use parse::parse;
pub use program::Program;

/// How deep parentheses, calls and prefix operators may nest.
pub const MAX_DEPTH: usize = 32;

/// The most levels of the typed tree (a chain of 200 `+` is 201): the
/// evaluator walks it recursively, so its depth is bounded.
pub const MAX_HEIGHT: u32 = 200;

/// Every name of the language as the error for an unknown one lists them.
pub const KNOWN_NAMES: [&str; 16] = [
    "manhattan",
    "misplaced",
    "linear_conflict",
    "out_of_row",
    "out_of_col",
    "blank_row",
    "blank_col",
    "width",
    "height",
    "md(t)",
    "row(t)",
    "col(t)",
    "abs(x)",
    "min(a, b)",
    "max(a, b)",
    "if(c, a, b)",
];

/// The two types of the language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    /// A 64-bit integer.
    Int,
    /// A condition (comparisons, `&&`, `||`, `!`).
    Bool,
}

/// A feature of the whole board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// `manhattan`.
    Manhattan,
    /// `misplaced`.
    Misplaced,
    /// `linear_conflict`: Manhattan plus the linear-conflict moves.
    LinearConflict,
    /// `out_of_row`.
    OutOfRow,
    /// `out_of_col`.
    OutOfCol,
    /// `blank_row`.
    BlankRow,
    /// `blank_col`.
    BlankCol,
    /// `width`.
    Width,
    /// `height`.
    Height,
}

impl Feature {
    /// Every feature with its name.
    pub const ALL: [(&'static str, Feature); 9] = [
        ("manhattan", Feature::Manhattan),
        ("misplaced", Feature::Misplaced),
        ("linear_conflict", Feature::LinearConflict),
        ("out_of_row", Feature::OutOfRow),
        ("out_of_col", Feature::OutOfCol),
        ("blank_row", Feature::BlankRow),
        ("blank_col", Feature::BlankCol),
        ("width", Feature::Width),
        ("height", Feature::Height),
    ];
}

/// A feature of one tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileFeature {
    /// `md(t)`: the tile's Manhattan distance to its goal cell.
    Md,
    /// `row(t)`: its row, 0 at the top.
    Row,
    /// `col(t)`: its column, 0 at the left.
    Col,
}

/// A prefix operator or one-argument function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unary {
    /// `-x`.
    Neg,
    /// `!c`.
    Not,
    /// `abs(x)`.
    Abs,
}

/// An infix operator or two-argument function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binary {
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/`, rounding toward zero.
    Div,
    /// `min(a, b)`.
    Min,
    /// `max(a, b)`.
    Max,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `&&`.
    And,
    /// `||`.
    Or,
}

impl Binary {
    /// The operand type and the result type.
    pub fn types(self) -> (Type, Type) {
        use Binary::*;
        match self {
            Add | Sub | Mul | Div | Min | Max => (Type::Int, Type::Int),
            Lt | Le | Gt | Ge | Eq | Ne => (Type::Int, Type::Bool),
            And | Or => (Type::Bool, Type::Bool),
        }
    }
}

/// One node of the typed tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// An integer constant.
    Int(i64),
    /// A whole-board feature.
    Feature(Feature),
    /// A tile's feature; `tile` as written (checked against the shape by
    /// [`Program::new`]), `tile_at` where it was written.
    Tile {
        /// Which feature.
        kind: TileFeature,
        /// The tile number.
        tile: i64,
        /// The number's character offset.
        tile_at: usize,
    },
    /// A prefix operator or `abs`.
    Unary(Unary, Box<Expr>),
    /// An infix operator, `min` or `max`; `op_at` is the operator's (or the
    /// function name's) character offset.
    Binary {
        /// Which operation.
        op: Binary,
        /// Where it is written.
        op_at: usize,
        /// The left operand.
        left: Box<Expr>,
        /// The right operand.
        right: Box<Expr>,
    },
    /// `if(c, a, b)`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
}

/// A typed expression: its node, where it starts, and its type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    /// What it is.
    pub node: Node,
    /// The character offset of its first token.
    pub at: usize,
    /// Its type.
    pub ty: Type,
    /// Levels of the tree from here down (1 for a leaf), at most
    /// [`MAX_HEIGHT`].
    pub height: u32,
}
