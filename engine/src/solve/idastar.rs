//! IDA* for every shape, resumable in slices: the engine's one IDA* loop.
//!
//! [`Ida`] is monomorphised by estimate, [`ChildOrder`] and [`Observer`].
//! The solver ([`OptimalSearch`]) runs it with [`ByH`] (below) and the
//! observer `()`, which does nothing; the stepping 3×3 IDA*
//! ([`crate::engine::IdaSearch`]) runs it with [`InMoveOrder`] (each child
//! entered as soon as it is made, in move order: f over the bound is a
//! cut-off, h = 0 the goal, else the observer may refuse the expansion)
//! and an observer that records each board entered and pauses.
//!
//! Depth-first iterations with an f = g + h bound; each iteration's next
//! bound is the smallest f that exceeded the current one. The depth-first
//! stack is an explicit array, so a search can stop after any number of
//! generated nodes ([`OptimalSearch::run_for`]) and carry on later: the page
//! can drive it from a Worker with progress, the command line in one call.
//!
//! The hot loop keeps fixed-size arrays of [`MAX_CELLS`] (cells, tile
//! positions, the shape's neighbour table) and is monomorphised per
//! heuristic, so the shape costs nothing but the table it reads.
//!
//! A pruned child's f may come from a partial estimate (the pattern
//! database stops before its reflected look-up once the plain sum already
//! exceeds the bound); any admissible value is enough for the argument below.
//!
//! **What a cutoff proves.** At any moment no solution is shorter than the
//! current bound: at the start the bound is h(start), a lower bound; after an
//! iteration with bound B finds nothing, every path of cost C ≤ B has been
//! seen, and any longer solution has a node with B < f ≤ C on it, so C is at
//! least the next bound. A node budget therefore ends in `Unknown` with
//! [`UnknownReason::NodeBudget`] carrying that bound, never "no solution".
//!
//! A node's children are all made and estimated first, in [`Move::ALL`]
//! order (Up, Down, Left, Right), never undoing the previous move; those
//! inside the bound are then entered by h, smallest first (ties in that
//! order), which can end the last iteration sooner. `generated` counts
//! every child made (Korf's measure); `expanded` counts the nodes entered
//! (the root once per iteration).

use super::heuristic::{
    Cells, Estimate, Heuristic, LinearConflictEst, ManhattanEst, PdbEst, Slide,
};
use crate::engine::{
    check_parity, verify, Board, IdaKind, Move, ParityProof, Shape, Solution, UnknownReason,
    Verdict, WitnessError, MAX_CELLS, NO_CELL,
};
use std::fmt;

/// A child inside the bound, waiting on its parent's frame to be entered.
#[derive(Clone, Copy, Default)]
struct Kid<P: Copy + Default> {
    /// Direction index of the move.
    dir: u8,
    /// The cell of the tile that slides into the blank.
    from: u8,
    /// h of the child.
    h: u16,
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
    /// How many of `kids` are filled.
    len: u8,
    /// How many of `kids` have been entered.
    entered: u8,
    /// h of this node.
    h: u16,
    /// Children inside the bound, by h (ties in direction order).
    kids: [Kid<P>; 4],
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

impl IdaProgress {
    /// No search run (an unsolvable pair).
    pub const NONE: IdaProgress = IdaProgress {
        bound: 0,
        completed_bound: None,
        iterations: 0,
        generated: 0,
        expanded: 0,
        initial_h: 0,
    };
}

/// What one slice of [`OptimalSearch::run_for`] ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdaStep {
    /// The node limit of the slice was reached; call again to go on.
    Running(IdaProgress),
    /// A path to the goal was found (not yet checked: see
    /// [`OptimalSearch::solution`]).
    Found,
}

/// How a node's children are entered: the one thing, with the observer,
/// in which the solver's IDA* and the stepping 3×3 IDA* ([`crate::engine::IdaSearch`])
/// differ. A compile-time choice, so each search is monomorphised.
pub(crate) trait ChildOrder {
    /// `true`: each child is entered as soon as it is made, in [`Move::ALL`]
    /// order (a child over the bound is entered as a cut-off; the root is
    /// entered at the start of every iteration). `false`: all children are
    /// made and estimated first, those over the bound pruned without being
    /// entered, the rest entered by h, smallest first.
    const ONE_BY_ONE: bool;
}

/// The solver's order: estimate every child, prune, enter by h.
pub(crate) struct ByH;

impl ChildOrder for ByH {
    const ONE_BY_ONE: bool = false;
}

/// The trace's order: each child entered as made, in move order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct InMoveOrder;

impl ChildOrder for InMoveOrder {
    const ONE_BY_ONE: bool = true;
}

/// A board just entered, as shown to an [`Observer`].
pub(crate) struct Entered<'a> {
    /// The board's cells (row-major, the shape's cells first).
    pub(crate) cells: &'a Cells,
    /// Its blank's cell.
    pub(crate) blank: u8,
    /// Its parent's blank cell (`None` for the root): the parent is this
    /// board with `blank` and `parent_blank` exchanged.
    pub(crate) parent_blank: Option<u8>,
    /// Depth.
    pub(crate) g: u32,
    /// Its estimate.
    pub(crate) h: u32,
    /// Direction index of the move that led here (4 at the root).
    pub(crate) via: u8,
    /// The iteration's bound.
    pub(crate) bound: u32,
    /// The smallest f over the bound so far in this iteration (`u32::MAX`:
    /// none yet).
    pub(crate) next_bound: u32,
}

/// Receives each board entered. The solver's is `()`, which does nothing
/// and is compiled away.
pub(crate) trait Observer {
    /// A board inside the bound, not the goal, about to be expanded (asked
    /// in [`ChildOrder::ONE_BY_ONE`] searches only): `false` stops the
    /// search there (an [`IdaKind::Budget`] entry).
    fn admit(&mut self) -> bool;
    /// A board was entered; `true` pauses the search after it.
    fn entered(&mut self, kind: IdaKind, board: &Entered<'_>) -> bool;
    /// A new iteration starts with this bound.
    fn iteration(&mut self, bound: u32);
}

impl Observer for () {
    #[inline(always)]
    fn admit(&mut self) -> bool {
        true
    }
    #[inline(always)]
    fn entered(&mut self, _: IdaKind, _: &Entered<'_>) -> bool {
        false
    }
    #[inline(always)]
    fn iteration(&mut self, _: u32) {}
}

/// Why [`Ida::run`] returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Halt {
    /// The node limit was reached, or the observer paused: call again.
    Paused,
    /// The goal was entered; the stack is the path to it.
    Found,
    /// The observer refused an expansion ([`Observer::admit`]).
    Stopped,
    /// An iteration ended with nothing over the bound (the stack is empty).
    Exhausted,
}

/// The one IDA* loop, monomorphised by estimate and child order.
#[derive(Clone)]
pub(crate) struct Ida<E: Estimate, O: ChildOrder = ByH> {
    est: E,
    neighbours: [[u8; 4]; MAX_CELLS],
    goal: Cells,
    root: Frame<E::Parts>,
    root_cells: Cells,
    root_pos: Cells,
    cells: Cells,
    pos: Cells,
    stack: Vec<Frame<E::Parts>>,
    bound: u32,
    next_bound: u32,
    /// One-by-one order: the root is to be entered next.
    root_next: bool,
    progress: IdaProgress,
    found: bool,
    order: std::marker::PhantomData<O>,
}

fn cells_of(board: &Board) -> Cells {
    let mut cells = [0u8; MAX_CELLS];
    cells[..board.cells().len()].copy_from_slice(board.cells());
    cells
}

fn positions(board: &Board) -> Cells {
    let mut pos = [0u8; MAX_CELLS];
    for (cell, &t) in board.cells().iter().enumerate() {
        pos[t as usize] = cell as u8;
    }
    pos
}

impl<E: Estimate, O: ChildOrder> Ida<E, O> {
    pub(crate) fn new(est: E, start: &Board, goal: &Board) -> Ida<E, O> {
        let (cells, pos) = (cells_of(start), positions(start));
        let (h, parts) = est.start(&cells, &pos);
        let root = Frame {
            blank: pos[0],
            via: 4,
            h: h.min(u32::from(u16::MAX)) as u16,
            parts,
            ..Frame::default()
        };
        let mut stack = Vec::with_capacity(256);
        if !O::ONE_BY_ONE {
            stack.push(root);
        }
        Ida {
            est,
            neighbours: start.shape().neighbours(),
            goal: cells_of(goal),
            root,
            root_cells: cells,
            root_pos: pos,
            cells,
            pos,
            stack,
            bound: h,
            next_bound: u32::MAX,
            root_next: O::ONE_BY_ONE,
            progress: IdaProgress {
                bound: h,
                completed_bound: None,
                iterations: 1,
                generated: 0,
                expanded: u64::from(!O::ONE_BY_ONE),
                initial_h: h,
            },
            // One by one, the root is entered (and found) like any board.
            found: !O::ONE_BY_ONE && start == goal,
            order: std::marker::PhantomData,
        }
    }

    fn moves(&self) -> Vec<Move> {
        self.stack[1..]
            .iter()
            .map(|f| Move::ALL[usize::from(f.via) & 3])
            .collect()
    }

    /// The path held: for each board, start first, its blank's cell, h and
    /// the direction index of the move into it (4 at the root).
    pub(crate) fn path(&self) -> impl Iterator<Item = (u8, u32, u8)> + '_ {
        self.stack.iter().map(|f| (f.blank, u32::from(f.h), f.via))
    }

    /// The path's length (boards).
    pub(crate) fn depth(&self) -> usize {
        self.stack.len()
    }

    /// The current iteration's bound.
    pub(crate) fn bound(&self) -> u32 {
        self.bound
    }

    /// The smallest f over the bound so far in this iteration (`u32::MAX`:
    /// none yet).
    pub(crate) fn next_bound(&self) -> u32 {
        self.next_bound
    }

    /// Children generated so far.
    pub(crate) fn generated(&self) -> u64 {
        self.progress.generated
    }

    /// One-by-one order: enters the board now on `self.cells` (the root, or
    /// a child just made whose move from the parent's blank `parent_blank`
    /// is applied): classifies it, tells the observer, then keeps it on the
    /// path (expanded, goal) or undoes its move (cut-off, budget).
    #[inline(always)]
    fn enter_one<V: Observer>(
        &mut self,
        node: Frame<E::Parts>,
        parent_blank: Option<u8>,
        obs: &mut V,
    ) -> (IdaKind, bool) {
        let g = self.stack.len() as u32;
        let f = g + u32::from(node.h);
        let kind = if f > self.bound {
            if f < self.next_bound {
                self.next_bound = f;
            }
            IdaKind::Cutoff
        } else if node.h == 0 && self.cells == self.goal {
            IdaKind::Goal
        } else if !obs.admit() {
            IdaKind::Budget
        } else {
            IdaKind::Expanded
        };
        let pause = obs.entered(
            kind,
            &Entered {
                cells: &self.cells,
                blank: node.blank,
                parent_blank,
                g,
                h: u32::from(node.h),
                via: node.via,
                bound: self.bound,
                next_bound: self.next_bound,
            },
        );
        match (kind, parent_blank) {
            (IdaKind::Expanded | IdaKind::Goal, _) => self.stack.push(node),
            (_, Some(to)) => {
                let (from, to) = (node.blank as usize, to as usize);
                let tile = self.cells[to];
                self.cells[from] = tile;
                self.cells[to] = 0;
                self.pos[tile as usize] = from as u8;
            }
            (_, None) => {}
        }
        (kind, pause)
    }

    /// Runs until `limit` more children were generated (at least one), the
    /// observer pauses or stops it, the goal is entered, or an iteration
    /// ends with nothing over its bound.
    pub(crate) fn run<V: Observer>(&mut self, limit: u64, obs: &mut V) -> Halt {
        if self.found {
            return Halt::Found;
        }
        let stop_at = self.progress.generated.saturating_add(limit.max(1));
        let mut generated = self.progress.generated;
        let mut expanded = self.progress.expanded;
        let halt = 'iterations: loop {
            let bound = self.bound;
            loop {
                if O::ONE_BY_ONE && self.root_next {
                    self.root_next = false;
                    expanded += 1;
                    match self.enter_one(self.root, None, obs) {
                        (IdaKind::Goal, _) => break 'iterations Halt::Found,
                        (IdaKind::Budget, _) => break 'iterations Halt::Stopped,
                        (_, true) => break 'iterations Halt::Paused,
                        (_, false) => continue,
                    }
                }
                // (Wraps only on an empty stack, a finished search.)
                let g = (self.stack.len() as u32).wrapping_sub(1);
                let Some(top) = self.stack.last_mut() else {
                    break 'iterations Halt::Paused;
                };
                if top.tried < 4 {
                    // Generating: by h, every child is made and estimated
                    // before any is entered, so that the children can be
                    // entered by h, smallest first (in the last iteration
                    // the goal is then met sooner); one by one, each child
                    // is entered as soon as it is made.
                    let d = top.tried as usize;
                    let from = self.neighbours[top.blank as usize][d];
                    if d == (top.via as usize ^ 1) || from == NO_CELL {
                        top.tried += 1;
                        continue;
                    }
                    if generated >= stop_at {
                        break 'iterations Halt::Paused;
                    }
                    top.tried += 1;
                    generated += 1;
                    let (from, to) = (from as usize, top.blank as usize);
                    let tile = self.cells[from] as usize;
                    self.pos[tile] = to as u8;
                    if E::NEEDS_CELLS || O::ONE_BY_ONE {
                        self.cells[to] = tile as u8;
                        self.cells[from] = 0;
                    }
                    let slide = Slide {
                        tile,
                        from,
                        to,
                        // One by one, the estimate is shown: always whole.
                        limit: if O::ONE_BY_ONE {
                            u32::MAX
                        } else {
                            bound.saturating_sub(g + 1)
                        },
                    };
                    let (h, parts) =
                        self.est
                            .moved(u32::from(top.h), top.parts, &self.pos, &self.cells, slide);
                    if O::ONE_BY_ONE {
                        let child = Frame {
                            blank: from as u8,
                            via: d as u8,
                            h: h.min(u32::from(u16::MAX)) as u16,
                            parts,
                            ..Frame::default()
                        };
                        match self.enter_one(child, Some(to as u8), obs) {
                            (IdaKind::Goal, _) => break 'iterations Halt::Found,
                            (IdaKind::Budget, _) => break 'iterations Halt::Stopped,
                            (IdaKind::Expanded, pause) => {
                                expanded += 1;
                                if pause {
                                    break 'iterations Halt::Paused;
                                }
                            }
                            (_, true) => break 'iterations Halt::Paused,
                            (_, false) => {}
                        }
                        continue;
                    }
                    self.pos[tile] = from as u8;
                    if E::NEEDS_CELLS {
                        self.cells[from] = tile as u8;
                        self.cells[to] = 0;
                    }
                    let f = g + 1 + h;
                    if f > bound {
                        if f < self.next_bound {
                            self.next_bound = f;
                        }
                        continue;
                    }
                    // Insert by h; a tie goes after the earlier direction.
                    let h = h as u16;
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
                    let parent_blank = top.blank;
                    top.entered += 1;
                    let (from, to) = (kid.from as usize, top.blank as usize);
                    let tile = self.cells[from];
                    self.cells[to] = tile;
                    self.cells[from] = 0;
                    self.pos[tile as usize] = to as u8;
                    expanded += 1;
                    self.stack.push(Frame {
                        blank: kid.from,
                        via: kid.dir,
                        h: kid.h,
                        parts: kid.parts,
                        ..Frame::default()
                    });
                    let goal = kid.h == 0 && self.cells == self.goal;
                    let pause = obs.entered(
                        if goal {
                            IdaKind::Goal
                        } else {
                            IdaKind::Expanded
                        },
                        &Entered {
                            cells: &self.cells,
                            blank: kid.from,
                            parent_blank: Some(parent_blank),
                            g: g + 1,
                            h: u32::from(kid.h),
                            via: kid.dir,
                            bound,
                            next_bound: self.next_bound,
                        },
                    );
                    if goal {
                        break 'iterations Halt::Found;
                    }
                    if pause {
                        break 'iterations Halt::Paused;
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
                        break 'iterations Halt::Exhausted;
                    }
                    self.bound = self.next_bound;
                    self.next_bound = u32::MAX;
                    self.progress.bound = self.bound;
                    self.progress.iterations += 1;
                    self.cells = self.root_cells;
                    self.pos = self.root_pos;
                    obs.iteration(self.bound);
                    if O::ONE_BY_ONE {
                        self.root_next = true;
                    } else {
                        self.stack.push(self.root);
                        expanded += 1;
                    }
                    continue 'iterations;
                };
                let (p, c) = (parent.blank as usize, child_blank);
                let tile = self.cells[p];
                self.cells[c] = tile;
                self.cells[p] = 0;
                self.pos[tile as usize] = c as u8;
            }
        };
        if halt == Halt::Found {
            self.found = true;
        }
        self.progress.generated = generated;
        self.progress.expanded = expanded;
        halt
    }

    /// The solver's slice: [`Ida::run`] with no observer, as an [`IdaStep`].
    fn run_for(&mut self, limit: u64) -> IdaStep {
        match self.run(limit, &mut ()) {
            Halt::Found => IdaStep::Found,
            Halt::Exhausted => {
                // Cannot happen on a solvable pair; stop cleanly: a root
                // with nothing left to try, so each later slice ends at once.
                self.stack.push(Frame {
                    tried: 4,
                    ..self.root
                });
                IdaStep::Running(self.progress)
            }
            Halt::Paused | Halt::Stopped => IdaStep::Running(self.progress),
        }
    }
}

enum Inner {
    Manhattan(Ida<ManhattanEst>),
    LinearConflict(Ida<LinearConflictEst>),
    // Boxed: the largest by far. The 15-puzzle's own instance ranks with
    // constant multipliers (about 5% faster on Korf's 100).
    Pdb(Box<Ida<PdbEst<0>>>),
    Pdb16(Box<Ida<PdbEst<16>>>),
}

/// Runs `$body` on whichever monomorphised search `$inner` holds.
macro_rules! each {
    ($inner:expr, $s:ident => $body:expr) => {
        match $inner {
            Inner::Manhattan($s) => $body,
            Inner::LinearConflict($s) => $body,
            Inner::Pdb($s) => $body,
            Inner::Pdb16($s) => $body,
        }
    };
}

/// Why an optimal search could not start or finish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptimalError {
    /// Occurs when start and goal are boards of different shapes.
    ShapeMismatch {
        /// The start's shape.
        start: Shape,
        /// The goal's shape.
        goal: Shape,
    },
    /// Occurs when a pattern database built for another goal is used.
    DatabaseGoal {
        /// The goal the database was built for.
        built_for: Board,
        /// The goal of the search.
        goal: Board,
    },
    /// Occurs when the search's path fails the independent replay check
    /// (a bug, reported instead of a wrong answer).
    Witness(WitnessError),
}

impl OptimalError {
    /// A stable snake_case name for JSON output and tests.
    pub fn kind(&self) -> &'static str {
        match self {
            OptimalError::ShapeMismatch { .. } => "shape_mismatch",
            OptimalError::DatabaseGoal { .. } => "database_goal",
            OptimalError::Witness(_) => "witness",
        }
    }
}

impl fmt::Display for OptimalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptimalError::ShapeMismatch { start, goal } => {
                write!(f, "the start is {start} but the goal is {goal}")
            }
            OptimalError::DatabaseGoal { built_for, goal } => write!(
                f,
                "the pattern database was built for the goal {built_for}, not {goal}"
            ),
            OptimalError::Witness(e) => write!(f, "internal error, witness rejected: {e}"),
        }
    }
}

impl std::error::Error for OptimalError {}

/// A finished optimal solve: the verdict and the search's counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptimalOutcome {
    /// The start.
    pub start: Board,
    /// The goal.
    pub goal: Board,
    /// The heuristic's name.
    pub heuristic: String,
    /// `Solved` (replay-checked, shortest), `Unknown` with
    /// [`UnknownReason::NodeBudget`], or `Unsolvable` with the parity proof.
    pub verdict: Verdict,
    /// Counts ([`IdaProgress::NONE`] for `Unsolvable`, where no search runs).
    pub progress: IdaProgress,
}

impl OptimalOutcome {
    /// The proved lower bound on the solution length: the cost when
    /// solved, the bound reached when unknown, `None` when unsolvable.
    pub fn lower_bound(&self) -> Option<u32> {
        match &self.verdict {
            Verdict::Solved(s) => Some(s.cost),
            Verdict::Unknown(_) => Some(self.progress.bound),
            Verdict::Unsolvable(_) => None,
        }
    }
}

/// A resumable optimal (IDA*) search on a board of any shape.
pub struct OptimalSearch {
    start: Board,
    goal: Board,
    heuristic: String,
    inner: Inner,
}

impl OptimalSearch {
    /// A search from `start` to `goal`, or the parity proof that there is no
    /// path. The first iteration's bound is h(start).
    pub fn new(
        start: &Board,
        goal: &Board,
        heuristic: &Heuristic,
    ) -> Result<Result<OptimalSearch, ParityProof>, OptimalError> {
        if start.shape() != goal.shape() {
            return Err(OptimalError::ShapeMismatch {
                start: start.shape(),
                goal: goal.shape(),
            });
        }
        if let Heuristic::Pdb(db) = heuristic {
            if db.goal() != goal {
                return Err(OptimalError::DatabaseGoal {
                    built_for: *db.goal(),
                    goal: *goal,
                });
            }
        }
        if let Err(proof) = check_parity(start, goal) {
            return Ok(Err(proof));
        }
        let inner = match heuristic {
            Heuristic::Manhattan => {
                Inner::Manhattan(Ida::new(ManhattanEst::new(goal), start, goal))
            }
            Heuristic::LinearConflict => {
                Inner::LinearConflict(Ida::new(LinearConflictEst::new(goal), start, goal))
            }
            Heuristic::Pdb(db) if goal.shape().cells() == 16 => {
                Inner::Pdb16(Box::new(Ida::new(PdbEst::new(db.clone()), start, goal)))
            }
            Heuristic::Pdb(db) => {
                Inner::Pdb(Box::new(Ida::new(PdbEst::new(db.clone()), start, goal)))
            }
        };
        Ok(Ok(OptimalSearch {
            start: *start,
            goal: *goal,
            heuristic: heuristic.name().to_string(),
            inner,
        }))
    }

    /// Generates up to `node_limit` more nodes (at least one); returns
    /// `Found` or the progress so far.
    pub fn run_for(&mut self, node_limit: u64) -> IdaStep {
        each!(&mut self.inner, s => s.run_for(node_limit))
    }

    /// Where the search stands.
    pub fn progress(&self) -> IdaProgress {
        each!(&self.inner, s => s.progress)
    }

    /// The heuristic's name.
    pub fn heuristic(&self) -> &str {
        &self.heuristic
    }

    /// After `Found`: the path, checked by [`verify`] (which shares no code
    /// with the search). `None` while still searching.
    pub fn solution(&self) -> Option<Result<Solution, OptimalError>> {
        let (found, moves) = each!(&self.inner, s => (s.found, s.moves()));
        if !found {
            return None;
        }
        let cost = moves.len() as u32;
        Some(
            verify(&self.start, &self.goal, &moves, cost)
                .map(|boards| Solution {
                    moves,
                    cost,
                    boards,
                })
                .map_err(OptimalError::Witness),
        )
    }

    /// The outcome now: `Solved` after `Found`, else `Unknown` with
    /// [`UnknownReason::NodeBudget`] and the current bound as the proven
    /// lower bound.
    pub fn outcome(&self) -> Result<OptimalOutcome, OptimalError> {
        let progress = self.progress();
        let verdict = match self.solution() {
            Some(s) => Verdict::Solved(s?),
            None => Verdict::Unknown(UnknownReason::NodeBudget {
                lower_bound: progress.bound,
                completed_bound: progress.completed_bound,
            }),
        };
        Ok(OptimalOutcome {
            start: self.start,
            goal: self.goal,
            heuristic: self.heuristic.clone(),
            verdict,
            progress,
        })
    }
}

/// Solves `start` → `goal` optimally with IDA* and `heuristic`, generating
/// at most `node_budget` nodes (`None`: no limit). Every `Solved` path has
/// passed [`verify`].
pub fn solve_optimal(
    start: &Board,
    goal: &Board,
    heuristic: &Heuristic,
    node_budget: Option<u64>,
) -> Result<OptimalOutcome, OptimalError> {
    let mut search = match OptimalSearch::new(start, goal, heuristic)? {
        Ok(s) => s,
        Err(proof) => {
            return Ok(OptimalOutcome {
                start: *start,
                goal: *goal,
                heuristic: heuristic.name().to_string(),
                verdict: Verdict::Unsolvable(proof),
                progress: IdaProgress::NONE,
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
