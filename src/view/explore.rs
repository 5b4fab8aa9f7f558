//! Explore state space, for every shape up to 12 cells: a breadth-first
//! search from the goal over every board that can reach it, the distance
//! histogram (with its table and a log-scale toggle), the diameter, the
//! mean distance and the hardest boards.
//!
//! - Distances count moves in the Metric control's metric; the summary
//!   says which.
//! - 3×3 in the single-tile metric runs as it always did: one [`Task::Explore`] (the whole
//!   [`DistanceTable`], tens of milliseconds) or, without workers, the
//!   page's own table.
//! - Every other shape up to [`SPACE_MAX_CELLS`] cells, and 3×3 in the
//!   multi-tile metric, streams: a
//!   [`Task::Space`] runs the engine's
//!   [`SpaceSearch`](crate::engine::space::SpaceSearch) in the worker's
//!   [`Session`](crate::task::Session) in bounded slices ([`SpaceWorker`],
//!   `task/space.rs`), each answered with its progress (boards reached of
//!   the total, the depth) until the result; Cancel ends it between slices
//!   (the page terminates the worker). Without workers the same
//!   [`SpaceWorker`] runs in slices on the page's thread.
//! - The memory the search needs is stated before it runs
//!   ([`space_bytes`]); a refused allocation is the engine's
//!   [`SpaceError::OutOfMemory`], answered as the job's error.
//!
//! All of the exploration's sentences are here, but for the check of a
//! worker's result (`task/space.rs`).

use super::common::{Clock, GoalTable};
use crate::engine::text::thousands;
use crate::engine::{
    contract::{unrank, STATES},
    moves::Metric,
    request::Field,
    space::{space_bytes, Progress, SpaceError, SpaceResult, SPACE_MAX_CELLS},
    teaching::DistanceTable,
    Board, Shape,
};
use crate::task::space::SpaceWorker;
use crate::task::{unexpected, Answer, Reply, Step, Task};

/// The histogram table's column headings.
pub const HISTOGRAM_HEADINGS: [&str; 2] = ["Moves", "Boards"];

pub use crate::task::space::{boards_of, HARDEST_SHOWN};

/// The whole space of a goal, as the tab shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpaceView {
    /// "181,440 boards can reach the goal …; the farthest are 31 moves away
    /// (the diameter). The mean distance is …"
    pub summary: String,
    /// Boards at each distance, 0..=diameter.
    pub histogram: Vec<u64>,
    /// The diameter.
    pub diameter: u32,
    /// The mean distance, to two decimals.
    pub mean: String,
    /// The goal's shape.
    pub shape: Shape,
    /// The metric the distances are counted in.
    pub metric: Metric,
    /// The boards at the diameter (JSON), at most [`HARDEST_SHOWN`],
    /// ascending by key (on 3×3, the rank order).
    pub hardest: Vec<String>,
    /// How many boards are at the diameter.
    pub hardest_count: u64,
    /// What the hardest boards' list shows.
    pub hardest_note: String,
}

/// `n / d` to two decimals, rounded half up, by integer arithmetic.
fn hundredths(n: u64, d: u64) -> String {
    let h = (u128::from(n) * 100 + u128::from(d) / 2)
        .checked_div(u128::from(d))
        .unwrap_or(0);
    format!("{}.{:02}", h / 100, h % 100)
}

/// Bytes in decimal units to three significant figures, by integer
/// arithmetic: "104 bytes", "454 kB", "59.9 MB".
pub fn bytes_text(bytes: u64) -> String {
    if bytes < 1000 {
        return format!("{bytes} bytes");
    }
    let units = ["kB", "MB", "GB", "TB", "PB", "EB"];
    let b = u128::from(bytes);
    // The unit and the number of decimals (2, 1, 0) with the rounded
    // hundredths, tenths or units; a rounding that gains a digit moves on.
    let mut unit = 0;
    let mut scale: u128 = 1000;
    loop {
        for decimals in [2u32, 1, 0] {
            let ten = 10u128.pow(decimals);
            let v = (b * ten + scale / 2) / scale;
            if v < 1000 {
                let whole = v / ten;
                return match decimals {
                    0 => format!("{whole} {}", units[unit]),
                    d => format!(
                        "{whole}.{:0width$} {}",
                        v % ten,
                        units[unit],
                        width = d as usize
                    ),
                };
            }
        }
        if unit + 1 == units.len() {
            return format!("{} {}", b / scale, units[unit]);
        }
        unit += 1;
        scale *= 1000;
    }
}

fn hardest_note(count: u64, shown: usize, diameter: u32) -> String {
    let moves = if diameter == 1 { "move" } else { "moves" };
    match count {
        0 => String::new(),
        1 => format!("1 board is {diameter} {moves} from the goal. Press it to load it as the start."),
        n if n > shown as u64 => format!(
            "{} boards are {diameter} {moves} from the goal; the first {shown} are listed. Press one to load it as the start.",
            thousands(n)
        ),
        n => format!(
            "{} boards are {diameter} {moves} from the goal. Press one to load it as the start.",
            thousands(n)
        ),
    }
}

/// Which moves a space's distances count, as a sentence.
pub fn metric_sentence(metric: Metric) -> &'static str {
    match metric {
        Metric::Single => "Distances count single-tile moves (one tile a move).",
        Metric::Multi => "Distances count multi-tile moves (sliding one or more tiles of the blank's row or column is one move).",
    }
}

/// The view from the goal in `metric`, the count at each distance, how
/// many boards are at the diameter and the first of them.
pub fn space_view_of(
    goal: &Board,
    metric: Metric,
    histogram: Vec<u64>,
    count: u64,
    hardest: &[Board],
) -> SpaceView {
    // Saturating: a malformed worker answer must not overflow (no panic
    // crosses the wasm boundary).
    let reachable = histogram.iter().fold(0u64, |a, &n| a.saturating_add(n));
    let diameter = histogram.len().saturating_sub(1) as u32;
    let total = histogram.iter().enumerate().fold(0u64, |a, (d, &n)| {
        a.saturating_add((d as u64).saturating_mul(n))
    });
    let mean = hundredths(total, reachable);
    let others = boards_of(goal.shape())
        .saturating_mul(2)
        .saturating_sub(reachable);
    let hardest: Vec<String> = hardest
        .iter()
        .take(HARDEST_SHOWN)
        .map(Board::to_json)
        .collect();
    SpaceView {
        summary: format!(
            "{} boards can reach the goal {goal}; the farthest are {diameter} moves away (the diameter). The mean distance is {mean} moves. The other {} arrangements of the tiles cannot reach it: they differ in the parity invariant. {}",
            thousands(reachable),
            thousands(others),
            metric_sentence(metric)
        ),
        hardest_note: hardest_note(count, hardest.len(), diameter),
        histogram,
        diameter,
        mean,
        shape: goal.shape(),
        metric,
        hardest_count: count,
        hardest,
    }
}

/// Describes the whole 3×3 space from a distance table.
pub fn space_view(table: &DistanceTable) -> SpaceView {
    let hardest = table.hardest_ranks();
    let histogram = table.histogram().iter().map(|&n| u64::from(n)).collect();
    view_of_ranks(table.goal(), histogram, &hardest)
}

/// The 3×3 view from the histogram and the ranks of the hardest boards
/// (in rank order, which is key order).
fn view_of_ranks(goal: &Board, histogram: Vec<u64>, hardest: &[u32]) -> SpaceView {
    let boards: Vec<Board> = hardest
        .iter()
        .take(HARDEST_SHOWN)
        .filter_map(|&r| unrank(r))
        .collect();
    space_view_of(
        goal,
        Metric::Single,
        histogram,
        hardest.len() as u64,
        &boards,
    )
}

/// The view of the engine's result in `metric`.
pub fn result_view(result: &SpaceResult, metric: Metric) -> SpaceView {
    space_view_of(
        &result.goal,
        metric,
        result.counts.clone(),
        result.antipode_count,
        &result.antipodes,
    )
}

/// The view of a 3×3 explore task's answer for `goal`.
pub fn explore_answer(goal: &Board, answer: &Answer) -> Result<SpaceView, String> {
    match answer {
        Answer::Explored { histogram, hardest } => Ok(view_of_ranks(
            goal,
            histogram.iter().copied().map(u64::from).collect(),
            hardest,
        )),
        other => Err(unexpected(other)),
    }
}

// ----- The page's side -----

/// Where the exploration stands.
#[derive(Clone, Debug, PartialEq, Default)]
enum Run {
    /// Not started for these inputs.
    #[default]
    Idle,
    /// Did not start: why.
    Refused(String),
    /// The 3×3 task is out.
    Whole(Board),
    /// The streaming search of this goal in this metric; its latest
    /// progress, and when it started (ms, the page's clock).
    Streaming {
        goal: Board,
        metric: Metric,
        progress: Option<Progress>,
        started: f64,
    },
    /// Cancelled, with what it had reached.
    Cancelled(Option<Progress>),
    /// The worker failed, or the memory was refused.
    Failed(String),
    /// Done; the search took this long (ms) when it streamed.
    Done(Option<f64>),
}

/// What the exploration shows around its button.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ExploreView {
    /// The memory the search needs, stated before it runs (empty when the
    /// inputs are invalid).
    pub memory: String,
    /// What it is doing, or why it did not start.
    pub status: String,
    /// Whether the status is an error (a field, the memory, the worker).
    pub error: bool,
    /// Boards reached and in all.
    pub progress: (u64, u64),
    /// Whether Cancel has something to stop.
    pub running: bool,
}

/// The exploration: its run, its result, the page-thread search when
/// there are no workers, and the chart's scale.
#[derive(Default)]
pub struct Explorer {
    run: Run,
    /// The metric of the run or result.
    metric: Metric,
    space: Option<SpaceView>,
    note: String,
    local: Option<SpaceWorker>,
    log: bool,
}

/// The sentence for a search that needs `bytes` on `shape`, `how` saying
/// what they hold.
fn memory_sentence(shape: Shape, bytes: u64, how: &str) -> String {
    let exact = if bytes < 1000 {
        String::new()
    } else {
        format!("{} bytes: ", thousands(bytes))
    };
    format!(
        "{}: {} boards; the search needs {} ({exact}{how}).",
        shape.name(),
        thousands(boards_of(shape)),
        bytes_text(bytes),
    )
}

/// The memory Explore needs for a goal of `shape` in `metric`, stated
/// before it runs; for a shape over 12 cells, why it cannot run (the
/// engine's message).
pub fn memory_note(shape: Shape, metric: Metric) -> String {
    if shape == Shape::THREE && metric == Metric::Single {
        // The page's own distance table: a byte for each of the 9! boards.
        return memory_sentence(
            shape,
            STATES as u64,
            "a distance byte for each of the 9! arrangements",
        );
    }
    match space_bytes(shape) {
        Ok(bytes) => memory_sentence(shape, bytes, "two bits a board"),
        Err(e) => too_large(&e),
    }
}

/// The engine's reason a shape is too large, as a sentence.
fn too_large(e: &SpaceError) -> String {
    let text = e.to_string();
    let mut chars = text.chars();
    let first: String = chars
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    format!(
        "Explore covers boards of at most {SPACE_MAX_CELLS} cells. {first}{}.",
        chars.as_str()
    )
}

/// Why the State space tab does not apply to a board of `shape`: `None` up
/// to 12 cells (Explore works; the sweep and the depth table say so
/// themselves), the engine's reason beyond.
pub fn space_tab_note(shape: Shape) -> Option<String> {
    space_bytes(shape).err().map(|e| {
        format!(
            "{} The heuristic sweep and the depth table are 3×3 tools.",
            too_large(&e)
        )
    })
}

/// Why the heuristic sweep and the depth table do not apply to a board of
/// `shape` (`None` on 3×3).
pub fn tools_note(shape: Shape) -> Option<String> {
    (shape != Shape::THREE).then(|| {
        format!(
            "A 3×3 tool: it runs its searches from every one of the 181,440 starts of the 8-puzzle. The start is {} {} board; type or choose a 3×3 board to use it. Explore state space, above, works on every board of up to {SPACE_MAX_CELLS} cells.",
            shape.article(),
            shape.name()
        )
    })
}

impl Explorer {
    /// A new metric makes the result stale.
    pub fn on_metric(&mut self, metric: Metric) {
        if metric != self.metric {
            self.on_edit(Field::Goal);
            self.metric = metric;
        }
    }

    /// A goal edit makes the result stale; any edit clears a refusal.
    pub fn on_edit(&mut self, field: Field) {
        if field == Field::Goal {
            let log = self.log;
            *self = Explorer {
                log,
                metric: self.metric,
                ..Explorer::default()
            };
        } else if matches!(self.run, Run::Refused(_)) {
            self.run = Run::Idle;
        }
    }

    /// Begins an exploration of `goal` in `metric`, or says which field is
    /// wrong (and starts nothing); `now` is the page's clock (ms).
    pub fn start(&mut self, request: Result<Board, (Field, String)>, metric: Metric, now: f64) {
        self.metric = metric;
        self.space = None;
        self.local = None;
        self.note.clear();
        self.run = match request {
            Err((field, e)) => Run::Refused(format!(
                "Nothing explored: the {} is invalid ({e}). Next: correct the {} field, then press Explore state space.",
                field.label(),
                match field {
                    Field::Start => "Start",
                    Field::Goal => "Goal",
                    Field::Budget => "Budget",
                }
            )),
            Ok(goal) => match space_bytes(goal.shape()) {
                _ if goal.shape() == Shape::THREE && metric == Metric::Single => Run::Whole(goal),
                Err(e) => Run::Refused(too_large(&e)),
                Ok(_) => Run::Streaming {
                    goal,
                    metric,
                    progress: None,
                    started: now,
                },
            },
        };
        if self.running() {
            self.note = "Exploring in a Web Worker…".into();
        }
    }

    /// Whether the exploration streams (every shape but 3×3, and 3×3 in
    /// the multi-tile metric).
    pub fn streams(&self) -> bool {
        matches!(self.run, Run::Streaming { .. })
    }

    /// The exploration's one task (empty when none runs).
    pub fn tasks(&self) -> Vec<Task> {
        match &self.run {
            Run::Whole(g) => vec![Task::Explore {
                goal: *g,
                metric: Default::default(),
            }],
            Run::Streaming { goal, metric, .. } => vec![Task::Space {
                goal: *goal,
                metric: *metric,
            }],
            _ => Vec::new(),
        }
    }

    /// Cancel: the run stops at once (the page terminates the worker).
    pub fn cancel(&mut self) {
        self.local = None;
        if self.running() {
            self.note.clear();
        }
        self.run = match &self.run {
            Run::Streaming { progress, .. } => Run::Cancelled(*progress),
            Run::Whole(_) => Run::Idle,
            other => other.clone(),
        };
    }

    /// A worker failed: the run stops with `why`.
    pub fn fail(&mut self, why: &str) {
        if self.running() {
            self.local = None;
            self.note.clear();
            self.run = Run::Failed(why.to_string());
        }
    }

    /// Takes the 3×3 worker's answer; false: nothing more is awaited.
    pub fn absorb_whole(&mut self, answer: &Answer) -> Result<bool, String> {
        if let Run::Whole(goal) = self.run {
            self.space = Some(explore_answer(&goal, answer)?);
            self.run = Run::Done(None);
            self.note.clear();
        }
        Ok(false)
    }

    /// Takes a streaming reply; returns whether the search still runs (a
    /// reply nobody waits for is ignored: false).
    pub fn absorb(&mut self, reply: &Reply, now: f64) -> bool {
        let Run::Streaming {
            goal,
            metric,
            started,
            ..
        } = self.run
        else {
            return false;
        };
        match reply {
            Reply::Progress(Step::Space(p)) => {
                self.run = Run::Streaming {
                    goal,
                    metric,
                    progress: Some(*p),
                    started,
                };
            }
            Reply::Progress(other) => self.fail(&unexpected(other)),
            Reply::Done(Answer::Space(answer)) => match answer.result(&goal) {
                Ok(r) => {
                    self.space = Some(result_view(&r, metric));
                    self.run = Run::Done(Some(now - started));
                    self.note.clear();
                    self.local = None;
                }
                Err(e) => self.fail(&e),
            },
            Reply::Done(other) => self.fail(&unexpected(other)),
            Reply::Error(e) => self.fail(e),
        }
        self.running()
    }

    /// Without workers: the search for a slice on the page's thread (the
    /// same [`SpaceWorker`] a worker runs), or the whole 3×3 table at once.
    /// True while more remains.
    pub fn slice(&mut self, goal_table: &mut GoalTable, clock: Clock<'_>) -> bool {
        match self.run {
            Run::Whole(goal) => {
                self.space = Some(space_view(goal_table.for_goal(&goal)));
                self.run = Run::Done(None);
                false
            }
            Run::Streaming { goal, metric, .. } => {
                let local = self.local.get_or_insert_with(SpaceWorker::default);
                if !local.busy() {
                    local.begin(goal, metric);
                }
                let reply = local.step(clock);
                let now = clock();
                match reply {
                    Some(r) => self.absorb(&Reply::from(r), now),
                    None => false,
                }
            }
            _ => false,
        }
    }

    /// The page's own 3×3 exploration, at once (the goal's shared table,
    /// single-tile).
    pub fn explore_here(&mut self, goal: Option<Board>, goal_table: &mut GoalTable) {
        self.local = None;
        self.metric = Metric::Single;
        self.space = goal
            .filter(|g| g.shape() == Shape::THREE)
            .map(|g| space_view(goal_table.for_goal(&g)));
        self.run = match self.space {
            Some(_) => Run::Done(None),
            None => Run::Idle,
        };
    }

    /// Says how the exploration runs.
    pub fn set_note(&mut self, note: &str) {
        self.note = note.to_string();
    }

    /// Whether it runs.
    pub fn running(&self) -> bool {
        matches!(self.run, Run::Whole(_) | Run::Streaming { .. })
    }

    /// Linear or log scale for the chart.
    pub fn set_log(&mut self, log: bool) {
        self.log = log;
    }

    /// The result, if explored.
    pub fn space(&self) -> Option<&SpaceView> {
        self.space.as_ref()
    }

    /// How it runs.
    pub fn note(&self) -> &str {
        &self.note
    }

    /// Whether the chart is on a log scale.
    pub fn log(&self) -> bool {
        self.log
    }

    /// What the exploration shows; `goal` is the goal field's board, when
    /// valid, for the memory stated up front.
    pub fn view(&self, goal: Option<&Board>) -> ExploreView {
        let memory = goal.map_or(String::new(), |g| memory_note(g.shape(), self.metric));
        let mut v = ExploreView {
            memory,
            ..ExploreView::default()
        };
        match &self.run {
            Run::Idle | Run::Whole(_) => {}
            Run::Refused(why) => {
                v.status = why.clone();
                v.error = true;
            }
            Run::Streaming {
                goal,
                progress: None,
                ..
            } => {
                v.running = true;
                v.progress = (0, boards_of(goal.shape()));
                v.status = format!(
                    "Starting: allocating the search's table ({})…",
                    space_bytes(goal.shape()).map_or(String::new(), bytes_text)
                );
            }
            Run::Streaming {
                progress: Some(p), ..
            } => {
                v.running = true;
                v.progress = (p.reached, p.total);
                v.status = format!(
                    "Running: {} of {} boards reached; expanding the boards {} {} from the goal.",
                    thousands(p.reached),
                    thousands(p.total),
                    p.depth,
                    if p.depth == 1 { "move" } else { "moves" }
                );
            }
            Run::Cancelled(p) => {
                v.status = match p {
                    Some(p) => format!(
                        "Cancelled after {} of {} boards (depth {}); nothing is claimed. Press Explore state space to start again.",
                        thousands(p.reached),
                        thousands(p.total),
                        p.depth
                    ),
                    None => "Cancelled before the search began; nothing is claimed. Press Explore state space to start again.".into(),
                };
                v.progress = p.map_or((0, 0), |p| (p.reached, p.total));
            }
            Run::Failed(e) => {
                v.error = true;
                v.status = format!("The exploration stopped: {e}. Nothing is claimed.");
            }
            Run::Done(ms) => {
                if let Some(s) = &self.space {
                    let n = s.histogram.iter().fold(0u64, |a, &c| a.saturating_add(c));
                    v.progress = (n, n);
                    v.status = match ms {
                        Some(ms) => {
                            let tenths = (ms / 100.0).round().max(0.0) as u64;
                            format!(
                                "Done: {} boards in {}.{} s (this page).",
                                thousands(n),
                                tenths / 10,
                                tenths % 10
                            )
                        }
                        None => format!("Done: {} boards.", thousands(n)),
                    };
                }
            }
        }
        v
    }
}
