//! The heuristic sweep (State space tab, 3×3): A* with each heuristic from
//! every start that can reach the goal, cut into [`SweepTask`]s that Web
//! Workers solve, or done in slices on the page's thread where a browser
//! has no workers; the totals of chunks solved apart merge into the same
//! totals a single pass gives.

use super::common::Clock;
use crate::engine::heuristic::BuiltIn;
use crate::engine::Shape;
use crate::engine::{
    contract::{rank, Goal, Solver, STATES},
    teaching::{DistanceTable, UNREACHABLE},
    Board,
};
use crate::task::sweep::expansions_of;
pub use crate::task::sweep::{
    run_sweep_task, SweepTask, SweepTotals, BOARDS_PER_TASK, RANKS_PER_TASK,
};

/// The sweep table's column headings.
pub const SWEEP_HEADINGS: [&str; 6] = [
    "Heuristic",
    "Starts",
    "Mean expansions",
    "Max expansions",
    "Over 10,000",
    "Time (s, this page)",
];

/// The size of the seeded sample for misplaced tiles.
pub const MISPLACED_SAMPLE: usize = 2_000;

/// Where a sweep phase takes its starts from.
enum Source {
    /// Every board that reaches the goal, walked in rank order over a copy
    /// of the distance table (no list of 181,440 boards is built up front).
    Reachable(Vec<u8>),
    /// A fixed list.
    List(Vec<Board>),
}

/// A heuristic sweep in progress, done in slices so the page stays responsive.
pub struct Sweep {
    goal: Goal,
    phases: Vec<(BuiltIn, Source, usize)>,
    phase: usize,
    /// Rank cursor (Reachable) or list index (List) within the phase.
    cursor: usize,
    /// Starts done in each phase.
    done: Vec<usize>,
    totals: Vec<SweepTotals>,
    /// Seconds each finished phase took, as the page measured them.
    seconds: Vec<Option<String>>,
    solver: Solver,
    cancelled: bool,
}

impl Sweep {
    /// A sweep over every start that reaches `goal` for Manhattan and linear
    /// conflict, and a seeded sample of 2,000 for misplaced tiles.
    pub fn new(goal: Goal, table: &DistanceTable) -> Sweep {
        let reachable = table.reachable() as usize;
        let dist = table.by_rank().to_vec();
        let sample = seeded_sample(table, MISPLACED_SAMPLE);
        let n = sample.len();
        Sweep::build(
            goal,
            vec![
                (
                    BuiltIn::Manhattan,
                    Source::Reachable(dist.clone()),
                    reachable,
                ),
                (BuiltIn::LinearConflict, Source::Reachable(dist), reachable),
                (BuiltIn::Misplaced, Source::List(sample), n),
            ],
        )
    }

    /// A sweep over chosen starts (for tests and smaller runs).
    pub fn with_phases(goal: Goal, phases: Vec<(BuiltIn, Vec<Board>)>) -> Sweep {
        let phases = phases
            .into_iter()
            .map(|(h, list)| {
                let n = list.len();
                (h, Source::List(list), n)
            })
            .collect();
        Sweep::build(goal, phases)
    }

    fn build(goal: Goal, phases: Vec<(BuiltIn, Source, usize)>) -> Sweep {
        let n = phases.len();
        Sweep {
            goal,
            phases,
            phase: 0,
            cursor: 0,
            done: vec![0; n],
            totals: vec![SweepTotals::default(); n],
            seconds: vec![None; n],
            solver: Solver::new(),
            cancelled: false,
        }
    }

    /// Stops the sweep; totals so far are kept.
    pub fn cancel(&mut self) {
        self.cancelled = true;
    }

    /// Whether the sweep has finished or was cancelled.
    pub fn is_done(&self) -> bool {
        self.cancelled || self.phase >= self.phases.len()
    }

    /// Starts done and starts in all, over every phase.
    pub fn progress(&self) -> (usize, usize) {
        let total = self.phases.iter().map(|p| p.2).sum();
        let done: usize = self.done.iter().sum();
        (done.min(total), total)
    }

    /// The sweep cut into tasks, in phase order, for workers.
    pub fn plan(&self) -> Vec<SweepTask> {
        let goal = self.goal.board().three_cells();
        let mut tasks = Vec::new();
        for (phase, (h, source, _)) in self.phases.iter().enumerate() {
            let task = |lo, hi, ranks| SweepTask {
                phase,
                goal,
                heuristic: h.code(Shape::THREE),
                lo,
                hi,
                ranks,
            };
            match source {
                Source::Reachable(_) => {
                    let mut lo = 0;
                    while lo < STATES as u32 {
                        let hi = (lo + RANKS_PER_TASK).min(STATES as u32);
                        tasks.push(task(lo, hi, Vec::new()));
                        lo = hi;
                    }
                }
                Source::List(list) => {
                    for chunk in list.chunks(BOARDS_PER_TASK) {
                        tasks.push(task(0, 0, chunk.iter().map(rank).collect()));
                    }
                }
            }
        }
        tasks
    }

    /// Merges a finished task's totals; phases whose starts are all in are
    /// done.
    pub fn absorb(&mut self, phase: usize, totals: &SweepTotals) {
        if self.cancelled || phase >= self.phases.len() {
            return;
        }
        self.totals[phase].merge(totals);
        self.done[phase] += totals.starts as usize;
        while self.phase < self.phases.len() && self.done[self.phase] >= self.phases[self.phase].2 {
            self.phase += 1;
        }
    }

    /// Records how long phase `phase` took, in milliseconds.
    pub fn set_phase_ms(&mut self, phase: usize, ms: f64) {
        if let Some(slot) = self.seconds.get_mut(phase) {
            let tenths = (ms / 100.0).round().max(0.0) as u64;
            *slot = Some(format!("{}.{}", tenths / 10, tenths % 10));
        }
    }

    /// The next start of the current phase, advancing the cursor.
    fn next_start(&mut self) -> Option<Board> {
        let (_, source, _) = self.phases.get(self.phase)?;
        match source {
            Source::List(list) => {
                let b = list.get(self.cursor).copied();
                self.cursor += 1;
                b
            }
            Source::Reachable(dist) => {
                while self.cursor < dist.len() && dist[self.cursor] == UNREACHABLE {
                    self.cursor += 1;
                }
                let b = (self.cursor < dist.len())
                    .then(|| crate::engine::contract::unrank(self.cursor as u32))
                    .flatten();
                self.cursor += 1;
                b
            }
        }
    }

    /// Works until `slice_ms` have passed on `clock` (at least one start).
    /// Manhattan runs the contract solver (the same search as the lab's A*
    /// with Manhattan); the others run the lab's A*.
    pub fn work(&mut self, slice_ms: f64, clock: Clock<'_>) {
        let t0 = clock();
        while !self.is_done() {
            let Some(start) = self.next_start() else {
                self.phase += 1;
                self.cursor = 0;
                continue;
            };
            let h = self.phases[self.phase].0;
            let expansions = expansions_of(&mut self.solver, &self.goal, h, &start);
            self.totals[self.phase].record(expansions);
            self.done[self.phase] += 1;
            if clock() - t0 >= slice_ms {
                break;
            }
        }
    }

    /// Rows: heuristic, starts, mean, max, over the contract budget, and
    /// the phase's time in seconds once it is done.
    pub fn rows(&self) -> Vec<[String; 6]> {
        self.phases
            .iter()
            .zip(&self.totals)
            .zip(&self.seconds)
            .map(|(((h, _, n), t), secs)| {
                let mean = (t.expansions * 10 + t.starts / 2)
                    .checked_div(t.starts)
                    .map_or("—".to_string(), |tenths| {
                        format!("{}.{}", tenths / 10, tenths % 10)
                    });
                [
                    format!("A* ({})", h.name()),
                    format!("{} of {n}", t.starts),
                    mean,
                    t.max.to_string(),
                    t.over_contract_budget.to_string(),
                    secs.clone().unwrap_or_else(|| "—".into()),
                ]
            })
            .collect()
    }

    /// The totals per phase.
    pub fn totals(&self) -> &[SweepTotals] {
        &self.totals
    }

    /// The index of the phase in progress (= the number of phases done).
    pub fn phase(&self) -> usize {
        self.phase
    }

    /// Whether it was cancelled.
    pub fn was_cancelled(&self) -> bool {
        self.cancelled
    }
}

/// A fixed pseudo-random sample (seeded linear congruential generator) of
/// boards that reach the table's goal, drawn by rank with rejection of the
/// other parity, so every run sweeps the same boards.
pub fn seeded_sample(table: &DistanceTable, n: usize) -> Vec<Board> {
    let mut x: u64 = 0x8_5EED;
    let mut picked = Vec::with_capacity(n);
    if table.reachable() == 0 {
        return picked;
    }
    let dist = table.by_rank();
    while picked.len() < n {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let r = (x >> 33) as usize % dist.len();
        if dist[r] != UNREACHABLE {
            picked.extend(crate::engine::contract::unrank(r as u32));
        }
    }
    picked
}
