//! The workshop's search cost and graded exercises (Lab): the cost of the
//! written h by solution depth ([`Task::Cost`]: the engine's `SearchCost`,
//! the same code as `heuristic cost`), an exercise picked from the three
//! shipped with the page, opened from a link (`exercise=…`) or made here
//! by a teacher, and its grade ([`Task::Grade`]: the engine's `Grading`,
//! whose lines are the ones `heuristic grade --link …` prints). Each job
//! runs in a Worker with progress and Cancel, or in slices on the page's
//! thread (the same [`Session`] a worker runs). Every sentence here.

use super::common::Clock;
use super::common::{board_link, BoardLink};
use crate::engine::heuristic::{BuiltIn, CHECK_MAX_CELLS};
use crate::engine::moves::Metric;
use crate::engine::teaching::workshop::{
    CostRow, Exercise, ASTAR_BUDGET, COST_PER_DEPTH, COST_SEED, EXERCISES, IDA_BUDGET,
};
use crate::engine::{text::thousands, Board, Shape};
use crate::task::check::CheckAnswer;
use crate::task::{unexpected, Answer, Reply, Session, Step, Task};

/// One job of the panel: its state and, without workers, the session that
/// runs it in slices.
#[derive(Default)]
struct Job {
    state: State,
    local: Option<Session>,
    note: String,
}

#[derive(Clone, Debug, PartialEq, Default)]
enum State {
    #[default]
    Idle,
    Refused(String),
    Running {
        task: Task,
        step: Option<Step>,
    },
    Cancelled,
    Failed(String),
    Done {
        task: Task,
        answer: Answer,
    },
}

/// Which of the two jobs.
#[derive(Clone, Copy)]
enum Doing {
    Cost,
    Grade,
}

/// The note while a job runs in a worker.
const RUNNING_NOTE: &str = "Running in a Web Worker…";

impl Job {
    fn start(&mut self, task: Result<Task, String>) {
        self.local = None;
        self.state = match task {
            Ok(task) => State::Running { task, step: None },
            Err(why) => State::Refused(why),
        };
        self.note = if self.running() {
            RUNNING_NOTE.into()
        } else {
            String::new()
        };
    }

    fn tasks(&self) -> Vec<Task> {
        match &self.state {
            State::Running { task, .. } => vec![task.clone()],
            _ => Vec::new(),
        }
    }

    fn running(&self) -> bool {
        matches!(self.state, State::Running { .. })
    }

    fn stop(&mut self, error: Option<&str>) {
        if self.running() {
            self.local = None;
            self.note.clear();
            self.state = match error {
                Some(e) => State::Failed(e.to_string()),
                None => State::Cancelled,
            };
        }
    }

    /// Takes a reply; `ok` says whether an answer is of this job's kind.
    fn absorb(&mut self, reply: &Reply, ok: fn(&Answer) -> bool) -> bool {
        let State::Running { task, step } = &mut self.state else {
            return false;
        };
        match reply {
            Reply::Progress(s) => *step = Some(s.clone()),
            Reply::Done(a) if ok(a) => {
                let task = task.clone();
                self.local = None;
                if self.note == RUNNING_NOTE {
                    self.note.clear();
                }
                self.state = State::Done {
                    task,
                    answer: a.clone(),
                };
            }
            Reply::Done(other) => self.stop(Some(&unexpected(other))),
            Reply::Error(e) => self.stop(Some(e)),
        }
        self.running()
    }

    fn slice(&mut self, clock: Clock<'_>, ok: fn(&Answer) -> bool) -> bool {
        let State::Running { task, .. } = &self.state else {
            return false;
        };
        let task = task.clone();
        let local = self.local.get_or_insert_with(|| {
            let mut s = Session::default();
            s.begin(task);
            s
        });
        match local.step(clock) {
            Some(r) => self.absorb(&r, ok),
            None => false,
        }
    }

    /// The status line (and whether it is an error), the progress bar, and
    /// whether Cancel has something to stop; `None` once done.
    fn status(&self, what: Doing) -> Option<(String, bool, (u64, u64))> {
        let (name, button) = match what {
            Doing::Cost => ("The search cost", "Search cost"),
            Doing::Grade => ("The grading", "Grade h"),
        };
        Some(match &self.state {
            State::Idle => (format!("Not run yet: press {button}."), false, (0, 0)),
            State::Refused(why) => (why.clone(), true, (0, 0)),
            State::Running { step, .. } => match step {
                None => (
                    "Starting: compiling h and allocating the tables…".into(),
                    false,
                    (0, 1),
                ),
                Some(Step::Check(p)) => (
                    match what {
                        Doing::Grade => format!(
                            "Running: {} of {} steps (boards checked, then boards searched).",
                            thousands(p.checked),
                            thousands(p.total)
                        ),
                        Doing::Cost => format!(
                            "Running: checking h first, {} of {} boards.",
                            thousands(p.checked),
                            thousands(p.total)
                        ),
                    },
                    false,
                    (p.checked, p.total),
                ),
                Some(Step::Cost(p)) => (
                    format!(
                        "Running: checked; {} of {} boards searched.",
                        thousands(p.checked),
                        thousands(p.total)
                    ),
                    false,
                    (p.checked, p.total),
                ),
                Some(other) => (unexpected(other), true, (0, 0)),
            },
            State::Cancelled => (
                format!("Cancelled; nothing is claimed. Press {button} to start again."),
                false,
                (0, 0),
            ),
            State::Failed(e) => (
                format!("{name} stopped: {e}. Nothing is claimed."),
                true,
                (0, 0),
            ),
            State::Done { .. } => return None,
        })
    }
}

fn is_cost(a: &Answer) -> bool {
    matches!(a, Answer::Cost(_) | Answer::Check(CheckAnswer::Failed(_)))
}

fn is_grade(a: &Answer) -> bool {
    matches!(a, Answer::Grade(_) | Answer::Check(CheckAnswer::Failed(_)))
}

/// Where the exercise comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Source {
    /// One of [`EXERCISES`].
    Shipped(usize),
    /// Opened from a link or made on the page.
    Own(Exercise),
}

/// The teacher's fields.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Maker {
    admissible: bool,
    search: String,
    nodes: String,
    boards: String,
    made: Option<Result<Exercise, String>>,
}

/// What the cost, the exercise and the maker show.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ExerciseView {
    /// The cost's status line.
    pub cost_status: String,
    /// Whether it is an error.
    pub cost_failed: bool,
    /// The cost's progress (done, of how many; 0 of 0: no bar).
    pub cost_progress: (u64, u64),
    /// Whether the cost runs.
    pub cost_running: bool,
    /// How the cost runs.
    pub cost_note: String,
    /// The sample and what a cell says.
    pub cost_about: Vec<String>,
    /// The table's headings.
    pub cost_headings: Vec<String>,
    /// One row per depth.
    pub cost_rows: Vec<Vec<String>>,
    /// The exercise picked: `0`–`2` shipped, `own` the link's or made one.
    pub choice: String,
    /// Whether there is an own exercise to pick.
    pub has_own: bool,
    /// The task in plain words.
    pub task: String,
    /// The grade's status line.
    pub grade_status: String,
    /// Whether it is an error.
    pub grade_failed: bool,
    /// The grade's progress.
    pub grade_progress: (u64, u64),
    /// Whether grading runs.
    pub grade_running: bool,
    /// How grading runs.
    pub grade_note: String,
    /// The grade, as `heuristic grade` prints it.
    pub grade_lines: Vec<String>,
    /// Pass (true) or fail (false), once graded.
    pub pass: Option<bool>,
    /// The counterexample's link.
    pub grade_links: Vec<BoardLink>,
    /// The maker's fields: rule (`admissible` or `any`), search, nodes,
    /// boards.
    pub maker: [String; 4],
    /// The made exercise's fragment (without `#`), or why not.
    pub made: Option<Result<String, String>>,
    /// How many times a link asked to show the exercises: the page opens
    /// the section each time this number changes.
    pub reveal: u32,
}

/// The names of the shipped exercises in the picker.
pub const EXERCISE_NAMES: [&str; 3] = [
    "Beat misplaced tiles (3×3, A*)",
    "Beat Manhattan, admissible (3×3, A*)",
    "Beat Manhattan on 2×4 (IDA*)",
];

/// The picker's entry for an exercise opened from a link or made here.
pub const EXERCISE_OWN: &str = "From the link, or made here";

/// The line above a made exercise's link.
pub const EXERCISE_MADE: &str = "Made: it is now the exercise picked above. Copy this link (the page's address carries it too); heuristic grade --link grades it the same way:";

/// The cost, the exercise and the maker.
pub struct ExercisePanel {
    cost: Job,
    grade: Job,
    source: Source,
    maker: Maker,
    reveal: u32,
    /// The chosen metric (the cost's, and a made exercise's).
    metric: Metric,
}

impl Default for ExercisePanel {
    fn default() -> Self {
        ExercisePanel {
            cost: Job::default(),
            grade: Job::default(),
            source: Source::Shipped(0),
            maker: Maker {
                admissible: true,
                search: "astar".into(),
                nodes: "10000".into(),
                boards: String::new(),
                made: None,
            },
            reveal: 0,
            metric: Metric::Single,
        }
    }
}

fn digits(b: &Board) -> String {
    b.cells().iter().map(|&c| char::from(b'0' + c)).collect()
}

/// The exercise in plain words.
pub fn task_words(ex: &Exercise) -> String {
    let rule = if ex.admissible {
        "an admissible h (never above the true distance on any board that can reach the goal)"
    } else {
        "any h (it may overestimate)"
    };
    let boards: Vec<String> = ex.boards.iter().map(Board::to_json).collect();
    let metric = match ex.metric {
        Metric::Single => String::new(),
        m => format!(" in the {} metric (a slide is one move)", m.long_name()),
    };
    format!(
        "Write {rule} with which {}{metric} expands at most {} boards in total, searching from each of these {} boards of {} to the goal {}: {}.",
        ex.search_name(),
        thousands(ex.max_nodes),
        ex.boards.len(),
        ex.goal.shape().name(),
        ex.goal.to_json(),
        boards.join(", ")
    )
}

/// The cost table's cells: depth, boards run (of the class's), then A* (on
/// 3×3) and IDA* with h and with `metric`'s reference heuristic
/// (Manhattan, or multi-tile Manhattan).
fn cost_table(rows: &[CostRow], metric: Metric) -> (Vec<String>, Vec<Vec<String>>) {
    let astar = rows.iter().any(|r| r.astar.is_some());
    let reference = BuiltIn::plain_bound(metric).name();
    let mut head = vec!["Depth".to_string(), "Boards".to_string()];
    if astar {
        head.extend(["A* h".into(), format!("A* {reference}")]);
    }
    head.extend(["IDA* h".into(), format!("IDA* {reference}")]);
    let body = rows
        .iter()
        .map(|r| {
            let d = r.depth;
            let mut row = vec![
                d.to_string(),
                format!("{} of {}", r.ida[0].boards, thousands(r.class_boards)),
            ];
            if let Some(a) = &r.astar {
                row.extend([a[0].cell(d), a[1].cell(d)]);
            }
            row.extend([r.ida[0].cell(d), r.ida[1].cell(d)]);
            row
        })
        .collect();
    (head, body)
}

impl ExercisePanel {
    /// The exercise picked.
    pub fn exercise(&self) -> Exercise {
        match &self.source {
            Source::Own(e) => e.clone(),
            Source::Shipped(i) => EXERCISES
                .get(*i)
                .and_then(|(_, t)| Exercise::read(t).ok())
                .unwrap_or_else(|| Exercise {
                    goal: Board::DEFAULT_GOAL,
                    search: crate::engine::teaching::workshop::CostSearch::AStar,
                    admissible: true,
                    max_nodes: 1,
                    boards: vec![Board::DEFAULT_GOAL],
                    metric: Default::default(),
                }),
        }
    }

    /// The exercise opened from a link or made here, when it is the one
    /// picked (the page's link carries it).
    pub fn own(&self) -> Option<Exercise> {
        match &self.source {
            Source::Own(e) => Some(e.clone()),
            Source::Shipped(_) => None,
        }
    }

    /// Opens an exercise (from a link): it becomes the one picked, and the
    /// section shows.
    pub fn open(&mut self, exercise: Exercise) {
        self.source = Source::Own(exercise);
        self.grade = Job::default();
        self.reveal();
    }

    /// Asks the page to show the exercises' section (a link named an
    /// exercise, even one that was not used).
    pub fn reveal(&mut self) {
        self.reveal = self.reveal.wrapping_add(1);
    }

    /// Picks an exercise: `0`–`2` a shipped one, `own` the link's or made
    /// one (when there is one).
    pub fn pick(&mut self, choice: &str) {
        let source = match choice {
            "own" => match (&self.source, &self.maker.made) {
                (Source::Own(_), _) => return,
                (_, Some(Ok(e))) => Source::Own(e.clone()),
                _ => return,
            },
            n => match n.parse::<usize>() {
                Ok(i) if i < EXERCISES.len() => Source::Shipped(i),
                _ => return,
            },
        };
        if source != self.source {
            self.source = source;
            self.grade = Job::default();
        }
    }

    /// A maker field: `rule`, `search`, `nodes` or `boards`.
    pub fn set_maker(&mut self, field: &str, text: &str) {
        let m = &mut self.maker;
        match field {
            "rule" => m.admissible = text != "any",
            "search" => m.search = text.to_string(),
            "nodes" => m.nodes = text.to_string(),
            _ => m.boards = text.to_string(),
        }
        m.made = None;
    }

    /// Makes the exercise from the maker's fields, the goal and, when the
    /// boards field is empty, the start, in `metric` (a multi-tile
    /// exercise's text ends `.multi`): the engine's reader decides.
    pub fn make(&mut self, goal: Result<Board, String>, start: Option<Board>, metric: Metric) {
        let m = &mut self.maker;
        let boards = if m.boards.trim().is_empty() {
            start.as_ref().map(digits).unwrap_or_default()
        } else {
            m.boards.clone()
        };
        m.made = Some(goal.and_then(|g| {
            let s = g.shape();
            let text = format!(
                "{}x{}.{}.{}.{}.{}.{}{}",
                s.width(),
                s.height(),
                digits(&g),
                m.search,
                if m.admissible { "admissible" } else { "any" },
                m.nodes.trim(),
                boards
                    .split([',', ' ', '\n'])
                    .filter(|b| !b.is_empty())
                    .collect::<Vec<_>>()
                    .join("_"),
                match metric {
                    Metric::Single => "",
                    Metric::Multi => ".multi",
                }
            );
            Exercise::read(&text).map_err(|e| e.to_string())
        }));
        if let Some(Ok(e)) = &m.made {
            self.source = Source::Own(e.clone());
            self.grade = Job::default();
        }
    }

    /// Begins the search cost of `expr` (its error, if any) against `goal`
    /// in `metric`.
    pub fn start_cost(
        &mut self,
        expr: &str,
        error: Option<String>,
        goal: Result<Board, String>,
        metric: Metric,
    ) {
        self.metric = metric;
        let task = match (goal, error) {
            (Err(e), _) => Err(format!(
                "Nothing run: the goal is invalid ({e}). Next: correct the Goal field."
            )),
            (Ok(_), Some(e)) => Err(format!("Nothing run: the expression has an error {e}.")),
            (Ok(g), None) if g.shape().cells() > CHECK_MAX_CELLS => Err(format!(
                "The search cost needs every board's distance: goals of at most {CHECK_MAX_CELLS} cells; this one is {} ({} cells).",
                g.shape().name(),
                g.shape().cells()
            )),
            (Ok(goal), None) => Ok(Task::Cost {
                expr: expr.to_string(),
                goal,
                per_depth: COST_PER_DEPTH as u16,
                metric,
            }),
        };
        self.cost.start(task);
    }

    /// Begins grading `expr` (its error, if any) on the exercise picked.
    pub fn start_grade(&mut self, expr: &str, error: Option<String>) {
        let task = match error {
            Some(e) => Err(format!("Not graded: the expression has an error {e}.")),
            None => Ok(Task::Grade {
                exercise: self.exercise(),
                expr: expr.to_string(),
            }),
        };
        self.grade.start(task);
    }

    /// The tasks of the cost (`grade` false) or the grade.
    pub fn tasks(&self, grade: bool) -> Vec<Task> {
        self.job(grade).tasks()
    }

    fn job(&self, grade: bool) -> &Job {
        if grade {
            &self.grade
        } else {
            &self.cost
        }
    }

    fn job_mut(&mut self, grade: bool) -> (&mut Job, fn(&Answer) -> bool) {
        if grade {
            (&mut self.grade, is_grade)
        } else {
            (&mut self.cost, is_cost)
        }
    }

    /// Whether the cost (or the grade) runs.
    pub fn running(&self, grade: bool) -> bool {
        self.job(grade).running()
    }

    /// Says how it runs.
    pub fn set_note(&mut self, grade: bool, note: &str) {
        self.job_mut(grade).0.note = note.to_string();
    }

    /// Stops it: cancelled, or failed with `error`.
    pub fn stop(&mut self, grade: bool, error: Option<&str>) {
        self.job_mut(grade).0.stop(error);
    }

    /// Takes a streaming reply; whether it still runs.
    pub fn absorb(&mut self, grade: bool, reply: &Reply) -> bool {
        let (job, ok) = self.job_mut(grade);
        job.absorb(reply, ok)
    }

    /// Without workers: a slice on the page's thread; true while more
    /// remains.
    pub fn slice(&mut self, grade: bool, clock: Clock<'_>) -> bool {
        let (job, ok) = self.job_mut(grade);
        job.slice(clock, ok)
    }

    /// The metric the cost runs in (the chosen one when it last ran).
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The cost drops: an edit of the goal or of the metric (now `metric`)
    /// drops the cost (it was the old goal's or metric's); the grade stays
    /// (the exercise names its own goal and metric).
    pub fn on_goal(&mut self, metric: Metric) {
        self.metric = metric;
        if !self.cost.running() {
            self.cost = Job::default();
        }
    }

    /// What it shows.
    pub fn view(&self) -> ExerciseView {
        let mut v = ExerciseView {
            cost_note: self.cost.note.clone(),
            grade_note: self.grade.note.clone(),
            cost_running: self.cost.running(),
            grade_running: self.grade.running(),
            choice: match self.source {
                Source::Shipped(i) => i.to_string(),
                Source::Own(_) => "own".into(),
            },
            has_own: matches!(self.source, Source::Own(_))
                || matches!(self.maker.made, Some(Ok(_))),
            maker: [
                if self.maker.admissible {
                    "admissible"
                } else {
                    "any"
                }
                .into(),
                self.maker.search.clone(),
                self.maker.nodes.clone(),
                self.maker.boards.clone(),
            ],
            made: self.maker.made.as_ref().map(|r| match r {
                Ok(e) => Ok(e.fragment()),
                Err(e) => Err(format!("No link made: {e}.")),
            }),
            reveal: self.reveal,
            ..ExerciseView::default()
        };
        match self.cost.status(Doing::Cost) {
            Some((s, failed, p)) => {
                (v.cost_status, v.cost_failed, v.cost_progress) = (s, failed, p)
            }
            None => self.cost_done(&mut v),
        }
        let ex = self.exercise();
        v.task = task_words(&ex);
        if ex.metric != self.metric {
            // The Metric control chose the other metric: the exercise
            // keeps its own.
            v.task.push_str(&format!(
                " It counts {} moves, its own metric, not the {} moves the Metric control chose.",
                ex.metric.long_name(),
                self.metric.long_name()
            ));
        }
        match self.grade.status(Doing::Grade) {
            Some((s, failed, p)) => {
                (v.grade_status, v.grade_failed, v.grade_progress) = (s, failed, p)
            }
            None => self.grade_done(&mut v),
        }
        v
    }

    fn cost_done(&self, v: &mut ExerciseView) {
        let State::Done { task, answer } = &self.cost.state else {
            return;
        };
        let Task::Cost {
            expr,
            goal,
            per_depth,
            metric,
        } = task
        else {
            return;
        };
        match answer {
            Answer::Cost(rows) => {
                let boards: u64 = rows.iter().map(|r| r.ida[0].boards).sum();
                let in_metric = match metric {
                    Metric::Single => String::new(),
                    m => format!(" in the {} metric", m.long_name()),
                };
                v.cost_status = format!(
                    "Done: the search cost of h = {expr} on {} boards of {} (goal {}){in_metric}.",
                    thousands(boards),
                    goal.shape().name(),
                    goal.to_json()
                );
                v.cost_about = vec![
                    format!(
                        "The sample: at each depth {per_depth} boards drawn from the boards at that depth (seed {COST_SEED:#X} xor the depth; all of them where there are fewer), {} in all; the same boards as heuristic cost on the command line.",
                        thousands(boards)
                    ),
                    format!(
                        "Each cell: mean boards expanded / b* (N + 1 = 1 + b* + … + b*^d, N the mean generated, as the depth table computes it); +k: the longest path k moves over the optimum; (n over): boards over the budget (A* {} expansions, IDA* {} generated).",
                        thousands(u64::from(ASTAR_BUDGET)),
                        thousands(IDA_BUDGET)
                    ),
                ];
                if *metric != Metric::Single {
                    v.cost_about.push(format!(
                        "Metric: {}; depths and paths in slides, the reference heuristic {} (Manhattan is not a lower bound there).",
                        metric.long_name(),
                        BuiltIn::plain_bound(*metric).name()
                    ));
                }
                if goal.shape() != Shape::THREE {
                    v.cost_about
                        .push("A* runs on 3×3 only; this shape has IDA* alone.".into());
                }
                (v.cost_headings, v.cost_rows) = cost_table(rows, *metric);
            }
            Answer::Check(CheckAnswer::Failed(f)) => {
                v.cost_failed = true;
                v.cost_status = format!("h has no value {f}. Nothing is claimed.");
            }
            other => v.cost_status = unexpected(other),
        }
    }

    fn grade_done(&self, v: &mut ExerciseView) {
        let State::Done { task, answer } = &self.grade.state else {
            return;
        };
        let Task::Grade { exercise, expr } = task else {
            return;
        };
        match answer {
            Answer::Grade(g) => {
                v.grade_status = format!("Graded: h = {expr}.");
                v.grade_lines = g.lines(exercise);
                v.pass = Some(g.pass);
                if let Some(w) = &g.worst {
                    v.grade_links.push(board_link(
                        format!("Open the worst overestimate {} in Solve", w.board.to_json()),
                        &w.board,
                        &exercise.goal,
                    ));
                }
            }
            Answer::Check(CheckAnswer::Failed(f)) => {
                v.grade_failed = true;
                v.grade_status = format!("Not graded: h has no value {f}.");
            }
            other => v.grade_status = unexpected(other),
        }
    }
}
