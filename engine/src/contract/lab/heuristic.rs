//! Admissible heuristics for the lab's A*: misplaced tiles, Manhattan, and
//! Manhattan plus linear conflict.

use crate::engine::{
    contract::{Goal, WeightedHeuristic},
    Board,
};

/// A lower bound on the moves left: the admissible part of the 3×3
/// heuristics ([`WeightedHeuristic`], which adds two inadmissible ones; each
/// converts to the other), what the lab's optimal searches accept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// Number of tiles 1–8 not on their goal cell. Each needs at least one
    /// move of its own.
    Misplaced,
    /// Sum of the tiles' row and column distances (the contract's h).
    Manhattan,
    /// Manhattan plus 2 for every tile that must leave its goal row (or
    /// column) to let the others in that line pass: within a line, the tiles
    /// that belong there and are out of order cannot cross without one of
    /// them stepping aside and back, two moves Manhattan does not count.
    LinearConflict,
}

impl Heuristic {
    /// All heuristics, weakest first.
    pub const ALL: [Heuristic; 3] = [
        Heuristic::Misplaced,
        Heuristic::Manhattan,
        Heuristic::LinearConflict,
    ];

    /// The name on the command line, in JSON and in links: the weighted
    /// search's [`WeightedHeuristic::code`] of the same heuristic.
    pub fn code(self) -> &'static str {
        WeightedHeuristic::from(self).code()
    }

    /// The heuristic's name.
    pub fn name(self) -> &'static str {
        match self {
            Heuristic::Misplaced => "misplaced tiles",
            Heuristic::Manhattan => "Manhattan",
            Heuristic::LinearConflict => "linear conflict",
        }
    }

    /// The estimate for `board`.
    pub fn estimate(self, goal: &Goal, board: &Board) -> u32 {
        match self {
            Heuristic::Misplaced => board
                .cells()
                .iter()
                .enumerate()
                .filter(|&(i, &t)| t != 0 && goal.home_of(t) != i)
                .count() as u32,
            Heuristic::Manhattan => goal.manhattan(board),
            Heuristic::LinearConflict => goal.manhattan(board) + linear_conflict(goal, board),
        }
    }
}

/// 2 × (tiles that must leave their line), over the three rows and three
/// columns. No allocation: each line holds at most three tiles.
fn linear_conflict(goal: &Goal, board: &Board) -> u32 {
    let cells = board.cells();
    let mut extra = 0;
    for line in 0..3 {
        let mut row = [0usize; 3];
        let mut col = [0usize; 3];
        let (mut nr, mut nc) = (0, 0);
        for k in 0..3 {
            // Row `line`, column k: a tile whose goal row is `line`.
            let t = cells[line * 3 + k];
            if t != 0 && goal.home_of(t) / 3 == line {
                row[nr] = goal.home_of(t) % 3;
                nr += 1;
            }
            // Column `line`, row k: a tile whose goal column is `line`.
            let t = cells[k * 3 + line];
            if t != 0 && goal.home_of(t) % 3 == line {
                col[nc] = goal.home_of(t) / 3;
                nc += 1;
            }
        }
        extra += 2 * (nr as u32 - longest_increasing(&row[..nr]));
        extra += 2 * (nc as u32 - longest_increasing(&col[..nc]));
    }
    extra
}

/// Length of the longest strictly increasing subsequence of at most three items.
fn longest_increasing(v: &[usize]) -> u32 {
    match *v {
        [] => 0,
        [_] => 1,
        [a, b] => 1 + u32::from(a < b),
        [a, b, c] => {
            if a < b && b < c {
                3
            } else if a < b || a < c || b < c {
                2
            } else {
                1
            }
        }
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::contract::{unrank, DistanceTable, STATES};

    #[test]
    fn all_admissible_and_ordered() {
        let goal = Goal::default();
        let table = DistanceTable::new(goal.board());
        for r in 0..STATES as u32 {
            let b = unrank(r).unwrap();
            let Some(d) = table.distance(&b) else {
                continue;
            };
            let [m, h, lc] = Heuristic::ALL.map(|x| x.estimate(&goal, &b));
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
    fn the_admissible_part_of_the_weighted_heuristics() {
        let codes: Vec<&str> = Heuristic::ALL.iter().map(|h| h.code()).collect();
        assert_eq!(codes, ["misplaced", "manhattan", "linear-conflict"]);
        for h in Heuristic::ALL {
            let w = WeightedHeuristic::from(h);
            assert_eq!(w.admissible_kind(), Some(h));
            assert_eq!(w.name(), h.name());
        }
        let inadmissible: Vec<WeightedHeuristic> = WeightedHeuristic::ALL
            .into_iter()
            .filter(|w| w.admissible_kind().is_none())
            .collect();
        assert_eq!(
            inadmissible,
            [
                WeightedHeuristic::TwiceManhattan,
                WeightedHeuristic::ManhattanPlusMisplaced
            ]
        );
    }
}
