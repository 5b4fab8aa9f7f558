//! The Lab tab: compare every algorithm on the current boards, and reproduce
//! the blog post's BFS / DFS / A* experiment. Timing comes from a clock the
//! caller passes in (the page's `performance.now()`, a fake one in tests).

pub use crate::task::experiment::{
    experiment, experiment_row, ExperimentRow, EXPERIMENT_HEADINGS, EXPERIMENT_NOTES,
    EXPERIMENT_ROWS,
};
pub use crate::task::lab::{compare_row, duration_text, Clock, CompareRow, CLOCK_RESOLUTION_MS};

use super::common::{plural, single_tile_note, GoalTable, LAB_SINGLE_TILE};
use super::input::{Edit, Panel, ParsedInputs};
use super::work::{Work, WorkPanel};
use crate::engine::teaching::lab::Algorithm;
use crate::engine::{contract::Goal, moves::Metric, teaching::DistanceTable, Board};
use crate::task::{unexpected, Answer, Reply, Task};

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

/// Compare all's summary line for the exact optimum (`None`: the start
/// cannot reach the goal).
fn compare_summary(optimum: Option<u32>) -> String {
    match optimum {
        Some(d) => format!(
            "Optimum from the exact table (breadth-first search of the whole space): {}.",
            plural(d, "move")
        ),
        None => {
            "The exact table says this start cannot reach the goal (different inversion parity)."
                .into()
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
pub fn compare_plan(start: &Board, goal: &Board, budget: u64) -> Vec<Task> {
    (0..=Algorithm::ALL.len())
        .map(|index| Task::Compare {
            start: *start,
            goal: *goal,
            budget,
            index,
        })
        .collect()
}

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

/// Compare all running in workers: its tasks and the answers so far.
struct CompareJob {
    tasks: Vec<Task>,
    optimum: Option<Option<u32>>,
    rows: Vec<Option<CompareRow>>,
}

impl Panel for LabPanel {
    fn on_edit(&mut self, edit: &Edit<'_>) {
        self.clear();
        let goal = edit.inputs.explore_goal().ok();
        let metric = edit.inputs.metric();
        if goal != self.workshop.goal() || metric != self.exercise.metric() {
            self.exercise.on_goal(metric);
        }
        self.workshop.on_goal(goal.as_ref(), metric);
    }
}

/// The Lab tab's state.
pub struct LabPanel {
    budget: String,
    /// The lab budget, parsed once when set, or why not.
    budget_value: Result<u64, String>,
    compared: Option<(String, Vec<CompareRow>)>,
    job: Option<CompareJob>,
    /// The experiment's rows by index (workers answer in any order).
    experiment: Option<Vec<Option<ExperimentRow>>>,
    experiment_cancelled: bool,
    /// Compare all was cancelled before every answer was in.
    compare_cancelled: bool,
    compare_note: String,
    experiment_note: String,
    /// The weighted A* report (view/weighted.rs).
    pub(super) weighted: super::weighted::WeightedPanel,
    /// The heuristic workshop (view/workshop.rs).
    pub(super) workshop: super::workshop::WorkshopPanel,
    /// The workshop's search cost and exercises (view/exercise.rs).
    pub(super) exercise: super::exercise::ExercisePanel,
}

impl Default for LabPanel {
    fn default() -> Self {
        LabPanel {
            budget: crate::engine::teaching::lab::LAB_BUDGET.to_string(),
            budget_value: Ok(crate::engine::teaching::lab::LAB_BUDGET),
            compared: None,
            job: None,
            experiment: None,
            experiment_cancelled: false,
            compare_cancelled: false,
            compare_note: String::new(),
            experiment_note: String::new(),
            weighted: super::weighted::WeightedPanel::default(),
            workshop: super::workshop::WorkshopPanel::default(),
            exercise: super::exercise::ExercisePanel::default(),
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
    /// In the multi-tile metric: Compare all and the experiment count
    /// single-tile moves (`None` single-tile).
    pub compare_metric_note: Option<String>,
    /// The blog experiment's rows.
    pub experiment_rows: Vec<ExperimentRow>,
    /// Where the blog experiment stands.
    pub experiment_status: String,
    /// How the experiment runs.
    pub experiment_note: String,
    /// Whether the experiment runs.
    pub experiment_running: bool,
    /// The weighted A* report.
    pub weighted: super::weighted::WeightedView,
    /// The heuristic workshop.
    pub workshop: super::workshop::WorkshopView,
    /// The workshop's search cost and exercises.
    pub exercise: super::exercise::ExerciseView,
}

impl LabPanel {
    /// Drops the comparison: it ran on the old boards. The blog experiment
    /// has its own fixed boards and stays.
    pub fn clear(&mut self) {
        self.compared = None;
        self.job = None;
        self.compare_cancelled = false;
        self.weighted.on_edit();
    }

    /// Runs the weighted A* report on the current boards under the lab
    /// budget (nothing when the budget is invalid: its field says why).
    pub fn run_weighted(&mut self, inputs: &ParsedInputs, tables: &mut GoalTable) {
        if let Ok(budget) = self.budget_value.clone() {
            self.weighted.run(inputs, tables, budget);
        }
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
        self.budget_value = parse_lab_budget(text);
        self.clear();
    }

    fn compare_inputs(&self, inputs: &ParsedInputs) -> Option<(u64, Board, Board)> {
        match (
            self.budget_value.clone(),
            inputs.start().clone(),
            inputs.goal().clone(),
        ) {
            (Ok(budget), Ok(start), Ok(goal)) => Some((budget, start, goal)),
            _ => None,
        }
    }

    /// Runs every algorithm on the current start and goal, here and now
    /// (where there are no workers).
    pub fn compare_all(&mut self, inputs: &ParsedInputs, tables: &mut GoalTable, clock: Clock<'_>) {
        self.clear();
        let Some((budget, start, goal)) = self.compare_inputs(inputs) else {
            return;
        };
        let table = tables.for_goal(&goal);
        self.compared = Some(compare(&start, &Goal::new(goal), table, budget, clock));
    }

    /// Begins Compare all as tasks for workers ([`compare_plan`]); nothing
    /// starts when an input is invalid.
    pub fn start_compare(&mut self, inputs: &ParsedInputs) {
        self.clear();
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
    pub fn compare_tasks(&self) -> Vec<Task> {
        self.job.as_ref().map_or_else(Vec::new, |j| j.tasks.clone())
    }

    /// Merges the answer to compare task `index`; once every answer is in,
    /// the comparison is done. Returns whether the comparison still waits
    /// for answers.
    pub fn absorb_compare(&mut self, index: usize, answer: &Answer) -> Result<bool, String> {
        let Some(job) = self.job.as_mut() else {
            return Ok(false);
        };
        match (index, answer) {
            (0, Answer::Optimum(d)) => job.optimum = Some(*d),
            (1.., Answer::CompareRow(row)) => {
                if let Some(slot) = job.rows.get_mut(index - 1) {
                    *slot = Some(row.clone());
                }
            }
            _ => return Err(unexpected(answer)),
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
    pub fn experiment_tasks(&self) -> Vec<Task> {
        if !self.experiment_running() {
            return Vec::new();
        }
        (0..EXPERIMENT_ROWS)
            .map(|row| Task::Experiment { row })
            .collect()
    }

    /// Merges a worker's row `index`; returns whether rows remain.
    pub fn absorb_experiment(&mut self, index: usize, answer: &Answer) -> Result<bool, String> {
        if !self.experiment_running() {
            return Ok(false);
        }
        let Answer::ExperimentRow(row) = answer else {
            return Err(unexpected(answer));
        };
        let row = row.clone();
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

    /// The tab's contents; `goal` is the goal the workshop checks against
    /// (the page's current goal), or why there is none, and `metric` the
    /// chosen metric.
    pub fn view(&self, goal: Result<&Board, &str>, metric: Metric) -> LabView {
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
            budget_error: self.budget_value.clone().err(),
            compare_summary,
            compare_rows,
            compare_note: self.compare_note.clone(),
            compare_metric_note: single_tile_note(LAB_SINGLE_TILE, metric),
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
            weighted: self.weighted.view(),
            workshop: self.workshop.view(goal, metric),
            exercise: self.exercise.view(),
        }
    }
}

/// What a person does on the Lab tab (besides the long work).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabAction {
    /// The lab budget field's text (boards).
    Budget(String),
    /// The weighted A* weight (`1` … `5`, steps of 0.5).
    Weight(String),
    /// The weighted A* heuristic by its code.
    Heuristic(String),
    /// Runs the weighted A* on the current boards.
    RunWeighted,
    /// The workshop's expression (h in the heuristic language).
    Expr(String),
    /// The exercise picked (`0`–`2` shipped, `own`).
    Exercise(String),
    /// A field of the exercise maker: (`rule`, `search`, `nodes` or
    /// `boards`, its text).
    Maker(&'static str, String),
    /// Makes the exercise's link from the maker's fields.
    MakeLink,
}

impl LabPanel {
    /// Does `action` for the current `inputs`.
    pub fn apply(&mut self, inputs: &ParsedInputs, tables: &mut GoalTable, action: LabAction) {
        match action {
            LabAction::Budget(text) => self.set_budget(&text),
            LabAction::Weight(text) => self.weighted.set_weight(&text),
            LabAction::Heuristic(code) => {
                let text = self.workshop.expr().0;
                self.weighted.set_heuristic(&code, &text);
            }
            LabAction::RunWeighted => self.run_weighted(inputs, tables),
            LabAction::Expr(text) => {
                self.workshop
                    .set_expr(&text, inputs.explore_goal().ok().as_ref());
                self.weighted.on_expr(&text);
            }
            LabAction::Exercise(choice) => self.exercise.pick(&choice),
            LabAction::Maker(field, text) => self.exercise.set_maker(field, &text),
            LabAction::MakeLink => self.exercise.make(
                inputs.explore_goal().map_err(|(_, e)| e),
                inputs.pair().ok().map(|(s, _)| s),
                inputs.metric(),
            ),
        }
    }
}

/// The Lab's long work: Compare all and the experiment, and the workshop's
/// check, search cost and grading (its jobs stream).
impl WorkPanel for LabPanel {
    fn start(&mut self, work: Work, inputs: &ParsedInputs, now: f64) {
        let goal = || inputs.explore_goal().map_err(|(_, e)| e);
        match work {
            Work::Compare => self.start_compare(inputs),
            Work::Experiment => self.start_experiment(),
            Work::Check => self.workshop.start(goal(), inputs.metric(), now),
            Work::Cost => {
                let (text, error) = self.workshop.expr();
                self.exercise
                    .start_cost(&text, error, goal(), inputs.metric());
            }
            Work::Grade => {
                let (text, error) = self.workshop.expr_alone();
                self.exercise.start_grade(&text, error);
            }
            Work::Sweep | Work::Depth | Work::Explore => {}
        }
    }

    fn tasks(&mut self, work: Work, _: &ParsedInputs, _: &mut GoalTable, _: f64) -> Vec<Task> {
        match work {
            Work::Compare => self.compare_tasks(),
            Work::Experiment => self.experiment_tasks(),
            Work::Check => self.workshop.tasks(),
            Work::Cost => self.exercise.tasks(false),
            Work::Grade => self.exercise.tasks(true),
            Work::Sweep | Work::Depth | Work::Explore => Vec::new(),
        }
    }

    fn absorb(&mut self, work: Work, index: usize, a: &Answer, _: f64) -> Result<bool, String> {
        match work {
            Work::Compare => self.absorb_compare(index, a),
            Work::Experiment => self.absorb_experiment(index, a),
            // The workshop's jobs stream: they have no batch answers.
            _ => Err(unexpected(a)),
        }
    }

    fn stream(&mut self, work: Work, reply: &Reply, now: f64) -> bool {
        match work {
            Work::Check => self.workshop.absorb(reply, now),
            Work::Cost => self.exercise.absorb(false, reply),
            Work::Grade => self.exercise.absorb(true, reply),
            _ => false,
        }
    }

    fn slice(
        &mut self,
        work: Work,
        inputs: &ParsedInputs,
        tables: &mut GoalTable,
        _: f64,
        clock: Clock<'_>,
    ) -> bool {
        match work {
            // Compare all runs whole, as it always did.
            Work::Compare => {
                self.compare_all(inputs, tables, clock);
                false
            }
            // The experiment a row at a time.
            Work::Experiment => self.experiment_step(),
            Work::Check => self.workshop.slice(clock),
            Work::Cost => self.exercise.slice(false, clock),
            Work::Grade => self.exercise.slice(true, clock),
            Work::Sweep | Work::Depth | Work::Explore => false,
        }
    }

    fn set_note(&mut self, work: Work, note: &str) {
        match work {
            Work::Compare => self.set_compare_note(note),
            Work::Experiment => self.set_experiment_note(note),
            Work::Check => self.workshop.set_note(note),
            Work::Cost => self.exercise.set_note(false, note),
            Work::Grade => self.exercise.set_note(true, note),
            Work::Sweep | Work::Depth | Work::Explore => {}
        }
    }

    fn stop(&mut self, work: Work, error: Option<&str>) {
        match work {
            Work::Compare if error.is_some() => self.clear(),
            Work::Compare => self.cancel_compare(),
            Work::Experiment => self.cancel_experiment(),
            Work::Check => self.workshop.stop(error),
            Work::Cost => self.exercise.stop(false, error),
            Work::Grade => self.exercise.stop(true, error),
            Work::Sweep | Work::Depth | Work::Explore => {}
        }
    }

    fn running(&self, work: Work) -> bool {
        match work {
            Work::Compare => !self.compare_tasks().is_empty(),
            Work::Experiment => self.experiment_running(),
            Work::Check => self.workshop.running(),
            Work::Cost => self.exercise.running(false),
            Work::Grade => self.exercise.running(true),
            Work::Sweep | Work::Depth | Work::Explore => false,
        }
    }
}

#[cfg(test)]
mod wording_tests {
    use super::compare_summary;

    #[test]
    fn an_optimum_of_one_move_and_of_two() {
        assert_eq!(
            compare_summary(Some(1)),
            "Optimum from the exact table (breadth-first search of the whole space): 1 move."
        );
        assert_eq!(
            compare_summary(Some(2)),
            "Optimum from the exact table (breadth-first search of the whole space): 2 moves."
        );
    }
}
