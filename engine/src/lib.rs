//! The core: boards, moves, heuristics, searches, witnesses and replay.
//!
//! Pure Rust with no dependency on wasm or the DOM; both the command-line
//! tool and the page call into this module and nothing below it knows who
//! the caller is.
//!
//! Two parts, and the modules are the API:
//!
//! - **The family** (these root modules): what serves every shape W×H,
//!   2 ≤ W, H and W·H ≤ 64. [`shape`] (the shapes and the one move rule),
//!   [`moves`] (the moves), [`board`] (the one board type), [`parse`] (strict
//!   JSON boards: [`parse_board`] reads every shape), [`request`] (a start
//!   and goal pair of one shape), [`solvability`] (the parity proof),
//!   [`witness`] (the one independent replay check), [`verdict`] (what every
//!   search concludes), [`solve`] (optimal and fast solving of every shape,
//!   with the one Manhattan and its ledger), [`space`] (exact whole-space
//!   searches) and [`text`] (number and position wording).
//! - **The 3×3 contract** ([`contract`]): the seed's A* on the
//!   eight-puzzle and everything that only serves it (its budget, trace,
//!   check-my-order, IDA* front, sweep, distance table, rank, weighted A*
//!   and the lab). It is built on the family; nothing in the family
//!   depends on it.
//!
//! Names say their side: the root's and the family modules' names serve
//! every shape; the contract's live under `contract::`, and where a 3×3
//! function has a family twin doing the same job on every shape, its name
//! says `_3x3` (`contract::parse_board_3x3` beside [`parse_board`]).
//!
//! The crate root re-exports only the handful of names nearly every caller
//! needs: [`Board`], [`Shape`], [`Move`], [`Verdict`], [`Solution`],
//! [`UnknownReason`], [`ParityProof`], [`check_parity`], [`verify`] and
//! [`parse_board`].
#![forbid(unsafe_code)]

// The engine was the `engine` module of the eight-puzzle crate; its files
// still name each other `crate::engine::…`, and the crate re-exports it as
// `eight_puzzle::engine`.
pub(crate) use crate as engine;

pub mod board;
pub mod contract;
pub mod heuristic;
pub mod moves;
pub mod notation;
pub mod parse;
pub mod problem;
#[cfg(test)]
mod reference;
pub mod replay;
pub mod request;
pub mod shape;
pub mod solvability;
pub mod solve;
pub mod space;
pub mod teaching;
pub mod text;
pub mod verdict;
pub mod witness;

pub use board::Board;
pub use moves::Move;
pub use parse::parse_board;
pub use problem::Problem;
pub use shape::Shape;
pub use solvability::{check_parity, ParityProof};
pub use verdict::{Solution, UnknownReason, Verdict};
pub use witness::verify;
