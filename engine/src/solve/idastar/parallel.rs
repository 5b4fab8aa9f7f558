//! IDA* on several threads with the one-thread search's answer and counts.
//!
//! **Jobs.** Each iteration first runs [`Ida`] itself from the start with
//! the iteration's bound, pausing at every board it enters at the *job
//! depth*: that board becomes a job and the search backs up past it. The
//! children are made, pruned and entered exactly as in the one-thread
//! search, so the jobs come in its depth-first order, and that order cuts
//! the iteration into segments: the cutting search's own work before job
//! 0, job 0's subtree, its work between job 0 and job 1, job 1, …, its work
//! after the last job. The threads take the jobs in order from an atomic
//! counter; each runs [`Ida`] on the job's subtree alone ([`Ida::start_job`])
//! until the subtree is done or the bound is exceeded everywhere in it.
//!
//! **The same answer.** The one-thread search meets the first goal of the
//! first iteration that has one, in that order: here the goal of the
//! lowest segment that has one (a job that finds a goal stops every job
//! after it; the ones before it run to their end). Its count is the
//! one-thread count at that goal: the segments before it in full plus its
//! own count at the goal, so every thread count prints the same figures.
//!
//! **The node budget** is counted in the same order: the one-thread search
//! stops at the first generation it is about to make with the budget
//! reached. A job entered at cutting-search count `c` in an iteration
//! that starts at count `s` cannot start before `s + c` plus the counts of
//! the jobs before it already done, so it stops once that floor and its own
//! count reach the budget (and the jobs after it are dropped). Once the
//! segments before it are known, the segment where the budget runs out is
//! run again (one job, or the cutting search, alone) to the exact point, so
//! the counts, the bound and the lower bound of the `Unknown` answer are
//! the one-thread search's.
//!
//! An iteration after a small one (below [`Cut::min_parallel`] children)
//! runs whole on the calling thread, as the cutting search with no job
//! depth: a small iteration is not worth the threads. The job depth then
//! adapts from one iteration to the next toward
//! [`Cut::jobs_per_thread`] jobs a thread.

use super::super::heuristic::Estimate;
use super::ida::{ByH, Entered, Halt, Ida, Job, Observer, Tiles};
use super::{IdaKind, IdaNews, IdaProgress};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

/// How the iterations are cut into jobs (tests make the figures small to
/// cut even tiny trees).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cut {
    /// An iteration after one that generated fewer children runs whole on
    /// the calling thread.
    pub(crate) min_parallel: u64,
    /// The job depth of the first iteration cut into jobs.
    pub(crate) first_depth: u32,
    /// Jobs aimed at in an iteration, per thread.
    pub(crate) jobs_per_thread: usize,
    /// Children a job generates between looks at whether it is still
    /// wanted (and, on the calling thread, the progress).
    pub(crate) slice: u64,
}

impl Cut {
    /// The command line's figures.
    pub(crate) const DEFAULT: Cut = Cut {
        min_parallel: 1 << 16,
        first_depth: 8,
        jobs_per_thread: 256,
        slice: 1 << 16,
    };
}

/// Pauses the search at each board entered at `depth`.
struct Split {
    depth: u32,
    hit: bool,
}

impl Observer for Split {
    fn entered(&mut self, kind: IdaKind, board: &Entered<'_>) -> bool {
        self.hit = kind == IdaKind::Expanded && board.g == self.depth;
        self.hit
    }
    fn one_iteration(&self) -> bool {
        true
    }
}

/// Runs a job's subtree: one iteration, nothing else observed (the
/// [`Observer`] defaults otherwise).
struct OneIteration;

impl Observer for OneIteration {
    #[inline(always)]
    fn one_iteration(&self) -> bool {
        true
    }
}

/// A job and the cutting search's counts when its board was entered (that
/// entry included).
struct Entry<P> {
    job: Job<P>,
    generated: u64,
    expanded: u64,
}

/// How a segment (a job, or the cutting search) ended, with its counts.
#[derive(Clone)]
enum Seg<P> {
    /// The cutting search reached the job it was asked to stop at.
    Job,
    /// A goal, with the path to it.
    Found {
        generated: u64,
        expanded: u64,
        path: Job<P>,
    },
    /// Its part of the iteration is over; the smallest f over the bound.
    Done {
        generated: u64,
        expanded: u64,
        next_bound: u32,
    },
    /// It stopped at its node limit.
    Limit { generated: u64, expanded: u64 },
}

/// One iteration's end, counted from its start (the start's entry not
/// counted).
enum Iteration<P> {
    Solved {
        generated: u64,
        expanded: u64,
        path: Job<P>,
    },
    Stopped {
        generated: u64,
        expanded: u64,
    },
    Finished {
        generated: u64,
        expanded: u64,
        next_bound: u32,
    },
}

/// How a search ended (for [`Seg`]), read off the search.
fn seg_of<E: Estimate, M: Tiles>(ida: &Ida<E, ByH, M>, halt: Halt) -> Seg<E::Parts> {
    let (generated, expanded) = (ida.generated(), ida.expanded());
    match halt {
        Halt::Found => Seg::Found {
            generated,
            expanded,
            path: ida.held(),
        },
        Halt::Exhausted => Seg::Done {
            generated,
            expanded,
            next_bound: ida.next_bound(),
        },
        Halt::Paused | Halt::Stopped => Seg::Limit {
            generated,
            expanded,
        },
    }
}

/// Runs the cutting search `upper` (set on its iteration) until it has
/// `stop_at` children, pausing at each board of depth `depth`: with `jobs`,
/// each becomes a job; without, they are passed over, and the search stops
/// on reaching job `until`. `tick` hears its count every `slice` children.
fn cut_iteration<E: Estimate, M: Tiles>(
    upper: &mut Ida<E, ByH, M>,
    depth: u32,
    stop_at: u64,
    until: usize,
    mut jobs: Option<&mut Vec<Entry<E::Parts>>>,
    slice: u64,
    tick: &mut dyn FnMut(u64),
) -> Seg<E::Parts> {
    let mut split = Split { depth, hit: false };
    let mut seen = 0usize;
    loop {
        split.hit = false;
        let before = upper.generated();
        let part = stop_at.min(before.saturating_add(slice));
        let halt = upper.run_until(part, &mut split);
        if halt == Halt::Paused && split.hit {
            if seen == until {
                return Seg::Job;
            }
            seen += 1;
            let job = upper.take_job();
            if let Some(jobs) = jobs.as_deref_mut() {
                jobs.push(Entry {
                    job,
                    generated: upper.generated(),
                    expanded: upper.expanded(),
                });
            }
            continue;
        }
        if halt == Halt::Paused && upper.generated() < stop_at {
            tick(upper.generated());
            continue;
        }
        return seg_of(upper, halt);
    }
}

/// What the threads share in one iteration.
struct Shared<'a, E: Estimate, M: Tiles> {
    template: &'a Ida<E, ByH, M>,
    jobs: &'a [Entry<E::Parts>],
    bound: u32,
    /// Children left in the budget at the iteration's start.
    room: u64,
    slice: u64,
    /// The next job to take.
    next: AtomicUsize,
    /// The lowest job that found a goal or reached its limit: the jobs
    /// after it are not wanted.
    stop: AtomicUsize,
    /// Children generated by the jobs so far (for the progress only).
    done: AtomicU64,
    /// Each job's count once it is done, plus 1 (0: not done yet).
    counts: Vec<AtomicU64>,
    /// The first job not known to be done, and the sum of the counts of
    /// the jobs before it.
    prefix: Mutex<(usize, u64)>,
}

impl<E: Estimate, M: Tiles> Shared<'_, E, M> {
    /// The least count, from the iteration's start in the one-thread order,
    /// at which job `j` (not done) can start: the cutting search's count at
    /// it and the jobs before it known to be done.
    fn floor(&self, j: usize) -> u64 {
        let Ok(mut prefix) = self.prefix.lock() else {
            return self.jobs[j].generated;
        };
        let (mut first, mut sum) = *prefix;
        while first < j {
            match self.counts[first].load(Ordering::Acquire) {
                0 => break,
                n => sum += n - 1,
            }
            first += 1;
        }
        *prefix = (first, sum);
        self.jobs[j].generated + sum
    }
}

/// One thread's share: jobs taken in order until none is left; each
/// result with its job's index (a job dropped as unwanted has none).
fn work<E: Estimate + Clone, M: Tiles>(
    sh: &Shared<'_, E, M>,
    tick: &mut dyn FnMut(),
) -> Vec<(usize, Seg<E::Parts>)> {
    let mut ida = sh.template.clone();
    let mut out = Vec::new();
    loop {
        let j = sh.next.fetch_add(1, Ordering::Relaxed);
        let Some(entry) = sh.jobs.get(j) else { break };
        if j > sh.stop.load(Ordering::Relaxed) {
            continue;
        }
        ida.start_job(&entry.job, sh.bound);
        let seg = loop {
            // Where the budget runs out at the latest, counted in the job.
            let limit = sh.room.saturating_sub(sh.floor(j));
            let before = ida.generated();
            let halt = ida.run_until(
                limit.min(before.saturating_add(sh.slice)),
                &mut OneIteration,
            );
            sh.done
                .fetch_add(ida.generated() - before, Ordering::Relaxed);
            if halt != Halt::Paused || ida.generated() >= limit {
                break Some(seg_of(&ida, halt));
            }
            if j > sh.stop.load(Ordering::Relaxed) {
                break None;
            }
            tick();
        };
        match seg {
            Some(seg @ (Seg::Found { .. } | Seg::Limit { .. })) => {
                sh.stop.fetch_min(j, Ordering::Relaxed);
                out.push((j, seg));
            }
            Some(seg) => {
                if let Seg::Done { generated, .. } = seg {
                    sh.counts[j].store(generated + 1, Ordering::Release);
                }
                out.push((j, seg));
            }
            None => {}
        }
    }
    out
}

impl<E, M> Ida<E, ByH, M>
where
    E: Estimate + Clone + Send + Sync,
    E::Parts: Send + Sync,
    M: Tiles,
    M::Kids<E::Parts>: Send + Sync,
{
    /// Runs the search (as made by [`Ida::new`], nothing run yet) to its
    /// end, or until `budget` children were generated in the one-thread
    /// order, on `threads` threads: afterwards the search holds the
    /// one-thread search's answer and counts, and is over. `listen` hears
    /// each finished iteration and, every slice, the progress.
    pub(crate) fn run_threads(
        &mut self,
        threads: usize,
        budget: Option<u64>,
        cut: Cut,
        listen: &mut dyn FnMut(IdaNews),
    ) {
        if self.found {
            return;
        }
        let template = self.clone();
        let budget = budget.unwrap_or(u64::MAX);
        let mut p = self.progress;
        let mut depth = cut.first_depth.max(1);
        let mut last = 0u64;
        let mut upper = template.clone();
        loop {
            let room = budget.saturating_sub(p.generated);
            let parallel = threads > 1 && last >= cut.min_parallel;
            let d = if parallel { depth } else { u32::MAX };
            upper.start_iteration(p.bound);
            let mut jobs = Vec::new();
            let end = cut_iteration(
                &mut upper,
                d,
                room,
                usize::MAX,
                Some(&mut jobs),
                cut.slice,
                &mut |n| {
                    listen(IdaNews::Running(IdaProgress {
                        generated: p.generated + n,
                        ..p
                    }))
                },
            );
            let upper_generated = upper.generated();
            let results = if jobs.is_empty() {
                Vec::new()
            } else {
                let sh = Shared {
                    template: &template,
                    jobs: &jobs,
                    bound: p.bound,
                    room,
                    slice: cut.slice,
                    next: AtomicUsize::new(0),
                    stop: AtomicUsize::new(usize::MAX),
                    done: AtomicU64::new(0),
                    counts: jobs.iter().map(|_| AtomicU64::new(0)).collect(),
                    prefix: Mutex::new((0, 0)),
                };
                let mut results: Vec<Option<Seg<E::Parts>>> = vec![None; jobs.len()];
                let found = std::thread::scope(|s| {
                    let handles: Vec<_> = (1..threads)
                        .map(|_| s.spawn(|| work(&sh, &mut || {})))
                        .collect();
                    let mut tick = || {
                        listen(IdaNews::Running(IdaProgress {
                            generated: p.generated
                                + upper_generated
                                + sh.done.load(Ordering::Relaxed),
                            ..p
                        }))
                    };
                    let mut found = work(&sh, &mut tick);
                    // A thread that failed leaves its jobs unknown: they
                    // are run again below, on this thread.
                    for h in handles {
                        found.extend(h.join().unwrap_or_default());
                    }
                    found
                });
                for (j, seg) in found {
                    results[j] = Some(seg);
                }
                results
            };
            let it = settle(&template, p.bound, d, room, &jobs, end, &results);
            match it {
                Iteration::Solved {
                    generated,
                    expanded,
                    path,
                } => {
                    p.generated += generated;
                    p.expanded += expanded;
                    self.adopt(&path, p);
                    return;
                }
                Iteration::Stopped {
                    generated,
                    expanded,
                } => {
                    p.generated += generated;
                    p.expanded += expanded;
                    self.finish(p);
                    return;
                }
                Iteration::Finished {
                    generated,
                    expanded,
                    next_bound,
                } => {
                    p.generated += generated;
                    p.expanded += expanded;
                    p.completed_bound = Some(p.bound);
                    if next_bound == u32::MAX {
                        // Nothing over the bound: never on a joined pair.
                        self.finish(p);
                        return;
                    }
                    p.bound = next_bound;
                    p.iterations += 1;
                    // The start, entered again.
                    p.expanded += 1;
                    listen(IdaNews::Iteration(p));
                    if parallel {
                        // Toward the jobs aimed at, and deeper while one
                        // job holds more than an eighth of a thread's share.
                        let target = threads.saturating_mul(cut.jobs_per_thread);
                        let n = jobs.len();
                        let largest = results
                            .iter()
                            .map(|r| match r {
                                Some(Seg::Done { generated, .. }) => *generated,
                                _ => 0,
                            })
                            .max()
                            .unwrap_or(0);
                        let lumpy = largest.saturating_mul(8 * threads as u64) > generated;
                        if n.saturating_mul(4) < target {
                            depth += 2;
                        } else if n < target || (lumpy && n < target.saturating_mul(16)) {
                            depth += 1;
                        } else if n > target.saturating_mul(4) && depth > 1 {
                            depth -= 1;
                        }
                    }
                    last = generated;
                }
            }
        }
    }
}

/// The iteration's end in the one-thread order, from the cutting search's
/// `end`, its `jobs` and their `results`: the segments in order until the
/// first goal or the budget (`room` children from the iteration's start);
/// a segment where the budget runs out, or that has no result, is run
/// again alone to the exact point.
fn settle<E: Estimate + Clone, M: Tiles>(
    template: &Ida<E, ByH, M>,
    bound: u32,
    depth: u32,
    room: u64,
    jobs: &[Entry<E::Parts>],
    end: Seg<E::Parts>,
    results: &[Option<Seg<E::Parts>>],
) -> Iteration<E::Parts> {
    // Counts so far in the one-thread order, and the cutting search's.
    let (mut c, mut x) = (0u64, 0u64);
    let (mut ug, mut ux) = (0u64, 0u64);
    let mut next_bound = u32::MAX;
    // The cutting search again, from the iteration's start, to its count
    // `stop_at`, stopping at job `until`.
    let replay = |stop_at: u64, until: usize| {
        let mut upper = template.clone();
        upper.start_iteration(bound);
        cut_iteration(
            &mut upper,
            depth,
            stop_at,
            until,
            None,
            u64::MAX,
            &mut |_| {},
        )
    };
    for (j, entry) in jobs.iter().enumerate() {
        let r = room.saturating_sub(c);
        if entry.generated - ug >= r {
            match replay(ug + r, j) {
                Seg::Job => {}
                seg => return end_of(seg, c - ug, x - ux, next_bound),
            }
        }
        c += entry.generated - ug;
        x += entry.expanded - ux;
        (ug, ux) = (entry.generated, entry.expanded);
        let r = room.saturating_sub(c);
        let seg = match &results[j] {
            Some(seg @ Seg::Done { generated, .. }) if *generated < r => seg.clone(),
            Some(seg @ Seg::Found { generated, .. }) if *generated <= r => seg.clone(),
            _ => {
                let mut ida = template.clone();
                ida.start_job(&entry.job, bound);
                let halt = ida.run_until(r, &mut OneIteration);
                seg_of(&ida, halt)
            }
        };
        match seg {
            Seg::Done {
                generated,
                expanded,
                next_bound: nb,
            } => {
                c += generated;
                x += expanded;
                next_bound = next_bound.min(nb);
            }
            seg => return end_of(seg, c, x, next_bound),
        }
    }
    let r = room.saturating_sub(c);
    let seg = match end {
        Seg::Found { generated, .. } if generated - ug <= r => end,
        Seg::Done { generated, .. } if generated - ug < r => end,
        _ => replay(ug + r, usize::MAX),
    };
    end_of(seg, c - ug, x - ux, next_bound)
}

/// The iteration's end at the end of a segment, its counts offset by
/// `(g, x)`; `next_bound`: the smallest f over the bound in the segments
/// before it.
fn end_of<P>(seg: Seg<P>, g: u64, x: u64, next_bound: u32) -> Iteration<P> {
    match seg {
        Seg::Found {
            generated,
            expanded,
            path,
        } => Iteration::Solved {
            generated: g + generated,
            expanded: x + expanded,
            path,
        },
        Seg::Limit {
            generated,
            expanded,
        } => Iteration::Stopped {
            generated: g + generated,
            expanded: x + expanded,
        },
        Seg::Done {
            generated,
            expanded,
            next_bound: nb,
        } => Iteration::Finished {
            generated: g + generated,
            expanded: x + expanded,
            next_bound: next_bound.min(nb),
        },
        // (The cutting search cannot stop at a job it is not asked to.)
        Seg::Job => Iteration::Finished {
            generated: g,
            expanded: x,
            next_bound,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::super::{OptimalOutcome, OptimalSearch};
    use super::Cut;
    use crate::engine::solve::{Estimator, Partition, PatternDb};
    use crate::engine::{Board, Move, Shape, Verdict};
    use crate::moves::Metric;
    use crate::reference::plain_distances;
    use std::sync::Arc;

    /// Cuts even the smallest iteration into many jobs, looked at often.
    const SMALL: Cut = Cut {
        min_parallel: 0,
        first_depth: 2,
        jobs_per_thread: 3,
        slice: 40,
    };

    /// The search from `start` run on `threads` threads (1: the one-thread
    /// slices), jobs cut by `cut`.
    fn solve(
        start: &Board,
        goal: &Board,
        h: &Estimator,
        budget: Option<u64>,
        threads: usize,
        cut: Cut,
    ) -> OptimalOutcome {
        let mut s = OptimalSearch::new(start, goal, h).unwrap().unwrap();
        s.run_cut(budget, threads, cut, &mut |_| {});
        s.outcome().unwrap()
    }

    /// The same outcome (path, counts, bounds) on 1, 2 and 3 threads, with
    /// the small cut and the command line's; returns it.
    fn same_on_all(
        start: &Board,
        goal: &Board,
        h: &Estimator,
        budget: Option<u64>,
    ) -> OptimalOutcome {
        let one = solve(start, goal, h, budget, 1, SMALL);
        for (threads, cut) in [(2, SMALL), (3, SMALL), (2, Cut::DEFAULT)] {
            let many = solve(start, goal, h, budget, threads, cut);
            assert_eq!(
                many, one,
                "{start} → {goal}, budget {budget:?}, {threads} threads"
            );
        }
        one
    }

    /// `steps` pseudo-random moves from `from` (xorshift, never undoing the
    /// last move).
    fn walk(from: &Board, steps: usize, seed: &mut u64) -> Board {
        let mut b = *from;
        let mut last: Option<Move> = None;
        for _ in 0..steps {
            let legal: Vec<Move> = b
                .legal_moves()
                .filter(|m| last != Some(m.opposite()))
                .collect();
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            let m = legal[(*seed % legal.len() as u64) as usize];
            b = b.apply(m).unwrap();
            last = Some(m);
        }
        b
    }

    fn cost(out: &OptimalOutcome) -> u32 {
        match &out.verdict {
            Verdict::Solved(s) => s.cost,
            other => panic!("not solved: {other:?}"),
        }
    }

    #[test]
    fn every_fifth_start_of_2x4_at_its_bfs_distance_on_any_thread_count() {
        let goal = Board::default_goal(Shape::new(4, 2).unwrap());
        let db = Estimator::Pdb(Arc::new(
            PatternDb::build(&Partition::for_goal(&goal), &goal).unwrap(),
        ));
        let mut dist: Vec<(Board, u32)> =
            plain_distances(&goal, Metric::Single).into_iter().collect();
        dist.sort_by_key(|(b, _)| *b);
        let mut checked = 0;
        for (start, d) in dist.iter().step_by(5) {
            for h in [&Estimator::Manhattan, &db] {
                assert_eq!(cost(&same_on_all(start, &goal, h, None)), *d, "{start}");
            }
            checked += 1;
        }
        assert_eq!(checked, 4032);
    }

    #[test]
    fn walks_on_4x4_and_5x5_give_the_one_thread_answer() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        for (w, steps, h) in [
            (4, 60, Estimator::LinearConflict),
            (4, 80, Estimator::LinearConflict),
            (5, 30, Estimator::Manhattan),
            (5, 40, Estimator::LinearConflict),
        ] {
            let goal = Board::default_goal(Shape::new(w, w).unwrap());
            for _ in 0..3 {
                let start = walk(&goal, steps, &mut seed);
                let out = same_on_all(&start, &goal, &h, None);
                assert!(cost(&out) <= steps as u32);
                assert!(out.progress.iterations >= 1);
            }
        }
    }

    #[test]
    fn a_node_budget_stops_at_the_same_point_on_any_thread_count() {
        let goal = Board::default_goal(Shape::FOUR);
        let mut seed = 77;
        let start = walk(&goal, 50, &mut seed);
        let h = Estimator::Manhattan;
        let whole = same_on_all(&start, &goal, &h, None).progress.generated;
        assert!(whole > 2000, "{whole}");
        let mut unknown = 0;
        for budget in (1..60)
            .chain((60..whole + 3).step_by(97))
            .chain(whole - 3..whole + 3)
        {
            let out = same_on_all(&start, &goal, &h, Some(budget));
            if let Verdict::Unknown(_) = out.verdict {
                assert_eq!(out.progress.generated, budget);
                unknown += 1;
            } else {
                assert!(budget >= whole);
            }
        }
        assert!(unknown > 60, "{unknown}");
    }

    #[test]
    fn multi_tile_answers_and_budgets_match_too() {
        let goal = Board::default_goal(Shape::new(4, 3).unwrap());
        let mut seed = 5;
        let start = walk(&goal, 40, &mut seed);
        let run = |budget: Option<u64>, threads: usize, cut: Cut| {
            let mut s = OptimalSearch::multi_tile(&start, &goal, None)
                .unwrap()
                .unwrap();
            s.run_cut(budget, threads, cut, &mut |_| {});
            s.outcome().unwrap()
        };
        let whole = run(None, 1, SMALL);
        let total = whole.progress.generated;
        assert_eq!(cost(&whole), 20);
        assert!(total > 100_000, "{total}");
        for budget in [
            None,
            Some(1),
            Some(7),
            Some(total / 3),
            Some(total / 2),
            Some(total - 1),
        ] {
            let one = run(budget, 1, SMALL);
            assert_eq!(run(budget, 2, SMALL), one, "budget {budget:?}");
            assert_eq!(run(budget, 3, SMALL), one, "budget {budget:?}");
        }
    }

    #[test]
    fn the_goal_itself_and_a_start_one_move_away() {
        let goal = Board::default_goal(Shape::new(5, 5).unwrap());
        let out = same_on_all(&goal, &goal, &Estimator::Manhattan, None);
        assert_eq!(cost(&out), 0);
        let near = goal
            .apply(Move::ALL[0])
            .or_else(|| goal.apply(Move::ALL[2]))
            .unwrap();
        // Every child of the start is made before the goal is entered.
        let children = near.legal_moves().count() as u64;
        let out = same_on_all(&near, &goal, &Estimator::Manhattan, Some(children));
        assert_eq!(cost(&out), 1);
        let out = same_on_all(&near, &goal, &Estimator::Manhattan, Some(1));
        assert_eq!(out.lower_bound(), Some(1));
        assert_eq!(out.progress.generated, 1);
        assert!(matches!(out.verdict, Verdict::Unknown(_)));
    }
}
