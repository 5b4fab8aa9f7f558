//! The State space tab: a breadth-first search of the whole space from the
//! goal (histogram, diameter, hardest boards) and the heuristic sweep over
//! every start, done in slices so the page keeps answering.

use super::{Clock, GoalTable, Inputs};
use crate::engine::lab::{run, Algorithm, Heuristic};
use crate::engine::{
    parse_goal, Board, Budget, DistanceTable, Field, Goal, Solver, Verdict, UNREACHABLE,
};

/// The histogram table's column headings.
pub const HISTOGRAM_HEADINGS: [&str; 2] = ["Moves", "Boards"];
/// The sweep table's column headings.
pub const SWEEP_HEADINGS: [&str; 5] = [
    "Heuristic",
    "Starts",
    "Mean expansions",
    "Max expansions",
    "Over 10,000",
];

/// The state-space panel's contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpaceView {
    /// "181440 boards reach [1,2,3,4,5,6,7,8,0]; diameter 31."
    pub summary: String,
    /// Boards at each distance, 0..=diameter.
    pub histogram: Vec<u32>,
    /// The diameter.
    pub diameter: u32,
    /// The boards at the diameter (JSON), at most [`HARDEST_SHOWN`].
    pub hardest: Vec<String>,
    /// How many boards are at the diameter.
    pub hardest_count: usize,
}

/// The most hardest boards listed.
pub const HARDEST_SHOWN: usize = 24;

/// Describes the whole space from a distance table.
pub fn space_view(table: &DistanceTable) -> SpaceView {
    let diameter = table.diameter();
    let hardest: Vec<String> = table
        .by_rank()
        .iter()
        .enumerate()
        .filter(|(_, &d)| d != UNREACHABLE && u32::from(d) == diameter)
        .filter_map(|(r, _)| crate::engine::unrank(r as u32))
        .map(|b| b.to_json())
        .collect();
    SpaceView {
        summary: format!(
            "{} boards can reach the goal {}; the farthest are {diameter} moves away (the diameter). The other {} boards have the other inversion parity.",
            table.reachable(),
            table.goal(),
            crate::engine::STATES as u32 - table.reachable()
        ),
        histogram: table.histogram().to_vec(),
        diameter,
        hardest_count: hardest.len(),
        hardest: hardest.into_iter().take(HARDEST_SHOWN).collect(),
    }
}

/// The size of the seeded sample for misplaced tiles.
pub const MISPLACED_SAMPLE: usize = 2_000;

/// Per-heuristic totals of a sweep.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SweepTotals {
    /// Starts solved.
    pub starts: u64,
    /// Sum of expansions.
    pub expansions: u64,
    /// Largest expansions of one start.
    pub max: u64,
    /// Starts that need more than 10000 expansions: the contract budget
    /// would leave them Unknown.
    pub over_contract_budget: u64,
}

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
    phases: Vec<(Heuristic, Source, usize)>,
    phase: usize,
    /// Rank cursor (Reachable) or list index (List) within the phase.
    cursor: usize,
    /// Starts done within the phase.
    done: usize,
    totals: Vec<SweepTotals>,
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
                    Heuristic::Manhattan,
                    Source::Reachable(dist.clone()),
                    reachable,
                ),
                (
                    Heuristic::LinearConflict,
                    Source::Reachable(dist),
                    reachable,
                ),
                (Heuristic::Misplaced, Source::List(sample), n),
            ],
        )
    }

    /// A sweep over chosen starts (for tests and smaller runs).
    pub fn with_phases(goal: Goal, phases: Vec<(Heuristic, Vec<Board>)>) -> Sweep {
        let phases = phases
            .into_iter()
            .map(|(h, list)| {
                let n = list.len();
                (h, Source::List(list), n)
            })
            .collect();
        Sweep::build(goal, phases)
    }

    fn build(goal: Goal, phases: Vec<(Heuristic, Source, usize)>) -> Sweep {
        let n = phases.len();
        Sweep {
            goal,
            phases,
            phase: 0,
            cursor: 0,
            done: 0,
            totals: vec![SweepTotals::default(); n],
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
        let finished: usize = self.phases.iter().take(self.phase).map(|p| p.2).sum();
        ((finished + self.done).min(total), total)
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
                    .then(|| crate::engine::unrank(self.cursor as u32))
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
                self.done = 0;
                continue;
            };
            let h = self.phases[self.phase].0;
            let expansions = if h == Heuristic::Manhattan {
                match self.solver.solve(&start, &self.goal, Budget::UNLIMITED) {
                    Ok(out) if matches!(out.verdict, Verdict::Solved(_)) => {
                        u64::from(out.stats.expansions)
                    }
                    _ => 0,
                }
            } else {
                run(Algorithm::AStar(h), &start, &self.goal, u64::MAX)
                    .map(|o| o.expansions)
                    .unwrap_or(0)
            };
            let t = &mut self.totals[self.phase];
            t.starts += 1;
            t.expansions += expansions;
            t.max = t.max.max(expansions);
            if expansions > u64::from(Budget::MAX) {
                t.over_contract_budget += 1;
            }
            self.done += 1;
            if clock() - t0 >= slice_ms {
                break;
            }
        }
    }

    /// Rows: heuristic, starts, mean, max, over the contract budget.
    pub fn rows(&self) -> Vec<[String; 5]> {
        self.phases
            .iter()
            .zip(&self.totals)
            .map(|((h, _, n), t)| {
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
            picked.extend(crate::engine::unrank(r as u32));
        }
    }
    picked
}

/// The State space tab's state.
#[derive(Default)]
pub struct SpacePanel {
    space: Option<SpaceView>,
    sweep: Option<Sweep>,
    sweep_pending: bool,
}

/// The sweep's part of the tab: all that a sweep slice changes.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SweepView {
    /// The table's rows.
    pub rows: Vec<[String; 5]>,
    /// Starts done and in all.
    pub progress: (usize, usize),
    /// Whether the sweep is running.
    pub running: bool,
    /// What the sweep is doing.
    pub status: String,
}

/// The State space tab.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SpaceTabView {
    /// The state space, once explored.
    pub space: Option<SpaceView>,
    /// The heuristic sweep.
    pub sweep: SweepView,
}

impl SpacePanel {
    /// A goal edit makes the exploration and the sweep stale; other edits
    /// leave them (they depend on the goal alone).
    pub fn on_edit(&mut self, field: Field) {
        if field == Field::Goal {
            self.space = None;
            self.sweep = None;
            self.sweep_pending = false;
        }
    }

    /// Breadth-first search of the whole space from the current goal.
    pub fn explore(&mut self, inputs: &Inputs, tables: &mut GoalTable) {
        self.space = parse_goal(&inputs.goal)
            .ok()
            .map(|g| space_view(tables.for_goal(&g)));
    }

    /// Starts the sweep; its set-up happens in the first slice.
    pub fn start_sweep(&mut self) {
        self.sweep = None;
        self.sweep_pending = true;
    }

    /// Starts a sweep over chosen phases.
    pub fn start_sweep_with(&mut self, sweep: Sweep) {
        self.sweep_pending = false;
        self.sweep = Some(sweep);
    }

    /// Works for about `slice_ms`; true while more remains.
    pub fn sweep_work(
        &mut self,
        inputs: &Inputs,
        tables: &mut GoalTable,
        slice_ms: f64,
        clock: Clock<'_>,
    ) -> bool {
        if self.sweep_pending {
            self.sweep_pending = false;
            self.sweep = parse_goal(&inputs.goal)
                .ok()
                .map(|g| Sweep::new(Goal::new(g), tables.for_goal(&g)));
            return self.sweep.is_some();
        }
        match self.sweep.as_mut() {
            Some(s) if !s.is_done() => {
                s.work(slice_ms, clock);
                !s.is_done()
            }
            _ => false,
        }
    }

    /// Whether a sweep is running.
    pub fn sweep_running(&self) -> bool {
        self.sweep_pending || self.sweep.as_ref().is_some_and(|s| !s.is_done())
    }

    /// Cancels the sweep; totals so far stay.
    pub fn cancel_sweep(&mut self) {
        self.sweep_pending = false;
        if let Some(s) = self.sweep.as_mut() {
            s.cancel();
        }
    }

    /// The sweep, if one was started.
    pub fn sweep(&self) -> Option<&Sweep> {
        self.sweep.as_ref()
    }

    /// The tab's contents.
    pub fn view(&self) -> SpaceTabView {
        let sweep = match &self.sweep {
            None if self.sweep_pending => SweepView {
                rows: Vec::new(),
                progress: (0, 0),
                running: true,
                status: "Preparing: listing every start that reaches the goal.".into(),
            },
            None => SweepView {
                status: "Not run yet.".into(),
                ..SweepView::default()
            },
            Some(s) => {
                let (done, total) = s.progress();
                let status = if s.was_cancelled() {
                    format!(
                        "Cancelled after {done} of {total} starts; the totals below are partial."
                    )
                } else if s.is_done() {
                    format!("Done: {total} starts.")
                } else {
                    format!("Running: {done} of {total} starts.")
                };
                SweepView {
                    rows: s.rows(),
                    progress: (done, total),
                    running: !s.is_done(),
                    status,
                }
            }
        };
        SpaceTabView {
            space: self.space.clone(),
            sweep,
        }
    }
}
