//! The 3×3 move table of the contract's hot loops: the one move rule
//! ([`Shape::target`]) written out for the nine cells, and
//! [`Move::target_3x3`], the rule on 3×3.

use crate::board::CELLS;
use crate::moves::Move;
use crate::shape::Shape;

impl Move {
    /// Where the blank lands when it leaves cell `from` of a 3×3 board in
    /// this direction: [`Shape::target`], the one move rule, on 3×3.
    pub fn target_3x3(self, from: usize) -> Option<usize> {
        Shape::THREE.target(from, self)
    }
}

/// (move, target cell) pairs for the blank at each cell, in [`Move::ALL`]
/// order: [`Move::target_3x3`] as a table, for the searches' hot loops.
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
    use crate::board::{legal_moves, Board};

    #[test]
    fn no_wrap_between_rows() {
        assert_eq!(Move::Right.target_3x3(2), None);
        assert_eq!(Move::Right.target_3x3(5), None);
        assert_eq!(Move::Right.target_3x3(8), None);
        assert_eq!(Move::Left.target_3x3(3), None);
        assert_eq!(Move::Left.target_3x3(6), None);
        assert_eq!(Move::Left.target_3x3(0), None);
        assert_eq!(Move::Up.target_3x3(2), None);
        assert_eq!(Move::Down.target_3x3(6), None);
        assert_eq!(Move::Right.target_3x3(1), Some(2));
        assert_eq!(Move::Down.target_3x3(2), Some(5));
        assert_eq!(Move::Right.target_3x3(9), None);
    }

    #[test]
    fn neighbour_table_is_move_target() {
        for (cell, pairs) in NEIGHBOURS.iter().enumerate() {
            let from_target: Vec<(Move, u8)> = Move::ALL
                .into_iter()
                .filter_map(|m| m.target_3x3(cell).map(|t| (m, t as u8)))
                .collect();
            assert_eq!(pairs.to_vec(), from_target, "cell {cell}");
        }
    }

    #[test]
    fn legal_move_counts() {
        let counts: Vec<usize> = (0..9)
            .map(|i| {
                Move::ALL
                    .iter()
                    .filter(|m| m.target_3x3(i).is_some())
                    .count()
            })
            .collect();
        assert_eq!(counts, [2, 3, 2, 3, 4, 3, 2, 3, 2]);
        let names: Vec<&str> = legal_moves(&Board::BASELINE_START)
            .map(Move::name)
            .collect();
        assert_eq!(names, ["Up", "Right"]);
    }
}
