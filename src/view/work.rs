//! The page's long work, each kind run in Web Workers where the browser
//! allows (the tasks and the protocol are [`crate::task`]'s).

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
