//! The 3×3 contract: the seed's exact A* on the eight-puzzle.
//!
//! The contract fixes one search and its every figure: A* with Manhattan
//! ([`Goal`], `estimate.rs` tables on the Lehmer rank of 9! boards),
//! expansion budget 1–10000 ([`Budget`]), ties broken on (f, h, key, seq)
//! in a bucket frontier (`frontier.rs`), a verified witness, and its typed
//! inputs ([`parse_request`]).
//!
//! The A* loop here ([`Solver`]) is generic over the estimate and the
//! priority, so the teaching tools ([`crate::teaching`]: the trace, the
//! race, weighted A*, the lab) run their searches on this one loop; the
//! contract instance is monomorphised and pays nothing for them. Nothing
//! here imports those tools.

mod astar;
mod budget;
pub(crate) mod estimate;
mod frontier;
mod goal;
mod neighbours;
mod rank;
mod request;

pub use crate::board::{col_of, row_of, CELLS};
pub use crate::parse::{parse_board_3x3, position_text};
pub(crate) use astar::End;
pub use astar::{
    solve, Entry, Event, Neighbour, Neighbours, Outcome, Search, SolveError, Solver, Stats,
};
pub use budget::{parse_budget, Budget, BudgetError};
pub use goal::{cell_text, Goal};
pub(crate) use neighbours::NEIGHBOURS;
pub(crate) use rank::{after_move, lehmer_packed};
pub use rank::{rank, rank_packed, unrank, STATES};
pub use request::{
    parse_budget_field, parse_goal, parse_request, parse_start, InputError, InputProblem, Request,
};
