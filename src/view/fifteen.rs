//! The 15-puzzle (4×4) in the page. The board size follows the start field:
//! when it holds sixteen values the workbench hands the Solution tab, the
//! verdict, the board and the replay to this panel, and the tabs that only
//! exist for 3×3 (the contract trace, the whole-space tabs) say why.
//!
//! A 4×4 solve runs in a Web Worker: the page posts a task as one line of
//! text ([`task_text`]), the worker keeps a [`FifteenWorker`] for the page
//! session (the 6-6-3 pattern database is built there on first use, in
//! bounded slices, and kept), and answers with one line per slice
//! ([`Report`]): build progress, search progress, and the end. Between
//! slices the worker returns to its event loop, so Cancel is cooperative and
//! the table survives it. Every witness is replayed by `verify16` on the
//! page before it is shown as Solved.

use super::solution::{
    fill_ledger, invalid_input, replay_caption, ControlsView, NavAction, ReplayLine, SolutionView,
};
use super::work::Reply;
use super::{plural, BoardView, PlayTabView, PlayView, Status, VerdictView};
use crate::engine::fifteen::{
    apply16, check_parity16, ledger16, manhattan16, parse_board_pair, parse_node_budget, target16,
    verify16, Board16, BoardPair, Heuristic16, Ida16, IdaStep, Parity16Proof, Partition, PatternDb,
    PdbBuilder, WIDTH16,
};
use crate::engine::{cell_text_of, parse_any_board, BoardSize, Move};
use std::sync::Arc;

/// The node budget a person sees first: enough for Korf's hardest
/// instances with the 6-6-3 database, so Solve needs no other change.
pub const NODE_BUDGET_DEFAULT: &str = "1000000000";
/// Nodes generated per worker slice (then the worker answers and reads its
/// messages, e.g. Cancel).
pub const SLICE_NODES: u64 = 1 << 20;
/// Placement expansions per build slice.
pub const BUILD_WORK: usize = 1 << 18;

const NONE: &str = "—";

/// The size the start field's text shows, if it can be told.
pub fn shown_size(text: &str) -> Option<BoardSize> {
    match parse_any_board(text) {
        Ok(b) => Some(b.size()),
        Err(e) => e.size,
    }
}

/// Whether the text is a board of sixteen values or four rows (valid or
/// not): then the page is the 15-puzzle's. Ten to fifteen values, or fewer
/// than nine, keep the 3×3 contract's errors.
pub fn is_sixteen(text: &str) -> bool {
    let Ok(serde_json::Value::Array(outer)) = serde_json::from_str(text) else {
        return false;
    };
    let rows = outer.iter().all(serde_json::Value::is_array);
    (rows && outer.len() == 4) || (!rows && outer.len() == 16)
}

/// The goal of Korf's 100 instances: the blank top-left.
const KORF_GOAL_TEXT: &str = "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]";

/// The default goal's text for a size, as the Goal field shows it.
pub fn default_goal_text(size: BoardSize) -> String {
    match size {
        BoardSize::Three => "[1,2,3,4,5,6,7,8,0]".into(),
        BoardSize::Four => Board16::DEFAULT_GOAL.to_json(),
    }
}

/// A sample the sample control loads: start, goal and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The control's value.
    pub key: &'static str,
    /// The option's label.
    pub label: &'static str,
    /// Start text.
    pub start: &'static str,
    /// Goal text.
    pub goal: &'static str,
}

/// The samples, 3×3 first.
pub const SAMPLES: [Sample; 3] = [
    Sample {
        key: "baseline",
        label: "3×3 baseline (2 moves)",
        start: "[1,2,3,4,5,6,0,7,8]",
        goal: "[1,2,3,4,5,6,7,8,0]",
    },
    Sample {
        key: "korf55",
        label: "4×4 Korf #55 (41 moves, goal blank top-left)",
        start: "[13,8,14,3,9,1,0,7,15,5,4,10,12,2,6,11]",
        goal: KORF_GOAL_TEXT,
    },
    Sample {
        key: "easy16",
        label: "4×4 two moves from the goal",
        start: "[1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15]",
        goal: "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0]",
    },
];

/// The sample with this key.
pub fn sample(key: &str) -> Option<&'static Sample> {
    SAMPLES.iter().find(|s| s.key == key)
}

/// The task line the page posts to the worker.
pub fn task_text(start: &Board16, goal: &Board16, budget: u64) -> String {
    format!("solve16 {} {} {budget}", start.to_json(), goal.to_json())
}

/// The hint task: the exact distance of each neighbour of `board`.
pub fn hint_text(board: &Board16, goal: &Board16) -> String {
    format!("hint16 {} {}", board.to_json(), goal.to_json())
}

fn letter(m: Move) -> char {
    match m {
        Move::Up => 'U',
        Move::Down => 'D',
        Move::Left => 'L',
        Move::Right => 'R',
    }
}

fn from_letter(c: char) -> Option<Move> {
    Some(match c {
        'U' => Move::Up,
        'D' => Move::Down,
        'L' => Move::Left,
        'R' => Move::Right,
        _ => return None,
    })
}

/// Search counters as the worker reports them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Counters {
    /// The current f bound: no solution is shorter than this.
    pub bound: u32,
    /// The last bound whose iteration finished.
    pub completed: Option<u32>,
    /// Children generated so far.
    pub generated: u64,
    /// Nodes expanded so far.
    pub expanded: u64,
    /// Iterations started.
    pub iterations: u32,
}

impl Counters {
    fn to_text(self) -> String {
        let completed = self.completed.map_or("-".into(), |c| c.to_string());
        format!(
            "{} {completed} {} {} {}",
            self.bound, self.generated, self.expanded, self.iterations
        )
    }

    fn from_words(w: &[&str]) -> Option<Counters> {
        let [bound, completed, generated, expanded, iterations] = w else {
            return None;
        };
        Some(Counters {
            bound: bound.parse().ok()?,
            completed: match *completed {
                "-" => None,
                c => Some(c.parse().ok()?),
            },
            generated: generated.parse().ok()?,
            expanded: expanded.parse().ok()?,
            iterations: iterations.parse().ok()?,
        })
    }
}

/// One line from the worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// The database build: tables done, tables, entries filled, entries.
    Build {
        /// Tables finished.
        done: usize,
        /// Tables in all.
        tables: usize,
        /// Entries filled so far.
        filled: usize,
        /// Entries in all.
        entries: usize,
    },
    /// The search is running.
    Search(Counters),
    /// A path was found (the page checks it before calling it Solved).
    Found(Counters, Vec<Move>),
    /// The node budget ran out.
    Cutoff(Counters),
    /// The exact distance after each move (Up, Down, Left, Right), `None`
    /// where the move would leave the board.
    Hint([Option<u32>; 4]),
    /// What went wrong in the worker.
    Failed(String),
}

impl Report {
    /// The line the worker posts.
    pub fn to_text(&self) -> String {
        match self {
            Report::Build {
                done,
                tables,
                filled,
                entries,
            } => format!("build {done} {tables} {filled} {entries}"),
            Report::Search(c) => format!("search {}", c.to_text()),
            Report::Found(c, moves) => {
                let path: String = moves.iter().map(|&m| letter(m)).collect();
                format!(
                    "found {} {}",
                    c.to_text(),
                    if path.is_empty() { "-" } else { &path }
                )
            }
            Report::Cutoff(c) => format!("cutoff {}", c.to_text()),
            Report::Hint(d) => {
                let words: Vec<String> = d
                    .iter()
                    .map(|x| x.map_or("-".into(), |v| v.to_string()))
                    .collect();
                format!("hint {}", words.join(" "))
            }
            Report::Failed(e) => format!("error {e}"),
        }
    }

    /// Reads a worker's line; `None` when it is malformed.
    pub fn from_text(text: &str) -> Option<Report> {
        let (kind, rest) = text.split_once(' ').unwrap_or((text, ""));
        let words: Vec<&str> = rest.split(' ').collect();
        match kind {
            "build" => {
                let n: Vec<usize> = words
                    .iter()
                    .map(|w| w.parse().ok())
                    .collect::<Option<_>>()?;
                let [done, tables, filled, entries] = n[..] else {
                    return None;
                };
                Some(Report::Build {
                    done,
                    tables,
                    filled,
                    entries,
                })
            }
            "search" => Counters::from_words(&words).map(Report::Search),
            "cutoff" => Counters::from_words(&words).map(Report::Cutoff),
            "found" => {
                let (path, counters) = words.split_last()?;
                let moves = match *path {
                    "-" => Vec::new(),
                    p => p.chars().map(from_letter).collect::<Option<_>>()?,
                };
                Some(Report::Found(Counters::from_words(counters)?, moves))
            }
            "hint" => {
                let d: Vec<Option<u32>> = words
                    .iter()
                    .map(|w| match *w {
                        "-" => Some(None),
                        v => v.parse().ok().map(Some),
                    })
                    .collect::<Option<_>>()?;
                Some(Report::Hint(d.try_into().ok()?))
            }
            "error" => Some(Report::Failed(rest.to_string())),
            _ => None,
        }
    }
}

struct WorkerJob {
    start: Board16,
    goal: Board16,
    budget: u64,
    search: Option<Ida16>,
    /// A hint job: the distances found so far, one per move (Up, Down,
    /// Left, Right); `start` is the neighbour being searched.
    hint: Option<(Board16, usize, [Option<u32>; 4])>,
}

/// The neighbour after move `k` of [`Move::ALL`], from `k` on: the first
/// legal one and its index.
fn next_neighbour(board: &Board16, from: usize) -> Option<(usize, Board16)> {
    (from..4).find_map(|k| {
        target16(Move::ALL[k], board.blank())?;
        apply16(Move::ALL[k], board).map(|b| (k, b))
    })
}

/// The worker's side, kept for the page session: the pattern database (and
/// a build in progress) survive a cancelled or finished job.
#[derive(Default)]
pub struct FifteenWorker {
    db: Option<Arc<PatternDb>>,
    build: Option<(Board16, PdbBuilder)>,
    job: Option<WorkerJob>,
}

fn counters_of(search: &Ida16) -> Counters {
    let p = search.progress();
    Counters {
        bound: p.bound,
        completed: p.completed_bound,
        generated: p.generated,
        expanded: p.expanded,
        iterations: p.iterations,
    }
}

impl FifteenWorker {
    /// Takes a task line; a job in progress is dropped.
    pub fn begin(&mut self, task: &str) -> Result<(), String> {
        let words: Vec<&str> = task.split(' ').collect();
        let board = |t: &str| match parse_any_board(t) {
            Ok(crate::engine::AnyBoard::Four(b)) => Ok(b),
            _ => Err(format!("not a 4×4 board: {t}")),
        };
        self.job = Some(match words[..] {
            ["solve16", start, goal, budget] => WorkerJob {
                start: board(start)?,
                goal: board(goal)?,
                budget: budget.parse().map_err(|_| format!("bad budget {budget}"))?,
                search: None,
                hint: None,
            },
            ["hint16", at, goal] => {
                let at = board(at)?;
                let (k, first) = next_neighbour(&at, 0).ok_or("a board without moves")?;
                WorkerJob {
                    start: first,
                    goal: board(goal)?,
                    budget: u64::MAX,
                    search: None,
                    hint: Some((at, k, [None; 4])),
                }
            }
            _ => return Err(format!("malformed task {task:?}")),
        });
        Ok(())
    }

    /// Drops the job; the database and a partial build stay.
    pub fn cancel(&mut self) {
        self.job = None;
    }

    /// Whether a job is waiting for more slices.
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// One bounded slice of work and its report; `None` without a job.
    /// The job ends with `Found`, `Cutoff` or `Failed`.
    pub fn step(&mut self) -> Option<Report> {
        let job = self.job.as_mut()?;
        let goal = job.goal;
        let db = match &self.db {
            Some(db) if *db.goal() == goal => db.clone(),
            _ => {
                if self.build.as_ref().is_none_or(|(g, _)| *g != goal) {
                    let partition = Partition::six_six_three(&goal);
                    self.build = Some((goal, PdbBuilder::new(&partition, &goal)));
                }
                let (_, builder) = self.build.as_mut()?;
                let done = builder.step(BUILD_WORK);
                let p = builder.progress();
                if done {
                    let built = self.build.take().and_then(|(_, b)| b.finish());
                    match built {
                        Some(db) => self.db = Some(Arc::new(db)),
                        None => {
                            self.job = None;
                            return Some(Report::Failed(
                                "the pattern database build failed".into(),
                            ));
                        }
                    }
                }
                return Some(Report::Build {
                    done: p.pattern,
                    tables: p.patterns,
                    filled: p.filled,
                    entries: p.entries,
                });
            }
        };
        if job.search.is_none() {
            match Ida16::new(&job.start, &goal, &Heuristic16::Pdb(db)) {
                Ok(Ok(search)) => job.search = Some(search),
                Ok(Err(proof)) => {
                    self.job = None;
                    return Some(Report::Failed(format!(
                        "start and goal are not joined: {}",
                        proof.explain()
                    )));
                }
                Err(e) => {
                    self.job = None;
                    return Some(Report::Failed(e.to_string()));
                }
            }
        }
        let search = job.search.as_mut()?;
        let left = job.budget.saturating_sub(search.progress().generated);
        let step = search.run_for(left.min(SLICE_NODES));
        let counters = counters_of(search);
        if let (IdaStep::Found, Some((at, k, dists))) = (&step, job.hint.as_mut()) {
            // One neighbour's exact distance; then the next, or the answer.
            dists[*k] = search.solution().and_then(Result::ok).map(|s| s.cost);
            match next_neighbour(at, *k + 1) {
                Some((next, board)) => {
                    *k = next;
                    job.start = board;
                    job.search = None;
                    return Some(Report::Search(counters));
                }
                None => {
                    let report = Report::Hint(*dists);
                    self.job = None;
                    return Some(report);
                }
            }
        }
        let report = match step {
            IdaStep::Found => match search.solution() {
                Some(Ok(sol)) => Report::Found(counters, sol.moves),
                Some(Err(e)) => Report::Failed(e.to_string()),
                None => Report::Failed("the search ended without a path".into()),
            },
            IdaStep::Running(_) if counters.generated >= job.budget => Report::Cutoff(counters),
            IdaStep::Running(_) => return Some(Report::Search(counters)),
        };
        self.job = None;
        Some(report)
    }
}

/// Where the page's 4×4 solve stands.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Run {
    /// Nothing asked yet for these inputs.
    Idle,
    /// Posted to the worker, waiting for its first answer.
    Waiting,
    /// The database is being built.
    Building(Report),
    /// IDA* is running.
    Searching(Counters),
    /// Stopped by the person; what the search had reached.
    Cancelled(Option<Counters>),
    /// A checked path.
    Solved {
        counters: Counters,
        moves: Vec<Move>,
        boards: Vec<Board16>,
    },
    /// The node budget ran out.
    Unknown(Counters),
    /// Not joined: both parts of the proof.
    Unsolvable(Parity16Proof),
    /// The worker failed or a check failed.
    Failed(String),
}

/// The 4×4 state of the page: the request, the run, the replay cursor.
pub struct FifteenPanel {
    job: u64,
    run: Run,
    pair: Option<(Board16, Board16, u64)>,
    step: usize,
    guard: Option<String>,
    playing: bool,
    token: u64,
    task: Option<(u64, String)>,
    /// Whether the current job had to build the database.
    built: bool,
    /// The 4×4 game of the Play tab.
    game: Option<Game16>,
    /// Whether the worker must be told to drop its job (a solve was
    /// cancelled or its inputs edited while it ran).
    stop_worker: bool,
}

/// A 4×4 game: the board, the moves, the last message and the hint.
struct Game16 {
    goal: Board16,
    board: Board16,
    moves: Vec<Move>,
    message: Option<String>,
    hint: Option<String>,
    /// The job id of the hint asked for, while it is being worked out.
    waiting: Option<u64>,
}

impl Default for FifteenPanel {
    fn default() -> Self {
        FifteenPanel {
            job: 0,
            run: Run::Idle,
            pair: None,
            step: 0,
            guard: None,
            playing: false,
            token: 0,
            task: None,
            built: false,
            game: None,
            stop_worker: false,
        }
    }
}

impl Game16 {
    fn absorb(&mut self, reply: &Reply) -> bool {
        let text = reply.text();
        let hint = match report_of(reply) {
            Some(Report::Build {
                done,
                tables,
                filled,
                entries,
            }) => format!(
                "Working out the hint: building the 6-6-3 pattern database first (once per page session), table {} of {tables}, {} of {} entries.",
                (done + 1).min(tables),
                thousands(filled as u64),
                thousands(entries as u64)
            ),
            Some(Report::Search(c)) => format!(
                "Working out the hint: IDA* on each neighbour, {} nodes generated so far.",
                thousands(c.generated)
            ),
            Some(Report::Hint(d)) => {
                self.waiting = None;
                hint_words(&d)
            }
            Some(Report::Failed(e)) => {
                self.waiting = None;
                format!("No hint: {e}")
            }
            _ => {
                self.waiting = None;
                format!("No hint: the worker sent {text:?}")
            }
        };
        self.hint = Some(hint);
        self.waiting.is_some()
    }
}

/// The report a worker's reply carries; an error reply is a failure.
fn report_of(reply: &Reply) -> Option<Report> {
    match reply {
        Reply::Error(e) => Some(Report::Failed(e.clone())),
        Reply::Progress(t) | Reply::Done(t) => Report::from_text(t),
    }
}

/// The hint from the neighbours' exact distances.
fn hint_words(d: &[Option<u32>; 4]) -> String {
    let Some(best) = d.iter().flatten().min().copied() else {
        return "No hint: no move is possible.".into();
    };
    let names: Vec<&str> = Move::ALL
        .iter()
        .zip(d)
        .filter(|(_, x)| **x == Some(best))
        .map(|(m, _)| m.name())
        .collect();
    let here = best + 1;
    format!(
        "Hint: {} (the blank moves that way); the exact distance drops from {here} to {best}.",
        names.join(" or ")
    )
}

/// What the 4×4 parts of the page show beyond the shared parts.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FifteenView {
    /// Whether the board is 4×4 (the node budget field and its note show).
    pub active: bool,
    /// The node budget field's text.
    pub node_budget: String,
    /// Its error, if invalid.
    pub node_budget_error: Option<String>,
    /// Which limit applies, in words.
    pub limit_note: String,
    /// Progress of a running solve, or empty.
    pub progress: String,
    /// Whether Cancel has something to stop.
    pub cancel_enabled: bool,
    /// Why the Trace tab does not apply, on 4×4.
    pub trace_note: Option<String>,
    /// Why the Lab tab does not apply, on 4×4.
    pub lab_note: Option<String>,
    /// Why the State space tab does not apply, on 4×4.
    pub space_note: Option<String>,
    /// Why the Play tab does not apply, on 4×4.
    pub play_note: Option<String>,
}

/// The validated 4×4 inputs: the pair and the node budget, each with the
/// field it blames.
pub struct Parsed16 {
    /// Start and goal, or the field at fault (`Start` or `Goal`) and why.
    pub pair: Result<(Board16, Board16), (&'static str, String)>,
    /// The node budget, or why not.
    pub budget: Result<u64, String>,
}

impl Parsed16 {
    /// Parses the three texts.
    pub fn of(start: &str, goal: &str, budget: &str) -> Parsed16 {
        let pair = match parse_board_pair(start, Some(goal)) {
            Ok(BoardPair::Four(s, g)) => Ok((s, g)),
            Ok(BoardPair::Three(..)) => Err(("Start", "not a 4×4 board".to_string())),
            Err(e) if e.field() == "start" => Err(("Start", e.to_string())),
            Err(e) => Err(("Goal", e.to_string())),
        };
        Parsed16 {
            pair,
            budget: parse_node_budget(budget).map_err(|e| e.to_string()),
        }
    }

    /// The field's error text, if that field is at fault.
    pub fn error_of(&self, field: &str) -> Option<String> {
        match &self.pair {
            Err((f, e)) if *f == field => Some(e.clone()),
            _ => None,
        }
    }

    /// Both boards and the budget, or the first invalid field and its error.
    fn valid(&self) -> Result<(Board16, Board16, u64), (&'static str, String)> {
        let (s, g) = self.pair.clone()?;
        let b = self.budget.clone().map_err(|e| ("Node budget", e))?;
        Ok((s, g, b))
    }
}

fn cell16(i: usize) -> String {
    cell_text_of(i, WIDTH16)
}

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn search_text(c: &Counters) -> String {
    let proved = match c.completed {
        Some(done) => format!("every bound up to {done} searched completely"),
        None => "first iteration".into(),
    };
    format!(
        "IDA* with the 6-6-3 database: bound {} ({proved}), {} nodes generated so far.",
        c.bound,
        thousands(c.generated)
    )
}

impl FifteenPanel {
    /// Drops the result and any running job (its answers are ignored from
    /// now on, and the worker is told to stop it); the worker keeps its
    /// table.
    pub fn on_edit(&mut self) {
        self.stop_worker |=
            self.running() || self.game.as_ref().is_some_and(|g| g.waiting.is_some());
        self.job += 1;
        self.run = Run::Idle;
        self.pair = None;
        self.step = 0;
        self.guard = None;
        self.playing = false;
        self.token += 1;
        self.task = None;
        self.built = false;
        self.game = None;
    }

    /// Whether the web layer must tell the worker to drop its job (once).
    pub fn take_stop(&mut self) -> bool {
        std::mem::take(&mut self.stop_worker)
    }

    /// Whether a solve is waiting on the worker.
    pub fn running(&self) -> bool {
        matches!(
            self.run,
            Run::Waiting | Run::Building(_) | Run::Searching(_)
        )
    }

    /// Validates and, unless the parity proof settles it, asks the worker.
    pub fn solve(&mut self, parsed: &Parsed16) {
        self.on_edit();
        let Ok((start, goal, budget)) = parsed.valid() else {
            return;
        };
        self.pair = Some((start, goal, budget));
        if let Err(proof) = check_parity16(&start, &goal) {
            self.run = Run::Unsolvable(proof);
            return;
        }
        self.run = Run::Waiting;
        self.task = Some((self.job, task_text(&start, &goal, budget)));
    }

    /// The task the web layer must post next (job id, line), once.
    pub fn take_task(&mut self) -> Option<(u64, String)> {
        self.task.take()
    }

    /// The id of the current job.
    pub fn job(&self) -> u64 {
        self.job
    }

    /// Takes a worker's line for job `job`; lines of an older job, or after
    /// the run ended, are ignored. Returns whether the job is still running.
    pub fn absorb(&mut self, job: u64, reply: &Reply) -> bool {
        if let Some(g) = self.game.as_mut().filter(|g| g.waiting == Some(job)) {
            return g.absorb(reply);
        }
        let text = reply.text();
        if job != self.job || !self.running() {
            return false;
        }
        let Some((start, goal, _)) = self.pair else {
            return false;
        };
        self.run = match report_of(reply) {
            None | Some(Report::Hint(_)) => {
                Run::Failed(format!("the worker sent a malformed answer {text:?}"))
            }
            Some(r @ Report::Build { .. }) => {
                self.built = true;
                Run::Building(r)
            }
            Some(Report::Search(c)) => Run::Searching(c),
            Some(Report::Cutoff(c)) => Run::Unknown(c),
            Some(Report::Failed(e)) => Run::Failed(e),
            Some(Report::Found(counters, moves)) => {
                let cost = moves.len() as u32;
                // The independent replay check, on the page, before Solved.
                match verify16(&start.cells(), &goal.cells(), &moves, cost) {
                    Ok(()) => {
                        let mut boards = vec![start];
                        for &m in &moves {
                            let last = boards[boards.len() - 1];
                            boards.push(apply16(m, &last).unwrap_or(last));
                        }
                        Run::Solved {
                            counters,
                            moves,
                            boards,
                        }
                    }
                    Err(e) => Run::Failed(format!("internal check failed, witness rejected: {e}")),
                }
            }
        };
        self.running()
    }

    /// Cancel: the run stops at once on the page; the worker is told to drop
    /// the job at its next slice. Returns whether there was a run to stop.
    pub fn cancel(&mut self) -> bool {
        if !self.running() {
            return false;
        }
        let reached = match &self.run {
            Run::Searching(c) => Some(*c),
            _ => None,
        };
        self.run = Run::Cancelled(reached);
        self.job += 1;
        self.stop_worker = true;
        true
    }

    /// The worker failed to start or stopped (its error event): the running
    /// solve, or the hint being worked out, ends with `why`.
    pub fn fail(&mut self, why: &str) {
        if self.running() {
            self.run = Run::Failed(why.to_string());
        }
        if let Some(g) = self.game.as_mut().filter(|g| g.waiting.is_some()) {
            g.waiting = None;
            g.hint = Some(format!("No hint: {why}"));
        }
        self.job += 1;
    }

    fn boards(&self) -> Option<&[Board16]> {
        match &self.run {
            Run::Solved { boards, .. } => Some(boards),
            _ => None,
        }
    }

    /// Replay navigation with boundary guards.
    pub fn navigate(&mut self, action: NavAction) {
        self.stop_playback();
        let Some(last) = self.boards().map(|b| b.len() - 1) else {
            return;
        };
        let (target, guard) = match action {
            NavAction::First => (0, None),
            NavAction::Last => (last, None),
            NavAction::Previous if self.step == 0 => (0, Some("Already at the start (step 0).")),
            NavAction::Previous => (self.step - 1, None),
            NavAction::Next if self.step == last => {
                (last, Some("Already at the goal (the last step)."))
            }
            NavAction::Next => (self.step + 1, None),
        };
        self.step = target;
        self.guard = guard.map(String::from);
    }

    /// The replay step, when there is a replay.
    pub fn step(&self) -> Option<usize> {
        self.boards().map(|_| self.step)
    }

    /// Opens a replay step (links).
    pub fn go_to_step(&mut self, step: usize) {
        if let Some(b) = self.boards() {
            self.step = step.min(b.len() - 1);
        }
    }

    /// Stops playback.
    pub fn stop_playback(&mut self) {
        if self.playing {
            self.playing = false;
            self.token += 1;
        }
    }

    /// Play/Pause; the token a timer must present to [`FifteenPanel::tick`].
    pub fn toggle_playback(&mut self) -> Option<u64> {
        if self.playing {
            self.stop_playback();
            return None;
        }
        let last = self.boards().map(|b| b.len() - 1).filter(|&l| l > 0)?;
        if self.step == last {
            self.step = 0;
        }
        self.playing = true;
        self.guard = None;
        self.token += 1;
        Some(self.token)
    }

    /// The running playback's token.
    pub fn playback_token(&self) -> Option<u64> {
        self.playing.then_some(self.token)
    }

    /// One playback tick; true when another should follow.
    pub fn tick(&mut self, token: u64) -> bool {
        if self.playback_token() != Some(token) {
            return false;
        }
        let last = self.boards().map_or(0, |b| b.len() - 1);
        if self.step < last {
            self.step += 1;
        }
        if self.step >= last {
            self.playing = false;
            self.token += 1;
            return false;
        }
        true
    }

    /// Begins a game from the start (Play tab), when start and goal are valid.
    pub fn begin_game(&mut self, pair: Option<(Board16, Board16)>) {
        self.job += 1;
        self.game = pair.map(|(start, goal)| Game16 {
            goal,
            board: start,
            moves: Vec::new(),
            message: None,
            hint: None,
            waiting: None,
        });
    }

    /// Moves the blank in the game; the hint is cleared.
    pub fn play_move(&mut self, mv: Move) {
        self.job += 1;
        let Some(g) = self.game.as_mut() else { return };
        g.hint = None;
        // A hint still being worked out is dropped in the worker too.
        self.stop_worker |= g.waiting.take().is_some();
        if g.board == g.goal {
            g.message = Some("The goal is already reached; edit the start to play again.".into());
            return;
        }
        match apply16(mv, &g.board) {
            Some(next) => {
                g.board = next;
                g.moves.push(mv);
                g.message = (g.board == g.goal)
                    .then(|| format!("Goal reached in {}.", plural(g.moves.len() as u32, "move")));
            }
            None => {
                g.message = Some(format!(
                    "The blank cannot move {} from {}: that would leave the board.",
                    mv.name(),
                    cell16(g.board.blank())
                ));
            }
        }
    }

    /// A tap on cell `index`: the tile next to the blank slides into it.
    pub fn play_click(&mut self, index: usize) {
        let Some(blank) = self.game.as_ref().map(|g| g.board.blank()) else {
            return;
        };
        if let Some(mv) = Move::ALL
            .into_iter()
            .find(|&m| target16(m, blank) == Some(index))
        {
            self.play_move(mv);
        }
    }

    /// Asks the worker for the exact distance of each neighbour.
    pub fn ask_hint(&mut self) {
        if self.running() {
            self.cancel();
        }
        self.job += 1;
        let job = self.job;
        let Some(g) = self.game.as_mut() else { return };
        if g.board == g.goal {
            g.hint = Some("You are at the goal: no move needed.".into());
            return;
        }
        if check_parity16(&g.board, &g.goal).is_err() {
            g.hint = Some("No hint: this board cannot reach the goal (inversions plus blank row differ in parity).".into());
            return;
        }
        g.waiting = Some(job);
        g.hint = Some("Working out the hint in the Web Worker…".into());
        self.task = Some((job, hint_text(&g.board, &g.goal)));
    }

    /// The game's board and caption for the left column.
    pub fn game_board(&self) -> Option<([u8; 16], String)> {
        let g = self.game.as_ref()?;
        let caption = if g.board == g.goal {
            "Play: the goal is reached".into()
        } else {
            format!(
                "Play: your board after {}",
                plural(g.moves.len() as u32, "move")
            )
        };
        Some((g.board.cells(), caption))
    }

    /// The Play tab on 4×4.
    pub fn play_view(&self) -> PlayTabView {
        let Some(g) = self.game.as_ref() else {
            return PlayTabView {
                view: None,
                note: "No game: the start and goal boards must be valid.".into(),
            };
        };
        let blank = g.board.blank();
        PlayTabView {
            view: Some(PlayView {
                board: g.board.cells().to_vec(),
                moves: g.moves.iter().map(|m| m.name().to_string()).collect(),
                status: format!(
                    "g = {} so far; Manhattan h = {}. The blank is at {blank} ({}). The exact distance is worked out in a Web Worker when you ask for a hint.",
                    plural(g.moves.len() as u32, "move"),
                    manhattan16(&g.board, &g.goal),
                    cell16(blank)
                ),
                message: g.message.clone(),
                hint: g.hint.clone(),
                solved: g.board == g.goal,
            }),
            note: String::new(),
        }
    }

    /// The verdict, board, controls and Solution tab for 4×4 inputs.
    pub fn view(
        &self,
        parsed: &Parsed16,
        speed_ms: u32,
        on_board: bool,
    ) -> (VerdictView, BoardView, ControlsView, SolutionView) {
        let mut v = VerdictView::pending();
        let mut board = BoardView::default();
        let mut s = SolutionView {
            ledger_total: NONE.into(),
            witness_note: Some("No witness for the current input.".into()),
            ..SolutionView::default()
        };
        let mut reason = None;
        let (start, goal) = match parsed.valid() {
            Ok((start, goal, _)) => (start, goal),
            Err((field, e)) => {
                let (v, board) = invalid_input(field, &e);
                let controls = self.controls(
                    Some("Nothing to replay yet: press Solve."),
                    on_board,
                    speed_ms,
                );
                return (v, board, controls, s);
            }
        };
        fill_ledger(&mut s, &ledger16(&start, &goal));
        let h0 = manhattan16(&start, &goal);
        v.initial_h = h0.to_string();
        board.cells16 = Some(start.cells());
        board.caption = "Start (4×4)".into();
        match &self.run {
            Run::Idle => {
                board.caption = "Start (4×4; not solved yet)".into();
                v.summary = "Not solved yet. Next: press Solve (IDA* in a Web Worker).".into();
                v.explanation = "The inputs changed, so the previous result was cleared. Press Solve: a 4×4 board is solved by IDA* with the 6-6-3 additive pattern database in a Web Worker (the database is built on the first solve of this page session).".into();
                reason = Some("Nothing to replay yet: press Solve.");
            }
            Run::Waiting | Run::Building(_) | Run::Searching(_) => {
                v.status = "Working…".into();
                v.summary =
                    "Solving in a Web Worker; progress is below. Next: wait, or Cancel.".into();
                v.explanation = "IDA* is running in a Web Worker with the 6-6-3 pattern database. Progress (the current bound and the nodes so far) is shown beside the board; Cancel stops it.".into();
                reason = Some("Nothing to replay yet: the search is running.");
            }
            Run::Cancelled(reached) => {
                v.status = "Cancelled".into();
                v.summary =
                    "Cancelled: nothing is claimed. Next: press Solve to start again.".into();
                v.explanation = match reached {
                    Some(c) => format!("The search was cancelled at bound {} after {} generated nodes; nothing is claimed. The pattern database stays built for this page session.", c.bound, thousands(c.generated)),
                    None => "The solve was cancelled before the search began; nothing is claimed. A partly built pattern database goes on from where it stopped at the next Solve.".into(),
                };
                reason = Some("Nothing to replay: the solve was cancelled.");
            }
            Run::Failed(e) => {
                v.kind = Status::Invalid;
                v.status = "Invalid — internal check failed".into();
                v.summary = "An internal check failed; nothing is claimed.".into();
                v.explanation = e.clone();
                reason = Some("Nothing to replay: nothing was solved.");
            }
            Run::Unsolvable(p) => {
                v.kind = Status::Unsolvable;
                v.status = "Unsolvable".into();
                // Every 4×4 board reaches exactly one of the two usual goals
                // (their parities differ), so a start the default goal
                // rules out is one for Korf's goal: say so.
                let other = if self.pair.is_some_and(|p| p.1 == Board16::DEFAULT_GOAL) {
                    format!(" This start does reach {KORF_GOAL_TEXT} (the blank top-left, the goal of Korf's instances): put that in the Goal field to solve it.")
                } else {
                    String::new()
                };
                v.summary = format!("Unsolvable: inversions plus blank row have different parities (proof on the Solution tab). Next: swap two tiles.{other}");
                v.explanation = format!("No search was run: on a 4-wide board the parity of inversions plus the blank's row never changes, and it differs between start and goal. Next: swap two tiles in the start (or goal).{other}");
                s.parity = Some(format!(
                    "Start: inversions {} + blank row {} = {} ({}). Goal: inversions {} + blank row {} = {} ({}). On a 4-wide board a horizontal move keeps the inversions and the blank's row; a vertical move changes the inversions by 1 or 3 (odd) and the blank's row by 1, so the parity of the sum never changes: no sequence of moves joins them.",
                    p.start_inversions, p.start_blank_row, p.start_sum(), parity_word(p.start_sum()),
                    p.goal_inversions, p.goal_blank_row, p.goal_sum(), parity_word(p.goal_sum()),
                ));
                reason = Some("Nothing to replay: no path joins this start and goal.");
            }
            Run::Unknown(c) => {
                let budget = self.pair.map_or(0, |p| p.2);
                v.kind = Status::Unknown;
                v.status = "Unknown (NodeBudget)".into();
                v.expansions = c.expanded.to_string();
                v.summary = format!(
                    "Unfinished: the node budget of {} ran out; proved: no solution shorter than {} moves. Next: raise the node budget.",
                    thousands(budget),
                    c.bound
                );
                v.explanation = format!(
                    "IDA* stopped after {} generated nodes, the node budget. It proved what it completed: no solution is shorter than {} moves ({}). This is an unfinished search, not \"no solution\". Next: raise the node budget and Solve again.",
                    thousands(c.generated),
                    c.bound,
                    match c.completed {
                        Some(d) => format!("every bound up to {d} was searched completely"),
                        None => "the database's estimate of the start; the first iteration did not finish".into(),
                    }
                );
                s.counters = counters_text(c, budget);
                reason = Some("Nothing to replay: an unfinished search has no witness.");
            }
            Run::Solved {
                counters,
                moves,
                boards,
            } => {
                let cost = moves.len();
                let budget = self.pair.map_or(0, |p| p.2);
                v.kind = Status::Solved;
                v.status = "Solved".into();
                v.cost = cost.to_string();
                v.expansions = counters.expanded.to_string();
                v.summary = if cost == 0 {
                    "The start is the goal: 0 moves. Next: edit the start.".into()
                } else {
                    format!("Shortest: IDA* with the 6-6-3 database found cost {cost} (Manhattan bound {h0}). Next: replay it with Next.")
                };
                v.explanation = format!(
                    "IDA* with an admissible heuristic (the 6-6-3 additive pattern database) deepens its bound only after a bound is searched completely, so the first path found, {}, is a shortest one: every bound below {cost} was searched without reaching the goal. Next: replay the witness with Next.",
                    plural(cost as u32, "move")
                );
                s.counters = format!(
                    "{}; {}",
                    counters_text(counters, budget),
                    if self.built {
                        "pattern database built for this solve"
                    } else {
                        "pattern database reused (built earlier in this page session)"
                    }
                );
                s.witness = moves.iter().map(|m| m.name().to_string()).collect();
                s.witness_note = moves
                    .is_empty()
                    .then(|| "No moves: the start is the goal.".into());
                s.check = format!(
                    "Independent replay (verify16, on the page): all {} checked as legal swaps of the blank with a grid neighbour on the 4-wide board, every board a permutation of 0–15; the final board equals the goal; length {cost} equals cost {cost}.",
                    plural(cost as u32, "move")
                );
                s.replay = boards
                    .iter()
                    .enumerate()
                    .map(|(i, b)| {
                        let h = manhattan16(b, &goal);
                        ReplayLine {
                            step: i,
                            mv: if i == 0 {
                                NONE.into()
                            } else {
                                moves[i - 1].name().into()
                            },
                            board: b.to_json(),
                            g: i as u32,
                            h,
                            f: i as u32 + h,
                            current: i == self.step,
                        }
                    })
                    .collect();
                let last = boards.len() - 1;
                board.cells16 = Some(boards[self.step.min(last)].cells());
                board.caption = replay_caption(self.step.min(last), last);
                if last == 0 {
                    reason = Some(
                        "Nothing to replay: the start is the goal, so the witness has no moves.",
                    );
                }
            }
        }
        let controls = self.controls(reason, on_board, speed_ms);
        (v, board, controls, s)
    }

    fn controls(&self, reason: Option<&str>, on_board: bool, speed_ms: u32) -> ControlsView {
        let reason = match (reason, on_board) {
            (Some(r), _) => Some(r.to_string()),
            (None, false) => {
                Some("The board shows this tab's boards; the replay is on the Solution tab.".into())
            }
            (None, true) => None,
        };
        let last = self.boards().map(|b| b.len() - 1);
        ControlsView {
            replay_status: last.map_or(String::new(), |l| format!("Step {} of {l}", self.step)),
            guard: self.guard.clone(),
            replay_enabled: reason.is_none(),
            disabled_reason: reason,
            playing: self.playing,
            play_button: if self.playing { "Pause" } else { "Play" },
            speed_ms,
        }
    }

    /// The 4×4 extras: node budget, limit note, progress, Cancel, tab notes.
    pub fn extras(&self, node_budget: &str, parsed: &Parsed16) -> FifteenView {
        let limit = match parsed.budget {
            Ok(n) => format!("{} generated nodes", thousands(n)),
            Err(_) => "the node budget (invalid now)".into(),
        };
        let progress = match &self.run {
            Run::Waiting => "Starting the Web Worker…".into(),
            Run::Building(Report::Build {
                done,
                tables,
                filled,
                entries,
            }) => format!(
                "Building the 6-6-3 pattern database (once per page session): table {} of {tables}, {} of {} entries.",
                (*done + 1).min(*tables),
                thousands(*filled as u64),
                thousands(*entries as u64)
            ),
            Run::Searching(c) => search_text(c),
            _ => String::new(),
        };
        let why = |what: &str| {
            Some(format!(
                "{what} on a 3×3 board only: the start is a 4×4 board. Type or choose a 3×3 board to use this tab."
            ))
        };
        FifteenView {
            active: true,
            node_budget: node_budget.to_string(),
            node_budget_error: parsed.budget.as_ref().err().cloned(),
            limit_note: format!("4×4: the Budget field (3×3 A* expansions, 1–10000) does not apply. IDA* stops at the node budget, {limit}, or when you press Cancel."),
            progress,
            cancel_enabled: self.running(),
            trace_note: why("The Trace tab steps the 3×3 contract A*, which exists"),
            lab_note: why("The Lab compares searches over the 181,440 boards of the 8-puzzle and runs"),
            space_note: why("The State space tab explores all 181,440 boards of the 8-puzzle and runs"),
            play_note: None,
        }
    }
}

fn parity_word(n: u32) -> &'static str {
    if n.is_multiple_of(2) {
        "even"
    } else {
        "odd"
    }
}

fn counters_text(c: &Counters, budget: u64) -> String {
    format!(
        "generated {}, expanded {}, iterations {}, last bound {}; node budget {}",
        c.generated,
        c.expanded,
        c.iterations,
        c.bound,
        thousands(budget)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Field;
    use crate::view::{Session, Tab, Workbench};

    const KORF55: &str = "[13,8,14,3,9,1,0,7,15,5,4,10,12,2,6,11]";
    const KORF_GOAL: &str = KORF_GOAL_TEXT;

    /// Runs the worker side until the job ends, passing every line through
    /// the page side as the web layer does; returns the lines.
    fn run_worker(w: &mut Workbench, worker: &mut Session) -> Vec<String> {
        let (job, task) = w.take_fifteen_task().expect("a task to post");
        worker.begin(&task).unwrap();
        let mut lines = Vec::new();
        let mut clock = || 0.0;
        while let Some(reply) = worker.step(&mut clock) {
            w.fifteen_report(job, &reply);
            lines.push(reply.text().to_string());
        }
        lines
    }

    #[test]
    fn reports_round_trip_as_plain_lines() {
        let c = Counters {
            bound: 41,
            completed: Some(39),
            generated: 123456,
            expanded: 6543,
            iterations: 2,
        };
        let cases = [
            (
                Report::Build {
                    done: 1,
                    tables: 3,
                    filled: 10,
                    entries: 99,
                },
                "build 1 3 10 99",
            ),
            (Report::Search(c), "search 41 39 123456 6543 2"),
            (
                Report::Cutoff(Counters {
                    completed: None,
                    ..c
                }),
                "cutoff 41 - 123456 6543 2",
            ),
            (
                Report::Found(c, vec![Move::Up, Move::Right, Move::Down, Move::Left]),
                "found 41 39 123456 6543 2 URDL",
            ),
            (Report::Found(c, vec![]), "found 41 39 123456 6543 2 -"),
            (Report::Failed("it broke".into()), "error it broke"),
        ];
        for (report, text) in cases {
            assert_eq!(report.to_text(), text);
            assert_eq!(Report::from_text(text), Some(report));
        }
        assert_eq!(Report::from_text("found 1 2 3 4 5 UX"), None);
        assert_eq!(Report::from_text("search 1 2 3"), None);
        assert_eq!(Report::from_text("hello"), None);
    }

    #[test]
    fn typing_sixteen_values_makes_the_page_4x4_and_the_goal_follows() {
        let mut w = Workbench::new(Default::default());
        w.solve();
        w.edit(Field::Start, "[1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15]");
        assert!(w.is_fifteen());
        assert_eq!(w.inputs().goal, "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0]");
        let v = w.view();
        assert_eq!(v.board.cells, None);
        assert_eq!(
            v.board.cells16,
            Some([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15])
        );
        assert_eq!(v.board.caption, "Start (4×4; not solved yet)");
        assert_eq!(v.inputs.start_error, None);
        assert_eq!(v.inputs.goal_error, None);
        assert_eq!(v.inputs.budget_error, None);
        assert_eq!(v.verdict.initial_h, "2");
        assert_eq!(v.solution.ledger_total, "2");
        assert_eq!(v.solution.ledger.len(), 16);
        assert_eq!(v.solution.ledger[13].cell, "row 4, column 3");
        assert_eq!(v.solution.ledger[13].goal_cell, "row 4, column 2");
        assert_eq!(v.solution.ledger[15].tile, "blank");
        assert!(v.fifteen.active);
        assert_eq!(
            v.fifteen.limit_note,
            "4×4: the Budget field (3×3 A* expansions, 1–10000) does not apply. IDA* stops at the node budget, 1,000,000,000 generated nodes, or when you press Cancel."
        );
        assert_eq!(
            v.fifteen.trace_note.as_deref(),
            Some("The Trace tab steps the 3×3 contract A*, which exists on a 3×3 board only: the start is a 4×4 board. Type or choose a 3×3 board to use this tab.")
        );
        assert!(v.link.contains("&nodes=1000000000&"));
        // Back to nine values: the goal follows back, and the baseline is exact.
        w.edit(Field::Start, "[1,2,3,4,5,6,0,7,8]");
        assert_eq!(w.inputs().goal, "[1,2,3,4,5,6,7,8,0]");
        w.solve();
        let v = w.view();
        assert_eq!(v.fifteen, FifteenView::default());
        assert_eq!(v.verdict.status, "Solved");
        assert_eq!(v.verdict.cost, "2");
        assert_eq!(v.verdict.expansions, "2");
        assert_eq!(v.solution.witness, vec!["Right", "Right"]);
        assert!(!v.link.contains("nodes="));
    }

    #[test]
    fn only_sixteen_values_or_four_rows_make_the_page_4x4() {
        let mut w = Workbench::new(Default::default());
        // Ten values keep the 3×3 contract's error, and the goal stays.
        w.edit(Field::Start, "[1,2,3,4,5,6,7,8,0,0]");
        assert!(!w.is_fifteen());
        assert_eq!(w.inputs().goal, "[1,2,3,4,5,6,7,8,0]");
        assert_eq!(
            w.view().inputs.start_error.as_deref(),
            Some("10 values given; a board has exactly nine")
        );
        w.edit(
            Field::Start,
            "[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,15]]",
        );
        assert!(w.is_fifteen());
        assert_eq!(w.inputs().goal, "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0]");
        assert_eq!(
            w.view().inputs.start_error.as_deref(),
            Some("value 15 appears twice, at position 14 (row 4, column 3) and at position 15 (row 4, column 4), so 0 is missing")
        );
    }

    #[test]
    fn a_4x4_link_reopens_its_boards_and_node_budget_and_asks_the_worker() {
        let mut w = Workbench::from_link(&format!(
            "start={}&goal={}&nodes=5000&tab=solution",
            crate::view::encode_component(KORF55),
            crate::view::encode_component(KORF_GOAL)
        ));
        assert!(w.is_fifteen());
        assert_eq!(w.node_budget(), "5000");
        assert_eq!(
            w.take_fifteen_task(),
            Some((
                w.fifteen.job(),
                format!("solve16 {KORF55} {KORF_GOAL} 5000")
            ))
        );
        assert_eq!(w.view().verdict.status, "Working…");
        assert!(w
            .view()
            .link
            .ends_with("&budget=100&nodes=5000&tab=solution"));
    }

    #[test]
    fn size_mismatch_is_the_goals_error() {
        let mut w = Workbench::new(Default::default());
        w.edit(Field::Goal, "[1,2,3,4,5,6,7,0,8]");
        w.edit(Field::Start, KORF55);
        // The goal is not the 3×3 default, so it does not follow.
        assert_eq!(w.inputs().goal, "[1,2,3,4,5,6,7,0,8]");
        w.solve();
        let v = w.view();
        assert_eq!(
            v.inputs.goal_error.as_deref(),
            Some("the start is a 4×4 board (sixteen values) but the goal is a 3×3 board (nine values); start and goal must be the same size")
        );
        assert_eq!(v.verdict.status, "Invalid — Goal");
        assert_eq!(v.board.cells16, None);
        assert_eq!(w.take_fifteen_task(), None);
    }

    #[test]
    fn unsolvable_4x4_shows_both_parts_of_the_proof_without_a_worker() {
        let mut w = Workbench::new(Default::default());
        w.edit(Field::Start, "[2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0]");
        w.solve();
        assert_eq!(w.take_fifteen_task(), None);
        let v = w.view();
        assert_eq!(v.verdict.status, "Unsolvable");
        assert_eq!(v.verdict.kind, Status::Unsolvable);
        assert_eq!(
            v.solution.parity.as_deref(),
            Some("Start: inversions 1 + blank row 4 = 5 (odd). Goal: inversions 0 + blank row 4 = 4 (even). On a 4-wide board a horizontal move keeps the inversions and the blank's row; a vertical move changes the inversions by 1 or 3 (odd) and the blank's row by 1, so the parity of the sum never changes: no sequence of moves joins them.")
        );
    }

    #[test]
    fn korfs_start_toward_the_default_goal_is_unsolvable_and_names_korfs_goal() {
        let mut w = Workbench::new(Default::default());
        w.edit(Field::Start, KORF55);
        w.solve();
        assert_eq!(w.take_fifteen_task(), None);
        let v = w.view();
        assert_eq!(v.verdict.status, "Unsolvable");
        assert_eq!(
            v.verdict.summary,
            "Unsolvable: inversions plus blank row have different parities (proof on the Solution tab). Next: swap two tiles. This start does reach [0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15] (the blank top-left, the goal of Korf's instances): put that in the Goal field to solve it."
        );
        // With that goal the same start goes to the worker.
        w.edit(Field::Goal, KORF_GOAL_TEXT);
        w.solve();
        assert!(w.take_fifteen_task().is_some());
    }

    #[test]
    fn node_budget_field_is_validated_and_blamed() {
        let mut w = Workbench::new(Default::default());
        w.edit(Field::Start, KORF55);
        w.set_node_budget("lots");
        w.solve();
        assert_eq!(w.take_fifteen_task(), None);
        let v = w.view();
        assert_eq!(v.verdict.status, "Invalid — Node budget");
        assert_eq!(
            v.fifteen.node_budget_error.as_deref(),
            Some("the node budget \"lots\" is not a whole number; write e.g. 100000000")
        );
    }

    #[test]
    fn korf_55_is_built_solved_in_41_checked_moves_and_replayed() {
        let mut w = Workbench::new(Default::default());
        w.load_sample("korf55");
        assert_eq!(w.inputs().start, KORF55);
        assert_eq!(w.inputs().goal, KORF_GOAL);
        w.solve();
        assert!(w.view().fifteen.cancel_enabled);
        let mut worker = Session::default();
        let lines = run_worker(&mut w, &mut worker);
        assert_eq!(lines[0], "build 1 3 364630 11534880");
        let builds = lines.iter().filter(|l| l.starts_with("build ")).count();
        assert!(builds > 3, "the build reports its progress in slices");
        let last = lines.last().unwrap();
        assert!(last.starts_with("found 41 "), "{last}");
        let v = w.view();
        assert_eq!(v.verdict.status, "Solved");
        assert_eq!(v.verdict.cost, "41");
        assert_eq!(v.solution.witness.len(), 41);
        assert_eq!(v.solution.replay.len(), 42);
        assert_eq!(v.fifteen.progress, "");
        assert!(!v.fifteen.cancel_enabled);
        assert!(v
            .solution
            .check
            .starts_with("Independent replay (verify16, on the page): all 41 moves checked"));
        assert_eq!(v.controls.replay_status, "Step 0 of 41");
        w.navigate(NavAction::Last);
        let v = w.view();
        assert_eq!(
            v.board.cells16,
            Some([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
        );
        assert_eq!(v.board.caption, "Replay step 41 of 41 (the goal)");
        // A second solve with a small node budget: the table is kept, so no
        // build line; the cutoff is Unknown with what it proved.
        w.set_node_budget("1000");
        w.solve();
        let lines = run_worker(&mut w, &mut worker);
        assert_eq!(lines.len(), 1);
        assert!(lines[0].starts_with("cutoff "), "{}", lines[0]);
        let v = w.view();
        assert_eq!(v.verdict.status, "Unknown (NodeBudget)");
        assert_eq!(v.verdict.kind, Status::Unknown);
        assert!(v.verdict.summary.starts_with(
            "Unfinished: the node budget of 1,000 ran out; proved: no solution shorter than "
        ));
    }

    #[test]
    fn cancel_ignores_later_lines_and_the_next_solve_keeps_the_table() {
        let mut w = Workbench::new(Default::default());
        w.load_sample("easy16");
        w.solve();
        let (job, task) = w.take_fifteen_task().unwrap();
        let mut worker = Session::default();
        worker.begin(&task).unwrap();
        let first = worker.step(&mut || 0.0).unwrap();
        assert_eq!(first.kind(), "progress");
        assert!(w.fifteen_report(job, &first));
        assert_eq!(
            w.view().fifteen.progress,
            "Building the 6-6-3 pattern database (once per page session): table 2 of 3, 366,045 of 11,534,880 entries."
        );
        assert!(w.cancel_fifteen());
        assert!(w.take_fifteen_stop());
        assert!(!w.take_fifteen_stop());
        worker.cancel();
        assert!(!w.fifteen_report(job, &Reply::Done("found 2 - 2 2 1 RR".into())));
        let v = w.view();
        assert_eq!(v.verdict.status, "Cancelled");
        assert_eq!(v.verdict.kind, Status::Pending);
        assert!(!w.cancel_fifteen());
        // Solve again: the partial build goes on, then the search.
        w.solve();
        let lines = run_worker(&mut w, &mut worker);
        assert!(lines.last().unwrap().starts_with("found 2 "));
        assert!(lines.last().unwrap().ends_with(" RR"));
        let v = w.view();
        assert_eq!(v.verdict.status, "Solved");
        assert_eq!(v.solution.witness, vec!["Right", "Right"]);
        // Play on 4×4: the hint comes from the worker (the table is kept),
        // and any move clears it.
        w.select_tab(Tab::Play);
        let v = w.view();
        assert_eq!(v.fifteen.play_note, None);
        assert!(v.board.playing);
        assert_eq!(v.board.caption, "Play: your board after 0 moves");
        w.hint();
        assert_eq!(
            w.view().play.view.unwrap().hint.as_deref(),
            Some("Working out the hint in the Web Worker…")
        );
        let lines = run_worker(&mut w, &mut worker);
        assert_eq!(lines.last().map(String::as_str), Some("hint 3 - 3 1"));
        let p = w.view().play.view.unwrap();
        assert_eq!(
            p.hint.as_deref(),
            Some("Hint: Right (the blank moves that way); the exact distance drops from 2 to 1.")
        );
        assert_eq!(
            p.status,
            "g = 0 moves so far; Manhattan h = 2. The blank is at 13 (row 4, column 2). The exact distance is worked out in a Web Worker when you ask for a hint."
        );
        w.play_move(Move::Right);
        let p = w.view().play.view.unwrap();
        assert_eq!(p.hint, None);
        assert_eq!(p.moves, vec!["Right"]);
        // A tap on the tile right of the blank moves it: the goal.
        w.play_click(15);
        let v = w.view();
        assert_eq!(
            v.play.view.unwrap().message.as_deref(),
            Some("Goal reached in 2 moves.")
        );
        assert_eq!(v.board.caption, "Play: the goal is reached");
        assert_eq!(
            v.board.cells16,
            Some([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0])
        );
        w.select_tab(Tab::Lab);
        assert!(w.view().fifteen.lab_note.is_some());
    }

    #[test]
    fn hint_words_name_every_closest_move() {
        assert_eq!(
            hint_words(&[Some(4), None, Some(4), Some(6)]),
            "Hint: Up or Left (the blank moves that way); the exact distance drops from 5 to 4."
        );
        assert_eq!(hint_words(&[None; 4]), "No hint: no move is possible.");
        assert_eq!(
            Report::from_text("hint 3 - 3 1"),
            Some(Report::Hint([Some(3), None, Some(3), Some(1)]))
        );
    }
}
