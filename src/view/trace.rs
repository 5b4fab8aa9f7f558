//! The Trace tab: the contract A* driven one pop at a time (forward, back,
//! or to event N), with what each pop did, the search tree's data and the
//! homework checker; or IDA* stepped board by board. Everything reads the
//! engine's own searches ([`TraceStepper`](crate::engine::TraceStepper)
//! replays the engine's A* to go back), so a trace always ends where the
//! solver ends.

mod astar;
mod ida;
mod lines;
mod tree;
#[cfg(test)]
mod tree_tests;

pub use astar::Trace;
pub use ida::{IdaTrace, IdaView, IterationLine};
pub use lines::{
    EntryLine, LatestBoards, NeighbourLine, NodeKind, SmallBoard, TraceLine, TraceView,
    TreeNodeView, TreeView, LOG_SHOWN, TREE_LIMIT,
};
pub use tree::{
    decimal, node_size, tidy_layout, tree_key, NodeSize, PathView, TreeKey, Viewport, BOARD_CELL,
    BOARD_LIMIT, BOARD_NODE, MARK_NODE, PICK_HINT, TREE_KEYS,
};

use super::Inputs;
use crate::engine::parse_request;

/// Which search the Trace tab steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TraceAlgorithm {
    /// The contract A*.
    #[default]
    AStar,
    /// IDA* with Manhattan.
    IdaStar,
}

impl TraceAlgorithm {
    /// The value of the page's choice (`astar` or `idastar`).
    pub fn key(self) -> &'static str {
        match self {
            TraceAlgorithm::AStar => "astar",
            TraceAlgorithm::IdaStar => "idastar",
        }
    }

    /// The choice a value names.
    pub fn from_key(key: &str) -> Option<TraceAlgorithm> {
        [TraceAlgorithm::AStar, TraceAlgorithm::IdaStar]
            .into_iter()
            .find(|a| a.key() == key)
    }
}

/// A trace export's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// One header row and one row per event.
    Csv,
    /// One object with `events` (and `iterations` for IDA*).
    Json,
}

/// A file to download.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Download {
    /// Suggested file name.
    pub name: String,
    /// MIME type.
    pub mime: &'static str,
    /// The bytes, as text.
    pub text: String,
}

/// The Trace tab's state: the trace of the current inputs, if one is open.
#[derive(Default)]
pub struct TracePanel {
    trace: Option<Trace>,
    ida: Option<IdaTrace>,
    algorithm: TraceAlgorithm,
    check: Option<String>,
    jump_error: Option<String>,
}

/// The Trace tab.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TraceTabView {
    /// The chosen search.
    pub algorithm: TraceAlgorithm,
    /// The A* trace, when the inputs are valid and A* is chosen.
    pub view: Option<TraceView>,
    /// The IDA* trace, when the inputs are valid and IDA* is chosen.
    pub ida: Option<IdaView>,
    /// Why there is no trace, when there is none.
    pub note: String,
    /// The homework check's answer.
    pub check: Option<String>,
    /// Why the jump field's value was refused.
    pub jump_error: Option<String>,
}

impl TracePanel {
    /// Drops the trace: it searched the old inputs.
    pub fn on_edit(&mut self) {
        self.trace = None;
        self.ida = None;
        self.check = None;
        self.jump_error = None;
    }

    /// Begins the trace again from `inputs` (none when they are invalid).
    pub fn reset(&mut self, inputs: &Inputs) {
        self.on_edit();
        let Ok(r) = parse_request(&inputs.start, &inputs.goal, &inputs.budget) else {
            return;
        };
        match self.algorithm {
            TraceAlgorithm::AStar => self.trace = Some(Trace::new(r.start, r.goal, r.budget)),
            TraceAlgorithm::IdaStar => self.ida = Some(IdaTrace::new(r.start, r.goal, r.budget)),
        }
    }

    /// Begins a trace if none is open.
    pub fn ensure(&mut self, inputs: &Inputs) {
        if self.trace.is_none() && self.ida.is_none() {
            self.reset(inputs);
        }
    }

    /// Chooses A* or IDA*; the trace begins again.
    pub fn set_algorithm(&mut self, inputs: &Inputs, algorithm: TraceAlgorithm) {
        if algorithm != self.algorithm {
            self.algorithm = algorithm;
            self.reset(inputs);
        }
    }

    /// One pop (or one board entered, for IDA*).
    pub fn step(&mut self, inputs: &Inputs) {
        self.ensure(inputs);
        self.jump_error = None;
        if let Some(t) = self.trace.as_mut() {
            t.step();
        }
        if let Some(t) = self.ida.as_mut() {
            t.step();
        }
    }

    /// One event back.
    pub fn back(&mut self, inputs: &Inputs) {
        self.ensure(inputs);
        self.jump_error = None;
        if let Some(t) = self.trace.as_mut() {
            t.back();
        }
        if let Some(t) = self.ida.as_mut() {
            let k = t.events();
            t.seek(k.saturating_sub(1));
        }
    }

    /// Goes to the event the jump field names.
    pub fn jump(&mut self, inputs: &Inputs, text: &str) {
        self.ensure(inputs);
        let t = text.trim();
        match t.parse::<u32>() {
            Ok(k) => {
                self.jump_error = None;
                if let Some(tr) = self.trace.as_mut() {
                    tr.seek(k);
                }
                if let Some(tr) = self.ida.as_mut() {
                    tr.seek(u64::from(k));
                }
            }
            Err(_) => {
                self.jump_error = Some(format!(
                    "the event \"{t}\" is not a whole number; enter 0 (before the first pop) or an event number"
                ));
            }
        }
    }

    /// Picks the A* tree's node with this seq: its path from the start.
    pub fn pick(&mut self, seq: u32) {
        if let Some(t) = self.trace.as_mut() {
            t.pick(seq);
        }
    }

    /// Runs to the end.
    pub fn run(&mut self, inputs: &Inputs) {
        self.ensure(inputs);
        self.jump_error = None;
        if let Some(t) = self.trace.as_mut() {
            t.run_to_end();
        }
        if let Some(t) = self.ida.as_mut() {
            t.run_to_end();
        }
    }

    /// Performs up to `n` pops (a link reopening a trace).
    pub fn run_events(&mut self, inputs: &Inputs, n: usize) {
        self.ensure(inputs);
        if let Some(t) = self.trace.as_mut() {
            t.seek(n as u32);
        }
        if let Some(t) = self.ida.as_mut() {
            t.seek(n as u64);
        }
    }

    /// Events so far.
    pub fn events(&self) -> usize {
        match (&self.trace, &self.ida) {
            (Some(t), _) => t.event() as usize,
            (_, Some(t)) => t.events() as usize,
            _ => 0,
        }
    }

    /// The whole search for the current inputs, as a file.
    pub fn export(&mut self, inputs: &Inputs, format: ExportFormat) -> Option<Download> {
        self.ensure(inputs);
        let json = format == ExportFormat::Json;
        let text = match (self.trace.as_mut(), self.ida.as_ref()) {
            (Some(t), _) if json => t.export_json()?,
            (Some(t), _) => t.export_csv()?,
            (_, Some(t)) => t.export(json)?,
            _ => return None,
        };
        Some(Download {
            name: format!(
                "trace-{}.{}",
                self.algorithm.key(),
                if json { "json" } else { "csv" }
            ),
            mime: if json { "application/json" } else { "text/csv" },
            text,
        })
    }

    /// The homework checker: pasted pops against the contract A* order.
    pub fn check(&mut self, inputs: &Inputs, pasted: &str) {
        if self.algorithm != TraceAlgorithm::AStar {
            self.algorithm = TraceAlgorithm::AStar;
            self.reset(inputs);
        }
        self.ensure(inputs);
        self.check = Some(match self.trace.as_mut() {
            Some(t) => t.check(pasted),
            None => "Nothing checked: the inputs are not valid.".into(),
        });
    }

    /// The tab's contents.
    pub fn view(&mut self) -> TraceTabView {
        let note = if self.trace.is_none() && self.ida.is_none() {
            "No trace: the inputs are not valid. Fix them, then press Step.".to_string()
        } else {
            String::new()
        };
        TraceTabView {
            algorithm: self.algorithm,
            view: self.trace.as_mut().map(Trace::view),
            ida: self.ida.as_ref().map(IdaTrace::view),
            note,
            check: self.check.clone(),
            jump_error: self.jump_error.clone(),
        }
    }
}
