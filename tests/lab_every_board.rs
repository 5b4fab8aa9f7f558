//! The lab's searches on many boards, a slow suite: the optimal ones against
//! the exact distance on every board of the 3×3 class, DFS and greedy on
//! every 997th start (tests/lab.rs checks smaller spreads in the quick tier).

use eight_puzzle::engine::heuristic::BuiltIn;
use eight_puzzle::engine::teaching::lab::{run, Algorithm, LabVerdict, DFS_LIMIT};
use eight_puzzle::engine::{
    contract::Goal,
    teaching::{reachable_starts, DistanceTable},
    Board,
};

fn spread(step: usize) -> (Goal, DistanceTable, Vec<Board>) {
    let goal = Goal::default();
    let table = DistanceTable::new(goal.board());
    let starts = reachable_starts(&table).into_iter().step_by(step).collect();
    (goal, table, starts)
}

fn solved_len(algorithm: Algorithm, start: &Board, goal: &Goal, budget: u64) -> Option<u32> {
    let out = run(algorithm, start, goal, budget).expect("every path passes verify");
    match out.verdict {
        LabVerdict::Solved(m) => Some(m.len() as u32),
        LabVerdict::Unknown(_) => None,
        LabVerdict::Unsolvable(p) => panic!("{start}: unexpected parity proof {p:?}"),
    }
}

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

#[test]
fn dfs_and_greedy_never_beat_the_optimum() {
    let (goal, table, starts) = spread(997);
    let mut dfs_solved = 0;
    for start in &starts {
        let d = table.distance(start).unwrap();
        if let Some(len) = solved_len(Algorithm::Dfs { limit: DFS_LIMIT }, start, &goal, 2_000_000)
        {
            assert!(len >= d && len <= DFS_LIMIT, "{start}: {len} vs {d}");
            dfs_solved += 1;
        }
        let len = solved_len(Algorithm::Greedy, start, &goal, u64::MAX).unwrap();
        assert!(len >= d, "{start}");
    }
    assert!(
        dfs_solved > starts.len() / 2,
        "DFS solved only {dfs_solved} of {}",
        starts.len()
    );
}
