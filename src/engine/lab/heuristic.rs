//! Admissible heuristics for the lab's A*: misplaced tiles, Manhattan, and
//! Manhattan plus linear conflict.

use crate::engine::{Board, Goal};

/// A lower bound on the moves left.
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

/// 2 × (tiles that must leave their line), over the three rows and three columns.
fn linear_conflict(goal: &Goal, board: &Board) -> u32 {
    let cells = board.cells();
    let mut extra = 0;
    for line in 0..3 {
        // Rows: tiles in row `line` whose goal row is `line`, goal columns in order.
        let row: Vec<usize> = (0..3)
            .map(|c| cells[line * 3 + c])
            .filter(|&t| t != 0 && goal.home_of(t) / 3 == line)
            .map(|t| goal.home_of(t) % 3)
            .collect();
        extra += 2 * (row.len() as u32 - longest_increasing(&row));
        let col: Vec<usize> = (0..3)
            .map(|r| cells[r * 3 + line])
            .filter(|&t| t != 0 && goal.home_of(t) % 3 == line)
            .map(|t| goal.home_of(t) / 3)
            .collect();
        extra += 2 * (col.len() as u32 - longest_increasing(&col));
    }
    extra
}

/// Length of the longest strictly increasing subsequence (at most 3 items).
fn longest_increasing(v: &[usize]) -> u32 {
    let mut best = vec![1u32; v.len()];
    for i in 0..v.len() {
        for j in 0..i {
            if v[j] < v[i] {
                best[i] = best[i].max(best[j] + 1);
            }
        }
    }
    best.into_iter().max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{rank::STATES, unrank, DistanceTable};

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
        let b = Board::from_cells([2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
        assert_eq!(Heuristic::Misplaced.estimate(&goal, &b), 2);
        assert_eq!(Heuristic::Manhattan.estimate(&goal, &b), 2);
        assert_eq!(Heuristic::LinearConflict.estimate(&goal, &b), 4);
        // Three tiles reversed in one row: two must step aside, not three.
        let c = Board::from_cells([3, 2, 1, 4, 5, 6, 7, 8, 0]).unwrap();
        assert_eq!(Heuristic::LinearConflict.estimate(&goal, &c), 4 + 4);
    }
}
