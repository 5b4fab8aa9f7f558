//! Witness checking for every shape, independent of the searches.
//!
//! [`verify`] knows nothing about A*, IDA*, packed keys, ranks, pattern
//! databases or move tables: it replays the moves on a plain list of cells
//! with its own row/column arithmetic, taking only the width and height from
//! the start. A search result is shown as `Solved` only after it passes.

use super::board::Board;
use super::moves::{Move, Slide};
use super::shape::Shape;
use std::fmt;

/// Why a witness was rejected. Steps are 1-based: step 1 is the first move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WitnessError {
    /// Occurs when start and goal are boards of different shapes.
    ShapeMismatch {
        /// The start's shape, e.g. `3×3`.
        start: String,
        /// The goal's shape.
        goal: String,
    },
    /// Occurs when a move would take the blank off the grid or wrap a row.
    IllegalMove {
        /// 1-based step number.
        step: usize,
        /// The offending move.
        mv: Move,
        /// Where the blank was before it.
        blank: usize,
    },
    /// Occurs when a multi-tile move slides no tile, or more tiles than lie
    /// between the blank and the edge of the board in its direction (it
    /// would leave the board or wrap a row).
    IllegalSlide {
        /// 1-based step number.
        step: usize,
        /// The offending move.
        slide: Slide,
        /// Where the blank was before it.
        blank: usize,
        /// The most tiles that lie that way of the blank.
        room: usize,
    },
    /// Occurs when a replayed board stops being a permutation.
    NotAPermutation {
        /// 1-based step number.
        step: usize,
    },
    /// Occurs when the last board is not the goal.
    WrongFinalBoard {
        /// The board the replay ended on.
        reached: Vec<u8>,
        /// The goal.
        goal: Vec<u8>,
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
            WitnessError::ShapeMismatch { start, goal } => {
                write!(f, "witness start is {start} but the goal is {goal}")
            }
            WitnessError::IllegalMove { step, mv, blank } => write!(
                f,
                "witness step {step}: {mv} is not a legal move for the blank at position {blank}"
            ),
            WitnessError::IllegalSlide {
                step,
                slide,
                blank,
                room,
            } => {
                write!(
                    f,
                    "witness step {step}: {slide} is not a legal move for the blank at position {blank}, "
                )?;
                match room {
                    0 => write!(f, "which has no tile on that side"),
                    1 => write!(f, "which can slide only 1 tile that way"),
                    _ => write!(f, "which can slide 1 to {room} tiles that way"),
                }
            }
            WitnessError::NotAPermutation { step } => write!(
                f,
                "witness step {step}: the board is no longer a permutation of its tiles"
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

fn is_permutation(cells: &[u8]) -> bool {
    let mut seen = vec![false; cells.len()];
    for &c in cells {
        match seen.get_mut(usize::from(c)) {
            Some(s) if !*s => *s = true,
            _ => return false,
        }
    }
    true
}

/// Replays `moves` from `start` and checks, step by step: the blank and the
/// cell it swaps with are grid neighbours (same row and adjacent columns, or
/// same column and adjacent rows), every board is a permutation, the final
/// board equals `goal`, and the number of moves equals `cost`.
///
/// Returns every board along the way, start first, goal last.
pub fn verify(
    start: &Board,
    goal: &Board,
    moves: &[Move],
    cost: u32,
) -> Result<Vec<Board>, WitnessError> {
    let shape = same_shape(start, goal)?;
    let (width, height) = (shape.width() as i64, shape.height() as i64);
    let mut cells: Vec<u8> = start.cells().to_vec();
    let mut boards = Vec::with_capacity(moves.len() + 1);
    boards.push(*start);
    for (i, &mv) in moves.iter().enumerate() {
        let step = i + 1;
        let Some(blank) = cells.iter().position(|&c| c == 0) else {
            return Err(WitnessError::NotAPermutation { step });
        };
        let (row, col) = (blank as i64 / width, blank as i64 % width);
        let (dr, dc) = match mv {
            Move::Up => (-1, 0),
            Move::Down => (1, 0),
            Move::Left => (0, -1),
            Move::Right => (0, 1),
        };
        let (nr, nc) = (row + dr, col + dc);
        if !(0..height).contains(&nr) || !(0..width).contains(&nc) {
            return Err(WitnessError::IllegalMove { step, mv, blank });
        }
        let other = (nr * width + nc) as usize;
        // Grid neighbours: Manhattan distance of the two cells is exactly 1.
        let apart = (blank as i64 / width).abs_diff(nr) + (blank as i64 % width).abs_diff(nc);
        if apart != 1 {
            return Err(WitnessError::IllegalMove { step, mv, blank });
        }
        cells.swap(blank, other);
        if !is_permutation(&cells) {
            return Err(WitnessError::NotAPermutation { step });
        }
        boards.push(board_at(shape, &cells, step)?);
    }
    finish(cells, goal, moves.len(), cost)?;
    Ok(boards)
}

/// [`verify`] for the multi-tile metric: replays `slides` from `start` and
/// checks, step by step, that the blank travels `count` ≥ 1 cells in its
/// direction without leaving the board or wrapping (a row move keeps the
/// blank's row, a column move its column), every board is a permutation,
/// the final board equals `goal`, and the number of slides (each one move,
/// whatever its count) equals `cost`.
///
/// Returns every board along the way, start first, goal last.
pub fn verify_slides(
    start: &Board,
    goal: &Board,
    slides: &[Slide],
    cost: u32,
) -> Result<Vec<Board>, WitnessError> {
    let shape = same_shape(start, goal)?;
    let (width, height) = (shape.width(), shape.height());
    let mut cells: Vec<u8> = start.cells().to_vec();
    let mut boards = Vec::with_capacity(slides.len() + 1);
    boards.push(*start);
    for (i, &slide) in slides.iter().enumerate() {
        let step = i + 1;
        let Some(blank) = cells.iter().position(|&c| c == 0) else {
            return Err(WitnessError::NotAPermutation { step });
        };
        let (row, col) = (blank / width, blank % width);
        // Cells between the blank and the edge, and the index step of one
        // cell that way.
        let (room, stride, ahead) = match slide.direction {
            Move::Up => (row, width, false),
            Move::Down => (height - 1 - row, width, true),
            Move::Left => (col, 1, false),
            Move::Right => (width - 1 - col, 1, true),
        };
        let count = usize::from(slide.count);
        if count == 0 || count > room {
            return Err(WitnessError::IllegalSlide {
                step,
                slide,
                blank,
                room,
            });
        }
        // One cell at a time: each tile passed moves one cell back.
        let mut at = blank;
        for _ in 0..count {
            let next = if ahead { at + stride } else { at - stride };
            cells.swap(at, next);
            at = next;
        }
        if (at / width != row && at % width != col) || !is_permutation(&cells) {
            return Err(WitnessError::NotAPermutation { step });
        }
        boards.push(board_at(shape, &cells, step)?);
    }
    finish(cells, goal, slides.len(), cost)?;
    Ok(boards)
}

/// The board a replay reached at `step`.
fn board_at(shape: Shape, cells: &[u8], step: usize) -> Result<Board, WitnessError> {
    Board::new(shape, cells).ok_or(WitnessError::NotAPermutation { step })
}

/// The first check of every replay: start and goal have one shape.
fn same_shape(start: &Board, goal: &Board) -> Result<Shape, WitnessError> {
    let shape = start.shape();
    if goal.shape() != shape {
        return Err(WitnessError::ShapeMismatch {
            start: shape.name(),
            goal: goal.shape().name(),
        });
    }
    Ok(shape)
}

/// The last two checks of every replay: the path ends on the goal, and its
/// length (in the metric replayed) is the cost claimed.
fn finish(cells: Vec<u8>, goal: &Board, length: usize, cost: u32) -> Result<(), WitnessError> {
    if cells != goal.cells() {
        return Err(WitnessError::WrongFinalBoard {
            reached: cells,
            goal: goal.cells().to_vec(),
        });
    }
    if length as u64 != u64::from(cost) {
        return Err(WitnessError::LengthMismatch { length, cost });
    }
    Ok(())
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
        assert_eq!(boards[1].cells(), [1, 2, 3, 4, 5, 6, 7, 0, 8]);
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

    #[test]
    fn every_shape_replays_without_wrapping() {
        let s = crate::engine::Shape::new(4, 3).unwrap();
        let goal = Board::default_goal(s);
        let start = goal.apply(Move::Up).unwrap();
        assert_eq!(
            verify(&start, &goal, &[Move::Down], 1).map(|b| b.len()),
            Ok(2)
        );
        // Blank at cell 7 (the end of row 2): Right would wrap to cell 8.
        assert_eq!(
            verify(&start, &goal, &[Move::Right], 1),
            Err(WitnessError::IllegalMove {
                step: 1,
                mv: Move::Right,
                blank: 7
            })
        );
        assert_eq!(
            verify(&start, &Board::DEFAULT_GOAL, &[], 0)
                .unwrap_err()
                .to_string(),
            "witness start is 4×3 but the goal is 3×3"
        );
    }

    #[test]
    fn multi_tile_paths_replay_and_wrapping_slides_are_refused() {
        // 4×3 goal, blank at cell 11 (bottom right). Left×3 carries the
        // blank to cell 8, Up×2 to cell 0; back again in two moves.
        let shape = crate::engine::Shape::new(4, 3).unwrap();
        let goal = Board::default_goal(shape);
        let there = [Slide::new(Move::Left, 3), Slide::new(Move::Up, 2)];
        let boards = verify_slides(&goal, &goal, &[], 0).unwrap();
        assert_eq!(boards, vec![goal]);
        let mut start = goal;
        for s in there {
            for _ in 0..s.count {
                start = start.apply(s.direction).unwrap();
            }
        }
        assert_eq!(start.cells(), [0, 2, 3, 4, 1, 6, 7, 8, 5, 9, 10, 11]);
        let back = [Slide::new(Move::Down, 2), Slide::new(Move::Right, 3)];
        let boards = verify_slides(&start, &goal, &back, 2).unwrap();
        assert_eq!(boards.len(), 3);
        assert_eq!(boards[1].cells(), [1, 2, 3, 4, 5, 6, 7, 8, 0, 9, 10, 11]);
        assert_eq!(boards[2], goal);
        // The cost counts moves, not tiles.
        assert_eq!(
            verify_slides(&start, &goal, &back, 5),
            Err(WitnessError::LengthMismatch { length: 2, cost: 5 })
        );
        // From cell 8 (the start of the last row), Right×4 would wrap to
        // the next row's end and Left×1 would wrap to the row above.
        let mid = boards[1];
        let wrap = verify_slides(&mid, &goal, &[Slide::new(Move::Right, 4)], 1);
        assert_eq!(
            wrap,
            Err(WitnessError::IllegalSlide {
                step: 1,
                slide: Slide::new(Move::Right, 4),
                blank: 8,
                room: 3
            })
        );
        assert_eq!(
            wrap.unwrap_err().to_string(),
            "witness step 1: Right×4 is not a legal move for the blank at position 8, which can slide 1 to 3 tiles that way"
        );
        assert_eq!(
            verify_slides(&mid, &goal, &[Slide::new(Move::Right, 3), Slide::new(Move::Left, 1), Slide::new(Move::Left, 3)], 3)
                .unwrap_err()
                .to_string(),
            "witness step 3: Left×3 is not a legal move for the blank at position 10, which can slide 1 to 2 tiles that way"
        );
        // Off the board: Down from the last row; Up×3 on three rows.
        assert_eq!(
            verify_slides(&mid, &goal, &[Slide::new(Move::Down, 1)], 1)
                .unwrap_err()
                .to_string(),
            "witness step 1: Down×1 is not a legal move for the blank at position 8, which has no tile on that side"
        );
        assert_eq!(
            verify_slides(
                &goal,
                &goal,
                &[Slide::new(Move::Left, 1), Slide::new(Move::Up, 3)],
                2
            ),
            Err(WitnessError::IllegalSlide {
                step: 2,
                slide: Slide::new(Move::Up, 3),
                blank: 10,
                room: 2
            })
        );
        // A slide of no tiles is not a move.
        assert_eq!(
            verify_slides(&goal, &goal, &[Slide::new(Move::Left, 0)], 1),
            Err(WitnessError::IllegalSlide {
                step: 1,
                slide: Slide::new(Move::Left, 0),
                blank: 11,
                room: 3
            })
        );
        assert_eq!(
            verify_slides(&mid, &goal, &[Slide::new(Move::Left, 1)], 1),
            Err(WitnessError::IllegalSlide {
                step: 1,
                slide: Slide::new(Move::Left, 1),
                blank: 8,
                room: 0
            })
        );
        assert!(matches!(
            verify_slides(&mid, &goal, &[Slide::new(Move::Up, 1)], 1),
            Err(WitnessError::WrongFinalBoard { .. })
        ));
    }
}
