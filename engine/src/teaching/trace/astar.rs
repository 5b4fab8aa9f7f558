//! The whole A* search as records ([`AstarTrace`]), with its CSV and JSON
//! export.

use super::csv_rows::csv_text;
use super::export::{json_text, AstarJson, AstarRow, Spaced};
use super::record::{PopRecord, Recorder};
use super::tree::TraceStepper;
use crate::board::Board;
use crate::contract::Budget;
use crate::contract::Goal;
use crate::contract::{Solver, Stats};
use crate::moves::Metric;
use crate::solvability::ParityProof;
use crate::teaching::weighted::Weight;

/// The whole A* search for one input, pop by pop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AstarTrace {
    /// Every pop, in order.
    pub records: Vec<PopRecord>,
    /// The counters at the end.
    pub stats: Stats,
    /// The weight of a weighted search (`None`: the contract's): the `f`
    /// exported is the priority used, g + w·h.
    pub weight: Option<Weight>,
}

/// f = g + w·h as written: whole, or with `.5` (2f = 2g + 2w·h).
pub fn f_text(g: u32, h: u32, twice_w: u32) -> String {
    let twice = 2 * g + twice_w * h;
    if twice.is_multiple_of(2) {
        (twice / 2).to_string()
    } else {
        format!("{}.5", twice / 2)
    }
}

/// Runs the contract A* from `start` to `goal` under `budget` to its end and
/// records every pop; the parity proof instead when no search runs.
pub fn astar_trace(
    solver: &mut Solver,
    start: &Board,
    goal: &Goal,
    budget: Budget,
) -> Result<AstarTrace, ParityProof> {
    let mut search = solver.search(start, goal, budget)?;
    let mut rec = Recorder::new(start);
    while rec.feed(search.step()) {}
    Ok(AstarTrace {
        records: rec.records,
        stats: search.stats(),
        weight: None,
    })
}

/// Runs the weighted search with `heuristic` under `weight` to its end
/// through the [`TraceStepper`] and records every pop (the contract's trace
/// for Manhattan with w = 1).
pub fn weighted_astar_trace(
    start: &Board,
    goal: &Goal,
    budget: Budget,
    heuristic: impl Into<crate::heuristic::Heuristic>,
    weight: Weight,
) -> Result<AstarTrace, ParityProof> {
    weighted_astar_trace_in(start, goal, budget, heuristic, weight, Metric::Single)
}

/// [`weighted_astar_trace`] counting moves in `metric` (in the multi-tile
/// metric every slide of 1 or 2 tiles is one move, g counts slides).
pub fn weighted_astar_trace_in(
    start: &Board,
    goal: &Goal,
    budget: Budget,
    heuristic: impl Into<crate::heuristic::Heuristic>,
    weight: Weight,
    metric: Metric,
) -> Result<AstarTrace, ParityProof> {
    let mut stepper =
        TraceStepper::weighted_in(*start, goal.clone(), budget, heuristic, weight, metric)?;
    while stepper.step().is_some() {}
    let stats = stepper.snapshot().stats;
    Ok(AstarTrace {
        records: stepper.records().to_vec(),
        stats,
        weight: stepper.weighting().map(|(_, w)| w),
    })
}

impl AstarTrace {
    /// 2f of an entry: 2(g + h), or the weighted priority 2g + 2w·h.
    fn twice_f(&self, e: &crate::contract::Entry) -> u32 {
        match self.weight {
            None => 2 * e.f(),
            Some(w) => 2 * e.g + w.twice() * e.h,
        }
    }

    /// The CSV export: a header row
    /// `event,kind,f,h,key,seq,g,parent,pushed`, then one row per pop;
    /// `parent` is empty for the start, `pushed` is the pushed keys
    /// separated by single spaces. Every line ends with `\n`.
    pub fn to_csv(&self) -> String {
        csv_text(
            "event,kind,f,h,key,seq,g,parent,pushed",
            self.records
                .iter()
                .map(|r| AstarRow::of(r, self.twice_f(&r.entry), Spaced)),
        )
    }

    /// The JSON export: `{"events":[{"event":1,"kind":"expanded","f":2,
    /// "h":2,"key":"123456078","seq":0,"g":0,"parent":null,"pushed":[…]},…]}`
    /// on one line, ending with `\n`. Keys are strings (they may start with
    /// 0); `parent` is `null` for the start.
    pub fn to_json(&self) -> String {
        json_text(&AstarJson {
            events: self
                .records
                .iter()
                .map(|r| AstarRow::of(r, self.twice_f(&r.entry), |keys| keys))
                .collect(),
        })
    }
}
