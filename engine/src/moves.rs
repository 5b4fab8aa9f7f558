//! Moves, named by the direction the **blank** travels.
//!
//! `Right` swaps the blank with the tile immediately to its right, so that
//! tile travels left. `Up` swaps the blank with the tile above it, so that tile
//! travels down. A move exists only when the target cell is inside the grid:
//! the cell after index 2 in the array is index 3, but it is on the next row,
//! so from index 2 there is no `Right` and from index 3 no `Left`.

use super::board::{Board, CELLS};
use super::shape::Shape;
use serde::Serialize;
use std::fmt;

/// One move of the blank. The name is the direction the blank travels; the
/// tile it swaps with travels the opposite way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Move {
    /// The blank moves up one row; the tile above it moves down.
    Up,
    /// The blank moves down one row; the tile below it moves up.
    Down,
    /// The blank moves left one column; the tile on its left moves right.
    Left,
    /// The blank moves right one column; the tile on its right moves left.
    Right,
}

/// The convention, in one sentence, for help texts and the page.
pub const MOVE_CONVENTION: &str =
    "Moves name the direction the blank travels: Right swaps the blank with the tile on its right, so that tile travels left. No move wraps from the end of a row to the next.";

impl Move {
    /// All moves in generation order. A* pushes neighbours in this order, which
    /// fixes their insertion sequence numbers.
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// The move's name as shown to people and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Move::Up => "Up",
            Move::Down => "Down",
            Move::Left => "Left",
            Move::Right => "Right",
        }
    }

    /// The move's initial, `U`, `D`, `L` or `R`: a path as one word.
    pub fn letter(self) -> char {
        match self {
            Move::Up => 'U',
            Move::Down => 'D',
            Move::Left => 'L',
            Move::Right => 'R',
        }
    }

    /// The move that undoes this one.
    pub fn opposite(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }

    /// Parses a move name (`Up`, `Down`, `Left`, `Right`, any case).
    pub fn from_name(name: &str) -> Option<Move> {
        match name.to_ascii_lowercase().as_str() {
            "up" => Some(Move::Up),
            "down" => Some(Move::Down),
            "left" => Some(Move::Left),
            "right" => Some(Move::Right),
            _ => None,
        }
    }

    /// Where the blank lands when it leaves cell `from` of a 3×3 board in
    /// this direction: [`Shape::target`], the one move rule, on 3×3.
    pub fn target(self, from: usize) -> Option<usize> {
        Shape::THREE.target(from, self)
    }

    /// The board after this move, or `None` if the move is not legal there
    /// ([`Board::apply`]).
    pub fn apply(self, board: &Board) -> Option<Board> {
        board.apply(self)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// (move, target cell) pairs for the blank at each cell, in [`Move::ALL`]
/// order: [`Move::target`] as a table, for the searches' hot loops.
pub(crate) const NEIGHBOURS: [&[(Move, u8)]; CELLS] = {
    use Move::*;
    [
        &[(Down, 3), (Right, 1)],
        &[(Down, 4), (Left, 0), (Right, 2)],
        &[(Down, 5), (Left, 1)],
        &[(Up, 0), (Down, 6), (Right, 4)],
        &[(Up, 1), (Down, 7), (Left, 3), (Right, 5)],
        &[(Up, 2), (Down, 8), (Left, 4)],
        &[(Up, 3), (Right, 7)],
        &[(Up, 4), (Left, 6), (Right, 8)],
        &[(Up, 5), (Left, 7)],
    ]
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::legal_moves;

    #[test]
    fn right_moves_the_blank_right_and_the_tile_left() {
        let after = Move::Right.apply(&Board::BASELINE_START).unwrap();
        assert_eq!(after.cells(), [1, 2, 3, 4, 5, 6, 7, 0, 8]);
    }

    #[test]
    fn no_wrap_between_rows() {
        assert_eq!(Move::Right.target(2), None);
        assert_eq!(Move::Right.target(5), None);
        assert_eq!(Move::Right.target(8), None);
        assert_eq!(Move::Left.target(3), None);
        assert_eq!(Move::Left.target(6), None);
        assert_eq!(Move::Left.target(0), None);
        assert_eq!(Move::Up.target(2), None);
        assert_eq!(Move::Down.target(6), None);
        assert_eq!(Move::Right.target(1), Some(2));
        assert_eq!(Move::Down.target(2), Some(5));
        assert_eq!(Move::Right.target(9), None);
    }

    #[test]
    fn neighbour_table_is_move_target() {
        for (cell, pairs) in NEIGHBOURS.iter().enumerate() {
            let from_target: Vec<(Move, u8)> = Move::ALL
                .into_iter()
                .filter_map(|m| m.target(cell).map(|t| (m, t as u8)))
                .collect();
            assert_eq!(pairs.to_vec(), from_target, "cell {cell}");
        }
    }

    #[test]
    fn discriminants_are_generation_order() {
        // The A* stores a move as `mv as u8` and reads it back from ALL, and
        // takes the move back as `mv ^ 1`.
        for (i, m) in Move::ALL.into_iter().enumerate() {
            assert_eq!(m as usize, i);
            assert_eq!(Move::ALL[i ^ 1], m.opposite());
        }
    }

    #[test]
    fn legal_move_counts() {
        let counts: Vec<usize> = (0..9)
            .map(|i| Move::ALL.iter().filter(|m| m.target(i).is_some()).count())
            .collect();
        assert_eq!(counts, [2, 3, 2, 3, 4, 3, 2, 3, 2]);
        let names: Vec<&str> = legal_moves(&Board::BASELINE_START)
            .map(Move::name)
            .collect();
        assert_eq!(names, ["Up", "Right"]);
    }

    #[test]
    fn opposite_undoes() {
        for m in Move::ALL {
            let b = Board::square(&[1, 2, 3, 4, 0, 5, 6, 7, 8]).unwrap();
            assert_eq!(m.opposite().apply(&m.apply(&b).unwrap()), Some(b));
            assert_eq!(Move::from_name(m.name()), Some(m));
        }
        assert_eq!(Move::from_name("sideways"), None);
    }
}
