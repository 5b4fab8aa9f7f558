//! Moves, named by the direction the **blank** travels.
//!
//! `Right` swaps the blank with the tile immediately to its right, so that
//! tile travels left. `Up` swaps the blank with the tile above it, so that tile
//! travels down. A move exists only when the target cell is inside the grid:
//! the cell after index 2 in the array is index 3, but it is on the next row,
//! so from index 2 there is no `Right` and from index 3 no `Left`.

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
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discriminants_are_generation_order() {
        // The A* stores a move as `mv as u8` and reads it back from ALL, and
        // takes the move back as `mv ^ 1`.
        for (i, m) in Move::ALL.into_iter().enumerate() {
            assert_eq!(m as usize, i);
            assert_eq!(Move::ALL[i ^ 1], m.opposite());
        }
    }
}
