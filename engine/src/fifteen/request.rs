//! Text in for the optimal solver: the heuristic's name and the IDA* node
//! budget. Shared by the command line and the page.

use std::fmt;

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
