//! The shape's pattern database on every shape up to 15 cells and 2×8:
//! each builds, and solving with it costs what linear conflict costs. A slow
//! suite (database builds of up to 15 cells); the rest of the optimal
//! solver's checks on every shape are in solve_family.rs.

mod common;

use common::{cost, Rng};
use eight_puzzle_engine::heuristic::{prepared, BuiltIn};
use eight_puzzle_engine::solve::{solve_optimal, Estimator};
use eight_puzzle_engine::{Board, Shape};

fn pdb_of(goal: &Board) -> Estimator {
    prepared(&BuiltIn::Pdb.into(), goal)
        .and_then(|r| r.estimator().ok_or_else(|| unreachable!()))
        .unwrap()
}

/// Every shape up to 15 cells, and 2×8: its database builds, and solving
/// random-walk starts with it costs what linear conflict costs (4×4 has its
/// own tests; 8×2 and 4×4 would add about 11 s of builds).
#[test]
fn every_shape_up_to_fifteen_cells_and_two_by_eight_solve_with_their_database() {
    let mut rng = Rng(5);
    let two_by_eight = Shape::new(2, 8).unwrap();
    for s in Shape::all()
        .into_iter()
        .filter(|&s| s.cells() <= 15 || s == two_by_eight)
    {
        let goal = Board::default_goal(s);
        let pdb = pdb_of(&goal);
        let Estimator::Pdb(d) = &pdb else { panic!() };
        assert_eq!(d.goal(), &goal);
        for _ in 0..4 {
            let start = rng.walk(&goal, 24);
            let a = solve_optimal(&start, &goal, &pdb, None).unwrap();
            let b = solve_optimal(&start, &goal, &Estimator::LinearConflict, None).unwrap();
            assert_eq!(cost(&a.verdict), cost(&b.verdict), "{s} {start}");
        }
    }
}
