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

mod astar;
mod bfs;
mod board;
mod budget;
mod check;
mod estimate;
mod frontier;
mod goal;
mod ida;
pub mod lab;
mod moves;
mod parse;
mod paths;
mod rank;
mod replay;
mod request;
mod shape;
mod solvability;
pub mod solve;
mod space;
mod sweep;
mod text;
mod trace;
mod weighted;
mod witness;

pub use astar::{
    solve, Entry, Event, Neighbour, Neighbours, Outcome, Search, Solution, SolveError, Solver,
    Stats, UnknownReason, Verdict,
};
pub use bfs::{DistanceTable, UNREACHABLE};
pub use board::{col_of, row_of, Board, BLANK, CELLS};
pub use budget::{parse_budget, Budget, BudgetError};
pub use check::{
    check_order, parse_key, parse_pops, CheckReport, Difference, KeyProblem, PopsError, Rule,
};
pub use check::{entry_text, entry_text_under, judge, judge_under};
pub use goal::{cell_text, cell_text_of, Goal, Ledger, LedgerRow};
pub use ida::{IdaEnd, IdaEvent, IdaKind, IdaNode, IdaSearch, Iteration, IDA_BUDGET};
pub use moves::{legal_moves, Move, MOVE_CONVENTION};
pub use parse::{
    parse_any_board, parse_any_value, parse_board, position_text, shape_of, BoardError,
    SizedBoardError,
};
pub use paths::{count_optimal_paths, optimal_moves, PathCounts};
pub use rank::{rank, rank_packed, unrank, STATES};
pub use replay::{Nav, Replay, ReplayStep};
pub use request::{
    pair, parse_board_pair, parse_budget_field, parse_goal, parse_request, parse_start, Field,
    InputError, InputProblem, PairError, Request,
};
pub use shape::{Shape, ShapeError, MAX_CELLS, NO_CELL};
pub use solvability::{check_parity, ParityProof};
#[cfg(not(target_arch = "wasm32"))]
pub use space::explore;
pub use space::{
    explore_single, parse_space_goal, parse_space_shape, space_bytes, Progress, SpaceError,
    SpaceResult, SpaceSearch, ANTIPODES_LISTED, SPACE_MAX_CELLS,
};
#[cfg(not(target_arch = "wasm32"))]
pub use sweep::sweep;
pub use sweep::{reachable_starts, sweep_chunk, SweepReport};
pub use text::thousands;
pub use trace::{
    astar_trace, f_text, ida_trace, snapshot_at, weighted_astar_trace, AstarTrace, IdaTrace,
    PathWithSiblings, PopKind, PopRecord, TraceStepper, TreeLeaf, TreeNode, TreeSnapshot, PREVIEW,
};
pub use weighted::{
    parse_weight, shortest_text, solve_weighted, UnknownHeuristic, Weight, WeightError,
    WeightedHeuristic, WeightedSearch,
};
pub use witness::{verify, WitnessError};
