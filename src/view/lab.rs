//! The lab panels: compare every algorithm on the current boards, reproduce
//! the blog post's experiment, explore the whole state space, and sweep the
//! heuristics over every start. Timing comes from a clock the caller passes
//! in (the page's `performance.now()`, a fake one in tests).

use crate::engine::lab::{run, Algorithm, Heuristic, LabVerdict, DFS_LIMIT};
use crate::engine::{Board, Budget, DistanceTable, Goal, Solver, Verdict, UNREACHABLE};

/// The clock: milliseconds, monotonic.
pub type Clock<'a> = &'a mut dyn FnMut() -> f64;

/// The lab budget's range, in boards.
pub const LAB_BUDGET_MAX: u64 = 5_000_000;

/// Parses the lab budget: a whole number of boards from 1 to 5,000,000.
pub fn parse_lab_budget(text: &str) -> Result<u64, String> {
    let t = text.trim();
    match t.parse::<u64>() {
        Ok(n) if (1..=LAB_BUDGET_MAX).contains(&n) => Ok(n),
        Ok(_) => Err(format!("the lab budget {t} is outside 1–{LAB_BUDGET_MAX}")),
        Err(_) if t.is_empty() => Err("the lab budget is empty; enter a whole number of boards".into()),
        Err(_) => Err(format!(
            "the lab budget \"{t}\" is not a whole number; enter a whole number of boards from 1 to {LAB_BUDGET_MAX}"
        )),
    }
}

/// Milliseconds with three decimals, formatted by hand: the float
/// formatter would add about 15 KB to the wasm.
pub fn millis_text(ms: f64) -> String {
    let micros = (ms.max(0.0) * 1000.0).round() as u64;
    format!("{}.{:03}", micros / 1000, micros % 1000)
}

/// One algorithm's row in the compare panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompareRow {
    /// Algorithm name.
    pub algorithm: String,
    /// `Solved`, `Unknown (BudgetExceeded)`, `Unknown (DepthLimitReached)`, `Unsolvable`.
    pub verdict: String,
    /// Path length, or "—".
    pub length: String,
    /// "yes", "no (+k)", or "—".
    pub optimal: String,
    /// Expansions.
    pub expansions: String,
    /// Boards generated.
    pub generated: String,
    /// Peak stored boards.
    pub peak: String,
    /// Time of this run in ms.
    pub ms: String,
}

/// Runs every algorithm on one start and goal.
pub fn compare(
    start: &Board,
    goal: &Goal,
    table: &DistanceTable,
    budget: u64,
    clock: Clock<'_>,
) -> (String, Vec<CompareRow>) {
    let optimum = table.distance(start);
    let summary = match optimum {
        Some(d) => format!(
            "Optimum from the exact table (breadth-first search of the whole space): {d} moves."
        ),
        None => {
            "The exact table says this start cannot reach the goal (different inversion parity)."
                .into()
        }
    };
    let rows = Algorithm::ALL
        .iter()
        .map(|&alg| {
            let t0 = clock();
            let out = run(alg, start, goal, budget);
            let ms = millis_text(clock() - t0);
            match out {
                Err(e) => CompareRow {
                    algorithm: alg.name(),
                    verdict: format!("Invalid — internal check failed: {e}"),
                    length: "—".into(),
                    optimal: "—".into(),
                    expansions: "—".into(),
                    generated: "—".into(),
                    peak: "—".into(),
                    ms,
                },
                Ok(o) => {
                    let verdict = match &o.verdict {
                        LabVerdict::Solved(_) => "Solved".to_string(),
                        LabVerdict::Unknown(s) => format!("Unknown ({})", s.name()),
                        LabVerdict::Unsolvable(_) => "Unsolvable".to_string(),
                    };
                    let (length, optimal) = match (o.length(), optimum) {
                        (Some(l), Some(d)) if l == d => (l.to_string(), "yes".to_string()),
                        (Some(l), Some(d)) => (l.to_string(), format!("no (+{})", l - d)),
                        _ => ("—".into(), "—".into()),
                    };
                    CompareRow {
                        algorithm: alg.name(),
                        verdict,
                        length,
                        optimal,
                        expansions: o.expansions.to_string(),
                        generated: o.generated.to_string(),
                        peak: o.peak_stored.to_string(),
                        ms,
                    }
                }
            }
        })
        .collect();
    (summary, rows)
}

/// The five samples of the blog post, goal `1238-4765`, with the figures it
/// published: (sample, BFS count, DFS found depth, DFS count, A* count) and
/// the optimal depth.
pub const SEED_SAMPLES: [(&str, u32, u32, u32, u32, u32); 5] = [
    ("134-85726", 7, 166, 31, 203_512, 9),
    ("5674-8321", 30, 181_358, 32, 188_739, 5_691),
    ("-75168324", 28, 179_983, 32, 1_867_331, 8_152),
    ("32841-567", 29, 180_492, 31, 871_753, 12_747),
    ("32-418567", 30, 181_228, 32, 1_015_214, 18_765),
];

/// The goal of the blog post's experiment.
pub const SEED_GOAL: &str = "1238-4765";

/// The DFS budget of the blog experiment (its own counts reach 1.9 million;
/// with our move order the last sample needs 6.6 million).
pub const SEED_DFS_BUDGET: u64 = 10_000_000;

/// Rows of the blog experiment: five samples × three algorithms.
pub const SEED_ROWS: usize = 15;

/// One row of the blog experiment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedRow {
    /// Sample in the post's notation.
    pub sample: String,
    /// The same board as JSON.
    pub board: String,
    /// Algorithm.
    pub algorithm: String,
    /// Our depth (path length), or the stop.
    pub depth: String,
    /// Our expansions.
    pub expansions: String,
    /// The post's depth.
    pub seed_depth: String,
    /// The post's count.
    pub seed_count: String,
}

/// Runs BFS, DFS (limit 32) and A* (Manhattan) on the five samples.
pub fn seed_experiment() -> Vec<SeedRow> {
    (0..SEED_ROWS).filter_map(seed_row).collect()
}

/// Row `i` of the experiment (sample `i / 3`, algorithm `i % 3`), so the page
/// can run one row per task.
pub fn seed_row(i: usize) -> Option<SeedRow> {
    let goal = Goal::new(Board::from_dash_notation(SEED_GOAL)?);
    let (text, depth, bfs, dfs_depth, dfs, astar) = *SEED_SAMPLES.get(i / 3)?;
    let start = Board::from_dash_notation(text)?;
    let (alg, budget, seed_depth, seed_count) = [
        (Algorithm::Bfs, u64::MAX, depth, bfs),
        (
            Algorithm::Dfs { limit: DFS_LIMIT },
            SEED_DFS_BUDGET,
            dfs_depth,
            dfs,
        ),
        (
            Algorithm::AStar(Heuristic::Manhattan),
            u64::MAX,
            depth,
            astar,
        ),
    ][i % 3];
    let (ours, count) = match run(alg, &start, &goal, budget) {
        Ok(o) => (
            match &o.verdict {
                LabVerdict::Solved(m) => m.len().to_string(),
                LabVerdict::Unknown(s) => format!("Unknown ({})", s.name()),
                LabVerdict::Unsolvable(_) => "Unsolvable".into(),
            },
            o.expansions.to_string(),
        ),
        Err(e) => (format!("internal check failed: {e}"), "—".into()),
    };
    Some(SeedRow {
        sample: text.to_string(),
        board: start.to_json(),
        algorithm: alg.name(),
        depth: ours,
        expansions: count,
        seed_depth: seed_depth.to_string(),
        seed_count: seed_count.to_string(),
    })
}

/// Why our counts differ from the post's.
pub const SEED_NOTES: [&str; 4] = [
    "Depths: our BFS and A* depths are the optimum (7, 30, 28, 29, 30), the same as the post's; DFS returns the first path it meets within the limit, so its depth depends on the move order.",
    "BFS counts: the post counts every board taken from the queue, the goal included, and tries moves in the order left, up, right, down; we count expansions (the goal is not expanded) and try Up, Down, Left, Right, so a different part of the last layer comes before the goal.",
    "A* counts: the post orders its open list by f alone; ours breaks ties by h, then the board key, then insertion order, and skips stale entries. Preferring the smaller h on equal f heads for the goal, which is why we expand far fewer boards on the deep samples.",
    "DFS counts: both searches only refuse boards already on the current path, but with another move order the first path found, and the number of boards entered before it, change completely.",
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
