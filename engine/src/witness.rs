//! Witness checking, independent of the search.
//!
//! [`verify`] knows nothing about A*, packed keys, ranks or tables: it replays
//! the moves on a plain array of nine cells with its own row/column
//! arithmetic. A search result is shown as `Solved` only after it passes.

use super::board::Board;
use super::moves::Move;
use std::fmt;

/// Why a witness was rejected. Steps are 1-based: step 1 is the first move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WitnessError {
    /// Occurs when a move would take the blank off the grid or wrap a row.
    IllegalMove {
        /// 1-based step number.
        step: usize,
        /// The offending move.
        mv: Move,
        /// Where the blank was before it.
        blank: usize,
    },
    /// Occurs when a replayed board stops being a permutation of 0–8.
    NotAPermutation {
        /// 1-based step number.
        step: usize,
    },
    /// Occurs when the last board is not the goal.
    WrongFinalBoard {
        /// The board the replay ended on.
        reached: [u8; 9],
        /// The goal.
        goal: [u8; 9],
    },
    /// Occurs when the number of moves differs from the reported cost.
    LengthMismatch {
        /// Number of moves in the witness.
        length: usize,
        /// The cost the search reported.
        cost: u32,
    },
}

impl fmt::Display for WitnessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WitnessError::IllegalMove { step, mv, blank } => write!(
                f,
                "witness step {step}: {mv} is not a legal move for the blank at position {blank}"
            ),
            WitnessError::NotAPermutation { step } => write!(
                f,
                "witness step {step}: the board is no longer a permutation of 0–8"
            ),
            WitnessError::WrongFinalBoard { reached, goal } => {
                write!(f, "witness ends on {reached:?}, not on the goal {goal:?}")
            }
            WitnessError::LengthMismatch { length, cost } => write!(
                f,
                "witness has {length} moves but the reported cost is {cost}"
            ),
        }
    }
}

impl std::error::Error for WitnessError {}

fn is_permutation(cells: &[u8; 9]) -> bool {
    let mut seen = [false; 9];
    for &c in cells {
        if c > 8 || seen[c as usize] {
            return false;
        }
        seen[c as usize] = true;
    }
    true
}

/// Replays `moves` from `start` and checks, step by step: the blank and the
/// cell it swaps with are grid neighbours (same row and adjacent columns, or
/// same column and adjacent rows), every board is a permutation of 0–8, the
/// final board equals `goal`, and the number of moves equals `cost`.
///
/// Returns every board along the way, start first, goal last.
pub fn verify(
    start: &Board,
    goal: &Board,
    moves: &[Move],
    cost: u32,
) -> Result<Vec<[u8; 9]>, WitnessError> {
    let mut cells = start.cells();
    let mut boards = Vec::with_capacity(moves.len() + 1);
    boards.push(cells);
    for (i, &mv) in moves.iter().enumerate() {
        let step = i + 1;
        let Some(blank) = cells.iter().position(|&c| c == 0) else {
            return Err(WitnessError::NotAPermutation { step });
        };
        let (row, col) = ((blank / 3) as i32, (blank % 3) as i32);
        let (dr, dc) = match mv {
            Move::Up => (-1, 0),
            Move::Down => (1, 0),
            Move::Left => (0, -1),
            Move::Right => (0, 1),
        };
        let (nr, nc) = (row + dr, col + dc);
        if !(0..3).contains(&nr) || !(0..3).contains(&nc) {
            return Err(WitnessError::IllegalMove { step, mv, blank });
        }
        let other = (nr * 3 + nc) as usize;
        // Grid neighbours: Manhattan distance of the two cells is exactly 1.
        let apart = (blank / 3).abs_diff(other / 3) + (blank % 3).abs_diff(other % 3);
        if apart != 1 {
            return Err(WitnessError::IllegalMove { step, mv, blank });
        }
        cells.swap(blank, other);
        if !is_permutation(&cells) {
            return Err(WitnessError::NotAPermutation { step });
        }
        boards.push(cells);
    }
    if cells != goal.cells() {
        return Err(WitnessError::WrongFinalBoard {
            reached: cells,
            goal: goal.cells(),
        });
    }
    if moves.len() as u64 != u64::from(cost) {
        return Err(WitnessError::LengthMismatch {
            length: moves.len(),
            cost,
        });
    }
    Ok(boards)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn baseline_witness_passes() {
        let boards = verify(
            &Board::BASELINE_START,
            &Board::DEFAULT_GOAL,
            &[Move::Right, Move::Right],
            2,
        )
        .unwrap();
        assert_eq!(boards[1], [1, 2, 3, 4, 5, 6, 7, 0, 8]);
        assert_eq!(boards.len(), 3);
    }

    #[test]
    fn each_failure_names_its_step() {
        let s = Board::BASELINE_START;
        let g = Board::DEFAULT_GOAL;
        assert_eq!(
            verify(&s, &g, &[Move::Right, Move::Right, Move::Right], 3),
            Err(WitnessError::IllegalMove {
                step: 3,
                mv: Move::Right,
                blank: 8
            })
        );
        assert_eq!(
            verify(&s, &g, &[Move::Left], 1),
            Err(WitnessError::IllegalMove {
                step: 1,
                mv: Move::Left,
                blank: 6
            })
        );
        assert!(matches!(
            verify(&s, &g, &[Move::Right], 1),
            Err(WitnessError::WrongFinalBoard { .. })
        ));
        assert_eq!(
            verify(&s, &g, &[Move::Right, Move::Right], 3),
            Err(WitnessError::LengthMismatch { length: 2, cost: 3 })
        );
        assert_eq!(
            verify(&s, &g, &[Move::Left], 1).unwrap_err().to_string(),
            "witness step 1: Left is not a legal move for the blank at position 6"
        );
    }
}
