//! Everything a person does on the page, as one typed value: the web layer
//! turns each DOM event into an [`Action`] at the edge, and
//! [`Workbench::apply`](super::Workbench::apply) routes it to the panel
//! that owns it. Each panel's actions are defined beside the panel.

use super::common::{Focus, Key, Tab};
use super::lab::LabAction;
use super::play::PlayAction;
use super::race::RaceAction;
use super::solution_tab::SolutionAction;
use super::space::SpaceAction;
use super::trace::{ExportFormat, TraceAction};
use super::work::Work;
use crate::engine::moves::Metric;
use crate::engine::request::Field;
use crate::engine::solve::Mode;

/// What a person does on the inputs and the family's controls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputAction {
    /// A field's new text.
    Edit(Field, String),
    /// The node budget field's text.
    NodeBudget(String),
    /// Optimal or Fast.
    Mode(Mode),
    /// Single-tile or multi-tile moves.
    Metric(Metric),
    /// Loads the sample with this key.
    Sample(String),
    /// Solve.
    Solve,
    /// Cancel a worker solve or hint.
    Cancel,
    /// "Use Fast instead": cancels the running solve and solves in Fast.
    UseFast,
    /// Undo beside the goal's notice: the goal text the person had before
    /// it followed the start's shape.
    UndoGoal,
}

/// One action of a person on the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The inputs and the family's controls.
    Input(InputAction),
    /// Opens a tab.
    Tab(Tab),
    /// The Solution panel's replay.
    Solution(SolutionAction),
    /// The Trace tab.
    Trace(TraceAction),
    /// The Play tab.
    Play(PlayAction),
    /// The Lab tab.
    Lab(LabAction),
    /// A Race tab action.
    Race(RaceAction),
    /// The State space tab.
    Space(SpaceAction),
    /// A key pressed where focus was.
    Key(Key, Focus),
    /// The address changed (a link pasted, followed, or reached by Back or
    /// Forward): the fragment, with or without `#`.
    Address(String),
    /// Download the trace of the current inputs in this format.
    Export(ExportFormat),
    /// Cancel a long work.
    CancelWork(Work),
}

macro_rules! from_part {
    ($($part:ty => $variant:ident),* $(,)?) => {
        $(impl From<$part> for Action {
            fn from(a: $part) -> Action {
                Action::$variant(a)
            }
        })*
    };
}

from_part! {
    InputAction => Input,
    Tab => Tab,
    SolutionAction => Solution,
    TraceAction => Trace,
    PlayAction => Play,
    LabAction => Lab,
    RaceAction => Race,
    SpaceAction => Space,
}
