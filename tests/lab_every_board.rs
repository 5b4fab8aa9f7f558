//! The lab's optimal searches against the exact distance on every board of
//! the 3×3 class (a slow suite; tests/lab.rs checks a spread of them in the
//! quick tier).

use eight_puzzle::engine::heuristic::BuiltIn;
use eight_puzzle::engine::teaching::lab::{run, Algorithm, LabVerdict};
use eight_puzzle::engine::{
    contract::Goal,
    teaching::{reachable_starts, DistanceTable},
};

#[test]
fn optimal_searches_are_exact_on_every_board() {
    let goal = Goal::default();
    let table = DistanceTable::new(goal.board());
    let starts = reachable_starts(&table);
    assert_eq!(starts.len(), 181_440);
    // Two halves on two threads: the machine has two cores.
    std::thread::scope(|scope| {
        for half in starts.chunks(starts.len() / 2) {
            let (goal, table) = (&goal, &table);
            scope.spawn(move || {
                for start in half {
                    let d = table.distance(start).unwrap();
                    // A* with Manhattan is the contract search, checked on
                    // every board in exhaustive.rs.
                    for alg in [
                        Algorithm::IdaStar,
                        Algorithm::AStar(BuiltIn::LinearConflict),
                    ] {
                        let out =
                            run(alg, start, goal, u64::MAX).expect("every path passes verify");
                        let LabVerdict::Solved(moves) = out.verdict else {
                            panic!("{} {start}: {:?}", alg.name(), out.verdict);
                        };
                        assert_eq!(moves.len() as u32, d, "{} {start}", alg.name());
                    }
                }
            });
        }
    });
}
