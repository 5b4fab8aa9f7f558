//! The one heuristic type of the 3×3 searches: the lab's A*, the weighted
//! A* and the trace all name their heuristic with [`Heuristic`]. Three are
//! admissible (misplaced tiles, Manhattan, Manhattan plus linear conflict)
//! and two are not (twice Manhattan, Manhattan plus misplaced tiles); the
//! optimal searches take only the admissible ones
//! ([`Heuristic::ADMISSIBLE`]). Each heuristic has one
//! [`Estimate`](super::estimate) implementation, the one the search runs.

use super::estimate::{
    Estimate, LinearConflict, Manhattan, ManhattanPlusMisplaced, Misplaced, TwiceManhattan,
};
use super::goal::Goal;
use crate::board::Board;
use crate::solve::{LINEAR_CONFLICT, MANHATTAN};
use std::cell::RefCell;
use std::fmt;

thread_local! {
    /// The linear-conflict tables of the goal [`Heuristic::estimate`] was
    /// last asked about, so that estimating many boards builds them once.
    static LINEAR_CONFLICT_TABLES: RefCell<Option<LinearConflict>> = const { RefCell::new(None) };
}

/// A 3×3 heuristic: an estimate of the moves left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// Number of tiles 1–8 not on their goal cell. Each needs at least one
    /// move of its own (admissible).
    Misplaced,
    /// Sum of the tiles' row and column distances (admissible; the
    /// contract's h).
    Manhattan,
    /// Manhattan plus 2 for every tile that must leave its goal row (or
    /// column) to let the others in that line pass: within a line, the tiles
    /// that belong there and are out of order cannot cross without one of
    /// them stepping aside and back, two moves Manhattan does not count
    /// (admissible).
    LinearConflict,
    /// Twice the Manhattan distance (inadmissible).
    TwiceManhattan,
    /// Manhattan plus misplaced tiles (inadmissible).
    ManhattanPlusMisplaced,
}

impl Heuristic {
    /// Every heuristic, the admissible ones first (weakest first).
    pub const ALL: [Heuristic; 5] = [
        Heuristic::Misplaced,
        Heuristic::Manhattan,
        Heuristic::LinearConflict,
        Heuristic::TwiceManhattan,
        Heuristic::ManhattanPlusMisplaced,
    ];

    /// The admissible ones, weakest first: what the lab's optimal searches
    /// and the heuristic sweep offer.
    pub const ADMISSIBLE: [Heuristic; 3] = [
        Heuristic::Misplaced,
        Heuristic::Manhattan,
        Heuristic::LinearConflict,
    ];

    /// The name on the command line, in JSON, in tasks and in links.
    pub fn code(self) -> &'static str {
        match self {
            Heuristic::Misplaced => "misplaced",
            Heuristic::Manhattan => MANHATTAN,
            Heuristic::LinearConflict => LINEAR_CONFLICT,
            Heuristic::TwiceManhattan => "twice-manhattan",
            Heuristic::ManhattanPlusMisplaced => "manhattan-plus-misplaced",
        }
    }

    /// The name in sentences.
    pub fn name(self) -> &'static str {
        match self {
            Heuristic::Misplaced => "misplaced tiles",
            Heuristic::Manhattan => "Manhattan",
            Heuristic::LinearConflict => "linear conflict",
            Heuristic::TwiceManhattan => "twice Manhattan (inadmissible)",
            Heuristic::ManhattanPlusMisplaced => "Manhattan plus misplaced tiles (inadmissible)",
        }
    }

    /// Whether it never overestimates (so A*, or w = 1, finds shortest
    /// paths).
    pub fn admissible(self) -> bool {
        Heuristic::ADMISSIBLE.contains(&self)
    }

    /// The heuristic named `text` (its [`code`](Self::code)).
    pub fn parse(text: &str) -> Result<Heuristic, UnknownHeuristic> {
        let t = text.trim();
        Heuristic::ALL
            .into_iter()
            .find(|h| h.code() == t)
            .ok_or_else(|| UnknownHeuristic {
                text: t.to_string(),
            })
    }

    /// The estimate of `board` toward `goal`, by the heuristic's one
    /// [`Estimate`] implementation (for tests and the page's small views;
    /// the searches hold the implementation itself).
    pub fn estimate(self, goal: &Goal, board: &Board) -> u32 {
        let key = board.packed();
        match self {
            Heuristic::Misplaced => Misplaced::new(goal).estimate(key),
            Heuristic::Manhattan => Manhattan::new(goal).estimate(key),
            Heuristic::LinearConflict => LINEAR_CONFLICT_TABLES.with(|held| {
                let mut held = held.borrow_mut();
                match &*held {
                    Some(lc) if lc.is_for(goal) => lc.estimate(key),
                    _ => {
                        let lc = LinearConflict::new(goal);
                        let h = lc.estimate(key);
                        *held = Some(lc);
                        h
                    }
                }
            }),
            Heuristic::TwiceManhattan => TwiceManhattan(Manhattan::new(goal)).estimate(key),
            Heuristic::ManhattanPlusMisplaced => ManhattanPlusMisplaced::new(goal).estimate(key),
        }
    }
}

/// A heuristic name none of the choices has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownHeuristic {
    /// The text (trimmed).
    pub text: String,
}

impl UnknownHeuristic {
    /// The error class.
    pub fn kind(&self) -> &'static str {
        "unknown_heuristic"
    }
}

impl fmt::Display for UnknownHeuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Heuristic::ALL.iter().map(|h| h.code()).collect();
        write!(
            f,
            "unknown heuristic \"{}\" for a 3×3 board; use {}",
            self.text,
            names.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::contract::{unrank, DistanceTable, STATES};

    #[test]
    fn the_admissible_ones_are_admissible_and_ordered() {
        let goal = Goal::default();
        let table = DistanceTable::new(goal.board());
        for r in 0..STATES as u32 {
            let b = unrank(r).unwrap();
            let Some(d) = table.distance(&b) else {
                continue;
            };
            let [m, h, lc] = Heuristic::ADMISSIBLE.map(|x| x.estimate(&goal, &b));
            assert!(m <= h && h <= lc && lc <= d, "{b}: {m} {h} {lc} {d}");
        }
    }

    #[test]
    fn examples() {
        let goal = Goal::default();
        // 2 1 3 / 4 5 6 / 7 8 _: tiles 1 and 2 swapped in their goal row.
        let b = Board::square(&[2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
        assert_eq!(Heuristic::Misplaced.estimate(&goal, &b), 2);
        assert_eq!(Heuristic::Manhattan.estimate(&goal, &b), 2);
        assert_eq!(Heuristic::LinearConflict.estimate(&goal, &b), 4);
        // Three tiles reversed in one row: two must step aside, not three.
        let c = Board::square(&[3, 2, 1, 4, 5, 6, 7, 8, 0]).unwrap();
        assert_eq!(Heuristic::LinearConflict.estimate(&goal, &c), 4 + 4);
    }

    #[test]
    fn heuristics_by_name_and_value() {
        let goal = Goal::default();
        let b = Board::square(&[2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
        let values: Vec<u32> = Heuristic::ALL
            .iter()
            .map(|h| h.estimate(&goal, &b))
            .collect();
        assert_eq!(values, [2, 2, 4, 4, 4]);
        assert_eq!(
            Heuristic::parse("twice-manhattan"),
            Ok(Heuristic::TwiceManhattan)
        );
        assert_eq!(
            Heuristic::parse("pdb").unwrap_err().to_string(),
            "unknown heuristic \"pdb\" for a 3×3 board; use misplaced, manhattan, linear-conflict, twice-manhattan, manhattan-plus-misplaced"
        );
    }

    #[test]
    fn codes_names_and_admissibility() {
        let codes: Vec<&str> = Heuristic::ALL.iter().map(|h| h.code()).collect();
        assert_eq!(
            codes,
            [
                "misplaced",
                "manhattan",
                "linear-conflict",
                "twice-manhattan",
                "manhattan-plus-misplaced"
            ]
        );
        let names: Vec<&str> = Heuristic::ALL.iter().map(|h| h.name()).collect();
        assert_eq!(
            names,
            [
                "misplaced tiles",
                "Manhattan",
                "linear conflict",
                "twice Manhattan (inadmissible)",
                "Manhattan plus misplaced tiles (inadmissible)"
            ]
        );
        let inadmissible: Vec<Heuristic> = Heuristic::ALL
            .into_iter()
            .filter(|h| !h.admissible())
            .collect();
        assert_eq!(
            inadmissible,
            [Heuristic::TwiceManhattan, Heuristic::ManhattanPlusMisplaced]
        );
        let admissible: Vec<Heuristic> = Heuristic::ALL
            .into_iter()
            .filter(|h| h.admissible())
            .collect();
        assert_eq!(admissible, Heuristic::ADMISSIBLE);
    }
}
