//! The search tree at any event ([`TreeSnapshot`]) and the A* stepped one
//! pop at a time, forward or back ([`TraceStepper`]).

use super::record::{BestG, PopKind, PopRecord, Recorder};
use crate::board::Board;
use crate::contract::Budget;
use crate::contract::Goal;
use crate::contract::{Entry, Event, Outcome, Search, SolveError, Solver, Stats};
use crate::heuristic::{BuiltIn, Heuristic, WrittenFailure};
use crate::moves::{Metric, Slide};
use crate::solvability::ParityProof;
use crate::teaching::weighted::{Order, Weight, WeightedSearch};

/// A popped board in the search tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// The popped entry (key, g = depth, h, seq; f = g + h). `seq` is the
    /// node's identity: a board popped twice (once stale) is two nodes.
    pub entry: Entry,
    /// The parent node's seq (`None` for the start). The parent is always a
    /// node of the tree: only expanded boards push.
    pub parent: Option<u32>,
    /// The event at which it was popped.
    pub event: u32,
    /// What the pop did (stale pops are marked by `PopKind::Stale`).
    pub kind: PopKind,
}

/// A frontier entry, drawn as a leaf apart from the popped nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeLeaf {
    /// The entry.
    pub entry: Entry,
    /// The node that pushed it (`None` for the start, before any pop).
    pub parent: Option<u32>,
    /// A better g has since been pushed for its board: it will pop stale.
    pub stale: bool,
}

/// The search-tree picture's data after some number of pops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeSnapshot {
    /// Pops so far (the event number of the latest pop; 0 before any).
    pub event: u32,
    /// Every popped board, in pop order.
    pub nodes: Vec<TreeNode>,
    /// Every frontier entry, in pop order (f, h, key, seq).
    pub frontier: Vec<TreeLeaf>,
    /// The latest pop in full.
    pub latest: Option<PopRecord>,
    /// The seqs from the start to the goal, once the goal was popped.
    pub goal_path: Option<Vec<u32>>,
    /// The next entries to pop (up to [`PREVIEW`]), read from the search.
    pub preview: Vec<Entry>,
    /// The frontier size (stale entries included), read from the search.
    pub frontier_len: usize,
    /// The search's counters.
    pub stats: Stats,
    /// Whether the search has ended (goal, budget).
    pub finished: bool,
    /// Expansions per f value (index = f; for a weighted search f = g + w·h
    /// rounded down): the f contours.
    pub expansions_per_f: Vec<u32>,
    /// Expansions per depth g (index = g).
    pub expansions_per_g: Vec<u32>,
    /// Position in `nodes` of the node popped with each seq (`u32::MAX` for
    /// seqs not popped), for constant-time look-ups.
    index: Vec<u32>,
}

/// How many frontier entries [`TreeSnapshot::preview`] holds.
pub const PREVIEW: usize = 5;

/// The reduced tree for large searches: the path from the start to one node,
/// and at each step every child of the path node (the path's next node and
/// its siblings), in push order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathWithSiblings {
    /// Seqs from the start to the focused node.
    pub path: Vec<u32>,
    /// `children[i]`: the seqs pushed by `path[i]` (empty when it was not
    /// expanded), in push order.
    pub children: Vec<Vec<u32>>,
}

fn bump(v: &mut Vec<u32>, i: u32) {
    let i = i as usize;
    if v.len() <= i {
        v.resize(i + 1, 0);
    }
    v[i] += 1;
}

impl TreeSnapshot {
    fn build(records: &[PopRecord], start: Entry, probe: Probe) -> TreeSnapshot {
        let twice_w = probe.twice_w;
        // 2f: the priority the search ordered by (2g + 2h for the contract).
        let twice_f = |e: &Entry| 2 * e.g + twice_w * e.h;
        let mut nodes = Vec::with_capacity(records.len());
        let mut popped: Vec<bool> = Vec::new();
        let mut best = BestG::new();
        let mut pushed: Vec<(Entry, Option<u32>)> = vec![(start, None)];
        best.lower(start.key, start.g);
        let (mut per_f, mut per_g) = (Vec::new(), Vec::new());
        let mut goal_path = None;
        for r in records {
            nodes.push(TreeNode {
                entry: r.entry,
                parent: r.parent.map(|(s, _)| s),
                event: r.event,
                kind: r.kind,
            });
            let seq = r.entry.seq as usize;
            if popped.len() <= seq {
                popped.resize(seq + 1, false);
            }
            popped[seq] = true;
            for p in &r.pushed {
                pushed.push((*p, Some(r.entry.seq)));
                best.lower(p.key, p.g);
            }
            match r.kind {
                PopKind::Expanded => {
                    bump(&mut per_f, twice_f(&r.entry) / 2);
                    bump(&mut per_g, r.entry.g);
                }
                PopKind::Goal => goal_path = Some(r.entry.seq),
                PopKind::Stale | PopKind::Cutoff => {}
            }
        }
        let mut frontier: Vec<TreeLeaf> = pushed
            .into_iter()
            .filter(|(e, _)| !popped.get(e.seq as usize).copied().unwrap_or(false))
            .map(|(entry, parent)| TreeLeaf {
                entry,
                parent,
                stale: best.get(entry.key).is_some_and(|b| b < entry.g),
            })
            .collect();
        frontier.sort_unstable_by_key(|l| (twice_f(&l.entry), l.entry.h, l.entry.key, l.entry.seq));
        let mut index = Vec::new();
        for (i, n) in nodes.iter().enumerate() {
            let s = n.entry.seq as usize;
            if index.len() <= s {
                index.resize(s + 1, u32::MAX);
            }
            index[s] = i as u32;
        }
        let parent = |seq: u32| {
            let i = *index.get(seq as usize)?;
            nodes.get(i as usize).and_then(|n: &TreeNode| n.parent)
        };
        let goal_path = goal_path.map(|mut seq| {
            let mut path = vec![seq];
            while let Some(p) = parent(seq) {
                path.push(p);
                seq = p;
            }
            path.reverse();
            path
        });
        TreeSnapshot {
            event: records.len() as u32,
            nodes,
            frontier,
            latest: records.last().cloned(),
            goal_path,
            preview: probe.preview,
            frontier_len: probe.frontier_len,
            stats: probe.stats,
            finished: probe.finished,
            expansions_per_f: per_f,
            expansions_per_g: per_g,
            index,
        }
    }

    /// The node with this seq, if it was popped.
    pub fn node(&self, seq: u32) -> Option<&TreeNode> {
        let i = *self.index.get(seq as usize)?;
        self.nodes.get(i as usize)
    }

    /// The entry with this seq and its parent's seq: a popped node, or else
    /// a frontier leaf.
    fn entry_of(&self, seq: u32) -> Option<(Entry, Option<u32>)> {
        self.node(seq).map(|n| (n.entry, n.parent)).or_else(|| {
            self.frontier
                .iter()
                .find(|l| l.entry.seq == seq)
                .map(|l| (l.entry, l.parent))
        })
    }

    /// The path from the start to node or leaf `seq` along the immutable
    /// parent chain: each entry with the blank's move that reached it from
    /// the one before (`None` for the start): a slide of one tile, or in a
    /// multi-tile search of as many as it moved. `None` when `seq` is
    /// neither a node nor a leaf.
    pub fn path_from_start(&self, seq: u32) -> Option<Vec<(Option<Slide>, Entry)>> {
        let mut chain = Vec::new();
        let mut at = Some(seq);
        while let Some(s) = at {
            let (entry, parent) = self.entry_of(s)?;
            chain.push(entry);
            // Seqs of parents are smaller (pushed earlier): no cycle.
            at = parent.filter(|&p| p < s);
        }
        chain.reverse();
        let mut path = Vec::with_capacity(chain.len());
        let mut before: Option<Board> = None;
        for e in chain {
            let board = e.board();
            let mv = before.and_then(|b| {
                b.moves_in(Metric::Multi)
                    .into_iter()
                    .find(|(_, n)| n.packed() == e.key)
                    .map(|(s, _)| s)
            });
            path.push((mv, e));
            before = Some(board);
        }
        Some(path)
    }

    /// The path from the start to node or leaf `seq` with every path node's
    /// children: the reduced picture for trees too large to draw whole.
    /// `None` when `seq` is neither a node nor a leaf.
    pub fn path_with_siblings(&self, seq: u32) -> Option<PathWithSiblings> {
        // Indexed by seq: `None` for seqs in neither list, `Some(parent)`.
        let seqs = self
            .nodes
            .iter()
            .map(|n| n.entry.seq)
            .chain(self.frontier.iter().map(|l| l.entry.seq))
            .max()
            .map_or(0, |m| m as usize + 1);
        let mut parents: Vec<Option<Option<u32>>> = vec![None; seqs];
        for n in &self.nodes {
            parents[n.entry.seq as usize] = Some(n.parent);
        }
        for l in &self.frontier {
            parents[l.entry.seq as usize] = Some(l.parent);
        }
        // Children in push order: seqs are handed out in push order.
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); seqs];
        for (c, p) in parents.iter().enumerate() {
            if let Some(Some(p)) = p {
                children[*p as usize].push(c as u32);
            }
        }
        let parent_of = |s: u32| parents.get(s as usize).copied().flatten();
        let mut path = vec![seq];
        let mut at = parent_of(seq)?;
        while let Some(p) = at {
            path.push(p);
            at = parent_of(p).flatten();
        }
        path.reverse();
        let children = path
            .iter()
            .map(|&s| children.get(s as usize).cloned().unwrap_or_default())
            .collect();
        Some(PathWithSiblings { path, children })
    }
}

/// What the snapshot reads from the search besides the records.
struct Probe {
    preview: Vec<Entry>,
    frontier_len: usize,
    stats: Stats,
    finished: bool,
    /// 2w (2 for the contract): the frontier's order is 2g + 2w·h.
    twice_w: u32,
}

/// The search a stepper drives: the contract A* (its [`Solver`]) or a
/// weighted / inadmissible one ([`WeightedSearch`]); both are the one A*
/// loop, `Solver::advance`.
enum Stepped {
    Contract(Box<Solver>),
    Weighted(Box<WeightedSearch>),
}

/// The A* (the contract's, or a weighted search outside it) stepped one pop
/// at a time, forward or back, with the tree's data at every event. Going
/// back replays the engine's search from the start; nothing else holds
/// search state.
pub struct TraceStepper {
    stepped: Stepped,
    goal: Goal,
    start: Board,
    budget: Budget,
    recorder: Recorder,
}

impl TraceStepper {
    /// A stepper on the contract A* at event 0; the parity proof when no
    /// search can run.
    pub fn new(start: Board, goal: Goal, budget: Budget) -> Result<TraceStepper, ParityProof> {
        let mut solver = Solver::new();
        solver.search(&start, &goal, budget)?;
        Ok(TraceStepper {
            stepped: Stepped::Contract(Box::new(solver)),
            recorder: Recorder::new(&start),
            goal,
            start,
            budget,
        })
    }

    /// A stepper on the weighted search with `heuristic` under `weight`; the
    /// contract's own stepper for Manhattan with w = 1 (the same pops).
    pub fn weighted(
        start: Board,
        goal: Goal,
        budget: Budget,
        heuristic: impl Into<Heuristic>,
        weight: Weight,
    ) -> Result<TraceStepper, ParityProof> {
        TraceStepper::weighted_in(start, goal, budget, heuristic, weight, Metric::Single)
    }

    /// [`TraceStepper::weighted`] counting moves in `metric` (the contract's
    /// own stepper only for Manhattan with w = 1 in the single-tile metric;
    /// in the multi-tile metric every slide of 1 or 2 tiles is one move).
    pub fn weighted_in(
        start: Board,
        goal: Goal,
        budget: Budget,
        heuristic: impl Into<Heuristic>,
        weight: Weight,
        metric: Metric,
    ) -> Result<TraceStepper, ParityProof> {
        let heuristic = heuristic.into();
        if heuristic == Heuristic::BuiltIn(BuiltIn::Manhattan)
            && weight == Weight::ONE
            && metric == Metric::Single
        {
            return TraceStepper::new(start, goal, budget);
        }
        let search = WeightedSearch::ordered_in(
            &start,
            &goal,
            Some(heuristic),
            Order::Weighted(weight),
            budget,
            metric,
        )?;
        Ok(TraceStepper {
            stepped: Stepped::Weighted(Box::new(search)),
            recorder: Recorder::new(&start),
            goal,
            start,
            budget,
        })
    }

    /// The heuristic and weight of a weighted stepper (`None`: the contract).
    pub fn weighting(&self) -> Option<(Heuristic, Weight)> {
        match &self.stepped {
            Stepped::Contract(_) => None,
            Stepped::Weighted(w) => Some((w.heuristic().clone(), w.weight())),
        }
    }

    /// The metric moves are counted in (the contract's: single-tile).
    pub fn metric(&self) -> Metric {
        match &self.stepped {
            Stepped::Contract(_) => Metric::Single,
            Stepped::Weighted(w) => w.metric(),
        }
    }

    /// The first board a written h failed on (its search has then ended).
    pub fn written_failure(&self) -> Option<WrittenFailure> {
        match &self.stepped {
            Stepped::Contract(_) => None,
            Stepped::Weighted(w) => w.written_failure(),
        }
    }

    /// Runs `f` on the contract search this stepper's solver holds. `new`
    /// began it and `seek` restarts it with the same goal, so it is always
    /// there; `f` still gets an `Option` rather than this code assuming so.
    fn with_search<R>(
        solver: &mut Solver,
        goal: &Goal,
        f: impl FnOnce(Option<&mut Search<'_>>) -> R,
    ) -> R {
        match solver.resume(goal) {
            Some(mut s) => f(Some(&mut s)),
            None => f(None),
        }
    }

    /// Pops once; the new record, or `None` when the search had ended.
    pub fn step(&mut self) -> Option<&PopRecord> {
        let event = match &mut self.stepped {
            Stepped::Contract(solver) => Self::with_search(solver, &self.goal, |s| {
                s.map_or(Event::Finished, |s| s.step())
            }),
            Stepped::Weighted(w) if w.is_finished() => Event::Finished,
            Stepped::Weighted(w) => w.step(),
        };
        if self.recorder.feed(event) {
            self.recorder.records.last()
        } else {
            None
        }
    }

    /// Moves to event `k` (clamped to the search's end): forward by stepping,
    /// back by replaying the engine's search from the start to `k`.
    pub fn seek(&mut self, k: u32) {
        if (k as usize) < self.recorder.records.len() {
            self.recorder = Recorder::new(&self.start);
            match &mut self.stepped {
                Stepped::Contract(solver) => {
                    let _ = solver.search(&self.start, &self.goal, self.budget);
                }
                Stepped::Weighted(w) => {
                    let (h, order, metric) = (w.heuristic().clone(), w.order(), w.metric());
                    if let Ok(fresh) = WeightedSearch::ordered_in(
                        &self.start,
                        &self.goal,
                        Some(h),
                        order,
                        self.budget,
                        metric,
                    ) {
                        **w = fresh;
                    }
                }
            }
        }
        while (self.recorder.records.len() as u32) < k && self.step().is_some() {}
    }

    /// One pop back (nothing at event 0).
    pub fn back(&mut self) {
        let k = self.event();
        if k > 0 {
            self.seek(k - 1);
        }
    }

    /// Pops so far.
    pub fn event(&self) -> u32 {
        self.recorder.records.len() as u32
    }

    /// Whether the search has ended (goal or budget).
    pub fn is_finished(&mut self) -> bool {
        match &mut self.stepped {
            Stepped::Contract(solver) => {
                Self::with_search(solver, &self.goal, |s| s.is_none_or(|s| s.is_finished()))
            }
            Stepped::Weighted(w) => w.is_finished(),
        }
    }

    /// The search's outcome so far, read from the engine's search: the
    /// solver's result once it has ended, `Unknown` before. A weighted
    /// search's `Solved` carries a checked path, not a proved optimum.
    pub fn outcome(&mut self) -> Result<Outcome, SolveError> {
        let (start, goal, budget) = (self.start, self.goal.clone(), self.budget);
        match &mut self.stepped {
            Stepped::Contract(solver) => Self::with_search(solver, &goal, |s| match s {
                Some(s) => s.outcome(),
                // Not reachable: `new` and `seek` always leave a search begun.
                None => Solver::new().solve(&start, &goal, budget),
            }),
            Stepped::Weighted(w) => w.outcome(),
        }
    }

    /// Every frontier entry now, in pop order (stale ones included), read
    /// from the engine's search: what the next pops take, first to last.
    pub fn frontier(&mut self) -> Vec<Entry> {
        match &mut self.stepped {
            Stepped::Contract(solver) => Self::with_search(solver, &self.goal, |s| {
                s.map_or_else(Vec::new, |s| s.frontier_preview(usize::MAX))
            }),
            Stepped::Weighted(w) => w.frontier_preview(usize::MAX),
        }
    }

    /// The records so far.
    pub fn records(&self) -> &[PopRecord] {
        &self.recorder.records
    }

    /// The tree's data now.
    pub fn snapshot(&mut self) -> TreeSnapshot {
        let h = match &self.stepped {
            Stepped::Contract(_) => self.goal.manhattan(&self.start),
            // A failure on the start ends the search, which reports it.
            Stepped::Weighted(w) => w.estimate(&self.start),
        };
        let start = Entry {
            key: self.start.packed(),
            g: 0,
            h,
            seq: 0,
        };
        let probe = match &mut self.stepped {
            Stepped::Contract(solver) => Self::with_search(solver, &self.goal, |s| Probe {
                preview: s
                    .as_ref()
                    .map_or_else(Vec::new, |s| s.frontier_preview(PREVIEW)),
                frontier_len: s.as_ref().map_or(0, |s| s.frontier_len()),
                stats: s.as_ref().map_or_else(Stats::default, |s| s.stats()),
                finished: s.as_ref().is_none_or(|s| s.is_finished()),
                twice_w: 2,
            }),
            Stepped::Weighted(w) => Probe {
                preview: w.frontier_preview(PREVIEW),
                frontier_len: w.frontier_len(),
                stats: w.stats(),
                finished: w.is_finished(),
                twice_w: w.weight().twice(),
            },
        };
        TreeSnapshot::build(&self.recorder.records, start, probe)
    }
}

/// The tree's data after `k` pops, from a fresh replay of the engine's search.
pub fn snapshot_at(
    start: &Board,
    goal: &Goal,
    budget: Budget,
    k: u32,
) -> Result<TreeSnapshot, ParityProof> {
    let mut s = TraceStepper::new(*start, goal.clone(), budget)?;
    s.seek(k);
    Ok(s.snapshot())
}
