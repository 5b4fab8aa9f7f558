//! The State space tab's depth table: the engine's exact table
//! ([`depth_table_chunk`]) over every start that reaches the goal, cut into
//! rank-range tasks for Web Workers (or run one rank at a time on the page's
//! thread where a browser has no workers). Partial totals merge in any
//! order; the table is shown only once every start is in.

use super::common::Clock;
use crate::engine::contract::{Goal, STATES};
use crate::engine::teaching::lab::{DepthPartial, DepthSearches};
use crate::task::{unexpected, Answer, Task};

/// Ranks per worker task: about 512 starts, well under a second of work
/// for a worker, so progress moves and Cancel loses little.
pub const DEPTH_RANKS_PER_TASK: u32 = 1_024;

/// The depth table's column headings (the last four name the searches, in
/// the engine's `DEPTH_ALGORITHMS` order).
pub const DEPTH_HEADINGS: [&str; 6] = [
    "Depth",
    "Starts",
    "A* misplaced",
    "A* Manhattan",
    "A* linear conflict",
    "IDA* Manhattan",
];

/// Tenths of `sum / n`, rounded half up, as "12.3" (integers only: no
/// float formatter in the wasm).
pub fn mean_tenths(sum: u64, n: u64) -> String {
    match (sum * 10 + n / 2).checked_div(n) {
        Some(t) => format!("{}.{}", t / 10, t % 10),
        None => "—".into(),
    }
}

/// `x` with three decimals, rounded (b*).
fn thousandths(x: f64) -> String {
    let m = (x * 1000.0).round().max(0.0) as u64;
    format!("{}.{:03}", m / 1000, m % 1000)
}

/// The table's rows as the page shows them: depth, starts, then per search
/// "mean expansions / mean generated / b*" (b* "—" at depth 0), the CLI's
/// table.
pub fn depth_rows(p: &DepthPartial) -> Vec<[String; 6]> {
    p.rows()
        .iter()
        .map(|r| {
            let t = &p.by_depth[r.depth as usize];
            let cell = |i: usize| {
                format!(
                    "{} / {} / {}",
                    mean_tenths(t.expansions[i], t.starts),
                    mean_tenths(t.generated[i], t.starts),
                    r.algorithms[i].branching.map_or("—".into(), thousandths)
                )
            };
            [
                r.depth.to_string(),
                r.starts.to_string(),
                cell(0),
                cell(1),
                cell(2),
                cell(3),
            ]
        })
        .collect()
}

/// A depth table being computed.
pub struct DepthRun {
    goal: Goal,
    total: u64,
    partial: DepthPartial,
    answered: Vec<bool>,
    cancelled: bool,
    error: Option<String>,
    /// The next rank of the page-thread fallback, and its searches.
    cursor: u32,
    searches: Option<DepthSearches>,
    seconds: Option<String>,
}

impl DepthRun {
    /// A run over every start that reaches `goal` (half of the 9! boards).
    pub fn new(goal: Goal) -> DepthRun {
        DepthRun {
            goal,
            total: STATES as u64 / 2,
            partial: DepthPartial::default(),
            answered: vec![false; STATES.div_ceil(DEPTH_RANKS_PER_TASK as usize)],
            cancelled: false,
            error: None,
            cursor: 0,
            searches: None,
            seconds: None,
        }
    }

    /// The tasks for workers, in rank order, each with its kind.
    pub fn plan(&self) -> Vec<Task> {
        let goal = *self.goal.board();
        (0..self.answered.len() as u32)
            .map(|i| {
                let lo = i * DEPTH_RANKS_PER_TASK;
                let hi = (lo + DEPTH_RANKS_PER_TASK).min(STATES as u32);
                Task::Depth { goal, lo, hi }
            })
            .collect()
    }

    /// Merges the answer to task `index`; a repeated or late answer is
    /// ignored.
    pub fn absorb(&mut self, index: usize, answer: &Answer) -> Result<(), String> {
        if !self.is_running() || self.answered.get(index) != Some(&false) {
            return Ok(());
        }
        let Answer::Depth(part) = answer else {
            return Err(unexpected(answer));
        };
        self.answered[index] = true;
        self.partial.merge(part);
        Ok(())
    }

    /// The page-thread fallback: one rank at a time until `slice_ms` have
    /// passed on `clock` (at least one rank).
    pub fn work(&mut self, slice_ms: f64, clock: Clock<'_>) {
        let t0 = clock();
        let goal = &self.goal;
        let searches = self
            .searches
            .get_or_insert_with(|| DepthSearches::new(goal));
        while self.cursor < STATES as u32 && !self.cancelled && self.error.is_none() {
            match searches.run(self.cursor..self.cursor + 1) {
                Ok(part) => self.partial.merge(&part),
                Err(e) => self.error = Some(e.to_string()),
            }
            self.cursor += 1;
            if clock() - t0 >= slice_ms {
                break;
            }
        }
    }

    /// Stops the run with `error` (a worker's failure).
    pub fn fail(&mut self, error: &str) {
        self.error = Some(error.to_string());
    }

    /// Stops the run; nothing of it is shown as a table.
    pub fn cancel(&mut self) {
        self.cancelled = true;
    }

    /// Starts done and in all.
    pub fn progress(&self) -> (u64, u64) {
        (self.partial.starts(), self.total)
    }

    /// Whether every start is in.
    pub fn is_complete(&self) -> bool {
        self.error.is_none() && !self.cancelled && self.partial.starts() == self.total
    }

    /// Whether the run still works.
    pub fn is_running(&self) -> bool {
        !self.cancelled && self.error.is_none() && self.partial.starts() < self.total
    }

    /// Records the run's wall time, shown with the finished table.
    pub fn set_ms(&mut self, ms: f64) {
        let tenths = (ms / 100.0).round().max(0.0) as u64;
        self.seconds = Some(format!("{}.{}", tenths / 10, tenths % 10));
    }

    /// The merged totals (the whole table once complete).
    pub fn partial(&self) -> &DepthPartial {
        &self.partial
    }

    /// The view of this run.
    pub fn view(&self, note: &str) -> DepthView {
        let (done, total) = self.progress();
        let complete = self.is_complete();
        let status = if let Some(e) = &self.error {
            format!("Stopped after {done} of {total} starts: {e}. No table is shown.")
        } else if self.cancelled {
            format!("Cancelled after {done} of {total} starts; a partial table would mislead, so none is shown.")
        } else if complete {
            let time = self
                .seconds
                .as_ref()
                .map_or(String::new(), |s| format!(" in {s} s"));
            format!("Done: {total} starts, every one through the four searches{time}.")
        } else {
            format!("Running: {done} of {total} starts; the table appears when every start is in.")
        };
        let (rows, chart) = if complete {
            let chart = DEPTH_HEADINGS[2..]
                .iter()
                .enumerate()
                .map(|(i, name)| {
                    let tenths = self
                        .partial
                        .by_depth
                        .iter()
                        .map(|t| (t.generated[i] * 10 + t.starts / 2) / t.starts.max(1))
                        .collect();
                    (name.to_string(), tenths)
                })
                .collect();
            (depth_rows(&self.partial), chart)
        } else {
            (Vec::new(), Vec::new())
        };
        DepthView {
            progress: (done, total),
            running: self.is_running(),
            status,
            note: note.to_string(),
            rows,
            chart,
        }
    }
}

/// The depth table's part of the State space tab.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DepthView {
    /// Starts done and in all.
    pub progress: (u64, u64),
    /// Whether it runs.
    pub running: bool,
    /// What it is doing.
    pub status: String,
    /// How it runs (in how many workers, or in slices and why).
    pub note: String,
    /// The finished table's rows ([`DEPTH_HEADINGS`]); empty until complete.
    pub rows: Vec<[String; 6]>,
    /// Per search (the last four [`DEPTH_HEADINGS`]): mean nodes generated in tenths, by
    /// depth; empty until complete.
    pub chart: Vec<(String, Vec<u64>)>,
}
