//! The 15-puzzle (4×4): boards, moves, solvability, heuristics, additive
//! pattern databases, a resumable IDA* and an independent witness check.
//!
//! Pure Rust with no threads, clock or files, so the page can run it in a
//! Worker: [`Ida16::run_for`] and [`PdbBuilder::step`] do bounded slices of
//! work and report progress. The 3×3 contract code is untouched.

mod board;
mod heuristic;
mod idastar;
mod korf;
mod moves;
mod pdb;
mod request;
mod solvability;
mod verify;

pub use board::{Board16, CELLS16, WIDTH16};
pub use heuristic::{ledger16, linear_conflict16, manhattan16, pdb_estimate16, Heuristic16};
pub use idastar::{
    solve16, Ida16, IdaProgress, IdaStep, Outcome16, Solution16, Solve16Error, Verdict16,
};
pub use korf::{korf100, KorfInstance, KORF100_TEXT};
pub use moves::{apply16, legal_moves16, target16};
pub use pdb::{
    placements, BuildProgress, Partition, PatternBuilder, PatternDb, PatternTable, PdbBuilder,
    MAX_GROUPS, MAX_PATTERN,
};
pub use request::{parse_heuristic, parse_node_budget, HeuristicChoice, OptionError};
pub use solvability::{check_parity16, Parity16Proof};
pub use verify::{verify16, Witness16Error};
