//! The goal and the Manhattan heuristic with its per-tile ledger.
//!
//! h = Σ over tiles 1–8 of |row − goal row| + |column − goal column|.
//!
//! **Why it is a lower bound.** Every legal move swaps the blank with one
//! neighbouring tile, so it moves exactly one numbered tile exactly one grid
//! step. A tile that is d steps from home needs at least d moves of its own,
//! and no move serves two tiles, so the sum is never more than the true number
//! of moves left (it is admissible, and consistent: one move changes h by
//! exactly ±1).
//!
//! **Why the blank does not count.** Each move also shifts the blank one
//! step. Counting the blank's distance would charge the same move twice, once
//! for the tile and once for the blank, and the sum could then exceed the true
//! distance (the baseline start would get h = 4 with only 2 moves to go), so
//! A* could return a longer path.

use crate::board::{Board, CELLS};
use crate::shape::OPTIMAL_MAX_CELLS;
use crate::solve::{manhattan_by, manhattan_table, Ledger};
use crate::text::cell_text_of;

/// A goal board with its goal-position map, built from the board given —
/// never from a constant — so that any valid board can be the goal.
///
/// A goal of any shape is well formed: the position map and the distance
/// table cover every shape's tiles (up to [`OPTIMAL_MAX_CELLS`]), and the distances
/// are the family's one Manhattan table ([`crate::solve::manhattan`]'s). The
/// contract's 3×3 hot loop reads the same table's 3×3 corner
/// (`table()`), kept apart so its rows stay nine cells long.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    board: Board,
    home: [u8; OPTIMAL_MAX_CELLS],
    dist: [[u8; OPTIMAL_MAX_CELLS]; OPTIMAL_MAX_CELLS],
    three: [[u8; CELLS]; CELLS],
}

impl Default for Goal {
    fn default() -> Self {
        Goal::new(Board::DEFAULT_GOAL)
    }
}

impl Goal {
    /// Builds the goal-position map and the distance table for `board`, of
    /// any shape.
    pub fn new(board: Board) -> Goal {
        let mut home = [0u8; OPTIMAL_MAX_CELLS];
        for (i, &t) in board.cells().iter().enumerate() {
            home[t as usize] = i as u8;
        }
        let dist = manhattan_table(&board);
        let mut three = [[0u8; CELLS]; CELLS];
        if board.shape().cells() == CELLS {
            for (row, full) in three.iter_mut().zip(&dist) {
                row.copy_from_slice(&full[..CELLS]);
            }
        }
        Goal {
            board,
            home,
            dist,
            three,
        }
    }

    /// The goal board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The cell where `tile` belongs.
    pub fn home_of(&self, tile: u8) -> usize {
        self.home[tile as usize % OPTIMAL_MAX_CELLS] as usize
    }

    /// Manhattan distance of `tile` standing at `cell`; 0 for the blank.
    pub fn tile_distance(&self, tile: u8, cell: usize) -> u8 {
        self.dist[tile as usize % OPTIMAL_MAX_CELLS][cell % OPTIMAL_MAX_CELLS]
    }

    /// The 3×3 distance table, tile × cell, with the blank's row all zero:
    /// the contract's hot loop (all zero unless the goal is 3×3).
    pub(crate) fn table(&self) -> &[[u8; CELLS]; CELLS] {
        &self.three
    }

    /// The Manhattan heuristic h of `board` (blank excluded).
    pub fn manhattan(&self, board: &Board) -> u32 {
        manhattan_by(&self.dist, board)
    }

    /// The per-tile ledger behind [`Goal::manhattan`]: the one ledger of
    /// every shape ([`crate::solve::ledger`]).
    pub fn ledger(&self, board: &Board) -> Ledger {
        crate::solve::ledger(board, &self.board)
    }
}

/// "row 3, column 1" for a cell index of the 3×3 board.
pub fn cell_text(cell: usize) -> String {
    cell_text_of(cell, 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn baseline_ledger() {
        let goal = Goal::default();
        let ledger = goal.ledger(&Board::BASELINE_START);
        assert_eq!(ledger.total, 2);
        let far: Vec<(u8, usize, usize, u32)> = ledger
            .rows
            .iter()
            .filter(|r| r.distance > 0)
            .map(|r| (r.tile, r.cell, r.goal_cell, r.distance))
            .collect();
        assert_eq!(far, [(7, 7, 6, 1), (8, 8, 7, 1)]);
        assert_eq!(ledger.blank_cell, 6);
        assert_eq!(goal.manhattan(&Board::DEFAULT_GOAL), 0);
    }

    #[test]
    fn goal_map_follows_the_goal_given() {
        let spiral = Board::square(&[1, 2, 3, 8, 0, 4, 7, 6, 5]).unwrap();
        let goal = Goal::new(spiral);
        assert_eq!(goal.home_of(8), 3);
        assert_eq!(goal.home_of(0), 4);
        assert_eq!(goal.manhattan(&spiral), 0);
        // 134-85726 from the blog post: tiles 3,4,8,5,7,2,6 displaced.
        let b = Board::from_dash_notation("134-85726").unwrap();
        assert_eq!(goal.manhattan(&b), goal.ledger(&b).total);
    }

    #[test]
    fn a_goal_of_any_shape_is_the_one_manhattan() {
        let korf = crate::solve::korf_goal(crate::shape::Shape::FOUR);
        let goal = Goal::new(korf);
        assert_eq!(goal.home_of(15), 15);
        assert_eq!(goal.home_of(0), 0);
        let start =
            crate::parse::parse_board("[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,0]]").unwrap();
        assert_eq!(goal.manhattan(&start), 24);
        assert_eq!(
            goal.manhattan(&start),
            crate::solve::manhattan(&start, &korf)
        );
        assert_eq!(goal.ledger(&start).total, 24);
        // The 3×3 corner is the contract's table only for a 3×3 goal.
        assert_eq!(goal.table(), &[[0u8; CELLS]; CELLS]);
        let three = Goal::default();
        assert_eq!(three.table()[8][0], 3);
        assert_eq!(u32::from(three.tile_distance(8, 0)), 3);
    }
}
