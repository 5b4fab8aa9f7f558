//! The Race tab: two searches on the current start and goal, stepped in
//! lockstep (one expansion each per step; IDA*: one board entered), with
//! their frontiers drawn as the Trace draws them and a finish line that
//! says who found which path at what cost. The searches are the engine's
//! ([`RaceSide`]); this panel only picks them, steps them and words them.

use super::common::GoalTable;
use super::input::{Edit, Panel, ParsedInputs};
use super::picture::{heuristic_part, slug};
use super::trace::{entry_boards, ida_path_boards, SmallBoard};
use super::weighted::{choice_code, choice_of, from_link_value, link_value, WRITTEN, WRITTEN_NOTE};
use crate::engine::text::{noun, thousands};
use crate::engine::{
    heuristic::{BuiltIn, Heuristic},
    teaching::{
        f_text, parse_weight, shortest_text, RaceEnd, RaceSearch, RaceSide, Weight, RACE_BUDGET,
    },
};

/// `n` and the noun, n with thousands separators: `1 step`, `4,158 steps`.
fn counted(n: impl Into<u64>, word: &str) -> String {
    let n: u64 = n.into();
    format!("{} {}", thousands(n), noun(n, word))
}
use crate::engine::contract::Goal;
use crate::engine::{moves::Metric, Board, Shape};

/// What the tab does, in one paragraph.
pub const RACE_INTRO: &str = "Two searches from the current start to the current goal (3×3, as the Trace), in lockstep: each Step expands one board on each side (IDA*: enters one board), and Play steps on by itself.";

/// The kind of search a side runs, as its picker offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RacePick {
    /// A* (weighted when w > 1), with a heuristic.
    AStar,
    /// Greedy best-first, with a heuristic.
    Greedy,
    /// Breadth-first.
    Breadth,
    /// IDA* with Manhattan.
    Ida,
}

impl RacePick {
    /// Every pick, in the picker's order.
    pub const ALL: [RacePick; 4] = [
        RacePick::AStar,
        RacePick::Greedy,
        RacePick::Breadth,
        RacePick::Ida,
    ];

    /// The picker's value (and the link's).
    pub fn key(self) -> &'static str {
        match self {
            RacePick::AStar => "astar",
            RacePick::Greedy => "greedy",
            RacePick::Breadth => "bfs",
            RacePick::Ida => "idastar",
        }
    }

    /// The pick a value names.
    pub fn from_key(key: &str) -> Option<RacePick> {
        RacePick::ALL.into_iter().find(|p| p.key() == key)
    }

    /// The picker's label.
    pub fn label(self) -> &'static str {
        match self {
            RacePick::AStar => "A* (weight w)",
            RacePick::Greedy => "greedy best-first",
            RacePick::Breadth => "breadth-first (BFS)",
            RacePick::Ida => "IDA* (Manhattan)",
        }
    }

    /// Whether the heuristic picker applies.
    pub fn uses_heuristic(self) -> bool {
        matches!(self, RacePick::AStar | RacePick::Greedy)
    }
}

/// The left or the right side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RaceLane {
    /// The first side (drawn left, or on top at 360 px).
    Left,
    /// The second side.
    Right,
}

impl RaceLane {
    /// Both, left first.
    pub const ALL: [RaceLane; 2] = [RaceLane::Left, RaceLane::Right];

    /// "Left" or "Right".
    pub fn name(self) -> &'static str {
        match self {
            RaceLane::Left => "Left",
            RaceLane::Right => "Right",
        }
    }

    fn index(self) -> usize {
        match self {
            RaceLane::Left => 0,
            RaceLane::Right => 1,
        }
    }
}

/// How fast Play steps: steps per tick and the tick's length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum RaceSpeed {
    /// One step every half second.
    Slow,
    /// Ten steps a second.
    #[default]
    Medium,
    /// 20 steps every 50 ms.
    Fast,
    /// 500 steps every 50 ms.
    Fastest,
}

impl RaceSpeed {
    /// Every speed, slowest first.
    pub const ALL: [RaceSpeed; 4] = [
        RaceSpeed::Slow,
        RaceSpeed::Medium,
        RaceSpeed::Fast,
        RaceSpeed::Fastest,
    ];

    /// The picker's value (and the link's).
    pub fn key(self) -> &'static str {
        match self {
            RaceSpeed::Slow => "slow",
            RaceSpeed::Medium => "medium",
            RaceSpeed::Fast => "fast",
            RaceSpeed::Fastest => "fastest",
        }
    }

    /// The speed a value names.
    pub fn from_key(key: &str) -> Option<RaceSpeed> {
        RaceSpeed::ALL.into_iter().find(|s| s.key() == key)
    }

    /// The picker's label: what a tick asks for (a busy machine may run
    /// ticks later than asked, never more steps).
    pub fn label(self) -> &'static str {
        match self {
            RaceSpeed::Slow => "1 step every 500 ms",
            RaceSpeed::Medium => "1 step every 100 ms",
            RaceSpeed::Fast => "20 steps every 50 ms",
            RaceSpeed::Fastest => "500 steps every 50 ms",
        }
    }

    /// Steps per tick.
    pub fn steps(self) -> u32 {
        match self {
            RaceSpeed::Slow | RaceSpeed::Medium => 1,
            RaceSpeed::Fast => 20,
            RaceSpeed::Fastest => 500,
        }
    }

    /// The tick's length in milliseconds.
    pub fn ms(self) -> u32 {
        match self {
            RaceSpeed::Slow => 500,
            RaceSpeed::Medium => 100,
            RaceSpeed::Fast | RaceSpeed::Fastest => 50,
        }
    }
}

/// What one side is set to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceChoice {
    /// The kind of search.
    pub pick: RacePick,
    /// A*'s and greedy's h: built-in or written (the workshop's text), or
    /// why a written one is not used.
    pub heuristic: Result<Heuristic, String>,
    /// A*'s w.
    pub weight: Weight,
}

impl RaceChoice {
    /// The engine's search, or why the written h is not used.
    pub fn search(&self) -> Result<RaceSearch, String> {
        let h = || self.heuristic.clone();
        Ok(match self.pick {
            RacePick::AStar => RaceSearch::AStar {
                heuristic: h()?,
                weight: self.weight,
            },
            RacePick::Greedy => RaceSearch::Greedy(h()?),
            RacePick::Breadth => RaceSearch::Breadth,
            RacePick::Ida => RaceSearch::Ida,
        })
    }

    /// How the side's name says its h: the built-in's name, `your h =
    /// <text>`, or `your h` when it does not parse.
    fn h_name(&self) -> String {
        match &self.heuristic {
            Ok(h) => h.name(),
            Err(_) => "your h".to_string(),
        }
    }

    /// The search in words, e.g. `A* (Manhattan, w = 1)`.
    pub fn name(&self) -> String {
        match self.pick {
            RacePick::AStar if self.weight == Weight::ONE => format!("A* ({})", self.h_name()),
            RacePick::AStar => format!("weighted A* ({}, w = {})", self.h_name(), self.weight),
            RacePick::Greedy => format!("greedy best-first ({})", self.h_name()),
            RacePick::Breadth => "breadth-first search".to_string(),
            RacePick::Ida => "IDA* (Manhattan)".to_string(),
        }
    }

    /// The link's text: `astar_manhattan_1.5`, `greedy_misplaced`,
    /// `astar_h:3*manhattan_1` (a written h as `heuristic=` writes it),
    /// `bfs`, `idastar`; `None` for a written h that does not parse (the
    /// link cannot carry it).
    pub fn to_link(&self) -> Option<String> {
        let h = || self.heuristic.as_ref().ok().map(link_value);
        Some(match self.pick {
            RacePick::AStar => format!("astar_{}_{}", h()?, self.weight),
            RacePick::Greedy => format!("greedy_{}", h()?),
            RacePick::Breadth | RacePick::Ida => self.pick.key().to_string(),
        })
    }

    /// The choice a link's text names (exactly as [`RaceChoice::to_link`]
    /// writes it). The weight is last and has no `_`, so an expression may
    /// hold one (`linear_conflict`).
    pub fn from_link(text: &str) -> Option<RaceChoice> {
        let (key, rest) = text.split_once('_').unwrap_or((text, ""));
        let pick = RacePick::from_key(key)?;
        let mut c = RaceChoice {
            pick,
            ..RaceChoice::default()
        };
        let h = match pick {
            RacePick::AStar => {
                let (h, w) = rest.rsplit_once('_')?;
                c.weight = parse_weight(w).ok()?;
                Some(h)
            }
            RacePick::Greedy => Some(rest),
            RacePick::Breadth | RacePick::Ida => None,
        };
        if let Some(h) = h {
            c.heuristic = Ok(from_link_value(h)?);
        }
        (c.to_link().as_deref() == Some(text)).then_some(c)
    }

    /// The search as a file-name part: `astar-manhattan`,
    /// `astar-manhattan-w1.5`, `greedy-misplaced`, `astar-written`
    /// (a written h, whatever its text), `bfs`, `idastar`.
    pub fn file_part(&self) -> String {
        let h = self
            .heuristic
            .as_ref()
            .map_or(WRITTEN.to_string(), heuristic_part);
        match self.pick {
            RacePick::AStar if self.weight == Weight::ONE => format!("astar-{h}"),
            RacePick::AStar => format!("astar-{h}-w{}", slug(&self.weight.text())),
            RacePick::Greedy => format!("greedy-{h}"),
            RacePick::Breadth | RacePick::Ida => self.pick.key().to_string(),
        }
    }

    /// Whether the search's paths are shortest by construction (an
    /// admissible built-in h at w = 1, BFS, IDA* with Manhattan; a written
    /// h is not taken on trust).
    fn optimal(&self) -> bool {
        match self.pick {
            RacePick::AStar => {
                self.weight == Weight::ONE
                    && matches!(&self.heuristic, Ok(Heuristic::BuiltIn(h)) if h.lower_bound_in(Metric::Single))
            }
            RacePick::Greedy => false,
            RacePick::Breadth | RacePick::Ida => true,
        }
    }
}

impl Default for RaceChoice {
    fn default() -> Self {
        RaceChoice {
            pick: RacePick::AStar,
            heuristic: Ok(BuiltIn::Manhattan.into()),
            weight: Weight::ONE,
        }
    }
}

/// What a person does on the Race tab.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RaceAction {
    /// A side's kind of search.
    Pick(RaceLane, RacePick),
    /// A side's heuristic.
    Heuristic(RaceLane, BuiltIn),
    /// A side's h is the workshop's written h (the workbench passes its
    /// text: [`RacePanel::set_heuristic`]).
    Written(RaceLane),
    /// A side's weight.
    Weight(RaceLane, Weight),
    /// One step of each side.
    Step,
    /// Play or Pause.
    TogglePlay,
    /// Play's speed.
    Speed(RaceSpeed),
    /// Both sides from the start again.
    Reset,
}

/// How many boards each side draws: the next entries to pop (IDA*: the
/// deepest boards of its path).
pub const RACE_BOARDS: usize = 3;

/// Race tokens have this bit set, so a race tick is never taken for the
/// Solution tab's playback (whose tokens count up from 1).
const TOKEN_BIT: u64 = 1 << 62;

/// The Race tab's state.
pub struct RacePanel {
    choices: [RaceChoice; 2],
    sides: Option<[RaceSide; 2]>,
    /// Why there is no race (the inputs, the parity).
    refused: Option<String>,
    speed: RaceSpeed,
    playing: Option<u64>,
    tokens: u64,
}

impl Default for RacePanel {
    fn default() -> Self {
        RacePanel {
            choices: [
                RaceChoice::default(),
                RaceChoice {
                    pick: RacePick::Breadth,
                    ..RaceChoice::default()
                },
            ],
            sides: None,
            refused: None,
            speed: RaceSpeed::default(),
            playing: None,
            tokens: 0,
        }
    }
}

impl Panel for RacePanel {
    /// Drops the race: it belongs to the old start and goal.
    fn on_edit(&mut self, _: &Edit<'_>) {
        self.sides = None;
        self.refused = None;
        self.playing = None;
    }
}

/// One side as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceSideView {
    /// `Left` or `Right`.
    pub lane: RaceLane,
    /// What it is set to run.
    pub choice: RaceChoice,
    /// The search in words.
    pub title: String,
    /// `Frontier: 12 entries` (IDA*: the boards on its path).
    pub frontier: String,
    /// `Expansions: 35`.
    pub expansions: String,
    /// The best priority: `Best f = g + h: 14`, greedy's h, BFS's g, or
    /// IDA*'s bound.
    pub best: String,
    /// Running, or how it ended.
    pub status: String,
    /// What the boards below are.
    pub boards_caption: String,
    /// The next entries to pop (IDA*: its path), drawn as the Trace does.
    pub boards: Vec<SmallBoard>,
}

/// The Race tab.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RaceView {
    /// The two sides (none when no race can run).
    pub sides: Vec<RaceSideView>,
    /// Why there is no race, or the steps so far.
    pub status: String,
    /// The finish line: one sentence per side that ended, then who won.
    pub finish: Vec<String>,
    /// Play or Pause.
    pub play_label: &'static str,
    /// Whether Play runs.
    pub playing: bool,
    /// The chosen speed.
    pub speed: RaceSpeed,
    /// Whether Step and Play can do anything.
    pub can_step: bool,
    /// The stated cap on each side; with a side on a written h, what
    /// that means ([`WRITTEN_NOTE`]).
    pub budget_note: String,
    /// Steps taken so far (0 before the first).
    pub steps: u64,
}

impl RacePanel {
    /// Begins the race from `inputs` if none is set up.
    pub fn ensure(&mut self, inputs: &ParsedInputs) {
        if self.sides.is_none() && self.refused.is_none() {
            self.reset(inputs);
        }
    }

    /// Both sides from the start of the current inputs.
    pub fn reset(&mut self, inputs: &ParsedInputs) {
        self.sides = None;
        self.refused = None;
        self.playing = None;
        let (start, goal) = match (inputs.start(), inputs.goal()) {
            (Ok(s), Ok(g)) => (*s, Goal::new(*g)),
            _ => {
                self.refused = Some(match inputs.shown_shape() {
                    Some(shape) if shape != Shape::THREE => format!(
                        "No race: the Race runs on a 3×3 board only, as the Trace does; the start is a {} board. Type or choose a 3×3 board to use this tab.",
                        shape.name()
                    ),
                    _ => "No race: the start or the goal is not a valid 3×3 board. Fix it, then press Reset race.".into(),
                });
                return;
            }
        };
        // A written h that does not parse runs no race, and says why.
        let search = |lane: RaceLane| {
            self.choices[lane.index()].search().map_err(|why| {
                format!(
                    "No race: {}: {why}. Fix it in the Lab's workshop, or choose another heuristic for that side.",
                    lane.name()
                )
            })
        };
        let (left, right) = match (search(RaceLane::Left), search(RaceLane::Right)) {
            (Ok(l), Ok(r)) => (l, r),
            (Err(why), _) | (_, Err(why)) => {
                self.refused = Some(why);
                return;
            }
        };
        let made = [
            RaceSide::new(left, &start, &goal),
            RaceSide::new(right, &start, &goal),
        ];
        match made {
            [Ok(a), Ok(b)] => self.sides = Some([a, b]),
            [Err(p), _] | [_, Err(p)] => {
                self.refused = Some(format!(
                    "No race: {}; their parity differs, so the goal is unreachable.",
                    p.sides()
                ));
            }
        }
    }

    /// What each side runs.
    pub fn choices(&self) -> &[RaceChoice; 2] {
        &self.choices
    }

    /// Play's speed.
    pub fn speed(&self) -> RaceSpeed {
        self.speed
    }

    /// Steps taken so far (0 before the first).
    pub fn steps(&self) -> u64 {
        self.sides
            .as_ref()
            .map_or(0, |s| s[0].steps().max(s[1].steps()))
    }

    /// Sets a side's search (from a link or a picker); the race begins again.
    pub fn set_choice(&mut self, inputs: &ParsedInputs, lane: RaceLane, choice: RaceChoice) {
        if self.choices[lane.index()] != choice {
            self.choices[lane.index()] = choice;
            self.reset(inputs);
        }
    }

    /// Sets a side's h: a built-in, or the workshop's written h (or why it
    /// is not used); the race begins again.
    pub fn set_heuristic(
        &mut self,
        inputs: &ParsedInputs,
        lane: RaceLane,
        heuristic: Result<Heuristic, String>,
    ) {
        let choice = RaceChoice {
            heuristic,
            ..self.choices[lane.index()].clone()
        };
        self.set_choice(inputs, lane, choice);
    }

    /// The workshop's expression changed: a side whose h is written
    /// follows it.
    pub fn on_expr(&mut self, inputs: &ParsedInputs, text: &str) {
        for lane in RaceLane::ALL {
            if choice_code(&self.choices[lane.index()].heuristic) == WRITTEN {
                if let Some(h) = choice_of(WRITTEN, text) {
                    self.set_heuristic(inputs, lane, h);
                }
            }
        }
    }

    /// Sets Play's speed.
    pub fn set_speed(&mut self, speed: RaceSpeed) {
        self.speed = speed;
    }

    /// Whether both sides have ended (or there is no race).
    fn over(&self) -> bool {
        self.sides
            .as_ref()
            .is_none_or(|s| s.iter().all(|x| x.end().is_some()))
    }

    /// One step of each side still running.
    fn step_once(&mut self) {
        if let Some(sides) = self.sides.as_mut() {
            for s in sides {
                s.step();
            }
        }
    }

    /// Runs the sides `steps` more steps (each at most to its end).
    pub fn run_steps(&mut self, steps: u64) {
        for _ in 0..steps {
            if self.over() {
                break;
            }
            self.step_once();
        }
    }

    /// Does `action`; returns a token when Play started (the page then
    /// starts a timer that presents it to [`RacePanel::tick`]).
    pub fn apply(&mut self, inputs: &ParsedInputs, action: RaceAction) -> Option<u64> {
        let mut choice = |lane: RaceLane, f: &dyn Fn(&mut RaceChoice)| {
            let mut c = self.choices[lane.index()].clone();
            f(&mut c);
            self.set_choice(inputs, lane, c);
        };
        match action {
            RaceAction::Pick(lane, pick) => choice(lane, &|c| c.pick = pick),
            RaceAction::Heuristic(lane, h) => choice(lane, &|c| c.heuristic = Ok(h.into())),
            // The workbench passes the workshop's text instead
            // ([`RacePanel::set_heuristic`]): nothing here.
            RaceAction::Written(_) => {}
            RaceAction::Weight(lane, w) => choice(lane, &|c| c.weight = w),
            RaceAction::Step => {
                self.ensure(inputs);
                self.playing = None;
                self.step_once();
            }
            RaceAction::TogglePlay => {
                self.ensure(inputs);
                if self.playing.take().is_none() && !self.over() {
                    self.tokens += 1;
                    let token = TOKEN_BIT | self.tokens;
                    self.playing = Some(token);
                    return Some(token);
                }
            }
            RaceAction::Speed(s) => self.speed = s,
            RaceAction::Reset => self.reset(inputs),
        }
        None
    }

    /// Whether `token` is this panel's running Play.
    pub fn owns(&self, token: u64) -> bool {
        self.playing == Some(token)
    }

    /// A Play tick: the speed's steps; whether Play goes on (it stops by
    /// itself when both sides have ended).
    pub fn tick(&mut self, token: u64) -> bool {
        if !self.owns(token) {
            return false;
        }
        self.run_steps(u64::from(self.speed.steps()));
        if self.over() {
            self.playing = None;
        }
        self.playing.is_some()
    }

    /// Stops Play (another tab was opened).
    pub fn pause(&mut self) {
        self.playing = None;
    }

    /// The tab's contents; `tables` gives the finish line the exact optimum.
    pub fn view(&self, tables: &mut GoalTable, goal: Option<(Board, Board)>) -> RaceView {
        let budget_note = format!(
            "Cap: {} expansions a side (more than the 181,440 boards of a 3×3 class, so BFS always ends); a side that reaches it stops as Unknown — unfinished, not \"no solution\". The Budget field does not apply here.",
            thousands(u64::from(RACE_BUDGET))
        );
        // A side on a written h: what that means, as the Trace and the Lab
        // say it.
        let written = self
            .choices
            .iter()
            .any(|c| c.pick.uses_heuristic() && choice_code(&c.heuristic) == WRITTEN);
        let budget_note = if written {
            format!("{budget_note} {WRITTEN_NOTE}")
        } else {
            budget_note
        };
        let mut v = RaceView {
            play_label: if self.playing.is_some() {
                "Pause"
            } else {
                "Play"
            },
            playing: self.playing.is_some(),
            speed: self.speed,
            budget_note,
            ..RaceView::default()
        };
        let Some(sides) = self.sides.as_ref() else {
            v.status = self
                .refused
                .clone()
                .unwrap_or_else(|| "No race yet: press Step or Play to begin.".to_string());
            v.can_step = self.refused.is_none();
            v.sides = RaceLane::ALL
                .iter()
                .map(|&lane| idle_side(lane, &self.choices[lane.index()]))
                .collect();
            return v;
        };
        // The exact optimum is needed once a side has ended (the table is
        // built once per goal).
        let optimal = goal
            .filter(|_| sides.iter().any(|s| s.end().is_some()))
            .and_then(|(start, goal)| tables.for_goal(&goal).distance(&start));
        v.can_step = !self.over();
        v.sides = RaceLane::ALL
            .iter()
            .zip(sides)
            .map(|(&lane, s)| side_view(lane, &self.choices[lane.index()], s, optimal))
            .collect();
        let steps = self.steps();
        v.steps = steps;
        v.status = if steps == 0 {
            "Ready: each Step expands one board on each side (IDA*: enters one board).".to_string()
        } else if self.over() {
            format!("Both sides have ended, after {}.", counted(steps, "step"))
        } else {
            format!("Racing: {} so far.", counted(steps, "step"))
        };
        v.finish = finish_line(&self.choices, sides, optimal);
        if v.finish.is_empty() {
            v.finish.push("No side has ended yet.".to_string());
        }
        v
    }
}

/// A side before the race has begun: its choice and no figures.
fn idle_side(lane: RaceLane, choice: &RaceChoice) -> RaceSideView {
    RaceSideView {
        lane,
        choice: choice.clone(),
        title: format!("{}: {}", lane.name(), choice.name()),
        frontier: String::new(),
        expansions: String::new(),
        best: String::new(),
        status: "Not started.".into(),
        boards_caption: String::new(),
        boards: Vec::new(),
    }
}

fn side_view(
    lane: RaceLane,
    choice: &RaceChoice,
    s: &RaceSide,
    optimal: Option<u32>,
) -> RaceSideView {
    let twice_w = choice.weight.twice();
    let head = s.preview(RACE_BOARDS);
    let best = match (choice.pick, s.bound(), head.first()) {
        (_, Some(bound), _) => format!("Bound on f: {bound}"),
        (RacePick::Greedy, _, Some(e)) => format!("Best h (greedy's priority): {}", e.h),
        (RacePick::Breadth, _, Some(e)) => format!("Best g (BFS's priority): {}", e.g),
        (RacePick::AStar, _, Some(e)) if choice.weight == Weight::ONE => {
            format!("Best f = g + h: {}", e.f())
        }
        (RacePick::AStar, _, Some(e)) => format!(
            "Best f = g + {}·h: {}",
            choice.weight,
            f_text(e.g, e.h, twice_w)
        ),
        _ => "Best priority: none (the frontier is empty)".to_string(),
    };
    // A side that has ended pops nothing more: its boards are what it
    // held when it stopped, and the caption says so.
    let ended = s.end().is_some();
    let (boards_caption, boards) = if choice.pick == RacePick::Ida {
        let path = s.ida_path();
        let deepest = &path[path.len().saturating_sub(RACE_BOARDS)..];
        (
            format!(
                "The deepest {} of IDA*'s path (its stack){}, deepest last",
                counted(deepest.len() as u64, "board"),
                if ended { " when it stopped" } else { "" }
            ),
            s.bound()
                .map_or_else(Vec::new, |b| ida_path_boards(deepest, b)),
        )
    } else {
        (
            if !ended {
                format!(
                    "The next {} to pop, first first",
                    counted(head.len() as u64, "entry")
                )
            } else if head.is_empty() {
                "Nothing more to pop: the search ended.".to_string()
            } else {
                format!(
                    "Nothing more to pop: the search ended. The first {} of its frontier when it stopped:",
                    counted(head.len() as u64, "entry")
                )
            },
            entry_boards(
                &head,
                if choice.pick == RacePick::AStar {
                    twice_w
                } else {
                    2
                },
            ),
        )
    };
    let frontier = if choice.pick == RacePick::Ida {
        format!(
            "Path (IDA*'s stack): {}",
            counted(s.frontier_len() as u64, "board")
        )
    } else {
        format!("Frontier: {}", counted(s.frontier_len() as u64, "entry"))
    };
    RaceSideView {
        lane,
        choice: choice.clone(),
        title: format!("{}: {}", lane.name(), choice.name()),
        frontier,
        expansions: format!("Expansions: {}", thousands(s.expansions())),
        best,
        status: match s.end() {
            None => format!("Running: {}.", counted(s.steps(), "step")),
            Some((end, at)) => end_text(end, at, choice, optimal),
        },
        boards_caption,
        boards,
    }
}

/// How a side ended, in one sentence.
fn end_text(end: &RaceEnd, at: u64, choice: &RaceChoice, optimal: Option<u32>) -> String {
    match end {
        RaceEnd::Found { cost, .. } => format!(
            "Found a path of {} at step {} — {}.",
            counted(*cost, "move"),
            thousands(at),
            match optimal {
                Some(d) => shortest_text(*cost, d),
                None if choice.optimal() => "shortest by construction".to_string(),
                None => "the optimal cost is not known here".to_string(),
            }
        ),
        RaceEnd::Budget => format!(
            "Stopped at step {}: the cap of {} expansions was reached. Unknown — the search is unfinished, which does not mean there is no solution.",
            thousands(at),
            thousands(u64::from(RACE_BUDGET))
        ),
        RaceEnd::WrittenH(f) => format!(
            "Stopped at step {}: {f}. No path, and no claim about one.",
            thousands(at)
        ),
        RaceEnd::Failed(why) => format!("Stopped at step {}: internal error: {why}.", thousands(at)),
    }
}

/// The finish line: each side that ended, then who found a path first.
fn finish_line(
    choices: &[RaceChoice; 2],
    sides: &[RaceSide; 2],
    optimal: Option<u32>,
) -> Vec<String> {
    let mut lines: Vec<String> = RaceLane::ALL
        .iter()
        .zip(sides)
        .filter_map(|(&lane, s)| {
            let (end, at) = s.end()?;
            // Which path: the blank's moves as one word (U, D, L, R).
            let path = match end {
                RaceEnd::Found { moves, .. } => format!(
                    " The blank's moves: {}.",
                    moves.iter().map(|m| m.letter()).collect::<String>()
                ),
                _ => String::new(),
            };
            Some(format!(
                "{} ({}): {}{path}",
                lane.name(),
                choices[lane.index()].name(),
                end_text(end, at, &choices[lane.index()], optimal)
            ))
        })
        .collect();
    let found = |s: &RaceSide| match s.end() {
        Some((RaceEnd::Found { .. }, at)) => Some(at),
        _ => None,
    };
    let [l, r] = [found(&sides[0]), found(&sides[1])];
    let winner = match (l, r) {
        (Some(a), Some(b)) if a == b => Some("Both found a path at the same step.".to_string()),
        (Some(a), b) if b.is_none_or(|b| a < b) => Some(format!(
            "Left found a path first, at step {}.",
            thousands(a)
        )),
        (a, Some(b)) if a.is_none_or(|a| b < a) => Some(format!(
            "Right found a path first, at step {}.",
            thousands(b)
        )),
        _ => None,
    };
    lines.extend(winner);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::teaching::WEIGHTED_OFFER;
    use crate::view::common::Inputs;

    fn inputs(start: &str) -> ParsedInputs {
        ParsedInputs::new(
            Inputs {
                start: start.into(),
                goal: Inputs::default().goal,
                budget: Inputs::default().budget,
            },
            "1000000",
            crate::engine::solve::Mode::Optimal,
        )
    }

    /// A written h as a picker sets it (the workshop's text).
    fn written(text: &str) -> Result<Heuristic, String> {
        choice_of(WRITTEN, text).unwrap()
    }

    #[test]
    fn choices_round_trip_through_links() {
        let mut heuristics: Vec<_> = WEIGHTED_OFFER.iter().map(|&h| Ok(h.into())).collect();
        for text in [
            "manhattan",
            "3 * manhattan",
            "max(linear_conflict, 2*misplaced - 1)",
        ] {
            heuristics.push(written(text));
        }
        for pick in RacePick::ALL {
            for heuristic in &heuristics {
                for weight in Weight::ALL {
                    let c = RaceChoice {
                        pick,
                        heuristic: heuristic.clone(),
                        weight,
                    };
                    let link = c.to_link().unwrap();
                    let back = RaceChoice::from_link(&link).unwrap();
                    assert_eq!(back.search(), c.search(), "{link}");
                    assert_eq!(back.to_link().as_deref(), Some(link.as_str()));
                }
            }
        }
        let c = RaceChoice::from_link("astar_linear-conflict_2.5").unwrap();
        assert_eq!(c.name(), "weighted A* (linear conflict, w = 2.5)");
        assert_eq!(c.file_part(), "astar-linear-conflict-w2.5");
        // A written h: named by its text, filed as `written`; an `_` in the
        // expression is kept (the weight is the last part).
        let c = RaceChoice::from_link("astar_h:max(linear_conflict, misplaced)_1.5").unwrap();
        assert_eq!(
            c.name(),
            "weighted A* (your h = max(linear_conflict, misplaced), w = 1.5)"
        );
        assert_eq!(c.file_part(), "astar-written-w1.5");
        for (link, name, file) in [
            (
                "astar_h:manhattan_1",
                "A* (your h = manhattan)",
                "astar-written",
            ),
            (
                "greedy_h:2*misplaced",
                "greedy best-first (your h = 2*misplaced)",
                "greedy-written",
            ),
        ] {
            let c = RaceChoice::from_link(link).unwrap();
            assert_eq!((c.name().as_str(), c.file_part().as_str()), (name, file));
        }
        for (link, file) in [
            ("astar_manhattan_1", "astar-manhattan"),
            ("greedy_misplaced", "greedy-misplaced"),
            ("bfs", "bfs"),
            ("idastar", "idastar"),
        ] {
            assert_eq!(RaceChoice::from_link(link).unwrap().file_part(), file);
        }
        for bad in [
            "",
            "astar",
            "astar_manhattan",
            "astar_manhattan_6",
            "bfs_x",
            "greedy_",
            "dfs",
            "astar_manhattan_1.50",
            "astar_h:_1",
            "astar_h:2*_1",
            "greedy_h:",
            "astar_h:manhattan",
            "greedy_h:manhattan_1",
            "bfs_h:manhattan",
        ] {
            assert_eq!(RaceChoice::from_link(bad), None, "{bad}");
        }
        // A written h that does not parse: named, not run, not linked.
        let c = RaceChoice {
            heuristic: written(""),
            ..RaceChoice::default()
        };
        assert_eq!(c.name(), "A* (your h)");
        assert_eq!(c.to_link(), None);
        assert_eq!(
            c.search(),
            Err("your h does not parse: at character 1: expected a number, a name or `(`, found the end of the expression".to_string())
        );
        // Breadth-first takes no h: its link is whole whatever the h.
        let c = RaceChoice {
            pick: RacePick::Breadth,
            ..c
        };
        assert_eq!(c.to_link().as_deref(), Some("bfs"));
    }

    #[test]
    fn a_written_h_races_as_its_built_in_twin() {
        let input = inputs("[8,1,3,4,0,2,7,6,5]");
        let boards = Some((
            Board::square(&[8, 1, 3, 4, 0, 2, 7, 6, 5]).unwrap(),
            Board::DEFAULT_GOAL,
        ));
        let mut tables = GoalTable::default();
        let mut panel = RacePanel::default();
        panel.apply(&input, RaceAction::Pick(RaceLane::Right, RacePick::Greedy));
        panel.set_heuristic(&input, RaceLane::Right, written("manhattan"));
        panel.apply(&input, RaceAction::Step);
        let v = panel.view(&mut tables, boards);
        assert_eq!(v.sides[0].title, "Left: A* (Manhattan)");
        assert_eq!(
            v.sides[1].title,
            "Right: greedy best-first (your h = manhattan)"
        );
        assert_eq!(v.sides[1].best, "Best h (greedy's priority): 9");
        assert!(v.budget_note.ends_with(&format!(
            "The Budget field does not apply here. {WRITTEN_NOTE}"
        )));
        panel.run_steps(1_000);
        let v = panel.view(&mut tables, boards);
        // Greedy with `manhattan` written: the built-in's 76 moves at step
        // 457 (456 expansions), worded as any side.
        assert_eq!(
            v.finish[1],
            "Right (greedy best-first (your h = manhattan)): Found a path of 76 moves at step 457 — not shortest: 62 moves longer than optimal. The blank's moves: RDLUULDRULDRDLUURDLURDRDLLUURDLDRRUULDDLURURDLURDDLLURDRUULDRULDLURRDLULDRRD."
        );
        assert_eq!(v.sides[1].expansions, "Expansions: 456");
        assert_eq!(
            crate::view::Picture::race(&v).unwrap().file,
            "race-3x3-astar-manhattan-vs-greedy-written-step-457"
        );
        // A* with `manhattan` written on both sides: the built-in's 35
        // expansions and 14 moves, on each side.
        panel.apply(&input, RaceAction::Pick(RaceLane::Right, RacePick::AStar));
        panel.set_heuristic(&input, RaceLane::Left, written("manhattan"));
        panel.run_steps(1_000);
        let v = panel.view(&mut tables, boards);
        assert_eq!(
            v.finish,
            [
                "Left (A* (your h = manhattan)): Found a path of 14 moves at step 36 — shortest (checked against the distance table). The blank's moves: RDLLUURDLDRURD.",
                "Right (A* (your h = manhattan)): Found a path of 14 moves at step 36 — shortest (checked against the distance table). The blank's moves: RDLLUURDLDRURD.",
                "Both found a path at the same step.",
            ]
        );
        assert_eq!(v.sides[0].expansions, "Expansions: 35");
        // `2 * manhattan` written: the built-in twice Manhattan's figures.
        let mut twins = Vec::new();
        for h in [written("2 * manhattan"), Ok(BuiltIn::TwiceManhattan.into())] {
            panel.set_heuristic(&input, RaceLane::Left, h);
            panel.run_steps(1_000);
            let v = panel.view(&mut tables, boards);
            twins.push((v.sides[0].expansions.clone(), v.sides[0].status.clone()));
        }
        assert_eq!(twins[0], twins[1]);
        assert_eq!(
            twins[0],
            (
                "Expansions: 31".to_string(),
                "Found a path of 14 moves at step 32 — shortest (checked against the distance table).".to_string()
            )
        );
        // An inadmissible written h: its excess over the optimum, exactly
        // (3·Manhattan from a 31-move board: 35 moves, 577 expansions, as
        // the Lab's weighted A* finds).
        let hard = inputs("[8,6,7,2,5,4,3,0,1]");
        let hard_boards = Some((
            Board::square(&[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap(),
            Board::DEFAULT_GOAL,
        ));
        panel.set_heuristic(&hard, RaceLane::Left, written("3 * manhattan"));
        panel.run_steps(100_000);
        let v = panel.view(&mut tables, hard_boards);
        assert!(
            v.finish[0].starts_with("Left (A* (your h = 3 * manhattan)): Found a path of 35 moves at step 578 — not shortest: 4 moves longer than optimal. The blank's moves: "),
            "{}",
            v.finish[0]
        );
        assert_eq!(v.sides[0].expansions, "Expansions: 577");
        assert_eq!(v.finish[2], "Left found a path first, at step 578.");
        panel.reset(&input);
        // An h with no value on a board stops that side, and names it.
        panel.set_heuristic(&input, RaceLane::Left, written("12 / (misplaced - 5)"));
        panel.apply(&input, RaceAction::Step);
        let v = panel.view(&mut tables, boards);
        assert_eq!(
            v.sides[0].status,
            "Stopped at step 1: your h has no usable value on [8,1,3,4,0,2,7,6,5]: division by zero (the `/` at character 4). No path, and no claim about one."
        );
        assert_eq!(v.sides[1].status, "Running: 1 step.");
        // A written h that does not parse runs no race, and says why.
        panel.set_heuristic(&input, RaceLane::Right, written("manhatan"));
        let v = panel.view(&mut tables, boards);
        assert!(!v.can_step);
        assert_eq!(v.sides[1].title, "Right: A* (your h)");
        assert_eq!(
            v.status,
            "No race: Right: your h does not parse: at character 1: unknown name `manhatan`; the known names are manhattan, misplaced, linear_conflict, out_of_row, out_of_col, blank_row, blank_col, width, height, md(t), row(t), col(t), abs(x), min(a, b), max(a, b), if(c, a, b). Fix it in the Lab's workshop, or choose another heuristic for that side."
        );
        // The workshop's text changes: both written sides follow it.
        panel.on_expr(&input, "misplaced");
        let v = panel.view(&mut tables, boards);
        assert_eq!(v.sides[0].title, "Left: A* (your h = misplaced)");
        assert_eq!(v.sides[1].title, "Right: A* (your h = misplaced)");
        assert!(v.can_step);
    }

    #[test]
    fn the_workbench_races_the_workshops_h_and_links_it() {
        use crate::view::{LabAction, Workbench};
        let mut w = Workbench::from_link("start=%5B8%2C1%2C3%2C4%2C0%2C2%2C7%2C6%2C5%5D&tab=race");
        w.apply(LabAction::Expr("max(manhattan, 2 * misplaced - 1)".into()));
        w.apply(RaceAction::Pick(RaceLane::Right, RacePick::AStar));
        w.apply(RaceAction::Written(RaceLane::Right));
        let v = w.view();
        assert_eq!(
            v.race.sides[1].title,
            "Right: A* (your h = max(manhattan, 2 * misplaced - 1))"
        );
        assert!(
            v.link.ends_with(
                "&left=astar_manhattan_1&right=astar_h%3Amax(manhattan%2C%202%20*%20misplaced%20-%201)_1"
            ),
            "{}",
            v.link
        );
        // The link reopens the side and the workshop's field: one text.
        let mut other = Workbench::from_link(&v.link);
        let o = other.view();
        assert_eq!(o.race.sides[1].title, v.race.sides[1].title);
        assert_eq!(o.lab.workshop.expr, "max(manhattan, 2 * misplaced - 1)");
        assert_eq!(
            (o.link.as_str(), o.link_note.as_str()),
            (v.link.as_str(), "")
        );
        // An empty field: the side says why, and the link leaves it out.
        w.apply(LabAction::Expr(String::new()));
        let v = w.view();
        assert!(v.race.status.starts_with("No race: Right: your h does not parse: at character 1: expected a number, a name or `(`, found the end of the expression."), "{}", v.race.status);
        assert!(!v.link.contains("right="), "{}", v.link);
        let mut bad = Workbench::from_link("tab=race&left=astar_h%3A3*_1");
        assert_eq!(
            bad.view().link_note,
            "The link's left value \"astar_h:3*_1\" was not used: expected a race search: astar_<heuristic>_<weight>, greedy_<heuristic> (a heuristic: a built-in code, or h: and an expression that parses), bfs or idastar."
        );
    }

    #[test]
    fn no_race_on_another_shape_or_across_parity() {
        let mut tables = GoalTable::default();
        let mut panel = RacePanel::default();
        panel.ensure(&inputs("[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,0,15]]"));
        let v = panel.view(&mut tables, None);
        assert_eq!(
            v.status,
            "No race: the Race runs on a 3×3 board only, as the Trace does; the start is a 4×4 board. Type or choose a 3×3 board to use this tab."
        );
        assert!(!v.can_step);
        assert_eq!(
            crate::view::Picture::race(&v),
            None,
            "nothing drawn, no picture"
        );
        let mut panel = RacePanel::default();
        panel.ensure(&inputs("[2,1,3,4,5,6,7,8,0]"));
        let v = panel.view(&mut tables, None);
        assert!(
            v.status.starts_with("No race: ")
                && v.status
                    .ends_with("; their parity differs, so the goal is unreachable."),
            "{}",
            v.status
        );
    }

    #[test]
    fn a_race_steps_in_lockstep_and_its_finish_line_names_costs() {
        let input = inputs("[8,1,3,4,0,2,7,6,5]");
        let mut panel = RacePanel::default();
        let mut tables = GoalTable::default();
        let boards = Some((
            Board::square(&[8, 1, 3, 4, 0, 2, 7, 6, 5]).unwrap(),
            Board::DEFAULT_GOAL,
        ));
        panel.apply(&input, RaceAction::Pick(RaceLane::Right, RacePick::Greedy));
        panel.apply(&input, RaceAction::Step);
        let v = panel.view(&mut tables, boards);
        assert_eq!(v.status, "Racing: 1 step so far.");
        assert_eq!(v.sides[0].title, "Left: A* (Manhattan)");
        assert_eq!(v.sides[1].title, "Right: greedy best-first (Manhattan)");
        assert_eq!(v.sides[0].frontier, "Frontier: 4 entries");
        assert_eq!(v.sides[0].expansions, "Expansions: 1");
        assert_eq!(v.sides[0].best, "Best f = g + h: 10");
        assert_eq!(v.sides[1].best, "Best h (greedy's priority): 9");
        assert_eq!(v.sides[0].boards.len(), 3);
        assert_eq!(v.finish, ["No side has ended yet."]);
        assert!(!v.budget_note.contains(WRITTEN_NOTE));
        let picture = crate::view::Picture::race(&v).unwrap();
        assert_eq!(
            picture.file_name("svg"),
            "race-3x3-astar-manhattan-vs-greedy-manhattan-step-1.svg"
        );
        assert_eq!(picture.label("png"), "Download PNG of the race");
        let svg = picture.svg.unwrap();
        assert!(
            svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1200\" height=\"")
        );
        assert!(svg.contains("<title>Race after 1 step: Left: A* (Manhattan); Right: greedy best-first (Manhattan). No side has ended yet.</title><rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"));
        for line in [
            "Expansions: 1",
            "Best f = g + h: 10",
            "Best h (greedy's priority): 9",
            "Finish line",
        ] {
            assert!(svg.contains(&format!(">{line}</text>")), "{line}");
        }
        // Two sides of three boards, eight tiles each.
        assert_eq!(svg.matches("stroke-dasharray=\"6 4\"").count(), 6);
        assert_eq!(
            svg.matches("<text ").count(),
            svg.matches("</text>").count()
        );
        assert!(!svg.contains("var("));
        let token = panel.apply(&input, RaceAction::TogglePlay).unwrap();
        panel.apply(&input, RaceAction::Speed(RaceSpeed::Fastest));
        while panel.tick(token) {}
        let v = panel.view(&mut tables, boards);
        assert_eq!(v.play_label, "Play");
        assert!(!v.can_step);
        assert_eq!(
            v.finish,
            [
                "Left (A* (Manhattan)): Found a path of 14 moves at step 36 — shortest (checked against the distance table). The blank's moves: RDLLUURDLDRURD.",
                "Right (greedy best-first (Manhattan)): Found a path of 76 moves at step 457 — not shortest: 62 moves longer than optimal. The blank's moves: RDLUULDRULDRDLUURDLURDRDLLUURDLDRRUULDDLURURDLURDDLLURDRUULDRULDLURRDLULDRRD.",
                "Left found a path first, at step 36.",
            ]
        );
        assert_eq!(v.status, "Both sides have ended, after 457 steps.");
        assert_eq!(
            crate::view::Picture::race(&v).unwrap().file,
            "race-3x3-astar-manhattan-vs-greedy-manhattan-step-457"
        );
        // A weight set after a pick is the weight the side runs under.
        panel.apply(&input, RaceAction::Pick(RaceLane::Left, RacePick::Ida));
        panel.apply(&input, RaceAction::Pick(RaceLane::Left, RacePick::AStar));
        let w = Weight::from_twice(6).unwrap();
        panel.apply(&input, RaceAction::Weight(RaceLane::Left, w));
        panel.run_steps(1_000);
        let v = panel.view(&mut tables, boards);
        assert_eq!(
            v.finish[0],
            "Left (weighted A* (Manhattan, w = 3)): Found a path of 14 moves at step 30 — shortest (checked against the distance table). The blank's moves: RDLLUURDLDRURD."
        );
    }
}
