//! Predict mode of the Trace tab: before each A* pop the student says which
//! entry the frontier pops next; before each IDA* board, whether it is cut
//! off by the bound, and at the end of an iteration, what the next bound
//! is. A* answers are judged by the checker's one rule
//! ([`judge`] and [`Rule::between`] in `engine/src/check.rs`, which compare
//! the entries' own priority fields), never by a second comparator.

use super::lines::{entry_board, SmallBoard};
use crate::engine::teaching::f_text;
use crate::engine::{
    contract::Entry,
    solve::IdaKind,
    teaching::{entry_text_under, judge_under, parse_key, IdaEvent, PopRecord, Rule},
};

/// How many of the entries with the smallest f are offered as boards; the
/// others are named by count and can be typed.
pub const CHOICES_SHOWN: usize = 12;

/// Right answers out of questions asked, for the current start and goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Score {
    /// Right answers.
    pub right: u32,
    /// Questions answered.
    pub asked: u32,
}

impl Score {
    /// `Score: 2 right out of 3 asked.`
    pub fn text(self) -> String {
        format!("Score: {} right out of {} asked.", self.right, self.asked)
    }

    /// The link's value, `R/N`.
    pub fn to_link(self) -> String {
        format!("{}/{}", self.right, self.asked)
    }

    /// Reads a link's `R/N`: two whole numbers (digits only) with R ≤ N;
    /// anything else is refused (`None`), as a link's bad value is.
    pub fn parse(text: &str) -> Option<Score> {
        let (r, n) = text.split_once('/')?;
        let num = |t: &str| {
            (!t.is_empty() && t.len() <= 9 && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse::<u32>().ok())
                .flatten()
        };
        let (right, asked) = (num(r)?, num(n)?);
        (right <= asked).then_some(Score { right, asked })
    }

    fn add(&mut self, right: bool) {
        self.asked += 1;
        if right {
            self.right += 1;
        }
    }
}

/// The question before the next event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// A*: which entry does the frontier pop next?
    Pop {
        /// The entry the search pops next (the frontier's first).
        right: Entry,
        /// The entries with the smallest f (by the checker's rule; the first
        /// [`CHOICES_SHOWN`] in pop order when there are more), in push
        /// order (seq), so the order shown gives nothing away.
        candidates: Vec<Entry>,
        /// How many entries share the smallest f.
        tied: usize,
        /// The 1-based number of the pop asked about.
        event: u32,
        /// 2w of the priority f = g + w·h the search orders by (2: the
        /// contract's f = g + h).
        twice_w: u32,
    },
    /// IDA*: is the next board cut off by the bound?
    CutOff(IdaEvent),
    /// IDA*: the iteration ended; what is the next bound?
    Bound {
        /// The next iteration's first event (the start at the new bound).
        next: IdaEvent,
        /// The bound of the iteration that ended.
        bound: u32,
    },
}

/// A judged answer: right or not, the deciding rule's name (A*), and the
/// sentence the page announces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The answer was right.
    pub right: bool,
    /// For A*: the checker's rule name (`f`, `h`, `key`, `seq`,
    /// `not_in_frontier`); `None` for a right answer and for IDA*.
    pub rule: Option<&'static str>,
    /// One sentence (without the score).
    pub sentence: String,
}

/// Judges the key `got` against the A* pop `x`, given the frontier before
/// the pop (pop order), the pops so far and the start's key: the checker's
/// [`judge`] finds `got`'s entry and the rule.
pub fn judge_pop(
    x: &Entry,
    frontier: &[Entry],
    records: &[PopRecord],
    start_key: u64,
    got: u64,
) -> Judgement {
    judge_pop_under(x, frontier, records, start_key, got, 2)
}

/// [`judge_pop`] under the priority f = g + w·h (`twice_w` = 2w) a weighted
/// trace's search used: entries are compared by that f.
pub fn judge_pop_under(
    x: &Entry,
    frontier: &[Entry],
    records: &[PopRecord],
    start_key: u64,
    got: u64,
    twice_w: u32,
) -> Judgement {
    let (y, rule) = judge_under(x, frontier, records, start_key, got, twice_w);
    judge_entries_under(x, y.as_ref(), rule, got, twice_w)
}

/// The sentence for the A* answer `got` (its entry `y`, when it is in the
/// frontier) against the pop `x`, with the rule the checker found.
pub fn judge_entries(x: &Entry, y: Option<&Entry>, rule: Rule, got: u64) -> Judgement {
    judge_entries_under(x, y, rule, got, 2)
}

/// [`judge_entries`] with f = g + w·h (`twice_w` = 2w) in the sentence.
pub fn judge_entries_under(
    x: &Entry,
    y: Option<&Entry>,
    rule: Rule,
    got: u64,
    twice_w: u32,
) -> Judgement {
    let entry_text = |e: &Entry| entry_text_under(e, twice_w);
    if y == Some(x) {
        return Judgement {
            right: true,
            rule: None,
            sentence: format!(
                "Right: the frontier pops {} next, and it is popped now.",
                entry_text(x)
            ),
        };
    }
    let sentence = match y {
        Some(y) => format!(
            "Not this one: the frontier pops {} before {}: {}. Step pops it.",
            entry_text(x),
            entry_text(y),
            rule.reason_under(x, Some(y), twice_w)
        ),
        None => format!(
            "Not this one: {got:09x} is {}; the frontier pops {} next. Step pops it.",
            rule.reason_under(x, None, twice_w),
            entry_text(x)
        ),
    };
    Judgement {
        right: false,
        rule: Some(rule.name()),
        sentence,
    }
}

/// Judges a yes/no answer on whether the IDA* board `e` is cut off.
pub fn judge_cutoff(e: &IdaEvent, said_cut: bool) -> Judgement {
    let cut = e.kind == IdaKind::Cutoff;
    let n = &e.node;
    let why = if cut {
        format!(
            "{} at g {} has f = {} + {} = {}, over the bound {}, so it is cut off",
            n.key_string(),
            n.g,
            n.g,
            n.h,
            n.f(),
            e.bound
        )
    } else {
        format!(
            "{} at g {} has f = {} + {} = {}, within the bound {}, so it is not cut off",
            n.key_string(),
            n.g,
            n.g,
            n.h,
            n.f(),
            e.bound
        )
    };
    let right = cut == said_cut;
    Judgement {
        right,
        rule: None,
        sentence: if right {
            format!("Right: {why}; it is entered now.")
        } else {
            format!("Not this one: {why}. Step enters it.")
        },
    }
}

/// Judges a typed next bound `n` at the end of an iteration with bound
/// `bound`; `next` is the next iteration's first event.
pub fn judge_bound(next: &IdaEvent, bound: u32, n: u32) -> Judgement {
    let why = format!(
        "the smallest f that went over the bound {bound} in iteration {}",
        next.iteration.saturating_sub(1)
    );
    let right = n == next.bound;
    Judgement {
        right,
        rule: None,
        sentence: if right {
            format!(
                "Right: the next bound is {}, {why}; iteration {} begins now.",
                next.bound, next.iteration
            )
        } else {
            format!(
                "Not this one: the next bound is {}, not {n}: {why}. Step begins iteration {}.",
                next.bound, next.iteration
            )
        },
    }
}

/// One answer button.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// What the button answers (`data-answer`): a key, `yes`/`no`, or a bound.
    pub answer: String,
    /// The button's text.
    pub label: String,
    /// The entry as a small board (A*).
    pub board: Option<SmallBoard>,
}

/// The Predict part of the Trace tab.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PredictView {
    /// Whether Predict is on.
    pub on: bool,
    /// `Score: R right out of N asked.`
    pub score: String,
    /// The question now (empty when there is none).
    pub question: String,
    /// The answer buttons.
    pub choices: Vec<Choice>,
    /// How many further entries share the smallest f (not drawn), if any.
    pub more: String,
    /// The typed answer's label; empty: no typed answer for this question.
    pub typed_label: &'static str,
    /// What the boards below the question are.
    pub shown_title: String,
    /// The board asked about (IDA*), or the right entry after a wrong answer.
    pub shown: Vec<SmallBoard>,
    /// The last answer's sentence, for the live region.
    pub said: String,
    /// Whether [`said`](Self::said) judged an answer: right (`Some(true)`)
    /// or wrong (`Some(false)`); `None` for any other sentence. The page
    /// draws the two differently, by more than colour: the sentence's first
    /// word ("Right" or "Not this one") and [`mark`](Self::mark).
    pub verdict: Option<bool>,
    /// The icon before a judged answer's sentence: [`RIGHT_MARK`] or
    /// [`WRONG_MARK`]; empty for any other sentence.
    pub mark: &'static str,
}

/// The icon of a right answer.
pub const RIGHT_MARK: &str = "✓";
/// The icon of a wrong answer.
pub const WRONG_MARK: &str = "✗";

fn ida_board(e: &IdaEvent, reveal: bool) -> SmallBoard {
    let n = &e.node;
    SmallBoard {
        cells: n.board().three_cells(),
        caption: if reveal {
            format!("{}: g {}, h {}, f {}", n.key_string(), n.g, n.h, n.f())
        } else {
            format!(
                "{}: g {}{}",
                n.key_string(),
                n.g,
                n.mv.map_or(String::new(), |m| format!(", by {}", m.name()))
            )
        },
        pushed: e.kind != IdaKind::Cutoff || !reveal,
    }
}

/// The question's part of the view (no answer given yet at this event).
pub fn question_view(q: &Question, v: &mut PredictView) {
    match q {
        Question::Pop {
            right,
            candidates,
            tied,
            event,
            twice_w,
        } => {
            let f = f_text(right.g, right.h, *twice_w);
            v.question = format!(
                "Pop {event}: which entry does the frontier pop next? {} the smallest f, {f}; choose one, or type any key.",
                if *tied == 1 {
                    "1 entry has".to_string()
                } else {
                    format!("{tied} entries share")
                }
            );
            v.choices = candidates
                .iter()
                .map(|e| Choice {
                    answer: e.key_string(),
                    label: format!("Pops next: {}", e.key_string()),
                    board: Some(entry_board(e, *twice_w)),
                })
                .collect();
            let hidden = tied.saturating_sub(candidates.len());
            if hidden > 0 {
                v.more = format!(
                    "{hidden} more entries with f {f} are not drawn (the {} drawn come first by h, key and seq, shown in push order); type a key to choose another.",
                    candidates.len()
                );
            }
            v.typed_label = "Or type the key you expect";
        }
        Question::CutOff(e) => {
            v.question = format!(
                "Next board: {} at g {} in iteration {}, bound {}. Is it cut off (is f = g + h over the bound)?",
                e.node.key_string(),
                e.node.g,
                e.iteration,
                e.bound
            );
            v.choices = vec![
                Choice {
                    answer: "yes".into(),
                    label: "Yes: cut off".into(),
                    board: None,
                },
                Choice {
                    answer: "no".into(),
                    label: "No: within the bound".into(),
                    board: None,
                },
            ];
            v.shown_title = "The next board to enter".into();
            v.shown = vec![ida_board(e, false)];
        }
        Question::Bound { next, bound } => {
            v.question = format!(
                "Iteration {} ended without the goal under the bound {bound}. What is the next bound?",
                next.iteration.saturating_sub(1)
            );
            v.choices = (1..=4)
                .map(|d| {
                    let b = bound + d;
                    Choice {
                        answer: b.to_string(),
                        label: format!("Next bound {b}"),
                        board: None,
                    }
                })
                .collect();
            v.typed_label = "Or type the next bound";
        }
    }
}

/// The revealed right answer after a wrong one.
pub fn reveal_view(q: &Question, v: &mut PredictView) {
    match q {
        Question::Pop { right, twice_w, .. } => {
            v.shown_title = "The entry popped next".into();
            v.shown = vec![entry_board(right, *twice_w)];
        }
        Question::CutOff(e) => {
            v.shown_title = "The next board to enter".into();
            v.shown = vec![ida_board(e, true)];
        }
        Question::Bound { .. } => {}
    }
}

/// Judges the text of an answer to `q` (a key, `yes`/`no`, or a number);
/// `Err` with a sentence when the text is not an answer at all (nothing
/// is scored). `frontier`, `records` and `start_key` serve the A* check.
pub fn judge_text(
    q: &Question,
    text: &str,
    frontier: &[Entry],
    records: &[PopRecord],
    start_key: u64,
) -> Result<Judgement, String> {
    let t = text.trim();
    match q {
        Question::Pop { right, twice_w, .. } => match parse_key(t) {
            Ok(got) => Ok(judge_pop_under(
                right, frontier, records, start_key, got, *twice_w,
            )),
            Err(p) => Err(format!("Nothing judged: the key {t:?} {p}.")),
        },
        Question::CutOff(e) => match t {
            "yes" => Ok(judge_cutoff(e, true)),
            "no" => Ok(judge_cutoff(e, false)),
            _ => Err(format!("Nothing judged: answer yes or no, not {t:?}.")),
        },
        Question::Bound { next, bound } => match t.parse::<u32>() {
            Ok(n) if t.bytes().all(|b| b.is_ascii_digit()) => Ok(judge_bound(next, *bound, n)),
            _ => Err(format!(
                "Nothing judged: the next bound is a whole number, such as {}; {t:?} is not.",
                bound + 1
            )),
        },
    }
}

/// Adds a judgement to the score; the sentence to announce.
pub fn score_answer(score: &mut Score, j: &Judgement) -> String {
    score.add(j.right);
    format!("{} {}", j.sentence, score.text())
}

/// The ask-first sentence when Step is pressed with a question open.
pub fn ask_first(q: &Question) -> String {
    match q {
        Question::Pop { .. } => "Predict is on: choose the entry you expect the frontier to pop next (or type its key) before it is popped. Run to end and Go to event move on without asking.".into(),
        Question::CutOff(_) => "Predict is on: say whether the next board is cut off before it is entered. Run to end and Go to event move on without asking.".into(),
        Question::Bound { .. } => "Predict is on: say what the next bound is before the next iteration begins. Run to end and Go to event move on without asking.".into(),
    }
}
