//! IDA* on the 4×4 board, resumable in slices.
//!
//! Depth-first iterations with an f = g + h bound; each iteration's next
//! bound is the smallest f that exceeded the current one. The depth-first
//! stack is an explicit array, so a search can stop after any number of
//! generated nodes ([`Ida16::run_for`]) and carry on later: the page can
//! drive it from a Worker with progress, the command line in one call.
//!
//! A pruned child's f may come from a partial estimate (the pattern
//! database stops before its reflected look-up once the plain sum already
//! exceeds the bound); any admissible value is enough for the argument below.
//!
//! **What a cutoff proves.** At any moment no solution is shorter than the
//! current bound: at the start the bound is h(start), a lower bound; after an
//! iteration with bound B finds nothing, every path of cost C ≤ B has been
//! seen, and any longer solution has a node with B < f ≤ C on it, so C is at
//! least the next bound. A node budget therefore ends in `Unknown` carrying
//! that bound, never "no solution".
//!
//! A node's children are all made and estimated first, in [`Move::ALL`]
//! order (Up, Down, Left, Right), never undoing the previous move; those
//! inside the bound are then entered by h, smallest first (ties in that
//! order), which can end the last iteration sooner. `generated` counts
//! every child made (Korf's measure); `expanded` counts the nodes entered
//! (the root once per iteration).

use super::board::{Board16, CELLS16};
use super::heuristic::{Estimate, Heuristic16, LinearConflictEst, ManhattanEst, PdbEst, Slide};
use super::moves::{dir_move, NEIGHBOURS16, NONE};
use super::solvability::{check_parity16, Parity16Proof};
use super::verify::{verify16, Witness16Error};
use crate::engine::Move;
use std::fmt;

/// A child inside the bound, waiting on its parent's frame to be entered.
#[derive(Clone, Copy, Default)]
struct Kid<P: Copy + Default> {
    /// Direction index of the move.
    dir: u8,
    /// The cell of the tile that slides into the blank.
    from: u8,
    /// h of the child.
    h: u8,
    /// Heuristic state of the child.
    parts: P,
}

/// One node on the depth-first stack.
#[derive(Clone, Copy, Default)]
struct Frame<P: Copy + Default> {
    /// The blank's cell.
    blank: u8,
    /// Directions examined so far (0–4; 4 = every child generated).
    tried: u8,
    /// Direction index of the move that led here (4 at the root).
    via: u8,
    /// h of this node.
    h: u8,
    /// Children inside the bound, by h (ties in direction order).
    kids: [Kid<P>; 4],
    /// How many of `kids` are filled.
    len: u8,
    /// How many of `kids` have been entered.
    entered: u8,
    /// Heuristic state of this node.
    parts: P,
}

/// Where a search stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IdaProgress {
    /// The current f bound: no solution is shorter than this.
    pub bound: u32,
    /// The last bound whose iteration finished without a solution.
    pub completed_bound: Option<u32>,
    /// Iterations started so far (1 after the first).
    pub iterations: u32,
    /// Children generated so far, over all iterations.
    pub generated: u64,
    /// Nodes expanded so far, over all iterations.
    pub expanded: u64,
    /// h of the start.
    pub initial_h: u32,
}

/// What one slice of [`Ida16::run_for`] ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdaStep {
    /// The node limit of the slice was reached; call again to go on.
    Running(IdaProgress),
    /// A path to the goal was found (not yet checked: see [`Ida16::solution`]).
    Found,
}

enum State {
    Searching,
    Found,
}

struct Ida<E: Estimate> {
    est: E,
    goal: u64,
    root: Frame<E::Parts>,
    root_board: u64,
    root_pos: [u8; CELLS16],
    board: u64,
    pos: [u8; CELLS16],
    stack: Vec<Frame<E::Parts>>,
    bound: u32,
    next_bound: u32,
    progress: IdaProgress,
    state: State,
}

fn positions(board: u64) -> [u8; CELLS16] {
    let mut pos = [0u8; CELLS16];
    for cell in 0..CELLS16 {
        pos[((board >> (4 * cell)) & 0xF) as usize] = cell as u8;
    }
    pos
}

impl<E: Estimate> Ida<E> {
    fn new(est: E, start: &Board16, goal: &Board16) -> Ida<E> {
        let board = start.packed();
        let pos = positions(board);
        let (h, parts) = est.start(board, &pos);
        let root = Frame {
            blank: pos[0],
            via: 4,
            h: h.min(255) as u8,
            parts,
            ..Frame::default()
        };
        let mut stack = Vec::with_capacity(128);
        stack.push(root);
        Ida {
            est,
            goal: goal.packed(),
            root,
            root_board: board,
            root_pos: pos,
            board,
            pos,
            stack,
            bound: h,
            next_bound: u32::MAX,
            progress: IdaProgress {
                bound: h,
                completed_bound: None,
                iterations: 1,
                generated: 0,
                expanded: 1,
                initial_h: h,
            },
            state: if board == goal.packed() {
                State::Found
            } else {
                State::Searching
            },
        }
    }

    fn moves(&self) -> Vec<Move> {
        self.stack[1..]
            .iter()
            .map(|f| dir_move(f.via as usize))
            .collect()
    }

    fn run_for(&mut self, limit: u64) -> IdaStep {
        if let State::Found = self.state {
            return IdaStep::Found;
        }
        let stop_at = self.progress.generated.saturating_add(limit.max(1));
        let mut generated = self.progress.generated;
        let mut expanded = self.progress.expanded;
        let mut board = self.board;
        let step = 'iterations: loop {
            let bound = self.bound;
            loop {
                let g = self.stack.len() as u32 - 1;
                let Some(top) = self.stack.last_mut() else {
                    break 'iterations IdaStep::Running(self.progress);
                };
                if top.tried < 4 {
                    // Generating: every child is made and estimated before
                    // any is entered, so that the children can be entered
                    // by h, smallest first (in the last iteration the
                    // goal is then met sooner).
                    let d = top.tried as usize;
                    let from = NEIGHBOURS16[top.blank as usize][d];
                    if d == (top.via as usize ^ 1) || from == NONE {
                        top.tried += 1;
                        continue;
                    }
                    if generated >= stop_at {
                        break 'iterations IdaStep::Running(self.progress);
                    }
                    top.tried += 1;
                    generated += 1;
                    let (from, to) = (from as usize, top.blank as usize);
                    let tile = (board >> (4 * from)) & 0xF;
                    let after = (board & !(0xF << (4 * from))) | (tile << (4 * to));
                    self.pos[tile as usize] = to as u8;
                    let slide = Slide {
                        before: board,
                        after,
                        tile: tile as usize,
                        from,
                        to,
                        limit: bound.saturating_sub(g + 1),
                    };
                    let (h, parts) = self
                        .est
                        .moved(u32::from(top.h), top.parts, &self.pos, slide);
                    self.pos[tile as usize] = from as u8;
                    let f = g + 1 + h;
                    if f > bound {
                        if f < self.next_bound {
                            self.next_bound = f;
                        }
                        continue;
                    }
                    // Insert by h; a tie goes after the earlier direction.
                    let h = h as u8;
                    let mut i = top.len as usize;
                    while i > 0 && top.kids[i - 1].h > h {
                        top.kids[i] = top.kids[i - 1];
                        i -= 1;
                    }
                    top.kids[i] = Kid {
                        dir: d as u8,
                        from: from as u8,
                        h,
                        parts,
                    };
                    top.len += 1;
                    continue;
                }
                if top.entered < top.len {
                    let kid = top.kids[top.entered as usize];
                    top.entered += 1;
                    let (from, to) = (kid.from as usize, top.blank as usize);
                    let tile = (board >> (4 * from)) & 0xF;
                    board = (board & !(0xF << (4 * from))) | (tile << (4 * to));
                    self.pos[tile as usize] = to as u8;
                    expanded += 1;
                    self.stack.push(Frame {
                        blank: kid.from,
                        via: kid.dir,
                        h: kid.h,
                        parts: kid.parts,
                        ..Frame::default()
                    });
                    if kid.h == 0 && board == self.goal {
                        self.state = State::Found;
                        break 'iterations IdaStep::Found;
                    }
                    continue;
                }
                // Every child entered: back up, undoing the move into this node.
                let child_blank = top.blank as usize;
                self.stack.pop();
                let Some(parent) = self.stack.last() else {
                    // The iteration is over without a solution.
                    self.progress.completed_bound = Some(bound);
                    if self.next_bound == u32::MAX {
                        // Cannot happen on a solvable pair; stop cleanly.
                        self.stack.push(Frame {
                            tried: 4,
                            ..self.root
                        });
                        break 'iterations IdaStep::Running(self.progress);
                    }
                    self.bound = self.next_bound;
                    self.next_bound = u32::MAX;
                    self.progress.bound = self.bound;
                    self.progress.iterations += 1;
                    board = self.root_board;
                    self.pos = self.root_pos;
                    self.stack.push(self.root);
                    expanded += 1;
                    continue 'iterations;
                };
                let (p, c) = (parent.blank as usize, child_blank);
                let tile = (board >> (4 * p)) & 0xF;
                board = (board & !(0xF << (4 * p))) | (tile << (4 * c));
                self.pos[tile as usize] = c as u8;
            }
        };
        self.board = board;
        self.progress.generated = generated;
        self.progress.expanded = expanded;
        match step {
            IdaStep::Running(_) => IdaStep::Running(self.progress),
            found => found,
        }
    }
}

enum Inner {
    Manhattan(Ida<ManhattanEst>),
    LinearConflict(Ida<LinearConflictEst>),
    Pdb(Ida<PdbEst>),
}

/// A resumable 4×4 IDA* search.
pub struct Ida16 {
    start: Board16,
    goal: Board16,
    heuristic: &'static str,
    inner: Inner,
}

/// Why a 4×4 search could not start or finish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solve16Error {
    /// Occurs when a pattern database built for another goal is used.
    DatabaseGoal {
        /// The goal the database was built for.
        built_for: Board16,
        /// The goal of the search.
        goal: Board16,
    },
    /// Occurs when the search's path fails the independent replay check
    /// (a bug, reported instead of a wrong answer).
    Witness(Witness16Error),
}

impl fmt::Display for Solve16Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Solve16Error::DatabaseGoal { built_for, goal } => write!(
                f,
                "the pattern database was built for the goal {built_for}, not {goal}"
            ),
            Solve16Error::Witness(e) => write!(f, "internal error, witness rejected: {e}"),
        }
    }
}

impl std::error::Error for Solve16Error {}

/// A checked 4×4 solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution16 {
    /// The moves, named by the blank's direction.
    pub moves: Vec<Move>,
    /// Their number.
    pub cost: u32,
}

/// The verdict of a 4×4 solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict16 {
    /// An optimal, replay-checked path.
    Solved(Solution16),
    /// The node budget ran out: no solution is shorter than `lower_bound`.
    Unknown {
        /// No solution has fewer moves than this.
        lower_bound: u32,
        /// The last bound whose iteration completed, if any.
        completed_bound: Option<u32>,
    },
    /// Start and goal are not joined; both parts of the proof.
    Unsolvable(Parity16Proof),
}

impl Verdict16 {
    /// `Solved`, `Unknown` or `Unsolvable`.
    pub fn status(&self) -> &'static str {
        match self {
            Verdict16::Solved(_) => "Solved",
            Verdict16::Unknown { .. } => "Unknown",
            Verdict16::Unsolvable(_) => "Unsolvable",
        }
    }
}

/// A finished 4×4 solve: verdict and the search's counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome16 {
    /// The start.
    pub start: Board16,
    /// The goal.
    pub goal: Board16,
    /// The heuristic's name.
    pub heuristic: &'static str,
    /// The verdict.
    pub verdict: Verdict16,
    /// Counts (zero for `Unsolvable`, where no search runs).
    pub progress: IdaProgress,
}

impl Ida16 {
    /// A search from `start` to `goal`, or the parity proof that there is no
    /// path. The first iteration's bound is h(start).
    pub fn new(
        start: &Board16,
        goal: &Board16,
        heuristic: &Heuristic16,
    ) -> Result<Result<Ida16, Parity16Proof>, Solve16Error> {
        if let Heuristic16::Pdb(db) = heuristic {
            if db.goal() != goal {
                return Err(Solve16Error::DatabaseGoal {
                    built_for: *db.goal(),
                    goal: *goal,
                });
            }
        }
        if let Err(proof) = check_parity16(start, goal) {
            return Ok(Err(proof));
        }
        let inner = match heuristic {
            Heuristic16::Manhattan => {
                Inner::Manhattan(Ida::new(ManhattanEst::new(goal), start, goal))
            }
            Heuristic16::LinearConflict => {
                Inner::LinearConflict(Ida::new(LinearConflictEst::new(goal), start, goal))
            }
            Heuristic16::Pdb(db) => Inner::Pdb(Ida::new(PdbEst::new(db.clone()), start, goal)),
        };
        Ok(Ok(Ida16 {
            start: *start,
            goal: *goal,
            heuristic: heuristic.name(),
            inner,
        }))
    }

    /// Generates up to `node_limit` more nodes (at least one); returns
    /// `Found` or the progress so far.
    pub fn run_for(&mut self, node_limit: u64) -> IdaStep {
        match &mut self.inner {
            Inner::Manhattan(s) => s.run_for(node_limit),
            Inner::LinearConflict(s) => s.run_for(node_limit),
            Inner::Pdb(s) => s.run_for(node_limit),
        }
    }

    /// Where the search stands.
    pub fn progress(&self) -> IdaProgress {
        match &self.inner {
            Inner::Manhattan(s) => s.progress,
            Inner::LinearConflict(s) => s.progress,
            Inner::Pdb(s) => s.progress,
        }
    }

    /// The heuristic's name.
    pub fn heuristic(&self) -> &'static str {
        self.heuristic
    }

    /// After `Found`: the path, checked by [`verify16`] (which shares no code
    /// with the search). `None` while still searching.
    pub fn solution(&self) -> Option<Result<Solution16, Solve16Error>> {
        let (found, moves) = match &self.inner {
            Inner::Manhattan(s) => (matches!(s.state, State::Found), s.moves()),
            Inner::LinearConflict(s) => (matches!(s.state, State::Found), s.moves()),
            Inner::Pdb(s) => (matches!(s.state, State::Found), s.moves()),
        };
        if !found {
            return None;
        }
        let cost = moves.len() as u32;
        Some(
            verify16(&self.start.cells(), &self.goal.cells(), &moves, cost)
                .map(|()| Solution16 { moves, cost })
                .map_err(Solve16Error::Witness),
        )
    }

    /// The outcome now: `Solved` after `Found`, else `Unknown` with the
    /// current bound as the proven lower bound.
    pub fn outcome(&self) -> Result<Outcome16, Solve16Error> {
        let progress = self.progress();
        let verdict = match self.solution() {
            Some(s) => Verdict16::Solved(s?),
            None => Verdict16::Unknown {
                lower_bound: progress.bound,
                completed_bound: progress.completed_bound,
            },
        };
        Ok(Outcome16 {
            start: self.start,
            goal: self.goal,
            heuristic: self.heuristic,
            verdict,
            progress,
        })
    }
}

/// Solves `start` → `goal` with IDA* and `heuristic`, generating at most
/// `node_budget` nodes (`None`: no limit). Every `Solved` path has passed
/// [`verify16`].
pub fn solve16(
    start: &Board16,
    goal: &Board16,
    heuristic: &Heuristic16,
    node_budget: Option<u64>,
) -> Result<Outcome16, Solve16Error> {
    let mut search = match Ida16::new(start, goal, heuristic)? {
        Ok(s) => s,
        Err(proof) => {
            return Ok(Outcome16 {
                start: *start,
                goal: *goal,
                heuristic: heuristic.name(),
                verdict: Verdict16::Unsolvable(proof),
                progress: IdaProgress {
                    bound: 0,
                    completed_bound: None,
                    iterations: 0,
                    generated: 0,
                    expanded: 0,
                    initial_h: 0,
                },
            })
        }
    };
    let mut left = node_budget.unwrap_or(u64::MAX);
    loop {
        let before = search.progress().generated;
        match search.run_for(left.min(1 << 24)) {
            IdaStep::Found => break,
            IdaStep::Running(p) => {
                left = left.saturating_sub(p.generated - before);
                if left == 0 || p.generated == before {
                    break;
                }
            }
        }
    }
    search.outcome()
}
