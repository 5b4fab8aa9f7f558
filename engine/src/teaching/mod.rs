//! The teaching tools: searches that show how A* and its relatives work on
//! the 3×3 board, each built on the contract's one A* loop or the one IDA*
//! loop, each path checked by the one [`crate::verify`].
//!
//! - `weighted.rs`: weighted A* and greedy best-first on the one A* loop,
//!   with any [`Heuristic`](crate::heuristic::Heuristic) (a heuristic of
//!   tables read board by board, a written one stopped at its first board
//!   without a value).
//! - `trace/`: the A* trace as records (CSV/JSON exports), the search tree
//!   at any event, stepping back by replaying from the start; the IDA*
//!   trace.
//! - `ida.rs`: [`IdaSearch`], the 3×3 IDA* stepped one board at a time.
//! - `check.rs`: check my order, pasted pops against the contract order,
//!   with the tie-break rule that decides.
//! - `race.rs`: two searches stepped side by side.
//! - `distances.rs`: [`DistanceTable`], every 3×3 board's exact distance to
//!   a goal; `paths.rs`: shortest-path counts and every closer move.
//! - `sweep.rs`: every reachable start through the contract A*.
//! - `lab/`: the other searches (BFS, DFS, IDA*, best-first) and the exact
//!   depth table.
//! - `workshop/`: a written heuristic's search cost, and graded exercises.

mod check;
mod distances;
mod ida;
pub mod lab;
mod paths;
mod race;
mod sweep;
mod trace;
mod weighted;
pub mod workshop;

pub use check::{
    check_order, entry_text, entry_text_under, judge, judge_under, parse_key, parse_pops,
    CheckReport, Difference, KeyProblem, PopsError, Rule,
};
pub use distances::{DistanceTable, UNREACHABLE};
pub use ida::{IdaEnd, IdaEvent, IdaNode, IdaSearch, Iteration, IDA_BUDGET};
pub use paths::{closer_slides, count_optimal_paths, optimal_moves, PathCounts};
pub use race::{RaceEnd, RaceSearch, RaceSide, IDA_TOOL, RACE_BUDGET};
#[cfg(not(target_arch = "wasm32"))]
pub use sweep::sweep;
pub use sweep::{reachable_starts, sweep_chunk, SweepReport};
pub use trace::{
    astar_trace, f_text, ida_trace, snapshot_at, weighted_astar_trace, weighted_astar_trace_in,
    AstarTrace, IdaTrace, PathWithSiblings, PopKind, PopRecord, TraceStepper, TreeLeaf, TreeNode,
    TreeSnapshot, PREVIEW,
};
pub use weighted::{
    admissibility_note, parse_weight, parse_weighted_heuristic, path_text, shortest_text,
    solve_weighted, solve_weighted_in, Order, Weight, WeightError, WeightedSearch, WEIGHTED_OFFER,
};
