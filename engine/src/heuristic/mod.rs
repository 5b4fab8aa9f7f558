//! Heuristics: the one catalogue every tool chooses from, the language of
//! written heuristics, and the exhaustive check of a heuristic against a
//! metric's exact distances.
//!
//! - `catalogue.rs`: [`Heuristic`] (a [`BuiltIn`] of the catalogue, or a
//!   written [`Program`](expr::Program)), what each is called on every
//!   shape, and the metrics in which each is a lower bound
//!   ([`BuiltIn::lower_bound_in`]). A tool takes a `Heuristic` and a
//!   [`Metric`](crate::moves::Metric); where it cannot run a heuristic it
//!   says so in one sentence.
//! - `ready.rs`: [`Preparation`] and [`ready`], the one way every
//!   heuristic is made ready toward a goal (its tables built, or loaded
//!   from the command line's cache): [`Ready`], whose
//!   [`value`](Ready::value) any tool may read on a board.
//! - `written.rs`: a written h as a search takes it: its value up to
//!   [`WRITTEN_H_MAX`], or why not ([`WrittenFailure`]).
//! - `expr/`: the heuristic language (lexer, parser, typed tree, program).
//! - `check.rs`: [`HeuristicCheck`], a program checked on every board of a
//!   class (or a uniform sample of 12-cell classes) against the exact
//!   distances of either metric.
//!
//! The estimates themselves, with their incremental updates for the hot
//! loops, belong to the searches that run them (`solve` for IDA* and fast
//! mode on every shape, `contract` for the 3×3 A*); the pattern databases
//! are built or loaded by [`Preparation`] and [`ready`].

mod catalogue;
mod check;
pub mod expr;
mod ready;
mod written;

pub use catalogue::{
    admissibility_text, heuristic_choices, optimal_offer, parse_heuristic, BuiltIn, Heuristic,
    HeuristicError, DEFAULT_HEURISTIC,
};
pub use check::{
    against_text, CheckError, CheckProgress, CheckResult, EvalFailure, HCount, HeuristicCheck,
    Inconsistency, Overestimate, SampleInfo, CHECK_BYTES_PER_BOARD, CHECK_MAX_CELLS, SAMPLE_BOARDS,
    SAMPLE_SEED,
};
pub use ready::{formula, prepared, Preparation, Ready, ReadyError, Tables};
#[cfg(not(target_arch = "wasm32"))]
pub use ready::{ready, Prepare};
pub use written::{written_h, WrittenFailure, WrittenFault, WRITTEN_H_MAX};
