//! Text in for either board size: a start/goal pair of the same size, the
//! 4×4 heuristic's name, and the IDA* node budget. Shared by the command
//! line and (later) the page, so both accept and reject the same things.

use super::board::Board16;
use crate::engine::{parse_any_board, AnyBoard, Board, BoardSize, SizedBoardError};
use std::fmt;

/// A validated start and goal of one size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardPair {
    /// Two 3×3 boards.
    Three(Board, Board),
    /// Two 4×4 boards.
    Four(Board16, Board16),
}

/// Why a start/goal pair was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairError {
    /// The start board is invalid.
    Start(SizedBoardError),
    /// The goal board is invalid.
    Goal(SizedBoardError),
    /// Occurs when the start and goal are valid-looking boards of different sizes.
    SizeMismatch {
        /// The start's size.
        start: BoardSize,
        /// The goal's size.
        goal: BoardSize,
    },
}

impl PairError {
    /// `start` or `goal`: the field at fault (a mismatch is the goal's).
    pub fn field(&self) -> &'static str {
        match self {
            PairError::Start(_) => "start",
            PairError::Goal(_) | PairError::SizeMismatch { .. } => "goal",
        }
    }

    /// The error class (`size_mismatch`, or the board error's kind).
    pub fn kind(&self) -> &'static str {
        match self {
            PairError::Start(e) | PairError::Goal(e) => e.kind(),
            PairError::SizeMismatch { .. } => "size_mismatch",
        }
    }
}

fn size_words(size: BoardSize) -> &'static str {
    match size {
        BoardSize::Three => "a 3×3 board (nine values)",
        BoardSize::Four => "a 4×4 board (sixteen values)",
    }
}

impl fmt::Display for PairError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairError::Start(e) | PairError::Goal(e) => e.fmt(f),
            PairError::SizeMismatch { start, goal } => write!(
                f,
                "the start is {} but the goal is {}; start and goal must be the same size",
                size_words(*start),
                size_words(*goal)
            ),
        }
    }
}

impl std::error::Error for PairError {}

/// The default goal for a size: `[1,…,8,0]` or `[1,…,15,0]`.
pub fn default_goal(size: BoardSize) -> AnyBoard {
    match size {
        BoardSize::Three => AnyBoard::Three(Board::DEFAULT_GOAL),
        BoardSize::Four => AnyBoard::Four(Board16::DEFAULT_GOAL),
    }
}

/// The size a parse result shows, if any.
fn shown_size(r: &Result<AnyBoard, SizedBoardError>) -> Option<BoardSize> {
    match r {
        Ok(b) => Some(b.size()),
        Err(e) => e.size,
    }
}

/// Parses the start, then the goal (`None`: the default goal of the start's
/// size). A goal whose size differs from the start's, valid or not, is a
/// [`PairError::SizeMismatch`].
pub fn parse_board_pair(start: &str, goal: Option<&str>) -> Result<BoardPair, PairError> {
    let start = parse_any_board(start).map_err(PairError::Start)?;
    let goal = match goal {
        None => default_goal(start.size()),
        Some(text) => {
            let parsed = parse_any_board(text);
            if let Some(size) = shown_size(&parsed) {
                if size != start.size() {
                    return Err(PairError::SizeMismatch {
                        start: start.size(),
                        goal: size,
                    });
                }
            }
            parsed.map_err(PairError::Goal)?
        }
    };
    pair(start, goal)
}

/// Pairs two boards of one size.
pub fn pair(start: AnyBoard, goal: AnyBoard) -> Result<BoardPair, PairError> {
    match (start, goal) {
        (AnyBoard::Three(s), AnyBoard::Three(g)) => Ok(BoardPair::Three(s, g)),
        (AnyBoard::Four(s), AnyBoard::Four(g)) => Ok(BoardPair::Four(s, g)),
        (s, g) => Err(PairError::SizeMismatch {
            start: s.size(),
            goal: g.size(),
        }),
    }
}

/// A 4×4 heuristic by name, before any database is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeuristicChoice {
    /// `manhattan`.
    Manhattan,
    /// `linear-conflict`.
    LinearConflict,
    /// `pdb-663`: the 6-6-3 additive pattern database.
    Pdb663,
}

impl HeuristicChoice {
    /// Every choice, weakest first.
    pub const ALL: [HeuristicChoice; 3] = [
        HeuristicChoice::Manhattan,
        HeuristicChoice::LinearConflict,
        HeuristicChoice::Pdb663,
    ];

    /// The name on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicChoice::Manhattan => "manhattan",
            HeuristicChoice::LinearConflict => "linear-conflict",
            HeuristicChoice::Pdb663 => "pdb-663",
        }
    }
}

/// Why a heuristic name or node budget was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// Occurs when the heuristic name is none of [`HeuristicChoice::ALL`].
    UnknownHeuristic {
        /// The text given.
        text: String,
    },
    /// Occurs when the node budget is not a whole number.
    NodeBudgetNotANumber {
        /// The text given.
        text: String,
    },
    /// Occurs when the node budget is 0 or above 10¹⁵.
    NodeBudgetOutOfRange {
        /// The text given.
        text: String,
    },
}

impl OptionError {
    /// The error class.
    pub fn kind(&self) -> &'static str {
        match self {
            OptionError::UnknownHeuristic { .. } => "unknown_heuristic",
            OptionError::NodeBudgetNotANumber { .. } => "not_a_number",
            OptionError::NodeBudgetOutOfRange { .. } => "out_of_range",
        }
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnknownHeuristic { text } => write!(
                f,
                "unknown heuristic \"{text}\"; use manhattan, linear-conflict or pdb-663"
            ),
            OptionError::NodeBudgetNotANumber { text } => write!(
                f,
                "the node budget \"{text}\" is not a whole number; write e.g. 100000000"
            ),
            OptionError::NodeBudgetOutOfRange { text } => {
                write!(f, "the node budget {text} is outside 1–1000000000000000")
            }
        }
    }
}

impl std::error::Error for OptionError {}

/// Parses a heuristic name (exact, lower case).
pub fn parse_heuristic(text: &str) -> Result<HeuristicChoice, OptionError> {
    HeuristicChoice::ALL
        .into_iter()
        .find(|h| h.name() == text.trim())
        .ok_or_else(|| OptionError::UnknownHeuristic {
            text: text.to_string(),
        })
}

/// Parses an IDA* node budget: a whole number 1–10¹⁵ of generated nodes.
pub fn parse_node_budget(text: &str) -> Result<u64, OptionError> {
    let t = text.trim();
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(OptionError::NodeBudgetNotANumber {
            text: text.to_string(),
        });
    }
    let out_of_range = || OptionError::NodeBudgetOutOfRange {
        text: text.to_string(),
    };
    if t.starts_with('-') {
        return Err(out_of_range());
    }
    match digits.parse::<u128>() {
        Ok(n) if (1..=1_000_000_000_000_000).contains(&n) => Ok(n as u64),
        _ => Err(out_of_range()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_and_mismatch() {
        let s4 = "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15]";
        assert_eq!(
            parse_board_pair(s4, None),
            Ok(BoardPair::Four(
                Board16::from_cells([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15])
                    .unwrap(),
                Board16::DEFAULT_GOAL
            ))
        );
        let e = parse_board_pair(s4, Some("[1,2,3,4,5,6,7,8,0]")).unwrap_err();
        assert_eq!((e.field(), e.kind()), ("goal", "size_mismatch"));
        assert_eq!(
            e.to_string(),
            "the start is a 4×4 board (sixteen values) but the goal is a 3×3 board (nine values); start and goal must be the same size"
        );
        // An invalid goal of the other size is still a mismatch.
        let e = parse_board_pair(
            "[1,2,3,4,5,6,0,7,8]",
            Some(s4.replace("0,15]", "0,14]").as_str()),
        )
        .unwrap_err();
        assert_eq!(e.kind(), "size_mismatch");
        let e = parse_board_pair("[1,2,3,4,5,6,0,7,8]", Some("[1,2,3,4,5,6,7,8,8]")).unwrap_err();
        assert_eq!((e.field(), e.kind()), ("goal", "duplicate"));
        assert_eq!(
            parse_board_pair("[1,2,3,4,5,6,0,7,8]", None),
            Ok(BoardPair::Three(Board::BASELINE_START, Board::DEFAULT_GOAL))
        );
    }

    #[test]
    fn heuristic_and_node_budget() {
        assert_eq!(parse_heuristic("pdb-663"), Ok(HeuristicChoice::Pdb663));
        assert_eq!(
            parse_heuristic("pdb").unwrap_err().to_string(),
            "unknown heuristic \"pdb\"; use manhattan, linear-conflict or pdb-663"
        );
        assert_eq!(parse_node_budget("1000"), Ok(1000));
        assert_eq!(parse_node_budget("0").unwrap_err().kind(), "out_of_range");
        assert_eq!(parse_node_budget("-5").unwrap_err().kind(), "out_of_range");
        assert_eq!(
            parse_node_budget("99999999999999999999999999999999999999999")
                .unwrap_err()
                .kind(),
            "out_of_range"
        );
        assert_eq!(parse_node_budget("1e6").unwrap_err().kind(), "not_a_number");
        assert_eq!(parse_node_budget("").unwrap_err().kind(), "not_a_number");
        assert_eq!(parse_node_budget("--").unwrap_err().kind(), "not_a_number");
    }
}
