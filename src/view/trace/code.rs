//! The pseudocode beside the trace: A* and IDA* as short numbered lists in
//! the project's own words, and the lines the current event ran. The
//! highlight is a pure function of the current event (the latest A* pop
//! record, or the latest IDA* event), so it follows Step, Back, Go to event
//! and Run to end without any state of its own.

use crate::engine::{
    solve::IdaKind,
    teaching::{IdaEvent, PopKind, PopRecord},
};

/// One line of pseudocode: (indent, text).
type Line = (u8, &'static str);

/// The contract A*, one line per action the trace shows.
pub const ASTAR_CODE: [Line; 9] = [
    (0, "put the start in the frontier (g 0, so f = h)"),
    (0, "while the frontier is not empty:"),
    (1, "pop the entry with the smallest (f, h, key, seq)"),
    (
        1,
        "if its g is worse than its board's best g: it is stale, skip it",
    ),
    (1, "if its board is the goal: accept it (Solved) and stop"),
    (
        1,
        "if expansions have reached the budget: stop (Unknown, budget)",
    ),
    (
        1,
        "expand it: count one expansion; for each move of the blank:",
    ),
    (
        2,
        "if the neighbour's g beats its board's best g: keep that g, push the neighbour",
    ),
    (2, "otherwise: not improved, not pushed"),
];

/// Line 3 of [`ASTAR_CODE`] in a weighted trace: the priority is
/// f = g + w·h (the one line whose text changes).
pub const WEIGHTED_POP: &str =
    "pop the entry with the smallest (f, h, key, seq), where f = g + w·h";

/// IDA* (Manhattan), one line per action the trace shows.
pub const IDA_CODE: [Line; 9] = [
    (0, "bound ← the start's h"),
    (0, "repeat, one iteration per bound:"),
    (1, "next bound ← none; enter the start at g 0"),
    (1, "enter a board at depth g, with f = g + h:"),
    (
        2,
        "if f > bound: cut it off, next bound ← min(next bound, f), go back",
    ),
    (2, "if h = 0: it is the goal (Solved); stop"),
    (
        2,
        "if expansions have reached the budget: stop (Unknown, budget)",
    ),
    (
        2,
        "expand it: count one expansion, enter each child in move order (never the move back)",
    ),
    (1, "no goal within the bound: bound ← next bound"),
];

/// One numbered line as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeLine {
    /// 1-based line number.
    pub number: u8,
    /// Nesting depth (0 = outermost).
    pub indent: u8,
    /// The line.
    pub text: &'static str,
    /// Whether the current event ran it (`aria-current="step"`).
    pub current: bool,
}

/// The pseudocode of the chosen search, with the current event's lines.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CodeView {
    /// `A* in pseudocode` or `IDA* in pseudocode`.
    pub title: &'static str,
    /// The numbered lines.
    pub lines: Vec<CodeLine>,
    /// Which lines are marked and why, in one sentence.
    pub note: String,
}

/// The A* lines event `r` ran (`None`: before the first pop, the start is
/// put in the frontier).
pub fn astar_lines(r: Option<&PopRecord>) -> Vec<u8> {
    let Some(r) = r else { return vec![1] };
    match r.kind {
        PopKind::Stale => vec![3, 4],
        PopKind::Goal => vec![3, 5],
        PopKind::Cutoff => vec![3, 6],
        PopKind::Expanded => {
            let mut lines = vec![3, 7];
            if r.neighbours.iter().any(|n| n.pushed) {
                lines.push(8);
            }
            if r.neighbours.iter().any(|n| !n.pushed) {
                lines.push(9);
            }
            lines
        }
    }
}

/// The IDA* lines event `e` ran (`None`: before the first board, the bound
/// is set).
pub fn ida_lines(e: Option<&IdaEvent>) -> Vec<u8> {
    let Some(e) = e else { return vec![1] };
    let mut lines = Vec::new();
    if e.parent.is_none() {
        lines.push(3);
    }
    lines.push(4);
    lines.push(match e.kind {
        IdaKind::Cutoff => 5,
        IdaKind::Goal => 6,
        IdaKind::Budget => 7,
        IdaKind::Expanded => 8,
    });
    if e.parent.is_none() && e.iteration > 1 {
        lines.push(9);
    }
    lines
}

fn numbers(lines: &[u8]) -> String {
    let n: Vec<String> = lines.iter().map(u8::to_string).collect();
    match n.as_slice() {
        [] => String::new(),
        [one] => format!("line {one}"),
        [init @ .., last] => format!("lines {} and {last}", init.join(", ")),
    }
}

/// The listing `code` with `current` marked; `event` is the event number
/// (0 before the first).
pub fn code_view(ida: bool, event: u64, current: &[u8]) -> CodeView {
    let (title, code) = if ida {
        ("IDA* in pseudocode", &IDA_CODE)
    } else {
        ("A* in pseudocode", &ASTAR_CODE)
    };
    let note = match (current.is_empty(), event) {
        (true, _) => "No search runs, so no line is marked.".to_string(),
        (false, 0) => format!("Before the first event: {} is marked.", numbers(current)),
        (false, k) => format!("Event {k} ran {} (marked).", numbers(current)),
    };
    CodeView {
        title,
        lines: code
            .iter()
            .enumerate()
            .map(|(i, &(indent, text))| {
                let number = i as u8 + 1;
                CodeLine {
                    number,
                    indent,
                    text,
                    current: current.contains(&number),
                }
            })
            .collect(),
        note,
    }
}
