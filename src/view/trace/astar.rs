//! The A* trace: [`Trace`] drives the contract A* one pop at a time
//! (forward, back by replay, or to event N) and builds its [`TraceView`].

use super::lines::{
    entry_board, entry_boards, EntryLine, LatestBoards, NeighbourLine, NodeKind, SmallBoard,
    TraceLine, TraceView, TreeNodeView, TreeView, LOG_SHOWN, TREE_LIMIT,
};
use super::tree::{node_size, tidy_layout, PathView};
use crate::engine::{
    contract::{Budget, Entry, Goal, Outcome, SolveError, Solver},
    heuristic::{BuiltIn, Heuristic},
    moves::{Metric, Slide},
    teaching::{
        admissibility_note, astar_trace, check_order, f_text, parse_pops, path_text, shortest_text,
        weighted_astar_trace_in, AstarTrace, PopKind, PopRecord, TraceStepper, TreeSnapshot,
        Weight,
    },
    Board, Move, ParityProof,
};
use crate::view::common::plural;
use crate::view::common::{heuristic_part, search_name};

/// A trace in progress.
pub struct Trace {
    stepper: Option<TraceStepper>,
    solver: Solver,
    goal: Goal,
    start: Board,
    budget: Budget,
    parity: Option<ParityProof>,
    marked: Option<u32>,
    picked: Option<u32>,
    /// The heuristic and weight of a weighted trace (`None`: the contract).
    weighting: Option<(Heuristic, Weight)>,
    /// The metric moves are counted in (the contract's is single-tile).
    metric: Metric,
}

fn kind_text(kind: PopKind) -> &'static str {
    match kind {
        PopKind::Expanded => "expanded",
        PopKind::Stale => "stale (skipped)",
        PopKind::Goal => "goal (accepted)",
        PopKind::Cutoff => "budget reached (not expanded)",
    }
}

/// A neighbour's move: its direction (`Right`), and in the multi-tile
/// metric its count of tiles too (`Right×2`).
fn move_text(mv: Move, count: u8, metric: Metric) -> String {
    match metric {
        Metric::Single => mv.name().to_string(),
        Metric::Multi => Slide::new(mv, count).to_string(),
    }
}

fn line_of(r: &PopRecord, expansions: u32, twice_w: u32, metric: Metric) -> TraceLine {
    TraceLine {
        number: r.event as usize,
        kind: kind_text(r.kind),
        popped: EntryLine::weighted(&r.entry, twice_w),
        neighbours: r
            .neighbours
            .iter()
            .map(|n| NeighbourLine {
                mv: move_text(n.mv, n.count, metric),
                entry: EntryLine::weighted(&n.entry, twice_w),
                pushed: n.pushed,
            })
            .collect(),
        expansions,
    }
}

impl Trace {
    /// Begins a trace of `start` → `goal` under `budget`.
    pub fn new(start: Board, goal: Goal, budget: Budget) -> Trace {
        Trace::weighted(start, goal, budget, BuiltIn::Manhattan, Weight::ONE)
    }

    /// Begins a trace of the weighted search with `heuristic` under
    /// `weight` (Manhattan with w = 1: the contract's trace).
    pub fn weighted(
        start: Board,
        goal: Goal,
        budget: Budget,
        heuristic: impl Into<Heuristic>,
        weight: Weight,
    ) -> Trace {
        Trace::weighted_in(start, goal, budget, heuristic, weight, Metric::Single)
    }

    /// [`Trace::weighted`] counting moves in `metric`: in the multi-tile
    /// metric every trace is the weighted search (the contract A* counts
    /// single-tile moves), a slide of 1 or 2 tiles one move.
    pub fn weighted_in(
        start: Board,
        goal: Goal,
        budget: Budget,
        heuristic: impl Into<Heuristic>,
        weight: Weight,
        metric: Metric,
    ) -> Trace {
        let heuristic = heuristic.into();
        let stepped = TraceStepper::weighted_in(
            start,
            goal.clone(),
            budget,
            heuristic.clone(),
            weight,
            metric,
        );
        let (stepper, parity) = match stepped {
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
            picked: None,
            weighting: (heuristic != Heuristic::BuiltIn(BuiltIn::Manhattan)
                || weight != Weight::ONE
                || metric != Metric::Single)
                .then_some((heuristic, weight)),
            metric,
        }
    }

    /// The metric the trace counts moves in.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The heuristic and weight of a weighted trace (`None`: the contract).
    pub fn weighting(&self) -> Option<&(Heuristic, Weight)> {
        self.weighting.as_ref()
    }

    /// 2w (2 for the contract).
    fn twice_w(&self) -> u32 {
        self.weighting.as_ref().map_or(2, |(_, w)| w.twice())
    }

    /// Picks the node (or frontier leaf) with this seq: the view shows its
    /// board and its path from the start while it is in the tree.
    pub fn pick(&mut self, seq: u32) {
        self.picked = Some(seq);
    }

    /// The picked node's path from the start, read from the snapshot's
    /// parent chain.
    fn path(&self, snap: &TreeSnapshot) -> Option<PathView> {
        let seq = self.picked?;
        let Some(path) = snap.path_from_start(seq) else {
            return Some(PathView {
                seq,
                summary: format!(
                    "The picked board (seq {seq}) is not in the tree at event {}.",
                    snap.event
                ),
                boards: Vec::new(),
            });
        };
        let moves: Vec<String> = path
            .iter()
            .filter_map(|(m, _)| {
                m.map(|m| match self.metric {
                    Metric::Single => m.direction.name().to_string(),
                    Metric::Multi => m.to_string(),
                })
            })
            .collect();
        let last = path.last().map(|(_, e)| *e);
        let summary = match last {
            Some(e) if moves.is_empty() => format!(
                "Board {} (seq {seq}) is the start: no moves.",
                e.key_string()
            ),
            Some(e) => format!(
                "Board {} (seq {seq}) is {} {} from the start: {}.",
                e.key_string(),
                moves.len(),
                if moves.len() == 1 { "move" } else { "moves" },
                moves.join(", ")
            ),
            None => String::new(),
        };
        let boards = path
            .iter()
            .map(|(m, e)| SmallBoard {
                cells: e.board().three_cells(),
                caption: format!(
                    "{}: {}",
                    m.map_or("Start".to_string(), |m| match self.metric {
                        Metric::Single => m.direction.name().to_string(),
                        Metric::Multi => m.to_string(),
                    }),
                    EntryLine::weighted(e, self.twice_w()).text()
                ),
                pushed: true,
            })
            .collect();
        Some(PathView {
            seq,
            summary,
            boards,
        })
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

    /// The records of the pops so far (the last one is the current event).
    pub fn records(&self) -> &[PopRecord] {
        self.stepper.as_ref().map_or(&[][..], TraceStepper::records)
    }

    /// The whole frontier now, in pop order (empty without a search).
    pub fn frontier(&mut self) -> Vec<Entry> {
        self.stepper
            .as_mut()
            .map_or_else(Vec::new, TraceStepper::frontier)
    }

    /// The start and goal boards.
    pub fn boards(&self) -> (Board, Board) {
        (self.start, *self.goal.board())
    }

    /// The start's packed key.
    pub fn start_key(&self) -> u64 {
        self.start.packed()
    }

    /// Whether a search runs (false: the parity check refused one).
    pub fn has_search(&self) -> bool {
        self.stepper.is_some()
    }

    /// Every event so far.
    pub fn log(&self) -> Vec<TraceLine> {
        let mut expansions = 0;
        let twice_w = self.twice_w();
        self.stepper
            .as_ref()
            .map_or(&[][..], TraceStepper::records)
            .iter()
            .map(|r| {
                if r.kind == PopKind::Expanded {
                    expansions += 1;
                }
                line_of(r, expansions, twice_w, self.metric)
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
        self.whole().map(|t| t.to_csv())
    }

    /// The whole search for these inputs: the contract's, or the weighted
    /// search's (its f the priority used).
    fn whole(&mut self) -> Option<AstarTrace> {
        match &self.weighting {
            None => astar_trace(&mut self.solver, &self.start, &self.goal, self.budget).ok(),
            Some((h, w)) => weighted_astar_trace_in(
                &self.start,
                &self.goal,
                self.budget,
                h.clone(),
                *w,
                self.metric,
            )
            .ok(),
        }
    }

    /// The whole search for these inputs as JSON (the CLI's `trace` bytes).
    pub fn export_json(&mut self) -> Option<String> {
        self.whole().map(|t| t.to_json())
    }

    /// Checks pasted pops against the contract order; on a difference the
    /// trace goes to that event and marks it in the tree.
    pub fn check(&mut self, pasted: &str) -> String {
        if self.metric != Metric::Single {
            return "Nothing checked: Check my order compares with the contract A*, which counts single-tile moves, and this trace counts multi-tile moves; choose the single-tile metric to check.".into();
        }
        if let Some((h, w)) = &self.weighting {
            return format!(
                "Nothing checked: Check my order compares with the contract A* (Manhattan, w = 1), and this trace is the weighted search ({}, w = {w}); choose those to check.",
                h.name()
            );
        }
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
        let mut items: Vec<(Entry, Option<u32>, NodeKind, bool)> = snap
            .nodes
            .iter()
            .map(|n| {
                let kind = match n.kind {
                    PopKind::Expanded => NodeKind::Expanded,
                    PopKind::Stale => NodeKind::Stale,
                    PopKind::Goal => NodeKind::Goal,
                    PopKind::Cutoff => NodeKind::Cutoff,
                };
                (n.entry, n.parent, kind, false)
            })
            .chain(
                snap.frontier
                    .iter()
                    .map(|l| (l.entry, l.parent, NodeKind::Frontier, l.stale)),
            )
            .filter(|(e, _, _, _)| {
                keep.as_ref()
                    .is_none_or(|k| k.get(e.seq as usize).copied().unwrap_or(false))
            })
            .collect();
        items.sort_unstable_by_key(|(e, _, _, _)| (e.g, e.seq));
        let depth = items.iter().map(|(e, _, _, _)| e.g + 1).max().unwrap_or(0);
        let mut row_len = vec![0usize; depth as usize];
        for (e, _, _, _) in &items {
            row_len[e.g as usize] += 1;
        }
        let mut row_at = vec![0usize; depth as usize];
        let mut index = vec![
            usize::MAX;
            items
                .iter()
                .map(|(e, _, _, _)| e.seq as usize + 1)
                .max()
                .unwrap_or(0)
        ];
        for (i, (e, _, _, _)) in items.iter().enumerate() {
            index[e.seq as usize] = i;
        }
        let parent_index = |parent: Option<u32>| {
            parent
                .and_then(|p| index.get(p as usize).copied())
                .filter(|&i| i != usize::MAX)
        };
        let parents: Vec<Option<usize>> =
            items.iter().map(|(_, p, _, _)| parent_index(*p)).collect();
        let depths: Vec<u32> = items.iter().map(|(e, _, _, _)| e.g).collect();
        let size = node_size(items.len());
        let (centres, width, height) = tidy_layout(&parents, &depths, size);
        let nodes: Vec<TreeNodeView> = items
            .iter()
            .zip(centres)
            .map(|((e, parent, kind, superseded), (x, y))| {
                let g = e.g as usize;
                let slot = (row_at[g], row_len[g]);
                row_at[g] += 1;
                TreeNodeView {
                    key: e.key_string(),
                    seq: e.seq,
                    g: e.g,
                    h: e.h,
                    f: f_text(e.g, e.h, self.twice_w()),
                    slot,
                    parent: parent_index(*parent),
                    kind: *kind,
                    latest: Some(e.seq) == latest && *kind != NodeKind::Frontier,
                    on_goal_path: *kind != NodeKind::Frontier && goal_path.contains(&e.seq),
                    marked: Some(e.seq) == marked_seq && *kind != NodeKind::Frontier,
                    superseded: *superseded,
                    picked: Some(e.seq) == self.picked,
                    cells: e.board().three_cells(),
                    x,
                    y,
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
            boards: !nodes.is_empty() && size == node_size(0),
            nodes,
            depth,
            reduced,
            width,
            height,
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
        self.view_with(None)
    }

    /// What a weighted trace is, in one sentence (`None`: the contract's).
    pub fn weighted_note(&self) -> Option<String> {
        let (h, w) = self.weighting.as_ref()?;
        let written = match h.expression() {
            Some(_) => format!(" {}", crate::view::common::WRITTEN_NOTE),
            None => String::new(),
        };
        let (metric, bound) = match self.metric {
            Metric::Single => (String::new(), String::new()),
            m => (
                format!(
                    " in the {} metric (a slide of 1 or 2 tiles is one move)",
                    m.long_name()
                ),
                admissibility_note(h, m).map_or(String::new(), |n| format!(" This h is {n}.")),
            ),
        };
        Some(format!(
            "Weighted A* (outside the contract){metric}: f = g + {w}·h with h = {}, order (f, h, key, seq); the f shown is this priority. Its path may not be shortest.{bound}{written}",
            h.name()
        ))
    }

    /// The panel's contents; `optimal` is the exact distance from the start
    /// (the page's distance table), which a weighted trace's goal sentence
    /// compares its path with.
    pub fn view_with(&mut self, optimal: Option<u32>) -> TraceView {
        let weighted = self.weighting.is_some();
        let log_all = self.log();
        let hidden = log_all.len().saturating_sub(LOG_SHOWN);
        let log = log_all[hidden..].iter().map(TraceLine::text).collect();
        let latest = log_all.last().cloned();
        let budget = self.budget.get();
        let weighting = self
            .weighting
            .as_ref()
            .map(|(h, w)| (heuristic_part(h), w.to_string()));
        let search = search_name(weighting.as_ref().map(|(h, w)| (h.as_str(), w.as_str())));
        let empty = |status: String, board: Board| TraceView {
            search: search.clone(),
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
            path: None,
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
        let failure = self
            .stepper
            .as_ref()
            .and_then(TraceStepper::written_failure);
        let stats = snap.stats;
        let finished = snap.finished;
        let next = snap
            .preview
            .iter()
            .map(|e| EntryLine::weighted(e, self.twice_w()).text())
            .collect();
        let frontier = format!(
            "Frontier: {} (stale ones included); closed (expanded): {}",
            plural(snap.frontier_len as u32, "entry"),
            stats.expansions
        );
        let status = match (&latest, &snap.latest) {
            _ if failure.is_some() => format!(
                "Stopped: {}. No path, and no claim about one.",
                failure.map(|f| f.to_string()).unwrap_or_default()
            ),
            (None, _) | (_, None) => {
                "Ready: Step pops the first frontier entry, the start.".to_string()
            }
            (Some(line), Some(r)) => match (r.kind, finished) {
                (PopKind::Goal, true) if weighted => format!(
                    "Goal accepted when popped: a path of cost {} after {} — {}. Weighted A* is not the contract's search, so its path may not be shortest.",
                    r.entry.g,
                    plural(stats.expansions, "expansion"),
                    optimal.map_or_else(
                        || "the optimal cost is not known here".to_string(),
                        |d| match self.metric {
                            // (The single-tile wording stays the table's.)
                            Metric::Single => shortest_text(r.entry.g, d),
                            m => {
                                let bound = self
                                    .weighting
                                    .as_ref()
                                    .and_then(|(h, _)| h.lower_bound_in(m));
                                path_text(r.entry.g, d, bound, m)
                            }
                        }
                    )
                ),
                (PopKind::Goal, true) => format!(
                    "Goal accepted when popped: Solved, cost {}, after {} — the same result as Solve.",
                    r.entry.g,
                    plural(stats.expansions, "expansion")
                ),
                (PopKind::Cutoff, true) => format!(
                    "Stopped: {} had reached the budget of {budget}, so {} was popped but not expanded. Unknown (BudgetExceeded): the search is unfinished, which does not mean there is no solution.",
                    plural(stats.expansions, "expansion"),
                    line.popped.key
                ),
                _ => format!(
                    "Running: {} so far. Step pops the next entry; Run to end finishes the search.",
                    plural(log_all.len() as u32, "event")
                ),
            },
        };
        let board = snap
            .latest
            .as_ref()
            .map_or(self.start, |r| r.entry.board())
            .three_cells();
        let latest_boards = snap.latest.as_ref().map(|r| LatestBoards {
            popped: entry_board(&r.entry, self.twice_w()),
            neighbours: r
                .neighbours
                .iter()
                .map(|n| SmallBoard {
                    cells: n.entry.board().three_cells(),
                    caption: match (n.pushed, n.best_g) {
                        (true, _) => format!(
                            "{}: pushed as seq {} (g {})",
                            move_text(n.mv, n.count, self.metric),
                            n.entry.seq,
                            n.entry.g
                        ),
                        (false, Some(b)) => format!(
                            "{}: not pushed, g {} does not beat the best g {b}",
                            move_text(n.mv, n.count, self.metric),
                            n.entry.g
                        ),
                        (false, None) => {
                            format!("{}: not pushed", move_text(n.mv, n.count, self.metric))
                        }
                    },
                    pushed: n.pushed,
                })
                .collect(),
        });
        let twice_w = self.twice_w();
        let next_boards = entry_boards(&snap.preview, twice_w);
        let tree = self.tree(&snap);
        let path = self.path(&snap);
        TraceView {
            search,
            path,
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
