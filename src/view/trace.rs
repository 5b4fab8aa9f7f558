//! The Trace tab: the contract A* driven one pop at a time (forward, back,
//! or to event N), with what each pop did, the search tree's data and the
//! homework checker; or IDA* stepped board by board. Everything reads the
//! engine's own searches ([`TraceStepper`] replays the engine's A* to go
//! back), so a trace always ends where the solver ends.

use super::Inputs;
use crate::engine::{
    astar_trace, check_order, ida_trace, parse_pops, parse_request, Board, Budget, Entry, Goal,
    IdaKind, IdaSearch, Outcome, ParityProof, PopKind, PopRecord, SolveError, Solver, TraceStepper,
    TreeSnapshot,
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
    /// Pops so far.
    pub event: u32,
    /// The latest popped board and its neighbours, as small boards.
    pub latest_boards: Option<LatestBoards>,
    /// The next frontier entries as small boards.
    pub next_boards: Vec<SmallBoard>,
    /// The search tree's picture data.
    pub tree: TreeView,
}

/// A board drawn small, with its caption.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmallBoard {
    /// The nine cells.
    pub cells: [u8; 9],
    /// E.g. `(f 2, h 1, key 123456708, seq 2), g 1`.
    pub caption: String,
    /// Whether it was pushed (for neighbours; true otherwise).
    pub pushed: bool,
}

/// The latest pop and what it generated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LatestBoards {
    /// The popped board.
    pub popped: SmallBoard,
    /// Its neighbours (expansions only), pushed or not and why.
    pub neighbours: Vec<SmallBoard>,
}

/// How a node of the tree picture is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// Popped and expanded.
    Expanded,
    /// Popped stale (skipped).
    Stale,
    /// The goal, popped and accepted.
    Goal,
    /// Popped when the budget was reached (not expanded).
    Cutoff,
    /// Still in the frontier (a leaf, not popped).
    Frontier,
}

impl NodeKind {
    /// The word the stylesheet keys on and the text alternative says.
    pub fn word(self) -> &'static str {
        match self {
            NodeKind::Expanded => "expanded",
            NodeKind::Stale => "stale",
            NodeKind::Goal => "goal",
            NodeKind::Cutoff => "cutoff",
            NodeKind::Frontier => "frontier",
        }
    }
}

/// One node of the tree picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNodeView {
    /// Nine-digit key.
    pub key: String,
    /// Arena sequence number (the node's identity).
    pub seq: u32,
    /// Depth g (the row).
    pub g: u32,
    /// Manhattan h.
    pub h: u32,
    /// Position in its row, and the row's length.
    pub slot: (usize, usize),
    /// The parent's index in [`TreeView::nodes`].
    pub parent: Option<usize>,
    /// How it is drawn.
    pub kind: NodeKind,
    /// The latest pop.
    pub latest: bool,
    /// On the start-to-goal path (once the goal is popped).
    pub on_goal_path: bool,
    /// The event a homework check found different.
    pub marked: bool,
}

impl TreeNodeView {
    /// The accessible name: board, f, h, g, seq and what happened.
    pub fn label(&self) -> String {
        format!(
            "board {}, f {}, h {}, g {}, seq {}: {}{}{}",
            self.key,
            self.g + self.h,
            self.h,
            self.g,
            self.seq,
            self.kind.word(),
            if self.latest { ", the latest pop" } else { "" },
            if self.on_goal_path {
                ", on the path to the goal"
            } else {
                ""
            }
        )
    }
}

/// The most nodes drawn whole; past this the picture shows the latest
/// pop's path with its siblings, and the f-contour chart.
pub const TREE_LIMIT: usize = 300;

/// The search-tree picture's data.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TreeView {
    /// Nodes (popped boards, then frontier leaves), each with its parent.
    pub nodes: Vec<TreeNodeView>,
    /// Rows: the deepest g drawn plus one.
    pub depth: u32,
    /// Whether the tree was too large and only the path with siblings is drawn.
    pub reduced: bool,
    /// What the picture shows, in one sentence.
    pub summary: String,
    /// Expansions per f value (index = f), once the tree is reduced.
    pub per_f: Vec<u32>,
    /// Expansions per g (index = g), once the tree is reduced.
    pub per_g: Vec<u32>,
}

/// A trace in progress.
pub struct Trace {
    stepper: Option<TraceStepper>,
    solver: Solver,
    goal: Goal,
    start: Board,
    budget: Budget,
    parity: Option<ParityProof>,
    marked: Option<u32>,
}

fn kind_text(kind: PopKind) -> &'static str {
    match kind {
        PopKind::Expanded => "expanded",
        PopKind::Stale => "stale (skipped)",
        PopKind::Goal => "goal (accepted)",
        PopKind::Cutoff => "budget reached (not expanded)",
    }
}

fn line_of(r: &PopRecord, expansions: u32) -> TraceLine {
    TraceLine {
        number: r.event as usize,
        kind: kind_text(r.kind),
        popped: EntryLine::of(&r.entry),
        neighbours: r
            .neighbours
            .iter()
            .map(|n| NeighbourLine {
                mv: n.mv.name(),
                entry: EntryLine::of(&n.entry),
                pushed: n.pushed,
            })
            .collect(),
        expansions,
    }
}

fn small(e: &Entry, pushed: bool) -> SmallBoard {
    SmallBoard {
        cells: e.board().three_cells(),
        caption: EntryLine::of(e).text(),
        pushed,
    }
}

impl Trace {
    /// Begins a trace of `start` → `goal` under `budget`.
    pub fn new(start: Board, goal: Goal, budget: Budget) -> Trace {
        let (stepper, parity) = match TraceStepper::new(start, goal.clone(), budget) {
            Ok(s) => (Some(s), None),
            Err(p) => (None, Some(p)),
        };
        Trace {
            stepper,
            solver: Solver::new(),
            goal,
            start,
            budget,
            parity,
            marked: None,
        }
    }

    /// Whether the search has ended (or never started: unsolvable).
    pub fn is_finished(&mut self) -> bool {
        self.stepper.as_mut().is_none_or(TraceStepper::is_finished)
    }

    /// Performs one pop. Returns false once the search has ended.
    pub fn step(&mut self) -> bool {
        self.marked = None;
        self.stepper.as_mut().is_some_and(|s| s.step().is_some())
    }

    /// One pop back: the engine's search replayed from the start to the
    /// previous event.
    pub fn back(&mut self) {
        self.marked = None;
        if let Some(s) = self.stepper.as_mut() {
            s.back();
        }
    }

    /// Goes to event `k` (clamped to the search's end).
    pub fn seek(&mut self, k: u32) {
        self.marked = None;
        if let Some(s) = self.stepper.as_mut() {
            s.seek(k);
        }
    }

    /// Steps until the search ends.
    pub fn run_to_end(&mut self) {
        while self.step() {}
    }

    /// Pops so far.
    pub fn event(&self) -> u32 {
        self.stepper.as_ref().map_or(0, TraceStepper::event)
    }

    /// Every event so far.
    pub fn log(&self) -> Vec<TraceLine> {
        let mut expansions = 0;
        self.stepper
            .as_ref()
            .map_or(&[][..], TraceStepper::records)
            .iter()
            .map(|r| {
                if r.kind == PopKind::Expanded {
                    expansions += 1;
                }
                line_of(r, expansions)
            })
            .collect()
    }

    /// The search's outcome so far (the same value the solver returns once
    /// the trace has ended).
    pub fn outcome(&mut self) -> Result<Outcome, SolveError> {
        match self.stepper.as_mut() {
            Some(s) => s.outcome(),
            // No search was begun: the parity check refused it, and the
            // solver reports that verdict itself without searching.
            None => self.solver.solve(&self.start, &self.goal, self.budget),
        }
    }

    /// The whole search for these inputs as CSV (the CLI's `trace` bytes).
    pub fn export_csv(&mut self) -> Option<String> {
        astar_trace(&mut self.solver, &self.start, &self.goal, self.budget)
            .ok()
            .map(|t| t.to_csv())
    }

    /// The whole search for these inputs as JSON (the CLI's `trace` bytes).
    pub fn export_json(&mut self) -> Option<String> {
        astar_trace(&mut self.solver, &self.start, &self.goal, self.budget)
            .ok()
            .map(|t| t.to_json())
    }

    /// Checks pasted pops against the contract order; on a difference the
    /// trace goes to that event and marks it in the tree.
    pub fn check(&mut self, pasted: &str) -> String {
        let pops = match parse_pops(pasted) {
            Ok(p) => p,
            Err(e) => return format!("Nothing checked: {e}."),
        };
        let report = check_order(
            &mut self.solver,
            &self.start,
            &self.goal,
            self.budget,
            &pops,
        );
        if let Some(d) = &report.first_difference {
            if d.expected.is_some() {
                self.seek(d.event);
                self.marked = Some(d.event);
            }
        }
        let mut text = report.message();
        if let Some(first) = text.get(..1) {
            text = first.to_ascii_uppercase() + &text[1..];
        }
        text + "."
    }

    fn tree(&self, snap: &TreeSnapshot) -> TreeView {
        let latest = snap.latest.as_ref().map(|r| r.entry.seq);
        let goal_path: Vec<u32> = snap.goal_path.clone().unwrap_or_default();
        let marked_seq = self
            .marked
            .and_then(|k| snap.nodes.get(k as usize - 1))
            .map(|n| n.entry.seq);
        let total = snap.nodes.len() + snap.frontier.len();
        let reduced = total > TREE_LIMIT;
        // Seqs to draw, when the tree is reduced (a flat table by seq).
        let keep: Option<Vec<bool>> = reduced.then(|| {
            let mut keep = Vec::new();
            let focus = latest.unwrap_or(0);
            if let Some(p) = snap.path_with_siblings(focus) {
                for s in p.path.iter().chain(p.children.iter().flatten()) {
                    let s = *s as usize;
                    if keep.len() <= s {
                        keep.resize(s + 1, false);
                    }
                    keep[s] = true;
                }
            }
            keep
        });
        let mut items: Vec<(Entry, Option<u32>, NodeKind)> = snap
            .nodes
            .iter()
            .map(|n| {
                let kind = match n.kind {
                    PopKind::Expanded => NodeKind::Expanded,
                    PopKind::Stale => NodeKind::Stale,
                    PopKind::Goal => NodeKind::Goal,
                    PopKind::Cutoff => NodeKind::Cutoff,
                };
                (n.entry, n.parent, kind)
            })
            .chain(
                snap.frontier
                    .iter()
                    .map(|l| (l.entry, l.parent, NodeKind::Frontier)),
            )
            .filter(|(e, _, _)| {
                keep.as_ref()
                    .is_none_or(|k| k.get(e.seq as usize).copied().unwrap_or(false))
            })
            .collect();
        items.sort_unstable_by_key(|(e, _, _)| (e.g, e.seq));
        let depth = items.iter().map(|(e, _, _)| e.g + 1).max().unwrap_or(0);
        let mut row_len = vec![0usize; depth as usize];
        for (e, _, _) in &items {
            row_len[e.g as usize] += 1;
        }
        let mut row_at = vec![0usize; depth as usize];
        let mut index = vec![
            usize::MAX;
            items
                .iter()
                .map(|(e, _, _)| e.seq as usize + 1)
                .max()
                .unwrap_or(0)
        ];
        for (i, (e, _, _)) in items.iter().enumerate() {
            index[e.seq as usize] = i;
        }
        let nodes = items
            .iter()
            .map(|(e, parent, kind)| {
                let g = e.g as usize;
                let slot = (row_at[g], row_len[g]);
                row_at[g] += 1;
                TreeNodeView {
                    key: e.key_string(),
                    seq: e.seq,
                    g: e.g,
                    h: e.h,
                    slot,
                    parent: parent
                        .and_then(|p| index.get(p as usize).copied())
                        .filter(|&i| i != usize::MAX),
                    kind: *kind,
                    latest: Some(e.seq) == latest && *kind != NodeKind::Frontier,
                    on_goal_path: *kind != NodeKind::Frontier && goal_path.contains(&e.seq),
                    marked: Some(e.seq) == marked_seq && *kind != NodeKind::Frontier,
                }
            })
            .collect();
        let summary = if reduced {
            format!(
                "{} popped boards and {} frontier entries are too many to draw; shown: the path from the start to the latest pop, with every child of each board on it.",
                snap.nodes.len(),
                snap.frontier.len()
            )
        } else {
            format!(
                "{} popped boards and {} frontier entries, by depth g (top row: the start).",
                snap.nodes.len(),
                snap.frontier.len()
            )
        };
        TreeView {
            nodes,
            depth,
            reduced,
            summary,
            per_f: if reduced {
                snap.expansions_per_f.clone()
            } else {
                Vec::new()
            },
            per_g: if reduced {
                snap.expansions_per_g.clone()
            } else {
                Vec::new()
            },
        }
    }

    /// The panel's contents.
    pub fn view(&mut self) -> TraceView {
        let log_all = self.log();
        let hidden = log_all.len().saturating_sub(LOG_SHOWN);
        let log = log_all[hidden..].iter().map(TraceLine::text).collect();
        let latest = log_all.last().cloned();
        let budget = self.budget.get();
        let empty = |status: String, board: Board| TraceView {
            log: Vec::new(),
            log_hidden: 0,
            latest: None,
            expansions: format!("Expansions 0 of budget {budget}"),
            frontier: "Frontier: empty (no search)".into(),
            next: Vec::new(),
            status,
            board: board.three_cells(),
            finished: true,
            event: 0,
            latest_boards: None,
            next_boards: Vec::new(),
            tree: TreeView::default(),
        };
        if let Some(p) = self.parity {
            return empty(
                format!(
                    "No search: {}; their parity differs, so the goal is unreachable.",
                    p.sides()
                ),
                self.start,
            );
        }
        let Some(snap) = self.stepper.as_mut().map(TraceStepper::snapshot) else {
            return empty("The trace was reset.".into(), self.start);
        };
        let stats = snap.stats;
        let finished = snap.finished;
        let next = snap
            .preview
            .iter()
            .map(|e| EntryLine::of(e).text())
            .collect();
        let frontier = format!(
            "Frontier: {} entries (stale ones included); closed (expanded): {}",
            snap.frontier_len, stats.expansions
        );
        let status = match (&latest, &snap.latest) {
            (None, _) | (_, None) => {
                "Ready: Step pops the first frontier entry, the start.".to_string()
            }
            (Some(line), Some(r)) => match (r.kind, finished) {
                (PopKind::Goal, true) => format!(
                    "Goal accepted when popped: Solved, cost {}, after {} expansions — the same result as Solve.",
                    r.entry.g, stats.expansions
                ),
                (PopKind::Cutoff, true) => format!(
                    "Stopped: {} expansions had reached the budget of {budget}, so {} was popped but not expanded. Unknown (BudgetExceeded): the search is unfinished, which does not mean there is no solution.",
                    stats.expansions, line.popped.key
                ),
                _ => format!(
                    "Running: {} events so far. Step pops the next entry; Run to end finishes the search.",
                    log_all.len()
                ),
            },
        };
        let board = snap
            .latest
            .as_ref()
            .map_or(self.start, |r| r.entry.board())
            .three_cells();
        let latest_boards = snap.latest.as_ref().map(|r| LatestBoards {
            popped: small(&r.entry, true),
            neighbours: r
                .neighbours
                .iter()
                .map(|n| SmallBoard {
                    cells: n.entry.board().three_cells(),
                    caption: match (n.pushed, n.best_g) {
                        (true, _) => format!(
                            "{}: pushed as seq {} (g {})",
                            n.mv.name(),
                            n.entry.seq,
                            n.entry.g
                        ),
                        (false, Some(b)) => format!(
                            "{}: not pushed, g {} does not beat the best g {b}",
                            n.mv.name(),
                            n.entry.g
                        ),
                        (false, None) => format!("{}: not pushed", n.mv.name()),
                    },
                    pushed: n.pushed,
                })
                .collect(),
        });
        let next_boards = snap.preview.iter().map(|e| small(e, true)).collect();
        let tree = self.tree(&snap);
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
            event: snap.event,
            latest_boards,
            next_boards,
            tree,
        }
    }
}

/// IDA* (Manhattan) stepped one board at a time, for the Trace tab.
pub struct IdaTrace {
    search: Option<IdaSearch>,
    start: Board,
    goal: Goal,
    budget: u64,
    parity: Option<ParityProof>,
    last: Option<crate::engine::IdaEvent>,
}

/// One IDA* iteration as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IterationLine {
    /// The bound on f.
    pub bound: u32,
    /// Boards generated in it.
    pub generated: u64,
}

/// The IDA* view of the Trace tab.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdaView {
    /// Where the search stands.
    pub status: String,
    /// The latest event in one line.
    pub latest: String,
    /// Iterations so far, in order.
    pub iterations: Vec<IterationLine>,
    /// The current depth-first path, start first, as small boards with f.
    pub path: Vec<SmallBoard>,
    /// The bound now, and the next bound (smallest f over it) so far.
    pub bounds: String,
    /// Events so far.
    pub event: u64,
    /// The board to draw.
    pub board: [u8; 9],
}

impl IdaTrace {
    /// Begins IDA* from `start` to `goal`; the budget counts expansions, as
    /// the contract's does.
    pub fn new(start: Board, goal: Goal, budget: Budget) -> IdaTrace {
        let budget = u64::from(budget.get());
        let (search, parity) = match IdaSearch::new(&start, &goal, budget) {
            Ok(s) => (Some(s), None),
            Err(p) => (None, Some(p)),
        };
        IdaTrace {
            search,
            start,
            goal,
            budget,
            parity,
            last: None,
        }
    }

    /// One board entered; false once the search has ended.
    pub fn step(&mut self) -> bool {
        let e = self.search.as_mut().and_then(IdaSearch::step);
        if e.is_some() {
            self.last = e;
        }
        e.is_some()
    }

    /// Goes to event `k`, replaying from the start when going back.
    pub fn seek(&mut self, k: u64) {
        let now = self.events();
        if k < now {
            if let Ok(s) = IdaSearch::at(&self.start, &self.goal, self.budget, k.saturating_sub(1))
            {
                self.search = Some(s);
                self.last = None;
                if k > 0 {
                    self.step();
                }
            }
            return;
        }
        for _ in now..k {
            if !self.step() {
                break;
            }
        }
    }

    /// Runs to the end.
    pub fn run_to_end(&mut self) {
        while self.step() {}
    }

    /// Events so far.
    pub fn events(&self) -> u64 {
        self.search.as_ref().map_or(0, IdaSearch::events)
    }

    /// The export (CSV or JSON) of the whole search.
    pub fn export(&self, json: bool) -> Option<String> {
        let t = ida_trace(&self.start, &self.goal, Budget::new(self.budget as u32)).ok()?;
        Some(if json { t.to_json() } else { t.to_csv() })
    }

    /// The view.
    pub fn view(&self) -> IdaView {
        let Some(s) = &self.search else {
            let p = self
                .parity
                .unwrap_or_else(|| ParityProof::of(&self.start, &self.start));
            return IdaView {
                status: format!(
                    "No search: {}; their parity differs, so the goal is unreachable.",
                    p.sides()
                ),
                latest: String::new(),
                iterations: Vec::new(),
                path: Vec::new(),
                bounds: String::new(),
                event: 0,
                board: self.start.three_cells(),
            };
        };
        let status = match (s.end(), &self.last) {
            (_, None) => format!(
                "Ready: the first bound is the start's Manhattan distance, {}. Step enters the start.",
                s.bound()
            ),
            (Some(crate::engine::IdaEnd::Goal), Some(e)) => format!(
                "Goal entered within bound {}: Solved, cost {} — the same cost as A*.",
                e.bound, e.node.g
            ),
            (Some(crate::engine::IdaEnd::Budget), _) => {
                let its = s.iterations();
                let proved = match its.len().checked_sub(2).and_then(|i| its.get(i)) {
                    Some(done) => format!(
                        "no solution has {} moves or fewer (the last bound it completed)",
                        done.threshold
                    ),
                    None => "no iteration was completed, so only the start's Manhattan distance bounds the cost".into(),
                };
                format!(
                    "Stopped: the budget of {} expansions was used up. Unknown, not \"no solution\": {proved}.",
                    self.budget
                )
            }
            (Some(crate::engine::IdaEnd::Exhausted), _) => {
                "internal error: an iteration ended with no cut-off and no goal".into()
            }
            (None, Some(_)) => format!(
                "Running: iteration {}, bound {}. Step enters the next board.",
                s.iterations().len(),
                s.bound()
            ),
        };
        let latest = self.last.map_or(String::new(), |e| {
            format!(
                "{}. enter {} at g {} (f {}, h {}) in iteration {} (bound {}): {}",
                e.number,
                e.node.key_string(),
                e.node.g,
                e.node.f(),
                e.node.h,
                e.iteration,
                e.bound,
                match e.kind {
                    IdaKind::Expanded => "within the bound, expanded".to_string(),
                    IdaKind::Cutoff =>
                        format!("f {} is over the bound {}: cut off", e.node.f(), e.bound),
                    IdaKind::Goal => "the goal".to_string(),
                    IdaKind::Budget => "the budget was reached: not expanded".to_string(),
                }
            )
        });
        let path: Vec<SmallBoard> = s
            .path()
            .iter()
            .map(|n| SmallBoard {
                cells: n.board().three_cells(),
                caption: format!(
                    "{}g {}, f {}",
                    n.mv.map_or(String::new(), |m| format!("{}: ", m.name())),
                    n.g,
                    n.f()
                ),
                pushed: n.f() <= s.bound(),
            })
            .collect();
        let board = self
            .last
            .map_or(self.start.three_cells(), |e| e.node.board().three_cells());
        IdaView {
            status,
            latest,
            iterations: s
                .iterations()
                .iter()
                .map(|i| IterationLine {
                    bound: i.threshold,
                    generated: i.generated,
                })
                .collect(),
            path,
            bounds: format!(
                "Bound {}; next bound so far: {}",
                s.bound(),
                s.next_bound()
                    .map_or("none yet (no cut-off)".to_string(), |b| b.to_string())
            ),
            event: s.events(),
            board,
        }
    }
}

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
