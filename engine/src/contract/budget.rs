//! The expansion budget: how many boards A* may expand before it stops.

use std::fmt;

/// A limit on expansions. A search that reaches it stops with
/// `Unknown (BudgetExceeded)`: unfinished, never "no solution".
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Budget(u32);

impl Budget {
    /// The smallest budget a person may type.
    pub const MIN: u32 = 1;
    /// The largest budget a person may type.
    pub const MAX: u32 = 10_000;
    /// The default budget of the command-line tool.
    pub const DEFAULT: Budget = Budget(Self::MAX);
    /// No practical limit; for whole-space tests and benchmarks.
    pub const UNLIMITED: Budget = Budget(u32::MAX);

    /// A budget of any size, for tests and internal callers. User text goes
    /// through [`parse_budget`], which enforces 1–10000.
    pub const fn new(expansions: u32) -> Budget {
        Budget(expansions)
    }

    /// The number of expansions allowed.
    pub const fn get(self) -> u32 {
        self.0
    }
}

/// Why a typed budget was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BudgetError {
    /// Occurs when the field is empty or only spaces.
    Empty,
    /// Occurs when the text is not a number, such as `abc`.
    NotANumber {
        /// The text as typed (trimmed).
        text: String,
    },
    /// Occurs when the number has a fractional part or decimal point, such as `2.5`.
    NotAnInteger {
        /// The text as typed (trimmed).
        text: String,
    },
    /// Occurs when the integer is outside 1–10000, such as `0`, `10001` or `-5`.
    OutOfRange {
        /// The text as typed (trimmed).
        text: String,
    },
}

impl BudgetError {
    /// A stable snake_case name for the error class.
    pub fn kind(&self) -> &'static str {
        match self {
            BudgetError::Empty => "empty",
            BudgetError::NotANumber { .. } => "not_a_number",
            BudgetError::NotAnInteger { .. } => "not_an_integer",
            BudgetError::OutOfRange { .. } => "out_of_range",
        }
    }
}

impl fmt::Display for BudgetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (lo, hi) = (Budget::MIN, Budget::MAX);
        match self {
            BudgetError::Empty => write!(
                f,
                "the budget is empty; enter a whole number from {lo} to {hi}"
            ),
            BudgetError::NotANumber { text } => write!(
                f,
                "the budget \"{text}\" is not a number; enter a whole number from {lo} to {hi}"
            ),
            BudgetError::NotAnInteger { text } => write!(
                f,
                "the budget {text} is not a whole number; enter a whole number from {lo} to {hi}"
            ),
            BudgetError::OutOfRange { text } => write!(f, "the budget {text} is outside {lo}–{hi}"),
        }
    }
}

impl std::error::Error for BudgetError {}

/// Parses a budget typed by a person: an integer from 1 to 10000, surrounding
/// spaces allowed. The one rule for every place a budget is typed.
///
/// ```
/// use eight_puzzle_engine::contract::parse_budget;
/// assert_eq!(parse_budget(" 100 ").unwrap().get(), 100);
/// assert_eq!(parse_budget("0").unwrap_err().to_string(), "the budget 0 is outside 1–10000");
/// ```
pub fn parse_budget(text: &str) -> Result<Budget, BudgetError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(BudgetError::Empty);
    }
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        let negative = t.starts_with('-');
        return match t.parse::<i64>() {
            Ok(n)
                if !negative && (i64::from(Budget::MIN)..=i64::from(Budget::MAX)).contains(&n) =>
            {
                Ok(Budget(n as u32))
            }
            _ => Err(BudgetError::OutOfRange {
                text: t.to_string(),
            }),
        };
    }
    if crate::parse::is_decimal_number(t) {
        Err(BudgetError::NotAnInteger {
            text: t.to_string(),
        })
    } else {
        Err(BudgetError::NotANumber {
            text: t.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_one_rule() {
        assert_eq!(parse_budget("1"), Ok(Budget::new(1)));
        assert_eq!(parse_budget("10000"), Ok(Budget::new(10_000)));
        assert_eq!(parse_budget("+5"), Ok(Budget::new(5)));
        assert_eq!(parse_budget("0").unwrap_err().kind(), "out_of_range");
        assert_eq!(parse_budget("10001").unwrap_err().kind(), "out_of_range");
        assert_eq!(
            parse_budget("-5").unwrap_err().to_string(),
            "the budget -5 is outside 1–10000"
        );
        assert_eq!(
            parse_budget("99999999999999999999999").unwrap_err().kind(),
            "out_of_range"
        );
        assert_eq!(
            parse_budget("2.5").unwrap_err().to_string(),
            "the budget 2.5 is not a whole number; enter a whole number from 1 to 10000"
        );
        assert_eq!(parse_budget("1e3").unwrap_err().kind(), "not_an_integer");
        assert_eq!(
            parse_budget("abc").unwrap_err().to_string(),
            "the budget \"abc\" is not a number; enter a whole number from 1 to 10000"
        );
        assert_eq!(parse_budget("").unwrap_err(), BudgetError::Empty);
        assert_eq!(parse_budget("   ").unwrap_err().kind(), "empty");
        assert_eq!(parse_budget("-").unwrap_err().kind(), "not_a_number");
        assert_eq!(parse_budget("inf").unwrap_err().kind(), "not_a_number");
    }
}
