//! Solvability of every shape: one invariant, one proof type, one text.
//!
//! A horizontal move never changes the row-major order of the tiles. A
//! vertical move carries one tile past the W−1 tiles between its old and new
//! cell, changing the inversion count (blank excluded) by an amount of the
//! same parity as W−1.
//! - **Odd width:** W−1 is even, so the parity of the inversions never
//!   changes.
//! - **Even width:** W−1 is odd, so every vertical move flips the inversion
//!   parity while the blank changes row by one: the parity of inversions +
//!   the blank's row never changes. (The row is counted from the bottom,
//!   1-based; counting from the top changes both boards' sums alike.)
//!
//! Boards whose invariants differ can never reach each other. The converse
//! holds too on every shape of at least 2×2 (each class is connected); the
//! tests check it by breadth-first search on the small shapes.

use super::board::Board;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// The invariant's parts for a start and a goal of one shape.
///
/// On an odd-width board only the inversions count and the blank rows are
/// `None`; on an even-width board both parts count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParityProof {
    /// Inversions of the start (blank excluded).
    pub start: u32,
    /// Inversions of the goal (blank excluded).
    pub goal: u32,
    /// The start's blank row from the bottom (1-based), on even widths.
    pub start_blank_row: Option<u32>,
    /// The goal's blank row from the bottom (1-based), on even widths.
    pub goal_blank_row: Option<u32>,
}

fn parity(n: u32) -> &'static str {
    if n.is_multiple_of(2) {
        "even"
    } else {
        "odd"
    }
}

impl ParityProof {
    /// The invariant's parts for `start` and `goal` (of one shape).
    pub fn of(start: &Board, goal: &Board) -> ParityProof {
        let even = start.width().is_multiple_of(2);
        ParityProof {
            start: start.inversions(),
            goal: goal.inversions(),
            start_blank_row: even.then(|| start.blank_row_from_bottom()),
            goal_blank_row: even.then(|| goal.blank_row_from_bottom()),
        }
    }

    /// The start's invariant: its inversions, plus its blank row on even widths.
    pub fn start_sum(&self) -> u32 {
        self.start + self.start_blank_row.unwrap_or(0)
    }

    /// The goal's invariant: its inversions, plus its blank row on even widths.
    pub fn goal_sum(&self) -> u32 {
        self.goal + self.goal_blank_row.unwrap_or(0)
    }

    /// Whether the two invariants have the same parity (the boards are joined).
    pub fn same_parity(&self) -> bool {
        self.start_sum() % 2 == self.goal_sum() % 2
    }

    /// Both sides in one line, the same for the command line and the page:
    /// `"inversions (blank excluded): start 1 (odd), goal 0 (even)"`, or on
    /// an even width `"inversions 1 + blank row 1 = 2 (even) for the start,
    /// inversions 0 + blank row 1 = 1 (odd) for the goal"`.
    pub fn sides(&self) -> String {
        match (self.start_blank_row, self.goal_blank_row) {
            (Some(sr), Some(gr)) => {
                let part = |inv: u32, row: u32| {
                    format!(
                        "inversions {inv} + blank row {row} = {} ({})",
                        inv + row,
                        parity(inv + row)
                    )
                };
                format!(
                    "{} for the start, {} for the goal",
                    part(self.start, sr),
                    part(self.goal, gr)
                )
            }
            _ => format!(
                "inversions (blank excluded): start {} ({}), goal {} ({})",
                self.start,
                parity(self.start),
                self.goal,
                parity(self.goal)
            ),
        }
    }

    /// The whole explanation, for a verdict of Unsolvable: both sides, the
    /// rule for this width and why no move changes it.
    pub fn explain(&self) -> String {
        let mut s = String::new();
        if self.start_blank_row.is_some() {
            let _ = write!(
                s,
                "On a board of even width the parity of inversions (blank excluded) + the blank's row counted from the bottom never changes: a sideways move keeps both, an up or down move changes the inversions by an odd amount and the row by one. Here: {}.",
                self.sides()
            );
        } else {
            let _ = write!(
                s,
                "On a board of odd width the parity of inversions (blank excluded) never changes: a sideways move keeps the order of the tiles, an up or down move changes the inversions by an even amount. Here: {}.",
                self.sides()
            );
        }
        if !self.same_parity() {
            s.push_str(" The parities differ, so no sequence of moves joins start and goal.");
        }
        s
    }
}

/// `Ok` when start and goal (of one shape) can reach each other, else the
/// proof that they cannot.
pub fn check_parity(start: &Board, goal: &Board) -> Result<(), ParityProof> {
    let proof = ParityProof::of(start, goal);
    if proof.same_parity() {
        Ok(())
    } else {
        Err(proof)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Shape;

    #[test]
    fn swapped_tiles_are_unsolvable() {
        let b = Board::square(&[2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
        let p = check_parity(&b, &Board::DEFAULT_GOAL).unwrap_err();
        assert_eq!(
            p,
            ParityProof {
                start: 1,
                goal: 0,
                start_blank_row: None,
                goal_blank_row: None
            }
        );
        assert_eq!(
            p.sides(),
            "inversions (blank excluded): start 1 (odd), goal 0 (even)"
        );
        assert_eq!(
            check_parity(&Board::BASELINE_START, &Board::DEFAULT_GOAL),
            Ok(())
        );
    }

    #[test]
    fn even_width_counts_the_blank_row() {
        let s = Shape::new(4, 3).unwrap();
        let goal = Board::default_goal(s);
        // One swap of two tiles: odd inversions, same blank row.
        let b = Board::new(s, &[2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0]).unwrap();
        let p = check_parity(&b, &goal).unwrap_err();
        assert_eq!(
            p.sides(),
            "inversions 1 + blank row 1 = 2 (even) for the start, inversions 0 + blank row 1 = 1 (odd) for the goal"
        );
        assert!(p.explain().starts_with("On a board of even width"));
        // The blank one row up: the tiles keep their order only if it moved
        // sideways, so this board (blank moved up) is solvable.
        let up = goal.apply(crate::engine::Move::Up).unwrap();
        assert_eq!(check_parity(&up, &goal), Ok(()));
    }
}
