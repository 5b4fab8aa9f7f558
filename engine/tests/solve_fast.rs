//! Fast mode: every answer is a legal path that ends on the goal (replayed
//! here by plain moves, apart from the engine's own check), never shorter
//! than the true distance and never below its stated lower bound, on
//! Korf's 24-puzzle instances, random boards of every shape toward the
//! default and a random goal, and exhaustively on the smallest shapes.

mod common;

use common::{all_boards, bfs, moves, Rng};
use eight_puzzle_engine::solve::{korf24, korf_goal, solve_fast, FastSolver, FAST_METHOD};
use eight_puzzle_engine::{check_parity, Board, Move, Shape, Verdict};

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

/// A random board that can reach `goal` (two tiles swapped when it cannot).
fn solvable_board(rng: &mut Rng, goal: &Board) -> Board {
    let b = rng.board(goal.shape());
    if check_parity(&b, goal).is_ok() {
        return b;
    }
    let mut cells = b.cells().to_vec();
    let tiles: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i] != 0)
        .take(2)
        .collect();
    cells.swap(tiles[0], tiles[1]);
    Board::new(goal.shape(), &cells).unwrap()
}

#[test]
fn korf24_every_instance_within_its_bounds() {
    let goal = korf_goal(Shape::FIVE);
    let solver = FastSolver::new(&goal);
    let all = korf24();
    assert_eq!(all.len(), 50);
    let mut total = 0u32;
    for k in &all {
        let out = solver.outcome(&k.start, &goal).unwrap();
        let path = moves(&out.verdict);
        assert!(ends_on(&k.start, &goal, path), "#{}", k.id);
        let (len, lb) = (path.len() as u32, out.lower_bound.unwrap());
        assert!(
            lb <= k.optimal && k.optimal <= len,
            "#{}: {lb} ≤ {} ≤ {len}",
            k.id,
            k.optimal
        );
        total += len;
    }
    // The quality target: mean length at most 1.25 × the published mean
    // (100.78), i.e. a total of at most 6,298 moves over the 50.
    assert!(total <= 6_298, "total length {total}");
    assert_eq!(all.iter().map(|k| k.optimal).sum::<u32>(), 5_039);
}

#[test]
fn random_boards_of_every_shape() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for shape in Shape::all() {
        for goal in [Board::default_goal(shape), rng.board(shape)] {
            let solver = FastSolver::new(&goal);
            for _ in 0..4 {
                let b = solvable_board(&mut rng, &goal);
                let out = solver.outcome(&b, &goal).unwrap();
                assert_eq!(out.method, FAST_METHOD);
                assert!(
                    ends_on(&b, &goal, moves(&out.verdict)),
                    "{shape} {b} → {goal}"
                );
                let fallback = solver.solve_constructive(&b);
                assert!(
                    ends_on(&b, &goal, &fallback),
                    "fallback {shape} {b} → {goal}"
                );
            }
            // The other parity class is Unsolvable, with no path.
            let mut cells = goal.cells().to_vec();
            let tiles: Vec<usize> = (0..cells.len())
                .filter(|&i| cells[i] != 0)
                .take(2)
                .collect();
            cells.swap(tiles[0], tiles[1]);
            let other = Board::new(shape, &cells).unwrap();
            let out = solve_fast(&other, &goal).unwrap();
            assert!(matches!(out.verdict, Verdict::Unsolvable(_)), "{shape}");
            assert_eq!(out.lower_bound, None);
        }
    }
}

#[test]
fn every_start_of_the_smallest_shapes_against_breadth_first_distances() {
    for (w, h) in [(2, 2), (2, 3), (3, 2)] {
        let shape = Shape::new(w, h).unwrap();
        let goal = Board::default_goal(shape);
        let dist = bfs(&goal);
        let solver = FastSolver::new(&goal);
        for b in all_boards(shape) {
            let out = solver.outcome(&b, &goal).unwrap();
            match dist.get(&b) {
                Some(&d) => {
                    let path = moves(&out.verdict);
                    assert!(ends_on(&b, &goal, path), "{b}");
                    let lb = out.lower_bound.unwrap();
                    assert!(
                        lb <= d && d as usize <= path.len(),
                        "{b}: {lb} ≤ {d} ≤ {}",
                        path.len()
                    );
                }
                None => assert!(matches!(out.verdict, Verdict::Unsolvable(_)), "{b}"),
            }
        }
    }
}

#[test]
fn the_same_board_gives_the_same_path() {
    let goal = korf_goal(Shape::FIVE);
    let start = korf24()[0].start;
    assert_eq!(solve_fast(&start, &goal), solve_fast(&start, &goal));
}
