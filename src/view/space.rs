//! The State space tab: the exploration of the whole space from the goal
//! (every shape up to 12 cells: `explore.rs`) and the 3×3 tools, the
//! heuristic sweep over every start, cut into tasks that Web Workers solve
//! (or, where a browser has no workers, done in slices on the page's
//! thread), and the depth table (`depth.rs`).

use super::depth::{DepthRun, DepthView};
use super::explore::{goal_of, tools_note, ExploreView, Explorer, SpaceView};
use super::{shown_shape, Clock, GoalTable, Inputs};
use crate::engine::lab::{run, Algorithm, Heuristic};
use crate::engine::{
    check_parity, parse_goal, rank, Board, Budget, DistanceTable, Field, Goal, Solver, Verdict,
    STATES, UNREACHABLE,
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

/// Per-heuristic totals of a sweep; chunks solved apart (in Web Workers)
/// merge into the same totals a single pass gives.
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

impl SweepTotals {
    /// Adds one start's expansions.
    pub fn record(&mut self, expansions: u64) {
        self.starts += 1;
        self.expansions += expansions;
        self.max = self.max.max(expansions);
        if expansions > u64::from(Budget::MAX) {
            self.over_contract_budget += 1;
        }
    }

    /// The totals as four numbers, for a worker's answer.
    pub fn to_text(&self) -> String {
        format!(
            "{} {} {} {}",
            self.starts, self.expansions, self.max, self.over_contract_budget
        )
    }

    /// Reads [`SweepTotals::to_text`].
    pub fn from_text(text: &str) -> Option<SweepTotals> {
        let mut n = text.split(' ').map(|t| t.parse::<u64>().ok());
        let totals = SweepTotals {
            starts: n.next()??,
            expansions: n.next()??,
            max: n.next()??,
            over_contract_budget: n.next()??,
        };
        n.next().is_none().then_some(totals)
    }

    /// Adds another chunk's totals.
    pub fn merge(&mut self, other: &SweepTotals) {
        self.starts += other.starts;
        self.expansions += other.expansions;
        self.max = self.max.max(other.max);
        self.over_contract_budget += other.over_contract_budget;
    }
}

/// Expansions of one start with heuristic `h`: Manhattan runs the contract
/// solver (the same search as the lab's A* with Manhattan); the others run
/// the lab's A*.
fn expansions_of(solver: &mut Solver, goal: &Goal, h: Heuristic, start: &Board) -> u64 {
    if h == Heuristic::Manhattan {
        match solver.solve(start, goal, Budget::UNLIMITED) {
            Ok(out) if matches!(out.verdict, Verdict::Solved(_)) => u64::from(out.stats.expansions),
            _ => 0,
        }
    } else {
        run(Algorithm::AStar(h), start, goal, u64::MAX)
            .map(|o| o.expansions)
            .unwrap_or(0)
    }
}

/// One piece of a sweep, small enough for a worker to finish in a fraction
/// of a second: a range of ranks (every board in it that can reach the
/// goal) or a list of ranks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepTask {
    /// The phase it belongs to.
    pub phase: usize,
    /// The goal's nine cells.
    pub goal: [u8; 9],
    /// `misplaced`, `manhattan` or `linear-conflict`.
    pub heuristic: String,
    /// Ranks `lo..hi`, those of the goal's parity (when `ranks` is empty).
    pub lo: u32,
    /// End of the range.
    pub hi: u32,
    /// Listed ranks.
    pub ranks: Vec<u32>,
}

/// A heuristic's name in a task.
fn heuristic_key(h: Heuristic) -> &'static str {
    match h {
        Heuristic::Misplaced => "misplaced",
        Heuristic::Manhattan => "manhattan",
        Heuristic::LinearConflict => "linear-conflict",
    }
}

impl SweepTask {
    /// The task as one line of numbers and words, for a worker: phase,
    /// goal key, heuristic, lo, hi, then the listed ranks.
    pub fn to_text(&self) -> String {
        let goal: String = self.goal.iter().map(|&c| char::from(b'0' + c)).collect();
        let mut text = format!(
            "{} {goal} {} {} {}",
            self.phase, self.heuristic, self.lo, self.hi
        );
        for r in &self.ranks {
            text.push(' ');
            text.push_str(&r.to_string());
        }
        text
    }

    /// Reads [`SweepTask::to_text`]; the error says what is wrong.
    pub fn from_text(text: &str) -> Result<SweepTask, String> {
        let mut parts = text.split(' ');
        let mut next = |what: &str| parts.next().ok_or(format!("a task without its {what}"));
        let number = |t: &str, what: &str| {
            t.parse::<u32>()
                .map_err(|_| format!("a task's {what} {t:?} is not a number"))
        };
        let phase = number(next("phase")?, "phase")? as usize;
        let key = next("goal")?;
        let goal = crate::engine::parse_key(key)
            .ok()
            .and_then(Board::from_packed)
            .ok_or(format!("a task's goal {key:?} is not a board"))?;
        let heuristic = next("heuristic")?.to_string();
        let lo = number(next("range")?, "range")?;
        let hi = number(next("range")?, "range")?;
        let ranks = parts.map(|t| number(t, "rank")).collect::<Result<_, _>>()?;
        Ok(SweepTask {
            phase,
            goal: goal.three_cells(),
            heuristic,
            lo,
            hi,
            ranks,
        })
    }
}

/// Ranks per task of a whole-space phase (about 2,000 starts).
pub const RANKS_PER_TASK: u32 = 4_096;
/// Boards per task of a listed phase.
pub const BOARDS_PER_TASK: usize = 250;

thread_local! {
    static TASK_SOLVER: std::cell::RefCell<Option<Solver>> = const { std::cell::RefCell::new(None) };
}

/// Solves one task: what a worker does. Errors name what was wrong with it.
pub fn run_sweep_task(task: &SweepTask) -> Result<SweepTotals, String> {
    let goal = Board::square(&task.goal).ok_or("the task's goal is not a board")?;
    let h = [
        Heuristic::Misplaced,
        Heuristic::Manhattan,
        Heuristic::LinearConflict,
    ]
    .into_iter()
    .find(|&h| heuristic_key(h) == task.heuristic)
    .ok_or_else(|| format!("unknown heuristic {:?}", task.heuristic))?;
    let goal = Goal::new(goal);
    TASK_SOLVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let solver = slot.get_or_insert_with(Solver::new);
        let mut totals = SweepTotals::default();
        let boards: Vec<Board> = if task.ranks.is_empty() {
            (task.lo..task.hi)
                .filter_map(crate::engine::unrank)
                .filter(|b| check_parity(b, goal.board()).is_ok())
                .collect()
        } else {
            task.ranks
                .iter()
                .filter_map(|&r| crate::engine::unrank(r))
                .collect()
        };
        for b in &boards {
            totals.record(expansions_of(solver, &goal, h, b));
        }
        Ok(totals)
    })
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
                heuristic: heuristic_key(*h).to_string(),
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
            picked.extend(crate::engine::unrank(r as u32));
        }
    }
    picked
}

/// The State space tab's state.
#[derive(Default)]
pub struct SpacePanel {
    /// Explore state space.
    explore: Explorer,
    sweep: Option<Sweep>,
    sweep_pending: bool,
    /// The phase of each task handed to workers, and when the last phase
    /// ended (ms, the page's clock).
    sweep_phases: Vec<usize>,
    sweep_phase_end: f64,
    note: String,
    depth: Option<DepthRun>,
    depth_started: f64,
    depth_note: String,
}

/// The sweep's part of the tab: all that a sweep slice changes.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SweepView {
    /// The table's rows.
    pub rows: Vec<[String; 6]>,
    /// Starts done and in all.
    pub progress: (usize, usize),
    /// Whether the sweep is running.
    pub running: bool,
    /// What the sweep is doing.
    pub status: String,
    /// How it runs: in how many workers, or in slices and why.
    pub note: String,
}

/// The State space tab.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SpaceTabView {
    /// The state space, once explored.
    pub space: Option<SpaceView>,
    /// How the exploration runs, or that it is running.
    pub explore_note: String,
    /// The exploration's memory, status, progress and Cancel.
    pub explore: ExploreView,
    /// Whether the distance chart is on a log scale.
    pub log: bool,
    /// Why the sweep and the depth table (3×3 tools) do not apply to the
    /// start's shape.
    pub tools_note: Option<String>,
    /// The heuristic sweep.
    pub sweep: SweepView,
    /// The depth table.
    pub depth: DepthView,
}

impl SpacePanel {
    /// A goal edit makes the exploration and the sweep stale; other edits
    /// leave them (they depend on the goal alone).
    pub fn on_edit(&mut self, field: Field) {
        self.explore.on_edit(field);
        if field == Field::Goal {
            self.sweep = None;
            self.sweep_pending = false;
            self.depth = None;
        }
    }

    /// Begins the exploration of the goal `request` gives, or says which
    /// field is wrong and starts nothing; `now` is the page's clock (ms).
    pub fn start_explore(&mut self, request: Result<Board, (Field, String)>, now: f64) {
        self.explore.start(request, now);
    }

    /// The exploration's one task (empty when none runs).
    pub fn explore_tasks(&self) -> Vec<String> {
        self.explore.tasks()
    }

    /// Stops the exploration: cancelled, or failed with `error`.
    pub fn stop_explore(&mut self, error: Option<&str>) {
        match error {
            Some(e) => self.explore.fail(e),
            None => self.explore.cancel(),
        }
    }

    /// Takes a worker's 3×3 exploration; false: nothing more is awaited.
    pub fn absorb_explore(&mut self, answer: &str) -> Result<bool, String> {
        self.explore.absorb_whole(answer)
    }

    /// Says how the exploration runs.
    pub fn set_explore_note(&mut self, note: &str) {
        self.explore.set_note(note);
    }

    /// Whether the exploration runs.
    pub fn exploring(&self) -> bool {
        self.explore.running()
    }

    /// Without workers: the exploration on the page's thread for a slice
    /// (3×3 at once); true while more remains.
    pub fn explore_slice(&mut self, tables: &mut GoalTable, clock: Clock<'_>) -> bool {
        self.explore.slice(tables, clock)
    }

    /// The exploration.
    pub fn explorer(&self) -> &Explorer {
        &self.explore
    }

    /// The exploration, to change.
    pub fn explorer_mut(&mut self) -> &mut Explorer {
        &mut self.explore
    }

    /// Begins the depth table for the current goal (nothing when the goal
    /// is invalid); `now` is the page's clock in ms.
    pub fn start_depth(&mut self, inputs: &Inputs, now: f64) {
        self.depth = parse_goal(&inputs.goal)
            .ok()
            .map(|g| DepthRun::new(Goal::new(g)));
        self.depth_started = now;
        self.depth_note.clear();
    }

    /// The depth table's tasks for workers (empty when none runs).
    pub fn depth_tasks(&self) -> Vec<String> {
        self.depth
            .as_ref()
            .filter(|d| d.is_running())
            .map_or_else(Vec::new, DepthRun::plan)
    }

    /// Merges a worker's answer to depth task `index`; returns whether the
    /// table still waits for answers.
    pub fn absorb_depth(&mut self, index: usize, answer: &str, now: f64) -> Result<bool, String> {
        let Some(d) = self.depth.as_mut() else {
            return Ok(false);
        };
        d.absorb(index, answer)?;
        if d.is_complete() {
            d.set_ms(now - self.depth_started);
        }
        Ok(d.is_running())
    }

    /// The depth table on the page's thread for about `slice_ms`; true while
    /// more remains.
    pub fn depth_work(&mut self, slice_ms: f64, clock: Clock<'_>) -> bool {
        let Some(d) = self.depth.as_mut() else {
            return false;
        };
        d.work(slice_ms, clock);
        if d.is_complete() {
            let now = clock();
            d.set_ms(now - self.depth_started);
        }
        d.is_running()
    }

    /// Stops the depth table: with `error` when a worker failed.
    pub fn stop_depth(&mut self, error: Option<&str>) {
        if let Some(d) = self.depth.as_mut() {
            match error {
                Some(e) => d.fail(e),
                None => d.cancel(),
            }
        }
    }

    /// Whether the depth table runs.
    pub fn depth_running(&self) -> bool {
        self.depth.as_ref().is_some_and(DepthRun::is_running)
    }

    /// Says how the depth table runs.
    pub fn set_depth_note(&mut self, note: &str) {
        self.depth_note = note.to_string();
    }

    /// The depth table's run, if one was started.
    pub fn depth(&self) -> Option<&DepthRun> {
        self.depth.as_ref()
    }

    /// The running sweep's tasks for workers, each with its kind (empty
    /// when none runs); `now` starts the first phase's clock.
    pub fn sweep_tasks(&mut self, now: f64) -> Vec<String> {
        let plan = self
            .sweep
            .as_ref()
            .filter(|s| !s.is_done())
            .map_or_else(Vec::new, Sweep::plan);
        self.sweep_phases = plan.iter().map(|t| t.phase).collect();
        self.sweep_phase_end = now;
        plan.iter()
            .map(|t| format!("sweep {}", t.to_text()))
            .collect()
    }

    /// Merges a worker's answer to sweep task `index`, timing each phase as
    /// it completes; returns whether the sweep still runs.
    pub fn absorb_sweep(&mut self, index: usize, answer: &str, now: f64) -> Result<bool, String> {
        let totals =
            SweepTotals::from_text(answer).ok_or(format!("malformed totals {answer:?}"))?;
        let phase = self.sweep_phases.get(index).copied().unwrap_or(0);
        let Some(s) = self.sweep.as_mut() else {
            return Ok(false);
        };
        let before = s.phase();
        s.absorb(phase, &totals);
        for p in before..s.phase() {
            s.set_phase_ms(p, now - self.sweep_phase_end);
            self.sweep_phase_end = now;
        }
        Ok(!s.is_done())
    }

    /// Breadth-first search of the whole 3×3 space from the current goal,
    /// at once, through the page's shared table.
    pub fn explore(&mut self, inputs: &Inputs, tables: &mut GoalTable) {
        self.explore
            .explore_here(parse_goal(&inputs.goal).ok(), tables);
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

    /// Merges a task's totals.
    pub fn absorb(&mut self, phase: usize, totals: &SweepTotals) {
        if let Some(s) = self.sweep.as_mut() {
            s.absorb(phase, totals);
        }
    }

    /// Records a phase's time.
    pub fn phase_ms(&mut self, phase: usize, ms: f64) {
        if let Some(s) = self.sweep.as_mut() {
            s.set_phase_ms(phase, ms);
        }
    }

    /// Sets how the sweep runs.
    pub fn set_note(&mut self, note: &str) {
        self.note = note.to_string();
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

    /// The tab's contents for these inputs.
    pub fn view(&self, inputs: &Inputs) -> SpaceTabView {
        let sweep = match &self.sweep {
            None if self.sweep_pending => SweepView {
                rows: Vec::new(),
                progress: (0, 0),
                running: true,
                status: "Preparing: listing every start that reaches the goal.".into(),
                note: self.note.clone(),
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
                    note: self.note.clone(),
                }
            }
        };
        let depth = match &self.depth {
            Some(d) => d.view(&self.depth_note),
            None => DepthView {
                status: "Not run yet.".into(),
                ..DepthView::default()
            },
        };
        SpaceTabView {
            space: self.explore.space().cloned(),
            explore_note: self.explore.note().to_string(),
            explore: self.explore.view(goal_of(inputs).as_ref()),
            log: self.explore.log(),
            tools_note: shown_shape(&inputs.start).and_then(tools_note),
            sweep,
            depth,
        }
    }
}
