//! Links that reopen a state: the URL fragment
//! `#start=…&goal=…&budget=…&tab=…&step=…` (and `events=…` on the Trace
//! tab; `nodes=…` and `mode=optimal|fast` on a worker solve; `algo=idastar`
//! when the Trace runs IDA*), each value the text of its field, percent-encoded exactly as
//! `encodeURIComponent` does. Opening such a link validates each value as
//! typing would; unknown keys are ignored, and a known key whose value no
//! control could have produced is named ([`Rejected`]) and not used.
//!
//! The Trace's A* adds `weight=2.5` (written only when not 1) and
//! `heuristic=…` (only when not `manhattan`): a built-in code, or `h:` and
//! a written expression exactly as typed (`heuristic=h%3A3*manhattan`; one
//! that does not parse is named, never repaired); its IDA* `idabudget=N`
//! (only when not the default).
//!
//! The Race tab adds `left=…` and `right=…`, each side's search
//! ([`RaceChoice::to_link`]: `astar_manhattan_1.5`, `greedy_misplaced`,
//! `astar_h:3*manhattan_1`, `greedy_h:misplaced`, `bfs`, `idastar`; a
//! heuristic as `heuristic=` writes it), written only on that tab.
//!
//! The Play tab's link to a solve adds `solve=…` (its moves in blank
//! notation), `moves=34` and `time=21.7` (seconds); the solve is checked
//! on the start when the link opens.
//!
//! `metric=multi` names the multi-tile metric (written only then; absent
//! is the single-tile metric).
//!
//! Predict mode on the Trace tab adds `predict=1` (written only when on;
//! `0` reads as off) and `score=R/N` (right answers out of questions asked,
//! two whole numbers with R ≤ N).
//!
//! Adding a key: a field of [`Link`], one arm in [`Link::read`] and one
//! `put` in [`Link::to_fragment`].
//!
//! The address bar follows the page: [`address_update`] decides, from the
//! view's history entry number ([`History`]), whether a render replaces the
//! current history entry, pushes a new one (a new solved state) or leaves
//! the address alone (it already names the state, e.g. when the page is
//! reopening a state from Back or Forward).

use super::common::Tab;
pub use super::common::{decode_component, encode_component};
use super::common::{from_link_value, link_value, RACE_SINGLE_TILE, TRACE_SINGLE_TILE};
use super::race::{RaceChoice, RacePick};
use super::speed::SolveTime;
use super::trace::{Score, TraceAlgorithm};
use crate::engine::moves::Metric;
use crate::engine::solve::parse_node_budget;
use crate::engine::solve::Mode;
use crate::engine::teaching::workshop::{Exercise, ExerciseError};
use crate::engine::{
    heuristic::Heuristic,
    teaching::{parse_weight, Weight},
    Shape,
};

/// What a fragment names. Every part is optional: a missing one falls back
/// to the baseline.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Link {
    /// The start field's text.
    pub start: Option<String>,
    /// The goal field's text.
    pub goal: Option<String>,
    /// The budget field's text.
    pub budget: Option<String>,
    /// The node budget field's text (an optimal solve in the worker).
    pub nodes: Option<String>,
    /// Optimal or Fast (on every shape but 3×3, and in Fast mode).
    pub mode: Option<Mode>,
    /// The metric (`metric=multi`; written only when multi).
    pub metric: Option<Metric>,
    /// The tab to open.
    pub tab: Option<Tab>,
    /// The replay step to show.
    pub step: Option<usize>,
    /// Trace events already popped (Trace tab).
    pub events: Option<usize>,
    /// The Trace's algorithm (named only when it is not A*).
    pub algo: Option<TraceAlgorithm>,
    /// Predict mode on the Trace tab (`predict=1`).
    pub predict: Option<bool>,
    /// Predict mode's score (`score=R/N`).
    pub score: Option<Score>,
    /// The A* trace's weight (`weight=2.5`; written only when it is not 1).
    pub weight: Option<Weight>,
    /// The A* trace's heuristic (`heuristic=twice-manhattan`, or
    /// `heuristic=h:` and an expression; written only when it is not
    /// Manhattan).
    pub heuristic: Option<Heuristic>,
    /// The IDA* trace's own budget field (`idabudget=5000`; written only
    /// when it is not the default).
    pub idabudget: Option<String>,
    /// A workshop exercise (`exercise=3x3.123456780.astar.admissible.…`,
    /// the engine's format), read by the engine's one reader.
    pub exercise: Option<Exercise>,
    /// The Race's left side (`left=…`, on the Race tab).
    pub left: Option<RaceChoice>,
    /// The Race's right side (`right=…`, on the Race tab).
    pub right: Option<RaceChoice>,
    /// A Play solve to replay from the start (`solve=R%20L%20R%20R`, blank
    /// notation), checked on the start when the link opens.
    pub solve: Option<String>,
    /// The solve's recorded move count (`moves=34`).
    pub moves: Option<usize>,
    /// The solve's recorded time in seconds (`time=21.7`).
    pub time: Option<SolveTime>,
}

/// A value of a known key that no control could have produced: not used,
/// and named on the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejected {
    /// The key, e.g. `tab`.
    pub key: &'static str,
    /// The value as the link has it, decoded.
    pub value: String,
    /// What the key takes, e.g. `astar or idastar`.
    pub expected: &'static str,
    /// What is wrong, when the reader can say more than what the key takes
    /// (an exercise names its field and the engine's error).
    pub reason: Option<String>,
}

impl Rejected {
    /// The sentence the page shows.
    pub fn message(&self) -> String {
        match &self.reason {
            Some(why) => format!(
                "The link's {} value \"{}\" was not used: {why}.",
                self.key, self.value
            ),
            None => format!(
                "The link's {} value \"{}\" was not used: expected {}.",
                self.key, self.value, self.expected
            ),
        }
    }
}

/// Why an exercise's text was refused, naming its field: the engine's
/// reader's error.
fn exercise_reason(e: &ExerciseError) -> String {
    match e.field() {
        "link" => format!("it is not an exercise: {e}"),
        field => format!("its {field} field is wrong: {e}"),
    }
}

/// Keeps a value typing could produce; names one it could not.
fn checked<T>(
    slot: &mut Option<T>,
    parsed: Option<T>,
    key: &'static str,
    value: String,
    expected: &'static str,
    rejected: &mut Vec<Rejected>,
) {
    match parsed {
        Some(v) => *slot = Some(v),
        None => rejected.push(Rejected {
            key,
            value,
            expected,
            reason: None,
        }),
    }
}

/// Where the page's history stands: the number of the entry the state on
/// screen belongs to, and whether the inputs were edited since the last
/// Solve (a draft). Each solved state gets an entry of its own: the first
/// edit after a solved state starts a new entry (so the solved one is kept
/// for Back), the Solve that follows settles it in place, and a Solve of a
/// settled state starts a new one. Steps, tabs and reopening a link never
/// start one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct History {
    entry: u64,
    draft: bool,
}

impl History {
    /// The number of the current entry.
    pub fn entry(self) -> u64 {
        self.entry
    }

    /// Whether the inputs changed since the last Solve.
    pub fn is_draft(self) -> bool {
        self.draft
    }

    /// An edit of an input, the mode or the node budget.
    pub fn edited(&mut self) {
        if !self.draft {
            self.entry += 1;
            self.draft = true;
        }
    }

    /// A change the page made on its own (the goal following the start):
    /// the state before it keeps its entry, so Back returns to it.
    pub fn branch(&mut self) {
        self.entry += 1;
        self.draft = true;
    }

    /// A Solve.
    pub fn solved(&mut self) {
        if self.draft {
            self.draft = false;
        } else {
            self.entry += 1;
        }
    }

    /// A link was opened (fresh load, Back, Forward, a pasted or followed
    /// link): the state is solved and stays in the current entry.
    pub fn reopened(self) -> History {
        History {
            entry: self.entry,
            draft: false,
        }
    }
}

/// What a render does to the address bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddressUpdate {
    /// The address already names the state (e.g. it was just opened from
    /// it): nothing to write, so reopening never adds an entry.
    Keep,
    /// The same history entry now shows another step, tab or text.
    Replace,
    /// A new history entry (`pushState`).
    Push,
}

/// Whether the address (`location.hash`, with or without `#`) names
/// `link` exactly.
pub fn names(address: &str, link: &str) -> bool {
    address.strip_prefix('#').unwrap_or(address) == link
}

/// The address bar's update for a render: `link` is the view's fragment,
/// `entry` its history entry, `before` the entry of the view drawn before
/// (none on the first render).
pub fn address_update(address: &str, link: &str, before: Option<u64>, entry: u64) -> AddressUpdate {
    if names(address, link) {
        AddressUpdate::Keep
    } else if before.is_some_and(|b| entry > b) {
        AddressUpdate::Push
    } else {
        AddressUpdate::Replace
    }
}

impl Link {
    /// The sentences naming the fields of this link, opened with a start of
    /// `shape` in `metric` on `tab`, that disagree with each other: an
    /// exercise for another shape than the start's, or a metric the opened
    /// tool does not search in. Every value is still used
    /// as it stands; the sentence says what the page did with it.
    pub fn disagreements(&self, shape: Option<Shape>, metric: Metric, tab: Tab) -> Vec<String> {
        let mut out = Vec::new();
        if let (Some(e), Some(shape)) = (&self.exercise, shape) {
            let theirs = e.goal.shape();
            if theirs != shape {
                out.push(format!(
                    "The link's exercise is for {} {} board and its start is {} {} board: the exercise is graded on its own {} goal and boards.",
                    theirs.article(),
                    theirs.name(),
                    shape.article(),
                    shape.name(),
                    theirs.name()
                ));
            }
        }
        if let Some(e) = self.exercise.as_ref().filter(|e| e.metric != metric) {
            out.push(format!(
                "The link's exercise counts {} moves and its metric is {}: the exercise is graded in its own metric.",
                e.metric.long_name(),
                metric.name()
            ));
        }
        if metric == Metric::Multi {
            let tool = match tab {
                Tab::Trace if self.algo == Some(TraceAlgorithm::IdaStar) => Some(TRACE_SINGLE_TILE),
                Tab::Race
                    if [&self.left, &self.right]
                        .into_iter()
                        .flatten()
                        .any(|c| c.pick == RacePick::Ida) =>
                {
                    Some(RACE_SINGLE_TILE)
                }
                _ => None,
            };
            if let Some(tool) = tool {
                out.push(format!(
                    "The link's metric is multi, but {tool}: its moves and figures count single-tile moves."
                ));
            }
        }
        out
    }

    /// Reads a fragment, with or without its leading `#`.
    pub fn parse(fragment: &str) -> Link {
        Link::read(fragment).0
    }

    /// Reads a fragment, with or without its leading `#`, and names every
    /// value of a known key that no control could have produced (such a
    /// value is not used; the field texts are used as they are and
    /// validated as typed text).
    pub fn read(fragment: &str) -> (Link, Vec<Rejected>) {
        let mut link = Link::default();
        let mut bad = Vec::new();
        let body = fragment.strip_prefix('#').unwrap_or(fragment);
        for pair in body.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = decode_component(value);
            let whole = |v: &str| {
                v.parse::<usize>()
                    .ok()
                    .filter(|_| v.bytes().all(|b| b.is_ascii_digit()))
            };
            match key {
                "start" => link.start = Some(value),
                "goal" => link.goal = Some(value),
                "budget" => link.budget = Some(value),
                "nodes" => link.nodes = Some(value),
                "mode" => {
                    let m = Mode::parse(&value).ok();
                    checked(
                        &mut link.mode,
                        m,
                        "mode",
                        value,
                        "optimal or fast",
                        &mut bad,
                    );
                }
                "metric" => {
                    let m = Metric::ALL.into_iter().find(|m| m.name() == value);
                    checked(
                        &mut link.metric,
                        m,
                        "metric",
                        value,
                        "single or multi",
                        &mut bad,
                    );
                }
                "tab" => {
                    let t = Tab::from_key(&value);
                    let expected = "solution, trace, play, lab, race or space";
                    checked(&mut link.tab, t, "tab", value, expected, &mut bad);
                }
                "step" => {
                    let n = whole(&value);
                    let expected = "a replay step (a whole number)";
                    checked(&mut link.step, n, "step", value, expected, &mut bad);
                }
                "events" => {
                    let n = whole(&value);
                    let expected = "a number of trace events (a whole number)";
                    checked(&mut link.events, n, "events", value, expected, &mut bad);
                }
                "algo" => {
                    let a = TraceAlgorithm::from_key(&value);
                    checked(
                        &mut link.algo,
                        a,
                        "algo",
                        value,
                        "astar or idastar",
                        &mut bad,
                    );
                }
                "predict" => {
                    let on = match value.as_str() {
                        "1" => Some(true),
                        "0" => Some(false),
                        _ => None,
                    };
                    checked(&mut link.predict, on, "predict", value, "1 or 0", &mut bad);
                }
                "score" => {
                    let sc = Score::parse(&value);
                    let expected = "right/asked (two whole numbers, right ≤ asked)";
                    checked(&mut link.score, sc, "score", value, expected, &mut bad);
                }
                "weight" => {
                    let w = parse_weight(&value).ok();
                    let expected = "a weight 1–5 in steps of 0.5";
                    checked(&mut link.weight, w, "weight", value, expected, &mut bad);
                }
                "heuristic" => {
                    let h = from_link_value(&value);
                    let expected = "misplaced, manhattan, linear-conflict, twice-manhattan, manhattan-plus-misplaced, or h: and an expression of the heuristic language that parses";
                    checked(
                        &mut link.heuristic,
                        h,
                        "heuristic",
                        value,
                        expected,
                        &mut bad,
                    );
                }
                "idabudget" => {
                    let b = parse_node_budget(&value).ok().map(|_| value.clone());
                    let expected = "an IDA* budget (a whole number of expansions)";
                    checked(
                        &mut link.idabudget,
                        b,
                        "idabudget",
                        value,
                        expected,
                        &mut bad,
                    );
                }
                "exercise" => match Exercise::read(&value) {
                    Ok(e) => link.exercise = Some(e),
                    Err(e) => bad.push(Rejected {
                        key: "exercise",
                        value,
                        expected: "an exercise: shape.goal.search.rule.nodes.boards (as heuristic exercise makes it)",
                        reason: Some(exercise_reason(&e)),
                    }),
                },
                "left" | "right" => {
                    let c = RaceChoice::from_link(&value);
                    let (slot, key) = if key == "left" {
                        (&mut link.left, "left")
                    } else {
                        (&mut link.right, "right")
                    };
                    let expected = "a race search: astar_<heuristic>_<weight>, greedy_<heuristic> (a heuristic: a built-in code, or h: and an expression that parses), bfs or idastar";
                    checked(slot, c, key, value, expected, &mut bad);
                }
                "solve" => link.solve = Some(value),
                "moves" => {
                    let n = whole(&value);
                    let expected = "a move count (a whole number)";
                    checked(&mut link.moves, n, "moves", value, expected, &mut bad);
                }
                "time" => {
                    let t = SolveTime::parse(&value);
                    let expected = "a time in seconds with at most one decimal (21.7)";
                    checked(&mut link.time, t, "time", value, expected, &mut bad);
                }
                _ => {}
            }
        }
        (link, bad)
    }

    /// The fragment, without `#`, naming every part that is set.
    pub fn to_fragment(&self) -> String {
        let mut parts = Vec::new();
        let mut put = |key: &str, value: Option<String>| {
            if let Some(v) = value {
                parts.push(format!("{key}={}", encode_component(&v)));
            }
        };
        put("start", self.start.clone());
        put("goal", self.goal.clone());
        put("budget", self.budget.clone());
        put("nodes", self.nodes.clone());
        put("mode", self.mode.map(|m| m.name().to_string()));
        put(
            "metric",
            self.metric
                .filter(|&m| m == Metric::Multi)
                .map(|m| m.name().to_string()),
        );
        put("tab", self.tab.map(|t| t.key().to_string()));
        put("step", self.step.map(|s| s.to_string()));
        put("events", self.events.map(|s| s.to_string()));
        put("algo", self.algo.map(|a| a.key().to_string()));
        put("predict", self.predict.filter(|&on| on).map(|_| "1".into()));
        put("score", self.score.map(Score::to_link));
        put("weight", self.weight.map(Weight::text));
        put("heuristic", self.heuristic.as_ref().map(link_value));
        put("idabudget", self.idabudget.clone());
        put("exercise", self.exercise.as_ref().map(Exercise::text));
        put("left", self.left.as_ref().and_then(RaceChoice::to_link));
        put("right", self.right.as_ref().and_then(RaceChoice::to_link));
        put("solve", self.solve.clone());
        put("moves", self.moves.map(|n| n.to_string()));
        put("time", self.time.map(SolveTime::text));
        parts.join("&")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panels_board_link_is_the_link_of_its_start_goal_and_tab() {
        use crate::engine::Board;
        let board = Board::square(&[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
        let goal = Board::DEFAULT_GOAL;
        let made = super::super::common::board_link("Open".into(), &board, &goal);
        let link = Link {
            start: Some(board.to_json()),
            goal: Some(goal.to_json()),
            tab: Some(Tab::Solution),
            ..Link::default()
        };
        assert_eq!(made.fragment, link.to_fragment());
        assert_eq!(Link::read(&made.fragment), (link, Vec::new()));
    }

    #[test]
    fn encodes_as_encode_uri_component() {
        // Expected strings are what encodeURIComponent returns for the same text.
        assert_eq!(
            encode_component("[1,2,3,4,5,6,0,7,8]"),
            "%5B1%2C2%2C3%2C4%2C5%2C6%2C0%2C7%2C8%5D"
        );
        assert_eq!(encode_component("a b&c=d#e"), "a%20b%26c%3Dd%23e");
        assert_eq!(encode_component("-_.!~*'()"), "-_.!~*'()");
        assert_eq!(encode_component("é→"), "%C3%A9%E2%86%92");
        assert_eq!(encode_component("\"3\""), "%223%22");
    }

    #[test]
    fn decoding_inverts_encoding_and_keeps_damage_visible() {
        for text in [
            "[[1,2,3],[4,5,6],[0,7,8]]",
            " 10000 ",
            "é→ & = #",
            "%41",
            "",
        ] {
            assert_eq!(decode_component(&encode_component(text)), text);
        }
        assert_eq!(decode_component("100%"), "100%");
        assert_eq!(decode_component("%zz1"), "%zz1");
        assert_eq!(decode_component("%FF"), "\u{FFFD}");
    }

    #[test]
    fn parses_known_keys_and_ignores_the_rest() {
        let link = Link::parse("#start=%5B1%2C2%5D&budget=7&tab=lab&step=2&colour=red&events=x");
        assert_eq!(
            link,
            Link {
                start: Some("[1,2]".into()),
                budget: Some("7".into()),
                tab: Some(Tab::Lab),
                step: Some(2),
                ..Link::default()
            }
        );
        assert_eq!(Link::parse(""), Link::default());
        assert_eq!(Link::parse("tab=nowhere").tab, None);
    }

    #[test]
    fn round_trip() {
        let link = Link {
            start: Some("[8,6,7,2,5,4,3,0,1]".into()),
            goal: Some("[1,2,3,4,5,6,7,8,0]".into()),
            budget: Some("10000".into()),
            tab: Some(Tab::Trace),
            step: Some(0),
            events: Some(12),
            ..Link::default()
        };
        let fragment = link.to_fragment();
        assert_eq!(
            fragment,
            "start=%5B8%2C6%2C7%2C2%2C5%2C4%2C3%2C0%2C1%5D&goal=%5B1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C0%5D&budget=10000&tab=trace&step=0&events=12"
        );
        assert_eq!(Link::parse(&fragment), link);
    }

    #[test]
    fn round_trip_of_a_4x4_board_and_its_node_budget() {
        let link = Link {
            start: Some("[13,8,14,3,9,1,0,7,15,5,4,10,12,2,6,11]".into()),
            goal: Some("[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]".into()),
            budget: Some("100".into()),
            nodes: Some("1000000000".into()),
            mode: Some(Mode::Optimal),
            tab: Some(Tab::Solution),
            step: Some(41),
            ..Link::default()
        };
        let fragment = link.to_fragment();
        assert_eq!(
            fragment,
            "start=%5B13%2C8%2C14%2C3%2C9%2C1%2C0%2C7%2C15%2C5%2C4%2C10%2C12%2C2%2C6%2C11%5D&goal=%5B0%2C1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C9%2C10%2C11%2C12%2C13%2C14%2C15%5D&budget=100&nodes=1000000000&mode=optimal&tab=solution&step=41"
        );
        assert_eq!(Link::parse(&fragment), link);
        // A 3×4 board in Fast mode; an unknown mode is ignored, as typing
        // cannot make one.
        let link =
            Link::parse("start=%5B%5B1%2C2%2C3%5D%2C%5B4%2C5%2C0%5D%5D&mode=fast&mode=quick");
        assert_eq!(link.start.as_deref(), Some("[[1,2,3],[4,5,0]]"));
        assert_eq!(link.mode, Some(Mode::Fast));
        assert_eq!(Link::parse("mode=quick").mode, None);
    }

    #[test]
    fn predict_and_score_round_trip_and_bad_values_are_named() {
        let link = Link::parse("tab=trace&events=3&predict=1&score=2%2F3");
        assert_eq!(link.predict, Some(true));
        assert_eq!(link.score, Some(Score { right: 2, asked: 3 }));
        assert_eq!(
            link.to_fragment(),
            "tab=trace&events=3&predict=1&score=2%2F3"
        );
        // Off is not written; a bad value is not used, and is named.
        assert_eq!(Link::parse("predict=0").predict, Some(false));
        assert_eq!(Link::parse("predict=0").to_fragment(), "");
        for bad in [
            "predict=yes",
            "predict=",
            "score=4%2F3",
            "score=1",
            "score=-1%2F2",
            "score=a%2Fb",
            "score=%2F2",
            "score=1%2F",
            "score=+1%2F2",
            "score=1%2F2%2F3",
        ] {
            let (l, rejected) = Link::read(bad);
            assert_eq!((l.predict, l.score), (None, None), "{bad}");
            assert_eq!(rejected.len(), 1, "{bad}");
        }
        assert_eq!(Score::parse("0/0"), Some(Score { right: 0, asked: 0 }));
    }
}

#[cfg(test)]
mod address_tests {
    use super::*;

    #[test]
    fn every_key_round_trips_with_the_algorithm() {
        let link = Link {
            start: Some("[[1,2,3],[4,5,0]]".into()),
            goal: Some("[[1,2,3],[4,0,5]]".into()),
            budget: Some(" 7 ".into()),
            nodes: Some("5000".into()),
            mode: Some(Mode::Fast),
            tab: Some(Tab::Space),
            step: Some(3),
            events: Some(9),
            algo: Some(TraceAlgorithm::IdaStar),
            ..Link::default()
        };
        let fragment = link.to_fragment();
        assert_eq!(
            fragment,
            "start=%5B%5B1%2C2%2C3%5D%2C%5B4%2C5%2C0%5D%5D&goal=%5B%5B1%2C2%2C3%5D%2C%5B4%2C0%2C5%5D%5D&budget=%207%20&nodes=5000&mode=fast&tab=space&step=3&events=9&algo=idastar"
        );
        assert_eq!(Link::read(&format!("#{fragment}")), (link, vec![]));
        for tab in Tab::ALL {
            let one = Link {
                tab: Some(tab),
                ..Link::default()
            };
            assert_eq!(Link::parse(&one.to_fragment()), one);
        }
        for algo in [TraceAlgorithm::AStar, TraceAlgorithm::IdaStar] {
            let one = Link {
                algo: Some(algo),
                ..Link::default()
            };
            assert_eq!(one.to_fragment(), format!("algo={}", algo.key()));
            assert_eq!(Link::parse(&one.to_fragment()), one);
        }
    }

    #[test]
    fn the_metric_is_written_only_when_multi() {
        let multi = Link {
            mode: Some(Mode::Fast),
            metric: Some(Metric::Multi),
            tab: Some(Tab::Play),
            ..Link::default()
        };
        assert_eq!(multi.to_fragment(), "mode=fast&metric=multi&tab=play");
        assert_eq!(
            Link::read("mode=fast&metric=multi&tab=play"),
            (multi, vec![])
        );
        // Single is the baseline: not written, and read when named.
        let single = Link {
            metric: Some(Metric::Single),
            ..Link::default()
        };
        assert_eq!(single.to_fragment(), "");
        assert_eq!(Link::parse("metric=single").metric, Some(Metric::Single));
        assert_eq!(Link::parse("").metric, None);
        // Exact names only, as the control writes them.
        for bad in ["Multi", "mtm", "%20multi", ""] {
            let (link, rejected) = Link::read(&format!("metric={bad}"));
            assert_eq!(link, Link::default());
            assert_eq!(
                rejected.iter().map(Rejected::message).collect::<Vec<_>>(),
                [format!(
                    "The link's metric value \"{}\" was not used: expected single or multi.",
                    decode_component(bad)
                )]
            );
        }
    }

    #[test]
    fn invalid_values_are_named_and_not_used() {
        let (link, rejected) =
            Link::read("algo=dfs&tab=nowhere&step=-1&events=%2B2&mode=quick&start=%5B1%5D");
        // The field text is kept as typed text (validated later); the rest
        // falls back to the baseline.
        assert_eq!(
            link,
            Link {
                start: Some("[1]".into()),
                ..Link::default()
            }
        );
        let messages: Vec<String> = rejected.iter().map(Rejected::message).collect();
        assert_eq!(
            messages,
            [
                "The link's algo value \"dfs\" was not used: expected astar or idastar.",
                "The link's tab value \"nowhere\" was not used: expected solution, trace, play, lab, race or space.",
                "The link's step value \"-1\" was not used: expected a replay step (a whole number).",
                "The link's events value \"+2\" was not used: expected a number of trace events (a whole number).",
                "The link's mode value \"quick\" was not used: expected optimal or fast.",
            ]
        );
        // A valid value before an invalid one of the same key is kept.
        let (link, rejected) = Link::read("algo=idastar&algo=bfs");
        assert_eq!(link.algo, Some(TraceAlgorithm::IdaStar));
        assert_eq!(rejected.len(), 1);
        assert_eq!(rejected[0].value, "bfs");
        // An empty value is named too.
        assert_eq!(Link::read("step=").1[0].value, "");
    }

    #[test]
    fn a_new_solved_state_pushes_and_everything_else_replaces() {
        use AddressUpdate::{Keep, Push, Replace};
        // The first render writes the normalised link in place.
        assert_eq!(address_update("", "tab=lab", None, 0), Replace);
        assert_eq!(address_update("#tab=lab", "tab=lab", None, 0), Keep);
        // Same entry: a step or a tab replaces.
        assert_eq!(address_update("#tab=lab", "tab=trace", Some(0), 0), Replace);
        // A newer entry pushes.
        assert_eq!(address_update("#tab=lab", "start=x", Some(0), 1), Push);
        // Reopening from the address (Back, Forward, a pasted link): the
        // address already names the state, so nothing is written, even if
        // the entry number moved.
        assert_eq!(address_update("#start=x", "start=x", Some(0), 1), Keep);
        assert_eq!(address_update("start=x", "start=x", Some(2), 2), Keep);
        // An older entry (never made by the page) replaces.
        assert_eq!(address_update("#a", "b", Some(3), 2), Replace);
        assert!(names("#a=1", "a=1") && names("a=1", "a=1") && !names("#a=1", "a=2"));
    }

    #[test]
    fn history_entries_follow_solved_states() {
        let mut h = History::default();
        assert_eq!((h.entry(), h.is_draft()), (0, false));
        // The first edit after a solved state starts an entry; more edits
        // stay in it.
        h.edited();
        h.edited();
        assert_eq!((h.entry(), h.is_draft()), (1, true));
        // Solve settles the draft in its entry.
        h.solved();
        assert_eq!((h.entry(), h.is_draft()), (1, false));
        // Solve again (nothing edited) starts one.
        h.solved();
        assert_eq!((h.entry(), h.is_draft()), (2, false));
        // Reopening keeps the entry and ends a draft.
        h.edited();
        assert_eq!(h.reopened(), {
            let mut settled = History::default();
            settled.solved();
            settled.solved();
            settled.solved();
            settled
        });
    }

    #[test]
    fn weight_heuristic_and_ida_budget_round_trip() {
        let (link, rejected) =
            Link::read("weight=2.5&heuristic=twice-manhattan&idabudget=5000&algo=idastar");
        assert_eq!(rejected, []);
        assert_eq!(link.weight.map(Weight::text), Some("2.5".to_string()));
        assert_eq!(
            link.heuristic,
            Some(crate::engine::heuristic::BuiltIn::TwiceManhattan.into())
        );
        assert_eq!(link.idabudget.as_deref(), Some("5000"));
        assert_eq!(
            link.to_fragment(),
            "algo=idastar&weight=2.5&heuristic=twice-manhattan&idabudget=5000"
        );
        assert_eq!(Link::parse(&link.to_fragment()), link);
        // Values no control could produce are named and not used.
        let (link, rejected) = Link::read("weight=2.7&heuristic=pdb&idabudget=lots&weight=6");
        assert_eq!(
            (link.weight, link.heuristic, link.idabudget),
            (None, None, None)
        );
        let messages: Vec<String> = rejected.iter().map(Rejected::message).collect();
        assert_eq!(
            messages,
            [
                "The link's weight value \"2.7\" was not used: expected a weight 1–5 in steps of 0.5.",
                "The link's heuristic value \"pdb\" was not used: expected misplaced, manhattan, linear-conflict, twice-manhattan, manhattan-plus-misplaced, or h: and an expression of the heuristic language that parses.",
                "The link's idabudget value \"lots\" was not used: expected an IDA* budget (a whole number of expansions).",
                "The link's weight value \"6\" was not used: expected a weight 1–5 in steps of 0.5.",
            ]
        );
    }
}
