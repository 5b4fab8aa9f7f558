//! The Race tab in words: each side's search, figures and next boards,
//! how it stands or ended, and the finish line against the exact optimum.

use super::choice::{RaceChoice, RaceLane, RacePick, RaceSpeed};
use super::panel::{RacePanel, RACE_BOARDS};
use crate::engine::moves::Metric;
use crate::engine::teaching::{
    f_text, path_text, shortest_text, RaceEnd, RaceSide, Weight, RACE_BUDGET,
};
use crate::engine::text::{noun, thousands};
use crate::engine::Board;
use crate::view::common::{
    choice_code, entry_boards, ida_path_boards, GoalTable, SmallBoard, WRITTEN, WRITTEN_NOTE,
};

/// What the tab does, in one paragraph.
pub const RACE_INTRO: &str = "Two searches from the current start to the current goal (3×3, as the Trace), in lockstep: each Step expands one board on each side (IDA*: enters one board), and Play steps on by itself.";

/// `n` and the noun, n with thousands separators: `1 step`, `4,158 steps`.
fn counted(n: impl Into<u64>, word: &str) -> String {
    let n: u64 = n.into();
    format!("{} {}", thousands(n), noun(n, word))
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
    /// Beside the controls in the multi-tile metric: the Race counts
    /// single-tile moves.
    pub metric_note: Option<String>,
}

impl RacePanel {
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
            metric_note: (self.metric == Metric::Multi).then(|| {
                "The Race counts multi-tile moves: a slide of 1 or 2 tiles is one move, and each side's path is checked as slides.".to_string()
            }),
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
            .and_then(|(start, goal)| tables.for_goal_in(&goal, self.metric).distance(&start));
        v.can_step = !self.over();
        v.sides = RaceLane::ALL
            .iter()
            .zip(sides)
            .map(|(&lane, s)| side_view(lane, &self.choices[lane.index()], s, optimal, self.metric))
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
        v.finish = finish_line(&self.choices, sides, optimal, self.metric);
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
    metric: Metric,
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
            Some((end, at)) => end_text(end, at, choice, optimal, metric),
        },
        boards_caption,
        boards,
    }
}

/// How a side ended, in one sentence.
pub(super) fn end_text(
    end: &RaceEnd,
    at: u64,
    choice: &RaceChoice,
    optimal: Option<u32>,
    metric: Metric,
) -> String {
    match end {
        RaceEnd::Found { cost, .. } => format!(
            "Found a path of {} at step {} — {}.",
            counted(*cost, "move"),
            thousands(at),
            match optimal {
                // (The single-tile wording stays the distance table's.)
                Some(d) if metric == Metric::Single => shortest_text(*cost, d),
                Some(d) => path_text(*cost, d, choice.lower_bound(metric), metric),
                None if choice.optimal(metric) => "shortest by construction".to_string(),
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
    metric: Metric,
) -> Vec<String> {
    let mut lines: Vec<String> = RaceLane::ALL
        .iter()
        .zip(sides)
        .filter_map(|(&lane, s)| {
            let (end, at) = s.end()?;
            // Which path: the blank's moves as one word (U, D, L, R).
            // (In the multi-tile metric a letter a tile: a slide of two
            // tiles is two letters.)
            let path = match end {
                RaceEnd::Found { moves, .. } => format!(
                    " The blank's moves{}: {}.",
                    match metric {
                        Metric::Single => "",
                        Metric::Multi => ", a letter a tile slid",
                    },
                    moves.iter().map(|m| m.letter()).collect::<String>()
                ),
                _ => String::new(),
            };
            Some(format!(
                "{} ({}): {}{path}",
                lane.name(),
                choices[lane.index()].name(),
                end_text(end, at, &choices[lane.index()], optimal, metric)
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
