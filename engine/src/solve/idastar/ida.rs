//! The one IDA* loop: [`Ida`] with its [`ChildOrder`] policy and
//! [`Observer`], its depth-first frames and [`Ida::run`].
//!
//! See the parent module for the search it runs and what a cut-off proves.

use super::super::heuristic::{Cells, Estimate, Slide};
use super::{IdaProgress, IdaStep};
use crate::engine::{
    moves,
    shape::{NO_CELL, OPTIMAL_MAX_CELLS},
    solve::IdaKind,
    Board, Move,
};

/// A child inside the bound, waiting on its parent's frame to be entered.
#[derive(Clone, Copy, Default)]
pub(crate) struct Kid<P: Copy + Default> {
    /// Direction index of the move.
    dir: u8,
    /// The blank's cell in the child: the cell of the tile that slides into
    /// the blank (single-tile), or of the farthest tile of the run.
    from: u8,
    /// h of the child.
    h: u16,
    /// Heuristic state of the child.
    parts: P,
}

/// A path from the start: for each board its blank's cell, the direction
/// index of the move into it (4 at the start) and its h, with the last
/// board's heuristic state. The parallel search's unit of work (the
/// subtree of the last board, [`Ida::start_job`]) and its answer.
#[derive(Clone, Debug)]
pub(crate) struct Job<P> {
    path: Vec<(u8, u8, u16)>,
    parts: P,
}

/// One node on the depth-first stack; `K` holds its children
/// ([`Tiles::Kids`]).
#[derive(Clone, Copy, Default)]
struct Frame<P: Copy + Default, K: Copy + Default> {
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
    /// Children inside the bound, by h (ties in direction, then count,
    /// order).
    kids: K,
    /// Heuristic state of this node.
    parts: P,
}

impl<P: Copy + Default, K: Copy + Default + AsMut<[Kid<P>]>> Frame<P, K> {
    /// Puts a child inside the bound among `kids`, kept by h: a tie goes
    /// after the children made before it.
    #[inline(always)]
    fn insert(&mut self, kid: Kid<P>) {
        let kids = self.kids.as_mut();
        let mut i = self.len as usize;
        while i > 0 && kids[i - 1].h > kid.h {
            kids[i] = kids[i - 1];
            i -= 1;
        }
        kids[i] = kid;
        self.len += 1;
    }
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

/// Which moves make a node's children: the metric, a compile-time choice
/// like [`ChildOrder`], so the single-tile search is monomorphised apart
/// and pays nothing for the multi-tile one.
pub(crate) trait Tiles: Clone + Send + Sync {
    /// `false`: a child is one tile slid into the blank (four directions,
    /// never undoing the last move). `true`: a child is a run of 1 to k
    /// tiles slid in one direction (k the cells between the blank and the
    /// edge), only across the last slide's axis (see [`MultiTile`]).
    const MULTI: bool;
    /// Room for a node's children inside the bound.
    type Kids<P: Copy + Default>: Copy + Default + AsRef<[Kid<P>]> + AsMut<[Kid<P>]>;
}

/// The single-tile metric: four children at most.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SingleTile;

impl Tiles for SingleTile {
    const MULTI: bool = false;
    type Kids<P: Copy + Default> = [Kid<P>; 4];
}

/// The most children of a multi-tile node: (W − 1) + (H − 1) at the root,
/// at most 12 on a board of ≤ 25 cells (12×2).
const MULTI_KIDS: usize = 12;

/// The multi-tile metric: a child is a slide of 1..=k tiles in one
/// direction, applied to the estimate as k single-tile slides (the run's
/// tiles one by one, nearest first), so count c's child is count c − 1's
/// plus one slide.
///
/// **Only across the last axis.** After a horizontal slide only vertical
/// slides are made, and vice versa. A horizontal slide keeps the order of
/// the tiles in the blank's row and only moves the blank along it, so any
/// run of horizontal slides ends on the board given by the blank's final
/// column: the parent's own child of one slide (a longer slide the same
/// way, or a shorter one back), or the parent itself. A second slide on
/// the same line therefore never starts a path shorter than one the
/// search already makes; the same holds for columns. The pruning keeps
/// every shortest path's slides (a shortest path never has two slides on
/// one axis in a row), so the search stays optimal.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MultiTile;

impl Tiles for MultiTile {
    const MULTI: bool = true;
    type Kids<P: Copy + Default> = [Kid<P>; MULTI_KIDS];
}

/// The solver's order: estimate every child, prune, enter by h.
#[derive(Clone, Copy, Debug)]
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
    /// board with `blank` and `parent_blank` exchanged (single-tile; in the
    /// multi-tile metric the run between them slid back).
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

/// Receives each board entered. Each method's default is the quiet
/// answer (admit every board, never pause, ignore a new bound, run every
/// iteration), so an observer states only where it differs. The solver's
/// is `()`, all defaults, which does nothing and is compiled away.
pub(crate) trait Observer {
    /// A board inside the bound, not the goal, about to be expanded (asked
    /// in [`ChildOrder::ONE_BY_ONE`] searches only): `false` stops the
    /// search there (an [`IdaKind::Budget`] entry).
    #[inline(always)]
    fn admit(&mut self) -> bool {
        true
    }
    /// A board was entered; `true` pauses the search after it.
    #[inline(always)]
    fn entered(&mut self, _kind: IdaKind, _board: &Entered<'_>) -> bool {
        false
    }
    /// A new iteration starts with this bound.
    #[inline(always)]
    fn iteration(&mut self, _bound: u32) {}
    /// `true`: the end of an iteration returns [`Halt::Exhausted`] instead
    /// of starting the next (the parallel search's runs, each on one
    /// iteration).
    #[inline(always)]
    fn one_iteration(&self) -> bool {
        false
    }
}

impl Observer for () {}

/// Why [`Ida::run`] returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Halt {
    /// The node limit was reached, or the observer paused: call again.
    Paused,
    /// The goal was entered; the stack is the path to it.
    Found,
    /// The observer refused an expansion ([`Observer::admit`]).
    Stopped,
    /// An iteration ended with nothing over the bound (the stack is empty);
    /// with an observer on one iteration ([`Observer::one_iteration`]), any
    /// end of an iteration ([`Ida::next_bound`] then holds the next bound).
    Exhausted,
}

/// A frame of search `Ida<E, _, M>`.
type FrameOf<E, M> = Frame<<E as Estimate>::Parts, <M as Tiles>::Kids<<E as Estimate>::Parts>>;

/// The one IDA* loop, monomorphised by estimate, child order and metric
/// (multi-tile only with [`ByH`]).
#[derive(Clone)]
pub(crate) struct Ida<E: Estimate, O: ChildOrder = ByH, M: Tiles = SingleTile> {
    est: E,
    neighbours: [[u8; 4]; OPTIMAL_MAX_CELLS],
    goal: Cells,
    root: FrameOf<E, M>,
    root_cells: Cells,
    root_pos: Cells,
    cells: Cells,
    pos: Cells,
    stack: Vec<FrameOf<E, M>>,
    bound: u32,
    next_bound: u32,
    /// One-by-one order: the root is to be entered next.
    root_next: bool,
    pub(super) progress: IdaProgress,
    pub(super) found: bool,
    order: std::marker::PhantomData<(O, M)>,
}

fn cells_of(board: &Board) -> Cells {
    let mut cells = [0u8; OPTIMAL_MAX_CELLS];
    cells[..board.cells().len()].copy_from_slice(board.cells());
    cells
}

fn positions(board: &Board) -> Cells {
    let mut pos = [0u8; OPTIMAL_MAX_CELLS];
    for (cell, &t) in board.cells().iter().enumerate() {
        pos[t as usize] = cell as u8;
    }
    pos
}

impl<E: Estimate, O: ChildOrder, M: Tiles> Ida<E, O, M> {
    pub(crate) fn new(est: E, start: &Board, goal: &Board) -> Ida<E, O, M> {
        // The multi-tile children are made a direction at a time and
        // entered by h only.
        const { assert!(!(M::MULTI && O::ONE_BY_ONE)) };
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

    /// Starts the first iteration at `bound` when it is above h(start),
    /// for a caller that has proved the distance is at least `bound` (the
    /// iterations below it would find nothing); only before the search
    /// has generated a node.
    pub(crate) fn start_at(&mut self, bound: u32) {
        if self.progress.generated == 0 && bound > self.bound {
            self.bound = bound;
            self.progress.bound = bound;
        }
    }

    /// The path held, one single-tile move per tile slid.
    pub(crate) fn moves(&self) -> Vec<Move> {
        self.slides()
            .into_iter()
            .flat_map(|s| std::iter::repeat_n(s.direction, usize::from(s.count)))
            .collect()
    }

    /// The path held, one slide per step (count 1 in the single-tile
    /// metric).
    pub(crate) fn slides(&self) -> Vec<moves::Slide> {
        self.stack
            .windows(2)
            .map(|w| {
                let d = usize::from(w[1].via) & 3;
                let (mut cell, mut count) = (w[0].blank, 0u8);
                while cell != w[1].blank && cell != NO_CELL {
                    cell = self.neighbours[usize::from(cell)][d];
                    count += 1;
                }
                moves::Slide::new(Move::ALL[d], count)
            })
            .collect()
    }

    /// Moves the blank from `from` to `to`, a cell straight ahead in
    /// direction `d`, sliding every tile between them one cell back (cells
    /// and positions).
    #[inline(always)]
    fn slide_blank(&mut self, from: u8, to: u8, d: usize) {
        let mut cell = from as usize;
        while cell != to as usize {
            let next = self.neighbours[cell][d] as usize;
            let tile = self.cells[next];
            self.cells[cell] = tile;
            self.pos[tile as usize] = cell as u8;
            cell = next;
        }
        self.cells[cell] = 0;
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
        node: FrameOf<E, M>,
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
        let stop_at = self.progress.generated.saturating_add(limit.max(1));
        self.run_until(stop_at, obs)
    }

    /// [`Ida::run`] until `stop_at` children in all were generated: it
    /// pauses at the first generation it is about to make with at least
    /// that many already made (at once if there are already; a multi-tile
    /// run of slides, made after one such check, can pass it).
    pub(crate) fn run_until<V: Observer>(&mut self, stop_at: u64, obs: &mut V) -> Halt {
        if self.found {
            return Halt::Found;
        }
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
                if M::MULTI && top.tried < 4 {
                    // Generating a whole direction: its runs of 1, 2, …
                    // tiles, each the last one plus one more tile.
                    let d = top.tried as usize;
                    let blank = top.blank;
                    let first = self.neighbours[blank as usize][d];
                    if (top.via != 4 && d >> 1 == usize::from(top.via) >> 1) || first == NO_CELL {
                        top.tried += 1;
                        continue;
                    }
                    if generated >= stop_at {
                        break 'iterations Halt::Paused;
                    }
                    top.tried += 1;
                    let (mut h, mut parts) = (u32::from(top.h), top.parts);
                    let (mut to, mut from) = (blank as usize, first as usize);
                    loop {
                        generated += 1;
                        let tile = self.cells[from] as usize;
                        self.pos[tile] = to as u8;
                        self.cells[to] = tile as u8;
                        self.cells[from] = 0;
                        let slide = Slide {
                            tile,
                            from,
                            to,
                            limit: u32::MAX,
                        };
                        (h, parts) = self.est.moved(h, parts, &self.pos, &self.cells, slide);
                        let f = g + 1 + h;
                        if f > bound {
                            if f < self.next_bound {
                                self.next_bound = f;
                            }
                        } else {
                            top.insert(Kid {
                                dir: d as u8,
                                from: from as u8,
                                h: h as u16,
                                parts,
                            });
                        }
                        let next = self.neighbours[from][d];
                        if next == NO_CELL {
                            break;
                        }
                        (to, from) = (from, next as usize);
                    }
                    // Back to the node: the blank returns the way it came.
                    self.slide_blank(from as u8, blank, d ^ 1);
                    continue;
                }
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
                    top.insert(Kid {
                        dir: d as u8,
                        from: from as u8,
                        h: h as u16,
                        parts,
                    });
                    continue;
                }
                if top.entered < top.len {
                    let kid = top.kids.as_ref()[top.entered as usize];
                    let parent_blank = top.blank;
                    top.entered += 1;
                    if M::MULTI {
                        self.slide_blank(parent_blank, kid.from, usize::from(kid.dir));
                    } else {
                        let (from, to) = (kid.from as usize, top.blank as usize);
                        let tile = self.cells[from];
                        self.cells[to] = tile;
                        self.cells[from] = 0;
                        self.pos[tile as usize] = to as u8;
                    }
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
                let via = usize::from(top.via);
                self.stack.pop();
                let Some(parent) = self.stack.last() else {
                    // The iteration is over without a solution.
                    self.progress.completed_bound = Some(bound);
                    if self.next_bound == u32::MAX || obs.one_iteration() {
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
                if M::MULTI {
                    let parent_blank = parent.blank;
                    self.slide_blank(child_blank as u8, parent_blank, via ^ 1);
                    continue;
                }
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

    /// Sets the search on an iteration with bound `bound` from the start,
    /// its counts at zero (the start's entry not counted); run it with an
    /// observer on one iteration ([`Observer::one_iteration`]).
    pub(crate) fn start_iteration(&mut self, bound: u32) {
        self.cells = self.root_cells;
        self.pos = self.root_pos;
        self.stack.clear();
        self.stack.push(self.root);
        self.begin(bound);
    }

    /// Sets the search on the subtree of `job`'s board alone, in an
    /// iteration with bound `bound`, its counts at zero (the board's entry
    /// not counted): the boards above it are held as done, so the end of
    /// its subtree ends the iteration (run it with an observer on one
    /// iteration).
    pub(crate) fn start_job(&mut self, job: &Job<E::Parts>, bound: u32) {
        self.cells = self.root_cells;
        self.pos = self.root_pos;
        self.hold(job);
        if let Some(top) = self.stack.last_mut() {
            top.tried = 0;
            top.parts = job.parts;
        }
        self.begin(bound);
    }

    /// One iteration at `bound`, nothing counted yet.
    fn begin(&mut self, bound: u32) {
        self.bound = bound;
        self.next_bound = u32::MAX;
        self.found = false;
        self.progress.bound = bound;
        self.progress.generated = 0;
        self.progress.expanded = 0;
    }

    /// Puts `job`'s path on the stack as boards with nothing left to try,
    /// applying its moves to the cells from where they stand.
    fn hold(&mut self, job: &Job<E::Parts>) {
        self.stack.clear();
        let mut last = None;
        for &(blank, via, h) in &job.path {
            if let Some(from) = last {
                self.slide_blank(from, blank, usize::from(via));
            }
            last = Some(blank);
            self.stack.push(Frame {
                blank,
                via,
                h,
                tried: 4,
                ..Frame::default()
            });
        }
    }

    /// The path held, from the start to the board on top of the stack.
    pub(crate) fn held(&self) -> Job<E::Parts> {
        Job {
            path: self.stack.iter().map(|f| (f.blank, f.via, f.h)).collect(),
            parts: self.stack.last().map_or_else(Default::default, |f| f.parts),
        }
    }

    /// The board on top of the stack (just entered) as a job, left undone
    /// here: the search backs up past it next.
    pub(crate) fn take_job(&mut self) -> Job<E::Parts> {
        let job = self.held();
        if let Some(top) = self.stack.last_mut() {
            top.tried = 4;
            top.len = 0;
            top.entered = 0;
        }
        job
    }

    /// Ends the search with the counts `progress` and no answer: a later
    /// slice does nothing.
    pub(crate) fn finish(&mut self, progress: IdaProgress) {
        self.stack.clear();
        self.stack.push(Frame {
            tried: 4,
            ..self.root
        });
        self.found = false;
        self.bound = progress.bound;
        self.progress = progress;
    }

    /// Holds `path` (a goal found by another search of the same pair) as
    /// this search's answer, with the counts `progress`.
    pub(crate) fn adopt(&mut self, path: &Job<E::Parts>, progress: IdaProgress) {
        self.cells = self.root_cells;
        self.pos = self.root_pos;
        self.hold(path);
        self.found = true;
        self.progress = progress;
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
