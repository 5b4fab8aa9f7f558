//! The worker's side of Explore on every board but 3×3, and the lines it
//! answers: the task `space GOAL` runs the engine's [`SpaceSearch`] in a
//! worker's [`Session`](super::Session) in slices of at least
//! [`SPACE_SLICE_MS`], each answered with a progress line
//! (`space REACHED TOTAL DEPTH`) until the result line (`explored COUNTS;
//! COUNT;BOARDS`), which the page checks before it shows anything. The
//! table is allocated in the first slice, so a refusal is the job's error
//! (the engine's [`SpaceError::OutOfMemory`](crate::engine::space::SpaceError)).
//! Without workers the page runs the same [`SpaceWorker`] in slices.

use super::explore::{boards_of, HARDEST_SHOWN};
use super::work::Reply;
use super::Clock;
use crate::engine::{
    space::{parse_space_goal, Progress, SpaceResult, SpaceSearch},
    Board,
};

/// Work units of one [`SpaceSearch::step`] call in a slice (a table word
/// scanned or a board expanded; about 8 ms in a browser).
pub const SPACE_STEP_UNITS: u64 = 200_000;

/// A worker's slice of the search lasts at least this long (ms), so a
/// progress line goes out about 20 times a second.
pub const SPACE_SLICE_MS: f64 = 50.0;

/// The progress line of a streaming search: `space REACHED TOTAL DEPTH`.
pub fn progress_text(p: &Progress) -> String {
    format!("space {} {} {}", p.reached, p.total, p.depth)
}

/// Reads [`progress_text`].
pub fn parse_progress(text: &str) -> Option<Progress> {
    let mut words = text.split(' ');
    if words.next()? != "space" {
        return None;
    }
    let mut n = words.map(|w| w.parse::<u64>().ok());
    let p = Progress {
        reached: n.next()??,
        total: n.next()??,
        depth: u32::try_from(n.next()??).ok()?,
    };
    n.next().is_none().then_some(p)
}

/// The answer of a finished search: `explored COUNTS;ANTIPODE_COUNT;BOARDS`
/// (the counts by distance and the listed boards, space-separated; boards
/// as JSON, which has no spaces).
pub fn result_text(r: &SpaceResult) -> String {
    let counts: Vec<String> = r.counts.iter().map(u64::to_string).collect();
    let boards: Vec<String> = r.antipodes.iter().map(Board::to_json).collect();
    format!(
        "explored {};{};{}",
        counts.join(" "),
        r.antipode_count,
        boards.join(" ")
    )
}

/// Reads [`result_text`] for `goal`, checking it against what the goal's
/// shape allows: the counts add up to (W·H)!/2, the first count is the
/// goal alone, the boards are of the goal's shape and at most the count.
pub fn parse_result(goal: &Board, text: &str) -> Result<SpaceResult, String> {
    let bad = || format!("the worker sent a malformed result {:?}", short(text));
    let rest = text.strip_prefix("explored ").ok_or_else(bad)?;
    let mut parts = rest.split(';');
    let (Some(counts), Some(count), Some(boards), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad());
    };
    let counts = counts
        .split(' ')
        .map(|n| n.parse::<u64>().map_err(|_| bad()))
        .collect::<Result<Vec<u64>, String>>()?;
    let antipode_count = count.parse::<u64>().map_err(|_| bad())?;
    let antipodes = boards
        .split(' ')
        .filter(|b| !b.is_empty())
        .map(|b| {
            crate::engine::parse_board(b)
                .ok()
                .filter(|b| b.shape() == goal.shape())
                .ok_or_else(bad)
        })
        .collect::<Result<Vec<Board>, String>>()?;
    let states = counts.iter().fold(0u64, |a, &c| a.saturating_add(c));
    let fits = counts.first() == Some(&1)
        && states == boards_of(goal.shape())
        && counts.last() == Some(&antipode_count)
        && antipodes.len() as u64 <= antipode_count
        && antipodes.len() <= HARDEST_SHOWN;
    if !fits {
        return Err(format!(
            "the worker's result does not add up for a {} goal ({} boards by distance, {states} in all)",
            goal.shape().name(),
            counts.len()
        ));
    }
    Ok(SpaceResult {
        goal: *goal,
        counts,
        antipodes,
        antipode_count,
    })
}

/// The first 80 characters, for an error message.
pub(super) fn short(text: &str) -> String {
    text.chars().take(80).collect()
}

/// The job a streaming search worker runs.
enum SpaceJob {
    /// The task's goal text, not yet read (the table is allocated in the
    /// first slice, so a refusal is the job's error).
    Pending(String),
    /// The search, between slices.
    Running(Box<SpaceSearch>),
}

/// A worker's side of `space GOAL`: the engine's [`SpaceSearch`], in
/// slices of at least [`SPACE_SLICE_MS`]. Nothing outlives the job.
#[derive(Default)]
pub struct SpaceWorker {
    job: Option<SpaceJob>,
}

impl SpaceWorker {
    /// Takes `space GOAL`; a job in progress is dropped.
    pub fn begin(&mut self, task: &str) -> Result<(), String> {
        let goal = task
            .strip_prefix("space ")
            .ok_or_else(|| format!("malformed task {:?}", short(task)))?;
        self.job = Some(SpaceJob::Pending(goal.to_string()));
        Ok(())
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
    pub fn step(&mut self, clock: Clock<'_>) -> Option<Reply> {
        match self.job.take()? {
            SpaceJob::Pending(text) => {
                let made = parse_space_goal(&text).and_then(|g| SpaceSearch::new(&g));
                Some(match made {
                    Ok(search) => {
                        let reply = Reply::Progress(progress_text(&search.progress()));
                        self.job = Some(SpaceJob::Running(Box::new(search)));
                        reply
                    }
                    Err(e) => Reply::Error(e.to_string()),
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
                        Some(r) => Reply::Done(result_text(r)),
                        None => Reply::Error("the search ended without a result".into()),
                    });
                }
                let reply = Reply::Progress(progress_text(&search.progress()));
                self.job = Some(SpaceJob::Running(search));
                Some(reply)
            }
        }
    }
}
