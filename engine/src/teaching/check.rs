//! "Check my order": a student's list of popped boards against the contract
//! A*'s pop order, with the tie-break rule that decides the first difference.
//!
//! The input is the popped keys one per line, or a trace in the export
//! format (CSV with its header row, or the JSON object); only the keys are
//! compared, in order. Stale pops are pops: the contract pops them too.
//!
//! At the first difference, pop K, the contract's frontier just before pop K
//! is rebuilt by replaying the engine's search to pop K − 1. The contract pops
//! X, the smallest (f, h, key, seq) there. If the user's board Y is in that
//! frontier, the rule is the first component in which X's entry beats Y's
//! best entry: f, then h, then key. (seq can only decide between two entries
//! of the same board, which differ in g and so in f, so with keys compared it
//! never decides; it is reported for completeness.) If Y is not in the
//! frontier, the answer says so, and whether Y was popped before or never
//! pushed.

use super::trace::{astar_trace, f_text, PopKind, PopRecord};
use crate::board::Board;
use crate::contract::Budget;
use crate::contract::Goal;
use crate::contract::{Entry, Solver};
use std::fmt;

/// What is wrong with one key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyProblem {
    /// Not nine characters long.
    Length(usize),
    /// A character that is not a digit 0–8.
    NotADigit {
        /// The character.
        ch: char,
        /// Its 1-based position in the key.
        position: usize,
    },
    /// A digit that appears twice (so another one is missing).
    Repeated {
        /// The repeated digit.
        digit: u8,
        /// The smallest missing digit.
        missing: u8,
    },
}

impl fmt::Display for KeyProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyProblem::Length(n) => write!(f, "has {n} characters; a key is nine digits"),
            KeyProblem::NotADigit { ch, position } => {
                write!(f, "character {position} is {ch:?}, not a digit 0–8")
            }
            KeyProblem::Repeated { digit, missing } => {
                write!(
                    f,
                    "repeats {digit} and lacks {missing}; a key uses each of 0–8 once"
                )
            }
        }
    }
}

/// Why the pasted pops could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PopsError {
    /// Nothing but blank lines.
    Empty,
    /// A key that is not nine distinct digits 0–8.
    BadKey {
        /// 1-based line number (for JSON, the 1-based event index).
        line: usize,
        /// The text as given.
        text: String,
        /// What is wrong.
        problem: KeyProblem,
    },
    /// A CSV trace that does not follow the export format.
    Csv {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A JSON trace that does not follow the export format.
    Json {
        /// What is wrong.
        message: String,
    },
}

impl PopsError {
    /// `empty`, `bad_key`, `csv` or `json`.
    pub fn kind(&self) -> &'static str {
        match self {
            PopsError::Empty => "empty",
            PopsError::BadKey { .. } => "bad_key",
            PopsError::Csv { .. } => "csv",
            PopsError::Json { .. } => "json",
        }
    }
}

impl fmt::Display for PopsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PopsError::Empty => f.write_str("no popped keys given"),
            PopsError::BadKey {
                line,
                text,
                problem,
            } => write!(f, "line {line}: the key {text:?} {problem}"),
            PopsError::Csv { line, message } => write!(f, "CSV line {line}: {message}"),
            PopsError::Json { message } => write!(f, "JSON trace: {message}"),
        }
    }
}

impl std::error::Error for PopsError {}

/// Parses one key: nine characters, the digits 0–8 each once.
pub fn parse_key(text: &str) -> Result<u64, KeyProblem> {
    let n = text.chars().count();
    if n != 9 {
        return Err(KeyProblem::Length(n));
    }
    let mut key = 0u64;
    let mut seen = [false; 9];
    for (i, ch) in text.chars().enumerate() {
        let d = match ch.to_digit(10) {
            Some(d) if d <= 8 => d as u8,
            _ => {
                return Err(KeyProblem::NotADigit {
                    ch,
                    position: i + 1,
                })
            }
        };
        if seen[d as usize] {
            let missing = (0..9u8).find(|&m| !text.contains(char::from(b'0' + m)));
            return Err(KeyProblem::Repeated {
                digit: d,
                missing: missing.unwrap_or(0),
            });
        }
        seen[d as usize] = true;
        key = (key << 4) | u64::from(d);
    }
    Ok(key)
}

fn bad_key(line: usize, text: &str, problem: KeyProblem) -> PopsError {
    PopsError::BadKey {
        line,
        text: text.to_string(),
        problem,
    }
}

/// Reads pasted pops: keys one per line (or several on a line separated by
/// spaces; blank lines ignored), a CSV trace (first line `event,kind,…` with a `key` column), or
/// a JSON trace (`{"events":[{"key":"…"},…]}`).
pub fn parse_pops(text: &str) -> Result<Vec<u64>, PopsError> {
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    if trimmed.is_empty() {
        return Err(PopsError::Empty);
    }
    let keys = if trimmed.starts_with('{') {
        parse_json(trimmed)?
    } else if trimmed.starts_with("event,") {
        parse_csv(text)?
    } else {
        let mut keys = Vec::new();
        for (i, line) in text.lines().enumerate() {
            for t in line.split_whitespace() {
                keys.push(parse_key(t).map_err(|p| bad_key(i + 1, t, p))?);
            }
        }
        keys
    };
    if keys.is_empty() {
        return Err(PopsError::Empty);
    }
    Ok(keys)
}

fn parse_csv(text: &str) -> Result<Vec<u64>, PopsError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((hl, header)) = lines.next() else {
        return Err(PopsError::Empty);
    };
    let names: Vec<&str> = header.trim().split(',').collect();
    let Some(col) = names.iter().position(|n| *n == "key") else {
        return Err(PopsError::Csv {
            line: hl + 1,
            message: "the header row has no key column".into(),
        });
    };
    let mut keys = Vec::new();
    for (i, line) in lines {
        let fields: Vec<&str> = line.trim().split(',').collect();
        if fields.len() != names.len() {
            return Err(PopsError::Csv {
                line: i + 1,
                message: format!(
                    "{} fields, but the header names {}",
                    fields.len(),
                    names.len()
                ),
            });
        }
        let t = fields[col].trim();
        keys.push(parse_key(t).map_err(|p| bad_key(i + 1, t, p))?);
    }
    Ok(keys)
}

fn parse_json(text: &str) -> Result<Vec<u64>, PopsError> {
    let json_err = |message: String| PopsError::Json { message };
    let v: serde_json::Value =
        serde_json::from_str(text).map_err(|e| json_err(format!("not valid JSON ({e})")))?;
    let Some(events) = v.get("events").and_then(|e| e.as_array()) else {
        return Err(json_err("no \"events\" array".into()));
    };
    let mut keys = Vec::with_capacity(events.len());
    for (i, e) in events.iter().enumerate() {
        let Some(k) = e.get("key") else {
            return Err(json_err(format!("event {} has no \"key\"", i + 1)));
        };
        let Some(t) = k.as_str() else {
            return Err(json_err(format!(
                "event {}: \"key\" is {k}, not a string of nine digits",
                i + 1
            )));
        };
        keys.push(parse_key(t).map_err(|p| bad_key(i + 1, t, p))?);
    }
    Ok(keys)
}

/// The tie-break component that decides between the contract's pop and the
/// user's, or why there is no comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The contract's entry has the smaller f.
    F,
    /// Equal f; the contract's entry has the smaller h.
    H,
    /// Equal f and h; the contract's key is smaller.
    Key,
    /// Equal f, h and key; the contract's seq is smaller.
    Seq,
    /// The user's board is not in the frontier before this pop.
    NotInFrontier {
        /// The event at which the contract popped that board last, if it did.
        popped_at: Option<u32>,
        /// Whether any expansion so far pushed it (or it is the start).
        ever_pushed: bool,
    },
    /// The contract's search had already ended (goal, budget, or no search
    /// for an unsolvable pair).
    AfterEnd,
}

impl Rule {
    /// The first component of the contract order (f, h, key, seq) in which
    /// frontier entry `x` differs from `y`: the rule that puts the smaller
    /// of the two first. Equal entries give `Seq`. The one comparator of
    /// "check my order" and of the Trace tab's Predict quiz.
    pub fn between(x: &Entry, y: &Entry) -> Rule {
        Rule::between_under(x, y, 2)
    }

    /// [`between`](Self::between) under the priority a search used: f =
    /// g + w·h, `twice_w` = 2w (2: the contract's f = g + h), compared as
    /// 2f so half steps stay exact. A weighted trace's Predict quiz asks
    /// this.
    pub fn between_under(x: &Entry, y: &Entry, twice_w: u32) -> Rule {
        let twice_f = |e: &Entry| 2 * e.g + twice_w * e.h;
        if twice_f(x) != twice_f(y) {
            Rule::F
        } else if x.h != y.h {
            Rule::H
        } else if x.key != y.key {
            Rule::Key
        } else {
            Rule::Seq
        }
    }

    /// Why `x` is popped before `y` (with `y` the other board's best entry
    /// in the frontier, when it is there), e.g. `equal f, h decides (1 < 3)`,
    /// or `not in the frontier: it was never pushed`.
    pub fn reason(self, x: &Entry, y: Option<&Entry>) -> String {
        self.reason_under(x, y, 2)
    }

    /// [`reason`](Self::reason) with f = g + w·h (`twice_w` = 2w).
    pub fn reason_under(self, x: &Entry, y: Option<&Entry>, twice_w: u32) -> String {
        match (self, y) {
            (
                Rule::NotInFrontier {
                    popped_at,
                    ever_pushed,
                },
                _,
            ) => match popped_at {
                Some(k) => {
                    format!("not in the frontier: it was popped at pop {k} and not pushed again")
                }
                None if ever_pushed => "not in the frontier".to_string(),
                None => "not in the frontier: it was never pushed".to_string(),
            },
            (Rule::AfterEnd, _) | (_, None) => "after the search's end".to_string(),
            (rule, Some(y)) => {
                let (a, b) = match rule {
                    Rule::F => (f_text(x.g, x.h, twice_w), f_text(y.g, y.h, twice_w)),
                    Rule::H => (x.h.to_string(), y.h.to_string()),
                    Rule::Key => (x.key_string(), y.key_string()),
                    _ => (x.seq.to_string(), y.seq.to_string()),
                };
                let ties = match rule {
                    Rule::F => "",
                    Rule::H => "equal f, ",
                    Rule::Key => "equal f and h, ",
                    _ => "equal f, h and key, ",
                };
                format!("{ties}{} decides ({a} < {b})", rule.name())
            }
        }
    }

    /// `f`, `h`, `key`, `seq`, `not_in_frontier` or `after_end`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::F => "f",
            Rule::H => "h",
            Rule::Key => "key",
            Rule::Seq => "seq",
            Rule::NotInFrontier { .. } => "not_in_frontier",
            Rule::AfterEnd => "after_end",
        }
    }
}

/// The first pop where the user's order leaves the contract's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The 1-based pop number.
    pub event: u32,
    /// The contract's pop and what it did (`None` after the search's end).
    pub expected: Option<(Entry, PopKind)>,
    /// The user's key.
    pub got: u64,
    /// The user's board's best entry in the frontier, if it is there.
    pub got_entry: Option<Entry>,
    /// What decides.
    pub rule: Rule,
}

/// An entry as the checker names it: `(f 2, h 0, key 123456780, seq 4)`.
pub fn entry_text(e: &Entry) -> String {
    entry_text_under(e, 2)
}

/// [`entry_text`] with f = g + w·h (`twice_w` = 2w).
pub fn entry_text_under(e: &Entry, twice_w: u32) -> String {
    format!(
        "(f {}, h {}, key {}, seq {})",
        f_text(e.g, e.h, twice_w),
        e.h,
        e.key_string(),
        e.seq
    )
}

impl Difference {
    /// One sentence for people, e.g. `first difference at pop 2: the
    /// contract pops (f 2, h 0, key 123456780, seq 4), you popped 123406758
    /// (f 4, h 2, key 123406758, seq 3): f decides (2 < 4)`.
    pub fn message(&self) -> String {
        let got = format!("{:09x}", self.got);
        let Some((x, _)) = &self.expected else {
            return format!(
                "first difference at pop {}: the contract search had ended after pop {}, you popped {got}",
                self.event,
                self.event - 1
            );
        };
        let head = format!(
            "first difference at pop {}: the contract pops {}, you popped {got}",
            self.event,
            entry_text(x)
        );
        match (self.rule, &self.got_entry) {
            (Rule::NotInFrontier { .. }, _) => {
                format!("{head}, which is {}", self.rule.reason(x, None))
            }
            (rule, Some(y)) => format!("{head} {}: {}", entry_text(y), rule.reason(x, Some(y))),
            (_, None) => head,
        }
    }
}

/// The verdict on a user's pop order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// Every given pop matches the contract's pop at the same position.
    pub matches: bool,
    /// How many pops the user gave.
    pub events: usize,
    /// How many pops the contract search makes in all.
    pub contract_events: usize,
    /// The first difference (`None` on a match).
    pub first_difference: Option<Difference>,
}

impl CheckReport {
    /// `matches the contract order for all N pops` (and, for a prefix, how
    /// many the contract makes), or the difference's message.
    pub fn message(&self) -> String {
        match &self.first_difference {
            Some(d) => d.message(),
            None if self.events == self.contract_events => {
                format!("matches the contract order for all {} pops", self.events)
            }
            None => format!(
                "matches the contract order for all {} pops given (the contract search makes {})",
                self.events, self.contract_events
            ),
        }
    }

    /// The JSON form, one line ending with `\n`, keys in this order:
    /// `{"matches":true,"events":N,"contract_events":M,"first_difference":null,"message":"…"}`
    /// or with `"first_difference":{"event":K,"expected":{"f":…,"h":…,
    /// "key":"…","seq":…,"g":…,"kind":"…"} (or null after the end),
    /// "got":"…","got_entry":{…} or null,"rule":"f"|"h"|"key"|"seq"|
    /// "not_in_frontier"|"after_end","message":"…"}`.
    pub fn to_json(&self) -> String {
        let entry = |e: &Entry| {
            format!(
                "{{\"f\":{},\"h\":{},\"key\":\"{}\",\"seq\":{},\"g\":{}",
                e.f(),
                e.h,
                e.key_string(),
                e.seq,
                e.g
            )
        };
        let diff = match &self.first_difference {
            None => "null".to_string(),
            Some(d) => {
                let expected = d.expected.as_ref().map_or("null".to_string(), |(e, k)| {
                    format!("{},\"kind\":\"{}\"}}", entry(e), k.name())
                });
                let got_entry = d
                    .got_entry
                    .as_ref()
                    .map_or("null".to_string(), |e| format!("{}}}", entry(e)));
                let extra = match d.rule {
                    Rule::NotInFrontier {
                        popped_at,
                        ever_pushed,
                    } => format!(
                        ",\"popped_at\":{},\"ever_pushed\":{ever_pushed}",
                        popped_at.map_or("null".to_string(), |k| k.to_string())
                    ),
                    _ => String::new(),
                };
                let message = serde_json::Value::String(d.message()).to_string();
                format!(
                    "{{\"event\":{},\"expected\":{expected},\"got\":\"{:09x}\",\"got_entry\":{got_entry},\"rule\":\"{}\"{extra},\"message\":{message}}}",
                    d.event,
                    d.got,
                    d.rule.name()
                )
            }
        };
        format!(
            "{{\"matches\":{},\"events\":{},\"contract_events\":{},\"first_difference\":{diff},\"message\":{}}}\n",
            self.matches,
            self.events,
            self.contract_events,
            serde_json::Value::String(self.message())
        )
    }
}

/// What decides between `x`, the contract's next pop, and the board `got`,
/// given the frontier before that pop (in pop order, as
/// `Search::frontier_preview` lists it), the pops so far and the start's key:
/// `got`'s best entry in the frontier, if it is there, and the rule
/// ([`Rule::between`], or why it is not in the frontier).
pub fn judge(
    x: &Entry,
    frontier: &[Entry],
    records: &[PopRecord],
    start_key: u64,
    got: u64,
) -> (Option<Entry>, Rule) {
    judge_under(x, frontier, records, start_key, got, 2)
}

/// [`judge`] under the priority f = g + w·h (`twice_w` = 2w) a weighted
/// search used.
pub fn judge_under(
    x: &Entry,
    frontier: &[Entry],
    records: &[PopRecord],
    start_key: u64,
    got: u64,
    twice_w: u32,
) -> (Option<Entry>, Rule) {
    let y = frontier.iter().find(|e| e.key == got).copied();
    let rule = match &y {
        Some(y) => Rule::between_under(x, y, twice_w),
        None => Rule::NotInFrontier {
            popped_at: records
                .iter()
                .rev()
                .find(|r| r.entry.key == got)
                .map(|r| r.event),
            ever_pushed: start_key == got
                || records
                    .iter()
                    .any(|r| r.pushed.iter().any(|p| p.key == got)),
        },
    };
    (y, rule)
}

/// Compares `pops` with the contract A*'s pop order for `start` → `goal`
/// under `budget`. For an unsolvable pair no search runs: the contract makes
/// no pops and any pop given differs (rule `after_end`).
pub fn check_order(
    solver: &mut Solver,
    start: &Board,
    goal: &Goal,
    budget: Budget,
    pops: &[u64],
) -> CheckReport {
    let records = astar_trace(solver, start, goal, budget)
        .map(|t| t.records)
        .unwrap_or_default();
    let k = pops
        .iter()
        .zip(&records)
        .position(|(&y, r)| y != r.entry.key)
        .or_else(|| (pops.len() > records.len()).then_some(records.len()));
    let report = |first_difference| CheckReport {
        matches: k.is_none(),
        events: pops.len(),
        contract_events: records.len(),
        first_difference,
    };
    let Some(i) = k else {
        return report(None);
    };
    let got = pops[i];
    let Some(x) = records.get(i) else {
        return report(Some(Difference {
            event: i as u32 + 1,
            expected: None,
            got,
            got_entry: None,
            rule: Rule::AfterEnd,
        }));
    };
    // The frontier just before pop i + 1: replay the engine's search to pop i.
    let mut frontier = Vec::new();
    if let Ok(mut search) = solver.search(start, goal, budget) {
        for _ in 0..i {
            search.step();
        }
        frontier = search.frontier_preview(usize::MAX);
    }
    let (y, rule) = judge(&x.entry, &frontier, &records[..i], start.packed(), got);
    report(Some(Difference {
        event: i as u32 + 1,
        expected: Some((x.entry, x.kind)),
        got,
        got_entry: y,
        rule,
    }))
}
