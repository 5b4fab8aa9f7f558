//! The one IDA* loop: [`Ida`] with its [`ChildOrder`] policy and
//! [`Observer`], its depth-first frames and [`Ida::run`].
//!
//! See the parent module for the search it runs and what a cut-off proves.

use super::super::heuristic::{Cells, Estimate, Slide};
use super::{IdaProgress, IdaStep};
use crate::engine::{
    shape::{MAX_CELLS, NO_CELL},
    solve::IdaKind,
    Board, Move,
};

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

/// How a node's children are entered: the one thing, with the observer,
/// in which the solver's IDA* and the stepping 3×3 IDA* ([`crate::engine::contract::IdaSearch`])
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
    pub(super) progress: IdaProgress,
    pub(super) found: bool,
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

    pub(crate) fn moves(&self) -> Vec<Move> {
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

    /// Boards expanded so far.
    pub(crate) fn expanded(&self) -> u64 {
        self.progress.expanded
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
    pub(super) fn run_for(&mut self, limit: u64) -> IdaStep {
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
