//! The workbench's routes for Play's speedsolving parts
//! ([`super::speed`]): the time the page tells, the timer's ticks, the count
//! of shortest solutions in the worker, and a solve reopened from a link.

use super::effect::{Effect, Effects};
use super::link::{Link, Rejected};
use super::play::PlayAction;
use super::{Tab, Workbench};
use crate::engine::notation::{parse_moves, Notation};

impl Workbench {
    /// The page's time (ms), told before each event.
    pub(super) fn tell_time(&mut self, ms: u64) {
        if let Some(g) = self.play.game_mut() {
            g.clock_mut().set_now(ms);
        }
    }

    /// A tick of the timer `token` at the page's time `ms`: drawn, and
    /// the next one asked for, while that timer runs.
    pub(super) fn timer_tick(&mut self, token: u64, ms: u64) -> Effects {
        self.tell_time(ms);
        let running = self.play.game().and_then(|g| g.clock().running());
        if running != Some(token) {
            return Effects::default();
        }
        let mut fx = Effects::used();
        fx.push(Effect::PlayTimer { token });
        fx
    }

    /// The ticks of a timer the last action started.
    pub(super) fn timer_started(&mut self, fx: &mut Effects) {
        if let Some(token) = self
            .play
            .game_mut()
            .and_then(|g| g.clock_mut().take_started())
        {
            fx.push(Effect::PlayTimer { token });
        }
    }

    /// Posts the count of shortest solutions once it is asked and the
    /// worker is free of the game's analysis and hint (a solve running
    /// there gives way to it).
    pub(super) fn post_shortest(&mut self) {
        let free = self
            .play
            .game()
            .is_some_and(|g| !g.analysis_pending() && !g.hint_running());
        if !free {
            return;
        }
        let job = self.solution.worker().next_job();
        if let Some(task) = self.play.game_mut().and_then(|g| g.ask_shortest(job)) {
            self.solution.worker().cancel();
            self.solution.worker().post(job, task);
        }
    }

    /// Replays the solve a link names (`solve=`, blank notation) from the
    /// link's start on the Play tab, with its recorded move count and
    /// time. A solve that does not parse on the start, or does not end at
    /// the goal, is named and not replayed; a move count other than the
    /// solve's is named and the solve's is shown; a time without a solve
    /// is named. Nothing else of the link is lost.
    pub(super) fn open_solve(&mut self, link: &Link, rejected: &mut Vec<Rejected>) {
        let Some(text) = &link.solve else {
            if let Some(t) = link.time {
                rejected.push(Rejected {
                    key: "time",
                    value: t.text(),
                    expected: "a time in seconds",
                    reason: Some("a time is recorded only with a solve".into()),
                });
            }
            return;
        };
        let refuse = |why: String| Rejected {
            key: "solve",
            value: text.clone(),
            expected: "a solve in blank notation",
            reason: Some(why),
        };
        let Some((start, goal)) = self.play.game().map(|g| (*g.start(), *g.goal())) else {
            rejected.push(refuse(if self.tab == Tab::Play {
                "there is no game to replay it in (the start and goal must be valid)".into()
            } else {
                "a solve is replayed on the Play tab only".into()
            }));
            return;
        };
        let written = match parse_moves(text, &start, Notation::Blank) {
            Ok((written, _)) => written,
            Err(e) => {
                rejected.push(refuse(e.to_string()));
                return;
            }
        };
        let mut board = start;
        for (i, w) in written.iter().enumerate() {
            board = board.slide(w.slide).unwrap_or(board);
            if board == goal && i + 1 < written.len() {
                rejected.push(refuse(format!(
                    "it reaches the goal at its move {} and goes on",
                    w.position
                )));
                return;
            }
        }
        if board != goal {
            rejected.push(refuse("it does not end at the goal".into()));
            return;
        }
        self.play(PlayAction::Paste {
            text: text.clone(),
            notation: Notation::Blank.name().into(),
        });
        let Some(g) = self.play.game_mut() else {
            return;
        };
        let made = g.moves().len();
        if let Some(n) = link.moves.filter(|&n| n != made) {
            rejected.push(Rejected {
                key: "moves",
                value: n.to_string(),
                expected: "the solve's move count",
                reason: Some(format!(
                    "the solve has {}",
                    super::common::plural(made as u32, "move")
                )),
            });
        }
        g.set_recorded(super::speed::Recorded {
            moves: made,
            time: link.time,
        });
    }

    /// The tab a link opens when it names none: Play for a solve.
    pub(super) fn solve_tab(link: &Link) -> Option<Tab> {
        link.solve.as_ref().map(|_| Tab::Play)
    }
}
