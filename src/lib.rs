//! An exact 8-puzzle search workbench.
//!
//! * [`engine`] — the core: boards, moves, the Manhattan ledger, the contract
//!   A*, witnesses and replay. Pure Rust, no wasm or DOM.
//! * [`view`] — the page's view model: inputs in, a description of what to
//!   show out. Pure Rust, tested natively.
//! * `web` — (wasm32 only) applies the view model to the DOM.

pub mod engine;
pub mod view;

#[cfg(target_arch = "wasm32")]
pub mod web;
