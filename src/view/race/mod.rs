//! The Race tab: two searches on the current start and goal, stepped in
//! lockstep (one expansion each per step; IDA*: one board entered), with
//! their frontiers drawn as the Trace draws them and a finish line that
//! says who found which path at what cost. The searches are the engine's
//! ([`RaceSide`]); this panel only picks them, steps them and words them.
//!
//! Its files: `choice` (what a side runs: the pickers' values and a side's
//! link text), `panel` (the tab's state: set up, step, Play), `view` (the
//! tab in words: each side's figures and the finish line) and `picture`
//! (the race as a picture to take away).

mod choice;
mod panel;
mod picture;
#[cfg(test)]
mod tests;
mod view;

pub use choice::{RaceChoice, RaceLane, RacePick, RaceSpeed};
pub use panel::{RaceAction, RacePanel};
pub use view::{RaceSideView, RaceView, RACE_INTRO};
