//! What reaches the workbench from outside a person's actions ([`Inbound`]:
//! the workers' replies, timers, slices of long work) and everything the
//! page must do in response ([`Effect`]): the web layer carries out each
//! effect as it is told, deciding nothing.

use super::trace::Download;
use super::work::Work;
use crate::engine::moves::Metric;
use crate::task::{Answer, Reply, Task};

/// Where a long work just started runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// In Web Workers: ask for its tasks ([`Inbound::Tasks`]) in a task of
    /// its own, so the click returns at once.
    Workers,
    /// On the page's thread, in slices ([`Effect::Slice`]).
    Slices,
    /// On the page's thread, whole and at once ([`Inbound::Whole`]).
    Whole,
}

/// Something the page must do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Start a playback timer: after `ms`, send [`Inbound::Tick`] with this
    /// token.
    Playback {
        /// The playback's token.
        token: u64,
        /// The delay in milliseconds.
        ms: u32,
    },
    /// Post a solve or hint to the solver's session worker (which is
    /// started first if needed); its replies come back as
    /// [`Inbound::Solver`], its failure as [`Inbound::SolverFailed`].
    PostSolve {
        /// The job id.
        job: u64,
        /// The task.
        task: Task,
        /// The metric the solve counts moves in (a hint: single).
        metric: Metric,
    },
    /// Tell the solver's worker to drop its job (its tables stay).
    StopSolve,
    /// Count the shortest paths of the contract path now on screen: a task
    /// of its own on the page's thread, after this drawing, that applies
    /// [`crate::view::SolutionAction::CountPaths`] (a whole-space search).
    CountPaths,
    /// Run a long work just started, where `place` says; the page notes
    /// when it started, for [`Effect::Finished`].
    RunWork {
        /// The work.
        work: Work,
        /// Where it runs.
        place: Place,
    },
    /// Hand these tasks to a batch of workers (a task's job id is its
    /// index); each answer comes back as [`Inbound::Answer`], a refusal as
    /// [`Inbound::Refused`], the batch's size as [`Inbound::Split`].
    Batch {
        /// The work.
        work: Work,
        /// Its tasks.
        tasks: Vec<Task>,
    },
    /// Hand this one streaming task to a worker of its own; every reply
    /// comes back as [`Inbound::Stream`].
    Stream {
        /// The work.
        work: Work,
        /// The task.
        task: Task,
    },
    /// Run another slice of the work in a fresh task ([`Inbound::Slice`]).
    Slice(Work),
    /// Terminate the work's workers at once (later answers are dropped).
    StopWork(Work),
    /// The work ended: record how long it took since it started.
    Finished(Work),
    /// Hand the browser a file to save.
    Download(Download),
    /// Redraw Play's running timer: after
    /// [`TIMER_TICK_MS`](super::TIMER_TICK_MS), send [`Inbound::PlayTick`]
    /// with this token and the page's time.
    PlayTimer {
        /// The timer's token.
        token: u64,
    },
    /// Record a figure for the benchmark script (`data-<key>`).
    Figure {
        /// The data key.
        key: &'static str,
        /// Its value.
        value: String,
    },
}

/// What the page does after an action or an inbound message: whether it
/// was used at all (an unused key keeps its default, a stale timer draws
/// nothing), then the effects, in order, after drawing what changed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Effects {
    /// Whether the workbench used it (the page then draws what changed).
    pub used: bool,
    /// What the page must do.
    pub list: Vec<Effect>,
}

impl Effects {
    /// Used, with nothing to do beyond drawing.
    pub fn used() -> Effects {
        Effects {
            used: true,
            list: Vec::new(),
        }
    }

    /// Adds an effect.
    pub fn push(&mut self, effect: Effect) {
        self.list.push(effect);
    }

    /// Whether `work` must stop (its workers then stop taking answers).
    pub fn stops(&self, work: Work) -> bool {
        self.list.contains(&Effect::StopWork(work))
    }

    /// Takes out the request for another slice of `work`; true when it was
    /// there.
    pub fn take_slice(&mut self, work: Work) -> bool {
        let before = self.list.len();
        self.list.retain(|e| *e != Effect::Slice(work));
        self.list.len() != before
    }
}

/// What reaches the workbench from outside a person's actions, or needs
/// the page's clock: see [`Workbench::receive`](super::Workbench::receive).
#[derive(Clone, Debug, PartialEq)]
pub enum Inbound {
    /// A click on a long work's button; `workers`: whether the page can
    /// start Web Workers.
    Start {
        /// The work.
        work: Work,
        /// Whether Web Workers can be started.
        workers: bool,
    },
    /// The tasks of a work started in workers are wanted.
    Tasks(Work),
    /// The browser refused the work's workers (`why`): it runs in slices.
    Refused {
        /// The work.
        work: Work,
        /// What the browser said.
        why: String,
    },
    /// The work's tasks went to this many workers.
    Split {
        /// The work.
        work: Work,
        /// How many workers.
        workers: usize,
    },
    /// A worker's answer to task `index` of the work, or its error.
    Answer {
        /// The work.
        work: Work,
        /// The task's index (`usize::MAX`: no task, the batch failed).
        index: usize,
        /// The answer or the error.
        answer: Result<Answer, String>,
    },
    /// A reply of the work's streaming worker.
    Stream {
        /// The work.
        work: Work,
        /// The reply.
        reply: Reply,
    },
    /// A slice of the work of about `ms` on the page's thread.
    Slice {
        /// The work.
        work: Work,
        /// The slice's length in milliseconds.
        ms: f64,
    },
    /// The work, whole, on the page's thread.
    Whole(Work),
    /// A reply of the solver's session worker for `job` (a solve or a
    /// hint).
    Solver {
        /// The job id.
        job: u64,
        /// The reply.
        reply: Reply,
    },
    /// The solver's worker could not start or failed.
    SolverFailed(String),
    /// A playback timer with its token.
    Tick(u64),
    /// The page's time in milliseconds, told before each event (Play's
    /// timer; the view reads no clock).
    Now(u64),
    /// A tick of Play's timer `token` ([`Effect::PlayTimer`]) at the page's
    /// time `ms`.
    PlayTick {
        /// The timer's token.
        token: u64,
        /// The page's time (ms).
        ms: u64,
    },
}
