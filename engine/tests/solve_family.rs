//! The optimal solver on every shape against an independent plain
//! breadth-first search: every start of 2×3, 3×2, 2×4, 4×2 and 3×3 (181,440
//! starts), goals with the blank off the corners, a sample of 2×5 and 3×4;
//! solvability against reachability on every board of the small shapes.

mod common;

use common::{all_boards, bfs, cost, Rng};
use eight_puzzle_engine::solve::{
    linear_conflict, manhattan, pdb_estimate, solve_optimal, Estimator, Partition, PatternDb,
};
use eight_puzzle_engine::{check_parity, Board, Shape, Verdict};
use std::sync::Arc;

fn shape(w: usize, h: usize) -> Shape {
    Shape::new(w, h).unwrap()
}

fn db(goal: &Board) -> Arc<PatternDb> {
    Arc::new(PatternDb::build(&Partition::for_goal(goal), goal).unwrap())
}

/// IDA* with the shape's database finds the breadth-first distance from
/// every start that reaches `goal`, and its first bound (the estimate) is
/// at most that distance. Returns the number of starts checked.
fn every_start_is_optimal(goal: &Board) -> usize {
    let dist = bfs(goal);
    let h = Estimator::Pdb(db(goal));
    let Estimator::Pdb(d) = &h else {
        unreachable!()
    };
    for (start, &d_bfs) in &dist {
        let out = solve_optimal(start, goal, &h, None).unwrap();
        assert_eq!(cost(&out.verdict), d_bfs, "{start} → {goal}");
        assert!(pdb_estimate(d, start) <= d_bfs);
    }
    dist.len()
}

#[test]
fn two_by_three_and_two_by_four_every_start_is_optimal() {
    for (w, h, reachable) in [(2, 3, 360), (3, 2, 360), (2, 4, 20_160), (4, 2, 20_160)] {
        let goal = Board::default_goal(shape(w, h));
        assert_eq!(every_start_is_optimal(&goal), reachable, "{w}×{h}");
    }
    // Goals with the blank off the corners (the tile on cell 0 joins the
    // group).
    let s = shape(2, 4);
    let goal = Board::new(s, &[1, 0, 2, 3, 4, 5, 6, 7]).unwrap();
    assert_eq!(every_start_is_optimal(&goal), 20_160);
    let s = shape(3, 2);
    let goal = Board::new(s, &[5, 4, 0, 3, 2, 1]).unwrap();
    assert_eq!(every_start_is_optimal(&goal), 360);
}

/// All 181,440 starts of the 3×3 default goal with the exact one-group
/// table; Manhattan and linear conflict on every 97th of them.
#[test]
fn three_by_three_every_start_is_optimal() {
    let goal = Board::DEFAULT_GOAL;
    assert_eq!(every_start_is_optimal(&goal), 181_440);
    let dist = bfs(&goal);
    let mut starts: Vec<(&Board, &u32)> = dist.iter().collect();
    starts.sort();
    for (start, &d) in starts.into_iter().step_by(97) {
        for h in [Estimator::Manhattan, Estimator::LinearConflict] {
            let out = solve_optimal(start, &goal, &h, None).unwrap();
            assert_eq!(cost(&out.verdict), d, "{start} {}", h.name());
        }
        assert!(manhattan(start, &goal) <= linear_conflict(start, &goal));
        assert!(linear_conflict(start, &goal) <= d);
    }
    // Blank in the centre: 2,000 random reachable starts.
    let centre = Board::square(&[1, 2, 3, 4, 0, 5, 6, 7, 8]).unwrap();
    let dist = bfs(&centre);
    let h = Estimator::Pdb(db(&centre));
    let mut rng = Rng(99);
    for _ in 0..2_000 {
        let start = rng.walk(&centre, 60);
        let out = solve_optimal(&start, &centre, &h, None).unwrap();
        assert_eq!(cost(&out.verdict), dist[&start], "{start}");
    }
}

/// 2×5 and 5×2 (pdb-63): 300 random starts each, against the
/// breadth-first distance over all 1,814,400 reachable boards.
#[test]
fn two_by_five_sample_is_optimal() {
    for (w, h) in [(2, 5), (5, 2)] {
        let goal = Board::default_goal(shape(w, h));
        let dist = bfs(&goal);
        assert_eq!(dist.len(), 1_814_400);
        let pdb = Estimator::Pdb(db(&goal));
        assert_eq!(pdb.name(), "pdb-63");
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for i in 0..300 {
            let start = rng.walk(&goal, 101 + i % 2);
            let out = solve_optimal(&start, &goal, &pdb, None).unwrap();
            assert_eq!(cost(&out.verdict), dist[&start], "{start}");
            if i % 10 == 0 {
                let lc = solve_optimal(&start, &goal, &Estimator::LinearConflict, None).unwrap();
                assert_eq!(cost(&lc.verdict), dist[&start], "{start}");
            }
        }
    }
}

/// 3×4 and 4×3 (pdb-65): the database search and the linear-conflict
/// search (two independent optimal searches) agree on random starts, and
/// the database's first bound is at least Manhattan.
#[test]
fn three_by_four_database_agrees_with_linear_conflict() {
    for (w, h) in [(3, 4), (4, 3)] {
        let goal = Board::default_goal(shape(w, h));
        let pdb = pdb_of(&goal);
        assert_eq!(pdb.name(), "pdb-65");
        let mut rng = Rng(12);
        for i in 0..25 {
            let start = rng.walk(&goal, 20 + i);
            let a = solve_optimal(&start, &goal, &pdb, None).unwrap();
            let b = solve_optimal(&start, &goal, &Estimator::LinearConflict, None).unwrap();
            assert_eq!(cost(&a.verdict), cost(&b.verdict), "{start}");
            assert!(a.progress.initial_h >= manhattan(&start, &goal), "{start}");
        }
    }
}

/// The parity verdict equals breadth-first reachability on every board of
/// the small shapes: exactly half of the boards are joined to the goal.
#[test]
fn solvability_equals_reachability_on_small_shapes() {
    for (w, h) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)] {
        let s = shape(w, h);
        let mut goals = vec![Board::default_goal(s)];
        let mut cells: Vec<u8> = (1..s.cells() as u8).collect();
        cells.insert(1, 0);
        goals.push(Board::new(s, &cells).unwrap());
        for goal in goals {
            let reachable = bfs(&goal);
            let boards = all_boards(s);
            assert_eq!(boards.len(), (1..=s.cells()).product::<usize>());
            assert_eq!(reachable.len() * 2, boards.len(), "{s}");
            for b in boards {
                assert_eq!(
                    check_parity(&b, &goal).is_ok(),
                    reachable.contains_key(&b),
                    "{s}: {b} → {goal}"
                );
            }
        }
    }
}

#[test]
fn unsolvable_on_every_shape_is_proved_not_searched() {
    for s in Shape::up_to(eight_puzzle_engine::shape::OPTIMAL_MAX_CELLS) {
        let goal = Board::default_goal(s);
        let mut cells = goal.cells().to_vec();
        cells.swap(0, 1);
        let start = Board::new(s, &cells).unwrap();
        let out = solve_optimal(&start, &goal, &Estimator::Manhattan, None).unwrap();
        let Verdict::Unsolvable(p) = out.verdict else {
            panic!("{s}")
        };
        assert!(!p.same_parity());
        assert_eq!(p.start_blank_row.is_some(), s.width() % 2 == 0);
        assert_eq!(out.progress.generated, 0);
    }
}

/// The shape's pattern database toward `goal`, as the solver runs it.
fn pdb_of(goal: &eight_puzzle_engine::Board) -> eight_puzzle_engine::solve::Estimator {
    use eight_puzzle_engine::heuristic::{prepared, BuiltIn};
    prepared(&BuiltIn::Pdb.into(), goal)
        .and_then(|r| r.estimator().ok_or_else(|| unreachable!()))
        .unwrap()
}
