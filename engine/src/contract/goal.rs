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

use crate::board::{col_of, row_of, Board, CELLS};
use crate::solve::Ledger;
use crate::text::cell_text_of;

/// A goal board with its goal-position map, built from the board given —
/// never from a constant — so that any valid board can be the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    board: Board,
    home: [u8; CELLS],
    dist: [[u8; CELLS]; CELLS],
}

impl Default for Goal {
    fn default() -> Self {
        Goal::new(Board::DEFAULT_GOAL)
    }
}

impl Goal {
    /// Builds the goal-position map and the distance table for `board`.
    pub fn new(board: Board) -> Goal {
        let mut home = [0u8; CELLS];
        for (i, &t) in board.cells().iter().enumerate() {
            home[t as usize] = i as u8;
        }
        let mut dist = [[0u8; CELLS]; CELLS];
        for tile in 1..CELLS {
            let g = home[tile] as usize;
            for (pos, d) in dist[tile].iter_mut().enumerate() {
                *d = (row_of(pos).abs_diff(row_of(g)) + col_of(pos).abs_diff(col_of(g))) as u8;
            }
        }
        Goal { board, home, dist }
    }

    /// The goal board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The cell (0–8) where `tile` belongs.
    pub fn home_of(&self, tile: u8) -> usize {
        self.home[tile as usize % CELLS] as usize
    }

    /// Manhattan distance of `tile` standing at `cell`; 0 for the blank.
    pub fn tile_distance(&self, tile: u8, cell: usize) -> u8 {
        self.dist[tile as usize % CELLS][cell % CELLS]
    }

    /// The distance table, tile × cell, with the blank's row all zero.
    pub(crate) fn table(&self) -> &[[u8; CELLS]; CELLS] {
        &self.dist
    }

    /// The Manhattan heuristic h of `board` (blank excluded).
    pub fn manhattan(&self, board: &Board) -> u32 {
        board
            .cells()
            .iter()
            .enumerate()
            .map(|(i, &t)| u32::from(self.tile_distance(t, i)))
            .sum()
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
}
