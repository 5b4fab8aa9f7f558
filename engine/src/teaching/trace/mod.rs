//! The whole A* search as records, and the search tree at any event.
//!
//! Everything here reads the engine's own [`Search`](crate::contract::Search): one [`PopRecord`] per
//! pop, in pop order, numbered from 1. The parent of a popped entry comes
//! from the expansion that pushed it (every entry but the start was pushed
//! by exactly one expansion), so no second search runs beside the real one.
//!
//! [`TraceStepper`] steps forward one pop at a time and goes back by
//! replaying the engine's search from the start ([`TraceStepper::seek`]),
//! so the state at event k is the same however it was reached.

mod astar;
mod csv_rows;
mod export;
mod ida;
mod record;
mod tree;

pub use astar::{astar_trace, f_text, weighted_astar_trace, weighted_astar_trace_in, AstarTrace};
pub use ida::{ida_trace, IdaTrace};
pub use record::{PopKind, PopRecord};
pub use tree::{
    snapshot_at, PathWithSiblings, TraceStepper, TreeLeaf, TreeNode, TreeSnapshot, PREVIEW,
};

#[cfg(test)]
mod export_tests;
