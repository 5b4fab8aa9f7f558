//! The Lab tab: compare every algorithm on the current boards, and reproduce
//! the blog post's BFS / DFS / A* experiment. Timing comes from a clock the
//! caller passes in (the page's `performance.now()`, a fake one in tests).

use super::{GoalTable, Inputs};
use crate::engine::lab::{run, Algorithm, Heuristic, LabVerdict, DFS_LIMIT};
use crate::engine::{parse_goal, parse_start, Board, DistanceTable, Goal};

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
/// formatter would add about 15 KB to the wasm. For figures the benchmark
/// script reads, not for people (see [`duration_text`]).
pub fn millis_text(ms: f64) -> String {
    let micros = (ms.max(0.0) * 1000.0).round() as u64;
    format!("{}.{:03}", micros / 1000, micros % 1000)
}

/// The finest step a page's clock resolves without cross-origin isolation
/// (browsers coarsen `performance.now()` to 0.1 ms), in ms.
pub const CLOCK_RESOLUTION_MS: f64 = 0.1;

/// A measured duration for people: tenths of a millisecond, the clock's own
/// resolution, and "< 0.1" below it, so a search too fast to time never
/// reads as 0.000.
pub fn duration_text(ms: f64) -> String {
    if ms < CLOCK_RESOLUTION_MS {
        return "< 0.1".into();
    }
    let tenths = (ms * 10.0).round() as u64;
    format!("{}.{}", tenths / 10, tenths % 10)
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
    /// Time of this run in ms (tenths), or "< 0.1".
    pub ms: String,
}

impl CompareRow {
    /// A row from its cells in [`COMPARE_HEADINGS`] order.
    pub fn from_cells(c: [String; 8]) -> CompareRow {
        let [algorithm, verdict, length, optimal, expansions, generated, peak, ms] = c;
        CompareRow {
            algorithm,
            verdict,
            length,
            optimal,
            expansions,
            generated,
            peak,
            ms,
        }
    }

    /// The row's cells in [`COMPARE_HEADINGS`] order.
    pub fn cells(&self) -> [String; 8] {
        [
            self.algorithm.clone(),
            self.verdict.clone(),
            self.length.clone(),
            self.optimal.clone(),
            self.expansions.clone(),
            self.generated.clone(),
            self.peak.clone(),
            self.ms.clone(),
        ]
    }
}

/// Compare all's summary line for the exact optimum (`None`: the start
/// cannot reach the goal).
fn compare_summary(optimum: Option<u32>) -> String {
    match optimum {
        Some(d) => format!(
            "Optimum from the exact table (breadth-first search of the whole space): {d} moves."
        ),
        None => {
            "The exact table says this start cannot reach the goal (different inversion parity)."
                .into()
        }
    }
}

/// One algorithm's row, its "Optimal?" cell left for [`fill_optimal`].
fn compare_row(
    alg: Algorithm,
    start: &Board,
    goal: &Goal,
    budget: u64,
    clock: Clock<'_>,
) -> CompareRow {
    let t0 = clock();
    let out = run(alg, start, goal, budget);
    let ms = duration_text(clock() - t0);
    let dash = || "—".to_string();
    match out {
        Err(e) => CompareRow {
            algorithm: alg.name(),
            verdict: format!("Invalid — internal check failed: {e}"),
            length: dash(),
            optimal: dash(),
            expansions: dash(),
            generated: dash(),
            peak: dash(),
            ms,
        },
        Ok(o) => {
            let verdict = match &o.verdict {
                LabVerdict::Solved(_) => "Solved".to_string(),
                LabVerdict::Unknown(s) => format!("Unknown ({})", s.name()),
                LabVerdict::Unsolvable(_) => "Unsolvable".to_string(),
            };
            CompareRow {
                algorithm: alg.name(),
                verdict,
                length: o.length().map_or_else(dash, |l| l.to_string()),
                optimal: dash(),
                expansions: o.expansions.to_string(),
                generated: o.generated.to_string(),
                peak: o.peak_stored.to_string(),
                ms,
            }
        }
    }
}

/// Fills each row's "Optimal?" cell from its length and the optimum.
fn fill_optimal(rows: &mut [CompareRow], optimum: Option<u32>) {
    for r in rows {
        r.optimal = match (r.length.parse::<u32>(), optimum) {
            (Ok(l), Some(d)) if l == d => "yes".into(),
            (Ok(l), Some(d)) => format!("no (+{})", l.saturating_sub(d)),
            _ => "—".into(),
        };
    }
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
    let mut rows: Vec<CompareRow> = Algorithm::ALL
        .iter()
        .map(|&alg| compare_row(alg, start, goal, budget, clock))
        .collect();
    fill_optimal(&mut rows, optimum);
    (compare_summary(optimum), rows)
}

/// Compare all as tasks for workers: task 0 finds the exact optimum (a
/// breadth-first search of the whole space), task `i` runs the `i`-th
/// algorithm of [`Algorithm::ALL`].
pub fn compare_plan(start: &Board, goal: &Board, budget: u64) -> Vec<String> {
    (0..=Algorithm::ALL.len())
        .map(|i| {
            format!(
                "compare {} {} {budget} {i}",
                start.key_string(),
                goal.key_string()
            )
        })
        .collect()
}

/// Runs a compare task: the optimum ("none" when unreachable) or a row's
/// eight cells joined by tabs.
pub fn run_compare_task(text: &str, clock: Clock<'_>) -> Result<String, String> {
    let parts: Vec<&str> = text.split(' ').collect();
    let [start, goal, budget, index] = parts[..] else {
        return Err(format!(
            "a compare task {text:?} is not start, goal, budget, index"
        ));
    };
    let board = |k: &str| {
        crate::engine::parse_key(k)
            .ok()
            .and_then(Board::from_packed)
            .ok_or(format!("a compare task's board {k:?} is not a board"))
    };
    let (start, goal) = (board(start)?, board(goal)?);
    let number = |t: &str| {
        t.parse::<u64>()
            .map_err(|_| format!("a compare task's {t:?} is not a number"))
    };
    let (budget, index) = (number(budget)?, number(index)? as usize);
    if index == 0 {
        return Ok(DistanceTable::new(&goal)
            .distance(&start)
            .map_or("none".into(), |d| d.to_string()));
    }
    let alg = *Algorithm::ALL
        .get(index - 1)
        .ok_or(format!("no algorithm number {index}"))?;
    Ok(compare_row(alg, &start, &Goal::new(goal), budget, clock)
        .cells()
        .join("\t"))
}

/// The five samples of the blog post, goal `1238-4765`, with the figures it
/// published: (sample, BFS count, DFS found depth, DFS count, A* count) and
/// the optimal depth.
pub const EXPERIMENT_SAMPLES: [(&str, u32, u32, u32, u32, u32); 5] = [
    ("134-85726", 7, 166, 31, 203_512, 9),
    ("5674-8321", 30, 181_358, 32, 188_739, 5_691),
    ("-75168324", 28, 179_983, 32, 1_867_331, 8_152),
    ("32841-567", 29, 180_492, 31, 871_753, 12_747),
    ("32-418567", 30, 181_228, 32, 1_015_214, 18_765),
];

/// The goal of the blog post's experiment.
pub const EXPERIMENT_GOAL: &str = "1238-4765";

/// The DFS budget of the blog experiment (its own counts reach 1.9 million;
/// with our move order the last sample needs 6.6 million).
pub const EXPERIMENT_DFS_BUDGET: u64 = 10_000_000;

/// Rows of the blog experiment: five samples × three algorithms.
pub const EXPERIMENT_ROWS: usize = 15;

/// One row of the blog experiment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExperimentRow {
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
    pub published_depth: String,
    /// The post's count.
    pub published_count: String,
}

impl ExperimentRow {
    /// A row from its cells in [`EXPERIMENT_HEADINGS`] order.
    pub fn from_cells(c: [String; 7]) -> ExperimentRow {
        let [sample, board, algorithm, depth, expansions, published_depth, published_count] = c;
        ExperimentRow {
            sample,
            board,
            algorithm,
            depth,
            expansions,
            published_depth,
            published_count,
        }
    }

    /// The row's cells in [`EXPERIMENT_HEADINGS`] order.
    pub fn cells(&self) -> [String; 7] {
        [
            self.sample.clone(),
            self.board.clone(),
            self.algorithm.clone(),
            self.depth.clone(),
            self.expansions.clone(),
            self.published_depth.clone(),
            self.published_count.clone(),
        ]
    }
}

/// Runs BFS, DFS (limit 32) and A* (Manhattan) on the five samples.
pub fn experiment() -> Vec<ExperimentRow> {
    (0..EXPERIMENT_ROWS).filter_map(experiment_row).collect()
}

/// Row `i` of the experiment (sample `i / 3`, algorithm `i % 3`), so the page
/// can run one row per task.
pub fn experiment_row(i: usize) -> Option<ExperimentRow> {
    let goal = Goal::new(Board::from_dash_notation(EXPERIMENT_GOAL)?);
    let (text, depth, bfs, dfs_depth, dfs, astar) = *EXPERIMENT_SAMPLES.get(i / 3)?;
    let start = Board::from_dash_notation(text)?;
    let (alg, budget, published_depth, published_count) = [
        (Algorithm::Bfs, u64::MAX, depth, bfs),
        (
            Algorithm::Dfs { limit: DFS_LIMIT },
            EXPERIMENT_DFS_BUDGET,
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
    Some(ExperimentRow {
        sample: text.to_string(),
        board: start.to_json(),
        algorithm: alg.name(),
        depth: ours,
        expansions: count,
        published_depth: published_depth.to_string(),
        published_count: published_count.to_string(),
    })
}

/// Runs an experiment task (a row number): the row's seven cells joined
/// by tabs.
pub fn run_experiment_task(text: &str) -> Result<String, String> {
    let i = text
        .parse::<usize>()
        .map_err(|_| format!("an experiment task's row {text:?} is not a number"))?;
    experiment_row(i)
        .map(|r| r.cells().join("\t"))
        .ok_or(format!("the experiment has no row {i}"))
}

/// Cells joined by tabs, back to an array.
fn cells_of<const N: usize>(text: &str) -> Result<[String; N], String> {
    let cells: Vec<String> = text.split('\t').map(str::to_string).collect();
    cells
        .try_into()
        .map_err(|c: Vec<String>| format!("an answer with {} cells instead of {N}", c.len()))
}

/// Why our counts differ from the post's.
pub const EXPERIMENT_NOTES: [&str; 4] = [
    "Depths: our BFS and A* depths are the optimum (7, 30, 28, 29, 30), the same as the post's; DFS returns the first path it meets within the limit, so its depth depends on the move order.",
    "BFS counts: the post counts every board taken from the queue, the goal included, and tries moves in the order left, up, right, down; we count expansions (the goal is not expanded) and try Up, Down, Left, Right, so a different part of the last layer comes before the goal.",
    "A* counts: the post orders its open list by f alone; ours breaks ties by h, then the board key, then insertion order, and skips stale entries. Preferring the smaller h on equal f heads for the goal, which is why we expand far fewer boards on the deep samples.",
    "DFS counts: both searches only refuse boards already on the current path, but with another move order the first path found, and the number of boards entered before it, change completely.",
];

/// The compare table's column headings.
pub const COMPARE_HEADINGS: [&str; 8] = [
    "Algorithm",
    "Verdict",
    "Path length",
    "Optimal?",
    "Expansions",
    "Generated",
    "Peak stored boards",
    "Time (ms, this run)",
];

/// The experiment table's column headings.
pub const EXPERIMENT_HEADINGS: [&str; 7] = [
    "Sample",
    "Board",
    "Algorithm",
    "Our depth",
    "Our expansions",
    "Published depth",
    "Published count",
];

/// Compare all running in workers: its tasks and the answers so far.
struct CompareJob {
    tasks: Vec<String>,
    optimum: Option<Option<u32>>,
    rows: Vec<Option<CompareRow>>,
}

/// The Lab tab's state.
pub struct LabPanel {
    budget: String,
    compared: Option<(String, Vec<CompareRow>)>,
    job: Option<CompareJob>,
    /// The experiment's rows by index (workers answer in any order).
    experiment: Option<Vec<Option<ExperimentRow>>>,
    experiment_cancelled: bool,
    /// Compare all was cancelled before every answer was in.
    compare_cancelled: bool,
    compare_note: String,
    experiment_note: String,
}

impl Default for LabPanel {
    fn default() -> Self {
        LabPanel {
            budget: crate::engine::lab::LAB_BUDGET.to_string(),
            compared: None,
            job: None,
            experiment: None,
            experiment_cancelled: false,
            compare_cancelled: false,
            compare_note: String::new(),
            experiment_note: String::new(),
        }
    }
}

/// The Lab tab.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LabView {
    /// The lab budget field's error.
    pub budget_error: Option<String>,
    /// The compare panel's optimum line, or why nothing was compared.
    pub compare_summary: String,
    /// One row per algorithm.
    pub compare_rows: Vec<CompareRow>,
    /// How Compare all runs (in workers, or on the page's thread and why).
    pub compare_note: String,
    /// The blog experiment's rows.
    pub experiment_rows: Vec<ExperimentRow>,
    /// Where the blog experiment stands.
    pub experiment_status: String,
    /// How the experiment runs.
    pub experiment_note: String,
    /// Whether the experiment runs.
    pub experiment_running: bool,
}

impl LabPanel {
    /// Drops the comparison: it ran on the old boards. The blog experiment
    /// has its own fixed boards and stays.
    pub fn on_edit(&mut self) {
        self.compared = None;
        self.job = None;
        self.compare_cancelled = false;
    }

    /// Stops a running Compare all: the answers so far are dropped (a
    /// partial table would read as a result).
    pub fn cancel_compare(&mut self) {
        if self.compared.is_none() && self.job.take().is_some() {
            self.compare_cancelled = true;
        }
    }

    /// Sets the lab budget text (boards); the comparison is dropped.
    pub fn set_budget(&mut self, text: &str) {
        self.budget = text.to_string();
        self.on_edit();
    }

    fn compare_inputs(&self, inputs: &Inputs) -> Option<(u64, Board, Board)> {
        match (
            parse_lab_budget(&self.budget),
            parse_start(&inputs.start),
            parse_goal(&inputs.goal),
        ) {
            (Ok(budget), Ok(start), Ok(goal)) => Some((budget, start, goal)),
            _ => None,
        }
    }

    /// Runs every algorithm on the current start and goal, here and now
    /// (where there are no workers).
    pub fn compare_all(&mut self, inputs: &Inputs, tables: &mut GoalTable, clock: Clock<'_>) {
        self.on_edit();
        let Some((budget, start, goal)) = self.compare_inputs(inputs) else {
            return;
        };
        let table = tables.for_goal(&goal);
        self.compared = Some(compare(&start, &Goal::new(goal), table, budget, clock));
    }

    /// Begins Compare all as tasks for workers ([`compare_plan`]); nothing
    /// starts when an input is invalid.
    pub fn start_compare(&mut self, inputs: &Inputs) {
        self.on_edit();
        self.job = self.compare_inputs(inputs).map(|(budget, start, goal)| {
            let tasks = compare_plan(&start, &goal, budget);
            CompareJob {
                rows: vec![None; tasks.len() - 1],
                tasks,
                optimum: None,
            }
        });
    }

    /// The running comparison's tasks (empty when none runs).
    pub fn compare_tasks(&self) -> Vec<String> {
        self.job.as_ref().map_or_else(Vec::new, |j| j.tasks.clone())
    }

    /// Merges the answer to compare task `index`; once every answer is in,
    /// the comparison is done. Returns whether the comparison still waits
    /// for answers.
    pub fn absorb_compare(&mut self, index: usize, answer: &str) -> Result<bool, String> {
        let Some(job) = self.job.as_mut() else {
            return Ok(false);
        };
        if index == 0 {
            job.optimum = Some(match answer {
                "none" => None,
                d => Some(
                    d.parse()
                        .map_err(|_| format!("an optimum {d:?} is not a number"))?,
                ),
            });
        } else if let Some(slot) = job.rows.get_mut(index - 1) {
            *slot = Some(CompareRow::from_cells(cells_of(answer)?));
        }
        let (Some(optimum), true) = (job.optimum, job.rows.iter().all(Option::is_some)) else {
            return Ok(true);
        };
        let mut rows: Vec<CompareRow> = job.rows.iter().flatten().cloned().collect();
        fill_optimal(&mut rows, optimum);
        self.compared = Some((compare_summary(optimum), rows));
        self.job = None;
        Ok(false)
    }

    /// Says how Compare all runs.
    pub fn set_compare_note(&mut self, note: &str) {
        self.compare_note = note.to_string();
    }

    /// Says how the experiment runs.
    pub fn set_experiment_note(&mut self, note: &str) {
        self.experiment_note = note.to_string();
    }

    /// Begins the blog post's experiment.
    pub fn start_experiment(&mut self) {
        self.experiment = Some(vec![None; EXPERIMENT_ROWS]);
        self.experiment_cancelled = false;
    }

    /// Whether the experiment runs.
    pub fn experiment_running(&self) -> bool {
        !self.experiment_cancelled
            && self
                .experiment
                .as_ref()
                .is_some_and(|r| r.iter().any(Option::is_none))
    }

    /// Stops the experiment; the rows done stay.
    pub fn cancel_experiment(&mut self) {
        if self.experiment_running() {
            self.experiment_cancelled = true;
        }
    }

    /// The experiment's tasks for workers: one per row.
    pub fn experiment_tasks(&self) -> Vec<String> {
        if !self.experiment_running() {
            return Vec::new();
        }
        (0..EXPERIMENT_ROWS)
            .map(|i| format!("experiment {i}"))
            .collect()
    }

    /// Merges a worker's row `index`; returns whether rows remain.
    pub fn absorb_experiment(&mut self, index: usize, answer: &str) -> Result<bool, String> {
        if !self.experiment_running() {
            return Ok(false);
        }
        let row = ExperimentRow::from_cells(cells_of(answer)?);
        if let Some(slot) = self.experiment.as_mut().and_then(|r| r.get_mut(index)) {
            *slot = Some(row);
        }
        Ok(self.experiment_running())
    }

    /// Runs the next missing row here; true while rows remain.
    pub fn experiment_step(&mut self) -> bool {
        if !self.experiment_running() {
            return false;
        }
        if let Some(rows) = self.experiment.as_mut() {
            if let Some(i) = rows.iter().position(Option::is_none) {
                rows[i] = experiment_row(i);
            }
        }
        self.experiment_running()
    }

    /// The tab's contents.
    pub fn view(&self) -> LabView {
        let (compare_summary, compare_rows) = match (&self.compared, &self.job) {
            (Some((s, rows)), _) => (s.clone(), rows.clone()),
            (None, Some(job)) => {
                let done = job.rows.iter().flatten().count() + usize::from(job.optimum.is_some());
                (
                    format!(
                        "Running: {done} of {} tasks answered (the optimum and each algorithm).",
                        job.tasks.len()
                    ),
                    Vec::new(),
                )
            }
            (None, None) if self.compare_cancelled => (
                "Cancelled before every algorithm had answered, so no row is shown: press Compare all to run it again.".to_string(),
                Vec::new(),
            ),
            (None, None) => (
                "Not run for the current inputs: press Compare all.".to_string(),
                Vec::new(),
            ),
        };
        let rows: Vec<ExperimentRow> = self
            .experiment
            .iter()
            .flatten()
            .flatten()
            .cloned()
            .collect();
        let done = rows.len();
        LabView {
            budget_error: parse_lab_budget(&self.budget).err(),
            compare_summary,
            compare_rows,
            compare_note: self.compare_note.clone(),
            experiment_rows: rows,
            experiment_status: match &self.experiment {
                None => "Not run yet.".into(),
                Some(_) if self.experiment_cancelled => {
                    format!("Cancelled after {done} of {EXPERIMENT_ROWS} rows.")
                }
                Some(_) if done < EXPERIMENT_ROWS => {
                    format!("Running: {done} of {EXPERIMENT_ROWS} rows.")
                }
                Some(_) => format!("Done: {EXPERIMENT_ROWS} rows."),
            },
            experiment_note: self.experiment_note.clone(),
            experiment_running: self.experiment_running(),
        }
    }
}
