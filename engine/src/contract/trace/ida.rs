//! The whole IDA* search (Manhattan) as events ([`IdaTrace`]), with its CSV
//! and JSON export.

use super::astar::key_text;
use crate::board::Board;
use crate::contract::budget::Budget;
use crate::contract::goal::Goal;
use crate::contract::ida::{IdaEvent, IdaSearch, Iteration};
use crate::solvability::ParityProof;
use std::fmt::Write;

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

fn opt(v: Option<u32>) -> String {
    v.map_or_else(String::new, |v| v.to_string())
}

impl IdaTrace {
    /// The CSV export: a header row
    /// `event,iteration,bound,kind,f,h,key,g,parent,next_bound`, then one
    /// row per board entered; `parent` is empty for the start, `next_bound`
    /// (the smallest f over the bound so far in the iteration) empty while
    /// there is none. Every line ends with `\n`. The iterations are in the
    /// JSON export (and recoverable from the `iteration`/`bound` columns).
    pub fn to_csv(&self) -> String {
        let mut out = String::from("event,iteration,bound,kind,f,h,key,g,parent,next_bound\n");
        for e in &self.events {
            let _ = writeln!(
                out,
                "{},{},{},{},{},{},{},{},{},{}",
                e.number,
                e.iteration,
                e.bound,
                e.kind.name(),
                e.node.f(),
                e.node.h,
                key_text(e.node.key),
                e.node.g,
                e.parent.map_or_else(String::new, key_text),
                opt(e.next_bound)
            );
        }
        out
    }

    /// The JSON export: `{"events":[{"event":1,"iteration":1,"bound":2,
    /// "kind":"expanded","f":2,"h":2,"key":"123456078","g":0,"parent":null,
    /// "next_bound":null},…],"iterations":[{"threshold":2,"generated":4},…]}`
    /// on one line, ending with `\n`.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\"events\":[");
        for (i, e) in self.events.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(
                out,
                "{{\"event\":{},\"iteration\":{},\"bound\":{},\"kind\":\"{}\",\"f\":{},\"h\":{},\"key\":\"{}\",\"g\":{},\"parent\":",
                e.number,
                e.iteration,
                e.bound,
                e.kind.name(),
                e.node.f(),
                e.node.h,
                key_text(e.node.key),
                e.node.g
            );
            match e.parent {
                Some(key) => {
                    let _ = write!(out, "\"{}\"", key_text(key));
                }
                None => out.push_str("null"),
            }
            out.push_str(",\"next_bound\":");
            match e.next_bound {
                Some(b) => {
                    let _ = write!(out, "{b}");
                }
                None => out.push_str("null"),
            }
            out.push('}');
        }
        out.push_str("],\"iterations\":[");
        for (i, it) in self.iterations.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(
                out,
                "{{\"threshold\":{},\"generated\":{}}}",
                it.threshold, it.generated
            );
        }
        out.push_str("]}\n");
        out
    }
}
