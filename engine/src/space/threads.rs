//! The native driver: each pass of the search on several threads.
//!
//! The table is shared; a pass hands out pieces of [`PIECE`] words in order
//! from one counter, so a thread that meets a dense region does not hold the
//! others back. Marks are atomic ORs (two threads may mark boards in one
//! word), and an OR's old value tells which thread made each new mark, so
//! the next layer's size is exact. Each thread keeps its own count and
//! smallest keys; the pass ends when every thread has joined, and the
//! calling thread merges them. Between passes nothing runs, so a pass only
//! ever sees the codes the previous one left.

use super::scan::{scan, PassPart};
use super::{Progress, Reach, SpaceError, SpaceResult, SpaceSearch};
use crate::engine::{moves::Metric, Board};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::time::Duration;

/// Table words per piece handed to a thread (128 KiB of table).
const PIECE: usize = 16_384;

impl SpaceSearch {
    /// One whole pass on `threads` threads; `progress` is called from the
    /// calling thread about every 200 ms (it sleeps otherwise, woken as
    /// soon as a thread runs out of pieces).
    fn pass_on_threads(&mut self, threads: usize, progress: &mut impl FnMut(Progress)) {
        let next = AtomicUsize::new(self.word);
        let new = AtomicU64::new(0);
        let (geo, table, depth, metric) = (&self.geo, &self.table[..], self.depth, self.metric);
        let reached: u64 = self.counts.iter().sum();
        let total = geo.entries();
        let caller = std::thread::current();
        let finished = AtomicUsize::new(0);
        let threads = threads.max(1);
        let part = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|_| {
                    let (next, new, caller, finished) = (&next, &new, &caller, &finished);
                    scope.spawn(move || {
                        let mut mine = PassPart::default();
                        loop {
                            let from = next.fetch_add(PIECE, Relaxed);
                            if from >= table.len() {
                                finished.fetch_add(1, Relaxed);
                                caller.unpark();
                                return mine;
                            }
                            let to = (from + PIECE).min(table.len());
                            let part = scan::<true>(geo, table, from..to, depth, metric);
                            new.fetch_add(part.new, Relaxed);
                            mine.merge(part);
                        }
                    })
                })
                .collect();
            while finished.load(Relaxed) < threads {
                progress(Progress {
                    reached: reached + new.load(Relaxed),
                    total,
                    depth,
                });
                // Woken early by a thread that has finished.
                std::thread::park_timeout(Duration::from_millis(200));
            }
            let mut all = PassPart::default();
            for h in handles {
                match h.join() {
                    Ok(part) => all.merge(part),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            all
        });
        self.word = self.table.len();
        self.finish_pass(part);
    }
}

/// The whole space of `goal` in the single-tile metric, each pass on
/// `threads` threads (1 runs on the calling thread), `progress` called
/// between passes and about every 200 ms within one.
pub fn explore(
    goal: &Board,
    threads: usize,
    progress: impl FnMut(Progress),
) -> Result<SpaceResult, SpaceError> {
    explore_in(goal, Metric::Single, threads, progress)
}

/// [`explore`] with distances counted in `metric`, for a goal of up to
/// [`NATIVE_SPACE_MAX_CELLS`](super::NATIVE_SPACE_MAX_CELLS) cells.
pub fn explore_in(
    goal: &Board,
    metric: Metric,
    threads: usize,
    progress: impl FnMut(Progress),
) -> Result<SpaceResult, SpaceError> {
    let mut search = SpaceSearch::within(goal, metric, Reach::Native)?;
    Ok(search
        .run(threads, progress, |_| true)
        .expect("a run that is never stopped ends with the result"))
}

impl SpaceSearch {
    /// Runs the search to its end from where it stands, each pass on
    /// `threads` threads (1: on the calling thread), `progress` called
    /// before each pass and about every 200 ms within one. After each pass
    /// that found a new layer, `layer_done` sees the search between two
    /// passes (a checkpoint's moment); `false` stops the run there and
    /// returns `None`, the search left to save or to go on.
    pub fn run(
        &mut self,
        threads: usize,
        mut progress: impl FnMut(Progress),
        mut layer_done: impl FnMut(&SpaceSearch) -> bool,
    ) -> Option<SpaceResult> {
        loop {
            progress(self.progress());
            if threads <= 1 {
                self.pass_here();
            } else {
                self.pass_on_threads(threads, &mut progress);
            }
            if let Some(result) = &self.result {
                return Some(result.clone());
            }
            if !layer_done(self) {
                return None;
            }
        }
    }
}
