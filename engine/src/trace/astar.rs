//! The whole A* search as records ([`AstarTrace`]), with its CSV and JSON
//! export.

use super::record::{PopRecord, Recorder};
use crate::astar::{Solver, Stats};
use crate::board::Board;
use crate::budget::Budget;
use crate::goal::Goal;
use crate::solvability::ParityProof;
use std::fmt::Write;

/// The whole A* search for one input, pop by pop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AstarTrace {
    /// Every pop, in order.
    pub records: Vec<PopRecord>,
    /// The counters at the end.
    pub stats: Stats,
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
    })
}

pub(super) fn key_text(key: u64) -> String {
    format!("{key:09x}")
}

impl AstarTrace {
    /// The CSV export: a header row
    /// `event,kind,f,h,key,seq,g,parent,pushed`, then one row per pop;
    /// `parent` is empty for the start, `pushed` is the pushed keys
    /// separated by single spaces. Every line ends with `\n`.
    pub fn to_csv(&self) -> String {
        let mut out = String::from("event,kind,f,h,key,seq,g,parent,pushed\n");
        for r in &self.records {
            let e = &r.entry;
            let _ = write!(
                out,
                "{},{},{},{},{},{},{},",
                r.event,
                r.kind.name(),
                e.f(),
                e.h,
                key_text(e.key),
                e.seq,
                e.g
            );
            if let Some((_, key)) = r.parent {
                out.push_str(&key_text(key));
            }
            out.push(',');
            for (i, p) in r.pushed.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                out.push_str(&key_text(p.key));
            }
            out.push('\n');
        }
        out
    }

    /// The JSON export: `{"events":[{"event":1,"kind":"expanded","f":2,
    /// "h":2,"key":"123456078","seq":0,"g":0,"parent":null,"pushed":[…]},…]}`
    /// on one line, ending with `\n`. Keys are strings (they may start with
    /// 0); `parent` is `null` for the start.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\"events\":[");
        for (i, r) in self.records.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let e = &r.entry;
            let _ = write!(
                out,
                "{{\"event\":{},\"kind\":\"{}\",\"f\":{},\"h\":{},\"key\":\"{}\",\"seq\":{},\"g\":{},\"parent\":",
                r.event,
                r.kind.name(),
                e.f(),
                e.h,
                key_text(e.key),
                e.seq,
                e.g
            );
            match r.parent {
                Some((_, key)) => {
                    let _ = write!(out, "\"{}\"", key_text(key));
                }
                None => out.push_str("null"),
            }
            out.push_str(",\"pushed\":[");
            for (j, p) in r.pushed.iter().enumerate() {
                if j > 0 {
                    out.push(',');
                }
                let _ = write!(out, "\"{}\"", key_text(p.key));
            }
            out.push_str("]}");
        }
        out.push_str("]}\n");
        out
    }
}
