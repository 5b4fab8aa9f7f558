//! The one replay of the Solution panel: the steps of a checked witness,
//! the cursor over them, playback with tokens and the speed. Whichever
//! solver produced the witness, the panel walks it here.

use super::{replay_caption, ControlsView, NavAction, ReplayLine, SPEED_DEFAULT, SPEED_MAX};
use super::{NONE, SPEED_MIN};
use crate::engine::moves::Slide;
use crate::engine::replay::ReplayStep;
use crate::engine::Board;
use crate::view::common::BoardView;

/// How the replay words its guards: the 3×3 contract's sentences, or the
/// worker solve's (both kept as they were written).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(in crate::view) enum Guards {
    /// The contract A*'s replay: every boundary and missing witness says so.
    #[default]
    Contract,
    /// A worker's path: short boundary notes, silence without a witness.
    Worker,
}

/// The replay cursor and playback over one witness.
pub(in crate::view) struct Cursor {
    steps: Vec<ReplayStep>,
    here: usize,
    guards: Guards,
    guard: Option<String>,
    playing: bool,
    token: u64,
    speed_ms: u32,
}

impl Default for Cursor {
    fn default() -> Self {
        Cursor {
            steps: Vec::new(),
            here: 0,
            guards: Guards::default(),
            guard: None,
            playing: false,
            token: 0,
            speed_ms: SPEED_DEFAULT,
        }
    }
}

/// The replay steps of a checked path: `boards` are the boards it visits
/// (start first), `h` the estimate shown for each.
pub(in crate::view) fn steps_of(
    moves: &[Slide],
    boards: &[Board],
    h: impl Fn(&Board) -> u32,
) -> Vec<ReplayStep> {
    boards
        .iter()
        .enumerate()
        .map(|(i, b)| ReplayStep {
            index: i,
            mv: i.checked_sub(1).and_then(|m| moves.get(m)).copied(),
            board: *b,
            g: i as u32,
            h: h(b),
        })
        .collect()
}

impl Cursor {
    /// Drops the witness, playback and guard; `guards` words what follows.
    pub fn clear(&mut self, guards: Guards) {
        self.stop_playback();
        self.steps.clear();
        self.here = 0;
        self.guard = None;
        self.guards = guards;
    }

    /// Walks a new witness from step 0.
    pub fn load(&mut self, steps: Vec<ReplayStep>) {
        self.stop_playback();
        self.steps = steps;
        self.here = 0;
    }

    fn last(&self) -> Option<usize> {
        self.steps.len().checked_sub(1)
    }

    /// The step on screen, when there is a witness.
    pub fn step(&self) -> Option<usize> {
        self.last().map(|_| self.here)
    }

    /// Moves the cursor to `step` (clamped to the last step).
    pub fn go_to_step(&mut self, step: usize) {
        if let Some(last) = self.last() {
            self.here = step.min(last);
        }
    }

    /// Moves the cursor; at a boundary it stays and says so.
    pub fn navigate(&mut self, action: NavAction) {
        self.stop_playback();
        let Some(last) = self.last() else {
            if self.guards == Guards::Contract {
                self.guard = Some("There is no witness to replay; press Solve first.".into());
            }
            return;
        };
        let here = self.here;
        let target = match action {
            NavAction::First => 0,
            NavAction::Previous => here.saturating_sub(1),
            NavAction::Next => (here + 1).min(last),
            NavAction::Last => last,
        };
        self.here = target;
        self.guard = match self.guards {
            Guards::Contract if target == here => {
                // Step 0 is "the first step" even when it is also the last,
                // unless Next asked to go past it.
                let at_first = here == 0 && action != NavAction::Next;
                Some(if at_first {
                    format!(
                        "Already at the first step (step 0, the start); {} stays here.",
                        if action == NavAction::First {
                            "First"
                        } else {
                            "Previous"
                        }
                    )
                } else {
                    format!(
                        "Already at the last step (step {here}, the goal); {} stays here.",
                        if action == NavAction::Last {
                            "Last"
                        } else {
                            "Next"
                        }
                    )
                })
            }
            Guards::Contract => None,
            Guards::Worker => match action {
                NavAction::Previous if here == 0 => Some("Already at the start (step 0).".into()),
                NavAction::Next if here == last => {
                    Some("Already at the goal (the last step).".into())
                }
                _ => None,
            },
        };
    }

    /// The token of the running playback.
    pub fn playback_token(&self) -> Option<u64> {
        self.playing.then_some(self.token)
    }

    /// The replay speed in milliseconds per move.
    pub fn speed_ms(&self) -> u32 {
        self.speed_ms
    }

    /// Sets the speed from the slider's text; out-of-range values are
    /// clamped to the slider's range, malformed ones ignored.
    pub fn set_speed(&mut self, text: &str) {
        if let Ok(ms) = text.trim().parse::<u32>() {
            self.speed_ms = ms.clamp(SPEED_MIN, SPEED_MAX);
        }
    }

    /// Stops playback and invalidates its token.
    pub fn stop_playback(&mut self) {
        self.playing = false;
        self.token += 1;
    }

    /// Play/Pause. Starting at the last step rewinds to step 0 first.
    pub fn toggle_playback(&mut self) -> Option<u64> {
        if self.playing {
            self.stop_playback();
            return None;
        }
        self.stop_playback();
        let contract = self.guards == Guards::Contract;
        let Some(last) = self.last() else {
            if contract {
                self.guard = Some("There is no witness to play; press Solve first.".into());
            }
            return None;
        };
        if self.here == last {
            if last == 0 {
                if contract {
                    self.guard = Some("The witness has no moves to play.".into());
                }
                return None;
            }
            self.here = 0;
        }
        self.guard = None;
        self.playing = true;
        Some(self.token)
    }

    /// One timer tick: advances a step if `token` is still the current
    /// playback. Returns true when another tick should follow.
    pub fn tick(&mut self, token: u64) -> bool {
        if self.playback_token() != Some(token) {
            return false;
        }
        let last = self.last().unwrap_or(0);
        self.here = (self.here + 1).min(last);
        if self.here == last {
            self.stop_playback();
            if self.guards == Guards::Contract && !self.steps.is_empty() {
                self.guard = Some("Playback reached the last step (the goal) and stopped.".into());
            }
            return false;
        }
        true
    }

    /// Shows the current step on `board`, when there is a witness.
    pub fn show(&self, board: &mut BoardView) {
        if let Some(s) = self.steps.get(self.here) {
            board.set(&s.board);
            board.caption = replay_caption(self.here, self.steps.len() - 1);
        }
    }

    /// The replay table; `moves` are the path's moves as written.
    pub fn lines(&self, moves: &[String]) -> Vec<ReplayLine> {
        self.steps
            .iter()
            .map(|s| ReplayLine {
                step: s.index,
                mv: s
                    .index
                    .checked_sub(1)
                    .and_then(|m| moves.get(m))
                    .map_or(NONE.to_string(), Clone::clone),
                board: s.board.to_json(),
                g: s.g,
                h: s.h,
                f: s.f(),
                current: s.index == self.here,
            })
            .collect()
    }

    /// The replay controls. `reason` says why the verdict leaves nothing to
    /// replay; `on_board` whether the board shows the replay.
    pub fn controls(&self, reason: Option<&str>, on_board: bool) -> ControlsView {
        const ELSEWHERE: &str =
            "The board shows this tab's boards; the replay is on the Solution tab.";
        let reason = match (self.guards, reason, on_board) {
            // The contract says where the board is before it says why its
            // replay is empty.
            (Guards::Contract, Some(_), false) if !self.steps.is_empty() => {
                Some(ELSEWHERE.to_string())
            }
            (_, Some(r), _) => Some(r.to_string()),
            (_, None, false) => Some(ELSEWHERE.to_string()),
            (_, None, true) => None,
        };
        ControlsView {
            replay_status: self
                .last()
                .map_or(String::new(), |l| format!("Step {} of {l}", self.here)),
            guard: self.guard.clone(),
            replay_enabled: reason.is_none(),
            disabled_reason: reason,
            playing: self.playing,
            play_button: if self.playing { "Pause" } else { "Play" },
            speed_ms: self.speed_ms,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Shape;

    /// A cursor over a path of `moves` moves (the boards only need to be
    /// boards; the cursor never looks inside them).
    fn cursor(guards: Guards, moves: usize) -> Cursor {
        let board = Board::default_goal(Shape::THREE);
        let mut c = Cursor::default();
        c.clear(guards);
        c.load(steps_of(&[], &vec![board; moves + 1], |_| 0));
        c
    }

    #[test]
    fn the_contract_words_every_boundary() {
        let mut c = cursor(Guards::Contract, 0);
        c.navigate(NavAction::Last);
        assert_eq!(
            c.guard.as_deref(),
            Some("Already at the first step (step 0, the start); Previous stays here.")
        );
        c.navigate(NavAction::Next);
        assert_eq!(
            c.guard.as_deref(),
            Some("Already at the last step (step 0, the goal); Next stays here.")
        );
        assert_eq!(c.toggle_playback(), None);
        assert_eq!(
            c.guard.as_deref(),
            Some("The witness has no moves to play.")
        );
        let mut c = cursor(Guards::Contract, 2);
        c.navigate(NavAction::Last);
        assert_eq!(c.guard, None);
        c.navigate(NavAction::Last);
        assert_eq!(
            c.guard.as_deref(),
            Some("Already at the last step (step 2, the goal); Last stays here.")
        );
        c.clear(Guards::Contract);
        c.navigate(NavAction::First);
        assert_eq!(
            c.guard.as_deref(),
            Some("There is no witness to replay; press Solve first.")
        );
    }

    #[test]
    fn a_worker_path_has_short_guards_and_silence_without_one() {
        let mut c = cursor(Guards::Worker, 2);
        c.navigate(NavAction::Previous);
        assert_eq!(c.guard.as_deref(), Some("Already at the start (step 0)."));
        c.navigate(NavAction::First);
        assert_eq!(c.guard, None);
        c.navigate(NavAction::Last);
        c.navigate(NavAction::Next);
        assert_eq!(
            c.guard.as_deref(),
            Some("Already at the goal (the last step).")
        );
        let token = c.toggle_playback().unwrap();
        assert_eq!(c.step(), Some(0));
        assert!(c.tick(token));
        assert!(!c.tick(token));
        assert_eq!((c.step(), c.guard.as_deref()), (Some(2), None));
        c.clear(Guards::Worker);
        c.navigate(NavAction::Next);
        assert_eq!((c.toggle_playback(), c.guard.as_deref()), (None, None));
    }

    #[test]
    fn the_contract_names_the_board_before_an_empty_witness() {
        let reason = "Nothing to replay: the start is the goal, so the witness has no moves.";
        let elsewhere = "The board shows this tab's boards; the replay is on the Solution tab.";
        let contract = cursor(Guards::Contract, 0).controls(Some(reason), false);
        assert_eq!(contract.disabled_reason.as_deref(), Some(elsewhere));
        let worker = cursor(Guards::Worker, 0).controls(Some(reason), false);
        assert_eq!(worker.disabled_reason.as_deref(), Some(reason));
        assert_eq!(worker.replay_status, "Step 0 of 0");
    }
}
