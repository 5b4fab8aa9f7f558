//! The A* trace: the contract search driven one pop at a time, with what
//! each pop did, for people to follow. It runs the engine's own [`Search`]
//! (the solver's code path), so it always ends where the solver ends.

use super::Inputs;
use crate::engine::{
    parse_request, Board, Budget, Entry, Event, Goal, Outcome, ParityProof, SolveError, Solver,
    Verdict,
};

/// How many log lines the page shows (the newest).
pub const LOG_SHOWN: usize = 40;

/// A frontier entry as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryLine {
    /// Nine-digit key, e.g. `123456708`.
    pub key: String,
    /// f = g + h.
    pub f: u32,
    /// Manhattan h.
    pub h: u32,
    /// Path cost g.
    pub g: u32,
    /// Insertion sequence number.
    pub seq: u32,
}

impl EntryLine {
    fn of(e: &Entry) -> EntryLine {
        EntryLine {
            key: e.key_string(),
            f: e.f(),
            h: e.h,
            g: e.g,
            seq: e.seq,
        }
    }

    /// `(f 2, h 1, key 123456708, seq 2), g 1`.
    pub fn text(&self) -> String {
        format!(
            "(f {}, h {}, key {}, seq {}), g {}",
            self.f, self.h, self.key, self.seq, self.g
        )
    }
}

/// One generated neighbour as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NeighbourLine {
    /// The blank's move.
    pub mv: &'static str,
    /// The neighbour.
    pub entry: EntryLine,
    /// Pushed (g strictly improved) or not.
    pub pushed: bool,
}

impl NeighbourLine {
    /// `Right → 123456708 f 2 h 1 g 1: pushed as seq 2`.
    pub fn text(&self) -> String {
        let e = &self.entry;
        if self.pushed {
            format!(
                "{} → {} (f {}, h {}, g {}): pushed as seq {}",
                self.mv, e.key, e.f, e.h, e.g, e.seq
            )
        } else {
            format!(
                "{} → {} (f {}, h {}, g {}): not improved, not pushed",
                self.mv, e.key, e.f, e.h, e.g
            )
        }
    }
}

/// What one pop did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceLine {
    /// 1-based event number.
    pub number: usize,
    /// `expanded`, `stale (skipped)`, `goal (accepted)` or `budget reached (not expanded)`.
    pub kind: &'static str,
    /// The popped entry.
    pub popped: EntryLine,
    /// Its neighbours, for an expansion.
    pub neighbours: Vec<NeighbourLine>,
    /// Expansions after this event.
    pub expansions: u32,
}

impl TraceLine {
    /// One line: `3. pop (f 2, h 0, key 123456780, seq 4), g 2: goal (accepted)`.
    pub fn text(&self) -> String {
        format!("{}. pop {}: {}", self.number, self.popped.text(), self.kind)
    }
}

/// A trace in progress.
pub struct Trace {
    solver: Solver,
    goal: Goal,
    start: Board,
    budget: Budget,
    parity: Option<ParityProof>,
    log: Vec<TraceLine>,
    board: Board,
}

/// Everything the trace panel shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceView {
    /// The newest [`LOG_SHOWN`] events, oldest first.
    pub log: Vec<String>,
    /// How many older events are not shown.
    pub log_hidden: usize,
    /// The newest event in full.
    pub latest: Option<TraceLine>,
    /// "Expansions 1 of budget 1".
    pub expansions: String,
    /// Frontier size (stale entries included) and closed (expanded) count.
    pub frontier: String,
    /// The next five frontier entries in priority order.
    pub next: Vec<String>,
    /// Where the trace stands, and why.
    pub status: String,
    /// The board to draw: the latest popped board, or the start.
    pub board: [u8; 9],
    /// Whether the trace has ended.
    pub finished: bool,
}

impl Trace {
    /// Begins a trace of `start` → `goal` under `budget`.
    pub fn new(start: Board, goal: Goal, budget: Budget) -> Trace {
        let mut solver = Solver::new();
        let parity = solver.search(&start, &goal, budget).err();
        Trace {
            solver,
            goal,
            start,
            budget,
            parity,
            log: Vec::new(),
            board: start,
        }
    }

    /// Whether the search has ended (or never started: unsolvable).
    pub fn is_finished(&mut self) -> bool {
        self.parity.is_some()
            || self
                .solver
                .resume(&self.goal)
                .is_none_or(|s| s.is_finished())
    }

    /// Performs one pop. Returns false once the search has ended.
    pub fn step(&mut self) -> bool {
        if self.parity.is_some() {
            return false;
        }
        let Some(mut search) = self.solver.resume(&self.goal) else {
            return false;
        };
        let event = search.step();
        let expansions = search.stats().expansions;
        let (kind, entry, neighbours) = match event {
            Event::Finished => return false,
            Event::Stale(e) => ("stale (skipped)", e, Vec::new()),
            Event::GoalAccepted(e) => ("goal (accepted)", e, Vec::new()),
            Event::BudgetExceeded(e) => ("budget reached (not expanded)", e, Vec::new()),
            Event::Expanded { entry, neighbours } => (
                "expanded",
                entry,
                neighbours
                    .iter()
                    .map(|n| NeighbourLine {
                        mv: n.mv.name(),
                        entry: EntryLine::of(&n.entry),
                        pushed: n.pushed,
                    })
                    .collect(),
            ),
        };
        self.board = entry.board();
        self.log.push(TraceLine {
            number: self.log.len() + 1,
            kind,
            popped: EntryLine::of(&entry),
            neighbours,
            expansions,
        });
        true
    }

    /// Steps until the search ends.
    pub fn run_to_end(&mut self) {
        while self.step() {}
    }

    /// Every event so far.
    pub fn log(&self) -> &[TraceLine] {
        &self.log
    }

    /// The search's outcome so far (the same value the solver returns once
    /// the trace has ended).
    pub fn outcome(&mut self) -> Result<Outcome, SolveError> {
        match self.solver.resume(&self.goal) {
            Some(search) => search.outcome(),
            // No search was begun: the parity check refused it, and the
            // solver reports that verdict itself without searching.
            None => self.solver.solve(&self.start, &self.goal, self.budget),
        }
    }

    /// The panel's contents.
    pub fn view(&mut self) -> TraceView {
        let hidden = self.log.len().saturating_sub(LOG_SHOWN);
        let log = self.log[hidden..].iter().map(TraceLine::text).collect();
        let latest = self.log.last().cloned();
        let budget = self.budget.get();
        if let Some(p) = self.parity {
            return TraceView {
                log,
                log_hidden: hidden,
                latest,
                expansions: format!("Expansions 0 of budget {budget}"),
                frontier: "Frontier: empty (no search)".into(),
                next: Vec::new(),
                status: format!(
                    "No search: the start has {} inversions and the goal {}; their parity differs, so the goal is unreachable.",
                    p.start, p.goal
                ),
                board: self.start.cells(),
                finished: true,
            };
        }
        let board = self.board.cells();
        let Some(search) = self.solver.resume(&self.goal) else {
            return TraceView {
                log,
                log_hidden: hidden,
                latest,
                expansions: String::new(),
                frontier: String::new(),
                next: Vec::new(),
                status: "The trace was reset.".into(),
                board,
                finished: true,
            };
        };
        let stats = search.stats();
        let finished = search.is_finished();
        let next = search
            .frontier_preview(5)
            .iter()
            .map(|e| EntryLine::of(e).text())
            .collect();
        let frontier = format!(
            "Frontier: {} entries (stale ones included); closed (expanded): {}",
            search.frontier_len(),
            stats.expansions
        );
        let status = match (self.log.last(), search.outcome()) {
            (None, _) => "Ready: Step pops the first frontier entry, the start.".to_string(),
            (Some(_), Err(e)) => e.to_string(),
            (Some(line), Ok(out)) => match (&out.verdict, finished) {
                (Verdict::Solved(s), true) => format!(
                    "Goal accepted when popped: Solved, cost {}, after {} expansions — the same result as Solve.",
                    s.cost, stats.expansions
                ),
                (Verdict::Unknown(r), true) => format!(
                    "Stopped: {} expansions had reached the budget of {budget}, so {} was popped but not expanded. Unknown ({}): the search is unfinished, which does not mean there is no solution.",
                    stats.expansions,
                    line.popped.key,
                    r.name()
                ),
                _ => format!(
                    "Running: {} events so far. Step pops the next entry; Run to end finishes the search.",
                    self.log.len()
                ),
            },
        };
        TraceView {
            log,
            log_hidden: hidden,
            latest,
            expansions: format!("Expansions {} of budget {budget}", stats.expansions),
            frontier,
            next,
            status,
            board,
            finished,
        }
    }
}

/// The Trace tab's state: the trace of the current inputs, if one is open.
#[derive(Default)]
pub struct TracePanel {
    trace: Option<Trace>,
}

/// The Trace tab.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TraceTabView {
    /// The trace, when the inputs are valid.
    pub view: Option<TraceView>,
    /// Why there is no trace, when there is none.
    pub note: String,
}

impl TracePanel {
    /// Drops the trace: it searched the old inputs.
    pub fn on_edit(&mut self) {
        self.trace = None;
    }

    /// Begins the trace again from `inputs` (none when they are invalid).
    pub fn reset(&mut self, inputs: &Inputs) {
        self.trace = parse_request(&inputs.start, &inputs.goal, &inputs.budget)
            .ok()
            .map(|r| Trace::new(r.start, r.goal, r.budget));
    }

    /// Begins a trace if none is open.
    pub fn ensure(&mut self, inputs: &Inputs) {
        if self.trace.is_none() {
            self.reset(inputs);
        }
    }

    /// One pop.
    pub fn step(&mut self, inputs: &Inputs) {
        self.ensure(inputs);
        if let Some(t) = self.trace.as_mut() {
            t.step();
        }
    }

    /// Runs to the end.
    pub fn run(&mut self, inputs: &Inputs) {
        self.ensure(inputs);
        if let Some(t) = self.trace.as_mut() {
            t.run_to_end();
        }
    }

    /// Performs up to `n` pops (a link reopening a trace).
    pub fn run_events(&mut self, inputs: &Inputs, n: usize) {
        self.ensure(inputs);
        if let Some(t) = self.trace.as_mut() {
            for _ in 0..n {
                if !t.step() {
                    break;
                }
            }
        }
    }

    /// Events so far.
    pub fn events(&self) -> usize {
        self.trace.as_ref().map_or(0, |t| t.log().len())
    }

    /// The tab's contents.
    pub fn view(&mut self) -> TraceTabView {
        match self.trace.as_mut() {
            Some(t) => TraceTabView {
                view: Some(t.view()),
                note: String::new(),
            },
            None => TraceTabView {
                view: None,
                note: "No trace: the inputs are not valid. Fix them, then press Step.".into(),
            },
        }
    }
}
