//! Solvability on the 4-wide board: inversions **and** the blank's row.
//!
//! A horizontal move leaves the row-major order of the tiles unchanged. A
//! vertical move carries one tile past the three tiles between its old and
//! new cell, changing the inversion count by ±1 or ±3 — an odd amount —
//! while the blank changes row by one. So the parity of (inversions + blank
//! row) never changes, and two boards whose sums differ in parity can never
//! reach each other. The converse also holds on 4×4 (each parity class is
//! connected), which is why the search is run only when the parities agree.

use super::board::Board16;
use serde::Serialize;

/// Both parts of the 4×4 invariant for the start and the goal. Rows are
/// 1-based from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Parity16Proof {
    /// Inversions of the start (blank excluded).
    pub start_inversions: u32,
    /// The start's blank row (1–4).
    pub start_blank_row: u32,
    /// Inversions of the goal (blank excluded).
    pub goal_inversions: u32,
    /// The goal's blank row (1–4).
    pub goal_blank_row: u32,
}

impl Parity16Proof {
    /// The invariant's two parts for `start` and `goal`.
    pub fn of(start: &Board16, goal: &Board16) -> Parity16Proof {
        Parity16Proof {
            start_inversions: start.inversions(),
            start_blank_row: start.blank_row(),
            goal_inversions: goal.inversions(),
            goal_blank_row: goal.blank_row(),
        }
    }

    /// Inversions plus blank row of the start.
    pub fn start_sum(&self) -> u32 {
        self.start_inversions + self.start_blank_row
    }

    /// Inversions plus blank row of the goal.
    pub fn goal_sum(&self) -> u32 {
        self.goal_inversions + self.goal_blank_row
    }

    /// Whether the two sums have the same parity (the boards are joined).
    pub fn same_parity(&self) -> bool {
        self.start_sum().is_multiple_of(2) == self.goal_sum().is_multiple_of(2)
    }

    /// One sentence for people, e.g. "inversions 1 + blank row 4 = 5 (odd) for
    /// the start, inversions 0 + blank row 4 = 4 (even) for the goal".
    pub fn explain(&self) -> String {
        let part = |inv: u32, row: u32| {
            let sum = inv + row;
            format!(
                "inversions {inv} + blank row {row} = {sum} ({})",
                if sum.is_multiple_of(2) { "even" } else { "odd" }
            )
        };
        format!(
            "{} for the start, {} for the goal",
            part(self.start_inversions, self.start_blank_row),
            part(self.goal_inversions, self.goal_blank_row)
        )
    }
}

/// `Ok` when start and goal are joined by moves, else both parts of the proof.
pub fn check_parity16(start: &Board16, goal: &Board16) -> Result<(), Parity16Proof> {
    let proof = Parity16Proof::of(start, goal);
    if proof.same_parity() {
        Ok(())
    } else {
        Err(proof)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swapped_tiles_and_blank_row() {
        let goal = Board16::DEFAULT_GOAL;
        let swapped =
            Board16::from_cells([2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0]).unwrap();
        let proof = check_parity16(&swapped, &goal).unwrap_err();
        assert_eq!(
            proof,
            Parity16Proof {
                start_inversions: 1,
                start_blank_row: 4,
                goal_inversions: 0,
                goal_blank_row: 4
            }
        );
        assert_eq!(
            proof.explain(),
            "inversions 1 + blank row 4 = 5 (odd) for the start, inversions 0 + blank row 4 = 4 (even) for the goal"
        );
        // Blank moved up one row: inversions change by 3, row by 1, sum parity kept.
        let up =
            Board16::from_cells([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 13, 14, 15, 12]).unwrap();
        assert_eq!(up.inversions(), 3);
        assert_eq!(check_parity16(&up, &goal), Ok(()));
        // Korf's goal: blank on row 1, no inversions.
        assert_eq!(
            check_parity16(&Board16::KORF_GOAL, &goal),
            Err(Parity16Proof {
                start_inversions: 0,
                start_blank_row: 1,
                goal_inversions: 0,
                goal_blank_row: 4
            })
        );
    }
}
