//! The lab's A* and greedy best-first are instances of the contract A*
//! (`engine::Solver`); these figures were produced by the lab's former,
//! separate best-first search, and must not move.

use eight_puzzle::engine::heuristic::BuiltIn;
use eight_puzzle::engine::teaching::lab::{run, Algorithm, LabStop, LabVerdict};
use eight_puzzle::engine::{contract::Goal, Board};

fn figures(alg: Algorithm, start: &Board, budget: u64) -> (Option<usize>, u64, u64, u64) {
    let out = run(alg, start, &Goal::default(), budget).unwrap();
    let len = match &out.verdict {
        LabVerdict::Solved(m) => Some(m.len()),
        LabVerdict::Unknown(LabStop::BudgetExceeded) => None,
        other => panic!("{other:?}"),
    };
    (len, out.expansions, out.generated, out.peak_stored)
}

#[test]
fn lab_best_first_figures_are_unchanged() {
    let start = Board::square(&[0, 1, 2, 3, 4, 5, 6, 7, 8]).unwrap();
    let cases = [
        (
            Algorithm::AStar(BuiltIn::Misplaced),
            (Some(22), 5472, 14885, 8653),
        ),
        (
            Algorithm::AStar(BuiltIn::Manhattan),
            (Some(22), 784, 2106, 1270),
        ),
        (
            Algorithm::AStar(BuiltIn::LinearConflict),
            (Some(22), 410, 1105, 677),
        ),
        (Algorithm::Greedy, (Some(32), 419, 1155, 708)),
    ];
    for (alg, want) in cases {
        assert_eq!(figures(alg, &start, 200_000), want, "{}", alg.name());
    }
    assert_eq!(
        figures(Algorithm::AStar(BuiltIn::Misplaced), &start, 500),
        (None, 500, 1363, 821)
    );
    let start = Board::square(&[0, 1, 2, 3, 8, 5, 7, 6, 4]).unwrap();
    assert_eq!(
        figures(Algorithm::Greedy, &start, 200_000),
        (Some(38), 421, 1162, 712)
    );
}
