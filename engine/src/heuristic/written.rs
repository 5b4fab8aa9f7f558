//! A written heuristic as a search takes it: a program's value on a board
//! up to [`WRITTEN_H_MAX`], or the first board where it has none.

use super::expr::{EvalError, Program};
use crate::board::Board;
use std::fmt;

/// The largest h a written heuristic may give inside an A* search (3×3
/// distances are at most 31): the frontier keeps one row of buckets per
/// priority 2g + 2w·h, so h bounds its size. The weighted search stops on a
/// larger value; the workshop's search cost takes this cap instead.
pub const WRITTEN_H_MAX: u32 = 1_000;

/// Why a written h could not order a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrittenFault {
    /// The expression had no value ([`EvalError`]).
    Eval(EvalError),
    /// The value is above [`WRITTEN_H_MAX`].
    TooLarge(i64),
}

/// The first board a written h failed on, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrittenFailure {
    /// The board.
    pub board: Board,
    /// Why.
    pub fault: WrittenFault,
}

impl fmt::Display for WrittenFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "your h has no usable value on {}: ",
            self.board.to_json()
        )?;
        match self.fault {
            WrittenFault::Eval(e) => write!(f, "{e}"),
            WrittenFault::TooLarge(h) => {
                write!(f, "h is {h}, above the search's limit of {WRITTEN_H_MAX}")
            }
        }
    }
}

/// A program's h of a board as an A* takes it: its value up to
/// [`WRITTEN_H_MAX`], or why not.
pub fn written_h(program: &Program, board: &Board) -> Result<u32, WrittenFault> {
    match program.eval(board) {
        Ok(h) if h <= i64::from(WRITTEN_H_MAX) => Ok(h as u32),
        Ok(h) => Err(WrittenFault::TooLarge(h)),
        Err(e) => Err(WrittenFault::Eval(e)),
    }
}
