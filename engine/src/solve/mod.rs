//! Optimal solving for every shape (2×2 … 5×5, W·H ≤ 25): additive pattern
//! databases, Manhattan and linear conflict, and one resumable IDA*.
//!
//! Pure Rust with no threads, clock or files, so the page can run it in a
//! Worker: [`OptimalSearch::run_for`] and [`PdbBuilder::step`] do bounded
//! slices of work and report progress. Every answer is the engine's one
//! [`crate::Verdict`]: `Solved` (checked by the one [`crate::verify`]),
//! `Unknown` ([`crate::UnknownReason::NodeBudget`] with the proved lower
//! bound) or `Unsolvable` (the one [`crate::ParityProof`]). The 3×3 contract
//! A* is separate and untouched.
//!
//! - `partition.rs`: the one partition table (shape → groups).
//! - `pdb.rs`: pattern tables built by a blank-aware, sliced BFS.
//! - `database.rs`: a partition's tables together, built in slices.
//! - `heuristic.rs`: the estimates with incremental updates; the ledger.
//! - `wide_pdb.rs`: the pattern database estimate past 25 cells (fast
//!   mode's bound and beam rank there), with the reflected look-up.
//! - `idastar/`: the one IDA* loop (`ida.rs`) and the resumable solver front and its outcome (`mod.rs`).
//! - `request.rs`: the node budget.
//! - `batch.rs` (native): many boards toward one goal on several
//!   threads, cancellable, with progress.
//! - `cache.rs` (native): `pdb-78` and `pdb-6666` kept on disk, built on
//!   several threads.
//! - `korf.rs`: Korf's 15- and 24-puzzle instances.
//! - `all_shortest.rs`: every shortest path counted (u128) and listed.
//! - `analyse.rs`: a solve read back move by move, and shortened.
//! - `exact.rs`: exact distances to one goal, board by board (a table or
//!   IDA*), up to 16 cells.
//!
//! - `fast/`: fast mode, a verified path that need not be shortest, answering
//!   with the same [`crate::Verdict`].
//! - `mode.rs`: optimal or fast.

mod all_shortest;
mod analyse;
#[cfg(not(target_arch = "wasm32"))]
mod batch;
#[cfg(not(target_arch = "wasm32"))]
pub mod cache;
mod database;
mod exact;
mod fast;
mod heuristic;
mod idastar;
mod korf;
mod mode;
mod partition;
mod pdb;
mod request;
mod runs_db;
mod shortest;
mod wide_pdb;

pub use all_shortest::{all_shortest, all_shortest_within, AllShortest, AllShortestError};
pub use analyse::{analyse, metric_moves, shorten, Analysis, Step};
#[cfg(not(target_arch = "wasm32"))]
pub use batch::{solve_batch, Batch, BatchAnswer, BatchError, BatchProgress};
pub use database::{
    checksum, table_bytes, BuildProgress, Checksum, DbFileError, DbSource, PatternDb, PdbBuilder,
    DB_FORMAT_VERSION, DB_MAGIC,
};
pub use exact::{
    check_size, Bound, Distance, ExactDistances, ExactError, EXACT_MAX_CELLS, TABLE_MAX_CELLS,
};
pub use fast::{
    solve_fast, solve_fast_in, FastConfig, FastError, FastOutcome, FastSolution, FastSolver,
    Repair, Shortening, FAST_METHOD, FAST_METHOD_PDB, MAX_WINDOW,
};
pub use heuristic::{
    ledger, manhattan, multi_tile_manhattan, pdb_estimate, Estimator, Ledger, LedgerRow, PdbLookup,
    LINEAR_CONFLICT, MANHATTAN, MULTI_TILE_MANHATTAN,
};
pub(crate) use heuristic::{
    manhattan_by, manhattan_of_cells, manhattan_table, Cells, Estimate as FamilyEstimate,
    LinearConflictEst, ManhattanEst, RunsEst, Slide,
};
pub use idastar::{
    solve_optimal, solve_optimal_multi, solve_optimal_multi_on, solve_optimal_on, IdaKind, IdaNews,
    IdaProgress, IdaStep, OptimalError, OptimalOutcome, OptimalSearch,
};
pub(crate) use idastar::{ByH, Entered, Halt, Ida, InMoveOrder, MultiTile, Observer};
pub use korf::{korf100, korf24, korf_goal, KorfInstance, KORF100_TEXT, KORF24_TEXT};
pub use mode::{Mode, ModeError};
pub use partition::{
    group_sizes, max_groups, max_pattern, max_table_pattern, partition_name, Partition, MAX_GROUPS,
    MAX_GROUPS_LARGE, MAX_PATTERN, MAX_PATTERN_WIDE, MAX_TABLE_PATTERN_LARGE,
    MAX_TABLE_PATTERN_WIDE, PDB6666, PDB78,
};
pub use pdb::{placements, PatternBuilder, PatternError, PatternTable, Tally, MAX_EXCESS};
pub use request::{parse_node_budget, NodeBudgetError};
pub use runs_db::{RunsDb, RunsDbBuilder, RunsTable};
pub use shortest::Shortest;

/// Manhattan plus linear conflict of a whole board to `goal`, on every
/// shape: up to 25 cells the hot loops' estimate, past 25 fast mode's own
/// (the only search there).
pub fn linear_conflict(board: &crate::Board, goal: &crate::Board) -> u32 {
    if goal.shape().optimal_searchable() {
        heuristic::linear_conflict(board, goal)
    } else {
        fast::lower_bound(board, goal)
    }
}
