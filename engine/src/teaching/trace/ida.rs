//! The whole IDA* search (Manhattan) as events ([`IdaTrace`]), with its CSV
//! and JSON export.

use super::csv_rows::csv_text;
use super::export::{json_text, IdaJson, IdaRow, IterationRow};
use crate::board::Board;
use crate::contract::Budget;
use crate::contract::Goal;
use crate::solvability::ParityProof;
use crate::teaching::ida::{IdaEvent, IdaSearch, Iteration};

/// The whole IDA* search (Manhattan) for one input, event by event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdaTrace {
    /// Every board entered, in order.
    pub events: Vec<IdaEvent>,
    /// Every iteration, in order.
    pub iterations: Vec<Iteration>,
}

/// Runs IDA* from `start` to `goal` with `budget` expansions to its end and
/// records every event; the parity proof instead when no search runs.
pub fn ida_trace(start: &Board, goal: &Goal, budget: Budget) -> Result<IdaTrace, ParityProof> {
    let mut ida = IdaSearch::new(start, goal, u64::from(budget.get()))?;
    let mut events = Vec::new();
    while let Some(e) = ida.step() {
        events.push(e);
    }
    Ok(IdaTrace {
        events,
        iterations: ida.iterations().to_vec(),
    })
}

impl IdaTrace {
    /// The CSV export: a header row
    /// `event,iteration,bound,kind,f,h,key,g,parent,next_bound`, then one
    /// row per board entered; `parent` is empty for the start, `next_bound`
    /// (the smallest f over the bound so far in the iteration) empty while
    /// there is none. Every line ends with `\n`. The iterations are in the
    /// JSON export (and recoverable from the `iteration`/`bound` columns).
    pub fn to_csv(&self) -> String {
        csv_text(
            "event,iteration,bound,kind,f,h,key,g,parent,next_bound",
            self.events.iter().map(IdaRow::of),
        )
    }

    /// The JSON export: `{"events":[{"event":1,"iteration":1,"bound":2,
    /// "kind":"expanded","f":2,"h":2,"key":"123456078","g":0,"parent":null,
    /// "next_bound":null},…],"iterations":[{"threshold":2,"generated":4},…]}`
    /// on one line, ending with `\n`.
    pub fn to_json(&self) -> String {
        json_text(&IdaJson {
            events: self.events.iter().map(IdaRow::of).collect(),
            iterations: self.iterations.iter().map(IterationRow::of).collect(),
        })
    }
}
