//! Boards of 26 to 64 cells (6×6, 7×7, 8×8, 4×9, …): uniformly random boards
//! get fast paths that the independent checker accepts and plain replay
//! confirms; the parity proof's figures on every new shape; the lower
//! bound against exact distances near the goal (a small breadth-first
//! search); optimal search refused with its one sentence; bad boards
//! refused naming the position.

use eight_puzzle_engine::moves::Metric;
use eight_puzzle_engine::shape::OPTIMAL_MAX_CELLS;
use eight_puzzle_engine::solve::{
    linear_conflict, manhattan, multi_tile_manhattan, solve_fast, solve_fast_in, solve_optimal,
    Estimator, FastSolver, FAST_METHOD,
};
use eight_puzzle_engine::space::sample_boards;
use eight_puzzle_engine::{check_parity, parse_board, verify, Board, Move, Shape, Verdict};
use std::collections::HashMap;

fn shape(w: usize, h: usize) -> Shape {
    Shape::new(w, h).unwrap()
}

/// Plain replay: every move legal, the last board the goal.
fn ends_on(start: &Board, goal: &Board, path: &[Move]) -> bool {
    let mut b = *start;
    for &m in path {
        match b.apply(m) {
            Some(n) => b = n,
            None => return false,
        }
    }
    b == *goal
}

#[test]
fn random_big_boards_get_checked_paths() {
    for (s, seed, count) in [
        (shape(6, 6), 35, 2),
        (shape(7, 7), 48, 2),
        (shape(8, 8), 63, 2),
        (shape(4, 9), 36, 2),
        (shape(9, 4), 36, 1),
        (shape(2, 32), 2, 1),
    ] {
        let goal = Board::default_goal(s);
        for start in sample_boards(&goal, count, seed) {
            assert_eq!(start.shape(), s);
            assert!(check_parity(&start, &goal).is_ok());
            let out = solve_fast(&start, &goal).unwrap();
            assert_eq!(out.method, FAST_METHOD);
            let Verdict::Solved(sol) = &out.verdict else {
                panic!("{s}: {:?}", out.verdict)
            };
            // The independent checker, again, and a plain replay.
            let boards = verify(&start, &goal, &sol.moves, sol.cost).unwrap();
            assert_eq!(boards.len(), sol.moves.len() + 1);
            assert_eq!(sol.cost as usize, sol.moves.len());
            assert!(ends_on(&start, &goal, &sol.moves), "{s}");
            let lb = out.lower_bound.unwrap();
            assert_eq!(lb, linear_conflict(&start, &goal).min(sol.cost), "{s}");
            assert!(manhattan(&start, &goal) <= lb, "{s}");
            assert!(lb <= sol.cost, "{s}");
            // Same parity as the path: every move changes Manhattan by one.
            assert_eq!((sol.cost - manhattan(&start, &goal)) % 2, 0, "{s}");
        }
    }
}

#[test]
fn any_goal_of_a_big_board_is_reached() {
    // A goal with the blank in the middle, drawn from the default's class.
    let s = shape(7, 7);
    let goal = sample_boards(&Board::default_goal(s), 1, 77)[0];
    for start in sample_boards(&goal, 2, 78) {
        let out = solve_fast(&start, &goal).unwrap();
        let Verdict::Solved(sol) = &out.verdict else {
            panic!("{:?}", out.verdict)
        };
        assert!(ends_on(&start, &goal, &sol.moves));
        assert!(verify(&start, &goal, &sol.moves, sol.cost).is_ok());
        assert!(out.lower_bound.unwrap() <= sol.cost);
        let fallback = FastSolver::new(&goal).solve_constructive(&start);
        assert!(ends_on(&start, &goal, &fallback));
    }
}

#[test]
fn the_multi_tile_count_of_a_big_board_is_checked_too() {
    let goal = Board::default_goal(shape(6, 6));
    let start = sample_boards(&goal, 1, 9)[0];
    let out = solve_fast_in(&start, &goal, Metric::Multi).unwrap();
    let Verdict::Solved(sol) = &out.verdict else {
        panic!("{:?}", out.verdict)
    };
    assert_eq!(sol.metric, Metric::Multi);
    assert!(out.lower_bound.unwrap() <= sol.cost);
    assert_eq!(
        out.lower_bound.unwrap(),
        multi_tile_manhattan(&start, &goal).min(sol.cost)
    );
}

/// The first two tiles of `b` (not the blank) exchanged: the other class.
fn swap_two(b: &Board) -> Board {
    let mut c = b.cells().to_vec();
    let t: Vec<usize> = (0..c.len()).filter(|&i| c[i] != 0).take(2).collect();
    c.swap(t[0], t[1]);
    Board::new(b.shape(), &c).unwrap()
}

#[test]
fn parity_on_every_shape_past_25_cells() {
    let big: Vec<Shape> = Shape::all()
        .into_iter()
        .filter(|s| s.cells() > OPTIMAL_MAX_CELLS)
        .collect();
    assert_eq!(big.len(), 153 - 38);
    for s in big {
        let goal = Board::default_goal(s);
        // One move away: solvable, and the proof's figures agree.
        let near = goal.apply(Move::Up).unwrap();
        assert!(check_parity(&near, &goal).is_ok(), "{s}");
        let far = swap_two(&goal);
        let proof = check_parity(&far, &goal).unwrap_err();
        // The goal has no inversions; the swap of tiles 1 and 2 makes one.
        assert_eq!((proof.start, proof.goal), (1, 0), "{s}");
        if s.width() % 2 == 0 {
            assert_eq!(proof.start_blank_row, Some(1), "{s}");
            assert_eq!(proof.goal_blank_row, Some(1), "{s}");
        } else {
            assert_eq!(proof.start_blank_row, None, "{s}");
        }
        assert_eq!((proof.start_sum(), proof.goal_sum()), {
            let row = u32::from(s.width() % 2 == 0);
            (1 + row, row)
        });
        // Fast mode answers with the same proof.
        let out = solve_fast(&far, &goal).unwrap();
        assert_eq!(out.verdict, Verdict::Unsolvable(proof), "{s}");
    }
}

/// Every board within `depth` moves of `goal` in `metric`, with its exact
/// distance: a plain breadth-first search.
fn near_goal(goal: &Board, depth: u32, metric: Metric) -> HashMap<Board, u32> {
    let mut dist = HashMap::from([(*goal, 0u32)]);
    let mut layer = vec![*goal];
    for d in 1..=depth {
        let mut next = Vec::new();
        for b in &layer {
            for (_, n) in b.moves_in(metric) {
                if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(n) {
                    e.insert(d);
                    next.push(n);
                }
            }
        }
        layer = next;
    }
    dist
}

#[test]
fn bounds_never_exceed_exact_distances_near_the_goal() {
    for (s, depth) in [(shape(6, 6), 7), (shape(8, 8), 6), (shape(4, 9), 7)] {
        let goal = Board::default_goal(s);
        let dist = near_goal(&goal, depth, Metric::Single);
        assert!(dist.len() > 200, "{s}: {}", dist.len());
        let solver = FastSolver::new(&goal);
        let mut tight = 0;
        for (b, &d) in &dist {
            let lc = linear_conflict(b, &goal);
            assert!(manhattan(b, &goal) <= lc, "{s} {b}");
            assert!(lc <= d, "{s} {b}: {lc} > {d}");
            tight += usize::from(lc == d);
        }
        // Fast mode's bound is the same estimate, and no path of it is
        // shorter than the exact distance (the boards at the far edge).
        for (b, &d) in dist.iter().filter(|(_, &d)| d == depth).take(12) {
            let found = solver.solve(b);
            assert_eq!(found.lower_bound, linear_conflict(b, &goal));
            assert!(found.moves.len() as u32 >= d, "{s} {b}");
        }
        // The bound is exact on most boards this near.
        assert!(tight * 2 > dist.len(), "{s}: {tight} of {}", dist.len());
        let multi = near_goal(&goal, 4, Metric::Multi);
        for (b, &d) in &multi {
            assert!(multi_tile_manhattan(b, &goal) <= d, "{s} {b}");
        }
    }
}

#[test]
fn optimal_search_is_refused_past_25_cells_with_one_sentence() {
    let goal = Board::default_goal(shape(6, 6));
    let start = goal.apply(Move::Up).unwrap();
    let e = solve_optimal(&start, &goal, &Estimator::LinearConflict, None).unwrap_err();
    assert_eq!(e.kind(), "too_large_for_optimal");
    assert_eq!(
        e.to_string(),
        "a 6×6 board has 36 cells and optimal search stops at 25 (5×5), past which an exact search cannot be expected to finish; fast mode gives a verified path with a proved lower bound"
    );
    // 5×5 is still searched.
    let five = Board::default_goal(Shape::FIVE);
    let near = five.apply(Move::Left).unwrap();
    let out = solve_optimal(&near, &five, &Estimator::LinearConflict, None).unwrap();
    assert_eq!(out.lower_bound(), Some(1));
}

#[test]
fn bad_big_boards_are_refused_naming_the_position() {
    let rows = |cells: &[u8]| -> String {
        let rows: Vec<String> = cells
            .chunks(6)
            .map(|r| {
                let v: Vec<String> = r.iter().map(u8::to_string).collect();
                format!("[{}]", v.join(","))
            })
            .collect();
        format!("[{}]", rows.join(","))
    };
    let goal: Vec<u8> = Board::default_goal(shape(6, 6)).cells().to_vec();
    assert!(parse_board(&rows(&goal)).is_ok());
    let mut dup = goal.clone();
    dup[20] = 5;
    assert_eq!(
        parse_board(&rows(&dup)).unwrap_err().to_string(),
        "6×6 board: value 5 appears twice, at position 4 (row 1, column 5) and at position 20 (row 4, column 3), so 21 is missing"
    );
    let mut out = goal.clone();
    out[7] = 36;
    assert_eq!(
        parse_board(&rows(&out)).unwrap_err().to_string(),
        "6×6 board: value 36 at position 7 (row 2, column 2) is outside 0–35"
    );
    let short = &goal[..35];
    let mut text = rows(short);
    text.truncate(text.len() - 1);
    assert_eq!(
        parse_board(&format!("{}]", &text)).unwrap_err().to_string(),
        "row 6 holds 5 values but row 1 holds 6; every row must be as long as the first"
    );
    // A flat list of 36 values is 6×6; of 35, a 6×6 board missing a value.
    let flat: Vec<String> = goal.iter().map(u8::to_string).collect();
    assert_eq!(
        parse_board(&format!("[{}]", flat.join(",")))
            .unwrap()
            .shape(),
        shape(6, 6)
    );
    assert_eq!(
        parse_board(&format!("[{}]", flat[..35].join(",")))
            .unwrap_err()
            .to_string(),
        "6×6 board: only 35 of 36 values given; missing 0"
    );
    // Past 64 cells, and one wide.
    let big: Vec<String> = (0..9)
        .map(|r| {
            let v: Vec<String> = (0..8).map(|c| ((r * 8 + c) % 72).to_string()).collect();
            format!("[{}]", v.join(","))
        })
        .collect();
    assert_eq!(
        parse_board(&format!("[{}]", big.join(",")))
            .unwrap_err()
            .to_string(),
        "9 rows of 8 make 72 cells; the largest board, 8×8, has 64"
    );
    assert_eq!(
        Shape::new(1, 36).unwrap_err().to_string(),
        "a board 1 wide and 36 tall is too thin; every board needs at least 2 columns and 2 rows"
    );
}
