//! The contract A*.
//!
//! * f = g + h with h = Manhattan ([`Goal::manhattan`]).
//! * The frontier pops the smallest `(f, h, key, seq)`: smaller f, then
//!   smaller h, then the smaller key (the nine digits row-major compared as a
//!   string, which equals comparing [`Board::packed`] as integers), then the
//!   smaller insertion sequence number. `seq` is the node's index in the arena
//!   (start = 0, then in push order, neighbours in [`Move::ALL`] order).
//! * A best-g table per board (indexed by [`rank`](super::rank)); a neighbour
//!   is pushed only when its g strictly improves. Nodes are immutable records in
//!   an arena and name their parent by index.
//! * A popped entry whose g is no longer its board's best is *stale*: skipped,
//!   counted apart, not an expansion.
//! * The goal is accepted when it is popped, before the budget is charged.
//!   An *expansion* is a popped, non-stale, non-goal board whose neighbours are
//!   generated. Before expanding, if expansions already equal the budget, the
//!   search stops with `Unknown (BudgetExceeded)`: an unfinished search, which
//!   says nothing about whether a solution exists.
//!
//! The same code path serves the one-call solver ([`Solver::solve`]) and the
//! step-by-step trace ([`Search::step`]), so a trace always reproduces the
//! solver's result. It is also the lab's A* with another heuristic and its
//! greedy best-first: the loop (`Solver::advance`) is generic over the
//! heuristic (see `estimate.rs`, each with an incremental update) and the
//! priority (greedy orders by (h, key, seq) and never reopens a board), and
//! monomorphised, so the contract instance pays nothing for the others.

mod event;
mod outcome;

pub(crate) use crate::verdict::{Solution, UnknownReason, Verdict};
pub(crate) use event::End;
pub use event::{Entry, Event, Neighbour, Neighbours};
pub use outcome::{Outcome, SolveError, Stats};

use super::budget::Budget;
use super::estimate::{Estimate, Manhattan};
use super::frontier::Frontier;
use super::goal::Goal;
use super::rank::{after_move, lehmer_packed, rank_packed, STATES};
use crate::board::Board;
use crate::contract::neighbours::NEIGHBOURS;
use crate::moves::{Metric, Move, Slide};
use crate::shape::Shape;
use crate::solvability::{check_parity, ParityProof};
use crate::witness::verify;

const NO_PARENT: u32 = u32::MAX;
/// The `BLANK` of [`Solver::expand`] that reads the blank from the node.
const ANY_CELL: usize = usize::MAX;
const NO_MOVE: u8 = u8::MAX;

#[inline]
fn shift(cell: usize) -> u32 {
    4 * (8 - cell as u32)
}

/// One immutable search record, packed into 24 bytes: the board's key with
/// its blank cell, the move that made it and its h; its Lehmer digits with
/// its rank; its parent and g.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// key (36 bits) | blank << 36 | mv << 40 | h << 48.
    board: u64,
    /// Lehmer digits (36 bits) | rank << 36.
    digits: u64,
    parent: u32,
    /// u32 rather than u8: greedy best-first paths can be hundreds of moves.
    g: u32,
}

impl Node {
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn new(
        key: u64,
        lehmer: u64,
        rank: u32,
        parent: u32,
        g: u32,
        h: u32,
        blank: u8,
        mv: u8,
    ) -> Node {
        Node {
            board: key | (u64::from(blank) << 36) | (u64::from(mv) << 40) | (u64::from(h) << 48),
            digits: lehmer | (u64::from(rank) << 36),
            parent,
            g,
        }
    }
    #[inline(always)]
    fn key(&self) -> u64 {
        self.board & 0xF_FFFF_FFFF
    }
    #[inline(always)]
    fn blank(&self) -> usize {
        ((self.board >> 36) & 0xF) as usize
    }
    #[inline(always)]
    fn mv(&self) -> u8 {
        ((self.board >> 40) & 0xFF) as u8
    }
    #[inline(always)]
    fn h(&self) -> u32 {
        (self.board >> 48) as u32
    }
    #[inline(always)]
    fn lehmer(&self) -> u64 {
        self.digits & 0xF_FFFF_FFFF
    }
    #[inline(always)]
    fn rank(&self) -> u32 {
        (self.digits >> 36) as u32
    }
}

const UNSEEN: u8 = u8::MAX;

/// Reusable search buffers: the best-g table, the node arena and the frontier.
/// Reusing one `Solver` across solves avoids every per-solve allocation after
/// the first. The best-g table (one byte per board, 354 KiB, small enough for
/// a core's L2 cache) is reset by walking the previous search's arena, so a
/// reset costs as much as the search it undoes, not 9! writes.
pub struct Solver {
    best: Vec<u8>,
    nodes: Vec<Node>,
    frontier: Frontier,
    run: Run,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// Allocates the buffers (about 1.5 MB for the best-g table).
    pub fn new() -> Solver {
        Solver {
            best: vec![UNSEEN; STATES],
            nodes: Vec::new(),
            frontier: Frontier::new(),
            run: Run::IDLE,
        }
    }

    /// Picks up the search this solver last began, if it was begun with this
    /// goal; `None` otherwise.
    pub fn resume<'a>(&'a mut self, goal: &'a Goal) -> Option<Search<'a>> {
        (self.run.begun && self.run.goal == *goal.board()).then_some(Search { solver: self, goal })
    }

    /// Starts a step-by-step search. Returns the parity proof instead when
    /// start and goal cannot reach each other.
    pub fn search<'a>(
        &'a mut self,
        start: &Board,
        goal: &'a Goal,
        budget: Budget,
    ) -> Result<Search<'a>, ParityProof> {
        check_parity(start, goal.board())?;
        Ok(Search::new(self, *start, goal, budget))
    }

    /// Solves `start` → `goal` under `budget` and checks the witness.
    pub fn solve(
        &mut self,
        start: &Board,
        goal: &Goal,
        budget: Budget,
    ) -> Result<Outcome, SolveError> {
        let goal_shape = goal.board().shape();
        if start.shape() != Shape::THREE || goal_shape != Shape::THREE {
            return Err(SolveError::NotThreeByThree {
                start: start.shape(),
                goal: goal_shape,
            });
        }
        let initial_manhattan = goal.manhattan(start);
        match self.search(start, goal, budget) {
            Err(proof) => Ok(Outcome {
                start: *start,
                goal: *goal.board(),
                verdict: Verdict::Unsolvable(proof),
                stats: Stats::default(),
                initial_manhattan,
                budget,
            }),
            Ok(mut search) => {
                search.run();
                search.outcome()
            }
        }
    }
}

/// The one A*: every best-first search of the crate runs through these
/// functions — the contract search (Manhattan, order (f, h, key, seq)), the
/// lab's A* with another heuristic, and greedy best-first. They are generic
/// over the heuristic (`E`, with its incremental update) and the priority
/// (`GREEDY`: order (h, key, seq), a board never reopened), so each instance
/// is monomorphised and the contract's loop is the code it always was.
impl Solver {
    /// Resets the buffers from the previous search (by walking its arena) and
    /// pushes `start`: a single-tile search.
    pub(crate) fn begin<E: Estimate>(&mut self, start: Board, goal: &Goal, budget: Budget, e: &E) {
        self.begin_in(start, goal, budget, e, Metric::Single);
    }

    /// [`Solver::begin`] counting moves in `metric`: in the multi-tile
    /// metric an expansion generates every slide of 1 or 2 tiles (each one
    /// move), for an estimate compiled with them ([`Estimate::SLIDES`]).
    pub(crate) fn begin_in<E: Estimate>(
        &mut self,
        start: Board,
        goal: &Goal,
        budget: Budget,
        e: &E,
        metric: Metric,
    ) {
        for node in &self.nodes {
            self.best[node.rank() as usize] = UNSEEN;
        }
        self.nodes.clear();
        self.frontier.clear();
        let key = start.packed();
        let h = e.estimate(key);
        let rank = rank_packed(key);
        self.nodes.push(Node::new(
            key,
            lehmer_packed(key),
            rank,
            NO_PARENT,
            0,
            h,
            start.blank() as u8,
            NO_MOVE,
        ));
        self.best[rank as usize] = 0;
        // g = 0: f = h, so both priorities push the start the same way (a
        // weighted estimate scales it: 2w·h).
        self.frontier.push(e.priority(0, h), h, rank, 0);
        self.run = Run {
            goal: *goal.board(),
            goal_key: goal.board().packed(),
            start,
            budget,
            stats: Stats {
                max_frontier: 1,
                ..Stats::default()
            },
            end: None,
            begun: true,
            multi: metric == Metric::Multi && E::SLIDES,
        };
    }

    /// Pops one frontier entry and handles it by the contract's discipline:
    /// stale pops skipped (A* only; greedy never reopens, so it has none),
    /// the goal accepted when popped, the budget checked before expanding.
    /// With `RECORD = false` the event's neighbour list is left empty;
    /// everything else — order, tables, counters — is identical.
    #[inline(always)]
    pub(crate) fn advance<const RECORD: bool, const GREEDY: bool, E: Estimate>(
        &mut self,
        e: &E,
    ) -> Event {
        if self.run.end.is_some() {
            return Event::Finished;
        }
        let Some(item) = self.frontier.pop() else {
            self.run.end = Some(End::Exhausted);
            return Event::Finished;
        };
        let seq = item.seq;
        let node = self.nodes[seq as usize];
        let entry = Entry {
            key: node.key(),
            g: node.g,
            h: node.h(),
            seq,
        };
        if !GREEDY && u32::from(self.best[node.rank() as usize]) != node.g {
            self.run.stats.stale += 1;
            return Event::Stale(entry);
        }
        if node.key() == self.run.goal_key {
            self.run.end = Some(End::Goal(seq));
            return Event::GoalAccepted(entry);
        }
        if self.run.stats.expansions >= self.run.budget.get() {
            self.run.end = Some(End::Budget);
            return Event::BudgetExceeded(entry);
        }
        self.run.stats.expansions += 1;
        // The contract's solving loop runs one instance of the expansion per
        // blank cell (its targets, shifts and rank-update shapes are
        // constants there); the recording step, used one pop at a time, and
        // the lab's other instances keep one each (nine copies of each would
        // weigh on the page).
        let neighbours = if E::SLIDES && self.run.multi {
            self.expand_slides::<RECORD, GREEDY, E>(e, node, seq)
        } else if RECORD || GREEDY || !E::BY_BLANK {
            self.expand::<RECORD, GREEDY, ANY_CELL, E>(e, node, seq)
        } else {
            match node.blank() {
                0 => self.expand::<RECORD, GREEDY, 0, E>(e, node, seq),
                1 => self.expand::<RECORD, GREEDY, 1, E>(e, node, seq),
                2 => self.expand::<RECORD, GREEDY, 2, E>(e, node, seq),
                3 => self.expand::<RECORD, GREEDY, 3, E>(e, node, seq),
                4 => self.expand::<RECORD, GREEDY, 4, E>(e, node, seq),
                5 => self.expand::<RECORD, GREEDY, 5, E>(e, node, seq),
                6 => self.expand::<RECORD, GREEDY, 6, E>(e, node, seq),
                7 => self.expand::<RECORD, GREEDY, 7, E>(e, node, seq),
                _ => self.expand::<RECORD, GREEDY, 8, E>(e, node, seq),
            }
        };
        self.run.stats.max_frontier = self.run.stats.max_frontier.max(self.frontier.len() as u32);
        Event::Expanded { entry, neighbours }
    }

    /// Generates the neighbours of the popped `node` (arena entry `seq`)
    /// and pushes those whose g improves. `BLANK` is the node's blank cell,
    /// or [`ANY_CELL`] for an instance that reads it from the node.
    #[inline(always)]
    fn expand<const RECORD: bool, const GREEDY: bool, const BLANK: usize, E: Estimate>(
        &mut self,
        e: &E,
        node: Node,
        seq: u32,
    ) -> Neighbours {
        let blank = if BLANK == ANY_CELL {
            node.blank()
        } else {
            BLANK
        };
        let g = node.g + 1;
        let (key0, mv0) = (node.key(), node.mv());
        let back = if mv0 == NO_MOVE { NO_MOVE } else { mv0 ^ 1 };
        let mut neighbours = Neighbours { items: [None; 4] };
        for (slot, &(mv, target)) in neighbours.items.iter_mut().zip(NEIGHBOURS[blank]) {
            let target = target as usize;
            let tile = (key0 >> shift(target)) & 0xF;
            let key = key0 - (tile << shift(target)) + (tile << shift(blank));
            let h = e.after_move(node.h(), key0, key, tile as usize, blank, target);
            self.run.stats.generated += 1;
            let mi = mv as u8;
            // The move back leads to the parent, whose best g is at most
            // g − 2 here (and which greedy has seen): it can never improve,
            // so its table look-up is skipped.
            let improved_rank = if mi == back {
                None
            } else {
                let (lehmer, rank) = after_move(key0, node.lehmer(), node.rank(), blank, target);
                let seen = self.best[rank as usize];
                // UNSEEN (255) is larger than any g of A*, so it always improves.
                let improves = if GREEDY {
                    seen == UNSEEN
                } else {
                    u32::from(seen) > g
                };
                improves.then_some((lehmer, rank))
            };
            let mut seq_new = 0;
            if let Some((lehmer, rank)) = improved_rank {
                seq_new = self.nodes.len() as u32;
                // Greedy only asks whether a board was seen: 0 marks it.
                self.best[rank as usize] = if GREEDY { 0 } else { g as u8 };
                self.nodes
                    .push(Node::new(key, lehmer, rank, seq, g, h, target as u8, mi));
                let first = if GREEDY { h } else { e.priority(g, h) };
                self.frontier.push(first, h, rank, seq_new);
                self.run.stats.pushed += 1;
            }
            if RECORD {
                *slot = Some(Neighbour {
                    mv,
                    count: 1,
                    entry: Entry {
                        key,
                        g,
                        h,
                        seq: seq_new,
                    },
                    pushed: improved_rank.is_some(),
                });
            }
        }
        neighbours
    }

    /// [`Solver::expand`] in the multi-tile metric: for each direction in
    /// [`Move::ALL`] order, the slides of 1, 2, … tiles until the edge, each
    /// one move (g + 1). A slide of k tiles is k single-tile steps, so the
    /// estimate's and the rank's updates are the single-tile ones chained;
    /// no board is skipped as the move back (the parent's best g is below
    /// g, so it never improves).
    #[inline(never)]
    fn expand_slides<const RECORD: bool, const GREEDY: bool, E: Estimate>(
        &mut self,
        e: &E,
        node: Node,
        seq: u32,
    ) -> Neighbours {
        let g = node.g + 1;
        let mut neighbours = Neighbours { items: [None; 4] };
        let mut slot = 0;
        for mv in Move::ALL {
            let (mut key, mut lehmer, mut rank) = (node.key(), node.lehmer(), node.rank());
            let (mut h, mut blank, mut count) = (node.h(), node.blank(), 0u8);
            while let Some(target) = mv.target_3x3(blank) {
                count += 1;
                let tile = (key >> shift(target)) & 0xF;
                let next = key - (tile << shift(target)) + (tile << shift(blank));
                h = e.after_move(h, key, next, tile as usize, blank, target);
                (lehmer, rank) = after_move(key, lehmer, rank, blank, target);
                (key, blank) = (next, target);
                self.run.stats.generated += 1;
                let seen = self.best[rank as usize];
                let improves = if GREEDY {
                    seen == UNSEEN
                } else {
                    u32::from(seen) > g
                };
                let mut seq_new = 0;
                if improves {
                    seq_new = self.nodes.len() as u32;
                    self.best[rank as usize] = if GREEDY { 0 } else { g as u8 };
                    let mi = mv as u8 | ((count - 1) << 2);
                    self.nodes
                        .push(Node::new(key, lehmer, rank, seq, g, h, blank as u8, mi));
                    let first = if GREEDY { h } else { e.priority(g, h) };
                    self.frontier.push(first, h, rank, seq_new);
                    self.run.stats.pushed += 1;
                }
                if RECORD {
                    if let Some(s) = neighbours.items.get_mut(slot) {
                        *s = Some(Neighbour {
                            mv,
                            count,
                            entry: Entry {
                                key,
                                g,
                                h,
                                seq: seq_new,
                            },
                            pushed: improves,
                        });
                    }
                    slot += 1;
                }
            }
        }
        neighbours
    }

    /// Steps until the search ends.
    pub(crate) fn finish<const GREEDY: bool, E: Estimate>(&mut self, e: &E) {
        while self.run.end.is_none() {
            self.advance::<false, GREEDY, E>(e);
        }
    }

    /// How the search begun last ended (`None` while it runs).
    /// The next `n` frontier entries in pop order (stale ones included),
    /// whatever priority the search that filled the frontier used.
    pub(crate) fn preview(&self, n: usize) -> Vec<Entry> {
        self.frontier
            .sorted()
            .iter()
            .take(n)
            .map(|item| {
                let node = self.nodes[item.seq as usize];
                Entry {
                    key: node.key(),
                    g: node.g,
                    h: node.h(),
                    seq: item.seq,
                }
            })
            .collect()
    }

    /// The number of frontier entries (stale ones included).
    pub(crate) fn frontier_len(&self) -> usize {
        self.frontier.len()
    }

    pub(crate) fn end(&self) -> Option<End> {
        self.run.end
    }

    /// The budget of the search begun last.
    pub(crate) fn budget(&self) -> Budget {
        self.run.budget
    }

    /// The counters of the search begun last.
    pub(crate) fn stats(&self) -> Stats {
        self.run.stats
    }

    /// The moves from the start to arena entry `seq`, by parent links.
    pub(crate) fn path(&self, mut seq: u32) -> Vec<Move> {
        let mut moves = Vec::new();
        while seq != NO_PARENT {
            let node = self.nodes[seq as usize];
            if node.mv() != NO_MOVE {
                moves.push(Move::ALL[node.mv() as usize]);
            }
            seq = node.parent;
        }
        moves.reverse();
        moves
    }

    /// The slides from the start to arena entry `seq`, by parent links (a
    /// single-tile search's moves as slides of one tile).
    pub(crate) fn slides(&self, mut seq: u32) -> Vec<Slide> {
        let mut slides = Vec::new();
        while seq != NO_PARENT {
            let node = self.nodes[seq as usize];
            if node.mv() != NO_MOVE {
                let mv = Move::ALL[usize::from(node.mv() & 3)];
                slides.push(Slide::new(mv, (node.mv() >> 2) + 1));
            }
            seq = node.parent;
        }
        slides.reverse();
        slides
    }
}

/// The state of the search a [`Solver`] is running (one at a time).
#[derive(Clone, Copy, Debug)]
struct Run {
    goal: Board,
    goal_key: u64,
    start: Board,
    budget: Budget,
    stats: Stats,
    end: Option<End>,
    begun: bool,
    /// Slides of 1..k tiles are the moves (the multi-tile metric).
    multi: bool,
}

impl Run {
    const IDLE: Run = Run {
        goal: Board::DEFAULT_GOAL,
        goal_key: 0,
        start: Board::DEFAULT_GOAL,
        budget: Budget::new(0),
        stats: Stats {
            expansions: 0,
            generated: 0,
            pushed: 0,
            stale: 0,
            max_frontier: 0,
        },
        end: None,
        begun: false,
        multi: false,
    };
}

/// A search in progress, driven one pop at a time by [`Search::step`]. It is
/// a handle on a [`Solver`], whose buffers hold the whole state, so a search
/// can be put down and picked up again with [`Solver::resume`].
pub struct Search<'a> {
    solver: &'a mut Solver,
    goal: &'a Goal,
}

impl<'a> Search<'a> {
    fn new(solver: &'a mut Solver, start: Board, goal: &'a Goal, budget: Budget) -> Search<'a> {
        solver.begin(start, goal, budget, &Manhattan::new(goal));
        Search { solver, goal }
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        self.solver.run.stats
    }

    /// The budget this search runs under.
    pub fn budget(&self) -> Budget {
        self.solver.run.budget
    }

    /// The number of entries in the frontier (stale ones included).
    pub fn frontier_len(&self) -> usize {
        self.solver.frontier.len()
    }

    /// True once the goal was accepted, the budget stopped the search, or the
    /// frontier emptied.
    pub fn is_finished(&self) -> bool {
        self.solver.run.end.is_some()
    }

    /// The next `n` frontier entries in pop order (stale ones included, as
    /// they would be popped). Costs a copy and sort of the frontier; for the
    /// trace view, not the hot path.
    pub fn frontier_preview(&self, n: usize) -> Vec<Entry> {
        self.solver.preview(n)
    }

    /// Pops one frontier entry and handles it by the contract.
    pub fn step(&mut self) -> Event {
        self.advance::<true>()
    }

    /// The contract's step: Manhattan, order (f, h, key, seq).
    #[inline(always)]
    fn advance<const RECORD: bool>(&mut self) -> Event {
        self.solver
            .advance::<RECORD, false, _>(&Manhattan::new(self.goal))
    }

    /// Steps until the search ends.
    pub fn run(&mut self) {
        self.solver.finish::<false, _>(&Manhattan::new(self.goal));
    }

    /// The outcome so far: `Solved` (checked), `Unknown`, or — while the search
    /// has not ended — `Unknown` as well, since nothing is known yet.
    pub fn outcome(&self) -> Result<Outcome, SolveError> {
        let initial_manhattan = self.goal.manhattan(&self.solver.run.start);
        let verdict = match self.solver.run.end {
            Some(End::Goal(seq)) => {
                let moves = self.solver.path(seq);
                let cost = self.solver.nodes[seq as usize].g;
                let boards = verify(&self.solver.run.start, self.goal.board(), &moves, cost)
                    .map_err(SolveError::Witness)?;
                Verdict::Solved(Solution {
                    moves,
                    cost,
                    boards,
                    metric: crate::moves::Metric::Single,
                })
            }
            Some(End::Exhausted) => return Err(SolveError::FrontierExhausted),
            Some(End::Budget) | None => Verdict::Unknown(UnknownReason::BudgetExceeded),
        };
        Ok(Outcome {
            start: self.solver.run.start,
            goal: *self.goal.board(),
            verdict,
            stats: self.solver.run.stats,
            initial_manhattan,
            budget: self.solver.run.budget,
        })
    }
}

/// Solves once with fresh buffers. For many solves, reuse a [`Solver`].
///
/// ```
/// use eight_puzzle_engine::{Board, Move, Verdict, contract::{solve, Budget, Goal}};
/// let out = solve(&Board::BASELINE_START, &Goal::default(), Budget::new(100)).unwrap();
/// let Verdict::Solved(sol) = &out.verdict else { panic!() };
/// assert_eq!(sol.moves, [Move::Right, Move::Right]);
/// assert_eq!((sol.cost, out.stats.expansions, out.initial_manhattan), (2, 2, 2));
/// ```
pub fn solve(start: &Board, goal: &Goal, budget: Budget) -> Result<Outcome, SolveError> {
    Solver::new().solve(start, goal, budget)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn another_shape_is_refused_before_any_search() {
        let four = Board::default_goal(Shape::FOUR);
        let e = solve(&four, &Goal::new(four), Budget::new(10)).unwrap_err();
        assert_eq!(
            e,
            SolveError::NotThreeByThree {
                start: Shape::FOUR,
                goal: Shape::FOUR
            }
        );
        assert_eq!(
            e.to_string(),
            "internal error: the 3×3 contract's A* was given a 4×4 start and a 4×4 goal"
        );
        let e = solve(&Board::BASELINE_START, &Goal::new(four), Budget::new(10)).unwrap_err();
        assert_eq!(
            e,
            SolveError::NotThreeByThree {
                start: Shape::THREE,
                goal: Shape::FOUR
            }
        );
    }
}
