//! The core: boards, moves, heuristics, searches, witnesses and replay.
//!
//! Pure Rust with no dependency on wasm or the DOM; both the command-line
//! tool and the page call into this module and nothing below it knows who
//! the caller is.
#![forbid(unsafe_code)]

// The engine was the `engine` module of the eight-puzzle crate; its files
// still name each other `crate::engine::…`, and the crate re-exports it as
// `eight_puzzle::engine`.
pub(crate) use crate as engine;

mod board;
pub mod contract;
mod moves;
mod parse;
mod request;
mod shape;
mod solvability;
pub mod solve;
mod space;
mod text;
mod verdict;
mod witness;

pub use contract::*;

pub use board::{col_of, row_of, Board, BLANK, CELLS};
pub use moves::{legal_moves, Move, MOVE_CONVENTION};
pub use parse::{
    parse_board as parse_any_board, parse_board_3x3 as parse_board,
    parse_board_value as parse_any_value, position_text, shape_of, BoardError, SizedBoardError,
};
pub use request::{pair, parse_board_pair, Field, PairError};
pub use shape::{Shape, ShapeError, MAX_CELLS, NO_CELL};
pub use solvability::{check_parity, ParityProof};
pub use solve::{IdaKind, Ledger, LedgerRow};
#[cfg(not(target_arch = "wasm32"))]
pub use space::explore;
pub use space::{
    explore_single, parse_space_goal, parse_space_shape, space_bytes, Progress, SpaceError,
    SpaceResult, SpaceSearch, ANTIPODES_LISTED, SPACE_MAX_CELLS,
};
pub use text::{cell_text_of, thousands};
pub use verdict::{Solution, UnknownReason, Verdict};
pub use witness::{verify, WitnessError};
