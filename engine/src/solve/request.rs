//! Text in for the optimal solver: the IDA* node budget. (Heuristic names
//! are the catalogue's: [`crate::heuristic`].)

use std::fmt;

/// Why a node budget was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeBudgetError {
    /// Occurs when the node budget is not a whole number.
    NotANumber {
        /// The text given.
        text: String,
    },
    /// Occurs when the node budget is 0 or above 10¹⁵.
    OutOfRange {
        /// The text given.
        text: String,
    },
}

impl NodeBudgetError {
    /// The error class.
    pub fn kind(&self) -> &'static str {
        match self {
            NodeBudgetError::NotANumber { .. } => "not_a_number",
            NodeBudgetError::OutOfRange { .. } => "out_of_range",
        }
    }
}

impl fmt::Display for NodeBudgetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NodeBudgetError::NotANumber { text } => write!(
                f,
                "the node budget \"{text}\" is not a whole number; write e.g. 100000000"
            ),
            NodeBudgetError::OutOfRange { text } => {
                write!(f, "the node budget {text} is outside 1–1000000000000000")
            }
        }
    }
}

impl std::error::Error for NodeBudgetError {}

/// Parses an IDA* node budget: a whole number 1–10¹⁵ of generated nodes.
pub fn parse_node_budget(text: &str) -> Result<u64, NodeBudgetError> {
    let t = text.trim();
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NodeBudgetError::NotANumber {
            text: text.to_string(),
        });
    }
    let out_of_range = || NodeBudgetError::OutOfRange {
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
    fn node_budgets() {
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
