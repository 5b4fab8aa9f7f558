//! The State space tab's depth table: the engine's exact table
//! ([`depth_table_chunk`]) over every start that reaches the goal, cut into
//! rank-range tasks for Web Workers (or run one rank at a time on the page's
//! thread where a browser has no workers). Partial totals merge in any
//! order; the table is shown only once every start is in.

use super::common::Clock;
use crate::engine::contract::lab::{DepthPartial, DepthSearches, DepthTotals};
use crate::engine::{
    contract::{parse_key, Goal, STATES},
    Board,
};

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

/// A partial as text: nine numbers per depth (starts, four expansion sums,
/// four generated sums), for a worker's answer.
pub fn partial_to_text(p: &DepthPartial) -> String {
    let mut out = Vec::with_capacity(p.by_depth.len() * 9);
    for t in &p.by_depth {
        out.push(t.starts);
        out.extend(t.expansions);
        out.extend(t.generated);
    }
    out.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

/// Reads [`partial_to_text`].
pub fn partial_from_text(text: &str) -> Result<DepthPartial, String> {
    let numbers: Vec<u64> = text
        .split_whitespace()
        .map(|t| {
            t.parse::<u64>()
                .map_err(|_| format!("a depth answer's {t:?} is not a number"))
        })
        .collect::<Result<_, _>>()?;
    if !numbers.len().is_multiple_of(9) {
        return Err(format!(
            "a depth answer has {} numbers, not nine per depth",
            numbers.len()
        ));
    }
    let by_depth = numbers
        .chunks(9)
        .map(|n| DepthTotals {
            starts: n[0],
            expansions: [n[1], n[2], n[3], n[4]],
            generated: [n[5], n[6], n[7], n[8]],
        })
        .collect();
    Ok(DepthPartial { by_depth })
}

/// A depth task's text after its kind: goal key, first rank, end rank.
pub fn depth_task(goal: &Board, lo: u32, hi: u32) -> String {
    format!("{} {lo} {hi}", goal.key_string())
}

/// Runs a depth task (what a worker does): the partial of its ranks as text.
pub fn run_depth_task(text: &str) -> Result<String, String> {
    let mut parts = text.split(' ');
    let key = parts.next().unwrap_or_default();
    let goal = parse_key(key)
        .ok()
        .and_then(Board::from_packed)
        .ok_or(format!("a depth task's goal {key:?} is not a board"))?;
    let mut rank = || -> Result<u32, String> {
        let t = parts.next().ok_or("a depth task without its rank range")?;
        t.parse::<u32>()
            .map_err(|_| format!("a depth task's rank {t:?} is not a number"))
    };
    let (lo, hi) = (rank()?, rank()?);
    let partial = DepthSearches::new(&Goal::new(goal))
        .run(lo..hi)
        .map_err(|e| e.to_string())?;
    Ok(partial_to_text(&partial))
}

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
    pub fn plan(&self) -> Vec<String> {
        let goal = self.goal.board();
        (0..self.answered.len() as u32)
            .map(|i| {
                let lo = i * DEPTH_RANKS_PER_TASK;
                let hi = (lo + DEPTH_RANKS_PER_TASK).min(STATES as u32);
                format!("depth {}", depth_task(goal, lo, hi))
            })
            .collect()
    }

    /// Merges the answer to task `index`; a repeated or late answer is
    /// ignored.
    pub fn absorb(&mut self, index: usize, answer: &str) -> Result<(), String> {
        if !self.is_running() || self.answered.get(index) != Some(&false) {
            return Ok(());
        }
        let part = partial_from_text(answer)?;
        self.answered[index] = true;
        self.partial.merge(&part);
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
