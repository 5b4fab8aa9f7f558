//! IDA* with Manhattan, one event at a time.
//!
//! Iterative deepening A*: depth-first passes bounded by f = g + h; the first
//! bound is the start's h, each later bound the smallest f that went over the
//! previous one. This is a thin 3×3 front on the engine's one IDA* loop
//! (`solve::idastar::Ida`, the solver's too), run with Manhattan, the
//! one-by-one child order and an observer that records one [`IdaEvent`] per
//! board entered (numbered from 1) and pauses after it, so the search can be
//! stepped; the lab's IDA* ([`crate::contract::lab`]) runs it to the end.
//!
//! Order and counting (the lab's figures depend on them):
//! * children are generated in [`Move::ALL`] order, never undoing the move
//!   that led to the board;
//! * entering a board: if f > bound it is a *cut-off* (its f is a candidate
//!   for the next bound); else if h = 0 it is the goal (Manhattan is 0 only
//!   on the goal); else if expansions already equal the budget the search
//!   stops; else it is *expanded* (counted, pushed on the path);
//! * *generated* counts every child entered, the start excluded.

use crate::board::Board;
use crate::contract::Goal;
use crate::moves::Move;
use crate::solvability::{check_parity, ParityProof};
use crate::solve::{Entered, Halt, Ida, IdaKind, InMoveOrder, ManhattanEst, Observer};

#[inline]
fn shift(cell: usize) -> u32 {
    4 * (8 - cell as u32)
}

/// A board on (or just off) the depth-first path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IdaNode {
    /// Packed key (see [`Board::packed`]).
    pub key: u64,
    /// Depth: moves from the start.
    pub g: u32,
    /// Manhattan distance to the goal.
    pub h: u32,
    /// The blank's move that led here (`None` for the start).
    pub mv: Option<Move>,
}

impl IdaNode {
    /// f = g + h.
    pub fn f(&self) -> u32 {
        self.g + self.h
    }
    /// The board.
    pub fn board(&self) -> Board {
        Board::from_packed(self.key).unwrap_or(Board::DEFAULT_GOAL)
    }
    /// The nine-digit key, e.g. `"123456078"`.
    pub fn key_string(&self) -> String {
        format!("{:09x}", self.key)
    }
}

/// One step of IDA*: one board entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IdaEvent {
    /// Event number, from 1.
    pub number: u64,
    /// Iteration number, from 1.
    pub iteration: u32,
    /// This iteration's bound on f.
    pub bound: u32,
    /// What happened.
    pub kind: IdaKind,
    /// The board entered.
    pub node: IdaNode,
    /// Its parent's key (`None` for the start).
    pub parent: Option<u64>,
    /// The smallest f over the bound seen so far in this iteration, after
    /// this event (`None` while there was no cut-off): the next bound.
    pub next_bound: Option<u32>,
}

/// One finished or running iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// The bound on f.
    pub threshold: u32,
    /// Boards generated (children entered, the start excluded).
    pub generated: u64,
    /// Boards expanded.
    pub expansions: u64,
    /// Boards cut off (f over the bound).
    pub cutoffs: u64,
}

/// How an IDA* search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdaEnd {
    /// The goal was entered within the bound.
    Goal,
    /// The expansion budget was used up: unfinished, no claim either way.
    Budget,
    /// An iteration had no cut-off and no goal (impossible for a
    /// parity-matched 3×3 pair; reported, not panicked).
    Exhausted,
}

/// The IDA* trace's own default budget of expansions (page field and
/// `trace --algorithm idastar --ida-budget`): IDA* re-enters boards on every
/// iteration, so the hardest 3×3 boards (31 moves) need about 14,000, past
/// the contract A*'s 1–10,000; this default finishes every 3×3 board.
pub const IDA_BUDGET: u64 = 1_000_000;

/// The trace's observer: numbers the events, keeps the iterations' counts,
/// the expansion budget and the last event (which pauses the loop, so that
/// the search goes one board at a time).
#[derive(Clone, Debug)]
struct Log {
    /// Expansions allowed.
    budget: u64,
    iterations: Vec<Iteration>,
    events: u64,
    expansions: u64,
    peak: u64,
    last: Option<IdaEvent>,
}

/// The packed key of the first nine cells (see [`Board::packed`]).
#[inline]
fn key_of(cells: &[u8]) -> u64 {
    cells[..9]
        .iter()
        .fold(0u64, |acc, &c| (acc << 4) | u64::from(c & 0xF))
}

/// `key` with cells `a` and `b` exchanged.
#[inline]
fn swap_cells(key: u64, a: usize, b: usize) -> u64 {
    let (ta, tb) = ((key >> shift(a)) & 0xF, (key >> shift(b)) & 0xF);
    key - (ta << shift(a)) - (tb << shift(b)) + (ta << shift(b)) + (tb << shift(a))
}

impl Observer for Log {
    #[inline]
    fn admit(&mut self) -> bool {
        self.expansions < self.budget
    }

    #[inline]
    fn entered(&mut self, kind: IdaKind, b: &Entered<'_>) -> bool {
        let key = key_of(b.cells);
        let parent = b
            .parent_blank
            .map(|p| swap_cells(key, usize::from(b.blank), usize::from(p)));
        let it = self.iterations.last_mut();
        if let Some(it) = it {
            if parent.is_some() {
                it.generated += 1;
            }
            match kind {
                IdaKind::Cutoff => it.cutoffs += 1,
                IdaKind::Expanded => it.expansions += 1,
                _ => {}
            }
        }
        if kind == IdaKind::Expanded {
            self.expansions += 1;
            self.peak = self.peak.max(u64::from(b.g) + 1);
        }
        self.events += 1;
        self.last = Some(IdaEvent {
            number: self.events,
            iteration: self.iterations.len() as u32,
            bound: b.bound,
            kind,
            node: IdaNode {
                key,
                g: b.g,
                h: b.h,
                mv: Move::ALL.get(usize::from(b.via)).copied(),
            },
            parent,
            next_bound: (b.next_bound != u32::MAX).then_some(b.next_bound),
        });
        true
    }

    fn iteration(&mut self, bound: u32) {
        self.iterations.push(Iteration {
            threshold: bound,
            generated: 0,
            expansions: 0,
            cutoffs: 0,
        });
    }
}

/// IDA* in progress, stepped by [`IdaSearch::step`]. Owns its state (a copy
/// of the goal, the path), so a caller can keep it between clicks.
#[derive(Clone)]
pub struct IdaSearch {
    start: u64,
    ida: Ida<ManhattanEst, InMoveOrder>,
    log: Log,
    end: Option<IdaEnd>,
}

impl std::fmt::Debug for IdaSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IdaSearch")
            .field("start", &format_args!("{:09x}", self.start))
            .field("bound", &self.ida.bound())
            .field("path", &self.path())
            .field("log", &self.log)
            .field("end", &self.end)
            .finish()
    }
}

impl IdaSearch {
    /// Starts IDA* from `start` to `goal` with a budget of `budget`
    /// expansions; the parity proof instead when they cannot meet.
    pub fn new(start: &Board, goal: &Goal, budget: u64) -> Result<IdaSearch, ParityProof> {
        check_parity(start, goal.board())?;
        Ok(IdaSearch::unchecked(start, goal, budget))
    }

    pub(crate) fn unchecked(start: &Board, goal: &Goal, budget: u64) -> IdaSearch {
        let ida = Ida::new(ManhattanEst::new(goal.board()), start, goal.board());
        let h0 = ida.bound();
        IdaSearch {
            start: start.packed(),
            ida,
            log: Log {
                budget,
                iterations: vec![Iteration {
                    threshold: h0,
                    generated: 0,
                    expansions: 0,
                    cutoffs: 0,
                }],
                events: 0,
                expansions: 0,
                peak: 1,
                last: None,
            },
            end: None,
        }
    }

    /// A fresh search stepped `k` times (or to its end): the state at event
    /// `k`, replayed from the start.
    pub fn at(start: &Board, goal: &Goal, budget: u64, k: u64) -> Result<IdaSearch, ParityProof> {
        let mut s = IdaSearch::new(start, goal, budget)?;
        while s.events() < k && s.step().is_some() {}
        Ok(s)
    }

    /// Enters the next board; `None` once the search has ended.
    #[inline]
    pub fn step(&mut self) -> Option<IdaEvent> {
        if self.end.is_some() {
            return None;
        }
        self.log.last = None;
        match self.ida.run(u64::MAX, &mut self.log) {
            Halt::Found => self.end = Some(IdaEnd::Goal),
            Halt::Stopped => self.end = Some(IdaEnd::Budget),
            Halt::Exhausted => self.end = Some(IdaEnd::Exhausted),
            Halt::Paused => {}
        }
        self.log.last
    }

    /// Steps to the end.
    pub fn run(&mut self) {
        while self.step().is_some() {}
    }

    /// Events so far.
    pub fn events(&self) -> u64 {
        self.log.events
    }

    /// How the search ended, or `None` while it runs.
    pub fn end(&self) -> Option<IdaEnd> {
        self.end
    }

    /// The current iteration's bound on f.
    pub fn bound(&self) -> u32 {
        self.ida.bound()
    }

    /// The smallest f over the bound in the current iteration so far.
    pub fn next_bound(&self) -> Option<u32> {
        let n = self.ida.next_bound();
        (n != u32::MAX).then_some(n)
    }

    /// Every iteration so far, the current one last.
    pub fn iterations(&self) -> &[Iteration] {
        &self.log.iterations
    }

    /// The current depth-first path, start first: the expanded boards whose
    /// children are being tried (each with its g, h and so f), then the goal
    /// once it was entered.
    pub fn path(&self) -> Vec<IdaNode> {
        let mut out = Vec::with_capacity(self.ida.depth());
        let (mut key, mut prev) = (self.start, None::<u8>);
        for (g, (blank, h, via)) in self.ida.path().enumerate() {
            if let Some(p) = prev {
                key = swap_cells(key, usize::from(p), usize::from(blank));
            }
            prev = Some(blank);
            out.push(IdaNode {
                key,
                g: g as u32,
                h,
                mv: Move::ALL.get(usize::from(via)).copied(),
            });
        }
        out
    }

    /// The moves from the start to the goal, once the goal was entered.
    pub fn solution(&self) -> Option<Vec<Move>> {
        if self.end != Some(IdaEnd::Goal) {
            return None;
        }
        Some(
            self.path()
                .iter()
                .filter_map(|n| n.mv)
                .collect::<Vec<Move>>(),
        )
    }

    /// Boards expanded so far.
    pub fn expansions(&self) -> u64 {
        self.log.expansions
    }

    /// Boards generated so far (the start excluded).
    pub fn generated(&self) -> u64 {
        self.ida.generated()
    }

    /// The longest path held so far (boards).
    pub fn peak_path(&self) -> u64 {
        self.log.peak
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn baseline_steps() {
        let goal = Goal::default();
        let mut s = IdaSearch::new(&Board::BASELINE_START, &goal, 100).unwrap();
        let mut kinds = Vec::new();
        while let Some(e) = s.step() {
            kinds.push((e.number, e.iteration, e.bound, e.kind, e.node.key_string()));
        }
        assert_eq!(
            kinds,
            [
                (1, 1, 2, IdaKind::Expanded, "123456078".to_string()),
                (2, 1, 2, IdaKind::Cutoff, "123056478".to_string()),
                (3, 1, 2, IdaKind::Expanded, "123456708".to_string()),
                (4, 1, 2, IdaKind::Cutoff, "123406758".to_string()),
                (5, 1, 2, IdaKind::Goal, "123456780".to_string()),
            ]
        );
        assert_eq!(s.solution(), Some(vec![Move::Right, Move::Right]));
        assert_eq!(s.end(), Some(IdaEnd::Goal));
        assert_eq!((s.expansions(), s.generated(), s.peak_path()), (2, 4, 2));
    }
}
