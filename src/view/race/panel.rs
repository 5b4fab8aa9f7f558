//! The Race tab's state: both sides set up from the inputs, stepped in
//! lockstep by Step or by Play's ticks, and begun again on every change.

use super::choice::{RaceChoice, RaceLane, RacePick, RaceSpeed};
use crate::engine::contract::Goal;
use crate::engine::heuristic::{BuiltIn, Heuristic};
use crate::engine::moves::Metric;
use crate::engine::problem::Refusal;
use crate::engine::teaching::{RaceSide, Weight};
use crate::engine::Shape;
use crate::view::common::{choice_code, choice_of, WRITTEN};
use crate::view::input::{Edit, Panel, ParsedInputs};

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
    pub(super) choices: [RaceChoice; 2],
    pub(super) sides: Option<[RaceSide; 2]>,
    /// Why there is no race (the inputs, the parity).
    pub(super) refused: Option<String>,
    pub(super) speed: RaceSpeed,
    pub(super) playing: Option<u64>,
    tokens: u64,
    /// The chosen metric the sides count moves in (IDA* is refused in the
    /// multi-tile metric).
    pub(super) metric: Metric,
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
            metric: Metric::Single,
        }
    }
}

impl Panel for RacePanel {
    /// Drops the race: it belongs to the old start and goal.
    fn on_edit(&mut self, edit: &Edit<'_>) {
        self.metric = edit.inputs.metric();
        self.sides = None;
        self.refused = None;
        self.playing = None;
    }
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
                        "No race: the Race runs on a 3×3 board only, as the Trace does; the start is {} {} board. Type or choose a 3×3 board to use this tab.",
                        shape.article(),
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
            RaceSide::new_in(left, &start, &goal, self.metric),
            RaceSide::new_in(right, &start, &goal, self.metric),
        ];
        match made {
            [Ok(a), Ok(b)] => self.sides = Some([a, b]),
            [Err(Refusal::Unsolvable(p)), _] | [_, Err(Refusal::Unsolvable(p))] => {
                self.refused = Some(format!(
                    "No race: {}; their parity differs, so the goal is unreachable.",
                    p.sides()
                ));
            }
            [Err(why), _] | [_, Err(why)] => {
                self.refused = Some(format!(
                    "No race: {why}. Choose another search for that side, or the single-tile metric."
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
    pub(super) fn over(&self) -> bool {
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
}
