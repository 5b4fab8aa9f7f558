//! Solvability by inversion parity.
//!
//! On a 3×3 board a horizontal move does not change the row-major order of
//! the tiles, and a vertical move carries one tile past exactly two others,
//! changing the inversion count by −2, 0 or +2. So the parity of the inversion
//! count (blank excluded) never changes, and boards of different parity can
//! never reach each other. The converse holds too: each parity class of
//! 181,440 boards is connected (the exhaustive test checks it).

use super::board::Board;
use serde::Serialize;

/// Proof that no sequence of moves joins start and goal: their inversion
/// counts (blank excluded) have different parity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ParityProof {
    /// Inversions of the start.
    pub start: u32,
    /// Inversions of the goal.
    pub goal: u32,
}

/// `Ok` when start and goal have the same inversion parity, else the proof.
pub fn check_parity(start: &Board, goal: &Board) -> Result<(), ParityProof> {
    let (s, g) = (start.inversions(), goal.inversions());
    if s % 2 == g % 2 {
        Ok(())
    } else {
        Err(ParityProof { start: s, goal: g })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swapped_tiles_are_unsolvable() {
        let b = Board::from_cells([2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
        assert_eq!(
            check_parity(&b, &Board::DEFAULT_GOAL),
            Err(ParityProof { start: 1, goal: 0 })
        );
        assert_eq!(
            check_parity(&Board::BASELINE_START, &Board::DEFAULT_GOAL),
            Ok(())
        );
    }
}
