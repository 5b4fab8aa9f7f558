//! Ranks: the perfect hash of `index.rs` as a public value. Every board of
//! one goal's parity class, on a shape of at most
//! [`NATIVE_SPACE_MAX_CELLS`] cells, has one rank in `0..(W·H)!/2`, and
//! every rank one board; the rank is the board's entry in the space
//! search's table, so a whole-space distance array ([`super::distances_in`])
//! is indexed by it.

use super::error::{Reach, SpaceError};
use super::index::Geometry;
use crate::engine::{Board, Shape};

/// The ranks of one goal's class.
///
/// ```
/// use eight_puzzle_engine::{Board, Shape, space::Ranks};
/// let goal = Board::default_goal(Shape::new(3, 2).unwrap());
/// let ranks = Ranks::new(&goal).unwrap();
/// assert_eq!(ranks.len(), 360);
/// let r = ranks.rank(&goal).unwrap();
/// assert_eq!(ranks.board(r), Some(goal));
/// ```
#[derive(Clone, Debug)]
pub struct Ranks {
    geo: Geometry,
    goal: Board,
}

impl Ranks {
    /// The ranks of `goal`'s class; an error for a shape over
    /// [`NATIVE_SPACE_MAX_CELLS`](super::NATIVE_SPACE_MAX_CELLS) cells.
    pub fn new(goal: &Board) -> Result<Ranks, SpaceError> {
        Reach::Native.check(goal.shape())?;
        Ok(Ranks {
            geo: Geometry::new(goal),
            goal: *goal,
        })
    }

    /// The goal whose class is ranked.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.geo.shape
    }

    /// How many ranks: (W·H)!/2.
    pub fn len(&self) -> u64 {
        self.geo.entries()
    }

    /// Never: every class holds boards.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The rank of `board`, or `None` when it is of another shape or of the
    /// other parity class (it cannot reach the goal).
    pub fn rank(&self, board: &Board) -> Option<u64> {
        self.geo.entry_of(board)
    }

    /// The board of `rank`, or `None` when `rank` ≥ [`Ranks::len`].
    pub fn board(&self, rank: u64) -> Option<Board> {
        (rank < self.len()).then(|| self.geo.board_of(rank))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rank_of_small_shapes_round_trips_and_the_other_class_has_none() {
        for shape in Shape::all().into_iter().filter(|s| s.cells() <= 8) {
            let goal = Board::default_goal(shape);
            let ranks = Ranks::new(&goal).unwrap();
            let n = (1..=shape.cells() as u64).product::<u64>() / 2;
            assert_eq!(ranks.len(), n, "{shape}");
            for r in 0..n {
                let b = ranks.board(r).unwrap();
                assert_eq!(ranks.rank(&b), Some(r), "{shape} {r}");
                assert!(crate::check_parity(&b, &goal).is_ok());
            }
            assert_eq!(ranks.board(n), None);
            // Two tiles swapped: the other class.
            let mut cells = goal.cells().to_vec();
            cells.swap(0, 1);
            assert_eq!(ranks.rank(&Board::new(shape, &cells).unwrap()), None);
        }
    }

    #[test]
    fn fourteen_cells_rank_and_fifteen_are_refused() {
        let goal = Board::default_goal(Shape::new(2, 7).unwrap());
        let ranks = Ranks::new(&goal).unwrap();
        assert_eq!(ranks.len(), 43_589_145_600);
        let last = ranks.board(ranks.len() - 1).unwrap();
        assert_eq!(ranks.rank(&last), Some(ranks.len() - 1));
        let e = Ranks::new(&Board::default_goal(Shape::new(3, 5).unwrap())).unwrap_err();
        assert_eq!(e.kind(), "too_large_for_space");
    }
}
