//! The Lab's heuristic workshop: a person writes h in the heuristic
//! language, the engine's parser reads it on every edit (the error with its
//! position, or nothing), and the check ([`Task::Check`]) runs over every
//! board of the goal's class (a stated sample of a 12-cell one) in a Worker
//! with progress and Cancel, or in slices on the page's thread without
//! one. Its figures come back as sentences, links that open a board in the
//! Solve tab, and the counts of h against the true distance (a heat map and
//! the same counts as a table). Every sentence here.

use super::common::{board_link, BoardLink, Clock};
use super::picture::Picture;
use crate::engine::heuristic::{CheckResult, HCount};
use crate::engine::{
    heuristic::expr::{parse, ExprError, Program},
    heuristic::{CHECK_MAX_CELLS, SAMPLE_BOARDS, SAMPLE_SEED},
    moves::Metric,
    space::SPACE_MAX_CELLS,
    text::thousands,
    Board, Shape,
};
use crate::task::check::{CheckAnswer, CheckProgress, CheckWorker};
use crate::task::space::boards_of;
use crate::task::{unexpected, Answer, Reply, Step, Task};

/// The expression the field starts with.
pub const WORKSHOP_DEFAULT: &str = "manhattan";

/// The syntax help, one sentence an item.
pub const WORKSHOP_HELP: [&str; 6] = [
    "Features of the board against the goal: manhattan, misplaced (tiles off their goal cell, the blank not counted), linear_conflict (Manhattan plus 2 per conflict), out_of_row, out_of_col, blank_row, blank_col, width, height.",
    "Tile t: md(t) is its Manhattan distance, row(t) and col(t) its row and column (from 0 at the top left).",
    "Integers and + - * / (division rounds toward zero), parentheses, min(a, b), max(a, b), abs(x).",
    "Conditions: < <= > >= == != && || !, used by if(c, a, b), which is a when c holds, else b.",
    "Examples: max(manhattan, 2 * misplaced - 1) · linear_conflict · if(blank_row == 0, manhattan, manhattan - 1) · 2 * manhattan (not admissible).",
    "h must be a whole number of moves, never negative; a division by zero or an overflow is reported on the first board where it happens.",
];

/// The note while the check runs in a worker (it goes when the check
/// ends; a note that it ran on the page's thread stays).
const RUNNING_NOTE: &str = "Checking in a Web Worker…";

/// Rows of the heat map at most; a wider range of h is grouped.
pub const HEAT_ROWS: usize = 48;

/// One row of the heat map: a value (or range) of h and its count per
/// distance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeatRow {
    /// The h value or range, as the axis labels it.
    pub label: String,
    /// Per distance 0..=diameter: the count and its shade (0: none, 1–5).
    pub cells: Vec<(u64, u8)>,
    /// Per distance: every h of the row is above the distance (an
    /// overestimate).
    pub over: Vec<bool>,
}

/// The heat map of h against the true distance.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct HeatView {
    /// Rows from the largest h down.
    pub rows: Vec<HeatRow>,
    /// The largest count of a cell.
    pub max: u64,
    /// The picture's accessible name.
    pub label: String,
    /// The line above the picture.
    pub caption: String,
    /// What the downloads are called (set with the figures).
    pub picture: Option<Picture>,
}

/// What the workshop shows.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct WorkshopView {
    /// The field's text.
    pub expr: String,
    /// The parse or type error, with its position.
    pub error: Option<String>,
    /// The expression with a caret under the error's position.
    pub marker: Option<String>,
    /// What the check covers for the current goal.
    pub target: String,
    /// What the check is doing, or what it found.
    pub status: String,
    /// Whether the status is an error.
    pub failed: bool,
    /// Boards checked and in all.
    pub progress: (u64, u64),
    /// Whether Cancel has something to stop.
    pub running: bool,
    /// How it runs (in a worker, or on the page's thread and why).
    pub note: String,
    /// The figures, a sentence each.
    pub figures: Vec<String>,
    /// The boards the figures name.
    pub links: Vec<BoardLink>,
    /// The heat map (empty before a result).
    pub heat: HeatView,
    /// The same counts as a table: distance, h, boards.
    pub rows: Vec<[String; 3]>,
}

/// The heat table's headings.
pub const HEAT_HEADINGS: [&str; 3] = ["Distance", "h", "Boards"];

#[derive(Clone, Debug, PartialEq, Default)]
enum Run {
    #[default]
    Idle,
    Refused(String),
    Running {
        expr: String,
        goal: Board,
        metric: Metric,
        progress: Option<CheckProgress>,
        started: f64,
    },
    Cancelled(Option<CheckProgress>),
    Failed(String),
    Done {
        goal: Board,
        answer: CheckAnswer,
        ms: f64,
    },
}

/// The workshop's state.
pub struct WorkshopPanel {
    text: String,
    /// The text read against `goal` (or alone without one).
    error: Option<ExprError>,
    /// The goal the text was last read against.
    goal: Option<Board>,
    /// The metric of the last result (an edit of the metric drops it).
    metric: Metric,
    run: Run,
    local: Option<CheckWorker>,
    note: String,
}

impl Default for WorkshopPanel {
    fn default() -> Self {
        WorkshopPanel {
            text: WORKSHOP_DEFAULT.into(),
            error: None,
            goal: None,
            metric: Metric::Single,
            run: Run::Idle,
            local: None,
            note: String::new(),
        }
    }
}

/// The error of `text` for `goal` (tile numbers checked against its
/// shape), or of the text alone without a goal or past 25 cells.
fn read(text: &str, goal: Option<&Board>) -> Option<ExprError> {
    match goal {
        // The language's tables stop at 25 cells, like the check (which
        // refuses such a goal itself): past them the text alone is read.
        Some(g) if g.shape().optimal_searchable() => Program::compile(text, g).err(),
        _ => parse(text).err(),
    }
}

/// What the check covers for a goal of `shape` in `metric`, or why it
/// cannot run.
fn coverage(shape: Shape, metric: Metric) -> Result<String, String> {
    let n = thousands(boards_of(shape));
    let exact = match metric {
        Metric::Single => "exact distance".to_string(),
        m => format!("exact {} distance", m.long_name()),
    };
    if shape.cells() <= CHECK_MAX_CELLS {
        Ok(format!(
            "every one of the {n} boards that can reach it, each against its {exact}, and every move between them"
        ))
    } else if shape.cells() <= SPACE_MAX_CELLS {
        Ok(format!(
            "a uniform sample of {} of its {n} boards (seed {SAMPLE_SEED:#X}), each against its {exact}, and every move from or to a sampled board",
            thousands(SAMPLE_BOARDS as u64)
        ))
    } else {
        Err(format!(
            "The check covers boards of at most {SPACE_MAX_CELLS} cells; the goal is {} ({} cells).",
            shape.name(),
            shape.cells()
        ))
    }
}

/// h/d in millionths as a decimal with four places.
fn ratio_text(millionths: u64) -> String {
    let t = (millionths + 50) / 100;
    format!("{}.{:04}", t / 10_000, t % 10_000)
}

/// `part` of `whole` as a percentage with one decimal.
fn share_text(part: u64, whole: u64) -> String {
    let tenths =
        (u128::from(part) * 1000 + u128::from(whole.max(1)) / 2) / u128::from(whole.max(1));
    format!("{}.{}%", tenths / 10, tenths % 10)
}

/// The heat map of the counts (distance, h, count): one row per h, or per
/// group of h values when they span more than [`HEAT_ROWS`].
pub fn heat_view(counts: &[HCount]) -> HeatView {
    let Some(diameter) = counts.iter().map(|c| c.distance).max() else {
        return HeatView::default();
    };
    let lo = counts.iter().map(|c| c.h).min().unwrap_or(0);
    let hi = counts.iter().map(|c| c.h).max().unwrap_or(0);
    let span = (i128::from(hi) - i128::from(lo) + 1) as u128;
    let rows = HEAT_ROWS as u128;
    let width = span.div_ceil(rows).max(1);
    let n = span.div_ceil(width) as usize;
    let columns = diameter as usize + 1;
    let mut grid = vec![vec![0u64; columns]; n];
    for c in counts {
        let r = ((i128::from(c.h) - i128::from(lo)) as u128 / width) as usize;
        grid[r][c.distance as usize] += c.count;
    }
    let max = grid.iter().flatten().copied().max().unwrap_or(0);
    let shade = |c: u64| -> u8 {
        if c == 0 {
            0
        } else if max <= 1 {
            5
        } else {
            let f = (c as f64).ln() / (max as f64).ln();
            1 + (f * 4.0).round() as u8
        }
    };
    let rows = grid
        .iter()
        .enumerate()
        .rev()
        .map(|(r, counts)| {
            let first = i128::from(lo) + r as i128 * width as i128;
            let last = (first + width as i128 - 1).min(i128::from(hi));
            HeatRow {
                label: if first == last {
                    first.to_string()
                } else {
                    format!("{first}–{last}")
                },
                cells: counts.iter().map(|&c| (c, shade(c))).collect(),
                over: (0..columns).map(|d| first > d as i128).collect(),
            }
        })
        .collect();
    HeatView {
        rows,
        max,
        label: format!(
            "Heat map of h against the true distance: distance 0 to {diameter} across, h {lo} to {hi} up, darker for more boards (at most {} in a cell); cells above the diagonal h = d are overestimates. The table below lists the same counts.",
            thousands(max)
        ),
        caption: "h by distance; red edge: h > d".into(),
        picture: None,
    }
}

impl WorkshopPanel {
    /// The goal the text was last read against.
    pub fn goal(&self) -> Option<Board> {
        self.goal
    }

    /// The expression's text and its error read against the goal field's
    /// board (as the page shows it).
    pub fn expr(&self) -> (String, Option<String>) {
        (
            self.text.clone(),
            self.error.as_ref().map(|e| format!("{e}")),
        )
    }

    /// The text and its error read alone (an exercise names its own goal;
    /// the engine compiles it against that goal).
    pub fn expr_alone(&self) -> (String, Option<String>) {
        (
            self.text.clone(),
            read(&self.text, None).map(|e| format!("{e}")),
        )
    }

    /// The expression's new text, read at once against `goal` (the goal
    /// field's board when valid); the last result is dropped.
    pub fn set_expr(&mut self, text: &str, goal: Option<&Board>) {
        self.text = text.to_string();
        self.goal = goal.copied();
        self.error = read(text, goal);
        self.drop_result();
    }

    /// An edit of the inputs: when the goal changed, the text is read
    /// again against the new one and the result dropped (it was the old
    /// goal's); when the metric changed the result is dropped too; an edit
    /// that leaves both (the start opened from a figure's link) keeps it.
    pub fn on_goal(&mut self, goal: Option<&Board>, metric: Metric) {
        if metric != self.metric {
            self.metric = metric;
            self.drop_result();
        }
        if goal.copied() == self.goal {
            return;
        }
        self.goal = goal.copied();
        self.error = read(&self.text, goal);
        self.drop_result();
    }

    fn drop_result(&mut self) {
        self.local = None;
        self.note.clear();
        self.run = Run::Idle;
    }

    /// Begins the check of the text against `goal`'s distances in
    /// `metric` (or says why not); `now` is the page's clock (ms).
    pub fn start(&mut self, goal: Result<Board, String>, metric: Metric, now: f64) {
        self.local = None;
        self.note.clear();
        self.metric = metric;
        if let Ok(g) = &goal {
            if self.goal != Some(*g) {
                self.goal = Some(*g);
                self.error = read(&self.text, Some(g));
            }
        }
        self.run = match (goal, &self.error) {
            (Err(e), _) => Run::Refused(format!(
                "Nothing checked: the goal is invalid ({e}). Next: correct the Goal field."
            )),
            (Ok(_), Some(e)) => {
                Run::Refused(format!("Nothing checked: the expression has an error {e}."))
            }
            (Ok(goal), None) => match coverage(goal.shape(), metric) {
                Err(why) => Run::Refused(why),
                Ok(_) => Run::Running {
                    expr: self.text.clone(),
                    goal,
                    metric,
                    progress: None,
                    started: now,
                },
            },
        };
        if self.running() {
            self.note = RUNNING_NOTE.into();
        }
    }

    /// The check's one task (empty when none runs).
    pub fn tasks(&self) -> Vec<Task> {
        match &self.run {
            Run::Running {
                expr, goal, metric, ..
            } => vec![Task::Check {
                expr: expr.clone(),
                goal: *goal,
                metric: *metric,
            }],
            _ => Vec::new(),
        }
    }

    /// Whether the check runs.
    pub fn running(&self) -> bool {
        matches!(self.run, Run::Running { .. })
    }

    /// Says how the check runs.
    pub fn set_note(&mut self, note: &str) {
        self.note = note.to_string();
    }

    /// Stops the check: cancelled, or failed with `error`.
    pub fn stop(&mut self, error: Option<&str>) {
        if let Run::Running { progress, .. } = self.run {
            self.local = None;
            self.note.clear();
            self.run = match error {
                Some(e) => Run::Failed(e.to_string()),
                None => Run::Cancelled(progress),
            };
        }
    }

    /// Takes a streaming reply; returns whether the check still runs (a
    /// reply nobody waits for is ignored: false).
    pub fn absorb(&mut self, reply: &Reply, now: f64) -> bool {
        let Run::Running { goal, started, .. } = self.run else {
            return false;
        };
        match reply {
            Reply::Progress(Step::Check(p)) => {
                if let Run::Running { progress, .. } = &mut self.run {
                    *progress = Some(*p);
                }
            }
            Reply::Progress(other) => self.stop(Some(&unexpected(other))),
            Reply::Done(Answer::Check(answer)) => {
                self.local = None;
                if self.note == RUNNING_NOTE {
                    self.note.clear();
                }
                self.run = Run::Done {
                    goal,
                    answer: answer.clone(),
                    ms: now - started,
                };
            }
            Reply::Done(other) => self.stop(Some(&unexpected(other))),
            Reply::Error(e) => self.stop(Some(e)),
        }
        self.running()
    }

    /// Without workers: the check for a slice on the page's thread (the
    /// same [`CheckWorker`] a worker runs); true while more remains.
    pub fn slice(&mut self, clock: Clock<'_>) -> bool {
        let Run::Running {
            expr, goal, metric, ..
        } = &self.run
        else {
            return false;
        };
        let local = self.local.get_or_insert_with(CheckWorker::default);
        if !local.busy() {
            local.begin(expr.clone(), *goal, *metric);
        }
        let reply = local.step(clock);
        let now = clock();
        match reply {
            Some(r) => self.absorb(&Reply::from(r), now),
            None => false,
        }
    }

    /// What the workshop shows; `goal` is the goal field's board or its
    /// error, `metric` the chosen metric.
    pub fn view(&self, goal: Result<&Board, &str>, metric: Metric) -> WorkshopView {
        let mut v = WorkshopView {
            expr: self.text.clone(),
            error: self.error.as_ref().map(|e| format!("{e}.")),
            marker: self
                .error
                .as_ref()
                .map(|e| format!("{}\n{}^", self.text, " ".repeat(e.at))),
            target: match goal {
                Err(e) => format!("The goal field is invalid ({e}); correct it to check h."),
                Ok(g) => match coverage(g.shape(), metric) {
                    Ok(what) => format!(
                        "h is checked against the goal {} ({}): {what}.",
                        g.to_json(),
                        g.shape().name()
                    ),
                    Err(why) => why,
                },
            },
            note: self.note.clone(),
            ..WorkshopView::default()
        };
        match &self.run {
            Run::Idle => v.status = "Not checked yet: press Check h.".into(),
            Run::Refused(why) => {
                v.status = why.clone();
                v.failed = true;
            }
            Run::Running { goal, progress, .. } => {
                v.running = true;
                match progress {
                    None => {
                        v.progress = (0, boards_of(goal.shape()));
                        v.status = "Starting: compiling h and allocating the tables…".into();
                    }
                    Some(p) => {
                        v.progress = (p.checked, p.total);
                        v.status = format!(
                            "Running: {} of {} boards checked.",
                            thousands(p.checked),
                            thousands(p.total)
                        );
                    }
                }
            }
            Run::Cancelled(p) => {
                v.progress = p.map_or((0, 0), |p| (p.checked, p.total));
                v.status = match p {
                    Some(p) => format!(
                        "Cancelled after {} of {} boards; nothing is claimed. Press Check h to start again.",
                        thousands(p.checked),
                        thousands(p.total)
                    ),
                    None => "Cancelled before the check began; nothing is claimed. Press Check h to start again.".into(),
                };
            }
            Run::Failed(e) => {
                v.failed = true;
                v.status = format!("The check stopped: {e}. Nothing is claimed.");
            }
            Run::Done { goal, answer, ms } => {
                let tenths = (ms / 100.0).round().max(0.0) as u64;
                let time = format!("{}.{} s", tenths / 10, tenths % 10);
                match answer {
                    CheckAnswer::Failed(f) => {
                        v.failed = true;
                        v.status = format!(
                            "h has no value {f}. The check stops at the first such board (breadth-first from the goal); nothing else is claimed."
                        );
                        v.links.push(board_link(
                            "Open this board in Solve".into(),
                            &f.board,
                            goal,
                        ));
                    }
                    CheckAnswer::Figures(f) => {
                        v.progress = (f.boards, f.boards);
                        v.status = format!(
                            "Done: {} boards in {time} (this page).",
                            thousands(f.boards)
                        );
                        self.figures(&mut v, f, goal);
                    }
                }
            }
        }
        v
    }

    fn figures(&self, v: &mut WorkshopView, f: &CheckResult, goal: &Board) {
        let n = thousands(f.boards);
        if f.metric != Metric::Single {
            // The distances h was held to, in the command line's words.
            v.figures.push(format!(
                "Distances {}: a slide of any number of tiles of the blank's row or column is one move.",
                f.against()
            ));
        }
        if let Some(all) = f.sample.map(|s| s.class_boards) {
            v.figures.push(format!(
                "On a sample: {n} boards drawn uniformly from the {} that can reach the goal; every figure below is the sample's.",
                thousands(all)
            ));
        }
        v.figures.push(match &f.worst_overestimate {
            None => format!("Admissible: yes. h ≤ the true distance on all {n} boards."),
            Some(w) => format!(
                "Admissible: no. h overestimates the true distance on {} of {n} boards; the worst: h = {} where the distance is {} (by {}), on {}.",
                thousands(f.overestimates),
                w.h,
                w.distance,
                i128::from(w.h) - i128::from(w.distance),
                w.board.to_json()
            ),
        });
        if let Some(w) = &f.worst_overestimate {
            v.links.push(board_link(
                format!("Open the worst overestimate {} in Solve", w.board.to_json()),
                &w.board,
                goal,
            ));
        }
        v.figures.push(match &f.worst_inconsistency {
            None => "Consistent: yes. h(a) ≤ 1 + h(b) on every move a→b.".into(),
            Some(m) => format!(
                "Consistent: no. h(a) > 1 + h(b) on {} moves a→b (each direction counted); the worst: a = {} with h = {}, b = {} with h = {}.",
                thousands(f.inconsistent_moves),
                m.from.to_json(),
                m.h_from,
                m.to.to_json(),
                m.h_to
            ),
        });
        if let Some(m) = &f.worst_inconsistency {
            for (which, b) in [("a", &m.from), ("b", &m.to)] {
                v.links.push(board_link(
                    format!("Open board {which} {} in Solve", b.to_json()),
                    b,
                    goal,
                ));
            }
        }
        v.figures.push(format!(
            "Mean h/d: {} (over the boards with distance > 0).",
            ratio_text((f.mean_ratio * 1e6).round().max(0.0) as u64)
        ));
        v.figures.push(format!(
            "h = d exactly on {} of {n} boards ({}).",
            thousands(f.exact),
            share_text(f.exact, f.boards)
        ));
        v.heat = heat_view(&f.h_vs_distance);
        v.heat.picture = Some(Picture::heat(&self.text, goal.shape()));
        v.rows = f
            .h_vs_distance
            .iter()
            .map(|c| [c.distance.to_string(), c.h.to_string(), thousands(c.count)])
            .collect();
    }
}
