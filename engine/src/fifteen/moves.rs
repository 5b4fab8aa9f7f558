//! Moves on the 4-wide grid, named by the direction the blank travels (as on
//! 3×3); no move wraps from the end of a row to the next.

use super::board::{Board16, CELLS16, WIDTH16};
use crate::engine::Move;

/// Marks "no neighbour" in [`NEIGHBOURS16`].
pub(crate) const NONE: u8 = u8::MAX;

/// Where the blank lands when it leaves cell `from` of a 4×4 board in
/// direction `mv`, or `None` when that would leave the grid (including row
/// wrap-around: from index 3 there is no `Right`).
pub fn target16(mv: Move, from: usize) -> Option<usize> {
    if from >= CELLS16 {
        return None;
    }
    let (r, c) = (from / WIDTH16, from % WIDTH16);
    match mv {
        Move::Up if r > 0 => Some(from - WIDTH16),
        Move::Down if r + 1 < WIDTH16 => Some(from + WIDTH16),
        Move::Left if c > 0 => Some(from - 1),
        Move::Right if c + 1 < WIDTH16 => Some(from + 1),
        _ => None,
    }
}

/// Direction index `d` (the position in [`Move::ALL`]: Up, Down, Left,
/// Right): its opposite is `d ^ 1`.
pub(crate) const fn dir_move(d: usize) -> Move {
    Move::ALL[d]
}

/// [`target16`] as a table: `NEIGHBOURS16[cell][d]` is the target of
/// direction index `d`, or [`NONE`].
pub(crate) const NEIGHBOURS16: [[u8; 4]; CELLS16] = {
    let mut t = [[NONE; 4]; CELLS16];
    let mut cell = 0;
    while cell < CELLS16 {
        let (r, c) = (cell / WIDTH16, cell % WIDTH16);
        if r > 0 {
            t[cell][0] = (cell - WIDTH16) as u8;
        }
        if r + 1 < WIDTH16 {
            t[cell][1] = (cell + WIDTH16) as u8;
        }
        if c > 0 {
            t[cell][2] = (cell - 1) as u8;
        }
        if c + 1 < WIDTH16 {
            t[cell][3] = (cell + 1) as u8;
        }
        cell += 1;
    }
    t
};

/// The legal moves from a 4×4 board, in [`Move::ALL`] order.
pub fn legal_moves16(board: &Board16) -> impl Iterator<Item = Move> {
    let blank = board.blank();
    Move::ALL
        .into_iter()
        .filter(move |&m| target16(m, blank).is_some())
}

/// The 4×4 board after `mv`, or `None` if the move is not legal there.
pub fn apply16(mv: Move, board: &Board16) -> Option<Board16> {
    let blank = board.blank();
    let t = target16(mv, blank)?;
    let mut cells = board.cells();
    cells.swap(blank, t);
    Board16::from_cells(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_wrap_on_four_wide_rows() {
        assert_eq!(target16(Move::Right, 3), None);
        assert_eq!(target16(Move::Left, 4), None);
        assert_eq!(target16(Move::Right, 7), None);
        assert_eq!(target16(Move::Up, 2), None);
        assert_eq!(target16(Move::Down, 13), None);
        assert_eq!(target16(Move::Right, 2), Some(3));
        assert_eq!(target16(Move::Down, 3), Some(7));
        assert_eq!(target16(Move::Up, 16), None);
        let counts: Vec<usize> = (0..16)
            .map(|i| {
                Move::ALL
                    .iter()
                    .filter(|&&m| target16(m, i).is_some())
                    .count()
            })
            .collect();
        assert_eq!(counts, [2, 3, 3, 2, 3, 4, 4, 3, 3, 4, 4, 3, 2, 3, 3, 2]);
    }

    #[test]
    fn table_is_target16_and_opposites_pair() {
        for (cell, row) in NEIGHBOURS16.iter().enumerate() {
            for (d, &t) in row.iter().enumerate() {
                let expect = target16(dir_move(d), cell).map_or(NONE, |x| x as u8);
                assert_eq!(t, expect, "cell {cell} dir {d}");
                assert_eq!(dir_move(d ^ 1), dir_move(d).opposite());
            }
        }
    }

    #[test]
    fn right_moves_blank_right() {
        let b = Board16::DEFAULT_GOAL;
        let names: Vec<&str> = legal_moves16(&b).map(Move::name).collect();
        assert_eq!(names, ["Up", "Left"]);
        let after = apply16(Move::Left, &b).unwrap();
        assert_eq!(
            after.cells(),
            [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15]
        );
        assert_eq!(apply16(Move::Right, &b), None);
        assert_eq!(apply16(Move::Right, &after), Some(b));
    }
}
