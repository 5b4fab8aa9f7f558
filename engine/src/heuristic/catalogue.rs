//! The catalogue: every built-in heuristic once, with its code on each
//! shape, its name in sentences and the metrics in which it never
//! overestimates; and [`Heuristic`], the one value a tool takes: a built-in,
//! or a program written in the heuristic language.
//!
//! A lower bound in the multi-tile metric is one in the single-tile metric
//! too (a slide of k tiles is k single-tile moves, so no board is farther
//! in the multi-tile metric), never the other way round: Manhattan counts
//! 2 on `[1,2,3,4,5,6,0,7,8]`, which one slide of two tiles solves.

use super::expr::{ExprError, Program};
use crate::board::Board;
use crate::moves::Metric;
use crate::shape::Shape;
use crate::solve::{
    partition_name, RunsDb, LINEAR_CONFLICT, MANHATTAN, MULTI_TILE_MANHATTAN, PDB6666, PDB78,
};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A heuristic of the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BuiltIn {
    /// Tiles not on their goal cell (the blank not counted): each needs a
    /// move of its own.
    Misplaced,
    /// Sum of the tiles' row and column distances (blank excluded): the
    /// contract's h.
    Manhattan,
    /// Manhattan plus 2 for every tile that must leave its goal row or
    /// column so that the others of that line can pass.
    LinearConflict,
    /// Twice Manhattan (for the weighted searches; never a lower bound).
    TwiceManhattan,
    /// Manhattan plus misplaced tiles (never a lower bound).
    ManhattanPlusMisplaced,
    /// The shape's additive pattern database (`pdb-663` on 4×4, `pdb-65` on
    /// 3×4, …: [`partition_name`]).
    Pdb,
    /// `pdb-78`, 4×4 only: Korf & Felner's 7-8 partition (command line).
    Pdb78,
    /// `pdb-6666`, 5×5 only: Korf & Felner's 6-6-6-6 partition (command
    /// line).
    Pdb6666,
    /// The multi-tile estimate: per axis, the tiles' distances on that
    /// axis divided among the tiles one slide can carry
    /// (⌈X/(W−1)⌉ + ⌈Y/(H−1)⌉).
    MultiTileManhattan,
    /// The shape's multi-tile pattern tables (every slide costs 1), the
    /// larger of theirs and the multi-tile estimate.
    MultiTilePdb,
}

impl BuiltIn {
    /// The whole catalogue, in the order menus list it.
    pub const ALL: [BuiltIn; 10] = [
        BuiltIn::Misplaced,
        BuiltIn::Manhattan,
        BuiltIn::LinearConflict,
        BuiltIn::TwiceManhattan,
        BuiltIn::ManhattanPlusMisplaced,
        BuiltIn::Pdb,
        BuiltIn::Pdb78,
        BuiltIn::Pdb6666,
        BuiltIn::MultiTileManhattan,
        BuiltIn::MultiTilePdb,
    ];

    /// The code on the command line, in JSON, in tasks and in links on
    /// `shape` (a pattern database's code names its groups).
    pub fn code(self, shape: Shape) -> String {
        match self {
            BuiltIn::Pdb => partition_name(shape),
            BuiltIn::MultiTilePdb => RunsDb::name_for(shape),
            other => other.fixed_code().to_string(),
        }
    }

    /// The code of the built-ins whose code is the same on every shape.
    fn fixed_code(self) -> &'static str {
        match self {
            BuiltIn::Misplaced => "misplaced",
            BuiltIn::Manhattan => MANHATTAN,
            BuiltIn::LinearConflict => LINEAR_CONFLICT,
            BuiltIn::TwiceManhattan => "twice-manhattan",
            BuiltIn::ManhattanPlusMisplaced => "manhattan-plus-misplaced",
            BuiltIn::Pdb => "pdb",
            BuiltIn::Pdb78 => PDB78,
            BuiltIn::Pdb6666 => PDB6666,
            BuiltIn::MultiTileManhattan => MULTI_TILE_MANHATTAN,
            BuiltIn::MultiTilePdb => "multi-tile-pdb",
        }
    }

    /// The name in sentences.
    pub fn name(self) -> &'static str {
        match self {
            BuiltIn::Misplaced => "misplaced tiles",
            BuiltIn::Manhattan => "Manhattan",
            BuiltIn::LinearConflict => "linear conflict",
            BuiltIn::TwiceManhattan => "twice Manhattan (inadmissible)",
            BuiltIn::ManhattanPlusMisplaced => "Manhattan plus misplaced tiles (inadmissible)",
            BuiltIn::Pdb => "the shape's pattern database",
            BuiltIn::Pdb78 => "the 7-8 pattern database",
            BuiltIn::Pdb6666 => "the 6-6-6-6 pattern database",
            BuiltIn::MultiTileManhattan => "multi-tile Manhattan",
            BuiltIn::MultiTilePdb => "the multi-tile pattern tables",
        }
    }

    /// Whether it never overestimates the distance counted in `metric`
    /// (so a search ordered by it that stops at the goal finds a shortest
    /// path in that metric).
    pub fn lower_bound_in(self, metric: Metric) -> bool {
        match self {
            BuiltIn::TwiceManhattan | BuiltIn::ManhattanPlusMisplaced => false,
            BuiltIn::MultiTileManhattan | BuiltIn::MultiTilePdb => true,
            BuiltIn::Misplaced
            | BuiltIn::Manhattan
            | BuiltIn::LinearConflict
            | BuiltIn::Pdb
            | BuiltIn::Pdb78
            | BuiltIn::Pdb6666 => metric == Metric::Single,
        }
    }

    /// The table-free lower bound of `metric`, what a tool shows or compares
    /// with when no heuristic is chosen: Manhattan (single-tile), the
    /// multi-tile estimate (multi-tile, where Manhattan overestimates).
    pub fn plain_bound(metric: Metric) -> BuiltIn {
        match metric {
            Metric::Single => BuiltIn::Manhattan,
            Metric::Multi => BuiltIn::MultiTileManhattan,
        }
    }

    /// Whether the heuristic exists on `shape` (`pdb-78` is 4×4's,
    /// `pdb-6666` 5×5's, the multi-tile tables serve shapes of at most 25
    /// cells; the shape's own database and the table-free estimates serve
    /// every shape: past 25 cells the database ranks fast mode's beam, the
    /// only search there).
    pub fn on_shape(self, shape: Shape) -> bool {
        match self {
            BuiltIn::Pdb78 => shape == Shape::FOUR,
            BuiltIn::Pdb6666 => shape == Shape::FIVE,
            BuiltIn::MultiTilePdb => shape.optimal_searchable(),
            _ => true,
        }
    }

    /// Whether it needs tables built (or loaded) before a search can use it
    /// ([`crate::solve::ready`]).
    pub fn needs_tables(self) -> bool {
        matches!(
            self,
            BuiltIn::Pdb | BuiltIn::Pdb78 | BuiltIn::Pdb6666 | BuiltIn::MultiTilePdb
        )
    }

    /// The built-in whose code on `shape` is `text` among `offered`, or the
    /// error that lists them.
    pub fn parse_offered(
        text: &str,
        shape: Shape,
        offered: &[BuiltIn],
    ) -> Result<BuiltIn, HeuristicError> {
        BuiltIn::parse_among(text, shape, offered).ok_or_else(|| HeuristicError::NotOffered {
            text: text.trim().to_string(),
            shape,
            choices: offered.iter().map(|b| b.code(shape)).collect(),
        })
    }

    /// The built-in whose code on `shape` is `text` (surrounding blanks
    /// ignored), among `offered`.
    pub fn parse_among(text: &str, shape: Shape, offered: &[BuiltIn]) -> Option<BuiltIn> {
        let t = text.trim();
        offered.iter().copied().find(|b| b.code(shape) == t)
    }
}

/// The sentence a tool shows beside a heuristic that is not a lower bound
/// in the metric it counts: "not admissible in the multi-tile metric".
pub fn admissibility_text(metric: Metric) -> String {
    format!("not admissible in the {} metric", metric.long_name())
}

/// What a tool orders its search by: a built-in of the catalogue or a
/// written program (its text kept exactly, compiled for one goal). Two
/// written heuristics are equal when their texts and goals are.
#[derive(Clone, Debug)]
pub enum Heuristic {
    /// A heuristic of the catalogue.
    BuiltIn(BuiltIn),
    /// An expression of the heuristic language, compiled for a goal.
    Written(Box<Program>),
}

impl PartialEq for Heuristic {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Heuristic::BuiltIn(a), Heuristic::BuiltIn(b)) => a == b,
            (Heuristic::Written(a), Heuristic::Written(b)) => {
                a.text() == b.text() && a.goal() == b.goal()
            }
            _ => false,
        }
    }
}

impl Eq for Heuristic {}

impl From<BuiltIn> for Heuristic {
    fn from(b: BuiltIn) -> Self {
        Heuristic::BuiltIn(b)
    }
}

impl Heuristic {
    /// Manhattan, the contract's h.
    pub const MANHATTAN: Heuristic = Heuristic::BuiltIn(BuiltIn::Manhattan);

    /// Parses and compiles `text` for `goal`: the parse or tile error
    /// otherwise. The text is kept exactly.
    pub fn written(text: &str, goal: &Board) -> Result<Heuristic, ExprError> {
        Ok(Heuristic::Written(Box::new(Program::compile(text, goal)?)))
    }

    /// The built-in, if it is one.
    pub fn built_in(&self) -> Option<BuiltIn> {
        match self {
            Heuristic::BuiltIn(b) => Some(*b),
            Heuristic::Written(_) => None,
        }
    }

    /// The written program, if it is one.
    pub fn program(&self) -> Option<&Program> {
        match self {
            Heuristic::BuiltIn(_) => None,
            Heuristic::Written(p) => Some(p),
        }
    }

    /// The expression's text, if it is written.
    pub fn expression(&self) -> Option<&str> {
        self.program().map(Program::text)
    }

    /// How a sentence names it: the built-in's name, or `your h = <text>`.
    pub fn name(&self) -> String {
        match self {
            Heuristic::BuiltIn(b) => b.name().to_string(),
            Heuristic::Written(p) => format!("your h = {}", p.text()),
        }
    }

    /// Whether it never overestimates in `metric`: known for a built-in,
    /// `None` for a written h (the workshop's exhaustive check decides).
    pub fn lower_bound_in(&self, metric: Metric) -> Option<bool> {
        self.built_in().map(|b| b.lower_bound_in(metric))
    }

    /// The same heuristic for `goal` (a written program is compiled again
    /// when it was compiled for another goal; a text that compiled for one
    /// goal of a shape compiles for every goal of that shape).
    pub fn for_goal(&self, goal: &Board) -> Result<Heuristic, ExprError> {
        match self {
            Heuristic::BuiltIn(b) => Ok(Heuristic::BuiltIn(*b)),
            Heuristic::Written(p) if p.goal() == goal => Ok(self.clone()),
            Heuristic::Written(p) => Heuristic::written(p.text(), goal),
        }
    }
}

/// The heuristic of every shape's optimal search by default: its pattern
/// database.
pub const DEFAULT_HEURISTIC: BuiltIn = BuiltIn::Pdb;

/// The heuristics the optimal solver (IDA*) offers on `shape` in the
/// single-tile metric, weakest first: Manhattan, linear conflict, the
/// shape's pattern database, and `pdb-78` on 4×4 or `pdb-6666` on 5×5;
/// past 25 cells (no optimal search) the ones fast mode's beam takes.
pub fn optimal_offer(shape: Shape) -> Vec<BuiltIn> {
    [
        BuiltIn::Manhattan,
        BuiltIn::LinearConflict,
        BuiltIn::Pdb,
        BuiltIn::Pdb78,
        BuiltIn::Pdb6666,
    ]
    .into_iter()
    .filter(|b| b.on_shape(shape))
    .collect()
}

/// The codes of [`optimal_offer`] on `shape`, e.g.
/// `["manhattan", "linear-conflict", "pdb-65"]`.
pub fn heuristic_choices(shape: Shape) -> Vec<String> {
    optimal_offer(shape).iter().map(|h| h.code(shape)).collect()
}

/// The optimal solver's heuristic named `text` on `shape` (exact, lower
/// case, surrounding blanks ignored): one of [`heuristic_choices`].
pub fn parse_heuristic(text: &str, shape: Shape) -> Result<BuiltIn, HeuristicError> {
    if let Some(h) = BuiltIn::parse_among(text, shape, &optimal_offer(shape)) {
        return Ok(h);
    }
    let text = text.to_string();
    Err(match text.trim() {
        PDB78 => HeuristicError::OnlyFourByFour { text, shape },
        PDB6666 => HeuristicError::OnlyFiveByFive { text, shape },
        _ => HeuristicError::Unknown { text, shape },
    })
}

/// Why a heuristic's name was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeuristicError {
    /// Occurs when the name is none of the shape's choices.
    Unknown {
        /// The text given.
        text: String,
        /// The shape the choices were for.
        shape: Shape,
    },
    /// Occurs when the name is none of the heuristics a tool offers by name
    /// (the 3×3 weighted A*, the lab).
    NotOffered {
        /// The text given, trimmed.
        text: String,
        /// The shape asked for.
        shape: Shape,
        /// The codes the tool offers there.
        choices: Vec<String>,
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
}

impl HeuristicError {
    /// The error class.
    pub fn kind(&self) -> &'static str {
        match self {
            HeuristicError::Unknown { .. } | HeuristicError::NotOffered { .. } => {
                "unknown_heuristic"
            }
            HeuristicError::OnlyFourByFour { .. } => "only_4x4",
            HeuristicError::OnlyFiveByFive { .. } => "only_5x5",
        }
    }
}

impl fmt::Display for HeuristicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (text, shape) = match self {
            HeuristicError::NotOffered {
                text,
                shape,
                choices,
            } => {
                return write!(
                    f,
                    "unknown heuristic \"{text}\" for {} {shape} board; use {}",
                    shape.article(),
                    choices.join(", ")
                )
            }
            HeuristicError::Unknown { text, shape }
            | HeuristicError::OnlyFourByFour { text, shape }
            | HeuristicError::OnlyFiveByFive { text, shape } => (text, *shape),
        };
        let mut names = heuristic_choices(shape);
        let last = names.pop().unwrap_or_default();
        let names = names.join(", ");
        match self {
            HeuristicError::NotOffered { .. } => Ok(()),
            HeuristicError::Unknown { .. } => write!(
                f,
                "unknown heuristic \"{text}\" for {} {shape} board; use {names} or {last}",
                shape.article()
            ),
            HeuristicError::OnlyFourByFour { .. } => write!(
                f,
                "\"{text}\" is the 7-8 pattern database of the 4×4 board only; for {} {shape} board use {names} or {last}",
                shape.article()
            ),
            HeuristicError::OnlyFiveByFive { .. } => write!(
                f,
                "\"{text}\" is the 6-6-6-6 pattern database of the 5×5 board only; for {} {shape} board use {names} or {last}",
                shape.article()
            ),
        }
    }
}

impl std::error::Error for HeuristicError {}

/// How a heuristic travels (worker messages, saved state): a built-in by
/// its variant, a written one by its text and the goal it was compiled for,
/// compiled again when read.
#[derive(Serialize, Deserialize)]
enum HeuristicWire {
    BuiltIn(BuiltIn),
    Written { text: String, goal: Board },
}

impl Serialize for Heuristic {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Heuristic::BuiltIn(b) => HeuristicWire::BuiltIn(*b),
            Heuristic::Written(p) => HeuristicWire::Written {
                text: p.text().to_string(),
                goal: *p.goal(),
            },
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Heuristic {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match HeuristicWire::deserialize(d)? {
            HeuristicWire::BuiltIn(b) => Ok(Heuristic::BuiltIn(b)),
            HeuristicWire::Written { text, goal } => {
                Heuristic::written(&text, &goal).map_err(serde::de::Error::custom)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower_bounds_by_metric() {
        let single: Vec<&str> = BuiltIn::ALL
            .into_iter()
            .filter(|b| b.lower_bound_in(Metric::Single))
            .map(BuiltIn::fixed_code)
            .collect();
        assert_eq!(
            single,
            [
                "misplaced",
                "manhattan",
                "linear-conflict",
                "pdb",
                "pdb-78",
                "pdb-6666",
                "multi-tile-manhattan",
                "multi-tile-pdb"
            ]
        );
        let multi: Vec<&str> = BuiltIn::ALL
            .into_iter()
            .filter(|b| b.lower_bound_in(Metric::Multi))
            .map(BuiltIn::fixed_code)
            .collect();
        assert_eq!(multi, ["multi-tile-manhattan", "multi-tile-pdb"]);
        assert_eq!(
            admissibility_text(Metric::Multi),
            "not admissible in the multi-tile metric"
        );
    }

    #[test]
    fn codes_per_shape() {
        assert_eq!(BuiltIn::Pdb.code(Shape::FOUR), "pdb-663");
        assert_eq!(BuiltIn::Pdb.code(Shape::THREE), "pdb-8");
        assert_eq!(
            BuiltIn::parse_among(" pdb-78 ", Shape::FOUR, &BuiltIn::ALL),
            Some(BuiltIn::Pdb78)
        );
        assert_eq!(
            BuiltIn::parse_among("pdb-78", Shape::THREE, &[BuiltIn::Pdb]),
            None
        );
    }

    #[test]
    fn written_heuristics_travel_as_text() {
        let goal = Board::default_goal(Shape::THREE);
        let h = Heuristic::written("manhattan + misplaced", &goal).unwrap();
        let json = serde_json::to_string(&h).unwrap();
        let back: Heuristic = serde_json::from_str(&json).unwrap();
        assert_eq!(back, h);
        let b = Heuristic::from(BuiltIn::LinearConflict);
        let json = serde_json::to_string(&b).unwrap();
        assert_eq!(json, r#"{"BuiltIn":"linear-conflict"}"#);
        assert_eq!(serde_json::from_str::<Heuristic>(&json).unwrap(), b);
        assert_eq!(h.lower_bound_in(Metric::Single), None);
        assert_eq!(b.lower_bound_in(Metric::Multi), Some(false));
    }

    #[test]
    fn pdb_6666_is_offered_on_five_by_five_only() {
        assert_eq!(
            heuristic_choices(Shape::FIVE),
            ["manhattan", "linear-conflict", "pdb-55554", "pdb-6666"]
        );
        assert_eq!(
            parse_heuristic("pdb-6666", Shape::FIVE),
            Ok(BuiltIn::Pdb6666)
        );
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
    }

    #[test]
    fn heuristic_names_per_shape() {
        assert_eq!(parse_heuristic("pdb-663", Shape::FOUR), Ok(BuiltIn::Pdb));
        let s34 = Shape::new(3, 4).unwrap();
        assert_eq!(
            heuristic_choices(s34),
            ["manhattan", "linear-conflict", "pdb-65"]
        );
        assert_eq!(
            parse_heuristic("pdb-663", s34).unwrap_err().to_string(),
            "unknown heuristic \"pdb-663\" for a 3×4 board; use manhattan, linear-conflict or pdb-65"
        );
        assert_eq!(
            parse_heuristic("pdb", Shape::FOUR).unwrap_err().to_string(),
            "unknown heuristic \"pdb\" for a 4×4 board; use manhattan, linear-conflict, pdb-663 or pdb-78"
        );
        let e = parse_heuristic("pdb-78", s34).unwrap_err();
        assert_eq!(e.kind(), "only_4x4");
        assert_eq!(
            e.to_string(),
            "\"pdb-78\" is the 7-8 pattern database of the 4×4 board only; for a 3×4 board use manhattan, linear-conflict or pdb-65"
        );
        assert_eq!(
            parse_heuristic(" manhattan ", Shape::THREE),
            Ok(BuiltIn::Manhattan)
        );
    }
}
