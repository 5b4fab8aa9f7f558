//! Properties over random shapes and boards: the printed form parses back,
//! every move is undone by its opposite, the ledger sums to Manhattan, the
//! estimates are ordered.

use eight_puzzle_engine::solve::{ledger, linear_conflict, manhattan};
use eight_puzzle_engine::{contract::Goal, parse_board, Board, Move, Shape};
use proptest::prelude::*;

/// A shape of the family and a random permutation of its cells.
fn board() -> impl Strategy<Value = Board> {
    (0..38usize, any::<u64>()).prop_map(|(i, seed)| {
        let s = Shape::all()[i];
        let mut cells: Vec<u8> = (0..s.cells() as u8).collect();
        let mut x = seed | 1;
        for i in (1..cells.len()).rev() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            cells.swap(i, (x % (i as u64 + 1)) as usize);
        }
        Board::new(s, &cells).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn printed_form_parses_back(b in board()) {
        prop_assert_eq!(parse_board(&b.to_json()), Ok(b));
        prop_assert_eq!(parse_board(&b.rows_json()), Ok(b));
    }

    #[test]
    fn every_move_is_undone_by_its_opposite(b in board()) {
        let legal: Vec<Move> = b.legal_moves().collect();
        prop_assert!((2..=4).contains(&legal.len()));
        for m in Move::ALL {
            match b.apply(m) {
                Some(n) => {
                    prop_assert!(legal.contains(&m));
                    prop_assert_eq!(n.apply(m.opposite()), Some(b));
                    prop_assert_eq!(n.shape(), b.shape());
                }
                None => prop_assert!(!legal.contains(&m)),
            }
        }
    }

    #[test]
    fn ledger_sums_to_manhattan_and_estimates_are_ordered(b in board()) {
        let goal = Board::default_goal(b.shape());
        let l = ledger(&b, &goal);
        prop_assert_eq!(l.width, b.shape().width());
        prop_assert_eq!(l.rows.len(), b.shape().cells() - 1);
        prop_assert_eq!(l.total, manhattan(&b, &goal));
        prop_assert_eq!(l.blank_cell, b.blank());
        prop_assert_eq!(l.blank_goal_cell, goal.blank());
        let lc = linear_conflict(&b, &goal);
        prop_assert!(lc >= l.total);
        prop_assert_eq!((lc - l.total) % 2, 0);
        if b.shape() == Shape::THREE {
            let g = Goal::new(goal);
            prop_assert_eq!(g.ledger(&b), l);
            prop_assert_eq!(g.manhattan(&b), manhattan(&b, &goal));
        }
    }
}
