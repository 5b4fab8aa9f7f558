//! The 3×3 contract: the seed's exact A* on the eight-puzzle and everything
//! that only serves it.
//!
//! The contract fixes one search and its every figure: A* with Manhattan
//! ([`Goal`], [`estimate`](self) tables on the Lehmer rank of 9! boards),
//! expansion budget 1–10000 ([`Budget`]), ties broken on (f, h, key, seq)
//! in a bucket frontier, and a verified witness. Around it sit the tools
//! that read that one order: its trace and tree ([`astar_trace`],
//! [`TraceStepper`]), check-my-order ([`check_order`], [`judge`]), the 3×3
//! IDA* front that steps the family's IDA* loop ([`IdaSearch`]), the sweep
//! of every reachable start ([`sweep`]), the whole-space distances
//! ([`DistanceTable`]) and shortest-path counts ([`count_optimal_paths`]),
//! weighted A* on 3×3 ([`solve_weighted`]), the replay of a 3×3 answer
//! ([`Replay`]), the typed 3×3 inputs ([`parse_request`]) and the lab's
//! 3×3 searches and depth table ([`lab`]).
//!
//! Nothing outside this module depends on it: the family (every shape,
//! the crate root's modules: board, shape, moves, parse, solvability,
//! witness, the verdict, solve and space) is what the contract is built
//! on, never the other way round.

mod astar;
mod bfs;
mod budget;
mod check;
mod estimate;
mod frontier;
mod goal;
mod heuristic;
mod ida;
pub mod lab;
mod neighbours;
mod paths;
mod race;
mod rank;
mod replay;
mod request;
mod sweep;
mod trace;
mod weighted;

pub use crate::board::{col_of, row_of, CELLS};
pub use crate::parse::{parse_board_3x3, position_text};
pub use astar::{
    solve, Entry, Event, Neighbour, Neighbours, Outcome, Search, SolveError, Solver, Stats,
};
pub use bfs::{DistanceTable, UNREACHABLE};
pub use budget::{parse_budget, Budget, BudgetError};
pub use check::{
    check_order, entry_text, entry_text_under, judge, judge_under, parse_key, parse_pops,
    CheckReport, Difference, KeyProblem, PopsError, Rule,
};
pub use goal::{cell_text, Goal};
pub use heuristic::{Heuristic, UnknownHeuristic};
pub use ida::{IdaEnd, IdaEvent, IdaNode, IdaSearch, Iteration, IDA_BUDGET};
pub use paths::{count_optimal_paths, optimal_moves, PathCounts};
pub use race::{RaceEnd, RaceSearch, RaceSide, RACE_BUDGET};
pub use rank::{rank, rank_packed, unrank, STATES};
pub use replay::{Nav, Replay, ReplayStep};
pub use request::{
    parse_budget_field, parse_goal, parse_request, parse_start, InputError, InputProblem, Request,
};
#[cfg(not(target_arch = "wasm32"))]
pub use sweep::sweep;
pub use sweep::{reachable_starts, sweep_chunk, SweepReport};
pub use trace::{
    astar_trace, f_text, ida_trace, snapshot_at, weighted_astar_trace, AstarTrace, IdaTrace,
    PathWithSiblings, PopKind, PopRecord, TraceStepper, TreeLeaf, TreeNode, TreeSnapshot, PREVIEW,
};
pub use weighted::{
    parse_weight, shortest_text, solve_weighted, HeuristicChoice, Order, Weight, WeightError,
    WeightedSearch, WrittenFailure, WrittenFault, WRITTEN_H_MAX,
};
