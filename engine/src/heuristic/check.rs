//! The exhaustive check of a heuristic written in the heuristic language:
//! every board of the goal's parity class with its exact single-tile
//! distance, h against it (admissibility, strength, the h-vs-distance
//! counts), and every move a→b in both directions (consistency).
//!
//! One breadth-first search over the class's perfect hash (`index.rs`) with
//! a byte of distance, the board's h (8 bytes) and a FIFO entry (4 bytes)
//! per board: 13 bytes a board, 23.6 MB on 2×5. A board is evaluated when it
//! is expanded, so each board is decoded once; in the single-tile metric
//! every neighbour of a board at distance d is at d − 1 or d + 1, so each
//! move's pair of boards is compared exactly once, when the farther board
//! is expanded (the nearer one's h is known by then).
//!
//! Shapes of 12 cells (3×4, 4×3, 2×6, 6×2: 239,500,800 boards) are checked
//! on a sample ([`HeuristicCheck::new`] chooses): [`SAMPLE_BOARDS`] distinct
//! boards of the class drawn uniformly (entries of the perfect hash drawn by
//! xorshift64* from [`SAMPLE_SEED`], duplicates drawn again), their exact
//! distances taken down layer by layer from the two-bit search
//! ([`SpaceSearch`], 60 MB), then every figure over the sample: h against
//! distance on the sampled boards, and consistency on every move from or
//! to a sampled board (both directions; a move between two sampled boards
//! once).
//!
//! Runs in bounded slices ([`HeuristicCheck::step`]) with
//! [`HeuristicCheck::progress`] between them; to cancel, drop it.
//!
//! Orders, as stated in the results: a runtime error is reported on the
//! first board of the search's order (breadth-first from the goal: by
//! distance, and within a distance in the order the boards were reached);
//! the worst overestimate is a board of largest h − d, the smallest by key
//! among those; the worst inconsistency a move of largest h(a) − 1 − h(b),
//! the smallest by (key of a, key of b) among those. The key of a board is
//! its row-major cell sequence compared lexicographically
//! ([`Board::packed`]).

use super::expr::{EvalError, Program};
use crate::engine::{moves::Metric, shape::MAX_CELLS, Board, Shape};
use crate::space::index::{Geometry, Order};
use crate::space::SpaceSearch;
use std::collections::BTreeMap;
use std::fmt;

/// The most cells of a shape checked on every board (2×5, 5×2: 1,814,400
/// boards); shapes of up to [`SPACE_MAX_CELLS`](super::SPACE_MAX_CELLS)
/// cells are checked on a sample.
pub const CHECK_MAX_CELLS: usize = 10;

/// Boards in the sample of a 12-cell shape.
pub const SAMPLE_BOARDS: usize = 10_000;

/// The seed of the sample's generator (xorshift64*).
pub const SAMPLE_SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// Bytes a board the check holds (distance, h, queue entry).
pub const CHECK_BYTES_PER_BOARD: u64 = 13;

/// The h values counted one by one per distance in a table; larger ones
/// go to a map (the counts are exact either way).
const DENSE_H: usize = 128;

const UNSEEN: u8 = u8::MAX;

/// A board where h exceeds the true distance.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Overestimate {
    /// The board.
    pub board: Board,
    /// Its h.
    pub h: i64,
    /// Its distance to the goal.
    pub distance: u32,
}

/// A move a→b with h(a) > 1 + h(b).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Inconsistency {
    /// The board the move starts from.
    pub from: Board,
    /// The board it leads to.
    pub to: Board,
    /// h of `from`.
    pub h_from: i64,
    /// h of `to`.
    pub h_to: i64,
}

/// How many boards at one distance have one h.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HCount {
    /// The true distance.
    pub distance: u32,
    /// The h.
    pub h: i64,
    /// Boards with both.
    pub count: u64,
}

/// What the check found.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CheckResult {
    /// The goal the distances are measured to.
    pub goal: Board,
    /// The metric the distances are counted in (and a move of the
    /// consistency check is): [`CheckResult::against`] says it.
    #[serde(default)]
    pub metric: Metric,
    /// Boards checked: every board that can reach the goal, (W·H)!/2.
    pub boards: u64,
    /// h ≤ d on every board.
    pub admissible: bool,
    /// Boards with h > d.
    pub overestimates: u64,
    /// A board of largest h − d (the smallest by key among them), when
    /// there is an overestimate.
    pub worst_overestimate: Option<Overestimate>,
    /// h(a) ≤ 1 + h(b) on every move a→b.
    pub consistent: bool,
    /// Moves a→b (each direction of a pair counted) with h(a) > 1 + h(b).
    pub inconsistent_moves: u64,
    /// A move of largest h(a) − 1 − h(b) (the smallest by the keys of a,
    /// then b, among them), when there is one.
    pub worst_inconsistency: Option<Inconsistency>,
    /// The mean of h/d over the boards with d > 0.
    pub mean_ratio: f64,
    /// The share of boards with h = d.
    pub exact_share: f64,
    /// Boards with h = d.
    pub exact: u64,
    /// Boards at each distance, 0..=diameter.
    pub counts: Vec<u64>,
    /// Boards by (distance, h), ascending, only the pairs that occur.
    pub h_vs_distance: Vec<HCount>,
    /// `None` when every board was checked; for a sample, what it was
    /// drawn from (the figures above are the sample's).
    pub sample: Option<SampleInfo>,
}

impl CheckResult {
    /// The sentence naming what h was checked against: `checked against
    /// the multi-tile distances`.
    pub fn against(&self) -> String {
        against_text(self.metric)
    }
}

/// What a check in `metric` measures h against, the one wording of the CLI
/// and the page: `checked against the single-tile distances`.
pub fn against_text(metric: Metric) -> String {
    format!("checked against the {} distances", metric.long_name())
}

/// How a sampled check drew its boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SampleInfo {
    /// Boards that can reach the goal, (W·H)!/2, the sample drawn among them.
    pub class_boards: u64,
    /// The generator's seed.
    pub seed: u64,
}

/// The first board (in the search's order) where h has no value.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EvalFailure {
    /// The board.
    pub board: Board,
    /// Its distance to the goal (`None` for a neighbour of a sampled
    /// board, whose distance the sampled check does not know).
    pub distance: Option<u32>,
    /// What went wrong.
    pub error: EvalError,
}

impl fmt::Display for EvalFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.distance {
            Some(d) => write!(
                f,
                "on the board {} (distance {d}): {}",
                self.board.to_json(),
                self.error
            ),
            None => write!(f, "on the board {}: {}", self.board.to_json(), self.error),
        }
    }
}

/// Why a check cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// The shape has more than [`SPACE_MAX_CELLS`](super::SPACE_MAX_CELLS)
    /// cells.
    TooLarge {
        /// The shape asked for.
        shape: Shape,
    },
    /// The allocator refused the tables.
    OutOfMemory {
        /// The shape.
        shape: Shape,
        /// Bytes asked for.
        bytes: u64,
    },
}

impl CheckError {
    /// A stable snake_case name for JSON output and tests.
    pub fn kind(&self) -> &'static str {
        match self {
            CheckError::TooLarge { .. } => "too_large_for_check",
            CheckError::OutOfMemory { .. } => "out_of_memory",
        }
    }
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::TooLarge { shape } => write!(
                f,
                "{} {shape} board has {} cells; the check covers every board of shapes of at most {CHECK_MAX_CELLS} cells (2×5 and 5×2: 1,814,400 boards) and a sample of {} boards of the 12-cell shapes",
                shape.article(),
                shape.cells(),
                crate::text::thousands(SAMPLE_BOARDS as u64)
            ),
            CheckError::OutOfMemory { shape, bytes } => write!(
                f,
                "the {shape} check needs {} bytes and the memory was refused",
                crate::text::thousands(u128::from(*bytes))
            ),
        }
    }
}

impl std::error::Error for CheckError {}

/// How far a check is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CheckProgress {
    /// Boards checked; in a sampled check, the boards the space search has
    /// reached plus the sampled boards checked.
    pub checked: u64,
    /// Boards to check, (W·H)!/2; in a sampled check, (W·H)!/2 plus the
    /// sample's size.
    pub total: u64,
}

/// A sampled check's own state.
struct Sampled {
    search: SpaceSearch,
    /// The sample's entries in the order drawn.
    entries: Vec<u64>,
    /// Where each entry is in `entries`.
    index: std::collections::HashMap<u64, usize>,
    /// The next sampled board to check, once the search is over.
    next: usize,
}

/// The worst overestimate so far: (h − d, key, h, d, entry).
type WorstOver = (i128, u64, i64, u32, u32);

/// The worst inconsistency so far: (excess, key a, key b, h a, h b, entry
/// a, entry b).
type WorstMove = (i128, u64, u64, i64, i64, u32, u32);

/// The exhaustive check of one compiled heuristic, run in slices.
///
/// ```
/// use eight_puzzle_engine::{Board, Shape, heuristic::expr::Program, heuristic::HeuristicCheck};
/// let goal = Board::default_goal(Shape::new(3, 2).unwrap());
/// let h = Program::compile("manhattan", &goal).unwrap();
/// let mut check = HeuristicCheck::new(h).unwrap();
/// while !check.step(1_000) {
///     let p = check.progress(); // a worker would post this
///     assert!(p.checked < p.total);
/// }
/// let r = check.result().unwrap();
/// assert_eq!((r.boards, r.admissible, r.consistent), (360, true, true));
/// ```
pub struct HeuristicCheck {
    geo: Geometry,
    program: Program,
    metric: Metric,
    /// Multi-tile metric: a bit per entry, set once its board is evaluated
    /// (a move may join two boards at one distance, compared once, when
    /// the later is expanded). Empty in the single-tile metric.
    evaluated: Vec<u64>,
    dist: Vec<u8>,
    h: Vec<i64>,
    queue: Vec<u32>,
    next: usize,
    overestimates: u64,
    worst_over: Option<WorstOver>,
    inconsistent: u64,
    worst_move: Option<WorstMove>,
    exact: u64,
    h_sum: Vec<i128>,
    dense: Vec<[u64; DENSE_H]>,
    sparse: BTreeMap<(u32, i64), u64>,
    failure: Option<EvalFailure>,
    result: Option<CheckResult>,
    sampled: Option<Box<Sampled>>,
}

/// The sample's entries: `n` distinct entries below `entries`, drawn by
/// xorshift64* from `seed` (a duplicate is drawn again).
fn draw(n: usize, entries: u64, seed: u64) -> Vec<u64> {
    let mut draws = crate::space::Draws::new(seed);
    let mut seen = std::collections::HashSet::new();
    let n = n.min(usize::try_from(entries).unwrap_or(usize::MAX));
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let e = draws.below(entries);
        if seen.insert(e) {
            out.push(e);
        }
    }
    out
}

/// An empty vector with room for `n` items, or the check's memory error.
fn room<T>(n: usize, shape: Shape, bytes: u64) -> Result<Vec<T>, CheckError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| CheckError::OutOfMemory { shape, bytes })?;
    Ok(v)
}

impl HeuristicCheck {
    /// A check of `program` against its goal: the tables allocated (with
    /// `try_reserve`, so a refused allocation is an error), nothing run yet.
    ///
    /// Shapes of up to [`CHECK_MAX_CELLS`] cells are checked on every board;
    /// 12-cell shapes on [`SAMPLE_BOARDS`] boards drawn from
    /// [`SAMPLE_SEED`] ([`HeuristicCheck::sampled`]); larger ones are an
    /// error.
    pub fn new(program: Program) -> Result<HeuristicCheck, CheckError> {
        HeuristicCheck::in_metric(program, Metric::Single)
    }

    /// [`HeuristicCheck::new`] against the distances of `metric` (in the
    /// multi-tile metric every slide is one move: distances by its
    /// breadth-first search, consistency h(a) ≤ 1 + h(b) on every slide).
    pub fn in_metric(program: Program, metric: Metric) -> Result<HeuristicCheck, CheckError> {
        if program.goal().shape().cells() > CHECK_MAX_CELLS {
            return HeuristicCheck::sampled_in(program, SAMPLE_BOARDS, SAMPLE_SEED, metric);
        }
        HeuristicCheck::every_in(program, metric)
    }

    /// A check of `program` on every board of its goal's class (at most
    /// [`CHECK_MAX_CELLS`] cells).
    pub fn every(program: Program) -> Result<HeuristicCheck, CheckError> {
        HeuristicCheck::every_in(program, Metric::Single)
    }

    /// [`HeuristicCheck::every`] in `metric`.
    pub fn every_in(program: Program, metric: Metric) -> Result<HeuristicCheck, CheckError> {
        let goal = *program.goal();
        let shape = goal.shape();
        if shape.cells() > CHECK_MAX_CELLS {
            return Err(CheckError::TooLarge { shape });
        }
        let geo = Geometry::new(&goal);
        let entries = geo.entries() as usize;
        let bytes = entries as u64 * CHECK_BYTES_PER_BOARD;
        let mut dist = room::<u8>(entries, shape, bytes)?;
        dist.resize(entries, UNSEEN);
        let mut h = room::<i64>(entries, shape, bytes)?;
        h.resize(entries, 0);
        let mut queue = room::<u32>(entries, shape, bytes)?;
        let mut evaluated = Vec::new();
        if metric == Metric::Multi {
            evaluated = room::<u64>(entries.div_ceil(64), shape, bytes)?;
            evaluated.resize(entries.div_ceil(64), 0);
        }
        let start = geo.entry_of(&goal).unwrap_or(0) as usize;
        dist[start] = 0;
        queue.push(start as u32);
        Ok(HeuristicCheck {
            geo,
            program,
            metric,
            evaluated,
            dist,
            h,
            queue,
            next: 0,
            overestimates: 0,
            worst_over: None,
            inconsistent: 0,
            worst_move: None,
            exact: 0,
            h_sum: Vec::new(),
            dense: Vec::new(),
            sparse: BTreeMap::new(),
            failure: None,
            result: None,
            sampled: None,
        })
    }

    /// A check of `program` on `n` distinct boards of its goal's class drawn
    /// uniformly from `seed` (any shape of at most 12 cells; all of them
    /// when the class has at most `n`), each with its exact distance from
    /// the two-bit search, and every move from or to a sampled board.
    pub fn sampled(program: Program, n: usize, seed: u64) -> Result<HeuristicCheck, CheckError> {
        HeuristicCheck::sampled_in(program, n, seed, Metric::Single)
    }

    /// [`HeuristicCheck::sampled`] in `metric` (the two-bit search and the
    /// sampled boards' moves both in it).
    pub fn sampled_in(
        program: Program,
        n: usize,
        seed: u64,
        metric: Metric,
    ) -> Result<HeuristicCheck, CheckError> {
        let goal = *program.goal();
        let shape = goal.shape();
        let mut search = SpaceSearch::with_metric(&goal, metric).map_err(|e| match e {
            crate::space::SpaceError::OutOfMemory { bytes, .. } => {
                CheckError::OutOfMemory { shape, bytes }
            }
            _ => CheckError::TooLarge { shape },
        })?;
        let geo = Geometry::new(&goal);
        let entries = draw(n, geo.entries(), seed);
        search.watch(&entries);
        let index = entries.iter().enumerate().map(|(i, &e)| (e, i)).collect();
        Ok(HeuristicCheck {
            geo,
            program,
            metric,
            evaluated: Vec::new(),
            dist: Vec::new(),
            h: Vec::new(),
            queue: Vec::new(),
            next: 0,
            overestimates: 0,
            worst_over: None,
            inconsistent: 0,
            worst_move: None,
            exact: 0,
            h_sum: Vec::new(),
            dense: Vec::new(),
            sparse: BTreeMap::new(),
            failure: None,
            result: None,
            sampled: Some(Box::new(Sampled {
                search,
                entries,
                index,
                next: 0,
            })),
        })
    }

    /// The metric h is checked against.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The heuristic checked.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// Checks at most `budget` boards (each with its moves); `true` once
    /// the check is over: a [`HeuristicCheck::result`] or a
    /// [`HeuristicCheck::failure`].
    pub fn step(&mut self, budget: u64) -> bool {
        if self.sampled.is_some() {
            return self.step_sampled(budget);
        }
        let mut spent = 0u64;
        while self.result.is_none() && self.failure.is_none() && spent < budget {
            let Some(&e) = self.queue.get(self.next) else {
                self.finish();
                break;
            };
            self.next += 1;
            spent += 1;
            self.expand(e);
        }
        self.result.is_some() || self.failure.is_some()
    }

    /// Boards checked, of how many.
    pub fn progress(&self) -> CheckProgress {
        if let Some(s) = &self.sampled {
            let p = s.search.progress();
            let n = s.entries.len() as u64;
            let done = if self.result.is_some() {
                n
            } else {
                s.next as u64
            };
            return CheckProgress {
                checked: p.reached + done,
                total: p.total + n,
            };
        }
        let total = self.geo.entries();
        CheckProgress {
            checked: if self.result.is_some() {
                total
            } else {
                self.next as u64
            },
            total,
        }
    }

    /// The exact distance of `board` in the check's metric, once an
    /// exhaustive check is over (`None` for a sampled or unfinished check,
    /// or a board of another class or shape).
    pub fn distance(&self, board: &Board) -> Option<u32> {
        if self.result.is_none() || self.sampled.is_some() {
            return None;
        }
        let e = self.geo.entry_of(board)? as usize;
        match self.dist.get(e) {
            Some(&d) if d != UNSEEN => Some(u32::from(d)),
            _ => None,
        }
    }

    /// The figures, once the check is over without a failure.
    pub fn result(&self) -> Option<&CheckResult> {
        self.result.as_ref()
    }

    /// The first board where h had no value, if the check stopped there.
    pub fn failure(&self) -> Option<&EvalFailure> {
        self.failure.as_ref()
    }

    /// Boards by distance for the search-cost figures, once an exhaustive
    /// check is over: at each distance d, `per_depth` distinct boards drawn
    /// by [`draw`] from `seed ^ d` among the boards at that distance (all of
    /// them when it has at most `per_depth`), each list in breadth-first
    /// order. Index = distance. Empty for a sampled or unfinished check.
    pub fn boards_by_distance(&self, per_depth: usize, seed: u64) -> Vec<Vec<Board>> {
        if self.result.is_none() || self.sampled.is_some() {
            return Vec::new();
        }
        let mut layers: Vec<Vec<u32>> = Vec::new();
        for &e in &self.queue {
            let d = usize::from(self.dist[e as usize]);
            if layers.len() <= d {
                layers.resize(d + 1, Vec::new());
            }
            layers[d].push(e);
        }
        layers
            .iter()
            .enumerate()
            .map(|(d, layer)| {
                let mut picked = draw(per_depth, layer.len() as u64, seed ^ d as u64);
                picked.sort_unstable();
                picked
                    .into_iter()
                    .map(|i| {
                        let (q, b) = self.geo.divide(u64::from(layer[i as usize]));
                        self.geo.board_at(&self.geo.order_at(q, b), b)
                    })
                    .collect()
            })
            .collect()
    }

    /// The cells of the board with tile order `order` and the blank at `b`.
    fn cells_at(&self, order: &Order, b: usize) -> [u8; MAX_CELLS] {
        let mut cells = [0u8; MAX_CELLS];
        let mut t = 0;
        for (i, c) in cells.iter_mut().enumerate().take(self.geo.cells) {
            if i != b {
                *c = order.tiles[t] + 1;
                t += 1;
            }
        }
        cells
    }

    /// Evaluates, tallies and expands one board.
    fn expand(&mut self, e: u32) {
        let geo = &self.geo;
        let (q, b) = geo.divide(u64::from(e));
        let order = geo.order_at(q, b);
        let d = self.dist[e as usize];
        let cells = self.cells_at(&order, b);
        let h = match self.program.eval_cells(&cells[..geo.cells]) {
            Ok(h) => h,
            Err(error) => {
                self.failure = Some(EvalFailure {
                    board: geo.board_at(&order, b),
                    distance: Some(u32::from(d)),
                    error,
                });
                return;
            }
        };
        self.h[e as usize] = h;
        let key = geo.key(&order, b);
        if self.metric == Metric::Multi {
            self.expand_slides(e, key, h, d, order, b);
            return;
        }
        // The neighbours, as the two-bit search finds them (scan.rs).
        let n = geo.cells as u64;
        let row_start = q * n;
        let col = geo.col[b];
        let mut next = [u64::MAX; 4];
        if col > 0 {
            next[0] = row_start + b as u64 - 1;
        }
        if usize::from(col) + 1 < geo.width {
            next[1] = row_start + b as u64 + 1;
        }
        if b >= geo.width {
            next[2] = (geo.rank_up(&order, b) >> 1) * n + (b - geo.width) as u64;
        }
        if b + geo.width < geo.cells {
            next[3] = (geo.rank_down(&order, b) >> 1) * n + (b + geo.width) as u64;
        }
        self.tally(e, key, h, d);
        for m in next.into_iter().filter(|&m| m != u64::MAX) {
            let m = m as usize;
            let dm = self.dist[m];
            if dm == UNSEEN {
                self.dist[m] = d + 1;
                self.queue.push(m as u32);
            } else if dm + 1 == d {
                self.compare(e, key, h, m as u32, self.h[m]);
            }
        }
    }

    /// The multi-tile moves of one evaluated board, as the two-bit search
    /// finds them (scan.rs: a row slide keeps the tile order, a column
    /// slide is column steps chained): a neighbour one nearer the goal or
    /// at the same distance and already evaluated is compared (each move
    /// once), an unseen one is queued.
    fn expand_slides(&mut self, e: u32, key: u64, h: i64, d: u8, order: Order, b: usize) {
        let geo = &self.geo;
        let n = geo.cells as u64;
        let (q, width) = (geo.divide(u64::from(e)).0, geo.width);
        let col = usize::from(geo.col[b]);
        let mut next: Vec<u64> = Vec::with_capacity(geo.width + geo.cells / width);
        let row = b - col;
        next.extend(
            (row..row + width)
                .filter(|&c| c != b)
                .map(|c| q * n + c as u64),
        );
        let (mut moved, mut at) = (order, b);
        while at >= width {
            geo.slide_up(&mut moved, at);
            at -= width;
            next.push((moved.rank >> 1) * n + at as u64);
        }
        let (mut moved, mut at) = (order, b);
        while at + width < geo.cells {
            geo.slide_down(&mut moved, at);
            at += width;
            next.push((moved.rank >> 1) * n + at as u64);
        }
        self.evaluated[e as usize / 64] |= 1 << (e % 64);
        self.tally(e, key, h, d);
        for m in next {
            let m = m as usize;
            let dm = self.dist[m];
            let done = self.evaluated[m / 64] & (1 << (m % 64)) != 0;
            if dm == UNSEEN {
                self.dist[m] = d + 1;
                self.queue.push(m as u32);
            } else if dm + 1 == d || (dm == d && done) {
                self.compare(e, key, h, m as u32, self.h[m]);
            }
        }
    }

    /// [`HeuristicCheck::step`] of a sampled check: the space search's
    /// slices (a unit a table word or a board expanded), then the sampled
    /// boards (a unit each, with its moves).
    fn step_sampled(&mut self, budget: u64) -> bool {
        let Some(mut s) = self.sampled.take() else {
            return true;
        };
        if s.search.result().is_none() {
            s.search.step(budget);
        } else {
            let end = s
                .next
                .saturating_add(usize::try_from(budget).unwrap_or(usize::MAX));
            let watched: Vec<(u64, u32)> = s.search.watched().to_vec();
            while s.next < end.min(watched.len()) && self.failure.is_none() {
                let i = s.next;
                s.next += 1;
                self.sample_board(&s, i, watched[i]);
            }
            if s.next == watched.len() && self.failure.is_none() {
                self.finish_sampled(&s);
            }
        }
        self.sampled = Some(s);
        self.result.is_some() || self.failure.is_some()
    }

    /// One sampled board: h against its distance, and its moves.
    fn sample_board(&mut self, s: &Sampled, i: usize, (e, d): (u64, u32)) {
        let board = self.geo.board_of(e);
        let h = match self.program.eval(&board) {
            Ok(h) => h,
            Err(error) => {
                self.failure = Some(EvalFailure {
                    board,
                    distance: Some(d),
                    error,
                });
                return;
            }
        };
        let d8 = u8::try_from(d).unwrap_or(u8::MAX - 1);
        let key = board.packed();
        self.tally(e as u32, key, h, d8);
        for (_, next) in board.moves_in(self.metric) {
            let Some(m) = self.geo.entry_of(&next) else {
                continue;
            };
            // A move between two sampled boards is compared once, from the
            // one drawn later.
            if s.index.get(&m).is_some_and(|&j| j < i) {
                continue;
            }
            match self.program.eval(&next) {
                Ok(hm) => self.compare(e as u32, key, h, m as u32, hm),
                Err(error) => {
                    self.failure = Some(EvalFailure {
                        board: next,
                        distance: None,
                        error,
                    });
                    return;
                }
            }
        }
    }

    /// The figures of a sampled check.
    fn finish_sampled(&mut self, s: &Sampled) {
        let boards = s.entries.len() as u64;
        self.queue = Vec::new();
        self.finish_with(boards);
        if let Some(r) = &mut self.result {
            r.sample = Some(SampleInfo {
                class_boards: self.geo.entries(),
                seed: SAMPLE_SEED,
            });
        }
    }

    /// Admissibility, exactness, the ratio's sum and the h-vs-d counts of
    /// one board.
    fn tally(&mut self, e: u32, key: u64, h: i64, d: u8) {
        let di = usize::from(d);
        if self.h_sum.len() <= di {
            self.h_sum.resize(di + 1, 0);
            self.dense.resize(di + 1, [0; DENSE_H]);
        }
        self.h_sum[di] += i128::from(h);
        match usize::try_from(h) {
            Ok(hi) if hi < DENSE_H => self.dense[di][hi] += 1,
            _ => *self.sparse.entry((u32::from(d), h)).or_insert(0) += 1,
        }
        let excess = i128::from(h) - i128::from(d);
        if excess == 0 {
            self.exact += 1;
        }
        if excess > 0 {
            self.overestimates += 1;
            let better = self
                .worst_over
                .is_none_or(|(x, k, ..)| excess > x || (excess == x && key < k));
            if better {
                self.worst_over = Some((excess, key, h, u32::from(d), e));
            }
        }
    }

    /// Both moves between `a` (just evaluated, key `key_a`) and `b` (one
    /// move nearer the goal, evaluated before).
    fn compare(&mut self, a: u32, key_a: u64, h_a: i64, b: u32, h_b: i64) {
        let (ha, hb) = (i128::from(h_a), i128::from(h_b));
        for (from, to, hf, ht) in [(a, b, ha, hb), (b, a, hb, ha)] {
            let excess = hf - 1 - ht;
            if excess <= 0 {
                continue;
            }
            self.inconsistent += 1;
            if self.worst_move.is_some_and(|w| excess < w.0) {
                continue;
            }
            let key = |e: u32| {
                if e == a {
                    key_a
                } else {
                    self.geo.board_of(u64::from(e)).packed()
                }
            };
            let (kf, kt) = (key(from), key(to));
            let better = self
                .worst_move
                .is_none_or(|w| excess > w.0 || (kf, kt) < (w.1, w.2));
            if better {
                self.worst_move = Some((excess, kf, kt, hf as i64, ht as i64, from, to));
            }
        }
    }

    /// The figures, and the h table freed.
    fn finish(&mut self) {
        self.finish_with(self.queue.len() as u64);
    }

    /// The figures over `boards` boards.
    fn finish_with(&mut self, boards: u64) {
        let mut counts = Vec::with_capacity(self.dense.len());
        let mut h_vs_distance = Vec::new();
        let mut ratio_sum = 0f64;
        for (d, row) in self.dense.iter().enumerate() {
            let mut count: u64 = row.iter().sum();
            let over: Vec<HCount> = self
                .sparse
                .range((d as u32, i64::MIN)..=(d as u32, i64::MAX))
                .map(|(&(distance, h), &count)| HCount { distance, h, count })
                .collect();
            count += over.iter().map(|c| c.count).sum::<u64>();
            counts.push(count);
            let below = over.iter().filter(|c| c.h < 0);
            let dense = row
                .iter()
                .enumerate()
                .filter(|&(_, &c)| c > 0)
                .map(|(h, &count)| HCount {
                    distance: d as u32,
                    h: h as i64,
                    count,
                });
            let above = over.iter().filter(|c| c.h >= 0);
            h_vs_distance.extend(below.copied().chain(dense).chain(above.copied()));
            if d > 0 {
                ratio_sum += self.h_sum[d] as f64 / d as f64;
            }
        }
        let at_goal = counts.first().copied().unwrap_or(0);
        let geo = &self.geo;
        let board = |e: u32| geo.board_of(u64::from(e));
        self.result = Some(CheckResult {
            goal: *self.program.goal(),
            metric: self.metric,
            boards,
            admissible: self.overestimates == 0,
            overestimates: self.overestimates,
            worst_overestimate: self.worst_over.map(|(_, _, h, distance, e)| Overestimate {
                board: board(e),
                h,
                distance,
            }),
            consistent: self.inconsistent == 0,
            inconsistent_moves: self.inconsistent,
            worst_inconsistency: self.worst_move.map(|(_, _, _, h_from, h_to, a, b)| {
                Inconsistency {
                    from: board(a),
                    to: board(b),
                    h_from,
                    h_to,
                }
            }),
            mean_ratio: if boards > at_goal {
                ratio_sum / (boards - at_goal) as f64
            } else {
                0.0
            },
            exact_share: self.exact as f64 / boards as f64,
            exact: self.exact,
            counts,
            h_vs_distance,
            sample: None,
        });
        // The distances and the breadth-first order stay (5 bytes a board)
        // for [`HeuristicCheck::boards_by_distance`].
        self.h = Vec::new();
    }
}
