//! The long work of the page and its one worker protocol.
//!
//! Every message between the page and a worker is one envelope: a job id,
//! a kind and a text. The page posts `task` (the text is one line whose first
//! word is the task's kind) or `cancel`; the worker answers `progress` (more
//! follows), `done` (the answer) or `error` (what went wrong). A worker keeps
//! one [`Session`]: [`Session::begin`] takes a task, [`Session::step`] does
//! one bounded slice and returns its [`Reply`], and the worker yields to its
//! event loop between slices, so a `cancel` is read between them. A batch
//! task ([`run_task`]: the sweep, the depth table, the lab, the exploration)
//! is a job of one slice; a solve or a hint streams progress, and the
//! session keeps its tables (the pattern database) between jobs. The native
//! tests drive the same session. A new kind of batch work adds a [`Work`]
//! variant and one arm of [`run_task`].

use super::{Clock, Report, SolverWorker};

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

/// What a worker answers after a slice: the envelope's kind and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// More follows (a streaming job's progress line).
    Progress(String),
    /// The job's answer; nothing follows.
    Done(String),
    /// The job failed; nothing follows.
    Error(String),
}

impl Reply {
    /// The envelope's kind.
    pub fn kind(&self) -> &'static str {
        match self {
            Reply::Progress(_) => "progress",
            Reply::Done(_) => "done",
            Reply::Error(_) => "error",
        }
    }

    /// The envelope's text.
    pub fn text(&self) -> &str {
        match self {
            Reply::Progress(t) | Reply::Done(t) | Reply::Error(t) => t,
        }
    }

    /// The reply of an envelope the page received; an unknown kind is an
    /// error that says so.
    pub fn from_envelope(kind: &str, text: &str) -> Reply {
        match kind {
            "progress" => Reply::Progress(text.into()),
            "done" => Reply::Done(text.into()),
            "error" => Reply::Error(text.into()),
            _ => Reply::Error(format!(
                "the worker sent a message of unknown kind {kind:?}"
            )),
        }
    }

    /// Whether the job is over.
    pub fn is_final(&self) -> bool {
        !matches!(self, Reply::Progress(_))
    }

    /// One line, `kind text`, as the loader posts it (it splits at the
    /// first space).
    pub fn to_line(&self) -> String {
        format!("{} {}", self.kind(), self.text())
    }
}

/// Whether a task of this kind streams (a solve or a hint: many slices,
/// tables kept between jobs) rather than answering at once.
pub fn streams(task: &str) -> bool {
    let kind = task.split(' ').next().unwrap_or("");
    matches!(kind, "solve" | "hint")
}

/// A worker's state for the page session: the job it is running, and the
/// solver's tables, which outlive any job.
#[derive(Default)]
pub struct Session {
    /// A batch task not yet run.
    task: Option<String>,
    /// The streaming solver (pattern databases kept for the session).
    solver: SolverWorker,
}

impl Session {
    /// Takes a task; a job in progress is dropped (its tables stay).
    pub fn begin(&mut self, task: &str) -> Result<(), String> {
        self.cancel();
        if streams(task) {
            self.solver.begin(task)
        } else {
            self.task = Some(task.to_string());
            Ok(())
        }
    }

    /// Drops the job; the tables stay.
    pub fn cancel(&mut self) {
        self.task = None;
        self.solver.cancel();
    }

    /// One bounded slice of the job and its reply; `None` without a job.
    pub fn step(&mut self, clock: Clock<'_>) -> Option<Reply> {
        if let Some(task) = self.task.take() {
            return Some(match run_task(&task, clock) {
                Ok(answer) => Reply::Done(answer),
                Err(e) => Reply::Error(e),
            });
        }
        let report = self.solver.step()?;
        Some(match report {
            Report::Build { .. } | Report::Search(_) => Reply::Progress(report.to_text()),
            Report::Failed(e) => Reply::Error(e),
            _ => Reply::Done(report.to_text()),
        })
    }
}
