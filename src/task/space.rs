//! The state-space tasks: the whole 3×3 space of a goal at once
//! ([`run_explore_task`]), and the exploration of every other board
//! ([`Task::Space`](super::Task::Space)): the engine's [`SpaceSearch`] in
//! a worker's [`Session`](super::Session) in slices of at least
//! [`SPACE_SLICE_MS`], each answered with its progress until the
//! [`SpaceAnswer`], which the page checks ([`SpaceAnswer::result`]) before
//! it shows anything. The table is allocated in the first slice, so a
//! refusal is the job's error (the engine's
//! [`SpaceError::OutOfMemory`](crate::engine::space::SpaceError)). Without
//! workers the page runs the same [`SpaceWorker`] in slices.

use super::lab::Clock;
use crate::engine::{
    moves::Metric,
    space::{parse_space_goal, Progress, SpaceResult, SpaceSearch},
    teaching::DistanceTable,
    Board, Shape,
};
use serde::{Deserialize, Serialize};

/// Boards listed at the diameter, at most.
pub const HARDEST_SHOWN: usize = crate::engine::space::ANTIPODES_LISTED;

/// The boards that can reach a goal of this shape: (W·H)!/2.
pub fn boards_of(shape: Shape) -> u64 {
    (1..=shape.cells() as u64).fold(1u64, |a, k| a.saturating_mul(k)) / 2
}

/// Work units of one [`SpaceSearch::step`] call in a slice (a table word
/// scanned or a board expanded; about 8 ms in a browser).
pub const SPACE_STEP_UNITS: u64 = 200_000;

/// A worker's slice of the search lasts at least this long (ms), so a
/// progress reply goes out about 20 times a second.
pub const SPACE_SLICE_MS: f64 = 50.0;

/// The answer of a finished search: the counts by distance, the number of
/// boards at the diameter and the listed ones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpaceAnswer {
    /// Boards at each distance.
    pub counts: Vec<u64>,
    /// Boards at the diameter.
    pub antipode_count: u64,
    /// The boards listed (at most [`HARDEST_SHOWN`]).
    pub antipodes: Vec<Board>,
}

impl SpaceAnswer {
    /// The answer of a result.
    pub fn of(r: &SpaceResult) -> SpaceAnswer {
        SpaceAnswer {
            counts: r.counts.clone(),
            antipode_count: r.antipode_count,
            antipodes: r.antipodes.clone(),
        }
    }

    /// The result for `goal`, checked against what the goal's shape allows:
    /// the counts add up to (W·H)!/2, the first count is the goal alone, the
    /// boards are of the goal's shape and at most the count.
    pub fn result(&self, goal: &Board) -> Result<SpaceResult, String> {
        let states = self.counts.iter().fold(0u64, |a, &c| a.saturating_add(c));
        let fits = self.counts.first() == Some(&1)
            && states == boards_of(goal.shape())
            && self.counts.last() == Some(&self.antipode_count)
            && self.antipodes.len() as u64 <= self.antipode_count
            && self.antipodes.len() <= HARDEST_SHOWN
            && self.antipodes.iter().all(|b| b.shape() == goal.shape());
        if !fits {
            return Err(format!(
                "the worker's result does not add up for a {} goal ({} boards by distance, {states} in all)",
                goal.shape().name(),
                self.counts.len()
            ));
        }
        Ok(SpaceResult {
            goal: *goal,
            counts: self.counts.clone(),
            antipodes: self.antipodes.clone(),
            antipode_count: self.antipode_count,
        })
    }
}

/// Runs a 3×3 explore task: the goal's whole space by breadth-first search
/// in `metric`: the histogram, and the ranks of the boards at the diameter.
pub fn run_explore_task(goal: &Board, metric: Metric) -> (Vec<u32>, Vec<u32>) {
    let table = DistanceTable::in_metric(goal, metric);
    (table.histogram().to_vec(), table.hardest_ranks())
}

/// What a slice of the search says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpaceStep {
    /// How far it is; more follows.
    Progress(Progress),
    /// The finished search.
    Done(SpaceAnswer),
    /// The table was refused, or the search failed.
    Failed(String),
}

/// The job a streaming search worker runs.
enum SpaceJob {
    /// The task's goal and metric, the goal not yet checked (the table is
    /// allocated in the first slice, so a refusal is the job's error).
    Pending(Board, Metric),
    /// The search, between slices.
    Running(Box<SpaceSearch>),
}

/// A worker's side of [`Task::Space`](super::Task::Space): the engine's [`SpaceSearch`], in
/// slices of at least [`SPACE_SLICE_MS`]. Nothing outlives the job.
#[derive(Default)]
pub struct SpaceWorker {
    job: Option<SpaceJob>,
}

impl SpaceWorker {
    /// Takes a search of `goal`'s space in `metric`; a job in progress is
    /// dropped.
    pub fn begin(&mut self, goal: Board, metric: Metric) {
        self.job = Some(SpaceJob::Pending(goal, metric));
    }

    /// Drops the job and its table.
    pub fn cancel(&mut self) {
        self.job = None;
    }

    /// Whether a job runs.
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// One slice: the table's allocation (its progress, or the refusal),
    /// then the search for at least [`SPACE_SLICE_MS`] on `clock`: its
    /// progress, or the result. `None` without a job.
    pub fn step(&mut self, clock: Clock<'_>) -> Option<SpaceStep> {
        match self.job.take()? {
            SpaceJob::Pending(goal, metric) => {
                // The engine's one check of a space's goal (its size).
                let made = parse_space_goal(&goal.to_json())
                    .and_then(|g| SpaceSearch::with_metric(&g, metric));
                Some(match made {
                    Ok(search) => {
                        let reply = SpaceStep::Progress(search.progress());
                        self.job = Some(SpaceJob::Running(Box::new(search)));
                        reply
                    }
                    Err(e) => SpaceStep::Failed(e.to_string()),
                })
            }
            SpaceJob::Running(mut search) => {
                let t0 = clock();
                let done = loop {
                    if search.step(SPACE_STEP_UNITS) {
                        break true;
                    }
                    if clock() - t0 >= SPACE_SLICE_MS {
                        break false;
                    }
                };
                if done {
                    return Some(match search.result() {
                        Some(r) => SpaceStep::Done(SpaceAnswer::of(r)),
                        None => SpaceStep::Failed("the search ended without a result".into()),
                    });
                }
                let reply = SpaceStep::Progress(search.progress());
                self.job = Some(SpaceJob::Running(search));
                Some(reply)
            }
        }
    }
}
