//! The thin web layer: copies the view model's [`View`](crate::view::View)
//! into the page and turns DOM events into workbench calls. No puzzle logic
//! lives here, and every user value reaches the page through `textContent`
//! or an input's value, never as HTML.
//!
//! * [`ids`] — the typed element ids (every target, for the native check).
//! * `page` — boot, mount, the one listener helper, timers and jobs.
//! * `dom` — element look-ups (once, at mount) and small writers.
//! * `board` — the one board drawing helper (full size and small).
//! * `chart` — bar charts as SVG drawn at their container's width.
//! * `download` — pictures to take away: `download::offer(dom, holder,
//!   picture)` puts Download SVG and PNG buttons after a picture.
//! * `solution`, `trace`, `play`, `lab`, `space` — one renderer per panel;
//!   the page calls a renderer only when that panel's part of the view
//!   differs from what is on screen.
//! * `family` — the family's parts (mode, node budget, samples, the 5×5
//!   warning with its switch to Fast, progress and Cancel, the notes of the
//!   3×3-only tabs).
//! * `race` — the Race tab: two sides' figures and frontier boards.
//! * `workers` — Web Workers started from the page's own script and the
//!   compiled module: the one envelope protocol, the worker's entry
//!   points, batches and the solver's session worker.

pub mod ids;

#[cfg(target_arch = "wasm32")]
mod board;
#[cfg(target_arch = "wasm32")]
mod chart;
#[cfg(target_arch = "wasm32")]
mod dom;
#[cfg(target_arch = "wasm32")]
mod download;
#[cfg(target_arch = "wasm32")]
mod family;
#[cfg(target_arch = "wasm32")]
mod lab;
#[cfg(target_arch = "wasm32")]
mod page;
#[cfg(target_arch = "wasm32")]
mod play;
#[cfg(target_arch = "wasm32")]
mod race;
#[cfg(target_arch = "wasm32")]
mod solution;
#[cfg(target_arch = "wasm32")]
mod space;
#[cfg(target_arch = "wasm32")]
mod trace;
#[cfg(target_arch = "wasm32")]
mod workers;
#[cfg(target_arch = "wasm32")]
mod workshop;

#[cfg(target_arch = "wasm32")]
pub use page::{boot, mount};
