//! The algorithm lab against exact distances.

use eight_puzzle::engine::heuristic::BuiltIn;
use eight_puzzle::engine::teaching::lab::{run, Algorithm, LabStop, LabVerdict, DFS_LIMIT};
use eight_puzzle::engine::{
    contract::{Budget, Goal, Solver},
    teaching::{reachable_starts, DistanceTable},
    Board, Verdict,
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

/// IDA* and A* with linear conflict against the exact distance on every
/// 61st start (2,975 boards, every depth but the rarest); every start is in
/// lab_every_board.rs (a slow suite: the whole class takes about half a
/// minute of both cores).
#[test]
fn optimal_searches_are_exact_on_a_spread() {
    let (goal, table, starts) = spread(61);
    assert_eq!(starts.len(), 2_975);
    for start in &starts {
        let d = table.distance(start).unwrap();
        for alg in [
            Algorithm::IdaStar,
            Algorithm::AStar(BuiltIn::LinearConflict),
        ] {
            assert_eq!(
                solved_len(alg, start, &goal, u64::MAX),
                Some(d),
                "{} {start}",
                alg.name()
            );
        }
    }
}

#[test]
fn bfs_and_misplaced_tiles_are_exact_on_samples() {
    let (goal, table, starts) = spread(1);
    // A fixed pseudo-random sample (seeded LCG) of 2,000 boards for misplaced tiles.
    let mut x: u64 = 2026;
    for _ in 0..2_000 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let start = &starts[(x >> 33) as usize % starts.len()];
        let d = table.distance(start).unwrap();
        assert_eq!(
            solved_len(Algorithm::AStar(BuiltIn::Misplaced), start, &goal, u64::MAX),
            Some(d)
        );
    }
    for start in starts.iter().step_by(1_499) {
        let d = table.distance(start).unwrap();
        assert_eq!(
            solved_len(Algorithm::Bfs, start, &goal, u64::MAX),
            Some(d),
            "{start}"
        );
    }
}

/// DFS and greedy on every 4,999th start (37 boards); every 997th (182) is
/// in lab_every_board.rs, a slow suite (DFS is the lab's slowest search).
#[test]
fn dfs_and_greedy_never_beat_the_optimum() {
    let (goal, table, starts) = spread(4_999);
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

#[test]
fn dfs_limit_is_reported_as_unknown_not_unsolvable() {
    let goal = Goal::default();
    let start = Board::square(&[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
    let out = run(Algorithm::Dfs { limit: 4 }, &start, &goal, u64::MAX).unwrap();
    assert_eq!(out.verdict, LabVerdict::Unknown(LabStop::DepthLimitReached));
    let out = run(Algorithm::Bfs, &start, &goal, 10).unwrap();
    assert_eq!(out.verdict, LabVerdict::Unknown(LabStop::BudgetExceeded));
    assert_eq!(out.expansions, 10);
    let unsolvable = Board::square(&[2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
    for alg in Algorithm::ALL {
        let out = run(alg, &unsolvable, &goal, 100).unwrap();
        assert!(
            matches!(out.verdict, LabVerdict::Unsolvable(_)),
            "{}",
            alg.name()
        );
    }
}

#[test]
fn lab_astar_with_manhattan_is_the_contract_search() {
    let (goal, _, starts) = spread(211);
    let mut solver = Solver::new();
    for start in &starts {
        let contract = solver.solve(start, &goal, Budget::UNLIMITED).unwrap();
        let lab = run(Algorithm::AStar(BuiltIn::Manhattan), start, &goal, u64::MAX).unwrap();
        let Verdict::Solved(s) = &contract.verdict else {
            panic!()
        };
        assert_eq!(lab.verdict, LabVerdict::Solved(s.moves.clone()), "{start}");
        assert_eq!(
            lab.expansions,
            u64::from(contract.stats.expansions),
            "{start}"
        );
        assert_eq!(
            lab.generated,
            u64::from(contract.stats.generated),
            "{start}"
        );
    }
}

#[test]
fn the_blog_samples() {
    let goal = Goal::new(Board::from_dash_notation("1238-4765").unwrap());
    for (text, depth) in [
        ("134-85726", 7),
        ("5674-8321", 30),
        ("-75168324", 28),
        ("32841-567", 29),
        ("32-418567", 30),
    ] {
        let start = Board::from_dash_notation(text).unwrap();
        for alg in [
            Algorithm::Bfs,
            Algorithm::AStar(BuiltIn::Manhattan),
            Algorithm::IdaStar,
        ] {
            assert_eq!(
                solved_len(alg, &start, &goal, u64::MAX),
                Some(depth),
                "{} {text}",
                alg.name()
            );
        }
        let dfs = solved_len(Algorithm::Dfs { limit: 32 }, &start, &goal, 50_000_000);
        assert!(
            dfs.is_some_and(|l| l >= depth && l <= 32),
            "{text}: {dfs:?}"
        );
    }
}
