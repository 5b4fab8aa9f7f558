//! The page's work and its one worker protocol, natively tested: every
//! kind of work is a [`Task`], every answer a [`Reply`], and every message
//! between the page and a worker one [`Envelope`] (a job id and a
//! [`Body`]) written with serde in postcard's compact bytes.
//!
//! The page posts a task or a cancel; a worker answers each bounded slice
//! of the job with [`Reply::Progress`] (more follows), then
//! [`Reply::Done`] or [`Reply::Error`]. A worker keeps one [`Session`]:
//! [`Session::begin`] takes a task, [`Session::step`] runs one slice and
//! returns its reply, and the worker yields to its event loop between
//! slices, so a cancel is read between them. A batch task (the sweep, the
//! depth table, Compare all, the experiment, the 3×3 exploration) is a job
//! of one slice; a solve or a hint streams progress, and the session keeps
//! its pattern databases between jobs; the exploration of a board other
//! than 3×3 ([`Task::Space`]) streams the engine's state-space search in
//! slices, its table dropped with the job; so does the check of a heuristic
//! written in the heuristic language ([`Task::Check`]).
//!
//! A new kind of work is one [`Task`] variant (with its [`Answer`]) and
//! one arm of [`run_task`] (or of [`Session::begin`] when it streams).

pub mod analysis;
pub mod check;
pub mod depth;
pub mod experiment;
pub mod lab;
mod protocol;
mod session;
pub mod shortest;
pub mod solver;
pub mod space;
pub mod sweep;

pub use lab::Clock;
pub use protocol::{
    unexpected, AnalysisProgress, Answer, Body, Envelope, Kind, Reply, Shortest, ShortestProgress,
    Step, Task,
};
pub use session::{run_task, Session};

#[cfg(test)]
mod tests;
