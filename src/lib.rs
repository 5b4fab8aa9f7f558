//! An exact 8-puzzle search workbench.
//!
//! * [`engine`] — the core: boards, moves, the Manhattan ledger, the contract
//!   A*, witnesses and replay. Pure Rust, no wasm or DOM.
//! * [`task`] — the page's long work as typed tasks and replies, the one
//!   worker protocol (serde envelopes) and the worker's session. Pure Rust,
//!   tested natively.
//! * [`view`] — the page's view model: inputs in, a description of what to
//!   show out. Pure Rust, tested natively.
//! * [`web`] — applies the view model to the DOM (wasm32 only, but for its
//!   typed element ids, which every target compiles so they can be checked
//!   against the page shell natively).

pub use eight_puzzle_engine as engine;
#[cfg(not(target_arch = "wasm32"))]
#[cfg(not(target_arch = "wasm32"))]
pub mod space_checkpoint;
pub mod task;
pub mod view;
pub mod web;
