//! Witness checking for 4×4, independent of the search.
//!
//! [`verify16`] uses no packed boards, tables or heuristics from the search:
//! it replays the moves on a plain array of sixteen cells with its own
//! row/column arithmetic. A 4×4 result is `Solved` only after it passes.

use crate::engine::Move;
use std::fmt;

/// Why a 4×4 witness was rejected. Steps are 1-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Witness16Error {
    /// Occurs when the start is not a permutation of 0–15.
    BadStart,
    /// Occurs when a move would take the blank off the grid or wrap a row.
    IllegalMove {
        /// 1-based step number.
        step: usize,
        /// The offending move.
        mv: Move,
        /// Where the blank was before it.
        blank: usize,
    },
    /// Occurs when a replayed board stops being a permutation of 0–15.
    NotAPermutation {
        /// 1-based step number.
        step: usize,
    },
    /// Occurs when the last board is not the goal.
    WrongFinalBoard {
        /// The board the replay ended on.
        reached: [u8; 16],
        /// The goal.
        goal: [u8; 16],
    },
    /// Occurs when the number of moves differs from the reported cost.
    LengthMismatch {
        /// Number of moves in the witness.
        length: usize,
        /// The cost the search reported.
        cost: u32,
    },
}

impl fmt::Display for Witness16Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Witness16Error::BadStart => write!(f, "witness start is not a permutation of 0–15"),
            Witness16Error::IllegalMove { step, mv, blank } => write!(
                f,
                "witness step {step}: {mv} is not a legal move for the blank at position {blank}"
            ),
            Witness16Error::NotAPermutation { step } => write!(
                f,
                "witness step {step}: the board is no longer a permutation of 0–15"
            ),
            Witness16Error::WrongFinalBoard { reached, goal } => {
                write!(f, "witness ends on {reached:?}, not on the goal {goal:?}")
            }
            Witness16Error::LengthMismatch { length, cost } => write!(
                f,
                "witness has {length} moves but the reported cost is {cost}"
            ),
        }
    }
}

impl std::error::Error for Witness16Error {}

fn is_permutation(cells: &[u8; 16]) -> bool {
    let mut sorted = *cells;
    sorted.sort_unstable();
    sorted.iter().enumerate().all(|(i, &v)| usize::from(v) == i)
}

/// Replays `moves` from `start` and checks every step is legal, every board
/// a permutation, the last board equals `goal`, and the length equals `cost`.
pub fn verify16(
    start: &[u8; 16],
    goal: &[u8; 16],
    moves: &[Move],
    cost: u32,
) -> Result<(), Witness16Error> {
    if !is_permutation(start) {
        return Err(Witness16Error::BadStart);
    }
    if moves.len() != cost as usize {
        return Err(Witness16Error::LengthMismatch {
            length: moves.len(),
            cost,
        });
    }
    let mut board = *start;
    for (i, &mv) in moves.iter().enumerate() {
        let step = i + 1;
        let Some(blank) = board.iter().position(|&c| c == 0) else {
            return Err(Witness16Error::NotAPermutation { step });
        };
        let (row, col) = ((blank / 4) as i32, (blank % 4) as i32);
        let (dr, dc) = match mv {
            Move::Up => (-1, 0),
            Move::Down => (1, 0),
            Move::Left => (0, -1),
            Move::Right => (0, 1),
        };
        let (nr, nc) = (row + dr, col + dc);
        if !(0..4).contains(&nr) || !(0..4).contains(&nc) {
            return Err(Witness16Error::IllegalMove { step, mv, blank });
        }
        let target = (nr * 4 + nc) as usize;
        board[blank] = board[target];
        board[target] = 0;
        if !is_permutation(&board) {
            return Err(Witness16Error::NotAPermutation { step });
        }
    }
    if board != *goal {
        return Err(Witness16Error::WrongFinalBoard {
            reached: board,
            goal: *goal,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOAL: [u8; 16] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0];
    const START: [u8; 16] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15];

    #[test]
    fn accepts_and_rejects() {
        assert_eq!(verify16(&START, &GOAL, &[Move::Right], 1), Ok(()));
        assert_eq!(
            verify16(&START, &GOAL, &[Move::Right], 2),
            Err(Witness16Error::LengthMismatch { length: 1, cost: 2 })
        );
        assert_eq!(
            verify16(&GOAL, &GOAL, &[Move::Right], 1),
            Err(Witness16Error::IllegalMove {
                step: 1,
                mv: Move::Right,
                blank: 15
            })
        );
        let wrap = [1, 2, 3, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 4];
        assert!(matches!(
            verify16(&wrap, &GOAL, &[Move::Right], 1),
            Err(Witness16Error::IllegalMove { blank: 3, .. })
        ));
        assert!(matches!(
            verify16(&START, &GOAL, &[Move::Up], 1),
            Err(Witness16Error::WrongFinalBoard { .. })
        ));
        assert_eq!(
            verify16(&[0; 16], &GOAL, &[], 0),
            Err(Witness16Error::BadStart)
        );
    }
}
