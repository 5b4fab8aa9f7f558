//! Iterative-deepening A* with Manhattan: depth-first passes bounded by f,
//! each bound the smallest f that exceeded the last. Optimal (Manhattan is
//! admissible) with memory proportional to the path.
//!
//! The lab runs the engine's stepping IDA* ([`IdaSearch`]) to its end, so the
//! lab's figures and the trace's events come from one implementation.

use super::{LabStop, Raw};
use crate::engine::{contract::Goal, Board};
use crate::solve::IdaKind;
use crate::teaching::ida::{IdaEnd, IdaSearch};

pub(crate) fn search(start: &Board, goal: &Goal, budget: u64) -> Raw {
    let mut ida = IdaSearch::unchecked(start, goal, budget);
    ida.run();
    raw(&ida)
}

/// [`search`], also counting every legal move of every expansion (the move
/// back included): the contract A*'s way of counting `generated`, for the
/// depth table.
pub(crate) fn search_counted(start: &Board, goal: &Goal, budget: u64) -> (Raw, u64) {
    let mut ida = IdaSearch::unchecked(start, goal, budget);
    let mut legal = 0u64;
    while let Some(e) = ida.step() {
        if e.kind == IdaKind::Expanded {
            legal += crate::engine::board::legal_moves(&e.node.board()).count() as u64;
        }
    }
    (raw(&ida), legal)
}

/// The lab's figures of a finished search.
fn raw(ida: &IdaSearch) -> Raw {
    let found = match ida.end() {
        Some(IdaEnd::Goal) => Ok(ida.solution().unwrap_or_default()),
        Some(IdaEnd::Budget) => Err(LabStop::BudgetExceeded),
        // A parity-matched pair always has a path, so a finite bound follows.
        Some(IdaEnd::Exhausted) | None => Err(LabStop::DepthLimitReached),
    };
    Raw {
        found,
        expansions: ida.expansions(),
        generated: ida.generated(),
        peak_stored: ida.peak_path(),
    }
}
