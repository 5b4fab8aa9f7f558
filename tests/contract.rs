//! The A* contract, pinned with exact figures.

use eight_puzzle::engine::{
    contract::{parse_board_3x3, solve, Budget, Event, Goal, Solver},
    teaching::DistanceTable,
    verify, Board, Move, ParityProof, UnknownReason, Verdict,
};

fn board(cells: [u8; 9]) -> Board {
    Board::square(&cells).expect("test boards are permutations")
}

fn solved(v: &Verdict) -> (&[Move], u32) {
    match v {
        Verdict::Solved(s) => (&s.moves, s.cost),
        other => panic!("expected Solved, got {other:?}"),
    }
}

#[test]
fn baseline_budget_one_is_unknown_after_one_expansion() {
    let out = solve(&Board::BASELINE_START, &Goal::default(), Budget::new(1)).unwrap();
    assert_eq!(out.verdict, Verdict::Unknown(UnknownReason::BudgetExceeded));
    assert_eq!(out.stats.expansions, 1);
    assert_eq!(out.initial_manhattan, 2);
}

#[test]
fn baseline_budget_two_and_hundred_solve_right_right() {
    for budget in [2, 100] {
        let out = solve(
            &Board::BASELINE_START,
            &Goal::default(),
            Budget::new(budget),
        )
        .unwrap();
        assert_eq!(solved(&out.verdict), (&[Move::Right, Move::Right][..], 2));
        assert_eq!(out.stats.expansions, 2);
        assert_eq!(out.initial_manhattan, 2);
        // Start: Up and Right generated, both pushed. 123456708: Up, Left,
        // Right generated; Left leads back to the start and is not pushed.
        assert_eq!(out.stats.generated, 5);
        assert_eq!(out.stats.pushed, 4);
        assert_eq!(out.stats.stale, 0);
        assert_eq!(out.stats.max_frontier, 3);
    }
}

#[test]
fn start_equal_to_goal_costs_nothing() {
    for budget in [1, 10_000] {
        let out = solve(&Board::DEFAULT_GOAL, &Goal::default(), Budget::new(budget)).unwrap();
        assert_eq!(solved(&out.verdict), (&[][..], 0));
        assert_eq!(out.stats.expansions, 0);
        assert_eq!(out.stats.generated, 0);
    }
    // Even a zero budget accepts a start that is the goal: the goal is
    // accepted when popped, before the budget is charged.
    let out = solve(&Board::DEFAULT_GOAL, &Goal::default(), Budget::new(0)).unwrap();
    assert_eq!(out.verdict.status(), "Solved");
}

#[test]
fn different_parity_is_unsolvable_without_search() {
    let start = board([2, 1, 3, 4, 5, 6, 7, 8, 0]);
    let out = solve(&start, &Goal::default(), Budget::new(10_000)).unwrap();
    assert_eq!(
        out.verdict,
        Verdict::Unsolvable(ParityProof {
            start: 1,
            goal: 0,
            start_blank_row: None,
            goal_blank_row: None
        })
    );
    assert_eq!(out.stats.expansions, 0);
}

#[test]
fn trace_of_the_baseline_pops_in_contract_order() {
    let goal = Goal::default();
    let mut solver = Solver::new();
    let mut search = solver
        .search(&Board::BASELINE_START, &goal, Budget::new(100))
        .unwrap();
    let Event::Expanded { entry, neighbours } = search.step() else {
        panic!()
    };
    assert_eq!(
        (entry.key_string().as_str(), entry.f(), entry.h, entry.seq),
        ("123456078", 2, 2, 0)
    );
    let n: Vec<(Move, String, u32, bool)> = neighbours
        .iter()
        .map(|n| (n.mv, n.entry.key_string(), n.entry.f(), n.pushed))
        .collect();
    assert_eq!(
        n,
        [
            (Move::Up, "123056478".to_string(), 4, true),
            (Move::Right, "123456708".to_string(), 2, true)
        ]
    );
    let Event::Expanded { entry, .. } = search.step() else {
        panic!()
    };
    assert_eq!(
        (entry.key_string().as_str(), entry.f(), entry.h, entry.seq),
        ("123456708", 2, 1, 2)
    );
    let Event::GoalAccepted(entry) = search.step() else {
        panic!()
    };
    assert_eq!((entry.key_string().as_str(), entry.g), ("123456780", 2));
    assert_eq!(search.step(), Event::Finished);
}

#[test]
fn trace_with_budget_one_stops_before_the_intermediate_board() {
    let goal = Goal::default();
    let mut solver = Solver::new();
    let mut search = solver
        .search(&Board::BASELINE_START, &goal, Budget::new(1))
        .unwrap();
    assert!(matches!(search.step(), Event::Expanded { .. }));
    let Event::BudgetExceeded(entry) = search.step() else {
        panic!()
    };
    assert_eq!(entry.key_string(), "123456708");
    assert!(search.is_finished());
}

/// A spread of boards: every 997th reachable board by rank.
fn spread() -> Vec<Board> {
    let table = DistanceTable::new(&Board::DEFAULT_GOAL);
    eight_puzzle::engine::teaching::reachable_starts(&table)
        .into_iter()
        .step_by(997)
        .collect()
}

#[test]
fn budget_is_exact() {
    let goal = Goal::default();
    let mut solver = Solver::new();
    for start in spread() {
        let full = solver.solve(&start, &goal, Budget::UNLIMITED).unwrap();
        let e = full.stats.expansions;
        let exact = solver.solve(&start, &goal, Budget::new(e)).unwrap();
        assert_eq!(exact.verdict, full.verdict, "{start}");
        assert_eq!(exact.stats, full.stats, "{start}");
        if e > 0 {
            let short = solver.solve(&start, &goal, Budget::new(e - 1)).unwrap();
            assert_eq!(
                short.verdict,
                Verdict::Unknown(UnknownReason::BudgetExceeded),
                "{start}"
            );
            assert_eq!(short.stats.expansions, e - 1);
        }
    }
}

#[test]
fn stepping_reproduces_the_solver() {
    let goal = Goal::default();
    let mut a = Solver::new();
    let mut b = Solver::new();
    for start in spread().into_iter().take(60) {
        for budget in [1, 50, 10_000] {
            let want = a.solve(&start, &goal, Budget::new(budget)).unwrap();
            let mut search = b.search(&start, &goal, Budget::new(budget)).unwrap();
            let (mut expanded, mut stale) = (0, 0);
            loop {
                match search.step() {
                    Event::Expanded { .. } => expanded += 1,
                    Event::Stale(_) => stale += 1,
                    Event::Finished => break,
                    _ => {}
                }
            }
            assert_eq!((expanded, stale), (want.stats.expansions, want.stats.stale));
            assert_eq!(search.outcome().unwrap(), want);
        }
    }
}

#[test]
fn the_blog_samples_with_the_spiral_goal() {
    let goal = Goal::new(Board::from_dash_notation("1238-4765").unwrap());
    let mut solver = Solver::new();
    for (text, cost) in [
        ("134-85726", 7),
        ("5674-8321", 30),
        ("-75168324", 28),
        ("32841-567", 29),
        ("32-418567", 30),
    ] {
        let start = Board::from_dash_notation(text).unwrap();
        let out = solver.solve(&start, &goal, Budget::UNLIMITED).unwrap();
        assert_eq!(solved(&out.verdict).1, cost, "{text}");
    }
}

#[test]
fn a_custom_goal_builds_its_own_map() {
    let goal_board = parse_board_3x3("[[0,1,2],[3,4,5],[6,7,8]]").unwrap();
    let goal = Goal::new(goal_board);
    let start = board([1, 0, 2, 3, 4, 5, 6, 7, 8]);
    let out = solve(&start, &goal, Budget::new(10)).unwrap();
    assert_eq!(solved(&out.verdict), (&[Move::Left][..], 1));
    assert_eq!(out.initial_manhattan, 1);
}

#[test]
fn verify_is_applied_to_every_solved_result() {
    let goal = Goal::default();
    let mut solver = Solver::new();
    for start in spread().into_iter().take(40) {
        let out = solver.solve(&start, &goal, Budget::UNLIMITED).unwrap();
        let Verdict::Solved(s) = &out.verdict else {
            panic!()
        };
        let boards = verify(&start, goal.board(), &s.moves, s.cost).unwrap();
        assert_eq!(boards.len(), s.boards.len());
        assert!(s.cost >= out.initial_manhattan);
    }
}
