//! Text in for the optimal solver: the heuristic's name for a shape and the
//! IDA* node budget. Shared by the command line and the page.

use super::database::PatternDb;
use super::heuristic::{Heuristic, LINEAR_CONFLICT, MANHATTAN};
use super::partition::{partition_name, Partition, PDB6666, PDB78};
use crate::engine::{Board, Shape};
use std::fmt;
use std::sync::Arc;

/// A heuristic by name, before any database is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeuristicChoice {
    /// `manhattan`.
    Manhattan,
    /// `linear-conflict`.
    LinearConflict,
    /// The shape's pattern database (`pdb-663` on 4×4, `pdb-65` on 3×4, …;
    /// see [`partition_name`]).
    Pdb,
    /// `pdb-78`, 4×4 only: Korf & Felner's 7-8 partition
    /// ([`Partition::seven_eight`]), 288 MB of tables; the command line keeps
    /// it on disk. Not the default, and not offered by the page.
    Pdb78,
    /// `pdb-6666`, 5×5 only: Korf & Felner's 6-6-6-6 partition
    /// ([`Partition::six_six_six_six`]), four 6-tile tables of 63.8 MB; the
    /// command line keeps it on disk. Not the default, and not offered by
    /// the page.
    Pdb6666,
}

impl HeuristicChoice {
    /// Every choice, weakest first.
    pub const ALL: [HeuristicChoice; 3] = [
        HeuristicChoice::Manhattan,
        HeuristicChoice::LinearConflict,
        HeuristicChoice::Pdb,
    ];

    /// The name on the command line and in JSON for `shape`.
    pub fn name(self, shape: Shape) -> String {
        match self {
            HeuristicChoice::Manhattan => MANHATTAN.to_string(),
            HeuristicChoice::LinearConflict => LINEAR_CONFLICT.to_string(),
            HeuristicChoice::Pdb => partition_name(shape),
            HeuristicChoice::Pdb78 => PDB78.to_string(),
            HeuristicChoice::Pdb6666 => PDB6666.to_string(),
        }
    }

    /// The choices `shape` accepts, weakest first: [`HeuristicChoice::ALL`],
    /// on 4×4 also [`HeuristicChoice::Pdb78`], on 5×5 also
    /// [`HeuristicChoice::Pdb6666`].
    pub fn for_shape(shape: Shape) -> Vec<HeuristicChoice> {
        let mut all = HeuristicChoice::ALL.to_vec();
        if shape == Shape::FOUR {
            all.push(HeuristicChoice::Pdb78);
        }
        if shape == Shape::FIVE {
            all.push(HeuristicChoice::Pdb6666);
        }
        all
    }

    /// The partition whose tables this choice needs toward `goal` (`None`
    /// for Manhattan and linear conflict, for `pdb-78` off 4×4 and for
    /// `pdb-6666` off 5×5).
    pub fn partition(self, goal: &Board) -> Option<Partition> {
        match self {
            HeuristicChoice::Manhattan | HeuristicChoice::LinearConflict => None,
            HeuristicChoice::Pdb => Some(Partition::for_goal(goal)),
            HeuristicChoice::Pdb78 => Partition::seven_eight(goal),
            HeuristicChoice::Pdb6666 => Partition::six_six_six_six(goal),
        }
    }

    /// The heuristic toward `goal`, building the pattern database in one
    /// go when it is the choice (native convenience: the page builds it in
    /// slices with a `PdbBuilder`).
    pub fn build(self, goal: &Board) -> Heuristic {
        match self {
            HeuristicChoice::Manhattan => Heuristic::Manhattan,
            HeuristicChoice::LinearConflict => Heuristic::LinearConflict,
            HeuristicChoice::Pdb | HeuristicChoice::Pdb78 | HeuristicChoice::Pdb6666 => {
                match self
                    .partition(goal)
                    .and_then(|p| PatternDb::build(&p, goal))
                {
                    Some(db) => Heuristic::Pdb(Arc::new(db)),
                    // Every partition of the table builds, and `pdb-78` and
                    // `pdb-6666` are parsed for their shape only; never
                    // reached (short of memory).
                    None => Heuristic::LinearConflict,
                }
            }
        }
    }
}

impl Heuristic {
    /// The choice this heuristic was built from (`pdb-78` and `pdb-6666`
    /// told from the shape's database by their names).
    pub fn choice(&self) -> HeuristicChoice {
        match self {
            Heuristic::Manhattan => HeuristicChoice::Manhattan,
            Heuristic::LinearConflict => HeuristicChoice::LinearConflict,
            Heuristic::Pdb(db) if db.name() == PDB78 => HeuristicChoice::Pdb78,
            Heuristic::Pdb(db) if db.name() == PDB6666 => HeuristicChoice::Pdb6666,
            Heuristic::Pdb(_) => HeuristicChoice::Pdb,
        }
    }
}

/// The default heuristic of every shape: its pattern database.
pub const DEFAULT_HEURISTIC: HeuristicChoice = HeuristicChoice::Pdb;

/// The heuristic names accepted for `shape`, weakest first, e.g.
/// `["manhattan", "linear-conflict", "pdb-65"]`.
pub fn heuristic_choices(shape: Shape) -> Vec<String> {
    HeuristicChoice::for_shape(shape)
        .iter()
        .map(|h| h.name(shape))
        .collect()
}

/// Why a heuristic name or node budget was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// Occurs when the heuristic name is none of the shape's choices.
    UnknownHeuristic {
        /// The text given.
        text: String,
        /// The shape the choices were for.
        shape: Shape,
    },
    /// Occurs when `pdb-78` is asked for a shape other than 4×4.
    OnlyFourByFour {
        /// The text given.
        text: String,
        /// The shape it was asked for.
        shape: Shape,
    },
    /// Occurs when `pdb-6666` is asked for a shape other than 5×5.
    OnlyFiveByFive {
        /// The text given.
        text: String,
        /// The shape it was asked for.
        shape: Shape,
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
            OptionError::OnlyFourByFour { .. } => "only_4x4",
            OptionError::OnlyFiveByFive { .. } => "only_5x5",
            OptionError::NodeBudgetNotANumber { .. } => "not_a_number",
            OptionError::NodeBudgetOutOfRange { .. } => "out_of_range",
        }
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnknownHeuristic { text, shape } => {
                let mut names = heuristic_choices(*shape);
                let last = names.pop().unwrap_or_default();
                write!(
                    f,
                    "unknown heuristic \"{text}\" for a {shape} board; use {} or {last}",
                    names.join(", ")
                )
            }
            OptionError::OnlyFourByFour { text, shape } => {
                let mut names = heuristic_choices(*shape);
                let last = names.pop().unwrap_or_default();
                write!(
                    f,
                    "\"{text}\" is the 7-8 pattern database of the 4×4 board only; for a {shape} board use {} or {last}",
                    names.join(", ")
                )
            }
            OptionError::OnlyFiveByFive { text, shape } => {
                let mut names = heuristic_choices(*shape);
                let last = names.pop().unwrap_or_default();
                write!(
                    f,
                    "\"{text}\" is the 6-6-6-6 pattern database of the 5×5 board only; for a {shape} board use {} or {last}",
                    names.join(", ")
                )
            }
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

/// Parses a heuristic name for `shape` (exact, lower case): one of
/// [`heuristic_choices`].
pub fn parse_heuristic(text: &str, shape: Shape) -> Result<HeuristicChoice, OptionError> {
    if let Some(h) = HeuristicChoice::for_shape(shape)
        .into_iter()
        .find(|h| h.name(shape) == text.trim())
    {
        return Ok(h);
    }
    Err(if text.trim() == PDB78 {
        OptionError::OnlyFourByFour {
            text: text.to_string(),
            shape,
        }
    } else if text.trim() == PDB6666 {
        OptionError::OnlyFiveByFive {
            text: text.to_string(),
            shape,
        }
    } else {
        OptionError::UnknownHeuristic {
            text: text.to_string(),
            shape,
        }
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
    fn pdb_6666_is_offered_on_five_by_five_only() {
        assert_eq!(
            heuristic_choices(Shape::FIVE),
            ["manhattan", "linear-conflict", "pdb-55554", "pdb-6666"]
        );
        assert_eq!(
            parse_heuristic("pdb-6666", Shape::FIVE),
            Ok(HeuristicChoice::Pdb6666)
        );
        assert_eq!(HeuristicChoice::Pdb6666.name(Shape::FIVE), "pdb-6666");
        let e = parse_heuristic("pdb-6666", Shape::FOUR).unwrap_err();
        assert_eq!(e.kind(), "only_5x5");
        assert_eq!(
            e.to_string(),
            "\"pdb-6666\" is the 6-6-6-6 pattern database of the 5×5 board only; for a 4×4 board use manhattan, linear-conflict, pdb-663 or pdb-78"
        );
        let s35 = Shape::new(3, 5).unwrap();
        assert_eq!(
            parse_heuristic("pdb-6666", s35).unwrap_err().to_string(),
            "\"pdb-6666\" is the 6-6-6-6 pattern database of the 5×5 board only; for a 3×5 board use manhattan, linear-conflict or pdb-662"
        );
        assert!(!heuristic_choices(Shape::FOUR).contains(&"pdb-6666".to_string()));
    }

    #[test]
    fn heuristic_names_per_shape_and_node_budget() {
        assert_eq!(
            parse_heuristic("pdb-663", Shape::FOUR),
            Ok(HeuristicChoice::Pdb)
        );
        let s34 = Shape::new(3, 4).unwrap();
        assert_eq!(
            heuristic_choices(s34),
            ["manhattan", "linear-conflict", "pdb-65"]
        );
        assert_eq!(parse_heuristic("pdb-65", s34), Ok(HeuristicChoice::Pdb));
        assert_eq!(
            parse_heuristic("pdb-663", s34).unwrap_err().to_string(),
            "unknown heuristic \"pdb-663\" for a 3×4 board; use manhattan, linear-conflict or pdb-65"
        );
        assert_eq!(
            parse_heuristic("pdb", Shape::FOUR).unwrap_err().to_string(),
            "unknown heuristic \"pdb\" for a 4×4 board; use manhattan, linear-conflict, pdb-663 or pdb-78"
        );
        assert_eq!(
            parse_heuristic("pdb-78", Shape::FOUR),
            Ok(HeuristicChoice::Pdb78)
        );
        let e = parse_heuristic("pdb-78", s34).unwrap_err();
        assert_eq!(e.kind(), "only_4x4");
        assert_eq!(
            e.to_string(),
            "\"pdb-78\" is the 7-8 pattern database of the 4×4 board only; for a 3×4 board use manhattan, linear-conflict or pdb-65"
        );
        assert_eq!(
            heuristic_choices(Shape::FOUR),
            ["manhattan", "linear-conflict", "pdb-663", "pdb-78"]
        );
        assert_eq!(
            parse_heuristic("pdb-78", Shape::FIVE).unwrap_err().kind(),
            "only_4x4"
        );
        assert_eq!(heuristic_choices(Shape::FIVE)[2], "pdb-55554");
        assert_eq!(
            parse_heuristic(" manhattan ", Shape::THREE),
            Ok(HeuristicChoice::Manhattan)
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

    #[test]
    fn a_built_heuristic_names_its_choice() {
        let goal = Board::default_goal(Shape::new(3, 2).unwrap());
        for choice in HeuristicChoice::ALL {
            let built = choice.build(&goal);
            assert_eq!(built.choice(), choice);
            assert_eq!(built.name(), choice.name(goal.shape()));
        }
        assert_eq!(Heuristic::Manhattan.name(), "manhattan");
        assert_eq!(Heuristic::LinearConflict.name(), "linear-conflict");
    }
}
