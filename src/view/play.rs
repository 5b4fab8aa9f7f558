//! Play mode, one game for every shape: the user moves the blank (by key or
//! tap). An arrow key moves one tile; a click or tap on any tile of the
//! blank's row or column slides the whole run between them, which counts
//! as one move in the multi-tile metric and as one move per tile in the
//! single-tile metric. The hint names every move that brings the goal one step closer.
//! The exact distance comes from where the solver can answer at once: on
//! 3×3 the whole-space breadth-first table of the goal, on any other shape
//! the session's Web Worker under a node budget ([`HINT_NODES`]: the
//! board's IDA*, then each other neighbour checked against distance − 1;
//! when the budget runs out, a fast-mode move labelled as not proved
//! optimal, with the proved lower bound), with progress, Cancel and a late
//! answer ignored. Past 25 cells, where optimal search does not run, the
//! hint is fast mode's first move, said to be not necessarily on a
//! shortest path ([`large_hint_rule`]).

use super::common::hint_answer_words;
use super::common::{plural, GoalTable, Tab};
use super::input::{Edit, Panel, ParsedInputs};
use super::link::Link;
use super::speed::{Counted, Recorded, ShortestAction, ShortestView, SolveClock, SHORTEST_LISTED};
use crate::engine::moves::{Metric, Slide};
use crate::engine::notation::{parse_moves, Notation};
use crate::engine::solve::manhattan;
use crate::engine::solve::{Analysis, Distance, EXACT_MAX_CELLS};
use crate::engine::text::thousands;
use crate::engine::{
    check_parity,
    teaching::{optimal_moves, DistanceTable},
    text::cell_text_of,
    Board, Move, Shape,
};
use crate::task::solver::Report;
use crate::task::{unexpected, AnalysisProgress, Answer, Reply, Step, Task};

/// Nodes a worker hint may generate in all (its searches stop there and
/// it gives a fast-mode move instead): about a second of IDA* in the page.
pub const HINT_NODES: u64 = 2_000_000;

/// Where the exact distance comes from.
#[derive(Clone, Copy)]
pub enum Oracle<'a> {
    /// The goal's whole-space distance table in the game's metric (3×3).
    Table(&'a DistanceTable),
    /// The session's Web Worker, asked per hint.
    Worker,
}

/// A game in progress from a start board.
pub struct Play {
    start: Board,
    goal: Board,
    board: Board,
    /// The metric moves are counted in.
    metric: Metric,
    /// The moves made: one slide each (count 1 in the single-tile metric).
    moves: Vec<Slide>,
    message: Option<String>,
    hint: Option<String>,
    /// The job id of the hint being worked out in the worker.
    waiting: Option<u64>,
    /// The analysis of the solve, once the goal is reached.
    analysis: Analysed,
    /// The solve's timer.
    clock: SolveClock,
    /// The move count and time a link recorded for this solve.
    recorded: Option<Recorded>,
    /// The start's shortest solutions.
    shortest: Counted,
    /// The worker's last progress on the analysis it is running.
    analysis_progress: Option<AnalysisProgress>,
}

/// Where the analysis of the solve stands.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Analysed {
    /// The goal is not reached yet.
    NotYet,
    /// The goal was reached: the analysis is to be asked of the worker.
    Due,
    /// The worker is working it out as job `0`.
    Running(u64),
    /// The worker's analysis.
    Done(Analysis),
    /// Why there is none.
    None(String),
}

/// The analysis of a solve, as the Play tab shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisView {
    /// One line per move, in order (the page numbers them): "Right —
    /// distance 1", with " — wasted" on a move that did not bring the
    /// board one closer.
    pub steps: Vec<String>,
    /// The distance before the first move, then after each move (a
    /// bounded distance as its proved lower bound), for the chart.
    pub distances: Vec<u32>,
}

/// What the play panel shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayView {
    /// The board's cells to draw, row-major.
    pub board: Vec<u8>,
    /// The moves made so far.
    pub moves: Vec<String>,
    /// "g = 3 moves so far; Manhattan h = 4; exact distance to the goal 4".
    pub status: String,
    /// The last move's feedback (an illegal move, or reaching the goal).
    pub message: Option<String>,
    /// The hint, once asked for.
    pub hint: Option<String>,
    /// Whether the goal has been reached.
    pub solved: bool,
    /// Whether a hint is being worked out (Cancel applies).
    pub hint_running: bool,
    /// The move counter: "Moves: 4" (moves of the game's metric).
    pub counter: String,
    /// At the goal: the solve read back (the distance after each move, the
    /// wasted moves, the excess), that it is being worked out, or why
    /// there is none.
    pub analysis: Option<String>,
    /// The analysis's moves and distances, once the worker has answered.
    pub analysis_detail: Option<AnalysisView>,
    /// The timer, "Time: 12.3 s" (`None` for a replayed solve).
    pub timer: Option<String>,
    /// "Recorded: 34 moves in 21.7 s", for a solve reopened from a link.
    pub recorded: Option<String>,
    /// At the goal: the fragment (without `#`) of the link that reopens
    /// this start and this solve, with its time and move count.
    pub solve_link: Option<String>,
    /// The start's shortest solutions.
    pub shortest: ShortestView,
}

impl Play {
    /// Starts from `start` toward `goal`, counting moves in `metric`.
    pub fn new(start: Board, goal: Board, metric: Metric) -> Play {
        Play {
            start,
            goal,
            board: start,
            metric,
            moves: Vec::new(),
            message: None,
            hint: None,
            waiting: None,
            analysis: Analysed::NotYet,
            clock: SolveClock::ready(0),
            recorded: None,
            shortest: Counted::NotAsked,
            analysis_progress: None,
        }
    }

    /// The start.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The moves made.
    pub fn moves(&self) -> &[Slide] {
        &self.moves
    }

    /// The solve's timer.
    pub fn clock(&self) -> &SolveClock {
        &self.clock
    }

    /// The solve's timer.
    pub fn clock_mut(&mut self) -> &mut SolveClock {
        &mut self.clock
    }

    /// The start's shortest solutions.
    pub fn shortest_mut(&mut self) -> &mut Counted {
        &mut self.shortest
    }

    /// A solve reopened from a link records its count and time.
    pub fn set_recorded(&mut self, recorded: Recorded) {
        self.recorded = Some(recorded);
    }

    /// Whether the analysis is being worked out or about to be.
    pub fn analysis_pending(&self) -> bool {
        matches!(self.analysis, Analysed::Due | Analysed::Running(_))
    }

    /// The board now.
    pub fn board(&self) -> &Board {
        &self.board
    }

    fn cell(&self, cell: usize) -> String {
        cell_text_of(cell, self.board.width())
    }

    /// Whether a hint is being worked out in the worker.
    pub fn hint_running(&self) -> bool {
        self.waiting.is_some()
    }

    /// Drops a hint being worked out; true when there was one (the worker
    /// must be told).
    pub fn drop_hint(&mut self) -> bool {
        self.waiting.take().is_some()
    }

    /// Moves the blank one tile (an arrow key), if the move is legal and
    /// the goal not yet reached.
    pub fn apply(&mut self, mv: Move, oracle: Oracle<'_>) {
        self.slide(Slide::from(mv), oracle);
    }

    /// Slides `slide.count` tiles, if the slide stays on the board and the
    /// goal is not yet reached: one move in the multi-tile metric, one per
    /// tile in the single-tile metric.
    fn slide(&mut self, slide: Slide, oracle: Oracle<'_>) {
        self.hint = None;
        self.waiting = None;
        if self.board == self.goal {
            self.message =
                Some("The goal is already reached; edit the start to play again.".into());
            return;
        }
        let mv = slide.direction;
        let mut next = Some(self.board);
        for _ in 0..slide.count {
            next = next.and_then(|b| b.apply(mv));
        }
        let Some(next) = next else {
            self.message = Some(format!(
                "The blank cannot move {} from {}: that would leave the board.",
                mv.name(),
                self.cell(self.board.blank())
            ));
            return;
        };
        self.board = next;
        match self.metric {
            Metric::Single => self.moves.extend((0..slide.count).map(|_| Slide::from(mv))),
            Metric::Multi => self.moves.push(slide),
        }
        let n = self.moves.len() as u32;
        self.clock.moved(self.board == self.goal);
        if self.board == self.goal {
            self.analysis = if self.board.cells().len() <= EXACT_MAX_CELLS {
                Analysed::Due
            } else {
                Analysed::None(format!(
                    "No analysis: the page analyses solves on boards of at most {EXACT_MAX_CELLS} cells (4×4), and this one has {}.",
                    self.board.cells().len()
                ))
            };
        }
        self.message = (self.board == self.goal).then(|| match (oracle, self.metric) {
            (Oracle::Table(table), Metric::Single) => {
                let optimum = table.distance(&self.start).unwrap_or(0);
                let verdict = if n == optimum {
                    "that is optimal".to_string()
                } else {
                    format!("{} more than the optimum", n.saturating_sub(optimum))
                };
                format!(
                    "Goal reached in {}; the optimum from this start is {optimum}, so {verdict}.",
                    plural(n, "move")
                )
            }
            (_, Metric::Multi) => format!("Goal reached in {} (multi-tile).", plural(n, "move")),
            (Oracle::Worker, Metric::Single) => format!("Goal reached in {}.", plural(n, "move")),
        });
    }

    /// Replays the solve `text`, written in `notation`, from the start: the
    /// game begins again and every move is made in turn. Text the engine's
    /// parser refuses changes nothing; its error is the message.
    pub fn paste(&mut self, text: &str, notation: &str, oracle: Oracle<'_>) {
        let parsed = Notation::parse(notation)
            .map_err(|e| e.to_string())
            .and_then(|n| parse_moves(text, &self.start, n).map_err(|e| e.to_string()));
        let written = match parsed {
            Ok((written, _)) => written,
            Err(e) => {
                self.message = Some(format!("The pasted solve was not replayed: {e}."));
                return;
            }
        };
        let now = self.clock.now();
        let shortest = std::mem::take(&mut self.shortest);
        *self = Play::new(self.start, self.goal, self.metric);
        // A replayed solve is not timed; the count of the start stays.
        self.clock = SolveClock::untimed(now);
        self.shortest = shortest;
        for w in &written {
            if self.board == self.goal {
                self.message = Some(format!(
                    "The pasted solve reached the goal at its move {}; the moves after it were not made.",
                    w.position - 1
                ));
                return;
            }
            self.slide(w.slide, oracle);
        }
    }

    /// A click on cell `index`: slides the run of tiles between it and the
    /// blank when it is in the blank's row or column.
    pub fn click(&mut self, index: usize, oracle: Oracle<'_>) {
        let blank = self.board.blank();
        let width = self.board.width();
        let (br, bc) = (blank / width, blank % width);
        let (r, c) = (index / width, index % width);
        let run = |d: usize| u8::try_from(d).unwrap_or(u8::MAX);
        let slide = match (r == br, c == bc) {
            _ if index == blank || index >= self.board.cells().len() => None,
            (true, _) if c < bc => Some(Slide::new(Move::Left, run(bc - c))),
            (true, _) => Some(Slide::new(Move::Right, run(c - bc))),
            (_, true) if r < br => Some(Slide::new(Move::Up, run(br - r))),
            (_, true) => Some(Slide::new(Move::Down, run(r - br))),
            _ => None,
        };
        match slide {
            Some(s) => self.slide(s, oracle),
            None if index == blank => {
                self.message = Some("That is the blank; click a tile in its row or column.".into());
            }
            None => {
                let tile = self.board.cells().get(index).copied().unwrap_or(0);
                self.message = Some(format!(
                    "Tile {tile} is not in the blank's row or column (the blank is at {}); only the tiles of its row or column can slide.",
                    self.cell(blank)
                ));
            }
        }
    }

    /// The hint: at once from the table, or a task for the worker (job
    /// `job`), returned for the page to post.
    pub fn ask_hint(&mut self, oracle: Oracle<'_>, job: u64) -> Option<Task> {
        self.waiting = None;
        // The 3×3 table holds single-tile distances: a multi-tile hint is
        // the worker's, whatever the shape.
        let table = match oracle {
            Oracle::Table(table) if self.metric == Metric::Single => table,
            _ => {
                if self.board == self.goal {
                    self.hint = Some("You are at the goal: no move needed.".into());
                    return None;
                }
                if check_parity(&self.board, &self.goal).is_err() {
                    self.hint = Some("No hint: this board cannot reach the goal (the parity invariant differs; see the Solution tab).".into());
                    return None;
                }
                self.waiting = Some(job);
                self.requeue_shortest();
                self.hint = Some("Working out the hint in the Web Worker…".into());
                return Some(Task::Hint {
                    board: self.board,
                    goal: self.goal,
                    budget: HINT_NODES,
                    metric: self.metric,
                });
            }
        };
        let moves = optimal_moves(table, &self.board);
        let names: Vec<&str> = moves.iter().map(|m| m.name()).collect();
        let ways: Vec<String> = names.iter().map(|n| n.to_ascii_lowercase()).collect();
        self.hint = Some(match (table.distance(&self.board), names.len()) {
            (Some(0), _) => "You are at the goal: no move needed.".into(),
            (Some(d), 1) => format!(
                "Hint: {} (the blank moves {}); the exact distance drops from {d} to {}.",
                names[0],
                ways[0],
                d - 1
            ),
            (Some(d), n) if n > 1 => format!(
                "Hint: {} (the blank moves {}); each of these {n} moves drops the exact distance from {d} to {}.",
                names.join(" or "),
                ways.join(" or "),
                d - 1
            ),
            _ => "No hint: this board cannot reach the goal (different inversion parity).".into(),
        });
        None
    }

    /// The analysis task for the worker as job `job`, once, when the goal
    /// has just been reached on a board of at most 16 cells.
    pub fn ask_analysis(&mut self, job: u64) -> Option<Task> {
        if self.analysis != Analysed::Due {
            return None;
        }
        self.analysis = Analysed::Running(job);
        self.requeue_shortest();
        Some(Task::Analyse {
            start: self.start,
            goal: self.goal,
            metric: self.metric,
            moves: self.moves.clone(),
        })
    }

    /// Count, Previous, Next or Replay of the start's shortest solutions.
    fn shortest_action(&mut self, action: ShortestAction, oracle: Oracle<'_>) {
        match action {
            ShortestAction::Count => {
                if !matches!(self.shortest, Counted::Due | Counted::Running(..)) {
                    self.shortest = Counted::Due;
                }
            }
            ShortestAction::Previous => self.shortest.step(false),
            ShortestAction::Next => self.shortest.step(true),
            ShortestAction::Replay => {
                if let Some(text) = self.shortest.shown() {
                    self.paste(&text, Notation::Blank.name(), oracle);
                }
            }
        }
    }

    /// Whether the start's shortest solutions are being counted (or wait
    /// for the worker).
    pub fn counting(&self) -> bool {
        matches!(self.shortest, Counted::Due | Counted::Running(..))
    }

    /// Cancel: a count being worked out or waiting ends; true when there
    /// was one (the worker must stop).
    pub fn cancel_shortest(&mut self) -> bool {
        let was = self.counting();
        if was {
            self.shortest = Counted::None("cancelled".into());
        }
        was
    }

    /// Another job takes the worker: a count it was running is asked
    /// again once the worker is free.
    fn requeue_shortest(&mut self) {
        if matches!(self.shortest, Counted::Running(..)) {
            self.shortest = Counted::Due;
        }
    }

    /// The count of the start's shortest solutions for the worker as job
    /// `job`, once, when it was asked.
    pub fn ask_shortest(&mut self, job: u64) -> Option<Task> {
        if self.shortest != Counted::Due {
            return None;
        }
        self.shortest = Counted::Running(job, None);
        Some(Task::AllShortest {
            start: self.start,
            goal: self.goal,
            metric: self.metric,
            limit: SHORTEST_LISTED,
        })
    }

    /// A worker's reply for count job `job`; false when it is not the
    /// count's, or the count is done.
    pub fn absorb_shortest(&mut self, job: u64, reply: &Reply) -> bool {
        if !matches!(self.shortest, Counted::Running(j, _) if j == job) {
            return false;
        }
        self.shortest = match reply {
            Reply::Progress(Step::Shortest(p)) => {
                self.shortest = Counted::Running(job, Some(*p));
                return true;
            }
            Reply::Progress(_) => return true,
            Reply::Done(Answer::Shortest(s)) => Counted::Done(s.clone(), 0),
            Reply::Error(e) => Counted::None(e.clone()),
            other => Counted::None(unexpected(other)),
        };
        false
    }

    /// Whether the analysis is to be asked of the worker.
    pub fn analysis_due(&self) -> bool {
        self.analysis == Analysed::Due
    }

    /// A worker's reply for hint or analysis job `job`; false when it is
    /// not this game's, or the job is done.
    pub fn absorb(&mut self, job: u64, reply: &Reply) -> bool {
        if self.analysis == Analysed::Running(job) {
            self.analysis = match reply {
                Reply::Progress(Step::Analysis(p)) => {
                    self.analysis_progress = Some(p.clone());
                    return true;
                }
                Reply::Progress(_) => return true,
                Reply::Done(Answer::Analysis(a)) => Analysed::Done(a.clone()),
                Reply::Error(e) => Analysed::None(format!("No analysis: {e}")),
                other => Analysed::None(format!("No analysis: {}", unexpected(other))),
            };
            return false;
        }
        if self.waiting != Some(job) {
            return false;
        }
        let report = reply.report();
        self.hint = Some(match report {
            Some(Report::Search(c)) => format!(
                "Working out the hint: IDA* on the board, then on each other neighbour, {} of at most {} nodes generated so far.",
                thousands(c.generated),
                thousands(HINT_NODES)
            ),
            Some(Report::Hint(answer)) => {
                self.waiting = None;
                hint_answer_words(&answer)
            }
            Some(Report::Failed(e)) => {
                self.waiting = None;
                format!("No hint: {e}")
            }
            _ => {
                self.waiting = None;
                format!("No hint: {}", unexpected(reply))
            }
        });
        self.waiting.is_some()
    }

    /// Cancel of a hint being worked out; true when there was one.
    pub fn cancel_hint(&mut self) -> bool {
        let was = self.drop_hint();
        if was {
            self.hint = Some("Hint cancelled.".into());
        }
        was
    }

    /// Whether the analysis is being worked out in the worker (Cancel
    /// applies).
    pub fn analysis_running(&self) -> bool {
        matches!(self.analysis, Analysed::Running(_))
    }

    /// Cancel of the analysis being worked out; true when there was one.
    pub fn cancel_analysis(&mut self) -> bool {
        let was = self.analysis_running();
        if was {
            self.analysis = Analysed::None("No analysis: cancelled.".into());
        }
        was
    }

    /// The worker failed: a hint or an analysis being worked out ends
    /// with `why`.
    pub fn fail(&mut self, why: &str) {
        if matches!(self.analysis, Analysed::Running(_)) {
            self.analysis = Analysed::None(format!("No analysis: {why}"));
        }
        if self.drop_hint() {
            self.hint = Some(format!("No hint: {why}"));
        }
        if matches!(self.shortest, Counted::Running(..)) {
            self.shortest = Counted::None(why.to_string());
        }
    }

    /// The panel's contents.
    pub fn view(&self, oracle: Oracle<'_>) -> PlayView {
        let blank = self.board.blank();
        let g = plural(self.moves.len() as u32, "move");
        let h = manhattan(&self.board, &self.goal);
        // The 3×3 table and the worker's hint count in the game's metric.
        let exact_words = match self.metric {
            Metric::Single => "exact distance",
            Metric::Multi => "exact multi-tile distance",
        };
        let status = match oracle {
            Oracle::Table(table) => {
                let exact = match table.distance(&self.board) {
                    Some(d) => format!("{exact_words} to the goal {d}"),
                    None => {
                        "the goal is unreachable from here (different inversion parity)".into()
                    }
                };
                format!(
                    "g = {g} so far; Manhattan h = {h}; {exact}. The blank is at {blank} ({}).",
                    self.cell(blank)
                )
            }
            Oracle::Worker if !self.board.shape().optimal_searchable() => format!(
                "g = {g} so far; Manhattan h = {h}. The blank is at {blank} ({}). {}",
                self.cell(blank),
                large_hint_rule()
            ),
            Oracle::Worker => format!(
                "g = {g} so far; Manhattan h = {h}. The blank is at {blank} ({}). A hint is worked out in a Web Worker when you ask: the moves that shorten the {exact_words} when it proves them within its budget, else a fast-mode move.",
                self.cell(blank)
            ),
        };
        let status = format!("{status} {}", play_rule(self.metric));
        PlayView {
            board: self.board.cells().to_vec(),
            moves: self
                .moves
                .iter()
                .map(|&m| match self.metric {
                    Metric::Single => m.direction.name().to_string(),
                    Metric::Multi => m.to_string(),
                })
                .collect(),
            status,
            message: self.message.clone(),
            hint: self.hint.clone(),
            solved: self.board == self.goal,
            hint_running: self.waiting.is_some(),
            counter: format!("Moves: {}", self.moves.len()),
            analysis: match &self.analysis {
                Analysed::NotYet => None,
                Analysed::Due | Analysed::Running(_) => {
                    Some(analysis_progress_words(self.analysis_progress.as_ref()))
                }
                Analysed::Done(a) => Some(analysis_words(a, self.moves.len())),
                Analysed::None(why) => Some(why.clone()),
            },
            analysis_detail: match &self.analysis {
                Analysed::Done(a) => Some(analysis_view(a)),
                _ => None,
            },
            timer: self.clock.text(),
            recorded: self.recorded.map(|r| r.text()),
            solve_link: self.solve_link(),
            shortest: self.shortest.view(self.metric),
        }
    }

    /// At the goal, the link that reopens this start and this solve: the
    /// moves in blank notation, the move count, and the time when the
    /// solve was timed (or the time its link recorded).
    fn solve_link(&self) -> Option<String> {
        if self.board != self.goal || self.moves.is_empty() {
            return None;
        }
        let time = self.clock.stopped().or(self.recorded.and_then(|r| r.time));
        let link = Link {
            start: Some(self.start.to_json()),
            goal: Some(self.goal.to_json()),
            metric: Some(self.metric),
            tab: Some(Tab::Play),
            solve: Some(Notation::Blank.write(&self.moves)),
            moves: Some(self.moves.len()),
            time,
            ..Link::default()
        };
        Some(link.to_fragment())
    }
}

/// What the worker is doing for the analysis, in words: the tables'
/// build (once a session), then the board it is on.
fn analysis_progress_words(p: Option<&AnalysisProgress>) -> String {
    match p {
        None => "Reading your solve back in the Web Worker…".into(),
        Some(AnalysisProgress::Build {
            name,
            bytes,
            done,
            tables,
        }) => format!(
            "Building the {name} tables ({:.1} MB, {done} of {tables} built) for the exact distances; the Web Worker keeps them for this session…",
            *bytes as f64 / 1e6
        ),
        Some(AnalysisProgress::Boards { done, of }) => {
            format!("Analysing: board {} of {of}…", (done + 1).min(*of))
        }
    }
}

/// The analysis as the Play tab shows it.
pub fn analysis_view(a: &Analysis) -> AnalysisView {
    let steps = a
        .steps
        .iter()
        .map(|s| {
            let name = match a.metric {
                Metric::Single => s.slide.direction.name().to_string(),
                Metric::Multi => s.slide.to_string(),
            };
            let mark = match s.wasted {
                Some(true) => " — wasted",
                Some(false) => "",
                None => " — not proved either way",
            };
            format!("{name} — distance {}{mark}", s.distance)
        })
        .collect();
    let distances = std::iter::once(a.optimum)
        .chain(a.steps.iter().map(|s| s.distance))
        .map(Distance::proved)
        .collect();
    AnalysisView { steps, distances }
}

/// The solve read back in words: length, optimum and excess, the distance
/// after each move, and the moves that did not bring the board one closer.
fn analysis_words(a: &Analysis, made: usize) -> String {
    let unit = match a.metric {
        Metric::Single => "move",
        Metric::Multi => "multi-tile move",
    };
    let head = match a.excess {
        Some(x) => format!(
            "Your solve: {}; the optimum is {}, so the excess is {x}.",
            plural(a.length, unit),
            a.optimum
        ),
        None => format!(
            "Your solve: {}; the optimum is {} (a search stopped at its budget, so the excess is at most {}).",
            plural(a.length, unit),
            a.optimum,
            a.length.saturating_sub(a.optimum.proved())
        ),
    };
    // Multi-tile: moves made one after another in one direction are one run.
    let head = if made == a.length as usize {
        head
    } else {
        format!("{head} (Your {made} moves count as {}: a run of moves in one direction is one multi-tile move.)", a.length)
    };
    let after: Vec<String> = a.steps.iter().map(|s| s.distance.to_string()).collect();
    let wasted: Vec<String> = a
        .steps
        .iter()
        .filter(|s| s.wasted == Some(true))
        .map(|s| match a.metric {
            Metric::Single => format!("{} ({})", s.number, s.slide.direction),
            Metric::Multi => format!("{} ({})", s.number, s.slide),
        })
        .collect();
    let wasted = match wasted.len() {
        0 => "No move was wasted: each brought the goal one move closer.".to_string(),
        n => format!(
            "{} did not bring the board one move closer: {}.",
            match n {
                1 => "One move".to_string(),
                n => format!("{n} moves"),
            },
            wasted.join(", ")
        ),
    };
    format!(
        "{head} Distance to the goal after each move, from {}: {}. {wasted}",
        a.optimum,
        after.join(" ")
    )
}

/// What Hint gives on a board past 25 cells, where optimal search does
/// not run.
pub fn large_hint_rule() -> &'static str {
    "A hint is worked out in a Web Worker when you ask: the first move of a fast-mode path, not necessarily on a shortest one (optimal search stops at 25 cells)."
}

/// How Play counts a click on a tile of the blank's row or column.
pub fn play_rule(metric: Metric) -> &'static str {
    match metric {
        Metric::Single => "A click on a tile in the blank's row or column slides the whole run, one move per tile (single-tile metric); an arrow key moves one tile.",
        Metric::Multi => "A click on a tile in the blank's row or column slides the whole run as one move (multi-tile metric); an arrow key moves one tile.",
    }
}

/// The Play tab's state: the game of the current start, once begun.
#[derive(Default)]
pub struct PlayPanel {
    game: Option<Play>,
    /// Whether a hint being worked out was dropped (the worker must stop).
    stop_worker: bool,
}

impl Panel for PlayPanel {
    fn on_edit(&mut self, _: &Edit<'_>) {
        self.stop_worker |= self.end_game();
    }
}

/// The Play tab.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PlayTabView {
    /// The game, when the start and goal are valid.
    pub view: Option<PlayView>,
    /// Why there is no game, when there is none.
    pub note: String,
    /// Why Hint and the move keys are disabled (no game), or `None` when
    /// they apply.
    pub hint_reason: Option<String>,
}

impl PlayPanel {
    /// Drops the game: it was played from the old start. True when a hint
    /// was being worked out (the worker must be told).
    pub fn end_game(&mut self) -> bool {
        self.game.take().is_some_and(|mut g| g.drop_hint())
    }

    /// Whether an edit dropped a hint being worked out (once).
    pub fn take_worker_stop(&mut self) -> bool {
        std::mem::take(&mut self.stop_worker)
    }

    /// Begins a game from the current start, when start and goal are
    /// valid and of one shape; on 3×3 the goal's distance table is built
    /// first. True when a hint was being worked out for the old game (the
    /// worker must stop).
    pub fn begin(&mut self, inputs: &ParsedInputs, tables: &mut GoalTable) -> bool {
        let dropped = self.end_game();
        let pair = inputs.worker_request().pair.ok();
        if let Some((_, goal)) = pair.filter(|(s, _)| s.shape() == Shape::THREE) {
            tables.for_goal_in(&goal, inputs.metric());
        }
        self.game = pair.map(|(start, goal)| Play::new(start, goal, inputs.metric()));
        dropped
    }

    /// Where the game's exact distances come from: the 3×3 goal's table in
    /// the chosen metric, or the worker.
    pub fn oracle<'a>(&self, inputs: &ParsedInputs, tables: &'a GoalTable) -> Option<Oracle<'a>> {
        let game = self.game.as_ref()?;
        if game.board().shape() != Shape::THREE {
            return Some(Oracle::Worker);
        }
        let goal = inputs.goal().as_ref().ok()?;
        tables
            .built_for_in(goal, inputs.metric())
            .map(Oracle::Table)
    }

    /// Does `action` on the game with its oracle; a hint still being worked
    /// out is dropped. A hint is asked as the worker's job `job`. Returns
    /// whether the worker must stop (a hint was dropped) and the task a hint
    /// posts to it.
    pub fn apply(
        &mut self,
        action: PlayAction,
        inputs: &ParsedInputs,
        tables: &GoalTable,
        job: u64,
    ) -> (bool, Option<Task>) {
        let goal = inputs.goal().as_ref().ok();
        let table = goal.and_then(|g| tables.built_for_in(g, inputs.metric()));
        let Some(g) = self.game.as_mut() else {
            return (false, None);
        };
        let oracle = match table {
            _ if g.board().shape() != Shape::THREE => Oracle::Worker,
            Some(t) => Oracle::Table(t),
            None => return (false, None),
        };
        let dropped = g.drop_hint();
        let task = match action {
            PlayAction::Move(mv) => {
                g.apply(mv, oracle);
                None
            }
            PlayAction::Click(index) => {
                g.click(index, oracle);
                None
            }
            PlayAction::Hint => g.ask_hint(oracle, job),
            // Dealt by the workbench, which owns the inputs.
            PlayAction::Scramble(_) => None,
            PlayAction::Paste { text, notation } => {
                g.paste(&text, &notation, oracle);
                None
            }
            PlayAction::Shortest(a) => {
                g.shortest_action(a, oracle);
                None
            }
        };
        (dropped, task)
    }

    /// The game in progress.
    pub fn game(&self) -> Option<&Play> {
        self.game.as_ref()
    }

    /// The game in progress.
    pub fn game_mut(&mut self) -> Option<&mut Play> {
        self.game.as_mut()
    }

    /// The tab's contents.
    pub fn view(&self, oracle: Option<Oracle<'_>>) -> PlayTabView {
        match (self.game.as_ref(), oracle) {
            (Some(play), Some(oracle)) => PlayTabView {
                view: Some(play.view(oracle)),
                note: String::new(),
                hint_reason: None,
            },
            _ => PlayTabView {
                view: None,
                note: "No game: the start and goal boards must be valid.".into(),
                hint_reason: Some(
                    "Hint and the move keys need a game: the start and goal boards must be valid."
                        .into(),
                ),
            },
        }
    }
}

/// What a person does on the Play tab.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayAction {
    /// Moves the blank.
    Move(Move),
    /// A click or tap on a board cell.
    Click(usize),
    /// Asks which moves bring the board one move closer.
    Hint,
    /// Deals a uniformly random board that reaches the goal (of the goal's
    /// shape), drawn with this seed, as the new start, and begins a game.
    Scramble(u64),
    /// Replays a pasted solve from the start, in the notation named
    /// (`blank` or `tile`), as typed.
    Paste {
        /// The moves as typed.
        text: String,
        /// The notation's name as the select gives it.
        notation: String,
    },
    /// The start's shortest solutions.
    Shortest(ShortestAction),
}
