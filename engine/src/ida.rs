//! IDA* with Manhattan, one event at a time.
//!
//! Iterative deepening A*: depth-first passes bounded by f = g + h; the first
//! bound is the start's h, each later bound the smallest f that went over the
//! previous one. The search is an explicit stack, so it can be stepped: one
//! [`IdaEvent`] per board entered (numbered from 1), and the lab's IDA*
//! ([`crate::engine::lab`]) is this same machine run to the end.
//!
//! Order and counting (the lab's figures depend on them):
//! * children are generated in [`Move::ALL`] order, never undoing the move
//!   that led to the board;
//! * entering a board: if f > bound it is a *cut-off* (its f is a candidate
//!   for the next bound); else if h = 0 it is the goal (Manhattan is 0 only
//!   on the goal); else if expansions already equal the budget the search
//!   stops; else it is *expanded* (counted, pushed on the path);
//! * *generated* counts every child entered, the start excluded.

use super::board::Board;
use super::goal::Goal;
use super::moves::{Move, NEIGHBOURS};
use super::solvability::{check_parity, ParityProof};

const NO_MOVE: u8 = u8::MAX;

#[inline]
fn shift(cell: usize) -> u32 {
    4 * (8 - cell as u32)
}

/// What happened when a board was entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IdaKind {
    /// f within the bound, not the goal: its children come next.
    Expanded,
    /// f over the bound: not expanded; its f may be the next bound.
    Cutoff,
    /// The goal, within the bound: the search is over.
    Goal,
    /// Expansions had reached the budget: the search stopped here, unfinished.
    Budget,
}

impl IdaKind {
    /// `expanded`, `cutoff`, `goal` or `budget` (the trace's `kind` column).
    pub fn name(self) -> &'static str {
        match self {
            IdaKind::Expanded => "expanded",
            IdaKind::Cutoff => "cutoff",
            IdaKind::Goal => "goal",
            IdaKind::Budget => "budget",
        }
    }
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

#[derive(Clone, Copy, Debug)]
struct Frame {
    key: u64,
    g: u8,
    h: u8,
    blank: u8,
    mv: u8,
    next: u8,
}

impl Frame {
    fn node(&self) -> IdaNode {
        IdaNode {
            key: self.key,
            g: u32::from(self.g),
            h: u32::from(self.h),
            mv: Move::ALL.get(self.mv as usize).copied(),
        }
    }
}

/// IDA* in progress, stepped by [`IdaSearch::step`]. Owns its state (a copy
/// of the goal, the path), so a caller can keep it between clicks.
#[derive(Clone, Debug)]
pub struct IdaSearch {
    goal: Goal,
    start: Frame,
    budget: u64,
    bound: u32,
    next_bound: u32,
    root_next: bool,
    stack: Vec<Frame>,
    goal_frame: Option<Frame>,
    iterations: Vec<Iteration>,
    events: u64,
    expansions: u64,
    generated: u64,
    peak: u64,
    end: Option<IdaEnd>,
}

impl IdaSearch {
    /// Starts IDA* from `start` to `goal` with a budget of `budget`
    /// expansions; the parity proof instead when they cannot meet.
    pub fn new(start: &Board, goal: &Goal, budget: u64) -> Result<IdaSearch, ParityProof> {
        check_parity(start, goal.board())?;
        Ok(IdaSearch::unchecked(start, goal, budget))
    }

    pub(crate) fn unchecked(start: &Board, goal: &Goal, budget: u64) -> IdaSearch {
        let h0 = goal.manhattan(start);
        IdaSearch {
            goal: goal.clone(),
            start: Frame {
                key: start.packed(),
                g: 0,
                h: h0 as u8,
                blank: start.blank() as u8,
                mv: NO_MOVE,
                next: 0,
            },
            budget,
            bound: h0,
            next_bound: u32::MAX,
            root_next: true,
            stack: Vec::with_capacity(40),
            goal_frame: None,
            iterations: vec![Iteration {
                threshold: h0,
                generated: 0,
                expansions: 0,
                cutoffs: 0,
            }],
            events: 0,
            expansions: 0,
            generated: 0,
            peak: 1,
            end: None,
        }
    }

    /// A fresh search stepped `k` times (or to its end): the state at event
    /// `k`, replayed from the start.
    pub fn at(start: &Board, goal: &Goal, budget: u64, k: u64) -> Result<IdaSearch, ParityProof> {
        let mut s = IdaSearch::new(start, goal, budget)?;
        while s.events < k && s.step().is_some() {}
        Ok(s)
    }

    /// Enters the next board; `None` once the search has ended.
    #[inline]
    pub fn step(&mut self) -> Option<IdaEvent> {
        if self.end.is_some() {
            return None;
        }
        let frame = loop {
            if self.root_next {
                self.root_next = false;
                break self.start;
            }
            let Some(top) = self.stack.last_mut() else {
                if self.next_bound == u32::MAX {
                    self.end = Some(IdaEnd::Exhausted);
                    return None;
                }
                self.bound = self.next_bound;
                self.next_bound = u32::MAX;
                self.iterations.push(Iteration {
                    threshold: self.bound,
                    generated: 0,
                    expansions: 0,
                    cutoffs: 0,
                });
                self.root_next = true;
                continue;
            };
            let moves = NEIGHBOURS[top.blank as usize];
            let Some(&(mv, target)) = moves.get(top.next as usize) else {
                self.stack.pop();
                continue;
            };
            top.next += 1;
            let mi = mv as u8;
            // Never undo the previous move: that board is on the path.
            if top.mv != NO_MOVE && mi == top.mv ^ 1 {
                continue;
            }
            let (blank, target) = (top.blank as usize, target as usize);
            let tile = (top.key >> shift(target)) & 0xF;
            let key = top.key - (tile << shift(target)) + (tile << shift(blank));
            let h = u32::from(top.h) + u32::from(self.goal.tile_distance(tile as u8, blank))
                - u32::from(self.goal.tile_distance(tile as u8, target));
            self.generated += 1;
            if let Some(it) = self.iterations.last_mut() {
                it.generated += 1;
            }
            break Frame {
                key,
                g: top.g + 1,
                h: h as u8,
                blank: target as u8,
                mv: mi,
                next: 0,
            };
        };
        let parent = self.stack.last().map(|t| t.key);
        let f = u32::from(frame.g) + u32::from(frame.h);
        let kind = if f > self.bound {
            self.next_bound = self.next_bound.min(f);
            if let Some(it) = self.iterations.last_mut() {
                it.cutoffs += 1;
            }
            IdaKind::Cutoff
        } else if frame.h == 0 {
            self.end = Some(IdaEnd::Goal);
            self.goal_frame = Some(frame);
            IdaKind::Goal
        } else if self.expansions >= self.budget {
            self.end = Some(IdaEnd::Budget);
            IdaKind::Budget
        } else {
            self.expansions += 1;
            if let Some(it) = self.iterations.last_mut() {
                it.expansions += 1;
            }
            self.stack.push(frame);
            self.peak = self.peak.max(self.stack.len() as u64);
            IdaKind::Expanded
        };
        self.events += 1;
        Some(IdaEvent {
            number: self.events,
            iteration: self.iterations.len() as u32,
            bound: self.bound,
            kind,
            node: frame.node(),
            parent,
            next_bound: (self.next_bound != u32::MAX).then_some(self.next_bound),
        })
    }

    /// Steps to the end.
    pub fn run(&mut self) {
        while self.step().is_some() {}
    }

    /// Events so far.
    pub fn events(&self) -> u64 {
        self.events
    }

    /// How the search ended, or `None` while it runs.
    pub fn end(&self) -> Option<IdaEnd> {
        self.end
    }

    /// The current iteration's bound on f.
    pub fn bound(&self) -> u32 {
        self.bound
    }

    /// The smallest f over the bound in the current iteration so far.
    pub fn next_bound(&self) -> Option<u32> {
        (self.next_bound != u32::MAX).then_some(self.next_bound)
    }

    /// Every iteration so far, the current one last.
    pub fn iterations(&self) -> &[Iteration] {
        &self.iterations
    }

    /// The current depth-first path, start first: the expanded boards whose
    /// children are being tried (each with its g, h and so f), then the goal
    /// once it was entered.
    pub fn path(&self) -> Vec<IdaNode> {
        self.stack
            .iter()
            .chain(self.goal_frame.iter())
            .map(Frame::node)
            .collect()
    }

    /// The moves from the start to the goal, once the goal was entered.
    pub fn solution(&self) -> Option<Vec<Move>> {
        self.goal_frame?;
        Some(
            self.path()
                .iter()
                .filter_map(|n| n.mv)
                .collect::<Vec<Move>>(),
        )
    }

    /// Boards expanded so far.
    pub fn expansions(&self) -> u64 {
        self.expansions
    }

    /// Boards generated so far (the start excluded).
    pub fn generated(&self) -> u64 {
        self.generated
    }

    /// The longest path held so far (boards).
    pub fn peak_path(&self) -> u64 {
        self.peak
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
