//! The exact state space of every board of at most 12 cells in slices (the
//! page) and 14 natively (2×7, 7×2): a breadth-first search from a goal
//! over every board that can reach it.
//!
//! - [`SpaceSearch`] runs the search in bounded slices ([`SpaceSearch::step`])
//!   with [`SpaceSearch::progress`] between them, so a Web Worker can report
//!   and be cancelled (drop it between slices: nothing else holds memory);
//!   natively, [`explore`] runs each pass on several threads, and
//!   [`SpaceSearch::run`] stops between two passes when asked (the command
//!   line's checkpoints): [`SpaceSearch::counts`] and
//!   [`SpaceSearch::table_words`] are everything a later run needs to go
//!   on from there ([`SpaceSearch::restore`], [`SpaceSearch::load_words`]).
//! - Memory: two bits per board ([`space_bytes`]), nothing else that grows
//!   with the space. See `space/index.rs` for the perfect hash and `space/scan.rs` for the
//!   two-bit layers.
//! - The heuristic check ([`crate::heuristic::HeuristicCheck`]) reads a
//!   12-cell class's distances off a [`SpaceSearch`] as it runs.
//! - The result ([`SpaceResult`]): boards, the count at each distance, the
//!   diameter, the mean distance and the boards at the diameter, all of them
//!   up to [`ANTIPODES_LISTED`], else that many first **by key**: the board's
//!   row-major cell sequence compared lexicographically (the order of
//!   [`Board::packed`]; on 3×3 the rank order the State space tab lists).

mod error;
pub(crate) mod index;
#[cfg(not(target_arch = "wasm32"))]
mod labels;
mod ranks;
mod sample;
mod scan;
#[cfg(not(target_arch = "wasm32"))]
mod threads;

pub use error::{
    parse_space_goal, parse_space_goal_in, parse_space_shape, parse_space_shape_in, Reach,
    SpaceError,
};
pub use index::{NATIVE_SPACE_MAX_CELLS, SPACE_MAX_CELLS};
#[cfg(not(target_arch = "wasm32"))]
pub use labels::{distances_bytes, distances_in};
pub use ranks::Ranks;
pub use sample::{ranks_at, sample_boards, Draws};
pub use scan::ANTIPODES_LISTED;
#[cfg(not(target_arch = "wasm32"))]
pub use threads::{explore, explore_in};

use crate::engine::{moves::Metric, Board, Shape};
use index::Geometry;
use scan::{current_code, scan, PassPart, PER_WORD};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The whole space of one goal.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SpaceResult {
    /// The goal the distances are measured to.
    pub goal: Board,
    /// Boards at each distance, 0..=diameter.
    pub counts: Vec<u64>,
    /// The boards at the diameter, ascending by key, at most
    /// [`ANTIPODES_LISTED`].
    pub antipodes: Vec<Board>,
    /// How many boards are at the diameter.
    pub antipode_count: u64,
}

impl SpaceResult {
    /// Boards that can reach the goal: (W·H)!/2.
    pub fn states(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The largest distance.
    pub fn diameter(&self) -> u32 {
        self.counts.len() as u32 - 1
    }

    /// Σ distance over every board (exact).
    pub fn total_distance(&self) -> u64 {
        self.counts
            .iter()
            .enumerate()
            .map(|(d, &c)| d as u64 * c)
            .sum()
    }

    /// The mean distance to the goal.
    pub fn mean(&self) -> f64 {
        self.total_distance() as f64 / self.states() as f64
    }
}

/// How far a search is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Progress {
    /// Boards whose distance is known (every layer found so far, including
    /// the one being found).
    pub reached: u64,
    /// Boards that can reach the goal, (W·H)!/2: `reached` ends there.
    pub total: u64,
    /// The layer being expanded (its boards are at this distance).
    pub depth: u32,
}

/// Bytes of the two-bit table for a shape: (W·H)!/2 boards at two bits, in
/// 64-bit words, plus one word. An error for a shape over
/// [`SPACE_MAX_CELLS`] cells, saying what it would need.
pub fn space_bytes(shape: Shape) -> Result<u64, SpaceError> {
    space_bytes_in(shape, Reach::Sliced)
}

/// [`space_bytes`] up to `reach`'s limit.
pub fn space_bytes_in(shape: Shape, reach: Reach) -> Result<u64, SpaceError> {
    reach.check(shape)?;
    let boards: u64 = (1..=shape.cells() as u64).product::<u64>() / 2;
    Ok((boards.div_ceil(PER_WORD) + 1) * 8)
}

/// A breadth-first search of the whole space of one goal, run in slices.
///
/// ```
/// use eight_puzzle_engine::{Board, Shape, space::SpaceSearch};
/// let goal = Board::default_goal(Shape::new(3, 2).unwrap());
/// let mut search = SpaceSearch::new(&goal).unwrap();
/// while !search.step(10_000) {
///     let p = search.progress(); // a worker would post this
///     assert!(p.reached <= p.total);
/// }
/// let result = search.result().unwrap();
/// assert_eq!((result.states(), result.diameter()), (360, 21));
/// ```
pub struct SpaceSearch {
    geo: Geometry,
    metric: Metric,
    table: Vec<AtomicU64>,
    goal: Board,
    /// Sizes of the layers found so far (the last one is being expanded
    /// until the search ends).
    counts: Vec<u64>,
    /// The pass under way: its depth, the next word to scan and what the
    /// words scanned so far found.
    depth: u32,
    word: usize,
    part: PassPart,
    result: Option<SpaceResult>,
    /// Entries whose distance is taken down as the layers are found
    /// (`u32::MAX` until then): the heuristic check's sample.
    watch: Vec<(u64, u32)>,
}

impl SpaceSearch {
    /// A search from `goal` in the single-tile metric, its table allocated
    /// (all unseen) and the goal marked. Errors: a shape over 12 cells
    /// ([`SpaceError::TooLarge`]), or a table the allocator refuses
    /// ([`SpaceError::OutOfMemory`]).
    pub fn new(goal: &Board) -> Result<SpaceSearch, SpaceError> {
        SpaceSearch::with_metric(goal, Metric::Single)
    }

    /// [`SpaceSearch::new`] with distances counted in `metric`: in the
    /// multi-tile metric a board's neighbours are every board one slide of
    /// 1 to W−1 tiles along the blank's row or 1 to H−1 along its column
    /// away. The same table, the same memory.
    pub fn with_metric(goal: &Board, metric: Metric) -> Result<SpaceSearch, SpaceError> {
        SpaceSearch::within(goal, metric, Reach::Sliced)
    }

    /// [`SpaceSearch::with_metric`] for a goal of up to `reach`'s limit of
    /// cells ([`SpaceError::TooLargeNative`] beyond [`Reach::Native`]'s).
    pub fn within(goal: &Board, metric: Metric, reach: Reach) -> Result<SpaceSearch, SpaceError> {
        let bytes = space_bytes_in(goal.shape(), reach)?;
        let refused = || SpaceError::OutOfMemory {
            shape: goal.shape(),
            bytes,
        };
        // Over the address space (a 32-bit target) is refused like a
        // failed allocation.
        let words = usize::try_from(bytes / 8).map_err(|_| refused())?;
        let mut table: Vec<AtomicU64> = Vec::new();
        table.try_reserve_exact(words).map_err(|_| refused())?;
        table.resize_with(words, || AtomicU64::new(0));
        let geo = Geometry::new(goal);
        let e = geo.entry_of(goal).unwrap_or(0);
        table[(e / PER_WORD) as usize].store(current_code(0) << (2 * (e % PER_WORD)), Relaxed);
        Ok(SpaceSearch {
            geo,
            metric,
            table,
            goal: *goal,
            counts: vec![1],
            depth: 0,
            word: 0,
            part: PassPart::default(),
            result: None,
            watch: Vec::new(),
        })
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The metric the distances are counted in.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// Bytes held by the table.
    pub fn bytes(&self) -> u64 {
        self.table.len() as u64 * 8
    }

    /// Whether the search stands between two passes: none under way, not
    /// complete. Only then do [`SpaceSearch::counts`] and the table's words
    /// describe it whole.
    pub fn between_passes(&self) -> bool {
        self.result.is_none() && self.word == 0 && self.part.expanded == 0 && self.part.new == 0
    }

    /// The layer sizes found so far, distance 0 up: the last is the layer
    /// the next pass expands (its depth is `counts().len() − 1`).
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// Words in the table (empty once the search is complete).
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// Copies the table's words from word `start` into `out`, as many as
    /// fit and are left; returns how many.
    pub fn table_words(&self, start: usize, out: &mut [u64]) -> usize {
        let from = self.table.get(start..).unwrap_or_default();
        let n = from.len().min(out.len());
        for (o, w) in out.iter_mut().zip(from) {
            *o = w.load(Relaxed);
        }
        n
    }

    /// Puts back a state saved between two passes, in a search just made
    /// for the same goal and metric: the layer sizes ([`SpaceSearch::counts`]),
    /// the table to be filled by [`SpaceSearch::load_words`] next. `false`
    /// (nothing changed) if the sizes cannot be a state of this space: the
    /// goal's layer not 1, an empty layer, or more boards than the space.
    pub fn restore(&mut self, counts: Vec<u64>) -> bool {
        let total = counts.iter().try_fold(0u64, |a, &c| a.checked_add(c));
        let fits = total.is_some_and(|t| t <= self.geo.entries());
        if counts.first() != Some(&1) || counts.contains(&0) || !fits || !self.between_passes() {
            return false;
        }
        self.depth = counts.len() as u32 - 1;
        self.counts = counts;
        true
    }

    /// Writes `words` into the table from word `start` (those past its end
    /// are ignored).
    pub fn load_words(&mut self, start: usize, words: &[u64]) {
        let to = self.table.get(start..).unwrap_or_default();
        for (t, &w) in to.iter().zip(words) {
            t.store(w, Relaxed);
        }
    }

    /// Runs at most about `budget` units of work, a unit being one table
    /// word scanned (32 boards) or one board expanded; returns `true` once
    /// the search is complete. Call it again to go on; to cancel, stop
    /// calling it and drop the search.
    pub fn step(&mut self, budget: u64) -> bool {
        let mut spent = 0u64;
        while self.result.is_none() && spent < budget {
            // Words per piece: at most the rest of the budget over 33 (a
            // word and its 32 boards), at least one.
            let left = usize::try_from((budget - spent) / (PER_WORD + 1)).unwrap_or(usize::MAX);
            let end = self.word.saturating_add(left.max(1)).min(self.table.len());
            spent += self.scan_to(end);
            if self.word == self.table.len() {
                let part = std::mem::take(&mut self.part);
                self.finish_pass(part);
            }
        }
        self.result.is_some()
    }

    /// The rest of the pass under way, on the calling thread.
    #[cfg(not(target_arch = "wasm32"))]
    fn pass_here(&mut self) {
        self.scan_to(self.table.len());
        let part = std::mem::take(&mut self.part);
        self.finish_pass(part);
    }

    /// Scans the pass's words up to `end` into its part; returns the work
    /// done (words scanned plus boards expanded).
    fn scan_to(&mut self, end: usize) -> u64 {
        let part = scan::<false>(
            &self.geo,
            &self.table,
            self.word..end,
            self.depth,
            self.metric,
        );
        let work = (end - self.word) as u64 + part.expanded;
        self.word = end;
        self.part.merge(part);
        work
    }

    /// Boards reached, of how many, and the depth being expanded.
    pub fn progress(&self) -> Progress {
        if let Some(r) = &self.result {
            return Progress {
                reached: r.states(),
                total: r.states(),
                depth: r.diameter(),
            };
        }
        Progress {
            reached: self.counts.iter().sum::<u64>() + self.part.new,
            total: self.geo.entries(),
            depth: self.depth,
        }
    }

    /// The result, once [`SpaceSearch::step`] has returned `true`.
    pub fn result(&self) -> Option<&SpaceResult> {
        self.result.as_ref()
    }

    /// Ends a pass with everything its ranges found: the next layer's size,
    /// or, when the pass found no new board, the result.
    fn finish_pass(&mut self, part: PassPart) {
        debug_assert_eq!(Some(&part.expanded), self.counts.last());
        if part.new == 0 {
            let keys = part.smallest.sorted();
            self.result = Some(SpaceResult {
                goal: self.goal,
                counts: std::mem::take(&mut self.counts),
                antipodes: keys.iter().map(|&k| self.board_of_key(k)).collect(),
                antipode_count: part.expanded,
            });
            self.table = Vec::new();
        } else {
            // Every entry still unseen before this pass and marked now is in
            // the new layer.
            for (e, d) in self.watch.iter_mut().filter(|(_, d)| *d == u32::MAX) {
                let word = self.table[(*e / PER_WORD) as usize].load(Relaxed);
                if (word >> (2 * (*e % PER_WORD))) & 3 != 0 {
                    *d = self.depth + 1;
                }
            }
            self.counts.push(part.new);
            self.depth += 1;
            self.word = 0;
        }
    }

    /// Takes down the distance of each of `entries` as the search finds it
    /// ([`SpaceSearch::watched`]); call it before the first step.
    pub(super) fn watch(&mut self, entries: &[u64]) {
        let goal = self.geo.entry_of(&self.goal);
        self.watch = entries
            .iter()
            .map(|&e| (e, if Some(e) == goal { 0 } else { u32::MAX }))
            .collect();
    }

    /// The watched entries and their distances (`u32::MAX` while unknown).
    pub(super) fn watched(&self) -> &[(u64, u32)] {
        &self.watch
    }

    /// The board with packed key `key` (cells four bits each).
    fn board_of_key(&self, key: u64) -> Board {
        let n = self.geo.cells;
        let cells: Vec<u8> = (0..n)
            .map(|i| ((key >> (4 * (n - 1 - i))) & 0xF) as u8)
            .collect();
        Board::new(self.geo.shape, &cells).unwrap_or(self.goal)
    }
}

/// The whole space of `goal` on the calling thread (the slices run back to
/// back), single-tile metric.
pub fn explore_single(goal: &Board) -> Result<SpaceResult, SpaceError> {
    explore_single_in(goal, Metric::Single)
}

/// [`explore_single`] with distances counted in `metric`.
pub fn explore_single_in(goal: &Board, metric: Metric) -> Result<SpaceResult, SpaceError> {
    let mut search = SpaceSearch::with_metric(goal, metric)?;
    while !search.step(u64::MAX) {}
    Ok(search
        .result
        .take()
        .expect("step returned true, so the result is in"))
}
