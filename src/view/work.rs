//! The page's long work, each kind run in Web Workers where the browser
//! allows (the tasks and the protocol are [`crate::task`]'s), and the
//! [`WorkPanel`] every panel that owns long work implements.

use super::common::{Clock, GoalTable};
use super::input::ParsedInputs;
use crate::task::{Answer, Reply, Task};

/// The page's long work, each run in Web Workers where the browser allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Work {
    /// The heuristic sweep (State space).
    Sweep,
    /// The depth table (State space).
    Depth,
    /// Compare all (Lab).
    Compare,
    /// The blog experiment (Lab).
    Experiment,
    /// Explore state space (State space).
    Explore,
    /// The check of a heuristic written in the Lab's workshop.
    Check,
    /// The workshop's search cost by depth.
    Cost,
    /// The grade of the workshop's h on an exercise.
    Grade,
}

impl Work {
    /// Every kind of work.
    pub const ALL: [Work; 8] = [
        Work::Sweep,
        Work::Depth,
        Work::Compare,
        Work::Experiment,
        Work::Explore,
        Work::Check,
        Work::Cost,
        Work::Grade,
    ];

    /// The name of its timing mark.
    pub fn key(self) -> &'static str {
        match self {
            Work::Sweep => "sweep",
            Work::Depth => "depth",
            Work::Compare => "compare",
            Work::Experiment => "experiment",
            Work::Explore => "explore",
            Work::Check => "check",
            Work::Cost => "cost",
            Work::Grade => "grade",
        }
    }

    /// What the panel calls it, for notes.
    pub fn name(self) -> &'static str {
        match self {
            Work::Sweep => "the sweep",
            Work::Depth => "the depth table",
            Work::Compare => "Compare all",
            Work::Experiment => "the experiment",
            Work::Explore => "the exploration",
            Work::Check => "the check of h",
            Work::Cost => "the search cost",
            Work::Grade => "the grading",
        }
    }
}

/// A panel that owns long work (the Lab: Compare all, the experiment, the
/// workshop's check, cost and grading; the State space: the sweep, the
/// depth table, the exploration). The workbench only says which panel owns
/// a [`Work`] and carries the page's messages to it; every step of the work
/// is the panel's.
pub trait WorkPanel {
    /// Begins `work` from a click; `now` is the page's clock (ms).
    fn start(&mut self, work: Work, inputs: &ParsedInputs, now: f64);
    /// The tasks of `work` just started, for workers (empty: nothing to
    /// do). The sweep's set-up (the goal's table, the sample) happens here.
    fn tasks(
        &mut self,
        work: Work,
        inputs: &ParsedInputs,
        tables: &mut GoalTable,
        now: f64,
    ) -> Vec<Task>;
    /// Merges a worker's answer to task `index`; whether the work still
    /// waits for answers.
    fn absorb(
        &mut self,
        work: Work,
        index: usize,
        answer: &Answer,
        now: f64,
    ) -> Result<bool, String>;
    /// Merges a streaming job's reply; whether it goes on.
    fn stream(&mut self, work: Work, reply: &Reply, now: f64) -> bool;
    /// Where there are no workers: works on `work` for about `slice_ms` on
    /// the page's thread; true while more remains.
    fn slice(
        &mut self,
        work: Work,
        inputs: &ParsedInputs,
        tables: &mut GoalTable,
        slice_ms: f64,
        clock: Clock<'_>,
    ) -> bool;
    /// Says, in the work's part of the panel, how it runs.
    fn set_note(&mut self, work: Work, note: &str);
    /// Stops `work`: cancelled, or failed with `error`.
    fn stop(&mut self, work: Work, error: Option<&str>);
    /// Whether `work` is running.
    fn running(&self, work: Work) -> bool;
}
