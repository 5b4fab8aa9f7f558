//! Play for speedsolvers: the solve's timer, a solve recorded in a link,
//! and the shortest solutions of the start counted in the worker.
//!
//! The view never reads a clock: the web layer tells the time, in the
//! page's milliseconds, before each event and on each of the timer's ticks
//! ([`super::Inbound::Now`], [`super::Inbound::PlayTick`]), so a test gives
//! exact times.

use super::common::plural;
use crate::engine::moves::Metric;
use crate::engine::notation::Notation;
use crate::engine::text::thousands;
use crate::task::shortest::Shortest;

/// Milliseconds between two redraws of a running timer.
pub const TIMER_TICK_MS: u32 = 100;

/// Solutions the count lists, to step through.
pub const SHORTEST_LISTED: u16 = 50;

/// A time in tenths of a second, as the timer shows it and a link writes
/// it (`21.7`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveTime {
    /// Tenths of a second.
    pub tenths: u64,
}

impl SolveTime {
    /// The time of `ms` milliseconds, cut to the tenth below (as a
    /// stopwatch shows it).
    pub fn of_ms(ms: u64) -> SolveTime {
        SolveTime { tenths: ms / 100 }
    }

    /// Reads `21.7` or `21` (whole seconds and at most one decimal).
    pub fn parse(text: &str) -> Option<SolveTime> {
        let (whole, tenth) = text.split_once('.').unwrap_or((text, "0"));
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole) || !digits(tenth) || tenth.len() != 1 || whole.len() > 12 {
            return None;
        }
        let tenths = whole.parse::<u64>().ok()? * 10 + tenth.parse::<u64>().ok()?;
        Some(SolveTime { tenths })
    }

    /// `21.7`.
    pub fn text(self) -> String {
        format!("{}.{}", self.tenths / 10, self.tenths % 10)
    }
}

/// Where the solve's timer stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Timing {
    /// No move yet: it starts at the first one.
    Ready,
    /// Running since the page's time `since` (ms).
    Running { since: u64 },
    /// Stopped at the goal after `ms`.
    Stopped { ms: u64 },
    /// A replayed solve (pasted or from a link): not timed.
    Untimed,
}

/// The solve's timer: started by the first move, stopped at the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveClock {
    /// The page's time as last told (ms).
    now: u64,
    timing: Timing,
    /// The timer just started: the page must start its ticks.
    started: bool,
}

impl SolveClock {
    /// A timer that starts at the first move; `now` is the page's time.
    pub fn ready(now: u64) -> SolveClock {
        SolveClock {
            now,
            timing: Timing::Ready,
            started: false,
        }
    }

    /// The timer of a replayed solve: never runs.
    pub fn untimed(now: u64) -> SolveClock {
        SolveClock {
            timing: Timing::Untimed,
            ..SolveClock::ready(now)
        }
    }

    /// The page's time.
    pub fn now(&self) -> u64 {
        self.now
    }

    /// The page tells the time (ms).
    pub fn set_now(&mut self, ms: u64) {
        self.now = self.now.max(ms);
    }

    /// A move was made; `at_goal`: it reached the goal.
    pub fn moved(&mut self, at_goal: bool) {
        if self.timing == Timing::Ready {
            self.timing = Timing::Running { since: self.now };
            self.started = true;
        }
        if let (Timing::Running { since }, true) = (self.timing, at_goal) {
            self.timing = Timing::Stopped {
                ms: self.now - since,
            };
        }
    }

    /// The token of the running timer's ticks (its start time), if it runs.
    pub fn running(&self) -> Option<u64> {
        match self.timing {
            Timing::Running { since } => Some(since),
            _ => None,
        }
    }

    /// The token of a timer that just started (once): the page starts its
    /// ticks.
    pub fn take_started(&mut self) -> Option<u64> {
        std::mem::take(&mut self.started)
            .then(|| self.running())
            .flatten()
    }

    /// The time of a solve stopped at the goal.
    pub fn stopped(&self) -> Option<SolveTime> {
        match self.timing {
            Timing::Stopped { ms } => Some(SolveTime::of_ms(ms)),
            _ => None,
        }
    }

    /// "Time: 12.3 s", or `None` for a replayed solve.
    pub fn text(&self) -> Option<String> {
        let ms = match self.timing {
            Timing::Ready => 0,
            Timing::Running { since } => self.now - since,
            Timing::Stopped { ms } => ms,
            Timing::Untimed => return None,
        };
        Some(format!("Time: {} s", SolveTime::of_ms(ms).text()))
    }
}

/// A solve reopened from a link: its move count and time as recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// Moves of the game's metric.
    pub moves: usize,
    /// The time, when the link has one.
    pub time: Option<SolveTime>,
}

impl Recorded {
    /// "Recorded: 34 moves in 21.7 s".
    pub fn text(&self) -> String {
        let moves = plural(self.moves as u32, "move");
        match self.time {
            Some(t) => format!("Recorded: {moves} in {} s", t.text()),
            None => format!("Recorded: {moves} (no time: the solve was replayed, not timed)"),
        }
    }
}

/// What a person does with the shortest solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShortestAction {
    /// Count the start's shortest solutions in the worker.
    Count,
    /// The listed solution before the one shown.
    Previous,
    /// The listed solution after the one shown.
    Next,
    /// Replay the solution shown on the board, from the start.
    Replay,
}

/// Where the count of the start's shortest solutions stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Counted {
    /// Not asked.
    #[default]
    NotAsked,
    /// Asked: the worker takes it once it is free.
    Due,
    /// The worker is counting as job `0`.
    Running(u64),
    /// The count, and the listed solution shown.
    Done(Shortest, usize),
    /// Why there is no count.
    None(String),
}

/// The shortest solutions as the Play tab shows them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShortestView {
    /// The count or why there is none; `None` before the count is asked.
    pub summary: Option<String>,
    /// "Solution 3 of 50 (of 1,234 shortest)".
    pub position: Option<String>,
    /// The solution shown, in the project's blank notation ("R R D D").
    pub moves: Option<String>,
    /// Whether Previous and Next apply.
    pub previous: bool,
    /// Whether Next applies.
    pub next: bool,
    /// Whether the count is being worked out (Count is disabled).
    pub running: bool,
}

impl Counted {
    /// Steps through the listed solutions.
    pub fn step(&mut self, forward: bool) {
        if let Counted::Done(s, at) = self {
            let last = s.paths.len().saturating_sub(1);
            *at = if forward {
                (*at + 1).min(last)
            } else {
                at.saturating_sub(1)
            };
        }
    }

    /// The solution shown, in blank notation.
    pub fn shown(&self) -> Option<String> {
        match self {
            Counted::Done(s, at) => s.paths.get(*at).map(|p| Notation::Blank.write(p)),
            _ => None,
        }
    }

    /// What the tab shows, counting moves of `metric`.
    pub fn view(&self, metric: Metric) -> ShortestView {
        let unit = match metric {
            Metric::Single => "move",
            Metric::Multi => "multi-tile move",
        };
        let mut v = ShortestView::default();
        match self {
            Counted::NotAsked => {}
            Counted::Due | Counted::Running(_) => {
                v.running = true;
                v.summary = Some(
                    "Counting the shortest solutions from the start in the Web Worker…".into(),
                );
            }
            Counted::None(why) => v.summary = Some(format!("No count: {why}.")),
            Counted::Done(s, at) => {
                let solutions = if s.count == 1 {
                    "1 shortest solution".to_string()
                } else {
                    format!("{} shortest solutions", thousands(s.count))
                };
                v.summary = Some(format!(
                    "From the start: {solutions} of {} (an exact count).",
                    plural(s.length, unit)
                ));
                let listed = s.paths.len();
                if listed > 0 {
                    let of = if (listed as u128) < s.count {
                        format!(" (of {} shortest)", thousands(s.count))
                    } else {
                        String::new()
                    };
                    v.position = Some(format!("Solution {} of {listed}{of}", at + 1));
                    v.moves = self.shown().filter(|m| !m.is_empty());
                    v.previous = *at > 0;
                    v.next = at + 1 < listed;
                }
            }
        }
        v
    }
}
