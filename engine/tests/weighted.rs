//! Weighted and inadmissible A* (3×3, outside the contract) against the
//! exact distance table, and the IDA* trace reaching the goal on the
//! hardest boards under its own budget.

use eight_puzzle_engine::{
    contract::{solve, unrank, Budget, Goal, STATES},
    heuristic::{BuiltIn, Heuristic},
    moves::Metric,
    solve::IdaKind,
    teaching::{ida_trace, solve_weighted, DistanceTable, IdaEnd, IdaSearch, Weight, IDA_BUDGET},
    Board, Shape, Verdict,
};

/// The five heuristics with an incremental form on the 3×3 A*.
const FIVE: [BuiltIn; 5] = [
    BuiltIn::Misplaced,
    BuiltIn::Manhattan,
    BuiltIn::LinearConflict,
    BuiltIn::TwiceManhattan,
    BuiltIn::ManhattanPlusMisplaced,
];

fn written(text: &str) -> Heuristic {
    Heuristic::written(text, &Board::default_goal(Shape::THREE)).unwrap()
}

fn cost(v: &Verdict) -> u32 {
    match v {
        Verdict::Solved(s) => s.cost,
        other => panic!("not solved: {other:?}"),
    }
}

#[test]
fn weighted_costs_are_never_below_the_optimum() {
    let goal = Goal::default();
    let table = DistanceTable::new(goal.board());
    let mut checked = 0;
    let mut longer = 0;
    // Every 4001st rank: 91 boards, both parity classes (the other class is
    // answered by the parity proof).
    for r in (0..STATES as u32).step_by(4001) {
        let b = unrank(r).unwrap();
        let d = table.distance(&b);
        for h in FIVE {
            for w in Weight::ALL {
                // Misplaced at small weights expands up to ~10^5 boards on deep
                // starts; it is sampled on the shallower ones.
                if h == BuiltIn::Misplaced && w.twice() < 4 && d.is_some_and(|d| d > 22) {
                    continue;
                }
                let out = solve_weighted(&b, &goal, h, w, Budget::UNLIMITED).unwrap();
                match d {
                    None => assert!(matches!(out.verdict, Verdict::Unsolvable(_))),
                    Some(d) => {
                        let c = cost(&out.verdict);
                        assert!(c >= d, "{b} {h:?} w={w}: {c} < {d}");
                        if h.lower_bound_in(Metric::Single) && w == Weight::ONE {
                            assert_eq!(c, d, "{b} {h:?}");
                        }
                        longer += u32::from(c > d);
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 1901);
    assert!(longer > 0);
}

#[test]
fn weight_one_manhattan_is_the_contract_search_exactly() {
    let goal = Goal::default();
    for r in (0..STATES as u32).step_by(1009) {
        let b = unrank(r).unwrap();
        let contract = solve(&b, &goal, Budget::UNLIMITED).unwrap();
        let weighted = solve_weighted(
            &b,
            &goal,
            BuiltIn::Manhattan,
            Weight::ONE,
            Budget::UNLIMITED,
        )
        .unwrap();
        assert_eq!(contract.verdict, weighted.verdict, "{b}");
        assert_eq!(contract.stats, weighted.stats, "{b}");
    }
    // Under the contract's budget, too: the same cutoff at the same pop.
    let b = unrank(100_000).unwrap();
    let c = solve(&b, &goal, Budget::new(50)).unwrap();
    let w = solve_weighted(&b, &goal, BuiltIn::Manhattan, Weight::ONE, Budget::new(50)).unwrap();
    assert_eq!((c.verdict, c.stats), (w.verdict, w.stats));
}

#[test]
fn a_weighted_run_by_the_numbers() {
    // The 31-move board at w = 2.5: Manhattan still finds 31 moves,
    // twice Manhattan finds 45 (14 longer).
    let b = eight_puzzle_engine::Board::square(&[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
    let goal = Goal::default();
    let w = eight_puzzle_engine::teaching::parse_weight("2.5").unwrap();
    let m = solve_weighted(&b, &goal, BuiltIn::Manhattan, w, Budget::UNLIMITED).unwrap();
    assert_eq!((cost(&m.verdict), m.stats.expansions), (31, 541));
    let t = solve_weighted(&b, &goal, BuiltIn::TwiceManhattan, w, Budget::UNLIMITED).unwrap();
    assert_eq!((cost(&t.verdict), t.stats.expansions), (45, 272));
    let contract = solve(&b, &goal, Budget::UNLIMITED).unwrap();
    // The contract A* (w = 1) expands 6843 boards: w = 2.5 saves 6302.
    assert_eq!(
        (cost(&contract.verdict), contract.stats.expansions),
        (31, 6843)
    );
}

#[test]
fn the_ida_trace_reaches_the_goal_on_both_31_move_boards() {
    let goal = Goal::default();
    let want = [
        [
            (5, 3, 3),
            (64, 42, 23),
            (383, 249, 135),
            (3259, 2067, 1193),
            (17903, 11094, 6810),
            (1189, 740, 449),
        ],
        // The mirror image across the diagonal: the same five bounded
        // iterations, a different last one.
        [
            (5, 3, 3),
            (64, 42, 23),
            (383, 249, 135),
            (3259, 2067, 1193),
            (17903, 11094, 6810),
            (7116, 4363, 2753),
        ],
    ];
    for (cells, want) in [[8, 6, 7, 2, 5, 4, 3, 0, 1], [6, 4, 7, 8, 5, 0, 3, 2, 1]]
        .into_iter()
        .zip(want)
    {
        let b = eight_puzzle_engine::Board::square(&cells).unwrap();
        let t = ida_trace(&b, &goal, Budget::new(IDA_BUDGET as u32)).unwrap();
        let last = t.events.last().unwrap();
        assert_eq!((last.kind, last.node.g), (IdaKind::Goal, 31), "{b}");
        let thresholds: Vec<u32> = t.iterations.iter().map(|i| i.threshold).collect();
        assert_eq!(thresholds, [21, 23, 25, 27, 29, 31], "{b}");
        let counts: Vec<(u64, u64, u64)> = t
            .iterations
            .iter()
            .map(|i| (i.generated, i.expansions, i.cutoffs))
            .collect();
        assert_eq!(counts, want, "{b}");
        // About 14,000 expansions: past the contract's 10,000.
        assert!(t.iterations.iter().map(|i| i.expansions).sum::<u64>() > 10_000);
        let mut s = IdaSearch::new(&b, &goal, IDA_BUDGET).unwrap();
        s.run();
        assert_eq!(s.end(), Some(IdaEnd::Goal));
    }
}

#[test]
fn a_written_manhattan_is_the_built_in_manhattan_search_exactly() {
    use eight_puzzle_engine::teaching::weighted_astar_trace;
    let written = written("manhattan");
    let b = eight_puzzle_engine::Board::square(&[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
    let goal = Goal::default();
    for twice in [2, 5] {
        let w = Weight::from_twice(twice).unwrap();
        let built_in =
            weighted_astar_trace(&b, &goal, Budget::UNLIMITED, BuiltIn::Manhattan, w).unwrap();
        let mine = weighted_astar_trace(&b, &goal, Budget::UNLIMITED, written.clone(), w).unwrap();
        assert_eq!(built_in.records, mine.records, "w = {w}");
        assert_eq!(built_in.stats, mine.stats, "w = {w}");
        assert_eq!(built_in.to_csv(), mine.to_csv(), "w = {w}");
    }
    // w = 1 (compared above with the contract's own trace): its 6843
    // expansions in 6958 pops.
    let mine = weighted_astar_trace(&b, &goal, Budget::UNLIMITED, written, Weight::ONE).unwrap();
    assert_eq!((mine.stats.expansions, mine.records.len()), (6843, 6958));
}

#[test]
fn an_inadmissible_written_h_states_its_excess() {
    use eight_puzzle_engine::teaching::shortest_text;
    let b = eight_puzzle_engine::Board::square(&[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
    let goal = Goal::default();
    let table = DistanceTable::new(goal.board());
    let triple = written("3*manhattan");
    let out = solve_weighted(&b, &goal, triple, Weight::ONE, Budget::UNLIMITED).unwrap();
    let d = table.distance(&b).unwrap();
    assert_eq!(d, 31);
    // Three times Manhattan at w = 1 finds 35 moves after 577 expansions.
    assert_eq!((cost(&out.verdict), out.stats.expansions), (35, 577));
    assert_eq!(
        shortest_text(cost(&out.verdict), d),
        "not shortest: 4 moves longer than optimal"
    );
}

#[test]
fn a_written_h_that_fails_ends_the_search_with_the_board() {
    use eight_puzzle_engine::teaching::WeightedSearch;
    let b = eight_puzzle_engine::Board::square(&[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
    let goal = Goal::default();
    let h = written("12 / (misplaced - 7)");
    let mut s = WeightedSearch::new(&b, &goal, h, Weight::ONE, Budget::UNLIMITED).unwrap();
    s.run();
    assert!(s.is_finished());
    // Tile 5 is home on the start: misplaced − 7 = 0 there.
    let err = s.outcome().unwrap_err().to_string();
    assert_eq!(
        err,
        "your h has no usable value on [8,6,7,2,5,4,3,0,1]: division by zero (the `/` at character 4)"
    );
    assert_eq!(s.stats().expansions, 0);
    let big = written("manhattan * 1000");
    let err = solve_weighted(&b, &goal, big, Weight::ONE, Budget::UNLIMITED)
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "your h has no usable value on [8,6,7,2,5,4,3,0,1]: h is 21000, above the search's limit of 1000"
    );
}
