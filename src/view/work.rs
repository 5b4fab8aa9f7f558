//! The long work of the page and its one worker protocol. A task is one
//! line of text whose first word is its kind; [`run_task`] is what a Web
//! Worker runs (`web::workers::worker_run` only passes the text through), and
//! the native tests run the same function. Answers are text too, merged on
//! the page by the panel that planned the tasks. A new kind of work adds a
//! [`Work`] variant and one arm here.

use super::Clock;

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
}

impl Work {
    /// Every kind of work.
    pub const ALL: [Work; 5] = [
        Work::Sweep,
        Work::Depth,
        Work::Compare,
        Work::Experiment,
        Work::Explore,
    ];

    /// The first word of its tasks, and the name of its timing mark.
    pub fn key(self) -> &'static str {
        match self {
            Work::Sweep => "sweep",
            Work::Depth => "depth",
            Work::Compare => "compare",
            Work::Experiment => "experiment",
            Work::Explore => "explore",
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
        }
    }
}

/// Runs one task: its kind, then its own text. The answer is text; an error
/// says what was wrong with the task.
pub fn run_task(task: &str, clock: Clock<'_>) -> Result<String, String> {
    let (kind, rest) = task.split_once(' ').unwrap_or((task, ""));
    match kind {
        "sweep" => {
            let task = super::SweepTask::from_text(rest)?;
            Ok(super::run_sweep_task(&task)?.to_text())
        }
        "depth" => super::depth::run_depth_task(rest),
        "compare" => super::lab::run_compare_task(rest, clock),
        "experiment" => super::lab::run_experiment_task(rest),
        "explore" => super::space::run_explore_task(rest),
        _ => Err(format!("unknown task kind {kind:?}")),
    }
}
